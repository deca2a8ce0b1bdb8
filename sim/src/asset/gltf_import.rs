//! `avatard import model.glb`: a glTF 2.0 / VRM binary file → an avatar asset.
//!
//! # What is read
//! - **Render mesh**: every triangle primitive (modes TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN) of every mesh
//!   node with a skin in the default scene (else the first), vertices as stored (no welding: seams stay
//!   split, as the renderer needs them). A skinned vertex is in the skin's bind space (the mesh node's own
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
use crate::asset::file::{Asset, Source};
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
}

/// The render mesh and its rig, as read from the file.
#[derive(Clone, Debug)]
pub struct GltfAvatar {
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
    pub rig: Rig,
    pub info: ImportInfo,
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
            let base = vertices.len();
            vertices.extend(positions.iter().map(|p| p.map(f64::from)));
            triangles.extend(tris.iter().map(|t| t.map(|i| (base + i as usize) as u32)));
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
    Ok(GltfAvatar { vertices, triangles, rig, info })
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
    let GltfAvatar { vertices, triangles, rig, mut info } = avatar;
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
    let source = Source { kind: "gltf".into(), name: name.into(), inputs_hash: key.0.clone(), humanoid };
    Ok((Asset { sim, render, source, flesh: Some(flesh) }, report))
}

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
