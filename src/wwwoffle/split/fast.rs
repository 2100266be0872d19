//! SplitURL's fast path: a URL whose parts are canonical already.
//!
//! Most real URLs are canonical already (lower-case scheme and host, a
//! path and args that the encoders leave as they are). For those a few
//! vectorised scans check exactly that, and every field of the record is a
//! slice of the input. The record's size is then known before any byte of
//! it is written, so a caller can write it straight into memory of its own
//! (the C layer's one-block record) with no buffer in between. The
//! differential test `tests/fastpath.rs` holds it to the general path byte
//! for byte, and the records that share or omit their original fields (see
//! [`Originals`]) to the same fields.

use crate::bytes::ascii::{
    any_lane, find_pair_stop_fn, find_stop_fn, find_window_stop_fn, first_lane, hex_value,
    last_block, stop_lanes_fn, ByteSet,
};
use crate::bytes::c_number::atoi;
use crate::bytes::sink::{CountingSink, Sink};
use crate::wwwoffle::codec::{path_keep_byte, recode_copy_byte, FORM_KEEP};
use crate::wwwoffle::config::{Compat, Env};
use crate::wwwoffle::url::{OriginalSpans, Originals, Span, Spans};

// The byte classes of the fast path, as comparisons that the compiler turns
// into SIMD code over 16 bytes at a time.

/// A byte of a scheme that is its own canonical form: `a-z 0-9 + - .`.
#[inline(always)]
const fn scheme_byte(b: u8) -> bool {
    (b.wrapping_sub(b'a') <= b'z' - b'a')
        | (b.wrapping_sub(b'+') <= b'9' - b'+') & (b != b',') & (b != b'/')
}

/// A byte of a host that is its own canonical form: `a-z 0-9 - .`.
#[inline(always)]
const fn host_byte(b: u8) -> bool {
    (b.wrapping_sub(b'a') <= b'z' - b'a') | ((b.wrapping_sub(b'-') <= b'9' - b'-') & (b != b'/'))
}

// The bytes that end each fast scan, as functions that always inline (a
// closure might not, and then nothing is vectorised).

#[inline(always)]
const fn scheme_stop(b: u8) -> bool {
    !scheme_byte(b)
}

#[inline(always)]
const fn host_stop(b: u8) -> bool {
    !host_byte(b)
}

/// A path byte `b`, after `prev`, that URLEncodePath escapes, or a `.`
/// right after a `/`, which may start a dot segment. Only those dots stop
/// the scan: a file name's dot (in about half of real paths) does not.
#[inline(always)]
const fn path_stop(prev: u8, b: u8) -> bool {
    !path_keep_byte(b) | ((b == b'.') & (prev == b'/'))
}

/// [`path_stop`] that also sees the two bytes after `b`: a `.` after a
/// `/` stops only when it starts a dot segment, which ends at a `/` or at
/// a byte the path changes anyway (a NUL past the end among them).
#[inline(always)]
const fn path_stop_window(prev: u8, b: u8, next: u8, after: u8) -> bool {
    let ends_at_next = (next == b'/') | !path_keep_byte(next);
    let ends_after = (next == b'.') & ((after == b'/') | !path_keep_byte(after));
    !path_keep_byte(b) | ((b == b'.') & (prev == b'/') & (ends_at_next | ends_after))
}

#[inline(always)]
const fn args_stop(b: u8) -> bool {
    !recode_copy_byte(b)
}

#[inline(always)]
const fn args_stop_amp(b: u8) -> bool {
    !recode_copy_byte(b) | (b == b'&')
}

const _: () = {
    const SCHEME: ByteSet = ByteSet::EMPTY
        .add_range(b'a', b'z')
        .add_range(b'0', b'9')
        .add_all(b"+-.");
    const HOST: ByteSet = ByteSet::EMPTY
        .add_range(b'a', b'z')
        .add_range(b'0', b'9')
        .add_all(b"-.");
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        assert!(scheme_byte(c) == SCHEME.contains(c));
        assert!(host_byte(c) == HOST.contains(c));
        // What ends the URL or a part stops every scan; the args copy what
        // the path keeps.
        if matches!(c, b'#' | 0 | b'@' | b'%' | b'[' | b']') {
            assert!(!scheme_byte(c) && !host_byte(c) && !path_keep_byte(c) && !recode_copy_byte(c));
        }
        if matches!(c, b':' | b'/' | b'?') {
            assert!(!scheme_byte(c) && !host_byte(c));
        }
        assert!(!path_keep_byte(c) || recode_copy_byte(c));
        b += 1;
    }
    assert!(!path_keep_byte(b'?') && !FORM_KEEP.contains(b'&') && FORM_KEEP.contains(b'.'));
};

