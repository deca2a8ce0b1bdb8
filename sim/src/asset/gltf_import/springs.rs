//! Spring bones from the glTF JSON: VRM 1.0's `VRMC_springBone` (springs of joints, sphere and capsule
//! colliders, the `VRMC_springBone_extended_collider` shapes: inside-out spheres and capsules, planes;
//! collider groups; `center`) and VRM 0.x's `secondaryAnimation` (bone groups whose every descendant swings,
//! each joint's tail its first child or 7 cm beyond a leaf; sphere colliders per node) into one
//! [`SpringModel`].
//!
//! Read as the VRM tools read them: VRM 1.0's parameters belong to the joint whose tail is the next listed
//! joint (the last joint is only a tail); VRM 0.x's collider offsets have z opposite to glTF's. A VRM 0.x model
//! is turned to face +Z by the importer, and so are its spring vectors here. What cannot be used is left out and
//! listed in the report (a joint on a node that is not a skin joint, a bone listed in two groups); what is
//! wrong is an error (a joint on a missing node, non-finite numbers, a cycle). Finite parameters are taken as
//! given, as three-vrm and UniVRM take them: a zero `gravityDir` is no gravity (not "down"), a non-unit one is
//! not normalised, a `dragForce` above 1 or a negative number is not clamped; only the draft cone limit is
//! ([`SpringModel::clamp_parameters`], counted in the report).

use super::{ImportError, ImportInfo};
use crate::rig::Bone;
use crate::spring::{
    ChainTail, Collider, ColliderGroup, ColliderShape, JointParams, SpringChain, SpringJoint, SpringModel,
};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The skeleton as the spring reader needs it: bones (binds already turned for VRM 0.x), the node of each
/// bone and back, and the glTF node tree.
pub(super) struct SpringInputs<'a> {
    pub bones: &'a [Bone],
    pub bone_of_node: &'a HashMap<usize, usize>,
    pub node_parent: &'a [Option<usize>],
    pub doc: &'a gltf::Document,
    /// The model was VRM 0.x and turned half a turn about +Y.
    pub turned: bool,
}

/// The spring model of the file (empty without spring extensions).
pub(super) fn read_springs(
    json: Option<&Value>,
    s: &SpringInputs<'_>,
    info: &mut ImportInfo,
) -> Result<SpringModel, ImportError> {
    let Some(root) = json else { return Ok(SpringModel::default()) };
    let ext = &root["extensions"];
    let mut model = if ext["VRMC_springBone"].is_object() {
        read_vrm1(&ext["VRMC_springBone"], s, info)?
    } else if ext["VRM"]["secondaryAnimation"].is_object() {
        read_vrm0(&ext["VRM"]["secondaryAnimation"], s, info)?
    } else {
        return Ok(SpringModel::default());
    };
    info.springs_clamped = model.clamp_parameters();
    let parent_of = |name: &str| {
        let b = s.bones.iter().position(|b| b.name == name)?;
        Some(s.bones[b].parent.map(|p| s.bones[p].name.as_str()))
    };
    model.validate(parent_of).map_err(|e| ImportError::Invalid(format!("spring bones: {e}")))?;
    info.spring_chains =
        model.chains.iter().map(|c| format!("{} ({} joints)", c.name, c.joints.len())).collect();
    info.spring_joints = model.num_joints();
    info.spring_colliders = model.colliders.len();
    Ok(model)
}

fn bad(what: String) -> ImportError {
    ImportError::Invalid(format!("spring bones: {what}"))
}

fn num(v: &Value, key: &str, default: f64, at: &str) -> Result<f64, ImportError> {
    match &v[key] {
        Value::Null => Ok(default),
        x => x
            .as_f64()
            .filter(|f| f.is_finite())
            .ok_or_else(|| bad(format!("{at}: {key} is not a finite number"))),
    }
}

