//! The skinning's joint strain as a force prior for Force-Dual modes (paper 004, §3–§4.5): weights that put
//! reduced coordinates where linear blend skinning deforms the flesh, not only where it vibrates most freely.
//!
//! Under a slow rig motion the complementary displacement is the quasi-static correction of the skinning's
//! strain (paper 000, Eq. 10–13 with `ü ≈ 0`): linearised at rest, `u = −G K J δp` with `G` the constrained
//! Green's operator, `K` the rest Hessian and `J δp` the rig's displacement. The lowest skinning eigenmodes
//! (Eq. 22) live in the largest soft regions; a response in a small soft region between stiff ones (a neck
//! under a rigid skull) lies outside their span however many are taken.
//!
//! Real rig motions turn a bone *and its descendants* about the bone's joint. For bone `b` with rest joint
//! `c_b` (the bind transform's translation), the infinitesimal rotation about axis `e_k` moves vertex `v` by
//!
//! ```text
//! (J δp)_v = s_b(v) · e_k × (x_v − c_b),    s_b(v) = Σ_{j ∈ subtree(b)} ω_j(v)
//! ```
//!
//! An infinitesimal rotation is in `K`'s null space, so the force `f = K J δp` vanishes wherever `s_b` is
//! constant over a tet's corners: it lives in the joint's blend region only. The prior is `Σ_F = L Lᵀ` with one
//! column `K (J δp)` per (bone, axis), a unit angle for every joint: the force-dual modes are then the principal
//! components of the constrained responses to every joint's strain ([`crate::modes::force_dual`]).

use crate::fem::{rest_hessian, spmv, Material};
use crate::mesh::TetMesh;
use crate::modes::force_dual::ForcePrior;
use crate::rig::LbsRig;
use faer::Mat;

/// `Σ_F = L Lᵀ` of the joint strains of `lbs` on `mesh` (3n × 3·bones, coordinate-major rows; columns whose
/// force vanishes, like a root's rigid turn of the whole body, are left out).
/// `joints`: the bones whose joints count (`None`: every bone).
pub fn joint_strain_prior(
    mesh: &TetMesh,
    lbs: &LbsRig,
    material: &Material,
    joints: Option<&[usize]>,
) -> ForcePrior {
    let n = mesh.n();
    let k = rest_hessian(mesh, material);
    let subtree = subtree_weights(lbs, n);
    let mut columns: Vec<Vec<f64>> = Vec::new();
    let mut u = vec![0.0; 3 * n];
    for (b, s) in subtree.iter().enumerate() {
        if joints.is_some_and(|j| !j.contains(&b)) {
            continue;
        }
        let c = lbs.bones()[b].bind.map(|row| row[3]);
        for axis in 0..3 {
            // u_v = s_b(v) · e_axis × (x_v − c_b)
            for (v, x) in mesh.vertices.iter().enumerate() {
                let r = [x[0] - c[0], x[1] - c[1], x[2] - c[2]];
                let cross = match axis {
                    0 => [0.0, -r[2], r[1]],
                    1 => [r[2], 0.0, -r[0]],
                    _ => [-r[1], r[0], 0.0],
                };
                for d in 0..3 {
                    u[d * n + v] = s[v] * cross[d];
                }
            }
            let f = spmv(&k, &u);
            let scale = f.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            if scale > 0.0 {
                columns.push(f);
            }
        }
    }
    // drop round-off columns: below 1e-9 of the largest force (a rigid turn of a whole connected body)
    let top = columns.iter().map(|f| f.iter().fold(0.0f64, |m, x| m.max(x.abs()))).fold(0.0, f64::max);
    columns.retain(|f| f.iter().fold(0.0f64, |m, x| m.max(x.abs())) > 1e-9 * top);
    let factor = Mat::<f64>::from_fn(3 * n, columns.len(), |i, j| columns[j][i]);
    ForcePrior { factor, painted: Vec::new() }
}

