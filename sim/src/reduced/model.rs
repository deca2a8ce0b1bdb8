//! Reduced precompute (paper 000, §8.2 and App. C): every matrix the run-time step needs, none of size n.
//!
//! With the coordinate-major layout, `B = I₃ ⊗ Φ` up to column order, where `Φ` (n × 4m) has columns
//! `Φ[:, 4i+k] = w_i ⊙ X̄[:, k]`, and `L = I₃ ⊗ L_s`, `M = I₃ ⊗ diag(m)`, `G₉K = I₃ ⊗ Γ` with the cluster
//! gradient `Γ` (3r × n). So `BᵀLB`, `BᵀMB` and `G₉KB` are block copies of `ΦᵀL_sΦ`, `Φᵀdiag(m)Φ` and `ΓΦ`,
//! and the products with the rig Jacobian are single passes over the nonzeros of `J`.

use crate::fem::{hat_gradients, laplacian, scalar_laplacian, spmv, Material};
use crate::linalg::dot;
use crate::mesh::tet_mesh::TetMesh;
use crate::reduced::clusters::Clustering;
use faer::linalg::solvers::{Llt, Solve};
use faer::sparse::{SparseColMat, Triplet};
use faer::{Mat, Side};

/// What the reduced precompute produces and an asset stores (§8.2, App. C): the reduced matrices, none of size
/// n. [`ReducedModel::from_parts`] derives the run-time data (factorizations, products) from them.
#[derive(Clone, Debug, PartialEq)]
pub struct ReducedParts {
    /// Time step h (s).
    pub h: f64,
    /// `BᵀMB`, `BᵀLB` (s × s; s = 12m for m skinning modes, or the columns of a general basis).
    pub btmb: Mat<f64>,
    pub btlb: Mat<f64>,
    /// `BᵀMJ`, `BᵀLJ` (s × p).
    pub btmj: Mat<f64>,
    pub btlj: Mat<f64>,
    /// `BᵀL x₀` (s): the rig's constant offset `x = J p + x₀`.
    pub btl_x0: Vec<f64>,
    /// `Bᵀ M e_c` (s) for unit body forces along x, y, z (gravity).
    pub btm_unit: [Vec<f64>; 3],
    /// `G₉KB` in its stored form: three copies of `ΓΦ` for a skinning subspace, or dense.
    pub basis_gradient: BasisGradient,
    /// `G₉KJ` (9r × p), `G₉Kx₀` (9r): rig part of the cluster deformation gradients, rows `c·3r + 3·cl + j`.
    pub g9kj: Mat<f64>,
    pub g9k_x0: Vec<f64>,
    /// Per cluster: volume (the paper's `m_c`), and volume-averaged `μ`, `λ`.
    pub cluster_volume: Vec<f64>,
    pub cluster_mu: Vec<f64>,
    pub cluster_lambda: Vec<f64>,
}

/// How `G₉KB` (9r × s) is stored.
#[derive(Clone, Debug, PartialEq)]
pub enum BasisGradient {
    /// Skinning subspace: `ΓΦ` (3r × 4m), the cluster gradients of the weighted coordinate fields;
    /// `G₉KB` is one copy per coordinate (`G₉K = I₃ ⊗ Γ`, `B = I₃ ⊗ Φ` up to column order).
    Skinning(Mat<f64>),
    /// Any other basis: `G₉KB` itself.
    Dense(Mat<f64>),
}

/// Everything the reduced step needs (sizes: s reduced coordinates, p rig parameters, r clusters): the stored
/// [`ReducedParts`] and what is derived from them at load.
pub struct ReducedModel {
    pub parts: ReducedParts,
    /// Reduced coordinates: `12m` for m skinning modes (or the columns of a general basis).
    pub dofs: usize,
    pub params: usize,
    pub clusters: usize,
    /// `G₉KB` (9r × s), expanded.
    pub g9kb: Mat<f64>,
    /// Cholesky factor of `A = 2 BᵀLB + BᵀMB / h²` (the global step's matrix), and `A` itself.
    pub a_llt: Llt<f64>,
    pub a: Mat<f64>,
    /// The step's operators in coordinate blocks, see [`BlockForm`].
    pub block: BlockForm,
    /// `BᵀMJ`, `BᵀLJ`, `G₉KJ` column-sparse (the step's rig terms).
    pub rig: crate::reduced::rig_terms::RigTerms,
    /// The ex-rotated step's rest-pose preconditioner (paper 002 Eq. 14–15), built on first use.
    pub(crate) exrotated_rest: std::sync::OnceLock<RestHessian>,
    /// Modal actuation (paper 003, AaM): `Ĝ = (I₃ ⊗ Γ) D` (9r × K), see [`crate::reduced::actuation`]; `None`:
    /// no actuation (any [`StepOptions::actuation`](crate::reduced::StepOptions) is then ignored).
    pub actuation: Option<Mat<f64>>,
}

