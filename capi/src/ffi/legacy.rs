//! The historical string routines under their historical names
//! (doc/behaviour.md, Percent decoding to CanonicaliseName): `malloc`ed results that C releases with `free()`.

use super::alloc::{c_malloc, c_str, malloc_copy, set_opt, CBuf};
use super::guard::{guard, guard_opt};
use libc::{c_char, c_int, c_long, size_t, time_t};
use std::cell::RefCell;
use wwwurl_core::bytes::buf::Buf;
use wwwurl_core::wwwoffle::codec::{self, BoundedSink, Codec, Sink};
use wwwurl_core::wwwoffle::{date, form, hash, host, html, path};

/// A legacy codec call: a string the codec leaves as it is (most paths of
/// real URLs) is copied by one scan and one copy; the rest goes through the
/// codec's general loop from where that scan stopped.
///
/// Each exported function calls it inside a guard of its own, so that the
/// codec is known where it is compiled: a shared guard took the codec at
/// run time, through a jump table and a closure on the stack.
#[inline(always)]
fn transcode_c(s: *const c_char, codec: Codec, room: fn(usize) -> usize) -> Option<*mut c_char> {
    let s = c_str(s)?;
    let scanned = codec.scan(s);
    if scanned.is_unchanged() {
        return Some(malloc_copy(s));
    }
    let mut out = CBuf::with_capacity(room(s.len()));
    // The input, a C string, has no NUL; a decoded one ends the result.
    let Ok(decoded) = scanned.apply(&mut out);
    if decoded {
        out.truncate_at_nul();
    }
    Some(out.into_c_string())
}

fn same_len(n: usize) -> usize {
    n
}
fn with_slack(n: usize) -> usize {
    n + n / 2 + 8
}

/// URLDecodeGeneric: decodes every `%XY` (a non-hex digit counts as 0).
///
/// Returns a new string that the caller frees with `free()`, cut at the first
/// decoded NUL byte; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLDecodeGeneric(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::DecodeGeneric, same_len))
}

/// URLDecodeFormArgs: like URLDecodeGeneric, and `+` becomes a space.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLDecodeFormArgs(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::DecodeForm, same_len))
}

/// URLRecodeFormArgs: normalises the encoding of a query string.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLRecodeFormArgs(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::RecodeForm, with_slack))
}

/// URLEncodePath: `%XY`-encodes every byte outside `A-Z a-z 0-9 ! $ ( ) * + , - . / : ; = _ ~`.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLEncodePath(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::EncodePath, with_slack))
}

/// URLEncodeFormArgs: encodes form data; a space becomes `+`.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLEncodeFormArgs(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::EncodeForm, with_slack))
}

/// URLEncodePassword: encodes a user name or password for the `file` form.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn URLEncodePassword(s: *const c_char) -> *mut c_char {
    guard_opt(|| transcode_c(s, Codec::EncodePassword, with_slack))
}

/// SplitFormArgs: splits form data at every `&` and `;`, without decoding.
///
/// Returns a NULL-terminated array. The array is one `malloc` block and
/// element 0 points at a second block holding all the items: free
/// `result[0]`, then `result`. NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn SplitFormArgs(s: *const c_char) -> *mut *mut c_char {
    guard_opt(|| {
        let s = c_str(s)?;
        let items = form::split_form_args(s).ok()?;
        // The copy stays owned by a CBuf until both blocks exist, so that
        // nothing leaks whichever allocation fails.
        let mut copy = CBuf::with_capacity(s.len());
        let Ok(()) = copy.extend(s);
        if !copy.ok() {
            return None;
        }
        let size = (items.len() + 1) * std::mem::size_of::<*mut c_char>();
        let array = c_malloc(size).cast::<*mut c_char>();
        if array.is_null() {
            return None;
        }
        let copy = copy.into_c_string();
        for (k, &(start, end)) in items.iter().enumerate() {
            // SAFETY: `copy` holds `s.len() + 1` bytes and every item range
            // lies within `s`; `array` holds `items.len() + 1` pointers.
            unsafe {
                if end < s.len() {
                    *copy.add(end) = 0;
                }
                *array.add(k) = copy.add(start);
            }
        }
        // SAFETY: the last slot of the array.
        unsafe { *array.add(items.len()) = std::ptr::null_mut() };
        Some(array)
    })
}

/// TrimArgs: removes leading and trailing white space from `s` in place.
///
/// Returns `s` itself (NULL when `s` is NULL).
#[no_mangle]
pub extern "C" fn TrimArgs(s: *mut c_char) -> *mut c_char {
    guard_opt(|| {
        let bytes = c_str(s)?;
        let (start, end) = form::trim_args(bytes);
        // SAFETY: `start <= end <= strlen(s)`, so both ranges lie in the
        // string, and `copy` allows the overlap.
        unsafe {
            std::ptr::copy(s.add(start), s, end - start);
            *s.add(end - start) = 0;
        }
        Some(s)
    })
}

