//! `avatard export ASSET --gltf out.glb`: the render mesh as a glTF 2.0 binary that any engine can load and
//! then drive from the daemon's state stream (`p` and `z`).
//!
//! # What the file holds (one mesh, one skin, one scene)
//! - `POSITION` (rest positions), `NORMAL` (area-weighted), triangles as `indices` (u32).
//! - The looks ([`crate::asset::looks`]), when the asset has them: `TEXCOORD_0`, one primitive per material
//!   (its triangles as `indices`; every primitive shares the vertex attributes and morph targets), materials
//!   as `pbrMetallicRoughness` base colour factor / texture (`metallicFactor` 0), `alphaMode`, `alphaCutoff`,
//!   `doubleSided`, the images in buffer views (`mimeType` PNG / JPEG, bytes as imported), one sampler.
//! - The skeleton as joint nodes (names = our bone names, hierarchy = our parents, each node's `matrix` its
//!   bind transform relative to its parent) with `inverseBindMatrices = bind⁻¹`, and **every** skin weight as
//!   `JOINTS_n`/`WEIGHTS_n` sets (4 per set, largest first), so that glTF skinning equals our LBS exactly.
//!   A rig with only a global affine handle becomes one joint named `affine`.
//! - Blendshapes as morph targets (position deltas) named by `mesh.extras.targetNames`.
//! - The secondary motion: mode weights `W_r` (N × m, [`crate::asset::render_mesh`]) as the application-specific vertex
//!   attributes `_MODE_WEIGHTS_0 … _MODE_WEIGHTS_{⌈m/4⌉-1}` (FLOAT VEC4; mode `4i + c` in component `c`,
//!   zero-padded).
//! - `asset.extras.avatard`: `{asset_hash, modes, params, mode_weight_attributes, z_layout}` — the hash
//!   matches the `asset_hash` of the daemon's state messages, `params` names the entries of `p`.
//! - The held part of the flesh, when the asset has one: `asset.extras.avatard.held` with its joints, the
//!   length of the state's `held`, and the sparse per-vertex basis ([`HeldSurface`]) in three buffer views.
//!
//! # Reproducing the daemon's avatar in an engine
//! With the state message's `p` (12 numbers per bone: the skinning transform `T_h` rows, `p[12h + 4c + k]`,
//! bones in joint order) and `z` (12 per mode, same layout):
//! `x_v = Σ_h w_h(v) T_h [X_v;1] + Σ_i β_i d_i(v) + Σ_k W_r[v,k] Z_k [X_v;1]`. Engines that pose joint nodes
//! instead of using `T_h` directly get the same from `jointWorld_h = T_h · bind_h` (glTF's
//! `jointWorld · inverseBindMatrix` is then `T_h`). The schema README documents the same.
//!
//! Rigs that combine a global affine handle with a skeleton have no glTF skin equivalent and are refused.

use crate::asset::file::{hex, Asset, AssetHash};
use crate::asset::held_surface::HeldSurface;
use crate::asset::looks::{AlphaMode, Looks, MToon, MToonTexture};
use crate::asset::render_mesh::{vertex_normals, RenderMesh};
use crate::rig::{affine_inverse, affine_mul, Affine, RigPart, IDENTITY};
use serde_json::{json, Value};

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("the rig cannot be written as a glTF skin: {0}")]
    Rig(String),
    #[error("the asset cannot be written as VRM 1.0: {0}")]
    Vrm(String),
    #[error("writing the glb container: {0}")]
    Container(String),
}

/// Accessors and buffer views, appended to one binary chunk.
#[derive(Default)]
struct Bin {
    bytes: Vec<u8>,
    views: Vec<Value>,
    accessors: Vec<Value>,
}

impl Bin {
    /// Append `data` as a new buffer view (4-byte aligned); returns the view index.
    fn view(&mut self, data: Vec<u8>) -> usize {
        while !self.bytes.len().is_multiple_of(4) {
            self.bytes.push(0);
        }
        self.views.push(json!({"buffer": 0, "byteOffset": self.bytes.len(), "byteLength": data.len()}));
        self.bytes.extend(data);
        self.views.len() - 1
    }

