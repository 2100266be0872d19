//! The serialised form of a list: its header, the flags of a node, and the
//! hash that the builder places keys with and the matcher finds them by.
//! A leaf: both `build` and `table` read it.
//!
//! A list is a trie over labels, read from the right (`com`, then
//! `example`), whose every edge is a key of one hash table: the key of a
//! node is the hash of its suffix read right to left, label by label, each
//! label in chunks of 8 bytes from its end (the *running hash*), so a
//! lookup extends one hash while it reads the host from its end, 8 bytes
//! at a time, and probes the table at each dot. A
//! slot holds the slot of its parent node, its label (in a byte arena) and
//! the node's flags; a probe is right when both parent and label agree.
//!
//! ```text
//! header   HEADER_LEN bytes, little-endian u32 fields (the offsets below)
//! pilots   n_buckets bytes: the displacement of each bucket's keys
//! slots    n_slots × SLOT_LEN: parent slot u32, label u32 (the arena
//!          offset of the 8 bytes that end it << 8 | its length), flags u8
//! aliases  n_aliases × ALIAS_LEN, by slot: slot u32, node slot u32,
//!          node running hash u64 (a label's other form, see below)
//! arena    8 zero bytes, then the labels' bytes
//! version  the list's version text, then a NUL
//! ```
//!
//! Every node is keyed by its label in A-label form (ASCII, lower case);
//! a label that has a U-label form too has a second key, an *alias*, whose
//! slot carries [`ALIAS`] and names the node it stands for, so that the
//! children of either form are found under the one node.

/// The first bytes of a serialised list.
pub(crate) const MAGIC: [u8; 4] = *b"WPSL";
/// The version of this layout.
pub(crate) const FORMAT: u32 = 1;

/// Byte offsets of the header's u32 fields.
pub(crate) const H_MAGIC: usize = 0;
pub(crate) const H_FORMAT: usize = 4;
pub(crate) const H_SLOTS: usize = 8;
pub(crate) const H_BUCKETS: usize = 12;
pub(crate) const H_ALIASES: usize = 16;
pub(crate) const H_ARENA: usize = 20;
pub(crate) const H_VERSION: usize = 24;
pub(crate) const H_SEED: usize = 28;
/// The root's flags (low byte) and the list's [`INNER_WILDCARDS`] /
/// [`NUMERIC_TLD`] bits (second byte).
pub(crate) const H_ROOT: usize = 32;
pub(crate) const H_ICANN_RULES: usize = 36;
pub(crate) const H_PRIVATE_RULES: usize = 40;
/// The header's length.
pub(crate) const HEADER_LEN: usize = 44;

/// A slot: parent u32, label u32, flags u8.
pub(crate) const SLOT_LEN: usize = 9;
/// An alias: its slot u32, its node's slot u32, its node's running hash u64.
pub(crate) const ALIAS_LEN: usize = 16;

/// The parent of a top-level label.
pub(crate) const ROOT: u32 = u32::MAX - 1;
/// The parent of an empty slot: no node is numbered so.
pub(crate) const EMPTY: u32 = u32::MAX;

// A node's flags. Each kind has an ICANN bit and a PRIVATE bit, the
// PRIVATE one twice the ICANN one, so a mask of the wanted sections
// selects them all at once.
/// The node is a rule of the ICANN section.
pub(crate) const RULE_ICANN: u8 = 0x01;
/// The node is a rule of the PRIVATE section.
pub(crate) const RULE_PRIVATE: u8 = 0x02;
/// The node is an exception rule (`!`) of the ICANN section.
pub(crate) const EXC_ICANN: u8 = 0x04;
/// The node is an exception rule of the PRIVATE section.
pub(crate) const EXC_PRIVATE: u8 = 0x08;
/// A wildcard rule (`*.` and this node) of the ICANN section.
pub(crate) const WILD_ICANN: u8 = 0x10;
/// A wildcard rule of the PRIVATE section.
pub(crate) const WILD_PRIVATE: u8 = 0x20;
/// The node has a child other than a `*` that has none.
pub(crate) const CHILDREN: u8 = 0x40;
/// The slot is the other form of a label: its node is in the alias table.
pub(crate) const ALIAS: u8 = 0x80;

