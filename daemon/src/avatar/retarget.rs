//! Tracker frames → the rig parameters `p` one avatar follows this tick.
//!
//! Per tick: take the newest pose, face and rig frames of the avatar's sources; filter what is new (One-Euro
//! on landmark positions, blendshape scores and the head rotation, timed by capture time); map it
//! ([`crate::mapping`]): body landmarks → skeleton, face → head bone and blendshapes, `RigFrame` bones and
//! blendshapes straight through; then move from the previous output towards that target over one input
//! interval (the tracker runs at 30–60 Hz, the solver at 120 Hz: a step in `p` every few ticks would be felt by
//! the dynamics as an impulse). On input silence the pose holds (`HELD_POSE`), then eases to the rest pose
//! (`REST_POSE` once there).
//!
//! Hand frames (per hand; the subject's left hand drives the avatar's left hand, the right one when mirrored)
//! are measured ([`crate::mapping::hand`]: palm frame, finger flexion and spread), One-Euro filtered per angle
//! and on the palm rotation, and posed on top of the body or rig frame: the hand bone turns to the tracked palm
//! (relative to the forearm as posed), the finger bones bend. Each hand is a piece of its own for per-source
//! silence: held, then eased back to the body's hand and the bind curl.

use super::params::SimParams;
use crate::ingest::{Inputs, Slots};
use crate::mapping::hand::{avatar_axes, measure, other};
use crate::mapping::{head_rotation, map_blendshapes, score_index, set_bone_world_rotation, FaceMap};
use crate::mapping::{role_name, NormalizedSkeleton};
use crate::mapping::{HandFilter, HandPose, HandRig};
use crate::mapping::{OneEuro, OneEuroRotation};
use crate::mapping::{PoseMap, PoseMapOptions, PoseMapper};
use avatar_schema::{state_flags, FaceFrame, HandFrame, Handedness, Landmark, PoseFrame, RigFrame};
use avatar_sim::rig::{write_affine, Rig, RigPart};
use nalgebra::{Quaternion, Rotation3, UnitQuaternion};
use std::collections::BTreeMap;
use std::sync::Arc;

/// MediaPipe's blendshape scores per face frame.
const SCORES: usize = avatar_schema::samples::MEDIAPIPE_BLENDSHAPES.len();

/// Mapping problems of one tick, for the daemon's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapCounts {
    /// Blendshape or bone names the avatar's rig does not have.
    pub unknown_names: u64,
    /// Values refused (non-finite scores, degenerate transforms).
    pub rejected_values: u64,
}

/// This tick's rig parameters and where they came from.
#[derive(Clone, Debug, Default)]
pub struct Target {
    pub p: Vec<f64>,
    /// `HELD_POSE` / `REST_POSE` bits.
    pub flags: u32,
    /// Sequence number and capture time of the newest input frame in `p` (0 before any).
    pub input_seq: u64,
    pub input_capture_time_ns: i64,
    /// A new input frame was taken this tick.
    pub fresh: bool,
    pub counts: MapCounts,
    /// No live input: none yet, or silent for longer than `hold_after` (the pose held, easing to rest or at
    /// rest). The avatar breathes then (see [`super::breathing`]).
    pub idle: bool,
}

/// Identity of the last frame taken from a slot (so each frame is filtered and mapped once).
type Seen = Option<(u64, u64)>; // (stream_id, seq)

/// The pieces of the pose, each from its own slot: body, face, rig frame, the avatar's left and right hand.
const PIECES: usize = 5;
/// The avatar's hands, in piece order from [`HAND_PIECE`].
const HANDS: [Handedness; 2] = [Handedness::Left, Handedness::Right];
const HAND_PIECE: usize = 3;

