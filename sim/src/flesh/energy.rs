//! Ex-rotated elasticity (paper 002, §4): `Ψ(F; q) = μ‖F − R̂‖² + λ/2 tr²(R̂ᵀF − I)` with the skinned rotation
//! `R̂(q)` of each tet (Eq. 5). Forces are affine in the positions, `f(x; q) = K(q) x + g(q)` (Eq. 4), with
//! `K^e(q) = R* K₀^e R*ᵀ` per element.
//!
//! We store `H(q) = −K(q)` (symmetric positive semi-definite) in 3×3 blocks. Per element,
//! `H^e_ab = V (2μ (∇N_a·∇N_b) I + λ (R̂∇N_a)(R̂∇N_b)ᵀ)`: the μ part does not depend on the pose and is kept
//! once; only the rank-one λ part is rotated each frame. The constant term is `g_a = Σ_e R̂_e (H₀^e X̃_e)_a`,
//! where `X̃` is the reference shape (the rest shape, or the rest shape with the rig's blendshapes applied):
//! per element `(H₀^e X̃)_a = V (2μ F̃₀ ∇N_a + λ tr(F̃₀) ∇N_a)` with `F̃₀ = Σ_b X̃_b ∇N_bᵀ` (`F̃₀ = I` at rest).

use crate::fem::{hat_gradients, Material};
use crate::linalg::block::{BlockMatrix, V3};
use crate::mesh::tet_mesh::TetMesh;
use nalgebra::{Matrix3, Vector3};
use rayon::prelude::*;

/// The ex-rotated stiffness of one tet mesh: element data, the assembled `H(q)` and the gather lists that
/// rebuild it in parallel without write conflicts.
pub struct ExRotated {
    pub tets: Vec<[usize; 4]>,
    /// `∇N_a` per tet (rest configuration).
    grads: Vec<[V3; 4]>,
    pub volume: Vec<f64>,
    mu: Vec<f64>,
    lambda: Vec<f64>,
    /// `H(q)` at the last [`ExRotated::assemble`] (at rest after `new`).
    pub matrix: BlockMatrix,
    /// The pose-independent μ part of each block (a multiple of I).
    laplacian: Vec<f64>,
    /// Per block: the (tet, a, b) element entries that sum into it.
    block_ptr: Vec<usize>,
    block_terms: Vec<(u32, u8, u8)>,
    /// Per vertex: the (tet, a) corners it is.
    corner_ptr: Vec<usize>,
    corners: Vec<(u32, u8)>,
}

impl ExRotated {
    /// Element data and the block pattern of `mesh` (any vertex numbering), assembled at rest (`R̂ = I`).
    pub fn new(mesh: &TetMesh, material: &Material) -> Self {
        let n = mesh.n();
        let tets = mesh.tets.clone();
        let grads: Vec<[V3; 4]> = (0..mesh.t()).map(|t| hat_gradients(mesh, t)).collect();
        let volume: Vec<f64> = (0..mesh.t()).map(|t| mesh.volume(t)).collect();
        let mut matrix = BlockMatrix::from_pairs(
            n,
            tets.iter().flat_map(|t| (0..4).flat_map(move |a| (a + 1..4).map(move |b| (t[a], t[b])))),
        );
        let mut laplacian = vec![0.0; matrix.cols.len()];
        let mut terms: Vec<(usize, u32, u8, u8)> = Vec::with_capacity(16 * tets.len());
        for (t, tet) in tets.iter().enumerate() {
            for a in 0..4 {
                for b in 0..4 {
                    let k = matrix.find(tet[a], tet[b]).expect("tet pairs are in the pattern");
                    let g = &grads[t];
                    let dot = g[a][0] * g[b][0] + g[a][1] * g[b][1] + g[a][2] * g[b][2];
                    laplacian[k] += 2.0 * material.mu[t] * volume[t] * dot;
                    terms.push((k, t as u32, a as u8, b as u8));
                }
            }
        }
        terms.sort_unstable_by_key(|e| e.0);
        let mut block_ptr = vec![0; matrix.cols.len() + 1];
        for e in &terms {
            block_ptr[e.0 + 1] += 1;
        }
        for k in 0..matrix.cols.len() {
            block_ptr[k + 1] += block_ptr[k];
        }
        let block_terms = terms.into_iter().map(|(_, t, a, b)| (t, a, b)).collect();
        let mut corner_ptr = vec![0; n + 1];
        tets.iter().flatten().for_each(|&v| corner_ptr[v + 1] += 1);
        for v in 0..n {
            corner_ptr[v + 1] += corner_ptr[v];
        }
        let mut fill = corner_ptr.clone();
        let mut corners = vec![(0u32, 0u8); 4 * tets.len()];
        for (t, tet) in tets.iter().enumerate() {
            for (a, &v) in tet.iter().enumerate() {
                corners[fill[v]] = (t as u32, a as u8);
                fill[v] += 1;
            }
        }
        matrix.vals.iter_mut().for_each(|b| *b = [0.0; 9]);
        let mut ex = ExRotated {
            tets,
            grads,
            volume,
            mu: material.mu.clone(),
            lambda: material.lambda.clone(),
            matrix,
            laplacian,
            block_ptr,
            block_terms,
            corner_ptr,
            corners,
        };
        ex.assemble(&vec![Matrix3::identity(); ex.tets.len()]);
        ex
    }

