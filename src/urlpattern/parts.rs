//! Pattern strings to part lists ("Parsing pattern strings"), and part
//! lists back to a pattern string and to the Standard's regular
//! expression ("Converting part lists ...").

use super::tokenizer::{self, is_name_code_point, Kind, Token, Tokenizer};
use super::Error;
use crate::bytes::buf::{try_push, Buf};

/// What a part matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PartType {
    FixedText,
    Regexp,
    SegmentWildcard,
    FullWildcard,
}

/// A part's modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    Optional,
    ZeroOrMore,
    OneOrMore,
}

impl Modifier {
    fn as_str(self) -> &'static [u8] {
        match self {
            Modifier::None => b"",
            Modifier::Optional => b"?",
            Modifier::ZeroOrMore => b"*",
            Modifier::OneOrMore => b"+",
        }
    }
}

/// One piece of a pattern string, as its list ([`Parts`]) gives it: its
/// texts borrowed from the list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Part<'a> {
    pub(crate) kind: PartType,
    pub(crate) value: &'a [u8],
    pub(crate) modifier: Modifier,
    pub(crate) name: &'a [u8],
    pub(crate) prefix: &'a [u8],
    pub(crate) suffix: &'a [u8],
}

/// A part as its list keeps it: its four texts (value, name, prefix,
/// suffix) one after the other in the list's text, from `at`. 24 bytes,
/// where four buffers of their own would take 104 and an allocation
/// each: a pattern of a group per two bytes holds one per two bytes.
#[derive(Clone, Copy, Debug)]
struct Stored {
    kind: PartType,
    modifier: Modifier,
    at: u32,
    lens: [u32; 4],
}

/// A part list: the parts in order and the text they share.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    stored: Vec<Stored>,
    text: Buf,
}

impl Parts {
    /// How many parts there are.
    pub(crate) fn len(&self) -> usize {
        self.stored.len()
    }

    /// Part `i`.
    pub(crate) fn get(&self, i: usize) -> Option<Part<'_>> {
        self.stored.get(i).map(|s| self.view(s))
    }

    /// Part `i`, which must be there (as a slice's index).
    pub(crate) fn at(&self, i: usize) -> Part<'_> {
        self.view(&self.stored[i])
    }

    /// The first part.
    pub(crate) fn first(&self) -> Option<Part<'_>> {
        self.get(0)
    }

    /// The parts in order.
    pub(crate) fn iter(&self) -> impl DoubleEndedIterator<Item = Part<'_>> + '_ {
        self.stored.iter().map(|s| self.view(s))
    }

    /// The parts `range`, in order.
    pub(crate) fn range(
        &self,
        range: std::ops::Range<usize>,
    ) -> impl Iterator<Item = Part<'_>> + '_ {
        self.stored
            .get(range)
            .unwrap_or_default()
            .iter()
            .map(|s| self.view(s))
    }

    fn view(&self, s: &Stored) -> Part<'_> {
        let mut at = s.at as usize;
        let mut next = |len: u32| {
            let t = self.text.get(at..at + len as usize).unwrap_or_default();
            at += len as usize;
            t
        };
        let (value, name) = (next(s.lens[0]), next(s.lens[1]));
        let (prefix, suffix) = (next(s.lens[2]), next(s.lens[3]));
        Part {
            kind: s.kind,
            value,
            modifier: s.modifier,
            name,
            prefix,
            suffix,
        }
    }

    /// Adds a part whose texts are `texts` (value, name, prefix, suffix).
    fn push(&mut self, kind: PartType, modifier: Modifier, texts: [&[u8]; 4]) -> Result<(), Error> {
        // Offsets are u32: a list's text is refused past 4 GiB, so that
        // `at` and each length below fit.
        let total = texts.iter().map(|t| t.len()).sum::<usize>();
        u32::try_from(self.text.len() + total).map_err(|_| Error::Syntax("pattern too long"))?;
        let at = self.text.len() as u32;
        let mut lens = [0u32; 4];
        for (len, t) in lens.iter_mut().zip(texts) {
            self.text.extend_from_slice(t)?;
            *len = t.len() as u32;
        }
        try_push(
            &mut self.stored,
            Stored {
                kind,
                modifier,
                at,
                lens,
            },
        )?;
        Ok(())
    }
}

/// The options of a component: delimiter and prefix code points (each
/// one ASCII byte or none) and ignore case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    pub(crate) delimiter: Option<u8>,
    pub(crate) prefix: Option<u8>,
    pub(crate) ignore_case: bool,
}

