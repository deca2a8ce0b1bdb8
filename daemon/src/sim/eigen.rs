//! Eq. 22 for large meshes: shift-invert Lanczos on the constrained pencil, built on faer's sparse Cholesky
//! (faer has no sparse generalized eigensolver). The fast path of `method-pitfalls.md` §4: factor the SPD
//! matrix once and handle the few constraint rows through a small dense Schur complement, never the KKT matrix.
//!
//! In `y = M^{1/2} w` coordinates, with `A = M^{-1/2} H_w M^{-1/2} − σ I` (σ < 0, so `A` is SPD) and the
//! independent constraint rows `Q` (orthonormal, `Q y = 0`), the constrained inverse
//!
//! ```text
//!     P b = A⁻¹ b − Y S⁻¹ Yᵀ b,    Y = A⁻¹ Qᵀ,  S = Q Y
//! ```
//!
//! solves the KKT system `[A Qᵀ; Q 0] [x; μ] = [b; 0]`. `P` is symmetric, maps into `null(Q)`, and its
//! eigenvalues are `θ = 1/(λ − σ)`: the largest `θ` are the smallest `λ` of Eq. 22. Lanczos with full
//! reorthogonalization finds them.

use super::modes::{Modes, ModesError, RANK_TOL};
use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, Triplet};
use faer::{Mat, Side};

/// Settings of [`sparse_modes`].
#[derive(Clone, Debug)]
pub struct EigenOptions {
    /// Relative residual of each returned Ritz pair (of the shift-inverted operator).
    pub tol: f64,
    /// Largest Krylov basis before giving up.
    pub max_krylov: usize,
    /// Seed of the start vector.
    pub seed: u64,
}

impl Default for EigenOptions {
    fn default() -> Self {
        EigenOptions { tol: 1e-12, max_krylov: 600, seed: 1 }
    }
}

/// What the solve took (for reports).
#[derive(Clone, Debug, Default)]
pub struct EigenStats {
    pub krylov: usize,
    pub shift: f64,
    pub max_residual: f64,
    /// Seconds spent: constraint rank (SVD), sparse Cholesky, constraint Schur complement, Lanczos.
    pub seconds_constraints: f64,
    pub seconds_factor: f64,
    pub seconds_schur: f64,
    pub seconds_lanczos: f64,
}

