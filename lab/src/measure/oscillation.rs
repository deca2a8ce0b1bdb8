//! The rhythm of a region's motion: the dominant frequency of a sampled signal (a region's mean displacement
//! along one axis, say) from its zero crossings, and the decay time of its swing from the envelope of its
//! extrema. Issue 46 compares these between the runtime's flesh and full space after each landing; they are
//! plain functions of a sampled signal so that a synthetic damped oscillation can check them.

/// The dominant frequency (Hz) of `x` sampled every `dt` seconds: half the number of its mean-removed zero
/// crossings per second, the crossing times interpolated linearly between samples. `None` with fewer than
/// three crossings (less than one period) or a non-finite sample.
pub fn dominant_frequency(x: &[f64], dt: f64) -> Option<f64> {
    if !(dt > 0.0) || x.iter().any(|v| !v.is_finite()) || x.len() < 3 {
        return None;
    }
    let mean = x.iter().sum::<f64>() / x.len() as f64;
    let crossings: Vec<f64> = x
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| {
            let (a, b) = (w[0] - mean, w[1] - mean);
            // a sign change (a sample exactly at the mean counts once, at its own time)
            ((a < 0.0 && b >= 0.0) || (a > 0.0 && b <= 0.0)).then(|| (i as f64 + a / (a - b)) * dt)
        })
        .collect();
    if crossings.len() < 3 {
        return None;
    }
    let span = crossings[crossings.len() - 1] - crossings[0];
    (span > 0.0).then(|| (crossings.len() - 1) as f64 / (2.0 * span))
}

/// The decay time τ (s, the e-folding time of the amplitude) of `x` sampled every `dt` seconds, from the
/// extrema of its mean-removed signal: a least-squares line through `ln |x|` at each local extremum against its
/// time, τ = −1 / slope. Extrema below `floor` (the same units as `x`: noise, or motion too small to matter) are
/// left out. `None` with fewer than three extrema above the floor, or an amplitude that does not decay
/// measurably: τ over ten times the time the extrema span.
pub fn decay_time(x: &[f64], dt: f64, floor: f64) -> Option<f64> {
    if !(dt > 0.0) || x.iter().any(|v| !v.is_finite()) || x.len() < 3 {
        return None;
    }
    let mean = x.iter().sum::<f64>() / x.len() as f64;
    let y: Vec<f64> = x.iter().map(|v| v - mean).collect();
    let extrema: Vec<(f64, f64)> = (1..y.len() - 1)
        .filter(|&i| {
            let (a, b, c) = (y[i - 1], y[i], y[i + 1]);
            (b > a && b >= c && b > 0.0) || (b < a && b <= c && b < 0.0)
        })
        .map(|i| (i as f64 * dt, y[i].abs()))
        .filter(|&(_, amplitude)| amplitude > floor)
        .map(|(t, amplitude)| (t, amplitude.ln()))
        .collect();
    if extrema.len() < 3 {
        return None;
    }
    let n = extrema.len() as f64;
    let (mt, ml) = extrema.iter().fold((0.0, 0.0), |(st, sl), (t, l)| (st + t / n, sl + l / n));
    let (cov, var) =
        extrema.iter().fold((0.0, 0.0), |(c, v), (t, l)| (c + (t - mt) * (l - ml), v + (t - mt) * (t - mt)));
    let slope = cov / var;
    let span = extrema[extrema.len() - 1].0 - extrema[0].0;
    (slope < 0.0 && -1.0 / slope <= 10.0 * span).then(|| -1.0 / slope)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `A e^{-t/τ} cos(2π f t + φ) + offset`, sampled at 120 Hz for `seconds`.
    fn damped(f: f64, tau: f64, phase: f64, offset: f64, seconds: f64) -> Vec<f64> {
        let dt = 1.0 / 120.0;
        (0..(seconds / dt) as usize)
            .map(|k| {
                let t = k as f64 * dt;
                0.02 * (-t / tau).exp() * (std::f64::consts::TAU * f * t + phase).cos() + offset
            })
            .collect()
    }

    /// A synthetic damped oscillation gives back its frequency and decay time, whatever its phase and offset.
    #[test]
    fn a_damped_oscillation_gives_back_its_frequency_and_decay_time() {
        for (f, tau) in [(3.2, 0.4), (1.5, 1.2), (7.0, 0.25)] {
            for (phase, offset) in [(0.0, 0.0), (1.0, 0.003), (-2.5, -0.01)] {
                let x = damped(f, tau, phase, offset, 4.0 * tau);
                let got_f = dominant_frequency(&x, 1.0 / 120.0).unwrap();
                assert!((got_f / f - 1.0).abs() < 0.03, "f {f}: {got_f}");
                let got_tau = decay_time(&x, 1.0 / 120.0, 1e-5).unwrap();
                assert!((got_tau / tau - 1.0).abs() < 0.1, "tau {tau} (f {f}, phase {phase}): {got_tau}");
            }
        }
    }

    /// A steady swing has no decay time; a signal without a period has no frequency; bad input gives none.
    #[test]
    fn steady_still_and_broken_signals_give_none() {
        let steady = damped(2.0, 1e9, 0.3, 0.0, 3.0);
        assert!((dominant_frequency(&steady, 1.0 / 120.0).unwrap() - 2.0).abs() < 0.02);
        assert_eq!(decay_time(&steady, 1.0 / 120.0, 1e-5), None);
        let ramp: Vec<f64> = (0..100).map(|k| k as f64).collect();
        assert_eq!(dominant_frequency(&ramp, 0.01), None);
        assert_eq!(decay_time(&ramp, 0.01, 0.0), None);
        assert_eq!(dominant_frequency(&[0.0, f64::NAN, 1.0, -1.0], 0.01), None);
        assert_eq!(dominant_frequency(&steady, 0.0), None);
        // below the floor, nothing is measured
        assert_eq!(decay_time(&damped(3.0, 0.5, 0.0, 0.0, 2.0), 1.0 / 120.0, 1.0), None);
    }
}
