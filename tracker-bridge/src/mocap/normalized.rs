//! A BVH clip as **normalized** rig frames: bones named by VRM humanoid role, rotations relative to the T-pose
//! (`schema/README.md` §4.4), so that the daemon can correct for each avatar's own bind (an A-pose avatar's
//! arms follow a T-pose clip's arms).
//!
//! For each joint with a role ([`avatar_humanoid::humanoid_role`], e.g. CMU's `LeftArm` →
//! `leftUpperArm`), `A_j` is the minimal rotation from its T-pose direction to its rest direction (toward the
//! first role of [`DIRECTIONS`] the clip has; T-pose directions by
//! [`t_pose_direction`]: arms along ±X, other bones along their nearest axis — so a clip recorded in a
//! wide-legged rest stance keeps that stance); a role joint without a direction takes its role parent's.
//! The BVH rest has every rotation zero, so a joint's world rotation in a frame, `S_j`, is its rotation from
//! the rest. Its normalized world rotation is `N_j = S_j · A_j`, and the frame carries
//! `n_j = N_parent⁻¹ · N_j` relative to the nearest ancestor joint with a role (joints without one, like
//! CMU's `LHipJoint` or `Neck1`, are folded into their role children). The root's position is carried as by
//! [`super::rig_frame`].

use super::bvh::Bvh;
use super::rig_frames::SCALE_RANGE;
use avatar_humanoid::{humanoid_role, t_pose_direction, DIRECTIONS};
use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

