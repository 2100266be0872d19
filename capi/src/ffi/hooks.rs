//! The environment of legacy calls: the application's own
//! `GetLocalHostPort()` and `DefaultPort()` when it defines them (see
//! `hooks.c`), else the process-wide configuration.

use super::alloc::{c_str, free};
use super::legacy_types::URL;
use super::settings::{self, Snapshot};
use libc::{c_char, c_int};
use std::sync::atomic::{AtomicU8, Ordering};
use wwwurl_core::bytes::buf::{Buf, NoMemory};
use wwwurl_core::wwwoffle::config::{Compat, Env};

extern "C" {
    fn libwwwurl_hook_local_host(present: *mut c_int) -> *mut c_char;
    fn libwwwurl_hook_default_port(url: *const URL, present: *mut c_int) -> c_int;
    fn libwwwurl_hooks_present() -> c_int;
}

const LOCAL_HOST_HOOK: u8 = 1;
const DEFAULT_PORT_HOOK: u8 = 2;
const UNKNOWN: u8 = 0x80;

/// Which hooks the program defines; fixed at link time, so read once.
static PRESENT: AtomicU8 = AtomicU8::new(UNKNOWN);

fn present() -> u8 {
    // A plain load, the write a locked exchange, as for the settings (see
    // `settings`).
    let p = PRESENT.load(Ordering::Relaxed);
    if p != UNKNOWN {
        return p;
    }
    // SAFETY: the function only tests two weak symbols for NULL.
    let p = (unsafe { libwwwurl_hooks_present() } & 3) as u8;
    PRESENT.swap(p, Ordering::Relaxed);
    p
}

/// The [`Env`] of one legacy call: application hooks first, then the
/// process-wide settings as they were when the call started.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HookEnv<'a>(Snapshot<'a>);

impl HookEnv<'_> {
    /// Runs `f`, a whole legacy call, in the environment of this moment;
    /// `None` when memory ran out first (see [`settings::with`]).
    pub(crate) fn run<R>(f: impl FnOnce(HookEnv<'_>) -> R) -> Option<R> {
        // Where the program defines a hook, the settings are copied rather
        // than read under their lock, which no hook may run under.
        settings::with(present() != 0, |s| f(HookEnv(s)))
    }

    /// The compat mode of the call.
    pub(crate) fn compat(self) -> Compat {
        self.0.compat()
    }
}

impl Env for HookEnv<'_> {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        if present() & LOCAL_HOST_HOOK == 0 {
            return self.0.local_host(out);
        }
        let mut flag: c_int = 0;
        // SAFETY: the wrapper calls the application's GetLocalHostPort().
        let s = unsafe { libwwwurl_hook_local_host(&mut flag) };
        let r = match c_str(s) {
            Some(bytes) => out.extend_from_slice(bytes),
            None => self.0.local_host(out),
        };
        // The hook's contract: a malloc'ed string that the caller frees.
        free(s);
        r
    }

    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        if present() & DEFAULT_PORT_HOOK == 0 {
            return self.0.default_port(proto);
        }
        // The hook reads the protocol as a C string: a copy with a NUL, on
        // the stack unless it is very long.
        let mut short = [0u8; 64];
        let mut long = Buf::new();
        let proto_c: &mut [u8] = if proto.len() < short.len() {
            short[..proto.len()].copy_from_slice(proto);
            &mut short
        } else {
            long.reserve(proto.len() + 1)?;
            long.extend_from_slice(proto)?;
            long.push(0)?;
            &mut long
        };
        let mut url = URL::empty();
        url.proto = proto_c.as_mut_ptr().cast();
        let mut flag: c_int = 0;
        // SAFETY: `url` is a valid record whose only set field is `proto`, a
        // NUL-terminated string alive for the call.
        Ok(unsafe { libwwwurl_hook_default_port(&url, &mut flag) })
    }
}
