//! Feeding inputs through a subcommand: from the arguments, or streamed from
//! standard input one line at a time, with buffered output, per-input error
//! reports and the exit status.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::ffi::OsStrExt;

/// The longest input accepted, in bytes, line end not counted. The C
/// routines were never meant for more, and it bounds the memory one line
/// can take.
pub const MAX_INPUT: usize = 1 << 20;

/// Input and output buffer size: large enough that a run over millions of
/// short lines makes few system calls.
const BUF_SIZE: usize = 1 << 20;

/// How a subcommand's outputs are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line per input; a failed input gives an empty line, so output
    /// line N always belongs to input line N.
    Lines,
    /// A block of lines per input, blocks separated by a blank line; a
    /// failed input gives no block.
    Blocks,
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
enum Origin {
    /// The n-th input argument (1-based).
    Arg(usize),
    /// The n-th line of standard input (1-based).
    Line(u64),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Arg(n) => write!(f, "argument {n}"),
            Origin::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// What a subcommand does with one input: append its output (without the
/// final line end) to the vector, leaving what is already there alone, or
/// say why it cannot.
pub trait Work: FnMut(&[u8], &mut Vec<u8>) -> Result<(), String> {}
impl<F: FnMut(&[u8], &mut Vec<u8>) -> Result<(), String>> Work for F {}

/// Runs `work` on each of `args`, or on each line of standard input when
/// there are none, writing to standard output.
///
/// `c_string` marks the WWWOFFLE routines, which see their input as a C
/// string: an input with a NUL byte would silently lose its tail there, so
/// it is rejected instead.
pub fn drive(
    args: &[OsString],
    layout: Layout,
    c_string: bool,
    work: impl Work,
) -> Result<Status, Fatal> {
    let stdout = io::stdout();
    let mut d = Driver::new(stdout.lock(), layout, c_string, work);
    if args.is_empty() {
        let stdin = io::stdin();
        let mut input = BufReader::with_capacity(BUF_SIZE, stdin.lock());
        d.stream(&mut input)?;
    } else {
        for (i, a) in args.iter().enumerate() {
            d.one(Origin::Arg(i + 1), a.as_bytes())?;
        }
    }
    d.finish()
}

/// The output buffer is written out once it holds this much. It plays the
/// part of a `BufWriter`, but subcommands append to it directly (one copy
/// less per line) and a failed input's partial output is cut off in place.
const FLUSH_AT: usize = BUF_SIZE - (64 << 10);

/// The state of one run: where the output goes, its buffer, the status.
struct Driver<W: Write, F: Work> {
    sink: W,
    out: Vec<u8>,
    layout: Layout,
    c_string: bool,
    work: F,
    blocks: u64,
    status: Status,
}

impl<W: Write, F: Work> Driver<W, F> {
    fn new(sink: W, layout: Layout, c_string: bool, work: F) -> Self {
        Driver {
            sink,
            out: Vec::with_capacity(BUF_SIZE),
            layout,
            c_string,
            work,
            blocks: 0,
            status: Status::Clean,
        }
    }

    /// Processes standard input line by line, never holding more than one
    /// line (of at most [`MAX_INPUT`] bytes) besides the input buffer.
    fn stream<R: BufRead>(&mut self, input: &mut R) -> Result<(), Fatal> {
        let mut line = Vec::new();
        let mut n: u64 = 0;
        loop {
            // Fast path: the lines that lie whole in the input buffer are
            // processed where they are, without copying them out.
            let avail = match input.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return self.read_error(e),
            };
            let mut pos = 0;
            while let Some(i) = find_newline(&avail[pos..]) {
                let mut l = &avail[pos..pos + i];
                if let [rest @ .., b'\r'] = l {
                    l = rest;
                }
                n += 1;
                self.one(Origin::Line(n), l)?;
                pos += i + 1;
            }
            if pos > 0 {
                input.consume(pos);
                continue;
            }
            // Slow path: a line that runs past the buffer, or the last line
            // without a line end.
            let got = match read_line(input, &mut line, MAX_INPUT) {
                Ok(g) => g,
                Err(e) => return self.read_error(e),
            };
            n += 1;
            match got {
                Got::Eof => return Ok(()),
                Got::Line => self.one(Origin::Line(n), &line)?,
                Got::TooLong(len) => self.fail(Origin::Line(n), &too_long(len))?,
            }
        }
    }

    /// Keeps the output of the lines before a read error, then reports it.
    fn read_error(&mut self, e: io::Error) -> Result<(), Fatal> {
        self.flush()?;
        Err(Fatal::Io(format!("reading standard input: {e}")))
    }

    /// Processes one input and buffers its output, or reports its error.
    fn one(&mut self, at: Origin, input: &[u8]) -> Result<(), Fatal> {
        if input.len() > MAX_INPUT {
            return self.fail(at, &too_long(input.len() as u64));
        }
        if self.c_string && input.contains(&0) {
            return self.fail(
                at,
                "contains a NUL byte, which would end the URL routines' C string",
            );
        }
        let mark = self.out.len();
        if self.layout == Layout::Blocks && self.blocks > 0 {
            self.out.push(b'\n');
        }
        if let Err(msg) = (self.work)(input, &mut self.out) {
            self.out.truncate(mark);
            return self.fail(at, &msg);
        }
        match self.layout {
            Layout::Lines => self.out.push(b'\n'),
            Layout::Blocks => self.blocks += 1,
        }
        if self.out.len() >= FLUSH_AT {
            self.write_out()?;
        }
        Ok(())
    }

    /// Reports a failed input on stderr and keeps the output aligned.
    fn fail(&mut self, at: Origin, msg: &str) -> Result<(), Fatal> {
        self.status = Status::SomeFailed;
        // Flushing first keeps the report next to the output around it
        // when both go to a terminal; failures are rare enough to afford it.
        self.flush()?;
        let _ = writeln!(io::stderr().lock(), "wwwurl: {at}: {msg}");
        if self.layout == Layout::Lines {
            self.out.push(b'\n');
        }
        Ok(())
    }

    /// Hands the buffered output to the sink.
    fn write_out(&mut self) -> Result<(), Fatal> {
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
fn find_newline(s: &[u8]) -> Option<usize> {
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

fn too_long(len: u64) -> String {
    format!("longer than the maximum of 1 MiB ({len} bytes)")
}

fn write_error(e: io::Error, status: Status) -> Fatal {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Fatal::BrokenPipe(status)
    } else {
        Fatal::Io(format!("writing standard output: {e}"))
    }
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum Got {
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
fn read_line<R: BufRead>(r: &mut R, buf: &mut Vec<u8>, max: usize) -> io::Result<Got> {
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
        let mut d = Driver::new(&mut out, Layout::Lines, true, work);
        d.stream(&mut &b"a\nbad\nc\x00\nd"[..]).unwrap();
        assert_eq!(d.finish().unwrap(), Status::SomeFailed);
        assert_eq!(out, b"a\n\n\nd\n");
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
        for cap in [1, 2, 3, 4, 5, 8, 64] {
            let mut out = Vec::new();
            let mut d = Driver::new(&mut out, Layout::Lines, true, copy);
            d.stream(&mut BufReader::with_capacity(cap, &input[..]))
                .unwrap();
            assert_eq!(d.finish().unwrap(), Status::Clean);
            assert_eq!(
                out, b"<ab>\n<cdefghij>\n<k>\n<>\n<lmnopq\r>\n",
                "capacity {cap}"
            );
        }
    }
}
