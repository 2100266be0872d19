//! CanonicaliseName (doc/behaviour.md, CanonicaliseName): dot segments of a path, the historical way.
//!
//! The historical routine deleted bytes with repeated string moves, which is
//! quadratic in the length of the path. Here each rule that can fire many
//! times is one forward pass with a write cursor that never overtakes the
//! read cursor, so the whole rewrite is linear and stays within the path's
//! own buffer.

use crate::bytes::ascii::{c_len, find_stop_fn, find_window_stop_fn, rfind_byte};
use crate::bytes::buf::{Buf, NoMemory};

/// A NUL, or the `.` that starts a dot segment (`.` or `..` after a `/`,
/// followed by a `/` or a NUL), seen through the byte before it and the
/// two after it: where a path ends as a C string, or a rule of
/// CanonicaliseName may fire.
#[inline(always)]
const fn dot_segment_or_nul(prev: u8, b: u8, n1: u8, n2: u8) -> bool {
    let one = (n1 == b'/') | (n1 == 0);
    let two = (n1 == b'.') & ((n2 == b'/') | (n2 == 0));
    (b == 0) | ((prev == b'/') & (b == b'.') & (one | two))
}

find_window_stop_fn!(
    /// The first NUL or dot segment of `s` at or after `i` (`i > 0`), or
    /// `s.len()`: sixteen bytes a step, each lane seeing the byte before it
    /// and the two after it, so that the segments which only start with a
    /// dot (`/.a/`, `/.well-known/`) do not stop the scan. Out of line: its
    /// vector constants are then loaded only by the paths that need it.
    #[inline(never)]
    next_dot_segment_or_nul,
    dot_segment_or_nul
);

#[inline(always)]
const fn dot_or_nul(b: u8) -> bool {
    (b == b'.') | (b == 0)
}

find_stop_fn!(
    /// The next `.` or NUL.
    next_dot_or_nul,
    dot_or_nul
);

/// Whether the segment that starts at `k` is `.` or `..`: whether it ends
/// (at a `/`, a NUL or the end of `p`) one or two dots after `k`.
#[inline(always)]
fn dot_segment_at(p: &[u8], k: usize) -> bool {
    let ends = |j: usize| p.get(j).is_none_or(|&b| b == b'/' || b == 0);
    ends(k + 1) || (p.get(k + 1) == Some(&b'.') && ends(k + 2))
}

/// The index of the first dot segment (`.` or `..`) of `p`, or where `p`
/// ends as a C string. Every rule of CanonicaliseName needs a dot segment:
/// before the first, nothing changes, and a segment that only starts with
/// a dot (`/.well-known`) is skipped without a rewrite.
///
/// Scans for the next dot or NUL, the cheaper scan, which finds the end of
/// most paths (no dot, or one or two in the last segment: `/a/b.tar.gz`);
/// after two dots that were no dot segment, the scan for dot segments
/// themselves, which no other dot (`/a.b/c.d/...`, `/.a/.b/...`) stops.
fn first_dot_segment(p: &[u8]) -> usize {
    let (mut i, mut misses) = (0, 0);
    loop {
        if misses == 2 {
            return next_dot_segment_or_nul(p, i);
        }
        let k = next_dot_or_nul(p, i);
        match p.get(k) {
            None | Some(0) => return k,
            _ if (k == 0 || p[k - 1] == b'/') && dot_segment_at(p, k) => return k,
            _ => {
                misses += 1;
                i = k + 1;
            }
        }
    }
}

/// Where CanonicaliseName may change `p`: the length of `p` as a C string
/// (up to its first NUL), and the index of its first dot segment, if any.
/// Without one the path is left as it is.
fn c_len_and_dot_segment(p: &[u8]) -> (usize, Option<usize>) {
    let k = first_dot_segment(p);
    if k == p.len() || p[k] == 0 {
        return (k, None);
    }
    (k + c_len(&p[k..]), Some(k))
}

