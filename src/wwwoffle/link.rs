//! LinkURL: resolving a link found in a page against the page's URL.

use super::codec::c_prefix;
use super::config::{Compat, Env};
use super::path::canonicalise_name;
use super::split::split_to;
use super::url::{RecordDest, UrlDest};
use super::url::{Url, UrlRef};
use crate::bytes::buf::{Buf, NoMemory};

/// Whether `s` starts with `prefix`, ASCII case ignored.
fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// The parts of the page's record that LinkURL reads.
#[derive(Clone, Copy, Debug)]
pub struct LinkBase<'a> {
    /// The page's protocol.
    pub proto: &'a [u8],
    /// The page's canonical `host[:port]`.
    pub hostport: &'a [u8],
    /// The page's canonical path.
    pub path: &'a [u8],
    /// The page's canonical name.
    pub name: &'a [u8],
}

impl<'a> LinkBase<'a> {
    /// The parts of a record, owned or borrowed.
    pub fn of(u: impl Into<UrlRef<'a>>) -> Self {
        let u = u.into();
        LinkBase {
            proto: u.proto(),
            hostport: u.hostport(),
            path: u.path(),
            name: u.name(),
        }
    }
}

/// LinkURL (doc/behaviour.md, LinkURL): the URL that `link`, found in the page `base`,
/// points to. `link` is read as a C string, up to its first NUL.
///
/// ```
/// use wwwurl::wwwoffle::config::{Compat, Config};
/// use wwwurl::wwwoffle::link::link_url;
/// use wwwurl::wwwoffle::split::split_url;
///
/// let env = Config::default();
/// let page = split_url(&env, Compat::V29, b"http://www.example.com/dir/page.html")?;
/// let link = link_url(&env, Compat::V29, &page, b"../img/logo.png")?;
/// assert_eq!(link.name(), b"http://www.example.com/img/logo.png");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
///
/// Fails only when memory runs out.
pub fn link_url<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    base: &Url,
    link: &[u8],
) -> Result<Url, NoMemory> {
    link_parts(env, compat, &LinkBase::of(base), link)
}

/// LinkURL from the parts of the page's record (the C record may only offer
/// those).
pub fn link_parts<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    base: &LinkBase,
    link: &[u8],
) -> Result<Url, NoMemory> {
    link_to(env, compat, base, link, UrlDest)
}

/// [`link_parts`] into `dest`: the record goes where the destination wants
/// it (see [`RecordDest`]), which is how the C libraries make their
/// records and handles.
pub fn link_to<E: Env + ?Sized, D: RecordDest>(
    env: &E,
    compat: Compat,
    base: &LinkBase,
    link: &[u8],
    dest: D,
) -> D::Out {
    let link = c_prefix(link);
    let colon = link.iter().position(|&b| b == b':');
    let slash = link.iter().position(|&b| b == b'/');

    // One call of `split_to` for every kind of link: the general route is
    // then made once per destination, not once per kind.
    let joined_text;
    let text = if colon.zip(slash).is_some_and(|(c, sl)| c < sl)
        || starts_with_ignore_case(link, b"mailto:")
        || starts_with_ignore_case(link, b"javascript:")
    {
        link
    } else if link.first() == Some(&b'#') {
        base.name
    } else {
        match joined(base, link) {
            Ok(s) => {
                joined_text = s;
                &joined_text[..]
            }
            Err(NoMemory) => return dest.no_memory(),
        }
    };
    split_to(env, compat, text, dest)
}

/// The URL text of a link that is not absolute, made from the page's parts.
fn joined(base: &LinkBase, link: &[u8]) -> Result<Buf, NoMemory> {
    let LinkBase {
        proto,
        hostport,
        path,
        ..
    } = *base;
    let mut s = Buf::with_capacity(proto.len() + 4 + hostport.len() + path.len() + link.len())?;
    if link.starts_with(b"//") {
        s.extend_from_slice(proto)?;
        s.push(b':')?;
        s.extend_from_slice(link)?;
    } else if link.first() == Some(&b'/') || link.is_empty() {
        s.extend_from_slice(proto)?;
        s.extend_from_slice(b"://")?;
        s.extend_from_slice(hostport)?;
        s.extend_from_slice(if link.is_empty() { path } else { link })?;
    } else {
        // The path part goes first, alone, for CanonicaliseName; the prefix
        // is then rotated in front of it, within the same allocation.
        // A split path starts with `/`. A path made by CreateURL may lack
        // one; the link then replaces it under the root, rather than after
        // the `/` of `://` as the historical string search would.
        match path.iter().rposition(|&b| b == b'/') {
            Some(p) => s.extend_from_slice(&path[..=p])?,
            None => s.push(b'/')?,
        }
        s.extend_from_slice(link)?;
        canonicalise_name(&mut s);
        let prefix = proto.len() + 3 + hostport.len();
        s.extend_from_slice(proto)?;
        s.extend_from_slice(b"://")?;
        s.extend_from_slice(hostport)?;
        s.rotate_right(prefix);
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwwoffle::config::Config;
    use crate::wwwoffle::split::split_url;

    fn link(base: &[u8], l: &[u8]) -> Vec<u8> {
        let env = Config::default();
        let b = split_url(&env, Compat::V29, base).unwrap();
        link_url(&env, Compat::V29, &b, l).unwrap().name().to_vec()
    }

    #[test]
    fn absolute_link() {
        assert_eq!(link(b"http://a/b", b"ftp://c/d"), b"ftp://c/d");
    }

    #[test]
    fn fragment_gives_the_base() {
        assert_eq!(link(b"http://a/b?q", b"#x"), b"http://a/b?q");
    }

    #[test]
    fn network_path_keeps_the_protocol() {
        assert_eq!(link(b"https://a/b", b"//c/d"), b"https://c/d");
    }

    #[test]
    fn absolute_path_keeps_the_host() {
        assert_eq!(link(b"http://a:81/b/c", b"/d"), b"http://a:81/d");
    }

    #[test]
    fn mailto_is_split_as_is() {
        assert_eq!(link(b"http://a/b", b"MAILTO:x"), b"mailto://x/");
    }

    #[test]
    fn colon_without_slash_is_relative() {
        assert_eq!(link(b"http://a/b/c", b"g:h"), b"http://a/b/g:h");
    }

    #[test]
    fn relative_link_is_canonicalised() {
        assert_eq!(link(b"http://a/b/c/d?q", b"../g?x"), b"http://a/b/g?x");
    }

    #[test]
    fn empty_link_drops_the_query() {
        assert_eq!(link(b"http://a/b?q", b""), b"http://a/b");
    }

    #[test]
    fn path_without_slash_is_replaced() {
        let env = Config::default();
        let b = create_url_for_test(&env);
        assert_eq!(
            link_url(&env, Compat::V29, &b, b"g").unwrap().name(),
            b"http://h/g"
        );
    }

    fn create_url_for_test(env: &Config) -> Url {
        crate::wwwoffle::create::create_url(env, Compat::V29, b"http", b"h", b"p", None, None, None)
            .unwrap()
    }
}
