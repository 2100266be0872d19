//! No-Vary-Search (draft-ietf-httpbis-no-vary-search): which query
//! parameters, and whether their order, a cached response does not vary
//! on; and the cache key under which URLs that differ only so are equal.
//!
//! [`Config::parse`] reads the header's value into a URL variation config
//! ("Parsing"); [`query_key`] and [`url_key`] give the key that two URLs
//! share exactly when they are "equivalent modulo variation config"
//! ("Comparing"), and [`equivalent`] and [`equivalent_urls`] compare.
//!
//! # One departure from the draft: a lone `key-order`
//!
//! The draft's "parse a URL variation config" returns the default config
//! whenever neither `params` nor `except` is present, so that
//! `No-Vary-Search: key-order` would change nothing. Yet the draft's
//! introduction gives that very header as the way to say that the order
//! of the parameters does not matter, its table of unconventional inputs
//! gives `key-order` as the conventional form of `key-order=?1`, and its
//! comparison examples are "given `No-Vary-Search: key-order`". A server
//! sending it means it, and honouring it only makes more requests hit the
//! cache as the server asked. So here, when neither is present, the config
//! varies on every parameter (no-vary params an empty list, vary params
//! the wildcard) and on their order only when `key-order` is absent or
//! false. When both are present the config is still the default, as the
//! draft says.
//!
//! # Keys
//!
//! The key of a query under a config is a byte string that another query
//! has under the same config exactly when the two are equivalent:
//!
//! - under the default config, the query compares as it is, and a URL
//!   without a query differs from one with an empty query: the key is
//!   empty for no query and `?` and the query otherwise;
//! - under any other, the query is read by the form parser (names and
//!   values decoded, then UTF-8 decoded without BOM, so `%F6` and
//!   `%EF%BF%BD` are both U+FFFD), the parameters that do not vary are
//!   dropped, the rest sorted by name (stably, in the Standard's order)
//!   when their order does not matter, and the list is written by the
//!   form serializer: `?name=value&...`, every name and value encoded the
//!   same way (`+` for a space, `%XY` for every byte but `A-Z a-z 0-9 * - .
//!   _`), always with a `=`. The key is empty when no parameter is left.
//!   Equal lists give equal keys, and the serializer's output decodes back
//!   to its list, so different lists give different keys.
//!
//! The key of a URL is the URL up to its query or fragment, and the key of
//! its query: the draft compares scheme, userinfo, host, port and path,
//! and never the fragment.

mod sf;

pub use sf::SyntaxError;

use std::fmt;

use crate::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};
use crate::query::params;
use crate::query::text::{cmp_utf16, form_decode, form_encode, utf8_lossy};
use sf::{Bare, InnerList, Member};

/// Which list of keys a config holds; the other list is the wildcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The listed parameters do not vary the response, all others do
    /// (no-vary params is the list, vary params the wildcard): `params`.
    NoVary,
    /// Only the listed parameters vary the response (vary params is the
    /// list, no-vary params the wildcard): `except`.
    VaryOnly,
}

/// A URL variation config: the parameters a response does not vary on,
/// and whether it varies on their order.
#[derive(Debug)]
pub struct Config {
    mode: Mode,
    /// The keys, decoded, one after another.
    keys: Buf,
    /// Each key's span in `keys`, in the header's order.
    spans: Vec<(usize, usize)>,
    /// The same spans in the order of the keys' bytes, for lookup.
    sorted: Vec<(usize, usize)>,
    vary_on_key_order: bool,
}

impl Default for Config {
    /// The default URL variation config: no-vary params an empty list,
    /// vary params the wildcard, varying on key order.
    fn default() -> Config {
        Config {
            mode: Mode::NoVary,
            keys: Buf::new(),
            spans: Vec::new(),
            sorted: Vec::new(),
            vary_on_key_order: true,
        }
    }
}

/// Why a `No-Vary-Search` value gives the default config
/// ([`Config::parse_checked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NvsError {
    /// Memory ran out.
    NoMemory,
    /// The value is no Structured Field dictionary.
    Syntax(SyntaxError),
    /// `key-order` is not a boolean.
    KeyOrderNotBoolean,
    /// Both `params` and `except` are present.
    ParamsAndExcept,
    /// `params` or `except` is not an inner list.
    NotAnInnerList,
    /// An item of `params` or `except` is not a string.
    NotAString,
}

impl From<NoMemory> for NvsError {
    fn from(_: NoMemory) -> NvsError {
        NvsError::NoMemory
    }
}

