//! The bone names common skeletons give the VRM humanoid roles ([`crate::roles`]), by skeleton family:
//!
//! | family | example bones | notes |
//! |---|---|---|
//! | `cmu` | `Hips`, `LowerBack`, `Spine`, `Spine1`, `LeftUpLeg`, `LeftArm` | CMU mocap BVH; `LHipJoint`, `Neck1` have no role; `LeftFingerBase`, `LeftHandIndex1`, `LThumb` are the index and thumb |
//! | `game_engine` | `pelvis`, `spine_01`, `thigh_l`, `upperarm_l`, `index_01_l` | Unreal / MakeHuman (the default avatar) |
//! | `mixamo` | `mixamorig:Hips`, `mixamorig:Spine1`, `mixamorig:LeftHandIndex1` | any `prefix:` is ignored |
//! | `vroid` | `J_Bip_C_Hips`, `J_Bip_L_UpperArm`, `J_Adj_L_FaceEye` | VRoid Studio |
//! | `rigify` | `DEF-spine`, `DEF-upper_arm.L`, `DEF-f_index.01.L` | Blender Rigify deform bones |
//!
//! A skeleton's family is the one matching the most required roles ([`REQUIRED`]), then the most bone names
//! (a `mixamorig` prefix counts as a Mixamo skeleton on a tie: Mixamo and CMU share `Hips`, `Spine`,
//! `LeftArm`, but `Spine`/`Spine1` are different roles in them): [`skeleton_family`].

use crate::roles::{FINGER_ROLES, REQUIRED};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The skeleton families, in tie-breaking order.
pub const FAMILIES: [&str; 5] = ["cmu", "game_engine", "mixamo", "vroid", "rigify"];

// Name patterns of a skeleton family: `{Left}`/`{L}`/`{l}` stand for the side in the name's spelling
// (`Left`/`Right`, `L`/`R`, `l`/`r`), `{left}` for the role's (`left`/`right`), `{1}` for a finger segment
// (1, 2, 3 → the role's three segments in FINGER_ROLES).
const CMU: &[(&str, &str)] = &[
    ("Hips", "hips"),
    ("LowerBack", "spine"),
    ("Spine", "chest"),
    ("Spine1", "upperChest"),
    ("Neck", "neck"),
    ("Head", "head"),
    ("{Left}Shoulder", "{left}Shoulder"),
    ("{Left}Arm", "{left}UpperArm"),
    ("{Left}ForeArm", "{left}LowerArm"),
    ("{Left}Hand", "{left}Hand"),
    ("{Left}UpLeg", "{left}UpperLeg"),
    ("{Left}Leg", "{left}LowerLeg"),
    ("{Left}Foot", "{left}Foot"),
    ("{Left}ToeBase", "{left}Toes"),
    ("{Left}FingerBase", "{left}IndexProximal"),
    ("{Left}HandIndex1", "{left}IndexIntermediate"),
    ("{L}Thumb", "{left}ThumbProximal"),
];

const GAME_ENGINE: &[(&str, &str)] = &[
    ("pelvis", "hips"),
    ("spine_01", "spine"),
    ("spine_02", "chest"),
    ("spine_03", "upperChest"),
    ("neck_01", "neck"),
    ("head", "head"),
    ("clavicle_{l}", "{left}Shoulder"),
    ("upperarm_{l}", "{left}UpperArm"),
    ("lowerarm_{l}", "{left}LowerArm"),
    ("hand_{l}", "{left}Hand"),
    ("thigh_{l}", "{left}UpperLeg"),
    ("calf_{l}", "{left}LowerLeg"),
    ("foot_{l}", "{left}Foot"),
    ("ball_{l}", "{left}Toes"),
    ("thumb_0{1}_{l}", "{left}Thumb{1}"),
    ("index_0{1}_{l}", "{left}Index{1}"),
    ("middle_0{1}_{l}", "{left}Middle{1}"),
    ("ring_0{1}_{l}", "{left}Ring{1}"),
    ("pinky_0{1}_{l}", "{left}Little{1}"),
];

const MIXAMO: &[(&str, &str)] = &[
    ("Hips", "hips"),
    ("Spine", "spine"),
    ("Spine1", "chest"),
    ("Spine2", "upperChest"),
    ("Neck", "neck"),
    ("Head", "head"),
    ("{Left}Eye", "{left}Eye"),
    ("{Left}Shoulder", "{left}Shoulder"),
    ("{Left}Arm", "{left}UpperArm"),
    ("{Left}ForeArm", "{left}LowerArm"),
    ("{Left}Hand", "{left}Hand"),
    ("{Left}UpLeg", "{left}UpperLeg"),
    ("{Left}Leg", "{left}LowerLeg"),
    ("{Left}Foot", "{left}Foot"),
    ("{Left}ToeBase", "{left}Toes"),
    ("{Left}HandThumb{1}", "{left}Thumb{1}"),
    ("{Left}HandIndex{1}", "{left}Index{1}"),
    ("{Left}HandMiddle{1}", "{left}Middle{1}"),
    ("{Left}HandRing{1}", "{left}Ring{1}"),
    ("{Left}HandPinky{1}", "{left}Little{1}"),
];

