//! A strict parser of Structured Field dictionaries (RFC 9651, "Parsing
//! Structured Fields"), as much of it as No-Vary-Search needs: every type
//! is parsed and checked, but only booleans, strings and inner lists keep
//! their content (as spans of the input, so nothing is allocated).
//!
//! The dictionary is read once, strictly, the caller seeing each member as
//! it goes; an inner list is then read again from its recorded start
//! ([`InnerList`]), which cannot fail the second time.

use std::ops::Range;

use crate::query::text::is_utf8;

/// Where the field value stopped parsing (a byte offset into it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The offset of the byte that could not be parsed; the length of the
    /// value when it ended too early.
    pub offset: usize,
}

/// A bare item, with the content No-Vary-Search reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bare {
    /// An integer or a decimal, a token, a byte sequence, a date or a
    /// display string: checked, not kept.
    Other,
    /// A boolean.
    Boolean(bool),
    /// A string: the span of the bytes between its quotes (start, end),
    /// escapes still in.
    String(usize, usize),
}

/// A dictionary member's value (its parameters are checked and dropped).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Member {
    /// An item.
    Item(Bare),
    /// An inner list, by the offset of its `(`.
    InnerList(usize),
}

type Parsed<T> = Result<T, SyntaxError>;

/// The input and the offset of the next byte to read.
struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

