//! The panic boundary: nothing unwinds into C and nothing is printed.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Once, OnceLock};

/// The value an exported function returns when its body panicked, or, with
/// [`guard_opt`], could not give a result (a NULL argument it needs, memory
/// that ran out): NULL, -1, 0, nothing, `WWWURL_ERR_PANIC`.
pub(crate) trait Fallback {
    fn fallback() -> Self;
}

impl<T> Fallback for *mut T {
    fn fallback() -> Self {
        std::ptr::null_mut()
    }
}
impl<T> Fallback for *const T {
    fn fallback() -> Self {
        std::ptr::null()
    }
}
impl Fallback for () {
    fn fallback() -> Self {}
}
impl Fallback for libc::c_int {
    fn fallback() -> Self {
        -1
    }
}
impl Fallback for libc::c_long {
    fn fallback() -> Self {
        0
    }
}
impl Fallback for super::status::wwwurl_status {
    fn fallback() -> Self {
        super::status::wwwurl_status::WWWURL_ERR_PANIC
    }
}

thread_local! {
    /// 0 until this thread's first library call has made sure that the
    /// quiet hook is in place, then 1 plus the depth of library calls under
    /// way (but for the bodies under [`guard_no_unwind`], which cannot panic):
    /// one thread-local read per call answers both questions.
    static IN_FFI: Cell<u32> = const { Cell::new(0) };
}

static QUIET_HOOK: Once = Once::new();

/// The panic hook that was in place before the library's, which reports the
/// panics of the rest of the process.
type Hook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;
static PREVIOUS_HOOK: OnceLock<Hook> = OnceLock::new();

/// Keeps panics inside library calls silent while leaving the reporting of
/// every other panic of the process to the hook that was there before.
#[cold]
#[inline(never)]
fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let _ = PREVIOUS_HOOK.set(panic::take_hook());
        // The closure captures nothing: boxing it allocates nothing, so
        // this cannot fail for memory.
        #[allow(clippy::disallowed_methods)]
        let hook = Box::new(|info: &panic::PanicHookInfo<'_>| {
            if IN_FFI.with(|c| c.get()) <= 1 {
                if let Some(previous) = PREVIOUS_HOOK.get() {
                    previous(info);
                }
            }
        });
        panic::set_hook(hook);
    });
}

/// Runs `f`, returning its value, or the type's fallback if it panicked.
#[inline]
pub(crate) fn guard<R: Fallback>(f: impl FnOnce() -> R) -> R {
    guard_or(R::fallback(), f)
}

/// [`guard`] with the value to return on a panic given: for the functions
/// whose result C uses without a check (a static string, a setting).
#[inline]
pub(crate) fn guard_or<R>(fallback: R, f: impl FnOnce() -> R) -> R {
    let depth = IN_FFI.with(|c| {
        let mut d = c.get();
        if d == 0 {
            install_quiet_hook();
            d = 1;
        }
        c.set(d + 1);
        d
    });
    let r = panic::catch_unwind(AssertUnwindSafe(|| {
        super::fault::at_entry();
        f()
    }));
    IN_FFI.with(|c| c.set(depth));
    r.unwrap_or(fallback)
}

/// The guard of a body that cannot panic: the short path that a hot
/// function tries before its full body, a release or an accessor, made of
/// operations that cannot fail (no allocation, no call but to C's `free`,
/// bounds the compiler sees to hold). It catches a panic all the same,
/// returning `fallback`, but does not count the call in the thread's depth
/// of library calls: in a shared library that thread-local access is a
/// call, after which the body would have to keep every argument in a saved
/// register (BENCHMARKS.md, "Trade-offs": `wwwurl_transcode`'s short path).
/// Uncounted, a panic here would also reach the process's panic hook;
/// `make unwind-proof` (in `make check`) proves there is none to reach it:
/// built as a release is (profile `proof`: LTO, no debug assertions) with
/// the feature `fault-injection`, a library in which such a body can
/// unwind refers to a symbol defined nowhere, and the target fails naming
/// the function. The fault injector does not reach these bodies either:
/// they call no `fault::at_entry`.
#[inline(always)]
pub(crate) fn guard_no_unwind<R>(fallback: R, f: impl FnOnce() -> R) -> R {
    panic::catch_unwind(AssertUnwindSafe(|| {
        let proof = NoUnwind;
        let r = f();
        // Only the test build gives `NoUnwind` a drop.
        #[allow(clippy::forget_non_drop)]
        std::mem::forget(proof);
        r
    }))
    .unwrap_or(fallback)
}

/// Dropped only while `guard_no_unwind`'s body unwinds: in the test build, its
/// drop calls a function that exists nowhere, so that an unwinding path
/// there leaves an undefined symbol in the library.
struct NoUnwind;

#[cfg(all(feature = "fault-injection", not(debug_assertions)))]
impl Drop for NoUnwind {
    // Inlined, so that no copy of it exists apart from the unwinding paths.
    #[inline(always)]
    fn drop(&mut self) {
        extern "C" {
            /// Defined nowhere (see `NoUnwind`).
            fn wwwurl_leaf_body_can_unwind();
        }
        // SAFETY: never runs: the only call is the drop of `NoUnwind` while
        // a leaf body unwinds, which the compiler removes with the
        // unwinding path when the body cannot unwind; when it can, the
        // programs linked with this build fail to link, so it never runs
        // either.
        unsafe { wwwurl_leaf_body_can_unwind() }
    }
}

/// [`guard`] for a function whose body is written with `?` on `Option`s:
/// `None` (a NULL argument, memory that ran out) gives the type's fallback
/// value, as a panic does.
#[inline]
pub(crate) fn guard_opt<R: Fallback>(f: impl FnOnce() -> Option<R>) -> R {
    guard(|| f().unwrap_or_else(R::fallback))
}

/// [`guard`] for a function that returns a status, its body written with
/// `?`: an error is the status returned.
#[inline]
pub(crate) fn guard_status(
    f: impl FnOnce() -> Result<super::status::wwwurl_status, super::status::wwwurl_status>,
) -> super::status::wwwurl_status {
    guard(|| f().unwrap_or_else(|e| e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::status::wwwurl_status;

    #[test]
    fn a_panic_becomes_the_fallback_value() {
        let st: wwwurl_status = guard(|| panic!("inside the library"));
        assert_eq!(st, wwwurl_status::WWWURL_ERR_PANIC);
        let p: *mut u8 = guard(|| panic!("inside the library"));
        assert!(p.is_null());
        let n: libc::c_int = guard(|| panic!("inside the library"));
        assert_eq!(n, -1);
    }

    #[test]
    fn values_pass_through() {
        assert_eq!(guard(|| 7 as libc::c_int), 7);
        IN_FFI.with(|c| assert_eq!(c.get(), 1));
    }
}