/// MakeHash: the 22-character name WWWOFFLE gives a URL's cache files
/// (MD5, base 64, `/` as `-`).
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn MakeHash(s: *const c_char) -> *mut c_char {
    guard_opt(|| Some(malloc_copy(&hash::make_hash(c_str(s)?))))
}

/// Base64Encode: standard base 64 of `n` bytes at `p` (which may contain NUL).
///
/// Returns a new string that the caller frees with `free()`; NULL when `p`
/// is NULL and `n` is not 0, or memory ran out.
#[no_mangle]
pub extern "C" fn Base64Encode(p: *const c_char, n: size_t) -> *mut c_char {
    guard_opt(|| {
        let data = super::alloc::input(p, n.min(usize::MAX - 1))?;
        let mut out = CBuf::with_capacity(data.len().div_ceil(3) * 4);
        let Ok(()) = hash::base64_encode(data, &mut out);
        Some(out.into_c_string())
    })
}

/// Base64Decode: decodes base 64 text.
///
/// Parameters: `s`, the text; `n`, where the decoded length is stored (may be NULL).
///
/// Returns the decoded bytes plus a terminating NUL in a new block that the
/// caller frees with `free()`; NULL (and `*n` untouched) when `s` is NULL or memory ran out.
/// See the library documentation for input outside the alphabet.
#[no_mangle]
pub extern "C" fn Base64Decode(s: *const c_char, n: *mut size_t) -> *mut c_char {
    guard_opt(|| {
        let s = c_str(s)?;
        let mut v = CBuf::with_capacity(hash::base64_decoded_len(s));
        let Ok(()) = hash::base64_decode(s, &mut v);
        let (p, len) = v.into_raw();
        if !p.is_null() {
            set_opt(n, len);
        }
        Some(p)
    })
}

const RFC822_SLOTS: usize = 4;
const DURATION_SLOTS: usize = 2;
const SLOT_SIZE: usize = 128;

struct Rotating<const N: usize> {
    bufs: [[u8; SLOT_SIZE]; N],
    next: usize,
}

thread_local! {
    static RFC822_BUFS: RefCell<Rotating<RFC822_SLOTS>> =
        const { RefCell::new(Rotating { bufs: [[0; SLOT_SIZE]; RFC822_SLOTS], next: 0 }) };
    static DURATION_BUFS: RefCell<Rotating<DURATION_SLOTS>> =
        const { RefCell::new(Rotating { bufs: [[0; SLOT_SIZE]; DURATION_SLOTS], next: 0 }) };
}

/// Copies `text` into the next rotating slot of this thread and returns it.
fn rotate<const N: usize>(
    key: &'static std::thread::LocalKey<RefCell<Rotating<N>>>,
    text: &[u8],
) -> *mut c_char {
    key.with(|r| {
        let mut r = r.borrow_mut();
        let i = r.next;
        r.next = (i + 1) % N;
        let n = text.len().min(SLOT_SIZE - 1);
        r.bufs[i][..n].copy_from_slice(&text[..n]);
        r.bufs[i][n] = 0;
        // The slot lives as long as the thread; C reads it until the slot
        // comes round again.
        r.bufs[i].as_mut_ptr().cast()
    })
}

/// RFC822Date: an HTTP date. With `utc` non-zero `Www, DD Mon YYYY HH:MM:SS GMT`;
/// with `utc` zero the local time with the locale's names and the zone's abbreviation.
///
/// Returns a pointer to one of 4 buffers of the calling thread, used in turn:
/// the 4 most recent results of a thread stay valid. Do not free it.
/// The library allocates nothing for it, so it cannot run out of memory
/// (with `utc` zero, the C library's `localtime_r` may allocate, and
/// handles its own failure).
#[no_mangle]
pub extern "C" fn RFC822Date(t: time_t, utc: c_int) -> *mut c_char {
    guard(|| {
        let mut text = [0u8; SLOT_SIZE];
        let mut out = BoundedSink::new(&mut text);
        if utc != 0 {
            let Ok(()) = date::rfc822_date_utc(t, &mut out);
        } else {
            local_date(t, &mut out);
        }
        let n = out.needed();
        rotate(&RFC822_BUFS, &text[..n.min(SLOT_SIZE)])
    })
}

/// Local time as `%a, %d %b %Y %H:%M:%S %Z`, through the C library (the
/// zone database and the locale's names live there).
fn local_date(t: time_t, out: &mut BoundedSink<'_>) {
    // SAFETY: an all-zero `tm` is a valid value to be overwritten.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointers to a time and a tm; localtime_r is thread-safe.
    if unsafe { libc::localtime_r(&t, &mut tm) }.is_null() {
        let Ok(()) = date::rfc822_date_utc(t, out);
        return;
    }
    let mut buf = [0u8; 100];
    // SAFETY: the buffer and its size match, the format is NUL-terminated.
    let n = unsafe {
        libc::strftime(
            buf.as_mut_ptr().cast(),
            buf.len(),
            c"%a, %d %b %Y %H:%M:%S %Z".as_ptr(),
            &tm,
        )
    };
    let Ok(()) = out.extend(&buf[..n]);
}

