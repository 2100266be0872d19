//! Named, frozen canonicalisation profiles: one entry point that turns a URL
//! into the canonical form of a named convention, so that two programs that
//! name the same profile compute the same bytes.
//!
//! A profile is a name and a version (`surt/1`). A version never changes
//! once released: its output for every input is frozen by the vector files
//! `tests/profiles/<name>-<version>.tsv`, and a change of behaviour is a new
//! version listed beside the old one, never an edit of it. A bare name
//! (`surt`) means the newest version of that name, for callers who want
//! fixes rather than stability.
//!
//! | profile | what it computes |
//! |---|---|
//! | `wwwoffle-2.9/1`, `wwwoffle-2.9h/1` | SplitURL's canonical `name` ([`crate::wwwoffle::split::split_url`]) |
//! | `rfc3986/2` | RFC 3986 §6.2.2 syntax-based normalisation ([`crate::rfc3986::normalize`], [`Mask::SYNTAX`]) |
//! | `rfc3986-scheme/2` | §6.2.2 and §6.2.3 scheme-based normalisation ([`Mask::ALL`]) |
//! | `webcapture/2` | the PDF Web Capture canonical form ([`crate::rfc3986::webcapture::canonical`], no base) |
//! | `whatwg/1` | the WHATWG URL Standard's href ([`crate::whatwg::parse`], no base) |
//! | `surt/2` | the Internet Archive's SURT, as `surt.surt()` writes it by default (`surt.rs`) |
//! | `safebrowsing/2` | Google Safe Browsing v4 / Web Risk canonicalisation for hashing (`safebrowsing.rs`) |
//! | `cachekey/2` | `rfc3986-scheme/2`, then a sorted query without the caller's parameters, no fragment (`cachekey.rs`) |
//!
//! The earlier versions stay as they were released: `rfc3986/1`,
//! `rfc3986-scheme/1` and `cachekey/1` keep an escape after a stray `%`
//! that version 2 decodes and a NUL byte raw; `safebrowsing/1` lets a
//! decoded `/`, `?`, `@`, `:` or bracket change the component it came from,
//! so that its result can change when it is canonicalised again;
//! `webcapture/1` keeps a NUL byte; `surt/1` reads `..` after an empty path
//! segment otherwise (doc/profile-differences.md).
//!
//! Every canonical form of a newest version is a fixed point: canonicalising
//! it again gives the same bytes (`tests/fixed_points.rs`), and none holds a
//! NUL byte, so that it is one C string.
//!
//! Every profile is a pure function of the input bytes and the [`Options`]:
//! no global state, no clock, no locale. Each takes time linear in the
//! input length (sorting a query, `n log n` in its number of parameters),
//! never panics, and reports running out of memory as
//! [`ProfileError::NoMemory`] instead of aborting.
//!
//! ```
//! use wwwurl::bytes::buf::Buf;
//! use wwwurl::profile::{canonicalize, Options};
//!
//! let mut out = Buf::new();
//! canonicalize("surt", b"http://www.archive.org/goo/?b&a=1", &Options::default(), &mut out)?;
//! assert_eq!(out, b"org,archive)/goo?a=1&b");
//! # Ok::<(), wwwurl::profile::ProfileError>(())
//! ```

mod cachekey;
mod escape;
mod ipv4;
mod rfc3986;
mod safebrowsing;
mod surt;
mod webcapture;
mod whatwg;
mod wwwoffle;

use std::fmt;

use crate::bytes::buf::{Buf, NoMemory};
use crate::rfc3986::normalize::Edition;
#[cfg(doc)]
use crate::rfc3986::normalize::Mask;
use crate::wwwoffle::config::{builtin_default_port, Env, DEFAULT_LOCAL_HOST};

/// One profile of the registry ([`profiles`]).
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// The name without the version, e.g. `surt`.
    pub name: &'static str,
    /// The version number; the first version is 1.
    pub version: u32,
    /// One line saying what the profile computes.
    pub description: &'static str,
    /// Which code computes it: private, so that only the registry makes
    /// profiles.
    kind: Kind,
}

