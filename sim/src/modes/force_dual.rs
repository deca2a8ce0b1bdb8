//! Force-Dual skinning eigenmodes (paper 004, Benchekroun et al. 2025, "Force-Dual Modes: Subspace Design from
//! Stochastic Forces", §3–§4.5): the skinning weights `W` are the principal components of the scalar weight
//! displacements that random forces produce, instead of the lowest vibration modes of Eq. 22 (paper 000).
//!
//! Random forces `F ~ N(0, Σ_F)` (3n, coordinate-major) push through the *constrained* Green's operator `G` of
//! the weight-space Hessian: `u = G f` solves the KKT system `[H_w J_wᵀ; J_w 0] [u; μ] = [f; 0]` (the
//! linearized statics of Eq. 10–13 with the complementarity constraint of paper 000 Eq. 19–21), so
//! `Σ_U = G Σ_F G` (Eq. 14–15). The skinning weights are scalar, so the three coordinate blocks are pooled
//! (§4.5, scalarization):
//!
//! ```text
//!     Σ_φ = Σ_{d∈{x,y,z}} G Σ_F^{dd} G                          (sum of the diagonal blocks)
//!     Σ_φ M_w B = B Λ,   Bᵀ M_w B = I,   top m of Λ             (Eq. 8 with Eq. 15)
//! ```
//!
//! We take the sum of the diagonal blocks, not the covariance of `U_x + U_y + U_z` (which adds the cross
//! blocks `G Σ_F^{de} G`, i.e. the SVD of `K_x + K_y + K_z` of the digest's C3): the latter changes when the
//! forces are rotated, the trace over `d` does not.
//!
//! `range(G) ⊂ null(J_w)`, so `J_w W = 0` holds exactly (to round-off), as for Eq. 22. In `y = M^{1/2} w`
//! coordinates the problem is the symmetric `K_y = G_y C G_y` with `G_y = M^{1/2} G M^{1/2}` (the constrained
//! inverse of `M^{-1/2} H_w M^{-1/2}` under `Q y = 0`, [`crate::modes::lanczos`]) and
//! `C = Σ_d M^{-1/2} Σ_F^{dd} M^{-1/2}`; then `W = M^{-1/2} Y` (Eq. 37).
//!
//! The prior is `Σ_F = L Lᵀ + painted diagonal`: `C = X Xᵀ + diag(3 m_v s_v)` with the scalarized factor
//! columns `X = [M^{-1/2} L_x, M^{-1/2} L_y, M^{-1/2} L_z]` (n × 3r) and a painted acceleration variance `s_v`
//! (force variance `m_v² s_v` per coordinate). Two exact solvers:
//! - few columns (C2, Eq. 36–37): `Z = G_y [X | diag(√(3 m_v s_v)) on the painted support]`, thin SVD
//!   `Z = U S Vᵀ`, `Y = U[:, :m]`, `Λ = S²`;
//! - many columns (a painted region of thousands of vertices): block Lanczos with full reorthogonalization
//!   on the matrix-free `v ↦ G_y (X Xᵀ + D) G_y v` (two constrained solves per product).
//!
//! Each mode reports its variance `Λ_i` (descending) and its Rayleigh quotient `λ_i = w_iᵀ H_w w_i` (stiffness
//! per mass, positive, what [`Modes::eigenvalues`] holds for the clustering's feature scaling).
//!
//! Special cases (tested): `Σ_F = I₃ ⊗ M` recovers Eq. 22 with `Λ = 3/λ²` (App. B: `Λ⁻¹ = Γ²`, ×3 for the
//! three pooled coordinates); a rank-r factor spans `G L` (App. C, Green's functions).

use crate::fem::spmv;
use crate::linalg::cholesky::Cholesky;
use crate::modes::dense::{check_mass, whitened_null_space, WhitenedNullSpace};
use crate::modes::dense::{Modes, ModesError, WeightConstraint};
use crate::modes::lanczos::{
    block_lanczos, constraint_basis, shifted_operator, ConstrainedInverse, EigenProgress, EigenSettings,
    SymmetricOperator, LANCZOS_BLOCK,
};
use faer::sparse::SparseColMat;
use faer::{Mat, MatRef};

/// A Gaussian force prior `F ~ N(0, L Lᵀ + painted diagonal)` on the 3n coordinate-major forces.
#[derive(Clone, Debug)]
pub struct ForcePrior {
    /// Low-rank factor `L` (3n × r, coordinate-major rows; may have 0 columns): `Σ_F ⊇ L Lᵀ`.
    pub factor: Mat<f64>,
    /// Painted per-vertex acceleration variance `s_v ≥ 0` (m²/s⁴), n values or empty: adds
    /// `diag(m_v² s_v)` to every diagonal block `Σ_F^{dd}` (a random acceleration of variance `s_v` at `v`).
    pub painted: Vec<f64>,
}

/// What [`force_dual_modes`] found besides the modes.
#[derive(Clone, Debug, Default)]
pub struct ForceDualStats {
    /// `Λ_i` of Eq. 8, descending: the variance of the scalarized displacement along mode `i` (kg·m²).
    pub variances: Vec<f64>,
    /// The prior's effective rank (after scalarization and the constraint): exact on the SVD path; on the
    /// Lanczos path an upper bound (columns of `X` plus painted vertices, at most the free dimension).
    pub prior_rank: usize,
    /// Wall time of the whole solve.
    pub seconds: f64,
}

/// Relative singular value `√(Λ_i/Λ_1)` below which a direction of `Σ_φ` counts as absent (the prior's
/// effective rank).
pub const PRIOR_RANK_TOL: f64 = 1e-7;

/// Singular value, relative to `√tr(C) / max_v A₀[v, v]`, below which a direction of `Σ_φ` counts as round-off:
/// a force component inside `range(J_wᵀ)` (e.g. rig inertia `M J p̈` with no momentum leak, `D = I`: exactly
/// the constraint's own rows) has `G f = 0`, but the shifted solve returns `~ε/|σ| = 1e-8/max A₀[v,v]` noise
/// (see [`Green`]), while a genuine direction gives at least `(its share of √tr C) / λ_max(A₀)` with
/// `λ_max(A₀) ≤ 2 max A₀[v,v]` (Gershgorin, `H_w` a Laplacian).
const PRIOR_NOISE_TOL: f64 = 1e-5;

