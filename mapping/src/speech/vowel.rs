//! (F0, F1, F2) → soft weights over the five visemes, by distance to reference vowels in speaker-normalised log
//! frequency.
//!
//! **References**: the steady-state mean F0, F1 and F2 of American English vowels in /hVd/ words by 45 men, 48
//! women and 46 children (10-12 years) in Hillenbrand, Getty, Clark & Wheeler, "Acoustic characteristics of
//! American English vowels", J. Acoust. Soc. Am. 97(5), 1995, Table V (a replication of Peterson & Barney 1952
//! with LPC measurements). Nine of its twelve vowels are the five visemes' targets or share their mouth shape:
//!
//! | viseme | vowel (word) | men F0/F1/F2 | women | children |
//! |---|---|---|---|---|
//! | `aa` | /ɑ/ (hod, father) | 123/768/1333 | 215/936/1551 | 229/1002/1688 |
//! | `aa` | /ʌ/ (hud, cup) | 133/623/1200 | 218/753/1426 | 236/749/1546 |
//! | `ih` | /i/ (heed, see) | 138/342/2322 | 227/437/2761 | 246/452/3081 |
//! | `ou` | /u/ (who'd, blue) | 143/378/997 | 235/459/1105 | 249/494/1345 |
//! | `ou` | /ʊ/ (hood, book) | 133/469/1122 | 230/519/1225 | 243/568/1490 |
//! | `ee` | /e/ (hayed, bay) | 129/476/2089 | 219/536/2530 | 237/564/2656 |
//! | `ee` | /ɛ/ (head, bed) | 127/580/1799 | 214/731/2058 | 230/749/2267 |
//! | `oh` | /o/ (hoed, go) | 129/497/910 | 217/555/1035 | 236/597/1137 |
//! | `oh` | /ɔ/ (hawed, law) | 121/652/997 | 210/781/1136 | 225/803/1210 |
//!
//! /ʌ/ and /ʊ/ are open-unrounded and rounded like /ɑ/ and /u/ (Japanese, whose five vowels the VRM presets
//! name, borrows "cup" and "book" with its a and u). The rest (/ɪ æ ɝ/) lie between references and take a mix of
//! their neighbours' weights.
//!
//! **Speaker normalisation**: a speaker's formants scale with the length of the vocal tract (women's are
//! ~15-20 % higher than men's, children's ~25-35 %), which shifts a vowel towards its neighbours' references of
//! other speaker groups (a man's /ɑ/ lies near a woman's /ɔ/). Formants are therefore compared relative to
//! Miller's sensory reference `SR = 168 Hz · (F0/168 Hz)^(1/3)` (J. D. Miller, "Auditory-perceptual
//! interpretation of the vowel", J. Acoust. Soc. Am. 85(5), 1989), which rises with the speaker's fundamental:
//! the features are `ln(F1/SR)`, `ln(F2/SR)`, each reference normalised by its own group's F0. F0 is the
//! speaker's, not the frame's: the median over the latest voiced frames ([`F0_FRAMES`]), so one octave error or
//! a rising intonation moves it little (and by the cube root). On top of that each viseme's distance is the
//! smallest over its references in all three groups, so what the normalisation leaves of the group difference
//! does not decide.
//!
//! **Weights**: with `d_v` the smallest Euclidean distance from the features to viseme `v`'s references, the
//! weight is `exp(−d_v²/2σ²)` normalised to sum 1 (a Gaussian kernel, [`SPREAD`] = σ = 0.12: a 12 % formant
//! change is one σ; about the within-vowel spread of Hillenbrand et al.'s talkers).

use super::VISEMES;

/// σ of the Gaussian kernel in natural-log frequency units.
pub(super) const SPREAD: f32 = 0.12;
/// Voiced frames (10 ms each) in the speaker's F0 median.
pub(super) const F0_FRAMES: usize = 50;

