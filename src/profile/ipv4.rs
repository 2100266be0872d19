//! IPv4 addresses in the forms the C library's `inet_aton` accepts: one to
//! four parts, the last filling the remaining bytes (`127.1` is
//! `127.0.0.1`), each part decimal, octal with a leading `0`, or (when
//! allowed) hexadecimal with `0x`.

use super::escape::push_decimal;
use crate::bytes::buf::{Buf, NoMemory};

/// One part's value, `None` when it is not a number in its base; values
/// above `u32::MAX` saturate there, which every limit below refuses.
fn part(s: &[u8], hex: bool) -> Option<u64> {
    let (digits, radix) = match s {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] if hex => (rest, 16),
        [b'0', rest @ ..] => (rest, 8),
        _ => (s, 10),
    };
    let mut v: u64 = 0;
    for &d in digits {
        let x = char::from(d).to_digit(radix)?;
        v = (v * u64::from(radix) + u64::from(x)).min(1 << 32);
    }
    Some(v)
}

/// The address `s` spells, or `None`. `hex` allows `0x` parts. An empty
/// part (`1..2`, a trailing dot) is refused.
pub(super) fn parse(s: &[u8], hex: bool) -> Option<u32> {
    let mut parts = [0u64; 4];
    let mut n = 0;
    for p in s.split(|&b| b == b'.') {
        if n == 4 {
            return None;
        }
        parts[n] = part(p, hex)?;
        n += 1;
    }
    // `split` yields at least one piece, so `n >= 1`.
    let last_bits = 32 - 8 * (n as u32 - 1);
    let mut addr: u64 = 0;
    for (i, &v) in parts[..n].iter().enumerate() {
        let limit = if i + 1 == n {
            (1u64 << last_bits) - 1
        } else {
            255
        };
        if v > limit {
            return None;
        }
        addr = if i + 1 == n {
            addr << last_bits | v
        } else {
            addr << 8 | v
        };
    }
    u32::try_from(addr).ok()
}

/// Appends `addr` as a dotted quad.
pub(super) fn write_dotted(addr: u32, out: &mut Buf) -> Result<(), NoMemory> {
    for (i, b) in addr.to_be_bytes().iter().enumerate() {
        if i > 0 {
            out.push(b'.')?;
        }
        push_decimal(u32::from(*b), out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inet_aton_forms() {
        assert_eq!(parse(b"127.1", false), Some(0x7f00_0001));
        assert_eq!(parse(b"1.2.3.4", false), Some(0x0102_0304));
        assert_eq!(parse(b"3279880203", false), Some(3279880203));
        assert_eq!(parse(b"4294967296", false), None);
        assert_eq!(parse(b"1.2.3.256", false), None);
        assert_eq!(parse(b"10.0.0.09", false), None);
        assert_eq!(parse(b"010.0.0.1", false), Some(0x0800_0001));
        assert_eq!(parse(b"0x7f.1", false), None);
        assert_eq!(parse(b"0x7f.1", true), Some(0x7f00_0001));
        assert_eq!(parse(b"0x", true), Some(0));
        assert_eq!(parse(b"1.2.3.4.5", false), None);
        assert_eq!(parse(b"1..2", false), None);
        assert_eq!(parse(b"1.65536", false), Some(0x0101_0000));
        assert_eq!(parse(b"1.16777216", false), None);
        let mut out = Buf::new();
        write_dotted(0xc37f_000b, &mut out).unwrap();
        assert_eq!(out, b"195.127.0.11");
    }
}
