//! Rig frames in the **normalized humanoid** convention: bones named by their VRM humanoid role (`hips`,
//! `leftUpperArm`, …; VMC's Unity spellings `Hips`, `LeftUpperArm` too) carry rotations relative to the
//! T-pose with world-aligned bone frames, as VRM 1.0 runtimes (three-vrm's normalized bones) and VMC senders
//! (UniVRM-normalized avatars) use them. The identity frame is the T-pose, whatever the avatar's bind.
//!
//! **Rest-pose correction.** Each bone of the avatar gets `B_b`, the minimal rotation taking its T-pose
//! direction to its bind direction ([`avatar_humanoid::DIRECTIONS`] and `t_pose_direction`: arms
//! and hands along ±X, the avatar's left at +X as every avatar faces +Z; legs down, spine up, feet forward,
//! each along the axis nearest its bind direction); bones without a direction (fingers, the hips, bones
//! without a role) take their parent's (the root's is the identity).
//! With the frame's normalized world rotations `N_b = N_parent(b) · n_b` (`n_b` the frame's rotation, identity
//! for bones it does not name), a bone's skinning rotation is
//!
//! ```text
//! W_b = N_b · B_b⁻¹        (bind → T-pose, then the normalized pose)
//! ```
//!
//! and its translation keeps the joints together: `T_b = [W_b | x_b − W_b j_b]` with `x_b` the bone's bind
//! head `j_b` carried by the parent's `T` (the root: rotated about its head, moved to `root_position` when
//! given). An A-pose avatar driven by the identity frame lifts its arms to the T-pose; a T-pose avatar stays
//! at rest. Translations of non-root bones are not used in this convention.

use avatar_humanoid::{t_pose_direction, DIRECTIONS};
use avatar_sim::rig::{Affine, LbsRig};
use nalgebra::{Matrix3, Rotation3, Vector3};
use std::collections::BTreeMap;

/// The role a frame's bone name stands for on this avatar: a VRM humanoid role name, in VRM's spelling or
/// with a capital first letter (Unity's `HumanBodyBones`, as VMC sends them), that the avatar has.
pub fn role_name<'a>(name: &str, roles: &'a BTreeMap<String, String>) -> Option<(&'a str, &'a str)> {
    let mut chars = name.chars();
    let first = chars.next()?;
    let lowered: String = first.to_lowercase().chain(chars).collect();
    roles.get_key_value(lowered.as_str()).map(|(r, b)| (r.as_str(), b.as_str()))
}

/// One avatar skeleton's rest-pose correction.
#[derive(Clone, Debug)]
pub struct NormalizedSkeleton {
    /// `B_b` per bone.
    bind_from_t: Vec<Rotation3<f64>>,
    heads: Vec<Vector3<f64>>,
    parents: Vec<Option<usize>>,
    order: Vec<usize>,
}

impl NormalizedSkeleton {
    pub fn new(lbs: &LbsRig, roles: &BTreeMap<String, String>) -> Self {
        let bones = lbs.bones();
        let heads: Vec<Vector3<f64>> =
            bones.iter().map(|b| Vector3::new(b.bind[0][3], b.bind[1][3], b.bind[2][3])).collect();
        let mut own: Vec<Option<Rotation3<f64>>> = vec![None; bones.len()];
        let bone_of = |role: &str| roles.get(role).and_then(|n| lbs.bone_index(n));
        for (role, toward) in DIRECTIONS {
            let (Some(b), Some(c)) = (bone_of(role), toward.iter().find_map(|r| bone_of(r))) else {
                continue;
            };
            let rest = heads[c] - heads[b];
            if let Some(t) = t_pose_direction(role, [rest.x, rest.y, rest.z]) {
                own[b] = Some(super::swing(&Vector3::from(t), &rest));
            }
        }
        let mut bind_from_t = vec![Rotation3::identity(); bones.len()];
        for &b in lbs.topological_order() {
            bind_from_t[b] =
                own[b].unwrap_or_else(|| bones[b].parent.map_or(Rotation3::identity(), |p| bind_from_t[p]));
        }
        NormalizedSkeleton {
            bind_from_t,
            heads,
            parents: bones.iter().map(|b| b.parent).collect(),
            order: lbs.topological_order().to_vec(),
        }
    }

    /// `B_b` of bone `b`: the rotation taking its T-pose direction to its bind direction (see the module doc).
    pub fn bind_from_t(&self, b: usize) -> Rotation3<f64> {
        self.bind_from_t[b]
    }

