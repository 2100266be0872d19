//! Query parameters, read and rewritten without losing a byte.
//!
//! A query (the bytes after `?`, without it) is read as the URL Standard's
//! application/x-www-form-urlencoded parser reads it: split at every `&`,
//! each non-empty piece a parameter, its name before the first `=` and its
//! value after it. The functions here work on the raw bytes and give byte
//! spans into them, so that the same core serves a plain query string, the
//! args of a [`Url`](crate::wwwoffle::url::Url) and a WHATWG URL's search.
//!
//! # What is compared, and how
//!
//! A name given to a function is the *decoded* name, and a parameter
//! matches it when the form-decoding of its raw name ([`FormDecoded`]: `+`
//! is a space, `%XY` a byte) is the same bytes: `a%62=1` and `ab=1` are both
//! named `ab`, as `URLSearchParams` sees them. Values given for comparison
//! are decoded the same way. The comparison is of bytes: the Standard would
//! further decode both as UTF-8, so that two names that differ only in
//! invalid UTF-8 (`%FE`, `%FF`) would both be U+FFFD there and are
//! different names here. [`sort`] is the exception: it orders exactly as
//! the Standard does (see [`text::cmp_names`]).
//!
//! # What a rewrite keeps
//!
//! A parameter that an operation does not touch is written back byte for
//! byte: no `%20` becomes `+`, no `,` is escaped, a parameter without `=`
//! stays without it.
//!
//! Empty pieces (from `&&`, or a `&` at either end) are no parameters: the
//! form parser skips them. An operation that changes nothing writes its
//! input unchanged, empty pieces included. An operation that changes the
//! list writes the parameters it keeps joined by single `&`s, dropping
//! every empty piece, so that `a=1&&b=2&` without `b` is `a=1`.
//!
//! The output is a query without its `?`; it may be empty, and whether an
//! empty query is then written as `?` or not at all is the caller's choice
//! (for a WHATWG URL, `URLSearchParams` makes it no query).
//!
//! The Standard's `URLSearchParams` itself, which decodes every name and
//! value and writes the whole list back re-encoded, is
//! `whatwg::SearchParams`.
//!
//! Every operation takes time linear in its input (sorting, `n log n` in
//! the number of parameters), and only [`sort`] and [`NameList::new`]
//! allocate anything beyond the output.

mod edit;
mod names;
mod sort;
pub mod text;

pub use edit::{append, append_raw, delete, delete_value, keep, set, set_raw, strip};
pub use names::{NameList, Select};
pub use sort::{sort, SortedParams};
pub use text::{form_decode, form_encode, FormDecoded};

use std::ops::Range;

use crate::bytes::sink::Sink;

/// One parameter: a non-empty piece of the query between `&`s, as offsets
/// into the query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param<'a> {
    query: &'a [u8],
    start: usize,
    /// The offset of the first `=`, when there is one.
    eq: Option<usize>,
    end: usize,
}

impl<'a> Param<'a> {
    /// The whole piece, name, `=` and value, as it is in the query.
    pub fn raw(&self) -> &'a [u8] {
        &self.query[self.start..self.end]
    }

    /// Where the piece lies in the query.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The raw name: the bytes before the first `=`, or the whole piece.
    pub fn name_raw(&self) -> &'a [u8] {
        &self.query[self.name_span()]
    }

    /// Where the raw name lies in the query.
    pub fn name_span(&self) -> Range<usize> {
        self.start..self.eq.unwrap_or(self.end)
    }

    /// The raw value: the bytes after the first `=`; empty when there is no
    /// `=`, as the form parser has it.
    pub fn value_raw(&self) -> &'a [u8] {
        match self.eq {
            Some(eq) => &self.query[eq + 1..self.end],
            None => &[],
        }
    }

    /// Where the raw value lies in the query; `None` when the piece has no
    /// `=`, which a lossless rewrite must not add.
    pub fn value_span(&self) -> Option<Range<usize>> {
        self.eq.map(|eq| eq + 1..self.end)
    }

    /// Whether the piece has a `=`.
    pub fn has_eq(&self) -> bool {
        self.eq.is_some()
    }

    /// Whether its decoded name is `name`.
    pub fn name_is(&self, name: &[u8]) -> bool {
        text::decodes_to(self.name_raw(), name)
    }

    /// Whether its decoded value is `value`.
    pub fn value_is(&self, value: &[u8]) -> bool {
        text::decodes_to(self.value_raw(), value)
    }

    /// The decoded name, byte by byte.
    pub fn name(&self) -> FormDecoded<'a> {
        FormDecoded::new(self.name_raw())
    }

    /// The decoded value, byte by byte.
    pub fn value(&self) -> FormDecoded<'a> {
        FormDecoded::new(self.value_raw())
    }

    /// Writes the decoded name into `out`.
    pub fn decode_name<S: Sink>(&self, out: &mut S) -> Result<(), S::Error> {
        form_decode(self.name_raw(), out)
    }

    /// Writes the decoded value into `out`.
    pub fn decode_value<S: Sink>(&self, out: &mut S) -> Result<(), S::Error> {
        form_decode(self.value_raw(), out)
    }
}

