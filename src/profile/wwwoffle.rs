//! `wwwoffle-2.9/1` and `wwwoffle-2.9h/1`: SplitURL's canonical `name`, the
//! string WWWOFFLE keys its cache by (doc/behaviour.md, SplitURL).
//!
//! SplitURL accepts every byte string (it reads up to the first NUL, as the
//! C code did), so these profiles refuse nothing. The output depends on the
//! environment in [`Options::env`]: a `/path` URL gets its local host, and
//! a default port is dropped by the environment's table.

use super::{Options, ProfileError};
use crate::bytes::buf::Buf;
use crate::wwwoffle::config::Compat;
use crate::wwwoffle::split::split_url;

fn canonical(
    compat: Compat,
    url: &[u8],
    opts: &Options<'_>,
    out: &mut Buf,
) -> Result<(), ProfileError> {
    let u = split_url(opts.env, compat, url)?;
    Ok(out.extend_from_slice(u.name())?)
}

/// WWWOFFLE 2.9: CreateURL turns `&amp;` in the args into `&`.
pub(super) fn canonical_29(
    url: &[u8],
    opts: &Options<'_>,
    out: &mut Buf,
) -> Result<(), ProfileError> {
    canonical(Compat::V29, url, opts, out)
}

/// WWWOFFLE 2.9h: the args keep `&amp;`.
pub(super) fn canonical_29h(
    url: &[u8],
    opts: &Options<'_>,
    out: &mut Buf,
) -> Result<(), ProfileError> {
    canonical(Compat::V29h, url, opts, out)
}
