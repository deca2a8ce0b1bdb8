//! The asset file format: one versioned, checksummed binary file per avatar.
//!
//! # Format
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
//! | `reduced.constraint` | F64 | k×s | `V`: orthonormal rows, the reduced coordinates' complementarity to the blendshapes, `V z = 0` (optional; [`crate::reduced::constraint`]) |
//! | `render.vertices` | F64 | N×3 | render mesh rest positions ([`crate::asset::render_mesh`]) |
//! | `render.triangles` | U32 | F×3 | counter-clockwise from outside |
//! | `render.embed_tet`, `render.embed_bary` | U32, F64 | N, N×4 | embedding in the tet mesh |
//! | `render.mode_weights` | F64 | N×m | `W` prolongated to the render vertices |
//! | `flesh.constrained` | U32 | c | vertices the skeleton drives in the flesh solve (paper 002; optional) |
//! | `flesh.ic.row_ptr`, `flesh.ic.cols` | U32 | b+1, k | IC(0) factor of the skinned preconditioner `K̃_b(0)`: strictly lower 3×3 blocks by rows (b surface vertices) |
//! | `flesh.ic.vals`, `flesh.ic.diag_inv` | F32 | k×9, b×9 | its blocks and inverted diagonal blocks, row-major |
//!
//! Spring bones are metadata too: `"springs": {chains, colliders, collider_groups}` ([`SpringModel`], bones
//! by name), absent without springs; version 3 files (before springs) are read as assets without them.
//!
//! The `flesh.*` tensors come with `"flesh": {constraints, preconditioner, colours, shift}` in the metadata;
//! an asset without them gets its flesh data built when a flesh model is first made.
//!
//! Reading checks, in order: length, magic, version, checksum, the safetensors structure, every tensor's
//! presence, dtype and shape, then the contents (mesh orientation and degeneracy, rig, finite reduced
//! matrices); each failure is an [`AssetError`] naming what is wrong.
//!
//! # Layout
//! - `header`: the 48-byte header (magic, version, checksum): sealing a payload, opening a file.
//! - `meta`: the payload's JSON metadata.
//! - `write`: an asset → tensors and metadata → the file's bytes; writing a file atomically.
//! - `read`: the file's bytes → a checked asset.

mod header;
mod meta;
mod read;
mod write;

pub use header::{FORMAT_VERSION, MAGIC};

/// The tensor names of held joint `j` (format 6): its bones `[bone, parent]`, RBF centres, RBF coefficients and
/// corrective basis (f32).
pub(crate) fn held_tensor_names(j: usize) -> [String; 4] {
    ["bones", "centres", "rbf", "basis"].map(|t| format!("held.{j}.{t}"))
}
pub use read::{from_bytes, load};
pub use write::{save, to_bytes, write_atomically};

use crate::asset::expressions::Expression;
use crate::asset::looks::Looks;
use crate::asset::render_mesh::RenderMesh;
use crate::flesh::solve::FleshParts;
use crate::precompute::Precomputed;
use crate::spring::SpringModel;
use serde::{Deserialize, Serialize};

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
    #[error(
        "asset format version {found} is not supported (this build reads versions {}-{FORMAT_VERSION})",
        header::OLDEST_READABLE_VERSION
    )]
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
    /// Spring bones over the render rig's bones (empty unless the VRM file has them; assets of format
    /// version 3 have none).
    pub springs: SpringModel,
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

#[cfg(test)]
mod tests {
    use super::header::HEADER_LEN;
    use super::write::Tensor;
    use super::*;
    use crate::asset::looks::{SurfaceMaterial, TextureImage};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::precompute::PrecomputeSettings;
    use crate::precompute::{precompute, ClusterCount};
    use crate::rig::linear::Rig;
    use faer::Mat;
    use safetensors::{Dtype, SafeTensors};
    use sha2::{Digest, Sha256};

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
        Asset {
            sim,
            render,
            source,
            flesh,
            looks: Looks::default(),
            expressions: Vec::new(),
            springs: Default::default(),
        }
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