    pub fn n(&self) -> usize {
        self.matrix.n()
    }

    /// `√(λV) R̂∇N_a` per tet corner: the rotated rank-one factors of the λ part.
    fn rotated_factors(&self, rot: &[Matrix3<f64>]) -> Vec<[V3; 4]> {
        (0..self.tets.len())
            .into_par_iter()
            .map(|t| {
                let s = (self.lambda[t] * self.volume[t]).sqrt();
                self.grads[t].map(|g| {
                    let v = rot[t] * Vector3::from(g) * s;
                    [v.x, v.y, v.z]
                })
            })
            .collect()
    }

    /// Rebuild `H(q)` for the per-tet rotations `rot` (paper 002, §4: `K^e = R* K₀^e R*ᵀ`).
    pub fn assemble(&mut self, rot: &[Matrix3<f64>]) {
        assert_eq!(rot.len(), self.tets.len(), "one rotation per tet");
        let g = self.rotated_factors(rot);
        let (ptr, terms, lap) = (&self.block_ptr, &self.block_terms, &self.laplacian);
        self.matrix.vals.par_iter_mut().enumerate().with_min_len(1024).for_each(|(k, out)| {
            let mut b = [0.0; 9];
            for &(t, a, c) in &terms[ptr[k]..ptr[k + 1]] {
                let (u, v) = (g[t as usize][a as usize], g[t as usize][c as usize]);
                for i in 0..3 {
                    for j in 0..3 {
                        b[3 * i + j] += u[i] * v[j];
                    }
                }
            }
            for e in [0, 4, 8] {
                b[e] += lap[k];
            }
            *out = b;
        });
    }

    /// The constant term `g(q) = Σ_e R̂_e (H₀^e X̃_e)` per vertex, for the reference shape `reference` (the rest
    /// shape when `None`).
    pub fn constant_term(&self, rot: &[Matrix3<f64>], reference: Option<&[V3]>) -> Vec<V3> {
        let per_corner: Vec<[V3; 4]> = (0..self.tets.len())
            .into_par_iter()
            .map(|t| {
                let g = &self.grads[t];
                let f0 = match reference {
                    None => Matrix3::identity(),
                    Some(x) => {
                        let mut f = Matrix3::zeros();
                        for b in 0..4 {
                            f += Vector3::from(x[self.tets[t][b]]) * Vector3::from(g[b]).transpose();
                        }
                        f
                    }
                };
                let vol = self.volume[t];
                let tr = f0.trace();
                g.map(|ga| {
                    let ga = Vector3::from(ga);
                    let h = rot[t] * (2.0 * self.mu[t] * f0 * ga + self.lambda[t] * tr * ga) * vol;
                    [h.x, h.y, h.z]
                })
            })
            .collect();
        (0..self.n())
            .into_par_iter()
            .with_min_len(1024)
            .map(|v| {
                let mut s = [0.0; 3];
                for &(t, a) in &self.corners[self.corner_ptr[v]..self.corner_ptr[v + 1]] {
                    let h = per_corner[t as usize][a as usize];
                    (0..3).for_each(|c| s[c] += h[c]);
                }
                s
            })
            .collect()
    }

