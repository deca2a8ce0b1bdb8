//! The reduced model (paper 000, §8.2 and App. C): the stored reduced matrices ([`ReducedParts`], none of size
//! n) and their checks, what the step derives from them at load ([`ReducedModel::from_parts`]: the global
//! matrix's factor, the block form of the step's products, the rig terms), the rest-pose preconditioner of the
//! ex-rotated step, and the dense basis of the constraint's null space. Building the parts from a FEM problem
//! is in [`projection`](super::projection).

use crate::problem::FemProblem;
use crate::reduced::row_major::RowMajor;
use faer::linalg::solvers::{Llt, Solve};
use faer::sparse::SparseColMat;
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
    /// `V` (k × s, orthonormal rows, `k < s`): complementarity to the rig columns left out of the weight-space
    /// constraint, `V z = 0` ([`crate::reduced::constraint`]); `None`: the weights are complementary to every
    /// column on their own.
    pub constraint: Option<Mat<f64>>,
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
    /// no actuation (any [`StepSettings::actuation`](crate::reduced::StepSettings) is then ignored).
    pub actuation: Option<Mat<f64>>,
    /// The global step's projector onto `V z = 0` (from `parts.constraint`), in the step's order.
    pub constraint: Option<crate::reduced::constraint::ConstraintProjector>,
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
    /// The diagonal block of `BᵀMB` (w × w; `BᵀMB = I₃ ⊗` it for a skinning subspace): the inertia term of
    /// the step's right-hand side.
    pub mass_block: RowMajor,
    pub a_block_llt: Llt<f64>,
}

impl BlockForm {
    /// The block form of `G₉KB` stored as `parts.basis_gradient`, with `A`.
    fn new(
        gradient: &BasisGradient,
        a: &Mat<f64>,
        a_llt: &Llt<f64>,
        btmb: &Mat<f64>,
    ) -> Result<Self, ReducedError> {
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
        // BᵀMB = I_B ⊗ M_b, as A
        let mass_block =
            RowMajor::from_mat(&Mat::from_fn(s / blocks, s / blocks, |i, j| btmb[(perm[i], perm[j])]));
        Ok(BlockForm {
            blocks,
            perm,
            gradient: RowMajor::from_mat(g),
            a_inv_gradient_t: RowMajor::from_mat(&a_block_llt.solve(g.transpose())),
            a_block: RowMajor::from_mat(&a_block),
            mass_block,
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

/// What every model built from a [`FemProblem`] checks first: a finite time step `h > 0`, and the mass (n),
/// `J` (3n rows) and `x₀` (3n) sized for the mesh's n vertices.
pub(crate) fn check_problem(problem: &FemProblem<'_>) -> Result<(), ReducedError> {
    let FemProblem { mesh, mass, jac, x0, h, .. } = *problem;
    let n = mesh.n();
    if !(h.is_finite() && h > 0.0) {
        return Err(ReducedError::TimeStep(h));
    }
    if jac.nrows() != 3 * n || x0.len() != 3 * n || mass.len() != n {
        return Err(ReducedError::Size(format!(
            "n = {n}: J {}×{}, x0 {}, mass {}",
            jac.nrows(),
            jac.ncols(),
            x0.len(),
            mass.len()
        )));
    }
    Ok(())
}

impl ReducedModel {
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
        let block = BlockForm::new(&parts.basis_gradient, &a, &a_llt, &parts.btmb)?;
        let rig = crate::reduced::rig_terms::RigTerms::new(
            &parts.btmj,
            &parts.btlj,
            &parts.g9kj,
            block.blocks,
            &block.perm,
        );
        let constraint = match &parts.constraint {
            None => None,
            Some(v) => Some(
                crate::reduced::constraint::ConstraintProjector::new(v, &a, &block.perm)
                    .map_err(ReducedError::NotSpd)?,
            ),
        };
        Ok(ReducedModel {
            constraint,
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
    /// in [`StepSettings::actuation`](crate::reduced::StepSettings). Nothing is refactored: the global matrix does
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
        if let Some(v) = &self.constraint {
            if v.ncols() != s || v.nrows() >= s {
                return Err(ReducedError::Size(format!(
                    "the reduced constraint V is {}×{}, expected k×{s} with k < {s}",
                    v.nrows(),
                    v.ncols()
                )));
            }
            if !v.is_all_finite() {
                return Err(ReducedError::NonFinite("V".into()));
            }
        }
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
