//! URLEncodePath, URLEncodeFormArgs and URLEncodePassword: kept runs found
//! by block scans and copied whole, the bytes to escape written from a table
//! of what each byte becomes.

use super::{
    form_keep_byte, next_form_escape, next_password_escape, next_path_escape, password_keep_byte,
    path_keep_byte, Stage, DENSE_CHUNK, STAGE_LEN, STAGE_MASK,
};
use crate::bytes::sink::{Sink, ESCAPED};

/// Which bytes an encoder keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keep {
    Path,
    Form,
    Password,
}

/// What an encoder writes for each byte, as a `u32`: the output bytes
/// little-endian (one, or three for `%XY`) and their count in the top byte.
/// Escape-dense text is encoded with one load and one store a byte.
const fn encoder_table(keep: Keep) -> [u32; 256] {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let kept = match keep {
            Keep::Path => path_keep_byte(c),
            Keep::Form => form_keep_byte(c),
            Keep::Password => password_keep_byte(c),
        };
        t[b] = if kept {
            c as u32 | 1 << 24
        } else if matches!(keep, Keep::Form) && c == b' ' {
            b'+' as u32 | 1 << 24
        } else {
            ESCAPED[b] | 3 << 24
        };
        b += 1;
    }
    t
}

pub(super) static ENCODE_PATH: [u32; 256] = encoder_table(Keep::Path);
static ENCODE_FORM: [u32; 256] = encoder_table(Keep::Form);
static ENCODE_PASSWORD: [u32; 256] = encoder_table(Keep::Password);

#[inline(always)]
pub(super) fn encode_with<S: Sink>(
    s: &[u8],
    mut first_stop: Option<usize>,
    out: &mut S,
    keep: Keep,
) -> Result<(), S::Error> {
    let table = match keep {
        Keep::Path => &ENCODE_PATH,
        Keep::Form => &ENCODE_FORM,
        Keep::Password => &ENCODE_PASSWORD,
    };
    let n = s.len();
    let mut i = 0;
    while i < n {
        // Kept bytes, by block scans and one copy.
        let j = match (first_stop.take(), keep) {
            (Some(j), _) => j,
            (None, Keep::Path) => next_path_escape(s, i),
            (None, Keep::Form) => next_form_escape(s, i),
            (None, Keep::Password) => next_password_escape(s, i),
        };
        out.extend(&s[i..j])?;
        i = j;
        if i < n {
            i = encode_dense(s, i, out, table)?;
        }
    }
    Ok(())
}

/// Encodes `s` from `i`, where a byte to escape is, by chunks through a
/// stage and `table` (see [`encoder_table`]), until a chunk has nothing to
/// escape; returns where it stopped. Out of line: the stage costs its
/// set-up, which text without escapes never pays.
#[inline(never)]
fn encode_dense<S: Sink>(
    s: &[u8],
    mut i: usize,
    out: &mut S,
    table: &[u32; 256],
) -> Result<usize, S::Error> {
    let mut stage: Stage = [0; STAGE_LEN + 4];
    while i < s.len() {
        let chunk = &s[i..s.len().min(i + DENSE_CHUNK)];
        let mut o = 0;
        for &b in chunk {
            let e = table[usize::from(b)];
            // `o` stays below 3 * DENSE_CHUNK: the mask changes nothing.
            let at = o & STAGE_MASK;
            stage[at..at + 4].copy_from_slice(&e.to_le_bytes());
            o += (e >> 24) as usize;
        }
        out.extend(&stage[..o])?;
        i += chunk.len();
        if o == chunk.len() {
            break;
        }
    }
    Ok(i)
}

/// URLEncodePath: keeps [`PATH_KEEP`](super::PATH_KEEP), escapes every
/// other byte as `%XY`.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::codec::{encode_path, BoundedSink};
///
/// let mut out = Buf::new();
/// encode_path(b"/a b/\xe9", &mut out)?;
/// assert_eq!(out, b"/a%20b/%E9");
///
/// // Into a caller's buffer: what fits is written, everything is counted,
/// // and nothing can fail.
/// let mut buf = [0u8; 4];
/// let mut sink = BoundedSink::new(&mut buf);
/// let Ok(()) = encode_path(b"/a b", &mut sink);
/// assert_eq!(sink.needed(), 6);
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn encode_path<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Path)
}

/// URLEncodeFormArgs: keeps [`FORM_KEEP`](super::FORM_KEEP), a space
/// becomes `+`, every other byte `%XY`.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::codec::encode_form;
///
/// let mut out = Buf::new();
/// encode_form(b"a b&c=d", &mut out)?;
/// assert_eq!(out, b"a+b%26c%3Dd");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn encode_form<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Form)
}

/// URLEncodePassword: keeps [`PASSWORD_KEEP`](super::PASSWORD_KEEP),
/// escapes every other byte.
pub fn encode_password<S: Sink>(s: &[u8], out: &mut S) -> Result<(), S::Error> {
    encode_with(s, None, out, Keep::Password)
}
