//! An avatar's VRM humanoid roles (role → bone): its VRM humanoid map where it has one (VRM 1.0
//! `VRMC_vrm.humanoid`, VRM 0.x `VRM.humanoid`, read on import), then the name rules of the skeleton family
//! its bone names fit best ([`avatar_humanoid::families`]: CMU, game-engine, Mixamo, VRoid, Rigify). A single
//! frame bone's name is resolved by [`resolve_bone`]: the avatar's own bone of that name, else the bone of the
//! VRM role of that name, else the role the name has in any family.
//!
//! [`RoleReport`] says what mapped, how, and which of the roles body tracking needs ([`REQUIRED`]) are
//! missing; `avatard import` prints it and keeps it in the import report.

pub use avatar_humanoid::{humanoid_role, skeleton_family, FAMILIES, OPTIONAL, REQUIRED};
use serde::Serialize;
use std::collections::BTreeMap;

/// Role → bone name on one avatar: its VRM humanoid map where it has one, else the name rules of its
/// skeleton's family ([`skeleton_family`]).
pub fn avatar_roles<'a>(
    bones: impl IntoIterator<Item = &'a str>,
    humanoid: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut roles = humanoid.clone();
    if let Some((_, by_name)) = skeleton_family(bones) {
        for (role, bone) in by_name {
            if !roles.values().any(|b| *b == bone) {
                roles.entry(role).or_insert(bone);
            }
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

/// Role → bone with VRM 0.x thumb roles (`thumbProximal/Intermediate/Distal`, recognised by an
/// `…ThumbIntermediate` role) renamed to VRM 1.0's (`thumbMetacarpal/Proximal/Distal`): the VRM export and the
/// VMC output both name thumbs by 1.0's roles.
pub fn vrm1_thumb_roles(mut roles: BTreeMap<String, String>) -> BTreeMap<String, String> {
    for side in ["left", "right"] {
        if let Some(b) = roles.remove(&format!("{side}ThumbIntermediate")) {
            let proximal = roles.remove(&format!("{side}ThumbProximal"));
            roles.insert(format!("{side}ThumbProximal"), b);
            if let Some(p) = proximal {
                roles.insert(format!("{side}ThumbMetacarpal"), p);
            }
        }
    }
    roles
}

/// What an avatar's skeleton maps to, for the import report and the daemon's log.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RoleReport {
    /// `vrm` (the file's humanoid map), the name rules' family, or both (`vrm+mixamo`).
    pub source: String,
    /// Role → bone.
    pub mapped: BTreeMap<String, String>,
    /// Required roles ([`REQUIRED`]) without a bone: body tracking is off while any is missing.
    pub missing_required: Vec<String>,
    /// Optional roles ([`OPTIONAL`]) without a bone.
    pub missing_optional: Vec<String>,
    /// Bones without a role (they follow their parent).
    pub unmapped_bones: Vec<String>,
}

impl RoleReport {
    pub fn new(bones: &[&str], humanoid: &BTreeMap<String, String>) -> RoleReport {
        let family = skeleton_family(bones.iter().copied()).map(|(f, _)| f);
        let source = match (humanoid.is_empty(), family) {
            (false, Some(f)) => format!("vrm+{f}"),
            (false, None) => "vrm".into(),
            (true, Some(f)) => f.into(),
            (true, None) => "none".into(),
        };
        let mapped = avatar_roles(bones.iter().copied(), humanoid);
        let missing = |list: &[&str]| {
            list.iter().filter(|r| !mapped.contains_key(**r)).map(|r| r.to_string()).collect::<Vec<_>>()
        };
        let used: std::collections::BTreeSet<&str> = mapped.values().map(String::as_str).collect();
        RoleReport {
            source,
            missing_required: missing(&REQUIRED),
            missing_optional: missing(&OPTIONAL),
            unmapped_bones: bones.iter().filter(|b| !used.contains(**b)).map(|b| b.to_string()).collect(),
            mapped,
        }
    }

    /// One line for a log: source, counts and the missing required roles.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "skeleton roles from {}: {} mapped, {} bones without a role",
            self.source,
            self.mapped.len(),
            self.unmapped_bones.len()
        );
        if self.missing_required.is_empty() {
            s.push_str("; every required role mapped");
        } else {
            s.push_str(&format!("; MISSING required roles: {}", self.missing_required.join(", ")));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(roles.len(), 1, "pelvis would be hips too: the VRM map's bone keeps the role");
    }

    #[test]
    fn the_report_names_missing_required_roles() {
        let bones = ["pelvis", "spine_01", "head", "thigh_l", "extra"];
        let r = RoleReport::new(&bones, &BTreeMap::new());
        assert_eq!(r.source, "game_engine");
        assert!(r.missing_required.contains(&"leftUpperArm".to_owned()));
        assert!(!r.missing_required.contains(&"hips".to_owned()));
        assert_eq!(r.unmapped_bones, ["extra"]);
        assert!(r.summary().contains("MISSING required roles"));
    }
}
