//! `--jobs N`: input lines processed by N worker threads, output in input
//! order, in constant memory.
//!
//! A reader thread cuts the input into batches of whole lines (about
//! [`BATCH`] bytes, or fewer when the input pauses), the workers take
//! batches from a bounded queue and fill each batch's output, and the
//! calling thread writes the outputs in sequence order. A fixed number of
//! batches circulate: the reader takes an empty one from the writer before
//! reading more, so however uneven the work, at most that many batches of
//! input and output are held at once.

use crate::lines::{
    find_newline, open, read_line, too_long, write_error, Fatal, Got, Job, Layout, Origin, Source,
    Status, Work, MAX_INPUT,
};
use crate::progress;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

/// The input bytes of a batch, beyond which it is handed on.
const BATCH: usize = 64 << 10;

/// The batches in circulation per worker.
const BATCHES_PER_JOB: usize = 4;

/// A piece of a batch's input.
enum Piece {
    /// `data[start..end]`: whole lines, each with its line end.
    Lines(usize, usize),
    /// `data[start..end]`: one line, its line end already removed.
    One(usize, usize),
    /// A line longer than [`MAX_INPUT`], of this length, skipped.
    TooLong(u64),
    /// The source could not be opened or read: the message.
    Note(String),
}

/// A failed input of a batch: where its output ends, its line index in
/// the batch (none for a source's failure), the message.
type Failure = (usize, Option<u64>, String);

/// A run of consecutive input lines of one source, and then their output.
#[derive(Default)]
struct Batch {
    /// Its place in the input order.
    seq: u64,
    /// The index of its source.
    src: usize,
    /// Its source's name in messages (`None` for standard input).
    name: Option<Arc<str>>,
    data: Vec<u8>,
    pieces: Vec<Piece>,
    out: Vec<u8>,
    fails: Vec<Failure>,
    /// The input lines it held.
    lines: u64,
}

impl Batch {
    fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    fn clear(&mut self) {
        self.data.clear();
        self.pieces.clear();
        self.out.clear();
        self.fails.clear();
        self.lines = 0;
    }
}

/// Runs `job` over `sources` with `jobs` worker threads, writing to `sink`.
/// `status` is the status so far, `started` whether a block was written
/// already (the next one then needs its blank line).
pub fn run<F: Work, W: Write>(
    job: &Job<F>,
    jobs: usize,
    sources: Vec<Source>,
    sink: W,
    status: Status,
    started: bool,
) -> Result<Status, Fatal> {
    let k = jobs * BATCHES_PER_JOB;
    let (free_tx, free_rx) = sync_channel::<Batch>(k);
    for _ in 0..k {
        // Cannot fail: the channel has room for all k and its receiver lives.
        let _ = free_tx.send(Batch::default());
    }
    let (todo_tx, todo_rx) = sync_channel::<Batch>(k);
    let (done_tx, done_rx) = sync_channel::<Batch>(k);
    // Dropped with the last worker, so that the reader stops when they do.
    let todo_rx = Arc::new(Mutex::new(todo_rx));
    let mut out = Writer {
        sink,
        layout: job.layout,
        status,
        started,
        src: usize::MAX,
        base: 0,
    };
    thread::scope(|s| {
        for _ in 0..jobs {
            let todo = Arc::clone(&todo_rx);
            let done = done_tx.clone();
            s.spawn(move || worker(job, &todo, &done));
        }
        drop(todo_rx);
        drop(done_tx);
        s.spawn(move || {
            let mut r = Reader {
                free: free_rx,
                todo: todo_tx,
                seq: 0,
                cur: None,
            };
            // `Err` only when the writer has stopped: nothing left to do.
            let _ = r.read_all(sources);
        });
        // Returning drops the channel ends, which stops the other threads
        // when the output fails.
        out.write_all(done_rx, free_tx)
    })
}

