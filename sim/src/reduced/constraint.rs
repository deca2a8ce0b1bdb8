//! Complementarity in the reduced coordinates: the rig columns left out of the weight-space constraint
//! (blendshapes, [`Complementarity::Split`](crate::precompute::Complementarity)) as `k` linear conditions
//! `V z = 0`, and their projector in the global step.
//!
//! With the weights `W` complementary to the kept columns `a` (Eq. 20–21: `𝒥_aᵀ B(W) = 0`), the subspace
//! `{B z : V z = 0}` with `V` a row basis of `𝒥_bᵀ B` (k × s) is complementary to every column:
//! `𝒥ᵀ B z = [𝒥_aᵀ B z; 𝒥_bᵀ B z] = 0`. The renderer's contract is untouched (`u = B z` as before); only the
//! reachable `z` shrink, by `k ≤ |b|` directions.
//!
//! The step's global solve (Eq. 31) minimises a quadratic `½ zᵀ A z − bᵀ z`; on `V z = 0` its minimiser is
//! `P_A A⁻¹ b`, with the `A`-orthogonal projector onto the null space of `V`
//!
//! ```text
//!     P_A = I − A⁻¹ Vᵀ (V A⁻¹ Vᵀ)⁻¹ V
//! ```
//!
//! (the Lagrange conditions `A z = b + Vᵀ μ`, `V z = 0` solved for `μ`). `P_A` is a rank-`k` correction of the
//! unconstrained solve: `2ks` flops, the block structure of `A` kept.

use crate::linalg::null_space;
use faer::linalg::solvers::Solve;
use faer::sparse::SparseColMat;
use faer::{Mat, Side};

/// Rows of `𝒥_bᵀ B` below this fraction of the largest are dropped (already satisfied to that relative size),
/// and so are directions of the normalised rows with a singular value below it (dependent blendshapes).
pub const CONSTRAINT_TOL: f64 = 1e-12;

/// `V` (k × 12m, orthonormal rows, coordinate order `12i + 4c + k`): a row basis of `𝒥_bᵀ B(W)` over the
/// columns `q` with `dropped[q]` of the complementarity matrix `𝒥` (3n × p), for the LBS subspace of the mode
/// weights `w` (n × m) on rest positions `rest`. `None` when no column is dropped or every such row vanishes.
pub fn reduced_constraint(
    rest: &[[f64; 3]],
    jcal: &SparseColMat<usize, f64>,
    dropped: &[bool],
    w: &Mat<f64>,
) -> Option<Mat<f64>> {
    let (n, m) = (rest.len(), w.ncols());
    assert_eq!(dropped.len(), jcal.ncols());
    // (𝒥_bᵀ B)[q, 12i + 4c + k] = Σ_v 𝒥[c·n + v, q] w_i(v) X̄_v[k]
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for q in (0..jcal.ncols()).filter(|&q| dropped[q]) {
        let mut row = vec![0.0; 12 * m];
        for (r, val) in jcal.row_idx_of_col_raw(q).iter().zip(jcal.val_of_col(q)) {
            let (c, v) = (r / n, r % n);
            let xb = [rest[v][0], rest[v][1], rest[v][2], 1.0];
            for i in 0..m {
                let a = val * w[(v, i)];
                for k in 0..4 {
                    row[12 * i + 4 * c + k] += a * xb[k];
                }
            }
        }
        rows.push(row);
    }
    let norm = |r: &[f64]| r.iter().map(|x| x * x).sum::<f64>().sqrt();
    let largest = rows.iter().map(|r| norm(r)).fold(0.0, f64::max);
    if !(largest > 0.0) {
        return None;
    }
    let kept: Vec<Vec<f64>> = rows
        .into_iter()
        .filter_map(|r| {
            let nr = norm(&r);
            (nr > CONSTRAINT_TOL * largest).then(|| r.iter().map(|x| x / nr).collect())
        })
        .collect();
    if kept.is_empty() {
        return None;
    }
    let s = 12 * m;
    let v = Mat::<f64>::from_fn(kept.len(), s, |i, j| kept[i][j]);
    // the row space: the complement of the null space (one rank rule with the rest of the crate)
    let svd = v.thin_svd().ok()?;
    let sigma = svd.S().column_vector();
    let top = sigma.iter().copied().fold(0.0, f64::max);
    let rank = sigma.iter().filter(|&&x| x > CONSTRAINT_TOL * top.max(1.0)).count();
    if rank == 0 {
        return None;
    }
    let vt = svd.V();
    let mut order: Vec<usize> = (0..sigma.nrows()).collect();
    order.sort_by(|&a, &b| sigma[b].total_cmp(&sigma[a]));
    Some(Mat::<f64>::from_fn(rank, s, |i, j| vt[(j, order[i])]))
}

