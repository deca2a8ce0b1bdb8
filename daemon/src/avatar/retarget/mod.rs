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
//! [`Retarget`] owns one struct per stage and runs them in order ([`Retarget::tick`]); each stage keeps its
//! own state and has its own `reset` (the stateless ones, rig frames and composition, have none), and what
//! one stage hands the next is a typed value:
//! 1. `sources.rs` ([`sources::Sources`]): the newest frame of each kind across the avatar's sources, and which
//!    pieces (body, face, rig frame, left and right hand) are new (each frame is taken once) → `NewFrames`
//!    (the new frames, whether a tracker restarted, the newest frame's sequence number, capture and receive
//!    times and the input interval). A restarted tracker (a new stream id on a slot seen before) restarts
//!    the filters and the grounding (`restart`).
//! 2. `labels.rs` ([`labels::Labels`]): tracker truth, a new pose frame whose left/right labels MediaPipe
//!    swapped is swapped back (continuity of the body's heading and a vote, [`crate::mapping::labels`]), so
//!    every later stage sees one body; a frame whose body turned further than a body turns between frames
//!    is dropped (the body piece keeps its last frame).
//! 3. `filters.rs`: the One-Euro filter banks the mappers own (landmarks, scores) and their parameters from
//!    [`SimParams`]; the pose mapper's and the grounding's options.
//! 4. the mappers, one stage per piece, each owning its filters, → `Mapped` (`pieces.rs`: this tick's new
//!    pieces and their [`MapCounts`]): `pose.rs` ([`pose::Body`]: landmarks filtered, mapped to the
//!    skeleton), `face.rs` ([`face::Face`]: scores filtered → blendshapes and expressions, head rotation,
//!    [`face::gaze`]), `hand.rs` ([`hand::Hands`]: palm frame and finger angles measured and filtered),
//!    `rig_frame.rs` ([`rig_frame::RigFrames`]: bones and blendshapes by name, bind-relative or normalized).
//! 5. `ground.rs` ([`ground::Ground`]): the grounding of the new body piece (the root from the image,
//!    planted feet, legs out of view) and of a rig frame without a root position, in `Mapped`.
//! 6. `pieces.rs` ([`pieces::Pieces`]): the latest piece of each kind, `Mapped` merged in.
//! 7. `silence.rs`, per piece ([`silence::PieceSilence`]): a piece whose tracker is silent while another
//!    sends is held, then eased out → `PieceWeights` (and the pieces that eased out, forgotten by
//!    `Pieces` and, for a hand, its filters).
//! 8. `compose.rs` ([`compose::Compose`]): the target `p` from the `Pieces` and the `PieceWeights`;
//!    [`compose::blend_rigidly`].
//! 9. `interpolate.rs` ([`interpolate::Interpolation`]): from the previous output towards the target over one
//!    input interval (a teleport jumps, [`crate::avatar::teleport`]) → this tick's `p`.
//! 10. `silence.rs`, whole pose ([`silence::PoseSilence`]): every tracker silent, the pose held, then eased to
//!    rest → `Eased` (`p`, `HELD_POSE` / `REST_POSE`, idle), whose `p` the interpolation keeps as its last
//!    output.
//! 11. `speech.rs` ([`speech::SpeechStage`]): lip sync, the newest visemes of the avatar's microphones (the
//!    input stage analyses the audio) laid over the mouth's parameters while the voice is live.

mod compose;
mod face;
mod filters;
mod ground;
mod hand;
mod interpolate;
mod labels;
mod pieces;
mod pose;
mod rig_frame;
mod silence;
mod sources;
mod speech;

use super::params::SimParams;
use crate::ingest::Inputs;
use crate::mapping::grounding::GroundingReport;
use crate::mapping::PoseMap;
use avatar_schema::Handedness;
use avatar_sim::rig::Rig;
use compose::Compose;
use face::Face;
use ground::Ground;
use hand::Hands;
use interpolate::Interpolation;
use labels::Labels;
use pieces::{Mapped, Pieces};
use pose::Body;
use rig_frame::RigFrames;
use silence::{PieceSilence, PoseSilence};
use sources::{NewFrames, Sources};
use speech::SpeechStage;
use std::collections::BTreeMap;

