//! # wwwurl
//!
//! URL handling for C proxy and cache code.
//!
//! * [`core`] holds the behaviour: pure functions on byte slices, no `unsafe`,
//!   no libc. It reproduces the WWWOFFLE 2.9 URL routines byte for byte and
//!   adds RFC 3986, browser-style and Web Capture tools.
//! * `ffi` (not public in Rust) exposes it to C: the historical names and
//!   `URL` record (`include/wwwurl_legacy.h`) and the modern `wwwurl_*`
//!   functions (`include/wwwurl.h`).
//!
//! Data flows one way: C string -> ffi (borrow bytes) -> core -> ffi (copy
//! into `malloc`ed memory) -> C.
// Every public item is documented, every `unsafe` block says why it is
// sound, and an `unsafe fn` spells out its own unsafe operations
// (CONTRIBUTING.md).
#![deny(
    missing_docs,
    clippy::undocumented_unsafe_blocks,
    unsafe_op_in_unsafe_fn
)]
#![allow(non_camel_case_types)]

pub mod core;
mod ffi;
