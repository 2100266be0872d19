//! The matcher: a host's public suffix and registrable domain, read from
//! a serialised table (`format`) with no allocation, the same code for
//! the built-in list and a loaded one.
//!
//! The host is read once from its end: each byte extends the running
//! hash, and at each dot the table is probed for the suffix read so far,
//! until a suffix is not a node (or a node has no child). What the nodes
//! passed say (rule, exception, wildcard under it, in the sections asked
//! for) decides the prevailing rule, as the list's algorithm does.

use super::format::*;

/// Where the parts of a serialised table are, read once from its header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// The shifts of `format::position` and `format::bucket`.
    slot_shift: u32,
    bucket_shift: u32,
    aliases: usize,
    pilots_at: usize,
    slots_at: usize,
    aliases_at: usize,
    arena_at: usize,
    version_at: usize,
    end: usize,
    basis: u64,
    root: u8,
    bits: u32,
    pub(crate) icann: u32,
    pub(crate) private: u32,
}

impl Layout {
    /// The layout of `b`, if it is a whole table of this format.
    pub(crate) const fn of(b: &[u8]) -> Option<Layout> {
        if b.len() < HEADER_LEN
            || u32_at(b, H_MAGIC) != u32::from_le_bytes(MAGIC)
            || u32_at(b, H_FORMAT) != FORMAT
        {
            return None;
        }
        let slots = u32_at(b, H_SLOTS);
        let buckets = u32_at(b, H_BUCKETS);
        let aliases = u32_at(b, H_ALIASES) as usize;
        let pilots_at = HEADER_LEN;
        let slots_at = pilots_at + buckets as usize;
        let aliases_at = slots_at + SLOT_LEN * slots as usize;
        let arena_at = aliases_at + ALIAS_LEN * aliases;
        let version_at = arena_at + u32_at(b, H_ARENA) as usize;
        let end = version_at + u32_at(b, H_VERSION) as usize;
        let (Some(slot_shift), Some(bucket_shift)) = (shift_of(slots), shift_of(buckets)) else {
            return None;
        };
        if end + 1 != b.len() || b[end] != 0 {
            return None;
        }
        let root = u32_at(b, H_ROOT);
        Some(Layout {
            slot_shift,
            bucket_shift,
            aliases,
            pilots_at,
            slots_at,
            aliases_at,
            arena_at,
            version_at,
            end,
            basis: basis(u32_at(b, H_SEED)),
            root: root as u8,
            bits: root & !0xff,
            icann: u32_at(b, H_ICANN_RULES),
            private: u32_at(b, H_PRIVATE_RULES),
        })
    }

    /// The list's version text.
    pub(crate) fn version<'b>(&self, b: &'b [u8]) -> &'b [u8] {
        b.get(self.version_at..self.end).unwrap_or(b"")
    }

    /// The list's version text and the NUL after it.
    pub(crate) fn version_with_nul<'b>(&self, b: &'b [u8]) -> &'b [u8] {
        b.get(self.version_at..=self.end).unwrap_or(b"\0")
    }
}

/// A host's answers: where its public suffix starts, and its registrable
/// domain (none when the host is a public suffix itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) suffix: usize,
    pub(crate) registrable: Option<usize>,
}

/// The parts of a table that a lookup reads.
struct View<'b> {
    pilots: &'b [u8],
    slots: &'b [u8],
    arena: &'b [u8],
    bucket_shift: u32,
    slot_shift: u32,
}

