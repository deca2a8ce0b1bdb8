//! One analysis frame → level, voicing measures and the first two formants.
//!
//! - **Level**: `10·log10(mean(x²))` of the frame after removing its mean (dB re. a full-scale square wave;
//!   a full-scale sine is −3 dB).
//! - **Voicing measures**:
//!   - `lag1`: the normalised autocorrelation of the mean-removed frame at one sample, `Σ x[n]x[n−1] / Σ x[n]²`,
//!     which is the cosine of the frame's mean frequency, roughly: near 1 for vowels (most energy below 1 kHz),
//!     near 0 for white noise, low or negative for fricatives (energy at 2.5-8 kHz). The zero-crossing rate
//!     carries the same information, less smoothly.
//!   - `periodicity`: the largest normalised autocorrelation `Σ y[n]y[n+L] / √(Σ y[n]² · Σ y[n+L]²)` over the
//!     lags of a 60-400 Hz fundamental, on the pre-emphasised frame `y` (below) averaged in pairs (8 kHz): near 1
//!     for a periodic (voiced) frame, 0.2-0.55 for noise (the largest of ~110 correlations of 67-180 random
//!     products each). The pre-emphasis (nearly a first difference) matters for low-frequency noise (rumble,
//!     brown noise: the integral of white noise), whose own autocorrelation stays high over every pitch lag
//!     while its difference's dies within a few samples; a voiced frame is periodic either way.
//! - **F0**: the period found by the same autocorrelation on the mean-removed frame (averaged in pairs): the
//!   shortest lag that is a local peak within [`OCTAVE_MARGIN`] of the largest correlation, since the period's
//!   multiples correlate nearly as well, and better for a voice whose periods alternate slightly (espeak-ng's
//!   `f3` voice, and creaky voices). Not on the pre-emphasised frame, which weighs the higher harmonics up: there
//!   that voice came out an octave low in many frames.
//! - **Formants**: LPC by the autocorrelation method (Makhoul, "Linear prediction: a tutorial review",
//!   Proc. IEEE 63(4), 1975): pre-emphasis `y[n] = x[n] − μ·x[n−1]` with `μ = exp(−2π·50 Hz/f_s)` (a +6 dB/octave
//!   tilt from 50 Hz, as in Praat's formant analysis), a Hamming window, autocorrelation `r[0..=p]` with a
//!   Gaussian lag window (a 60 Hz bandwidth expansion, which keeps the fit from locking onto single harmonics
//!   of a high voice) and a −40 dB white-noise floor (`r[0]·(1 + 10⁻⁴)`, which keeps the recursion
//!   well-conditioned when the input had nothing above 4 kHz), then the Levinson-Durbin recursion (in f64) for
//!   the predictor `A(z) = 1 + Σ a_k z^−k` of order `p = 2 + f_s/1 kHz = 18` (Markel & Gray's rule: one
//!   resonance per kHz of bandwidth plus two poles for the glottal and radiation spectral tilt). The formants
//!   are the resonances of the all-pole envelope `1/|A(e^{jω})|`: the roots `z` of `A` (eigenvalues of its
//!   companion matrix) with `Im z > 0`, at frequency `f = arg z · f_s/2π` and bandwidth `B = −ln|z| · f_s/π`.
//!   Roots are found rather than envelope peaks because F1 and F2 of the back vowels (/u/, /o/, /ɔ/: F2 − F1
//!   ≈ 350-600 Hz) often merge into one peak of the envelope while staying two roots.
//!   F1 is the lowest resonance in [`F1_RANGE`] with a bandwidth under [`MAX_BANDWIDTH_HZ`]; F2 the next one
//!   in [`F2_RANGE`].

use nalgebra::{Complex, SMatrix};

