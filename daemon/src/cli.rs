//! The `avatard` command line (also run by the end-to-end tests through their own thin binary).

use crate::config::{Endpoints, RunConfig, DEFAULT_CONTROL, DEFAULT_INPUT, DEFAULT_STATE};
use crate::shared::AvatarHandle;
use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "avatard",
    version,
    about = "Headless avatar runtime: tracker streams in, simulated avatar states out"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the daemon: bind the sockets, simulate, publish, until SIGINT/SIGTERM.
    Run(RunArgs),
    /// The demo: daemon + tracker stream + subscriber on loopback, with a summary in ./out/.
    Demo(crate::demo::DemoArgs),
    /// Skinning eigenmodes, clusters and reduced matrices of a tet mesh and rig, written as an asset.
    Precompute(crate::sim_commands::PrecomputeArgs),
    /// Simulate an asset under a rig animation; writes z (and p) per step as JSON.
    Simulate(crate::sim_commands::SimulateArgs),
    /// Import a glTF 2.0 / VRM .glb (skinned mesh, morph targets) as an asset.
    Import(crate::asset_commands::ImportArgs),
    /// Export an asset's render mesh, skin and mode weights as a .glb for other engines.
    Export(crate::asset_commands::ExportArgs),
    /// Quasistatic Steklov-Poincaré flesh of an asset under a rig animation; surface positions per frame.
    Flesh(crate::flesh_commands::FleshArgs),
    /// Benchmarks; figures are printed as JSON.
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Args)]
struct RunArgs {
    /// Tracker input endpoint (SUB, bound; repeat for several).
    #[arg(long = "input", default_value = DEFAULT_INPUT)]
    input: Vec<String>,
    /// State output endpoint (PUB, bound).
    #[arg(long, default_value = DEFAULT_STATE)]
    state: String,
    /// Control endpoint (ROUTER, bound).
    #[arg(long, default_value = DEFAULT_CONTROL)]
    control: String,
    /// Solver tick rate in Hz.
    #[arg(long, default_value_t = 120.0)]
    tick_hz: f32,
    /// Input older than this (ms) holds the pose.
    #[arg(long, default_value_t = 500)]
    hold_ms: u64,
    /// Period of the Stats message on the state socket (ms).
    #[arg(long, default_value_t = 1000)]
    stats_interval_ms: u64,
    /// Avatar ids to simulate.
    #[arg(long = "avatar", default_value = "default")]
    avatars: Vec<String>,
}

#[derive(Subcommand)]
enum BenchCommand {
    /// ZeroMQ PUB->SUB throughput and latency, Rust and pyzmq, with pyzmq->pyzmq as the baseline.
    Transport(crate::bench::TransportArgs),
    /// Skinning eigenmodes (Eq. 22) on meshes of the paper's Table 1 sizes.
    Precompute(crate::bench_sim::PrecomputeArgs),
    /// The reduced step (Alg. 2): time per local-global iteration and per step, one core.
    Step(crate::bench_sim::StepArgs),
    /// Full-space complementary dynamics (sparse KKT, per-tet rotations) against the reduced step.
    Full(crate::bench_sim::FullArgs),
    /// Default avatar precompute, cached re-run, asset load time and size; glb import time.
    Assets(crate::bench_asset::AssetsArgs),
    /// Steklov-Poincaré flesh (paper 002 §7 table) on the default avatar and a ≥200K-tet arm, with the
    /// volumetric PCG baseline.
    Flesh(crate::flesh_commands::BenchFleshArgs),
}

/// Logs to stderr, filtered by `RUST_LOG` (default `info`); shared by the workspace's binaries.
pub fn init_tracing() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
}

/// Parse the command line and run; the whole of `avatard`'s `main`.
pub fn main() -> Result<()> {
    init_tracing();
    let cli = Cli::parse();
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match cli.command {
        Command::Run(a) => {
            let config = RunConfig {
                endpoints: Endpoints { input: a.input, state: a.state, control: a.control },
                tick_hz: a.tick_hz,
                hold_after: Duration::from_millis(a.hold_ms),
                stats_interval: Duration::from_millis(a.stats_interval_ms),
                ..RunConfig::default()
            };
            let avatars = a.avatars.iter().map(|id| AvatarHandle::new(id)).collect();
            rt.block_on(crate::service::run(config, avatars, crate::service::shutdown_signal(), |_| {
                // Machine-readable readiness line for supervisors and tests.
                println!("avatard ready");
            }))
        }
        Command::Precompute(args) => crate::sim_commands::precompute(args),
        Command::Simulate(args) => crate::sim_commands::simulate(args),
        Command::Import(args) => crate::asset_commands::import(args),
        Command::Export(args) => crate::asset_commands::export(args),
        Command::Flesh(args) => crate::flesh_commands::flesh(args),
        Command::Demo(args) => rt.block_on(crate::demo::demo(args)),
        Command::Bench(BenchCommand::Transport(args)) => rt.block_on(crate::bench::transport(args)),
        Command::Bench(BenchCommand::Precompute(args)) => crate::bench_sim::precompute(args),
        Command::Bench(BenchCommand::Step(args)) => crate::bench_sim::step(args),
        Command::Bench(BenchCommand::Full(args)) => crate::bench_sim::full(args),
        Command::Bench(BenchCommand::Assets(args)) => crate::bench_asset::assets(args),
        Command::Bench(BenchCommand::Flesh(args)) => crate::flesh_commands::bench(args),
    }
}
