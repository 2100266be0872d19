//! RFC 3986, browser-style and Web Capture tools in the C API.

use super::api::{export, CStruct, Decl, In, OptIn, Str, Value};
use super::config::Cfg;
use super::config::Settings;
use super::status::*;
use super::types::WWWURL_FLAG_BROWSER;
use libc::size_t;
use wwwurl_core::bytes::buf::{try_push, try_with_capacity, Buf};
use wwwurl_core::profile::{self, Options, ProfileError};
use wwwurl_core::rfc3986::{self, browser, normalize, relative, webcapture};
use wwwurl_core::rfc3986::{Components, Part};
use wwwurl_core::whatwg;
use wwwurl_core::wwwoffle::codec::c_prefix;

/// Where one component lies in the input.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_component {
    /// Offset of the component's first byte in the input.
    pub offset: size_t,
    /// Length in bytes.
    pub len: size_t,
    /// 1 when the component is present (possibly empty), 0 when absent
    /// (then `offset` and `len` are 0).
    pub present: u8,
}

/// The components of a URL reference, from `wwwurl_rfc3986_split`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_components {
    /// The scheme, without `:`.
    pub scheme: wwwurl_component,
    /// The authority, without `//`.
    pub authority: wwwurl_component,
    /// The user information, without `@`.
    pub userinfo: wwwurl_component,
    /// The user: the user information up to its first `:`.
    pub user: wwwurl_component,
    /// The password: the user information after its first `:`.
    pub password: wwwurl_component,
    /// The host; an IPv6 literal keeps its brackets.
    pub host: wwwurl_component,
    /// The port, without `:`.
    pub port: wwwurl_component,
    /// The path (always present, possibly empty).
    pub path: wwwurl_component,
    /// The query, without `?`.
    pub query: wwwurl_component,
    /// The fragment, without `#`.
    pub fragment: wwwurl_component,
}

fn component(p: Option<Part>) -> wwwurl_component {
    p.map_or_else(wwwurl_component::default, |p| wwwurl_component {
        offset: p.start,
        len: p.len,
        present: 1,
    })
}

fn to_c(c: &Components) -> wwwurl_components {
    wwwurl_components {
        scheme: component(c.scheme),
        authority: component(c.authority),
        userinfo: component(c.userinfo),
        user: component(c.user),
        password: component(c.password),
        host: component(c.host),
        port: component(c.port),
        path: component(c.path),
        query: component(c.query),
        fragment: component(c.fragment),
    }
}

impl CStruct for wwwurl_components {
    const C_NAME: &'static str = "wwwurl_components";
}

/// `wwwurl_rfc3986_normalize` mask bit: the scheme in lower case.
pub const WWWURL_NORMALIZE_SCHEME: u32 = 1;
/// Mask bit: percent-encodings of the user information.
pub const WWWURL_NORMALIZE_USERINFO: u32 = 2;
/// Mask bit: percent-encodings of the host, then the host in lower case.
pub const WWWURL_NORMALIZE_HOST: u32 = 4;
/// Mask bit: percent-encodings of the path, then its dot segments.
pub const WWWURL_NORMALIZE_PATH: u32 = 8;
/// Mask bit: percent-encodings of the query.
pub const WWWURL_NORMALIZE_QUERY: u32 = 16;
/// Mask bit: percent-encodings of the fragment.
pub const WWWURL_NORMALIZE_FRAGMENT: u32 = 32;
/// Every bit of syntax-based normalisation (RFC 3986 section 6.2.2).
pub const WWWURL_NORMALIZE_SYNTAX: u32 = 63;
/// Mask bit (RFC 3986 section 6.2.3): drop an empty port, and the default
/// port of http, https, ws, wss and ftp.
pub const WWWURL_NORMALIZE_DEFAULT_PORT: u32 = 64;
/// Mask bit (RFC 3986 section 6.2.3): `/` for an empty path after an
/// authority, for http, https, ws, wss and ftp.
pub const WWWURL_NORMALIZE_EMPTY_PATH: u32 = 128;
/// Every mask bit: syntax- and scheme-based normalisation.
pub const WWWURL_NORMALIZE_ALL: u32 = 255;