pub struct Retarget {
    rest_p: Vec<f64>,
    /// Tracker sources this avatar follows; empty = every source.
    sources: Vec<String>,
    /// Body landmarks → skeleton; `None` when the avatar's skeleton does not fit the landmark map (then only
    /// face and rig frames drive it).
    mapper: Option<PoseMapper>,
    landmark_filters: Vec<[OneEuro; 3]>,
    /// One-Euro filters of the face scores:
    /// keyed by the MediaPipe score's index, or by `SCORES + p` for a blendshape parameter `p` named directly
    blend_filters: BTreeMap<usize, OneEuro>,
    /// Scores → blendshapes and VRM expressions ([`crate::mapping::FaceMap`]).
    face_map: FaceMap,
    head_filter: OneEuroRotation,
    /// The avatar's hands (left, right) when its skeleton has them, their filters and latest filtered angles.
    hand_rigs: [Option<HandRig>; 2],
    hand_filters: [HandFilter; 2],
    hands: [Option<HandPose>; 2],
    seen: [Seen; PIECES],
    /// Latest mapped pieces: the body's `p` (skeleton), the face's (bone, rotation) and blendshape values, a rig
    /// frame's full `p`.
    body: Option<Vec<f64>>,
    head: Option<Rotation3<f64>>,
    face_blend: Vec<(usize, f64)>,
    rig_p: Option<Vec<f64>>,
    /// Interpolation from `from` (at local time `since_ns`) to `target` over `interval_s`.
    from: Vec<f64>,
    target: Vec<f64>,
    since_ns: i64,
    interval_s: f64,
    last_capture_ns: Option<i64>,
    /// Output of the previous tick.
    out: Vec<f64>,
    input_seq: u64,
    input_capture_time_ns: i64,
    last_input_local_ns: Option<i64>,
    /// `p` when the ease to rest began.
    ease_from: Option<Vec<f64>>,
    /// Per piece (body, face, rig frame, left hand, right hand): local time its newest frame was taken, `None`
    /// before one or once the piece eased out.
    piece_seen_ns: [Option<i64>; PIECES],
    /// Per piece: how much of it the pose holds, 1 while its tracker sends, easing to 0 once that tracker
    /// has been silent `ease_after` while another still sends (per-source silence).
    piece_weight: [f64; PIECES],
    params_filter: super::params::Filters,
    params_mirror: bool,
    /// VRM humanoid role → bone name ([`avatar_sim::rig::avatar_roles`]).
    roles: BTreeMap<String, String>,
    handles: Vec<usize>,
    head_bone: Option<String>,
    /// The humanoid `leftEye` / `rightEye` bones, when the avatar has them.
    eye_bones: [Option<String>; 2],
    /// The rest-pose correction of the skeleton for normalized rig frames.
    normalized: Option<NormalizedSkeleton>,
    /// Gaze from the latest face frame: (left eye yaw, right eye yaw, pitch), radians (see [`gaze`]).
    gaze: Option<[f64; 3]>,
}

/// Largest eye turn (radians) for a full `eyeLook*` score: about what an eye does (±25° sideways, ±20° up and
/// down).
const EYE_YAW: f64 = 25.0 * std::f64::consts::PI / 180.0;
const EYE_PITCH: f64 = 20.0 * std::f64::consts::PI / 180.0;

/// Eye turns from the gaze scores (MediaPipe derives them from the iris landmarks): per eye, yaw toward the
/// subject's left (+X on the avatar, which faces +Z) = `eyeLookOut` − `eyeLookIn` for the left eye and the
/// reverse for the right; pitch up = `eyeLookUp` − `eyeLookDown`, both eyes' mean. `None` when a score is
/// missing.
pub fn gaze(scores: &[Option<f64>]) -> Option<[f64; 3]> {
    let s = |n: &str| score_index(n).and_then(|i| scores.get(i).copied().flatten());
    let yaw_l = s("eyeLookOutLeft")? - s("eyeLookInLeft")?;
    let yaw_r = s("eyeLookInRight")? - s("eyeLookOutRight")?;
    let pitch =
        (s("eyeLookUpLeft")? + s("eyeLookUpRight")? - s("eyeLookDownLeft")? - s("eyeLookDownRight")?) / 2.0;
    Some([yaw_l * EYE_YAW, yaw_r * EYE_YAW, pitch * EYE_PITCH])
}

