//! The URL Standard's validation errors ("Writing", the validation error
//! table): their names ([`ValidationError`]), one error as the parser met
//! it ([`Validation`]: its name, its bytes of the input, whether the parser
//! returned failure there) and what a reporting parse gives
//! ([`Report`]).
//!
//! The parser, the host parser and the IPv4 and IPv6 parsers are generic
//! over a [`Reporter`]: the plain parser's is [`NoReport`], whose calls
//! compile to nothing, and a reporting parse's a [`Recorder`], which keeps
//! every error in a list. They report positions in the input as the state
//! machine reads it (trimmed, tabs and newlines removed, invalid UTF-8
//! replaced); [`Positions`] maps them back to the caller's bytes.

use std::fmt;
use std::ops::Range;

use crate::bytes::buf::{try_push, try_with_capacity, NoMemory};

/// A validation error of the URL Standard, by the name its table gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValidationError {
    /// `domain-to-ASCII`: Unicode ToASCII with CheckHyphens,
    /// UseSTD3ASCIIRules and VerifyDnsLength records an error.
    DomainToAscii,
    /// `domain-percent-encoded`: a domain holds a percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host holds a forbidden host
    /// code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with `.`.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than 4 parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: a part of an IPv4 address is not a number.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: a part of an IPv4 address is hexadecimal
    /// or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: a part of an IPv4 address exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: an IPv6 address lacks its closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with a single
    /// `:`.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address has more than 8 pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address has `::` twice.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address holds a code point that
    /// is not a hex digit or `:`, or ends unexpectedly.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than
    /// 8 pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: a piece of an IPv6 address has a
    /// leading `0`.
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: an IPv6 address with an IPv4 tail
    /// has more than 6 pieces before it.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: the IPv4 tail of an IPv6
    /// address has an empty part, a non-digit, a leading `0` or too many
    /// parts.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: a part of the IPv4 tail of an
    /// IPv6 address exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: the IPv4 tail of an IPv6 address has
    /// fewer than 4 parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit`: a code point that is not a URL unit (or a `%`
    /// not followed by two hex digits).
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not
    /// followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme, and no base (or one
    /// with an opaque path) to resolve against.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: a special URL uses `\` for `/`.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input includes credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL, or credentials or a port, without a
    /// host.
    HostMissing,
    /// `port-out-of-range`: the port exceeds 65535.
    PortOutOfRange,
    /// `port-invalid`: the port holds something other than digits.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative input starting
    /// with a Windows drive letter against a `file` base.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a `file` URL's host is a
    /// Windows drive letter.
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationError {
    /// Every validation error, in the order of the Standard's table (the
    /// order of the C layer's numbers).
    pub const ALL: [ValidationError; 30] = [
        ValidationError::DomainToAscii,
        ValidationError::DomainPercentEncoded,
        ValidationError::HostInvalidCodePoint,
        ValidationError::Ipv4EmptyPart,
        ValidationError::Ipv4TooFewParts,
        ValidationError::Ipv4TooManyParts,
        ValidationError::Ipv4NonNumericPart,
        ValidationError::Ipv4NonDecimalPart,
        ValidationError::Ipv4OutOfRangePart,
        ValidationError::Ipv6Unclosed,
        ValidationError::Ipv6InvalidCompression,
        ValidationError::Ipv6TooManyPieces,
        ValidationError::Ipv6MultipleCompression,
        ValidationError::Ipv6InvalidCodePoint,
        ValidationError::Ipv6TooFewPieces,
        ValidationError::Ipv6PieceLeadingZero,
        ValidationError::Ipv4InIpv6TooManyPieces,
        ValidationError::Ipv4InIpv6InvalidCodePoint,
        ValidationError::Ipv4InIpv6OutOfRangePart,
        ValidationError::Ipv4InIpv6TooFewParts,
        ValidationError::InvalidUrlUnit,
        ValidationError::SpecialSchemeMissingFollowingSolidus,
        ValidationError::MissingSchemeNonRelativeUrl,
        ValidationError::InvalidReverseSolidus,
        ValidationError::InvalidCredentials,
        ValidationError::HostMissing,
        ValidationError::PortOutOfRange,
        ValidationError::PortInvalid,
        ValidationError::FileInvalidWindowsDriveLetter,
        ValidationError::FileInvalidWindowsDriveLetterHost,
    ];

    /// The name the Standard gives it (`"IPv4-empty-part"`).
    pub const fn name(self) -> &'static str {
        match self {
            ValidationError::DomainToAscii => "domain-to-ASCII",
            ValidationError::DomainPercentEncoded => "domain-percent-encoded",
            ValidationError::HostInvalidCodePoint => "host-invalid-code-point",
            ValidationError::Ipv4EmptyPart => "IPv4-empty-part",
            ValidationError::Ipv4TooFewParts => "IPv4-too-few-parts",
            ValidationError::Ipv4TooManyParts => "IPv4-too-many-parts",
            ValidationError::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            ValidationError::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            ValidationError::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            ValidationError::Ipv6Unclosed => "IPv6-unclosed",
            ValidationError::Ipv6InvalidCompression => "IPv6-invalid-compression",
            ValidationError::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            ValidationError::Ipv6MultipleCompression => "IPv6-multiple-compression",
            ValidationError::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            ValidationError::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            ValidationError::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            ValidationError::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            ValidationError::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            ValidationError::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            ValidationError::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            ValidationError::InvalidUrlUnit => "invalid-URL-unit",
            ValidationError::SpecialSchemeMissingFollowingSolidus => {
                "special-scheme-missing-following-solidus"
            }
            ValidationError::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            ValidationError::InvalidReverseSolidus => "invalid-reverse-solidus",
            ValidationError::InvalidCredentials => "invalid-credentials",
            ValidationError::HostMissing => "host-missing",
            ValidationError::PortOutOfRange => "port-out-of-range",
            ValidationError::PortInvalid => "port-invalid",
            ValidationError::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            ValidationError::FileInvalidWindowsDriveLetterHost => {
                "file-invalid-Windows-drive-letter-host"
            }
        }
    }

    /// The error named `name`, as [`ValidationError::name`] spells it, in
    /// any ASCII case.
    pub fn from_name(name: &[u8]) -> Option<ValidationError> {
        ValidationError::ALL
            .into_iter()
            .find(|e| e.name().as_bytes().eq_ignore_ascii_case(name))
    }

    /// Its number: its place in [`ValidationError::ALL`].
    pub const fn id(self) -> u32 {
        self as u32
    }

    /// The error numbered `id` ([`ValidationError::id`]).
    pub fn from_id(id: u32) -> Option<ValidationError> {
        ValidationError::ALL.get(usize::try_from(id).ok()?).copied()
    }

    /// Whether the Standard's table marks it as a failure: the parser
    /// returns failure where it meets it (`IPv4-out-of-range-part` only for
    /// some parts, `domain-to-ASCII` only when the relaxed processing of
    /// the domain fails too; [`Validation::fatal`] says which).
    pub const fn can_fail(self) -> bool {
        !matches!(
            self,
            ValidationError::DomainPercentEncoded
                | ValidationError::Ipv4EmptyPart
                | ValidationError::Ipv4TooFewParts
                | ValidationError::Ipv4NonDecimalPart
                | ValidationError::Ipv6PieceLeadingZero
                | ValidationError::InvalidUrlUnit
                | ValidationError::SpecialSchemeMissingFollowingSolidus
                | ValidationError::InvalidReverseSolidus
                | ValidationError::InvalidCredentials
                | ValidationError::FileInvalidWindowsDriveLetter
                | ValidationError::FileInvalidWindowsDriveLetterHost
        )
    }

    /// What it means, in a few words (the Standard's description).
    pub const fn message(self) -> &'static str {
        match self {
            ValidationError::DomainToAscii => {
                "the domain is not valid under strict IDNA processing"
            }
            ValidationError::DomainPercentEncoded => "the domain holds a percent-encoded byte",
            ValidationError::HostInvalidCodePoint => "the opaque host holds a forbidden code point",
            ValidationError::Ipv4EmptyPart => "the IPv4 address ends with a dot",
            ValidationError::Ipv4TooFewParts => "the IPv4 address has fewer than 4 parts",
            ValidationError::Ipv4TooManyParts => "the IPv4 address has more than 4 parts",
            ValidationError::Ipv4NonNumericPart => "a part of the IPv4 address is not a number",
            ValidationError::Ipv4NonDecimalPart => {
                "a part of the IPv4 address is hexadecimal or octal"
            }
            ValidationError::Ipv4OutOfRangePart => "a part of the IPv4 address exceeds 255",
            ValidationError::Ipv6Unclosed => "the IPv6 address lacks its closing bracket",
            ValidationError::Ipv6InvalidCompression => {
                "the IPv6 address begins with improper compression"
            }
            ValidationError::Ipv6TooManyPieces => "the IPv6 address has more than 8 pieces",
            ValidationError::Ipv6MultipleCompression => {
                "the IPv6 address is compressed in more than one spot"
            }
            ValidationError::Ipv6InvalidCodePoint => {
                "the IPv6 address holds an invalid code point or ends unexpectedly"
            }
            ValidationError::Ipv6TooFewPieces => "the IPv6 address has fewer than 8 pieces",
            ValidationError::Ipv6PieceLeadingZero => "a piece of the IPv6 address has a leading 0",
            ValidationError::Ipv4InIpv6TooManyPieces => {
                "the IPv6 address has more than 6 pieces before its IPv4 part"
            }
            ValidationError::Ipv4InIpv6InvalidCodePoint => {
                "the IPv4 part of the IPv6 address is malformed"
            }
            ValidationError::Ipv4InIpv6OutOfRangePart => {
                "a part of the IPv4 part of the IPv6 address exceeds 255"
            }
            ValidationError::Ipv4InIpv6TooFewParts => {
                "the IPv4 part of the IPv6 address has fewer than 4 parts"
            }
            ValidationError::InvalidUrlUnit => "a code point that is not a URL unit",
            ValidationError::SpecialSchemeMissingFollowingSolidus => {
                "the special scheme is not followed by \"//\""
            }
            ValidationError::MissingSchemeNonRelativeUrl => {
                "no scheme, and no base URL to resolve against"
            }
            ValidationError::InvalidReverseSolidus => "a backslash where a slash belongs",
            ValidationError::InvalidCredentials => "the URL includes credentials",
            ValidationError::HostMissing => "the host is missing",
            ValidationError::PortOutOfRange => "the port exceeds 65535",
            ValidationError::PortInvalid => "the port is not a number",
            ValidationError::FileInvalidWindowsDriveLetter => {
                "a relative URL starting with a Windows drive letter against a file base"
            }
            ValidationError::FileInvalidWindowsDriveLetterHost => {
                "the host of a file URL is a Windows drive letter"
            }
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One validation error as the parser met it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Validation {
    error: ValidationError,
    start: usize,
    end: usize,
    fatal: bool,
}

impl Validation {
    /// A validation error at bytes `start..end` of the input.
    pub fn new(error: ValidationError, start: usize, end: usize, fatal: bool) -> Validation {
        Validation {
            error,
            start,
            end,
            fatal,
        }
    }

    /// Which error it is.
    pub fn error(&self) -> ValidationError {
        self.error
    }

    /// The bytes of the input it is about: the code point, part or host
    /// that caused it, empty (at the place) where something is missing.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// Where the span starts.
    pub fn start(&self) -> usize {
        self.start
    }

    /// Where the span ends.
    pub fn end(&self) -> usize {
        self.end
    }

    /// Whether the parser returned failure at it: it is then the last
    /// error of its [`Report`].
    pub fn fatal(&self) -> bool {
        self.fatal
    }
}

/// What a reporting parse says of an input: every validation error in
/// the order the parser met them, whether the parser returned failure,
/// and whether the input is a valid URL string.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub(crate) errors: Vec<Validation>,
    pub(crate) failure: bool,
    pub(crate) valid: bool,
}

