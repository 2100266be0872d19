//! The weak application hooks that the C ABI's sources call
//! (capi/src/ffi/hooks.c), so that the generator that links this library
//! links; the version script and soname of capi/build.rs are the shipped
//! libraries' business, not this one's.
fn main() {
    println!("cargo:rerun-if-changed=../../capi/src/ffi/hooks.c");
    cc::Build::new()
        .file("../../capi/src/ffi/hooks.c")
        .warnings(true)
        .extra_warnings(true)
        .compile("wwwurl_hooks");
}
