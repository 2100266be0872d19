//! The man page, wwwurl(1), made from the clap definitions of [`crate::cli`]
//! so that it cannot drift from the options, followed by the hand-written
//! sections of `cli/man/sections.roff` (input and output, exit status,
//! examples, see also). `make` writes it with `wwwurl manpage`.
//!
//! One page documents every subcommand: the synopsis has a line for each;
//! the options that every subcommand takes (global, input) are listed once;
//! COMMANDS has a subsection per subcommand with its long help and its own
//! options and arguments. clap_mangen renders the title, the name, the
//! description and the lists of options; the synopsis lines are made here,
//! since clap_mangen's leave out option values and repetition.

use crate::cli::{Cli, GLOBAL, INPUT};
use clap::{Arg, Command, CommandFactory};
use clap_mangen::roff::{bold, italic, roman, Inline, Roff};
use clap_mangen::Man;
use std::time::{SystemTime, UNIX_EPOCH};

/// The sections that have no place in `--help`, appended as they are.
const SECTIONS: &str = include_str!("../man/sections.roff");

/// The line that the roff crate puts before every piece it renders (the
/// definition of the apostrophe string): needed once, at the top.
const APOSTROPHE_PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];

/// The whole page, in roff.
pub fn render() -> Vec<u8> {
    let mut root = Cli::command();
    root.build();
    let man = Man::new(root.clone())
        .title("WWWURL")
        .date(page_date())
        .manual("User Commands");
    let subs = subcommands(&root);
    // The top-level subcommands none of whose own subcommands reads lines.
    let no_input: Vec<String> = root
        .get_subcommands()
        .filter(|s| subs.iter().any(|v| v.get_name() == s.get_name()))
        .filter(|s| !has_input_options(s) && !subcommands(s).iter().any(has_input_options))
        .map(|s| format!("`{}`", s.get_name()))
        .collect();
    let but = match no_input.split_last() {
        None => String::new(),
        Some((last, [])) => format!(" but {last}"),
        Some((last, rest)) => format!(" but {} and {last}", rest.join(", ")),
    };

    let mut page = Vec::new();
    man.render_title(&mut page).expect("write to memory");
    man.render_name_section(&mut page).expect("write to memory");

    let mut roff = Roff::new();
    roff.control("SH", ["SYNOPSIS"]);
    for sub in subs.iter().filter(|s| !s.has_subcommands()) {
        synopsis(&mut roff, sub);
    }
    let mut line = Vec::new();
    for (i, a) in root.get_arguments().filter(|a| is_help(a)).enumerate() {
        if i > 0 {
            line.push(roman(" | "));
        }
        line.extend(flag(a));
    }
    roff.control("SY", ["wwwurl"]).text(line).control("YS", []);
    roff.control("PP", []).text([roman(format!(
        "Every subcommand also takes the GLOBAL OPTIONS, and every one{but} \
         the INPUT OPTIONS."
    ))]);
    roff.to_writer(&mut page).expect("write to memory");

    // The first paragraph of the long help is the NAME line's.
    let about = root
        .get_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    let long = root
        .get_long_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    let description = match long.strip_prefix(about.as_str()) {
        Some(rest) if !about.is_empty() => rest.trim_start_matches('.').trim_start(),
        _ => long.as_str(),
    };
    Man::new(root.clone().long_about(description.to_owned()))
        .render_description_section(&mut page)
        .expect("write to memory");

    heading(&mut page, "OPTIONS", None);
    page.extend(options(&only_args(&root, is_help)));
    heading(
        &mut page,
        "GLOBAL OPTIONS",
        Some("These may be given before or after the subcommand."),
    );
    page.extend(options(&only_args(&root, |a| {
        a.get_help_heading() == Some(GLOBAL)
    })));
    if let Some(reader) = subs.iter().find(|s| has_input_options(s)) {
        heading(
            &mut page,
            "INPUT OPTIONS",
            Some(&format!(
                "Every subcommand{but} reads lines, and takes these options."
            )),
        );
        page.extend(options(&only_args(reader, |a| {
            a.get_help_heading() == Some(INPUT)
        })));
    }

    heading(&mut page, "COMMANDS", None);
    for sub in &subs {
        let name = sub.get_bin_name().unwrap_or(sub.get_name());
        let name = name.strip_prefix("wwwurl ").unwrap_or(name);
        let own = only_args(sub, is_own);
        let mut roff = Roff::new();
        roff.control("SS", [name.replace('-', "\\-").as_str()]);
        if !sub.has_subcommands() {
            synopsis(&mut roff, sub);
            roff.control("YS", []).control("PP", []);
        }
        roff.to_writer(&mut page).expect("write to memory");
        let mut description = Vec::new();
        Man::new(own.clone())
            .render_description_section(&mut description)
            .expect("write to memory");
        page.extend(without_headings(&description));
        page.extend(options(&own));
    }

    let mut page = String::from_utf8(page).expect("roff is UTF-8");
    page = code_spans(&once_preamble(&page));
    page.push_str(SECTIONS);
    page.into_bytes()
}

