//! The WHATWG URL parser (`wwwurl::whatwg`) against two other
//! implementations of the URL Standard, used as oracles: rust-url (the
//! `url` crate, 2.5) and ada (the `ada-url` crate, 4.x, ada's C++ built by
//! the cc crate). Nothing of either reaches the library.
//!
//! The inputs are three corpora:
//!
//! - "kasztp": every line of `tests/corpus/kasztp.txt`, about 48,000 real
//!   URLs;
//! - "escape": the input column of `tests/vectors/SplitURL.tsv` and
//!   `tests/vectors/v29h/SplitURL.tsv`, about 25,000 escape-heavy and odd
//!   URLs (percent signs, backslashes, control characters, bytes that are
//!   not UTF-8, odd ports and IP addresses);
//! - "file": `tests/corpus/file-urls.txt`, about 5,000 `file:` URLs in the
//!   forms tools write and Node module specifiers.
//!
//! Each input is parsed alone and, as a reference, against the fixed base
//! [`BASE`]; when it has a scheme, so are three relatives made from it (what
//! follows the scheme, the path with query and fragment, and that path
//! behind `../`), which take the parser through its relative states
//! (see [`variants`]). Duplicates within a corpus are parsed once.
//!
//! For each case the three `href`s (or failures) are compared. Every
//! disagreement must fall into one of the named classes below, each a
//! known deviation of one peer from the Standard, recognised by a narrow
//! rule from the input and the outputs; where the peers disagree with each
//! other the class's comment says why the Standard sides with the output it
//! does. Any other disagreement fails the test, which prints up to 20 of
//! them with the three outputs. The counts per corpus, peer and class are
//! printed at the end (`cargo test --test core whatwg_diff:: -- --nocapture`).
//!
//! Input that is not UTF-8: the Standard's parser takes a scalar value
//! string, and byte input is first UTF-8 decoded with replacement (each
//! maximal invalid subsequence becoming U+FFFD, which is what
//! `String::from_utf8_lossy` does). The peers take `&str`, so they are
//! given the lossily decoded string, while `wwwurl` is given the raw bytes
//! and does the decoding itself: the comparison checks that too. Such
//! inputs are counted ("not UTF-8"), not skipped.

// The data is full of odd hosts, some of them Unicode: without the `idna`
// feature they are refused with `IdnaUnavailable`.
#![cfg(feature = "idna")]
// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use crate::common;

use std::collections::{BTreeMap, HashSet};

use wwwurl::whatwg;

/// The base URL the relative variants are resolved against: special, not
/// `file`, with a path of two segments, a query and a fragment.
const BASE: &str = "http://example.com/a/b?c#d";

/// The implementations compared with `wwwurl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Peer {
    RustUrl,
    Ada,
}

impl Peer {
    const ALL: [Peer; 2] = [Peer::RustUrl, Peer::Ada];

    fn name(self) -> &'static str {
        match self {
            Peer::RustUrl => "rust-url",
            Peer::Ada => "ada",
        }
    }
}

/// One parse: the input as given, as the peers get it, and whether it is
/// resolved against [`BASE`].
struct Case {
    bytes: Vec<u8>,
    text: String,
    with_base: bool,
}

/// The three parsers, each giving the `href` or `None` for failure.
struct Parsers {
    base: whatwg::Url,
    rust_base: url::Url,
}

impl Parsers {
    fn new() -> Parsers {
        Parsers {
            base: whatwg::parse(BASE.as_bytes(), None).expect("BASE parses"),
            rust_base: url::Url::parse(BASE).expect("BASE parses in rust-url"),
        }
    }

    fn ours(&self, input: &[u8], with_base: bool) -> Option<String> {
        let parsed = whatwg::parse(input, with_base.then_some(&self.base));
        // canParse, which makes no URL, says the same on every input.
        let base = with_base.then_some(BASE.as_bytes());
        assert_eq!(
            whatwg::can_parse(input, base),
            parsed.is_ok(),
            "can_parse({:?}, {base:?})",
            String::from_utf8_lossy(input)
        );
        let url = parsed.ok()?;
        Some(String::from_utf8(url.href().to_vec()).expect("an href is ASCII"))
    }