/// The parameters of a query, in order (see [`params`]).
#[derive(Debug)]
pub struct Params<'a> {
    query: &'a [u8],
    /// Where the next piece starts; past the end when all are read.
    at: usize,
}

impl<'a> Iterator for Params<'a> {
    type Item = Param<'a>;

    fn next(&mut self) -> Option<Param<'a>> {
        let q = self.query;
        while self.at <= q.len() {
            let start = self.at;
            let rest = &q[start..];
            let len = rest.iter().position(|&b| b == b'&').unwrap_or(rest.len());
            self.at = start + len + 1;
            if len > 0 {
                let eq = rest[..len].iter().position(|&b| b == b'=');
                return Some(Param {
                    query: q,
                    start,
                    eq: eq.map(|e| start + e),
                    end: start + len,
                });
            }
        }
        None
    }
}

/// The parameters of `query` (without its `?`), in order: what the form
/// parser gives, with the raw bytes of each.
///
/// ```
/// use wwwurl::query::params;
///
/// let q = b"a=1&&b&c=%20+";
/// let v: Vec<(&[u8], &[u8], bool)> =
///     params(q).map(|p| (p.name_raw(), p.value_raw(), p.has_eq())).collect();
/// assert_eq!(v, [(&b"a"[..], &b"1"[..], true), (b"b", b"", false), (b"c", b"%20+", true)]);
/// ```
pub fn params(query: &[u8]) -> Params<'_> {
    Params { query, at: 0 }
}

/// The number of parameters: the length of the form parser's list.
pub fn count(query: &[u8]) -> usize {
    params(query).count()
}

/// The first parameter named `name` (decoded; see the module's
/// documentation), whose value is then read raw ([`Param::value_raw`]) or
/// decoded ([`Param::decode_value`]).
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::get;
///
/// let p = get(b"x=0&a%62=c+d%21&ab=2", b"ab").unwrap();
/// assert_eq!(p.value_raw(), b"c+d%21");
/// let mut v = Buf::new();
/// p.decode_value(&mut v)?;
/// assert_eq!(v, b"c d!");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn get<'a>(query: &'a [u8], name: &[u8]) -> Option<Param<'a>> {
    params(query).find(|p| p.name_is(name))
}

/// Every parameter named `name`, in order.
pub fn get_all<'a, 'n>(query: &'a [u8], name: &'n [u8]) -> impl Iterator<Item = Param<'a>> + 'n
where
    'a: 'n,
{
    params(query).filter(move |p| p.name_is(name))
}

/// Whether a parameter is named `name`.
pub fn has(query: &[u8], name: &[u8]) -> bool {
    get(query, name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    type Spans = (Range<usize>, Range<usize>, Option<Range<usize>>);

    fn spans(q: &[u8]) -> Vec<Spans> {
        params(q)
            .map(|p| (p.span(), p.name_span(), p.value_span()))
            .collect()
    }

    #[test]
    fn pieces_and_spans() {
        assert_eq!(spans(b""), []);
        assert_eq!(spans(b"&&&"), []);
        assert_eq!(
            spans(b"&a=b=c&&d&=&"),
            [
                (1..6, 1..2, Some(3..6)),
                (8..9, 8..9, None),
                (10..11, 10..10, Some(11..11))
            ]
        );
        assert_eq!(count(b"&&&a=b&&&&c=d&"), 2);
    }

    #[test]
    fn get_compares_decoded_names() {
        let q = b"a%62=1&ab=2&a+b=3&a%20b=4";
        assert_eq!(get(q, b"ab").unwrap().value_raw(), b"1");
        let all: Vec<&[u8]> = get_all(q, b"a b").map(|p| p.value_raw()).collect();
        assert_eq!(all, [b"3", b"4"]);
        assert!(get(q, b"a%62").is_none());
        assert!(has(b"k", b"k"));
        assert_eq!(get(b"k", b"k").unwrap().value_raw(), b"");
        let v: Vec<u8> = get(q, b"a b").unwrap().value().collect();
        assert_eq!(v, b"3");
    }
}
