//! A compiled component ("compile a component") and its matching.
//!
//! A component whose parts hold no custom regular expression is matched
//! on its part list directly, by a backtracking matcher that explores
//! the candidates in the order the Standard's regular expression would
//! (lazy segment wildcards, greedy full wildcards and modifiers), so that
//! the groups are the same. Each step counts against [`STEP_BUDGET`].
//! A component with a custom group is compiled to the Standard's regular
//! expression and run by `regress`.

use super::parts::{self, Modifier, Options, PartType, Parts};
use super::Error;
use crate::bytes::buf::{try_push, Buf};

/// Steps the part matcher may take for one component before it gives
/// up with [`Error::Budget`].
pub const STEP_BUDGET: u64 = 1 << 20;

/// How deep the matcher may recurse: one level a part, and one a
/// repetition of a `+` or `*` group with a prefix or suffix. A match at
/// this depth fits a thread of 256 KiB of stack (a test checks it).
pub(crate) const MAX_DEPTH: usize = 256;

/// The longest input a custom regular expression with a nested
/// quantifier (`(a+)+`, where backtracking may take exponential time)
/// is run on; a longer one is refused with [`Error::Budget`].
pub const NESTED_QUANTIFIER_LIMIT: usize = 16;

/// The work a custom regular expression may be given: with `q`
/// unbounded quantifiers (`*`, `+`, `{n,}`) and none nested, backtracking
/// takes up to about `n^q` steps on `n` code points, so such a component
/// is run only on inputs of up to `REGEXP_WORK^(1/q)` code points (8,192
/// for two quantifiers, 406 for three, 90 for four); one quantifier is
/// never limited.
pub const REGEXP_WORK: u64 = 1 << 26;

/// The largest `n` with `n^q` at most [`REGEXP_WORK`].
pub(crate) fn root_of_work(q: u32) -> usize {
    let mut n: u64 = 1;
    while (n + 1).checked_pow(q).is_some_and(|w| w <= REGEXP_WORK) {
        n += 1;
    }
    n as usize
}

/// The special schemes.
const SPECIAL: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// A compiled component.
#[derive(Debug)]
pub(crate) struct Component {
    pub(crate) pattern: Buf,
    pub(crate) parts: Parts,
    /// The parts again, as the part matcher reads them at each step; made
    /// only for a component that it matches.
    pieces: Vec<Piece>,
    /// Per part, its group's index among the groups (unused for fixed
    /// text).
    groups: Vec<usize>,
    group_count: usize,
    options: Options,
    regex: Option<regress::Regex>,
    /// The longest input the regular expression is run on.
    limit: usize,
    pub(crate) has_regexp_groups: bool,
    shape: Shape,
    /// The fixed texts every match holds, in order (fixed parts and the
    /// prefixes and suffixes of the groups that are always there), for a
    /// check that rejects most inputs before the matcher runs.
    required: Vec<Buf>,
    /// Whether every match ends with the last of `required`.
    ends_fixed: bool,
}

/// A part as the part matcher reads it: its texts in buffers of their
/// own, read without the bounds checks of a [`Parts`] view at each step.
#[derive(Debug)]
struct Piece {
    kind: PartType,
    modifier: Modifier,
    value: Buf,
    prefix: Buf,
    suffix: Buf,
}

/// The pieces of `parts`, in one allocation of the exact size.
fn pieces(parts: &Parts) -> Result<Vec<Piece>, Error> {
    let mut out = Vec::new();
    out.try_reserve_exact(parts.len())?;
    for p in parts.iter() {
        try_push(
            &mut out,
            Piece {
                kind: p.kind,
                modifier: p.modifier,
                value: Buf::from_slice(p.value)?,
                prefix: Buf::from_slice(p.prefix)?,
                suffix: Buf::from_slice(p.suffix)?,
            },
        )?;
    }
    Ok(out)
}

/// What a component's parts come to, for the two kinds that most
/// components of real patterns are and that need no matcher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `*` alone: any input without a line terminator (`^(.*)$`).
    Any,
    /// Fixed text alone, or nothing: that text.
    Exact,
    /// Anything else: the part matcher or the regular expression.
    General,
}