impl fmt::Display for NvsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NvsError::NoMemory => f.write_str("out of memory"),
            NvsError::Syntax(e) => write!(f, "not a structured dictionary (at byte {})", e.offset),
            NvsError::KeyOrderNotBoolean => f.write_str("key-order is not a boolean"),
            NvsError::ParamsAndExcept => f.write_str("both params and except are present"),
            NvsError::NotAnInnerList => f.write_str("params or except is not an inner list"),
            NvsError::NotAString => f.write_str("an item of params or except is not a string"),
        }
    }
}

impl std::error::Error for NvsError {}

impl Config {
    /// "Parse a URL variation config" from the `No-Vary-Search` field value
    /// (`None` when the response has no such field; the caller joins
    /// several field lines with `, ` first, as HTTP combines them). Whatever is
    /// malformed gives the default config, as the draft says; a lone
    /// `key-order` counts (the module's documentation says why).
    ///
    /// ```
    /// use wwwurl::nvs::{Config, Mode};
    ///
    /// let c = Config::parse(Some(b"params=(\"utm_source\" \"a%62+c\"), key-order"))?;
    /// assert_eq!(c.mode(), Mode::NoVary);
    /// assert_eq!(c.keys().collect::<Vec<_>>(), [&b"utm_source"[..], b"ab c"]);
    /// assert!(!c.vary_on_key_order());
    /// assert!(Config::parse(Some(b"params=?1"))?.is_default());
    /// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
    /// ```
    pub fn parse(field_value: Option<&[u8]>) -> Result<Config, NoMemory> {
        let Some(value) = field_value else {
            return Ok(Config::default());
        };
        match Config::parse_checked(value) {
            Ok(c) => Ok(c),
            Err(NvsError::NoMemory) => Err(NoMemory),
            Err(_) => Ok(Config::default()),
        }
    }

    /// [`Config::parse`] of a present field value, telling why a value
    /// gives the default config instead of returning it: for diagnostics.
    /// Errors are checked in the draft's order.
    pub fn parse_checked(value: &[u8]) -> Result<Config, NvsError> {
        let mut key_order = None;
        let mut params = None;
        let mut except = None;
        sf::parse_dictionary(value, |key, m| match key {
            b"key-order" => key_order = Some(m),
            b"params" => params = Some(m),
            b"except" => except = Some(m),
            // Unknown members are ignored, so that the field can grow.
            _ => {}
        })
        .map_err(NvsError::Syntax)?;
        let vary_on_key_order = match key_order {
            None => true,
            Some(Member::Item(Bare::Boolean(b))) => !b,
            Some(_) => return Err(NvsError::KeyOrderNotBoolean),
        };
        let (mode, list) = match (params, except) {
            (Some(_), Some(_)) => return Err(NvsError::ParamsAndExcept),
            (None, None) => {
                return Ok(Config {
                    vary_on_key_order,
                    ..Config::default()
                });
            }
            (Some(p), None) => (Mode::NoVary, p),
            (None, Some(e)) => (Mode::VaryOnly, e),
        };
        let Member::InnerList(start) = list else {
            return Err(NvsError::NotAnInnerList);
        };
        let mut c = Config {
            mode,
            vary_on_key_order,
            ..Config::default()
        };
        let mut unescaped = Buf::new();
        let mut decoded = Buf::new();
        for item in InnerList::new(value, start) {
            let Bare::String(start, end) = item else {
                return Err(NvsError::NotAString);
            };
            unescaped.clear();
            let mut escaped = false;
            for &b in &value[start..end] {
                // Only `\"` and `\\` are escapes, checked by the parser.
                escaped = !escaped && b == b'\\';
                if !escaped {
                    unescaped.push(b)?;
                }
            }
            decoded.clear();
            form_decode(&unescaped, &mut decoded)?;
            c.add_key(&decoded)?;
        }
        c.finish()?;
        Ok(c)
    }

    /// A config that does not vary on the parameters named `keys`
    /// (decoded), as `params=(...)` does.
    pub fn no_vary(keys: &[&[u8]], vary_on_key_order: bool) -> Result<Config, NoMemory> {
        Config::with_keys(Mode::NoVary, keys, vary_on_key_order)
    }

    /// A config that varies only on the parameters named `keys` (decoded),
    /// as `except=(...)` does.
    pub fn vary_only(keys: &[&[u8]], vary_on_key_order: bool) -> Result<Config, NoMemory> {
        Config::with_keys(Mode::VaryOnly, keys, vary_on_key_order)
    }

