//! SplitFormArgs and TrimArgs (doc/behaviour.md, Form arguments).
//!
//! Both return byte ranges instead of copies: the C layer builds its single
//! `malloc` block (or trims in place) from them, and Rust callers slice.

use crate::bytes::ascii::is_space;
use crate::bytes::buf::{try_push, try_with_capacity, NoMemory};

/// SplitFormArgs: the `(start, end)` byte ranges of the items of `s`, split
/// at every `&` and `;`. No decoding is done.
///
/// There is always one more item than there are separators, so `""` gives
/// one empty item and `"a&"` gives `"a"` and `""`. The separators themselves
/// are in no range.
///
/// ```
/// use wwwurl::wwwoffle::form::split_form_args;
///
/// let s = b"a=1&b=2;c=3";
/// let args: Vec<&[u8]> = split_form_args(s)?.into_iter().map(|(a, e)| &s[a..e]).collect();
/// assert_eq!(args, [&b"a=1"[..], b"b=2", b"c=3"]);
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn split_form_args(s: &[u8]) -> Result<Vec<(usize, usize)>, NoMemory> {
    let mut items = try_with_capacity(1 + s.iter().filter(|&&b| is_separator(b)).count())?;
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if is_separator(b) {
            try_push(&mut items, (start, i))?;
            start = i + 1;
        }
    }
    try_push(&mut items, (start, s.len()))?;
    Ok(items)
}

#[inline(always)]
fn is_separator(b: u8) -> bool {
    b == b'&' || b == b';'
}

/// TrimArgs: the `(start, end)` range of `s` without leading and trailing
/// C-locale spaces (`' ' \t \n \v \f \r`).
///
/// When `s` is empty or all spaces the range is empty and both ends are
/// `s.len()`.
pub fn trim_args(s: &[u8]) -> (usize, usize) {
    let start = s.iter().position(|&b| !is_space(b)).unwrap_or(s.len());
    let end = s[start..]
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |p| start + p + 1);
    (start, end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(s: &[u8]) -> Vec<&[u8]> {
        split_form_args(s)
            .unwrap()
            .into_iter()
            .map(|(a, b)| &s[a..b])
            .collect()
    }

    #[test]
    fn empty_string_is_one_empty_item() {
        assert_eq!(items(b""), vec![b"" as &[u8]]);
    }

    #[test]
    fn trailing_separator_gives_empty_last_item() {
        assert_eq!(items(b"a&"), vec![b"a" as &[u8], b""]);
    }

    #[test]
    fn splits_at_ampersand_and_semicolon() {
        assert_eq!(
            items(b"a=1;b=2&&c"),
            vec![b"a=1" as &[u8], b"b=2", b"", b"c"]
        );
    }

    #[test]
    fn split_does_not_decode() {
        assert_eq!(items(b"%26+x"), vec![b"%26+x" as &[u8]]);
    }

    #[test]
    fn trim_removes_c_locale_spaces_only() {
        let s = b" \t\n\x0b\x0c\ra b\xa0\r ";
        let (a, b) = trim_args(s);
        assert_eq!(&s[a..b], b"a b\xa0");
    }

    #[test]
    fn trim_of_all_spaces_is_empty() {
        assert_eq!(trim_args(b" \t "), (3, 3));
        assert_eq!(trim_args(b""), (0, 0));
    }

    #[test]
    fn trim_keeps_inner_spaces() {
        assert_eq!(trim_args(b"x  y"), (0, 4));
    }
}
