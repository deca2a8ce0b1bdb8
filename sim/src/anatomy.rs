//! An anatomical material per tet (paper 000, §4 and Fig. 10: the skinning eigenmodes are material-aware, and
//! heterogeneous material localises the dynamics): bone around each segment of the skeleton, muscle, and fat
//! in a layer under the surface, graded smoothly in between.
//!
//! Each tet gets Young's modulus and density from two smooth blends of its centroid's place in the body:
//! - `s_bone = smoothstep(0, grade, d_bone)`, with `d_bone` the distance to the nearest bone segment minus that
//!   bone's radius (0 inside the bone, 1 once `grade` out of it);
//! - `s_fat = 1 − smoothstep(0, fat_depth, depth)`, with `depth` the tet's depth below the surface (1 at the
//!   surface, 0 deeper than `fat_depth`).
//!
//! `log E = (1 − s_bone) log E_bone + s_bone ((1 − s_fat) log E_muscle + s_fat log E_fat)`: interpolated in
//! log space, so neighbouring tets differ by a bounded ratio, never by a one-tet jump from bone to fat.
//! Densities blend linearly with the same weights. Poisson's ratio is one value for every tissue.
//!
//! Depth below the surface is the shortest path along mesh edges from the boundary vertices (a graph
//! distance: at least the Euclidean depth, equal to it along straight edge chains), averaged over the tet's
//! four vertices.

use crate::fem::{lame, Material, MaterialError};
use crate::mesh::TetMesh;
use crate::rig::{vertex_regions, BodyRegion, LbsRig, Rig, RigPart};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BinaryHeap};

/// One tissue's stiffness and density.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tissue {
    /// Young's modulus (Pa).
    pub youngs: f64,
    /// kg/m³.
    pub density: f64,
}

/// The tissues, the grading lengths (m), the bones' radii and the user's overrides: everything that, with the
/// mesh and the rig, determines the anatomical material (stored in the asset's settings, part of the cache
/// key). In a settings file every field is optional (the defaults below).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AnatomySettings {
    pub bone: Tissue,
    pub muscle: Tissue,
    pub fat: Tissue,
    pub poisson: f64,
    /// Width of the bone → soft tissue transition, beyond each bone's radius.
    pub grade: f64,
    /// Thickness of the fat layer under the surface.
    pub fat_depth: f64,
    /// Each bone's radius: this fraction of its length, clamped to `bone_radius_range` (m).
    pub bone_radius_fraction: f64,
    pub bone_radius_range: (f64, f64),
    /// Flesh whose largest skinning weight is at most this is joint tissue, never bone (see
    /// [`joint_rigidity`]); bone is full where one bone has all the weight.
    pub joint_weight: f64,
    /// Changes by bone or region, applied in order ([`MaterialOverride`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<MaterialOverride>,
    /// VRM humanoid role → bone name, for regions of skeletons whose names have no known role (an imported
    /// VRM's map; empty otherwise).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub humanoid: BTreeMap<String, String>,
}

/// A change of the anatomical material where the user wants other flesh than the rule gives (what a VRM
/// creator sets per spring-bone chain): the vertices whose dominant bone is one of `bones` (by name or VRM
/// humanoid role) or a descendant of one, and those in one of `regions` ([`BodyRegion`] names: `belly`,
/// `thighs`, …). A tet takes the change in proportion to how many of its four vertices are selected.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MaterialOverride {
    pub bones: Vec<String>,
    pub regions: Vec<String>,
    /// Young's modulus divided by this (2: twice as soft, 0.5: twice as stiff).
    pub softness: f64,
    /// No secondary motion here: the tissue is made bone.
    pub rigid: bool,
    /// With `rigid`: the tissue within this depth of the surface (m, along mesh edges) keeps its flesh, so a
    /// rigid skull keeps the face's soft layer (cheeks, jaw, chin). 0: rigid to the surface (not written, so
    /// settings and cache keys from before this field are unchanged).
    #[serde(skip_serializing_if = "is_zero")]
    pub skin: f64,
    /// The avatar's damping multiplied by this here (3: settles three times faster). The run time damps
    /// whole modes, so each mode takes the mass-weighted mean over where it moves
    /// ([`crate::precompute::Precomputed::mode_damping`]).
    pub damping: f64,
}

impl Default for MaterialOverride {
    fn default() -> Self {
        MaterialOverride {
            bones: Vec::new(),
            regions: Vec::new(),
            softness: 1.0,
            rigid: false,
            skin: 0.0,
            damping: 1.0,
        }
    }
}

/// Why an anatomical material cannot be made.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum AnatomyError {
    #[error(transparent)]
    Material(#[from] MaterialError),
    #[error("the anatomical material needs a skeleton: the rig has no bones")]
    NoSkeleton,
    #[error("anatomy setting {0}")]
    Setting(String),
}

