//! The `query` subcommands, which read and rewrite the parameters of a
//! query, and their `NAME=VALUE` argument.

use super::parse::{invalid, split_eq};
use super::{lines_help, InputOpts};
use clap::{Args, Subcommand};
use std::ffi::OsString;

/// How the `query` subcommands read and write a query: the long help of
/// `query`, and shown under each of its subcommands' help.
macro_rules! query_help {
    () => {
        "\
Each subcommand acts on the query of each input: the bytes after the first \
`?` and before the first `#` of the URL, or, with --query-only, the whole \
input (less a leading `?`, which is kept). Nothing else is parsed or \
checked, and nothing else changes: the rest of the URL, and every parameter \
the subcommand does not touch, keep their bytes (no `%20` becomes `+`, no \
`,` is escaped, a parameter without `=` stays without it).

The query is read as the URL Standard's application/x-www-form-urlencoded \
parser reads it: split at each `&`, every non-empty piece a parameter, its \
name before the first `=` and its value after it. A NAME given is a decoded \
name, and a parameter has that name when its own decodes (`+` as a space, \
`%XY` as the byte) to the same bytes: `a%62=1` and `ab=2` are both named \
`ab`. In NAME=VALUE the name ends at the first `=`. A VALUE written into a \
query is encoded as the form serializer does (a space as `+`, every byte but \
`A-Z a-z 0-9 * - . _` as `%XY`), unless --verbatim.

A subcommand that changes nothing prints its input as it is. One that \
changes the parameters writes them joined by single `&`s (empty pieces \
dropped); when none is left, the query goes with its `?`, as \
URLSearchParams does. A URL without a query gets one, before its fragment, \
when a parameter is added."
    };
}
pub(super) use query_help;

/// Shown under every `query` subcommand's help.
const QUERY_HELP: &str = concat!(query_help!(), "\n\n", lines_help!());

/// Where the query of an input is, for every `query` subcommand.
#[derive(Args, Debug, Clone, Copy)]
pub struct QueryOpts {
    /// Each input is a query string, not a URL: all of it (less a leading
    /// `?`) is the query, `#` included
    #[arg(long)]
    pub query_only: bool,
}

