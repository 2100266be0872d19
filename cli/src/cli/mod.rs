//! The command line: subcommands, options and the help text that documents
//! every output format. The man page is made from the same definitions
//! (`manpage.rs`), so prose about an option or a subcommand belongs in
//! these files, in its doc comment: the first paragraph is the `-h`
//! summary, the whole comment the `--help` text and the man page's.
//!
//! This file holds the top-level [`Cli`], the [`Command`] enum of the
//! subcommands, and the options and help texts they share. The groups of
//! subcommands of their own are in `query.rs` and `spool.rs`; the values
//! of `whatwg` in `whatwg.rs`, those of the WWWOFFLE and RFC 3986
//! subcommands in `values.rs`; `parse.rs` reads `PART=VALUE` arguments
//! and makes the values that are entries of the core's name tables.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use wwwurl::wwwoffle::config::{Compat, Config};

#[macro_use]
mod parse;
mod psl;
mod query;
mod spool;
mod urlpattern;
mod values;
mod whatwg;

pub use parse::PartValueParser;
use psl::psl_help;
pub use psl::{PslCmd, PslOpts};
use query::query_help;
pub use query::QueryCmd;
use spool::spool_help;
pub use spool::SpoolCmd;
use urlpattern::match_help;
pub use urlpattern::MatchOpts;
pub use values::{EncodeHow, NormalizePart, Prefix, ProfileParser, SetPart};
use whatwg::WhatwgBaseParser;
pub use whatwg::{WhatwgGet, WhatwgSet};

/// The help heading of the options every subcommand takes.
pub const GLOBAL: &str = "Global options";

/// Shown under every line-oriented subcommand's help (a macro, so that
/// `concat!` can add it to another text).
macro_rules! lines_help {
    () => {
        "\
Processes the arguments, then each line of each --input FILE; with neither, \
each line of standard input (a final CR LF or LF is removed). Writes one \
output line per input. A line that fails (longer than 1 MiB, or with a NUL \
byte for the WWWOFFLE routines) is reported on standard error as \
`wwwurl: line N: ...` (`wwwurl: FILE: line N: ...` for a file) and gives \
an empty output line; the run goes on. Output is written line by line to a \
terminal, else in large blocks, and whenever the input pauses.

Output escape: control bytes 0x00-0x1F and 0x7F, and C1 controls in UTF-8 \
(0xC2 0x80-0x9F), are printed as %XY (upper-case hex), so one input line \
is always one output line; --raw prints them as they are. Other bytes, \
UTF-8 or not, pass through unchanged.

Exit status: 0 if every input succeeded, 1 if any failed or standard output \
could not be written, 2 for bad usage."
    };
}

/// Shown under every line-oriented subcommand's help.
const LINES_HELP: &str = lines_help!();
use lines_help;

/// Shown under the subcommands that print a block per input.
const BLOCKS_HELP: &str = "\
Processes the URL arguments, then each line of each --input FILE; with \
neither, each line of standard input (a final CR LF or LF is removed). \
Prints one block per input, blocks separated by a blank line. A line that \
fails (longer than 1 MiB, or with a NUL byte) is reported on standard \
error as `wwwurl: line N: ...` (`wwwurl: FILE: line N: ...` for a file) \
and prints no block; the run goes on.

Output escape: in every value, control bytes 0x00-0x1F and 0x7F, and C1 \
controls in UTF-8 (0xC2 0x80-0x9F), are printed as %XY (upper-case hex), \
so a value cannot forge a line; --raw prints them as they are. Other \
bytes, UTF-8 or not, pass through unchanged.

Exit status: 0 if every input succeeded, 1 if any failed or standard output \
could not be written, 2 for bad usage.";

/// The version line: the tool's, the Unicode version of the IDNA tables
/// that WHATWG hosts go through and the date of the Public Suffix List
/// built in, so that output can be pinned to all three. Made once, for the
/// life of the process.
fn version_line() -> &'static str {
    // `--version`: `-V` gives the version alone, as the man page does.
    Box::leak(
        format!(
            "{} (IDNA tables of Unicode {}; Public Suffix List of {})",
            env!("CARGO_PKG_VERSION"),
            wwwurl::whatwg::unicode_version(),
            wwwurl::psl::BUILTIN_VERSION
        )
        .into_boxed_str(),
    )
}

