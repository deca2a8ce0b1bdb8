//! MediaPipe Hand world landmarks → finger joint angles → local rotations of a humanoid's finger bones and the
//! hand bone's orientation.
//!
//! **Landmarks** (MediaPipe Hand Landmarker, 21 per hand): 0 wrist; thumb 1 CMC, 2 MCP, 3 IP, 4 tip; index 5
//! MCP, 6 PIP, 7 DIP, 8 tip; middle 9–12; ring 13–16; little 17–20. World landmarks are metres around the
//! hand's centre in the camera's axes (x right, y down, z away), the axes of the pose world landmarks, and are
//! turned into the avatar's axes the same way ([`crate::PoseMapper`]: `(x, −y, −z)`; mirrored: x
//! negated as well and the hand taken as the other side's).
//!
//! **Palm frame** (columns `a`, `n`, `l`): `a` from the wrist (0) to the middle MCP (9); `n` the palmar normal
//! `s·(u × a)` with `u` the little MCP (17) → index MCP (5) line and `s = +1` for a right hand, `−1` for a left
//! one (a right hand held up, palm to the camera, has its index on the image's right; the sign makes `n` point
//! out of the palm for either hand, as the curl of the fingers does); `l = a × n`. The avatar's palm frame is
//! the same construction on the bind heads of its hand, middle, index and little proximal bones.
//!
//! **Finger angles.** Each finger is a chain of five points: the wrist, then its three joints and its tip
//! (thumb 0-1-2-3-4, index 0-5-6-7-8, …). With `e` the first segment's direction (wrist → MCP; for the thumb
//! wrist → CMC), `n₀` the palm normal made perpendicular to it and `l₀ = e × n₀`:
//! - first joint (finger MCP, thumb CMC), two degrees of freedom: the next segment is
//!   `d₁ = cos φ (cos θ e + sin θ n₀) + sin φ l₀ = Rot(l₀, θ)·Rot(n₀, −φ)·e`, so flexion `θ = atan2(d₁·n₀,
//!   d₁·e)` (towards the palm is positive) and spread `φ = asin(d₁·l₀)`, reported positive towards the thumb
//!   (`s·φ`: `+l` is the thumb's side on a right hand).
//! - second and third joints (PIP/DIP; thumb MCP/IP), hinges: the hinge axis is `l₀` carried by the first
//!   joint, `h₁ = normalize(l₀ − (l₀·d₁) d₁)`, and the flexion is the signed angle `atan2(h₁·(d₁ × d₂),
//!   d₁·d₂)` (positive: towards the palm, since `h₁ × d₁` is the carried palm normal); the third joint uses
//!   `h₂ = normalize(h₁ − (h₁·d₂) d₂)`.
//!
//! These angles depend only on the points' relative geometry: a rigid motion of the hand leaves them unchanged.
//! Each is clamped to an anatomical range ([`FLEXION_LIMITS_DEG`], [`SPREAD_LIMITS_DEG`]). A degenerate
//! segment (coincident points) leaves its joint (and the joints after it) unmeasured: they hold their last
//! value; a degenerate palm leaves the whole frame unmeasured. Nothing here produces a NaN.
//!
//! **Bones.** [`HandRig`] measures the same angles on the avatar's bind heads (the distal bone's tip, when it
//! has no child, continues the intermediate → distal line), and turns the tracked angles into each finger
//! bone's rotation relative to its parent, in the bind frame: first joint `F(θ, φ)·F(θ_bind, φ_bind)⁻¹` with
//! `F(θ, φ) = Rot(l₀, θ)·Rot(n₀, −φ)` built from the bind frame, hinges `Rot(h, θ − θ_bind)` about the bind
//! hinge axes. So the bend axis is perpendicular to the bone and the palm normal, its sense follows the
//! avatar's own palm for each hand, and the bind angles map to the bind pose. The hand bone takes the tracked
//! palm frame's rotation relative to the bind palm frame (world), re-expressed relative to the forearm as
//! posed and limited to [`WRIST_LIMIT_DEG`] from it; its head stays where the forearm carries it.

use avatar_schema::{Handedness, HAND_LANDMARKS};
use avatar_sim::rig::{read_affine, write_affine, Affine, Rig};
use nalgebra::{Matrix3, Rotation3, Unit, UnitQuaternion, Vector3};
use std::collections::BTreeMap;

use super::one_euro::{OneEuro, OneEuroParams, OneEuroRotation};

/// MediaPipe Hand landmark indices.
pub mod landmarks {
    pub const WRIST: usize = 0;
    pub const THUMB_CMC: usize = 1;
    pub const INDEX_MCP: usize = 5;
    pub const MIDDLE_MCP: usize = 9;
    pub const RING_MCP: usize = 13;
    pub const LITTLE_MCP: usize = 17;
}

/// Each finger's chain: wrist, three joints, tip (thumb, index, middle, ring, little).
pub const CHAINS: [[usize; 5]; 5] =
    [[0, 1, 2, 3, 4], [0, 5, 6, 7, 8], [0, 9, 10, 11, 12], [0, 13, 14, 15, 16], [0, 17, 18, 19, 20]];

/// VRM humanoid finger names and their three bones' segment names, in [`CHAINS`] order.
pub const FINGERS: [(&str, [&str; 3]); 5] = [
    ("Thumb", ["Metacarpal", "Proximal", "Distal"]),
    ("Index", ["Proximal", "Intermediate", "Distal"]),
    ("Middle", ["Proximal", "Intermediate", "Distal"]),
    ("Ring", ["Proximal", "Intermediate", "Distal"]),
    ("Little", ["Proximal", "Intermediate", "Distal"]),
];