/// The step's operators as `B` coordinate blocks of width `w = s / B`. For a skinning subspace (`B = 3`)
/// `G₉KB` is three copies of `ΓΦ` (3r × 4m) and `A = I₃ ⊗ A_s`, so the step's products shrink threefold (and fit
/// in cache); any other basis is one block (`G₉KB` and `A` themselves). A reduced vector is worked on in block
/// order (`perm`); a 9r vector keeps its rows `c·3r + 3·cl + j`, which are block-major for both.
pub struct BlockForm {
    /// B: 3 coordinate blocks (skinning subspace) or 1.
    pub blocks: usize,
    /// `perm[b·w + q]`: the reduced coordinate at entry q of block b (`12i + 4c + k` for a skinning subspace).
    pub perm: Vec<usize>,
    /// The block of `G₉KB` (9r/B × w): `ΓΦ`, or `G₉KB`.
    pub gradient: RowMajor,
    /// `A_b⁻¹ (block of G₉KB)ᵀ` (w × 9r/B): the global step as one product with the local step's output.
    pub a_inv_gradient_t: RowMajor,
    /// The diagonal block `A_b` (w × w) of `A`, and its Cholesky factor.
    pub a_block: RowMajor,
    pub a_block_llt: Llt<f64>,
}

/// A dense row-major matrix for the step's fused products.
pub struct RowMajor {
    pub rows: usize,
    pub cols: usize,
    pub data: Vec<f64>,
}

impl RowMajor {
    pub fn from_mat(m: &Mat<f64>) -> Self {
        let (rows, cols) = (m.nrows(), m.ncols());
        RowMajor { rows, cols, data: (0..rows * cols).map(|i| m[(i / cols, i % cols)]).collect() }
    }

    /// `y_b = M x_b` for each of the `B` consecutive blocks of `x` (length `B·cols`) and `y` (`B·rows`): one pass
    /// over `M`, two rows at a time, so that each load of `x` serves both.
    pub fn block_mul<const B: usize>(&self, x: &[f64], y: &mut [f64]) {
        let (n, cols) = (self.rows, self.cols);
        assert!(x.len() == B * cols && y.len() == B * n && self.data.len() == n * cols);
        let xb: [&[f64]; B] = std::array::from_fn(|b| &x[b * cols..(b + 1) * cols]);
        let pairs = self.data.chunks_exact(2 * cols);
        let last = pairs.remainder();
        for (i, rows) in pairs.enumerate() {
            let d = dots(rows.split_at(cols), xb);
            for b in 0..B {
                y[b * n + 2 * i] = d[0][b];
                y[b * n + 2 * i + 1] = d[1][b];
            }
        }
        if !last.is_empty() {
            let d = dots((last, last), xb);
            for b in 0..B {
                y[b * n + n - 1] = d[0][b];
            }
        }
    }
}

/// `[row_k · x_b]` for two rows of equal length and `B` vectors at least as long: AVX2 + FMA where the CPU has
/// them, else scalar.
fn dots<const B: usize>(rows: (&[f64], &[f64]), x: [&[f64]; B]) -> [[f64; B]; 2] {
    assert!(rows.0.len() == rows.1.len() && x.iter().all(|xb| xb.len() >= rows.0.len()));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA (checked just above); the lengths are checked above.
        return unsafe { dots_fma(rows, x) };
    }
    [std::array::from_fn(|b| dot(rows.0, x[b])), std::array::from_fn(|b| dot(rows.1, x[b]))]
}

