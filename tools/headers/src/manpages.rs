//! The section 3 man pages: one per documented function of a header, from
//! its documentation comment, with a BEHAVIOUR section from
//! doc/behaviour.md for the legacy functions.

/// A function declared in a header, with its documentation comment.
pub struct Function {
    /// The function's name.
    pub name: String,
    /// The declaration, as written in the header (may span lines).
    pub declaration: String,
    /// The comment's text, without the comment markers.
    pub doc: Vec<String>,
}

/// The documented functions of a header made by cbindgen with
/// `documentation_style = "doxy"`: each `/** ... */` followed by a
/// declaration that ends with `);`.
pub fn functions(text: &str) -> Vec<Function> {
    let mut found = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "/**" {
            i += 1;
            continue;
        }
        let mut doc = Vec::new();
        i += 1;
        while i < lines.len() && lines[i].trim() != "*/" {
            let l = lines[i].trim_start();
            let l = l.strip_prefix('*').unwrap_or(l);
            doc.push(l.strip_prefix(' ').unwrap_or(l).trim_end().to_string());
            i += 1;
        }
        i += 1;
        let mut decl = String::new();
        while i < lines.len() && !lines[i].trim().is_empty() && !lines[i].starts_with('#') {
            if !decl.is_empty() {
                decl.push('\n');
            }
            decl.push_str(lines[i]);
            if lines[i].trim_end().ends_with(';') {
                break;
            }
            i += 1;
        }
        if let Some(open) = decl.find('(').filter(|_| decl.trim_end().ends_with(");")) {
            let name = decl[..open]
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
                .to_string();
            if !name.is_empty() {
                found.push(Function {
                    name,
                    declaration: decl,
                    doc,
                });
            }
        }
    }
    found
}

/// Text for roff: backslashes, leading dots and quotes escaped, and `code`
/// in bold.
fn roff(text: &str) -> String {
    let mut out = String::new();
    let mut bold = false;
    for c in text.replace('\\', "\\e").chars() {
        if c == '`' {
            out.push_str(if bold { "\\fR" } else { "\\fB" });
            bold = !bold;
        } else {
            out.push(c);
        }
    }
    if bold {
        out.push_str("\\fR");
    }
    if out.starts_with('.') || out.starts_with('\'') {
        out.insert_str(0, "\\&");
    }
    out
}

/// The man page (section 3) of `f`, declared in `header`; `behaviour`, if
/// given, is roff text for a BEHAVIOUR section (see [`markdown_to_roff`]).
pub fn man_page(
    f: &Function,
    header: &str,
    version: &str,
    see_also: &str,
    behaviour: Option<&str>,
) -> String {
    // The first sentence of the comment names the function; a leading
    // "Name:" (the historical functions' style) is dropped.
    let first = f.doc.first().map(String::as_str).unwrap_or("");
    let summary = first
        .strip_prefix(&format!("{}:", f.name))
        .unwrap_or(first)
        .trim();
    let summary = summary.strip_suffix('.').unwrap_or(summary);
    let mut m = format!(
        ".TH {} 3 \"\" \"wwwurl {version}\" \"wwwurl manual\"\n\
         .SH NAME\n{} \\- {}\n\
         .SH SYNOPSIS\n.nf\n.B #include <{header}>\n.PP\n",
        f.name.to_ascii_uppercase(),
        f.name,
        roff(summary),
    );
    for l in f.declaration.lines() {
        m.push_str(&roff(l));
        m.push('\n');
    }
    m.push_str(".fi\n.SH DESCRIPTION\n");
    // No paragraph break before the first paragraph.
    let mut blank = false;
    let mut started = false;
    for l in f.doc.iter().skip(1) {
        if l.is_empty() {
            blank = true;
            continue;
        }
        if blank && started {
            m.push_str(".PP\n");
        }
        blank = false;
        started = true;
        m.push_str(&roff(l));
        m.push('\n');
    }
    if f.doc.len() <= 1 {
        m.push_str(&roff(first));
        m.push('\n');
    }
    if let Some(b) = behaviour {
        m.push_str(".SH BEHAVIOUR\n");
        m.push_str(b);
    }
    m.push_str(".SH SEE ALSO\n");
    m.push_str(see_also);
    m.push('\n');
    m
}

