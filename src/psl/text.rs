//! Reading the list's text: its rules, each with its section, and the
//! refusal of anything that is not a list (doc/psl.md, "Loading a list").
//!
//! The format is the list project's: one rule a line, read up to the first
//! whitespace; `//` starts a comment line; `!` starts an exception rule;
//! `*` as a whole label is a wildcard. `// ===BEGIN ICANN DOMAINS===` and
//! `// ===BEGIN PRIVATE DOMAINS===` (each with its `END`) mark the
//! sections; a rule outside both counts as a private one (it is not the
//! ICANN section's).

use std::fmt;

use crate::bytes::buf::NoMemory;

/// The most labels a rule may have: a domain name has at most 127.
pub const MAX_LABELS: usize = 127;
/// The longest label a rule may have, in bytes (a DNS label has at most
/// 63 octets; a U-label's UTF-8 may take more).
pub const MAX_LABEL: usize = 255;

/// Why a text is not a list, or could not be loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The text is not UTF-8 (first bad byte on this line, from 1).
    NotUtf8 {
        /// The line.
        line: usize,
    },
    /// A control byte (other than TAB, CR and LF) on this line.
    ControlByte {
        /// The line.
        line: usize,
    },
    /// A rule that the format does not allow.
    BadRule {
        /// The line.
        line: usize,
        /// What is wrong with it.
        why: RuleError,
    },
    /// No rule at all.
    NoRules,
    /// More labels than the table can number (its arena holds 16 MiB of
    /// labels, its slots 2^31 keys).
    TooLarge,
    /// The hash table could not be built (a failure of its random choices,
    /// which no list of real size meets).
    Unplaceable,
    /// Memory ran out.
    NoMemory,
}

/// What is wrong with a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// An empty label: a leading, trailing or doubled dot.
    EmptyLabel,
    /// A byte no host has: a space or control, or one of
    /// `! " # % ' * , / : ; < = > ? @ [ \ ] ^ |` within a label.
    BadByte,
    /// `*` in a label with other bytes.
    PartialWildcard,
    /// An exception (`!`) of one label, or whose first label is `*`.
    BadException,
    /// More than [`MAX_LABELS`] labels.
    TooManyLabels,
    /// A label longer than [`MAX_LABEL`] bytes.
    LabelTooLong,
}

impl From<NoMemory> for LoadError {
    fn from(_: NoMemory) -> LoadError {
        LoadError::NoMemory
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleError::EmptyLabel => "an empty label",
            RuleError::BadByte => "a byte no host name has",
            RuleError::PartialWildcard => "a '*' that is not a whole label",
            RuleError::BadException => "an exception of one label or of a wildcard",
            RuleError::TooManyLabels => "more than 127 labels",
            RuleError::LabelTooLong => "a label longer than 255 bytes",
        })
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotUtf8 { line } => write!(f, "line {line}: not UTF-8"),
            LoadError::ControlByte { line } => write!(f, "line {line}: a control byte"),
            LoadError::BadRule { line, why } => write!(f, "line {line}: a rule with {why}"),
            LoadError::NoRules => f.write_str("no rule"),
            LoadError::TooLarge => f.write_str("too many labels"),
            LoadError::Unplaceable => f.write_str("the hash table could not be built"),
            LoadError::NoMemory => f.write_str("out of memory"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The section a rule is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Section {
    /// `===BEGIN ICANN DOMAINS===`.
    Icann,
    /// `===BEGIN PRIVATE DOMAINS===`, or outside both.
    Private,
}

/// One rule of the text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule<'a> {
    pub(crate) section: Section,
    pub(crate) exception: bool,
    /// The labels, dot-separated, without the `!`.
    pub(crate) name: &'a [u8],
}

/// The text checked as a whole: UTF-8 with no control byte but TAB, CR
/// and LF, a leading byte-order mark dropped.
pub(crate) fn checked(text: &[u8]) -> Result<&[u8], LoadError> {
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
    if let Err(e) = std::str::from_utf8(text) {
        return Err(LoadError::NotUtf8 {
            line: line_of(text, e.valid_up_to()),
        });
    }
    if let Some(i) = text
        .iter()
        .position(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n')) || b == 0x7f)
    {
        return Err(LoadError::ControlByte {
            line: line_of(text, i),
        });
    }
    Ok(text)
}

/// The line (from 1) of byte `at`.
fn line_of(text: &[u8], at: usize) -> usize {
    1 + text[..at].iter().filter(|&&b| b == b'\n').count()
}

/// The rules of a [`checked`] text, in order.
pub(crate) struct Rules<'a> {
    rest: &'a [u8],
    line: usize,
    section: Section,
}

impl<'a> Rules<'a> {
    pub(crate) fn new(text: &'a [u8]) -> Rules<'a> {
        Rules {
            rest: text,
            line: 0,
            section: Section::Private,
        }
    }
}

impl<'a> Iterator for Rules<'a> {
    type Item = Result<Rule<'a>, LoadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.rest.is_empty() {
            let (line, rest) = match self.rest.iter().position(|&b| b == b'\n') {
                Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
                None => (self.rest, &b""[..]),
            };
            self.rest = rest;
            self.line += 1;
            let line = trim_start(line);
            if let Some(comment) = line.strip_prefix(b"//") {
                self.section = marker(comment).unwrap_or(self.section);
                continue;
            }
            let end = line
                .iter()
                .position(|&b| matches!(b, b' ' | b'\t' | b'\r'))
                .unwrap_or(line.len());
            if end == 0 {
                continue;
            }
            return Some(
                rule(&line[..end], self.section).map_err(|why| LoadError::BadRule {
                    line: self.line,
                    why,
                }),
            );
        }
        None
    }
}