/// Smallest `m` solutions of Eq. 22 (same contract as [`super::modes::dense_modes`]).
pub fn sparse_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &Mat<f64>,
    m: usize,
    opts: &EigenOptions,
) -> Result<(Modes, EigenStats), ModesError> {
    let n = mw.len();
    if let Some(v) = mw.iter().position(|x| x.is_nan() || *x <= 0.0) {
        return Err(ModesError::Mass(v));
    }
    let inv_sqrt: Vec<f64> = mw.iter().map(|x| 1.0 / x.sqrt()).collect();
    let fail = |e: &dyn std::fmt::Debug| ModesError::Factorization(format!("{e:?}"));

    let clock = std::time::Instant::now();
    let mut stats = EigenStats::default();
    // Independent constraint rows in y coordinates: Q = leading right singular vectors of J_w M^{-1/2}.
    let c = Mat::<f64>::from_fn(jw.nrows(), n, |i, j| jw[(i, j)] * inv_sqrt[j]);
    let svd = c.thin_svd().map_err(|e| fail(&e))?;
    let s = svd.S().column_vector();
    let smax = (0..s.nrows()).map(|i| s[i]).fold(0.0, f64::max);
    let rank = (0..s.nrows()).filter(|&i| s[i] > RANK_TOL * smax).count();
    let free = n - rank;
    if m > free {
        return Err(ModesError::TooManyModes { want: m, have: free, rank });
    }
    let q = svd.V().subcols(0, rank).to_owned(); // n × rank, orthonormal columns
    stats.seconds_constraints = clock.elapsed().as_secs_f64();

    // A = M^{-1/2} H M^{-1/2} − σ I with a small negative shift relative to the operator's scale.
    let mut diag_max: f64 = 0.0;
    let mut trip = Vec::with_capacity(hw.compute_nnz() + n);
    for col in 0..n {
        for (r, v) in hw.row_idx_of_col_raw(col).iter().zip(hw.val_of_col(col)) {
            let a = v * inv_sqrt[*r] * inv_sqrt[col];
            if *r == col {
                diag_max = diag_max.max(a.abs());
            }
            trip.push(Triplet::new(*r, col, a));
        }
    }
    let shift = -1e-8 * diag_max.max(f64::MIN_POSITIVE);
    for i in 0..n {
        trip.push(Triplet::new(i, i, -shift));
    }
    let a = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &trip).map_err(|e| fail(&e))?;
    let llt = a.sp_cholesky(Side::Lower).map_err(|e| fail(&e))?;
    stats.seconds_factor = clock.elapsed().as_secs_f64() - stats.seconds_constraints;

    // Schur complement of the constraints.
    let y = llt.solve(&q); // n × rank
    let schur = q.transpose() * &y; // rank × rank, SPD
    let schur = Mat::<f64>::from_fn(rank, rank, |i, j| 0.5 * (schur[(i, j)] + schur[(j, i)]));
    let schur_llt = schur.llt(Side::Lower).map_err(|e| fail(&e))?;
    stats.seconds_schur = clock.elapsed().as_secs_f64() - stats.seconds_constraints - stats.seconds_factor;
    let apply = |b: &Mat<f64>| -> Mat<f64> {
        let x = llt.solve(b);
        if rank == 0 {
            return x;
        }
        let mu = schur_llt.solve(y.transpose() * b);
        let x = x - &y * mu;
        // Exact in exact arithmetic, but with σ → 0 the Schur subtraction cancels large terms (A⁻¹ is huge
        // along H_w's constant null direction): project onto null(Q) once more, Q being orthonormal.
        let back = q.transpose() * &x;
        x - &q * back
    };

    // Lanczos with full reorthogonalization on P.
    let mut basis: Vec<Mat<f64>> = Vec::new();
    let (mut alpha, mut beta) = (Vec::<f64>::new(), Vec::<f64>::new());
    let mut state = opts.seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let start = Mat::<f64>::from_fn(n, 1, |_, _| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    });
    let mut v = apply(&start); // in range(P) ⊂ null(Q)
    let norm = v.norm_l2();
    v *= faer::Scale(1.0 / norm);
    let limit = opts.max_krylov.min(free);
    // Checking Ritz convergence costs one small k×k eigensolve; do it often so no solve is wasted.
    let mut check_at = (m + 10).min(limit);
    loop {
        basis.push(v.clone());
        let mut w = apply(&v);
        let a_k = (v.transpose() * &w)[(0, 0)];
        alpha.push(a_k);
        // full reorthogonalization (twice, for stability)
        for _ in 0..2 {
            for b in &basis {
                let proj = (b.transpose() * &w)[(0, 0)];
                w -= b * faer::Scale(proj);
            }
        }
        let b_k = w.norm_l2();
        let k = basis.len();
        if k >= check_at || b_k <= 1e-14 * a_k.abs() || k == limit {
            // Ritz values of the tridiagonal T_k
            let t = Mat::<f64>::from_fn(k, k, |i, j| {
                if i == j {
                    alpha[i]
                } else if i + 1 == j || j + 1 == i {
                    beta[i.min(j)]
                } else {
                    0.0
                }
            });
            let eig = t.self_adjoint_eigen(Side::Lower).map_err(|e| fail(&e))?;
            let theta = eig.S().column_vector();
            let s_vec = eig.U();
            let mut order: Vec<usize> = (0..k).collect();
            order.sort_by(|&i, &j| theta[j].total_cmp(&theta[i])); // largest θ first
            let take = m.min(k);
            let residual = |i: usize| (b_k * s_vec[(k - 1, i)]).abs() / theta[i].abs().max(f64::MIN_POSITIVE);
            let max_residual = order[..take].iter().map(|&i| residual(i)).fold(0.0, f64::max);
            let converged = take == m && max_residual <= opts.tol;
            if converged || b_k <= 1e-14 * a_k.abs() || k == limit {
                if !converged && take < m {
                    return Err(ModesError::Factorization(format!("Krylov space exhausted at {k} vectors")));
                }
                let mut weights = Mat::<f64>::zeros(n, m);
                let mut eigenvalues = Vec::with_capacity(m);
                for (col, &i) in order[..m].iter().enumerate() {
                    let mut yv = Mat::<f64>::zeros(n, 1);
                    for (j, b) in basis.iter().enumerate() {
                        yv += b * faer::Scale(s_vec[(j, i)]);
                    }
                    let nrm = yv.norm_l2();
                    for r in 0..n {
                        weights[(r, col)] = inv_sqrt[r] * yv[(r, 0)] / nrm;
                    }
                    eigenvalues.push(shift + 1.0 / theta[i]);
                }
                if !converged {
                    tracing::warn!(
                        krylov = k,
                        max_residual,
                        "eigensolver stopped before reaching its tolerance"
                    );
                }
                stats.krylov = k;
                stats.shift = shift;
                stats.max_residual = max_residual;
                stats.seconds_lanczos = clock.elapsed().as_secs_f64()
                    - stats.seconds_constraints
                    - stats.seconds_factor
                    - stats.seconds_schur;
                return Ok((Modes { weights, eigenvalues, constraint_rank: rank }, stats));
            }
            check_at = (check_at + 4).min(limit);
        }
        beta.push(b_k);
        v = w * faer::Scale(1.0 / b_k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::fem::{lumped_mass, weight_space_hessian, Material};
    use crate::sim::mesh::shapes::box_mesh;
    use crate::sim::modes::{complementarity_matrix, dense_modes, weight_space_constraint};
    use crate::sim::rig::{LbsRig, Rig, RigPart};

    fn compare(rig: impl Fn(&crate::sim::mesh::TetMesh) -> Rig, dims: (usize, usize, usize), m: usize) {
        let mesh = box_mesh(dims.0, dims.1, dims.2, [2.0, 0.6, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 7) as f64 * 0.2;
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = rig(&mesh).jacobian(&mesh.vertices).unwrap();
        let jw = weight_space_constraint(
            &mesh.vertices,
            &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]),
        );
        let hw = weight_space_hessian(&mesh, &mat);
        let dense = dense_modes(&hw, &mass, &jw, m).unwrap();
        let (sparse, stats) = sparse_modes(&hw, &mass, &jw, m, &EigenOptions::default()).unwrap();
        assert_eq!(sparse.constraint_rank, dense.constraint_rank);
        for (i, (a, b)) in sparse.eigenvalues.iter().zip(&dense.eigenvalues).enumerate() {
            assert!((a - b).abs() <= 1e-8 * b.abs(), "eigenvalue {i}: sparse {a} vs dense {b} ({stats:?})");
        }
        // Same subspace (near-degenerate pairs can rotate within it): every sparse mode lies in the dense
        // span, M-orthogonally projected.
        let n = mesh.n();
        for i in 0..m {
            let w = sparse.weights.col(i);
            let mut rest: Vec<f64> = (0..n).map(|v| w[v]).collect();
            for j in 0..m {
                let d = dense.weights.col(j);
                let c: f64 = (0..n).map(|v| d[v] * mass[v] * w[v]).sum();
                for v in 0..n {
                    rest[v] -= c * d[v];
                }
            }
            let off: f64 = (0..n).map(|v| rest[v] * mass[v] * rest[v]).sum::<f64>().sqrt();
            // the last pair may straddle a degenerate cluster cut by `m`: allow a looser bound there
            let bound = if i + 1 == m { 1e-3 } else { 1e-6 };
            assert!(off < bound, "mode {i} leaves the dense subspace by {off:e}");
        }
        // the sparse modes satisfy the constraint and are M-orthonormal themselves
        let jww = &jw * &sparse.weights;
        assert!(jww.norm_max() <= 1e-9 * jw.norm_max() * sparse.weights.norm_max());
        for i in 0..m {
            for j in 0..m {
                let g: f64 = (0..n).map(|v| sparse.weights[(v, i)] * mass[v] * sparse.weights[(v, j)]).sum();
                assert!((g - f64::from(u8::from(i == j))).abs() < 1e-9, "gram ({i},{j}) = {g}");
            }
        }
    }

    #[test]
    fn sparse_matches_dense_for_an_affine_rig() {
        compare(|_| Rig::affine(), (8, 3, 3), 10);
    }

    #[test]
    fn sparse_matches_dense_for_a_two_bone_rig() {
        compare(
            |m| Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(m, 0, 1.0, 0.4))]).unwrap(),
            (8, 3, 3),
            8,
        );
    }
}
