//! The One-Euro filter (Casiez, Roussel, Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for Noisy
//! Input in Interactive Systems", CHI 2012): an exponential low-pass whose cutoff rises with the signal's
//! (itself low-passed) speed, `f_c = min_cutoff + beta·|ẋ̂|`, so slow signals are smoothed hard (little
//! jitter) and fast ones lightly (little lag).
//!
//! Two variants driven by timestamps in seconds:
//! - [`OneEuro`] for scalars;
//! - [`OneEuroRotation`] for unit quaternions: the speed is the angular velocity `log(q̂⁻¹ q)/Δt`
//!   (rad/s, a 3-vector low-passed like the scalar derivative), the smoothing step is a slerp from the held
//!   value toward the input by the same `α`; every input is first flipped into the hemisphere of the held
//!   value (`q` and `−q` are the same rotation), so the output is continuous and sign-consistent.
//!
//! **Rejected input**: a non-finite value (or a quaternion of non-finite or ~zero norm), a non-finite time, or
//! a time not strictly after the last accepted one leaves the state untouched and returns the held value (the
//! input itself, when nothing was accepted yet and the value is usable; otherwise `None` for a filter with no
//! state). Time going backwards therefore never panics and never changes the output.

use nalgebra::{UnitQuaternion, Vector3};
use serde::{Deserialize, Serialize};

/// Filter parameters (Casiez et al. 2012, §3): `min_cutoff` (Hz) sets the smoothing at rest, `beta` (1/unit of
/// the signal) how fast the cutoff rises with speed, `d_cutoff` (Hz) the low-pass on the derivative.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OneEuroParams {
    pub min_cutoff: f64,
    pub beta: f64,
    pub d_cutoff: f64,
}

impl Default for OneEuroParams {
    /// The paper's suggested starting point: `min_cutoff = 1 Hz`, `d_cutoff = 1 Hz`; `beta = 0.007` (the
    /// authors' reference implementation's mouse-pointer value; tune beta per signal unit).
    fn default() -> Self {
        OneEuroParams { min_cutoff: 1.0, beta: 0.007, d_cutoff: 1.0 }
    }
}

/// Smoothing factor of an exponential low-pass with cutoff `cutoff` (Hz) sampled every `dt` s:
/// `α = 1 / (1 + τ/Δt)`, `τ = 1/(2π f_c)` (Casiez et al. 2012, Eq. 1–2).
pub fn alpha(cutoff: f64, dt: f64) -> f64 {
    let tau = 1.0 / (2.0 * std::f64::consts::PI * cutoff.max(1e-12));
    1.0 / (1.0 + tau / dt)
}

/// Scalar One-Euro filter.
#[derive(Clone, Debug)]
pub struct OneEuro {
    pub params: OneEuroParams,
    state: Option<(f64, f64, f64)>, // (t, x̂, dx̂)
}

impl OneEuro {
    pub fn new(params: OneEuroParams) -> Self {
        OneEuro { params, state: None }
    }

    /// The held (last output) value.
    pub fn value(&self) -> Option<f64> {
        self.state.map(|s| s.1)
    }

    /// Forget the state.
    pub fn reset(&mut self) {
        self.state = None;
    }

    /// Feed sample `x` taken at time `t` (s); returns the filtered value (see the module doc for rejected
    /// input: the held value, or `None` when there is none).
    pub fn filter(&mut self, t: f64, x: f64) -> Option<f64> {
        if !t.is_finite() || !x.is_finite() {
            return self.value();
        }
        let Some((t0, x0, dx0)) = self.state else {
            self.state = Some((t, x, 0.0));
            return Some(x);
        };
        let dt = t - t0;
        if dt <= 0.0 || !dt.is_finite() {
            return Some(x0);
        }
        let p = self.params;
        let dx = (x - x0) / dt;
        let dx_hat = dx0 + alpha(p.d_cutoff, dt) * (dx - dx0);
        let cutoff = p.min_cutoff + p.beta * dx_hat.abs();
        let x_hat = x0 + alpha(cutoff, dt) * (x - x0);
        self.state = Some((t, x_hat, dx_hat));
        Some(x_hat)
    }
}

