//! The codecs against byte loops that state them as doc/behaviour.md
//! does, on edge cases and long random texts, and their block scans
//! against byte predicates.

use super::*;
use crate::bytes::ascii::{Block, Lanes};

/// Every codec.
const ALL_CODECS: [Codec; 6] = [
    Codec::DecodeGeneric,
    Codec::DecodeForm,
    Codec::RecodeForm,
    Codec::EncodePath,
    Codec::EncodeForm,
    Codec::EncodePassword,
];

fn run(c: Codec, s: &[u8]) -> Vec<u8> {
    let mut v = Buf::new();
    c.apply(s, &mut v).unwrap();
    v.into_vec()
}

#[test]
fn extend_nul_cut_splits_one_run_into_two_fields() {
    let mut v = Buf::new();
    v.extend_nul_cut(b"http://h", 4).unwrap();
    v.extend_nul_cut(b"/p?", 2).unwrap();
    v.extend_nul_cut(b"ab", 2).unwrap();
    v.extend_nul_cut(b"", 0).unwrap();
    assert_eq!(v, b"http\0//h\0/p\0\0ab\0\0");
    let mut buf = [0xaa; 6];
    let mut b = BoundedSink::new(&mut buf);
    let Ok(()) = b.extend_nul_cut(b"abc:de", 3);
    assert_eq!(b.needed(), 7);
    assert_eq!(&buf, b"abc\0de");
}

#[test]
fn decode_generic_edge_cases() {
    assert_eq!(run(Codec::DecodeGeneric, b"%41%4"), b"A%4");
    assert_eq!(run(Codec::DecodeGeneric, b"%%41"), b"\x041");
    assert_eq!(run(Codec::DecodeGeneric, b"%zz"), b"\0");
    assert_eq!(run(Codec::DecodeGeneric, b"a+b%"), b"a+b%");
}

/// The codecs as plain byte loops, the way doc/behaviour.md states them.
fn reference(c: Codec, s: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    let mut i = 0;
    let esc = |v: &mut Vec<u8>, b: u8| v.extend_from_slice(format!("%{b:02X}").as_bytes());
    while i < s.len() {
        let b = s[i];
        let triple =
            (b == b'%' && i + 2 < s.len()).then(|| 16 * hex_value(s[i + 1]) + hex_value(s[i + 2]));
        match c {
            Codec::DecodeGeneric | Codec::DecodeForm => match triple {
                Some(t) => {
                    v.push(t);
                    i += 2;
                }
                None if c == Codec::DecodeForm && b == b'+' => v.push(b' '),
                None => v.push(b),
            },
            Codec::RecodeForm => match triple {
                Some(t) if FORM_KEEP.contains(t) => {
                    v.push(t);
                    i += 2;
                }
                Some(b' ') => {
                    v.push(b'+');
                    i += 2;
                }
                Some(_) => {
                    v.push(b'%');
                    v.push(s[i + 1].to_ascii_uppercase());
                    v.push(s[i + 2].to_ascii_uppercase());
                    i += 2;
                }
                None if RECODE_COPY.contains(b) => v.push(b),
                None if b == b' ' => v.push(b'+'),
                None => esc(&mut v, b),
            },
            Codec::EncodePath if PATH_KEEP.contains(b) => v.push(b),
            Codec::EncodeForm if FORM_KEEP.contains(b) => v.push(b),
            Codec::EncodeForm if b == b' ' => v.push(b'+'),
            Codec::EncodePassword if PASSWORD_KEEP.contains(b) => v.push(b),
            _ => esc(&mut v, b),
        }
        i += 1;
    }
    v
}

