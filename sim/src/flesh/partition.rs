//! Which vertices the skeleton drives (`x_c(q)`, paper 002 §3) and the interior / boundary / constrained
//! split of the rest (§5), as one renumbering of the mesh.
//!
//! **Constrained vertices** (our rule; the paper's meshes carry explicit bone geometry, game avatars do not):
//! every vertex belongs to the region of its heaviest bone. A vertex is constrained when it is firmly bound
//! (heaviest weight ≥ `min_weight`) and lies in the region's *core*: its distance to the nearest surface vertex
//! is at least `core_fraction` times the largest such depth in its region. Regions (and connected
//! components) with fewer than `min_per_region` constrained vertices get their deepest vertices added, so every
//! part is held by at least a small rigid patch and the stiffness of the free vertices is definite. A
//! constrained vertex follows the rig: `x_c(q)` is its rig-deformed position.

use crate::geometry::aabb_tree::{Aabb, Bvh};
use crate::mesh::tet_mesh::TetMesh;
use crate::rig::skinned_rotation::RotationWeights;

/// The rule's knobs (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintSettings {
    pub core_fraction: f64,
    pub min_weight: f64,
    pub min_per_region: usize,
}

impl Default for ConstraintSettings {
    fn default() -> Self {
        ConstraintSettings { core_fraction: 0.5, min_weight: 0.9, min_per_region: 4 }
    }
}

/// The renumbering: new index `i` is old vertex `order[i]`; interior vertices first, then boundary, then
/// constrained.
#[derive(Clone, Debug, PartialEq)]
pub struct Partition {
    pub order: Vec<usize>,
    pub inverse: Vec<usize>,
    pub interior: usize,
    pub boundary: usize,
    pub constrained: usize,
}

impl Partition {
    pub fn n(&self) -> usize {
        self.order.len()
    }

    /// Index ranges of the classes in the new numbering.
    pub fn interior_range(&self) -> std::ops::Range<usize> {
        0..self.interior
    }

    pub fn boundary_range(&self) -> std::ops::Range<usize> {
        self.interior..self.interior + self.boundary
    }

    pub fn free_range(&self) -> std::ops::Range<usize> {
        0..self.interior + self.boundary
    }

    pub fn constrained_range(&self) -> std::ops::Range<usize> {
        self.interior + self.boundary..self.n()
    }

    /// Split `mesh`'s vertices (old numbering) given the constrained flags.
    pub fn new(mesh: &TetMesh, constrained: &[bool]) -> Partition {
        let on_surface = surface_flags(mesh);
        let class = |v: usize| {
            if constrained[v] {
                2
            } else if on_surface[v] {
                1
            } else {
                0
            }
        };
        let mut order: Vec<usize> = (0..mesh.n()).collect();
        order.sort_by_key(|&v| (class(v), v));
        let mut inverse = vec![0; mesh.n()];
        for (new, &old) in order.iter().enumerate() {
            inverse[old] = new;
        }
        let count = |c| (0..mesh.n()).filter(|&v| class(v) == c).count();
        Partition { interior: count(0), boundary: count(1), constrained: count(2), order, inverse }
    }

    /// The mesh with vertices renumbered (`vertices[i] = old[order[i]]`).
    pub fn renumber(&self, mesh: &TetMesh) -> TetMesh {
        TetMesh {
            vertices: self.order.iter().map(|&v| mesh.vertices[v]).collect(),
            tets: mesh.tets.iter().map(|t| t.map(|v| self.inverse[v])).collect(),
        }
    }
}

/// Vertices on boundary faces.
pub fn surface_flags(mesh: &TetMesh) -> Vec<bool> {
    let mut s = vec![false; mesh.n()];
    mesh.boundary_faces().iter().flatten().for_each(|&v| s[v] = true);
    s
}

/// Distance from every vertex to the nearest surface vertex.
pub fn depth(mesh: &TetMesh) -> Vec<f64> {
    let surface: Vec<usize> = surface_flags(mesh).iter().enumerate().filter(|e| *e.1).map(|e| e.0).collect();
    let boxes: Vec<Aabb> = surface.iter().map(|&v| Aabb::around(&[mesh.vertices[v]])).collect();
    let bvh = Bvh::new(&boxes, 8);
    use rayon::prelude::*;
    mesh.vertices
        .par_iter()
        .map(|&p| {
            let mut best = f64::INFINITY;
            bvh.search(p, f64::INFINITY, |i, bound| {
                let q = mesh.vertices[surface[i]];
                let d = (0..3).map(|c| (p[c] - q[c]).powi(2)).sum::<f64>();
                best = best.min(d);
                bound.min(d)
            });
            best.sqrt()
        })
        .collect()
}

