//! The standards tools against independent transcriptions of their
//! documents, on random inputs: RFC 3986's split, resolution and dot
//! removal, the browser-style split, RFC 1808's dot removal and the Web
//! Capture canonical form.

use crate::common;

use crate::standards::{assert_parts_ordered, ALPHABET};
use wwwurl::bytes::buf::Buf;
use wwwurl::rfc3986::webcapture::WebCaptureError;
use wwwurl::rfc3986::ResolveError;
use wwwurl::rfc3986::{self, browser, webcapture};

/// Independent transcriptions of the documents, byte by byte and without
/// any concern for speed, that the random inputs below compare the library
/// against: RFC 3986 appendix B, §5.2.2 to §5.2.4 and §5.3, RFC 1808 §4
/// step 6, and the Web Capture steps as `src/rfc3986/webcapture.rs` lists them.
mod reference {
    /// The five components of appendix B's expression
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    pub struct Split {
        pub scheme: Option<Vec<u8>>,
        pub authority: Option<Vec<u8>>,
        pub path: Vec<u8>,
        pub query: Option<Vec<u8>>,
        pub fragment: Option<Vec<u8>>,
    }

    pub fn split(s: &[u8]) -> Split {
        let mut rest = s;
        let mut scheme = None;
        if let Some(i) = rest.iter().position(|b| b":/?#".contains(b)) {
            if i > 0 && rest[i] == b':' {
                scheme = Some(rest[..i].to_vec());
                rest = &rest[i + 1..];
            }
        }
        let mut authority = None;
        if let Some(r) = rest.strip_prefix(b"//") {
            let e = r.iter().position(|b| b"/?#".contains(b)).unwrap_or(r.len());
            authority = Some(r[..e].to_vec());
            rest = &r[e..];
        }
        let e = rest
            .iter()
            .position(|b| b"?#".contains(b))
            .unwrap_or(rest.len());
        let path = rest[..e].to_vec();
        rest = &rest[e..];
        let mut query = None;
        if let Some(r) = rest.strip_prefix(b"?") {
            let e = r.iter().position(|&b| b == b'#').unwrap_or(r.len());
            query = Some(r[..e].to_vec());
            rest = &r[e..];
        }
        let fragment = rest.strip_prefix(b"#").map(<[u8]>::to_vec);
        Split {
            scheme,
            authority,
            path,
            query,
            fragment,
        }
    }