    /// Append `data` as a new view and accessor; returns the accessor index.
    fn push(
        &mut self,
        data: Vec<u8>,
        component: u32,
        kind: &str,
        count: usize,
        minmax: Option<(Value, Value)>,
    ) -> usize {
        let view = self.view(data);
        let mut acc = json!({"bufferView": view, "componentType": component, "count": count, "type": kind});
        if let Some((min, max)) = minmax {
            acc["min"] = min;
            acc["max"] = max;
        }
        self.accessors.push(acc);
        self.accessors.len() - 1
    }

    /// Mark the buffer view of `accessor` as vertex data (`ARRAY_BUFFER`) or indices (`ELEMENT_ARRAY_BUFFER`).
    fn target(&mut self, accessor: usize, target: u32) {
        let view = self.accessors[accessor]["bufferView"].as_u64().expect("a view") as usize;
        self.views[view]["target"] = target.into();
    }

    fn vec3(&mut self, v: &[[f32; 3]], bounds: bool) -> usize {
        let minmax = bounds.then(|| {
            let mut lo = [f32::INFINITY; 3];
            let mut hi = [f32::NEG_INFINITY; 3];
            for p in v {
                for c in 0..3 {
                    lo[c] = lo[c].min(p[c]);
                    hi[c] = hi[c].max(p[c]);
                }
            }
            (json!(lo), json!(hi))
        });
        let data = v.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        self.push(data, FLOAT, "VEC3", v.len(), minmax)
    }

    fn vec4f(&mut self, v: &[[f32; 4]]) -> usize {
        let data = v.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
        self.push(data, FLOAT, "VEC4", v.len(), None)
    }
}

const FLOAT: u32 = 5126;
const UNSIGNED_SHORT: u32 = 5123;
const UNSIGNED_INT: u32 = 5125;
const ARRAY_BUFFER: u32 = 34962;
const ELEMENT_ARRAY_BUFFER: u32 = 34963;

/// A 3×4 affine as a column-major glTF 4×4 matrix.
fn gltf_matrix(a: &Affine) -> [f32; 16] {
    let mut m = [0.0f32; 16];
    for c in 0..4 {
        for r in 0..3 {
            m[4 * c + r] = a[r][c] as f32;
        }
    }
    m[15] = 1.0;
    m
}

fn normals_f32(render: &RenderMesh) -> Vec<[f32; 3]> {
    vertex_normals(&render.vertices, &render.triangles).iter().map(|n| n.map(|c| c as f32)).collect()
}

/// The .glb bytes of an asset's render mesh.
pub fn to_glb(asset: &Asset, hash: &AssetHash) -> Result<Vec<u8>, ExportError> {
    document(asset, hash)?.into_glb()
}

/// The glTF document of an asset before it is packed: the JSON, the binary chunk, and where the rig went
/// (what the VRM writer adds its extension to).
pub(crate) struct Document {
    pub json: Value,
    pub bin: Vec<u8>,
    /// Joint node of each bone, in the rig's bone order (node index = bone index).
    pub bone_names: Vec<String>,
    /// The node holding the mesh and the skin.
    pub mesh_node: usize,
    /// Morph target names in target order (= the rig's blendshape names).
    pub target_names: Vec<String>,
}

impl Document {
    /// Pack as a .glb container.
    pub fn into_glb(self) -> Result<Vec<u8>, ExportError> {
        let json = serde_json::to_vec(&self.json).map_err(|e| ExportError::Container(e.to_string()))?;
        let glb = gltf::binary::Glb {
            header: gltf::binary::Header { magic: *b"glTF", version: 2, length: 0 },
            json: json.into(),
            bin: Some(self.bin.into()),
        };
        glb.to_vec().map_err(|e| ExportError::Container(e.to_string()))
    }
}

