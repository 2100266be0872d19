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
/// input). Positions are `u32`, so that a token is 16 bytes: the
/// constructor string parser keeps one for each code point of its input
/// (patterns are limited to [`MAX_PATTERN`] bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    index: u32,
    start: u32,
    end: u32,
}

/// The longest pattern string a tokenizer takes, in bytes.
pub(crate) const MAX_PATTERN: usize = u32::MAX as usize;

impl Token {
    /// Where the token starts in the input.
    pub(crate) fn index(&self) -> usize {
        self.index as usize
    }

    pub(crate) fn value<'a>(&self, input: &'a str) -> &'a str {
        &input[self.start as usize..self.end as usize]
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

/// The tokenizer, a token at a time ([`Tokenizer::next_token`]).
pub(crate) struct Tokenizer<'a> {
    input: &'a str,
    lenient: bool,
    /// The token of the step under way.
    token: Option<Token>,
    /// Whether the end token has been given.
    ended: bool,
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
        // Every position is at most the input's length, which `new` holds
        // to `MAX_PATTERN`.
        self.token = Some(Token {
            kind,
            index: self.index as u32,
            start: start as u32,
            end: end as u32,
        });
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

impl<'a> Tokenizer<'a> {
    /// The tokenizer of `input`: "strict" fails on the first error,
    /// "lenient" makes it an invalid-char token. A pattern string of more
    /// than [`MAX_PATTERN`] bytes is refused.
    pub(crate) fn new(input: &'a str, lenient: bool) -> Result<Tokenizer<'a>, Error> {
        if input.len() > MAX_PATTERN {
            return Err(Error::Syntax("pattern too long"));
        }
        Ok(Tokenizer {
            input,
            lenient,
            token: None,
            ended: false,
            index: 0,
            next: 0,
            c: '\0',
        })
    }

    /// The next token: each step of the Standard's loop gives one, then
    /// the end token; `None` after it.
    pub(crate) fn next_token(&mut self) -> Result<Option<Token>, Error> {
        if self.index < self.input.len() {
            self.step()?;
            return Ok(self.token.take());
        }
        if self.ended {
            return Ok(None);
        }
        self.ended = true;
        let end = self.index;
        self.add(Kind::End, end, end, end)?;
        Ok(self.token.take())
    }

    /// One step of the Standard's loop, which adds one token.
    fn step(&mut self) -> Result<(), Error> {
        self.seek(self.index);
        match self.c {
            '*' => self.add_default(Kind::Asterisk),
            '+' | '?' => self.add_default(Kind::OtherModifier),
            '\\' => {
                if self.last_position(self.index) {
                    let (next, index) = (self.next, self.index);
                    return self.error(next, index);
                }
                let escaped = self.next;
                self.get_next();
                let next = self.next;
                self.add(Kind::EscapedChar, next, escaped, next)
            }
            '{' => self.add_default(Kind::Open),
            '}' => self.add_default(Kind::Close),
            ':' => {
                let start = self.next;
                let mut pos = start;
                while pos < self.input.len() {
                    self.seek(pos);
                    if !is_name_code_point(self.c, pos == start) {
                        break;
                    }
                    pos = self.next;
                }
                if pos <= start {
                    let index = self.index;
                    return self.error(start, index);
                }
                self.add(Kind::Name, pos, start, pos)
            }
            '(' => self.regexp(),
            _ => self.add_default(Kind::Char),
        }
    }
}

/// Tokenizes `input` into a list (see [`Tokenizer::new`]).
pub(crate) fn tokenize(input: &str, lenient: bool) -> Result<Vec<Token>, Error> {
    let mut t = Tokenizer::new(input, lenient)?;
    let mut tokens = Vec::new();
    while let Some(token) = t.next_token()? {
        try_push(&mut tokens, token)?;
    }
    Ok(tokens)
}

/// Whether the strict tokenizer takes `input` whole: its error, if not.
/// Allocates nothing.
pub(crate) fn check_strict(input: &str) -> Result<(), Error> {
    let mut t = Tokenizer::new(input, false)?;
    while t.next_token()?.is_some() {}
    Ok(())
}
