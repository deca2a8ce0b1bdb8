//! The VRM extensions (`VRMC_vrm` 1.0, `VRM` 0.x) in the glTF JSON: VRM 0.x's facing, the humanoid bone map,
//! the expressions and the meta.

use super::morphs::{Blendshapes, MorphTargets};
use super::vrm0_meta::vrm0_meta_as_vrm1;
use super::ImportInfo;
use crate::asset::expressions::{preset_from_vrm0, Expression, MorphBind, PRESETS};
use crate::rig::{Bone, Rig, RigPart};
use std::collections::{BTreeMap, HashMap};

/// The glTF JSON chunk, parsed (`None` when unreadable: the gltf reader has accepted it, so only on a bug).
pub(super) fn glb_json(bytes: &[u8]) -> Option<serde_json::Value> {
    let glb = gltf::binary::Glb::from_slice(bytes).ok()?;
    serde_json::from_slice(&glb.json).ok()
}

/// VRM 0.x models face −Z (VRM 1.0 and glTF: +Z): turn them half a turn about +Y, a change of world
/// coordinates `x' = R x` (positions, morph deltas) under which each bind transform is conjugated
/// (`R · bind · R⁻¹`), so world-aligned bone frames stay world-aligned.
pub(super) fn turn_vrm0_to_face_z(
    json: Option<&serde_json::Value>,
    vertices: &mut [[f64; 3]],
    morphs: &mut MorphTargets,
    bones: &mut [Bone],
    info: &mut ImportInfo,
) {
    let vrm0 =
        json.is_some_and(|j| j["extensions"]["VRM"].is_object() && !j["extensions"]["VRMC_vrm"].is_object());
    if vrm0 {
        let turn = |v: &mut [f64; 3]| {
            v[0] = -v[0];
            v[2] = -v[2];
        };
        vertices.iter_mut().for_each(turn);
        morphs.targets.values_mut().flatten().for_each(|(_, d)| turn(d));
        let sign = [-1.0, 1.0, -1.0];
        for b in bones {
            for (r, row) in b.bind.iter_mut().enumerate() {
                for (c, x) in row.iter_mut().enumerate() {
                    // (R A R⁻¹)[r][c] = s_r A[r][c] s_c with R = diag(s); the translation column takes s_r
                    *x *= sign[r] * if c < 3 { sign[c] } else { 1.0 };
                }
            }
        }
        info.turned_to_face_z = true;
    }
}

/// `info.humanoid`: VRM humanoid bone → our bone name, for the humanoid bones on a joint node
/// (`bone_nodes`: the rig's bone → its node).
pub(super) fn humanoid(
    json: Option<&serde_json::Value>,
    rig: &Rig,
    bone_nodes: &[usize],
    info: &mut ImportInfo,
) {
    if let RigPart::Lbs(l) = &rig.parts()[0] {
        let name_of_node: HashMap<usize, &str> =
            bone_nodes.iter().enumerate().map(|(b, &n)| (n, l.bones()[b].name.as_str())).collect();
        info.humanoid = vrm_humanoid(json)
            .into_iter()
            .filter_map(|(human, node)| name_of_node.get(&node).map(|b| (human, b.to_string())))
            .collect();
    }
}

/// VRM humanoid bone → node index, from the JSON chunk (VRM 1.0 `VRMC_vrm`, or VRM 0.x `VRM`).
fn vrm_humanoid(json: Option<&serde_json::Value>) -> BTreeMap<String, usize> {
    let Some(root) = json else { return BTreeMap::new() };
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

/// The VRM expressions, their binds resolved to the blendshapes of `morphs`, and the meta (in VRM 1.0's form).
pub(super) fn expressions_and_meta(
    json: Option<&serde_json::Value>,
    doc: &gltf::Document,
    morphs: &MorphTargets,
    shapes: &Blendshapes,
    info: &mut ImportInfo,
) -> (Vec<Expression>, Option<serde_json::Value>) {
    let node_mesh: HashMap<usize, usize> =
        doc.nodes().filter_map(|n| n.mesh().map(|m| (n.index(), m.index()))).collect();
    let blendshape = |mesh: usize, index: usize| shapes.of_morph(morphs, mesh, index);
    match json {
        Some(root) => vrm_expressions_and_meta(root, &node_mesh, &blendshape, info),
        None => (Vec::new(), None),
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