/// [`dots`] with four-lane fused multiply-adds.
///
/// # Safety
/// The CPU must have AVX2 and FMA; `x[b].len() ≥ rows.0.len() = rows.1.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn dots_fma<const B: usize>((r0, r1): (&[f64], &[f64]), x: [&[f64]; B]) -> [[f64; B]; 2] {
    use std::arch::x86_64::*;
    let split = r0.len() / 4 * 4;
    let mut acc = [[_mm256_setzero_pd(); B]; 2];
    for q in (0..split).step_by(4) {
        // SAFETY: q + 4 ≤ split ≤ the length of every slice read
        let (g0, g1) = unsafe { (_mm256_loadu_pd(r0.as_ptr().add(q)), _mm256_loadu_pd(r1.as_ptr().add(q))) };
        for b in 0..B {
            // SAFETY: as above
            let xq = unsafe { _mm256_loadu_pd(x[b].as_ptr().add(q)) };
            acc[0][b] = _mm256_fmadd_pd(g0, xq, acc[0][b]);
            acc[1][b] = _mm256_fmadd_pd(g1, xq, acc[1][b]);
        }
    }
    let sum = |row: &[f64], v: __m256d, xb: &[f64]| {
        let mut lanes = [0.0; 4];
        // SAFETY: lanes holds four f64
        unsafe { _mm256_storeu_pd(lanes.as_mut_ptr(), v) };
        (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + dot(&row[split..], &xb[split..])
    };
    [std::array::from_fn(|b| sum(r0, acc[0][b], x[b])), std::array::from_fn(|b| sum(r1, acc[1][b], x[b]))]
}

impl BlockForm {
    /// The block form of `G₉KB` stored as `parts.basis_gradient`, with `A`.
    fn new(gradient: &BasisGradient, a: &Mat<f64>, a_llt: &Llt<f64>) -> Result<Self, ReducedError> {
        let s = a.nrows();
        let (blocks, perm, g, a_block, a_block_llt) = match gradient {
            BasisGradient::Dense(g9kb) => (1, (0..s).collect(), g9kb, a.clone(), a_llt.clone()),
            BasisGradient::Skinning(gamma_phi) => {
                let w = s / 3;
                let perm = (0..s).map(|e| (e % w) / 4 * 12 + e / w * 4 + e % 4).collect::<Vec<_>>();
                // A = I₃ ⊗ A_s: the block of coordinate 0 (entries 12i + k) is A_s.
                let a_s = Mat::<f64>::from_fn(w, w, |i, j| a[(perm[i], perm[j])]);
                let llt = a_s.llt(Side::Lower).map_err(|e| ReducedError::NotSpd(format!("{e:?}")))?;
                (3, perm, gamma_phi, a_s, llt)
            }
        };
        Ok(BlockForm {
            blocks,
            perm,
            gradient: RowMajor::from_mat(g),
            a_inv_gradient_t: RowMajor::from_mat(&a_block_llt.solve(g.transpose())),
            a_block: RowMajor::from_mat(&a_block),
            a_block_llt,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReducedError {
    #[error("time step h = {0} must be finite and > 0")]
    TimeStep(f64),
    #[error("size mismatch: {0}")]
    Size(String),
    #[error("the global matrix is not positive definite: {0}")]
    NotSpd(String),
    #[error("{0} has a non-finite entry")]
    NonFinite(String),
}

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
    /// Precompute for mesh, material, rig Jacobian `jac` (3n × p) with offset `x0` (3n), mode weights `w`
    /// (n × m), clusters and time step `h`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        mesh: &TetMesh,
        material: &Material,
        mass: &[f64],
        jac: &SparseColMat<usize, f64>,
        x0: &[f64],
        w: &Mat<f64>,
        clustering: &Clustering,
        h: f64,
    ) -> Result<Self, ReducedError> {
        let (n, m, p, r) = (mesh.n(), w.ncols(), jac.ncols(), clustering.r);
        if !(h.is_finite() && h > 0.0) {
            return Err(ReducedError::TimeStep(h));
        }
        if w.nrows() != n || jac.nrows() != 3 * n || x0.len() != 3 * n || mass.len() != n {
            return Err(ReducedError::Size(format!(
                "n = {n}: weights {}×{m}, J {}×{p}, x0 {}, mass {}",
                w.nrows(),
                jac.nrows(),
                x0.len(),
                mass.len()
            )));
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
        })
    }

    /// The same precompute for an arbitrary dense basis `b` (3n × s) of displacements: the reference path for
    /// small meshes. With `b` an orthonormal basis of the constraint's null space and one cluster per tet, the
    /// step solves full-space complementary dynamics (paper 000, Eq. 3) with the same energy and integrator.
    #[allow(clippy::too_many_arguments)]
    pub fn from_basis(
        mesh: &TetMesh,
        material: &Material,
        mass: &[f64],
        jac: &SparseColMat<usize, f64>,
        x0: &[f64],
        b: &Mat<f64>,
        clustering: &Clustering,
        h: f64,
    ) -> Result<Self, ReducedError> {
        let (n, s, p, r) = (mesh.n(), b.ncols(), jac.ncols(), clustering.r);
        if !(h.is_finite() && h > 0.0) {
            return Err(ReducedError::TimeStep(h));
        }
        if b.nrows() != 3 * n || jac.nrows() != 3 * n || x0.len() != 3 * n || mass.len() != n {
            return Err(ReducedError::Size(format!(
                "n = {n}: basis {}×{s}, J {}×{p}",
                b.nrows(),
                jac.nrows()
            )));
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
        })
    }