/// Flexion ranges (degrees, min..max) per finger and joint. Fingers: −10°..100° at each joint (a little
/// hyperextension, a full curl). The thumb is measured about the palm's axes like the fingers, while its own
/// flexion plane is turned away from the palm normal: its first joint leaves the wrist → CMC line at a large
/// angle even at rest, and a relaxed thumb reads as extended at the MCP (the default avatar's bind: CMC 42°,
/// MCP −17°), hence the wider ranges.
pub const FLEXION_LIMITS_DEG: [[(f64, f64); 3]; 5] = [
    [(-60.0, 80.0), (-40.0, 80.0), (-40.0, 90.0)],
    [(-10.0, 100.0); 3],
    [(-10.0, 100.0); 3],
    [(-10.0, 100.0); 3],
    [(-10.0, 100.0); 3],
];

/// Spread ranges (± degrees) of the first joint per finger (thumb CMC: see [`FLEXION_LIMITS_DEG`]).
pub const SPREAD_LIMITS_DEG: [f64; 5] = [80.0, 30.0, 30.0, 30.0, 30.0];

/// Largest turn (degrees) of the hand bone away from the forearm as posed.
pub const WRIST_LIMIT_DEG: f64 = 90.0;

/// The VRM humanoid role of finger `finger` (index into [`FINGERS`]), joint `joint` (0..3) of hand `side`,
/// e.g. `leftIndexIntermediate`.
pub fn finger_role(side: Handedness, finger: usize, joint: usize) -> String {
    let (f, seg) = FINGERS[finger];
    format!("{}{f}{}", side.as_str(), seg[joint])
}

/// `+1` for a right hand, `−1` for a left one (see the module doc).
fn side_sign(side: Handedness) -> f64 {
    match side {
        Handedness::Right => 1.0,
        Handedness::Left => -1.0,
    }
}

/// The other hand.
pub fn other(side: Handedness) -> Handedness {
    match side {
        Handedness::Right => Handedness::Left,
        Handedness::Left => Handedness::Right,
    }
}

/// World landmarks → avatar axes (`(x, −y, −z)`, x negated too when `mirror`); `None` unless there are 21
/// finite points.
pub fn avatar_axes(world: &[[f32; 3]], mirror: bool) -> Option<Vec<Vector3<f64>>> {
    if world.len() != HAND_LANDMARKS {
        return None;
    }
    let sx = if mirror { -1.0 } else { 1.0 };
    let v: Vec<Vector3<f64>> =
        world.iter().map(|p| Vector3::new(sx * p[0] as f64, -(p[1] as f64), -(p[2] as f64))).collect();
    v.iter().all(|p| p.iter().all(|c| c.is_finite())).then_some(v)
}

/// The palm frame (columns `a`, `n`, `l`; module doc) from the wrist and the index, middle and little MCPs;
/// `None` when degenerate.
pub fn palm_frame(
    wrist: &Vector3<f64>,
    index: &Vector3<f64>,
    middle: &Vector3<f64>,
    little: &Vector3<f64>,
    side: Handedness,
) -> Option<Rotation3<f64>> {
    let a = (middle - wrist).try_normalize(1e-9)?;
    let n = (side_sign(side) * (index - little).cross(&a)).try_normalize(1e-9)?;
    let l = a.cross(&n);
    Some(Rotation3::from_matrix_unchecked(Matrix3::from_columns(&[a, n, l])))
}

/// One finger's measured angles (radians); `None` where a segment was degenerate.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FingerAngles {
    /// Flexion of the three joints, positive towards the palm.
    pub flexion: [Option<f64>; 3],
    /// Spread of the first joint in the palm plane, positive towards the thumb.
    pub spread: Option<f64>,
}

/// One hand's measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandAngles {
    /// The palm frame (avatar axes).
    pub palm: Rotation3<f64>,
    pub fingers: [FingerAngles; 5],
}

/// The geometry of one finger chain (module doc), with what could be measured.
#[derive(Clone, Copy, Debug)]
struct Chain {
    /// The palm normal perpendicular to the first segment's direction `e`, and `l₀ = e × n₀`.
    n0: Vector3<f64>,
    l0: Vector3<f64>,
    /// Hinge axes of the second and third joints.
    hinge: [Option<Vector3<f64>>; 2],
    flexion: [Option<f64>; 3],
    /// Spread towards `l₀` (not yet signed by the side).
    spread_l: Option<f64>,
}

fn chain(points: [&Vector3<f64>; 5], palm_normal: &Vector3<f64>) -> Option<Chain> {
    let e = (points[1] - points[0]).try_normalize(1e-9)?;
    let n0 = (palm_normal - e * e.dot(palm_normal)).try_normalize(1e-9)?;
    let l0 = e.cross(&n0);
    let seg = |k: usize| (points[k + 1] - points[k]).try_normalize(1e-9);
    let mut c = Chain { n0, l0, hinge: [None; 2], flexion: [None; 3], spread_l: None };
    let Some(d1) = seg(1) else { return Some(c) };
    c.flexion[0] = Some(d1.dot(&n0).atan2(d1.dot(&e)));
    c.spread_l = Some(d1.dot(&l0).clamp(-1.0, 1.0).asin());
    let (mut axis, mut d) = (l0, d1);
    for k in 0..2 {
        let Some(h) = (axis - d * axis.dot(&d)).try_normalize(1e-9) else { break };
        c.hinge[k] = Some(h);
        let Some(next) = seg(k + 2) else { break };
        c.flexion[k + 1] = Some(h.dot(&d.cross(&next)).atan2(d.dot(&next)));
        (axis, d) = (h, next);
    }
    Some(c)
}

/// Clamp to `[lo, hi]` degrees, in radians.
fn clamp_deg(x: f64, (lo, hi): (f64, f64)) -> f64 {
    x.clamp(lo.to_radians(), hi.to_radians())
}

