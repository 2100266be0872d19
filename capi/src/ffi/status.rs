//! Status codes of the modern API and their messages.

/// The result of every modern `wwwurl_*` call that can fail.
///
/// A 32-bit unsigned number in C (`uint32_t`), whatever size the compiler
/// gives enums (`-fshort-enums`). Numbers are part of the ABI and are never
/// reused.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum wwwurl_status {
    /// Success.
    WWWURL_OK = 0,
    /// A required pointer argument was NULL.
    WWWURL_ERR_NULL = 1,
    /// The input is longer than the configured maximum (see `wwwurl_config_set_max_input`).
    WWWURL_ERR_TOO_LONG = 2,
    /// The output does not fit in the caller's buffer; the needed size was reported.
    WWWURL_ERR_BUFFER_TOO_SMALL = 3,
    /// An argument is out of range: an unknown part, codec, compat mode or flag bit,
    /// or a configuration value that is refused.
    WWWURL_ERR_INVALID_ARGUMENT = 4,
    /// Memory could not be allocated.
    WWWURL_ERR_NO_MEMORY = 5,
    /// An internal error was caught at the library boundary; no output was written.
    WWWURL_ERR_PANIC = 6,
    /// A relative reference was given without an absolute base to resolve it against.
    WWWURL_ERR_NOT_ABSOLUTE = 7,
    /// The scheme is not one the function handles.
    WWWURL_ERR_UNSUPPORTED_SCHEME = 8,
    /// The URL's protocol or host would not make one plain directory name of
    /// a cache path (`wwwurl_cache_file`): it is empty, `.` or `..`, or holds
    /// a `/`, a control byte or (the protocol) a byte of 0x80 or more.
    WWWURL_ERR_UNSAFE_PATH = 9,
    /// A configuration was changed after a call had used it (make a copy
    /// with `wwwurl_config_dup`), or used while another thread changed it.
    WWWURL_ERR_CONFIG_IN_USE = 10,
    /// The input is not a URL by the WHATWG URL Standard (its parser
    /// returned failure).
    WWWURL_ERR_INVALID_URL = 11,
    /// The base given with the input is not a URL by the WHATWG URL Standard.
    WWWURL_ERR_INVALID_BASE = 12,
    /// The Standard ignores this value for this part of this URL (a setter
    /// that returns early or fails, a No-Vary-Search value that is not a
    /// dictionary); nothing was changed.
    WWWURL_ERR_IGNORED = 13,
    /// The `host` setter set the host, and the Standard ignored the port
    /// that came with it (empty, not a number, above 65535): the port is
    /// as it was.
    WWWURL_ERR_PORT_IGNORED = 14,
    /// The host needs Unicode IDNA processing, and the library was built
    /// without it (cargo feature `idna`).
    WWWURL_ERR_NO_IDNA = 15,
    /// What was asked for is not there (a query parameter; the end of a
    /// query's parameters).
    WWWURL_ERR_NOT_FOUND = 16,
    /// The result holds a NUL byte, at which a C string would end: the
    /// malloc form refuses it, and the `_buf` form gives it whole, with its
    /// length in `needed`.
    WWWURL_ERR_HOLDS_NUL = 17,
    /// The host has no registrable domain (or no public suffix): it is a
    /// public suffix itself, an IP address, empty, a lone dot, or has an
    /// empty label.
    WWWURL_ERR_NO_DOMAIN = 18,
    /// The text is not a Public Suffix List: not UTF-8, a control byte, a
    /// rule the list's format does not allow, or no rule.
    WWWURL_ERR_INVALID_LIST = 19,
    /// The text is not a URL pattern (where JavaScript's `URLPattern`
    /// throws a `TypeError`): it does not parse, a component does not
    /// compile, a relative pattern has no base URL or an invalid one.
    WWWURL_ERR_INVALID_PATTERN = 20,
    /// Matching a URL pattern exceeded its budget of time: a regular
    /// expression of the pattern's own given a longer input than its
    /// quantifiers allow, or too many steps of the matcher
    /// (doc/urlpattern.md, "The budget").
    WWWURL_ERR_BUDGET = 21,
}

pub(crate) use wwwurl_status::*;