/// The top-level command line.
#[derive(Parser, Debug)]
#[command(
    name = "wwwurl",
    version,
    long_version = version_line(),
    propagate_version = true,
    subcommand_required = true,
    arg_required_else_help = true,
    about = "WWWOFFLE 2.9 URL routines, byte for byte, RFC 3986 and WHATWG URL tools",
    long_about = "WWWOFFLE 2.9 URL routines, byte for byte, RFC 3986 and WHATWG URL tools.\n\n\
        `wwwurl` applies the URL routines of WWWOFFLE 2.9 (SplitURL, LinkURL, \
        MakeHash and the percent encoders and decoders) to URLs given as \
        arguments or read from standard input, with exactly the bytes the \
        historical C code produced. Canonical URLs name the files of a WWWOFFLE \
        cache, so one changed byte loses a cached page; the tool is for people \
        who run WWWOFFLE caches or canonicalise URL lists in bulk. It also offers \
        RFC 3986 reference resolution, normalisation, make-relative and component \
        splitting; the WHATWG URL Standard, as browsers parse URLs (`whatwg`, \
        `resolve --browser`, `rfc3986-split --browser`); lossless rewriting of \
        query parameters (`query`); No-Vary-Search cache keys (`nvs`); and the \
        Web Capture canonical form. The `spool` subcommands check, list, search \
        and migrate a WWWOFFLE cache directory.\n\n\
        Each subcommand takes its inputs as arguments, then one per line from the \
        files named with --input; with neither, one per line from standard \
        input, streaming: millions of URLs per second for `canon`. An argument is \
        always an input itself, never a file name. Inputs and outputs are bytes: \
        a URL that is not UTF-8 comes out exactly as the routines made it. Use \
        `--` before an input that starts with `-`.\n\n\
        `wwwurl SUBCOMMAND --help` (or `wwwurl help SUBCOMMAND`) prints the \
        subcommand's options and output format, `-h` a summary.",
    after_help = "Exit status: 0 on success, 1 if any input failed or standard output could not be \
        written, 2 for bad usage.\n\
        Run `wwwurl help SUBCOMMAND` or `wwwurl SUBCOMMAND --help` for its output format."
)]
pub struct Cli {
    /// Which WWWOFFLE release to reproduce: 2.9 turns `&amp;` into `&` in
    /// the args of a URL, 2.9h keeps it
    ///
    /// With 2.9 the canonical args of a URL have every `&amp;` (in any case)
    /// replaced by `&`; with 2.9h they keep it. The canonical URL names the
    /// cache files, so a cache must be read with the release that wrote it
    /// (see `spool migrate`).
    #[arg(long, global = true, value_enum, default_value_t = CompatArg::V29, help_heading = GLOBAL)]
    pub compat: CompatArg,

    /// The host and port that local URLs (`/path`, an empty host) point to
    /// [default: localhost:8080]
    ///
    /// A local URL is one without a host, such as `/path` or `http:///path`.
    /// A value that is empty or has a space, a control byte, a byte above
    /// 0x7E, or one of `/ ? # @` is a usage error.
    #[arg(
        long,
        global = true,
        value_name = "HOST:PORT",
        value_parser = parse_local_host,
        help_heading = GLOBAL
    )]
    pub local_host: Option<Config>,

    /// Print fields and lines byte for byte, without escaping control bytes
    /// (one input line may then print as several lines)
    ///
    /// Without it, each control byte is printed as `%XY` (upper-case hex),
    /// which cannot be told apart from a `%XY` that was in the data.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub raw: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The `--compat` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompatArg {
    /// WWWOFFLE 2.9 (the default).
    #[value(name = "2.9")]
    V29,
    /// WWWOFFLE 2.9h.
    #[value(name = "2.9h")]
    V29h,
}

impl From<CompatArg> for Compat {
    fn from(c: CompatArg) -> Compat {
        match c {
            CompatArg::V29 => Compat::V29,
            CompatArg::V29h => Compat::V29h,
        }
    }
}

