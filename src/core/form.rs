//! SplitFormArgs and TrimArgs (LEGACY.md §4).

/// SplitFormArgs: the `(start, end)` byte ranges of the items of `s`, split
/// at every `&` and `;`. `""` gives one empty item.
pub fn split_form_args(s: &[u8]) -> Vec<(usize, usize)> {
    let _ = s;
    todo!("SplitFormArgs")
}

/// TrimArgs: the `(start, end)` range of `s` without leading and trailing
/// C-locale spaces.
pub fn trim_args(s: &[u8]) -> (usize, usize) {
    let _ = s;
    todo!("TrimArgs")
}
