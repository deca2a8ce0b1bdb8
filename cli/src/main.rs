//! `avatard`: the avatar runtime's command line, a thin layer over the `avatard_cli` library (the commands) and
//! the `avatard` library (the runtime).

use clap::Parser;

fn main() -> anyhow::Result<()> {
    avatard_cli::init_logging();
    avatard_cli::run(avatard_cli::Cli::parse())
}
