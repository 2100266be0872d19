//! `#[export(RESULT ...)]`: an ordinary `fn` of the C ABI (capi/src/ffi)
//! made the exported C function of its name.
//!
//! The function is written in terms of what its C arguments become (`&[u8]`
//! for an input, the handle's Rust type for a handle), each C argument with
//! its kind in a `#[c(...)]` attribute; its body is what the C function
//! does once they are converted. This crate only reads that syntax and
//! hands it to `declare!` (capi/src/ffi/api/macros.rs), which writes the C
//! function around the body (its panic boundary, NULL rules, input limit
//! and result) and the function's `Decl` for the header generator:
//!
//! ```text
//! /// Documentation.
//! #[export(Text memory(56))]
//! fn wwwurl_canonicalize(
//!     #[c(Cfg)] cfg: Settings<'_>,
//!     #[c(Str, sample = "rfc3986")] profile: &[u8],
//!     #[c(In, len = len)] url: &[u8],
//! ) -> Result<Buf, wwwurl_status> {
//!     canonical_form(cfg, profile, url)
//! }
//! ```
//!
//! is handed over as
//!
//! ```text
//! crate::ffi::api::declare! {
//!     /// Documentation.
//!     fn wwwurl_canonicalize(cfg: Cfg, profile: Str = "rfc3986", url/len: In)
//!         -> Text memory(56)
//!     {
//!         |cfg: Settings<'_>, profile: &[u8], url: &[u8]| -> Result<Buf, wwwurl_status> {
//!             canonical_form(cfg, profile, url)
//!         }
//!     }
//! }
//! ```
//!
//! The tokens of the name, the types and the body keep their places in the
//! source, so that the compiler's messages and go-to-definition lead there.
//! The attribute's own tokens (the result and its options) go to
//! `declare!` as they are; a `#[c(...)]` holds the kind (any type), then
//! `len = NAME` for a kind that takes a length and `sample = "..."` for the
//! test rows. The one parameter without `#[c]` is the caller's buffer that
//! a `Buffer` body writes into, last.

#![forbid(unsafe_code)]

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// Makes the `fn` it is put on an exported C function: see the crate's
/// documentation.
#[proc_macro_attribute]
pub fn export(attr: TokenStream, item: TokenStream) -> TokenStream {
    match expand(attr, item) {
        Ok(ts) => ts,
        Err(e) => e.to_compile_error(),
    }
}

/// A mistake in the attributed function, reported where it is.
struct Error {
    span: Span,
    msg: String,
}

fn error<T>(span: Span, msg: &str) -> Result<T, Error> {
    Err(Error {
        span,
        msg: msg.to_string(),
    })
}

impl Error {
    /// `::core::compile_error!("...")`, at the mistake.
    fn to_compile_error(&self) -> TokenStream {
        let mut msg = Literal::string(&self.msg);
        msg.set_span(self.span);
        let mut out = path(&["core", "compile_error"], self.span);
        out.extend([
            punct('!', Spacing::Alone, self.span),
            group(
                Delimiter::Parenthesis,
                TokenStream::from(TokenTree::from(msg)),
                self.span,
            ),
            punct(';', Spacing::Alone, self.span),
        ]);
        out
    }
}

/// One C argument: its name, the kind and options of its `#[c(...)]`
/// (`None` for the caller's buffer of a `Buffer`), its Rust type.
struct Param {
    name: Ident,
    c: Option<CAttr>,
    ty: Vec<TokenTree>,
}

/// What a `#[c(...)]` says.
struct CAttr {
    kind: Vec<TokenTree>,
    len: Option<Ident>,
    sample: Option<Literal>,
}