    fn peer(&self, peer: Peer, input: &str, with_base: bool) -> Option<String> {
        match peer {
            Peer::RustUrl => {
                let base = with_base.then_some(&self.rust_base);
                let url = url::Url::options().base_url(base).parse(input).ok()?;
                Some(url.as_str().to_owned())
            }
            Peer::Ada => {
                let url = ada_url::Url::parse(input, with_base.then_some(BASE)).ok()?;
                Some(url.href().to_owned())
            }
        }
    }
}

/// The cases made from one input: the input alone and against [`BASE`];
/// if it starts with a scheme, also against [`BASE`]: what follows the
/// scheme's colon (`//host/p?q#f`, a scheme-relative reference, or
/// whatever else it is), and if that starts with `//`, the rest from the
/// first `/`, `\`, `?` or `#` after the authority (`/p?q#f`, path-absolute)
/// and that rest without its first character behind `../` (`../p?q#f`,
/// path-relative with a dot segment).
fn variants(input: &[u8]) -> Vec<(Vec<u8>, bool)> {
    let mut out = vec![(input.to_vec(), false), (input.to_vec(), true)];
    let Some(colon) = input.iter().position(|&b| b == b':') else {
        return out;
    };
    let scheme = &input[..colon];
    let is_scheme = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    if !is_scheme {
        return out;
    }
    let rest = &input[colon + 1..];
    out.push((rest.to_vec(), true));
    if let Some(authority_on) = rest.strip_prefix(b"//") {
        if let Some(end) = authority_on.iter().position(|&b| b"/\\?#".contains(&b)) {
            let path = &authority_on[end..];
            out.push((path.to_vec(), true));
            let mut up = b"../".to_vec();
            up.extend_from_slice(&path[1..]);
            out.push((up, true));
        }
    }
    out
}

/// The Standard's first steps on any input: leading and trailing C0
/// control or space removed, then every ASCII tab or newline. They never
/// change the result, so a rule may look at the input after them.
fn preprocess(input: &str) -> String {
    input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The input's scheme, ASCII lower-cased, and what follows its colon,
/// when the (preprocessed) input starts with one.
fn scheme_of(input: &str) -> Option<(String, &str)> {
    let colon = input.find(':')?;
    let scheme = &input[..colon];
    let ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    ok.then(|| (scheme.to_ascii_lowercase(), &input[colon + 1..]))
}

fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// An `href` cut around its path: `href[..start]` is the scheme and the
/// authority, `href[start..end]` the path, `href[end..]` the query and
/// fragment. `opaque` when the URL has an opaque path (no authority and
/// the path does not start with `/`). An `href` is a serialisation, so
/// the authority holds no `/`, `?` or `#`.
struct HrefParts<'a> {
    href: &'a str,
    scheme: &'a str,
    start: usize,
    end: usize,
    opaque: bool,
}

impl<'a> HrefParts<'a> {
    fn of(href: &'a str) -> HrefParts<'a> {
        let colon = href.find(':').expect("an href has a scheme");
        let mut start = colon + 1;
        let has_authority = href[start..].starts_with("//");
        if has_authority {
            start += 2;
            start += href[start..]
                .find(['/', '?', '#'])
                .unwrap_or(href.len() - start);
        }
        let end = start + href[start..].find(['?', '#']).unwrap_or(href.len() - start);
        HrefParts {
            href,
            scheme: &href[..colon],
            start,
            end,
            opaque: !has_authority && !href[start..].starts_with('/'),
        }
    }

    fn path(&self) -> &'a str {
        &self.href[self.start..self.end]
    }

    /// The `href` with its path replaced by `path`.
    fn with_path(&self, path: &str) -> String {
        format!(
            "{}{}{}",
            &self.href[..self.start],
            path,
            &self.href[self.end..]
        )
    }
}

