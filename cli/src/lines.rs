//! Feeding inputs through a subcommand: from the arguments, then streamed
//! from input files or standard input one line at a time, with buffered
//! output, per-input error reports and the exit status. With `--jobs` above
//! 1 the lines go through [`crate::pool`] instead of the one-thread
//! [`Driver`].

use crate::progress::{self, Counted};
use crate::{escape, pool};
use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;

/// The longest input accepted, in bytes, line end not counted. The C
/// routines were never meant for more, and it bounds the memory one line
/// can take.
pub const MAX_INPUT: usize = 1 << 20;

/// The message for an input longer than [`MAX_INPUT`].
pub fn too_long(len: u64) -> String {
    format!("longer than the maximum of 1 MiB ({len} bytes)")
}

/// Input and output buffer size: large enough that a run over millions of
/// short lines makes few system calls.
pub const BUF_SIZE: usize = 1 << 20;

/// How a subcommand's outputs are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line per input; a failed input gives an empty line, so output
    /// line N always belongs to input line N.
    Lines,
    /// One line per input, as [`Layout::Lines`], of fields that the
    /// subcommand escapes itself, so that the TAB it puts between them
    /// stays a TAB while one inside a value is escaped.
    Fields,
    /// A block of lines per input, blocks separated by a blank line; a
    /// failed input gives no block.
    Blocks,
}

impl Layout {
    /// Whether each input gives exactly one line.
    fn is_line(self) -> bool {
        matches!(self, Layout::Lines | Layout::Fields)
    }
}

/// Whether every input so far succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// All inputs succeeded.
    Clean,
    /// At least one input failed and was reported.
    SomeFailed,
}

/// Why a run stopped before the end of its inputs.
#[derive(Debug)]
pub enum Fatal {
    /// Standard output was closed by its reader; carries the status so far.
    BrokenPipe(Status),
    /// Reading or writing failed; the message to print.
    Io(String),
}

/// Where an input came from, for error messages.
#[derive(Clone, Copy, Debug)]
pub enum Origin<'a> {
    /// The n-th input argument (1-based).
    Arg(usize),
    /// The n-th line (1-based) of standard input (`None`) or of a file.
    Line(Option<&'a str>, u64),
}

impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Arg(n) => write!(f, "argument {n}"),
            Origin::Line(None, n) => write!(f, "line {n}"),
            Origin::Line(Some(file), n) => write!(f, "{file}: line {n}"),
        }
    }
}

/// What a subcommand does with one input: append its output (without the
/// final line end) to the vector, leaving what is already there alone, or
/// say why it cannot. Shared by the worker threads of `--jobs`.
pub trait Work: Fn(&[u8], &mut Vec<u8>) -> Result<(), String> + Sync {}
impl<F: Fn(&[u8], &mut Vec<u8>) -> Result<(), String> + Sync> Work for F {}

/// The inputs of a run and how to treat them, from the command line.
#[derive(Clone, Copy, Debug)]
pub struct Inputs<'a> {
    /// The input arguments (URLs or strings, never file names).
    pub args: &'a [OsString],
    /// The `--input` files, `-` for standard input.
    pub files: &'a [OsString],
    /// `--raw`: print the bytes, without the escape of control bytes.
    pub raw: bool,
    /// `--jobs`: how many threads run the subcommand on input lines.
    pub jobs: usize,
    /// `--progress` (`Some(true)`), `--no-progress` (`Some(false)`), or
    /// neither: a progress line when standard error is a terminal and the
    /// input regular files.
    pub progress: Option<bool>,
}

/// What a subcommand makes of one input, with the checks every input
/// goes through.
pub struct Job<F: Work> {
    work: F,
    pub layout: Layout,
    c_string: bool,
    raw: bool,
}

impl<F: Work> Job<F> {
    /// Appends the output of `input` to `out`: for [`Layout::Blocks`], the
    /// block after a blank line when `sep`; for [`Layout::Lines`] and
    /// [`Layout::Fields`], the line with its line end, or just the line end
    /// when the input fails.
    pub fn one(&self, input: &[u8], out: &mut Vec<u8>, sep: bool) -> Result<(), String> {
        let r = self.checked(input, out, sep);
        if self.layout.is_line() {
            out.push(b'\n');
        }
        r
    }