/// Rules 1 and 2 in one pass from `from`, a `.` that starts `p` or follows
/// a `/` (`p[from - 1]` is then a `/`), before which no rule fires: the
/// first such dot, or the first dot segment. Returns the new length.
///
/// Rule 1 deletes the `/.` of every `/./` and every leading `./`, until none
/// is left; rule 2 then collapses each `/../` with the segment before it,
/// except while the path so far is nothing but `../` repeated (that prefix
/// is kept). Both are applied as the text is written, each match seen just
/// before it would be written:
///
/// - rule 1: a `./` about to follow a written `/` (or nothing) is skipped.
///   Its deletions commute, and each can only create a new match ending at
///   the byte that comes next, so this reaches the same result as repeated
///   searching from the start;
/// - rule 2: a `../` about to follow a written `/` is collapsed there. The
///   historical search restarts at the `/` it keeps, and no new match can
///   begin before it. Rule 1 never deletes a byte of a `/..`, and leaves
///   the `/` after `..` or a later one in its place, so rule 2 sees the
///   same matches in rule 1's output as in the text being written. The
///   backward search for the segment start visits the bytes that the
///   deletion then drops and at most fifteen more (it reads 16-byte
///   blocks), which keeps the pass linear.
///
/// Both rules can only fire at the start of a segment of the text being
/// read (its first byte, or the byte after a `/`): the written text then
/// ends with a `/`, or is empty. So the pass goes a segment at a time: at
/// each start it applies a rule, or writes an empty segment's `/`, or
/// copies text up to the next start where a rule may fire, never stepping
/// through the plain text between them a byte at a time.
///
/// The `../` prefix grows only by a `../` segment written where it ends: a
/// segment that starts after the prefix's end ends with a `/` after bytes
/// that cannot all be dots (a `../` there would have been collapsed), so
/// it never completes another `../` chunk.
#[inline(always)]
fn rewrite_dots(p: &mut [u8], from: usize) -> usize {
    let n = p.len();
    let (mut w, mut r) = (from, from);
    // Length of the longest prefix of p[..w] made of whole `../` chunks:
    // none before the first `.`.
    let mut dotdot_prefix = 0;
    // Segments that start with a dot but are no dot segment (`.a`,
    // `.well-known`): from the third, text is copied up to the next dot
    // segment itself rather than to the segment's end, so that a path of
    // many such segments is not stopped at each; the first two go the
    // plain way, so that a path with one or two of them (`/.well-known/`)
    // does not pay for setting up the window scan.
    let mut dot_led = 0;
    while r < n {
        // A segment start: `w == 0` or `p[w - 1] == b'/'`. Empty segments,
        // `./` and `../` in a row go through a loop of their own that
        // reads two bytes at once and comes back to the segment dispatch
        // only for other text: they are all of a path such as `/./././`.
        while r + 1 < n {
            let (a, b) = (p[r], p[r + 1]);
            if a == b'/' {
                // An empty segment. With a `./` or `../` after it, both
                // are taken in this step: `/./` leaves the `/`, and `/../`
                // after written text leaves nothing (the `..` takes the
                // empty segment away; no `../` prefix ends in `//`).
                if b == b'.' {
                    match p.get(r + 2) {
                        Some(b'/') => {
                            p[w] = b'/';
                            w += 1;
                            r += 3;
                            continue;
                        }
                        Some(b'.') if w != 0 && p.get(r + 3) == Some(&b'/') => {
                            r += 4;
                            continue;
                        }
                        _ => {}
                    }
                }
                p[w] = b'/';
                w += 1;
                r += 1;
            } else if a != b'.' {
                break;
            } else if b == b'/' {
                r += 2;
            } else if b == b'.' && p.get(r + 2) == Some(&b'/') {
                if w != 0 && dotdot_prefix != w {
                    // A `../` after a `/`, unless the written text is
                    // all `../` chunks (it would then be one more).
                    // The written text ends with the `/` at `w - 1`:
                    // the segment before it goes, up to the `/` before
                    // that, or from the first byte when there is none.
                    // (At `w == 1` the only `/` is the one at 0: it stays.)
                    if w > 1 {
                        // An empty segment before (`//../`) goes at once,
                        // without a search.
                        w = if p[w - 2] == b'/' {
                            w - 1
                        } else {
                            rfind_byte(p, w - 1, b'/').map_or(0, |q| q + 1)
                        };
                    }
                    if dotdot_prefix > w {
                        dotdot_prefix = w - w % 3;
                    }
                } else {
                    // Kept: one more `../` chunk of the prefix.
                    p.copy_within(r..r + 3, w);
                    w += 3;
                    dotdot_prefix = w;
                }
                r += 3;
            } else {
                break;
            }
        }
        let end = match p.get(r) {
            None => break,
            Some(b'/') => {
                // The last byte, an empty segment.
                p[w] = b'/';
                w += 1;
                r += 1;
                continue;
            }
            // A segment that starts with a dot (not a `./` or `../`, which
            // the loop above took): to its end, or from the third up to the
            // next dot segment.
            Some(b'.') => dot_led_end(p, r, &mut dot_led),
            // No rule can fire before the next `/.`: up to its `/`.
            _ => find_slash_dot(p, r).map_or(n, |k| k + 1),
        };
        // Until a rule removes something the text stays where it is
        // (`/.well-known/...`): no copy onto itself.
        if w != r {
            p.copy_within(r..end, w);
        }
        w += end - r;
        r = end;
    }
    w
}

