//! Lip sync: microphone speech → weights of the five VRM viseme expressions ([`VISEMES`]).
//!
//! Push mono PCM as it is captured ([`LipSync::push`], any rate in 8-48 kHz, chunks of any length); read the
//! current mouth with [`LipSync::visemes`]. Pure state, no threads; no allocation after construction.
//!
//! # Method
//! 1. **Resampling** to 16 kHz (the `resample` module: an anti-aliasing windowed-sinc FIR for faster inputs, then
//!    cubic convolution interpolation; 16 kHz passes through; only the band below ~4 kHz decides the vowel).
//! 2. **Frames** of 25 ms every 10 ms (400 samples, hop 160).
//! 3. **Per frame** (see [`FrameAnalysis`]): the level in dBFS; two voicing measures (the lag-one
//!    autocorrelation, i.e. the spectral tilt, and the periodicity over 60-400 Hz pitch lags, whose lag gives F0);
//!    and F1, F2 from LPC by the autocorrelation method with the Levinson-Durbin recursion (order 18), as the
//!    resonances (roots) of the all-pole envelope `1/|A(e^{jω})|`.
//! 4. **Gate**: a frame is *voiced* when its level (with [`LipSyncParams::gain`]) reaches
//!    [`LipSyncParams::silence_db`], its lag-one autocorrelation reaches [`MIN_LAG1`] and its periodicity reaches
//!    [`MIN_PERIODICITY`]: silence, hiss, white noise and voiceless fricatives (/s/, /ʃ/, /f/) leave the mouth
//!    shut.
//! 5. **Vowel**: soft weights over the visemes by a Gaussian kernel on the distance of (ln F1, ln F2) to reference
//!    vowels of men, women and children (Hillenbrand et al. 1995), both normalised by Miller's (1989) F0-based
//!    sensory reference, with the speaker's F0 the median over the latest voiced frames (see the `vowel` module);
//!    smoothed over voiced frames ([`LipSyncParams::vowel_smoothing_ms`]) except that the first voiced frame
//!    after the mouth was shut takes its vowel at once. A voiced frame with no usable formants keeps the previous
//!    vowel (/ɑ/ before any).
//! 6. **Opening** follows loudness: 0 at `silence_db`, 1 at [`LipSyncParams::full_open_db`], linear in dB
//!    between, 0 for unvoiced frames; smoothed by a one-pole filter with a fast attack and a release that shuts
//!    the mouth (every weight < 0.1) within 150 ms of the start of silence with the defaults: the last frame
//!    touching speech ends ≤ 25 ms after it, and a release of τ = 30 ms takes the opening from 1 to 0.1 in
//!    `τ·ln 10` ≈ 69 ms.
//! 7. **Weights** = opening × vowel weights, each in [0, 1], summing to the opening.
//!
//! Viseme ↔ vowel (VRM 1.0 preset; VRM 0.x in brackets): `aa` (A) /ɑ/ "father"; `ih` (I) /i/ "see"; `ou` (U)
//! /u/ "blue"; `ee` (E) /e/, /ɛ/ "bay", "bed"; `oh` (O) /o/, /ɔ/ "go", "law".
//!
//! # Time
//! [`Visemes::time_ns`] is the capture time of the newest input sample the latest frame used:
//! `start_ns + j · 10⁹ / rate` for the `j`-th sample (from 0) of the push that completed that frame. Samples are
//! taken as contiguous across pushes; `start_ns` only labels them (a gap or overlap in the stamps is not
//! filled or cut). At 16 kHz that is the frame's last sample; from other rates the frame's last analysis instant
//! is produced when the input two samples past it arrives (the cubic interpolator's support), and the
//! anti-aliasing filter's delay (under 1 ms) is not subtracted. The analysis window spans the 25 ms before.
//!
//! # Rate changes
//! A push at a sample rate other than the previous push's resets the analysis: the resampler's history, the
//! frame buffer and the smoothed mouth (closed) start over, as if the stream began there. The parameters are
//! kept.

mod lpc;
mod resample;
mod vowel;

#[cfg(test)]
mod tests;

pub use lpc::FrameAnalysis;

