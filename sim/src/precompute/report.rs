//! What the precompute tells as it goes ([`Progress`]) and when it is done ([`PrecomputeReport`]), and the
//! checks of its result it reports (complementarity, orthonormality).

use crate::modes::lanczos::EigenProgress;
use crate::precompute::settings::PrecomputeSettings;
use faer::sparse::SparseColMat;
use faer::Mat;
use serde::Serialize;
use std::sync::Arc;

/// The pipeline's phases, in order (for progress display and timings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Operators,
    Modes,
    Clusters,
    Reduced,
    Check,
    /// After the precompute proper, in the asset build: the held part ([`crate::held`]).
    Held,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Operators => "mass, rig Jacobian, momentum leak, constraint, weight-space Hessian",
            Phase::Modes => "skinning eigenmodes (Eq. 22)",
            Phase::Clusters => "clusters (k-means++, connected components)",
            Phase::Reduced => "reduced matrices (App. C)",
            Phase::Check => "complementarity check",
            Phase::Held => "held flesh: full-space static solves per joint",
        })
    }
}

/// What [`precompute`] reports as it goes: each phase when it starts, and the eigensolver's progress.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    Phase(Phase),
    Eigen(EigenProgress),
    /// Held flesh: `done` of `total` joints trained.
    Held {
        done: usize,
        total: usize,
    },
}

