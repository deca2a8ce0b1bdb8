//! The `avatard` binary as the command-line tests run it: one runner with its own precompute cache, success and
//! failure checks that show stderr, scratch folders, JSON files.
#![allow(dead_code)] // each test file uses its own part

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `avatard` with `RUST_LOG=warn` and the precompute cache `CARGO_TARGET_TMPDIR/<cache>`.
pub struct Avatard {
    cache: PathBuf,
    cwd: Option<PathBuf>,
}

impl Avatard {
    pub fn new(cache: &str) -> Avatard {
        Avatard { cache: PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(cache), cwd: None }
    }

    /// Run from the repository root (for the committed assets' relative paths).
    pub fn in_repo_root(mut self) -> Avatard {
        self.cwd = Some(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
        self
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let mut c = Command::new(env!("CARGO_BIN_EXE_avatard"));
        c.args(args).env("RUST_LOG", "warn").env("AVATARD_CACHE_DIR", &self.cache);
        if let Some(dir) = &self.cwd {
            c.current_dir(dir);
        }
        c.output().unwrap()
    }

    /// Runs, must succeed (else stderr is shown).
    pub fn ok(&self, args: &[&str]) -> Output {
        let out = self.run(args);
        assert!(out.status.success(), "avatard {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
        out
    }

    /// Runs, must fail with `needle` in its message and without a panic.
    pub fn fails(&self, args: &[&str], needle: &str) {
        let out = self.run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "avatard {args:?} should fail");
        assert!(!stderr.contains("panicked"), "avatard {args:?} panicked: {stderr}");
        assert!(stderr.contains(needle), "avatard {args:?}: expected '{needle}' in: {stderr}");
    }
}

/// An empty folder `avatard-<tag>-<pid>-<name>` under the system temp dir.
pub fn scratch(tag: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("avatard-{tag}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}