// ---- the classes -------------------------------------------------------

/// rust-url 2.5 leaves `^` unencoded in a (non-opaque) path. The
/// Standard's path percent-encode set has held U+005E (^) since 2024
/// (url.bs: "the query percent-encode set and U+003F (?), U+005E (^),
/// U+0060 (`), U+007B ({), and U+007D (})"); WPT: `wss://host/
/// !"$%&'()*+,-./:;<=>@[\]^_`{|}~` gives a path with `%5E`. ada and
/// `wwwurl` encode it.
///
/// Rule: the peer's path is not opaque and holds `^`; with each `^` of it
/// made `%5E` (nothing else of the `href` touched) it is ours.
const CARET_IN_PATH: &str =
    "rust-url 2.5 leaves ^ unencoded in a path (path percent-encode set has ^ since 2024)";

fn caret_in_path(theirs: &str) -> Vec<String> {
    let parts = HrefParts::of(theirs);
    if parts.opaque || !parts.path().contains('^') {
        return Vec::new();
    }
    vec![parts.with_path(&parts.path().replace('^', "%5E"))]
}

/// rust-url 2.5 keeps a space that ends an opaque path before a query or
/// fragment as a space. The Standard's opaque path state (since 2024):
/// "if c is U+0020 SPACE: if remaining starts with U+003F (?) or U+0023
/// (#), then append "%20" to url's path; otherwise append U+0020 SPACE";
/// WPT: `non-special:opaque  #hi` gives `non-special:opaque %20#hi`. ada
/// and `wwwurl` do so.
///
/// Rule: the peer's path is opaque, ends with a space and is followed by a
/// query or fragment; with that one space made `%20` it is ours.
const OPAQUE_PATH_SPACE: &str =
    "rust-url 2.5 keeps the space that ends an opaque path before ? or # (Standard: %20 since 2024)";

fn opaque_path_space(theirs: &str) -> Vec<String> {
    let parts = HrefParts::of(theirs);
    let path = parts.path();
    if !parts.opaque || parts.end == theirs.len() || !path.ends_with(' ') {
        return Vec::new();
    }
    vec![parts.with_path(&format!("{}%20", &path[..path.len() - 1]))]
}

/// rust-url 2.5 drops the empty segments at the start of a `file` URL's
/// path: `file:////foo` becomes `file:///foo`, `file://h//x` becomes
/// `file://h/x` (its own WPT expected failures list `file:////foo`,
/// `file://localhost////foo`, `file://spider///`). The Standard keeps
/// them: the file host state ends the (empty or not) host at the `/`, the
/// path state appends an empty segment for each further `/`, and the
/// serialiser writes them all; WPT: `file:////foo` gives `file:////foo`.
/// ada and `wwwurl` do so.
///
/// Rule: both `href`s are `file` URLs with an authority, ours's path starts
/// with `//`, and with the run of `/` at its start made one `/` (nothing
/// else touched) ours is the peer's.
const FILE_LEADING_EMPTY_SEGMENTS: &str =
    "rust-url 2.5 drops empty segments at the start of a file URL's path (its WPT expected failures)";

fn file_leading_empty_segments(ours: &str) -> Vec<String> {
    let parts = HrefParts::of(ours);
    let path = parts.path();
    if parts.scheme != "file" || !ours.starts_with("file://") || !path.starts_with("//") {
        return Vec::new();
    }
    vec![parts.with_path(&format!("/{}", path.trim_start_matches('/')))]
}

