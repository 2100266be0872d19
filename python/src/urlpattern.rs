//! The URL Pattern Standard (`wwwurl::urlpattern`): `URLPattern`, shaped
//! as the JavaScript class, and `URLPatternSet`, many patterns matched by
//! one call.
//!
//! Arguments are read as WebIDL reads them for the JavaScript class: a
//! `str` is a USVString (a lone surrogate becomes U+FFFD); a mapping is a
//! `URLPatternInit` or `URLPatternOptions`, whose unknown keys are
//! ignored. Where JavaScript throws a `TypeError`, so does Python
//! (`errors::urlpattern`). Matching runs without the interpreter lock.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyMapping, PyString, PyTuple, PyType};
use wwwurl::urlpattern::{
    Error, Init, Input, MatchResult, PatternOptions, UrlPattern, UrlPatternSet, COMPONENTS,
};

use crate::errors;
use crate::text::{self, Text};

/// The keys of a `URLPatternInit`: the components, then `baseURL`.
const INIT_KEYS: [&str; 9] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "baseURL",
];

/// A `str` argument, as a USVString.
struct Usv<'py>(Text<'py>);

impl<'py> Usv<'py> {
    /// `obj`, which must be a `str` (`what` names it in the error).
    fn of(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Usv<'py>> {
        if !obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(format!(
                "{what} must be a str, not {}",
                obj.get_type().name()?
            )));
        }
        Ok(Usv(obj.extract()?))
    }

    fn as_str(&self) -> &str {
        // The bytes of a `str` are UTF-8: CPython's encoding of it, or the
        // conversion of its lone surrogates (text.rs).
        std::str::from_utf8(self.0.bytes()).unwrap_or_default()
    }
}

/// The value of `key` in a mapping, if it has one.
fn lookup<'py>(map: &Bound<'py, PyMapping>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    if let Ok(dict) = map.cast::<PyDict>() {
        return dict.get_item(key);
    }
    if map.contains(key)? {
        return map.get_item(key).map(Some);
    }
    Ok(None)
}

/// A `URLPatternInit` read from a mapping: the value of each key of
/// [`INIT_KEYS`] it has.
struct InitArg<'py>([Option<Usv<'py>>; 9]);

impl<'py> InitArg<'py> {
    fn empty() -> InitArg<'py> {
        InitArg(Default::default())
    }

    fn of(map: &Bound<'py, PyMapping>) -> PyResult<InitArg<'py>> {
        let mut init = InitArg::empty();
        for (slot, key) in init.0.iter_mut().zip(INIT_KEYS) {
            if let Some(v) = lookup(map, key)? {
                *slot = Some(Usv::of(&v, key)?);
            }
        }
        Ok(init)
    }

    fn init(&self) -> Init<'_> {
        let mut init = Init::default();
        for (v, key) in self.0.iter().zip(INIT_KEYS) {
            if let Some(v) = v {
                init.set(key, v.as_str());
            }
        }
        init
    }

    /// The init as JavaScript gives it back: a new dict of the keys
    /// given.
    fn to_dict(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (v, key) in self.0.iter().zip(INIT_KEYS) {
            if let Some(v) = v {
                dict.set_item(key, v.as_str())?;
            }
        }
        Ok(dict)
    }
}