/// Where the text to copy ends when the segment at `r` starts with a dot
/// but is no dot segment, or is the path's last segment `.` or `..`
/// (which [`finish`] takes): at the end of the segment, or, from the third
/// such segment that `seen` counts, at the next dot segment (the end of
/// `p` for a last segment). Out of line: few paths have such segments, and
/// the loop of [`rewrite_dots`] is then smaller.
#[inline(never)]
fn dot_led_end(p: &[u8], r: usize, seen: &mut u32) -> usize {
    if *seen == 2 {
        return next_dot_segment_or_nul(p, r + 1);
    }
    *seen += 1;
    p[r + 1..]
        .iter()
        .position(|&b| b == b'/')
        .map_or(p.len(), |k| r + 2 + k)
}

/// Rules 3 to 5: a trailing `/.` or `/..`, then an empty or `../` result
/// (which becomes `/`: `p` must have room for it). Returns the new length.
fn finish(p: &mut [u8], mut n: usize) -> usize {
    if p[..n].ends_with(b"/.") {
        n -= 2;
    }
    if p[..n].ends_with(b"/..") {
        let slash = n - 3;
        if slash == 0 {
            n = 1;
        } else if p[slash - 1] != b'/' {
            // An empty segment before `/..` (`/a//..`) keeps everything.
            n = p[..slash]
                .iter()
                .rposition(|&b| b == b'/')
                .map_or(0, |q| q + 1);
        }
    }
    if n == 0 || p[..n].starts_with(b"../") {
        p[0] = b'/';
        n = 1;
    }
    n
}

/// CanonicaliseName of the C string in `p`, in place: the new length of
/// the path, whose bytes are `p[..length]`; nothing at or after the length
/// is meaningful. A path that is empty as a C string (`p` empty or starting
/// with NUL) gives 0 when `p` is empty and `/` otherwise, where its buffer
/// has room for it (see [`canonicalise_name`]).
///
/// Paths without a `.` or `..` segment (almost every real path) cost one
/// scan and are not written.
pub fn canonicalise_in_place(p: &mut [u8]) -> usize {
    let (n, first) = c_len_and_dot_segment(p);
    let Some(from) = first else {
        if n == 0 && !p.is_empty() {
            p[0] = b'/';
            return 1;
        }
        return n;
    };
    let p = &mut p[..n];
    let n = rewrite_dots(p, from);
    finish(p, n)
}

/// [`canonicalise_in_place`] of a non-empty path that holds no NUL, such
/// as a record's path, which its decoder cut at the first: the search for
/// where the C string ends is skipped.
pub(crate) fn canonicalise_nul_free(p: &mut [u8]) -> usize {
    debug_assert!(!p.is_empty() && !p.contains(&0));
    let mut i = 0;
    loop {
        let k = next_dot(p, i);
        if k == p.len() {
            return k;
        }
        if k == 0 || p[k - 1] == b'/' {
            let n = rewrite_dots(p, k);
            return finish(p, n);
        }
        i = k + 1;
    }
}

