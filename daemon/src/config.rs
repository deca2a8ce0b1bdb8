//! Run-time configuration of the daemon: socket endpoints, timing, the solver thread and the avatars, from a
//! TOML file and command-line flags (flags win), validated at start-up.

use crate::avatar::load::AvatarSpec;
use crate::ingest::StreamRules;
use crate::live_params::TICK_HZ_RANGE;
use crate::tick::SolverSettings;
use crate::vmc::{VmcConfig, VmcConfigError};
use serde::{Deserialize, Serialize};
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
    OutOfRange { name: &'static str, value: f64, range: String },
    #[error("at least one input endpoint is required")]
    NoInput,
    #[error("config file: {0}")]
    File(String),
    #[error("{0}")]
    Avatar(String),
    /// A VMC output setting (its own text: `VMC output: …`, or `vmc_rate_hz = … is out of range …`).
    #[error(transparent)]
    Vmc(#[from] VmcConfigError),
    #[error("{name} = {value:?}: {why}")]
    Invalid { name: &'static str, value: String, why: &'static str },
}

/// The web output's listen address: `HOST:PORT`, or `HOST` / `:PORT` with the defaults (127.0.0.1, 8080).
pub fn parse_web_addr(s: &str) -> Result<std::net::SocketAddr, ConfigError> {
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    let bad = || ConfigError::Invalid {
        name: "web",
        value: s.to_owned(),
        why: "expected HOST:PORT (an IP address)",
    };
    if let Ok(a) = s.parse::<SocketAddr>() {
        return Ok(a);
    }
    if let Some(port) = s.strip_prefix(':') {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port.parse().map_err(|_| bad())?));
    }
    if s == "localhost" {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_WEB_PORT));
    }
    let host = s.trim_start_matches('[').trim_end_matches(']');
    host.parse::<IpAddr>().map(|ip| SocketAddr::new(ip, DEFAULT_WEB_PORT)).map_err(|_| bad())
}

/// The web output's port when none is given.
pub const DEFAULT_WEB_PORT: u16 = 8080;

/// Where the daemon's three sockets bind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
    /// All three on loopback tcp, port 0: each socket gets a free port from the OS when it binds, and the
    /// daemon reports the ports it got ([`crate::Running::endpoints`], `avatard run`'s ready line). What
    /// tests and the benchmarks start daemons on: no port is picked before the daemon holds it.
    pub fn loopback_any_port() -> Endpoints {
        let any = || ANY_LOOPBACK_PORT.to_owned();
        Endpoints { input: vec![any()], state: any(), control: any() }
    }

    /// Each endpoint bound at most once. A tcp endpoint on port 0 may repeat: every bind of it gets a port
    /// of its own.
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
            if any_port(ep) {
                continue;
            }
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

/// Loopback tcp on port 0: a socket bound here gets a free port from the OS (its `bind` returns which).
pub const ANY_LOOPBACK_PORT: &str = "tcp://127.0.0.1:0";

/// True for a tcp endpoint on port 0 (the OS picks the port at bind time).
fn any_port(ep: &str) -> bool {
    ep.strip_prefix("tcp://").and_then(|r| r.rsplit_once(':')).is_some_and(|(_, port)| port == "0")
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
    /// Gain on the microphones' samples before the lip sync (the live parameter `lip_sync_gain`).
    pub lip_sync_gain: f32,
    /// How often a Stats message is published on the state socket (topic "stats/").
    pub stats_interval: Duration,
    /// Name of this daemon in Stats.
    pub daemon_id: String,
    pub solver: SolverSettings,
    /// The input stage's stream rules: clock-skew window, when a quiet source's stream may be replaced.
    pub streams: StreamRules,
    /// The avatars this daemon owns (ids unique).
    pub avatars: Vec<AvatarSpec>,
    /// VMC output (OSC over UDP to a VMC receiver), off when `None` ([`crate::vmc`]).
    pub vmc: Option<VmcConfig>,
    /// The web output (viewer, glb, WebSocket states); off unless set.
    pub web: Option<crate::web::WebConfig>,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            endpoints: Endpoints::default(),
            tick_hz: crate::live_params::DaemonParams::default().tick_hz,
            lip_sync_gain: crate::live_params::DaemonParams::default().lip_sync_gain,
            stats_interval: Duration::from_secs(1),
            daemon_id: format!("avatard@{}", std::process::id()),
            solver: SolverSettings::default(),
            streams: StreamRules::default(),
            avatars: vec![AvatarSpec::new("default")],
            vmc: None,
            web: None,
        }
    }
}