/// The line without its leading spaces and TABs.
fn trim_start(line: &[u8]) -> &[u8] {
    let n = line
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count();
    &line[n..]
}

/// The section a comment starts or ends, if it is a marker.
fn marker(comment: &[u8]) -> Option<Section> {
    let c = trim_start(comment);
    let c = c.strip_suffix(b"\r").unwrap_or(c);
    match c {
        b"===BEGIN ICANN DOMAINS===" => Some(Section::Icann),
        // After the ICANN section, and around the PRIVATE one: private.
        b"===END ICANN DOMAINS==="
        | b"===BEGIN PRIVATE DOMAINS==="
        | b"===END PRIVATE DOMAINS===" => Some(Section::Private),
        _ => None,
    }
}

/// One rule, checked.
fn rule(token: &[u8], section: Section) -> Result<Rule<'_>, RuleError> {
    let (exception, name) = match token.strip_prefix(b"!") {
        Some(n) => (true, n),
        None => (false, token),
    };
    let mut labels = 0;
    for label in name.split(|&b| b == b'.') {
        labels += 1;
        if labels > MAX_LABELS {
            return Err(RuleError::TooManyLabels);
        }
        if label.is_empty() {
            return Err(RuleError::EmptyLabel);
        }
        if label.len() > MAX_LABEL {
            return Err(RuleError::LabelTooLong);
        }
        if label == b"*" {
            continue;
        }
        if label.contains(&b'*') {
            return Err(RuleError::PartialWildcard);
        }
        if label.iter().any(|&b| {
            b <= b' '
                || b == 0x7f
                || matches!(
                    b,
                    b'!' | b'"'
                        | b'#'
                        | b'%'
                        | b'\''
                        | b','
                        | b'/'
                        | b':'
                        | b';'
                        | b'<'
                        | b'='
                        | b'>'
                        | b'?'
                        | b'@'
                        | b'['
                        | b'\\'
                        | b']'
                        | b'^'
                        | b'|'
                )
        }) {
            return Err(RuleError::BadByte);
        }
    }
    if exception && (labels < 2 || name.starts_with(b"*.")) {
        return Err(RuleError::BadException);
    }
    Ok(Rule {
        section,
        exception,
        name,
    })
}

/// The value of the header's `// VERSION:` comment, if the text has one
/// before its first rule ("" if not).
pub(crate) fn version(text: &[u8]) -> &[u8] {
    for line in text.split(|&b| b == b'\n') {
        let line = trim_start(line);
        let Some(comment) = line.strip_prefix(b"//") else {
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            break;
        };
        if let Some(v) = trim_start(comment).strip_prefix(b"VERSION:") {
            let v = trim_start(v);
            let end = v
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |i| i + 1);
            return &v[..end];
        }
    }
    b""
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Result<Vec<(Section, bool, String)>, LoadError> {
        Rules::new(checked(text.as_bytes())?)
            .map(|r| {
                r.map(|r| {
                    (
                        r.section,
                        r.exception,
                        String::from_utf8(r.name.to_vec()).unwrap(),
                    )
                })
            })
            .collect()
    }

    #[test]
    fn sections_comments_and_whitespace() {
        let text = "// x\ncom\n// ===BEGIN ICANN DOMAINS===\n  uk   trailing words\r\n\n!www.ck\n\
                    // ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\n*.x.io\t\n";
        assert_eq!(
            rules(text).unwrap(),
            [
                (Section::Private, false, "com".into()),
                (Section::Icann, false, "uk".into()),
                (Section::Icann, true, "www.ck".into()),
                (Section::Private, false, "*.x.io".into()),
            ]
        );
    }

    #[test]
    fn refusals() {
        let bad = |t: &str| rules(t).unwrap_err();
        assert_eq!(
            bad("com\na..b\n"),
            LoadError::BadRule {
                line: 2,
                why: RuleError::EmptyLabel
            }
        );
        assert_eq!(
            bad(".com"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::EmptyLabel
            }
        );
        assert_eq!(
            bad("com."),
            LoadError::BadRule {
                line: 1,
                why: RuleError::EmptyLabel
            }
        );
        assert_eq!(
            bad("a*.b"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::PartialWildcard
            }
        );
        assert_eq!(
            bad("!com"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::BadException
            }
        );
        assert_eq!(
            bad("!*.com"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::BadException
            }
        );
        assert_eq!(
            bad("a:b"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::BadByte
            }
        );
        assert_eq!(
            bad("<html>"),
            LoadError::BadRule {
                line: 1,
                why: RuleError::BadByte
            }
        );
        assert_eq!(bad("a\u{1}b"), LoadError::ControlByte { line: 1 });
        let long = "a.".repeat(127) + "a";
        assert_eq!(
            bad(&long),
            LoadError::BadRule {
                line: 1,
                why: RuleError::TooManyLabels
            }
        );
        assert_eq!(
            bad(&"a".repeat(256)),
            LoadError::BadRule {
                line: 1,
                why: RuleError::LabelTooLong
            }
        );
        assert_eq!(
            checked(b"com\n\xff\n").unwrap_err(),
            LoadError::NotUtf8 { line: 2 }
        );
        assert!(rules(&("a.".repeat(126) + "a")).is_ok());
    }

    #[test]
    fn the_version_comment() {
        assert_eq!(
            version(b"// a\n// VERSION: 2026-01-02_03-04 \n\ncom\n"),
            b"2026-01-02_03-04"
        );
        assert_eq!(version(b"com\n// VERSION: x\n"), b"");
        assert_eq!(version(b"// none\n"), b"");
    }
}