impl Options {
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some(b'.'),
        prefix: None,
        ignore_case: false,
    };
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some(b'/'),
        prefix: Some(b'/'),
        ignore_case: false,
    };
}

/// An encoding callback: validates and encodes a piece of fixed text.
pub(crate) type Encode = fn(&[u8], &mut Buf) -> Result<(), Error>;

struct Parser<'a> {
    input: &'a str,
    /// The tokens, read a token ahead: the parser only ever looks at the
    /// next one, so that no list of them is kept.
    tokens: Tokenizer<'a>,
    /// The next token; `None` after the end token.
    current: Option<Token>,
    encode: Encode,
    segment: Buf,
    parts: Parts,
    pending: Buf,
    next_numeric: usize,
}

fn segment_wildcard_regexp(options: Options, out: &mut Buf) -> Result<(), Error> {
    out.extend_from_slice(b"[^")?;
    if let Some(d) = options.delimiter {
        escape_regexp(&[d], out)?;
    }
    out.extend_from_slice(b"]+?")?;
    Ok(())
}

impl Parser<'_> {
    fn try_consume(&mut self, kind: Kind) -> Option<Token> {
        let t = self.current?;
        if t.kind != kind {
            return None;
        }
        // `parse` has run the strict tokenizer over the input once, so
        // this cannot fail; were it to, the end comes early and `require`
        // refuses the pattern.
        self.current = self.tokens.next_token().ok().flatten();
        Some(t)
    }

    fn try_modifier(&mut self) -> Option<Token> {
        self.try_consume(Kind::OtherModifier)
            .or_else(|| self.try_consume(Kind::Asterisk))
    }

    fn try_regexp_or_wildcard(&mut self, name: Option<Token>) -> Option<Token> {
        let t = self.try_consume(Kind::Regexp);
        if name.is_none() && t.is_none() {
            return self.try_consume(Kind::Asterisk);
        }
        t
    }

    fn require(&mut self, kind: Kind) -> Result<Token, Error> {
        self.try_consume(kind)
            .ok_or(Error::Syntax("unexpected token in pattern"))
    }

    fn consume_text(&mut self, out: &mut Buf) -> Result<(), Error> {
        while let Some(t) = self
            .try_consume(Kind::Char)
            .or_else(|| self.try_consume(Kind::EscapedChar))
        {
            out.extend_from_slice(t.value(self.input).as_bytes())?;
        }
        Ok(())
    }

    fn flush_pending(&mut self) -> Result<(), Error> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut value = Buf::new();
        (self.encode)(&self.pending, &mut value)?;
        self.pending.clear();
        self.parts
            .push(PartType::FixedText, Modifier::None, [&value, b"", b"", b""])
    }

    fn add_part(
        &mut self,
        prefix: &[u8],
        name: Option<Token>,
        regexp: Option<Token>,
        suffix: &[u8],
        modifier: Option<Token>,
    ) -> Result<(), Error> {
        let modifier = match modifier.map(|t| t.value(self.input)) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name.is_none() && regexp.is_none() && modifier == Modifier::None {
            self.pending.extend_from_slice(prefix)?;
            return Ok(());
        }
        self.flush_pending()?;
        if name.is_none() && regexp.is_none() {
            if prefix.is_empty() {
                return Ok(());
            }
            let mut value = Buf::new();
            (self.encode)(prefix, &mut value)?;
            return self
                .parts
                .push(PartType::FixedText, modifier, [&value, b"", b"", b""]);
        }
        let mut value = Buf::new();
        let mut kind = PartType::Regexp;
        match regexp {
            None => kind = PartType::SegmentWildcard,
            Some(t) if t.kind == Kind::Asterisk => kind = PartType::FullWildcard,
            Some(t) => {
                let v = t.value(self.input).as_bytes();
                if v == &self.segment[..] {
                    kind = PartType::SegmentWildcard;
                } else if v == b".*" {
                    kind = PartType::FullWildcard;
                } else {
                    value.extend_from_slice(v)?;
                }
            }
        }
        let mut numeric = [0u8; 20];
        let part_name = match name {
            Some(n) => n.value(self.input).as_bytes(),
            None => {
                let n = decimal(self.next_numeric, &mut numeric);
                self.next_numeric += 1;
                n
            }
        };
        let mut p = Buf::new();
        (self.encode)(prefix, &mut p)?;
        let mut s = Buf::new();
        (self.encode)(suffix, &mut s)?;
        self.parts.push(kind, modifier, [&value, part_name, &p, &s])
    }
}

