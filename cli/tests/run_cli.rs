//! `avatard run` as a process: what the command line checks before starting, and how the process ends when the
//! runtime inside it fails (moved here from the runtime library's tests: these need the `avatard` binary).

use std::process::Command;
use std::time::{Duration, Instant};

/// The `avatard` process with a solver thread that dies: it logs the cause and exits non-zero instead of
/// answering on its sockets as a zombie.
#[test]
fn the_avatard_process_exits_non_zero_when_its_solver_thread_dies() {
    // port 0: each socket gets a free port from the OS
    let ep = avatard::ANY_LOOPBACK_PORT;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_avatard"))
        .args(["run", "--input", ep, "--state", ep, "--control", ep])
        .env("AVATARD_TEST_FAULT", "thread:60")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().ok();
            panic!("avatard kept running with a dead solver thread");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(!status.success(), "exit status {status} with a dead solver thread");
    assert!(err.contains("solver thread died") && err.contains("tick 60"), "stderr: {err}");
}

/// The command line's VMC flags are checked before anything starts: a rate or avatar without `--vmc-out`, a
/// rate out of range, an unknown avatar, a bad target; `--help` lists the flags.
#[test]
fn the_vmc_flags_are_checked_at_start() {
    let avatard = env!("CARGO_BIN_EXE_avatard");
    for (args, says) in [
        (&["--vmc-rate-hz", "30"][..], "vmc_out"),
        (&["--vmc-avatar", "default"][..], "vmc_out"),
        (&["--vmc-out", "127.0.0.1:9", "--vmc-rate-hz", "0"][..], "vmc_rate_hz"),
        (&["--vmc-out", "127.0.0.1:9", "--vmc-rate-hz", "2000"][..], "vmc_rate_hz"),
        (&["--vmc-out", "127.0.0.1", "--vmc-avatar", "nobody"][..], "vmc_avatar"),
        (&["--vmc-out", "127.0.0.1:port"][..], "vmc_out"),
    ] {
        let out = Command::new(avatard).arg("run").args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(says), "{args:?}: {err}");
    }
    let help = Command::new(avatard).args(["run", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in ["--vmc-out <HOST[:PORT]>", "--vmc-rate-hz", "--vmc-avatar"] {
        assert!(help.contains(flag), "{flag} missing from avatard run --help");
    }
}

/// `avatard bench ARGS` runs the `avatard-bench` binary from beside `avatard` with ARGS unread, and passes its
/// exit status on: shown with a copy of `avatard` itself standing in for `avatard-bench` (so the test needs no
/// second build), which answers `--version` as `avatard` and fails on an unknown command.
#[test]
fn avatard_bench_runs_the_benchmarks_binary_beside_it() {
    let dir = std::env::temp_dir().join(format!("avatard-bench-fwd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = |name: &str| dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_avatard"), exe("avatard")).unwrap();
    // alone: no avatard-bench beside it, none on PATH
    let out = Command::new(exe("avatard"))
        .args(["bench", "step", "--steps", "3"])
        .env("PATH", "")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "avatard bench without avatard-bench succeeded");
    assert!(err.contains("cargo run --release -p avatard-bench -- step --steps 3"), "stderr: {err}");
    // with a stand-in beside it: the arguments arrive unread (--version is not avatard bench's own flag)
    std::fs::copy(env!("CARGO_BIN_EXE_avatard"), exe("avatard-bench")).unwrap();
    let out = Command::new(exe("avatard")).args(["bench", "--version"]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.starts_with("avatard "), "stdout: {said}");
    let out = Command::new(exe("avatard")).args(["bench", "no-such-benchmark"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "the stand-in's usage error (clap: 2) is passed on");
    std::fs::remove_dir_all(&dir).ok();
}