/// rust-url 2.5 does not let a `..` segment remove a preceding segment
/// that looks like a Windows drive letter (an ASCII letter and `:` or
/// `|`), in any scheme and at any depth: `http://h/x/a:/../y` gives
/// `http://h/x/a:/y`. The Standard's "shorten a url's path" keeps the last
/// segment only when "url's scheme is "file", path's size is 1, and
/// path[0] is a normalized Windows drive letter"; otherwise it removes it
/// (url.bs, "shorten"), so `http://h/x/a:/../y` is `http://h/x/y`. ada and
/// `wwwurl` do so.
///
/// Rule: the (preprocessed) input has a segment of a letter and `:` or `|`
/// (between `/` or `\`) followed later by a double-dot segment (`..`,
/// `.%2e`, `%2e.`, `%2e%2e`, any case); the peer's path has such a segment
/// and with one of them removed (nothing else touched) it is ours.
const DRIVE_LETTER_NOT_POPPED: &str =
    "rust-url 2.5 does not pop a drive-letter-like segment on .. outside a file URL's first segment";

fn drive_letter_not_popped(input: &str, theirs: &str) -> Vec<String> {
    let is_drive = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && b[0].is_ascii_alphabetic() && (b[1] == b':' || b[1] == b'|')
    };
    let is_double_dot = |s: &str| {
        matches!(
            s.to_ascii_lowercase().as_str(),
            ".." | ".%2e" | "%2e." | "%2e%2e"
        )
    };
    let input = preprocess(input);
    let before_query = input.split(['?', '#']).next().unwrap_or("");
    let segments: Vec<&str> = before_query.split(['/', '\\']).collect();
    let in_input = segments.iter().enumerate().any(|(i, s)| {
        i > 0
            && i + 1 < segments.len()
            && is_drive(s)
            && segments[i + 1..].iter().any(|t| is_double_dot(t))
    });
    let parts = HrefParts::of(theirs);
    if !in_input || parts.opaque {
        return Vec::new();
    }
    let path_segments: Vec<&str> = parts.path().split('/').collect();
    let mut out = Vec::new();
    for (i, s) in path_segments.iter().enumerate() {
        if i > 0 && is_drive(s) {
            let mut kept = path_segments.clone();
            kept.remove(i);
            out.push(parts.with_path(&kept.join("/")));
        }
    }
    out
}

/// rust-url 2.5 fails on a reference that starts with three or more
/// slashes (`/` or `\`) against a special base that is not `file`
/// (EmptyHost). The Standard: the relative state sends the first slash to
/// the relative slash state, which for a special URL and `/` or `\` goes
/// to the special authority ignore slashes state, which skips every
/// further `/` and `\`; the authority follows. WPT: `///test` against
/// `http://example.org/` gives `http://test/`, and so on for
/// `///\//\//test`. ada and `wwwurl` do so.
///
/// Rule: the case has the base (special, not `file`), the peer fails, the
/// (preprocessed) input starts with three or more `/` or `\`; with that
/// run made `//` (which the Standard parses identically, and `wwwurl` must
/// too) the peer's result is ours, or differs from it only by other
/// classes.
const SPECIAL_REFERENCE_EXTRA_SLASHES: &str =
    "rust-url 2.5 fails on ///x against a special base (Standard: special authority ignore slashes)";

fn extra_slashes_rewritten(case: &Case) -> Option<String> {
    if !case.with_base {
        return None;
    }
    let input = preprocess(&case.text);
    let rest = input.trim_start_matches(['/', '\\']);
    (input.len() - rest.len() >= 3).then(|| format!("//{rest}"))
}

/// rust-url 2.5 accepts a non-special URL whose authority is credentials
/// and no host (`sc://:@/x` gives `sc:///x`, dropping the credentials).
/// The Standard's authority state, at the end of the authority: "If
/// atSignSeen is true and buffer is the empty string, host-missing
/// validation error, return failure"; WPT: `sc://@/` and `sc://te@s:t@/`
/// fail. ada and `wwwurl` fail.
///
/// Rule: we fail, the peer does not; the (preprocessed) input has a
/// non-special scheme followed by `//` and an authority (up to the first
/// `/`, `?` or `#`) that ends with `@`; the peer's `href` has an empty
/// host and no credentials (it starts with the scheme and `:///`).
const CREDENTIALS_WITHOUT_HOST: &str =
    "rust-url 2.5 accepts credentials without a host in a non-special URL (Standard: failure)";

