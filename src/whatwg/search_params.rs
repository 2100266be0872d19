//! `URLSearchParams` of the URL Standard ("URLSearchParams class"): a list
//! of name-value pairs that the application/x-www-form-urlencoded parser
//! reads and its serializer writes.
//!
//! ```
//! use wwwurl::bytes::buf::Buf;
//! use wwwurl::whatwg::{self, SearchParams};
//!
//! let mut url = whatwg::parse(b"https://example.com/?a=b ~&c=1", None)?;
//! assert_eq!(url.href(), b"https://example.com/?a=b%20~&c=1");
//! let mut params = url.search_params()?;
//! assert_eq!(params.get(b"a"), Some(&b"b ~"[..]));
//! params.delete(b"c", None);
//! url.set_search_params(&params)?;
//! assert_eq!(url.href(), b"https://example.com/?a=b+%7E");
//! // An empty list leaves no query, not an empty one.
//! params.delete(b"a", None);
//! url.set_search_params(&params)?;
//! assert_eq!(url.href(), b"https://example.com/");
//!
//! let mut own = SearchParams::from_init(b"?z=1&y=%C3%A9")?;
//! own.sort()?;
//! let mut text = Buf::new();
//! own.write(&mut text)?;
//! assert_eq!(text, b"y=%C3%A9&z=1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This is the Standard's object, not a lossless edit: the names and
//! values are strings, decoded (`+` a space, `%XY` a byte, then UTF-8
//! with U+FFFD for what is not), and the list is written back whole, each
//! pair re-encoded by the serializer (a space as `+`, `~` as `%7E`). The
//! query functions of [`crate::query`] edit a query and keep every byte
//! they do not touch.
//!
//! The strings are held as UTF-8 and are always valid: a name or value
//! given as bytes that are not UTF-8 is read as the Standard's `USVString`
//! would hold it, each maximal ill-formed subsequence a U+FFFD, both when
//! it is stored and when it is compared. Names compare as strings (equal
//! code points); [`SearchParams::sort`] orders them by UTF-16 code units.

use std::cmp::Ordering;
use std::mem;

use super::{setters, Url};
use crate::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use crate::bytes::sink::Sink;
use crate::query::text::{cmp_utf16, utf8_lossy, CodePoints};
use crate::query::{form_decode, form_encode, params};

/// One tuple of the list: a name and a value, valid UTF-8.
#[derive(Debug, Default, PartialEq, Eq)]
struct Pair {
    name: Buf,
    value: Buf,
}

/// The list of a `URLSearchParams` object: name-value pairs, in order.
///
/// Every operation that changes it leaves it as it was when memory runs
/// out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SearchParams {
    list: Vec<Pair>,
}

/// The pairs of a [`SearchParams`], in order, as `(name, value)`.
#[derive(Debug)]
pub struct SearchParamsIter<'a>(std::slice::Iter<'a, Pair>);

impl<'a> Iterator for SearchParamsIter<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|p| (&p.name[..], &p.value[..]))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for SearchParamsIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|p| (&p.name[..], &p.value[..]))
    }
}

impl ExactSizeIterator for SearchParamsIter<'_> {}

impl<'a> IntoIterator for &'a SearchParams {
    type Item = (&'a [u8], &'a [u8]);
    type IntoIter = SearchParamsIter<'a>;

    fn into_iter(self) -> SearchParamsIter<'a> {
        self.iter()
    }
}

/// Bytes as the scalar value string they stand for: UTF-8 as it is, each
/// maximal ill-formed subsequence replaced by U+FFFD.
fn scalar_string(bytes: &[u8]) -> Result<Buf, NoMemory> {
    let mut out = Buf::with_capacity(bytes.len())?;
    utf8_lossy(bytes, &mut out)?;
    Ok(out)
}