/// The C mask bits and the core's: the header needs literal values, the
/// core keeps its own type, and this table ties the two.
const MASK_BITS: [(u32, normalize::Mask); 10] = [
    (WWWURL_NORMALIZE_SCHEME, normalize::Mask::SCHEME),
    (WWWURL_NORMALIZE_USERINFO, normalize::Mask::USERINFO),
    (WWWURL_NORMALIZE_HOST, normalize::Mask::HOST),
    (WWWURL_NORMALIZE_PATH, normalize::Mask::PATH),
    (WWWURL_NORMALIZE_QUERY, normalize::Mask::QUERY),
    (WWWURL_NORMALIZE_FRAGMENT, normalize::Mask::FRAGMENT),
    (WWWURL_NORMALIZE_SYNTAX, normalize::Mask::SYNTAX),
    (WWWURL_NORMALIZE_DEFAULT_PORT, normalize::Mask::DEFAULT_PORT),
    (WWWURL_NORMALIZE_EMPTY_PATH, normalize::Mask::EMPTY_PATH),
    (WWWURL_NORMALIZE_ALL, normalize::Mask::ALL),
];

/// The core mask of C mask bits, or `None` when a bit is unknown.
fn mask_of(bits: u32) -> Option<normalize::Mask> {
    let mut known = 0;
    let mut core = 0;
    for (c, m) in MASK_BITS {
        if bits & c == c {
            known |= c;
            core |= m.0;
        }
    }
    (known == bits).then_some(normalize::Mask(core))
}

/// A string argument of the functions that return a C string, ended at its
/// first NUL byte, since a NUL could not be told apart from the end of the
/// result.
fn text(s: &[u8]) -> &[u8] {
    c_prefix(s)
}

/// A URL that a profile cannot canonicalise, or a profile that does not
/// exist, is an invalid argument.
impl From<ProfileError> for wwwurl_status {
    fn from(e: ProfileError) -> wwwurl_status {
        match e {
            ProfileError::NoMemory => WWWURL_ERR_NO_MEMORY,
            ProfileError::UnknownProfile => WWWURL_ERR_NOT_FOUND,
            ProfileError::Refused(_) => WWWURL_ERR_INVALID_ARGUMENT,
        }
    }
}

/// A domain that the Standard refuses is an invalid argument; a domain
/// that needs the absent IDNA support, or memory running out, says so.
fn domain_status(e: whatwg::ParseError) -> wwwurl_status {
    match wwwurl_status::from(e) {
        WWWURL_ERR_INVALID_URL => WWWURL_ERR_INVALID_ARGUMENT,
        st => st,
    }
}

/// The functions this module exports, in the order of the header.
pub(crate) const DECLS: &[Decl] = &[
    wwwurl_domain_to_ascii::DECL,
    wwwurl_domain_to_ascii_buf::DECL,
    wwwurl_domain_to_unicode::DECL,
    wwwurl_domain_to_unicode_buf::DECL,
    wwwurl_canonicalize::DECL,
    wwwurl_canonicalize_buf::DECL,
    wwwurl_rfc3986_resolve::DECL,
    wwwurl_rfc3986_resolve_buf::DECL,
    wwwurl_webcapture_canonical::DECL,
    wwwurl_webcapture_canonical_buf::DECL,
    wwwurl_rfc3986_make_relative::DECL,
    wwwurl_rfc3986_make_relative_buf::DECL,
    wwwurl_rfc3986_normalize::DECL,
    wwwurl_rfc3986_normalize_buf::DECL,
    wwwurl_browser_resolve::DECL,
    wwwurl_browser_resolve_buf::DECL,
    wwwurl_rfc3986_split::DECL,
];

/// The WHATWG URL Standard's "domain to ASCII" of a domain (UTF-8), as
/// a URL's host gets it: an ASCII domain in lower case, any other
/// through UTS #46 ToASCII: `Bücher.example` gives
/// `xn--bcher-kva.example`. No percent-decoding and no IPv4 step.
///
/// Parameters: `domain`/`len` (`len` may be `WWWURL_NUL_TERMINATED`);
/// `out` receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_ARGUMENT` for a domain the
/// Standard refuses (empty, a forbidden code point, input that is not
/// UTF-8, a label ToASCII fails on); `WWWURL_ERR_NULL`;
/// `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out` is written
/// only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_domain_to_ascii_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(3))]
fn wwwurl_domain_to_ascii(
    #[c(In, len = len, sample = "B\u{fc}cher.example")] domain: &[u8],
) -> Result<Buf, wwwurl_status> {
    domain_ascii(domain)
}