/// An orthonormal basis (s × (s − k)) of the null space of `V` (k × s): the reachable directions of `z`.
pub fn constraint_null_basis(v: &Mat<f64>) -> Mat<f64> {
    null_space(v.as_ref()).expect("the SVD of a finite matrix").basis
}

/// `P_A` of the module doc in the step's coordinate order: `z ← z − C (V z)` with `C = A⁻¹Vᵀ (V A⁻¹ Vᵀ)⁻¹`.
#[derive(Clone, Debug)]
pub struct ConstraintProjector {
    /// Constraints k and coordinates s.
    pub k: usize,
    pub s: usize,
    /// Row i of `V` (k × s) at `v[i·s..]`, in the step's coordinate order.
    pub v: Vec<f64>,
    /// Column i of `C` (s × k) at `c[i·s..]`, in the step's coordinate order.
    pub c: Vec<f64>,
}

impl ConstraintProjector {
    /// From `V` (k × s, natural order), the global matrix `A` (s × s, natural order) and the step's order
    /// `perm` (`perm[q]`: the natural coordinate at position q).
    pub fn new(v: &Mat<f64>, a: &Mat<f64>, perm: &[usize]) -> Result<Self, String> {
        let (k, s) = (v.nrows(), v.ncols());
        if k >= s || a.nrows() != s || perm.len() != s {
            return Err(format!(
                "{k} reduced constraints on {s} coordinates (A {}×{})",
                a.nrows(),
                a.ncols()
            ));
        }
        let llt = a.llt(Side::Lower).map_err(|e| format!("A: {e:?}"))?;
        let a_inv_vt = llt.solve(v.transpose()); // s × k
        let schur = v * &a_inv_vt; // k × k, SPD
        let schur = Mat::<f64>::from_fn(k, k, |i, j| 0.5 * (schur[(i, j)] + schur[(j, i)]));
        let schur_llt = schur.llt(Side::Lower).map_err(|e| format!("V A⁻¹ Vᵀ: {e:?}"))?;
        let c = schur_llt.solve(a_inv_vt.transpose()); // k × s: Cᵀ
        Ok(ConstraintProjector {
            k,
            s,
            v: (0..k).flat_map(|i| perm.iter().map(move |&j| (i, j))).map(|(i, j)| v[(i, j)]).collect(),
            c: (0..k).flat_map(|i| perm.iter().map(move |&j| (i, j))).map(|(i, j)| c[(i, j)]).collect(),
        })
    }

    /// `z ← P_A z` (`z` in the step's order). One constraint at a time: `V C = I`, so removing `c_i (v_i·z)`
    /// leaves every other `v_j·z` as it was, and the sequence is `z − C (V z)`.
    pub fn project(&self, z: &mut [f64]) {
        assert_eq!(z.len(), self.s);
        for (vi, ci) in self.v.chunks_exact(self.s).zip(self.c.chunks_exact(self.s)) {
            let vz: f64 = vi.iter().zip(z.iter()).map(|(a, b)| a * b).sum();
            z.iter_mut().zip(ci).for_each(|(zq, cq)| *zq -= cq * vz);
        }
    }