find_stop_fn!(
    /// The end of a scheme.
    scheme_end,
    scheme_stop
);
find_stop_fn!(
    /// The end of a host that needs no change, at or after `i`.
    host_end_from,
    host_stop
);
stop_lanes_fn!(
    /// The lanes of a block that end a host.
    host_stop_lanes,
    host_stop
);

/// [`host_end_from`] that looks at the host's first two blocks on their
/// own: most hosts end within them. When fewer than sixteen bytes follow
/// the first, the second is the block that ends the text, whose lanes
/// before it the first block has shown to stop nothing.
#[inline(always)]
fn host_end(s: &[u8], i: usize) -> usize {
    let block = |at: usize| s.get(at..).and_then(|r| r.first_chunk::<16>());
    let Some(w) = block(i) else {
        return host_end_from(s, i);
    };
    let m = host_stop_lanes(w);
    if any_lane(&m) {
        return i + first_lane(&m);
    }
    let (w, at) = match block(i + 16) {
        Some(w) => (w, i + 16),
        // `s` holds the first block, so it has a last one.
        None => match last_block(s) {
            Some((w, base)) => (w, base),
            None => return host_end_from(s, i + 16),
        },
    };
    let m = host_stop_lanes(w);
    if any_lane(&m) {
        at + first_lane(&m)
    } else if at + 16 >= s.len() {
        s.len()
    } else {
        host_end_from(s, at + 16)
    }
}

find_pair_stop_fn!(
    /// The next path byte to look at, at or after `i` (`i > 0`): the first
    /// `s[k]` with `path_stop(s[k - 1], s[k])`, or `s.len()`; no byte from
    /// `clean` to `i` may stop it.
    path_next,
    path_stop
);
find_window_stop_fn!(
    /// [`path_next`] that a `.` after a `/` stops only where it starts a dot
    /// segment: for paths whose segments start with dots (`/.a/.b/`), where
    /// the scan of pairs stops at each. Out of line: its vector constants
    /// are then loaded only by the paths that need it, which real URLs
    /// rarely are.
    #[inline(never)]
    path_next_dot_segments,
    path_stop_window
);
find_stop_fn!(
    /// The next args byte to look at (2.9h).
    args_next,
    args_stop
);
find_stop_fn!(
    /// The next args byte to look at (2.9: also `&`).
    args_next_amp,
    args_stop_amp
);

/// Whether `b` ends the URL text (a fragment or a C string's end).
#[inline(always)]
fn is_cut(b: u8) -> bool {
    b == b'#' || b == 0
}

/// The end of the args that start at `i`, when URLRecodeFormArgs (and in
/// 2.9 mode URLReplaceAmp) leaves all of them as they are; else `None`.
fn args_end(s: &[u8], mut i: usize, amp: bool) -> Option<usize> {
    loop {
        let k = if amp {
            args_next_amp(s, i)
        } else {
            args_next(s, i)
        };
        match s.get(k) {
            None => return Some(k),
            Some(&b) if is_cut(b) => return Some(k),
            Some(b'&') => {
                if crate::wwwoffle::html::is_amp_entity(s, k) {
                    return None;
                }
                i = k + 1;
            }
            Some(b'%') => {
                // A triple that URLRecodeFormArgs copies: two bytes before
                // the end, neither lower case, for a byte that it keeps
                // escaped. They are not scanned again, so an `@` (which
                // SplitURL looks for everywhere) or, in 2.9 mode, an `&`
                // among them is not let through.
                let (&x, &y) = s.get(k + 1).zip(s.get(k + 2))?;
                let v = 16 * hex_value(x) + hex_value(y);
                if is_cut(x)
                    || is_cut(y)
                    || x == b'@'
                    || y == b'@'
                    || x.is_ascii_lowercase()
                    || y.is_ascii_lowercase()
                    || (amp && (x == b'&' || y == b'&'))
                    || FORM_KEEP.contains(v)
                    || v == b' '
                {
                    return None;
                }
                i = k + 3;
            }
            Some(_) => return None,
        }
    }
}

