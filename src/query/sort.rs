//! `URLSearchParams.sort()` on raw bytes: a stable sort of the parameters
//! by name, in the Standard's order of names, each written back as it was.

use super::text::cmp_names;
use super::{params, Param};
use crate::bytes::buf::{try_push, Buf, NoMemory};
use crate::bytes::sink::Sink;

/// The parameters of a query in sorted order, found first so that writing
/// them, into any [`Sink`], allocates nothing.
///
/// Names compare as [`cmp_names`](super::text::cmp_names) says: by the
/// UTF-16 code units of their decoded text, as the Standard's "code unit
/// less than" does, invalid UTF-8 counting as the U+FFFD it decodes to.
/// Parameters whose names compare equal (`a`, `%61`) keep their order.
#[derive(Debug)]
pub struct SortedParams<'a> {
    query: &'a [u8],
    /// The sorted parameters; empty when they were in order already, and
    /// the query is then written as it is.
    order: Vec<Param<'a>>,
}

impl<'a> SortedParams<'a> {
    /// Sorts the parameters of `query`.
    pub fn new(query: &'a [u8]) -> Result<SortedParams<'a>, NoMemory> {
        let mut order = Vec::new();
        let mut it = params(query);
        let in_order = match it.next() {
            None => true,
            Some(mut prev) => it.all(|p| {
                let ok = cmp_names(prev.name_raw(), p.name_raw()).is_le();
                prev = p;
                ok
            }),
        };
        if !in_order {
            for p in params(query) {
                try_push(&mut order, p)?;
            }
            // Unstable, which does not allocate, made stable by the
            // position: no two parameters start at the same offset.
            order.sort_unstable_by(|a, b| {
                cmp_names(a.name_raw(), b.name_raw()).then(a.start.cmp(&b.start))
            });
        }
        Ok(SortedParams { query, order })
    }

    /// Whether the parameters were in order already, when [`write`]
    /// writes the query unchanged.
    ///
    /// [`write`]: SortedParams::write
    pub fn is_unchanged(&self) -> bool {
        self.order.is_empty()
    }

    /// Writes the sorted query: the parameters' raw bytes joined by single
    /// `&`s, or the query itself when it was in order (empty pieces then
    /// included).
    pub fn write<S: Sink>(&self, out: &mut S) -> Result<(), S::Error> {
        if self.is_unchanged() {
            return out.extend(self.query);
        }
        out.reserve(self.query.len())?;
        for (i, p) in self.order.iter().enumerate() {
            if i > 0 {
                out.push(b'&')?;
            }
            out.extend(p.raw())?;
        }
        Ok(())
    }
}

/// Writes `query` with its parameters sorted by name (see [`SortedParams`]);
/// returns whether the order changed. `URLSearchParams.sort()`, without
/// re-encoding anything.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::sort;
///
/// let mut out = Buf::new();
/// assert!(sort(b"z=%20&a=2&&%61=1,2&b", &mut out)?);
/// assert_eq!(out, b"a=2&%61=1,2&b&z=%20");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn sort(query: &[u8], out: &mut Buf) -> Result<bool, NoMemory> {
    let sorted = SortedParams::new(query)?;
    sorted.write(out)?;
    Ok(!sorted.is_unchanged())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(q: &[u8]) -> (bool, Vec<u8>) {
        let mut b = Buf::new();
        let changed = sort(q, &mut b).unwrap();
        (changed, b.into_vec())
    }

    #[test]
    fn sorts_stably_and_keeps_bytes() {
        assert_eq!(sorted(b""), (false, b"".to_vec()));
        assert_eq!(sorted(b"a&&b&"), (false, b"a&&b&".to_vec()));
        assert_eq!(sorted(b"b&&a&"), (true, b"a&b".to_vec()));
        assert_eq!(
            sorted("ﬃ=1&%F0%9F%8C%88=2&\u{1F308}=3".as_bytes()),
            (true, "%F0%9F%8C%88=2&\u{1F308}=3&ﬃ=1".as_bytes().to_vec())
        );
        // Invalid UTF-8 sorts as U+FFFD, after U+FFFC, ties in order.
        assert_eq!(
            sorted("%FF=1&\u{FFFC}&\u{FFFD}=2&%FE=3".as_bytes()),
            (true, "\u{FFFC}&%FF=1&\u{FFFD}=2&%FE=3".as_bytes().to_vec())
        );
    }
}