impl Report {
    /// An empty report, to be filled by [`super::validate_reusing`].
    pub fn new() -> Report {
        Report::default()
    }

    /// The validation errors, in the order the parser met them, repeats
    /// included.
    pub fn errors(&self) -> &[Validation] {
        &self.errors
    }

    /// Whether the parser returned failure (the last error is then
    /// [`Validation::fatal`]).
    pub fn failure(&self) -> bool {
        self.failure
    }

    /// Whether the input is a valid URL string: an
    /// absolute-URL-with-fragment string, or with a base a
    /// relative-URL-with-fragment string, by the Standard's URL-writing
    /// grammar. Bytes that are not UTF-8 are not a string, so not valid.
    pub fn valid(&self) -> bool {
        self.valid
    }

    /// A copy; fails instead of aborting when memory runs out.
    pub fn try_clone(&self) -> Result<Report, NoMemory> {
        let mut errors = try_with_capacity(self.errors.len())?;
        for &e in &self.errors {
            try_push(&mut errors, e)?;
        }
        Ok(Report {
            errors,
            failure: self.failure,
            valid: self.valid,
        })
    }
}

/// Where the parser's validation errors go.
pub(crate) trait Reporter {
    /// Whether errors are kept: `false` for [`NoReport`], so that code
    /// under `if R::ON` is not compiled into the plain parser.
    const ON: bool;

