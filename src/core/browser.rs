//! Browser-style lenient split (browser-url-parsing-draft).

use super::rfc3986::Components;

/// Splits `s` the way browsers do; offsets are into `s` itself.
pub fn split(s: &[u8]) -> Components {
    let _ = s;
    todo!("browser split")
}
