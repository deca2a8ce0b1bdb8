//! The render mesh of an avatar: the triangle surface that the renderer draws, tied to the simulation mesh.
//!
//! A render vertex `v` with rest position `X_v` is drawn at
//!
//! ```text
//! x_v = rig(p)_v + Σ_k W_r[v,k] · Z_k [X_v; 1]          (paper 000, §7: LBS in the vertex shader)
//! ```
//!
//! where `rig(p)_v` is the render rig (the avatar's rig evaluated on the render vertices: same parameters
//! `p`, its own weights and blendshape deltas), `Z_k` the 3×4 block of mode `k` in `z`, and `W_r` the
//! skinning-eigenmode weights *prolongated* to the render vertices: `W_r[v,k] = Σ_i β_i W[t_i, k]` with the
//! render vertex's tet `t` and barycentric coordinates `β` in the simulation mesh (the embedding, also
//! stored so that a renderer may instead interpolate simulated positions). With `p` at rest and `z = 0`
//! the render vertices are exactly their rest positions.
//!
//! Render meshes come from two places: the boundary of the tet mesh ([`RenderMesh::tet_surface`], when the
//! avatar is given as a tet mesh and a rig on its vertices; then the embedding is exact and `W_r` copies
//! `W`), or a separate surface embedded in the tet mesh built around it ([`RenderMesh::embedded`], glTF
//! import).

use crate::precompute::Precomputed;
use crate::rig::linear::Rig;
use crate::rig::resample::{pick, resample};
use faer::Mat;

/// The render surface, its rig and its embedding in the simulation mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderMesh {
    /// Rest positions (m).
    pub vertices: Vec<[f64; 3]>,
    /// Counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
    /// The rig on the render vertices (same parameter layout as the simulation rig).
    pub rig: Rig,
    /// Embedding: containing (or nearest) tet of each render vertex and its barycentric coordinates there
    /// (extrapolated when outside; `Σ β_i X_{t_i} = X_v` always).
    pub embed_tet: Vec<u32>,
    pub embed_bary: Vec<[f64; 4]>,
    /// `W_r` (N × m): the skinning-eigenmode weights at the render vertices.
    pub mode_weights: Mat<f64>,
}

impl RenderMesh {
    /// The boundary of the simulation mesh, on the boundary vertices (renumbered in increasing order), with
    /// the rig restricted to them.
    pub fn tet_surface(sim: &Precomputed) -> Result<RenderMesh, String> {
        let faces = sim.mesh.boundary_faces();
        let mut index = vec![u32::MAX; sim.mesh.n()];
        let mut on_surface: Vec<usize> = faces.iter().flatten().copied().collect();
        on_surface.sort_unstable();
        on_surface.dedup();
        for (i, &v) in on_surface.iter().enumerate() {
            index[v] = i as u32;
        }
        let triangles = faces.iter().map(|f| f.map(|v| index[v])).collect();
        let (offsets, entries) = sim.mesh.vertex_tets();
        let (embed_tet, embed_bary) = on_surface
            .iter()
            .map(|&v| {
                let (tet, corner) = entries[offsets[v]];
                let mut bary = [0.0; 4];
                bary[corner] = 1.0;
                (tet as u32, bary)
            })
            .unzip();
        let rig = resample(&sim.rig, &pick(&on_surface)).map_err(|e| format!("restricting the rig: {e}"))?;
        let vertices = on_surface.iter().map(|&v| sim.mesh.vertices[v]).collect();
        Self::embedded(sim, vertices, triangles, rig, embed_tet, embed_bary)
    }

    /// A render mesh with a given embedding; computes `W_r` and checks everything.
    pub fn embedded(
        sim: &Precomputed,
        vertices: Vec<[f64; 3]>,
        triangles: Vec<[u32; 3]>,
        rig: Rig,
        embed_tet: Vec<u32>,
        embed_bary: Vec<[f64; 4]>,
    ) -> Result<RenderMesh, String> {
        let mode_weights = prolongate(sim, &embed_tet, &embed_bary);
        let mesh = RenderMesh { vertices, triangles, rig, embed_tet, embed_bary, mode_weights };
        mesh.check(sim)?;
        Ok(mesh)
    }

