//! The serialised form of a list: its header, the flags of a node, and the
//! hash that the builder places keys with and the matcher finds them by.
//! A leaf: both `build` and `table` read it.
//!
//! A list is a trie over labels, read from the right (`com`, then
//! `example`), whose every edge is a key of one hash table: the key of a
//! node is the hash of its suffix read right to left, label by label, each
//! label in chunks of 8 bytes from its end (the *running hash*), so a
//! lookup extends one hash while it reads the host from its end, 8 bytes
//! at a time. A slot holds the node's label (its bytes when it has at
//! most 8), the slot of its parent node and the node's flags; a probe is
//! right when both parent and label agree.
//!
//! ```text
//! header   HEADER_LEN bytes, little-endian u32 fields (the offsets below)
//! slots    n_slots × SLOT_LEN: the label word u64 and the slot's meta u64
//!          (little-endian): parent slot (24 bits), label length (8),
//!          flags (9), the arena offset of a long label's head (23)
//! pilots   n_buckets bytes: the displacement of each bucket's keys
//! arena    8 zero bytes, the heads of the labels of more than 8 bytes,
//!          then each alias's node: its slot u32 and running hash u64,
//!          before its label's head (see below)
//! version  the list's version text, then a NUL
//! ```
//!
//! A slot's *label word* is the last 8 bytes of its label, or all of a
//! shorter one, in ASCII lower case, in the high bytes of a little-endian
//! word (the label's last byte the word's last), its low bytes zero: as
//! the matcher reads them from the host. The bytes before them, the
//! *head* of a label of more than 8 bytes, are in the arena.
//!
//! Every node is keyed by its label in A-label form (ASCII, lower case);
//! a label that has a U-label form too has a second key, an *alias*, whose
//! slot carries [`ALIAS`]: the 12 bytes before its head in the arena name
//! the node it stands for, so that the children of either form are found
//! under the one node.
//!
//! The header also holds a filter of 256 bits: the bit of a top-level
//! node's running hash (its top 8 bits) is set when `*` under it is a rule,
//! and every bit when the list is read by the general walk (`table`). A
//! lookup whose top-level label's bit is clear may probe for the node of
//! its last two labels at once: then what the top-level node says does
//! not change the answer.

/// The first bytes of a serialised list.
pub(crate) const MAGIC: [u8; 4] = *b"WPSL";
/// The version of this layout: a table of another is refused.
pub(crate) const FORMAT: u32 = 2;

/// Byte offsets of the header's u32 fields.
pub(crate) const H_MAGIC: usize = 0;
pub(crate) const H_FORMAT: usize = 4;
pub(crate) const H_SLOTS: usize = 8;
pub(crate) const H_BUCKETS: usize = 12;
// At 16: the number of aliases among the slots, for the record.
pub(crate) const H_ARENA: usize = 20;
pub(crate) const H_VERSION: usize = 24;
pub(crate) const H_SEED: usize = 28;
/// The root's flags (low byte) and the list's [`INNER_WILDCARDS`] /
/// [`NUMERIC_TLD`] bits (second byte).
pub(crate) const H_ROOT: usize = 32;
pub(crate) const H_ICANN_RULES: usize = 36;
pub(crate) const H_PRIVATE_RULES: usize = 40;
/// The filter of top-level nodes with a wildcard rule: 4 little-endian u64.
pub(crate) const H_FILTER: usize = 44;
/// The header's length (then 4 zero bytes): 5 slots' worth, so that the
/// slots that follow are at a multiple of their length.
pub(crate) const HEADER_LEN: usize = 80;

/// A slot: label word u64, parent u32, label length u8, flags u16, 0.
pub(crate) const SLOT_LEN: usize = 16;
/// An alias's node in the arena: its slot u32 and its running hash u64.
pub(crate) const ALIAS_NODE: usize = 12;

/// The parent of a top-level label.
pub(crate) const ROOT: u32 = 0xff_fffe;
/// The parent of an empty slot: no node is numbered so.
pub(crate) const EMPTY: u32 = 0xff_ffff;
/// More slots than a table may have: parents are 24 bits.
pub(crate) const MAX_SLOTS: usize = 0xff_0000;
/// More bytes than a table may have: slot [`ROOT`] would be past them.
pub(crate) const MAX_TABLE: usize = 0xff_0000 * SLOT_LEN;
/// More bytes than an arena may have: its offsets are 23 bits.
pub(crate) const MAX_ARENA: usize = 1 << 23;

