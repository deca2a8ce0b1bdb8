//! `avatard-bench`: the benchmarks' binary, a thin layer over the `avatard_bench` library.

use clap::Parser;

fn main() -> anyhow::Result<()> {
    avatar_logging::init();
    avatard_bench::run(avatard_bench::Bench::parse())
}