    /// Vertices that follow their bones only (hair cards, skirts on spring bones: not flesh): their mode
    /// weights become zero, so `u = 0` there whatever `z`. `detached` has one entry per render vertex (a
    /// shorter list leaves the rest as they are).
    pub fn detach(&mut self, detached: &[bool]) {
        let m = self.mode_weights.ncols();
        for (v, _) in detached.iter().take(self.mode_weights.nrows()).enumerate().filter(|(_, &d)| d) {
            for k in 0..m {
                self.mode_weights[(v, k)] = 0.0;
            }
        }
    }

    /// Sizes, indices, finiteness, and a rig with the simulation rig's parameters.
    pub fn check(&self, sim: &Precomputed) -> Result<(), String> {
        let n = self.vertices.len();
        if n == 0 || self.triangles.is_empty() {
            return Err("the render mesh is empty".into());
        }
        if let Some(v) = self.vertices.iter().position(|x| x.iter().any(|c| !c.is_finite())) {
            return Err(format!("render vertex {v} is not finite"));
        }
        if let Some(t) = self.triangles.iter().position(|t| t.iter().any(|&i| i as usize >= n)) {
            return Err(format!("render triangle {t} refers to a vertex past {n}"));
        }
        if self.embed_tet.len() != n || self.embed_bary.len() != n || self.mode_weights.nrows() != n {
            return Err("render embedding or mode weights do not have one row per render vertex".into());
        }
        if self.mode_weights.ncols() != sim.weights.ncols() {
            return Err("render mode weights do not have one column per mode".into());
        }
        if let Some(v) = self.embed_tet.iter().position(|&t| t as usize >= sim.mesh.t()) {
            return Err(format!("render vertex {v} is embedded in a tet past {}", sim.mesh.t()));
        }
        if let Some(v) = self.embed_bary.iter().position(|b| b.iter().any(|c| !c.is_finite())) {
            return Err(format!("render vertex {v} has non-finite barycentric coordinates"));
        }
        if !self.mode_weights.is_all_finite() {
            return Err("render mode weights have a non-finite entry".into());
        }
        self.rig.check_vertices(n).map_err(|e| format!("render rig: {e}"))?;
        if self.rig.param_names() != sim.rig.param_names() {
            return Err("the render rig's parameters differ from the simulation rig's".into());
        }
        Ok(())
    }

    /// Deformed render positions for rig parameters `p` and reduced coordinates `z` (the vertex shader's
    /// computation, in f64: the reference for renderers and tests).
    pub fn deform(&self, p: &[f64], z: &[f64]) -> Result<Vec<[f64; 3]>, String> {
        let n = self.vertices.len();
        let m = self.mode_weights.ncols();
        if z.len() != 12 * m {
            return Err(format!("z has {} entries, expected 12 × {m} modes", z.len()));
        }
        let x = self.rig.deform(&self.vertices, p).map_err(|e| e.to_string())?;
        Ok((0..n)
            .map(|v| {
                let xh = [self.vertices[v][0], self.vertices[v][1], self.vertices[v][2], 1.0];
                let mut out = [x[v], x[n + v], x[2 * n + v]];
                for k in 0..m {
                    let w = self.mode_weights[(v, k)];
                    if w != 0.0 {
                        for (c, o) in out.iter_mut().enumerate() {
                            let row = &z[12 * k + 4 * c..12 * k + 4 * c + 4];
                            *o += w * (row[0] * xh[0] + row[1] * xh[1] + row[2] * xh[2] + row[3] * xh[3]);
                        }
                    }
                }
                out
            })
            .collect())
    }
}

