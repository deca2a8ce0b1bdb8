//! Body pose frames: the world landmarks One-Euro filtered per coordinate and mapped to the skeleton.

use super::Retarget;
use avatar_schema::{Landmark, PoseFrame};

impl Retarget {
    /// Filter the world landmarks (One-Euro per coordinate, capture time) and map them to the skeleton.
    pub(super) fn map_pose(&mut self, f: &PoseFrame) {
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
}
