//! What a viewer sees of one model's flesh, per body region of the render surface, and the comparison of two
//! models region by region (the runtime's against full space): peak and RMS `|u|`, the dominant frequency and
//! decay time of the region's mean displacement in the windows after each impulse of the rig, and spurious
//! motion where the reference stays still.
//!
//! Everything here is a plain function of sampled displacements, so that the tests can feed known signals.

use avatar_lab::measure::oscillation::{decay_time, dominant_frequency};
use serde::Serialize;
use std::ops::Range;

/// A region "moves" in the reference when its peak `|u|` reaches this (m): the goals apply there.
pub const MOVES_M: f64 = 3e-3;
/// A region (or vertex) "stays still" in the reference below this peak `|u|` (m): any motion there is spurious.
pub const STILL_M: f64 = 1e-3;
/// The goals of issue 46: peak and RMS within ±25 %, frequency within ±15 %, decay time within ±30 %, spurious
/// motion at most 1 mm.
pub const PEAK_TOL: f64 = 0.25;
pub const FREQ_TOL: f64 = 0.15;
pub const DECAY_TOL: f64 = 0.30;
pub const SPURIOUS_M: f64 = 1e-3;
/// Windows after an impulse last at most this long (s), and at least [`MIN_WINDOW_S`].
pub const MAX_WINDOW_S: f64 = 1.5;
pub const MIN_WINDOW_S: f64 = 0.3;
/// Impulses: local maxima of the rig's acceleration above this fraction of its largest, at least
/// [`MIN_GAP_S`] apart (the largest first).
pub const IMPULSE_FRACTION: f64 = 0.3;
pub const MIN_GAP_S: f64 = 0.4;

/// One model's render-surface displacement over a run, per region: per tick the largest `|u|`, the sum of
/// `|u|²` and the mean displacement vector; per vertex the largest `|u|` over the run.
#[derive(Clone, Debug, Default)]
pub struct Track {
    pub peak: Vec<Vec<f64>>,
    pub sumsq: Vec<Vec<f64>>,
    pub mean: Vec<Vec<[f64; 3]>>,
    pub vertex_peak: Vec<f64>,
    /// Vertices per region.
    pub counts: Vec<usize>,
}

impl Track {
    /// For `region_of` (each vertex's region index, of `regions` regions, or none).
    pub fn new(region_of: &[Option<usize>], regions: usize) -> Track {
        let mut counts = vec![0; regions];
        region_of.iter().flatten().for_each(|&r| counts[r] += 1);
        Track {
            peak: vec![Vec::new(); regions],
            sumsq: vec![Vec::new(); regions],
            mean: vec![Vec::new(); regions],
            vertex_peak: vec![0.0; region_of.len()],
            counts,
        }
    }

    /// Add one tick: `u(v)` the displacement of vertex `v` (m).
    pub fn push(&mut self, region_of: &[Option<usize>], u: impl Fn(usize) -> [f64; 3]) {
        let regions = self.counts.len();
        let (mut peak, mut sumsq, mut mean) =
            (vec![0.0; regions], vec![0.0; regions], vec![[0.0; 3]; regions]);
        for (v, r) in region_of.iter().enumerate() {
            let d = u(v);
            let n2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            let n = n2.sqrt();
            self.vertex_peak[v] = self.vertex_peak[v].max(n);
            if let Some(r) = *r {
                peak[r] = f64::max(peak[r], n);
                sumsq[r] += n2;
                (0..3).for_each(|c| mean[r][c] += d[c]);
            }
        }
        for r in 0..regions {
            let k = self.counts[r].max(1) as f64;
            self.peak[r].push(peak[r]);
            self.sumsq[r].push(sumsq[r]);
            self.mean[r].push(mean[r].map(|c| c / k));
        }
    }

    pub fn ticks(&self) -> usize {
        self.peak.first().map_or(0, Vec::len)
    }

    /// Largest `|u|` of region `r` over the run (m).
    pub fn region_peak(&self, r: usize) -> f64 {
        self.peak[r].iter().copied().fold(0.0, f64::max)
    }

    /// RMS `|u|` of region `r` over its vertices and the run (m).
    pub fn region_rms(&self, r: usize) -> f64 {
        let n = (self.counts[r] * self.sumsq[r].len()).max(1) as f64;
        (self.sumsq[r].iter().sum::<f64>() / n).sqrt()
    }

    /// Region `r`'s mean displacement along `axis`, per tick (m).
    pub fn signal(&self, r: usize, axis: [f64; 3]) -> Vec<f64> {
        self.mean[r].iter().map(|m| m[0] * axis[0] + m[1] * axis[1] + m[2] * axis[2]).collect()
    }