fn vec3(v: &Value, default: [f64; 3], at: &str) -> Result<[f64; 3], ImportError> {
    match v {
        Value::Null => Ok(default),
        Value::Array(a) if a.len() == 3 => {
            let mut out = [0.0; 3];
            for (o, x) in out.iter_mut().zip(a) {
                *o = x
                    .as_f64()
                    .filter(|f| f.is_finite())
                    .ok_or_else(|| bad(format!("{at}: not a finite vector")))?;
            }
            Ok(out)
        }
        // VRM 0.x writes vectors as {x, y, z}
        Value::Object(_) => {
            let c = |k: &str| num(v, k, 0.0, at);
            Ok([c("x")?, c("y")?, c("z")?])
        }
        _ => Err(bad(format!("{at}: not a 3-vector"))),
    }
}

fn node_index(v: &Value, s: &SpringInputs<'_>, at: &str) -> Result<usize, ImportError> {
    let n = v.as_u64().ok_or_else(|| bad(format!("{at}: no node index")))? as usize;
    if n >= s.node_parent.len() {
        return Err(bad(format!("{at}: node {n} does not exist")));
    }
    Ok(n)
}

impl SpringInputs<'_> {
    /// A vector in the file's coordinates, in ours (VRM 0.x turned: x and z negated).
    fn turn(&self, v: [f64; 3]) -> [f64; 3] {
        if self.turned {
            [-v[0], v[1], -v[2]]
        } else {
            v
        }
    }

    fn bone_name(&self, node: usize) -> Option<&str> {
        self.bone_of_node.get(&node).map(|&b| self.bones[b].name.as_str())
    }

    /// A node's rest position (world, our coordinates): its nearest skeleton ancestor's bind applied to the
    /// composed local transforms below it. `None` without a skeleton ancestor.
    fn rest_position(&self, node: usize) -> Option<[f64; 3]> {
        let nodes: Vec<gltf::Node<'_>> = self.doc.nodes().collect();
        let mut m = nalgebra::Matrix4::<f64>::identity();
        let mut n = node;
        let mut guard = 0;
        loop {
            if let Some(&b) = self.bone_of_node.get(&n) {
                let bind = &self.bones[b].bind;
                let local = self.turn([m[(0, 3)], m[(1, 3)], m[(2, 3)]]);
                let p: [f64; 3] =
                    std::array::from_fn(|i| (0..3).map(|k| bind[i][k] * local[k]).sum::<f64>() + bind[i][3]);
                return Some(p);
            }
            let l = nodes[n].transform().matrix();
            let l = nalgebra::Matrix4::from_fn(|i, j| l[j][i] as f64);
            m = l * m;
            n = self.node_parent[n]?;
            guard += 1;
            if guard > self.node_parent.len() {
                return None;
            }
        }
    }

    /// The local translation of a node (its offset from its parent, in the parent's frame; file coordinates).
    fn local_translation(&self, node: usize) -> [f64; 3] {
        let t = self.doc.nodes().nth(node).map(|n| n.transform().decomposed().0).unwrap_or([0.0; 3]);
        t.map(|x| x as f64)
    }
}

