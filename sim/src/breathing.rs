//! Breathing actuation fields for a humanoid avatar: K = 2 displacement fields `D` (chest, belly) for the
//! modal actuation of paper 003 (AaM; [`crate::reduced::actuation`]).
//!
//! This is a **designed** actuation basis used in AaM's tensor machinery, not AaM's own spatial modes (those
//! are the body's lowest vibration modes, which have nothing to do with breathing). Each field is a target
//! displacement per vertex of the simulation mesh, in the rest pose, [`UNIT_DISPLACEMENT`] at its largest per
//! unit of `a`:
//!
//! - **Where**: a smooth band of height along the spine (`up`, hips → head): the belly band from a little
//!   below the hips' head to the chest bone's head, the chest band from the spine bone's head to the neck, each
//!   a `sin²` window that is zero at the band's ends; times the skinning weight of the torso bones (hips,
//!   spine, chest, upper chest: smooth, so arms and legs fade out where their bones take over); times a front
//!   weight `((1 + r̂·forward)/2)²` (1 in front, ¼ at the sides, 0 at the back: the abdominal wall and the
//!   ribcage move mostly forward and outward, the back rests against the spine); times
//!   `smoothstep(d_bone / grade)` so bone tissue (the anatomy's bone capsules) does not move.
//! - **How far**: proportional to the distance `ρ` from the spine axis (the axis through the hips' head along
//!   `up`; zero on the axis), relative to the largest such distance in the band.
//! - **Which way**: outward from the spine axis (`r̂`, perpendicular to `up`); the chest also lifts a little
//!   (`r̂ + 0.3 up`, the ribs' "pump handle" motion).
//!
//! The windows make the fields non-affine: a uniform scaling of the chest bone's region is a motion the rig
//! can produce, which the complementary subspace projects out of `z` (paper 000), so a field the rig could
//! produce would not survive; these localised, front-weighted ones mostly do (`avatard bench breathing`
//! reports how much of the target displacement the flesh reaches).
//!
//! "Forward" and "up" are those of [`crate::rig::vertex_regions`]: `up` from the hips' head to the head's,
//! forward `(left hip − right hip) × up`.

use crate::anatomy::{bone_segments, AnatomySettings};
use crate::mesh::TetMesh;
use crate::rig::{bone_roles, LbsRig, Rig, RigPart};
use faer::Mat;
use std::collections::BTreeMap;

/// The breathing fields' names, in column order of [`breathing_fields`].
pub const BREATHING_FIELDS: [&str; 2] = ["chest", "belly"];

/// Largest target displacement of each field per unit of `a` (m): the belly's is larger, as quiet breathing
/// is mostly abdominal, and the flesh's subspace reaches less of its target than of the chest's (`avatard
/// bench breathing`: 2.0 mm against 3.7 mm at equal targets on the default avatar).
pub const UNIT_DISPLACEMENT: [f64; 2] = [0.01, 0.018];

