//! MediaPipe's 52 blendshape scores → an avatar's face: its ARKit-named blendshapes directly, and its VRM
//! expressions (VRM 1.0 presets; VRM 0.x groups are renamed to them on import) through one table.
//!
//! **Direct.** A score whose name is one of the rig's blendshapes (the default avatar's 52, a "perfect sync"
//! VRM's) drives it as is.
//!
//! **Expressions.** Each preset's value is a weighted sum of scores, clamped to [0, 1]:
//!
//! | preset | from MediaPipe scores | why |
//! |---|---|---|
//! | `aa` | `jawOpen` | the open "a" |
//! | `ih` | ½ `mouthUpperUpLeft` + ½ `mouthUpperUpRight` | upper lip raised over the teeth |
//! | `ou` | `mouthPucker` | rounded, pushed-out lips |
//! | `ee` | ½ `mouthStretchLeft` + ½ `mouthStretchRight` | lips spread wide |
//! | `oh` | `mouthFunnel` | the lips' funnel |
//! | `blink` | ½ `eyeBlinkLeft` + ½ `eyeBlinkRight` (only when the avatar lacks `blinkLeft` or `blinkRight`) | |
//! | `blinkLeft`, `blinkRight` | `eyeBlinkLeft`, `eyeBlinkRight` | one eye each |
//! | `happy` | ½ `mouthSmileLeft` + ½ `mouthSmileRight` | |
//! | `angry` | ½ `browDownLeft` + ½ `browDownRight` | |
//! | `sad` | ½ `mouthFrownLeft` + ½ `mouthFrownRight` | |
//! | `surprised` | ½ `browInnerUp` + ¼ `eyeWideLeft` + ¼ `eyeWideRight` | |
//! | `lookUp`, `lookDown` | ½ `eyeLookUp/DownLeft` + ½ `eyeLookUp/DownRight` | gaze (the iris landmarks) |
//! | `lookLeft` | ½ `eyeLookOutLeft` + ½ `eyeLookInRight` | both eyes toward the subject's left |
//! | `lookRight` | ½ `eyeLookInLeft` + ½ `eyeLookOutRight` | |
//! | `relaxed`, `neutral`, custom | — | no score stands for them: left at 0 |
//!
//! Left and right are the subject's, as the avatar copies the subject like a person facing them (see
//! [`super::pose`]). An `isBinary` expression is 1 from 0.5 up, else 0. A blendshape bound by several
//! expressions gets the sum of `value × bind weight`, clamped to [0, 1] (VRM's own rule); a blendshape that a
//! score drives directly is left to that score (no expression adds to it).

use avatar_humanoid::mediapipe::BLENDSHAPES as MEDIAPIPE_BLENDSHAPES;
use avatar_sim::asset::Expression;
use avatar_sim::rig::Rig;

/// The table above: preset → `(score name, weight)` terms.
pub const TABLE: [(&str, &[(&str, f64)]); 16] = [
    ("aa", &[("jawOpen", 1.0)]),
    ("ih", &[("mouthUpperUpLeft", 0.5), ("mouthUpperUpRight", 0.5)]),
    ("ou", &[("mouthPucker", 1.0)]),
    ("ee", &[("mouthStretchLeft", 0.5), ("mouthStretchRight", 0.5)]),
    ("oh", &[("mouthFunnel", 1.0)]),
    ("blink", &[("eyeBlinkLeft", 0.5), ("eyeBlinkRight", 0.5)]),
    ("blinkLeft", &[("eyeBlinkLeft", 1.0)]),
    ("blinkRight", &[("eyeBlinkRight", 1.0)]),
    ("happy", &[("mouthSmileLeft", 0.5), ("mouthSmileRight", 0.5)]),
    ("angry", &[("browDownLeft", 0.5), ("browDownRight", 0.5)]),
    ("sad", &[("mouthFrownLeft", 0.5), ("mouthFrownRight", 0.5)]),
    ("surprised", &[("browInnerUp", 0.5), ("eyeWideLeft", 0.25), ("eyeWideRight", 0.25)]),
    ("lookUp", &[("eyeLookUpLeft", 0.5), ("eyeLookUpRight", 0.5)]),
    ("lookDown", &[("eyeLookDownLeft", 0.5), ("eyeLookDownRight", 0.5)]),
    ("lookLeft", &[("eyeLookOutLeft", 0.5), ("eyeLookInRight", 0.5)]),
    ("lookRight", &[("eyeLookInLeft", 0.5), ("eyeLookOutRight", 0.5)]),
];

/// Index of a MediaPipe blendshape name in [`MEDIAPIPE_BLENDSHAPES`].
pub fn score_index(name: &str) -> Option<usize> {
    MEDIAPIPE_BLENDSHAPES.iter().position(|n| *n == name)
}