fn read_vrm1(ext: &Value, s: &SpringInputs<'_>, info: &mut ImportInfo) -> Result<SpringModel, ImportError> {
    let mut model = SpringModel::default();
    info.springs_version = "VRMC_springBone 1.0".into();
    for (i, c) in ext["colliders"].as_array().into_iter().flatten().enumerate() {
        let at = format!("collider {i}");
        let bone = collider_bone(&c["node"], s, &at)?;
        // the extended shape replaces the basic one when present
        let extended = &c["extensions"]["VRMC_springBone_extended_collider"]["shape"];
        let shape = if extended.is_object() { extended } else { &c["shape"] };
        let shape = read_shape(shape, s, &at)?;
        model.colliders.push(Collider { bone: bone.to_owned(), shape });
    }
    for (i, g) in ext["colliderGroups"].as_array().into_iter().flatten().enumerate() {
        let colliders = indices(&g["colliders"], &format!("collider group {i}"))?;
        let name = g["name"].as_str().unwrap_or("").to_owned();
        model.collider_groups.push(ColliderGroup { name, colliders });
    }
    for (i, spring) in ext["springs"].as_array().into_iter().flatten().enumerate() {
        let name = spring["name"].as_str().map_or_else(|| format!("spring{i}"), str::to_owned);
        let at = format!("spring {name:?}");
        let listed = spring["joints"].as_array().cloned().unwrap_or_default();
        if listed.len() < 2 {
            info.springs_dropped.push(format!("{at}: fewer than two joints, nothing swings"));
            continue;
        }
        // the draft's angle limit on the spring holds for each of its joints without one of its own
        let spring_cone = cone_limit(&spring["extensions"], &at, info);
        let mut joints = Vec::new();
        let mut nodes = Vec::new();
        for (k, j) in listed.iter().enumerate() {
            let jat = format!("{at}, joint {k}");
            let node = node_index(&j["node"], s, &jat)?;
            nodes.push(node);
            if k + 1 < listed.len() {
                let params = JointParams {
                    stiffness: num(j, "stiffness", 1.0, &jat)?,
                    gravity_power: num(j, "gravityPower", 0.0, &jat)?,
                    gravity_dir: s.turn(vec3(&j["gravityDir"], [0.0, -1.0, 0.0], &jat)?),
                    drag_force: num(j, "dragForce", 0.5, &jat)?,
                    hit_radius: num(j, "hitRadius", 0.0, &jat)?,
                    cone_limit: cone_limit(&j["extensions"], &jat, info).or(spring_cone),
                };
                joints.push((node, params));
            }
        }
        // a joint must be a bone we can turn
        if let Some(&(node, _)) = joints.iter().find(|(n, _)| s.bone_name(*n).is_none()) {
            info.springs_dropped
                .push(format!("{at}: node {node} is not a skin joint; the spring is left out"));
            continue;
        }
        let last = *nodes.last().expect("two or more");
        let tail = match s.bone_name(last) {
            Some(b) => ChainTail::Bone(b.to_owned()),
            None => ChainTail::Point(
                s.rest_position(last).ok_or_else(|| bad(format!("{at}: the last joint has no position")))?,
            ),
        };
        let center = match &spring["center"] {
            Value::Null => None,
            c => {
                let node = node_index(c, s, &format!("{at}, center"))?;
                Some(
                    s.bone_name(node)
                        .ok_or_else(|| bad(format!("{at}: the center node {node} is not a skin joint")))?
                        .to_owned(),
                )
            }
        };
        model.chains.push(SpringChain {
            name,
            joints: joints
                .into_iter()
                .map(|(n, params)| SpringJoint { bone: s.bone_name(n).expect("checked").to_owned(), params })
                .collect(),
            tail,
            collider_groups: indices(&spring["colliderGroups"], &at)?,
            center,
        });
    }
    Ok(model)
}

/// The bone a collider (or a VRM 0.x collider group) sits on: its node must be a skin joint.
fn collider_bone<'a>(node: &Value, s: &'a SpringInputs<'_>, at: &str) -> Result<&'a str, ImportError> {
    let node = node_index(node, s, at)?;
    s.bone_name(node).ok_or_else(|| bad(format!("{at}: node {node} is not a skin joint of the avatar")))
}

fn indices(v: &Value, at: &str) -> Result<Vec<usize>, ImportError> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|x| x.as_u64().map(|i| i as usize).ok_or_else(|| bad(format!("{at}: an index is not a number"))))
        .collect()
}

