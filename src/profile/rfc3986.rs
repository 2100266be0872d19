//! `rfc3986/1` and `rfc3986-scheme/1`: [`crate::normalize::normalize`] with
//! every syntax-based step of RFC 3986 §6.2.2 (case, percent-encoding, dot
//! segments), and with the scheme-based steps of §6.2.3 added (no empty or
//! default port, `/` for an empty http-like path).
//!
//! Every byte string is a URI reference to `normalize`, so neither profile
//! refuses anything; a relative reference is normalised as one (its
//! leading `..` segments stay, see the `normalize` module).

use super::ProfileError;
use crate::buf::Buf;
use crate::normalize::{normalize, Mask};

/// §6.2.2 only.
pub(super) fn syntax(url: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    Ok(normalize(url, Mask::SYNTAX, out)?)
}

/// §6.2.2 and §6.2.3.
pub(super) fn scheme(url: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    Ok(normalize(url, Mask::ALL, out)?)
}
