//! The law of canonical forms: canonicalising a canonical form gives it
//! back, byte for byte. A cache key that changes when it is canonicalised
//! again is not a key.
//!
//! Every profile version of the registry is held to it on the real corpus,
//! the escape-heavy one (when `WWWURL_ESCAPES` names it, as `make` does),
//! the inputs of the SplitURL and LinkURL vectors and of the frozen profile
//! vectors, the web-platform-tests inputs and random URL-ish strings, with
//! exactly these exceptions:
//!
//! * `surt/*`: a SURT is not a URL, so it has no canonical form of its own.
//! * `wwwoffle-2.9/1`, `wwwoffle-2.9h/1`: the historical classes that
//!   SECURITY.md ("Canonical names that are not fixed points") lists, which
//!   are predicted here as the `idem_name` fuzz target predicts them; any
//!   other difference fails.
//! * The frozen versions whose defect a later version fixed
//!   ([`SUPERSEDED`]): they keep their bytes, and they may fail the law only
//!   where the version that replaced them gives another answer.

// The inputs hold Unicode domains, which `whatwg` converts only with idna.
#![cfg(feature = "idna")]
// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use crate::common;

use wwwurl::bytes::buf::Buf;
use wwwurl::profile::{profiles, resolve, Options, Profile};
use wwwurl::wwwoffle::config::Compat;
use wwwurl::wwwoffle::host::canonicalise_host;
use wwwurl::wwwoffle::html::replace_amp;
use wwwurl::wwwoffle::split::split_url;

/// Frozen versions that are not fixed points, each with the version that
/// fixed it (doc/profile-differences.md says what changed).
const SUPERSEDED: &[(&str, &str)] = &[
    ("cachekey/1", "cachekey/2"),
    ("safebrowsing/1", "safebrowsing/2"),
];

/// Every input set, each input once.
fn inputs() -> Vec<Vec<u8>> {
    use crate::common::inputs::*;
    let mut all = corpus();
    all.extend(escape_corpus());
    all.extend(vector_inputs("SplitURL"));
    all.extend(vector_inputs("LinkURL"));
    all.extend(profile_vector_inputs());
    all.extend(wpt_inputs());
    let mut rng = common::Rng(0x5eed_f1ed_9017_7e57);
    all.extend((0..40_000).map(|_| random_input(&mut rng)));
    all.sort();
    all.dedup();
    all
}

fn canon(p: &Profile, url: &[u8]) -> Option<Vec<u8>> {
    let mut out = Buf::new();
    p.canonicalize(url, &Options::default(), &mut out)
        .ok()
        .map(|()| out.into_vec())
}

/// What SplitURL's name of the name is, given the first split `input` of
/// and the documented classes; `None` when no class applies. The port of
/// fuzz/idem_name.c's prediction.
fn predict_wwwoffle(compat: Compat, input: &[u8]) -> Option<Vec<u8>> {
    let o = Options::default();
    let u = split_url(o.env, compat, input).unwrap();
    let mut applies = false;
    let args = u.args().map(|a| {
        // Class A: the recoding, then (2.9) the `&amp;` replacement.
        let mut recoded = Buf::new();
        wwwurl::wwwoffle::codec::recode_form(a, &mut recoded).unwrap();
        let mut t = Buf::new();
        if compat == Compat::V29 {
            replace_amp(&recoded, &mut t).unwrap();
        } else {
            t = recoded;
        }
        applies |= t[..] != *a;
        t.into_vec()
    });
    let has_letter = |s: &[u8]| s.iter().any(u8::is_ascii_alphabetic);
    let hp = u.hostport();
    let hostport = if hp.is_empty() {
        // Class D: the empty hostport gets the local host.
        applies = true;
        split_url(o.env, compat, b"/").unwrap().hostport().to_vec()
    } else if u.port() == 0
        && hp.ends_with(b":0")
        && (u.host().first() == Some(&b'[') || !has_letter(u.host()))
    {
        // Class B: the `:0` of a port that was a multiple of 65536.
        applies = true;
        u.host().to_vec()
    } else if u.port() == -1 && !has_letter(hp) {
        // Class C: a numeric host that was never canonicalised.
        let mut c = Buf::new();
        canonicalise_host(hp, &mut c).unwrap();
        applies |= c[..] != *hp;
        c.into_vec()
    } else {
        hp.to_vec()
    };
    if !applies {
        return None;
    }
    let mut name = u.proto().to_vec();
    name.extend_from_slice(b"://");
    name.extend_from_slice(&hostport);
    name.extend_from_slice(u.path());
    if let Some(a) = args {
        name.push(b'?');
        name.extend_from_slice(&a);
    }
    Some(name)
}