/// Most columns (`3r` plus painted vertices) for which the explicit-factor SVD path is used; beyond, Lanczos.
const DIRECT_MAX_COLUMNS: usize = 384;

/// Neumann corrections removing the Cholesky's shift `σ` from `G_y` (see [`Green`]).
const GREEN_REFINEMENTS: usize = 2;

/// `Σ_p̈^{1/2}`-weighted rig inertia `L = M J F` (3n × k; `M = I₃ ⊗ diag(mass)`, `J` the rig Jacobian 3n × p,
/// `Σ_p̈ = F Fᵀ` with `F` p × k): the inertial forces `−M J p̈` of random rig accelerations `p̈ ~ N(0, Σ_p̈)`
/// (the forces complementary dynamics feels, paper 000 Eq. 3), as a factor of `Σ_F = L Lᵀ`.
pub fn rig_inertia_factor(mass: &[f64], jac: &SparseColMat<usize, f64>, pdd_factor: &Mat<f64>) -> Mat<f64> {
    let n = mass.len();
    assert_eq!(jac.nrows(), 3 * n, "rig Jacobian rows");
    assert_eq!(jac.ncols(), pdd_factor.nrows(), "Σ_p̈ factor rows vs rig parameters");
    let k = pdd_factor.ncols();
    let mut out = Mat::<f64>::zeros(3 * n, k);
    for q in 0..jac.ncols() {
        for (r, val) in jac.row_idx_of_col_raw(q).iter().zip(jac.val_of_col(q)) {
            let mj = mass[r % n] * val; // (M J)[r, q]
            for j in 0..k {
                out[(*r, j)] += mj * pdd_factor[(q, j)];
            }
        }
    }
    out
}

impl ForcePrior {
    /// Sizes and values: `factor` has 3n rows and finite entries, `painted` is empty or n finite values ≥ 0.
    pub fn check(&self, n: usize) -> Result<(), ModesError> {
        let bad = |m: String| Err(ModesError::Prior(m));
        if self.factor.nrows() != 3 * n && !(self.factor.ncols() == 0 && self.factor.nrows() == 0) {
            return bad(format!("the factor L has {} rows, expected 3n = {}", self.factor.nrows(), 3 * n));
        }
        for j in 0..self.factor.ncols() {
            if let Some(i) = (0..self.factor.nrows()).find(|&i| !self.factor[(i, j)].is_finite()) {
                return bad(format!("the factor L has a non-finite entry at ({i}, {j})"));
            }
        }
        if !self.painted.is_empty() && self.painted.len() != n {
            return bad(format!("{} painted variances for {n} vertices", self.painted.len()));
        }
        if let Some(v) = self.painted.iter().position(|s| !(s.is_finite() && *s >= 0.0)) {
            return bad(format!("painted variance {} at vertex {v} is not finite and ≥ 0", self.painted[v]));
        }
        Ok(())
    }

    /// In `y` coordinates: the scalarized factor columns `X = [M^{-1/2} L_x, M^{-1/2} L_y, M^{-1/2} L_z]`
    /// (all-zero columns dropped) and the painted diagonal `D = diag(3 m_v s_v)`, so that
    /// `C = Σ_d M^{-1/2} Σ_F^{dd} M^{-1/2} = X Xᵀ + D`.
    fn scalarized(&self, mw: &[f64], inv_sqrt: &[f64]) -> (Mat<f64>, Vec<f64>) {
        let n = mw.len();
        let mut cols: Vec<(usize, usize)> = Vec::new(); // (d, j)
        for j in 0..self.factor.ncols() {
            for d in 0..3 {
                if (0..n).any(|v| self.factor[(d * n + v, j)] != 0.0) {
                    cols.push((d, j));
                }
            }
        }
        let x = Mat::<f64>::from_fn(n, cols.len(), |v, c| {
            let (d, j) = cols[c];
            inv_sqrt[v] * self.factor[(d * n + v, j)]
        });
        // M^{-1/2} diag(m_v² s_v) M^{-1/2} = diag(m_v s_v), once per coordinate block
        let diag = if self.painted.is_empty() {
            vec![0.0; n]
        } else {
            (0..n).map(|v| 3.0 * mw[v] * self.painted[v]).collect()
        };
        (x, diag)
    }
}

/// `[X | √D e_v for v in the painted support]` (n × (cols + support)): `Z Zᵀ = C`.
fn explicit_columns(x: &Mat<f64>, diag: &[f64]) -> Mat<f64> {
    let n = x.nrows();
    let support: Vec<usize> = (0..n).filter(|&v| diag[v] > 0.0).collect();
    let mut z = Mat::<f64>::zeros(n, x.ncols() + support.len());
    z.subcols_mut(0, x.ncols()).copy_from(x);
    for (k, &v) in support.iter().enumerate() {
        z[(v, x.ncols() + k)] = diag[v].sqrt();
    }
    z
}

/// `G_y`: the constrained inverse of the *unshifted* `A₀ = M^{-1/2} H_w M^{-1/2}` on `null(Q)`. The Cholesky
/// factors `A₀ − σI` (σ < 0, because `H_w` is singular), whose constrained inverse `P` is off by a relative
/// `|σ|/λ₁` (up to 1e-4 on fine meshes): the Neumann series `A₀⁻¹ = Σ_k (−σ)^k P^{k+1}` on `null(Q)`, i.e.
/// `x ← P b − σ P x`, removes it to `(|σ|/λ₁)^{1+GREEN_REFINEMENTS}`.
struct Green {
    inv: ConstrainedInverse,
    shift: f64,
}

impl Green {
    fn apply(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        let pb = self.inv.apply(b);
        let mut x = pb.clone();
        for _ in 0..GREEN_REFINEMENTS {
            let px = self.inv.apply(x.as_ref());
            x = Mat::<f64>::from_fn(pb.nrows(), pb.ncols(), |i, j| pb[(i, j)] - self.shift * px[(i, j)]);
        }
        x
    }
}

