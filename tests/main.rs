//! The integration tests of the `wwwurl` crate, as one test program
//! (`cargo test --test core`), so that the library and the helpers in
//! `common/` are compiled and linked once for all of them. Each module is
//! one subject: `cargo test --test core MODULE::` runs one.

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

mod common;
#[path = "common/percent_sets.rs"]
mod percent_sets;
#[path = "common/standards.rs"]
mod standards;

mod browser;
mod diff_rust_url;
mod documents;
mod edit_corpus;
mod fixed_points;
mod linear_time;
mod nvs_draft;
mod percent_encoding;
mod profiles;
mod psl;
mod query_corpus;
mod query_wpt;
mod rfc3986;
mod search_params;
mod urlpattern_wpt;
mod vectors_host;
mod vectors_part1;
mod vectors_url;
mod webcapture;
mod whatwg_corpus;
mod whatwg_diff;
mod whatwg_grammar;
mod whatwg_validate;
mod whatwg_wpt;
