//! Character classes of the C locale, as the historical code saw bytes.
//!
//! Bytes 0x80-0xff are never letters, digits or spaces, and case mapping is
//! ASCII only, whatever the process locale is.

/// A set of bytes as a 256-bit mask, built at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// The empty set.
    pub const EMPTY: ByteSet = ByteSet([0; 4]);

    /// The set plus one byte.
    pub const fn add(self, b: u8) -> ByteSet {
        let mut w = self.0;
        w[(b >> 6) as usize] |= 1u64 << (b & 63);
        ByteSet(w)
    }

    /// The set plus every byte of `bytes`.
    pub const fn add_all(self, bytes: &[u8]) -> ByteSet {
        let mut s = self;
        let mut i = 0;
        while i < bytes.len() {
            s = s.add(bytes[i]);
            i += 1;
        }
        s
    }

    /// The set plus every byte from `lo` to `hi` inclusive.
    pub const fn add_range(self, lo: u8, hi: u8) -> ByteSet {
        let mut s = self;
        let mut b = lo;
        loop {
            s = s.add(b);
            if b == hi {
                break;
            }
            b += 1;
        }
        s
    }

    /// The union of two sets.
    pub const fn union(self, other: ByteSet) -> ByteSet {
        ByteSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// Whether `b` is in the set.
    #[inline(always)]
    pub const fn contains(&self, b: u8) -> bool {
        (self.0[(b >> 6) as usize] >> (b & 63)) & 1 == 1
    }
}

/// `A-Z a-z`.
pub const LETTERS: ByteSet = ByteSet::EMPTY.add_range(b'A', b'Z').add_range(b'a', b'z');
/// `0-9`.
pub const DIGITS: ByteSet = ByteSet::EMPTY.add_range(b'0', b'9');
/// `A-Z a-z 0-9`.
pub const ALNUM: ByteSet = LETTERS.union(DIGITS);
/// C `isspace`: space, `\t \n \v \f \r`.
pub const SPACES: ByteSet = ByteSet::EMPTY.add_all(b" \t\n\x0b\x0c\r");
/// `0-9 A-F a-f`.
pub const HEX_DIGITS: ByteSet = DIGITS.add_range(b'A', b'F').add_range(b'a', b'f');

/// C `isspace` in the C locale.
#[inline(always)]
pub const fn is_space(b: u8) -> bool {
    SPACES.contains(b)
}

/// The historical hex value: `0-9`, `A-F`, `a-f` give 0..15, **any other byte 0**.
#[inline(always)]
pub const fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'A'..=b'F' => b - b'A' + 10,
        b'a'..=b'f' => b - b'a' + 10,
        _ => 0,
    }
}

/// Upper-case hex digits, as every encoder emits them.
pub const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Sixteen bytes, as a vector lane each.
pub(crate) type Block = [u8; 16];

/// A block's lanes as a scan marks them: 0xff where a byte stops the
/// scan, 0 elsewhere.
pub(crate) type Lanes = [u8; 16];

/// Whether a scan marked any lane of a block.
///
/// Written as an `or` of the lanes, which the compiler turns into one
/// `pmovmskb` and a test; the lanes as a `u128` compared with zero go
/// through the stack and back first.
#[inline(always)]
pub(crate) fn any_lane(m: &Lanes) -> bool {
    m.iter().fold(0, |a, &b| a | b) != 0
}

/// The lanes as one number, lane `k` in bits `8k..8k + 8`: for the few
/// places that shift them.
#[inline(always)]
pub(crate) fn lanes_u128(m: &Lanes) -> u128 {
    u128::from_le_bytes(*m)
}

/// The first marked lane of lanes that [`any_lane`] found marked.
///
/// The lanes pass through `black_box` first, that is through one stack
/// slot: without it the compiler reuses the `pmovmskb` of [`any_lane`] and
/// rebuilds the sixteen lanes from its bits one at a time, where this
/// takes a store, two loads and a count of trailing zeros.
#[inline(always)]
pub(crate) fn first_lane(m: &Lanes) -> usize {
    lowest_lane(lanes_u128(&core::hint::black_box(*m)))
}

