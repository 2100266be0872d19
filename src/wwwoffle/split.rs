//! SplitURL: the historical heuristics that cut a URL string into parts.
//!
//! The parts are ranges of the input: nothing is copied until CreateURL
//! writes the record. URLs that are canonical already take the fast path
//! (`split/fast.rs`, [`FastSplit`]) instead.

mod fast;

pub use fast::FastSplit;

use super::codec::truncate_at_nul;
use super::config::{Compat, Env};
use super::create::{build_in, Kept, Parts};
use super::url::{Originals, Spans, Url, UrlDest};
use crate::bytes::ascii::{byte_mask, find_by, find_byte as find, find_stop_fn};
use crate::bytes::buf::{Buf, NoMemory, RecordBuf};
use crate::bytes::sink::{CountingSink, Sink};
pub use crate::wwwoffle::url::{RecordBytes, RecordDest};

/// SplitURL (doc/behaviour.md, SplitURL).
///
/// `s` is read as a C string, up to its first NUL. An empty host (`/path`,
/// `http:///x`, `?x`) is replaced by `env.local_host`, also read up to a NUL.
///
/// Most real URLs are already canonical: their record is built straight
/// from the input (the fast route), and everything else takes the general
/// route, the historical heuristics step by step. The two give identical
/// records (the unit tests in `split/fastpath_tests.rs` hold them to it).
///
/// ```
/// use wwwurl::wwwoffle::config::{Compat, Config};
/// use wwwurl::wwwoffle::split::split_url;
///
/// let url = split_url(&Config::default(), Compat::V29, b"HTTP://WWW.Example.COM:80/a/./b/../c?x=1")?;
/// assert_eq!(url.name(), b"http://www.example.com/a/c?x=1");
/// assert_eq!(url.host(), b"www.example.com");
/// assert_eq!(url.path(), b"/a/c");
/// assert_eq!(url.args(), Some(&b"x=1"[..]));
/// assert_eq!(url.port(), -1); // the default port is dropped
///
/// // A path alone points at the configured local host.
/// let local = split_url(&Config::default(), Compat::V29, b"/index.html")?;
/// assert_eq!(local.name(), b"http://localhost:8080/index.html");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
///
/// Fails only when memory runs out.
pub fn split_url<E: Env + ?Sized>(env: &E, compat: Compat, s: &[u8]) -> Result<Url, NoMemory> {
    split_to(env, compat, s, UrlDest)
}

impl RecordBytes for FastSplit<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        FastSplit::len(self)
    }
    #[inline(always)]
    fn spans(&self) -> Spans {
        FastSplit::spans(self)
    }
    #[inline(always)]
    fn measure(&self) -> (usize, Spans) {
        let mut count = CountingSink(0);
        let Ok(sp) = self.write(&mut count);
        (count.0, sp)
    }
    #[inline(always)]
    fn write_to<S: Sink + ?Sized>(&self, out: &mut S) -> Result<Spans, S::Error> {
        self.write(out)
    }
}

/// SplitURL of `s` into `dest`: the one place where the fast route and the
/// general one are chosen (see [`split_url`]).
#[inline(always)]
pub fn split_to<E: Env + ?Sized, D: RecordDest>(
    env: &E,
    compat: Compat,
    s: &[u8],
    mut dest: D,
) -> D::Out {
    match FastSplit::plan(env, compat, s) {
        Some(f) => dest.store_record(&f.with_originals(D::ORIGINALS)),
        None => match split_general_in(env, compat, s, D::ORIGINALS, |n| dest.memory(n)) {
            Ok((built, spans)) => dest.store_built(built, spans),
            Err(NoMemory) => dest.no_memory(),
        },
    }
}

#[cfg(test)]
/// SplitURL of a URL whose parts are already canonical, or `None` when they
/// may not be (then `split_url_general` (a test of the general route) gives the record).
///
/// Taken when `s`, up to its first `#` or NUL, is `scheme "://" host
/// [":" digits] [path] ["?" args]` with a scheme of `a-z 0-9 + - .`, a
/// host of `a-z 0-9 - .` with a letter, a path (from its `/`) of bytes that
/// URLEncodePath keeps with no `.` or `..` segment, and args that
/// URLRecodeFormArgs copies unchanged and, in 2.9 mode, without `&amp;`.
/// Then every canonical part is a slice of `s` (a default port dropped),
/// and the record is made of copies of slices ([`FastSplit`] writes them
/// into any sink).
#[doc(hidden)]
pub(crate) fn split_url_fast<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    s: &[u8],
) -> Option<Result<Url, NoMemory>> {
    FastSplit::plan(env, compat, s).map(|f| UrlDest.store_record(&f))
}

// Written with `min` rather than as `(b == b'#') | (b == 0)`: the compiler
// turns comparisons with constants joined by `|` into a chain of branches,
// a byte at a time, and then does not vectorise the scan.