    /// The held part (format 6) survives the file: bones, centres and RBF exactly, the basis to f32; an asset
    /// without one reads back without one.
    #[test]
    fn the_held_part_round_trips() {
        let mut asset = crate::asset::build::bar_avatar([6, 2, 2], [0.6, 0.2, 0.2], 0.2, &[], 4, 8).unwrap();
        let (loaded, _) = from_bytes(&to_bytes(&asset).unwrap().0).unwrap();
        assert!(loaded.sim.held.is_none());
        let n = asset.sim.mesh.n();
        let joint = crate::reduced::held::HeldJoint {
            bone: 1,
            parent: 0,
            centres: Mat::<f64>::from_fn(5, 3, |i, d| (i * 3 + d) as f64 * 0.1),
            rbf: Mat::<f64>::from_fn(9, 2, |i, k| (i + k) as f64 * 0.01),
            basis: Mat::<f64>::from_fn(3 * n, 2, |i, k| ((i * 7 + k) as f64).sin() * 1e-3),
        };
        asset.sim.held = Some(crate::reduced::held::HeldParts { joints: vec![joint.clone(), joint] });
        let (bytes, _) = to_bytes(&asset).unwrap();
        let (loaded, _) = from_bytes(&bytes).unwrap();
        let (a, b) = (asset.sim.held.as_ref().unwrap(), loaded.sim.held.as_ref().unwrap());
        assert_eq!(b.joints.len(), 2);
        for (x, y) in a.joints.iter().zip(&b.joints) {
            assert_eq!((x.bone, x.parent, &x.centres, &x.rbf), (y.bone, y.parent, &y.centres, &y.rbf));
            assert!((&x.basis - &y.basis).norm_max() <= 1e-3 * 1e-6, "the basis is stored in f32");
        }
        // a joint naming a bone the skeleton lacks is refused
        asset.sim.held.as_mut().unwrap().joints[1].bone = 99;
        assert!(to_bytes(&asset).is_ok_and(|(bytes, _)| from_bytes(&bytes).is_err()));
    }

    /// The held part's tensors damaged behind a valid checksum (any byte of any of them, or one removed):
    /// the reader gives an error or an asset whose held part passes its checks, never a panic.
    #[test]
    fn damaged_held_tensors_give_errors_not_panics() {
        use proptest::prelude::*;
        let mut asset = crate::asset::build::bar_avatar([6, 2, 2], [0.6, 0.2, 0.2], 0.2, &[], 4, 8).unwrap();
        let n = asset.sim.mesh.n();
        asset.sim.held = Some(crate::reduced::held::HeldParts {
            joints: vec![crate::reduced::held::HeldJoint {
                bone: 1,
                parent: 0,
                centres: Mat::<f64>::from_fn(5, 3, |i, d| (i * 3 + d) as f64 * 0.1),
                rbf: Mat::<f64>::from_fn(9, 2, |i, k| (i + k) as f64 * 0.01),
                basis: Mat::<f64>::from_fn(3 * n, 2, |i, k| ((i * 7 + k) as f64).sin() * 1e-3),
            }],
        });
        let (bytes, _) = to_bytes(&asset).unwrap();
        let st = SafeTensors::deserialize(&bytes[HEADER_LEN..]).unwrap();
        let (_, header) = SafeTensors::read_metadata(&bytes[HEADER_LEN..]).unwrap();
        let tensors: Vec<(String, Tensor)> = st
            .tensors()
            .into_iter()
            .map(|(n, v)| {
                (n, Tensor { dtype: v.dtype(), shape: v.shape().to_vec(), bytes: v.data().to_vec() })
            })
            .collect();
        let names = held_tensor_names(0);
        let reseal = |tensors: &[(String, Tensor)]| {
            let payload = safetensors::serialize(
                tensors.iter().map(|(n, t)| (n.as_str(), t)),
                header.metadata().clone(),
            )
            .unwrap();
            let mut out = bytes_header();
            out[16..48].copy_from_slice(&Sha256::digest(&payload));
            out.extend(payload);
            out
        };
        // each tensor removed: the joint is refused or (bones removed) absent
        for (k, name) in names.iter().enumerate() {
            let kept: Vec<(String, Tensor)> = tensors
                .iter()
                .filter(|(n, _)| n != name)
                .map(|(n, t)| {
                    (n.clone(), Tensor { dtype: t.dtype, shape: t.shape.clone(), bytes: t.bytes.clone() })
                })
                .collect();
            match from_bytes(&reseal(&kept)) {
                Ok((a, _)) => assert!(k == 0 && a.sim.held.is_none(), "{name} removed, still read"),
                Err(e) => assert!(k > 0, "{name} removed: {e}"),
            }
        }
        let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(200));
        runner
            .run(&(0usize..4, any::<prop::sample::Index>(), any::<u8>()), |(which, at, value)| {
                let mut damaged: Vec<(String, Tensor)> = tensors
                    .iter()
                    .map(|(n, t)| {
                        (n.clone(), Tensor { dtype: t.dtype, shape: t.shape.clone(), bytes: t.bytes.clone() })
                    })
                    .collect();
                let t = &mut damaged.iter_mut().find(|(n, _)| *n == names[which]).unwrap().1;
                let i = at.index(t.bytes.len());
                t.bytes[i] = value;
                if let Ok((a, _)) = from_bytes(&reseal(&damaged)) {
                    let held = a.sim.held.expect("the held part");
                    let bones = a.sim.rig.skeleton().map_or(0, |(l, _)| l.num_bones());
                    prop_assert!(held.check(n, bones).is_ok());
                }
                Ok(())
            })
            .unwrap();
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

