//! `avatard export ASSET --vrm out.vrm`: the asset as a **VRM 1.0** avatar (`VRMC_vrm`, spec version 1.0), a
//! `.glb` that VRM applications (three-vrm, UniVRM, VSeeFace, …) load as a humanoid with its face expressions.
//!
//! # What the file holds
//! Everything the glTF export writes ([`crate::asset::gltf_export`]: mesh, skin with every weight, morph
//! targets with `extras.targetNames`, mode weights as `_MODE_WEIGHTS_n`, `asset.extras.avatard`, the looks:
//! `TEXCOORD_0`, one primitive per material, base-colour materials, textures, images), plus:
//! - `extensionsUsed: ["VRMC_vrm"]` (then the spring bones' extensions when the asset has springs) and
//!   `extensions.VRMC_vrm = {specVersion: "1.0", meta, humanoid, expressions}`.
//! - **humanoid**: `humanBones.<role>.node` for each role of [`avatar_roles`] (the asset's VRM humanoid map,
//!   then the name rules of its skeleton family), only VRM 1.0 role names (VRM 0.x thumb names are renamed:
//!   `ThumbProximal` → `ThumbMetacarpal`, `ThumbIntermediate` → `ThumbProximal`). The export is refused when
//!   a [`REQUIRED`] role has no bone, when one bone would be two roles (the spec: humanoid bones are unique)
//!   or when a role's bone is not below the `hips` bone.
//! - **joint transforms** as `translation` / `rotation` / `scale` instead of the glTF export's `matrix`
//!   (humanoid bones are what VRM runtimes animate, and glTF forbids `matrix` on animated nodes). VRM 1.0
//!   requires every node's scale to be positive and uniform (T-pose definition 2.1); a bind whose local
//!   transform is not a rotation times a positive uniform scale is refused.
//! - **meta**: the asset's `source.vrm_meta` (imported from a VRM; 0.x meta was turned into 1.0 fields on
//!   import) with only the fields VRM 1.0 meta defines and of the right type (`thumbnailImage` is dropped:
//!   images are not kept by index); `name` and a non-empty `authors` are required, else the default's are
//!   used. VRM 1.0 accepts only the VRM Public License URL `https://vrm.dev/licenses/1.0/` as `licenseUrl`
//!   (three-vrm refuses others); another URL found there (a 0.x CC licence) moves to `otherLicenseUrl`
//!   unless that is set. Without a VRM meta: `{name: <source name>, authors: ["avatard export"],
//!   licenseUrl: "https://vrm.dev/licenses/1.0/"}` (the VRM licence's defaults: only the author may use it
//!   as an avatar, no redistribution).
//! - **expressions**: each of the asset's [`Expression`]s under `preset` or `custom`, `morphTargetBinds`
//!   `{node: <the mesh node>, index: <morph target of the blendshape>, weight}`, `isBinary`, and
//!   `overrideBlink` / `overrideLookAt` / `overrideMouth` = `"none"` (the asset keeps no override; three-vrm
//!   reads all three).
//! - **spring bones**: the asset's spring model as `VRMC_springBone` 1.0 (spheres and capsules; inside
//!   shapes and planes through `VRMC_springBone_extended_collider` 1.0 with the recommended fallback shape;
//!   collider groups; springs with their joints' parameters, the tail as the last joint, `center`; cone
//!   limits in the draft `VRMC_springBone_limit`), each extension in `extensionsUsed`; a leaf's point tail
//!   becomes an empty child node. See `vrm_export/springs.rs` for the details (frames, `gravityDir` under
//!   the +Z turn, what is renumbered).
//!
//! # Pose and facing
//! VRM 1.0 models face **+Z** with +Y up (the character's left hand at +X). The default avatar, glTF and
//! VRM 1.0 imports face +Z, and the importer turns VRM 0.x files (which face -Z) to +Z, so assets are
//! written as they are. An asset that faces -Z anyway (a glTF authored that way): when the bind pose has the
//! left hand on the -X side of the right hand, the skeleton is put under one extra root node
//! `vrm_face_plus_z` turning it 180° about +Y, so that the skinned mesh faces +Z in the file while vertices,
//! bind matrices and morph targets stay in the asset's frame (the daemon's `p` and `z` still apply in that
//! frame, below the turn; our importer, which reads the mesh in bind space, gets the asset's frame back). VRM 1.0 also asks for the **T-pose** as rest pose (arms along ±X). The export
//! writes the bind pose as it is: an avatar bound in A-pose stays in A-pose (not re-posed; re-posing would
//! have to move the rest mesh, the bind matrices and the mode weights' rest frame together). Loaders that
//! normalise the humanoid (three-vrm's normalized human bones, UniVRM's) take the rest pose as each bone's
//! identity, so such a file loads and its expressions work, but a pose authored for a T-pose rest lifts
//! the arms by the A angle too little. Avatars bound in T-pose are spec-conform.
//!
//! Not written: `lookAt`, `firstPerson`, MToon materials (plain glTF materials are valid VRM 1.0
//! materials), thumbnails.

