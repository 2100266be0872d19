//! The C headers: cbindgen's text made portable C, and the prototypes of
//! the declared functions written into it, from the table of declarations
//! and from the header each module of the C ABI says its items go into.

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
            ArgKind::Struct(t) => p.push(format!("const struct {t} *{}", c_name(a.name))),
            ArgKind::Handles(h) => {
                p.push(format!("const struct {} *const *{}", h.ty, c_name(a.name)));
                p.push(format!("size_t {}", a.len));
            }
            ArgKind::Strs => {
                p.push(format!("const char *const *{}", c_name(a.name)));
                p.push(format!("size_t {}", a.len));
            }
            ArgKind::OutArray(t) => {
                p.push(format!("{t} *{}", c_name(a.name)));
                p.push(format!("size_t {}", a.len));
            }
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

/// An argument's name in C: a Rust keyword's raw form (`r#in`) without
/// its `r#`.
pub(crate) fn c_name(name: &str) -> &str {
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