fn expand(attr: TokenStream, item: TokenStream) -> Result<TokenStream, Error> {
    let ret: Vec<TokenTree> = attr.into_iter().collect();
    let Some(TokenTree::Ident(ret_kind)) = ret.first() else {
        return error(
            Span::call_site(),
            "#[export] needs the kind of result: #[export(Status)], #[export(Text memory(3))], ...",
        );
    };
    let ret_kind = ret_kind.to_string();

    let mut it = item.into_iter().peekable();
    // The documentation: `///` lines arrive as `#[doc = "..."]`.
    let mut docs = TokenStream::new();
    while let Some(TokenTree::Punct(p)) = it.peek() {
        if p.as_char() != '#' {
            break;
        }
        let pound = it.next();
        let Some(TokenTree::Group(g)) = it.next() else {
            return error(Span::call_site(), "an attribute without its brackets");
        };
        match g.stream().into_iter().next() {
            Some(TokenTree::Ident(i)) if i.to_string() == "doc" => {}
            _ => {
                return error(
                    g.span(),
                    "an exported function takes no attribute but its documentation",
                )
            }
        }
        docs.extend(pound);
        docs.extend([TokenTree::Group(g)]);
    }
    if ret_kind == "TextBuf" && !docs.is_empty() {
        return error(
            Span::call_site(),
            "a `_buf` twin has no documentation of its own: `buf_doc!` writes it from its function's",
        );
    }

    match it.next() {
        Some(TokenTree::Ident(i)) if i.to_string() == "fn" => {}
        Some(t) => {
            return error(
                t.span(),
                "write the exported function as a plain `fn NAME(...)`: `declare!` makes it `pub extern \"C\"`",
            )
        }
        None => return error(Span::call_site(), "#[export] goes on a `fn`"),
    }
    let Some(TokenTree::Ident(name)) = it.next() else {
        return error(Span::call_site(), "a function name after `fn`");
    };
    let params = match it.next() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => g,
        Some(t) => return error(t.span(), "an exported function has no generic parameters"),
        None => return error(name.span(), "the parameters of the function"),
    };
    // The return type, if any, up to the body.
    let mut rest: Vec<TokenTree> = it.collect();
    let body = match rest.pop() {
        Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Brace => g,
        _ => return error(name.span(), "an exported function has a body"),
    };
    let ret_ty = match rest.split_first() {
        None => None,
        Some((TokenTree::Punct(p), ty)) if p.as_char() == '-' => match ty.split_first() {
            Some((TokenTree::Punct(q), ty)) if q.as_char() == '>' && !ty.is_empty() => {
                if let Some(w) = ty
                    .iter()
                    .find(|t| matches!(t, TokenTree::Ident(i) if i.to_string() == "where"))
                {
                    return error(w.span(), "an exported function has no `where` clause");
                }
                Some(ty.to_vec())
            }
            _ => return error(p.span(), "`-> TYPE`, the type of the body"),
        },
        Some((t, _)) => return error(t.span(), "`-> TYPE`, the type of the body, then the body"),
    };

    let params = split_commas(params.stream().into_iter().collect())
        .into_iter()
        .map(param)
        .collect::<Result<Vec<_>, _>>()?;
    // Every parameter is a C argument, but for the caller's buffer that a
    // `Buffer` body writes into, last.
    for (i, p) in params.iter().enumerate() {
        let sink = ret_kind == "Buffer" && i + 1 == params.len();
        match (&p.c, sink) {
            (None, false) => {
                return error(
                    p.name.span(),
                    "a C argument says its kind: `#[c(In, len = len)] s: &[u8]`",
                )
            }
            (Some(_), true) => {
                return error(
                    p.name.span(),
                    "the last parameter of a `Buffer` body is the caller's buffer, \
                     `sink: &mut CallerBuf<'_>`, without `#[c]`",
                )
            }
            _ => {}
        }
    }

    // `fn NAME(c arguments) -> RESULT { |rust parameters| -> TYPE BODY }`
    let span = Span::call_site();
    let mut c_args = TokenStream::new();
    let mut closure = TokenStream::new();
    for p in &params {
        if let Some(c) = &p.c {
            if !c_args.is_empty() {
                c_args.extend([punct(',', Spacing::Alone, span)]);
            }
            c_args.extend([TokenTree::Ident(p.name.clone())]);
            if let Some(len) = &c.len {
                c_args.extend([
                    punct('/', Spacing::Alone, span),
                    TokenTree::Ident(len.clone()),
                ]);
            }
            c_args.extend([punct(':', Spacing::Alone, span)]);
            c_args.extend(c.kind.iter().cloned());
            if let Some(sample) = &c.sample {
                c_args.extend([
                    punct('=', Spacing::Alone, span),
                    TokenTree::Literal(sample.clone()),
                ]);
            }
        }
        if !closure.is_empty() {
            closure.extend([punct(',', Spacing::Alone, span)]);
        }
        closure.extend([
            TokenTree::Ident(p.name.clone()),
            punct(':', Spacing::Alone, span),
        ]);
        closure.extend(p.ty.iter().cloned());
    }
    let mut lambda = TokenStream::new();
    lambda.extend([punct('|', Spacing::Alone, span)]);
    lambda.extend(closure);
    lambda.extend([punct('|', Spacing::Alone, span)]);
    if let Some(ty) = ret_ty {
        lambda.extend([
            punct('-', Spacing::Joint, span),
            punct('>', Spacing::Alone, span),
        ]);
        lambda.extend(ty);
    }
    lambda.extend([TokenTree::Group(body)]);

    let mut decl = docs;
    decl.extend([
        TokenTree::Ident(Ident::new("fn", span)),
        TokenTree::Ident(name),
        group(Delimiter::Parenthesis, c_args, span),
        punct('-', Spacing::Joint, span),
        punct('>', Spacing::Alone, span),
    ]);
    decl.extend(ret);
    decl.extend([group(Delimiter::Brace, lambda, span)]);

    let mut out = path(&["crate", "ffi", "api", "declare"], span);
    out.extend([
        punct('!', Spacing::Alone, span),
        group(Delimiter::Brace, decl, span),
    ]);
    Ok(out)
}

