//! Per-avatar parameters: what the config file sets at start-up and `SetParams` changes live. Each is
//! declared once in [`PARAMS`] (name, unit, range, doc line, field); setting one by name, validation (the
//! same for both paths, with the same messages), [`SETTABLE`] and the schema's table are derived from it
//! ([`crate::live_params`]).

use crate::mapping::grounding::LegsOutOfView;
use crate::mapping::OneEuroParams;
use crate::param_spec::{names, params, Declared, ParamSpec, ParamValue, Range};
use avatar_sim::reduced::FleshMode;
use serde::{Deserialize, Serialize};

/// How one avatar is simulated and driven. Every field is a live parameter declared in `PARAMS` (its doc
/// line, unit and range there); `gravity` is `gravity_x|y|z` there, `filter` the nine `filter_*` names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimParams {
    pub stiffness: f64,
    pub damping: f64,
    pub gravity: [f64; 3],
    /// [`FleshMode`] by name in the config file, by its index in [`FleshMode::ALL`] in `SetParams`.
    #[serde(with = "flesh_mode_name")]
    pub flesh_mode: FleshMode,
    pub volume_preservation: bool,
    pub iterations: usize,
    pub anderson: usize,
    /// One-Euro filters of the tracker's signals, one setting per kind of signal (their units differ).
    pub filter: Filters,
    pub min_visibility: f32,
    pub mirror: bool,
    /// Lip sync from the microphones' audio frames (`retarget/speech.rs`).
    pub lip_sync: bool,
    /// How much of the mouth the voice takes over while it is live (0: the camera's alone).
    pub lip_sync_blend: f64,
    pub hold_after: f64,
    pub ease_after: f64,
    pub ease_duration: f64,
    pub max_z: f64,
    pub teleport_distance: f64,
    pub teleport_angle: f64,
    /// Idle breathing ([`avatar_sim::breathing`], paper 003's AaM modal actuation of the chest and belly).
    pub breathing: bool,
    pub breathing_rate_hz: f64,
    pub breathing_depth: f64,
    /// Spring bones (a VRM's hair, skirt, accessories; [`avatar_sim::spring`]) and their multipliers.
    pub springs: bool,
    pub spring_stiffness: f64,
    pub spring_gravity: f64,
    pub spring_drag: f64,
    /// Grounding ([`crate::mapping::grounding`]): the hips follow the body's place in the camera image, planted
    /// feet stay on the floor, legs out of view rest.
    pub grounding: bool,
    /// Undo MediaPipe's left/right label swaps ([`crate::mapping::labels`]).
    pub label_swaps: bool,
    pub camera_fov: f64,
    pub legs_out_of_view: LegsOutOfView,
}

impl Default for SimParams {
    fn default() -> Self {
        SimParams {
            stiffness: 1.0,
            damping: 2.0,
            gravity: [0.0; 3],
            flesh_mode: FleshMode::Corotational,
            volume_preservation: true,
            iterations: 5,
            anderson: 5,
            filter: Filters::default(),
            min_visibility: 0.5,
            mirror: false,
            lip_sync: true,
            lip_sync_blend: 1.0,
            hold_after: 0.5,
            ease_after: 2.0,
            ease_duration: 1.0,
            max_z: 5.0,
            teleport_distance: 0.5,
            teleport_angle: 1.0,
            breathing: true,
            breathing_rate_hz: 0.25,
            breathing_depth: DEFAULT_BREATHING_DEPTH,
            springs: true,
            spring_stiffness: 1.0,
            spring_gravity: 1.0,
            spring_drag: 1.0,
            grounding: true,
            label_swaps: true,
            camera_fov: 60.0,
            legs_out_of_view: LegsOutOfView::Auto,
        }
    }
}

/// [`SimParams::breathing_depth`]'s default.
pub const DEFAULT_BREATHING_DEPTH: f64 = 1.4;

/// The One-Euro filters of one avatar's tracker signals. `beta` is per unit of the signal's speed, so each kind
/// of signal has its own: landmark positions in metres (`beta` in s/m), blendshape scores in [0, 1] (`beta` in
/// s), the face's head rotation in radians (`beta` in s/rad).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Filters {
    pub landmarks: OneEuroParams,
    pub scores: OneEuroParams,
    pub rotations: OneEuroParams,
}