    fn with_keys(mode: Mode, keys: &[&[u8]], vary_on_key_order: bool) -> Result<Config, NoMemory> {
        let mut c = Config {
            mode,
            vary_on_key_order,
            ..Config::default()
        };
        for k in keys {
            c.add_key(k)?;
        }
        c.finish()?;
        Ok(c)
    }

    /// Adds a key, UTF-8 decoded without BOM ("parse a key", the steps
    /// after percent-decoding).
    fn add_key(&mut self, decoded: &[u8]) -> Result<(), NoMemory> {
        let start = self.keys.len();
        utf8_lossy(decoded, &mut self.keys)?;
        try_push(&mut self.spans, (start, self.keys.len()))
    }

    /// Builds the lookup order of the keys.
    fn finish(&mut self) -> Result<(), NoMemory> {
        let mut sorted = try_with_capacity(self.spans.len())?;
        for &s in &self.spans {
            try_push(&mut sorted, s)?;
        }
        let keys = &self.keys;
        sorted.sort_unstable_by(|a: &(usize, usize), b: &(usize, usize)| {
            keys[a.0..a.1].cmp(&keys[b.0..b.1])
        });
        self.sorted = sorted;
        Ok(())
    }

    /// Which list [`Config::keys`] is.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The keys of the list, decoded, in the header's order: the no-vary
    /// params in [`Mode::NoVary`], the vary params in [`Mode::VaryOnly`].
    pub fn keys(&self) -> impl Iterator<Item = &[u8]> + '_ {
        self.spans.iter().map(|&(a, b)| &self.keys[a..b])
    }

    /// Whether the response varies on the order of the parameters.
    pub fn vary_on_key_order(&self) -> bool {
        self.vary_on_key_order
    }

    /// Whether this is the default config, under which queries compare as
    /// they are: `params=()`, `key-order=?0`, a malformed value, no field.
    pub fn is_default(&self) -> bool {
        self.mode == Mode::NoVary && self.spans.is_empty() && self.vary_on_key_order
    }

    /// Whether a parameter of this name (decoded as the form parser does,
    /// UTF-8 included) varies the response.
    pub fn varies_on(&self, name: &[u8]) -> bool {
        let listed = self
            .sorted
            .binary_search_by(|&(a, b)| self.keys[a..b].cmp(name))
            .is_ok();
        listed == (self.mode == Mode::VaryOnly)
    }
}

/// One parameter kept for a key: its decoded name and value, as spans of
/// the arena they were decoded into (in the query's order).
struct Kept {
    name: (usize, usize),
    value: (usize, usize),
}

/// Writes the key of a query (`None` when the URL has none) under
/// `config`, as the module's documentation says: empty, or `?` and the
/// query as it is (default config) or its canonical form (any other).
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::nvs::{query_key, Config};
///
/// let c = Config::parse(Some(b"params=(\"utm_source\"), key-order"))?;
/// let mut k = Buf::new();
/// query_key(&c, Some(b"b=%7e&utm_source=x&a=1+2"), &mut k)?;
/// assert_eq!(k, b"?a=1+2&b=%7E");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn query_key(config: &Config, query: Option<&[u8]>, out: &mut Buf) -> Result<(), NoMemory> {
    if config.is_default() {
        if let Some(q) = query {
            out.push(b'?')?;
            out.extend_from_slice(q)?;
        }
        return Ok(());
    }
    let query = query.unwrap_or_default();
    let mut arena = Buf::new();
    let mut scratch = Buf::new();
    let mut kept: Vec<Kept> = Vec::new();
    // Decodes `raw` into the arena as the form parser does.
    let mut decode = |raw: &[u8], arena: &mut Buf| -> Result<(usize, usize), NoMemory> {
        scratch.clear();
        form_decode(raw, &mut scratch)?;
        let start = arena.len();
        utf8_lossy(&scratch, arena)?;
        Ok((start, arena.len()))
    };
    for p in params(query) {
        let name = decode(p.name_raw(), &mut arena)?;
        if !config.varies_on(&arena[name.0..name.1]) {
            arena.truncate(name.0);
            continue;
        }
        let value = decode(p.value_raw(), &mut arena)?;
        try_push(&mut kept, Kept { name, value })?;
    }
    if !config.vary_on_key_order {
        // Stable: equal names keep their order, as the draft's sort does.
        let at = |k: &Kept| k.name.0;
        kept.sort_unstable_by(|a, b| {
            cmp_utf16(&arena[a.name.0..a.name.1], &arena[b.name.0..b.name.1])
                .then(at(a).cmp(&at(b)))
        });
    }
    for (i, k) in kept.iter().enumerate() {
        out.push(if i == 0 { b'?' } else { b'&' })?;
        form_encode(&arena[k.name.0..k.name.1], out)?;
        out.push(b'=')?;
        form_encode(&arena[k.value.0..k.value.1], out)?;
    }
    Ok(())
}