use crate::asset::expressions::PRESETS;
use crate::asset::file::{Asset, AssetHash};
use crate::asset::gltf_export::{document, ExportError};
use crate::rig::roles::{avatar_roles, REQUIRED};
use crate::rig::RigPart;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

mod springs;

/// The VRM Public License 1.0: the only `meta.licenseUrl` VRM 1.0 accepts.
pub const VRM_LICENSE_URL: &str = "https://vrm.dev/licenses/1.0/";

/// The .vrm (VRM 1.0 glb) bytes of an asset.
pub fn to_vrm(asset: &Asset, hash: &AssetHash) -> Result<Vec<u8>, ExportError> {
    let mut doc = document(asset, hash)?;
    let humanoid = human_bones(&doc.bone_names, &doc.json["nodes"], &asset.source.humanoid)?;
    for (b, name) in doc.bone_names.iter().enumerate() {
        let node = &mut doc.json["nodes"][b];
        let trs = trs(&node["matrix"]).map_err(|e| ExportError::Vrm(format!("bone {name:?}: {e}")))?;
        let node = node.as_object_mut().expect("a node object");
        node.remove("matrix");
        node.extend(trs);
    }
    let turned = faces_minus_z(asset, &humanoid);
    if turned {
        turn_to_plus_z(&mut doc.json, doc.mesh_node);
    }
    let spring_bones =
        springs::write_springs(&asset.springs, &asset.render.rig, &mut doc.json, &doc.bone_names, turned)?;
    let mut preset = Map::new();
    let mut custom = Map::new();
    for e in &asset.expressions {
        let binds = e
            .binds
            .iter()
            .map(|b| {
                let index = doc.target_names.iter().position(|t| *t == b.blendshape).ok_or_else(|| {
                    ExportError::Vrm(format!(
                        "expression {:?} binds a missing blendshape {:?}",
                        e.name, b.blendshape
                    ))
                })?;
                Ok(json!({"node": doc.mesh_node, "index": index, "weight": b.weight}))
            })
            .collect::<Result<Vec<_>, ExportError>>()?;
        let out = json!({
            "morphTargetBinds": binds,
            "isBinary": e.is_binary,
            "overrideBlink": "none",
            "overrideLookAt": "none",
            "overrideMouth": "none",
        });
        let is_preset = PRESETS.contains(&e.name.as_str());
        if e.preset != is_preset {
            return Err(ExportError::Vrm(format!(
                "expression {:?}: a custom expression cannot have a preset's name (or a preset is unknown)",
                e.name
            )));
        }
        if is_preset { &mut preset } else { &mut custom }.insert(e.name.clone(), out);
    }
    let root = &mut doc.json;
    // after the glTF's own (the materials' MToon, texture transforms)
    let mut used: Vec<Value> = root["extensionsUsed"].as_array().cloned().unwrap_or_default();
    used.push("VRMC_vrm".into());
    used.extend(spring_bones.iter().flat_map(|s| s.used.iter().map(|&u| Value::from(u))));
    root["extensionsUsed"] = json!(used);
    root["extensions"] = json!({"VRMC_vrm": {
        "specVersion": "1.0",
        "meta": meta(asset.source.vrm_meta.as_ref(), &asset.source.name),
        "humanoid": {"humanBones": humanoid.iter()
            .map(|(role, node)| (role.clone(), json!({"node": node})))
            .collect::<Map<String, Value>>()},
        "expressions": {"preset": preset, "custom": custom},
    }});
    if let Some(s) = spring_bones {
        root["extensions"][springs::SPRING_BONE] = s.extension;
    }
    doc.into_glb()
}