/// One expression the scores drive.
#[derive(Clone, Debug, PartialEq)]
struct Driven {
    name: String,
    terms: Vec<(usize, f64)>,
    is_binary: bool,
    /// (rig parameter, bind weight)
    binds: Vec<(usize, f64)>,
}

/// How one avatar's face follows the scores (built once per avatar).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FaceMap {
    /// (rig parameter, score index): blendshapes with MediaPipe's names.
    direct: Vec<(usize, usize)>,
    driven: Vec<Driven>,
    /// Scores something on this avatar follows.
    used: Vec<bool>,
}

impl FaceMap {
    pub fn new(rig: &Rig, expressions: &[Expression]) -> FaceMap {
        let mut used = vec![false; MEDIAPIPE_BLENDSHAPES.len()];
        let direct: Vec<(usize, usize)> = MEDIAPIPE_BLENDSHAPES
            .iter()
            .enumerate()
            .filter_map(|(s, name)| rig.blendshape_param_index(name).map(|i| (i, s)))
            .collect();
        for &(_, s) in &direct {
            used[s] = true;
        }
        let has = |n: &str| expressions.iter().any(|e| e.name == n);
        let separate_eyes = has("blinkLeft") && has("blinkRight");
        let mut driven = Vec::new();
        for e in expressions {
            let Some((_, terms)) = TABLE.iter().find(|(p, _)| e.preset && *p == e.name) else { continue };
            if e.name == "blink" && separate_eyes {
                continue;
            }
            let binds: Vec<(usize, f64)> = e
                .binds
                .iter()
                .filter_map(|b| rig.blendshape_param_index(&b.blendshape).map(|i| (i, b.weight)))
                .filter(|(i, _)| !direct.iter().any(|(d, _)| d == i))
                .collect();
            if binds.is_empty() {
                continue;
            }
            let terms: Vec<(usize, f64)> = terms
                .iter()
                .map(|(n, w)| (score_index(n).expect("table names are MediaPipe's"), *w))
                .collect();
            for &(s, _) in &terms {
                used[s] = true;
            }
            driven.push(Driven { name: e.name.clone(), terms, is_binary: e.is_binary, binds });
        }
        FaceMap { direct, driven, used }
    }

    /// Is score `s` used on this avatar?
    pub fn uses(&self, s: usize) -> bool {
        self.used.get(s).copied().unwrap_or(false)
    }

    /// The expressions the scores drive, for logs and reports.
    pub fn driven_expressions(&self) -> Vec<&str> {
        self.driven.iter().map(|d| d.name.as_str()).collect()
    }

    /// Blendshapes driven directly by their MediaPipe names.
    pub fn direct_count(&self) -> usize {
        self.direct.len()
    }

