//! Where each humanoid role points in the T-pose: the rest of the normalized convention of `RigFrame`s by
//! role (`schema/README.md` §4.4), which a skeleton's own rest is compared with.

/// Each role that has a direction in the T-pose and the roles its direction points to (the first the
/// skeleton has): used to compare a skeleton's rest with the T-pose (the normalized convention of
/// `RigFrame`s by role, `schema/README.md` §4.4).
pub const DIRECTIONS: [(&str, &[&str]); 19] = [
    ("spine", &["chest", "upperChest", "neck", "head"]),
    ("chest", &["upperChest", "neck", "head"]),
    ("upperChest", &["neck", "head"]),
    ("neck", &["head"]),
    ("leftShoulder", &["leftUpperArm"]),
    ("leftUpperArm", &["leftLowerArm"]),
    ("leftLowerArm", &["leftHand"]),
    ("rightShoulder", &["rightUpperArm"]),
    ("rightUpperArm", &["rightLowerArm"]),
    ("rightLowerArm", &["rightHand"]),
    ("leftUpperLeg", &["leftLowerLeg"]),
    ("leftLowerLeg", &["leftFoot"]),
    ("leftFoot", &["leftToes"]),
    ("rightUpperLeg", &["rightLowerLeg"]),
    ("rightLowerLeg", &["rightFoot"]),
    ("rightFoot", &["rightToes"]),
    ("leftHand", &["leftMiddleProximal", "leftIndexProximal"]),
    ("rightHand", &["rightMiddleProximal", "rightIndexProximal"]),
    ("hips", &[]),
];

/// A role's direction in the T-pose, for a skeleton facing +Z with its left at +X and +Y up, given the
/// role's direction `rest` in that skeleton's rest pose: the arms and hands (shoulder to hand) point along
/// ±X (left +X); every other bone along the axis nearest to its rest direction (legs down, spine up, feet
/// forward). `None` for a zero direction.
pub fn t_pose_direction(role: &str, rest: [f64; 3]) -> Option<[f64; 3]> {
    let norm = (rest[0] * rest[0] + rest[1] * rest[1] + rest[2] * rest[2]).sqrt();
    if norm.is_nan() || norm <= 1e-12 {
        return None;
    }
    let arm = ["Shoulder", "UpperArm", "LowerArm", "Hand"].iter().any(|p| role.ends_with(p));
    if arm && role.starts_with("left") {
        return Some([1.0, 0.0, 0.0]);
    }
    if arm && role.starts_with("right") {
        return Some([-1.0, 0.0, 0.0]);
    }
    let k = (0..3).max_by(|&a, &b| rest[a].abs().total_cmp(&rest[b].abs())).unwrap_or(1);
    let mut axis = [0.0; 3];
    axis[k] = rest[k].signum();
    Some(axis)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::families;
    use crate::roles::{is_role, OPTIONAL, REQUIRED};

    #[test]
    fn t_pose_directions_put_arms_sideways_and_snap_the_rest() {
        // an A-pose arm (48° down) is still sideways in the T-pose; a 20°-spread thigh points down
        assert_eq!(t_pose_direction("leftUpperArm", [0.67, -0.74, 0.0]), Some([1.0, 0.0, 0.0]));
        assert_eq!(t_pose_direction("rightHand", [-0.1, -0.9, 0.0]), Some([-1.0, 0.0, 0.0]));
        assert_eq!(t_pose_direction("leftUpperLeg", [0.34, -0.94, 0.0]), Some([0.0, -1.0, 0.0]));
        assert_eq!(t_pose_direction("leftFoot", [0.05, -0.4, 0.9]), Some([0.0, 0.0, 1.0]));
        assert_eq!(t_pose_direction("spine", [0.0, 2.0, -0.2]), Some([0.0, 1.0, 0.0]));
        assert_eq!(t_pose_direction("neck", [0.0; 3]), None);
        for (role, _) in DIRECTIONS {
            assert!(is_role(role), "{role}");
        }
        // 15 required + 14 optional (those include the index and little proximal of each hand) + 15 other
        // finger bones a hand: 55 - VRM 1.0's count
        let fingers = ["Thumb", "Index", "Middle", "Ring", "Little"];
        let segments = ["Metacarpal", "Proximal", "Intermediate", "Distal"];
        let mut all: Vec<String> = REQUIRED.iter().chain(&OPTIONAL).map(|r| r.to_string()).collect();
        for side in ["left", "right"] {
            for f in fingers {
                all.extend(segments.iter().map(|s| format!("{side}{f}{s}")).filter(|r| is_role(r)));
            }
        }
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 55);
        assert!(
            !is_role("leftThumbIntermediate") && !is_role("leftIndexMetacarpal") && !is_role("LeftUpperArm")
        );
        for (_, table) in families() {
            assert!(table.iter().all(|(_, r)| is_role(r)), "every family maps onto VRM 1.0 names");
        }
    }
}
