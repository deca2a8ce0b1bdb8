//! Helpers the daemon's integration tests share: the default avatar (loaded once per test binary), the
//! committed recordings, a copy of a loaded avatar to rebind its sources, a bone's 3×3 part of `p`.

use avatar_sim::asset::Cache;
use avatard::{load_avatar, AvatarSpec, LoadedAvatar};
use nalgebra::Matrix3;
use std::sync::{Arc, OnceLock};

pub fn avatar() -> Arc<LoadedAvatar> {
    static A: OnceLock<Arc<LoadedAvatar>> = OnceLock::new();
    A.get_or_init(|| {
        let cache = Cache::default_dir().map(Cache::new);
        Arc::new(load_avatar(&AvatarSpec::new("test"), cache.as_ref()).expect("default avatar"))
    })
    .clone()
}

pub fn recording(name: &str) -> tracker_bridge::recording::Recording {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/recordings").join(name);
    tracker_bridge::recording::Recording::load(&path).unwrap()
}

/// The first pose frame of a committed recording.
#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn first_pose(name: &str) -> avatar_schema::PoseFrame {
    recording(name)
        .records
        .iter()
        .find_map(|r| match &r.message {
            avatar_schema::Message::Pose(f) => Some(f.clone()),
            _ => None,
        })
        .unwrap()
}

#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn clone_loaded(a: &LoadedAvatar) -> LoadedAvatar {
    LoadedAvatar {
        id: a.id.clone(),
        asset: a.asset.clone(),
        hash: a.hash,
        path: a.path.clone(),
        sources: a.sources.clone(),
        pose_map: a.pose_map.clone(),
        roles: a.roles.clone(),
    }
}

#[allow(dead_code)] // not every test binary that shares this module uses it
pub fn linear(p: &[f32], o: usize) -> Matrix3<f64> {
    Matrix3::from_fn(|r, c| p[o + 4 * r + c] as f64)
}
