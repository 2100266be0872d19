//! CreateURL: the canonical record made from its parts (doc/behaviour.md, CreateURL).
//!
//! Every field is written once into memory sized for the worst case
//! (`build_in`), which its destination gives ([`RecordDest`]): the
//! host decoded and canonicalised, the path decoded and encoded in one
//! pass, the args re-encoded, the user and password decoded, then the
//! other fields as copies of these.

use super::codec::{
    c_prefix, decode_encode_path, decode_generic_find_nul, encode_password, recode_form,
    triple_value,
};
use super::config::{Compat, Env};
use super::host::canonicalise_nul_free_host;
use super::html::replace_amp_in_place;
use super::path::canonicalise_nul_free;
use crate::bytes::ascii::{lower_in_place, ByteSet, ALNUM};
use crate::bytes::buf::{Buf, NoMemory, RecordBuf};
use crate::bytes::c_number::atoi;
use crate::bytes::sink::BoundedSink;
use crate::wwwoffle::url::{OriginalSpans, Originals, RecordDest, Span, Spans, Url, UrlDest};

/// Bytes a host keeps before CanonicaliseHost: `A-Z a-z 0-9 : - . [ ]`.
const HOST_KEEP: ByteSet = ALNUM.add_all(b":-.[]");

/// How the host fast path treats a byte: kept as it is, kept but
/// upper case, `%`, or where the host ends.
const HOST_PLAIN: u8 = 0;
const HOST_UPPER: u8 = 1;
const HOST_PERCENT: u8 = 2;
const HOST_END: u8 = 3;

/// [`HOST_KEEP`] as a lookup table: one load per byte in the common scan.
static HOST_CLASS: [u8; 256] = {
    let mut t = [HOST_END; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_uppercase() {
            t[b] = HOST_UPPER;
        } else if HOST_KEEP.contains(c) {
            t[b] = HOST_PLAIN;
        } else if c == b'%' {
            t[b] = HOST_PERCENT;
        }
        b += 1;
    }
    t
};

/// The parts of a [`Parts`] that are a record's canonical fields and are
/// copied as they are: a setter keeps every component but the one it sets
/// byte for byte (doc/behaviour.md, CreateURL, makes a record's args again
/// with one `&amp;` fewer in 2.9, so making them again would not keep them).
/// A kept hostport still loses a port that is the protocol's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Kept {
    /// The hostport is canonical: copied, its port read after [`port_colon`].
    pub hostport: bool,
    /// The path is canonical.
    pub path: bool,
    /// The args are canonical.
    pub args: bool,
    /// The user and password are the decoded ones.
    pub userinfo: bool,
}

/// The inputs of CreateURL, each a C string without its NUL.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts<'a> {
    pub proto: &'a [u8],
    pub hostport: &'a [u8],
    pub path: &'a [u8],
    pub args: Option<&'a [u8]>,
    pub user: Option<&'a [u8]>,
    pub pass: Option<&'a [u8]>,
    /// Which parts are a record's canonical fields already, to be copied
    /// as they are rather than made again (see [`Kept`]).
    pub kept: Kept,
    /// `proto "://" hostport path ["?" args]` in one piece, when the caller
    /// holds it so (SplitURL of a URL written that way: `://` after the
    /// scheme, no user name, a host and a path): the original name is then
    /// one copy rather than six.
    pub whole: Option<&'a [u8]>,
}

