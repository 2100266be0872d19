//! The route for URLs that are already serialised (`fast`) against the
//! state machine (`parser`): the same URL, offsets included.

// Tests may abort when memory runs out: the ban on aborting
// allocations (clippy.toml) is the library's.
#![allow(clippy::disallowed_methods, clippy::disallowed_types)]

use super::fast;
use super::parser;
use crate::bytes::buf::Buf;

/// The route and the state machine agree on `input`: when the route
/// takes it, the state machine gives the same URL, offsets included.
fn agrees(input: &[u8]) -> bool {
    match fast::parse(input, &mut Buf::new()) {
        None => false,
        Some(fast) => {
            let fast = fast.expect("memory");
            let slow = parser::parse_state_machine(input, None).expect("slow route fails");
            assert_eq!(fast, slow, "{}", String::from_utf8_lossy(input));
            true
        }
    }
}

#[test]
fn takes_the_plain_forms() {
    for input in [
        "http://example.com/",
        "https://EXAMPLE.com/a/b.c/%41?q=1&r#f#g",
        "http://example.com",
        "http://example.com?q",
        "http://example.com#f",
        "ws://a.b:8080/x",
        "ftp://h:2121",
        "https://xn--nxasmq6b.com/",
        "http://a..b./c",
        "http://a/...",
        "http://a/.x/..y/%2ex",
        "http://a/b?",
        "http://a/b#",
        "http://a/b/",
        "http://a:65535/",
        "file:///a",
        "file:///",
        "file://",
        "file://h",
        "file://Host.Example/share/a?b#c",
        "file://localhost/a/b",
        "file://LocalHost",
        "file:///C:/Users/a",
        "file:///c:",
        "file:///C:x/y",
        "file:///CD:/y",
        "file://h/a/C:/b",
    ] {
        assert!(agrees(input.as_bytes()), "not taken: {input}");
    }
}

#[test]
fn leaves_the_rest_to_the_state_machine() {
    for input in [
        "HTTP://example.com/",
        "http://u@example.com/",
        "http://example.com:80/",
        "https://example.com:443/",
        "http://example.com:/",
        "http://example.com:08/",
        "http://example.com:65536/",
        "http://example.com:1x/",
        "http://1.2.3.4/",
        "http://a.0x1/",
        "http://a.1./",
        "http:///a/",
        "http:/a/",
        "http://a/./b",
        "http://a/b/..",
        "http://a/%2E%2e/b",
        "http://a/b c",
        "http://a/b\\c",
        "http://a/b{",
        "http://a/b?c'd",
        "http://a/b#c`",
        "http://a/b\t",
        " http://a/",
        "http://a/ ",
        "http://a%41/",
        "http://ä/",
        "http://a/ä",
        "file://h:1/a",
        "file://C:/a",
        "file://C|/a",
        "file:///C|/a",
        "file://h/C:/a",
        "file://h/C:",
        "file://h/c:?q",
        "file:///a/../b",
        "file://1.2.3.4/",
        "file:/a",
        "FILE:///a",
        "httpx://a/",
        "http:\\\\a\\",
    ] {
        assert!(
            fast::parse(input.as_bytes(), &mut Buf::new()).is_none(),
            "taken: {input}"
        );
    }
}

fn corpus(name: &str) -> Vec<Vec<u8>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn agrees_with_the_state_machine_on_the_corpus() {
    let urls = corpus("tests/corpus/kasztp.txt");
    let taken = urls.iter().filter(|u| agrees(u)).count();
    // Most real URLs are their own serialisation: the route exists
    // for them.
    assert!(taken * 10 > urls.len() * 8, "{taken} of {}", urls.len());
}

#[test]
fn agrees_with_the_state_machine_on_file_urls() {
    let urls = corpus("tests/corpus/file-urls.txt");
    let taken = urls.iter().filter(|u| agrees(u)).count();
    // All but the dot segments, the drive letters after a host and the
    // module specifiers.
    assert!(taken * 10 > urls.len() * 8, "{taken} of {}", urls.len());
}