    /// §5.2.4, rules A to E on an input and an output buffer.
    pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
        let mut input = path.to_vec();
        let mut output: Vec<u8> = Vec::new();
        // The length of the prefix "/./" or "/." (`dots` = "/."), "/../" or
        // "/.." (`dots` = "/.."), where the dots are a complete segment.
        let prefix = |b: &[u8], dots: &[u8]| {
            let n = dots.len();
            if b.starts_with(dots) && b.len() == n {
                Some(n)
            } else if b.starts_with(dots) && b[n] == b'/' {
                Some(n + 1)
            } else {
                None
            }
        };
        while !input.is_empty() {
            if input.starts_with(b"../") {
                input.drain(..3);
            } else if input.starts_with(b"./") {
                input.drain(..2);
            } else if let Some(n) = prefix(&input, b"/.") {
                input.splice(..n, *b"/");
            } else if let Some(n) = prefix(&input, b"/..") {
                input.splice(..n, *b"/");
                let cut = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
                output.truncate(cut);
            } else if input == b"." || input == b".." {
                input.clear();
            } else {
                let from = usize::from(input[0] == b'/');
                let end = input[from..]
                    .iter()
                    .position(|&b| b == b'/')
                    .map_or(input.len(), |e| from + e);
                output.extend(input.drain(..end));
            }
        }
        output
    }

    /// §5.2.3.
    fn merge(base: &Split, r_path: &[u8]) -> Vec<u8> {
        if base.authority.is_some() && base.path.is_empty() {
            return [b"/", r_path].concat();
        }
        let keep = base
            .path
            .iter()
            .rposition(|&b| b == b'/')
            .map_or(0, |i| i + 1);
        [&base.path[..keep], r_path].concat()
    }

    /// §5.2.2 (strict), recomposed by §5.3, with the library's one addition:
    /// a path that starts with `//` without an authority gets `/.` before it.
    pub fn resolve(base: &[u8], reference: &[u8]) -> Option<Vec<u8>> {
        let b = split(base);
        let r = split(reference);
        let b_scheme = b.scheme.clone()?;
        let (scheme, authority, path, query);
        if r.scheme.is_some() {
            scheme = r.scheme.clone().unwrap();
            authority = r.authority.clone();
            path = remove_dot_segments(&r.path);
            query = r.query.clone();
        } else {
            if r.authority.is_some() {
                authority = r.authority.clone();
                path = remove_dot_segments(&r.path);
                query = r.query.clone();
            } else {
                if r.path.is_empty() {
                    path = b.path.clone();
                    query = r.query.clone().or_else(|| b.query.clone());
                } else {
                    path = if r.path.starts_with(b"/") {
                        remove_dot_segments(&r.path)
                    } else {
                        remove_dot_segments(&merge(&b, &r.path))
                    };
                    query = r.query.clone();
                }
                authority = b.authority.clone();
            }
            scheme = b_scheme;
        }
        Some(recompose(
            &scheme,
            authority.as_deref(),
            &path,
            query.as_deref(),
            r.fragment.as_deref(),
        ))
    }

    fn recompose(
        scheme: &[u8],
        authority: Option<&[u8]>,
        path: &[u8],
        query: Option<&[u8]>,
        fragment: Option<&[u8]>,
    ) -> Vec<u8> {
        let mut t = [scheme, b":"].concat();
        if let Some(a) = authority {
            t.extend_from_slice(b"//");
            t.extend_from_slice(a);
        } else if path.starts_with(b"//") {
            t.extend_from_slice(b"/.");
        }
        t.extend_from_slice(path);
        if let Some(q) = query {
            t.push(b'?');
            t.extend_from_slice(q);
        }
        if let Some(f) = fragment {
            t.push(b'#');
            t.extend_from_slice(f);
        }
        t
    }

    /// RFC 1808 §4 step 6 (a) to (d), on the path after its leading `/`,
    /// each removal done on the string of segments as the RFC words it.
    pub fn remove_dots_rfc1808(path: &[u8]) -> Vec<u8> {
        let (lead, p): (&[u8], &[u8]) = match path.strip_prefix(b"/") {
            Some(p) => (b"/", p),
            None => (b"", path),
        };
        let mut segs: Vec<&[u8]> = p.split(|&b| b == b'/').collect();
        // (a) every "./" whose "." is a complete segment.
        let last = segs.len() - 1;
        segs = segs
            .into_iter()
            .enumerate()
            .filter(|&(i, s)| !(s == b"." && i < last))
            .map(|(_, s)| s)
            .collect();
        // (b) a final ".".
        if segs.last() == Some(&&b"."[..]) {
            *segs.last_mut().unwrap() = b"";
        }
        // (c) the leftmost "<segment>/../", again and again.
        while let Some(i) =
            (0..segs.len().saturating_sub(2)).find(|&i| segs[i] != b".." && segs[i + 1] == b"..")
        {
            segs.drain(i..i + 2);
        }
        // (d) a final "<segment>/..".
        let n = segs.len();
        if n >= 2 && segs[n - 1] == b".." && segs[n - 2] != b".." {
            segs.truncate(n - 2);
            segs.push(b"");
        }
        [lead, &segs.join(&b'/')].concat()
    }

    /// The Web Capture canonical form by the seven steps.
    pub fn webcapture(url: &[u8], base: Option<&[u8]>) -> Result<Vec<u8>, &'static str> {
        // Step 1.
        let abs = if split(url).scheme.is_some() {
            url.to_vec()
        } else {
            let base = base.ok_or("relative without base")?;
            resolve(base, url).ok_or("base not absolute")?
        };
        // Step 2: the fragment is not written below.
        let c = split(&abs);
        // Step 3.
        let scheme = c.scheme.unwrap().to_ascii_lowercase();
        let default: Option<&[u8]> = match &scheme[..] {
            b"http" => Some(b"80"),
            b"https" => Some(b"443"),
            b"ftp" => Some(b"21"),
            b"file" => None,
            _ => return Err("unsupported scheme"),
        };
        let mut out = [&scheme[..], b":"].concat();
        if let Some(a) = &c.authority {
            out.extend_from_slice(b"//");
            let (userinfo, hostport) = match a.iter().rposition(|&b| b == b'@') {
                Some(at) => (Some(&a[..at]), &a[at + 1..]),
                None => (None, &a[..]),
            };
            // The port's `:` is the last one, past a bracketed literal.
            let floor = if hostport.starts_with(b"[") {
                hostport.iter().position(|&b| b == b']').map(|i| i + 1)
            } else {
                Some(0)
            };
            let colon_after = |s: &[u8]| {
                floor.and_then(|f| s.get(f..)?.iter().rposition(|&b| b == b':').map(|i| f + i))
            };
            let is_default = |p: &[u8]| {
                p.is_empty()
                    || (p.iter().all(u8::is_ascii_digit)
                        && default.is_some_and(|d| {
                            let first = p.iter().position(|&b| b != b'0').unwrap_or(p.len());
                            &p[first..] == d
                        }))
            };
            let (mut host, mut port) = match colon_after(hostport) {
                Some(i) => (&hostport[..i], Some(&hostport[i + 1..])),
                None => (hostport, None),
            };
            // Step 6, every default or empty port at the end.
            if port.is_some_and(is_default) {
                port = None;
                while let Some(i) = colon_after(host) {
                    if !is_default(&host[i + 1..]) {
                        break;
                    }
                    host = &host[..i];
                }
            }
            // Step 5.
            let localhost = default.is_none()
                && userinfo.is_none()
                && port.is_none()
                && host.eq_ignore_ascii_case(b"localhost");
            if !localhost {
                if let Some(u) = userinfo {
                    out.extend_from_slice(u);
                    out.push(b'@');
                }
                // Step 4.
                out.extend(host.to_ascii_lowercase());
                if let Some(p) = port {
                    out.push(b':');
                    out.extend_from_slice(p);
                }
            }
        }
        // Step 7.
        let path = remove_dots_rfc1808(&c.path);
        if c.authority.is_none() && path.starts_with(b"//") {
            out.extend_from_slice(b"/.");
        }
        out.extend_from_slice(&path);
        if let Some(q) = &c.query {
            out.push(b'?');
            out.extend_from_slice(q);
        }
        Ok(out)
    }
}