/// A byte that ends the URL text: a fragment's `#` or a C string's NUL.
#[inline(always)]
const fn is_end(b: u8) -> bool {
    min(b, b ^ b'#') == 0
}

/// [`is_end`], or an `@`, which may end a user name.
#[inline(always)]
const fn is_end_or_at(b: u8) -> bool {
    min(min(b, b ^ b'#'), b ^ b'@') == 0
}

/// [`is_end`], or a `?`, which may start the args.
#[inline(always)]
const fn is_end_or_q(b: u8) -> bool {
    min(min(b, b ^ b'#'), b ^ b'?') == 0
}

/// [`is_end`], an `@` or a `?`.
#[inline(always)]
const fn is_end_at_or_q(b: u8) -> bool {
    min(min(min(b, b ^ b'#'), b ^ b'@'), b ^ b'?') == 0
}

/// The smaller of `a` and `b` (`Ord::min` is not `const`).
#[inline(always)]
const fn min(a: u8, b: u8) -> u8 {
    if a < b {
        a
    } else {
        b
    }
}

// The scans of the whole URL, sixteen bytes a step: on long URLs they are
// most of SplitURL's own work.
find_stop_fn!(
    /// Where the URL text ends, at or after `i`.
    end_from,
    is_end
);
find_stop_fn!(
    /// Where the URL text ends or an `@` is, at or after `i`.
    end_or_at_from,
    is_end_or_at
);

find_stop_fn!(
    /// Where the URL text ends or a `?` is, at or after `i`.
    end_or_q_from,
    is_end_or_q
);
find_stop_fn!(
    /// Where the URL text ends or an `@` or a `?` is, at or after `i`.
    end_at_or_q_from,
    is_end_at_or_q
);

/// The URL text's landmarks that one scan of the whole text finds.
struct TextEnd {
    /// Where the text ends (see [`is_end`]).
    end: usize,
    /// The first `@` before that.
    at: Option<usize>,
    /// The first `?` before that: the args start at the first `?` after
    /// the user and password, which is this one unless one of those holds
    /// a `?`.
    query: Option<usize>,
}

/// [`TextEnd`] of `s`, in one pass: after the first `@` and the first `?`
/// the scan looks for neither again.
#[inline(always)]
fn text_end(s: &[u8]) -> TextEnd {
    let (mut at, mut query) = (None, None);
    let mut i = 0;
    loop {
        let k = match (at, query) {
            (None, None) => end_at_or_q_from(s, i),
            (None, Some(_)) => end_or_at_from(s, i),
            (Some(_), None) => end_or_q_from(s, i),
            (Some(_), Some(_)) => end_from(s, i),
        };
        match s.get(k) {
            Some(b'@') => at = Some(k),
            Some(b'?') => query = Some(k),
            _ => return TextEnd { end: k, at, query },
        }
        i = k + 1;
    }
}

#[cfg(test)]
/// SplitURL without the fast path: the historical heuristics step by step.
/// Gives the same record as [`split_url`] for every input.
#[doc(hidden)]
pub(crate) fn split_url_general<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    s: &[u8],
) -> Result<Url, NoMemory> {
    let (built, spans) = split_general_in(env, compat, s, Originals::Copied, Buf::with_capacity)?;
    UrlDest.store_built(built, spans)
}

