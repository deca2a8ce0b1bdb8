//! Bone names of common skeletons → VRM humanoid roles (`hips`, `spine`, `leftUpperLeg`, …; the VRM 1.0
//! `humanoid.humanBones` names), so a `RigFrame` from one skeleton drives an avatar with another: a frame
//! bone is resolved by its own name first, then by its role ([`resolve_bone`]).
//!
//! Two skeletons so far: the CMU motion-capture database's BVH joints (`Hips`, `LowerBack`, `LeftUpLeg`, …;
//! `LHipJoint`, `Neck1` and the fingers' `LeftFingerBase`/`LThumb` have no role of their own) and the
//! Unreal/MakeHuman game-engine skeleton of the default avatar (`pelvis`, `spine_01`, `thigh_l`, …). A frame
//! bone without a role on the avatar is an unknown name (counted), as before.
//!
//! Only the rotation relative to each skeleton's rest pose is carried over: a skeleton whose rest pose
//! differs (a T-pose clip on an A-pose avatar) keeps that difference (retargeting with rest-pose
//! correction is the own-avatar issue's work).

use std::collections::BTreeMap;

/// `(name, role)` pairs: CMU BVH joints.
const CMU: &[(&str, &str)] = &[
    ("Hips", "hips"),
    ("LowerBack", "spine"),
    ("Spine", "chest"),
    ("Spine1", "upperChest"),
    ("Neck", "neck"),
    ("Head", "head"),
    ("LeftShoulder", "leftShoulder"),
    ("LeftArm", "leftUpperArm"),
    ("LeftForeArm", "leftLowerArm"),
    ("LeftHand", "leftHand"),
    ("RightShoulder", "rightShoulder"),
    ("RightArm", "rightUpperArm"),
    ("RightForeArm", "rightLowerArm"),
    ("RightHand", "rightHand"),
    ("LeftUpLeg", "leftUpperLeg"),
    ("LeftLeg", "leftLowerLeg"),
    ("LeftFoot", "leftFoot"),
    ("LeftToeBase", "leftToes"),
    ("RightUpLeg", "rightUpperLeg"),
    ("RightLeg", "rightLowerLeg"),
    ("RightFoot", "rightFoot"),
    ("RightToeBase", "rightToes"),
];

/// `(name, role)` pairs: the Unreal/MakeHuman game-engine skeleton (the default avatar's).
const GAME_ENGINE: &[(&str, &str)] = &[
    ("pelvis", "hips"),
    ("spine_01", "spine"),
    ("spine_02", "chest"),
    ("spine_03", "upperChest"),
    ("neck_01", "neck"),
    ("head", "head"),
    ("clavicle_l", "leftShoulder"),
    ("upperarm_l", "leftUpperArm"),
    ("lowerarm_l", "leftLowerArm"),
    ("hand_l", "leftHand"),
    ("clavicle_r", "rightShoulder"),
    ("upperarm_r", "rightUpperArm"),
    ("lowerarm_r", "rightLowerArm"),
    ("hand_r", "rightHand"),
    ("thigh_l", "leftUpperLeg"),
    ("calf_l", "leftLowerLeg"),
    ("foot_l", "leftFoot"),
    ("ball_l", "leftToes"),
    ("thigh_r", "rightUpperLeg"),
    ("calf_r", "rightLowerLeg"),
    ("foot_r", "rightFoot"),
    ("ball_r", "rightToes"),
];

/// The VRM humanoid role of a bone of a known skeleton (exact, case-sensitive names).
pub fn humanoid_role(name: &str) -> Option<&'static str> {
    CMU.iter().chain(GAME_ENGINE).find(|(n, _)| *n == name).map(|&(_, r)| r)
}

/// Role → bone name on one avatar: its VRM humanoid map where it has one, else the roles of its bone names
/// in the known skeletons.
pub fn avatar_roles<'a>(
    bones: impl IntoIterator<Item = &'a str>,
    humanoid: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut roles = humanoid.clone();
    for bone in bones {
        if let Some(role) = humanoid_role(bone) {
            roles.entry(role.to_owned()).or_insert_with(|| bone.to_owned());
        }
    }
    roles
}

/// The avatar bone a frame's bone `name` drives: the avatar's own bone of that name (`has_bone`), else the
/// bone of the role `name` is (a VRM humanoid name, or a known skeleton's bone), if the avatar has one.
pub fn resolve_bone<'a>(
    name: &'a str,
    has_bone: impl Fn(&str) -> bool,
    roles: &'a BTreeMap<String, String>,
) -> Option<&'a str> {
    if has_bone(name) {
        return Some(name);
    }
    if let Some(bone) = roles.get(name) {
        return Some(bone);
    }
    humanoid_role(name).and_then(|role| roles.get(role)).map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_is_taken_once_per_skeleton_and_both_skeletons_cover_the_same_roles() {
        for table in [CMU, GAME_ENGINE] {
            let mut roles: Vec<_> = table.iter().map(|(_, r)| *r).collect();
            roles.sort_unstable();
            let n = roles.len();
            roles.dedup();
            assert_eq!(roles.len(), n, "a role twice");
        }
        let set = |t: &[(&'static str, &'static str)]| {
            t.iter().map(|(_, r)| *r).collect::<std::collections::BTreeSet<&'static str>>()
        };
        assert_eq!(set(CMU), set(GAME_ENGINE));
    }

    #[test]
    fn cmu_joints_drive_game_engine_bones_and_own_names_win() {
        let bones = ["Root", "pelvis", "spine_01", "thigh_l", "head"];
        let roles = avatar_roles(bones, &BTreeMap::new());
        let has = |n: &str| bones.contains(&n);
        assert_eq!(resolve_bone("Hips", has, &roles), Some("pelvis"));
        assert_eq!(resolve_bone("LeftUpLeg", has, &roles), Some("thigh_l"));
        assert_eq!(resolve_bone("LowerBack", has, &roles), Some("spine_01"));
        assert_eq!(resolve_bone("leftUpperLeg", has, &roles), Some("thigh_l"), "a VRM role name");
        assert_eq!(resolve_bone("head", has, &roles), Some("head"));
        assert_eq!(resolve_bone("LHipJoint", has, &roles), None, "no role");
        assert_eq!(resolve_bone("RightUpLeg", has, &roles), None, "a role the avatar lacks");
    }

    #[test]
    fn a_vrm_humanoid_map_wins_over_name_rules() {
        let bones = ["J_Bip_C_Hips", "pelvis"];
        let humanoid = BTreeMap::from([("hips".to_owned(), "J_Bip_C_Hips".to_owned())]);
        let roles = avatar_roles(bones, &humanoid);
        assert_eq!(resolve_bone("Hips", |n| bones.contains(&n), &roles), Some("J_Bip_C_Hips"));
    }
}
