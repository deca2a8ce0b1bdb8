//! The Poisson reconstruction of a displacement from per-tet target gradients (paper 001, Eq. 3–5 with
//! `B = Id`), restricted to the complementarity constraint `𝒥ᵀ u = 0`:
//!
//! ```text
//! u(D) = argmin_u Σ_t |T_t| ‖∇_t u − D_t‖²   subject to  Qᵀ u = 0          (Eq. 4–5, the "†")
//! ```
//!
//! with `Q` an orthonormal basis of range 𝒥. Its normal equations are `(I₃ ⊗ P) u + Q μ = (I₃ ⊗ GᵀV) vec(D)`,
//! `P = Gᵀ V G` the scalar P1 stiffness (cotangent) matrix, singular on constants. The constraint removes
//! translation (it must: [`ConstrainedPoisson::new`] checks that `Qᵀ` sees all three), so the solution is
//! unique, and the map `Φ: b ↦ u` is the symmetric operator `N (Nᵀ P N)⁻¹ Nᵀ` (`N` a basis of null Qᵀ).
//!
//! Solved exactly, without a shift: one sparse Cholesky factor of `P` grounded at one vertex (`S`, which solves
//! `P u = b` for `b ⟂ constants` with `u_{v₀} = 0`), and a small dense bordered system for the multipliers `μ`
//! and the constants `α` that the grounding dropped:
//!
//! ```text
//! u = S(b − Q μ) + E α,   Qᵀ u = 0,   Eᵀ(b − Q μ) = 0        (E = the three constant fields)
//! ```
//!
//! then projected once more onto null Qᵀ against rounding. Many right-hand sides are solved at once.

use crate::fem::{hat_gradients, scalar_laplacian};
use crate::linalg::{range_basis, Cholesky};
use crate::mesh::tet_mesh::TetMesh;
use crate::reduced::model::ReducedError;
use faer::linalg::solvers::{FullPivLu, Solve};
use faer::sparse::{SparseColMat, SymbolicSparseColMat};
use faer::{Mat, MatRef};

/// The constrained Poisson solve of Eq. 5 and the per-tet geometry it is built from.
pub struct ConstrainedPoisson {
    n: usize,
    /// The vertex whose value the grounded factor fixes to 0.
    ground: usize,
    /// Sparse Cholesky of `P` with row and column `ground` replaced by the diagonal.
    grounded: Cholesky,
    /// Orthonormal basis of range 𝒥 (3n × r), `Z = S Q` and the LU of the bordered matrix
    /// `[[Qᵀ Z, −Qᵀ E], [Eᵀ Q, 0]]` ((r + 3)²).
    q: Mat<f64>,
    z: Mat<f64>,
    border: FullPivLu<f64>,
    pub(crate) tets: Vec<[usize; 4]>,
    /// Hat-function gradients per tet and corner.
    pub(crate) grads: Vec<[[f64; 3]; 4]>,
    pub(crate) volume: Vec<f64>,
    /// `(tet, corner)` pairs incident to each vertex, CSR.
    pub(crate) offsets: Vec<usize>,
    pub(crate) incident: Vec<(usize, usize)>,
}

impl ConstrainedPoisson {
    /// Factor the grounded Poisson matrix of `mesh` and the bordered system for the constraint `𝒥` (3n × p).
    pub fn new(mesh: &TetMesh, jcal: &SparseColMat<usize, f64>) -> Result<Self, ReducedError> {
        let (n, t) = (mesh.n(), mesh.t());
        if jcal.nrows() != 3 * n {
            return Err(ReducedError::Size(format!("𝒥 has {} rows for {n} vertices", jcal.nrows())));
        }
        let p = scalar_laplacian(mesh, &vec![1.0; t]);
        let ground = 0;
        let grounded = Cholesky::new(&ground_matrix(&p, ground)).map_err(|e| {
            ReducedError::NotSpd(format!("grounded Poisson matrix (is the mesh connected?): {e}"))
        })?;
        let q = constraint_basis(jcal);
        let r = q.ncols();
        // the constraint must fix the three translations (the null space of P), else u is not unique
        let qe = Mat::<f64>::from_fn(r, 3, |i, c| (0..n).map(|v| q[(c * n + v, i)]).sum::<f64>());
        let sv = if r == 0 { Vec::new() } else { singular_values(&qe) };
        let smin = sv.iter().copied().fold(f64::INFINITY, f64::min);
        if sv.len() < 3 || smin < 1e-8 * (n as f64).sqrt() {
            return Err(ReducedError::Size(
                "the complementarity constraint does not fix the translations: the RS reconstruction needs it to"
                    .into(),
            ));
        }
        let (offsets, incident) = mesh.vertex_tets();
        let mut poisson = ConstrainedPoisson {
            n,
            ground,
            grounded,
            q: Mat::zeros(0, 0),
            z: Mat::zeros(0, 0),
            border: Mat::<f64>::identity(1, 1).full_piv_lu(),
            tets: mesh.tets.clone(),
            grads: (0..t).map(|tet| hat_gradients(mesh, tet)).collect(),
            volume: (0..t).map(|tet| mesh.volume(tet)).collect(),
            offsets,
            incident,
        };
        let z = poisson.grounded_solve(q.as_ref());
        let qz = q.transpose() * &z;
        let border = Mat::<f64>::from_fn(r + 3, r + 3, |i, j| match (i < r, j < r) {
            (true, true) => qz[(i, j)],
            (true, false) => -qe[(i, j - r)],
            (false, true) => qe[(j, i - r)],
            (false, false) => 0.0,
        });
        poisson.border = border.full_piv_lu();
        poisson.q = q;
        poisson.z = z;
        Ok(poisson)
    }

