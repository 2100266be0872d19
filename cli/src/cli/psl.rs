//! The `psl` subcommands: a host's registrable domain or public suffix by
//! the Public Suffix List.

use super::{lines_help, InputOpts};
use clap::{Args, Subcommand};
use std::ffi::OsString;

/// The long help of `psl`, shown under each of its subcommands too.
macro_rules! psl_help {
    () => {
        "\
Each input is a host (or, with --url, a URL) and gives one line: the \
answer, or an empty line where the host has none. Which list: the one \
built into the tool (`wwwurl --version` names its date), or the list file \
of --list, in the list project's format (public_suffix_list.dat). Which \
rules: both sections of the list, the ICANN one and the private one \
(github.io, blogspot.com), or with --icann the ICANN section alone.

The list's algorithm: the prevailing rule is an exception rule (`!`) if one \
matches, and the public suffix is then that rule less its first label; else \
the matching rule of the most labels (`*` matches any one label); else the \
host's last label. The registrable domain is the public suffix and the \
label before it, and a public suffix itself has none. Labels match ASCII \
case-insensitively and in either form, U-label or A-label \
(`xn--85x722f.xn--55qx5d.cn` and its UTF-8 form alike). The answer is the \
tail of the host as given: its own label form, in ASCII lower case (the \
list project's convention), with a trailing dot if the host has one. A \
host has no answer when it is empty or a lone dot, has an empty label (a \
leading dot, two dots), or is an IP address (its last label a number as \
the URL Standard reads IPv4, or with a colon).

With --url, each input is parsed by the WHATWG URL Standard (as `whatwg` \
does) and the answer is the Standard's \"registrable domain\" or \"public \
suffix\" of its host (url.bs section 3.2): in A-labels, lower case, the \
trailing dot kept; an IP address, an opaque host (of a non-special URL), \
the empty host or none have no answer. A URL that does not parse is an \
error: an empty line, its reason on standard error, exit status 1.

An input without an answer is not an error: the exit status stays 0."
    };
}
pub(super) use psl_help;

/// Shown under each `psl` subcommand's help.
const PSL_HELP: &str = concat!(psl_help!(), "\n\n", lines_help!());

/// What every `psl` subcommand takes.
#[derive(Args, Debug, Clone)]
pub struct PslOpts {
    /// Only the ICANN section of the list counts (domains that registries
    /// hand out), not the private one
    #[arg(long)]
    pub icann: bool,
    /// Use this list file instead of the built-in list
    ///
    /// FILE is in the list project's format. One that cannot be read or
    /// is not a list (not UTF-8, a rule with an empty label or a byte no
    /// host has...) is a usage error (status 2), which names its line.
    #[arg(long, value_name = "FILE")]
    pub list: Option<OsString>,
    /// Each input is a URL: the URL Standard's answer for its host
    #[arg(long)]
    pub url: bool,
    /// Hosts (or, with --url, URLs) to look up
    #[arg(value_name = "HOST")]
    pub hosts: Vec<OsString>,
    /// Where else to read inputs
    #[command(flatten)]
    pub input: InputOpts,
}

/// The `psl` subcommands.
#[derive(Subcommand, Debug)]
pub enum PslCmd {
    /// Print the registrable domain (eTLD+1) of each host.
    ///
    /// `www.example.co.uk` gives `example.co.uk`, `a.b.github.io` gives
    /// `b.github.io` (`github.io` with --icann); `co.uk` and `192.0.2.1`
    /// give an empty line.
    #[command(after_help = PSL_HELP)]
    Registrable(PslOpts),
    /// Print the public suffix (eTLD) of each host.
    ///
    /// `www.example.co.uk` gives `co.uk`, `a.b.github.io` gives
    /// `github.io` (`io` with --icann), `co.uk` gives `co.uk`; `192.0.2.1`
    /// gives an empty line.
    #[command(after_help = PSL_HELP)]
    Suffix(PslOpts),
}
