//! The transforms that decode and encode in one pass through a block
//! stage ([`by_blocks`]): URLRecodeFormArgs, and a record's path decoded
//! then encoded with URLEncodePath.

use super::encode::ENCODE_PATH;
use super::{form_keep_byte, path_escape_lanes, recode_copy_byte, recode_stop_lanes, triple_value};
use crate::bytes::ascii::{any_lane, lane_bits, Block, Lanes};
use crate::bytes::sink::{Sink, ESCAPED};

/// URLDecodeGeneric then URLEncodePath in one pass, the decoded text cut
/// at its first NUL (as a C string would end there): what a record's path
/// goes through, CanonicaliseName aside.
///
/// Each `%XY` triple (a `%` with two bytes after it) is decoded and its
/// byte encoded at once, by the same table as [`encode_path`]; every other
/// byte is encoded as it is. CanonicaliseName may run on the result rather
/// than between the two codecs: it only looks at `/` and `.`, which the
/// encoder keeps, and the encoder writes neither for any other byte
/// (doc/behaviour.md, "CreateURL").
pub(crate) fn decode_encode_path<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    // Both return `None` at a NUL, where the C string would end.
    by_blocks(
        s,
        out,
        path_escape_lanes,
        |x, y| match triple_value(x, y) {
            0 => None,
            v => Some(ENCODE_PATH[usize::from(v)]),
        },
        |b| (b != 0).then(|| ENCODE_PATH[usize::from(b)]),
    )
}

/// Runs a codec through a stage, sixteen bytes at a time: each block of `s`
/// is copied whole, and kept up to its first lane that `lanes` marks (0 or
/// 0xff each; every `%` must be marked, as it starts a triple). There, at
/// the block's later marks, which its lanes give without a second scan,
/// and at each of the last fifteen bytes, the codec's tables take over:
/// `triple(x, y)` for each `%XY` in a row (at most [`STEP_TRIPLES`]), else
/// `byte(b)` for the one byte, each giving what to write (the bytes
/// little-endian, their count in the top byte), or `None` to stop there.
///
/// In escape-heavy text that is one block compare a run of escapes, with
/// no per-byte loop between two runs; in plain text, one compare and one
/// copy of 16 bytes. Not a byte loop between the escapes, which would take
/// plain bytes one at a time, nor a cheaper superset of the marked bytes,
/// which would stop at bytes that need nothing (`=`, `;`, `_`).
#[inline(always)]
fn by_blocks<S: Sink>(
    s: &[u8],
    out: &mut S,
    lanes: impl Fn(&Block) -> Lanes,
    triple: impl Fn(u8, u8) -> Option<u32>,
    byte: impl Fn(u8) -> Option<u32>,
) -> Result<(), S::Error> {
    let mut stage: BlockStage = [0; BLOCK_STAGE_MASK + 1 + 16];
    let n = s.len();
    let mut i = 0;
    loop {
        let mut o = 0;
        while o < BLOCK_STAGE_FILL {
            // The marks of the block from `i` on, one bit a byte (none
            // for the last fifteen bytes, taken one by one).
            let mut bits;
            // `i <= n` always: one length check for the block.
            if let Some(w) = s[i..].first_chunk::<16>() {
                let m = lanes(w);
                let at = o & BLOCK_STAGE_MASK;
                stage[at..at + 16].copy_from_slice(w);
                if !any_lane(&m) {
                    o += 16;
                    i += 16;
                    continue;
                }
                bits = lane_bits(&m);
                let k = bits.trailing_zeros();
                bits >>= k;
                o += k as usize;
                i += k as usize;
            } else if i == n {
                return out.extend(&stage[..o]);
            } else {
                bits = 0;
            }
            loop {
                // A marked byte, or one of the last fifteen: triples in a
                // row, or one byte. The triples by a slice pattern rather
                // than `chunks_exact(3)`, whose length costs a division by
                // three at each run.
                let mut taken = 0;
                if s[i] == b'%' {
                    if let Some(&[_, x, y]) = s.get(i..i + 3) {
                        // The first triple on its own: a lone escape among
                        // plain bytes (`u%41`) then skips the run's set-up.
                        let Some(e) = triple(x, y) else {
                            return out.extend(&stage[..o]);
                        };
                        o = put(&mut stage, o, e);
                        taken = 3;
                        // A run only where the block marks the byte after
                        // the triple (lane `i + 3`; a `%` is marked): a
                        // register test, not a load. Past the block's end,
                        // and among the last fifteen bytes, which have no
                        // marks, the next round takes the next triple.
                        if bits & 8 != 0 {
                            let run = &s[i + 3..n.min(i + 3 * STEP_TRIPLES)];
                            let mut t = run;
                            while let [b'%', x, y, rest @ ..] = t {
                                let Some(e) = triple(*x, *y) else {
                                    return out.extend(&stage[..o]);
                                };
                                o = put(&mut stage, o, e);
                                t = rest;
                            }
                            taken += run.len() - t.len();
                        }
                    }
                }
                if taken == 0 {
                    let Some(e) = byte(s[i]) else {
                        return out.extend(&stage[..o]);
                    };
                    o = put(&mut stage, o, e);
                    taken = 1;
                }
                i += taken;
                // The block's next mark, when it has one: the bytes up to
                // it are known to be kept, so they are staged without a
                // second look (in escape-heavy text a block holds several
                // marks, which would otherwise each cost a block scan).
                bits = bits.checked_shr(taken as u32).unwrap_or(0);
                if bits == 0 || o >= BLOCK_STAGE_FILL {
                    break;
                }
                let Some(w) = s[i..].first_chunk::<16>() else {
                    break;
                };
                let at = o & BLOCK_STAGE_MASK;
                stage[at..at + 16].copy_from_slice(w);
                let k = bits.trailing_zeros();
                bits >>= k;
                o += k as usize;
                i += k as usize;
            }
        }
        out.extend(&stage[..o])?;
    }
}