/// (viseme index into [`VISEMES`], F0, F1, F2 in Hz): Hillenbrand et al. 1995, Table V (see the module docs),
/// men, women, children per vowel.
#[rustfmt::skip]
pub(super) const REFERENCES: [(usize, f32, f32, f32); 27] = [
    (0, 123.0, 768.0, 1333.0), (0, 215.0, 936.0, 1551.0), (0, 229.0, 1002.0, 1688.0), // aa /ɑ/
    (0, 133.0, 623.0, 1200.0), (0, 218.0, 753.0, 1426.0), (0, 236.0, 749.0, 1546.0),  // aa /ʌ/
    (1, 138.0, 342.0, 2322.0), (1, 227.0, 437.0, 2761.0), (1, 246.0, 452.0, 3081.0),  // ih /i/
    (2, 143.0, 378.0, 997.0), (2, 235.0, 459.0, 1105.0), (2, 249.0, 494.0, 1345.0),   // ou /u/
    (2, 133.0, 469.0, 1122.0), (2, 230.0, 519.0, 1225.0), (2, 243.0, 568.0, 1490.0),  // ou /ʊ/
    (3, 129.0, 476.0, 2089.0), (3, 219.0, 536.0, 2530.0), (3, 237.0, 564.0, 2656.0),  // ee /e/
    (3, 127.0, 580.0, 1799.0), (3, 214.0, 731.0, 2058.0), (3, 230.0, 749.0, 2267.0),  // ee /ɛ/
    (4, 129.0, 497.0, 910.0), (4, 217.0, 555.0, 1035.0), (4, 236.0, 597.0, 1137.0),   // oh /o/
    (4, 121.0, 652.0, 997.0), (4, 210.0, 781.0, 1136.0), (4, 225.0, 803.0, 1210.0),   // oh /ɔ/
];

/// Miller's sensory reference (Hz) for a speaker of fundamental `f0` (Hz).
pub(super) fn sensory_reference(f0: f32) -> f32 {
    168.0 * (f0 / 168.0).cbrt()
}

/// The classifier: the references' normalised features and the speaker's recent F0s.
#[derive(Clone, Debug)]
pub(super) struct VowelClassifier {
    /// (viseme, ln(F1/SR), ln(F2/SR)) per reference.
    references: [(usize, f32, f32); REFERENCES.len()],
    /// The latest voiced frames' F0 (Hz), circular; `f0_count` of them filled.
    f0_history: [f32; F0_FRAMES],
    f0_next: usize,
    f0_count: usize,
}

impl VowelClassifier {
    pub(super) fn new() -> Self {
        let references = REFERENCES.map(|(v, f0, f1, f2)| {
            let sr = sensory_reference(f0);
            (v, (f1 / sr).ln(), (f2 / sr).ln())
        });
        VowelClassifier { references, f0_history: [0.0; F0_FRAMES], f0_next: 0, f0_count: 0 }
    }

    /// Forget the speaker.
    pub(super) fn reset(&mut self) {
        self.f0_next = 0;
        self.f0_count = 0;
    }

    /// Add a voiced frame's F0 (Hz) to the speaker's.
    pub(super) fn hear_f0(&mut self, f0: f32) {
        if f0.is_finite() && f0 > 0.0 {
            self.f0_history[self.f0_next] = f0;
            self.f0_next = (self.f0_next + 1) % F0_FRAMES;
            self.f0_count = (self.f0_count + 1).min(F0_FRAMES);
        }
    }

    /// The speaker's F0 (Hz): the median of the latest voiced frames', `None` before any.
    pub(super) fn speaker_f0(&self) -> Option<f32> {
        if self.f0_count == 0 {
            return None;
        }
        let mut sorted = self.f0_history;
        let recent = &mut sorted[..self.f0_count];
        recent.sort_unstable_by(f32::total_cmp);
        Some(recent[self.f0_count / 2])
    }

    /// Weights over [`VISEMES`] (summing to 1) for formants `f1`, `f2` (Hz, positive) of the current speaker
    /// (a 168 Hz speaker before any F0 was heard).
    pub(super) fn classify(&self, f1: f32, f2: f32) -> [f32; 5] {
        let sr = sensory_reference(self.speaker_f0().unwrap_or(168.0));
        let (x1, x2) = ((f1 / sr).ln(), (f2 / sr).ln());
        let mut nearest = [f32::INFINITY; VISEMES.len()];
        for &(v, r1, r2) in &self.references {
            let d2 = (x1 - r1).powi(2) + (x2 - r2).powi(2);
            nearest[v] = nearest[v].min(d2);
        }
        // Relative to the nearest viseme, so the largest term is exp(0) = 1 and the sum cannot underflow.
        let best = nearest.iter().copied().fold(f32::INFINITY, f32::min);
        let mut weights = nearest.map(|d2| (-(d2 - best) / (2.0 * SPREAD * SPREAD)).exp());
        let sum: f32 = weights.iter().sum();
        for w in &mut weights {
            *w /= sum;
        }
        weights
    }
}
