//! `whatwg/1`: the href of the URL the WHATWG URL Standard's basic parser
//! makes of the input, with no base ([`crate::whatwg::parse`]).
//!
//! Input that is not UTF-8 is decoded with replacement first, as the
//! parser documents. A failure of the parser is a refusal, with the
//! parser's reason. Unicode hosts need the crate's `idna` feature (on by
//! default); without it they are refused ("IDNA support not built in"), so
//! the frozen vectors hold only for builds with the feature.

use super::ProfileError;
use crate::bytes::buf::Buf;
use crate::whatwg::{parse, ParseError};

pub(super) fn canonical(url: &[u8], out: &mut Buf) -> Result<(), ProfileError> {
    let u = parse(url, None).map_err(|e| match e {
        ParseError::NoMemory => ProfileError::NoMemory,
        ParseError::MissingScheme => ProfileError::Refused("relative URL without a base"),
        ParseError::HostMissing => ProfileError::Refused("host missing"),
        ParseError::InvalidHost => ProfileError::Refused("invalid host"),
        ParseError::InvalidPort => ProfileError::Refused("invalid port"),
        ParseError::InvalidBase => ProfileError::Refused("invalid base URL"),
        ParseError::IdnaUnavailable => ProfileError::Refused("IDNA support not built in"),
    })?;
    Ok(out.extend_from_slice(u.href())?)
}
