//! Two-bone leg IK on skinning transforms: put the ankle at a target, the knee bending the way it already
//! bends (so the bend direction the landmarks gave is kept), the foot turned to a given world rotation.
//!
//! With hip `H` (fixed), thigh and shin lengths `l₁`, `l₂`, and the target at distance `d` (clamped to what the
//! leg reaches), the knee lies in the plane of the hip–target line `û` and the current knee's offset from it
//! `v̂` (the pole), at `K = H + l₁ (cos α û + sin α v̂)` with `cos α = (l₁² + d² − l₂²) / (2 l₁ d)` (law of
//! cosines). The thigh's subtree turns about `H` by the minimal rotation taking the current knee to `K`, then
//! the shin's subtree about `K` taking the ankle to the target, then the foot's subtree about the ankle to
//! the wanted world rotation.

use super::skeleton::{apply, premultiply, rigid, rotation, Leg};
use crate::swing;
use avatar_sim::rig::Affine;
use nalgebra::{Rotation3, Vector3};

/// Fraction of the full leg length the IK reaches at most (a locked-straight knee has no bend direction).
pub const MAX_REACH: f64 = 0.999;
/// A knee bent more than this (degrees between thigh and shin directions) gives the bend direction.
const BENT: f64 = 2.0;

/// Move `leg`'s ankle to `target` (as close as the leg reaches), then turn the foot's subtree to world
/// rotation `foot` (relative to the bind pose), if given. Returns the distance left between ankle and target.
pub fn reach(ts: &mut [Affine], leg: &Leg, target: &Vector3<f64>, foot: Option<&Rotation3<f64>>) -> f64 {
    let [hip, knee, ankle] = leg.posed(ts);
    let to = target - hip;
    let Some(u) = to.try_normalize(1e-9) else { return (ankle - target).norm() };
    let d = to.norm().clamp((leg.l1 - leg.l2).abs() + 1e-4, MAX_REACH * (leg.l1 + leg.l2));
    // pole: the way the knee bends now (its offset from the hip→ankle line) when it is bent; a nearly straight
    // leg says nothing about it, so then the thigh's forward (the knee's side at rest)
    let (thigh, shin) = (knee - hip, ankle - knee);
    let bent = thigh.angle(&shin) > BENT.to_radians();
    // already there: only the foot turns (a leg re-solved in place would lose its own bend plane)
    if (ankle - target).norm() < 1e-4 {
        if let Some(want) = foot {
            let now = rotation(&ts[leg.foot]);
            premultiply(ts, &leg.foot_tree, &rigid(&(want * now.inverse()), &ankle));
        }
        return (ankle - target).norm();
    }
    let line = (ankle - hip).try_normalize(1e-9).unwrap_or(u);
    let fwd = rotation(&ts[leg.upper]) * Vector3::z();
    let side = if bent { thigh - line * line.dot(&thigh) } else { fwd };
    let pole =
        (side - u * u.dot(&side)).try_normalize(1e-6).or_else(|| (fwd - u * u.dot(&fwd)).try_normalize(1e-6));
    let Some(v) = pole else { return (ankle - target).norm() };
    let cos_a = ((leg.l1 * leg.l1 + d * d - leg.l2 * leg.l2) / (2.0 * leg.l1 * d)).clamp(-1.0, 1.0);
    let sin_a = (1.0 - cos_a * cos_a).sqrt();
    let knee_new = hip + leg.l1 * (cos_a * u + sin_a * v);
    let r1 = swing(&(knee - hip), &(knee_new - hip));
    premultiply(ts, &leg.upper_tree, &rigid(&r1, &hip));
    let ankle_mid = apply(&ts[leg.foot], &leg.ankle);
    let ankle_new = hip + d * u;
    let r2 = swing(&(ankle_mid - knee_new), &(ankle_new - knee_new));
    premultiply(ts, &leg.lower_tree, &rigid(&r2, &knee_new));
    if let Some(want) = foot {
        let now = rotation(&ts[leg.foot]);
        premultiply(ts, &leg.foot_tree, &rigid(&(want * now.inverse()), &ankle_new));
    }
    (apply(&ts[leg.foot], &leg.ankle) - target).norm()
}

