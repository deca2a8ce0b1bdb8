//! Node packages: `setup node` (the VRM checker's packages in tools/vrm-check) and the `npm ci` that it and
//! `build-viewer` share, run only when a folder's node_modules is missing or older than its lock file, since a
//! fresh `npm ci` deletes and reinstalls everything.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

use crate::platform::{self, Os};
use crate::process::{self, Failure, Result};

/// `npm` on this OS, to run in `root`.
pub fn npm(root: &Path) -> Command {
    let mut c = Command::new(platform::npm(Os::current()));
    c.current_dir(root);
    c
}

/// Fails with what to install when node or npm does not run.
pub fn require_node(root: &Path, who: &str) -> Result {
    let node = process::probe(Command::new("node").arg("--version")).is_some();
    if node && process::probe(npm(root).arg("--version")).is_some() {
        return Ok(());
    }
    Err(Failure::setup(format!(
        "{who}: node and npm are needed (Debian: apt-get install nodejs npm; elsewhere: https://nodejs.org)"
    )))
}

/// `npm ci` in `dir` (relative to `root`) unless its node_modules is newer than package.json and the lock.
/// npm itself writes `node_modules/.package-lock.json` on every install; it is touched afterwards so that its
/// time is the install's even when npm left it unchanged.
pub fn ci_if_stale(root: &Path, dir: &Path, who: &str) -> Result {
    let abs = root.join(dir);
    let stamp = abs.join("node_modules").join(".package-lock.json");
    if !stale(&stamp, &[abs.join("package-lock.json"), abs.join("package.json")]) {
        return Ok(());
    }
    println!("{who}: npm ci in {}", dir.display());
    process::run(npm(root).arg("ci").arg("--prefix").arg(dir).args(["--no-audit", "--no-fund"]))?;
    touch(&stamp)
}

/// Whether `stamp` is missing or older than any of `inputs` (`[ a -nt b ]`: a missing input is not newer).
fn stale(stamp: &Path, inputs: &[std::path::PathBuf]) -> bool {
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(made) = modified(stamp) else { return true };
    inputs.iter().any(|i| modified(i).is_some_and(|t| t > made))
}

fn touch(path: &Path) -> Result {
    fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(SystemTime::now()))
        .map_err(|e| Failure::io("touching", path, e))
}

/// `setup node`: the VRM checker's packages (Khronos glTF validator, three, three-vrm; cli/tests/vrm_export.rs).
pub fn setup(root: &Path) -> Result {
    require_node(root, "setup-node")?;
    ci_if_stale(root, &Path::new("tools").join("vrm-check"), "setup-node")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tempdir::TempDir;
    use std::time::Duration;

    #[test]
    fn node_modules_is_stale_when_missing_or_older_than_an_input() {
        let dir = TempDir::new("node-stale").unwrap();
        let stamp = dir.path().join("stamp");
        let lock = dir.path().join("package-lock.json");
        fs::write(&lock, "{}").unwrap();
        assert!(stale(&stamp, std::slice::from_ref(&lock)), "no stamp yet");
        touch(&stamp).unwrap();
        let earlier = SystemTime::now() - Duration::from_secs(60);
        fs::File::options().write(true).open(&lock).unwrap().set_modified(earlier).unwrap();
        assert!(!stale(&stamp, &[lock.clone(), dir.path().join("missing.json")]));
        let later = SystemTime::now() + Duration::from_secs(60);
        fs::File::options().write(true).open(&lock).unwrap().set_modified(later).unwrap();
        assert!(stale(&stamp, &[lock]));
    }
}
