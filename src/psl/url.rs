//! The URL Standard's view (url.bs §3.2, "Host miscellaneous"): the public
//! suffix and the registrable domain of a WHATWG URL's host, and the HTML
//! Standard's "same site" of two URLs (doc/psl.md, "URLs").
//!
//! A URL's host is already what the Standard's algorithms take: a domain
//! in A-labels and lower case, with its trailing dot if it has one, which
//! the answers keep. IP addresses, opaque hosts (those of non-special
//! URLs), the empty host and no host have neither answer.

use super::{List, Sections};
use crate::bytes::buf::Buf;
use crate::whatwg::{HostKind, ParseError, Url};

/// The Standard's "public suffix" of `url`'s host: `None` unless the host
/// is a domain.
///
/// ```
/// use wwwurl::psl::{url_public_suffix, url_registrable_domain, List, Sections};
/// use wwwurl::whatwg;
///
/// let url = whatwg::parse("https://sub.example.إختبار./".as_bytes(), None)?;
/// let list = List::builtin();
/// assert_eq!(url_public_suffix(list, &url, Sections::All), Some(&b"xn--kgbechtv."[..]));
/// assert_eq!(url_registrable_domain(list, &url, Sections::All), Some(&b"example.xn--kgbechtv."[..]));
/// # Ok::<(), whatwg::ParseError>(())
/// ```
pub fn url_public_suffix<'u>(list: &List, url: &'u Url, sections: Sections) -> Option<&'u [u8]> {
    host_public_suffix(list, url.host_kind(), url.hostname(), sections)
}

/// [`url_public_suffix`] of a serialised host of the kind `kind` (a
/// URL's `hostname` and [`Url::host_kind`]).
pub fn host_public_suffix<'h>(
    list: &List,
    kind: HostKind,
    host: &'h [u8],
    sections: Sections,
) -> Option<&'h [u8]> {
    let host = (kind == HostKind::Domain).then_some(host)?;
    list.public_suffix(host, sections).map(|s| &host[s..])
}

/// The Standard's "registrable domain" of `url`'s host: `None` unless the
/// host is a domain that is not a public suffix itself.
pub fn url_registrable_domain<'u>(
    list: &List,
    url: &'u Url,
    sections: Sections,
) -> Option<&'u [u8]> {
    host_registrable_domain(list, url.host_kind(), url.hostname(), sections)
}

/// [`url_registrable_domain`] of a serialised host of the kind `kind`.
pub fn host_registrable_domain<'h>(
    list: &List,
    kind: HostKind,
    host: &'h [u8],
    sections: Sections,
) -> Option<&'h [u8]> {
    let host = (kind == HostKind::Domain).then_some(host)?;
    list.registrable_domain(host, sections).map(|s| &host[s..])
}

/// Whether two URLs are *same site*, by the HTML Standard's definition of
/// two origins being same site: their origins are both tuple origins
/// (http, https, ws, wss, ftp, and blob URLs of those) with the same
/// scheme, and *schemelessly same site*: their hosts have the same
/// registrable domain, or, having none, are the same host. The port does
/// not count. A URL with an opaque origin (`file:`, `data:`, a non-special
/// URL) is same site with no other URL, since each parse makes its own
/// opaque origin.
///
/// ```
/// use wwwurl::psl::{same_site, List, Sections};
/// use wwwurl::whatwg::parse;
///
/// let list = List::builtin();
/// let a = parse(b"https://a.example.co.uk:8443/x", None)?;
/// let b = parse(b"https://b.example.co.uk/y", None)?;
/// let c = parse(b"http://b.example.co.uk/y", None)?;
/// assert!(same_site(list, &a, &b, Sections::All)?);
/// assert!(!same_site(list, &a, &c, Sections::All)?); // the scheme differs
/// # Ok::<(), wwwurl::whatwg::ParseError>(())
/// ```
///
/// Errors only when memory runs out, or for a `blob` URL whose inner URL
/// needs the absent `idna` feature.
pub fn same_site(list: &List, a: &Url, b: &Url, sections: Sections) -> Result<bool, ParseError> {
    let (mut oa, mut ob) = (Buf::new(), Buf::new());
    a.origin(&mut oa)?;
    b.origin(&mut ob)?;
    Ok(same_site_origins(list, &oa, &ob, sections))
}

/// [`same_site`] of two serialised origins (the URLs' `origin`
/// attributes).
pub fn same_site_origins(list: &List, a: &[u8], b: &[u8], sections: Sections) -> bool {
    let (Some((scheme_a, host_a)), Some((scheme_b, host_b))) = (tuple(a), tuple(b)) else {
        return false;
    };
    if scheme_a != scheme_b {
        return false;
    }
    let site = |host: &[u8]| list.registrable_domain(host, sections);
    match (site(host_a), site(host_b)) {
        (Some(sa), Some(sb)) => host_a[sa..] == host_b[sb..],
        (None, None) => host_a == host_b,
        _ => false,
    }
}

/// The scheme and host of a serialised tuple origin
/// (`scheme://host[:port]`); `None` for `null`.
fn tuple(origin: &[u8]) -> Option<(&[u8], &[u8])> {
    let sep = origin.windows(3).position(|w| w == b"://")?;
    let rest = &origin[sep + 3..];
    let host_end = if rest.first() == Some(&b'[') {
        rest.iter()
            .position(|&c| c == b']')
            .map_or(rest.len(), |i| i + 1)
    } else {
        rest.iter().position(|&c| c == b':').unwrap_or(rest.len())
    };
    Some((&origin[..sep], &rest[..host_end]))
}
