//! Builds what the C libraries need besides the Rust code: the weak
//! application hooks (src/ffi/hooks.c), the version script of the variant
//! and its soname. The headers and man pages are made by tools/headers
//! (`make`; README, "Layout").

// A build step, not the library: aborting on memory exhaustion is fine here
// (clippy.toml bans the aborting calls in the library only).
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src/ffi/hooks.c");
    cc::Build::new()
        .file("src/ffi/hooks.c")
        .warnings(true)
        .extra_warnings(true)
        .compile("wwwurl_hooks");

    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));

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
