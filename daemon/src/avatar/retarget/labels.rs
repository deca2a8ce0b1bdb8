//! Tracker truth before retargeting: a new pose frame whose left/right labels MediaPipe swapped is swapped
//! back ([`crate::mapping::labels`]), so the body mapper, its filters and the grounding all see one body.

use super::sources::NewFrames;
use crate::avatar::params::SimParams;
use crate::mapping::labels::{LabelReport, LabelSettings, SideLabels, Verdict};
use std::sync::Arc;

/// A face frame this close in capture time (ns) to a pose frame is the same moment's face.
const FACE_WITHIN_NS: i64 = 250_000_000;

/// The label stage of one avatar's body stream.
#[derive(Default)]
pub(super) struct Labels {
    sides: SideLabels,
}

impl Labels {
    pub(super) fn reset(&mut self) {
        self.sides.reset();
    }

    pub(super) fn report(&self) -> &LabelReport {
        self.sides.report()
    }

    /// Undo a swap in this tick's new pose frame (if any), or drop the frame (a body turned further than a
    /// body turns between frames): returns what it did.
    pub(super) fn step(&mut self, new: &mut NewFrames, params: &SimParams) -> Verdict {
        let Some(f) = new.pose() else { return Verdict::Keep };
        let settings = LabelSettings {
            enabled: params.label_swaps,
            min_visibility: params.min_visibility,
            ..LabelSettings::default()
        };
        let t = f.header.capture_time_ns as f64 * 1e-9;
        // the face landmarker found the performer's face about then (its own model: no labels to swap)
        let face = new.frames.face.as_deref().is_some_and(|face| {
            !face.landmarks.is_empty()
                && (face.header.capture_time_ns - f.header.capture_time_ns).abs() <= FACE_WITHIN_NS
        });
        let verdict = self.sides.decide(&f.world_landmarks, t, face, &settings);
        match verdict {
            Verdict::Keep => {}
            Verdict::Swap => {
                let mut swapped = f.clone();
                crate::mapping::labels::swap_sides(&mut swapped);
                new.frames.pose = Some(Arc::new(swapped));
            }
            // the body piece keeps its last frame
            Verdict::Drop => new.new[super::BODY] = false,
        }
        verdict
    }
}
