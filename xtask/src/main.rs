//! `cargo xtask <command>`: the project's test command and developer tasks, in Rust (std only) so that they run
//! the same on Windows, macOS and Linux with nothing but cargo, Python and Node installed; no shell is needed.
//! `cargo xtask` is an alias (.cargo/config.toml) for `cargo run --package xtask --quiet --`. The bash scripts of
//! the same names in tools/ only call these commands, for old habits and the scripts that call them.
//!
//! # Layout
//! - [`test`]: `test`, the README's test command: every step below in order, then the test runners, then the
//!   totals line.
//! - [`setup`]: `setup [venv|node|tracker]`, over [`venv`] (the Python venv, its programs' paths and the
//!   input-hash stamps), [`node`] (the VRM checker's npm packages, and the `npm ci` when stale that
//!   [`viewer`] shares) and [`tracker`] (MediaPipe and its models, with tools/setup_tracker.py).
//! - [`schema`]: `gen-schema [--check]`, flatc's code from schema/avatar.fbs, over [`tree`] (file trees
//!   compared and copied).
//! - [`viewer`]: `build-viewer [--check]`, the browser viewer's committed bundle.
//! - [`cycles`]: `check-module-cycles`, with the Python script tools/check-module-cycles.
//! - [`deps`]: each library's dependency rules (`cargo tree`: the runtime stays lean, the core knows no wire
//!   format, the benchmarks need no binary crate), run by `test`.
//! - [`totals`]: the `total: N passed, M failed` line from the runners' summaries.
//! - [`process`]: starting tools, exit codes and messages, and the live-and-captured output of the runners.
//! - [`platform`]: what differs between Windows and the Unixes, as pure functions of the OS.
//! - [`tempdir`]: scratch folders removed on drop.

mod cycles;
mod deps;
mod node;
mod platform;
mod process;
mod schema;
mod setup;
mod tempdir;
mod test;
mod test_files;
mod totals;
mod tracker;
mod tree;
mod venv;
mod viewer;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use process::Failure;

const USAGE: &str = "\
usage: cargo xtask <command>
  test [CARGO_TEST_ARGS...]     the project's tests (README); arguments go to `cargo test`
                                (`-- --skip NAME`; `-p PACKAGE` instead of --workspace)
  setup [venv|node|tracker]     the Python venv, the VRM checker's npm packages, MediaPipe and its models
                                (default: all three)
  gen-schema [--check]          regenerate the committed FlatBuffers code, or fail if it is not current
  build-viewer [--check]        the browser viewer: viewer/ -> viewer/dist/ (committed, embedded in avatard),
                                or fail if the committed bundle is not current
  check-module-cycles [CRATE_DIR...]  no two modules of a crate import each other";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match dispatch(&repo_root(), &args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// The repository: xtask/ is in it, and every task runs from it wherever `cargo xtask` is called.
fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

fn dispatch(root: &Path, args: &[OsString]) -> process::Result {
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.to_string_lossy(), rest),
        None => return Err(usage("")),
    };
    let words: Vec<String> = rest.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    match (command.as_ref(), words.as_slice()) {
        ("test", _) => test::run(root, rest),
        ("setup", []) => setup::run(root, None),
        ("setup", [part]) => match setup::Part::parse(part) {
            Some(p) => setup::run(root, Some(p)),
            None => Err(usage(&format!("setup: unknown part `{part}`"))),
        },
        ("gen-schema", []) => schema::run(root, false),
        ("gen-schema", ["--check"]) => schema::run(root, true),
        ("build-viewer", []) => viewer::build(root, false),
        ("build-viewer", ["--check"]) => viewer::build(root, true),
        ("check-module-cycles", _) => cycles::check(root, rest),
        ("help" | "-h" | "--help", _) => {
            println!("{USAGE}");
            Ok(())
        }
        (c, _) => Err(usage(&format!("unknown command or arguments: {c} {}", words.join(" ")))),
    }
}

fn usage(problem: &str) -> Failure {
    let problem = if problem.is_empty() { String::new() } else { format!("xtask: {}\n", problem.trim_end()) };
    Failure::setup(format!("{problem}{USAGE}"))
}