    /// `(rig parameter, value)` for the scores (`scores[s]`: score `s` in [0, 1], `None` when not in this
    /// frame). An expression with none of its scores in the frame is left out (its blendshapes keep their
    /// previous values).
    pub fn apply(&self, scores: &[Option<f64>]) -> Vec<(usize, f64)> {
        let mut out: Vec<(usize, f64)> = self
            .direct
            .iter()
            .filter_map(|&(i, s)| scores.get(s).copied().flatten().map(|v| (i, v)))
            .collect();
        let first_expression_entry = out.len();
        for d in &self.driven {
            let present: Vec<(f64, f64)> = d
                .terms
                .iter()
                .filter_map(|&(s, w)| scores.get(s).copied().flatten().map(|v| (v, w)))
                .collect();
            if present.is_empty() {
                continue;
            }
            let mut value = present.iter().map(|(v, w)| v * w).sum::<f64>().clamp(0.0, 1.0);
            if d.is_binary {
                value = if value >= 0.5 { 1.0 } else { 0.0 };
            }
            for &(i, w) in &d.binds {
                match out[first_expression_entry..].iter_mut().find(|(j, _)| *j == i) {
                    Some(e) => e.1 += value * w,
                    None => out.push((i, value * w)),
                }
            }
        }
        for e in &mut out[first_expression_entry..] {
            e.1 = e.1.clamp(0.0, 1.0);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::asset::MorphBind;
    use avatar_sim::rig::{BlendTarget, BlendshapeRig, RigPart};

    /// A rig of blendshapes named like a VRoid model (no ARKit names) plus one ARKit name.
    fn rig(names: &[&str]) -> Rig {
        let targets = names
            .iter()
            .map(|n| BlendTarget { name: n.to_string(), indices: vec![0], deltas: vec![[0.0, 0.01, 0.0]] })
            .collect();
        Rig::new(vec![RigPart::Blendshapes(BlendshapeRig::new(Some(1), targets).unwrap())]).unwrap()
    }

    fn expr(name: &str, binds: &[(&str, f64)], is_binary: bool) -> Expression {
        Expression {
            name: name.into(),
            preset: avatar_sim::asset::expressions::PRESETS.contains(&name),
            binds: binds.iter().map(|(b, w)| MorphBind { blendshape: b.to_string(), weight: *w }).collect(),
            is_binary,
        }
    }

    fn scores(v: &[(&str, f64)]) -> Vec<Option<f64>> {
        let mut s = vec![None; MEDIAPIPE_BLENDSHAPES.len()];
        for (n, x) in v {
            s[score_index(n).unwrap()] = Some(*x);
        }
        s
    }

    #[test]
    fn every_table_name_is_a_mediapipe_score_and_a_vrm_preset() {
        for (preset, terms) in TABLE {
            assert!(avatar_sim::asset::expressions::PRESETS.contains(&preset), "{preset}");
            for (n, w) in terms {
                assert!(score_index(n).is_some(), "{n}");
                assert!(*w > 0.0 && *w <= 1.0);
            }
            let total: f64 = terms.iter().map(|t| t.1).sum();
            assert!((total - 1.0).abs() < 1e-12, "{preset}: weights sum to 1, so full scores give 1");
        }
    }

    #[test]
    fn visemes_and_blinks_follow_their_scores_through_the_binds() {
        let r = rig(&["Fcl_MTH_A", "Fcl_EYE_Close_L", "Fcl_EYE_Close_R", "Fcl_EYE_Close", "Fcl_MTH_Joy"]);
        let p = |n: &str| r.blendshape_param_index(n).unwrap();
        let exprs = [
            expr("aa", &[("Fcl_MTH_A", 1.0)], false),
            expr("blink", &[("Fcl_EYE_Close", 1.0)], false),
            expr("blinkLeft", &[("Fcl_EYE_Close_L", 1.0)], false),
            expr("blinkRight", &[("Fcl_EYE_Close_R", 1.0)], false),
            expr("happy", &[("Fcl_MTH_Joy", 0.8)], true),
            expr("myCustom", &[("Fcl_MTH_A", 1.0)], false),
        ];
        let m = FaceMap::new(&r, &exprs);
        assert_eq!(
            m.driven_expressions(),
            ["aa", "blinkLeft", "blinkRight", "happy"],
            "blink: eyes separately"
        );
        let out = m.apply(&scores(&[
            ("jawOpen", 0.6),
            ("eyeBlinkLeft", 0.9),
            ("eyeBlinkRight", 0.1),
            ("mouthSmileLeft", 0.7),
            ("mouthSmileRight", 0.5),
        ]));
        let get = |i: usize| out.iter().find(|e| e.0 == i).map(|e| e.1);
        assert_eq!(get(p("Fcl_MTH_A")), Some(0.6));
        assert_eq!(get(p("Fcl_EYE_Close_L")), Some(0.9));
        assert_eq!(get(p("Fcl_EYE_Close_R")), Some(0.1));
        assert_eq!(get(p("Fcl_MTH_Joy")), Some(0.8), "binary: smile 0.6 ≥ 0.5 → on, times the bind weight");
        assert_eq!(get(p("Fcl_EYE_Close")), None);
        // without separate eyes, `blink` is the mean
        let m = FaceMap::new(&r, &exprs[..2]);
        let out = m.apply(&scores(&[("eyeBlinkLeft", 0.9), ("eyeBlinkRight", 0.1)]));
        assert_eq!(out, [(p("Fcl_EYE_Close"), 0.5)]);
        // a frame without the scores leaves the expression out
        assert!(FaceMap::new(&r, &exprs).apply(&scores(&[("browInnerUp", 1.0)])).is_empty());
    }

    #[test]
    fn arkit_names_win_and_shared_binds_sum_then_clamp() {
        let r = rig(&["jawOpen", "Mouth", "Both"]);
        let exprs = [
            expr("aa", &[("jawOpen", 1.0), ("Both", 0.7)], false),
            expr("oh", &[("Mouth", 1.0), ("Both", 0.7)], false),
        ];
        let m = FaceMap::new(&r, &exprs);
        assert_eq!(m.direct_count(), 1);
        let out = m.apply(&scores(&[("jawOpen", 0.9), ("mouthFunnel", 0.8)]));
        let get = |n: &str| out.iter().find(|e| e.0 == r.blendshape_param_index(n).unwrap()).map(|e| e.1);
        assert_eq!(get("jawOpen"), Some(0.9), "the score itself, not the expression's bind");
        assert_eq!(get("Mouth"), Some(0.8));
        assert_eq!(get("Both"), Some(1.0), "0.9·0.7 + 0.8·0.7 clamped");
        assert!(m.uses(score_index("mouthFunnel").unwrap()));
        assert!(!m.uses(score_index("cheekPuff").unwrap()));
    }
}
