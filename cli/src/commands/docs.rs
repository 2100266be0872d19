//! The subcommands that print what the tool says about itself: `completions`
//! and `manpage`, both made from the definitions of `cli`.

use crate::cli::Cli;
use crate::lines::{write_error, Fatal, Status};
use std::io::Write;

/// `completions`: the completion script for `shell`.
pub(super) fn completions(shell: clap_complete::Shell) -> Result<Status, Fatal> {
    let mut script = Vec::new();
    let mut cmd = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut cmd, "wwwurl", &mut script);
    print(&script)
}

/// `manpage`: wwwurl(1) in roff.
pub(super) fn manpage() -> Result<Status, Fatal> {
    print(&crate::manpage::render())
}

/// Writes `text` to standard output.
fn print(text: &[u8]) -> Result<Status, Fatal> {
    let mut out = std::io::stdout().lock();
    out.write_all(text)
        .and_then(|()| out.flush())
        .map_err(|e| write_error(e, Status::Clean))?;
    Ok(Status::Clean)
}
