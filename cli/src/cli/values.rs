//! The values of the options of the WWWOFFLE and RFC 3986 subcommands:
//! `canon --profile`, `cachefile --prefix`, the encoder of `encode`,
//! `normalize --only` and the parts `set` changes.

use super::parse::invalid;
use clap::{Args, ValueEnum};
use wwwurl::rfc3986::normalize::Mask;
use wwwurl::rfc3986::Component;
use wwwurl::wwwoffle::edit::Part;

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

core_values! {
    /// The `--only` values of `normalize`: the components that have a
    /// step of their own.
    pub struct NormalizePart(Component) =
        Component::ALL.into_iter().filter(|&c| Mask::of(c).is_some()),
    help: normalize_help,
}

/// What `normalize --help` says the step on a component does.
fn normalize_help(c: Component) -> &'static str {
    match c {
        Component::Scheme => "The scheme, in lower case",
        Component::Userinfo => "Percent-encodings of the user information",
        Component::Host => "The host: percent-encodings, lower case",
        Component::Path => "Percent-encodings and dot segments of the path",
        Component::Query => "Percent-encodings of the query",
        Component::Fragment => "Percent-encodings of the fragment",
        // No step of their own, so not values of --only.
        Component::Authority | Component::User | Component::Password | Component::Port => "",
    }
}

impl NormalizePart {
    /// The component's bit in the normalisation mask.
    pub fn mask(self) -> Mask {
        // Only the components that have a bit are values.
        Mask::of(self.0).unwrap_or(Mask(0))
    }
}

core_values! {
    /// A part of a URL that `set` changes.
    pub struct SetPart(Part) = Part::ALL,
    help: set_help,
    aliases: Part::aliases,
}

/// What `set --help` says a part is.
fn set_help(p: Part) -> &'static str {
    match p {
        Part::Proto => "The scheme (protocol)",
        Part::User => "The user name",
        Part::Pass => "The password",
        Part::Host => "The host, without the port",
        Part::Port => "The port",
        Part::Path => "The path",
        Part::Args => "The query (args), without `?`",
    }
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