    /// Derive the run-time data from stored parts (e.g. read from an asset), after checking that their sizes
    /// agree and every entry is finite.
    pub fn from_parts(parts: ReducedParts) -> Result<Self, ReducedError> {
        parts.check()?;
        let (s, p, r, h) = (parts.btmb.nrows(), parts.btmj.ncols(), parts.cluster_volume.len(), parts.h);
        let (a_llt, a) = factor_global(&parts.btlb, &parts.btmb, h)?;
        let g9kb = match &parts.basis_gradient {
            BasisGradient::Dense(g9kb) => g9kb.clone(),
            BasisGradient::Skinning(gamma_phi) => Mat::<f64>::from_fn(9 * r, s, |row, col| {
                let (c, rest) = (row / (3 * r), row % (3 * r));
                let (i, cb, k) = (col / 12, (col % 12) / 4, col % 4);
                if c == cb {
                    gamma_phi[(rest, 4 * i + k)]
                } else {
                    0.0
                }
            }),
        };
        let block = BlockForm::new(&parts.basis_gradient, &a, &a_llt)?;
        let rig = crate::reduced::rig_terms::RigTerms::new(&parts.btmj, &parts.btlj, &parts.g9kj);
        Ok(ReducedModel {
            rig,
            parts,
            dofs: s,
            params: p,
            clusters: r,
            g9kb,
            a_llt,
            a,
            block,
            exrotated_rest: std::sync::OnceLock::new(),
            actuation: None,
        })
    }

    /// Give the model K actuation fields through their cluster gradients `g = Ĝ` (9r × K, from
    /// [`actuation_gradient`](crate::reduced::actuation_gradient)); a step then takes K actuation coordinates
    /// in [`StepOptions::actuation`](crate::reduced::StepOptions). Nothing is refactored: the global matrix does
    /// not depend on the target shape.
    pub fn set_actuation(&mut self, g: Mat<f64>) -> Result<(), ReducedError> {
        if g.nrows() != 9 * self.clusters {
            return Err(ReducedError::Size(format!(
                "Ĝ has {} rows, want 9r = {}",
                g.nrows(),
                9 * self.clusters
            )));
        }
        if !g.col_iter().all(|c| c.iter().all(|v| v.is_finite())) {
            return Err(ReducedError::Size("Ĝ has a non-finite entry".into()));
        }
        self.actuation = Some(g);
        Ok(())
    }

    /// The number of actuation coordinates K (0 without actuation).
    pub fn actuation_count(&self) -> usize {
        self.actuation.as_ref().map_or(0, |g| g.ncols())
    }
}