/// Whether the avatar faces -Z (as VRM 0.x files do, and the assets imported from them): its left hand is
/// on the -X side of its right hand in the bind pose.
fn faces_minus_z(asset: &Asset, humanoid: &BTreeMap<String, usize>) -> bool {
    let Some(lbs) = asset.render.rig.parts().iter().find_map(|p| match p {
        RigPart::Lbs(l) => Some(l),
        _ => None,
    }) else {
        return false;
    };
    let x = |role: &str| lbs.bones()[humanoid[role]].bind[0][3];
    x("leftHand") < x("rightHand")
}

/// Turn the skeleton (and so the skinned mesh) by 180° about +Y with a root node above the skeleton's
/// roots; the mesh node stays a scene root (glTF ignores a skinned mesh node's transform).
fn turn_to_plus_z(root: &mut Value, mesh_node: usize) {
    let turn = root["nodes"].as_array().expect("nodes").len();
    let skeleton: Vec<Value> = root["scenes"][0]["nodes"]
        .as_array()
        .expect("scene nodes")
        .iter()
        .filter(|n| **n != mesh_node)
        .cloned()
        .collect();
    let nodes = root["nodes"].as_array_mut().expect("nodes");
    nodes.push(json!({"name": "vrm_face_plus_z", "rotation": [0.0, 1.0, 0.0, 0.0], "children": skeleton}));
    root["scenes"][0]["nodes"] = json!([turn, mesh_node]);
}

/// Role → joint node (= bone index), checked: required roles present, one role per node, below the hips.
fn human_bones(
    bones: &[String],
    nodes: &Value,
    humanoid: &BTreeMap<String, String>,
) -> Result<BTreeMap<String, usize>, ExportError> {
    // VRM 0.x thumbs (proximal, intermediate, distal) are 1.0's metacarpal, proximal, distal.
    let roles = crate::rig::vrm1_thumb_roles(avatar_roles(bones.iter().map(String::as_str), humanoid));
    let index: BTreeMap<&str, usize> = bones.iter().enumerate().map(|(i, b)| (b.as_str(), i)).collect();
    let mut out = BTreeMap::new();
    let mut role_of_node: BTreeMap<usize, &str> = BTreeMap::new();
    for (role, bone) in &roles {
        let Some(&node) = index.get(bone.as_str()) else { continue };
        if !avatar_humanoid::is_role(role) {
            continue;
        }
        if let Some(other) = role_of_node.insert(node, role) {
            return Err(ExportError::Vrm(format!(
                "bone {bone:?} is both humanoid bones {other} and {role} (VRM humanoid bones are unique)"
            )));
        }
        out.insert(role.clone(), node);
    }
    let missing: Vec<&str> = REQUIRED.iter().copied().filter(|r| !out.contains_key(*r)).collect();
    if !missing.is_empty() {
        return Err(ExportError::Vrm(format!(
            "required humanoid bones without a bone: {} (mapped: {}); give the asset a VRM humanoid map \
             or bone names of a known skeleton family",
            missing.join(", "),
            out.keys().cloned().collect::<Vec<_>>().join(", ")
        )));
    }
    // parent of each node, from the joint nodes' children
    let mut parent = vec![None; bones.len()];
    for (p, node) in nodes.as_array().into_iter().flatten().enumerate().take(bones.len()) {
        for c in node["children"].as_array().into_iter().flatten().filter_map(Value::as_u64) {
            parent[c as usize] = Some(p);
        }
    }
    let hips = out["hips"];
    for (role, &node) in &out {
        let mut up = Some(node);
        while let Some(n) = up.filter(|&n| n != hips) {
            up = parent[n];
        }
        if up.is_none() {
            return Err(ExportError::Vrm(format!(
                "humanoid bone {role} ({:?}) is not below the hips ({:?})",
                bones[node], bones[hips]
            )));
        }
    }
    Ok(out)
}

