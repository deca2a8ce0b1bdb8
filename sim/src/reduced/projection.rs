//! Reduced precompute (paper 000, §8.2 and App. C): the FEM problem projected onto a subspace `B`, every
//! matrix the run-time step needs ([`ReducedParts`]), none of size n.
//!
//! With the coordinate-major layout, `B = I₃ ⊗ Φ` up to column order, where `Φ` (n × 4m) has columns
//! `Φ[:, 4i+k] = w_i ⊙ X̄[:, k]`, and `L = I₃ ⊗ L_s`, `M = I₃ ⊗ diag(m)`, `G₉K = I₃ ⊗ Γ` with the cluster
//! gradient `Γ` (3r × n). So `BᵀLB`, `BᵀMB` and `G₉KB` are block copies of `ΦᵀL_sΦ`, `Φᵀdiag(m)Φ` and `ΓΦ`,
//! and the products with the rig Jacobian are single passes over the nonzeros of `J`. Any other dense basis
//! (the reference path for small meshes) is projected column by column.

use crate::fem::{hat_gradients, laplacian, scalar_laplacian, spmv, Material};
use crate::mesh::tet_mesh::TetMesh;
use crate::problem::FemProblem;
use crate::reduced::clusters::Clustering;
use crate::reduced::model::{check_problem, BasisGradient, ReducedError, ReducedModel, ReducedParts};
use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;

/// Cluster gradient `Γ` (3r × n): `(Γ u)[3·cl + j]` is the **stiffness-weighted** average over cluster `cl`
/// of `∂u/∂X_j` (Eq. 27 applied to the scalar gradient, each tet weighted by `μ_t V_t`), so `G₉ K = I₃ ⊗ Γ`;
/// and the clusters' volumes.
///
/// Why weighted by `μ_t V_t` and not by volume alone: the local-global step's rotation term is
/// `Σ_c μ_c V_c (Γ_c K B)ᵀ vec(R_c)` with `μ_c` the cluster's volume-averaged μ, while its elastic term is
/// `BᵀLB z` with the per-tet `L`. At rest (`R_c = I`) the two cancel exactly only if
/// `μ_c V_c Γ_c = Σ_{t∈c} μ_t V_t K_t`, which is this weighting. With volume weights a cluster that holds
/// bone (μ ~1000× fat) and fat pushes the rest pose off equilibrium (metres, on the anatomical default
/// avatar). For a homogeneous material both weightings are the same. λ uses the same `Γ`: exact when
/// λ/μ (Poisson's ratio) is the same in a cluster's tets, as in every material we make.
pub fn cluster_gradient(
    mesh: &TetMesh,
    clustering: &Clustering,
    mu: &[f64],
) -> (SparseColMat<usize, f64>, Vec<f64>) {
    let mut cluster_volume = vec![0.0; clustering.r];
    let mut cluster_stiffness = vec![0.0; clustering.r];
    for (t, &cl) in clustering.labels.iter().enumerate() {
        cluster_volume[cl] += mesh.volume(t);
        cluster_stiffness[cl] += mu[t] * mesh.volume(t);
    }
    let mut trip = Vec::with_capacity(12 * mesh.t());
    for (t, &cl) in clustering.labels.iter().enumerate() {
        let share = mu[t] * mesh.volume(t) / cluster_stiffness[cl];
        let g = hat_gradients(mesh, t);
        for (corner, &v) in mesh.tets[t].iter().enumerate() {
            for j in 0..3 {
                trip.push(Triplet::new(3 * cl + j, v, share * g[corner][j]));
            }
        }
    }
    let gamma =
        SparseColMat::try_new_from_triplets(3 * clustering.r, mesh.n(), &trip).expect("valid triplets");
    (gamma, cluster_volume)
}

