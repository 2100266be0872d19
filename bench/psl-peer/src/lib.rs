//! `psl_crate_registrable_domain`: the `psl` crate's registrable domain of
//! a host, as an offset into it, for bench/psl.c.

/// Where the registrable domain of `host[..len]` starts in `*start`;
/// 0 when found, -1 when there is none.
///
/// # Safety
///
/// `host` points at `len` readable bytes; `start` at a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn psl_crate_registrable_domain(
    host: *const u8,
    len: usize,
    start: *mut usize,
) -> i32 {
    // SAFETY: by the caller's promise.
    let host = unsafe { std::slice::from_raw_parts(host, len) };
    match psl::domain(host) {
        Some(d) => {
            // SAFETY: by the caller's promise.
            unsafe { start.write(len - d.as_bytes().len()) };
            0
        }
        None => -1,
    }
}