fn shape(parts: &Parts) -> Shape {
    let Some(p) = parts.first() else {
        return Shape::Exact;
    };
    if parts.len() > 1 || p.modifier != Modifier::None {
        return Shape::General;
    }
    match p.kind {
        PartType::FixedText => Shape::Exact,
        PartType::FullWildcard if p.prefix.is_empty() && p.suffix.is_empty() => Shape::Any,
        _ => Shape::General,
    }
}

/// The fixed texts every match of `parts` holds, in order, and whether
/// the last ends every match.
fn required(parts: &Parts) -> Result<(Vec<Buf>, bool), Error> {
    let mut out = Vec::new();
    let mut ends_fixed = false;
    for p in parts.iter() {
        let always = matches!(p.modifier, Modifier::None | Modifier::OneOrMore);
        ends_fixed = false;
        if !always {
            continue;
        }
        let pieces: [&[u8]; 3] = if p.kind == PartType::FixedText {
            [p.value, b"", b""]
        } else {
            [p.prefix, b"", p.suffix]
        };
        for piece in pieces.into_iter().filter(|t| !t.is_empty()) {
            try_push(&mut out, Buf::from_slice(piece)?)?;
        }
        ends_fixed =
            p.modifier == Modifier::None && (p.kind == PartType::FixedText && !p.value.is_empty());
    }
    Ok((out, ends_fixed))
}

