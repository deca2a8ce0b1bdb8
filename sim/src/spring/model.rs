//! The spring model of an avatar: chains of joints with the VRM parameters, colliders on bones, collider
//! groups; what VRM 1.0's `VRMC_springBone` and VRM 0.x's `secondaryAnimation` both import into, and what an
//! asset stores. Bones are named (the rig's bone names), so the model survives a rig's re-indexing.

use serde::{Deserialize, Serialize};

/// One joint's parameters, as VRM 1.0 names them (VRM 0.x's `stiffiness`, `gravityPower`, `dragForce`,
/// `hitRadius` are the same quantities).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JointParams {
    /// Pull back towards the animated (rest-relative) direction, per second.
    pub stiffness: f64,
    /// Gravity's pull, per second.
    pub gravity_power: f64,
    /// Direction of gravity in world space (default down, `[0, -1, 0]`), multiplied by `gravity_power` as it
    /// is: not normalised, and a zero one pulls nowhere (as three-vrm and UniVRM take it).
    pub gravity_dir: [f64; 3],
    /// Fraction of the velocity lost per reference step (`[0, 1]` in the specifications; a file's value is used
    /// as it is, as the VRM tools do: above 1 the velocity reverses each step).
    pub drag_force: f64,
    /// Radius of the joint's tail sphere for collisions (metres in the bone's world scale).
    pub hit_radius: f64,
    /// Cone limit (radians, in `(0, π]`): the head → tail direction never tilts further than this from its
    /// animated direction (the draft `VRMC_springBone_limit` cone with its default orientation). `None`: free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cone_limit: Option<f64>,
}

impl Default for JointParams {
    /// VRM 1.0's defaults.
    fn default() -> Self {
        JointParams {
            stiffness: 1.0,
            gravity_power: 0.0,
            gravity_dir: [0.0, -1.0, 0.0],
            drag_force: 0.5,
            hit_radius: 0.0,
            cone_limit: None,
        }
    }
}

/// A simulated joint: the bone that turns, and its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpringJoint {
    pub bone: String,
    pub params: JointParams,
}

/// Where the last simulated joint of a chain points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ChainTail {
    /// A bone's head (VRM 1.0: the last joint listed, which is not simulated itself).
    Bone(String),
    /// A point in the rest (bind) pose, world space (VRM 0.x: 7 cm beyond a leaf bone, along its parent→leaf
    /// direction).
    Point([f64; 3]),
}

/// A chain: joints from the root down, each one's tail the next one's head, the last one's tail `tail`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpringChain {
    pub name: String,
    pub joints: Vec<SpringJoint>,
    pub tail: ChainTail,
    /// Indices into [`SpringModel::collider_groups`] this chain collides with.
    pub collider_groups: Vec<usize>,
    /// A bone whose motion the chain does not feel (VRM `center`): its tails are kept in that bone's frame.
    pub center: Option<String>,
}

/// A collider's shape, in its bone's local (node) frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ColliderShape {
    /// Keeps joint spheres out of a ball (`inside`: keeps them in it, VRM's extended collider).
    Sphere { offset: [f64; 3], radius: f64, inside: bool },
    /// Keeps joint spheres out of the capsule from `offset` to `tail` (`inside`: in it).
    Capsule { offset: [f64; 3], tail: [f64; 3], radius: f64, inside: bool },
    /// Keeps joint spheres on the side `normal` points to (VRM's extended collider).
    Plane { offset: [f64; 3], normal: [f64; 3] },
}

/// A collider on a bone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Collider {
    pub bone: String,
    pub shape: ColliderShape,
}

/// A named set of colliders that chains refer to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColliderGroup {
    pub name: String,
    /// Indices into [`SpringModel::colliders`].
    pub colliders: Vec<usize>,
}

/// Every spring chain, collider and collider group of an avatar.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SpringModel {
    pub chains: Vec<SpringChain>,
    pub colliders: Vec<Collider>,
    pub collider_groups: Vec<ColliderGroup>,
}