/// `tchar` of RFC 9110, plus `:` and `/` (RFC 9651, "Parsing a Token").
fn is_token_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~:/".contains(&b)
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn at_end(&self) -> bool {
        self.i >= self.s.len()
    }

    fn fail<T>(&self) -> Parsed<T> {
        Err(SyntaxError {
            offset: self.i.min(self.s.len()),
        })
    }

    /// Consumes `b` if it is next.
    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.i += usize::from(hit);
        hit
    }

    fn skip_sp(&mut self) {
        while self.eat(b' ') {}
    }

    /// OWS: spaces and tabs.
    fn skip_ows(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    /// "Parsing a Key".
    fn key(&mut self) -> Parsed<Range<usize>> {
        let start = self.i;
        match self.peek() {
            Some(b'a'..=b'z' | b'*') => self.i += 1,
            _ => return self.fail(),
        }
        while matches!(
            self.peek(),
            Some(b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-' | b'.' | b'*')
        ) {
            self.i += 1;
        }
        Ok(start..self.i)
    }

    /// "Parsing Parameters": checked, not kept.
    fn parameters(&mut self) -> Parsed<()> {
        while self.eat(b';') {
            self.skip_sp();
            self.key()?;
            if self.eat(b'=') {
                self.bare_item()?;
            }
        }
        Ok(())
    }

    /// "Parsing an Item".
    fn item(&mut self) -> Parsed<Bare> {
        let bare = self.bare_item()?;
        self.parameters()?;
        Ok(bare)
    }

    /// "Parsing a Bare Item".
    fn bare_item(&mut self) -> Parsed<Bare> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number().map(|_| Bare::Other),
            Some(b'"') => self.string().map(|r| Bare::String(r.start, r.end)),
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'*') => {
                self.i += 1;
                while self.peek().is_some_and(is_token_char) {
                    self.i += 1;
                }
                Ok(Bare::Other)
            }
            Some(b':') => self.byte_sequence().map(|()| Bare::Other),
            Some(b'?') => {
                self.i += 1;
                if self.eat(b'1') {
                    Ok(Bare::Boolean(true))
                } else if self.eat(b'0') {
                    Ok(Bare::Boolean(false))
                } else {
                    self.fail()
                }
            }
            Some(b'@') => {
                self.i += 1;
                match self.number()? {
                    false => Ok(Bare::Other),
                    true => self.fail(),
                }
            }
            Some(b'%') => self.display_string().map(|()| Bare::Other),
            _ => self.fail(),
        }
    }

    /// "Parsing an Integer or Decimal"; returns whether it is a decimal.
    fn number(&mut self) -> Parsed<bool> {
        self.eat(b'-');
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return self.fail();
        }
        // The length of input_number, its `.` included, and where the `.`
        // is in it.
        let mut len = 0;
        let mut dot = None;
        loop {
            match self.peek() {
                Some(b'0'..=b'9') => {}
                Some(b'.') if dot.is_none() => {
                    if len > 12 {
                        return self.fail();
                    }
                    dot = Some(len);
                }
                _ => break,
            }
            len += 1;
            if len > if dot.is_some() { 16 } else { 15 } {
                return self.fail();
            }
            self.i += 1;
        }
        match dot {
            None => Ok(false),
            // A trailing `.`, or more than three fractional digits.
            Some(d) if d + 1 == len || len - d - 1 > 3 => self.fail(),
            Some(_) => Ok(true),
        }
    }

    /// "Parsing a String": the span between the quotes.
    fn string(&mut self) -> Parsed<Range<usize>> {
        if !self.eat(b'"') {
            return self.fail();
        }
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                b'\\' => {
                    self.i += 1;
                    if !matches!(self.peek(), Some(b'"' | b'\\')) {
                        return self.fail();
                    }
                }
                b'"' => {
                    self.i += 1;
                    return Ok(start..self.i - 1);
                }
                0x00..=0x1F | 0x7F..=0xFF => return self.fail(),
                _ => {}
            }
            self.i += 1;
        }
        self.fail()
    }

    /// "Parsing a Byte Sequence": checked as base64, padding optional.
    fn byte_sequence(&mut self) -> Parsed<()> {
        self.i += 1;
        let start = self.i;
        let Some(len) = self.s[start..].iter().position(|&b| b == b':') else {
            self.i = self.s.len();
            return self.fail();
        };
        let b64 = &self.s[start..start + len];
        if let Some(bad) = b64
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b"+/=".contains(&b)))
        {
            self.i = start + bad;
            return self.fail();
        }
        // Base64 fails to decode when `=` is anywhere but at the end, when
        // there is more padding than a quantum can have, or when the data
        // leaves a single character over (six bits are no byte).
        let data_len = b64.iter().rposition(|&b| b != b'=').map_or(0, |p| p + 1);
        let pad = b64.len() - data_len;
        let padding_ok = pad == 0 || (pad <= 2 && b64.len().is_multiple_of(4));
        if b64[..data_len].contains(&b'=') || data_len % 4 == 1 || !padding_ok {
            self.i = start;
            return self.fail();
        }
        self.i = start + len + 1;
        Ok(())
    }

    /// "Parsing a Display String": checked, its bytes valid UTF-8.
    fn display_string(&mut self) -> Parsed<()> {
        self.i += 1;
        if !self.eat(b'"') {
            return self.fail();
        }
        let start = self.i;
        while let Some(c) = self.peek() {
            match c {
                0x00..=0x1F | 0x7F..=0xFF => return self.fail(),
                b'%' => {
                    let hex = |b: Option<&u8>| matches!(b, Some(b'0'..=b'9' | b'a'..=b'f'));
                    if !(hex(self.s.get(self.i + 1)) && hex(self.s.get(self.i + 2))) {
                        return self.fail();
                    }
                    self.i += 3;
                }
                b'"' => {
                    if !is_utf8(DisplayBytes(&self.s[start..self.i])) {
                        return self.fail();
                    }
                    self.i += 1;
                    return Ok(());
                }
                _ => self.i += 1,
            }
        }
        self.fail()
    }

    /// "Parsing an Inner List", items checked and dropped.
    fn inner_list(&mut self) -> Parsed<()> {
        if !self.eat(b'(') {
            return self.fail();
        }
        while !self.at_end() {
            self.skip_sp();
            if self.eat(b')') {
                return self.parameters();
            }
            self.item()?;
            if !matches!(self.peek(), Some(b' ' | b')')) {
                return self.fail();
            }
        }
        self.fail()
    }

    /// "Parsing an Item or Inner List".
    fn item_or_inner_list(&mut self) -> Parsed<Member> {
        if self.peek() == Some(b'(') {
            let start = self.i;
            self.inner_list()?;
            Ok(Member::InnerList(start))
        } else {
            self.item().map(Member::Item)
        }
    }
}

/// The bytes of a display string's content whose escapes are checked:
/// `%xy` is one byte.
struct DisplayBytes<'a>(&'a [u8]);

impl Iterator for DisplayBytes<'_> {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        if let (b'%', [h, l, after @ ..]) = (b, rest) {
            self.0 = after;
            let v = |d: u8| if d <= b'9' { d - b'0' } else { d - b'a' + 10 };
            return Some(v(*h) << 4 | v(*l));
        }
        self.0 = rest;
        Some(b)
    }
}

/// Parses `value`, a field value whose type is "dictionary", calling
/// `member` with each member's key and value in order (a later member of
/// the same key overrides an earlier one, which the caller does by keeping
/// the last). Fails on any byte RFC 9651 does not allow.
pub(crate) fn parse_dictionary(
    value: &[u8],
    mut member: impl FnMut(&[u8], Member),
) -> Result<(), SyntaxError> {
    // Non-ASCII bytes fail the conversion to an ASCII string.
    if let Some(bad) = value.iter().position(|b| !b.is_ascii()) {
        return Err(SyntaxError { offset: bad });
    }
    let mut p = Parser { s: value, i: 0 };
    p.skip_sp();
    while !p.at_end() {
        let key = p.key()?;
        let m = if p.eat(b'=') {
            p.item_or_inner_list()?
        } else {
            p.parameters()?;
            Member::Item(Bare::Boolean(true))
        };
        member(&value[key], m);
        p.skip_ows();
        if p.at_end() {
            break;
        }
        if !p.eat(b',') {
            return p.fail();
        }
        p.skip_ows();
        if p.at_end() {
            // A trailing comma.
            return p.fail();
        }
    }
    p.skip_sp();
    if p.at_end() {
        Ok(())
    } else {
        p.fail()
    }
}

