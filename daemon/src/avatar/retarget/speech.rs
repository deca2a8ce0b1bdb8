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
//! only hands the mouth back to the camera.

use crate::ingest::Speech;
use crate::mapping::{score_index, FaceMap};
use avatar_sim::rig::Rig;

/// A microphone whose newest chunk is older than this is not live.
pub const STALE: f64 = 0.25;
/// The voice takes the mouth over within this (s).
pub const ATTACK: f64 = 0.03;
/// And hands it back to the camera within this after it stops (s).
pub const RELEASE: f64 = 0.15;

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
    /// The arrival time of the visemes in `mouth` (unix ns).
    seen_ns: Option<i64>,
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

    /// Lay the newest `speech` over `p` for the tick of length `h` (s) at local time `now_ns`.
    pub(super) fn apply(&mut self, speech: Option<&Speech>, now_ns: i64, h: f64, blend: f64, p: &mut [f64]) {
        let live = speech.filter(|s| (now_ns - s.received_ns) as f64 * 1e-9 <= STALE);
        if let Some(s) = live {
            if self.seen_ns != Some(s.received_ns) {
                self.seen_ns = Some(s.received_ns);
                self.buf.iter_mut().for_each(|b| *b = None);
                for (w, idx) in s.visemes.weights.iter().zip(&self.scores) {
                    for &i in idx {
                        self.buf[i] = Some((*w as f64).clamp(0.0, 1.0));
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
