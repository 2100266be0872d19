//! CanonicaliseName (doc/behaviour.md, CanonicaliseName): dot segments of a path, the historical way.
//!
//! The historical routine deleted bytes with repeated string moves, which is
//! quadratic in the length of the path. Here each rule that can fire many
//! times is one forward pass with a write cursor that never overtakes the
//! read cursor, so the whole rewrite is linear and stays within the path's
//! own buffer.

use super::codec::truncate_at_nul;
use super::url::byte_mask;

/// Rule 1: deletes the `/.` of every `/./` and every leading `./`, until
/// none is left.
///
/// The two deletions commute and each can only create a new match ending at
/// the byte that comes next, so applying them as soon as a match is complete
/// reaches the same result as repeated searching from the start.
fn drop_single_dots(p: &mut Vec<u8>) {
    let mut w = 0;
    for r in 0..p.len() {
        let b = p[r];
        if b == b'/' && w >= 2 && p[w - 2] == b'/' && p[w - 1] == b'.' {
            w -= 1;
        } else if b == b'/' && w == 1 && p[0] == b'.' {
            w = 0;
        } else {
            p[w] = b;
            w += 1;
        }
    }
    p.truncate(w);
}

/// Rule 2: collapses each `/../` with the segment before it, except while
/// the path so far is nothing but `../` repeated (that prefix is kept).
///
/// The historical search restarts at the `/` it keeps, and no new match can
/// begin before it, so a match is exactly a written text that has just come
/// to end in `/../`. The backward search for the segment start only visits
/// bytes that the deletion then drops, which keeps the pass linear.
fn collapse_double_dots(p: &mut Vec<u8>) {
    let mut w = 0;
    // Length of the longest prefix of p[..w] made of whole `../` chunks.
    let mut dotdot_prefix = 0;
    for r in 0..p.len() {
        let b = p[r];
        p[w] = b;
        w += 1;
        if w == dotdot_prefix + 3 && &p[dotdot_prefix..w] == b"../" {
            dotdot_prefix = w;
        }
        if b != b'/' || w < 4 || &p[w - 4..w] != b"/../" || dotdot_prefix == w {
            continue;
        }
        let dots = w - 4;
        let mut q = dots;
        while q > 0 {
            q -= 1;
            if p[q] == b'/' {
                break;
            }
        }
        // A first segment with no `/` before it goes, from the first byte.
        w = if p[q] == b'/' { q + 1 } else { 0 };
        dotdot_prefix = dotdot_prefix.min(w - w % 3);
    }
    p.truncate(w);
}

/// Rules 3 to 5: a trailing `/.` or `/..`, then an empty or `../` result.
fn finish(p: &mut Vec<u8>) {
    if p.ends_with(b"/.") {
        p.truncate(p.len() - 2);
    }
    if p.ends_with(b"/..") {
        let slash = p.len() - 3;
        if slash == 0 {
            p.truncate(1);
        } else if p[slash - 1] != b'/' {
            // An empty segment before `/..` (`/a//..`) keeps everything.
            let keep = p[..slash]
                .iter()
                .rposition(|&b| b == b'/')
                .map_or(0, |q| q + 1);
            p.truncate(keep);
        }
    }
    if p.is_empty() || p.starts_with(b"../") {
        p.clear();
        p.push(b'/');
    }
}

/// Whether `p` may have a `/` followed by a `.`, which every rule of
/// CanonicaliseName but a leading `.` and a NUL needs: always when it has
/// one, rarely otherwise (a run of `.` and `/` such as `.//` may also
/// answer yes).
fn has_slash_dot(p: &[u8]) -> bool {
    // Eight bytes at a time, where only the lowest flag of a mask is exact:
    // a flag above it may be false, but then the word has a `/.` anyway or
    // is such a run.
    let pairs = |x: u64| (byte_mask(x, b'/') << 8) & byte_mask(x, b'.') != 0;
    let word = |w: &[u8]| u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
    // Windows 7 apart, so that every two neighbours share one.
    let mut i = 0;
    while let Some(w) = p.get(i..i + 8) {
        if pairs(word(w)) {
            return true;
        }
        i += 7;
    }
    if i + 1 >= p.len() {
        return false;
    }
    match p.len().checked_sub(8) {
        Some(base) => pairs(word(&p[base..])),
        None => {
            // Fewer than 8 bytes, zero-padded (a zero byte is neither).
            let x = p.iter().rev().fold(0u64, |x, &b| (x << 8) | u64::from(b));
            pairs(x)
        }
    }
}

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
/// use wwwurl::core::path::canonicalise_name;
///
/// let mut p = b"/a/./b/../c//d".to_vec();
/// canonicalise_name(&mut p);
/// assert_eq!(p, b"/a/c//d");
/// ```
pub fn canonicalise_name(p: &mut Vec<u8>) {
    if !p.is_empty() {
        canonicalise_name_or_root(p);
    }
}

/// CanonicaliseName on a path whose buffer has room for `/`: like
/// [`canonicalise_name`], except that an empty path becomes `/`.
///
/// This is the historical result for a path that is empty only after
/// percent-decoding (`%00`), whose buffer still holds the undecoded length.
pub fn canonicalise_name_or_root(p: &mut Vec<u8>) {
    // Nothing to do without a NUL and a `.` at the start or after a `/`:
    // every rule needs one.
    if p.first().is_some_and(|&b| b != b'.') && !has_slash_dot(p) && !p.contains(&0) {
        return;
    }
    truncate_at_nul(p);
    drop_single_dots(p);
    collapse_double_dots(p);
    finish(p);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &[u8]) -> String {
        let mut v = s.to_vec();
        canonicalise_name(&mut v);
        String::from_utf8(v).unwrap()
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
        let mut v = Vec::new();
        canonicalise_name_or_root(&mut v);
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
    fn slash_dot_is_never_missed() {
        const ALPHABET: &[u8] = b"/.a\0";
        let mut seed = 5u32;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let len = (seed >> 16) as usize % 24;
            let p: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    ALPHABET[(seed >> 16) as usize % ALPHABET.len()]
                })
                .collect();
            let naive = p.windows(2).any(|w| w == b"/.");
            assert!(!naive || has_slash_dot(&p), "{p:?}");
        }
        assert!(!has_slash_dot(b"/a/b.c/d.e/fghijklmnop.q"));
        assert!(has_slash_dot(b"/abcdefghijklmn/.x"));
    }

    /// Every path of up to 9 bytes over `/ . a` agrees with the reference.
    #[test]
    fn matches_reference_exhaustively() {
        const ALPHABET: &[u8] = b"/.a";
        for len in 1..=9u32 {
            for mut n in 0..3usize.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(ALPHABET[n % 3]);
                    n /= 3;
                }
                let (mut fast, mut slow) = (s.clone(), s.clone());
                canonicalise_name(&mut fast);
                reference(&mut slow);
                assert_eq!(fast, slow, "{:?}", String::from_utf8_lossy(&s));
            }
        }
    }
}
