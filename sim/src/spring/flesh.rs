//! Colliders that move with the flesh: the secondary displacement `u = Bz` evaluated at each collider point, so
//! a collider on a soft region (chest, belly, hips, thighs) follows its jiggle and the hair lying on it moves
//! with it.
//!
//! The displacement at a rest point `X` is the reduced model's (paper 000, Eq. 7, the skinning eigenmodes as
//! the secondary subspace):
//!
//! ```text
//! u(X) = Σ_k w_k(X) · Z_k [X; 1]          w_k(X) = Σ_i β_i W[t_i, k]
//! ```
//!
//! with `W` the mode weights on the simulation mesh, `t` the tet holding `X` and `β` its barycentric
//! coordinates there (clamped to the tet when `X` lies outside the mesh, so that a collider beside the body
//! takes the nearest flesh's motion instead of an extrapolation), and `Z_k` the 3×4 block of mode `k` in `z`.

use crate::geometry::{embed_points, GeometryError};
use crate::mesh::TetMesh;
use faer::Mat;

/// The flesh's displacement at fixed rest points (the collider points of a [`super::SpringSolver`]).
#[derive(Clone, Debug)]
pub struct FleshAtPoints {
    points: Vec<[f64; 3]>,
    /// `w(X)` of each point, `m` entries each (row-major `N × m`).
    weights: Vec<f64>,
    modes: usize,
    out: Vec<[f64; 3]>,
}

impl FleshAtPoints {
    /// Embed `points` (rest positions, m) in the simulation mesh and carry the mode weights `W` (`n × m`) to
    /// them.
    pub fn new(mesh: &TetMesh, w: &Mat<f64>, points: Vec<[f64; 3]>) -> Result<Self, GeometryError> {
        let modes = w.ncols();
        let mut weights = vec![0.0; points.len() * modes];
        if !points.is_empty() {
            let e = embed_points(mesh, &points)?;
            for (i, (corners, bary)) in e.corners.iter().zip(&e.bary).enumerate() {
                // inside the mesh β ≥ 0 already; outside, the clamp keeps the nearest tet's convex combination
                let mut b = bary.map(|v| v.max(0.0));
                let sum: f64 = b.iter().sum();
                if sum > 0.0 {
                    b.iter_mut().for_each(|v| *v /= sum);
                }
                for k in 0..modes {
                    weights[i * modes + k] = (0..4).map(|c| b[c] * w[(corners[c] as usize, k)]).sum();
                }
            }
        }
        let out = vec![[0.0; 3]; points.len()];
        Ok(FleshAtPoints { points, weights, modes, out })
    }

    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// `u(X)` at every point for reduced coordinates `z` (`12 m` entries); all zeros when `z` has another
    /// length.
    pub fn displacements(&mut self, z: &[f64]) -> &[[f64; 3]] {
        let m = self.modes;
        for (i, (x, u)) in self.points.iter().zip(self.out.iter_mut()).enumerate() {
            *u = [0.0; 3];
            if z.len() != 12 * m {
                continue;
            }
            let xh = [x[0], x[1], x[2], 1.0];
            for k in 0..m {
                let wk = self.weights[i * m + k];
                if wk == 0.0 {
                    continue;
                }
                for (c, uc) in u.iter_mut().enumerate() {
                    let row = &z[12 * k + 4 * c..12 * k + 4 * c + 4];
                    *uc += wk * (row[0] * xh[0] + row[1] * xh[1] + row[2] * xh[2] + row[3] * xh[3]);
                }
            }
        }
        &self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two tets sharing a face; random weights and `z`.
    fn setup() -> (TetMesh, Mat<f64>, Vec<f64>) {
        let vertices =
            vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 1.0]];
        let (mesh, _) = TetMesh::new(vertices, vec![[0, 1, 2, 3], [1, 2, 3, 4]]).unwrap();
        let m = 3;
        let mut s = 7u64;
        let mut rnd = || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let w = Mat::from_fn(5, m, |_, _| rnd());
        let z = (0..12 * m).map(|_| rnd()).collect();
        (mesh, w, z)
    }

    /// The displacement of vertex `i` written out from the definition, independently of the code above.
    fn u_at_vertex(mesh: &TetMesh, w: &Mat<f64>, z: &[f64], i: usize) -> [f64; 3] {
        let x = mesh.vertices[i];
        let mut u = [0.0; 3];
        for k in 0..w.ncols() {
            for c in 0..3 {
                let z_k = |j: usize| z[12 * k + 4 * c + j];
                u[c] += w[(i, k)] * (z_k(0) * x[0] + z_k(1) * x[1] + z_k(2) * x[2] + z_k(3));
            }
        }
        u
    }

    #[test]
    fn at_a_vertex_it_is_that_vertex_displacement_and_linear_inside_a_tet() {
        let (mesh, w, z) = setup();
        let centroid = [0.25, 0.25, 0.25];
        let mut f =
            FleshAtPoints::new(&mesh, &w, vec![mesh.vertices[4], mesh.vertices[1], centroid]).unwrap();
        let u = f.displacements(&z).to_vec();
        for (got, i) in u.iter().zip([4, 1]) {
            let want = u_at_vertex(&mesh, &w, &z, i);
            for c in 0..3 {
                assert!((got[c] - want[c]).abs() < 1e-12, "vertex {i}: {got:?} vs {want:?}");
            }
        }
        // the weights are interpolated, the affine map Z_k [X; 1] is evaluated at X: not the mean of the
        // corners' displacements, but Σ_k (mean of W) Z_k [X; 1]
        let mut want = [0.0; 3];
        for k in 0..w.ncols() {
            let wk = (0..4).map(|i| w[(i, k)]).sum::<f64>() / 4.0;
            for c in 0..3 {
                let z_k = |j: usize| z[12 * k + 4 * c + j];
                want[c] += wk * (z_k(0) * 0.25 + z_k(1) * 0.25 + z_k(2) * 0.25 + z_k(3));
            }
        }
        for c in 0..3 {
            assert!((u[2][c] - want[c]).abs() < 1e-12);
        }
        // z of another length: no motion
        assert!(f.displacements(&z[1..]).iter().flatten().all(|&v| v == 0.0));
    }

    #[test]
    fn outside_the_mesh_it_takes_the_nearest_flesh_not_an_extrapolation() {
        let (mesh, w, z) = setup();
        // far beyond vertex 4, along the direction away from the mesh
        let mut f = FleshAtPoints::new(&mesh, &w, vec![[3.0, 3.0, 3.0]]).unwrap();
        let got = f.displacements(&z)[0];
        let w4: Vec<f64> = (0..w.ncols()).map(|k| w[(4, k)]).collect();
        let mut want = [0.0; 3];
        for (k, wk) in w4.iter().enumerate() {
            for c in 0..3 {
                let z_k = |j: usize| z[12 * k + 4 * c + j];
                want[c] += wk * (z_k(0) * 3.0 + z_k(1) * 3.0 + z_k(2) * 3.0 + z_k(3));
            }
        }
        for c in 0..3 {
            assert!((got[c] - want[c]).abs() < 1e-12, "{got:?} vs {want:?}");
        }
    }
}