fn read_shape(shape: &Value, s: &SpringInputs<'_>, at: &str) -> Result<ColliderShape, ImportError> {
    let inside = |v: &Value| v["inside"].as_bool().unwrap_or(false);
    if shape["sphere"].is_object() {
        let v = &shape["sphere"];
        Ok(ColliderShape::Sphere {
            offset: s.turn(vec3(&v["offset"], [0.0; 3], at)?),
            radius: num(v, "radius", 0.0, at)?,
            inside: inside(v),
        })
    } else if shape["capsule"].is_object() {
        let v = &shape["capsule"];
        Ok(ColliderShape::Capsule {
            offset: s.turn(vec3(&v["offset"], [0.0; 3], at)?),
            tail: s.turn(vec3(&v["tail"], [0.0; 3], at)?),
            radius: num(v, "radius", 0.0, at)?,
            inside: inside(v),
        })
    } else if shape["plane"].is_object() {
        let v = &shape["plane"];
        Ok(ColliderShape::Plane {
            offset: s.turn(vec3(&v["offset"], [0.0; 3], at)?),
            normal: s.turn(vec3(&v["normal"], [0.0, 0.0, 1.0], at)?),
        })
    } else {
        Err(bad(format!("{at}: no sphere, capsule or plane shape")))
    }
}

fn read_vrm0(sec: &Value, s: &SpringInputs<'_>, info: &mut ImportInfo) -> Result<SpringModel, ImportError> {
    let mut model = SpringModel::default();
    info.springs_version = "VRM 0.x secondaryAnimation".into();
    // each 0.x collider group is one node with spheres: our colliders, and a group of them
    for (i, g) in sec["colliderGroups"].as_array().into_iter().flatten().enumerate() {
        let at = format!("collider group {i}");
        let node = node_index(&g["node"], s, &at)?;
        let bone = collider_bone(&g["node"], s, &at)?;
        let mut members = Vec::new();
        for (k, c) in g["colliders"].as_array().into_iter().flatten().enumerate() {
            let cat = format!("{at}, collider {k}");
            let o = vec3(&c["offset"], [0.0; 3], &cat)?;
            members.push(model.colliders.len());
            model.colliders.push(Collider {
                bone: bone.to_owned(),
                // VRM 0.x's z is opposite to glTF's
                shape: ColliderShape::Sphere {
                    offset: s.turn([o[0], o[1], -o[2]]),
                    radius: num(c, "radius", 0.0, &cat)?,
                    inside: false,
                },
            });
        }
        model.collider_groups.push(ColliderGroup { name: format!("node{node}"), colliders: members });
    }
    let children = |n: usize| -> Vec<usize> {
        s.doc.nodes().nth(n).map(|node| node.children().map(|c| c.index()).collect()).unwrap_or_default()
    };
    let mut used: HashSet<usize> = HashSet::new();
    for (gi, group) in sec["boneGroups"].as_array().into_iter().flatten().enumerate() {
        let comment = group["comment"]
            .as_str()
            .filter(|c| !c.is_empty())
            .map_or_else(|| format!("group{gi}"), str::to_owned);
        let at = format!("bone group {comment:?}");
        let params = JointParams {
            stiffness: num(group, "stiffiness", 1.0, &at)?,
            gravity_power: num(group, "gravityPower", 0.0, &at)?,
            // Unity world axes as UniVRM wrote them (as the collider offsets): z opposite to glTF's
            gravity_dir: {
                let g = vec3(&group["gravityDir"], [0.0, -1.0, 0.0], &at)?;
                s.turn([g[0], g[1], -g[2]])
            },
            drag_force: num(group, "dragForce", 0.5, &at)?,
            hit_radius: num(group, "hitRadius", 0.0, &at)?,
            cone_limit: None,
        };
        let center = match group["center"].as_i64() {
            None | Some(-1) => None,
            Some(_) => {
                let node = node_index(&group["center"], s, &format!("{at}, center"))?;
                s.bone_name(node).map(str::to_owned)
            }
        };
        let collider_groups = indices(&group["colliderGroups"], &at)?;
        // every descendant of each root swings; a chain follows first children, other children start chains
        let mut starts: Vec<usize> = Vec::new();
        for r in group["bones"].as_array().into_iter().flatten() {
            starts.push(node_index(r, s, &at)?);
        }
        let mut guard = 0usize;
        while let Some(start) = starts.pop() {
            guard += 1;
            if guard > 4 * s.node_parent.len() + 16 {
                return Err(bad(format!("{at}: the node tree has a cycle")));
            }
            if s.bone_name(start).is_none() {
                info.springs_dropped.push(format!("{at}: node {start} is not a skin joint; left out"));
                continue;
            }
            let mut joints = Vec::new();
            let mut n = start;
            let tail = loop {
                if !used.insert(n) {
                    info.springs_dropped.push(format!("{at}: node {n} swings in another group already"));
                    break None;
                }
                joints.push(SpringJoint {
                    bone: s.bone_name(n).expect("checked").to_owned(),
                    params: params.clone(),
                });
                if joints.len() > crate::spring::MAX_JOINTS {
                    return Err(bad(format!(
                        "{at}: more than {} joints in one chain (a cycle?)",
                        crate::spring::MAX_JOINTS
                    )));
                }
                let kids = children(n);
                starts.extend(kids.iter().skip(1).copied());
                match kids.first() {
                    Some(&c) if s.bone_name(c).is_some() => n = c,
                    Some(&c) => {
                        break Some(ChainTail::Point(
                            s.rest_position(c)
                                .ok_or_else(|| bad(format!("{at}: node {c} has no position")))?,
                        ))
                    }
                    None => break Some(ChainTail::Point(leaf_tail(s, n))),
                }
            };
            let Some(tail) = tail else { continue };
            if joints.is_empty() {
                continue;
            }
            model.chains.push(SpringChain {
                name: format!("{comment}/{}", joints[0].bone),
                joints,
                tail,
                collider_groups: collider_groups.clone(),
                center: center.clone(),
            });
        }
    }
    Ok(model)
}

