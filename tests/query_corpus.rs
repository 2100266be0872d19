//! Losslessness of `wwwurl::query` over the real corpus
//! (`tests/corpus/kasztp.txt`): for every URL with a query and every
//! rewriting operation, the output is exactly the parameters the operation
//! leaves alone, byte for byte, in their order, and what it changes; or
//! the query itself when it changes nothing.
//!
//! The expected output is built here from a model that shares no code
//! with the library: pieces split with `split(&)`, names decoded with the
//! `percent-encoding` crate after `+` became a space, names ordered by
//! `encode_utf16` of `String::from_utf8_lossy`, and std's stable sort.

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use std::cmp::Ordering;

use wwwurl::bytes::buf::Buf;
use wwwurl::query::{self, NameList, Select};

/// The model's parameters: the non-empty pieces.
fn pieces(q: &[u8]) -> Vec<&[u8]> {
    q.split(|&b| b == b'&').filter(|p| !p.is_empty()).collect()
}

fn decode(raw: &[u8]) -> Vec<u8> {
    let plus: Vec<u8> = raw
        .iter()
        .map(|&b| if b == b'+' { b' ' } else { b })
        .collect();
    percent_encoding::percent_decode(&plus).collect()
}

fn name_of(piece: &[u8]) -> &[u8] {
    piece.split(|&b| b == b'=').next().unwrap()
}

fn value_of(piece: &[u8]) -> &[u8] {
    match piece.iter().position(|&b| b == b'=') {
        Some(e) => &piece[e + 1..],
        None => b"",
    }
}

fn utf16(raw_name: &[u8]) -> Vec<u16> {
    String::from_utf8_lossy(&decode(raw_name))
        .encode_utf16()
        .collect()
}

/// What a rewrite gives: the query when nothing changed, else the pieces
/// joined by single `&`s.
fn joined(q: &[u8], changed: bool, pieces: &[Vec<u8>]) -> Vec<u8> {
    if changed {
        pieces.join(&b'&')
    } else {
        q.to_vec()
    }
}

fn run(f: impl FnOnce(&mut Buf)) -> Vec<u8> {
    let mut b = Buf::new();
    f(&mut b);
    b.into_vec()
}

/// The form serializer, as the model writes it.
fn encode(s: &[u8]) -> Vec<u8> {
    let mut o = Vec::new();
    for &b in s {
        match b {
            b' ' => o.push(b'+'),
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => o.push(b),
            _ => o.extend_from_slice(format!("%{b:02X}").as_bytes()),
        }
    }
    o
}