impl wwwurl_status {
    /// Every status, in the order of its number.
    const ALL: [wwwurl_status; 22] = [
        WWWURL_OK,
        WWWURL_ERR_NULL,
        WWWURL_ERR_TOO_LONG,
        WWWURL_ERR_BUFFER_TOO_SMALL,
        WWWURL_ERR_INVALID_ARGUMENT,
        WWWURL_ERR_NO_MEMORY,
        WWWURL_ERR_PANIC,
        WWWURL_ERR_NOT_ABSOLUTE,
        WWWURL_ERR_UNSUPPORTED_SCHEME,
        WWWURL_ERR_UNSAFE_PATH,
        WWWURL_ERR_CONFIG_IN_USE,
        WWWURL_ERR_INVALID_URL,
        WWWURL_ERR_INVALID_BASE,
        WWWURL_ERR_IGNORED,
        WWWURL_ERR_PORT_IGNORED,
        WWWURL_ERR_NO_IDNA,
        WWWURL_ERR_NOT_FOUND,
        WWWURL_ERR_HOLDS_NUL,
        WWWURL_ERR_NO_DOMAIN,
        WWWURL_ERR_INVALID_LIST,
        WWWURL_ERR_INVALID_PATTERN,
        WWWURL_ERR_BUDGET,
    ];

    /// The status numbered `n`, if there is one.
    fn from_number(n: u32) -> Option<wwwurl_status> {
        usize::try_from(n)
            .ok()
            .and_then(|i| Self::ALL.get(i))
            .copied()
    }

    /// The message of the status numbered `n`, NUL-terminated
    /// ([`UNKNOWN_MESSAGE`] for a number that is none): `wwwurl_strerror`.
    pub(crate) fn message_of(n: u32) -> &'static str {
        Self::from_number(n).map_or(UNKNOWN_MESSAGE, |s| s.describe().1)
    }

    /// The C name of the status numbered `n`, NUL-terminated
    /// ([`UNKNOWN_NAME`] for a number that is none): `wwwurl_status_name`.
    pub(crate) fn name_of(n: u32) -> &'static str {
        Self::from_number(n).map_or(UNKNOWN_NAME, |s| s.describe().0)
    }

    /// The status's C name and its message, each NUL-terminated: the one
    /// table of both, which `wwwurl_status_name` and `wwwurl_strerror`
    /// give to C (and the C tests use). The match is exhaustive: a new
    /// status does not compile without its name and message.
    const fn describe(self) -> (&'static str, &'static str) {
        match self {
            WWWURL_OK => ("WWWURL_OK\0", "success\0"),
            WWWURL_ERR_NULL => ("WWWURL_ERR_NULL\0", "a required argument is NULL\0"),
            WWWURL_ERR_TOO_LONG => (
                "WWWURL_ERR_TOO_LONG\0",
                "input longer than the configured maximum\0",
            ),
            WWWURL_ERR_BUFFER_TOO_SMALL => {
                ("WWWURL_ERR_BUFFER_TOO_SMALL\0", "output buffer too small\0")
            }
            WWWURL_ERR_INVALID_ARGUMENT => ("WWWURL_ERR_INVALID_ARGUMENT\0", "invalid argument\0"),
            WWWURL_ERR_NO_MEMORY => ("WWWURL_ERR_NO_MEMORY\0", "out of memory\0"),
            WWWURL_ERR_PANIC => ("WWWURL_ERR_PANIC\0", "internal error\0"),
            WWWURL_ERR_NOT_ABSOLUTE => (
                "WWWURL_ERR_NOT_ABSOLUTE\0",
                "relative reference without an absolute base\0",
            ),
            WWWURL_ERR_UNSUPPORTED_SCHEME => {
                ("WWWURL_ERR_UNSUPPORTED_SCHEME\0", "unsupported scheme\0")
            }
            WWWURL_ERR_UNSAFE_PATH => (
                "WWWURL_ERR_UNSAFE_PATH\0",
                "protocol or host not a plain directory name for a cache path\0",
            ),
            WWWURL_ERR_CONFIG_IN_USE => (
                "WWWURL_ERR_CONFIG_IN_USE\0",
                "configuration changed while in use\0",
            ),
            WWWURL_ERR_INVALID_URL => ("WWWURL_ERR_INVALID_URL\0", "not a valid URL\0"),
            WWWURL_ERR_INVALID_BASE => ("WWWURL_ERR_INVALID_BASE\0", "not a valid base URL\0"),
            WWWURL_ERR_IGNORED => (
                "WWWURL_ERR_IGNORED\0",
                "value ignored by the standard; nothing changed\0",
            ),
            WWWURL_ERR_PORT_IGNORED => (
                "WWWURL_ERR_PORT_IGNORED\0",
                "host set; the port in the value was ignored\0",
            ),
            WWWURL_ERR_NO_IDNA => (
                "WWWURL_ERR_NO_IDNA\0",
                "host needs IDNA, which this build lacks\0",
            ),
            WWWURL_ERR_NOT_FOUND => ("WWWURL_ERR_NOT_FOUND\0", "not found\0"),
            WWWURL_ERR_HOLDS_NUL => (
                "WWWURL_ERR_HOLDS_NUL\0",
                "result holds a NUL byte; the _buf form gives it whole\0",
            ),
            WWWURL_ERR_NO_DOMAIN => (
                "WWWURL_ERR_NO_DOMAIN\0",
                "no registrable domain or public suffix\0",
            ),
            WWWURL_ERR_INVALID_LIST => ("WWWURL_ERR_INVALID_LIST\0", "not a Public Suffix List\0"),
            WWWURL_ERR_INVALID_PATTERN => ("WWWURL_ERR_INVALID_PATTERN\0", "not a URL pattern\0"),
            WWWURL_ERR_BUDGET => (
                "WWWURL_ERR_BUDGET\0",
                "pattern matching exceeded its budget\0",
            ),
        }
    }
}

