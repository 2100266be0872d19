//! `rfc3986` and `rfc3986-scheme`: [`crate::rfc3986::normalize::normalize`] with
//! every syntax-based step of RFC 3986 §6.2.2 (case, percent-encoding, dot
//! segments), and with the scheme-based steps of §6.2.3 added (no empty or
//! default port, `/` for an empty http-like path).
//!
//! Every byte string is a URI reference to `normalize`, so neither profile
//! refuses anything; a relative reference is normalised as one (its
//! leading `..` segments stay, see the `normalize` module).
//!
//! Version 2 is today's `normalize`; version 1 keeps its first edition
//! (`Edition::V1`: an escape after a stray `%` kept, a NUL byte raw).

use super::ProfileError;
use crate::bytes::buf::Buf;
use crate::rfc3986::normalize::{normalize_as, Edition, Mask};

/// §6.2.2 only.
pub(super) fn syntax(url: &[u8], ed: Edition, out: &mut Buf) -> Result<(), ProfileError> {
    Ok(normalize_as(url, Mask::SYNTAX, ed, out)?)
}

/// §6.2.2 and §6.2.3.
pub(super) fn scheme(url: &[u8], ed: Edition, out: &mut Buf) -> Result<(), ProfileError> {
    Ok(normalize_as(url, Mask::ALL, ed, out)?)
}
