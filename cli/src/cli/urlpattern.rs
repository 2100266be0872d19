//! `match`: URLs filtered by URL patterns (the URL Pattern Standard), as
//! grep filters lines; or, with --set, the patterns of a rule file that
//! each URL matches.

use super::whatwg::WhatwgBaseParser;
use super::InputOpts;
use clap::Args;
use std::ffi::OsString;

/// The long help of `match`.
macro_rules! match_help {
    () => {
        "\
A pattern is a URL Pattern Standard constructor string, as JavaScript's \
`new URLPattern(PATTERN, BASE)` takes it: `https://*.example.com/books/:id`, \
`/static/*` (with --base), `*://*/*.:ext(jpg|png)`. A component left out of \
a full pattern matches anything; a relative pattern takes the components \
before its own from --base. Named groups (`:id`) match one path segment or \
one host label; `*` matches anything; `(regexp)` is an ECMAScript regular \
expression; `{...}?` is an optional part. A pattern that does not parse or \
compile is a usage error (status 2) that names it.

Each input line is a URL, parsed by the WHATWG URL Standard (against --base \
when given, as `test(URL, BASE)` takes it). A line that is not a URL matches \
no pattern; it is not an error. A match that exceeds the matching budget \
(a custom regular expression that would backtrack without bound, or an \
input longer than its quantifiers allow) is an error for that line: its \
reason on standard error, exit status 1.

Without --set, each URL that matches at least one PATTERN is printed as it \
was read, and the others are left out. With --exec, the line printed is the \
URL, then, TAB-separated, the groups of the first PATTERN it matches as \
COMPONENT.NAME=VALUE (`pathname.id=42`, `hostname.0=www`), in the \
Standard's order of components; a group that took no part or matched \
nothing is left out.

With --set FILE, FILE holds one pattern a line (empty lines hold none), and \
each URL gives one line: the line numbers of FILE whose patterns it \
matches, in increasing order, separated by spaces; an empty line when it \
matches none. The patterns are compiled once; those with a fixed hostname \
are indexed by it, so that a URL is tried only against the rules of its \
own host and those with a hostname pattern.

Control bytes in the output are escaped as %XY unless --raw. Exit status: \
0 when every input was read and matched within budget, 1 otherwise, 2 for \
bad usage."
    };
}
pub(super) use match_help;

/// What `match` takes.
#[derive(Args, Debug, Clone)]
pub struct MatchOpts {
    /// Resolve relative patterns, and relative input URLs, against this
    /// URL, which must parse on its own
    #[arg(long, value_name = "URL", value_parser = WhatwgBaseParser)]
    pub base: Option<OsString>,
    /// Print the groups of the first pattern each URL matches
    #[arg(long, conflicts_with = "set")]
    pub exec: bool,
    /// The pathname, search and hash match without regard to case (the
    /// pattern option ignoreCase)
    #[arg(long)]
    pub ignore_case: bool,
    /// Read the patterns from FILE, one a line, and print for each URL
    /// the line numbers of those it matches
    #[arg(long, value_name = "FILE", conflicts_with = "patterns")]
    pub set: Option<OsString>,
    /// The patterns; a URL matching any of them is printed
    #[arg(value_name = "PATTERN", required_unless_present = "set")]
    pub patterns: Vec<OsString>,
    /// Where else to read inputs
    #[command(flatten)]
    pub input: InputOpts,
}