    /// The parser met `error` at `start..end` of the input it reads.
    fn report(&mut self, error: ValidationError, start: usize, end: usize);

    /// The input is not a valid URL string though no error says so: a
    /// domain that is not ASCII was read as an IPv4 address.
    fn not_valid(&mut self);
}

impl<T: Reporter> Reporter for &mut T {
    const ON: bool = T::ON;

    #[inline(always)]
    fn report(&mut self, error: ValidationError, start: usize, end: usize) {
        (**self).report(error, start, end);
    }

    #[inline(always)]
    fn not_valid(&mut self) {
        (**self).not_valid();
    }
}

/// The plain parser's reporter: nothing is kept, nothing is computed.
pub(crate) struct NoReport;

impl Reporter for NoReport {
    const ON: bool = false;

    #[inline(always)]
    fn report(&mut self, _: ValidationError, _: usize, _: usize) {}

    #[inline(always)]
    fn not_valid(&mut self) {}
}

/// A reporting parse's reporter: the errors go into a list.
pub(crate) struct Recorder<'r> {
    list: &'r mut Vec<Validation>,
    /// Memory ran out while the list grew: the parse fails with
    /// [`NoMemory`] when it ends.
    pub(crate) full: bool,
    /// See [`Reporter::not_valid`].
    pub(crate) not_valid: bool,
}

