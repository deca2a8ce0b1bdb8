//! `avatard import model.glb`: a glTF 2.0 / VRM binary file → an avatar asset.
//!
//! # What is read
//! - **Render mesh**: every triangle primitive (modes TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN) of every mesh
//!   node with a skin in the default scene (else the first), vertices as stored (no welding: seams stay
//!   split, as the renderer needs them; primitives of one mesh node that share every vertex accessor,
//!   as the VRM / glTF export writes one per material, share their vertices). A skinned vertex is in the skin's bind space (the mesh node's own
//!   transform does not apply, glTF §3.7.3), and that is our rest pose. Mesh nodes without a skin are
//!   skipped and listed in the report; POINTS and LINES primitives likewise.
//! - **Skeleton**: the union of the skins' joints; a bone's parent is its nearest ancestor node that is a
//!   joint; its bind transform is the inverse of its inverse bind matrix (identity when the skin has none).
//!   Names are the node names (made unique; `joint<node>` when empty). Skin weights from `JOINTS_n` /
//!   `WEIGHTS_n` (every set present), renormalised per vertex; a vertex with no weight at all is bound to the
//!   first root bone and counted.
//! - **Blendshapes**: morph targets' position displacements; named by the mesh's `extras.targetNames`
//!   (`<mesh>.target<i>` otherwise). Targets with the same name in several primitives are one blendshape. A
//!   name equal to a MediaPipe blendshape name up to case (e.g. `JawOpen`) is renamed to MediaPipe's spelling
//!   so that face tracking drives it.
//! - **Facing**: glTF and VRM 1.0 models face +Z; VRM 0.x models face −Z and are turned half a turn about +Y
//!   on import (positions, morph deltas, bind transforms conjugated), so every avatar faces +Z.
//! - **VRM**: the humanoid bone map (`VRMC_vrm` 1.0 `humanoid.humanBones`, or VRM 0.x `VRM.humanoid`) is
//!   kept in the asset's provenance (humanoid bone → our bone name) for the tracker mapping.
//!
//! # The simulation mesh
//! Game meshes are seldom closed or manifold, so the tet mesh is not a tetrahedralisation of the surface:
//! it is a voxel grid kept where the generalised winding number says "inside" (plus every cell holding a
//! render vertex), split into tets ([`crate::geometry::voxelize`]). The rig is carried to the tet vertices from the
//! closest point of the render surface ([`crate::geometry::transfer::closest_points`],
//! [`crate::rig::resample`]), the render vertices are embedded in the tets by barycentric coordinates
//! ([`crate::geometry::embed::embed_points`]), and the precompute runs as for any tet mesh. When the grid is too
//! coarse for the rig (fewer tet vertices than its constraints plus the modes, e.g. a thin limb across two
//! cells), the resolution is doubled, up to four times the requested one; the report says what was used.
//!
//! Bad files (not glTF, truncated, out-of-range accessors, no skin, no triangles, non-finite numbers) give an
//! [`ImportError`]; nothing in a file can make the importer panic.

use crate::asset::build::{cached, Built};
use crate::asset::cache::{Cache, CacheKey};
use crate::asset::expressions::{preset_from_vrm0, Expression, MorphBind, PRESETS};
use crate::asset::file::{Asset, Source};
use crate::asset::looks::{AlphaMode, Looks, SurfaceMaterial, TextureImage};
use crate::asset::render_mesh::RenderMesh;
use crate::geometry::embed::embed_points;
use crate::geometry::transfer::closest_points;
use crate::geometry::voxelize::{voxel_tet_mesh, VoxelSettings, MAX_RESOLUTION};
use crate::modes::dense::ModesError;
use crate::precompute::{precompute, MaterialSetting, PrecomputeError, PrecomputeSettings, ProgressFn};
use crate::rig::resample::{resample, Stencil};
use crate::rig::VertexWeights;
use crate::rig::{affine_inverse, Affine, BlendTarget, BlendshapeRig, Bone, LbsRig, Rig, RigPart};
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("not a readable glTF binary (.glb): {0}")]
    Parse(String),
    #[error("the glTF file has no binary buffer (only .glb files with their data inside are supported)")]
    NoBinary,
    #[error(
        "the glTF file has no skinned mesh (no node with both `mesh` and `skin`); an avatar needs a skeleton"
    )]
    NoSkin,
    #[error("the skinned meshes have no triangles{0}")]
    NoTriangles(String),
    #[error("invalid glTF content: {0}")]
    Invalid(String),
}

/// How the simulation mesh is built.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportSettings {
    /// Voxel cells along the longest side of the bounding box.
    pub resolution: usize,
    /// Generalised winding number from which a cell centre counts as inside.
    pub threshold: f64,
}

impl Default for ImportSettings {
    fn default() -> Self {
        let v = VoxelSettings::default();
        ImportSettings { resolution: v.resolution, threshold: v.threshold }
    }
}

/// What was found in the file (goes into the import report).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ImportInfo {
    pub skinned_meshes: usize,
    pub primitives: usize,
    /// Mesh nodes and primitives left out, with the reason.
    pub skipped: Vec<String>,
    pub bones: usize,
    pub blendshapes: Vec<String>,
    /// Blendshapes whose names are MediaPipe's (after case-insensitive renaming).
    pub mediapipe_blendshapes: Vec<String>,
    /// VRM humanoid bone → bone name.
    pub humanoid: BTreeMap<String, String>,
    /// Largest `|Σ w - 1|` fixed by renormalising skin weights.
    pub weight_sum_fixed: f64,
    /// Vertices with no skin weight (bound to the first root bone).
    pub unweighted_vertices: usize,
    /// `1.0`, `0.x` or empty (plain glTF).
    pub vrm_version: String,
    /// A VRM 0.x model (facing −Z) turned half a turn about +Y to face +Z like glTF and VRM 1.0.
    pub turned_to_face_z: bool,
    /// Materials kept, textures kept, and what was dropped from the looks (with the reason).
    pub materials: usize,
    pub textures: usize,
    pub looks_dropped: Vec<String>,
    /// VRM expressions read, and binds or expressions left out (with the reason).
    pub expressions: Vec<String>,
    pub expressions_dropped: Vec<String>,
}

