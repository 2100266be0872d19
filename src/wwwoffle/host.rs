//! CanonicaliseHost (behaviour reference: `doc/behaviour.md`, CanonicaliseHost).
//!
//! The historical routine leaned on the C library's number readers
//! (`sscanf` with `%u` and `%x`, `strtoul` with base 0), so their exact
//! glibc behaviour on x86_64 is part of the result; the private helpers at
//! the top of this file reproduce it on byte slices.
//!
//! # Inputs the historical code left undefined
//!
//! The conformance vectors leave these out (conformance README, "Inputs that
//! are deliberately absent"); this is what the library does with them:
//!
//! * **IPv6 group scan running off the end** (the forward pass would step
//!   over the terminating NUL): the forward pass stops at the end of the
//!   string; the backward pass then runs as usual. `1:2:3` gives
//!   `[1:2:3:0:0:0:2:3]` (the backward pass loses the first byte of an
//!   unbracketed host, as it historically does on defined inputs too).
//! * **Unclosed bracket whose forward pass runs off the end** (`[1:2:3`):
//!   as above, the forward pass stops at the end; as on every unclosed
//!   bracket the backward pass adds no group: `[1:2:3:0:0:0:0:0]`.
//! * **Numeric overflow**: numbers are read the way glibc reads them, with
//!   an `unsigned long` (u64) accumulator that saturates at `ULONG_MAX` on
//!   overflow, and a leading `-` negating the value modulo 2^64. `%u` and
//!   `%x` then keep the low 32 bits, and the formats keep the low 8 (dotted
//!   byte) or 16 (IPv6 group, port) bits. So a hex group of 9 to 16 digits
//!   keeps its last four digits, 17 or more give `ffff`, and `-1` anywhere
//!   reads as all ones.
//!
//! A NUL byte in the input ends the host, as it would end the C string.

use super::codec::c_prefix;
use crate::bytes::ascii::{hex_value, lower_in_place, DIGITS, HEX_DIGITS, LETTERS};
use crate::bytes::buf::{NoMemory, RecordBuf};
use crate::bytes::c_number::{sign, skip_spaces};

/// Lower-case hex digits, which only the IPv6 output uses.
const HEX_LOWER: &[u8; 16] = b"0123456789abcdef";

/// The digits of `base` from `i`: (value, index after them, count). The
/// value saturates at `u64::MAX` like `strtoul` does on overflow.
fn digits(s: &[u8], mut i: usize, base: u64) -> (u64, usize, usize) {
    let mut v: u64 = 0;
    let mut overflow = false;
    let start = i;
    while i < s.len() {
        let b = s[i];
        let d = u64::from(hex_value(b));
        let ok = match base {
            16 => HEX_DIGITS.contains(b),
            10 => DIGITS.contains(b),
            _ => (b'0'..=b'7').contains(&b),
        };
        if !ok {
            break;
        }
        match v.checked_mul(base).and_then(|m| m.checked_add(d)) {
            Some(n) => v = n,
            None => overflow = true,
        }
        i += 1;
    }
    (if overflow { u64::MAX } else { v }, i, i - start)
}

/// `strtoul`'s sign rule: a negated result wraps, a saturated one stays.
fn apply_sign(v: u64, negative: bool) -> u64 {
    if negative && v != u64::MAX {
        v.wrapping_neg()
    } else {
        v
    }
}

/// C `strtoul(s, NULL, 0)`: spaces, sign, then `0x` hex, `0` octal or
/// decimal. Text that is not a number reads as 0.
fn strtoul0(s: &[u8]) -> u64 {
    let (negative, i) = sign(s, skip_spaces(s, 0));
    let zero = s.get(i) == Some(&b'0');
    let x = matches!(s.get(i + 1), Some(b'x' | b'X'));
    // `0x` without a hex digit after it is just the number 0.
    let (base, i) = if zero && x && s.get(i + 2).is_some_and(|&b| HEX_DIGITS.contains(b)) {
        (16, i + 2)
    } else if zero {
        (8, i)
    } else {
        (10, i)
    };
    apply_sign(digits(s, i, base).0, negative)
}