/// Every frame of `bvh` as a normalized [`RigFrame`] (bones: the clip's joints with a role, named by role).
///
/// # Panics
/// If `scale` is outside [`SCALE_RANGE`].
pub fn to_normalized_rig_frames(bvh: &Bvh, source_id: &str, scale: f64) -> Vec<RigFrame> {
    assert!(SCALE_RANGE.contains(&scale), "BVH scale {scale} outside {SCALE_RANGE:?}");
    let n = bvh.joints.len();
    // the first joint of each role
    let mut role: Vec<Option<&'static str>> = vec![None; n];
    for j in 0..n {
        if let Some(r) = humanoid_role(&bvh.joints[j].name) {
            if !role[..j].contains(&Some(r)) {
                role[j] = Some(r);
            }
        }
    }
    let joint_of = |r: &str| role.iter().position(|x| *x == Some(r));
    let role_parent: Vec<Option<usize>> = (0..n)
        .map(|j| {
            let mut up = bvh.joints[j].parent;
            while let Some(p) = up {
                if role[p].is_some() {
                    return Some(p);
                }
                up = bvh.joints[p].parent;
            }
            None
        })
        .collect();
    let rest: Vec<Vector3<f64>> = bvh.world_poses(None).iter().map(|(_, p)| Vector3::from(*p)).collect();
    let mut a = vec![UnitQuaternion::identity(); n];
    for j in 0..n {
        let Some(r) = role[j] else { continue };
        let toward =
            DIRECTIONS.iter().find(|(d, _)| *d == r).and_then(|(_, to)| to.iter().find_map(|t| joint_of(t)));
        let own = toward.and_then(|c| {
            let s = rest[c] - rest[j];
            let t = Vector3::from(t_pose_direction(r, [s.x, s.y, s.z])?);
            UnitQuaternion::rotation_between(&t, &s).or_else(|| {
                // opposite directions: half a turn about an axis across them
                let axis = t.cross(&if t.x.abs() < 0.9 { Vector3::x() } else { Vector3::y() });
                Some(UnitQuaternion::from_axis_angle(
                    &nalgebra::Unit::new_normalize(axis),
                    std::f64::consts::PI,
                ))
            })
        });
        // joints come parents first in a BVH file, so a role parent's A is known here
        a[j] = own.unwrap_or_else(|| role_parent[j].map_or(UnitQuaternion::identity(), |p| a[p]));
    }
    let f32x3 = |v: [f64; 3]| [(v[0] * scale) as f32, (v[1] * scale) as f32, (v[2] * scale) as f32];
    (0..bvh.frames.len())
        .map(|index| {
            let world = bvh.world_poses(Some(index));
            let s = |j: usize| {
                let [x, y, z, w] = world[j].0;
                UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z))
            };
            let normalized = |j: usize| s(j) * a[j];
            let bones = (0..n)
                .filter_map(|j| {
                    let r = role[j]?;
                    let local = match role_parent[j] {
                        Some(p) => normalized(p).inverse() * normalized(j),
                        None => normalized(j),
                    };
                    let q = local.coords;
                    Some(BoneTransform {
                        name: r.to_owned(),
                        rotation: [q[0] as f32, q[1] as f32, q[2] as f32, q[3] as f32],
                        translation: None,
                    })
                })
                .collect();
            let t_ns = (index as f64 * bvh.frame_time * 1e9).round() as i64;
            RigFrame {
                header: FrameHeader {
                    source_id: source_id.to_owned(),
                    stream_id: 0,
                    seq: index as u64 + 1,
                    capture_time_ns: t_ns,
                    send_time_ns: 0,
                },
                bones,
                blendshapes: Vec::new(),
                root_position: bvh.has_position_channels(0).then(|| f32x3(bvh.root_position(index))),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mocap::fixtures::cmu;

    fn rotate(q: [f32; 4], v: Vector3<f64>) -> Vector3<f64> {
        let [x, y, z, w] = q.map(f64::from);
        UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)) * v
    }

    /// Composing the frame's rotations down the roles turns each T-pose direction into the clip's posed
    /// bone direction (world joint positions, computed independently by the BVH's forward kinematics).
    #[test]
    fn normalized_rotations_carry_t_pose_directions_onto_the_clip() {
        let bvh = cmu();
        let frames = to_normalized_rig_frames(&bvh, "t", 1.0);
        let names: Vec<&str> = frames[0].bones.iter().map(|b| b.name.as_str()).collect();
        assert!(names.contains(&"hips") && names.contains(&"leftUpperArm") && !names.contains(&"LHipJoint"));
        let role_parent = |r: &str| -> Option<&str> {
            // the CMU hierarchy by role
            Some(match r {
                "hips" => return None,
                "spine" | "leftUpperLeg" | "rightUpperLeg" => "hips",
                "chest" => "spine",
                "upperChest" => "chest",
                "neck" | "leftShoulder" | "rightShoulder" => "upperChest",
                "head" => "neck",
                "leftUpperArm" => "leftShoulder",
                "leftLowerArm" => "leftUpperArm",
                "leftLowerLeg" => "leftUpperLeg",
                _ => return Some("?"),
            })
        };
        for (k, f) in frames.iter().enumerate().step_by(37) {
            let world = bvh.world_poses(Some(k));
            let pos = |name: &str| Vector3::from(world[bvh.joint(name).unwrap()].1);
            let rot = |r: &str| f.bones.iter().find(|b| b.name == r).unwrap().rotation;
            let chain = |r: &str| {
                let mut q = Vec::new();
                let mut cur = Some(r);
                while let Some(c) = cur {
                    q.push(rot(c));
                    cur = role_parent(c);
                    assert_ne!(cur, Some("?"));
                }
                q
            };
            for (r, from, to, t) in [
                ("leftUpperArm", "LeftArm", "LeftForeArm", Vector3::x()),
                ("leftLowerArm", "LeftForeArm", "LeftHand", Vector3::x()),
                ("leftUpperLeg", "LeftUpLeg", "LeftLeg", -Vector3::y()),
                ("leftLowerLeg", "LeftLeg", "LeftFoot", -Vector3::y()),
            ] {
                let mut d = t;
                for q in chain(r) {
                    d = rotate(q, d);
                }
                let want = (pos(to) - pos(from)).normalize();
                let err = d.angle(&want).to_degrees();
                assert!(err < 0.01, "frame {k} {r}: {err}°");
            }
        }
    }
}
