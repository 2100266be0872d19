//! Fault injection for the test suite: makes allocation failures and panics
//! happen on demand, so that tests can reach every error path of the C ABI
//! (`WWWURL_ERR_NO_MEMORY`, `WWWURL_ERR_PANIC`, the NULL results of the
//! legacy functions) and check that nothing leaks on the way out.
//!
//! Compiled in only with the cargo feature `fault-injection`, which the
//! release library never has; without it the hooks are empty and vanish.
//! The state is per thread, so a test controls exactly the calls it makes.
//!
//! Two kinds of allocation are counted: the blocks handed to C (through
//! [`alloc_fails`], before each `malloc`/`realloc` of `alloc.rs`) and, with
//! the feature, every Rust heap allocation of the library and of the
//! standard library under it (`Vec`, `Box`, `String`...), through a global
//! allocator over [`std::alloc::System`] that consults the same state. Kinds 1 and 2 count only the first; kinds 4 and
//! 5 count both, in one sequence, in the order they happen.

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
    /// One allocation of any kind fails (NULL), once.
    FailAny,
    /// Allocations of any kind fail periodically until disarmed.
    FailEvery,
}

/// What the library is about to do, as the countdown sees it.
#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy)]
enum Event {
    /// An allocation of memory handed to C.
    CAlloc,
    /// A Rust heap allocation (or reallocation).
    RustAlloc,
    /// An exported function starting.
    Entry,
}

#[cfg(feature = "fault-injection")]
impl Kind {
    /// Whether `e` moves this kind's countdown.
    fn counts(self, e: Event) -> bool {
        match e {
            Event::CAlloc => matches!(
                self,
                Kind::FailAlloc | Kind::PanicAlloc | Kind::FailAny | Kind::FailEvery
            ),
            Event::RustAlloc => matches!(self, Kind::FailAny | Kind::FailEvery),
            Event::Entry => self == Kind::PanicCall,
        }
    }
}

#[cfg(feature = "fault-injection")]
#[derive(Clone, Copy)]
struct State {
    kind: Kind,
    /// Counted events that still pass before the next fault.
    left: u64,
    /// `FailEvery`: the events that pass between two faults.
    period: u64,
    /// Faults injected since the last `wwwurl_fault_inject`; kept when a
    /// once-only kind disarms itself, so that the test can still read it.
    faults: u64,
}

#[cfg(feature = "fault-injection")]
const DISARMED: State = State {
    kind: Kind::Off,
    left: 0,
    period: 0,
    faults: 0,
};

// The global allocator reads this on every allocation, so reading it must
// neither allocate nor be able to panic: with native thread-local storage
// (every platform the tests run on), a `const`-initialised `Cell` of a
// `Copy` type has no lazy initialisation and no destructor to register, and
// `try_with` reports a torn-down thread instead of panicking.
#[cfg(feature = "fault-injection")]
thread_local! {
    static STATE: std::cell::Cell<State> = const { std::cell::Cell::new(DISARMED) };
}

/// Counts one event; the kind that is armed when this event must fault.
/// Allocation-free and panic-free (the global allocator calls it).
#[cfg(feature = "fault-injection")]
#[inline]
fn strikes(e: Event) -> Option<Kind> {
    // After the thread's storage is gone nothing is injected.
    STATE
        .try_with(|s| {
            let mut st = s.get();
            if !st.kind.counts(e) {
                return None;
            }
            if st.left > 0 {
                st.left -= 1;
                s.set(st);
                return None;
            }
            let hit = st.kind;
            st.faults = st.faults.saturating_add(1);
            if hit == Kind::FailEvery {
                st.left = st.period;
            } else {
                st.kind = Kind::Off;
            }
            s.set(st);
            Some(hit)
        })
        .ok()
        .flatten()
}