/// `split_url_general` (a test of the general route) into memory that `memory` gives (see
/// [`RecordDest::memory`]): the record's bytes and where its fields lie.
fn split_general_in<E: Env + ?Sized, B: RecordBuf>(
    env: &E,
    compat: Compat,
    s: &[u8],
    originals: Originals,
    memory: impl FnOnce(usize) -> Result<B, NoMemory>,
) -> Result<(B, Spans), NoMemory> {
    // The fragment and anything after a NUL are not part of the URL. The
    // search for where it ends also finds the first `@`.
    let TextEnd {
        end,
        at,
        query: first_query,
    } = text_end(s);
    let s = &s[..end];

    let mut colon = find(s, 0, b':');
    let mut slash = find(s, 0, b'/');

    // `start` is where the text after the protocol begins. `after_sep`:
    // where it begins when the protocol is followed by `://`.
    let mut after_sep = None;
    let (proto, mut start): (&[u8], usize) = if slash == Some(0) {
        (b"http", 0)
    } else if let Some(c) = colon.filter(|&c| slash == Some(c + 1)) {
        let mut start = c + 2;
        if s.get(start) == Some(&b'/') {
            start += 1;
        }
        // Only a `:` before the first `/` can matter (it must come before
        // an `@` that comes before that `/`, see below): one search for
        // either, then one for the `/` after a `:`.
        let first = find_by(s, start, |x| byte_mask(x, b':') | byte_mask(x, b'/'));
        (colon, slash) = match first {
            Some(k) if s[k] == b':' => (Some(k), find(s, k + 1, b'/')),
            other => (None, other),
        };
        after_sep = (start == c + 3).then_some(start);
        (&s[..c], start)
    } else if let Some(c) = colon.filter(|&c| {
        !s.get(c + 1).is_some_and(u8::is_ascii_digit)
            && slash.is_none_or(|sl| c < sl)
            && at.is_none_or(|a| slash.is_some_and(|sl| a > sl))
    }) {
        colon = find(s, c + 1, b':');
        (&s[..c], c + 1)
    } else {
        (b"http", 0)
    };

    let mut user = None;
    let mut pass = None;
    match at {
        Some(a) if a > start && slash.is_none_or(|sl| a < sl) => {
            // `colon` lies at or after `start` here, whichever branch set it.
            if let Some(c) = colon.filter(|&c| c < a) {
                user = Some(&s[start..c]);
                pass = Some(&s[c + 1..a]);
                start = a + 1;
            } else if let Some((c, a2)) = colon
                .zip(find(s, a + 1, b'@'))
                .filter(|&(c, a2)| c < a2 && slash.is_some_and(|sl| a2 < sl))
            {
                user = Some(&s[start..c]);
                pass = Some(&s[c + 1..a2]);
                start = a2 + 1;
            } else {
                user = Some(&s[start..a]);
                start = a + 1;
            }
        }
        // Only the first `@` of the whole URL is skipped: in `a@b://@h` the
        // `@` at the start of the host part stays (and empties the host).
        Some(a) if a == start => start += 1,
        _ => {}
    }

    // The first `?` at or after `start`: the first of the text, unless a
    // user name or password held one. A text without one has none to find.
    let query = match first_query {
        Some(q) if q >= start => Some(q),
        Some(_) => find(s, start, b'?'),
        None => None,
    };
    let (end, args) = match query {
        Some(q) => (q, Some(&s[q + 1..])),
        None => (s.len(), None),
    };
    // `slash` is still the first `/` at or after `start`: every branch above
    // either found it from `start` or kept `start` before it.
    let (host_end, path): (usize, &[u8]) = match slash.filter(|&sl| sl < end) {
        Some(p) => (p, &s[p..end]),
        None => (end, b"/"),
    };
    let host = &s[start..host_end];
    // The text is `proto "://" hostport path ["?" args]` itself when the
    // protocol was followed by `://`, no user name or `@` moved `start`,
    // and the host and path were found in it.
    let whole = (after_sep == Some(start) && !host.is_empty() && host_end < end).then_some(s);

    // An empty host is the local one, read up to a NUL.
    let mut local = Buf::new();
    let hostport = if host.is_empty() {
        env.local_host(&mut local)?;
        truncate_at_nul(&mut local);
        &local[..]
    } else {
        host
    };
    let parts = Parts {
        proto,
        hostport,
        path,
        args,
        user,
        pass,
        kept: Kept::default(),
        whole,
    };
    debug_assert!(whole.is_none_or(|w| {
        let q: &[u8] = if args.is_some() { b"?" } else { b"" };
        let pieces = [proto, b"://", hostport, path, q, args.unwrap_or_default()];
        let mut rest = w;
        pieces.iter().all(|p| match rest.strip_prefix(*p) {
            Some(r) => {
                rest = r;
                true
            }
            None => false,
        }) && rest.is_empty()
    }));
    build_in(env, compat, &parts, originals, memory)
}

