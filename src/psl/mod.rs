//! The Public Suffix List: a host's public suffix and registrable domain
//! (eTLD+1), under the list built into the library or one loaded at run
//! time (doc/psl.md).
//!
//! ```
//! use wwwurl::psl::{List, Sections};
//!
//! let list = List::builtin();
//! let host = b"www.example.co.uk";
//! let start = list.registrable_domain(host, Sections::All).unwrap();
//! assert_eq!(&host[start..], b"example.co.uk");
//! assert_eq!(list.public_suffix(b"whatwg.github.io", Sections::All), Some(7));
//! // The ICANN section alone: github.io is a private rule.
//! assert_eq!(list.public_suffix(b"whatwg.github.io", Sections::Icann), Some(14));
//! // A public suffix itself has no registrable domain; an address neither.
//! assert_eq!(list.registrable_domain(b"co.uk", Sections::All), None);
//! assert_eq!(list.registrable_domain(b"192.168.0.1", Sections::All), None);
//!
//! // A newer list, loaded at run time, answers through the same code.
//! let mine = List::load(b"// ===BEGIN ICANN DOMAINS===\nexample\n*.ck\n!www.ck\n")?;
//! assert_eq!(mine.registrable_domain(b"a.b.example", Sections::All), Some(2));
//! assert_eq!(mine.registrable_domain(b"a.www.ck", Sections::All), Some(2));
//! # Ok::<(), wwwurl::psl::LoadError>(())
//! ```
//!
//! Answers are offsets into the host: its tail from there. Matching is
//! ASCII case-insensitive, and a label matches a rule's label in either
//! form, U-label or A-label (`食狮.公司.cn` and `xn--85x722f.xn--55qx5d.cn`
//! alike). A host with one trailing dot keeps it in its answers.
//!
//! A list is a table: a trie over labels whose edges are keys of one hash
//! table, each key the hash of a suffix read from the right (`format`).
//! [`List::load`] builds it from the list's text (`text`, `build`); the
//! built-in list is that table for the repository's copy of the list,
//! included as bytes; the matcher (`table`) reads either, allocating
//! nothing. `url` gives the URL Standard's view of a WHATWG URL's host,
//! and "same site".

mod build;
mod format;
mod table;
mod text;
mod url;

use crate::bytes::buf::Buf;
use table::Layout;

pub use text::{LoadError, RuleError, MAX_LABEL, MAX_LABELS};
pub use url::{
    host_public_suffix, host_registrable_domain, same_site, same_site_origins, url_public_suffix,
    url_registrable_domain,
};

/// The date and commit of the list built in: the list project's
/// publication that `data/psl/public_suffix_list.dat` is a copy of.
pub const BUILTIN_VERSION: &str = "2026-08-19 (e8c9a2b2)";

/// Which rules count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Sections {
    /// The ICANN section and the private one (the list's default, and
    /// libpsl's).
    #[default]
    All,
    /// The ICANN section alone: domains that registries, not companies,
    /// hand out.
    Icann,
}

impl Sections {
    /// The flag bits of the rules that count.
    const fn mask(self) -> u16 {
        match self {
            Sections::All => format::MASK_ALL,
            Sections::Icann => format::MASK_ICANN,
        }
    }
}

/// Both answers for one host: offsets of its public suffix and, if it is
/// not a public suffix itself, of its registrable domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Where the public suffix starts.
    pub suffix: usize,
    /// Where the registrable domain starts, if there is one.
    pub registrable: Option<usize>,
}

/// A Public Suffix List, ready for lookups: the built-in one
/// ([`List::builtin`]) or one loaded from text ([`List::load`]). It does
/// not change once made, and may be shared by threads.
#[derive(Debug)]
pub struct List {
    bytes: Bytes,
    layout: Layout,
}

/// Where a list's table is.
#[derive(Debug)]
enum Bytes {
    Builtin(&'static [u8]),
    Loaded(Buf),
}

/// The built-in list's table (data/psl/README.md).
static BUILTIN_TABLE: &[u8] = include_bytes!("builtin.bin");

/// The built-in list; a table that is not whole fails the build.
static BUILTIN: List = List {
    bytes: Bytes::Builtin(BUILTIN_TABLE),
    layout: match Layout::of(BUILTIN_TABLE) {
        Some(l) => l,
        // `make psl-builtin` after a change of the table's format: a list
        // of no rules, so that the test that writes the new table builds.
        None if option_env!("WWWURL_PSL_BOOTSTRAP").is_some() => Layout::EMPTY,
        None => panic!(
            "src/psl/builtin.bin is not a table (after a change of its format: make psl-builtin)"
        ),
    },
};

impl List {
    /// The list built into the library: the list project's of
    /// [`BUILTIN_VERSION`].
    pub fn builtin() -> &'static List {
        &BUILTIN
    }