/// Triples in a row that [`by_blocks`] takes before it looks at the stage
/// again: their output, three bytes each, fits it after
/// [`BLOCK_STAGE_FILL`] + 16.
const STEP_TRIPLES: usize = 32;

/// The stage of [`by_blocks`]: handed to the sink once it holds
/// [`BLOCK_STAGE_FILL`] bytes. A byte, or a block, is staged below that;
/// a run of triples starts at most 15 bytes past it and writes at most
/// [`STEP_TRIPLES`] of them, then four bytes of slack: every index masked
/// with [`BLOCK_STAGE_MASK`] is in range and none is changed by the mask.
type BlockStage = [u8; BLOCK_STAGE_MASK + 1 + 16];
const BLOCK_STAGE_FILL: usize = 128;
const BLOCK_STAGE_MASK: usize = 255;
const _: () = assert!(BLOCK_STAGE_FILL + 15 + 3 * STEP_TRIPLES + 4 <= BLOCK_STAGE_MASK);

/// Writes the output bytes of a table entry `e` (see [`encoder_table`])
/// at `o`; returns where the next go.
#[inline(always)]
fn put(stage: &mut BlockStage, o: usize, e: u32) -> usize {
    let at = o & BLOCK_STAGE_MASK;
    stage[at..at + 4].copy_from_slice(&e.to_le_bytes());
    o + (e >> 24) as usize
}

/// URLRecodeFormArgs: normalises an encoded query (doc/behaviour.md, URLRecodeFormArgs).
///
/// Bytes of R and `& = ; + ?` are copied; a complete `%XY` triple becomes its
/// byte when that is in R, `+` when it is a space, else `%` and the two
/// original characters upper-cased; a space becomes `+`; any other byte
/// (including a `%` without two bytes after it) becomes `%XY`.
// Out of line, so that a caller of every codec (`Codec::apply`) does not
// have its other codecs' cases compiled around this one's two tables.
#[inline(never)]
pub fn recode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    by_blocks(
        s,
        out,
        recode_stop_lanes,
        |x, y| {
            Some(match RECODE_TRIPLE[usize::from(triple_value(x, y))] {
                KEEP_ESCAPED => {
                    u32::from_le_bytes([b'%', x.to_ascii_uppercase(), y.to_ascii_uppercase(), 3])
                }
                e => e,
            })
        },
        |b| Some(RECODE[usize::from(b)]),
    )
}

/// What URLRecodeFormArgs writes for a byte that does not start a `%XY`
/// triple, as [`encoder_table`] gives it: the byte itself when it is copied,
/// `+` for a space, else `%XY`.
static RECODE: [u32; 256] = recode_table(false);

/// What URLRecodeFormArgs writes for a `%XY` triple, by the byte `v` it
/// stands for, as [`RECODE`] holds it: `v` when it is kept, `+` for a
/// space, else [`KEEP_ESCAPED`] (the triple stays, its digits upper-cased).
/// One load where the byte's class took a dozen comparisons a triple.
static RECODE_TRIPLE: [u32; 256] = recode_table(true);

/// [`RECODE_TRIPLE`] with `triples`, else [`RECODE`].
const fn recode_table(triples: bool) -> [u32; 256] {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let kept = if triples {
            form_keep_byte(c)
        } else {
            recode_copy_byte(c)
        };
        t[b] = if kept {
            c as u32 | 1 << 24
        } else if c == b' ' {
            b'+' as u32 | 1 << 24
        } else if triples {
            KEEP_ESCAPED
        } else {
            ESCAPED[b] | 3 << 24
        };
        b += 1;
    }
    t
}

/// The mark in [`RECODE_TRIPLE`] of a triple that stays escaped.
const KEEP_ESCAPED: u32 = 0;
