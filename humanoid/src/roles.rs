//! VRM humanoid bone roles (`hips`, `spine`, `leftUpperLeg`, …; the VRM 1.0 `humanoid.humanBones` names): the
//! names a `RigFrame` may use, shared by the daemon (which maps them onto an avatar's bones:
//! `avatar_sim::rig::roles`) and the tracker side (which converts clips).

/// The VRM 1.0 required humanoid bones: what body tracking needs.
pub const REQUIRED: [&str; 15] = [
    "hips",
    "spine",
    "head",
    "leftUpperArm",
    "leftLowerArm",
    "leftHand",
    "rightUpperArm",
    "rightLowerArm",
    "rightHand",
    "leftUpperLeg",
    "leftLowerLeg",
    "leftFoot",
    "rightUpperLeg",
    "rightLowerLeg",
    "rightFoot",
];

/// Optional roles used when present: the neck (head direction from the ears), the hand's index and little
/// proximal bones (forearm twist), the eyes (gaze), chest/shoulders/toes (regions and clips).
pub const OPTIONAL: [&str; 14] = [
    "neck",
    "chest",
    "upperChest",
    "leftShoulder",
    "rightShoulder",
    "leftToes",
    "rightToes",
    "leftEye",
    "rightEye",
    "jaw",
    "leftIndexProximal",
    "leftLittleProximal",
    "rightIndexProximal",
    "rightLittleProximal",
];

/// Each finger of a hand and its three VRM 1.0 segments (the role is side + finger + segment).
pub(crate) const FINGER_ROLES: [(&str, [&str; 3]); 5] = [
    ("Thumb", ["Metacarpal", "Proximal", "Distal"]),
    ("Index", ["Proximal", "Intermediate", "Distal"]),
    ("Middle", ["Proximal", "Intermediate", "Distal"]),
    ("Ring", ["Proximal", "Intermediate", "Distal"]),
    ("Little", ["Proximal", "Intermediate", "Distal"]),
];

/// Is `name` one of the 55 VRM 1.0 humanoid bone names: the required and optional body roles, and the
/// fingers (`leftThumbMetacarpal`, `leftIndexProximal`, …, `rightLittleDistal`; VRM 0.x's
/// `ThumbIntermediate` is not one)?
pub fn is_role(name: &str) -> bool {
    if REQUIRED.contains(&name) || OPTIONAL.contains(&name) {
        return true;
    }
    let Some(finger) = name.strip_prefix("left").or_else(|| name.strip_prefix("right")) else { return false };
    FINGER_ROLES
        .iter()
        .any(|(f, segments)| finger.strip_prefix(f).is_some_and(|segment| segments.contains(&segment)))
}