/// Area-weighted vertex normals of a triangle mesh.
pub fn vertex_normals(v: &[[f64; 3]], tris: &[[u32; 3]]) -> Vec<[f64; 3]> {
    let mut n = vec![[0.0f64; 3]; v.len()];
    for t in tris {
        let [a, b, c] = t.map(|i| v[i as usize]);
        let (e1, e2) = ([b[0] - a[0], b[1] - a[1], b[2] - a[2]], [c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
        let x = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
        for &i in t {
            (0..3).for_each(|k| n[i as usize][k] += x[k]);
        }
    }
    for x in &mut n {
        let l = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
        *x = if l > 0.0 { [x[0] / l, x[1] / l, x[2] / l] } else { [0.0, 1.0, 0.0] };
    }
    n
}

/// `W_r[v,k] = Σ_i β_i W[t_i, k]`.
fn prolongate(sim: &Precomputed, embed_tet: &[u32], embed_bary: &[[f64; 4]]) -> Mat<f64> {
    let w = &sim.weights;
    let tets = &sim.mesh.tets;
    Mat::from_fn(embed_tet.len(), w.ncols(), |v, k| {
        let tet = tets[embed_tet[v] as usize];
        (0..4).map(|i| embed_bary[v][i] * w[(tet[i], k)]).sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::precompute::{precompute, ClusterCount, PrecomputeSettings};
    use crate::reduced::model::ReducedModel;
    use crate::reduced::{StepSettings, StepState};
    use crate::rig::{LbsRig, RigPart};

    fn sim() -> Precomputed {
        let mesh = box_mesh(6, 2, 2, [3.0, 1.0, 1.0]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.5, 1.0))]).unwrap();
        let settings =
            PrecomputeSettings { modes: 4, clusters: ClusterCount::KMeans(8), ..Default::default() };
        precompute(mesh, rig, &settings, std::sync::Arc::new(|_| {})).unwrap().0
    }

    /// On the tet surface, the render mesh draws exactly the simulated surface: the rig part equals the
    /// simulation rig on those vertices, and the secondary part equals `B z` there (independent evaluation
    /// through the full-space basis).
    #[test]
    fn tet_surface_render_mesh_draws_the_simulated_surface() {
        let sim = sim();
        let render = RenderMesh::tet_surface(&sim).unwrap();
        let n = sim.mesh.n();
        // all box vertices except the interior ones are on the surface
        assert_eq!(render.vertices.len(), n - 5);
        assert_eq!(render.triangles.len(), sim.mesh.boundary_faces().len());
        // simulate a few steps of a bend to get a non-trivial z
        let model = ReducedModel::from_parts(sim.reduced.clone()).unwrap();
        let mut p = sim.rig.rest_params();
        let mut state = StepState::at_rest(&model, &p);
        let opts = StepSettings {
            volume_preservation: false,
            iterations: 10,
            tolerance: 1e-9,
            gravity: [0.0; 3],
            record_energy: false,
            ..Default::default()
        };
        for s in 0..5 {
            p[12 + 7] = 0.05 * s as f64; // second bone: translate y
            model.step(&mut state, &p, &opts);
        }
        let z = state.z.clone();
        assert!(z.iter().any(|v| v.abs() > 1e-8), "the bend excites secondary motion");
        let drawn = render.deform(&p, &z).unwrap();
        let x_rig = sim.rig.deform(&sim.mesh.vertices, &p).unwrap();
        let surface: Vec<usize> = {
            let mut s: Vec<usize> = sim.mesh.boundary_faces().into_iter().flatten().collect();
            s.sort_unstable();
            s.dedup();
            s
        };
        for (i, &v) in surface.iter().enumerate() {
            let x = sim.mesh.vertices[v];
            for c in 0..3 {
                let u: f64 = (0..sim.weights.ncols())
                    .map(|k| {
                        let row = &z[12 * k + 4 * c..12 * k + 4 * c + 4];
                        sim.weights[(v, k)] * (row[0] * x[0] + row[1] * x[1] + row[2] * x[2] + row[3])
                    })
                    .sum();
                assert!((drawn[i][c] - (x_rig[c * n + v] + u)).abs() < 1e-12);
            }
        }
        // rest pose, z = 0: exactly the rest positions
        let rest = render.deform(&sim.rig.rest_params(), &vec![0.0; z.len()]).unwrap();
        assert_eq!(rest, render.vertices);
    }

    #[test]
    fn bad_render_meshes_are_refused() {
        let sim = sim();
        let good = RenderMesh::tet_surface(&sim).unwrap();
        let mut bad = good.clone();
        bad.triangles[3][1] = bad.vertices.len() as u32;
        assert!(bad.check(&sim).unwrap_err().contains("triangle 3"));
        let mut bad = good.clone();
        bad.embed_tet[0] = sim.mesh.t() as u32;
        assert!(bad.check(&sim).unwrap_err().contains("embedded"));
        let mut bad = good.clone();
        bad.vertices[2][0] = f64::NAN;
        assert!(bad.check(&sim).unwrap_err().contains("vertex 2"));
        let mut bad = good.clone();
        bad.rig = Rig::affine();
        assert!(bad.check(&sim).unwrap_err().contains("parameters"));
        assert!(good.deform(&sim.rig.rest_params(), &[0.0; 5]).unwrap_err().contains("z has 5"));
    }
}
