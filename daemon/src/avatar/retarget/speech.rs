//! Lip sync over the mouth: the newest visemes of the avatar's microphones drive the mouth while the voice is
//! live; the face tracker's mouth stays where there is no voice, and the rest of the face (smiles, blinks,
//! brows, gaze) is always the camera's.
//!
//! **Visemes → the face's parameters.** A viseme weight stands in for the MediaPipe scores that the face map
//! ([`crate::mapping::EXPRESSION_TABLE`]) reads for that viseme: `aa` → `jawOpen`, `ih` →
//! `mouthUpperUpLeft/Right`, `ou` → `mouthPucker`, `ee` → `mouthStretchLeft/Right`, `oh` → `mouthFunnel`. Run
//! through the avatar's [`FaceMap`], this drives a VRM's viseme expressions by exactly the weights the lip sync
//! gives, and an avatar with ARKit-named blendshapes (the default avatar) by those blendshapes.
//!
//! **Blend.** Per parameter the voice gives `s`, the face tracker (or the rest pose) `c`:
//! `p = c + lip_sync_blend · a · (s − c)`, where the activity `a` rises to 1 within [`ATTACK`] while the voice
//! is live (a chunk arrived in the last [`STALE`], voiced or its mouth still open) and falls to 0 within
//! [`RELEASE`] after. Its mouth closes with the lip sync's own release (within 150 ms of silence); the activity
//! only hands the mouth back to the camera. When chunks stop coming (a gap: the page lost audio, the network
//! stalled), the voice's mouth closes from [`GAP_HOLD`] after the newest chunk on, rather than hold its last
//! vowel open.

use crate::ingest::Speech;
use crate::mapping::{score_index, FaceMap};
use avatar_sim::rig::Rig;

/// A microphone whose newest chunk is older than this is not live.
pub const STALE: f64 = 0.25;
/// The voice takes the mouth over within this (s).
pub const ATTACK: f64 = 0.03;
/// And hands it back to the camera within this after it stops (s).
pub const RELEASE: f64 = 0.15;
/// A microphone whose newest chunk is older than this (s; three 20 ms chunks) has a gap: its voice's mouth
/// closes (time constant [`GAP_CLOSE`]) rather than hold the last vowel open until [`STALE`].
pub const GAP_HOLD: f64 = 0.06;
pub const GAP_CLOSE: f64 = 0.03;

/// The MediaPipe scores that stand in for each viseme (`VISEMES` order: aa ih ou ee oh).
const VISEME_SCORES: [&[&str]; 5] = [
    &["jawOpen"],
    &["mouthUpperUpLeft", "mouthUpperUpRight"],
    &["mouthPucker"],
    &["mouthStretchLeft", "mouthStretchRight"],
    &["mouthFunnel"],
];

/// The speech stage of one avatar.
pub(super) struct SpeechStage {
    map: FaceMap,
    /// Score indices per viseme.
    scores: [Vec<usize>; 5],
    /// Scratch: the scores the visemes give (the mouth's only).
    buf: Vec<Option<f64>>,
    /// `(parameter, value)` of the newest visemes.
    mouth: Vec<(usize, f64)>,
    /// The arrival time of the visemes in `mouth` (unix ns), their weights and the share of them `mouth` holds
    /// (1 until a gap closes it).
    seen_ns: Option<i64>,
    weights: [f32; 5],
    open: f64,
    /// The voice's hold on the mouth, 0..=1.
    activity: f64,
}

impl SpeechStage {
    pub(super) fn new(rig: &Rig, expressions: &[avatar_sim::asset::Expression]) -> Self {
        let scores = VISEME_SCORES.map(|names| {
            names.iter().map(|n| score_index(n).expect("MediaPipe's names")).collect::<Vec<_>>()
        });
        SpeechStage {
            map: FaceMap::new(rig, expressions),
            scores,
            buf: vec![None; avatar_humanoid::mediapipe::BLENDSHAPES.len()],
            mouth: Vec::new(),
            seen_ns: None,
            weights: [0.0; 5],
            open: 1.0,
            activity: 0.0,
        }
    }