/// Where the parts of `s` lie when they are already canonical (see
/// `split_url_fast`), or `None`.
#[inline(always)]
fn canonical_layout<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Option<Layout> {
    // The scheme and its `://`, most often `http` or `https`: those two are
    // recognised by one 8-byte comparison each.
    const HTTPS: u64 = u64::from_le_bytes(*b"https://");
    const HTTP: u64 = u64::from_le_bytes(*b"http://\0");
    const SEVEN: u64 = (1 << 56) - 1;
    let head = s.first_chunk::<8>().map(|w| u64::from_le_bytes(*w));
    let c = match head {
        Some(HTTPS) => 5,
        Some(w) if w & SEVEN == HTTP => 4,
        _ => {
            let c = scheme_end(s, 0);
            if c == 0 || s.get(c..c + 3) != Some(b"://") {
                return None;
            }
            c
        }
    };

    // The host: `a-z 0-9 - .` with a letter, then maybe `:` and digits.
    let hs = c + 3;
    let mut he = host_end(s, hs);
    if he == hs || !s[hs..he].iter().any(u8::is_ascii_lowercase) {
        return None;
    }
    let colon = (s.get(he) == Some(&b':')).then_some(he);
    if colon.is_some() {
        he = s[he + 1..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .map_or(s.len(), |k| he + 1 + k);
    }

    // What follows the host: the path, the args or the end.
    let mut cut = s.len();
    let mut query = None;
    let has_path = match s.get(he) {
        None => false,
        Some(b'/') => true,
        Some(b'?') => {
            query = Some(he);
            false
        }
        Some(&b) if is_cut(b) => {
            cut = he;
            false
        }
        Some(_) => return None,
    };
    if has_path {
        let mut i = he + 1;
        // No byte before the path stops the scan: the scheme, `://`, the
        // host and its port are bytes the path keeps, and the one `.` that
        // can follow a `/` there is a host's first byte. So the block that
        // ends the text needs none of its lanes before the path shifted
        // away.
        let mut clean = if s[hs] == b'.' { i } else { 0 };
        // `.` after a `/` that started no dot segment.
        let mut dot_misses = 0;
        loop {
            let k = path_next(s, i, clean);
            // A promise of `clean` broken would find a stop before `i`, and
            // this loop would take it again and again.
            debug_assert!(k >= i);
            match s.get(k) {
                None => break,
                Some(b'.') => {
                    // A `.` or `..` segment ends at a `/` or where the path
                    // ends (or at a byte that changes it anyway). `k > he`:
                    // the path starts with its `/`.
                    let ends = |b: Option<&u8>| b.is_none_or(|&b| b == b'/' || !path_keep_byte(b));
                    if s[k - 1] == b'/'
                        && (ends(s.get(k + 1))
                            || (s.get(k + 1) == Some(&b'.') && ends(s.get(k + 2))))
                    {
                        return None;
                    }
                    // After two, the scan that looks past them takes the
                    // rest up to where the loop ends: its stop is one for
                    // `path_next` too, found there at once.
                    dot_misses += 1;
                    i = if dot_misses < 2 {
                        k + 1
                    } else {
                        path_next_dot_segments(s, k + 1)
                    };
                    // The `.` at `k` stops the scan of pairs.
                    clean = i;
                }
                Some(b'?') => {
                    query = Some(k);
                    break;
                }
                Some(&b) if is_cut(b) => {
                    cut = k;
                    break;
                }
                Some(_) => return None,
            }
        }
    }
    if let Some(q) = query {
        cut = args_end(s, q + 1, compat == Compat::V29)?;
    }

    // The port, dropped when it is the protocol's default.
    let mut hc = he;
    let mut port = -1;
    let mut kept_colon = None;
    if let Some(colon) = colon {
        let n = atoi(&s[colon + 1..he]);
        // Memory for an application's hook ran out: the general route
        // then reports it.
        let default = env.default_port(&s[..c]).ok()?;
        if default != 0 && n == default {
            hc = colon;
        } else {
            port = n;
            kept_colon = Some(colon);
        }
    }

    Some(Layout {
        c,
        he,
        hc,
        kept_colon,
        has_path,
        query,
        cut,
        port,
    })
}

/// Where the parts of a canonical URL lie in its text (see [`FastSplit::write`]).
struct Layout {
    /// The `:` after the scheme.
    c: usize,
    /// The end of the hostport as written.
    he: usize,
    /// The end of the canonical hostport (before a dropped default port).
    hc: usize,
    /// The `:` of a port that stays.
    kept_colon: Option<usize>,
    /// Whether a path starts at `he`; else the path is `/`.
    has_path: bool,
    /// The `?` before the args.
    query: Option<usize>,
    /// Where the URL text ends (a `#`, a NUL or the end).
    cut: usize,
    /// The port of the record.
    port: i32,
}

/// The record of a canonical URL, planned but not yet written: its size is
/// known, its bytes are written on demand into any [`Sink`].
pub struct FastSplit<'a> {
    /// The URL text, cut where it ends.
    s: &'a [u8],
    l: Layout,
    /// How the record holds its original fields.
    originals: Originals,
}