/// A worker: takes batches until the reader is done.
fn worker<F: Work>(job: &Job<F>, todo: &Mutex<Receiver<Batch>>, done: &SyncSender<Batch>) {
    loop {
        // A poisoned lock means another worker panicked; stop too.
        let next = match todo.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(mut b) = next else { return };
        process(job, &mut b);
        if done.send(b).is_err() {
            return;
        }
    }
}

/// Fills the output of a batch.
fn process<F: Work>(job: &Job<F>, b: &mut Batch) {
    b.out.clear();
    b.fails.clear();
    let mut idx = 0;
    let one = |line: &[u8], idx: &mut u64, out: &mut Vec<u8>, fails: &mut Vec<Failure>| {
        if let Err(msg) = job.one(line, out, true) {
            fails.push((out.len(), Some(*idx), msg));
        }
        *idx += 1;
    };
    for p in &b.pieces {
        match *p {
            Piece::Lines(start, end) => {
                let mut rest = &b.data[start..end];
                while let Some(i) = find_newline(rest) {
                    let mut l = &rest[..i];
                    if let [r @ .., b'\r'] = l {
                        l = r;
                    }
                    one(l, &mut idx, &mut b.out, &mut b.fails);
                    rest = &rest[i + 1..];
                }
            }
            Piece::One(start, end) => one(&b.data[start..end], &mut idx, &mut b.out, &mut b.fails),
            Piece::TooLong(len) => {
                job.failed(&mut b.out);
                b.fails.push((b.out.len(), Some(idx), too_long(len)));
                idx += 1;
            }
            Piece::Note(ref msg) => b.fails.push((b.out.len(), None, msg.clone())),
        }
    }
    b.lines = idx;
}

/// The writer has stopped (the output failed): the reader stops too.
struct Gone;

/// The reader's state: the batch being filled and the channels.
struct Reader {
    free: Receiver<Batch>,
    todo: SyncSender<Batch>,
    seq: u64,
    cur: Option<Batch>,
}

impl Reader {
    fn read_all(&mut self, sources: Vec<Source>) -> Result<(), Gone> {
        for (src, source) in sources.into_iter().enumerate() {
            match open(source) {
                Ok(mut o) => {
                    let name: Option<Arc<str>> = o.name.as_deref().map(Arc::from);
                    if let Err(e) = self.source(src, &name, &mut o.reader)? {
                        let msg = format!("reading {}: {e}", o.what());
                        self.batch(src, &name)?.pieces.push(Piece::Note(msg));
                    }
                }
                Err(msg) => self.batch(src, &None)?.pieces.push(Piece::Note(msg)),
            }
        }
        self.send()
    }

    /// The batch being filled, for source `src`.
    fn batch(&mut self, src: usize, name: &Option<Arc<str>>) -> Result<&mut Batch, Gone> {
        if self.cur.as_ref().is_some_and(|b| b.src != src) {
            self.send()?;
        }
        if self.cur.is_none() {
            let mut b = self.free.recv().map_err(|_| Gone)?;
            b.clear();
            b.src = src;
            b.name.clone_from(name);
            self.cur = Some(b);
        }
        Ok(self.cur.as_mut().expect("just filled"))
    }

    /// Hands the batch being filled, if any, to the workers.
    fn send(&mut self) -> Result<(), Gone> {
        match self.cur.take() {
            Some(mut b) if !b.is_empty() => {
                b.seq = self.seq;
                self.seq += 1;
                self.todo.send(b).map_err(|_| Gone)
            }
            // An empty batch goes back to the pool as it is.
            other => {
                self.cur = other;
                Ok(())
            }
        }
    }

