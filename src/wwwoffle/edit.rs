//! Changing one part of a record: the one rebuild that AddPasswordURL, the
//! C handle's setters and the tool's `set` share.
//!
//! A record is rebuilt by CreateURL from its components with the one that
//! changes replaced, so that the part set is exactly what CreateURL makes of
//! the value in that position (doc/behaviour.md, CreateURL). The components
//! kept are handed to CreateURL in the form that gives them back: the
//! canonical protocol, hostport, path and args as they are, and the decoded
//! user and password encoded again with URLEncodePassword (which escapes
//! `%`), since CreateURL decodes them once more.
//!
//! ```
//! use wwwurl::wwwoffle::config::{Compat, Config};
//! use wwwurl::wwwoffle::edit::{set_part, Part};
//! use wwwurl::wwwoffle::split::split_url;
//!
//! let env = Config::default();
//! let u = split_url(&env, Compat::V29, b"http://u:p@www.example.com:8080/a?q=1").unwrap();
//! let v = set_part(&env, Compat::V29, u.view(), Part::Host, Some(b"Mirror.ORG")).unwrap();
//! assert_eq!(v.file(), b"http://u:p@mirror.org:8080/a?q=1");
//! let w = set_part(&env, Compat::V29, v.view(), Part::Port, Some(b"80")).unwrap();
//! assert_eq!(w.name(), b"http://mirror.org/a?q=1");
//! ```

use crate::bytes::buf::{Buf, NoMemory};
use crate::rfc3986::Component;
use crate::whatwg::Attribute;
use crate::wwwoffle::codec::{c_prefix, decode_generic_find_nul};
use crate::wwwoffle::config::{Compat, Env};
use crate::wwwoffle::create::{create_parts, create_url, port_colon, Kept, Parts};
use crate::wwwoffle::url::{Field, Url, UrlDest, UrlRef};

/// A part of a record that can be set. The derived parts (`name`, `file`,
/// `hostport`) are rebuilt, never set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The protocol (scheme): letters, digits, `+`, `-` and `.`.
    Proto,
    /// The user name, percent-decoded as CreateURL decodes it; `None` removes it.
    User,
    /// The password, percent-decoded; `None` (or empty) removes it.
    Pass,
    /// The host without the port.
    Host,
    /// The port as decimal digits; `None` removes it.
    Port,
    /// The path.
    Path,
    /// The arguments (query) without `?`; `None` removes them.
    Args,
}

impl Part {
    /// Every settable part.
    pub const ALL: [Part; 7] = [
        Part::Proto,
        Part::User,
        Part::Pass,
        Part::Host,
        Part::Port,
        Part::Path,
        Part::Args,
    ];

    /// The RFC 3986 component that the part is.
    pub const fn component(self) -> Component {
        match self {
            Part::Proto => Component::Scheme,
            Part::User => Component::User,
            Part::Pass => Component::Password,
            Part::Host => Component::Host,
            Part::Port => Component::Port,
            Part::Path => Component::Path,
            Part::Args => Component::Query,
        }
    }

    /// The field of the record that the part is; `None` for the port,
    /// which is no field but the end of the hostport.
    pub const fn field(self) -> Option<Field> {
        match self {
            Part::Proto => Some(Field::Proto),
            Part::User => Some(Field::User),
            Part::Pass => Some(Field::Pass),
            Part::Host => Some(Field::Host),
            Part::Port => None,
            Part::Path => Some(Field::Path),
            Part::Args => Some(Field::Args),
        }
    }

