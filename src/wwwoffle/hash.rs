//! MakeHash and base 64 (doc/behaviour.md, MakeHash and Base 64).

use crate::bytes::md5;
use crate::bytes::sink::Sink;

/// The standard base 64 alphabet (RFC 4648 §4).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Marks bytes outside [`ALPHABET`] in [`DECODE`].
const INVALID: u8 = 0xff;

/// The value of every byte in [`ALPHABET`], [`INVALID`] for the others.
const DECODE: [u8; 256] = {
    let mut t = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        t[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// [`ALPHABET`] with `/` as `-`, the alphabet of MakeHash.
const HASH_ALPHABET: [u8; 64] = {
    let mut t = *ALPHABET;
    t[63] = b'-';
    t
};

/// MakeHash: MD5 of `s`, base 64, `/` as `-`, cut at the first `=`: 22 bytes.
///
/// The `-` keeps the result usable as a file name, which is what WWWOFFLE
/// uses it for.
///
/// ```
/// use wwwurl::wwwoffle::hash::make_hash;
///
/// // The name of WWWOFFLE's cache file for this URL (D... and U...).
/// assert_eq!(&make_hash(b"http://www.example.com/"), b"8XdxEfXQ8cgf+gTedREo+g");
/// ```
pub fn make_hash(s: &[u8]) -> [u8; 22] {
    let digest = u128::from_be_bytes(md5::digest(s));
    // The 128 bits and four zero bits after them are 22 characters of six
    // bits, taken two at a time (12 bits) through a table: base 64 would
    // add `==`, which the cut drops. A fixed size with no sink: after MD5
    // itself, the encoding is most of MakeHash's cost.
    let mut out = [0u8; 22];
    // The first 120 bits: ten pairs.
    for (k, pair) in out.chunks_exact_mut(2).take(10).enumerate() {
        let v = (digest >> (116 - 12 * k as u32)) & 0xfff;
        pair.copy_from_slice(&HASH_PAIRS[v as usize]);
    }
    // The last 8 bits and the four zero bits.
    out[20..].copy_from_slice(&HASH_PAIRS[((digest & 0xff) << 4) as usize]);
    out
}

/// Two characters of [`HASH_ALPHABET`] for each 12-bit value.
static HASH_PAIRS: [[u8; 2]; 4096] = {
    let mut t = [[0; 2]; 4096];
    let mut v = 0;
    while v < 4096 {
        t[v] = [HASH_ALPHABET[v >> 6], HASH_ALPHABET[v & 63]];
        v += 1;
    }
    t
};

/// Base64Encode: standard base 64 of `data` (any bytes, NUL included),
/// padded with `=` to a multiple of 4 characters.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::hash::{base64_decode, base64_encode};
///
/// let mut enc = Buf::new();
/// base64_encode(b"user:pass", &mut enc)?;
/// assert_eq!(enc, b"dXNlcjpwYXNz");
/// let mut dec = Buf::new();
/// base64_decode(&enc, &mut dec)?;
/// assert_eq!(dec, b"user:pass");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn base64_encode<S: Sink>(data: &[u8], out: &mut S) -> Result<(), S::Error> {
    out.reserve(data.len().div_ceil(3) * 4)?;
    let mut chunks = data.chunks_exact(3);
    for c in &mut chunks {
        let v = (u32::from(c[0]) << 16) | (u32::from(c[1]) << 8) | u32::from(c[2]);
        out.extend(&[
            ALPHABET[(v >> 18) as usize & 63],
            ALPHABET[(v >> 12) as usize & 63],
            ALPHABET[(v >> 6) as usize & 63],
            ALPHABET[v as usize & 63],
        ])?;
    }
    match *chunks.remainder() {
        [a] => {
            let v = u32::from(a) << 16;
            out.extend(&[
                ALPHABET[(v >> 18) as usize & 63],
                ALPHABET[(v >> 12) as usize & 63],
                b'=',
                b'=',
            ])
        }
        [a, b] => {
            let v = (u32::from(a) << 16) | (u32::from(b) << 8);
            out.extend(&[
                ALPHABET[(v >> 18) as usize & 63],
                ALPHABET[(v >> 12) as usize & 63],
                ALPHABET[(v >> 6) as usize & 63],
                b'=',
            ])
        }
        _ => Ok(()),
    }
}

/// The number of bytes [`base64_decode`] produces for `s`:
/// `3*(L/4) + {0,0,1,2}[L%4]`, with `L` the length of `s` once its trailing
/// `=` are dropped.
pub fn base64_decoded_len(s: &[u8]) -> usize {
    let l = significant_len(s);
    3 * (l / 4) + [0, 0, 1, 2][l % 4]
}

/// The length of `s` without its trailing `=`.
fn significant_len(s: &[u8]) -> usize {
    s.iter().rposition(|&b| b != b'=').map_or(0, |p| p + 1)
}

/// The 6-bit value of one character, 0 for a byte outside the alphabet.
#[inline(always)]
fn sextet(c: u8) -> u32 {
    let v = DECODE[c as usize];
    if v == INVALID {
        0
    } else {
        u32::from(v)
    }
}

/// Base64Decode: appends the decoded bytes of `s` to `out`.
///
/// Trailing `=` are dropped first; with `L` the length left, exactly
/// [`base64_decoded_len`] bytes, `3*(L/4) + {0,0,1,2}[L%4]`, are appended.
/// Each group of 4 characters gives 3 bytes; a final group of 2 or 3
/// characters gives its leading 1 or 2 bytes; a final lone character gives
/// nothing.
///
/// The historical code had no defined answer for malformed input; here:
///
/// * every byte within the first `L` that is not in `A-Z a-z 0-9 + /`
///   (including an `=` that is not trailing) counts as the value 0, so the
///   output length never depends on the content;
/// * an empty or all-`=` string gives no bytes.
///
/// Only the bytes of `s` are read.
pub fn base64_decode<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    let s = &s[..significant_len(s)];
    out.reserve(base64_decoded_len(s))?;
    let mut chunks = s.chunks_exact(4);
    for c in &mut chunks {
        let v = (sextet(c[0]) << 18) | (sextet(c[1]) << 12) | (sextet(c[2]) << 6) | sextet(c[3]);
        out.extend(&[(v >> 16) as u8, (v >> 8) as u8, v as u8])?;
    }
    match *chunks.remainder() {
        [a, b] => {
            let v = (sextet(a) << 18) | (sextet(b) << 12);
            out.push((v >> 16) as u8)
        }
        [a, b, c] => {
            let v = (sextet(a) << 18) | (sextet(b) << 12) | (sextet(c) << 6);
            out.extend(&[(v >> 16) as u8, (v >> 8) as u8])
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;

    fn enc(d: &[u8]) -> Vec<u8> {
        let mut v = Buf::new();
        base64_encode(d, &mut v).unwrap();
        v.into_vec()
    }

    fn dec(s: &[u8]) -> Vec<u8> {
        let mut v = Buf::new();
        base64_decode(s, &mut v).unwrap();
        v.into_vec()
    }

    #[test]
    fn make_hash_of_empty_string() {
        assert_eq!(&make_hash(b""), b"1B2M2Y8AsgTpgAmY7PhCfg");
    }

    #[test]
    fn make_hash_replaces_slash() {
        assert_eq!(&make_hash(b"%%41"), b"H9UsXkp0V9OHhBJv-FHovA");
    }

    #[test]
    fn make_hash_is_the_base64_of_the_digest() {
        // The direct encoder against the general one, on digests covering
        // every value of the last byte and both `+` and `/`.
        for n in 0..2000u32 {
            let s = n.to_le_bytes();
            let digest = md5::digest(&s);
            let mut want = enc(&digest);
            want.truncate(22);
            for c in &mut want {
                if *c == b'/' {
                    *c = b'-';
                }
            }
            assert_eq!(make_hash(&s).as_slice(), want.as_slice(), "{n}");
        }
    }

    #[test]
    fn encode_pads_to_four() {
        assert_eq!(enc(b""), b"");
        assert_eq!(enc(b"f"), b"Zg==");
        assert_eq!(enc(b"fo"), b"Zm8=");
        assert_eq!(enc(b"foobar"), b"Zm9vYmFy");
    }

    #[test]
    fn encode_keeps_nul_bytes() {
        assert_eq!(enc(b"\0\0\0\xff"), b"AAAA/w==");
    }

    #[test]
    fn decode_round_trips() {
        let data: Vec<u8> = (0..=255).collect();
        assert_eq!(dec(&enc(&data)), data);
    }

    #[test]
    fn decode_partial_groups() {
        assert_eq!(dec(b"Zg"), b"f");
        assert_eq!(dec(b"Zm8"), b"fo");
        assert_eq!(dec(b"Zm9vY"), b"foo");
    }

    #[test]
    fn decode_drops_any_number_of_trailing_equals() {
        assert_eq!(dec(b"Zg==="), b"f");
    }

    #[test]
    fn decode_empty_and_all_equals_give_nothing() {
        assert_eq!(dec(b""), b"");
        assert_eq!(dec(b"="), b"");
        assert_eq!(dec(b"===="), b"");
    }

    #[test]
    fn decode_bad_bytes_count_as_zero() {
        assert_eq!(dec(b"A*A="), b"\0\0");
        assert_eq!(dec(b"Z\xffg="), dec(b"ZAg="));
        assert_eq!(dec(b"Zg=A"), dec(b"ZgAA"));
    }

    #[test]
    fn decoded_len_follows_formula() {
        for (s, n) in [
            (&b"Z"[..], 0),
            (b"Zg", 1),
            (b"Zg=", 1),
            (b"AAAAA", 3),
            (b"!!!!!!", 4),
        ] {
            assert_eq!(base64_decoded_len(s), n);
            assert_eq!(dec(s).len(), n);
        }
    }
}