/// A glTF node `matrix` (column-major) as `translation`, `rotation` (unit quaternion xyzw) and `scale`,
/// when its linear part is a rotation times a positive uniform scale.
fn trs(matrix: &Value) -> Result<Map<String, Value>, String> {
    let m: Vec<f64> = matrix.as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
    if m.len() != 16 {
        return Err("no 4×4 matrix".into());
    }
    let a = |r: usize, c: usize| m[4 * c + r];
    let det = a(0, 0) * (a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1))
        - a(0, 1) * (a(1, 0) * a(2, 2) - a(1, 2) * a(2, 0))
        + a(0, 2) * (a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0));
    if !(det.is_finite() && det > 0.0) {
        return Err(format!("its local transform has determinant {det} (VRM needs a positive scale)"));
    }
    let s = det.cbrt();
    let r = |i: usize, j: usize| a(i, j) / s;
    // RᵀR = I within float precision: no shear, no non-uniform scale
    for i in 0..3 {
        for j in 0..3 {
            let dot: f64 = (0..3).map(|k| r(k, i) * r(k, j)).sum();
            let want = if i == j { 1.0 } else { 0.0 };
            if (dot - want).abs() > 1e-3 {
                return Err("its local transform is not a rotation times a uniform scale \
                            (VRM 1.0 T-pose definition 2.1)"
                    .into());
            }
        }
    }
    // rotation matrix → quaternion (Shepperd's method, largest-component branch)
    let tr = r(0, 0) + r(1, 1) + r(2, 2);
    let q = if tr > 0.0 {
        let w = (1.0 + tr).sqrt() * 2.0;
        [(r(2, 1) - r(1, 2)) / w, (r(0, 2) - r(2, 0)) / w, (r(1, 0) - r(0, 1)) / w, w / 4.0]
    } else if r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2) {
        let w = (1.0 + r(0, 0) - r(1, 1) - r(2, 2)).sqrt() * 2.0;
        [w / 4.0, (r(0, 1) + r(1, 0)) / w, (r(0, 2) + r(2, 0)) / w, (r(2, 1) - r(1, 2)) / w]
    } else if r(1, 1) > r(2, 2) {
        let w = (1.0 + r(1, 1) - r(0, 0) - r(2, 2)).sqrt() * 2.0;
        [(r(0, 1) + r(1, 0)) / w, w / 4.0, (r(1, 2) + r(2, 1)) / w, (r(0, 2) - r(2, 0)) / w]
    } else {
        let w = (1.0 + r(2, 2) - r(0, 0) - r(1, 1)).sqrt() * 2.0;
        [(r(0, 2) + r(2, 0)) / w, (r(1, 2) + r(2, 1)) / w, w / 4.0, (r(1, 0) - r(0, 1)) / w]
    };
    let norm = q.iter().map(|x| x * x).sum::<f64>().sqrt();
    let mut out = Map::new();
    out.insert("translation".into(), json!([a(0, 3), a(1, 3), a(2, 3)]));
    out.insert("rotation".into(), json!(q.map(|x| x / norm)));
    if (s - 1.0).abs() > 1e-6 {
        out.insert("scale".into(), json!([s, s, s]));
    }
    Ok(out)
}

