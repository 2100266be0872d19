//! The matcher: a host's public suffix and registrable domain, read from
//! a serialised table (`format`) with no allocation, the same code for
//! the built-in list and a loaded one.
//!
//! The host is read once from its end, 8 bytes at a time: each label
//! extends the running hash, and the table is probed for the suffix read
//! so far, until a suffix is not a node (or a node has no child in the
//! sections asked for). The first probe is for the last two labels at
//! once when the top-level label allows it (`format`, the filter): most
//! hosts' answers are known after it. What the nodes passed say (rule,
//! exception, wildcard under it, in the sections asked for) decides the
//! prevailing rule, as the list's algorithm does.

use super::format::*;

/// An offset that is no answer.
pub(crate) const NONE: usize = usize::MAX;
/// Neither answer.
const NEITHER: (usize, usize) = (NONE, NONE);

/// Where the parts of a serialised table are, read once from its header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// The number of slots, and the shift of `format::bucket`.
    slots: u64,
    bucket_shift: u32,
    pilots_at: usize,
    arena_at: usize,
    version_at: usize,
    end: usize,
    basis: u64,
    /// The root's flags, with both wildcard bits: the list's implicit `*`.
    root: u16,
    bits: u32,
    filter: [u64; 4],
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
        let pilots_at = HEADER_LEN + SLOT_LEN * slots as usize;
        let arena_at = pilots_at + buckets as usize;
        let version_at = arena_at + u32_at(b, H_ARENA) as usize;
        let end = version_at + u32_at(b, H_VERSION) as usize;
        let Some(bucket_shift) = shift_of(buckets) else {
            return None;
        };
        if slots == 0 || end + 1 != b.len() || b[end] != 0 {
            return None;
        }
        let root = u32_at(b, H_ROOT);
        Some(Layout {
            slots: slots as u64,
            bucket_shift,
            pilots_at,
            arena_at,
            version_at,
            end,
            basis: basis(u32_at(b, H_SEED)),
            root: (root & 0xff) as u16 | WILD,
            bits: root & !0xff,
            filter: [
                u64_at(b, H_FILTER),
                u64_at(b, H_FILTER + 8),
                u64_at(b, H_FILTER + 16),
                u64_at(b, H_FILTER + 24),
            ],
            icann: u32_at(b, H_ICANN_RULES),
            private: u32_at(b, H_PRIVATE_RULES),
        })
    }

    /// The layout of no table: what the built-in list is while
    /// `make psl-builtin` writes a table of a new format (mod.rs).
    pub(crate) const EMPTY: Layout = Layout {
        slots: 1,
        bucket_shift: 63,
        pilots_at: 0,
        arena_at: 0,
        version_at: 0,
        end: 0,
        basis: 0,
        root: WILD,
        bits: 0,
        filter: [0; 4],
        icann: 0,
        private: 0,
    };

    /// The list's version text.
    pub(crate) fn version<'b>(&self, b: &'b [u8]) -> &'b [u8] {
        b.get(self.version_at..self.end).unwrap_or(b"")
    }

    /// The list's version text and the NUL after it.
    pub(crate) fn version_with_nul<'b>(&self, b: &'b [u8]) -> &'b [u8] {
        b.get(self.version_at..=self.end).unwrap_or(b"\0")
    }

    /// Whether the top-level node of running hash `h`, if there is one,
    /// may have a wildcard rule under it.
    #[inline(always)]
    fn filtered(&self, h: u64) -> bool {
        self.filter[(h >> 62) as usize] >> ((h >> 56) & 63) & 1 != 0
    }
}

/// The 8 bytes of `b` from `at`, little-endian; 0 past the end.
#[inline(always)]
fn word_at(b: &[u8], at: usize) -> u64 {
    b.get(at..)
        .and_then(<[u8]>::first_chunk::<8>)
        .map_or(0, |w| u64::from_le_bytes(*w))
}

/// A table as a lookup reads it.
struct View<'b> {
    /// The whole table, and the same in slots' worth: the header is the
    /// first [`FIRST_SLOT`] of them, the slots follow.
    b: &'b [u8],
    chunks: &'b [[u8; SLOT_LEN]],
    l: &'b Layout,
}

/// Where the slots start, in slots' worth.
const FIRST_SLOT: usize = HEADER_LEN / SLOT_LEN;

