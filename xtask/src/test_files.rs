//! Every integration test file runs: each package's `tests/*.rs` are modules of one test binary
//! (`tests/main.rs`, with `autotests = false`) or a `[[test]]` of their own in the package's manifest (the files
//! that time a daemon), so a file named by neither would be silently left out. This check refuses one.

use std::collections::BTreeSet;
use std::path::Path;

use crate::process::{Failure, Result};

/// The folders whose `*.rs` files are the modules of the `main.rs` beside them, with the manifest of the
/// package whose tests they are.
pub const FOLDERS: [(&str, &str); 9] = [
    ("bench/tests", "bench/Cargo.toml"),
    ("cli/tests", "cli/Cargo.toml"),
    ("daemon/tests", "daemon/Cargo.toml"),
    ("lab/tests", "lab/Cargo.toml"),
    ("renderer/tests", "renderer/Cargo.toml"),
    ("schema/tests", "schema/Cargo.toml"),
    ("sim/tests", "sim/Cargo.toml"),
    ("tracker-bridge/tests", "tracker-bridge/Cargo.toml"),
    ("tests/tests", "cli/Cargo.toml"),
];

pub fn check(root: &Path) -> Result {
    let mut bad = Vec::new();
    for (folder, manifest) in FOLDERS {
        let dir = root.join(folder);
        let read = |path: &Path| {
            std::fs::read_to_string(path)
                .map_err(|e| Failure::check(format!("test: {}: {e}", path.display())))
        };
        let main = read(&dir.join("main.rs"))?;
        let manifest_path = root.join(manifest);
        let manifest_dir = manifest_path.parent().expect("a file in a folder");
        let own: Vec<String> = test_paths(&read(&manifest_path)?)
            .iter()
            .filter(|p| manifest_dir.join(p).parent().is_some_and(|d| same(d, &dir)))
            .filter_map(|p| Path::new(p).file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        let entries = std::fs::read_dir(&dir).map_err(|e| Failure::check(format!("test: {folder}: {e}")))?;
        let files: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        for problem in differences(&files, &main, &own) {
            bad.push(format!("{folder}: {problem}"));
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    for line in &bad {
        println!("{line}");
    }
    Err(Failure::check(
        "test: integration test files and their main.rs disagree (see xtask/src/test_files.rs)",
    ))
}

/// The `path`s of the `[[test]]` targets of a manifest (`path = "tests/web.rs"`).
fn test_paths(manifest: &str) -> Vec<String> {
    let mut in_test = false;
    let mut out = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_test = line == "[[test]]";
        } else if let (true, Some(value)) = (in_test, line.strip_prefix("path")) {
            let value = value.trim_start().trim_start_matches('=').trim().trim_matches('"');
            out.push(value.to_string());
        }
    }
    out
}

/// Whether two folders are the same (`a/b/../b` and `a/b`).
fn same(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The `.rs` files of a tests folder that neither a `mod` line of its `main.rs` nor the package's own
/// `[[test]]` targets (`own`: file names) name (a `mod` line without its file fails to compile, so needs no
/// check here).
fn differences(files: &[String], main: &str, own: &[String]) -> Vec<String> {
    let modules: BTreeSet<&str> = main
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::trim)
        .collect();
    let stems: BTreeSet<&str> = files
        .iter()
        .filter(|f| !own.contains(f))
        .filter_map(|f| f.strip_suffix(".rs"))
        .filter(|s| *s != "main")
        .collect();
    stems
        .difference(&modules)
        .map(|s| {
            format!("{s}.rs is neither a module of main.rs nor a [[test]]: its tests would not run (add `mod {s};`)")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_test_targets_paths_are_read_from_the_manifest() {
        let manifest = "[package]\nname = \"x\"\npath = \"no\"\n\n[[test]]\nname = \"web\"\npath = \"tests/web.rs\"\n\n\
                        [[test]]\nname = \"e2e\"\npath=\"../tests/tests/main.rs\"\n[dependencies]\npath = \"no\"\n";
        assert_eq!(test_paths(manifest), ["tests/web.rs", "../tests/tests/main.rs"]);
    }

    #[test]
    fn a_test_file_left_out_of_main_is_found() {
        let main = "//! doc\n\nmod common;\nmod breathing;\n";
        let own = names(&["web.rs"]);
        assert!(differences(&names(&["main.rs", "breathing.rs", "web.rs"]), main, &own).is_empty());
        let out =
            differences(&names(&["main.rs", "breathing.rs", "web.rs", "hands.rs", "notes.md"]), main, &own);
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with("hands.rs is neither"), "{out:?}");
        // without its [[test]], web.rs is left out too
        assert_eq!(differences(&names(&["main.rs", "breathing.rs", "web.rs"]), main, &[]).len(), 1);
    }

    /// The repository's own folders agree with their `main.rs` (what `cargo xtask test` checks first).
    #[test]
    fn the_repositorys_test_folders_are_complete() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        check(root).unwrap();
    }
}