#[export(TextBuf(wwwurl_domain_to_ascii) memory(2))]
fn wwwurl_domain_to_ascii_buf(
    #[c(In, len = len, sample = "B\u{fc}cher.example")] domain: &[u8],
) -> Result<Buf, wwwurl_status> {
    domain_ascii(domain)
}

/// The WHATWG URL Standard's "domain to Unicode" of a domain, for
/// display: UTS #46 ToUnicode (`xn--bcher-kva.example` gives
/// `bücher.example`), or the domain unchanged where that records an
/// error.
///
/// Parameters: `domain`/`len` (`len` may be `WWWURL_NUL_TERMINATED`);
/// `out` receives the result, UTF-8.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_ARGUMENT` for a domain
/// holding a NUL byte (a forbidden domain code point, which the result
/// would keep); `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
/// `wwwurl_domain_to_unicode_buf` writes the same result into a caller
/// buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(45))]
fn wwwurl_domain_to_unicode(
    #[c(In, len = len, sample = "xn--bcher-kva.example")] domain: &[u8],
) -> Result<Buf, wwwurl_status> {
    domain_unicode(domain)
}

#[export(TextBuf(wwwurl_domain_to_unicode) memory(45))]
fn wwwurl_domain_to_unicode_buf(
    #[c(In, len = len, sample = "xn--bcher-kva.example")] domain: &[u8],
) -> Result<Buf, wwwurl_status> {
    domain_unicode(domain)
}

/// The canonical form of `url` under a named profile, whose output for
/// a given version never changes: `wwwoffle-2.9`, `wwwoffle-2.9h`,
/// `rfc3986`, `rfc3986-scheme`, `webcapture`, `whatwg`, `surt`,
/// `safebrowsing` or `cachekey`, each with its version (`surt/1`) or
/// bare for the newest. The frozen vectors of each version are in the
/// sources, tests/profiles.
///
/// Parameters: `cfg`, the settings (NULL: the defaults): the local host
/// and default ports of the `wwwoffle` profiles, the parameters
/// `cachekey` strips (`wwwurl_config_add_strip_param`, `_prefix`), and
/// the input limit;
/// `profile`, the profile's name; `url`/`len`, the URL (`len` may be
/// `WWWURL_NUL_TERMINATED`); `out` receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_FOUND` for a profile that does
/// not exist; `WWWURL_ERR_INVALID_ARGUMENT` for a URL the profile cannot
/// canonicalise (a relative URL for `whatwg` or `webcapture`, a host that
/// is not a host);
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_CONFIG_IN_USE`;
/// `WWWURL_ERR_NO_MEMORY`. `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_canonicalize_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(56))]
fn wwwurl_canonicalize(
    #[c(Cfg)] cfg: Settings<'_>,
    #[c(Str, sample = "rfc3986")] profile: &[u8],
    #[c(In, len = len)] url: &[u8],
) -> Result<Buf, wwwurl_status> {
    canonical_form(cfg, profile, url)
}

#[export(TextBuf(wwwurl_canonicalize) memory(16))]
fn wwwurl_canonicalize_buf(
    #[c(Cfg)] cfg: Settings<'_>,
    #[c(Str, sample = "rfc3986")] profile: &[u8],
    #[c(In, len = len)] url: &[u8],
) -> Result<Buf, wwwurl_status> {
    canonical_form(cfg, profile, url)
}

/// Resolves a reference against a base URL by RFC 3986 section 5.2 (strict:
/// a reference with a scheme is absolute), removing dot segments by section
/// 5.2.4. `../../../g` against `http://a/b/c/d;p?q` gives `http://a/g`, as RFC
/// 3986 says (older drafts gave `http://a/../g`). No byte is decoded or
/// encoded.
///
/// Parameters: `base`/`blen` and `reference`/`rlen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Where RFC 3986's algorithm would leave a path starting with `//` in a
/// result without an authority (`s:/a/b` + `..//g`), the path gets a `/.`
/// in front (`s:/.//g`), so that it does not read as an authority.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` when the base has no
/// scheme; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`.
/// `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_rfc3986_resolve_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(2))]
fn wwwurl_rfc3986_resolve(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = rlen)] reference: &[u8],
) -> Result<Buf, wwwurl_status> {
    rfc3986_resolved(base, reference)
}

