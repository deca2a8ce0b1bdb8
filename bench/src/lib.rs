//! `avatard-bench` (also run as `avatard bench ...`): the avatar runtime's benchmarks, one per file, as a
//! package of their own (not published) so that neither the runtime library nor the `avatard` command line
//! carries their plotting. Figures are printed (tables, JSON) and written under `./out/`. The motions, the
//! displacement measure, the force prior, the tracking harness and the asset flags come from `avatar-lab`, the
//! library the command line shares; the benchmarks depend on no binary crate.
//!
//! # Layout
//!
//! - [`transport`]: ZeroMQ PUB → SUB throughput and latency, Rust and pyzmq, pyzmq → pyzmq the baseline.
//! - [`precompute`]: skinning eigenmodes on meshes of paper 000's Table 1 sizes.
//! - [`step`]: the reduced step, time per iteration and per step.
//! - [`full`]: full-space complementary dynamics against the reduced step.
//! - [`fidelity`]: the runtime's own flesh (its step and defaults) against full space on the same mesh, per
//!   body region of the render surface: peak, RMS, frequency, decay, spurious motion; one-step, projection and
//!   trajectory errors.
//! - [`held`]: what the held part of the flesh costs the per-avatar step, with and without it, same run.
//! - [`assets`]: default-avatar precompute, cached re-run, asset load, glb import.
//! - [`flesh`]: Steklov-Poincaré flesh, the paper 002 §7 table, with the volumetric baseline.
//! - [`runtime`]: the daemon end to end (tracker → state latency) and tick throughput with 1–26 avatars.
//! - [`jiggle`]: secondary motion per body region under standard motions (jumps, hops, twist, head, arms),
//!   through the daemon's per-avatar step; JSON, PNG plots and a rendered frame strip.
//! - [`mocap_clip`]: a rendered clip of CMU mocap on an avatar from a static camera framing the whole path,
//!   with its ground truth (root, hips, ankles), for the tracker's grounding benchmark.
//! - [`preconditioner`]: the ex-rotated solve as the co-rotational step's starting point, iterations and time
//!   at equal accuracy against local-global from the previous `z`.
//! - [`subspaces`]: skinning eigenmodes, force-dual modes and rotation-strain coordinates against full-space
//!   complementary dynamics on a small avatar (error vs modes, locality, cost per step).
//! - [`breathing`]: idle breathing (paper 003 modal actuation): chest/belly displacement per region, its
//!   frequency, how much of the target the flesh reaches, tick time with breathing on and off.
//! - [`springs`]: VRM spring bones: µs per joint per tick, and N avatars with springs on and off.
//! - [`grounding`]: recorded webcam streams with grounding off and on: foot sliding, floor, root path, hop,
//!   flesh, limb error, the stage's cost.
//! - [`tracking`]: how closely the avatar follows a recorded pose stream (error, delay, jitter per limb)
//!   under the landmark filter's settings.

pub mod assets;
pub mod breathing;
pub mod fidelity;
pub mod flesh;
pub mod full;
pub mod grounding;
pub mod held;
pub mod jiggle;
pub mod mocap_clip;
pub mod precompute;
pub mod preconditioner;
pub mod runtime;
pub mod springs;
pub mod step;
pub mod subspaces;
pub mod tracking;
pub mod transport;

use anyhow::Result;
use clap::{Parser, Subcommand};
use serde::Serialize;
use std::path::Path;

/// `avatard-bench`: the command line.
#[derive(Parser)]
#[command(
    name = "avatard-bench",
    version,
    about = "The avatar runtime's benchmarks; figures are printed as JSON"
)]
pub struct Bench {
    #[command(subcommand)]
    command: BenchCommand,
}

