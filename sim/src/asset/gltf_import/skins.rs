//! The glb's skinned mesh nodes and their skeleton: the union of the skins' joints, each bone's parent its
//! nearest ancestor node that is a joint, its bind transform the inverse of its inverse bind matrix; and the
//! LBS rig once the skin weights are read.

use super::{ImportError, ImportInfo};
use crate::rig::VertexWeights;
use crate::rig::{affine_inverse, Affine, Bone, LbsRig};
use std::collections::HashMap;

/// Parent of every node (a node has at most one parent in a valid glTF file).
pub(super) fn node_parents(doc: &gltf::Document) -> Vec<Option<usize>> {
    let mut parent: Vec<Option<usize>> = vec![None; doc.nodes().count()];
    for node in doc.nodes() {
        for child in node.children() {
            parent[child.index()] = Some(node.index());
        }
    }
    parent
}

/// The mesh nodes with a skin of the default scene (else the first; else every root node), in traversal
/// order; mesh nodes without a skin are listed in `info.skipped`.
pub(super) fn skinned_mesh_nodes<'a>(
    doc: &'a gltf::Document,
    parent: &[Option<usize>],
    info: &mut ImportInfo,
) -> Result<Vec<gltf::Node<'a>>, ImportError> {
    let scene = doc.default_scene().or_else(|| doc.scenes().next());
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
    Ok(skinned)
}

/// The skeleton: the union of the skins' joints, by node.
pub(super) struct Skeleton {
    pub bones: Vec<Bone>,
    /// Joint node → bone.
    pub bone_of_node: HashMap<usize, usize>,
    /// Bone → its joint node.
    pub bone_nodes: Vec<usize>,
}

impl Skeleton {
    /// The bones of the skins of `skinned` (names made unique, `joint<node>` when empty), a joint shared by
    /// two skins once (with the same bind pose in both), parents from the node tree.
    pub fn read(
        skinned: &[gltf::Node<'_>],
        parent: &[Option<usize>],
        blob: Option<&[u8]>,
    ) -> Result<Skeleton, ImportError> {
        let buffer = super::bin_chunk(blob);
        let mut bone_of_node: HashMap<usize, usize> = HashMap::new();
        let mut bones: Vec<Bone> = Vec::new();
        let mut bone_nodes: Vec<usize> = Vec::new();
        let mut used_names: HashMap<String, usize> = HashMap::new();
        for node in skinned {
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
                    ImportError::Invalid(format!(
                        "inverse bind matrix {j} of skin {} is singular",
                        skin.index()
                    ))
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
        Ok(Skeleton { bones, bone_of_node, bone_nodes })
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

/// The LBS rig: vertices without skin weight bound to the first root bone (counted), then every row
/// renormalised (the largest fix reported).
pub(super) fn lbs_rig(
    bones: Vec<Bone>,
    mut weight_rows: Vec<Vec<(u32, f64)>>,
    info: &mut ImportInfo,
) -> Result<LbsRig, ImportError> {
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
    Ok(lbs)
}

/// A primitive's skin weights (every `JOINTS_n` / `WEIGHTS_n` set), per vertex `(bone, weight)` with the
/// weights of one bone summed; `joint_bone` maps the skin's joints to bones.
pub(super) fn skin_weights<'a, 's, F>(
    reader: &gltf::mesh::Reader<'a, 's, F>,
    count: usize,
    joint_bone: &[usize],
    what: &str,
) -> Result<Vec<Vec<(u32, f64)>>, ImportError>
where
    F: Clone + Fn(gltf::Buffer<'a>) -> Option<&'s [u8]>,
{
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
                    ImportError::Invalid(format!("{what}: joint {j} past the skin's {}", joint_bone.len()))
                })?;
                match rows[v].iter_mut().find(|(b, _)| *b as usize == bone) {
                    Some(e) => e.1 += w,
                    None => rows[v].push((bone as u32, w)),
                }
            }
        }
        set += 1;
    }
    Ok(rows)
}
