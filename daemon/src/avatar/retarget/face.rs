//! Face frames: blendshape scores → blendshapes and expressions, the head rotation, and the eyes' gaze.

use super::filters::ScoreFilters;
use super::pieces::FacePiece;
use super::MapCounts;
use crate::avatar::params::SimParams;
use crate::mapping::{head_rotation, score_index, FaceMap, OneEuroRotation};
use avatar_schema::FaceFrame;
use avatar_sim::rig::Rig;
use nalgebra::UnitQuaternion;

/// MediaPipe's blendshape scores per face frame.
const SCORES: usize = avatar_humanoid::mediapipe::BLENDSHAPES.len();

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

/// The face stage: the avatar's face map, the filters of the scores and of the head rotation.
pub(super) struct Face {
    /// Scores → blendshapes and VRM expressions ([`crate::mapping::FaceMap`]).
    map: FaceMap,
    /// Keyed by the MediaPipe score's index, or by `SCORES + p` for a blendshape parameter `p` named directly.
    scores: ScoreFilters,
    head: OneEuroRotation,
    /// The avatar has eye bones: the gaze scores are read.
    eyes: bool,
    mirror: bool,
}

impl Face {
    pub(super) fn new(
        rig: &Rig,
        expressions: &[avatar_sim::asset::Expression],
        eyes: bool,
        params: &SimParams,
    ) -> Self {
        Face {
            map: FaceMap::new(rig, expressions),
            scores: ScoreFilters::new(params.filter.scores),
            head: OneEuroRotation::new(params.filter.rotations),
            eyes,
            mirror: params.mirror,
        }
    }

    pub(super) fn set_params(&mut self, params: &SimParams) {
        self.scores.set_params(params.filter.scores);
        self.head.params = params.filter.rotations;
        self.mirror = params.mirror;
    }

    /// The filters start over (a restarted tracker): all this stage keeps.
    pub(super) fn restart(&mut self) {
        self.scores.reset();
        self.head.reset();
    }

    pub(super) fn reset(&mut self) {
        self.restart();
    }

    /// Filter the blendshape scores and the head rotation of a face frame; scores → blendshapes and
    /// expressions through the avatar's [`FaceMap`]; other names that are blendshapes of the rig, directly.
    pub(super) fn map(&mut self, rig: &Rig, f: &FaceFrame) -> (FacePiece, MapCounts) {
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let mut scores = vec![None; SCORES];
        let mut blend = Vec::new();
        let (mut unknown, mut rejected) = (0u64, 0u64);
        for w in &f.blendshapes {
            let score = score_index(&w.name)
                .filter(|&s| self.map.uses(s) || (self.eyes && w.name.starts_with("eyeLook")));
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
            let v = self.scores.filter(key, t, v).clamp(0.0, 1.0);
            match (score, param) {
                (Some(s), _) => scores[s] = Some(v),
                (None, Some(i)) => blend.push((i, v)),
                (None, None) => unreachable!("skipped above"),
            }
        }
        blend.extend(self.map.apply(&scores));
        let gaze = if self.eyes { gaze(&scores) } else { None };
        let mut head = None;
        match f.facial_transform.as_ref().map(|m| head_rotation(m, self.mirror)) {
            Some(Some(r)) => {
                let q = UnitQuaternion::from_rotation_matrix(&r);
                head = self.head.filter(t, q.into_inner()).map(|q| q.to_rotation_matrix()).or(Some(r));
            }
            Some(None) => rejected += 1,
            None => {}
        }
        let counts = MapCounts { unknown_names: unknown, rejected_values: rejected, ..MapCounts::default() };
        (FacePiece { blend, head, gaze }, counts)
    }
}