impl<'b> View<'b> {
    #[inline(always)]
    fn of(b: &'b [u8], l: &Layout) -> Option<View<'b>> {
        Some(View {
            pilots: b.get(l.pilots_at..l.slots_at)?,
            slots: b.get(l.slots_at..l.aliases_at)?,
            arena: b.get(l.arena_at..l.version_at)?,
            bucket_shift: l.bucket_shift,
            slot_shift: l.slot_shift,
        })
    }

    /// The slot of the node of running hash `h` under `parent` by
    /// `label`, with its flags; `None` when there is none. `last` is the
    /// label's last chunk (`format::chunk_of`), the whole label when it has
    /// at most 8 bytes: then one comparison of words checks it.
    #[inline(always)]
    fn probe(&self, h: u64, parent: u32, label: &[u8], last: u64) -> Option<(u32, u8)> {
        let pilot = *self.pilots.get(bucket(h, self.bucket_shift))?;
        let s = position(h, pilot, self.slot_shift);
        let rec = self.slots.get(SLOT_LEN * s..)?.first_chunk::<SLOT_LEN>()?;
        let &[p0, p1, p2, p3, l0, l1, l2, l3, flags] = rec;
        if u32::from_le_bytes([p0, p1, p2, p3]) != parent {
            return None;
        }
        let r = u32::from_le_bytes([l0, l1, l2, l3]);
        let n = label.len();
        if (r & 0xff) as usize != n {
            return None;
        }
        // The 8 bytes that end the stored label.
        let window = (r >> 8) as usize;
        let same = if n <= 8 {
            let stored = u64::from_le_bytes(*self.arena.get(window..)?.first_chunk::<8>()?);
            stored & (!0u64 << (64 - 8 * n)) == last
        } else {
            self.arena
                .get(window + 8 - n..window + 8)?
                .iter()
                .zip(label)
                .all(|(&s, &c)| LOWER[c as usize] == s)
        };
        if same {
            Some((s as u32, flags))
        } else {
            None
        }
    }
}

/// The 8 bytes of `host` (at least 8 long) that end at `pos` (at least
/// 1), as a little-endian word; when `pos` is below 8, the bytes before it
/// in the high bytes of the word, its low bytes zero.
#[inline(always)]
fn word_before(host: &[u8], pos: usize) -> u64 {
    if let Some(w) = pos
        .checked_sub(8)
        .and_then(|at| host.get(at..pos)?.first_chunk::<8>())
    {
        return u64::from_le_bytes(*w);
    }
    host.first_chunk::<8>().map_or(0, |w| {
        u64::from_le_bytes(*w).wrapping_shl(64 - 8 * pos as u32)
    })
}

/// The label of `host` (at least 8 bytes long) that ends at `end`: where
/// it starts, the running hash `h` extended by it, and its last chunk
/// (lower-cased, in the high bytes of a word), which is the whole label
/// when it has at most 8 bytes. An empty label starts at `end`.
#[inline(always)]
fn read_label(host: &[u8], end: usize, h: u64) -> (usize, u64, u64) {
    if end == 0 {
        return (0, h, 0);
    }
    let w = lower8(word_before(host, end));
    let d = dots8(w);
    if d != 0 {
        // The bytes above the last dot are the label.
        let k = d.leading_zeros() / 8;
        if k == 0 {
            return (end, h, 0);
        }
        let c = w & (!0u64 << (64 - 8 * k));
        return (end - k as usize, finish(mix(h, c), k as usize), c);
    }
    if end <= 8 {
        return (0, finish(mix(h, w), end), w);
    }
    read_long_label(host, end, mix(h, w), w)
}

/// [`read_label`] for a label of more than 8 bytes (or of 8 exactly),
/// from its second chunk on: `h` has its first.
#[inline(never)]
fn read_long_label(host: &[u8], end: usize, mut h: u64, last: u64) -> (usize, u64, u64) {
    let mut pos = end - 8;
    loop {
        let w = lower8(word_before(host, pos));
        let d = dots8(w);
        if d != 0 {
            let k = d.leading_zeros() / 8;
            if k > 0 {
                h = mix(h, w & (!0u64 << (64 - 8 * k)));
            }
            let start = pos - k as usize;
            return (start, finish(h, end - start), last);
        }
        h = mix(h, w);
        if pos <= 8 {
            return (0, finish(h, end), last);
        }
        pos -= 8;
    }
}

/// The node an alias slot stands for, and its running hash.
#[cold]
fn alias(b: &[u8], l: &Layout, slot: u32) -> Option<(u32, u64)> {
    let (mut lo, mut hi) = (0, l.aliases);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let at = l.aliases_at + ALIAS_LEN * mid;
        let row = b.get(at..at + ALIAS_LEN)?;
        let s = u32_at(row, 0);
        if s == slot {
            let h = u64::from(u32_at(row, 8)) | u64::from(u32_at(row, 12)) << 32;
            return Some((u32_at(row, 4), h));
        }
        if s < slot {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    None
}

/// Whether a host (without its trailing dot) is an IP address: a colon
/// in its last label (IPv6, with or without brackets), or IPv4 by the URL
/// Standard's "ends in a number".
fn is_address(host: &[u8]) -> bool {
    let last = match host.iter().rposition(|&c| c == b'.') {
        Some(i) => &host[i + 1..],
        None => host,
    };
    last.contains(&b':') || is_number(last)
}

/// The public suffix and registrable domain of `host` under the sections
/// of `mask`; `None` when it has neither: it is empty or a lone dot, has
/// an empty label, or is an IP address.
#[inline]
pub(crate) fn find(b: &[u8], l: &Layout, host: &[u8], mask: u8) -> Option<Found> {
    let end = match host {
        [rest @ .., b'.'] => rest.len(),
        _ => host.len(),
    };
    if end == 0 || (l.bits & NUMERIC_TLD != 0 && is_address(&host[..end])) {
        return None;
    }
    if l.bits & INNER_WILDCARDS != 0 {
        return general(b, l, host, end, mask);
    }
    // Words are read up to 8 bytes before a label's end: a shorter host
    // is read from a copy padded to 8 bytes.
    let padded;
    let host = if host.len() < 8 {
        let mut p = [0u8; 8];
        p[..host.len()].copy_from_slice(host);
        padded = p;
        &padded[..]
    } else {
        host
    };
    let v = View::of(b, l)?;
    // The top-level label, at the root.
    let (top, mut h, last) = read_label(host, end, l.basis);
    if top == end {
        return None;
    }
    let found = if l.root & CHILDREN != 0 {
        v.probe(h, ROOT, &host[top..end], last)
    } else {
        None
    };
    let Some((mut parent, mut flags)) = found else {
        // A top-level label that is no node: the one place where an
        // address can be (rules have no colon, and no top-level label of
        // digits, or the general walk would be reading).
        if is_address(&host[..end]) {
            return None;
        }
        return answer(host, top, (top, end));
    };
    if flags & ALIAS != 0 {
        (parent, h) = alias(b, l, parent)?;
    }
    // Where the longest rule that matches starts: the top-level label
    // when none does (the list's implicit `*`).
    let mut rule = top;
    // The labels from `e` on have matched nodes.
    let mut e = top;
    loop {
        if e == 0 {
            return answer(host, rule, (0, 0));
        }
        let (s, hash, last) = read_label(host, e - 1, h);
        if s == e - 1 {
            return None;
        }
        if flags & mask & WILD != 0 {
            rule = s;
        }
        let found = if flags & CHILDREN != 0 {
            v.probe(hash, parent, &host[s..e - 1], last)
        } else {
            None
        };
        let Some((slot, f)) = found else {
            return answer(host, rule, (s, e - 1));
        };
        if f & ALIAS != 0 {
            (parent, h) = alias(b, l, slot)?;
        } else {
            (parent, h) = (slot, hash);
        }
        if f & mask & EXC != 0 {
            // The first exception prevails: the public suffix is the rule
            // less its first label.
            return answer(host, e, (s, e - 1));
        }
        if f & mask & RULE != 0 {
            rule = s;
        }
        flags = f;
        e = s;
    }
}

/// The answer once the public suffix is known to start at `suffix`: the
/// label before it makes the registrable domain; `last` is the last label
/// the walk read, often that one. `None` if the host has an empty label
/// there or before.
#[inline(always)]
fn answer(host: &[u8], suffix: usize, last: (usize, usize)) -> Option<Found> {
    if suffix == 0 {
        return Some(Found {
            suffix,
            registrable: None,
        });
    }
    let start = if last.1 + 1 == suffix {
        last.0
    } else {
        host[..suffix - 1]
            .iter()
            .rposition(|&c| c == b'.')
            .map_or(0, |i| i + 1)
    };
    if start + 1 == suffix {
        return None;
    }
    // The labels before the registrable domain: none may be empty (a
    // leading dot makes an empty first label).
    let mut prev = b'.';
    for &c in &host[..start] {
        if c == b'.' && prev == b'.' {
            return None;
        }
        prev = c;
    }
    Some(Found {
        suffix,
        registrable: Some(start),
    })
}

/// What the branches of the general walk found: the starts of the
/// longest rule and of the public suffix of the shortest exception.
#[derive(Default)]
struct Best {
    rule: Option<usize>,
    exception: Option<usize>,
    empty_label: bool,
}

/// `find` for a list with wildcards inside its rules: every node that
/// matches is followed, the labels' own and `*`.
fn general(b: &[u8], l: &Layout, host: &[u8], end: usize, mask: u8) -> Option<Found> {
    if is_address(&host[..end]) {
        return None;
    }
    let mut best = Best::default();
    walk(b, l, host, end, end, ROOT, l.basis, l.root, mask, &mut best);
    let top = host[..end]
        .iter()
        .rposition(|&c| c == b'.')
        .map_or(0, |i| i + 1);
    if best.empty_label || top == end {
        return None;
    }
    let suffix = best.exception.or(best.rule).unwrap_or(top);
    answer(host, suffix, (top, end))
}

/// The general walk from the node `parent` (running hash `h`, flags
/// `flags`), whose suffix starts at `i`.
#[allow(clippy::too_many_arguments)]
fn walk(
    b: &[u8],
    l: &Layout,
    host: &[u8],
    end: usize,
    i: usize,
    parent: u32,
    h: u64,
    flags: u8,
    mask: u8,
    best: &mut Best,
) {
    if i == 0 {
        return;
    }
    let e = if i == end { end } else { i - 1 };
    let s = host[..e]
        .iter()
        .rposition(|&c| c == b'.')
        .map_or(0, |i| i + 1);
    if s == e {
        best.empty_label = true;
        return;
    }
    if flags & mask & WILD != 0 {
        best.rule = Some(best.rule.map_or(s, |r| r.min(s)));
    }
    if flags & CHILDREN == 0 {
        return;
    }
    let Some(v) = View::of(b, l) else {
        return;
    };
    let own = label_hash(h, &host[s..e]);
    let star = label_hash(h, b"*");
    for (hash, label) in [(own, &host[s..e]), (star, &b"*"[..])] {
        let last = chunk_of(&label[label.len().saturating_sub(8)..]);
        let Some((slot, f)) = v.probe(hash, parent, label, last) else {
            continue;
        };
        let Some((node, hash)) = (if f & ALIAS != 0 {
            alias(b, l, slot)
        } else {
            Some((slot, hash))
        }) else {
            continue;
        };
        if f & mask & RULE != 0 {
            best.rule = Some(best.rule.map_or(s, |r| r.min(s)));
        }
        if f & mask & EXC != 0 {
            // The first (shortest) exception prevails, as in `find`.
            best.exception = Some(best.exception.map_or(e + 1, |x| x.max(e + 1)));
        }
        walk(b, l, host, end, s, node, hash, f, mask, best);
        if label == b"*" {
            // The host's label is `*` itself: the second probe is the same.
            break;
        }
    }
}

#[cfg(test)]
impl Layout {
    /// The list bits, for the unit tests.
    pub(crate) fn bits_for_test(&self) -> u32 {
        self.bits
    }
}