impl Retarget {
    /// For `rig` with the body landmark map `map`; `humanoid` maps VRM humanoid names to bone names (for
    /// `RigFrame`s that use them).
    pub fn new(
        rig: &Rig,
        map: Option<&PoseMap>,
        params: &SimParams,
        sources: Vec<String>,
        humanoid: BTreeMap<String, String>,
        expressions: &[avatar_sim::asset::Expression],
    ) -> Result<Self, String> {
        let options = map_options(params);
        let mapper = match map.map(|map| PoseMapper::new(rig, map, options)) {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(e)) => {
                tracing::warn!(
                    "body tracking is off for this avatar (its skeleton does not fit the pose map: {e})"
                );
                None
            }
        };
        let rest_p = rig.rest_params();
        let f = params.filter;
        let roles = avatar_sim::rig::avatar_roles(rig.bone_names(), &humanoid);
        // the face's head rotation goes to the humanoid head (a bone literally named `head` otherwise)
        let head_bone = roles
            .get("head")
            .cloned()
            .or_else(|| rig.bone_param_offset("head").map(|_| "head".to_owned()))
            .filter(|b| rig.bone_param_offset(b).is_some());
        let normalized = rig
            .parts()
            .iter()
            .find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
            .map(|l| NormalizedSkeleton::new(l, &roles));
        let eye_bones = ["leftEye", "rightEye"]
            .map(|r| roles.get(r).cloned().filter(|b| rig.bone_param_offset(b).is_some()));
        let hand_rigs = HANDS.map(|side| {
            HandRig::new(rig, &roles, side)
                .map_err(|e| tracing::debug!("no {} hand tracking for this avatar: {e}", side.as_str()))
                .ok()
        });
        Ok(Retarget {
            sources,
            mapper,
            landmark_filters: (0..avatar_schema::pose_landmarks::COUNT)
                .map(|_| std::array::from_fn(|_| OneEuro::new(f.landmarks)))
                .collect(),
            blend_filters: BTreeMap::new(),
            face_map: FaceMap::new(rig, expressions),
            head_filter: OneEuroRotation::new(f.rotations),
            hand_rigs,
            hand_filters: [HandFilter::new(f.rotations), HandFilter::new(f.rotations)],
            hands: [None; 2],
            seen: [None; PIECES],
            body: None,
            head: None,
            face_blend: Vec::new(),
            rig_p: None,
            from: rest_p.clone(),
            target: rest_p.clone(),
            since_ns: 0,
            interval_s: 0.0,
            last_capture_ns: None,
            out: rest_p.clone(),
            input_seq: 0,
            input_capture_time_ns: 0,
            last_input_local_ns: None,
            ease_from: None,
            piece_seen_ns: [None; PIECES],
            piece_weight: [1.0; PIECES],
            params_filter: f,
            params_mirror: params.mirror,
            roles,
            head_bone,
            eye_bones,
            gaze: None,
            normalized,
            handles: super::dynamics::handle_offsets(rig),
            rest_p,
        })
    }

    pub fn rest_p(&self) -> &[f64] {
        &self.rest_p
    }

    /// Forget every input: back to rest, filters cleared (a `ResetAvatar` request).
    pub fn reset(&mut self) {
        if let Some(m) = &mut self.mapper {
            m.reset();
        }
        self.clear_filters();
        self.seen = [None; PIECES];
        (self.body, self.head, self.rig_p) = (None, None, None);
        self.hands = [None; 2];
        self.gaze = None;
        self.face_blend.clear();
        self.from = self.rest_p.clone();
        self.target = self.rest_p.clone();
        self.out = self.rest_p.clone();
        self.last_capture_ns = None;
        self.last_input_local_ns = None;
        self.ease_from = None;
        self.piece_seen_ns = [None; PIECES];
        self.piece_weight = [1.0; PIECES];
    }

    fn clear_filters(&mut self) {
        self.landmark_filters.iter_mut().flatten().for_each(|f| f.reset());
        self.blend_filters.values_mut().for_each(|f| f.reset());
        self.head_filter.reset();
        self.hand_filters.iter_mut().for_each(HandFilter::reset);
    }

    fn apply_params(&mut self, params: &SimParams) {
        let f = params.filter;
        if f != self.params_filter {
            self.landmark_filters.iter_mut().flatten().for_each(|x| x.params = f.landmarks);
            self.blend_filters.values_mut().for_each(|x| x.params = f.scores);
            self.head_filter.params = f.rotations;
            self.hand_filters.iter_mut().for_each(|h| h.set_params(f.rotations));
            self.params_filter = f;
        }
        self.params_mirror = params.mirror;
        if let Some(m) = &mut self.mapper {
            m.options = map_options(params);
        }
    }

    /// The slots this avatar reads: all sources, or its own in the order given.
    fn slots<'a>(
        &self,
        inputs: &'a Inputs,
        held: &'a mut Vec<Arc<crate::ingest::SourceSlots>>,
    ) -> Vec<&'a Slots> {
        if self.sources.is_empty() {
            return vec![&inputs.any];
        }
        held.extend(self.sources.iter().filter_map(|s| inputs.source(s)));
        held.iter().map(|s| &s.slots).collect()
    }

    /// The rig parameters for the tick of length `h` (s) starting at local time `now_ns`.
    pub fn tick(&mut self, rig: &Rig, inputs: &Inputs, now_ns: i64, h: f64, params: &SimParams) -> Target {
        self.apply_params(params);
        let mut held = Vec::new();
        let slots = self.slots(inputs, &mut held);
        let newest = |get: &dyn Fn(&Slots) -> Option<(i64, u64)>| {
            slots.iter().enumerate().filter_map(|(i, s)| get(s).map(|k| (k, i))).max().map(|(_, i)| i)
        };
        let pose = newest(&|s| s.pose.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].pose.load_full());
        let face = newest(&|s| s.face.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].face.load_full());
        let rigf = newest(&|s| s.rig.load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
            .and_then(|i| slots[i].rig.load_full());
        // the avatar's hand `side` follows the subject's same hand, or the other one when mirrored
        let mirror = params.mirror;
        let hand = |side: Handedness| {
            let subject = if mirror { other(side) } else { side };
            newest(&|s| s.hand(subject).load().as_ref().map(|f| (f.header.capture_time_ns, f.header.seq)))
                .and_then(|i| slots[i].hand(subject).load_full())
        };
        let hands = HANDS.map(hand);
        let received = slots.iter().map(|s| s.received_ns.load(std::sync::atomic::Ordering::Relaxed)).max();
        drop(slots);

        let mut t = Target::default();
        let headers = [
            pose.as_ref().map(|f| &f.header),
            face.as_ref().map(|f| &f.header),
            rigf.as_ref().map(|f| &f.header),
            hands[0].as_ref().map(|f| &f.header),
            hands[1].as_ref().map(|f| &f.header),
        ];
        let mut new = [false; PIECES];
        let mut newest_header = None::<&avatar_schema::FrameHeader>;
        let mut restarted = false;
        for (k, h) in headers.into_iter().enumerate() {
            let Some(h) = h else { continue };
            let id = (h.stream_id, h.seq);
            if self.seen[k] == Some(id) {
                continue;
            }
            // a restarted tracker (new stream id): its clock starts over, so must the filters' time
            restarted |= self.seen[k].is_some_and(|(stream, _)| stream != h.stream_id);
            self.seen[k] = Some(id);
            new[k] = true;
            if newest_header.is_none_or(|n| h.capture_time_ns > n.capture_time_ns) {
                newest_header = Some(h);
            }
        }
        if restarted {
            self.clear_filters();
        }
        let fresh = newest_header.is_some();
        if let Some(h) = newest_header {
            self.input_seq = h.seq;
            self.input_capture_time_ns = h.capture_time_ns;
            self.last_input_local_ns = Some(received.unwrap_or(now_ns).max(1));
            let dt = self.last_capture_ns.map(|c| (h.capture_time_ns - c) as f64 * 1e-9);
            self.last_capture_ns = Some(h.capture_time_ns);
            self.interval_s = dt.filter(|d| d.is_finite() && *d > 0.0).map_or(0.0, |d| d.min(0.1));
        }
        for k in (0..PIECES).filter(|&k| new[k]) {
            self.piece_seen_ns[k] = Some(now_ns);
            self.piece_weight[k] = 1.0;
        }
        if fresh {
            if let Some(f) = pose.as_ref().filter(|_| new[0]) {
                self.map_pose(f);
            }
            if let Some(f) = face.as_ref().filter(|_| new[1]) {
                t.counts = self.map_face(rig, f);
            }
            if let Some(f) = rigf.as_ref().filter(|_| new[2]) {
                let c = self.map_rig(rig, f);
                t.counts.unknown_names += c.unknown_names;
                t.counts.rejected_values += c.rejected_values;
            }
            for (side, f) in hands.iter().enumerate() {
                if let Some(f) = f.as_ref().filter(|_| new[HAND_PIECE + side]) {
                    t.counts.rejected_values += self.map_hand(side, f);
                }
            }
        }
        let (held, faded) = self.piece_silence(now_ns, params);
        if held {
            t.flags |= state_flags::HELD_POSE;
        }
        if fresh {
            self.target = self.compose(rig);
            // a jump is not interpolated (the dynamics treat it as a teleport too)
            let jump = super::dynamics::is_teleport(&self.out, &self.target, &self.handles, params);
            self.from = if jump { self.target.clone() } else { self.out.clone() };
            self.since_ns = now_ns;
            self.ease_from = None;
        } else if faded {
            // a silent piece eases out under the live ones: the target moves with it, tick by tick
            self.target = self.compose(rig);
        }

        // interpolate towards the target; this tick's step ends at now + h
        let s = if self.interval_s > 0.0 {
            (((now_ns - self.since_ns) as f64 * 1e-9 + h) / self.interval_s).clamp(0.0, 1.0)
        } else {
            1.0
        };
        let mut p: Vec<f64> = self.from.iter().zip(&self.target).map(|(a, b)| a + s * (b - a)).collect();

        // silence: hold, then ease to rest
        match self.last_input_local_ns {
            None => {
                t.flags |= state_flags::REST_POSE;
                t.idle = true;
            }
            Some(last) => {
                let silence = (now_ns - last) as f64 * 1e-9;
                if silence > params.hold_after {
                    t.flags |= state_flags::HELD_POSE;
                    t.idle = true;
                }
                if silence > params.ease_after {
                    let from = self.ease_from.get_or_insert_with(|| p.clone());
                    let u = if params.ease_duration > 0.0 {
                        ((silence - params.ease_after) / params.ease_duration).clamp(0.0, 1.0)
                    } else {
                        1.0
                    };
                    let w = u * u * (3.0 - 2.0 * u); // smoothstep
                    p = blend_rigidly(from, &self.rest_p, w, &self.handles);
                    if u >= 1.0 {
                        t.flags |= state_flags::REST_POSE;
                        // the next input starts from rest
                        self.from = self.rest_p.clone();
                        self.target = self.rest_p.clone();
                    }
                }
            }
        }
        self.out = p.clone();
        t.p = p;
        t.input_seq = self.input_seq;
        t.input_capture_time_ns = self.input_capture_time_ns;
        t.fresh = fresh;
        t
    }

    /// Filter the world landmarks (One-Euro per coordinate, capture time) and map them to the skeleton.
    fn map_pose(&mut self, f: &PoseFrame) {
        let Some(mapper) = &mut self.mapper else { return };
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let lm: Vec<Landmark> = f
            .world_landmarks
            .iter()
            .zip(&mut self.landmark_filters)
            .map(|(l, fl)| {
                let mut l = *l;
                let [fx, fy, fz] = fl;
                l.x = fx.filter(t, l.x as f64).unwrap_or(l.x as f64) as f32;
                l.y = fy.filter(t, l.y as f64).unwrap_or(l.y as f64) as f32;
                l.z = fz.filter(t, l.z as f64).unwrap_or(l.z as f64) as f32;
                l
            })
            .collect();
        self.body = Some(mapper.map_at(&lm, t));
    }

    /// Filter the blendshape scores and the head rotation of a face frame; scores → blendshapes and
    /// expressions through the avatar's [`FaceMap`]; other names that are blendshapes of the rig, directly.
    fn map_face(&mut self, rig: &Rig, f: &FaceFrame) -> MapCounts {
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let mut scores = vec![None; SCORES];
        self.face_blend.clear();
        let (mut unknown, mut rejected) = (0u64, 0u64);
        for w in &f.blendshapes {
            let has_eyes = self.eye_bones.iter().any(Option::is_some);
            let score = score_index(&w.name)
                .filter(|&s| self.face_map.uses(s) || (has_eyes && w.name.starts_with("eyeLook")));
            let param = if score.is_none() { rig.blendshape_param_index(&w.name) } else { None };
            if score.is_none() && param.is_none() {
                unknown += 1;
                continue;
            }
            if !w.value.is_finite() {
                rejected += 1;
                continue;
            }
            let v = (w.value as f64).clamp(0.0, 1.0);
            let key = score.or(param.map(|i| SCORES + i)).expect("skipped above");
            let filter =
                self.blend_filters.entry(key).or_insert_with(|| OneEuro::new(self.params_filter.scores));
            let v = filter.filter(t, v).unwrap_or(v).clamp(0.0, 1.0);
            match (score, param) {
                (Some(s), _) => scores[s] = Some(v),
                (None, Some(i)) => self.face_blend.push((i, v)),
                (None, None) => unreachable!("skipped above"),
            }
        }
        self.face_blend.extend(self.face_map.apply(&scores));
        if self.eye_bones.iter().any(Option::is_some) {
            self.gaze = gaze(&scores).or(self.gaze);
        }
        match f.facial_transform.as_ref().map(|m| head_rotation(m, self.params_mirror)) {
            Some(Some(r)) => {
                let q = UnitQuaternion::from_rotation_matrix(&r);
                self.head =
                    self.head_filter.filter(t, q.into_inner()).map(|q| q.to_rotation_matrix()).or(Some(r));
            }
            Some(None) => rejected += 1,
            None => {}
        }
        MapCounts { unknown_names: unknown, rejected_values: rejected }
    }

    /// Measure a hand frame for the avatar's hand `side` (0 left, 1 right) and filter its angles (capture
    /// time). Returns the values refused: a degenerate palm (the frame is not used: the hand holds), or each
    /// angle of a degenerate finger segment (that joint holds).
    fn map_hand(&mut self, side: usize, f: &HandFrame) -> u64 {
        if self.hand_rigs[side].is_none() {
            return 0;
        }
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let measured =
            avatar_axes(&f.world_landmarks, self.params_mirror).and_then(|pts| measure(&pts, HANDS[side]));
        let Some(m) = measured else { return 1 };
        let pose = self.hands[side].get_or_insert_with(HandPose::default);
        self.hand_filters[side].update(t, &m, pose)
    }

    /// A rig frame: bones by name (or a known skeleton's name: [`avatar_sim::rig::resolve_bone`]) with local
    /// rotations relative to the bind pose, in the parent's frame (`schema/README.md` §4.4), blendshapes by
    /// name, the root's world position. A frame naming bones by VRM humanoid role (`leftUpperArm`, VMC's
    /// `LeftUpperArm`) is in the normalized convention instead: rotations relative to the T-pose, corrected
    /// for the avatar's bind ([`crate::mapping::NormalizedSkeleton`]).
    fn map_rig(&mut self, rig: &Rig, f: &RigFrame) -> MapCounts {
        let mut counts = MapCounts::default();
        let mut p = self.rest_p.clone();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            let RigPart::Lbs(l) = part else { continue };
            // bones named by VRM humanoid role (VRM / VMC spelling): the normalized convention. Names that a
            // known skeleton also uses (CMU's `Hips`, `Head`) do not decide it: a CMU clip stays bind-relative.
            let normalized = f.bones.iter().any(|bt| {
                l.bone_index(&bt.name).is_none()
                    && role_name(&bt.name, &self.roles).is_some()
                    && avatar_sim::rig::humanoid_role(&bt.name).is_none()
            });
            if let (true, Some(skeleton)) = (normalized, &self.normalized) {
                let mut n = vec![None; l.num_bones()];
                for bt in &f.bones {
                    let bone = role_name(&bt.name, &self.roles).map(|(_, b)| b).or_else(|| {
                        avatar_sim::rig::resolve_bone(&bt.name, |x| l.bone_index(x).is_some(), &self.roles)
                    });
                    let Some(b) = bone.and_then(|x| l.bone_index(x)) else {
                        counts.unknown_names += 1;
                        continue;
                    };
                    let [x, y, z, w] = bt.rotation.map(|v| v as f64);
                    n[b] = Some(
                        UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)).to_rotation_matrix(),
                    );
                }
                let root = f.root_position.map(|r| r.map(f64::from));
                for (b, t) in skeleton.skinning(&n, root).iter().enumerate() {
                    write_affine(&mut p[o + 12 * b..], t);
                }
                continue;
            }
            let mut local: Vec<_> = (0..l.num_bones()).map(|b| l.rest_local(b)).collect();
            for bt in &f.bones {
                let bone =
                    avatar_sim::rig::resolve_bone(&bt.name, |n| l.bone_index(n).is_some(), &self.roles);
                let Some(b) = bone.and_then(|n| l.bone_index(n)) else {
                    counts.unknown_names += 1;
                    continue;
                };
                let [x, y, z, w] = bt.rotation.map(|v| v as f64);
                let r = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z)).to_rotation_matrix();
                let m = r.matrix();
                let rest = local[b];
                // [R·R_b | j_b + t]: rotate about the joint, in the parent's frame
                let mut posed = rest;
                for i in 0..3 {
                    for j in 0..3 {
                        posed[i][j] = (0..3).map(|k| m[(i, k)] * rest[k][j]).sum();
                    }
                    posed[i][3] = rest[i][3] + bt.translation.map_or(0.0, |t| t[i] as f64);
                }
                local[b] = posed;
            }
            if let (Some(root), Some(rp)) = (l.topological_order().first(), f.root_position) {
                for i in 0..3 {
                    local[*root][i][3] = rp[i] as f64;
                }
            }
            let world = l.world_from_local(&local);
            for (b, t) in l.skinning_from_world(&world).iter().enumerate() {
                write_affine(&mut p[o + 12 * b..], t);
            }
        }
        let c = map_blendshapes(rig, &f.blendshapes, &mut p);
        counts.unknown_names += c.unknown as u64;
        counts.rejected_values += c.rejected as u64;
        self.rig_p = Some(p);
        counts
    }

    /// The target from the latest mapped pieces: a rig frame if any (it is a whole pose), else the body;
    /// then the face's head rotation and blendshapes on top.
    fn compose(&self, rig: &Rig) -> Vec<f64> {
        let [w_body, w_face, w_rig, ..] = self.piece_weight;
        let weighted = |from: &[f64], to: &[f64], w: f64| {
            if w >= 1.0 {
                to.to_vec()
            } else {
                blend_rigidly(from, to, w, &self.handles)
            }
        };
        let under =
            self.body.as_ref().map_or_else(|| self.rest_p.clone(), |b| weighted(&self.rest_p, b, w_body));
        let mut p = match &self.rig_p {
            Some(r) => weighted(&under, r, w_rig),
            None => under,
        };
        // the hands on top of the body or rig frame
        for (side, (hand_rig, pose)) in self.hand_rigs.iter().zip(&self.hands).enumerate() {
            let (Some(hand_rig), Some(pose)) = (hand_rig, pose) else { continue };
            let mut posed = p.clone();
            if hand_rig.apply(&mut posed, pose) {
                p = weighted(&p, &posed, self.piece_weight[HAND_PIECE + side]);
            }
        }
        let without_face = (w_face < 1.0).then(|| p.clone());
        if let (Some(r), Some(bone)) = (&self.head, &self.head_bone) {
            // The face tracker's head is relative to the camera, like the body's world landmarks.
            set_bone_world_rotation(rig, &mut p, bone, r);
        }
        if let Some(g) = self.gaze {
            for (eye, yaw) in self.eye_bones.iter().zip([g[0], g[1]]) {
                let Some(eye) = eye else { continue };
                // the eye turns within its current (head-carried) world rotation
                let Some(o) = rig.bone_param_offset(eye) else { continue };
                let carried =
                    Rotation3::from_matrix_unchecked(nalgebra::Matrix3::from_fn(|i, j| p[o + 4 * i + j]));
                let turn = Rotation3::from_axis_angle(&nalgebra::Vector3::y_axis(), yaw)
                    * Rotation3::from_axis_angle(&nalgebra::Vector3::x_axis(), -g[2]);
                set_bone_world_rotation(rig, &mut p, eye, &(carried * turn));
            }
        }
        for &(i, v) in &self.face_blend {
            p[i] = v;
        }
        match without_face {
            Some(base) => weighted(&base, &p, w_face),
            None => p,
        }
    }

    /// Per-source silence: while some tracker still sends, a piece (body, face, rig frame, hand) whose tracker has
    /// been silent longer than `hold_after` is held (returns `held`), and after `ease_after` it eases out over
    /// `ease_duration` (its weight in [`Retarget::compose`] goes smoothly to 0, then its data is dropped);
    /// returns `faded` when a weight changed. When every tracker is silent, the whole pose holds and eases
    /// instead (in [`Retarget::tick`]), and the weights stay.
    fn piece_silence(&mut self, now_ns: i64, params: &SimParams) -> (bool, bool) {
        let silence = |seen: Option<i64>| seen.map(|t| (now_ns - t) as f64 * 1e-9);
        let live = self.piece_seen_ns.iter().any(|&t| silence(t).is_some_and(|s| s <= params.hold_after));
        let (mut held, mut faded) = (false, false);
        if !live {
            return (false, false);
        }
        for k in 0..PIECES {
            let Some(s) = silence(self.piece_seen_ns[k]) else { continue };
            if s <= params.hold_after {
                continue;
            }
            let u = if params.ease_duration > 0.0 {
                ((s - params.ease_after) / params.ease_duration).clamp(0.0, 1.0)
            } else if s > params.ease_after {
                1.0
            } else {
                0.0
            };
            let w = 1.0 - u * u * (3.0 - 2.0 * u);
            if w != self.piece_weight[k] {
                self.piece_weight[k] = w;
                faded = true;
            }
            if w > 0.0 {
                held = true;
            } else {
                match k {
                    0 => self.body = None,
                    1 => {
                        (self.head, self.gaze) = (None, None);
                        self.face_blend.clear();
                    }
                    2 => self.rig_p = None,
                    hand => {
                        self.hands[hand - HAND_PIECE] = None;
                        self.hand_filters[hand - HAND_PIECE].reset();
                    }
                }
                self.piece_seen_ns[k] = None;
                self.piece_weight[k] = 1.0;
            }
        }
        (held, faded)
    }
}

