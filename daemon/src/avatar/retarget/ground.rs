//! Grounding, after the mappers: the body's root from the image, planted feet, legs out of view; a rig frame
//! without a root position gets its lowest foot on the floor ([`crate::mapping::grounding`]).

use super::filters::grounding_options;
use super::pieces::Mapped;
use super::sources::NewFrames;
use crate::avatar::params::SimParams;
use crate::mapping::grounding::{Grounding, GroundingReport, GroundingSettings, Skeleton};
use avatar_sim::rig::Rig;
use std::collections::BTreeMap;

/// The grounding stage.
pub(super) struct Ground {
    /// `None` when the skeleton lacks hips or legs.
    grounding: Option<Grounding>,
    options: GroundingSettings,
}

impl Ground {
    /// For `rig`'s skeleton (`roles`: VRM humanoid role → bone); the soles from the rest mesh `rest` when its
    /// skeleton is this rig's (same bones), else from the bones.
    pub(super) fn new(
        rig: &Rig,
        rest: Option<(&Rig, &[[f64; 3]])>,
        roles: &BTreeMap<String, String>,
        params: &SimParams,
    ) -> Self {
        let grounding = rig.skeleton().and_then(|(lbs, offset)| {
            let mesh = rest.and_then(|(r, v)| {
                r.skeleton().filter(|(l, _)| l.num_bones() == lbs.num_bones()).map(|(l, _)| (l, v))
            });
            let sk = match mesh {
                Some((l, v)) => Skeleton::new(l, roles, Some(v)),
                None => Skeleton::new(lbs, roles, None),
            };
            if sk.is_none() {
                tracing::debug!("no grounding for this avatar (its skeleton lacks hips or legs)");
            }
            sk.map(|sk| Grounding::new(sk, offset))
        });
        Ground { grounding, options: grounding_options(params) }
    }

    pub(super) fn set_params(&mut self, params: &SimParams) {
        self.options = grounding_options(params);
    }

    /// Forget everything (a reset, or a restarted tracker: a new camera, perhaps a new person); the
    /// report's cumulative counts stay.
    pub(super) fn reset(&mut self) {
        if let Some(g) = &mut self.grounding {
            g.reset();
        }
    }

    /// What the grounding did on the last body frame (`None`: the avatar has no grounding).
    pub(super) fn report(&self) -> Option<&GroundingReport> {
        self.grounding.as_ref().map(Grounding::report)
    }

    /// Ground this tick's new body piece (with its pose frame) and rig frame piece (when the frame has no
    /// root position). Returns the body positions the grounding held, could not fit or did not take (a body
    /// not seen whole; 0 or 1).
    pub(super) fn step(&mut self, mapped: &mut Mapped, new: &NewFrames) -> u64 {
        let Some(g) = &mut self.grounding else { return 0 };
        let mut held = 0;
        if let (Some(p), Some(f)) = (&mut mapped.body, new.pose()) {
            let t = f.header.capture_time_ns as f64 * 1e-9;
            let count = |r: &GroundingReport| r.jumps_held + r.unfitted + r.partial;
            let before = count(g.report());
            g.pose(p, f, t, &self.options);
            held = count(g.report()) - before;
        }
        if let (Some(p), Some(None)) = (&mut mapped.rig, new.rig().map(|f| f.root_position)) {
            g.rig_frame(p, &self.options);
        }
        held
    }
}
