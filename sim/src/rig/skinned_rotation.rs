//! Skinned rotations `R̂(q)` (paper 002, §4): the rotation procedural skinning gives at a point — per tet,
//! per vertex or per cluster — from the rig's bone transforms and the point's (averaged) skinning weights.
//!
//! Each LBS bone's rotation is the polar factor of the linear part of its skinning transform `T_h`, as a unit
//! quaternion. A point's rotation is the normalised blend `Σ_h w_h q_h` (the rotational part of dual-quaternion
//! skinning, i.e. a weighted slerp), with every quaternion first moved to the hemisphere of the point's
//! heaviest bone (`method-pitfalls.md` §10). A global affine rig part contributes its own polar rotation,
//! applied after the blend (`R̂ = R_affine · R_blend`); blendshapes rotate nothing.

use crate::linalg::polar;
use crate::mesh::tet_mesh::TetMesh;
use crate::mesh::Clustering;
use crate::rig::sparse_rows::SparseRows;
use crate::rig::{Rig, RigPart, VertexWeights};
use nalgebra::{Matrix3, Quaternion, Rotation3, UnitQuaternion};
use rayon::prelude::*;

/// The rig's rotations at one pose: one unit quaternion per LBS bone and the global affine part's rotation.
#[derive(Clone, Debug)]
pub struct PoseRotations {
    pub bones: Vec<UnitQuaternion<f64>>,
    pub global: Matrix3<f64>,
}

impl PoseRotations {
    /// Rotations of the rig at parameters `p` (`p.len()` must be the rig's parameter count).
    pub fn new(rig: &Rig, p: &[f64]) -> Self {
        assert_eq!(p.len(), rig.num_params(), "rig parameter count");
        let mut bones = Vec::new();
        let mut global = Matrix3::identity();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            match part {
                RigPart::Affine => global = polar(&linear_part(&p[o..o + 12])).0 * global,
                RigPart::Lbs(l) => {
                    for h in 0..l.num_bones() {
                        let r = polar(&linear_part(&p[o + 12 * h..o + 12 * h + 12])).0;
                        bones
                            .push(UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(r)));
                    }
                }
                RigPart::Blendshapes(_) => {}
            }
        }
        PoseRotations { bones, global }
    }
}

/// The 3×3 linear part of a handle stored row-major as 12 parameters (`p[4c + k]`).
fn linear_part(t: &[f64]) -> Matrix3<f64> {
    Matrix3::from_fn(|r, c| t[4 * r + c])
}

/// Per-point bone weights (compressed [`SparseRows`], each row sums to 1) over the LBS bones of a rig, in the
/// order of [`PoseRotations::bones`].
#[derive(Clone, Debug, PartialEq)]
pub struct RotationWeights(SparseRows);

impl RotationWeights {
    /// From per-point `(bone, weight)` lists; repeated bones are summed and each row is normalised to sum 1
    /// (an empty or zero row rotates by the global rotation only).
    pub fn from_rows<R, I>(rows: R) -> Self
    where
        R: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, f64)>,
    {
        let mut w = SparseRows::from_rows(rows);
        w.merge_repeated();
        w.normalize_positive_rows();
        RotationWeights(w)
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.0.num_rows()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries of point `i`.
    pub fn row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.0.iter_row(i)
    }

    /// The rig's LBS weights at the mesh vertices (all LBS parts, bones numbered consecutively); rows are
    /// empty when the rig has no LBS part.
    pub fn per_vertex(rig: &Rig, n: usize) -> Self {
        let parts: Vec<(&VertexWeights, u32)> = lbs_parts(rig);
        Self::from_rows((0..n).map(|v| {
            parts.iter().flat_map(move |(w, first)| w.iter_row(v).map(move |(h, x)| (first + h as u32, x)))
        }))
    }

    /// Tet-centroid weights: the average of the four vertices' weights, renormalised (paper 002, §4).
    pub fn per_tet(rig: &Rig, mesh: &TetMesh) -> Self {
        let v = Self::per_vertex(rig, mesh.n());
        Self::from_rows(
            mesh.tets.iter().map(|tet| {
                tet.iter().flat_map(|&a| v.row(a).map(|(b, w)| (b as u32, w))).collect::<Vec<_>>()
            }),
        )
    }

    /// Cluster weights: the volume-weighted average of the tet-centroid weights of the cluster's tets.
    pub fn per_cluster(rig: &Rig, mesh: &TetMesh, clustering: &Clustering) -> Self {
        let tets = Self::per_tet(rig, mesh);
        let mut rows: Vec<Vec<(u32, f64)>> = vec![Vec::new(); clustering.r];
        for (t, &c) in clustering.labels.iter().enumerate() {
            let vol = mesh.volume(t);
            rows[c].extend(tets.row(t).map(|(b, w)| (b as u32, w * vol)));
        }
        Self::from_rows(rows)
    }

    /// `R̂` at every point for the pose (rayon over points).
    pub fn rotations(&self, pose: &PoseRotations) -> Vec<Matrix3<f64>> {
        (0..self.len()).into_par_iter().map(|i| self.rotation(i, pose)).collect()
    }

    /// `R̂` at point `i`: normalised, hemisphere-aligned quaternion blend, then the global rotation.
    pub fn rotation(&self, i: usize, pose: &PoseRotations) -> Matrix3<f64> {
        let mut heaviest: Option<(usize, f64)> = None;
        for (b, w) in self.row(i) {
            if heaviest.is_none_or(|(_, hw)| w > hw) {
                heaviest = Some((b, w));
            }
        }
        let Some((h, _)) = heaviest else { return pose.global };
        let reference = pose.bones[h].into_inner();
        let mut sum = Quaternion::new(0.0, 0.0, 0.0, 0.0);
        for (b, w) in self.row(i) {
            let q = pose.bones[b].into_inner();
            let sign = if q.dot(&reference) < 0.0 { -1.0 } else { 1.0 };
            sum += q * (sign * w);
        }
        let blended = if sum.norm() > 1e-12 { UnitQuaternion::from_quaternion(sum) } else { pose.bones[h] };
        pose.global * blended.to_rotation_matrix().into_inner()
    }
}

