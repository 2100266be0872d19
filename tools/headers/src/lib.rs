//! What the header generator (`src/main.rs`) does to cbindgen's output:
//! portable C (C89 and C++98 with `-pedantic`), and one section 3 man page
//! per function made from the same documentation comments, so that the
//! headers and the manual cannot drift apart.

mod memory_rows;
pub use memory_rows::{memory_bounds_table, memory_rows, with_bounds_table};

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

/// A declared function's C arguments (without the parentheses), after
/// its declaration's arguments those of its result.
pub fn c_params(d: &wwwurl_capi::Decl) -> Vec<String> {
    use wwwurl_capi::{ArgKind, RetKind};
    let mut p = Vec::new();
    for a in d.args {
        match a.kind {
            ArgKind::Cfg => p.push(format!("const struct wwwurl_config *{}", c_name(a.name))),
            ArgKind::In | ArgKind::OptIn => {
                p.push(format!("const char *{}", c_name(a.name)));
                p.push(format!("size_t {}", a.len));
            }
            ArgKind::Str | ArgKind::OptStr => p.push(format!("const char *{}", c_name(a.name))),
            ArgKind::Value(t) => p.push(format!("{t} {}", c_name(a.name))),
            ArgKind::Handle(h, mutable) => p.push(format!(
                "{}struct {} *{}",
                if mutable { "" } else { "const " },
                h.ty,
                a.name
            )),
            ArgKind::Owned(h) => p.push(format!("struct {} *{}", h.ty, a.name)),
            ArgKind::OwnedText => p.push(format!("char *{}", a.name)),
            ArgKind::InOut(t) => p.push(format!("{t} *{}", a.name)),
        }
    }
    match d.ret {
        RetKind::Status | RetKind::Number { .. } | RetKind::Static | RetKind::Release => {}
        RetKind::Text => p.push("char **out".to_string()),
        RetKind::TextBuf => {
            p.push("char *buf".to_string());
            p.push("size_t cap".to_string());
            p.push("size_t *needed".to_string());
        }
        RetKind::New(h) => p.push(format!("struct {} **out", h.ty)),
        RetKind::Put(t) => p.push(format!("struct {t} *out")),
        RetKind::TextLen => {
            p.push("char **out".to_string());
            p.push("size_t *out_len".to_string());
        }
        RetKind::NewText => p.push("size_t *out_len".to_string()),
        RetKind::Borrowed => p.push("size_t *len".to_string()),
    }
    p
}

/// The C type a declared function returns, as it precedes the name.
pub fn c_return(d: &wwwurl_capi::Decl) -> String {
    use wwwurl_capi::RetKind;
    match d.ret {
        RetKind::Borrowed | RetKind::Static => "const char *".to_string(),
        RetKind::NewText => "char *".to_string(),
        RetKind::Number { ty, .. } => format!("{ty} "),
        RetKind::Release => "void ".to_string(),
        _ => "wwwurl_status ".to_string(),
    }
}

/// The C expression of an argument's test input: its declared sample as
/// a string literal, else the row's common one, `common`.
fn sample(a: &wwwurl_capi::Arg, common: &str) -> String {
    if a.sample.is_empty() {
        return common.to_string();
    }
    let mut lit = String::from("\"");
    for b in a.sample.bytes() {
        match b {
            b'"' | b'\\' => lit.push_str(&format!("\\{}", b as char)),
            0x20..=0x7e => lit.push(b as char),
            _ => lit.push_str(&format!("\\{b:03o}")),
        }
    }
    lit.push('"');
    lit
}

