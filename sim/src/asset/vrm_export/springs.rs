//! The spring bones of a VRM export: the asset's [`SpringModel`] as `VRMC_springBone` 1.0, what
//! `gltf_import::springs` reads back into the same model.
//!
//! # What it writes
//! - `colliders`: one per collider, `node` = its bone's joint node, `shape` in that node's frame (our
//!   collider frames are the bones' bind frames, which are the joint nodes' frames). A sphere or capsule is a
//!   basic shape. An inside sphere or capsule and a plane go in the collider's
//!   `extensions.VRMC_springBone_extended_collider` (`specVersion` "1.0", the plane's normal normalised as
//!   that spec requires) with the basic shape that spec recommends as the fallback for readers without it:
//!   for an inside shape a sphere of radius 0 at `[0, -10000, 0]` (no effect), for a plane a sphere of radius
//!   1000 just behind it (centre `offset - 1000 · normal`, a plane to within 0.1 mm near the offset).
//! - `colliderGroups`: `name` (when not empty) and `colliders`. A group without colliders is left out (the
//!   schema asks for one or more; it collides with nothing) and the springs' group indices are renumbered.
//! - `springs`: `name`, `joints`, `colliderGroups` (when any), `center` (the centre bone's node). Each joint
//!   is `{node, stiffness, gravityPower, gravityDir, dragForce, hitRadius}`; a cone limit goes in the draft
//!   `VRMC_springBone_limit` (`specVersion` "1.0-draft", `limit.cone.angle`, the default orientation) on
//!   the joint, as our importer reads it. The chain's tail is the last joint, `{node}` only (its parameters
//!   are not used, VRM 1.0's "the joint at the end is only a tail").
//! - A [`ChainTail::Point`] (a leaf bone's tail that is no bone, as VRM 0.x imports make: 7 cm beyond the
//!   leaf) becomes a new empty node `<leaf>_spring_tail`, a child of the leaf's joint node with the point as
//!   its `translation` in the leaf's frame; it is the spring's last joint. VRM 1.0 names exactly this ("add a
//!   node to the end; the node can be empty"), three-vrm and UniVRM take it as the tail, and our importer
//!   reads a last joint that is no skin joint as a point tail at its rest position: the same point.
//! - `gravityDir` is in world space in VRM 1.0. The file's world is the asset's frame, or the asset's frame
//!   turned 180° about +Y when the exporter puts the skeleton under its `vrm_face_plus_z` node (`turned`):
//!   then x and z of `gravityDir` are negated so that gravity pulls the same way relative to the avatar.
//!   Everything else is in the joint nodes' own frames, which the turn does not change. (Our importer reads
//!   `gravityDir` as it is, so a turned file's sideways gravity comes back turned; straight-down gravity, the
//!   usual one, is the same either way.)
//! - `gravityDir` is written as the model holds it, not normalised (a zero one stays zero: no gravity), as
//!   our importer and the VRM tools read it.
//!
//! The model is checked against the rig first ([`SpringModel::validate_for`]); a bone the rig does not have,
//! a broken chain or a non-finite number is an [`ExportError::Vrm`], never a panic.

use crate::asset::gltf_export::ExportError;
use crate::rig::{affine_inverse, Affine, RigPart};
use crate::spring::{ChainTail, ColliderShape, SpringModel};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The extension's name.
pub(super) const SPRING_BONE: &str = "VRMC_springBone";
/// The extended collider extension's name.
pub(super) const EXTENDED_COLLIDER: &str = "VRMC_springBone_extended_collider";
/// The draft angle-limit extension's name.
pub(super) const LIMIT: &str = "VRMC_springBone_limit";

/// The radius of a plane's fallback sphere (the extended collider spec's example: 0.1 mm in f32).
const PLANE_FALLBACK_RADIUS: f64 = 1000.0;

/// `VRMC_springBone` and the names of the extensions it uses (for `extensionsUsed`, the spring bone's own
/// first).
pub(super) struct Written {
    pub extension: Value,
    pub used: Vec<&'static str>,
}