impl<'r> Recorder<'r> {
    /// A recorder that appends to `list`.
    pub(crate) fn new(list: &'r mut Vec<Validation>) -> Recorder<'r> {
        Recorder {
            list,
            full: false,
            not_valid: false,
        }
    }

    /// Forgets the errors from the `len`th on.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.list.truncate(len);
    }

    /// How many errors it holds.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    /// Maps the positions of the errors from the `from`th on through
    /// `positions`, and marks the last of them fatal when the parser
    /// failed: the parser returns failure right after the error that
    /// causes it.
    pub(crate) fn finish(&mut self, from: usize, positions: &Positions, failure: bool) {
        let errors = &mut self.list[from..];
        for v in errors.iter_mut() {
            let (start, end) = positions.span(v.start, v.end);
            v.start = start;
            v.end = end;
        }
        if let Some(last) = errors.last_mut().filter(|_| failure) {
            last.fatal = true;
        }
    }
}

impl Reporter for Recorder<'_> {
    const ON: bool = true;

    fn report(&mut self, error: ValidationError, start: usize, end: usize) {
        if !self.full && try_push(self.list, Validation::new(error, start, end, false)).is_err() {
            self.full = true;
        }
    }

    fn not_valid(&mut self) {
        self.not_valid = true;
    }
}

/// Where the bytes of the input the state machine reads came from in the
/// caller's input.
pub(crate) struct Positions {
    /// Where the trimmed input starts in the caller's.
    shift: usize,
    /// Where the trimmed input ends in the caller's: the place of the end
    /// of the input the state machine reads.
    end: usize,
    /// When cleaning changed more than the ends: the caller's position of
    /// each byte read (the three bytes of a U+FFFD that replaced the bytes
    /// `a..b` are at `a`, `b - 1`, `b - 1`). Empty otherwise.
    map: Vec<usize>,
}

