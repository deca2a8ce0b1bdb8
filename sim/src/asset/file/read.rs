//! Reading: the file's bytes → a checked [`Asset`] (header, safetensors structure, every tensor's presence,
//! dtype and shape, then the contents).

use super::header::open;
use super::meta::{FleshMeta, LooksMeta, Meta};
use super::{Asset, AssetError, AssetHash};
use crate::asset::looks::{Looks, TextureImage};
use crate::asset::render_mesh::RenderMesh;
use crate::fem::Material;
use crate::flesh::partition::ConstraintSettings;
use crate::flesh::precond::PreconditionerSettings;
use crate::flesh::solve::FleshParts;
use crate::linalg::ichol::BlockIc;
use crate::mesh::tet_mesh::TetMesh;
use crate::precompute::Precomputed;
use crate::reduced::clusters::Clustering;
use crate::reduced::held::{HeldJoint, HeldParts};
use crate::reduced::model::{BasisGradient, ReducedParts};
use crate::rig::linear::Rig;
use faer::Mat;
use safetensors::{Dtype, SafeTensors};
use std::path::Path;

/// Read and check an asset file.
pub fn load(path: &Path) -> Result<(Asset, AssetHash), AssetError> {
    let bytes = std::fs::read(path).map_err(|e| AssetError::Io {
        op: "read",
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    from_bytes(&bytes)
}

/// Parse and check an asset file's bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<(Asset, AssetHash), AssetError> {
    let (payload, hash) = open(bytes)?;
    let st = SafeTensors::deserialize(payload).map_err(|e| AssetError::Payload(e.to_string()))?;
    let (_, header) = SafeTensors::read_metadata(payload).map_err(|e| AssetError::Payload(e.to_string()))?;
    let meta = header
        .metadata()
        .as_ref()
        .and_then(|m| m.get("avatar"))
        .ok_or_else(|| AssetError::Payload("no `avatar` metadata".into()))?;
    let meta: Meta = serde_json::from_str(meta).map_err(|e| AssetError::Payload(format!("metadata: {e}")))?;
    Ok((Reader { st }.asset(meta)?, hash))
}

/// Typed access to the payload's tensors.
struct Reader<'a> {
    st: SafeTensors<'a>,
}