/// VRM 1.0 `meta` from the asset's (see the module doc), or the default.
fn meta(source: Option<&Value>, name: &str) -> Value {
    let default_name = if name.is_empty() { "avatar" } else { name };
    let mut out = json!({"name": default_name, "authors": ["avatard export"], "licenseUrl": VRM_LICENSE_URL});
    let Some(src) = source.and_then(Value::as_object) else { return out };
    const STRINGS: [&str; 6] = [
        "name",
        "version",
        "copyrightInformation",
        "contactInformation",
        "thirdPartyLicenses",
        "otherLicenseUrl",
    ];
    const BOOLS: [&str; 5] = [
        "allowExcessivelyViolentUsage",
        "allowExcessivelySexualUsage",
        "allowPoliticalOrReligiousUsage",
        "allowAntisocialOrHateUsage",
        "allowRedistribution",
    ];
    const ENUMS: [(&str, &[&str]); 4] = [
        ("avatarPermission", &["onlyAuthor", "onlySeparatelyLicensedPerson", "everyone"]),
        ("commercialUsage", &["personalNonProfit", "personalProfit", "corporation"]),
        ("creditNotation", &["required", "unnecessary"]),
        ("modification", &["prohibited", "allowModification", "allowModificationRedistribution"]),
    ];
    for (k, v) in src {
        let keep = match k.as_str() {
            k if STRINGS.contains(&k) => v.as_str().is_some_and(|s| !s.is_empty()),
            k if BOOLS.contains(&k) => v.is_boolean(),
            "authors" | "references" => v.as_array().is_some_and(|a| {
                !a.is_empty() && a.iter().all(|s| s.as_str().is_some_and(|s| !s.is_empty()))
            }),
            "extras" | "extensions" => true,
            k => ENUMS.iter().any(|(e, allowed)| *e == k && v.as_str().is_some_and(|s| allowed.contains(&s))),
        };
        if keep {
            out[k] = v.clone();
        }
    }
    if let Some(url) = src.get("licenseUrl").and_then(Value::as_str).filter(|u| *u != VRM_LICENSE_URL) {
        if out.get("otherLicenseUrl").is_none() && !url.is_empty() {
            out["otherLicenseUrl"] = url.into();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trs_matches_the_matrix_and_refuses_shear_and_mirrors() {
        // 90° about Z, scale 2, translation (1, 2, 3); column-major
        let m = json!([0.0, 2.0, 0.0, 0.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 1.0, 2.0, 3.0, 1.0]);
        let t = trs(&m).unwrap();
        assert_eq!(t["translation"], json!([1.0, 2.0, 3.0]));
        assert_eq!(t["scale"], json!([2.0, 2.0, 2.0]));
        let q: Vec<f64> = t["rotation"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        let h = std::f64::consts::FRAC_1_SQRT_2;
        for (a, b) in q.iter().zip([0.0, 0.0, h, h]) {
            assert!((a - b).abs() < 1e-12, "{q:?}");
        }
        let shear = json!([1.0, 0.0, 0.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        assert!(trs(&shear).unwrap_err().contains("uniform scale"));
        let mirror = json!([-1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        assert!(trs(&mirror).unwrap_err().contains("determinant"));
    }

    #[test]
    fn meta_keeps_valid_vrm1_fields_and_moves_other_licences() {
        let src = json!({
            "name": "Anny", "authors": ["A"], "licenseUrl": "https://creativecommons.org/licenses/by/4.0/",
            "avatarPermission": "everyone", "commercialUsage": "sometimes", "allowRedistribution": "yes",
            "thumbnailImage": 3, "title": "0.x field", "references": ["r"], "extras": {"vrm0": {}},
        });
        let m = meta(Some(&src), "file.vrm");
        assert_eq!(
            m,
            json!({
                "name": "Anny", "authors": ["A"], "licenseUrl": VRM_LICENSE_URL,
                "otherLicenseUrl": "https://creativecommons.org/licenses/by/4.0/",
                "avatarPermission": "everyone", "references": ["r"], "extras": {"vrm0": {}},
            })
        );
        let d = meta(Some(&json!({"name": "", "authors": []})), "x");
        assert_eq!(d, json!({"name": "x", "authors": ["avatard export"], "licenseUrl": VRM_LICENSE_URL}));
    }

    #[test]
    fn vrm1_role_names() {
        for ok in ["hips", "rightHand", "leftThumbMetacarpal", "rightLittleIntermediate", "leftIndexDistal"] {
            assert!(avatar_humanoid::is_role(ok), "{ok}");
        }
        for bad in ["leftThumbIntermediate", "leftIndexMetacarpal", "pelvis", "left", "leftThumb"] {
            assert!(!avatar_humanoid::is_role(bad), "{bad}");
        }
    }
}
