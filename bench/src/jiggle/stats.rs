//! Per-region displacement series of one run and the figures `bench jiggle` reports from them: peak, RMS and
//! settling time.
//!
//! Each tick adds, per region, the largest `|u|` over the region's vertices and the sum of `|u|²` over them
//! ([`Series::push`]); the body-wide largest `|u|` (every vertex, with or without a region) goes along.
//! - `peak`: the largest `|u|` over the region's vertices and every tick recorded (the motion and the settle
//!   phase: an overshoot after the last frame counts);
//! - `rms`: `√(mean of |u|²)` over the region's vertices and the ticks of the motion (up to its last frame;
//!   the settle phase excluded);
//! - `settle`: the time from the motion's last frame until the body-wide largest `|u|` stays below
//!   [`SETTLE_FRACTION`] of its peak for the rest of the run; `None` if it is above at the last tick.

/// The settling threshold, as a fraction of the run's body-wide peak.
pub const SETTLE_FRACTION: f64 = 0.1;

/// One region's per-tick figures (metres).
#[derive(Clone, Debug, Default)]
pub struct RegionSeries {
    pub name: String,
    pub vertices: usize,
    /// Largest `|u|` over the region's vertices, per tick.
    pub max: Vec<f64>,
    /// `Σ |u|²` over the region's vertices, per tick.
    pub sumsq: Vec<f64>,
}

/// One run: tick times (s from the motion's first frame), the regions' series, the body-wide largest `|u|`.
#[derive(Clone, Debug, Default)]
pub struct Series {
    pub t: Vec<f64>,
    /// Time of the motion's last frame (s, same clock as `t`).
    pub motion_end: f64,
    pub regions: Vec<RegionSeries>,
    pub body_max: Vec<f64>,
}

impl Series {
    /// Regions named `names` with `vertices[i]` vertices each.
    pub fn new(names: &[&str], vertices: &[usize], motion_end: f64) -> Series {
        let regions = names
            .iter()
            .zip(vertices)
            .map(|(n, &v)| RegionSeries { name: (*n).to_owned(), vertices: v, ..Default::default() })
            .collect();
        Series { motion_end, regions, ..Default::default() }
    }

    /// One tick at `t`: `norms[v] = |u_v|`, `region_of[v]` the index of vertex `v`'s region (if any).
    pub fn push(&mut self, t: f64, norms: &[f64], region_of: &[Option<usize>]) {
        debug_assert_eq!(norms.len(), region_of.len());
        let k = self.regions.len();
        let (mut max, mut sumsq) = (vec![0.0f64; k], vec![0.0f64; k]);
        let mut body = 0.0f64;
        for (&u, r) in norms.iter().zip(region_of) {
            body = body.max(u);
            if let Some(r) = *r {
                max[r] = max[r].max(u);
                sumsq[r] += u * u;
            }
        }
        for (s, (m, q)) in self.regions.iter_mut().zip(max.into_iter().zip(sumsq)) {
            s.max.push(m);
            s.sumsq.push(q);
        }
        self.t.push(t);
        self.body_max.push(body);
    }

    /// Ticks of the motion (up to and including its last frame's time).
    fn motion_ticks(&self) -> usize {
        self.t.iter().take_while(|&&t| t <= self.motion_end + 1e-9).count()
    }

    pub fn peak(&self, region: usize) -> f64 {
        peak(&self.regions[region].max)
    }

    pub fn rms(&self, region: usize) -> f64 {
        let r = &self.regions[region];
        rms(&r.sumsq[..self.motion_ticks()], r.vertices)
    }

    pub fn body_peak(&self) -> f64 {
        peak(&self.body_max)
    }

    /// Time (s) and value of the body-wide peak.
    pub fn body_peak_at(&self) -> (f64, f64) {
        self.body_max.iter().zip(&self.t).fold((f64::NAN, 0.0), |(at, m), (&u, &t)| {
            if u > m || at.is_nan() {
                (t, u)
            } else {
                (at, m)
            }
        })
    }

    pub fn settle(&self) -> Option<f64> {
        settle_time(&self.t, &self.body_max, self.motion_end, SETTLE_FRACTION * self.body_peak())
    }

    /// [`Series::settle`] for the distance from the final state instead of from rest: `about_final[k]` is the
    /// body-wide largest `|u(t_k) − u(t_last)|`, the threshold stays [`SETTLE_FRACTION`] of the body-wide peak
    /// of `|u|`. (At a held pose other than rest the flesh settles to a static `u ≠ 0`, the elastic
    /// equilibrium under the skinned pose; this measures the oscillation about it.)
    pub fn settle_about_final(&self, about_final: &[f64]) -> Option<f64> {
        settle_time(&self.t, about_final, self.motion_end, SETTLE_FRACTION * self.body_peak())
    }
}