/// The index of the first `/` at or after `from` that a `.` follows.
///
/// A vector search for the next `.`, then a look at the byte before it:
/// dots are rare in paths. Where they are not, each miss is followed by a
/// byte loop over the next 16 bytes before the vector search resumes, since
/// restarting it at every dot costs more than the loop.
#[inline(always)]
fn find_slash_dot(p: &[u8], from: usize) -> Option<usize> {
    let mut i = from + 1;
    loop {
        let k = next_dot(p, i);
        if k == p.len() {
            return None;
        }
        if p[k - 1] == b'/' {
            return Some(k - 1);
        }
        // Dots may be dense here: look at the next bytes one by one.
        let near = p.len().min(k + 17);
        if let Some(j) = (k + 1..near).find(|&j| p[j] == b'.' && p[j - 1] == b'/') {
            return Some(j - 1);
        }
        i = near;
    }
}

#[inline(always)]
const fn is_dot(b: u8) -> bool {
    b == b'.'
}

find_stop_fn!(
    /// The next `.`.
    next_dot,
    is_dot
);

/// CanonicaliseName: rewrites the path `p` in place. Never makes a non-empty
/// path longer.
///
/// Single-dot segments go, each `..` segment takes the one before it away,
/// a path that climbs above its start (`../...`) becomes `/`, and so does
/// one that ends up empty: `/a/./b` -> `/a/b`, `/a/b/..` -> `/a/`,
/// `a/..` -> `/`. A `/..` after an empty segment at the end is kept
/// (`/a//..` is unchanged).
///
/// A NUL byte ends the path, as it would end the C string; `p` is cut there.
///
/// An empty `p` is left empty. Historically it became `/`, written into the
/// one-byte buffer of the empty string (undefined). A `p` that is empty only
/// up to a NUL had room for the `/`, as its C buffer would, and gets it; so
/// does every path given to [`canonicalise_name_or_root`].
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::wwwoffle::path::canonicalise_name;
///
/// let mut p = Buf::from_slice(b"/a/./b/../c//d")?;
/// canonicalise_name(&mut p);
/// assert_eq!(p, b"/a/c//d");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn canonicalise_name(p: &mut Buf) {
    let n = canonicalise_in_place(p);
    p.truncate(n);
}

