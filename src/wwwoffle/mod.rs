//! WWWOFFLE 2.9's URL routines, byte for byte (doc/behaviour.md), and the
//! record they make.
//!
//! [`split`] (SplitURL) cuts a URL into parts and [`create`] (CreateURL)
//! makes the canonical [`url::Url`] record of them, with the settings of
//! [`config`]; [`edit`] changes one part of a record and [`link`]
//! (LinkURL) resolves a link against one. Beneath them: [`host`]
//! (CanonicaliseHost), [`path`] (CanonicaliseName) and the percent codecs
//! ([`codec`]). Beside them, the routines that take strings: [`hash`]
//! (MakeHash), [`cache`] (a URL's files in a cache), [`date`], [`html`]
//! and [`form`].

pub mod cache;
pub mod codec;
pub mod config;
pub mod create;
pub mod date;
pub mod edit;
pub mod form;
pub mod hash;
pub mod host;
pub mod html;
pub mod link;
pub mod path;
pub mod split;
pub mod url;
