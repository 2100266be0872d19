//! CanonicaliseName (LEGACY.md §7): dot segments of a path, the historical way.

/// CanonicaliseName: rewrites the path `p` in place. Never makes a non-empty
/// path longer.
pub fn canonicalise_name(p: &mut Vec<u8>) {
    let _ = p;
    todo!("CanonicaliseName")
}
