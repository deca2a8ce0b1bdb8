//! The `avatard` command line: the flags of every command (clap) and the dispatch to the runtime library, the
//! offline commands, the demo and the benchmarks.

use anyhow::Result;
use avatar_sim::asset::Cache;
use avatard::AvatarSpec;
use avatard::{FileConfig, RunConfig};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "avatard",
    version,
    about = "Headless avatar runtime: tracker streams in, simulated avatar states out"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the daemon: bind the sockets, simulate, publish, until SIGINT/SIGTERM.
    Run(RunArgs),
    /// The demo: the daemon on the default avatar, two recorded MediaPipe streams, a subscriber, a rendering;
    /// summary and frames in ./out/.
    Demo(crate::demo::DemoArgs),
    /// Skinning eigenmodes, clusters and reduced matrices of a tet mesh and rig, written as an asset.
    Precompute(crate::commands::sim::PrecomputeArgs),
    /// The force prior of force-dual modes (`precompute --subspace force-dual`): the rig's accelerations on
    /// the committed mocap clip and tracker recordings.
    Prior(crate::commands::prior::PriorArgs),
    /// Simulate an asset under a rig animation; writes z (and p) per step as JSON.
    Simulate(crate::commands::sim::SimulateArgs),
    /// Import a glTF 2.0 / VRM .glb (skinned mesh, morph targets) as an asset.
    Import(crate::commands::assets::ImportArgs),
    /// Export an asset's render mesh, skin and mode weights as a .glb for other engines.
    Export(crate::commands::assets::ExportArgs),
    /// Quasistatic Steklov-Poincaré flesh of an asset under a rig animation; surface positions per frame.
    Flesh(crate::commands::flesh::FleshArgs),
    /// Benchmarks; figures are printed as JSON.
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Args)]
struct RunArgs {
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
    /// Precompute cache directory [default: $AVATARD_CACHE_DIR, $XDG_CACHE_HOME/avatard or ~/.cache/avatard].
    #[arg(long)]
    cache_dir: Option<PathBuf>,
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

/// The web output's flags (`avatard run` and `avatard demo`).
#[derive(Args, Clone, Debug, Default)]
pub struct WebArgs {
    /// Serve the browser viewer, the avatars' glb and the states over WebSocket on HOST:PORT (HTTP, no
    /// authentication: keep it on loopback). `--web` alone: 127.0.0.1:8080. Off unless given.
    #[arg(long, value_name = "HOST:PORT", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    pub web: Option<String>,
    /// The built viewer's directory [default: $AVATARD_WEB_ROOT or the checkout's viewer/dist].
    #[arg(long, value_name = "DIR")]
    pub web_root: Option<PathBuf>,
    /// An origin allowed to open the WebSocket besides the daemon's own (e.g. http://localhost:5173; `*`: any);
    /// repeat for several.
    #[arg(long = "web-origin", value_name = "ORIGIN")]
    pub web_origins: Vec<String>,
}

impl WebArgs {
    /// Apply the flags over `web` (from the config file, or off).
    pub fn apply(&self, web: &mut Option<avatard::WebConfig>) -> Result<()> {
        if let Some(addr) = &self.web {
            let addr = avatard::parse_web_addr(addr)?;
            let w = web.get_or_insert_with(|| avatard::WebConfig::new(addr));
            w.addr = addr;
        }
        if let Some(w) = web.as_mut() {
            if let Some(root) = &self.web_root {
                w.root = Some(root.clone());
            }
            w.origins.extend(self.web_origins.iter().cloned());
        } else if self.web_root.is_some() || !self.web_origins.is_empty() {
            anyhow::bail!("--web-root and --web-origin need --web");
        }
        Ok(())
    }
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

#[derive(Subcommand)]
enum BenchCommand {
    /// ZeroMQ PUB->SUB throughput and latency, Rust and pyzmq, with pyzmq->pyzmq as the baseline.
    Transport(crate::bench::transport::TransportArgs),
    /// Skinning eigenmodes (Eq. 22) on meshes of the paper's Table 1 sizes.
    Precompute(crate::bench::precompute::PrecomputeArgs),
    /// The reduced step (Alg. 2): time per local-global iteration and per step, one core.
    Step(crate::bench::step::StepArgs),
    /// Full-space complementary dynamics (sparse KKT, per-tet rotations) against the reduced step.
    Full(crate::bench::full::FullArgs),
    /// Default avatar precompute, cached re-run, asset load time and size; glb import time.
    Assets(crate::bench::assets::AssetsArgs),
    /// Steklov-Poincaré flesh (paper 002 §7 table) on the default avatar and a ≥200K-tet arm, with the
    /// volumetric PCG baseline.
    Flesh(crate::bench::flesh::BenchFleshArgs),
    /// The daemon end to end (tracker -> state latency at 30/60 Hz input) and Solver::tick throughput with 1-26
    /// avatars; JSON and an SVG plot in ./out/.
    Runtime(crate::bench::runtime::RuntimeArgs),
    /// Secondary motion per body region (peak, RMS, settling, inverted tets) under standard motions through
    /// the daemon's per-avatar step; JSON, PNG plots and a rendered frame strip in ./out/.
    Jiggle(crate::bench::jiggle::JiggleArgs),
    /// Skinning eigenmodes, force-dual modes and rotation-strain coordinates against full space: error vs
    /// modes on real and procedural motions, locality, cost per step.
    Subspaces(crate::bench::subspaces::SubspacesArgs),
    /// How closely the avatar follows a recorded pose stream: limb error, delay and jitter under the landmark
    /// filter's settings (defaults, the pre-issue-18 ones, unfiltered, a grid with --sweep).
    Tracking(crate::bench::tracking::TrackingArgs),
    /// The ex-rotated solve (paper 002) as the starting point of the co-rotational step: iterations and time
    /// at equal accuracy against local-global from the previous z.
    Preconditioner(crate::bench::preconditioner::PreconditionerArgs),
    /// Idle breathing (paper 003 modal actuation of chest and belly): displacement per region, frequency,
    /// tick time with breathing on and off; JSON and an SVG plot with --out.
    Breathing(crate::bench::breathing::BreathingArgs),
}

/// Run one parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match cli.command {
        Command::Run(a) => {
            let cache = match &a.cache_dir {
                Some(dir) => Some(Cache::new(dir)),
                None => Cache::default_dir().map(Cache::new),
            };
            let config = a.config()?;
            let avatars = avatard::load_avatars(&config, cache.as_ref())?;
            rt.block_on(avatard::run(config, avatars, avatard::shutdown_signal(), |_| {
                // Machine-readable readiness line for supervisors and tests.
                println!("avatard ready");
            }))
        }
        Command::Precompute(args) => crate::commands::sim::precompute(args),
        Command::Prior(args) => crate::commands::prior::prior(args),
        Command::Simulate(args) => crate::commands::sim::simulate(args),
        Command::Import(args) => crate::commands::assets::import(args),
        Command::Export(args) => crate::commands::assets::export(args),
        Command::Flesh(args) => crate::commands::flesh::flesh(args),
        Command::Demo(args) => rt.block_on(crate::demo::demo(args)),
        Command::Bench(BenchCommand::Transport(args)) => {
            rt.block_on(crate::bench::transport::transport(args))
        }
        Command::Bench(BenchCommand::Precompute(args)) => crate::bench::precompute::precompute(args),
        Command::Bench(BenchCommand::Step(args)) => crate::bench::step::step(args),
        Command::Bench(BenchCommand::Full(args)) => crate::bench::full::full(args),
        Command::Bench(BenchCommand::Assets(args)) => crate::bench::assets::assets(args),
        Command::Bench(BenchCommand::Flesh(args)) => crate::bench::flesh::bench(args),
        Command::Bench(BenchCommand::Runtime(args)) => crate::bench::runtime::runtime(args, &rt),
        Command::Bench(BenchCommand::Jiggle(args)) => crate::bench::jiggle::jiggle(args),
        Command::Bench(BenchCommand::Subspaces(args)) => crate::bench::subspaces::subspaces(args),
        Command::Bench(BenchCommand::Tracking(args)) => crate::bench::tracking::tracking(args),
        Command::Bench(BenchCommand::Breathing(args)) => crate::bench::breathing::breathing(args),
        Command::Bench(BenchCommand::Preconditioner(args)) => {
            crate::bench::preconditioner::preconditioner(args)
        }
    }
}
