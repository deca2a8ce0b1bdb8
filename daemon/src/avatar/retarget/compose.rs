//! Composition: the target `p` from the latest mapped pieces, each by its weight, turning rigidly.

use super::pieces::Pieces;
use super::{BODY, FACE, HANDS, HAND_PIECE, PIECES, RIG_FRAME};
use crate::mapping::{set_bone_world_rotation, HandRig};
use avatar_sim::rig::Rig;
use nalgebra::{Rotation3, UnitQuaternion};
use std::collections::BTreeMap;

/// The composition stage (no state of its own): where the pieces go on this avatar.
pub(super) struct Compose {
    rest_p: Vec<f64>,
    handles: Vec<usize>,
    /// The avatar's hands (left, right) when its skeleton has them.
    hand_rigs: [Option<HandRig>; 2],
    /// The bone the face's head rotation turns.
    head_bone: Option<String>,
    /// The humanoid `leftEye` / `rightEye` bones, when the avatar has them.
    eye_bones: [Option<String>; 2],
}

impl Compose {
    /// For `rig` (`roles`: VRM humanoid role → bone name) with rest parameters `rest_p`.
    pub(super) fn new(rig: &Rig, roles: &BTreeMap<String, String>, rest_p: &[f64]) -> Self {
        // the face's head rotation goes to the humanoid head (a bone literally named `head` otherwise)
        let head_bone = roles
            .get("head")
            .cloned()
            .or_else(|| rig.bone_param_offset("head").map(|_| "head".to_owned()))
            .filter(|b| rig.bone_param_offset(b).is_some());
        let eye_bones = ["leftEye", "rightEye"]
            .map(|r| roles.get(r).cloned().filter(|b| rig.bone_param_offset(b).is_some()));
        let hand_rigs = HANDS.map(|side| {
            HandRig::new(rig, roles, side)
                .map_err(|e| tracing::debug!("no {} hand tracking for this avatar: {e}", side.as_str()))
                .ok()
        });
        Compose { rest_p: rest_p.to_vec(), handles: rig.handle_offsets(), hand_rigs, head_bone, eye_bones }
    }

    /// The avatar has eye bones (the face's gaze turns them).
    pub(super) fn has_eyes(&self) -> bool {
        self.eye_bones.iter().any(Option::is_some)
    }

    /// Which of the avatar's hands (left, right) hand frames can pose.
    pub(super) fn hands_rigged(&self) -> [bool; 2] {
        self.hand_rigs.each_ref().map(Option::is_some)
    }

    /// The target from the latest mapped pieces, each by its weight: a rig frame if any (it is a whole pose),
    /// else the body; the hands on top; then the face's head rotation, gaze and blendshapes.
    pub(super) fn step(&self, rig: &Rig, pieces: &Pieces, weights: &[f64; PIECES]) -> Vec<f64> {
        let weighted = |from: &[f64], to: &[f64], w: f64| {
            if w >= 1.0 {
                to.to_vec()
            } else {
                blend_rigidly(from, to, w, &self.handles)
            }
        };
        let under = pieces
            .body
            .as_ref()
            .map_or_else(|| self.rest_p.clone(), |b| weighted(&self.rest_p, b, weights[BODY]));
        let mut p = match &pieces.rig {
            Some(r) => weighted(&under, r, weights[RIG_FRAME]),
            None => under,
        };
        // the hands on top of the body or rig frame
        for (side, (hand_rig, pose)) in self.hand_rigs.iter().zip(&pieces.hands).enumerate() {
            let (Some(hand_rig), Some(pose)) = (hand_rig, pose) else { continue };
            let mut posed = p.clone();
            if hand_rig.apply(&mut posed, pose) {
                p = weighted(&p, &posed, weights[HAND_PIECE + side]);
            }
        }
        let without_face = (weights[FACE] < 1.0).then(|| p.clone());
        self.face(rig, pieces, &mut p);
        match without_face {
            Some(base) => weighted(&base, &p, weights[FACE]),
            None => p,
        }
    }