    /// Vertices.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Independent constraint directions (the rank of 𝒥).
    pub fn constraint_rank(&self) -> usize {
        self.q.ncols()
    }

    /// Orthonormal basis of range 𝒥 (3n × rank).
    pub fn constraint_basis(&self) -> &Mat<f64> {
        &self.q
    }

    /// `S b` for 3n-row `b`: the grounded solve per coordinate block, all columns at once.
    fn grounded_solve(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        let (n, m) = (self.n, b.ncols());
        let rhs = Mat::<f64>::from_fn(n, 3 * m, |v, col| {
            if v == self.ground {
                0.0
            } else {
                b[((col % 3) * n + v, col / 3)]
            }
        });
        // a few right-hand sides: the sequential triangular solves beat the thread pool's overhead
        let par = if m <= 2 { faer::Par::Seq } else { faer::get_global_parallelism() };
        let x = self.grounded.solve_with(rhs.as_ref(), par);
        Mat::from_fn(3 * n, m, |i, col| x[(i % n, 3 * col + i / n)])
    }

    /// Eq. 5: `u = Φ b`, the constrained minimiser of `½ uᵀ (I₃⊗P) u − bᵀ u`, for every column of `b` (3n × m).
    pub fn solve(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        let (n, m, r) = (self.n, b.ncols(), self.q.ncols());
        let w = self.grounded_solve(b);
        let qw = self.q.transpose() * &w;
        let rhs = Mat::<f64>::from_fn(r + 3, m, |i, col| {
            if i < r {
                qw[(i, col)]
            } else {
                (0..n).map(|v| b[((i - r) * n + v, col)]).sum()
            }
        });
        let sol = self.border.solve(&rhs);
        let mu = sol.subrows(0, r);
        let mut u = w - &self.z * mu;
        for col in 0..m {
            for c in 0..3 {
                let alpha = sol[(r + c, col)];
                for v in 0..n {
                    u[(c * n + v, col)] += alpha;
                }
            }
        }
        // exact in exact arithmetic; one projection onto null Qᵀ removes the rounding of the Schur step
        let back = self.q.transpose() * &u;
        u - &self.q * back
    }

    /// [`Self::solve`] for one vector.
    pub fn solve_vec(&self, b: &[f64]) -> Vec<f64> {
        let u = self.solve(MatRef::from_column_major_slice(b, b.len(), 1));
        u.col(0).iter().copied().collect()
    }

    /// The right-hand side of Eq. 5, `b = (I₃ ⊗ GᵀV) vec(D)`, for per-tet target gradients `d[t]` (row-major
    /// 3×3, `d[t][3r + j] = D_t[r][j]`): gathered per vertex.
    pub fn divergence(&self, d: &[[f64; 9]]) -> Vec<f64> {
        self.scatter(d, true)
    }

    /// `Kᵀ d` (3n) for per-tet 3×3 blocks `d` (no volume weight): the adjoint of [`Self::gradients`].
    pub fn k_transpose(&self, d: &[[f64; 9]]) -> Vec<f64> {
        self.scatter(d, false)
    }

    fn scatter(&self, d: &[[f64; 9]], weighted: bool) -> Vec<f64> {
        let n = self.n;
        let mut out = vec![0.0; 3 * n];
        for v in 0..n {
            for &(t, k) in &self.incident[self.offsets[v]..self.offsets[v + 1]] {
                let g = &self.grads[t][k];
                let w = if weighted { self.volume[t] } else { 1.0 };
                for c in 0..3 {
                    out[c * n + v] +=
                        w * (d[t][3 * c] * g[0] + d[t][3 * c + 1] * g[1] + d[t][3 * c + 2] * g[2]);
                }
            }
        }
        out
    }

