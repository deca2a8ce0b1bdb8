//! The One-Euro filter banks the mappers own (the body's landmarks, the face's scores; the head rotation and
//! hand angles are single [`crate::mapping`] filters), each with its parameters from [`SimParams`] and its
//! reset; and the body mapper's and grounding's options.

use crate::avatar::params::SimParams;
use crate::mapping::grounding::GroundingSettings;
use crate::mapping::{OneEuro, OneEuroParams, PoseMapSettings};
use avatar_schema::Landmark;
use std::collections::BTreeMap;

/// One filter per coordinate of each body landmark (capture time).
pub(super) struct LandmarkFilters {
    params: OneEuroParams,
    filters: Vec<[OneEuro; 3]>,
}

impl LandmarkFilters {
    pub(super) fn new(params: OneEuroParams) -> Self {
        let filters = (0..avatar_schema::pose_landmarks::COUNT)
            .map(|_| std::array::from_fn(|_| OneEuro::new(params)))
            .collect();
        LandmarkFilters { params, filters }
    }

    pub(super) fn set_params(&mut self, params: OneEuroParams) {
        if params != self.params {
            self.filters.iter_mut().flatten().for_each(|x| x.params = params);
            self.params = params;
        }
    }

    pub(super) fn reset(&mut self) {
        self.filters.iter_mut().flatten().for_each(OneEuro::reset);
    }

    /// The landmarks filtered at `t` (s), per coordinate (a coordinate the filter refuses passes unfiltered).
    pub(super) fn filter(&mut self, landmarks: &[Landmark], t: f64) -> Vec<Landmark> {
        landmarks
            .iter()
            .zip(&mut self.filters)
            .map(|(l, fl)| {
                let mut l = *l;
                let [fx, fy, fz] = fl;
                l.x = fx.filter(t, l.x as f64).unwrap_or(l.x as f64) as f32;
                l.y = fy.filter(t, l.y as f64).unwrap_or(l.y as f64) as f32;
                l.z = fz.filter(t, l.z as f64).unwrap_or(l.z as f64) as f32;
                l
            })
            .collect()
    }
}

/// One filter per face value, made on its first value: keyed by the MediaPipe score's index, or by the
/// score count plus `p` for a blendshape parameter `p` named directly.
pub(super) struct ScoreFilters {
    params: OneEuroParams,
    filters: BTreeMap<usize, OneEuro>,
}

impl ScoreFilters {
    pub(super) fn new(params: OneEuroParams) -> Self {
        ScoreFilters { params, filters: BTreeMap::new() }
    }

    pub(super) fn set_params(&mut self, params: OneEuroParams) {
        if params != self.params {
            self.filters.values_mut().for_each(|x| x.params = params);
            self.params = params;
        }
    }

    pub(super) fn reset(&mut self) {
        self.filters.values_mut().for_each(OneEuro::reset);
    }

    /// Value `v` of `key` filtered at `t` (s) (unfiltered when the filter refuses it).
    pub(super) fn filter(&mut self, key: usize, t: f64, v: f64) -> f64 {
        let params = self.params;
        self.filters.entry(key).or_insert_with(|| OneEuro::new(params)).filter(t, v).unwrap_or(v)
    }
}

/// The body mapper's options from the avatar's parameters.
pub(super) fn map_options(params: &SimParams) -> PoseMapSettings {
    PoseMapSettings {
        min_visibility: params.min_visibility,
        mirror: params.mirror,
        ease_after: params.ease_after,
        ease_duration: params.ease_duration,
    }
}

/// The grounding stage's options from the avatar's parameters.
pub(super) fn grounding_options(params: &SimParams) -> GroundingSettings {
    GroundingSettings {
        enabled: params.grounding,
        fov: params.camera_fov.to_radians(),
        legs_out_of_view: params.legs_out_of_view,
        min_visibility: params.min_visibility,
        mirror: params.mirror,
    }
}
