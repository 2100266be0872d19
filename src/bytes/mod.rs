//! The bytes every other module builds on: the C locale's byte classes
//! ([`ascii`]), buffers whose every allocation may fail ([`buf`]), where
//! output goes ([`sink`]), numbers read as the C library reads them
//! ([`c_number`]) and MD5. Nothing here knows of URLs, and nothing here
//! uses another module of the crate.

pub mod ascii;
pub mod buf;
pub mod c_number;
pub(crate) mod md5;
pub mod sink;