    /// `z ← (I − VᵀV) z`: the orthogonal projector onto `V z = 0` (the rows of `V` are orthonormal), for the
    /// projected conjugate gradients of the ex-rotated step (CG on `P H P` in the null space of `V`).
    pub fn project_orthogonal(&self, z: &mut [f64]) {
        assert_eq!(z.len(), self.s);
        for vi in self.v.chunks_exact(self.s) {
            let vz: f64 = vi.iter().zip(z.iter()).map(|(a, b)| a * b).sum();
            z.iter_mut().zip(vi).for_each(|(zq, vq)| *zq -= vq * vz);
        }
    }

    /// `‖V z‖ / ‖z‖` (0 for `z = 0`), `z` in the step's order.
    pub fn residual(&self, z: &[f64]) -> f64 {
        let nz = z.iter().map(|x| x * x).sum::<f64>().sqrt();
        if nz == 0.0 {
            return 0.0;
        }
        let vz2: f64 = self
            .v
            .chunks_exact(self.s)
            .map(|vi| vi.iter().zip(z).map(|(a, b)| a * b).sum::<f64>().powi(2))
            .sum();
        vz2.sqrt() / nz
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, spmv, weight_space_hessian, Material};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::mesh::TetMesh;
    use crate::modes::{complementarity_matrix, dense_modes, skinning_subspace, weight_space_constraint};
    use crate::precompute::{weight_constraint_columns, Complementarity};
    use crate::problem::FemProblem;
    use crate::reduced::clusters::Clustering;
    use crate::reduced::model::{complementary_basis, ReducedModel, ReducedParts};
    use crate::reduced::{StepSettings, StepState};
    use crate::rig::blendshapes::BlendshapeRig;
    use crate::rig::lbs::LbsRig;
    use crate::rig::{Rig, RigPart};

    /// A 2 × 0.5 × 0.5 m bar, two bones, and three blendshapes on a few vertices each (a face's expressions
    /// on a coarse mesh): the second end's corner, a patch on the top, a patch on the side.
    struct Scene {
        mesh: TetMesh,
        mat: Material,
        mass: Vec<f64>,
        rig: Rig,
        jac: SparseColMat<usize, f64>,
        jcal: SparseColMat<usize, f64>,
        x0: Vec<f64>,
    }

    /// The two vertices of the bar's far top edge's corner.
    fn corner(x: [f64; 3]) -> bool {
        x[0] > 1.7 && x[1] > 0.4 && x[2] > 0.4
    }

