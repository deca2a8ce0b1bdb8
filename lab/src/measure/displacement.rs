//! The secondary displacement `u` of a set of vertices for reduced coordinates `z`, and the tet-mesh check
//! of `x = rig(p) + u` (inverted and collapsed tets).
//!
//! `u_v = Σ_k W(v,k) · Z_k [X_v; 1]`, with `Z_k` the 3×4 block `z[12k..12k+12]` (row-major) and `X_v` the
//! vertex's rest position: on the render mesh with `W = render.mode_weights` this is
//! `RenderMesh::deform(p, z) − deform(p, 0)`; on the simulation mesh with `W = sim.weights` it is `B z`. As
//! one dense product per tick: `U (N×3) = A (N×4m) · Ẑ (4m×3)` with `A[v, 4k+j] = W(v,k) X̂_v[j]`
//! (`X̂ = [X; 1]`) built once and `Ẑ[4k+j, c] = z[12k + 4c + j]`.

use anyhow::{Context, Result};
use avatar_sim::mesh::{signed_volume, TetMesh};
use avatar_sim::rig::Rig;
use faer::{Accum, Mat, MatRef, Par};

/// A tet counts as collapsed below this fraction of its rest volume.
pub const COLLAPSED_FRACTION: f64 = 0.1;

/// `u = A Ẑ` for one set of vertices (see the module doc).
pub struct Displacement {
    a: Mat<f64>,
    modes: usize,
}

impl Displacement {
    /// For rest positions `vertices` and mode weights `weights` (one row per vertex, one column per mode).
    pub fn new(vertices: &[[f64; 3]], weights: MatRef<'_, f64>) -> Displacement {
        assert_eq!(vertices.len(), weights.nrows(), "one weight row per vertex");
        let a = Mat::from_fn(vertices.len(), 4 * weights.ncols(), |v, c| {
            let x = if c % 4 == 3 { 1.0 } else { vertices[v][c % 4] };
            weights[(v, c / 4)] * x
        });
        Displacement { a, modes: weights.ncols() }
    }

    pub fn vertices(&self) -> usize {
        self.a.nrows()
    }

    /// `u` (N×3, metres) for `z` (12m entries).
    pub fn of(&self, z: &[f64]) -> Mat<f64> {
        assert_eq!(z.len(), 12 * self.modes, "z has 12 entries per mode");
        let zhat = Mat::from_fn(4 * self.modes, 3, |r, c| z[12 * (r / 4) + 4 * c + r % 4]);
        let mut u = Mat::zeros(self.a.nrows(), 3);
        faer::linalg::matmul::matmul(
            u.as_mut(),
            Accum::Replace,
            self.a.as_ref(),
            zhat.as_ref(),
            1.0,
            Par::Seq,
        );
        u
    }

    /// `|u_v|` of every vertex (metres).
    pub fn norms(&self, z: &[f64]) -> Vec<f64> {
        let u = self.of(z);
        let (x, y, w) = (u.col(0), u.col(1), u.col(2));
        (0..u.nrows()).map(|v| (x[v] * x[v] + y[v] * y[v] + w[v] * w[v]).sqrt()).collect()
    }
}

/// Tets with non-positive volume (`inverted`) and below [`COLLAPSED_FRACTION`] of their rest volume
/// (`collapsed`, inverted ones included), with and without the secondary motion.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TetCounts {
    pub inverted: usize,
    pub collapsed: usize,
    /// The same for the rig alone (`z = 0`): what the skinning does without the flesh.
    pub inverted_rig: usize,
    pub collapsed_rig: usize,
}

impl TetCounts {
    /// The larger of each count.
    pub fn max(self, o: TetCounts) -> TetCounts {
        TetCounts {
            inverted: self.inverted.max(o.inverted),
            collapsed: self.collapsed.max(o.collapsed),
            inverted_rig: self.inverted_rig.max(o.inverted_rig),
            collapsed_rig: self.collapsed_rig.max(o.collapsed_rig),
        }
    }
}

/// The simulation mesh's tets at `x = rig(p) + B z`.
pub struct TetCheck<'a> {
    mesh: &'a TetMesh,
    rig: &'a Rig,
    rest_volume: Vec<f64>,
    secondary: Displacement,
}

