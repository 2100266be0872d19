//! Canonicalisation: the Standard's encoding callbacks, through the
//! library's WHATWG parser and setters on a dummy URL.

use super::Error;
use crate::bytes::buf::Buf;
use crate::whatwg::{self, Part, SetError, SetOutcome, Url};

const DUMMY: &[u8] = b"https://dummy.invalid/";

fn dummy() -> Result<Url, Error> {
    whatwg::parse(DUMMY, None).map_err(Error::from)
}

fn set(url: &mut Url, part: Part, value: &[u8]) -> Result<bool, Error> {
    match url.set(part, value) {
        Ok(SetOutcome::Applied) => Ok(true),
        Ok(_) => Ok(false),
        Err(SetError::NoMemory) => Err(Error::NoMemory),
        Err(_) => Err(Error::Syntax("invalid URL component")),
    }
}

/// Appends `value` to `out` without tabs and newlines, as the basic URL
/// parser removes them.
fn strip_tab_newline(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    for &b in value {
        if !matches!(b, b'\t' | b'\n' | b'\r') {
            out.push(b)?;
        }
    }
    Ok(())
}

/// "canonicalize a protocol".
pub(crate) fn protocol(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    if value.is_empty() {
        return Ok(());
    }
    let mut input = Buf::from_slice(value)?;
    input.extend_from_slice(b"://dummy.invalid/")?;
    match whatwg::parse(&input, None) {
        Ok(url) => Ok(out.extend_from_slice(url.scheme())?),
        Err(whatwg::ParseError::NoMemory) => Err(Error::NoMemory),
        Err(_) => Err(Error::Syntax("invalid protocol")),
    }
}

/// "canonicalize a username" (and a password: the same set).
pub(crate) fn userinfo(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    Ok(whatwg::utf8_percent_encode(value, whatwg::USERINFO, out)?)
}

/// "canonicalize a hostname".
pub(crate) fn hostname(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    if value.is_empty() {
        return Ok(());
    }
    let mut url = dummy()?;
    if !set(&mut url, Part::Hostname, value)? {
        return Err(Error::Syntax("invalid hostname"));
    }
    Ok(out.extend_from_slice(url.hostname())?)
}

/// "canonicalize an IPv6 hostname".
pub(crate) fn ipv6_hostname(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    for &b in value {
        if !(b.is_ascii_hexdigit() || matches!(b, b'[' | b']' | b':')) {
            return Err(Error::Syntax("invalid IPv6 hostname"));
        }
        out.push(b.to_ascii_lowercase())?;
    }
    Ok(())
}

/// "canonicalize a port" without a protocol: no scheme's default port
/// is removed (a pattern's `443` stays, as the web-platform-tests
/// expect).
pub(crate) fn port(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    port_for(value, Some(b"dummy"), out)
}

/// "canonicalize a port" given the protocol, if any.
pub(crate) fn port_for(value: &[u8], protocol: Option<&[u8]>, out: &mut Buf) -> Result<(), Error> {
    if value.is_empty() {
        return Ok(());
    }
    let mut url = match protocol {
        Some(p) => {
            let mut input = Buf::from_slice(p)?;
            input.extend_from_slice(b"://dummy.invalid/")?;
            match whatwg::parse(&input, None) {
                Ok(u) => u,
                Err(whatwg::ParseError::NoMemory) => return Err(Error::NoMemory),
                Err(_) => dummy()?,
            }
        }
        None => dummy()?,
    };
    if !set(&mut url, Part::Port, value)? {
        return Err(Error::Syntax("invalid port"));
    }
    Ok(out.extend_from_slice(url.port())?)
}

/// "canonicalize a pathname".
pub(crate) fn pathname(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    if value.is_empty() {
        return Ok(());
    }
    let leading_slash = value[0] == b'/';
    let mut modified = Buf::new();
    if !leading_slash {
        modified.extend_from_slice(b"/-")?;
    }
    modified.extend_from_slice(value)?;
    let mut url = dummy()?;
    set(&mut url, Part::Pathname, &modified)?;
    let path = url.pathname();
    let path = if leading_slash {
        path
    } else {
        path.get(2..).unwrap_or(b"")
    };
    Ok(out.extend_from_slice(path)?)
}

/// "canonicalize an opaque pathname": the opaque path state's
/// percent-encoding, up to a `?` or a `#`.
pub(crate) fn opaque_pathname(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    let mut clean = Buf::new();
    strip_tab_newline(value, &mut clean)?;
    let end = clean
        .iter()
        .position(|&b| b == b'?' || b == b'#')
        .unwrap_or(clean.len());
    Ok(whatwg::utf8_percent_encode(
        &clean[..end],
        whatwg::C0_CONTROL,
        out,
    )?)
}

/// "canonicalize a search" (the dummy URL is special).
pub(crate) fn search(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    let mut clean = Buf::new();
    strip_tab_newline(value, &mut clean)?;
    Ok(whatwg::utf8_percent_encode(
        &clean,
        whatwg::SPECIAL_QUERY,
        out,
    )?)
}

/// "canonicalize a hash".
pub(crate) fn hash(value: &[u8], out: &mut Buf) -> Result<(), Error> {
    let mut clean = Buf::new();
    strip_tab_newline(value, &mut clean)?;
    Ok(whatwg::utf8_percent_encode(&clean, whatwg::FRAGMENT, out)?)
}
