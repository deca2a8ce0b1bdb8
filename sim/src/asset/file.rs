//! The asset file format: one versioned, checksummed binary file per avatar.
//!
//! # Layout
//! ```text
//! offset  size  content
//! 0       8     magic "AVTRASET"
//! 8       4     format version, u32 little-endian (FORMAT_VERSION)
//! 12      4     reserved, 0
//! 16      32    SHA-256 of the payload: the asset's content hash, sent on the wire as `asset_hash`
//! 48      ...   payload: a safetensors file (8-byte header length, JSON header, raw little-endian tensors)
//! ```
//! The payload can be read by any safetensors reader (e.g. Python `safetensors.numpy.load(data[48:])`). Its
//! `__metadata__` has one key, `avatar`, holding JSON: `{"settings": …, "rig": "<rig file JSON>",
//! "render_rig": "<rig file JSON on the render vertices>", "constraint_rank": k, "source": {"kind", "name",
//! "inputs_hash"}}` (rig files: [`crate::rig::linear`]). Tensors (row-major; n vertices, t tets, m modes,
//! s = 12m reduced coordinates, p rig parameters, r clusters, N render vertices, F render triangles):
//!
//! | name | dtype | shape | what |
//! |---|---|---|---|
//! | `mesh.vertices` | F64 | n×3 | rest positions (m) |
//! | `mesh.tets` | U32 | t×4 | positively oriented tets |
//! | `material.mu`, `material.lambda`, `material.density` | F64 | t | per-tet Lamé parameters (Pa), density |
//! | `modes.weights` | F64 | n×m | skinning eigenmode weights `W` |
//! | `modes.eigenvalues` | F64 | m | ascending |
//! | `leak.d` | F64 | n | diagonal of the momentum leak `D` |
//! | `clusters.labels` | U32 | t | cluster of each tet |
//! | `reduced.btmb`, `reduced.btlb` | F64 | s×s | `BᵀMB`, `BᵀLB` |
//! | `reduced.btmj`, `reduced.btlj` | F64 | s×p | `BᵀMJ`, `BᵀLJ` |
//! | `reduced.btl_x0` | F64 | s | `BᵀLx₀` |
//! | `reduced.btm_unit` | F64 | 3×s | `BᵀMe_c` |
//! | `reduced.gamma_phi` | F64 | 3r×4m | `ΓΦ` (`G₉KB` is one copy per coordinate) |
//! | `reduced.g9kj` | F64 | 9r×p | `G₉KJ` |
//! | `reduced.g9k_x0` | F64 | 9r | `G₉Kx₀` |
//! | `reduced.cluster_volume`, `…_mu`, `…_lambda` | F64 | r | per cluster |
//! | `reduced.h` | F64 | 1 | time step (s) |
//! | `render.vertices` | F64 | N×3 | render mesh rest positions ([`crate::asset::render_mesh`]) |
//! | `render.triangles` | U32 | F×3 | counter-clockwise from outside |
//! | `render.embed_tet`, `render.embed_bary` | U32, F64 | N, N×4 | embedding in the tet mesh |
//! | `render.mode_weights` | F64 | N×m | `W` prolongated to the render vertices |
//! | `flesh.constrained` | U32 | c | vertices the skeleton drives in the flesh solve (paper 002; optional) |
//! | `flesh.ic.row_ptr`, `flesh.ic.cols` | U32 | b+1, k | IC(0) factor of the skinned preconditioner `K̃_b(0)`: strictly lower 3×3 blocks by rows (b surface vertices) |
//! | `flesh.ic.vals`, `flesh.ic.diag_inv` | F32 | k×9, b×9 | its blocks and inverted diagonal blocks, row-major |
//!
//! The `flesh.*` tensors come with `"flesh": {constraints, preconditioner, colours, shift}` in the metadata;
//! an asset without them gets its flesh data built when a flesh model is first made.
//!
//! Reading checks, in order: length, magic, version, checksum, the safetensors structure, every tensor's
//! presence, dtype and shape, then the contents (mesh orientation and degeneracy, rig, finite reduced
//! matrices); each failure is an [`AssetError`] naming what is wrong.

