//! The C ABI: the only place with `unsafe` and libc.
//!
//! Every exported function runs its body through [`guard::guard`], so no
//! panic unwinds into C, and turns NULL arguments into a defined result
//! before anything else. The URL rules themselves live in `crate::core`.
//!
//! These are C entry points: C callers have no notion of Rust's `unsafe`, and
//! every pointer argument is checked for NULL and documented in the header,
//! so the functions are declared safe and the raw-pointer lint is allowed.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod alloc;
mod config;
mod fault;
mod guard;
mod hooks;
mod legacy;
mod modern;
mod record;
mod settings;
mod standards;
mod status;
