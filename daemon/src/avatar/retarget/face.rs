//! Face frames: blendshape scores → blendshapes and expressions, the head rotation, and the eyes' gaze.

use super::{MapCounts, Retarget, SCORES};
use crate::mapping::{head_rotation, score_index, OneEuro};
use avatar_schema::FaceFrame;
use avatar_sim::rig::Rig;
use nalgebra::UnitQuaternion;

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
    /// Filter the blendshape scores and the head rotation of a face frame; scores → blendshapes and
    /// expressions through the avatar's [`FaceMap`](crate::mapping::FaceMap); other names that are
    /// blendshapes of the rig, directly.
    pub(super) fn map_face(&mut self, rig: &Rig, f: &FaceFrame) -> MapCounts {
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
        MapCounts { unknown_names: unknown, rejected_values: rejected, ..MapCounts::default() }
    }
}
