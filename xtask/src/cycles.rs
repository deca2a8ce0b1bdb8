//! `check-module-cycles`: no two modules of a crate import each other, directly or through others. The check
//! is the Python script tools/check-module-cycles (its docstring has the rules); it is run with the venv's
//! Python because a bare `python3` is not on Windows, and the script's shebang is not read there.

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

use crate::process::{self, Result};
use crate::venv;

/// `crate_dirs`: the crates to check (default: every workspace member).
pub fn check(root: &Path, crate_dirs: &[OsString]) -> Result {
    let py = venv::require_python(root, "check-module-cycles")?;
    process::run(
        Command::new(py)
            .current_dir(root)
            .arg(root.join("tools").join("check-module-cycles"))
            .args(crate_dirs),
    )
}