/// The section of `md` (doc/behaviour.md) that describes the legacy
/// function `name`: the `## ` section whose heading is the name, or the
/// one [`BEHAVIOUR_SECTIONS`] gives for functions described together;
/// without its heading, up to the next `## `.
pub fn behaviour_section<'a>(md: &'a str, name: &str) -> Option<&'a str> {
    let heading = BEHAVIOUR_SECTIONS
        .iter()
        .find(|(f, _)| *f == name)
        .map_or(name, |(_, h)| *h);
    let start = md
        .lines()
        .scan(0usize, |at, l| {
            let here = *at;
            *at += l.len() + 1;
            Some((here, l))
        })
        .find(|(_, l)| l.strip_prefix("## ").is_some_and(|h| h.trim() == heading))
        .map(|(at, l)| at + l.len() + 1)?;
    let rest = md.get(start..)?;
    let end = rest.find("\n## ").map_or(rest.len(), |e| e + 1);
    Some(rest[..end].trim())
}

/// The legacy functions that doc/behaviour.md describes in a section of
/// another name.
pub const BEHAVIOUR_SECTIONS: &[(&str, &str)] = &[
    ("URLDecodeGeneric", "Percent decoding"),
    ("URLDecodeFormArgs", "Percent decoding"),
    ("URLEncodePath", "Percent encoding"),
    ("URLEncodeFormArgs", "Percent encoding"),
    ("URLEncodePassword", "Percent encoding"),
    ("SplitFormArgs", "Form arguments"),
    ("TrimArgs", "Form arguments"),
    ("Base64Encode", "Base 64"),
    ("Base64Decode", "Base 64"),
    ("RFC822Date", "Dates"),
    ("DateToTimeT", "Dates"),
    ("DurationToString", "Dates"),
    ("wwwurl_legacy_configure", "Configuration"),
];

/// Markdown of doc/behaviour.md as man page text: paragraphs, bullet lists
/// (`*` or `-`), numbered lists, tables (as preformatted rows), fenced code
/// and `###` subheadings.
pub fn markdown_to_roff(md: &str) -> String {
    let mut out = String::new();
    let mut para = false; // inside a paragraph or list item
    let mut code = false;
    for line in md.lines() {
        let t = line.trim_end();
        if t.starts_with("```") {
            code = !code;
            out.push_str(if code { ".PP\n.nf\n" } else { ".fi\n" });
            para = false;
            continue;
        }
        if code {
            out.push_str(&roff_literal(t));
            out.push('\n');
            continue;
        }
        let s = t.trim_start();
        if s.is_empty() {
            para = false;
            continue;
        }
        if let Some(h) = s.strip_prefix("### ") {
            out.push_str(".SS ");
            out.push_str(&roff(h.trim_start_matches('#').trim()).replace('"', "\\(dq"));
            out.push('\n');
            para = false;
        } else if s.starts_with('|') {
            // A table row; the separator row goes.
            if s.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) {
                continue;
            }
            let cells: Vec<&str> = s.trim_matches('|').split('|').map(str::trim).collect();
            out.push_str(".br\n");
            out.push_str(&roff(&cells.join(" | ")));
            out.push('\n');
            para = false;
        } else if let Some(item) = s.strip_prefix("* ").or_else(|| s.strip_prefix("- ")) {
            out.push_str(".IP \\(bu 2\n");
            out.push_str(&strong(&roff(item)));
            out.push('\n');
            para = true;
        } else if let Some((n, item)) = s
            .split_once(". ")
            .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            out.push_str(&format!(".IP {n}. 4\n"));
            out.push_str(&strong(&roff(item)));
            out.push('\n');
            para = true;
        } else {
            if !para {
                out.push_str(".PP\n");
                para = true;
            }
            out.push_str(&strong(&roff(s)));
            out.push('\n');
        }
    }
    if code {
        out.push_str(".fi\n");
    }
    ascii_roff(&out)
}

/// Non-ASCII characters as groff's `\[uXXXX]` escapes, so that the page
/// reads the same whatever input encoding groff assumes.
fn ascii_roff(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", c as u32));
        }
    }
    out
}

/// Markdown's `**strong**` as bold; the other markers stay as written.
fn strong(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for (i, piece) in line.split("**").enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { "\\fB" } else { "\\fR" });
        }
        out.push_str(piece);
    }
    if line.matches("**").count() % 2 == 1 {
        out.push_str("\\fR");
    }
    out
}

/// A line of code for roff: backslashes and leading dots escaped, nothing
/// made bold.
fn roff_literal(line: &str) -> String {
    let mut l = line.replace('\\', "\\e");
    if l.starts_with('.') || l.starts_with('\'') {
        l.insert_str(0, "\\&");
    }
    l
}