/// The glTF document of an asset's render mesh, skin, morph targets, mode weights and looks.
pub(crate) fn document(asset: &Asset, hash: &AssetHash) -> Result<Document, ExportError> {
    let render = &asset.render;
    let n = render.vertices.len();
    let rig = &render.rig;
    // Skeleton: (name, parent, bind) and per-vertex weights.
    let mut bones: Vec<(String, Option<usize>, Affine)> = Vec::new();
    let mut weights: Vec<Vec<(u16, f32)>> = vec![Vec::new(); n];
    let mut shapes: Vec<(String, Vec<[f32; 3]>)> = Vec::new();
    let handle_parts = rig.parts().iter().filter(|p| !matches!(p, RigPart::Blendshapes(_))).count();
    if handle_parts != 1 {
        return Err(ExportError::Rig(format!(
            "it has {handle_parts} handle parts (affine and/or skeletons); glTF skins take exactly one"
        )));
    }
    for part in rig.parts() {
        match part {
            RigPart::Affine => {
                bones.push(("affine".into(), None, IDENTITY));
                weights.iter_mut().for_each(|w| w.push((0, 1.0)));
            }
            RigPart::Lbs(l) => {
                if l.num_bones() > u16::MAX as usize {
                    return Err(ExportError::Rig(format!(
                        "{} bones exceed glTF's u16 joints",
                        l.num_bones()
                    )));
                }
                bones.extend(l.bones().iter().map(|b| (b.name.clone(), b.parent, b.bind)));
                for (v, w) in weights.iter_mut().enumerate() {
                    w.extend(l.weights().iter_row(v).map(|(b, x)| (b as u16, x as f32)));
                }
            }
            RigPart::Blendshapes(b) => {
                for t in b.targets() {
                    let mut d = vec![[0.0f32; 3]; n];
                    for (&v, delta) in t.indices.iter().zip(&t.deltas) {
                        d[v] = delta.map(|x| x as f32);
                    }
                    shapes.push((t.name.clone(), d));
                }
            }
        }
    }
    let mut bin = Bin::default();
    let positions: Vec<[f32; 3]> = render.vertices.iter().map(|p| p.map(|x| x as f32)).collect();
    let mut attributes = serde_json::Map::new();
    attributes.insert("POSITION".into(), bin.vec3(&positions, true).into());
    attributes.insert("NORMAL".into(), bin.vec3(&normals_f32(render), false).into());
    // JOINTS_n / WEIGHTS_n: enough sets for the vertex with the most influences.
    for w in &mut weights {
        w.sort_by(|a, b| b.1.total_cmp(&a.1));
    }
    let sets = weights.iter().map(|w| w.len().div_ceil(4)).max().unwrap_or(1).max(1);
    for s in 0..sets {
        let mut joints = Vec::with_capacity(8 * n);
        let mut values = Vec::with_capacity(n);
        for w in &weights {
            let mut vj = [0u16; 4];
            let mut vw = [0f32; 4];
            for k in 0..4 {
                if let Some(&(j, x)) = w.get(4 * s + k) {
                    vj[k] = j;
                    vw[k] = x;
                }
            }
            joints.extend(vj.iter().flat_map(|j| j.to_le_bytes()));
            values.push(vw);
        }
        let ja = bin.push(joints, UNSIGNED_SHORT, "VEC4", n, None);
        attributes.insert(format!("JOINTS_{s}"), ja.into());
        attributes.insert(format!("WEIGHTS_{s}"), bin.vec4f(&values).into());
    }
    // Mode weights.
    let m = render.mode_weights.ncols();
    let mut mode_attributes = Vec::new();
    for i in 0..m.div_ceil(4) {
        let values: Vec<[f32; 4]> = (0..n)
            .map(|v| {
                std::array::from_fn(|c| {
                    if 4 * i + c < m {
                        render.mode_weights[(v, 4 * i + c)] as f32
                    } else {
                        0.0
                    }
                })
            })
            .collect();
        let name = format!("_MODE_WEIGHTS_{i}");
        attributes.insert(name.clone(), bin.vec4f(&values).into());
        mode_attributes.push(name);
    }
    let looks = &asset.looks;
    if !looks.uv.is_empty() {
        let uv = looks.uv.iter().flat_map(|t| t.iter().flat_map(|x| x.to_le_bytes())).collect();
        attributes.insert("TEXCOORD_0".into(), bin.push(uv, FLOAT, "VEC2", n, None).into());
    }
    // Triangles: one index list per material, in triangle order (all of them when there are no materials).
    let groups = looks.materials.len().max(1);
    let mut lists: Vec<Vec<u8>> = vec![Vec::new(); groups];
    for (t, tri) in render.triangles.iter().enumerate() {
        lists[looks.material_of(t)].extend(tri.iter().flat_map(|i| i.to_le_bytes()));
    }
    let indices: Vec<(Option<usize>, usize)> = lists
        .into_iter()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() || looks.materials.is_empty())
        .map(|(m, l)| {
            let count = l.len() / 4;
            (
                Some(m).filter(|_| !looks.materials.is_empty()),
                bin.push(l, UNSIGNED_INT, "SCALAR", count, None),
            )
        })
        .collect();
    let targets: Vec<Value> = shapes.iter().map(|(_, d)| json!({"POSITION": bin.vec3(d, true)})).collect();
    for acc in attributes.values().chain(targets.iter().map(|t| &t["POSITION"])) {
        bin.target(acc.as_u64().expect("an index") as usize, ARRAY_BUFFER);
    }
    for (_, acc) in &indices {
        bin.target(*acc, ELEMENT_ARRAY_BUFFER);
    }
    // Inverse bind matrices.
    let mut ibm = Vec::with_capacity(64 * bones.len());
    for (name, _, bind) in &bones {
        let inv =
            affine_inverse(bind).ok_or_else(|| ExportError::Rig(format!("bone {name}: singular bind")))?;
        ibm.extend(gltf_matrix(&inv).iter().flat_map(|x| x.to_le_bytes()));
    }
    let ibm = bin.push(ibm, FLOAT, "MAT4", bones.len(), None);
    // Nodes: joints first (node index = bone index), then the mesh node.
    let mut nodes: Vec<Value> = Vec::with_capacity(bones.len() + 1);
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); bones.len()];
    for (b, (_, parent, _)) in bones.iter().enumerate() {
        if let Some(p) = parent {
            children[*p].push(b);
        }
    }
    for (b, (name, parent, bind)) in bones.iter().enumerate() {
        let local = match parent {
            Some(p) => affine_mul(&affine_inverse(&bones[*p].2).expect("checked above"), bind),
            None => *bind,
        };
        let mut node = json!({"name": name, "matrix": gltf_matrix(&local)});
        if !children[b].is_empty() {
            node["children"] = json!(children[b]);
        }
        nodes.push(node);
    }
    let mesh_node = nodes.len();
    nodes.push(json!({"name": "avatar", "mesh": 0, "skin": 0}));
    let roots: Vec<usize> =
        (0..bones.len()).filter(|&b| bones[b].1.is_none()).chain(std::iter::once(mesh_node)).collect();
    let mut mesh = json!({"name": "avatar"});
    if !targets.is_empty() {
        mesh["weights"] = json!(vec![0.0; targets.len()]);
        mesh["extras"] = json!({"targetNames": shapes.iter().map(|s| &s.0).collect::<Vec<_>>()});
    }
    // One primitive per material (all sharing the vertex attributes and morph targets), or one without.
    let primitives: Vec<Value> = indices
        .into_iter()
        .map(|(material, indices)| {
            let mut primitive = json!({"attributes": attributes, "indices": indices, "mode": 4});
            if let Some(m) = material {
                primitive["material"] = m.into();
            }
            if !targets.is_empty() {
                primitive["targets"] = json!(targets);
            }
            primitive
        })
        .collect();
    mesh["primitives"] = json!(primitives);
    let mut root = json!({
        "asset": {
            "version": "2.0",
            "generator": concat!("avatard ", env!("CARGO_PKG_VERSION")),
            "extras": {"avatard": {
                "asset_hash": hex(hash),
                "modes": m,
                "params": rig.param_names(),
                "mode_weight_attributes": mode_attributes,
                "z_layout": "z[12*k + 4*c + j] = Z_k[c][j]: mode k's 3x4 affine, rows c; \
                             x += W_r[v,k] * Z_k [X_v; 1]",
            }},
        },
        "scene": 0,
        "scenes": [{"nodes": roots}],
        "nodes": nodes,
        "meshes": [mesh],
        "skins": [{"joints": (0..bones.len()).collect::<Vec<_>>(), "inverseBindMatrices": ibm}],
    });
    if let Some(held) = held_extras(asset, &mut bin) {
        root["asset"]["extras"]["avatard"]["held"] = held;
    }
    write_looks(&mut root, looks, &mut bin);
    root["accessors"] = json!(bin.accessors);
    root["bufferViews"] = json!(bin.views);
    root["buffers"] = json!([{"byteLength": bin.bytes.len()}]);
    Ok(Document {
        json: root,
        bin: bin.bytes,
        bone_names: bones.into_iter().map(|b| b.0).collect(),
        mesh_node,
        target_names: shapes.into_iter().map(|s| s.0).collect(),
    })
}

