//! LinkURL: resolving a link found in a page against the page's URL.

use super::config::{Compat, Env};
use super::url::Url;

/// The parts of the page's record that LinkURL reads.
#[derive(Clone, Copy, Debug)]
pub struct LinkBase<'a> {
    /// The page's protocol.
    pub proto: &'a [u8],
    /// The page's canonical `host[:port]`.
    pub hostport: &'a [u8],
    /// The page's canonical path.
    pub path: &'a [u8],
    /// The page's canonical name.
    pub name: &'a [u8],
}

/// LinkURL (LEGACY.md §8).
pub fn link_url<E: Env + ?Sized>(env: &E, compat: Compat, base: &Url, link: &[u8]) -> Url {
    let b = LinkBase {
        proto: base.proto(),
        hostport: base.hostport(),
        path: base.path(),
        name: base.name(),
    };
    link_parts(env, compat, &b, link)
}

/// LinkURL from the parts of the page's record.
pub fn link_parts<E: Env + ?Sized>(env: &E, compat: Compat, base: &LinkBase, link: &[u8]) -> Url {
    let _ = (env, compat, base, link);
    todo!("LinkURL")
}
