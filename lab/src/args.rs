//! Flags that several commands and benchmarks share: the avatar and the precompute cache ([`AssetArgs`],
//! [`CacheDirArg`], [`CacheArgs`]), the web output ([`WebArgs`]), and the precompute's choices
//! ([`EigensolverArg`], [`ComplementarityArg`], [`InteriorInverseArg`]).

use anyhow::Result;
use avatar_sim::asset::Cache;
use avatar_sim::flesh::InteriorInverse;
use avatar_sim::precompute::{Complementarity, Eigensolver};
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
    /// The capture page's MediaPipe files (`avatard setup capture` fetches them), served under
    /// `/capture/assets/` for the page at `/capture.html`.
    #[arg(long, value_name = "DIR")]
    pub capture_assets: Option<PathBuf>,
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
            if let Some(dir) = &self.capture_assets {
                w.capture_assets = Some(dir.clone());
            }
        } else if self.web_root.is_some() || !self.web_origins.is_empty() || self.capture_assets.is_some() {
            anyhow::bail!("--web-root, --web-origin and --capture-assets need --web");
        }
        Ok(())
    }
}

/// `--eigensolver`: which solver computes Eq. 22 ([`Eigensolver`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum EigensolverArg {
    /// Shift-invert Lanczos over a sparse Cholesky factorization (any size).
    Sparse,
    /// Dense null-space method: O(n³), small meshes only (the test oracle).
    Dense,
}

impl From<EigensolverArg> for Eigensolver {
    fn from(a: EigensolverArg) -> Self {
        match a {
            EigensolverArg::Sparse => Eigensolver::Sparse,
            EigensolverArg::Dense => Eigensolver::Dense,
        }
    }
}

/// `--complementarity`: how the subspace is made complementary to the rig ([`Complementarity`]).
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum ComplementarityArg {
    /// Bones in the per-weight constraint (Eq. 20–21), blendshapes as `V z = 0` in the reduced step.
    Split,
    /// Every rig column in the per-weight constraint (paper 000 as written; pins the weights under
    /// blendshapes).
    Weights,
}

impl From<ComplementarityArg> for Complementarity {
    fn from(a: ComplementarityArg) -> Self {
        match a {
            ComplementarityArg::Split => Complementarity::Split,
            ComplementarityArg::Weights => Complementarity::Weights,
        }
    }
}

/// `--interior`: which matrix the flesh's boundary operator uses for `H_ii⁻¹` ([`InteriorInverse`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum InteriorInverseArg {
    /// `R* (L_i L_iᵀ)⁻¹ R*ᵀ` with the IC(0) factor of `H_ii(0)` (§6.1, the run-time choice).
    Incomplete,
    /// `R* H_ii(0)⁻¹ R*ᵀ` with the exact sparse Cholesky factor of the rest pose, rotated by the skeleton (the
    /// default).
    RestFactor,
    /// The exact `H_ii(q)⁻¹` by a sparse Cholesky of the current pose (tests and studies: `S̃ = S`).
    Exact,
}

impl From<InteriorInverseArg> for InteriorInverse {
    fn from(a: InteriorInverseArg) -> Self {
        match a {
            InteriorInverseArg::Incomplete => InteriorInverse::Incomplete,
            InteriorInverseArg::RestFactor => InteriorInverse::RestFactor,
            InteriorInverseArg::Exact => InteriorInverse::Exact,
        }
    }
}
