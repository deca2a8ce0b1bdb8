//! The project's Python venv (`.venv`: tools/requirements.txt and the schema's package, editable), what
//! `setup venv` makes and everything else runs Python from; and the input-hash stamps that make setting it up
//! again a no-op when nothing it was made from changed.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::platform::{self, Os, PythonCommand};
use crate::process::{self, Failure, Result};

const STAMP: &str = ".requirements.sha256";

pub fn dir(root: &Path) -> PathBuf {
    root.join(".venv")
}

/// A program the venv installs (`python`, `flatc`), on this OS.
pub fn program(root: &Path, name: &str) -> PathBuf {
    platform::venv_program(&dir(root), Os::current(), name)
}

pub fn python(root: &Path) -> PathBuf {
    program(root, "python")
}

/// The venv's Python, or what to run when there is none yet.
pub fn require_python(root: &Path, who: &str) -> Result<PathBuf> {
    let py = python(root);
    if py.is_file() {
        Ok(py)
    } else {
        Err(Failure::setup(format!("{who}: {} not found: run `cargo xtask setup venv` first", py.display())))
    }
}

/// `python -m pip install`, quiet, as every install of the set-up runs it.
pub fn pip_install(python: &Path) -> Command {
    let mut c = Command::new(python);
    c.args(["-m", "pip", "install", "-q", "--disable-pip-version-check"]);
    c
}

/// The SHA-256 of the files' bytes one after the other (what `cat FILES | sha256sum` gave the bash scripts, so
/// that a venv they stamped stays current), computed by the venv's Python: the stamp only needs to change with
/// the files, and a Python is at hand wherever there is a venv to stamp.
pub fn files_sha256(python: &Path, files: &[PathBuf]) -> Result<String> {
    let code = "import hashlib, sys\n\
                h = hashlib.sha256()\n\
                for p in sys.argv[1:]:\n    \
                    with open(p, 'rb') as f:\n        \
                        h.update(f.read())\n\
                print(h.hexdigest())";
    let mut c = Command::new(python);
    c.arg("-c").arg(code).args(files);
    Ok(process::stdout_of(&mut c)?.trim().to_string())
}

/// Whether the stamp file holds `want` (a missing or unreadable stamp does not).
pub fn stamp_matches(stamp: &Path, want: &str) -> bool {
    fs::read_to_string(stamp).is_ok_and(|s| s.trim() == want)
}

pub fn write_stamp(stamp: &Path, want: &str) -> Result {
    fs::write(stamp, format!("{want}\n")).map_err(|e| Failure::io("writing", stamp, e))
}

/// Creates the venv if there is none and installs its requirements when they changed since the stamp.
pub fn setup(root: &Path) -> Result {
    let venv = dir(root);
    let py = python(root);
    let stamp = venv.join(STAMP);
    let inputs = [
        root.join("tools").join("requirements.txt"),
        root.join("schema").join("python").join("pyproject.toml"),
    ];
    // A venv whose Python cannot even hash is as good as none: reinstalling says what is wrong with it.
    if py.is_file() && files_sha256(&py, &inputs).is_ok_and(|want| stamp_matches(&stamp, &want)) {
        return Ok(());
    }
    if !py.is_file() {
        let base = base_python()?;
        let mut c = base.command();
        c.args(["-m", "venv"]).arg(&venv);
        process::run(&mut c).map_err(|f| Failure {
            message: format!(
                "{}\nsetup-venv: `{} -m venv` failed (Debian: apt-get install python3-venv)",
                f.message,
                base.shown()
            ),
            ..f
        })?;
    }
    process::run(pip_install(&py).arg("-r").arg(&inputs[0]))?;
    process::run(pip_install(&py).arg("--no-deps").arg("-e").arg(root.join("schema").join("python")))?;
    write_stamp(&stamp, &files_sha256(&py, &inputs)?)?;
    println!("setup-venv: {} ready", venv.display());
    Ok(())
}

/// The Python the venv is made from: the first of [`platform::base_pythons`] that runs and is new enough.
fn base_python() -> Result<PythonCommand> {
    let mut tried = Vec::new();
    for candidate in platform::base_pythons(Os::current(), std::env::var_os("PYTHON")) {
        let found = version_of(&candidate);
        if found.is_some_and(new_enough) {
            return Ok(candidate);
        }
        let what = match found {
            Some((major, minor)) => format!("{major}.{minor}"),
            None => "does not run".into(),
        };
        tried.push(format!("`{}` ({what})", candidate.shown()));
    }
    Err(Failure::setup(format!(
        "setup-venv: need Python >= 3.10; tried {} (set PYTHON=/path/to/python3)",
        tried.join(", ")
    )))
}

fn version_of(python: &PythonCommand) -> Option<(u32, u32)> {
    let mut c = python.command();
    c.args(["-c", "import sys; print('%d.%d' % sys.version_info[:2])"]);
    parse_version(&process::probe(&mut c)?)
}

fn parse_version(text: &str) -> Option<(u32, u32)> {
    let (major, minor) = text.trim().split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}

/// The project's floor (README: Python 3.10+; the tracker's wheels are checked on 3.10 to 3.13).
pub fn new_enough(version: (u32, u32)) -> bool {
    version >= (3, 10)
}

/// `(major, minor)` of the venv's Python, `None` if it does not run.
pub fn venv_version(python: &Path) -> Option<(u32, u32)> {
    version_of(&PythonCommand { program: OsString::from(python), args: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_versions_parse_and_compare() {
        assert_eq!(parse_version("3.11\n"), Some((3, 11)));
        assert_eq!(parse_version("3.9"), Some((3, 9)));
        assert_eq!(parse_version("Python 3.11"), None);
        assert!(new_enough((3, 10)) && new_enough((3, 13)) && new_enough((4, 0)));
        assert!(!new_enough((3, 9)) && !new_enough((2, 7)));
    }
}
