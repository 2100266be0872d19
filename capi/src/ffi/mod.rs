//! The C ABI: the only place with `unsafe` and libc.
//!
//! Every exported function runs its body through [`guard::guard`], so no
//! panic unwinds into C, and turns NULL arguments into a defined result
//! before anything else. The URL rules themselves live in `wwwurl_core`.
//!
//! These are C entry points: C callers have no notion of Rust's `unsafe`, and
//! every pointer argument is checked for NULL and documented in the header,
//! so the functions are declared safe and the raw-pointer lint is allowed.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

// Each module says which C header declares its items: `make` generates the
// headers from exactly these lists (tools/headers), and fails on a module
// that says nothing, so a new file cannot stay out of the header unnoticed
// (CONTRIBUTING.md, "Adding a function to the C API").

/// Header: none.
mod alloc;
/// Header: none.
pub(crate) mod api;
/// Header: none.
mod block;
/// Header: wwwurl.h.
mod config;
/// Header: none.
mod fault;
/// Header: none.
mod guard;
/// Header: none.
mod hooks;
/// Header: wwwurl_legacy.h.
mod legacy;
/// Header: wwwurl_legacy.h.
mod legacy_config;
/// Header: wwwurl_legacy.h.
mod legacy_types;
/// Header: wwwurl.h.
mod modern;
/// Header: wwwurl.h.
mod nvs;
/// Header: wwwurl.h.
mod psl;
/// Header: wwwurl.h.
mod query;
/// Header: wwwurl_legacy.h.
mod record;
/// Header: none.
mod settings;
/// Header: wwwurl.h.
mod standards;
/// Header: wwwurl.h.
mod status;
/// Header: wwwurl.h.
mod types;
/// Header: wwwurl.h.
mod urlpattern;
/// Header: wwwurl.h.
mod urlpattern_result;
/// Header: wwwurl.h.
mod urlpattern_set;
/// Header: wwwurl.h.
mod validation;
/// Header: wwwurl.h.
mod whatwg_url;

/// Every declared function, module by module: what `tools/headers` writes
/// the header entries, man pages and test rows from.
pub static API: &[&[api::Decl]] = &[
    config::DECLS,
    modern::DECLS,
    standards::DECLS,
    query::DECLS,
    whatwg_url::DECLS,
    validation::DECLS,
    nvs::DECLS,
    psl::DECLS,
    urlpattern::DECLS,
    urlpattern_result::DECLS,
    urlpattern_set::DECLS,
];