    /// The direction along which region `r`'s mean displacement varies most over the run (the principal axis
    /// of its covariance, by power iteration; `+Y` when it does not move).
    pub fn principal_axis(&self, r: usize) -> [f64; 3] {
        let m = &self.mean[r];
        let k = m.len().max(1) as f64;
        let mu = m.iter().fold([0.0; 3], |a, x| [0, 1, 2].map(|c| a[c] + x[c] / k));
        let mut cov = [[0.0; 3]; 3];
        for x in m {
            for i in 0..3 {
                for j in 0..3 {
                    cov[i][j] += (x[i] - mu[i]) * (x[j] - mu[j]);
                }
            }
        }
        let mut v = [0.577, 0.577, 0.577];
        for _ in 0..100 {
            let w = [0, 1, 2].map(|i| cov[i][0] * v[0] + cov[i][1] * v[1] + cov[i][2] * v[2]);
            let n = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
            if !(n > 0.0) || !n.is_finite() {
                return [0.0, 1.0, 0.0];
            }
            v = w.map(|c| c / n);
        }
        v
    }
}

/// The windows (tick ranges) after each impulse of the rig: local maxima of `accel` (the rig's acceleration,
/// any positive measure per tick) above [`IMPULSE_FRACTION`] of its largest, the largest first, at least
/// [`MIN_GAP_S`] apart; each window runs to the next impulse or [`MAX_WINDOW_S`], and is kept when at least
/// [`MIN_WINDOW_S`] long.
pub fn impulse_windows(accel: &[f64], dt: f64) -> Vec<Range<usize>> {
    let top = accel.iter().copied().filter(|a| a.is_finite()).fold(0.0, f64::max);
    if !(top > 0.0) {
        return Vec::new();
    }
    let mut candidates: Vec<usize> = (1..accel.len().saturating_sub(1))
        .filter(|&i| {
            accel[i] >= accel[i - 1] && accel[i] > accel[i + 1] && accel[i] >= IMPULSE_FRACTION * top
        })
        .collect();
    candidates.sort_by(|&a, &b| accel[b].total_cmp(&accel[a]).then(a.cmp(&b)));
    let gap = (MIN_GAP_S / dt).round() as usize;
    let mut taken: Vec<usize> = Vec::new();
    for i in candidates {
        if taken.iter().all(|&j| i.abs_diff(j) >= gap) {
            taken.push(i);
        }
    }
    taken.sort_unstable();
    let (longest, shortest) = ((MAX_WINDOW_S / dt).round() as usize, (MIN_WINDOW_S / dt).round() as usize);
    (0..taken.len())
        .map(|k| {
            let end =
                taken.get(k + 1).copied().unwrap_or(accel.len()).min(taken[k] + longest).min(accel.len());
            taken[k]..end
        })
        .filter(|w| w.len() >= shortest)
        .collect()
}

/// The median of the values that are there.
fn median_of(values: impl Iterator<Item = Option<f64>>) -> Option<f64> {
    let mut v: Vec<f64> = values.flatten().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let k = v.len();
    Some(if k % 2 == 1 { v[k / 2] } else { 0.5 * (v[k / 2 - 1] + v[k / 2]) })
}

/// One region's figures for one model.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Figures {
    pub peak_mm: f64,
    pub rms_mm: f64,
    /// Median over the windows of the dominant frequency of the region's mean displacement (Hz).
    pub frequency_hz: Option<f64>,
    /// Median over the windows of its decay time (s).
    pub decay_s: Option<f64>,
    /// The region's largest `|u|` averaged over the run's last [`FINAL_S`]: what stays when the motion holds
    /// still (a quasi-static correction of the skinning) rather than swings.
    pub final_mm: f64,
}

/// The end of a run over which [`Figures::final_mm`] is averaged (s).
pub const FINAL_S: f64 = 0.1;

/// Region `r`'s figures in `track` over `windows`, its mean displacement read along `axis`. A window whose
/// signal swings less than `floor` (m) about its mean has no frequency (its zero crossings would be noise), and
/// extrema below `floor` are left out of the decay fit.
pub fn figures(
    track: &Track,
    r: usize,
    windows: &[Range<usize>],
    axis: [f64; 3],
    dt: f64,
    floor: f64,
) -> Figures {
    let signal = track.signal(r, axis);
    let swings = |x: &[f64]| {
        let mean = x.iter().sum::<f64>() / x.len().max(1) as f64;
        x.iter().any(|v| (v - mean).abs() >= floor)
    };
    let frequency = |w: &Range<usize>| {
        let x = &signal[w.clone()];
        if swings(x) {
            dominant_frequency(x, dt)
        } else {
            None
        }
    };
    Figures {
        peak_mm: 1e3 * track.region_peak(r),
        rms_mm: 1e3 * track.region_rms(r),
        frequency_hz: median_of(windows.iter().map(frequency)),
        decay_s: median_of(windows.iter().map(|w| decay_time(&signal[w.clone()], dt, floor))),
        final_mm: {
            let last =
                &track.peak[r][track.ticks().saturating_sub(((FINAL_S / dt).round() as usize).max(1))..];
            1e3 * last.iter().sum::<f64>() / last.len().max(1) as f64
        },
    }
}

