//! Status codes of the modern API and their messages.

/// The result of every modern `wwwurl_*` call that can fail.
///
/// Numbers are part of the ABI and are never reused.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum wwwurl_status {
    /// Success.
    WWWURL_OK = 0,
    /// A required pointer argument was NULL.
    WWWURL_ERR_NULL = 1,
    /// The input is longer than the configured maximum (see `wwwurl_set_max_input`).
    WWWURL_ERR_TOO_LONG = 2,
    /// The output does not fit in the caller's buffer; the needed size was reported.
    WWWURL_ERR_BUFFER_TOO_SMALL = 3,
    /// An argument is out of range: an unknown part, codec, compat mode or flag bit,
    /// or a configuration value that is refused.
    WWWURL_ERR_INVALID_ARGUMENT = 4,
    /// Memory could not be allocated.
    WWWURL_ERR_NO_MEMORY = 5,
    /// An internal error was caught at the library boundary; no output was written.
    WWWURL_ERR_PANIC = 6,
    /// A relative reference was given without an absolute base to resolve it against.
    WWWURL_ERR_NOT_ABSOLUTE = 7,
    /// The scheme is not one the function handles.
    WWWURL_ERR_UNSUPPORTED_SCHEME = 8,
    /// The URL's protocol or host would not make one plain directory name of
    /// a cache path (`wwwurl_cache_file`): it is empty, `.` or `..`, or holds
    /// a `/`, a control byte or (the protocol) a byte of 0x80 or more.
    WWWURL_ERR_UNSAFE_PATH = 9,
}

pub(crate) use wwwurl_status::*;

/// The message of each status, NUL-terminated, indexed by its number.
const MESSAGES: [&str; 10] = [
    "success\0",
    "a required argument is NULL\0",
    "input longer than the configured maximum\0",
    "output buffer too small\0",
    "invalid argument\0",
    "out of memory\0",
    "internal error\0",
    "relative reference without an absolute base\0",
    "unsupported scheme\0",
    "protocol or host not a plain directory name for a cache path\0",
];

/// A static, NUL-terminated English message for a status code.
///
/// Parameters: `status`, any value; unknown values give "unknown status".
///
/// Returns: a string that lives for the whole process; never NULL. Do not free it.
#[no_mangle]
pub extern "C" fn wwwurl_strerror(status: libc::c_int) -> *const libc::c_char {
    let msg = usize::try_from(status)
        .ok()
        .and_then(|i| MESSAGES.get(i))
        .copied()
        .unwrap_or("unknown status\0");
    msg.as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_its_message() {
        for (i, m) in MESSAGES.iter().enumerate() {
            assert!(m.ends_with('\0') && !m[..m.len() - 1].contains('\0'));
            assert_eq!(wwwurl_strerror(i as i32), m.as_ptr().cast());
        }
        assert_eq!(WWWURL_ERR_UNSAFE_PATH as usize, MESSAGES.len() - 1);
        let unknown = wwwurl_strerror(-1);
        assert_eq!(unknown, wwwurl_strerror(1000));
    }
}