#[export(TextBuf(wwwurl_rfc3986_resolve) memory(2))]
fn wwwurl_rfc3986_resolve_buf(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = rlen)] reference: &[u8],
) -> Result<Buf, wwwurl_status> {
    rfc3986_resolved(base, reference)
}

/// The Web Capture canonical form of an http, https, ftp or file URL (PDF
/// reference, "URL Strings"): made absolute against `base`, fragment
/// dropped, scheme and host in lower case, the host of `file://localhost/`
/// dropped, the default port dropped (http 80, https 443, ftp 21), dot
/// segments removed by RFC 1808 section 4; percent-encoding left as it is.
///
/// Parameters: `url`/`len`; `base`/`blen`, may be NULL when `url` is
/// absolute (each ends at its first NUL byte); `out` receives the result.
/// A path that would start with `//` in a result without an authority gets
/// a `/.` in front, as in `wwwurl_rfc3986_resolve`.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` for a relative `url`
/// without an absolute base; `WWWURL_ERR_UNSUPPORTED_SCHEME`;
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out`
/// is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
/// `wwwurl_webcapture_canonical_buf` writes the same result into a caller
/// buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(5))]
fn wwwurl_webcapture_canonical(
    #[c(In, len = len)] url: &[u8],
    #[c(OptIn, len = blen)] base: Option<&[u8]>,
) -> Result<Buf, wwwurl_status> {
    webcapture_form(url, base)
}

#[export(TextBuf(wwwurl_webcapture_canonical) memory(5))]
fn wwwurl_webcapture_canonical_buf(
    #[c(In, len = len)] url: &[u8],
    #[c(OptIn, len = blen)] base: Option<&[u8]>,
) -> Result<Buf, wwwurl_status> {
    webcapture_form(url, base)
}

/// The shortest reference that resolves back to `target` against `base`
/// (RFC 3986 section 5.2 run backwards), for rewriting the links of a
/// stored page: `http://a/b/g` against `http://a/b/c/d` gives `../g`.
///
/// The target is first resolved against the base (so it may be relative,
/// and its dot segments go); then `wwwurl_rfc3986_resolve(base, result)`
/// gives exactly that resolved target. When the schemes differ (as bytes)
/// the result is the resolved target itself; when only the authority
/// differs it is a network-path reference (`//host/path`). Nothing is
/// decoded or case-folded.
///
/// Parameters: `base`/`blen` and `target`/`tlen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_NOT_ABSOLUTE` when the base has no
/// scheme; `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`.
/// `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`.
/// `wwwurl_rfc3986_make_relative_buf` writes the same result into a caller
/// buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(10))]
fn wwwurl_rfc3986_make_relative(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = tlen)] target: &[u8],
) -> Result<Buf, wwwurl_status> {
    relative_reference(base, target)
}

#[export(TextBuf(wwwurl_rfc3986_make_relative) memory(10))]
fn wwwurl_rfc3986_make_relative_buf(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = tlen)] target: &[u8],
) -> Result<Buf, wwwurl_status> {
    relative_reference(base, target)
}

