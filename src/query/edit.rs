//! The operations that rewrite a query: append, set, delete, keep and
//! strip. Each leaves the parameters it does not touch byte for byte, and
//! writes its input unchanged when it changes nothing (the module's
//! documentation, "What a rewrite keeps").

use super::names::Select;
use super::text::form_encode;
use super::{params, Param};
use crate::bytes::sink::Sink;

/// Writes pieces joined by single `&`s.
struct Joined<'o, S> {
    out: &'o mut S,
    any: bool,
}

impl<'o, S: Sink> Joined<'o, S> {
    fn new(out: &'o mut S) -> Self {
        Joined { out, any: false }
    }

    /// Starts a piece: the `&` before it, unless it is the first.
    fn next(&mut self) -> Result<&mut S, S::Error> {
        if self.any {
            self.out.push(b'&')?;
        }
        self.any = true;
        Ok(self.out)
    }

    fn piece(&mut self, b: &[u8]) -> Result<(), S::Error> {
        self.next()?.extend(b)
    }
}

/// Writes the parameters of `query` that `drop` does not select; returns
/// how many it dropped. When it drops none, the output is `query` itself.
fn filter<S: Sink>(
    query: &[u8],
    out: &mut S,
    drop: impl Fn(&Param<'_>) -> bool,
) -> Result<usize, S::Error> {
    // A first pass finds whether anything goes: most queries keep all.
    let Some(first) = params(query).position(|p| drop(&p)) else {
        out.extend(query)?;
        return Ok(0);
    };
    let mut w = Joined::new(out);
    let mut dropped = 0;
    for (i, p) in params(query).enumerate() {
        if i >= first && drop(&p) {
            dropped += 1;
        } else {
            w.piece(p.raw())?;
        }
    }
    Ok(dropped)
}

/// Writes `query` without the parameters named `name` (decoded); returns
/// how many it removed. `URLSearchParams.delete(name)`.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::delete;
///
/// let mut out = Buf::new();
/// assert_eq!(delete(b"a=1&b=%20&a%3D=2&%61=3", b"a", &mut out)?, 2);
/// assert_eq!(out, b"b=%20&a%3D=2");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn delete<S: Sink>(query: &[u8], name: &[u8], out: &mut S) -> Result<usize, S::Error> {
    filter(query, out, |p| p.name_is(name))
}

/// Writes `query` without the parameters named `name` whose value is
/// `value` (both decoded); returns how many it removed.
/// `URLSearchParams.delete(name, value)`.
pub fn delete_value<S: Sink>(
    query: &[u8],
    name: &[u8],
    value: &[u8],
    out: &mut S,
) -> Result<usize, S::Error> {
    filter(query, out, |p| p.name_is(name) && p.value_is(value))
}

/// Writes only the parameters of `query` that `select` selects; returns how
/// many it removed.
pub fn keep<S: Sink>(query: &[u8], select: Select<'_>, out: &mut S) -> Result<usize, S::Error> {
    filter(query, out, |p| !select.matches(p))
}

/// Writes `query` without the parameters that `select` selects; returns
/// how many it removed.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::{strip, Select};
///
/// let mut out = Buf::new();
/// strip(b"q=a+b&utm_source=x&&utm_medium=y&lang", Select::Prefix(b"utm_"), &mut out)?;
/// assert_eq!(out, b"q=a+b&lang");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn strip<S: Sink>(query: &[u8], select: Select<'_>, out: &mut S) -> Result<usize, S::Error> {
    filter(query, out, |p| select.matches(p))
}

/// Writes `query` and the parameter `name=value`, both encoded by the form
/// serializer (a space as `+`, every byte but `A-Z a-z 0-9 * - . _` as
/// `%XY`). `URLSearchParams.append(name, value)`.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::append;
///
/// let mut out = Buf::new();
/// append(b"a=%20&b", b"c d", b"\xC3\xA9&", &mut out)?;
/// assert_eq!(out, b"a=%20&b&c+d=%C3%A9%26");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn append<S: Sink>(
    query: &[u8],
    name: &[u8],
    value: &[u8],
    out: &mut S,
) -> Result<(), S::Error> {
    append_with(query, name, out, |o| form_encode(value, o))
}

