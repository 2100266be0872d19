//! A [`Url`] taken apart into its serialisation and the offsets of its
//! components, for a holder that keeps the text in memory of its own
//! (the C handle keeps both in one block) and reads every attribute as a
//! range of the text without the `Url` around it.

use std::ops::Range;

use super::{Attribute, HostKind, Scheme, Url};
use crate::bytes::buf::Buf;

/// Where each attribute of a URL lies in its serialisation (the `href`):
/// what a [`Url`] holds besides its text. Made only from a `Url`
/// ([`Url::layout`], [`Url::into_parts`]), so its ranges always lie
/// within the `href` it was taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    len: usize,
    scheme_end: usize,
    scheme: Scheme,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    host_kind: HostKind,
    port: Option<u16>,
    path_start: usize,
    query_start: Option<usize>,
    fragment_start: Option<usize>,
    opaque_path: bool,
}

impl Layout {
    /// The length of the `href`.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// What the host is, or [`HostKind::None`] when it is null.
    #[inline]
    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }

    /// Always false: a URL has at least a scheme and its `:`.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where `attribute` lies in the `href`, as the URL's getter of that
    /// name gives it: every attribute but the origin always lies there;
    /// the origin does for a special scheme other than `file` without
    /// credentials, and is `None` otherwise (see [`Layout::opaque_origin`]).
    // Inlined: a holder's getter is this match on a number it is given,
    // each arm a few loads.
    #[inline(always)]
    pub fn range(&self, attribute: Attribute) -> Option<Range<usize>> {
        let l = self;
        let has_host = l.host_kind != HostKind::None;
        Some(match attribute {
            Attribute::Href => 0..l.len,
            Attribute::Origin => {
                let special = matches!(
                    l.scheme,
                    Scheme::Http | Scheme::Https | Scheme::Ws | Scheme::Wss | Scheme::Ftp
                );
                return (special && l.username_end == l.host_start).then_some(0..l.path_start);
            }
            Attribute::Protocol => 0..l.scheme_end + 1,
            Attribute::Username if has_host => l.scheme_end + 3..l.username_end,
            Attribute::Username => l.scheme_end + 1..l.scheme_end + 1,
            // A password is there when the credentials are longer than
            // the username and its `@`.
            Attribute::Password if l.host_start > l.username_end + 1 => {
                l.username_end + 1..l.host_start - 1
            }
            Attribute::Password => l.username_end..l.username_end,
            Attribute::Host if has_host => l.host_start..l.path_start,
            Attribute::Host => l.host_start..l.host_start,
            Attribute::Hostname => l.host_start..l.host_end,
            Attribute::Port if l.port.is_some() => l.host_end + 1..l.path_start,
            Attribute::Port => l.path_start..l.path_start,
            Attribute::Pathname => {
                l.path_start..l.query_start.or(l.fragment_start).unwrap_or(l.len)
            }
            Attribute::Search => {
                let end = l.fragment_start.unwrap_or(l.len);
                match l.query_start {
                    Some(q) if q + 1 < end => q..end,
                    _ => end..end,
                }
            }
            Attribute::Hash => match l.fragment_start {
                Some(f) if f + 1 < l.len => f..l.len,
                _ => l.len..l.len,
            },
        })
    }

    /// Where the query lies, without its `?`; `None` when it is null
    /// (as [`Url::query`]).
    #[inline]
    pub fn query(&self) -> Option<Range<usize>> {
        self.query_start
            .map(|q| q + 1..self.fragment_start.unwrap_or(self.len))
    }

    /// Whether the origin is opaque (serialised as `null`) without
    /// looking further: a scheme that is neither special (but `file`) nor
    /// `blob`, whose origin is that of the URL its path parses to.
    #[inline]
    pub fn opaque_origin(&self, href: &[u8]) -> bool {
        match self.scheme {
            Scheme::File => true,
            Scheme::Other => href.get(..self.scheme_end) != Some(b"blob"),
            _ => false,
        }
    }
}

impl Url {
    /// Where each attribute lies in [`Url::href`].
    pub fn layout(&self) -> Layout {
        Layout {
            len: self.serialization.len(),
            scheme_end: self.scheme_end,
            scheme: self.scheme,
            username_end: self.username_end,
            host_start: self.host_start,
            host_end: self.host_end,
            host_kind: self.host_kind,
            port: self.port,
            path_start: self.path_start,
            query_start: self.query_start,
            fragment_start: self.fragment_start,
            opaque_path: self.opaque_path,
        }
    }

    /// The attribute `attribute` as a slice of the `href` (or the static
    /// `null` of an opaque origin): every attribute but the origin of a URL
    /// with credentials or of a `blob` URL, for which it is `None` and
    /// [`Url::get`] writes it.
    #[inline]
    pub fn view(&self, attribute: Attribute) -> Option<&[u8]> {
        let layout = self.layout();
        match layout.range(attribute) {
            Some(r) => self.serialization.get(r),
            None if attribute == Attribute::Origin && layout.opaque_origin(self.href()) => {
                Some(b"null")
            }
            None => None,
        }
    }

    /// The URL taken apart: its serialisation and where each attribute
    /// lies in it. [`Url::from_parts`] puts it together again.
    pub fn into_parts(self) -> (Buf, Layout) {
        let layout = self.layout();
        (self.serialization, layout)
    }

    /// The serialisation alone, which the URL's [`Url::layout`] describes.
    #[inline]
    pub fn into_serialization(self) -> Buf {
        self.serialization
    }

    /// The URL that [`Url::into_parts`] took apart, from a buffer that
    /// starts with the same `href` (anything after it is dropped); `None`
    /// when the buffer is shorter. A buffer holding another text makes a
    /// URL whose getters give the wrong bytes.
    pub fn from_parts(mut serialization: Buf, layout: Layout) -> Option<Url> {
        if serialization.len() < layout.len {
            return None;
        }
        serialization.truncate(layout.len);
        Some(Url {
            serialization,
            scheme_end: layout.scheme_end,
            scheme: layout.scheme,
            username_end: layout.username_end,
            host_start: layout.host_start,
            host_end: layout.host_end,
            host_kind: layout.host_kind,
            port: layout.port,
            path_start: layout.path_start,
            query_start: layout.query_start,
            fragment_start: layout.fragment_start,
            opaque_path: layout.opaque_path,
        })
    }
}
