//! The precompute cache: assets stored under the hash of everything that determines them, so that running
//! `avatard precompute` (or starting the demo) again on the same inputs loads the asset instead of
//! recomputing it.
//!
//! The key ([`CacheKey`]) is the SHA-256 of a domain tag, this build's version, the asset format version
//! and every input as a labelled, length-prefixed byte string (file contents, not paths; the settings as
//! JSON). The cache directory is `$AVATARD_CACHE_DIR`, else `$XDG_CACHE_HOME/avatard`, else the user's cache
//! folder of the OS plus `avatard` (`~/.cache/avatard` on Linux, `~/Library/Caches/avatard` on macOS,
//! `%LOCALAPPDATA%\avatard` on Windows, from the `dirs` crate). An entry is `<key>.avatar` plus `<key>.report.json` (the precompute report of the
//! run that made it). A damaged or unreadable entry is a miss, logged and overwritten; writes go through a
//! temporary file and a rename, so concurrent runs never read half an entry.

use crate::asset::file::{from_bytes, write_atomically, Asset, AssetHash};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The hash of a precompute's inputs and parameters (lower-case hex).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CacheKey(pub String);

impl CacheKey {
    /// Hash labelled inputs. The label and length of each part are hashed too, so parts cannot run into
    /// each other.
    pub fn new<'a>(parts: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> CacheKey {
        let mut h = Sha256::new();
        h.update(b"avatard precompute cache\0");
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        h.update(crate::asset::file::FORMAT_VERSION.to_le_bytes());
        for (label, bytes) in parts {
            h.update((label.len() as u64).to_le_bytes());
            h.update(label.as_bytes());
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(bytes);
        }
        CacheKey(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
    }
}

/// A cache hit.
pub struct CacheEntry {
    pub asset: Asset,
    pub hash: AssetHash,
    /// The asset file's bytes.
    pub bytes: Vec<u8>,
    /// The report of the precompute that made it (`null` if missing).
    pub report: serde_json::Value,
}

/// A cache directory.
#[derive(Clone, Debug)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl Into<PathBuf>) -> Cache {
        Cache { dir: dir.into() }
    }

    /// The default directory (see the module doc); `None` only when neither a variable nor the OS names one.
    pub fn default_dir() -> Option<PathBuf> {
        default_dir_from(|k| std::env::var_os(k), dirs::cache_dir())
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn asset_path(&self, key: &CacheKey) -> PathBuf {
        self.dir.join(format!("{}.avatar", key.0))
    }

    pub fn report_path(&self, key: &CacheKey) -> PathBuf {
        self.dir.join(format!("{}.report.json", key.0))
    }

    /// The cached asset (parsed, and its file bytes) and its report, if present and intact.
    pub fn get(&self, key: &CacheKey) -> Option<CacheEntry> {
        let path = self.asset_path(key);
        let bytes = std::fs::read(&path).ok()?;
        match from_bytes(&bytes) {
            Ok((asset, hash)) => {
                let report = std::fs::read(self.report_path(key))
                    .ok()
                    .and_then(|b| serde_json::from_slice(&b).ok())
                    .unwrap_or(serde_json::Value::Null);
                Some(CacheEntry { asset, hash, bytes, report })
            }
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "ignoring a damaged cache entry");
                None
            }
        }
    }

    /// Store an asset's file bytes and its report.
    pub fn put(&self, key: &CacheKey, asset_bytes: &[u8], report: &serde_json::Value) -> anyhow::Result<()> {
        write_atomically(&self.asset_path(key), asset_bytes)?;
        let text = serde_json::to_vec_pretty(report)?;
        write_atomically(&self.report_path(key), &text)?;
        Ok(())
    }
}

/// [`Cache::default_dir`] given the environment (`var`) and the OS's cache folder (`os_cache`): the overrides
/// first, on every OS (a Windows user may set `XDG_CACHE_HOME` too), then the OS's folder.
fn default_dir_from(
    var: impl Fn(&str) -> Option<std::ffi::OsString>,
    os_cache: Option<PathBuf>,
) -> Option<PathBuf> {
    let var = |k: &str| var(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("AVATARD_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("avatard")))
        .or_else(|| os_cache.map(|d| d.join("avatard")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_dir_prefers_the_overrides_then_the_os_folder() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| std::ffi::OsString::from(v))
        };
        let os = Some(PathBuf::from("C:/Users/u/AppData/Local"));
        // No HOME, as from PowerShell: the OS folder (the bug this replaces gave None, so no cache at all).
        assert_eq!(
            default_dir_from(env(&[]), os.clone()),
            Some(PathBuf::from("C:/Users/u/AppData/Local/avatard"))
        );
        assert_eq!(
            default_dir_from(env(&[("XDG_CACHE_HOME", "/x")]), os.clone()),
            Some(PathBuf::from("/x/avatard"))
        );
        let both = env(&[("XDG_CACHE_HOME", "/x"), ("AVATARD_CACHE_DIR", "/a")]);
        assert_eq!(default_dir_from(both, os.clone()), Some(PathBuf::from("/a")));
        // An empty variable is unset, not the current directory.
        assert_eq!(
            default_dir_from(env(&[("AVATARD_CACHE_DIR", "")]), os),
            Some(PathBuf::from("C:/Users/u/AppData/Local/avatard"))
        );
        assert_eq!(default_dir_from(env(&[]), None), None);
        // The real OS folder exists on every OS the project supports.
        assert!(Cache::default_dir().is_some());
    }

    #[test]
    fn keys_depend_on_every_byte_label_and_boundary() {
        let k = |parts: &[(&str, &[u8])]| CacheKey::new(parts.iter().copied());
        let base = k(&[("mesh", b"abc"), ("rig", b"def")]);
        assert_eq!(base, k(&[("mesh", b"abc"), ("rig", b"def")]), "deterministic");
        assert_eq!(base.0.len(), 64);
        assert_ne!(base, k(&[("mesh", b"abd"), ("rig", b"def")]));
        assert_ne!(base, k(&[("mesh", b"ab"), ("rig", b"cdef")]), "boundaries matter");
        assert_ne!(base, k(&[("mesh", b"abc"), ("rog", b"def")]), "labels matter");
        assert_ne!(base, k(&[("rig", b"def"), ("mesh", b"abc")]), "order matters");
    }
}
