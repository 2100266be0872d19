//! The types and constants of the modern API (`include/wwwurl.h`): a leaf
//! module, which the functions of every other module use and which uses
//! none of them.

use libc::size_t;

/// A parsed, canonical URL. Opaque: made by `wwwurl_parse`, `wwwurl_create`,
/// `wwwurl_link` or `wwwurl_dup`, released by `wwwurl_free`.
pub struct wwwurl_url {
    _private: [u8; 0],
}

/// Settings for the calls that take them: the local host, the default
/// ports, the compat mode and the input limit. Opaque: made by
/// `wwwurl_config_new` or `wwwurl_config_dup`, released by
/// `wwwurl_config_free`.
pub struct wwwurl_config {
    _private: [u8; 0],
}

/// A part of a URL, for `wwwurl_get` and `wwwurl_set`.
pub type wwwurl_part = u32;
/// The canonical URL without user and password.
pub const WWWURL_PART_NAME: wwwurl_part = 0;
/// The canonical URL with `user[:pass]@` (the same as the name without a user).
pub const WWWURL_PART_FILE: wwwurl_part = 1;
/// The protocol, lower case.
pub const WWWURL_PART_PROTO: wwwurl_part = 2;
/// The canonical host with `:port` unless it is the protocol's default.
pub const WWWURL_PART_HOSTPORT: wwwurl_part = 3;
/// The host without the port.
pub const WWWURL_PART_HOST: wwwurl_part = 4;
/// The canonical path.
pub const WWWURL_PART_PATH: wwwurl_part = 5;
/// The canonical arguments (query); absent when there was no `?`.
pub const WWWURL_PART_ARGS: wwwurl_part = 6;
/// The decoded user name; absent when there is none.
pub const WWWURL_PART_USER: wwwurl_part = 7;
/// The decoded password; absent when there is none.
pub const WWWURL_PART_PASS: wwwurl_part = 8;
/// The URL as split, before any decoding.
pub const WWWURL_PART_ORIGINAL_NAME: wwwurl_part = 9;
/// The path as split.
pub const WWWURL_PART_ORIGINAL_PATH: wwwurl_part = 10;
/// The arguments as split; absent when there was no `?`.
pub const WWWURL_PART_ORIGINAL_ARGS: wwwurl_part = 11;
/// The port as text: what follows the host's `:` in the hostport; absent
/// when the hostport has no port.
pub const WWWURL_PART_PORT: wwwurl_part = 12;
/// The standard name of `WWWURL_PART_PROTO`.
pub const WWWURL_PART_SCHEME: wwwurl_part = WWWURL_PART_PROTO;
/// The standard name of `WWWURL_PART_USER`.
pub const WWWURL_PART_USERNAME: wwwurl_part = WWWURL_PART_USER;
/// The standard name of `WWWURL_PART_PASS`.
pub const WWWURL_PART_PASSWORD: wwwurl_part = WWWURL_PART_PASS;
/// The standard name of `WWWURL_PART_ARGS`.
pub const WWWURL_PART_QUERY: wwwurl_part = WWWURL_PART_ARGS;
/// The standard name of `WWWURL_PART_FILE`: the whole URL, with its user and password.
pub const WWWURL_PART_HREF: wwwurl_part = WWWURL_PART_FILE;

/// A string transform, for `wwwurl_transcode`.
pub type wwwurl_codec = u32;
/// URLDecodeGeneric.
pub const WWWURL_CODEC_DECODE_GENERIC: wwwurl_codec = 0;
/// URLDecodeFormArgs.
pub const WWWURL_CODEC_DECODE_FORM: wwwurl_codec = 1;
/// URLRecodeFormArgs.
pub const WWWURL_CODEC_RECODE_FORM: wwwurl_codec = 2;
/// URLEncodePath.
pub const WWWURL_CODEC_ENCODE_PATH: wwwurl_codec = 3;
/// URLEncodeFormArgs.
pub const WWWURL_CODEC_ENCODE_FORM: wwwurl_codec = 4;
/// URLEncodePassword.
pub const WWWURL_CODEC_ENCODE_PASSWORD: wwwurl_codec = 5;

/// Flag for `wwwurl_rfc3986_split`: split leniently, the way browsers do.
pub const WWWURL_FLAG_BROWSER: u32 = 4;

/// The input limit of a new config (`wwwurl_config_set_max_input`) and of
/// the functions that take no config: 8 MiB.
pub const WWWURL_DEFAULT_MAX_INPUT: size_t = 8 << 20;

/// Which WWWOFFLE release's behaviour to reproduce (`wwwurl_config_set_compat`).
pub type wwwurl_compat = u32;
/// WWWOFFLE 2.9 (the default of `libwwwurl`): CreateURL replaces `&amp;` by `&` in the args.
pub const WWWURL_COMPAT_29: wwwurl_compat = 0;
/// WWWOFFLE 2.9h (the default of `libwwwurl-29h`): the args keep `&amp;`.
pub const WWWURL_COMPAT_29H: wwwurl_compat = 1;

// The standard names are the historical parts, for C; this also uses them.
const _: () = assert!(
    WWWURL_PART_SCHEME == WWWURL_PART_PROTO
        && WWWURL_PART_USERNAME == WWWURL_PART_USER
        && WWWURL_PART_PASSWORD == WWWURL_PART_PASS
        && WWWURL_PART_QUERY == WWWURL_PART_ARGS
        && WWWURL_PART_HREF == WWWURL_PART_FILE
);
