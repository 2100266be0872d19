//! What the header generator (`src/main.rs`) makes of the declarations of
//! capi/src/ffi and of cbindgen's output, by job: the headers made portable
//! C (C89 and C++98 with `-pedantic`) with the declared functions'
//! prototypes (`prototypes.rs`); one section 3 man page per function made
//! from the same documentation comments (`manpages.rs`), so that the
//! headers and the manual cannot drift apart; the C test rows
//! (`test_rows.rs`) and memory rows (`memory_rows.rs`) of the declared
//! functions.

mod manpages;
mod memory_rows;
mod prototypes;
mod test_rows;
#[cfg(test)]
mod tests;

pub use manpages::{
    behaviour_section, functions, man_page, markdown_to_roff, Function, BEHAVIOUR_SECTIONS,
};
pub use memory_rows::{memory_bounds_table, memory_rows, with_bounds_table};
pub use prototypes::{
    c_params, c_return, declaration, header_sources, portable, with_declarations,
};
pub use test_rows::{declared_handles, test_rows};
