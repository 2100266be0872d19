//! The tests of the command-line tool, as one test program (`cargo test
//! -p wwwurl-cli --test cli`), which runs the built `wwwurl` binary: one
//! module per group of subcommands, over the helpers in `common/`.

mod common;

mod help;
mod io;
mod lint;
mod nvs;
mod psl;
mod query;
mod spool;
mod standards;
mod urlpattern;
mod whatwg;
mod wwwoffle;