/// `URLPatternInput`: a string or an init.
enum Arg<'py> {
    Str(Usv<'py>),
    Init(Box<InitArg<'py>>),
}

impl<'py> Arg<'py> {
    /// The input `obj`; `None` is an empty init, as JavaScript's
    /// `undefined` and `null` are.
    fn of(obj: Option<&Bound<'py, PyAny>>) -> PyResult<Arg<'py>> {
        let Some(obj) = obj.filter(|o| !o.is_none()) else {
            return Ok(Arg::Init(Box::new(InitArg::empty())));
        };
        if obj.is_instance_of::<PyString>() {
            return Ok(Arg::Str(Usv::of(obj, "input")?));
        }
        if let Ok(map) = obj.cast::<PyMapping>() {
            return Ok(Arg::Init(Box::new(InitArg::of(map)?)));
        }
        Err(PyTypeError::new_err(format!(
            "input must be a str or a dict of components, not {}",
            obj.get_type().name()?
        )))
    }

    /// `f` of the input as the core takes it.
    fn with<T>(&self, f: impl FnOnce(Input<'_>) -> T) -> T {
        match self {
            Arg::Str(s) => f(Input::Str(s.as_str())),
            Arg::Init(i) => f(Input::Init(&i.init())),
        }
    }

    /// The input as JavaScript's `inputs` gives it back.
    fn to_object(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Arg::Str(s) => PyString::new(py, s.as_str()).into_any(),
            Arg::Init(i) => i.to_dict(py)?.into_any(),
        })
    }
}

/// `URLPatternOptions` from a mapping (`None`: the defaults).
fn options_of(obj: Option<&Bound<'_, PyAny>>) -> PyResult<PatternOptions> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(PatternOptions::default());
    };
    let Ok(map) = obj.cast::<PyMapping>() else {
        return Err(PyTypeError::new_err(format!(
            "options must be a dict, not {}",
            obj.get_type().name()?
        )));
    };
    let ignore_case = match lookup(map, "ignoreCase")? {
        None => false,
        Some(v) => {
            let Ok(b) = v.cast::<PyBool>() else {
                return Err(PyTypeError::new_err(format!(
                    "ignoreCase must be a bool, not {}",
                    v.get_type().name()?
                )));
            };
            b.is_true()
        }
    };
    Ok(PatternOptions { ignore_case })
}

/// What a pattern was made from, kept so that a `URLPatternSet` can make
/// the same pattern again (and for pickling).
enum Source {
    /// A constructor string, and its base URL.
    Str { input: String, base: Option<String> },
    /// An init: the values of [`INIT_KEYS`].
    Init([Option<String>; 9]),
}

impl Source {
    fn build(&self, options: PatternOptions) -> Result<UrlPattern, Error> {
        match self {
            Source::Str { input, base } => UrlPattern::parse(input, base.as_deref(), options),
            Source::Init(values) => {
                let mut init = Init::default();
                for (v, key) in values.iter().zip(INIT_KEYS) {
                    if let Some(v) = v {
                        init.set(key, v);
                    }
                }
                UrlPattern::from_init(&init, options)
            }
        }
    }
}

/// A URL pattern of the URL Pattern Standard, as JavaScript's
/// `new URLPattern(input, baseURL, options)` makes it: from a constructor
/// string (`"https://*.example.com/books/:id"`, relative to `baseURL`
/// when it has no scheme) or from a dict of components (`protocol`,
/// `username`, `password`, `hostname`, `port`, `pathname`, `search`,
/// `hash`, `baseURL`), with the options `{"ignoreCase": bool}`.
///
/// Raises `TypeError` where JavaScript throws one: a pattern that does
/// not parse or compile, a relative constructor string without a base
/// URL, a base URL that does not parse, `baseURL` beside a dict.
#[pyclass(frozen, module = "wwwurl", name = "URLPattern")]
pub struct PyUrlPattern {
    pattern: UrlPattern,
    source: Source,
    options: PatternOptions,
}

/// The base URL argument of a match: a `str` or `None`.
fn base_of<'py>(base: Option<&Bound<'py, PyAny>>) -> PyResult<Option<Usv<'py>>> {
    match base.filter(|b| !b.is_none()) {
        Some(b) => Ok(Some(Usv::of(b, "baseURL")?)),
        None => Ok(None),
    }
}

/// `exec`'s result as JavaScript shapes it: `inputs`, then each
/// component's `input` and `groups` (`None` for a group that did not
/// take part).
fn result_dict<'py>(
    py: Python<'py>,
    m: &MatchResult,
    inputs: Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("inputs", inputs)?;
    for (i, name) in COMPONENTS.iter().enumerate() {
        let Some(r) = m.component(i) else { continue };
        let groups = PyDict::new(py);
        for (n, v) in &r.groups {
            let v = v.as_deref().map(|v| text::always_str(py, v));
            groups.set_item(text::always_str(py, n), v)?;
        }
        let c = PyDict::new(py);
        c.set_item("input", text::always_str(py, &r.input))?;
        c.set_item("groups", groups)?;
        dict.set_item(*name, c)?;
    }
    Ok(dict)
}

