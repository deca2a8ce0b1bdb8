//! Posing helpers for flesh tests, benchmarks and the CLI: rotate a bone and everything below it about the
//! bone's posed joint, directly on the rig parameters (skinning transforms `T_h`, see `sim::mod`).

use crate::rig::linear::{Rig, RigPart};
use nalgebra::{Rotation3, Unit, Vector3};

/// Rotate bone `name` and its descendants by `angle` (radians) about `axis` through the bone's posed head
/// (`T_b` applied to its bind position). Returns `None` when the rig has no such LBS bone.
pub fn rotate_subtree(rig: &Rig, p: &mut [f64], name: &str, axis: [f64; 3], angle: f64) -> Option<()> {
    for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
        let RigPart::Lbs(l) = part else { continue };
        let Some(b) = l.bone_index(name) else { continue };
        let bones = l.bones();
        let head = bones[b].bind.map(|row| row[3]);
        let t = &p[o + 12 * b..o + 12 * b + 12];
        let centre: Vector3<f64> =
            Vector3::from_fn(|c, _| (0..3).map(|k| t[4 * c + k] * head[k]).sum::<f64>() + t[4 * c + 3]);
        let r = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::from(axis)), angle).into_inner();
        let in_subtree = |mut h: usize| loop {
            if h == b {
                return true;
            }
            match bones[h].parent {
                Some(parent) => h = parent,
                None => return false,
            }
        };
        for h in (0..bones.len()).filter(|&h| in_subtree(h)) {
            let t = &mut p[o + 12 * h..o + 12 * h + 12];
            // G ∘ T with G(x) = R (x − c) + c
            let a = nalgebra::Matrix3::from_fn(|i, j| t[4 * i + j]);
            let tr = Vector3::from_fn(|i, _| t[4 * i + 3]);
            let a2 = r * a;
            let tr2 = r * (tr - centre) + centre;
            for i in 0..3 {
                for j in 0..3 {
                    t[4 * i + j] = a2[(i, j)];
                }
                t[4 * i + 3] = tr2[i];
            }
        }
        return Some(());
    }
    None
}

/// The bind (rest) head of bone `name`, if the rig has it.
pub fn bone_head(rig: &Rig, name: &str) -> Option<[f64; 3]> {
    rig.parts().iter().find_map(|part| match part {
        RigPart::Lbs(l) => l.bone_index(name).map(|b| l.bones()[b].bind.map(|row| row[3])),
        _ => None,
    })
}

/// A left-elbow flexion of `degrees` for humanoid rigs with the game-engine names (`upperarm_l`, `lowerarm_l`,
/// `hand_l`, as the default avatar): the forearm turns about the axis normal to the upper arm and the
/// body's forward direction (+z), towards the front.
pub fn elbow_flexion(rig: &Rig, degrees: f64) -> Option<Vec<f64>> {
    let (s, e, w) = (bone_head(rig, "upperarm_l")?, bone_head(rig, "lowerarm_l")?, bone_head(rig, "hand_l")?);
    let upper = Vector3::from(e) - Vector3::from(s);
    let axis = upper.cross(&Vector3::z()).normalize();
    // the sign that brings the hand forward (+z)
    let fore = Vector3::from(w) - Vector3::from(e);
    let turned = Rotation3::from_axis_angle(&Unit::new_normalize(axis), 0.5) * fore;
    let sign = if turned.z >= fore.z { 1.0 } else { -1.0 };
    let mut p = rig.rest_params();
    rotate_subtree(rig, &mut p, "lowerarm_l", [axis.x, axis.y, axis.z], sign * degrees.to_radians())?;
    Some(p)
}
