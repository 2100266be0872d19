//! # wwwurl
//!
//! URL handling for C proxy and cache code.
//!
//! The modules hold the behaviour: pure functions on byte slices, no
//! `unsafe`, no libc. It reproduces the WWWOFFLE 2.9 URL routines byte for byte and
//! adds RFC 3986, browser-style and Web Capture tools.
//!
//! ```
//! use wwwurl::bytes::buf::Buf;
//! use wwwurl::rfc3986;
//! use wwwurl::wwwoffle::config::{Compat, Config};
//! use wwwurl::wwwoffle::{hash, split};
//!
//! // WWWOFFLE's canonical URL, and the name of its cache file.
//! let url = split::split_url(&Config::default(), Compat::V29, b"HTTP://Example.COM:80/a/../b")?;
//! assert_eq!(url.name(), b"http://example.com/b");
//! let file = hash::make_hash(url.name());
//! assert_eq!(file.len(), 22);
//!
//! // RFC 3986 reference resolution.
//! let mut target = Buf::new();
//! rfc3986::resolve(b"http://a/b/c/d;p?q", b"../g", &mut target).unwrap();
//! assert_eq!(target, b"http://a/b/g");
//! # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
//! ```
//!
//! The modules, by what they serve, each using only those before it here:
//!
//! - [`bytes`]: byte classes, growing buffers ([`bytes::buf::Buf`]),
//!   output sinks ([`bytes::sink::Sink`]), C's number parsing, MD5;
//! - [`rfc3986`]: the generic syntax (split, resolve, remove dot segments),
//!   and the tools on it: normalisation, relative references, the
//!   browser-style lenient split, Web Capture;
//! - [`whatwg`]: the WHATWG URL Standard; [`query`]: query parameters;
//!   [`nvs`]: No-Vary-Search; [`urlpattern`]: the URL Pattern Standard;
//! - [`wwwoffle`]: WWWOFFLE 2.9's routines and their URL record;
//! - [`profile`]: named canonicalisation profiles over all of them.
//!
//! Every function takes and gives bytes (`&[u8]`, [`bytes::buf::Buf`], a
//! [`bytes::sink::Sink`]): URLs from the network need not be UTF-8.
//!
//! No function aborts when memory runs out: each allocation may fail, and
//! the function then returns [`bytes::buf::NoMemory`] (or an error enum's
//! `NoMemory`), having released what it built. The one exception is
//! `Clone` of [`wwwoffle::url::Url`] and [`wwwoffle::config::Config`],
//! which aborts as `Vec`'s does; `try_clone` is the fallible copy. Output
//! goes into a [`bytes::buf::Buf`], a byte vector whose growth reports the
//! failure, or into any [`bytes::sink::Sink`], such as a fixed buffer
//! ([`bytes::sink::BoundedSink`]) that never allocates.
//!
//! The C libraries (`libwwwurl.a`, `libwwwurl.so`) are built from this
//! crate by the `wwwurl-capi` package of the same workspace (`capi/`), and
//! the command-line tool by `wwwurl-cli` (`cli/`); a Rust program that
//! depends on this crate builds neither (README, "Using it from Rust").
// Every public item is documented (CONTRIBUTING.md).
#![deny(missing_docs)]
// Safe Rust only: the C ABI, in the crate `wwwurl-capi`, is the only place
// for `unsafe`.
#![forbid(unsafe_code)]
// Unit tests may abort when memory runs out: the ban on aborting
// allocations (clippy.toml; CONTRIBUTING.md, "Memory") is the library's.
// Clippy still checks the library itself without this allowance.
#![cfg_attr(
    test,
    allow(
        clippy::disallowed_methods,
        clippy::disallowed_macros,
        clippy::disallowed_types
    )
)]

pub mod bytes;
pub mod nvs;
pub mod profile;
pub mod psl;
pub mod query;
pub mod rfc3986;
pub mod urlpattern;
pub mod whatwg;
pub mod wwwoffle;

#[cfg(test)]
mod test_rng;