/// The Standard's parser on one raw name or value: form-decoded, then
/// UTF-8 decoded without BOM (a BOM stays a code point).
fn decode(raw: &[u8]) -> Result<Buf, NoMemory> {
    let mut bytes = Buf::with_capacity(raw.len())?;
    form_decode(raw, &mut bytes)?;
    if std::str::from_utf8(&bytes).is_ok() {
        return Ok(bytes);
    }
    scalar_string(&bytes)
}

/// A name or value given to compare with the list's, compared as the
/// scalar value string it stands for without being converted.
#[derive(Clone, Copy)]
struct Given<'a> {
    bytes: &'a [u8],
    utf8: bool,
}

impl<'a> Given<'a> {
    fn new(bytes: &'a [u8]) -> Given<'a> {
        Given {
            bytes,
            utf8: std::str::from_utf8(bytes).is_ok(),
        }
    }

    /// Whether the string held (valid UTF-8) is this one.
    fn is(self, held: &[u8]) -> bool {
        if self.utf8 {
            held == self.bytes
        } else {
            CodePoints::new(self.bytes.iter().copied()).eq(CodePoints::new(held.iter().copied()))
        }
    }
}

impl SearchParams {
    /// An empty list; allocates nothing.
    pub const fn new() -> SearchParams {
        SearchParams { list: Vec::new() }
    }

    /// The application/x-www-form-urlencoded parser on `input`: split at
    /// every `&`, empty pieces skipped, each piece a name and a value at
    /// its first `=` (the value empty without one), each decoded.
    pub fn parse(input: &[u8]) -> Result<SearchParams, NoMemory> {
        let mut list = Vec::new();
        for p in params(input) {
            let pair = Pair {
                name: decode(p.name_raw())?,
                value: decode(p.value_raw())?,
            };
            try_push(&mut list, pair)?;
        }
        Ok(SearchParams { list })
    }

    /// `new URLSearchParams(init)` with a string: [`parse`] of `init`
    /// without one leading `?`.
    ///
    /// [`parse`]: SearchParams::parse
    pub fn from_init(init: &[u8]) -> Result<SearchParams, NoMemory> {
        SearchParams::parse(init.strip_prefix(b"?").unwrap_or(init))
    }

    /// A copy; fails instead of aborting when memory runs out.
    pub fn try_clone(&self) -> Result<SearchParams, NoMemory> {
        let mut list = try_with_capacity(self.list.len())?;
        for p in &self.list {
            let pair = Pair {
                name: p.name.try_clone()?,
                value: p.value.try_clone()?,
            };
            try_push(&mut list, pair)?;
        }
        Ok(SearchParams { list })
    }

    /// The number of pairs: `size`.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The pairs in order, as `(name, value)`: what `URLSearchParams`
    /// iterates over.
    pub fn iter(&self) -> SearchParamsIter<'_> {
        SearchParamsIter(self.list.iter())
    }

    /// `append(name, value)`: adds the pair at the end.
    pub fn append(&mut self, name: &[u8], value: &[u8]) -> Result<(), NoMemory> {
        let pair = Pair {
            name: scalar_string(name)?,
            value: scalar_string(value)?,
        };
        try_push(&mut self.list, pair)
    }

    /// `delete(name)`, and with a value `delete(name, value)`: removes
    /// every pair with that name (and that value).
    pub fn delete(&mut self, name: &[u8], value: Option<&[u8]>) {
        let name = Given::new(name);
        let value = value.map(Given::new);
        self.list
            .retain(|p| !(name.is(&p.name) && value.is_none_or(|v| v.is(&p.value))));
    }

    /// `get(name)`: the value of the first pair with that name.
    pub fn get(&self, name: &[u8]) -> Option<&[u8]> {
        let name = Given::new(name);
        self.list
            .iter()
            .find(|p| name.is(&p.name))
            .map(|p| &p.value[..])
    }