/// The largest value (0 for none).
pub fn peak(max: &[f64]) -> f64 {
    max.iter().fold(0.0, |a, &b| a.max(b))
}

/// `√(Σ sumsq / (vertices · ticks))`; 0 for no ticks or no vertices.
pub fn rms(sumsq: &[f64], vertices: usize) -> f64 {
    let n = (vertices * sumsq.len()) as f64;
    if n == 0.0 {
        return 0.0;
    }
    (sumsq.iter().sum::<f64>() / n).sqrt()
}

/// Time after `end` from which `series` stays below `threshold`: the tick after the last one at or above it,
/// minus `end` (0 if that is before `end`). `None` if the last tick is at or above it.
pub fn settle_time(t: &[f64], series: &[f64], end: f64, threshold: f64) -> Option<f64> {
    if threshold <= 0.0 {
        return Some(0.0);
    }
    match series.iter().rposition(|&u| u >= threshold) {
        None => Some(0.0),
        Some(i) if i + 1 >= series.len() => None,
        Some(i) => Some((t[i + 1] - end).max(0.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jiggle_stats_of_hand_made_series() {
        // two regions: a (vertices 0, 1), b (vertex 2); vertex 3 has none
        let mut s = Series::new(&["a", "b"], &[2, 1], 2.0);
        let region_of = [Some(0), Some(0), Some(1), None];
        let ticks: [[f64; 4]; 6] = [
            [0.0, 0.0, 0.0, 0.0],
            [1.0, 3.0, 2.0, 0.0],
            [4.0, 0.0, 1.0, 10.0], // body peak from the vertex without a region
            [0.0, 2.0, 6.0, 0.0],  // after the motion's end (t = 3 > 2): peaks count, RMS does not
            [0.5, 0.0, 0.0, 0.0],
            [0.0, 0.0, 0.9, 0.0],
        ];
        for (k, norms) in ticks.iter().enumerate() {
            s.push(k as f64, norms, &region_of);
        }
        assert_eq!(s.regions[0].max, [0.0, 3.0, 4.0, 2.0, 0.5, 0.0]);
        assert_eq!(s.regions[0].sumsq, [0.0, 10.0, 16.0, 4.0, 0.25, 0.0]);
        assert_eq!(s.body_max, [0.0, 3.0, 10.0, 6.0, 0.5, 0.9]);
        assert_eq!((s.peak(0), s.peak(1), s.body_peak()), (4.0, 6.0, 10.0));
        assert_eq!(s.body_peak_at(), (2.0, 10.0));
        // RMS over ticks 0..=2 (t <= 2): a: (0 + 10 + 16) / (2 vertices · 3 ticks); b: (0 + 4 + 1) / 3
        assert!((s.rms(0) - (26.0f64 / 6.0).sqrt()).abs() < 1e-12);
        assert!((s.rms(1) - (5.0f64 / 3.0).sqrt()).abs() < 1e-12);
        // settle: threshold 1.0; last tick at or above it is t = 3, so settled from t = 4, 2 s after the end
        assert_eq!(s.settle(), Some(2.0));
    }

    #[test]
    fn jiggle_settle_time_edge_cases() {
        let t = [0.0, 1.0, 2.0, 3.0, 4.0];
        // still moving at the last tick: never settles
        assert_eq!(settle_time(&t, &[0.0, 10.0, 0.5, 0.5, 1.0], 1.0, 1.0), None);
        // below from before the end: 0
        assert_eq!(settle_time(&t, &[10.0, 0.5, 0.5, 0.5, 0.5], 2.0, 1.0), Some(0.0));
        // exactly at the threshold counts as not settled
        assert_eq!(settle_time(&t, &[10.0, 0.5, 1.0, 0.5, 0.5], 0.0, 1.0), Some(3.0));
        // nothing moves
        assert_eq!(settle_time(&t, &[0.0; 5], 0.0, 0.0), Some(0.0));
        // a static offset above the threshold never settles about rest, but does about itself
        let mut s = Series::new(&[], &[], 1.0);
        for (k, u) in [0.0, 10.0, 5.0, 3.0, 3.0].into_iter().enumerate() {
            s.push(t[k], &[u], &[None]);
        }
        assert_eq!(s.settle(), None);
        let about_final: Vec<f64> = s.body_max.iter().map(|u| (u - 3.0f64).abs()).collect();
        assert_eq!(s.settle_about_final(&about_final), Some(2.0));
        assert_eq!(peak(&[]), 0.0);
        assert_eq!(rms(&[], 3), 0.0);
        assert_eq!(rms(&[9.0, 9.0], 1), 3.0);
    }
}
