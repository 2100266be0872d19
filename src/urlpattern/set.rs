//! Pattern sets: many patterns compiled once, one call giving the sorted
//! indices of those that match a URL.
//!
//! The URL is parsed once. Patterns whose hostname is fixed text are
//! indexed by it (a sorted table searched by binary search), so a URL is
//! tested only against the patterns of its own hostname and those whose
//! hostname is a pattern: a thousand rules for a thousand hosts cost a
//! lookup and the few rules of one host.

use super::{Error, Input, UrlPattern};
use crate::bytes::buf::{try_push, Buf};

/// A set of [`UrlPattern`]s, matched together.
#[derive(Debug, Default)]
pub struct UrlPatternSet {
    patterns: Vec<UrlPattern>,
    /// (literal hostname, index), sorted.
    by_host: Vec<(Buf, usize)>,
    /// The indices of the patterns whose hostname is not fixed text.
    others: Vec<usize>,
}

impl UrlPatternSet {
    /// An empty set.
    pub fn new() -> UrlPatternSet {
        UrlPatternSet::default()
    }

    /// Adds `pattern`, whose index is the number of patterns added
    /// before it.
    pub fn push(&mut self, pattern: UrlPattern) -> Result<usize, Error> {
        let index = self.patterns.len();
        match pattern.literal_hostname() {
            Some(h) => {
                let key = Buf::from_slice(h)?;
                let at = self
                    .by_host
                    .partition_point(|(k, i)| (&k[..], *i) < (&key[..], index));
                self.by_host.try_reserve(1)?;
                #[allow(clippy::disallowed_methods)] // the room is reserved
                self.by_host.insert(at, (key, index));
            }
            None => try_push(&mut self.others, index)?,
        }
        try_push(&mut self.patterns, pattern)?;
        Ok(index)
    }

    /// How many patterns the set holds.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether the set holds none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The pattern at `index`.
    pub fn get(&self, index: usize) -> Option<&UrlPattern> {
        self.patterns.get(index)
    }

    /// The indices of the patterns that match `input`, in increasing
    /// order, written into `out` (cleared first). An input that is not a
    /// URL matches none.
    pub fn matches(
        &self,
        input: Input<'_>,
        base_url: Option<&str>,
        out: &mut Vec<usize>,
    ) -> Result<(), Error> {
        out.clear();
        let Some(first) = self.patterns.first() else {
            return Ok(());
        };
        let Some(fields) = first.inputs(input, base_url)? else {
            return Ok(());
        };
        let host = fields[super::HOSTNAME].as_deref().unwrap_or(b"");
        let start = self.by_host.partition_point(|(k, _)| &k[..] < host);
        let mut caps = Vec::new();
        for (k, i) in &self.by_host[start..] {
            if k[..] != *host {
                break;
            }
            if self.patterns[*i].test_fields(&fields, &mut caps)? {
                try_push(out, *i)?;
            }
        }
        for &i in &self.others {
            if self.patterns[i].test_fields(&fields, &mut caps)? {
                try_push(out, i)?;
            }
        }
        out.sort_unstable();
        Ok(())
    }

    /// How many patterns a URL with this hostname is tested against.
    #[cfg(test)]
    pub(crate) fn candidates(&self, host: &[u8]) -> usize {
        let start = self.by_host.partition_point(|(k, _)| &k[..] < host);
        let same = self.by_host[start..]
            .iter()
            .take_while(|(k, _)| k[..] == *host)
            .count();
        same + self.others.len()
    }
}
