//! `avatard`: the avatar runtime's command line, a thin layer over the libraries.
//!
//! # Layout
//! - [`cli`]: every command's flags (clap) and the dispatch: `run` starts the runtime library
//!   ([`avatard::service`]); the rest are offline tools.
//! - [`commands`]: `precompute`, `simulate`, `import`, `export`, `flesh` over the simulation crate
//!   ([`avatar_sim`]).
//! - [`demo`]: `avatard demo`, the runtime end to end on recorded tracker streams, rendered in-process.
//! - [`bench`]: `avatard bench ...`, one benchmark per file.
//! - [`jumps`]: the CMU jumps clip as rig frames (the demo's and the jiggle benchmark's motion).
//! - [`util`]: helpers the three share (order statistics, JSON files, free ports).

mod bench;
mod cli;
mod commands;
mod demo;
mod jumps;
mod util;

use clap::Parser;

fn main() -> anyhow::Result<()> {
    avatar_schema::logging::init();
    cli::run(cli::Cli::parse())
}