/// The render mesh and its rig, as read from the file.
#[derive(Clone, Debug)]
pub struct GltfAvatar {
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
    pub rig: Rig,
    pub info: ImportInfo,
    /// UVs, materials and base-colour images ([`crate::asset::looks`]).
    pub looks: Looks,
    /// VRM expressions, binds resolved to the rig's blendshape names.
    pub expressions: Vec<Expression>,
    /// The VRM `meta`, in VRM 1.0's form.
    pub vrm_meta: Option<serde_json::Value>,
}

/// Parse a .glb file's bytes (never panics on bad input).
pub fn read_glb(bytes: &[u8]) -> Result<GltfAvatar, ImportError> {
    // The gltf crate checks indices and bounds and reports errors; a panic deep inside it on some input we
    // did not foresee must still come back as an error, not take the daemon down.
    match std::panic::catch_unwind(|| read_glb_inner(bytes)) {
        Ok(r) => r,
        Err(_) => Err(ImportError::Parse("the glTF reader failed on malformed data".into())),
    }
}

/// A column-major glTF 4×4 matrix as our 3×4 affine (rows), refusing projective or non-finite ones.
fn affine_from_gltf(m: &[[f32; 4]; 4], what: &str) -> Result<Affine, ImportError> {
    let bottom = [m[0][3], m[1][3], m[2][3], m[3][3]];
    if bottom.iter().zip([0.0, 0.0, 0.0, 1.0]).any(|(a, b)| (a - b).abs() > 1e-5) {
        return Err(ImportError::Invalid(format!("{what} is not an affine matrix (bottom row {bottom:?})")));
    }
    let a: Affine = std::array::from_fn(|r| std::array::from_fn(|c| m[c][r] as f64));
    if a.iter().flatten().any(|x| !x.is_finite()) {
        return Err(ImportError::Invalid(format!("{what} has a non-finite entry")));
    }
    Ok(a)
}

