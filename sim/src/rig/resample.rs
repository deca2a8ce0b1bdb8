//! Carrying a rig over to other vertices: every new vertex is a linear combination (a *stencil*) of old
//! vertices, and its skin weights and blendshape deltas are the same combination of theirs.
//!
//! Uses: restricting the simulation rig to the surface vertices that the renderer draws (one-entry
//! stencils), and transferring a game mesh's rig to the simulation mesh built around it (the barycentric
//! coordinates of the closest surface point, [`crate::geometry::embed`]). LBS weights are renormalised per vertex
//! afterwards, so stencils with non-negative coefficients keep a partition of unity whatever they sum to;
//! deltas are combined as given (a convex stencil interpolates them).

use crate::rig::{BlendTarget, BlendshapeRig, LbsRig, Rig, RigError, RigPart, VertexWeights};
use std::collections::BTreeMap;

/// One new vertex: `(old vertex, coefficient)` pairs.
pub type Stencil = Vec<(usize, f64)>;

/// The rig on the new vertices `new_v = Σ c · old_v` (one [`Stencil`] per new vertex). Stencil indices must
/// be below the rig's vertex count (when the rig knows it) and coefficients finite and non-negative.
pub fn resample(rig: &Rig, stencils: &[Stencil]) -> Result<Rig, RigError> {
    let n_new = stencils.len();
    if let Some(n) = rig.num_vertices() {
        for (vertex, s) in stencils.iter().enumerate() {
            if let Some(&(index, _)) = s.iter().find(|(i, _)| *i >= n) {
                return Err(RigError::Stencil { vertex, message: format!("old vertex {index} of {n}") });
            }
        }
    }
    for (vertex, s) in stencils.iter().enumerate() {
        if let Some(&(_, c)) = s.iter().find(|(_, c)| !(c.is_finite() && *c >= 0.0)) {
            return Err(RigError::Stencil { vertex, message: format!("coefficient {c}") });
        }
    }
    let parts = rig
        .parts()
        .iter()
        .map(|part| match part {
            RigPart::Affine => Ok(RigPart::Affine),
            RigPart::Lbs(l) => resample_lbs(l, stencils).map(RigPart::Lbs),
            RigPart::Blendshapes(b) => resample_blendshapes(b, n_new, stencils).map(RigPart::Blendshapes),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Rig::new(parts)
}

fn resample_lbs(l: &LbsRig, stencils: &[Stencil]) -> Result<LbsRig, RigError> {
    let rows = stencils.iter().map(|s| {
        let mut row: BTreeMap<u32, f64> = BTreeMap::new();
        for &(v, c) in s {
            for (bone, w) in l.weights().iter_row(v) {
                *row.entry(bone as u32).or_default() += c * w;
            }
        }
        row.into_iter().filter(|(_, w)| *w > 0.0)
    });
    let weights = VertexWeights::from_rows(rows);
    Ok(LbsRig::new_normalized(l.bones().to_vec(), weights)?.0)
}

fn resample_blendshapes(
    b: &BlendshapeRig,
    n_new: usize,
    stencils: &[Stencil],
) -> Result<BlendshapeRig, RigError> {
    let targets = b
        .targets()
        .iter()
        .map(|t| {
            // Dense lookup of this target's deltas (most targets are sparse: a map keeps memory small).
            let delta: std::collections::HashMap<usize, [f64; 3]> =
                t.indices.iter().copied().zip(t.deltas.iter().copied()).collect();
            let (indices, deltas) = stencils
                .iter()
                .enumerate()
                .filter_map(|(v, s)| {
                    let mut d = [0.0; 3];
                    for &(old, c) in s {
                        if let Some(o) = delta.get(&old) {
                            (0..3).for_each(|k| d[k] += c * o[k]);
                        }
                    }
                    (d != [0.0; 3]).then_some((v, d))
                })
                .unzip();
            BlendTarget { name: t.name.clone(), indices, deltas }
        })
        .collect();
    BlendshapeRig::new(Some(n_new), targets)
}

/// Stencils that pick the given old vertices (restriction to a subset, in the given order).
pub fn pick(vertices: &[usize]) -> Vec<Stencil> {
    vertices.iter().map(|&v| vec![(v, 1.0)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::BlendshapeRig;

    fn rig() -> (crate::mesh::tet_mesh::TetMesh, Rig) {
        let mesh = box_mesh(4, 1, 1, [2.0, 0.5, 0.5]);
        let lbs = LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.6);
        let n = mesh.n();
        let deltas: Vec<[f64; 3]> = mesh.vertices.iter().map(|x| [0.0, x[0] * x[0], 0.1 * x[2]]).collect();
        let shapes = BlendshapeRig::from_dense(vec![("bulge".into(), deltas)]).unwrap();
        assert_eq!(shapes.num_vertices(), Some(n));
        (mesh, Rig::new(vec![RigPart::Lbs(lbs), RigPart::Blendshapes(shapes)]).unwrap())
    }

    /// Restriction followed by evaluation equals evaluation followed by restriction, for any parameters.
    #[test]
    fn picking_vertices_commutes_with_deformation() {
        let (mesh, rig) = rig();
        let subset: Vec<usize> = (0..mesh.n()).rev().step_by(3).collect();
        let small = resample(&rig, &pick(&subset)).unwrap();
        let rest_small: Vec<[f64; 3]> = subset.iter().map(|&v| mesh.vertices[v]).collect();
        let mut p = rig.rest_params();
        p.iter_mut().enumerate().for_each(|(i, x)| *x += 0.01 * ((i * 7 % 13) as f64 - 6.0));
        let full = rig.deform(&mesh.vertices, &p).unwrap();
        let part = small.deform(&rest_small, &p).unwrap();
        let (n, k) = (mesh.n(), subset.len());
        for (i, &v) in subset.iter().enumerate() {
            for c in 0..3 {
                assert!((full[c * n + v] - part[c * k + i]).abs() < 1e-12);
            }
        }
    }

    /// A convex stencil (midpoints of edges) interpolates: blendshape deltas are averaged, weights still sum
    /// to one, and a pure translation of every bone moves the new vertices by the same translation.
    #[test]
    fn convex_stencils_interpolate_and_keep_a_partition_of_unity() {
        let (mesh, rig) = rig();
        let stencils: Vec<Stencil> = mesh.tets.iter().map(|t| vec![(t[0], 0.5), (t[1], 0.5)]).collect();
        let new_rest: Vec<[f64; 3]> = mesh
            .tets
            .iter()
            .map(|t| {
                let (a, b) = (mesh.vertices[t[0]], mesh.vertices[t[1]]);
                [0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1]), 0.5 * (a[2] + b[2])]
            })
            .collect();
        let out = resample(&rig, &stencils).unwrap();
        let RigPart::Lbs(l) = &out.parts()[0] else { panic!() };
        for v in 0..stencils.len() {
            assert!((l.weights().row_sum(v) - 1.0).abs() < 1e-12);
        }
        let mut p = rig.rest_params();
        for h in 0..2 {
            p[12 * h + 3] += 0.3; // translate x
        }
        p[24] = 1.0; // the blendshape at full weight
        let x = out.deform(&new_rest, &p).unwrap();
        let k = new_rest.len();
        for (i, s) in stencils.iter().enumerate() {
            let (a, b) = (mesh.vertices[s[0].0], mesh.vertices[s[1].0]);
            let dy = 0.5 * (a[0] * a[0] + b[0] * b[0]);
            assert!((x[i] - new_rest[i][0] - 0.3).abs() < 1e-12);
            assert!((x[k + i] - new_rest[i][1] - dy).abs() < 1e-12);
        }
    }

    #[test]
    fn bad_stencils_are_refused() {
        let (mesh, rig) = rig();
        let e = resample(&rig, &[vec![(mesh.n(), 1.0)]]).unwrap_err();
        assert!(e.to_string().contains("stencil"), "{e}");
        let e = resample(&rig, &[vec![(0, f64::NAN)]]).unwrap_err();
        assert!(e.to_string().contains("NaN"), "{e}");
        let e = resample(&rig, &[vec![]]).unwrap_err();
        assert!(e.to_string().contains("sum"), "{e}");
    }
}