fn credentials_without_host(case: &Case, ours: Option<&str>, theirs: Option<&str>) -> bool {
    let (None, Some(theirs)) = (ours, theirs) else {
        return false;
    };
    let input = preprocess(&case.text);
    let Some((scheme, rest)) = scheme_of(&input) else {
        return false;
    };
    let Some(authority_on) = rest.strip_prefix("//") else {
        return false;
    };
    let authority = authority_on.split(['/', '?', '#']).next().unwrap_or("");
    !is_special(&scheme) && authority.ends_with('@') && theirs.starts_with(&format!("{scheme}:///"))
}

/// A class whose rule maps one side's `href` (or the peer's, after a
/// rewrite) towards the other: the alternatives it yields.
struct MapClass {
    name: &'static str,
    peer: Peer,
    /// `true`: maps ours; `false`: maps the peer's.
    maps_ours: bool,
    map: fn(&Case, &str) -> Vec<String>,
}

const MAP_CLASSES: &[MapClass] = &[
    MapClass {
        name: CARET_IN_PATH,
        peer: Peer::RustUrl,
        maps_ours: false,
        map: |_, theirs| caret_in_path(theirs),
    },
    MapClass {
        name: OPAQUE_PATH_SPACE,
        peer: Peer::RustUrl,
        maps_ours: false,
        map: |_, theirs| opaque_path_space(theirs),
    },
    MapClass {
        name: FILE_LEADING_EMPTY_SEGMENTS,
        peer: Peer::RustUrl,
        maps_ours: true,
        map: |_, ours| file_leading_empty_segments(ours),
    },
    MapClass {
        name: DRIVE_LETTER_NOT_POPPED,
        peer: Peer::RustUrl,
        maps_ours: false,
        map: |case, theirs| drive_letter_not_popped(&case.text, theirs),
    },
];

/// Whether `ours` and `theirs` are made equal by some set of the map
/// classes of `peer` (each used at most once); the names used, in order.
fn reconcile(
    peer: Peer,
    case: &Case,
    ours: &str,
    theirs: &str,
    used: &mut Vec<&'static str>,
) -> bool {
    if ours == theirs {
        return true;
    }
    for class in MAP_CLASSES {
        if class.peer != peer || used.contains(&class.name) {
            continue;
        }
        let side = if class.maps_ours { ours } else { theirs };
        for mapped in (class.map)(case, side) {
            used.push(class.name);
            let found = if class.maps_ours {
                reconcile(peer, case, &mapped, theirs, used)
            } else {
                reconcile(peer, case, ours, &mapped, used)
            };
            if found {
                return true;
            }
            used.pop();
        }
    }
    false
}

/// The class of a disagreement between ours and `peer`'s result, or
/// `None` when no rule recognises it. Several classes may combine (a `^`
/// in the path of a URL that rust-url also fails to resolve, say): the
/// name is then theirs joined with " + ".
fn classify(
    parsers: &Parsers,
    peer: Peer,
    case: &Case,
    ours: Option<&str>,
    theirs: Option<&str>,
) -> Option<String> {
    if peer == Peer::RustUrl && credentials_without_host(case, ours, theirs) {
        return Some(CREDENTIALS_WITHOUT_HOST.to_owned());
    }
    let ours = ours?;
    let mut used = Vec::new();
    if let Some(theirs) = theirs {
        if reconcile(peer, case, ours, theirs, &mut used) {
            return Some(used.join(" + "));
        }
        return None;
    }
    if peer == Peer::RustUrl {
        let rewritten = extra_slashes_rewritten(case)?;
        // The rewrite must not change our result: the Standard parses both
        // alike.
        if parsers.ours(rewritten.as_bytes(), true).as_deref() != Some(ours) {
            return None;
        }
        let theirs = parsers.peer(peer, &rewritten, true)?;
        used.push(SPECIAL_REFERENCE_EXTRA_SLASHES);
        if reconcile(peer, case, ours, &theirs, &mut used) {
            return Some(used.join(" + "));
        }
    }
    None
}

