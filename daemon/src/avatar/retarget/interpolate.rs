//! From the previous output towards the target over one input interval (the tracker runs at 30–60 Hz, the
//! solver at 120 Hz: a step in `p` every few ticks would be felt by the dynamics as an impulse).

use crate::avatar::params::SimParams;
use crate::avatar::teleport::is_teleport;

/// The interpolation stage: from `from` (at local time `since_ns`) to `target` over `interval_s`, and the
/// last output.
pub(super) struct Interpolation {
    rest_p: Vec<f64>,
    handles: Vec<usize>,
    from: Vec<f64>,
    target: Vec<f64>,
    since_ns: i64,
    interval_s: f64,
    /// Output of the previous tick.
    out: Vec<f64>,
}

impl Interpolation {
    /// At rest (`rest_p`); `handles`: the rig's transform handles (for teleport detection).
    pub(super) fn new(rest_p: &[f64], handles: Vec<usize>) -> Self {
        Interpolation {
            rest_p: rest_p.to_vec(),
            handles,
            from: rest_p.to_vec(),
            target: rest_p.to_vec(),
            since_ns: 0,
            interval_s: 0.0,
            out: rest_p.to_vec(),
        }
    }

    pub(super) fn reset(&mut self) {
        self.from.clone_from(&self.rest_p);
        self.target.clone_from(&self.rest_p);
        self.out.clone_from(&self.rest_p);
        (self.since_ns, self.interval_s) = (0, 0.0);
    }

    /// A new target from fresh input (`interval_s`: since the previous input), reached from the previous
    /// output over that interval.
    pub(super) fn aim(&mut self, target: Vec<f64>, interval_s: f64, now_ns: i64, params: &SimParams) {
        self.target = target;
        // a jump is not interpolated (the dynamics treat it as a teleport too)
        let jump = is_teleport(&self.out, &self.target, &self.handles, params);
        self.from = if jump { self.target.clone() } else { self.out.clone() };
        self.since_ns = now_ns;
        self.interval_s = interval_s;
    }

    /// The target moves without new input (a piece easing out): the way there goes on from where it is.
    pub(super) fn follow(&mut self, target: Vec<f64>) {
        self.target = target;
    }

    /// `p` on the way to the target at the end of this tick's step (now + `h`).
    pub(super) fn step(&self, now_ns: i64, h: f64) -> Vec<f64> {
        let s = if self.interval_s > 0.0 {
            (((now_ns - self.since_ns) as f64 * 1e-9 + h) / self.interval_s).clamp(0.0, 1.0)
        } else {
            1.0
        };
        self.from.iter().zip(&self.target).map(|(a, b)| a + s * (b - a)).collect()
    }

    /// This tick's output `p` (after the whole-pose silence); `at_rest`: it eased all the way to rest, so the
    /// next input starts from rest.
    pub(super) fn settle(&mut self, p: &[f64], at_rest: bool) {
        if at_rest {
            self.from.clone_from(&self.rest_p);
            self.target.clone_from(&self.rest_p);
        }
        self.out.clear();
        self.out.extend_from_slice(p);
    }
}