    fn checked(&self, input: &[u8], out: &mut Vec<u8>, sep: bool) -> Result<(), String> {
        if input.len() > MAX_INPUT {
            return Err(too_long(input.len() as u64));
        }
        if self.c_string && input.contains(&0) {
            return Err(
                "contains a NUL byte, which would end the URL routines' C string".to_owned(),
            );
        }
        let mark = out.len();
        if self.layout == Layout::Blocks && sep {
            out.push(b'\n');
        }
        let body = out.len();
        if let Err(msg) = (self.work)(input, out) {
            out.truncate(mark);
            return Err(msg);
        }
        // Blocks and fields escape value by value, in the subcommand.
        if self.layout == Layout::Lines && !self.raw {
            escape::tail(out, body);
        }
        Ok(())
    }

    /// The output of an input that failed before reaching the subcommand.
    pub fn failed(&self, out: &mut Vec<u8>) {
        if self.layout.is_line() {
            out.push(b'\n');
        }
    }
}

/// One input source of a run.
pub enum Source {
    Stdin,
    File(OsString),
}

/// An opened source: its reader and its name for messages (`None` for
/// standard input, whose lines are just `line N`).
pub struct Opened {
    pub reader: BufReader<Box<dyn Read>>,
    pub name: Option<String>,
}

impl Opened {
    /// How the source is called in a message about reading it.
    pub fn what(&self) -> &str {
        self.name.as_deref().unwrap_or("standard input")
    }
}

/// Opens a source, or says why it cannot be.
pub fn open(src: Source) -> Result<Opened, String> {
    match src {
        Source::Stdin => Ok(Opened {
            reader: BufReader::with_capacity(BUF_SIZE, Box::new(Counted(io::stdin().lock()))),
            name: None,
        }),
        Source::File(name) => {
            let shown = escape::text(name.as_bytes());
            match File::open(&name) {
                Ok(f) => Ok(Opened {
                    reader: BufReader::with_capacity(BUF_SIZE, Box::new(Counted(f))),
                    name: Some(shown),
                }),
                Err(e) => Err(format!("{shown}: {e}")),
            }
        }
    }
}

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
enum Event<'a> {
    /// The n-th line, without its line end.
    Line(u64, &'a [u8]),
    /// The n-th line, longer than [`MAX_INPUT`], of this length; skipped.
    TooLong(u64, u64),
    /// Every byte read so far has been handed on: the next read may wait.
    Drained,
}

/// Why [`read_lines`] stopped early.
enum Stop {
    /// The consumer gave up.
    Fatal(Fatal),
    /// Reading failed.
    Read(io::Error),
}

