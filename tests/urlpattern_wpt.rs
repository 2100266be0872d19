//! URLPattern against the web-platform-tests data
//! (`tests/wpt/urlpattern/urlpatterntestdata.json`, where it comes from:
//! tests/wpt/README.md), every case run as WPT's `urlpatterntests.js`
//! runs it: the constructor (or its `TypeError`), the eight component
//! pattern strings (filled in as the runner fills them when a case does
//! not list them), `test()`, and `exec()`'s inputs, components and groups.
//!
//! The test prints how many cases pass, and fails if that is not the
//! count below, or if a case outside the list of known failures fails.
#![cfg(feature = "idna")]

use serde_json::{Map, Value};
use wwwurl::urlpattern::{Init, Input, MatchResult, PatternOptions, UrlPattern, COMPONENTS};

/// Cases that fail, by their pattern and inputs (as the runner names
/// them), with the reason.
const KNOWN_FAILURES: &[(&str, &str)] = &[];

/// How many cases pass.
const PASSING: usize = 369;

fn init_of(v: &Value) -> Init<'_> {
    let mut init = Init::default();
    if let Some(m) = v.as_object() {
        for (k, val) in m {
            if let Some(s) = val.as_str() {
                init.set(k, s);
            }
        }
    }
    init
}

/// The constructor's arguments: input, base URL, options.
fn construct(args: &[Value]) -> Result<UrlPattern, String> {
    // WebIDL's overloads: (input, baseURL, options) with three
    // arguments, where baseURL is converted to a string and options must
    // be a dictionary; (input, baseURL) or (input, options) with two.
    let mut base = None;
    let mut options = PatternOptions::default();
    let options_of = |v: &Value| -> Result<PatternOptions, String> {
        match v {
            Value::Object(o) => Ok(PatternOptions {
                ignore_case: o.get("ignoreCase").and_then(Value::as_bool) == Some(true),
            }),
            _ => Err("TypeError: options is not a dictionary".into()),
        }
    };
    match args {
        [_, b, o] => {
            base = Some(b.as_str().unwrap_or("[object Object]"));
            options = options_of(o)?;
        }
        [_, Value::String(b)] => base = Some(b.as_str()),
        [_, o] => options = options_of(o)?,
        _ => {}
    }
    let r = match args.first() {
        Some(Value::String(s)) => UrlPattern::parse(s, base, options),
        Some(v) => {
            if base.is_some() {
                return Err("TypeError: init with a base URL".into());
            }
            UrlPattern::from_init(&init_of(v), options)
        }
        None => UrlPattern::from_init(&Init::default(), options),
    };
    r.map_err(|e| e.to_string())
}

fn expected_component(entry: &Value, component: &str) -> Option<String> {
    if let Some(s) = entry["expected_obj"].get(component).and_then(Value::as_str) {
        return Some(s.to_string());
    }
    let pattern = entry["pattern"].as_array()?;
    let first = pattern.first();
    let empty = entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|a| a.iter().any(|c| c == component));
    if empty {
        return Some(String::new());
    }
    if let Some(Value::Object(o)) = first {
        if let Some(s) = o.get(component).and_then(Value::as_str) {
            if !s.is_empty() {
                return Some(s.to_string());
            }
        }
        let earlier: &[&str] = match component {
            "hostname" => &["protocol"],
            "port" => &["protocol", "hostname"],
            "pathname" => &["protocol", "hostname", "port"],
            "search" => &["protocol", "hostname", "port", "pathname"],
            "hash" => &["protocol", "hostname", "port", "pathname", "search"],
            _ => &[],
        };
        if earlier.iter().any(|c| o.contains_key(*c)) {
            return Some("*".into());
        }
    }
    let base = match (first, pattern.get(1)) {
        (Some(Value::Object(o)), _) if o.get("baseURL").is_some() => {
            o["baseURL"].as_str().map(str::to_string)
        }
        (_, Some(Value::String(s))) => Some(s.clone()),
        _ => None,
    };
    if let Some(b) = base {
        if component != "username" && component != "password" {
            let url = wwwurl::whatwg::parse(b.as_bytes(), None).ok()?;
            let v: &[u8] = match component {
                "protocol" => url.scheme(),
                "hostname" => url.hostname(),
                "port" => url.port(),
                "pathname" => url.pathname(),
                "search" => url.search().get(1..).unwrap_or(b""),
                _ => url.hash().get(1..).unwrap_or(b""),
            };
            return Some(String::from_utf8_lossy(v).into_owned());
        }
    }
    Some("*".into())
}