/// `n` in decimal, written at the end of `digits`.
fn decimal(mut n: usize, digits: &mut [u8; 20]) -> &[u8] {
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[i..]
}

/// "parse a pattern string".
pub(crate) fn parse(input: &str, options: Options, encode: Encode) -> Result<Parts, Error> {
    let mut segment = Buf::new();
    segment_wildcard_regexp(options, &mut segment)?;
    // The strict tokenizer's error comes before any of the parser's, as
    // when the tokens are listed first.
    tokenizer::check_strict(input)?;
    let mut tokens = Tokenizer::new(input, false)?;
    let current = tokens.next_token()?;
    let mut p = Parser {
        input,
        tokens,
        current,
        encode,
        segment,
        parts: Parts::default(),
        pending: Buf::new(),
        next_numeric: 0,
    };
    while p.current.is_some() {
        let char_token = p.try_consume(Kind::Char);
        let name = p.try_consume(Kind::Name);
        let regexp = p.try_regexp_or_wildcard(name);
        if name.is_some() || regexp.is_some() {
            let mut prefix: &[u8] = char_token.map_or(b"", |t| t.value(input).as_bytes());
            let is_prefix_cp = options.prefix.is_some_and(|c| prefix == [c]);
            if !prefix.is_empty() && !is_prefix_cp {
                p.pending.extend_from_slice(prefix)?;
                prefix = b"";
            }
            p.flush_pending()?;
            let modifier = p.try_modifier();
            p.add_part(prefix, name, regexp, b"", modifier)?;
            continue;
        }
        let fixed = char_token.or_else(|| p.try_consume(Kind::EscapedChar));
        if let Some(t) = fixed {
            p.pending.extend_from_slice(t.value(input).as_bytes())?;
            continue;
        }
        if p.try_consume(Kind::Open).is_some() {
            let mut prefix = Buf::new();
            p.consume_text(&mut prefix)?;
            let name = p.try_consume(Kind::Name);
            let regexp = p.try_regexp_or_wildcard(name);
            let mut suffix = Buf::new();
            p.consume_text(&mut suffix)?;
            p.require(Kind::Close)?;
            let modifier = p.try_modifier();
            p.add_part(&prefix, name, regexp, &suffix, modifier)?;
            continue;
        }
        p.flush_pending()?;
        p.require(Kind::End)?;
    }
    check_names(&p.parts)?;
    Ok(p.parts)
}

/// Refuses two groups of one name, after the parse: sorting the names
/// keeps a pattern of many groups linear-logarithmic, where comparing
/// each name with those before it would be quadratic. (The numbered names
/// of unnamed groups differ from each other and from any `:name`.)
fn check_names(parts: &Parts) -> Result<(), Error> {
    // The groups' indices, 4 bytes each, sorted by name.
    let mut groups: Vec<u32> = Vec::new();
    groups.try_reserve_exact(parts.len())?;
    for (i, p) in parts.iter().enumerate() {
        if p.kind != PartType::FixedText {
            // Fewer parts than bytes of text, which is below 4 GiB.
            try_push(&mut groups, i as u32)?;
        }
    }
    let name = |i: u32| parts.get(i as usize).map_or(&b""[..], |p| p.name);
    groups.sort_unstable_by(|&a, &b| name(a).cmp(name(b)));
    if groups.windows(2).any(|w| name(w[0]) == name(w[1])) {
        return Err(Error::Syntax("duplicate group name"));
    }
    Ok(())
}

/// "escape a regexp string".
pub(crate) fn escape_regexp(s: &[u8], out: &mut Buf) -> Result<(), Error> {
    for &c in s {
        if b".+*?^${}()[]|/\\".contains(&c) {
            out.push(b'\\')?;
        }
        out.push(c)?;
    }
    Ok(())
}

/// "escape a pattern string".
pub(crate) fn escape_pattern(s: &[u8], out: &mut Buf) -> Result<(), Error> {
    for &c in s {
        if b"+*?:{}()\\".contains(&c) {
            out.push(b'\\')?;
        }
        out.push(c)?;
    }
    Ok(())
}

fn first_is_name_continue(s: &[u8]) -> bool {
    std::str::from_utf8(s)
        .ok()
        .and_then(|s| s.chars().next())
        .is_some_and(|c| is_name_code_point(c, false))
}