/// `sscanf` `%u` at `i`: the value (low 32 bits) and the index after it.
fn scan_u(s: &[u8], i: usize) -> Option<(u32, usize)> {
    let (negative, i) = sign(s, skip_spaces(s, i));
    let (v, end, n) = digits(s, i, 10);
    (n > 0).then(|| (apply_sign(v, negative) as u32, end))
}

/// `sscanf` `%x` at `i`: the value (low 32 bits).
///
/// glibc takes the `0` of a `0x` prefix as a digit already, so `0x` with no
/// hex digit after it is a successful read of 0.
fn scan_x(s: &[u8], i: usize) -> Option<u32> {
    let (negative, mut i) = sign(s, skip_spaces(s, i));
    let zero = s.get(i) == Some(&b'0');
    if zero {
        i += 1;
        if matches!(s.get(i), Some(b'x' | b'X')) {
            i += 1;
        }
    }
    let (v, _, n) = digits(s, i, 16);
    (zero || n > 0).then(|| apply_sign(v, negative) as u32)
}

/// `sscanf(s + i, "%u.%u.%u.%u")`: the fields read (unread ones 0) and how
/// many were read.
fn scan_dotted(s: &[u8], mut i: usize) -> ([u32; 4], usize) {
    let mut parts = [0u32; 4];
    for (k, part) in parts.iter_mut().enumerate() {
        if k > 0 {
            if s.get(i) != Some(&b'.') {
                return (parts, k);
            }
            i += 1;
        }
        match scan_u(s, i) {
            Some((v, end)) => {
                *part = v;
                i = end;
            }
            None => return (parts, k),
        }
    }
    (parts, 4)
}

/// The two 16-bit groups that an embedded IPv4 address `a.b.c.d` stands for.
fn dotted_groups(s: &[u8], i: usize) -> Option<[u32; 2]> {
    match scan_dotted(s, i) {
        ([a, b, c, d], 4) => Some([
            a.wrapping_mul(256).wrapping_add(b),
            c.wrapping_mul(256).wrapping_add(d),
        ]),
        _ => None,
    }
}

