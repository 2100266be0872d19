//! `wwwurl`: the WWWOFFLE 2.9 URL routines and the RFC 3986 tools of the
//! wwwurl library on the command line, for people who run WWWOFFLE caches or
//! canonicalise URL lists in bulk.
//!
//! * [`cli`] declares the subcommands and options (clap); their `--help`
//!   text documents every output format.
//! * [`commands`] turns one input into its output for each subcommand.
//! * [`lines`] feeds the inputs (arguments, then input files or standard
//!   input line by line) through a subcommand, buffers the output and keeps
//!   the exit status; [`pool`] does the same on `--jobs` threads.
//! * [`escape`] is the one escape of control bytes all output goes through.
//! * [`manpage`] makes the man page from the definitions of [`cli`].
//! * [`progress`] draws the `--progress` line and routes every message to
//!   standard error.
//! * [`spool`] checks, lists and migrates WWWOFFLE caches, through [`nofollow`],
//!   which never follows a symbolic link below the spool directory.
//!
//! Inputs and outputs are bytes from end to end: a URL that is not UTF-8
//! comes out exactly as the library made it, control bytes escaped.

#![deny(
    missing_docs,
    clippy::undocumented_unsafe_blocks,
    unsafe_op_in_unsafe_fn
)]

mod cli;
mod commands;
mod ctx;
mod drive;
mod escape;
mod lines;
mod manpage;
mod nofollow;
mod pool;
mod progress;
mod spool;

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors exit with status 2 and --help / --version with 0, inside
    // clap; nothing below sees a bad command line.
    let cli = cli::Cli::parse();
    if stdout_was_closed() {
        let _ = writeln!(
            std::io::stderr().lock(),
            "wwwurl: standard output is closed; nothing could be printed"
        );
        return ExitCode::from(1);
    }
    let ctx = ctx::Ctx::new(&cli);
    match commands::run(&ctx, &cli.command) {
        Ok(lines::Status::Clean) => ExitCode::SUCCESS,
        Ok(lines::Status::SomeFailed) => ExitCode::from(1),
        // The reader of our output has gone (`| head`): nothing left to
        // tell anyone, so end quietly with the status earned so far.
        Err(lines::Fatal::BrokenPipe(lines::Status::Clean)) => ExitCode::SUCCESS,
        Err(lines::Fatal::BrokenPipe(lines::Status::SomeFailed)) => ExitCode::from(1),
        Err(lines::Fatal::Io(msg)) => {
            progress::message(&msg);
            ExitCode::from(1)
        }
    }
}

/// Whether file descriptor 1 was closed when the process started.
///
/// The Rust runtime reopens a closed standard descriptor on `/dev/null`
/// before `main`, so that output would vanish without an error; the check
/// has to run earlier, from the ELF initialisers.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn stdout_was_closed() -> bool {
    use std::sync::atomic::{AtomicBool, Ordering};
    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn check_stdout() {
        // /proc/self/fd lists the open descriptors; without /proc nothing
        // can be told, and the output is taken as open.
        if std::path::Path::new("/proc/self/fd").is_dir()
            && std::fs::symlink_metadata("/proc/self/fd/1").is_err()
        {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    // Run by the C runtime before `main`, hence before the Rust runtime.
    #[used]
    #[link_section = ".init_array"]
    static CHECK_STDOUT: extern "C" fn() = check_stdout;

    CLOSED.load(Ordering::Relaxed)
}

/// Elsewhere the check is not available: a closed standard output goes
/// unnoticed, as in most programs.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn stdout_was_closed() -> bool {
    false
}
