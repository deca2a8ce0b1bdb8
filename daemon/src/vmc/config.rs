//! The VMC output's settings ([`VmcConfig`]): the receiver, the rate, the avatar; read from a config file's
//! keys or the command line's flags and checked here, with their own errors ([`VmcConfigError`], which the
//! run configuration's `ConfigError` wraps: `config.rs` depends on this file, not the other way).

use std::net::{IpAddr, SocketAddr, ToSocketAddrs};

/// The port VMC receivers listen on.
pub const DEFAULT_PORT: u16 = 39539;
/// Default send rate (Hz).
pub const DEFAULT_RATE_HZ: f32 = 60.0;
/// Allowed send rates (Hz).
pub const RATE_HZ_RANGE: std::ops::RangeInclusive<f32> = 1.0..=1000.0;

/// A VMC setting that is wrong (its text as the run configuration reports it).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum VmcConfigError {
    /// A bad `vmc_out`, a rate or avatar without an output, an avatar the daemon does not have.
    #[error("VMC output: {0}")]
    Invalid(String),
    /// `vmc_rate_hz` outside [`RATE_HZ_RANGE`].
    #[error("vmc_rate_hz = {0} is out of range (1..=1000)")]
    RateOutOfRange(f64),
}

/// The VMC output of `avatard run`: where, how often, which avatar.
#[derive(Clone, Debug, PartialEq)]
pub struct VmcConfig {
    /// The receiver (UDP).
    pub target: SocketAddr,
    pub rate_hz: f32,
    /// The avatar sent; `None`: the first avatar with an asset.
    pub avatar: Option<String>,
}

impl VmcConfig {
    /// To `target` at the default rate, the first avatar.
    pub fn new(target: SocketAddr) -> Self {
        VmcConfig { target, rate_hz: DEFAULT_RATE_HZ, avatar: None }
    }

    /// The configuration after the given settings (a config file's keys or the command line's flags) over
    /// `base`: `out` (`HOST[:PORT]`, [`parse_target`]) turns the output on; a rate or avatar without an output
    /// (here or in `base`) is an error.
    pub fn merged(
        base: Option<VmcConfig>,
        out: Option<&str>,
        rate_hz: Option<f32>,
        avatar: Option<String>,
    ) -> Result<Option<VmcConfig>, VmcConfigError> {
        let mut c = match (base, out) {
            (_, Some(out)) => VmcConfig::new(parse_target(out)?),
            (Some(b), None) => b,
            (None, None) if rate_hz.is_none() && avatar.is_none() => return Ok(None),
            (None, None) => {
                return Err(VmcConfigError::Invalid(
                    "vmc_rate_hz / vmc_avatar need vmc_out (--vmc-out)".into(),
                ))
            }
        };
        c.rate_hz = rate_hz.unwrap_or(c.rate_hz);
        c.avatar = avatar.or(c.avatar);
        Ok(Some(c))
    }

    /// The rate is in [`RATE_HZ_RANGE`]; the avatar, if named, is one of `avatar_ids`.
    pub fn validate<'a>(&self, mut avatar_ids: impl Iterator<Item = &'a str>) -> Result<(), VmcConfigError> {
        if !RATE_HZ_RANGE.contains(&self.rate_hz) {
            return Err(VmcConfigError::RateOutOfRange(self.rate_hz as f64));
        }
        match &self.avatar {
            Some(id) if !avatar_ids.any(|a| a == id) => {
                Err(VmcConfigError::Invalid(format!("vmc_avatar {id:?} is not one of the daemon's avatars")))
            }
            _ => Ok(()),
        }
    }
}

/// A VMC receiver's address: `HOST:PORT` or `HOST` (port [`DEFAULT_PORT`]); `HOST` an IP address (IPv6 in
/// brackets with a port) or a name, resolved now (an IPv4 address preferred).
pub fn parse_target(s: &str) -> Result<SocketAddr, VmcConfigError> {
    let bad = |why: &str| VmcConfigError::Invalid(format!("vmc_out {s:?}: {why} (expected HOST[:PORT])"));
    if let Ok(a) = s.parse::<SocketAddr>() {
        return Ok(a);
    }
    let bare = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')).unwrap_or(s);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, DEFAULT_PORT));
    }
    let (host, port) = match s.rsplit_once(':') {
        Some((h, p)) => (h, p.parse::<u16>().map_err(|_| bad("bad port"))?),
        None => (s, DEFAULT_PORT),
    };
    if host.is_empty() || host.contains([':', '/', ' ']) {
        return Err(bad("bad host"));
    }
    let addrs: Vec<SocketAddr> =
        (host, port).to_socket_addrs().map_err(|e| bad(&format!("cannot resolve: {e}")))?.collect();
    addrs.iter().find(|a| a.is_ipv4()).or(addrs.first()).copied().ok_or_else(|| bad("no address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_and_settings_are_checked() {
        let t = |s: &str| parse_target(s);
        assert_eq!(t("127.0.0.1").unwrap(), "127.0.0.1:39539".parse().unwrap());
        assert_eq!(t("127.0.0.1:9000").unwrap(), "127.0.0.1:9000".parse().unwrap());
        assert_eq!(t("[::1]:5").unwrap(), "[::1]:5".parse().unwrap());
        assert_eq!(t("[::1]").unwrap(), "[::1]:39539".parse().unwrap());
        assert_eq!(t("localhost").unwrap().port(), 39539);
        for bad in ["", ":5", "127.0.0.1:99999", "host:port", "a b:1"] {
            assert!(t(bad).is_err(), "{bad}");
        }
        let c = VmcConfig::merged(None, Some("127.0.0.1"), Some(30.0), Some("a".into())).unwrap().unwrap();
        assert_eq!((c.rate_hz, c.avatar.as_deref()), (30.0, Some("a")));
        assert!(c.validate(["a", "b"].into_iter()).is_ok());
        assert!(c.validate(["b"].into_iter()).unwrap_err().to_string().contains("vmc_avatar"));
        for hz in [0.0, 1001.0, f32::NAN] {
            let bad = VmcConfig { rate_hz: hz, ..c.clone() };
            assert!(bad.validate(["a"].into_iter()).unwrap_err().to_string().contains("vmc_rate_hz"));
        }
        assert_eq!(VmcConfig::merged(None, None, None, None), Ok(None));
        assert!(VmcConfig::merged(None, None, Some(30.0), None).is_err(), "a rate without an output");
        let over = VmcConfig::merged(Some(c.clone()), None, Some(90.0), None).unwrap().unwrap();
        assert_eq!((over.target, over.rate_hz, over.avatar), (c.target, 90.0, c.avatar));
    }
}
