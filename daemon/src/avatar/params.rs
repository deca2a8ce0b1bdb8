//! Per-avatar parameters: what the config file sets at start-up and `SetParams` changes live, validated in
//! one place so both paths refuse the same values with the same message.

use crate::mapping::OneEuroParams;
use avatar_sim::reduced::FleshMode;
use serde::{Deserialize, Serialize};

/// How one avatar is simulated and driven. Times are seconds, rates 1/s.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimParams {
    /// Multiplier of the asset's Lamé parameters μ and λ (1 = as precomputed).
    pub stiffness: f64,
    /// Damping of the secondary motion: without elastic forces its velocity decays as `exp(−damping·t)`.
    pub damping: f64,
    /// Gravity (m/s²) in the avatar frame, +Y up.
    pub gravity: [f64; 3],
    /// How the flesh's rotations are found ([`FleshMode`]: `corotational`, `exrotated`,
    /// `corotational+exrotated-warmstart`).
    #[serde(with = "flesh_mode_name")]
    pub flesh_mode: FleshMode,
    /// `false`: as-rigid-as-possible (λ ignored); `true`: linear co-rotational.
    pub volume_preservation: bool,
    /// Most local-global iterations per tick.
    pub iterations: usize,
    /// Anderson acceleration of the local-global iterations: steps of history (0: off). With 5, three
    /// iterations reach the accuracy ten plain ones had (`avatard bench preconditioner`).
    pub anderson: usize,
    /// One-Euro filters of the tracker's signals, one setting per kind of signal (their units differ).
    pub filter: Filters,
    /// Landmarks below this visibility leave their bone held.
    pub min_visibility: f32,
    /// Mirror the tracked subject (a webcam's selfie view).
    pub mirror: bool,
    /// Input silence before the pose is held (flag `HELD_POSE`).
    pub hold_after: f64,
    /// Input silence before the held pose starts easing to the rest pose.
    pub ease_after: f64,
    /// Length of the ease to rest (then flag `REST_POSE`).
    pub ease_duration: f64,
    /// Solver guard: largest `|z_i|` accepted; beyond it (or any non-finite value) the avatar is reset to its
    /// rig pose, flagged `RESET | DEGRADED` and counted.
    pub max_z: f64,
    /// Teleport: a bone moving farther than this (m) in one tick, or turning by more than
    /// `teleport_angle` (rad), is a discontinuity, not motion: the rig's velocity is not fed to the flesh.
    pub teleport_distance: f64,
    pub teleport_angle: f64,
    /// Idle breathing (paper 003, AaM modal actuation of the chest and belly, [`avatar_sim::breathing`]):
    /// acts while the avatar is idle (no live tracker input: the pose held, easing to rest or at rest), ramped
    /// in and out over 1 s; off while tracking drives the body.
    pub breathing: bool,
    /// Breaths per second (0.25: 15 per minute).
    pub breathing_rate_hz: f64,
    /// Amplitude of the actuation coordinates `a` (1 = a target displacement of 1 cm at the chest field's
    /// largest, 1.8 cm at the belly's); the default moves the default avatar's chest and belly by about 5 mm
    /// (`avatard bench breathing`).
    pub breathing_depth: f64,
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
            hold_after: 0.5,
            ease_after: 2.0,
            ease_duration: 1.0,
            max_z: 5.0,
            teleport_distance: 0.5,
            teleport_angle: 1.0,
            breathing: true,
            breathing_rate_hz: 0.25,
            breathing_depth: DEFAULT_BREATHING_DEPTH,
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

    /// Set `filter_{kind}_{field}` to `v`; false for another name.
    fn set(&mut self, name: &str, v: f64) -> bool {
        let Some(rest) = name.strip_prefix("filter_") else { return false };
        let (kind, field) = match rest.split_once('_') {
            Some(kf) => kf,
            None => return false,
        };
        let f = match kind {
            "landmarks" => &mut self.landmarks,
            "scores" => &mut self.scores,
            "rotations" => &mut self.rotations,
            _ => return false,
        };
        match field {
            "min_cutoff" => f.min_cutoff = v,
            "beta" => f.beta = v,
            "d_cutoff" => f.d_cutoff = v,
            _ => return false,
        }
        true
    }
}

