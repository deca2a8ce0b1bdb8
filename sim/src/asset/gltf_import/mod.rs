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
//!
//! # Layout
//! [`read_glb`] runs the stages in order:
//! - `skins`: the skinned mesh nodes of the scene, the skeleton from their skins, the skin weights and the
//!   LBS rig.
//! - `primitives`: the render mesh from the primitives (vertices, triangles), with per vertex its weights,
//!   morph deltas and looks.
//! - `morphs`: morph targets and their names → blendshapes (MediaPipe's names).
//! - `looks`: UVs, materials and images.
//! - `vrm`: the VRM extensions: VRM 0.x turned to face +Z, the humanoid bone map, expressions and meta
//!   (`vrm0_meta`: a VRM 0.x meta in VRM 1.0's fields).
//! - `springs`: the spring bones (`VRMC_springBone` 1.0, `secondaryAnimation` 0.x) into a [`SpringModel`].
//! - `detached`: the render geometry on spring bones (hair cards, skirts), kept out of the flesh.
//!
//! [`build_asset`] (`sim_mesh`) then builds the simulation mesh and the asset; [`import`] does both through
//! the cache.

mod detached;
mod looks;
mod morphs;
mod mtoon;
mod primitives;
mod sim_mesh;
mod skins;
mod springs;
mod vrm;
mod vrm0_meta;

pub use sim_mesh::build_asset;

use crate::asset::build::{cached, Built};
use crate::asset::cache::{Cache, CacheKey};
use crate::asset::expressions::Expression;
use crate::asset::looks::Looks;
use crate::geometry::voxelize::VoxelSettings;
use crate::precompute::{PrecomputeSettings, ProgressFn};
use crate::rig::{Rig, RigPart};
use crate::spring::SpringModel;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
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

impl ImportSettings {
    /// The precompute settings of an imported avatar (`avatard import`, the demo's spring-bone avatar): 32
    /// modes and [`ImportSettings::anatomy`]. An import's simulation mesh is coarse (24 cells along its height),
    /// and at 16 modes its torso moves a third to a half as much as the default avatar's under the same jumps;
    /// at 32 it reaches the same bands (`avatard bench jiggle --asset`, `docs/subspaces/issue35.md`). The step
    /// costs what the default avatar's does at 32 modes: the step does not depend on the mesh.
    pub fn precompute() -> PrecomputeSettings {
        PrecomputeSettings {
            modes: 32,
            material: crate::precompute::MaterialSetting::Anatomical(Self::anatomy()),
            ..PrecomputeSettings::default()
        }
    }

    /// What a user's import gets (`avatard import`, `avatard live me.vrm`): [`ImportSettings::precompute`]
    /// with the held part of the flesh ([`crate::held`]: about a minute more, once, cached). The library's
    /// default ([`ImportSettings::precompute`]) leaves it out, for the demo and the tests that import quickly.
    pub fn precompute_held() -> PrecomputeSettings {
        PrecomputeSettings { held: Some(crate::reduced::held::HeldSettings::default()), ..Self::precompute() }
    }