/// The synopsis line of a subcommand (`.SY`, an entry of a synopsis that
/// `.YS` ends): its own options (with their values) and arguments, in the
/// order of their definitions.
fn synopsis(roff: &mut Roff, cmd: &Command) {
    let own = |a: &&Arg| is_own(a) && !a.is_hide_set();
    // A required group of flags: exactly one of them.
    let groups: Vec<Vec<&Arg>> = cmd
        .get_groups()
        .filter(|g| g.is_required_set())
        .map(|g| {
            g.get_args()
                .filter_map(|id| cmd.get_arguments().find(|a| a.get_id() == id))
                .filter(own)
                .collect()
        })
        .collect();
    let grouped = |a: &Arg| groups.iter().flatten().any(|m| m.get_id() == a.get_id());
    // One item per group, option and argument, separated by spaces.
    let mut items: Vec<Vec<Inline>> = Vec::new();
    for group in groups.iter().filter(|g| !g.is_empty()) {
        let mut item = Vec::new();
        for (i, a) in group.iter().enumerate() {
            if i > 0 {
                item.push(roman("|"));
            }
            item.extend(flag(a));
        }
        items.push(item);
    }
    for a in cmd
        .get_arguments()
        .filter(own)
        .filter(|a| !a.is_positional() && !grouped(a))
    {
        let mut item = flag(a);
        if a.get_num_args().expect("built").takes_values() {
            item.push(roman(" "));
            item.extend(value(a));
        }
        items.push(if a.is_required_set() {
            item
        } else {
            optional(item, "]")
        });
    }
    for a in cmd.get_positionals().filter(own) {
        let many = a.get_num_args().expect("built").max_values() > 1;
        items.push(match (a.is_required_set(), many) {
            (true, false) => value(a),
            (true, true) => {
                let mut item = value(a);
                item.push(roman(" "));
                item.extend(optional(value(a), " ...]"));
                item
            }
            (false, false) => optional(value(a), "]"),
            (false, true) => optional(value(a), " ...]"),
        });
    }
    let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
    roff.control("SY", [name.replace('-', "\\-").as_str()]);
    if !items.is_empty() {
        let mut line = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                line.push(roman(" "));
            }
            line.extend(item);
        }
        roff.text(line);
    }
}

/// `item` in brackets, `end` being the closing one.
fn optional(item: Vec<Inline>, end: &str) -> Vec<Inline> {
    let mut out = vec![roman("[")];
    out.extend(item);
    out.push(roman(end));
    out
}

/// An option's name as typed, its long form when it has one.
fn flag(a: &Arg) -> Vec<Inline> {
    match (a.get_long(), a.get_short()) {
        (Some(long), _) => vec![bold(format!("--{long}"))],
        (None, Some(short)) => vec![bold(format!("-{short}"))],
        (None, None) => vec![],
    }
}

/// What an option or argument takes: its few possible values as typed,
/// else its value name.
fn value(a: &Arg) -> Vec<Inline> {
    let values: Vec<_> = a
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .collect();
    if !values.is_empty() && values.len() <= 5 {
        let mut out = Vec::new();
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                out.push(roman("|"));
            }
            out.push(bold(v.get_name()));
        }
        return out;
    }
    let name = match a.get_value_names() {
        Some(names) => names.join(" "),
        None => a.get_id().as_str().to_uppercase(),
    };
    vec![italic(name)]
}

