//! Eq. 22 for large meshes: block shift-invert Lanczos on the constrained pencil, built on faer's sparse
//! Cholesky (faer has no sparse generalized eigensolver). The fast path of `method-pitfalls.md` §4: factor the
//! SPD matrix once and handle the few constraint rows through a small dense Schur complement, never the KKT
//! matrix.
//!
//! In `y = M^{1/2} w` coordinates, with `A = M^{-1/2} H_w M^{-1/2} − σ I` (σ < 0, so `A` is SPD) and the
//! independent constraint rows `Q` (orthonormal, `Q y = 0`), the constrained inverse
//!
//! ```text
//!     P b = A⁻¹ b − Y S⁻¹ Yᵀ b,    Y = A⁻¹ Qᵀ,  S = Q Y
//! ```
//!
//! solves the KKT system `[A Qᵀ; Q 0] [x; μ] = [b; 0]`. `P` is symmetric, maps into `null(Q)`, and its
//! eigenvalues are `θ = 1/(λ − σ)`: the largest `θ` are the smallest `λ` of Eq. 22. Block Lanczos with full
//! reorthogonalization finds them: each step applies `P` to a block of vectors at once, because a supernodal
//! triangular solve with a dozen right-hand sides costs about twice one with a single right-hand side.
//!
//! The Cholesky factor uses a nested-dissection ordering (BFS level sets as separators), which on regular tet
//! meshes gives less fill and far fewer flops than faer's AMD, or AMD where that needs fewer flops (irregular
//! meshes such as a coarse tetrahedralized scan, where the level-set separators are poor).

use crate::linalg::cholesky::Cholesky;
use crate::linalg::range_basis;
use crate::modes::dense::{Modes, ModesError, WeightConstraint};
use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, SymbolicSparseColMat};
use faer::{Accum, Mat, MatMut, MatRef, Par, Side};
use std::sync::Arc;

/// Where [`sparse_modes`] is (for progress bars): each phase is reported when it starts; Lanczos after every
/// block step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EigenProgress {
    /// Removing redundant constraint rows.
    Constraints,
    /// Fill-reducing ordering and sparse Cholesky of `A`.
    Factor,
    /// The constraints' Schur complement (`rank` solves).
    Schur,
    /// Krylov basis of `krylov` vectors; `converged` of the `wanted` Ritz pairs meet the tolerance.
    Lanczos { krylov: usize, converged: usize, wanted: usize },
}

/// A progress callback (see [`EigenSettings::progress`]).
pub type ProgressFn = Arc<dyn Fn(EigenProgress) + Send + Sync>;

/// Settings of [`sparse_modes`].
#[derive(Clone)]
pub struct EigenSettings {
    /// Relative residual of each returned Ritz pair (of the shift-inverted operator).
    pub tol: f64,
    /// Largest Krylov basis before giving up.
    pub max_krylov: usize,
    /// Seed of the start block.
    pub seed: u64,
    /// Called as the solve goes (see [`EigenProgress`]).
    pub progress: Option<ProgressFn>,
}

impl std::fmt::Debug for EigenSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EigenSettings")
            .field("tol", &self.tol)
            .field("max_krylov", &self.max_krylov)
            .field("seed", &self.seed)
            .field("progress", &self.progress.as_ref().map(|_| "Fn"))
            .finish()
    }
}

impl Default for EigenSettings {
    fn default() -> Self {
        EigenSettings { tol: 1e-12, max_krylov: 600, seed: 1, progress: None }
    }
}

impl EigenSettings {
    pub(crate) fn report(&self, p: EigenProgress) {
        if let Some(f) = &self.progress {
            f(p);
        }
    }
}

/// What the solve took (for reports).
#[derive(Clone, Debug, Default)]
pub struct EigenStats {
    pub krylov: usize,
    pub shift: f64,
    pub max_residual: f64,
    /// Seconds spent: constraint rank (SVD), ordering + sparse Cholesky, constraint Schur complement, Lanczos.
    pub seconds_constraints: f64,
    pub seconds_factor: f64,
    pub seconds_schur: f64,
    pub seconds_lanczos: f64,
    /// The fill-reducing ordering of the Cholesky factor and its flop count.
    pub ordering: Option<crate::linalg::Ordering>,
    pub factor_flops: f64,
}

