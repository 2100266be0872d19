//! The historical `URL` record (`include/wwwurl_legacy.h`): a leaf module,
//! which `record.rs` (making and freeing records) and `hooks.rs` (handing a
//! record to the application's `DefaultPort()`) both use.

use libc::{c_char, c_int};
use std::ptr::null_mut;

/// The URL record of WWWOFFLE 2.9, or of 2.9h with the feature `v29h`
/// (declared in `wwwurl_legacy.h`).
///
/// Field order and types are the historical ABI. See `wwwurl_legacy.h` for
/// the meaning of each field.
#[repr(C)]
#[derive(Debug)]
// The historical C name of the record; part of the ABI.
#[allow(clippy::upper_case_acronyms)]
pub struct URL {
    #[cfg(feature = "v29h")]
    pub original_name: *mut c_char,
    #[cfg(feature = "v29h")]
    pub original_pathp: *mut c_char,
    #[cfg(feature = "v29h")]
    pub original_path: *mut c_char,
    #[cfg(feature = "v29h")]
    pub original_args: *mut c_char,
    pub name: *mut c_char,
    pub file: *mut c_char,
    pub hostp: *mut c_char,
    pub pathp: *mut c_char,
    pub proto: *mut c_char,
    pub hostport: *mut c_char,
    pub path: *mut c_char,
    pub args: *mut c_char,
    pub user: *mut c_char,
    pub pass: *mut c_char,
    pub host: *mut c_char,
    pub port: c_int,
    pub private_link: *mut c_char,
    pub private_dir: *mut c_char,
    pub private_file: *mut c_char,
}

impl URL {
    /// A record with every pointer NULL and port -1.
    pub(crate) fn empty() -> URL {
        URL {
            #[cfg(feature = "v29h")]
            original_name: null_mut(),
            #[cfg(feature = "v29h")]
            original_pathp: null_mut(),
            #[cfg(feature = "v29h")]
            original_path: null_mut(),
            #[cfg(feature = "v29h")]
            original_args: null_mut(),
            name: null_mut(),
            file: null_mut(),
            hostp: null_mut(),
            pathp: null_mut(),
            proto: null_mut(),
            hostport: null_mut(),
            path: null_mut(),
            args: null_mut(),
            user: null_mut(),
            pass: null_mut(),
            host: null_mut(),
            port: -1,
            private_link: null_mut(),
            private_dir: null_mut(),
            private_file: null_mut(),
        }
    }

    /// The string fields that point into the strings block.
    pub(crate) fn string_fields(&self) -> impl Iterator<Item = *mut c_char> {
        #[cfg(feature = "v29h")]
        let originals = [self.original_name, self.original_path, self.original_args];
        #[cfg(not(feature = "v29h"))]
        let originals: [*mut c_char; 0] = [];
        [
            self.name,
            self.file,
            self.proto,
            self.hostport,
            self.path,
            self.args,
            self.user,
            self.pass,
            self.host,
        ]
        .into_iter()
        .chain(originals)
    }
}
