//! Hand frames: the palm frame and finger angles measured from the world landmarks, One-Euro filtered.

use super::HANDS;
use crate::avatar::params::SimParams;
use crate::mapping::hand::{avatar_axes, measure};
use crate::mapping::{HandFilter, HandPose, OneEuroParams};
use avatar_schema::HandFrame;

/// The hands stage: per avatar hand (left, right), its filters and its latest filtered angles (a joint whose
/// measurement fails holds its angle).
pub(super) struct Hands {
    /// The avatar has that hand ([`crate::mapping::HandRig`]); frames for a hand it lacks are ignored.
    rigged: [bool; 2],
    params: OneEuroParams,
    mirror: bool,
    filters: [HandFilter; 2],
    poses: [Option<HandPose>; 2],
}

impl Hands {
    pub(super) fn new(rigged: [bool; 2], params: &SimParams) -> Self {
        let f = params.filter.rotations;
        Hands {
            rigged,
            params: f,
            mirror: params.mirror,
            filters: [HandFilter::new(f), HandFilter::new(f)],
            poses: [None; 2],
        }
    }

    pub(super) fn set_params(&mut self, params: &SimParams) {
        let f = params.filter.rotations;
        if f != self.params {
            self.filters.iter_mut().for_each(|h| h.set_params(f));
            self.params = f;
        }
        self.mirror = params.mirror;
    }

    /// The filters start over (a restarted tracker); the held angles stay.
    pub(super) fn restart(&mut self) {
        self.filters.iter_mut().for_each(HandFilter::reset);
    }

    pub(super) fn reset(&mut self) {
        self.restart();
        self.poses = [None; 2];
    }

    /// Hand `side` eased out: its next frame starts afresh.
    pub(super) fn forget(&mut self, side: usize) {
        self.filters[side].reset();
        self.poses[side] = None;
    }

    /// Measure a hand frame for the avatar's hand `side` (0 left, 1 right) and filter its angles (capture
    /// time): the hand's pose (`None`: no new pose, the hand holds) and the values refused: a degenerate
    /// palm (the frame is not used), or each angle of a degenerate finger segment (that joint holds).
    pub(super) fn map(&mut self, side: usize, f: &HandFrame) -> (Option<HandPose>, u64) {
        if !self.rigged[side] {
            return (None, 0);
        }
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let measured =
            avatar_axes(&f.world_landmarks, self.mirror).and_then(|pts| measure(&pts, HANDS[side]));
        let Some(m) = measured else { return (None, 1) };
        let pose = self.poses[side].get_or_insert_with(HandPose::default);
        let rejected = self.filters[side].update(t, &m, pose);
        (Some(*pose), rejected)
    }
}