impl<'a> TetCheck<'a> {
    pub fn new(mesh: &'a TetMesh, rig: &'a Rig, weights: MatRef<'_, f64>) -> TetCheck<'a> {
        let rest_volume = (0..mesh.t()).map(|t| mesh.volume(t)).collect();
        TetCheck { mesh, rig, rest_volume, secondary: Displacement::new(&mesh.vertices, weights) }
    }

    pub fn count(&self, p: &[f64], z: &[f64]) -> Result<TetCounts> {
        let n = self.mesh.n();
        let x = self.rig.deform(&self.mesh.vertices, p).context("the rig on the tet mesh")?;
        let u = self.secondary.of(z);
        let rig_only = |v: usize| [x[v], x[n + v], x[2 * n + v]];
        let with_u = |v: usize| [x[v] + u[(v, 0)], x[n + v] + u[(v, 1)], x[2 * n + v] + u[(v, 2)]];
        let mut c = TetCounts::default();
        for (tet, &rest) in self.mesh.tets.iter().zip(&self.rest_volume) {
            let [a, b, cc, d] = *tet;
            let vol = signed_volume(with_u(a), with_u(b), with_u(cc), with_u(d));
            let vol_rig = signed_volume(rig_only(a), rig_only(b), rig_only(cc), rig_only(d));
            c.inverted += (vol <= 0.0) as usize;
            c.collapsed += (vol < COLLAPSED_FRACTION * rest) as usize;
            c.inverted_rig += (vol_rig <= 0.0) as usize;
            c.collapsed_rig += (vol_rig < COLLAPSED_FRACTION * rest) as usize;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::asset::bar_avatar;
    use rand::{Rng, SeedableRng};

    /// `u` from the asset's tensors, one vertex and one mode at a time (no shared code with the product).
    fn reference(asset: &avatar_sim::Asset, z: &[f64]) -> Vec<[f64; 3]> {
        let r = &asset.render;
        let w = &r.mode_weights;
        (0..r.vertices.len())
            .map(|v| {
                let x = r.vertices[v];
                let mut u = [0.0; 3];
                for k in 0..w.ncols() {
                    for (row, out) in u.iter_mut().enumerate() {
                        let zk = &z[12 * k + 4 * row..12 * k + 4 * row + 4];
                        *out += w[(v, k)] * (zk[0] * x[0] + zk[1] * x[1] + zk[2] * x[2] + zk[3]);
                    }
                }
                u
            })
            .collect()
    }

    #[test]
    fn jiggle_displacement_matches_a_per_vertex_reconstruction() {
        let asset = bar_avatar([8, 2, 2], [2.0, 0.5, 0.5], 0.4, &[], 6, 8).unwrap();
        let m = asset.render.mode_weights.ncols();
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let z: Vec<f64> = (0..12 * m).map(|_| rng.random_range(-0.1..0.1)).collect();
        let d = Displacement::new(&asset.render.vertices, asset.render.mode_weights.as_ref());
        let u = d.of(&z);
        let want = reference(&asset, &z);
        let scale = want.iter().flatten().fold(0.0f64, |a, v| a.max(v.abs()));
        assert!(scale > 1e-3, "a random z moves the bar: {scale}");
        for (v, w) in want.iter().enumerate() {
            for c in 0..3 {
                let err = (u[(v, c)] - w[c]).abs();
                assert!(err <= 1e-9 * scale, "vertex {v} coordinate {c}: {} vs {}", u[(v, c)], w[c]);
            }
        }
        let norms = d.norms(&z);
        for (v, w) in want.iter().enumerate() {
            let n = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
            assert!((norms[v] - n).abs() <= 1e-9 * scale);
        }
        // and the render mesh's own deform: deform(p, z) − deform(p, 0) at a non-rest pose
        let mut p = asset.sim.rig.rest_params();
        p[3] += 0.2;
        let (a, b) =
            (asset.render.deform(&p, &z).unwrap(), asset.render.deform(&p, &vec![0.0; z.len()]).unwrap());
        for v in 0..a.len() {
            for c in 0..3 {
                assert!((a[v][c] - b[v][c] - u[(v, c)]).abs() <= 1e-9 * scale);
            }
        }
    }

    #[test]
    fn jiggle_tet_check_counts_nothing_at_rest_and_flags_a_flattened_mesh() {
        let asset = bar_avatar([6, 2, 2], [2.0, 0.5, 0.5], 0.4, &[], 4, 8).unwrap();
        let sim = &asset.sim;
        let check = TetCheck::new(&sim.mesh, &sim.rig, sim.weights.as_ref());
        let p = sim.rig.rest_params();
        let m = sim.weights.ncols();
        assert_eq!(check.count(&p, &vec![0.0; 12 * m]).unwrap(), TetCounts::default());
        // z that squashes the mesh flat in y: u = −y e_y through every mode in proportion to its weight sum is
        // hard to build; instead flatten through the rig (all bones scale y by 0) and check both counts
        let mut flat = p.clone();
        for b in 0..2 {
            flat[12 * b + 5] = 0.0; // row 1, column 1 of each bone's 3×4 transform
        }
        let c = check.count(&flat, &vec![0.0; 12 * m]).unwrap();
        assert_eq!(c.inverted, sim.mesh.t());
        assert_eq!(c.inverted_rig, sim.mesh.t());
        assert_eq!(c.collapsed, sim.mesh.t());
    }
}