/// The palm frame and every finger's angles of one hand (21 points in avatar axes), clamped to the anatomical
/// ranges; `None` when the palm is degenerate (or there are not 21 points).
pub fn measure(points: &[Vector3<f64>], side: Handedness) -> Option<HandAngles> {
    use landmarks::*;
    if points.len() != HAND_LANDMARKS {
        return None;
    }
    let palm =
        palm_frame(&points[WRIST], &points[INDEX_MCP], &points[MIDDLE_MCP], &points[LITTLE_MCP], side)?;
    let n = palm.matrix().column(1).into_owned();
    let mut fingers = [FingerAngles::default(); 5];
    for (f, ch) in CHAINS.iter().enumerate() {
        let Some(c) = chain(ch.map(|i| &points[i]), &n) else { continue };
        fingers[f].flexion =
            std::array::from_fn(|k| c.flexion[k].map(|x| clamp_deg(x, FLEXION_LIMITS_DEG[f][k])));
        let s = SPREAD_LIMITS_DEG[f];
        fingers[f].spread = c.spread_l.map(|x| clamp_deg(side_sign(side) * x, (-s, s)));
    }
    Some(HandAngles { palm, fingers })
}

/// The angles one hand holds: the filtered measurements, per joint (a joint never measured is `None`: its bone
/// stays at bind).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HandPose {
    pub palm: Option<Rotation3<f64>>,
    pub flexion: [[Option<f64>; 3]; 5],
    pub spread: [Option<f64>; 5],
}

/// One-Euro filters (capture time) on one hand's angles and its palm rotation.
#[derive(Clone, Debug)]
pub struct HandFilter {
    flexion: [[OneEuro; 3]; 5],
    spread: [OneEuro; 5],
    palm: OneEuroRotation,
}

impl HandFilter {
    pub fn new(params: OneEuroParams) -> Self {
        HandFilter {
            flexion: std::array::from_fn(|_| std::array::from_fn(|_| OneEuro::new(params))),
            spread: std::array::from_fn(|_| OneEuro::new(params)),
            palm: OneEuroRotation::new(params),
        }
    }

    pub fn set_params(&mut self, params: OneEuroParams) {
        self.flexion.iter_mut().flatten().chain(&mut self.spread).for_each(|f| f.params = params);
        self.palm.params = params;
    }

    pub fn reset(&mut self) {
        self.flexion.iter_mut().flatten().chain(&mut self.spread).for_each(|f| f.reset());
        self.palm.reset();
    }

    /// Filter measurement `m` taken at `t` (s) into `pose`; unmeasured joints keep their value in `pose`.
    /// Returns how many angles were unmeasured.
    pub fn update(&mut self, t: f64, m: &HandAngles, pose: &mut HandPose) -> u64 {
        let mut missing = 0;
        let q = UnitQuaternion::from_rotation_matrix(&m.palm);
        pose.palm = self.palm.filter(t, q.into_inner()).map(|q| q.to_rotation_matrix()).or(Some(m.palm));
        for f in 0..5 {
            for k in 0..3 {
                match m.fingers[f].flexion[k] {
                    Some(x) => pose.flexion[f][k] = self.flexion[f][k].filter(t, x).or(Some(x)),
                    None => missing += 1,
                }
            }
            match m.fingers[f].spread {
                Some(x) => pose.spread[f] = self.spread[f].filter(t, x).or(Some(x)),
                None => missing += 1,
            }
        }
        missing
    }
}

/// One finger of the avatar: its bind geometry (module doc).
#[derive(Clone, Debug)]
struct FingerRig {
    n0: Vector3<f64>,
    l0: Vector3<f64>,
    hinge: [Vector3<f64>; 2],
    /// Bind flexions and spread towards `l₀`.
    flexion: [f64; 3],
    spread_l: f64,
}

/// `Rot(l₀, θ)·Rot(n₀, −φ)`: the first joint's rotation (module doc).
fn first_joint(l0: &Vector3<f64>, n0: &Vector3<f64>, flexion: f64, spread_l: f64) -> Rotation3<f64> {
    Rotation3::from_axis_angle(&Unit::new_unchecked(*l0), flexion)
        * Rotation3::from_axis_angle(&Unit::new_unchecked(*n0), -spread_l)
}

/// Why an avatar's hand cannot be posed from hand frames.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum HandRigError {
    #[error("the rig has no LBS part")]
    NoSkeleton,
    #[error("no bone for the humanoid role {0:?}")]
    MissingRole(String),
    #[error("degenerate bind palm (hand, index, middle and little proximal heads)")]
    DegeneratePalm,
}

/// One hand of an avatar's skeleton, posed from [`HandPose`]s (module doc).
#[derive(Clone, Debug)]
pub struct HandRig {
    pub side: Handedness,
    /// The skeleton's offset in `p`.
    offset: usize,
    hand: usize,
    forearm: Option<usize>,
    /// Bind heads of every bone of the skeleton.
    heads: Vec<Vector3<f64>>,
    parents: Vec<Option<usize>>,
    /// The bones below the hand, parents first.
    below: Vec<usize>,
    bind_palm: Rotation3<f64>,
    fingers: [Option<FingerRig>; 5],
    /// Per bone: (finger, joint) when it is a finger bone posed here.
    finger_of: Vec<Option<(usize, usize)>>,
}

