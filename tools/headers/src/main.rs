//! `wwwurl-headers OUT`: writes the C headers of capi/src/ffi into
//! `OUT/include` (`wwwurl.h`, `wwwurl_legacy.h`), one man page per C
//! function into `OUT/man/man3`, and the C test rows, memory rows and
//! names of the declared functions into `OUT/test`. `make` runs it with
//! `OUT` = `build/gen`; the committed copies in include/ are
//! refreshed with `make header` and checked with `make check-header`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use wwwurl_headers::{
    behaviour_section, declaration, declared_handles, functions, header_sources, man_page,
    markdown_to_roff, memory_bounds_table, memory_rows, portable, test_rows, with_bounds_table,
    with_declarations,
};

/// Where the C ABI declares its modules, each with the header of its items.
const MODULES: &str = "src/ffi/mod.rs";

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: wwwurl-headers OUT (writes OUT/include and OUT/man/man3)");
        return ExitCode::from(2);
    };
    let out = PathBuf::from(out);
    // The sources and the cbindgen configurations are in capi/.
    let capi = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../capi");
    let include = out.join("include");
    std::fs::create_dir_all(&include).expect("create include dir");

    let version = env!("CARGO_PKG_VERSION");
    let mut parts = version
        .split(['.', '-'])
        .map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor, patch) = (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(0),
    );
    let version_macros = format!(
        "\n#define WWWURL_VERSION_STRING \"{version}\"\n\
         #define WWWURL_VERSION_MAJOR {major}\n\
         #define WWWURL_VERSION_MINOR {minor}\n\
         #define WWWURL_VERSION_PATCH {patch}\n\
         /** The version as one number: MAJOR * 10000 + MINOR * 100 + PATCH. */\n\
         #define WWWURL_VERSION_NUMBER ({major} * 10000 + {minor} * 100 + {patch})\n"
    );

    let mod_rs = std::fs::read_to_string(capi.join(MODULES)).expect("read ffi/mod.rs");
    let sources = match header_sources(&mod_rs) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("wwwurl-headers: {MODULES}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let of = |h: &str| -> Vec<String> {
        sources
            .iter()
            .filter(|(_, header)| header == h)
            .map(|(m, _)| format!("src/ffi/{m}.rs"))
            .collect()
    };
    // The functions declared once (`#[export]`, capi/src/ffi/api), which
    // cbindgen cannot see through their attribute, follow the others.
    let declared: String = wwwurl_capi::API
        .iter()
        .flat_map(|m| m.iter())
        .map(declaration)
        .collect();
    // The handle types the declarations name: cbindgen writes a type only
    // when a function it sees uses it.
    let handles = declared_handles(wwwurl_capi::API);
    let modern = generate(
        &capi,
        "cbindgen.toml",
        &of("wwwurl.h"),
        &include.join("wwwurl.h"),
        &version_macros,
        &declared,
        &handles,
    );
    let legacy = generate(
        &capi,
        "cbindgen-legacy.toml",
        &of("wwwurl_legacy.h"),
        &include.join("wwwurl_legacy.h"),
        "",
        "",
        &[],
    );

    // The test rows, the memory rows and the exported names of the
    // declared functions.
    let test = out.join("test");
    std::fs::create_dir_all(&test).expect("create test dir");
    write_if_changed(
        &test.join("wwwurl_api_rows.h"),
        &test_rows(wwwurl_capi::API),
    );
    // The memory rows that bench/memory.c measures, and SECURITY.md with
    // the table of their bounds (`make header` copies it back).
    let security = capi.join("../SECURITY.md");
    let rows = memory_rows(wwwurl_capi::API).and_then(|rows| {
        let doc = std::fs::read_to_string(&security).map_err(|e| e.to_string())?;
        let table = memory_bounds_table(wwwurl_capi::API)?;
        Ok((rows, with_bounds_table(&doc, &table)?))
    });
    let (rows, doc) = match rows {
        Ok(r) => r,
        Err(e) => {
            eprintln!("wwwurl-headers: memory bounds: {e}");
            return ExitCode::FAILURE;
        }
    };
    write_if_changed(&test.join("wwwurl_memory_rows.h"), &rows);
    write_if_changed(&out.join("SECURITY.md"), &doc);
    let names: String = wwwurl_capi::API
        .iter()
        .flat_map(|m| m.iter())
        .map(|d| format!("{}\n", d.name))
        .collect();
    write_if_changed(&test.join("declared-functions.txt"), &names);

    // The API reference: one man page per function, from the comments that
    // the headers carry (installed by `make install`).
    let man3 = out.join("man").join("man3");
    let _ = std::fs::remove_dir_all(&man3);
    std::fs::create_dir_all(&man3).expect("create man3 dir");
    // The legacy functions' pages carry their section of doc/behaviour.md,
    // the reference of their historical behaviour, with its examples.
    let behaviour =
        std::fs::read_to_string(capi.join("../doc/behaviour.md")).expect("read doc/behaviour.md");
    for (header, text) in [("wwwurl.h", &modern), ("wwwurl_legacy.h", &legacy)] {
        let see_also = format!(
            "wwwurl(1), the header {header}; doc/behaviour.md and README.md of the wwwurl sources."
        );
        for f in functions(text) {
            let section = match header {
                "wwwurl_legacy.h" => match behaviour_section(&behaviour, &f.name) {
                    Some(md) => Some(markdown_to_roff(md)),
                    None => {
                        eprintln!(
                            "wwwurl-headers: doc/behaviour.md has no section for {}",
                            f.name
                        );
                        return ExitCode::FAILURE;
                    }
                },
                _ => None,
            };
            let page = man_page(&f, header, version, &see_also, section.as_deref());
            std::fs::write(man3.join(format!("{}.3", f.name)), page).expect("write man page");
        }
    }
    ExitCode::SUCCESS
}

/// Writes the header made from `sources` (relative to `capi`) to `dest`,
/// made portable (see `src/prototypes.rs`); returns its text.
fn generate(
    capi: &Path,
    config: &str,
    sources: &[String],
    dest: &Path,
    extra: &str,
    declared: &str,
    types: &[String],
) -> String {
    let mut cfg = cbindgen::Config::from_file(capi.join(config)).expect("cbindgen config");
    for t in types {
        if !cfg.export.include.contains(t) {
            cfg.export.include.push(t.clone());
        }
    }
    if !extra.is_empty() {
        let mut a = cfg.after_includes.take().unwrap_or_default();
        a.push_str(extra);
        cfg.after_includes = Some(a);
    }
    let mut b = cbindgen::Builder::new().with_config(cfg);
    for s in sources {
        b = b.with_src(capi.join(s));
    }
    let mut raw = Vec::new();
    b.generate().expect("cbindgen").write(&mut raw);
    let text = portable(&String::from_utf8(raw).expect("UTF-8 header"));
    let text = with_declarations(&text, declared);
    write_if_changed(dest, &text);
    text
}

/// Writes `text` to `dest` unless it holds it already, so that the C
/// objects that include it are not rebuilt.
fn write_if_changed(dest: &Path, text: &str) {
    if std::fs::read_to_string(dest).ok().as_deref() != Some(text) {
        std::fs::write(dest, text).expect("write generated file");
    }
}