impl Default for Filters {
    /// Tuned on the committed recordings with `avatard bench tracking --sweep` (issue 18): the cutoff at rest
    /// stays the One-Euro paper's 1 Hz, `beta` lets it rise with speed in each signal's own unit, and the
    /// speed estimate's low-pass is 4 Hz so the rise starts within a frame or two of a movement. On the pose
    /// recording the limbs' median error falls from 9.2° (worst limb 19.7°, delay 132 ms; the paper's
    /// mouse-pointer `beta` 0.007 applied to metres) to 1.7° (worst 2.4°, delay 20 ms); on the face
    /// recording the scores' delay from 52–120 ms to 12–16 ms and the head rotation's from 116 to 24 ms.
    fn default() -> Self {
        Filters {
            landmarks: OneEuroParams { min_cutoff: 1.0, beta: 20.0, d_cutoff: 4.0 },
            scores: OneEuroParams { min_cutoff: 1.0, beta: 3.0, d_cutoff: 4.0 },
            rotations: OneEuroParams { min_cutoff: 1.0, beta: 3.0, d_cutoff: 4.0 },
        }
    }
}

impl Filters {
    /// (name, setting) of each kind.
    pub fn kinds(&self) -> [(&'static str, OneEuroParams); 3] {
        [("landmarks", self.landmarks), ("scores", self.scores), ("rotations", self.rotations)]
    }
}

/// The names of [`FleshMode::ALL`], by index (`flesh_mode`'s values).
const FLESH_MODES: [&str; 3] = [FleshMode::ALL[0].name(), FleshMode::ALL[1].name(), FleshMode::ALL[2].name()];

/// Every live parameter of an avatar, declared once, in the order they are validated: name => field, unit,
/// range, doc line (the schema's table).
#[rustfmt::skip]
pub const PARAMS: &[ParamSpec<SimParams>] = params! {
    "stiffness" => stiffness, "", Range::Positive(1e4),
        "multiplier of the asset's Lamé parameters μ and λ (1 = as precomputed); the model is refactored";
    "damping" => damping, "1/s", Range::Closed(0.0, 1e3),
        "damping of the secondary motion: without elastic forces its velocity decays as `exp(−damping·t)`";
    "gravity_x" => gravity[0], "m/s²", Range::Closed(-100.0, 100.0), "gravity along x in the avatar frame";
    "gravity_y" => gravity[1], "m/s²", Range::Closed(-100.0, 100.0),
        "gravity along y (+Y up) in the avatar frame (0: no sag under the avatar's own weight)";
    "gravity_z" => gravity[2], "m/s²", Range::Closed(-100.0, 100.0), "gravity along z in the avatar frame";
    "flesh_mode" => flesh_mode, "", Range::Choice(&FLESH_MODES),
        "how the flesh's rotations are found: the rig's skinned rotations (one solve), the co-rotational \
         local-global iterations, or those started from the ex-rotated solution";
    "volume_preservation" => volume_preservation, "", Range::Flag,
        "1: linear co-rotational (λ used); 0: as-rigid-as-possible (λ ignored)";
    "iterations" => iterations, "", Range::Whole(1, 100), "most local-global iterations per tick";
    "anderson" => anderson, "", Range::Whole(0, 20),
        "Anderson acceleration of the local-global iterations: steps of history (0: off); with 5, three \
         iterations reach the accuracy ten plain ones had (`avatard bench preconditioner`)";
    "filter_landmarks_min_cutoff" => filter.landmarks.min_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the landmark positions (m): the cutoff at rest";
    "filter_landmarks_beta" => filter.landmarks.beta, "s/m", Range::Closed(0.0, 1e4),
        "One-Euro filter of the landmark positions (m): the cutoff's rise per unit of the signal's speed";
    "filter_landmarks_d_cutoff" => filter.landmarks.d_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the landmark positions (m): the cutoff of its speed estimate";
    "filter_scores_min_cutoff" => filter.scores.min_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the blendshape scores: the cutoff at rest";
    "filter_scores_beta" => filter.scores.beta, "s", Range::Closed(0.0, 1e4),
        "One-Euro filter of the blendshape scores: the cutoff's rise per unit of the signal's speed";
    "filter_scores_d_cutoff" => filter.scores.d_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the blendshape scores: the cutoff of its speed estimate";
    "filter_rotations_min_cutoff" => filter.rotations.min_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the head rotation (rad): the cutoff at rest";
    "filter_rotations_beta" => filter.rotations.beta, "s/rad", Range::Closed(0.0, 1e4),
        "One-Euro filter of the head rotation (rad): the cutoff's rise per unit of the signal's speed";
    "filter_rotations_d_cutoff" => filter.rotations.d_cutoff, "Hz", Range::Positive(1e3),
        "One-Euro filter of the head rotation (rad): the cutoff of its speed estimate";
    "min_visibility" => min_visibility, "", Range::Closed(0.0, 1.0),
        "landmarks below this visibility leave their bone held";
    "mirror" => mirror, "", Range::Flag, "mirror the tracked subject (a webcam's selfie view)";
    "lip_sync" => lip_sync, "", Range::Flag,
        "lip sync: a microphone's voice (audio frames) drives the mouth's visemes while it is live";
    "lip_sync_blend" => lip_sync_blend, "", Range::Closed(0.0, 1.0),
        "share of the mouth the voice takes over while it is live (1: the voice alone, 0: the camera alone); \
         smiles, blinks, brows and gaze stay the camera's";
    "hold_after" => hold_after, "s", Range::Closed(0.0, 3600.0),
        "input silence before the pose is held (flag `HELD_POSE`)";
    "ease_after" => ease_after, "s",
        Range::AtLeast { other: "hold_after", hi: 3600.0, why: "the ease to rest starts after the hold" },
        "input silence before the held pose starts easing to the rest pose";
    "ease_duration" => ease_duration, "s", Range::Closed(0.0, 3600.0),
        "length of the ease to rest (then flag `REST_POSE`)";
    "max_z" => max_z, "", Range::Positive(1e6),
        "solver guard: the largest `|z_i|` accepted; beyond it (or any non-finite value) the avatar is reset \
         to its rig pose, flagged `RESET | DEGRADED` and counted";
    "teleport_distance" => teleport_distance, "m", Range::Positive(1e6),
        "a bone moving farther than this in one tick is a jump, not motion: the rig's velocity is not fed to \
         the flesh";
    "teleport_angle" => teleport_angle, "rad", Range::Positive(std::f64::consts::PI),
        "a bone turning by more than this in one tick is a jump, as for `teleport_distance`";
    "breathing" => breathing, "", Range::Flag,
        "idle breathing (paper 003 modal actuation of the chest and belly) while no tracker input is \
         live (held pose, easing to rest, at rest), ramped in and out over 1 s; off while tracking drives \
         the body";
    "breathing_rate_hz" => breathing_rate_hz, "Hz", Range::Closed(0.05, 1.0),
        "breaths per second (0.25: 15 per minute); the phase carries over, so a change never jumps";
    "breathing_depth" => breathing_depth, "", Range::Closed(0.0, 5.0),
        "amplitude of the actuation coordinates (1 = a target displacement of 1 cm at the chest field's \
         largest, 1.8 cm at the belly's; the default moves the default avatar's chest and belly by about \
         5 mm, `avatard bench breathing`); changes settle over 0.5 s";
    "springs" => springs, "", Range::Flag,
        "spring bones (a VRM's hair, skirt, accessories) swing behind the body; 0: they follow their parents \
         rigidly, `p` exactly as without springs";
    "spring_stiffness" => spring_stiffness, "", Range::Closed(0.0, 100.0),
        "multiplier of every spring joint's stiffness (1 = as the avatar's creator set it)";
    "spring_gravity" => spring_gravity, "", Range::Closed(0.0, 100.0),
        "multiplier of every spring joint's gravity power";
    "spring_drag" => spring_drag, "", Range::Closed(0.0, 100.0),
        "multiplier of every spring joint's drag (the product is kept within [0, 1])";
    "grounding" => grounding, "", Range::Flag,
        "the hips follow the body's place in the camera image (a step, a crouch, a hop), planted feet stay \
         on the floor (leg IK), legs out of view rest; 0: the hips stay where the avatar stands, as before";
    "label_swaps" => label_swaps, "", Range::Flag,
        "undo MediaPipe Pose's left/right label swaps (a whole body relabelled from one frame to the next \
         reads as the performer turned round): a swap is told from a turn by the body's heading from frame \
         to frame and a vote over the last seconds; 0: every frame as labelled";
    "camera_fov" => camera_fov, "°", Range::Closed(20.0, 150.0),
        "the tracking camera's horizontal field of view (most webcams 60–80); a wrong value scales steps \
         towards the camera and their length in metres, not the path across the image";
    "legs_out_of_view" => legs_out_of_view, "", Range::Choice(&LEGS_OUT_OF_VIEW),
        "what the legs do after a second out of view (at a desk): `auto` sits when the hips are out of view \
         too and stands otherwise, or always `standing` / `seated`";
};

/// The names of [`LegsOutOfView::ALL`], by index (`legs_out_of_view`'s values).
const LEGS_OUT_OF_VIEW: [&str; 3] =
    [LegsOutOfView::ALL[0].name(), LegsOutOfView::ALL[1].name(), LegsOutOfView::ALL[2].name()];

impl ParamValue for LegsOutOfView {
    fn to_f64(&self) -> f64 {
        LegsOutOfView::ALL.iter().position(|m| m == self).unwrap_or(0) as f64
    }
    fn from_f64(v: f64) -> Self {
        LegsOutOfView::ALL.get(v as usize).copied().unwrap_or_default()
    }
}

/// Names `SetParams` accepts for one avatar (`PARAMS`'s; the daemon's own, `tick_hz`, are
/// [`crate::live_params::DaemonParams`]').
pub const SETTABLE: &[&str] = &names::<SimParams, { PARAMS.len() }>(PARAMS);

/// Names a client may send that are not live parameters of an avatar, and why each is refused.
pub const NOT_LIVE: &[(&str, &str)] = &[(
    "momentum_leak",
    "momentum_leak is part of the skinning eigenmodes (paper 000 §4.3): it is fixed when the asset is \
     precomputed (`avatard precompute --leak-strength S`), not at run time",
)];

impl ParamValue for FleshMode {
    fn to_f64(&self) -> f64 {
        FleshMode::ALL.iter().position(|m| m == self).unwrap_or(0) as f64
    }
    fn from_f64(v: f64) -> Self {
        FleshMode::ALL.get(v as usize).copied().unwrap_or_default()
    }
}

impl Declared for SimParams {
    const PARAMS: &'static [ParamSpec<Self>] = PARAMS;