/// The rate every input is converted to before analysis (Hz).
pub(super) const ANALYSIS_RATE: u32 = 16_000;
/// Analysis frame: 25 ms (400 samples at 16 kHz): at least two periods of a 100 Hz voice.
pub(super) const FRAME_LEN: usize = 400;
/// Hop between frames: 10 ms.
pub(super) const HOP_LEN: usize = 160;
/// LPC order, `2 + f_s / 1 kHz`.
pub(super) const LPC_ORDER: usize = 18;
/// Where F1 may lie (Hz): below the lowest F1 in Hillenbrand et al.'s means (342 Hz, men's /i/) by a margin for
/// low voices and above the highest (1002 Hz, children's /ɑ/) by one for loud open vowels.
pub(super) const F1_RANGE: (f32, f32) = (180.0, 1300.0);
/// Where F2 may lie (Hz): around Hillenbrand et al.'s extremes (910 Hz, men's /o/; 3081 Hz, children's /i/).
pub(super) const F2_RANGE: (f32, f32) = (550.0, 3600.0);
/// Resonances wider than this (Hz) are the envelope's spectral tilt, not formants.
pub(super) const MAX_BANDWIDTH_HZ: f32 = 600.0;
/// Level reported for an all-zero frame (dB).
pub(super) const FLOOR_DB: f32 = -120.0;

/// The shortest pitch lag that is a local peak of the correlation and reaches this fraction of the largest is the
/// period.
pub(super) const OCTAVE_MARGIN: f32 = 0.75;
/// Lowest fundamental searched by the periodicity measure (Hz).
const F0_MIN_HZ: f32 = 60.0;
/// Highest fundamental searched by the periodicity measure (Hz).
const F0_MAX_HZ: f32 = 400.0;
/// Bandwidth expansion of the lag window (Hz).
const LAG_WINDOW_HZ: f64 = 60.0;
/// White-noise floor added to `r[0]` (relative).
const NOISE_FLOOR: f64 = 1e-4;
/// Iteration cap of the eigenvalue solver (a frame whose roots do not converge has no formants).
const MAX_QR_ITERATIONS: usize = 400;

/// What one frame yields. `formants` is `None` when fewer than two resonances fall in the formant ranges (or
/// the frame is silent).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameAnalysis {
    /// Frame level (dBFS, before the input gain), at least −120.
    pub level_db: f32,
    /// Normalised autocorrelation at lag one sample (−1..1).
    pub lag1: f32,
    /// Largest normalised autocorrelation of the pre-emphasised frame over 60-400 Hz pitch lags (−1..1).
    pub periodicity: f32,
    /// Fundamental frequency (Hz): the shortest pitch lag whose correlation is a local peak within 0.75 of the
    /// largest (so a period's multiples, which correlate nearly as well, are not taken). 0 for a silent frame;
    /// meaningless for an aperiodic one.
    pub f0_hz: f32,
    /// (F1, F2) in Hz.
    pub formants: Option<(f32, f32)>,
}

type Companion = SMatrix<f64, LPC_ORDER, LPC_ORDER>;

/// The frame analyser: fixed tables and scratch, allocated once.
#[derive(Clone, Debug)]
pub(super) struct FrameAnalyser {
    hamming: Vec<f64>,
    lag_window: [f64; LPC_ORDER + 1],
    centred: Vec<f32>,
    /// The pre-emphasised frame, and the same windowed.
    pre_emphasised: Vec<f64>,
    emphasised: Vec<f64>,
    /// A frame averaged in pairs (8 kHz), for the pitch analysis.
    halved: Vec<f32>,
    /// Normalised autocorrelation per pitch lag (index = lag).
    lag_correlation: Vec<f32>,
    autocorrelation: [f64; LPC_ORDER + 1],
    predictor: [f64; LPC_ORDER + 1],
    previous_predictor: [f64; LPC_ORDER + 1],
}

impl FrameAnalyser {
    pub(super) fn new() -> Self {
        let hamming = (0..FRAME_LEN)
            .map(|n| 0.54 - 0.46 * (2.0 * std::f64::consts::PI * n as f64 / (FRAME_LEN - 1) as f64).cos())
            .collect();
        let mut lag_window = [0.0; LPC_ORDER + 1];
        for (k, w) in lag_window.iter_mut().enumerate() {
            let x = 2.0 * std::f64::consts::PI * LAG_WINDOW_HZ * k as f64 / ANALYSIS_RATE as f64;
            *w = (-0.5 * x * x).exp();
        }
        FrameAnalyser {
            hamming,
            lag_window,
            centred: vec![0.0; FRAME_LEN],
            pre_emphasised: vec![0.0; FRAME_LEN],
            emphasised: vec![0.0; FRAME_LEN],
            halved: vec![0.0; FRAME_LEN / 2],
            lag_correlation: vec![0.0; FRAME_LEN / 2],
            autocorrelation: [0.0; LPC_ORDER + 1],
            predictor: [0.0; LPC_ORDER + 1],
            previous_predictor: [0.0; LPC_ORDER + 1],
        }
    }