use crate::asset::expressions::Expression;
use crate::asset::looks::{Looks, SurfaceMaterial, TextureImage};
use crate::asset::render_mesh::RenderMesh;
use crate::fem::Material;
use crate::flesh::partition::ConstraintSettings;
use crate::flesh::precond::PreconditionerSettings;
use crate::flesh::solve::FleshParts;
use crate::linalg::ichol::BlockIc;
use crate::mesh::tet_mesh::TetMesh;
use crate::precompute::{PrecomputeSettings, Precomputed};
use crate::reduced::clusters::Clustering;
use crate::reduced::model::{BasisGradient, ReducedParts};
use crate::rig::linear::Rig;
use faer::Mat;
use safetensors::{Dtype, SafeTensors};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"AVTRASET";
pub const FORMAT_VERSION: u32 = 3;
const HEADER_LEN: usize = 48;

/// The asset's content hash (SHA-256 of the payload).
pub type AssetHash = [u8; 32];

/// Lower-case hex of a hash.
pub fn hex(hash: &AssetHash) -> String {
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Debug, thiserror::Error)]
pub enum AssetError {
    #[error("cannot {op} {path}: {message}")]
    Io { op: &'static str, path: String, message: String },
    #[error("not an avatar asset: the file has {0} bytes, fewer than the 48-byte header")]
    Truncated(usize),
    #[error("not an avatar asset: bad magic bytes (expected \"AVTRASET\")")]
    Magic,
    #[error("asset format version {found} is not supported (this build reads version {FORMAT_VERSION})")]
    Version { found: u32 },
    #[error(
        "asset checksum mismatch: the file is corrupted or truncated (header {expected}, content {found})"
    )]
    Checksum { expected: String, found: String },
    #[error("asset payload is malformed: {0}")]
    Payload(String),
    #[error("asset tensor `{0}` is missing")]
    Missing(String),
    #[error("asset tensor `{name}` has dtype {found}, expected {expected}")]
    Dtype { name: String, found: String, expected: &'static str },
    #[error("asset tensor `{name}` has shape {found:?}, expected {expected:?}")]
    Shape { name: String, found: Vec<usize>, expected: Vec<usize> },
    #[error("asset content is invalid: {0}")]
    Invalid(String),
}

/// An avatar: the simulation precompute, the render mesh, and where it came from.
#[derive(Clone, Debug)]
pub struct Asset {
    pub sim: Precomputed,
    pub render: RenderMesh,
    pub source: Source,
    /// The flesh model's stored data (paper 002), when built.
    pub flesh: Option<FleshParts>,
    /// UVs, materials and textures of the render mesh (empty: a flat colour).
    pub looks: Looks,
    /// VRM expressions over the rig's blendshapes (empty unless imported from a VRM file).
    pub expressions: Vec<Expression>,
}

/// Provenance, stored in the metadata (informative; the content hash identifies the asset).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// `tet-mesh` (tet mesh + rig files), `default` (the embedded default avatar) or `gltf`.
    pub kind: String,
    /// The input file's name.
    pub name: String,
    /// The precompute cache key: SHA-256 of the inputs and parameters ([`crate::asset::Cache`]).
    pub inputs_hash: String,
    /// VRM humanoid bone name → bone name (empty unless imported from a VRM file).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub humanoid: std::collections::BTreeMap<String, String>,
    /// The VRM file's `meta` (licence, authors, …) in VRM 1.0's form, kept to be written back on export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vrm_meta: Option<serde_json::Value>,
}

/// Metadata stored as JSON in the payload.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Meta {
    settings: PrecomputeSettings,
    rig: String,
    render_rig: String,
    constraint_rank: usize,
    source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flesh: Option<FleshMeta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    looks: Option<LooksMeta>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    expressions: Vec<Expression>,
}

/// The looks' materials and image descriptions, in the metadata (UVs, triangle materials and image bytes
/// are tensors).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LooksMeta {
    uv: bool,
    materials: Vec<SurfaceMaterial>,
    images: Vec<ImageMeta>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImageMeta {
    mime: String,
    width: u32,
    height: u32,
}

/// The flesh data's settings, in the metadata.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FleshMeta {
    core_fraction: f64,
    min_weight: f64,
    min_per_region: usize,
    depth: usize,
    compensate: bool,
    colours: usize,
    shift: f64,
}

/// A tensor to write: dtype, shape, little-endian bytes.
struct Tensor {
    dtype: Dtype,
    shape: Vec<usize>,
    bytes: Vec<u8>,
}

