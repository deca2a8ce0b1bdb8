//! `avatard`: the avatar runtime's command line, a thin layer over the `avatard_cli` library (the commands) and
//! the `avatard` library (the runtime).

use clap::Parser;

fn main() -> anyhow::Result<()> {
    avatar_logging::init();
    avatard_cli::run(avatard_cli::Cli::parse())
}
