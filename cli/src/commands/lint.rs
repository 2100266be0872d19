//! `lint`: the URL Standard's validation errors of each line of files or
//! standard input, reported as a compiler reports its diagnostics, then a
//! summary of the counts by name.

use crate::ctx::or_abort;
use crate::drive::{read_lines, Event, Stop};
use crate::escape;
use crate::lines::{open, too_long, write_error, Fatal, Source, Status, BUF_SIZE};
use crate::progress;
use std::ffi::{OsStr, OsString};
use std::io::{self, IsTerminal, Write};
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::{Buf, NoMemory};
use wwwurl::whatwg::{self, ParseError, Report, Url, Validation, ValidationError};

/// The output buffer is written out once it holds this much.
const FLUSH_AT: usize = BUF_SIZE - (64 << 10);

/// How standard input is named in diagnostics.
const STDIN: &str = "<stdin>";

/// `lint`: each line of each of `files` (standard input when there are
/// none, or for `-`) validated against `base`.
pub(super) fn run(
    raw: bool,
    base: Option<&OsStr>,
    json: bool,
    strict: bool,
    files: &[OsString],
) -> Result<Status, Fatal> {
    // --base parsed when the command line was read: only memory can fail.
    let base = match base.map(|b| whatwg::parse(b.as_bytes(), None)).transpose() {
        Ok(b) => b,
        Err(ParseError::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => return Err(Fatal::Io(format!("--base: {e}"))),
    };
    let stdout = io::stdout();
    let mut lint = Lint {
        raw,
        base,
        json,
        strict,
        line_buffered: stdout.is_terminal(),
        sink: stdout.lock(),
        out: Vec::with_capacity(BUF_SIZE),
        report: Report::new(),
        buf: Buf::new(),
        tally: Tally::default(),
        status: Status::Clean,
    };
    let stdin = OsStr::new("-");
    let sources: Vec<Source> = match files {
        [] => vec![Source::Stdin],
        _ => files
            .iter()
            .map(|f| match f == stdin {
                true => Source::Stdin,
                false => Source::File(f.clone()),
            })
            .collect(),
    };
    for src in sources.into_iter().map(open) {
        match src {
            Ok(mut o) => {
                let name = o.name.clone().unwrap_or_else(|| STDIN.to_owned());
                lint.stream(&mut o.reader, &name)?;
            }
            Err(msg) => lint.fail(&msg)?,
        }
    }
    lint.summary();
    lint.flush()?;
    Ok(lint.status)
}

/// What the run has seen.
#[derive(Default)]
struct Tally {
    urls: u64,
    failures: u64,
    not_valid: u64,
    errors: u64,
    by_name: [u64; ValidationError::ALL.len()],
}

/// The state of a run.
struct Lint<W: Write> {
    /// `--raw`: the bytes an error is about printed as they are.
    raw: bool,
    base: Option<Url>,
    json: bool,
    strict: bool,
    /// Write each diagnostic out at once (standard output is a terminal).
    line_buffered: bool,
    sink: W,
    out: Vec<u8>,
    report: Report,
    buf: Buf,
    tally: Tally,
    status: Status,
}

impl<W: Write> Lint<W> {
    /// Validates each line of `input`, a source called `name`; an empty
    /// line is skipped.
    fn stream<R: io::BufRead>(&mut self, input: &mut R, name: &str) -> Result<(), Fatal> {
        let file = escape::text(name.as_bytes());
        let r = read_lines(input, |ev| match ev {
            Event::Line(_, []) => Ok(()),
            Event::Line(n, url) => self.one(&file, n, url),
            Event::TooLong(n, len) => self.fail(&format!("{file}: line {n}: {}", too_long(len))),
            Event::Drained if self.line_buffered => self.flush(),
            Event::Drained => Ok(()),
        });
        match r {
            Ok(()) => Ok(()),
            Err(Stop::Fatal(f)) => Err(f),
            Err(Stop::Read(e)) => self.fail(&format!("reading {name}: {e}")),
        }
    }

    /// Validates `url`, line `line` of `file`, and writes its diagnostics.
    fn one(&mut self, file: &str, line: u64, url: &[u8]) -> Result<(), Fatal> {
        match whatwg::validate_reusing(url, self.base.as_ref(), &mut self.report, &mut self.buf) {
            Ok(()) => {}
            Err(ParseError::NoMemory) => or_abort(Err(NoMemory)),
            Err(e) => return self.fail(&format!("{file}: line {line}: {e}")),
        }
        let t = &mut self.tally;
        t.urls += 1;
        if self.report.valid() {
            return self.maybe_write();
        }
        t.not_valid += 1;
        t.failures += u64::from(self.report.failure());
        if self.report.failure() || self.strict {
            self.status = Status::SomeFailed;
        }
        for e in self.report.errors() {
            t.errors += 1;
            t.by_name[e.error().id() as usize] += 1;
            let d = Diagnostic { file, line, url, e };
            match self.json {
                true => d.json(&mut self.out),
                false => d.text(&mut self.out, self.raw),
            }
        }
        if self.strict && self.report.errors().is_empty() {
            // Not valid with no error to show: bytes that are not UTF-8,
            // or a domain that IDNA maps to an IPv4 address.
            match self.json {
                true => {
                    self.out.extend_from_slice(b"{\"file\":");
                    json_string(&mut self.out, file.as_bytes());
                    self.out.extend_from_slice(
                        format!(
                            ",\"line\":{line},\"column\":1,\"start\":0,\"end\":{},\
                             \"severity\":\"error\",\"name\":null,\"fatal\":false,\
                             \"message\":\"not a valid URL string\"}}\n",
                            url.len()
                        )
                        .as_bytes(),
                    );
                }
                false => self.out.extend_from_slice(
                    format!("{file}:{line}:1: error: not a valid URL string\n").as_bytes(),
                ),
            }
        }
        self.maybe_write()
    }

    /// Writes the output out when it is full, or at once on a terminal.
    fn maybe_write(&mut self) -> Result<(), Fatal> {
        if self.line_buffered && !self.out.is_empty() {
            return self.flush();
        }
        if self.out.len() >= FLUSH_AT {
            return self.write_out();
        }
        Ok(())
    }

    /// Reports a line or a source that could not be read.
    fn fail(&mut self, msg: &str) -> Result<(), Fatal> {
        self.status = Status::SomeFailed;
        self.flush()?;
        progress::message(msg);
        Ok(())
    }

    /// Appends the summary: the counts, then each name met with its count,
    /// most frequent first.
    fn summary(&mut self) {
        let t = &self.tally;
        let mut names: Vec<(u64, ValidationError)> = ValidationError::ALL
            .iter()
            .map(|&e| (t.by_name[e.id() as usize], e))
            .filter(|&(n, _)| n > 0)
            .collect();
        names.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.id().cmp(&b.1.id())));
        let out = &mut self.out;
        if self.json {
            out.extend_from_slice(
                format!(
                    "{{\"summary\":{{\"urls\":{},\"failures\":{},\"not_valid\":{},\
                     \"errors\":{},\"by_name\":{{",
                    t.urls, t.failures, t.not_valid, t.errors
                )
                .as_bytes(),
            );
            for (i, (n, e)) in names.iter().enumerate() {
                let sep = if i > 0 { "," } else { "" };
                out.extend_from_slice(format!("{sep}\"{}\":{n}", e.name()).as_bytes());
            }
            out.extend_from_slice(b"}}}\n");
            return;
        }
        out.extend_from_slice(
            format!(
                "{} URLs: {} failed to parse, {} not valid URL strings, {} validation errors\n",
                t.urls, t.failures, t.not_valid, t.errors
            )
            .as_bytes(),
        );
        for (n, e) in names {
            out.extend_from_slice(format!("{n:>10} {}\n", e.name()).as_bytes());
        }
    }

    fn write_out(&mut self) -> Result<(), Fatal> {
        let r = self.sink.write_all(&self.out);
        self.out.clear();
        r.map_err(|e| write_error(e, self.status))
    }

    fn flush(&mut self) -> Result<(), Fatal> {
        self.write_out()?;
        self.sink.flush().map_err(|e| write_error(e, self.status))
    }
}