impl<'b> View<'b> {
    #[inline(always)]
    fn of(b: &'b [u8], l: &'b Layout) -> View<'b> {
        View {
            b,
            chunks: b.as_chunks::<SLOT_LEN>().0,
            l,
        }
    }

    /// Slot `i`.
    #[inline(always)]
    fn slot(&self, i: usize) -> Option<&'b [u8; SLOT_LEN]> {
        self.chunks.get(i.wrapping_add(FIRST_SLOT))
    }

    /// The slot that the key `h` can be in.
    #[inline(always)]
    fn slot_of(&self, h: u64) -> Option<(usize, &'b [u8; SLOT_LEN])> {
        let pilot = *self.b.get(
            self.l
                .pilots_at
                .wrapping_add(bucket(h, self.l.bucket_shift)),
        )?;
        let i = position(h, pilot, self.l.slots);
        Some((i, self.slot(i)?))
    }
}

/// A slot's label word and meta (`format::meta`).
#[inline(always)]
fn fields(slot: &[u8; SLOT_LEN]) -> (u64, u64) {
    let (word, meta) = slot.split_at(8);
    let word = word
        .first_chunk::<8>()
        .map_or(0, |w| u64::from_le_bytes(*w));
    let meta = meta
        .first_chunk::<8>()
        .map_or(0, |w| u64::from_le_bytes(*w));
    (word, meta)
}

/// The first bytes of a host shorter than 8, the rest of the word zero.
#[inline(always)]
fn short_word(b: &[u8]) -> u64 {
    let n = b.len() as u32;
    if let (Some(lo), Some(hi)) = (b.first_chunk::<4>(), b.last_chunk::<4>()) {
        return u64::from(u32::from_le_bytes(*lo))
            | u64::from(u32::from_le_bytes(*hi)) << (8 * (n - 4));
    }
    if let (Some(lo), Some(hi)) = (b.first_chunk::<2>(), b.last_chunk::<2>()) {
        return u64::from(u16::from_le_bytes(*lo))
            | u64::from(u16::from_le_bytes(*hi)) << (8 * (n - 2));
    }
    b.first().map_or(0, |&c| u64::from(c))
}

/// A host, read from its end 8 bytes at a time.
struct Host<'h> {
    bytes: &'h [u8],
    /// Its first 8 bytes (all of it when it is shorter, then zeros), as a
    /// little-endian word.
    first: u64,
}