    /// `getAll(name)`: the values of the pairs with that name, in order.
    pub fn get_all<'a>(&'a self, name: &'a [u8]) -> impl Iterator<Item = &'a [u8]> + 'a {
        let name = Given::new(name);
        self.list
            .iter()
            .filter(move |p| name.is(&p.name))
            .map(|p| &p.value[..])
    }

    /// `has(name)`, and with a value `has(name, value)`: whether a pair
    /// has that name (and that value).
    pub fn has(&self, name: &[u8], value: Option<&[u8]>) -> bool {
        let name = Given::new(name);
        let value = value.map(Given::new);
        self.list
            .iter()
            .any(|p| name.is(&p.name) && value.is_none_or(|v| v.is(&p.value)))
    }

    /// `set(name, value)`: the first pair with that name takes the value
    /// and the others with it are removed; without one, the pair is
    /// appended.
    pub fn set(&mut self, name: &[u8], value: &[u8]) -> Result<(), NoMemory> {
        let given = Given::new(name);
        let Some(first) = self.list.iter().position(|p| given.is(&p.name)) else {
            return self.append(name, value);
        };
        self.list[first].value = scalar_string(value)?;
        let mut i = 0;
        self.list.retain(|p| {
            let keep = i <= first || !given.is(&p.name);
            i += 1;
            keep
        });
        Ok(())
    }

    /// `sort()`: a stable sort of the pairs by name, names compared by
    /// their UTF-16 code units (the Standard's "code unit less than"), so
    /// that U+FB03 comes after U+1F308.
    pub fn sort(&mut self) -> Result<(), NoMemory> {
        let by_name = |a: &Pair, b: &Pair| cmp_utf16(&a.name, &b.name);
        if self.list.windows(2).all(|w| by_name(&w[0], &w[1]).is_le()) {
            return Ok(());
        }
        let n = self.list.len();
        let mut order: Vec<usize> = try_with_capacity(n)?;
        for i in 0..n {
            try_push(&mut order, i)?;
        }
        // Unstable, which does not allocate, made stable by the position.
        order.sort_unstable_by(|&a, &b| match by_name(&self.list[a], &self.list[b]) {
            Ordering::Equal => a.cmp(&b),
            o => o,
        });
        let mut sorted = try_with_capacity(n)?;
        for i in order {
            // Cannot fail: the room for every pair is there.
            try_push(&mut sorted, mem::take(&mut self.list[i]))?;
        }
        self.list = sorted;
        Ok(())
    }

    /// The application/x-www-form-urlencoded serializer: every pair as
    /// `name=value`, each form-encoded (see [`crate::query::form_encode`]),
    /// joined by `&`; what `toString()` returns. Empty for an empty list,
    /// and only then.
    pub fn write<S: Sink>(&self, out: &mut S) -> Result<(), S::Error> {
        for (i, p) in self.list.iter().enumerate() {
            if i > 0 {
                out.push(b'&')?;
            }
            form_encode(&p.name, out)?;
            out.push(b'=')?;
            form_encode(&p.value, out)?;
        }
        Ok(())
    }
}

impl Url {
    /// The list of the URL's `searchParams`: the query parsed as
    /// application/x-www-form-urlencoded (empty when the query is null).
    pub fn search_params(&self) -> Result<SearchParams, NoMemory> {
        SearchParams::parse(self.query().unwrap_or(b""))
    }

