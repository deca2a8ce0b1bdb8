//! Flags that several commands share: the avatar and the precompute cache ([`AssetArgs`], [`CacheDirArg`],
//! [`CacheArgs`]) and the web output ([`WebArgs`]).

use anyhow::Result;
use avatar_sim::asset::Cache;
use avatard::{AvatarSpec, LoadedAvatar, SimParams};
use clap::Args;
use std::path::PathBuf;

/// `--cache-dir`: where the precompute cache lives.
#[derive(Args, Clone, Debug, Default)]
pub struct CacheDirArg {
    /// Precompute cache directory [default: $AVATARD_CACHE_DIR, $XDG_CACHE_HOME/avatard, else the OS cache folder: ~/.cache/avatard, ~/Library/Caches/avatard, %LOCALAPPDATA%\avatard].
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
}

impl CacheDirArg {
    /// The cache at `--cache-dir`, else at the default directory (none when no directory can be found).
    pub fn cache(&self) -> Option<Cache> {
        self.cache_dir.clone().or_else(Cache::default_dir).map(Cache::new)
    }
}

/// `--cache-dir` and `--no-cache`, for the commands that compute an asset (`precompute`, `import`).
#[derive(Args, Clone, Debug, Default)]
pub struct CacheArgs {
    #[command(flatten)]
    pub dir: CacheDirArg,
    /// Always recompute, and leave the cache alone.
    #[arg(long)]
    pub no_cache: bool,
}

impl CacheArgs {
    /// The cache, or none with `--no-cache`.
    pub fn cache(&self) -> Option<Cache> {
        if self.no_cache {
            return None;
        }
        self.dir.cache()
    }
}

/// `--asset` and `--cache-dir`: the avatar a command or benchmark runs on.
#[derive(Args, Clone, Debug)]
pub struct AssetArgs {
    /// The avatar: `default` (the embedded default avatar) or an asset file (`avatard precompute`/`import`).
    #[arg(long, default_value = "default")]
    pub asset: String,
    #[command(flatten)]
    pub cache: CacheDirArg,
}

impl AssetArgs {
    /// Load the avatar (through the cache) as the daemon would, as avatar `id` with `params`.
    pub fn load(&self, id: &str, params: SimParams) -> Result<LoadedAvatar> {
        let spec = AvatarSpec { asset: self.asset.clone(), params, ..AvatarSpec::new(id) };
        avatard::load_avatar(&spec, self.cache.cache().as_ref())
    }
}

/// The web output's flags (`avatard run` and `avatard demo`).
#[derive(Args, Clone, Debug, Default)]
pub struct WebArgs {
    /// Serve the browser viewer, the avatars' glb and the states over WebSocket on HOST:PORT (HTTP, no
    /// authentication: keep it on loopback). `--web` alone: 127.0.0.1:8080. Off unless given.
    #[arg(long, value_name = "HOST:PORT", num_args = 0..=1, default_missing_value = "127.0.0.1:8080")]
    pub web: Option<String>,
    /// A built viewer folder to serve instead of the viewer inside the binary, for viewer development
    /// (`cargo xtask build-viewer` writes viewer/dist) [default: $AVATARD_WEB_ROOT, else the embedded viewer].
    #[arg(long, value_name = "DIR")]
    pub web_root: Option<PathBuf>,
    /// An origin allowed to open the WebSocket besides the daemon's own (e.g. http://localhost:5173; `*`: any);
    /// repeat for several.
    #[arg(long = "web-origin", value_name = "ORIGIN")]
    pub web_origins: Vec<String>,
}

impl WebArgs {
    /// Apply the flags over `web` (from the config file, or off).
    pub fn apply(&self, web: &mut Option<avatard::WebConfig>) -> Result<()> {
        if let Some(addr) = &self.web {
            let addr = avatard::parse_web_addr(addr)?;
            let w = web.get_or_insert_with(|| avatard::WebConfig::new(addr));
            w.addr = addr;
        }
        if let Some(w) = web.as_mut() {
            if let Some(root) = &self.web_root {
                w.root = Some(root.clone());
            }
            w.origins.extend(self.web_origins.iter().cloned());
        } else if self.web_root.is_some() || !self.web_origins.is_empty() {
            anyhow::bail!("--web-root and --web-origin need --web");
        }
        Ok(())
    }
}