fn fail(e: &dyn std::fmt::Debug) -> ModesError {
    ModesError::Factorization(format!("{e:?}"))
}

/// Smallest `m` solutions of Eq. 22 (same contract as [`crate::modes::dense::dense_modes`]).
pub fn sparse_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &WeightConstraint,
    m: usize,
    opts: &EigenSettings,
) -> Result<(Modes, EigenStats), ModesError> {
    modes_with_block(hw, mw, jw, m, opts, LANCZOS_BLOCK)
}

/// [`sparse_modes`] with a given Lanczos block width.
fn modes_with_block(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &WeightConstraint,
    m: usize,
    opts: &EigenSettings,
    width: usize,
) -> Result<(Modes, EigenStats), ModesError> {
    let n = mw.len();
    if let Some(v) = mw.iter().position(|x| x.is_nan() || *x <= 0.0) {
        return Err(ModesError::Mass(v));
    }
    let inv_sqrt: Vec<f64> = mw.iter().map(|x| 1.0 / x.sqrt()).collect();
    let clock = std::time::Instant::now();
    let lap = |done: f64| clock.elapsed().as_secs_f64() - done;
    let mut stats = EigenStats::default();

    opts.report(EigenProgress::Constraints);
    let q = constraint_basis(jw, &inv_sqrt)?;
    let rank = q.ncols();
    let free = n - rank;
    if m > free {
        return Err(ModesError::TooManyModes { want: m, have: free, rank });
    }
    stats.seconds_constraints = lap(0.0);

    opts.report(EigenProgress::Factor);
    let (a, shift) = shifted_operator(hw, &inv_sqrt);
    let llt = Cholesky::new(&a)?;
    stats.ordering = Some(llt.ordering);
    stats.factor_flops = crate::linalg::factor_flops(&llt.symbolic);
    stats.seconds_factor = lap(stats.seconds_constraints);

    opts.report(EigenProgress::Schur);
    let op = ConstrainedInverse::new(llt, q)?;
    stats.seconds_schur = lap(stats.seconds_constraints + stats.seconds_factor);

    let ritz = block_lanczos(&op, m, free, width, opts)?;
    let mut weights = Mat::<f64>::zeros(n, m);
    for col in 0..m {
        let y = ritz.vectors.col(col);
        let nrm = y.norm_l2();
        for r in 0..n {
            weights[(r, col)] = inv_sqrt[r] * y[r] / nrm;
        }
    }
    let eigenvalues = ritz.theta.iter().map(|t| shift + 1.0 / t).collect();
    stats.krylov = ritz.krylov;
    stats.shift = shift;
    stats.max_residual = ritz.max_residual;
    stats.seconds_lanczos = lap(stats.seconds_constraints + stats.seconds_factor + stats.seconds_schur);
    Ok((Modes { weights, eigenvalues, constraint_rank: rank }, stats))
}

/// Independent constraint rows in `y` coordinates (Alg. 1): `Q` (n × rank, orthonormal columns) = leading right
/// singular vectors of `C = J_w M^{-1/2}`, from the distinct rows each scaled by √(its count): that keeps `CᵀC`,
/// hence the singular values and right singular vectors, exactly.
pub(crate) fn constraint_basis(jw: &WeightConstraint, inv_sqrt: &[f64]) -> Result<Mat<f64>, ModesError> {
    let n = inv_sqrt.len();
    let c = Mat::<f64>::from_fn(jw.rows.nrows(), n, |i, j| {
        (jw.count[i] as f64).sqrt() * jw.rows[(i, j)] * inv_sqrt[j]
    });
    // the row space of C: the same thin SVD as C's own (faer factors a wide matrix as its transpose)
    Ok(range_basis(c.transpose()).map_err(|e| fail(&e))?.basis)
}