    /// The part that sets the field `f`; `None` for the fields that are
    /// rebuilt, never set (`name`, `file`, `hostport`), and the
    /// `original_*` ones.
    pub fn of_field(f: Field) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.field() == Some(f))
    }

    /// The part's name: its RFC 3986 component's (`"scheme"`,
    /// `"query"`).
    pub const fn name(self) -> &'static str {
        self.component().name()
    }

    /// The other names [`Part::from_name`] takes: the record field's where
    /// it differs (`proto`, `pass`, `args`), and for the user the URL API's
    /// (`username`).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Part::Proto => const { &[Field::Proto.name()] },
            Part::User => const { &[Attribute::Username.name()] },
            Part::Pass => const { &[Field::Pass.name()] },
            Part::Args => const { &[Field::Args.name()] },
            Part::Host | Part::Port | Part::Path => &[],
        }
    }

    /// The part named `name`, by [`Part::name`] or one of its
    /// [`Part::aliases`], exactly as spelt there.
    pub fn from_name(name: &[u8]) -> Option<Part> {
        Part::ALL.into_iter().find(|p| {
            p.name().as_bytes() == name || p.aliases().iter().any(|a| a.as_bytes() == name)
        })
    }
}

/// Why a part was not set; the record is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The value cannot stand in that position: an empty or non-scheme
    /// protocol, a host that is empty or holds `/ ? # @`, a space, a control
    /// byte or a `:` outside brackets, a port that is not 1 to 5 digits up
    /// to 65535, a NUL byte in any value, or no value for a part that every
    /// record has (protocol, host, path).
    Refused,
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for SetError {
    fn from(_: NoMemory) -> SetError {
        SetError::NoMemory
    }
}

/// The components of a record as CreateURL takes them: what a record's
/// fields give, for a handle or a historical record alike.
#[derive(Clone, Copy, Debug)]
pub struct Components<'a> {
    /// The canonical protocol.
    pub proto: &'a [u8],
    /// The canonical hostport.
    pub hostport: &'a [u8],
    /// The canonical path.
    pub path: &'a [u8],
    /// The canonical args, if any.
    pub args: Option<&'a [u8]>,
    /// The decoded user, if any.
    pub user: Option<&'a [u8]>,
    /// The decoded password, if any.
    pub pass: Option<&'a [u8]>,
}

impl<'a> From<UrlRef<'a>> for Components<'a> {
    fn from(u: UrlRef<'a>) -> Components<'a> {
        Components {
            proto: u.proto(),
            hostport: u.hostport(),
            path: u.path(),
            args: u.args(),
            user: u.user(),
            pass: u.pass(),
        }
    }
}

/// What a rebuild changes.
#[derive(Clone, Copy, Debug)]
pub enum Change<'a> {
    /// One part, checked first (see [`SetError::Refused`]).
    Part(Part, Option<&'a [u8]>),
    /// AddPasswordURL: the user and password, both replaced, as given
    /// (either may be `None`), with no check: the historical function
    /// takes any string.
    Userinfo(Option<&'a [u8]>, Option<&'a [u8]>),
}

/// The record `u` with `part` set to `value` (`None` removes an optional
/// part), rebuilt in mode `compat` with the default ports of `env`.
///
/// The part set is what CreateURL makes of `value` in that position; the
/// other components keep their bytes, but for a port that is the default of
/// a new protocol, which CreateURL drops; `name`, `file` and `hostport` are
/// rebuilt, and the `original_*` fields are the components as given to the
/// rebuild. A host or port that CreateURL would only make together with a
/// change to the other (a host that its port turns into another, as
/// CanonicaliseHost does for some numeric hosts) is refused.
pub fn set_part<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    u: UrlRef<'_>,
    part: Part,
    value: Option<&[u8]>,
) -> Result<Url, SetError> {
    rebuild(env, compat, u.into(), Change::Part(part, value))
}