fn run_inputs(p: &UrlPattern, inputs: &[Value]) -> Result<(bool, Option<MatchResult>), String> {
    let base = inputs.get(1).and_then(Value::as_str);
    let init;
    let input = match inputs.first() {
        Some(Value::String(s)) => Input::Str(s),
        Some(v) => {
            init = init_of(v);
            Input::Init(&init)
        }
        None => {
            init = Init::default();
            Input::Init(&init)
        }
    };
    let t = p.test(input, base).map_err(|e| e.to_string())?;
    let e = p.exec(input, base).map_err(|e| e.to_string())?;
    Ok((t, e))
}

fn check(entry: &Value) -> Result<(), String> {
    let args = entry["pattern"].as_array().cloned().unwrap_or_default();
    let built = construct(&args);
    if entry["expected_obj"] == "error" {
        return match built {
            Err(_) => Ok(()),
            Ok(_) => Err("constructor did not throw".into()),
        };
    }
    let p = built.map_err(|e| format!("constructor threw: {e}"))?;
    for (i, c) in COMPONENTS.iter().enumerate() {
        let expected = expected_component(entry, c).unwrap_or_default();
        if p.component(i) != expected {
            return Err(format!("{c}: {:?}, expected {expected:?}", p.component(i)));
        }
    }
    let inputs = entry["inputs"].as_array().cloned().unwrap_or_default();
    let result = run_inputs(&p, &inputs);
    if entry["expected_match"] == "error" {
        return match result {
            Err(_) => Ok(()),
            Ok(_) => Err("test()/exec() did not throw".into()),
        };
    }
    let (t, m) = result.map_err(|e| format!("test()/exec() threw: {e}"))?;
    let expected = &entry["expected_match"];
    if t != expected.is_object() {
        return Err(format!("test() gave {t}"));
    }
    let Some(m) = m else {
        return if expected.is_object() {
            Err("exec() gave null".into())
        } else {
            Ok(())
        };
    };
    if !expected.is_object() {
        return Err("exec() matched".into());
    }
    if let Some(exp_inputs) = expected.get("inputs") {
        // test() and exec() without arguments take an empty init.
        let given = if inputs.is_empty() {
            Value::Array(vec![Value::Object(Map::new())])
        } else {
            Value::Array(inputs.clone())
        };
        if exp_inputs != &given {
            return Err(format!("inputs: {inputs:?}, expected {exp_inputs:?}"));
        }
    }
    for (i, c) in COMPONENTS.iter().enumerate() {
        let r = m.component(i).unwrap();
        let exp = match expected.get(*c) {
            Some(v) => v.clone(),
            None => {
                let mut groups = Map::new();
                let empty = entry["exactly_empty_components"]
                    .as_array()
                    .is_some_and(|a| a.iter().any(|x| x == c));
                if !empty {
                    groups.insert("0".into(), Value::String(String::new()));
                }
                let mut o = Map::new();
                o.insert("input".into(), Value::String(String::new()));
                o.insert("groups".into(), Value::Object(groups));
                Value::Object(o)
            }
        };
        let mut groups = Map::new();
        for (n, v) in &r.groups {
            let v = match v {
                Some(v) => Value::String(String::from_utf8_lossy(v).into_owned()),
                None => Value::Null,
            };
            groups.insert(String::from_utf8_lossy(n).into_owned(), v);
        }
        let mut got = Map::new();
        got.insert(
            "input".into(),
            Value::String(String::from_utf8_lossy(&r.input).into_owned()),
        );
        got.insert("groups".into(), Value::Object(groups));
        if Value::Object(got.clone()) != exp {
            return Err(format!("{c}: {got:?}, expected {exp}"));
        }
    }
    Ok(())
}

fn name(entry: &Value) -> String {
    format!("Pattern: {} Inputs: {}", entry["pattern"], entry["inputs"])
}

#[test]
fn urlpatterntestdata() {
    let path = format!(
        "{}/tests/wpt/urlpattern/urlpatterntestdata.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let data: Vec<Value> = serde_json::from_str(&crate::whatwg_wpt::usv_escapes(&text)).unwrap();
    let mut passed = 0;
    let mut unexpected = Vec::new();
    let mut failing = Vec::new();
    for entry in &data {
        let n = name(entry);
        match check(entry) {
            Ok(()) => passed += 1,
            Err(why) => {
                failing.push(n.clone());
                if !KNOWN_FAILURES.iter().any(|(k, _)| *k == n) {
                    unexpected.push(format!("{n}\n    {why}"));
                }
            }
        }
    }
    println!("urlpatterntestdata.json: {passed} of {} pass", data.len());
    let fixed: Vec<_> = KNOWN_FAILURES
        .iter()
        .filter(|(k, _)| !failing.iter().any(|f| f == k))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{} unexpected failures:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
    assert!(fixed.is_empty(), "known failures that pass now: {fixed:?}");
    assert_eq!(passed, PASSING);
}
