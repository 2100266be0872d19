//! What the historical code took from the application: the local host, the
//! default ports, and (new) the 2.9 / 2.9h behaviour switch.
//!
//! A [`Config`] is a plain value; the process-wide one of C callers lives in
//! the C layer.

use crate::bytes::buf::{try_push, try_with_capacity, Buf, NoMemory};

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
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory>;
    /// The default port of the lower-case protocol `proto`, or 0 for none.
    /// Fails only when memory runs out (an application's hook may need a
    /// copy of `proto`).
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory>;
}

/// A complete, self-contained configuration value.
///
/// A fresh one ([`Config::default`]) allocates nothing: it stands for the
/// built-in defaults, and only the changes made to it are stored.
///
/// ```
/// use wwwurl::wwwoffle::config::{Compat, Config};
/// use wwwurl::wwwoffle::split::split_url;
///
/// let mut env = Config::default();
/// env.set_local_host(b"proxy.lan:3128").unwrap();
/// env.set_default_port(b"http", 8080).unwrap();
/// let url = split_url(&env, Compat::V29, b"/a").unwrap();
/// assert_eq!(url.name(), b"http://proxy.lan:3128/a");
/// let url = split_url(&env, Compat::V29, b"http://h:8080/").unwrap();
/// assert_eq!(url.name(), b"http://h/");
/// ```
#[derive(Debug, Default)]
pub struct Config {
    /// `None`: [`DEFAULT_LOCAL_HOST`].
    local_host: Option<Buf>,
    /// Default ports set, by lower-case protocol, 0 for one removed; the
    /// others are [`builtin_default_port`].
    ports: Vec<(Buf, i32)>,
}

/// The local host of a fresh configuration.
pub const DEFAULT_LOCAL_HOST: &[u8] = b"localhost:8080";

/// Why a configuration change was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// The host is empty or contains a NUL, `/`, `?`, `#`, `@` or a space.
    BadHost,
    /// The protocol is empty or has bytes other than letters, digits, `+ - .`.
    BadProto,
    /// The port is outside 0..=65535.
    BadPort,
    /// Memory ran out; nothing was changed.
    NoMemory,
}

/// A copy that aborts when memory runs out, as `Vec`'s does; the library
/// itself copies with [`Config::try_clone`].
impl Clone for Config {
    fn clone(&self) -> Config {
        match self.try_clone() {
            Ok(c) => c,
            Err(NoMemory) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<Config>()),
        }
    }
}

impl From<NoMemory> for ConfigError {
    fn from(_: NoMemory) -> ConfigError {
        ConfigError::NoMemory
    }
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
        self.local_host = Some(Buf::from_slice(hostport)?);
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
        if let Some(entry) = self
            .ports
            .iter_mut()
            .find(|(p, _)| p.eq_ignore_ascii_case(proto))
        {
            entry.1 = port;
            return Ok(());
        }
        let mut name = Buf::from_slice(proto)?;
        name.make_ascii_lowercase();
        try_push(&mut self.ports, (name, port))?;
        Ok(())
    }

    /// The local host as set.
    pub fn local_host_bytes(&self) -> &[u8] {
        self.local_host.as_deref().unwrap_or(DEFAULT_LOCAL_HOST)
    }

    /// The default port of the lower-case protocol `proto`, or 0 for none.
    pub fn port_of(&self, proto: &[u8]) -> i32 {
        self.ports
            .iter()
            .find(|(p, _)| p[..] == *proto)
            .map_or_else(|| builtin_default_port(proto), |&(_, port)| port)
    }

    /// A copy of the configuration.
    pub fn try_clone(&self) -> Result<Config, NoMemory> {
        let mut ports = try_with_capacity(self.ports.len())?;
        for (p, n) in &self.ports {
            try_push(&mut ports, (p.try_clone()?, *n))?;
        }
        Ok(Config {
            local_host: match &self.local_host {
                Some(h) => Some(h.try_clone()?),
                None => None,
            },
            ports,
        })
    }
}

impl Env for Config {
    fn local_host(&self, out: &mut Buf) -> Result<(), NoMemory> {
        out.extend_from_slice(self.local_host_bytes())
    }
    fn default_port(&self, proto: &[u8]) -> Result<i32, NoMemory> {
        Ok(self.port_of(proto))
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
        assert_eq!(c.port_of(b"http"), 80);
        assert_eq!(c.port_of(b"finger"), 79);
        assert_eq!(c.port_of(b"gopher"), 0);
        let mut v = Buf::new();
        c.local_host(&mut v).unwrap();
        assert_eq!(v, b"localhost:8080");
        for p in [&b"http"[..], b"https", b"ftp", b"finger", b"gopher", b""] {
            assert_eq!(builtin_default_port(p), c.port_of(p));
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
        assert_eq!(c.port_of(b"gopher"), 70);
        assert_eq!(c.set_default_port(b"http", 0), Ok(()));
        assert_eq!(c.port_of(b"http"), 0);
        assert_eq!(c.set_default_port(b"x y", 1), Err(ConfigError::BadProto));
        assert_eq!(c.set_default_port(b"x", 65536), Err(ConfigError::BadPort));
        assert_eq!(c.set_default_port(b"Http", 81), Ok(()));
        assert_eq!(c.port_of(b"http"), 81);
        let d = c.try_clone().unwrap();
        assert_eq!(d.port_of(b"http"), 81);
        assert_eq!(d.port_of(b"gopher"), 70);
        assert_eq!(d.local_host_bytes(), b"proxy:3128");
    }
}