impl PyUrlPattern {
    /// Runs `f` on the pattern and the converted input, without the
    /// interpreter lock.
    fn run<'py, T: Send>(
        &self,
        py: Python<'py>,
        input: &Arg<'py>,
        base: &Option<Usv<'py>>,
        f: impl FnOnce(&UrlPattern, Input<'_>, Option<&str>) -> Result<T, Error> + Send,
    ) -> PyResult<T> {
        let base = base.as_ref().map(Usv::as_str);
        let pattern = &self.pattern;
        input
            .with(|input| py.detach(|| f(pattern, input, base)))
            .map_err(errors::urlpattern)
    }
}

#[pymethods]
impl PyUrlPattern {
    /// `URLPattern(input, baseURL, options)`, `URLPattern(input,
    /// options)` or `URLPattern()`: as JavaScript's two overloads, a
    /// second argument that is a dict is the options.
    #[new]
    #[pyo3(signature = (input = None, baseURL = None, options = None))]
    #[allow(non_snake_case)]
    fn new(
        input: Option<&Bound<'_, PyAny>>,
        baseURL: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyUrlPattern> {
        let options = options.filter(|o| !o.is_none());
        let (base, options) = match baseURL.filter(|b| !b.is_none()) {
            Some(b) if options.is_none() && b.cast::<PyMapping>().is_ok() => (None, Some(b)),
            b => (base_of(b)?, options),
        };
        let options = options_of(options)?;
        let source = match Arg::of(input)? {
            Arg::Str(s) => Source::Str {
                input: s.as_str().to_owned(),
                base: base.as_ref().map(|b| b.as_str().to_owned()),
            },
            Arg::Init(i) => {
                if base.is_some() {
                    return Err(PyTypeError::new_err(
                        "baseURL beside a dict of components (give it in the dict)",
                    ));
                }
                Source::Init(std::array::from_fn(|k| {
                    i.0[k].as_ref().map(|v| v.as_str().to_owned())
                }))
            }
        };
        let pattern = source.build(options).map_err(errors::urlpattern)?;
        Ok(PyUrlPattern {
            pattern,
            source,
            options,
        })
    }

    /// The protocol's pattern string.
    #[getter]
    fn protocol(&self) -> &str {
        self.pattern.protocol()
    }

    /// The username's pattern string.
    #[getter]
    fn username(&self) -> &str {
        self.pattern.username()
    }

    /// The password's pattern string.
    #[getter]
    fn password(&self) -> &str {
        self.pattern.password()
    }

    /// The hostname's pattern string.
    #[getter]
    fn hostname(&self) -> &str {
        self.pattern.hostname()
    }

    /// The port's pattern string.
    #[getter]
    fn port(&self) -> &str {
        self.pattern.port()
    }

    /// The pathname's pattern string.
    #[getter]
    fn pathname(&self) -> &str {
        self.pattern.pathname()
    }

    /// The search's pattern string.
    #[getter]
    fn search(&self) -> &str {
        self.pattern.search()
    }

    /// The hash's pattern string.
    #[getter]
    fn hash(&self) -> &str {
        self.pattern.hash()
    }

    /// Whether a component has a custom regular expression group.
    #[getter(hasRegExpGroups)]
    fn has_regexp_groups(&self) -> bool {
        self.pattern.has_regexp_groups()
    }

    /// Whether `input` (a URL string, parsed against `baseURL`, or a dict
    /// of components) matches. A string that is not a URL matches
    /// nothing. Raises `TypeError` for `baseURL` beside a dict,
    /// `MatchBudgetError` when matching takes more than its budget.
    #[pyo3(signature = (input = None, baseURL = None))]
    #[allow(non_snake_case)]
    fn test(
        &self,
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        baseURL: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let (input, base) = (Arg::of(input)?, base_of(baseURL)?);
        self.run(py, &input, &base, |p, i, b| p.test(i, b))
    }

    /// What `test` matches, as JavaScript's `exec` gives it: a dict of
    /// `inputs` (`[input]` or `[input, baseURL]`) and, for each component,
    /// `{"input": str, "groups": {name: str or None}}`; `None` when it
    /// does not match.
    #[pyo3(signature = (input = None, baseURL = None))]
    #[allow(non_snake_case)]
    fn exec<'py>(
        &self,
        py: Python<'py>,
        input: Option<&Bound<'py, PyAny>>,
        baseURL: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let (input, base) = (Arg::of(input)?, base_of(baseURL)?);
        let Some(m) = self.run(py, &input, &base, |p, i, b| p.exec(i, b))? else {
            return Ok(None);
        };
        let inputs = PyList::new(py, [input.to_object(py)?])?;
        if let Some(b) = &base {
            inputs.append(b.as_str())?;
        }
        result_dict(py, &m, inputs).map(Some)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let init = PyDict::new(py);
        for (i, name) in COMPONENTS.iter().enumerate() {
            let v = self.pattern.component(i);
            if v != "*" {
                init.set_item(*name, v)?;
            }
        }
        let mut out = format!("URLPattern({}", init.repr()?);
        if self.options.ignore_case {
            out.push_str(", {'ignoreCase': True}");
        }
        out.push(')');
        Ok(out)
    }

