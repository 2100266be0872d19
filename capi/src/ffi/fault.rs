//! Fault injection for the test suite: makes allocation failures and panics
//! happen on demand, so that tests can reach every error path of the C ABI
//! (`WWWURL_ERR_NO_MEMORY`, `WWWURL_ERR_PANIC`, the NULL results of the
//! legacy functions) and check that nothing leaks on the way out.
//!
//! Compiled in only with the cargo feature `fault-injection`, which the
//! release library never has; without it the hooks are empty and vanish.
//! The state is per thread, so a test controls exactly the calls it makes.

/// What to do when the countdown reaches zero.
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Off,
    /// The allocation of memory handed to C returns NULL.
    FailAlloc,
    /// The allocation of memory handed to C panics instead.
    PanicAlloc,
    /// The exported function panics as it starts.
    PanicCall,
}

#[cfg(feature = "fault-injection")]
thread_local! {
    static STATE: std::cell::Cell<(Kind, u64)> = const { std::cell::Cell::new((Kind::Off, 0)) };
}

/// Counts one event of `kind`; true when this is the one that must fail.
#[cfg(feature = "fault-injection")]
fn strikes(kind: Kind) -> bool {
    // After the thread's storage is gone nothing is injected.
    STATE
        .try_with(|s| {
            let (k, left) = s.get();
            if k != kind {
                return false;
            }
            if left == 0 {
                s.set((Kind::Off, 0));
                true
            } else {
                s.set((k, left - 1));
                false
            }
        })
        .unwrap_or(false)
}

/// Called before every allocation of memory handed to C: true means fail it.
#[inline(always)]
pub(crate) fn alloc_fails() -> bool {
    #[cfg(feature = "fault-injection")]
    {
        if strikes(Kind::PanicAlloc) {
            panic!("injected panic at an allocation");
        }
        if strikes(Kind::FailAlloc) {
            return true;
        }
    }
    false
}

/// Called as every exported function starts, inside its panic guard.
#[inline(always)]
pub(crate) fn at_entry() {
    #[cfg(feature = "fault-injection")]
    if strikes(Kind::PanicCall) {
        panic!("injected panic at entry");
    }
}

/// Test builds only: arms a fault in the calling thread. `kind` 0 disarms,
/// 1 fails the allocation of memory handed to C (it returns NULL), 2 panics
/// at such an allocation, 3 panics as an exported function starts. `skip`
/// events of that kind pass before the one that faults; the fault happens
/// once, then the state is disarmed. Returns 0, or -1 for an unknown kind.
/// Cannot panic, so it needs no guard (and does not count as a call).
#[cfg(feature = "fault-injection")]
#[no_mangle]
pub extern "C" fn wwwurl_fault_inject(kind: u32, skip: u64) -> libc::c_int {
    let k = match kind {
        0 => Kind::Off,
        1 => Kind::FailAlloc,
        2 => Kind::PanicAlloc,
        3 => Kind::PanicCall,
        _ => return -1,
    };
    match STATE.try_with(|s| s.set((k, skip))) {
        Ok(()) => 0,
        Err(_) => -1,
    }
}

/// Test builds only: 1 while the armed fault has not happened yet, else 0.
#[cfg(feature = "fault-injection")]
#[no_mangle]
pub extern "C" fn wwwurl_fault_pending() -> libc::c_int {
    STATE
        .try_with(|s| libc::c_int::from(s.get().0 != Kind::Off))
        .unwrap_or(0)
}