/// The oscillation floor of region `r` in `reference`: a tenth of the largest swing of its mean displacement
/// along `axis` about its mean, and at least [`MIN_SWING_M`].
pub fn swing_floor(reference: &Track, r: usize, axis: [f64; 3]) -> f64 {
    let x = reference.signal(r, axis);
    let mean = x.iter().sum::<f64>() / x.len().max(1) as f64;
    (0.1 * x.iter().map(|v| (v - mean).abs()).fold(0.0, f64::max)).max(MIN_SWING_M)
}

/// Swings of a region's mean displacement below this (m) are not counted as oscillation.
pub const MIN_SWING_M: f64 = 2e-4;

/// One region of the comparison: the model's figures against the reference's, and which goals hold.
#[derive(Clone, Debug, Serialize)]
pub struct RegionComparison {
    pub region: String,
    pub model: Figures,
    pub reference: Figures,
    /// `model / reference` of each figure (`None` where either is missing).
    pub peak_ratio: Option<f64>,
    pub rms_ratio: Option<f64>,
    pub frequency_ratio: Option<f64>,
    pub decay_ratio: Option<f64>,
    /// The reference moves here (peak ≥ [`MOVES_M`]): the goals apply.
    pub moves: bool,
    /// The reference stays still here (peak < [`STILL_M`]): the model's peak is spurious motion.
    pub still: bool,
    /// Whether each goal holds (`None`: it does not apply, or a figure could not be measured).
    pub peak_ok: Option<bool>,
    pub rms_ok: Option<bool>,
    pub frequency_ok: Option<bool>,
    pub decay_ok: Option<bool>,
    pub spurious_ok: Option<bool>,
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0.0 && a.is_finite() => Some(a / b),
        _ => None,
    }
}

/// Compare `model` with `reference` in region `r` (named `name`), over the reference's `windows`, along the
/// reference's principal axis.
pub fn compare(
    name: &str,
    model: &Track,
    reference: &Track,
    r: usize,
    windows: &[Range<usize>],
    dt: f64,
) -> RegionComparison {
    let axis = reference.principal_axis(r);
    let floor = swing_floor(reference, r, axis);
    let (m, f) =
        (figures(model, r, windows, axis, dt, floor), figures(reference, r, windows, axis, dt, floor));
    let moves = f.peak_mm >= 1e3 * MOVES_M;
    let still = f.peak_mm < 1e3 * STILL_M;
    let within = |x: Option<f64>, tol: f64| x.map(|x| (x - 1.0).abs() <= tol);
    let peak_ratio = ratio(Some(m.peak_mm), Some(f.peak_mm));
    let rms_ratio = ratio(Some(m.rms_mm), Some(f.rms_mm));
    let frequency_ratio = ratio(m.frequency_hz, f.frequency_hz);
    let decay_ratio = ratio(m.decay_s, f.decay_s);
    let goal = |x: Option<bool>| if moves { Some(x.unwrap_or(false)) } else { None };
    RegionComparison {
        region: name.to_owned(),
        peak_ok: goal(within(peak_ratio, PEAK_TOL)),
        rms_ok: goal(within(rms_ratio, PEAK_TOL)),
        // a frequency or decay the reference itself does not show (no oscillation in its windows) is not
        // judged; one the reference shows and the model does not is a miss
        frequency_ok: if moves && f.frequency_hz.is_some() {
            within(frequency_ratio, FREQ_TOL).or(Some(false))
        } else {
            None
        },
        decay_ok: if moves && f.decay_s.is_some() {
            within(decay_ratio, DECAY_TOL).or(Some(false))
        } else {
            None
        },
        spurious_ok: still.then_some(m.peak_mm <= 1e3 * SPURIOUS_M),
        peak_ratio,
        rms_ratio,
        frequency_ratio,
        decay_ratio,
        moves,
        still,
        model: m,
        reference: f,
    }
}