// Core errors become statuses here, one conversion per core error type,
// so that C functions pass them on with `?`.

impl From<wwwurl_core::bytes::buf::NoMemory> for wwwurl_status {
    fn from(_: wwwurl_core::bytes::buf::NoMemory) -> wwwurl_status {
        WWWURL_ERR_NO_MEMORY
    }
}

impl From<wwwurl_core::rfc3986::ResolveError> for wwwurl_status {
    fn from(e: wwwurl_core::rfc3986::ResolveError) -> wwwurl_status {
        use wwwurl_core::rfc3986::ResolveError::*;
        match e {
            BaseNotAbsolute => WWWURL_ERR_NOT_ABSOLUTE,
            NoMemory => WWWURL_ERR_NO_MEMORY,
        }
    }
}

impl From<wwwurl_core::rfc3986::webcapture::WebCaptureError> for wwwurl_status {
    fn from(e: wwwurl_core::rfc3986::webcapture::WebCaptureError) -> wwwurl_status {
        use wwwurl_core::rfc3986::webcapture::WebCaptureError::*;
        match e {
            UnsupportedScheme => WWWURL_ERR_UNSUPPORTED_SCHEME,
            RelativeWithoutBase | BaseNotAbsolute => WWWURL_ERR_NOT_ABSOLUTE,
            NoMemory => WWWURL_ERR_NO_MEMORY,
        }
    }
}

impl From<wwwurl_core::rfc3986::browser::BrowserResolveError> for wwwurl_status {
    fn from(e: wwwurl_core::rfc3986::browser::BrowserResolveError) -> wwwurl_status {
        use wwwurl_core::rfc3986::browser::BrowserResolveError::*;
        match e {
            BaseNotAbsolute => WWWURL_ERR_NOT_ABSOLUTE,
            BaseNotHierarchical => WWWURL_ERR_UNSUPPORTED_SCHEME,
            NoMemory => WWWURL_ERR_NO_MEMORY,
        }
    }
}

impl From<wwwurl_core::wwwoffle::edit::SetError> for wwwurl_status {
    fn from(e: wwwurl_core::wwwoffle::edit::SetError) -> wwwurl_status {
        use wwwurl_core::wwwoffle::edit::SetError::*;
        match e {
            Refused => WWWURL_ERR_INVALID_ARGUMENT,
            NoMemory => WWWURL_ERR_NO_MEMORY,
        }
    }
}

/// How a WHATWG parse failure reaches C: the input, or its base, is not a
/// URL; the domain needed IDNA and the build has none; memory ran out.
impl From<wwwurl_core::whatwg::ParseError> for wwwurl_status {
    fn from(e: wwwurl_core::whatwg::ParseError) -> wwwurl_status {
        use wwwurl_core::whatwg::ParseError::*;
        match e {
            NoMemory => WWWURL_ERR_NO_MEMORY,
            InvalidBase => WWWURL_ERR_INVALID_BASE,
            IdnaUnavailable => WWWURL_ERR_NO_IDNA,
            _ => WWWURL_ERR_INVALID_URL,
        }
    }
}

/// The message of a number that is no status.
pub(crate) const UNKNOWN_MESSAGE: &str = "unknown status\0";
/// The name of a number that is no status.
pub(crate) const UNKNOWN_NAME: &str = "(unknown status)\0";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_its_number_name_and_message() {
        for (i, &st) in wwwurl_status::ALL.iter().enumerate() {
            assert_eq!(st as usize, i);
            let (name, msg) = st.describe();
            for t in [name, msg] {
                assert!(t.ends_with('\0') && !t[..t.len() - 1].contains('\0'));
            }
            assert_eq!(&name[..name.len() - 1], format!("{st:?}"));
            assert_eq!(wwwurl_status::message_of(i as u32), msg);
            assert_eq!(wwwurl_status::name_of(i as u32), name);
        }
        assert_eq!(wwwurl_status::ALL.len(), WWWURL_ERR_BUDGET as usize + 1);
        assert_eq!(wwwurl_status::message_of(u32::MAX), UNKNOWN_MESSAGE);
        assert_eq!(wwwurl_status::name_of(22), "(unknown status)\0");
    }
}
