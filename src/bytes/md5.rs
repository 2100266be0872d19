//! MD5 (RFC 1321), the digest behind MakeHash's cache file names.
//!
//! MakeHash hashes one URL at a time, most often in one 64-byte block, so
//! the digest is a single function over the whole message: no streaming
//! state and no buffer that the message is first copied into. The tests
//! hold it to the `md-5` crate, their oracle, on every length of up to 300
//! bytes and on one long message.

/// The initial state: the words A, B, C, D of RFC 1321 §3.3.
const INIT: [u32; 4] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476];

/// `floor(2^32 * |sin(i + 1)|)` for step `i` (RFC 1321 §3.4).
const K: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, //
    0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501, //
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, //
    0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, //
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, //
    0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8, //
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, //
    0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, //
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, //
    0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, //
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, //
    0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, //
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, //
    0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1, //
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, //
    0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391, //
];

/// The left rotation of step `i`: four per round.
const S: [u32; 64] = {
    const ROUND: [[u32; 4]; 4] = [
        [7, 12, 17, 22],
        [5, 9, 14, 20],
        [4, 11, 16, 23],
        [6, 10, 15, 21],
    ];
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ROUND[i / 16][i % 4];
        i += 1;
    }
    t
};

/// The message word of step `i`: `i`, `5i + 1`, `3i + 5`, `7i` (mod 16)
/// in rounds 1 to 4.
const W: [usize; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = match i / 16 {
            0 => i,
            1 => 5 * i + 1,
            2 => 3 * i + 5,
            _ => 7 * i,
        } % 16;
        i += 1;
    }
    t
};

// The four auxiliary functions, each in the form with the fewest operations
// (F and G pick bits with one `and` between two `xor`s; same values as the
// RFC's `or` forms).

#[inline(always)]
fn f(x: u32, y: u32, z: u32) -> u32 {
    z ^ (x & (y ^ z))
}

#[inline(always)]
fn g(x: u32, y: u32, z: u32) -> u32 {
    y ^ (z & (x ^ y))
}

#[inline(always)]
fn h(x: u32, y: u32, z: u32) -> u32 {
    x ^ y ^ z
}

#[inline(always)]
fn i(x: u32, y: u32, z: u32) -> u32 {
    y ^ (x | !z)
}

/// One 64-byte block into the state (RFC 1321 §3.4). Not inlined: one
/// copy of the 64 steps serves the message's blocks and the padding's.
#[inline(never)]
fn compress(state: &mut [u32; 4], block: &[u8; 64]) {
    let [mut a, mut b, mut c, mut d] = *state;
    let word = |m: &[u8; 64], k: usize| {
        u32::from_le_bytes([m[4 * k], m[4 * k + 1], m[4 * k + 2], m[4 * k + 3]])
    };
    // Step `k`: `a = b + ((a + fun(b, c, d) + K + word) <<< S)`. Every
    // index is a constant, so the steps unroll with no table lookup.
    macro_rules! step {
        ($fun:ident, $m:ident, $k:expr, $a:ident, $b:ident, $c:ident, $d:ident) => {
            $a = $b.wrapping_add(
                $a.wrapping_add($fun($b, $c, $d))
                    .wrapping_add(K[$k])
                    .wrapping_add(word($m, W[$k]))
                    .rotate_left(S[$k]),
            );
        };
    }
    // Sixteen steps, the registers turning one place a step.
    macro_rules! round {
        ($fun:ident, $k:expr) => {
            // The block through a reference that the compiler cannot see
            // to be `block` (`black_box`): it then adds each word straight
            // from memory, instead of keeping all sixteen from the first
            // round in registers, more than there are, and spilling them to
            // the stack. The bytes read are the same.
            let m = core::hint::black_box(block);
            step!($fun, m, $k, a, b, c, d);
            step!($fun, m, $k + 1, d, a, b, c);
            step!($fun, m, $k + 2, c, d, a, b);
            step!($fun, m, $k + 3, b, c, d, a);
            step!($fun, m, $k + 4, a, b, c, d);
            step!($fun, m, $k + 5, d, a, b, c);
            step!($fun, m, $k + 6, c, d, a, b);
            step!($fun, m, $k + 7, b, c, d, a);
            step!($fun, m, $k + 8, a, b, c, d);
            step!($fun, m, $k + 9, d, a, b, c);
            step!($fun, m, $k + 10, c, d, a, b);
            step!($fun, m, $k + 11, b, c, d, a);
            step!($fun, m, $k + 12, a, b, c, d);
            step!($fun, m, $k + 13, d, a, b, c);
            step!($fun, m, $k + 14, c, d, a, b);
            step!($fun, m, $k + 15, b, c, d, a);
        };
    }
    round!(f, 0);
    round!(g, 16);
    round!(h, 32);
    round!(i, 48);
    for (s, v) in state.iter_mut().zip([a, b, c, d]) {
        *s = s.wrapping_add(v);
    }
}

