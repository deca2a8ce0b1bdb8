//! Streaming conversion of the input rate to the analysis rate ([`ANALYSIS_RATE`]): an anti-aliasing FIR
//! low-pass (windowed sinc, Blackman window) when the input is faster than the analysis rate, then cubic
//! convolution interpolation (Keys, "Cubic convolution interpolation for digital image processing", IEEE Trans.
//! ASSP 29(6), 1981; the a = −1/2 kernel, i.e. Catmull-Rom) at the output instants. An input at the analysis rate
//! passes through untouched.
//!
//! Only the band below ~4 kHz decides the vowel (F1 and F2 of every vowel and speaker in Hillenbrand et al. 1995
//! lie below 3.1 kHz), so the filter is designed for that band, not for transparency up to the analysis Nyquist
//! frequency (8 kHz):
//! - passband to [`PASS_HZ`] (5 kHz), stopband from [`STOP_HZ`] (8 kHz, the analysis Nyquist frequency), cutoff
//!   midway. What lies above 8 kHz is suppressed by the Blackman window's ~74 dB stopband; the little that remains
//!   in the transition band (5-8 kHz at the input) is never folded below 8 kHz.
//! - length `N ≈ 5.5 · f_in / (STOP_HZ − PASS_HZ)` taps (the Blackman window's transition width, about
//!   5.5/N of the sampling rate): 41 taps at 22.05 kHz, 89 at 48 kHz.
//!
//! The cubic interpolator loses under 0.2 dB below 4 kHz from 22.05 kHz up. From slower inputs (8-16 kHz, where
//! nothing needs filtering: the input holds nothing above its own Nyquist frequency) it droops towards that
//! frequency: from 8 kHz about −1 dB at 2.5 kHz and −4 dB at 3.5 kHz, from 11.025 kHz −0.4 dB and −1.3 dB. Its
//! images (at `f_in − f`, ≥ 24 dB down for tones up to a quarter of the input rate) lie above the input's Nyquist
//! frequency, outside the F1/F2 band.
//!
//! The interpolation instants are exact: output `k` is at input position `k · f_in / f_out`, kept as an integer
//! numerator over `f_out`, so there is no drift however long the stream. Output `k` is produced when the input two
//! samples past its position arrives (the cubic's support); the filter adds its group delay of `(N − 1)/2` input
//! samples (under 1 ms) to the signal, which the time stamps do not subtract.

use super::lpc::ANALYSIS_RATE;

/// Upper edge of the band kept intact by the anti-aliasing filter (Hz).
pub(super) const PASS_HZ: f64 = 5000.0;
/// Start of the anti-aliasing filter's stopband (Hz): the analysis rate's Nyquist frequency.
pub(super) const STOP_HZ: f64 = ANALYSIS_RATE as f64 / 2.0;
/// The highest input rate accepted (Hz), which sets the longest filter.
pub(super) const MAX_RATE: u32 = 48_000;
/// The lowest input rate accepted (Hz).
pub(super) const MIN_RATE: u32 = 8_000;

/// Taps of the anti-aliasing filter at `rate` Hz (odd, so the filter has an integer delay); 0 when the rate
/// needs no filter.
fn tap_count(rate: u32) -> usize {
    if rate <= ANALYSIS_RATE {
        return 0;
    }
    let n = (5.5 * rate as f64 / (STOP_HZ - PASS_HZ)).ceil() as usize;
    n | 1
}

/// Input rate → [`ANALYSIS_RATE`] converter; feed one input sample at a time.
#[derive(Clone, Debug)]
pub(super) struct Resampler {
    rate: u32,
    /// FIR taps (empty when no filter is needed).
    taps: Vec<f32>,
    /// The last `taps.len()` inputs, twice over (`history[i] == history[i + n]`), so that the newest `n` are
    /// always one contiguous slice.
    history: Vec<f32>,
    /// Where the next input goes in `history[..n]`.
    head: usize,
    /// The last four (filtered) input samples, oldest first.
    recent: [f32; 4],
    /// Position of the next output instant relative to the newest input sample, in units of `1/ANALYSIS_RATE`
    /// input samples (< −1 input sample: its four neighbours are in `recent` and it can be produced now).
    next_out: i64,
}