impl HandRig {
    /// Hand `side` of `rig`, its bones found by VRM humanoid role (`roles`: role → bone name). Needs the hand
    /// and the index, middle and little proximal bones (for the palm); a finger with a bone missing, or with a
    /// degenerate bind chain, is left unposed.
    pub fn new(rig: &Rig, roles: &BTreeMap<String, String>, side: Handedness) -> Result<Self, HandRigError> {
        let (lbs, offset) = rig.skeleton().ok_or(HandRigError::NoSkeleton)?;
        let bone = |role: &str| {
            roles
                .get(role)
                .and_then(|b| lbs.bone_index(b))
                .ok_or_else(|| HandRigError::MissingRole(role.into()))
        };
        let s = side.as_str();
        let hand = bone(&format!("{s}Hand"))?;
        let index = bone(&format!("{s}IndexProximal"))?;
        let middle = bone(&format!("{s}MiddleProximal"))?;
        let little = bone(&format!("{s}LittleProximal"))?;
        let bones = lbs.bones();
        let heads: Vec<Vector3<f64>> =
            bones.iter().map(|b| Vector3::new(b.bind[0][3], b.bind[1][3], b.bind[2][3])).collect();
        let parents: Vec<Option<usize>> = bones.iter().map(|b| b.parent).collect();
        let bind_palm = palm_frame(&heads[hand], &heads[index], &heads[middle], &heads[little], side)
            .ok_or(HandRigError::DegeneratePalm)?;
        let n = bind_palm.matrix().column(1).into_owned();
        let is_below = |mut b: usize| loop {
            match parents[b] {
                Some(p) if p == hand => return true,
                Some(p) => b = p,
                None => return false,
            }
        };
        let below: Vec<usize> = lbs.topological_order().iter().copied().filter(|&b| is_below(b)).collect();
        let mut fingers: [Option<FingerRig>; 5] = Default::default();
        let mut finger_of = vec![None; bones.len()];
        for (f, slot) in fingers.iter_mut().enumerate() {
            let Ok(b) = (0..3).map(|k| bone(&finger_role(side, f, k))).collect::<Result<Vec<_>, _>>() else {
                continue;
            };
            let b = [b[0], b[1], b[2]];
            // the distal bone's tip: its child's head, else the intermediate → distal line continued
            let tip = match parents.iter().position(|&p| p == Some(b[2])) {
                Some(c) => heads[c],
                None => heads[b[2]] + (heads[b[2]] - heads[b[1]]),
            };
            let Some(c) = chain([&heads[hand], &heads[b[0]], &heads[b[1]], &heads[b[2]], &tip], &n) else {
                continue;
            };
            let (Some(f0), Some(f1), Some(f2), Some(sp), Some(h0), Some(h1)) =
                (c.flexion[0], c.flexion[1], c.flexion[2], c.spread_l, c.hinge[0], c.hinge[1])
            else {
                continue;
            };
            for (k, &bk) in b.iter().enumerate() {
                finger_of[bk] = Some((f, k));
            }
            *slot =
                Some(FingerRig { n0: c.n0, l0: c.l0, hinge: [h0, h1], flexion: [f0, f1, f2], spread_l: sp });
        }
        Ok(HandRig {
            side,
            offset,
            hand,
            forearm: parents[hand],
            heads,
            parents,
            below,
            bind_palm,
            fingers,
            finger_of,
        })
    }

    /// Which fingers have all three bones (thumb, index, middle, ring, little).
    pub fn posed_fingers(&self) -> [bool; 5] {
        std::array::from_fn(|f| self.fingers[f].is_some())
    }

    /// The bind angles of finger `f` (flexion of its three joints, spread towards the thumb), radians.
    pub fn bind_angles(&self, f: usize) -> Option<([f64; 3], f64)> {
        self.fingers[f].as_ref().map(|r| (r.flexion, side_sign(self.side) * r.spread_l))
    }

    /// Finger bone `(finger, joint)`'s rotation relative to its parent (in the bind frame) for `pose`.
    fn local(&self, f: usize, k: usize, pose: &HandPose) -> Rotation3<f64> {
        let Some(r) = &self.fingers[f] else { return Rotation3::identity() };
        if k == 0 {
            let flexion = pose.flexion[f][0].unwrap_or(r.flexion[0]);
            let spread_l = pose.spread[f].map_or(r.spread_l, |s| side_sign(self.side) * s);
            first_joint(&r.l0, &r.n0, flexion, spread_l)
                * first_joint(&r.l0, &r.n0, r.flexion[0], r.spread_l).inverse()
        } else {
            let delta = pose.flexion[f][k].map_or(0.0, |x| x - r.flexion[k]);
            Rotation3::from_axis_angle(&Unit::new_unchecked(r.hinge[k - 1]), delta)
        }
    }