use lpc::{FrameAnalyser, ANALYSIS_RATE, FLOOR_DB, FRAME_LEN, HOP_LEN};
use resample::{Resampler, MAX_RATE, MIN_RATE};
use vowel::VowelClassifier;

/// VRM 1.0 viseme presets in this order (VRM 0.x: A I U E O).
pub const VISEMES: [&str; 5] = ["aa", "ih", "ou", "ee", "oh"];

/// Least lag-one autocorrelation of a voiced frame. Vowels have most of their energy in F1 (< 1.1 kHz): a pure
/// 1 kHz tone measures `cos(2π·1 kHz/16 kHz)` ≈ 0.92, the test speech's vowels 0.6-0.95 (/i/, whose F2 is
/// strong, lowest); white noise measures ~0, /ʃ/ (energy at 2.5-4 kHz) ~0 and /s/ (4-8 kHz) about −0.4.
pub const MIN_LAG1: f32 = 0.5;
/// Least periodicity (normalised autocorrelation of the pre-emphasised frame at the best pitch lag) of a voiced
/// frame: the vowels of the test speech measure 0.85-0.9 (median; 0.65-0.8 in their weakest tenth, as they fade
/// out), white noise up to 0.46, voiceless fricatives up to 0.55, brown noise (rumble) up to 0.38. The lag-one
/// test is the one that rejects fricatives reliably; this one rejects the low-frequency noise that passes it.
pub const MIN_PERIODICITY: f32 = 0.5;

/// Below this opening the mouth counts as shut: the next voiced frame's vowel replaces the smoothed one.
const CLOSED: f32 = 0.05;

/// Errors of [`LipSync::push`]. Nothing of a rejected chunk is consumed.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum SpeechError {
    #[error("sample rate {0} Hz is outside the supported {MIN_RATE}..={MAX_RATE} Hz")]
    UnsupportedRate(u32),
    #[error("sample {index} is not finite")]
    NonFiniteSample { index: usize },
}

/// Analyser settings. Out-of-range values are clamped where used (see each field), so any value is safe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LipSyncParams {
    /// Linear input gain applied to the level that the gate and the opening see (1 = as captured; the vowel
    /// analysis does not depend on scale). Negative or non-finite counts as 0 (mouth always shut).
    pub gain: f32,
    /// Silence gate (dBFS, after `gain`): frames below it are unvoiced. Default −50 dBFS (quiet-room noise from a
    /// laptop microphone is typically −60 to −50 dBFS; close speech −35 to −15).
    pub silence_db: f32,
    /// Level (dBFS, after `gain`) at which the mouth is fully open. Default −25 dBFS. Values at or below
    /// `silence_db` count as `silence_db + 1`.
    pub full_open_db: f32,
    /// Time constant (ms) of the opening's one-pole smoothing when it grows. Default 10 ms: with the 10 ms hop
    /// 63 % of a step in one frame.
    pub attack_ms: f32,
    /// Time constant (ms) of the opening's smoothing when it shrinks. Default 30 ms (closed within 150 ms of
    /// silence, see the module docs). Negative or non-finite times count as 0 (no smoothing).
    pub release_ms: f32,
    /// Time constant (ms) of the vowel weights' smoothing over voiced frames. Default 20 ms.
    pub vowel_smoothing_ms: f32,
}

impl Default for LipSyncParams {
    fn default() -> Self {
        LipSyncParams {
            gain: 1.0,
            silence_db: -50.0,
            full_open_db: -25.0,
            attack_ms: 10.0,
            release_ms: 30.0,
            vowel_smoothing_ms: 20.0,
        }
    }
}

/// The mouth after the newest complete analysis frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Visemes {
    /// Weights of [`VISEMES`], each in [0, 1], summing to at most 1.
    pub weights: [f32; 5],
    /// Whether the newest frame passed the voicing gate.
    pub voiced: bool,
    /// The newest frame's level (dBFS, with the gain applied; at least −120).
    pub level_db: f32,
    /// Capture time (unix ns) of the newest input sample analysed (see the module docs).
    pub time_ns: i64,
}