/// Every codec agrees with its byte loop on long random inputs that mix
/// escapes, plain runs of every length and the bytes each codec treats
/// specially, so that every switch between the block scans and the
/// escape-dense loops is crossed.
#[test]
fn codecs_match_byte_loops() {
    let pieces: [&[u8]; 13] = [
        b"\0",
        b"%41",
        b"%2f",
        b"%",
        b"+",
        b" ",
        b"a",
        b"abcdefgh",
        b"abcdefghijklmnopq",
        b"%zz",
        b"\xff",
        b"&amp;",
        b"%00",
    ];
    let codecs = ALL_CODECS;
    let mut seed = 17u32;
    for _ in 0..3000 {
        let mut s = Vec::new();
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        for _ in 0..(seed >> 16) % 120 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            s.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
        }
        for c in codecs {
            assert_eq!(
                run(c, &s),
                reference(c, &s),
                "{c:?} {:?}",
                String::from_utf8_lossy(&s)
            );
        }
    }
    // Runs of triples longer than one step of the block stage takes,
    // from every offset in a block.
    for triple in ["%20", "%26", "%41", "%zz", "%e9"] {
        for prefix in 0..=20 {
            let mut s = vec![b'a'; prefix];
            s.extend(triple.repeat(100).bytes());
            s.push(b'b');
            for c in codecs {
                assert_eq!(run(c, &s), reference(c, &s), "{c:?} {triple} {prefix}");
            }
        }
    }
    // Escapes and `+` among single plain bytes, long enough for the
    // dense loop (or, for form text without escapes, the copy of form
    // text) to fill its stage, from every offset in a word.
    for unit in [
        "+",
        "a+",
        "u%41",
        "+%41",
        "a+b%41",
        "ab%41",
        "%41u%42",
        "abc%41",
        "abcd%4+",
        "abcde%41",
        "abcdef%41",
        "abcdefg%41",
        "u%00",
        "u%",
    ] {
        for prefix in 0..=9 {
            for suffix in 0..=9 {
                let mut s = vec![b'a'; prefix];
                s.extend(unit.repeat(60).bytes());
                s.extend(std::iter::repeat_n(b'z', suffix));
                for c in codecs {
                    assert_eq!(
                        run(c, &s),
                        reference(c, &s),
                        "{c:?} {unit} {prefix} {suffix}"
                    );
                }
            }
        }
    }
}

/// A scanned text and the caller's-buffer form against [`Codec::apply`]:
/// the same bytes, what fits written and nothing past it, the NUL only
/// when it fits, the size needed counted; on texts that each codec
/// leaves as they are (the copy) and on texts it changes anywhere.
#[test]
fn scanned_and_transcode_into_match_apply() {
    let plain: [&[u8]; 5] = [b"a", b"/", b"abcdefgh", b"-._~", b"abcdefghijklmnopq"];
    let any: [&[u8]; 8] = [b"%41", b"%", b"+", b" ", b"\0", b"&", b"\xff", b"%zz"];
    let mut seed = 23u32;
    let mut next = || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (seed >> 16) as usize
    };
    for round in 0..2000 {
        let mut s = Vec::new();
        for _ in 0..next() % 40 {
            // Half the texts are plain, the others change at a place
            // anywhere in them.
            if round % 2 == 1 && next() % 6 == 0 {
                s.extend_from_slice(any[next() % any.len()]);
            } else {
                s.extend_from_slice(plain[next() % plain.len()]);
            }
        }
        for c in ALL_CODECS {
            let want = run(c, &s);
            let scanned = c.scan(&s);
            if scanned.is_unchanged() {
                assert_eq!(want, s, "{c:?}");
            }
            let mut got = Buf::new();
            scanned.apply(&mut got).unwrap();
            assert_eq!(got.into_vec(), want, "{c:?} {s:?}");
            for cap in 0..want.len() + 3 {
                let mut buf = vec![0xAAu8; cap + 4];
                let need = c.transcode_into(&s, &mut buf[..cap]);
                assert_eq!(need, want.len() + 1, "{c:?} {s:?} {cap}");
                let written = want.len().min(cap);
                assert_eq!(&buf[..written], &want[..written], "{c:?} {s:?} {cap}");
                let rest = if cap > want.len() {
                    assert_eq!(buf[want.len()], 0, "{c:?} {s:?} {cap}");
                    want.len() + 1
                } else {
                    written
                };
                assert!(buf[rest..].iter().all(|&b| b == 0xAA), "{c:?} {s:?} {cap}");
            }
        }
    }
}

