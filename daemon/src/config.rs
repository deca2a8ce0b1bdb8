//! Run-time configuration of the daemon: socket endpoints and timing, validated at start-up.

use std::time::Duration;

/// Default endpoint trackers connect to (the daemon binds a SUB socket here).
pub const DEFAULT_INPUT: &str = "tcp://127.0.0.1:5560";
/// Default endpoint subscribers connect to (the daemon binds a PUB socket here).
pub const DEFAULT_STATE: &str = "tcp://127.0.0.1:5561";
/// Default endpoint control clients connect to (the daemon binds a ROUTER socket here).
pub const DEFAULT_CONTROL: &str = "tcp://127.0.0.1:5562";

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ConfigError {
    #[error("endpoint {0:?}: expected tcp://HOST:PORT or ipc://PATH")]
    BadEndpoint(String),
    #[error("endpoint {endpoint:?} is used twice ({first} and {second})")]
    DuplicateEndpoint { endpoint: String, first: &'static str, second: &'static str },
    #[error("{name} = {value} is out of range ({range})")]
    OutOfRange { name: &'static str, value: f64, range: &'static str },
    #[error("at least one input endpoint is required")]
    NoInput,
}

/// Where the daemon's three sockets bind.
#[derive(Clone, Debug, PartialEq)]
pub struct Endpoints {
    /// Tracker input (SUB, bound; trackers' PUB sockets connect). Several are allowed.
    pub input: Vec<String>,
    /// State output (PUB, bound; one topic per avatar).
    pub state: String,
    /// Control (ROUTER, bound; REQ or DEALER clients).
    pub control: String,
}

impl Default for Endpoints {
    fn default() -> Self {
        Endpoints {
            input: vec![DEFAULT_INPUT.into()],
            state: DEFAULT_STATE.into(),
            control: DEFAULT_CONTROL.into(),
        }
    }
}

impl Endpoints {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.input.is_empty() {
            return Err(ConfigError::NoInput);
        }
        let mut seen: Vec<(&str, &'static str)> = Vec::new();
        let all = self
            .input
            .iter()
            .map(|e| (e.as_str(), "input"))
            .chain([(self.state.as_str(), "state"), (self.control.as_str(), "control")]);
        for (ep, role) in all {
            validate_endpoint(ep)?;
            if let Some((_, first)) = seen.iter().find(|(e, _)| *e == ep) {
                return Err(ConfigError::DuplicateEndpoint { endpoint: ep.into(), first, second: role });
            }
            seen.push((ep, role));
        }
        Ok(())
    }
}

/// Check the form of a ZeroMQ endpoint this daemon can bind: `tcp://HOST:PORT` or `ipc://PATH`.
pub fn validate_endpoint(ep: &str) -> Result<(), ConfigError> {
    let bad = || ConfigError::BadEndpoint(ep.to_owned());
    if let Some(rest) = ep.strip_prefix("tcp://") {
        let (host, port) = rest.rsplit_once(':').ok_or_else(bad)?;
        if host.is_empty() || port.parse::<u16>().is_err() {
            return Err(bad());
        }
        Ok(())
    } else if let Some(path) = ep.strip_prefix("ipc://") {
        if path.is_empty() {
            return Err(bad());
        }
        Ok(())
    } else {
        Err(bad())
    }
}

/// True when a tcp endpoint binds only the loopback interface (ipc is always local).
pub fn is_local(ep: &str) -> bool {
    match ep.strip_prefix("tcp://").and_then(|r| r.rsplit_once(':')) {
        Some((host, _)) => matches!(host, "127.0.0.1" | "localhost" | "[::1]") || host.starts_with("127."),
        None => ep.starts_with("ipc://"),
    }
}

/// Everything `avatard run` needs.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub endpoints: Endpoints,
    /// Solver tick rate (Hz).
    pub tick_hz: f32,
    /// Input older than this puts the avatar in the held-pose state.
    pub hold_after: Duration,
    /// How often a Stats message is published on the state socket (topic "stats/").
    pub stats_interval: Duration,
    /// Name of this daemon in Stats.
    pub daemon_id: String,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            endpoints: Endpoints::default(),
            tick_hz: 120.0,
            hold_after: Duration::from_millis(500),
            stats_interval: Duration::from_secs(1),
            daemon_id: format!("avatard@{}", std::process::id()),
        }
    }
}

/// Allowed solver tick rates.
pub const TICK_HZ_RANGE: std::ops::RangeInclusive<f32> = 1.0..=2000.0;

impl RunConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.endpoints.validate()?;
        check_tick_hz(self.tick_hz)?;
        if self.stats_interval < Duration::from_millis(10) {
            return Err(ConfigError::OutOfRange {
                name: "stats_interval",
                value: self.stats_interval.as_secs_f64(),
                range: ">= 0.01 s",
            });
        }
        Ok(())
    }
}

pub fn check_tick_hz(hz: f32) -> Result<(), ConfigError> {
    if TICK_HZ_RANGE.contains(&hz) {
        Ok(())
    } else {
        Err(ConfigError::OutOfRange { name: "tick_hz", value: hz as f64, range: "1..=2000" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_are_checked() {
        for good in ["tcp://127.0.0.1:5560", "tcp://localhost:1", "ipc:///tmp/a.sock", "tcp://[::1]:80"] {
            assert_eq!(validate_endpoint(good), Ok(()), "{good}");
        }
        for bad in ["", "tcp://", "tcp://127.0.0.1", "tcp://:80", "tcp://h:99999", "udp://h:1", "ipc://"] {
            assert!(validate_endpoint(bad).is_err(), "{bad}");
        }
        let dup = Endpoints {
            input: vec!["tcp://127.0.0.1:1".into()],
            state: "tcp://127.0.0.1:1".into(),
            control: "tcp://127.0.0.1:2".into(),
        };
        assert!(matches!(dup.validate(), Err(ConfigError::DuplicateEndpoint { .. })));
        assert_eq!(Endpoints { input: vec![], ..Endpoints::default() }.validate(), Err(ConfigError::NoInput));
    }

    #[test]
    fn local_endpoints_are_recognised() {
        assert!(is_local("tcp://127.0.0.1:5"));
        assert!(is_local("ipc:///x"));
        assert!(!is_local("tcp://0.0.0.0:5"));
        assert!(!is_local("tcp://192.168.1.2:5"));
    }

    #[test]
    fn tick_rate_is_range_checked() {
        assert!(check_tick_hz(120.0).is_ok());
        assert!(check_tick_hz(0.0).is_err());
        assert!(check_tick_hz(f32::NAN).is_err());
        assert!(check_tick_hz(1e6).is_err());
        let c = RunConfig { stats_interval: std::time::Duration::ZERO, ..RunConfig::default() };
        assert!(c.validate().is_err());
    }
}