/// Streaming lip-sync analyser (see the module docs).
#[derive(Clone, Debug)]
pub struct LipSync {
    params: LipSyncParams,
    /// Input rate of the current stream (None before the first push).
    rate: Option<u32>,
    resampler: Resampler,
    analyser: FrameAnalyser,
    classifier: VowelClassifier,
    /// The last `FRAME_LEN` analysis-rate samples, circular; `ring_head` is the oldest.
    ring: Vec<f32>,
    ring_head: usize,
    /// The frame in time order, handed to the analyser.
    frame: Vec<f32>,
    /// Analysis-rate samples since the last frame.
    since_hop: usize,
    /// Smoothed opening (0..1) and vowel weights (sum 1).
    opening: f32,
    vowel: [f32; 5],
    latest: Visemes,
    latest_analysis: FrameAnalysis,
    /// Where the next chunk should start (unix ns): the end of the last one, by its own sample count.
    next_ns: Option<i64>,
    /// Gaps in the stream (a chunk starting later than the last one ended) and the audio they lost (ns).
    gaps: u64,
    lost_ns: u64,
}

/// A chunk starting more than this (ns), or half its own length if that is more, after the last one ended is
/// after a gap (samples lost on the way): a lost 20 ms chunk is 20 ms late, a stamp's jitter a few ms.
pub const GAP_NS: i64 = 5_000_000;

impl LipSync {
    pub fn new(params: LipSyncParams) -> Self {
        let mut s = LipSync {
            params,
            rate: None,
            resampler: Resampler::new(),
            analyser: FrameAnalyser::new(),
            classifier: VowelClassifier::new(),
            ring: vec![0.0; FRAME_LEN],
            ring_head: 0,
            frame: vec![0.0; FRAME_LEN],
            since_hop: 0,
            opening: 0.0,
            vowel: [0.0; 5],
            latest: Visemes::default(),
            latest_analysis: FrameAnalysis::default(),
            next_ns: None,
            gaps: 0,
            lost_ns: 0,
        };
        s.reset(ANALYSIS_RATE);
        s
    }

    pub fn params(&self) -> LipSyncParams {
        self.params
    }

    /// New settings, effective from the next frame (the smoothed state is kept).
    pub fn set_params(&mut self, params: LipSyncParams) {
        self.params = params;
    }

    /// Mono PCM in [-1, 1] at `sample_rate` (8000..=48000 Hz; other rates are an error), the first sample
    /// captured at `start_ns` (unix ns). Chunks of any length, including 0. A non-finite sample rejects the whole
    /// chunk (nothing consumed). A rate other than the previous push's resets the analysis (module docs).
    pub fn push(&mut self, sample_rate: u32, samples: &[f32], start_ns: i64) -> Result<(), SpeechError> {
        if !(MIN_RATE..=MAX_RATE).contains(&sample_rate) {
            return Err(SpeechError::UnsupportedRate(sample_rate));
        }
        if let Some(index) = samples.iter().position(|x| !x.is_finite()) {
            return Err(SpeechError::NonFiniteSample { index });
        }
        if self.rate != Some(sample_rate) {
            self.reset(sample_rate);
            self.rate = Some(sample_rate);
        } else if let Some(expected) = self.next_ns {
            let late = start_ns.saturating_sub(expected);
            let chunk_ns = (samples.len() as i128 * 1_000_000_000 / sample_rate as i128) as i64;
            if late > GAP_NS.max(chunk_ns / 2) {
                // Samples were lost: counted, and the opening does not run on across the gap (it starts
                // shut: the voice's state there is unknown).
                self.gaps += 1;
                self.lost_ns = self.lost_ns.saturating_add(late as u64);
                self.opening = 0.0;
            }
        }
        let duration = (samples.len() as i128 * 1_000_000_000 / sample_rate as i128) as i64;
        self.next_ns = Some(start_ns.saturating_add(duration));
        for (j, &x) in samples.iter().enumerate() {
            // Split borrows: the resampler feeds the frame buffer.
            let LipSync { resampler, ring, ring_head, since_hop, .. } = self;
            let mut hops = 0;
            resampler.push(x, |y| {
                ring[*ring_head] = y;
                *ring_head = (*ring_head + 1) % FRAME_LEN;
                *since_hop += 1;
                if *since_hop == HOP_LEN {
                    *since_hop = 0;
                    hops += 1;
                }
            });
            // At most one hop per input sample (the rate is ≥ 8 kHz, so one input yields ≤ 2 outputs ≪ a hop).
            if hops > 0 {
                let time_ns =
                    start_ns.saturating_add((j as i128 * 1_000_000_000 / sample_rate as i128) as i64);
                self.analyse_frame(time_ns);
            }
        }
        Ok(())
    }