/// CanonicaliseName on a path whose buffer has room for `/`: like
/// [`canonicalise_name`], except that an empty path becomes `/`.
///
/// This is the historical result for a path that is empty only after
/// percent-decoding (`%00`), whose buffer still holds the undecoded length.
pub fn canonicalise_name_or_root(p: &mut Buf) -> Result<(), NoMemory> {
    if p.is_empty() {
        p.push(b'/')
    } else {
        canonicalise_name(p);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;

    fn canon(s: &[u8]) -> String {
        let mut v = Buf::from_slice(s).unwrap();
        canonicalise_name(&mut v);
        String::from_utf8(v.into_vec()).unwrap()
    }

    /// The rules of doc/behaviour.md (CanonicaliseName) applied literally, with repeated searching
    /// and deletion, as a slow reference for the single-pass version.
    fn reference(p: &mut Vec<u8>) {
        fn find(s: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
            (from..(s.len() + 1).saturating_sub(pat.len())).find(|&i| s[i..].starts_with(pat))
        }
        if p.is_empty() {
            return;
        }
        loop {
            if p.starts_with(b"./") {
                p.drain(..2);
            } else if let Some(i) = find(p, 0, b"/./") {
                p.drain(i..i + 2);
            } else {
                break;
            }
        }
        let mut from = 0;
        while let Some(i) = find(p, from, b"/../") {
            let prefix = (i + 1) % 3 == 0 && p[..i + 1].chunks(3).all(|c| c == b"../");
            if prefix {
                from = i + 1;
                continue;
            }
            let mut q = i;
            while q > 0 {
                q -= 1;
                if p[q] == b'/' {
                    break;
                }
            }
            let cut = if p[q] == b'/' { q + 1 } else { q };
            p.drain(cut..i + 4);
            from = q;
        }
        if p.ends_with(b"/.") {
            p.truncate(p.len() - 2);
        }
        if p.ends_with(b"/..") {
            if p.as_slice() == b"/.." {
                p.truncate(1);
            } else if p[p.len() - 4] != b'/' {
                let mut q = p.len() - 3;
                let mut found = false;
                while q > 0 {
                    q -= 1;
                    if p[q] == b'/' {
                        found = true;
                        break;
                    }
                }
                p.truncate(if found { q + 1 } else { 0 });
            }
        }
        if p.is_empty() || p.starts_with(b"../") {
            *p = b"/".to_vec();
        }
    }

    #[test]
    fn trailing_single_dot_is_cut() {
        assert_eq!(canon(b"/a/."), "/a");
    }

    #[test]
    fn trailing_double_dot_removes_segment_keeping_slash() {
        assert_eq!(canon(b"/a/b/.."), "/a/");
    }

    #[test]
    fn trailing_double_dot_after_empty_segment_is_kept() {
        assert_eq!(canon(b"/a//.."), "/a//..");
    }

    #[test]
    fn lone_slash_double_dot_is_root() {
        assert_eq!(canon(b"/.."), "/");
    }

    /// Segments that only start with a dot, three or more in a row, are
    /// copied up to the next dot segment in one go: the rules after them
    /// still fire, in both entry points.
    #[test]
    fn dot_led_segments_in_a_row_keep_the_rules_after_them() {
        for (path, want) in [
            (&b"/.a/.b/.c/.d/./e/../f"[..], &b"/.a/.b/.c/.d/f"[..]),
            (b"/.a/..b/...c/.d/x/..", b"/.a/..b/...c/.d/"),
            (b"/.a/.b/.c/.d/.e/.", b"/.a/.b/.c/.d/.e"),
            (b"/./.a/.b/.c//../d", b"/.a/.b/.c/d"),
            // The next dot segment more than a window past the third.
            (
                b"/.a/.b/.c/.dddddddddddddddddddd/eeeeeeeeeeeeeeeeeeee/./x/../y",
                b"/.a/.b/.c/.dddddddddddddddddddd/eeeeeeeeeeeeeeeeeeee/y",
            ),
        ] {
            assert_eq!(canon(path).as_bytes(), want, "{path:?}");
            let mut slow = path.to_vec();
            reference(&mut slow);
            assert_eq!(slow, want, "{path:?}");
            let mut p = path.to_vec();
            let n = canonicalise_nul_free(&mut p);
            assert_eq!(&p[..n], want, "{path:?}");
        }
    }

    #[test]
    fn inner_single_dots_go() {
        assert_eq!(canon(b"/a/././b/./"), "/a/b/");
    }

    #[test]
    fn leading_dot_slashes_go() {
        assert_eq!(canon(b"././a"), "a");
    }

    #[test]
    fn inner_double_dots_take_segments() {
        assert_eq!(canon(b"/a/b/c/./../../g"), "/a/g");
    }

    #[test]
    fn double_dot_of_first_unrooted_segment_takes_it_whole() {
        assert_eq!(canon(b"a/../b"), "b");
    }

    #[test]
    fn double_dot_above_root_stays_at_root() {
        assert_eq!(canon(b"/../../a"), "/a");
    }

    #[test]
    fn climbing_above_a_relative_start_is_root() {
        assert_eq!(canon(b"../a"), "/");
        assert_eq!(canon(b"ab/../../../c/c"), "/");
    }

    #[test]
    fn double_dot_segment_after_other_text_is_collapsed() {
        assert_eq!(canon(b".././/../."), "..");
    }

    #[test]
    fn emptied_path_is_root() {
        assert_eq!(canon(b"a/.."), "/");
        assert_eq!(canon(b"./"), "/");
    }

    #[test]
    fn dots_inside_names_are_kept() {
        assert_eq!(canon(b"/a/..b/c./.../"), "/a/..b/c./.../");
    }

    #[test]
    fn undefined_empty_path_stays_empty() {
        assert_eq!(canon(b""), "");
    }

    #[test]
    fn or_root_turns_empty_path_into_root() {
        let mut v = Buf::new();
        canonicalise_name_or_root(&mut v).unwrap();
        assert_eq!(v, b"/");
    }

    #[test]
    fn nul_ends_the_path() {
        assert_eq!(canon(b"/a/\0/../b"), "/a/");
    }

    #[test]
    fn path_empty_up_to_nul_is_root() {
        assert_eq!(canon(b"\0/a"), "/");
    }

    #[test]
    fn never_longer_than_a_non_empty_input() {
        for s in [&b"/"[..], b".", b"a", b"./", b"/.", b"../.."] {
            assert!(canon(s).len() <= s.len(), "{s:?}");
        }
    }

    #[test]
    fn dot_segment_is_never_missed() {
        let mut rng = Rng::new(5);
        // Short paths dense in dots and NULs, then longer ones where dots
        // that start no dot segment come first, so that the scan for dot
        // segments runs, and ends within every lane of its last window.
        for (alphabet, most) in [
            (&b"/.a\0"[..], 24),
            (b"/./a.aaaaa/.b", 100),
            (b"/.aaaaaaaaaaaaa\0", 100),
        ] {
            for _ in 0..20_000 {
                let len = rng.below(most);
                let p = rng.bytes(alphabet, len);
                let n = p.iter().position(|&b| b == 0).unwrap_or(p.len());
                let c = &p[..n];
                let ends = |j: usize| j >= n || c[j] == b'/';
                let naive = (0..n).find(|&k| {
                    c[k] == b'.'
                        && (k == 0 || c[k - 1] == b'/')
                        && (ends(k + 1) || (k + 1 < n && c[k + 1] == b'.' && ends(k + 2)))
                });
                assert_eq!(c_len_and_dot_segment(&p), (n, naive), "{p:?}");
            }
        }
        assert_eq!(
            c_len_and_dot_segment(b"/a/b.c/d.e/fghijklmnop.q"),
            (24, None)
        );
        assert_eq!(c_len_and_dot_segment(b"/abcdefghijklmn/.x"), (18, None));
        assert_eq!(
            c_len_and_dot_segment(b"/abcdefghijklmn/./x"),
            (19, Some(16))
        );
        assert_eq!(
            c_len_and_dot_segment(b"/.a/..b/...c/..\0/."),
            (15, Some(13))
        );
    }

    /// Random paths of 12 to 200 bytes agree with the reference: long
    /// enough for the vector scans of `find_slash_dot` (a block of 16, then
    /// the 17 bytes after a dot) and for many segments in a row.
    #[test]
    fn matches_reference_on_long_random_paths() {
        const PIECES: &[&[u8]] = &[
            b"/",
            b".",
            b"a",
            b"bc",
            b"..",
            b"/./",
            b"/../",
            b"...",
            b"defghijk",
        ];
        let mut rng = Rng::new(0x2545_f491);
        for _ in 0..20_000 {
            let want_len = 12 + rng.below(189);
            let mut s = Vec::new();
            while s.len() < want_len {
                s.extend(rng.pieces(PIECES, 1));
            }
            let (mut fast, mut slow) = (Buf::from_slice(&s).unwrap(), s.clone());
            canonicalise_name(&mut fast);
            reference(&mut slow);
            assert_eq!(fast.into_vec(), slow, "{:?}", String::from_utf8_lossy(&s));
            let mut nul_free = s.clone();
            let n = canonicalise_nul_free(&mut nul_free);
            reference(&mut s);
            assert_eq!(&nul_free[..n], &s[..]);
        }
    }

    /// Every path of up to 11 bytes over `/ . a` agrees with the reference,
    /// through both entry points.
    #[test]
    fn matches_reference_exhaustively() {
        const ALPHABET: &[u8] = b"/.a";
        for len in 1..=11u32 {
            for mut n in 0..3usize.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(ALPHABET[n % 3]);
                    n /= 3;
                }
                let (mut fast, mut slow) = (Buf::from_slice(&s).unwrap(), s.clone());
                let mut nul_free = s.clone();
                canonicalise_name(&mut fast);
                reference(&mut slow);
                assert_eq!(fast.into_vec(), slow, "{:?}", String::from_utf8_lossy(&s));
                let n = canonicalise_nul_free(&mut nul_free);
                assert_eq!(
                    &nul_free[..n],
                    &slow[..],
                    "{:?}",
                    String::from_utf8_lossy(&s)
                );
            }
        }
    }
}