/// The header entry of a declared function: its documentation comment and
/// its prototype, laid out as cbindgen lays out the others.
pub fn declaration(d: &wwwurl_capi::Decl) -> String {
    let mut t = String::from("/**\n");
    for l in d.doc {
        let l = l.strip_prefix(' ').unwrap_or(l);
        if l.is_empty() {
            t.push_str(" *\n");
            continue;
        }
        if l.len() <= 100 {
            t.push_str(&format!(" * {l}\n"));
            continue;
        }
        // A paragraph given on one line (the `_buf` twins') is wrapped as
        // the comments written by hand are.
        let mut line = String::new();
        for w in l.split(' ').filter(|w| !w.is_empty()) {
            if !line.is_empty() && line.len() + 1 + w.len() > 74 {
                t.push_str(&format!(" * {line}\n"));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
        if !line.is_empty() {
            t.push_str(&format!(" * {line}\n"));
        }
    }
    t.push_str(" */\n");
    let head = format!("{}{}(", c_return(d), d.name);
    let params = c_params(d);
    let one_line = match params.is_empty() {
        true => format!("{head}void);"),
        false => format!("{head}{});", params.join(", ")),
    };
    if one_line.len() <= 100 {
        t.push_str(&one_line);
    } else {
        let indent = " ".repeat(head.len());
        t.push_str(&head);
        t.push_str(&params.join(&format!(",\n{indent}")));
        t.push_str(");");
    }
    t.push_str("\n\n");
    t
}

/// `header` (cbindgen's text) with `entries` before the end of its
/// `extern "C"` block. A header in which cbindgen saw no function has no
/// such block: the entries then get one of their own, before the include
/// guard's last `#endif`.
pub fn with_declarations(header: &str, entries: &str) -> String {
    let block_end = header
        .rfind("#ifdef __cplusplus\n}")
        .or_else(|| header.rfind("#if defined(__cplusplus)\n}"));
    let (end, open, close) = match block_end {
        Some(end) => (end, "", ""),
        None => (
            header.rfind("#endif").unwrap_or(header.len()),
            "#ifdef __cplusplus\nextern \"C\" {\n#endif /* __cplusplus */\n\n",
            "#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif  /* __cplusplus */\n\n",
        ),
    };
    let mut t = String::with_capacity(header.len() + entries.len() + open.len() + close.len());
    t.push_str(&header[..end]);
    t.push_str(open);
    t.push_str(entries);
    t.push_str(close);
    t.push_str(&header[end..]);
    t
}

/// The C test rows of the declared functions (`wwwurl_api_rows.h`): for
/// each, a call `api_NAME(nul, in, str)` with every input `in`, every C
/// string `str`, every number 0 and every output in place, but for pointer argument
/// number `nul` (counted from 0; -1 for none), which is NULL; the row says
/// how many pointer arguments there are and which may be NULL. The call
/// returns `API_OUTPUT_WRITTEN` when it failed but wrote an output. From
/// the rows, c-tests/test_null.c checks every pointer argument with NULL,
/// and c-tests/fault_injection.c makes each call panic at entry and run out
/// of memory at each allocation in turn.
pub fn test_rows(api: &[&[wwwurl_capi::Decl]]) -> String {
    use wwwurl_capi::{ArgKind, RetKind};
    let mut t = String::from(
        "/* Generated by tools/headers from the declarations of capi/src/ffi (ffi::api):\n \
         * the test rows of every declared function. Do not edit. */\n\
         #ifndef WWWURL_API_ROWS_H\n#define WWWURL_API_ROWS_H\n\n\
         #include <stddef.h>\n#include \"wwwurl.h\"\n\n\
         /* A failed call that wrote an output anyway. */\n\
         #define API_OUTPUT_WRITTEN 1000\n\
         /* A number result's fixed value on an error (a NULL argument, memory\n \
         * running out, a panic), which says no more than that. */\n\
         #define API_FALLBACK 1001\n\n\
         /* Called right before each declared call, after the sample\n \
         * handles it takes are made: the fault test arms a panic here. */\n\
         static void (*api_before_call)(void);\n\n\
         typedef struct api_row {\n    const char *name;\n    \
         wwwurl_status (*call)(int nul, const char *in, const char *str);\n    \
         int pointers;      /* pointer arguments, counted for `nul` */\n    \
         unsigned optional; /* bit k: pointer argument k may be NULL */\n    \
         int hands_to_c;    /* the result is memory handed to C */\n    \
         int can_panic;     /* a panic at entry is caught: the call gives on_panic */\n    \
         int on_panic;      /* WWWURL_ERR_PANIC, API_FALLBACK or (a static string) WWWURL_OK */\n    \
         int fallback;      /* a number result: every error gives API_FALLBACK */\n} api_row;\n\n",
    );
    let mut rows = String::new();
    let mut x = String::from(
        "/* X(name, hands_to_c, fallback) for every declared function, to make\n \
         * tables of. */\n\
         #define API_ROWS(X) \\\n",
    );
    for d in api.iter().flat_map(|m| m.iter()) {
        let fallback = match d.ret {
            RetKind::Number { fallback, .. } => Some(fallback),
            RetKind::NewText => Some("NULL"),
            _ => None,
        };
        x.push_str(&format!(
            "    X({}, {}, {}) \\\n",
            d.name,
            i32::from(hands_to_c(d.ret)),
            i32::from(fallback.is_some())
        ));
        let mut args = Vec::new();
        // The sample handles the call takes, made before it and released
        // after it (unless the call released it): (variable, kind, the
        // pointer argument of a handle the call releases).
        let mut handles = Vec::new();
        // The locals of the numbers the call updates.
        let mut inouts = String::new();
        let mut k = 0;
        let mut optional = 0u32;
        let ptr = |opt: bool, k: &mut i32, optional: &mut u32| {
            if opt {
                *optional |= 1 << *k;
            }
            *k += 1;
            *k - 1
        };
        for a in d.args {
            match a.kind {
                ArgKind::Cfg => args.push("NULL".to_string()),
                ArgKind::In | ArgKind::OptIn => {
                    let i = ptr(a.kind == ArgKind::OptIn, &mut k, &mut optional);
                    args.push(format!("nul == {i} ? NULL : {}", sample(a, "in")));
                    args.push("WWWURL_NUL_TERMINATED".to_string());
                }
                ArgKind::Str | ArgKind::OptStr => {
                    let i = ptr(a.kind == ArgKind::OptStr, &mut k, &mut optional);
                    args.push(format!("nul == {i} ? NULL : {}", sample(a, "str")));
                }
                // A number's sample is a C expression (a constant's name).
                ArgKind::Value(_) => args.push(match a.sample {
                    "" => "0".to_string(),
                    e => e.to_string(),
                }),
                ArgKind::Handle(h, _) => {
                    let i = ptr(false, &mut k, &mut optional);
                    let var = format!("h{}", handles.len());
                    args.push(format!("nul == {i} ? NULL : {var}"));
                    handles.push((var.clone(), Sample::of(h, &var), None));
                }
                ArgKind::InOut(t) => {
                    let i = ptr(false, &mut k, &mut optional);
                    args.push(format!("nul == {i} ? NULL : &v_{}", a.name));
                    inouts.push_str(&format!("    {t} v_{} = 0;\n", a.name));
                }
                ArgKind::Owned(h) => {
                    let i = ptr(true, &mut k, &mut optional);
                    let var = format!("h{}", handles.len());
                    args.push(format!("nul == {i} ? NULL : {var}"));
                    handles.push((var.clone(), Sample::of(h, &var), Some(i)));
                }
                ArgKind::OwnedText => {
                    let i = ptr(true, &mut k, &mut optional);
                    let var = format!("h{}", handles.len());
                    args.push(format!("nul == {i} ? NULL : {var}"));
                    handles.push((var.clone(), Sample::text(&var), Some(i)));
                }
            }
        }
        let (locals, written, free) = match d.ret {
            RetKind::Status | RetKind::Number { .. } | RetKind::Static | RetKind::Release => {
                (String::new(), "0", String::new())
            }
            RetKind::Text => {
                let i = ptr(false, &mut k, &mut optional);
                args.push(format!("nul == {i} ? NULL : &out"));
                (
                    "    char *out = NULL;\n".to_string(),
                    "out != NULL",
                    "    wwwurl_string_free(out);\n".to_string(),
                )
            }
            RetKind::TextBuf => {
                let i = ptr(false, &mut k, &mut optional);
                args.push(format!("nul == {i} ? NULL : buf"));
                args.push("sizeof buf".to_string());
                let j = ptr(true, &mut k, &mut optional);
                args.push(format!("nul == {j} ? NULL : &needed"));
                (
                    "    char buf[4096];\n    size_t needed = 0;\n".to_string(),
                    "needed != 0",
                    String::new(),
                )
            }
            RetKind::Put(t) => {
                let i = ptr(false, &mut k, &mut optional);
                args.push(format!("nul == {i} ? NULL : &out"));
                (format!("    struct {t} out;\n"), "0", String::new())
            }
            RetKind::TextLen | RetKind::NewText => {
                if d.ret == RetKind::TextLen {
                    let i = ptr(false, &mut k, &mut optional);
                    args.push(format!("nul == {i} ? NULL : &out"));
                }
                let j = ptr(true, &mut k, &mut optional);
                args.push(format!("nul == {j} ? NULL : &out_len"));
                (
                    "    char *out = NULL;\n    size_t out_len = 0;\n".to_string(),
                    "out != NULL",
                    "    wwwurl_string_free(out);\n".to_string(),
                )
            }
            RetKind::New(h) => {
                let i = ptr(false, &mut k, &mut optional);
                args.push(format!("nul == {i} ? NULL : &out"));
                (
                    format!("    struct {} *out = NULL;\n", h.ty),
                    "out != NULL",
                    format!("    {}(out);\n", h.free),
                )
            }
            RetKind::Borrowed => {
                let i = ptr(true, &mut k, &mut optional);
                args.push(format!("nul == {i} ? NULL : &len"));
                (
                    "    size_t len = 0;\n".to_string(),
                    "len != 0",
                    String::new(),
                )
            }
        };
        let mut make = String::new();
        let mut release = String::new();
        let mut release_after = String::new();
        let mut locals = locals + &inouts;
        // A number function's row gives API_FALLBACK when it cannot make a
        // sample (memory ran out), as the call itself would.
        let no_sample = match fallback {
            Some(_) => "(wwwurl_status)API_FALLBACK",
            None => "st",
        };
        for (var, h, owned) in &handles {
            locals.push_str(&format!("    {}{var} = NULL;\n", h.ty));
            // The sample is made before the hook that arms a fault, so
            // that the fault reaches the declared call itself.
            make.push_str(&format!(
                "    st = {};\n    if (st != WWWURL_OK) {{\n{release}        return {no_sample};\n    }}\n",
                h.make,
                release = release.replace("    ", "        "),
            ));
            release.push_str(&format!("    {}({var});\n", h.free));
            match owned {
                // Released by the call unless it was given NULL instead.
                Some(i) => release_after.push_str(&format!(
                    "    if (nul == {i})\n        {}({var});\n",
                    h.free
                )),
                None => release_after.push_str(&format!("    {}({var});\n", h.free)),
            }
        }
        let release = release_after;
        let (name, args) = (d.name, args.join(", "));
        let call = match d.ret {
            RetKind::Borrowed | RetKind::Static => {
                format!("st = {name}({args}) != NULL ? WWWURL_OK : WWWURL_ERR_NULL;")
            }
            RetKind::Number { ty, .. } => format!(
                "st = {name}({args}) != ({ty})({}) ? WWWURL_OK : (wwwurl_status)API_FALLBACK;",
                fallback.unwrap_or("0")
            ),
            RetKind::Release => format!("{name}({args});\n    st = WWWURL_OK;"),
            RetKind::NewText => format!(
                "out = {name}({args});\n    st = out != NULL ? WWWURL_OK : (wwwurl_status)API_FALLBACK;"
            ),
            _ => format!("st = {name}({args});"),
        };
        t.push_str(&format!(
            "static wwwurl_status api_{name}(int nul, const char *in, const char *str)\n{{\n\
             {locals}    wwwurl_status st;\n    (void)nul, (void)in, (void)str;\n\
             {make}    if (api_before_call)\n        api_before_call();\n    \
             {call}\n    \
             if (st != WWWURL_OK && ({written}))\n        st = (wwwurl_status)API_OUTPUT_WRITTEN;\n\
             {free}{release}    return st;\n}}\n\n",
            name = d.name,
        ));
        let (can_panic, on_panic) = match d.ret {
            RetKind::Borrowed | RetKind::Release => (false, "WWWURL_ERR_PANIC"),
            RetKind::Number { unwinds, .. } => (unwinds, "API_FALLBACK"),
            RetKind::NewText => (true, "API_FALLBACK"),
            // The fallback string: a usable value.
            RetKind::Static => (true, "WWWURL_OK"),
            _ => (true, "WWWURL_ERR_PANIC"),
        };
        rows.push_str(&format!(
            "    {{\"{}\", api_{}, {k}, {optional}u, {}, {}, {on_panic}, {}}},\n",
            d.name,
            d.name,
            i32::from(hands_to_c(d.ret)),
            i32::from(can_panic),
            i32::from(fallback.is_some()),
        ));
    }
    t.push_str("static const api_row api_rows[] = {\n");
    t.push_str(&rows);
    t.push_str("};\n\n");
    t.push_str(&x);
    t.push_str("    /* end */\n\n#endif /* WWWURL_API_ROWS_H */\n");
    t
}

/// The C structs of the handles that the declared functions take or make,
/// each once, in the order of their first use.
pub fn declared_handles(api: &[&[wwwurl_capi::Decl]]) -> Vec<String> {
    use wwwurl_capi::{ArgKind, RetKind};
    let mut out: Vec<String> = Vec::new();
    for d in api.iter().flat_map(|m| m.iter()) {
        let made = match d.ret {
            RetKind::New(h) => Some(h),
            _ => None,
        };
        let taken = d.args.iter().filter_map(|a| match a.kind {
            ArgKind::Handle(h, _) | ArgKind::Owned(h) => Some(h),
            _ => None,
        });
        for h in taken.chain(made) {
            if !out.iter().any(|t| t == h.ty) {
                out.push(h.ty.to_string());
            }
        }
    }
    out
}

/// A sample argument that a test row makes before its call and releases
/// after it (unless the call released it): a handle, or a string of the
/// library's.
struct Sample {
    /// Its C type, as it precedes a variable's name.
    ty: String,
    /// The C statement that makes it in its variable, giving a status.
    make: String,
    /// The function that releases it.
    free: &'static str,
}

impl Sample {
    /// A handle of the kind `h`, made in `var`.
    fn of(h: wwwurl_capi::HandleKind, var: &str) -> Sample {
        Sample {
            ty: format!("struct {} *", h.ty),
            make: h.make.replace("&h", &format!("&{var}")),
            free: h.free,
        }
    }

    /// A string of the library's (the row's common sample, normalised),
    /// made in `var`.
    fn text(var: &str) -> Sample {
        Sample {
            ty: "char *".to_string(),
            // A maker that gives a status, so that a panic in it is told
            // from memory running out, as for a handle.
            make: format!("wwwurl_rfc3986_normalize(in, WWWURL_NUL_TERMINATED, 0, &{var})"),
            free: "wwwurl_string_free",
        }
    }
}

/// Whether a result is memory handed to C (a string or a handle).
fn hands_to_c(r: wwwurl_capi::RetKind) -> bool {
    use wwwurl_capi::RetKind;
    matches!(
        r,
        RetKind::Text | RetKind::New(_) | RetKind::TextLen | RetKind::NewText
    )
}

/// An argument's name in C: a Rust keyword's raw form (`r#in`) without
/// its `r#`.
fn c_name(name: &str) -> &str {
    name.strip_prefix("r#").unwrap_or(name)
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
    use wwwurl_capi::HandleKind;

    /// The handle type of the tests' declarations (the memory rows' tests
    /// too).
    pub(crate) const H: HandleKind = HandleKind {
        ty: "wwwurl_h",
        make: "make_h(in, &h)",
        free: "free_h",
    };

    #[test]
    fn declarations_go_into_the_extern_c_block_or_one_of_their_own() {
        let entry = "void f(void);\n\n";
        let with_block = "#ifndef H\n#define H\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\
                          void g(void);\n#ifdef __cplusplus\n}\n#endif\n#endif /* H */\n";
        let t = with_declarations(with_block, entry);
        assert!(t.contains("void g(void);\nvoid f(void);\n\n#ifdef __cplusplus\n}"));
        assert_eq!(t.matches("extern \"C\"").count(), 1);
        let without = "#ifndef H\n#define H\ntypedef int t;\n#endif /* H */\n";
        let t = with_declarations(without, entry);
        assert_eq!(
            t,
            "#ifndef H\n#define H\ntypedef int t;\n#ifdef __cplusplus\nextern \"C\" {\n\
             #endif /* __cplusplus */\n\nvoid f(void);\n\n#ifdef __cplusplus\n}  /* extern \"C\" */\n\
             #endif  /* __cplusplus */\n\n#endif /* H */\n"
        );
    }

    #[test]
    fn handle_arguments_and_results_in_prototypes_and_rows() {
        use wwwurl_capi::{Arg, ArgKind, Decl, RetKind};
        const ARGS: &[Arg] = &[Arg {
            name: "u",
            len: "",
            kind: ArgKind::Handle(H, false),
            sample: "",
        }];
        let get = Decl {
            name: "get_h",
            doc: &["Gets."],
            args: ARGS,
            ret: RetKind::Borrowed,
            memory: None,
        };
        let dup = Decl {
            name: "dup_h",
            doc: &["Copies."],
            args: ARGS,
            ret: RetKind::New(H),
            memory: None,
        };
        assert!(
            declaration(&get).contains("const char *get_h(const struct wwwurl_h *u, size_t *len);")
        );
        assert!(declaration(&dup)
            .contains("wwwurl_status dup_h(const struct wwwurl_h *u, struct wwwurl_h **out);"));
        let rows = test_rows(&[&[get, dup]]);
        // The sample is made before the hook, released after the call.
        let body = &rows[rows.find("api_dup_h(int").unwrap()..];
        let (make, hook, call, free) = (
            body.find("st = make_h(in, &h0);").unwrap(),
            body.find("api_before_call();").unwrap(),
            body.find("st = dup_h(nul == 0 ? NULL : h0, nul == 1 ? NULL : &out);")
                .unwrap(),
            body.find("free_h(h0);").unwrap(),
        );
        assert!(make < hook && hook < call && call < free, "{body}");
        assert!(body.contains("free_h(out);"));
        assert!(
            rows.contains("{\"get_h\", api_get_h, 2, 2u, 0, 0, WWWURL_ERR_PANIC, 0},"),
            "{rows}"
        );
        assert!(
            rows.contains("{\"dup_h\", api_dup_h, 2, 0u, 1, 1, WWWURL_ERR_PANIC, 0},"),
            "{rows}"
        );
    }

    #[test]
    fn number_release_static_and_struct_results() {
        use wwwurl_capi::{Arg, ArgKind, Decl, RetKind};
        const OWNED: &[Arg] = &[Arg {
            name: "h",
            len: "",
            kind: ArgKind::Owned(H),
            sample: "",
        }];
        const COUNT: &[Arg] = &[Arg {
            name: "r#in",
            len: "len",
            kind: ArgKind::In,
            sample: "",
        }];
        const NEXT: &[Arg] = &[Arg {
            name: "pos",
            len: "",
            kind: ArgKind::InOut("size_t"),
            sample: "",
        }];
        let free = Decl {
            name: "free_h",
            doc: &["Frees."],
            args: OWNED,
            ret: RetKind::Release,
            memory: None,
        };
        let count = Decl {
            name: "count",
            doc: &["Counts."],
            args: COUNT,
            ret: RetKind::Number {
                ty: "size_t",
                fallback: "0",
                unwinds: true,
            },
            memory: Some(0),
        };
        let version = Decl {
            name: "version",
            doc: &["The version."],
            args: &[],
            ret: RetKind::Static,
            memory: None,
        };
        let next = Decl {
            name: "next",
            doc: &["The next."],
            args: NEXT,
            ret: RetKind::Put("wwwurl_p"),
            memory: None,
        };
        assert!(declaration(&free).contains("void free_h(struct wwwurl_h *h);"));
        assert!(declaration(&count).contains("size_t count(const char *in, size_t len);"));
        assert!(declaration(&version).contains("const char *version(void);"));
        assert!(
            declaration(&next).contains("wwwurl_status next(size_t *pos, struct wwwurl_p *out);")
        );
        let rows = test_rows(&[&[free, count, version, next]]);
        // A release takes a fresh sample, freed after the call only when
        // the call was given NULL instead.
        let body = &rows[rows.find("api_free_h(int").unwrap()..];
        assert!(
            body.contains("free_h(nul == 0 ? NULL : h0);\n    st = WWWURL_OK;"),
            "{body}"
        );
        assert!(
            body.contains("if (nul == 0)\n        free_h(h0);"),
            "{body}"
        );
        assert!(rows.contains("!= (size_t)(0) ? WWWURL_OK : (wwwurl_status)API_FALLBACK;"));
        assert!(rows.contains("size_t v_pos = 0;"), "{rows}");
        assert!(rows.contains("{\"free_h\", api_free_h, 1, 1u, 0, 0, WWWURL_ERR_PANIC, 0},"));
        assert!(rows.contains("{\"count\", api_count, 1, 0u, 0, 1, API_FALLBACK, 1},"));
        assert!(rows.contains("{\"version\", api_version, 0, 0u, 0, 1, WWWURL_OK, 0},"));
        assert!(rows.contains("X(count, 0, 1)"), "{rows}");
        assert_eq!(declared_handles(&[&[free, next]]), ["wwwurl_h"]);
    }

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
