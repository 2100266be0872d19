//! The values of `whatwg`: the attributes `--get` prints and `--set` sets,
//! and the parser of `--base`.

use super::parse::invalid;
use clap::ValueEnum;
use std::ffi::OsString;

/// An attribute `whatwg --get` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WhatwgGet {
    /// The whole URL.
    Href,
    /// The origin.
    Origin,
    /// The scheme and `:`.
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host and `:port`.
    Host,
    /// The host alone.
    Hostname,
    /// The port.
    Port,
    /// The path.
    Pathname,
    /// `?` and the query.
    Search,
    /// `#` and the fragment.
    Hash,
}

/// An attribute `whatwg --set` sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum WhatwgSet {
    /// The whole URL.
    Href,
    /// The scheme.
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The host, and the port when the value has one.
    Host,
    /// The host alone.
    Hostname,
    /// The port.
    Port,
    /// The path.
    Pathname,
    /// The query.
    Search,
    /// The fragment.
    Hash,
}

impl WhatwgSet {
    /// The core's attribute.
    pub fn part(self) -> wwwurl::whatwg::Part {
        use wwwurl::whatwg::Part;
        match self {
            WhatwgSet::Href => Part::Href,
            WhatwgSet::Protocol => Part::Protocol,
            WhatwgSet::Username => Part::Username,
            WhatwgSet::Password => Part::Password,
            WhatwgSet::Host => Part::Host,
            WhatwgSet::Hostname => Part::Hostname,
            WhatwgSet::Port => Part::Port,
            WhatwgSet::Pathname => Part::Pathname,
            WhatwgSet::Search => Part::Search,
            WhatwgSet::Hash => Part::Hash,
        }
    }

    /// The attribute's name, for messages.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
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