fn read_glb_inner(bytes: &[u8]) -> Result<GltfAvatar, ImportError> {
    let gltf = gltf::Gltf::from_slice(bytes).map_err(|e| ImportError::Parse(e.to_string()))?;
    let blob = gltf.blob.as_deref();
    let buffer = |b: gltf::Buffer<'_>| match b.source() {
        gltf::buffer::Source::Bin => blob,
        gltf::buffer::Source::Uri(_) => None,
    };
    if gltf.buffers().any(|b| matches!(b.source(), gltf::buffer::Source::Uri(_))) {
        return Err(ImportError::NoBinary);
    }
    let doc = &gltf.document;
    let scene = doc.default_scene().or_else(|| doc.scenes().next());
    // Parent of every node (a node has at most one parent in a valid glTF file).
    let mut parent: Vec<Option<usize>> = vec![None; doc.nodes().count()];
    for node in doc.nodes() {
        for child in node.children() {
            parent[child.index()] = Some(node.index());
        }
    }
    // Mesh nodes of the scene, in traversal order.
    let mut mesh_nodes = Vec::new();
    let mut stack: Vec<gltf::Node<'_>> = match &scene {
        Some(s) => s.nodes().collect(),
        None => doc.nodes().filter(|n| parent[n.index()].is_none()).collect(),
    };
    stack.reverse();
    let mut visited = vec![false; parent.len()];
    while let Some(node) = stack.pop() {
        if std::mem::replace(&mut visited[node.index()], true) {
            continue;
        }
        if node.mesh().is_some() {
            mesh_nodes.push(node.clone());
        }
        let mut children: Vec<_> = node.children().collect();
        children.reverse();
        stack.extend(children);
    }
    let mut info = ImportInfo::default();
    let skinned: Vec<_> = mesh_nodes
        .iter()
        .filter(|n| {
            let has = n.skin().is_some();
            if !has {
                info.skipped.push(format!("mesh node {:?}: no skin", n.name().unwrap_or("")));
            }
            has
        })
        .cloned()
        .collect();
    if skinned.is_empty() {
        return Err(ImportError::NoSkin);
    }
    info.skinned_meshes = skinned.len();

    // Skeleton: the union of the skins' joints, by node.
    let mut bone_of_node: HashMap<usize, usize> = HashMap::new();
    let mut bones: Vec<Bone> = Vec::new();
    let mut bone_nodes: Vec<usize> = Vec::new();
    let mut used_names: HashMap<String, usize> = HashMap::new();
    for node in &skinned {
        let skin = node.skin().expect("filtered");
        let joints: Vec<_> = skin.joints().collect();
        let ibms: Option<Vec<[[f32; 4]; 4]>> =
            skin.reader(buffer).read_inverse_bind_matrices().map(|it| it.collect());
        if let Some(m) = &ibms {
            if m.len() < joints.len() {
                return Err(ImportError::Invalid(format!(
                    "skin {} has {} inverse bind matrices for {} joints",
                    skin.index(),
                    m.len(),
                    joints.len()
                )));
            }
        } else if skin.inverse_bind_matrices().is_some() {
            return Err(ImportError::Invalid(format!(
                "skin {}: inverse bind matrices unreadable",
                skin.index()
            )));
        }
        for (j, joint) in joints.iter().enumerate() {
            let ibm = match &ibms {
                Some(m) => {
                    affine_from_gltf(&m[j], &format!("inverse bind matrix {j} of skin {}", skin.index()))?
                }
                None => crate::rig::IDENTITY,
            };
            let bind = affine_inverse(&ibm).ok_or_else(|| {
                ImportError::Invalid(format!("inverse bind matrix {j} of skin {} is singular", skin.index()))
            })?;
            if let Some(&b) = bone_of_node.get(&joint.index()) {
                let same = bones[b]
                    .bind
                    .iter()
                    .flatten()
                    .zip(bind.iter().flatten())
                    .all(|(a, c)| (a - c).abs() < 1e-4);
                if !same {
                    return Err(ImportError::Invalid(format!(
                        "joint node {} has different bind poses in two skins",
                        joint.index()
                    )));
                }
                continue;
            }
            let base = joint.name().filter(|s| !s.is_empty()).map(str::to_owned);
            let base = base.unwrap_or_else(|| format!("joint{}", joint.index()));
            let count = used_names.entry(base.clone()).or_insert(0);
            let name = if *count == 0 { base.clone() } else { format!("{base}#{}", joint.index()) };
            *count += 1;
            bone_of_node.insert(joint.index(), bones.len());
            bone_nodes.push(joint.index());
            bones.push(Bone { name, parent: None, bind });
        }
    }
    for (b, &node) in bone_nodes.iter().enumerate() {
        let mut up = parent[node];
        while let Some(p) = up {
            if let Some(&pb) = bone_of_node.get(&p) {
                bones[b].parent = Some(pb);
                break;
            }
            up = parent[p];
        }
    }
    info.bones = bones.len();

    // Geometry, weights and morph targets.
    let mut vertices: Vec<[f64; 3]> = Vec::new();
    let mut triangles: Vec<[u32; 3]> = Vec::new();
    let mut weight_rows: Vec<Vec<(u32, f64)>> = Vec::new();
    let mut targets: BTreeMap<String, Vec<(usize, [f64; 3])>> = BTreeMap::new();
    let mut target_order: Vec<String> = Vec::new();
    // (mesh index, morph target index) → the target's name in the file, for the VRM expression binds
    let mut morph_source: HashMap<(usize, usize), String> = HashMap::new();
    let mut uvs: Vec<Option<[f32; 2]>> = Vec::new();
    let mut triangle_material: Vec<u32> = Vec::new();
    let mut materials = MaterialTable::default();
    let vrm0_props = vrm0_material_props(bytes);
    let mut shared_vertices: HashMap<(usize, Vec<(String, usize)>), usize> = HashMap::new();
    for node in &skinned {
        let skin = node.skin().expect("filtered");
        let joint_bone: Vec<usize> = skin.joints().map(|j| bone_of_node[&j.index()]).collect();
        let mesh = node.mesh().expect("mesh node");
        let mesh_name = mesh.name().map(str::to_owned).unwrap_or_else(|| format!("mesh{}", mesh.index()));
        let target_names: Vec<String> = mesh
            .extras()
            .as_ref()
            .and_then(|raw| serde_json::from_str::<serde_json::Value>(raw.get()).ok())
            .and_then(|v| v.get("targetNames").cloned())
            .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
            .unwrap_or_default();
        for prim in mesh.primitives() {
            use gltf::mesh::Mode;
            let what = format!("mesh {mesh_name:?} primitive {}", prim.index());
            let mode = prim.mode();
            if !matches!(mode, Mode::Triangles | Mode::TriangleStrip | Mode::TriangleFan) {
                info.skipped.push(format!("{what}: mode {mode:?} has no triangles"));
                continue;
            }
            let reader = prim.reader(buffer);
            let positions: Vec<[f32; 3]> = reader
                .read_positions()
                .ok_or_else(|| ImportError::Invalid(format!("{what}: POSITION missing or unreadable")))?
                .collect();
            let count = positions.len();
            if let Some(i) = positions.iter().position(|p| p.iter().any(|x| !x.is_finite())) {
                return Err(ImportError::Invalid(format!("{what}: position {i} is not finite")));
            }
            let indices: Vec<u32> = match reader.read_indices() {
                Some(ix) => ix.into_u32().collect(),
                None if prim.indices().is_some() => {
                    return Err(ImportError::Invalid(format!("{what}: indices unreadable")))
                }
                None => (0..count as u32).collect(),
            };
            if let Some(&i) = indices.iter().find(|&&i| i as usize >= count) {
                return Err(ImportError::Invalid(format!("{what}: index {i} past {count} vertices")));
            }
            let tris = assemble_triangles(mode, &indices);
            if tris.is_empty() {
                info.skipped.push(format!("{what}: no triangles"));
                continue;
            }
            info.primitives += 1;
            // Primitives of one mesh node sharing every vertex accessor (our export writes one per
            // material) share their vertices: only their triangles and material are new.
            let key = (node.index(), vertex_accessors(&prim));
            if let Some(&base) = shared_vertices.get(&key) {
                triangles.extend(tris.iter().map(|t| t.map(|i| (base + i as usize) as u32)));
                let m = materials.of(doc, prim.material(), blob, &vrm0_props, &mut info);
                triangle_material.extend(std::iter::repeat_n(m, tris.len()));
                continue;
            }
            let base = vertices.len();
            shared_vertices.insert(key, base);
            vertices.extend(positions.iter().map(|p| p.map(f64::from)));
            triangles.extend(tris.iter().map(|t| t.map(|i| (base + i as usize) as u32)));
            // Looks: texture coordinates (set 0) and the primitive's material.
            match reader.read_tex_coords(0) {
                Some(tc) => {
                    let tc: Vec<[f32; 2]> = tc.into_f32().collect();
                    if tc.len() != count {
                        return Err(ImportError::Invalid(format!("{what}: TEXCOORD_0 length {}", tc.len())));
                    }
                    if let Some(i) = tc.iter().position(|t| !(t[0].is_finite() && t[1].is_finite())) {
                        return Err(ImportError::Invalid(format!(
                            "{what}: texture coordinate {i} is not finite"
                        )));
                    }
                    uvs.extend(tc.into_iter().map(Some));
                }
                None => uvs.extend(std::iter::repeat_n(None, count)),
            }
            let m = materials.of(doc, prim.material(), blob, &vrm0_props, &mut info);
            triangle_material.extend(std::iter::repeat_n(m, tris.len()));
            // Skin weights (all sets).
            let mut rows: Vec<Vec<(u32, f64)>> = vec![Vec::new(); count];
            let mut set = 0;
            while let (Some(joints), Some(weights)) = (reader.read_joints(set), reader.read_weights(set)) {
                let joints: Vec<[u16; 4]> = joints.into_u16().collect();
                let weights: Vec<[f32; 4]> = weights.into_f32().collect();
                if joints.len() != count || weights.len() != count {
                    return Err(ImportError::Invalid(format!("{what}: JOINTS_{set}/WEIGHTS_{set} length")));
                }
                for v in 0..count {
                    for k in 0..4 {
                        let w = weights[v][k] as f64;
                        if !(w.is_finite() && w >= 0.0) {
                            return Err(ImportError::Invalid(format!("{what}: weight {w} at vertex {v}")));
                        }
                        if w == 0.0 {
                            continue;
                        }
                        let j = joints[v][k] as usize;
                        let bone = *joint_bone.get(j).ok_or_else(|| {
                            ImportError::Invalid(format!(
                                "{what}: joint {j} past the skin's {}",
                                joint_bone.len()
                            ))
                        })?;
                        match rows[v].iter_mut().find(|(b, _)| *b as usize == bone) {
                            Some(e) => e.1 += w,
                            None => rows[v].push((bone as u32, w)),
                        }
                    }
                }
                set += 1;
            }
            weight_rows.extend(rows);
            // Morph targets.
            for (t, (deltas, _, _)) in reader.read_morph_targets().enumerate() {
                let name = target_names.get(t).cloned().unwrap_or_else(|| format!("{mesh_name}.target{t}"));
                morph_source.insert((mesh.index(), t), name.clone());
                let Some(deltas) = deltas else { continue };
                let deltas: Vec<[f32; 3]> = deltas.collect();
                if deltas.len() != count {
                    return Err(ImportError::Invalid(format!("{what}: morph target {t} length")));
                }
                if deltas.iter().flatten().any(|d| !d.is_finite()) {
                    return Err(ImportError::Invalid(format!("{what}: morph target {t} is not finite")));
                }
                if !targets.contains_key(&name) {
                    target_order.push(name.clone());
                }
                let entry = targets.entry(name).or_default();
                for (v, d) in deltas.iter().enumerate() {
                    if *d != [0.0; 3] {
                        entry.push((base + v, d.map(f64::from)));
                    }
                }
            }
        }
    }
    if triangles.is_empty() {
        let why =
            if info.skipped.is_empty() { String::new() } else { format!(" ({})", info.skipped.join("; ")) };
        return Err(ImportError::NoTriangles(why));
    }

    // VRM 0.x models face −Z (VRM 1.0 and glTF: +Z): turn them half a turn about +Y, a change of world
    // coordinates `x' = R x` (positions, morph deltas) under which each bind transform is conjugated
    // (`R · bind · R⁻¹`), so world-aligned bone frames stay world-aligned.
    let json = glb_json(bytes);
    let vrm0 = json
        .as_ref()
        .is_some_and(|j| j["extensions"]["VRM"].is_object() && !j["extensions"]["VRMC_vrm"].is_object());
    if vrm0 {
        let turn = |v: &mut [f64; 3]| {
            v[0] = -v[0];
            v[2] = -v[2];
        };
        vertices.iter_mut().for_each(turn);
        targets.values_mut().flatten().for_each(|(_, d)| turn(d));
        let sign = [-1.0, 1.0, -1.0];
        for b in &mut bones {
            for (r, row) in b.bind.iter_mut().enumerate() {
                for (c, x) in row.iter_mut().enumerate() {
                    // (R A R⁻¹)[r][c] = s_r A[r][c] s_c with R = diag(s); the translation column takes s_r
                    *x *= sign[r] * if c < 3 { sign[c] } else { 1.0 };
                }
            }
        }
        info.turned_to_face_z = true;
    }
    // Weights: bind unweighted vertices to the first root, then renormalise.
    let root = bones.iter().position(|b| b.parent.is_none()).unwrap_or(0) as u32;
    for row in &mut weight_rows {
        if row.iter().map(|e| e.1).sum::<f64>() <= 0.0 {
            row.clear();
            row.push((root, 1.0));
            info.unweighted_vertices += 1;
        }
    }
    let (lbs, fixed) = LbsRig::new_normalized(bones, VertexWeights::from_rows(weight_rows))
        .map_err(|e| ImportError::Invalid(format!("skeleton: {e}")))?;
    info.weight_sum_fixed = fixed;
    let mut parts = vec![RigPart::Lbs(lbs)];
    let mut final_name: HashMap<String, String> = HashMap::new();
    if !target_order.is_empty() {
        let mediapipe: HashMap<String, &str> =
            avatar_schema::samples::MEDIAPIPE_BLENDSHAPES.iter().map(|n| (n.to_lowercase(), *n)).collect();
        let mut list = Vec::new();
        let mut taken: HashMap<String, usize> = HashMap::new();
        for name in &target_order {
            let entries = &targets[name];
            let renamed = mediapipe.get(&name.to_lowercase()).map(|s| s.to_string()).unwrap_or(name.clone());
            // Two source names folding onto one MediaPipe name: keep the first, the other keeps its own.
            let renamed = if taken.contains_key(&renamed) { name.clone() } else { renamed };
            taken.insert(renamed.clone(), list.len());
            final_name.insert(name.clone(), renamed.clone());
            if mediapipe.values().any(|m| *m == renamed) {
                info.mediapipe_blendshapes.push(renamed.clone());
            }
            info.blendshapes.push(renamed.clone());
            let (indices, deltas) = entries.iter().copied().unzip();
            list.push(BlendTarget { name: renamed, indices, deltas });
        }
        let shapes = BlendshapeRig::new(Some(vertices.len()), list)
            .map_err(|e| ImportError::Invalid(format!("morph targets: {e}")))?;
        parts.push(RigPart::Blendshapes(shapes));
    }
    let rig = Rig::new(parts).map_err(|e| ImportError::Invalid(format!("rig: {e}")))?;
    rig.check_vertices(vertices.len()).map_err(|e| ImportError::Invalid(format!("rig: {e}")))?;
    if let RigPart::Lbs(l) = &rig.parts()[0] {
        let name_of_node: HashMap<usize, &str> =
            bone_nodes.iter().enumerate().map(|(b, &n)| (n, l.bones()[b].name.as_str())).collect();
        info.humanoid = vrm_humanoid(bytes)
            .into_iter()
            .filter_map(|(human, node)| name_of_node.get(&node).map(|b| (human, b.to_string())))
            .collect();
    }
    let looks = materials.finish(uvs, triangle_material, &mut info);
    let node_mesh: HashMap<usize, usize> =
        doc.nodes().filter_map(|n| n.mesh().map(|m| (n.index(), m.index()))).collect();
    let blendshape =
        |mesh: usize, index: usize| morph_source.get(&(mesh, index)).and_then(|n| final_name.get(n)).cloned();
    let (expressions, vrm_meta) = match &json {
        Some(root) => vrm_expressions_and_meta(root, &node_mesh, &blendshape, &mut info),
        None => (Vec::new(), None),
    };
    Ok(GltfAvatar { vertices, triangles, rig, info, looks, expressions, vrm_meta })
}