/// Called before every allocation of memory handed to C: true means fail it.
#[inline(always)]
pub(crate) fn alloc_fails() -> bool {
    #[cfg(feature = "fault-injection")]
    match strikes(Event::CAlloc) {
        // The state is disarmed by now, so the panic's own allocations pass.
        Some(Kind::PanicAlloc) => panic!("injected panic at an allocation"),
        Some(_) => return true,
        None => {}
    }
    false
}

/// Called as every exported function starts, inside its panic guard.
#[inline(always)]
pub(crate) fn at_entry() {
    #[cfg(feature = "fault-injection")]
    if strikes(Event::Entry).is_some() {
        panic!("injected panic at entry");
    }
}

/// The system allocator, except that a Rust heap allocation the armed
/// fault selects returns NULL, as a real allocator does when memory runs
/// out; the code above it then sees exactly what it would see in that case.
/// Releasing memory is never failed, nor counted.
#[cfg(feature = "fault-injection")]
struct Fallible;

#[cfg(feature = "fault-injection")]
// SAFETY: every call is forwarded unchanged to `System`, or returns NULL,
// which callers of `GlobalAlloc` must handle (it means "out of memory");
// a failed `realloc` leaves the old block alone, as the contract requires.
unsafe impl std::alloc::GlobalAlloc for Fallible {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if strikes(Event::RustAlloc).is_some() {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded from the caller's promise about `layout`.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if strikes(Event::RustAlloc).is_some() {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded from the caller's promise about `layout`.
        unsafe { std::alloc::System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        if strikes(Event::RustAlloc).is_some() {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded from the caller's promise that `ptr` is a live
        // block of `layout` from this allocator (so from `System`).
        unsafe { std::alloc::System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: forwarded; the block came from `System` through us.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[cfg(feature = "fault-injection")]
#[global_allocator]
static ALLOCATOR: Fallible = Fallible;

/// Test builds only: arms a fault in the calling thread, replacing what was
/// armed and setting the count of `wwwurl_fault_count` to 0.
///
/// `kind`:
/// - 0 disarms.
/// - 1 fails (NULL) an allocation of memory handed to C.
/// - 2 panics at an allocation of memory handed to C.
/// - 3 panics as an exported function starts.
/// - 4 fails (NULL) an allocation of any kind: memory handed to C or a Rust
///   heap allocation of the library (allocation, zeroed allocation or
///   reallocation; releases are not counted). Both count in one sequence.
/// - 5 fails every (`skip` + 1)th allocation of any kind, counted as for
///   4, until the calling thread disarms it: `skip` = N - 1 fails the Nth,
///   2Nth, 3Nth... allocation, and `skip` = 0 every allocation.
///
/// Kinds 1 to 4 let `skip` events of their kind pass, fault at the next one
/// once, then disarm themselves. Returns 0, or -1 for an unknown kind.
/// Cannot panic, so it needs no guard (and does not count as a call).
#[cfg(feature = "fault-injection")]
#[no_mangle]
pub extern "C" fn wwwurl_fault_inject(kind: u32, skip: u64) -> libc::c_int {
    let kind = match kind {
        0 => Kind::Off,
        1 => Kind::FailAlloc,
        2 => Kind::PanicAlloc,
        3 => Kind::PanicCall,
        4 => Kind::FailAny,
        5 => Kind::FailEvery,
        _ => return -1,
    };
    let st = State {
        kind,
        left: skip,
        period: skip,
        faults: 0,
    };
    match STATE.try_with(|s| s.set(st)) {
        Ok(()) => 0,
        Err(_) => -1,
    }
}

/// Test builds only: 1 while the armed fault has not happened yet, else 0.
/// For kind 5, which stays armed, 1 until its first fault.
#[cfg(feature = "fault-injection")]
#[no_mangle]
pub extern "C" fn wwwurl_fault_pending() -> libc::c_int {
    STATE
        .try_with(|s| {
            let st = s.get();
            libc::c_int::from(st.kind != Kind::Off && st.faults == 0)
        })
        .unwrap_or(0)
}

/// Test builds only: the number of faults injected in the calling thread
/// since its last `wwwurl_fault_inject` (0 or 1 for kinds 1 to 4).
#[cfg(feature = "fault-injection")]
#[no_mangle]
pub extern "C" fn wwwurl_fault_count() -> u64 {
    STATE.try_with(|s| s.get().faults).unwrap_or(0)
}

#[cfg(all(test, feature = "fault-injection"))]
mod tests {
    use super::*;

    /// One Rust heap allocation that the optimiser cannot remove; true when
    /// it succeeded.
    fn rust_alloc_ok() -> bool {
        let mut v: Vec<u8> = Vec::new();
        let ok = v.try_reserve_exact(16).is_ok();
        std::hint::black_box(&mut v);
        ok
    }

    // Each test disarms before it asserts: a failing assertion allocates.

    #[test]
    fn any_kind_fails_the_chosen_allocation_once() {
        assert_eq!(wwwurl_fault_inject(4, 2), 0);
        let before = wwwurl_fault_pending();
        let got = [
            rust_alloc_ok(),
            rust_alloc_ok(),
            rust_alloc_ok(),
            rust_alloc_ok(),
        ];
        let (pending, count) = (wwwurl_fault_pending(), wwwurl_fault_count());
        wwwurl_fault_inject(0, 0);
        assert_eq!(before, 1);
        assert_eq!(got, [true, true, false, true]);
        assert_eq!((pending, count), (0, 1));
    }

    #[test]
    fn any_kind_counts_c_and_rust_allocations_in_one_sequence() {
        wwwurl_fault_inject(4, 1);
        let (c1, r2, c3) = (alloc_fails(), rust_alloc_ok(), alloc_fails());
        wwwurl_fault_inject(4, 1);
        let (r1, c2, r3) = (rust_alloc_ok(), alloc_fails(), rust_alloc_ok());
        wwwurl_fault_inject(0, 0);
        assert_eq!((c1, r2, c3), (false, false, false));
        assert_eq!((r1, c2, r3), (true, true, true));
    }

    #[test]
    fn every_nth_fails_periodically_until_disarmed() {
        wwwurl_fault_inject(5, 2);
        let first = [rust_alloc_ok(), !alloc_fails()];
        let pending_before = wwwurl_fault_pending();
        let rest = [
            rust_alloc_ok(),
            !alloc_fails(),
            rust_alloc_ok(),
            rust_alloc_ok(),
            !alloc_fails(),
        ];
        let (pending, count) = (wwwurl_fault_pending(), wwwurl_fault_count());
        wwwurl_fault_inject(0, 0);
        let after = rust_alloc_ok();
        assert_eq!(first, [true, true]);
        assert_eq!(pending_before, 1);
        assert_eq!(rest, [false, true, true, false, true]);
        assert_eq!((pending, count), (0, 2));
        assert!(after);
        assert_eq!((wwwurl_fault_pending(), wwwurl_fault_count()), (0, 0));
    }

    #[test]
    fn every_allocation_fails_with_skip_zero() {
        wwwurl_fault_inject(5, 0);
        let got = [rust_alloc_ok(), !alloc_fails(), rust_alloc_ok()];
        let count = wwwurl_fault_count();
        wwwurl_fault_inject(0, 0);
        assert_eq!(got, [false, false, false]);
        assert_eq!(count, 3);
    }

    #[test]
    fn c_only_kind_ignores_rust_allocations() {
        wwwurl_fault_inject(1, 0);
        let rust = rust_alloc_ok();
        let pending = wwwurl_fault_pending();
        let c = alloc_fails();
        let count = wwwurl_fault_count();
        wwwurl_fault_inject(0, 0);
        assert!(rust);
        assert_eq!(pending, 1);
        assert!(c);
        assert_eq!(count, 1);
    }

    #[test]
    fn unknown_kind_is_refused() {
        assert_eq!(wwwurl_fault_inject(6, 0), -1);
        assert_eq!(wwwurl_fault_pending(), 0);
    }
}