/// A slot's meta: its parent, its label's length, its flags and its
/// label's head.
#[inline(always)]
pub(crate) const fn meta(parent: u32, len: u8, flags: u16, head: u32) -> u64 {
    parent as u64 | (len as u64) << 24 | (flags as u64) << 32 | (head as u64) << 41
}

/// The parent and label length of a meta, as one number (see [`meta`]).
pub(crate) const PARENT_AND_LEN: u64 = 0xffff_ffff;

/// The label length of a meta.
#[inline(always)]
pub(crate) const fn len_of(meta: u64) -> usize {
    (meta >> 24) as u8 as usize
}

/// The flags of a meta.
#[inline(always)]
pub(crate) const fn flags_of(meta: u64) -> u16 {
    (meta >> 32) as u16 & 0x1ff
}

/// The arena offset of a meta's label head.
#[inline(always)]
pub(crate) const fn head_of(meta: u64) -> usize {
    (meta >> 41) as usize
}

// A node's flags. Each kind has an ICANN bit and a PRIVATE bit, the
// PRIVATE one twice the ICANN one, so a mask of the wanted sections
// selects them all at once.
/// The node is a rule of the ICANN section.
pub(crate) const RULE_ICANN: u16 = 0x01;
/// The node is a rule of the PRIVATE section.
pub(crate) const RULE_PRIVATE: u16 = 0x02;
/// The node is an exception rule (`!`) of the ICANN section.
pub(crate) const EXC_ICANN: u16 = 0x04;
/// The node is an exception rule of the PRIVATE section.
pub(crate) const EXC_PRIVATE: u16 = 0x08;
/// A wildcard rule (`*.` and this node) of the ICANN section.
pub(crate) const WILD_ICANN: u16 = 0x10;
/// A wildcard rule of the PRIVATE section.
pub(crate) const WILD_PRIVATE: u16 = 0x20;
/// The node has a child, other than a `*` that has none, under which
/// there are rules of the ICANN section.
pub(crate) const KIDS_ICANN: u16 = 0x40;
/// The node has a child under which there are rules of the PRIVATE
/// section.
pub(crate) const KIDS_PRIVATE: u16 = 0x80;
/// The slot is the other form of a label: its node is named in the arena.
pub(crate) const ALIAS: u16 = 0x100;

/// The bits of every kind in the ICANN section.
pub(crate) const MASK_ICANN: u16 = RULE_ICANN | EXC_ICANN | WILD_ICANN | KIDS_ICANN;
/// The bits of every kind in both sections.
pub(crate) const MASK_ALL: u16 =
    MASK_ICANN | RULE_PRIVATE | EXC_PRIVATE | WILD_PRIVATE | KIDS_PRIVATE;
/// Both rule bits.
pub(crate) const RULE: u16 = RULE_ICANN | RULE_PRIVATE;
/// Both exception bits.
pub(crate) const EXC: u16 = EXC_ICANN | EXC_PRIVATE;
/// Both wildcard bits.
pub(crate) const WILD: u16 = WILD_ICANN | WILD_PRIVATE;
/// Both children bits.
pub(crate) const KIDS: u16 = KIDS_ICANN | KIDS_PRIVATE;

/// The sections (bit 0 ICANN, bit 1 PRIVATE) of the rules that a node's
/// flags say are at it or under it.
#[inline(always)]
pub(crate) const fn sections_of(f: u16) -> u16 {
    (f | f >> 2 | f >> 4 | f >> 6) & 3
}

/// List bit: a `*` label that is not the leftmost of its rule, or an
/// exception on one. The matcher then follows every branch.
pub(crate) const INNER_WILDCARDS: u32 = 0x100;
/// List bit: a top-level label of digits (or `0x` and hex digits), which
/// an IPv4 host would end in. The matcher then checks for an address
/// before it looks the host up.
pub(crate) const NUMERIC_TLD: u32 = 0x200;

/// The running hash of the root: a constant changed by the seed.
#[inline(always)]
pub(crate) const fn basis(seed: u32) -> u64 {
    0xcbf2_9ce4_8422_2325 ^ ((seed as u64) << 32 | seed as u64)
}

/// One in each byte.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
pub(crate) const HIGHS: u64 = 0x8080_8080_8080_8080;
/// The bit that ASCII lower case sets, in each byte: what the running hash
/// sets in every byte of a label, so that case does not change it.
pub(crate) const FOLD: u64 = 0x2020_2020_2020_2020;