impl ReducedModel {
    /// Precompute for the problem (mesh, material, lumped mass, rig `J` (3n × p) with offset `x₀`, time step
    /// `h`), the skinning subspace of the mode weights `w` (n × m) and the clusters.
    pub fn new(
        problem: &FemProblem<'_>,
        w: &Mat<f64>,
        clustering: &Clustering,
    ) -> Result<Self, ReducedError> {
        let FemProblem { mesh, material, mass, jac, x0, h } = *problem;
        let (n, m, p, r) = (mesh.n(), w.ncols(), jac.ncols(), clustering.r);
        check_problem(problem)?;
        if w.nrows() != n {
            return Err(ReducedError::Size(format!("n = {n}: weights {}×{m}", w.nrows())));
        }
        // Φ (n × 4m): Φ[v, 4i+k] = w_i(v) X̄_v[k]
        let phi = Mat::<f64>::from_fn(n, 4 * m, |v, col| {
            let (i, k) = (col / 4, col % 4);
            w[(v, i)] * if k < 3 { mesh.vertices[v][k] } else { 1.0 }
        });
        let ls = scalar_laplacian(mesh, &material.mu);
        let mut ls_phi = Mat::<f64>::zeros(n, 4 * m);
        for col in 0..4 * m {
            let y = spmv(&ls, &phi.col(col).iter().copied().collect::<Vec<_>>());
            for v in 0..n {
                ls_phi[(v, col)] = y[v];
            }
        }
        let p_l = phi.transpose() * &ls_phi; // 4m × 4m
        let p_m = Mat::<f64>::from_fn(4 * m, 4 * m, |a, b| {
            (0..n).map(|v| phi[(v, a)] * mass[v] * phi[(v, b)]).sum()
        });
        let expand = |small: &Mat<f64>| {
            Mat::<f64>::from_fn(12 * m, 12 * m, |a, b| {
                let (ia, ca, ka) = (a / 12, (a % 12) / 4, a % 4);
                let (ib, cb, kb) = (b / 12, (b % 12) / 4, b % 4);
                if ca == cb {
                    small[(4 * ia + ka, 4 * ib + kb)]
                } else {
                    0.0
                }
            })
        };
        let btlb = expand(&p_l);
        let btmb = expand(&p_m);

        // Products with J and x0: one pass over their nonzeros.
        let mut btmj = Mat::<f64>::zeros(12 * m, p);
        let mut btlj = Mat::<f64>::zeros(12 * m, p);
        for q in 0..p {
            for (row, val) in jac.row_idx_of_col_raw(q).iter().zip(jac.val_of_col(q)) {
                let (c, v) = (row / n, row % n);
                for i in 0..m {
                    for k in 0..4 {
                        btmj[(12 * i + 4 * c + k, q)] += phi[(v, 4 * i + k)] * mass[v] * val;
                        btlj[(12 * i + 4 * c + k, q)] += ls_phi[(v, 4 * i + k)] * val;
                    }
                }
            }
        }
        let mut btl_x0 = vec![0.0; 12 * m];
        let mut btm_unit = [vec![0.0; 12 * m], vec![0.0; 12 * m], vec![0.0; 12 * m]];
        for c in 0..3 {
            for v in 0..n {
                for i in 0..m {
                    for k in 0..4 {
                        btl_x0[12 * i + 4 * c + k] += ls_phi[(v, 4 * i + k)] * x0[c * n + v];
                        btm_unit[c][12 * i + 4 * c + k] += phi[(v, 4 * i + k)] * mass[v];
                    }
                }
            }
        }

        // Cluster deformation gradients.
        let (gamma, cluster_volume) = cluster_gradient(mesh, clustering, &material.mu);
        let mut gamma_phi = Mat::<f64>::zeros(3 * r, 4 * m);
        for col in 0..4 * m {
            let y = spmv(&gamma, &phi.col(col).iter().copied().collect::<Vec<_>>());
            for row in 0..3 * r {
                gamma_phi[(row, col)] = y[row];
            }
        }
        let apply_gamma = |row: usize, val: f64, out: &mut dyn FnMut(usize, f64)| {
            let (c, v) = (row / n, row % n);
            for (gr, gv) in gamma.row_idx_of_col_raw(v).iter().zip(gamma.val_of_col(v)) {
                out(c * 3 * r + gr, gv * val);
            }
        };
        let mut g9kj = Mat::<f64>::zeros(9 * r, p);
        for q in 0..p {
            for (row, val) in jac.row_idx_of_col_raw(q).iter().zip(jac.val_of_col(q)) {
                apply_gamma(*row, *val, &mut |i, x| g9kj[(i, q)] += x);
            }
        }
        let mut g9k_x0 = vec![0.0; 9 * r];
        for (row, val) in x0.iter().enumerate() {
            if *val != 0.0 {
                apply_gamma(row, *val, &mut |i, x| g9k_x0[i] += x);
            }
        }
        let (cluster_mu, cluster_lambda) = cluster_materials(mesh, material, clustering, &cluster_volume);
        Self::from_parts(ReducedParts {
            h,
            btmb,
            btlb,
            btmj,
            btlj,
            btl_x0,
            btm_unit,
            basis_gradient: BasisGradient::Skinning(gamma_phi),
            g9kj,
            g9k_x0,
            cluster_volume,
            cluster_mu,
            cluster_lambda,
            constraint: None,
        })
    }

