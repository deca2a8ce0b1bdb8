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
//!
//! # Layout
//! [`Retarget::tick`] is a sequence of stages, each in its own file:
//! - `sources.rs`: the newest frame of each kind across the avatar's sources, and which pieces are new (seen
//!   once each; a restarted tracker clears the filters).
//! - `filters.rs`: the One-Euro filters' parameters and their reset; the pose mapper's options.
//! - the mappers, one per piece: `pose.rs` (body landmarks → skeleton), `face.rs` (scores → blendshapes,
//!   expressions, head rotation and [`face::gaze`]), `hand.rs` (palm frame and finger angles),
//!   `rig_frame.rs` (bones and blendshapes by name, bind-relative or normalized).
//! - `compose.rs`: the target `p` from the latest pieces and their weights; [`compose::blend_rigidly`].
//! - `interpolate.rs`: from the previous output towards the target over one input interval (a teleport
//!   jumps, [`crate::avatar::teleport`]).
//! - `silence.rs`: per-piece silence (held, then eased out) and whole-pose silence (held, then eased to
//!   rest).

mod compose;
mod face;
mod filters;
mod hand;
mod interpolate;
mod pose;
mod rig_frame;
mod silence;
mod sources;

use super::params::SimParams;
use crate::ingest::Inputs;
use crate::mapping::grounding::{Grounding, GroundingOptions, GroundingReport, Skeleton};
use crate::mapping::{FaceMap, NormalizedSkeleton};
use crate::mapping::{HandFilter, HandPose, HandRig};
use crate::mapping::{OneEuro, OneEuroRotation};
use crate::mapping::{PoseMap, PoseMapper};
use avatar_schema::{state_flags, Handedness};
use avatar_sim::rig::{Rig, RigPart};
use filters::{grounding_options, map_options};
use nalgebra::Rotation3;
use sources::Frames;
use std::collections::BTreeMap;

/// MediaPipe's blendshape scores per face frame.
const SCORES: usize = avatar_humanoid::mediapipe::BLENDSHAPES.len();

/// Mapping problems of one tick, for the daemon's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapCounts {
    /// Blendshape or bone names the avatar's rig does not have.
    pub unknown_names: u64,
    /// Values refused (non-finite scores, degenerate transforms).
    pub rejected_values: u64,
    /// Body positions the grounding held (a jump faster than a person moves) or could not fit (too few
    /// visible landmarks).
    pub grounding_held: u64,
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
    /// A tracker restarted this tick (a new stream id on a slot seen before): motion state such as the spring
    /// bones' starts over.
    pub restarted: bool,
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
    /// After the mapping: the root from the camera, planted feet, legs out of view
    /// ([`crate::mapping::grounding`]); `None` when the skeleton lacks hips or legs.
    grounding: Option<Grounding>,
    grounding_options: GroundingOptions,
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
    /// Gaze from the latest face frame: (left eye yaw, right eye yaw, pitch), radians (see [`face::gaze`]).
    gaze: Option<[f64; 3]>,
}

impl Retarget {
    /// For `rig` with the body landmark map `map`; `humanoid` maps VRM humanoid names to bone names (for
    /// `RigFrame`s that use them); `rest` is a rest mesh with its rig (the render mesh: where the floor and
    /// the soles are, as drawn).
    pub fn new(
        rig: &Rig,
        rest: Option<(&Rig, &[[f64; 3]])>,
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
        let grounding = rig.skeleton().and_then(|(lbs, offset)| {
            // the soles from the rest mesh when its skeleton is this rig's (same bones), else from the bones
            let mesh = rest.and_then(|(r, v)| {
                r.skeleton().filter(|(l, _)| l.num_bones() == lbs.num_bones()).map(|(l, _)| (l, v))
            });
            let sk = match mesh {
                Some((l, v)) => Skeleton::new(l, &roles, Some(v)),
                None => Skeleton::new(lbs, &roles, None),
            };
            if sk.is_none() {
                tracing::debug!("no grounding for this avatar (its skeleton lacks hips or legs)");
            }
            sk.map(|sk| Grounding::new(sk, offset))
        });
        let hand_rigs = HANDS.map(|side| {
            HandRig::new(rig, &roles, side)
                .map_err(|e| tracing::debug!("no {} hand tracking for this avatar: {e}", side.as_str()))
                .ok()
        });
        Ok(Retarget {
            sources,
            mapper,
            grounding,
            grounding_options: grounding_options(params),
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
            handles: rig.handle_offsets(),
            rest_p,
        })
    }

    pub fn rest_p(&self) -> &[f64] {
        &self.rest_p
    }

    /// What the grounding did on the last body frame (`None`: the avatar has no grounding).
    pub fn grounding(&self) -> Option<&GroundingReport> {
        self.grounding.as_ref().map(Grounding::report)
    }

    /// Forget every input: back to rest, filters cleared (a `ResetAvatar` request).
    pub fn reset(&mut self) {
        if let Some(m) = &mut self.mapper {
            m.reset();
        }
        self.clear_filters();
        if let Some(g) = &mut self.grounding {
            g.reset();
        }
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

    /// The rig parameters for the tick of length `h` (s) starting at local time `now_ns`.
    pub fn tick(&mut self, rig: &Rig, inputs: &Inputs, now_ns: i64, h: f64, params: &SimParams) -> Target {
        self.apply_params(params);
        let frames = self.newest_frames(inputs, params.mirror);
        let mut t = Target::default();
        let (new, restarted) = self.take_new(&frames, now_ns);
        t.restarted = restarted;
        let fresh = new.contains(&true);
        if fresh {
            t.counts = self.map_new(rig, &frames, new);
        }
        let (held, faded) = self.piece_silence(now_ns, params);
        if held {
            t.flags |= state_flags::HELD_POSE;
        }
        if fresh {
            self.aim(rig, now_ns, params);
        } else if faded {
            // a silent piece eases out under the live ones: the target moves with it, tick by tick
            self.target = self.compose(rig);
        }
        let p = self.interpolate(now_ns, h);
        let p = self.pose_silence(p, now_ns, params, &mut t);
        self.out = p.clone();
        t.p = p;
        t.input_seq = self.input_seq;
        t.input_capture_time_ns = self.input_capture_time_ns;
        t.fresh = fresh;
        t
    }

    /// Filter and map the pieces that have a new frame; their mapping problems.
    fn map_new(&mut self, rig: &Rig, frames: &Frames, new: [bool; PIECES]) -> MapCounts {
        let mut counts = MapCounts::default();
        if let Some(f) = frames.pose.as_ref().filter(|_| new[0]) {
            counts.grounding_held += self.map_pose(f);
        }
        if let Some(f) = frames.face.as_ref().filter(|_| new[1]) {
            counts = self.map_face(rig, f);
        }
        if let Some(f) = frames.rig.as_ref().filter(|_| new[2]) {
            let c = self.map_rig(rig, f);
            counts.grounding_held += c.grounding_held;
            counts.unknown_names += c.unknown_names;
            counts.rejected_values += c.rejected_values;
        }
        for (side, f) in frames.hands.iter().enumerate() {
            if let Some(f) = f.as_ref().filter(|_| new[HAND_PIECE + side]) {
                counts.rejected_values += self.map_hand(side, f);
            }
        }
        counts
    }
}
