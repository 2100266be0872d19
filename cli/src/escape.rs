//! The one escape every printed field and line goes through, so that one
//! input line is always one output line and no input can forge output
//! lines or send control sequences to a terminal.
//!
//! The rule: each C0 control byte (0x00 to 0x1F) and DEL (0x7F) becomes
//! `%XY` (upper-case hex), as does each byte of a C1 control in UTF-8 form
//! (0xC2 followed by 0x80 to 0x9F). Every other byte, including bytes that
//! are not UTF-8, is printed as it is. `--raw` turns the escape off.

/// Whether `b` may need escaping (0xC2 only when a C1 byte follows).
#[cfg(test)]
#[inline]
fn suspect(b: u8) -> bool {
    b < 0x20 || b == 0x7f || b == 0xc2
}

/// Whether `s` holds a byte the escape rewrites (or may rewrite).
#[inline]
pub fn needed(s: &[u8]) -> bool {
    let mut blocks = s.chunks_exact(16);
    for b in &mut blocks {
        if block(b.try_into().expect("16 bytes")) {
            return true;
        }
    }
    // The tail padded to a whole block with a harmless byte.
    let rest = blocks.remainder();
    let mut last = [b'a'; 16];
    last[..rest.len()].copy_from_slice(rest);
    block(&last)
}

/// [`needed`] for 16 bytes, eight at a time in a `u64` (SWAR): this runs
/// once per output line, and word tests cost a fraction of the byte loop.
/// Each test below is exact for the question "is there such a byte".
#[inline(always)]
fn block(b: &[u8; 16]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte of `v` is zero.
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    // A byte of `v` is below 0x20.
    let low = |v: u64| v.wrapping_sub(ONES * 0x20) & !v & HIGH != 0;
    let (a, c) = b.split_at(8);
    [a, c].iter().any(|h| {
        let v = u64::from_le_bytes((*h).try_into().expect("8 bytes"));
        low(v) || zero(v ^ (ONES * 0x7f)) || zero(v ^ (ONES * 0xc2))
    })
}

/// Appends `s` to `out`, escaped.
pub fn push(out: &mut Vec<u8>, s: &[u8]) {
    if !needed(s) {
        out.extend_from_slice(s);
        return;
    }
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let hex = |out: &mut Vec<u8>, b: u8| {
        out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
    };
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b < 0x20 || b == 0x7f {
            hex(out, b);
        } else if b == 0xc2 && matches!(s.get(i + 1), Some(0x80..=0x9f)) {
            hex(out, b);
            hex(out, s[i + 1]);
            i += 1;
        } else {
            out.push(b);
        }
        i += 1;
    }
}

/// Escapes `out[from..]` in place.
pub fn tail(out: &mut Vec<u8>, from: usize) {
    if needed(&out[from..]) {
        let t = out.split_off(from);
        push(out, &t);
    }
}

/// `s` escaped, as text for a message (lossy for bytes that are not UTF-8).
pub fn text(s: &[u8]) -> String {
    let mut v = Vec::with_capacity(s.len());
    push(&mut v, s);
    String::from_utf8_lossy(&v).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &[u8]) -> Vec<u8> {
        let mut v = b"<".to_vec();
        push(&mut v, s);
        v
    }

    #[test]
    fn controls_become_percent_hex() {
        assert_eq!(esc(b"a\nb\r\x00\x1f\x7f~"), b"<a%0Ab%0D%00%1F%7F~");
        assert_eq!(
            esc(b"\xc2\x85\xc2\x9b\xc2\xa0\xc2"),
            b"<%C2%85%C2%9B\xc2\xa0\xc2"
        );
        assert_eq!(esc(b"\xff\xfe%0A"), b"<\xff\xfe%0A");
        let long = [b'x'; 40];
        assert!(!needed(&long));
        // Every byte value at every place of a word.
        for at in 0..17 {
            for b in 0..=255u8 {
                let mut v = [b'a'; 17];
                v[at] = b;
                assert_eq!(needed(&v), suspect(b), "{b:#x} at {at}");
                v = [0xff; 17];
                v[at] = b;
                assert_eq!(needed(&v), suspect(b), "{b:#x} at {at} among 0xff");
            }
        }
        let mut v = b"keep".to_vec();
        v.extend_from_slice(&long);
        v.push(b'\t');
        tail(&mut v, 4);
        assert!(v.ends_with(b"x%09") && v.starts_with(b"keepxx"));
    }
}