/// A parameter: `#[c(KIND, len = NAME, sample = "...")] name: TYPE`.
fn param(tokens: Vec<TokenTree>) -> Result<Param, Error> {
    let mut it = tokens.into_iter().peekable();
    let mut c = None;
    while let Some(TokenTree::Punct(p)) = it.peek() {
        if p.as_char() != '#' {
            break;
        }
        let span = p.span();
        let Some(TokenTree::Group(g)) = it.nth(1) else {
            return error(span, "an attribute without its brackets");
        };
        let mut inner = g.stream().into_iter();
        match (inner.next(), inner.next(), inner.next()) {
            (Some(TokenTree::Ident(i)), Some(TokenTree::Group(args)), None)
                if i.to_string() == "c"
                    && args.delimiter() == Delimiter::Parenthesis
                    && c.is_none() =>
            {
                c = Some(c_attr(args)?);
            }
            _ => {
                return error(
                    g.span(),
                    "a parameter takes one attribute, `#[c(KIND, len = NAME, sample = \"...\")]`",
                )
            }
        }
    }
    let name = match it.next() {
        Some(TokenTree::Ident(i)) if i.to_string() != "mut" => i,
        Some(t) => return error(t.span(), "a parameter is a plain name: `s: &[u8]`"),
        None => return error(Span::call_site(), "an empty parameter"),
    };
    match it.next() {
        Some(TokenTree::Punct(p)) if p.as_char() == ':' => {}
        _ => return error(name.span(), "a parameter is a plain name: `s: &[u8]`"),
    }
    let ty: Vec<TokenTree> = it.collect();
    if ty.is_empty() {
        return error(name.span(), "the Rust type of the parameter");
    }
    Ok(Param { name, c, ty })
}

/// The inside of `#[c(KIND, len = NAME, sample = "...")]`.
fn c_attr(args: Group) -> Result<CAttr, Error> {
    let mut parts = split_commas(args.stream().into_iter().collect()).into_iter();
    let kind = match parts.next() {
        Some(kind) if !kind.is_empty() => kind,
        _ => {
            return error(
                args.span(),
                "the kind of the C argument: `#[c(In, len = len)]`",
            )
        }
    };
    let mut attr = CAttr {
        kind,
        len: None,
        sample: None,
    };
    for part in parts {
        match part.as_slice() {
            [TokenTree::Ident(k), TokenTree::Punct(eq), TokenTree::Ident(len)]
                if k.to_string() == "len" && eq.as_char() == '=' && attr.len.is_none() =>
            {
                attr.len = Some(len.clone());
            }
            [TokenTree::Ident(k), TokenTree::Punct(eq), TokenTree::Literal(s)]
                if k.to_string() == "sample" && eq.as_char() == '=' && attr.sample.is_none() =>
            {
                attr.sample = Some(s.clone());
            }
            [] => {}
            [t, ..] => {
                return error(
                    t.span(),
                    "after the kind: `len = NAME` (the C length argument), `sample = \"...\"`",
                )
            }
        }
    }
    Ok(attr)
}

/// `tokens` split at its commas outside `<...>` (the groups of brackets
/// hold their own).
fn split_commas(tokens: Vec<TokenTree>) -> Vec<Vec<TokenTree>> {
    let mut parts = vec![Vec::new()];
    let mut depth = 0usize;
    let mut after_dash = false;
    for t in tokens {
        let mut dash = false;
        if let TokenTree::Punct(p) = &t {
            match p.as_char() {
                ',' if depth == 0 => {
                    parts.push(Vec::new());
                    continue;
                }
                '<' => depth += 1,
                // `->` in a function type is no closing bracket.
                '>' if !after_dash => depth = depth.saturating_sub(1),
                '-' => dash = p.spacing() == Spacing::Joint,
                _ => {}
            }
        }
        after_dash = dash;
        if let Some(last) = parts.last_mut() {
            last.push(t);
        }
    }
    if parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts
}

fn punct(c: char, spacing: Spacing, span: Span) -> TokenTree {
    let mut p = Punct::new(c, spacing);
    p.set_span(span);
    TokenTree::Punct(p)
}

fn group(delimiter: Delimiter, stream: TokenStream, span: Span) -> TokenTree {
    let mut g = Group::new(delimiter, stream);
    g.set_span(span);
    TokenTree::Group(g)
}

/// `a::b::c` (`::a::b` when `a` is `core`).
fn path(segments: &[&str], span: Span) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, s) in segments.iter().enumerate() {
        if i > 0 || *s == "core" {
            out.extend([
                punct(':', Spacing::Joint, span),
                punct(':', Spacing::Alone, span),
            ]);
        }
        out.extend([TokenTree::Ident(Ident::new(s, span))]);
    }
    out
}