    /// The face on `p`: the head bone to the face's head rotation, the eyes turned by the gaze, the
    /// blendshape values.
    fn face(&self, rig: &Rig, pieces: &Pieces, p: &mut [f64]) {
        if let (Some(r), Some(bone)) = (&pieces.head, &self.head_bone) {
            // The face tracker's head is relative to the camera, like the body's world landmarks.
            set_bone_world_rotation(rig, p, bone, r);
        }
        if let Some(g) = pieces.gaze {
            for (eye, yaw) in self.eye_bones.iter().zip([g[0], g[1]]) {
                let Some(eye) = eye else { continue };
                // the eye turns within its current (head-carried) world rotation
                let Some(o) = rig.bone_param_offset(eye) else { continue };
                let carried =
                    Rotation3::from_matrix_unchecked(nalgebra::Matrix3::from_fn(|i, j| p[o + 4 * i + j]));
                let turn = Rotation3::from_axis_angle(&nalgebra::Vector3::y_axis(), yaw)
                    * Rotation3::from_axis_angle(&nalgebra::Vector3::x_axis(), -g[2]);
                set_bone_world_rotation(rig, p, eye, &(carried * turn));
            }
        }
        for &(i, v) in &pieces.face_blend {
            p[i] = v;
        }
    }
}

/// `a + w (b − a)`, except that each 12-entry handle (a bone's or the affine part's transform) whose 3×3 parts
/// are both rotations turns along the shortest arc (quaternion slerp) while its translation moves linearly:
/// a linear blend of two rotation matrices shrinks the limb on its way (by 29 % halfway through a 90° turn),
/// and the flesh would feel that shrinking as a real deformation.
pub fn blend_rigidly(a: &[f64], b: &[f64], w: f64, handles: &[usize]) -> Vec<f64> {
    let mut p: Vec<f64> = a.iter().zip(b).map(|(x, y)| x + w * (y - x)).collect();
    let rotation = |q: &[f64]| {
        let m = nalgebra::Matrix3::from_fn(|r, c| q[4 * r + c]);
        let d = m.determinant();
        ((m.transpose() * m - nalgebra::Matrix3::identity()).norm() < 1e-3 && d > 0.0)
            .then(|| UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(m)))
    };
    for &o in handles {
        let (Some(qa), Some(qb)) = (rotation(&a[o..o + 12]), rotation(&b[o..o + 12])) else { continue };
        let Some(q) = qa.try_slerp(&qb, w, 1e-9) else { continue };
        let m = q.to_rotation_matrix();
        for r in 0..3 {
            for c in 0..3 {
                p[o + 4 * r + c] = m[(r, c)];
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_turns_a_bone_rigidly_and_blends_the_rest_linearly() {
        let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        // 90° about z, translated by (2, 0, 0); then one blendshape weight
        let turned = [0.0, -1.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let a: Vec<f64> = id.iter().copied().chain([0.0]).collect();
        let b: Vec<f64> = turned.iter().copied().chain([1.0]).collect();
        let p = blend_rigidly(&a, &b, 0.5, &[0]);
        let (s, c) = std::f64::consts::FRAC_PI_4.sin_cos();
        let want = [c, -s, 0.0, 1.0, s, c, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5];
        for (i, (g, w)) in p.iter().zip(want).enumerate() {
            assert!((g - w).abs() < 1e-12, "entry {i}: {g} vs {w}");
        }
        // the ends are the ends
        assert_eq!(blend_rigidly(&a, &b, 0.0, &[0]), a);
        let end = blend_rigidly(&a, &b, 1.0, &[0]);
        assert!(end.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-12));
        // a handle that is not a rotation (a scale) is blended linearly
        let scaled: Vec<f64> = [2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0].to_vec();
        assert_eq!(blend_rigidly(&a, &scaled, 0.5, &[0])[0], 1.5);
    }
}