/// One-Euro filter on rotations (unit quaternions); `beta` is in 1/(rad/s).
#[derive(Clone, Debug)]
pub struct OneEuroRotation {
    pub params: OneEuroParams,
    state: Option<(f64, UnitQuaternion<f64>, Vector3<f64>)>, // (t, q̂, ω̂)
}

impl OneEuroRotation {
    pub fn new(params: OneEuroParams) -> Self {
        OneEuroRotation { params, state: None }
    }

    pub fn value(&self) -> Option<UnitQuaternion<f64>> {
        self.state.map(|s| s.1)
    }

    pub fn reset(&mut self) {
        self.state = None;
    }

    /// Feed rotation `q` (`[w, x, y, z]`-order is nalgebra's `Quaternion::new(w, i, j, k)`; any non-zero norm
    /// is normalised) at time `t`; returns the filtered rotation.
    pub fn filter(&mut self, t: f64, q: nalgebra::Quaternion<f64>) -> Option<UnitQuaternion<f64>> {
        let n = q.norm();
        if !t.is_finite() || !n.is_finite() || n < 1e-12 {
            return self.value();
        }
        let mut q = UnitQuaternion::new_unchecked(q / n);
        let Some((t0, q0, w0)) = self.state else {
            self.state = Some((t, q, Vector3::zeros()));
            return Some(q);
        };
        let dt = t - t0;
        if dt <= 0.0 || !dt.is_finite() {
            return Some(q0);
        }
        // Sign consistency: take the representative nearest the held value.
        if q.coords.dot(&q0.coords) < 0.0 {
            q = UnitQuaternion::new_unchecked(-q.into_inner());
        }
        let p = self.params;
        let delta = q0.inverse() * q; // body-frame increment
        let omega = delta.scaled_axis() / dt;
        let w_hat = w0 + alpha(p.d_cutoff, dt) * (omega - w0);
        let cutoff = p.min_cutoff + p.beta * w_hat.norm();
        let a = alpha(cutoff, dt);
        let q_hat = q0 * UnitQuaternion::from_scaled_axis(delta.scaled_axis() * a); // slerp(q̂, q, α)
        self.state = Some((t, q_hat, w_hat));
        Some(q_hat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn var(v: &[f64]) -> f64 {
        let m = v.iter().sum::<f64>() / v.len() as f64;
        v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / v.len() as f64
    }

    #[test]
    fn constant_passes_unchanged() {
        let mut f = OneEuro::new(OneEuroParams::default());
        for i in 0..100 {
            assert_eq!(f.filter(i as f64 / 30.0, 1.25), Some(1.25));
        }
        let q = UnitQuaternion::from_euler_angles(0.3, -0.2, 1.1);
        let mut g = OneEuroRotation::new(OneEuroParams::default());
        for i in 0..100 {
            // alternate the sign: the same rotation
            let qi = if i % 2 == 0 { q.into_inner() } else { -q.into_inner() };
            let out = g.filter(i as f64 / 30.0, qi).unwrap();
            assert!(out.angle_to(&q) < 1e-12);
        }
    }

    /// White noise (σ = 0.1) on a constant at 30 Hz, min_cutoff 1 Hz, beta 0: the output variance must drop
    /// at least 5x (an exponential low-pass with α ≈ 0.17 passes α/(2-α) ≈ 0.095 of white-noise variance).
    #[test]
    fn noisy_constant_is_smoothed() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let params = OneEuroParams { min_cutoff: 1.0, beta: 0.0, d_cutoff: 1.0 };
        let mut f = OneEuro::new(params);
        let (mut inp, mut out) = (vec![], vec![]);
        for i in 0..3000 {
            let x = 2.0 + 0.1 * (rng.random::<f64>() * 2.0 - 1.0) * 3f64.sqrt();
            let y = f.filter(i as f64 / 30.0, x).unwrap();
            if i > 100 {
                inp.push(x);
                out.push(y);
            }
        }
        let ratio = var(&out) / var(&inp);
        eprintln!("scalar variance ratio {ratio:.4}");
        assert!(ratio < 0.2, "variance ratio {ratio}");
        // rotations: noise about a fixed axis-angle
        let mut g = OneEuroRotation::new(params);
        let base = UnitQuaternion::from_euler_angles(0.5, 0.1, -0.4);
        let (mut ein, mut eout) = (vec![], vec![]);
        for i in 0..3000 {
            let n = Vector3::from_fn(|_, _| 0.05 * (rng.random::<f64>() * 2.0 - 1.0) * 3f64.sqrt());
            let q = base * UnitQuaternion::from_scaled_axis(n);
            let y = g.filter(i as f64 / 30.0, q.into_inner()).unwrap();
            if i > 100 {
                ein.push((base.inverse() * q).scaled_axis().norm_squared());
                eout.push((base.inverse() * y).scaled_axis().norm_squared());
            }
        }
        let r = eout.iter().sum::<f64>() / ein.iter().sum::<f64>();
        eprintln!("rotation error power ratio {r:.4}");
        assert!(r < 0.2, "rotation error power ratio {r}");
    }

    /// Ramp x = t (1 unit/s) at 60 Hz: the steady-state lag shrinks as beta grows.
    #[test]
    fn ramp_lag_shrinks_with_beta() {
        let lag = |beta: f64| {
            let mut f = OneEuro::new(OneEuroParams { min_cutoff: 1.0, beta, d_cutoff: 1.0 });
            let mut last = 0.0;
            for i in 0..600 {
                let t = i as f64 / 60.0;
                last = t - f.filter(t, t).unwrap();
            }
            last
        };
        let lags: Vec<f64> = [0.0, 0.5, 2.0, 10.0].iter().map(|&b| lag(b)).collect();
        for w in lags.windows(2) {
            assert!(w[1] < w[0], "lags {lags:?}");
        }
        eprintln!("ramp lags for beta 0, 0.5, 2, 10: {lags:?}");
        assert!(lags[0] > 0.1 && lags[3] < 0.03, "lags {lags:?}");
        // rotation ramp about z at 1 rad/s
        let rlag = |beta: f64| {
            let mut g = OneEuroRotation::new(OneEuroParams { min_cutoff: 1.0, beta, d_cutoff: 1.0 });
            let mut last = 0.0;
            for i in 0..600 {
                let t = i as f64 / 60.0;
                let q = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), t);
                last = g.filter(t, q.into_inner()).unwrap().angle_to(&q);
            }
            last
        };
        assert!(rlag(5.0) < rlag(0.0));
    }

    #[test]
    fn time_reversal_and_bad_input_hold() {
        let mut f = OneEuro::new(OneEuroParams::default());
        f.filter(1.0, 0.0);
        let held = f.filter(1.1, 1.0).unwrap();
        assert_eq!(f.filter(0.5, 7.0), Some(held));
        assert_eq!(f.filter(1.1, 7.0), Some(held));
        assert_eq!(f.filter(f64::NAN, 7.0), Some(held));
        assert_eq!(f.filter(2.0, f64::INFINITY), Some(held));
        assert_eq!(f.value(), Some(held));
        let mut g = OneEuroRotation::new(OneEuroParams::default());
        assert_eq!(g.filter(0.0, nalgebra::Quaternion::new(f64::NAN, 0.0, 0.0, 0.0)), None);
        let q = UnitQuaternion::from_euler_angles(0.1, 0.2, 0.3);
        g.filter(1.0, q.into_inner());
        let h = g.filter(1.1, UnitQuaternion::identity().into_inner()).unwrap();
        assert_eq!(g.filter(0.2, q.into_inner()), Some(h));
        assert_eq!(g.filter(2.0, nalgebra::Quaternion::new(0.0, 0.0, 0.0, 0.0)), Some(h));
    }
}
