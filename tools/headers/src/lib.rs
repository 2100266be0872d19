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

/// The man page (section 3) of `f`, declared in `header`.
pub fn man_page(f: &Function, header: &str, version: &str, see_also: &str) -> String {
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
    m.push_str(".SH SEE ALSO\n");
    m.push_str(see_also);
    m.push('\n');
    m
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
        let m = man_page(&f[0], "x.h", "1", "x(3)");
        assert!(m.contains("F \\- does it\n"), "{m}");
        assert!(m.contains("int *F(const char *a,\n       int b);\n"), "{m}");
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