/// The part of a URL before its query and fragment, and its query (after
/// the `?`, before the `#`), if it has one.
fn split_url(url: &[u8]) -> (&[u8], Option<&[u8]>) {
    let end = url.iter().position(|&b| b == b'#').unwrap_or(url.len());
    let url = &url[..end];
    match url.iter().position(|&b| b == b'?') {
        Some(q) => (&url[..q], Some(&url[q + 1..])),
        None => (url, None),
    }
}

/// Writes the key of a URL under `config`: the URL up to its first `?` or
/// `#`, and then its [`query_key`]. The fragment is left out, as the draft
/// never compares it. The URL should be serialized already (by the WHATWG
/// parser, or split and rebuilt): what comes before the query is compared
/// byte for byte, so `HTTP://A/` and `http://a/` have different keys.
///
/// ```
/// use wwwurl::bytes::buf::Buf;
/// use wwwurl::nvs::{url_key, Config};
///
/// let c = Config::parse(Some(b"except=(\"id\")"))?;
/// let mut k = Buf::new();
/// url_key(&c, b"https://shop.example/item?ref=x&id=%37#top", &mut k)?;
/// assert_eq!(k, b"https://shop.example/item?id=7");
/// # Ok::<(), wwwurl::bytes::buf::NoMemory>(())
/// ```
pub fn url_key(config: &Config, url: &[u8], out: &mut Buf) -> Result<(), NoMemory> {
    let (base, query) = split_url(url);
    out.extend_from_slice(base)?;
    query_key(config, query, out)
}

/// Whether two queries (`None` for none) are equivalent under `config`:
/// whether their [`query_key`]s are equal.
pub fn equivalent(config: &Config, a: Option<&[u8]>, b: Option<&[u8]>) -> Result<bool, NoMemory> {
    if config.is_default() {
        return Ok(a == b);
    }
    let (mut ka, mut kb) = (Buf::new(), Buf::new());
    query_key(config, a, &mut ka)?;
    query_key(config, b, &mut kb)?;
    Ok(ka == kb)
}

/// Whether two URLs are "equivalent modulo variation config": the same up
/// to their query (see [`url_key`]) and [`equivalent`] queries.
pub fn equivalent_urls(config: &Config, a: &[u8], b: &[u8]) -> Result<bool, NoMemory> {
    let (base_a, query_a) = split_url(a);
    let (base_b, query_b) = split_url(b);
    Ok(base_a == base_b && equivalent(config, query_a, query_b)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: &Config, q: Option<&str>) -> String {
        let mut b = Buf::new();
        query_key(c, q.map(str::as_bytes), &mut b).unwrap();
        String::from_utf8(b.into_vec()).unwrap()
    }

    #[test]
    fn keys_drop_filter_and_sort() {
        let c = Config::no_vary(&[b"x", "\u{e9}".as_bytes()], false).unwrap();
        assert_eq!(key(&c, Some("b=2&x=1&%C3%A9=3&a=1&b=1")), "?a=1&b=2&b=1");
        assert_eq!(key(&c, Some("")), "");
        assert_eq!(key(&c, None), "");
        assert_eq!(key(&c, Some("&&=")), "?=");
        let c = Config::vary_only(&[b"id"], true).unwrap();
        assert_eq!(key(&c, Some("z&id=%FF&a&id")), "?id=%EF%BF%BD&id=");
        let d = Config::default();
        assert_eq!(key(&d, Some("")), "?");
        assert_eq!(key(&d, None), "");
        assert_eq!(key(&d, Some("b&a=%7e")), "?b&a=%7e");
    }

    #[test]
    fn urls_split_at_query_and_fragment() {
        assert_eq!(
            split_url(b"http://a/b?c#d?e"),
            (&b"http://a/b"[..], Some(&b"c"[..]))
        );
        assert_eq!(split_url(b"http://a/b#d?e"), (&b"http://a/b"[..], None));
        assert_eq!(
            split_url(b"http://a/b?"),
            (&b"http://a/b"[..], Some(&b""[..]))
        );
        let c = Config::no_vary(&[], false).unwrap();
        assert!(equivalent_urls(&c, b"http://a/b?x=1&y=2#f", b"http://a/b?y=2&x=1").unwrap());
        assert!(!equivalent_urls(&c, b"http://a/b?x=1", b"http://a/c?x=1").unwrap());
    }
}