/// The implementations. A new version of a profile gets a new variant: the
/// code of a released version is never changed in a way that changes its
/// output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    CacheKey1,
    CacheKey2,
    Rfc3986V1,
    Rfc3986V2,
    Rfc3986Scheme1,
    Rfc3986Scheme2,
    SafeBrowsing1,
    SafeBrowsing2,
    Surt1,
    Surt2,
    WebCapture1,
    WebCapture2,
    Whatwg1,
    Wwwoffle29V1,
    Wwwoffle29hV1,
}

/// The registry, sorted by name, then version: [`resolve`] relies on the
/// versions of one name being adjacent and ascending.
static PROFILES: [Profile; 15] = [
    Profile {
        name: "cachekey",
        version: 1,
        description:
            "rfc3986-scheme, query sorted by name without the given parameters, no fragment",
        kind: Kind::CacheKey1,
    },
    Profile {
        name: "cachekey",
        version: 2,
        description: "rfc3986-scheme/2, query sorted by name without the given parameters, \
                      no fragment",
        kind: Kind::CacheKey2,
    },
    Profile {
        name: "rfc3986",
        version: 1,
        description: "RFC 3986 section 6.2.2 syntax-based normalisation",
        kind: Kind::Rfc3986V1,
    },
    Profile {
        name: "rfc3986",
        version: 2,
        description: "RFC 3986 section 6.2.2 syntax-based normalisation \
                      (every escape decoded that joins no stray %; NUL as %00)",
        kind: Kind::Rfc3986V2,
    },
    Profile {
        name: "rfc3986-scheme",
        version: 1,
        description: "RFC 3986 sections 6.2.2 and 6.2.3: syntax- and scheme-based normalisation",
        kind: Kind::Rfc3986Scheme1,
    },
    Profile {
        name: "rfc3986-scheme",
        version: 2,
        description: "RFC 3986 sections 6.2.2 and 6.2.3: syntax- and scheme-based normalisation \
                      (every escape decoded that joins no stray %; NUL as %00)",
        kind: Kind::Rfc3986Scheme2,
    },
    Profile {
        name: "safebrowsing",
        version: 1,
        description: "Google Safe Browsing v4 / Web Risk canonicalisation for hashing",
        kind: Kind::SafeBrowsing1,
    },
    Profile {
        name: "safebrowsing",
        version: 2,
        description: "Google Safe Browsing v4 / Web Risk canonicalisation for hashing \
                      (safebrowsing/1 with a decoded delimiter kept in its component)",
        kind: Kind::SafeBrowsing2,
    },
    Profile {
        name: "surt",
        version: 1,
        description: "Internet Archive SURT as surt 0.3.1's default canonicaliser writes it",
        kind: Kind::Surt1,
    },
    Profile {
        name: "surt",
        version: 2,
        description: "Internet Archive SURT as surt 0.3.1's default canonicaliser writes it \
                      (surt/1 with `..` after an empty path segment as the package reads it)",
        kind: Kind::Surt2,
    },
    Profile {
        name: "webcapture",
        version: 1,
        description: "PDF Web Capture canonical URL (absolute URLs only)",
        kind: Kind::WebCapture1,
    },
    Profile {
        name: "webcapture",
        version: 2,
        description: "PDF Web Capture canonical URL (absolute URLs only; \
                      a URL with a NUL byte refused)",
        kind: Kind::WebCapture2,
    },
    Profile {
        name: "whatwg",
        version: 1,
        description: "WHATWG URL Standard href (no base)",
        kind: Kind::Whatwg1,
    },
    Profile {
        name: "wwwoffle-2.9",
        version: 1,
        description: "WWWOFFLE 2.9 SplitURL canonical name",
        kind: Kind::Wwwoffle29V1,
    },
    Profile {
        name: "wwwoffle-2.9h",
        version: 1,
        description: "WWWOFFLE 2.9h SplitURL canonical name",
        kind: Kind::Wwwoffle29hV1,
    },
];