    /// `NOT_LIVE`'s reasons, and where the single `filter_*` names of before issue 18 went.
    fn refusal(name: &str) -> Option<String> {
        if let Some((_, why)) = NOT_LIVE.iter().find(|(n, _)| *n == name) {
            return Some((*why).to_owned());
        }
        let field = match name {
            "filter_min_cutoff" | "filter_beta" | "filter_d_cutoff" => name.trim_start_matches("filter_"),
            _ => return None,
        };
        Some(format!(
            "{name}: the filter is set per signal: filter_landmarks_{field} (landmark positions, m), \
             filter_scores_{field} (blendshape scores), filter_rotations_{field} (head rotation, rad)"
        ))
    }
}

impl SimParams {
    /// Every field in its range (`PARAMS`); the error names the field and the range.
    pub fn validate(&self) -> Result<(), String> {
        Declared::validate(self)
    }

    /// A copy with `name` set to `value` (one `SetParams` entry), validated. `flesh_mode` takes the index of
    /// the mode in [`FleshMode::ALL`]; booleans take 0 or 1.
    pub fn with(&self, name: &str, value: f32) -> Result<SimParams, String> {
        self.with_all([(name, value)])
    }

    /// A copy with every `(name, value)` entry of one `SetParams` request applied in order (a name given
    /// twice: the last value wins), then validated once as a whole: the cross-field rules (`ease_after ≥
    /// hold_after`) hold between the final values, so `{hold_after: 5, ease_after: 6}` is accepted in
    /// either order although `hold_after = 5` alone would break the rule. All or nothing: the first refused
    /// entry, or the final set's first invalid field, is the error, and it names the parameter.
    pub fn with_all<'a>(
        &self,
        entries: impl IntoIterator<Item = (&'a str, f32)>,
    ) -> Result<SimParams, String> {
        Declared::with_all(self, entries)
    }