impl ReducedParts {
    /// Sizes agree (s coordinates, p parameters, r clusters; 12m coordinates and a 3r × 4m `ΓΦ` for a skinning
    /// subspace), h > 0, every entry finite, cluster volumes positive.
    pub fn check(&self) -> Result<(), ReducedError> {
        if !(self.h.is_finite() && self.h > 0.0) {
            return Err(ReducedError::TimeStep(self.h));
        }
        let (s, p, r) = (self.btmb.nrows(), self.btmj.ncols(), self.cluster_volume.len());
        let size = |what: &str, got: (usize, usize), want: (usize, usize)| {
            if got == want {
                Ok(())
            } else {
                Err(ReducedError::Size(format!(
                    "{what} is {}×{}, expected {}×{}",
                    got.0, got.1, want.0, want.1
                )))
            }
        };
        let shape = |m: &Mat<f64>| (m.nrows(), m.ncols());
        size("BᵀMB", shape(&self.btmb), (s, s))?;
        size("BᵀLB", shape(&self.btlb), (s, s))?;
        size("BᵀMJ", shape(&self.btmj), (s, p))?;
        size("BᵀLJ", shape(&self.btlj), (s, p))?;
        size("BᵀLx₀", (self.btl_x0.len(), 1), (s, 1))?;
        for e in &self.btm_unit {
            size("BᵀMe", (e.len(), 1), (s, 1))?;
        }
        match &self.basis_gradient {
            BasisGradient::Dense(g) => size("G₉KB", shape(g), (9 * r, s))?,
            BasisGradient::Skinning(g) => {
                if s % 12 != 0 {
                    return Err(ReducedError::Size(format!(
                        "a skinning subspace has 12m coordinates, not {s}"
                    )));
                }
                size("ΓΦ", shape(g), (3 * r, s / 3))?
            }
        }
        size("G₉KJ", shape(&self.g9kj), (9 * r, p))?;
        size("G₉Kx₀", (self.g9k_x0.len(), 1), (9 * r, 1))?;
        size("cluster μ", (self.cluster_mu.len(), 1), (r, 1))?;
        size("cluster λ", (self.cluster_lambda.len(), 1), (r, 1))?;
        let gradient = match &self.basis_gradient {
            BasisGradient::Dense(g) | BasisGradient::Skinning(g) => g,
        };
        let matrices = [
            ("BᵀMB", &self.btmb),
            ("BᵀLB", &self.btlb),
            ("BᵀMJ", &self.btmj),
            ("BᵀLJ", &self.btlj),
            ("G₉KB", gradient),
            ("G₉KJ", &self.g9kj),
        ];
        for (what, m) in matrices {
            if !m.is_all_finite() {
                return Err(ReducedError::NonFinite(what.to_string()));
            }
        }
        let vectors = [
            ("BᵀLx₀", &self.btl_x0),
            ("BᵀMe_x", &self.btm_unit[0]),
            ("BᵀMe_y", &self.btm_unit[1]),
            ("BᵀMe_z", &self.btm_unit[2]),
            ("G₉Kx₀", &self.g9k_x0),
            ("cluster μ", &self.cluster_mu),
            ("cluster λ", &self.cluster_lambda),
            ("cluster volume", &self.cluster_volume),
        ];
        for (what, v) in vectors {
            if !v.iter().all(|x| x.is_finite()) {
                return Err(ReducedError::NonFinite(what.to_string()));
            }
        }
        if let Some(c) = self.cluster_volume.iter().position(|v| *v <= 0.0) {
            return Err(ReducedError::Size(format!("cluster {c} has volume {}", self.cluster_volume[c])));
        }
        Ok(())
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

/// Cholesky factor of `A = 2 BᵀLB + BᵀMB / h²` (the Hessian of the step energy's quadratic part).
fn factor_global(btlb: &Mat<f64>, btmb: &Mat<f64>, h: f64) -> Result<(Llt<f64>, Mat<f64>), ReducedError> {
    let s = btlb.nrows();
    let a = Mat::<f64>::from_fn(s, s, |i, j| {
        let v = 2.0 * btlb[(i, j)] + btmb[(i, j)] / (h * h);
        let vt = 2.0 * btlb[(j, i)] + btmb[(j, i)] / (h * h);
        0.5 * (v + vt)
    });
    match a.llt(Side::Lower) {
        Ok(llt) => Ok((llt, a)),
        Err(first) => {
            // Semi-definite in exact arithmetic when a mode's support is so small that its 12 columns of B
            // are dependent (a localised mode on a coarse mesh: the mass term BᵀMB is then singular). A
            // diagonal shift of 1e-9 of the largest diagonal entry makes it definite without changing the
            // motion measurably; anything worse is an error.
            let shift = 1e-9 * (0..s).map(|i| a[(i, i)].abs()).fold(0.0, f64::max);
            let shifted = Mat::<f64>::from_fn(s, s, |i, j| a[(i, j)] + if i == j { shift } else { 0.0 });
            let llt = shifted
                .llt(Side::Lower)
                .map_err(|e| ReducedError::NotSpd(format!("{first:?}; shifted by {shift:e}: {e:?}")))?;
            tracing::warn!(shift, "the global matrix was semi-definite (dependent mode columns); shifted");
            Ok((llt, shifted))
        }
    }
}

/// Orthonormal basis (3n × (3n − rank)) of the displacements `u` with `𝒥ᵀ u = 0`: the space full-space
/// complementary dynamics moves in. Dense: small meshes only.
pub fn complementary_basis(jcal: &SparseColMat<usize, f64>) -> Mat<f64> {
    let jt = jcal.to_dense().transpose().to_owned(); // p × 3n
    crate::linalg::null_space(jt.as_ref()).expect("svd of the constraint").basis
}

/// `H₀⁻¹` (s × s, block order): the inverse of the rest-pose Hessian `A + Σ_c λ_c V_c g_c(I) g_c(I)ᵀ`
/// (paper 002, Eq. 15 with `R̂ = I`).
pub(crate) struct RestHessian {
    pub(crate) inv: RowMajor,
}

impl RestHessian {
    pub(crate) fn new(model: &ReducedModel) -> Self {
        let (s, r, parts) = (model.dofs, model.clusters, &model.parts);
        // g_c(I) = Σ_a rows (a, c, a) of G₉KB (natural order), scaled by √(λ_c V_c)
        let g = Mat::<f64>::from_fn(s, r, |q, cl| {
            let w = (parts.cluster_lambda[cl] * parts.cluster_volume[cl]).max(0.0).sqrt();
            w * (0..3).map(|a| model.g9kb[(a * 3 * r + 3 * cl + a, q)]).sum::<f64>()
        });
        let h = &model.a + &g * g.transpose();
        let perm = &model.block.perm;
        let hb = Mat::<f64>::from_fn(s, s, |i, j| 0.5 * (h[(perm[i], perm[j])] + h[(perm[j], perm[i])]));
        let llt = hb.llt(Side::Lower).expect("A is positive definite and the λ terms semi-definite");
        let inv = llt.solve(Mat::<f64>::identity(s, s));
        let inv = Mat::<f64>::from_fn(s, s, |i, j| 0.5 * (inv[(i, j)] + inv[(j, i)]));
        RestHessian { inv: RowMajor::from_mat(&inv) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{gradient_operator, laplacian, lumped_mass};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::skinning_subspace;
    use crate::reduced::clusters::Clustering;
    use crate::rig::{LbsRig, Rig, RigPart};

    /// Every reduced matrix against the same product formed explicitly from the full-space operators.
    /// The fused (SIMD where available) two-row products equal plain dot products, tails included.
    #[test]
    fn fused_dots_equal_plain_dot_products() {
        for len in [1, 7, 64, 67] {
            let v = |k: usize| (0..len).map(|i| ((i * k) as f64 * 0.37).sin()).collect::<Vec<f64>>();
            let (r0, r1, x0, x1, x2) = (v(1), v(2), v(3), v(4), v(5));
            let got = dots((&r0, &r1), [&x0, &x1, &x2]);
            for (k, row) in [&r0, &r1].iter().enumerate() {
                for (b, x) in [&x0, &x1, &x2].iter().enumerate() {
                    assert!(
                        (got[k][b] - dot(row, x)).abs() <= 1e-13 * len as f64,
                        "len {len}, row {k}, block {b}"
                    );
                }
            }
        }
    }

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
        let red = ReducedModel::new(&mesh, &mat, &mass, &jac, &x0, &w, &clustering, 0.01).unwrap();

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
        for h in [0.0, -1.0, f64::NAN] {
            let r = ReducedModel::new(&mesh, &mat, &mass, &jac, &vec![0.0; 3 * mesh.n()], &w, &c, h);
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
        let fast = ReducedModel::new(&mesh, &mat, &mass, &jac, &x0, &w, &clustering, 0.02).unwrap();
        let b = skinning_subspace(&mesh.vertices, &w).to_dense();
        let slow = ReducedModel::from_basis(&mesh, &mat, &mass, &jac, &x0, &b, &clustering, 0.02).unwrap();
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
