//! Body regions of a humanoid avatar's vertices, for reporting secondary motion per region (`avatard bench
//! jiggle`, the demo's summary) and for material overrides by region (import settings).
//!
//! A vertex's region comes from its **dominant bone** (largest skinning weight) through that bone's VRM
//! humanoid role ([`crate::rig::roles`]; a bone without a role takes its nearest ancestor's, so fingers and
//! eyes count as hand and head), and, for the torso, from which side of the body it is on:
//!
//! | role of the dominant bone | front | back |
//! |---|---|---|
//! | `hips` | belly | buttocks |
//! | `spine` | belly | back |
//! | `chest`, `upperChest`, `leftShoulder`, `rightShoulder` | chest | back |
//! | `neck` | neck | neck |
//! | `head` | head | head |
//! | upper arms / lower arms / hands | upper_arms / forearms / hands | same |
//! | upper legs / lower legs / feet and toes | thighs / calves / feet | same |
//!
//! "Front" is a positive offset of the vertex from its dominant bone's rest head along the body's forward
//! axis, `(left hip − right hip) × up` with up the direction from the hips to the head (all from the rest
//! skeleton). A vertex whose dominant bone has no role on itself or an ancestor (the default avatar's
//! `Root`) has no region.

use crate::rig::lbs::LbsRig;
use crate::rig::roles::avatar_roles;
use std::collections::BTreeMap;

/// A body region (see the module doc for the rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BodyRegion {
    Head,
    Neck,
    Chest,
    Belly,
    Back,
    Buttocks,
    Thighs,
    Calves,
    Feet,
    UpperArms,
    Forearms,
    Hands,
}

impl BodyRegion {
    pub const ALL: [BodyRegion; 12] = [
        BodyRegion::Head,
        BodyRegion::Neck,
        BodyRegion::Chest,
        BodyRegion::Belly,
        BodyRegion::Back,
        BodyRegion::Buttocks,
        BodyRegion::Thighs,
        BodyRegion::Calves,
        BodyRegion::Feet,
        BodyRegion::UpperArms,
        BodyRegion::Forearms,
        BodyRegion::Hands,
    ];

