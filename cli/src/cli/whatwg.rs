//! The values of `whatwg`: the attributes `--get` prints and `--set` sets,
//! and the parser of `--base`.

use super::parse::invalid;
use std::ffi::OsString;
use wwwurl::whatwg::{Attribute, Part};

core_values! {
    /// An attribute `whatwg --get` prints.
    pub struct WhatwgGet(Attribute) = Attribute::ALL,
    help: get_help,
}

/// What `whatwg --help` says an attribute is.
fn get_help(a: Attribute) -> &'static str {
    match a {
        Attribute::Href => "The whole URL",
        Attribute::Origin => "The origin",
        Attribute::Protocol => "The scheme and `:`",
        Attribute::Username => "The username",
        Attribute::Password => "The password",
        Attribute::Host => "The host and `:port`",
        Attribute::Hostname => "The host alone",
        Attribute::Port => "The port",
        Attribute::Pathname => "The path",
        Attribute::Search => "`?` and the query",
        Attribute::Hash => "`#` and the fragment",
    }
}

core_values! {
    /// An attribute `whatwg --set` sets.
    pub struct WhatwgSet(Part) = Part::ALL,
    help: set_help,
}

/// What `whatwg --help` says the setter of an attribute sets.
fn set_help(p: Part) -> &'static str {
    match p {
        Part::Href => "The whole URL",
        Part::Protocol => "The scheme",
        Part::Username => "The username",
        Part::Password => "The password",
        Part::Host => "The host, and the port when the value has one",
        Part::Hostname => "The host alone",
        Part::Port => "The port",
        Part::Pathname => "The path",
        Part::Search => "The query",
        Part::Hash => "The fragment",
    }
}

/// Reads `whatwg --base`: a URL that the WHATWG parser must accept on its
/// own, so that a bad base is a usage error before any input is read.
#[derive(Clone, Copy, Debug)]
pub(super) struct WhatwgBaseParser;

impl clap::builder::TypedValueParser for WhatwgBaseParser {
    type Value = OsString;
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        use std::os::unix::ffi::OsStrExt;
        match wwwurl::whatwg::parse(value.as_bytes(), None) {
            Ok(_) => Ok(value.to_os_string()),
            Err(e) => Err(invalid(
                cmd,
                &format!(
                    "--base: \"{}\" does not parse as a URL: {e}",
                    crate::escape::text(value.as_bytes())
                ),
            )),
        }
    }
}