/// The position of `needle` in `hay`, if it is there.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(i) = hay[from..].iter().position(|&b| b == first) {
        let at = from + i;
        if hay.get(at + 1..at + needle.len()) == Some(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Whether `s` holds a line terminator, which `.` does not match: LF, CR,
/// U+2028 or U+2029.
fn has_line_terminator(s: &[u8]) -> bool {
    s.iter().enumerate().any(|(i, &b)| {
        matches!(b, b'\n' | b'\r')
            || (b == 0xE2
                && s.get(i + 1) == Some(&0x80)
                && matches!(s.get(i + 2), Some(0xA8 | 0xA9)))
    })
}

/// Where each group matched, as byte ranges of the input.
pub(crate) type Captures = Vec<Option<(usize, usize)>>;

impl Component {
    /// "compile a component".
    pub(crate) fn compile(
        input: &str,
        encode: parts::Encode,
        options: Options,
    ) -> Result<Component, Error> {
        let parts = parts::parse(input, options, encode)?;
        let mut pattern = Buf::new();
        parts::pattern_string(&parts, options, &mut pattern)?;
        let mut groups = Vec::new();
        let mut group_count = 0;
        let mut has_regexp_groups = false;
        for p in parts.iter() {
            try_push(&mut groups, group_count)?;
            if p.kind != PartType::FixedText {
                group_count += 1;
            }
            has_regexp_groups |= p.kind == PartType::Regexp;
        }
        let mut regex = None;
        let mut limit = usize::MAX;
        if has_regexp_groups {
            for p in parts.iter() {
                check_escapes(p.value)?;
            }
            let mut source = Buf::new();
            parts::regexp(&parts, options, &mut source)?;
            let source = std::str::from_utf8(&source)
                .map_err(|_| Error::Syntax("invalid regular expression"))?;
            let flags = regress::Flags {
                icase: options.ignore_case,
                unicode_sets: true,
                ..Default::default()
            };
            regex = Some(
                regress::Regex::with_flags(source, flags)
                    .map_err(|_| Error::Syntax("invalid regular expression"))?,
            );
            let (quantifiers, nested) = quantifiers(source.as_bytes());
            if nested {
                limit = NESTED_QUANTIFIER_LIMIT;
            } else if quantifiers > 1 {
                limit = root_of_work(u32::try_from(quantifiers).unwrap_or(u32::MAX));
            }
        }
        let shape = shape(&parts);
        let (required, ends_fixed) = required(&parts)?;
        let pieces = if regex.is_none() && shape == Shape::General {
            pieces(&parts)?
        } else {
            Vec::new()
        };
        Ok(Component {
            pattern,
            parts,
            pieces,
            groups,
            group_count,
            options,
            shape,
            required,
            ends_fixed,
            regex,
            limit,
            has_regexp_groups,
        })
    }

    /// The group names, in order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &[u8]> {
        self.parts
            .iter()
            .filter(|p| p.kind != PartType::FixedText)
            .map(|p| p.name)
    }

    /// Whether `input` holds the fixed texts of every match, in order (and
    /// ends with the last where every match does).
    fn may_match(&self, input: &[u8]) -> bool {
        if self.ends_fixed {
            if let Some(last) = self.required.last() {
                if !input.ends_with(last) {
                    return false;
                }
            }
        }
        let mut at = 0;
        for t in &self.required {
            match find(&input[at..], t) {
                Some(i) => at += i + t.len(),
                None => return false,
            }
        }
        true
    }

    /// Whether the component matches without regard to case.
    pub(crate) fn ignore_case(&self) -> bool {
        self.options.ignore_case
    }

    /// "protocol component matches a special scheme".
    pub(crate) fn matches_special_scheme(&self) -> Result<bool, Error> {
        let mut caps = Vec::new();
        for s in SPECIAL {
            if self.exec(s.as_bytes(), &mut caps)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Matches `input` as a whole; on a match `caps` holds each group's
    /// range.
    pub(crate) fn exec(&self, input: &[u8], caps: &mut Captures) -> Result<bool, Error> {
        caps.clear();
        caps.try_reserve(self.group_count)?;
        for _ in 0..self.group_count {
            try_push(caps, None)?;
        }
        match self.shape {
            Shape::Any => {
                if has_line_terminator(input) {
                    return Ok(false);
                }
                if let Some(c) = caps.first_mut() {
                    *c = Some((0, input.len()));
                }
                return Ok(true);
            }
            Shape::Exact => {
                let v = self.parts.first().map_or(&b""[..], |p| p.value);
                return Ok(if self.options.ignore_case {
                    input.eq_ignore_ascii_case(v)
                } else {
                    input == v
                });
            }
            Shape::General => {}
        }
        if !self.options.ignore_case && !self.may_match(input) {
            return Ok(false);
        }
        if let Some(re) = &self.regex {
            // URL components are ASCII: the check is for an init's.
            let input = std::str::from_utf8(input).map_err(|_| Error::Syntax("invalid UTF-8"))?;
            if self.limit < input.len() && self.limit < input.chars().count() {
                return Err(Error::Budget);
            }
            let Some(m) = re.find(input) else {
                return Ok(false);
            };
            for (i, c) in caps.iter_mut().enumerate() {
                *c = m.group(i + 1).map(|r| (r.start, r.end));
            }
            return Ok(true);
        }
        let mut m = Matcher {
            c: self,
            input,
            steps: 0,
            depth: 0,
            caps,
        };
        m.run(0, 0)
    }
}

/// Refuses an escape that an ECMAScript regular expression in Unicode
/// mode does not have (`\m`): identity escapes are only for syntax
/// characters there.
fn check_escapes(re: &[u8]) -> Result<(), Error> {
    let mut i = 0;
    while i < re.len() {
        if re[i] == b'\\' {
            if let Some(&c) = re.get(i + 1) {
                if c.is_ascii_alphabetic() && !b"dDwWsSbBnrtfvcxupPk".contains(&c) {
                    return Err(Error::Syntax("invalid escape in a regular expression"));
                }
            }
            i += 1;
        }
        i += 1;
    }
    Ok(())
}

/// The number of unbounded quantifiers of a regular expression, and
/// whether a quantified group holds one itself.
fn quantifiers(re: &[u8]) -> (usize, bool) {
    let mut stack: Vec<bool> = Vec::new();
    let mut i = 0;
    let mut in_class = false;
    let mut inside = false;
    let mut count = 0;
    let mut nested = false;
    while i < re.len() {
        let c = re[i];
        match c {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            _ if in_class => {}
            b'(' => {
                if try_push(&mut stack, inside).is_err() {
                    return (usize::MAX, true);
                }
                inside = false;
            }
            b')' => {
                let group = inside;
                inside = stack.pop().unwrap_or(false) || group;
                if group && unbounded(&re[i + 1..]) {
                    nested = true;
                }
            }
            _ if unbounded(&re[i..]) => {
                count += 1;
                inside = true;
            }
            _ => {}
        }
        i += 1;
    }
    (count, nested)
}

/// Whether `rest` starts with an unbounded quantifier: `*`, `+` or
/// `{n,}`.
fn unbounded(rest: &[u8]) -> bool {
    match rest {
        [b'*' | b'+', ..] => true,
        [b'{', tail @ ..] => {
            let digits = tail.iter().take_while(|b| b.is_ascii_digit()).count();
            digits > 0 && tail.get(digits) == Some(&b',') && tail.get(digits + 1) == Some(&b'}')
        }
        _ => false,
    }
}

struct Matcher<'a> {
    c: &'a Component,
    input: &'a [u8],
    steps: u64,
    depth: usize,
    caps: &'a mut Captures,
}

impl Matcher<'_> {
    fn step(&mut self) -> Result<(), Error> {
        self.steps += 1;
        if self.steps > STEP_BUDGET {
            return Err(Error::Budget);
        }
        Ok(())
    }

    fn lit(&self, pos: usize, s: &[u8]) -> bool {
        let Some(h) = self.input.get(pos..pos + s.len()) else {
            return false;
        };
        if self.c.options.ignore_case {
            h.eq_ignore_ascii_case(s)
        } else {
            h == s
        }
    }

    fn char_len(&self, pos: usize) -> usize {
        match self.input.get(pos) {
            None => 0,
            Some(&b) if b < 0x80 => 1,
            Some(&b) if b >= 0xF0 => 4,
            Some(&b) if b >= 0xE0 => 3,
            Some(_) => 2,
        }
    }

    /// Whether the code point at `pos` is one the group's kind takes.
    fn takes(&self, kind: PartType, pos: usize) -> bool {
        let Some(&b) = self.input.get(pos) else {
            return false;
        };
        match kind {
            PartType::SegmentWildcard => Some(b) != self.c.options.delimiter,
            // `.` stops at line terminators.
            _ => {
                let separator = b == 0xE2
                    && self.input.get(pos + 1) == Some(&0x80)
                    && matches!(self.input.get(pos + 2), Some(0xA8 | 0xA9));
                !(matches!(b, b'\n' | b'\r') || separator)
            }
        }
    }

    /// The end of the longest run the kind takes from `pos`.
    fn run_end(&self, kind: PartType, mut pos: usize) -> usize {
        while self.takes(kind, pos) {
            pos += self.char_len(pos);
        }
        pos
    }

    fn back(&self, mut pos: usize) -> usize {
        pos -= 1;
        while pos > 0 && self.input[pos] & 0xC0 == 0x80 {
            pos -= 1;
        }
        pos
    }

    /// The ends one match of the kind may have from `a`, in the order
    /// the regular expression tries them: shortest first for a segment
    /// (`[^/]+?`), longest first for a full wildcard (`.*`).
    fn candidates(&self, kind: PartType, a: usize) -> Candidates {
        let end = self.run_end(kind, a);
        if kind == PartType::SegmentWildcard {
            Candidates {
                next: if end > a {
                    Some(a + self.char_len(a))
                } else {
                    None
                },
                last: end,
                lazy: true,
            }
        } else {
            Candidates {
                next: Some(end),
                last: a,
                lazy: false,
            }
        }
    }

    fn advance(&self, c: &mut Candidates) -> Option<usize> {
        let e = c.next?;
        c.next = if c.lazy {
            (e < c.last).then(|| e + self.char_len(e))
        } else {
            (e > c.last).then(|| self.back(e))
        };
        Some(e)
    }

    fn run(&mut self, i: usize, pos: usize) -> Result<bool, Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::Budget);
        }
        let r = self.run_part(i, pos);
        self.depth -= 1;
        r
    }

    fn run_part(&mut self, i: usize, pos: usize) -> Result<bool, Error> {
        self.step()?;
        let c = self.c;
        let Some(part) = c.pieces.get(i) else {
            return Ok(pos == self.input.len());
        };
        if part.kind == PartType::FixedText {
            let v = &part.value[..];
            if v.is_empty() {
                return self.run(i + 1, pos);
            }
            return match part.modifier {
                Modifier::None => Ok(self.lit(pos, v) && self.run(i + 1, pos + v.len())?),
                Modifier::Optional => {
                    if self.lit(pos, v) && self.run(i + 1, pos + v.len())? {
                        return Ok(true);
                    }
                    self.run(i + 1, pos)
                }
                Modifier::ZeroOrMore | Modifier::OneOrMore => {
                    let mut k = 0;
                    while self.lit(pos + k * v.len(), v) {
                        k += 1;
                    }
                    let min = usize::from(part.modifier == Modifier::OneOrMore);
                    while k >= min {
                        if self.run(i + 1, pos + k * v.len())? {
                            return Ok(true);
                        }
                        if k == 0 {
                            break;
                        }
                        k -= 1;
                    }
                    Ok(false)
                }
            };
        }
        self.group(i, pos)
    }

    fn group(&mut self, i: usize, pos: usize) -> Result<bool, Error> {
        let c = self.c;
        let part = &c.pieces[i];
        let g = c.groups[i];
        let (p, s) = (&part.prefix[..], &part.suffix[..]);
        let repeat = matches!(part.modifier, Modifier::ZeroOrMore | Modifier::OneOrMore);
        let optional = matches!(part.modifier, Modifier::Optional | Modifier::ZeroOrMore);
        if repeat && p.is_empty() && s.is_empty() {
            // `((?:V)*)`: every run of what V takes, longest first.
            let end = self.run_end(part.kind, pos);
            let min =
                if part.modifier == Modifier::OneOrMore && part.kind == PartType::SegmentWildcard {
                    pos + self.char_len(pos)
                } else {
                    pos
                };
            let mut e = end;
            while e >= min && (e > pos || min == pos) {
                self.step()?;
                self.caps[g] = Some((pos, e));
                if self.run(i + 1, e)? {
                    return Ok(true);
                }
                if e == pos {
                    break;
                }
                e = self.back(e);
            }
            return Ok(false);
        }
        if self.lit(pos, p) {
            let a = pos + p.len();
            if repeat {
                if self.repeat(i, a, a)? {
                    return Ok(true);
                }
            } else {
                let mut cands = self.candidates(part.kind, a);
                while let Some(e) = self.advance(&mut cands) {
                    self.step()?;
                    // An optional group that would match nothing does
                    // not take part (ECMAScript's empty check).
                    if self.lit(e, s) && !(optional && e + s.len() == pos) {
                        self.caps[g] = Some((a, e));
                        if self.run(i + 1, e + s.len())? {
                            return Ok(true);
                        }
                    }
                }
            }
        }
        if optional {
            self.caps[g] = None;
            return self.run(i + 1, pos);
        }
        Ok(false)
    }

    /// `V (S P V)*` from `a`, the group having started at `start`.
    fn repeat(&mut self, i: usize, start: usize, a: usize) -> Result<bool, Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::Budget);
        }
        let comp = self.c;
        let part = &comp.pieces[i];
        let g = comp.groups[i];
        let (p, s) = (&part.prefix[..], &part.suffix[..]);
        let mut c = self.candidates(part.kind, a);
        let mut found = false;
        while let Some(e) = self.advance(&mut c) {
            self.step()?;
            if !self.lit(e, s) {
                continue;
            }
            let again = e + s.len();
            if self.lit(again, p)
                && again + p.len() > e
                && self.repeat(i, start, again + p.len())?
            {
                found = true;
                break;
            }
            self.caps[g] = Some((start, e));
            if self.run(i + 1, e + s.len())? {
                found = true;
                break;
            }
        }
        self.depth -= 1;
        Ok(found)
    }
}

struct Candidates {
    next: Option<usize>,
    last: usize,
    lazy: bool,
}
