//! The render mesh from the skinned mesh nodes' primitives: vertices as stored (no welding), triangles of
//! every triangle mode, and per vertex the skin weights, morph target deltas and UVs; POINTS and LINES
//! primitives are skipped and listed.

use super::looks::LooksReader;
use super::morphs::{MeshNames, MorphTargets};
use super::skins::skin_weights;
use super::{ImportError, ImportInfo};
use std::collections::HashMap;

/// The render mesh's geometry and per-vertex rig data, as read.
#[derive(Default)]
pub(super) struct Geometry {
    pub vertices: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
    /// Per vertex `(bone, weight)`, not yet normalised.
    pub weight_rows: Vec<Vec<(u32, f64)>>,
    pub morphs: MorphTargets,
}

/// Every triangle primitive of the skinned mesh nodes (`bone_of_node`: joint node → bone). Primitives of one mesh node that share every vertex
/// accessor (the VRM / glTF export writes one per material) share their vertices.
pub(super) fn read_primitives(
    skinned: &[gltf::Node<'_>],
    bone_of_node: &HashMap<usize, usize>,
    blob: Option<&[u8]>,
    looks: &mut LooksReader<'_>,
    info: &mut ImportInfo,
) -> Result<Geometry, ImportError> {
    let buffer = super::bin_chunk(blob);
    let mut g = Geometry::default();
    let mut shared_vertices: HashMap<(usize, Vec<(String, usize)>), usize> = HashMap::new();
    for node in skinned {
        let skin = node.skin().expect("filtered");
        let joint_bone: Vec<usize> = skin.joints().map(|j| bone_of_node[&j.index()]).collect();
        let mesh = node.mesh().expect("mesh node");
        let names = MeshNames::of(&mesh);
        for prim in mesh.primitives() {
            use gltf::mesh::Mode;
            let what = format!("mesh {:?} primitive {}", names.name, prim.index());
            let mode = prim.mode();
            if !matches!(mode, Mode::Triangles | Mode::TriangleStrip | Mode::TriangleFan) {
                info.skipped.push(format!("{what}: mode {mode:?} has no triangles"));
                continue;
            }
            let reader = prim.reader(buffer);
            let (positions, tris) = positions_and_triangles(&prim, &reader, &what)?;
            let count = positions.len();
            if tris.is_empty() {
                info.skipped.push(format!("{what}: no triangles"));
                continue;
            }
            info.primitives += 1;
            // Primitives of one mesh node sharing every vertex accessor (our export writes one per
            // material) share their vertices: only their triangles and material are new.
            let key = (node.index(), vertex_accessors(&prim));
            if let Some(&base) = shared_vertices.get(&key) {
                g.triangles.extend(tris.iter().map(|t| t.map(|i| (base + i as usize) as u32)));
                looks.material(prim.material(), tris.len(), info);
                continue;
            }
            let base = g.vertices.len();
            shared_vertices.insert(key, base);
            g.vertices.extend(positions.iter().map(|p| p.map(f64::from)));
            g.triangles.extend(tris.iter().map(|t| t.map(|i| (base + i as usize) as u32)));
            // Looks: texture coordinates (set 0) and the primitive's material.
            looks.uvs(&reader, count, &what)?;
            looks.material(prim.material(), tris.len(), info);
            g.weight_rows.extend(skin_weights(&reader, count, &joint_bone, &what)?);
            g.morphs.read(&reader, &names, count, base, &what)?;
        }
    }
    if g.triangles.is_empty() {
        let why =
            if info.skipped.is_empty() { String::new() } else { format!(" ({})", info.skipped.join("; ")) };
        return Err(ImportError::NoTriangles(why));
    }
    Ok(g)
}

type PositionsAndTriangles = (Vec<[f32; 3]>, Vec<[u32; 3]>);

/// A triangle primitive's positions (checked finite) and its triangles (indices checked in range).
fn positions_and_triangles<'a, 's, F>(
    prim: &gltf::Primitive<'_>,
    reader: &gltf::mesh::Reader<'a, 's, F>,
    what: &str,
) -> Result<PositionsAndTriangles, ImportError>
where
    F: Clone + Fn(gltf::Buffer<'a>) -> Option<&'s [u8]>,
{
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
    Ok((positions, assemble_triangles(prim.mode(), &indices)))
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
