//! Builds ada's URLPattern into the benchmark: `ada.cpp` of the `ada-url`
//! package (found through `cargo metadata`, or in `$ADA_DIR/deps` when set),
//! compiled with its URLPattern and the `std::regex` provider, which the
//! package's own build leaves out, and `cpp/ada_pattern.cpp`, the C functions
//! the benchmark calls.

// A build script may abort when memory runs out: the ban on aborting
// allocations (clippy.toml) is the library's.
#![allow(
    clippy::disallowed_methods,
    clippy::disallowed_macros,
    clippy::disallowed_types
)]

use std::path::PathBuf;
use std::process::Command;

/// The directory of the `ada-url` package this workspace resolves to.
fn ada_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("ADA_DIR") {
        return PathBuf::from(dir);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline"])
        // The packages of the build machine only: those are the ones Cargo
        // has fetched (ada-url is a build dependency).
        .arg("--filter-platform")
        .arg(std::env::var_os("HOST").unwrap())
        .arg("--manifest-path")
        .arg(manifest.join("Cargo.toml"))
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("its JSON");
    let package = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == "ada-url")
        .expect("the ada-url package in cargo metadata");
    let path = PathBuf::from(package["manifest_path"].as_str().unwrap());
    path.parent().unwrap().to_path_buf()
}

fn main() {
    println!("cargo:rerun-if-env-changed=ADA_DIR");
    println!("cargo:rerun-if-changed=cpp/ada_pattern.cpp");
    let deps = ada_dir().join("deps");
    let source = deps.join("ada.cpp");
    assert!(source.is_file(), "no {}", source.display());
    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .include(&deps)
        .define("ADA_INCLUDE_URL_PATTERN", "1")
        .define("ADA_USE_UNSAFE_STD_REGEX_PROVIDER", None)
        .define("NDEBUG", None)
        .file(&source)
        .file("cpp/ada_pattern.cpp")
        .warnings(false)
        .compile("ada_pattern");
}
