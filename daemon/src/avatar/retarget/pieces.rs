//! The values the mappers hand on: this tick's new pieces ([`Mapped`], grounded in place), and the latest
//! piece of each kind ([`Pieces`]) that composition reads.

use super::{MapCounts, BODY, FACE, HAND_PIECE, RIG_FRAME};
use crate::mapping::HandPose;
use nalgebra::Rotation3;

/// What a face frame mapped to.
#[derive(Debug)]
pub(super) struct FacePiece {
    /// Blendshape parameter values (names of the rig's blendshapes, then the face map's).
    pub(super) blend: Vec<(usize, f64)>,
    /// The head's rotation (`None`: the frame has none, or a degenerate one: the last one holds).
    pub(super) head: Option<Rotation3<f64>>,
    /// Gaze (left eye yaw, right eye yaw, pitch; radians, see [`super::face::gaze`]); `None`: the last one
    /// holds.
    pub(super) gaze: Option<[f64; 3]>,
}

/// This tick's new pieces, from the mappers through the grounding to [`Pieces::merge`].
#[derive(Default)]
pub(super) struct Mapped {
    /// The skeleton's `p` from a body frame.
    pub(super) body: Option<Vec<f64>>,
    pub(super) face: Option<FacePiece>,
    /// A rig frame's full `p`.
    pub(super) rig: Option<Vec<f64>>,
    /// The avatar's left and right hands' filtered angles.
    pub(super) hands: [Option<HandPose>; 2],
    pub(super) counts: MapCounts,
}

/// The latest mapped pieces: the body's `p` (skeleton), the face's head rotation, gaze and blendshape values,
/// a rig frame's full `p`, the hands' angles.
#[derive(Debug, Default)]
pub(super) struct Pieces {
    pub(super) body: Option<Vec<f64>>,
    pub(super) head: Option<Rotation3<f64>>,
    pub(super) gaze: Option<[f64; 3]>,
    pub(super) face_blend: Vec<(usize, f64)>,
    pub(super) rig: Option<Vec<f64>>,
    pub(super) hands: [Option<HandPose>; 2],
}

impl Pieces {
    /// This tick's new pieces replace the latest ones (a face frame without a head rotation or gaze keeps
    /// the last ones).
    pub(super) fn merge(&mut self, m: Mapped) {
        if let Some(b) = m.body {
            self.body = Some(b);
        }
        if let Some(f) = m.face {
            self.face_blend = f.blend;
            if f.head.is_some() {
                self.head = f.head;
            }
            if f.gaze.is_some() {
                self.gaze = f.gaze;
            }
        }
        if let Some(r) = m.rig {
            self.rig = Some(r);
        }
        for (latest, new) in self.hands.iter_mut().zip(m.hands) {
            if new.is_some() {
                *latest = new;
            }
        }
    }

    /// Piece `k` eased out (per-source silence): dropped.
    pub(super) fn forget(&mut self, k: usize) {
        match k {
            BODY => self.body = None,
            FACE => {
                (self.head, self.gaze) = (None, None);
                self.face_blend.clear();
            }
            RIG_FRAME => self.rig = None,
            hand => self.hands[hand - HAND_PIECE] = None,
        }
    }

    pub(super) fn reset(&mut self) {
        *self = Pieces::default();
    }
}