/// The one rebuild of a record from its components `c` with `change`.
///
/// [`Change::Userinfo`] is AddPasswordURL: CreateURL of every component
/// (doc/behaviour.md, AddPasswordURL). [`Change::Part`] is [`set_part`]:
/// CreateURL of the part set, the others copied as they are.
pub fn rebuild<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    c: Components<'_>,
    change: Change<'_>,
) -> Result<Url, SetError> {
    let (part, value) = match change {
        Change::Userinfo(user, pass) => {
            return Ok(create_url(
                env, compat, c.proto, c.hostport, c.path, c.args, user, pass,
            )?);
        }
        Change::Part(part, value) => (part, value),
    };
    check(part, value)?;
    let (host, port) = split_hostport(c.hostport);
    let mut hostport = Buf::new();
    let rebuilt_hostport = matches!(part, Part::Host | Part::Port);
    if rebuilt_hostport {
        let (host, port) = match part {
            Part::Host => (value.unwrap_or_default(), port),
            _ => (host, value),
        };
        hostport.reserve(host.len() + port.map_or(0, |p| p.len() + 1))?;
        hostport.extend_from_slice(host)?;
        if let Some(p) = port {
            hostport.push(b':')?;
            hostport.extend_from_slice(p)?;
        }
    }
    // The user or password set is decoded here as CreateURL decodes it,
    // so that it joins the other one, kept decoded.
    let mut decoded = Buf::new();
    let value = match (part, value) {
        // CreateURL records no password for an empty one.
        (Part::Pass, Some(b"")) => None,
        (Part::User | Part::Pass, Some(v)) => {
            decoded.reserve(v.len())?;
            // A decoded NUL would end the C string there: refused, as a
            // NUL given is.
            if decode_generic_find_nul(v, &mut decoded)? {
                return Err(SetError::Refused);
            }
            Some(&decoded[..])
        }
        _ => value,
    };
    let pick = |p: Part, kept| if part == p { value } else { kept };
    let parts = Parts {
        proto: pick(Part::Proto, Some(c.proto)).unwrap_or_default(),
        hostport: if rebuilt_hostport {
            &hostport
        } else {
            c.hostport
        },
        path: pick(Part::Path, Some(c.path)).unwrap_or_default(),
        args: pick(Part::Args, c.args),
        user: pick(Part::User, c.user),
        pass: pick(Part::Pass, c.pass),
        kept: Kept {
            hostport: !rebuilt_hostport,
            path: part != Part::Path,
            args: part != Part::Args,
            userinfo: true,
        },
        whole: None,
    };
    let url = create_parts(env, compat, &parts, UrlDest)?;
    let (new_host, new_port) = split_hostport(url.hostport());
    let kept_apart = match part {
        Part::Host => new_port == port,
        Part::Port => new_host == host,
        // A port that is the new protocol's default is dropped: the host
        // then stands alone, and must read alone as it read with the port
        // (CanonicaliseHost reads some numeric hosts by their port).
        Part::Proto if new_port.is_none() && port.is_some() => {
            let alone = Parts {
                hostport: host,
                kept: Kept {
                    hostport: false,
                    ..parts.kept
                },
                ..parts
            };
            create_parts(env, compat, &alone, UrlDest)?.hostport() == host
        }
        _ => true,
    };
    if kept_apart {
        Ok(url)
    } else {
        Err(SetError::Refused)
    }
}

/// The host and the port text of a canonical hostport: the port is what
/// follows the colon CreateURL reads the port after (past an IPv6 literal's
/// brackets), present but empty for `host:`.
pub fn split_hostport(hostport: &[u8]) -> (&[u8], Option<&[u8]>) {
    match port_colon(hostport) {
        Some(i) => (&hostport[..i], Some(&hostport[i + 1..])),
        None => (hostport, None),
    }
}

/// Refuses a value that cannot stand in `part`'s position.
fn check(part: Part, value: Option<&[u8]>) -> Result<(), SetError> {
    let Some(v) = value else {
        return match part {
            Part::Proto | Part::Host | Part::Path => Err(SetError::Refused),
            _ => Ok(()),
        };
    };
    // A C string ends at its first NUL: a value holding one would be set
    // cut short, so it is refused rather than silently shortened.
    if c_prefix(v).len() != v.len() {
        return Err(SetError::Refused);
    }
    let ok = match part {
        Part::Proto => {
            !v.is_empty()
                && v.iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        }
        Part::Host => host_ok(v),
        Part::Port => {
            (1..=5).contains(&v.len())
                && v.iter().all(u8::is_ascii_digit)
                && v.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 65535
        }
        Part::User | Part::Pass | Part::Path | Part::Args => true,
    };
    if ok {
        Ok(())
    } else {
        Err(SetError::Refused)
    }
}

