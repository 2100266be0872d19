//! URLDecodeGeneric and URLDecodeFormArgs: plain runs found by block scans
//! and copied whole, `%XY` triples decoded by a loop over words through a
//! stage.

use super::{next_percent, percent_lanes, triple_value, DENSE_CHUNK, STAGE_LEN, STAGE_MASK};
use crate::bytes::ascii::{any_lane, byte_mask, first_lane, Block};
use crate::bytes::sink::Sink;

/// Decodes `s` into `out`. Returns, with `FIND_NUL`, whether a `%XY`
/// triple decoded to a NUL byte (a C reader would see the output end
/// there), noted as the triples are decoded; without, whether a triple was
/// decoded at all (only then can the output hold a NUL), which costs
/// nothing a triple.
///
/// Plain runs are found by block scans and copied in bulk (form text with
/// its `+` made spaces on the way); a run of escapes (`%41%42...`, the
/// common case in escape-heavy URLs), or escapes among short plain runs,
/// are decoded by a loop of their own, with no scan or empty copy between
/// two triples. `first_stop`, when the caller has scanned for it, is the
/// first `%` (or, for form data, `+`) of `s`, or `s.len()`.
#[inline(always)]
pub(super) fn decode_with<S: Sink, const FIND_NUL: bool>(
    s: &[u8],
    mut first_stop: Option<usize>,
    out: &mut S,
    plus_is_space: bool,
) -> Result<bool, S::Error> {
    let n = s.len();
    let mut i = 0;
    // Whether a triple was decoded, and the least byte one gave (0 when
    // one gave a NUL).
    let (mut found, mut least) = (false, u8::MAX);
    while i < n {
        match first_stop.take() {
            Some(j) => {
                out.extend(&s[i..j])?;
                i = j;
            }
            // Form text is copied with its `+` made spaces on the way, up
            // to the next `%`: a `+` does not stop the copy.
            None if plus_is_space => i = copy_form_text(s, i, out)?,
            None => {
                let j = next_percent(s, i);
                out.extend(&s[i..j])?;
                i = j;
            }
        }
        if i == n {
            break;
        }
        if i + 2 < n && s[i] == b'%' {
            // Returns anywhere past `i`, the next scan going on from there.
            found = true;
            i = if plus_is_space {
                decode_dense::<S, true, FIND_NUL>(s, i, out, &mut least)?
            } else {
                decode_dense::<S, false, FIND_NUL>(s, i, out, &mut least)?
            };
        } else if s[i] == b'%' {
            // A `%` without two bytes after it.
            out.push(b'%')?;
            i += 1;
        }
        // Else a `+` of form data where the caller's scan stopped: the
        // next round copies it as text.
    }
    Ok(if FIND_NUL { least == 0 } else { found })
}

/// Copies the form text `s[i..]` up to its next `%` (or its end) into
/// `out`, each `+` as a space; returns where it stopped. Sixteen bytes a
/// step, changed and staged whole, then counted up to the block's first
/// `%`: a text of `+` and plain bytes takes no stop. The last bytes, fewer
/// than sixteen, go through the same step in a block padded with NULs,
/// which are no `%`.
#[inline(never)]
fn copy_form_text<S: Sink>(s: &[u8], mut i: usize, out: &mut S) -> Result<usize, S::Error> {
    /// Stages the block `w` at `stage[o..]` with its `+` made spaces;
    /// returns the lane of its first `%`, if it has one.
    #[inline(always)]
    #[allow(clippy::needless_range_loop)]
    fn stage_spaced(w: &Block, stage: &mut [u8; FORM_STAGE + 16], o: usize) -> Option<usize> {
        let mut v = [0u8; 16];
        for k in 0..16 {
            v[k] = if w[k] == b'+' { b' ' } else { w[k] };
        }
        stage[o..o + 16].copy_from_slice(&v);
        let m = percent_lanes(w);
        any_lane(&m).then(|| first_lane(&m))
    }
    // Room for a last, padded block after a full stage.
    let mut stage = [0u8; FORM_STAGE + 16];
    loop {
        let mut o = 0;
        while o < FORM_STAGE {
            let Some(w) = s[i..].first_chunk::<16>() else {
                break;
            };
            if let Some(k) = stage_spaced(w, &mut stage, o) {
                out.extend(&stage[..o + k])?;
                return Ok(i + k);
            }
            o += 16;
            i += 16;
        }
        let rest = &s[i..];
        if rest.len() < 16 {
            let mut w = [0u8; 16];
            w[..rest.len()].copy_from_slice(rest);
            let k = stage_spaced(&w, &mut stage, o).unwrap_or(rest.len());
            out.extend(&stage[..o + k])?;
            return Ok(i + k);
        }
        out.extend(&stage[..o])?;
    }
}

/// The stage of [`copy_form_text`]: handed to the sink every 256 bytes.
const FORM_STAGE: usize = 256;

