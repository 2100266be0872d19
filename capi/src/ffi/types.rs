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

/// The result of `wwwurl_whatwg_validate`: the validation errors of an
/// input, whether the parser returned failure and whether the input is a
/// valid URL string. Opaque: released by `wwwurl_validation_free`.
pub struct wwwurl_validation {
    _private: [u8; 0],
}

/// A validation error of the WHATWG URL Standard, by the name its table
/// gives it (`wwwurl_validation_name`). The numbers follow the table.
pub type wwwurl_validation_id = u32;
/// `domain-to-ASCII`. A failure when the domain is refused.
pub const WWWURL_VALIDATION_DOMAIN_TO_ASCII: wwwurl_validation_id = 0;
/// `domain-percent-encoded`.
pub const WWWURL_VALIDATION_DOMAIN_PERCENT_ENCODED: wwwurl_validation_id = 1;
/// `host-invalid-code-point`. A failure.
pub const WWWURL_VALIDATION_HOST_INVALID_CODE_POINT: wwwurl_validation_id = 2;
/// `IPv4-empty-part`.
pub const WWWURL_VALIDATION_IPV4_EMPTY_PART: wwwurl_validation_id = 3;
/// `IPv4-too-few-parts`.
pub const WWWURL_VALIDATION_IPV4_TOO_FEW_PARTS: wwwurl_validation_id = 4;
/// `IPv4-too-many-parts`. A failure.
pub const WWWURL_VALIDATION_IPV4_TOO_MANY_PARTS: wwwurl_validation_id = 5;
/// `IPv4-non-numeric-part`. A failure.
pub const WWWURL_VALIDATION_IPV4_NON_NUMERIC_PART: wwwurl_validation_id = 6;
/// `IPv4-non-decimal-part`.
pub const WWWURL_VALIDATION_IPV4_NON_DECIMAL_PART: wwwurl_validation_id = 7;
/// `IPv4-out-of-range-part`. A failure unless it is the last part and fits.
pub const WWWURL_VALIDATION_IPV4_OUT_OF_RANGE_PART: wwwurl_validation_id = 8;
/// `IPv6-unclosed`. A failure.
pub const WWWURL_VALIDATION_IPV6_UNCLOSED: wwwurl_validation_id = 9;
/// `IPv6-invalid-compression`. A failure.
pub const WWWURL_VALIDATION_IPV6_INVALID_COMPRESSION: wwwurl_validation_id = 10;
/// `IPv6-too-many-pieces`. A failure.
pub const WWWURL_VALIDATION_IPV6_TOO_MANY_PIECES: wwwurl_validation_id = 11;
/// `IPv6-multiple-compression`. A failure.
pub const WWWURL_VALIDATION_IPV6_MULTIPLE_COMPRESSION: wwwurl_validation_id = 12;
/// `IPv6-invalid-code-point`. A failure.
pub const WWWURL_VALIDATION_IPV6_INVALID_CODE_POINT: wwwurl_validation_id = 13;
/// `IPv6-too-few-pieces`. A failure.
pub const WWWURL_VALIDATION_IPV6_TOO_FEW_PIECES: wwwurl_validation_id = 14;
/// `IPv6-piece-leading-zero`.
pub const WWWURL_VALIDATION_IPV6_PIECE_LEADING_ZERO: wwwurl_validation_id = 15;
/// `IPv4-in-IPv6-too-many-pieces`. A failure.
pub const WWWURL_VALIDATION_IPV4_IN_IPV6_TOO_MANY_PIECES: wwwurl_validation_id = 16;
/// `IPv4-in-IPv6-invalid-code-point`. A failure.
pub const WWWURL_VALIDATION_IPV4_IN_IPV6_INVALID_CODE_POINT: wwwurl_validation_id = 17;
/// `IPv4-in-IPv6-out-of-range-part`. A failure.
pub const WWWURL_VALIDATION_IPV4_IN_IPV6_OUT_OF_RANGE_PART: wwwurl_validation_id = 18;
/// `IPv4-in-IPv6-too-few-parts`. A failure.
pub const WWWURL_VALIDATION_IPV4_IN_IPV6_TOO_FEW_PARTS: wwwurl_validation_id = 19;
/// `invalid-URL-unit`.
pub const WWWURL_VALIDATION_INVALID_URL_UNIT: wwwurl_validation_id = 20;
/// `special-scheme-missing-following-solidus`.
pub const WWWURL_VALIDATION_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS: wwwurl_validation_id = 21;
/// `missing-scheme-non-relative-URL`. A failure.
pub const WWWURL_VALIDATION_MISSING_SCHEME_NON_RELATIVE_URL: wwwurl_validation_id = 22;
/// `invalid-reverse-solidus`.
pub const WWWURL_VALIDATION_INVALID_REVERSE_SOLIDUS: wwwurl_validation_id = 23;
/// `invalid-credentials`.
pub const WWWURL_VALIDATION_INVALID_CREDENTIALS: wwwurl_validation_id = 24;
/// `host-missing`. A failure.
pub const WWWURL_VALIDATION_HOST_MISSING: wwwurl_validation_id = 25;
/// `port-out-of-range`. A failure.
pub const WWWURL_VALIDATION_PORT_OUT_OF_RANGE: wwwurl_validation_id = 26;
/// `port-invalid`. A failure.
pub const WWWURL_VALIDATION_PORT_INVALID: wwwurl_validation_id = 27;
/// `file-invalid-Windows-drive-letter`.
pub const WWWURL_VALIDATION_FILE_INVALID_WINDOWS_DRIVE_LETTER: wwwurl_validation_id = 28;
/// `file-invalid-Windows-drive-letter-host`.
pub const WWWURL_VALIDATION_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST: wwwurl_validation_id = 29;

/// One validation error, from `wwwurl_validation_get`: which, and the
/// bytes of the input it is about.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct wwwurl_validation_error {
    /// Offset of the first byte of the input it is about.
    pub start: size_t,
    /// Offset after the last byte it is about; equal to `start` where
    /// something is missing (the error is at that place).
    pub end: size_t,
    /// Which error: a `WWWURL_VALIDATION_*` value.
    pub id: wwwurl_validation_id,
    /// 1 when the parser returned failure at this error (it is then the
    /// last), 0 otherwise.
    pub fatal: u8,
}