    /// The same precompute for an arbitrary dense basis `b` (3n × s) of displacements: the reference path for
    /// small meshes. With `b` an orthonormal basis of the constraint's null space and one cluster per tet, the
    /// step solves full-space complementary dynamics (paper 000, Eq. 3) with the same energy and integrator.
    pub fn from_basis(
        problem: &FemProblem<'_>,
        b: &Mat<f64>,
        clustering: &Clustering,
    ) -> Result<Self, ReducedError> {
        let FemProblem { mesh, material, mass, jac, x0, h } = *problem;
        let (n, s, r) = (mesh.n(), b.ncols(), clustering.r);
        check_problem(problem)?;
        if b.nrows() != 3 * n {
            return Err(ReducedError::Size(format!("n = {n}: basis {}×{s}", b.nrows())));
        }
        let l = laplacian(mesh, &material.mu);
        let mut lb = Mat::<f64>::zeros(3 * n, s);
        for col in 0..s {
            let y = spmv(&l, &b.col(col).iter().copied().collect::<Vec<_>>());
            for i in 0..3 * n {
                lb[(i, col)] = y[i];
            }
        }
        let mb = Mat::<f64>::from_fn(3 * n, s, |i, col| mass[i % n] * b[(i, col)]);
        let j = jac.to_dense();
        let x0m = Mat::<f64>::from_fn(3 * n, 1, |i, _| x0[i]);
        let btlb = b.transpose() * &lb;
        let btmb = b.transpose() * &mb;
        let btmj = mb.transpose() * &j;
        let btlj = lb.transpose() * &j;
        let btl_x0 = (lb.transpose() * &x0m).col(0).iter().copied().collect();
        let btm_unit =
            std::array::from_fn(|c| (0..s).map(|col| (0..n).map(|v| mb[(c * n + v, col)]).sum()).collect());
        let (gamma, cluster_volume) = cluster_gradient(mesh, clustering, &material.mu);
        // (I₃ ⊗ Γ) applied to the columns of a dense 3n-row matrix
        let g9k = |a: &Mat<f64>| {
            let mut out = Mat::<f64>::zeros(9 * r, a.ncols());
            for col in 0..a.ncols() {
                for c in 0..3 {
                    let field: Vec<f64> = (0..n).map(|v| a[(c * n + v, col)]).collect();
                    let y = spmv(&gamma, &field);
                    for (i, val) in y.iter().enumerate() {
                        out[(c * 3 * r + i, col)] = *val;
                    }
                }
            }
            out
        };
        let g9kb = g9k(b);
        let g9kj = g9k(&j);
        let g9k_x0 = g9k(&x0m).col(0).iter().copied().collect();
        let (cluster_mu, cluster_lambda) = cluster_materials(mesh, material, clustering, &cluster_volume);
        Self::from_parts(ReducedParts {
            h,
            btmb,
            btlb,
            btmj,
            btlj,
            btl_x0,
            btm_unit,
            basis_gradient: BasisGradient::Dense(g9kb),
            g9kj,
            g9k_x0,
            cluster_volume,
            cluster_mu,
            cluster_lambda,
            constraint: None,
        })
    }
}

