//! Input silence: per piece (its tracker silent while another sends) held, then eased out
//! ([`PieceSilence`]); the whole pose (every tracker silent) held, then eased to rest ([`PoseSilence`]).

use super::compose::blend_rigidly;
use super::PIECES;
use crate::avatar::params::SimParams;
use avatar_schema::state_flags;

/// How much of each piece the pose holds this tick ([`PieceSilence::step`]).
pub(super) struct PieceWeights {
    /// Per piece: 1 while its tracker sends, easing to 0 once it has been silent `ease_after`.
    pub(super) weights: [f64; PIECES],
    /// `HELD_POSE` when a silent piece is held.
    pub(super) flags: u32,
    /// A weight changed: the target moves.
    pub(super) faded: bool,
    /// Pieces that eased all the way out this tick: their data is dropped.
    pub(super) gone: [bool; PIECES],
}

/// The per-source silence stage.
pub(super) struct PieceSilence {
    /// Per piece (body, face, rig frame, left hand, right hand): local time its newest frame was taken,
    /// `None` before one or once the piece eased out.
    seen_ns: [Option<i64>; PIECES],
    weights: [f64; PIECES],
}

impl Default for PieceSilence {
    fn default() -> Self {
        PieceSilence { seen_ns: [None; PIECES], weights: [1.0; PIECES] }
    }
}

impl PieceSilence {
    pub(super) fn reset(&mut self) {
        *self = PieceSilence::default();
    }

    /// The pieces with a new frame (`new`) are live; then, while some tracker still sends, a piece (body, face,
    /// rig frame, hand) whose tracker has been silent longer than `hold_after` is held (`HELD_POSE`), and
    /// after `ease_after` it eases out over `ease_duration` (its weight in [`super::compose::Compose::step`]
    /// goes smoothly to 0, then it is `gone`). When every tracker is silent, the whole pose holds and eases
    /// instead ([`PoseSilence`]), and the weights stay.
    pub(super) fn step(&mut self, new: &[bool; PIECES], now_ns: i64, params: &SimParams) -> PieceWeights {
        for k in (0..PIECES).filter(|&k| new[k]) {
            self.seen_ns[k] = Some(now_ns);
            self.weights[k] = 1.0;
        }
        let silence = |seen: Option<i64>| seen.map(|t| (now_ns - t) as f64 * 1e-9);
        let live = self.seen_ns.iter().any(|&t| silence(t).is_some_and(|s| s <= params.hold_after));
        let (mut held, mut faded, mut gone) = (false, false, [false; PIECES]);
        for k in (0..PIECES).filter(|_| live) {
            let Some(s) = silence(self.seen_ns[k]) else { continue };
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
            if w != self.weights[k] {
                self.weights[k] = w;
                faded = true;
            }
            if w > 0.0 {
                held = true;
            } else {
                gone[k] = true;
                self.seen_ns[k] = None;
                self.weights[k] = 1.0;
            }
        }
        let flags = if held { state_flags::HELD_POSE } else { 0 };
        PieceWeights { weights: self.weights, flags, faded, gone }
    }
}

/// This tick's `p` after the whole-pose silence ([`PoseSilence::step`]).
pub(super) struct Eased {
    pub(super) p: Vec<f64>,
    /// `HELD_POSE` / `REST_POSE`.
    pub(super) flags: u32,
    /// No live input (none yet, or silent longer than `hold_after`).
    pub(super) idle: bool,
    /// Eased all the way to rest: the next input starts from rest.
    pub(super) at_rest: bool,
}

/// The whole-pose silence stage: when the last input came, and the `p` the ease to rest started from.
pub(super) struct PoseSilence {
    rest_p: Vec<f64>,
    handles: Vec<usize>,
    last_input_ns: Option<i64>,
    /// `p` when the ease to rest began.
    ease_from: Option<Vec<f64>>,
}

impl PoseSilence {
    pub(super) fn new(rest_p: &[f64], handles: Vec<usize>) -> Self {
        PoseSilence { rest_p: rest_p.to_vec(), handles, last_input_ns: None, ease_from: None }
    }

    pub(super) fn reset(&mut self) {
        (self.last_input_ns, self.ease_from) = (None, None);
    }

    /// `input_ns`: the local time of this tick's new input, if any. Before any input, rest; silent longer
    /// than `hold_after`, the pose holds (`HELD_POSE`) and the avatar is idle; after `ease_after`, it eases
    /// from the held `p` to rest over `ease_duration` (`REST_POSE` once there).
    pub(super) fn step(
        &mut self,
        mut p: Vec<f64>,
        input_ns: Option<i64>,
        now_ns: i64,
        params: &SimParams,
    ) -> Eased {
        if let Some(t) = input_ns {
            self.last_input_ns = Some(t);
            self.ease_from = None;
        }
        let (mut flags, mut idle, mut at_rest) = (0, false, false);
        match self.last_input_ns {
            None => {
                flags |= state_flags::REST_POSE;
                idle = true;
            }
            Some(last) => {
                let silence = (now_ns - last) as f64 * 1e-9;
                if silence > params.hold_after {
                    flags |= state_flags::HELD_POSE;
                    idle = true;
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
                        flags |= state_flags::REST_POSE;
                        at_rest = true;
                    }
                }
            }
        }
        Eased { p, flags, idle, at_rest }
    }
}