/// A progress callback for [`precompute`].
pub type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// What the precompute found and how long it took (`REPORT.json`).
#[derive(Clone, Debug, Serialize)]
pub struct PrecomputeReport {
    pub vertices: usize,
    pub tets: usize,
    pub rig_params: usize,
    pub modes: usize,
    pub reduced_coordinates: usize,
    pub eigenvalues: Vec<f64>,
    pub constraint_rank: usize,
    /// `‖Jᵀ M D B‖_F / (‖J‖_F ‖M D B‖_F)`.
    pub complementarity_residual: f64,
    /// `‖Wᵀ M_w W − I‖_max`.
    pub orthonormality_error: f64,
    pub clusters: usize,
    pub cluster_size_min: usize,
    pub cluster_size_max: usize,
    /// Krylov vectors the sparse eigensolver used (0 for the dense path).
    pub krylov: usize,
    /// The sparse eigensolver's phases (s): constraint rank, Cholesky, constraint Schur complement, Lanczos.
    pub eigen_seconds: [f64; 4],
    /// Force-Dual modes only: each mode's variance `Λ_i` (Eq. 8), descending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub force_dual_variances: Option<Vec<f64>>,
    /// Seconds per phase and in total.
    pub seconds: PhaseSeconds,
    pub settings: PrecomputeSettings,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct PhaseSeconds {
    pub operators: f64,
    pub modes: f64,
    pub clusters: f64,
    pub reduced: f64,
    pub check: f64,
    pub total: f64,
}

/// `‖Jᵀ M D B‖_F / (‖J‖_F ‖M D B‖_F)` for the skinning subspace `B(W)` without forming `B`: entry
/// `(q, (i, c, k))` of `(DMJ)ᵀ B` is `Σ_v 𝒥[c·n+v, q] w_i(v) X̄_v[k]`, one pass over the nonzeros of `J`.
pub fn complementarity_residual(
    rest: &[[f64; 3]],
    jac: &SparseColMat<usize, f64>,
    mass: &[f64],
    leak: &[f64],
    weights: &Mat<f64>,
) -> f64 {
    constrained_complementarity_residual(rest, jac, mass, leak, weights, None)
}

/// [`complementarity_residual`] of the reachable subspace `{B z : V z = 0}` with the reduced constraint `V`
/// (k × 12m, orthonormal rows; [`crate::reduced::constraint`]): `‖Jᵀ M D B N‖_F / (‖J‖_F ‖M D B N‖_F)` with
/// `N` an orthonormal basis of the null space of `V`; without `V` (`None`), `N = I`.
pub fn constrained_complementarity_residual(
    rest: &[[f64; 3]],
    jac: &SparseColMat<usize, f64>,
    mass: &[f64],
    leak: &[f64],
    weights: &Mat<f64>,
    constraint: Option<&Mat<f64>>,
) -> f64 {
    let Some(v) = constraint else { return unconstrained_residual(rest, jac, mass, leak, weights) };
    let (n, m) = (rest.len(), weights.ncols());
    let s = 12 * m;
    let xbar = |v: usize, k: usize| if k < 3 { rest[v][k] } else { 1.0 };
    let null = crate::reduced::constraint_null_basis(v); // s × s'
    let mut j2 = 0.0;
    let mut jtmdbn2 = 0.0;
    let mut row = Mat::<f64>::zeros(1, s);
    for q in 0..jac.ncols() {
        row.fill(0.0);
        for (r, val) in jac.row_idx_of_col_raw(q).iter().zip(jac.val_of_col(q)) {
            let (c, v) = (r / n, r % n);
            j2 += val * val;
            let jcal = val * mass[v] * leak[v];
            for i in 0..m {
                for k in 0..4 {
                    row[(0, 12 * i + 4 * c + k)] += jcal * weights[(v, i)] * xbar(v, k);
                }
            }
        }
        jtmdbn2 += (&row * &null).squared_norm_l2();
    }
    // (MDB)ᵀ(MDB) = I₃ ⊗ Φᵀ diag((m d)²) Φ, then ‖M D B N‖_F² = tr(Nᵀ (MDB)ᵀ(MDB) N)
    let gram4 = Mat::<f64>::from_fn(4 * m, 4 * m, |a, b| {
        (0..n)
            .map(|v| {
                (mass[v] * leak[v]).powi(2)
                    * weights[(v, a / 4)]
                    * xbar(v, a % 4)
                    * weights[(v, b / 4)]
                    * xbar(v, b % 4)
            })
            .sum()
    });
    let gram = Mat::<f64>::from_fn(s, s, |a, b| {
        let (ia, ca, ka) = (a / 12, (a % 12) / 4, a % 4);
        let (ib, cb, kb) = (b / 12, (b % 12) / 4, b % 4);
        if ca == cb {
            gram4[(4 * ia + ka, 4 * ib + kb)]
        } else {
            0.0
        }
    });
    let gn = &gram * &null;
    let mdbn2: f64 = (0..null.ncols()).map(|j| (0..s).map(|i| null[(i, j)] * gn[(i, j)]).sum::<f64>()).sum();
    let denom = (j2 * mdbn2).sqrt();
    if denom > 0.0 {
        jtmdbn2.sqrt() / denom
    } else {
        0.0
    }
}

fn unconstrained_residual(
    rest: &[[f64; 3]],
    jac: &SparseColMat<usize, f64>,
    mass: &[f64],
    leak: &[f64],
    weights: &Mat<f64>,
) -> f64 {
    let (n, m) = (rest.len(), weights.ncols());
    let xbar = |v: usize, k: usize| if k < 3 { rest[v][k] } else { 1.0 };
    let mut jtmdb2 = 0.0;
    let mut j2 = 0.0;
    let mut row = vec![0.0; 12 * m];
    for q in 0..jac.ncols() {
        row.iter_mut().for_each(|x| *x = 0.0);
        for (r, val) in jac.row_idx_of_col_raw(q).iter().zip(jac.val_of_col(q)) {
            let (c, v) = (r / n, r % n);
            j2 += val * val;
            let jcal = val * mass[v] * leak[v];
            for i in 0..m {
                for k in 0..4 {
                    row[12 * i + 4 * c + k] += jcal * weights[(v, i)] * xbar(v, k);
                }
            }
        }
        jtmdb2 += row.iter().map(|x| x * x).sum::<f64>();
    }
    // ‖MDB‖_F² = Σ_v (m_v d_v)² Σ_i w_i(v)² · 3 Σ_k X̄_v[k]²
    let mdb2: f64 = (0..n)
        .map(|v| {
            let w2: f64 = (0..m).map(|i| weights[(v, i)].powi(2)).sum();
            let x2: f64 = (0..4).map(|k| xbar(v, k).powi(2)).sum();
            (mass[v] * leak[v]).powi(2) * w2 * 3.0 * x2
        })
        .sum();
    let denom = (j2 * mdb2).sqrt();
    if denom > 0.0 {
        jtmdb2.sqrt() / denom
    } else {
        0.0
    }
}

/// `‖Wᵀ M_w W − I‖_max`.
pub fn orthonormality_error(mass: &[f64], weights: &Mat<f64>) -> f64 {
    let m = weights.ncols();
    let mut worst: f64 = 0.0;
    for i in 0..m {
        for j in 0..=i {
            let g: f64 = (0..mass.len()).map(|v| weights[(v, i)] * mass[v] * weights[(v, j)]).sum();
            worst = worst.max((g - if i == j { 1.0 } else { 0.0 }).abs());
        }
    }
    worst
}