/// `K_y = G_y (X Xᵀ + D) G_y` (= `M^{1/2} Σ_φ M^{1/2}`), matrix-free.
struct Covariance<'a> {
    green: &'a Green,
    x: &'a Mat<f64>,
    diag: &'a [f64],
}

impl SymmetricOperator for Covariance<'_> {
    fn dim(&self) -> usize {
        self.diag.len()
    }
    fn apply(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        let g = self.green.apply(b);
        let xtg = self.x.transpose() * &g;
        let mut c = self.x * xtg;
        for j in 0..c.ncols() {
            for v in 0..c.nrows() {
                c[(v, j)] += self.diag[v] * g[(v, j)];
            }
        }
        self.green.apply(c.as_ref())
    }
    fn project(&self, x: Mat<f64>) -> Mat<f64> {
        self.green.inv.project(x)
    }
}

/// Force-Dual skinning eigenmodes: the top `m` solutions of `Σ_φ M_w B = B Λ` (Eq. 8 with Eq. 15, scalarized
/// as in the module doc), `W` `M_w`-orthonormal with `J_w W = 0`, ordered by descending variance. The modes'
/// `eigenvalues` are the Rayleigh quotients `w_iᵀ H_w w_i`; the variances are in the stats.
pub fn force_dual_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &WeightConstraint,
    prior: &ForcePrior,
    m: usize,
    opts: &EigenSettings,
) -> Result<(Modes, ForceDualStats), ModesError> {
    force_dual_with(hw, mw, jw, prior, m, opts, DIRECT_MAX_COLUMNS)
}

/// [`force_dual_modes`] with the SVD path taken up to `direct_max` columns (tests force Lanczos with 0).
fn force_dual_with(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &WeightConstraint,
    prior: &ForcePrior,
    m: usize,
    opts: &EigenSettings,
    direct_max: usize,
) -> Result<(Modes, ForceDualStats), ModesError> {
    let clock = std::time::Instant::now();
    let n = mw.len();
    if let Some(v) = mw.iter().position(|x| x.is_nan() || *x <= 0.0) {
        return Err(ModesError::Mass(v));
    }
    prior.check(n)?;
    let inv_sqrt: Vec<f64> = mw.iter().map(|x| 1.0 / x.sqrt()).collect();

    opts.report(EigenProgress::Constraints);
    let q = constraint_basis(jw, &inv_sqrt)?;
    let rank = q.ncols();
    let free = n - rank;
    if m > free {
        return Err(ModesError::TooManyModes { want: m, have: free, rank });
    }
    let (x, diag) = prior.scalarized(mw, &inv_sqrt);
    let columns = x.ncols() + diag.iter().filter(|d| **d > 0.0).count();
    if m > columns {
        return Err(ModesError::PriorRank { want: m, rank: columns });
    }

    // max_v A₀[v, v] with A₀ = M^{-1/2} H_w M^{-1/2}: the scale of the noise floor
    let diag_max = (0..n)
        .flat_map(|c| hw.row_idx_of_col_raw(c).iter().zip(hw.val_of_col(c)).map(move |(r, x)| (*r, c, *x)))
        .filter(|(r, c, _)| r == c)
        .map(|(r, _, x)| (x * inv_sqrt[r] * inv_sqrt[r]).abs())
        .fold(0.0, f64::max);
    opts.report(EigenProgress::Factor);
    let (a, shift) = shifted_operator(hw, &inv_sqrt);
    let llt = Cholesky::new(&a)?;
    opts.report(EigenProgress::Schur);
    let green = Green { inv: ConstrainedInverse::new(llt, q)?, shift };

    let (y, variances, prior_rank) = if columns <= direct_max {
        // C2 (Eq. 36–37): Z = G_y [X | √D], thin SVD, Y = U[:, :m], Λ = S²
        let raw = explicit_columns(&x, &diag);
        let floor = noise_floor(&raw, diag_max);
        let z = green.apply(raw.as_ref());
        let (u, s) = thin_svd_desc(&z)?;
        let prior_rank = effective_rank(&s, floor);
        if m > prior_rank {
            return Err(ModesError::PriorRank { want: m, rank: prior_rank });
        }
        (u.subcols(0, m).to_owned(), s[..m].iter().map(|s| s * s).collect::<Vec<_>>(), prior_rank)
    } else {
        let op = Covariance { green: &green, x: &x, diag: &diag };
        let ritz = block_lanczos(&op, m, free, LANCZOS_BLOCK, opts)?;
        let trace = x.norm_l2().powi(2) + diag.iter().sum::<f64>();
        let floor = PRIOR_NOISE_TOL * trace.sqrt() / (diag_max);
        let s: Vec<f64> = ritz.theta.iter().map(|t| t.max(0.0).sqrt()).collect();
        let found = effective_rank(&s, floor);
        if found < m {
            return Err(ModesError::PriorRank { want: m, rank: found });
        }
        (ritz.vectors, ritz.theta, columns.min(free))
    };

    let weights = Mat::<f64>::from_fn(n, m, |v, i| inv_sqrt[v] * y[(v, i)] / y.col(i).norm_l2());
    let eigenvalues = rayleigh_quotients(hw, &weights);
    let stats = ForceDualStats { variances, prior_rank, seconds: clock.elapsed().as_secs_f64() };
    Ok((Modes { weights, eigenvalues, constraint_rank: rank }, stats))
}