    /// Gaps counted in the stream so far: chunks that started more than [`GAP_NS`] (or half their length)
    /// after the last one ended (by its sample count). The opening starts shut after each.
    pub fn gaps(&self) -> u64 {
        self.gaps
    }

    /// The audio lost in those gaps (ns).
    pub fn lost_ns(&self) -> u64 {
        self.lost_ns
    }

    /// The current mouth: viseme weights after the newest complete analysis frame.
    pub fn visemes(&self) -> Visemes {
        self.latest
    }

    /// The newest frame's measurements (diagnostics: level before the gain, voicing measures, formants).
    pub fn analysis(&self) -> FrameAnalysis {
        self.latest_analysis
    }

    fn reset(&mut self, rate: u32) {
        self.resampler.reset(rate);
        self.classifier.reset();
        self.ring.fill(0.0);
        self.ring_head = 0;
        self.since_hop = 0;
        self.opening = 0.0;
        // Until a vowel is heard, a voiced frame opens the mouth as for /ɑ/.
        self.vowel = [1.0, 0.0, 0.0, 0.0, 0.0];
        self.latest = Visemes { level_db: FLOOR_DB, ..Visemes::default() };
        self.latest_analysis = FrameAnalysis { level_db: FLOOR_DB, ..FrameAnalysis::default() };
    }

    fn analyse_frame(&mut self, time_ns: i64) {
        let (older, newer) = self.ring.split_at(self.ring_head);
        self.frame[..newer.len()].copy_from_slice(newer);
        self.frame[newer.len()..].copy_from_slice(older);
        let a = self.analyser.analyse(&self.frame);
        self.latest_analysis = a;

        let p = &self.params;
        let gain = if p.gain.is_finite() && p.gain > 0.0 { p.gain } else { 0.0 };
        let level_db = if gain > 0.0 { (a.level_db + 20.0 * gain.log10()).max(FLOOR_DB) } else { FLOOR_DB };
        let voiced =
            gain > 0.0 && level_db >= p.silence_db && a.lag1 >= MIN_LAG1 && a.periodicity >= MIN_PERIODICITY;

        let hop_ms = 1000.0 * HOP_LEN as f32 / ANALYSIS_RATE as f32;
        if voiced {
            self.classifier.hear_f0(a.f0_hz);
            if let Some((f1, f2)) = a.formants {
                let target = self.classifier.classify(f1, f2);
                // From a shut mouth the previous vowel is stale: start from this one.
                let alpha =
                    if self.opening < CLOSED { 1.0 } else { one_pole_alpha(p.vowel_smoothing_ms, hop_ms) };
                for (v, t) in self.vowel.iter_mut().zip(target) {
                    *v += alpha * (t - *v);
                }
            }
        }
        let full_open_db = if p.full_open_db > p.silence_db { p.full_open_db } else { p.silence_db + 1.0 };
        let target = if voiced {
            ((level_db - p.silence_db) / (full_open_db - p.silence_db)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let tau = if target > self.opening { p.attack_ms } else { p.release_ms };
        self.opening += one_pole_alpha(tau, hop_ms) * (target - self.opening);
        if !self.opening.is_finite() {
            self.opening = 0.0;
        }

        let weights = self.vowel.map(|v| (self.opening * v).clamp(0.0, 1.0));
        self.latest = Visemes { weights, voiced, level_db, time_ns };
    }
}

impl Default for LipSync {
    fn default() -> Self {
        LipSync::new(LipSyncParams::default())
    }
}

/// Step of a one-pole low-pass with time constant `tau_ms` updated every `dt_ms`: `1 − exp(−dt/τ)` (1, i.e. no
/// smoothing, for τ ≤ 0 or non-finite).
fn one_pole_alpha(tau_ms: f32, dt_ms: f32) -> f32 {
    if tau_ms.is_finite() && tau_ms > 0.0 {
        1.0 - (-dt_ms / tau_ms).exp()
    } else {
        1.0
    }
}
