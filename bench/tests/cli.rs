//! The benchmarks' command line: every benchmark is there, and `avatard bench` documents the same set.

use std::process::Command;

/// `avatard-bench --help` lists every benchmark the README's table names.
#[test]
fn every_benchmark_is_a_command() {
    let out = Command::new(env!("CARGO_BIN_EXE_avatard-bench")).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for name in [
        "transport",
        "precompute",
        "step",
        "full",
        "assets",
        "flesh",
        "runtime",
        "jiggle",
        "subspaces",
        "tracking",
        "preconditioner",
        "breathing",
    ] {
        assert!(help.lines().any(|l| l.trim_start().starts_with(name)), "{name} missing from:\n{help}");
    }
}
