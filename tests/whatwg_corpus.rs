//! The WHATWG URL parser over `tests/corpus/kasztp.txt` (about 48,000
//! real URLs, one a line): every URL that parses must give an `href`
//! that parses back to itself (the serialisation is a fixed point), and
//! whose getters cut it into parts that put it back together.

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use wwwurl::whatwg::{self, Url};

/// The `href` again from the getters: scheme, `//` and credentials when
/// there is a host, host, path, search and hash (the `?` or `#` of an
/// empty query or fragment come from `query()` / `fragment()`).
fn reassembled(url: &Url) -> Vec<u8> {
    let mut s = url.protocol().to_vec();
    if url.host_kind() != whatwg::HostKind::None {
        s.extend_from_slice(b"//");
        if !url.username().is_empty() || !url.password().is_empty() {
            s.extend_from_slice(url.username());
            if !url.password().is_empty() {
                s.push(b':');
                s.extend_from_slice(url.password());
            }
            s.push(b'@');
        }
        s.extend_from_slice(url.host());
    } else if !url.has_opaque_path() && url.pathname().starts_with(b"//") {
        s.extend_from_slice(b"/.");
    }
    s.extend_from_slice(url.pathname());
    if let Some(q) = url.query() {
        s.push(b'?');
        s.extend_from_slice(q);
    }
    if let Some(f) = url.fragment() {
        s.push(b'#');
        s.extend_from_slice(f);
    }
    s
}

#[test]
fn href_is_a_fixed_point_over_the_corpus() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/kasztp.txt");
    let corpus = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut parsed, mut refused, mut bad) = (0, 0, Vec::new());
    for line in corpus.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(url) = whatwg::parse(line, None) else {
            refused += 1;
            continue;
        };
        parsed += 1;
        match whatwg::parse(url.href(), None) {
            Ok(again) if again.href() == url.href() && reassembled(&url) == url.href() => {}
            Ok(again) => bad.push(format!("{} -> {}", url.as_str(), again.as_str())),
            Err(e) => bad.push(format!("{} -> {e:?}", url.as_str())),
        }
    }
    println!(
        "kasztp.txt: {parsed} URLs parsed, {refused} refused, {} not fixed points",
        bad.len()
    );
    for b in bad.iter().take(20) {
        println!("NOT IDEMPOTENT {b}");
    }
    assert!(parsed > 40_000, "only {parsed} URLs parsed");
    assert!(bad.is_empty());
}