    /// Pickles and copies as the arguments it was made from.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let (input, base) = match &this.source {
            Source::Str { input, base } => (
                PyString::new(py, input).into_any(),
                base.as_deref().map(|b| PyString::new(py, b).into_any()),
            ),
            Source::Init(values) => {
                let dict = PyDict::new(py);
                for (v, key) in values.iter().zip(INIT_KEYS) {
                    if let Some(v) = v {
                        dict.set_item(key, v)?;
                    }
                }
                (dict.into_any(), None)
            }
        };
        let options = PyDict::new(py);
        options.set_item("ignoreCase", this.options.ignore_case)?;
        let args = (input, base, options).into_pyobject(py)?;
        Ok((slf.get_type(), args))
    }
}

/// Many URL patterns matched by one call: `match(url)` gives the indices
/// of those that match, as `[i for i, p in enumerate(patterns) if
/// p.test(url)]` would, parsing the URL once and testing it only against
/// the patterns whose hostname can match it.
///
/// `patterns` is an iterable of `URLPattern`s and constructor strings;
/// `baseURL` is the base of the strings.
#[pyclass(frozen, module = "wwwurl", name = "URLPatternSet")]
pub struct PyUrlPatternSet {
    set: UrlPatternSet,
}

#[pymethods]
impl PyUrlPatternSet {
    #[new]
    #[pyo3(signature = (patterns, baseURL = None))]
    #[allow(non_snake_case)]
    fn new(
        patterns: &Bound<'_, PyAny>,
        baseURL: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyUrlPatternSet> {
        if patterns.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "patterns must be an iterable of patterns, not a single one (wrap it in a list)",
            ));
        }
        let base = base_of(baseURL)?;
        let base = base.as_ref().map(Usv::as_str);
        let mut compiled = Vec::new();
        for item in patterns.try_iter()? {
            let item = item?;
            let pattern = if let Ok(p) = item.cast::<PyUrlPattern>() {
                let p = p.get();
                p.source.build(p.options)
            } else if item.is_instance_of::<PyString>() {
                let s = Usv::of(&item, "a pattern")?;
                UrlPattern::parse(s.as_str(), base, PatternOptions::default())
            } else {
                return Err(PyTypeError::new_err(format!(
                    "each pattern must be a URLPattern or a str, not {}",
                    item.get_type().name()?
                )));
            };
            compiled.push(pattern.map_err(errors::urlpattern)?);
        }
        let set = UrlPatternSet::from_vec(compiled).map_err(errors::urlpattern)?;
        Ok(PyUrlPatternSet { set })
    }

    /// The indices of the patterns that `input` (a URL string, parsed
    /// against `baseURL`, or a dict of components) matches, in increasing
    /// order. Raises as `URLPattern.test` does.
    #[pyo3(name = "match", signature = (input = None, baseURL = None))]
    #[allow(non_snake_case)]
    fn match_(
        &self,
        py: Python<'_>,
        input: Option<&Bound<'_, PyAny>>,
        baseURL: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<usize>> {
        let (input, base) = (Arg::of(input)?, base_of(baseURL)?);
        let base = base.as_ref().map(Usv::as_str);
        let set = &self.set;
        let mut out = Vec::new();
        input
            .with(|input| py.detach(|| set.matches(input, base, &mut out)))
            .map_err(errors::urlpattern)?;
        Ok(out)
    }

    fn __len__(&self) -> usize {
        self.set.len()
    }

    fn __repr__(&self) -> String {
        format!("<URLPatternSet of {} patterns>", self.set.len())
    }
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyUrlPattern>()?;
    m.add_class::<PyUrlPatternSet>()?;
    Ok(())
}
