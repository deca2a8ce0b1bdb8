//! The performer's proportions, from the metric world landmarks: leg length (for the avatar's scale),
//! standing hip height above the floor (the height a crouch or a hop is measured from), and the image's scale
//! at the body (pixels per metre: the image length of the torso and legs over their world length).
//!
//! Both are medians of recent samples, so a few bad frames do not move them. The leg length is sampled every
//! frame both legs are seen (`|hip − knee| + |knee − ankle|`, the mean of the two legs); the standing hip height
//! only while both feet are planted and both knees are nearly straight (> 165°). The first two seconds of
//! such standing are the calibration the README describes; it keeps updating after that.

use std::collections::VecDeque;

/// Samples kept per median (about 4 s at 30 fps).
const WINDOW: usize = 120;
/// Samples needed before a median is used.
const MIN_SAMPLES: usize = 5;
/// A knee straighter than this (degrees between thigh and shin) counts as standing.
pub const STRAIGHT_KNEE_DEG: f64 = 165.0;

/// Samples kept for the image scale (about half a second at 30 fps: it changes as the performer walks in depth,
/// and the body's depth follows it).
const SCALE_WINDOW: usize = 15;

#[derive(Clone, Debug, Default)]
struct Median(VecDeque<f64>);

impl Median {
    fn push(&mut self, x: f64) {
        self.push_within(x, WINDOW);
    }

    fn push_within(&mut self, x: f64, window: usize) {
        if x.is_finite() {
            while self.0.len() >= window {
                self.0.pop_front();
            }
            self.0.push_back(x);
        }
    }

    fn get(&self) -> Option<f64> {
        self.get_after(MIN_SAMPLES)
    }

    /// The median once `min` samples are in.
    fn get_after(&self, min: usize) -> Option<f64> {
        if self.0.len() < min.max(1) {
            return None;
        }
        let mut v: Vec<f64> = self.0.iter().copied().collect();
        v.sort_by(f64::total_cmp);
        Some(v[v.len() / 2])
    }
}

/// Running estimates of the performer's leg length and standing hip height (m).
#[derive(Clone, Debug, Default)]
pub struct Performer {
    leg: Median,
    standing: Median,
    px_per_m: Median,
    /// Standing samples taken so far (the calibration is done at [`CALIBRATION_SAMPLES`]).
    standing_samples: usize,
}

/// Two seconds of standing at 30 fps.
pub const CALIBRATION_SAMPLES: usize = 60;

impl Performer {
    pub fn add_leg_length(&mut self, l: f64) {
        if (0.3..1.6).contains(&l) {
            self.leg.push(l);
        }
    }

    pub fn add_standing_hip_height(&mut self, h: f64) {
        if (0.3..1.6).contains(&h) {
            self.standing.push(h);
            self.standing_samples += 1;
        }
    }

    pub fn add_px_per_m(&mut self, s: f64) {
        if s > 0.0 {
            self.px_per_m.push_within(s, SCALE_WINDOW);
        }
    }

    /// Image pixels per metre at the body's depth (from the first frame on: the floor and the feet need it
    /// before anything else).
    pub fn px_per_m(&self) -> Option<f64> {
        self.px_per_m.get_after(1)
    }

    /// Start the image scale afresh from its last sample (another body, or the performer re-found elsewhere).
    pub fn restart_px_per_m(&mut self) {
        let last = self.px_per_m.0.back().copied();
        self.px_per_m.0.clear();
        self.px_per_m.0.extend(last);
    }

    /// Whether the image scale's window is full (the first half second of a body: its depth is not trusted
    /// to move the avatar before).
    pub fn px_per_m_settled(&self) -> bool {
        self.px_per_m.0.len() >= SCALE_WINDOW
    }

    pub fn leg_length(&self) -> Option<f64> {
        self.leg.get()
    }

    /// The standing hip height; before any standing sample, the leg length plus a typical ankle height
    /// (8 % of the leg).
    pub fn standing_hip_height(&self) -> Option<f64> {
        self.standing.get().or_else(|| self.leg_length().map(|l| 1.08 * l))
    }

    pub fn calibrated(&self) -> bool {
        self.standing_samples >= CALIBRATION_SAMPLES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_ignore_outliers_and_need_a_few_samples() {
        let mut p = Performer::default();
        assert!(p.leg_length().is_none());
        for i in 0..20 {
            p.add_leg_length(if i % 7 == 3 { 1.5 } else { 0.8 + 0.001 * (i % 3) as f64 });
            p.add_leg_length(f64::NAN);
            p.add_leg_length(5.0);
        }
        assert!((p.leg_length().unwrap() - 0.801).abs() < 0.002);
        assert!((p.standing_hip_height().unwrap() - 1.08 * p.leg_length().unwrap()).abs() < 1e-12);
        for _ in 0..CALIBRATION_SAMPLES {
            p.add_standing_hip_height(0.9);
        }
        assert!(p.calibrated());
        assert_eq!(p.standing_hip_height(), Some(0.9));
    }
}