/// Every vertex accessor of a primitive (attributes, then morph target attributes), by name and index.
fn vertex_accessors(prim: &gltf::Primitive<'_>) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> =
        prim.attributes().map(|(sem, acc)| (sem.to_string(), acc.index())).collect();
    for (t, target) in prim.morph_targets().enumerate() {
        for (what, acc) in [("P", target.positions()), ("N", target.normals()), ("T", target.tangents())] {
            if let Some(acc) = acc {
                out.push((format!("target{t}.{what}"), acc.index()));
            }
        }
    }
    out.sort();
    out
}

/// The glTF JSON chunk, parsed (`None` when unreadable: the gltf reader has accepted it, so only on a bug).
fn glb_json(bytes: &[u8]) -> Option<serde_json::Value> {
    let glb = gltf::binary::Glb::from_slice(bytes).ok()?;
    serde_json::from_slice(&glb.json).ok()
}

/// VRM 0.x `VRM.materialProperties`, by material name: the `_MainTex` texture index, if any.
fn vrm0_material_props(bytes: &[u8]) -> HashMap<String, usize> {
    let Some(root) = glb_json(bytes) else { return HashMap::new() };
    let Some(props) = root["extensions"]["VRM"]["materialProperties"].as_array() else {
        return HashMap::new();
    };
    props
        .iter()
        .filter_map(|p| {
            let name = p["name"].as_str()?;
            let tex = p["textureProperties"]["_MainTex"].as_u64()?;
            Some((name.to_owned(), tex as usize))
        })
        .collect()
}