/// The marked lanes as bits, lane `k` in bit `k`: for a scan that goes on
/// from one mark of a block to the next. Two multiplications gather the top
/// bit of each byte of a word into its top byte, so a lane must be 0 or
/// 0xff, as the scans make them.
#[inline(always)]
pub(crate) fn lane_bits(m: &Lanes) -> u32 {
    debug_assert!(m.iter().all(|&l| l == 0 || l == 0xff));
    const TOP: u64 = u64::from_le_bytes([0x80; 8]);
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let x = lanes_u128(m);
    let half = |h: u64| ((h & TOP).wrapping_mul(GATHER) >> 56) as u32;
    half(x as u64) | half((x >> 64) as u64) << 8
}

/// The lane of the lowest set byte of a non-zero mask.
#[inline(always)]
pub(crate) fn lowest_lane(m: u128) -> usize {
    (m.trailing_zeros() / 8) as usize
}

/// The 16 bytes of `s` that end at `s.len()`, and where they start; `None`
/// when `s` is shorter.
#[inline(always)]
pub(crate) fn last_block(s: &[u8]) -> Option<(&Block, usize)> {
    let base = s.len().checked_sub(16)?;
    Some((s[base..].try_into().ok()?, base))
}

/// Defines `fn $name(w: &Block) -> Lanes`: 0xff in the lanes of `w` where
/// the `const fn $stop(u8) -> bool` holds, computed as vector code when
/// `$stop` is written as comparisons (see [`find_stop_fn`]).
macro_rules! stop_lanes_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $stop:ident) => {
        $(#[$doc])*
        #[inline(always)]
        #[allow(clippy::needless_range_loop)]
        $vis fn $name(w: &$crate::bytes::ascii::Block) -> $crate::bytes::ascii::Lanes {
            let mut v = [0u8; 16];
            for k in 0..16 {
                v[k] = if $stop(w[k]) { 0xff } else { 0 };
            }
            v
        }
    };
}
pub(crate) use stop_lanes_fn;

/// Defines `fn $name(s, i) -> usize`: the index of the first byte at or
/// after `i` for which the `const fn $stop(u8) -> bool` holds, or
/// `s.len()`, sixteen bytes a step.
///
/// `$stop` is written as comparisons, which the compiler turns into vector
/// code over a block. A macro rather than a generic function: every call
/// must be inlined for that, and the compiler may decline to inline a
/// closure.
macro_rules! find_stop_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $stop:ident) => {
        $(#[$doc])*
        #[inline(always)]
        $vis fn $name(s: &[u8], mut i: usize) -> usize {
            use $crate::bytes::ascii::{any_lane, first_lane, lanes_u128, last_block, lowest_lane};
            $crate::bytes::ascii::stop_lanes_fn!(lanes, $stop);
            let from = i;
            // Whole blocks: `chunks_exact` checks one length a block.
            for w in s.get(i..).unwrap_or(&[]).chunks_exact(16) {
                let m = lanes(w.try_into().unwrap_or(&[0; 16]));
                if any_lane(&m) {
                    return i + first_lane(&m);
                }
                i += 16;
            }
            if i >= s.len() {
                return s.len();
            }
            // The last bytes, as the block that ends the text.
            match last_block(s) {
                Some((w, base)) if base >= from => {
                    // Its bytes before `i` were scanned: no lane marks them.
                    let m = lanes(w);
                    if any_lane(&m) {
                        base + first_lane(&m)
                    } else {
                        s.len()
                    }
                }
                Some((w, base)) => {
                    // Without the lanes before `from`, never scanned.
                    let m = lanes_u128(&lanes(w)) >> (8 * (i - base));
                    if m == 0 {
                        s.len()
                    } else {
                        i + lowest_lane(m)
                    }
                }
                None if s.len() - i >= 8 => {
                    // Fewer than 16 bytes in all: the first eight left and
                    // the last eight, which overlap, as one block, with no
                    // lane past the end to mask off. A lane of
                    // the second half is only the first mark when the first
                    // half has none, so the overlap marks nothing twice.
                    let mut w = [0u8; 16];
                    w[..8].copy_from_slice(&s[i..i + 8]);
                    w[8..].copy_from_slice(&s[s.len() - 8..]);
                    // Through memory, so that it is read back as one
                    // vector: else a scan for a single byte is compiled
                    // to sixteen scalar compares on the two words.
                    let m = lanes(&core::hint::black_box(w));
                    if !any_lane(&m) {
                        s.len()
                    } else {
                        match first_lane(&m) {
                            k @ 0..8 => i + k,
                            k => s.len() + k - 16,
                        }
                    }
                }
                None => {
                    // Fewer than 8 bytes: a table lookup a byte.
                    static STOP: [bool; 256] = {
                        let mut t = [false; 256];
                        let mut b = 0;
                        while b < 256 {
                            t[b] = $stop(b as u8);
                            b += 1;
                        }
                        t
                    };
                    s[i..]
                        .iter()
                        .position(|&b| STOP[usize::from(b)])
                        .map_or(s.len(), |k| i + k)
                }
            }
        }
    };
}
pub(crate) use find_stop_fn;

