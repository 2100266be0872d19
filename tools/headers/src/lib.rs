//! What the header generator (`src/main.rs`) does to cbindgen's output:
//! portable C (C89 and C++98 with `-pedantic`), and one section 3 man page
//! per function made from the same documentation comments, so that the
//! headers and the manual cannot drift apart.

/// Rewrites cbindgen's header text so that it compiles as C89 and C++98:
/// `//` comments become `/* */`, the last enumerator loses its comma, and
/// the fixed underlying type of an enum (`enum E : uint32_t`) is only
/// written where the language has it (C++11, C23): C++98 gets a plain enum,
/// and the conditions name `__STDC_VERSION__` only where it is defined.
pub fn portable(text: &str) -> String {
    let text = text
        .replace(
            "defined(__cplusplus) || __STDC_VERSION__ >= 202311L",
            "(defined(__cplusplus) && __cplusplus >= 201103L) || \
             (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L)",
        )
        .replace(
            "#if __STDC_VERSION__ >= 202311L",
            "#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L",
        );
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::with_capacity(text.len() + 64);
    for (i, line) in lines.iter().enumerate() {
        let mut l = line.to_string();
        let t = l.trim_start();
        // cbindgen's own comments after `#endif` and `}` of `extern "C"`.
        if t.starts_with('#') || t.starts_with('}') {
            if let Some(k) = l.find("// ") {
                let comment = l[k + 3..].trim_end().to_string();
                l.truncate(k);
                l.push_str("/* ");
                l.push_str(&comment);
                l.push_str(" */");
            }
        }
        // An enumerator list may not end with a comma before C99 / C++11.
        if l.ends_with(',') {
            let next = lines[i + 1..].iter().find(|n| !n.trim().is_empty());
            if next.is_some_and(|n| n.trim_start().starts_with('}')) {
                l.pop();
            }
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

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

/// The modules that `mod.rs` of the C ABI declares, in order, each with
/// the header that declares its items (`wwwurl.h`, `wwwurl_legacy.h` or
/// `none`), from a doc line `/// Header: HEADER.` right before each
/// `mod NAME;`. An error names a module declared without one, or an
/// unknown header.
pub fn header_sources(mod_rs: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut pending: Option<&str> = None;
    for line in mod_rs.lines() {
        let t = line.trim();
        if let Some(h) = t.strip_prefix("/// Header:") {
            pending = Some(h.trim().trim_end_matches('.'));
            continue;
        }
        let Some(rest) = t
            .strip_prefix("pub mod ")
            .or_else(|| t.strip_prefix("mod "))
        else {
            pending = None;
            continue;
        };
        let name = rest.trim_end_matches(';').trim();
        let header = pending.take().ok_or_else(|| {
            format!("module `{name}` does not say its header (`/// Header: ...`)")
        })?;
        if !matches!(header, "wwwurl.h" | "wwwurl_legacy.h" | "none") {
            return Err(format!("module `{name}`: unknown header `{header}`"));
        }
        out.push((name.to_string(), header.to_string()));
    }
    if out.is_empty() {
        return Err("no module declared".to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endif_comment_and_last_comma() {
        let t = "enum {\n  A = 1,\n  B = 2,\n};\n#endif // __cplusplus\n";
        assert_eq!(
            portable(t),
            "enum {\n  A = 1,\n  B = 2\n};\n#endif /* __cplusplus */\n"
        );
    }

    #[test]
    fn finds_a_documented_function() {
        let t = "/**\n * F: does it.\n *\n * More.\n */\nint *F(const char *a,\n       int b);\n";
        let f = functions(t);
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].name, "F");
        assert_eq!(f[0].doc, ["F: does it.", "", "More."]);
        let m = man_page(&f[0], "x.h", "1", "x(3)", None);
        assert!(m.contains("F \\- does it\n"), "{m}");
        assert!(m.contains("int *F(const char *a,\n       int b);\n"), "{m}");
    }

    #[test]
    fn behaviour_sections_by_name_or_by_group() {
        let md = "# T\n\n## SplitURL\n\nSplits.\n\n## Base 64\n\nCodes.\n\n## End\n";
        assert_eq!(behaviour_section(md, "SplitURL"), Some("Splits."));
        assert_eq!(behaviour_section(md, "Base64Decode"), Some("Codes."));
        assert_eq!(behaviour_section(md, "Nothing"), None);
    }

    #[test]
    fn markdown_becomes_roff() {
        let md = "A **b** `x`\nline.\n\n* item\n1. first\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```c\n.x \\n\n```\n### Sub\n\u{b7}";
        assert_eq!(
            markdown_to_roff(md),
            ".PP\nA \\fBb\\fR \\fBx\\fR\nline.\n.IP \\(bu 2\nitem\n.IP 1. 4\nfirst\n.br\na | b\n.br\n1 | 2\n\
             .PP\n.nf\n\\&.x \\en\n.fi\n.SS Sub\n.PP\n\\[u00B7]\n"
        );
    }

    #[test]
    fn header_sources_follow_mod_rs_and_refuse_a_silent_module() {
        let m = "/// Header: wwwurl.h.\nmod a;\n/// Header: none.\npub mod b;\n/// Header: wwwurl_legacy.h.\nmod c;\n";
        assert_eq!(
            header_sources(m).unwrap(),
            [("a", "wwwurl.h"), ("b", "none"), ("c", "wwwurl_legacy.h")]
                .map(|(x, y)| (x.to_string(), y.to_string()))
        );
        assert!(header_sources("/// Header: wwwurl.h.\nmod a;\nmod new;\n")
            .unwrap_err()
            .contains("`new`"));
        assert!(header_sources("/// Header: other.h.\nmod a;\n").is_err());
    }

    #[test]
    fn enum_underlying_type_only_where_the_language_has_it() {
        let t = "enum E\n#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L\n  : uint32_t\n\
                 #endif  // defined(__cplusplus) || __STDC_VERSION__ >= 202311L\n {\n  A = 0,\n};\n\
                 #if __STDC_VERSION__ >= 202311L\n";
        let p = portable(t);
        let cond = "(defined(__cplusplus) && __cplusplus >= 201103L) || \
                    (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L)";
        assert!(p.contains(&format!("#if {cond}\n")), "{p}");
        assert!(p.contains(&format!("#endif  /* {cond} */\n")), "{p}");
        assert!(p.contains("#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 202311L\n"));
        assert!(p.contains("  A = 0\n};"));
    }
}
