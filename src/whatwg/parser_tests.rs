//! Unit tests of the state machine (`parser`): cleaning, paths and dot
//! segments, the authority, relative references.

use super::parser::{clean, parse, trim_c0_control_or_space};
use super::ParseError;
use crate::bytes::buf::Buf;

fn href(input: &str, base: Option<&str>) -> Result<String, ParseError> {
    let base = base.map(|b| parse(b.as_bytes(), None).unwrap());
    parse(input.as_bytes(), base.as_ref()).map(|u| u.as_str().to_string())
}

#[test]
fn cleaning_input() {
    let mut s = Buf::new();
    assert_eq!(clean(b"a\tb\nc\rd", &mut s).unwrap(), b"abcd");
    let mut s = Buf::new();
    assert_eq!(clean(b"a\xffb", &mut s).unwrap(), "a\u{FFFD}b".as_bytes());
    assert_eq!(trim_c0_control_or_space(b"\x00 a b\x1f "), b"a b");
    assert_eq!(trim_c0_control_or_space(b" \x01 "), b"");
}

#[test]
fn paths_and_dots() {
    assert_eq!(
        href("http://h/a/./b/../c/%2e%2E/d", None).unwrap(),
        "http://h/a/d"
    );
    assert_eq!(href("http://h/a/..", None).unwrap(), "http://h/");
    assert_eq!(href("http://h\\a\\b", None).unwrap(), "http://h/a/b");
    assert_eq!(href("sc://h/a\\b", None).unwrap(), "sc://h/a\\b");
    assert_eq!(href("sc://h\\a", None), Err(ParseError::InvalidHost));
    assert_eq!(href("sc:/a/..//b", None).unwrap(), "sc:/.//b");
    assert_eq!(href("file:///C|/../..", None).unwrap(), "file:///C:/");
    assert_eq!(href("file://localhost/x", None).unwrap(), "file:///x");
    assert_eq!(href("file:c:/x", None).unwrap(), "file:///c:/x");
    assert_eq!(href("d", Some("file:///C:/a/b")).unwrap(), "file:///C:/a/d");
    assert_eq!(href("/d", Some("file:///C:/a/b")).unwrap(), "file:///C:/d");
    assert_eq!(href("//h/d", Some("file:///C:/a/b")).unwrap(), "file://h/d");
    assert_eq!(
        href("sc:a b ?c d#e f", None).unwrap(),
        "sc:a b%20?c%20d#e%20f"
    );
}

#[test]
fn authority_and_relative() {
    assert_eq!(
        href("http://a@b@c:d@h:80/", None).unwrap(),
        "http://a%40b%40c:d@h/"
    );
    assert_eq!(href("http://:@h", None).unwrap(), "http://h/");
    assert_eq!(href("http://u@", None), Err(ParseError::HostMissing));
    assert_eq!(href("http://h:65536", None), Err(ParseError::InvalidPort));
    assert_eq!(href("http://h:8a", None), Err(ParseError::InvalidPort));
    assert_eq!(
        href("?x", Some("http://u:p@h:81/a/b?q#f")).unwrap(),
        "http://u:p@h:81/a/b?x"
    );
    assert_eq!(
        href("#x", Some("http://h/a?q#f")).unwrap(),
        "http://h/a?q#x"
    );
    assert_eq!(href("", Some("http://h/a?q#f")).unwrap(), "http://h/a?q");
    assert_eq!(
        href("http:c", Some("http://h/a/b")).unwrap(),
        "http://h/a/c"
    );
    assert_eq!(href("#x", Some("mailto:a?b")).unwrap(), "mailto:a?b#x");
    assert_eq!(href("x", Some("mailto:a")), Err(ParseError::MissingScheme));
    assert_eq!(href("x", None), Err(ParseError::MissingScheme));
}
