//! The generator's jobs on declarations and texts made for the tests:
//! prototypes, test rows, portable headers, man pages and the modules'
//! headers.

use super::*;
use wwwurl_capi::HandleKind;

/// The handle type of the tests' declarations (the memory rows' tests
/// too).
pub(crate) const H: HandleKind = HandleKind {
    ty: "wwwurl_h",
    make: "make_h(in, &h)",
    free: "free_h",
    c_heap: true,
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
    assert!(declaration(&get).contains("const char *get_h(const struct wwwurl_h *u, size_t *len);"));
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
    assert!(declaration(&next).contains("wwwurl_status next(size_t *pos, struct wwwurl_p *out);"));
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
fn struct_and_array_arguments_in_prototypes_rows_and_memory_rows() {
    use wwwurl_capi::{Arg, ArgKind, Decl, RetKind};
    const ARGS: &[Arg] = &[
        Arg {
            name: "init",
            len: "",
            kind: ArgKind::Struct("wwwurl_i"),
            sample: ".a = \"x\"",
        },
        Arg {
            name: "hs",
            len: "n",
            kind: ArgKind::Handles(H),
            sample: "",
        },
        Arg {
            name: "strs",
            len: "m",
            kind: ArgKind::Strs,
            sample: "s1",
        },
        Arg {
            name: "out",
            len: "cap",
            kind: ArgKind::OutArray("size_t"),
            sample: "",
        },
    ];
    let f = Decl {
        name: "f",
        doc: &["Does."],
        args: ARGS,
        ret: RetKind::Status,
        memory: Some(2),
    };
    assert!(
        declaration(&f).contains(
            "wwwurl_status f(const struct wwwurl_i *init,\n\
             \x20               const struct wwwurl_h *const *hs,\n\
             \x20               size_t n,\n\
             \x20               const char *const *strs,\n\
             \x20               size_t m,\n\
             \x20               size_t *out,\n\
             \x20               size_t cap);"
        ),
        "{}",
        declaration(&f)
    );
    let rows = test_rows(&[&[f]]);
    let body = &rows[rows.find("api_f(int").unwrap()..];
    assert!(
        body.contains("struct wwwurl_i v_init = {.a = \"x\"};"),
        "{body}"
    );
    assert!(body.contains("const struct wwwurl_h *a_hs[1];"), "{body}");
    assert!(body.contains("st = make_h(in, &h0);"), "{body}");
    assert!(
        body.contains(
            "st = f(nul == 0 ? NULL : &v_init, nul == 1 ? NULL : (a_hs[0] = h0, a_hs), 1, \
             nul == 2 ? NULL : (a_strs[0] = \"s1\", a_strs), 1, nul == 3 ? NULL : a_out, 16);"
        ),
        "{body}"
    );
    assert!(
        rows.contains("{\"f\", api_f, 4, 0u, 0, 1, WWWURL_ERR_PANIC, 0},"),
        "{rows}"
    );
    assert_eq!(declared_handles(&[&[f]]), ["wwwurl_h"]);
    // The memory rows: the hostile string is the one string of the array;
    // a struct's members are measured by hand.
    let mem = memory_rows(&[&[f]]).unwrap();
    assert!(
        mem.contains("static int mem_f_strs(char *s, size_t n)"),
        "{mem}"
    );
    assert!(
        mem.contains("(a_strs[0] = s, a_strs), 1, a_out, 16);"),
        "{mem}"
    );
    assert!(!mem.contains("mem_f_init"), "{mem}");
    // With no member given, the struct is all zero.
    const ZERO: &[Arg] = &[Arg {
        name: "init",
        len: "",
        kind: ArgKind::Struct("wwwurl_i"),
        sample: "",
    }];
    let zero = Decl { args: ZERO, ..f };
    assert!(test_rows(&[&[zero]]).contains("struct wwwurl_i v_init = {0};"));
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
