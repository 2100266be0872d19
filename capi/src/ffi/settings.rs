//! The process-wide settings of the legacy API, whose WWWOFFLE signatures
//! cannot take a config: the local host and default ports (a [`Config`]
//! under a pthread read-write lock) and the compat mode, which
//! `wwwurl_legacy_configure` copies from a `wwwurl_config`. The modern API
//! never reads them.
//!
//! The lock is pthread's rather than std's because C programmers check their
//! programs with valgrind's helgrind and DRD, which understand only the
//! pthread primitives: behind std's futex-based lock every read of a setting
//! looked like a data race to them. Readers share the lock and never block
//! one another; setters are rare.

use super::config::DEFAULT_COMPAT;
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU8, Ordering};
use wwwurl_core::buf::{Buf, NoMemory};
use wwwurl_core::config::{builtin_default_port, Compat, Config, Env, DEFAULT_LOCAL_HOST};

struct Store {
    lock: UnsafeCell<libc::pthread_rwlock_t>,
    /// `None` until a setter runs: the built-in defaults, with no allocation.
    config: UnsafeCell<Option<Config>>,
}

// SAFETY: `config` is only reached through `read` and `write` below, which
// hold the lock (shared or exclusive) for the whole access; the lock itself
// is a pthread object made to be shared between threads.
unsafe impl Sync for Store {}

static STORE: Store = Store {
    lock: UnsafeCell::new(libc::PTHREAD_RWLOCK_INITIALIZER),
    config: UnsafeCell::new(None),
};

/// Releases the lock when the access ends, on unwinding too.
struct Held;

impl Drop for Held {
    fn drop(&mut self) {
        // SAFETY: this thread holds the lock (a `Held` exists only after a
        // successful lock call).
        unsafe { libc::pthread_rwlock_unlock(STORE.lock.get()) };
    }
}

/// Runs `f` on the settings under the shared lock. `f` gets `None` while
/// the defaults are in force, and also in the (never seen) case that the
/// lock cannot be taken, so a reader always gets an answer.
fn read<R>(f: impl FnOnce(Option<&Config>) -> R) -> R {
    // SAFETY: a statically initialised pthread rwlock, never destroyed.
    if unsafe { libc::pthread_rwlock_rdlock(STORE.lock.get()) } != 0 {
        return f(None);
    }
    let _held = Held;
    // SAFETY: the shared lock is held, so no writer changes `config`.
    f(unsafe { &*STORE.config.get() }.as_ref())
}

/// Changes the settings under the exclusive lock; `None` if it could not be
/// taken.
fn write<R>(f: impl FnOnce(&mut Option<Config>) -> R) -> Option<R> {
    // SAFETY: a statically initialised pthread rwlock, never destroyed.
    if unsafe { libc::pthread_rwlock_wrlock(STORE.lock.get()) } != 0 {
        return None;
    }
    let _held = Held;
    // SAFETY: the exclusive lock is held: this is the only access.
    Some(f(unsafe { &mut *STORE.config.get() }))
}

/// Replaces the configuration; `None` if the lock could not be taken.
pub(crate) fn replace(config: Config) -> Option<()> {
    write(|c| {
        // The old one is dropped under the lock, which is fine: dropping
        // frees, it takes no lock of the library.
        *c = Some(config);
    })
}

/// The process-wide configuration, as an [`Env`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Settings;

impl Env for Settings {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        read(|c| match c {
            Some(c) => c.local_host(out),
            None => out.extend_from_slice(DEFAULT_LOCAL_HOST),
        })
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(read(|c| match c {
            Some(c) => c.port_of(proto),
            None => builtin_default_port(proto),
        }))
    }
}

// The compat mode is read by every legacy call that builds a record, so
// it is an atomic rather than under the lock. Readers load it plainly; the
// setter writes it with a locked exchange (`swap`). Helgrind and DRD report
// no race between the two, where they do report a plain store (`make
// c-tests-helgrind` configures the library in a loop while threads parse),
// and a read-modify-write read would cost a fence on every call.

static COMPAT: AtomicU8 = AtomicU8::new(DEFAULT_COMPAT as u8);

/// The process-wide compat mode.
#[inline]
pub(crate) fn compat() -> Compat {
    match COMPAT.load(Ordering::Relaxed) {
        1 => Compat::V29h,
        _ => Compat::V29,
    }
}

/// Sets the process-wide compat mode.
pub(crate) fn set_compat(c: Compat) {
    COMPAT.swap(c as u8, Ordering::Relaxed);
}