    /// Pose this hand in `p` (a full parameter vector of the rig): the hand bone turns to the tracked palm
    /// (when `pose.palm` is known; relative to the forearm as `p` has it, at most [`WRIST_LIMIT_DEG`]), the
    /// finger bones take their angles, every other bone below the hand keeps its rotation relative to its
    /// parent; heads stay attached to their parents. Returns `false` (and leaves `p` alone) when `p` does not
    /// hold rotations for the forearm and hand.
    pub fn apply(&self, p: &mut [f64], pose: &HandPose) -> bool {
        let o = self.offset;
        let affine = |p: &[f64], b: usize| read_affine(&p[o + 12 * b..]);
        let rotation = |t: &Affine| {
            let m = Matrix3::from_fn(|r, c| t[r][c]);
            let ok = m.iter().all(|v| v.is_finite())
                && (m.transpose() * m - Matrix3::identity()).norm() < 1e-6
                && m.determinant() > 0.0;
            ok.then(|| Rotation3::from_matrix_unchecked(m))
        };
        let apply = |t: &Affine, x: &Vector3<f64>| {
            Vector3::from_fn(|c, _| t[c][0] * x[0] + t[c][1] * x[1] + t[c][2] * x[2] + t[c][3])
        };
        let old_hand = affine(p, self.hand);
        let Some(w_hand_old) = rotation(&old_hand) else { return false };
        let parent_t = self.forearm.map(|f| affine(p, f));
        let w_forearm = match &parent_t {
            Some(t) => match rotation(t) {
                Some(r) => r,
                None => return false,
            },
            None => Rotation3::identity(),
        };
        let w_hand = match pose.palm {
            Some(palm) => {
                let world = palm * self.bind_palm.inverse();
                let relative = UnitQuaternion::from_rotation_matrix(&(w_forearm.inverse() * world));
                let limit = WRIST_LIMIT_DEG.to_radians();
                let angle = relative.angle();
                let relative = if angle > limit {
                    UnitQuaternion::identity().slerp(&relative, limit / angle)
                } else {
                    relative
                };
                w_forearm * relative.to_rotation_matrix()
            }
            None => w_hand_old,
        };
        // old world rotations (for the bones below the hand that keep theirs relative to their parent)
        let old: Vec<Option<Rotation3<f64>>> = self.below.iter().map(|&b| rotation(&affine(p, b))).collect();
        let old_of = |b: usize| {
            if b == self.hand {
                Some(w_hand_old)
            } else {
                self.below.iter().position(|&x| x == b).and_then(|i| old[i])
            }
        };
        let place = |p: &mut [f64], b: usize, w: &Rotation3<f64>, parent: Option<&Affine>| {
            let j = self.heads[b];
            let anchor = parent.map_or(j, |t| apply(t, &j));
            let tr = anchor - w * j;
            let m = w.matrix();
            let t: Affine = std::array::from_fn(|r| [m[(r, 0)], m[(r, 1)], m[(r, 2)], tr[r]]);
            write_affine(&mut p[o + 12 * b..], &t);
        };
        // the hand's head stays where the forearm (as posed) carries it
        place(p, self.hand, &w_hand, parent_t.as_ref());
        let mut new_w: BTreeMap<usize, Rotation3<f64>> = BTreeMap::new();
        new_w.insert(self.hand, w_hand);
        for &b in &self.below {
            let parent = self.parents[b].expect("below the hand");
            let w_parent = new_w[&parent];
            let local = match self.finger_of[b] {
                Some((f, k)) => self.local(f, k, pose),
                None => match (old_of(parent), old_of(b)) {
                    (Some(wp), Some(wb)) => wp.inverse() * wb,
                    _ => Rotation3::identity(),
                },
            };
            let w = w_parent * local;
            let parent_t = affine(p, parent);
            place(p, b, &w, Some(&parent_t));
            new_w.insert(b, w);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Degrees → radians.
    fn rad(d: f64) -> f64 {
        d.to_radians()
    }

    /// Chosen angles of one hand: per finger (flexion ×3, spread towards the thumb), degrees.
    type Chosen = [([f64; 3], f64); 5];

    const CHOSEN: Chosen = [
        ([25.0, 30.0, 40.0], 20.0),
        ([10.0, 45.0, 20.0], 12.0),
        ([35.0, 60.0, 30.0], -5.0),
        ([60.0, 80.0, 50.0], -10.0),
        ([85.0, 95.0, 70.0], -25.0),
    ];

    /// Forward kinematics: the 21 points (avatar axes) of a `side` hand with the chosen angles, its palm frame
    /// turned by `r` and moved by `t`. The MCPs lie in the palm plane (the index on the thumb's side, `s·l`),
    /// the thumb's CMC a little in front of it.
    fn hand_points(
        side: Handedness,
        chosen: &Chosen,
        r: &Rotation3<f64>,
        t: Vector3<f64>,
    ) -> Vec<Vector3<f64>> {
        let s = side_sign(side);
        let (a, n, l) = (r * Vector3::x(), r * Vector3::y(), r * Vector3::z());
        let radial = s * l;
        let mut pts = vec![Vector3::zeros(); 21];
        pts[0] = t;
        // first segments: (length, angle towards the thumb in the palm plane, towards the palm)
        let bases = [
            (0.035, 55.0, 0.3),
            (0.09, 12.0, 0.0),
            (0.088, 0.0, 0.0),
            (0.083, -11.0, 0.0),
            (0.078, -23.0, 0.0),
        ];
        let lengths = [
            [0.04, 0.032, 0.028],
            [0.045, 0.026, 0.022],
            [0.05, 0.03, 0.024],
            [0.046, 0.028, 0.023],
            [0.036, 0.021, 0.02],
        ];
        for f in 0..5 {
            let (len, ang, lift) = bases[f];
            let base = (a * rad(ang).cos() + radial * rad(ang).sin() + n * lift).normalize();
            let c = CHAINS[f];
            pts[c[1]] = t + base * len;
            let e = base;
            let n0 = (n - e * e.dot(&n)).normalize();
            let l0 = e.cross(&n0);
            let (flex, spread) = chosen[f];
            let d1 = first_joint(&l0, &n0, rad(flex[0]), s * rad(spread)) * e;
            let h = (l0 - d1 * l0.dot(&d1)).normalize();
            let d2 = Rotation3::from_axis_angle(&Unit::new_normalize(h), rad(flex[1])) * d1;
            let d3 = Rotation3::from_axis_angle(&Unit::new_normalize(h), rad(flex[2])) * d2;
            pts[c[2]] = pts[c[1]] + d1 * lengths[f][0];
            pts[c[3]] = pts[c[2]] + d2 * lengths[f][1];
            pts[c[4]] = pts[c[3]] + d3 * lengths[f][2];
        }
        pts
    }

    fn assert_angles(m: &HandAngles, chosen: &Chosen, tol_deg: f64, what: &str) {
        for (f, (flex, spread)) in chosen.iter().enumerate() {
            for (k, want) in flex.iter().enumerate() {
                let got = m.fingers[f].flexion[k].expect("measured").to_degrees();
                assert!((got - want).abs() < tol_deg, "{what}: finger {f} joint {k}: {got:.4}° vs {want}°");
            }
            let got = m.fingers[f].spread.expect("measured").to_degrees();
            assert!((got - spread).abs() < tol_deg, "{what}: finger {f} spread {got:.4}° vs {spread}°");
        }
    }

    fn some_turn() -> (Rotation3<f64>, Vector3<f64>) {
        (
            Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(0.3, -0.8, 0.5)), 2.1),
            Vector3::new(0.12, -0.4, 0.9),
        )
    }

