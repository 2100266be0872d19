//! Feeding inputs through a subcommand: from the arguments, then streamed
//! from input files or standard input one line at a time, with buffered
//! output, per-input error reports and the exit status. With `--jobs` above
//! 1 the lines go through [`crate::pool`] instead of the one-thread
//! [`Driver`].

use crate::escape;
use crate::progress::Counted;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
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
    /// Whole lines, none or more per input, that the subcommand ends and
    /// escapes itself (a filter: an input that does not pass gives none).
    Filter,
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
    pub work: F,
    pub layout: Layout,
    pub c_string: bool,
    pub raw: bool,
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
}