/// Every profile, each version separately, sorted by name, then version.
pub fn profiles() -> &'static [Profile] {
    &PROFILES
}

/// The profile `spec` names: `name/version` exactly, or a bare `name` for
/// its newest version. `None` for an unknown name or version, or a version
/// that is not plain decimal digits (`surt/01` is not `surt/1`: a name is
/// matched as bytes, so that every spelling means one thing).
pub fn resolve(spec: &str) -> Option<&'static Profile> {
    let (name, version) = match spec.split_once('/') {
        Some((n, v)) => (n, Some(v)),
        None => (spec, None),
    };
    match version {
        // The registry is ascending, so the last one is the newest.
        None => PROFILES.iter().rev().find(|p| p.name == name),
        Some(v) => PROFILES
            .iter()
            .find(|p| p.name == name && version_is(v, p.version)),
    }
}

/// Whether `text` is the decimal spelling of `n` without leading zeros
/// (`surt/01` names no version).
fn version_is(text: &str, n: u32) -> bool {
    // Digits only: `parse` alone would take `+1` for 1.
    text.bytes().all(|b| b.is_ascii_digit())
        && text.parse::<u32>() == Ok(n)
        && (text == "0" || !text.starts_with('0'))
}

/// Why [`canonicalize`] produced no canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfileError {
    /// No profile has this name (or this name and version).
    UnknownProfile,
    /// The profile has no canonical form for this URL; the reason is a
    /// fixed English phrase, which the frozen vectors record.
    Refused(&'static str),
    /// Memory ran out.
    NoMemory,
}

impl From<NoMemory> for ProfileError {
    fn from(_: NoMemory) -> ProfileError {
        ProfileError::NoMemory
    }
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProfileError::UnknownProfile => f.write_str("unknown profile"),
            ProfileError::Refused(why) => f.write_str(why),
            ProfileError::NoMemory => f.write_str("out of memory"),
        }
    }
}

impl std::error::Error for ProfileError {}

/// The library's default environment, the one [`Config::default`] stands
/// for (local host `localhost:8080`, the built-in default ports), as a
/// value that needs no allocation, so that [`Options::default`] can point
/// at it for any lifetime.
///
/// [`Config::default`]: crate::wwwoffle::config::Config::default
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LibraryDefaults;

impl Env for LibraryDefaults {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        out.extend_from_slice(DEFAULT_LOCAL_HOST)
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(builtin_default_port(proto))
    }
}

/// What some profiles take besides the URL. The others ignore it.
///
/// [`Options::default`] strips no parameters and uses the library's default
/// environment ([`LibraryDefaults`]); the frozen vectors are computed with
/// it.
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// `cachekey`: the decoded names of the query parameters to strip
    /// (`gclid`), compared as [`crate::query::NameList`] compares them.
    pub strip_names: &'a [&'a [u8]],
    /// `cachekey`: decoded name prefixes whose parameters are stripped
    /// (`utm_`).
    pub strip_prefixes: &'a [&'a [u8]],
    /// `wwwoffle-2.9`, `wwwoffle-2.9h`: the local host and default ports
    /// SplitURL uses; a [`crate::wwwoffle::config::Config`] works here.
    pub env: &'a dyn Env,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            strip_names: &[],
            strip_prefixes: &[],
            env: &LibraryDefaults,
        }
    }
}

impl fmt::Debug for Options<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The environment is a trait object without `Debug`.
        f.debug_struct("Options")
            .field("strip_names", &self.strip_names)
            .field("strip_prefixes", &self.strip_prefixes)
            .finish_non_exhaustive()
    }
}

/// Appends the canonical form of `url` under `profile` (`name/version`, or
/// a bare `name` for the newest version; see [`resolve`]) to `out`.
///
/// On an error `out` is left as it was: a refused URL appends nothing, so a
/// caller can never mistake a partial result for a key.
pub fn canonicalize(
    profile: &str,
    url: &[u8],
    opts: &Options<'_>,
    out: &mut Buf,
) -> Result<(), ProfileError> {
    let p = resolve(profile).ok_or(ProfileError::UnknownProfile)?;
    p.canonicalize(url, opts, out)
}

