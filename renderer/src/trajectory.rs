//! Trajectories: the `{asset_hash, dt, steps: [{p, z}]}` files that `avatard simulate` and `avatard demo`
//! write, read back and checked against the asset they will be drawn on.

use anyhow::{bail, Context, Result};
use avatar_sim::asset::{self, AssetHash};
use std::path::Path;

/// A trajectory of rig parameters and reduced coordinates, one step per `dt`.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Trajectory {
    /// Hex SHA-256 of the asset it was simulated on.
    pub asset_hash: String,
    pub dt: f64,
    pub steps: Vec<Step>,
}

/// One step: what one `AvatarState` carries.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Step {
    pub p: Vec<f32>,
    pub z: Vec<f32>,
}

impl Trajectory {
    /// Read `path`, refused when it was made on an asset other than `hash`.
    pub fn read(path: &Path, hash: &AssetHash) -> Result<Trajectory> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let t: Trajectory = serde_json::from_str(&text)
            .with_context(|| format!("parsing the trajectory {}", path.display()))?;
        if t.asset_hash != asset::hex(hash) {
            bail!(
                "the trajectory was simulated on asset {} but the asset given is {}",
                t.asset_hash.get(..16).unwrap_or(&t.asset_hash),
                &asset::hex(hash)[..16]
            );
        }
        Ok(t)
    }
}