    /// Reads one source into batches. The outer error stops the run; the
    /// inner one is a read error of this source.
    fn source<R: BufRead>(
        &mut self,
        src: usize,
        name: &Option<Arc<str>>,
        input: &mut R,
    ) -> Result<io::Result<()>, Gone> {
        let mut line = Vec::new();
        loop {
            let avail = match input.fill_buf() {
                Ok([]) => return Ok(Ok(())),
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Ok(Err(e)),
            };
            let b = self.batch(src, name)?;
            // Whole lines up to the batch size, in one copy; a longer line
            // whole when it lies in the input buffer.
            let window = &avail[..avail.len().min(BATCH.saturating_sub(b.data.len()).max(1))];
            let cut = match window.iter().rposition(|&c| c == b'\n') {
                Some(i) => i + 1,
                None => find_newline(&avail[window.len()..]).map_or(0, |i| window.len() + i + 1),
            };
            if cut > 0 {
                let start = b.data.len();
                b.data.extend_from_slice(&avail[..cut]);
                b.pieces.push(Piece::Lines(start, b.data.len()));
                let full = b.data.len() >= BATCH;
                let drained = cut == avail.len();
                input.consume(cut);
                // When the input runs dry the next read may wait: what is
                // read so far goes on now, not when the batch fills.
                if full || drained {
                    self.send()?;
                }
                continue;
            }
            // No line end in the buffer: a line that runs past it, or the
            // last line without a line end. Reading on may wait.
            self.send()?;
            let got = match read_line(input, &mut line, MAX_INPUT) {
                Ok(g) => g,
                Err(e) => return Ok(Err(e)),
            };
            let b = self.batch(src, name)?;
            match got {
                Got::Eof => return Ok(Ok(())),
                Got::Line => {
                    let start = b.data.len();
                    b.data.extend_from_slice(&line);
                    b.pieces.push(Piece::One(start, b.data.len()));
                }
                Got::TooLong(len) => b.pieces.push(Piece::TooLong(len)),
            }
        }
    }
}

/// Writes batch outputs in order, with their failure reports.
struct Writer<W: Write> {
    sink: W,
    layout: Layout,
    status: Status,
    /// Whether a block has been written (the next one needs its blank line).
    started: bool,
    /// The source of the last batch, and its lines before this batch.
    src: usize,
    base: u64,
}

impl<W: Write> Writer<W> {
    /// Writes the batches as they come back from the workers, in order,
    /// and hands each on to the reader for reuse.
    fn write_all(
        &mut self,
        done: Receiver<Batch>,
        free: SyncSender<Batch>,
    ) -> Result<Status, Fatal> {
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for b in done.iter() {
            pending.insert(b.seq, b);
            while let Some(b) = pending.remove(&next) {
                self.batch(&b)?;
                next += 1;
                // The reader may be gone already; the batch is then dropped.
                let _ = free.send(b);
            }
        }
        self.flush()?;
        Ok(self.status)
    }

    fn batch(&mut self, b: &Batch) -> Result<(), Fatal> {
        if b.src != self.src {
            self.src = b.src;
            self.base = 0;
        }
        // Workers put a blank line before every block; the first block of
        // the output has none.
        let mut pos = 0;
        if self.layout == Layout::Blocks && !self.started && !b.out.is_empty() {
            pos = 1;
        }
        self.started |= !b.out.is_empty();
        for (end, idx, msg) in &b.fails {
            self.status = Status::SomeFailed;
            let end = (*end).max(pos);
            self.write(&b.out[pos..end])?;
            pos = end;
            self.flush()?;
            match idx {
                Some(i) => {
                    let at = Origin::Line(b.name.as_deref(), self.base + i + 1);
                    progress::message(&format!("{at}: {msg}"));
                }
                None => progress::message(msg),
            }
        }
        self.write(&b.out[pos..])?;
        self.base += b.lines;
        progress::add_lines(b.lines);
        // Each batch goes out at once: batches are large, or the input has
        // paused and the output should be seen.
        self.flush()
    }

    fn write(&mut self, s: &[u8]) -> Result<(), Fatal> {
        self.sink
            .write_all(s)
            .map_err(|e| write_error(e, self.status))
    }

    fn flush(&mut self) -> Result<(), Fatal> {
        self.sink.flush().map_err(|e| write_error(e, self.status))
    }
}