const VROID: &[(&str, &str)] = &[
    ("J_Bip_C_Hips", "hips"),
    ("J_Bip_C_Spine", "spine"),
    ("J_Bip_C_Chest", "chest"),
    ("J_Bip_C_UpperChest", "upperChest"),
    ("J_Bip_C_Neck", "neck"),
    ("J_Bip_C_Head", "head"),
    ("J_Adj_{L}_FaceEye", "{left}Eye"),
    ("J_Bip_{L}_Shoulder", "{left}Shoulder"),
    ("J_Bip_{L}_UpperArm", "{left}UpperArm"),
    ("J_Bip_{L}_LowerArm", "{left}LowerArm"),
    ("J_Bip_{L}_Hand", "{left}Hand"),
    ("J_Bip_{L}_UpperLeg", "{left}UpperLeg"),
    ("J_Bip_{L}_LowerLeg", "{left}LowerLeg"),
    ("J_Bip_{L}_Foot", "{left}Foot"),
    ("J_Bip_{L}_ToeBase", "{left}Toes"),
    ("J_Bip_{L}_Thumb{1}", "{left}Thumb{1}"),
    ("J_Bip_{L}_Index{1}", "{left}Index{1}"),
    ("J_Bip_{L}_Middle{1}", "{left}Middle{1}"),
    ("J_Bip_{L}_Ring{1}", "{left}Ring{1}"),
    ("J_Bip_{L}_Little{1}", "{left}Little{1}"),
];

const RIGIFY: &[(&str, &str)] = &[
    ("DEF-spine", "hips"),
    ("DEF-spine.001", "spine"),
    ("DEF-spine.002", "chest"),
    ("DEF-spine.003", "upperChest"),
    ("DEF-spine.004", "neck"),
    ("DEF-spine.006", "head"),
    ("DEF-shoulder.{L}", "{left}Shoulder"),
    ("DEF-upper_arm.{L}", "{left}UpperArm"),
    ("DEF-forearm.{L}", "{left}LowerArm"),
    ("DEF-hand.{L}", "{left}Hand"),
    ("DEF-thigh.{L}", "{left}UpperLeg"),
    ("DEF-shin.{L}", "{left}LowerLeg"),
    ("DEF-foot.{L}", "{left}Foot"),
    ("DEF-toe.{L}", "{left}Toes"),
    ("DEF-thumb.0{1}.{L}", "{left}Thumb{1}"),
    ("DEF-f_index.0{1}.{L}", "{left}Index{1}"),
    ("DEF-f_middle.0{1}.{L}", "{left}Middle{1}"),
    ("DEF-f_ring.0{1}.{L}", "{left}Ring{1}"),
    ("DEF-f_pinky.0{1}.{L}", "{left}Little{1}"),
];

/// A family's name and its expanded `(bone name, role)` pairs.
type Table = (&'static str, Vec<(String, String)>);

/// Each family's table, in [`FAMILIES`] order.
pub(crate) fn families() -> &'static [Table] {
    static TABLES: OnceLock<Vec<Table>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let rules = [CMU, GAME_ENGINE, MIXAMO, VROID, RIGIFY];
        FAMILIES.iter().zip(rules).map(|(&name, rules)| (name, expand(rules))).collect()
    })
}

/// Expand the side and finger-segment placeholders of a family's rules into `(name, role)` pairs.
fn expand(rules: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for &(name, role) in rules {
        let sides: &[(&str, &str, &str, &str)] = if name.contains('{') && role.contains("{left}") {
            &[("Left", "L", "l", "left"), ("Right", "R", "r", "right")]
        } else {
            &[("", "", "", "")]
        };
        for &(long, upper, lower, role_side) in sides {
            let n = name.replace("{Left}", long).replace("{L}", upper).replace("{l}", lower);
            let r = role.replace("{left}", role_side);
            if n.contains("{1}") {
                let finger = FINGER_ROLES.iter().find(|(f, _)| r.contains(f)).expect("a finger rule");
                for (k, segment) in finger.1.iter().enumerate() {
                    out.push((n.replace("{1}", &(k + 1).to_string()), r.replace("{1}", segment)));
                }
            } else {
                out.push((n, r));
            }
        }
    }
    out
}

/// A bone name without a `namespace:` prefix (Mixamo's `mixamorig:`, Maya namespaces).
fn unprefixed(name: &str) -> &str {
    name.rsplit(':').next().unwrap_or(name)
}

