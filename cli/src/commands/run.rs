//! `avatard run`: the runtime library ([`avatard::run`]) with its configuration from the defaults, the TOML
//! file and the flags, until Ctrl-C or SIGTERM.

use anyhow::Result;
use avatar_lab::args::{CacheDirArg, WebArgs};
use avatard::{AvatarSpec, FileConfig, RunConfig};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args)]
pub struct RunArgs {
    /// TOML configuration file (see `daemon/avatard.example.toml`); the flags below override it.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Tracker input endpoint (SUB, bound; repeat for several) [default: tcp://127.0.0.1:5560].
    #[arg(long = "input")]
    input: Vec<String>,
    /// State output endpoint (PUB, bound) [default: tcp://127.0.0.1:5561].
    #[arg(long)]
    state: Option<String>,
    /// Control endpoint (ROUTER, bound) [default: tcp://127.0.0.1:5562].
    #[arg(long)]
    control: Option<String>,
    /// Solver tick rate in Hz [default: 120].
    #[arg(long)]
    tick_hz: Option<f32>,
    /// Input silence (ms) before an avatar's pose is held [default: 500].
    #[arg(long)]
    hold_ms: Option<u64>,
    /// Period of the Stats message on the state socket (ms) [default: 1000].
    #[arg(long)]
    stats_interval_ms: Option<u64>,
    /// Avatars: `ID` (the default avatar) or `ID=ASSET` (an asset file, or `default`); repeat for several.
    /// Replaces the config file's avatars [default: default].
    #[arg(long = "avatar")]
    avatars: Vec<String>,
    /// Pin the solver thread to this core [default: the last core].
    #[arg(long)]
    solver_core: Option<usize>,
    /// Threads stepping avatars in parallel (0: one per core).
    #[arg(long)]
    solver_threads: Option<usize>,
    /// Phase-lock the ticks so tracker frames arrive this long (ms) before a tick; negative: free-running
    /// [default: 0.5].
    #[arg(long, allow_negative_numbers = true)]
    phase_lead_ms: Option<f64>,
    #[command(flatten)]
    cache: CacheDirArg,
    /// Send an avatar's bones and blendshapes over the VMC protocol (OSC over UDP) to this receiver (port 39539
    /// when left out; VSeeFace, Warudo and VNyan listen there; see docs/vmc.md) [default: off].
    #[arg(long, value_name = "HOST[:PORT]")]
    vmc_out: Option<String>,
    /// VMC frames per second (1..=1000) [default: 60].
    #[arg(long)]
    vmc_rate_hz: Option<f32>,
    /// The avatar sent over VMC [default: the first].
    #[arg(long)]
    vmc_avatar: Option<String>,
    #[command(flatten)]
    web: WebArgs,
}

impl RunArgs {
    /// The configuration: defaults, then the file, then the flags.
    fn config(self) -> Result<RunConfig> {
        let mut c = match &self.config {
            Some(path) => FileConfig::read(path)?.into_run_config()?,
            None => RunConfig::default(),
        };
        if !self.input.is_empty() {
            c.endpoints.input = self.input;
        }
        c.endpoints.state = self.state.unwrap_or(c.endpoints.state);
        c.endpoints.control = self.control.unwrap_or(c.endpoints.control);
        c.tick_hz = self.tick_hz.unwrap_or(c.tick_hz);
        if let Some(ms) = self.stats_interval_ms {
            c.stats_interval = Duration::from_millis(ms);
        }
        if !self.avatars.is_empty() {
            c.avatars = self
                .avatars
                .iter()
                .map(|a| {
                    let (id, asset) = a.split_once('=').unwrap_or((a, "default"));
                    AvatarSpec { asset: asset.to_owned(), ..AvatarSpec::new(id) }
                })
                .collect();
        }
        if let Some(ms) = self.hold_ms {
            for a in &mut c.avatars {
                a.params.hold_after = ms as f64 / 1e3;
                a.params.ease_after = a.params.ease_after.max(a.params.hold_after);
            }
        }
        c.solver.core = self.solver_core.or(c.solver.core);
        c.solver.threads = self.solver_threads.unwrap_or(c.solver.threads);
        if let Some(ms) = self.phase_lead_ms {
            let file = FileConfig { phase_lead_ms: Some(ms), ..FileConfig::default() };
            c.solver.phase_lead = file.into_run_config()?.solver.phase_lead;
        }
        c.vmc =
            avatard::VmcConfig::merged(c.vmc, self.vmc_out.as_deref(), self.vmc_rate_hz, self.vmc_avatar)?;
        self.web.apply(&mut c.web)?;
        // Fault injection for the tests of the solver's supervision; never set in real use.
        if let Ok(f) = std::env::var("AVATARD_TEST_FAULT") {
            c.solver.fault = Some(f.parse().map_err(anyhow::Error::msg)?);
        }
        c.validate()?;
        Ok(c)
    }
}

/// `avatard run`.
pub fn run(a: RunArgs, rt: &tokio::runtime::Runtime) -> Result<()> {
    let cache = a.cache.cache();
    let config = a.config()?;
    let avatars = avatard::load_avatars(&config, cache.as_ref())?;
    rt.block_on(avatard::run(config, avatars, avatard::shutdown_signal(), |r| {
        // Machine-readable readiness line for supervisors and tests: `avatard ready`, then where it listens
        // as JSON (the bound ports, when port 0 was asked for).
        println!("avatard ready {}", r.listening_json());
    }))
}
