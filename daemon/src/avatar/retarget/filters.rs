//! The One-Euro filters of the tracked values (landmarks, scores, rotations, hand angles): their parameters
//! from [`SimParams`], their reset (with the grounding's state: a restarted tracker may be a new camera); and the
//! body mapper's and grounding's options.

use super::Retarget;
use crate::avatar::params::SimParams;
use crate::mapping::grounding::GroundingOptions;
use crate::mapping::{HandFilter, PoseMapOptions};

impl Retarget {
    /// Every filter starts over (a reset, or a tracker restarted: its clock starts over).
    pub(super) fn clear_filters(&mut self) {
        self.landmark_filters.iter_mut().flatten().for_each(|f| f.reset());
        self.blend_filters.values_mut().for_each(|f| f.reset());
        self.head_filter.reset();
        self.hand_filters.iter_mut().for_each(HandFilter::reset);
        if let Some(g) = &mut self.grounding {
            g.reset();
        }
    }

    /// This tick's filter parameters (when changed), mirroring and the body mapper's options.
    pub(super) fn apply_params(&mut self, params: &SimParams) {
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
        self.grounding_options = grounding_options(params);
    }
}

/// The body mapper's options from the avatar's parameters.
pub(super) fn map_options(params: &SimParams) -> PoseMapOptions {
    PoseMapOptions {
        min_visibility: params.min_visibility,
        mirror: params.mirror,
        ease_after: params.ease_after,
        ease_duration: params.ease_duration,
    }
}

/// The grounding stage's options from the avatar's parameters.
pub(super) fn grounding_options(params: &SimParams) -> GroundingOptions {
    GroundingOptions {
        enabled: params.grounding,
        fov: params.camera_fov.to_radians(),
        legs_out_of_view: params.legs_out_of_view,
        min_visibility: params.min_visibility,
        mirror: params.mirror,
    }
}
