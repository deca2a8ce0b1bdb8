//! MediaPipe Pose world landmarks → swing rotations of a humanoid skeleton → rig parameters `p`.
//!
//! **Axes.** MediaPipe world landmarks are metres, origin at the hip centre, in the camera's axes: `x` to the
//! right of the image, `y` down, `z` away from the camera (depth: smaller is closer; MediaPipe Pose docs,
//! "landmark depth ... the smaller the value the closer the landmark is to the camera"). The avatar frame is
//! +Y up with the avatar facing +Z, i.e. toward a viewer standing where the camera is; we map
//! `(x, y, z)_avatar = (x, −y, −z)_mediapipe` (a proper rotation, det +1). The subject's left hand is then on
//! the avatar's left (+X on the default avatar): the avatar copies the subject like a person facing you, not
//! like a mirror. [`PoseMapSettings::mirror`] gives the mirror image instead: x is negated as well and the
//! left/right landmarks are swapped (so it stays a rotation of a valid body, not a reflection).
//!
//! **Rotations.** Each tracked bone gets the minimal (swing) rotation taking its direction *as carried by its
//! already-posed parent* to the tracked direction, so world directions match down the chain. Bones with a
//! [`Side`] (spine: the shoulder line, neck: the ears, forearms: pinky → index knuckle) are then twisted about
//! their own axis to match it; the others keep their parent's twist. Rest directions are measured on the avatar's own skeleton from
//! averages of bind heads (e.g. spine: mid of the thigh heads → mid of the upper-arm heads), which mirror the
//! landmark averages. The root (default `pelvis`) gets the rotation of the frame (x = left-hip − right-hip,
//! y = avatar up +Y, Gram–Schmidt) relative to the same frame at rest: heading and roll, no bend (the spine's
//! swing carries bend). Every untracked bone follows its parent rigidly; bones above the root stay at rest.
//!
//! **Forward kinematics on skinning transforms.** With `T_b = G_b · bind_b⁻¹` (see [`avatar_sim`]), a rigid
//! chain has `T_b = [W_b | T_parent(j_b) − W_b j_b]`: the posed world rotation delta `W_b` and joint continuity
//! at the bone's bind head `j_b`. The root is rotated about its bind head, plus
//! [`PoseMapper::root_translation`] (world landmarks are hip-centred, so they carry no root position).
//!
//! **Visibility.** A tracked bone whose landmarks (all of `from` and `to`) are not finite or have
//! `visibility < PoseMapSettings::min_visibility` keeps its last rotation *relative to its parent* (hold; at
//! rest before the first good frame); the root holds its last world rotation when a hip is not visible. With
//! capture times ([`PoseMapper::map_at`]), a bone unseen for `ease_after` then eases to rest.

use avatar_schema::types::Landmark;
use avatar_sim::rig::{read_affine, write_affine, Affine, Bone, Rig};
use nalgebra::{Matrix3, Rotation3, Unit, UnitQuaternion, Vector3};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// MediaPipe Pose landmark indices (shared with the tracker side).
pub use avatar_schema::pose_landmarks as mp;

/// One tracked bone: its direction runs from the mean of landmarks `from` to the mean of `to`; at rest, from
/// the mean bind head of bones `rest_from` to that of `rest_to`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrackedBone {
    pub bone: String,
    pub from: Vec<usize>,
    pub to: Vec<usize>,
    pub rest_from: Vec<String>,
    pub rest_to: Vec<String>,
    /// Twist about the bone from side landmarks, if any (see [`Side`]).
    #[serde(default)]
    pub side: Option<Side>,
}

/// A side direction across a bone (e.g. right → left shoulder across the spine, pinky → index across the
/// forearm): landmarks `from` → `to`, at rest bind heads `rest_from` → `rest_to`. The bone is turned about its
/// own axis until the rest side, carried by the bone's rotation, lines up with the tracked side (both
/// projected perpendicular to the bone).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub from: Vec<usize>,
    pub to: Vec<usize>,
    pub rest_from: Vec<String>,
    pub rest_to: Vec<String>,
}

/// Landmarks ↔ bones of one skeleton.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoseMap {
    /// The bone that takes the hip frame's rotation (rotated about its bind head).
    pub root: String,
    /// Bones whose bind heads stand for the left and right hip landmarks at rest.
    pub left_hip_bone: String,
    pub right_hip_bone: String,
    /// Tracked bones, any order (they are applied parents first).
    pub bones: Vec<TrackedBone>,
}

