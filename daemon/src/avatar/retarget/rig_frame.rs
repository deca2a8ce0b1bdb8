//! Rig frames: bones (bind-relative, or normalized when named by VRM humanoid role) and blendshapes by name,
//! straight to a whole `p` (without a root position, grounded next: the lowest foot on the floor, in
//! [`super::ground`]).

use super::MapCounts;
use crate::mapping::{map_blendshapes, role_name, NormalizedSkeleton};
use avatar_schema::RigFrame;
use avatar_sim::rig::{write_affine, Affine, LbsRig, Rig, RigPart};
use nalgebra::{Quaternion, UnitQuaternion};
use std::collections::BTreeMap;

/// The rig frame stage (no state of its own: a rig frame is a whole pose).
pub(super) struct RigFrames {
    rest_p: Vec<f64>,
    /// VRM humanoid role → bone name ([`avatar_sim::rig::avatar_roles`]).
    roles: BTreeMap<String, String>,
    /// The rest-pose correction of the skeleton for normalized rig frames.
    normalized: Option<NormalizedSkeleton>,
}

impl RigFrames {
    pub(super) fn new(rig: &Rig, roles: BTreeMap<String, String>, rest_p: &[f64]) -> Self {
        let normalized = rig
            .parts()
            .iter()
            .find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
            .map(|l| NormalizedSkeleton::new(l, &roles));
        RigFrames { rest_p: rest_p.to_vec(), roles, normalized }
    }

    /// A rig frame: bones by name (or a known skeleton's name: [`avatar_sim::rig::resolve_bone`]) with local
    /// rotations relative to the bind pose, in the parent's frame (`schema/README.md` §4.4), blendshapes by
    /// name, the root's world position. A frame naming bones by VRM humanoid role (`leftUpperArm`, VMC's
    /// `LeftUpperArm`) is in the normalized convention instead: rotations relative to the T-pose, corrected
    /// for the avatar's bind ([`crate::mapping::NormalizedSkeleton`]).
    /// Returns the frame's `p` (not yet grounded) and its mapping problems.
    pub(super) fn map(&self, rig: &Rig, f: &RigFrame) -> (Vec<f64>, MapCounts) {
        let mut counts = MapCounts::default();
        let mut p = self.rest_p.clone();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            let RigPart::Lbs(l) = part else { continue };
            // bones named by VRM humanoid role (VRM / VMC spelling): the normalized convention. Names that a
            // known skeleton also uses (CMU's `Hips`, `Head`) do not decide it: a CMU clip stays bind-relative.
            let normalized = f.bones.iter().any(|bt| {
                l.bone_index(&bt.name).is_none()
                    && role_name(&bt.name, &self.roles).is_some()
                    && avatar_sim::rig::humanoid_role(&bt.name).is_none()
            });
            let skinning = match (normalized, &self.normalized) {
                (true, Some(skeleton)) => self.normalized(l, skeleton, f, &mut counts),
                _ => self.bind_relative(l, f, &mut counts),
            };
            for (b, t) in skinning.iter().enumerate() {
                write_affine(&mut p[o + 12 * b..], t);
            }
        }
        let c = map_blendshapes(rig, &f.blendshapes, &mut p);
        counts.unknown_names += c.unknown as u64;
        counts.rejected_values += c.rejected as u64;
        (p, counts)
    }

    /// The skinning transforms of the skeleton `l` from a frame in the normalized convention.
    fn normalized(
        &self,
        l: &LbsRig,
        skeleton: &NormalizedSkeleton,
        f: &RigFrame,
        counts: &mut MapCounts,
    ) -> Vec<Affine> {
        let mut n = vec![None; l.num_bones()];
        for bt in &f.bones {
            let bone = role_name(&bt.name, &self.roles).map(|(_, b)| b).or_else(|| {
                avatar_sim::rig::resolve_bone(&bt.name, |x| l.bone_index(x).is_some(), &self.roles)
            });
            let Some(b) = bone.and_then(|x| l.bone_index(x)) else {
                counts.unknown_names += 1;
                continue;
            };
            let [x, y, z, w] = bt.rotation.map(|v| v as f64);
            n[b] = Some(UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)).to_rotation_matrix());
        }
        let root = f.root_position.map(|r| r.map(f64::from));
        skeleton.skinning(&n, root)
    }

    /// The skinning transforms of the skeleton `l` from a frame of bind-relative rotations.
    fn bind_relative(&self, l: &LbsRig, f: &RigFrame, counts: &mut MapCounts) -> Vec<Affine> {
        let mut local: Vec<_> = (0..l.num_bones()).map(|b| l.rest_local(b)).collect();
        for bt in &f.bones {
            let bone = avatar_sim::rig::resolve_bone(&bt.name, |n| l.bone_index(n).is_some(), &self.roles);
            let Some(b) = bone.and_then(|n| l.bone_index(n)) else {
                counts.unknown_names += 1;
                continue;
            };
            let [x, y, z, w] = bt.rotation.map(|v| v as f64);
            let r = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)).to_rotation_matrix();
            let m = r.matrix();
            let rest = local[b];
            // [R·R_b | j_b + t]: rotate about the joint, in the parent's frame
            let mut posed = rest;
            for i in 0..3 {
                for j in 0..3 {
                    posed[i][j] = (0..3).map(|k| m[(i, k)] * rest[k][j]).sum();
                }
                posed[i][3] = rest[i][3] + bt.translation.map_or(0.0, |t| t[i] as f64);
            }
            local[b] = posed;
        }
        if let (Some(root), Some(rp)) = (l.topological_order().first(), f.root_position) {
            for i in 0..3 {
                local[*root][i][3] = rp[i] as f64;
            }
        }
        let world = l.world_from_local(&local);
        l.skinning_from_world(&world)
    }
}