/// The largest `|u|` of `model` over the vertices where `reference` stays under [`STILL_M`] all run (m).
pub fn spurious_vertex_peak(model: &Track, reference: &Track) -> f64 {
    model
        .vertex_peak
        .iter()
        .zip(&reference.vertex_peak)
        .filter(|(_, &r)| r < STILL_M)
        .map(|(&m, _)| m)
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::TAU;

    /// A region of two vertices whose mean moves as `x(t)` along `dir`.
    fn track_of(x: &[f64], dir: [f64; 3]) -> Track {
        let of = vec![Some(0), Some(0)];
        let mut t = Track::new(&of, 1);
        for &a in x {
            t.push(&of, |v| dir.map(|c| c * a * if v == 0 { 0.5 } else { 1.5 }));
        }
        t
    }

    fn damped(f: f64, tau: f64, amp: f64, dt: f64, ticks: usize, kick_every: usize) -> Vec<f64> {
        (0..ticks)
            .map(|i| {
                let t = (i % kick_every) as f64 * dt;
                amp * (-t / tau).exp() * (TAU * f * t).sin()
            })
            .collect()
    }

    #[test]
    fn fidelity_windows_start_at_the_impulses() {
        let dt = 1.0 / 120.0;
        let mut a = vec![0.1; 600];
        for &k in &[100usize, 300, 305, 500] {
            a[k] = 10.0;
        }
        a[305] = 8.0; // within MIN_GAP_S of 300: not an impulse of its own
        let w = impulse_windows(&a, dt);
        assert_eq!(w, vec![100..280, 300..480, 500..600]);
    }

    /// Figures of a known damped oscillation, kicked three times, and the comparison's verdicts on a model that
    /// matches, one 20 % faster in frequency, one with half the amplitude.
    #[test]
    fn fidelity_figures_recover_a_synthetic_oscillation_and_the_comparison_judges_them() {
        let dt = 1.0 / 120.0;
        let kick = 240;
        let x = damped(3.0, 0.4, 0.02, dt, 3 * kick, kick);
        let mut accel = vec![0.0; x.len()];
        for k in 0..3 {
            accel[k * kick + 1] = 5.0;
        }
        let windows = impulse_windows(&accel, dt);
        assert_eq!(windows.len(), 3);
        let reference = track_of(&x, [0.0, 0.6, 0.8]);
        let axis = reference.principal_axis(0);
        assert!((axis[1].abs() - 0.6).abs() < 1e-6 && (axis[2].abs() - 0.8).abs() < 1e-6, "{axis:?}");
        let f = figures(&reference, 0, &windows, axis, dt, 1e-4);
        assert!((f.frequency_hz.unwrap() - 3.0).abs() < 0.15, "{f:?}");
        assert!((f.decay_s.unwrap() - 0.4).abs() < 0.06, "{f:?}");
        // the vertex at 1.5× the mean's amplitude carries the peak
        assert!((f.peak_mm - 1.5 * 1e3 * x.iter().fold(0.0f64, |a, v| a.max(v.abs()))).abs() < 1e-9);

        let same = compare("r", &reference, &reference, 0, &windows, dt);
        assert_eq!(
            (same.peak_ok, same.rms_ok, same.frequency_ok, same.decay_ok, same.spurious_ok),
            (Some(true), Some(true), Some(true), Some(true), None)
        );
        let fast = track_of(&damped(3.6, 0.4, 0.02, dt, 3 * kick, kick), [0.0, 0.6, 0.8]);
        let c = compare("r", &fast, &reference, 0, &windows, dt);
        assert_eq!(c.frequency_ok, Some(false), "{c:?}");
        assert!((c.frequency_ratio.unwrap() - 1.2).abs() < 0.05);
        let small = track_of(&x.iter().map(|v| 0.5 * v).collect::<Vec<_>>(), [0.0, 0.6, 0.8]);
        let c = compare("r", &small, &reference, 0, &windows, dt);
        assert_eq!((c.peak_ok, c.rms_ok, c.frequency_ok), (Some(false), Some(false), Some(true)));
    }

    #[test]
    fn fidelity_motion_where_the_reference_is_still_is_spurious() {
        let still = track_of(&vec![0.0002; 100], [1.0, 0.0, 0.0]);
        let moving = track_of(&vec![0.004; 100], [1.0, 0.0, 0.0]);
        let c = compare("r", &moving, &still, 0, &[], 1.0 / 120.0);
        assert!(c.still && !c.moves);
        assert_eq!(c.spurious_ok, Some(false));
        assert_eq!(c.peak_ok, None);
        assert!((spurious_vertex_peak(&moving, &still) - 0.006).abs() < 1e-12);
        assert_eq!(compare("r", &still, &still, 0, &[], 1.0 / 120.0).spurious_ok, Some(true));
    }
}
