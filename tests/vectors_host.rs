//! CanonicaliseHost and CanonicaliseName against every conformance vector.

use crate::common;

use wwwurl::bytes::buf::Buf;
use wwwurl::wwwoffle::host::canonicalise_host;
use wwwurl::wwwoffle::path::canonicalise_name;

/// Runs `f` on the single input of every vector of `name`; fails listing the
/// first mismatches.
fn check(name: &str, f: impl Fn(&[u8]) -> Vec<u8>) {
    let vectors = common::load(name);
    let mut failures = Vec::new();
    for v in &vectors {
        let got = f(v.input(0));
        if got != v.output(0) {
            failures.push(format!(
                "line {}: input {} wanted {} got {}",
                v.line,
                common::show(v.opt_input(0)),
                common::show(v.opt_output(0)),
                common::show(Some(&got)),
            ));
        }
    }
    eprintln!(
        "{name}: {} vectors checked, {} failed",
        vectors.len(),
        failures.len()
    );
    for f in failures.iter().take(20) {
        eprintln!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} vectors failed",
        failures.len(),
        vectors.len()
    );
}

#[test]
fn canonicalise_host_vectors() {
    check("CanonicaliseHost", |h| {
        let mut out = Buf::new();
        canonicalise_host(h, &mut out).unwrap();
        out.into_vec()
    });
}

#[test]
fn canonicalise_name_vectors() {
    check("CanonicaliseName", |p| {
        let mut v = Buf::from_slice(p).unwrap();
        canonicalise_name(&mut v);
        v.into_vec()
    });
}
