//! Small helpers shared by the commands, the benchmarks and the demo: JSON files.

use anyhow::{Context, Result};
use serde::Serialize;
use std::path::Path;

/// Write `value` as indented JSON (reports), creating the folder.
pub fn write_json(path: &Path, value: &impl Serialize) -> Result<()> {
    write(path, serde_json::to_string_pretty(value)?)
}

/// Write `value` as one line of JSON (large outputs: trajectories, surface positions), creating the folder.
pub fn write_json_compact(path: &Path, value: &impl Serialize) -> Result<()> {
    write(path, serde_json::to_string(value)?)
}

fn write(path: &Path, text: String) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))
}