    fn scene() -> Scene {
        let mesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.5]);
        let mat = Material::homogeneous(mesh.t(), 2e4, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let n = mesh.n();
        let target = |pick: &dyn Fn([f64; 3]) -> bool, d: [f64; 3]| -> Vec<[f64; 3]> {
            mesh.vertices.iter().map(|&x| if pick(x) { d } else { [0.0; 3] }).collect()
        };
        let shapes = BlendshapeRig::from_dense(vec![
            ("corner".into(), target(&|x| corner(x), [0.0, 0.02, 0.0])),
            ("top".into(), target(&|x| (0.7..1.3).contains(&x[0]) && x[1] > 0.4, [0.0, 0.03, 0.01])),
            ("side".into(), target(&|x| (1.2..1.6).contains(&x[0]) && x[2] > 0.4, [0.01, 0.0, 0.02])),
        ])
        .unwrap();
        let rig = Rig::new(vec![
            RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5)),
            RigPart::Blendshapes(shapes),
        ])
        .unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; n]);
        let x0 = rig.offset(&mesh.vertices).unwrap();
        Scene { mesh, mat, mass, rig, jac, jcal, x0 }
    }

    impl Scene {
        fn problem(&self) -> FemProblem<'_> {
            FemProblem {
                mesh: &self.mesh,
                material: &self.mat,
                mass: &self.mass,
                jac: &self.jac,
                x0: &self.x0,
                h: 1.0 / 60.0,
            }
        }

        /// Bend the second bone by `angle` about z at the joint and play the blendshapes.
        fn pose(&self, k: usize) -> Vec<f64> {
            let mut p = self.rig.rest_params();
            let a = 0.12 * k as f64;
            let (c, s) = (a.cos(), a.sin());
            // bone 1 rotates about the joint (x = 1): T = [R | (I − R) j]
            let t = [[c, -s, 0.0, (1.0 - c) * 1.0], [s, c, 0.0, -s * 1.0], [0.0, 0.0, 1.0, 0.0]];
            for r in 0..3 {
                for q in 0..4 {
                    p[12 + 4 * r + q] = t[r][q];
                }
            }
            let o = self.rig.part_offsets()[1];
            for b in 0..3 {
                p[o + b] = (0.7 * k as f64 + b as f64).sin();
            }
            p
        }

        /// The weights of m modes with the weight constraint on `complementarity`'s columns.
        fn weights(&self, complementarity: Complementarity, m: usize) -> Mat<f64> {
            let keep =
                weight_constraint_columns(&self.rig, complementarity, &self.jac, &vec![false; self.mesh.n()]);
            let jw = weight_space_constraint(&self.mesh.vertices, &self.jcal);
            // rows (q, c, k) = 12q + 4c + k of the kept columns only
            let rows: Vec<usize> = (0..jw.nrows()).filter(|&r| keep[r / 12]).collect();
            let jw = Mat::<f64>::from_fn(rows.len(), jw.ncols(), |i, j| jw[(rows[i], j)]);
            let hw = weight_space_hessian(&self.mesh, &self.mat);
            let m = if m == 0 {
                let free = dense_modes(&hw, &self.mass, &jw, 1).unwrap();
                self.mesh.n() - free.constraint_rank
            } else {
                m
            };
            dense_modes(&hw, &self.mass, &jw, m).unwrap().weights
        }

        /// `‖𝒥ᵀ u‖ / (‖𝒥‖_F ‖M u‖)`.
        fn residual(&self, u: &[f64]) -> f64 {
            let n = self.mesh.n();
            let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
            let jt_u: Vec<f64> = (0..self.jcal.ncols())
                .map(|q| {
                    let col = self.jcal.row_idx_of_col_raw(q).iter().zip(self.jcal.val_of_col(q));
                    col.map(|(r, v)| v * u[*r]).sum()
                })
                .collect();
            let mu: Vec<f64> = u.iter().enumerate().map(|(i, x)| self.mass[i % n] * x).collect();
            norm(&jt_u) / (norm(self.jcal.val()) * norm(&mu)).max(f64::MIN_POSITIVE)
        }
    }

    fn opts() -> StepSettings {
        StepSettings { volume_preservation: false, iterations: 100, tolerance: 1e-10, ..Default::default() }
    }

    /// The per-weight constraint pins the weights on a blendshape's few vertices; split, they are free, and
    /// `B z` stays complementary to every column (bones and blendshapes) through `V z = 0`, tick by tick. Without
    /// the reduced constraint it would not be.
    #[test]
    fn split_complementarity_frees_the_weights_and_stays_exact() {
        let s = scene();
        let corner: Vec<usize> = (0..s.mesh.n()).filter(|&v| corner(s.mesh.vertices[v])).collect();
        assert_eq!(corner.len(), 2);
        let peak = |w: &Mat<f64>, vs: &[usize]| {
            vs.iter()
                .flat_map(|&v| (0..w.ncols()).map(move |i| (v, i)))
                .map(|(v, i)| w[(v, i)].abs())
                .fold(0.0, f64::max)
        };
        let all: Vec<usize> = (0..s.mesh.n()).collect();
        let pinned = s.weights(Complementarity::Weights, 6);
        let free = s.weights(Complementarity::Split, 6);
        assert!(peak(&pinned, &corner) < 1e-9 * peak(&pinned, &all), "per-weight: pinned");
        assert!(peak(&free, &corner) > 0.05 * peak(&free, &all), "split: free {}", peak(&free, &corner));

        let dropped: Vec<bool> =
            weight_constraint_columns(&s.rig, Complementarity::Split, &s.jac, &vec![false; s.mesh.n()])
                .iter()
                .map(|k| !k)
                .collect();
        let v = reduced_constraint(&s.mesh.vertices, &s.jcal, &dropped, &free).expect("blendshapes act");
        assert_eq!(v.nrows(), 3, "one condition per blendshape");
        let vvt = &v * v.transpose();
        for i in 0..3 {
            for j in 0..3 {
                assert!((vvt[(i, j)] - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12, "orthonormal rows");
            }
        }
        let per_tet = Clustering::one_per_tet(s.mesh.t());
        let plain = ReducedModel::new(&s.problem(), &free, &per_tet).unwrap();
        let split =
            ReducedModel::from_parts(ReducedParts { constraint: Some(v), ..plain.parts.clone() }).unwrap();
        let b = skinning_subspace(&s.mesh.vertices, &free);
        for (model, exact) in [(&split, true), (&plain, false)] {
            let mut st = StepState::at_rest(model, &s.rig.rest_params());
            let mut worst = 0.0f64;
            for k in 1..=12 {
                model.step(&mut st, &s.pose(k), &opts());
                worst = worst.max(s.residual(&spmv(&b, &st.z)));
            }
            if exact {
                assert!(worst <= 1e-10, "split: 𝒥ᵀBz residual {worst:e}");
            } else {
                assert!(worst > 1e-4, "without V z = 0 the blendshapes leak in: {worst:e}");
            }
        }
    }

    /// A blendshape acting on rigid vertices only (an anatomy's rigid skull) stays in the per-weight
    /// constraint: pinning costs nothing there, and a reduced condition would cost a coordinate.
    #[test]
    fn blendshapes_on_rigid_vertices_stay_in_the_weight_constraint() {
        let s = scene();
        let o = s.rig.part_offsets()[1];
        let rigid: Vec<bool> = s.mesh.vertices.iter().map(|&x| corner(x)).collect();
        let keep = weight_constraint_columns(&s.rig, Complementarity::Split, &s.jac, &rigid);
        assert!(keep[..o].iter().all(|&k| k), "bones stay");
        assert_eq!(&keep[o..], &[true, false, false], "the corner shape is on rigid vertices only");
        let soft =
            weight_constraint_columns(&s.rig, Complementarity::Split, &s.jac, &vec![false; s.mesh.n()]);
        assert_eq!(&soft[o..], &[false, false, false]);
        let all = weight_constraint_columns(&s.rig, Complementarity::Weights, &s.jac, &rigid);
        assert!(all.iter().all(|&k| k));
    }

    /// The full-complement limit: all admissible weights (the bones' constraint only), one cluster per tet and
    /// `V z = 0` for the blendshapes reproduce full-space complementary dynamics (the null space of `𝒥ᵀ`, every
    /// column) on a mesh with blendshapes in the rig.
    #[test]
    fn all_admissible_weights_with_the_reduced_constraint_are_full_space() {
        let s = scene();
        let per_tet = Clustering::one_per_tet(s.mesh.t());
        let full_basis = complementary_basis(&s.jcal);
        let full = ReducedModel::from_basis(&s.problem(), &full_basis, &per_tet).unwrap();
        // every weight the bones' constraint admits; B's columns are dependent: an orthonormal basis of its range
        let w = s.weights(Complementarity::Split, 0);
        let b = skinning_subspace(&s.mesh.vertices, &w).to_dense();
        let basis = crate::linalg::range_basis(b.as_ref()).unwrap().basis;
        // V: an orthonormal row basis of 𝒥_bᵀ B̃ over the blendshape columns
        let o = s.rig.part_offsets()[1];
        let jb = s.jcal.to_dense();
        let raw = Mat::<f64>::from_fn(3, basis.ncols(), |q, j| {
            (0..basis.nrows()).map(|r| jb[(r, o + q)] * basis[(r, j)]).sum()
        });
        let rows = crate::linalg::range_basis(raw.transpose()).unwrap().basis.transpose().to_owned();
        let plain = ReducedModel::from_basis(&s.problem(), &basis, &per_tet).unwrap();
        let split = ReducedModel::from_parts(ReducedParts { constraint: Some(rows), ..plain.parts }).unwrap();
        assert_eq!(basis.ncols() - 3, full_basis.ncols(), "the same number of free directions as full space");
        let (mut fs, mut ss) = (
            StepState::at_rest(&full, &s.rig.rest_params()),
            StepState::at_rest(&split, &s.rig.rest_params()),
        );
        let col = |m: &Mat<f64>, z: &[f64]| m * Mat::from_fn(z.len(), 1, |i, _| z[i]);
        let mut worst = 0.0f64;
        for k in 1..=12 {
            let p = s.pose(k);
            full.step(&mut fs, &p, &opts());
            split.step(&mut ss, &p, &opts());
            let (uf, us) = (col(&full_basis, &fs.z), col(&basis, &ss.z));
            let diff = (0..uf.nrows()).map(|i| (uf[(i, 0)] - us[(i, 0)]).powi(2)).sum::<f64>().sqrt();
            let size = (0..uf.nrows()).map(|i| uf[(i, 0)].powi(2)).sum::<f64>().sqrt();
            assert!(size > 1e-6, "the motion excites the flesh");
            worst = worst.max(diff / size);
        }
        assert!(worst <= 1e-3, "full-complement limit: relative error {worst:e}");
    }

    /// With the blendshapes in the rig and split complementarity, the error against full space falls with m.
    #[test]
    fn error_falls_with_modes_under_split_complementarity() {
        let s = scene();
        let per_tet = Clustering::one_per_tet(s.mesh.t());
        let full_basis = complementary_basis(&s.jcal);
        let full = ReducedModel::from_basis(&s.problem(), &full_basis, &per_tet).unwrap();
        let run = |model: &ReducedModel| {
            let mut st = StepState::at_rest(model, &s.rig.rest_params());
            (1..=12)
                .map(|k| {
                    model.step(&mut st, &s.pose(k), &opts());
                    st.z.clone()
                })
                .collect::<Vec<_>>()
        };
        let reference: Vec<Vec<f64>> = run(&full)
            .iter()
            .map(|y| {
                (0..full_basis.nrows())
                    .map(|i| (0..y.len()).map(|j| full_basis[(i, j)] * y[j]).sum())
                    .collect()
            })
            .collect();
        let dropped: Vec<bool> =
            weight_constraint_columns(&s.rig, Complementarity::Split, &s.jac, &vec![false; s.mesh.n()])
                .iter()
                .map(|k| !k)
                .collect();
        let mut errors = Vec::new();
        for m in [2, 4, 8, 16] {
            let w = s.weights(Complementarity::Split, m);
            let plain = ReducedModel::new(&s.problem(), &w, &per_tet).unwrap();
            let v = reduced_constraint(&s.mesh.vertices, &s.jcal, &dropped, &w);
            let model = ReducedModel::from_parts(ReducedParts { constraint: v, ..plain.parts }).unwrap();
            let b = skinning_subspace(&s.mesh.vertices, &w);
            let (mut num, mut den) = (0.0, 0.0);
            for (z, u_ref) in run(&model).iter().zip(&reference) {
                let u = spmv(&b, z);
                num += u.iter().zip(u_ref).map(|(a, b)| (a - b).powi(2)).sum::<f64>();
                den += u_ref.iter().map(|x| x * x).sum::<f64>();
            }
            errors.push((num / den).sqrt());
        }
        eprintln!("split complementarity, error vs full space at m = 2/4/8/16: {errors:?}");
        for w in errors.windows(2) {
            assert!(w[1] <= w[0] * 1.02, "the error grew with more modes: {errors:?}");
        }
        assert!(errors[3] < 0.5 * errors[0], "too little improvement: {errors:?}");
    }
}
