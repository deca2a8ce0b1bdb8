//! Idle breathing: the chest and belly actuation fields of [`avatar_sim::breathing`] driven through the
//! reduced step's modal actuation (paper 003, AaM; `StepSettings::actuation`), with a breathing signal.
//!
//! Signal: `a(t) = w(t) · depth · (½ − ½ cos 2πφ)` (inhale, exhale), `φ` the breath's phase advanced by
//! `rate · h` each tick (so a live rate change never jumps), the chest a twentieth of a breath behind the
//! belly. `w` ramps to 1 over [`RAMP_S`] while the avatar is idle and back to 0 over the same time when
//! tracking resumes or breathing is switched off (smoothstep, so `a` never jumps); the depth itself follows
//! `breathing_depth` with a 0.5 s time constant. At `w = 0` the step gets no actuation at all (bitwise the
//! passive step) and the breath restarts from an exhale the next time.
//!
//! Idle means no live tracker input (the pose held after `hold_after`, easing to rest, or at rest): while
//! tracking drives the body its own motion and the tracked chest already move it, and a procedural breath
//! on top would fight the input.

use super::params::SimParams;
use avatar_sim::breathing::breathing_fields;
use avatar_sim::precompute::{MaterialSetting, Precomputed};
use avatar_sim::reduced::actuation_gradient;
use faer::Mat;
use std::collections::BTreeMap;

/// Seconds to ramp breathing in or out.
pub const RAMP_S: f64 = 1.0;
/// The chest's phase lag behind the belly (breaths).
pub const CHEST_LAG: f64 = 0.05;
/// Time constant of a depth change (s).
const DEPTH_TAU_S: f64 = 0.5;

/// The breathing signal's state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Breathing {
    /// The breath's phase (breaths, in [0, 1)).
    pub phase: f64,
    /// Ramp in [0, 1]: 1 = fully breathing.
    pub ramp: f64,
    /// The smoothed depth.
    pub depth: f64,
}

impl Breathing {
    /// Advance one tick of `h` s; returns `a = [chest, belly]`, or an empty vector when breathing is fully off.
    pub fn tick(&mut self, h: f64, idle: bool, params: &SimParams) -> Vec<f64> {
        let on = params.breathing && idle;
        let was_off = self.ramp == 0.0;
        self.ramp = if on { (self.ramp + h / RAMP_S).min(1.0) } else { (self.ramp - h / RAMP_S).max(0.0) };
        if self.ramp == 0.0 {
            self.phase = 0.0;
            self.depth = params.breathing_depth;
            return Vec::new();
        }
        if was_off {
            self.depth = params.breathing_depth;
        } else {
            self.depth += (params.breathing_depth - self.depth) * (1.0 - (-h / DEPTH_TAU_S).exp());
        }
        self.phase = (self.phase + params.breathing_rate_hz * h).fract();
        let w = self.ramp * self.ramp * (3.0 - 2.0 * self.ramp);
        let breath = |phase: f64| 0.5 - 0.5 * (2.0 * std::f64::consts::PI * phase).cos();
        vec![w * self.depth * breath(self.phase - CHEST_LAG), w * self.depth * breath(self.phase)]
    }
}

/// `Ĝ` (9r × 2) of the asset's breathing fields for its reduced model, or why it has none.
pub fn breathing_gradient(
    sim: &Precomputed,
    humanoid: &BTreeMap<String, String>,
) -> Result<Mat<f64>, String> {
    let anatomy = match &sim.settings.material {
        MaterialSetting::Anatomical(a) => Some(a),
        _ => None,
    };
    let d = breathing_fields(&sim.mesh, &sim.rig, humanoid, anatomy).map_err(|e| e.to_string())?;
    Ok(actuation_gradient(&sim.mesh, &sim.material, &sim.clustering, &d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signal ramps in without a jump, breathes at the rate, ramps out to exactly nothing.
    #[test]
    fn signal_ramps_and_breathes_at_the_rate() {
        let params = SimParams::default();
        let h = 1.0 / 120.0;
        let mut b = Breathing::default();
        let mut belly = Vec::new();
        let mut last: f64 = 0.0;
        for _ in 0..(20.0 / h) as usize {
            let a = b.tick(h, true, &params);
            assert!((a[1] - last).abs() < 0.05 * params.breathing_depth, "a jumped");
            last = a[1];
            belly.push(a[1]);
        }
        let peak = belly.iter().cloned().fold(0.0, f64::max);
        assert!((peak - params.breathing_depth).abs() < 1e-3, "peak {peak}");
        // breaths: maxima of the belly signal over 20 s at 0.25 Hz = 5 (from the exhale at t = 0)
        let maxima = belly.windows(3).filter(|w| w[1] > w[0] && w[1] >= w[2] && w[1] > 0.5 * peak).count();
        assert_eq!(maxima, 5);
        for _ in 0..(RAMP_S / h) as usize + 1 {
            b.tick(h, false, &params);
        }
        assert!(b.tick(h, false, &params).is_empty());
        let off = SimParams { breathing: false, ..params };
        assert!(Breathing::default().tick(h, true, &off).is_empty());
    }
}