// ---- the run -----------------------------------------------------------

/// What one corpus gave.
#[derive(Default)]
struct Tally {
    inputs: usize,
    not_utf8: usize,
    cases: usize,
    all_agree: usize,
    /// (peer, class) → count.
    classes: BTreeMap<(Peer, String), usize>,
    /// Per peer: how many cases it disagreed with us on.
    per_peer: BTreeMap<Peer, usize>,
}

fn show(r: &Option<String>) -> String {
    match r {
        Some(s) => format!("{s:?}"),
        None => "failure".to_owned(),
    }
}

fn run_corpus(
    parsers: &Parsers,
    inputs: &[Vec<u8>],
    tally: &mut Tally,
    unclassified: &mut Vec<String>,
) {
    let mut seen: HashSet<(Vec<u8>, bool)> = HashSet::new();
    for input in inputs {
        tally.inputs += 1;
        if std::str::from_utf8(input).is_err() {
            tally.not_utf8 += 1;
        }
        for (bytes, with_base) in variants(input) {
            if !seen.insert((bytes.clone(), with_base)) {
                continue;
            }
            let case = Case {
                text: String::from_utf8_lossy(&bytes).into_owned(),
                bytes,
                with_base,
            };
            tally.cases += 1;
            let ours = parsers.ours(&case.bytes, with_base);
            let theirs = Peer::ALL.map(|p| parsers.peer(p, &case.text, with_base));
            if theirs.iter().all(|t| *t == ours) {
                tally.all_agree += 1;
                continue;
            }
            for (peer, result) in Peer::ALL.iter().zip(&theirs) {
                if *result == ours {
                    continue;
                }
                *tally.per_peer.entry(*peer).or_default() += 1;
                match classify(parsers, *peer, &case, ours.as_deref(), result.as_deref()) {
                    Some(class) => *tally.classes.entry((*peer, class)).or_default() += 1,
                    None => unclassified.push(format!(
                        "{} {:?}{}\n    wwwurl:   {}\n    rust-url: {}\n    ada:      {}",
                        peer.name(),
                        case.text,
                        if with_base {
                            format!(" against {BASE}")
                        } else {
                            String::new()
                        },
                        show(&ours),
                        show(&theirs[0]),
                        show(&theirs[1]),
                    )),
                }
            }
        }
    }
}

fn print_tally(name: &str, tally: &Tally) {
    println!(
        "{name}: {} inputs ({} not UTF-8, given to the peers decoded with U+FFFD), {} cases, all three agree on {}",
        tally.inputs, tally.not_utf8, tally.cases, tally.all_agree
    );
    for peer in Peer::ALL {
        println!(
            "  {}: disagrees on {}",
            peer.name(),
            tally.per_peer.get(&peer).copied().unwrap_or(0)
        );
        for ((p, class), n) in &tally.classes {
            if *p == peer {
                println!("    {n:6}  {class}");
            }
        }
    }
}

#[test]
fn whatwg_parser_agrees_with_rust_url_and_ada() {
    let parsers = Parsers::new();

    let lines = |name: &str| -> Vec<Vec<u8>> {
        let path = format!("{}/tests/corpus/{name}", env!("CARGO_MANIFEST_DIR"));
        let corpus = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        corpus
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(<[u8]>::to_vec)
            .collect()
    };
    let kasztp = lines("kasztp.txt");
    let file = lines("file-urls.txt");
    let escape: Vec<Vec<u8>> = ["SplitURL", "v29h/SplitURL"]
        .iter()
        .flat_map(|name| common::load(name))
        .filter_map(|v| v.opt_input(0).map(<[u8]>::to_vec))
        .collect();
    assert!(
        kasztp.len() > 40_000 && escape.len() > 20_000 && file.len() > 5_000,
        "a corpus is missing"
    );

    let mut unclassified = Vec::new();
    let mut tallies = Vec::new();
    for (name, inputs) in [("kasztp", &kasztp), ("escape", &escape), ("file", &file)] {
        let mut tally = Tally::default();
        run_corpus(&parsers, inputs, &mut tally, &mut unclassified);
        tallies.push((name, tally));
    }
    println!("peers: rust-url (url crate 2.x), ada (ada-url crate 4.x, its bundled C++)");
    for (name, tally) in &tallies {
        print_tally(name, tally);
    }
    assert!(
        unclassified.is_empty(),
        "{} disagreements that no class explains (a bug in wwwurl, or a new peer deviation \
         to classify after checking the Standard); the first {}:\n{}",
        unclassified.len(),
        unclassified.len().min(20),
        unclassified[..unclassified.len().min(20)].join("\n")
    );
}