fn map_options(params: &SimParams) -> PoseMapOptions {
    PoseMapOptions {
        min_visibility: params.min_visibility,
        mirror: params.mirror,
        ease_after: params.ease_after,
        ease_duration: params.ease_duration,
    }
}

/// `a + w (b − a)`, except that each 12-entry handle (a bone's or the affine part's transform) whose 3×3 parts
/// are both rotations turns along the shortest arc (quaternion slerp) while its translation moves linearly:
/// a linear blend of two rotation matrices shrinks the limb on its way (by 29 % halfway through a 90° turn),
/// and the flesh would feel that shrinking as a real deformation.
pub fn blend_rigidly(a: &[f64], b: &[f64], w: f64, handles: &[usize]) -> Vec<f64> {
    let mut p: Vec<f64> = a.iter().zip(b).map(|(x, y)| x + w * (y - x)).collect();
    let rotation = |q: &[f64]| {
        let m = nalgebra::Matrix3::from_fn(|r, c| q[4 * r + c]);
        let d = m.determinant();
        ((m.transpose() * m - nalgebra::Matrix3::identity()).norm() < 1e-3 && d > 0.0)
            .then(|| UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(m)))
    };
    for &o in handles {
        let (Some(qa), Some(qb)) = (rotation(&a[o..o + 12]), rotation(&b[o..o + 12])) else { continue };
        let Some(q) = qa.try_slerp(&qb, w, 1e-9) else { continue };
        let m = q.to_rotation_matrix();
        for r in 0..3 {
            for c in 0..3 {
                p[o + 4 * r + c] = m[(r, c)];
            }
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_turns_a_bone_rigidly_and_blends_the_rest_linearly() {
        let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        // 90° about z, translated by (2, 0, 0); then one blendshape weight
        let turned = [0.0, -1.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let a: Vec<f64> = id.iter().copied().chain([0.0]).collect();
        let b: Vec<f64> = turned.iter().copied().chain([1.0]).collect();
        let p = blend_rigidly(&a, &b, 0.5, &[0]);
        let (s, c) = std::f64::consts::FRAC_PI_4.sin_cos();
        let want = [c, -s, 0.0, 1.0, s, c, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5];
        for (i, (g, w)) in p.iter().zip(want).enumerate() {
            assert!((g - w).abs() < 1e-12, "entry {i}: {g} vs {w}");
        }
        // the ends are the ends
        assert_eq!(blend_rigidly(&a, &b, 0.0, &[0]), a);
        let end = blend_rigidly(&a, &b, 1.0, &[0]);
        assert!(end.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-12));
        // a handle that is not a rotation (a scale) is blended linearly
        let scaled: Vec<f64> = [2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0].to_vec();
        assert_eq!(blend_rigidly(&a, &scaled, 0.5, &[0])[0], 1.5);
    }
}
