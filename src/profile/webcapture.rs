//! `webcapture/1`: the PDF Web Capture canonical form
//! ([`crate::webcapture::canonical`]) of an absolute URL.
//!
//! A profile has no base URL to resolve against, so a relative URL is
//! refused rather than resolved against a guess; so is a scheme other than
//! http, https, ftp and file, for which the PDF defines no canonical form.

use super::ProfileError;
use crate::buf::Buf;
use crate::webcapture::{self as wc, WebCaptureError};

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