/// glTF materials → [`SurfaceMaterial`]s, images checked and deduplicated.
#[derive(Default)]
struct MaterialTable {
    /// glTF material index (`None`: the default material) → ours.
    index: HashMap<Option<usize>, u32>,
    list: Vec<SurfaceMaterial>,
    /// glTF image index → ours (`None`: unusable, dropped).
    image_index: HashMap<usize, Option<usize>>,
    images: Vec<TextureImage>,
}

impl MaterialTable {
    fn of(
        &mut self,
        doc: &gltf::Document,
        m: gltf::Material<'_>,
        blob: Option<&[u8]>,
        vrm0: &HashMap<String, usize>,
        info: &mut ImportInfo,
    ) -> u32 {
        if let Some(&i) = self.index.get(&m.index()) {
            return i;
        }
        let name = m.name().map(str::to_owned).unwrap_or_else(|| match m.index() {
            Some(i) => format!("material{i}"),
            None => "default".into(),
        });
        let pbr = m.pbr_metallic_roughness();
        let mut base_color = pbr.base_color_factor();
        if base_color.iter().any(|c| !c.is_finite()) {
            info.looks_dropped.push(format!("material {name:?}: non-finite base colour; white used"));
            base_color = [1.0; 4];
        }
        // the texture: the base colour's, else (VRM 0.x MToon) `_MainTex`
        let texture = match pbr.base_color_texture() {
            Some(t) if t.tex_coord() != 0 => {
                info.looks_dropped.push(format!(
                    "material {name:?}: base colour texture on TEXCOORD_{} (only 0 is read)",
                    t.tex_coord()
                ));
                None
            }
            Some(t) => Some(t.texture()),
            None => vrm0.get(&name).and_then(|&i| doc.textures().nth(i)),
        };
        let base_color_texture = texture.and_then(|t| self.image(t.source(), blob, &name, info));
        let (alpha_mode, alpha_cutoff) = match m.alpha_mode() {
            gltf::material::AlphaMode::Opaque => (AlphaMode::Opaque, 0.5),
            gltf::material::AlphaMode::Mask => (AlphaMode::Mask, m.alpha_cutoff().unwrap_or(0.5)),
            gltf::material::AlphaMode::Blend => (AlphaMode::Blend, 0.5),
        };
        let alpha_cutoff = if alpha_cutoff.is_finite() { alpha_cutoff } else { 0.5 };
        let i = self.list.len() as u32;
        self.list.push(SurfaceMaterial {
            name,
            base_color,
            base_color_texture,
            alpha_mode,
            alpha_cutoff,
            double_sided: m.double_sided(),
        });
        self.index.insert(m.index(), i);
        i
    }