/// Defines `fn $name(s, i, clean) -> usize` (`0 < i`, `clean <= i`): the
/// index `k` of the first byte at or after `i` for which the `const fn
/// $stop(prev: u8, b: u8) -> bool` holds of `s[k - 1]` and `s[k]`, or
/// `s.len()`. Sixteen bytes a step, as [`find_stop_fn`] scans, each lane
/// also seeing the byte before. The caller promises that no byte from
/// `clean` to `i` stops (`clean == i` promises nothing): the block that ends
/// the text then needs its lanes before `i` dropped only down to `clean`,
/// and none when it starts at or after `clean`.
macro_rules! find_pair_stop_fn {
    ($(#[$doc:meta])* $vis:vis $name:ident, $stop:ident) => {
        $(#[$doc])*
        #[inline(always)]
        $vis fn $name(s: &[u8], mut i: usize, clean: usize) -> usize {
            use $crate::bytes::ascii::{any_lane, first_lane, lanes_u128, lowest_lane, Lanes};
            /// 0xff in lane `k` where `$stop(w[k], w[k + 1])` holds.
            #[inline(always)]
            #[allow(clippy::needless_range_loop)]
            fn lanes(w: &[u8; 17]) -> Lanes {
                let mut v = [0u8; 16];
                for k in 0..16 {
                    v[k] = if $stop(w[k], w[k + 1]) { 0xff } else { 0 };
                }
                v
            }
            debug_assert!(clean <= i);
            let from = clean.min(i);
            while let Some(w) = s.get(i - 1..i + 16) {
                let m = lanes(w.try_into().unwrap_or(&[0; 17]));
                if any_lane(&m) {
                    return i + first_lane(&m);
                }
                i += 16;
            }
            if i >= s.len() {
                return s.len();
            }
            match s.len().checked_sub(17) {
                // The 16 lanes that end the string. Those before `i` mark
                // nothing when they start at or after `from`: they were
                // scanned as blocks, or the caller promised it (`clean`).
                Some(base) if base + 1 >= from => {
                    let m = lanes(s[base..].try_into().unwrap_or(&[0; 17]));
                    if any_lane(&m) {
                        base + 1 + first_lane(&m)
                    } else {
                        s.len()
                    }
                }
                // Else without the lanes before `from` (fewer than 16
                // bytes are left after it, so `from > base + 1`).
                Some(base) => {
                    let w = s[base..].try_into().unwrap_or(&[0; 17]);
                    let m = lanes_u128(&lanes(w)) >> (8 * (from - base - 1));
                    if m == 0 {
                        s.len()
                    } else {
                        from + lowest_lane(m)
                    }
                }
                None => (i..s.len())
                    .find(|&k| $stop(s[k - 1], s[k]))
                    .unwrap_or(s.len()),
            }
        }
    };
}
pub(crate) use find_pair_stop_fn;

/// Defines `fn $name(s, i) -> usize` (`i > 0`): the index `k` of the first
/// byte at or after `i` for which the `const fn $stop(prev: u8, b: u8,
/// next: u8, after: u8) -> bool` holds of `s[k - 1]`, `s[k]`, `s[k + 1]`
/// and `s[k + 2]`, the bytes past the end read as NUL; or `s.len()`.
/// Sixteen bytes a step, each lane seeing the byte before it and the two
/// after it; the last bytes in windows padded with NULs. For stops that
/// depend on what follows a byte, such as a dot segment (`/./`), where a
/// scan of pairs would stop at every `/.`.
macro_rules! find_window_stop_fn {
    ($(#[$attr:meta])* $vis:vis $name:ident, $stop:ident) => {
        $(#[$attr])*
        $vis fn $name(s: &[u8], mut i: usize) -> usize {
            use $crate::bytes::ascii::{any_lane, first_lane, Lanes};
            /// 0xff in lane `k` where `$stop(w[k], w[k + 1], w[k + 2], w[k + 3])` holds.
            #[inline(always)]
            #[allow(clippy::needless_range_loop)]
            fn lanes(w: &[u8; 19]) -> Lanes {
                let mut v = [0u8; 16];
                for k in 0..16 {
                    v[k] = if $stop(w[k], w[k + 1], w[k + 2], w[k + 3]) {
                        0xff
                    } else {
                        0
                    };
                }
                v
            }
            while let Some(w) = s.get(i - 1..i + 18) {
                let m = lanes(w.try_into().unwrap_or(&[0; 19]));
                if any_lane(&m) {
                    return i + first_lane(&m);
                }
                i += 16;
            }
            while i < s.len() {
                let mut w = [0u8; 19];
                let rest = &s[i - 1..];
                w[..rest.len()].copy_from_slice(rest);
                let m = lanes(&w);
                if any_lane(&m) {
                    return (i + first_lane(&m)).min(s.len());
                }
                i += 16;
            }
            s.len()
        }
    };
}
pub(crate) use find_window_stop_fn;

#[inline(always)]
const fn is_nul(b: u8) -> bool {
    b == 0
}

find_stop_fn!(
    /// The index of the first NUL at or after `i`, or `s.len()`.
    nul_from,
    is_nul
);

/// The length of `s` as a C string: the index of its first NUL, or its
/// length. Sixteen bytes a step.
#[inline]
pub fn c_len(s: &[u8]) -> usize {
    nul_from(s, 0)
}

// SWAR scans: eight bytes a step as a `u64`, for searches of one or a few
// given bytes (where a vector block of sixteen costs more to set up).

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// For 8 bytes `x` read little-endian: the high bit of the lowest byte that
/// equals `b`, possibly also of higher bytes (a borrow can flag a byte just
/// above a match), and nothing when no byte equals `b`. Only the lowest set
/// bit is meaningful; masks of several bytes combine with `|`.
#[inline(always)]
pub(crate) const fn byte_mask(x: u64, b: u8) -> u64 {
    let y = x ^ (LOW_BITS * b as u64);
    y.wrapping_sub(LOW_BITS) & !y & HIGH_BITS
}

/// Eight bytes of `s` from `at`, little-endian; `s` must hold them.
#[inline(always)]
pub(crate) fn load(s: &[u8], at: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&s[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Index of the first byte at or after `from` that `hit` flags (a mask built
/// from [`byte_mask`]), or `None`. Eight bytes a step: URLs are scanned
/// several times, and this is the bulk of SplitURL's own work.
#[inline(always)]
pub(crate) fn find_by(s: &[u8], from: usize, hit: impl Fn(u64) -> u64) -> Option<usize> {
    let mut i = from;
    while i + 8 <= s.len() {
        let m = hit(load(s, i));
        if m != 0 {
            return Some(i + (m.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    if i >= s.len() {
        return None;
    }
    let m = if i > from {
        // The last 8 bytes overlap bytes just searched, which hold no match
        // and so cannot flag anything above them: shift them out.
        let base = s.len() - 8;
        hit(load(s, base)) >> (8 * (i - base))
    } else {
        // Fewer than 8 bytes in all. The zero padding above them may be
        // flagged; a borrow only runs upwards, so the real bytes are not.
        let mut w = 0;
        for (k, &c) in s[i..].iter().enumerate() {
            w |= u64::from(c) << (8 * k);
        }
        hit(w) & ((1 << (8 * (s.len() - i))) - 1)
    };
    (m != 0).then(|| i + (m.trailing_zeros() / 8) as usize)
}

/// Whether every byte of `s` is ASCII and at least `min` (which is at
/// most 0x80). Eight bytes a step: a byte below `min` borrows from the
/// bytes above it, which only matters when there is one.
#[inline]
pub(crate) fn all_ascii_from(s: &[u8], min: u8) -> bool {
    let below = LOW_BITS * u64::from(min);
    find_by(s, 0, |x| (x.wrapping_sub(below) | x) & HIGH_BITS).is_none()
}

/// Index of the first `b` in `s` at or after `from`.
#[inline]
pub(crate) fn find_byte(s: &[u8], from: usize, b: u8) -> Option<usize> {
    find_by(s, from, |x| byte_mask(x, b))
}

/// Index of the last `b` in `s[..end]`. Sixteen bytes a step from the end:
/// CanonicaliseName looks back over a whole segment for each `../`.
#[inline(always)]
pub(crate) fn rfind_byte(s: &[u8], end: usize, b: u8) -> Option<usize> {
    let s = &s[..end];
    let mut j = s.len();
    while let Some(w) = j.checked_sub(16).and_then(|i| s.get(i..j)) {
        let w: &Block = w.try_into().unwrap_or(&[0; 16]);
        let mut m = [0u8; 16];
        for (l, &c) in m.iter_mut().zip(w) {
            *l = if c == b { 0xff } else { 0 };
        }
        if any_lane(&m) {
            // Through a stack slot, as in `first_lane`.
            let above = lanes_u128(&core::hint::black_box(m)).leading_zeros() / 8;
            return Some(j - 1 - above as usize);
        }
        j -= 16;
    }
    s[..j].iter().rposition(|&c| c == b)
}

/// `s.make_ascii_lowercase()`, eight bytes a step: the standard library's
/// loop takes a byte at a time, and a host or scheme that SplitURL lowers
/// may be upper case throughout.
#[inline]
pub fn lower_in_place(s: &mut [u8]) {
    const LOW7: u64 = u64::from_le_bytes([0x7f; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // Per byte, with no carry between bytes: the top bit of `a + 0x3f` is
    // set from `A` up, that of `a + 0x25` from `[` up.
    let lower = |x: u64| {
        let a = x & LOW7;
        let upper = (a + u64::from_le_bytes([0x3f; 8])) & !(a + u64::from_le_bytes([0x25; 8]));
        x | (upper & !x & HIGH) >> 2
    };
    let n = s.len();
    if n < 8 {
        s.make_ascii_lowercase();
        return;
    }
    let mut chunks = s.chunks_exact_mut(8);
    for w in &mut chunks {
        let x = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        w.copy_from_slice(&lower(x).to_le_bytes());
    }
    if !chunks.into_remainder().is_empty() {
        // The last eight bytes, some lowered already: lowering is idempotent.
        let w = &mut s[n - 8..];
        let x = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
        w.copy_from_slice(&lower(x).to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the 65,536 sets of marked lanes, as bits.
    #[test]
    fn lane_bits_is_one_bit_a_lane() {
        for set in 0..=u16::MAX {
            let m: Lanes = core::array::from_fn(|k| if set >> k & 1 == 1 { 0xff } else { 0 });
            assert_eq!(lane_bits(&m), u32::from(set), "{set:#06x}");
        }
    }

    /// Every byte value at every place of every length up to three words,
    /// against the standard library.
    #[test]
    fn all_ascii_from_matches_a_byte_loop() {
        let mut rng = crate::test_rng::Rng::new(7);
        for len in 0..40 {
            for _ in 0..200 {
                let s: Vec<u8> = (0..len)
                    .map(|_| match rng.below(8) {
                        0 => rng.below(256) as u8,
                        1 => rng.below(0x20) as u8,
                        _ => 0x20 + rng.below(0x5f) as u8,
                    })
                    .collect();
                for min in [0x0e, 0x20, 0x80] {
                    let want = s.iter().all(|&b| b >= min && b < 0x80);
                    assert_eq!(super::all_ascii_from(&s, min), want, "{s:?} {min}");
                }
            }
        }
    }

    #[test]
    fn lower_in_place_matches_make_ascii_lowercase() {
        for len in 0..24 {
            for at in 0..len {
                for b in 0..=255u8 {
                    let mut s: Vec<u8> = (0..len as u8).map(|k| b'A' + k).collect();
                    s[at] = b;
                    let mut want = s.clone();
                    want.make_ascii_lowercase();
                    lower_in_place(&mut s);
                    assert_eq!(s, want, "{len} {at} {b}");
                }
            }
        }
    }

    #[test]
    fn find_byte_matches_naive_search() {
        // Each searched byte next to its successor, which a borrow between
        // bytes could wrongly flag.
        let alphabet = [b'a', b'b', b':', b';', 0, 1, 0xff, b'/', b'0'];
        let mut seed = 7u32;
        for _ in 0..50 {
            let s: Vec<u8> = (0..24)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    alphabet[(seed >> 16) as usize % alphabet.len()]
                })
                .collect();
            for len in 0..s.len() {
                for from in 0..=len + 1 {
                    for b in [b'a', b':', 0, 0xff, b'/', b'?'] {
                        let want = s[..len]
                            .iter()
                            .skip(from)
                            .position(|&c| c == b)
                            .map(|p| from + p);
                        assert_eq!(
                            find_byte(&s[..len], from, b),
                            want,
                            "{s:?} {len} {from} {b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn rfind_byte_matches_naive_search() {
        let mut rng = crate::test_rng::Rng::new(5);
        for _ in 0..300 {
            let len = rng.below(70);
            let s = rng.bytes(b"aaaaaaa/./", len);
            for end in 0..=s.len() {
                let want = s[..end].iter().rposition(|&c| c == b'/');
                assert_eq!(rfind_byte(&s, end, b'/'), want, "{s:?} {end}");
            }
        }
    }

    #[test]
    fn classes_match_c_locale() {
        for b in 0..=255u8 {
            assert_eq!(LETTERS.contains(b), b.is_ascii_alphabetic(), "{b}");
            assert_eq!(DIGITS.contains(b), b.is_ascii_digit(), "{b}");
            assert_eq!(HEX_DIGITS.contains(b), b.is_ascii_hexdigit(), "{b}");
            assert_eq!(is_space(b), b" \t\n\x0b\x0c\r".contains(&b), "{b}");
        }
    }

    #[test]
    fn hex_value_of_every_byte() {
        for b in 0..=255u8 {
            let want = (b as char).to_digit(16).unwrap_or(0) as u8;
            assert_eq!(hex_value(b), if b < 128 { want } else { 0 }, "{b}");
        }
    }
}