/// The short path alone: it takes exactly the texts of 4 to 32 bytes
/// that the codec leaves as they are and that fit with their NUL, for a
/// byte that the codec changes at every place, and writes nothing else.
#[test]
fn transcode_short_takes_exactly_short_unchanged_texts() {
    // Bytes that every codec keeps, then bytes that some change.
    let plain = b"abcXYZ019-._~!$*,";
    let special = b"%+ &\0\xff?#=;|'@[()/:";
    for c in ALL_CODECS {
        for n in 0..=40usize {
            let mut texts = vec![plain
                .iter()
                .cycle()
                .skip(n)
                .take(n)
                .copied()
                .collect::<Vec<u8>>()];
            assert_eq!(run(c, &texts[0]), texts[0], "{c:?}: not all plain");
            for k in 0..n {
                for &b in special {
                    let mut t = texts[0].clone();
                    t[k] = b;
                    texts.push(t);
                }
            }
            for t in &texts {
                let unchanged = run(c, t) == *t && c.scan(t).is_unchanged();
                for cap in n.saturating_sub(1)..n + 3 {
                    let mut buf = vec![0xAAu8; cap + 4];
                    let got = c.transcode_short(t, &mut buf[..cap]);
                    let takes = (4..=32).contains(&n) && unchanged && n < cap;
                    if takes {
                        assert_eq!(got, Some(n + 1), "{c:?} {t:?} {cap}");
                        assert_eq!(&buf[..n], &t[..], "{c:?} {t:?} {cap}");
                        assert_eq!(buf[n], 0, "{c:?} {t:?} {cap}");
                        assert!(buf[n + 1..].iter().all(|&b| b == 0xAA), "{c:?} {t:?}");
                    } else {
                        assert_eq!(got, None, "{c:?} {t:?} {cap}");
                        assert!(buf.iter().all(|&b| b == 0xAA), "{c:?} {t:?} {cap}");
                    }
                    // Memory that holds nothing yet, as the C layer
                    // gives it, takes the same texts (its bytes, which
                    // safe code cannot read, are checked through the C
                    // ABI by c-tests/test_modern.c).
                    let mut raw = vec![core::mem::MaybeUninit::<u8>::uninit(); cap];
                    assert_eq!(c.transcode_short(t, &mut raw[..]), got, "{c:?} {t:?} {cap}");
                }
            }
        }
    }
}

/// The one-pass path transcoder against its definition: decode, cut at
/// the first NUL, encode; and CanonicaliseName commuting with the
/// encoder, which lets the record canonicalise the encoded path.
#[test]
fn decode_encode_path_is_decode_cut_encode() {
    let canon = |v: &[u8]| {
        let mut v = v.to_vec();
        let n = crate::wwwoffle::path::canonicalise_in_place(&mut v);
        v.truncate(n);
        v
    };
    let check = |s: &[u8]| {
        let decoded = reference(Codec::DecodeGeneric, s);
        let decoded = c_prefix(&decoded);
        let mut fused = Buf::new();
        decode_encode_path(s, &mut fused).unwrap();
        let fused = fused.to_vec();
        assert_eq!(
            fused,
            reference(Codec::EncodePath, decoded),
            "{:?}",
            String::from_utf8_lossy(s)
        );
        assert_eq!(
            canon(&fused),
            reference(Codec::EncodePath, &canon(decoded)),
            "{:?}",
            String::from_utf8_lossy(s)
        );
    };
    // Every string of up to six units over a mix of dots, slashes,
    // triples that decode to them, and bytes the encoder escapes.
    let units: [&[u8]; 9] = [b"/", b".", b"a", b"%2E", b"%2f", b"%41", b" ", b"%", b"%00"];
    let mut s = Vec::new();
    for len in 0..=6u32 {
        for k in 0..units.len().pow(len) {
            s.clear();
            let mut k = k;
            for _ in 0..len {
                s.extend_from_slice(units[k % units.len()]);
                k /= units.len();
            }
            check(&s);
        }
    }
    // Long random text, through the block stage and its steps.
    let pieces: [&[u8]; 11] = [
        b"\0",
        b"%41",
        b"%2f",
        b"%",
        b"/",
        b"/./",
        b"/../",
        b"abcdefghijklmnopq",
        b"%zz",
        b"\xff",
        b"%e9",
    ];
    let mut seed = 29u32;
    for _ in 0..3000 {
        s.clear();
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        for _ in 0..(seed >> 16) % 150 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            s.extend_from_slice(pieces[(seed >> 16) as usize % pieces.len()]);
        }
        check(&s);
    }
    // Runs of triples longer than one step takes, from every offset in
    // a block, so that steps start late in the stage.
    for triple in ["%20", "%41", "%2e", "%2F", "%zz"] {
        for prefix in 0..=20 {
            s.clear();
            s.extend(std::iter::repeat_n(b'a', prefix));
            s.extend(triple.repeat(100).bytes());
            s.extend_from_slice(b"/x");
            check(&s);
        }
    }
}

