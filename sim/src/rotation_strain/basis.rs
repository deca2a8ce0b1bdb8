//! The bases of the RS subspace (paper 001, App. A1 steps 2–3): Euclidean modes `U` by constrained linear
//! modal analysis (LMA), then the RS basis `Ũ` from their per-tet gradients.
//!
//! **LMA.** The lowest `k` solutions of `H u = λ M u` with `𝒥ᵀ u = 0`, where `H` is
//! [`fem::rest_hessian`](crate::fem::rest_hessian): the rest Hessian of `Σ_t V_t (μ‖F − R‖² + λ/2
//! tr²(RᵀF − I))`, which is the elastic part of [`FullModel`](crate::full::FullModel)'s energy (`xᵀLx −
//! 2μ V tr(FᵀR)` is `μ V ‖F − R‖²` up to a constant) with the material's λ. `M = I₃ ⊗ diag(m)` is the lumped
//! mass. Dense null-space method: with `y = M^{1/2} u` the constraint reads `(M^{-1/2} 𝒥)ᵀ y = 0`; an
//! orthonormal basis `N` of its null space (SVD) turns the problem into the standard symmetric
//! `Nᵀ M^{-1/2} H M^{-1/2} N z = λ z`, and `U = M^{-1/2} N Z` is `M`-orthonormal and complementary by
//! construction. O((3n)³): for small meshes only ([`MAX_VERTICES`]).
//!
//! **RS basis** (A1 step 3, a digest derivation): Eq. 1 linearised at the origin is `∇̃ ≈ ω + ε`, so mode `i`'s gradient on tet
//! `t`, `G = ∇_t U_i`, splits into `ω = ½(G − Gᵀ)` and `ε = ½(G + Gᵀ)`. Stored tet-major:
//! `rs[t·9k + a·k + i]` is RS coordinate `a` (layout of [`map`](super::map)) of tet `t` in mode `i`.

use super::map::split_linear;
use crate::fem::{rest_hessian, spmv, Material};
use crate::linalg::{null_space, Subspace};
use crate::mesh::tet_mesh::TetMesh;
use crate::reduced::model::ReducedError;
use faer::sparse::SparseColMat;
use faer::{Mat, Side};
use nalgebra::Matrix3;
use rayon::prelude::*;

/// The dense modal analysis refuses meshes above this many vertices (3n = 4500 unknowns: a dense
/// eigendecomposition of ~30 s on two cores).
pub const MAX_VERTICES: usize = 1500;

/// Euclidean modes: `modes` (3n × k, `M`-orthonormal, coordinate-major rows) and their eigenvalues `λ`
/// (ascending; angular frequencies² in s⁻²).
#[derive(Clone, Debug)]
pub struct Lma {
    pub modes: Mat<f64>,
    pub eigenvalues: Vec<f64>,
    /// Dimension of the complementary space (`3n − rank 𝒥`): the most modes there are.
    pub free: usize,
}

/// Constrained LMA (A1 step 2): the lowest `k` modes of the rest Hessian with mass `mass` (per vertex) on
/// `𝒥ᵀ u = 0`.
pub fn constrained_lma(
    mesh: &TetMesh,
    material: &Material,
    mass: &[f64],
    jcal: &SparseColMat<usize, f64>,
    k: usize,
) -> Result<Lma, ReducedError> {
    let n = mesh.n();
    if n > MAX_VERTICES {
        return Err(ReducedError::Size(format!(
            "the rotation-strain baseline's dense modal analysis takes at most {MAX_VERTICES} vertices, not {n}"
        )));
    }
    if mass.len() != n || jcal.nrows() != 3 * n {
        return Err(ReducedError::Size(format!("n = {n}: mass {}, 𝒥 {} rows", mass.len(), jcal.nrows())));
    }
    if let Some(v) = mass.iter().position(|m| !(m.is_finite() && *m > 0.0)) {
        return Err(ReducedError::NonFinite(format!("mass at vertex {v} (must be > 0)")));
    }
    let inv_sqrt: Vec<f64> = mass.iter().map(|m| 1.0 / m.sqrt()).collect();
    // null space of (M^{-1/2} 𝒥)ᵀ, orthonormal (the full SVD's trailing right singular vectors)
    let jd = jcal.to_dense();
    let c = Mat::<f64>::from_fn(jcal.ncols(), 3 * n, |q, i| jd[(i, q)] * inv_sqrt[i % n]);
    let Subspace { basis: null, rank } =
        null_space(c.as_ref()).map_err(|e| ReducedError::NotSpd(format!("svd of the constraint: {e:?}")))?;
    let free = 3 * n - rank;
    if k == 0 || k > free {
        return Err(ReducedError::Size(format!(
            "asked for {k} RS modes; the complementary space has {free}"
        )));
    }
    // Nᵀ M^{-1/2} H M^{-1/2} N, column by column through the sparse H
    let h = rest_hessian(mesh, material);
    let scaled = Mat::<f64>::from_fn(3 * n, free, |i, j| inv_sqrt[i % n] * null[(i, j)]);
    let columns: Vec<Vec<f64>> = (0..free)
        .into_par_iter()
        .map(|j| {
            let col: Vec<f64> = scaled.col(j).iter().copied().collect();
            spmv(&h, &col)
        })
        .collect();
    let h_scaled = Mat::<f64>::from_fn(3 * n, free, |i, j| columns[j][i]);
    let reduced = scaled.transpose() * &h_scaled;
    let reduced = Mat::<f64>::from_fn(free, free, |i, j| 0.5 * (reduced[(i, j)] + reduced[(j, i)]));
    let eig = reduced
        .self_adjoint_eigen(Side::Lower)
        .map_err(|e| ReducedError::NotSpd(format!("eigendecomposition: {e:?}")))?;
    let vals = eig.S().column_vector();
    let mut order: Vec<usize> = (0..free).collect();
    order.sort_by(|&i, &j| vals[i].total_cmp(&vals[j]));
    let z = Mat::<f64>::from_fn(free, k, |i, j| eig.U()[(i, order[j])]);
    let modes = &scaled * &z;
    Ok(Lma { modes, eigenvalues: order[..k].iter().map(|&i| vals[i]).collect(), free })
}

