//! The pattern string tokenizer (URL Pattern Standard, "Tokenizing").
//!
//! Positions are byte offsets into the UTF-8 pattern string, where the
//! Standard counts code points: every use of them slices the same string.

use super::Error;
use crate::bytes::buf::try_push;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Open,
    Close,
    Regexp,
    Name,
    Char,
    EscapedChar,
    OtherModifier,
    Asterisk,
    End,
    InvalidChar,
}

/// A token: its kind, where it starts, and its value (a range of the
/// input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    pub(crate) index: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Token {
    pub(crate) fn value<'a>(&self, input: &'a str) -> &'a str {
        &input[self.start..self.end]
    }
}

/// "is a valid name code point": IdentifierStart or IdentifierPart.
///
/// Alphabetic and numeric are the Unicode properties the identifier
/// classes are built from; the Other_ID_Start code points are added.
pub(crate) fn is_name_code_point(c: char, first: bool) -> bool {
    if c == '$' || c == '_' || c.is_alphabetic() {
        return true;
    }
    if matches!(c, '\u{2118}' | '\u{212E}' | '\u{309B}' | '\u{309C}') {
        return true;
    }
    !first && (c.is_numeric() || c == '\u{200C}' || c == '\u{200D}' || is_mark(c))
}

/// Combining marks that continue an identifier (the common blocks).
fn is_mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}' | '\u{FE00}'..='\u{FE0F}' | '\u{FE20}'..='\u{FE2F}'
        | '\u{E0100}'..='\u{E01EF}')
}

struct Tokenizer<'a> {
    input: &'a str,
    lenient: bool,
    tokens: Vec<Token>,
    index: usize,
    next: usize,
    c: char,
}

impl Tokenizer<'_> {
    fn get_next(&mut self) {
        self.c = self.input[self.next..].chars().next().unwrap_or('\0');
        self.next += self.c.len_utf8();
    }

    fn seek(&mut self, at: usize) {
        self.next = at;
        self.get_next();
    }

    fn add(&mut self, kind: Kind, next: usize, start: usize, end: usize) -> Result<(), Error> {
        try_push(
            &mut self.tokens,
            Token {
                kind,
                index: self.index,
                start,
                end,
            },
        )?;
        self.index = next;
        Ok(())
    }

    fn add_default(&mut self, kind: Kind) -> Result<(), Error> {
        let (next, index) = (self.next, self.index);
        self.add(kind, next, index, next)
    }

    fn error(&mut self, next: usize, start: usize) -> Result<(), Error> {
        if !self.lenient {
            return Err(Error::Syntax("invalid pattern"));
        }
        self.add(Kind::InvalidChar, next, start, next)
    }

    fn last_position(&self, at: usize) -> bool {
        at + self.input[at..].chars().next().map_or(0, char::len_utf8) >= self.input.len()
    }

    fn regexp(&mut self) -> Result<(), Error> {
        let mut depth = 1usize;
        let start = self.next;
        let mut pos = start;
        while pos < self.input.len() {
            self.seek(pos);
            if !self.c.is_ascii() || (pos == start && self.c == '?') {
                return self.error(start, self.index);
            }
            if self.c == '\\' {
                if self.last_position(pos) {
                    return self.error(start, self.index);
                }
                self.get_next();
                if !self.c.is_ascii() {
                    return self.error(start, self.index);
                }
                pos = self.next;
                continue;
            }
            if self.c == ')' {
                depth -= 1;
                if depth == 0 {
                    pos = self.next;
                    break;
                }
            } else if self.c == '(' {
                depth += 1;
                if self.last_position(pos) {
                    return self.error(start, self.index);
                }
                let temporary = self.next;
                self.get_next();
                if self.c != '?' {
                    return self.error(start, self.index);
                }
                self.next = temporary;
            }
            pos = self.next;
        }
        if depth != 0 {
            return self.error(start, self.index);
        }
        // The value excludes the closing parenthesis.
        let end = pos - 1;
        if end == start {
            return self.error(start, self.index);
        }
        self.add(Kind::Regexp, pos, start, end)
    }
}

/// Tokenizes `input`: "strict" fails on the first error, "lenient" makes
/// it an invalid-char token.
pub(crate) fn tokenize(input: &str, lenient: bool) -> Result<Vec<Token>, Error> {
    let mut t = Tokenizer {
        input,
        lenient,
        tokens: Vec::new(),
        index: 0,
        next: 0,
        c: '\0',
    };
    while t.index < input.len() {
        t.seek(t.index);
        match t.c {
            '*' => t.add_default(Kind::Asterisk)?,
            '+' | '?' => t.add_default(Kind::OtherModifier)?,
            '\\' => {
                if t.last_position(t.index) {
                    let (next, index) = (t.next, t.index);
                    t.error(next, index)?;
                    continue;
                }
                let escaped = t.next;
                t.get_next();
                let next = t.next;
                t.add(Kind::EscapedChar, next, escaped, next)?;
            }
            '{' => t.add_default(Kind::Open)?,
            '}' => t.add_default(Kind::Close)?,
            ':' => {
                let start = t.next;
                let mut pos = start;
                while pos < input.len() {
                    t.seek(pos);
                    if !is_name_code_point(t.c, pos == start) {
                        break;
                    }
                    pos = t.next;
                }
                if pos <= start {
                    let index = t.index;
                    t.error(start, index)?;
                    continue;
                }
                t.add(Kind::Name, pos, start, pos)?;
            }
            '(' => t.regexp()?,
            _ => t.add_default(Kind::Char)?,
        }
    }
    let end = t.index;
    t.add(Kind::End, end, end, end)?;
    Ok(t.tokens)
}
