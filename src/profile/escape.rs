//! The percent-encoding steps surt and Safe Browsing share: decode until
//! nothing is left to decode, then encode "once" with a small fixed set.

use crate::bytes::buf::{Buf, NoMemory};

/// The value of the hex digit `b`, either case.
pub(super) fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Appends what percent-decoding `s` again and again gives once a pass
/// changes nothing (`%2525` → `%25` → `%`).
///
/// The passes themselves could take quadratic time (`%25` repeated: each
/// pass removes two bytes). The result is computed in one linear pass
/// instead, with the output as a stack: a new triplet `%XY` can only
/// appear at its top, right after a byte is pushed or a triplet is
/// replaced by its byte, so it is decoded there. This gives the same bytes
/// as the passes: two triplets never overlap (a `%` is no hex digit), so
/// decoding one never disturbs another, and the rewriting, which shortens
/// the string at each step, has only one result whatever the order.
pub(super) fn unescape_fully(s: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let floor = out.len();
    out.reserve(s.len())?;
    for &b in s {
        out.push(b)?;
        loop {
            let n = out.len();
            if n < floor + 3 || out[n - 3] != b'%' {
                break;
            }
            match (hex_value(out[n - 2]), hex_value(out[n - 1])) {
                (Some(h), Some(l)) => {
                    out.truncate(n - 3);
                    out.push(h << 4 | l)?;
                }
                _ => break,
            }
        }
    }
    Ok(())
}

/// Whether "escape once" encodes `b`: controls, space, DEL and above, `#`
/// and `%`; nothing else.
fn needs_escape(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f || b == b'#' || b == b'%'
}

/// Appends `s` with every byte [`needs_escape`] selects written `%XY`, in
/// upper-case hex.
pub(super) fn escape_once(s: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    escape_once_and(s, AsciiSet::NONE, out)
}

/// A set of ASCII bytes, one bit each: a test is a shift, where a list
/// would be a search for every byte of a URL.
#[derive(Clone, Copy)]
pub(super) struct AsciiSet(u128);

impl AsciiSet {
    /// No byte.
    pub(super) const NONE: AsciiSet = AsciiSet(0);

    /// The bytes of `list`, which must be ASCII.
    pub(super) const fn of(list: &[u8]) -> AsciiSet {
        let mut bits = 0u128;
        let mut i = 0;
        while i < list.len() {
            assert!(list[i] < 0x80);
            bits |= 1 << list[i];
            i += 1;
        }
        AsciiSet(bits)
    }

    fn has(self, b: u8) -> bool {
        b < 0x80 && self.0 >> b & 1 == 1
    }
}

/// [`escape_once`], with the bytes of `also` escaped too. Always inlined,
/// so that [`escape_once`] (`AsciiSet::NONE`) keeps no per-byte set test.
#[inline(always)]
pub(super) fn escape_once_and(s: &[u8], also: AsciiSet, out: &mut Buf) -> Result<(), NoMemory> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(s.len())?;
    for &b in s {
        if needs_escape(b) || also.has(b) {
            out.push(b'%')?;
            out.push(HEX[usize::from(b >> 4)])?;
            out.push(HEX[usize::from(b & 15)])?;
        } else {
            out.push(b)?;
        }
    }
    Ok(())
}

/// Decodes fully, then escapes once: what both profiles do to a component.
pub(super) fn reescape(s: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let mut plain = Buf::new();
    unescape_fully(s, &mut plain)?;
    escape_once(&plain, out)
}

/// Appends the decimal digits of `n`.
pub(super) fn push_decimal(n: u32, out: &mut Buf) -> Result<(), NoMemory> {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut v = n;
    loop {
        i -= 1;
        // Below 10, so the cast keeps the value.
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes(s: &[u8]) -> Vec<u8> {
        // The definition: whole-string passes until nothing changes.
        let mut cur = s.to_vec();
        loop {
            let mut next = Vec::new();
            let mut i = 0;
            while i < cur.len() {
                if cur[i] == b'%' && i + 2 < cur.len() {
                    if let (Some(h), Some(l)) = (hex_value(cur[i + 1]), hex_value(cur[i + 2])) {
                        next.push(h << 4 | l);
                        i += 3;
                        continue;
                    }
                }
                next.push(cur[i]);
                i += 1;
            }
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    #[test]
    fn stack_matches_passes() {
        let mut rng = crate::test_rng::Rng::new(37);
        for _ in 0..20_000 {
            let n = rng.below(14);
            let s = rng.bytes(b"%%%2535aAfFx", n);
            let mut out = Buf::new();
            unescape_fully(&s, &mut out).unwrap();
            assert_eq!(out.into_vec(), passes(&s), "{}", s.escape_ascii());
        }
    }

    #[test]
    fn escapes_the_fixed_set() {
        let mut out = Buf::new();
        escape_once(b"a b#%\x7f\x80~?&", &mut out).unwrap();
        assert_eq!(out, b"a%20b%23%25%7F%80~?&");
        let mut out = Buf::new();
        push_decimal(0, &mut out).unwrap();
        push_decimal(4294967295, &mut out).unwrap();
        assert_eq!(out, b"04294967295");
    }
}
