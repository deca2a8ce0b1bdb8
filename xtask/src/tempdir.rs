//! A scratch folder removed when dropped (`mktemp -d` + `trap 'rm -rf' EXIT`), also when a step fails.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty folder under the OS's temp folder. The name holds the process id and the time, and a name
    /// that exists already is skipped, so that two runs at once never share one.
    pub fn new(label: &str) -> io::Result<TempDir> {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        for attempt in 0..100 {
            let path =
                std::env::temp_dir().join(format!("xtask-{label}-{}-{nanos}-{attempt}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir(path)),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::new(io::ErrorKind::AlreadyExists, "no free name for a temporary folder"))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