/// The profiles whose output is a URL: all but SURT.
fn url_valued() -> impl Iterator<Item = &'static Profile> {
    profiles().iter().filter(|p| p.name != "surt")
}

#[test]
fn every_canonical_form_is_a_fixed_point() {
    let inputs = inputs();
    assert!(inputs.len() > 100_000, "{} inputs", inputs.len());
    println!("{} inputs", inputs.len());
    let mut report = String::new();
    for p in url_valued() {
        let full = format!("{}/{}", p.name, p.version);
        let fixed_by = SUPERSEDED
            .iter()
            .find(|(old, _)| *old == full)
            .map(|&(_, new)| resolve(new).expect("the fixing version exists"));
        let compat = match p.name {
            "wwwoffle-2.9" => Some(Compat::V29),
            "wwwoffle-2.9h" => Some(Compat::V29h),
            _ => None,
        };
        let (mut broken, mut excused) = (0, 0);
        for input in &inputs {
            let Some(once) = canon(p, input) else {
                continue;
            };
            let twice = canon(p, &once);
            if twice.as_deref() == Some(&once[..]) {
                continue;
            }
            let excuse = match (compat, fixed_by) {
                (Some(c), _) => predict_wwwoffle(c, input) == twice,
                // A frozen defect: the new version must answer otherwise.
                (None, Some(new)) => canon(new, input).as_deref() != Some(&once[..]),
                (None, None) => false,
            };
            if excuse {
                excused += 1;
                continue;
            }
            broken += 1;
            if broken <= 40 {
                report.push_str(&format!(
                    "{full}: {}\n  -> {}\n  -> {}\n",
                    input.escape_ascii(),
                    once.escape_ascii(),
                    twice.map_or("(refused)".into(), |t| t.escape_ascii().to_string()),
                ));
            }
        }
        if broken > 0 {
            report.push_str(&format!("{full}: {broken} not fixed points\n"));
        }
        println!("{full}: {excused} documented exceptions");
    }
    assert!(report.is_empty(), "\n{report}");
}

/// The exceptions are only for frozen versions: the newest version of
/// every URL-valued name outside the WWWOFFLE profiles has none.
#[test]
fn superseded_versions_are_not_the_newest() {
    for (old, new) in SUPERSEDED {
        let (o, n) = (resolve(old).unwrap(), resolve(new).unwrap());
        assert_eq!(o.name, n.name);
        assert!(o.version < n.version);
        assert_eq!(
            resolve(o.name),
            Some(n),
            "{old}: the bare name is not {new}"
        );
    }
    assert!(url_valued().count() >= 8);
}

/// The WHATWG href of every web-platform-tests case against its own base
/// (the profile above has no base): parsing the href again gives it back.
#[test]
fn whatwg_href_against_a_base_is_a_fixed_point() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wpt/urltestdata.json"),
    )
    .unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut checked = 0;
    for case in cases.as_array().unwrap() {
        let (Some(input), base) = (
            case.get("input").and_then(|v| v.as_str()),
            case.get("base").and_then(|v| v.as_str()),
        ) else {
            continue;
        };
        let Ok(u) = wwwurl::whatwg::parse_with_base(input.as_bytes(), base.map(str::as_bytes))
        else {
            continue;
        };
        let again = wwwurl::whatwg::parse(u.href(), None).expect("an href parses");
        assert_eq!(again.href(), u.href(), "{input:?} against {base:?}");
        checked += 1;
    }
    assert!(checked > 500, "{checked} cases");
}