fn push_decimal<B: RecordBuf + ?Sized>(out: &mut B, mut v: u64) -> Result<(), NoMemory> {
    let mut buf = [0u8; 20];
    let mut n = buf.len();
    loop {
        n -= 1;
        buf[n] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend(&buf[n..])
}

fn push_hex16<B: RecordBuf + ?Sized>(out: &mut B, v: u16) -> Result<(), NoMemory> {
    let mut started = false;
    for shift in [12, 8, 4, 0] {
        let d = (v >> shift) & 15;
        if d != 0 || started || shift == 0 {
            out.push(HEX_LOWER[d as usize])?;
            started = true;
        }
    }
    Ok(())
}

fn is_separator(b: u8) -> bool {
    b == b':' || b == b']'
}

/// The IPv6 form: eight groups read forwards and backwards, plus a port
/// after a bracket.
fn canonicalise_ipv6<B: RecordBuf + ?Sized>(
    h: &[u8],
    out: &mut B,
) -> Result<Option<usize>, NoMemory> {
    let start = usize::from(h.first() == Some(&b'['));
    let mut groups = [0u32; 8];

    let mut filled = 0;
    let mut i = start;
    while i < h.len() && !is_separator(h[i]) {
        if let Some(pair) = (filled <= 6).then(|| dotted_groups(h, i)).flatten() {
            groups[filled..filled + 2].copy_from_slice(&pair);
            filled += 2;
        } else if let Some(x) = (filled <= 7).then(|| scan_x(h, i)).flatten() {
            groups[filled] = x;
            filled += 1;
        } else if h.get(i + 1).is_some_and(|&b| is_separator(b)) {
            break;
        }
        match h[i..].iter().position(|&b| is_separator(b)) {
            Some(k) => i += k + 1,
            // The historical scan stepped over the NUL here (undefined).
            None => break,
        }
    }

    // The port is a 32-bit `unsigned int`: what `strtoul` reads, mod 2^32.
    let mut port = 0u32;
    // Index of the byte the backward pass starts on. `h` is never empty here
    // (a `[` or two `:`), and a `]` found is never the first byte.
    let mut p = h.len() - 1;
    let mut backward = true;
    if start == 1 {
        match h.iter().rposition(|&b| b == b']') {
            Some(close) => {
                if h.get(close + 1) == Some(&b':') {
                    port = strtoul0(&h[close + 2..]) as u32;
                }
                p = close - 1;
            }
            // Unclosed bracket: the search for `]` ends on the `[` itself,
            // so a port is read after a `:` right behind it, and the
            // backward pass, which would start before the host, adds no
            // group: only the forward pass counts (`[::1` gives all zeros).
            None => {
                if h.get(1) == Some(&b':') {
                    port = strtoul0(&h[2..]) as u32;
                }
                backward = false;
            }
        }
    }

    if backward && h[p] != b':' {
        let mut back = 0;
        loop {
            while p > 0 && h[p] != b':' {
                p -= 1;
            }
            // The text is read after the byte stopped on even when that is the
            // first byte and no `:`: without a bracket the first byte of the
            // first group is lost (`a663:...` reads `663`).
            let text = p + 1;
            if let Some(pair) = (back <= 6).then(|| dotted_groups(h, text)).flatten() {
                groups[6 - back..8 - back].copy_from_slice(&pair);
                back += 2;
            } else if let Some(x) = (back <= 7).then(|| scan_x(h, text)).flatten() {
                groups[7 - back] = x;
                back += 1;
            } else {
                break;
            }
            if p == 0 || h[p - 1] == b':' {
                break;
            }
            p -= 1;
        }
    }

    let at = out.len();
    out.push(b'[')?;
    for (k, g) in groups.iter().enumerate() {
        if k > 0 {
            out.push(b':')?;
        }
        push_hex16(out, *g as u16)?;
    }
    out.push(b']')?;
    if port == 0 {
        return Ok(None);
    }
    let colon = out.len() - at;
    out.push(b':')?;
    push_decimal(out, u64::from(port & 0xffff))?;
    Ok(Some(colon))
}

/// The dotted-quad form of a host without letters, plus its port.
fn canonicalise_ipv4<B: RecordBuf + ?Sized>(
    h: &[u8],
    colon: Option<usize>,
    out: &mut B,
) -> Result<Option<usize>, NoMemory> {
    let start = out.len();
    // A dot anywhere counts, even one in the port: no vector tells the two
    // readings apart, and this is the plain one of "with dots".
    let bytes: [u8; 4] = if h.contains(&b'.') {
        scan_dotted(h, 0).0.map(|v| v as u8)
    } else {
        (strtoul0(h) as u32).to_be_bytes()
    };
    for (k, b) in bytes.iter().enumerate() {
        if k > 0 {
            out.push(b'.')?;
        }
        push_decimal(out, u64::from(*b))?;
    }
    debug_assert_eq!(colon, h.iter().position(|&b| b == b':'));
    if let Some(colon) = colon {
        // A 32-bit `unsigned int`, as for IPv6: `1:4294967296` has no port.
        let port = strtoul0(&h[colon + 1..]) as u32;
        if port != 0 {
            let colon = out.len() - start;
            out.push(b':')?;
            push_decimal(out, u64::from(port & 0xffff))?;
            return Ok(Some(colon));
        }
    }
    Ok(None)
}

/// CanonicaliseHost: appends the canonical form of host `h` to `out`.
///
/// * IPv6 (`h` starts with `[` or has two or more `:`): eight groups in
///   lower-case hex inside brackets, plus `:port` when a non-zero port
///   follows the `]`. With no `]`, only the groups read from the left count
///   and a port is read only after a `:` right behind the `[`.
/// * Otherwise, with a letter: `h` in ASCII lower case, port as is.
/// * Otherwise IPv4: four decimal bytes, plus `:port` when non-zero.
///
/// Ports are read as C `strtoul` reads them into a 32-bit `unsigned int`
/// (mod 2^32: `1:4294967296` has no port) and written mod 2^16.
///
/// Never fails; see the module documentation for the inputs on which the
/// historical code was undefined.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::host::canonicalise_host;
///
/// let mut out = Buf::new();
/// canonicalise_host(b"WWW.Example.COM:8080", &mut out)?;
/// assert_eq!(out, b"www.example.com:8080");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn canonicalise_host<B: RecordBuf + ?Sized>(h: &[u8], out: &mut B) -> Result<(), NoMemory> {
    canonicalise_nul_free_host(c_prefix(h), out).map(|_| ())
}

