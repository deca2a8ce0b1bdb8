//! The demo's second avatar: a VRM with spring bones (hair, skirt; by default the committed
//! `assets/fixtures/avatars/anny_springs_vrm1.vrm`), imported through the cache and driven by the same trackers
//! beside the default avatar, so that the demo shows the springs swing and its summary reports them.
//!
//! The summary's figures, from the published `p` of every collected state: each spring joint's *swing* (the
//! angle between its orientation relative to its parent bone and the one at rest: 0 when the springs hold the
//! rig's pose), and the deepest joint sphere inside a collider (colliders placed as the daemon places them:
//! on their bones, moved by the flesh), over the states thinned to the render frame rate.

use super::render::TrajectoryStep;
use anyhow::{Context, Result};
use avatar_sim::asset::{self, Asset, ImportSettings};
use avatar_sim::rig::RigPart;
use avatar_sim::spring::{FleshAtPoints, SpringSolver};
use nalgebra::Matrix3;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The committed VRM 1.0 test avatar with a ponytail, side hair and a skirt.
pub const SPRINGS_AVATAR: &str = "assets/fixtures/avatars/anny_springs_vrm1.vrm";
/// Its avatar id in the daemon.
pub const ID: &str = "springs";

/// Import `vrm` as `avatard import` does (default settings, through the cache) and return the asset file.
pub fn import(vrm: &Path, cache: Option<&asset::Cache>) -> Result<PathBuf> {
    #[derive(clap::Parser)]
    struct Wrap {
        #[command(flatten)]
        s: crate::commands::precompute::SettingsArgs,
    }
    let settings =
        <Wrap as clap::Parser>::parse_from(["import"]).s.settings(ImportSettings::precompute(), true)?;
    let built = asset::import(vrm, &ImportSettings::default(), &settings, cache, Arc::new(|_| {}))
        .with_context(|| format!("importing {}", vrm.display()))?;
    anyhow::ensure!(!built.asset.springs.is_empty(), "{} has no spring bones", vrm.display());
    let path = match cache.map(|c| c.asset_path(&built.key)).filter(|p| p.is_file()) {
        Some(p) => p,
        None => {
            let p = std::env::temp_dir().join(format!("avatard-{}.avatar", asset::hex(&built.hash)));
            asset::write_atomically(&p, &built.bytes)?;
            p
        }
    };
    Ok(path)
}

/// Bone `b`'s posed world linear part `A_b · bind_b` from its 12 entries in `p`.
fn world_linear(p: &[f32], offset: usize, bind: &[[f64; 4]; 3]) -> Matrix3<f64> {
    let a = Matrix3::from_fn(|i, j| p[offset + 4 * i + j] as f64);
    a * Matrix3::from_fn(|i, j| bind[i][j])
}

/// The angle (degrees) of the rotation part of `m` (polar factor: scale is ignored).
fn angle_deg(m: &Matrix3<f64>) -> f64 {
    let svd = m.svd(true, true);
    let r = svd.u.unwrap() * svd.v_t.unwrap();
    ((r.trace() - 1.0) / 2.0).clamp(-1.0, 1.0).acos().to_degrees()
}

/// `{chains, joints, colliders, swing_deg: {max, p95, rms}, max_penetration_mm, states}` over `steps`.
pub fn summary(asset: &Asset, steps: &[TrajectoryStep]) -> serde_json::Value {
    let rig = &asset.sim.rig;
    let mut solver = SpringSolver::new(rig, &asset.springs);
    // the colliders as the daemon places them: on their bones and moved by the flesh (`u = Bz`)
    let mut flesh =
        FleshAtPoints::new(&asset.sim.mesh, &asset.sim.weights, solver.collider_rest_points()).ok();
    // (offset of the joint, offset of its parent, their binds) for every spring joint
    let mut pairs = Vec::new();
    for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
        let RigPart::Lbs(l) = part else { continue };
        for c in &asset.springs.chains {
            for j in &c.joints {
                let Some(b) = l.bone_index(&j.bone) else { continue };
                let Some(q) = l.bones()[b].parent else { continue };
                pairs.push((o + 12 * b, o + 12 * q, l.bones()[b].bind, l.bones()[q].bind));
            }
        }
    }
    let mut swings = Vec::new();
    let (mut deepest, mut deepest_at): (f64, f64) = (0.0, 0.0);
    for st in steps {
        for (ob, oq, bb, bq) in &pairs {
            let (gb, gq) = (world_linear(&st.p, *ob, bb), world_linear(&st.p, *oq, bq));
            // relative orientation now against at rest: bind_q⁻¹ bind_b vs G_q⁻¹ G_b
            let rest = Matrix3::from_fn(|i, j| bq[i][j]).try_inverse().unwrap_or_else(Matrix3::identity)
                * Matrix3::from_fn(|i, j| bb[i][j]);
            let now = gq.try_inverse().unwrap_or_else(Matrix3::identity) * gb;
            let d = rest.try_inverse().unwrap_or_else(Matrix3::identity) * now;
            swings.push(angle_deg(&d));
        }
        let p: Vec<f64> = st.p.iter().map(|&v| v as f64).collect();
        if let Some(f) = &mut flesh {
            let z: Vec<f64> = st.z.iter().map(|&v| v as f64).collect();
            solver.set_collider_shifts(f.displacements(&z));
        }
        let d = solver.max_penetration(&p);
        if d > deepest {
            deepest = d;
            deepest_at = st.t;
        }
    }
    let mut sorted = swings.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let pct = |q: f64| sorted.get(((sorted.len() as f64 - 1.0) * q).round() as usize).copied().unwrap_or(0.0);
    let rms = if swings.is_empty() {
        0.0
    } else {
        (swings.iter().map(|s| s * s).sum::<f64>() / swings.len() as f64).sqrt()
    };
    let r1 = |v: f64| (v * 10.0).round() / 10.0;
    serde_json::json!({
        "chains": asset.springs.chains.len(),
        "joints": asset.springs.chains.iter().map(|c| c.joints.len()).sum::<usize>(),
        "colliders": asset.springs.colliders.len(),
        "states": steps.len(),
        "swing_deg": {"max": r1(pct(1.0)), "p95": r1(pct(0.95)), "rms": r1(rms)},
        "max_penetration_mm": (deepest * 1e4).round() / 10.0,
        "max_penetration_at_s": (deepest_at * 100.0).round() / 100.0,
    })
}