/// CreateURL: builds the canonical record from its parts (doc/behaviour.md, CreateURL).
///
/// Each input is read as a C string, up to its first NUL. The port is the
/// C `atoi` of the text after the port's `:`, computed with wrapping `i32`
/// arithmetic: this equals glibc's `(int)strtol(...)` for every value that
/// fits in 64 bits, and is defined (never a panic) beyond. A default port of
/// 0 from `env` means the protocol has none, so no port is ever removed.
///
/// ```
/// use wwwurl::wwwoffle::config::{Compat, Config};
/// use wwwurl::wwwoffle::create::create_url;
///
/// let url = create_url(
///     &Config::default(), Compat::V29,
///     b"HTTP", b"Example.COM:80", b"/a b", Some(b"q=1"), None, None,
/// )?;
/// assert_eq!(url.name(), b"http://example.com/a%20b?q=1");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
///
/// Fails only when memory runs out.
#[allow(clippy::too_many_arguments)]
pub fn create_url<E: Env + ?Sized>(
    env: &E,
    compat: Compat,
    proto: &[u8],
    hostport: &[u8],
    path: &[u8],
    args: Option<&[u8]>,
    user: Option<&[u8]>,
    pass: Option<&[u8]>,
) -> Result<Url, NoMemory> {
    create_to(
        env, compat, proto, hostport, path, args, user, pass, UrlDest,
    )
}

/// [`create_url`] into `dest`: the record is built in the destination's
/// own memory (see [`RecordDest`]), which is how the C libraries make
/// their records and handles.
#[allow(clippy::too_many_arguments)]
pub fn create_to<E: Env + ?Sized, D: RecordDest>(
    env: &E,
    compat: Compat,
    proto: &[u8],
    hostport: &[u8],
    path: &[u8],
    args: Option<&[u8]>,
    user: Option<&[u8]>,
    pass: Option<&[u8]>,
    dest: D,
) -> D::Out {
    let parts = Parts {
        proto: c_prefix(proto),
        hostport: c_prefix(hostport),
        path: c_prefix(path),
        args: args.map(c_prefix),
        user: user.map(c_prefix),
        pass: pass.map(c_prefix),
        kept: Kept::default(),
        whole: None,
    };
    create_parts(env, compat, &parts, dest)
}

/// CreateURL of `parts` into `dest`.
pub(crate) fn create_parts<E: Env + ?Sized, D: RecordDest>(
    env: &E,
    compat: Compat,
    parts: &Parts<'_>,
    mut dest: D,
) -> D::Out {
    match build_in(env, compat, parts, D::ORIGINALS, |n| dest.memory(n)) {
        Ok((built, spans)) => dest.store_built(built, spans),
        Err(NoMemory) => dest.no_memory(),
    }
}

/// Working space for decoded text, which is never longer than its input:
/// on the stack up to [`Scratch::SMALL`] bytes, on the heap beyond, so that
/// most records allocate nothing but their own buffer.
struct Scratch {
    /// Zeroed when first used: most records need none.
    small: Option<[u8; Scratch::SMALL]>,
    heap: Buf,
}

impl Scratch {
    const SMALL: usize = 256;

    fn new() -> Scratch {
        Scratch {
            small: None,
            heap: Buf::new(),
        }
    }

    /// `n` bytes to write into; what they held before is meaningless.
    fn space(&mut self, n: usize) -> Result<&mut [u8], NoMemory> {
        if n == 0 {
            return Ok(&mut []);
        }
        if n <= Scratch::SMALL {
            return Ok(&mut self.small.get_or_insert([0; Scratch::SMALL])[..n]);
        }
        if self.heap.len() < n {
            self.heap.clear();
            self.heap.resize_zeroed(n)?;
        }
        Ok(&mut self.heap[..n])
    }
}

/// URLDecodeGeneric of `s` into `out`, which has room for `s`, cut where a
/// decoded NUL would end the C string; returns the decoded length.
#[inline]
fn decode_c(s: &[u8], out: &mut [u8]) -> usize {
    let mut sink = BoundedSink::new(out);
    let Ok(nul) = decode_generic_find_nul(s, &mut sink);
    let n = sink.needed().min(out.len());
    if nul {
        c_prefix(&out[..n]).len()
    } else {
        n
    }
}