impl RunConfig {
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.endpoints.validate()?;
        check_tick_hz(self.tick_hz)?;
        if !(0.0..=100.0).contains(&self.lip_sync_gain) {
            return Err(ConfigError::OutOfRange {
                name: "lip_sync_gain",
                value: self.lip_sync_gain as f64,
                range: "0..=100".into(),
            });
        }
        if self.stats_interval < Duration::from_millis(10) {
            return Err(ConfigError::OutOfRange {
                name: "stats_interval",
                value: self.stats_interval.as_secs_f64(),
                range: ">= 0.01 s".into(),
            });
        }
        let mut ids = std::collections::HashSet::new();
        for a in &self.avatars {
            a.validate().map_err(ConfigError::Avatar)?;
            if !ids.insert(a.id.as_str()) {
                return Err(ConfigError::Avatar(format!("avatar id {:?} is used twice", a.id)));
            }
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        if let Some(c) = self.solver.core.filter(|&c| c >= cores) {
            return Err(ConfigError::OutOfRange {
                name: "solver_core",
                value: c as f64,
                range: "< core count".into(),
            });
        }
        if self.solver.threads > 256 {
            return Err(ConfigError::OutOfRange {
                name: "solver_threads",
                value: self.solver.threads as f64,
                range: "0..=256".into(),
            });
        }
        if let Some(vmc) = &self.vmc {
            vmc.validate(self.avatars.iter().map(|a| a.id.as_str()))?;
        }
        Ok(())
    }
}

/// The TOML configuration file (`avatard run --config FILE`); every key is optional, unknown keys are
/// errors. Example: `daemon/avatard.example.toml`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    pub input: Option<Vec<String>>,
    pub state: Option<String>,
    pub control: Option<String>,
    pub tick_hz: Option<f32>,
    /// Gain on the microphones' samples before the lip sync (0..=100; default 1).
    pub lip_sync_gain: Option<f32>,
    /// Seconds between Stats messages on the state socket.
    pub stats_interval: Option<f64>,
    pub daemon_id: Option<String>,
    pub solver_core: Option<usize>,
    pub solver_threads: Option<usize>,
    /// Phase lock of the ticks to the input: how long before a tick frames should arrive (ms); negative: off.
    pub phase_lead_ms: Option<f64>,
    /// Tracker capture times more than this far ahead of the daemon's clock are refused (s; default 10).
    pub max_clock_skew_s: Option<f64>,
    /// A source's stream may be replaced by a new `stream_id`, or the source forgotten, after this much quiet
    /// (s; default 0.5).
    pub stream_quiet_s: Option<f64>,
    /// Hand frames whose handedness score is below this are not used (0..=1; default 0.7; `input.hands_gated`).
    pub min_handedness_score: Option<f32>,
    /// The web output's address (`"127.0.0.1:8080"`); absent: off.
    pub web: Option<String>,
    /// The built viewer's directory (default: the checkout's `viewer/dist`).
    pub web_root: Option<std::path::PathBuf>,
    /// Origins allowed to open the WebSocket besides the daemon's own (`"*"`: any).
    pub web_origins: Option<Vec<String>>,
    /// Messages the web fan-out keeps for slow clients (16..=65536; default 256).
    pub web_queue: Option<usize>,
    /// The capture page's MediaPipe files (`avatard setup capture`), served under `/capture/assets/`.
    pub capture_assets: Option<std::path::PathBuf>,
    #[serde(default, rename = "avatar")]
    pub avatars: Vec<AvatarSpec>,
    /// VMC output: the receiver, `HOST[:PORT]` (port 39539 when left out); off when absent.
    pub vmc_out: Option<String>,
    /// VMC messages per second (default 60).
    pub vmc_rate_hz: Option<f32>,
    /// The avatar sent over VMC (default: the first).
    pub vmc_avatar: Option<String>,
}