/// Dense oracle of [`force_dual_modes`] (O(n³), small meshes): the null-space method of
/// [`crate::modes::dense::dense_modes`] with `G_y = N (Nᵀ A₀ N)⁻¹ Nᵀ` formed densely (`N` an orthonormal basis
/// of `null(J_w M^{-1/2})`, `A₀ = M^{-1/2} H_w M^{-1/2}`, no shift), then the SVD of `G_y [X | √D]`. Returns
/// the modes and the variances `Λ` (descending).
pub fn dense_force_dual_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &Mat<f64>,
    prior: &ForcePrior,
    m: usize,
) -> Result<(Modes, Vec<f64>), ModesError> {
    let n = mw.len();
    check_mass(mw)?;
    prior.check(n)?;
    let WhitenedNullSpace { inv_sqrt, null, rank, a, values: gamma, vectors } =
        whitened_null_space(hw, mw, jw, m)?;
    let free = gamma.len();
    if let Some(i) = (0..free).find(|&i| gamma[i] <= 0.0) {
        return Err(ModesError::Factorization(format!(
            "the constrained Hessian is not positive definite (eigenvalue {} at {i})",
            gamma[i]
        )));
    }
    // G_y = (N V) Γ⁻¹ (N V)ᵀ
    let nv = &null * &vectors;
    let scaled = Mat::<f64>::from_fn(n, free, |i, j| nv[(i, j)] / gamma[j]);
    let green = &scaled * nv.transpose();

    let (x, diag) = prior.scalarized(mw, &inv_sqrt);
    let raw = explicit_columns(&x, &diag);
    let diag_max = (0..n).map(|i| a[(i, i)].abs()).fold(0.0, f64::max);
    let z = &green * &raw;
    let (u, sv) = thin_svd_desc(&z)?;
    let prior_rank = effective_rank(&sv, noise_floor(&raw, diag_max));
    if m > prior_rank {
        return Err(ModesError::PriorRank { want: m, rank: prior_rank });
    }
    let weights = Mat::<f64>::from_fn(n, m, |v, i| inv_sqrt[v] * u[(v, i)]);
    let eigenvalues = rayleigh_quotients(hw, &weights);
    Ok((Modes { weights, eigenvalues, constraint_rank: rank }, sv[..m].iter().map(|s| s * s).collect()))
}

/// Left singular vectors and singular values of `z`, descending (an empty `z` has none).
fn thin_svd_desc(z: &Mat<f64>) -> Result<(Mat<f64>, Vec<f64>), ModesError> {
    if z.ncols() == 0 {
        return Ok((Mat::zeros(z.nrows(), 0), Vec::new()));
    }
    let svd = z.thin_svd().map_err(|e| ModesError::Factorization(format!("{e:?}")))?;
    let s = svd.S().column_vector();
    let mut order: Vec<usize> = (0..s.nrows()).collect();
    order.sort_by(|&i, &j| s[j].total_cmp(&s[i]));
    let u = svd.U();
    let sorted = Mat::<f64>::from_fn(z.nrows(), order.len(), |r, c| u[(r, order[c])]);
    Ok((sorted, order.iter().map(|&i| s[i]).collect()))
}

/// Singular values (descending) above [`PRIOR_RANK_TOL`] relative to the largest and above `floor`.
fn effective_rank(s: &[f64], floor: f64) -> usize {
    let top = s.first().copied().unwrap_or(0.0);
    s.iter().filter(|&&x| x > PRIOR_RANK_TOL * top && x > floor).count()
}

/// [`PRIOR_NOISE_TOL`] `· ‖Z_raw‖_F / max A₀[v, v]` (`‖Z_raw‖_F² = tr C`).
fn noise_floor(raw: &Mat<f64>, diag_max: f64) -> f64 {
    PRIOR_NOISE_TOL * raw.norm_l2() / diag_max
}