/// The NUL-finding decoder reports a NUL exactly when a triple gave
/// one, however the triples fall into the dense loop's chunks and
/// words; the plain one, whether a triple was decoded.
#[test]
fn decoders_report_decoded_nul() {
    let plain = "abcdefgh".repeat(5);
    for (s, nul) in [
        ("%00".to_string(), true),
        ("a%0zb".to_string(), true),
        ("%zz".to_string(), true),
        ("%41%42".to_string(), false),
        ("abc".to_string(), false),
        ("%".to_string(), false),
        ("%4".to_string(), false),
        (format!("%41{plain}%00"), true),
        (format!("{}%00", "%41".repeat(40)), true),
        (format!("%00{plain}%41"), true),
        (format!("%41{plain}%41"), false),
    ] {
        let mut v = Buf::new();
        assert_eq!(
            decode_generic_find_nul(s.as_bytes(), &mut v).unwrap(),
            nul,
            "{s}"
        );
        assert_eq!(v.contains(&0), nul, "{s}");
        let mut w = Buf::new();
        let decoded = decode_generic(s.as_bytes(), &mut w).unwrap();
        assert_eq!(w, v, "{s}");
        assert_eq!(decoded, s.len() > 2 && s.contains('%'), "{s}");
    }
}

/// What the decoders return, against a byte loop, on random mixes of
/// escapes and plain bytes: the dense loop notes a triple in its runs,
/// in its words and at the end of the text.
#[test]
fn decoders_report_triples_at_every_step() {
    // The output, whether a triple gave a NUL, whether a triple was decoded.
    fn reference(s: &[u8], plus: bool) -> (Vec<u8>, bool, bool) {
        let (mut out, mut nul, mut any) = (Vec::new(), false, false);
        let mut i = 0;
        while i < s.len() {
            if s[i] == b'%' && i + 2 < s.len() {
                let v = hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]);
                out.push(v);
                (nul, any) = (nul | (v == 0), true);
                i += 3;
            } else {
                out.push(if plus && s[i] == b'+' { b' ' } else { s[i] });
                i += 1;
            }
        }
        (out, nul, any)
    }
    let pieces: [&[u8]; 9] = [
        b"%41",
        b"%00",
        b"%0z",
        b"u",
        b"abcdefg",
        b"+",
        b"%",
        b"ab",
        b"abcdefghijklmnopqrstuvwxyz01234",
    ];
    let mut rng = crate::test_rng::Rng::new(41);
    for _ in 0..20_000 {
        let mut s = Vec::new();
        for _ in 0..rng.below(40) {
            s.extend_from_slice(pieces[rng.below(pieces.len())]);
        }
        let (want, nul, any) = reference(&s, false);
        let mut out = Buf::new();
        assert_eq!(decode_generic_find_nul(&s, &mut out).unwrap(), nul, "{s:?}");
        assert_eq!(out, want[..], "{s:?}");
        let mut out = Buf::new();
        assert_eq!(decode_generic(&s, &mut out).unwrap(), any, "{s:?}");
        assert_eq!(out, want[..], "{s:?}");
        let (want, _, any) = reference(&s, true);
        let mut out = Buf::new();
        assert_eq!(decode_form(&s, &mut out).unwrap(), any, "{s:?}");
        assert_eq!(out, want[..], "{s:?}");
    }
    // Form text longer than the stages, with one escape (or a `%` too
    // close to the end for a triple) anywhere in it.
    for len in [15usize, 16, 17, 255, 256, 257, 271, 272, 273, 600] {
        let text: Vec<u8> = (0..len)
            .map(|k| if k % 3 == 0 { b'+' } else { b'a' })
            .collect();
        for at in (0..=len).step_by(7).chain([len.saturating_sub(1), len]) {
            for escape in [&b"%41"[..], b"%", b"%4"] {
                let mut s = text.clone();
                s.splice(at..at, escape.iter().copied());
                let (want, _, any) = reference(&s, true);
                let mut out = Buf::new();
                assert_eq!(
                    decode_form(&s, &mut out).unwrap(),
                    any,
                    "{len} {at} {escape:?}"
                );
                assert_eq!(out, want[..], "{len} {at} {escape:?}");
            }
        }
    }
}

