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

/// A URL by the WHATWG URL Standard. Opaque: made by
/// `wwwurl_whatwg_parse` or `wwwurl_whatwg_dup`, released by
/// `wwwurl_whatwg_free`.
pub struct wwwurl_whatwg {
    _private: [u8; 0],
}

/// An attribute of a WHATWG URL, for `wwwurl_whatwg_get` and
/// `wwwurl_whatwg_set`: the `URL` API's attribute of the same name.
pub type wwwurl_whatwg_part = u32;
/// The whole URL (`href`).
pub const WWWURL_WHATWG_HREF: wwwurl_whatwg_part = 0;
/// The origin (`origin`), `null` when opaque; no setter.
pub const WWWURL_WHATWG_ORIGIN: wwwurl_whatwg_part = 1;
/// The scheme with its `:` (`protocol`).
pub const WWWURL_WHATWG_PROTOCOL: wwwurl_whatwg_part = 2;
/// `username`.
pub const WWWURL_WHATWG_USERNAME: wwwurl_whatwg_part = 3;
/// `password`.
pub const WWWURL_WHATWG_PASSWORD: wwwurl_whatwg_part = 4;
/// The host and `:port` when there is a port (`host`).
pub const WWWURL_WHATWG_HOST: wwwurl_whatwg_part = 5;
/// The host alone (`hostname`).
pub const WWWURL_WHATWG_HOSTNAME: wwwurl_whatwg_part = 6;
/// The port, empty when there is none or it is the scheme's default (`port`).
pub const WWWURL_WHATWG_PORT: wwwurl_whatwg_part = 7;
/// The path (`pathname`).
pub const WWWURL_WHATWG_PATHNAME: wwwurl_whatwg_part = 8;
/// `?` and the query, empty when the query is empty or absent (`search`).
pub const WWWURL_WHATWG_SEARCH: wwwurl_whatwg_part = 9;
/// `#` and the fragment, empty when it is empty or absent (`hash`).
pub const WWWURL_WHATWG_HASH: wwwurl_whatwg_part = 10;

/// A parsed `No-Vary-Search` response header value. Opaque: made by
/// `wwwurl_nvs_parse`, released by `wwwurl_nvs_free`.
pub struct wwwurl_nvs {
    _private: [u8; 0],
}

/// An edit of a query's parameters, for `wwwurl_query_edit`,
/// `wwwurl_url_query_edit` and `wwwurl_whatwg_query_edit`. Parameters the
/// edit does not touch keep their bytes.
pub type wwwurl_query_op = u32;
/// Appends `name=value` (both form-encoded, as `URLSearchParams.append`).
pub const WWWURL_QUERY_APPEND: wwwurl_query_op = 0;
/// Sets `name` to `value`: the first parameter of that name becomes
/// `name=value`, the others of that name go; appended when there is none
/// (`URLSearchParams.set`).
pub const WWWURL_QUERY_SET: wwwurl_query_op = 1;
/// Deletes every parameter named `name`; with a `value` (not NULL), only
/// those whose value is `value` (`URLSearchParams.delete`).
pub const WWWURL_QUERY_DELETE: wwwurl_query_op = 2;
/// Sorts the parameters by name, stably (`URLSearchParams.sort`); `name`
/// and `value` are not used.
pub const WWWURL_QUERY_SORT: wwwurl_query_op = 3;
/// Keeps only the parameters named `name`.
pub const WWWURL_QUERY_KEEP: wwwurl_query_op = 4;
/// Removes the parameters named `name` (as `DELETE` without a value).
pub const WWWURL_QUERY_STRIP: wwwurl_query_op = 5;
/// Keeps only the parameters whose name starts with `name`.
pub const WWWURL_QUERY_KEEP_PREFIX: wwwurl_query_op = 6;
/// Removes the parameters whose name starts with `name` (`utm_`).
pub const WWWURL_QUERY_STRIP_PREFIX: wwwurl_query_op = 7;

/// `wwwurl_query_get` flag: the value as it is in the query, not decoded.
pub const WWWURL_QUERY_RAW: u32 = 1;

/// One parameter of a query, from `wwwurl_query_next`: where its name and
/// value lie in the query, undecoded.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_query_param {
    /// Offset of the name's first byte in the query.
    pub name_offset: size_t,
    /// Length of the name.
    pub name_len: size_t,
    /// Offset of the value's first byte (after the `=`; the end of the name
    /// when there is no `=`).
    pub value_offset: size_t,
    /// Length of the value (0 when there is no `=`).
    pub value_len: size_t,
    /// 1 when the parameter has a `=`, 0 when it is a bare name.
    pub has_value: u8,
}
