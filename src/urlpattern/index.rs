//! The keys by which a pattern set indexes its patterns: what a URL must
//! have for a pattern to match it, read off the pattern's parts, so that a
//! URL is tried only against the patterns whose key it has.
//!
//! Each key is necessary, never sufficient: a pattern under a key is still
//! tested whole. A pattern without a key is tried on every URL.

use super::parts::{Modifier, Part, PartType, Parts};
use super::{UrlPattern, HOSTNAME, PATHNAME, PROTOCOL};
use crate::bytes::buf::{Buf, NoMemory};

/// The concatenated values of `parts`.
fn text<'a>(parts: impl Iterator<Item = Part<'a>>) -> Result<Buf, NoMemory> {
    let mut out = Buf::new();
    for p in parts {
        out.extend_from_slice(p.value)?;
    }
    Ok(out)
}

/// The fixed text that every match of `parts` ends with: the fixed parts
/// at its end that no modifier makes optional, and the index of the first.
fn fixed_tail(parts: &Parts) -> Result<(usize, Buf), NoMemory> {
    let fixed = parts.iter().rev().take_while(is_fixed).count();
    let start = parts.len() - fixed;
    Ok((start, text(parts.range(start..parts.len()))?))
}

/// The fixed text that every match of `parts` starts with, and the index
/// of the part after it.
fn fixed_head(parts: &Parts) -> Result<(usize, Buf), NoMemory> {
    let end = parts.iter().take_while(is_fixed).count();
    Ok((end, text(parts.range(0..end))?))
}

fn is_fixed(p: &Part) -> bool {
    p.kind == PartType::FixedText && p.modifier == Modifier::None
}

/// Whether a part's text is there in every match.
fn required(p: &Part) -> bool {
    matches!(p.modifier, Modifier::None | Modifier::OneOrMore)
}

/// The host key: whole labels that every matching hostname ends with
/// (`example.com` for `*.example.com`, `{*.}?example.com` and
/// `www.example.com`), so that a matching host is the key or ends with `.`
/// and the key. `None` when the hostname pattern does not end in a whole
/// label of fixed text.
pub(super) fn host_key(p: &UrlPattern) -> Result<Option<Buf>, NoMemory> {
    let parts = &p.components[HOSTNAME].parts;
    let (start, tail) = fixed_tail(parts)?;
    if start == 0 {
        // Fixed text alone (or nothing: the empty host).
        return Ok(Some(tail));
    }
    if let Some(rest) = tail.strip_prefix(b".") {
        return label_key(rest);
    }
    // The tail's first label is whole when the part before it ends in a
    // dot that is always there, or is the first part and may be absent
    // (`{*.}?example.com`: `example.com` itself, or a subdomain).
    let before = parts.at(start - 1);
    if !tail.is_empty() && before.suffix.ends_with(b".") && (required(&before) || start == 1) {
        return Ok(Some(tail));
    }
    // Else the labels after the first, which may be partial (`*example.com`).
    match tail.iter().position(|&b| b == b'.') {
        Some(dot) => label_key(&tail[dot + 1..]),
        None => Ok(None),
    }
}

/// `labels` as a key, if there are any.
fn label_key(labels: &[u8]) -> Result<Option<Buf>, NoMemory> {
    if labels.is_empty() {
        return Ok(None);
    }
    Ok(Some(Buf::from_slice(labels)?))
}

/// The suffixes of `host` that a host key can be: the host itself, then
/// each of its tails after a dot.
pub(super) fn host_suffixes(host: &[u8]) -> impl Iterator<Item = &[u8]> {
    std::iter::once(host).chain(
        host.iter()
            .enumerate()
            .filter(|(_, &b)| b == b'.')
            .map(move |(i, _)| &host[i + 1..]),
    )
}

/// The path key: the first segment of every matching pathname (`static`
/// for `/static/*`, `logout` for `/logout`), for a pattern matched with
/// regard to case whose pathname starts with `/`, the segment, and then
/// its end: a `/`, the pattern's end, or a part that always starts with
/// `/`.
pub(super) fn path_key(p: &UrlPattern) -> Result<Option<Buf>, NoMemory> {
    let c = &p.components[PATHNAME];
    if c.ignore_case() {
        return Ok(None);
    }
    let (end, head) = fixed_head(&c.parts)?;
    let Some(rest) = head.strip_prefix(b"/") else {
        return Ok(None);
    };
    let segment = match rest.iter().position(|&b| b == b'/') {
        Some(slash) => &rest[..slash],
        None => match c.parts.get(end) {
            None => rest,
            Some(next) if required(&next) && next.prefix.starts_with(b"/") => rest,
            _ => return Ok(None),
        },
    };
    Ok(Some(Buf::from_slice(segment)?))
}

/// The first segment of a URL's pathname, as [`path_key`] keys it.
pub(super) fn first_segment(path: &[u8]) -> Option<&[u8]> {
    let rest = path.strip_prefix(b"/")?;
    let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
    Some(&rest[..end])
}

/// The protocol key: the one protocol a pattern matches, when its
/// protocol pattern is fixed text.
pub(super) fn protocol_key(p: &UrlPattern) -> Result<Option<Buf>, NoMemory> {
    let parts = &p.components[PROTOCOL].parts;
    let (end, head) = fixed_head(parts)?;
    Ok((end == parts.len()).then_some(head))
}
