//! The historical codecs' byte sets as `percent-encoding` sets, for the
//! comparisons of tests/percent_encoding.rs and benches/core.rs.
#![allow(dead_code)]

use percent_encoding::{AsciiSet, CONTROLS};

/// The bytes URLEncodePath escapes, as a `percent-encoding` set (which
/// always escapes the bytes above 0x7f).
pub const PATH_SET: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'&')
    .add(b'\'')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'@')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The bytes URLEncodePassword escapes: PATH_SET and `( ) / : ;`.
pub const PASSWORD_SET: &AsciiSet = &PATH_SET.add(b'(').add(b')').add(b'/').add(b':').add(b';');