/// The spring model of the asset as `VRMC_springBone` (see the module doc), adding the point tails' nodes
/// to `root["nodes"]`. `None` when the model has no chains and no colliders. `bone_names[i]` is the bone of
/// node `i` (the glTF export's joint nodes); `rig` is the asset's render rig, whose bones the model names.
pub(super) fn write_springs(
    model: &SpringModel,
    rig: &crate::rig::Rig,
    root: &mut Value,
    bone_names: &[String],
    turned: bool,
) -> Result<Option<Written>, ExportError> {
    if model.chains.is_empty() && model.colliders.is_empty() {
        return Ok(None);
    }
    let bad = |what: String| ExportError::Vrm(format!("spring bones: {what}"));
    model.validate_for(rig).map_err(|e| bad(e.to_string()))?;
    let node_of: HashMap<&str, usize> =
        bone_names.iter().enumerate().rev().map(|(i, b)| (b.as_str(), i)).collect();
    let node =
        |bone: &str| node_of.get(bone).copied().ok_or_else(|| bad(format!("bone {bone:?} has no node")));
    let bind_of: HashMap<&str, &Affine> = rig
        .parts()
        .iter()
        .filter_map(|p| match p {
            RigPart::Lbs(l) => Some(l.bones().iter().map(|b| (b.name.as_str(), &b.bind))),
            _ => None,
        })
        .flatten()
        .collect();
    let mut used = vec![SPRING_BONE];
    let mut use_ext = |name: &'static str| {
        if !used.contains(&name) {
            used.push(name);
        }
    };

    let mut colliders = Vec::with_capacity(model.colliders.len());
    for c in &model.colliders {
        let (basic, extended) = shapes(&c.shape);
        let mut out = json!({"node": node(&c.bone)?, "shape": basic});
        if let Some(shape) = extended {
            out["extensions"] = json!({EXTENDED_COLLIDER: {"specVersion": "1.0", "shape": shape}});
            use_ext(EXTENDED_COLLIDER);
        }
        colliders.push(out);
    }

    // groups without colliders are left out: old index → new
    let mut group_index = vec![None; model.collider_groups.len()];
    let mut groups = Vec::new();
    for (i, g) in model.collider_groups.iter().enumerate() {
        if g.colliders.is_empty() {
            continue;
        }
        let mut out = json!({"colliders": g.colliders});
        if !g.name.is_empty() {
            out["name"] = g.name.clone().into();
        }
        group_index[i] = Some(groups.len());
        groups.push(out);
    }

    let mut springs = Vec::with_capacity(model.chains.len());
    for chain in &model.chains {
        let mut joints = Vec::with_capacity(chain.joints.len() + 1);
        for j in &chain.joints {
            let p = &j.params;
            let g = p.gravity_dir;
            let g = if turned { [-g[0], g[1], -g[2]] } else { g };
            let mut out = json!({
                "node": node(&j.bone)?,
                "stiffness": p.stiffness,
                "gravityPower": p.gravity_power,
                "gravityDir": g,
                "dragForce": p.drag_force,
                "hitRadius": p.hit_radius,
            });
            if let Some(angle) = p.cone_limit {
                out["extensions"] =
                    json!({LIMIT: {"specVersion": "1.0-draft", "limit": {"cone": {"angle": angle}}}});
                use_ext(LIMIT);
            }
            joints.push(out);
        }
        let last =
            &chain.joints.last().ok_or_else(|| bad(format!("chain {:?} has no joints", chain.name)))?.bone;
        let tail = match &chain.tail {
            ChainTail::Bone(b) => node(b)?,
            ChainTail::Point(p) => {
                let bind =
                    bind_of.get(last.as_str()).ok_or_else(|| bad(format!("bone {last:?} has no bind")))?;
                let inv = affine_inverse(bind).ok_or_else(|| bad(format!("bone {last:?}: singular bind")))?;
                let local: [f64; 3] =
                    std::array::from_fn(|r| (0..3).map(|k| inv[r][k] * p[k]).sum::<f64>() + inv[r][3]);
                add_child(
                    root,
                    node(last)?,
                    json!({"name": format!("{last}_spring_tail"), "translation": local}),
                )
                .ok_or_else(|| bad(format!("bone {last:?}: its node is not in the document")))?
            }
        };
        joints.push(json!({"node": tail}));
        let mut out = json!({"name": chain.name, "joints": joints});
        let used_groups: Vec<usize> = chain.collider_groups.iter().filter_map(|&g| group_index[g]).collect();
        if !used_groups.is_empty() {
            out["colliderGroups"] = json!(used_groups);
        }
        if let Some(center) = &chain.center {
            out["center"] = node(center)?.into();
        }
        springs.push(out);
    }

    let mut extension = Map::new();
    extension.insert("specVersion".into(), "1.0".into());
    for (key, list) in [("colliders", colliders), ("colliderGroups", groups), ("springs", springs)] {
        if !list.is_empty() {
            extension.insert(key.into(), list.into());
        }
    }
    Ok(Some(Written { extension: Value::Object(extension), used }))
}

/// A shape's basic `VRMC_springBone` form and, for the extended collider's shapes, that extension's
/// `shape` (the basic form then being the recommended fallback).
fn shapes(shape: &ColliderShape) -> (Value, Option<Value>) {
    match *shape {
        ColliderShape::Sphere { offset, radius, inside: false } => {
            (json!({"sphere": {"offset": offset, "radius": radius}}), None)
        }
        ColliderShape::Capsule { offset, tail, radius, inside: false } => {
            (json!({"capsule": {"offset": offset, "tail": tail, "radius": radius}}), None)
        }
        ColliderShape::Sphere { offset, radius, inside: true } => {
            (ineffective(), Some(json!({"sphere": {"offset": offset, "radius": radius, "inside": true}})))
        }
        ColliderShape::Capsule { offset, tail, radius, inside: true } => (
            ineffective(),
            Some(json!({"capsule": {"offset": offset, "tail": tail, "radius": radius, "inside": true}})),
        ),
        ColliderShape::Plane { offset, normal } => {
            let n = unit_or(normal, [0.0, 0.0, 1.0]);
            let centre: [f64; 3] = std::array::from_fn(|i| offset[i] - PLANE_FALLBACK_RADIUS * n[i]);
            (
                json!({"sphere": {"offset": centre, "radius": PLANE_FALLBACK_RADIUS}}),
                Some(json!({"plane": {"offset": offset, "normal": n}})),
            )
        }
    }
}

/// The extended collider spec's fallback that touches nothing: a point far below.
fn ineffective() -> Value {
    json!({"sphere": {"offset": [0.0, -10000.0, 0.0], "radius": 0.0}})
}

fn unit_or(v: [f64; 3], default: [f64; 3]) -> [f64; 3] {
    let n = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if n.is_finite() && n > 1e-12 {
        v.map(|x| x / n)
    } else {
        default
    }
}

/// Append `child` to the nodes as a child of `parent`; its index (`None` without such a parent).
fn add_child(root: &mut Value, parent: usize, child: Value) -> Option<usize> {
    let nodes = root["nodes"].as_array_mut()?;
    let index = nodes.len();
    let p = nodes.get_mut(parent)?.as_object_mut()?;
    match p.entry("children").or_insert_with(|| json!([])).as_array_mut() {
        Some(children) => children.push(index.into()),
        None => return None,
    }
    nodes.push(child);
    Some(index)
}