/// `A = M^{-1/2} H_w M^{-1/2} − σ I` with a small negative shift relative to the operator's scale, on
/// `H_w`'s pattern (a diagonal entry is added where the pattern lacks one).
pub(crate) fn shifted_operator(
    hw: &SparseColMat<usize, f64>,
    inv_sqrt: &[f64],
) -> (SparseColMat<usize, f64>, f64) {
    let n = inv_sqrt.len();
    let mut col_ptr = Vec::with_capacity(n + 1);
    let mut row_idx = Vec::with_capacity(hw.compute_nnz() + n);
    let mut vals = Vec::with_capacity(hw.compute_nnz() + n);
    let mut diag = Vec::with_capacity(n);
    col_ptr.push(0);
    let mut diag_max: f64 = 0.0;
    for col in 0..n {
        let mut at = None;
        for (r, v) in hw.row_idx_of_col_raw(col).iter().zip(hw.val_of_col(col)) {
            let a = v * inv_sqrt[*r] * inv_sqrt[col];
            if *r == col {
                diag_max = diag_max.max(a.abs());
                at = Some(vals.len());
            }
            row_idx.push(*r);
            vals.push(a);
        }
        diag.push(at.unwrap_or_else(|| {
            row_idx.push(col);
            vals.push(0.0);
            vals.len() - 1
        }));
        col_ptr.push(row_idx.len());
    }
    let shift = -1e-8 * diag_max.max(f64::MIN_POSITIVE);
    for d in diag {
        vals[d] -= shift;
    }
    let symbolic = SymbolicSparseColMat::new_unsorted_checked(n, n, col_ptr, None, row_idx);
    (SparseColMat::new(symbolic, vals), shift)
}

/// The constrained inverse `P` of the module doc.
pub(crate) struct ConstrainedInverse {
    llt: Cholesky,
    q: Mat<f64>,
    y: Mat<f64>,
    schur: faer::linalg::solvers::Llt<f64>,
}

impl ConstrainedInverse {
    pub(crate) fn new(llt: Cholesky, q: Mat<f64>) -> Result<Self, ModesError> {
        let rank = q.ncols();
        let y = llt.solve(q.as_ref()); // n × rank
        let s = q.transpose() * &y; // rank × rank, SPD
        let s = Mat::<f64>::from_fn(rank, rank, |i, j| 0.5 * (s[(i, j)] + s[(j, i)]));
        let schur = s.llt(Side::Lower).map_err(|e| fail(&e))?;
        Ok(ConstrainedInverse { llt, q, y, schur })
    }

    pub(crate) fn dim(&self) -> usize {
        self.q.nrows()
    }

    pub(crate) fn apply(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        let x = self.llt.solve(b);
        if self.q.ncols() == 0 {
            return x;
        }
        let mu = self.schur.solve(self.y.transpose() * b);
        let x = x - &self.y * mu;
        // Exact in exact arithmetic, but with σ → 0 the Schur subtraction cancels large terms (A⁻¹ is huge
        // along H_w's constant null direction): project onto null(Q) once more, Q being orthonormal.
        self.project(x)
    }

    /// `(I − Q Qᵀ) x`.
    pub(crate) fn project(&self, x: Mat<f64>) -> Mat<f64> {
        let back = self.q.transpose() * &x;
        x - &self.q * back
    }
}

