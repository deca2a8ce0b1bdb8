//! Paper 004's evaluation protocol (§4.3, Eq. 38) on the loads the avatar really sees: for each tick's
//! rig-inertia load `f = −M J p̈`, the full-space static response `u* = H⁻¹ f` on the complementary space
//! (`𝒥ᵀ u = 0`) against a subspace's Galerkin response `u_c = B (BᵀHB)⁻¹ Bᵀ f`, error `‖u* − u_c‖²_M`. `H` is
//! the rest Hessian of the step's co-rotational energy. Dense, for small meshes: the reference of the
//! error-vs-modes figure, free of the phase drift that makes trajectories of different subspaces part. Its
//! dense `H` and complementary basis are `O((3n)²)` memory and `O((3n)³)` time: the bench skips it above
//! [`avatar_sim::rotation_strain::basis::MAX_VERTICES`] vertices.

use super::projection::{Groups, Sums};
use anyhow::{anyhow, Result};
use avatar_sim::fem::rest_hessian;
use avatar_sim::mesh::TetMesh;
use avatar_sim::reduced::complementary_basis;
use faer::linalg::solvers::Solve;
use faer::sparse::SparseColMat;
use faer::{Mat, Side};

pub struct Statics {
    mass: Vec<f64>,
    h: Mat<f64>,
    /// Orthonormal basis of `{u : 𝒥ᵀu = 0}` and the Cholesky factor of `QᵀHQ`.
    q: Mat<f64>,
    k: faer::linalg::solvers::Llt<f64>,
}

impl Statics {
    pub fn new(
        mesh: &TetMesh,
        material: &avatar_sim::fem::Material,
        mass: &[f64],
        jcal: &SparseColMat<usize, f64>,
    ) -> Result<Self> {
        let h = rest_hessian(mesh, material).to_dense();
        let q = complementary_basis(jcal);
        let hq = &h * &q;
        let k = q.transpose() * &hq;
        let k = Mat::<f64>::from_fn(k.nrows(), k.ncols(), |i, j| 0.5 * (k[(i, j)] + k[(j, i)]));
        let k = k.llt(Side::Lower).map_err(|e| anyhow!("QᵀHQ is not SPD: {e:?}"))?;
        Ok(Statics { mass: mass.to_vec(), h, q, k })
    }

    /// `u* = Q (QᵀHQ)⁻¹ Qᵀ F` for the loads `F` (3n × T).
    pub fn full(&self, f: &Mat<f64>) -> Mat<f64> {
        &self.q * self.k.solve(self.q.transpose() * f)
    }

    /// `u_c = B (BᵀHB)⁻¹ Bᵀ F` for a basis `B` (3n × s) of the complementary space.
    pub fn reduced(&self, b: &Mat<f64>, f: &Mat<f64>) -> Result<Mat<f64>> {
        let hb = b.transpose() * (&self.h * b);
        let hb = Mat::<f64>::from_fn(hb.nrows(), hb.ncols(), |i, j| 0.5 * (hb[(i, j)] + hb[(j, i)]));
        let llt = hb.llt(Side::Lower).map_err(|e| anyhow!("BᵀHB is not SPD: {e:?}"))?;
        Ok(b * llt.solve(b.transpose() * f))
    }

    /// `Σ_t ‖u_t − u*_t‖²_M` and `Σ_t ‖u*_t‖²_M`, over the whole body and per region.
    pub fn error(&self, u: &Mat<f64>, reference: &Mat<f64>, groups: &Groups) -> Sums {
        Sums::of(u.as_ref(), reference.as_ref(), &self.mass, groups)
    }
}

/// The rig-inertia loads `M J p̈` (3n × T), one column per acceleration (the sign does not change an error).
pub fn loads(mass: &[f64], jac: &SparseColMat<usize, f64>, pdd: &[Vec<f64>]) -> Mat<f64> {
    let n = mass.len();
    let mut f = Mat::<f64>::zeros(3 * n, pdd.len());
    for (t, a) in pdd.iter().enumerate() {
        for (col, &ac) in a.iter().enumerate() {
            if ac == 0.0 {
                continue;
            }
            for (row, v) in jac.row_idx_of_col_raw(col).iter().zip(jac.val_of_col(col)) {
                f[(*row, t)] += mass[row % n] * v * ac;
            }
        }
    }
    f
}