#[cfg(test)]
mod fastpath_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::wwwoffle::config::Config;
    use crate::wwwoffle::url::{Field, Number};

    fn split(s: &[u8]) -> Url {
        split_url(&Config::default(), Compat::V29, s).unwrap()
    }

    /// `text_end` against a byte loop, on strings of up to 40 bytes over
    /// the bytes it looks for, from every offset of a block.
    #[test]
    fn number_gives_each_number() {
        let u = split_url(&Config::default(), Compat::V29, b"HTTP://h:81/a/./b?c").unwrap();
        assert_eq!(u.name(), b"http://h:81/a/b?c");
        assert_eq!(Number::ALL.map(|n| u.number(n)), [81, 7, 11, 11]);
        let u = split_url(&Config::default(), Compat::V29, b"http://h/").unwrap();
        assert_eq!(u.number(Number::Port), -1);
    }

    #[test]
    fn text_end_finds_end_first_at_and_first_query() {
        let mut rng = Rng::new(0x1234_5678);
        for _ in 0..50_000 {
            let len = rng.below(41);
            let s = rng.bytes(b"@?#\0aaaa", len);
            let end = s
                .iter()
                .position(|&b| b == b'#' || b == 0)
                .unwrap_or(s.len());
            let first = |c: u8| s[..end].iter().position(|&b| b == c);
            let t = text_end(&s);
            assert_eq!(
                (t.end, t.at, t.query),
                (end, first(b'@'), first(b'?')),
                "{s:?}"
            );
        }
    }

    #[test]
    fn local_path_uses_local_host() {
        let u = split(b"/x/y?z");
        assert_eq!(u.name(), b"http://localhost:8080/x/y?z");
        assert_eq!(u.port(), 8080);
    }

    #[test]
    fn scheme_slash_slash() {
        let u = split(b"FTP://Host/pub");
        assert_eq!(u.name(), b"ftp://host/pub");
    }

    #[test]
    fn scheme_single_slash_skips_at_most_two() {
        assert_eq!(split(b"http:/x").name(), b"http://x/");
        assert_eq!(split(b"http:////x").name(), b"http://localhost:8080//x");
    }

    #[test]
    fn scheme_without_slash() {
        assert_eq!(split(b"http:x").name(), b"http://x/");
        assert_eq!(split(b"news:group/a").name(), b"news://group/a");
    }

    #[test]
    fn digit_after_colon_is_a_port() {
        assert_eq!(split(b"www.foo:8080").hostport(), b"www.foo:8080");
    }

    #[test]
    fn user_and_password() {
        let u = split(b"http://u:p@h/");
        assert_eq!((u.user(), u.pass()), (Some(&b"u"[..]), Some(&b"p"[..])));
        assert_eq!(u.file(), b"http://u:p@h/");
    }

    #[test]
    fn second_at_ends_password() {
        let u = split(b"http://user@host:pass@host2/");
        assert_eq!(u.user(), Some(&b"user@host"[..]));
        assert_eq!(u.pass(), Some(&b"pass"[..]));
        assert_eq!(u.hostport(), b"host2");
    }

    #[test]
    fn second_at_needs_a_slash() {
        let u = split(b"http://user@host:pass@host2");
        assert_eq!(u.user(), Some(&b"user"[..]));
        assert_eq!(u.hostport(), b"host:pass");
    }

    #[test]
    fn leading_at_is_skipped() {
        let u = split(b"@host/x");
        assert_eq!(u.user(), None);
        assert_eq!(u.name(), b"http://host/x");
    }

    #[test]
    fn query_before_slash_holds_the_slash() {
        let u = split(b"http://a?x/y");
        assert_eq!((u.path(), u.args()), (&b"/"[..], Some(&b"x/y"[..])));
    }

    #[test]
    fn fragment_and_nul_end_the_url() {
        assert_eq!(split(b"http://h/a#b").name(), b"http://h/a");
        assert_eq!(split(b"http://h/a\0b").name(), b"http://h/a");
    }

    #[test]
    fn environment_gives_local_host_and_ports() {
        let mut env = Config::default();
        env.set_local_host(b"Proxy:3128").unwrap();
        env.set_default_port(b"gopher", 70).unwrap();
        let u = split_url(&env, Compat::V29, b"/x").unwrap();
        assert_eq!(u.name(), b"http://proxy:3128/x");
        let u = split_url(&env, Compat::V29, b"gopher://h:70/").unwrap();
        assert_eq!(u.hostport(), b"h");
    }

    struct NulHost;

    impl Env for NulHost {
        fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
            out.extend_from_slice(b"here\0there")
        }
        fn default_port(&self, _proto: &[u8]) -> Result<i32, NoMemory> {
            Ok(0)
        }
    }

    #[test]
    fn local_host_ends_at_nul() {
        let u = split_url(&NulHost, Compat::V29, b"/x").unwrap();
        assert_eq!(u.name(), b"http://here/x");
    }

    #[test]
    fn random_inputs_keep_records_well_formed() {
        let mut rng = Rng::new(1);
        for _ in 0..20_000 {
            let len = rng.below(16);
            let s = rng.bytes(b":/@?#%[]a1.&", len);
            let u = split(&s);
            for f in [
                Field::Name,
                Field::File,
                Field::Host,
                Field::Path,
                Field::OriginalName,
            ] {
                let sp = u.span(f).unwrap();
                assert_eq!(u.buffer()[sp.start + sp.len], 0, "{s:?} {f:?}");
            }
            assert_eq!(
                &u.name()[u.pathp()..],
                [
                    u.path(),
                    u.args().map_or(&b""[..], |_| b"?"),
                    u.args().unwrap_or_default()
                ]
                .concat()
                .as_slice(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn original_fields_keep_the_split_text() {
        let u = split(b"HTTP://H/%41?");
        assert_eq!(
            u.get(crate::wwwoffle::url::Field::OriginalName),
            Some(&b"HTTP://H/%41?"[..])
        );
        assert_eq!(u.original_pathp(), 8);
        assert_eq!(u.name(), b"http://h/A");
    }
}