    /// Skinning transforms `T_b` for the normalized local rotations `n` (per bone; `None` = identity) and
    /// the root's world position.
    pub fn skinning(&self, n: &[Option<Rotation3<f64>>], root_position: Option<[f64; 3]>) -> Vec<Affine> {
        let count = self.heads.len();
        let mut world_n = vec![Rotation3::identity(); count];
        let mut t: Vec<(Matrix3<f64>, Vector3<f64>)> = vec![(Matrix3::identity(), Vector3::zeros()); count];
        for &b in &self.order {
            let local = n[b].unwrap_or_else(Rotation3::identity);
            world_n[b] = match self.parents[b] {
                Some(p) => world_n[p] * local,
                None => local,
            };
            let w = (world_n[b] * self.bind_from_t[b].inverse()).into_inner();
            let head = self.heads[b];
            let posed_head = match self.parents[b] {
                Some(p) => t[p].0 * head + t[p].1,
                None => root_position.map_or(head, Vector3::from),
            };
            t[b] = (w, posed_head - w * head);
        }
        t.iter().map(|(w, x)| std::array::from_fn(|r| [w[(r, 0)], w[(r, 1)], w[(r, 2)], x[r]])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::rig::Bone;

    /// hips → spine; hips → left upper arm → lower arm → hand, bound in an A-pose (arm 45° down).
    fn a_pose() -> (LbsRig, BTreeMap<String, String>) {
        let bone = |name: &str, parent: Option<usize>, h: [f64; 3]| {
            let mut bind = avatar_sim::rig::IDENTITY;
            (0..3).for_each(|i| bind[i][3] = h[i]);
            Bone { name: name.into(), parent, bind }
        };
        let s = std::f64::consts::FRAC_1_SQRT_2;
        let bones = vec![
            bone("h", None, [0.0, 1.0, 0.0]),
            bone("ua", Some(0), [0.2, 1.4, 0.0]),
            bone("la", Some(1), [0.2 + 0.3 * s, 1.4 - 0.3 * s, 0.0]),
            bone("hand", Some(2), [0.2 + 0.6 * s, 1.4 - 0.6 * s, 0.0]),
        ];
        let weights = avatar_sim::rig::VertexWeights::from_rows((0..4).map(|b| vec![(b as u32, 1.0)]));
        let roles = [("hips", "h"), ("leftUpperArm", "ua"), ("leftLowerArm", "la"), ("leftHand", "hand")]
            .map(|(r, b)| (r.to_owned(), b.to_owned()))
            .into();
        (LbsRig::new(bones, weights).unwrap(), roles)
    }

    fn apply(t: &Affine, x: Vector3<f64>) -> Vector3<f64> {
        Vector3::from_fn(|r, _| t[r][0] * x[0] + t[r][1] * x[1] + t[r][2] * x[2] + t[r][3])
    }

    #[test]
    fn the_identity_frame_is_the_t_pose_and_rotations_act_in_world_axes() {
        let (lbs, roles) = a_pose();
        let s = NormalizedSkeleton::new(&lbs, &roles);
        let heads: Vec<Vector3<f64>> = (0..4).map(|b| s.heads[b]).collect();
        let t = s.skinning(&[None; 4], None);
        // the arm is lifted to +X, joints stay together, the hips do not move
        let (sh, el, wr) = (apply(&t[1], heads[1]), apply(&t[1], heads[2]), apply(&t[2], heads[3]));
        assert!((sh - heads[1]).norm() < 1e-12);
        assert!(((el - sh).normalize() - Vector3::x()).norm() < 1e-12, "{}", el - sh);
        assert!(((wr - el).normalize() - Vector3::x()).norm() < 1e-12);
        assert!((apply(&t[2], heads[2]) - el).norm() < 1e-12, "the elbow is one point");
        assert!((apply(&t[0], heads[0]) - heads[0]).norm() < 1e-12);
        // lowering the upper arm by 80° about +Z (world axes): the arm points 80° below +X
        let down = Rotation3::from_axis_angle(&Vector3::z_axis(), -80f64.to_radians());
        let t = s.skinning(&[None, Some(down), None, None], Some([0.0, 2.0, 0.0]));
        let (sh, el) = (apply(&t[1], heads[1]), apply(&t[1], heads[2]));
        assert!(((el - sh).normalize() - down * Vector3::x()).norm() < 1e-12);
        assert!((apply(&t[0], heads[0]) - Vector3::new(0.0, 2.0, 0.0)).norm() < 1e-12, "root position");
    }

    #[test]
    fn unity_spellings_resolve_to_roles() {
        let (_, roles) = a_pose();
        assert_eq!(role_name("LeftUpperArm", &roles), Some(("leftUpperArm", "ua")));
        assert_eq!(role_name("leftUpperArm", &roles), Some(("leftUpperArm", "ua")));
        assert_eq!(role_name("Hips", &roles), Some(("hips", "h")));
        assert_eq!(role_name("LeftArm", &roles), None, "a Mixamo name is not a role name");
        assert_eq!(role_name("", &roles), None);
    }
}
