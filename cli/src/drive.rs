//! Runs a subcommand's work over its inputs: the arguments, then the
//! lines of each input file or standard input, one thread or, with
//! `--jobs`, the worker pool ([`crate::pool`]); the reading and writing of
//! lines themselves are [`crate::lines`]'s.

use crate::lines::{
    find_newline, open, read_line, too_long, write_error, Fatal, Got, Inputs, Job, Layout, Origin,
    Source, Status, Work, BUF_SIZE, MAX_INPUT,
};
use crate::pool;
use crate::progress;
use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufRead, IsTerminal, Write};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;

/// Runs `work` on each of the input arguments, then on each line of each
/// input file; on each line of standard input when there are neither.
/// Writes to standard output.
///
/// `c_string` marks the WWWOFFLE routines, which see their input as a C
/// string: an input with a NUL byte would silently lose its tail there, so
/// it is rejected instead.
pub fn drive(
    inputs: Inputs<'_>,
    layout: Layout,
    c_string: bool,
    work: impl Work,
) -> Result<Status, Fatal> {
    let job = Job {
        work,
        layout,
        c_string,
        raw: inputs.raw,
    };
    let stdout = io::stdout();
    let line_buffered = stdout.is_terminal();
    let mut d = Driver::new(stdout.lock(), &job, line_buffered);
    for (i, a) in inputs.args.iter().enumerate() {
        d.one(Origin::Arg(i + 1), a.as_bytes())?;
    }
    let sources = sources(inputs);
    let _progress = show_progress(inputs.progress, &sources);
    if inputs.jobs > 1 && !sources.is_empty() {
        // The arguments' output goes first; the workers take over the rest.
        d.flush()?;
        let (status, started) = (d.status, d.blocks > 0);
        return pool::run(&job, inputs.jobs, sources, d.sink, status, started);
    }
    for src in sources.into_iter().map(open) {
        match src {
            Ok(mut o) => d.stream(&mut o.reader, o.name.as_deref())?,
            Err(msg) => d.report(&msg)?,
        }
    }
    d.finish()
}

/// Starts the progress line if asked for, or by default when standard
/// error is a terminal and every source is a regular file.
fn show_progress(asked: Option<bool>, sources: &[Source]) -> Option<progress::Shown> {
    if sources.is_empty() || asked == Some(false) {
        return None;
    }
    let sizes: Option<Vec<u64>> = sources.iter().map(size).collect();
    let tty = io::stderr().is_terminal();
    if asked == Some(true) || (tty && sizes.is_some()) {
        Some(progress::start(sizes.map(|s| s.iter().sum()), tty))
    } else {
        None
    }
}

/// The size of a source that is a regular file.
fn size(src: &Source) -> Option<u64> {
    let meta = match src {
        Source::Stdin => {
            let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
            File::from(fd).metadata().ok()?
        }
        Source::File(name) => std::fs::metadata(name).ok()?,
    };
    meta.is_file().then_some(meta.len())
}

/// The sources of lines: the `--input` files, or standard input when
/// there are neither files nor arguments.
fn sources(inputs: Inputs<'_>) -> Vec<Source> {
    if inputs.files.is_empty() && inputs.args.is_empty() {
        return vec![Source::Stdin];
    }
    let stdin = OsStr::new("-");
    inputs
        .files
        .iter()
        .map(|f| {
            if f == stdin {
                Source::Stdin
            } else {
                Source::File(f.clone())
            }
        })
        .collect()
}

/// The output buffer is written out once it holds this much. It plays the
/// part of a `BufWriter`, but subcommands append to it directly (one copy
/// less per line) and a failed input's partial output is cut off in place.
const FLUSH_AT: usize = BUF_SIZE - (64 << 10);

/// What [`read_lines`] hands on.
pub(crate) enum Event<'a> {
    /// The n-th line, without its line end.
    Line(u64, &'a [u8]),
    /// The n-th line, longer than [`MAX_INPUT`], of this length; skipped.
    TooLong(u64, u64),
    /// Every byte read so far has been handed on: the next read may wait.
    Drained,
}

/// Why [`read_lines`] stopped early.
pub(crate) enum Stop {
    /// The consumer gave up.
    Fatal(Fatal),
    /// Reading failed.
    Read(io::Error),
}

/// Reads `input` line by line (a final CR LF or LF removed) and hands each
/// line to `each`, never holding more than one line (of at most
/// [`MAX_INPUT`] bytes) besides the input buffer. An empty read ends the
/// input, so one Ctrl-D ends it on a terminal.
pub(crate) fn read_lines<R: BufRead>(
    input: &mut R,
    mut each: impl FnMut(Event<'_>) -> Result<(), Fatal>,
) -> Result<(), Stop> {
    let mut line = Vec::new();
    let mut n: u64 = 0;
    loop {
        // Fast path: the lines that lie whole in the input buffer are
        // processed where they are, without copying them out.
        let avail = match input.fill_buf() {
            Ok([]) => return Ok(()),
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Stop::Read(e)),
        };
        let mut pos = 0;
        while let Some(i) = find_newline(&avail[pos..]) {
            let mut l = &avail[pos..pos + i];
            if let [rest @ .., b'\r'] = l {
                l = rest;
            }
            n += 1;
            each(Event::Line(n, l)).map_err(Stop::Fatal)?;
            pos += i + 1;
        }
        let drained = pos == avail.len();
        if pos > 0 {
            input.consume(pos);
            if drained {
                each(Event::Drained).map_err(Stop::Fatal)?;
            }
            continue;
        }
        // Slow path: a line that runs past the buffer, or the last line
        // without a line end. Reading on may wait for more input.
        each(Event::Drained).map_err(Stop::Fatal)?;
        let got = read_line(input, &mut line, MAX_INPUT).map_err(Stop::Read)?;
        n += 1;
        match got {
            Got::Eof => return Ok(()),
            Got::Line => each(Event::Line(n, &line)).map_err(Stop::Fatal)?,
            Got::TooLong(len) => each(Event::TooLong(n, len)).map_err(Stop::Fatal)?,
        }
    }
}

