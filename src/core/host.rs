//! CanonicaliseHost (LEGACY.md §7).

/// CanonicaliseHost: appends the canonical form of host `h` to `out`.
pub fn canonicalise_host(h: &[u8], out: &mut Vec<u8>) {
    let _ = (h, out);
    todo!("CanonicaliseHost")
}
