//! Linear FEM operators on a tet mesh (paper 000, App. C): volumes, lumped mass `M`, the scalar gradient `G`,
//! the deformation-gradient operator `K = I₃ ⊗ G` and the heterogeneous Laplacian `L = Kᵀ U V K`.
//!
//! Layouts follow [`crate`]: coordinate-major positions, `vec(F)` ordered (row c, tet, column j).

use crate::mesh::tet_mesh::TetMesh;
use faer::sparse::{SparseColMat, SymbolicSparseColMat, Triplet};

/// Per-tet material: Lamé parameters `μ`, `λ` (Pa) and density `ρ` (kg/m³). Heterogeneous by construction.
#[derive(Clone, Debug, PartialEq)]
pub struct Material {
    pub mu: Vec<f64>,
    pub lambda: Vec<f64>,
    pub density: Vec<f64>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MaterialError {
    #[error("Young's modulus {0} must be finite and > 0")]
    Youngs(f64),
    #[error("Poisson's ratio {0} must be in [0, 0.5)")]
    Poisson(f64),
    #[error("density {0} must be finite and > 0")]
    Density(f64),
    #[error("{what} has {got} entries for {tets} tets")]
    Length { what: &'static str, got: usize, tets: usize },
    #[error("tet {tet}: {what} = {value} is not a valid material value")]
    Value { tet: usize, what: &'static str, value: f64 },
}

/// Lamé parameters from Young's modulus `E` and Poisson's ratio `ν`:
/// `μ = E / (2(1+ν))`, `λ = E ν / ((1+ν)(1−2ν))`.
pub fn lame(youngs: f64, poisson: f64) -> Result<(f64, f64), MaterialError> {
    if !(youngs.is_finite() && youngs > 0.0) {
        return Err(MaterialError::Youngs(youngs));
    }
    if !(0.0..0.5).contains(&poisson) {
        return Err(MaterialError::Poisson(poisson));
    }
    Ok((youngs / (2.0 * (1.0 + poisson)), youngs * poisson / ((1.0 + poisson) * (1.0 - 2.0 * poisson))))
}

impl Material {
    /// The same material in every tet.
    pub fn homogeneous(tets: usize, youngs: f64, poisson: f64, density: f64) -> Result<Self, MaterialError> {
        let (mu, lambda) = lame(youngs, poisson)?;
        if !(density.is_finite() && density > 0.0) {
            return Err(MaterialError::Density(density));
        }
        Ok(Material { mu: vec![mu; tets], lambda: vec![lambda; tets], density: vec![density; tets] })
    }

    /// Check lengths against the mesh and values (μ > 0, λ ≥ 0, ρ > 0, all finite).
    pub fn validate(&self, mesh: &TetMesh) -> Result<(), MaterialError> {
        let t = mesh.t();
        for (what, v) in [("mu", &self.mu), ("lambda", &self.lambda), ("density", &self.density)] {
            if v.len() != t {
                return Err(MaterialError::Length { what, got: v.len(), tets: t });
            }
        }
        for tet in 0..t {
            let checks = [
                ("mu", self.mu[tet], true),
                ("lambda", self.lambda[tet], false),
                ("density", self.density[tet], true),
            ];
            for (what, value, strictly_positive) in checks {
                let ok = value.is_finite() && if strictly_positive { value > 0.0 } else { value >= 0.0 };
                if !ok {
                    return Err(MaterialError::Value { tet, what, value });
                }
            }
        }
        Ok(())
    }
}

/// Tet volumes (positive: the mesh is oriented).
pub fn volumes(mesh: &TetMesh) -> Vec<f64> {
    (0..mesh.t()).map(|t| mesh.volume(t)).collect()
}

/// Lumped (diagonal) mass per vertex: each tet gives a quarter of its mass `ρ_t vol_t` to each of its corners.
/// The 3n×3n mass matrix is `I₃ ⊗ diag(m)`.
pub fn lumped_mass(mesh: &TetMesh, density: &[f64]) -> Vec<f64> {
    let mut m = vec![0.0; mesh.n()];
    for (t, tet) in mesh.tets.iter().enumerate() {
        let quarter = density[t] * mesh.volume(t) / 4.0;
        for &v in tet {
            m[v] += quarter;
        }
    }
    m
}

/// Gradients of the four hat functions of tet `t` (constant over the tet), one 3-vector per corner.
pub fn hat_gradients(mesh: &TetMesh, t: usize) -> [[f64; 3]; 4] {
    let [x0, x1, x2, x3] = mesh.tets[t].map(|i| mesh.vertices[i]);
    // D_m = [x1-x0, x2-x0, x3-x0] (as columns); the gradient of corner k+1 is row k of D_m⁻¹.
    let d = |a: [f64; 3]| [a[0] - x0[0], a[1] - x0[1], a[2] - x0[2]];
    let (e1, e2, e3) = (d(x1), d(x2), d(x3));
    let dm = [[e1[0], e2[0], e3[0]], [e1[1], e2[1], e3[1]], [e1[2], e2[2], e3[2]]];
    let inv = inverse3(dm);
    let g1 = inv[0];
    let g2 = inv[1];
    let g3 = inv[2];
    let g0 = [-(g1[0] + g2[0] + g3[0]), -(g1[1] + g2[1] + g3[1]), -(g1[2] + g2[2] + g3[2])];
    [g0, g1, g2, g3]
}

fn inverse3(a: [[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    let c = |r0: usize, c0: usize, r1: usize, c1: usize| a[r0][c0] * a[r1][c1] - a[r0][c1] * a[r1][c0];
    let adj = [
        [c(1, 1, 2, 2), -c(0, 1, 2, 2), c(0, 1, 1, 2)],
        [-c(1, 0, 2, 2), c(0, 0, 2, 2), -c(0, 0, 1, 2)],
        [c(1, 0, 2, 1), -c(0, 0, 2, 1), c(0, 0, 1, 1)],
    ];
    adj.map(|row| row.map(|v| v / det))
}

/// Scalar gradient operator `G` (3t × n): `(G u)[3t + j] = ∂u/∂X_j` on tet `t` for a P1 field `u`.
pub fn scalar_gradient(mesh: &TetMesh) -> SparseColMat<usize, f64> {
    let mut trip = Vec::with_capacity(12 * mesh.t());
    for t in 0..mesh.t() {
        let g = hat_gradients(mesh, t);
        for (k, &v) in mesh.tets[t].iter().enumerate() {
            for j in 0..3 {
                trip.push(Triplet::new(3 * t + j, v, g[k][j]));
            }
        }
    }
    SparseColMat::try_new_from_triplets(3 * mesh.t(), mesh.n(), &trip).expect("valid gradient triplets")
}

/// Deformation-gradient operator `K = I₃ ⊗ G` (9t × 3n): `K x = vec(F)` with `vec(F)[c*3t + 3t' + j] =
/// F_{t'}[c][j]`, for coordinate-major `x`.
pub fn gradient_operator(mesh: &TetMesh) -> SparseColMat<usize, f64> {
    let (n, t) = (mesh.n(), mesh.t());
    let mut trip = Vec::with_capacity(36 * t);
    for tet in 0..t {
        let g = hat_gradients(mesh, tet);
        for (k, &v) in mesh.tets[tet].iter().enumerate() {
            for c in 0..3 {
                for j in 0..3 {
                    trip.push(Triplet::new(c * 3 * t + 3 * tet + j, c * n + v, g[k][j]));
                }
            }
        }
    }
    SparseColMat::try_new_from_triplets(9 * t, 3 * n, &trip).expect("valid gradient triplets")
}

/// Scalar heterogeneous Laplacian `L_s = Gᵀ diag(coef_t vol_t ⊗ 1₃) G` (n × n), assembled per element.
/// With `coef = μ` this is one diagonal block of `L` (see [`laplacian`]); with `coef = 1` it is the P1
/// stiffness (cotangent) matrix. Assembled column by column in parallel (each column gathers its vertex's
/// tets), which avoids sorting 16 triplets per tet.
pub fn scalar_laplacian(mesh: &TetMesh, coef: &[f64]) -> SparseColMat<usize, f64> {
    use rayon::prelude::*;
    let n = mesh.n();
    let (ptr, incident) = mesh.vertex_tets();
    let columns: Vec<Vec<(usize, f64)>> = (0..n)
        .into_par_iter()
        .map(|v| {
            let mut entries = Vec::with_capacity(4 * (ptr[v + 1] - ptr[v]));
            for &(t, a) in &incident[ptr[v]..ptr[v + 1]] {
                let g = hat_gradients(mesh, t);
                let w = coef[t] * mesh.volume(t);
                for (b, &vb) in mesh.tets[t].iter().enumerate() {
                    let dot = g[a][0] * g[b][0] + g[a][1] * g[b][1] + g[a][2] * g[b][2];
                    entries.push((vb, w * dot));
                }
            }
            entries.sort_by_key(|e| e.0); // stable: sums in tet order
            entries.dedup_by(|next, kept| {
                let same = next.0 == kept.0;
                if same {
                    kept.1 += next.1;
                }
                same
            });
            entries
        })
        .collect();
    let mut col_ptr = Vec::with_capacity(n + 1);
    col_ptr.push(0);
    for c in &columns {
        col_ptr.push(col_ptr.last().copied().unwrap_or(0) + c.len());
    }
    let (row_idx, vals): (Vec<usize>, Vec<f64>) = columns.into_iter().flatten().unzip();
    let symbolic = SymbolicSparseColMat::new_checked(n, n, col_ptr, None, row_idx);
    SparseColMat::new(symbolic, vals)
}

/// Heterogeneous Laplacian `L = Kᵀ U V K` (3n × 3n) with `U = diag(μ)`, `V = diag(vol)` per tet
/// (paper 000, App. C). With the coordinate-major layout it is `I₃ ⊗ L_s(μ)`.
pub fn laplacian(mesh: &TetMesh, mu: &[f64]) -> SparseColMat<usize, f64> {
    let ls = scalar_laplacian(mesh, mu);
    let n = mesh.n();
    let mut trip = Vec::with_capacity(3 * ls.compute_nnz());
    for col in 0..n {
        let rows = ls.row_idx_of_col_raw(col);
        let vals = ls.val_of_col(col);
        for (r, v) in rows.iter().zip(vals) {
            for c in 0..3 {
                trip.push(Triplet::new(c * n + *r, c * n + col, *v));
            }
        }
    }
    SparseColMat::try_new_from_triplets(3 * n, 3 * n, &trip).expect("valid laplacian triplets")
}

/// Rest Hessian (3n × 3n) of the co-rotational energy `Σ_t vol_t (μ_t ‖F_t − R_t‖² + λ_t/2 tr²(R_tᵀF_t − I))`
/// (ARAP when λ = 0). At rest `R = I` to first order absorbs the skew part of `F − I`, so the per-tet Hessian in
/// `vec(F)` is `vol (2μ P_sym + λ vec(I) vec(I)ᵀ)` and `H = Kᵀ blkdiag(...) K`. Energy constants as in
/// paper 000, Alg. 2 (see `method-pitfalls.md` §2).
pub fn rest_hessian(mesh: &TetMesh, material: &Material) -> SparseColMat<usize, f64> {
    let (n, t) = (mesh.n(), mesh.t());
    let mut trip = Vec::with_capacity(144 * t);
    for tet in 0..t {
        let g = hat_gradients(mesh, tet);
        let (mu, lambda, vol) = (material.mu[tet], material.lambda[tet], mesh.volume(tet));
        // ∂vec(F)/∂x: F[c][j] depends on x_{c, v_k} with coefficient g[k][j].
        // H[(c,va),(d,vb)] = vol Σ_{j,l} g[a][j] C[(c,j),(d,l)] g[b][l] with
        // C = 2μ P_sym + λ δ_cj δ_dl, P_sym[(c,j),(d,l)] = (δ_cd δ_jl + δ_cl δ_jd) / 2.
        for (a, &va) in mesh.tets[tet].iter().enumerate() {
            for (b, &vb) in mesh.tets[tet].iter().enumerate() {
                let dot = g[a][0] * g[b][0] + g[a][1] * g[b][1] + g[a][2] * g[b][2];
                for c in 0..3 {
                    for d in 0..3 {
                        let sym = mu * ((c == d) as u8 as f64 * dot + g[a][d] * g[b][c]);
                        let vol_term = lambda * g[a][c] * g[b][d];
                        trip.push(Triplet::new(c * n + va, d * n + vb, vol * (sym + vol_term)));
                    }
                }
            }
        }
    }
    SparseColMat::try_new_from_triplets(3 * n, 3 * n, &trip).expect("valid hessian triplets")
}

/// Weight-space Hessian `H_w` (n × n, paper 000 Eq. 18): the sum of the three diagonal coordinate blocks of the
/// rest Hessian, which for this energy is `Gᵀ diag((4μ + λ) vol ⊗ 1₃) G` (`method-pitfalls.md` §3).
pub fn weight_space_hessian(mesh: &TetMesh, material: &Material) -> SparseColMat<usize, f64> {
    let coef: Vec<f64> = material.mu.iter().zip(&material.lambda).map(|(mu, la)| 4.0 * mu + la).collect();
    scalar_laplacian(mesh, &coef)
}

/// `y = A x` for a CSC matrix (a plain loop; used by tests and precompute code that needs no faer dense types).
pub fn spmv(a: &SparseColMat<usize, f64>, x: &[f64]) -> Vec<f64> {
    assert_eq!(a.ncols(), x.len());
    let mut y = vec![0.0; a.nrows()];
    for (col, xc) in x.iter().enumerate() {
        for (r, v) in a.row_idx_of_col_raw(col).iter().zip(a.val_of_col(col)) {
            y[*r] += v * xc;
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;

    fn affine(m: &TetMesh, a: [[f64; 3]; 3], b: [f64; 3]) -> Vec<f64> {
        let n = m.n();
        let mut x = vec![0.0; 3 * n];
        for (v, p) in m.vertices.iter().enumerate() {
            for c in 0..3 {
                x[c * n + v] = a[c][0] * p[0] + a[c][1] * p[1] + a[c][2] * p[2] + b[c];
            }
        }
        x
    }

    fn skewed_box() -> TetMesh {
        // an irregular mesh: a box with its vertices jittered deterministically
        let mut m = box_mesh(3, 2, 2, [1.0, 0.7, 0.5]);
        for (i, p) in m.vertices.iter_mut().enumerate() {
            let s = (i as f64 * 0.618).fract() - 0.5;
            p[0] += 0.04 * s;
            p[1] += 0.03 * (s * 7.0).sin();
            p[2] -= 0.02 * s * s;
        }
        TetMesh::new(m.vertices, m.tets).unwrap().0
    }

    #[test]
    fn k_reproduces_affine_deformation_gradients_exactly() {
        let m = skewed_box();
        let k = gradient_operator(&m);
        let a = [[1.2, -0.3, 0.1], [0.4, 0.9, 0.0], [-0.2, 0.5, 1.1]];
        let f = spmv(&k, &affine(&m, a, [0.3, -1.0, 2.0]));
        let t = m.t();
        for tet in 0..t {
            for c in 0..3 {
                for j in 0..3 {
                    assert!((f[c * 3 * t + 3 * tet + j] - a[c][j]).abs() < 1e-10, "tet {tet} F[{c}][{j}]");
                }
            }
        }
    }

    #[test]
    fn lumped_mass_sums_to_total_mass() {
        let m = skewed_box();
        let vol: f64 = volumes(&m).iter().sum();
        let mass = lumped_mass(&m, &vec![1000.0; m.t()]);
        assert!((mass.iter().sum::<f64>() - 1000.0 * vol).abs() < 1e-9);
        assert!(mass.iter().all(|x| *x > 0.0));
    }

    #[test]
    fn laplacian_is_symmetric_psd_with_constants_in_its_kernel_and_the_right_energy() {
        let m = skewed_box();
        let mu: Vec<f64> = (0..m.t()).map(|t| 1.0 + (t % 3) as f64).collect(); // heterogeneous
        let ls = scalar_laplacian(&m, &mu);
        let dense = ls.to_dense();
        for i in 0..m.n() {
            for j in 0..m.n() {
                assert!((dense[(i, j)] - dense[(j, i)]).abs() < 1e-12);
            }
        }
        let ones = vec![1.0; m.n()];
        assert!(spmv(&ls, &ones).iter().all(|v| v.abs() < 1e-12));
        // For a linear field u = a·X, uᵀ L_s u = Σ_t μ_t vol_t |a|² (independent of the mesh's shape).
        let a = [0.3, -1.2, 0.7];
        let u: Vec<f64> = m.vertices.iter().map(|p| a[0] * p[0] + a[1] * p[1] + a[2] * p[2]).collect();
        let e: f64 = u.iter().zip(spmv(&ls, &u)).map(|(x, y)| x * y).sum();
        let want: f64 =
            (0..m.t()).map(|t| mu[t] * m.volume(t)).sum::<f64>() * (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        assert!((e - want).abs() < 1e-9 * want, "{e} vs {want}");
        // PSD: random vectors give non-negative energy
        for s in 0..5 {
            let r: Vec<f64> = (0..m.n()).map(|i| ((i * 31 + s * 17) as f64 * 0.37).sin()).collect();
            let e: f64 = r.iter().zip(spmv(&ls, &r)).map(|(x, y)| x * y).sum();
            assert!(e >= -1e-12);
        }
    }

    #[test]
    fn full_laplacian_equals_kt_u_v_k() {
        // L = Kᵀ U V K, computed through K and compared with the block-assembled L
        let m = box_mesh(2, 1, 1, [1.0, 0.5, 0.5]);
        let mu: Vec<f64> = (0..m.t()).map(|t| 0.5 + t as f64).collect();
        let l = laplacian(&m, &mu);
        let k = gradient_operator(&m);
        let t = m.t();
        for s in 0..4 {
            let x: Vec<f64> = (0..3 * m.n()).map(|i| ((i * 13 + s * 5) as f64 * 0.71).cos()).collect();
            let mut f = spmv(&k, &x);
            for c in 0..3 {
                for tet in 0..t {
                    for j in 0..3 {
                        f[c * 3 * t + 3 * tet + j] *= mu[tet] * m.volume(tet);
                    }
                }
            }
            // Kᵀ (U V K x) via the transpose loop
            let mut y = vec![0.0; 3 * m.n()];
            for col in 0..k.ncols() {
                for (r, v) in k.row_idx_of_col_raw(col).iter().zip(k.val_of_col(col)) {
                    y[col] += v * f[*r];
                }
            }
            let ly = spmv(&l, &x);
            for i in 0..y.len() {
                assert!((y[i] - ly[i]).abs() < 1e-10 * (1.0 + y[i].abs()), "{i}: {} vs {}", y[i], ly[i]);
            }
        }
    }

    #[test]
    fn materials_are_validated() {
        assert!(lame(1e5, 0.3).is_ok());
        assert_eq!(lame(-1.0, 0.3), Err(MaterialError::Youngs(-1.0)));
        assert_eq!(lame(1e5, 0.5), Err(MaterialError::Poisson(0.5)));
        let (mu, la) = lame(1e5, 0.25).unwrap();
        assert!((mu - 4e4).abs() < 1e-9 && (la - 4e4).abs() < 1e-9);
        let m = box_mesh(1, 1, 1, [1.0; 3]);
        let mut mat = Material::homogeneous(m.t(), 1e5, 0.3, 1000.0).unwrap();
        assert!(mat.validate(&m).is_ok());
        mat.lambda[2] = f64::NAN;
        assert!(matches!(mat.validate(&m), Err(MaterialError::Value { tet: 2, what: "lambda", .. })));
        mat.mu.pop();
        assert!(matches!(mat.validate(&m), Err(MaterialError::Length { what: "mu", .. })));
    }

    #[test]
    fn weight_space_hessian_is_the_sum_of_the_rest_hessians_diagonal_blocks() {
        let m = skewed_box();
        let mut mat = Material::homogeneous(m.t(), 2e5, 0.35, 1000.0).unwrap();
        for t in 0..m.t() {
            mat.mu[t] *= 1.0 + 0.5 * (t % 4) as f64; // heterogeneous
        }
        let h = rest_hessian(&m, &mat).to_dense();
        let hw = weight_space_hessian(&m, &mat).to_dense();
        let n = m.n();
        let scale = hw.norm_max();
        for i in 0..n {
            for j in 0..n {
                let sum: f64 = (0..3).map(|c| h[(c * n + i, c * n + j)]).sum();
                assert!((sum - hw[(i, j)]).abs() < 1e-10 * scale, "({i},{j}): {sum} vs {}", hw[(i, j)]);
            }
        }
    }

    #[test]
    fn rest_hessian_is_symmetric_and_vanishes_on_rigid_motions() {
        let m = skewed_box();
        let mat = Material::homogeneous(m.t(), 1e5, 0.3, 1000.0).unwrap();
        let h = rest_hessian(&m, &mat);
        let d = h.to_dense();
        let scale = d.norm_max();
        for i in 0..d.nrows() {
            for j in 0..i {
                assert!((d[(i, j)] - d[(j, i)]).abs() < 1e-10 * scale);
            }
        }
        // translations and infinitesimal rotations are in the kernel (6 rigid modes)
        let rot = [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]];
        for x in [affine(&m, [[0.0; 3]; 3], [1.0, 2.0, 3.0]), affine(&m, rot, [0.0; 3])] {
            let f = spmv(&h, &x);
            assert!(f.iter().all(|v| v.abs() < 1e-8 * scale), "rigid motion has elastic force");
        }
        // a stretch does not
        let f = spmv(&h, &affine(&m, [[1.0, 0.0, 0.0], [0.0; 3], [0.0; 3]], [0.0; 3]));
        assert!(f.iter().any(|v| v.abs() > 1e-6 * scale));
    }
}
