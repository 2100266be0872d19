//! The behaviour of the library: safe Rust on byte slices, knowing nothing of C.
//!
//! Every function here works on bytes (`&[u8]`), never on `str`: URLs from the
//! network are not guaranteed to be UTF-8, and the historical code treated
//! every byte the same way in the C locale.
#![forbid(unsafe_code)]

pub mod ascii;
pub mod browser;
pub mod cache;
pub mod cnum;
pub mod codec;
pub mod config;
pub mod date;
pub mod form;
pub mod hash;
pub mod host;
pub mod html;
pub mod link;
pub mod normalize;
pub mod path;
pub mod relative;
pub mod rfc3986;
pub mod split;
pub mod url;
pub mod webcapture;
