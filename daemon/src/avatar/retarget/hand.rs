//! Hand frames: the palm frame and finger angles measured from the world landmarks, One-Euro filtered.

use super::{Retarget, HANDS};
use crate::mapping::hand::{avatar_axes, measure};
use crate::mapping::HandPose;
use avatar_schema::HandFrame;

impl Retarget {
    /// Measure a hand frame for the avatar's hand `side` (0 left, 1 right) and filter its angles (capture
    /// time). Returns the values refused: a degenerate palm (the frame is not used: the hand holds), or each
    /// angle of a degenerate finger segment (that joint holds).
    pub(super) fn map_hand(&mut self, side: usize, f: &HandFrame) -> u64 {
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
}
