//! Pattern sets: many patterns compiled once, one call giving the sorted
//! indices of those that match a URL.
//!
//! The URL is parsed once. Each pattern is filed under the most selective
//! key it has (`index`): the whole labels its hostname ends with
//! (`example.com` for `https://*.example.com/*`), else the first segment of
//! its pathname (`static` for `*://*/static/*`), else its protocol; the
//! patterns with none are tried on every URL. A URL is tried only against
//! the patterns under its own keys: the suffixes of its hostname at each
//! dot, its pathname's first segment and its protocol. A thousand rules
//! for a thousand hosts cost a few lookups and that host's rules.

use super::index::{first_segment, host_key, host_suffixes, path_key, protocol_key};
use super::{Error, Input, UrlPattern, HOSTNAME, PATHNAME, PROTOCOL};
use crate::bytes::buf::{try_push, Buf};

/// Patterns by key: (key, index), sorted.
#[derive(Debug, Default)]
struct Table(Vec<(Buf, usize)>);

impl Table {
    /// Files `index` under `key`, in order.
    fn insert(&mut self, key: Buf, index: usize) -> Result<(), Error> {
        let at = self
            .0
            .partition_point(|(k, i)| (&k[..], *i) < (&key[..], index));
        self.0.try_reserve(1)?;
        #[allow(clippy::disallowed_methods)] // the room is reserved
        self.0.insert(at, (key, index));
        Ok(())
    }

    /// The entries under `key`.
    fn get(&self, key: &[u8]) -> &[(Buf, usize)] {
        let start = self.0.partition_point(|(k, _)| &k[..] < key);
        let len = self.0[start..]
            .iter()
            .take_while(|(k, _)| k[..] == *key)
            .count();
        &self.0[start..start + len]
    }

    fn sort(&mut self) {
        self.0
            .sort_unstable_by(|(a, i), (b, j)| (&a[..], i).cmp(&(&b[..], j)));
    }
}

/// A set of [`UrlPattern`]s, matched together.
#[derive(Debug, Default)]
pub struct UrlPatternSet {
    patterns: Vec<UrlPattern>,
    by_host: Table,
    by_path: Table,
    by_protocol: Table,
    /// The indices of the patterns without a key.
    others: Vec<usize>,
}

/// Where a pattern is filed.
enum Key {
    Host(Buf),
    Path(Buf),
    Protocol(Buf),
    None,
}

fn key_of(p: &UrlPattern) -> Result<Key, Error> {
    if let Some(k) = host_key(p)? {
        return Ok(Key::Host(k));
    }
    if let Some(k) = path_key(p)? {
        return Ok(Key::Path(k));
    }
    if let Some(k) = protocol_key(p)? {
        return Ok(Key::Protocol(k));
    }
    Ok(Key::None)
}

impl UrlPatternSet {
    /// An empty set.
    pub fn new() -> UrlPatternSet {
        UrlPatternSet::default()
    }

    /// A set of `patterns`, each at its index in the vector: the way to
    /// build a large set (sorting its tables once, where [`push`] keeps
    /// them sorted at each addition).
    ///
    /// [`push`]: UrlPatternSet::push
    pub fn from_vec(patterns: Vec<UrlPattern>) -> Result<UrlPatternSet, Error> {
        let mut set = UrlPatternSet::new();
        for (i, p) in patterns.iter().enumerate() {
            match key_of(p)? {
                Key::Host(k) => try_push(&mut set.by_host.0, (k, i))?,
                Key::Path(k) => try_push(&mut set.by_path.0, (k, i))?,
                Key::Protocol(k) => try_push(&mut set.by_protocol.0, (k, i))?,
                Key::None => try_push(&mut set.others, i)?,
            }
        }
        set.by_host.sort();
        set.by_path.sort();
        set.by_protocol.sort();
        set.patterns = patterns;
        Ok(set)
    }

    /// Adds `pattern`, whose index is the number of patterns added
    /// before it. Each addition takes time in proportion to the set's
    /// size: build a large set with [`from_vec`](UrlPatternSet::from_vec).
    pub fn push(&mut self, pattern: UrlPattern) -> Result<usize, Error> {
        let index = self.patterns.len();
        self.patterns.try_reserve(1)?;
        match key_of(&pattern)? {
            Key::Host(k) => self.by_host.insert(k, index)?,
            Key::Path(k) => self.by_path.insert(k, index)?,
            Key::Protocol(k) => self.by_protocol.insert(k, index)?,
            Key::None => try_push(&mut self.others, index)?,
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
        let Some(m) = first.inputs(input, base_url)? else {
            return Ok(());
        };
        let field = |i: usize| m.field(i);
        let mut caps = Vec::new();
        let mut try_all = |entries: &mut dyn Iterator<Item = usize>| -> Result<(), Error> {
            for i in entries {
                if self.patterns[i].test_fields(&m, &mut caps)? {
                    try_push(out, i)?;
                }
            }
            Ok(())
        };
        for suffix in host_suffixes(field(HOSTNAME)) {
            try_all(&mut self.by_host.get(suffix).iter().map(|e| e.1))?;
        }
        if let Some(segment) = first_segment(field(PATHNAME)) {
            try_all(&mut self.by_path.get(segment).iter().map(|e| e.1))?;
        }
        try_all(&mut self.by_protocol.get(field(PROTOCOL)).iter().map(|e| e.1))?;
        try_all(&mut self.others.iter().copied())?;
        out.sort_unstable();
        Ok(())
    }

    /// How many patterns a URL with this hostname, pathname and protocol
    /// is tested against.
    #[cfg(test)]
    pub(crate) fn candidates(&self, host: &[u8], path: &[u8], protocol: &[u8]) -> usize {
        let hosts: usize = host_suffixes(host).map(|s| self.by_host.get(s).len()).sum();
        let paths = first_segment(path).map_or(0, |s| self.by_path.get(s).len());
        hosts + paths + self.by_protocol.get(protocol).len() + self.others.len()
    }
}