    /// Set `name` to `value` without checking the value's range ([`SimParams::validate`] does, on the final
    /// set). Refused here, whatever the other values: an unknown name (a `NOT_LIVE` one with its reason),
    /// a non-finite value, and a value the field cannot hold (`flesh_mode` not an index of
    /// [`FleshMode::ALL`], a boolean not 0 or 1, `iterations`/`anderson` not a whole number in their range).
    pub fn set_unchecked(&mut self, name: &str, value: f32) -> Result<(), String> {
        Declared::set_unchecked(self, name, value)
    }
}

/// Serde of a [`FleshMode`] by its name.
mod flesh_mode_name {
    use avatar_sim::reduced::FleshMode;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(m: &FleshMode, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(m.name())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<FleshMode, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(|e: avatar_sim::reduced::UnknownFleshMode| serde::de::Error::custom(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_every_settable_name_is_handled() {
        let p = SimParams::default();
        p.validate().unwrap();
        for name in SETTABLE {
            if let Err(e) = p.with(name, 1.0) {
                // 1.0 is out of range for a few; the error must then name the parameter
                assert!(e.contains(name), "{name}: {e}");
            }
        }
        // known but not live: not settable, refused with the reason
        assert!(!SETTABLE.contains(&"momentum_leak"));
        assert!(p.with("momentum_leak", 1.0).unwrap_err().contains("precompute"));
        assert!(p.with("warp", 1.0).unwrap_err().contains("unknown"));
    }

    #[test]
    fn out_of_range_and_non_finite_values_are_refused() {
        let p = SimParams::default();
        for (name, v) in [
            ("stiffness", 0.0),
            ("stiffness", f32::NAN),
            ("damping", -1.0),
            ("gravity_y", f32::INFINITY),
            ("gravity_y", 1e3),
            ("flesh_mode", 3.0),
            ("flesh_mode", 0.5),
            ("iterations", 0.0),
            ("iterations", 2.5),
            ("mirror", 0.5),
            ("filter_landmarks_min_cutoff", 0.0),
            ("filter_scores_beta", -1.0),
            ("filter_rotations_d_cutoff", f32::INFINITY),
            ("max_z", -1.0),
            ("ease_after", 0.1), // before hold_after
        ] {
            assert!(p.with(name, v).is_err(), "{name} = {v}");
        }
        let q = p.with("flesh_mode", 0.0).unwrap();
        assert_eq!(q.flesh_mode, FleshMode::ALL[0]);
        assert_eq!(p.with("gravity_y", -9.81).unwrap().gravity[1], -9.81f32 as f64);
    }

    #[test]
    fn a_set_is_validated_on_its_final_values_in_any_order() {
        let p = SimParams::default(); // hold_after 0.5, ease_after 2
                                      // hold_after = 5 alone breaks ease_after ≥ hold_after; with ease_after = 6 the final set is valid
        for entries in
            [[("hold_after", 5.0), ("ease_after", 6.0)], [("ease_after", 6.0), ("hold_after", 5.0)]]
        {
            let q = p.with_all(entries).unwrap_or_else(|e| panic!("{entries:?}: {e}"));
            assert_eq!((q.hold_after, q.ease_after), (5.0, 6.0));
        }
        // the cross-field rule still holds between the final values, and the error names both
        let e = p.with("hold_after", 5.0).unwrap_err();
        assert!(e.contains("ease_after") && e.contains("hold_after"), "{e}");
        let e = p.with_all([("ease_after", 6.0), ("hold_after", 7.0)]).unwrap_err();
        assert!(e.contains("ease_after = 6") && e.contains("hold_after = 7"), "{e}");
        // a set whose final values are invalid is refused as a whole, whichever entry is last
        assert!(p.with_all([("damping", 3.0), ("stiffness", -1.0)]).unwrap_err().contains("stiffness"));
        assert!(p.with_all([("stiffness", -1.0), ("damping", 3.0)]).unwrap_err().contains("stiffness"));
        // an entry overridden later is only checked for what it is: the last value of a name wins
        assert_eq!(p.with_all([("damping", -1.0), ("damping", 3.0)]).unwrap().damping, 3.0);
        // an unknown name or a non-finite value is refused where it stands, even if a later entry fixes it
        for (entries, name) in [
            (vec![("damping", f32::NAN), ("damping", 3.0)], "damping"),
            (vec![("gravity_x", f32::INFINITY), ("gravity_x", 0.0)], "gravity_x"),
            (vec![("hold_after", 1.0), ("warp", 1.0)], "warp"),
            (vec![("filter_beta", 1.0)], "filter_landmarks_beta"),
        ] {
            let e = p.with_all(entries.clone()).unwrap_err();
            assert!(e.contains(name), "{entries:?}: {e}");
        }
        assert!(p.with("damping", f32::NAN).unwrap_err().contains("finite"));
    }

    #[test]
    fn each_filter_name_sets_its_own_signal_and_field() {
        let p = SimParams::default();
        let mut seen = Vec::new();
        for kind in ["landmarks", "scores", "rotations"] {
            for field in ["min_cutoff", "beta", "d_cutoff"] {
                let q = p.with(&format!("filter_{kind}_{field}"), 7.0).unwrap();
                let changed: Vec<(&str, f64, f64, f64)> = q
                    .filter
                    .kinds()
                    .into_iter()
                    .zip(p.filter.kinds())
                    .filter(|(a, b)| a.1 != b.1)
                    .map(|(a, _)| (a.0, a.1.min_cutoff, a.1.beta, a.1.d_cutoff))
                    .collect();
                assert_eq!(changed.len(), 1, "{kind} {field}: {changed:?}");
                assert_eq!(changed[0].0, kind);
                let v = match field {
                    "min_cutoff" => changed[0].1,
                    "beta" => changed[0].2,
                    _ => changed[0].3,
                };
                assert_eq!(v, 7.0, "{kind} {field}");
                seen.push(format!("filter_{kind}_{field}"));
            }
        }
        assert!(seen.iter().all(|n| SETTABLE.contains(&n.as_str())));
        // the single pre-split names say where the setting went
        assert!(p.with("filter_beta", 1.0).unwrap_err().contains("filter_landmarks_beta"));
    }

    #[test]
    fn serde_round_trip_names_the_flesh_mode() {
        let p = SimParams { flesh_mode: FleshMode::ExRotated, ..SimParams::default() };
        let j = serde_json::to_value(&p).unwrap();
        assert_eq!(j["flesh_mode"], "exrotated");
        assert_eq!(serde_json::from_value::<SimParams>(j).unwrap(), p);
        let bad = serde_json::json!({"flesh_mode": "jelly"});
        assert!(serde_json::from_value::<SimParams>(bad).is_err());
    }

    mod order {
        use super::*;
        use proptest::prelude::*;

        fn value() -> impl Strategy<Value = f32> {
            prop_oneof![Just(0.0f32), Just(1.0), Just(2.0), -10.0f32..3000.0, any::<f32>()]
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

            /// Entries with distinct names give the same result in any order: valid or not is a property of
            /// the final set, not of the order the entries are applied in.
            #[test]
            fn distinct_entries_give_the_same_result_in_any_order(
                entries in proptest::collection::vec((proptest::sample::select(SETTABLE), value()), 0..8),
                seed in any::<u64>(),
            ) {
                let mut entries = entries;
                entries.sort_by_key(|e| e.0);
                entries.dedup_by_key(|e| e.0);
                let p = SimParams::default();
                let forward = p.with_all(entries.iter().copied());
                let mut shuffled = entries.clone();
                let mut x = seed | 1;
                for i in (1..shuffled.len()).rev() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    shuffled.swap(i, (x % (i as u64 + 1)) as usize);
                }
                let other = p.with_all(shuffled.iter().copied());
                prop_assert_eq!(forward.is_ok(), other.is_ok(), "{:?} {:?}", forward, other);
                if let (Ok(a), Ok(b)) = (&forward, &other) {
                    prop_assert_eq!(a, b);
                    a.validate().unwrap();
                }
            }
        }
    }
}
