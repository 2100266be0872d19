//! The `spool` subcommands, which work on a WWWOFFLE cache directory.

use super::CompatArg;
use clap::Subcommand;
use std::ffi::OsString;
use std::path::PathBuf;

/// What a spool directory holds and how `spool` reads it: the long help of
/// `spool`, and shown under each of its subcommands' help.
macro_rules! spool_help {
    () => {
        "\
A WWWOFFLE spool directory holds, for each cached URL, \
<proto>/<hostport>/D<hash> (the data) and <proto>/<hostport>/U<hash> (the \
URL as text; a final line end is ignored), hash being MakeHash of the \
split URL's `file` under --compat (see `wwwurl cachefile`). Only \
directories at the second level are host directories, and only files named \
`D` or `U` and 22 characters of the MakeHash alphabet are cache files; \
anything else (such as `outgoing/` or `lasttime/`) is left alone. Paths \
are printed relative to DIR, escaped like all output. Nothing below DIR is \
reached through a symbolic link: a link is reported on standard error as \
`PATH: symbolic link, not followed` and skipped (exit status 1). A URL \
whose protocol or host would not make one plain directory name (empty, \
`.`, `..`, with `/`, a space, a control byte or a byte of 0x80 or more) \
is refused."
    };
}
pub(super) use spool_help;

/// Shown under every `spool` subcommand's help.
const SPOOL_HELP: &str = spool_help!();

/// The `spool` subcommands.
#[derive(Subcommand, Debug)]
pub enum SpoolCmd {
    /// Check that every U file's URL names its own U/D pair.
    ///
    /// Splits and hashes the URL of every U file (with --compat) and prints
    /// one line per problem: `mismatch: PATH: holds URL, whose files are
    /// PATH2` for a URL that names other files (or `mismatch: PATH: holds
    /// URL: REASON`), `orphan: PATH: no D file` or `orphan: PATH: no U
    /// file` for half a pair, `unreadable: PATH: not a regular file` for a
    /// cache file name that is not a regular file. A summary line ends the output.
    /// Exit status 1 if there is any problem.
    #[command(after_help = SPOOL_HELP)]
    Verify {
        /// The spool directory
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },

    /// List the cached URLs (the text of the U files).
    ///
    /// One URL per line, sorted by protocol, host and file name; only the
    /// host directory HOST (a hostport such as `www.foo.com:8080`) when
    /// given.
    #[command(after_help = SPOOL_HELP)]
    Ls {
        /// The spool directory
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Only this host directory
        #[arg(value_name = "HOST")]
        host: Option<OsString>,
    },

    /// Print where URLs are, or would be, cached.
    ///
    /// Prints `STATE PATH` for each URL, PATH being the data file's and
    /// STATE `cached` (U and D files present), `url-only`, `data-only` or
    /// `not-cached`. Exit status 1 unless every URL is cached.
    #[command(after_help = SPOOL_HELP)]
    Find {
        /// The spool directory
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// URLs to look for
        #[arg(value_name = "URL", required = true)]
        urls: Vec<OsString>,
    },

    /// Rename cache files for another WWWOFFLE release (2.9 <-> 2.9h).
    ///
    /// Switching between 2.9 and 2.9h changes the name of every URL with
    /// `&amp;` in its args, so its cached page can no longer be found. For
    /// each U file whose URL names it under --from, works out its name under
    /// --to and prints `rename OLD -> NEW` for the U file and for its D file.
    /// Only prints (--dry-run) unless --apply; then each file gets its new
    /// name with a hard link, which never replaces an existing file, and
    /// loses the old one (an interrupted run leaves both names, which `spool
    /// verify` reports), and a U file is put back if its D file cannot
    /// follow. A file whose URL does not name it under --from is skipped, a
    /// rename onto an existing (or already planned) name is refused; both
    /// are reported on standard error. The whole of a host directory is
    /// planned before anything is renamed, so a dry run prints exactly what
    /// --apply does. A summary line ends the output. Exit status 1 if
    /// anything was skipped or refused. --from and --to take the place of
    /// --compat here.
    #[command(after_help = SPOOL_HELP)]
    Migrate {
        /// The spool directory
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// The release the cache was written by
        #[arg(long, value_enum)]
        from: CompatArg,
        /// The release to rename it for
        #[arg(long, value_enum)]
        to: CompatArg,
        /// Only print the renames (the default)
        #[arg(long, conflicts_with = "apply")]
        dry_run: bool,
        /// Rename the files
        #[arg(long)]
        apply: bool,
    },
}