/// A symmetric operator on `null(Q)` whose largest eigenpairs [`block_lanczos`] finds: the constrained inverse
/// `P` here, and the force-dual covariance `P C P` ([`crate::modes::force_dual`]).
pub(crate) trait SymmetricOperator {
    /// The dimension `n` of the vectors.
    fn dim(&self) -> usize;
    /// The operator applied to a block of vectors (each in `null(Q)`); the result lies in `null(Q)`.
    fn apply(&self, b: MatRef<'_, f64>) -> Mat<f64>;
    /// The orthogonal projection onto `null(Q)`.
    fn project(&self, x: Mat<f64>) -> Mat<f64>;
}

impl SymmetricOperator for ConstrainedInverse {
    fn dim(&self) -> usize {
        ConstrainedInverse::dim(self)
    }
    fn apply(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        ConstrainedInverse::apply(self, b)
    }
    fn project(&self, x: Mat<f64>) -> Mat<f64> {
        ConstrainedInverse::project(self, x)
    }
}

/// Lanczos block width. Measured at 31k vertices (10 modes): width 1 needs 49 vectors (1.2 s), 2 → 66 (2.3 s),
/// 4 → 92, 6 → 126, 16 → 240 (4.7 s); on the default avatar (rank-1132 constraint, 16 modes) width 1 needs 151
/// vectors (8.2 s), 4 → 276 (29.5 s), 8 → 376 (20.2 s), 16 → 592 (25.4 s). The Krylov polynomial's degree, not the solves' throughput, sets the
/// cost: a multi-RHS solve with 10 columns costs only ~2× one column, but the near-degenerate eigenvalues of
/// symmetric shapes need a high degree.
pub(crate) const LANCZOS_BLOCK: usize = 1;

/// The `m` largest Ritz pairs of `P` (θ descending, vectors orthonormal in `y` coordinates).
pub(crate) struct Ritz {
    pub(crate) theta: Vec<f64>,
    pub(crate) vectors: Mat<f64>,
    pub(crate) krylov: usize,
    pub(crate) max_residual: f64,
}

/// Block Lanczos with full reorthogonalization on `P` (symmetric), restricted to `null(Q)` (dimension `free`).
/// The projected matrix `T = Vᵀ P V` is taken from the reorthogonalization products themselves, and the
/// residual of a Ritz pair `(θ, V s)` is `‖W s_last‖` with `W` the new block's part outside `span V`.
pub(crate) fn block_lanczos<Op: SymmetricOperator>(
    op: &Op,
    m: usize,
    free: usize,
    width: usize,
    opts: &EigenSettings,
) -> Result<Ritz, ModesError> {
    let n = op.dim();
    let limit = opts.max_krylov.min(free);
    let width = width.min(limit);
    let mut basis = op.project(random_block(n, width, opts.seed));
    let kept = orthonormalize(&mut basis);
    basis = basis.subcols(0, kept).to_owned();
    let mut t = Mat::<f64>::zeros(0, 0);
    loop {
        let k = basis.ncols();
        let start = k - last_width(&t, k);
        let mut w = op.apply(basis.subcols(start, k - start));
        // T[0..k, start..k] = Vᵀ P V_j (the first Gram–Schmidt pass), filled in symmetrically
        let h = basis.transpose() * &w;
        grow_symmetric(&mut t, &h, start);
        subtract_projection(basis.as_ref(), w.as_mut(), &h);
        let h2 = basis.transpose() * &w;
        subtract_projection(basis.as_ref(), w.as_mut(), &h2);

        let eig = t.self_adjoint_eigen(Side::Lower).map_err(|e| fail(&e))?;
        let theta = eig.S().column_vector();
        let s = eig.U();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&i, &j| theta[j].total_cmp(&theta[i])); // largest θ first
        order.truncate(m);
        let residual: Vec<f64> = order
            .iter()
            .map(|&i| {
                (&w * s.col(i).subrows(start, k - start)).norm_l2() / theta[i].abs().max(f64::MIN_POSITIVE)
            })
            .collect();
        let converged = residual.iter().filter(|r| **r <= opts.tol).count();
        opts.report(EigenProgress::Lanczos { krylov: k, converged: converged.min(order.len()), wanted: m });
        let done = order.len() == m && converged == m;
        let room = limit - k;
        let kept = if done || room == 0 { 0 } else { orthonormalize(&mut w).min(room) };
        if kept == 0 {
            if order.len() < m {
                return Err(ModesError::Factorization(format!("Krylov space exhausted at {k} vectors")));
            }
            let max_residual = residual.iter().copied().fold(0.0, f64::max);
            if !done {
                tracing::warn!(
                    krylov = k,
                    max_residual,
                    "block Lanczos stopped before reaching its tolerance"
                );
            }
            let sel = Mat::<f64>::from_fn(k, m, |r, c| s[(r, order[c])]);
            return Ok(Ritz {
                theta: order.iter().map(|&i| theta[i]).collect(),
                vectors: &basis * sel,
                krylov: k,
                max_residual,
            });
        }
        let new = w.subcols(0, kept);
        basis.resize_with(n, k + kept, |_, _| 0.0);
        basis.subcols_mut(k, kept).copy_from(new);
    }
}

/// Width of the newest block: the columns of `basis` that `t` does not cover yet.
fn last_width(t: &Mat<f64>, k: usize) -> usize {
    k - t.nrows()
}

/// Extends the symmetric `t` (start × start) to k × k with the column block `h = Vᵀ P V_j` (k × (k − start)).
fn grow_symmetric(t: &mut Mat<f64>, h: &Mat<f64>, start: usize) {
    let k = h.nrows();
    t.resize_with(k, k, |_, _| 0.0);
    for j in start..k {
        for i in 0..k {
            let v =
                if i >= start { 0.5 * (h[(i, j - start)] + h[(j, i - start)]) } else { h[(i, j - start)] };
            t[(i, j)] = v;
            t[(j, i)] = v;
        }
    }
}