impl Positions {
    /// The input read is `input[start..end]` of the caller's.
    pub(crate) fn shifted(start: usize, end: usize) -> Positions {
        Positions {
            shift: start,
            end,
            map: Vec::new(),
        }
    }

    /// The input read is the cleaning of `input[start..end]` (see
    /// `parser::clean`): tabs and newlines removed, each invalid UTF-8
    /// sequence replaced by U+FFFD.
    pub(crate) fn cleaned(
        input: &[u8],
        start: usize,
        end: usize,
        read_len: usize,
    ) -> Result<Positions, NoMemory> {
        let mut map = try_with_capacity(read_len)?;
        let mut at = start;
        for chunk in input[start..end].utf8_chunks() {
            for &b in chunk.valid().as_bytes() {
                if !matches!(b, b'\t' | b'\n' | b'\r') {
                    try_push(&mut map, at)?;
                }
                at += 1;
            }
            let n = chunk.invalid().len();
            if n > 0 {
                for p in [at, at + n - 1, at + n - 1] {
                    try_push(&mut map, p)?;
                }
                at += n;
            }
        }
        Ok(Positions {
            shift: start,
            end,
            map,
        })
    }

    /// The caller's span of the span `start..end` of the input read.
    fn span(&self, start: usize, end: usize) -> (usize, usize) {
        if self.map.is_empty() {
            return (start + self.shift, end + self.shift);
        }
        let from = self.map.get(start).copied().unwrap_or(self.end);
        let to = match end.checked_sub(1) {
            Some(last) if end > start => self.map.get(last).map_or(self.end, |p| p + 1),
            _ => from,
        };
        (from, to)
    }
}

/// Where a host's errors go in the input read: the host starts at `at`
/// and is `len` bytes long. When the text the host parser works on is
/// not the host's bytes (percent-decoded, or mapped by IDNA), every error
/// spans the whole host.
#[derive(Clone, Copy)]
pub(crate) struct Place {
    pub(crate) at: usize,
    pub(crate) len: usize,
    /// The text worked on is the host's bytes, but for ASCII case.
    pub(crate) exact: bool,
}

impl Place {
    /// Reports `error` at `start..end` of the text worked on.
    #[inline(always)]
    pub(crate) fn report<R: Reporter>(
        self,
        r: &mut R,
        error: ValidationError,
        start: usize,
        end: usize,
    ) {
        if self.exact {
            r.report(error, self.at + start, self.at + end);
        } else {
            r.report(error, self.at, self.at + self.len);
        }
    }

    /// Reports `error` on the whole host.
    #[inline(always)]
    pub(crate) fn whole<R: Reporter>(self, r: &mut R, error: ValidationError) {
        r.report(error, self.at, self.at + self.len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_names() {
        assert_eq!(ValidationError::ALL.len(), 30);
        let failures = ValidationError::ALL.iter().filter(|e| e.can_fail()).count();
        assert_eq!(failures, 19);
        for (i, e) in ValidationError::ALL.into_iter().enumerate() {
            assert_eq!(e.id() as usize, i);
            assert_eq!(ValidationError::from_id(e.id()), Some(e));
            assert_eq!(ValidationError::from_name(e.name().as_bytes()), Some(e));
            assert!(!e.message().is_empty());
        }
        assert_eq!(
            ValidationError::from_name(b"ipv4-EMPTY-part"),
            Some(ValidationError::Ipv4EmptyPart)
        );
        assert_eq!(ValidationError::from_name(b"nope"), None);
        assert_eq!(ValidationError::from_id(30), None);
    }

    #[test]
    fn positions_through_cleaning() {
        // " a\tb\xffc " read as "ab\u{FFFD}c".
        let input = b" a\tb\xffc ";
        let p = Positions::cleaned(input, 1, 6, 6).unwrap();
        assert_eq!(p.map, [1, 3, 4, 4, 4, 5]);
        assert_eq!(p.span(0, 2), (1, 4));
        assert_eq!(p.span(2, 5), (4, 5));
        assert_eq!(p.span(5, 6), (5, 6));
        assert_eq!(p.span(6, 6), (6, 6));
        assert_eq!(p.span(1, 1), (3, 3));
        let s = Positions::shifted(2, 9);
        assert_eq!(s.span(0, 3), (2, 5));
    }
}
