//! The header post-processing and man page generator (`src/`) on the
//! committed headers.

use wwwurl_headers as headers;

#[test]
fn every_function_of_the_headers_has_a_documented_page() {
    for (name, text) in [
        ("wwwurl.h", include_str!("../../../include/wwwurl.h")),
        (
            "wwwurl_legacy.h",
            include_str!("../../../include/wwwurl_legacy.h"),
        ),
    ] {
        let fs = headers::functions(text);
        let declared = text
            .lines()
            .filter(|l| l.contains('(') && !l.starts_with(' '))
            .count();
        assert!(
            fs.len() >= 20,
            "{name}: only {} documented functions",
            fs.len()
        );
        for f in &fs {
            assert!(
                f.doc.iter().any(|l| !l.is_empty()),
                "{name}: {} has no documentation",
                f.name
            );
            let page = headers::man_page(f, name, "0", "x", None);
            assert!(page.contains(&format!(".TH {} 3", f.name.to_ascii_uppercase())));
        }
        assert!(declared > 0);
    }
}
