//! `avatard bench ...`: one benchmark per file. Figures are printed (tables, JSON) and written under `./out/`.
//!
//! - [`transport`]: ZeroMQ PUB → SUB throughput and latency, Rust and pyzmq, pyzmq → pyzmq the baseline.
//! - [`sim`]: skinning eigenmodes (paper 000 Table 1 sizes), the reduced step, full space vs reduced.
//! - [`assets`]: default-avatar precompute, cached re-run, asset load, glb import.
//! - [`flesh`]: Steklov-Poincaré flesh, the paper 002 §7 table, with the volumetric baseline.
//! - [`runtime`]: the daemon end to end (tracker → state latency) and tick throughput with 1–26 avatars.

pub mod assets;
pub mod flesh;
pub mod runtime;
pub mod sim;
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
