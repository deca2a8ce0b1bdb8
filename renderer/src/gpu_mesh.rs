//! The avatar's render mesh packed for the GPU (f32, compressed rows), built once per asset.
//!
//! What is uploaded once: rest positions and normals, per-vertex rig handle entries `(parameter offset,
//! weight)` — every nonzero, any number of bones — per-vertex blendshape entries `(parameter index, delta)`,
//! and the mode weights `W_r` (N × m, dense: eigenmode weights are smooth global functions). What is uploaded
//! per frame: `p` and `z` ([`GpuMesh::params`]) and, for an avatar with a held part, its displacement `u_h`
//! per vertex ([`GpuMesh::held`]).
//!
//! The asset's looks (see `avatar_sim::asset::looks`) add a UV per vertex (a vertex buffer) and order the
//! triangle indices by material once, so that each material is one indexed draw over a range ([`Draw`]):
//! opaque and masked materials first, blended ones last, each by three-vrm's render order ([`render_order`]). An asset without materials is one draw of the flat
//! colour over all triangles, in their original order.

use avatar_sim::asset::looks::{AlphaMode, SurfaceMaterial};
use avatar_sim::asset::vertex_normals;
use avatar_sim::asset::Asset;
use avatar_sim::asset::HeldSurface;
use avatar_sim::rig::RigPart;
use std::ops::Range;

/// The renderer's flat colour (linear RGB) for an avatar without materials.
pub const FLAT_COLOR: [f32; 4] = [0.85, 0.62, 0.5, 1.0];

/// three-vrm's render order of a material's meshes (three.js draws the opaque ones, then the blended ones, each
/// by it): for MToon `(transparentWithZWrite ? 0 : 19) + renderQueueOffsetNumber`, else 0.
pub fn render_order(m: &SurfaceMaterial) -> i32 {
    m.mtoon.as_ref().map_or(0, |t| (if t.transparent_with_z_write { 0 } else { 19 }) + t.render_queue_offset)
}

/// One draw: a material over a range of [`GpuMesh::indices`].
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// Index into [`GpuMesh::materials`].
    pub material: usize,
    /// Range of `indices` (3 per triangle).
    pub indices: Range<u32>,
}

/// CPU-side copy of every buffer the shader reads (see `skin.wgsl`).
#[derive(Clone, Debug)]
pub struct GpuMesh {
    /// Rest position (w = 1) and normal (w = 0), interleaved.
    pub rest: Vec<[f32; 4]>,
    /// Per vertex, then one past the last: (first handle entry, first blendshape entry).
    pub offsets: Vec<[u32; 2]>,
    /// (offset of the handle's 12 numbers in `p`, weight bits).
    pub handles: Vec<[u32; 2]>,
    /// (parameter index bits, delta x, y, z).
    pub shapes: Vec<[f32; 4]>,
    /// `W_r`, vertex-major.
    pub mode_weights: Vec<f32>,
    /// Triangle indices, ordered by [`GpuMesh::draws`].
    pub indices: Vec<u32>,
    /// `TEXCOORD_0` per vertex (zeros when the asset has none).
    pub uv: Vec<[f32; 2]>,
    /// The asset's materials, or one material of the flat colour (no texture, opaque, culling off) when it has
    /// none.
    pub materials: Vec<SurfaceMaterial>,
    /// Whether the materials are the asset's own (then single-sided ones cull back faces).
    pub has_materials: bool,
    /// One draw per material that has triangles: opaque and masked first, blended last.
    pub draws: Vec<Draw>,
    pub vertices: usize,
    pub modes: usize,
    pub num_p: usize,
    /// Bounding box of the rest mesh.
    pub bounds: ([f32; 3], [f32; 3]),
    /// The held part of the flesh on the render vertices, when the asset has one: the state's `held` drives
    /// it ([`HeldSurface::displacement`], evaluated on the CPU and uploaded per frame as one vector a vertex).
    pub held: Option<HeldSurface>,
}

