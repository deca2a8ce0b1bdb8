//! `test`: the README's test command. Sets up the venv (with the tracker's MediaPipe) and the Node packages,
//! checks the generated schema code, the module graph, the runtime library's dependencies and that every
//! integration test file is in its package's test binary ([`test_files`]), checks that the
//! committed browser viewer bundle is current, then runs the viewer's unit tests (node:test), the Python
//! packages' tests (schema; the tracker bridge on real clips) and the whole workspace's `cargo test` (with the
//! renderer's window feature, so that it builds too), and ends with one line of totals over every runner. The
//! first step that fails stops the run with its exit code.

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

use crate::process::{self, Result};
use crate::totals::Totals;
use crate::{cycles, deps, node, schema, setup, test_files, venv, viewer};

pub fn run(root: &Path, cargo_test_args: &[OsString]) -> Result {
    setup::run(root, None)?;
    schema::run(root, true)?;
    cycles::check(root, &[])?;
    deps::check(root)?;
    test_files::check(root)?;

    let mut totals = Totals::default();
    let mut tee = |cmd: Command| process::run_tee(cmd, &mut |line| totals.add_line(line));

    println!("== viewer: the committed bundle is current (npm ci, typecheck, bundle, compare); unit tests");
    viewer::build(root, true)?;
    let mut npm = node::npm(root);
    npm.args(["run", "--prefix", "viewer", "--silent", "test:unit"]);
    tee(headless(npm))?;

    let py = venv::require_python(root, "test")?;
    for tests in [
        Path::new("schema").join("python").join("tests"),
        Path::new("tracker-bridge").join("python").join("tests"),
    ] {
        println!("== python: {}", tests.display());
        let mut pytest = Command::new(&py);
        pytest.current_dir(root).args(["-m", "pytest", "-q"]).arg(&tests);
        tee(headless(pytest))?;
    }

    // One build for every test and for the renderer's window feature (`avatar-view window`): checking that
    // feature in a `cargo check` of its own re-read every dependency in a second profile.
    println!("== rust: cargo test --workspace --features renderer/window");
    let mut cargo_test = process::cargo();
    cargo_test.current_dir(root).args(cargo_test_command(cargo_test_args));
    tee(headless(cargo_test))?;

    println!("{totals}");
    Ok(())
}

/// Mesa complains (harmlessly) on Linux without a runtime folder, and the renderer's tests run headless there:
/// give them `/tmp` unless the user has one.
fn headless(mut cmd: Command) -> Command {
    let set = std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|v| !v.is_empty());
    if let Some(dir) = mesa_runtime_dir(cfg!(target_os = "linux"), set) {
        cmd.env("XDG_RUNTIME_DIR", dir);
    }
    cmd
}

fn mesa_runtime_dir(linux: bool, already_set: bool) -> Option<&'static str> {
    (linux && !already_set).then_some("/tmp")
}

/// `cargo test --workspace --locked --features renderer/window` with the user's arguments after it
/// (`cargo xtask test -- --skip slow`). Arguments that pick packages (`-p NAME`) replace `--workspace` and the
/// feature, so that `cargo xtask test -p avatar-schema` runs the whole procedure around one package's tests.
fn cargo_test_command(extra: &[OsString]) -> Vec<OsString> {
    let before_dashes = extra.iter().take_while(|a| a.as_os_str() != "--");
    let picks_packages = before_dashes
        .map(|a| a.to_string_lossy())
        .any(|a| a.starts_with("-p") || a == "--package" || a.starts_with("--package="));
    let mut args: Vec<OsString> = vec!["test".into()];
    if !picks_packages {
        args.extend(["--workspace".into(), "--features".into(), "renderer/window".into()]);
    }
    args.push("--locked".into());
    args.extend(extra.iter().cloned());
    args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cargo_args(extra: &[&str]) -> String {
        let extra: Vec<OsString> = extra.iter().map(OsString::from).collect();
        cargo_test_command(&extra)
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn cargo_test_arguments() {
        assert_eq!(cargo_args(&[]), "test --workspace --features renderer/window --locked");
        assert_eq!(
            cargo_args(&["--", "--skip", "slow"]),
            "test --workspace --features renderer/window --locked -- --skip slow"
        );
        assert_eq!(cargo_args(&["-p", "avatar-schema"]), "test --locked -p avatar-schema");
        assert_eq!(
            cargo_args(&["--package=avatar-sim", "--release"]),
            "test --locked --package=avatar-sim --release"
        );
        assert_eq!(cargo_args(&["-pavatar-sim"]), "test --locked -pavatar-sim");
        // After `--` the arguments are the test binaries': `-p` there picks no package.
        assert_eq!(cargo_args(&["--", "-p"]), "test --workspace --features renderer/window --locked -- -p");
    }

    #[test]
    fn mesa_gets_a_runtime_dir_on_linux_only() {
        assert_eq!(mesa_runtime_dir(true, false), Some("/tmp"));
        assert_eq!(mesa_runtime_dir(true, true), None);
        assert_eq!(mesa_runtime_dir(false, false), None);
    }
}
