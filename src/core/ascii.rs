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

#[cfg(test)]
mod tests {
    use super::*;

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