#[test]
fn random_inputs_match_the_documents() {
    let mut rng = common::Rng(0x0123_4567_89ab_cdef);
    for _ in 0..30_000 {
        let s = rng.bytes(ALPHABET, 24);

        let c = rfc3986::split(&s);
        assert_parts_ordered(&s, &c);
        // The expression matches the whole input: the parts and their
        // delimiters give it back.
        let mut back = Vec::new();
        let get = |p: Option<rfc3986::Part>| p.map(|p| p.bytes(&s));
        if let Some(x) = get(c.scheme) {
            back.extend_from_slice(x);
            back.push(b':');
        }
        if let Some(a) = get(c.authority) {
            back.extend_from_slice(b"//");
            let mut auth = Vec::new();
            if let Some(u) = get(c.userinfo) {
                auth.extend_from_slice(u);
                auth.push(b'@');
            }
            auth.extend_from_slice(get(c.host).unwrap());
            if let Some(p) = get(c.port) {
                auth.push(b':');
                auth.extend_from_slice(p);
            }
            assert_eq!(auth, a);
            back.extend_from_slice(a);
        }
        back.extend_from_slice(get(c.path).unwrap());
        if let Some(q) = get(c.query) {
            back.push(b'?');
            back.extend_from_slice(q);
        }
        if let Some(f) = get(c.fragment) {
            back.push(b'#');
            back.extend_from_slice(f);
        }
        assert_eq!(back, s);

        assert_parts_ordered(&s, &browser::split(&s));

        let show = s.escape_ascii();
        let base = b"http://a/b/c/d;p?q";
        let mut out = Buf::new();
        rfc3986::resolve(base, &s, &mut out).unwrap();
        assert_eq!(Some(out.into_vec()), reference::resolve(base, &s), "{show}");

        // `s` as the base: an error (and nothing written) without a scheme.
        let mut out = Buf::from_slice(b"x").unwrap();
        match (
            rfc3986::resolve(&s, b"../g", &mut out),
            reference::resolve(&s, b"../g"),
        ) {
            (Ok(()), Some(want)) => assert_eq!(out[1..], want[..], "{show}"),
            (Err(ResolveError::BaseNotAbsolute), None) => assert_eq!(out, b"x", "{show}"),
            (got, want) => panic!("{show}: {got:?}, wanted {want:?}"),
        }

        let mut out = Buf::new();
        rfc3986::remove_dot_segments(&s, &mut out).unwrap();
        assert_eq!(out, reference::remove_dot_segments(&s), "{show}");

        for base in [Some(&b"http://a/b/c"[..]), None] {
            let mut out = Buf::new();
            let got = webcapture::canonical(&s, base, &mut out);
            let want = reference::webcapture(&s, base);
            match (got, want) {
                (Ok(()), Ok(want)) => assert_eq!(out, want, "{show} against {base:?}"),
                (Err(e), Err(w)) => {
                    let e = match e {
                        WebCaptureError::RelativeWithoutBase => "relative without base",
                        WebCaptureError::BaseNotAbsolute => "base not absolute",
                        WebCaptureError::UnsupportedScheme => "unsupported scheme",
                        WebCaptureError::NoMemory => panic!("{show}: out of memory"),
                    };
                    assert_eq!(e, w, "{show} against {base:?}");
                    assert!(out.is_empty(), "{show}: an error appends nothing");
                }
                (got, want) => panic!("{show} against {base:?}: {got:?}, wanted {want:?}"),
            }
        }

        let mut out = Buf::new();
        webcapture::remove_dots_rfc1808(&s, &mut out).unwrap();
        assert_eq!(out, reference::remove_dots_rfc1808(&s), "{show}");
    }
}