    /// A list loaded from its text, in the list project's format
    /// (`public_suffix_list.dat`): rules a line, `//` comments, the ICANN
    /// and PRIVATE sections between their markers. Each label of a rule
    /// is matched in its A-label form too, which UTS #46 makes (the crate's
    /// `idna` feature; without it a non-ASCII label matches as it is).
    ///
    /// Refuses, with the line, what is not a list: text that is not UTF-8
    /// or has control bytes, a rule with an empty label, a byte no host
    /// has, more than [`MAX_LABELS`] labels or a label of more than
    /// [`MAX_LABEL`] bytes; and a text without a rule.
    pub fn load(text: &[u8]) -> Result<List, LoadError> {
        List::from_table(build::build(text, None)?)
    }

    /// A list made from its table.
    fn from_table(table: Buf) -> Result<List, LoadError> {
        let layout = Layout::of(&table).ok_or(LoadError::TooLarge)?;
        Ok(List {
            bytes: Bytes::Loaded(table),
            layout,
        })
    }

    /// The table of `text` with the version text `version`, as the
    /// built-in one is made (the test that compares them uses it).
    #[doc(hidden)]
    pub fn table_of(text: &[u8], version: &[u8]) -> Result<Buf, LoadError> {
        build::build(text, Some(version))
    }

    /// The serialised table: for the built-in list, `src/psl/builtin.bin`.
    #[inline]
    pub fn table(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Builtin(b) => b,
            Bytes::Loaded(b) => &b[..],
        }
    }

    /// Whether this is the built-in list.
    pub fn is_builtin(&self) -> bool {
        matches!(self.bytes, Bytes::Builtin(_))
    }

    /// The list's version: [`BUILTIN_VERSION`] for the built-in list, the
    /// value of a loaded list's `// VERSION:` header comment ("" when it
    /// has none).
    pub fn version(&self) -> &[u8] {
        self.layout.version(self.table())
    }

    /// [`List::version`] and a NUL byte after it, for C.
    pub fn version_with_nul(&self) -> &[u8] {
        self.layout.version_with_nul(self.table())
    }

    /// The number of rules of the ICANN section and of the others.
    pub fn rules(&self) -> (u32, u32) {
        (self.layout.icann, self.layout.private)
    }

    /// Where `host`'s public suffix and registrable domain start; `None`
    /// when it has neither: it is empty or a lone dot, has an empty label
    /// (a leading dot, two dots), or is an IP address (IPv4 by the URL
    /// Standard's "ends in a number", or a colon in its last label).
    #[inline]
    pub fn split(&self, host: &[u8], sections: Sections) -> Option<Split> {
        let (suffix, registrable) = self.find(host, sections);
        if suffix == table::NONE {
            return None;
        }
        Some(Split {
            suffix,
            registrable: (registrable != table::NONE).then_some(registrable),
        })
    }

    /// Where `host`'s public suffix starts: the tail of `host` that the
    /// prevailing rule matches (the last label when none does). `None` as
    /// for [`List::split`].
    #[inline]
    pub fn public_suffix(&self, host: &[u8], sections: Sections) -> Option<usize> {
        let (suffix, _) = self.find(host, sections);
        (suffix != table::NONE).then_some(suffix)
    }

    /// Where `host`'s registrable domain starts: its public suffix and the
    /// label before it. `None` as for [`List::split`], and for a host that
    /// is a public suffix itself.
    #[inline]
    pub fn registrable_domain(&self, host: &[u8], sections: Sections) -> Option<usize> {
        let (_, registrable) = self.find(host, sections);
        (registrable != table::NONE).then_some(registrable)
    }

    /// Both starts, `table::NONE` for none.
    #[inline(always)]
    fn find(&self, host: &[u8], sections: Sections) -> (usize, usize) {
        table::find(self.table(), &self.layout, host, sections.mask())
    }
}

#[cfg(test)]
mod tests;