impl<'a> FastSplit<'a> {
    /// The plan for `s` when its parts are already canonical (see
    /// `split_url_fast`), or `None` when they may not
    /// be; then `split_url_general` gives the record.
    #[inline(always)]
    pub fn plan<E: Env + ?Sized>(env: &E, compat: Compat, s: &'a [u8]) -> Option<Self> {
        let l = canonical_layout(env, compat, s)?;
        Some(FastSplit {
            s: &s[..l.cut],
            l,
            originals: Originals::Copied,
        })
    }

    /// The same record, its original fields held as `originals` says
    /// (copied when planned).
    #[inline(always)]
    pub fn with_originals(self, originals: Originals) -> Self {
        FastSplit { originals, ..self }
    }

    /// The bytes of the record's buffer: every field and its NUL.
    #[inline(always)]
    pub fn len(&self) -> usize {
        let mut count = CountingSink(0);
        let Ok(_) = self.write(&mut count);
        count.0
    }

    /// Always false: a record holds at least its NULs.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The length of the canonical args; empty args are absent.
    #[inline(always)]
    fn args_len(&self) -> Option<usize> {
        self.l
            .query
            .map(|q| self.s.len() - q - 1)
            .filter(|&k| k > 0)
    }

    /// Appends the record's buffer, exactly [`FastSplit::len`] bytes, to
    /// `out`, field after field (the general path's order and fields with
    /// copied originals; proto and hostport share one copy of the text);
    /// returns where the fields lie, from `out`'s first byte.
    ///
    /// The one statement of the fast record's layout: [`FastSplit::len`]
    /// and [`FastSplit::spans`] are this function run on a sink that only
    /// counts, which the compiler reduces to the arithmetic. Always
    /// inlined, whatever the number of its callers: only inlined does that
    /// run reduce to arithmetic, and with a second caller the compiler
    /// would otherwise make it a call.
    #[inline(always)]
    pub fn write<S: Sink + ?Sized>(&self, out: &mut S) -> Result<Spans, S::Error> {
        let (s, l) = (self.s, &self.l);
        let (c, he, hc) = (l.c, l.he, l.hc);
        let n = s.len();
        let hostp = c + 3;
        let q = l.query.unwrap_or(n);
        let path_len = if l.has_path { q - he } else { 1 };
        let args_len = self.args_len();
        let name_end = if args_len.is_some() { n } else { q };

        // name = proto "://" hostport path ["?" args]
        if l.has_path && hc == he {
            out.extend_nul(&s[..name_end])?;
        } else {
            out.extend(&s[..hc])?;
            if !l.has_path {
                out.push(b'/')?;
            }
            out.extend_nul(&s[he..name_end])?;
        }
        let name_len = hc + path_len + (name_end - q);
        let proto_at = name_len + 1;
        // proto and hostport in one copy, the `:` becoming proto's NUL (the
        // `//` after it stay, unused).
        out.extend_nul_cut(&s[..hc], c)?;
        let hostport_at = proto_at + hostp;
        let mut path_at = proto_at + hc + 1;
        let host = match l.kept_colon {
            Some(k) => {
                out.extend_nul(&s[hostp..k])?;
                let host = Span {
                    start: path_at,
                    len: k - hostp,
                };
                path_at += k - hostp + 1;
                Some(host)
            }
            None => None,
        };
        // `path ["?" args]`, the `?` becoming the path's NUL; without a
        // path, the text after the host is empty or `?args`.
        if !l.has_path {
            out.push(b'/')?;
        }
        out.extend_nul_cut(&s[he..name_end], q - he)?;

        let span = |start, len| Span { start, len };
        let name = span(0, name_len);
        let path = span(path_at, path_len);
        let args = args_len.map(|k| span(path_at + path_len + 1, k));
        // The original URL is the text with a `/` for a missing path. It
        // differs from the name only by a dropped default port (`hc < he`)
        // and a `?` with empty args (`name_end < n`): without those, the
        // originals are the canonical fields byte for byte.
        let same = (hc == he) & (name_end == n);
        let original = match self.originals {
            Originals::Omitted => None,
            Originals::Shared if same => None,
            _ => {
                // The original URL, and its `path ["?" args]` as split.
                let on = path_at + (name_len - hc) + 1;
                let orig_len = he + path_len + (n - q);
                if l.has_path {
                    out.extend_nul(s)?;
                } else {
                    out.extend(&s[..he])?;
                    out.push(b'/')?;
                    out.extend_nul(&s[he..])?;
                }
                let op = on + orig_len + 1;
                if !l.has_path {
                    out.push(b'/')?;
                }
                out.extend_nul_cut(&s[he..], q - he)?;
                Some(OriginalSpans {
                    name: span(on, orig_len),
                    path: span(op, path_len),
                    args: l.query.map(|q| span(op + path_len + 1, n - q - 1)),
                    pathp: he,
                })
            }
        };
        Ok(Spans {
            name,
            proto: span(proto_at, c),
            hostport: span(hostport_at, hc - hostp),
            path,
            args,
            user: None,
            pass: None,
            file: None,
            host,
            original,
            port: l.port,
            hostp,
            pathp: hc,
        })
    }