/// Reads `input` line by line (a final CR LF or LF removed) and hands each
/// line to `each`, never holding more than one line (of at most
/// [`MAX_INPUT`] bytes) besides the input buffer. An empty read ends the
/// input, so one Ctrl-D ends it on a terminal.
fn read_lines<R: BufRead>(
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

/// The offset of the first `\n` in `s`. Eight bytes at a time: lines are
/// short and this runs once per line, so it matters for throughput.
pub fn find_newline(s: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const NL: u64 = u64::from_ne_bytes([b'\n'; 8]);
    let mut chunks = s.chunks_exact(8);
    let mut base = 0;
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        let x = u64::from_le_bytes(w) ^ NL;
        // The lowest set bit marks the first zero byte of x (the classic
        // has-zero-byte test; false hits only lie above a true one).
        let hit = x.wrapping_sub(ONES) & !x & HIGHS;
        if hit != 0 {
            return Some(base + (hit.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|p| base + p)
}

pub fn write_error(e: io::Error, status: Status) -> Fatal {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Fatal::BrokenPipe(status)
    } else {
        Fatal::Io(format!("writing standard output: {e}"))
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Got {
    /// End of input: no more lines.
    Eof,
    /// A line, now in the buffer without its line end.
    Line,
    /// A line longer than the maximum, of this many bytes (line end not
    /// counted); it was skipped without being held in memory.
    TooLong(u64),
}

/// Reads one line into `buf` (cleared first), without its final `\n` or
/// `\r\n`. Like `read_until(b'\n')`, on which it is built, except that it
/// stops storing bytes past `max`, so one huge line cannot exhaust memory.
pub fn read_line<R: BufRead>(r: &mut R, buf: &mut Vec<u8>, max: usize) -> io::Result<Got> {
    buf.clear();
    // Room for the line end, which is stripped afterwards.
    let keep = max as u64 + 2;
    let n = io::Read::take(&mut *r, keep).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Got::Eof);
    }
    if buf.last() != Some(&b'\n') && n as u64 == keep {
        return skip_rest(r, buf, keep).map(Got::TooLong);
    }
    let end = line_end(buf);
    buf.truncate(buf.len() - end);
    if buf.len() > max {
        return Ok(Got::TooLong(buf.len() as u64));
    }
    Ok(Got::Line)
}

/// The length of the line end (`\n` or `\r\n`) at the end of `b`.
fn line_end(b: &[u8]) -> usize {
    match b {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n'] => 1,
        _ => 0,
    }
}

/// Reads and drops the rest of a line of which `buf` holds the first `seen`
/// bytes, one bounded piece at a time; gives the line's length without its
/// line end.
fn skip_rest<R: BufRead>(r: &mut R, buf: &mut Vec<u8>, seen: u64) -> io::Result<u64> {
    let mut total = seen;
    // Only the last byte of a piece matters for a `\r\n` split across two.
    let mut before = buf.last().copied();
    loop {
        buf.clear();
        let n = io::Read::take(&mut *r, 1 << 16).read_until(b'\n', buf)?;
        total += n as u64;
        if n == 0 {
            return Ok(total);
        }
        if buf.last() == Some(&b'\n') {
            let end = match (buf.len(), before) {
                (1, Some(b'\r')) => 2,
                _ => line_end(buf),
            };
            buf.clear();
            return Ok(total - end as u64);
        }
        before = buf.last().copied();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Result<Vec<u8>, u64>> {
        let mut r = BufReader::with_capacity(3, input);
        let mut buf = Vec::new();
        let mut v = Vec::new();
        loop {
            match read_line(&mut r, &mut buf, max).unwrap() {
                Got::Eof => return v,
                Got::Line => v.push(Ok(buf.clone())),
                Got::TooLong(n) => v.push(Err(n)),
            }
        }
    }

    #[test]
    fn read_line_strips_line_ends() {
        assert_eq!(
            lines(b"ab\r\ncd\n\nef", 10),
            vec![
                Ok(b"ab".to_vec()),
                Ok(b"cd".to_vec()),
                Ok(vec![]),
                Ok(b"ef".to_vec())
            ]
        );
        assert_eq!(lines(b"a\rb\n", 10), vec![Ok(b"a\rb".to_vec())]);
        assert_eq!(lines(b"", 10), vec![]);
    }

    #[test]
    fn read_line_skips_long_lines() {
        assert_eq!(
            lines(b"12345\r\n123456\nab\n1234567", 5),
            vec![Ok(b"12345".to_vec()), Err(6), Ok(b"ab".to_vec()), Err(7)]
        );
        assert_eq!(lines(b"123456789\r\nx", 5), vec![Err(9), Ok(b"x".to_vec())]);
        assert_eq!(
            lines(b"123456\r\n12345\r\n", 5),
            vec![Err(6), Ok(b"12345".to_vec())]
        );
        assert_eq!(lines(b"1234567", 5), vec![Err(7)]);
    }

    #[test]
    fn find_newline_matches_position() {
        let mut s = vec![b'a'; 40];
        assert_eq!(find_newline(&s), None);
        for i in 0..40 {
            s[i] = b'\n';
            for from in 0..=i {
                assert_eq!(find_newline(&s[from..]), Some(i - from));
            }
            // Bytes next to 0x0a that the word test must not mistake for it.
            s[i] = if i % 2 == 0 { 0x0b } else { 0x8a };
        }
        assert_eq!(find_newline(&s), None);
        assert_eq!(find_newline(b"\x0b\x09\n"), Some(2));
    }

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
