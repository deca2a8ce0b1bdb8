//! An avatar's asset and the pieces the runtime needs with it: which tracker sources drive it, the landmark
//! map of its skeleton, the file served by `GetAsset`.

use super::params::SimParams;
use crate::mapping::PoseMap;
use anyhow::{Context, Result};
use avatar_sim::asset::{self, Asset, AssetHash, Cache};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

/// One avatar of the daemon's configuration (`[[avatar]]` in the TOML file, `--avatar ID[=ASSET]` on the
/// command line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AvatarSpec {
    pub id: String,
    /// `default` (the embedded default avatar, through the precompute cache) or an asset file's path.
    #[serde(default = "default_asset")]
    pub asset: String,
    /// Tracker `source_id`s that drive this avatar (e.g. a body and a face tracker, and the hand tracker's
    /// `cam0/hand_left`, `cam0/hand_right`: every kind of frame is taken from each listed source); empty =
    /// every source.
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub params: SimParams,
}

fn default_asset() -> String {
    asset::default_avatar::NAME.to_owned()
}

impl AvatarSpec {
    pub fn new(id: &str) -> Self {
        AvatarSpec {
            id: id.to_owned(),
            asset: default_asset(),
            sources: Vec::new(),
            params: SimParams::default(),
        }
    }

    /// Id and asset name are usable (ids go into PUB topics: no `/`, no whitespace).
    pub fn validate(&self) -> Result<(), String> {
        let id_ok = !self.id.is_empty()
            && self.id.len() <= 64
            && self.id.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
        if !id_ok {
            return Err(format!("avatar id {:?}: use 1-64 characters from [A-Za-z0-9-_.]", self.id));
        }
        if self.asset.is_empty() {
            return Err(format!("avatar {:?}: empty asset name", self.id));
        }
        self.params.validate().map_err(|e| format!("avatar {:?}: {e}", self.id))
    }
}

/// A loaded avatar, shared read-only by the solver and the I/O tasks.
pub struct LoadedAvatar {
    pub id: String,
    /// Shared by every avatar of the daemon that uses the same asset.
    pub asset: Arc<Asset>,
    pub hash: AssetHash,
    /// The asset file (served by `GetAsset`).
    pub path: Option<PathBuf>,
    pub sources: Vec<String>,
    /// The landmark map of its skeleton, from its humanoid roles; `None` when a required role is missing
    /// (then the face and rig frames still drive it, the body landmarks do not).
    pub pose_map: Option<PoseMap>,
    /// What its skeleton's bones map to ([`avatar_sim::rig::RoleReport`]).
    pub roles: avatar_sim::rig::RoleReport,
}

impl std::fmt::Debug for LoadedAvatar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedAvatar").field("id", &self.id).field("hash", &asset::hex(&self.hash)).finish()
    }
}

impl LoadedAvatar {
    pub fn num_p(&self) -> usize {
        self.asset.sim.rig.num_params()
    }

    pub fn num_z(&self) -> usize {
        self.asset.sim.reduced.btmb.nrows()
    }

    pub fn tets(&self) -> usize {
        self.asset.sim.mesh.t()
    }
}

/// A loaded asset file: the asset, its hash and the file served by `GetAsset`.
#[derive(Clone)]
pub struct LoadedAsset {
    pub asset: Arc<Asset>,
    pub hash: AssetHash,
    pub path: PathBuf,
}

/// Load (or, for the default avatar on a cold cache, precompute) the asset called `name` (`default` or a
/// file). `cache`: the precompute cache (`None`: no cache; the default avatar is then built and written to a
/// temporary file to be served).
pub fn load_asset(name: &str, cache: Option<&Cache>) -> Result<LoadedAsset> {
    if name == asset::default_avatar::NAME {
        let settings = asset::default_avatar::settings();
        // a cache miss precomputes (~30 s on two cores): say what is happening
        let progress: avatar_sim::precompute::ProgressFn = Arc::new(move |p| {
            if let avatar_sim::precompute::Progress::Phase(phase) = p {
                tracing::info!("precomputing the default avatar (once; cached after): {phase}");
            }
        });
        let built =
            asset::default_avatar(&settings, cache, progress).context("building the default avatar")?;
        let path = match cache.map(|c| c.asset_path(&built.key)).filter(|p| p.is_file()) {
            Some(p) => p,
            None => {
                let p = std::env::temp_dir().join(format!("avatard-{}.avatar", asset::hex(&built.hash)));
                asset::write_atomically(&p, &built.bytes)?;
                p
            }
        };
        Ok(LoadedAsset { asset: Arc::new(built.asset), hash: built.hash, path })
    } else {
        let path = PathBuf::from(name);
        let (a, h) = asset::load(&path).with_context(|| format!("loading the asset {}", path.display()))?;
        Ok(LoadedAsset { asset: Arc::new(a), hash: h, path })
    }
}

impl LoadedAvatar {
    /// The avatar of `spec` on an already loaded asset.
    /// The skeleton's roles come from the asset's VRM humanoid map and the name rules of its skeleton family;
    /// the report is logged.
    pub fn new(spec: &AvatarSpec, asset: &LoadedAsset) -> Self {
        let rig = &asset.asset.sim.rig;
        let humanoid = &asset.asset.source.humanoid;
        let bones = rig.bone_names();
        let roles = avatar_sim::rig::RoleReport::new(&bones, humanoid);
        let pose_map = match PoseMap::for_rig(rig, humanoid) {
            Ok(m) => {
                tracing::info!(avatar = %spec.id, "{}", roles.summary());
                Some(m)
            }
            Err(missing) => {
                tracing::warn!(
                    avatar = %spec.id,
                    "{}; body tracking is off for this avatar (missing roles: {})",
                    roles.summary(),
                    missing.join(", ")
                );
                None
            }
        };
        LoadedAvatar {
            id: spec.id.clone(),
            asset: asset.asset.clone(),
            hash: asset.hash,
            path: Some(asset.path.clone()),
            sources: spec.sources.clone(),
            pose_map,
            roles,
        }
    }
}

/// Load the asset of `spec` and make its avatar ([`load_asset`], [`LoadedAvatar::new`]).
pub fn load(spec: &AvatarSpec, cache: Option<&Cache>) -> Result<LoadedAvatar> {
    Ok(LoadedAvatar::new(spec, &load_asset(&spec.asset, cache)?))
}