/// VRM 0.x's tail of a leaf bone: 7 cm (in the bone's scale) along the bone's own offset from its parent,
/// in its frame, as UniVRM and three-vrm place it.
fn leaf_tail(s: &SpringInputs<'_>, node: usize) -> [f64; 3] {
    let b = s.bone_of_node[&node];
    let t = s.turn(s.local_translation(node));
    let n = t.iter().map(|x| x * x).sum::<f64>().sqrt();
    let dir = if n > 1e-9 { t.map(|x| x / n) } else { [0.0, 1.0, 0.0] };
    let local = dir.map(|x| 0.07 * x);
    let bind = &s.bones[b].bind;
    std::array::from_fn(|i| (0..3).map(|k| bind[i][k] * local[k]).sum::<f64>() + bind[i][3])
}

/// The draft `VRMC_springBone_limit` on a joint or a spring (`extensions` of either): its cone's angle
/// (radians). Both forms of the draft are read, `{"limit": {"cone": {...}}}` and `{"cone": {...}}`; a hinge or
/// spherical limit, a non-default `rotation` or an unreadable angle is reported in `springs_dropped` (and the
/// joint swings free, or within the cone about its animated direction).
fn cone_limit(extensions: &Value, at: &str, info: &mut ImportInfo) -> Option<f64> {
    let ext = extensions.get("VRMC_springBone_limit")?;
    let limit = ext.get("limit").unwrap_or(ext);
    for other in ["hinge", "spherical"] {
        if limit.get(other).is_some() {
            info.springs_dropped
                .push(format!("{at}: a {other} angle limit is not supported; it swings free"));
        }
    }
    let cone = limit.get("cone")?;
    let Some(angle) = cone["angle"].as_f64().filter(|a| a.is_finite() && *a >= 0.0) else {
        info.springs_dropped
            .push(format!("{at}: the cone limit's angle {} is not a number >= 0", cone["angle"]));
        return None;
    };
    let identity = [0.0, 0.0, 0.0, 1.0];
    if let Some(r) = cone.get("rotation").and_then(Value::as_array) {
        let q: Vec<f64> = r.iter().filter_map(Value::as_f64).collect();
        if q.len() != 4 || q.iter().zip(identity).any(|(a, b)| (a - b).abs() > 1e-6) {
            info.springs_dropped.push(format!(
                "{at}: the cone limit's rotation is not supported; the cone opens along the bone"
            ));
        }
    }
    Some(angle.min(std::f64::consts::PI))
}
