//! The spring-bone step: the VRM specification's integration (verlet with drag, a pull back to the animated
//! direction, gravity; the bone length kept; joint spheres pushed out of colliders), run at a fixed reference
//! rate whatever the tick rate, on the rig parameters `p` of the tracked pose.
//!
//! - **Tick-rate independence**: the integration always steps [`REFERENCE_HZ`] (60 Hz, the rate creators
//!   preview at in three-vrm and the VRM tools), so a chain moves the same at a 30, 60, 120 or 240 Hz tick.
//!   A step that falls between two ticks sees the animated pose blended rigidly between them; a tick between
//!   two steps shows the tails extrapolated along their last step's velocity, length and collisions applied
//!   again (no lag, no stair steps).
//! - **Scale**: stiffness, gravity, hit radii and collider radii are multiplied by the bone's world scale (the
//!   cube root of its transform's determinant), so an avatar scaled ×2 moves the same relative to its size.
//! - **Frames**: a chain with a `center` bone keeps its tails in that bone's frame, so the center's own motion
//!   brings no inertia.
//! - A spring joint's result is a rotation of the joint and its subtree about the joint's head, on top of the
//!   animated pose: joints are visited parents first, so a child sees its parent's new rotation.

use super::contact::{depth, push_out, within_cone, Placed};
use super::model::{ChainTail, ColliderShape, JointParams, SpringModel};
use crate::rig::{Rig, RigPart};
use nalgebra::{Matrix3, UnitQuaternion, Vector3};

/// The integration's fixed rate (Hz).
pub const REFERENCE_HZ: f64 = 60.0;
/// At most this many integration steps per tick: a stalled tick (seconds) does not become a burst.
const MAX_STEPS_PER_TICK: usize = 8;
/// Push-out and length constraint are alternated this many times per joint (a joint between two colliders).
const COLLISION_ROUNDS: usize = 3;

/// Live settings of the springs (`SetParams`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpringSettings {
    pub enabled: bool,
    pub stiffness_scale: f64,
    pub gravity_scale: f64,
    pub drag_scale: f64,
}

impl Default for SpringSettings {
    fn default() -> Self {
        SpringSettings { enabled: true, stiffness_scale: 1.0, gravity_scale: 1.0, drag_scale: 1.0 }
    }
}

/// A bone as the solver sees it.
#[derive(Clone, Debug)]
struct BoneRef {
    /// First of its 12 entries in `p`.
    offset: usize,
    /// Bind (rest) world transform: linear part and head.
    bind_linear: Matrix3<f64>,
    head: Vector3<f64>,
}

/// One simulated joint, resolved against the rig.
#[derive(Clone, Debug)]
struct JointRig {
    bone: usize,
    /// The tail in the bind pose (world).
    tail_bind: Vector3<f64>,
    params: JointParams,
    /// Every bone in the joint's subtree (itself included), as parameter offsets: rotated with it.
    subtree: Vec<usize>,
    /// Collider indices this joint collides with.
    colliders: Vec<usize>,
    center: Option<usize>,
}

#[derive(Clone, Debug)]
struct ColliderRig {
    bone: usize,
    shape: ColliderShape,
}

/// The tails of one joint: now and one reference step ago, in its center's frame (world without a center).
#[derive(Clone, Copy, Debug)]
struct Tail {
    cur: Vector3<f64>,
    prev: Vector3<f64>,
}

/// The spring state of one avatar, stepped once per tick by [`SpringSolver::tick`].
#[derive(Clone, Debug)]
pub struct SpringSolver {
    bones: Vec<BoneRef>,
    joints: Vec<JointRig>,
    colliders: Vec<ColliderRig>,
    /// The bones whose animated transforms a step reads (joints, colliders, centers), as indices into `bones`.
    read: Vec<usize>,
    tails: Option<Vec<Tail>>,
    /// The previous tick's animated `p` (before the springs), for the steps that fall between ticks.
    prev_p: Vec<f64>,
    /// Time since the last integration step (s), in `[0, 1/REFERENCE_HZ)`.
    since_step: f64,
    scratch: Vec<f64>,
    placed: Vec<Placed>,
    /// World displacement of each collider point (see [`SpringSolver::collider_rest_points`]) by the flesh:
    /// empty when the colliders move with the bones only.
    shift: Vec<Vector3<f64>>,
}