    /// Analyse `frame` (`FRAME_LEN` samples at [`ANALYSIS_RATE`], oldest first).
    pub(super) fn analyse(&mut self, frame: &[f32]) -> FrameAnalysis {
        debug_assert_eq!(frame.len(), FRAME_LEN);
        let mean = frame.iter().map(|&x| x as f64).sum::<f64>() / FRAME_LEN as f64;
        let mut energy = 0.0f64;
        let mut lag1 = 0.0f64;
        let mut last = 0.0f64;
        for (c, &x) in self.centred.iter_mut().zip(frame) {
            let v = x as f64 - mean;
            *c = v as f32;
            energy += v * v;
            lag1 += v * last;
            last = v;
        }
        let mean_square = energy / FRAME_LEN as f64;
        let level_db = if mean_square > 0.0 { (10.0 * mean_square.log10()) as f32 } else { FLOOR_DB };
        let mut out = FrameAnalysis { level_db: level_db.max(FLOOR_DB), ..FrameAnalysis::default() };
        if energy <= 0.0 || !energy.is_finite() {
            return out;
        }
        out.lag1 = (lag1 / energy) as f32;
        out.formants = if self.fit_predictor() { self.formants() } else { None };
        (out.periodicity, out.f0_hz) = self.periodicity();
        out
    }

    /// (periodicity, F0): the best normalised autocorrelation over the pitch lags of the pre-emphasised frame,
    /// and the fundamental of the period found on the plain frame, each averaged in pairs (8 kHz).
    fn periodicity(&mut self) -> (f32, f32) {
        for (h, pair) in self.halved.iter_mut().zip(self.pre_emphasised.chunks_exact(2)) {
            *h = (0.5 * (pair[0] + pair[1])) as f32;
        }
        let (periodicity, _) = pitch_scan(&self.halved, &mut self.lag_correlation);
        for (h, pair) in self.halved.iter_mut().zip(self.centred.chunks_exact(2)) {
            *h = 0.5 * (pair[0] + pair[1]);
        }
        let (_, period) = pitch_scan(&self.halved, &mut self.lag_correlation);
        (periodicity, PITCH_RATE / period as f32)
    }

    /// Pre-emphasis, window, autocorrelation and Levinson-Durbin: false when no stable predictor exists.
    fn fit_predictor(&mut self) -> bool {
        let mu = (-2.0 * std::f64::consts::PI * 50.0 / ANALYSIS_RATE as f64).exp();
        let mut previous = 0.0f64;
        for (((p, e), &x), w) in
            self.pre_emphasised.iter_mut().zip(&mut self.emphasised).zip(&self.centred).zip(&self.hamming)
        {
            let x = x as f64;
            *p = x - mu * previous;
            *e = *p * w;
            previous = x;
        }
        for (k, r) in self.autocorrelation.iter_mut().enumerate() {
            let y = &self.emphasised;
            *r = y[k..].iter().zip(y).map(|(a, b)| a * b).sum::<f64>() * self.lag_window[k];
        }
        self.autocorrelation[0] *= 1.0 + NOISE_FLOOR;
        levinson_durbin(&self.autocorrelation, &mut self.predictor, &mut self.previous_predictor)
    }

    fn formants(&self) -> Option<(f32, f32)> {
        let mut resonances = [(0.0f32, 0.0f32); LPC_ORDER];
        let count = resonances_of(&self.predictor, &mut resonances)?;
        pick_formants(&mut resonances[..count])
    }
}

/// The rate of the pitch analysis (Hz): the analysis rate halved by averaging pairs.
const PITCH_RATE: f32 = ANALYSIS_RATE as f32 / 2.0;