    #[test]
    fn known_joint_angles_are_recovered_from_a_turned_and_moved_hand() {
        let (r, t) = some_turn();
        for side in [Handedness::Left, Handedness::Right] {
            let pts = hand_points(side, &CHOSEN, &r, t);
            let m = measure(&pts, side).expect("a hand");
            assert_angles(&m, &CHOSEN, 1.0, side.as_str());
            // (f32 rounding of the wire aside, the construction is exact)
            assert_angles(&m, &CHOSEN, 1e-6, side.as_str());
            // the palm frame is the turn
            assert!((m.palm.matrix() - r.matrix()).norm() < 1e-9, "palm {:?}", m.palm);
        }
    }

    #[test]
    fn a_mirrored_left_hand_measures_as_the_right_hand_with_the_same_angles() {
        let (r, t) = some_turn();
        let left = hand_points(Handedness::Left, &CHOSEN, &r, t);
        let mirrored: Vec<Vector3<f64>> = left.iter().map(|p| Vector3::new(-p.x, p.y, p.z)).collect();
        let m = measure(&mirrored, Handedness::Right).unwrap();
        assert_angles(&m, &CHOSEN, 1e-6, "mirrored left as right");
        // the mirror image is the right hand built on the mirrored palm frame (a, n, l) → (Sa, Sn, −Sl)
        let s = Matrix3::from_diagonal(&Vector3::new(-1.0, 1.0, 1.0));
        let d = Matrix3::from_diagonal(&Vector3::new(1.0, 1.0, -1.0));
        let turn = Rotation3::from_matrix_unchecked(s * r.matrix() * d);
        let right = hand_points(Handedness::Right, &CHOSEN, &turn, s * t);
        let worst = right.iter().zip(&mirrored).map(|(a, b)| (a - b).norm()).fold(0.0, f64::max);
        assert!(worst < 1e-12, "mirror image differs by {worst}");
        // taken as the wrong hand, the fingers bend backwards: the flexions change sign (and clamp)
        let wrong = measure(&mirrored, Handedness::Left).unwrap();
        let f = wrong.fingers[2].flexion[1].unwrap().to_degrees();
        assert!(f < 0.0, "a right hand taken as a left one: middle PIP {f}°");
    }

    #[test]
    fn a_rigid_motion_leaves_the_angles_unchanged() {
        let (r0, t0) = some_turn();
        let base = measure(&hand_points(Handedness::Right, &CHOSEN, &r0, t0), Handedness::Right).unwrap();
        for k in 0..20 {
            let x = k as f64;
            let r = Rotation3::from_axis_angle(
                &Unit::new_normalize(Vector3::new((0.7 * x).sin(), (1.3 * x).cos(), 0.4 + (0.3 * x).sin())),
                0.37 * x,
            );
            let t = Vector3::new(x.sin(), -x, 0.5 * x.cos());
            let pts: Vec<Vector3<f64>> =
                hand_points(Handedness::Right, &CHOSEN, &r0, t0).iter().map(|p| r * p + t).collect();
            let m = measure(&pts, Handedness::Right).unwrap();
            for f in 0..5 {
                for j in 0..3 {
                    let d = (m.fingers[f].flexion[j].unwrap() - base.fingers[f].flexion[j].unwrap()).abs();
                    assert!(d < 1e-9, "motion {k}: finger {f} joint {j} changed by {d}");
                }
                assert!((m.fingers[f].spread.unwrap() - base.fingers[f].spread.unwrap()).abs() < 1e-9);
            }
            assert!((m.palm.matrix() - (r * base.palm).matrix()).norm() < 1e-9);
        }
    }

    /// Positive spread is towards the thumb, positive flexion towards the palm, whichever the hand (checked
    /// on the points, not through the measurement's own formulas).
    #[test]
    fn positive_spread_moves_the_index_tip_towards_the_thumb() {
        for side in [Handedness::Left, Handedness::Right] {
            let (r, t) = some_turn();
            let mut spread = CHOSEN;
            let mut narrow = CHOSEN;
            spread[1].1 = 25.0;
            narrow[1].1 = -25.0;
            let (a, b) = (hand_points(side, &spread, &r, t), hand_points(side, &narrow, &r, t));
            assert!((a[8] - a[4]).norm() < (b[8] - b[4]).norm(), "{side:?}");
            assert!((measure(&a, side).unwrap().fingers[1].spread.unwrap().to_degrees() - 25.0).abs() < 1e-6);
        }
    }

    #[test]
    fn angles_are_clamped_to_the_anatomical_ranges() {
        let (r, t) = some_turn();
        let mut wild = CHOSEN;
        wild[1] = ([150.0, -40.0, 100.0], 50.0);
        let m = measure(&hand_points(Handedness::Right, &wild, &r, t), Handedness::Right).unwrap();
        let got = m.fingers[1].flexion.map(|x| x.unwrap().to_degrees());
        assert!(
            (got[0] - 100.0).abs() < 1e-9 && (got[1] + 10.0).abs() < 1e-9 && (got[2] - 100.0).abs() < 1e-6,
            "{got:?}"
        );
        assert!((m.fingers[1].spread.unwrap().to_degrees() - 30.0).abs() < 1e-9);
    }

    /// Coincident points: no NaN, no panic; a degenerate palm is refused, a degenerate finger is unmeasured.
    #[test]
    fn degenerate_hands_give_no_nan() {
        assert!(measure(&vec![Vector3::zeros(); 21], Handedness::Left).is_none());
        assert!(measure(&[Vector3::zeros(); 3], Handedness::Left).is_none());
        let (r, t) = some_turn();
        let mut pts = hand_points(Handedness::Right, &CHOSEN, &r, t);
        pts[6] = pts[5]; // index PIP on its MCP
        pts[15] = pts[14]; // ring DIP on its PIP
        pts[3] = pts[2] + (pts[2] - pts[1]) * 1e-12;
        let m = measure(&pts, Handedness::Right).unwrap();
        assert_eq!(m.fingers[1].flexion, [None; 3]);
        assert_eq!(m.fingers[1].spread, None);
        assert!(m.fingers[3].flexion[0].is_some() && m.fingers[3].flexion[2].is_none());
        for f in &m.fingers {
            assert!(f.flexion.iter().chain([&f.spread]).flatten().all(|x| x.is_finite()));
        }
        // collinear wrist and MCPs: no palm
        let line: Vec<Vector3<f64>> = (0..21).map(|i| Vector3::new(i as f64, 0.0, 0.0)).collect();
        assert!(measure(&line, Handedness::Right).is_none());
        assert!(avatar_axes(&[[f32::NAN, 0.0, 0.0]; 21], false).is_none());
        assert!(avatar_axes(&[[0.0; 3]; 20], false).is_none());
    }