/// Decodes `s` from `i`, where a `%XY` triple starts, through a stage, a
/// word of eight bytes at a time: the word is copied whole (with
/// `PLUS_IS_SPACE`, its `+` made spaces) and counted up to its first `%`.
/// A `%` with its two digits in the same word is decoded from it, so that a
/// lone escape among plain bytes (`u%41`) costs one step; a `%` at the
/// word's start or in its last two bytes begins a run of triples, decoded
/// one by one. Returns after four words in a row without a `%` (32 bytes
/// of text, which the block loops of [`decode_with`] copy faster), or
/// where fewer than eight bytes are left, always past `i`. With
/// `FIND_NUL`, keeps in `least` the least byte a triple gave. Out of line:
/// the stage costs its set-up, which plain text never pays.
#[inline(never)]
fn decode_dense<S: Sink, const PLUS_IS_SPACE: bool, const FIND_NUL: bool>(
    s: &[u8],
    i: usize,
    out: &mut S,
    least_so_far: &mut u8,
) -> Result<usize, S::Error> {
    // A local: through the reference it would live in memory.
    let mut least = *least_so_far;
    // Room for a chunk's output and the eight-byte store that ends it.
    let mut stage = [0u8; STAGE_LEN + 8];
    // The text not yet decoded, as a slice that moves on: one length to
    // compare for each word, no index to check against it.
    let mut rest = &s[i..];
    loop {
        let mut o = 0;
        let mut plain_words = 0;
        while o < 2 * DENSE_CHUNK {
            let Some(w) = rest.first_chunk::<8>() else {
                // The triples at the start, then the rest is left to the
                // block loops (entered with fewer than eight bytes left,
                // this is where the stage makes its progress).
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                *least_so_far = least;
                out.extend(&stage[..o])?;
                return Ok(s.len() - rest.len());
            };
            let x = u64::from_le_bytes(*w);
            // The lowest flag is exact: the bytes before it are no `%`.
            let k = (byte_mask(x, b'%').trailing_zeros() / 8) as usize;
            if k == 0 {
                // A `%` with seven bytes after it: triples in a row.
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                plain_words = 0;
                continue;
            }
            // Form data's `+` become spaces in the word as it is copied,
            // every one at once (an exact mask: no borrow between bytes).
            let copied = if PLUS_IS_SPACE {
                const LOW7: u64 = u64::from_le_bytes([0x7f; 8]);
                let y = x ^ u64::from_le_bytes([b'+'; 8]);
                let plus = !(((y & LOW7) + LOW7) | y) & !LOW7;
                x ^ ((plus >> 7) * u64::from(b'+' ^ b' '))
            } else {
                x
            };
            let at = o & STAGE_MASK;
            stage[at..at + 8].copy_from_slice(&copied.to_le_bytes());
            if k <= 5 {
                // The `%` at `k` and its two digits are in the word: its
                // byte goes where the `%` was copied, so that a lone escape
                // among plain bytes (`u%41`) is one step, not a word step,
                // a run of one triple and another word step.
                let v = triple_value(w[k + 1], w[k + 2]);
                if FIND_NUL {
                    least = least.min(v);
                }
                stage[(o + k) & STAGE_MASK] = v;
                plain_words = 0;
                o += k + 1;
                rest = &rest[k + 3..];
                continue;
            }
            o += k;
            rest = &rest[k..];
            if k < 8 {
                // A `%` in the word's last two bytes, now first: its
                // triples at once rather than after a second look at the
                // word.
                triples_at::<FIND_NUL>(&mut rest, &mut stage, &mut o, &mut least);
                plain_words = 0;
                continue;
            }
            plain_words += 1;
            if plain_words == 4 {
                *least_so_far = least;
                out.extend(&stage[..o])?;
                return Ok(s.len() - rest.len());
            }
        }
        out.extend(&stage[..o])?;
    }
}

/// The `%XY` triples in a row at the start of `rest`, at most
/// [`DENSE_CHUNK`], decoded into `stage` from `*o`; moves `rest` and `*o`
/// past them and, with `FIND_NUL`, keeps in `least` the least byte they
/// gave. Inlined into each of its callers, so that the counts stay in
/// registers.
#[inline(always)]
fn triples_at<const FIND_NUL: bool>(
    rest: &mut &[u8],
    stage: &mut [u8; STAGE_LEN + 8],
    o: &mut usize,
    least: &mut u8,
) {
    // Each triple's byte goes to the next slot: one bounds check a run
    // rather than a mask of each index.
    let Some(slots) = stage.get_mut(*o..*o + DENSE_CHUNK) else {
        return;
    };
    let mut taken = 0;
    for (t, slot) in rest.chunks_exact(3).zip(slots) {
        let &[b'%', x, y] = t else { break };
        let v = triple_value(x, y);
        if FIND_NUL {
            *least = (*least).min(v);
        }
        *slot = v;
        taken += 1;
    }
    *o += taken;
    *rest = &rest[3 * taken..];
}

/// URLDecodeGeneric: `%XY` becomes the byte `16*H(X)+H(Y)` whenever two
/// bytes follow the `%` (a non-hex digit counts as 0); everything else is
/// copied. The output may contain NUL bytes; C callers see it end there.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::codec::decode_generic;
///
/// let mut out = Buf::new();
/// decode_generic(b"a%20b+c%2F", &mut out)?;
/// assert_eq!(out, b"a b+c/");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
///
/// Returns whether a triple was decoded: only then can the output hold a NUL.
pub fn decode_generic<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, false>(s, None, out, false)
}

/// [`decode_generic`], returning instead whether a triple decoded to a NUL
/// byte (`%00`, or `%0` and a non-hex digit), where a C reader would see
/// the output end: for the record's fields, whose decoded text is cut
/// there, so that it need not be scanned for one.
pub(crate) fn decode_generic_find_nul<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, true>(s, None, out, false)
}

/// URLDecodeFormArgs: [`decode_generic`], and a `+` outside a triple is a space.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::codec::decode_form;
///
/// let mut out = Buf::new();
/// decode_form(b"a%20b+c", &mut out)?;
/// assert_eq!(out, b"a b c");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
///
/// Returns whether a triple was decoded: only then can the output hold a NUL.
pub fn decode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<bool, S::Error> {
    decode_with::<S, false>(s, None, out, true)
}
