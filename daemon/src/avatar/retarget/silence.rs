//! Input silence: per piece (its tracker silent while another sends) held, then eased out; the whole pose
//! (every tracker silent) held, then eased to rest.

use super::compose::blend_rigidly;
use super::{Retarget, Target, HAND_PIECE, PIECES};
use crate::avatar::params::SimParams;
use avatar_schema::state_flags;

impl Retarget {
    /// Per-source silence: while some tracker still sends, a piece (body, face, rig frame, hand) whose tracker has
    /// been silent longer than `hold_after` is held (returns `held`), and after `ease_after` it eases out over
    /// `ease_duration` (its weight in [`Retarget::compose`] goes smoothly to 0, then its data is dropped);
    /// returns `faded` when a weight changed. When every tracker is silent, the whole pose holds and eases
    /// instead ([`Retarget::pose_silence`]), and the weights stay.
    pub(super) fn piece_silence(&mut self, now_ns: i64, params: &SimParams) -> (bool, bool) {
        let silence = |seen: Option<i64>| seen.map(|t| (now_ns - t) as f64 * 1e-9);
        let live = self.piece_seen_ns.iter().any(|&t| silence(t).is_some_and(|s| s <= params.hold_after));
        let (mut held, mut faded) = (false, false);
        if !live {
            return (false, false);
        }
        for k in 0..PIECES {
            let Some(s) = silence(self.piece_seen_ns[k]) else { continue };
            if s <= params.hold_after {
                continue;
            }
            let u = if params.ease_duration > 0.0 {
                ((s - params.ease_after) / params.ease_duration).clamp(0.0, 1.0)
            } else if s > params.ease_after {
                1.0
            } else {
                0.0
            };
            let w = 1.0 - u * u * (3.0 - 2.0 * u);
            if w != self.piece_weight[k] {
                self.piece_weight[k] = w;
                faded = true;
            }
            if w > 0.0 {
                held = true;
            } else {
                match k {
                    0 => self.body = None,
                    1 => {
                        (self.head, self.gaze) = (None, None);
                        self.face_blend.clear();
                    }
                    2 => self.rig_p = None,
                    hand => {
                        self.hands[hand - HAND_PIECE] = None;
                        self.hand_filters[hand - HAND_PIECE].reset();
                    }
                }
                self.piece_seen_ns[k] = None;
                self.piece_weight[k] = 1.0;
            }
        }
        (held, faded)
    }

    /// Whole-pose silence: before any input, rest; silent longer than `hold_after`, the pose holds
    /// (`HELD_POSE`) and the avatar is idle; after `ease_after`, it eases from the held `p` to rest over
    /// `ease_duration` (`REST_POSE` once there, and the next input starts from rest).
    pub(super) fn pose_silence(
        &mut self,
        mut p: Vec<f64>,
        now_ns: i64,
        params: &SimParams,
        t: &mut Target,
    ) -> Vec<f64> {
        // silence: hold, then ease to rest
        match self.last_input_local_ns {
            None => {
                t.flags |= state_flags::REST_POSE;
                t.idle = true;
            }
            Some(last) => {
                let silence = (now_ns - last) as f64 * 1e-9;
                if silence > params.hold_after {
                    t.flags |= state_flags::HELD_POSE;
                    t.idle = true;
                }
                if silence > params.ease_after {
                    let from = self.ease_from.get_or_insert_with(|| p.clone());
                    let u = if params.ease_duration > 0.0 {
                        ((silence - params.ease_after) / params.ease_duration).clamp(0.0, 1.0)
                    } else {
                        1.0
                    };
                    let w = u * u * (3.0 - 2.0 * u); // smoothstep
                    p = blend_rigidly(from, &self.rest_p, w, &self.handles);
                    if u >= 1.0 {
                        t.flags |= state_flags::REST_POSE;
                        // the next input starts from rest
                        self.from = self.rest_p.clone();
                        self.target = self.rest_p.clone();
                    }
                }
            }
        }
        p
    }
}