/// The host text that reaches CanonicaliseHost, written into `out` (which
/// has room for `s`): `s` percent-decoded, lower-cased and cut at the first
/// byte outside [`HOST_KEEP`], in one pass. Returns its length.
///
/// A byte at a time through one table, escapes included: hosts are short,
/// and copying each plain run apart would take a call per run, empty runs
/// too, so that an escape between two letters would cost more than the
/// letters.
fn decode_host(s: &[u8], out: &mut [u8]) -> usize {
    let (mut i, mut w) = (0, 0);
    loop {
        let v = match s.get(i) {
            // A `%` among the last two bytes stands for itself, and the
            // host keeps no `%`.
            Some(b'%') => match s.get(i + 1..i + 3) {
                Some(&[x, y]) => {
                    i += 3;
                    HOST_DECODED[usize::from(triple_value(x, y))]
                }
                _ => 0,
            },
            Some(&b) => {
                i += 1;
                HOST_DECODED[usize::from(b)]
            }
            None => 0,
        };
        if v == 0 {
            return w;
        }
        let Some(o) = out.get_mut(w) else {
            return w;
        };
        *o = v;
        w += 1;
    }
}

const _: () = assert!(
    !HOST_KEEP.contains(b'%'),
    "decode_host ends a host at a bare `%`"
);

/// A byte of a host, as it is or decoded from an escape, as the host keeps
/// it: lower-cased, or 0 where the host ends (a byte outside
/// [`HOST_KEEP`], NUL among them).
static HOST_DECODED: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if HOST_KEEP.contains(c) {
            t[b] = c.to_ascii_lowercase();
        }
        b += 1;
    }
    t
};

/// Appends the canonical host of the raw `hostport` to `out`; returns where
/// the `:` before its port lies in it, if one does: the first `:` after the
/// first `]` of a bracketed host, else the first `:`.
fn push_host<B: RecordBuf>(
    hostport: &[u8],
    scratch: &mut Scratch,
    out: &mut B,
) -> Result<Option<usize>, NoMemory> {
    // Most hosts need no decoding: pass their prefix straight through
    // instead of copying it. Upper case needs no lowering first either:
    // CanonicaliseHost reads letters and hex digits in either case, and
    // writes a name lower-cased.
    let class = |b: u8| HOST_CLASS[usize::from(b)];
    let mut i = 0;
    // Eight bytes a step while all are kept (`HOST_PLAIN` and `HOST_UPPER`
    // are 0 and 1).
    while let Some(w) = hostport.get(i..i + 8) {
        if w.iter().fold(HOST_PLAIN, |m, &b| m | class(b)) > HOST_UPPER {
            break;
        }
        i += 8;
    }
    while i < hostport.len() && class(hostport[i]) <= HOST_UPPER {
        i += 1;
    }
    if i == hostport.len() || class(hostport[i]) == HOST_END {
        canonicalise_nul_free_host(&hostport[..i], out)
    } else {
        let space = scratch.space(hostport.len())?;
        let n = decode_host(hostport, space);
        canonicalise_nul_free_host(&space[..n], out)
    }
}

/// Index of the `:` that starts the port of a canonical hostport: the first
/// `:` after the first `]` for a bracketed host, else the first `:`. The
/// definition that [`push_host`] answers as it writes the host (tested
/// against it), and where the setters of [`crate::wwwoffle::edit`] split a hostport.
pub(crate) fn port_colon(hp: &[u8]) -> Option<usize> {
    use crate::bytes::ascii::find_byte;
    let from = if hp.first() == Some(&b'[') {
        find_byte(hp, 0, b']')?
    } else {
        0
    };
    find_byte(hp, from, b':')
}