// ---- the rules' own tests ----------------------------------------------

#[test]
fn href_parts_cut_at_the_path() {
    let p = HrefParts::of("http://u:p@h:1/a/b?q#f");
    assert_eq!((p.scheme, p.path(), p.opaque), ("http", "/a/b", false));
    let p = HrefParts::of("mailto:x y?q");
    assert_eq!((p.path(), p.opaque), ("x y", true));
    let p = HrefParts::of("sc:/.//p#f");
    assert_eq!((p.path(), p.opaque), ("/.//p", false));
    let p = HrefParts::of("file:///");
    assert_eq!((p.path(), p.opaque), ("/", false));
}

#[test]
fn the_rules_are_narrow() {
    // `^` outside the path, or in an opaque path, is no case of the class.
    assert!(caret_in_path("http://h/a?^").is_empty());
    assert!(caret_in_path("sc:a^b").is_empty());
    assert_eq!(caret_in_path("http://h/a^b?^"), ["http://h/a%5Eb?^"]);
    // Only the space that ends an opaque path before ? or #.
    assert!(opaque_path_space("sc:a b").is_empty());
    assert!(opaque_path_space("sc:/a ?q").is_empty());
    assert_eq!(opaque_path_space("sc:a  #f"), ["sc:a %20#f"]);
    // Only file URLs whose path starts with an empty segment.
    assert!(file_leading_empty_segments("http://h//x").is_empty());
    assert!(file_leading_empty_segments("file:///x").is_empty());
    assert_eq!(
        file_leading_empty_segments("file://h///x?q"),
        ["file://h/x?q"]
    );
    // Only when the input has the drive-letter segment and a `..` after it.
    assert!(drive_letter_not_popped("http://h/a:/b", "http://h/a:/b").is_empty());
    assert!(drive_letter_not_popped("http://h/../a:/b", "http://h/a:/b").is_empty());
    assert_eq!(
        drive_letter_not_popped("http://h/x/a:/%2E%2E/y", "http://h/x/a:/y"),
        ["http://h/x/y"]
    );
    // Three slashes at least, and only against the base.
    let case = |text: &str, with_base| Case {
        bytes: text.as_bytes().to_vec(),
        text: text.to_owned(),
        with_base,
    };
    assert_eq!(extra_slashes_rewritten(&case("//x", true)), None);
    assert_eq!(extra_slashes_rewritten(&case("///x", false)), None);
    assert_eq!(
        extra_slashes_rewritten(&case(" /\\\t/x", true)).as_deref(),
        Some("//x")
    );
    // Credentials with no host: only a non-special scheme and an empty host.
    assert!(credentials_without_host(
        &case("sc://:@/x", false),
        None,
        Some("sc:///x")
    ));
    assert!(!credentials_without_host(
        &case("sc://:@h/x", false),
        None,
        Some("sc:///x")
    ));
    assert!(!credentials_without_host(
        &case("http://:@/x", false),
        None,
        Some("http:///x")
    ));
    assert!(!credentials_without_host(
        &case("sc://:@/x", false),
        None,
        Some("sc://h/x")
    ));
}
