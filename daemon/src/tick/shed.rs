//! Work shed when ticks overrun: the solver's own share of a busy machine. The load is the tick's time over
//! its period (smoothed); above [`HIGH`] the level rises one step (at most every [`STEP`] s), below [`LOW`]
//! for [`CALM`] s it falls one. What each level sheds, in this order, and never the pose (the tracked `p`,
//! grounding, hands and lip sync run in full at every level):
//! 1. the flesh's local-global iterations halved (`iterations`, at least one);
//! 2. one iteration.
//!
//! The ticks run shed are counted (`solver.shed_ticks`), and the level is in the stats (`solver.shed_level`).
//! Spring bones are not shed (their half rate would need a step of two periods that three-vrm's 60 Hz look
//! was not measured at).

use crate::avatar::params::SimParams;
use std::time::{Duration, Instant};

/// Load (tick time over period, smoothed) above which a level is shed...
pub const HIGH: f64 = 0.7;
/// ...and below which, for [`CALM`], one comes back.
pub const LOW: f64 = 0.3;
pub const CALM: Duration = Duration::from_secs(2);
/// The level rises at most this often.
pub const STEP: Duration = Duration::from_millis(500);
/// The deepest level.
pub const MAX_LEVEL: u8 = 2;
/// Smoothing of the load per tick.
const ALPHA: f64 = 0.1;

#[derive(Clone, Debug)]
pub struct Shed {
    level: u8,
    load: f64,
    changed: Option<Instant>,
    calm_since: Option<Instant>,
}

impl Default for Shed {
    fn default() -> Self {
        Shed { level: 0, load: 0.0, changed: None, calm_since: None }
    }
}

impl Shed {
    pub fn level(&self) -> u8 {
        self.level
    }

    /// A tick took `took` of its `period`, ending at `now`.
    pub fn update(&mut self, took: Duration, period: Duration, now: Instant) {
        let x = took.as_secs_f64() / period.as_secs_f64().max(1e-9);
        self.load += ALPHA * (x.min(10.0) - self.load);
        let since_change = self.changed.map_or(Duration::MAX, |c| now.saturating_duration_since(c));
        if self.load > HIGH {
            self.calm_since = None;
            if self.level < MAX_LEVEL && since_change >= STEP {
                self.level += 1;
                self.changed = Some(now);
            }
        } else if self.load < LOW {
            let calm = *self.calm_since.get_or_insert(now);
            if self.level > 0 && now.saturating_duration_since(calm) >= CALM {
                self.level -= 1;
                self.changed = Some(now);
                self.calm_since = Some(now);
            }
        } else {
            self.calm_since = None;
        }
    }

    /// The parameters this level runs an avatar with (`None`: as they are).
    pub fn apply(&self, params: &SimParams) -> Option<SimParams> {
        let iterations = match self.level {
            0 => return None,
            1 => params.iterations.div_ceil(2).max(1),
            _ => 1,
        };
        (iterations != params.iterations).then(|| SimParams { iterations, ..params.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrun_ticks_shed_the_flesh_iterations_in_steps_and_calm_brings_them_back() {
        let period = Duration::from_micros(8333);
        let mut s = Shed::default();
        let t0 = Instant::now();
        let p = SimParams { iterations: 6, ..SimParams::default() };
        // on time: nothing shed
        for k in 0..240 {
            s.update(period / 5, period, t0 + period * k);
        }
        assert_eq!((s.level(), s.apply(&p)), (0, None));
        // every tick takes its whole period: level 1 within a few ticks, level 2 half a second later
        let mut t = t0 + period * 240;
        let mut first_level = None;
        for k in 0..240u32 {
            t += period;
            s.update(period, period, t);
            if s.level() == 1 && first_level.is_none() {
                first_level = Some(k);
            }
        }
        assert!(first_level.unwrap() < 20, "{first_level:?}");
        assert_eq!(s.level(), 2);
        let shed = s.apply(&p).unwrap();
        assert_eq!(shed.iterations, 1);
        // never the pose: every other parameter as it was
        assert_eq!(SimParams { iterations: 6, ..shed }, p);
        // calm again: a level back per two seconds of calm
        for _ in 0..(2.5 / period.as_secs_f64()) as u32 {
            t += period;
            s.update(period / 10, period, t);
        }
        assert_eq!(s.level(), 1);
        assert_eq!(s.apply(&p).unwrap().iterations, 3);
        for _ in 0..(2.5 / period.as_secs_f64()) as u32 {
            t += period;
            s.update(period / 10, period, t);
        }
        assert_eq!((s.level(), s.apply(&p)), (0, None));
    }
}