/// [`canonicalise_host`] of a host without a NUL byte, as SplitURL and
/// CreateURL hold it: no search for one. Returns where the `:` before the
/// port lies in what it wrote, if one does (after the `]` of an IPv6
/// host, else the first): the record's port is read there, with no search
/// of the output.
pub(crate) fn canonicalise_nul_free_host<B: RecordBuf + ?Sized>(
    h: &[u8],
    out: &mut B,
) -> Result<Option<usize>, NoMemory> {
    let (colon, two) = first_two(h, b':');
    if h.first() == Some(&b'[') || two {
        canonicalise_ipv6(h, out)
    } else if h.iter().any(|&b| LETTERS.contains(b)) {
        // A name: copied, then lowered in place (in bulk, not byte by byte).
        let start = out.len();
        out.extend(h)?;
        lower_in_place(&mut out[start..]);
        Ok(colon)
    } else {
        canonicalise_ipv4(h, colon, out)
    }
}

/// Where `b` first occurs in `s`, and whether it occurs again: eight bytes
/// a step, by an exact mask of the matching bytes: one pass over the host,
/// where a search for the first and another for a second would read the
/// host twice.
fn first_two(s: &[u8], b: u8) -> (Option<usize>, bool) {
    const LOW7: u64 = u64::from_le_bytes([0x7f; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    // The top bit of each byte of `x` equal to `b`, and of no other: no
    // borrow runs between bytes.
    let hits = |x: u64| {
        let y = x ^ u64::from_le_bytes([b; 8]);
        !(((y & LOW7) + LOW7) | y) & HIGH
    };
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
    let n = s.len();
    if n < 8 {
        let mut at = s
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == b)
            .map(|(k, _)| k);
        return (at.next(), at.next().is_some());
    }
    let mut first = None;
    // The bytes of `m` from `base` on: whether this makes two.
    let mut count = |m: u64, base: usize| {
        if m == 0 {
            return false;
        }
        let two = first.is_some() || m & (m - 1) != 0;
        first = first.or(Some(base + (m.trailing_zeros() / 8) as usize));
        two
    };
    let mut chunks = s.chunks_exact(8);
    let mut base = 0;
    let mut two = false;
    for w in &mut chunks {
        if count(hits(word(w)), base) {
            two = true;
            break;
        }
        base += 8;
    }
    let left = chunks.remainder().len();
    if !two && left != 0 {
        // The last eight bytes, without those counted already.
        two = count(hits(word(&s[n - 8..])) >> (8 * (8 - left)), base);
    }
    (first, two)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `first_two` against a search and a count, on texts of every length
    /// up to three words with the byte and its neighbours (which a
    /// borrowing mask would also flag) at every place.
    #[test]
    fn first_two_matches_a_search_and_a_count() {
        let mut rng = crate::test_rng::Rng::new(41);
        for _ in 0..20_000 {
            let len = rng.below(25);
            let s = rng.bytes(b"a:;9\0\xff", len);
            let first = s.iter().position(|&c| c == b':');
            let two = s.iter().filter(|&&c| c == b':').count() >= 2;
            assert_eq!(first_two(&s, b':'), (first, two), "{s:?}");
        }
    }
    use crate::bytes::buf::Buf;

    fn canon(h: &[u8]) -> String {
        let mut out = Buf::new();
        canonicalise_host(h, &mut out).unwrap();
        String::from_utf8(out.into_vec()).unwrap()
    }

    #[test]
    fn appends_to_existing_output() {
        let mut out = Buf::from_slice(b"http://").unwrap();
        canonicalise_host(b"Example.COM", &mut out).unwrap();
        assert_eq!(out, b"http://example.com");
    }

    #[test]
    fn name_is_lower_cased_with_its_port() {
        assert_eq!(canon(b"WWW.Foo.COM:0080"), "www.foo.com:0080");
    }

    #[test]
    fn empty_host_is_zero_address() {
        assert_eq!(canon(b""), "0.0.0.0");
    }

    #[test]
    fn dotted_parts_are_decimal_even_with_leading_zero() {
        assert_eq!(canon(b"0177.0.0.1"), "177.0.0.1");
    }

    #[test]
    fn dotted_parts_keep_low_eight_bits() {
        assert_eq!(canon(b"999.1.1.1"), "231.1.1.1");
    }

    #[test]
    fn missing_dotted_parts_are_zero() {
        assert_eq!(canon(b"127.1:8080"), "127.1.0.0:8080");
    }

    #[test]
    fn undotted_number_is_read_with_base_prefix() {
        assert_eq!(canon(b"017700000001"), "127.0.0.1");
        assert_eq!(canon(b"2130706433"), "127.0.0.1");
    }

    #[test]
    fn undotted_number_saturates_then_keeps_low_32_bits() {
        assert_eq!(canon(b"4294967296"), "0.0.0.0");
        assert_eq!(canon(b"99999999999999999999999"), "255.255.255.255");
    }

    #[test]
    fn port_keeps_low_sixteen_bits_when_non_zero() {
        assert_eq!(canon(b"1.2.3.4:65536"), "1.2.3.4:0");
        assert_eq!(canon(b"1.2.3.4:65616"), "1.2.3.4:80");
    }

    #[test]
    fn zero_or_empty_port_is_dropped() {
        assert_eq!(canon(b"1.2.3.4:"), "1.2.3.4");
        assert_eq!(canon(b"1.2.3.4:0"), "1.2.3.4");
    }

    #[test]
    fn port_is_read_with_base_prefix() {
        assert_eq!(canon(b"1.2.3.4:010"), "1.2.3.4:8");
        assert_eq!(canon(b"[::1]:0x50"), "[0:0:0:0:0:0:0:1]:80");
    }

    #[test]
    fn negative_port_wraps() {
        assert_eq!(canon(b"3232235777:-1"), "192.168.1.1:65535");
    }

    #[test]
    fn ipv6_loopback() {
        assert_eq!(canon(b"[::1]:8080"), "[0:0:0:0:0:0:0:1]:8080");
    }

    #[test]
    fn ipv6_without_brackets_has_no_port() {
        assert_eq!(canon(b"fe08::10]:443"), "[fe08:0:0:0:0:0:10:443]");
    }

    #[test]
    fn ipv6_embedded_ipv4() {
        assert_eq!(canon(b"[::ffff:1.2.3.4]"), "[0:0:0:0:0:ffff:102:304]");
    }

    #[test]
    fn ipv6_short_address_is_read_from_both_ends() {
        assert_eq!(canon(b"[1.2.3.4]"), "[102:304:0:0:0:0:102:304]");
        assert_eq!(canon(b"[88a1]:0"), "[88a1:0:0:0:0:0:0:88a1]");
    }

    #[test]
    fn ipv6_extra_groups_shift_out_from_the_front() {
        assert_eq!(canon(b"[1:2:3:4:5:6:7:8:9]"), "[2:3:4:5:6:7:8:9]");
    }

    #[test]
    fn ipv6_hex_prefix_without_digits_reads_zero() {
        assert_eq!(canon(b"[0x::1]"), "[0:0:0:0:0:0:0:1]");
        assert_eq!(canon(b"[0xg::]"), "[0:0:0:0:0:0:0:0]");
    }

    #[test]
    fn ipv6_empty_brackets() {
        assert_eq!(canon(b"[]:80"), "[0:0:0:0:0:0:0:0]:80");
    }

    #[test]
    fn unclosed_bracket_keeps_only_the_forward_groups() {
        assert_eq!(canon(b"[::1"), "[0:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"[fe80::1"), "[fe80:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"[1::2:3"), "[1:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"[2001:db8::7"), "[2001:db8:0:0:0:0:0:0]");
        assert_eq!(canon(b"[zz"), "[0:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"["), "[0:0:0:0:0:0:0:0]");
    }

    #[test]
    fn unclosed_bracket_port_only_right_after_the_bracket() {
        assert_eq!(canon(b"[:80"), "[0:0:0:0:0:0:0:0]:80");
        assert_eq!(canon(b"[::80"), "[0:0:0:0:0:0:0:0]");
    }

    #[test]
    fn undefined_unclosed_bracket_scan_stops_at_end() {
        assert_eq!(canon(b"[1:2:3"), "[1:2:3:0:0:0:0:0]");
    }

    #[test]
    fn port_is_taken_mod_2_pow_32() {
        assert_eq!(canon(b"1:4294967296"), "0.0.0.1");
        assert_eq!(canon(b"1:4294967297"), "0.0.0.1:1");
        assert_eq!(canon(b"[::1]:4294967296"), "[0:0:0:0:0:0:0:1]");
        assert_eq!(canon(b"[::1]:8589934672"), "[0:0:0:0:0:0:0:1]:80");
        // A saturated read is all ones in 32 bits too.
        assert_eq!(canon(b"1:99999999999999999999"), "0.0.0.1:65535");
    }

    #[test]
    fn undefined_forward_scan_stops_at_end() {
        assert_eq!(canon(b"1:2:3"), "[1:2:3:0:0:0:2:3]");
        assert_eq!(canon(b"[1:2]x"), "[1:2:0:0:0:0:1:2]");
        assert_eq!(canon(b"www.foo.com:8080:90"), "[8080:90:0:0:0:0:8080:90]");
    }

    #[test]
    fn undefined_long_hex_group_saturates() {
        assert_eq!(canon(b"[123456789::]"), "[6789:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"[11112222333344445::]"), "[ffff:0:0:0:0:0:0:0]");
    }

    #[test]
    fn undefined_negative_numbers_wrap() {
        assert_eq!(canon(b"[-1::]"), "[ffff:0:0:0:0:0:0:0]");
        assert_eq!(canon(b"-1.2.3.4"), "255.2.3.4");
    }

    #[test]
    fn undefined_dotted_overflow_saturates() {
        assert_eq!(canon(b"99999999999999999999.1.1.1"), "255.1.1.1");
    }

    #[test]
    fn nul_ends_the_host() {
        assert_eq!(canon(b"Ab\0cD"), "ab");
    }

    #[test]
    fn strtoul_negation_wraps() {
        assert_eq!(strtoul0(b" -0x10"), 16u64.wrapping_neg());
    }

    #[test]
    fn strtoul_bare_prefix_is_zero() {
        assert_eq!(strtoul0(b"0x"), 0);
        assert_eq!(strtoul0(b"08"), 0);
    }

    #[test]
    fn scan_x_needs_a_digit() {
        assert_eq!(scan_x(b"x1", 0), None);
        assert_eq!(scan_x(b"+", 0), None);
    }

    #[test]
    fn scan_u_skips_spaces_and_sign() {
        assert_eq!(scan_u(b" +7.", 0), Some((7, 3)));
    }

    #[test]
    fn scan_dotted_stops_at_space_before_dot() {
        assert_eq!(scan_dotted(b"1. 2 .3", 0), ([1, 2, 0, 0], 2));
    }
}