    /// Our image for a glTF image: embedded PNG/JPEG bytes that decode; anything else is dropped (the
    /// material keeps its colour factor) and reported.
    fn image(
        &mut self,
        image: gltf::Image<'_>,
        blob: Option<&[u8]>,
        material: &str,
        info: &mut ImportInfo,
    ) -> Option<usize> {
        if let Some(&i) = self.image_index.get(&image.index()) {
            return i;
        }
        let bytes: Result<Vec<u8>, String> = match image.source() {
            gltf::image::Source::View { view, .. } => {
                let (start, len) = (view.offset(), view.length());
                match (view.buffer().source(), blob) {
                    (gltf::buffer::Source::Bin, Some(b))
                        if start.checked_add(len).is_some_and(|e| e <= b.len()) =>
                    {
                        Ok(b[start..start + len].to_vec())
                    }
                    _ => Err("its buffer view lies outside the binary chunk".into()),
                }
            }
            gltf::image::Source::Uri { uri, .. } => {
                Err(format!("it is an external or data URI ({} characters), not embedded", uri.len()))
            }
        };
        let ours = match bytes.and_then(TextureImage::from_encoded) {
            Ok(img) => {
                self.images.push(img);
                Some(self.images.len() - 1)
            }
            Err(e) => {
                info.looks_dropped.push(format!(
                    "image {} (material {material:?}): {e}; the material keeps its colour factor",
                    image.index()
                ));
                None
            }
        };
        self.image_index.insert(image.index(), ours);
        ours
    }

    /// The looks of the whole render mesh. Vertices of primitives without UVs get (0, 0); materials of such
    /// primitives lose their texture (reported).
    fn finish(
        mut self,
        uvs: Vec<Option<[f32; 2]>>,
        triangle_material: Vec<u32>,
        info: &mut ImportInfo,
    ) -> Looks {
        let any_uv = uvs.iter().any(Option::is_some);
        if !any_uv {
            for m in &mut self.list {
                if m.base_color_texture.take().is_some() {
                    info.looks_dropped.push(format!("material {:?}: a texture but no TEXCOORD_0", m.name));
                }
            }
        }
        let uv = if any_uv { uvs.iter().map(|t| t.unwrap_or([0.0, 0.0])).collect() } else { Vec::new() };
        info.materials = self.list.len();
        info.textures = self.images.len();
        // only a texture-less single default material: no looks at all
        let plain = self.list.len() == 1
            && self.list[0] == SurfaceMaterial { name: "default".into(), ..Default::default() };
        if plain && uv.is_empty() {
            return Looks::default();
        }
        Looks { uv, triangle_material, materials: self.list, images: self.images }
    }
}

