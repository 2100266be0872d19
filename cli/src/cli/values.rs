//! The values of the options of the WWWOFFLE and RFC 3986 subcommands:
//! `canon --profile`, `cachefile --prefix`, the encoder of `encode`,
//! `normalize --only` and the parts `set` changes.

use super::parse::invalid;
use clap::{Args, ValueEnum};
use wwwurl::normalize::Mask;

/// The `--prefix` values of `cachefile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Prefix {
    /// The data file (the page as fetched)
    #[value(name = "D")]
    D,
    /// The URL file (the URL the data file holds)
    #[value(name = "U")]
    U,
}

impl Prefix {
    /// The letter WWWOFFLE puts before the hash.
    pub fn letter(self) -> u8 {
        match self {
            Prefix::D => b'D',
            Prefix::U => b'U',
        }
    }
}

/// The encoder of `encode`: exactly one flag.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct EncodeHow {
    /// URLEncodePath: keep `A-Z a-z 0-9 ! $ ( ) * + , - . / : ; = _ ~`
    #[arg(long)]
    pub path: bool,
    /// URLEncodeFormArgs: keep `A-Z a-z 0-9 ! $ ( ) * , - . / : _ | ~`,
    /// a space becomes `+`
    #[arg(long)]
    pub form: bool,
    /// URLEncodePassword: keep `A-Z a-z 0-9 ! $ * + , - . = _ ~`
    #[arg(long)]
    pub password: bool,
    /// URLRecodeFormArgs: normalise an already encoded query (`%7e` -> `~`,
    /// `%2b` -> `%2B`, space -> `+`)
    ///
    /// A `%XY` triple becomes its byte when --form keeps that byte, `+` when
    /// it is a space, else it stays with its two hex digits upper-cased; a
    /// space becomes `+`; `& = ; + ?` are kept.
    #[arg(long)]
    pub recode: bool,
}

/// The `--only` values of `normalize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NormalizePart {
    /// The scheme, in lower case
    Scheme,
    /// Percent-encodings of the user information
    Userinfo,
    /// The host: percent-encodings, lower case
    Host,
    /// Percent-encodings and dot segments of the path
    Path,
    /// Percent-encodings of the query
    Query,
    /// Percent-encodings of the fragment
    Fragment,
}

impl NormalizePart {
    /// The component's bit in the normalisation mask.
    pub fn mask(self) -> Mask {
        match self {
            NormalizePart::Scheme => Mask::SCHEME,
            NormalizePart::Userinfo => Mask::USERINFO,
            NormalizePart::Host => Mask::HOST,
            NormalizePart::Path => Mask::PATH,
            NormalizePart::Query => Mask::QUERY,
            NormalizePart::Fragment => Mask::FRAGMENT,
        }
    }
}

/// A part of a URL that `set` changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SetPart {
    /// The scheme (protocol).
    #[value(alias = "proto")]
    Scheme,
    /// The user name.
    #[value(alias = "username")]
    User,
    /// The password.
    #[value(alias = "pass")]
    Password,
    /// The host, without the port.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query (args), without `?`.
    #[value(alias = "args")]
    Query,
}

/// A profile of `canon --profile`, by its full or bare name. A parser of
/// its own rather than a function, so that it can name every profile to
/// the shell completions.
#[derive(Clone, Copy, Debug)]
pub struct ProfileParser;

impl clap::builder::TypedValueParser for ProfileParser {
    type Value = &'static wwwurl::profile::Profile;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        let s = value.to_string_lossy();
        wwwurl::profile::resolve(&s).ok_or_else(|| {
            let msg = format!(
                "invalid value '{s}' for '--profile <NAME>': unknown profile \
                 (`wwwurl profiles` lists them)"
            );
            invalid(cmd, &msg)
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let profiles = wwwurl::profile::profiles();
        // Each bare name once (the newest version), then every version.
        let bare = profiles
            .iter()
            .filter(|p| wwwurl::profile::resolve(p.name) == Some(*p))
            .map(|p| clap::builder::PossibleValue::new(p.name).help(p.description));
        let full = profiles.iter().map(|p| {
            clap::builder::PossibleValue::new(format!("{}/{}", p.name, p.version))
                .help(p.description)
        });
        Some(Box::new(bare.chain(full)))
    }
}
