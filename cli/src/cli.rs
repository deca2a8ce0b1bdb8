//! The `avatard` command line: every command's flags (clap) and the dispatch to the runtime library
//! (`run`), the offline commands, the demo, and the benchmarks' own binary (`bench`).

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;

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
    /// Go live: your avatar (.vrm, .glb, .avatar; default: the default avatar) driven by your webcam (or a
    /// video), in the browser viewer and OBS, with the MediaPipe tracker supervised; Ctrl-C stops everything.
    Live(crate::commands::live::LiveArgs),
    /// Run the daemon: bind the sockets, simulate, publish, until SIGINT/SIGTERM.
    Run(crate::commands::run::RunArgs),
    /// The demo: the daemon on the default avatar, two recorded MediaPipe streams, a subscriber, a rendering;
    /// summary and frames in ./out/.
    Demo(crate::demo::DemoArgs),
    /// Skinning eigenmodes, clusters and reduced matrices of a tet mesh and rig, written as an asset.
    Precompute(crate::commands::precompute::PrecomputeArgs),
    /// The force prior of force-dual modes (`precompute --subspace force-dual`): the rig's accelerations on
    /// the committed mocap clip and tracker recordings.
    Prior(crate::commands::prior::PriorArgs),
    /// Simulate an asset under a rig animation; writes z (and p) per step as JSON.
    Simulate(crate::commands::simulate::SimulateArgs),
    /// Import a glTF 2.0 / VRM .glb (skinned mesh, morph targets) as an asset.
    Import(crate::commands::assets::ImportArgs),
    /// Export an asset's render mesh, skin and mode weights as a .glb for other engines.
    Export(crate::commands::assets::ExportArgs),
    /// Quasistatic Steklov-Poincaré flesh of an asset under a rig animation; surface positions per frame.
    Flesh(crate::commands::flesh::FleshArgs),
    /// Download files once: `setup capture`, the browser capture page's MediaPipe tracker and models.
    Setup(crate::commands::setup::SetupArgs),
    /// Benchmarks: runs the `avatard-bench` binary beside this one with the same arguments
    /// (`avatard bench runtime` = `avatard-bench runtime`; `cargo build --release -p avatard-bench` builds it).
    Bench(BenchArgs),
}

/// `avatard bench ARGS...`: everything after `bench`, passed on unread.
#[derive(Args)]
#[command(disable_help_flag = true)]
struct BenchArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS")]
    args: Vec<OsString>,
}

/// Run one parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match cli.command {
        Command::Live(args) => crate::commands::live::live(args, &rt),
        Command::Run(args) => crate::commands::run::run(args, &rt),
        Command::Precompute(args) => crate::commands::precompute::precompute(args),
        Command::Prior(args) => crate::commands::prior::prior(args),
        Command::Simulate(args) => crate::commands::simulate::simulate(args),
        Command::Import(args) => crate::commands::assets::import(args),
        Command::Export(args) => crate::commands::assets::export(args),
        Command::Flesh(args) => crate::commands::flesh::flesh(args),
        Command::Demo(args) => rt.block_on(crate::demo::demo(args)),
        Command::Setup(args) => crate::commands::setup::setup(args),
        Command::Bench(args) => bench(args.args),
    }
}

/// The benchmarks are a package of their own (`bench/`, not published) so that this binary carries no
/// plotting: `avatard bench ...` runs `avatard-bench ...` from this executable's folder (where cargo builds
/// both), else from `PATH`, the way `cargo foo` runs `cargo-foo`.
fn bench(args: Vec<OsString>) -> Result<()> {
    let name = format!("avatard-bench{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe().ok().and_then(|e| e.parent().map(|d| d.join(&name)));
    let exe = match beside.filter(|p| p.is_file()) {
        Some(p) => p,
        None => PathBuf::from(&name),
    };
    let status = match std::process::Command::new(&exe).args(&args).status() {
        Ok(s) => s,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
            "the benchmarks are the separate binary avatard-bench, which is not built: run \
             `cargo run --release -p avatard-bench -- {}` (or `cargo build --release -p avatard-bench` once)",
            args.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" ")
        ),
        Err(e) => return Err(e).with_context(|| format!("starting {}", exe.display())),
    };
    if !status.success() {
        // the benchmark printed its own error; pass its exit code on
        std::process::exit(status.code().unwrap_or(1));
    }
    Ok(())
}
