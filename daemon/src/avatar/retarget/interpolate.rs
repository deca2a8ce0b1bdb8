//! From the previous output towards the target over one input interval (the tracker runs at 30–60 Hz, the
//! solver at 120 Hz: a step in `p` every few ticks would be felt by the dynamics as an impulse).

use super::Retarget;
use crate::avatar::params::SimParams;
use crate::avatar::teleport::is_teleport;
use avatar_sim::rig::Rig;

impl Retarget {
    /// A new target from fresh input, reached from the previous output over one input interval.
    pub(super) fn aim(&mut self, rig: &Rig, now_ns: i64, params: &SimParams) {
        self.target = self.compose(rig);
        // a jump is not interpolated (the dynamics treat it as a teleport too)
        let jump = is_teleport(&self.out, &self.target, &self.handles, params);
        self.from = if jump { self.target.clone() } else { self.out.clone() };
        self.since_ns = now_ns;
        self.ease_from = None;
    }

    /// `p` on the way to the target at the end of this tick's step (now + `h`).
    pub(super) fn interpolate(&self, now_ns: i64, h: f64) -> Vec<f64> {
        // interpolate towards the target; this tick's step ends at now + h
        let s = if self.interval_s > 0.0 {
            (((now_ns - self.since_ns) as f64 * 1e-9 + h) / self.interval_s).clamp(0.0, 1.0)
        } else {
            1.0
        };
        self.from.iter().zip(&self.target).map(|(a, b)| a + s * (b - a)).collect()
    }
}