impl PoseMap {
    /// The landmark map of any humanoid skeleton, from its VRM humanoid roles (role → bone name:
    /// [`avatar_sim::rig::avatar_roles`], i.e. a VRM file's humanoid map or the name rules of its skeleton
    /// family). Rest directions are measured between the roles' bind heads, so an A-pose and a T-pose bind both
    /// map the same landmarks to the same world directions.
    ///
    /// | tracked role | landmarks from → to | rest from → to | twist from |
    /// |---|---|---|---|
    /// | `spine` | mid-hip → mid-shoulder | mid upper legs → mid upper arms | shoulder line (upper arms) |
    /// | `neck` (else `head`) | mid-shoulder → mid-ear | mid upper arms → head | ear line (upper arms) |
    /// | `left/rightUpperArm` | shoulder → elbow | upper arm → lower arm | |
    /// | `left/rightLowerArm` | elbow → wrist | lower arm → hand | pinky → index (little → index proximal, when both exist) |
    /// | `left/rightUpperLeg` | hip → knee | upper leg → lower leg | |
    /// | `left/rightLowerLeg` | knee → ankle | lower leg → foot | |
    ///
    /// The root is `hips`. Errors with the missing roles when any of [`avatar_sim::rig::REQUIRED`] is absent.
    pub fn humanoid(roles: &BTreeMap<String, String>) -> Result<Self, Vec<String>> {
        use mp::*;
        let missing: Vec<String> = avatar_sim::rig::REQUIRED
            .iter()
            .filter(|r| !roles.contains_key(**r))
            .map(|r| r.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(missing);
        }
        let b = |role: &str| roles[role].clone();
        let names = |v: &[&str]| v.iter().map(|r| b(r)).collect::<Vec<_>>();
        let t = |role: &str, from: &[usize], to: &[usize], rf: &[&str], rt: &[&str]| TrackedBone {
            bone: b(role),
            from: from.to_vec(),
            to: to.to_vec(),
            rest_from: names(rf),
            rest_to: names(rt),
            side: None,
        };
        let side = |mut tb: TrackedBone, from: usize, to: usize, rf: &str, rt: &str| {
            if roles.contains_key(rf) && roles.contains_key(rt) {
                tb.side = Some(Side {
                    from: vec![from],
                    to: vec![to],
                    rest_from: names(&[rf]),
                    rest_to: names(&[rt]),
                });
            }
            tb
        };
        let (ls, rs) = (LEFT_SHOULDER, RIGHT_SHOULDER);
        let neck = if roles.contains_key("neck") { "neck" } else { "head" };
        Ok(PoseMap {
            root: b("hips"),
            left_hip_bone: b("leftUpperLeg"),
            right_hip_bone: b("rightUpperLeg"),
            bones: vec![
                // torso twist from the shoulder line, head turn from the ears, forearm roll from the hand
                side(
                    t(
                        "spine",
                        &[LEFT_HIP, RIGHT_HIP],
                        &[ls, rs],
                        &["leftUpperLeg", "rightUpperLeg"],
                        &["leftUpperArm", "rightUpperArm"],
                    ),
                    rs,
                    ls,
                    "rightUpperArm",
                    "leftUpperArm",
                ),
                side(
                    t(neck, &[ls, rs], &[LEFT_EAR, RIGHT_EAR], &["leftUpperArm", "rightUpperArm"], &["head"]),
                    RIGHT_EAR,
                    LEFT_EAR,
                    "rightUpperArm",
                    "leftUpperArm",
                ),
                t("leftUpperArm", &[ls], &[LEFT_ELBOW], &["leftUpperArm"], &["leftLowerArm"]),
                side(
                    t("leftLowerArm", &[LEFT_ELBOW], &[LEFT_WRIST], &["leftLowerArm"], &["leftHand"]),
                    LEFT_PINKY,
                    LEFT_INDEX,
                    "leftLittleProximal",
                    "leftIndexProximal",
                ),
                t("rightUpperArm", &[rs], &[RIGHT_ELBOW], &["rightUpperArm"], &["rightLowerArm"]),
                side(
                    t("rightLowerArm", &[RIGHT_ELBOW], &[RIGHT_WRIST], &["rightLowerArm"], &["rightHand"]),
                    RIGHT_PINKY,
                    RIGHT_INDEX,
                    "rightLittleProximal",
                    "rightIndexProximal",
                ),
                t("leftUpperLeg", &[LEFT_HIP], &[LEFT_KNEE], &["leftUpperLeg"], &["leftLowerLeg"]),
                t("leftLowerLeg", &[LEFT_KNEE], &[LEFT_ANKLE], &["leftLowerLeg"], &["leftFoot"]),
                t("rightUpperLeg", &[RIGHT_HIP], &[RIGHT_KNEE], &["rightUpperLeg"], &["rightLowerLeg"]),
                t("rightLowerLeg", &[RIGHT_KNEE], &[RIGHT_ANKLE], &["rightLowerLeg"], &["rightFoot"]),
            ],
        })
    }

    /// The map of a rig's skeleton: its roles ([`avatar_sim::rig::avatar_roles`] with the VRM humanoid map
    /// `humanoid`) through [`PoseMap::humanoid`].
    pub fn for_rig(rig: &Rig, humanoid: &BTreeMap<String, String>) -> Result<Self, Vec<String>> {
        let bones = rig.bone_names();
        Self::humanoid(&avatar_sim::rig::avatar_roles(bones, humanoid))
    }