impl Reader<'_> {
    /// The raw bytes of tensor `name`, checked for dtype and shape (`None` in `shape`: any extent, returned).
    fn get(
        &self,
        name: &str,
        dtype: Dtype,
        shape: &[Option<usize>],
    ) -> Result<(Vec<usize>, &[u8]), AssetError> {
        let view = self.st.tensor(name).map_err(|_| AssetError::Missing(name.into()))?;
        if view.dtype() != dtype {
            let expected = match dtype {
                Dtype::F64 => "F64",
                Dtype::F32 => "F32",
                Dtype::U8 => "U8",
                _ => "U32",
            };
            return Err(AssetError::Dtype {
                name: name.into(),
                found: format!("{:?}", view.dtype()),
                expected,
            });
        }
        let found = view.shape().to_vec();
        let fits =
            found.len() == shape.len() && found.iter().zip(shape).all(|(f, s)| s.is_none_or(|s| s == *f));
        if !fits {
            let expected = shape
                .iter()
                .enumerate()
                .map(|(i, s)| s.unwrap_or(found.get(i).copied().unwrap_or(0)))
                .collect();
            return Err(AssetError::Shape { name: name.into(), found, expected });
        }
        Ok((found, view.data()))
    }

    fn f64s(&self, name: &str, shape: &[Option<usize>]) -> Result<(Vec<usize>, Vec<f64>), AssetError> {
        let (shape, data) = self.get(name, Dtype::F64, shape)?;
        let values =
            data.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
        Ok((shape, values))
    }

    fn f32s(&self, name: &str, shape: &[Option<usize>]) -> Result<(Vec<usize>, Vec<f64>), AssetError> {
        let (shape, data) = self.get(name, Dtype::F32, shape)?;
        let values =
            data.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")) as f64).collect();
        Ok((shape, values))
    }

    /// The stored flesh data, checked for consistency with the mesh (`None` when the asset has none).
    fn flesh(&self, meta: Option<&FleshMeta>, n: usize) -> Result<Option<FleshParts>, AssetError> {
        let Some(m) = meta else { return Ok(None) };
        let bad = |what: &str| AssetError::Invalid(format!("flesh: {what}"));
        let (_, constrained) = self.u32s("flesh.constrained", &[None])?;
        if constrained.windows(2).any(|w| w[0] >= w[1]) || constrained.iter().any(|&v| v >= n) {
            return Err(bad("constrained vertices must be ascending, distinct and < n"));
        }
        let (_, row_ptr) = self.u32s("flesh.ic.row_ptr", &[None])?;
        let (_, cols) = self.u32s("flesh.ic.cols", &[None])?;
        let b = row_ptr.len().checked_sub(1).ok_or_else(|| bad("empty row pointers"))?;
        let (_, vals) = self.f32s("flesh.ic.vals", &[Some(cols.len()), Some(9)])?;
        let (_, diag) = self.f32s("flesh.ic.diag_inv", &[Some(b), Some(9)])?;
        if row_ptr[0] != 0 || row_ptr.windows(2).any(|w| w[0] > w[1]) || row_ptr[b] != cols.len() {
            return Err(bad("row pointers"));
        }
        for i in 0..b {
            if cols[row_ptr[i]..row_ptr[i + 1]].iter().any(|&c| c >= i) {
                return Err(bad("the factor must be strictly lower triangular"));
            }
        }
        if vals.iter().chain(&diag).any(|v| !v.is_finite()) || !m.shift.is_finite() {
            return Err(bad("non-finite values"));
        }
        let block = |v: &[f64]| -> [f64; 9] { v.try_into().expect("9 values") };
        Ok(Some(FleshParts {
            constraints: ConstraintSettings {
                core_fraction: m.core_fraction,
                min_weight: m.min_weight,
                min_per_region: m.min_per_region,
            },
            preconditioner: PreconditionerSettings { depth: m.depth, compensate: m.compensate },
            colours: m.colours,
            constrained,
            factor: BlockIc {
                row_ptr,
                cols: cols.into_iter().map(|c| c as u32).collect(),
                vals: vals.chunks_exact(9).map(block).collect(),
                diag_inv: diag.chunks_exact(9).map(block).collect(),
                shift: m.shift,
            },
        }))
    }

    fn u32s(&self, name: &str, shape: &[Option<usize>]) -> Result<(Vec<usize>, Vec<usize>), AssetError> {
        let (shape, data) = self.get(name, Dtype::U32, shape)?;
        let values = data
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")) as usize)
            .collect();
        Ok((shape, values))
    }

    fn vector(&self, name: &str, len: usize) -> Result<Vec<f64>, AssetError> {
        Ok(self.f64s(name, &[Some(len)])?.1)
    }

    fn matrix(&self, name: &str, rows: Option<usize>, cols: Option<usize>) -> Result<Mat<f64>, AssetError> {
        let (shape, v) = self.f64s(name, &[rows, cols])?;
        Ok(Mat::from_fn(shape[0], shape[1], |i, j| v[i * shape[1] + j]))
    }

    fn asset(&self, mut meta: Meta) -> Result<Asset, AssetError> {
        let render_rig = Rig::from_json_str(&meta.render_rig)
            .map_err(|e| AssetError::Invalid(format!("render rig: {e}")))?;
        let source = meta.source.clone();
        let flesh_meta = meta.flesh;
        let looks_meta = meta.looks.take();
        let expressions = std::mem::take(&mut meta.expressions);
        let springs = std::mem::take(&mut meta.springs);
        let sim = self.precomputed(meta)?;
        let flesh = self.flesh(flesh_meta.as_ref(), sim.mesh.n())?;
        let (vshape, v) = self.f64s("render.vertices", &[None, Some(3)])?;
        let nr = vshape[0];
        let (_, tris) = self.u32s("render.triangles", &[None, Some(3)])?;
        let (_, embed_tet) = self.u32s("render.embed_tet", &[Some(nr)])?;
        let (_, bary) = self.f64s("render.embed_bary", &[Some(nr), Some(4)])?;
        let render = RenderMesh {
            vertices: v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect(),
            triangles: tris.chunks_exact(3).map(|c| [c[0] as u32, c[1] as u32, c[2] as u32]).collect(),
            rig: render_rig,
            embed_tet: embed_tet.into_iter().map(|t| t as u32).collect(),
            embed_bary: bary.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect(),
            mode_weights: self.matrix("render.mode_weights", Some(nr), Some(sim.weights.ncols()))?,
        };
        render.check(&sim).map_err(AssetError::Invalid)?;
        let looks = self.looks(looks_meta, nr, render.triangles.len())?;
        crate::asset::expressions::check(&expressions, |n| render.rig.blendshape_param_index(n).is_some())
            .map_err(AssetError::Invalid)?;
        springs.validate_for(&render.rig).map_err(|e| AssetError::Invalid(format!("spring bones: {e}")))?;
        Ok(Asset { sim, render, source, flesh, looks, expressions, springs })
    }

    /// The looks: UVs and triangle materials as tensors, images as byte tensors, checked.
    fn looks(&self, meta: Option<LooksMeta>, nr: usize, nt: usize) -> Result<Looks, AssetError> {
        let Some(meta) = meta else { return Ok(Looks::default()) };
        let uv = if meta.uv {
            let (_, v) = self.f32s("render.uv", &[Some(nr), Some(2)])?;
            v.chunks_exact(2).map(|c| [c[0] as f32, c[1] as f32]).collect()
        } else {
            Vec::new()
        };
        let triangle_material = if meta.materials.is_empty() {
            Vec::new()
        } else {
            self.u32s("render.triangle_material", &[Some(nt)])?.1.into_iter().map(|m| m as u32).collect()
        };
        let mut images = Vec::with_capacity(meta.images.len());
        for (i, m) in meta.images.into_iter().enumerate() {
            let (_, bytes) = self.get(&format!("looks.image.{i}"), Dtype::U8, &[None])?;
            images.push(TextureImage {
                mime: m.mime,
                width: m.width,
                height: m.height,
                bytes: bytes.to_vec(),
            });
        }
        let looks = Looks { uv, triangle_material, materials: meta.materials, images };
        looks.check(nr, nt).map_err(|e| AssetError::Invalid(format!("looks: {e}")))?;
        Ok(looks)
    }

    /// The held part (format 6; absent in older assets and in avatars without one): joints `held.{j}.*` in
    /// order until the first missing one, checked against the mesh and the skeleton.
    fn held(&self, n: usize, rig: &Rig) -> Result<Option<HeldParts>, AssetError> {
        let mut joints = Vec::new();
        loop {
            let names = super::held_tensor_names(joints.len());
            if self.st.tensor(&names[0]).is_err() {
                break;
            }
            let (_, bones) = self.u32s(&names[0], &[Some(2)])?;
            let centres = self.matrix(&names[1], None, Some(3))?;
            let rbf = self.matrix(&names[2], Some(centres.nrows() + 4), None)?;
            let (_, d) = self.f32s(&names[3], &[Some(3 * n), Some(rbf.ncols())])?;
            let k = rbf.ncols();
            let basis = Mat::<f64>::from_fn(3 * n, k, |i, c| d[i * k + c]);
            joints.push(HeldJoint { bone: bones[0], parent: bones[1], centres, rbf, basis });
        }
        if joints.is_empty() {
            return Ok(None);
        }
        let parts = HeldParts { joints };
        let bones = rig.skeleton().map_or(0, |(l, _)| l.num_bones());
        parts.check(n, bones).map_err(AssetError::Invalid)?;
        Ok(Some(parts))
    }

    fn precomputed(&self, meta: Meta) -> Result<Precomputed, AssetError> {
        let invalid = |what: &str, e: &dyn std::fmt::Display| AssetError::Invalid(format!("{what}: {e}"));
        let (vshape, v) = self.f64s("mesh.vertices", &[None, Some(3)])?;
        let (tshape, tets) = self.u32s("mesh.tets", &[None, Some(4)])?;
        let (n, t) = (vshape[0], tshape[0]);
        let vertices = v.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
        let tets = tets.chunks_exact(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
        let (mesh, fixed) = TetMesh::new(vertices, tets).map_err(|e| invalid("mesh", &e))?;
        if fixed.flipped > 0 {
            return Err(AssetError::Invalid(format!(
                "mesh: {} tets are not positively oriented",
                fixed.flipped
            )));
        }
        let material = Material {
            mu: self.vector("material.mu", t)?,
            lambda: self.vector("material.lambda", t)?,
            density: self.vector("material.density", t)?,
        };
        material.validate(&mesh).map_err(|e| invalid("material", &e))?;
        let rig = Rig::from_json_str(&meta.rig).map_err(|e| invalid("rig", &e))?;
        rig.check_vertices(n).map_err(|e| invalid("rig", &e))?;
        let weights = self.matrix("modes.weights", Some(n), None)?;
        let m = weights.ncols();
        let eigenvalues = self.vector("modes.eigenvalues", m)?;
        let leak = self.vector("leak.d", n)?;
        let (_, labels) = self.u32s("clusters.labels", &[Some(t)])?;
        let r = labels.iter().max().map_or(0, |l| l + 1);
        let clustering = Clustering { labels, r };
        let (s, p) = (12 * m, rig.num_params());
        let reduced = ReducedParts {
            h: self.vector("reduced.h", 1)?[0],
            btmb: self.matrix("reduced.btmb", Some(s), Some(s))?,
            btlb: self.matrix("reduced.btlb", Some(s), Some(s))?,
            btmj: self.matrix("reduced.btmj", Some(s), Some(p))?,
            btlj: self.matrix("reduced.btlj", Some(s), Some(p))?,
            btl_x0: self.vector("reduced.btl_x0", s)?,
            btm_unit: {
                let (_, u) = self.f64s("reduced.btm_unit", &[Some(3), Some(s)])?;
                [u[..s].to_vec(), u[s..2 * s].to_vec(), u[2 * s..].to_vec()]
            },
            basis_gradient: BasisGradient::Skinning(self.matrix(
                "reduced.gamma_phi",
                Some(3 * r),
                Some(4 * m),
            )?),
            g9kj: self.matrix("reduced.g9kj", Some(9 * r), Some(p))?,
            g9k_x0: self.vector("reduced.g9k_x0", 9 * r)?,
            cluster_volume: self.vector("reduced.cluster_volume", r)?,
            cluster_mu: self.vector("reduced.cluster_mu", r)?,
            cluster_lambda: self.vector("reduced.cluster_lambda", r)?,
            constraint: match self.st.tensor("reduced.constraint") {
                Ok(_) => Some(self.matrix("reduced.constraint", None, Some(s))?),
                Err(_) => None,
            },
        };
        reduced.check().map_err(|e| invalid("reduced matrices", &e))?;
        let finite = |what: &str, v: &[f64]| match v.iter().position(|x| !x.is_finite()) {
            Some(i) => Err(AssetError::Invalid(format!("{what}[{i}] = {} is not finite", v[i]))),
            None => Ok(()),
        };
        finite("modes.eigenvalues", &eigenvalues)?;
        finite("leak.d", &leak)?;
        if !weights.is_all_finite() {
            return Err(AssetError::Invalid("modes.weights has a non-finite entry".into()));
        }
        let held = self.held(n, &rig)?;
        Ok(Precomputed {
            held,
            mesh,
            material,
            rig,
            settings: meta.settings,
            weights,
            eigenvalues,
            constraint_rank: meta.constraint_rank,
            leak,
            clustering,
            reduced,
        })
    }
}