impl Profile {
    /// Appends the canonical form of `url` under this profile to `out`; on
    /// an error `out` is left as it was.
    pub fn canonicalize(
        &self,
        url: &[u8],
        opts: &Options<'_>,
        out: &mut Buf,
    ) -> Result<(), ProfileError> {
        let start = out.len();
        let r = match self.kind {
            Kind::CacheKey1 => cachekey::canonical(url, Edition::V1, opts, out),
            Kind::CacheKey2 => cachekey::canonical(url, Edition::Current, opts, out),
            Kind::Rfc3986V1 => rfc3986::syntax(url, Edition::V1, out),
            Kind::Rfc3986V2 => rfc3986::syntax(url, Edition::Current, out),
            Kind::Rfc3986Scheme1 => rfc3986::scheme(url, Edition::V1, out),
            Kind::Rfc3986Scheme2 => rfc3986::scheme(url, Edition::Current, out),
            Kind::SafeBrowsing1 => safebrowsing::canonical(url, safebrowsing::Version::V1, out),
            Kind::SafeBrowsing2 => safebrowsing::canonical(url, safebrowsing::Version::V2, out),
            Kind::Surt1 => surt::canonical(url, surt::Version::V1, out),
            Kind::Surt2 => surt::canonical(url, surt::Version::V2, out),
            Kind::WebCapture1 => webcapture::canonical(url, out),
            Kind::WebCapture2 => webcapture::canonical_2(url, out),
            Kind::Whatwg1 => whatwg::canonical(url, out),
            Kind::Wwwoffle29V1 => wwwoffle::canonical_29(url, opts, out),
            Kind::Wwwoffle29hV1 => wwwoffle::canonical_29h(url, opts, out),
        };
        if r.is_err() {
            out.truncate(start);
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwwoffle::config::Config;

    #[test]
    fn registry_is_sorted_and_resolves() {
        for w in PROFILES.windows(2) {
            assert!((w[0].name, w[0].version) < (w[1].name, w[1].version));
        }
        assert_eq!(resolve("surt").map(|p| p.version), Some(2));
        assert_eq!(
            resolve("surt/1").map(|p| (p.name, p.version)),
            Some(("surt", 1))
        );
        assert_eq!(resolve("surt/2").map(|p| p.kind), Some(Kind::Surt2));
        assert!(resolve("surt/01").is_none());
        assert!(resolve("surt/+1").is_none());
        assert!(resolve("surt/+2").is_none());
        assert!(resolve("surt/3").is_none());
        assert!(resolve("surt/").is_none());
        assert!(resolve("nope").is_none());
        assert!(version_is("4294967295", u32::MAX));
        assert!(version_is("0", 0));
    }

    #[test]
    fn library_defaults_are_config_default() {
        let c = Config::default();
        let (mut a, mut b) = (Buf::new(), Buf::new());
        LibraryDefaults.local_host(&mut a).unwrap();
        c.local_host(&mut b).unwrap();
        assert_eq!(a, b);
        for p in [&b"http"[..], b"https", b"ftp", b"finger", b"gopher", b""] {
            assert_eq!(LibraryDefaults.default_port(p), c.default_port(p));
        }
    }

    #[test]
    fn error_leaves_out_alone() {
        let mut out = Buf::from_slice(b"keep").unwrap();
        let o = Options::default();
        assert_eq!(
            canonicalize("webcapture", b"mailto:x", &o, &mut out),
            Err(ProfileError::Refused(
                "scheme is not http, https, ftp or file"
            ))
        );
        assert_eq!(out, b"keep");
        assert_eq!(
            canonicalize("x", b"", &o, &mut out),
            Err(ProfileError::UnknownProfile)
        );
    }
}
