//! `avatard-cli`: the avatar runtime's command line as a library; the `avatard` binary (`src/main.rs`) parses
//! the flags and calls [`run`]. The runtime itself is the `avatard` library crate (its `# Layout` follows one
//! tracker frame from the socket to the published `z`); the simulation is `avatar-sim`; the benchmarks are
//! the `avatard-bench` package, which `avatard bench ...` runs.
//!
//! # Layout
//! - `cli.rs` ([`Cli`], [`run`]): the commands and their dispatch.
//! - [`args`]: flags several commands share: the avatar and the precompute cache ([`args::AssetArgs`]), the
//!   web output ([`args::WebArgs`]).
//! - [`commands`]: `run` (the runtime library with its configuration from the TOML file and the flags), `live`
//!   (going live in one command: the runtime, the supervised MediaPipe tracker, the viewer, a status line), the
//!   offline tools `precompute` and `simulate` (`sim.rs`), `import` and `export` (`assets.rs`), `flesh`, and
//!   `prior` (the force prior of force-dual modes, measured on real motion).
//! - [`demo`]: `avatard demo`, the runtime end to end on recorded tracker streams, rendered in-process.
//! - [`motion`]: the standard motions (the CMU jumps clip, hops, twist, head shake, arm swing) as rig frames,
//!   driven through an avatar's own step, and rig-parameter series `p(t)` from motions and recordings (the
//!   prior's input; the benchmarks use them too).
//! - [`measure`]: the secondary displacement `u` per body region (the demo's summary and the benchmarks).
//! - [`jumps`]: the CMU jumps clip as rig frames (the demo's and the jiggle benchmark's motion).
//! - [`util`]: JSON files. Order statistics are [`avatar_sim::stats`].

pub mod args;
mod cli;
pub mod commands;
pub mod demo;
pub mod jumps;
pub mod measure;
pub mod motion;
pub mod util;

pub use cli::{run, Cli};

/// The binaries' logging: `tracing` events to stderr (stdout carries only results), filtered by `RUST_LOG`
/// (default `info`). Call once, first thing in `main`.
pub fn init_logging() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
}