/// "generate a regular expression and name list" (the names are the
/// parts' own).
pub(crate) fn regexp(parts: &Parts, options: Options, out: &mut Buf) -> Result<(), Error> {
    out.push(b'^')?;
    for part in parts.iter() {
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp(part.value, out)?;
            } else {
                out.extend_from_slice(b"(?:")?;
                escape_regexp(part.value, out)?;
                out.push(b')')?;
                out.extend_from_slice(part.modifier.as_str())?;
            }
            continue;
        }
        let mut value = Buf::new();
        match part.kind {
            PartType::SegmentWildcard => segment_wildcard_regexp(options, &mut value)?,
            PartType::FullWildcard => value.extend_from_slice(b".*")?,
            _ => value.extend_from_slice(part.value)?,
        }
        let m = part.modifier.as_str();
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                out.push(b'(')?;
                out.extend_from_slice(&value)?;
                out.push(b')')?;
                out.extend_from_slice(m)?;
            } else {
                out.extend_from_slice(b"((?:")?;
                out.extend_from_slice(&value)?;
                out.push(b')')?;
                out.extend_from_slice(m)?;
                out.push(b')')?;
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            out.extend_from_slice(b"(?:")?;
            escape_regexp(part.prefix, out)?;
            out.push(b'(')?;
            out.extend_from_slice(&value)?;
            out.push(b')')?;
            escape_regexp(part.suffix, out)?;
            out.push(b')')?;
            out.extend_from_slice(m)?;
            continue;
        }
        out.extend_from_slice(b"(?:")?;
        escape_regexp(part.prefix, out)?;
        out.extend_from_slice(b"((?:")?;
        out.extend_from_slice(&value)?;
        out.extend_from_slice(b")(?:")?;
        escape_regexp(part.suffix, out)?;
        escape_regexp(part.prefix, out)?;
        out.extend_from_slice(b"(?:")?;
        out.extend_from_slice(&value)?;
        out.extend_from_slice(b"))*)")?;
        escape_regexp(part.suffix, out)?;
        out.push(b')')?;
        if part.modifier == Modifier::ZeroOrMore {
            out.push(b'?')?;
        }
    }
    out.push(b'$')?;
    Ok(())
}

/// "generate a pattern string".
pub(crate) fn pattern_string(parts: &Parts, options: Options, out: &mut Buf) -> Result<(), Error> {
    let prefix_cp: &[u8] = match &options.prefix {
        Some(c) => std::slice::from_ref(c),
        None => b"",
    };
    for (i, part) in parts.iter().enumerate() {
        let previous = i.checked_sub(1).and_then(|j| parts.get(j));
        let next = parts.get(i + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern(part.value, out)?;
                continue;
            }
            out.push(b'{')?;
            escape_pattern(part.value, out)?;
            out.push(b'}')?;
            out.extend_from_slice(part.modifier.as_str())?;
            continue;
        }
        let custom_name = !part.name.first().is_some_and(u8::is_ascii_digit);
        let mut needs_grouping =
            !part.suffix.is_empty() || (!part.prefix.is_empty() && part.prefix[..] != *prefix_cp);
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
        {
            if let Some(n) = next {
                if n.prefix.is_empty() && n.suffix.is_empty() {
                    if n.kind == PartType::FixedText {
                        needs_grouping = first_is_name_continue(n.value);
                    } else {
                        needs_grouping = n.name.first().is_some_and(u8::is_ascii_digit);
                    }
                }
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(p) = previous {
                if p.kind == PartType::FixedText
                    && !prefix_cp.is_empty()
                    && p.value.last() == prefix_cp.first()
                {
                    needs_grouping = true;
                }
            }
        }
        if needs_grouping {
            out.push(b'{')?;
        }
        escape_pattern(part.prefix, out)?;
        if custom_name {
            out.push(b':')?;
            out.extend_from_slice(part.name)?;
        }
        match part.kind {
            PartType::Regexp => {
                out.push(b'(')?;
                out.extend_from_slice(part.value)?;
                out.push(b')')?;
            }
            PartType::SegmentWildcard if !custom_name => {
                out.push(b'(')?;
                segment_wildcard_regexp(options, out)?;
                out.push(b')')?;
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous.is_none_or(|p| {
                        p.kind == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty())
                {
                    out.push(b'*')?;
                } else {
                    out.extend_from_slice(b"(.*)")?;
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && !part.suffix.is_empty()
            && first_is_name_continue(part.suffix)
        {
            out.push(b'\\')?;
        }
        escape_pattern(part.suffix, out)?;
        if needs_grouping {
            out.push(b'}')?;
        }
        out.extend_from_slice(part.modifier.as_str())?;
    }
    Ok(())
}
