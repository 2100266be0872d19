//! Spreading a batch over the cores: the work is cut into jobs (ranges
//! of URLs), and threads of `std::thread::scope` take the next job from a
//! shared counter until none is left, so a slow range does not hold the
//! others up. The caller runs this with the interpreter released.

use std::ops::Range;
use std::panic::resume_unwind;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use pyo3::PyResult;

use crate::errors;

/// URLs per job: enough that taking a job costs nothing next to running
/// it, few enough that the last jobs spread over every thread.
pub const JOB_LEN: usize = 512;

/// The most threads a call may ask for. More than the machine has cores
/// only waste the ones it has (the work is computation alone), and each
/// thread is an operating-system thread with a stack of its own, so a
/// larger value is a mistake, refused rather than attempted.
pub const MAX_THREADS: usize = 1024;

/// The number of threads `threads` asks for: `None` is every core the
/// process may use ([`cores`]); 0 and more than [`MAX_THREADS`] are
/// refused (`wwwurl.InvalidArgumentError`, a `ValueError`).
pub fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(errors::invalid_argument(
            "threads must be at least 1".into(),
        )),
        Some(n) if n > MAX_THREADS => Err(errors::invalid_argument(format!(
            "threads must be at most {MAX_THREADS}, not {n}"
        ))),
        Some(n) => Ok(n),
        None => Ok(cores()),
    }
}

/// The cores the process may use (`std::thread::available_parallelism`,
/// 1 when unknown): what sizes a batch's memory, whatever number of
/// threads is asked for.
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// `0..n` cut into ranges of at most [`JOB_LEN`].
pub fn ranges(n: usize) -> impl Iterator<Item = Range<usize>> {
    (0..n)
        .step_by(JOB_LEN)
        .map(move |s| s..(s + JOB_LEN).min(n))
}

/// `f` of every job, in the order of `jobs`, computed on up to
/// `threads` threads (the calling one included). A thread that cannot be
/// started leaves its share to the others; a panic in `f` is raised again
/// here, once every thread has stopped.
pub fn run<T: Sync, R: Send>(jobs: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = threads.min(jobs.len());
    if workers <= 1 {
        return jobs.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    // Each thread's results, with the index of the job of each: the
    // counter hands jobs out in order, so a thread's list is ascending.
    let worker = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(t) = jobs.get(i) else { break };
            done.push((i, f(t)));
        }
        done
    };
    let mut all: Vec<(usize, R)> = thread::scope(|s| {
        let handles: Vec<_> = (1..workers)
            .filter_map(|_| thread::Builder::new().spawn_scoped(s, worker).ok())
            .collect();
        let mut all = worker();
        for h in handles {
            all.extend(h.join().unwrap_or_else(|p| resume_unwind(p)));
        }
        all
    });
    all.sort_unstable_by_key(|&(i, _)| i);
    all.into_iter().map(|(_, r)| r).collect()
}