    /// Snake-case name (`upper_arms`), as in reports and settings.
    pub fn name(self) -> &'static str {
        match self {
            BodyRegion::Head => "head",
            BodyRegion::Neck => "neck",
            BodyRegion::Chest => "chest",
            BodyRegion::Belly => "belly",
            BodyRegion::Back => "back",
            BodyRegion::Buttocks => "buttocks",
            BodyRegion::Thighs => "thighs",
            BodyRegion::Calves => "calves",
            BodyRegion::Feet => "feet",
            BodyRegion::UpperArms => "upper_arms",
            BodyRegion::Forearms => "forearms",
            BodyRegion::Hands => "hands",
        }
    }

    pub fn from_name(name: &str) -> Option<BodyRegion> {
        BodyRegion::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// The region of a bone's role when it is front or back of the body.
fn region_of_role(role: &str, front: bool) -> Option<BodyRegion> {
    use BodyRegion::*;
    Some(match role {
        "hips" => {
            if front {
                Belly
            } else {
                Buttocks
            }
        }
        "spine" => {
            if front {
                Belly
            } else {
                Back
            }
        }
        "chest" | "upperChest" | "leftShoulder" | "rightShoulder" => {
            if front {
                Chest
            } else {
                Back
            }
        }
        "neck" => Neck,
        "head" | "leftEye" | "rightEye" | "jaw" => Head,
        "leftUpperArm" | "rightUpperArm" => UpperArms,
        "leftLowerArm" | "rightLowerArm" => Forearms,
        "leftUpperLeg" | "rightUpperLeg" => Thighs,
        "leftLowerLeg" | "rightLowerLeg" => Calves,
        "leftFoot" | "rightFoot" | "leftToes" | "rightToes" => Feet,
        r if r.ends_with("Hand") || is_finger_role(r) => Hands,
        _ => return None,
    })
}

/// Each bone's VRM humanoid role: from `humanoid` (role → bone name, e.g. a VRM file's map) where given, else
/// from the name rules of the skeleton's family ([`avatar_roles`]), else the nearest ancestor's.
pub fn bone_roles(lbs: &LbsRig, humanoid: &BTreeMap<String, String>) -> Vec<Option<String>> {
    let bones = lbs.bones();
    let mut own: Vec<Option<String>> = vec![None; bones.len()];
    for (role, bone) in avatar_roles(bones.iter().map(|b| b.name.as_str()), humanoid) {
        if let Some(i) = lbs.bone_index(&bone) {
            own[i] = Some(role);
        }
    }
    let mut roles = own.clone();
    for &b in lbs.topological_order() {
        if roles[b].is_none() {
            roles[b] = bones[b].parent.and_then(|p| roles[p].clone());
        }
    }
    roles
}

/// The region of every vertex of `vertices` (the rig's rest positions), or `None` (see the module doc).
pub fn vertex_regions(
    lbs: &LbsRig,
    vertices: &[[f64; 3]],
    humanoid: &BTreeMap<String, String>,
) -> Vec<Option<BodyRegion>> {
    let roles = bone_roles(lbs, humanoid);
    let bones = lbs.bones();
    let head = |b: usize| [bones[b].bind[0][3], bones[b].bind[1][3], bones[b].bind[2][3]];
    let find = |role: &str| roles.iter().position(|r| r.as_deref() == Some(role));
    let forward = match (find("leftUpperLeg"), find("rightUpperLeg"), find("hips"), find("head")) {
        (Some(l), Some(r), Some(h), Some(top)) => {
            let left = sub(head(l), head(r));
            let up = sub(head(top), head(h));
            let f = cross(left, up);
            let n = dot(f, f).sqrt();
            if n > 0.0 {
                [f[0] / n, f[1] / n, f[2] / n]
            } else {
                [0.0, 0.0, 1.0]
            }
        }
        _ => [0.0, 0.0, 1.0],
    };
    let weights = lbs.weights();
    vertices
        .iter()
        .enumerate()
        .map(|(v, x)| {
            let (b, _) = weights.iter_row(v).max_by(|a, b| a.1.total_cmp(&b.1))?;
            let role = roles[b].as_deref()?;
            region_of_role(role, dot(sub(*x, head(b)), forward) > 0.0)
        })
        .collect()
}

/// A VRM finger role (`leftThumbProximal`, `rightLittleDistal`, …).
pub fn is_finger_role(role: &str) -> bool {
    (role.starts_with("left") || role.starts_with("right"))
        && ["Thumb", "Index", "Middle", "Ring", "Little"].iter().any(|f| role.contains(f))
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rig::lbs::{Bone, VertexWeights};

    fn bone(name: &str, parent: Option<usize>, head: [f64; 3]) -> Bone {
        let mut bind = crate::rig::IDENTITY;
        for i in 0..3 {
            bind[i][3] = head[i];
        }
        Bone { name: name.into(), parent, bind }
    }

    /// A stick figure facing +Z with +Y up (its left at +X), one vertex per (bone, side).
    fn figure() -> (LbsRig, Vec<[f64; 3]>, Vec<(usize, f64)>) {
        let bones = vec![
            bone("Root", None, [0.0, 0.0, 0.0]),
            bone("pelvis", Some(0), [0.0, 1.0, 0.0]),
            bone("spine_01", Some(1), [0.0, 1.1, 0.0]),
            bone("spine_03", Some(2), [0.0, 1.3, 0.0]),
            bone("head", Some(3), [0.0, 1.6, 0.0]),
            bone("thigh_l", Some(1), [0.1, 0.95, 0.0]),
            bone("thigh_r", Some(1), [-0.1, 0.95, 0.0]),
            bone("breast_l", Some(3), [0.6, 1.3, 0.0]), // no role: takes spine_03's (chest)
        ];
        // (bone, z offset) of each vertex
        let verts = vec![
            (1, 0.1),
            (1, -0.1),
            (2, 0.1),
            (2, -0.1),
            (3, 0.1),
            (3, -0.1),
            (4, 0.05),
            (5, 0.05),
            (0, 0.0),
            (7, 0.1),
        ];
        let positions = verts
            .iter()
            .map(|&(b, dz)| {
                let h = bones[b].bind;
                [h[0][3], h[1][3], h[2][3] + dz]
            })
            .collect();
        let weights = VertexWeights::from_rows(verts.iter().map(|&(b, _)| vec![(b as u32, 1.0)]));
        (LbsRig::new(bones, weights).unwrap(), positions, verts)
    }

    #[test]
    fn regions_follow_the_dominant_bone_and_the_side_of_the_body() {
        use BodyRegion::*;
        let (lbs, x, _) = figure();
        let got = vertex_regions(&lbs, &x, &BTreeMap::new());
        let want = [
            Some(Belly),
            Some(Buttocks),
            Some(Belly),
            Some(Back),
            Some(Chest),
            Some(Back),
            Some(Head),
            Some(Thighs),
            None,        // Root has no role
            Some(Chest), // inherited from spine_03
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_figure_facing_the_other_way_swaps_front_and_back() {
        // mirror through the YZ plane and swap left/right names: the figure now faces −Z
        let (lbs, x, _) = figure();
        let mut bones = lbs.bones().to_vec();
        for b in &mut bones {
            b.bind[2][3] = -b.bind[2][3];
            b.bind[0][3] = -b.bind[0][3];
        }
        let flipped: Vec<[f64; 3]> = x.iter().map(|v| [-v[0], v[1], -v[2]]).collect();
        let lbs = LbsRig::new(bones, lbs.weights().clone()).unwrap();
        let got = vertex_regions(&lbs, &flipped, &BTreeMap::new());
        // thigh_l now sits at −X: "left" is −X, forward is −Z, and the vertices moved with the figure
        assert_eq!(got[0], Some(BodyRegion::Belly));
        assert_eq!(got[1], Some(BodyRegion::Buttocks));
    }

    #[test]
    fn region_names_round_trip() {
        for r in BodyRegion::ALL {
            assert_eq!(BodyRegion::from_name(r.name()), Some(r));
        }
        assert_eq!(BodyRegion::from_name("tail"), None);
    }

    #[test]
    fn a_vrm_map_names_roles_of_unknown_bones() {
        let (lbs, x, _) = figure();
        // call the head bone's role "chest" through the map: its vertex moves to the chest
        let humanoid = BTreeMap::from([("chest".to_owned(), "head".to_owned())]);
        let got = vertex_regions(&lbs, &x, &humanoid);
        assert_eq!(got[6], Some(BodyRegion::Chest));
    }
}

#[cfg(test)]
mod default_avatar_tests {
    use super::*;
    use crate::rig::RigPart;

    #[test]
    fn the_default_avatar_has_every_region_and_the_belly_is_on_the_face_side() {
        let (mesh, rig) = crate::asset::default_avatar::inputs().unwrap();
        let lbs =
            rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None }).unwrap();
        let regions = vertex_regions(lbs, &mesh.vertices, &BTreeMap::new());
        let mean_z = |r: BodyRegion| {
            let zs: Vec<f64> =
                (0..mesh.n()).filter(|&v| regions[v] == Some(r)).map(|v| mesh.vertices[v][2]).collect();
            assert!(zs.len() >= 50, "{} has {} vertices", r.name(), zs.len());
            zs.iter().sum::<f64>() / zs.len() as f64
        };
        for r in BodyRegion::ALL {
            mean_z(r);
        }
        // the face side, from an anatomical fact rather than from the forward axis the code computes: the
        // feet reach forward of the calves
        let face_sign = (mean_z(BodyRegion::Feet) - mean_z(BodyRegion::Calves)).signum();
        assert!(face_sign * (mean_z(BodyRegion::Belly) - mean_z(BodyRegion::Buttocks)) > 0.05);
        assert!(face_sign * (mean_z(BodyRegion::Chest) - mean_z(BodyRegion::Back)) > 0.05);
    }
}
