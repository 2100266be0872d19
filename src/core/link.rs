//! LinkURL: resolving a link found in a page against the page's URL.

use super::config::{Compat, Env};
use super::url::Url;

/// LinkURL (LEGACY.md §8).
pub fn link_url<E: Env + ?Sized>(env: &E, compat: Compat, base: &Url, link: &[u8]) -> Url {
    let _ = (env, compat, base, link);
    todo!("LinkURL")
}
