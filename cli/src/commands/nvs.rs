//! `nvs`: the No-Vary-Search cache key of each URL, or whether two URLs
//! are equivalent.

use super::whatwg::parse as parse_whatwg;
use super::{usage_error, with_buf};
use crate::cli::InputOpts;
use crate::ctx::{or_abort, Ctx};
use crate::drive::drive;
use crate::escape;
use crate::lines::{Fatal, Layout, Status};
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use wwwurl::bytes::buf::NoMemory;
use wwwurl::nvs;

/// `nvs`: the key of each URL under `header`; with `equivalent`, the
/// answer for that pair as the exit status. With `as_is`, URLs are taken
/// as they are instead of parsed; with `strict`, a malformed `header` is a
/// usage error.
pub(super) fn run(
    ctx: &Ctx,
    header: &OsStr,
    equivalent: Option<&[OsString]>,
    as_is: bool,
    strict: bool,
    urls: &[OsString],
    input: &InputOpts,
) -> Result<Status, Fatal> {
    let config = config(header.as_bytes(), strict);
    if let Some(pair) = equivalent {
        let mut urls = Vec::new();
        for url in pair {
            let url = url.as_bytes();
            urls.push(if as_is {
                url.to_vec()
            } else {
                match parse_whatwg(url, None) {
                    Ok(u) => u.href().to_vec(),
                    Err(e) => usage_error(
                        "nvs",
                        &format!(
                            "--equivalent: \"{}\" does not parse as a URL: {e}",
                            escape::text(url)
                        ),
                    ),
                }
            });
        }
        // Exit status 0 or 1 answers, as cmp(1) does.
        let same = or_abort(nvs::equivalent_urls(&config, &urls[0], &urls[1]));
        return Ok(if same {
            Status::Clean
        } else {
            Status::SomeFailed
        });
    }
    drive(
        ctx.inputs(urls, input),
        Layout::Lines,
        false,
        |s: &[u8], out: &mut Vec<u8>| {
            if as_is {
                with_buf(out, |b| nvs::url_key(&config, s, b))
            } else {
                let url = parse_whatwg(s, None)?;
                with_buf(out, |b| nvs::url_key(&config, url.href(), b))
            }
        },
    )
}

/// The config of a `No-Vary-Search` value. A malformed one gives the
/// default config with a warning, as the draft says, or with `strict` a
/// usage error.
fn config(header: &[u8], strict: bool) -> nvs::Config {
    match nvs::Config::parse_checked(header) {
        Ok(c) => c,
        Err(nvs::NvsError::NoMemory) => or_abort(Err(NoMemory)),
        Err(e) => {
            let msg = format!(
                "the No-Vary-Search value \"{}\" is malformed: {e}",
                escape::text(header)
            );
            if strict {
                usage_error("nvs", &msg);
            }
            crate::progress::message(&format!(
                "warning: {msg}; it counts as absent, and every query is compared as it is"
            ));
            nvs::Config::default()
        }
    }
}