/// DateToTimeT: seconds since the epoch of an RFC 1123, RFC 850 or asctime date.
///
/// Returns 0 when `s` is NULL. Does not touch the environment; thread-safe.
#[no_mangle]
pub extern "C" fn DateToTimeT(s: *const c_char) -> c_long {
    guard(|| c_str(s).map_or(0, |s| date::date_to_time_t(s) as c_long))
}

/// DurationToString: a duration in seconds as text, e.g. `1h (3600s)`.
///
/// Returns a pointer to one of 2 buffers of the calling thread, used in turn.
/// Do not free it. Allocates nothing, so it cannot run out of memory.
#[no_mangle]
pub extern "C" fn DurationToString(d: time_t) -> *mut c_char {
    guard(|| {
        let mut text = [0u8; SLOT_SIZE];
        let mut out = BoundedSink::new(&mut text);
        let Ok(()) = date::duration_to_string(d, &mut out);
        let n = out.needed();
        rotate(&DURATION_BUFS, &text[..n.min(SLOT_SIZE)])
    })
}

/// HTMLString: escapes `<`, `>`, `&`, and (when `nbsp` is non-zero) spaces as `&nbsp;`.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn HTMLString(s: *const c_char, nbsp: c_int) -> *mut c_char {
    guard_opt(|| {
        let s = c_str(s)?;
        let mut out = CBuf::with_capacity(s.len() + 16);
        let Ok(()) = html::html_string(s, nbsp != 0, &mut out);
        Some(out.into_c_string())
    })
}

/// URLReplaceAmp (2.9): replaces every `&amp;` (any case) by `&`, in place.
/// NULL does nothing.
///
/// Only in the 2.9 library, as only WWWOFFLE 2.9 declares it.
#[cfg(not(feature = "v29h"))]
#[no_mangle]
pub extern "C" fn URLReplaceAmp(s: *mut c_char) {
    guard_opt(|| {
        let len = c_str(s)?.len();
        // SAFETY: `s` is a writable NUL-terminated string of `len` bytes
        // (API contract: it is the caller's own buffer).
        let bytes = unsafe { std::slice::from_raw_parts_mut(s.cast::<u8>(), len) };
        let n = html::replace_amp_in_place(bytes);
        if n < len {
            bytes[n] = 0;
        }
        Some(())
    })
}

/// FixHTMLLinkURL (2.9h): resolves `&amp;` and numeric character references in a link.
///
/// Returns a new string that the caller frees with `free()`; NULL when `s` is NULL or memory ran out.
///
/// Only in the 2.9h library (`wwwurl-29h`), as only WWWOFFLE 2.9h declares it.
#[cfg(feature = "v29h")]
#[no_mangle]
pub extern "C" fn FixHTMLLinkURL(s: *const c_char) -> *mut c_char {
    guard_opt(|| {
        let s = c_str(s)?;
        let mut out = CBuf::with_capacity(s.len() + 8);
        let Ok(()) = html::fix_html_link_url(s, &mut out);
        out.truncate_at_nul();
        Some(out.into_c_string())
    })
}

/// CanonicaliseHost: the canonical form of a host (and port).
///
/// Returns a new string that the caller frees with `free()`; NULL when `h` is NULL or memory ran out.
#[no_mangle]
pub extern "C" fn CanonicaliseHost(h: *const c_char) -> *mut c_char {
    guard_opt(|| {
        let h = c_str(h)?;
        let mut v = Buf::new();
        host::canonicalise_host(h, &mut v).ok()?;
        codec::truncate_at_nul(&mut v);
        Some(malloc_copy(&v))
    })
}

/// CanonicaliseName: removes `.` and `..` segments from a path, in place.
/// The path never gets longer. NULL does nothing.
#[no_mangle]
pub extern "C" fn CanonicaliseName(p: *mut c_char) {
    guard_opt(|| {
        let len = c_str(p)?.len();
        // SAFETY: `p` is a NUL-terminated string of `len` bytes, writable by
        // the API contract (the historical function rewrote it in place),
        // and no other reference to it is alive.
        let path = unsafe { std::slice::from_raw_parts_mut(p.cast::<u8>(), len) };
        let n = path::canonicalise_in_place(path);
        // SAFETY: `n <= len`, and the string's NUL lies at `len`.
        unsafe { *p.add(n) = 0 };
        Some(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_inputs_give_null() {
        assert!(URLDecodeGeneric(std::ptr::null()).is_null());
        assert!(SplitFormArgs(std::ptr::null()).is_null());
        assert!(TrimArgs(std::ptr::null_mut()).is_null());
        assert_eq!(DateToTimeT(std::ptr::null()), 0);
        #[cfg(not(feature = "v29h"))]
        URLReplaceAmp(std::ptr::null_mut());
        #[cfg(feature = "v29h")]
        assert!(FixHTMLLinkURL(std::ptr::null()).is_null());
        CanonicaliseName(std::ptr::null_mut());
    }

    #[test]
    fn rotating_buffers_keep_the_last_results() {
        let a = DurationToString(1);
        let b = DurationToString(2);
        assert_ne!(a, b);
        assert_eq!(DurationToString(3), a);
    }
}