/// The RS basis `Ũ` (A1 step 3), tet-major (`rs[t·9k + a·k + i]`), from Euclidean modes (3n × k).
pub fn rs_basis(mesh: &TetMesh, modes: &Mat<f64>) -> Vec<f64> {
    let (n, t, k) = (mesh.n(), mesh.t(), modes.ncols());
    let mut rs = vec![0.0; 9 * k * t];
    rs.par_chunks_mut(9 * k).enumerate().for_each(|(tet, block)| {
        let g = crate::fem::hat_gradients(mesh, tet);
        let verts = mesh.tets[tet];
        for i in 0..k {
            let grad =
                Matrix3::from_fn(|c, j| (0..4).map(|v| modes[(c * n + verts[v], i)] * g[v][j]).sum::<f64>());
            for (a, x) in split_linear(&grad).iter().enumerate() {
                block[a * k + i] = *x;
            }
        }
    });
    rs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::norm;
    use crate::rotation_strain::model::tests::scene;

    /// The modes are M-orthonormal, complementary, ascending, and solve `H u = λ M u` up to a constraint force
    /// (the residual lies in range 𝒥).
    #[test]
    fn lma_modes_are_constrained_eigenvectors() {
        let s = scene(0.3);
        let n = s.mesh.n();
        let lma = constrained_lma(&s.mesh, &s.mat, &s.mass, &s.jcal, 8).unwrap();
        let u = &lma.modes;
        let mu = Mat::<f64>::from_fn(3 * n, 8, |i, j| s.mass[i % n] * u[(i, j)]);
        let gram = u.transpose() * &mu;
        assert!((gram - Mat::<f64>::identity(8, 8)).norm_max() < 1e-10);
        let jt_u = s.jcal.to_dense().transpose() * u;
        assert!(jt_u.norm_max() < 1e-10 * s.jcal.to_dense().norm_max());
        assert!(lma.eigenvalues.windows(2).all(|w| w[0] <= w[1]) && lma.eigenvalues[0] > 0.0);
        let h = rest_hessian(&s.mesh, &s.mat);
        let q = crate::rotation_strain::poisson::ConstrainedPoisson::new(&s.mesh, &s.jcal)
            .unwrap()
            .constraint_basis()
            .clone();
        for i in 0..8 {
            let col: Vec<f64> = u.col(i).iter().copied().collect();
            let hu = spmv(&h, &col);
            let r: Vec<f64> =
                (0..3 * n).map(|j| hu[j] - lma.eigenvalues[i] * s.mass[j % n] * col[j]).collect();
            let rm = faer::MatRef::from_column_major_slice(&r, 3 * n, 1);
            let off = rm - &q * (q.transpose() * rm);
            assert!(off.norm_l2() < 1e-8 * norm(&hu), "mode {i}: residual {}", off.norm_l2());
        }
    }

    #[test]
    fn refuses_too_many_modes() {
        let s = scene(0.3);
        let free = constrained_lma(&s.mesh, &s.mat, &s.mass, &s.jcal, 1).unwrap().free;
        assert!(constrained_lma(&s.mesh, &s.mat, &s.mass, &s.jcal, free).is_ok());
        assert!(matches!(
            constrained_lma(&s.mesh, &s.mat, &s.mass, &s.jcal, free + 1),
            Err(ReducedError::Size(_))
        ));
    }
}
