//! The progress line on standard error (`--progress`): lines and bytes
//! done, rate and time left, redrawn in place on a terminal.
//!
//! The counters are process-wide: the readers add the bytes they read, the
//! writers the lines whose output went out. Every other message on standard
//! error goes through [`message`], which first clears a progress line drawn
//! on a terminal.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Input bytes read so far.
static BYTES: AtomicU64 = AtomicU64::new(0);
/// Input lines whose output has been written.
static LINES: AtomicU64 = AtomicU64::new(0);

/// Whether a progress line is drawn on the terminal now (and so must be
/// cleared before another message). Held while writing to stderr.
static DRAWN: Mutex<bool> = Mutex::new(false);

fn drawn() -> MutexGuard<'static, bool> {
    DRAWN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Counts `n` more lines done.
pub fn add_lines(n: u64) {
    LINES.fetch_add(n, Relaxed);
}

/// Prints `wwwurl: MSG` on standard error, clearing the progress line.
pub fn message(msg: &str) {
    let mut d = drawn();
    let mut err = io::stderr().lock();
    if *d {
        let _ = err.write_all(b"\r\x1b[K");
        *d = false;
    }
    // A failing stderr leaves no other channel: ignore it.
    let _ = writeln!(err, "wwwurl: {msg}");
}

/// A reader that adds what it reads to the byte counter.
pub struct Counted<R>(pub R);

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        BYTES.fetch_add(n as u64, Relaxed);
        Ok(n)
    }
}

/// The stop signal of the drawing thread.
struct Stop {
    done: Mutex<bool>,
    wake: Condvar,
}

static STOP: Stop = Stop {
    done: Mutex::new(false),
    wake: Condvar::new(),
};

/// The drawing thread while it runs; dropping it stops the thread and
/// prints the final line.
pub struct Shown {
    thread: Option<JoinHandle<()>>,
}

/// Starts drawing. `total` is the input size when known (for the
/// percentage and the time left); `tty` redraws one line in place,
/// otherwise a line is printed every second.
pub fn start(total: Option<u64>, tty: bool) -> Shown {
    let started = Instant::now();
    let every = if tty {
        Duration::from_millis(200)
    } else {
        Duration::from_secs(1)
    };
    let thread = std::thread::spawn(move || {
        let mut done = STOP.done.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let (d, _) = STOP
                .wake
                .wait_timeout(done, every)
                .unwrap_or_else(|e| e.into_inner());
            done = d;
            draw(total, started, tty, *done);
            if *done {
                return;
            }
        }
    });
    Shown {
        thread: Some(thread),
    }
}

impl Drop for Shown {
    fn drop(&mut self) {
        *STOP.done.lock().unwrap_or_else(|e| e.into_inner()) = true;
        STOP.wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Draws the line once; `last` ends it for good.
fn draw(total: Option<u64>, started: Instant, tty: bool, last: bool) {
    let line = status_line(
        LINES.load(Relaxed),
        BYTES.load(Relaxed),
        total,
        started.elapsed(),
    );
    let mut d = drawn();
    let mut err = io::stderr().lock();
    let _ = if tty && !last {
        *d = true;
        write!(err, "\r\x1b[Kwwwurl: {line}")
    } else {
        *d = false;
        let cr = if tty { "\r\x1b[K" } else { "" };
        writeln!(err, "{cr}wwwurl: {line}")
    };
    let _ = err.flush();
}

/// `N lines, X of Y MiB (P%), R lines/s, ETA M:SS`.
pub fn status_line(lines: u64, bytes: u64, total: Option<u64>, elapsed: Duration) -> String {
    const MIB: f64 = 1048576.0;
    let secs = elapsed.as_secs_f64().max(1e-3);
    let mut s = format!("{lines} lines, ");
    match total {
        Some(t) if t > 0 => {
            let done = bytes.min(t);
            s += &format!(
                "{:.1} of {:.1} MiB ({}%)",
                done as f64 / MIB,
                t as f64 / MIB,
                done * 100 / t
            );
        }
        _ => s += &format!("{:.1} MiB", bytes as f64 / MIB),
    }
    let rate = lines as f64 / secs;
    s += &if rate >= 1e6 {
        format!(", {:.2} M lines/s", rate / 1e6)
    } else {
        format!(", {rate:.0} lines/s")
    };
    if let Some(t) = total {
        if bytes > 0 && bytes < t {
            let left = (t - bytes) as f64 / (bytes as f64 / secs);
            let left = left.round() as u64;
            s += &format!(", ETA {}:{:02}", left / 60, left % 60);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_format() {
        let mib = 1 << 20;
        assert_eq!(
            status_line(2_000_000, 10 * mib, Some(40 * mib), Duration::from_secs(2)),
            "2000000 lines, 10.0 of 40.0 MiB (25%), 1.00 M lines/s, ETA 0:06"
        );
        assert_eq!(
            status_line(500, mib / 2, None, Duration::from_secs(1)),
            "500 lines, 0.5 MiB, 500 lines/s"
        );
        assert_eq!(
            status_line(10, mib, Some(mib), Duration::from_secs(1)),
            "10 lines, 1.0 of 1.0 MiB (100%), 10 lines/s"
        );
    }
}