/// `λ_i = w_iᵀ H_w w_i` (with `w_iᵀ M_w w_i = 1`: stiffness per mass, like Eq. 22's eigenvalues).
fn rayleigh_quotients(hw: &SparseColMat<usize, f64>, weights: &Mat<f64>) -> Vec<f64> {
    (0..weights.ncols())
        .map(|i| {
            let w: Vec<f64> = (0..weights.nrows()).map(|v| weights[(v, i)]).collect();
            spmv(hw, &w).iter().zip(&w).map(|(a, b)| a * b).sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian, Material};
    use crate::mesh::tet_mesh::{shapes::box_mesh, TetMesh};
    use crate::modes::dense::{complementarity_matrix, dense_modes, weight_space_constraint};
    use crate::rig::{LbsRig, Rig, RigPart};

    struct Setup {
        mesh: TetMesh,
        mass: Vec<f64>,
        hw: SparseColMat<usize, f64>,
        jw_dense: Mat<f64>,
        jw: WeightConstraint,
    }

    /// A bar with a heterogeneous material (no symmetric degeneracies) and unequal cross-section sides.
    fn setup(rig: impl Fn(&TetMesh) -> Rig, dims: (usize, usize, usize), size: [f64; 3]) -> Setup {
        let mesh = box_mesh(dims.0, dims.1, dims.2, size);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 7) as f64 * 0.2;
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = rig(&mesh).jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]);
        let jw_dense = weight_space_constraint(&mesh.vertices, &jcal);
        let jw = WeightConstraint::new(&mesh.vertices, &jcal);
        let hw = weight_space_hessian(&mesh, &mat);
        Setup { mesh, mass, hw, jw_dense, jw }
    }

    fn bar() -> Setup {
        setup(|_| Rig::affine(), (6, 2, 2), [2.0, 0.6, 0.45])
    }

    fn two_bone() -> Setup {
        setup(
            |m| Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(m, 0, 1.0, 0.4))]).unwrap(),
            (6, 2, 2),
            [2.0, 0.6, 0.45],
        )
    }

    /// Reproducible standard normal samples (LCG + Box–Muller).
    struct Gauss(u64);
    impl Gauss {
        fn uniform(&mut self) -> f64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 11) as f64 + 0.5) / (1u64 << 53) as f64
        }
        fn next(&mut self) -> f64 {
            let (a, b) = (self.uniform(), self.uniform());
            (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
        }
    }

    /// `Aᵀ M B`.
    fn m_inner(a: &Mat<f64>, b: &Mat<f64>, mass: &[f64]) -> Mat<f64> {
        Mat::<f64>::from_fn(a.ncols(), b.ncols(), |i, j| {
            (0..mass.len()).map(|v| a[(v, i)] * mass[v] * b[(v, j)]).sum()
        })
    }

    /// `M`-orthonormal basis of the columns of `u` (Gram–Schmidt twice, dropping dependent columns).
    fn m_orthonormal(u: &Mat<f64>, mass: &[f64]) -> Mat<f64> {
        let n = u.nrows();
        let mut cols: Vec<Vec<f64>> = Vec::new();
        for j in 0..u.ncols() {
            let mut c: Vec<f64> = (0..n).map(|v| u[(v, j)]).collect();
            let before: f64 = (0..n).map(|v| c[v] * mass[v] * c[v]).sum::<f64>().sqrt();
            for _ in 0..2 {
                for b in &cols {
                    let d: f64 = (0..n).map(|v| b[v] * mass[v] * c[v]).sum();
                    for v in 0..n {
                        c[v] -= d * b[v];
                    }
                }
            }
            let after: f64 = (0..n).map(|v| c[v] * mass[v] * c[v]).sum::<f64>().sqrt();
            if after > 1e-9 * before {
                cols.push(c.iter().map(|x| x / after).collect());
            }
        }
        Mat::<f64>::from_fn(n, cols.len(), |v, j| cols[j][v])
    }

    /// Largest `M`-norm distance of a column of `a` (M-orthonormal) from `span(b)` (M-orthonormal): the sine
    /// of the largest principal angle when both have the same dimension.
    fn span_gap(a: &Mat<f64>, b: &Mat<f64>, mass: &[f64]) -> f64 {
        let coef = m_inner(b, a, mass);
        let rest = a - b * &coef;
        (0..a.ncols())
            .map(|i| (0..mass.len()).map(|v| rest[(v, i)].powi(2) * mass[v]).sum::<f64>().sqrt())
            .fold(0.0, f64::max)
    }

    fn orthonormality(w: &Mat<f64>, mass: &[f64]) -> f64 {
        (m_inner(w, w, mass) - Mat::<f64>::identity(w.ncols(), w.ncols())).norm_max()
    }

    fn complementarity(s: &Setup, w: &Mat<f64>) -> f64 {
        (&s.jw_dense * w).norm_max() / (s.jw_dense.norm_max() * w.norm_max())
    }

    /// An independent constrained Green's operator in `w` coordinates (not the code under test): `G = N_w
    /// (N_wᵀ H_w N_w)⁻¹ N_wᵀ` with `N_w` from the SVD of the unweighted `J_w`, by an LU solve.
    fn green_dense(s: &Setup) -> Mat<f64> {
        let n = s.mesh.n();
        let svd = s.jw_dense.svd().unwrap();
        let sv = svd.S().column_vector();
        let smax = (0..sv.nrows()).map(|i| sv[i]).fold(0.0, f64::max);
        let rank = (0..sv.nrows()).filter(|&i| sv[i] > 1e-10 * smax).count();
        let nw = svd.V().subcols(rank, n - rank).to_owned();
        let h = s.hw.to_dense();
        let r = nw.transpose() * &h * &nw;
        let lu = r.partial_piv_lu();
        let rinv_nt = faer::linalg::solvers::Solve::solve(&lu, nw.transpose().to_owned());
        &nw * rinv_nt
    }

    /// `I₃ ⊗ M^{1/2}` (3n × 3n): `Σ_F = I₃ ⊗ M`, spatially white force noise (LMA's prior, App. B).
    fn white_factor(mass: &[f64]) -> Mat<f64> {
        let n = mass.len();
        Mat::<f64>::from_fn(3 * n, 3 * n, |r, c| if r == c { mass[r % n].sqrt() } else { 0.0 })
    }

    /// A few random forces on a patch near `x ≈ 0` (3n × r).
    fn patch_factor(s: &Setup, r: usize, seed: u64) -> Mat<f64> {
        let n = s.mesh.n();
        let mut g = Gauss(seed);
        Mat::<f64>::from_fn(3 * n, r, |row, _| {
            let v = row % n;
            let near = s.mesh.vertices[v][0] < 0.5;
            let x = g.next();
            if near {
                x
            } else {
                0.0
            }
        })
    }

    fn opts() -> EigenSettings {
        EigenSettings::default()
    }

    /// App. B: `Σ_F = I₃ ⊗ M` recovers the skinning eigenmodes of Eq. 22 with `Λ_i = 3/λ_i²` (`Λ⁻¹ = Γ²` per
    /// coordinate, three coordinates pooled), by the explicit factor (SVD path), by painting `s_v = 1/m_v`
    /// (Lanczos path) and by the dense oracle.
    #[test]
    fn white_forces_recover_skinning_eigenmodes() {
        let s = bar();
        let m = 6;
        let se = dense_modes(&s.hw, &s.mass, &s.jw_dense, m + 1).unwrap();
        let lam = &se.eigenvalues;
        for i in 0..m {
            let gap = (lam[i + 1] - lam[i]) / lam[i + 1];
            assert!(gap > 1e-3, "SE eigenvalues {i}, {} too close for a per-mode comparison: {lam:?}", i + 1);
        }
        let se_w = se.weights.subcols(0, m).to_owned();
        let factor = ForcePrior { factor: white_factor(&s.mass), painted: vec![] };
        let painted =
            ForcePrior { factor: Mat::zeros(0, 0), painted: s.mass.iter().map(|x| 1.0 / x).collect() };
        let runs = [
            (
                "sparse, factor",
                force_dual_with(&s.hw, &s.mass, &s.jw, &factor, m, &opts(), usize::MAX).unwrap(),
            ),
            (
                "sparse, painted (Lanczos)",
                force_dual_with(&s.hw, &s.mass, &s.jw, &painted, m, &opts(), 0).unwrap(),
            ),
            (
                "sparse, painted (SVD)",
                force_dual_with(&s.hw, &s.mass, &s.jw, &painted, m, &opts(), usize::MAX).unwrap(),
            ),
        ];
        let dense = dense_force_dual_modes(&s.hw, &s.mass, &s.jw_dense, &factor, m).unwrap();
        let mut all: Vec<(&str, Modes, Vec<f64>)> =
            runs.into_iter().map(|(name, (modes, stats))| (name, modes, stats.variances)).collect();
        all.push(("dense", dense.0, dense.1));
        for (name, modes, variances) in &all {
            let gap = span_gap(&modes.weights, &se_w, &s.mass);
            assert!(gap < 1e-8, "{name}: FD and SE spans differ by {gap:e}");
            for i in 0..m {
                // each mode separately (well-separated eigenvalues), and Λ_i λ_i² = 3
                let one = span_gap(
                    &modes.weights.subcols(i, 1).to_owned(),
                    &se_w.subcols(i, 1).to_owned(),
                    &s.mass,
                );
                assert!(one < 1e-7, "{name}: mode {i} differs by {one:e}");
                let prod = variances[i] * lam[i] * lam[i];
                assert!((prod - 3.0).abs() < 1e-7, "{name}: Λ_{i} λ_{i}² = {prod}");
                assert!(
                    (modes.eigenvalues[i] - lam[i]).abs() < 1e-8 * lam[i],
                    "{name}: Rayleigh quotient {i}"
                );
            }
            assert!(variances.windows(2).all(|p| p[0] >= p[1]), "{name}: variances descend");
        }
    }

    /// §3.2 item 8: scaling `Σ_F` by `c` keeps `W` (up to sign) and scales `Λ` by `c`.
    #[test]
    fn scaling_the_prior_scales_only_the_variances() {
        let s = two_bone();
        let m = 5;
        let c: f64 = 7.3;
        let painted: Vec<f64> = s.mesh.vertices.iter().map(|x| if x[0] > 1.4 { 2.0 } else { 0.0 }).collect();
        let base = ForcePrior { factor: patch_factor(&s, 2, 3), painted: painted.clone() };
        let scaled = ForcePrior {
            factor: Mat::<f64>::from_fn(base.factor.nrows(), base.factor.ncols(), |i, j| {
                c.sqrt() * base.factor[(i, j)]
            }),
            painted: painted.iter().map(|x| c * x).collect(),
        };
        for direct in [usize::MAX, 0] {
            let (a, sa) = force_dual_with(&s.hw, &s.mass, &s.jw, &base, m, &opts(), direct).unwrap();
            let (b, sb) = force_dual_with(&s.hw, &s.mass, &s.jw, &scaled, m, &opts(), direct).unwrap();
            let overlap = m_inner(&a.weights, &b.weights, &s.mass);
            for i in 0..m {
                assert!(
                    (overlap[(i, i)].abs() - 1.0).abs() < 1e-8,
                    "mode {i}: |w_aᵀ M w_b| = {}",
                    overlap[(i, i)]
                );
                let ratio = sb.variances[i] / sa.variances[i];
                assert!((ratio - c).abs() < 1e-8 * c, "Λ ratio {ratio}");
            }
        }
    }

    /// The scalarization (sum of the diagonal blocks of `Σ_U`) does not depend on the direction of the forces:
    /// rotating every force vector by the same `R` keeps `W` and `Λ` (summing `K_x + K_y + K_z` would not).
    #[test]
    fn scalarization_is_rotation_invariant() {
        let s = two_bone();
        let n = s.mesh.n();
        let m = 5;
        let base = ForcePrior { factor: patch_factor(&s, 3, 31), painted: vec![] };
        let (c, sn) = (0.6f64, 0.8f64);
        let rot = [[c, -sn, 0.0], [sn * 0.6, c * 0.6, -0.8], [sn * 0.8, c * 0.8, 0.6]]; // orthogonal
        let rotated = ForcePrior {
            factor: Mat::<f64>::from_fn(3 * n, base.factor.ncols(), |r, j| {
                let (d, v) = (r / n, r % n);
                (0..3).map(|e| rot[d][e] * base.factor[(e * n + v, j)]).sum()
            }),
            painted: vec![],
        };
        let (a, sa) = force_dual_modes(&s.hw, &s.mass, &s.jw, &base, m, &opts()).unwrap();
        let (b, sb) = force_dual_modes(&s.hw, &s.mass, &s.jw, &rotated, m, &opts()).unwrap();
        let overlap = m_inner(&a.weights, &b.weights, &s.mass);
        for i in 0..m {
            assert!((sa.variances[i] - sb.variances[i]).abs() < 1e-9 * sa.variances[0], "Λ_{i}");
            assert!((overlap[(i, i)].abs() - 1.0).abs() < 1e-7, "mode {i}: {}", overlap[(i, i)]);
        }
    }

    /// App. C: a rank-r factor gives `span(W) = span(G [L_x L_y L_z])` when `m` is the scalarized rank `3r`;
    /// one more mode is refused (its variance would be zero). `G` here is an independent dense KKT inverse.
    #[test]
    fn low_rank_forces_span_their_green_functions() {
        let s = two_bone();
        let n = s.mesh.n();
        let r = 2;
        let prior = ForcePrior { factor: patch_factor(&s, r, 11), painted: vec![] };
        let g = green_dense(&s);
        let l_scalar = Mat::<f64>::from_fn(n, 3 * r, |v, c| prior.factor[((c % 3) * n + v, c / 3)]);
        let u = m_orthonormal(&(&g * &l_scalar), &s.mass);
        assert_eq!(u.ncols(), 3 * r);
        let m = 3 * r;
        let (sparse, stats) = force_dual_modes(&s.hw, &s.mass, &s.jw, &prior, m, &opts()).unwrap();
        let (dense, variances) = dense_force_dual_modes(&s.hw, &s.mass, &s.jw_dense, &prior, m).unwrap();
        assert_eq!(stats.prior_rank, 3 * r);
        for (name, w, var) in
            [("sparse", &sparse.weights, &stats.variances), ("dense", &dense.weights, &variances)]
        {
            let gap = span_gap(w, &u, &s.mass).max(span_gap(&u, w, &s.mass));
            assert!(gap < 1e-8, "{name}: span(W) vs span(G L): {gap:e}");
            assert!(var.iter().all(|x| *x > 0.0), "{name}: {var:?}");
        }
        // Λ = S² of M^{1/2} G L (Eq. 36–37): the trace Σ Λ_i = ‖M^{1/2} G L_scalar‖_F²
        let gl = &g * &l_scalar;
        let trace: f64 =
            (0..n).map(|v| (0..3 * r).map(|c| s.mass[v] * gl[(v, c)].powi(2)).sum::<f64>()).sum();
        let sum: f64 = stats.variances.iter().sum();
        assert!((sum - trace).abs() < 1e-8 * trace, "Σ Λ = {sum} vs ‖M^½ G L‖² = {trace}");
        for err in [
            force_dual_modes(&s.hw, &s.mass, &s.jw, &prior, m + 1, &opts()).unwrap_err(),
            dense_force_dual_modes(&s.hw, &s.mass, &s.jw_dense, &prior, m + 1).unwrap_err(),
        ] {
            assert!(matches!(err, ModesError::PriorRank { want: 7, rank: 6 }), "{err}");
            assert!(err.to_string().contains("the force prior has rank 6 < 7"), "{err}");
        }
    }

    /// `J_w W = 0` and `Wᵀ M_w W = I` on both paths, for a two-bone rig and a mixed prior.
    #[test]
    fn modes_are_complementary_and_orthonormal() {
        let s = two_bone();
        let painted: Vec<f64> = s.mesh.vertices.iter().map(|x| 1.0 + x[0]).collect();
        let prior = ForcePrior { factor: patch_factor(&s, 3, 5), painted };
        for direct in [usize::MAX, 0] {
            let (modes, stats) = force_dual_with(&s.hw, &s.mass, &s.jw, &prior, 8, &opts(), direct).unwrap();
            let c = complementarity(&s, &modes.weights);
            assert!(c < 1e-10, "direct ≤ {direct}: ‖J_w W‖ relative {c:e}");
            let o = orthonormality(&modes.weights, &s.mass);
            assert!(o < 1e-10, "direct ≤ {direct}: ‖WᵀMW − I‖ = {o:e}");
            assert!(modes.eigenvalues.iter().all(|l| *l > 0.0));
            assert!(stats.variances.windows(2).all(|p| p[0] >= p[1]));
        }
    }

    /// The sparse solver (both paths) against the dense oracle.
    #[test]
    fn sparse_matches_the_dense_oracle() {
        let s = setup(
            |m| Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(m, 0, 1.2, 0.5))]).unwrap(),
            (8, 3, 2),
            [2.4, 0.7, 0.4],
        );
        let painted: Vec<f64> =
            s.mesh.vertices.iter().map(|x| if x[0] < 0.8 { 3.0 + x[1] } else { 0.0 }).collect();
        let cases = [
            ("low rank", ForcePrior { factor: patch_factor(&s, 4, 21), painted: vec![] }, usize::MAX),
            ("painted, SVD", ForcePrior { factor: Mat::zeros(0, 0), painted: painted.clone() }, usize::MAX),
            ("painted, Lanczos", ForcePrior { factor: Mat::zeros(0, 0), painted: painted.clone() }, 0),
            ("both, Lanczos", ForcePrior { factor: patch_factor(&s, 2, 8), painted }, 0),
        ];
        let m = 6;
        for (name, prior, direct) in cases {
            let (dense, dvar) = dense_force_dual_modes(&s.hw, &s.mass, &s.jw_dense, &prior, m).unwrap();
            let (sparse, stats) = force_dual_with(&s.hw, &s.mass, &s.jw, &prior, m, &opts(), direct).unwrap();
            assert_eq!(sparse.constraint_rank, dense.constraint_rank);
            for i in 0..m {
                let (a, b) = (stats.variances[i], dvar[i]);
                assert!((a - b).abs() <= 1e-8 * dvar[0], "{name}: Λ_{i} sparse {a} vs dense {b}");
                let one = span_gap(&sparse.weights.subcols(i, 1).to_owned(), &dense.weights, &s.mass);
                assert!(one < 1e-6, "{name}: mode {i} leaves the dense span by {one:e}");
            }
        }
    }

    /// Eq. 7 / App. A: over Gaussian samples of the prior, the FD basis reconstructs the scalarized
    /// displacements `G f_d` better (in the mean M-norm) than the SE basis of the same size; strictly so for a
    /// localized prior.
    #[test]
    fn force_dual_basis_minimizes_the_sampled_projection_error() {
        let s = bar();
        let n = s.mesh.n();
        let m = 6;
        let painted: Vec<f64> = s.mesh.vertices.iter().map(|x| if x[0] < 0.6 { 4.0 } else { 0.0 }).collect();
        let prior = ForcePrior { factor: patch_factor(&s, 2, 17), painted };
        let (fd, _) = force_dual_modes(&s.hw, &s.mass, &s.jw, &prior, m, &opts()).unwrap();
        let se = dense_modes(&s.hw, &s.mass, &s.jw_dense, m).unwrap();
        let g = green_dense(&s);
        // samples: f = L a + painted noise (m_v √s_v ξ per coordinate), all three coordinate fields pooled
        let samples = 2000;
        let mut gauss = Gauss(99);
        let r = prior.factor.ncols();
        let mut forces = Mat::<f64>::zeros(n, 3 * samples);
        for k in 0..samples {
            let a: Vec<f64> = (0..r).map(|_| gauss.next()).collect();
            for d in 0..3 {
                for v in 0..n {
                    let low: f64 = (0..r).map(|j| prior.factor[(d * n + v, j)] * a[j]).sum();
                    forces[(v, 3 * k + d)] = low + s.mass[v] * prior.painted[v].sqrt() * gauss.next();
                }
            }
        }
        let u = &g * &forces;
        let error = |w: &Mat<f64>| {
            let rest = &u - w * m_inner(w, &u, &s.mass);
            (0..u.ncols()).map(|c| (0..n).map(|v| s.mass[v] * rest[(v, c)].powi(2)).sum::<f64>()).sum::<f64>()
                / samples as f64
        };
        let (e_fd, e_se) = (error(&fd.weights), error(&se.weights));
        eprintln!("mean projection error: FD {e_fd:e}, SE {e_se:e} (ratio {})", e_fd / e_se);
        assert!(e_fd < 0.5 * e_se, "FD {e_fd:e} vs SE {e_se:e}");
    }

    /// Locality (§4.4, "spooky action at a distance"): forces painted on the first quarter of a 4 m bar give
    /// modes that move the far quarter much less than SE's do. How much less depends on the rig: the
    /// constraint's reaction `J_wᵀ μ` is as global as the rig's handles. With one affine handle the zero
    /// mass-weighted moments of the whole bar tie the far end to the near one (measured: FD far/near RMS
    /// 0.26 vs SE 1.00); with a bone of its own on each half the far end stays nearly still (0.058 vs 0.96).
    #[test]
    fn a_localized_prior_gives_local_modes() {
        let m = 6;
        let two_bones =
            |mesh: &TetMesh| Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(mesh, 0, 2.0, 0.4))]).unwrap();
        let cases: [(&str, Setup, f64); 2] = [
            ("two bones", setup(two_bones, (12, 2, 2), [4.0, 0.6, 0.45]), 0.1),
            ("affine", setup(|_| Rig::affine(), (12, 2, 2), [4.0, 0.6, 0.45]), 0.5),
        ];
        for (name, s, factor) in cases {
            let painted: Vec<f64> =
                s.mesh.vertices.iter().map(|x| if x[0] < 1.0 { 1.0 } else { 0.0 }).collect();
            let prior = ForcePrior { factor: Mat::zeros(0, 0), painted };
            let (fd, _) = force_dual_modes(&s.hw, &s.mass, &s.jw, &prior, m, &opts()).unwrap();
            let se = dense_modes(&s.hw, &s.mass, &s.jw_dense, m).unwrap();
            // mass-weighted RMS amplitude of all m modes over the vertices with x in a range
            let rms = |w: &Mat<f64>, inside: &dyn Fn(f64) -> bool| {
                let (mut num, mut den) = (0.0, 0.0);
                for (v, x) in s.mesh.vertices.iter().enumerate() {
                    if inside(x[0]) {
                        num += (0..m).map(|i| s.mass[v] * w[(v, i)].powi(2)).sum::<f64>();
                        den += s.mass[v];
                    }
                }
                (num / den).sqrt()
            };
            let ratio = |w: &Mat<f64>| rms(w, &|x| x > 3.0) / rms(w, &|x| x < 1.0);
            let (r_fd, r_se) = (ratio(&fd.weights), ratio(&se.weights));
            eprintln!("{name}: far/near RMS amplitude FD {r_fd:.3e}, SE {r_se:.3e}");
            assert!(r_fd < factor * r_se, "{name}: FD far/near {r_fd} vs SE {r_se}");
        }
    }

    #[test]
    fn bad_priors_are_refused() {
        let s = bar();
        let n = s.mesh.n();
        let cases = [
            (ForcePrior { factor: Mat::zeros(3 * n - 1, 2), painted: vec![] }, "rows"),
            (ForcePrior { factor: Mat::zeros(0, 0), painted: vec![1.0; n - 1] }, "painted variances"),
            (ForcePrior { factor: Mat::zeros(0, 0), painted: vec![f64::NAN; n] }, "not finite"),
            (ForcePrior { factor: Mat::zeros(0, 0), painted: vec![-1.0; n] }, "≥ 0"),
        ];
        for (prior, needle) in cases {
            let e = force_dual_modes(&s.hw, &s.mass, &s.jw, &prior, 2, &opts()).unwrap_err().to_string();
            assert!(e.contains(needle), "{e}");
            let e = dense_force_dual_modes(&s.hw, &s.mass, &s.jw_dense, &prior, 2).unwrap_err().to_string();
            assert!(e.contains(needle), "{e}");
        }
        let empty = ForcePrior { factor: Mat::zeros(0, 0), painted: vec![] };
        let e = force_dual_modes(&s.hw, &s.mass, &s.jw, &empty, 2, &opts()).unwrap_err();
        assert_eq!(e, ModesError::PriorRank { want: 2, rank: 0 });
    }

    /// `L = M J F` against the dense product.
    #[test]
    fn rig_inertia_factor_is_m_j_f() {
        let mesh = box_mesh(3, 1, 1, [1.0, 0.3, 0.2]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 0.5, 0.3))]).unwrap();
        let n = mesh.n();
        let mass: Vec<f64> = (0..n).map(|v| 1.0 + 0.1 * v as f64).collect();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let f = Mat::<f64>::from_fn(jac.ncols(), 3, |i, j| ((i * 3 + j) as f64 * 0.7).sin());
        let l = rig_inertia_factor(&mass, &jac, &f);
        let expect = Mat::<f64>::from_fn(3 * n, 3 * n, |r, c| if r == c { mass[r % n] } else { 0.0 })
            * jac.to_dense()
            * &f;
        assert!((l - &expect).norm_max() < 1e-12 * expect.norm_max());
    }

    /// Timings on a larger bar (run by hand: `cargo test -p avatar-sim --lib force_dual_timing -- --ignored
    /// --nocapture`): the SVD path (24 random force columns → 72 scalarized), the Lanczos path (half the bar
    /// painted), and SE's sparse Lanczos for comparison.
    #[test]
    #[ignore]
    fn force_dual_timing() {
        let dims: (usize, usize, usize) = std::env::var("FD_DIMS")
            .ok()
            .and_then(|s| {
                let v: Vec<usize> = s.split('x').filter_map(|x| x.parse().ok()).collect();
                (v.len() == 3).then(|| (v[0], v[1], v[2]))
            })
            .unwrap_or((60, 10, 8));
        let two_bones =
            |mesh: &TetMesh| Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(mesh, 0, 2.0, 0.4))]).unwrap();
        let s = setup(two_bones, dims, [4.0, 0.6, 0.45]);
        let m = 16;
        let clock = std::time::Instant::now();
        let (_, st) = crate::modes::lanczos::sparse_modes(&s.hw, &s.mass, &s.jw, m, &opts()).unwrap();
        eprintln!(
            "n = {}: SE sparse_modes {:.2} s (krylov {})",
            s.mesh.n(),
            clock.elapsed().as_secs_f64(),
            st.krylov
        );
        let low = ForcePrior { factor: patch_factor(&s, 24, 3), painted: vec![] };
        let (_, st) = force_dual_modes(&s.hw, &s.mass, &s.jw, &low, m, &opts()).unwrap();
        eprintln!("FD low rank (SVD, rank {}): {:.2} s", st.prior_rank, st.seconds);
        let painted: Vec<f64> = s.mesh.vertices.iter().map(|x| if x[0] < 2.0 { 1.0 } else { 0.0 }).collect();
        let paint = ForcePrior { factor: Mat::zeros(0, 0), painted };
        let (_, st) = force_dual_modes(&s.hw, &s.mass, &s.jw, &paint, m, &opts()).unwrap();
        eprintln!("FD painted (Lanczos, ≤ rank {}): {:.2} s", st.prior_rank, st.seconds);
    }
}