/// Why an avatar has no breathing fields.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NoBreathing {
    #[error("the rig has no skeleton")]
    NoSkeleton,
    #[error("the skeleton has no humanoid {0} bone")]
    MissingRole(&'static str),
    #[error("no vertex lies in the {0} band")]
    EmptyBand(&'static str),
}

/// The chest and belly fields `D` (3n × 2, coordinate-major columns, see the module doc) of `mesh` (the rig's
/// rest positions) skinned by `rig`'s first skeleton; `humanoid` is the asset's role → bone map (may be
/// empty), `anatomy` the bone capsules' settings (the default ones when `None`).
pub fn breathing_fields(
    mesh: &TetMesh,
    rig: &Rig,
    humanoid: &BTreeMap<String, String>,
    anatomy: Option<&AnatomySettings>,
) -> Result<Mat<f64>, NoBreathing> {
    let lbs = rig
        .parts()
        .iter()
        .find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
        .filter(|l| l.num_bones() > 0)
        .ok_or(NoBreathing::NoSkeleton)?;
    let roles = bone_roles(lbs, humanoid);
    // a bone with the role itself (not inherited): the first in the skeleton's order whose parent lacks it
    let own = |role: &'static str| {
        (0..roles.len())
            .find(|&b| {
                roles[b].as_deref() == Some(role)
                    && lbs.bones()[b].parent.is_none_or(|p| roles[p].as_deref() != Some(role))
            })
            .ok_or(NoBreathing::MissingRole(role))
    };
    let head = |b: usize| {
        let m = lbs.bones()[b].bind;
        [m[0][3], m[1][3], m[2][3]]
    };
    let (hips, spine, chest) = (own("hips")?, own("spine")?, own("chest")?);
    let neck = own("neck").or_else(|_| own("head"))?;
    let top = own("head")?;
    let (left, right) = (own("leftUpperLeg")?, own("rightUpperLeg")?);
    let origin = head(hips);
    let up = normalize(sub(head(top), origin));
    let f = cross(sub(head(left), head(right)), up);
    let forward = normalize(sub(f, scale(up, dot(f, up))));
    let height = |b: usize| dot(sub(head(b), origin), up);
    let (h_spine, h_chest, h_neck) = (height(spine), height(chest), height(neck));
    let below = 0.25 * h_chest.max(1e-3);
    // (name, band, lift along up)
    let bands = [("chest", (h_spine, h_neck), 0.3), ("belly", (-below, h_chest), 0.0)];
    let torso: Vec<usize> = (0..roles.len())
        .filter(|&b| matches!(roles[b].as_deref(), Some("hips" | "spine" | "chest" | "upperChest")))
        .collect();
    let settings = anatomy.cloned().unwrap_or_default();
    let segments =
        bone_segments(lbs, &mesh.vertices, settings.bone_radius_fraction, settings.bone_radius_range);
    let n = mesh.n();
    let torso_weight = torso_weights(lbs, n, &torso);
    let mut d = Mat::<f64>::zeros(3 * n, 2);
    for (k, (name, (lo, hi), lift)) in bands.into_iter().enumerate() {
        let mut amplitude = vec![0.0; n];
        let mut dir = vec![[0.0; 3]; n];
        let mut rho_max: f64 = 0.0;
        for (v, x) in mesh.vertices.iter().enumerate() {
            let rel = sub(*x, origin);
            let h = dot(rel, up);
            if h <= lo || h >= hi || torso_weight[v] == 0.0 {
                continue;
            }
            let radial = sub(rel, scale(up, h));
            let rho = dot(radial, radial).sqrt();
            if rho == 0.0 {
                continue;
            }
            let r_hat = scale(radial, 1.0 / rho);
            let window = (std::f64::consts::PI * (h - lo) / (hi - lo)).sin().powi(2);
            let front = ((1.0 + dot(r_hat, forward)) / 2.0).powi(2);
            let d_bone = segments.iter().map(|s| s.distance(*x)).fold(f64::INFINITY, f64::min);
            let soft = smoothstep(d_bone / settings.grade);
            amplitude[v] = window * front * soft * torso_weight[v] * rho;
            dir[v] = normalize(add(r_hat, scale(up, lift)));
            rho_max = rho_max.max(rho);
        }
        let largest = amplitude.iter().fold(0.0f64, |a, &b| a.max(b));
        if !(largest > 0.0 && rho_max > 0.0) {
            return Err(NoBreathing::EmptyBand(name));
        }
        for v in 0..n {
            for c in 0..3 {
                d[(c * n + v, k)] = UNIT_DISPLACEMENT[k] * amplitude[v] / largest * dir[v][c];
            }
        }
    }
    Ok(d)
}

/// Per vertex, the sum of the skinning weights of `bones`.
fn torso_weights(lbs: &LbsRig, n: usize, bones: &[usize]) -> Vec<f64> {
    let w = lbs.weights();
    (0..n.min(w.num_vertices()))
        .map(|v| w.iter_row(v).filter(|(b, _)| bones.contains(b)).map(|(_, x)| x).sum())
        .chain(std::iter::repeat(0.0))
        .take(n)
        .collect()
}

fn smoothstep(t: f64) -> f64 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: [f64; 3], s: f64) -> [f64; 3] {
    [a[0] * s, a[1] * s, a[2] * s]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

fn normalize(a: [f64; 3]) -> [f64; 3] {
    let n = dot(a, a).sqrt();
    if n > 0.0 {
        scale(a, 1.0 / n)
    } else {
        [0.0, 0.0, 1.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;

    /// A bar has no humanoid skeleton: no breathing.
    #[test]
    fn a_bar_has_no_breathing() {
        let mesh = box_mesh(4, 1, 1, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        assert!(breathing_fields(&mesh, &rig, &BTreeMap::new(), None).is_err());
        assert_eq!(
            breathing_fields(&mesh, &Rig::affine(), &BTreeMap::new(), None),
            Err(NoBreathing::NoSkeleton)
        );
    }
}
