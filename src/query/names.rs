//! Which parameters an operation keeps or strips: one name, a name prefix
//! (`utm_`), or a list of names and prefixes looked up without a scan of
//! the list for each parameter.

use std::cmp::Ordering;

use super::text::{cmp_decoded, decodes_to, decodes_with_prefix};
use super::Param;
use crate::bytes::buf::{try_push, try_with_capacity, NoMemory};

/// A set of decoded names and name prefixes, sorted once so that testing a
/// parameter costs `O(log n)` comparisons, not a scan of the list.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::{strip, NameList, Select};
///
/// let tracking = NameList::new(&[b"fbclid", b"gclid"], &[b"utm_"])?;
/// let mut out = Buf::new();
/// strip(b"id=7&utm_source=x&gclid=1&q=a%2Cb", Select::List(&tracking), &mut out)?;
/// assert_eq!(out, b"id=7&q=a%2Cb");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
#[derive(Debug, Default)]
pub struct NameList<'n> {
    /// Sorted by bytes, without duplicates.
    names: Vec<&'n [u8]>,
    /// Sorted by bytes, and none a prefix of another: then the one prefix
    /// that can start a name is the greatest that is not above it.
    prefixes: Vec<&'n [u8]>,
}

impl<'n> NameList<'n> {
    /// The set of the decoded `names` and of the names that start with one
    /// of `prefixes`.
    pub fn new(names: &[&'n [u8]], prefixes: &[&'n [u8]]) -> Result<NameList<'n>, NoMemory> {
        let mut n = try_with_capacity(names.len())?;
        for &x in names {
            try_push(&mut n, x)?;
        }
        n.sort_unstable();
        n.dedup();
        let mut p: Vec<&[u8]> = try_with_capacity(prefixes.len())?;
        for &x in prefixes {
            try_push(&mut p, x)?;
        }
        p.sort_unstable();
        // A prefix that extends another adds nothing; in sorted order it
        // comes right after the shorter one (or after another extension of
        // it).
        let mut kept = 0;
        for i in 0..p.len() {
            if kept == 0 || !p[i].starts_with(p[kept - 1]) {
                p[kept] = p[i];
                kept += 1;
            }
        }
        p.truncate(kept);
        Ok(NameList {
            names: n,
            prefixes: p,
        })
    }

    /// Whether the decoded name `name` is in the set.
    pub fn contains(&self, name: &[u8]) -> bool {
        self.matches_raw_or_decoded(name, false)
    }

    /// Whether the raw name `raw` decodes to a name in the set.
    pub(crate) fn matches_raw(&self, raw: &[u8]) -> bool {
        self.matches_raw_or_decoded(raw, true)
    }

    fn matches_raw_or_decoded(&self, s: &[u8], raw: bool) -> bool {
        // The order of a list entry against the name.
        let order = |entry: &[u8]| -> Ordering {
            if raw {
                cmp_decoded(s, entry).reverse()
            } else {
                entry.cmp(s)
            }
        };
        if self.names.binary_search_by(|e| order(e)).is_ok() {
            return true;
        }
        let below = self
            .prefixes
            .partition_point(|e| order(e) != Ordering::Greater);
        match below.checked_sub(1).map(|i| self.prefixes[i]) {
            Some(p) if raw => decodes_with_prefix(s, p),
            Some(p) => s.starts_with(p),
            None => false,
        }
    }
}

/// Which parameters an operation selects, by decoded name.
#[derive(Clone, Copy, Debug)]
pub enum Select<'s> {
    /// The parameters named so.
    Name(&'s [u8]),
    /// The parameters whose name starts so.
    Prefix(&'s [u8]),
    /// The parameters whose name is in the list or starts with one of its
    /// prefixes.
    List(&'s NameList<'s>),
}

impl Select<'_> {
    /// Whether `p` is selected.
    pub fn matches(&self, p: &Param<'_>) -> bool {
        match *self {
            Select::Name(n) => decodes_to(p.name_raw(), n),
            Select::Prefix(x) => decodes_with_prefix(p.name_raw(), x),
            Select::List(l) => l.matches_raw(p.name_raw()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_finds_names_and_prefixes() {
        let l = NameList::new(&[b"b", b"a", b"b"], &[b"ut", b"utm_", b"x", b"xa", b"y"]).unwrap();
        assert_eq!(l.names, [b"a", b"b"]);
        assert_eq!(l.prefixes, [&b"ut"[..], b"x", b"y"]);
        for (name, want) in [
            (&b"a"[..], true),
            (b"ab", false),
            (b"", false),
            (b"u", false),
            (b"ut", true),
            (b"utm_source", true),
            (b"xz", true),
            (b"w", false),
            (b"yy", true),
            (b"z", false),
        ] {
            assert_eq!(l.contains(name), want, "{name:?}");
        }
        assert!(l.matches_raw(b"%75t+x"));
        assert!(l.matches_raw(b"%61"));
        assert!(!l.matches_raw(b"%7A"));
        let all = NameList::new(&[], &[b"", b"a"]).unwrap();
        assert!(all.contains(b"") && all.matches_raw(b"%FF"));
        assert!(!NameList::default().contains(b""));
    }
}