impl safetensors::View for &Tensor {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> std::borrow::Cow<'_, [u8]> {
        std::borrow::Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

fn f64s(shape: Vec<usize>, values: impl IntoIterator<Item = f64>) -> Tensor {
    let bytes = values.into_iter().flat_map(f64::to_le_bytes).collect();
    Tensor { dtype: Dtype::F64, shape, bytes }
}

fn f32s(shape: Vec<usize>, values: impl IntoIterator<Item = f64>) -> Tensor {
    let bytes = values.into_iter().flat_map(|v| (v as f32).to_le_bytes()).collect();
    Tensor { dtype: Dtype::F32, shape, bytes }
}

fn u32s(shape: Vec<usize>, values: impl IntoIterator<Item = usize>) -> Tensor {
    let bytes = values.into_iter().flat_map(|v| (v as u32).to_le_bytes()).collect();
    Tensor { dtype: Dtype::U32, shape, bytes }
}

/// A dense matrix, row-major.
fn matrix(m: &Mat<f64>) -> Tensor {
    f64s(vec![m.nrows(), m.ncols()], (0..m.nrows()).flat_map(|i| (0..m.ncols()).map(move |j| m[(i, j)])))
}

/// Serialize to the file's bytes; returns them and the content hash.
pub fn to_bytes(asset: &Asset) -> Result<(Vec<u8>, AssetHash), AssetError> {
    let a = &asset.sim;
    let render = &asset.render;
    render.check(a).map_err(AssetError::Invalid)?;
    let (n, t, m) = (a.mesh.n(), a.mesh.t(), a.weights.ncols());
    let nr = render.vertices.len();
    let r = &a.reduced;
    let gamma_phi = match &r.basis_gradient {
        BasisGradient::Skinning(g) => g,
        BasisGradient::Dense(_) => {
            return Err(AssetError::Invalid("only skinning subspaces are stored in assets".into()))
        }
    };
    let s = r.btmb.nrows();
    let mut tensors: Vec<(&str, Tensor)> = vec![
        ("mesh.vertices", f64s(vec![n, 3], a.mesh.vertices.iter().flatten().copied())),
        ("mesh.tets", u32s(vec![t, 4], a.mesh.tets.iter().flatten().copied())),
        ("material.mu", f64s(vec![t], a.material.mu.iter().copied())),
        ("material.lambda", f64s(vec![t], a.material.lambda.iter().copied())),
        ("material.density", f64s(vec![t], a.material.density.iter().copied())),
        ("modes.weights", matrix(&a.weights)),
        ("modes.eigenvalues", f64s(vec![m], a.eigenvalues.iter().copied())),
        ("leak.d", f64s(vec![n], a.leak.iter().copied())),
        ("clusters.labels", u32s(vec![t], a.clustering.labels.iter().copied())),
        ("reduced.h", f64s(vec![1], [r.h])),
        ("reduced.btmb", matrix(&r.btmb)),
        ("reduced.btlb", matrix(&r.btlb)),
        ("reduced.btmj", matrix(&r.btmj)),
        ("reduced.btlj", matrix(&r.btlj)),
        ("reduced.btl_x0", f64s(vec![s], r.btl_x0.iter().copied())),
        ("reduced.btm_unit", f64s(vec![3, s], r.btm_unit.iter().flatten().copied())),
        ("reduced.gamma_phi", matrix(gamma_phi)),
        ("reduced.g9kj", matrix(&r.g9kj)),
        ("reduced.g9k_x0", f64s(vec![r.g9k_x0.len()], r.g9k_x0.iter().copied())),
        ("reduced.cluster_volume", f64s(vec![r.cluster_volume.len()], r.cluster_volume.iter().copied())),
        ("reduced.cluster_mu", f64s(vec![r.cluster_mu.len()], r.cluster_mu.iter().copied())),
        ("reduced.cluster_lambda", f64s(vec![r.cluster_lambda.len()], r.cluster_lambda.iter().copied())),
        ("render.vertices", f64s(vec![nr, 3], render.vertices.iter().flatten().copied())),
        (
            "render.triangles",
            u32s(vec![render.triangles.len(), 3], render.triangles.iter().flatten().map(|&i| i as usize)),
        ),
        ("render.embed_tet", u32s(vec![nr], render.embed_tet.iter().map(|&i| i as usize))),
        ("render.embed_bary", f64s(vec![nr, 4], render.embed_bary.iter().flatten().copied())),
        ("render.mode_weights", matrix(&render.mode_weights)),
    ];
    if let Some(f) = &asset.flesh {
        let ic = &f.factor;
        tensors.extend([
            ("flesh.constrained", u32s(vec![f.constrained.len()], f.constrained.iter().copied())),
            ("flesh.ic.row_ptr", u32s(vec![ic.row_ptr.len()], ic.row_ptr.iter().copied())),
            ("flesh.ic.cols", u32s(vec![ic.cols.len()], ic.cols.iter().map(|&c| c as usize))),
            ("flesh.ic.vals", f32s(vec![ic.vals.len(), 9], ic.vals.iter().flatten().copied())),
            ("flesh.ic.diag_inv", f32s(vec![ic.diag_inv.len(), 9], ic.diag_inv.iter().flatten().copied())),
        ]);
    }
    let looks = &asset.looks;
    looks.check(nr, render.triangles.len()).map_err(|e| AssetError::Invalid(format!("looks: {e}")))?;
    if !looks.uv.is_empty() {
        let uv = looks.uv.iter().flatten().map(|&c| c as f64);
        tensors.push(("render.uv", f32s(vec![nr, 2], uv)));
    }
    if !looks.triangle_material.is_empty() {
        let tm = looks.triangle_material.iter().map(|&m| m as usize);
        tensors.push(("render.triangle_material", u32s(vec![render.triangles.len()], tm)));
    }
    let image_names: Vec<String> = (0..looks.images.len()).map(|i| format!("looks.image.{i}")).collect();
    for (name, img) in image_names.iter().zip(&looks.images) {
        let t = Tensor { dtype: Dtype::U8, shape: vec![img.bytes.len()], bytes: img.bytes.clone() };
        tensors.push((name.as_str(), t));
    }
    crate::asset::expressions::check(&asset.expressions, |n| render.rig.blendshape_param_index(n).is_some())
        .map_err(AssetError::Invalid)?;
    let meta = Meta {
        settings: a.settings.clone(),
        rig: a.rig.to_json_string(),
        render_rig: render.rig.to_json_string(),
        constraint_rank: a.constraint_rank,
        source: asset.source.clone(),
        flesh: asset.flesh.as_ref().map(|f| FleshMeta {
            core_fraction: f.constraints.core_fraction,
            min_weight: f.constraints.min_weight,
            min_per_region: f.constraints.min_per_region,
            depth: f.preconditioner.depth,
            compensate: f.preconditioner.compensate,
            colours: f.colours,
            shift: f.factor.shift,
        }),
        looks: (!looks.is_empty()).then(|| LooksMeta {
            uv: !looks.uv.is_empty(),
            materials: looks.materials.clone(),
            images: looks
                .images
                .iter()
                .map(|i| ImageMeta { mime: i.mime.clone(), width: i.width, height: i.height })
                .collect(),
        }),
        expressions: asset.expressions.clone(),
    };
    let meta = serde_json::to_string(&meta).map_err(|e| AssetError::Invalid(e.to_string()))?;
    let payload = safetensors::serialize(
        tensors.iter().map(|(name, tensor)| (*name, tensor)),
        Some(HashMap::from([("avatar".to_string(), meta)])),
    )
    .map_err(|e| AssetError::Payload(e.to_string()))?;
    let hash: AssetHash = Sha256::digest(&payload).into();
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&hash);
    out.extend_from_slice(&payload);
    Ok((out, hash))
}