/// Validates `--local-host` while parsing, so a bad value is a usage error
/// (status 2) with clap's message, like any other bad option.
fn parse_local_host(s: &str) -> Result<Config, String> {
    let mut c = Config::default();
    c.set_local_host(s.as_bytes()).map_err(|_| {
        "expected a non-empty HOST[:PORT] of printable ASCII without space, '/', '?', '#' or '@'"
            .to_owned()
    })?;
    Ok(c)
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Split URLs with SplitURL and print every field of the record.
    ///
    /// Prints one `field: value` line per field of the WWWOFFLE URL record,
    /// in this order: name, file, proto, hostport, host, port, path, args,
    /// user, pass, original_name, original_path, original_args, hostp,
    /// pathp, original_pathp. A field that is NULL in the C record prints
    /// as `(null)`. `port` is -1 when the hostport has none; hostp and
    /// pathp are byte offsets into name, original_pathp into original_name.
    /// A blank line separates the URLs.
    #[command(after_help = BLOCKS_HELP)]
    Split {
        /// URLs to split
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the canonical URL (the record's `name`), or its form under a
    /// named profile.
    ///
    /// Prints `proto://hostport/path[?args]` as SplitURL makes it: lower-case
    /// protocol and host, no default port, dot segments removed, path and
    /// args re-encoded; without user and password. With `--profile NAME`,
    /// prints the URL's canonical form under that profile instead (`wwwurl
    /// profiles` lists them); a profile's output for a version never
    /// changes. A URL the profile cannot canonicalise gives an empty line, a
    /// message on standard error and exit status 1.
    #[command(after_help = LINES_HELP)]
    Canon {
        /// A canonicalisation profile: a name with its version (`surt/1`),
        /// or a bare name for the newest version
        #[arg(long, value_name = "NAME", value_parser = ProfileParser, hide_possible_values = true)]
        profile: Option<&'static wwwurl::profile::Profile>,
        /// URLs to canonicalise
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the canonical URL with user and password (the record's `file`).
    ///
    /// Like `canon`, with `user[:pass]@` (each encoded with
    /// URLEncodePassword) after `://` when the URL has a user.
    #[command(after_help = LINES_HELP)]
    File {
        /// URLs to canonicalise
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// List the canonicalisation profiles of `canon --profile`.
    ///
    /// One line a profile and version: `NAME/VERSION`, a tab and what it
    /// does. Every version ever released stays listed and callable by its
    /// full name; the bare name means the newest.
    Profiles,

    /// Set parts of URLs and print each result (the record's `file`).
    ///
    /// Splits each URL with SplitURL, then sets each part named by `--set`
    /// (in the order given), then removes each part named by `--unset`. A
    /// part set is what CreateURL makes of the value in that position (a
    /// user or password is %-decoded, a host lower-cased and canonicalised,
    /// a path decoded, encoded and its dot segments removed, a query
    /// recoded); every other part keeps its bytes, except a port that is the
    /// default of a new scheme, which goes. PART is one of scheme (or
    /// proto), user (username), password (pass), host, port, path, query
    /// (args); scheme, host and path cannot be unset. A value that cannot
    /// stand there (a port that is not a number up to 65535, a host with
    /// `/`, `@` or a `:` outside brackets, ...) is reported on standard
    /// error and gives an empty output line and exit status 1.
    #[command(after_help = LINES_HELP)]
    Set {
        /// A part and its new value, e.g. `--set host=example.org`
        #[arg(long = "set", value_name = "PART=VALUE", value_parser = PartValueParser::<SetPart>::new("--set"))]
        set: Vec<(SetPart, OsString)>,
        /// A part to remove: user, password, port or query
        #[arg(long = "unset", value_name = "PART", value_enum)]
        unset: Vec<SetPart>,
        /// URLs to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Resolve links found in a page with LinkURL and print their names.
    ///
    /// Splits BASE (the page's URL) with SplitURL, resolves each REF against
    /// it the way WWWOFFLE does and prints the canonical name of the result.
    /// This is not RFC 3986 resolution (see `resolve`): a link such as `g:h`,
    /// without a `/` after the colon, is relative here, and the page's query
    /// is dropped.
    #[command(after_help = LINES_HELP)]
    Link {
        /// URL of the page the links are found in
        #[arg(value_name = "BASE")]
        base: OsString,
        /// Links to resolve; standard input, one per line, when none
        #[arg(value_name = "REF")]
        refs: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the path of a URL's file in a WWWOFFLE cache.
    ///
    /// Prints `<proto>/<hostport>/<prefix><hash>`, relative to the spool
    /// directory, where hash is MakeHash of the record's `file` (the URL with
    /// user and password): `D` names the data file, `U` the file holding the
    /// URL. A URL whose protocol or host would not make one plain directory
    /// name (empty, `.`, `..`, with a `/` or a control byte, or a protocol
    /// with a byte of 0x80 or more, as in `..://h/x` or `http://..:80x/`) is
    /// refused: the path would leave the spool directory or not have three
    /// components. It is reported on standard error (`the protocol "P" would
    /// not make one plain directory name of the cache path`, or `the host`)
    /// and gives an empty output line and exit status 1.
    #[command(after_help = LINES_HELP)]
    Cachefile {
        /// Which cache file to name
        #[arg(long, value_enum, default_value_t = Prefix::D)]
        prefix: Prefix,
        /// URLs to look up
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Percent-encode strings with one of the WWWOFFLE encoders.
    ///
    /// Prints the string with every byte outside the encoder's set written
    /// as `%XY` (upper-case hex). Exactly one of the encoder flags is
    /// required.
    #[command(after_help = LINES_HELP)]
    Encode {
        /// Which encoder
        #[command(flatten)]
        how: EncodeHow,
        /// Strings to encode
        #[arg(value_name = "STR")]
        strs: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Percent-decode strings (URLDecodeGeneric or URLDecodeFormArgs).
    ///
    /// Each `%` followed by two bytes becomes one byte (a non-hex digit
    /// counts as 0); a `%` with fewer than two bytes after it is copied. The
    /// output ends at the first NUL byte decoded (as the C routine's string
    /// does); decoded control bytes are escaped back to `%XY` unless --raw.
    #[command(after_help = LINES_HELP)]
    Decode {
        /// URLDecodeFormArgs: also turn `+` into a space
        #[arg(long)]
        form: bool,
        /// Strings to decode
        #[arg(value_name = "STR")]
        strs: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print MakeHash of strings (the name WWWOFFLE gives a cache file).
    ///
    /// Prints the MD5 of the bytes in base 64, `/` replaced by `-`, without
    /// padding: 22 characters. WWWOFFLE names its cache files with it (see
    /// `cachefile`).
    #[command(after_help = LINES_HELP)]
    Hash {
        /// Strings to hash
        #[arg(value_name = "STR")]
        strs: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Resolve references against a base URL (RFC 3986 section 5.2).
    ///
    /// Prints the target URI of each REF, with dot segments removed; nothing
    /// else is normalised. Resolution is strict: a REF with the base's scheme
    /// is not made relative. A reference that cannot be resolved is an error
    /// for that input; against a BASE without a scheme, every one is.
    #[command(after_help = LINES_HELP)]
    Resolve {
        /// Resolve the way browsers do: the WHATWG URL Standard's parser,
        /// REF against BASE (`new URL(REF, BASE)`); prints the href
        ///
        /// BASE is parsed first, on its own; when it does not parse, every
        /// REF is an error. Each REF is then parsed against it: leading and
        /// trailing C0 controls and spaces are trimmed and every tab and
        /// newline removed, `\` is read as `/` in a special URL (http,
        /// https, ws, wss, ftp, file), a reference with the base's special
        /// scheme (`http:g`) is relative, and against a base with an opaque
        /// path (`mailto:a@b`) only a fragment resolves. The result is the
        /// href, as `whatwg` prints it: scheme and host lower-cased, IDNA
        /// and IP address normalisation, no default port, dot segments
        /// removed, percent-encoding added where the Standard requires it.
        /// A REF that does not parse is an error for that input. (This
        /// option used to follow the 2010 browser URL parsing draft, which
        /// the Standard has superseded.)
        #[arg(long)]
        browser: bool,
        /// Absolute base URI
        #[arg(value_name = "BASE")]
        base: OsString,
        /// References to resolve; standard input, one per line, when none
        #[arg(value_name = "REF")]
        refs: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Normalise URI references (RFC 3986 section 6.2.2, optionally 6.2.3).
    ///
    /// Prints each reference with the scheme and host in lower case,
    /// percent-encoded unreserved characters (`A-Z a-z 0-9 - . _ ~`) decoded,
    /// other percent-encodings in upper-case hex, and dot segments removed
    /// from the path (unless it is a relative-path reference, whose `..`
    /// only means something against a base). `--only` limits this to some
    /// components; `--scheme-based` also drops an empty port and the
    /// default port of http, https, ws, wss and ftp, and writes `/` for
    /// their empty path. Nothing else changes.
    #[command(after_help = LINES_HELP)]
    Normalize {
        /// Normalise only these components (comma-separated)
        /// [default: all six]
        #[arg(long, value_enum, value_delimiter = ',', value_name = "COMPONENTS")]
        only: Vec<NormalizePart>,
        /// Also normalise by scheme (RFC 3986 section 6.2.3): no empty or
        /// default port, `/` for an empty http(s), ws(s) or ftp path
        ///
        /// The default ports are 80 for http and ws, 443 for https and wss,
        /// 21 for ftp.
        #[arg(long)]
        scheme_based: bool,
        /// URI references to normalise
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the shortest reference to each URL from BASE (RFC 3986 make-relative).
    ///
    /// RFC 3986 section 5.2 run backwards. Prints, for each URL, the shortest
    /// reference that `wwwurl resolve
    /// BASE` turns back into the URL (itself resolved against BASE first, so
    /// it may be relative and loses its dot segments): `g`, `../g`, `/g`,
    /// `?q`, `#f`, the empty line for BASE itself, `//host/path` when only
    /// the authority differs, the URL itself when the scheme differs.
    /// Nothing is decoded or case-folded. A BASE without a scheme is an error
    /// for every input.
    #[command(after_help = LINES_HELP)]
    Relative {
        /// Absolute base URI (the page the links will be found in)
        #[arg(value_name = "BASE")]
        base: OsString,
        /// URLs to make relative; standard input, one per line, when none
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Split URL references into their RFC 3986 components.
    ///
    /// Prints one `component: value` line each, in this order: scheme,
    /// authority, userinfo, user, password, host, port, path, query,
    /// fragment. Values are the input's own bytes (with --browser, the
    /// parsed URL's), delimiters left out; an absent component prints as
    /// `(absent)`, which is not the same as an empty one (for example the
    /// query of `a?`). A blank line separates the URLs.
    ///
    /// The split is the regular expression of RFC 3986 appendix B, the user
    /// information ending at the last `@`, a bracketed IPv6 host and the port
    /// after the last `:` outside the brackets.
    #[command(name = "rfc3986-split", after_help = BLOCKS_HELP)]
    Rfc3986Split {
        /// Split as browsers do: parse with the WHATWG URL Standard and
        /// print the parsed URL's components
        ///
        /// The values are then those of the URL the Standard's parser makes
        /// (as `whatwg` prints it), not the input's bytes: scheme is the
        /// protocol without its `:`; user and password the username and
        /// password; host the hostname (empty for `file:///p`); port the
        /// port, absent when there is none or it is the scheme's default;
        /// path the pathname; query and fragment without their `?` and `#`.
        /// authority is `[userinfo@]host[:port]` and is absent when the host
        /// is null (`mailto:x`); userinfo is `user[:password]` and is
        /// absent, with user, when there are no credentials; password is
        /// absent when empty. A URL that does not parse, a relative
        /// reference included, is an error for that input. (This option
        /// used to follow the 2010 browser URL parsing draft, which the
        /// Standard has superseded.)
        #[arg(long)]
        browser: bool,
        /// URL references to split
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the Web Capture canonical form of URLs (PDF "URL Strings").
    ///
    /// The canonical form of the PDF Reference, "URL Strings": makes the URL
    /// absolute (against BASE, RFC 3986), drops the fragment, lower-cases
    /// scheme and host, drops the host of `file://localhost` and a default
    /// port (80 http, 443 https, 21 ftp), removes dot segments (RFC 1808
    /// section 4); percent-encoding is left as it is. A relative URL without
    /// BASE, and a scheme other than http, https, ftp or file, are errors
    /// for that input.
    #[command(after_help = LINES_HELP)]
    Webcapture {
        /// Resolve relative URLs against this absolute URL
        #[arg(long, value_name = "BASE")]
        base: Option<OsString>,
        /// URLs to canonicalise
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Parse URLs with the WHATWG URL Standard and print their href, or the
    /// attributes named by --get.
    ///
    /// Runs the Standard's API URL parser on each URL (what `new URL(URL,
    /// BASE)` does in a browser), against --base when given, then each
    /// --set in the order given, and prints the href: the URL serialised,
    /// with the scheme and host lower-cased, the host through IDNA (`wwwurl
    /// --version` names the Unicode version of its tables), IPv4 and IPv6
    /// addresses normalised, no default port, dot segments removed, and
    /// each byte outside its component's percent-encode set written as
    /// `%XY`. Leading and trailing C0 controls and spaces are trimmed and
    /// every tab and newline removed first; bytes that are not UTF-8 are
    /// read as U+FFFD. With --get, prints the named attributes instead,
    /// separated by a TAB when there are several.
    ///
    /// A URL that does not parse (a relative reference without --base, an
    /// invalid host or port, a special URL without a host) gives an empty
    /// line, its reason on standard error, such as `wwwurl: argument 1:
    /// invalid host`, and exit status 1; the other inputs are processed.
    /// A --base that does not parse is a usage error (status 2).
    ///
    /// The Standard's setters ignore some values and leave the URL as it
    /// was. Among them: a `port` that does not start with a digit; a
    /// `port`, `username` or `password` on a URL that cannot have one (no
    /// host, an empty host, or `file:`); a `protocol` that is not a scheme,
    /// or that would turn a special scheme (http, https, ws, wss, ftp,
    /// file) into another kind; a `host` or `hostname` that is no valid
    /// host there (empty, for a special URL); a `host`, `hostname` or
    /// `pathname` on a URL with an opaque path (`mailto:x`). Such a --set
    /// is an error for that input (an empty line, `PART "VALUE" is ignored
    /// by the Standard's setter` on standard error, exit status 1), so that
    /// a script never mistakes an unchanged URL for a changed one; and so
    /// is a `host` value whose host is set but whose port is ignored
    /// (`h:x`). With --lenient, both are passed over silently and the URL
    /// is kept as the setter left it, as browsers do. An `href` that does
    /// not parse is an error either way.
    #[command(after_help = LINES_HELP)]
    Whatwg {
        /// Parse each URL against this base URL, which must parse on its
        /// own
        #[arg(long, value_name = "URL", value_parser = WhatwgBaseParser)]
        base: Option<OsString>,
        /// Print these attributes instead of the href, TAB-separated, in
        /// the order given (comma-separated or repeated)
        ///
        /// PART is one of href, origin, protocol, username, password, host
        /// (with the port), hostname, port, pathname, search (with its `?`),
        /// hash (with its `#`): the URL API's attributes, empty when the
        /// URL has none. origin is `scheme://host[:port]` for http, https,
        /// ws, wss and ftp, that of the inner URL for blob, and `null`
        /// otherwise (file included).
        #[arg(long, value_enum, value_delimiter = ',', value_name = "PART")]
        get: Vec<WhatwgGet>,
        /// Run the setter of an attribute, e.g. `--set pathname=/a b`;
        /// repeatable, applied in order
        ///
        /// PART is one of href, protocol, username, password, host,
        /// hostname, port, pathname, search, hash; the value is used as
        /// the URL API's setter would (a `search` with or without its `?`,
        /// an empty `port`, `search` or `hash` removes it).
        #[arg(long = "set", value_name = "PART=VALUE", value_parser = PartValueParser::<WhatwgSet>::new("--set"))]
        set: Vec<(WhatwgSet, OsString)>,
        /// Let the setters ignore values silently, as browsers do
        #[arg(long)]
        lenient: bool,
        /// URLs to parse
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Report the WHATWG URL Standard's validation errors in URLs, one URL
    /// a line, as a compiler reports its diagnostics.
    ///
    /// Reads each FILE (`-` is standard input; standard input when there is
    /// none) one URL a line, a final CR LF or LF removed, empty lines
    /// skipped, and runs the Standard's parser on each (against --base when
    /// given) noting every validation error it meets, in order, repeats
    /// included. Each is a line
    ///
    /// `FILE:LINE:COLUMN: SEVERITY: NAME: MESSAGE: "TEXT"`
    ///
    /// FILE is `<stdin>` for standard input; COLUMN counts bytes from 1;
    /// SEVERITY is `error` for the error at which the parser returned
    /// failure (the URL is no URL: the last error of its line) and `warning`
    /// for every other; NAME is the Standard's name of the error (such as
    /// `invalid-URL-unit`, `IPv4-empty-part`, `host-missing`), MESSAGE says
    /// what it means, TEXT is the bytes of the line it is about (left out
    /// where something is missing; control bytes escaped as %XY). A URL
    /// with no error is a valid URL string and prints nothing. With
    /// --strict, a URL that is not a valid URL string though no error names
    /// why (bytes that are not UTF-8, a domain that IDNA maps to an IPv4
    /// address) gets the line `FILE:LINE:1: error: not a valid URL string`.
    ///
    /// At the end, a summary: the URLs read, how many failed to parse, how
    /// many are not valid URL strings, the validation errors, then each
    /// name met with its count, most frequent first.
    ///
    /// With --json, each error is one JSON object on a line, with the keys
    /// `file`, `line`, `column`, `start` and `end` (the bytes of the line it
    /// is about, from 0, `end` excluded), `severity`, `name`, `fatal`
    /// (whether the parser failed there), `message` and `text`; the summary
    /// is the last line, `{"summary":{"urls":N,"failures":N,"not_valid":N,
    /// "errors":N,"by_name":{NAME:N,...}}}`.
    ///
    /// Exit status: 0 when every URL parses (with --strict: when every URL
    /// is a valid URL string), 1 otherwise or when a file could not be read
    /// (reported on standard error, the run goes on), 2 for bad usage.
    Lint {
        /// Parse each URL against this base URL, which must parse on its
        /// own: relative URLs are then valid
        #[arg(long, value_name = "URL", value_parser = WhatwgBaseParser)]
        base: Option<OsString>,
        /// Print each error as a JSON object on a line, and the summary as
        /// the last one
        #[arg(long)]
        json: bool,
        /// Exit with status 1 when any URL is not a valid URL string, not
        /// only when one fails to parse
        #[arg(long)]
        strict: bool,
        /// Files of URLs, one a line; `-` is standard input [default:
        /// standard input]
        #[arg(value_name = "FILE")]
        files: Vec<OsString>,
    },

    /// Filter URLs by URL patterns (the URL Pattern Standard), as grep
    /// filters lines; with --set, the rules of a file that each URL matches
    #[command(
        long_about = concat!(
            "Filter URLs by URL patterns (the URL Pattern Standard), as grep filters lines; \
             with --set, the rules of a file that each URL matches.\n\n",
            match_help!()
        )
    )]
    Match(MatchOpts),

    /// Read and rewrite the query parameters of URLs, losslessly
    #[command(
        subcommand,
        long_about = concat!(
            "Read and rewrite the query parameters of URLs, losslessly.\n\n",
            query_help!()
        )
    )]
    Query(QueryCmd),

    /// Print the No-Vary-Search cache key of URLs under a header value.
    ///
    /// HEADER is the value of a response's `No-Vary-Search` field
    /// (draft-ietf-httpbis-no-vary-search), such as `params=("utm_source"
    /// "utm_medium"), key-order`. Each URL is parsed by the WHATWG URL
    /// Standard, as `whatwg` does (--as-is takes it as it is), and its key
    /// printed: two URLs have the same key exactly when the draft makes
    /// them equivalent, so that a response cached for one may serve the
    /// other. The key is the URL up to its query, then the query as HEADER
    /// has it compared; the fragment is never part of it. Under the default
    /// config (no `params`, `except` or `key-order`; `params=()`;
    /// `key-order=?0`) the query is kept as it is, `?` included. Under any
    /// other, it is read by the form parser (names and values decoded, then
    /// read as UTF-8), the parameters that do not vary the response are
    /// dropped (those of `params`, or all but those of `except`), the rest
    /// sorted by name (stably) when `key-order` is set, and the list written
    /// by the form serializer (`?a=1&b=x+y`, always with `=`); no `?` when
    /// no parameter is left. A lone `key-order` does make the order
    /// irrelevant, as the draft's introduction says (its parsing steps
    /// alone would ignore it).
    ///
    /// A malformed HEADER (not a structured-field dictionary, both `params`
    /// and `except`, a `key-order` that is not a boolean, a `params` that
    /// is not a list of strings) gives the default config, as the draft
    /// says: a warning on standard error says why, once, and the run goes
    /// on with the exit status unchanged. With --strict it is a usage error
    /// (status 2).
    ///
    /// A URL that does not parse gives an empty line, its reason on
    /// standard error and exit status 1.
    #[command(after_help = LINES_HELP)]
    Nvs {
        /// The No-Vary-Search field value (several field lines joined with
        /// `, `)
        #[arg(value_name = "HEADER")]
        header: OsString,
        /// Compare two URLs instead of printing keys: no output, exit
        /// status 0 when they are equivalent under HEADER, 1 when they are
        /// not, 2 when one does not parse
        #[arg(
            long,
            num_args = 2,
            value_names = ["URL1", "URL2"],
            conflicts_with_all = ["urls", "files"]
        )]
        equivalent: Option<Vec<OsString>>,
        /// Take each URL as it is, without parsing it: what comes before
        /// its query is compared byte for byte
        #[arg(long)]
        as_is: bool,
        /// A malformed HEADER is a usage error, not a warning
        #[arg(long)]
        strict: bool,
        /// URLs to key
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Check, list, search and migrate a WWWOFFLE cache (spool directory)
    #[command(
        subcommand,
        long_about = concat!(
            "Check, list, search and migrate a WWWOFFLE cache (spool directory).\n\n",
            spool_help!()
        )
    )]
    Spool(SpoolCmd),

    /// Look hosts up in the Public Suffix List: registrable domains, public
    /// suffixes
    #[command(
        subcommand,
        long_about = concat!(
            "Look hosts up in the Public Suffix List: registrable domains, public suffixes.\n\n",
            psl_help!()
        )
    )]
    Psl(PslCmd),

    /// Print a shell completion script.
    ///
    /// For bash: `wwwurl completions bash > /etc/bash_completion.d/wwwurl`
    /// (or `source <(wwwurl completions bash)`); for zsh, write it as
    /// `_wwwurl` in a directory of $fpath; for fish, as
    /// `~/.config/fish/completions/wwwurl.fish`.
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },

    /// Print the man page, wwwurl(1), in roff.
    ///
    /// The page is made from the same definitions as --help, with the
    /// sections that have no place there (input and output, exit status,
    /// examples). `make` writes it and `make install` installs it; where it
    /// is not installed, `wwwurl manpage | man -l -` shows it.
    Manpage,
}

/// The help heading of the input options of line-oriented subcommands.
pub const INPUT: &str = "Input options";

/// Where a line-oriented subcommand reads its inputs besides its arguments.
#[derive(Args, Debug, Clone)]
pub struct InputOpts {
    /// Read inputs from FILE, one per line, after the arguments; `-` is
    /// standard input; may be repeated
    ///
    /// The files are read in order. One that cannot be opened or read is
    /// reported and the run goes on with the next (exit status 1).
    #[arg(short = 'i', long = "input", value_name = "FILE", help_heading = INPUT)]
    pub files: Vec<OsString>,

    /// Process input lines with N threads; the output keeps the input
    /// order [default: the number of CPUs]
    ///
    /// N is 1 to 1024. The output, and the failure reports, come in input
    /// order whatever N; memory use stays constant: a fixed number of
    /// batches of about 64 KiB of lines is in flight. Arguments are always
    /// processed by one thread.
    #[arg(
        short = 'j',
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..=1024),
        help_heading = INPUT
    )]
    pub jobs: Option<u16>,

    /// Show a progress line on standard error (lines, bytes, rate, time
    /// left); the default when standard error is a terminal and the input
    /// regular files
    ///
    /// The line has the lines done, the bytes read (of the total, with a
    /// percentage, when every input is a regular file), the lines per second
    /// and, when the total is known, the time left. On a terminal it is
    /// redrawn in place five times a second; otherwise a line is printed
    /// every second. A final line gives the totals.
    #[arg(long, help_heading = INPUT)]
    pub progress: bool,

    /// Never show the progress line
    #[arg(long, conflicts_with = "progress", help_heading = INPUT)]
    pub no_progress: bool,
}

impl InputOpts {
    /// `--progress`, `--no-progress` or neither.
    pub fn progress(&self) -> Option<bool> {
        match (self.progress, self.no_progress) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }

    /// The number of threads for input lines.
    pub fn jobs(&self) -> usize {
        match self.jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}
