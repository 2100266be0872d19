//! Setting a part of a record, over the real corpus (`tests/corpus/kasztp.txt`)
//! and the `%`-heavy URLs of every SplitURL vector, in both modes: the part
//! set is what CreateURL makes of the value in that position, the other
//! components keep their bytes, the derived parts are rebuilt as CreateURL
//! writes them, a record that was a fixed point of the rebuild is one again,
//! and a refused value changes nothing (the record is borrowed: it cannot
//! change; the C test `test_set.c` checks the handle).

// Tests may abort when memory runs out: the ban on aborting allocations
// (clippy.toml) is the library's.
use crate::common;

use wwwurl::bytes::buf::Buf;
use wwwurl::wwwoffle::codec::encode_password;
use wwwurl::wwwoffle::config::{Compat, Config};
use wwwurl::wwwoffle::create::create_url;
use wwwurl::wwwoffle::edit::{set_part, split_hostport, Part, SetError};
use wwwurl::wwwoffle::split::split_url;
use wwwurl::wwwoffle::url::Url;

fn corpus() -> Vec<Vec<u8>> {
    let text = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/kasztp.txt"
    ))
    .expect("tests/corpus/kasztp.txt");
    let mut urls: Vec<Vec<u8>> = text
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect();
    assert!(urls.len() > 40_000, "the corpus is cut short");
    // The SplitURL vectors hold the escape-heavy and odd inputs.
    for name in ["SplitURL", "v29h/SplitURL"] {
        urls.extend(common::load(name).iter().map(|v| v.input(0).to_vec()));
    }
    urls
}

/// The value of `part` in `u`, as text a setter takes (the user and
/// password decoded, the port as digits).
fn value_of(u: &Url, part: Part) -> Option<Vec<u8>> {
    let (host, port) = split_hostport(u.hostport());
    match part {
        Part::Proto => Some(u.proto().to_vec()),
        Part::User => u.user().map(<[u8]>::to_vec),
        Part::Pass => u.pass().map(<[u8]>::to_vec),
        Part::Host => Some(host.to_vec()),
        Part::Port => port.map(<[u8]>::to_vec),
        Part::Path => Some(u.path().to_vec()),
        Part::Args => u.args().map(<[u8]>::to_vec),
    }
}

fn enc(s: Option<&[u8]>) -> Option<Vec<u8>> {
    s.map(|s| {
        let mut b = Buf::new();
        encode_password(s, &mut b).unwrap();
        b.into_vec()
    })
}

/// A record whose components, given back to CreateURL, make it again.
fn fixed(env: &Config, m: Compat, u: &Url) -> bool {
    let (user, pass) = (enc(u.user()), enc(u.pass()));
    let again = create_url(
        env,
        m,
        u.proto(),
        u.hostport(),
        u.path(),
        u.args(),
        user.as_deref(),
        pass.as_deref(),
    )
    .unwrap();
    canonical(&again) == canonical(u)
}

/// The canonical fields and the port: what a rebuild promises to keep (the
/// `original_*` fields are the arguments CreateURL was given).
fn canonical(u: &Url) -> (Vec<Option<&[u8]>>, i32) {
    use wwwurl::wwwoffle::url::Field::*;
    let f = [Name, File, Proto, Hostport, Host, Path, Args, User, Pass];
    (f.iter().map(|&f| u.get(f)).collect(), u.port())
}