/// Writes `query` and a new parameter: `name` encoded by the form
/// serializer, `=`, and what `write_value` writes. `append`, and `set` of
/// a name that is not there.
fn append_with<S: Sink>(
    query: &[u8],
    name: &[u8],
    out: &mut S,
    write_value: impl FnOnce(&mut S) -> Result<(), S::Error>,
) -> Result<(), S::Error> {
    let mut w = Joined::new(out);
    for p in params(query) {
        w.piece(p.raw())?;
    }
    let o = w.next()?;
    form_encode(name, o)?;
    o.push(b'=')?;
    write_value(o)
}

/// Writes `query` and `piece`, bytes already encoded that are written as
/// they are (`c=1`, `c` for a name without `=`; a `&` in them separates
/// more parameters). An empty piece is no parameter: the output is then
/// `query` unchanged.
pub fn append_raw<S: Sink>(query: &[u8], piece: &[u8], out: &mut S) -> Result<(), S::Error> {
    if piece.is_empty() {
        return out.extend(query);
    }
    let mut w = Joined::new(out);
    for p in params(query) {
        w.piece(p.raw())?;
    }
    w.piece(piece)
}

/// Gives the value `value` to the name `name` (decoded), encoding it by
/// the form serializer: `URLSearchParams.set(name, value)`. The first
/// parameter so named keeps its place and its raw name and gets the value
/// (and a `=`), the others are removed; when there is none, the parameter
/// is appended as [`append`] does. When the only parameter so named has
/// the value already (its value decodes to `value`; a parameter without
/// `=` has the empty value), nothing changes and the query's bytes stay.
/// Returns whether the name was there.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::query::set;
///
/// let mut out = Buf::new();
/// assert!(set(b"%61=1&b=%2C&a=2&a", b"a", b"x y", &mut out)?);
/// assert_eq!(out, b"%61=x+y&b=%2C");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn set<S: Sink>(
    query: &[u8],
    name: &[u8],
    value: &[u8],
    out: &mut S,
) -> Result<bool, S::Error> {
    set_with(query, name, value, out, true)
}

/// [`set`] with a value already encoded, written as it is; the name, when
/// the parameter is appended, is encoded by the form serializer. Nothing
/// changes when the only parameter so named has exactly these raw value
/// bytes (none, for a parameter without `=`).
pub fn set_raw<S: Sink>(
    query: &[u8],
    name: &[u8],
    raw_value: &[u8],
    out: &mut S,
) -> Result<bool, S::Error> {
    set_with(query, name, raw_value, out, false)
}