/// Names `SetParams` accepts for one avatar (`tick_hz` is the daemon's, see `control.rs`).
pub const SETTABLE: &[&str] = &[
    "stiffness",
    "damping",
    "gravity_x",
    "gravity_y",
    "gravity_z",
    "flesh_mode",
    "volume_preservation",
    "iterations",
    "anderson",
    "filter_landmarks_min_cutoff",
    "filter_landmarks_beta",
    "filter_landmarks_d_cutoff",
    "filter_scores_min_cutoff",
    "filter_scores_beta",
    "filter_scores_d_cutoff",
    "filter_rotations_min_cutoff",
    "filter_rotations_beta",
    "filter_rotations_d_cutoff",
    "min_visibility",
    "mirror",
    "hold_after",
    "ease_after",
    "ease_duration",
    "max_z",
    "momentum_leak",
    "breathing",
    "breathing_rate_hz",
    "breathing_depth",
];

fn range(name: &str, v: f64, lo: f64, hi: f64) -> Result<(), String> {
    if v.is_finite() && v >= lo && v <= hi {
        Ok(())
    } else {
        Err(format!("{name} = {v} is out of range [{lo}, {hi}]"))
    }
}

fn positive(name: &str, v: f64, hi: f64) -> Result<(), String> {
    if v.is_finite() && v > 0.0 && v <= hi {
        Ok(())
    } else {
        Err(format!("{name} = {v} is out of range (0, {hi}]"))
    }
}

fn flag(name: &str, v: f64) -> Result<bool, String> {
    match v {
        0.0 => Ok(false),
        1.0 => Ok(true),
        _ => Err(format!("{name} = {v}: expected 0 or 1")),
    }
}

impl SimParams {
    /// Every field in its range; the error names the field and the range.
    pub fn validate(&self) -> Result<(), String> {
        positive("stiffness", self.stiffness, 1e4)?;
        range("damping", self.damping, 0.0, 1e3)?;
        for (c, g) in ["gravity_x", "gravity_y", "gravity_z"].iter().zip(self.gravity) {
            range(c, g, -100.0, 100.0)?;
        }
        if !(1..=100).contains(&self.iterations) {
            return Err(format!("iterations = {} is out of range [1, 100]", self.iterations));
        }
        if self.anderson > 20 {
            return Err(format!("anderson = {} is out of range [0, 20]", self.anderson));
        }
        for (kind, f) in self.filter.kinds() {
            positive(&format!("filter_{kind}_min_cutoff"), f.min_cutoff, 1e3)?;
            range(&format!("filter_{kind}_beta"), f.beta, 0.0, 1e4)?;
            positive(&format!("filter_{kind}_d_cutoff"), f.d_cutoff, 1e3)?;
        }
        range("min_visibility", self.min_visibility as f64, 0.0, 1.0)?;
        range("hold_after", self.hold_after, 0.0, 3600.0)?;
        if !(self.ease_after.is_finite() && self.ease_after >= self.hold_after && self.ease_after <= 3600.0) {
            return Err(format!(
                "ease_after = {} is out of range [hold_after = {}, 3600]: the ease to rest starts after the hold",
                self.ease_after, self.hold_after
            ));
        }
        range("ease_duration", self.ease_duration, 0.0, 3600.0)?;
        positive("max_z", self.max_z, 1e6)?;
        positive("teleport_distance", self.teleport_distance, 1e6)?;
        positive("teleport_angle", self.teleport_angle, std::f64::consts::PI)?;
        range("breathing_rate_hz", self.breathing_rate_hz, 0.05, 1.0)?;
        range("breathing_depth", self.breathing_depth, 0.0, 5.0)?;
        Ok(())
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
        let mut p = self.clone();
        for (name, value) in entries {
            p.set_unchecked(name, value)?;
        }
        p.validate()?;
        Ok(p)
    }