/// The foot's world rotation made flat: only its heading (the turn about +Y that its forward axis has).
pub fn flat(foot: &Rotation3<f64>) -> Rotation3<f64> {
    let f = foot * Vector3::z();
    let yaw = if f.x.abs() + f.z.abs() < 1e-9 { 0.0 } else { f.x.atan2(f.z) };
    Rotation3::from_axis_angle(&Vector3::y_axis(), yaw)
}

#[cfg(test)]
mod tests {
    use super::super::skeleton::Skeleton;
    use super::*;
    use avatar_sim::asset::default_avatar;
    use avatar_sim::rig::read_affine;
    use std::collections::BTreeMap;

    pub(crate) fn skeleton() -> (avatar_sim::rig::Rig, Skeleton, Vec<Affine>) {
        let (mesh, rig) = {
            let (m, r) = default_avatar::inputs().unwrap();
            (m, r)
        };
        let (lbs, o) = rig.skeleton().unwrap();
        let roles = avatar_sim::rig::avatar_roles(rig.bone_names(), &BTreeMap::new());
        let sk = Skeleton::new(lbs, &roles, Some(&mesh.vertices)).unwrap();
        let p = rig.rest_params();
        let ts = (0..lbs.num_bones()).map(|b| read_affine(&p[o + 12 * b..])).collect();
        (rig, sk, ts)
    }

    #[test]
    fn the_ankle_reaches_the_target_with_lengths_kept_and_the_knee_forward() {
        let (_, sk, rest) = skeleton();
        // the default avatar's ankles are ~7 cm above its soles, its hips ~0.86 m
        assert!((0.04..0.12).contains(&sk.legs[0].ankle_height), "{sk:?}");
        assert!((0.8..0.95).contains(&sk.hip_height), "{sk:?}");
        for k in 0..2 {
            let leg = &sk.legs[k];
            let mut ts = rest.clone();
            // a crouch: the ankle 25 cm closer to the hip and 5 cm forward
            let target = leg.ankle + Vector3::new(0.0, 0.25, 0.05);
            let left = reach(&mut ts, leg, &target, Some(&Rotation3::identity()));
            assert!(left < 1e-9, "{left}");
            let [h, kn, a] = leg.posed(&ts);
            assert!((h - leg.hip).norm() < 1e-12, "the hip does not move");
            assert!(((kn - h).norm() - leg.l1).abs() < 1e-9 && ((a - kn).norm() - leg.l2).abs() < 1e-9);
            assert!(kn.z > leg.knee.z + 0.05, "the knee bends forward: {} vs {}", kn.z, leg.knee.z);
            // the foot stays flat (its rotation as asked) and the toes follow it rigidly
            let r = rotation(&ts[leg.foot]);
            assert!(r.angle() < 1e-9);
            for &c in &leg.foot_tree {
                assert!(rotation(&ts[c]).angle() < 1e-9);
            }
        }
    }

    #[test]
    fn an_unreachable_target_straightens_the_leg_towards_it() {
        let (_, sk, rest) = skeleton();
        let leg = &sk.legs[0];
        let mut ts = rest.clone();
        let target = leg.ankle - Vector3::new(0.0, 0.3, 0.0);
        let left = reach(&mut ts, leg, &target, None);
        assert!((left - 0.3 - (1.0 - MAX_REACH) * (leg.l1 + leg.l2)).abs() < 0.02, "{left}");
        let [h, _, a] = leg.posed(&ts);
        assert!(((a - h).norm() - MAX_REACH * (leg.l1 + leg.l2)).abs() < 1e-9);
    }

    #[test]
    fn flat_keeps_only_the_heading() {
        let r = Rotation3::from_euler_angles(0.3, 0.7, -0.2);
        let f = flat(&r);
        let (a, b) = (r * Vector3::z(), f * Vector3::z());
        assert!(b.y.abs() < 1e-12);
        assert!((a.x.atan2(a.z) - b.x.atan2(b.z)).abs() < 1e-12);
    }
}
