//! Unity's humanoid bone names (`HumanBodyBones`), the names VMC senders and receivers use, and the VRM 1.0
//! role each stands for: the role with its first letter upper-cased (`hips` → `Hips`, `leftUpperArm` →
//! `LeftUpperArm`, `upperChest` → `UpperChest`), except the thumbs, whose VRM 1.0 roles are one segment off
//! Unity's: `thumbMetacarpal` → `ThumbProximal`, `thumbProximal` → `ThumbIntermediate`, `thumbDistal` →
//! `ThumbDistal` (a VRM 0.x map's `thumbProximal/Intermediate/Distal` are Unity's already).

use crate::roles::is_role;

/// Unity's `HumanBodyBones` (without `LastBone`): the bone names VMC receivers know.
pub const HUMAN_BODY_BONES: [&str; 55] = [
    "Hips",
    "LeftUpperLeg",
    "RightUpperLeg",
    "LeftLowerLeg",
    "RightLowerLeg",
    "LeftFoot",
    "RightFoot",
    "Spine",
    "Chest",
    "Neck",
    "Head",
    "LeftShoulder",
    "RightShoulder",
    "LeftUpperArm",
    "RightUpperArm",
    "LeftLowerArm",
    "RightLowerArm",
    "LeftHand",
    "RightHand",
    "LeftToes",
    "RightToes",
    "LeftEye",
    "RightEye",
    "Jaw",
    "LeftThumbProximal",
    "LeftThumbIntermediate",
    "LeftThumbDistal",
    "LeftIndexProximal",
    "LeftIndexIntermediate",
    "LeftIndexDistal",
    "LeftMiddleProximal",
    "LeftMiddleIntermediate",
    "LeftMiddleDistal",
    "LeftRingProximal",
    "LeftRingIntermediate",
    "LeftRingDistal",
    "LeftLittleProximal",
    "LeftLittleIntermediate",
    "LeftLittleDistal",
    "RightThumbProximal",
    "RightThumbIntermediate",
    "RightThumbDistal",
    "RightIndexProximal",
    "RightIndexIntermediate",
    "RightIndexDistal",
    "RightMiddleProximal",
    "RightMiddleIntermediate",
    "RightMiddleDistal",
    "RightRingProximal",
    "RightRingIntermediate",
    "RightRingDistal",
    "RightLittleProximal",
    "RightLittleIntermediate",
    "RightLittleDistal",
    "UpperChest",
];

/// The Unity `HumanBodyBones` name of a VRM 1.0 humanoid role (`None`: not a Unity humanoid bone).
pub fn unity_bone_name(role: &str) -> Option<&'static str> {
    if !is_role(role) {
        return None;
    }
    let mut chars = role.chars();
    let first = chars.next()?;
    let mut name: String = first.to_uppercase().chain(chars).collect();
    for (vrm1, unity) in [("ThumbMetacarpal", "ThumbProximal"), ("ThumbProximal", "ThumbIntermediate")] {
        if let Some(side) = name.strip_suffix(vrm1) {
            name = format!("{side}{unity}");
            break;
        }
    }
    HUMAN_BODY_BONES.iter().find(|b| **b == name).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roles::{OPTIONAL, REQUIRED};

    #[test]
    fn unity_bone_names_follow_the_roles() {
        for (role, unity) in [
            ("hips", Some("Hips")),
            ("leftUpperArm", Some("LeftUpperArm")),
            ("upperChest", Some("UpperChest")),
            ("rightToes", Some("RightToes")),
            ("jaw", Some("Jaw")),
            ("leftThumbMetacarpal", Some("LeftThumbProximal")),
            ("leftThumbProximal", Some("LeftThumbIntermediate")),
            ("rightThumbDistal", Some("RightThumbDistal")),
            ("leftIndexIntermediate", Some("LeftIndexIntermediate")),
            ("rightLittleDistal", Some("RightLittleDistal")),
            ("leftThumbIntermediate", None),
            ("LeftArm", None),
            ("", None),
        ] {
            assert_eq!(unity_bone_name(role), unity, "{role}");
        }
        // every VRM 1.0 role has a Unity name, and no two share one
        let roles: Vec<String> = REQUIRED
            .iter()
            .chain(&OPTIONAL)
            .map(|r| r.to_string())
            .chain(["left", "right"].iter().flat_map(|s| {
                ["ThumbMetacarpal", "ThumbProximal", "ThumbDistal", "MiddleDistal"].map(|f| format!("{s}{f}"))
            }))
            .collect();
        let names: std::collections::BTreeSet<_> =
            roles.iter().map(|r| unity_bone_name(r).unwrap()).collect();
        assert_eq!(names.len(), roles.len());
    }
}