/// Volume-averaged `μ`, `λ` per cluster.
fn cluster_materials(
    mesh: &TetMesh,
    material: &Material,
    clustering: &Clustering,
    cluster_volume: &[f64],
) -> (Vec<f64>, Vec<f64>) {
    let mut mu = vec![0.0; clustering.r];
    let mut lambda = vec![0.0; clustering.r];
    for (t, &cl) in clustering.labels.iter().enumerate() {
        let share = mesh.volume(t) / cluster_volume[cl];
        mu[cl] += share * material.mu[t];
        lambda[cl] += share * material.lambda[t];
    }
    (mu, lambda)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{gradient_operator, laplacian, lumped_mass};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::skinning_subspace;
    use crate::rig::{LbsRig, Rig, RigPart};

    /// Every reduced matrix against the same product formed explicitly from the full-space operators.
    #[test]
    fn reduced_matrices_equal_their_full_space_products() {
        let mesh = box_mesh(4, 2, 2, [2.0, 0.6, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 3) as f64;
        }
        let (n, m) = (mesh.n(), 3);
        let mass = lumped_mass(&mesh, &mat.density);
        let rig =
            Rig::new(vec![RigPart::Affine, RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let x0: Vec<f64> = (0..3 * n).map(|i| 0.01 * ((i * 7) as f64).sin()).collect();
        let w = Mat::<f64>::from_fn(n, m, |v, i| ((v * (i + 2)) as f64 * 0.37).cos());
        let labels: Vec<usize> = (0..mesh.t()).map(|t| (t / 7) % 5).collect();
        let clustering = Clustering { labels, r: 5 };
        let problem = FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 0.01 };
        let red = ReducedModel::new(&problem, &w, &clustering).unwrap();

        let b = skinning_subspace(&mesh.vertices, &w).to_dense();
        let l = laplacian(&mesh, &mat.mu).to_dense();
        let mfull = Mat::<f64>::from_fn(3 * n, 3 * n, |i, j| if i == j { mass[i % n] } else { 0.0 });
        let j = jac.to_dense();
        let x0m = Mat::<f64>::from_fn(3 * n, 1, |i, _| x0[i]);
        let close = |a: &Mat<f64>, b: &Mat<f64>, what: &str| {
            let scale = b.norm_max().max(1e-30);
            assert!((a - b).norm_max() <= 1e-10 * scale, "{what}: max diff {:e}", (a - b).norm_max());
        };
        close(&red.parts.btlb, &(b.transpose() * &l * &b), "BᵀLB");
        close(&red.parts.btmb, &(b.transpose() * &mfull * &b), "BᵀMB");
        close(&red.parts.btmj, &(b.transpose() * &mfull * &j), "BᵀMJ");
        close(&red.parts.btlj, &(b.transpose() * &l * &j), "BᵀLJ");
        close(&Mat::from_fn(12 * m, 1, |i, _| red.parts.btl_x0[i]), &(b.transpose() * &l * &x0m), "BᵀLx0");
        for c in 0..3 {
            let e = Mat::<f64>::from_fn(3 * n, 1, |i, _| if i / n == c { 1.0 } else { 0.0 });
            close(
                &Mat::from_fn(12 * m, 1, |i, _| red.parts.btm_unit[c][i]),
                &(b.transpose() * &mfull * &e),
                "BᵀMe",
            );
        }
        // G₉ K, explicitly: G₉ acts on each (c, j) slice of vec(F) with the grouping matrix G (Eq. 27), here
        // the μ_t V_t-weighted average over each cluster (see `cluster_gradient`; μ varies across tets here)
        let k = gradient_operator(&mesh).to_dense();
        let mut stiffness = [0.0; 5];
        for t in 0..mesh.t() {
            stiffness[clustering.labels[t]] += mat.mu[t] * mesh.volume(t);
        }
        let g = Mat::<f64>::from_fn(5, mesh.t(), |cl, t| {
            if clustering.labels[t] == cl {
                mat.mu[t] * mesh.volume(t) / stiffness[cl]
            } else {
                0.0
            }
        });
        let t = mesh.t();
        let g9 = Mat::<f64>::from_fn(9 * 5, 9 * t, |row, col| {
            let (c, cl, jj) = (row / 15, (row % 15) / 3, row % 3);
            let (c2, tt, j2) = (col / (3 * t), (col % (3 * t)) / 3, col % 3);
            if c == c2 && jj == j2 {
                g[(cl, tt)]
            } else {
                0.0
            }
        });
        close(&red.g9kb, &(&g9 * &k * &b), "G₉KB");
        close(&red.parts.g9kj, &(&g9 * &k * &j), "G₉KJ");
        close(&Mat::from_fn(45, 1, |i, _| red.parts.g9k_x0[i]), &(&g9 * &k * &x0m), "G₉Kx0");
        assert!((red.parts.cluster_volume.iter().sum::<f64>() - 2.0 * 0.6 * 0.5).abs() < 1e-12);
    }

    #[test]
    fn bad_time_steps_are_refused() {
        let mesh = box_mesh(1, 1, 1, [1.0; 3]);
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = Rig::affine().jacobian(&mesh.vertices).unwrap();
        let w = Mat::<f64>::from_fn(mesh.n(), 1, |v, _| v as f64);
        let c = Clustering::one_per_tet(mesh.t());
        let x0 = vec![0.0; 3 * mesh.n()];
        for h in [0.0, -1.0, f64::NAN] {
            let r = ReducedModel::new(
                &FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h },
                &w,
                &c,
            );
            assert!(matches!(r, Err(ReducedError::TimeStep(_))));
        }
    }

    /// The structured fast path equals the generic dense-basis path on the same skinning subspace.
    #[test]
    fn fast_precompute_equals_the_generic_basis_path() {
        let mesh = box_mesh(4, 2, 2, [2.0, 0.6, 0.5]);
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let (n, m) = (mesh.n(), 2);
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = Rig::affine().jacobian(&mesh.vertices).unwrap();
        let x0 = vec![0.0; 3 * n];
        let w = Mat::<f64>::from_fn(n, m, |v, i| ((v + 3 * i) as f64 * 0.21).sin());
        let clustering = Clustering { labels: (0..mesh.t()).map(|t| t % 4).collect(), r: 4 };
        let problem = FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 0.02 };
        let fast = ReducedModel::new(&problem, &w, &clustering).unwrap();
        let b = skinning_subspace(&mesh.vertices, &w).to_dense();
        let slow = ReducedModel::from_basis(&problem, &b, &clustering).unwrap();
        for (a, b, what) in [
            (&fast.parts.btlb, &slow.parts.btlb, "BᵀLB"),
            (&fast.parts.btmb, &slow.parts.btmb, "BᵀMB"),
            (&fast.parts.btmj, &slow.parts.btmj, "BᵀMJ"),
            (&fast.parts.btlj, &slow.parts.btlj, "BᵀLJ"),
            (&fast.g9kb, &slow.g9kb, "G₉KB"),
            (&fast.parts.g9kj, &slow.parts.g9kj, "G₉KJ"),
        ] {
            assert!((a - b).norm_max() <= 1e-10 * b.norm_max().max(1e-30), "{what}");
        }
        for c in 0..3 {
            for (x, y) in fast.parts.btm_unit[c].iter().zip(&slow.parts.btm_unit[c]) {
                assert!((x - y).abs() <= 1e-10 * (1.0 + y.abs()));
            }
        }
    }
}