    /// Issue 55: a material's MToon (every field off its default, textures with a transform) is written and
    /// read back equal; looks written before MToon (format 6: the same metadata without the field) still load,
    /// as plain materials, with the hash they had.
    #[test]
    fn mtoon_round_trips_and_version_6_looks_load_without_it() {
        use crate::asset::looks::{MToon, MToonTexture, OutlineWidthMode, TextureTransform};
        let plain = with_looks();
        let (v7, hash) = to_bytes(&plain).unwrap();
        let mut v6 = v7.clone();
        v6[8..12].copy_from_slice(&6u32.to_le_bytes());
        let (old, old_hash) = from_bytes(&v6).unwrap();
        assert_eq!(old.looks, plain.looks);
        assert!(old.looks.materials.iter().all(|m| m.mtoon.is_none()));
        assert_eq!(old_hash, hash, "looks without MToon have the payload, and so the hash, they had before");
        let texture = Some(MToonTexture {
            image: 0,
            transform: Some(TextureTransform { offset: [0.25, 0.5], scale: [2.0, 3.0] }),
        });
        let mtoon = MToon {
            transparent_with_z_write: true,
            render_queue_offset: -2,
            shade_color: [0.1, 0.2, 0.3],
            shade_multiply_texture: texture.clone(),
            shading_shift: -0.25,
            shading_shift_texture: texture.clone(),
            shading_shift_texture_scale: 0.5,
            shading_toony: 0.7,
            gi_equalization: 0.3,
            emissive: [0.4, 0.5, 0.6],
            emissive_texture: texture.clone(),
            normal_texture: texture.clone(),
            normal_scale: 0.8,
            matcap_factor: [0.7, 0.8, 0.9],
            matcap_texture: texture.clone(),
            parametric_rim_color: [0.3, 0.2, 0.1],
            rim_multiply_texture: texture.clone(),
            rim_lighting_mix: 0.4,
            parametric_rim_fresnel_power: 2.0,
            parametric_rim_lift: 0.1,
            outline_width_mode: OutlineWidthMode::ScreenCoordinates,
            outline_width: 0.01,
            outline_width_multiply_texture: texture.clone(),
            outline_color: [0.9, 0.1, 0.5],
            outline_lighting_mix: 0.6,
            uv_animation_mask_texture: texture,
            uv_animation_scroll_x_speed: 0.1,
            uv_animation_scroll_y_speed: -0.2,
            uv_animation_rotation_speed: 0.3,
        };
        let mut dressed = plain.clone();
        dressed.looks.materials[1].mtoon = Some(Box::new(mtoon));
        let (bytes, dressed_hash) = to_bytes(&dressed).unwrap();
        assert_ne!(dressed_hash, hash);
        let (back, _) = from_bytes(&bytes).unwrap();
        assert_eq!(back.looks, dressed.looks);
        // a damaged one is refused, not written (the reader runs the same check: `Looks::check`)
        let mut bad = dressed.clone();
        bad.looks.materials[1].mtoon.as_mut().unwrap().matcap_texture =
            Some(MToonTexture { image: 5, transform: None });
        let err = to_bytes(&bad).err().expect("refused").to_string();
        assert!(err.contains("matcapTexture uses image 5"), "{err}");
    }

