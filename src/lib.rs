//! # wwwurl
//!
//! URL handling for C proxy and cache code.
//!
//! [`core`] holds the behaviour: pure functions on byte slices, no `unsafe`,
//! no libc. It reproduces the WWWOFFLE 2.9 URL routines byte for byte and
//! adds RFC 3986, browser-style and Web Capture tools.
//!
//! Every function takes and gives bytes (`&[u8]`, `Vec<u8>`): URLs from
//! the network need not be UTF-8.
//!
//! The C libraries (`libwwwurl.a`, `libwwwurl.so`) are built from this
//! crate by the `wwwurl-capi` package of the same workspace (`capi/`), and
//! the command-line tool by `wwwurl-cli` (`cli/`); a Rust program that
//! depends on this crate builds neither (README, "Using it from Rust").

pub mod core;