/// The MD5 digest of `s`.
pub(crate) fn digest(s: &[u8]) -> [u8; 16] {
    let mut state = INIT;
    let mut blocks = s.chunks_exact(64);
    for block in &mut blocks {
        compress(&mut state, block.try_into().unwrap_or(&[0; 64]));
    }
    // The rest, the `0x80` byte, zeros, and the length in bits (mod 2^64,
    // little-endian) in the last 8 bytes: one block, or two when the rest
    // leaves fewer than 8 bytes after the `0x80`.
    let rest = blocks.remainder();
    let mut last = [0u8; 128];
    last[..rest.len()].copy_from_slice(rest);
    last[rest.len()] = 0x80;
    let end = if rest.len() < 56 { 64 } else { 128 };
    let bits = (s.len() as u64).wrapping_mul(8);
    last[end - 8..end].copy_from_slice(&bits.to_le_bytes());
    for block in last[..end].chunks_exact(64) {
        compress(&mut state, block.try_into().unwrap_or(&[0; 64]));
    }
    let mut out = [0u8; 16];
    for (o, v) in out.chunks_exact_mut(4).zip(state) {
        o.copy_from_slice(&v.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::digest;
    use crate::test_rng::Rng;
    // The md-5 crate (a dev-dependency), named from the crate root because
    // this module has its name.
    use ::md5::{Digest, Md5};

    fn hex(d: [u8; 16]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn rfc_1321_test_suite() {
        // RFC 1321, A.5.
        for (s, want) in [
            (&b""[..], "d41d8cd98f00b204e9800998ecf8427e"),
            (b"a", "0cc175b9c0f1b6a831c399e269772661"),
            (b"abc", "900150983cd24fb0d6963f7d28e17f72"),
            (b"message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                b"abcdefghijklmnopqrstuvwxyz",
                "c3fcd3d76192e4007dfb496cca67e13b",
            ),
            (
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
                "d174ab98d277d9f5a5611c2c9f419d9f",
            ),
            (
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a",
            ),
        ] {
            assert_eq!(hex(digest(s)), want, "{:?}", String::from_utf8_lossy(s));
        }
    }

    #[test]
    fn matches_md5_crate_on_every_length() {
        // Every length from 0 to 4 blocks and some: each place the padding
        // can fall (one block or two, the length word split or not), over
        // bytes of every value.
        let all: Vec<u8> = (0..=255).collect();
        let data = Rng::new(0x2545_f491).bytes(&all, 300);
        for n in 0..=data.len() {
            let s = &data[..n];
            let want: [u8; 16] = Md5::digest(s).into();
            assert_eq!(digest(s), want, "length {n}");
        }
        let long = vec![0xa5u8; 100_000];
        let want: [u8; 16] = Md5::digest(&long).into();
        assert_eq!(digest(&long), want);
    }
}