/// The most joints an avatar may have: far above any real avatar (a long skirt and full hair are a few
/// hundred), low enough that a hostile file cannot make the solver thread miss its deadline.
pub const MAX_JOINTS: usize = 2048;
/// The most colliders.
pub const MAX_COLLIDERS: usize = 512;

/// What is wrong with a spring model.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpringError {
    #[error("spring chain {chain:?}: bone {bone:?} is not in the rig")]
    UnknownBone { chain: String, bone: String },
    #[error("collider {index}: bone {bone:?} is not in the rig")]
    UnknownColliderBone { index: usize, bone: String },
    #[error("spring chain {chain:?}: {what}")]
    BadChain { chain: String, what: String },
    #[error("spring chain {chain:?}, joint {bone:?}: {what}")]
    BadJoint { chain: String, bone: String, what: String },
    #[error("collider {index}: {what}")]
    BadCollider { index: usize, what: String },
    #[error("collider group {group}: {what}")]
    BadGroup { group: usize, what: String },
    #[error("{count} spring joints: more than the {max} an avatar may have")]
    TooManyJoints { count: usize, max: usize },
    #[error("{count} colliders: more than the {max} an avatar may have")]
    TooManyColliders { count: usize, max: usize },
}

impl SpringModel {
    pub fn is_empty(&self) -> bool {
        self.chains.is_empty()
    }

    pub fn num_joints(&self) -> usize {
        self.chains.iter().map(|c| c.joints.len()).sum()
    }

    /// Check the model against the rig's bones (`parent_of(name)`: the bone's parent's name, `None` for a root;
    /// the outer `None` for a bone the rig does not have). Every bone must exist; a chain's joints must each be
    /// the parent of the next (and of a tail bone), with no bone twice; numbers finite (a cone limit also in
    /// `[0, π]`: [`SpringModel::clamp_parameters`] runs first).
    pub fn validate<'a>(
        &self,
        parent_of: impl Fn(&str) -> Option<Option<&'a str>>,
    ) -> Result<(), SpringError> {
        let joints = self.num_joints();
        if joints > MAX_JOINTS {
            return Err(SpringError::TooManyJoints { count: joints, max: MAX_JOINTS });
        }
        if self.colliders.len() > MAX_COLLIDERS {
            return Err(SpringError::TooManyColliders { count: self.colliders.len(), max: MAX_COLLIDERS });
        }
        let mut seen = std::collections::HashSet::new();
        for c in &self.chains {
            let bad = |what: String| SpringError::BadChain { chain: c.name.clone(), what };
            if c.joints.is_empty() {
                return Err(bad("no joints".into()));
            }
            let known = |bone: &str| {
                parent_of(bone)
                    .map(|_| ())
                    .ok_or_else(|| SpringError::UnknownBone { chain: c.name.clone(), bone: bone.to_owned() })
            };
            // every joint once (a chain listed in a loop is a cycle), then each the parent of the next
            for j in &c.joints {
                known(&j.bone)?;
                if !seen.insert(j.bone.as_str()) {
                    return Err(bad(format!(
                        "bone {:?} is a spring joint twice (a cycle, or two chains)",
                        j.bone
                    )));
                }
                check_params(&c.name, j)?;
            }
            for w in c.joints.windows(2) {
                if parent_of(&w[1].bone).flatten() != Some(w[0].bone.as_str()) {
                    return Err(bad(format!("{:?} is not a child of {:?}", w[1].bone, w[0].bone)));
                }
            }
            let last = &c.joints[c.joints.len() - 1].bone;
            match &c.tail {
                ChainTail::Bone(t) => {
                    known(t)?;
                    if parent_of(t).flatten() != Some(last.as_str()) {
                        return Err(bad(format!("the tail {t:?} is not a child of {last:?}")));
                    }
                }
                ChainTail::Point(p) => {
                    if !p.iter().all(|v| v.is_finite()) {
                        return Err(bad("the tail point is not finite".into()));
                    }
                }
            }
            if let Some(center) = &c.center {
                known(center)?;
            }
            for &g in &c.collider_groups {
                if g >= self.collider_groups.len() {
                    return Err(bad(format!("collider group {g} does not exist")));
                }
            }
        }
        for (index, col) in self.colliders.iter().enumerate() {
            if parent_of(&col.bone).is_none() {
                return Err(SpringError::UnknownColliderBone { index, bone: col.bone.clone() });
            }
            let bad = |what: &str| SpringError::BadCollider { index, what: what.to_owned() };
            let finite = |v: &[f64; 3]| v.iter().all(|x| x.is_finite());
            match &col.shape {
                ColliderShape::Sphere { offset, radius, .. } => {
                    if !(finite(offset) && radius.is_finite() && *radius > 0.0) {
                        return Err(bad("a sphere needs a finite offset and a radius > 0"));
                    }
                }
                ColliderShape::Capsule { offset, tail, radius, .. } => {
                    if !(finite(offset) && finite(tail) && radius.is_finite() && *radius > 0.0) {
                        return Err(bad("a capsule needs finite ends and a radius > 0"));
                    }
                }
                ColliderShape::Plane { offset, normal } => {
                    let n = normal.iter().map(|v| v * v).sum::<f64>().sqrt();
                    if !(finite(offset) && n.is_finite() && n > 0.0) {
                        return Err(bad("a plane needs a finite offset and a non-zero normal"));
                    }
                }
            }
        }
        for (group, g) in self.collider_groups.iter().enumerate() {
            if let Some(&i) = g.colliders.iter().find(|&&i| i >= self.colliders.len()) {
                return Err(SpringError::BadGroup { group, what: format!("collider {i} does not exist") });
            }
        }
        Ok(())
    }

    /// Bring the parameters into the range the solver takes: only the cone limit (our reading of the draft
    /// `VRMC_springBone_limit`) is clamped into `[0, π]`. Every VRM parameter is used as the file gives it, as
    /// three-vrm and UniVRM use it (they multiply the numbers as given): a `gravityDir` of any length (a zero one
    /// is no gravity), a `dragForce` outside `[0, 1]`, a negative `stiffness`, `gravityPower` or `hitRadius`.
    /// Non-finite numbers are left for [`SpringModel::validate`] to refuse. Returns how many values changed
    /// (the import report lists it).
    pub fn clamp_parameters(&mut self) -> usize {
        let mut changed = 0;
        for j in self.chains.iter_mut().flat_map(|c| c.joints.iter_mut()) {
            if let Some(c) = &mut j.params.cone_limit {
                let to = c.clamp(0.0, std::f64::consts::PI);
                if c.is_finite() && *c != to {
                    *c = to;
                    changed += 1;
                }
            }
        }
        changed
    }
}