/// The items of an inner list that [`parse_dictionary`] has checked.
pub(crate) struct InnerList<'a> {
    p: Parser<'a>,
}

impl<'a> InnerList<'a> {
    /// The items of the inner list whose `(` is at `start` in `value`.
    pub(crate) fn new(value: &'a [u8], start: usize) -> InnerList<'a> {
        InnerList {
            p: Parser {
                s: value,
                i: start + 1,
            },
        }
    }
}

impl Iterator for InnerList<'_> {
    type Item = Bare;
    fn next(&mut self) -> Option<Bare> {
        self.p.skip_sp();
        if self.p.at_end() || self.p.peek() == Some(b')') {
            return None;
        }
        // Checked already: an error cannot happen, and would end the list.
        self.p.item().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(v: &str) -> Result<Vec<(String, Member)>, usize> {
        let mut out = Vec::new();
        parse_dictionary(v.as_bytes(), |k, m| {
            out.push((String::from_utf8(k.to_vec()).unwrap(), m))
        })
        .map_err(|e| e.offset)?;
        Ok(out)
    }

    fn ok(v: &str) -> bool {
        members(v).is_ok()
    }

    #[test]
    fn the_rfc_dictionary_examples_parse() {
        for v in [
            "en=\"Applepie\", da=:w4ZibGV0w6ZydGU=:",
            "a=?0, b, c; foo=bar",
            "rating=1.5, feelings=(joy sadness)",
            "a=(1 2), b=3, c=4;aa=bb, d=(5 6);valid",
            "foo=1, bar=2",
            "",
            "   ",
            "a=@1659578233, b=%\"This is intended for display to %c3%bcsers.\"",
            "a=-999999999999999, b=999999999999.999, c=*tok/en:x",
            "a=()",
            "a=(  \"x\"  \"y\" );p",
            "a\t,\tb",
            "a=:cHJldGVuZCB0aGlzIGlzIGJpbmFyeSBjb250ZW50Lg==:, b=:YQ:, c=::",
        ] {
            assert!(ok(v), "{v}");
        }
        let m = members("a=?0, b, c; foo=bar, a=\"x\\\"y\"").unwrap();
        assert_eq!(m[0], ("a".into(), Member::Item(Bare::Boolean(false))));
        assert_eq!(m[1], ("b".into(), Member::Item(Bare::Boolean(true))));
        assert_eq!(m[3], ("a".into(), Member::Item(Bare::String(24, 28))));
    }

    #[test]
    fn malformed_values_fail_where_they_break() {
        for (v, at) in [
            ("A=1", 0),
            ("a=1,", 4),
            ("a=1 b=2", 4),
            ("a=\"x", 4),
            ("a=\"\\x\"", 4),
            ("a=\"\u{e9}\"", 3),
            ("a=(\"x\"", 6),
            ("a=(\"x\"\"y\")", 6),
            ("a=?2", 3),
            ("a=-", 3),
            ("a=1234567890123456", 17),
            ("a=1234567890123.5", 15),
            ("a=1.", 4),
            ("a=1.2345", 8),
            ("a=@1.5", 6),
            ("a=:YQ", 5),
            ("a=:Y:", 3),
            ("a=:Y=Q:", 3),
            ("a=:YQ=:", 3),
            ("a=:Y!:", 4),
            ("a=%\"%C3%BC\"", 4),
            ("a=%\"%c3\"", 7),
            ("a=$", 2),
            ("a=1;A", 4),
            ("\ta", 0),
        ] {
            assert_eq!(members(v).map(|_| ()), Err(at), "{v}");
        }
    }

    #[test]
    fn inner_lists_read_again() {
        let v = b"p=( \"a\"  tok;x=1 \"b\\\\\" ?1 );q";
        let m = members(std::str::from_utf8(v).unwrap()).unwrap();
        let Member::InnerList(start) = m[0].1 else {
            panic!("{m:?}")
        };
        let items: Vec<Bare> = InnerList::new(v, start).collect();
        assert_eq!(
            items,
            [
                Bare::String(5, 6),
                Bare::Other,
                Bare::String(18, 21),
                Bare::Boolean(true)
            ]
        );
    }
}
