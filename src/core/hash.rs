//! MakeHash and base 64 (LEGACY.md §5).

use super::codec::Sink;

/// MakeHash: MD5 of `s`, base 64, `/` as `-`, cut at the first `=`: 22 bytes.
pub fn make_hash(s: &[u8]) -> [u8; 22] {
    let _ = s;
    todo!("MakeHash")
}

/// Base64Encode: standard base 64 of `data`, padded with `=`.
pub fn base64_encode<S: Sink>(data: &[u8], out: &mut S) {
    let _ = (data, out);
    todo!("Base64Encode")
}

/// Base64Decode: appends the decoded bytes of `s` to `out`.
pub fn base64_decode(s: &[u8], out: &mut Vec<u8>) {
    let _ = (s, out);
    todo!("Base64Decode")
}