impl GpuMesh {
    pub fn new(asset: &Asset) -> GpuMesh {
        let render = &asset.render;
        let n = render.vertices.len();
        let normals = vertex_normals(&render.vertices, &render.triangles);
        let rest = (0..n)
            .flat_map(|v| {
                let x = render.vertices[v].map(|c| c as f32);
                let m = normals[v].map(|c| c as f32);
                [[x[0], x[1], x[2], 1.0], [m[0], m[1], m[2], 0.0]]
            })
            .collect();
        // Handle and blendshape entries per vertex, from every rig part at its parameter offset.
        let mut handle_rows: Vec<Vec<[u32; 2]>> = vec![Vec::new(); n];
        let mut shape_rows: Vec<Vec<[f32; 4]>> = vec![Vec::new(); n];
        let rig = &render.rig;
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            match part {
                RigPart::Affine => handle_rows.iter_mut().for_each(|r| r.push([o as u32, 1.0f32.to_bits()])),
                RigPart::Lbs(l) => {
                    for (v, row) in handle_rows.iter_mut().enumerate() {
                        for (bone, w) in l.weights().iter_row(v) {
                            row.push([(o + 12 * bone) as u32, (w as f32).to_bits()]);
                        }
                    }
                }
                RigPart::Blendshapes(b) => {
                    for (i, t) in b.targets().iter().enumerate() {
                        let index = f32::from_bits((o + i) as u32);
                        for (&v, d) in t.indices.iter().zip(&t.deltas) {
                            shape_rows[v].push([index, d[0] as f32, d[1] as f32, d[2] as f32]);
                        }
                    }
                }
            }
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let (mut handles, mut shapes) = (Vec::new(), Vec::new());
        for v in 0..n {
            offsets.push([handles.len() as u32, shapes.len() as u32]);
            handles.extend_from_slice(&handle_rows[v]);
            shapes.extend_from_slice(&shape_rows[v]);
        }
        offsets.push([handles.len() as u32, shapes.len() as u32]);
        let m = render.mode_weights.ncols();
        let mode_weights = (0..n)
            .flat_map(|v| (0..m).map(move |k| (v, k)))
            .map(|(v, k)| render.mode_weights[(v, k)] as f32)
            .collect();
        let mut lo = [f32::INFINITY; 3];
        let mut hi = [f32::NEG_INFINITY; 3];
        for x in &render.vertices {
            for c in 0..3 {
                lo[c] = lo[c].min(x[c] as f32);
                hi[c] = hi[c].max(x[c] as f32);
            }
        }
        let looks = &asset.looks;
        let uv = if looks.uv.len() == n { looks.uv.clone() } else { vec![[0.0; 2]; n] };
        let has_materials =
            !looks.materials.is_empty() && looks.triangle_material.len() == render.triangles.len();
        let (indices, materials, draws) = if has_materials {
            let materials = looks.materials.clone();
            let blended = |m: usize| materials[m].alpha_mode == AlphaMode::Blend;
            // triangles grouped by material (stable: each material keeps its triangle order), blended last, each
            // group by three-vrm's render order
            let mut order: Vec<usize> = (0..render.triangles.len()).collect();
            order.sort_by_key(|&t| {
                let m = looks.triangle_material[t] as usize;
                (blended(m), render_order(&materials[m]), m)
            });
            let mut indices = Vec::with_capacity(3 * order.len());
            let mut draws: Vec<Draw> = Vec::new();
            for &t in &order {
                let m = looks.triangle_material[t] as usize;
                let at = indices.len() as u32;
                match draws.last_mut() {
                    Some(d) if d.material == m => d.indices.end = at + 3,
                    _ => draws.push(Draw { material: m, indices: at..at + 3 }),
                }
                indices.extend_from_slice(&render.triangles[t]);
            }
            (indices, materials, draws)
        } else {
            let indices: Vec<u32> = render.triangles.iter().flatten().copied().collect();
            let flat = SurfaceMaterial {
                name: "flat".into(),
                base_color: FLAT_COLOR,
                double_sided: true,
                ..Default::default()
            };
            let draws = vec![Draw { material: 0, indices: 0..indices.len() as u32 }];
            (indices, vec![flat], draws)
        };
        GpuMesh {
            rest,
            offsets,
            handles,
            shapes,
            mode_weights,
            indices,
            uv,
            materials,
            has_materials,
            draws,
            vertices: n,
            modes: m,
            num_p: rig.num_params(),
            bounds: (lo, hi),
            held: HeldSurface::of(asset),
        }
    }

    /// Floats uploaded per frame and instance: `p`, `z`, then `u_h` (4 a vertex) when the avatar has a held part.
    pub fn params_len(&self) -> usize {
        self.num_p + 12 * self.modes + self.held_len()
    }

    /// Floats of `u_h` per instance in the params (4 a vertex; 0 without a held part).
    pub fn held_len(&self) -> usize {
        if self.held.is_some() {
            4 * self.vertices
        } else {
            0
        }
    }

    /// Pack `p` and `z` for one instance (lengths checked).
    pub fn params(&self, p: &[f32], z: &[f32]) -> Result<Vec<f32>, String> {
        if p.len() != self.num_p {
            return Err(format!("p has {} values, the avatar's rig has {}", p.len(), self.num_p));
        }
        if z.len() != 12 * self.modes {
            return Err(format!("z has {} values, the avatar has {} modes (12 each)", z.len(), self.modes));
        }
        if p.iter().chain(z).any(|x| !x.is_finite()) {
            return Err("p or z has a non-finite value".into());
        }
        Ok(p.iter().chain(z).copied().collect())
    }

    /// Bytes of the secondary-motion data per vertex on the GPU (m f32 weights).
    pub fn secondary_bytes_per_vertex(&self) -> usize {
        4 * self.modes
    }

    /// Bytes of everything uploaded once.
    pub fn static_bytes(&self) -> usize {
        16 * self.rest.len()
            + 8 * self.offsets.len()
            + 8 * self.handles.len()
            + 16 * self.shapes.len()
            + 4 * self.mode_weights.len()
            + 4 * self.indices.len()
            + 8 * self.uv.len()
    }
}
