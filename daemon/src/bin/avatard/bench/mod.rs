//! `avatard bench ...`: one benchmark per file. Figures are printed (tables, JSON) and written under `./out/`.
//!
//! - [`transport`]: ZeroMQ PUB → SUB throughput and latency, Rust and pyzmq, pyzmq → pyzmq the baseline.
//! - [`precompute`]: skinning eigenmodes on meshes of paper 000's Table 1 sizes.
//! - [`step`]: the reduced step, time per iteration and per step.
//! - [`full`]: full-space complementary dynamics against the reduced step.
//! - [`assets`]: default-avatar precompute, cached re-run, asset load, glb import.
//! - [`flesh`]: Steklov-Poincaré flesh, the paper 002 §7 table, with the volumetric baseline.
//! - [`runtime`]: the daemon end to end (tracker → state latency) and tick throughput with 1–26 avatars.
//! - [`jiggle`]: secondary motion per body region under standard motions (jumps, hops, twist, head, arms),
//!   through the daemon's per-avatar step; JSON, PNG plots and a rendered frame strip.
//! - [`preconditioner`]: the ex-rotated solve as the co-rotational step's starting point, iterations and time
//!   at equal accuracy against local-global from the previous `z`.
//! - [`subspaces`]: skinning eigenmodes, force-dual modes and rotation-strain coordinates against full-space
//!   complementary dynamics on a small avatar (error vs modes, locality, cost per step).
//! - [`breathing`]: idle breathing (paper 003 modal actuation): chest/belly displacement per region, its
//!   frequency, how much of the target the flesh reaches, tick time with breathing on and off.
//! - [`tracking`]: how closely the avatar follows a recorded pose stream (error, delay, jitter per limb)
//!   under the landmark filter's settings.

pub mod assets;
pub mod breathing;
pub mod flesh;
pub mod full;
pub mod jiggle;
pub mod precompute;
pub mod preconditioner;
pub mod runtime;
pub mod step;
pub mod subspaces;
pub mod tracking;
pub mod transport;

use anyhow::Result;
use serde::Serialize;
use std::path::Path;

/// Write a benchmark's JSON report and say where.
pub fn write_report(path: &Path, report: &impl Serialize) -> Result<()> {
    crate::util::write_json(path, report)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
