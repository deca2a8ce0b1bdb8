//! VRM expressions: named face shapes (`aa`, `blink`, `happy`, …), each a weighted sum of the avatar's
//! blendshapes. Read from VRM 1.0 (`VRMC_vrm.expressions.preset` / `.custom`, `morphTargetBinds`) and VRM 0.x
//! (`VRM.blendShapeMaster.blendShapeGroups`, `binds` with weights 0–100) on import, with their morph-target
//! binds resolved to the blendshape names of the asset's rig; written back by the VRM export; driven by the
//! daemon from the face tracker's scores (`avatard`'s face mapping table).
//!
//! Names are VRM 1.0's: a VRM 0.x preset is renamed to its 1.0 preset ([`preset_from_vrm0`]: `a` → `aa`,
//! `joy` → `happy`, `blink_l` → `blinkLeft`, …); a 0.x group without a preset keeps its own name as a custom
//! expression.

use serde::{Deserialize, Serialize};

/// The VRM 1.0 expression presets (`VRMC_vrm-1.0` expressions: emotions, visemes, blinks, gaze, neutral).
pub const PRESETS: [&str; 18] = [
    "happy",
    "angry",
    "sad",
    "relaxed",
    "surprised",
    "aa",
    "ih",
    "ou",
    "ee",
    "oh",
    "blink",
    "blinkLeft",
    "blinkRight",
    "lookUp",
    "lookDown",
    "lookLeft",
    "lookRight",
    "neutral",
];

/// One blendshape of the rig, at `weight` (0–1) when the expression is fully on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MorphBind {
    pub blendshape: String,
    pub weight: f64,
}

/// One expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expression {
    /// A VRM 1.0 preset name ([`PRESETS`]) or a custom name.
    pub name: String,
    /// `name` is a preset.
    pub preset: bool,
    pub binds: Vec<MorphBind>,
    /// Snap to 0 or 1 (VRM `isBinary`: at 0.5 and above it is fully on).
    #[serde(default)]
    pub is_binary: bool,
}

/// A VRM 0.x `presetName` as the VRM 1.0 preset it became (`None`: `unknown` or not a preset).
pub fn preset_from_vrm0(preset: &str) -> Option<&'static str> {
    Some(match preset.to_ascii_lowercase().as_str() {
        "a" => "aa",
        "i" => "ih",
        "u" => "ou",
        "e" => "ee",
        "o" => "oh",
        "blink" => "blink",
        "blink_l" => "blinkLeft",
        "blink_r" => "blinkRight",
        "joy" => "happy",
        "angry" => "angry",
        "sorrow" => "sad",
        "fun" => "relaxed",
        "lookup" => "lookUp",
        "lookdown" => "lookDown",
        "lookleft" => "lookLeft",
        "lookright" => "lookRight",
        "neutral" => "neutral",
        _ => return None,
    })
}

/// The VRM 0.x `presetName` of a VRM 1.0 preset (the inverse of [`preset_from_vrm0`]; `surprised` has none).
pub fn vrm0_preset(preset: &str) -> Option<&'static str> {
    Some(match preset {
        "aa" => "a",
        "ih" => "i",
        "ou" => "u",
        "ee" => "e",
        "oh" => "o",
        "blink" => "blink",
        "blinkLeft" => "blink_l",
        "blinkRight" => "blink_r",
        "happy" => "joy",
        "angry" => "angry",
        "sad" => "sorrow",
        "relaxed" => "fun",
        "lookUp" => "lookup",
        "lookDown" => "lookdown",
        "lookLeft" => "lookleft",
        "lookRight" => "lookright",
        "neutral" => "neutral",
        _ => return None,
    })
}

/// Check expressions against the rig's blendshape names: names unique and non-empty, binds to existing
/// blendshapes with finite weights in [0, 1].
pub fn check(expressions: &[Expression], has_blendshape: impl Fn(&str) -> bool) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for e in expressions {
        if e.name.is_empty() || !seen.insert(e.name.as_str()) {
            return Err(format!("expression name {:?} is empty or repeated", e.name));
        }
        if e.preset && !PRESETS.contains(&e.name.as_str()) {
            return Err(format!("expression {:?} is not a VRM 1.0 preset", e.name));
        }
        for b in &e.binds {
            if !has_blendshape(&b.blendshape) {
                return Err(format!(
                    "expression {:?} binds a blendshape {:?} the rig lacks",
                    e.name, b.blendshape
                ));
            }
            if !(b.weight.is_finite() && (0.0..=1.0).contains(&b.weight)) {
                return Err(format!("expression {:?}: bind weight {} outside [0, 1]", e.name, b.weight));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vrm0_preset_round_trips_and_lands_on_a_vrm1_preset() {
        for p in PRESETS {
            match vrm0_preset(p) {
                Some(old) => assert_eq!(preset_from_vrm0(old), Some(p)),
                None => assert_eq!(p, "surprised", "only `surprised` is new in 1.0"),
            }
        }
        assert_eq!(preset_from_vrm0("A"), Some("aa"), "0.x files spell presets in either case");
        assert_eq!(preset_from_vrm0("unknown"), None);
    }

    #[test]
    fn check_refuses_unknown_blendshapes_bad_weights_and_repeats() {
        let e = |name: &str, shape: &str, w: f64| Expression {
            name: name.into(),
            preset: PRESETS.contains(&name),
            binds: vec![MorphBind { blendshape: shape.into(), weight: w }],
            is_binary: false,
        };
        let has = |s: &str| s == "Fcl_MTH_A";
        check(&[e("aa", "Fcl_MTH_A", 1.0), e("custom", "Fcl_MTH_A", 0.5)], has).unwrap();
        assert!(check(&[e("aa", "nope", 1.0)], has).unwrap_err().contains("lacks"));
        assert!(check(&[e("aa", "Fcl_MTH_A", 1.5)], has).unwrap_err().contains("outside"));
        assert!(check(&[e("aa", "Fcl_MTH_A", f64::NAN)], has).unwrap_err().contains("outside"));
        assert!(check(&[e("aa", "Fcl_MTH_A", 1.0), e("aa", "Fcl_MTH_A", 1.0)], has).is_err());
    }
}