/// A host that CreateURL reads as a host and nothing more: not empty, no
/// byte that ends or splits an authority, and a `:` only inside brackets.
fn host_ok(v: &[u8]) -> bool {
    let mut depth = 0u32;
    !v.is_empty()
        && v.iter().all(|&b| {
            match b {
                b'[' => depth += 1,
                b']' => depth = depth.saturating_sub(1),
                b':' if depth == 0 => return false,
                _ => {}
            }
            b > b' ' && b != 0x7f && !matches!(b, b'/' | b'?' | b'#' | b'@' | b'\\')
        })
}

impl UrlRef<'_> {
    /// AddPasswordURL: the same URL rebuilt with a new user and password
    /// (see [`rebuild`]).
    pub fn with_password<E: Env + ?Sized>(
        &self,
        env: &E,
        compat: Compat,
        user: Option<&[u8]>,
        pass: Option<&[u8]>,
    ) -> Result<Url, NoMemory> {
        rebuild(env, compat, (*self).into(), Change::Userinfo(user, pass)).map_err(|_| NoMemory)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwwoffle::config::Config;
    use crate::wwwoffle::split::split_url;

    #[test]
    fn each_name_and_alias_gives_its_part_back() {
        for p in Part::ALL {
            assert_eq!(Part::from_name(p.name().as_bytes()), Some(p));
            for a in p.aliases() {
                assert_eq!(Part::from_name(a.as_bytes()), Some(p), "{a}");
            }
        }
        let names: Vec<(&str, &[&str])> =
            Part::ALL.iter().map(|p| (p.name(), p.aliases())).collect();
        assert_eq!(
            names,
            [
                ("scheme", &["proto"][..]),
                ("user", &["username"]),
                ("password", &["pass"]),
                ("host", &[]),
                ("port", &[]),
                ("path", &[]),
                ("query", &["args"]),
            ]
        );
        for name in [&b"Scheme"[..], b"hostport", b"file", b"fragment", b""] {
            assert_eq!(Part::from_name(name), None);
        }
    }

    #[test]
    fn each_field_that_can_be_set_has_its_part() {
        for p in Part::ALL {
            if let Some(f) = p.field() {
                assert_eq!(Part::of_field(f), Some(p));
            }
        }
        let set: Vec<Field> = Field::ALL
            .into_iter()
            .filter(|&f| Part::of_field(f).is_some())
            .collect();
        assert_eq!(
            set,
            [
                Field::Proto,
                Field::Host,
                Field::Path,
                Field::Args,
                Field::User,
                Field::Pass
            ]
        );
        assert_eq!(Part::Port.field(), None);
    }

    fn url(s: &str) -> Url {
        split_url(&Config::default(), Compat::V29, s.as_bytes()).unwrap()
    }

    fn set(u: &Url, part: Part, v: Option<&str>) -> Result<Url, SetError> {
        set_part(
            &Config::default(),
            Compat::V29,
            u.view(),
            part,
            v.map(str::as_bytes),
        )
    }

    #[test]
    fn each_part_is_set_as_createurl_makes_it() {
        let u = url("http://u:p@h:81/a?q");
        let name =
            |r: Result<Url, SetError>| String::from_utf8(r.unwrap().file().to_vec()).unwrap();
        assert_eq!(
            name(set(&u, Part::Proto, Some("FTP"))),
            "ftp://u:p@h:81/a?q"
        );
        assert_eq!(
            name(set(&u, Part::User, Some("a b"))),
            "http://a%20b:p@h:81/a?q"
        );
        assert_eq!(name(set(&u, Part::User, None)), "http://h:81/a?q");
        assert_eq!(
            name(set(&u, Part::Pass, Some("%41"))),
            "http://u:A@h:81/a?q"
        );
        assert_eq!(name(set(&u, Part::Pass, None)), "http://u@h:81/a?q");
        assert_eq!(
            name(set(&u, Part::Host, Some("EX.org"))),
            "http://u:p@ex.org:81/a?q"
        );
        assert_eq!(
            name(set(&u, Part::Host, Some("[::1]"))),
            "http://u:p@[0:0:0:0:0:0:0:1]:81/a?q"
        );
        assert_eq!(
            name(set(&u, Part::Port, Some("8080"))),
            "http://u:p@h:8080/a?q"
        );
        assert_eq!(name(set(&u, Part::Port, Some("80"))), "http://u:p@h/a?q");
        assert_eq!(name(set(&u, Part::Port, None)), "http://u:p@h/a?q");
        assert_eq!(
            name(set(&u, Part::Path, Some("/x/../y z"))),
            "http://u:p@h:81/y%20z?q"
        );
        assert_eq!(
            name(set(&u, Part::Args, Some("a b"))),
            "http://u:p@h:81/a?a+b"
        );
        assert_eq!(name(set(&u, Part::Args, None)), "http://u:p@h:81/a");
    }

    #[test]
    fn a_new_protocol_drops_its_default_port() {
        let u = url("http://h:21/");
        let v = set(&u, Part::Proto, Some("ftp")).unwrap();
        assert_eq!(v.name(), b"ftp://h/");
        assert_eq!(v.port(), -1);
    }

    #[test]
    fn kept_user_and_password_keep_their_bytes() {
        // The decoded user holds `%41`: encoded again, it survives the
        // decoding of the rebuild.
        let u = url("http://a%2541:p%3Aq@h/");
        assert_eq!(u.user(), Some(&b"a%41"[..]));
        let v = set(&u, Part::Path, Some("/x")).unwrap();
        assert_eq!(v.user(), u.user());
        assert_eq!(v.pass(), Some(&b"p:q"[..]));
        assert_eq!(v.file(), b"http://a%2541:p%3Aq@h/x");
    }

    #[test]
    fn values_that_cannot_stand_there_are_refused() {
        let u = url("http://h/");
        for (part, v) in [
            (Part::Proto, None),
            (Part::Proto, Some("")),
            (Part::Proto, Some("ht:tp")),
            (Part::Host, None),
            (Part::Host, Some("")),
            (Part::Host, Some("a/b")),
            (Part::Host, Some("u@h")),
            (Part::Host, Some("h:80")),
            (Part::Host, Some("h x")),
            (Part::Port, Some("")),
            (Part::Port, Some("8o")),
            (Part::Port, Some("65536")),
            (Part::Port, Some("123456")),
            (Part::Path, None),
            (Part::Args, Some("a\0b")),
        ] {
            assert_eq!(
                set(&u, part, v).err(),
                Some(SetError::Refused),
                "{part:?} {v:?}"
            );
        }
    }

    #[test]
    fn userinfo_is_addpasswordurl() {
        let u = url("http://u:p@h/");
        let env = Config::default();
        let v = rebuild(
            &env,
            Compat::V29,
            u.view().into(),
            Change::Userinfo(Some(b"a@b"), Some(b"c:d")),
        )
        .unwrap();
        let w = u
            .with_password(&env, Compat::V29, Some(b"a@b"), Some(b"c:d"))
            .unwrap();
        assert_eq!(v, w);
        assert_eq!(v.get(Field::File), Some(&b"http://a%40b:c%3Ad@h/"[..]));
    }

    #[test]
    fn split_hostport_reads_the_port_past_brackets() {
        assert_eq!(split_hostport(b"h:80"), (&b"h"[..], Some(&b"80"[..])));
        assert_eq!(split_hostport(b"[::1]:8"), (&b"[::1]"[..], Some(&b"8"[..])));
        assert_eq!(split_hostport(b"[::1]"), (&b"[::1]"[..], None));
        assert_eq!(split_hostport(b"h:"), (&b"h"[..], Some(&b""[..])));
    }
}