/// The bits of every kind in the ICANN section.
pub(crate) const MASK_ICANN: u8 = RULE_ICANN | EXC_ICANN | WILD_ICANN;
/// The bits of every kind in both sections.
pub(crate) const MASK_ALL: u8 = MASK_ICANN | RULE_PRIVATE | EXC_PRIVATE | WILD_PRIVATE;
/// Both rule bits.
pub(crate) const RULE: u8 = RULE_ICANN | RULE_PRIVATE;
/// Both exception bits.
pub(crate) const EXC: u8 = EXC_ICANN | EXC_PRIVATE;
/// Both wildcard bits.
pub(crate) const WILD: u8 = WILD_ICANN | WILD_PRIVATE;

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
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Eight bytes in ASCII lower case at once (bytes of 0x80 and up, and
/// every byte that is not `A`-`Z`, as they are).
#[inline(always)]
pub(crate) const fn lower8(w: u64) -> u64 {
    let low7 = w & !HIGHS;
    let at_least_a = low7 + (0x80 - b'A' as u64) * ONES;
    let above_z = low7 + (0x7f - b'Z' as u64) * ONES;
    let upper = at_least_a & !above_z & !w & HIGHS;
    w | (upper >> 2)
}

/// The high bit of each byte of `w` that is a dot.
#[inline(always)]
pub(crate) const fn dots8(w: u64) -> u64 {
    let x = w ^ (b'.' as u64 * ONES);
    !(((x & !HIGHS) + !HIGHS) | x | !HIGHS)
}

/// The running hash after one more chunk of a label: 8 bytes in lower
/// case, or the label's first 1 to 7 bytes in the high bytes of the word
/// (its low bytes zero). A label is read in chunks from its end.
#[inline(always)]
pub(crate) const fn mix(h: u64, chunk: u64) -> u64 {
    let x = (h ^ chunk).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 32)
}

/// The running hash at the end of a label of `len` bytes: the node's key
/// in the table, and where its children's hashes start.
#[inline(always)]
pub(crate) const fn finish(h: u64, len: usize) -> u64 {
    h ^ len as u64
}

/// The chunk of the bytes `b` (at most 8): in the high bytes of a word,
/// little-endian, lower-cased.
#[inline(always)]
pub(crate) fn chunk_of(b: &[u8]) -> u64 {
    lower8(b.iter().fold(0u64, |w, &c| (w >> 8) | (c as u64) << 56))
}

/// The running hash of a node whose parent's is `h`, by `label`: what the
/// matcher computes while it reads the host, in chunks of 8 bytes from the
/// label's end.
pub(crate) fn label_hash(mut h: u64, label: &[u8]) -> u64 {
    let mut rest = label;
    while !rest.is_empty() {
        let (head, tail) = rest.split_at(rest.len().saturating_sub(8));
        h = mix(h, chunk_of(tail));
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

/// The slot of a key among the slots, a power of two of them (`64 -
/// shift` bits' worth), under its bucket's pilot.
#[inline(always)]
pub(crate) const fn position(k: u64, pilot: u8, shift: u32) -> usize {
    (k ^ (pilot as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_mul(0xff51_afd7_ed55_8ccd)
        .wrapping_shr(shift) as usize
}

/// The shift of [`bucket`] and [`position`] for `n` buckets or slots, a
/// power of two of at least 2; `None` for any other number.
pub(crate) const fn shift_of(n: u32) -> Option<u32> {
    if n < 2 || !n.is_power_of_two() {
        return None;
    }
    Some(64 - n.trailing_zeros())
}

/// ASCII lower case, byte for byte: what the running hash reads.
pub(crate) static LOWER: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).to_ascii_lowercase();
        i += 1;
    }
    t
};

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

/// The little-endian u32 at `at`, `EMPTY` past the end.
#[inline(always)]
pub(crate) const fn u32_at(b: &[u8], at: usize) -> u32 {
    if at + 4 > b.len() {
        return EMPTY;
    }
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