    /// The update steps of the URL's `searchParams` after its list became
    /// `params`: the query becomes the list's serialisation, or null when
    /// the list is empty, so that the URL then has no `?`. When memory
    /// runs out, the URL is as it was.
    pub fn set_search_params(&mut self, params: &SearchParams) -> Result<(), NoMemory> {
        let mut query = Buf::new();
        params.write(&mut query)?;
        setters::replace_query(self, (!query.is_empty()).then_some(&query[..]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &SearchParams) -> Vec<(&[u8], &[u8])> {
        p.iter().collect()
    }

    fn text(p: &SearchParams) -> Vec<u8> {
        let mut b = Buf::new();
        p.write(&mut b).unwrap();
        b.into_vec()
    }

    #[test]
    fn parses_and_serialises() {
        let p = SearchParams::parse(b"a=b+c&&%zz=%41&d&=e&f==").unwrap();
        assert_eq!(
            pairs(&p),
            [
                (&b"a"[..], &b"b c"[..]),
                (b"%zz", b"A"),
                (b"d", b""),
                (b"", b"e"),
                (b"f", b"=")
            ]
        );
        assert_eq!(text(&p), b"a=b+c&%25zz=A&d=&=e&f=%3D");
        assert_eq!(p, SearchParams::parse(&text(&p)).unwrap());
        let p = SearchParams::parse(b"%FF=%C3%A9").unwrap();
        assert_eq!(pairs(&p), [("\u{FFFD}".as_bytes(), "é".as_bytes())]);
        assert!(SearchParams::from_init(b"?").unwrap().is_empty());
        assert_eq!(
            SearchParams::from_init(b"??a").unwrap().get(b"?a"),
            Some(&b""[..])
        );
    }

    #[test]
    fn operations() {
        let mut p = SearchParams::new();
        p.append(b"a", b"1").unwrap();
        p.append(b"b", b"2").unwrap();
        p.append(b"a", b"3").unwrap();
        p.append(b"\xFF", b"x\xC3").unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p.get(b"a"), Some(&b"1"[..]));
        assert_eq!(p.get(b"c"), None);
        assert_eq!(p.get_all(b"a").collect::<Vec<_>>(), [b"1", b"3"]);
        // Bytes that are not UTF-8 are U+FFFD, stored and compared.
        assert_eq!(p.get("\u{FFFD}".as_bytes()), Some("x\u{FFFD}".as_bytes()));
        assert!(p.has(b"\xFE", Some(b"x\xFF")));
        assert!(p.has(b"a", Some(b"3")) && !p.has(b"a", Some(b"2")));
        p.delete(b"a", Some(b"1"));
        assert_eq!(text(&p), b"b=2&a=3&%EF%BF%BD=x%EF%BF%BD");
        p.append(b"b", b"4").unwrap();
        p.set(b"b", b"5").unwrap();
        assert_eq!(text(&p), b"b=5&a=3&%EF%BF%BD=x%EF%BF%BD");
        p.set(b"c", b"6").unwrap();
        p.delete(b"\xC0", None);
        assert_eq!(text(&p), b"b=5&a=3&c=6");
        p.sort().unwrap();
        assert_eq!(text(&p), b"a=3&b=5&c=6");
        let copy = p.try_clone().unwrap();
        p.delete(b"b", None);
        assert_eq!(text(&copy), b"a=3&b=5&c=6");
        assert_eq!(p.iter().next_back(), Some((&b"c"[..], &b"6"[..])));
    }

    #[test]
    fn sort_is_stable_by_code_units() {
        let mut p = SearchParams::parse("ﬃ=1&🌈=2&a=3&ﬃ=4&a=5".as_bytes()).unwrap();
        p.sort().unwrap();
        let names: Vec<&[u8]> = p
            .iter()
            .map(|(n, v)| if n == b"a" { v } else { n })
            .collect();
        assert_eq!(
            names,
            [
                &b"3"[..],
                b"5",
                "🌈".as_bytes(),
                "ﬃ".as_bytes(),
                "ﬃ".as_bytes()
            ]
        );
        assert_eq!(p.get_all("ﬃ".as_bytes()).collect::<Vec<_>>(), [b"1", b"4"]);
    }

    #[test]
    fn updates_the_url() {
        let mut url = super::super::parse(b"sc:opaque ?a=1#f", None).unwrap();
        let mut p = url.search_params().unwrap();
        p.append(b"b", b" ").unwrap();
        url.set_search_params(&p).unwrap();
        assert_eq!(url.href(), b"sc:opaque%20?a=1&b=+#f");
        url.set_search_params(&SearchParams::new()).unwrap();
        assert_eq!(url.href(), b"sc:opaque%20#f");
        assert_eq!(url.query(), None);
        let empty = super::super::parse(b"http://h/", None).unwrap();
        assert!(empty.search_params().unwrap().is_empty());
    }
}