/// The record's size when every byte that can be escaped is: its memory
/// is allocated once, and the record never outgrows it. That is a promise:
/// the C libraries give the general route exactly this much
/// (`tests/vectors_url.rs` builds every vector's record in memory that
/// cannot grow).
///
/// An encoded path or query is at most three bytes a byte (a `%XY` triple
/// stays at most three), and the escaped user and password in `file` too;
/// decoding never makes text longer. The worst case costs no more memory
/// than growing by doubling did (SECURITY.md, "Memory per input byte"). A
/// [`Url`] keeps that capacity: a record of escape-free text holds about
/// twice the bytes it uses. Computed in 64 bits: a size beyond `usize`
/// gives `usize::MAX`, which no allocation can satisfy (`NoMemory`).
fn capacity_estimate(p: &Parts<'_>, originals: Originals) -> usize {
    let len = |s: &[u8]| s.len() as u64;
    let (pr, h, l) = (len(p.proto), len(p.hostport), len(p.path));
    let a = p.args.map_or(0, len);
    let u = p.user.map_or(0, len);
    let w = p.pass.map_or(0, len);
    // A canonical IPv6 host with its port is at most 47 bytes; any other
    // canonical host is at most as long as its input or 21 bytes.
    let hc = h.max(47);
    // An empty path becomes `/`.
    let path = 3 * l + 1;
    let name = pr + 3 + hc + path + 1 + 3 * a + 1;
    // original_name, then original_path and original_args, when written.
    let original = match originals {
        Originals::Omitted => 0,
        _ => (pr + 3 + h + l + 1 + a + 1) + (l + 1 + a + 1),
    };
    let file = if p.user.is_some() {
        name + 3 * (u + w) + 2
    } else {
        0
    };
    // name, proto and hostport (with the `://` between them), host, path
    // and args, user, pass, the originals.
    let total = name
        + (pr + 3)
        + 2 * (hc + 1)
        + (path + 1 + 3 * a + 1)
        + file
        + (u + 1)
        + (w + 1)
        + original;
    usize::try_from(total).unwrap_or(usize::MAX)
}

/// Appends a copy of `buf[span]` and its NUL; returns the copy's span.
#[inline(always)]
fn copy_within<B: RecordBuf>(buf: &mut B, start: usize, len: usize) -> Result<Span, NoMemory> {
    let at = buf.len();
    buf.extend_from_within(start..start + len)?;
    buf.push(0)?;
    Ok(Span { start: at, len })
}

/// Appends `s` and a NUL; returns its span.
fn push_field<B: RecordBuf>(buf: &mut B, s: &[u8]) -> Result<Span, NoMemory> {
    let at = buf.len();
    buf.extend(s)?;
    buf.push(0)?;
    Ok(Span {
        start: at,
        len: s.len(),
    })
}