/// The held part of the flesh ([`HeldSurface`]) as `extras.avatard.held`, its sparse rows in three buffer
/// views (little-endian): `offsets` (u32, N + 1), `joint` (u32 per entry), `basis` (f32 × 3 × `components` per
/// entry). `None` when the asset has no held part.
fn held_extras(asset: &Asset, bin: &mut Bin) -> Option<Value> {
    let s = HeldSurface::of(asset)?;
    let le = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let offsets = bin.view(le(&s.offsets));
    let joint = bin.view(le(&s.entry_joint));
    let basis = bin.view(s.basis.iter().flatten().flat_map(|x| x.to_le_bytes()).collect());
    let joints: Vec<Value> = s
        .joints
        .iter()
        .map(|j| json!({"bone": j.bone, "parent": j.parent, "offset": j.offset, "components": j.components}))
        .collect();
    Some(json!({
        "joints": joints,
        "wire_len": s.wire_len,
        "components": s.components,
        "offsets": offsets,
        "joint": joint,
        "basis": basis,
        "layout": "state.held[offset .. offset + 9] = R_j (row-major), then components c_j; \
                   x += sum over entries e of vertex v (offsets[v] .. offsets[v+1]) of \
                   R_joint[e] * sum_k c_joint[e],k * basis[e * components + k]",
    }))
}