/// The VRM humanoid role a bone name has in any known family (first family in [`FAMILIES`] order that has
/// it), e.g. `LeftUpLeg` (CMU) → `leftUpperLeg`.
pub fn humanoid_role(name: &str) -> Option<&'static str> {
    static ALL: OnceLock<BTreeMap<&'static str, &'static str>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let mut m = BTreeMap::new();
        // later families first, so that an earlier family's role wins
        for (_, table) in families().iter().rev() {
            for (n, r) in table {
                m.insert(n.as_str(), r.as_str());
            }
        }
        m
    });
    all.get(unprefixed(name)).copied()
}

/// The family whose rules match the most of `bones` (`None` when none matches any), and its role → bone map.
pub fn skeleton_family<'a>(
    bones: impl IntoIterator<Item = &'a str>,
) -> Option<(&'static str, BTreeMap<String, String>)> {
    let bones: Vec<&str> = bones.into_iter().collect();
    let mixamo_prefix = bones.iter().any(|b| b.to_ascii_lowercase().starts_with("mixamorig"));
    // ((required roles matched, 2 × names matched + Mixamo prefix bonus), family, roles)
    type Candidate = ((usize, usize), &'static str, BTreeMap<String, String>);
    let mut best: Option<Candidate> = None;
    for (family, table) in families() {
        let mut roles = BTreeMap::new();
        for b in &bones {
            let name = unprefixed(b);
            if let Some((_, r)) = table.iter().find(|(n, _)| n == name) {
                roles.entry(r.clone()).or_insert_with(|| (*b).to_owned());
            }
        }
        let required = REQUIRED.iter().filter(|r| roles.contains_key(**r)).count();
        let score = (required, 2 * roles.len() + usize::from(mixamo_prefix && *family == "mixamo"));
        if score.1 > 0 && best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, family, roles));
        }
    }
    best.map(|(_, f, r)| (f, r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_maps_every_required_role_once() {
        for (family, table) in families() {
            let mut roles: Vec<&str> = table.iter().map(|(_, r)| r.as_str()).collect();
            roles.sort_unstable();
            let n = roles.len();
            roles.dedup();
            assert_eq!(roles.len(), n, "{family}: a role twice");
            for r in REQUIRED {
                assert!(roles.contains(&r), "{family} lacks {r}");
            }
            let mut names: Vec<&str> = table.iter().map(|(n, _)| n.as_str()).collect();
            names.sort_unstable();
            let n = names.len();
            names.dedup();
            assert_eq!(names.len(), n, "{family}: a name twice");
        }
    }

    #[test]
    fn families_are_recognised_by_their_names() {
        let mixamo = ["mixamorig:Hips", "mixamorig:Spine", "mixamorig:Spine1", "mixamorig:LeftArm"];
        let (f, r) = skeleton_family(mixamo).unwrap();
        assert_eq!(f, "mixamo");
        assert_eq!(r["spine"], "mixamorig:Spine");
        assert_eq!(r["chest"], "mixamorig:Spine1");
        let cmu = ["Hips", "LowerBack", "Spine", "Spine1", "LeftArm", "LeftHandIndex1", "RightHandIndex1"];
        let (f, r) = skeleton_family(cmu).unwrap();
        assert_eq!(f, "cmu");
        assert_eq!((r["spine"].as_str(), r["chest"].as_str()), ("LowerBack", "Spine"));
        let vroid = ["J_Bip_C_Hips", "J_Bip_L_UpperArm", "J_Bip_R_Little1", "J_Adj_L_FaceEye"];
        let (f, r) = skeleton_family(vroid).unwrap();
        assert_eq!(f, "vroid");
        assert_eq!(r["rightLittleProximal"], "J_Bip_R_Little1");
        assert_eq!(r["leftEye"], "J_Adj_L_FaceEye");
        let rigify = ["DEF-spine", "DEF-spine.001", "DEF-upper_arm.L", "DEF-f_pinky.01.R", "DEF-thumb.01.L"];
        let (f, r) = skeleton_family(rigify).unwrap();
        assert_eq!(f, "rigify");
        assert_eq!(r["leftUpperArm"], "DEF-upper_arm.L");
        assert_eq!(r["rightLittleProximal"], "DEF-f_pinky.01.R");
        assert_eq!(r["leftThumbMetacarpal"], "DEF-thumb.01.L");
        let ge = ["pelvis", "spine_01", "thigh_l", "index_01_r", "thumb_03_l"];
        let (f, r) = skeleton_family(ge).unwrap();
        assert_eq!(f, "game_engine");
        assert_eq!(r["rightIndexProximal"], "index_01_r");
        assert_eq!(r["leftThumbDistal"], "thumb_03_l");
        assert!(skeleton_family(["Bone", "Bone.001"]).is_none());
    }
}