/// What CreateURL makes of `v` in `part`'s position, read on a record whose
/// other parts are neutral: but for a host, which is read with `u`'s port,
/// and a port, with `u`'s host (CanonicaliseHost reads them together).
fn made_alone(env: &Config, m: Compat, u: &Url, part: Part, v: Option<&[u8]>) -> Option<Vec<u8>> {
    let (host, port) = split_hostport(u.hostport());
    let (host, port) = match part {
        Part::Host => (v.unwrap(), port),
        Part::Port => (host, v),
        _ => (&b"h"[..], None),
    };
    let mut hp = host.to_vec();
    if let Some(p) = port {
        hp.push(b':');
        hp.extend_from_slice(p);
    }
    // A protocol without a default port, but when the port is set.
    let proto: &[u8] = match part {
        Part::Proto => v.unwrap(),
        Part::Port | Part::Host => u.proto(),
        _ => b"x",
    };
    let path: &[u8] = if part == Part::Path { v.unwrap() } else { b"/" };
    let args = if part == Part::Args { v } else { None };
    let user = if part == Part::User { v } else { None };
    let pass = if part == Part::Pass { v } else { None };
    let r = create_url(env, m, proto, &hp, path, args, user, pass).unwrap();
    let (host, port) = split_hostport(r.hostport());
    match part {
        Part::Host => Some(host.to_vec()),
        Part::Port => port.map(<[u8]>::to_vec),
        _ => value_of(&r, part),
    }
}

#[test]
fn every_part_set_over_the_corpus_in_both_modes() {
    let env = Config::default();
    let urls = corpus();
    let mut counts = [0usize; 4]; // sets, refusals, fixed before, fixed after
    for m in [Compat::V29, Compat::V29h] {
        let recs: Vec<Url> = urls
            .iter()
            .map(|s| split_url(&env, m, s).unwrap())
            .collect();
        for (i, u) in recs.iter().enumerate() {
            let donor = &recs[(i * 7 + 1) % recs.len()];
            let was_fixed = fixed(&env, m, u);
            for part in Part::ALL {
                let v = value_of(donor, part);
                let r = match set_part(&env, m, u.view(), part, v.as_deref()) {
                    Ok(r) => r,
                    Err(SetError::Refused) => {
                        counts[1] += 1;
                        continue;
                    }
                    Err(e) => panic!("{e:?}"),
                };
                counts[0] += 1;
                let what = || {
                    format!(
                        "{:?} {} {part:?}={:?}",
                        m,
                        String::from_utf8_lossy(&urls[i]),
                        v.as_deref().map(String::from_utf8_lossy)
                    )
                };
                // The part set, as CreateURL makes it alone. A port equal
                // to the protocol's default is dropped in both.
                {
                    let alone = made_alone(&env, m, u, part, v.as_deref());
                    assert_eq!(value_of(&r, part), alone, "{}", what());
                }
                // The other components keep their bytes; a new protocol, or
                // a port set to the default, may drop the port.
                for other in Part::ALL {
                    if other == part || (other == Part::Port && matches!(part, Part::Proto)) {
                        continue;
                    }
                    assert_eq!(
                        value_of(&r, other),
                        value_of(u, other),
                        "{other:?}: {}",
                        what()
                    );
                }
                // The derived parts, as CreateURL writes them.
                let mut name = r.proto().to_vec();
                name.extend_from_slice(b"://");
                name.extend_from_slice(r.hostport());
                name.extend_from_slice(r.path());
                if let Some(a) = r.args() {
                    name.push(b'?');
                    name.extend_from_slice(a);
                }
                assert_eq!(r.name(), &name[..], "{}", what());
                match r.user() {
                    None => assert_eq!(r.file(), r.name(), "{}", what()),
                    Some(user) => {
                        let mut file = r.proto().to_vec();
                        file.extend_from_slice(b"://");
                        file.extend(enc(Some(user)).unwrap());
                        if let Some(p) = r.pass() {
                            file.push(b':');
                            file.extend(enc(Some(p)).unwrap());
                        }
                        file.push(b'@');
                        file.extend_from_slice(&r.name()[r.hostp()..]);
                        assert_eq!(r.file(), &file[..], "{}", what());
                    }
                }
                if was_fixed && fixed(&env, m, donor) {
                    counts[2] += 1;
                    assert!(fixed(&env, m, &r), "no longer a fixed point: {}", what());
                    counts[3] += 1;
                }
            }
        }
    }
    eprintln!(
        "{} sets, {} refusals, {} sets on fixed points stayed fixed",
        counts[0], counts[1], counts[3]
    );
    assert!(counts[0] > 500_000 && counts[3] > 400_000, "{counts:?}");
}