impl SpringModel {
    /// [`SpringModel::validate`] against the LBS bones of `rig`.
    pub fn validate_for(&self, rig: &crate::rig::Rig) -> Result<(), SpringError> {
        let lbs: Vec<&crate::rig::LbsRig> = rig
            .parts()
            .iter()
            .filter_map(|p| match p {
                crate::rig::RigPart::Lbs(l) => Some(l),
                _ => None,
            })
            .collect();
        self.validate(|name| {
            lbs.iter().find_map(|l| {
                let b = l.bone_index(name)?;
                Some(l.bones()[b].parent.map(|p| l.bones()[p].name.as_str()))
            })
        })
    }
}

fn check_params(chain: &str, j: &SpringJoint) -> Result<(), SpringError> {
    let p = &j.params;
    let bad = |what: &str| SpringError::BadJoint {
        chain: chain.to_owned(),
        bone: j.bone.clone(),
        what: what.to_owned(),
    };
    let values = [p.stiffness, p.gravity_power, p.drag_force, p.hit_radius, p.cone_limit.unwrap_or(0.0)];
    if !values.iter().chain(&p.gravity_dir).all(|v| v.is_finite()) {
        return Err(bad("a parameter is not finite"));
    }
    if p.cone_limit.is_some_and(|c| !(0.0..=std::f64::consts::PI).contains(&c)) {
        return Err(bad("the cone limit is out of range (in [0, π])"));
    }
    Ok(())
}
