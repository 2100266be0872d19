//! `cachekey`: a key for a cache, from `rfc3986-scheme` and a query that
//! no longer depends on parameter order or on parameters that do not
//! change the resource.
//!
//! Precisely, for input `url` and [`Options`] `o`:
//!
//! 1. `n` = [`normalize`]`(url, Mask::ALL)`: RFC 3986 §6.2.2 and §6.2.3,
//!    exactly the `rfc3986-scheme` profile of the same version (version 1
//!    with the first edition of `normalize`, which kept an escape after a
//!    stray `%`: sorting could then move the `%` away, and the key changed
//!    when it was computed again).
//! 2. `n` is split by RFC 3986 appendix B ([`rfc3986::split`]). Everything
//!    before the query (scheme, authority, path, with their delimiters) is
//!    written unchanged.
//! 3. The query's parameters are its non-empty `&`-separated pieces (empty
//!    pieces are dropped). A parameter whose decoded name ([`crate::query`],
//!    `+` a space, `%XY` a byte) is one of `o.strip_names` or starts with
//!    one of `o.strip_prefixes` is dropped.
//! 4. The others are sorted by name, stably, in `URLSearchParams.sort()`
//!    order ([`cmp_names`]: the UTF-16 code units of the decoded name), and
//!    written as they were, joined by single `&`s, after a `?`. When none is
//!    left, or there was no query, there is no `?`: `http://h/?` and
//!    `http://h/` are the same key.
//! 5. The fragment is dropped: it never reaches a server.
//!
//! The value bytes are never re-encoded, so `a=%20` and `a=+` stay two keys.
//! Nothing is refused.
//!
//! [`normalize`]: crate::rfc3986::normalize::normalize

use super::{Options, ProfileError};
use crate::bytes::buf::{try_push, Buf};
use crate::query::text::cmp_names;
use crate::query::{params, NameList, Param, Select};
use crate::rfc3986;
use crate::rfc3986::normalize::{normalize_as, Edition, Mask};

pub(super) fn canonical(
    url: &[u8],
    ed: Edition,
    opts: &Options<'_>,
    out: &mut Buf,
) -> Result<(), ProfileError> {
    let mut n = Buf::new();
    normalize_as(url, Mask::ALL, ed, &mut n)?;
    let c = rfc3986::split(&n);
    let Some(q) = c.query else {
        // No query: all of `n` up to a fragment.
        let end = c.fragment.map_or(n.len(), |f| f.start - 1);
        return Ok(out.extend_from_slice(&n[..end])?);
    };
    // The `?` is the byte before the query.
    out.extend_from_slice(&n[..q.start - 1])?;
    let query = q.bytes(&n);
    let strip = NameList::new(opts.strip_names, opts.strip_prefixes)?;
    let select = Select::List(&strip);
    let mut kept: Vec<Param<'_>> = Vec::new();
    for p in params(query) {
        if !select.matches(&p) {
            try_push(&mut kept, p)?;
        }
    }
    // Unstable, which does not allocate, made stable by the offset: no two
    // parameters start at the same byte.
    kept.sort_unstable_by(|a, b| {
        cmp_names(a.name_raw(), b.name_raw()).then(a.span().start.cmp(&b.span().start))
    });
    for (i, p) in kept.iter().enumerate() {
        out.push(if i == 0 { b'?' } else { b'&' })?;
        out.extend_from_slice(p.raw())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(url: &str, names: &[&[u8]], prefixes: &[&[u8]]) -> String {
        let o = Options {
            strip_names: names,
            strip_prefixes: prefixes,
            ..Options::default()
        };
        let mut out = Buf::new();
        canonical(url.as_bytes(), Edition::Current, &o, &mut out).unwrap();
        String::from_utf8(out.into_vec()).unwrap()
    }

    #[test]
    fn strips_sorts_and_drops_the_fragment() {
        assert_eq!(
            key(
                "HTTP://Example.COM:80?b=2&utm_source=x&&a=1&gclid=z#top",
                &[b"gclid"],
                &[b"utm_"]
            ),
            "http://example.com/?a=1&b=2"
        );
        assert_eq!(key("http://h/p?utm_a=1#f", &[], &[b"utm_"]), "http://h/p");
        assert_eq!(key("http://h/p?#f", &[], &[]), "http://h/p");
        assert_eq!(key("http://h/p#f?x", &[], &[]), "http://h/p");
        assert_eq!(
            key("http://h/p?b&a=2&a=1", &[], &[]),
            "http://h/p?a=2&a=1&b"
        );
        assert_eq!(
            key("http://h/p?%61=1&a=0", &[b"x"], &[]),
            "http://h/p?a=1&a=0"
        );
    }
}
