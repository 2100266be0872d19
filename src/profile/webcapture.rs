//! `webcapture`: the PDF Web Capture canonical form
//! ([`crate::rfc3986::webcapture::canonical`]) of an absolute URL.
//!
//! A profile has no base URL to resolve against, so a relative URL is
//! refused rather than resolved against a guess; so is a scheme other than
//! http, https, ftp and file, for which the PDF defines no canonical form.
//!
//! Version 2 also refuses a URL that holds a NUL byte. The form leaves
//! every byte as it is, so it would keep the NUL, and a C caller would read
//! two URLs that differ after it as one key; encoding it instead would make
//! `\0` and `%00` one key, which the form never does for other bytes.

use super::ProfileError;
use crate::bytes::buf::Buf;
use crate::rfc3986::webcapture::{self as wc, WebCaptureError};

pub(super) fn canonical(url: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    wc::canonical(url, None, out).map_err(|e| match e {
        WebCaptureError::NoMemory => ProfileError::NoMemory,
        // The same phrases as `WebCaptureError`'s `Display`, as constants
        // that the frozen vectors can record.
        WebCaptureError::RelativeWithoutBase => {
            ProfileError::Refused("relative URL without a base")
        }
        WebCaptureError::BaseNotAbsolute => ProfileError::Refused("base URL has no scheme"),
        WebCaptureError::UnsupportedScheme => {
            ProfileError::Refused("scheme is not http, https, ftp or file")
        }
    })
}

/// Version 2: version 1, with a URL that holds a NUL byte refused.
pub(super) fn canonical_2(url: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    if url.contains(&0) {
        return Err(ProfileError::Refused("URL contains a NUL byte"));
    }
    canonical(url, out)
}