    /// An import's anatomy: the default avatar's (rigid skull and hands, firm calves), with the feet rigid as
    /// well. A foot is a few cells of an import's mesh, too coarse for the default avatar's firm-but-soft foot
    /// to stay still on a landing (4.2 mm on the Anny VRM at 32 modes; goal ≤ 3).
    pub fn anatomy() -> crate::anatomy::AnatomySettings {
        let mut a = crate::asset::default_avatar::anatomy();
        for o in &mut a.overrides {
            if o.rigid {
                o.regions.push("feet".into());
            } else {
                o.regions.retain(|r| r != "feet");
            }
        }
        a
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
    /// Spring bones: the extension read (empty: none), the chains (name and joint count), joints and
    /// colliders, parameters clamped into range, and what was left out (with the reason).
    pub springs_version: String,
    pub spring_chains: Vec<String>,
    pub spring_joints: usize,
    pub spring_colliders: usize,
    pub springs_clamped: usize,
    pub springs_dropped: Vec<String>,
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
    /// Spring bones (hair, skirts), empty without them.
    pub springs: SpringModel,
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

/// The binary chunk as the data of every buffer (a file with another buffer is refused before reading).
fn bin_chunk<'s>(blob: Option<&'s [u8]>) -> impl Fn(gltf::Buffer<'_>) -> Option<&'s [u8]> + Copy {
    move |b: gltf::Buffer<'_>| match b.source() {
        gltf::buffer::Source::Bin => blob,
        gltf::buffer::Source::Uri(_) => None,
    }
}

/// The stages of [`read_glb`], in order.
fn read_glb_inner(bytes: &[u8]) -> Result<GltfAvatar, ImportError> {
    let gltf = gltf::Gltf::from_slice(bytes).map_err(|e| ImportError::Parse(e.to_string()))?;
    if gltf.buffers().any(|b| matches!(b.source(), gltf::buffer::Source::Uri(_))) {
        return Err(ImportError::NoBinary);
    }
    let (doc, blob) = (&gltf.document, gltf.blob.as_deref());
    let json = vrm::glb_json(bytes);
    let mut info = ImportInfo::default();
    // The skinned mesh nodes and the skeleton of their skins.
    let parent = skins::node_parents(doc);
    let skinned = skins::skinned_mesh_nodes(doc, &parent, &mut info)?;
    let skins::Skeleton { mut bones, bone_nodes, bone_of_node } =
        skins::Skeleton::read(&skinned, &parent, blob)?;
    info.bones = bones.len();
    // Geometry, weights, morph targets and looks.
    let mut looks = looks::LooksReader::new(doc, blob, json.as_ref());
    let primitives::Geometry { mut vertices, triangles, weight_rows, mut morphs } =
        primitives::read_primitives(&skinned, &bone_of_node, blob, &mut looks, &mut info)?;
    vrm::turn_vrm0_to_face_z(json.as_ref(), &mut vertices, &mut morphs, &mut bones, &mut info);
    // The rig: skin, then blendshapes.
    let mut parts = vec![RigPart::Lbs(skins::lbs_rig(bones, weight_rows, &mut info)?)];
    let mut shapes = morphs.blendshapes(vertices.len(), &mut info)?;
    parts.extend(shapes.rig.take().map(RigPart::Blendshapes));
    let rig = Rig::new(parts).map_err(|e| ImportError::Invalid(format!("rig: {e}")))?;
    rig.check_vertices(vertices.len()).map_err(|e| ImportError::Invalid(format!("rig: {e}")))?;
    vrm::humanoid(json.as_ref(), &rig, &bone_nodes, &mut info);
    let RigPart::Lbs(skeleton) = &rig.parts()[0] else { unreachable!("the first part is the skin") };
    let spring_inputs = springs::SpringInputs {
        bones: skeleton.bones(),
        bone_of_node: &bone_of_node,
        node_parent: &parent,
        doc,
        turned: info.turned_to_face_z,
    };
    let springs = springs::read_springs(json.as_ref(), &spring_inputs, &mut info)?;
    let looks = looks.finish(&mut info);
    let (expressions, vrm_meta) = vrm::expressions_and_meta(json.as_ref(), doc, &morphs, &shapes, &mut info);
    Ok(GltfAvatar { vertices, triangles, rig, info, looks, expressions, vrm_meta, springs })
}

/// Part of the cache key: bumped whenever the importer reads a file differently (2: looks, expressions,
/// VRM 0.x turned to face +Z; 3: VRM 0.x permissions in the meta; 4: spring bones; 5: geometry on spring bones
/// left out of the flesh; 6: spring parameters as given, a zero `gravityDir` no gravity; 7: MToon kept, VRM 0.x
/// materials converted as three-vrm does), so that an upgrade
/// never serves an old reading from the cache.
pub const IMPORTER_VERSION: &str = "7";

/// The cache key of an import: the importer's version, the file, the import and precompute settings, and
/// whether this build reads images (`reads_images`: the `images` feature). A build without it leaves every
/// texture out, so its asset must not be served to one that draws them: the runtime library builds avatar-sim
/// without images, and a VRM imported by it (a test, an embedding engine) into the shared cache once made the
/// demo draw its spring-bone avatar untextured.
pub fn import_key(
    glb: &[u8],
    import: &ImportSettings,
    settings: &PrecomputeSettings,
    reads_images: bool,
) -> anyhow::Result<CacheKey> {
    let import_json = serde_json::to_string(import)?;
    let settings_json = serde_json::to_string(settings)?;
    let images: &[u8] = if reads_images { b"read" } else { b"left out" };
    Ok(CacheKey::new([
        ("importer", IMPORTER_VERSION.as_bytes()),
        ("glb", glb),
        ("import", import_json.as_bytes()),
        ("settings", settings_json.as_bytes()),
        ("images", images),
    ]))
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
    let key = import_key(&bytes, import, settings, cfg!(feature = "images"))?;
    let name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    cached(key, cache, |key| {
        let avatar = read_glb(&bytes)?;
        build_asset(avatar, import, settings, &name, key, progress)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A build that leaves the textures out keys its imports apart from one that reads them (each key is stable
    /// and follows the file).
    #[test]
    fn an_import_without_images_has_a_cache_key_of_its_own() {
        let (import, settings) = (ImportSettings::default(), ImportSettings::precompute());
        let key = |glb: &[u8], images| import_key(glb, &import, &settings, images).unwrap();
        assert_eq!(key(b"glb", true), key(b"glb", true));
        assert_ne!(key(b"glb", true), key(b"glb", false));
        assert_ne!(key(b"glb", true), key(b"glb!", true));
    }
}