fn set_with<S: Sink>(
    query: &[u8],
    name: &[u8],
    value: &[u8],
    out: &mut S,
    encode: bool,
) -> Result<bool, S::Error> {
    let write_value = |o: &mut S| {
        if encode {
            form_encode(value, o)
        } else {
            o.extend(value)
        }
    };
    let mut named = params(query).filter(|p| p.name_is(name));
    let Some(first) = named.next() else {
        append_with(query, name, out, write_value)?;
        return Ok(false);
    };
    // A value that is already there, decoded the same (`set`) or written
    // the same (`set_raw`), keeps its bytes. A name without `=` has the
    // empty value, as the form parser reads it: writing `a=` for it, or
    // dropping the query's empty pieces, would be a change that changes
    // nothing.
    let same_value = if encode {
        first.value_is(value)
    } else {
        first.value_raw() == value
    } && (first.has_eq() || value.is_empty());
    if same_value && named.next().is_none() {
        out.extend(query)?;
        return Ok(true);
    }
    let mut w = Joined::new(out);
    for p in params(query) {
        if p.start == first.start {
            let o = w.next()?;
            o.extend(p.name_raw())?;
            o.push(b'=')?;
            write_value(o)?;
        } else if !p.name_is(name) {
            w.piece(p.raw())?;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::buf::Buf;
    use crate::query::NameList;

    fn run(f: impl FnOnce(&mut Buf)) -> Vec<u8> {
        let mut b = Buf::new();
        f(&mut b);
        b.into_vec()
    }

    #[test]
    fn unchanged_queries_come_back_whole() {
        let q = b"&a=1&&b=%20&";
        assert_eq!(run(|o| assert_eq!(delete(q, b"c", o).unwrap(), 0)), q);
        assert_eq!(
            run(|o| assert_eq!(strip(q, Select::Prefix(b"x"), o).unwrap(), 0)),
            q
        );
        assert_eq!(
            run(|o| assert_eq!(keep(q, Select::Prefix(b""), o).unwrap(), 0)),
            q
        );
        assert_eq!(
            run(|o| assert!(set(q, b"b", b" ", o).unwrap())),
            b"&a=1&&b=%20&"
        );
        assert_eq!(run(|o| assert!(set_raw(q, b"b", b"%20", o).unwrap())), q);
        assert_eq!(run(|o| append_raw(q, b"", o).unwrap()), q);
        // A name without `=` has the empty value already.
        assert_eq!(
            run(|o| assert!(set(b"ab&&x", b"ab", b"", o).unwrap())),
            b"ab&&x"
        );
        assert_eq!(
            run(|o| assert!(set_raw(b"ab&&x", b"ab", b"", o).unwrap())),
            b"ab&&x"
        );
        assert_eq!(
            run(|o| assert!(set(b"ab&&x", b"ab", b"v", o).unwrap())),
            b"ab=v&x"
        );
        assert_eq!(
            run(|o| assert!(set(b"ab&ab", b"ab", b"", o).unwrap())),
            b"ab="
        );
    }

    #[test]
    fn changes_drop_empty_pieces_only() {
        let q = b"&a=1&&b=%20&";
        assert_eq!(
            run(|o| assert_eq!(delete(q, b"a", o).unwrap(), 1)),
            b"b=%20"
        );
        assert_eq!(
            run(|o| assert_eq!(delete(b"a&a&&a", b"a", o).unwrap(), 3)),
            b""
        );
        assert_eq!(run(|o| append(q, b"c", b"", o).unwrap()), b"a=1&b=%20&c=");
        assert_eq!(run(|o| append(b"", b"", b"", o).unwrap()), b"=");
        assert_eq!(run(|o| append_raw(q, b"c", o).unwrap()), b"a=1&b=%20&c");
        assert_eq!(
            run(|o| assert!(set(q, b"b", b"+", o).unwrap())),
            b"a=1&b=%2B"
        );
    }

    #[test]
    fn set_replaces_the_first_in_place() {
        assert_eq!(
            run(|o| assert!(set(b"x&a&y&a=2", b"a", b"1", o).unwrap())),
            b"x&a=1&y"
        );
        assert_eq!(
            run(|o| assert!(!set(b"x", b"a b", b",", o).unwrap())),
            b"x&a+b=%2C"
        );
        assert_eq!(
            run(|o| assert!(!set_raw(b"", b"a", b",", o).unwrap())),
            b"a=,"
        );
        // The same value, but a second parameter to remove.
        assert_eq!(
            run(|o| assert!(set(b"a=1&a=1", b"a", b"1", o).unwrap())),
            b"a=1"
        );
        // A name without `=` has the empty value already: nothing changes.
        assert_eq!(run(|o| assert!(set(b"a", b"a", b"", o).unwrap())), b"a");
        // Another value gives it a `=`.
        assert_eq!(run(|o| assert!(set(b"a", b"a", b"1", o).unwrap())), b"a=1");
    }

    #[test]
    fn delete_value_compares_decoded_values() {
        let q = b"a=1&a=%31&a=2&b=1";
        assert_eq!(
            run(|o| assert_eq!(delete_value(q, b"a", b"1", o).unwrap(), 2)),
            b"a=2&b=1"
        );
    }

    #[test]
    fn keep_and_strip_by_list() {
        let l = NameList::new(&[b"id"], &[b"utm_"]).unwrap();
        let q = b"utm_a=1&id=2&x=3&utm%5Fb=4";
        assert_eq!(
            run(|o| assert_eq!(keep(q, Select::List(&l), o).unwrap(), 1)),
            b"utm_a=1&id=2&utm%5Fb=4"
        );
        assert_eq!(
            run(|o| assert_eq!(strip(q, Select::List(&l), o).unwrap(), 3)),
            b"x=3"
        );
        assert_eq!(
            run(|o| assert_eq!(keep(q, Select::Name(b"x"), o).unwrap(), 3)),
            b"x=3"
        );
    }
}