impl FileConfig {
    pub fn parse(text: &str) -> Result<Self, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::File(e.to_string()))
    }

    pub fn read(path: &std::path::Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError::File(format!("reading {}: {e}", path.display())))?;
        Self::parse(&text).map_err(|e| ConfigError::File(format!("{}: {e}", path.display())))
    }

    /// The run configuration this file describes, over the defaults.
    pub fn into_run_config(self) -> Result<RunConfig, ConfigError> {
        let d = RunConfig::default();
        let stats_interval = match self.stats_interval {
            None => d.stats_interval,
            Some(s) if s.is_finite() && (0.01..=3600.0).contains(&s) => Duration::from_secs_f64(s),
            Some(s) => {
                return Err(ConfigError::OutOfRange {
                    name: "stats_interval",
                    value: s,
                    range: "0.01..=3600 s".into(),
                })
            }
        };
        let seconds =
            |name: &'static str, v: Option<f64>, default: Duration, range: std::ops::RangeInclusive<f64>| {
                match v {
                    None => Ok(default),
                    Some(s) if s.is_finite() && range.contains(&s) => Ok(Duration::from_secs_f64(s)),
                    Some(s) => Err(ConfigError::OutOfRange {
                        name,
                        value: s,
                        range: "see daemon/avatard.example.toml".into(),
                    }),
                }
            };
        let rules = StreamRules::default();
        let streams = StreamRules {
            max_skew: seconds("max_clock_skew_s", self.max_clock_skew_s, rules.max_skew, 0.0..=86_400.0)?,
            quiet: seconds("stream_quiet_s", self.stream_quiet_s, rules.quiet, 0.0..=3600.0)?,
            min_handedness_score: match self.min_handedness_score {
                None => rules.min_handedness_score,
                Some(s) if (0.0..=1.0).contains(&s) => s,
                Some(s) => {
                    return Err(ConfigError::OutOfRange {
                        name: "min_handedness_score",
                        value: s as f64,
                        range: "0..=1".into(),
                    })
                }
            },
            ..rules
        };
        let web = match &self.web {
            None => None,
            Some(addr) => {
                let mut w = crate::web::WebConfig::new(parse_web_addr(addr)?);
                w.root = self.web_root.clone();
                w.origins = self.web_origins.clone().unwrap_or_default();
                w.capture_assets = self.capture_assets.clone();
                if let Some(q) = self.web_queue {
                    if !(16..=65_536).contains(&q) {
                        return Err(ConfigError::OutOfRange {
                            name: "web_queue",
                            value: q as f64,
                            range: "16..=65536".into(),
                        });
                    }
                    w.queue = q;
                }
                Some(w)
            }
        };
        Ok(RunConfig {
            web,
            streams,
            endpoints: Endpoints {
                input: self.input.unwrap_or(d.endpoints.input),
                state: self.state.unwrap_or(d.endpoints.state),
                control: self.control.unwrap_or(d.endpoints.control),
            },
            tick_hz: self.tick_hz.unwrap_or(d.tick_hz),
            lip_sync_gain: self.lip_sync_gain.unwrap_or(d.lip_sync_gain),
            stats_interval,
            daemon_id: self.daemon_id.unwrap_or(d.daemon_id),
            solver: SolverSettings {
                core: self.solver_core,
                threads: self.solver_threads.unwrap_or(0),
                phase_lead: match self.phase_lead_ms {
                    None => SolverSettings::default().phase_lead,
                    Some(ms) if ms < 0.0 => None,
                    Some(ms) if ms.is_finite() && ms <= 100.0 => Some(Duration::from_secs_f64(ms / 1e3)),
                    Some(ms) => {
                        return Err(ConfigError::OutOfRange {
                            name: "phase_lead_ms",
                            value: ms,
                            range: "<= 100 (negative: off)".into(),
                        })
                    }
                },
                fault: None,
            },
            avatars: if self.avatars.is_empty() { d.avatars } else { self.avatars },
            vmc: VmcConfig::merged(None, self.vmc_out.as_deref(), self.vmc_rate_hz, self.vmc_avatar)?,
        })
    }
}

