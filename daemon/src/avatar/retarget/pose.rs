//! Body pose frames: the world landmarks One-Euro filtered per coordinate and mapped to the skeleton, then
//! grounded (the root from the image, planted feet; [`crate::mapping::grounding`]).

use super::Retarget;
use avatar_schema::{Landmark, PoseFrame};

impl Retarget {
    /// Filter the world landmarks (One-Euro per coordinate, capture time), map them to the skeleton and
    /// ground the result. Returns the positions the grounding held or could not fit (0 or 1).
    pub(super) fn map_pose(&mut self, f: &PoseFrame) -> u64 {
        let Some(mapper) = &mut self.mapper else { return 0 };
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
        let mut p = mapper.map_at(&lm, t);
        let mut held = 0;
        if let Some(g) = &mut self.grounding {
            let before = g.report().jumps_held + g.report().unfitted;
            g.pose(&mut p, f, t, &self.grounding_options);
            held = g.report().jumps_held + g.report().unfitted - before;
        }
        self.body = Some(p);
        held
    }
}