impl Default for AnatomySettings {
    /// Bone effectively rigid for the flesh's purposes (1000× fat), muscle 4× fat; the soft values are of the
    /// order of the homogeneous default (20 kPa).
    fn default() -> Self {
        AnatomySettings {
            bone: Tissue { youngs: 1e7, density: 1900.0 },
            muscle: Tissue { youngs: 4e4, density: 1060.0 },
            fat: Tissue { youngs: 1e4, density: 920.0 },
            poisson: 0.4,
            grade: 0.02,
            fat_depth: 0.02,
            bone_radius_fraction: 0.1,
            bone_radius_range: (0.01, 0.04),
            joint_weight: 0.9,
            overrides: Vec::new(),
            humanoid: BTreeMap::new(),
        }
    }
}

impl AnatomySettings {
    /// Refuse values no material could use, naming the setting.
    pub fn validate(&self) -> Result<(), AnatomyError> {
        for t in [self.bone, self.muscle, self.fat] {
            lame(t.youngs, self.poisson)?;
            if !(t.density.is_finite() && t.density > 0.0) {
                return Err(MaterialError::Density(t.density).into());
            }
        }
        let positive = |what: &str, v: f64| {
            if v.is_finite() && v > 0.0 {
                Ok(())
            } else {
                Err(AnatomyError::Setting(format!("{what} = {v} must be finite and > 0")))
            }
        };
        positive("grade", self.grade)?;
        positive("fat_depth", self.fat_depth)?;
        positive("bone_radius_fraction", self.bone_radius_fraction)?;
        positive("bone_radius_range.0", self.bone_radius_range.0)?;
        positive("bone_radius_range.1", self.bone_radius_range.1)?;
        if !(0.0..1.0).contains(&self.joint_weight) {
            return Err(AnatomyError::Setting(format!(
                "joint_weight = {} must be in [0, 1)",
                self.joint_weight
            )));
        }
        if self.bone_radius_range.0 > self.bone_radius_range.1 {
            return Err(AnatomyError::Setting("bone_radius_range must be (min, max) with min <= max".into()));
        }
        for (i, o) in self.overrides.iter().enumerate() {
            positive(&format!("overrides[{i}].softness"), o.softness)?;
            positive(&format!("overrides[{i}].damping"), o.damping)?;
            if !(o.skin.is_finite() && o.skin >= 0.0) {
                return Err(AnatomyError::Setting(format!(
                    "overrides[{i}].skin = {} must be finite and ≥ 0",
                    o.skin
                )));
            }
            if let Some(r) = o.regions.iter().find(|r| BodyRegion::from_name(r).is_none()) {
                let known: Vec<_> = BodyRegion::ALL.iter().map(|r| r.name()).collect();
                return Err(AnatomyError::Setting(format!(
                    "overrides[{i}].regions: unknown region `{r}` (known: {})",
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }
}

/// A bone as a capsule: the segment `a`–`b` thickened by `radius` (m).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoneSegment {
    pub a: [f64; 3],
    pub b: [f64; 3],
    pub radius: f64,
}

impl BoneSegment {
    /// Distance from `p` to the capsule's surface (negative inside).
    pub fn distance(&self, p: [f64; 3]) -> f64 {
        let ab = sub(self.b, self.a);
        let ap = sub(p, self.a);
        let len2 = dot(ab, ab);
        let t = if len2 > 0.0 { (dot(ap, ab) / len2).clamp(0.0, 1.0) } else { 0.0 };
        let closest = [self.a[0] + t * ab[0], self.a[1] + t * ab[1], self.a[2] + t * ab[2]];
        let d = sub(p, closest);
        dot(d, d).sqrt() - self.radius
    }
}

/// The skeleton's bones as capsules, for the bones that skin some vertex (a bone with no weights, like a
/// root at the floor, is no bone of the body): each from its rest head (the bind translation) to the mean
/// head of its children; a leaf bone (head, finger tip, toes) to twice the centroid of the vertices it
/// dominates, so it spans them, or a sphere at its head if it dominates none. Radius `radius_fraction` of the
/// length, clamped to `radius_range` (a sphere: the range's lower end).
pub fn bone_segments(
    rig: &LbsRig,
    vertices: &[[f64; 3]],
    radius_fraction: f64,
    radius_range: (f64, f64),
) -> Vec<BoneSegment> {
    let bones = rig.bones();
    let head = |i: usize| [bones[i].bind[0][3], bones[i].bind[1][3], bones[i].bind[2][3]];
    let weights = rig.weights();
    let mut weighted = vec![false; bones.len()];
    let mut dominated = vec![([0.0; 3], 0usize); bones.len()];
    for (v, x) in vertices.iter().enumerate().take(weights.num_vertices()) {
        for (b, _) in weights.iter_row(v) {
            weighted[b] = true;
        }
        if let Some((b, _)) = weights.iter_row(v).max_by(|a, b| a.1.total_cmp(&b.1)) {
            let (sum, n) = &mut dominated[b];
            *sum = [sum[0] + x[0], sum[1] + x[1], sum[2] + x[2]];
            *n += 1;
        }
    }
    let mut out = Vec::new();
    for i in (0..bones.len()).filter(|&i| weighted[i]) {
        let children: Vec<usize> = (0..bones.len()).filter(|&c| bones[c].parent == Some(i)).collect();
        let tail = if !children.is_empty() {
            let n = children.len() as f64;
            children.iter().fold([0.0; 3], |acc, &c| {
                let h = head(c);
                [acc[0] + h[0] / n, acc[1] + h[1] / n, acc[2] + h[2] / n]
            })
        } else if dominated[i].1 > 0 {
            let (sum, n) = dominated[i];
            let h = head(i);
            std::array::from_fn(|k| 2.0 * sum[k] / n as f64 - h[k])
        } else {
            head(i)
        };
        let d = sub(tail, head(i));
        let radius = (radius_fraction * dot(d, d).sqrt()).clamp(radius_range.0, radius_range.1);
        out.push(BoneSegment { a: head(i), b: tail, radius });
    }
    out
}

/// Per-vertex depth below the surface: the shortest path along mesh edges from a boundary vertex.
pub fn surface_depth(mesh: &TetMesh) -> Vec<f64> {
    let n = mesh.n();
    let mut adjacency = vec![Vec::new(); n];
    for tet in &mesh.tets {
        for i in 0..4 {
            for j in i + 1..4 {
                adjacency[tet[i]].push(tet[j]);
                adjacency[tet[j]].push(tet[i]);
            }
        }
    }
    for a in &mut adjacency {
        a.sort_unstable();
        a.dedup();
    }
    let mut depth = vec![f64::INFINITY; n];
    let mut heap = BinaryHeap::new();
    for face in mesh.boundary_faces() {
        for v in face {
            if depth[v] > 0.0 {
                depth[v] = 0.0;
                heap.push(Near(0.0, v));
            }
        }
    }
    while let Some(Near(d, v)) = heap.pop() {
        if d > depth[v] {
            continue;
        }
        for &w in &adjacency[v] {
            let e = sub(mesh.vertices[w], mesh.vertices[v]);
            let next = d + dot(e, e).sqrt();
            if next < depth[w] {
                depth[w] = next;
                heap.push(Near(next, w));
            }
        }
    }
    depth
}

/// The anatomical material of `mesh` for the bones `segments` (see the module doc).
///
/// `rigidity` (per vertex, in `[0, 1]`; `None`: 1 everywhere) scales the bone: where the rig does not move the
/// flesh rigidly (skinning weights blended over a joint) there is no bone, or the rig's own bending would
/// strain bone-stiff tets and load the flesh with forces a thousand times too large ([`joint_rigidity`]).
pub fn anatomical_material(
    mesh: &TetMesh,
    segments: &[BoneSegment],
    s: &AnatomySettings,
    rigidity: Option<&[f64]>,
) -> Result<Material, MaterialError> {
    for t in [s.bone, s.muscle, s.fat] {
        lame(t.youngs, s.poisson)?;
        if !(t.density.is_finite() && t.density > 0.0) {
            return Err(MaterialError::Density(t.density));
        }
    }
    let depth = surface_depth(mesh);
    let (mut mu, mut lambda, mut density) = (Vec::new(), Vec::new(), Vec::new());
    for tet in &mesh.tets {
        let c = tet.iter().fold([0.0; 3], |acc, &v| {
            let x = mesh.vertices[v];
            [acc[0] + x[0] / 4.0, acc[1] + x[1] / 4.0, acc[2] + x[2] / 4.0]
        });
        let d_bone = segments.iter().map(|b| b.distance(c)).fold(f64::INFINITY, f64::min);
        let rigid = rigidity.map_or(1.0, |r| tet.iter().map(|&v| r[v]).sum::<f64>() / 4.0);
        let s_bone = 1.0 - rigid * (1.0 - smoothstep(d_bone / s.grade));
        let tet_depth = tet.iter().map(|&v| depth[v]).sum::<f64>() / 4.0;
        let s_fat = 1.0 - smoothstep(tet_depth / s.fat_depth);
        let ln = |t: Tissue| t.youngs.ln();
        let soft_ln = (1.0 - s_fat) * ln(s.muscle) + s_fat * ln(s.fat);
        let youngs = ((1.0 - s_bone) * ln(s.bone) + s_bone * soft_ln).exp();
        let soft_density = (1.0 - s_fat) * s.muscle.density + s_fat * s.fat.density;
        let (m, l) = lame(youngs, s.poisson)?;
        mu.push(m);
        lambda.push(l);
        density.push((1.0 - s_bone) * s.bone.density + s_bone * soft_density);
    }
    let material = Material { mu, lambda, density };
    material.validate(mesh)?;
    Ok(material)
}

/// The anatomical material of `mesh` skinned by `rig` (its first LBS part's skeleton): bone capsules from
/// [`bone_segments`], the tissue blend of [`anatomical_material`], then `settings.overrides` in order.
pub fn material_for_rig(
    mesh: &TetMesh,
    rig: &Rig,
    settings: &AnatomySettings,
) -> Result<Material, AnatomyError> {
    settings.validate()?;
    let lbs = rig
        .parts()
        .iter()
        .find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
        .filter(|l| l.num_bones() > 0)
        .ok_or(AnatomyError::NoSkeleton)?;
    let segments =
        bone_segments(lbs, &mesh.vertices, settings.bone_radius_fraction, settings.bone_radius_range);
    let rigidity = joint_rigidity(lbs, mesh.n(), settings.joint_weight);
    let mut material = anatomical_material(mesh, &segments, settings, Some(&rigidity))?;
    if !settings.overrides.is_empty() {
        let regions = vertex_regions(lbs, &mesh.vertices, &settings.humanoid);
        for o in &settings.overrides {
            apply_override(mesh, lbs, &regions, settings, o, &rigidity, &mut material)?;
        }
    }
    material.validate(mesh)?;
    Ok(material)
}

/// How rigidly the rig moves each vertex: 0 where its largest skinning weight is at most `joint_weight`
/// (blended over a joint), 1 where one bone has it all, smooth in between.
pub fn joint_rigidity(lbs: &LbsRig, n: usize, joint_weight: f64) -> Vec<f64> {
    let weights = lbs.weights();
    (0..n)
        .map(|v| {
            let w = if v < weights.num_vertices() {
                weights.iter_row(v).map(|(_, w)| w).fold(0.0, f64::max)
            } else {
                0.0
            };
            smoothstep((w - joint_weight) / (1.0 - joint_weight).max(1e-9))
        })
        .collect()
}

/// The vertices a [`MaterialOverride`] selects: dominant bone one of its `bones` (or a descendant), or in one of
/// its `regions`.
fn override_vertices(
    mesh: &TetMesh,
    lbs: &LbsRig,
    regions: &[Option<BodyRegion>],
    settings: &AnatomySettings,
    o: &MaterialOverride,
) -> Result<Vec<bool>, AnatomyError> {
    let bones = lbs.bones();
    let roles = crate::rig::avatar_roles(bones.iter().map(|b| b.name.as_str()), &settings.humanoid);
    let mut chosen = vec![false; bones.len()];
    for name in &o.bones {
        let bone = crate::rig::resolve_bone(name, |n| lbs.bone_index(n).is_some(), &roles)
            .and_then(|n| lbs.bone_index(n))
            .ok_or_else(|| {
                AnatomyError::Setting(format!("override bone `{name}`: the skeleton has no such bone"))
            })?;
        chosen[bone] = true;
    }
    // descendants: parents come first in topological order
    for &b in lbs.topological_order() {
        if let Some(p) = bones[b].parent {
            chosen[b] |= chosen[p];
        }
    }
    let wanted: Vec<BodyRegion> = o.regions.iter().filter_map(|r| BodyRegion::from_name(r)).collect();
    let weights = lbs.weights();
    // a rigid override's soft skin: what lies within `skin` of the surface is not selected
    let depth = (o.rigid && o.skin > 0.0).then(|| surface_depth(mesh));
    Ok((0..mesh.n())
        .map(|v| {
            let by_bone =
                weights.iter_row(v).max_by(|a, b| a.1.total_cmp(&b.1)).is_some_and(|(b, _)| chosen[b]);
            let in_skin = depth.as_ref().is_some_and(|d| d[v] < o.skin);
            (by_bone || regions[v].is_some_and(|r| wanted.contains(&r))) && !in_skin
        })
        .collect())
}

/// The vertices of `rigid` overrides ("no secondary motion here"), for the precompute to keep the momentum
/// leak out of them (`D = 1` there: exact complementarity, so the rig's motion of a rigid part cannot leak
/// into a secondary motion of it). All `false` without a skeleton or rigid overrides.
pub fn rigid_vertices(
    mesh: &TetMesh,
    rig: &Rig,
    settings: &AnatomySettings,
) -> Result<Vec<bool>, AnatomyError> {
    let mut out = vec![false; mesh.n()];
    let Some(lbs) = rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
    else {
        return Ok(out);
    };
    if settings.overrides.iter().any(|o| o.rigid) {
        let regions = vertex_regions(lbs, &mesh.vertices, &settings.humanoid);
        for o in settings.overrides.iter().filter(|o| o.rigid) {
            for (v, s) in override_vertices(mesh, lbs, &regions, settings, o)?.into_iter().enumerate() {
                out[v] |= s;
            }
        }
    }
    Ok(out)
}

/// Each vertex's damping multiplier: 1, or the `damping` of the last override that selects it.
pub fn vertex_damping(
    mesh: &TetMesh,
    rig: &Rig,
    settings: &AnatomySettings,
) -> Result<Vec<f64>, AnatomyError> {
    let mut out = vec![1.0; mesh.n()];
    let Some(lbs) = rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
    else {
        return Ok(out);
    };
    if settings.overrides.iter().any(|o| o.damping != 1.0) {
        let regions = vertex_regions(lbs, &mesh.vertices, &settings.humanoid);
        for o in settings.overrides.iter().filter(|o| o.damping != 1.0) {
            for (v, s) in override_vertices(mesh, lbs, &regions, settings, o)?.into_iter().enumerate() {
                if s {
                    out[v] = o.damping;
                }
            }
        }
    }
    Ok(out)
}

/// One [`MaterialOverride`] on `material`: Young's modulus changed in log space by the tet's selected fraction.
fn apply_override(
    mesh: &TetMesh,
    lbs: &LbsRig,
    regions: &[Option<BodyRegion>],
    settings: &AnatomySettings,
    o: &MaterialOverride,
    rigidity: &[f64],
    material: &mut Material,
) -> Result<(), AnatomyError> {
    let selected = override_vertices(mesh, lbs, regions, settings, o)?;
    let ln_bone = settings.bone.youngs.ln();
    for (t, tet) in mesh.tets.iter().enumerate() {
        let f = tet.iter().filter(|&&v| selected[v]).count() as f64 / 4.0;
        if f == 0.0 {
            continue;
        }
        let nu = settings.poisson;
        let mut ln_e = (material.mu[t] * 2.0 * (1.0 + nu)).ln() - f * o.softness.ln();
        if o.rigid {
            // bone only where the rig moves the part rigidly (not over the joint that joins it)
            let f = f * tet.iter().map(|&v| rigidity[v]).sum::<f64>() / 4.0;
            ln_e = (1.0 - f) * ln_e + f * ln_bone;
        }
        let (mu, lambda) = lame(ln_e.exp(), nu)?;
        material.mu[t] = mu;
        material.lambda[t] = lambda;
    }
    Ok(())
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// `3x² − 2x³` on `[0, 1]`, 0 below, 1 above (NaN and −∞ count as below: inside a bone).
fn smoothstep(x: f64) -> f64 {
    let x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
    x * x * (3.0 - 2.0 * x)
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A vertex and its tentative depth, ordered nearest first for the heap.
#[derive(PartialEq)]
struct Near(f64, usize);

impl Eq for Near {}

impl PartialOrd for Near {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Near {
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian};
    use crate::mesh::shapes::box_mesh;
    use crate::modes::{complementarity_matrix, dense_modes, weight_space_constraint};
    use crate::precompute::Precomputed;
    use crate::rig::{Rig, RigPart};

    /// A 1 m limb along x (8 × 8 × 8 cells, 0.5 m square section) with its bone on the axis.
    fn limb() -> (TetMesh, Vec<BoneSegment>) {
        let mesh = box_mesh(8, 8, 8, [1.0, 0.5, 0.5]);
        let bone = BoneSegment { a: [0.0, 0.25, 0.25], b: [1.0, 0.25, 0.25], radius: 0.06 };
        (mesh, vec![bone])
    }

    fn youngs(m: &Material, poisson: f64) -> Vec<f64> {
        m.mu.iter().map(|mu| 2.0 * mu * (1.0 + poisson)).collect()
    }

    /// A chain root → child → leaf along x: capsules from head to the child's head, radius a fraction of the
    /// length (clamped); the leaf spans the vertices it dominates.
    #[test]
    fn bones_become_capsules_along_the_skeleton() {
        use crate::rig::{Bone, VertexWeights};
        let at = |x: f64| [[1.0, 0.0, 0.0, x], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];
        let bones = vec![
            Bone { name: "root".into(), parent: None, bind: at(0.0) },
            Bone { name: "child".into(), parent: Some(0), bind: at(1.0) },
            Bone { name: "leaf".into(), parent: Some(1), bind: at(1.5) },
        ];
        // vertex 0 on the root, vertices 1 and 2 on the leaf (centroid x = 1.7), vertex 3 shared
        let weights =
            VertexWeights::from_dense(3, &[1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.3, 0.7]);
        let x = [[0.5, 0.0, 0.0], [1.6, 0.0, 0.0], [1.8, 0.0, 0.0], [1.7, 0.0, 0.0]];
        let rig = LbsRig::new(bones.clone(), weights).unwrap();
        let segments = bone_segments(&rig, &x, 0.1, (0.02, 0.08));
        assert_eq!(segments.len(), 3);
        assert_eq!(segments[0], BoneSegment { a: [0.0; 3], b: [1.0, 0.0, 0.0], radius: 0.08 });
        assert_eq!(segments[1], BoneSegment { a: [1.0, 0.0, 0.0], b: [1.5, 0.0, 0.0], radius: 0.05 });
        // the leaf spans its vertices: to 2 × centroid (1.7) − head (1.5) = 1.9
        let leaf = segments[2];
        assert!((leaf.b[0] - 1.9).abs() < 1e-12 && leaf.a == [1.5, 0.0, 0.0], "{leaf:?}");
        assert!((leaf.radius - 0.04).abs() < 1e-12);
        // a bone that skins nothing (here the child) is no bone of the body
        let weights = VertexWeights::from_dense(3, &[1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        let rig = LbsRig::new(bones, weights).unwrap();
        let segments = bone_segments(&rig, &x[..2], 0.1, (0.02, 0.08));
        assert_eq!(segments.len(), 2);
        assert_eq!(segments[0].a, [0.0; 3]);
        assert_eq!(segments[1].a, [1.5, 0.0, 0.0]);
    }

    #[test]
    fn capsule_distance_is_exact() {
        let b = BoneSegment { a: [0.0, 0.0, 0.0], b: [1.0, 0.0, 0.0], radius: 0.1 };
        assert!((b.distance([0.5, 0.3, 0.0]) - 0.2).abs() < 1e-15);
        assert!((b.distance([-0.3, 0.4, 0.0]) - 0.4).abs() < 1e-15);
        assert!((b.distance([0.5, 0.0, 0.0]) + 0.1).abs() < 1e-15);
    }

    #[test]
    fn depth_is_zero_on_the_surface_and_grows_inwards() {
        let (mesh, _) = limb();
        let depth = surface_depth(&mesh);
        let boundary: std::collections::HashSet<usize> =
            mesh.boundary_faces().into_iter().flatten().collect();
        for (v, d) in depth.iter().enumerate() {
            let x = mesh.vertices[v];
            // Euclidean depth of the box: the nearest face
            let e =
                [x[0], 1.0 - x[0], x[1], 0.5 - x[1], x[2], 0.5 - x[2]].into_iter().fold(f64::MAX, f64::min);
            assert_eq!(boundary.contains(&v), *d == 0.0, "vertex {v}");
            assert!(*d >= e - 1e-12 && *d <= 2.0 * e + 1e-12, "vertex {v}: graph {d} vs Euclidean {e}");
        }
    }

    /// Bone tets at least 100× stiffer than fat tets, every value finite and positive, and graded: face
    /// neighbours differ by a bounded factor.
    #[test]
    fn the_material_map_is_stiff_in_bone_soft_in_fat_and_graded() {
        let (mesh, bones) = limb();
        let s = AnatomySettings { grade: 0.15, fat_depth: 0.1, ..AnatomySettings::default() };
        let m = anatomical_material(&mesh, &bones, &s, None).unwrap();
        let e = youngs(&m, s.poisson);
        assert!(e.iter().chain(&m.density).all(|v| v.is_finite() && *v > 0.0));
        let (e_max, e_min) = e.iter().fold((0.0f64, f64::MAX), |(a, b), v| (a.max(*v), b.min(*v)));
        assert!(e_max >= 100.0 * e_min, "bone {e_max:e} vs fat {e_min:e}");
        // the tets touching the axis are bone, those at the surface corners fat
        let centroid = |t: usize| {
            mesh.tets[t].iter().fold([0.0; 3], |a, &v| {
                let x = mesh.vertices[v];
                [a[0] + x[0] / 4.0, a[1] + x[1] / 4.0, a[2] + x[2] / 4.0]
            })
        };
        for t in 0..mesh.t() {
            let c = centroid(t);
            if bones[0].distance(c) < 0.0 {
                assert!(
                    (e[t] - s.bone.youngs).abs() < 1e-6 * s.bone.youngs,
                    "tet {t} in the bone: {:e}",
                    e[t]
                );
            }
        }
        let worst =
            mesh.face_neighbours().iter().map(|&(a, b)| (e[a] / e[b]).max(e[b] / e[a])).fold(1.0, f64::max);
        let total = s.bone.youngs / s.fat.youngs;
        assert!(
            worst < total.sqrt(),
            "neighbouring tets differ by {worst:.1}× (bone/fat {total}×): not graded"
        );
    }

    /// The paper's Fig. 10 on a procedural limb: with a stiff core (bone 1000× the soft tissue, which is one
    /// tissue here: no fat layer), the skinning eigenmodes put ≥ 80 % of their mass-weighted `W²` in the soft
    /// shell; the same limb homogeneous does not (one of its first six modes has 76 %).
    #[test]
    fn a_stiff_core_puts_the_modes_in_the_soft_shell() {
        let mesh = box_mesh(12, 6, 6, [2.0, 0.6, 0.6]);
        let bone = BoneSegment { a: [0.0, 0.3, 0.3], b: [2.0, 0.3, 0.3], radius: 0.12 };
        let soft = Tissue { youngs: 2e4, density: 1000.0 };
        let s = AnatomySettings {
            bone: Tissue { youngs: 2e7, density: 1900.0 },
            muscle: soft,
            fat: soft,
            grade: 0.03,
            ..AnatomySettings::default()
        };
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let shell: Vec<bool> = mesh.vertices.iter().map(|x| bone.distance(*x) > s.grade).collect();
        let shell_fraction = |material: &Material| -> Vec<f64> {
            let mass = lumped_mass(&mesh, &material.density);
            let jw = weight_space_constraint(
                &mesh.vertices,
                &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]),
            );
            let modes = dense_modes(&weight_space_hessian(&mesh, material), &mass, &jw, 6).unwrap();
            (0..6)
                .map(|i| {
                    let w2 = |v: usize| mass[v] * modes.weights[(v, i)].powi(2);
                    let all: f64 = (0..mesh.n()).map(w2).sum();
                    (0..mesh.n()).filter(|&v| shell[v]).map(w2).sum::<f64>() / all
                })
                .collect()
        };
        let anatomical = shell_fraction(&anatomical_material(&mesh, &[bone], &s, None).unwrap());
        let homogeneous =
            shell_fraction(&Material::homogeneous(mesh.t(), soft.youngs, s.poisson, soft.density).unwrap());
        for (i, a) in anatomical.iter().enumerate() {
            assert!(*a >= 0.8, "mode {i}: {:.1} % of W² in the shell ({anatomical:?})", 100.0 * a);
        }
        assert!(
            homogeneous.iter().any(|h| *h < 0.8),
            "the limb does not tell the materials apart: {homogeneous:?}"
        );
        eprintln!("shell fraction of W²: anatomical {anatomical:.3?}, homogeneous {homogeneous:.3?}");
    }

    /// The anatomical limb, precomputed with clusters that mix bone and soft tissue, stays at rest under the
    /// reduced step at rest (`z` stays 0), and follows a rigid motion of the whole limb without secondary
    /// motion. Fails when the clusters' gradient is volume-weighted (`reduced::cluster_gradient`).
    #[test]
    fn the_reduced_step_keeps_the_anatomical_rest_pose_at_rest() {
        use crate::precompute::{precompute, ClusterCount, MaterialSetting, PrecomputeSettings};
        use crate::reduced::{ReducedModel, StepSettings, StepState};
        let mesh = box_mesh(12, 4, 4, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.4))]).unwrap();
        let anatomy = AnatomySettings { grade: 0.05, fat_depth: 0.08, ..AnatomySettings::default() };
        let settings = PrecomputeSettings {
            modes: 4,
            clusters: ClusterCount::KMeans(3),
            material: MaterialSetting::Anatomical(anatomy),
            ..PrecomputeSettings::default()
        };
        let (out, report) = precompute(mesh, rig.clone(), &settings, std::sync::Arc::new(|_| {})).unwrap();
        assert!(report.complementarity_residual < 1e-10);
        let mu = &out.material.mu;
        let mixed = (0..out.clustering.r).any(|c| {
            let in_c: Vec<f64> =
                (0..mu.len()).filter(|&t| out.clustering.labels[t] == c).map(|t| mu[t]).collect();
            in_c.iter().cloned().fold(0.0, f64::max) > 100.0 * in_c.iter().cloned().fold(f64::MAX, f64::min)
        });
        assert!(mixed, "no cluster mixes bone and soft tissue: the test would not test anything");
        let model = ReducedModel::from_parts(out.reduced).unwrap();
        let p0 = rig.rest_params();
        let mut state = StepState::at_rest(&model, &p0);
        for _ in 0..20 {
            model.step(&mut state, &p0, &StepSettings::default());
        }
        let at_rest = state.z.iter().fold(0.0f64, |a, v| a.max(v.abs()));
        assert!(at_rest < 1e-9, "rest drifts: max |z| = {at_rest:e}");
        // a rigid motion of the whole limb (both bones by the same transform): turned by 40°, then sliding at
        // constant velocity (rotation and translation equivariance; a turning limb would feel real
        // centrifugal forces)
        let (s, c) = 0.7f64.sin_cos();
        let moved = |k: f64| {
            let t = [[c, -s, 0.0, 0.01 * k], [s, c, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];
            let mut p = p0.clone();
            for b in 0..2 {
                crate::rig::write_affine(&mut p[12 * b..], &t);
            }
            p
        };
        // already moving at the start: p_prev one step behind
        let mut state = StepState::at_rest(&model, &moved(0.0));
        state.p_prev = moved(-1.0);
        for k in 1..=30 {
            model.step(&mut state, &moved(k as f64), &StepSettings::default());
        }
        let rigid = state.z.iter().fold(0.0f64, |a, v| a.max(v.abs()));
        assert!(rigid < 1e-6, "a rigid motion excites secondary motion: max |z| = {rigid:e}");
    }

    /// The settings file of the README parses, fields left out keep their defaults, and bad values are
    /// refused naming the setting.
    #[test]
    fn anatomy_settings_files_parse_and_bad_values_are_named() {
        let text = r#"{"fat": {"youngs": 5e3, "density": 920},
            "overrides": [{"bones": ["J_Sec_Hair1_01"], "rigid": true},
                          {"regions": ["belly", "buttocks"], "softness": 2.0}]}"#;
        let s: AnatomySettings = serde_json::from_str(text).unwrap();
        assert_eq!(s.fat.youngs, 5e3);
        assert_eq!(s.muscle, AnatomySettings::default().muscle);
        assert!(s.overrides[0].rigid && s.overrides[0].softness == 1.0);
        assert!(s.validate().is_ok());
        assert!(
            serde_json::from_str::<AnatomySettings>(r#"{"fat": {"youngs": 1}}"#).is_err(),
            "density missing"
        );
        assert!(serde_json::from_str::<AnatomySettings>(r#"{"bone_radius": 1}"#).is_err(), "unknown field");
        for (bad, says) in [
            (r#"{"overrides": [{"regions": ["tail"]}]}"#, "unknown region `tail`"),
            (r#"{"overrides": [{"regions": ["belly"], "softness": 0}]}"#, "softness"),
            (r#"{"joint_weight": 1.0}"#, "joint_weight"),
            (r#"{"grade": -1}"#, "grade"),
            (r#"{"bone_radius_range": [0.05, 0.01]}"#, "bone_radius_range"),
        ] {
            let e = serde_json::from_str::<AnatomySettings>(bad).unwrap().validate().unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    /// Per-region damping: a mode takes the mass-weighted `W²` mean of the vertices' multipliers. The bar's
    /// child half is damped 4×: every mode's multiplier lies in [1, 4], equals the mean computed here from
    /// the stored weights, and modes that live in the child half take more than those that do not.
    #[test]
    fn damping_overrides_become_per_mode_multipliers() {
        use crate::precompute::{precompute, ClusterCount, MaterialSetting, PrecomputeSettings};
        let mesh = box_mesh(12, 3, 3, [2.0, 0.4, 0.4]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.2))]).unwrap();
        let anatomy = AnatomySettings {
            grade: 0.05,
            fat_depth: 0.05,
            overrides: vec![MaterialOverride {
                bones: vec!["child".into()],
                damping: 4.0,
                ..Default::default()
            }],
            ..AnatomySettings::default()
        };
        let settings = PrecomputeSettings {
            modes: 6,
            clusters: ClusterCount::KMeans(4),
            material: MaterialSetting::Anatomical(anatomy),
            ..PrecomputeSettings::default()
        };
        let (out, _) = precompute(mesh, rig, &settings, std::sync::Arc::new(|_| {})).unwrap();
        let got = out.mode_damping();
        let mass = lumped_mass(&out.mesh, &out.material.density);
        let child = |v: usize| out.mesh.vertices[v][0] > 1.0 + 0.1; // past the joint's blend
        let mut share_in_child = Vec::new();
        for (k, g) in got.iter().enumerate() {
            assert!((1.0..=4.0).contains(g), "mode {k}: {g}");
            let w2 = |v: usize| mass[v] * out.weights[(v, k)].powi(2);
            let all: f64 = (0..out.mesh.n()).map(w2).sum();
            share_in_child.push((0..out.mesh.n()).filter(|&v| child(v)).map(w2).sum::<f64>() / all);
        }
        let (most, least) = (0..got.len()).fold((0, 0), |(hi, lo), k| {
            (
                if share_in_child[k] > share_in_child[hi] { k } else { hi },
                if share_in_child[k] < share_in_child[lo] { k } else { lo },
            )
        });
        assert!(got[most] > got[least], "{got:?} vs child shares {share_in_child:?}");
        // without overrides: all 1
        let plain = Precomputed { settings: PrecomputeSettings::default(), ..out };
        assert!(plain.mode_damping().iter().all(|&d| d == 1.0));
    }

    /// A rigid override with a skin: the child half's core becomes bone and leaves the momentum leak, while
    /// the layer within `skin` of the surface keeps the rule's soft tissue and stays free.
    #[test]
    fn a_rigid_override_keeps_its_soft_skin() {
        let mesh = box_mesh(12, 6, 6, [2.0, 0.6, 0.6]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.2))]).unwrap();
        let rigid = |skin: f64| AnatomySettings {
            grade: 0.05,
            fat_depth: 0.05,
            overrides: vec![MaterialOverride {
                bones: vec!["child".into()],
                rigid: true,
                skin,
                ..Default::default()
            }],
            ..AnatomySettings::default()
        };
        let plain = AnatomySettings { overrides: Vec::new(), ..rigid(0.0) };
        let depth = surface_depth(&mesh);
        let soft = material_for_rig(&mesh, &rig, &plain).unwrap();
        let (whole, skinned) = (rigid(0.0), rigid(0.15));
        let (m_whole, m_skin) = (
            material_for_rig(&mesh, &rig, &whole).unwrap(),
            material_for_rig(&mesh, &rig, &skinned).unwrap(),
        );
        let (r_whole, r_skin) =
            (rigid_vertices(&mesh, &rig, &whole).unwrap(), rigid_vertices(&mesh, &rig, &skinned).unwrap());
        let child = |v: usize| mesh.vertices[v][0] > 1.0 + 0.15; // past the joint's blend
        let (mut skin_checked, mut core_checked) = (0, 0);
        for v in (0..mesh.n()).filter(|&v| child(v)) {
            assert!(r_whole[v], "vertex {v}: the whole override is rigid");
            assert_eq!(r_skin[v], depth[v] >= 0.15, "vertex {v} at depth {}", depth[v]);
        }
        for (t, tet) in mesh.tets.iter().enumerate() {
            if !tet.iter().all(|&v| child(v)) {
                continue;
            }
            let bone = AnatomySettings::default().bone.youngs;
            let e = |m: &Material| 2.0 * m.mu[t] * (1.0 + whole.poisson);
            assert!((e(&m_whole) - bone).abs() <= 1e-6 * bone, "tet {t}: rigid without a skin");
            if tet.iter().all(|&v| depth[v] < 0.15) {
                // the skin keeps what the rule gave it
                assert!(
                    (e(&m_skin) - e(&soft)).abs() <= 1e-9 * e(&soft),
                    "tet {t}: {} vs {}",
                    e(&m_skin),
                    e(&soft)
                );
                skin_checked += 1;
            }
            if tet.iter().all(|&v| depth[v] >= 0.15) {
                assert!((e(&m_skin) - bone).abs() <= 1e-6 * bone, "tet {t}: the core is bone");
                core_checked += 1;
            }
        }
        assert!(skin_checked > 20 && core_checked > 5, "{skin_checked} skin and {core_checked} core tets");
        let bad = AnatomySettings {
            overrides: vec![MaterialOverride { skin: -1.0, ..Default::default() }],
            ..plain
        };
        assert!(bad.validate().unwrap_err().to_string().contains("skin"));
    }
}
