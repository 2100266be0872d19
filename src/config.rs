//! What the historical code took from the application: the local host, the
//! default ports, and (new) the 2.9 / 2.9h behaviour switch.
//!
//! A [`Config`] is a plain value; the process-wide one of C callers lives in
//! the C layer.

/// Which WWWOFFLE release's behaviour to reproduce (doc/behaviour.md, 2.9 and 2.9h).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compat {
    /// WWWOFFLE 2.9: CreateURL replaces `&amp;` in the args.
    #[default]
    V29,
    /// WWWOFFLE 2.9h: the args keep `&amp;`.
    V29h,
}

/// The environment a URL is built in: where local URLs point and which
/// ports are defaults.
pub trait Env {
    /// Appends the local `host[:port]` used for `/path` URLs and empty hosts.
    fn local_host(&self, out: &mut Vec<u8>);
    /// The default port of the lower-case protocol `proto`, or 0 for none.
    fn default_port(&self, proto: &[u8]) -> i32;
}

/// A complete, self-contained configuration value.
///
/// ```
/// use wwwurl::config::{Compat, Config};
/// use wwwurl::split::split_url;
///
/// let mut env = Config::default();
/// env.set_local_host(b"proxy.lan:3128").unwrap();
/// env.set_default_port(b"http", 8080).unwrap();
/// let url = split_url(&env, Compat::V29, b"/a");
/// assert_eq!(url.name(), b"http://proxy.lan:3128/a");
/// let url = split_url(&env, Compat::V29, b"http://h:8080/");
/// assert_eq!(url.name(), b"http://h/");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    local_host: Vec<u8>,
    ports: Vec<(Vec<u8>, i32)>,
}

/// The local host of a fresh configuration.
pub const DEFAULT_LOCAL_HOST: &[u8] = b"localhost:8080";

impl Default for Config {
    fn default() -> Self {
        Config {
            local_host: DEFAULT_LOCAL_HOST.to_vec(),
            ports: vec![
                (b"http".to_vec(), 80),
                (b"https".to_vec(), 443),
                (b"ftp".to_vec(), 21),
                (b"finger".to_vec(), 79),
            ],
        }
    }
}

/// Why a configuration change was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The host is empty or contains a NUL, `/`, `?`, `#`, `@` or a space.
    BadHost,
    /// The protocol is empty or has bytes other than letters, digits, `+ - .`.
    BadProto,
    /// The port is outside 0..=65535.
    BadPort,
}

impl Config {
    /// Sets the local `host[:port]`.
    pub fn set_local_host(&mut self, hostport: &[u8]) -> Result<(), ConfigError> {
        if hostport.is_empty()
            || hostport
                .iter()
                .any(|&b| b <= b' ' || matches!(b, b'/' | b'?' | b'#' | b'@') || b >= 0x7f)
        {
            return Err(ConfigError::BadHost);
        }
        self.local_host = hostport.to_vec();
        Ok(())
    }

    /// Sets the default port of `proto` (compared lower case); 0 removes it.
    pub fn set_default_port(&mut self, proto: &[u8], port: i32) -> Result<(), ConfigError> {
        if proto.is_empty()
            || !proto
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        {
            return Err(ConfigError::BadProto);
        }
        if !(0..=65535).contains(&port) {
            return Err(ConfigError::BadPort);
        }
        let proto = proto.to_ascii_lowercase();
        self.ports.retain(|(p, _)| *p != proto);
        if port != 0 {
            self.ports.push((proto, port));
        }
        Ok(())
    }

    /// The local host as set.
    pub fn local_host_bytes(&self) -> &[u8] {
        &self.local_host
    }
}

impl Env for Config {
    fn local_host(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.local_host);
    }
    fn default_port(&self, proto: &[u8]) -> i32 {
        self.ports
            .iter()
            .find(|(p, _)| p.as_slice() == proto)
            .map_or(0, |&(_, port)| port)
    }
}

/// The default port of a fresh configuration, without building one.
pub fn builtin_default_port(proto: &[u8]) -> i32 {
    match proto {
        b"http" => 80,
        b"https" => 443,
        b"ftp" => 21,
        b"finger" => 79,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let c = Config::default();
        assert_eq!(c.default_port(b"http"), 80);
        assert_eq!(c.default_port(b"finger"), 79);
        assert_eq!(c.default_port(b"gopher"), 0);
        let mut v = Vec::new();
        c.local_host(&mut v);
        assert_eq!(v, b"localhost:8080");
        for p in [&b"http"[..], b"https", b"ftp", b"finger", b"gopher", b""] {
            assert_eq!(builtin_default_port(p), c.default_port(p));
        }
    }

    #[test]
    fn setters_validate() {
        let mut c = Config::default();
        assert_eq!(c.set_local_host(b""), Err(ConfigError::BadHost));
        assert_eq!(c.set_local_host(b"a b"), Err(ConfigError::BadHost));
        assert_eq!(c.set_local_host(b"proxy:3128"), Ok(()));
        assert_eq!(c.local_host_bytes(), b"proxy:3128");
        assert_eq!(c.set_default_port(b"GOPHER", 70), Ok(()));
        assert_eq!(c.default_port(b"gopher"), 70);
        assert_eq!(c.set_default_port(b"http", 0), Ok(()));
        assert_eq!(c.default_port(b"http"), 0);
        assert_eq!(c.set_default_port(b"x y", 1), Err(ConfigError::BadProto));
        assert_eq!(c.set_default_port(b"x", 65536), Err(ConfigError::BadPort));
    }
}