/// clap_mangen's list of the (visible) options and arguments of `cmd`.
fn options(cmd: &Command) -> Vec<u8> {
    let mut out = Vec::new();
    Man::new(cmd.clone())
        .render_options_section(&mut out)
        .expect("write to memory");
    without_headings(&out)
}

/// Rendered roff without its `.SH` lines, for a part of a section.
fn without_headings(roff: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(roff);
    let mut out = String::with_capacity(text.len());
    for line in text.lines().filter(|l| !l.starts_with(".SH")) {
        out.push_str(line);
        out.push('\n');
    }
    out.into_bytes()
}

/// Writes a `.SH` heading, and a paragraph after it.
fn heading(page: &mut Vec<u8>, title: &str, intro: Option<&str>) {
    let mut roff = Roff::new();
    roff.control("SH", [title]);
    if let Some(intro) = intro {
        roff.text([roman(intro)]);
    }
    roff.to_writer(page).expect("write to memory");
}

/// Every visible subcommand, depth first, in the order of `--help`.
fn subcommands(cmd: &Command) -> Vec<Command> {
    let mut all = Vec::new();
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        all.push(sub.clone());
        all.extend(subcommands(sub));
    }
    all
}

fn has_input_options(cmd: &Command) -> bool {
    cmd.get_arguments()
        .any(|a| a.get_help_heading() == Some(INPUT))
}

fn is_help(a: &Arg) -> bool {
    matches!(a.get_id().as_str(), "help" | "version")
}

/// Whether an argument of a subcommand is its own: not a global option, an
/// input option or help and version, which the page lists once.
fn is_own(a: &Arg) -> bool {
    !a.is_global_set()
        && a.get_help_heading() != Some(GLOBAL)
        && a.get_help_heading() != Some(INPUT)
        && !is_help(a)
}

/// `cmd` (built) with the arguments `keep` refuses hidden, which is how
/// clap_mangen leaves them out.
fn only_args(cmd: &Command, keep: impl Fn(&Arg) -> bool) -> Command {
    cmd.clone()
        .mut_args(|a| if keep(&a) { a } else { a.hide(true) })
}

/// `roff` with the apostrophe definition only where it first appears.
fn once_preamble(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    let mut seen = false;
    let mut lines = roff.lines().peekable();
    while let Some(line) = lines.next() {
        if line == APOSTROPHE_PREAMBLE[0] && lines.peek() == Some(&APOSTROPHE_PREAMBLE[1]) {
            lines.next();
            if seen {
                continue;
            }
            seen = true;
            out.push_str(line);
            out.push('\n');
            out.push_str(APOSTROPHE_PREAMBLE[1]);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// Sets the `code` spans of the help text (between backquotes) in bold, as
/// literal text is in a man page.
fn code_spans(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    for line in roff.lines() {
        if line.starts_with('.') || !line.contains('`') {
            out.push_str(line);
        } else {
            let mut parts = line.split('`');
            out.push_str(parts.next().unwrap_or_default());
            let mut code = true;
            for part in parts {
                out.push_str(if code { "\\fB" } else { "\\fR" });
                out.push_str(part);
                code = !code;
            }
        }
        out.push('\n');
    }
    out
}

/// The date of the page: that of SOURCE_DATE_EPOCH when it is set, as for
/// a reproducible build (`make` sets it to the time of the last commit),
/// else today.
fn page_date() -> String {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
        });
    let (y, m, d) = civil_date(secs.div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date `days` after 1970-01-01.
fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(951_782_400 / 86_400), (2000, 2, 29));
        assert_eq!(civil_date(1_735_689_600 / 86_400), (2025, 1, 1));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn code_spans_in_text_lines_only() {
        assert_eq!(code_spans("a `b` c\n.SS `x`\n"), "a \\fBb\\fR c\n.SS `x`\n");
    }
}