/// Write the asset file (through a temporary file and a rename, so that readers never see half a file);
/// returns its content hash.
pub fn save(a: &Asset, path: &Path) -> Result<AssetHash, AssetError> {
    let (bytes, hash) = to_bytes(a)?;
    write_atomically(path, &bytes)?;
    Ok(hash)
}

/// Write `bytes` to `path` via a temporary file in the same directory and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), AssetError> {
    let io = |op: &'static str, e: std::io::Error| AssetError::Io {
        op,
        path: path.display().to_string(),
        message: e.to_string(),
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| io("create the directory of", e))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, bytes).map_err(|e| io("write", e))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io("write", e)
    })
}

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
    if bytes.len() < HEADER_LEN {
        return Err(AssetError::Truncated(bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return Err(AssetError::Magic);
    }
    let found = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if found != FORMAT_VERSION {
        return Err(AssetError::Version { found });
    }
    let expected: AssetHash = bytes[16..48].try_into().expect("32 bytes");
    let payload = &bytes[HEADER_LEN..];
    let hash: AssetHash = Sha256::digest(payload).into();
    if hash != expected {
        return Err(AssetError::Checksum { expected: hex(&expected), found: hex(&hash) });
    }
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
        Ok(Asset { sim, render, source, flesh, looks, expressions })
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
        Ok(Precomputed {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::precompute::{precompute, ClusterCount};

    fn asset() -> Asset {
        let settings =
            PrecomputeSettings { modes: 3, clusters: ClusterCount::KMeans(6), ..Default::default() };
        let sim = precompute(
            box_mesh(4, 2, 2, [2.0, 0.5, 0.5]),
            Rig::affine(),
            &settings,
            std::sync::Arc::new(|_| {}),
        )
        .unwrap()
        .0;
        let render = RenderMesh::tet_surface(&sim).unwrap();
        let source = Source {
            kind: "tet-mesh".into(),
            name: "box".into(),
            inputs_hash: "00".into(),
            humanoid: Default::default(),
            vrm_meta: None,
        };
        let flesh = Some(crate::asset::build::flesh_parts(&sim).0);
        Asset { sim, render, source, flesh, looks: Looks::default(), expressions: Vec::new() }
    }

    #[test]
    fn round_trip_is_exact_and_the_hash_is_deterministic() {
        let asset = asset();
        let (bytes, hash) = to_bytes(&asset).unwrap();
        let (loaded, hash2) = from_bytes(&bytes).unwrap();
        assert_eq!(hash, hash2);
        assert_eq!(to_bytes(&loaded).unwrap().0, bytes, "re-serializing a loaded asset gives the same bytes");
        assert_eq!(loaded.render, asset.render);
        assert_eq!(loaded.source, asset.source);
        let (a, b) = (&asset.sim, &loaded.sim);
        assert_eq!(b.mesh, a.mesh);
        assert_eq!(b.material, a.material);
        assert_eq!(b.rig, a.rig);
        assert_eq!(b.settings, a.settings);
        assert_eq!(b.weights, a.weights);
        assert_eq!(b.eigenvalues, a.eigenvalues);
        assert_eq!(b.leak, a.leak);
        assert_eq!(b.clustering, a.clustering);
        assert_eq!(b.reduced, a.reduced);
        assert_eq!(b.constraint_rank, a.constraint_rank);
    }

    fn with_looks() -> Asset {
        let mut a = asset();
        let img = image::RgbaImage::from_fn(3, 2, |x, y| image::Rgba([40 * x as u8, 90 * y as u8, 200, 255]));
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        let nr = a.render.vertices.len();
        let nt = a.render.triangles.len();
        a.looks = Looks {
            uv: (0..nr).map(|v| [v as f32 / nr as f32, 0.25]).collect(),
            triangle_material: (0..nt).map(|t| (t % 2) as u32).collect(),
            materials: vec![
                SurfaceMaterial { name: "skin".into(), base_color_texture: Some(0), ..Default::default() },
                SurfaceMaterial {
                    name: "cloth".into(),
                    base_color: [0.2, 0.3, 0.9, 0.5],
                    alpha_mode: crate::asset::looks::AlphaMode::Blend,
                    double_sided: true,
                    ..Default::default()
                },
            ],
            images: vec![TextureImage::from_encoded(png).unwrap()],
        };
        a.source.vrm_meta = Some(serde_json::json!({"name": "box", "authors": ["test"]}));
        a
    }

    #[test]
    fn looks_and_vrm_meta_round_trip_exactly() {
        let asset = with_looks();
        let (bytes, _) = to_bytes(&asset).unwrap();
        let (loaded, _) = from_bytes(&bytes).unwrap();
        assert_eq!(loaded.looks, asset.looks);
        assert_eq!(loaded.source, asset.source);
        assert_eq!(to_bytes(&loaded).unwrap().0, bytes);
        // an asset without looks has none of their tensors (old readers see nothing new)
        let (plain, _) = to_bytes(&super::tests::asset()).unwrap();
        let st = SafeTensors::deserialize(&plain[HEADER_LEN..]).unwrap();
        assert!(st.names().iter().all(|n| !n.starts_with("looks.") && *n != "render.uv"));
    }

    #[test]
    fn inconsistent_looks_are_refused_on_write() {
        let mut a = with_looks();
        a.looks.triangle_material[0] = 7;
        assert!(matches!(to_bytes(&a), Err(AssetError::Invalid(m)) if m.contains("material 7")));
        let mut a = with_looks();
        a.looks.uv.pop();
        assert!(matches!(to_bytes(&a), Err(AssetError::Invalid(m)) if m.contains("texture coordinates")));
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let (bytes, _) = to_bytes(&asset()).unwrap();
        let err = |b: &[u8]| from_bytes(b).unwrap_err();
        assert!(matches!(err(&bytes[..20]), AssetError::Truncated(20)));
        assert!(matches!(err(&bytes[..bytes.len() - 1]), AssetError::Checksum { .. }));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert!(matches!(err(&magic), AssetError::Magic));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(matches!(err(&version), AssetError::Version { found: 9 }));
        // every single-byte corruption of the payload is caught by the checksum
        for at in (HEADER_LEN..bytes.len()).step_by(97) {
            let mut bad = bytes.clone();
            bad[at] ^= 0x20;
            assert!(matches!(err(&bad), AssetError::Checksum { .. }), "byte {at}");
        }
    }

    /// A payload with a valid checksum but wrong content (as a buggy writer could make) is still refused.
    #[test]
    fn wrong_content_behind_a_valid_checksum_is_refused() {
        let reseal = |payload: Vec<u8>| {
            let mut out = bytes_header();
            out[16..48].copy_from_slice(&Sha256::digest(&payload));
            out.extend(payload);
            out
        };
        let build = |edit: &dyn Fn(&mut Tensors)| {
            let a = asset();
            let (bytes, _) = to_bytes(&a).unwrap();
            let st = SafeTensors::deserialize(&bytes[HEADER_LEN..]).unwrap();
            let (_, header) = SafeTensors::read_metadata(&bytes[HEADER_LEN..]).unwrap();
            let mut tensors: Vec<(String, Tensor)> = st
                .tensors()
                .into_iter()
                .map(|(n, v)| {
                    (n, Tensor { dtype: v.dtype(), shape: v.shape().to_vec(), bytes: v.data().to_vec() })
                })
                .collect();
            edit(&mut tensors);
            let payload = safetensors::serialize(
                tensors.iter().map(|(n, t)| (n.as_str(), t)),
                header.metadata().clone(),
            )
            .unwrap();
            from_bytes(&reseal(payload)).unwrap_err()
        };
        let e = build(&|t| t.retain(|(n, _)| n != "reduced.btmb"));
        assert!(matches!(&e, AssetError::Missing(n) if n == "reduced.btmb"), "{e}");
        let e = build(&|t| {
            let w = t.iter_mut().find(|(n, _)| n == "modes.eigenvalues").unwrap();
            w.1.shape = vec![w.1.shape[0] - 1];
            w.1.bytes.truncate(w.1.bytes.len() - 8);
        });
        assert!(matches!(&e, AssetError::Shape { name, .. } if name == "modes.eigenvalues"), "{e}");
        let e = build(&|t| {
            let w = t.iter_mut().find(|(n, _)| n == "reduced.btlb").unwrap();
            w.1.bytes[..8].copy_from_slice(&f64::NAN.to_le_bytes());
        });
        assert!(e.to_string().contains("BᵀLB has a non-finite entry"), "{e}");
        let e = build(&|t| {
            let w = t.iter_mut().find(|(n, _)| n == "mesh.tets").unwrap();
            w.1.bytes[..4].copy_from_slice(&9999u32.to_le_bytes());
        });
        assert!(e.to_string().contains("mesh"), "{e}");
        let e = build(&|t| {
            let w = t.iter_mut().find(|(n, _)| n == "render.embed_tet").unwrap();
            w.1.bytes[4..8].copy_from_slice(&99_999u32.to_le_bytes());
        });
        assert!(e.to_string().contains("render vertex 1 is embedded in a tet past"), "{e}");
        let e = build(&|t| t.retain(|(n, _)| n != "render.mode_weights"));
        assert!(matches!(&e, AssetError::Missing(n) if n == "render.mode_weights"), "{e}");
        let e = build(&|t| {
            let w = t.iter_mut().find(|(n, _)| n == "material.mu").unwrap();
            w.1.dtype = Dtype::F32;
            w.1.shape = vec![w.1.shape[0] * 2];
        });
        assert!(matches!(&e, AssetError::Dtype { name, .. } if name == "material.mu"), "{e}");
    }

    type Tensors = Vec<(String, Tensor)>;

    fn bytes_header() -> Vec<u8> {
        let mut h = Vec::from(*MAGIC);
        h.extend(FORMAT_VERSION.to_le_bytes());
        h.extend(0u32.to_le_bytes());
        h.extend([0u8; 32]);
        h
    }
}