    // --- the default avatar's hands ---

    fn default_rig() -> Rig {
        avatar_sim::asset::default_avatar::inputs().unwrap().1
    }

    fn roles(rig: &Rig) -> BTreeMap<String, String> {
        avatar_sim::rig::avatar_roles(rig.bone_names(), &BTreeMap::new())
    }

    fn head(rig: &Rig, roles: &BTreeMap<String, String>, role: &str) -> Vector3<f64> {
        Vector3::from(avatar_sim::rig::bone_head(rig, &roles[role]).unwrap())
    }

    /// Where bone `role`'s head is under `p` (carried by its own transform: heads are continuous).
    fn posed_head(rig: &Rig, roles: &BTreeMap<String, String>, p: &[f64], role: &str) -> Vector3<f64> {
        let t = read_affine(&p[rig.bone_param_offset(&roles[role]).unwrap()..]);
        let x = head(rig, roles, role);
        Vector3::from_fn(|c, _| t[c][0] * x[0] + t[c][1] * x[1] + t[c][2] * x[2] + t[c][3])
    }

    /// The palmar side of the avatar's hand from its thumb, not from the palm frame used by the mapping: with
    /// `r` the little → thumb line (towards the thumb) and `d` the hand → middle line (distal), the palm faces
    /// `r × d` on a right hand and `d × r` on a left one (a right hand held up, palm forward: thumb towards the
    /// body's left, +x; fingers up, +y; palm forward, +z = x × y).
    fn palmar_from_thumb(rig: &Rig, roles: &BTreeMap<String, String>, side: Handedness) -> Vector3<f64> {
        let s = side.as_str();
        let h = |r: &str| head(rig, roles, &format!("{s}{r}"));
        let r = h("ThumbMetacarpal") - h("LittleProximal");
        let d = h("MiddleProximal") - h("Hand");
        let n = match side {
            Handedness::Right => r.cross(&d),
            Handedness::Left => d.cross(&r),
        };
        n.normalize()
    }

    /// A 90° index PIP flexion (from the bind curl) moves the index's distal bone towards the palm, for both
    /// hands of the default avatar, and the two hands' results are mirror images.
    #[test]
    fn a_pip_flexion_bends_the_default_avatars_index_towards_the_palm() {
        let rig = default_rig();
        let roles = roles(&rig);
        let mut posed_tips = vec![];
        for side in [Handedness::Left, Handedness::Right] {
            let hand = HandRig::new(&rig, &roles, side).unwrap();
            assert_eq!(hand.posed_fingers(), [true; 5], "{side:?}");
            let palmar = palmar_from_thumb(&rig, &roles, side);
            // the mapping's own palm normal agrees with the thumb's
            assert!(hand.bind_palm.matrix().column(1).dot(&palmar) > 0.9, "{side:?}");
            let (bind, _) = hand.bind_angles(1).unwrap();
            let mut pose = HandPose::default();
            pose.flexion[1][1] = Some(bind[1] + rad(90.0));
            let mut p = rig.rest_params();
            assert!(hand.apply(&mut p, &pose));
            let s = side.as_str();
            let distal = format!("{s}IndexDistal");
            let moved = posed_head(&rig, &roles, &p, &distal) - head(&rig, &roles, &distal);
            let towards_palm = moved.dot(&palmar) / moved.norm();
            // the distal bone's direction (to its tip: the intermediate → distal line continued), bind and posed
            let (h2, h3) =
                (head(&rig, &roles, &format!("{s}IndexIntermediate")), head(&rig, &roles, &distal));
            let tip = h3 + (h3 - h2);
            let t = read_affine(&p[rig.bone_param_offset(&roles[&distal]).unwrap()..]);
            let posed_tip =
                Vector3::from_fn(|c, _| t[c][0] * tip[0] + t[c][1] * tip[1] + t[c][2] * tip[2] + t[c][3]);
            let bind_dir = (tip - h3).normalize().dot(&palmar);
            let posed_dir = (posed_tip - posed_head(&rig, &roles, &p, &distal)).normalize().dot(&palmar);
            eprintln!(
                "{side:?}: index distal head moved {:.1} mm, {towards_palm:.3} of it palmar; the distal bone points \
                 {bind_dir:.3} palmar at bind, {posed_dir:.3} bent",
                moved.norm() * 1e3
            );
            assert!(moved.norm() > 0.01, "{side:?}: moved only {} m", moved.norm());
            assert!(
                towards_palm > 0.2,
                "{side:?}: the index bent towards the back of the hand ({towards_palm})"
            );
            assert!(
                posed_dir > 0.8 && posed_dir > bind_dir + 0.3,
                "{side:?}: the fingertip does not point into the palm"
            );
            // the proximal bone and the other fingers stay at rest; the intermediate turned by 90° about its head
            let rest = rig.rest_params();
            for other in ["IndexProximal", "MiddleDistal", "ThumbDistal", "Hand"] {
                let o = rig.bone_param_offset(&roles[&format!("{}{other}", side.as_str())]).unwrap();
                assert!((0..12).all(|i| (p[o + i] - rest[o + i]).abs() < 1e-12), "{side:?} {other} moved");
            }
            let o = rig.bone_param_offset(&roles[&format!("{}IndexIntermediate", side.as_str())]).unwrap();
            let r = Rotation3::from_matrix_unchecked(Matrix3::from_fn(|i, j| p[o + 4 * i + j]));
            assert!((r.angle().to_degrees() - 90.0).abs() < 1e-9, "{}", r.angle().to_degrees());
            posed_tips.push(posed_head(&rig, &roles, &p, &distal));
        }
        // the default avatar is left-right symmetric: so are the two bends
        let (l, r) = (posed_tips[0], posed_tips[1]);
        assert!((l - Vector3::new(-r.x, r.y, r.z)).norm() < 1e-6, "{l} vs {r}");
    }

