//! The parser of `PART=VALUE` arguments (`set --set`, `whatwg --set`),
//! the values that are entries of the core's name tables
//! (`core_values!`), and what the other value parsers share: cutting at
//! `=`, and a usage error as clap reports its own.

use clap::ValueEnum;
use std::ffi::OsString;

/// Defines `$name`, a value of the command line that is an entry of one of
/// the core's name tables: its values are the entries `$all` gives, in
/// that order, each by the entry's `name` (and its `aliases`, with
/// `aliases`), with the help `$help` gives the entry. So the command line
/// spells no part name of its own, and what `--help`, the man page, the
/// completions and the messages list is the core's table.
macro_rules! core_values {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident($core:ty) = $all:expr,
        help: $help:path $(, aliases: $aliases:path)? $(,)?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $name(pub $core);

        impl clap::ValueEnum for $name {
            fn value_variants<'a>() -> &'a [Self] {
                static ALL: std::sync::LazyLock<Vec<$name>> =
                    std::sync::LazyLock::new(|| $all.into_iter().map($name).collect());
                &ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                let value = clap::builder::PossibleValue::new(self.0.name()).help($help(self.0));
                $(let value = value.aliases($aliases(self.0).iter().copied());)?
                Some(value)
            }
        }
    };
}

/// Reads `PART=VALUE` of a `--set` option, PART one of the values of `T`
/// (its aliases included, in any case), VALUE as bytes.
#[derive(Clone, Copy, Debug)]
pub struct PartValueParser<T> {
    option: &'static str,
    part: std::marker::PhantomData<T>,
}

impl<T> PartValueParser<T> {
    /// The parser of the option named so in messages.
    pub const fn new(option: &'static str) -> Self {
        PartValueParser {
            option,
            part: std::marker::PhantomData,
        }
    }
}

impl<T: ValueEnum + Clone + Send + Sync + 'static> clap::builder::TypedValueParser
    for PartValueParser<T>
{
    type Value = (T, OsString);
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        parse_part_value(value).map_err(|m| invalid(cmd, &format!("{}: {m}", self.option)))
    }
}

/// A usage error with `msg`, as clap reports its own.
pub(super) fn invalid(cmd: &clap::Command, msg: &str) -> clap::Error {
    clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{msg}\n")).with_cmd(cmd)
}

/// `s` cut at its first `=`.
pub(super) fn split_eq(s: &std::ffi::OsStr) -> Option<(&[u8], &[u8])> {
    use std::os::unix::ffi::OsStrExt;
    let b = s.as_bytes();
    let eq = b.iter().position(|&c| c == b'=')?;
    Some((&b[..eq], &b[eq + 1..]))
}

/// `PART=VALUE`, PART one of the values of `T`.
fn parse_part_value<T: ValueEnum>(s: &std::ffi::OsStr) -> Result<(T, OsString), String> {
    use std::os::unix::ffi::OsStrExt;
    let (name, value) = split_eq(s).ok_or_else(|| "expected PART=VALUE".to_string())?;
    let name = std::str::from_utf8(name).map_err(|_| "the part is not text".to_string())?;
    let part = T::from_str(name, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .map(|v| v.get_name().to_owned())
            .collect();
        let list = match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        };
        format!("unknown part `{name}`: {list}")
    })?;
    Ok((part, std::ffi::OsStr::from_bytes(value).to_os_string()))
}