/// Write a benchmark's JSON report and say where.
pub fn write_report(path: &Path, report: &impl Serialize) -> Result<()> {
    avatar_lab::util::write_json(path, report)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

#[derive(Subcommand)]
pub enum BenchCommand {
    /// ZeroMQ PUB->SUB throughput and latency, Rust and pyzmq, with pyzmq->pyzmq as the baseline.
    Transport(crate::transport::TransportArgs),
    /// Skinning eigenmodes (Eq. 22) on meshes of the paper's Table 1 sizes.
    Precompute(crate::precompute::PrecomputeArgs),
    /// The reduced step (Alg. 2): time per local-global iteration and per step, one core.
    Step(crate::step::StepArgs),
    /// Full-space complementary dynamics (sparse KKT, per-tet rotations) against the reduced step.
    Full(crate::full::FullArgs),
    /// Default avatar precompute, cached re-run, asset load time and size; glb import time.
    Assets(crate::assets::AssetsArgs),
    /// Steklov-Poincaré flesh (paper 002 §7 table) on the default avatar and a ≥200K-tet arm, with the
    /// volumetric PCG baseline.
    Flesh(crate::flesh::BenchFleshArgs),
    /// The daemon end to end (tracker -> state latency at 30/60 Hz input) and Solver::tick throughput with 1-26
    /// avatars; JSON and an SVG plot in ./out/.
    Runtime(crate::runtime::RuntimeArgs),
    /// VRM spring bones: µs per joint per tick (goal <= 1), and N avatars with springs on and off.
    Springs(crate::springs::SpringsArgs),
    /// Secondary motion per body region (peak, RMS, settling, inverted tets) under standard motions through
    /// the daemon's per-avatar step; JSON, PNG plots and a rendered frame strip in ./out/.
    Jiggle(crate::jiggle::JiggleArgs),
    /// Skinning eigenmodes, force-dual modes and rotation-strain coordinates against full space: error vs
    /// modes on real and procedural motions, locality, cost per step.
    Subspaces(crate::subspaces::SubspacesArgs),
    /// The runtime's flesh against full-space complementary dynamics, region by region.
    Fidelity(crate::fidelity::FidelityArgs),
    /// The held part of the flesh: the per-avatar step with and without it, alternating, same run.
    Held(crate::held::HeldArgs),
    /// Recorded webcam streams with grounding off and on: foot sliding while planted, feet on the floor, the root's
    /// path against the image, hop height, chest/belly flesh, limb error, the stage's cost per frame.
    Grounding(crate::grounding::GroundingArgs),
    /// How closely the avatar follows a recorded pose stream: limb error, delay and jitter under the landmark
    /// filter's settings (defaults, the pre-issue-18 ones, unfiltered, a grid with --sweep).
    Tracking(crate::tracking::TrackingArgs),
    /// A rendered clip of CMU mocap (BVH) on the avatar, static camera framing the motion's whole path, and its
    /// ground truth (root, hip centre, ankles per frame) as JSON: input for the tracker's grounding benchmark.
    MocapClip(crate::mocap_clip::MocapClipArgs),
    /// The ex-rotated solve (paper 002) as the starting point of the co-rotational step: iterations and time
    /// at equal accuracy against local-global from the previous z.
    Preconditioner(crate::preconditioner::PreconditionerArgs),
    /// Idle breathing (paper 003 modal actuation of chest and belly): displacement per region, frequency,
    /// tick time with breathing on and off; JSON and an SVG plot with --out.
    Breathing(crate::breathing::BreathingArgs),
}

/// Run one benchmark.
pub fn run(bench: Bench) -> Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    match bench.command {
        BenchCommand::Transport(args) => rt.block_on(transport::transport(args)),
        BenchCommand::Precompute(args) => precompute::precompute(args),
        BenchCommand::Step(args) => step::step(args),
        BenchCommand::Full(args) => full::full(args),
        BenchCommand::Assets(args) => assets::assets(args),
        BenchCommand::Flesh(args) => flesh::bench(args),
        BenchCommand::Runtime(args) => runtime::runtime(args, &rt),
        BenchCommand::Springs(args) => springs::springs(args),
        BenchCommand::Jiggle(args) => jiggle::jiggle(args),
        BenchCommand::Subspaces(args) => subspaces::subspaces(args),
        BenchCommand::Fidelity(args) => fidelity::fidelity(args),
        BenchCommand::Held(args) => held::held(args),
        BenchCommand::Tracking(args) => tracking::tracking(args),
        BenchCommand::Grounding(args) => grounding::grounding(args),
        BenchCommand::Breathing(args) => breathing::breathing(args),
        BenchCommand::MocapClip(args) => mocap_clip::mocap_clip(args),
        BenchCommand::Preconditioner(args) => preconditioner::preconditioner(args),
    }
}