    /// Set `name` to `value` without checking the value's range ([`SimParams::validate`] does, on the final
    /// set). Refused here, whatever the other values: an unknown name, a non-finite value, and a value the
    /// field cannot hold (`flesh_mode` not an index of [`FleshMode::ALL`], a boolean not 0 or 1,
    /// `iterations`/`anderson` not a whole number in their range).
    pub fn set_unchecked(&mut self, name: &str, value: f32) -> Result<(), String> {
        let v = value as f64;
        match name {
            "filter_min_cutoff" | "filter_beta" | "filter_d_cutoff" => {
                let field = name.trim_start_matches("filter_");
                return Err(format!(
                    "{name}: the filter is set per signal: filter_landmarks_{field} (landmark positions, m), \
                     filter_scores_{field} (blendshape scores), filter_rotations_{field} (head rotation, rad)"
                ));
            }
            "momentum_leak" => {
                return Err("momentum_leak is part of the skinning eigenmodes (paper 000 §4.3): it is fixed when \
                            the asset is precomputed (`avatard precompute --leak-strength S`), not at run time"
                    .into())
            }
            _ if !SETTABLE.contains(&name) => {
                return Err(format!("unknown parameter {name:?} (known: tick_hz, {})", SETTABLE.join(", ")))
            }
            _ if !value.is_finite() => return Err(format!("{name} = {value}: expected a finite number")),
            _ => {}
        }
        match name {
            "stiffness" => self.stiffness = v,
            "damping" => self.damping = v,
            "gravity_x" => self.gravity[0] = v,
            "gravity_y" => self.gravity[1] = v,
            "gravity_z" => self.gravity[2] = v,
            "flesh_mode" => {
                self.flesh_mode = *FleshMode::ALL
                    .get(v as usize)
                    .filter(|_| v.fract() == 0.0 && v >= 0.0)
                    .ok_or_else(|| {
                        let names: Vec<String> =
                            FleshMode::ALL.iter().enumerate().map(|(i, m)| format!("{i} = {m}")).collect();
                        format!("flesh_mode = {v}: expected {}", names.join(", "))
                    })?
            }
            "volume_preservation" => self.volume_preservation = flag(name, v)?,
            "iterations" => {
                if v.fract() != 0.0 || !(1.0..=100.0).contains(&v) {
                    return Err(format!("iterations = {v}: expected a whole number in [1, 100]"));
                }
                self.iterations = v as usize
            }
            "anderson" => {
                if v.fract() != 0.0 || !(0.0..=20.0).contains(&v) {
                    return Err(format!("anderson = {v}: expected a whole number in [0, 20]"));
                }
                self.anderson = v as usize
            }
            "min_visibility" => self.min_visibility = value,
            "mirror" => self.mirror = flag(name, v)?,
            "hold_after" => self.hold_after = v,
            "ease_after" => self.ease_after = v,
            "ease_duration" => self.ease_duration = v,
            "max_z" => self.max_z = v,
            "breathing" => self.breathing = flag(name, v)?,
            "breathing_rate_hz" => self.breathing_rate_hz = v,
            "breathing_depth" => self.breathing_depth = v,
            _ => {
                let set = self.filter.set(name, v);
                debug_assert!(set, "{name} is in SETTABLE but has no field");
            }
        }
        Ok(())
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
            let r = p.with(name, 1.0);
            if *name == "momentum_leak" {
                assert!(r.unwrap_err().contains("precompute"));
            } else if let Err(e) = r {
                // 1.0 is out of range for a few; the error must then name the parameter
                assert!(e.contains(name), "{name}: {e}");
            }
        }
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