/// Mapping problems of one tick, for the daemon's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapCounts {
    /// Blendshape or bone names the avatar's rig does not have.
    pub unknown_names: u64,
    /// Values refused (non-finite scores, degenerate transforms).
    pub rejected_values: u64,
    /// Body positions the grounding held (a jump faster than a person moves), could not fit (too few
    /// visible landmarks) or did not take (a body not seen whole: hips unseen or at the image's edge, a few
    /// pixels tall, or whole for under 0.3 s).
    pub grounding_held: u64,
    /// Pose frames whose left/right labels were swapped back ([`crate::mapping::labels`]).
    pub labels_swapped: u64,
    /// Pose frames dropped because the body turned further than a body turns between frames.
    pub pose_outliers: u64,
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

/// The pieces of the pose, each from its own slot: body, face, rig frame, the avatar's left and right hand.
const PIECES: usize = 5;
const BODY: usize = 0;
const FACE: usize = 1;
const RIG_FRAME: usize = 2;
/// The avatar's hands, in piece order from [`HAND_PIECE`].
const HANDS: [Handedness; 2] = [Handedness::Left, Handedness::Right];
const HAND_PIECE: usize = 3;

/// The retargeting of one avatar: its stages, in the order [`Retarget::tick`] runs them (module doc).
pub struct Retarget {
    rest_p: Vec<f64>,
    sources: Sources,
    labels: Labels,
    body: Body,
    face: Face,
    hands: Hands,
    rig_frames: RigFrames,
    ground: Ground,
    pieces: Pieces,
    piece_silence: PieceSilence,
    compose: Compose,
    interpolation: Interpolation,
    pose_silence: PoseSilence,
    speech: SpeechStage,
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
        let rest_p = rig.rest_params();
        // VRM humanoid role → bone name
        let roles = avatar_sim::rig::avatar_roles(rig.bone_names(), &humanoid);
        let compose = Compose::new(rig, &roles, &rest_p);
        Ok(Retarget {
            sources: Sources::new(sources),
            labels: Labels::default(),
            body: Body::new(rig, map, params),
            face: Face::new(rig, expressions, compose.has_eyes(), params),
            hands: Hands::new(compose.hands_rigged(), params),
            rig_frames: RigFrames::new(rig, roles.clone(), &rest_p),
            ground: Ground::new(rig, rest, &roles, params),
            pieces: Pieces::default(),
            piece_silence: PieceSilence::default(),
            interpolation: Interpolation::new(&rest_p, rig.handle_offsets()),
            pose_silence: PoseSilence::new(&rest_p, rig.handle_offsets()),
            speech: SpeechStage::new(rig, expressions),
            compose,
            rest_p,
        })
    }

    pub fn rest_p(&self) -> &[f64] {
        &self.rest_p
    }

    /// The visemes lip sync cannot show on this avatar (no expression or blendshape moves them); all five
    /// for an avatar without mouth shapes.
    pub fn missing_visemes(&self) -> Vec<&'static str> {
        self.speech.missing_visemes()
    }

    /// What the label stage did (cumulative: frames swapped back, segments relabelled).
    pub fn labels(&self) -> &crate::mapping::labels::LabelReport {
        self.labels.report()
    }

    /// What the grounding did on the last body frame (`None`: the avatar has no grounding).
    pub fn grounding(&self) -> Option<&GroundingReport> {
        self.ground.report()
    }

    /// Forget every input: back to rest, filters cleared (a `ResetAvatar` request). Each stage resets its
    /// own state.
    pub fn reset(&mut self) {
        self.sources.reset();
        self.labels.reset();
        self.body.reset();
        self.face.reset();
        self.hands.reset();
        self.ground.reset();
        self.pieces.reset();
        self.piece_silence.reset();
        self.interpolation.reset();
        self.pose_silence.reset();
        self.speech.reset();
    }

    /// A tracker restarted (its clock starts over, so must the filters' time; a new camera, perhaps a new
    /// person, for the grounding): the filters and the grounding start over, the rest goes on.
    fn restart(&mut self) {
        self.labels.reset();
        self.body.restart();
        self.face.restart();
        self.hands.restart();
        self.ground.reset();
    }

    /// The rig parameters for the tick of length `h` (s) starting at local time `now_ns`.
    pub fn tick(&mut self, rig: &Rig, inputs: &Inputs, now_ns: i64, h: f64, params: &SimParams) -> Target {
        self.set_params(params);
        let mut new = self.sources.take(inputs, params.mirror, now_ns);
        if new.restarted {
            self.restart();
        }
        let mut counts = MapCounts::default();
        if new.input.is_some() {
            let labels = self.labels.step(&mut new, params);
            let mut mapped = self.map(rig, &new);
            mapped.counts.grounding_held += self.ground.step(&mut mapped, &new);
            counts = mapped.counts;
            counts.labels_swapped = u64::from(labels == crate::mapping::labels::Verdict::Swap);
            counts.pose_outliers = u64::from(labels == crate::mapping::labels::Verdict::Drop);
            self.pieces.merge(mapped);
        }
        let weights = self.piece_silence.step(&new.new, now_ns, params);
        for k in (0..PIECES).filter(|&k| weights.gone[k]) {
            self.pieces.forget(k);
            if k >= HAND_PIECE {
                self.hands.forget(k - HAND_PIECE);
            }
        }
        if let Some(input) = &new.input {
            let target = self.compose.step(rig, &self.pieces, &weights.weights);
            self.interpolation.aim(target, input.interval_s, now_ns, params);
        } else if weights.faded {
            // a silent piece eases out under the live ones: the target moves with it, tick by tick
            self.interpolation.follow(self.compose.step(rig, &self.pieces, &weights.weights));
        }
        let p = self.interpolation.step(now_ns, h);
        let eased = self.pose_silence.step(p, new.input.as_ref().map(|i| i.local_ns), now_ns, params);
        self.interpolation.settle(&eased.p, eased.at_rest);
        let mut p = eased.p;
        if params.lip_sync && self.speech.drives_anything() {
            self.speech.apply(new.frames.speech.as_deref(), now_ns, h, params.lip_sync_blend, &mut p);
        }
        let (input_seq, input_capture_time_ns) = self.sources.newest();
        Target {
            p,
            flags: weights.flags | eased.flags,
            input_seq,
            input_capture_time_ns,
            fresh: new.input.is_some(),
            restarted: new.restarted,
            counts,
            idle: eased.idle,
        }
    }

    /// This tick's parameters for the stages that use them (filters, mirroring, the mapper's and grounding's
    /// options).
    fn set_params(&mut self, params: &SimParams) {
        self.body.set_params(params);
        self.face.set_params(params);
        self.hands.set_params(params);
        self.ground.set_params(params);
    }

    /// Filter and map the pieces that have a new frame (ungrounded): each mapper on its own piece.
    fn map(&mut self, rig: &Rig, new: &NewFrames) -> Mapped {
        let mut m = Mapped::default();
        if let Some(f) = new.pose() {
            m.body = self.body.map(f);
        }
        if let Some(f) = new.face() {
            let (face, c) = self.face.map(rig, f);
            m.face = Some(face);
            m.counts.add(c);
        }
        if let Some(f) = new.rig() {
            let (p, c) = self.rig_frames.map(rig, f);
            m.rig = Some(p);
            m.counts.add(c);
        }
        for side in 0..2 {
            if let Some(f) = new.hand(side) {
                let (pose, rejected) = self.hands.map(side, f);
                m.hands[side] = pose;
                m.counts.rejected_values += rejected;
            }
        }
        m
    }
}

impl MapCounts {
    fn add(&mut self, c: MapCounts) {
        self.unknown_names += c.unknown_names;
        self.rejected_values += c.rejected_values;
        self.grounding_held += c.grounding_held;
        self.labels_swapped += c.labels_swapped;
        self.pose_outliers += c.pose_outliers;
    }
}

#[cfg(test)]
mod tests;