/// Expressions (VRM 1.0 `expressions`, VRM 0.x `blendShapeMaster`) and the meta (VRM 0.x's turned into 1.0's
/// fields) from the glTF JSON. `blendshape(mesh, morph index)`: the rig's blendshape of that morph target.
fn vrm_expressions_and_meta(
    root: &serde_json::Value,
    node_mesh: &HashMap<usize, usize>,
    blendshape: &dyn Fn(usize, usize) -> Option<String>,
    info: &mut ImportInfo,
) -> (Vec<Expression>, Option<serde_json::Value>) {
    let ext = &root["extensions"];
    let mut out: Vec<Expression> = Vec::new();
    let mut add = |name: String,
                   preset: bool,
                   raw: Vec<(Option<usize>, Option<usize>, f64)>,
                   is_binary: bool,
                   info: &mut ImportInfo| {
        let mut binds: Vec<MorphBind> = Vec::new();
        for (mesh, index, weight) in raw {
            let shape = mesh.zip(index).and_then(|(m, i)| blendshape(m, i));
            match shape {
                Some(shape) if weight.is_finite() => {
                    let weight = weight.clamp(0.0, 1.0);
                    match binds.iter_mut().find(|b| b.blendshape == shape) {
                        Some(b) => b.weight = (b.weight + weight).min(1.0),
                        None => binds.push(MorphBind { blendshape: shape, weight }),
                    }
                }
                Some(_) => info.expressions_dropped.push(format!("{name}: a non-finite bind weight")),
                None => info.expressions_dropped.push(format!(
                    "{name}: a bind to mesh {mesh:?} morph {index:?}, which is not a morph target of a skinned mesh"
                )),
            }
        }
        if out.iter().any(|e| e.name == name) {
            info.expressions_dropped.push(format!("{name}: defined twice; the first is kept"));
            return;
        }
        info.expressions.push(name.clone());
        out.push(Expression { name, preset, binds, is_binary });
    };
    let num = |v: &serde_json::Value| v.as_u64().map(|x| x as usize);
    if let Some(vrm) = ext["VRMC_vrm"].as_object() {
        info.vrm_version = "1.0".into();
        for (group, preset) in [("preset", true), ("custom", false)] {
            let Some(map) = vrm.get("expressions").and_then(|e| e[group].as_object()) else { continue };
            for (name, e) in map {
                if preset && !PRESETS.contains(&name.as_str()) {
                    info.expressions_dropped.push(format!("{name}: not a VRM 1.0 preset"));
                    continue;
                }
                let raw = e["morphTargetBinds"]
                    .as_array()
                    .map(|b| {
                        b.iter()
                            .map(|b| {
                                let mesh = num(&b["node"]).and_then(|n| node_mesh.get(&n).copied());
                                (mesh, num(&b["index"]), b["weight"].as_f64().unwrap_or(f64::NAN))
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let others = ["materialColorBinds", "textureTransformBinds"]
                    .iter()
                    .filter(|k| e[**k].as_array().is_some_and(|a| !a.is_empty()))
                    .count();
                if others > 0 {
                    info.expressions_dropped
                        .push(format!("{name}: material colour / texture transform binds are not kept"));
                }
                add(name.clone(), preset, raw, e["isBinary"].as_bool().unwrap_or(false), info);
            }
        }
        return (out, vrm.get("meta").cloned());
    }
    if let Some(vrm) = ext["VRM"].as_object() {
        info.vrm_version = "0.x".into();
        if let Some(groups) = vrm.get("blendShapeMaster").and_then(|m| m["blendShapeGroups"].as_array()) {
            for g in groups {
                let own = g["name"].as_str().unwrap_or("").to_owned();
                let preset = g["presetName"].as_str().and_then(preset_from_vrm0);
                let name = preset.map(str::to_owned).unwrap_or(own);
                if name.is_empty() {
                    info.expressions_dropped.push("a 0.x blend shape group without a name or preset".into());
                    continue;
                }
                let raw = g["binds"]
                    .as_array()
                    .map(|b| {
                        b.iter()
                            .map(|b| {
                                (
                                    num(&b["mesh"]),
                                    num(&b["index"]),
                                    b["weight"].as_f64().unwrap_or(f64::NAN) / 100.0,
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                add(name, preset.is_some(), raw, g["isBinary"].as_bool().unwrap_or(false), info);
            }
        }
        let meta = vrm.get("meta").map(vrm0_meta_as_vrm1);
        return (out, meta);
    }
    (out, None)
}

/// VRM 0.x `meta` in VRM 1.0's fields (`title` → `name`, `author` → `authors`, the licence name → a URL, the
/// permissions `allowedUserName` / `violentUssageName` / `sexualUssageName` / `commercialUssageName` → their 1.0
/// fields, a Creative Commons licence → redistribution, modification and credit as it grants them); the 0.x
/// object is kept whole under `extras.vrm0`.
fn vrm0_meta_as_vrm1(m: &serde_json::Value) -> serde_json::Value {
    let s = |k: &str| m[k].as_str().filter(|v| !v.is_empty()).map(str::to_owned);
    let license = match m["licenseName"].as_str().unwrap_or("") {
        "CC0" => "https://creativecommons.org/publicdomain/zero/1.0/".to_owned(),
        "CC_BY" => "https://creativecommons.org/licenses/by/4.0/".to_owned(),
        "CC_BY_NC" => "https://creativecommons.org/licenses/by-nc/4.0/".to_owned(),
        "CC_BY_SA" => "https://creativecommons.org/licenses/by-sa/4.0/".to_owned(),
        "CC_BY_NC_SA" => "https://creativecommons.org/licenses/by-nc-sa/4.0/".to_owned(),
        "CC_BY_ND" => "https://creativecommons.org/licenses/by-nd/4.0/".to_owned(),
        "CC_BY_NC_ND" => "https://creativecommons.org/licenses/by-nc-nd/4.0/".to_owned(),
        _ => s("otherLicenseUrl").unwrap_or_else(|| "https://vrm.dev/licenses/1.0/".to_owned()),
    };
    let mut out = serde_json::json!({
        "name": s("title").unwrap_or_else(|| "avatar".into()),
        "authors": [s("author").unwrap_or_else(|| "unknown".into())],
        "licenseUrl": license,
        "extras": {"vrm0": m},
    });
    if let Some(v) = s("version") {
        out["version"] = v.into();
    }
    if let Some(v) = s("contactInformation") {
        out["contactInformation"] = v.into();
    }
    if let Some(v) = s("reference") {
        out["references"] = serde_json::json!([v]);
    }
    // the 0.x permissions in their 1.0 fields (an unknown or missing value leaves VRM 1.0's default)
    let permission = |k: &str, table: &[(&str, serde_json::Value)]| {
        let v = m[k].as_str()?;
        table.iter().find(|(from, _)| from.eq_ignore_ascii_case(v)).map(|(_, to)| to.clone())
    };
    let allow = [("Allow", true.into()), ("Disallow", false.into())];
    let fields = [
        (
            "avatarPermission",
            permission(
                "allowedUserName",
                &[
                    ("OnlyAuthor", "onlyAuthor".into()),
                    ("ExplicitlyLicensedPerson", "onlySeparatelyLicensedPerson".into()),
                    ("Everyone", "everyone".into()),
                ],
            ),
        ),
        ("allowExcessivelyViolentUsage", permission("violentUssageName", &allow)),
        ("allowExcessivelySexualUsage", permission("sexualUssageName", &allow)),
        (
            "commercialUsage",
            permission(
                "commercialUssageName",
                &[("Allow", "corporation".into()), ("Disallow", "personalNonProfit".into())],
            ),
        ),
    ];
    for (k, v) in fields {
        if let Some(v) = v {
            out[k] = v;
        }
    }
    // what a Creative Commons licence grants
    let cc = m["licenseName"].as_str().unwrap_or("");
    if cc.starts_with("CC") {
        out["allowRedistribution"] = true.into();
        out["modification"] =
            if cc.contains("ND") { "prohibited" } else { "allowModificationRedistribution" }.into();
        out["creditNotation"] = if cc == "CC0" { "unnecessary" } else { "required" }.into();
        if cc.contains("NC") {
            out["commercialUsage"] = "personalNonProfit".into();
        }
    }
    out
}

/// Triangles from an index list in a triangle mode, dropping degenerate ones (repeated indices).
fn assemble_triangles(mode: gltf::mesh::Mode, ix: &[u32]) -> Vec<[u32; 3]> {
    use gltf::mesh::Mode;
    let tris: Vec<[u32; 3]> = match mode {
        Mode::Triangles => ix.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect(),
        Mode::TriangleStrip => (2..ix.len())
            .map(|i| if i % 2 == 0 { [ix[i - 2], ix[i - 1], ix[i]] } else { [ix[i - 1], ix[i - 2], ix[i]] })
            .collect(),
        Mode::TriangleFan => (2..ix.len()).map(|i| [ix[0], ix[i - 1], ix[i]]).collect(),
        _ => Vec::new(),
    };
    tris.into_iter().filter(|t| t[0] != t[1] && t[1] != t[2] && t[0] != t[2]).collect()
}

/// VRM humanoid bone → node index, from the JSON chunk (VRM 1.0 `VRMC_vrm`, or VRM 0.x `VRM`).
fn vrm_humanoid(bytes: &[u8]) -> BTreeMap<String, usize> {
    let Ok(glb) = gltf::binary::Glb::from_slice(bytes) else { return BTreeMap::new() };
    let Ok(root) = serde_json::from_slice::<serde_json::Value>(&glb.json) else { return BTreeMap::new() };
    let ext = &root["extensions"];
    let mut out = BTreeMap::new();
    if let Some(bones) = ext["VRMC_vrm"]["humanoid"]["humanBones"].as_object() {
        for (human, v) in bones {
            if let Some(node) = v["node"].as_u64() {
                out.insert(human.clone(), node as usize);
            }
        }
    } else if let Some(bones) = ext["VRM"]["humanoid"]["humanBones"].as_array() {
        for v in bones {
            if let (Some(human), Some(node)) = (v["bone"].as_str(), v["node"].as_u64()) {
                out.insert(human.to_string(), node as usize);
            }
        }
    }
    out
}

/// The simulation mesh, the transferred rig, the precompute and the embedded render mesh.
pub fn build_asset(
    avatar: GltfAvatar,
    import: &ImportSettings,
    settings: &PrecomputeSettings,
    name: &str,
    key: &CacheKey,
    progress: ProgressFn,
) -> anyhow::Result<(Asset, serde_json::Value)> {
    let GltfAvatar { vertices, triangles, rig, mut info, looks, expressions, vrm_meta } = avatar;
    // the anatomical material's regions know a VRM's bones by its humanoid map
    let mut settings = settings.clone();
    if let MaterialSetting::Anatomical(a) = &mut settings.material {
        if a.humanoid.is_empty() {
            a.humanoid = info.humanoid.clone();
        }
    }
    let tri_usize: Vec<[usize; 3]> = triangles.iter().map(|t| t.map(|i| i as usize)).collect();
    // A thin model at a coarse resolution can leave fewer tet vertices than the rig's constraints and the
    // modes need: then the resolution doubles (up to 4x) and the build runs again.
    let mut resolution = import.resolution;
    let (voxels, sim, report) = loop {
        let voxel_settings = VoxelSettings { resolution, threshold: import.threshold };
        let voxels =
            voxel_tet_mesh(&vertices, &tri_usize, &voxel_settings).context("building the simulation mesh")?;
        // Rig transfer: each tet vertex takes the rig of its closest point on the render surface.
        let closest = closest_points(&vertices, &tri_usize, &voxels.mesh.vertices).context("rig transfer")?;
        let stencils: Vec<Stencil> = closest
            .iter()
            .map(|(t, b)| (0..3).map(|k| (tri_usize[*t][k], b[k].clamp(0.0, 1.0))).collect())
            .collect();
        let sim_rig = resample(&rig, &stencils).context("transferring the rig to the simulation mesh")?;
        match precompute(voxels.mesh.clone(), sim_rig, &settings, progress.clone()) {
            Ok((sim, report)) => break (voxels, sim, report),
            Err(PrecomputeError::Modes(e @ ModesError::TooManyModes { .. }))
                if 2 * resolution <= (4 * import.resolution).min(MAX_RESOLUTION) =>
            {
                tracing::warn!(resolution, error = %e, "simulation mesh too coarse; doubling the voxel resolution");
                resolution *= 2;
            }
            Err(e) => return Err(e.into()),
        }
    };
    let embedding = embed_points(&sim.mesh, &vertices).context("embedding the render mesh")?;
    let max_outside = embedding.max_outside();
    let render = RenderMesh::embedded(&sim, vertices, triangles, rig, embedding.tet, embedding.bary)
        .map_err(anyhow::Error::msg)
        .context("the render mesh")?;
    let humanoid = std::mem::take(&mut info.humanoid);
    let mut report = serde_json::to_value(&report)?;
    report["import"] = serde_json::to_value(&info)?;
    report["import"]["humanoid"] = serde_json::to_value(&humanoid)?;
    let bones = render.rig.bone_names();
    report["import"]["roles"] = serde_json::to_value(crate::rig::RoleReport::new(&bones, &humanoid))?;
    report["voxels"] = serde_json::json!({
        "resolution": resolution,
        "requested_resolution": import.resolution,
        "cell_size": voxels.cell_size,
        "cells": voxels.cells,
        "components": voxels.components,
        "render_vertex_max_outside": max_outside,
    });
    report["render_vertices"] = render.vertices.len().into();
    report["render_triangles"] = render.triangles.len().into();
    let (flesh, seconds) = crate::asset::build::flesh_parts(&sim);
    report["seconds"]["flesh"] = seconds.into();
    let source =
        Source { kind: "gltf".into(), name: name.into(), inputs_hash: key.0.clone(), humanoid, vrm_meta };
    Ok((Asset { sim, render, source, flesh: Some(flesh), looks, expressions }, report))
}

/// Part of the cache key: bumped whenever the importer reads a file differently (2: looks, expressions,
/// VRM 0.x turned to face +Z; 3: VRM 0.x permissions in the meta), so that an upgrade never serves an old
/// reading from the cache.
pub const IMPORTER_VERSION: &str = "3";

/// Import a .glb file, through the cache.
pub fn import(
    path: &Path,
    import: &ImportSettings,
    settings: &PrecomputeSettings,
    cache: Option<&Cache>,
    progress: ProgressFn,
) -> anyhow::Result<Built> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let import_json = serde_json::to_string(import)?;
    let settings_json = serde_json::to_string(settings)?;
    let key = CacheKey::new([
        ("importer", IMPORTER_VERSION.as_bytes()),
        ("glb", &bytes[..]),
        ("import", import_json.as_bytes()),
        ("settings", settings_json.as_bytes()),
    ]);
    let name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    cached(key, cache, |key| {
        let avatar = read_glb(&bytes)?;
        build_asset(avatar, import, settings, &name, key, progress)
    })
}
