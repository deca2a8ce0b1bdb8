//! `avatard-bench`: the benchmarks' binary, a thin layer over the `avatard_bench` library.

use clap::Parser;

fn main() -> anyhow::Result<()> {
    // Logs go to stderr (stdout carries only results), filtered by RUST_LOG (default: info).
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    avatard_bench::run(avatard_bench::Bench::parse())
}