/// Every operation on one query, each output checked against the model.
fn check(q: &[u8], tracking: &NameList<'_>) {
    let ps = pieces(q);
    let own = |v: &[&[u8]]| -> Vec<Vec<u8>> { v.iter().map(|p| p.to_vec()).collect() };
    let first_name = decode(name_of(ps.first().copied().unwrap_or(b"")));
    let first_value = decode(value_of(ps.first().copied().unwrap_or(b"")));

    // The parameters and their spans.
    let got: Vec<&[u8]> = query::params(q).map(|p| p.raw()).collect();
    assert_eq!(got, ps, "{q:?}");
    for p in query::params(q) {
        assert_eq!(&q[p.span()], p.raw());
        assert_eq!(&q[p.name_span()], name_of(p.raw()));
        assert_eq!(p.value_raw(), value_of(p.raw()));
        assert_eq!(p.name().collect::<Vec<u8>>(), decode(p.name_raw()));
    }

    // delete(name): the others, untouched.
    let kept: Vec<&[u8]> = ps
        .iter()
        .copied()
        .filter(|p| decode(name_of(p)) != first_name)
        .collect();
    let want = joined(q, kept.len() != ps.len(), &own(&kept));
    let n = ps.len() - kept.len();
    assert_eq!(
        run(|o| assert_eq!(query::delete(q, &first_name, o).unwrap(), n)),
        want,
        "delete {q:?}"
    );
    // keep(Name): the complement.
    let sel: Vec<&[u8]> = ps
        .iter()
        .copied()
        .filter(|p| decode(name_of(p)) == first_name)
        .collect();
    let want = joined(q, sel.len() != ps.len(), &own(&sel));
    assert_eq!(
        run(|o| {
            query::keep(q, Select::Name(&first_name), o).unwrap();
        }),
        want,
        "keep {q:?}"
    );

    // delete_value(name, value).
    let kept: Vec<&[u8]> = ps
        .iter()
        .copied()
        .filter(|p| !(decode(name_of(p)) == first_name && decode(value_of(p)) == first_value))
        .collect();
    let want = joined(q, kept.len() != ps.len(), &own(&kept));
    assert_eq!(
        run(|o| {
            query::delete_value(q, &first_name, &first_value, o).unwrap();
        }),
        want,
        "delete_value {q:?}"
    );

    // strip(Prefix("utm_")), and strip(List) of names and prefixes.
    let kept: Vec<&[u8]> = ps
        .iter()
        .copied()
        .filter(|p| !decode(name_of(p)).starts_with(b"utm_"))
        .collect();
    let want = joined(q, kept.len() != ps.len(), &own(&kept));
    assert_eq!(
        run(|o| {
            query::strip(q, Select::Prefix(b"utm_"), o).unwrap();
        }),
        want,
        "strip {q:?}"
    );
    let listed = |p: &[u8]| {
        let n = decode(name_of(p));
        [&b"id"[..], b"page", b"lang", b"sid", b"fbclid", b"gclid"].contains(&&n[..])
            || n.starts_with(b"utm_")
            || n.starts_with(b"s")
    };
    let kept: Vec<&[u8]> = ps.iter().copied().filter(|p| !listed(p)).collect();
    let want = joined(q, kept.len() != ps.len(), &own(&kept));
    assert_eq!(
        run(|o| {
            query::strip(q, Select::List(tracking), o).unwrap();
        }),
        want,
        "strip list {q:?}"
    );
    let sel: Vec<&[u8]> = ps.iter().copied().filter(|p| listed(p)).collect();
    let want = joined(q, sel.len() != ps.len(), &own(&sel));
    assert_eq!(
        run(|o| {
            query::keep(q, Select::List(tracking), o).unwrap();
        }),
        want,
        "keep list {q:?}"
    );

    // set(name, value): the first in place with its raw name, the others
    // of that name gone, the rest untouched.
    let new_value = b"x y,\xC3\xA9";
    let mut out_pieces = Vec::new();
    let mut seen = false;
    for p in &ps {
        if decode(name_of(p)) == first_name {
            if !seen {
                let mut r = name_of(p).to_vec();
                r.push(b'=');
                r.extend(encode(new_value));
                out_pieces.push(r);
            }
            seen = true;
        } else {
            out_pieces.push(p.to_vec());
        }
    }
    let unchanged = ps
        .iter()
        .filter(|p| decode(name_of(p)) == first_name)
        .count()
        == 1
        && ps[0].contains(&b'=')
        && decode(value_of(ps[0])) == new_value;
    let want = if ps.is_empty() {
        // An empty query (all empty pieces): the name is appended.
        [encode(&first_name), b"=".to_vec(), encode(new_value)].concat()
    } else {
        joined(q, !unchanged, &out_pieces)
    };
    assert_eq!(
        run(|o| {
            query::set(q, &first_name, new_value, o).unwrap();
        }),
        want,
        "set {q:?}"
    );

    // append, append_raw, and set of a name that is not there.
    let mut all = own(&ps);
    all.push(b"new+name=%C3%A9".to_vec());
    assert_eq!(
        run(|o| query::append(q, b"new name", "é".as_bytes(), o).unwrap()),
        all.join(&b'&')
    );
    assert_eq!(
        run(|o| {
            query::set(q, b"new name", "é".as_bytes(), o).unwrap();
        }),
        all.join(&b'&')
    );
    all.pop();
    all.push(b"k=%2C,".to_vec());
    assert_eq!(
        run(|o| query::append_raw(q, b"k=%2C,", o).unwrap()),
        all.join(&b'&')
    );

    // sort: a stable sort by the UTF-16 code units of the decoded names.
    let mut sorted = ps.clone();
    sorted.sort_by_key(|a| utf16(name_of(a)));
    let in_order = ps
        .windows(2)
        .all(|w| utf16(name_of(w[0])).cmp(&utf16(name_of(w[1]))) != Ordering::Greater);
    let want = joined(q, !in_order, &own(&sorted));
    let mut out = Buf::new();
    assert_eq!(query::sort(q, &mut out).unwrap(), !in_order, "sort {q:?}");
    assert_eq!(out, want, "sort {q:?}");
}

#[test]
fn operations_keep_untouched_parameters_byte_for_byte() {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/kasztp.txt"
    ))
    .expect("tests/corpus/kasztp.txt");
    let tracking = NameList::new(
        &[
            b"id", b"page", b"lang", b"sid", b"fbclid", b"gclid", b"page",
        ],
        &[b"utm_", b"s", b"sess"],
    )
    .unwrap();
    let mut checked = 0;
    for line in text.split(|&b| b == b'\n') {
        let url = line.strip_suffix(b"\r").unwrap_or(line);
        let end = url.iter().position(|&b| b == b'#').unwrap_or(url.len());
        let Some(at) = url[..end].iter().position(|&b| b == b'?') else {
            continue;
        };
        check(&url[at + 1..end], &tracking);
        checked += 1;
    }
    assert!(checked > 2000, "{checked} queries");
    // And the edge cases the corpus may lack.
    for q in [
        &b""[..],
        b"&",
        b"&&a&&",
        b"=",
        b"a==b&a",
        b"%61=1&a=2&a%3D=3",
        b"a=%20&a=+&b=%2B",
        b"z&y&x&%F0%9F%8C%88&\xEF\xAC\x83&%FF&%FE",
        b"utm_a=1&%75tm_b&s&sid=2&session",
    ] {
        check(q, &tracking);
    }
}