/// CreateURL on NUL-free parts, into memory that `memory` gives for a
/// capacity in bytes,
/// which the record never outgrows: the record's bytes, from the first
/// byte of that memory, and where its fields lie. The original fields come
/// last, copied unless `originals` is [`Originals::Omitted`].
pub(crate) fn build_in<E: Env + ?Sized, B: RecordBuf>(
    env: &E,
    compat: Compat,
    p: &Parts<'_>,
    originals: Originals,
    memory: impl FnOnce(usize) -> Result<B, NoMemory>,
) -> Result<(B, Spans), NoMemory> {
    let mut buf = memory(capacity_estimate(p, originals))?;
    // Working space for a host that needs decoding, and the user and
    // password. What does not fit on the stack is allocated per call
    // rather than kept per thread, since keeping it would need a
    // thread-exit destructor, whose registration aborts the process when
    // memory runs out (CONTRIBUTING.md, "Memory").
    let scratch = &mut Scratch::new();

    // name = proto "://" hostport path ["?" args]; the other fields are
    // mostly copies of its pieces.
    let proto_len = p.proto.len();
    buf.extend(p.proto)?;
    lower_in_place(&mut buf);
    buf.extend(b"://")?;
    let hostp = buf.len();
    let colon = if p.kept.hostport {
        buf.extend(p.hostport)?;
        port_colon(p.hostport)
    } else {
        push_host(p.hostport, scratch, &mut buf)?
    };
    let mut hostport_len = buf.len() - hostp;
    let mut host_len = hostport_len;
    let mut port = -1;
    if let Some(c) = colon {
        let n = atoi(&buf[hostp + c + 1..]);
        let default = env.default_port(&buf[..proto_len])?;
        if default != 0 && n == default {
            buf.truncate(hostp + c);
            hostport_len = c;
            host_len = c;
        } else {
            host_len = c;
            port = n;
        }
    }
    let has_port = host_len != hostport_len;

    // The path is decoded and encoded in one pass, then canonicalised
    // where it lies: the result is the same as canonicalising between the
    // two codecs (see `decode_encode_path`).
    let pathp = buf.len();
    if p.kept.path && !p.path.is_empty() {
        buf.extend(p.path)?;
    } else {
        decode_encode_path(p.path, &mut buf)?;
        if buf.len() == pathp {
            // `%00` decodes to an empty path, which historically became `/`.
            buf.push(b'/')?;
        } else {
            let n = canonicalise_nul_free(&mut buf[pathp..]);
            buf.truncate(pathp + n);
        }
    }
    let path_len = buf.len() - pathp;

    let args_len = match p.args {
        Some(a) if !a.is_empty() => {
            buf.push(b'?')?;
            let start = buf.len();
            if p.kept.args {
                buf.extend(a)?;
            } else {
                recode_form(a, &mut buf)?;
            }
            if compat == Compat::V29 && !p.kept.args {
                let n = replace_amp_in_place(&mut buf[start..]);
                buf.truncate(start + n);
            }
            Some(buf.len() - start)
        }
        _ => None,
    };
    let name = Span {
        start: 0,
        len: buf.len(),
    };
    buf.push(0)?;

    // The decoded user and password, in that order, end to end in `scratch`.
    let user_in = p.user.unwrap_or_default();
    let pass_in = p.pass.unwrap_or_default();
    let scratch = scratch.space(user_in.len() + pass_in.len())?;
    // Most URLs have neither: no decoder set up for nothing.
    let (user_len, pass_len) = if scratch.is_empty() {
        (0, 0)
    } else if p.kept.userinfo {
        scratch[..user_in.len()].copy_from_slice(user_in);
        scratch[user_in.len()..].copy_from_slice(pass_in);
        (user_in.len(), pass_in.len())
    } else {
        let user_len = decode_c(user_in, scratch);
        (user_len, decode_c(pass_in, &mut scratch[user_len..]))
    };
    let scratch = &scratch[..user_len + pass_len];
    // CreateURL records a password given and not empty; a kept one is
    // recorded as it was, even empty (as `%00` decodes).
    let has_pass = if p.kept.userinfo {
        p.pass.is_some()
    } else {
        !pass_in.is_empty()
    };

    let file = if p.user.is_some() {
        let start = buf.len();
        buf.extend_from_within(0..hostp)?;
        encode_password(&scratch[..user_len], &mut buf)?;
        if has_pass {
            buf.push(b':')?;
            encode_password(&scratch[user_len..], &mut buf)?;
        }
        buf.push(b'@')?;
        buf.extend_from_within(hostp..name.len)?;
        let len = buf.len() - start;
        buf.push(0)?;
        Some(Span { start, len })
    } else {
        None
    };

    // proto and hostport in one copy of `proto "://" hostport`, the `:`
    // becoming proto's NUL (the `//` after it stay, unused), as the fast
    // route writes them.
    let at = buf.len();
    buf.extend_from_within(0..hostp + hostport_len)?;
    buf.push(0)?;
    buf[at + proto_len] = 0;
    let proto = Span {
        start: at,
        len: proto_len,
    };
    let hostport = Span {
        start: at + hostp,
        len: hostport_len,
    };
    let host = if has_port {
        Some(copy_within(&mut buf, hostp, host_len)?)
    } else {
        None
    };
    // `path ["?" args]` in one copy, the `?` then becoming the path's NUL.
    let path = copy_within(&mut buf, pathp, name.len - pathp)?;
    let args = args_len.map(|len| {
        buf[path.start + path_len] = 0;
        Span {
            start: path.start + path_len + 1,
            len,
        }
    });
    let path = Span {
        start: path.start,
        len: path_len,
    };
    let user = match p.user {
        Some(_) => Some(push_field(&mut buf, &scratch[..user_len])?),
        None => None,
    };
    let pass = match has_pass {
        true => Some(push_field(
            &mut buf,
            &scratch[user_len..user_len + pass_len],
        )?),
        false => None,
    };

    let spans = |original| Spans {
        name,
        proto,
        hostport,
        path,
        args,
        user,
        pass,
        file,
        host,
        original,
        port,
        hostp,
        pathp,
    };
    if originals == Originals::Omitted {
        return Ok((buf, spans(None)));
    }
    // The general route copies the originals also when they could be
    // shared: a URL that takes it is rarely canonical already.
    let on = buf.len();
    let original_pathp = p.proto.len() + 3 + p.hostport.len();
    match p.whole {
        Some(whole) => buf.extend(whole)?,
        None => {
            buf.extend(p.proto)?;
            buf.extend(b"://")?;
            buf.extend(p.hostport)?;
            buf.extend(p.path)?;
            if let Some(a) = p.args {
                buf.push(b'?')?;
                buf.extend(a)?;
            }
        }
    }
    let original_name = Span {
        start: on,
        len: buf.len() - on,
    };
    buf.push(0)?;
    let original_path = copy_within(
        &mut buf,
        on + original_pathp,
        original_name.len - original_pathp,
    )?;
    let original_args = p.args.map(|a| {
        buf[original_path.start + p.path.len()] = 0;
        Span {
            start: original_path.start + p.path.len() + 1,
            len: a.len(),
        }
    });
    let original_path = Span {
        start: original_path.start,
        len: p.path.len(),
    };
    let original = OriginalSpans {
        name: original_name,
        path: original_path,
        args: original_args,
        pathp: original_pathp,
    };
    Ok((buf, spans(Some(original))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use crate::wwwoffle::config::Config;
    use crate::wwwoffle::host::canonicalise_host;
    use crate::wwwoffle::url::Field;

    fn create(
        proto: &[u8],
        hostport: &[u8],
        path: &[u8],
        args: Option<&[u8]>,
        user: Option<&[u8]>,
        pass: Option<&[u8]>,
    ) -> Url {
        let env = Config::default();
        create_url(&env, Compat::V29, proto, hostport, path, args, user, pass).unwrap()
    }

    #[test]
    fn atoi_follows_c() {
        assert_eq!(atoi(b""), 0);
        assert_eq!(atoi(b" \t+80x"), 80);
        assert_eq!(atoi(b"-12"), -12);
        assert_eq!(atoi(b"0x50"), 0);
        assert_eq!(atoi(b"- 1"), 0);
    }

    #[test]
    fn atoi_wraps_like_glibc_cast() {
        assert_eq!(atoi(b"4294967376"), 80);
        assert_eq!(atoi(b"4294967295"), -1);
        // 99999999999999999999999999 mod 2^32 is 3825205247, which as a
        // signed 32-bit value is -469762049 (doc/behaviour.md, "Numeric
        // overflow": wrapping 32-bit arithmetic).
        assert_eq!(atoi(b"99999999999999999999999999"), -469_762_049);
        assert_eq!(atoi(b"99999999999999999999"), 1_661_992_959);
    }

    #[test]
    fn port_colon_skips_ipv6_brackets() {
        assert_eq!(port_colon(b"[1:2::3]:80"), Some(8));
        assert_eq!(port_colon(b"[1:2::3]"), None);
        assert_eq!(port_colon(b"[1:2"), None);
        assert_eq!(port_colon(b"a:b:c"), Some(1));
    }

    #[test]
    fn decode_c_stops_at_decoded_nul() {
        let run = |s: &[u8]| {
            let mut v = vec![b'x'; s.len()];
            let n = decode_c(s, &mut v);
            v.truncate(n);
            v
        };
        assert_eq!(run(b"a%41%00b"), b"aA");
        assert_eq!(run(b"%zzb"), b"");
        assert_eq!(run(b"a%4"), b"a%4");
        assert_eq!(run(b""), b"");
    }

    /// `decode_host` against its definition, a unit (a byte, or a `%`
    /// and the two bytes after it) at a time, on random hosts that mix
    /// escapes, letters of both cases and the bytes that end a host.
    #[test]
    fn decode_host_matches_unit_loop() {
        fn reference(s: &[u8]) -> Vec<u8> {
            let (mut out, mut i) = (Vec::new(), 0);
            while i < s.len() {
                let v = match s[i] {
                    b'%' if i + 2 < s.len() => {
                        i += 3;
                        16 * crate::bytes::ascii::hex_value(s[i - 2])
                            + crate::bytes::ascii::hex_value(s[i - 1])
                    }
                    b => {
                        i += 1;
                        b
                    }
                };
                if !HOST_KEEP.contains(v) {
                    break;
                }
                out.push(v.to_ascii_lowercase());
            }
            out
        }
        const PIECES: &[&[u8]] = &[
            b"a", b"Q", b"www", b"EXAMPLE", b".", b":", b"[", b"]", b"-", b"%41", b"%2e", b"%3A",
            b"%5b", b"%7e", b"%2F", b"%00", b"%zz", b"%", b"%4", b"/", b"\xff", b"\0",
        ];
        let mut rng = Rng::new(0x5eed_4057);
        for _ in 0..50_000 {
            let n = rng.below(16);
            let h = rng.pieces(PIECES, n);
            let mut out = vec![0; h.len()];
            let k = decode_host(&h, &mut out);
            assert_eq!(
                &out[..k],
                &reference(&h)[..],
                "{:?}",
                String::from_utf8_lossy(&h)
            );
        }
    }

    #[test]
    fn decode_host_lowers_and_cuts() {
        let s = b"WWW.%46oo.com%2Fx";
        let mut v = vec![0; s.len()];
        let n = decode_host(s, &mut v);
        assert_eq!(&v[..n], b"www.foo.com");
    }

    /// `push_host` against its definition: CanonicaliseHost of the host
    /// decoded and lower-cased by `decode_host`, on random hosts over bytes
    /// of every class (upper case, `%`, IPv6 and IPv4 text, ends).
    #[test]
    fn push_host_is_canonicalise_of_decode_host() {
        const PIECES: &[&[u8]] = &[
            b"a", b"Z", b"x", b"X", b"0", b"1", b"9", b".", b":", b"[", b"]", b"-", b"%41", b"%2e",
            b"%3A", b"%5b", b"%", b"%0", b"@", b"/", b"\0", b"0x", b"0X1F", b"::", b"FFFF",
        ];
        let mut rng = Rng::new(0x9e37_79b9);
        for _ in 0..50_000 {
            let n = rng.below(10);
            let h = rng.pieces(PIECES, n);
            let mut want = Buf::new();
            let mut space = vec![0; h.len()];
            let k = decode_host(&h, &mut space);
            canonicalise_host(&space[..k], &mut want).unwrap();
            let mut got = Buf::from_slice(b"x://").unwrap();
            let colon = push_host(&h, &mut Scratch::new(), &mut got).unwrap();
            assert_eq!(&got[4..], &want[..], "{:?}", String::from_utf8_lossy(&h));
            assert_eq!(
                colon,
                port_colon(&want),
                "{:?}",
                String::from_utf8_lossy(&h)
            );
        }
    }

    #[test]
    fn scratch_space_on_the_stack_and_beyond() {
        let mut s = Scratch::new();
        assert_eq!(s.space(Scratch::SMALL).unwrap().len(), Scratch::SMALL);
        assert_eq!(s.heap.capacity(), 0);
        let big = s.space(Scratch::SMALL + 1).unwrap();
        assert_eq!(big.len(), Scratch::SMALL + 1);
        big.fill(7);
        // A request that fits the heap block reuses it; a larger one gets
        // a larger block, all of it writable.
        assert_eq!(s.space(Scratch::SMALL + 1).unwrap()[0], 7);
        let bigger = s.space(2 * Scratch::SMALL).unwrap();
        assert_eq!(bigger.len(), 2 * Scratch::SMALL);
        bigger.fill(9);
        assert_eq!(s.space(Scratch::SMALL + 1).unwrap()[Scratch::SMALL], 9);
    }

    #[test]
    fn default_port_is_removed() {
        let u = create(b"HTTP", b"Host:080", b"/", None, None, None);
        assert_eq!(u.hostport(), b"host");
        assert_eq!(u.port(), -1);
        assert!(u.host_is_hostport());
    }

    #[test]
    fn protocol_without_default_keeps_port_zero() {
        let u = create(b"gopher", b"host:0", b"/", None, None, None);
        assert_eq!(u.hostport(), b"host:0");
        assert_eq!(u.host(), b"host");
        assert_eq!(u.port(), 0);
    }

    #[test]
    fn empty_port_is_zero() {
        let u = create(b"http", b"host:", b"/", None, None, None);
        assert_eq!(
            (u.hostport(), u.host(), u.port()),
            (&b"host:"[..], &b"host"[..], 0)
        );
    }

    #[test]
    fn empty_args_are_absent_but_original_kept() {
        let u = create(b"http", b"h", b"/", Some(b""), None, None);
        assert_eq!(u.args(), None);
        assert_eq!(u.get(Field::OriginalArgs), Some(&b""[..]));
        assert_eq!(u.get(Field::OriginalName), Some(&b"http://h/?"[..]));
    }

    #[test]
    fn amp_replaced_only_in_v29() {
        let env = Config::default();
        let args = Some(&b"a=1&amp;b=2"[..]);
        let u = create_url(&env, Compat::V29, b"http", b"h", b"/", args, None, None).unwrap();
        assert_eq!(u.args(), Some(&b"a=1&b=2"[..]));
        let u = create_url(&env, Compat::V29h, b"http", b"h", b"/", args, None, None).unwrap();
        assert_eq!(u.args(), Some(&b"a=1&amp;b=2"[..]));
    }

    #[test]
    fn empty_user_is_kept_empty_pass_dropped() {
        let u = create(b"http", b"h", b"/", None, Some(b""), Some(b""));
        assert_eq!(u.user(), Some(&b""[..]));
        assert_eq!(u.pass(), None);
        assert_eq!(u.file(), b"http://@h/");
        assert!(!u.file_is_name());
    }

    #[test]
    fn user_and_pass_are_decoded_then_encoded_in_file() {
        let u = create(b"http", b"h", b"/", None, Some(b"a%40b"), Some(b"c:d"));
        assert_eq!(u.user(), Some(&b"a@b"[..]));
        assert_eq!(u.pass(), Some(&b"c:d"[..]));
        assert_eq!(u.file(), b"http://a%40b:c%3Ad@h/");
        assert_eq!(u.name(), b"http://h/");
    }

    #[test]
    fn inputs_end_at_nul() {
        let u = create(b"http\0x", b"h\0x", b"/a\0x", Some(b"q\0x"), None, None);
        assert_eq!(u.name(), b"http://h/a?q");
    }

    #[test]
    fn every_span_is_nul_terminated() {
        let u = create(b"http", b"h:81", b"/p", Some(b"q"), Some(b"u"), Some(b"p"));
        for f in [
            Field::Name,
            Field::File,
            Field::Host,
            Field::User,
            Field::Pass,
        ] {
            let s = u.span(f).unwrap();
            assert_eq!(u.buffer()[s.start + s.len], 0, "{f:?}");
        }
        assert!(!u.host_is_hostport());
    }
}