/// The constrained flags by the rule of the module doc. `weights` are the per-vertex bone weights (rows may
/// be empty: such vertices form one region of their own).
pub fn choose_constrained(
    mesh: &TetMesh,
    weights: &RotationWeights,
    settings: &ConstraintSettings,
) -> Vec<bool> {
    let n = mesh.n();
    let depth = depth(mesh);
    let heaviest: Vec<(usize, f64)> = (0..n)
        .map(|v| {
            weights.row(v).fold((usize::MAX, 0.0), |best, (b, w)| if w > best.1 { (b, w) } else { best })
        })
        .collect();
    let regions = heaviest.iter().map(|h| h.0).filter(|&b| b != usize::MAX).max().map_or(1, |m| m + 2);
    let region = |v: usize| if heaviest[v].0 == usize::MAX { regions - 1 } else { heaviest[v].0 };
    let mut max_depth = vec![0.0f64; regions];
    for v in 0..n {
        max_depth[region(v)] = max_depth[region(v)].max(depth[v]);
    }
    let mut constrained: Vec<bool> = (0..n)
        .map(|v| {
            let firm = heaviest[v].0 == usize::MAX || heaviest[v].1 >= settings.min_weight;
            firm && depth[v] >= settings.core_fraction * max_depth[region(v)]
        })
        .collect();
    let mut members = vec![Vec::new(); regions];
    (0..n).for_each(|v| members[region(v)].push(v));
    top_up(&mut constrained, &members, &depth, settings.min_per_region);
    top_up(&mut constrained, &components(mesh), &depth, settings.min_per_region);
    constrained
}

/// Constrain the deepest vertices of every group holding fewer than `min` constrained ones.
fn top_up(constrained: &mut [bool], groups: &[Vec<usize>], depth: &[f64], min: usize) {
    for g in groups {
        let have = g.iter().filter(|&&v| constrained[v]).count();
        if have >= min.min(g.len()) {
            continue;
        }
        let mut by_depth = g.clone();
        by_depth.sort_by(|&a, &b| depth[b].total_cmp(&depth[a]).then(a.cmp(&b)));
        let mut need = min.min(g.len()) - have;
        for v in by_depth {
            if need == 0 {
                break;
            }
            if !constrained[v] {
                constrained[v] = true;
                need -= 1;
            }
        }
    }
}

/// Connected components of the mesh (vertices linked by tets).
pub fn components(mesh: &TetMesh) -> Vec<Vec<usize>> {
    let n = mesh.n();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(p: &mut [usize], mut v: usize) -> usize {
        while p[v] != v {
            p[v] = p[p[v]];
            v = p[v];
        }
        v
    }
    for t in &mesh.tets {
        for k in 1..4 {
            let (a, b) = (find(&mut parent, t[0]), find(&mut parent, t[k]));
            if a != b {
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for v in 0..n {
        let r = find(&mut parent, v);
        groups.entry(r).or_default().push(v);
    }
    groups.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::{LbsRig, Rig, RigPart};

    #[test]
    fn a_bar_is_held_in_the_core_of_each_bone_and_the_classes_are_consistent() {
        let mesh = box_mesh(12, 4, 4, [3.0, 1.0, 1.0]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.5, 0.6))]).unwrap();
        let w = RotationWeights::per_vertex(&rig, mesh.n());
        let c = choose_constrained(&mesh, &w, &ConstraintSettings::default());
        let surface = surface_flags(&mesh);
        // both bones hold some vertices; none in the blend zone; the deepest vertices are held
        let held: Vec<usize> = (0..mesh.n()).filter(|&v| c[v]).collect();
        assert!(
            held.iter().any(|&v| mesh.vertices[v][0] < 1.0)
                && held.iter().any(|&v| mesh.vertices[v][0] > 2.0)
        );
        assert!(held.iter().all(|&v| (mesh.vertices[v][0] - 1.5).abs() > 0.2));
        assert!(held.iter().all(|&v| !surface[v]), "a thick bar keeps its surface free");
        let p = Partition::new(&mesh, &c);
        assert_eq!(p.interior + p.boundary + p.constrained, mesh.n());
        assert_eq!(p.constrained, held.len());
        let r = p.renumber(&mesh);
        for (i, &old) in p.order.iter().enumerate() {
            assert_eq!(r.vertices[i], mesh.vertices[old]);
            assert_eq!(surface[old] && !c[old], p.boundary_range().contains(&i));
        }
    }

    #[test]
    fn every_component_gets_a_rigid_patch() {
        let a = box_mesh(2, 1, 1, [1.0, 1.0, 1.0]);
        let n = a.n();
        let mut mesh = a.clone();
        mesh.vertices.extend(a.vertices.iter().map(|v| [v[0] + 5.0, v[1], v[2]]));
        mesh.tets.extend(a.tets.iter().map(|t| t.map(|v| v + n)));
        let w = RotationWeights::from_rows((0..mesh.n()).map(|_| Vec::<(u32, f64)>::new()));
        let c = choose_constrained(&mesh, &w, &ConstraintSettings::default());
        assert!(c[..n].iter().filter(|&&x| x).count() >= 4);
        assert!(c[n..].iter().filter(|&&x| x).count() >= 4);
    }
}