/// Normalises a URI reference (RFC 3986 section 6.2.2, and with the
/// `DEFAULT_PORT` and `EMPTY_PATH` bits section 6.2.3) in the components
/// `mask` selects, so that equivalent references compare equal:
/// `eXAMPLE://a/./b/../b/%63/%7bfoo%7d` becomes `example://a/b/c/%7Bfoo%7D`.
///
/// Per component: the scheme and the host go to lower case; percent-encoded
/// unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded and every
/// other percent-encoding gets upper-case hex, in the user information,
/// host, path, query and fragment; the path loses its dot segments when the
/// reference has a scheme or the path starts with `/` (a relative-path
/// reference keeps its `..`). A `%` without two hex digits is left alone.
/// The result splits into the same components, and normalising it again
/// changes nothing.
///
/// Parameters: `s`/`len`, the reference (`len` may be
/// `WWWURL_NUL_TERMINATED`; it ends at its first NUL byte); `mask`, an OR of
/// `WWWURL_NORMALIZE_*` bits (`WWWURL_NORMALIZE_SYNTAX` for all of section
/// 6.2.2, `WWWURL_NORMALIZE_ALL` for everything); `out` receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_ARGUMENT` for unknown mask bits;
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`. `*out` is
/// written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_rfc3986_normalize_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(2))]
fn wwwurl_rfc3986_normalize(
    #[c(In, len = len)] s: &[u8],
    #[c(Value<u32>)] mask: u32,
) -> Result<Buf, wwwurl_status> {
    normalized(s, mask)
}

#[export(TextBuf(wwwurl_rfc3986_normalize) memory(2))]
fn wwwurl_rfc3986_normalize_buf(
    #[c(In, len = len)] s: &[u8],
    #[c(Value<u32>)] mask: u32,
) -> Result<Buf, wwwurl_status> {
    normalized(s, mask)
}

/// Resolves a string against a base URL the way browsers do: the WHATWG
/// URL Standard's API URL parser, as `new URL(spec, base).href`.
/// Leading and trailing C0 controls and spaces are trimmed, tabs and
/// newlines removed, `\` read as `/` in special URLs, the host parsed
/// (IDNA, IPv4 and IPv6 forms), the path's dot segments removed, and
/// each part percent-encoded by the Standard's sets: `http:\\h\p`
/// gives `http://h/p`, `HTTP://EXAMPLE.com:80/%7e` gives
/// `http://example.com/%7e`. Bytes that are not UTF-8 are decoded with
/// replacement first. `wwwurl_whatwg_parse` gives the parts.
///
/// Parameters: `base`/`blen` and `spec`/`slen` (lengths may be
/// `WWWURL_NUL_TERMINATED`; each ends at its first NUL byte); `out`
/// receives the result.
///
/// Returns `WWWURL_OK`; `WWWURL_ERR_INVALID_BASE` when the base is not a
/// URL; `WWWURL_ERR_INVALID_URL` when `spec` is not one against it (a
/// path against `mailto:a@b`, an invalid host or port);
/// `WWWURL_ERR_NULL`; `WWWURL_ERR_TOO_LONG`; `WWWURL_ERR_NO_MEMORY`.
/// `*out` is written only on success.
///
/// Memory and lifetimes: `*out` is a new NUL-terminated string that the
/// caller releases with `wwwurl_string_free`. `wwwurl_browser_resolve_buf`
/// writes the same result into a caller buffer instead.
/// A result that holds a NUL byte is refused with `WWWURL_ERR_HOLDS_NUL`:
/// a C string would end at it. The `_buf` form gives it whole.
#[export(Text memory(24))]
fn wwwurl_browser_resolve(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = slen)] spec: &[u8],
) -> Result<Buf, wwwurl_status> {
    browser_href(base, spec)
}

#[export(TextBuf(wwwurl_browser_resolve) memory(24))]
fn wwwurl_browser_resolve_buf(
    #[c(In, len = blen)] base: &[u8],
    #[c(In, len = slen)] spec: &[u8],
) -> Result<Buf, wwwurl_status> {
    browser_href(base, spec)
}

/// Splits a URL reference into its components without changing a byte.
///
/// Parameters: `s` and `len`, the reference (`len` may be
/// `WWWURL_NUL_TERMINATED`); `flags`, 0 for the regular expression of RFC 3986
/// appendix B (userinfo up to the last `@`, a bracketed IPv6 host, the port
/// after the last `:` outside brackets), or `WWWURL_FLAG_BROWSER` for the
/// lenient browser rules (bytes <= 0x20 trimmed at both ends, `\` as `/`,
/// any number of slashes after the scheme, the authority ends at
/// `/ \ ? # ;`); `out` receives the offsets into `s`.
///
/// Returns `WWWURL_OK`, `WWWURL_ERR_NULL`, `WWWURL_ERR_TOO_LONG`,
/// `WWWURL_ERR_INVALID_ARGUMENT` for unknown flags. Allocates nothing;
/// `*out` is written only on success.
#[export(Put<wwwurl_components> memory(0))]
fn wwwurl_rfc3986_split(
    #[c(In, len = len)] s: &[u8],
    #[c(Value<u32>)] flags: u32,
) -> Result<wwwurl_components, wwwurl_status> {
    let c = match flags {
        0 => rfc3986::split(s),
        WWWURL_FLAG_BROWSER => browser::split(s),
        _ => return Err(WWWURL_ERR_INVALID_ARGUMENT),
    };
    Ok(to_c(&c))
}