impl SpringSolver {
    /// Resolve `model` against `rig` (the model must have passed [`SpringModel::validate`] for this rig: a bone
    /// it names that the rig lacks is a panic here).
    pub fn new(rig: &Rig, model: &SpringModel) -> SpringSolver {
        // every LBS bone of the rig, numbered across parts, with its parent in that numbering
        let mut bones = Vec::new();
        let mut names = std::collections::HashMap::new();
        let mut parent = Vec::new();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            let RigPart::Lbs(l) = part else { continue };
            let base = bones.len();
            for (k, b) in l.bones().iter().enumerate() {
                names.insert(b.name.clone(), bones.len());
                bones.push(BoneRef {
                    offset: o + 12 * k,
                    bind_linear: Matrix3::from_fn(|i, j| b.bind[i][j]),
                    head: Vector3::from_fn(|i, _| b.bind[i][3]),
                });
                parent.push(b.parent.map(|q| base + q));
            }
        }
        let index = |n: &str| *names.get(n).unwrap_or_else(|| panic!("spring bone {n:?} is not in the rig"));
        let mut children = vec![Vec::new(); bones.len()];
        for (b, p) in parent.iter().enumerate() {
            if let Some(p) = p {
                children[*p].push(b);
            }
        }
        let subtree = |root: usize| {
            let (mut out, mut stack) = (Vec::new(), vec![root]);
            while let Some(b) = stack.pop() {
                out.push(bones[b].offset);
                stack.extend(&children[b]);
            }
            out
        };
        let depth = |mut b: usize| {
            let mut d = 0;
            while let Some(p) = parent[b] {
                b = p;
                d += 1;
            }
            d
        };
        let mut joints = Vec::new();
        for chain in &model.chains {
            let colliders: Vec<usize> = chain
                .collider_groups
                .iter()
                .flat_map(|&g| model.collider_groups[g].colliders.iter().copied())
                .collect();
            let center = chain.center.as_deref().map(index);
            for (k, j) in chain.joints.iter().enumerate() {
                let bone = index(&j.bone);
                let tail_bind = match chain.joints.get(k + 1) {
                    Some(next) => bones[index(&next.bone)].head,
                    None => match &chain.tail {
                        ChainTail::Bone(t) => bones[index(t)].head,
                        ChainTail::Point(p) => Vector3::from(*p),
                    },
                };
                joints.push(JointRig {
                    bone,
                    tail_bind,
                    params: j.params.clone(),
                    subtree: subtree(bone),
                    colliders: colliders.clone(),
                    center,
                });
            }
        }
        // parents first: a joint deeper in the skeleton comes after every joint above it (chains of 0.x
        // branch from other chains' joints)
        joints.sort_by_key(|j| depth(j.bone));
        let colliders: Vec<ColliderRig> = model
            .colliders
            .iter()
            .map(|c| ColliderRig { bone: index(&c.bone), shape: c.shape.clone() })
            .collect();
        let mut read: Vec<usize> = joints.iter().map(|j| j.bone).collect();
        read.extend(colliders.iter().map(|c| c.bone));
        read.extend(joints.iter().filter_map(|j| j.center));
        read.sort_unstable();
        read.dedup();
        SpringSolver {
            bones,
            joints,
            colliders,
            read,
            tails: None,
            prev_p: Vec::new(),
            since_step: 0.0,
            scratch: Vec::new(),
            placed: Vec::new(),
            shift: Vec::new(),
        }
    }

    /// The rest (bind-pose) world position of every collider point, collider by collider: a sphere's centre,
    /// a capsule's two ends, a plane's origin. [`SpringSolver::set_collider_shifts`] takes one displacement
    /// per point in this order.
    pub fn collider_rest_points(&self) -> Vec<[f64; 3]> {
        let mut out = Vec::new();
        for c in &self.colliders {
            let b = &self.bones[c.bone];
            let at = |v: &[f64; 3]| (b.bind_linear * Vector3::from(*v) + b.head).into();
            match &c.shape {
                ColliderShape::Sphere { offset, .. } | ColliderShape::Plane { offset, .. } => {
                    out.push(at(offset))
                }
                ColliderShape::Capsule { offset, tail, .. } => {
                    out.push(at(offset));
                    out.push(at(tail));
                }
            }
        }
        out
    }

    /// Move the collider points by these world displacements on top of their bones' motion (the flesh's
    /// `u = Bz` there, so hair lying on a jiggling chest moves with it); one per
    /// [`SpringSolver::collider_rest_points`] entry. A wrong length or a non-finite entry clears the shifts.
    pub fn set_collider_shifts(&mut self, shifts: &[[f64; 3]]) {
        self.shift.clear();
        if shifts.len() == self.collider_rest_points_len() && shifts.iter().flatten().all(|v| v.is_finite()) {
            self.shift.extend(shifts.iter().map(|s| Vector3::from(*s)));
        }
    }

    fn collider_rest_points_len(&self) -> usize {
        self.colliders
            .iter()
            .map(|c| if matches!(c.shape, ColliderShape::Capsule { .. }) { 2 } else { 1 })
            .sum()
    }

    pub fn num_joints(&self) -> usize {
        self.joints.len()
    }

    /// Forget the motion: the next tick starts the tails at the animated pose, at rest (a teleport, a
    /// `ResetAvatar`, a new tracker stream).
    pub fn reset(&mut self) {
        self.tails = None;
    }

    /// One tick of `dt` seconds: `p` is the animated pose (tracked, before the springs) and receives the
    /// springs' rotations. With `settings.enabled` false, `p` is left exactly as it is and the state reset.
    pub fn tick(&mut self, p: &mut [f64], dt: f64, settings: &SpringSettings) {
        if !settings.enabled || self.joints.is_empty() {
            self.tails = None;
            return;
        }
        let h = 1.0 / REFERENCE_HZ;
        let dt = if dt.is_finite() && dt > 0.0 { dt } else { 0.0 };
        if self.tails.is_none() || self.prev_p.len() != p.len() {
            self.tails = Some(self.rest_tails(p));
            self.prev_p = p.to_vec();
            self.since_step = 0.0;
            // at rest: the animated pose, with the joints pushed out of the colliders it may put them in (a
            // reset after a jump can land the rest skirt inside a raised thigh)
            self.pose(p, 0.0);
            return;
        }
        self.since_step += dt;
        let mut steps = 0;
        while self.since_step >= h - 1e-9 && steps < MAX_STEPS_PER_TICK {
            self.since_step -= h;
            steps += 1;
            // this step's instant within the tick: `since_step` before its end
            let w = if dt > 0.0 { (1.0 - self.since_step / dt).clamp(0.0, 1.0) } else { 1.0 };
            let mut sub = std::mem::take(&mut self.scratch);
            sub.clear();
            sub.extend_from_slice(p);
            if w < 1.0 {
                for &b in &self.read {
                    let o = self.bones[b].offset;
                    blend_rigidly(&self.prev_p[o..o + 12], &p[o..o + 12], w, &mut sub[o..o + 12]);
                }
            }
            self.integrate(&mut sub, h, settings);
            self.scratch = sub;
        }
        if steps == MAX_STEPS_PER_TICK {
            self.since_step = self.since_step.min(h);
        }
        self.prev_p.clear();
        self.prev_p.extend_from_slice(p);
        // the tails now: extrapolated from the last step by the time since it
        let alpha = (self.since_step / h).clamp(0.0, 1.0);
        self.pose(p, alpha);
        // never publish a non-finite pose: back to the animated one (kept in `prev_p`), springs at rest
        if !p.iter().all(|v| v.is_finite()) {
            p.copy_from_slice(&self.prev_p);
            self.tails = None;
        }
    }

    /// The tails of the animated pose `p`, at rest.
    fn rest_tails(&self, p: &[f64]) -> Vec<Tail> {
        self.joints
            .iter()
            .map(|j| {
                let t = transform(&p[self.bones[j.bone].offset..]);
                let world = t.0 * j.tail_bind + t.1;
                let c = self.to_center(p, j.center, world);
                Tail { cur: c, prev: c }
            })
            .collect()
    }

    fn to_center(&self, p: &[f64], center: Option<usize>, x: Vector3<f64>) -> Vector3<f64> {
        match center {
            None => x,
            Some(c) => {
                let (a, t) = self.world(p, c);
                a.try_inverse().map_or(x, |inv| inv * (x - t))
            }
        }
    }

    fn out_of_center(&self, p: &[f64], center: Option<usize>, x: Vector3<f64>) -> Vector3<f64> {
        match center {
            None => x,
            Some(c) => {
                let (a, t) = self.world(p, c);
                a * x + t
            }
        }
    }

    /// Bone `b`'s posed world transform `G = T · bind` (linear part, translation).
    fn world(&self, p: &[f64], b: usize) -> (Matrix3<f64>, Vector3<f64>) {
        let (ta, tt) = transform(&p[self.bones[b].offset..]);
        let bone = &self.bones[b];
        (ta * bone.bind_linear, ta * bone.head + tt)
    }

    /// Place every collider in the world for pose `p`.
    fn place_colliders(&mut self, p: &[f64]) {
        let mut placed = std::mem::take(&mut self.placed);
        placed.clear();
        let mut point = 0;
        for c in &self.colliders {
            let (a, t) = self.world(p, c.bone);
            let s = scale_of(&a);
            // the bone's motion, plus the flesh's displacement of this point when given
            let mut at = |v: &[f64; 3]| {
                let x =
                    a * Vector3::from(*v) + t + self.shift.get(point).copied().unwrap_or_else(Vector3::zeros);
                point += 1;
                x
            };
            placed.push(match &c.shape {
                ColliderShape::Sphere { offset, radius, inside } => {
                    Placed::Sphere { c: at(offset), r: radius * s, inside: *inside }
                }
                ColliderShape::Capsule { offset, tail, radius, inside } => {
                    Placed::Capsule { a: at(offset), b: at(tail), r: radius * s, inside: *inside }
                }
                ColliderShape::Plane { offset, normal } => {
                    let n = a
                        .try_inverse()
                        .map_or(Vector3::from(*normal), |inv| inv.transpose() * Vector3::from(*normal));
                    Placed::Plane { o: at(offset), n: n.try_normalize(0.0).unwrap_or_else(Vector3::y) }
                }
            });
        }
        self.placed = placed;
    }

    /// One reference step on the animated pose `sub` (at the step's instant); `sub` receives the rotations.
    fn integrate(&mut self, sub: &mut [f64], h: f64, s: &SpringSettings) {
        self.place_colliders(sub);
        let mut tails = self.tails.take().expect("initialised");
        for (j, tail) in self.joints.iter().zip(tails.iter_mut()) {
            let (a, t) = transform(&sub[self.bones[j.bone].offset..]);
            let head = a * self.bones[j.bone].head + t;
            // the animated head → tail vector: the parent's current rotation, the rest local rotation
            let animated = a * (j.tail_bind - self.bones[j.bone].head);
            let len = animated.norm();
            if len < 1e-12 {
                continue;
            }
            let animated_dir = animated / len;
            let scale = scale_of(&(a * self.bones[j.bone].bind_linear));
            let cur = self.out_of_center(sub, j.center, tail.cur);
            let prev = self.out_of_center(sub, j.center, tail.prev);
            let prm = &j.params;
            // the live scale keeps drag in [0, 1], or within the file's own value beyond it (used as given)
            let drag =
                (prm.drag_force * s.drag_scale).clamp(prm.drag_force.min(0.0), prm.drag_force.max(1.0));
            // the VRM step: inertia with drag, a pull towards the animated direction, gravity
            let next = cur
                + (cur - prev) * (1.0 - drag)
                + animated_dir * (prm.stiffness * s.stiffness_scale * h * scale)
                + Vector3::from(prm.gravity_dir) * (prm.gravity_power * s.gravity_scale * h * scale);
            let next = self.constrain(
                head,
                next,
                len,
                prm.hit_radius * scale,
                &j.colliders,
                animated_dir,
                prm.cone_limit,
            );
            tail.prev = tail.cur;
            tail.cur = self.to_center(sub, j.center, next);
            rotate_toward(sub, &j.subtree, head, animated_dir, next - head);
        }
        self.tails = Some(tails);
    }

    /// The animated pose `p` with every joint turned to its tail extrapolated `alpha` of a step ahead.
    fn pose(&mut self, p: &mut [f64], alpha: f64) {
        self.place_colliders(p);
        let tails = self.tails.take().expect("initialised");
        for (j, tail) in self.joints.iter().zip(&tails) {
            let (a, pos) = transform(&p[self.bones[j.bone].offset..]);
            let head = a * self.bones[j.bone].head + pos;
            let animated = a * (j.tail_bind - self.bones[j.bone].head);
            let len = animated.norm();
            if len < 1e-12 {
                continue;
            }
            let scale = scale_of(&(a * self.bones[j.bone].bind_linear));
            let cur = self.out_of_center(p, j.center, tail.cur);
            let prev = self.out_of_center(p, j.center, tail.prev);
            let ahead = cur + (cur - prev) * alpha;
            let target = self.constrain(
                head,
                ahead,
                len,
                j.params.hit_radius * scale,
                &j.colliders,
                animated / len,
                j.params.cone_limit,
            );
            rotate_toward(p, &j.subtree, head, animated / len, target - head);
        }
        self.tails = Some(tails);
    }

    /// The tail `x` at distance `len` from `head`, within the cone limit about `animated_dir` when there is
    /// one, pushed out of (or kept in) the colliders; the limit is applied again after each push (the draft
    /// `VRMC_springBone_limit`'s order: after the inertia, after each collision).
    #[allow(clippy::too_many_arguments)]
    fn constrain(
        &self,
        head: Vector3<f64>,
        x: Vector3<f64>,
        len: f64,
        hit: f64,
        colliders: &[usize],
        animated_dir: Vector3<f64>,
        cone: Option<f64>,
    ) -> Vector3<f64> {
        let on_sphere = |x: Vector3<f64>| {
            let d = (x - head).try_normalize(0.0).unwrap_or(animated_dir);
            head + within_cone(d, animated_dir, cone) * len
        };
        let mut x = on_sphere(x);
        for _ in 0..COLLISION_ROUNDS {
            let mut moved = false;
            for &c in colliders {
                if let Some(y) = push_out(&self.placed[c], x, hit) {
                    x = on_sphere(y);
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
        x
    }

    /// How deep the joint spheres of the current pose `p` are inside their colliders (m, the deepest).
    pub fn max_penetration(&mut self, p: &[f64]) -> f64 {
        self.place_colliders(p);
        let mut worst: f64 = 0.0;
        for j in &self.joints {
            let (a, t) = transform(&p[self.bones[j.bone].offset..]);
            let tail = a * j.tail_bind + t;
            let scale = scale_of(&(a * self.bones[j.bone].bind_linear));
            for &c in &j.colliders {
                worst = worst.max(depth(&self.placed[c], tail, j.params.hit_radius * scale));
            }
        }
        worst
    }
}

/// The 12 entries of a transform `[A | t]` (row-major 3×4).
fn transform(e: &[f64]) -> (Matrix3<f64>, Vector3<f64>) {
    (Matrix3::from_fn(|i, j| e[4 * i + j]), Vector3::from_fn(|i, _| e[4 * i + 3]))
}

fn write_transform(e: &mut [f64], a: &Matrix3<f64>, t: &Vector3<f64>) {
    for i in 0..3 {
        for j in 0..3 {
            e[4 * i + j] = a[(i, j)];
        }
        e[4 * i + 3] = t[i];
    }
}

/// A transform's uniform scale: the cube root of its determinant's magnitude.
fn scale_of(a: &Matrix3<f64>) -> f64 {
    let s = a.determinant().abs().cbrt();
    if s.is_finite() && s > 0.0 {
        s
    } else {
        1.0
    }
}

/// `out` = the transform `w` of the way from `a` to `b`, rigidly: the rotation slerped, uniform scale and
/// translation interpolated linearly.
fn blend_rigidly(a: &[f64], b: &[f64], w: f64, out: &mut [f64]) {
    let ((la, ta), (lb, tb)) = (transform(a), transform(b));
    let (sa, sb) = (scale_of(&la), scale_of(&lb));
    let qa = UnitQuaternion::from_matrix(&(la / sa));
    let qb = UnitQuaternion::from_matrix(&(lb / sb));
    let q = qa.try_slerp(&qb, w, 1e-9).unwrap_or(if w < 0.5 { qa } else { qb });
    let s = sa + (sb - sa) * w;
    write_transform(out, &(q.to_rotation_matrix().into_inner() * s), &(ta + (tb - ta) * w));
}

/// Rotate the bones `subtree` (parameter offsets) about `head` by the shortest rotation taking direction
/// `from` to `to`.
fn rotate_toward(p: &mut [f64], subtree: &[usize], head: Vector3<f64>, from: Vector3<f64>, to: Vector3<f64>) {
    // the quaternion form clamps the cosine: `Rotation3::rotation_between` takes `acos` of a dot product that
    // rounding can put past 1 for nearly parallel directions, and returns NaN
    let Some(q) = UnitQuaternion::rotation_between(&from, &to) else { return };
    if !q.coords.iter().all(|c| c.is_finite()) || q.angle() < 1e-12 {
        return;
    }
    let r = q.to_rotation_matrix().into_inner();
    for &o in subtree {
        let (a, t) = transform(&p[o..]);
        // x ↦ R (T x − head) + head
        write_transform(&mut p[o..o + 12], &(r * a), &(r * (t - head) + head));
    }
}

#[cfg(test)]
mod nearly_parallel {
    use super::*;

    #[test]
    fn turning_between_nearly_parallel_directions_stays_finite() {
        // directions 1e-15 … 1e-9 rad apart: `Rotation3::rotation_between` gives NaN for a quarter of these
        let mut s = 1u64;
        let mut rnd = || {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        for k in 0..2000 {
            let from = Vector3::new(rnd(), rnd(), rnd()).normalize();
            let eps = 10f64.powf(-15.0 + 6.0 * (k as f64 / 2000.0));
            let to = (from + Vector3::new(rnd(), rnd(), rnd()).cross(&from).normalize() * eps) * 0.3;
            let mut p = vec![1.0, 0.0, 0.0, 0.5, 0.0, 1.0, 0.0, -0.2, 0.0, 0.0, 1.0, 0.1];
            rotate_toward(&mut p, &[0], Vector3::new(0.1, 0.2, 0.3), from, to);
            assert!(p.iter().all(|v| v.is_finite()), "{k}: {from:?} -> {to:?}: {p:?}");
        }
    }
}