/// One validation error of line `line` of `file`.
struct Diagnostic<'a> {
    file: &'a str,
    line: u64,
    url: &'a [u8],
    e: &'a Validation,
}

impl Diagnostic<'_> {
    fn severity(&self) -> &'static str {
        if self.e.fatal() {
            "error"
        } else {
            "warning"
        }
    }

    /// `FILE:LINE:COL: error|warning: NAME: message`, the column 1-based,
    /// in bytes; the bytes the error is about after the message, quoted
    /// and escaped unless `raw`.
    fn text(&self, out: &mut Vec<u8>, raw: bool) {
        let e = self.e;
        out.extend_from_slice(
            format!(
                "{}:{}:{}: {}: {}: {}",
                self.file,
                self.line,
                e.start() + 1,
                self.severity(),
                e.error().name(),
                e.error().message()
            )
            .as_bytes(),
        );
        let bytes = &self.url[e.span()];
        if !bytes.is_empty() {
            out.extend_from_slice(b": \"");
            match raw {
                true => out.extend_from_slice(bytes),
                false => escape::push(out, bytes),
            }
            out.push(b'"');
        }
        out.push(b'\n');
    }

    /// One JSON object on a line.
    fn json(&self, out: &mut Vec<u8>) {
        let e = self.e;
        out.extend_from_slice(b"{\"file\":");
        json_string(out, self.file.as_bytes());
        out.extend_from_slice(
            format!(
                ",\"line\":{},\"column\":{},\"start\":{},\"end\":{},\"severity\":\"{}\",\
                 \"name\":\"{}\",\"fatal\":{},\"message\":\"{}\",\"text\":",
                self.line,
                e.start() + 1,
                e.start(),
                e.end(),
                self.severity(),
                e.error().name(),
                e.fatal(),
                e.error().message().replace('"', "\\\"")
            )
            .as_bytes(),
        );
        json_string(out, &self.url[e.span()]);
        out.extend_from_slice(b"}\n");
    }
}

/// Appends `s` as a JSON string: UTF-8 as it is (each invalid sequence as
/// U+FFFD), `"`, `\` and control characters escaped.
fn json_string(out: &mut Vec<u8>, s: &[u8]) {
    out.push(b'"');
    for chunk in s.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.extend_from_slice(b"\\\""),
                '\\' => out.extend_from_slice(b"\\\\"),
                c if (c as u32) < 0x20 || c == '\u{7f}' || ('\u{80}'..'\u{a0}').contains(&c) => {
                    out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
                }
                c => {
                    let mut b = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                }
            }
        }
        if !chunk.invalid().is_empty() {
            out.extend_from_slice("\u{FFFD}".as_bytes());
        }
    }
    out.push(b'"');
}