    /// Where [`FastSplit::write`] puts the fields, from its first byte.
    #[inline(always)]
    pub fn spans(&self) -> Spans {
        let Ok(sp) = self.write(&mut CountingSink(0));
        sp
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    /// `scan` against a byte loop that stops where `stop(s, k)` holds, on
    /// `rounds` random texts of up to `max` bytes over `alphabet`, from
    /// every start: also from starts within the last sixteen bytes, whose
    /// block overlaps bytes that were never scanned.
    fn scan_matches_byte_loop(
        seed: u32,
        rounds: usize,
        (alphabet, max): (&[u8], usize),
        scan: fn(&[u8], usize) -> usize,
        stop: fn(&[u8], usize) -> bool,
    ) {
        let mut rng = Rng::new(seed);
        for _ in 0..rounds {
            let len = 1 + rng.below(max);
            let s = rng.bytes(alphabet, len);
            for i in 1..=s.len() {
                let want = (i..s.len()).find(|&k| stop(&s, k)).unwrap_or(s.len());
                assert_eq!(scan(&s, i), want, "{s:?} {i}");
            }
        }
    }

    /// Random paths for the scans of pairs: bytes of every kind, mostly
    /// ones they pass, so that whole blocks go by; up to 80 bytes.
    const PATH_TEXT: (&[u8], usize) = (b"abcdefghijklmnopqrstuvwxyz/./%?~ \xff\0", 80);

    /// What the route's first scan of a path is told when its host starts
    /// with a dot: with `clean` at 0 the dot after `://` would stop it.
    #[test]
    fn a_host_s_leading_dot_stops_the_scan_of_pairs() {
        // The path's last block reaches back into the host.
        let s = b"http://.abcdefgh/bc";
        assert_eq!(path_next(s, 17, 17), s.len());
        assert_eq!(path_next(s, 17, 0), 7);
        let s = b"http://a.bcdefgh/bc";
        assert_eq!(path_next(s, 17, 0), s.len());
    }

    /// The block scan of a path, mostly over bytes it passes, so that whole
    /// blocks go by.
    #[test]
    fn path_scan_matches_byte_loop() {
        scan_matches_byte_loop(
            29,
            400,
            PATH_TEXT,
            |s, i| path_next(s, i, i),
            |s, k| path_stop(s[k - 1], s[k]),
        );
    }

    /// The host scan, its first block looked at on its own: hosts shorter
    /// and longer than a block, ending in every lane.
    #[test]
    fn host_scan_matches_byte_loop() {
        scan_matches_byte_loop(
            37,
            1000,
            (
                b"abcdefghijklmnopqrstuvwxyz0123456789-.abcdefghijklmnopqrstuvwxyz.:/A\0",
                48,
            ),
            host_end,
            |s, k| host_stop(s[k]),
        );
    }

    /// The block scan of a path told that the bytes from `clean` to `i`
    /// stop nothing (here the most it can be told: from the byte after the
    /// last stop before `i`).
    #[test]
    fn path_scan_from_clean_bytes_matches_byte_loop() {
        scan_matches_byte_loop(
            43,
            400,
            PATH_TEXT,
            |s, i| {
                let clean = (1..i)
                    .rev()
                    .find(|&k| path_stop(s[k - 1], s[k]))
                    .map_or(0, |k| k + 1);
                path_next(s, i, clean)
            },
            |s, k| path_stop(s[k - 1], s[k]),
        );
    }

    /// The scan for dot segments, the bytes past the end read as NUL.
    #[test]
    fn path_window_scan_matches_byte_loop() {
        scan_matches_byte_loop(
            31,
            2000,
            (b"ab/././..%?~ \0", 70),
            path_next_dot_segments,
            |s, k| {
                let at = |j: usize| s.get(j).copied().unwrap_or(0);
                path_stop_window(s[k - 1], s[k], at(k + 1), at(k + 2))
            },
        );
    }
}