    pub(super) fn reset(&mut self) {
        self.mouth.clear();
        self.seen_ns = None;
        self.activity = 0.0;
    }

    /// Whether this avatar has anything a viseme drives.
    pub(super) fn drives_anything(&self) -> bool {
        self.scores.iter().flatten().any(|&s| self.map.uses(s))
    }

    /// The visemes (`aa ih ou ee oh`) nothing of this avatar moves (neither its VRM expression nor the ARKit
    /// blendshapes that stand in for it).
    pub(super) fn missing_visemes(&self) -> Vec<&'static str> {
        crate::mapping::speech::VISEMES
            .iter()
            .zip(&self.scores)
            .filter(|(_, idx)| !idx.iter().any(|&s| self.map.uses(s)))
            .map(|(v, _)| *v)
            .collect()
    }

    /// Lay the newest `speech` over `p` for the tick of length `h` (s) at local time `now_ns`.
    pub(super) fn apply(&mut self, speech: Option<&Speech>, now_ns: i64, h: f64, blend: f64, p: &mut [f64]) {
        let live = speech.filter(|s| (now_ns - s.received_ns) as f64 * 1e-9 <= STALE);
        if let Some(s) = live {
            // a gap: the newest chunk is older than GAP_HOLD, the mouth closes
            let age = (now_ns - s.received_ns) as f64 * 1e-9;
            let open = if age > GAP_HOLD { (-(age - GAP_HOLD) / GAP_CLOSE).exp() } else { 1.0 };
            if self.seen_ns != Some(s.received_ns) || (open - self.open).abs() > 1e-3 {
                self.seen_ns = Some(s.received_ns);
                self.weights = s.visemes.weights;
                self.open = open;
                self.buf.iter_mut().for_each(|b| *b = None);
                for (w, idx) in self.weights.iter().zip(&self.scores) {
                    for &i in idx {
                        self.buf[i] = Some((*w as f64).clamp(0.0, 1.0) * open);
                    }
                }
                self.mouth = self.map.apply(&self.buf);
            }
        }
        let speaking = live.is_some_and(|s| s.visemes.voiced || s.visemes.weights.iter().any(|&w| w > 0.01));
        self.activity = if speaking {
            (self.activity + h / ATTACK).min(1.0)
        } else {
            (self.activity - h / RELEASE).max(0.0)
        };
        let k = blend.clamp(0.0, 1.0) * self.activity;
        if k <= 0.0 {
            return;
        }
        for &(i, s) in &self.mouth {
            if let Some(c) = p.get_mut(i) {
                *c += k * (s - *c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mapping::speech::Visemes;

    /// Issue 54: the microphone's chunks stop mid-vowel (audio lost on the way): the voice's jaw, wide open,
    /// is shut (under 10 % of it) 0.15 s after the newest chunk arrived, not held open until `STALE`.
    #[test]
    fn a_gap_in_the_chunks_closes_the_mouth() {
        let (_, rig) = avatar_sim::asset::default_avatar::inputs().unwrap();
        let jaw = rig.blendshape_param_index("jawOpen").unwrap();
        let mut stage = SpeechStage::new(&rig, &[]);
        let rest = rig.rest_params();
        let voice = Speech {
            visemes: Visemes {
                weights: [1.0, 0.0, 0.0, 0.0, 0.0],
                voiced: true,
                level_db: -20.0,
                time_ns: 0,
            },
            received_ns: 0,
        };
        let h = 1.0 / 120.0;
        let at = |stage: &mut SpeechStage, t: f64| {
            let mut p = rest.clone();
            stage.apply(Some(&voice), (t * 1e9) as i64, h, 1.0, &mut p);
            p[jaw]
        };
        let mut open = 0.0;
        for k in 0..6 {
            open = at(&mut stage, k as f64 * h);
        }
        assert!(open > 0.5, "the voice opens the jaw: {open}");
        let mut t = 6.0 * h;
        while t < 0.15 {
            at(&mut stage, t);
            t += h;
        }
        let shut = at(&mut stage, 0.15);
        assert!(shut < 0.1 * open, "0.15 s into the gap the jaw is at {shut} (open {open})");
    }
}
