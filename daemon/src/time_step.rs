//! The time step of one solver tick, made once from the tick rate (`tick_hz`) and passed down: the solver's
//! period, the step's `h` (paper 000's h: the dynamics, the damping, the filters, the breathing), and what
//! `sim_time_ns` advances by.

use std::time::Duration;

/// One tick's time step at a tick rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeStep {
    /// The tick rate (Hz), as set (`tick_hz`).
    pub hz: f32,
    /// The step's length `h = 1 / hz` (s).
    pub h: f64,
    /// `h` in whole nanoseconds (rounded): what a state's `sim_time_ns` advances by per tick.
    pub dt_ns: i64,
}

impl TimeStep {
    pub fn new(hz: f32) -> Self {
        let hz64 = hz as f64;
        TimeStep { hz, h: 1.0 / hz64, dt_ns: (1e9 / hz64).round() as i64 }
    }

    /// The solver's period: `h` as a [`Duration`].
    pub fn period(&self) -> Duration {
        Duration::from_secs_f64(self.h)
    }
}

/// The time step at `hz` (for callers that tick at a fixed rate).
impl From<f32> for TimeStep {
    fn from(hz: f32) -> Self {
        TimeStep::new(hz)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_step_is_the_rate_s_period_in_seconds_and_whole_ns() {
        let s = TimeStep::new(120.0);
        assert_eq!((s.hz, s.h, s.dt_ns), (120.0, 1.0 / 120.0, 8_333_333));
        assert_eq!(s.period(), Duration::from_secs_f64(1.0 / 120.0));
        assert_eq!(TimeStep::from(90.0).dt_ns, 11_111_111);
        assert_eq!(TimeStep::new(1.5).dt_ns, 666_666_667, "rounded, not truncated");
    }
}