pub fn check_tick_hz(hz: f32) -> Result<(), ConfigError> {
    if TICK_HZ_RANGE.contains(&hz) {
        Ok(())
    } else {
        Err(ConfigError::OutOfRange {
            name: "tick_hz",
            value: hz as f64,
            range: format!("{}..={}", TICK_HZ_RANGE.start(), TICK_HZ_RANGE.end()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_output_is_off_unless_set_and_its_address_is_checked() {
        assert_eq!(RunConfig::default().web, None);
        assert_eq!(parse_web_addr("127.0.0.1:9000").unwrap().to_string(), "127.0.0.1:9000");
        assert_eq!(parse_web_addr(":9000").unwrap().to_string(), "127.0.0.1:9000");
        assert_eq!(parse_web_addr("localhost").unwrap().to_string(), "127.0.0.1:8080");
        assert_eq!(parse_web_addr("[::1]").unwrap().to_string(), "[::1]:8080");
        for bad in ["", "example.com:80", "127.0.0.1:99999", ":x"] {
            assert!(parse_web_addr(bad).is_err(), "{bad}");
        }
        let c = FileConfig::parse(
            "web = \"127.0.0.1:9001\"\nweb_origins = [\"http://localhost:5173\"]\nweb_queue = 64\n",
        )
        .unwrap()
        .into_run_config()
        .unwrap();
        let w = c.web.unwrap();
        assert_eq!((w.addr.port(), w.origins.len(), w.queue), (9001, 1, 64));
        assert!(FileConfig::parse("web = \"x\"").unwrap().into_run_config().is_err());
        assert!(FileConfig::parse("web = \":1\"\nweb_queue = 1").unwrap().into_run_config().is_err());
    }

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
        // port 0 may repeat: each bind gets its own port
        assert_eq!(Endpoints::loopback_any_port().validate(), Ok(()));
        let any = Endpoints {
            input: vec![ANY_LOOPBACK_PORT.into(), ANY_LOOPBACK_PORT.into(), "tcp://localhost:0".into()],
            ..Endpoints::loopback_any_port()
        };
        assert_eq!(any.validate(), Ok(()));
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

    #[test]
    fn the_example_file_is_the_defaults() {
        let text = include_str!("../avatard.example.toml");
        let c = FileConfig::parse(text).unwrap().into_run_config().unwrap();
        c.validate().unwrap();
        let d = RunConfig::default();
        assert_eq!((c.endpoints, c.tick_hz, c.stats_interval), (d.endpoints, d.tick_hz, d.stats_interval));
        assert_eq!(c.avatars, d.avatars, "the example documents the default avatar's defaults");
        assert_eq!(c.solver.phase_lead, d.solver.phase_lead);
        assert_eq!(c.streams, d.streams);
    }

    #[test]
    fn the_handedness_gate_is_read_and_range_checked() {
        let c = FileConfig::parse("min_handedness_score = 0.9").unwrap().into_run_config().unwrap();
        assert_eq!(c.streams.min_handedness_score, 0.9);
        for bad in ["min_handedness_score = 1.5", "min_handedness_score = -0.1", "min_handedness_score = nan"]
        {
            let e = FileConfig::parse(bad).unwrap().into_run_config().unwrap_err();
            assert!(e.to_string().contains("min_handedness_score"), "{bad}: {e}");
        }
    }

    #[test]
    fn toml_file_is_read_and_checked() {
        let text = r#"
            input = ["tcp://127.0.0.1:7000", "ipc:///tmp/avatard-in"]
            tick_hz = 90
            stats_interval = 0.5
            [[avatar]]
            id = "alice"
            sources = ["cam0/pose", "cam0/face"]
            [avatar.params]
            damping = 4.0
            flesh_mode = "exrotated"
            gravity = [0.0, -9.81, 0.0]
            [[avatar]]
            id = "bob"
            asset = "assets/bob.avatar"
        "#;
        let c = FileConfig::parse(text).unwrap().into_run_config().unwrap();
        c.validate().unwrap();
        assert_eq!(c.endpoints.input.len(), 2);
        assert_eq!(c.tick_hz, 90.0);
        assert_eq!(c.stats_interval, Duration::from_millis(500));
        assert_eq!(c.avatars.len(), 2);
        assert_eq!(c.avatars[0].params.damping, 4.0);
        assert_eq!(c.avatars[0].params.flesh_mode, avatar_sim::reduced::FleshMode::ExRotated);
        assert_eq!(c.avatars[1].asset, "assets/bob.avatar");
        assert_eq!(c.avatars[1].params, crate::avatar::params::SimParams::default());

        // every mistake is an error naming what is wrong
        for (bad, says) in [
            ("tick_hz = 'fast'", "tick_hz"),
            ("tik_hz = 90", "tik_hz"),
            ("[[avatar]]\nid = 'a'\n[avatar.params]\ndamping = -1.0", "damping"),
            ("[[avatar]]\nid = 'a/b'", "avatar id"),
            ("[[avatar]]\nid = 'a'\n[[avatar]]\nid = 'a'", "twice"),
            ("[[avatar]]\nid = 'a'\n[avatar.params]\nflesh_mode = 'jelly'", "jelly"),
            ("stats_interval = 0.0", "stats_interval"),
            ("tick_hz = 0", "tick_hz"),
        ] {
            let err = FileConfig::parse(bad)
                .and_then(|f| f.into_run_config())
                .and_then(|c| c.validate().map(|_| c));
            let msg = err.expect_err(bad).to_string();
            assert!(msg.contains(says), "{bad}: {msg}");
        }
    }

    #[test]
    fn vmc_keys_are_read_and_checked() {
        let text = "vmc_out = '127.0.0.1'\nvmc_rate_hz = 30\n[[avatar]]\nid = 'a'\n[[avatar]]\nid = 'b'";
        let c = FileConfig::parse(&format!("vmc_avatar = 'b'\n{text}")).unwrap().into_run_config().unwrap();
        c.validate().unwrap();
        let v = c.vmc.unwrap();
        assert_eq!(v.target, "127.0.0.1:39539".parse().unwrap());
        assert_eq!((v.rate_hz, v.avatar.as_deref()), (30.0, Some("b")));
        assert_eq!(FileConfig::parse("").unwrap().into_run_config().unwrap().vmc, None, "off by default");
        for (bad, says) in [
            ("vmc_out = '127.0.0.1:1'\nvmc_rate_hz = 0", "vmc_rate_hz"),
            ("vmc_out = '127.0.0.1:1'\nvmc_rate_hz = 5000", "vmc_rate_hz"),
            ("vmc_out = '127.0.0.1:1'\nvmc_avatar = 'nobody'", "vmc_avatar"),
            ("vmc_out = '127.0.0.1:http'", "vmc_out"),
            ("vmc_rate_hz = 30", "vmc_out"),
        ] {
            let err = FileConfig::parse(bad)
                .and_then(|f| f.into_run_config())
                .and_then(|c| c.validate().map(|_| c));
            let msg = err.expect_err(bad).to_string();
            assert!(msg.contains(says), "{bad}: {msg}");
        }
    }
}
