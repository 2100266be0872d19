//! SplitURL: the historical heuristics that cut a URL string into parts.

use super::config::{Compat, Env};
use super::url::Url;

/// SplitURL (LEGACY.md §8).
pub fn split_url<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Url {
    let _ = (env, compat, s);
    todo!("SplitURL")
}