/// The state of a run in one thread: where the output goes, its buffer,
/// the status.
struct Driver<'j, W: Write, F: Work> {
    sink: W,
    out: Vec<u8>,
    job: &'j Job<F>,
    /// Write each line out at once (standard output is a terminal).
    line_buffered: bool,
    blocks: u64,
    /// Inputs done since the last write (for the progress line).
    done: u64,
    status: Status,
}

impl<'j, W: Write, F: Work> Driver<'j, W, F> {
    fn new(sink: W, job: &'j Job<F>, line_buffered: bool) -> Self {
        Driver {
            sink,
            out: Vec::with_capacity(BUF_SIZE),
            job,
            line_buffered,
            blocks: 0,
            done: 0,
            status: Status::Clean,
        }
    }

    /// Processes `input` line by line. Whatever output is buffered is
    /// written out whenever the input runs dry, so a slow input (`tail -f`)
    /// sees its output without waiting for a full buffer.
    fn stream<R: BufRead>(&mut self, input: &mut R, file: Option<&str>) -> Result<(), Fatal> {
        let r = read_lines(input, |ev| match ev {
            Event::Line(n, l) => self.one(Origin::Line(file, n), l),
            Event::TooLong(n, len) => self.fail(Origin::Line(file, n), &too_long(len)),
            Event::Drained => self.flush(),
        });
        match r {
            Ok(()) => Ok(()),
            Err(Stop::Fatal(f)) => Err(f),
            Err(Stop::Read(e)) => {
                let what = file.unwrap_or("standard input");
                self.report(&format!("reading {what}: {e}"))
            }
        }
    }

    /// Processes one input and buffers its output, or reports its error.
    fn one(&mut self, at: Origin<'_>, input: &[u8]) -> Result<(), Fatal> {
        let sep = self.blocks > 0;
        self.done += 1;
        match self.job.one(input, &mut self.out, sep) {
            Ok(()) => {
                self.blocks += 1;
                if self.line_buffered {
                    self.flush()?;
                } else if self.out.len() >= FLUSH_AT {
                    self.write_out()?;
                }
                Ok(())
            }
            Err(msg) => self.report(&format!("{at}: {msg}")),
        }
    }

    fn fail(&mut self, at: Origin<'_>, msg: &str) -> Result<(), Fatal> {
        self.done += 1;
        self.job.failed(&mut self.out);
        self.report(&format!("{at}: {msg}"))
    }

    /// Reports a failure on stderr, after the output so far: failures are
    /// rare enough to afford the flush, which keeps the report next to the
    /// output around it when both go to a terminal.
    fn report(&mut self, msg: &str) -> Result<(), Fatal> {
        self.status = Status::SomeFailed;
        self.flush()?;
        progress::message(msg);
        Ok(())
    }

    /// Hands the buffered output to the sink.
    fn write_out(&mut self) -> Result<(), Fatal> {
        progress::add_lines(std::mem::take(&mut self.done));
        let r = self.sink.write_all(&self.out);
        self.out.clear();
        r.map_err(|e| write_error(e, self.status))
    }

    fn flush(&mut self) -> Result<(), Fatal> {
        self.write_out()?;
        self.sink.flush().map_err(|e| write_error(e, self.status))
    }

    /// Flushes the output and gives the final status.
    fn finish(mut self) -> Result<Status, Fatal> {
        self.flush()?;
        Ok(self.status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    #[test]
    fn driver_aligns_failed_lines() {
        let mut out = Vec::new();
        let work = |s: &[u8], o: &mut Vec<u8>| {
            if s == b"bad" {
                Err("bad".to_owned())
            } else {
                o.extend_from_slice(s);
                Ok(())
            }
        };
        let job = Job {
            work,
            layout: Layout::Lines,
            c_string: true,
            raw: false,
        };
        let mut d = Driver::new(&mut out, &job, false);
        d.stream(&mut &b"a\nbad\nc\x00\nd\te"[..], None).unwrap();
        assert_eq!(d.finish().unwrap(), Status::SomeFailed);
        assert_eq!(out, b"a\n\n\nd%09e\n");
    }

    #[test]
    fn driver_lines_across_buffer_ends() {
        let input = b"ab\r\ncdefghij\r\nk\n\r\nlmnopq\r";
        let copy = |s: &[u8], o: &mut Vec<u8>| {
            o.extend_from_slice(b"<");
            o.extend_from_slice(s);
            o.extend_from_slice(b">");
            Ok(())
        };
        let job = Job {
            work: copy,
            layout: Layout::Lines,
            c_string: true,
            raw: true,
        };
        for cap in [1, 2, 3, 4, 5, 8, 64] {
            let mut out = Vec::new();
            let mut d = Driver::new(&mut out, &job, false);
            d.stream(&mut BufReader::with_capacity(cap, &input[..]), None)
                .unwrap();
            assert_eq!(d.finish().unwrap(), Status::Clean);
            assert_eq!(
                out, b"<ab>\n<cdefghij>\n<k>\n<>\n<lmnopq\r>\n",
                "capacity {cap}"
            );
        }
    }
}
