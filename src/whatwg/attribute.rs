//! The names of the URL API's attributes: the one table that the getters
//! ([`Attribute`], [`Url::get`]) and the setters ([`Part`]) are named by,
//! so that whatever takes an attribute by name (the tool's `whatwg --get`
//! and `--set`, the Python `URL.set`) accepts the same spellings.

use super::{ParseError, Part, Url};
use crate::bytes::buf::Buf;

/// An attribute of the URL API: the getters, [`Attribute::Origin`]
/// included, which has no setter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `href`: the whole URL, serialised.
    Href,
    /// `origin`: `scheme://host[:port]` for the special schemes but `file`,
    /// that of the inner URL for `blob`, `null` otherwise.
    Origin,
    /// `protocol`: the scheme and `:`.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and `:port` when there is a port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: `?` and the query, empty when the query is null or empty.
    Search,
    /// `hash`: `#` and the fragment, empty when the fragment is null or
    /// empty.
    Hash,
}

impl Attribute {
    /// Every attribute, in the order of the URL API's interface (the order
    /// of the C layer's `WWWURL_WHATWG_*` numbers).
    pub const ALL: [Attribute; 11] = [
        Attribute::Href,
        Attribute::Origin,
        Attribute::Protocol,
        Attribute::Username,
        Attribute::Password,
        Attribute::Host,
        Attribute::Hostname,
        Attribute::Port,
        Attribute::Pathname,
        Attribute::Search,
        Attribute::Hash,
    ];

    /// The attribute's name in the URL API (`"hostname"`).
    pub const fn name(self) -> &'static str {
        match self {
            Attribute::Href => "href",
            Attribute::Origin => "origin",
            Attribute::Protocol => "protocol",
            Attribute::Username => "username",
            Attribute::Password => "password",
            Attribute::Host => "host",
            Attribute::Hostname => "hostname",
            Attribute::Port => "port",
            Attribute::Pathname => "pathname",
            Attribute::Search => "search",
            Attribute::Hash => "hash",
        }
    }

    /// The attribute named `name`, exactly as [`Attribute::name`] spells it
    /// (case matters, as in the URL API).
    pub fn from_name(name: &[u8]) -> Option<Attribute> {
        Attribute::ALL
            .into_iter()
            .find(|a| a.name().as_bytes() == name)
    }

    /// The setter of the attribute; `None` for `origin`, which has none.
    pub fn part(self) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.attribute() == self)
    }
}

impl Part {
    /// Every attribute that has a setter, in the order of
    /// [`Attribute::ALL`].
    pub const ALL: [Part; 10] = [
        Part::Href,
        Part::Protocol,
        Part::Username,
        Part::Password,
        Part::Host,
        Part::Hostname,
        Part::Port,
        Part::Pathname,
        Part::Search,
        Part::Hash,
    ];

    /// The attribute that the setter sets.
    pub const fn attribute(self) -> Attribute {
        match self {
            Part::Href => Attribute::Href,
            Part::Protocol => Attribute::Protocol,
            Part::Username => Attribute::Username,
            Part::Password => Attribute::Password,
            Part::Host => Attribute::Host,
            Part::Hostname => Attribute::Hostname,
            Part::Port => Attribute::Port,
            Part::Pathname => Attribute::Pathname,
            Part::Search => Attribute::Search,
            Part::Hash => Attribute::Hash,
        }
    }

    /// The attribute's name in the URL API (`"pathname"`).
    pub const fn name(self) -> &'static str {
        self.attribute().name()
    }

    /// The settable attribute named `name`, exactly as [`Part::name`]
    /// spells it; `None` for `origin` and for any other name.
    pub fn from_name(name: &[u8]) -> Option<Part> {
        Attribute::from_name(name).and_then(Attribute::part)
    }
}

impl Url {
    /// Appends the value of `attribute` to `out`, as the URL API's getter
    /// returns it (see the getter of that name, such as [`Url::hostname`]).
    ///
    /// Errors only as [`Url::origin`] does: when memory runs out, or when
    /// a `blob` URL's path has a domain that needs the absent `idna`
    /// feature.
    pub fn get(&self, attribute: Attribute, out: &mut Buf) -> Result<(), ParseError> {
        let value = match attribute {
            Attribute::Href => self.href(),
            Attribute::Origin => return self.origin(out),
            Attribute::Protocol => self.protocol(),
            Attribute::Username => self.username(),
            Attribute::Password => self.password(),
            Attribute::Host => self.host(),
            Attribute::Hostname => self.hostname(),
            Attribute::Port => self.port(),
            Attribute::Pathname => self.pathname(),
            Attribute::Search => self.search(),
            Attribute::Hash => self.hash(),
        };
        Ok(out.extend_from_slice(value)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_gives_its_attribute_back() {
        for a in Attribute::ALL {
            assert_eq!(Attribute::from_name(a.name().as_bytes()), Some(a));
        }
        for p in Part::ALL {
            assert_eq!(Part::from_name(p.name().as_bytes()), Some(p));
            assert_eq!(p.attribute().part(), Some(p));
        }
        let names: Vec<&str> = Attribute::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(
            names,
            [
                "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
                "pathname", "search", "hash"
            ]
        );
        // Every attribute but origin has a setter, in the same order.
        let settable: Vec<Attribute> = Part::ALL.iter().map(|p| p.attribute()).collect();
        let mut others = Attribute::ALL.to_vec();
        others.retain(|&a| a != Attribute::Origin);
        assert_eq!(settable, others);
        assert_eq!(Attribute::Origin.part(), None);
    }

    #[test]
    fn other_names_are_refused() {
        for name in [&b"origin"[..], b"Href", b"HOST", b"scheme", b"", b"hash\0"] {
            assert_eq!(Part::from_name(name), None, "{:?}", name.escape_ascii());
        }
        assert_eq!(Attribute::from_name(b"origin"), Some(Attribute::Origin));
        assert_eq!(Attribute::from_name(b"searchParams"), None);
    }

    #[test]
    fn get_gives_each_getter() {
        let url = super::super::parse(b"https://u:p@Ex.com:8443/a/b?q=1#f", None).unwrap();
        let got = |a| {
            let mut b = Buf::new();
            url.get(a, &mut b).unwrap();
            String::from_utf8(b.into_vec()).unwrap()
        };
        let want = [
            "https://u:p@ex.com:8443/a/b?q=1#f",
            "https://ex.com:8443",
            "https:",
            "u",
            "p",
            "ex.com:8443",
            "ex.com",
            "8443",
            "/a/b",
            "?q=1",
            "#f",
        ];
        for (a, want) in Attribute::ALL.into_iter().zip(want) {
            assert_eq!(got(a), want, "{}", a.name());
        }
        // Appended, after what the buffer held.
        let mut b = Buf::from_slice(b"x=").unwrap();
        url.get(Attribute::Port, &mut b).unwrap();
        assert_eq!(&b[..], b"x=8443");
    }
}