impl Resampler {
    /// A converter with room for the longest filter (no allocation on later rate changes).
    pub(super) fn new() -> Self {
        let max_taps = tap_count(MAX_RATE);
        let mut r = Resampler {
            rate: ANALYSIS_RATE,
            taps: Vec::with_capacity(max_taps),
            history: Vec::with_capacity(2 * max_taps),
            head: 0,
            recent: [0.0; 4],
            next_out: 0,
        };
        r.reset(ANALYSIS_RATE);
        r
    }

    /// Start over at `rate` Hz (`MIN_RATE..=MAX_RATE`, checked by the caller), history cleared.
    pub(super) fn reset(&mut self, rate: u32) {
        debug_assert!((MIN_RATE..=MAX_RATE).contains(&rate));
        self.rate = rate;
        let n = tap_count(rate);
        self.taps.clear();
        if n > 0 {
            // Windowed-sinc low-pass, cutoff midway between the pass and stop edges, Blackman window, unit gain
            // at DC.
            let fc = 0.5 * (PASS_HZ + STOP_HZ) / rate as f64; // cycles per sample
            let mid = (n - 1) as f64 / 2.0;
            let mut sum = 0.0;
            for i in 0..n {
                let t = i as f64 - mid;
                let sinc = if t == 0.0 {
                    2.0 * fc
                } else {
                    (2.0 * std::f64::consts::PI * fc * t).sin() / (std::f64::consts::PI * t)
                };
                let phase = 2.0 * std::f64::consts::PI * i as f64 / (n - 1) as f64;
                let blackman = 0.42 - 0.5 * phase.cos() + 0.08 * (2.0 * phase).cos();
                let h = sinc * blackman;
                sum += h;
                self.taps.push(h as f32);
            }
            for h in &mut self.taps {
                *h = (*h as f64 / sum) as f32;
            }
        }
        self.history.clear();
        self.history.resize(2 * n, 0.0);
        self.head = 0;
        self.recent = [0.0; 4];
        // The first output is at the first input's instant (one sample after the newest, none yet).
        self.next_out = ANALYSIS_RATE as i64;
    }

    /// Feed one input sample; `emit` receives each analysis-rate sample it completes (0, 1 or, when upsampling,
    /// 2 of them).
    #[inline]
    pub(super) fn push(&mut self, x: f32, mut emit: impl FnMut(f32)) {
        if self.rate == ANALYSIS_RATE {
            emit(x);
            return;
        }
        let x = self.filter(x);
        self.recent = [self.recent[1], self.recent[2], self.recent[3], x];
        let out_rate = ANALYSIS_RATE as i64;
        self.next_out -= out_rate;
        while self.next_out < -out_rate {
            // The output instant lies `u` ∈ [0, 1) input samples after recent[1].
            let u = (self.next_out + 2 * out_rate) as f32 / out_rate as f32;
            let [p0, p1, p2, p3] = self.recent;
            // Keys' cubic (a = −1/2): the polynomial through p1, p2 with slopes (p2 − p0)/2, (p3 − p1)/2.
            let c1 = 0.5 * (p2 - p0);
            let c2 = p0 - 2.5 * p1 + 2.0 * p2 - 0.5 * p3;
            let c3 = 1.5 * (p1 - p2) + 0.5 * (p3 - p0);
            emit(((c3 * u + c2) * u + c1) * u + p1);
            self.next_out += self.rate as i64;
        }
    }

    #[inline]
    fn filter(&mut self, x: f32) -> f32 {
        let n = self.taps.len();
        if n == 0 {
            return x;
        }
        self.history[self.head] = x;
        self.history[self.head + n] = x;
        self.head = (self.head + 1) % n;
        // history[head..head + n] is oldest → newest; the taps are symmetric, so their order does not matter.
        self.history[self.head..self.head + n].iter().zip(&self.taps).map(|(a, b)| a * b).sum()
    }
}
