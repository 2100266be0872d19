//! HTMLString, URLReplaceAmp and FixHTMLLinkURL (LEGACY.md §5).

use super::codec::Sink;

/// HTMLString: escapes `< > &`, and spaces as `&nbsp;` when `nbsp`.
pub fn html_string<S: Sink>(s: &[u8], nbsp: bool, out: &mut S) {
    let _ = (s, nbsp, out);
    todo!("HTMLString")
}

/// URLReplaceAmp (2.9): every `&amp;` (letters in any case) becomes `&`, in
/// one left-to-right pass without re-scanning. Returns the new length; the
/// bytes of `s` past it are left as they were.
pub fn replace_amp_in_place(s: &mut [u8]) -> usize {
    let mut r = 0;
    let mut w = 0;
    while r < s.len() {
        if s[r] == b'&' && r + 5 <= s.len() && s[r + 1..r + 5].eq_ignore_ascii_case(b"amp;") {
            s[w] = b'&';
            w += 1;
            r += 5;
        } else {
            s[w] = s[r];
            w += 1;
            r += 1;
        }
    }
    w
}

/// URLReplaceAmp as a copy: appends `s` with every `&amp;` replaced to `out`.
pub fn replace_amp<S: Sink>(s: &[u8], out: &mut S) {
    let mut i = 0;
    while i < s.len() {
        let j = s[i..]
            .iter()
            .position(|&b| b == b'&')
            .map_or(s.len(), |p| i + p);
        out.extend(&s[i..j]);
        if j == s.len() {
            return;
        }
        out.push(b'&');
        i = if j + 5 <= s.len() && s[j + 1..j + 5].eq_ignore_ascii_case(b"amp;") {
            j + 5
        } else {
            j + 1
        };
    }
}

/// FixHTMLLinkURL (2.9h): resolves `&amp;` and `&#...;` character references.
pub fn fix_html_link_url<S: Sink>(s: &[u8], out: &mut S) {
    let _ = (s, out);
    todo!("FixHTMLLinkURL")
}