    /// The default avatar's game-engine skeleton (`pelvis`, `spine_01`, `neck_01`, `upperarm_l` …).
    pub fn default_avatar() -> Self {
        let bones = [
            "pelvis",
            "spine_01",
            "neck_01",
            "head",
            "thigh_l",
            "thigh_r",
            "calf_l",
            "calf_r",
            "foot_l",
            "foot_r",
            "upperarm_l",
            "upperarm_r",
            "lowerarm_l",
            "lowerarm_r",
            "hand_l",
            "hand_r",
            "index_01_l",
            "index_01_r",
            "pinky_01_l",
            "pinky_01_r",
        ];
        Self::humanoid(&avatar_sim::rig::avatar_roles(bones, &BTreeMap::new()))
            .expect("the game-engine skeleton has every required role")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PoseMapSettings {
    /// Landmarks below this visibility hold their bone (see the module doc).
    pub min_visibility: f32,
    /// Mirror the subject (see the module doc).
    pub mirror: bool,
    /// A bone unseen this long (s, capture time) starts easing from its held rotation to rest...
    pub ease_after: f64,
    /// ...over this long (s). Only [`PoseMapper::map_at`] eases; [`PoseMapper::map`] holds forever.
    pub ease_duration: f64,
}

impl Default for PoseMapSettings {
    fn default() -> Self {
        PoseMapSettings { min_visibility: 0.5, mirror: false, ease_after: 2.0, ease_duration: 1.0 }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PoseMapError {
    #[error("the rig has no LBS part")]
    NoSkeleton,
    #[error("the rig has no bone {0:?}")]
    UnknownBone(String),
    #[error("landmark index {0} out of range (33)")]
    BadLandmark(usize),
    #[error("bone {0:?}: degenerate rest direction")]
    DegenerateRest(String),
}

struct Tracked {
    from: Vec<usize>,
    to: Vec<usize>,
    rest_dir: Vector3<f64>,
    /// Side landmarks and the rest side direction.
    side: Option<(Vec<usize>, Vec<usize>, Vector3<f64>)>,
}

/// Landmarks → `p`, with the per-bone hold state.
pub struct PoseMapper {
    pub options: PoseMapSettings,
    /// Added to the root's (and so every descendant's) translation, metres in avatar axes.
    pub root_translation: [f64; 3],
    rest_p: Vec<f64>,
    offset: usize,
    bones: Vec<Bone>,
    order: Vec<usize>,
    root: usize,
    rest_hip_frame: Matrix3<f64>,
    /// Per bone: index into `tracked`.
    tracked_of: Vec<Option<usize>>,
    tracked: Vec<Tracked>,
    /// Held local rotations (relative to the parent's posed rotation) per bone; the root's is world.
    held: Vec<Rotation3<f64>>,
    /// Per bone: capture time it was last seen, and its held rotation when easing to rest began.
    seen_at: Vec<Option<f64>>,
    ease_from: Vec<Option<Rotation3<f64>>>,
}

fn mean_head(bones: &[Bone], idx: &[usize]) -> Vector3<f64> {
    idx.iter()
        .map(|&b| Vector3::new(bones[b].bind[0][3], bones[b].bind[1][3], bones[b].bind[2][3]))
        .sum::<Vector3<f64>>()
        / idx.len() as f64
}

/// Frame with x along `lateral` and y as close as possible to `up` (columns x, y, z); `None` when degenerate.
fn hip_frame(lateral: Vector3<f64>, up: Vector3<f64>) -> Option<Matrix3<f64>> {
    let x = lateral.try_normalize(1e-9)?;
    let z = x.cross(&up).try_normalize(1e-9)?;
    let y = z.cross(&x);
    Some(Matrix3::from_columns(&[x, y, z]))
}

/// The rotation about `axis` that turns `a` onto `b` once both are projected perpendicular to `axis`
/// (identity when either projection is degenerate).
pub fn twist(axis: &Vector3<f64>, a: &Vector3<f64>, b: &Vector3<f64>) -> Rotation3<f64> {
    let n = axis.normalize();
    let (pa, pb) = (a - n * n.dot(a), b - n * n.dot(b));
    if pa.norm() < 1e-9 || pb.norm() < 1e-9 {
        return Rotation3::identity();
    }
    let angle = n.dot(&pa.cross(&pb)).atan2(pa.dot(&pb));
    Rotation3::from_axis_angle(&Unit::new_unchecked(n), angle)
}

/// The minimal rotation taking direction `a` to `b` (π about an axis ⟂ `a` when they are opposite).
pub fn swing(a: &Vector3<f64>, b: &Vector3<f64>) -> Rotation3<f64> {
    let (a, b) = (a.normalize(), b.normalize());
    if let Some(q) = UnitQuaternion::rotation_between(&a, &b) {
        return q.to_rotation_matrix();
    }
    let other = if a.x.abs() < 0.9 { Vector3::x() } else { Vector3::y() };
    Rotation3::from_axis_angle(&Unit::new_normalize(a.cross(&other)), std::f64::consts::PI)
}

impl PoseMapper {
    pub fn new(rig: &Rig, map: &PoseMap, options: PoseMapSettings) -> Result<Self, PoseMapError> {
        let (lbs, offset) = rig.skeleton().ok_or(PoseMapError::NoSkeleton)?;
        let bones = lbs.bones().to_vec();
        let idx = |n: &str| lbs.bone_index(n).ok_or_else(|| PoseMapError::UnknownBone(n.to_string()));
        let root = idx(&map.root)?;
        let (lh, rh) = (idx(&map.left_hip_bone)?, idx(&map.right_hip_bone)?);
        let lateral = mean_head(&bones, &[lh]) - mean_head(&bones, &[rh]);
        let rest_hip_frame =
            hip_frame(lateral, Vector3::y()).ok_or_else(|| PoseMapError::DegenerateRest(map.root.clone()))?;
        let mut tracked_of = vec![None; bones.len()];
        let mut tracked = vec![];
        for t in &map.bones {
            let b = idx(&t.bone)?;
            for &i in t.from.iter().chain(&t.to) {
                if i >= mp::COUNT {
                    return Err(PoseMapError::BadLandmark(i));
                }
            }
            let rf = t.rest_from.iter().map(|n| idx(n)).collect::<Result<Vec<_>, _>>()?;
            let rt = t.rest_to.iter().map(|n| idx(n)).collect::<Result<Vec<_>, _>>()?;
            if rf.is_empty() || rt.is_empty() || t.from.is_empty() || t.to.is_empty() {
                return Err(PoseMapError::DegenerateRest(t.bone.clone()));
            }
            let rest_dir = (mean_head(&bones, &rt) - mean_head(&bones, &rf))
                .try_normalize(1e-9)
                .ok_or_else(|| PoseMapError::DegenerateRest(t.bone.clone()))?;
            let side = match &t.side {
                None => None,
                Some(sd) => {
                    for &i in sd.from.iter().chain(&sd.to) {
                        if i >= mp::COUNT {
                            return Err(PoseMapError::BadLandmark(i));
                        }
                    }
                    let sf = sd.rest_from.iter().map(|n| idx(n)).collect::<Result<Vec<_>, _>>()?;
                    let st = sd.rest_to.iter().map(|n| idx(n)).collect::<Result<Vec<_>, _>>()?;
                    let dir = (!sf.is_empty() && !st.is_empty() && !sd.from.is_empty() && !sd.to.is_empty())
                        .then(|| mean_head(&bones, &st) - mean_head(&bones, &sf))
                        .and_then(|d| d.try_normalize(1e-9))
                        .ok_or_else(|| PoseMapError::DegenerateRest(t.bone.clone()))?;
                    Some((sd.from.clone(), sd.to.clone(), dir))
                }
            };
            tracked_of[b] = Some(tracked.len());
            tracked.push(Tracked { from: t.from.clone(), to: t.to.clone(), rest_dir, side });
        }
        Ok(PoseMapper {
            options,
            root_translation: [0.0; 3],
            rest_p: rig.rest_params(),
            offset,
            order: lbs.topological_order().to_vec(),
            held: vec![Rotation3::identity(); bones.len()],
            seen_at: vec![None; bones.len()],
            ease_from: vec![None; bones.len()],
            bones,
            root,
            rest_hip_frame,
            tracked_of,
            tracked,
        })
    }

    /// The landmark `i` in avatar axes, or `None` when not finite or below the visibility threshold.
    fn point(&self, lm: &[Landmark], i: usize) -> Option<Vector3<f64>> {
        let i = if self.options.mirror { mp::mirror(i) } else { i };
        let l = lm.get(i)?;
        let v = Vector3::new(l.x as f64, -(l.y as f64), -(l.z as f64));
        let v = if self.options.mirror { Vector3::new(-v.x, v.y, v.z) } else { v };
        (v.iter().all(|c| c.is_finite()) && l.visibility >= self.options.min_visibility).then_some(v)
    }

    fn mean_point(&self, lm: &[Landmark], idx: &[usize]) -> Option<Vector3<f64>> {
        let mut s = Vector3::zeros();
        for &i in idx {
            s += self.point(lm, i)?;
        }
        Some(s / idx.len() as f64)
    }

    /// Map one frame of world landmarks (MediaPipe order, 33) to a full parameter vector of the rig (rest
    /// values for every part other than the skeleton).
    pub fn map(&mut self, lm: &[Landmark]) -> Vec<f64> {
        self.map_at(lm, f64::NAN)
    }

    /// [`PoseMapper::map`] for a frame captured at `t` (s): a bone unseen for
    /// [`PoseMapSettings::ease_after`] eases from its held rotation to rest over
    /// [`PoseMapSettings::ease_duration`] (smoothstep slerp) instead of holding forever.
    pub fn map_at(&mut self, lm: &[Landmark], t: f64) -> Vec<f64> {
        let n = self.bones.len();
        let mut w: Vec<Option<Rotation3<f64>>> = vec![None; n];
        let mut t_out: Vec<Affine> = vec![read_affine(&self.rest_p[self.offset..]); n];
        // root: hip frame relative to rest
        let hips = self
            .point(lm, mp::LEFT_HIP)
            .zip(self.point(lm, mp::RIGHT_HIP))
            .and_then(|(l, r)| hip_frame(l - r, Vector3::y()));
        // tracked directions, read before the bookkeeping borrows the hold state
        let between = |from: &[usize], to: &[usize]| {
            let dir = self.mean_point(lm, from).zip(self.mean_point(lm, to)).map(|(a, c)| c - a);
            dir.filter(|d| d.norm() > 1e-9)
        };
        let dirs: Vec<Option<Vector3<f64>>> =
            self.tracked.iter().map(|tr| between(&tr.from, &tr.to)).collect();
        let sides: Vec<Option<Vector3<f64>>> = self
            .tracked
            .iter()
            .map(|tr| tr.side.as_ref().and_then(|(from, to, _)| between(from, to)))
            .collect();
        let mut vis = Visibility {
            held: &mut self.held,
            seen_at: &mut self.seen_at,
            ease_from: &mut self.ease_from,
            options: self.options,
        };
        if let Some(f) = hips {
            vis.held[self.root] = Rotation3::from_matrix_unchecked(f * self.rest_hip_frame.transpose());
            vis.seen(self.root, t);
        } else {
            vis.ease(self.root, t);
        }
        let is_below_root = |mut b: usize| loop {
            if b == self.root {
                return true;
            }
            match self.bones[b].parent {
                Some(p) => b = p,
                None => return false,
            }
        };
        let head = |b: usize| {
            let m = &self.bones[b].bind;
            Vector3::new(m[0][3], m[1][3], m[2][3])
        };
        let apply = |t: &Affine, x: &Vector3<f64>| {
            Vector3::from_fn(|c, _| t[c][0] * x[0] + t[c][1] * x[1] + t[c][2] * x[2] + t[c][3])
        };
        for &b in &self.order.clone() {
            if !is_below_root(b) {
                continue; // above the root (or another tree): rest
            }
            let j = head(b);
            let (w_parent, anchor) = if b == self.root {
                (Rotation3::identity(), j + Vector3::from(self.root_translation))
            } else {
                let p = self.bones[b].parent.expect("below root");
                (w[p].expect("parents first"), apply(&t_out[p], &j))
            };
            let wb = if b == self.root {
                vis.held[b]
            } else if let Some(k) = self.tracked_of[b] {
                if let Some(d) = dirs[k] {
                    let mut wb = swing(&(w_parent * self.tracked[k].rest_dir), &d) * w_parent;
                    if let (Some(s), Some((_, _, rest_side))) = (sides[k], &self.tracked[k].side) {
                        wb = twist(&d, &(wb * rest_side), &s) * wb;
                    }
                    vis.held[b] = w_parent.inverse() * wb;
                    vis.seen(b, t);
                    wb
                } else {
                    vis.ease(b, t);
                    w_parent * vis.held[b]
                }
            } else {
                w_parent
            };
            let tr = anchor - wb * j;
            let m = wb.matrix();
            t_out[b] = std::array::from_fn(|r| [m[(r, 0)], m[(r, 1)], m[(r, 2)], tr[r]]);
            w[b] = Some(wb);
        }
        let mut p = self.rest_p.clone();
        for (b, t) in t_out.iter().enumerate() {
            write_affine(&mut p[self.offset + 12 * b..], t);
        }
        p
    }

    /// Forget the held rotations (every bone back to rest until seen).
    pub fn reset(&mut self) {
        self.held.iter_mut().for_each(|r| *r = Rotation3::identity());
        self.seen_at.iter_mut().for_each(|s| *s = None);
        self.ease_from.iter_mut().for_each(|s| *s = None);
    }
}

/// Per-bone visibility bookkeeping (kept apart from the skeleton so the mapping loop can borrow both).
struct Visibility<'a> {
    held: &'a mut [Rotation3<f64>],
    seen_at: &'a mut [Option<f64>],
    ease_from: &'a mut [Option<Rotation3<f64>>],
    options: PoseMapSettings,
}

impl Visibility<'_> {
    fn seen(&mut self, b: usize, t: f64) {
        if t.is_finite() {
            self.seen_at[b] = Some(t);
        }
        self.ease_from[b] = None;
    }

    /// Bone `b` is not seen at `t`: ease its held rotation towards rest once it has been unseen long enough.
    fn ease(&mut self, b: usize, t: f64) {
        let Some(seen) = self.seen_at[b].filter(|_| t.is_finite()) else { return };
        let lost = t - seen - self.options.ease_after;
        if lost <= 0.0 {
            return;
        }
        let from = *self.ease_from[b].get_or_insert(self.held[b]);
        let u =
            if self.options.ease_duration > 0.0 { (lost / self.options.ease_duration).min(1.0) } else { 1.0 };
        let w = u * u * (3.0 - 2.0 * u);
        let q = UnitQuaternion::from_rotation_matrix(&from).slerp(&UnitQuaternion::identity(), w);
        self.held[b] = q.to_rotation_matrix();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::asset::default_avatar;
    use avatar_sim::rig::RigPart;

    fn rig() -> Rig {
        default_avatar::inputs().unwrap().1
    }

    fn head_of(rig: &Rig, name: &str) -> Vector3<f64> {
        Vector3::from(avatar_sim::rig::bone_head(rig, name).unwrap())
    }

    /// Posed position of bone `name`'s bind head under `p` (via its parent's transform; the head is continuous).
    fn posed(rig: &Rig, p: &[f64], bone: &str, name: &str) -> Vector3<f64> {
        let o = rig.bone_param_offset(bone).unwrap();
        let t = read_affine(&p[o..]);
        let x = head_of(rig, name);
        Vector3::from_fn(|c, _| t[c][0] * x[0] + t[c][1] * x[1] + t[c][2] * x[2] + t[c][3])
    }

    fn to_mp(v: Vector3<f64>) -> Landmark {
        Landmark { x: v.x as f32, y: -v.y as f32, z: -v.z as f32, visibility: 0.99, presence: 0.99 }
    }

    /// Synthetic landmarks from known rotations (f64 geometry, stored as f32 like the wire): a root yaw,
    /// shoulder/elbow/hip/knee rotations applied to the avatar's own rest joints.
    #[test]
    fn synthetic_pose_is_recovered() {
        let rig = rig();
        let h = |n: &str| head_of(&rig, n);
        let pelvis = h("pelvis");
        let yaw = Rotation3::from_axis_angle(&Vector3::y_axis(), 0.4);
        let rot =
            |axis: [f64; 3], a: f64| Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::from(axis)), a);
        // world rotation deltas of each segment (child = parent's then its own, about its joint)
        let (r_ua_l, r_la_l) = (rot([0.2, 0.3, 1.0], -0.7), rot([0.0, 1.0, 0.3], 1.1));
        let (r_ua_r, r_la_r) = (rot([1.0, 0.0, 0.2], 0.5), rot([0.3, 1.0, 0.0], -0.9));
        let (r_th_l, r_ca_l) = (rot([1.0, 0.1, 0.0], -0.6), rot([1.0, 0.0, 0.0], 1.2));
        let (r_th_r, r_ca_r) = (rot([1.0, 0.0, 0.4], 0.3), rot([1.0, 0.0, 0.0], 0.8));
        let root = |x: Vector3<f64>| pelvis + yaw * (x - pelvis);
        let chain = |a: &str, b: &str, c: &str, r1: Rotation3<f64>, r2: Rotation3<f64>| {
            let s = root(h(a));
            let e = s + yaw * r1 * (h(b) - h(a));
            let w = e + yaw * r1 * r2 * (h(c) - h(b));
            (s, e, w)
        };
        let arm_l = chain("upperarm_l", "lowerarm_l", "hand_l", r_ua_l, r_la_l);
        let arm_r = chain("upperarm_r", "lowerarm_r", "hand_r", r_ua_r, r_la_r);
        let leg_l = chain("thigh_l", "calf_l", "foot_l", r_th_l, r_ca_l);
        let leg_r = chain("thigh_r", "calf_r", "foot_r", r_th_r, r_ca_r);
        let hip_mid = (leg_l.0 + leg_r.0) / 2.0;
        let ear = root(h("head"));
        let mut lm = vec![to_mp(Vector3::zeros()); 33];
        let mut set = |i: usize, v: Vector3<f64>| lm[i] = to_mp(v - hip_mid);
        use mp::*;
        set(LEFT_SHOULDER, arm_l.0);
        set(LEFT_ELBOW, arm_l.1);
        set(LEFT_WRIST, arm_l.2);
        set(RIGHT_SHOULDER, arm_r.0);
        set(RIGHT_ELBOW, arm_r.1);
        set(RIGHT_WRIST, arm_r.2);
        set(LEFT_HIP, leg_l.0);
        set(LEFT_KNEE, leg_l.1);
        set(LEFT_ANKLE, leg_l.2);
        set(RIGHT_HIP, leg_r.0);
        set(RIGHT_KNEE, leg_r.1);
        set(RIGHT_ANKLE, leg_r.2);
        set(LEFT_EAR, ear);
        set(RIGHT_EAR, ear);
        let mut m = PoseMapper::new(&rig, &PoseMap::default_avatar(), PoseMapSettings::default()).unwrap();
        let p = m.map(&lm);
        assert!(p.iter().all(|v| v.is_finite()));
        let hip_posed = (posed(&rig, &p, "pelvis", "thigh_l") + posed(&rig, &p, "pelvis", "thigh_r")) / 2.0;
        let limb = (h("lowerarm_l") - h("upperarm_l")).norm();
        // f32 landmarks: ~1e-7 relative rounding per coordinate
        let tol = 1e-6 * limb;
        let checks = [
            ("upperarm_l", "lowerarm_l", arm_l.1),
            ("lowerarm_l", "hand_l", arm_l.2),
            ("upperarm_r", "lowerarm_r", arm_r.1),
            ("lowerarm_r", "hand_r", arm_r.2),
            ("thigh_l", "calf_l", leg_l.1),
            ("calf_l", "foot_l", leg_l.2),
            ("thigh_r", "calf_r", leg_r.1),
            ("calf_r", "foot_r", leg_r.2),
            ("clavicle_l", "upperarm_l", arm_l.0),
            ("clavicle_r", "upperarm_r", arm_r.0),
        ];
        for (bone, joint, want) in checks {
            let got = posed(&rig, &p, bone, joint) - hip_posed;
            let err = (got - (want - hip_mid)).norm();
            eprintln!("{joint}: position error {:.3e} of limb length", err / limb);
            assert!(err < tol, "{joint}: error {err:e} m (tolerance {tol:e})");
        }
        // elbow bend: angle between upper and lower arm, chosen vs recovered
        let bend = |s: Vector3<f64>, e: Vector3<f64>, w: Vector3<f64>| (e - s).angle(&(w - e));
        let want = bend(arm_l.0, arm_l.1, arm_l.2);
        let got = bend(
            posed(&rig, &p, "clavicle_l", "upperarm_l"),
            posed(&rig, &p, "upperarm_l", "lowerarm_l"),
            posed(&rig, &p, "lowerarm_l", "hand_l"),
        );
        // the chosen bend, from the rest bend and r_la_l alone
        let chosen = (h("lowerarm_l") - h("upperarm_l")).angle(&(r_la_l * (h("hand_l") - h("lowerarm_l"))));
        assert!((want - chosen).abs() < 1e-9);
        eprintln!("elbow bend chosen {chosen:.9} recovered {got:.9}");
        assert!((got - chosen).abs() < 1e-6, "bend {got} vs {chosen}");
        // every bone's linear part is a rotation
        for b in 0..m.bones.len() {
            let t = read_affine(&p[m.offset + 12 * b..]);
            let a = Matrix3::from_fn(|r, c| t[r][c]);
            assert!((a.transpose() * a - Matrix3::identity()).norm() < 1e-9);
        }
    }

    /// Rest landmarks give the rest parameters; invisible limbs hold.
    #[test]
    fn rest_and_visibility_hold() {
        let rig = rig();
        let h = |n: &str| head_of(&rig, n);
        let hip_mid = (h("thigh_l") + h("thigh_r")) / 2.0;
        use mp::*;
        let mut lm = vec![to_mp(Vector3::zeros()); 33];
        for (i, n) in [
            (LEFT_SHOULDER, "upperarm_l"),
            (RIGHT_SHOULDER, "upperarm_r"),
            (LEFT_ELBOW, "lowerarm_l"),
            (RIGHT_ELBOW, "lowerarm_r"),
            (LEFT_WRIST, "hand_l"),
            (RIGHT_WRIST, "hand_r"),
            (LEFT_HIP, "thigh_l"),
            (RIGHT_HIP, "thigh_r"),
            (LEFT_KNEE, "calf_l"),
            (RIGHT_KNEE, "calf_r"),
            (LEFT_ANKLE, "foot_l"),
            (RIGHT_ANKLE, "foot_r"),
            (LEFT_EAR, "head"),
            (RIGHT_EAR, "head"),
        ] {
            lm[i] = to_mp(h(n) - hip_mid);
        }
        let mut m = PoseMapper::new(&rig, &PoseMap::default_avatar(), PoseMapSettings::default()).unwrap();
        let rest = rig.rest_params();
        let p = m.map(&lm);
        let err = p.iter().zip(&rest).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        assert!(err < 1e-5, "rest error {err}");
        // bend the left elbow, then hide the wrist: the forearm holds its bend
        let mut bent = lm.clone();
        let e = h("lowerarm_l");
        let wpos = e + Rotation3::from_axis_angle(&Vector3::z_axis(), 0.8) * (h("hand_l") - e);
        bent[LEFT_WRIST] = to_mp(wpos - hip_mid);
        let p1 = m.map(&bent);
        bent[LEFT_WRIST] = to_mp(h("hand_l") - hip_mid);
        bent[LEFT_WRIST].visibility = 0.1;
        let p2 = m.map(&bent);
        let o = rig.bone_param_offset("lowerarm_l").unwrap();
        let d = (0..12).map(|k| (p1[o + k] - p2[o + k]).abs()).fold(0.0, f64::max);
        assert!(d < 1e-12, "held forearm moved by {d}");
        assert!((posed(&rig, &p2, "lowerarm_l", "hand_l") - wpos).norm() < 1e-5);
    }

    /// The recorded session: every pose frame maps to finite parameters whose upper-arm directions follow the
    /// landmarks (visible frames) to < 1e-6 rad.
    #[test]
    fn recording_maps() {
        let rig = rig();
        check_recording(&rig, &PoseMap::default_avatar(), &|n: &str| n.to_owned());
    }

    /// Every tracked limb's posed direction is the recorded landmark direction, frame by frame (exact up to
    /// rounding): `name` turns a default-avatar bone name into the rig's.
    fn check_recording(rig: &Rig, map: &PoseMap, name: &dyn Fn(&str) -> String) {
        use avatar_schema::types::Message;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/recordings/pose_demo_singleperson_cam01.avtrrec");
        let rec = tracker_bridge::recording::Recording::load(&path).unwrap();
        let opts = PoseMapSettings::default();
        let mut m = PoseMapper::new(rig, map, opts).unwrap();
        let (mut frames, mut checked, mut max_err) = (0, 0, 0.0f64);
        for r in &rec.records {
            let Message::Pose(f) = &r.message else { continue };
            frames += 1;
            let p = m.map(&f.world_landmarks);
            assert!(p.iter().all(|v| v.is_finite()));
            for (bone, child, a, b) in [
                ("upperarm_l", "lowerarm_l", mp::LEFT_SHOULDER, mp::LEFT_ELBOW),
                ("upperarm_r", "lowerarm_r", mp::RIGHT_SHOULDER, mp::RIGHT_ELBOW),
                ("lowerarm_l", "hand_l", mp::LEFT_ELBOW, mp::LEFT_WRIST),
                ("lowerarm_r", "hand_r", mp::RIGHT_ELBOW, mp::RIGHT_WRIST),
                ("thigh_l", "calf_l", mp::LEFT_HIP, mp::LEFT_KNEE),
                ("calf_r", "foot_r", mp::RIGHT_KNEE, mp::RIGHT_ANKLE),
            ] {
                let (bone, child) = (name(bone), name(child));
                let (Some(pa), Some(pb)) = (m.point(&f.world_landmarks, a), m.point(&f.world_landmarks, b))
                else {
                    continue;
                };
                // a limb held while unseen has no landmark to follow
                let all_seen = [a, b].iter().all(|&i| f.world_landmarks[i].visibility >= opts.min_visibility);
                if !all_seen {
                    continue;
                }
                let o = rig.bone_param_offset(&bone).unwrap();
                let t = read_affine(&p[o..]);
                let wmat = Matrix3::from_fn(|r, c| t[r][c]);
                let rest = (head_of(rig, &child) - head_of(rig, &bone)).normalize();
                let dir = wmat * rest;
                assert!((dir.norm() - 1.0).abs() < 1e-12);
                let err = dir.angle(&(pb - pa));
                max_err = max_err.max(err);
                assert!(err < 1e-6, "frame {frames} {bone}: {err:e} rad");
                checked += 1;
            }
        }
        eprintln!("{frames} pose frames, {checked} visible limbs, max direction error {max_err:.3e} rad");
        assert!(frames > 10, "{frames} pose frames");
        assert!(checked > 3 * frames, "{checked} visible limbs in {frames} frames");
    }

    /// The default skeleton with the arms re-bound horizontal (a T-pose bind) and the bones renamed.
    fn rebound(rig: &Rig, t_pose: bool, rename: &dyn Fn(&str) -> String) -> Rig {
        let lbs = rig.skeleton().unwrap().0;
        let mut bones = lbs.bones().to_vec();
        let head = |b: &Bone| Vector3::new(b.bind[0][3], b.bind[1][3], b.bind[2][3]);
        if t_pose {
            for (arm, out) in [("upperarm_l", Vector3::x()), ("upperarm_r", -Vector3::x())] {
                let ua = lbs.bone_index(arm).unwrap();
                let child = bones.iter().position(|b| b.parent == Some(ua)).unwrap();
                let s = head(&bones[ua]);
                let r = swing(&(head(&bones[child]) - s), &out);
                // every bone below the shoulder turns about it
                let parents: Vec<Option<usize>> = bones.iter().map(|b| b.parent).collect();
                let below = |mut b: usize| loop {
                    if b == ua {
                        return true;
                    }
                    match parents[b] {
                        Some(p) => b = p,
                        None => return false,
                    }
                };
                #[allow(clippy::needless_range_loop)] // `below` reads the parents while `bones` is written
                for b in 0..bones.len() {
                    if below(b) {
                        let h = s + r * (head(&bones[b]) - s);
                        let m = r.matrix() * Matrix3::from_fn(|i, j| bones[b].bind[i][j]);
                        for i in 0..3 {
                            for j in 0..3 {
                                bones[b].bind[i][j] = m[(i, j)];
                            }
                            bones[b].bind[i][3] = h[i];
                        }
                    }
                }
            }
        }
        for b in &mut bones {
            b.name = rename(&b.name);
        }
        let lbs = avatar_sim::rig::LbsRig::new(bones, lbs.weights().clone()).unwrap();
        Rig::new(vec![RigPart::Lbs(lbs)]).unwrap()
    }

    /// The map of any skeleton comes from its roles, and the same landmarks give the same limb directions
    /// whatever the bind pose (the rest directions are the avatar's own).
    #[test]
    fn any_humanoid_skeleton_follows_the_recording_whatever_its_bind_pose() {
        let a_pose = rig();
        // the role-derived map of the default skeleton is the map its bone names were written for
        let map = PoseMap::for_rig(&a_pose, &BTreeMap::new()).unwrap();
        assert_eq!(map.bones.len(), 10);
        assert_eq!((map.root.as_str(), map.bones[0].bone.as_str()), ("pelvis", "spine_01"));
        assert_eq!(map.bones[3].side.as_ref().unwrap().rest_to, ["index_01_l"]);
        // a T-pose bind, Mixamo names
        let mixamo = |n: &str| {
            let m = [
                ("pelvis", "Hips"),
                ("spine_01", "Spine"),
                ("spine_02", "Spine1"),
                ("spine_03", "Spine2"),
                ("neck_01", "Neck"),
                ("head", "Head"),
                ("upperarm_l", "LeftArm"),
                ("lowerarm_l", "LeftForeArm"),
                ("hand_l", "LeftHand"),
                ("upperarm_r", "RightArm"),
                ("lowerarm_r", "RightForeArm"),
                ("hand_r", "RightHand"),
                ("thigh_l", "LeftUpLeg"),
                ("calf_l", "LeftLeg"),
                ("foot_l", "LeftFoot"),
                ("thigh_r", "RightUpLeg"),
                ("calf_r", "RightLeg"),
                ("foot_r", "RightFoot"),
                ("index_01_l", "LeftHandIndex1"),
                ("pinky_01_l", "LeftHandPinky1"),
                ("clavicle_l", "LeftShoulder"),
                ("clavicle_r", "RightShoulder"),
            ];
            let own = m.iter().find(|(a, _)| *a == n).map(|(_, b)| b.to_string()).unwrap_or(n.to_owned());
            format!("mixamorig:{own}")
        };
        let t_pose = rebound(&a_pose, true, &mixamo);
        let lbs = t_pose.skeleton().unwrap().0;
        let (ua, la) =
            (lbs.bone_index("mixamorig:LeftArm").unwrap(), lbs.bone_index("mixamorig:LeftForeArm").unwrap());
        let dir =
            Vector3::from_fn(|i, _| lbs.bones()[la].bind[i][3] - lbs.bones()[ua].bind[i][3]).normalize();
        assert!(dir.x > 0.999, "the rebound arm is horizontal: {dir}");
        let map = PoseMap::for_rig(&t_pose, &BTreeMap::new()).unwrap();
        assert_eq!(map.root, "mixamorig:Hips");
        check_recording(&t_pose, &map, &mixamo);
        // a skeleton missing a required role says which
        let no_arm =
            rebound(&a_pose, false, &|n: &str| if n == "upperarm_l" { "x".into() } else { n.into() });
        assert_eq!(PoseMap::for_rig(&no_arm, &BTreeMap::new()).unwrap_err(), ["leftUpperArm"]);
    }

    #[test]
    fn mirror_is_reflection_with_sides_swapped() {
        use avatar_schema::types::Message;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/recordings/pose_demo_singleperson_cam01.avtrrec");
        let rec = tracker_bridge::recording::Recording::load(&path).unwrap();
        let rig = rig();
        let map = PoseMap::default_avatar();
        let mut plain = PoseMapper::new(&rig, &map, PoseMapSettings::default()).unwrap();
        let mut mirrored =
            PoseMapper::new(&rig, &map, PoseMapSettings { mirror: true, ..Default::default() }).unwrap();
        let names: Vec<String> = plain.bones.iter().map(|b| b.name.clone()).collect();
        let swap = |n: &str| {
            if let Some(s) = n.strip_suffix("_l") {
                format!("{s}_r")
            } else if let Some(s) = n.strip_suffix("_r") {
                format!("{s}_l")
            } else {
                n.to_string()
            }
        };
        let s = Matrix3::from_diagonal(&Vector3::new(-1.0, 1.0, 1.0));
        let (mut worst, mut differs) = (0.0f64, 0.0f64);
        for r in &rec.records {
            let Message::Pose(f) = &r.message else { continue };
            let (p, pm) = (plain.map(&f.world_landmarks), mirrored.map(&f.world_landmarks));
            for n in &names {
                let t = read_affine(&p[rig.bone_param_offset(n).unwrap()..]);
                let tm = read_affine(&pm[rig.bone_param_offset(&swap(n)).unwrap()..]);
                let a = s * Matrix3::from_fn(|i, j| t[i][j]) * s;
                let b = s * Vector3::new(t[0][3], t[1][3], t[2][3]);
                let am = Matrix3::from_fn(|i, j| tm[i][j]);
                let bm = Vector3::new(tm[0][3], tm[1][3], tm[2][3]);
                worst = worst.max((a - am).norm()).max((b - bm).norm());
            }
            let o = rig.bone_param_offset("upperarm_l").unwrap();
            differs = differs.max((0..12).map(|k| (p[o + k] - pm[o + k]).abs()).fold(0.0, f64::max));
        }
        eprintln!("mirror: worst deviation {worst:.3e}");
        assert!(worst < 1e-6, "{worst}");
        assert!(differs > 0.1, "mirroring changed upperarm_l by only {differs}");
    }

    #[test]
    fn an_unseen_limb_holds_then_eases_to_rest() {
        let rig = rig();
        let mut m = PoseMapper::new(&rig, &PoseMap::default_avatar(), PoseMapSettings::default()).unwrap();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/recordings/pose_demo_singleperson_cam01.avtrrec");
        let rec = tracker_bridge::recording::Recording::load(&path).unwrap();
        let frame = rec
            .records
            .iter()
            .find_map(|r| match &r.message {
                avatar_schema::Message::Pose(f) => Some(f.world_landmarks.clone()),
                _ => None,
            })
            .unwrap();
        let ua = rig.bone_param_offset("upperarm_l").unwrap();
        let lbs = rig.skeleton().unwrap().0;
        let parent = lbs.bones()[lbs.bone_index("upperarm_l").unwrap()].parent.unwrap();
        let pa = rig.bone_param_offset(&lbs.bones()[parent].name).unwrap();
        let rot = |p: &[f64]| Matrix3::from_fn(|r, c| p[ua + 4 * r + c]);
        // rest relative to the parent: the arm turns with its (still tracked) parent chain only
        let rel = |p: &[f64]| Matrix3::from_fn(|r, c| p[pa + 4 * r + c]).transpose() * rot(p);
        let seen = rot(&m.map_at(&frame, 0.0));
        assert!((seen - Matrix3::identity()).norm() > 0.1, "the recorded arm is not at rest");
        let mut hidden = frame.clone();
        for i in [mp::LEFT_ELBOW, mp::LEFT_WRIST] {
            hidden[i].visibility = 0.0;
        }
        let held = rot(&m.map_at(&hidden, 1.9));
        assert!((held - seen).norm() < 1e-9, "held until ease_after");
        let mid = rot(&m.map_at(&hidden, 2.5));
        assert!((mid - seen).norm() > 1e-3, "easing");
        let rest = rel(&m.map_at(&hidden, 3.1));
        assert!((rest - Matrix3::identity()).norm() < 1e-9, "at rest relative to its parent: {rest}");
        // seen again: tracked again at once
        assert!((rot(&m.map_at(&frame, 3.2)) - seen).norm() < 1e-9);
    }

    #[test]
    fn torso_twist_is_recovered_from_the_shoulder_line() {
        let rig = rig();
        let h = |n: &str| head_of(&rig, n);
        let hip_mid = (h("thigh_l") + h("thigh_r")) / 2.0;
        let sh_mid = (h("upperarm_l") + h("upperarm_r")) / 2.0;
        let axis = (sh_mid - hip_mid).normalize();
        let angle = 0.5;
        let r = Rotation3::from_axis_angle(&Unit::new_normalize(axis), angle);
        // the shoulders turn about the spine's own axis; hips, and so the root, stay at rest
        let turned = |x: Vector3<f64>| hip_mid + r * (x - hip_mid);
        let mut lm = vec![to_mp(Vector3::zeros()); 33];
        let mut set = |i: usize, v: Vector3<f64>| lm[i] = to_mp(v - hip_mid);
        use mp::*;
        set(LEFT_HIP, h("thigh_l"));
        set(RIGHT_HIP, h("thigh_r"));
        set(LEFT_SHOULDER, turned(h("upperarm_l")));
        set(RIGHT_SHOULDER, turned(h("upperarm_r")));
        let mut m = PoseMapper::new(&rig, &PoseMap::default_avatar(), PoseMapSettings::default()).unwrap();
        let p = m.map(&lm);
        let world = |b: &str| {
            let o = rig.bone_param_offset(b).unwrap();
            Rotation3::from_matrix_unchecked(Matrix3::from_fn(|i, j| p[o + 4 * i + j]))
        };
        let rel = world("pelvis").inverse() * world("spine_01");
        let (got_axis, got) = rel.axis_angle().expect("a turn");
        eprintln!("twist: {got} rad about {:?} (chosen {angle} about {axis:?})", got_axis.into_inner());
        assert!((got - angle).abs() < 1e-5 && (got_axis.into_inner() - axis).norm() < 1e-5);
        // without the side landmarks the spine keeps the root's twist (the pre-twist behaviour)
        let mut plain = PoseMap::default_avatar();
        plain.bones.iter_mut().for_each(|b| b.side = None);
        let p2 = PoseMapper::new(&rig, &plain, PoseMapSettings::default()).unwrap().map(&lm);
        let o = rig.bone_param_offset("spine_01").unwrap();
        assert!((0..12).all(|i| (p2[o + i] - rig.rest_params()[o + i]).abs() < 1e-6));
    }

    #[test]
    fn twist_turns_one_projection_onto_the_other() {
        let axis = Vector3::new(0.0, 0.0, 2.0);
        let r = twist(&axis, &Vector3::new(1.0, 0.0, 5.0), &Vector3::new(0.0, 3.0, -1.0));
        assert!((r * Vector3::x() - Vector3::y()).norm() < 1e-12);
        assert_eq!(twist(&axis, &Vector3::new(0.0, 0.0, 1.0), &Vector3::x()), Rotation3::identity());
    }
}
