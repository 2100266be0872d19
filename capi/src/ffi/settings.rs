//! The process-wide settings of the legacy API, whose WWWOFFLE signatures
//! cannot take a config: the local host, the default ports (a [`Config`])
//! and the compat mode, which `wwwurl_legacy_configure` copies from a
//! `wwwurl_config`. The modern API never reads them.
//!
//! All three are one value under a pthread read-write lock, replaced whole
//! by the setter, and a legacy call reads them once, as a [`Snapshot`]
//! taken when it starts: a call that read the mode and the host at two
//! different times could mix two configurations (one's host with the
//! other's mode), and name a URL as neither would.
//!
//! The lock is pthread's rather than std's because C programmers check their
//! programs with valgrind's helgrind and DRD, which understand only the
//! pthread primitives: behind std's futex-based lock every read of a setting
//! looked like a data race to them. Readers share the lock and never block
//! one another; setters are rare.

use super::config::DEFAULT_COMPAT;
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, Ordering};
use wwwurl_core::bytes::buf::{Buf, NoMemory};
use wwwurl_core::wwwoffle::config::{
    builtin_default_port, Compat, Config, Env, DEFAULT_LOCAL_HOST,
};

/// What `wwwurl_legacy_configure` sets, as one value.
struct Stored {
    compat: Compat,
    /// `None` for the built-in defaults, which need no allocation.
    config: Option<Config>,
}

struct Store {
    lock: UnsafeCell<libc::pthread_rwlock_t>,
    stored: UnsafeCell<Stored>,
}

// SAFETY: `stored` is only reached through `with` and `replace` below,
// which hold the lock (shared or exclusive) for the whole access; the lock
// itself is a pthread object made to be shared between threads.
unsafe impl Sync for Store {}

static STORE: Store = Store {
    lock: UnsafeCell::new(libc::PTHREAD_RWLOCK_INITIALIZER),
    stored: UnsafeCell::new(Stored {
        compat: DEFAULT_COMPAT,
        config: None,
    }),
};

/// Whether a setter ever ran. Until one does, the settings are the
/// defaults, and a call takes them without the lock: a program that never
/// configures the legacy API pays one load per call. Readers load it
/// plainly and the setter writes it with a locked exchange (`swap`), which
/// helgrind and DRD do not report as a race, where they do a plain store.
/// A reader that still sees `false` while the first setter runs takes the
/// defaults: the old settings, as the setter's contract allows.
static CONFIGURED: AtomicBool = AtomicBool::new(false);

/// Releases the lock when the access ends, on unwinding too.
struct Held;

impl Drop for Held {
    fn drop(&mut self) {
        // SAFETY: this thread holds the lock (a `Held` exists only after a
        // successful lock call).
        unsafe { libc::pthread_rwlock_unlock(STORE.lock.get()) };
    }
}

/// The settings one legacy call runs with: the mode, the local host and
/// the default ports of one `wwwurl_legacy_configure`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Snapshot<'a> {
    compat: Compat,
    /// `None`: the built-in local host and ports.
    config: Option<&'a Config>,
}

/// The built-in settings.
const DEFAULTS: Snapshot<'static> = Snapshot {
    compat: DEFAULT_COMPAT,
    config: None,
};

impl Snapshot<'_> {
    /// The compat mode.
    pub(crate) fn compat(self) -> Compat {
        self.compat
    }
}

impl Env for Snapshot<'_> {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        match self.config {
            Some(c) => c.local_host(out),
            None => out.extend_from_slice(DEFAULT_LOCAL_HOST),
        }
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(match self.config {
            Some(c) => c.port_of(proto),
            None => builtin_default_port(proto),
        })
    }
}

/// Runs `f`, a whole legacy call, with one snapshot of the settings.
///
/// With `own_copy` false the shared lock is held while `f` runs, so that
/// the snapshot borrows the stored value and costs no allocation. With
/// `own_copy` true the settings are copied under the lock and `f` runs
/// after it is released: a program's `GetLocalHostPort()` or
/// `DefaultPort()`, which `f` then calls, may take locks of its own, or
/// reconfigure the library, and so must never run under this lock (a
/// setter waiting for it while the hook waits for the setter's caller
/// would never return). `None` when that copy finds no memory.
///
/// If the lock cannot be taken (never seen), `f` gets the defaults.
pub(crate) fn with<R>(own_copy: bool, f: impl FnOnce(Snapshot<'_>) -> R) -> Option<R> {
    if !CONFIGURED.load(Ordering::Relaxed) {
        return Some(f(DEFAULTS));
    }
    // SAFETY: a statically initialised pthread rwlock, never destroyed.
    if unsafe { libc::pthread_rwlock_rdlock(STORE.lock.get()) } != 0 {
        return Some(f(DEFAULTS));
    }
    let held = Held;
    // SAFETY: the shared lock is held until `held` is dropped, and no
    // writer changes `stored` meanwhile; the reference does not outlive it
    // (below, only a copy of the config does).
    let stored = unsafe { &*STORE.stored.get() };
    if !own_copy {
        return Some(f(Snapshot {
            compat: stored.compat,
            config: stored.config.as_ref(),
        }));
    }
    let compat = stored.compat;
    let copy = match &stored.config {
        Some(c) => Some(c.try_clone().ok()?),
        None => None,
    };
    drop(held);
    Some(f(Snapshot {
        compat,
        config: copy.as_ref(),
    }))
}

/// Replaces the settings, mode and configuration at once; `None` if the
/// lock could not be taken.
pub(crate) fn replace(compat: Compat, config: Config) -> Option<()> {
    // SAFETY: a statically initialised pthread rwlock, never destroyed.
    if unsafe { libc::pthread_rwlock_wrlock(STORE.lock.get()) } != 0 {
        return None;
    }
    let held = Held;
    // SAFETY: the exclusive lock is held: this is the only access. The old
    // configuration is dropped under it, which is fine: dropping frees, it
    // takes no lock of the library.
    unsafe {
        *STORE.stored.get() = Stored {
            compat,
            config: Some(config),
        }
    };
    drop(held);
    CONFIGURED.swap(true, Ordering::Relaxed);
    Some(())
}