/// Materials (base colour part, `metallicFactor` 0), one sampler, textures and images (in buffer views)
/// of the looks; nothing when there are no materials.
fn write_looks(root: &mut Value, looks: &Looks, bin: &mut Bin) {
    if looks.materials.is_empty() {
        return;
    }
    let materials: Vec<Value> = looks
        .materials
        .iter()
        .map(|m| {
            let mut pbr = json!({"baseColorFactor": m.base_color, "metallicFactor": 0.0});
            if let Some(t) = m.base_color_texture {
                let t = MToonTexture { image: t, transform: m.base_color_transform };
                pbr["baseColorTexture"] = texture_info(&t);
            }
            let mut out = json!({
                "name": m.name,
                "pbrMetallicRoughness": pbr,
                "doubleSided": m.double_sided,
                "alphaMode": m.alpha_mode,
            });
            if m.alpha_mode == AlphaMode::Mask {
                out["alphaCutoff"] = m.alpha_cutoff.into();
            }
            if let Some(mt) = &m.mtoon {
                write_mtoon(&mut out, mt);
            }
            out
        })
        .collect();
    root["materials"] = json!(materials);
    let mtoon = looks.materials.iter().filter_map(|m| m.mtoon.as_deref());
    let mut used = vec![];
    if mtoon.clone().next().is_some() {
        used.push("VRMC_materials_mtoon");
    }
    let base_transform =
        looks.materials.iter().any(|m| m.base_color_texture.is_some() && m.base_color_transform.is_some());
    if base_transform || mtoon.clone().flat_map(|m| m.textures()).any(|(_, t)| t.transform.is_some()) {
        used.push("KHR_texture_transform");
    }
    if mtoon.clone().any(|m| m.emissive.iter().any(|&c| c > 1.0)) {
        used.push("KHR_materials_emissive_strength");
    }
    if !used.is_empty() {
        root["extensionsUsed"] = json!(used);
    }
    if looks.images.is_empty() {
        return;
    }
    let images: Vec<Value> = looks
        .images
        .iter()
        .map(|img| json!({"bufferView": bin.view(img.bytes.clone()), "mimeType": img.mime}))
        .collect();
    root["images"] = json!(images);
    // LINEAR_MIPMAP_LINEAR / LINEAR, REPEAT (glTF's defaults, spelled out)
    root["samplers"] = json!([{"magFilter": 9729, "minFilter": 9987, "wrapS": 10497, "wrapT": 10497}]);
    root["textures"] =
        json!((0..looks.images.len()).map(|i| json!({"sampler": 0, "source": i})).collect::<Vec<_>>());
}