    /// The reduced constraint `V` (split complementarity, a bar with blendshapes) is written and read back
    /// equal; a mis-shaped, too large or non-finite one is refused with the reason, not loaded.
    #[test]
    fn the_reduced_constraint_round_trips_and_bad_ones_are_refused() {
        let tip =
            |v: &[[f64; 3]]| v.iter().map(|x| if x[0] > 0.5 { [0.0, 0.01, 0.0] } else { [0.0; 3] }).collect();
        let bar =
            crate::asset::build::bar_avatar([6, 2, 2], [0.6, 0.2, 0.2], 0.2, &[("tip", &tip)], 3, 8).unwrap();
        let v = bar.sim.reduced.constraint.clone().expect("a soft blendshape gives a reduced condition");
        assert_eq!((v.nrows(), v.ncols()), (1, 36));
        let (bytes, _) = to_bytes(&bar).unwrap();
        let (back, _) = from_bytes(&bytes).unwrap();
        assert_eq!(back.sim.reduced.constraint, Some(v.clone()));
        use faer::Mat;
        let bad = |constraint: Mat<f64>| {
            let mut a = bar.clone();
            a.sim.reduced.constraint = Some(constraint);
            let (bytes, _) = to_bytes(&a).unwrap();
            from_bytes(&bytes).err().map(|e| e.to_string())
        };
        let wrong_width = bad(Mat::zeros(1, 24)).expect("refused");
        assert!(wrong_width.contains("reduced.constraint") || wrong_width.contains("V"), "{wrong_width}");
        let too_many = bad(Mat::from_fn(36, 36, |i, j| if i == j { 1.0 } else { 0.0 })).expect("refused");
        assert!(too_many.contains("k < 36"), "{too_many}");
        let mut nan = v.clone();
        nan[(0, 3)] = f64::NAN;
        let non_finite = bad(nan).expect("refused");
        assert!(non_finite.contains('V'), "{non_finite}");
    }

    #[test]
    fn springs_round_trip_and_version_3_files_load_without_them() {
        use crate::spring::{ChainTail, JointParams, SpringChain, SpringJoint, SpringModel};
        let plain = asset();
        let (v4, hash) = to_bytes(&plain).unwrap();
        // a version 3 file (before springs) is the same payload under another version number
        let mut v3 = v4.clone();
        v3[8..12].copy_from_slice(&3u32.to_le_bytes());
        let (old, old_hash) = from_bytes(&v3).unwrap();
        assert!(old.springs.is_empty());
        assert_eq!(
            old_hash, hash,
            "an asset without springs has the payload, and so the hash, it had before"
        );
        let future = FORMAT_VERSION + 1;
        let mut newer = v4.clone();
        newer[8..12].copy_from_slice(&future.to_le_bytes());
        assert!(matches!(from_bytes(&newer), Err(AssetError::Version { found }) if found == future));
        // an asset with springs (a two-bone bar): written, read back equal
        let mut bar = crate::asset::build::bar_avatar([6, 2, 2], [0.6, 0.2, 0.2], 0.2, &[], 4, 8).unwrap();
        let chain = |bone: &str| SpringChain {
            name: "c".into(),
            joints: vec![SpringJoint {
                bone: bone.into(),
                params: JointParams { gravity_power: 0.3, ..Default::default() },
            }],
            tail: ChainTail::Point([0.6, 0.0, 0.0]),
            collider_groups: vec![],
            center: None,
        };
        bar.springs = SpringModel { chains: vec![chain("child")], ..Default::default() };
        let (bytes, _) = to_bytes(&bar).unwrap();
        assert_eq!(from_bytes(&bytes).unwrap().0.springs, bar.springs);
        // springs on a bone the rig lacks are refused
        bar.springs = SpringModel { chains: vec![chain("nope")], ..Default::default() };
        let e = to_bytes(&bar).unwrap_err().to_string();
        assert!(e.contains("not in the rig"), "{e}");
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