/// `w −= V h`.
fn subtract_projection(v: MatRef<'_, f64>, w: MatMut<'_, f64>, h: &Mat<f64>) {
    faer::linalg::matmul::matmul(w, Accum::Add, v, h.as_ref(), -1.0, Par::Seq);
}

/// Orthonormalizes the columns of `w` in place (modified Gram–Schmidt, twice), moving the columns that are
/// numerically dependent on the earlier ones to the end; returns how many are independent.
fn orthonormalize(w: &mut Mat<f64>) -> usize {
    let mut kept = 0;
    for j in 0..w.ncols() {
        let before = w.col(j).norm_l2();
        for _ in 0..2 {
            for i in 0..kept {
                let c = w.col(i).transpose() * w.col(j);
                let (wi, mut wj) = w.as_mut().two_cols_mut(i, j);
                wj -= faer::Scale(c) * wi;
            }
        }
        let after = w.col(j).norm_l2();
        if after > 1e-12 * before && after > 0.0 {
            let mut wj = w.as_mut().col_mut(j);
            wj *= faer::Scale(1.0 / after);
            if kept != j {
                let (mut a, b) = w.as_mut().two_cols_mut(kept, j);
                a.copy_from(b);
            }
            kept += 1;
        }
    }
    kept
}

/// A reproducible pseudo-random n × width block.
fn random_block(n: usize, width: usize, seed: u64) -> Mat<f64> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    Mat::<f64>::from_fn(n, width, |_, _| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian, Material};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::{complementarity_matrix, dense_modes, weight_space_constraint};
    use crate::rig::{LbsRig, Rig, RigPart};

    fn compare(rig: impl Fn(&crate::mesh::tet_mesh::TetMesh) -> Rig, dims: (usize, usize, usize), m: usize) {
        compare_with_block(rig, dims, m, LANCZOS_BLOCK, &EigenSettings::default());
    }

    fn compare_with_block(
        rig: impl Fn(&crate::mesh::tet_mesh::TetMesh) -> Rig,
        dims: (usize, usize, usize),
        m: usize,
        width: usize,
        opts: &EigenSettings,
    ) {
        let mesh = box_mesh(dims.0, dims.1, dims.2, [2.0, 0.6, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 7) as f64 * 0.2;
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = rig(&mesh).jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]);
        let jw = weight_space_constraint(&mesh.vertices, &jcal);
        let hw = weight_space_hessian(&mesh, &mat);
        let dense = dense_modes(&hw, &mass, &jw, m).unwrap();
        // the sparse path takes the streamed distinct rows, never the dense J_w
        let distinct = WeightConstraint::new(&mesh.vertices, &jcal);
        let (sparse, stats) = modes_with_block(&hw, &mass, &distinct, m, opts, width).unwrap();
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

    #[test]
    fn wider_lanczos_blocks_match_dense_too() {
        for width in [3, 12] {
            compare_with_block(|_| Rig::affine(), (8, 3, 3), 10, width, &EigenSettings::default());
            let two_bone = |m: &crate::mesh::tet_mesh::TetMesh| {
                Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(m, 0, 1.0, 0.4))]).unwrap()
            };
            compare_with_block(two_bone, (8, 3, 3), 8, width, &EigenSettings::default());
        }
    }

    #[test]
    fn progress_reports_every_phase_in_order() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        let opts = EigenSettings {
            progress: Some(Arc::new(move |p| sink.lock().unwrap().push(p))),
            ..Default::default()
        };
        compare_with_block(|_| Rig::affine(), (8, 3, 3), 10, LANCZOS_BLOCK, &opts);
        let seen = seen.lock().unwrap();
        assert_eq!(seen[..3], [EigenProgress::Constraints, EigenProgress::Factor, EigenProgress::Schur]);
        let lanczos: Vec<(usize, usize)> = seen[3..]
            .iter()
            .map(|p| match *p {
                EigenProgress::Lanczos { krylov, converged, wanted: 10 } => (krylov, converged),
                other => panic!("unexpected {other:?}"),
            })
            .collect();
        assert!(lanczos.windows(2).all(|w| w[1].0 > w[0].0), "the basis grows: {lanczos:?}");
        assert_eq!(lanczos.last().map(|l| l.1), Some(10));
        assert!(format!("{opts:?}").contains("progress: Some"));
    }
}
