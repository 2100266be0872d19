//! The C ABI of wwwurl: the crate behind `libwwwurl.a` and `libwwwurl.so`
//! (and, with the feature `v29h`, `libwwwurl-29h`).
//!
//! It exposes the `wwwurl` crate to C: the historical names and `URL`
//! record (`include/wwwurl_legacy.h`) and the modern `wwwurl_*` functions
//! (`include/wwwurl.h`). The behaviour lives in the `wwwurl` crate; this crate
//! only converts between C and Rust.
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

mod ffi;

/// The table of the functions declared with `#[export]` (`ffi::api`), for the
/// header generator (tools/headers); not part of the C API.
#[doc(hidden)]
pub use ffi::api::{Arg, ArgKind, Decl, HandleKind, RetKind};
pub use ffi::API;
