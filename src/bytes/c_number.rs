//! Numbers read the way the C library reads them (`atoi`, `strtol`, the
//! sign and space rules shared by `strtoul` and `sscanf`), in the C locale.
//! The historical routines parsed ports, hosts and dates with these, and
//! their results (wrapping, saturation, where reading stops) are part of the
//! output.

use super::ascii::is_space;

/// The index of the first byte at or after `i` that is not a C-locale space.
pub fn skip_spaces(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    i
}

/// An optional `+` or `-` at `i`: (is it `-`, index after it).
pub fn sign(s: &[u8], i: usize) -> (bool, usize) {
    match s.get(i) {
        Some(b'-') => (true, i + 1),
        Some(b'+') => (false, i + 1),
        _ => (false, i),
    }
}

/// C `atoi` with wrapping `i32` arithmetic (see `create::create_url`).
pub fn atoi(s: &[u8]) -> i32 {
    let (neg, mut i) = sign(s, skip_spaces(s, 0));
    let mut v: i32 = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = v.wrapping_mul(10).wrapping_add(i32::from(s[i] - b'0'));
        i += 1;
    }
    if neg {
        v.wrapping_neg()
    } else {
        v
    }
}

/// C `strtol(s, &end, base)` in the C locale, with a 64-bit `long`.
///
/// Skips leading spaces, reads an optional sign, then digits of `base`
/// (2 to 36, or 0 for C's automatic base); base 16 (and 0) accept a `0x` or
/// `0X` prefix. On overflow the value saturates at `i64::MAX` or `i64::MIN`
/// and all the digits are still consumed. Returns the value and the index of
/// the first byte not consumed: 0 when no digit was read, except that a `0x`
/// prefix without a hex digit after it reads as 0 ending at the `x`. Any
/// other `base` reads nothing.
pub fn c_strtol(s: &[u8], base: u32) -> (i64, usize) {
    if base == 1 || base > 36 {
        return (0, 0);
    }
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let negative = match s.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let mut base = base;
    if s.get(i) == Some(&b'0') {
        if (base == 0 || base == 16) && matches!(s.get(i + 1), Some(b'x' | b'X')) {
            i += 2;
            base = 16;
        } else if base == 0 {
            base = 8;
        }
    } else if base == 0 {
        base = 10;
    }
    let digits_start = i;
    let mut magnitude: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|&b| digit_value(b, base)) {
        match magnitude
            .checked_mul(u64::from(base))
            .and_then(|m| m.checked_add(u64::from(d)))
        {
            Some(m) => magnitude = m,
            None => overflow = true,
        }
        i += 1;
    }
    if i == digits_start {
        // Only a `0x` prefix: the `0` was a number and the `x` ends it.
        let prefix_only = digits_start >= 2
            && s[digits_start - 2] == b'0'
            && matches!(s[digits_start - 1], b'x' | b'X');
        return (0, if prefix_only { digits_start - 1 } else { 0 });
    }
    let value = if negative {
        if overflow || magnitude > i64::MIN.unsigned_abs() {
            i64::MIN
        } else {
            0i64.wrapping_sub_unsigned(magnitude)
        }
    } else if overflow || magnitude > i64::MAX as u64 {
        i64::MAX
    } else {
        magnitude as i64
    };
    (value, i)
}

/// The value of `b` as a digit of `base`, if it is one.
#[inline]
fn digit_value(b: u8, base: u32) -> Option<u32> {
    let v = match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'z' => b - b'a' + 10,
        b'A'..=b'Z' => b - b'A' + 10,
        _ => return None,
    };
    (u32::from(v) < base).then_some(u32::from(v))
}