// The results of the text functions, each of which its two forms give.

/// `wwwurl_domain_to_ascii`'s result.
#[inline(always)]
fn domain_ascii(domain: &[u8]) -> Result<Buf, wwwurl_status> {
    let mut v = Buf::with_capacity(domain.len() + 8)?;
    whatwg::domain_to_ascii(domain, &mut v).map_err(domain_status)?;
    Ok(v)
}

/// `wwwurl_domain_to_unicode`'s result.
#[inline(always)]
fn domain_unicode(domain: &[u8]) -> Result<Buf, wwwurl_status> {
    let mut v = Buf::with_capacity(domain.len() + 8)?;
    whatwg::domain_to_unicode(domain, &mut v).map_err(domain_status)?;
    Ok(v)
}

/// `wwwurl_canonicalize`'s result.
#[inline(always)]
fn canonical_form(cfg: Settings<'_>, profile: &[u8], url: &[u8]) -> Result<Buf, wwwurl_status> {
    let profile = std::str::from_utf8(profile).map_err(|_| WWWURL_ERR_INVALID_ARGUMENT)?;
    // The config's strip lists, as the slices the core takes (none to
    // allocate for a config without them).
    let lists = [cfg.strip_list(false), cfg.strip_list(true)];
    let mut slices = try_with_capacity::<&[u8]>(lists[0].len() + lists[1].len())?;
    for n in lists.iter().flat_map(|l| l.iter()) {
        try_push(&mut slices, &n[..])?;
    }
    let (names, prefixes) = slices.split_at(lists[0].len());
    let opts = Options {
        env: &cfg,
        strip_names: names,
        strip_prefixes: prefixes,
    };
    let mut v = Buf::with_capacity(url.len() + 16)?;
    profile::canonicalize(profile, url, &opts, &mut v)?;
    Ok(v)
}

/// `wwwurl_rfc3986_resolve`'s result.
#[inline(always)]
fn rfc3986_resolved(base: &[u8], reference: &[u8]) -> Result<Buf, wwwurl_status> {
    let (base, reference) = (text(base), text(reference));
    let mut v = Buf::with_capacity(base.len() + reference.len())?;
    rfc3986::resolve(base, reference, &mut v)?;
    Ok(v)
}

/// `wwwurl_webcapture_canonical`'s result.
#[inline(always)]
fn webcapture_form(url: &[u8], base: Option<&[u8]>) -> Result<Buf, wwwurl_status> {
    let url = text(url);
    let mut v = Buf::with_capacity(url.len() + 8)?;
    webcapture::canonical(url, base.map(text), &mut v)?;
    Ok(v)
}

/// `wwwurl_rfc3986_make_relative`'s result.
#[inline(always)]
fn relative_reference(base: &[u8], target: &[u8]) -> Result<Buf, wwwurl_status> {
    let (base, target) = (text(base), text(target));
    let mut v = Buf::with_capacity(target.len())?;
    relative::make_relative(base, target, &mut v)?;
    Ok(v)
}

/// `wwwurl_rfc3986_normalize`'s result.
#[inline(always)]
fn normalized(s: &[u8], mask: u32) -> Result<Buf, wwwurl_status> {
    let s = text(s);
    let mask = mask_of(mask).ok_or(WWWURL_ERR_INVALID_ARGUMENT)?;
    let mut v = Buf::with_capacity(s.len() + 1)?;
    normalize::normalize(s, mask, &mut v)?;
    Ok(v)
}

/// `wwwurl_browser_resolve`'s result.
#[inline(always)]
fn browser_href(base: &[u8], spec: &[u8]) -> Result<Buf, wwwurl_status> {
    let (base, spec) = (text(base), text(spec));
    let url = whatwg::parse_with_base(spec, Some(base))?;
    Ok(Buf::from_slice(url.href())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_bits_are_the_core_mask() {
        for (c, m) in MASK_BITS {
            assert_eq!(c, m.0);
            assert_eq!(mask_of(c), Some(m));
        }
        assert_eq!(mask_of(0), Some(normalize::Mask(0)));
        assert_eq!(mask_of(256), None);
        assert_eq!(mask_of(WWWURL_NORMALIZE_ALL | 1 << 31), None);
    }
}