/// A texture reference of `VRMC_materials_mtoon` 1.0 (textures are one per image, same index).
fn texture_info(t: &MToonTexture) -> Value {
    let mut v = json!({"index": t.image});
    if let Some(tr) = t.transform {
        v["extensions"] = json!({"KHR_texture_transform": {"offset": tr.offset, "scale": tr.scale}});
    }
    v
}

/// MToon into a glTF material (`out`): `VRMC_materials_mtoon` 1.0 with every property spelled out, the
/// emission and normal map as the glTF core properties (what `gltf_import::mtoon::vrm1` reads back).
fn write_mtoon(out: &mut Value, m: &MToon) {
    let mut ext = json!({
        "specVersion": "1.0",
        "transparentWithZWrite": m.transparent_with_z_write,
        "renderQueueOffsetNumber": m.render_queue_offset,
        "shadeColorFactor": m.shade_color,
        "shadingShiftFactor": m.shading_shift,
        "shadingToonyFactor": m.shading_toony,
        "giEqualizationFactor": m.gi_equalization,
        "matcapFactor": m.matcap_factor,
        "parametricRimColorFactor": m.parametric_rim_color,
        "rimLightingMixFactor": m.rim_lighting_mix,
        "parametricRimFresnelPowerFactor": m.parametric_rim_fresnel_power,
        "parametricRimLiftFactor": m.parametric_rim_lift,
        "outlineWidthMode": m.outline_width_mode,
        "outlineWidthFactor": m.outline_width,
        "outlineColorFactor": m.outline_color,
        "outlineLightingMixFactor": m.outline_lighting_mix,
        "uvAnimationScrollXSpeedFactor": m.uv_animation_scroll_x_speed,
        "uvAnimationScrollYSpeedFactor": m.uv_animation_scroll_y_speed,
        "uvAnimationRotationSpeedFactor": m.uv_animation_rotation_speed,
    });
    for (name, t) in [
        ("shadeMultiplyTexture", &m.shade_multiply_texture),
        ("matcapTexture", &m.matcap_texture),
        ("rimMultiplyTexture", &m.rim_multiply_texture),
        ("outlineWidthMultiplyTexture", &m.outline_width_multiply_texture),
        ("uvAnimationMaskTexture", &m.uv_animation_mask_texture),
    ] {
        if let Some(t) = t {
            ext[name] = texture_info(t);
        }
    }
    if let Some(t) = &m.shading_shift_texture {
        ext["shadingShiftTexture"] = texture_info(t);
        ext["shadingShiftTexture"]["scale"] = m.shading_shift_texture_scale.into();
    }
    out["extensions"] = json!({"VRMC_materials_mtoon": ext});
    // glTF's emissiveFactor is at most 1: a brighter emission is written as a factor and
    // `KHR_materials_emissive_strength`
    let strength = m.emissive.iter().cloned().fold(1.0f32, f32::max);
    out["emissiveFactor"] = json!(m.emissive.map(|c| c / strength));
    if strength > 1.0 {
        out["extensions"]["KHR_materials_emissive_strength"] = json!({"emissiveStrength": strength});
    }
    if let Some(t) = &m.emissive_texture {
        out["emissiveTexture"] = texture_info(t);
    }
    if let Some(t) = &m.normal_texture {
        out["normalTexture"] = texture_info(t);
        out["normalTexture"]["scale"] = m.normal_scale.into();
    }
}