impl<'h> Host<'h> {
    #[inline(always)]
    fn new(bytes: &'h [u8]) -> Host<'h> {
        let first = match bytes.first_chunk::<8>() {
            Some(w) => u64::from_le_bytes(*w),
            None => short_word(bytes),
        };
        Host { bytes, first }
    }

    /// The 8 bytes that end at `p`, little-endian; when `p` is below 8, the
    /// bytes before it in the high bytes of the word, its low bytes zero.
    #[inline(always)]
    fn word_before(&self, p: usize) -> u64 {
        if p < 8 {
            return self.first.checked_shl(64 - 8 * p as u32).unwrap_or(0);
        }
        self.bytes
            .get(p - 8..p)
            .and_then(|w| <[u8; 8]>::try_from(w).ok())
            .map_or(0, u64::from_le_bytes)
    }

    /// The label that ends at `e`: where it starts, the running
    /// hash `h` extended by it, and its last chunk as read (in the high
    /// bytes of a word, the others zero), which is the whole label when it
    /// has at most 8 bytes. An empty label starts at `e`.
    #[inline(always)]
    fn label(&self, e: usize, h: u64) -> (usize, u64, u64) {
        let w = self.word_before(e);
        let d = dots8(w);
        if d != 0 {
            // The bytes above the last dot are the label.
            let k = (d.leading_zeros() / 8) as usize;
            if k == 0 {
                return (e, h, 0);
            }
            let m = high_bytes(k);
            let r = w & m;
            return (e - k, finish(mix(h, r, m), k), r);
        }
        if e <= 8 {
            // The label starts the host (and is empty at 0).
            if e == 0 {
                return (0, h, 0);
            }
            return (0, finish(mix(h, w, high_bytes(e)), e), w);
        }
        // 8 bytes or more: the 8 before them.
        let h = mix(h, w, !0);
        let p = e - 8;
        let w2 = self.word_before(p);
        let d = dots8(w2);
        if d != 0 {
            let k = (d.leading_zeros() / 8) as usize;
            let h = if k > 0 {
                let m = high_bytes(k);
                mix(h, w2 & m, m)
            } else {
                h
            };
            return (p - k, finish(h, e - p + k), w);
        }
        if p <= 8 {
            return (0, finish(mix(h, w2, high_bytes(p)), e), w);
        }
        self.long_label(e, p, mix(h, w2, !0), w)
    }

    /// `label` for a label of more than 16 bytes that does not start the
    /// host's first 16: `h` is extended by its bytes from `p - 8` on, and
    /// `last` is the 8 bytes that end it.
    #[inline(never)]
    fn long_label(&self, e: usize, mut p: usize, mut h: u64, last: u64) -> (usize, u64, u64) {
        p -= 8;
        loop {
            let w = self.word_before(p);
            let d = dots8(w);
            if d != 0 {
                let k = (d.leading_zeros() / 8) as usize;
                if k > 0 {
                    let m = high_bytes(k);
                    h = mix(h, w & m, m);
                }
                let start = p - k;
                return (start, finish(h, e - start), last);
            }
            if p <= 8 {
                h = mix(h, w, high_bytes(p));
                return (0, finish(h, e), last);
            }
            h = mix(h, w, !0);
            p -= 8;
        }
    }

    /// Where the label that ends at `e` starts, its last 8 bytes read
    /// here.
    #[inline(always)]
    fn start_near(&self, e: usize) -> usize {
        let d = dots8(self.word_before(e));
        if d != 0 {
            return e - (d.leading_zeros() / 8) as usize;
        }
        if e <= 8 {
            return 0;
        }
        self.start(e - 8)
    }

    /// Where the label that ends at `e` starts.
    #[inline(never)]
    fn start(&self, e: usize) -> usize {
        let mut p = e;
        loop {
            let d = dots8(self.word_before(p));
            if d != 0 {
                return p - (d.leading_zeros() / 8) as usize;
            }
            if p <= 8 {
                return 0;
            }
            p -= 8;
        }
    }

    /// Whether the labels before `n` (1 or more, a dot at `n - 1`) have an
    /// empty one: a dot first, or two dots in a row.
    #[inline(always)]
    fn empty_label_before(&self, n: usize) -> bool {
        if n <= 8 {
            // A dot first, or a dot after a dot, among the first n bytes.
            let d = dots8(self.first) & (!0u64 >> (64 - 8 * n as u32));
            return d & ((d << 8) | 0x80) != 0;
        }
        self.empty_label_in_long(n)
    }

    /// `empty_label_before` for more than 8 bytes.
    #[inline(never)]
    fn empty_label_in_long(&self, n: usize) -> bool {
        if self.first as u8 == b'.' {
            return true;
        }
        // Words that overlap by a byte, so that each pair of bytes is in one.
        let mut p = n;
        loop {
            let d = dots8(self.word_before(p));
            if d & (d << 8) != 0 {
                return true;
            }
            if p <= 8 {
                return false;
            }
            p -= 7;
        }
    }

    /// Whether the label `s..e`, whose last chunk is `r`, is the label of
    /// a slot of label word `word` and meta `meta`, of its length.
    #[inline(always)]
    fn is_label(&self, v: &View<'_>, word: u64, meta: u64, s: usize, e: usize, r: u64) -> bool {
        same_word(word, r) && (e - s <= 8 || self.is_head(v, head_of(meta), s, e - 8))
    }

    /// Whether the head `s..e` of a label of more than 8 bytes is the one
    /// the arena has at `off`: compared 8 bytes at a time from its end.
    #[inline(always)]
    fn is_head(&self, v: &View<'_>, off: usize, s: usize, e: usize) -> bool {
        // The arena's first 8 bytes are room for the word before a head.
        let base = v.l.arena_at.wrapping_add(off).wrapping_sub(8);
        let j = e - s;
        if j <= 8 {
            let m = high_bytes(j);
            return same_word(
                word_at(v.b, base.wrapping_add(j)) & m,
                self.word_before(e) & m,
            );
        }
        self.is_long_head(v, base, s, e)
    }

    /// `is_head` for a head of more than 8 bytes (`base` the arena's
    /// offset 8 bytes before it).
    #[inline(never)]
    fn is_long_head(&self, v: &View<'_>, base: usize, s: usize, e: usize) -> bool {
        let mut j = e - s;
        loop {
            let m = high_bytes(j.min(8));
            if !same_word(
                word_at(v.b, base.wrapping_add(j)) & m,
                self.word_before(s + j) & m,
            ) {
                return false;
            }
            if j <= 8 {
                return true;
            }
            j -= 8;
        }
    }
}

/// The slot of the node of running hash `h` under `parent` by the label
/// `s..e` of `host` (last chunk `r`), with its meta; `None` when there is
/// none.
#[inline(always)]
fn probe(
    v: &View<'_>,
    host: &Host<'_>,
    h: u64,
    parent: u32,
    (s, e, r): (usize, usize, u64),
) -> Option<(u32, u64)> {
    let (i, slot) = v.slot_of(h)?;
    let (word, meta) = fields(slot);
    if meta & PARENT_AND_LEN != u64::from(parent) | ((e - s) as u64) << 24
        || !host.is_label(v, word, meta, s, e, r)
    {
        return None;
    }
    Some((i as u32, meta))
}

/// The slot of the node of the host's last two labels, `s..e` (last
/// chunk `r`, running hash `h`) and the top-level label of `k` bytes, at
/// most 8, that are `top`, with its meta; `None` when there is none.
#[inline(always)]
fn probe_two(
    v: &View<'_>,
    host: &Host<'_>,
    h: u64,
    (s, e, r): (usize, usize, u64),
    (k, top): (usize, u64),
) -> Option<(u32, u64)> {
    let (i, slot) = v.slot_of(h)?;
    let (word, meta) = fields(slot);
    if len_of(meta) != e - s || !host.is_label(v, word, meta, s, e, r) {
        return None;
    }
    // Its parent must be the top-level node of that label.
    // A top-level node's parent, ROOT, is no slot (a table has fewer than
    // `MAX_SLOTS`, and fewer bytes than slot ROOT would be at).
    let (pword, pmeta) = fields(v.slot((meta & u64::from(EMPTY)) as usize)?);
    if pmeta & PARENT_AND_LEN != u64::from(ROOT) | (k as u64) << 24 || !same_word(pword, top) {
        return None;
    }
    Some((i as u32, meta))
}

/// The node that an alias slot of meta `meta` stands for, and its
/// running hash: the 12 bytes before its head.
#[inline(always)]
fn alias(v: &View<'_>, meta: u64) -> Option<(u32, u64)> {
    let at = (v.l.arena_at + head_of(meta)).checked_sub(ALIAS_NODE)?;
    let row = v.b.get(at..)?.first_chunk::<ALIAS_NODE>()?;
    let (node, hash) = row.split_at(4);
    let node = u32::from_le_bytes(node.try_into().ok()?);
    let hash = u64::from_le_bytes(hash.try_into().ok()?);
    Some((node, hash))
}

/// Whether a top-level label (the whole label) is an IP address's: a
/// colon in it (IPv6, with or without brackets), or IPv4 by the URL
/// Standard's "ends in a number".
#[cold]
fn is_address(top: &[u8]) -> bool {
    top.contains(&b':') || is_number(top)
}

/// [`is_address`] of the label `host[top..end]`, out of the lookup's way.
#[cold]
fn is_address_at(host: &[u8], top: usize, end: usize) -> bool {
    host.get(top..end).is_some_and(is_address)
}

/// Whether a top-level label of `k` bytes whose last chunk is `r` may be
/// an address's: it has a byte that is a digit, a colon or below (or more
/// than 8 bytes).
#[inline(always)]
fn may_be_address(r: u64, k: usize) -> bool {
    if k > 8 {
        return true;
    }
    let x = r | !high_bytes(k);
    x.wrapping_sub(0x3b * ONES) & !x & HIGHS != 0
}

/// The public suffix and registrable domain of `host` under the sections
/// of `mask`: where each starts, [`NONE`] for the registrable domain of a
/// host that is a public suffix itself, and for both when the host has
/// neither: it is empty or a lone dot, has an empty label, or is an IP
/// address.
#[inline(always)]
pub(crate) fn find(b: &[u8], l: &Layout, host: &[u8], mask: u16) -> (usize, usize) {
    let end = match host {
        [rest @ .., b'.'] => rest.len(),
        _ => host.len(),
    };
    if end == 0 {
        return NEITHER;
    }
    let v = View::of(b, l);
    let hs = Host::new(host);
    let (top, h1, r1) = hs.label(end, l.basis);
    let k1 = end - top;
    if k1 == 0 {
        return NEITHER;
    }
    if top == 0 {
        // One label: its own public suffix (no rule has one label fewer).
        if may_be_address(r1, k1) && is_address_at(host, 0, end) {
            return NEITHER;
        }
        return (0, NONE);
    }
    let e2 = top - 1;
    if k1 <= 8 && r1 & HIGHS == 0 && !l.filtered(h1) {
        // An ASCII top-level label (no alias) without a wildcard rule under
        // it: one probe for the last two labels.
        let (s2, h2, r2) = hs.label(e2, h1);
        if s2 == e2 {
            return NEITHER;
        }
        let Some((i, meta)) = probe_two(&v, &hs, h2, (s2, e2, r2), (k1, r1)) else {
            // Its top-level label is the public suffix, whether a node or not.
            if may_be_address(r1, k1) && is_address_at(host, top, end) {
                return NEITHER;
            }
            return answer(&hs, top, (s2, e2));
        };
        let f = flags_of(meta) & (mask | ALIAS);
        let (parent, h) = if f & ALIAS != 0 {
            match alias(&v, meta) {
                Some(n) => n,
                None => return NEITHER,
            }
        } else {
            (i, h2)
        };
        if f & EXC != 0 {
            return answer(&hs, top, (s2, e2));
        }
        let rule = if f & RULE != 0 { s2 } else { top };
        return walk(&v, &hs, mask, (parent, h, f), rule, (s2, e2));
    }
    if l.bits & (INNER_WILDCARDS | NUMERIC_TLD) != 0 {
        return general(b, l, host, end, mask);
    }
    if is_address_at(host, top, end) {
        return NEITHER;
    }
    // From the root, a label at a time.
    walk(
        &v,
        &hs,
        mask,
        (ROOT, l.basis, l.root & mask),
        end,
        (end + 1, end + 1),
    )
}

/// The walk from the node `(parent slot, running hash, flags)` (the
/// flags of the sections of `mask` only, and `ALIAS`) that the
/// labels from `last.0` on have matched (`last` the first of them, or
/// `end + 1` at the root), the longest rule so far starting at `rule`.
#[inline(always)]
fn walk(
    v: &View<'_>,
    host: &Host<'_>,
    mask: u16,
    (mut parent, mut h, mut flags): (u32, u64, u16),
    mut rule: usize,
    mut last: (usize, usize),
) -> (usize, usize) {
    loop {
        let e = last.0;
        if e == 0 {
            return answer(host, rule, last);
        }
        let le = e - 1;
        if flags & KIDS == 0 {
            // No probe: the label before is the last one read.
            let s = host.start_near(le);
            if s == le {
                return NEITHER;
            }
            if flags & WILD != 0 {
                rule = s;
            }
            return answer(host, rule, (s, le));
        }
        let (s, hash, r) = host.label(le, h);
        if s == le {
            return NEITHER;
        }
        if flags & WILD != 0 {
            rule = s;
        }
        let Some((slot, meta)) = probe(v, host, hash, parent, (s, le, r)) else {
            return answer(host, rule, (s, le));
        };
        let f = flags_of(meta) & (mask | ALIAS);
        (parent, h) = if f & ALIAS != 0 {
            match alias(v, meta) {
                Some(n) => n,
                None => return NEITHER,
            }
        } else {
            (slot, hash)
        };
        if f & EXC != 0 {
            // The first exception prevails: the public suffix is the rule
            // less its first label.
            return answer(host, e, (s, le));
        }
        if f & RULE != 0 {
            rule = s;
        }
        flags = f;
        last = (s, le);
    }
}

/// The answer once the public suffix is known to start at `suffix`: the
/// label before it makes the registrable domain; `last` is a label the
/// walk read (start, end), often that one. [`NEITHER`] if the host has an
/// empty label there or before.
#[inline(always)]
fn answer(host: &Host<'_>, suffix: usize, last: (usize, usize)) -> (usize, usize) {
    if suffix == 0 {
        return (0, NONE);
    }
    let start = if last.1 + 1 == suffix {
        last.0
    } else {
        let s = host.start(suffix - 1);
        if s + 1 == suffix {
            return NEITHER;
        }
        s
    };
    if start != 0 && host.empty_label_before(start) {
        return NEITHER;
    }
    (suffix, start)
}

/// What the branches of the general walk found: the starts of the
/// longest rule and of the public suffix of the shortest exception.
#[derive(Default)]
struct Best {
    rule: Option<usize>,
    exception: Option<usize>,
    empty_label: bool,
}

/// `find` for a list with wildcards inside its rules or a top-level label
/// of digits: every node that matches is followed, the labels' own and
/// `*`.
#[cold]
fn general(b: &[u8], l: &Layout, host: &[u8], end: usize, mask: u16) -> (usize, usize) {
    // Slices by `get`, here and below: the lookup runs under
    // `guard_no_unwind` in C, and a slice that cannot fail is still a
    // panic to the compiler.
    let head = host.get(..end).unwrap_or_default();
    let top = head.iter().rposition(|&c| c == b'.').map_or(0, |i| i + 1);
    if head.get(top..).is_some_and(is_address) {
        return NEITHER;
    }
    let mut best = Best::default();
    let at = (end, end);
    walk_all(
        &View::of(b, l),
        host,
        at,
        (ROOT, l.basis, l.root),
        mask,
        &mut best,
    );
    if best.empty_label || top == end {
        return NEITHER;
    }
    let suffix = best.exception.or(best.rule).unwrap_or(top);
    answer(&Host::new(host), suffix, (top, end))
}

/// The slot of the node of running hash `h` under `parent` by `label`,
/// with its meta, for the general walk.
fn probe_bytes(v: &View<'_>, h: u64, parent: u32, label: &[u8]) -> Option<(u32, u64)> {
    let (i, slot) = v.slot_of(h)?;
    let (word, meta) = fields(slot);
    let n = label.len();
    if meta & PARENT_AND_LEN != u64::from(parent) | (n as u64) << 24 {
        return None;
    }
    let (head, tail) = label.split_at_checked(n.saturating_sub(8))?;
    let same = same_word(word, chunk_of(tail))
        && (head.is_empty() || {
            let at = v.l.arena_at.checked_add(head_of(meta))?;
            v.b.get(at..at.checked_add(head.len())?)?
                .eq_ignore_ascii_case(head)
        });
    same.then_some((i as u32, meta))
}

/// The general walk from the node `(parent, running hash, flags)`, whose
/// suffix starts at `at.0`; `at.1` is `end` at the root.
fn walk_all(
    v: &View<'_>,
    host: &[u8],
    at: (usize, usize),
    (parent, h, flags): (u32, u64, u16),
    mask: u16,
    best: &mut Best,
) {
    let (i, end) = at;
    if i == 0 {
        return;
    }
    let e = if i == end { end } else { i - 1 };
    let before = host.get(..e).unwrap_or_default();
    let s = before.iter().rposition(|&c| c == b'.').map_or(0, |i| i + 1);
    let label = before.get(s..).unwrap_or_default();
    if s == e {
        best.empty_label = true;
        return;
    }
    if flags & mask & WILD != 0 {
        best.rule = Some(best.rule.map_or(s, |r| r.min(s)));
    }
    if flags & mask & KIDS == 0 {
        return;
    }
    let own = label_hash(h, label);
    let star = label_hash(h, b"*");
    for (hash, label) in [(own, label), (star, &b"*"[..])] {
        let Some((slot, meta)) = probe_bytes(v, hash, parent, label) else {
            continue;
        };
        let f = flags_of(meta);
        let Some((node, hash)) = (if f & ALIAS != 0 {
            alias(v, meta)
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
        walk_all(v, host, (s, end), (node, hash, f), mask, best);
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

/// The general walk on any list, for the unit tests that compare `find`
/// with it.
#[cfg(test)]
pub(crate) fn find_by_general_walk(b: &[u8], l: &Layout, host: &[u8], mask: u16) -> (usize, usize) {
    let end = match host {
        [rest @ .., b'.'] => rest.len(),
        _ => host.len(),
    };
    if end == 0 {
        return NEITHER;
    }
    general(b, l, host, end, mask)
}