/// `s_b(v) = Σ_{j ∈ subtree(b)} ω_j(v)` for every bone (bones × n).
pub(crate) fn subtree_weights(lbs: &LbsRig, n: usize) -> Vec<Vec<f64>> {
    let bones = lbs.num_bones();
    let mut s = vec![vec![0.0; n]; bones];
    for v in 0..n {
        for (j, w) in lbs.weights().iter_row(v) {
            s[j][v] += w;
        }
    }
    // children before parents: add each bone's sum into its parent's
    for &b in lbs.topological_order().iter().rev() {
        if let Some(p) = lbs.bones()[b].parent {
            let child = std::mem::take(&mut s[b]);
            s[p].iter_mut().zip(&child).for_each(|(a, c)| *a += c);
            s[b] = child;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian};
    use crate::linalg::null_space;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::{complementarity_matrix, skinning_subspace};
    use crate::modes::dense::{dense_modes, weight_space_constraint};
    use crate::modes::focused::eigen_and_force_dual_modes;
    use crate::modes::lanczos::EigenSettings;
    use crate::rig::{rotate_subtree, Rig, RigPart};
    use faer::linalg::solvers::Solve;
    use faer::sparse::SparseColMat;

    /// A bar along x with a joint at `joint`: soft for x < `stiff_from`, 200× stiffer beyond (a skull).
    struct Bar {
        mesh: TetMesh,
        rig: Rig,
        material: Material,
        mass: Vec<f64>,
        jcal: SparseColMat<usize, f64>,
    }

    fn bar(dims: (usize, usize, usize), joint: f64, blend: f64, stiff_from: f64) -> Bar {
        let mesh = box_mesh(dims.0, dims.1, dims.2, [3.0, 0.5, 0.4]);
        let mut material = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            let cx = mesh.tets[t].iter().map(|&v| mesh.vertices[v][0]).sum::<f64>() / 4.0;
            if cx > stiff_from {
                material.mu[t] *= 200.0;
                material.lambda[t] *= 200.0;
            }
        }
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, joint, blend))]).unwrap();
        let mass = lumped_mass(&mesh, &material.density);
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]);
        Bar { mesh, rig, material, mass, jcal }
    }

    fn lbs(rig: &Rig) -> &LbsRig {
        rig.skeleton().unwrap().0
    }

    fn max_abs(x: &[f64]) -> f64 {
        x.iter().fold(0.0f64, |m, v| m.max(v.abs()))
    }

    /// `J δp / ε` of the rig's own turn of bone `name` and its subtree by `±ε` (`rotate_subtree`; central
    /// difference).
    fn turn_of_the_rig(b: &Bar, name: &str, axis: [f64; 3]) -> Vec<f64> {
        let eps = 1e-4;
        let turned = |angle: f64| {
            let mut p = b.rig.rest_params();
            rotate_subtree(&b.rig, &mut p, name, axis, angle).unwrap();
            b.rig.displacement(&b.mesh.vertices, &p).unwrap()
        };
        let (plus, minus) = (turned(eps), turned(-eps));
        plus.iter().zip(&minus).map(|(a, b)| (a - b) / (2.0 * eps)).collect()
    }

    #[test]
    fn a_prior_column_is_k_times_the_rigs_own_subtree_turn() {
        let b = bar((10, 2, 2), 1.8, 0.6, 10.0);
        let prior = joint_strain_prior(&b.mesh, lbs(&b.rig), &b.material, None);
        // the root turns the whole bar rigidly: no force, no column; the child's three turns remain
        assert_eq!(prior.factor.ncols(), 3);
        let k = rest_hessian(&b.mesh, &b.material);
        for (col, axis) in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]].into_iter().enumerate() {
            let want = spmv(&k, &turn_of_the_rig(&b, "child", axis));
            let got: Vec<f64> = (0..3 * b.mesh.n()).map(|i| prior.factor[(i, col)]).collect();
            let diff: Vec<f64> = got.iter().zip(&want).map(|(g, w)| g - w).collect();
            assert!(
                max_abs(&diff) <= 1e-5 * max_abs(&want),
                "axis {axis:?}: {} of {}",
                max_abs(&diff),
                max_abs(&want)
            );
        }
    }

    #[test]
    fn forces_live_in_the_joints_blend_region() {
        let (joint, blend) = (1.8, 0.6);
        let b = bar((12, 2, 2), joint, blend, 10.0);
        let prior = joint_strain_prior(&b.mesh, lbs(&b.rig), &b.material, None);
        let n = b.mesh.n();
        let top = max_abs(&prior.factor.col(0).iter().copied().collect::<Vec<_>>());
        let (mut inside, mut outside) = (0.0f64, 0.0f64);
        for v in 0..n {
            let x = b.mesh.vertices[v][0];
            let f = (0..3).map(|d| prior.factor[(d * n + v, 0)].abs()).fold(0.0, f64::max);
            // a vertex whose every tet lies outside the smoothstep (one cell is 0.25 wide)
            if (x - joint).abs() > 0.5 * blend + 0.26 {
                outside = outside.max(f);
            } else {
                inside = inside.max(f);
            }
        }
        assert!(outside <= 1e-9 * top, "force off the blend region: {outside:e} of {top:e}");
        assert!(inside >= 0.5 * top, "{inside:e} of {top:e}");
    }

    #[test]
    fn modes_are_complementary_orthonormal_and_keep_the_eigenmodes() {
        let b = bar((10, 2, 2), 1.8, 0.6, 2.2);
        let prior = joint_strain_prior(&b.mesh, lbs(&b.rig), &b.material, None);
        let hw = weight_space_hessian(&b.mesh, &b.material);
        // a second stage: a unit acceleration painted on the stiff end's vertices
        let painted = ForcePrior {
            factor: Mat::zeros(3 * b.mesh.n(), 0),
            painted: b.mesh.vertices.iter().map(|x| if x[0] > 2.2 { 1.0 } else { 0.0 }).collect(),
        };
        let (m, joint) = (7, 4);
        let opts = EigenSettings::default();
        let run = |dense| {
            let stages = [(&prior, 3), (&painted, 1)];
            eigen_and_force_dual_modes(&hw, &b.mass, &b.mesh.vertices, &b.jcal, m, &stages, dense, &opts)
                .unwrap()
        };
        let (dense, sparse) = (run(true), run(false));
        let jw = weight_space_constraint(&b.mesh.vertices, &b.jcal);
        let eigen = dense_modes(&hw, &b.mass, &jw, m - joint).unwrap();
        for modes in [&dense, &sparse] {
            let w = &modes.weights;
            assert_eq!(w.ncols(), m);
            assert!(modes.eigenvalues.windows(2).all(|e| e[0] <= e[1]), "{:?}", modes.eigenvalues);
            // J_w W = 0 (Eq. 20–21), relative to J_w's scale
            let jww = &jw * w;
            assert!(jww.norm_l2() <= 1e-9 * jw.norm_l2() * w.norm_l2(), "{:e}", jww.norm_l2());
            // Wᵀ M W = I
            let gram = Mat::<f64>::from_fn(m, m, |i, j| {
                (0..b.mass.len()).map(|v| w[(v, i)] * b.mass[v] * w[(v, j)]).sum()
            });
            let err = (&gram - Mat::<f64>::identity(m, m)).norm_l2();
            assert!(err <= 1e-8, "orthonormality {err:e}");
            // Eq. 22's lowest m − joint modes lie in the span: their M-projection onto W loses nothing
            let wtm = Mat::<f64>::from_fn(m, m - joint, |i, j| {
                (0..b.mass.len()).map(|v| w[(v, i)] * b.mass[v] * eigen.weights[(v, j)]).sum()
            });
            let lost = (m - joint) as f64 - wtm.norm_l2().powi(2);
            assert!(lost.abs() <= 1e-7, "the eigenmodes are not in the span: {lost:e}");
        }
        // the sparse path spans what the dense oracle spans
        let cross = Mat::<f64>::from_fn(m, m, |i, j| {
            (0..b.mass.len()).map(|v| dense.weights[(v, i)] * b.mass[v] * sparse.weights[(v, j)]).sum()
        });
        assert!((m as f64 - cross.norm_l2().powi(2)).abs() <= 1e-6, "{}", cross.norm_l2().powi(2));
    }

    /// `‖u − P u‖_M / ‖u‖_M` with `P` the M-orthogonal projector onto the columns of `b` (3n × s).
    fn projection_error(b: &Mat<f64>, mass: &[f64], u: &[f64]) -> f64 {
        let n = mass.len();
        let mb = Mat::<f64>::from_fn(b.nrows(), b.ncols(), |i, j| mass[i % n] * b[(i, j)]);
        let gram = b.transpose() * &mb;
        let rhs = mb.transpose() * Mat::<f64>::from_fn(u.len(), 1, |i, _| u[i]);
        let y = gram.as_ref().self_adjoint_eigen(faer::Side::Lower).unwrap();
        // pseudo-inverse through the eigendecomposition (the span may be rank-deficient)
        let (vals, vecs) = (y.S().column_vector().to_owned(), y.U().to_owned());
        let top = vals.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        let coef = vecs.transpose() * &rhs;
        let coef = Mat::<f64>::from_fn(coef.nrows(), 1, |i, _| {
            if vals[i] > 1e-12 * top {
                coef[(i, 0)] / vals[i]
            } else {
                0.0
            }
        });
        let pu = b * (&vecs * coef);
        let norm =
            |x: &dyn Fn(usize) -> f64| (0..u.len()).map(|i| mass[i % n] * x(i).powi(2)).sum::<f64>().sqrt();
        norm(&|i| u[i] - pu[(i, 0)]) / norm(&|i| u[i])
    }

    /// The linearised quasi-static response of a bend: `min ½ (Jδp + u)ᵀ K (Jδp + u)` on `𝒥ᵀ u = 0` (paper 000,
    /// Eq. 10–13 with `ü = 0`), dense, by the null-space method.
    fn quasi_static_bend(b: &Bar, axis: [f64; 3]) -> Vec<f64> {
        let k = rest_hessian(&b.mesh, &b.material).to_dense();
        let jt = b.jcal.to_dense().transpose().to_owned();
        let nb = null_space(jt.as_ref()).unwrap();
        let n = &nb.basis.subcols(nb.rank, nb.basis.ncols() - nb.rank);
        let turn = turn_of_the_rig(b, "child", axis);
        let f = &k * Mat::<f64>::from_fn(turn.len(), 1, |i, _| turn[i]);
        let reduced = n.transpose() * &k * n;
        let y = reduced.llt(faer::Side::Lower).unwrap().solve(-(n.transpose() * f));
        let u = n * y;
        (0..u.nrows()).map(|i| u[(i, 0)]).collect()
    }

    #[test]
    fn joint_strain_modes_hold_a_bend_under_a_stiff_end() {
        // the joint's soft flesh lies between a long soft body and a stiff end (a neck under a skull)
        let b = bar((12, 2, 2), 2.2, 0.5, 2.5);
        let hw = weight_space_hessian(&b.mesh, &b.material);
        let prior = joint_strain_prior(&b.mesh, lbs(&b.rig), &b.material, None);
        let jw = weight_space_constraint(&b.mesh.vertices, &b.jcal);
        // 16 modes: Eq. 22's 16, or 8 of them and 8 of the joint's strain
        let m = 16;
        let eigen = dense_modes(&hw, &b.mass, &jw, m).unwrap();
        let mixed = eigen_and_force_dual_modes(
            &hw,
            &b.mass,
            &b.mesh.vertices,
            &b.jcal,
            m,
            &[(&prior, 8)],
            true,
            &Default::default(),
        )
        .unwrap();
        let span = |w: &Mat<f64>| skinning_subspace(&b.mesh.vertices, w).to_dense();
        for axis in [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]] {
            let u = quasi_static_bend(&b, axis);
            let (e, j) = (
                projection_error(&span(&eigen.weights), &b.mass, &u),
                projection_error(&span(&mixed.weights), &b.mass, &u),
            );
            eprintln!("bend about {axis:?}: projection error, Eq. 22 only {e:.3}, with joint strain {j:.3}");
            assert!(j < 0.75 * e, "axis {axis:?}: {j:.3} vs {e:.3}");
        }
    }
}
