//! Body pose frames: the world landmarks One-Euro filtered per coordinate and mapped to the skeleton (the
//! grounding follows, in [`super::ground`]).

use super::filters::{map_options, LandmarkFilters};
use crate::avatar::params::SimParams;
use crate::mapping::{PoseMap, PoseMapper};
use avatar_schema::PoseFrame;
use avatar_sim::rig::Rig;

/// The body stage: its landmark filters and the mapper (with its per-bone visibility hold).
pub(super) struct Body {
    /// Body landmarks → skeleton; `None` when the avatar's skeleton does not fit the landmark map (then only
    /// face and rig frames drive it).
    mapper: Option<PoseMapper>,
    filters: LandmarkFilters,
}

impl Body {
    pub(super) fn new(rig: &Rig, map: Option<&PoseMap>, params: &SimParams) -> Self {
        let mapper = match map.map(|map| PoseMapper::new(rig, map, map_options(params))) {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(e)) => {
                tracing::warn!(
                    "body tracking is off for this avatar (its skeleton does not fit the pose map: {e})"
                );
                None
            }
        };
        Body { mapper, filters: LandmarkFilters::new(params.filter.landmarks) }
    }

    pub(super) fn set_params(&mut self, params: &SimParams) {
        self.filters.set_params(params.filter.landmarks);
        if let Some(m) = &mut self.mapper {
            m.options = map_options(params);
        }
    }

    /// The filters start over (a restarted tracker); the mapper's hold goes on.
    pub(super) fn restart(&mut self) {
        self.filters.reset();
    }

    pub(super) fn reset(&mut self) {
        if let Some(m) = &mut self.mapper {
            m.reset();
        }
        self.filters.reset();
    }

    /// Filter the world landmarks (One-Euro per coordinate, capture time) and map them to the skeleton: the
    /// body's `p`, not yet grounded (`None` without a mapper).
    pub(super) fn map(&mut self, f: &PoseFrame) -> Option<Vec<f64>> {
        let mapper = self.mapper.as_mut()?;
        let t = f.header.capture_time_ns as f64 * 1e-9;
        let lm = self.filters.filter(&f.world_landmarks, t);
        Some(mapper.map_at(&lm, t))
    }
}