#[test]
fn decode_form_plus() {
    assert_eq!(run(Codec::DecodeForm, b"a+b%2B"), b"a b+");
    // Whether a triple was decoded, in text whose `+` are copied as
    // spaces and between escapes.
    let mut out = Buf::new();
    assert!(!decode_form(b"a+b+c+d+e+f+g+h+i+j+k", &mut out).unwrap());
    assert_eq!(out, b"a b c d e f g h i j k");
    let mut out = Buf::new();
    assert!(decode_form(b"a+b+c+d+e+f+g+h%41+j+k", &mut out).unwrap());
    assert_eq!(out, b"a b c d e f g hA j k");
}

#[test]
fn encoders_escape_upper_case() {
    assert_eq!(run(Codec::EncodePath, b"a b/\xff~"), b"a%20b/%FF~");
    assert_eq!(run(Codec::EncodeForm, b"a b+|"), b"a+b%2B|");
    assert_eq!(run(Codec::EncodePassword, b"u:p@"), b"u%3Ap%40");
}

#[test]
fn recode_form_rules() {
    assert_eq!(run(Codec::RecodeForm, b"%7e%20%2b%zz%"), b"~+%2B%ZZ%25");
    assert_eq!(run(Codec::RecodeForm, b"a b&c=d;e?f"), b"a+b&c=d;e?f");
}

#[test]
fn bounded_sink_counts_and_never_overflows() {
    let mut buf = [0u8; 4];
    let mut sink = BoundedSink::new(&mut buf);
    let Ok(()) = encode_path(b"a b c", &mut sink);
    assert_eq!(sink.needed(), 9);
    assert!(!sink.fits());
    assert_eq!(&buf, b"a%20");
}

/// The block scans agree with a byte loop from every start, on every
/// length (whole blocks, the last block, a short padded block, bytes).
#[test]
fn block_scans_match_byte_loops() {
    let alphabet = b"az/%+ .~?\xff\0AZ";
    let mut seed = 11u32;
    for _ in 0..300 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let len = (seed >> 16) as usize % 48;
        let s: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                // Mostly kept bytes, so that scans run long.
                if (seed >> 16).is_multiple_of(4) {
                    alphabet[(seed >> 20) as usize % alphabet.len()]
                } else {
                    b'a' + (seed >> 20) as u8 % 26
                }
            })
            .collect();
        let naive =
            |i: usize, stop: fn(u8) -> bool| (i..s.len()).find(|&k| stop(s[k])).unwrap_or(s.len());
        for i in 0..=s.len() {
            assert_eq!(next_percent(&s, i), naive(i, is_percent), "{s:?} {i}");
            assert_eq!(
                next_percent_or_plus(&s, i),
                naive(i, is_percent_or_plus),
                "{s:?} {i}"
            );
            assert_eq!(next_path_escape(&s, i), naive(i, path_escaped), "{s:?} {i}");
            assert_eq!(next_form_escape(&s, i), naive(i, form_escaped), "{s:?} {i}");
            assert_eq!(
                next_password_escape(&s, i),
                naive(i, password_escaped),
                "{s:?} {i}"
            );
        }
    }
}

/// The lanes of `by_blocks`'s codecs, each byte value in each lane.
#[test]
fn block_lanes_match_byte_predicates() {
    for shift in 0..16u8 {
        for base in (0..=255u8).step_by(16) {
            let w: Block = core::array::from_fn(|k| base + (k as u8 + shift) % 16);
            for (k, &b) in w.iter().enumerate() {
                let lane = |m: Lanes| m[k];
                let want = |hit: bool| if hit { 0xff } else { 0 };
                assert_eq!(lane(path_escape_lanes(&w)), want(path_escaped(b)));
                assert_eq!(lane(recode_stop_lanes(&w)), want(recode_looked_at(b)));
            }
        }
    }
}

#[test]
fn escape_table_matches_format() {
    for b in 0..=255u8 {
        let mut v = Buf::new();
        v.push_escaped(b).unwrap();
        assert_eq!(v.into_vec(), format!("%{b:02X}").into_bytes());
    }
}
