//! Compiles the weak application hooks (src/ffi/hooks.c) and generates the
//! C headers into the build directory (`target/<profile>/include`). The
//! committed copies in include/ are refreshed with `make header` and checked
//! with `make check-header`; the build never rewrites them.

use std::path::{Path, PathBuf};

#[path = "tools/headers.rs"]
mod headers;

const MODERN_SOURCES: &[&str] = &[
    "src/ffi/status.rs",
    "src/ffi/config.rs",
    "src/ffi/modern.rs",
    "src/ffi/standards.rs",
];
const LEGACY_SOURCES: &[&str] = &["src/ffi/record.rs", "src/ffi/legacy.rs"];

fn main() {
    println!("cargo:rerun-if-changed=src/ffi/hooks.c");
    cc::Build::new()
        .file("src/ffi/hooks.c")
        .warnings(true)
        .extra_warnings(true)
        .compile("wwwurl_hooks");

    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out.
    let profile_dir = out.ancestors().nth(3).expect("target layout").to_path_buf();
    let include = profile_dir.join("include");
    std::fs::create_dir_all(&include).expect("create include dir");

    let version = std::env::var("CARGO_PKG_VERSION").expect("version");
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

    let modern = generate(
        "cbindgen.toml",
        MODERN_SOURCES,
        &include.join("wwwurl.h"),
        &version_macros,
    );
    let legacy = generate(
        "cbindgen-legacy.toml",
        LEGACY_SOURCES,
        &include.join("wwwurl_legacy.h"),
        "",
    );
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-changed=cbindgen-legacy.toml");
    println!("cargo:rerun-if-changed=tools/headers.rs");

    // The API reference: one man page per function, from the comments that
    // the headers carry (installed by `make install`).
    let man3 = profile_dir.join("man").join("man3");
    let _ = std::fs::remove_dir_all(&man3);
    std::fs::create_dir_all(&man3).expect("create man3 dir");
    for (header, text) in [("wwwurl.h", &modern), ("wwwurl_legacy.h", &legacy)] {
        let see_also = format!(
            "wwwurl(1), the header {header}; doc/behaviour.md and README.md of the wwwurl sources."
        );
        for f in headers::functions(text) {
            let page = headers::man_page(&f, header, &version, &see_also);
            std::fs::write(man3.join(format!("{}.3", f.name)), page).expect("write man page");
        }
    }

    // The 2.9h variant is a library of its own (see Cargo.toml, `v29h`),
    // with its own soname and the one historical function 2.9h has instead
    // of 2.9's.
    let v29h = std::env::var_os("CARGO_FEATURE_V29H").is_some();
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ffi/wwwurl.map");
    println!("cargo:rerun-if-changed={}", map.display());
    let other = if v29h {
        "/* 2.9 only */"
    } else {
        "/* 2.9h only */"
    };
    let text = std::fs::read_to_string(&map).expect("read wwwurl.map");
    let kept: String = text
        .lines()
        .filter(|l| !l.ends_with(other))
        .map(|l| format!("{l}\n"))
        .collect();
    let variant_map = out.join("wwwurl.map");
    std::fs::write(&variant_map, kept).expect("write wwwurl.map");
    println!(
        "cargo:rustc-cdylib-link-arg=-Wl,--version-script={}",
        variant_map.display()
    );
    let soname = if v29h {
        "libwwwurl-29h.so.0"
    } else {
        "libwwwurl.so.0"
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
}

/// Writes the header made from `sources` to `dest`, made portable (see
/// `tools/headers.rs`); returns its text.
fn generate(config: &str, sources: &[&str], dest: &Path, extra: &str) -> String {
    let mut cfg = cbindgen::Config::from_file(config).expect("cbindgen config");
    if !extra.is_empty() {
        let mut a = cfg.after_includes.take().unwrap_or_default();
        a.push_str(extra);
        cfg.after_includes = Some(a);
    }
    let mut b = cbindgen::Builder::new().with_config(cfg);
    for s in sources {
        println!("cargo:rerun-if-changed={s}");
        b = b.with_src(s);
    }
    let mut raw = Vec::new();
    b.generate().expect("cbindgen").write(&mut raw);
    let text = headers::portable(&String::from_utf8(raw).expect("UTF-8 header"));
    // Rewritten only when it changes, so that C objects are not rebuilt.
    if std::fs::read_to_string(dest).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(dest, &text).expect("write header");
    }
    text
}