    /// The bind angles give the bind pose; the bind palm gives the forearm's rotation; a turned palm turns the
    /// hand bone by as much (up to the wrist limit), its head staying put.
    #[test]
    fn bind_angles_give_the_bind_pose_and_the_palm_turns_the_hand() {
        let rig = default_rig();
        let roles = roles(&rig);
        let rest = rig.rest_params();
        for side in [Handedness::Left, Handedness::Right] {
            let hand = HandRig::new(&rig, &roles, side).unwrap();
            let mut pose = HandPose { palm: Some(hand.bind_palm), ..Default::default() };
            for f in 0..5 {
                let (flex, spread) = hand.bind_angles(f).unwrap();
                pose.flexion[f] = flex.map(Some);
                pose.spread[f] = Some(spread);
            }
            let mut p = rest.clone();
            assert!(hand.apply(&mut p, &pose));
            let worst = p.iter().zip(&rest).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            assert!(worst < 1e-9, "{side:?}: the bind angles moved p by {worst}");
            let o = rig.bone_param_offset(&roles[&format!("{}Hand", side.as_str())]).unwrap();
            for (deg, want) in [(30.0, 30.0), (150.0, WRIST_LIMIT_DEG)] {
                let turn =
                    Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(0.2, 1.0, -0.4)), rad(deg));
                let mut p = rest.clone();
                assert!(
                    hand.apply(&mut p, &HandPose { palm: Some(turn * hand.bind_palm), ..Default::default() })
                );
                let r = Rotation3::from_matrix_unchecked(Matrix3::from_fn(|i, j| p[o + 4 * i + j]));
                assert!(
                    (r.angle().to_degrees() - want).abs() < 1e-6,
                    "{side:?} {deg}°: {}",
                    r.angle().to_degrees()
                );
                let wrist = format!("{}Hand", side.as_str());
                assert!((posed_head(&rig, &roles, &p, &wrist) - head(&rig, &roles, &wrist)).norm() < 1e-12);
                // the fingers go with the hand
                let tip = format!("{}MiddleDistal", side.as_str());
                let (h, t) = (head(&rig, &roles, &wrist), head(&rig, &roles, &tip));
                let carried = h + r * (t - h);
                assert!((posed_head(&rig, &roles, &p, &tip) - carried).norm() < 1e-9);
            }
        }
    }

    /// Landmarks built from the default avatar's own bind heads measure as its bind angles (so a tracked hand
    /// shaped like the avatar's leaves it at rest).
    #[test]
    fn the_avatars_own_hand_measures_as_its_bind_angles() {
        let rig = default_rig();
        let roles = roles(&rig);
        let side = Handedness::Right;
        let hand = HandRig::new(&rig, &roles, side).unwrap();
        let mut pts = vec![Vector3::zeros(); 21];
        pts[0] = head(&rig, &roles, "rightHand");
        for (f, ch) in CHAINS.iter().enumerate() {
            for k in 0..3 {
                pts[ch[k + 1]] = head(&rig, &roles, &finger_role(side, f, k));
            }
            pts[ch[4]] = pts[ch[3]] + (pts[ch[3]] - pts[ch[2]]);
        }
        let m = measure(&pts, side).unwrap();
        for f in 0..5 {
            let (flex, spread) = hand.bind_angles(f).unwrap();
            eprintln!(
                "finger {f}: bind flexion {:?}°, spread {:.1}°",
                flex.map(|x| x.to_degrees().round()),
                spread.to_degrees()
            );
            for (k, want) in flex.iter().enumerate() {
                assert!((m.fingers[f].flexion[k].unwrap() - want).abs() < 1e-9, "finger {f} joint {k}");
            }
            assert!((m.fingers[f].spread.unwrap() - spread).abs() < 1e-9, "finger {f}");
        }
    }
}

#[cfg(test)]
mod property {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

        /// Any finite landmarks, coincident and collinear ones included (points drawn from a few values): the
        /// measurement, the filter and the posing never panic and never put a non-finite value in `p`.
        #[test]
        fn any_finite_hand_poses_the_default_avatar_finitely(
            pts in prop::collection::vec(prop::array::uniform3(prop::sample::select(vec![-1e3f32, -0.05, 0.0, 0.02, 0.05, 7.0])), 21),
            side in prop::bool::ANY,
        ) {
            static RIG: std::sync::OnceLock<Rig> = std::sync::OnceLock::new();
            let rig = RIG.get_or_init(|| avatar_sim::asset::default_avatar::inputs().unwrap().1);
            let roles = avatar_sim::rig::avatar_roles(rig.bone_names(), &BTreeMap::new());
            let side = if side { Handedness::Left } else { Handedness::Right };
            let hand = HandRig::new(rig, &roles, side).unwrap();
            let mut filter = HandFilter::new(OneEuroParams::default());
            let mut pose = HandPose::default();
            let points = avatar_axes(&pts, false).unwrap();
            if let Some(m) = measure(&points, side) {
                for f in &m.fingers {
                    prop_assert!(f.flexion.iter().chain([&f.spread]).flatten().all(|x| x.is_finite()));
                }
                filter.update(0.0, &m, &mut pose);
                filter.update(0.01, &m, &mut pose);
                let mut p = rig.rest_params();
                prop_assert!(hand.apply(&mut p, &pose));
                prop_assert!(p.iter().all(|v| v.is_finite()));
            }
        }
    }
}