    /// Per-tet gradient `∇_t u` (row-major 3×3) of a 3n displacement.
    pub fn gradients(&self, u: &[f64]) -> Vec<[f64; 9]> {
        let n = self.n;
        self.tets
            .iter()
            .zip(&self.grads)
            .map(|(tet, g)| {
                let mut f = [0.0; 9];
                for c in 0..3 {
                    for k in 0..4 {
                        let x = u[c * n + tet[k]];
                        for j in 0..3 {
                            f[3 * c + j] += x * g[k][j];
                        }
                    }
                }
                f
            })
            .collect()
    }
}

/// `P` with the off-diagonal entries of row and column `g` removed (its diagonal kept, for scale).
fn ground_matrix(p: &SparseColMat<usize, f64>, g: usize) -> SparseColMat<usize, f64> {
    let n = p.nrows();
    let mut col_ptr = Vec::with_capacity(n + 1);
    let (mut rows, mut vals) = (Vec::new(), Vec::new());
    col_ptr.push(0);
    for col in 0..n {
        for (r, v) in p.row_idx_of_col_raw(col).iter().zip(p.val_of_col(col)) {
            if (*r == g || col == g) && *r != col {
                continue;
            }
            rows.push(*r);
            vals.push(*v);
        }
        col_ptr.push(rows.len());
    }
    SparseColMat::new(SymbolicSparseColMat::new_checked(n, n, col_ptr, None, rows), vals)
}

/// Orthonormal basis of range 𝒥 (3n × rank), from its thin SVD; redundant rig directions dropped.
fn constraint_basis(jcal: &SparseColMat<usize, f64>) -> Mat<f64> {
    range_basis(jcal.to_dense().as_ref()).expect("thin svd of the constraint").basis
}

fn singular_values(a: &Mat<f64>) -> Vec<f64> {
    let s = a.singular_values().expect("singular values of a small matrix");
    s.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{gradient_operator, spmv};
    use crate::rotation_strain::model::tests::scene;

    /// The solve is the constrained least-squares minimiser: it satisfies the constraint, its residual
    /// `(I₃⊗P) u − b` lies in range Q (KKT), and it reproduces a constrained field from its own gradients.
    #[test]
    fn solve_is_the_constrained_least_squares_minimiser() {
        let s = scene(0.3);
        let poisson = ConstrainedPoisson::new(&s.mesh, &s.jcal).unwrap();
        let n = s.mesh.n();
        let q = poisson.constraint_basis().clone();
        let b: Vec<f64> = (0..3 * n).map(|i| ((i * 7 + 3) as f64 * 0.37).sin()).collect();
        let u = poisson.solve_vec(&b);
        let qu = q.transpose() * MatRef::from_column_major_slice(&u, 3 * n, 1);
        assert!(qu.norm_l2() < 1e-12 * crate::linalg::norm(&u), "Qᵀu = {}", qu.norm_l2());
        // residual of the normal equations, projected off range Q, vanishes
        let ls = scalar_laplacian(&s.mesh, &vec![1.0; s.mesh.t()]);
        let mut res = vec![0.0; 3 * n];
        for c in 0..3 {
            let pu = spmv(&ls, &u[c * n..(c + 1) * n]);
            for v in 0..n {
                res[c * n + v] = pu[v] - b[c * n + v];
            }
        }
        let resm = MatRef::from_column_major_slice(&res, 3 * n, 1);
        let off = resm - &q * (q.transpose() * resm);
        assert!(off.norm_l2() < 1e-10 * crate::linalg::norm(&b), "KKT residual {}", off.norm_l2());
        // a field in null Qᵀ comes back from its own gradients (Eq. 3 has it as its exact minimiser)
        let k = gradient_operator(&s.mesh);
        let t = s.mesh.t();
        let field: Vec<f64> = (0..3 * n).map(|i| ((i * 5 + 1) as f64 * 0.21).cos()).collect();
        let fm = MatRef::from_column_major_slice(&field, 3 * n, 1);
        let field: Vec<f64> = (fm - &q * (q.transpose() * fm)).col(0).iter().copied().collect();
        let f = spmv(&k, &field);
        let d: Vec<[f64; 9]> =
            (0..t).map(|tet| std::array::from_fn(|e| f[(e / 3) * 3 * t + 3 * tet + e % 3])).collect();
        let back = poisson.solve_vec(&poisson.divergence(&d));
        let err: f64 = back.iter().zip(&field).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
        assert!(err < 1e-10 * crate::linalg::norm(&field), "reconstruction error {err:e}");
    }
}