/// The `query` subcommands.
#[derive(Subcommand, Debug)]
pub enum QueryCmd {
    /// Print the value of a parameter, decoded.
    ///
    /// Prints the value of the first parameter named NAME, decoded as
    /// application/x-www-form-urlencoded (`+` as a space, `%XY` as the
    /// byte): `URLSearchParams.get`. With --all, the values of every
    /// parameter so named, in order, separated by a TAB (a TAB in a value
    /// is printed as `%09`, as every control byte is, unless --raw). A
    /// parameter without `=` has the empty value. When there is no such
    /// parameter the line is empty too: `query count --name NAME` tells
    /// the two apart.
    #[command(after_help = QUERY_HELP)]
    Get {
        /// The parameter's name (decoded)
        #[arg(value_name = "NAME")]
        name: OsString,
        /// Print the value of every parameter so named, TAB-separated
        #[arg(long)]
        all: bool,
        /// Print the values as they are in the query, not decoded
        #[arg(long)]
        verbatim: bool,
        /// URLs (or queries) to read
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Print the number of parameters, or of those with a name.
    ///
    /// Counts the parameters of the query (the pieces between `&`s that
    /// are not empty), or with --name those named NAME; 0 for a URL
    /// without a query.
    #[command(after_help = QUERY_HELP)]
    Count {
        /// Count only the parameters named so (decoded)
        #[arg(long, value_name = "NAME")]
        name: Option<OsString>,
        /// URLs (or queries) to read
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Give a parameter a value, replacing every value it had.
    ///
    /// `URLSearchParams.set`: the first parameter named NAME keeps its
    /// place and its name's bytes and gets VALUE (encoded, and a `=`); the
    /// other parameters so named are removed. When there is none, NAME=VALUE
    /// is added at the end, both encoded. When the only parameter so named
    /// already has that value (decoded), nothing changes.
    #[command(after_help = QUERY_HELP)]
    Set {
        /// The name (decoded) and its new value
        #[arg(value_name = "NAME=VALUE", value_parser = NameValueParser { value_required: true })]
        param: (OsString, Option<OsString>),
        /// Write VALUE into the query as it is, already encoded
        #[arg(long)]
        verbatim: bool,
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Add a parameter at the end.
    ///
    /// `URLSearchParams.append`: NAME=VALUE, both encoded, after the
    /// parameters already there, whatever their names.
    #[command(after_help = QUERY_HELP)]
    Append {
        /// The name and value to add
        #[arg(value_name = "NAME=VALUE", value_parser = NameValueParser { value_required: true })]
        param: (OsString, Option<OsString>),
        /// Write NAME=VALUE into the query as it is, already encoded
        #[arg(long)]
        verbatim: bool,
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Remove the parameters with a name, or with a name and a value.
    ///
    /// `URLSearchParams.delete`: removes every parameter named NAME, or
    /// with NAME=VALUE only those whose value decodes to VALUE.
    #[command(after_help = QUERY_HELP)]
    Delete {
        /// The name (decoded), and the value (decoded) when given
        #[arg(value_name = "NAME[=VALUE]", value_parser = NameValueParser { value_required: false })]
        param: (OsString, Option<OsString>),
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Sort the parameters by name.
    ///
    /// `URLSearchParams.sort`: a stable sort by name, in the Standard's
    /// order (the UTF-16 code units of the decoded names, bytes that are
    /// not UTF-8 read as U+FFFD), so that parameters of the same name keep
    /// their order. Each parameter is written back as it was.
    #[command(after_help = QUERY_HELP)]
    Sort {
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Remove the parameters with given names or name prefixes.
    ///
    /// Removes every parameter whose name (decoded) is one of the --name
    /// values or starts with one of the --prefix values: `--prefix utm_
    /// --name fbclid --name gclid` removes common tracking parameters. At
    /// least one --name or --prefix is required.
    #[command(after_help = QUERY_HELP)]
    Strip {
        /// A name (decoded) to remove; repeatable
        #[arg(
            long = "name",
            value_name = "NAME",
            required_unless_present = "prefixes"
        )]
        names: Vec<OsString>,
        /// A name prefix (decoded) to remove; repeatable
        #[arg(long = "prefix", value_name = "PREFIX")]
        prefixes: Vec<OsString>,
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },

    /// Keep only the parameters with given names or name prefixes.
    ///
    /// Removes every parameter whose name (decoded) is none of the --name
    /// values and starts with none of the --prefix values. At least one
    /// --name or --prefix is required.
    #[command(after_help = QUERY_HELP)]
    Keep {
        /// A name (decoded) to keep; repeatable
        #[arg(
            long = "name",
            value_name = "NAME",
            required_unless_present = "prefixes"
        )]
        names: Vec<OsString>,
        /// A name prefix (decoded) to keep; repeatable
        #[arg(long = "prefix", value_name = "PREFIX")]
        prefixes: Vec<OsString>,
        /// URLs (or queries) to change
        #[arg(value_name = "URL")]
        urls: Vec<OsString>,
        /// Where the query is
        #[command(flatten)]
        query: QueryOpts,
        /// Where else to read inputs
        #[command(flatten)]
        input: InputOpts,
    },
}

/// Reads the `NAME=VALUE` (or `NAME[=VALUE]`) argument of the `query`
/// subcommands, as bytes.
#[derive(Clone, Copy, Debug)]
struct NameValueParser {
    /// Whether the `=VALUE` is required.
    value_required: bool,
}

impl clap::builder::TypedValueParser for NameValueParser {
    type Value = (OsString, Option<OsString>);
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        use std::os::unix::ffi::OsStrExt;
        let os = |b: &[u8]| std::ffi::OsStr::from_bytes(b).to_os_string();
        match split_eq(value) {
            Some((name, value)) => Ok((os(name), Some(os(value)))),
            None if self.value_required => Err(invalid(cmd, "expected NAME=VALUE")),
            None => Ok((value.to_os_string(), None)),
        }
    }
}