/// Normalised autocorrelation `Σ x[n]x[n+L] / √(Σ x[n]² · Σ x[n+L]²)` of `x` (at [`PITCH_RATE`]) at every lag of
/// a [`F0_MIN_HZ`]-[`F0_MAX_HZ`] fundamental (one lag more each side, into `correlation[lag]`): (the largest,
/// the period). The period is the shortest lag that is a local peak within [`OCTAVE_MARGIN`] of the largest.
fn pitch_scan(x: &[f32], correlation: &mut [f32]) -> (f32, usize) {
    let n = x.len();
    let min_lag = (PITCH_RATE / F0_MAX_HZ).floor() as usize;
    let max_lag = ((PITCH_RATE / F0_MIN_HZ).ceil() as usize).min(n - 2);
    let mut best = -1.0f32;
    for lag in min_lag - 1..=max_lag + 1 {
        let (mut cross, mut head, mut tail) = (0.0f32, 0.0f32, 0.0f32);
        for i in 0..n - lag {
            let (a, b) = (x[i], x[i + lag]);
            cross += a * b;
            head += a * a;
            tail += b * b;
        }
        let norm = (head * tail).sqrt();
        let c = if norm > 0.0 { cross / norm } else { 0.0 };
        correlation[lag] = c;
        if (min_lag..=max_lag).contains(&lag) {
            best = best.max(c);
        }
    }
    let c = &correlation;
    let period = (min_lag..=max_lag)
        .find(|&l| c[l] >= OCTAVE_MARGIN * best && c[l] >= c[l - 1] && c[l] >= c[l + 1])
        .unwrap_or(min_lag);
    (best, period)
}

/// Levinson-Durbin recursion: the order-`p` predictor `a` (`a[0] = 1`) minimising the prediction error for the
/// autocorrelation `r` (Makhoul 1975, Eqs. 38-40). `scratch` holds the previous order's coefficients. False
/// when `r` is not positive definite (a reflection coefficient reaches ±1), which leaves `a` unusable.
pub(super) fn levinson_durbin(
    r: &[f64; LPC_ORDER + 1],
    a: &mut [f64; LPC_ORDER + 1],
    scratch: &mut [f64; LPC_ORDER + 1],
) -> bool {
    a.fill(0.0);
    a[0] = 1.0;
    let mut error = r[0];
    if error <= 0.0 || !error.is_finite() {
        return false;
    }
    for i in 1..=LPC_ORDER {
        let acc: f64 = r[i] + (1..i).map(|j| a[j] * r[i - j]).sum::<f64>();
        let k = -acc / error;
        if !k.is_finite() || k.abs() >= 1.0 {
            return false;
        }
        scratch[..i].copy_from_slice(&a[..i]);
        for j in 1..i {
            a[j] = scratch[j] + k * scratch[i - j];
        }
        a[i] = k;
        error *= 1.0 - k * k;
    }
    true
}

/// The resonances (frequency Hz, bandwidth Hz) of `1/A(z)`: one per root of `A` in the upper half plane, in
/// no particular order. Returns how many were written, or `None` when the eigenvalue solver did not converge.
pub(super) fn resonances_of(a: &[f64; LPC_ORDER + 1], out: &mut [(f32, f32); LPC_ORDER]) -> Option<usize> {
    // Companion matrix of z^p + a1 z^(p-1) + … + a_p, whose roots are those of A(z).
    let mut companion = Companion::zeros();
    for j in 0..LPC_ORDER {
        companion[(0, j)] = -a[j + 1];
    }
    for i in 1..LPC_ORDER {
        companion[(i, i - 1)] = 1.0;
    }
    let schur = nalgebra::linalg::Schur::try_new(companion, 1e-12, MAX_QR_ITERATIONS)?;
    let roots = schur.complex_eigenvalues();
    let rate = ANALYSIS_RATE as f64;
    let mut count = 0;
    for z in roots.iter().filter(|z: &&Complex<f64>| z.im > 0.0) {
        let frequency = z.im.atan2(z.re) * rate / (2.0 * std::f64::consts::PI);
        let bandwidth = -z.norm().max(1e-12).ln() * rate / std::f64::consts::PI;
        out[count] = (frequency as f32, bandwidth as f32);
        count += 1;
    }
    Some(count)
}

/// F1 and F2 among `resonances` (sorted here by frequency): the lowest narrow resonance in [`F1_RANGE`], then the
/// next narrow one in [`F2_RANGE`].
pub(super) fn pick_formants(resonances: &mut [(f32, f32)]) -> Option<(f32, f32)> {
    resonances.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    let mut narrow = resonances.iter().filter(|(_, b)| *b < MAX_BANDWIDTH_HZ).map(|(f, _)| *f);
    let f1 = narrow.find(|f| (F1_RANGE.0..=F1_RANGE.1).contains(f))?;
    let f2 = narrow.find(|f| (F2_RANGE.0..=F2_RANGE.1).contains(f))?;
    Some((f1, f2))
}