/// The 0x20 bit of each byte of `w` that is an ASCII lower-case letter.
#[inline(always)]
pub(crate) const fn lower_letters(w: u64) -> u64 {
    let low7 = w & !HIGHS;
    let at_least_a = low7 + (0x80 - b'a' as u64) * ONES;
    let above_z = low7 + (0x80 - b'z' as u64 - 1) * ONES;
    (at_least_a & !above_z & !w & HIGHS) >> 2
}

/// Whether the bytes `w` read from a host are the label word `stored` (in
/// lower case) but for ASCII case.
#[inline(always)]
pub(crate) const fn same_word(stored: u64, w: u64) -> bool {
    stored == w || (stored ^ w) & !lower_letters(stored) == 0
}

/// The high bit of each byte of `w` that is a dot.
#[inline(always)]
pub(crate) const fn dots8(w: u64) -> u64 {
    let x = w ^ (b'.' as u64 * ONES);
    !(((x & !HIGHS) + !HIGHS) | x | !HIGHS)
}

/// The high bytes of a word that hold the last `k` bytes (1 to 8).
#[inline(always)]
pub(crate) const fn high_bytes(k: usize) -> u64 {
    !0u64 << (64 - 8 * k as u32)
}

/// The running hash after one more chunk of a label: 8 bytes, or the
/// label's first 1 to 7 bytes in the high bytes of the word (its low bytes
/// zero), as read (`raw`, any case) in the high bytes `m`. A label is read
/// in chunks from its end.
#[inline(always)]
pub(crate) const fn mix(h: u64, raw: u64, m: u64) -> u64 {
    let x = (h ^ (raw | (FOLD & m))).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 32)
}

/// The running hash at the end of a label of `len` bytes: the node's key
/// in the table, and where its children's hashes start.
#[inline(always)]
pub(crate) const fn finish(h: u64, len: usize) -> u64 {
    h ^ len as u64
}

/// The chunk of the bytes `b` (at most 8, in any case): in the high bytes
/// of a word, little-endian.
#[inline(always)]
pub(crate) fn chunk_of(b: &[u8]) -> u64 {
    b.iter().fold(0u64, |w, &c| (w >> 8) | (c as u64) << 56)
}

/// The running hash of a node whose parent's is `h`, by `label`: what the
/// matcher computes while it reads the host, in chunks of 8 bytes from the
/// label's end.
pub(crate) fn label_hash(mut h: u64, label: &[u8]) -> u64 {
    let mut rest = label;
    while !rest.is_empty() {
        let (head, tail) = rest.split_at(rest.len().saturating_sub(8));
        h = mix(h, chunk_of(tail), high_bytes(tail.len()));
        rest = head;
    }
    finish(h, label.len())
}

/// The bucket of a key (a node's running hash) among the buckets, whose
/// number is a power of two, `64 - shift` bits' worth.
#[inline(always)]
pub(crate) const fn bucket(k: u64, shift: u32) -> usize {
    k.wrapping_shr(shift) as usize
}

/// The slot of a key among `n` slots under its bucket's pilot.
#[inline(always)]
pub(crate) const fn position(k: u64, pilot: u8, n: u64) -> usize {
    let x = (k ^ (pilot as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_mul(0xff51_afd7_ed55_8ccd);
    ((x as u128 * n as u128) >> 64) as usize
}

/// The shift of [`bucket`] for `n` buckets, a power of two of at least 2;
/// `None` for any other number.
pub(crate) const fn shift_of(n: u32) -> Option<u32> {
    if n < 2 || !n.is_power_of_two() {
        return None;
    }
    Some(64 - n.trailing_zeros())
}

/// Whether `label` is what an IPv4 host's last label is by the URL
/// Standard's "ends in a number": ASCII digits, or `0x` (`0X`) and hex
/// digits.
pub(crate) fn is_number(label: &[u8]) -> bool {
    match label {
        [] => false,
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        _ => label.iter().all(u8::is_ascii_digit),
    }
}

/// The little-endian u32 at `at`, `u32::MAX` past the end.
#[inline(always)]
pub(crate) const fn u32_at(b: &[u8], at: usize) -> u32 {
    if at + 4 > b.len() {
        return u32::MAX;
    }
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The little-endian u64 at `at`, 0 past the end.
#[inline(always)]
pub(crate) const fn u64_at(b: &[u8], at: usize) -> u64 {
    if at + 8 > b.len() {
        return 0;
    }
    u32_at(b, at) as u64 | (u32_at(b, at + 4) as u64) << 32
}
