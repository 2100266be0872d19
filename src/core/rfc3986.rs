//! RFC 3986: generic component split (appendix B's regular expression) and
//! reference resolution (§5.2) with remove_dot_segments (§5.2.4).

/// One component of a split: where it lies in the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Part {
    /// Offset of the first byte in the input.
    pub start: usize,
    /// Length in bytes.
    pub len: usize,
}

/// The components of a URL reference. `None` is absent; present-but-empty
/// is `Some` with `len == 0`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Components {
    /// Scheme, without the `:`.
    pub scheme: Option<Part>,
    /// Authority, without the `//`.
    pub authority: Option<Part>,
    /// User information, without the `@`.
    pub userinfo: Option<Part>,
    /// User name: the user information up to its first `:`.
    pub user: Option<Part>,
    /// Password: the user information after its first `:`.
    pub password: Option<Part>,
    /// Host, brackets included for an IPv6 literal.
    pub host: Option<Part>,
    /// Port, without the `:`.
    pub port: Option<Part>,
    /// Path (always present, possibly empty).
    pub path: Option<Part>,
    /// Query, without the `?`.
    pub query: Option<Part>,
    /// Fragment, without the `#`.
    pub fragment: Option<Part>,
}

/// Splits `s` with the regular expression of appendix B.
pub fn split(s: &[u8]) -> Components {
    let _ = s;
    todo!("rfc3986 split")
}