    /// The elastic energy `Σ_e V_e Ψ(F_e; R̂_e)` of positions `x` (Eq. 5), with the reference shape as in
    /// [`ExRotated::constant_term`] (`F` measured against it): `μ‖R̂ᵀF − F̃₀‖² + λ/2 tr²(R̂ᵀF − F̃₀)`.
    pub fn energy(&self, rot: &[Matrix3<f64>], x: &[V3], reference: Option<&[V3]>) -> f64 {
        (0..self.tets.len())
            .map(|t| {
                let g = &self.grads[t];
                let gradient = |y: &[V3]| {
                    (0..4).fold(Matrix3::zeros(), |f, b| {
                        f + Vector3::from(y[self.tets[t][b]]) * Vector3::from(g[b]).transpose()
                    })
                };
                let f = gradient(x);
                let f0 = reference.map_or(Matrix3::identity(), gradient);
                let d = rot[t].transpose() * f - f0;
                self.volume[t] * (self.mu[t] * d.norm_squared() + 0.5 * self.lambda[t] * d.trace().powi(2))
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::block::bmul;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use nalgebra::{Rotation3, Unit};

    fn scene() -> (TetMesh, Material, Vec<Matrix3<f64>>, Vec<V3>) {
        let mesh = box_mesh(3, 2, 2, [1.5, 1.0, 0.8]);
        let mat = Material::homogeneous(mesh.t(), 1e4, 0.4, 1000.0).unwrap();
        let rot = (0..mesh.t())
            .map(|t| {
                let axis = Unit::new_normalize(Vector3::new(1.0, t as f64 * 0.3, -0.5));
                Rotation3::from_axis_angle(&axis, 0.2 * t as f64).into_inner()
            })
            .collect();
        let x = mesh
            .vertices
            .iter()
            .enumerate()
            .map(|(i, v)| [v[0] + 0.1 * (i as f64).sin(), v[1] * 1.2, v[2] - 0.05 * (i as f64).cos()])
            .collect();
        (mesh, mat, rot, x)
    }

    fn forces(ex: &ExRotated, rot: &[Matrix3<f64>], x: &[V3], reference: Option<&[V3]>) -> Vec<V3> {
        let g = ex.constant_term(rot, reference);
        let n = ex.n();
        let mut hx = vec![[0.0; 3]; n];
        ex.matrix.mul_sub(0..n, 0..n, x, &mut hx, 1.0, false);
        g.iter().zip(&hx).map(|(g, h)| [g[0] - h[0], g[1] - h[1], g[2] - h[2]]).collect()
    }

    #[test]
    fn forces_are_minus_the_energy_gradient_and_h_is_its_hessian() {
        let (mesh, mat, rot, x) = scene();
        let mut ex = ExRotated::new(&mesh, &mat);
        ex.assemble(&rot);
        assert!(ex.matrix.asymmetry().unwrap() < 1e-9);
        let reference: Vec<V3> =
            mesh.vertices.iter().map(|v| [v[0] * 1.1, v[1], v[2] + 0.1 * v[0]]).collect();
        for refr in [None, Some(reference.as_slice())] {
            let f = forces(&ex, &rot, &x, refr);
            let h = 1e-6;
            for v in [0, 7, mesh.n() - 1] {
                for c in 0..3 {
                    let (mut xp, mut xm) = (x.clone(), x.clone());
                    xp[v][c] += h;
                    xm[v][c] -= h;
                    let fd = -(ex.energy(&rot, &xp, refr) - ex.energy(&rot, &xm, refr)) / (2.0 * h);
                    assert!(
                        (fd - f[v][c]).abs() < 1e-5 * (1.0 + fd.abs()),
                        "vertex {v} dim {c}: {fd} vs {}",
                        f[v][c]
                    );
                }
            }
        }
        // H is the Hessian: forces are affine with slope −H
        let d: Vec<V3> = (0..mesh.n()).map(|i| [(i as f64).cos(), 0.3, -(i as f64).sin()]).collect();
        let x2: Vec<V3> = x.iter().zip(&d).map(|(x, d)| [x[0] + d[0], x[1] + d[1], x[2] + d[2]]).collect();
        let (f1, f2) = (forces(&ex, &rot, &x, None), forces(&ex, &rot, &x2, None));
        for v in 0..mesh.n() {
            let mut hd = [0.0; 3];
            for k in ex.matrix.row_ptr[v]..ex.matrix.row_ptr[v + 1] {
                let y = bmul(&ex.matrix.vals[k], &d[ex.matrix.cols[k] as usize]);
                (0..3).for_each(|c| hd[c] += y[c]);
            }
            for c in 0..3 {
                assert!((f1[v][c] - f2[v][c] - hd[c]).abs() < 1e-6 * (1.0 + hd[c].abs()));
            }
        }
    }

    #[test]
    fn the_rest_shape_rotated_per_tet_is_an_equilibrium_when_rotations_agree() {
        let (mesh, mat, _, _) = scene();
        let q =
            Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(0.2, 1.0, 0.4)), 1.3).into_inner();
        let mut ex = ExRotated::new(&mesh, &mat);
        let rot = vec![q; mesh.t()];
        ex.assemble(&rot);
        let x: Vec<V3> = mesh
            .vertices
            .iter()
            .map(|v| {
                let y = q * Vector3::from(*v) + Vector3::new(0.5, -1.0, 2.0);
                [y.x, y.y, y.z]
            })
            .collect();
        let f = forces(&ex, &rot, &x, None);
        assert!(f.iter().flatten().all(|v| v.abs() < 1e-8), "a rigidly moved rest shape must carry no force");
        assert!(ex.energy(&rot, &x, None) < 1e-18);
    }
}