/// The LBS parts' weights with the index of their first bone in the concatenated bone numbering.
fn lbs_parts(rig: &Rig) -> Vec<(&VertexWeights, u32)> {
    let mut first = 0u32;
    let mut out = Vec::new();
    for part in rig.parts() {
        if let RigPart::Lbs(l) = part {
            out.push((l.weights(), first));
            first += l.num_bones() as u32;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::rig::{write_affine, LbsRig};
    use nalgebra::{Unit, Vector3};

    fn bar() -> (TetMesh, Rig) {
        let mesh = box_mesh(6, 2, 2, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.6))]).unwrap();
        (mesh, rig)
    }

    fn rot(axis: Vector3<f64>, angle: f64) -> Matrix3<f64> {
        Rotation3::from_axis_angle(&Unit::new_normalize(axis), angle).into_inner()
    }

    /// Parameters with bone `b` rotated by `r` (translation irrelevant to rotations).
    fn pose(rig: &Rig, rots: &[Matrix3<f64>]) -> Vec<f64> {
        let mut p = rig.rest_params();
        for (b, r) in rots.iter().enumerate() {
            let mut t = crate::rig::IDENTITY;
            for i in 0..3 {
                for j in 0..3 {
                    t[i][j] = r[(i, j)];
                }
                t[i][3] = 0.3 * (b as f64 + 1.0);
            }
            write_affine(&mut p[12 * b..12 * b + 12], &t);
        }
        p
    }

    #[test]
    fn rows_are_normalised_and_merged() {
        let w = RotationWeights::from_rows(vec![vec![(1, 2.0), (0, 1.0), (1, 1.0)], vec![]]);
        let r0: Vec<_> = w.row(0).collect();
        assert_eq!(r0, vec![(0, 0.25), (1, 0.75)]);
        assert_eq!(w.row(1).count(), 0);
    }

    #[test]
    fn a_rigid_pose_rotates_every_point_by_the_same_rotation() {
        let (mesh, rig) = bar();
        let q = rot(Vector3::new(0.3, -1.0, 0.5), 2.7);
        let p = pose(&rig, &[q, q]);
        let pr = PoseRotations::new(&rig, &p);
        for r in RotationWeights::per_tet(&rig, &mesh).rotations(&pr) {
            assert!((r - q).norm() < 1e-12);
        }
    }

    #[test]
    fn blending_is_a_slerp_between_two_bones_and_survives_sign_flips() {
        let (mesh, rig) = bar();
        let angle = 1.2;
        let p = pose(&rig, &[Matrix3::identity(), rot(Vector3::z(), angle)]);
        let mut pr = PoseRotations::new(&rig, &p);
        // the same rotation with the opposite quaternion sign must blend the same way
        pr.bones[1] = UnitQuaternion::new_unchecked(-pr.bones[1].into_inner());
        let w = RotationWeights::per_vertex(&rig, mesh.n());
        for (v, r) in w.rotations(&pr).iter().enumerate() {
            let s = rig_child_weight(&w, v);
            assert!(
                (r.transpose() * r - Matrix3::identity()).norm() < 1e-12
                    && (r.determinant() - 1.0).abs() < 1e-12
            );
            // the blend of identity and a z rotation is a z rotation by an angle monotone in the weight
            let got = r[(1, 0)].atan2(r[(0, 0)]);
            let expected = 2.0 * ((s * (0.5 * angle).sin()).atan2(1.0 - s + s * (0.5 * angle).cos()));
            assert!((got - expected).abs() < 1e-10, "vertex {v}: {got} vs {expected}");
        }
    }

    fn rig_child_weight(w: &RotationWeights, v: usize) -> f64 {
        w.row(v).find(|e| e.0 == 1).map_or(0.0, |e| e.1)
    }

    #[test]
    fn cluster_weights_average_tets_by_volume() {
        let (mesh, rig) = bar();
        let clustering = Clustering { labels: vec![0; mesh.t()], r: 1 };
        let c = RotationWeights::per_cluster(&rig, &mesh, &clustering);
        let t = RotationWeights::per_tet(&rig, &mesh);
        let vol: f64 = (0..mesh.t()).map(|i| mesh.volume(i)).sum();
        let child: f64 = (0..mesh.t()).map(|i| mesh.volume(i) * rig_child_weight(&t, i)).sum::<f64>() / vol;
        assert!((rig_child_weight(&c, 0) - child).abs() < 1e-12);
    }
}
