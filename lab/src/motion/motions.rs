//! The standard motions of `avatard bench jiggle` as [`RigFrame`] streams, and the timeline each one is played
//! in: a lead-in from the rest pose, the motion, then its last frame held.
//!
//! Motions are avatar-independent: bones are named by VRM humanoid role (`hips`, `spine`, `head`, …, or the
//! CMU joint names of the BVH clip), which [`avatar_sim::rig::resolve_bone`] maps onto any avatar with those
//! roles; rotations are local, relative to the bind pose, `(x, y, z, w)` (`schema/README.md` §4.4); root
//! positions are displacements from where the avatar stands at rest (the timeline adds the avatar's rest root
//! position, [`Timeline::new`]).
//!
//! | motion | what | frames |
//! |---|---|---|
//! | `jumps` | CMU 01_01, first 960 frames: four forward jumps, then standing (its frame 0, a reference pose, is dropped) | the file's, 120 fps |
//! | `hop` | the root in 4 ballistic hops of 0.15 m (g = 9.81) with 0.1 s of ground contact between | 60 Hz |
//! | `twist` | `spine` and `chest` each turning ±15° about the vertical (±30° together), 1 Hz, 3 s | 60 Hz |
//! | `head` | `head` yaw ±35°, 2.5 Hz, 2 s | 60 Hz |
//! | `arms` | `leftUpperArm` / `rightUpperArm` swinging ±40° about the lateral (X) axis in antiphase, 1.2 Hz, 3 s | 60 Hz |

use anyhow::{bail, Result};
use avatar_schema::{BoneTransform, FrameHeader, RigFrame};
use nalgebra::{UnitQuaternion, Vector3};
use std::f64::consts::TAU;
use std::path::Path;

/// Every motion, in the order they run and report.
pub const ALL: [&str; 5] = ["jumps", "hop", "twist", "head", "arms"];
/// Motions [`motion`] also knows that the jiggle benchmark does not run by default: `turn` (a head turn that
/// stops dead and holds, then turns back: the free oscillation after a stop; `avatard bench fidelity`).
pub const EXTRA: [&str; 1] = ["turn"];
/// Frame rate of the procedural motions (a tracker's rate).
pub const PROCEDURAL_HZ: f64 = 60.0;
/// Lead-in: the pose blends from rest to the motion's first frame over this long (smoothstep), ...
pub const LEAD_IN_BLEND_S: f64 = 1.0;
/// ... then holds that frame this long, so that the blend's own secondary motion has died down (mostly) when
/// the motion starts.
pub const LEAD_IN_HOLD_S: f64 = 1.0;
/// `source_id` of the frames.
pub const SOURCE: &str = "bench-jiggle";

/// A motion: frames with capture times from 0.
#[derive(Clone, Debug)]
pub struct Motion {
    pub name: String,
    pub frames: Vec<RigFrame>,
}

impl Motion {
    /// Capture time of the last frame (s).
    pub fn duration_s(&self) -> f64 {
        self.frames.last().map_or(0.0, |f| f.header.capture_time_ns as f64 * 1e-9)
    }

    /// Time between the first two frames (s); the rate the lead-in and the settle phase are sent at.
    pub fn frame_interval_s(&self) -> f64 {
        match &self.frames[..] {
            [a, b, ..] => (b.header.capture_time_ns - a.header.capture_time_ns) as f64 * 1e-9,
            _ => 1.0 / PROCEDURAL_HZ,
        }
    }
}

/// The motion called `name` (one of [`ALL`]); `bvh`: the clip of `jumps`.
pub fn motion(name: &str, bvh: &Path) -> Result<Motion> {
    Ok(match name {
        "jumps" => jumps(bvh)?,
        "hop" => hop(),
        "twist" => twist(),
        "head" => head_shake(),
        "arms" => arm_swing(),
        "turn" => head_turn(),
        other => bail!("unknown motion {other:?} (known: {}, {})", ALL.join(", "), EXTRA.join(", ")),
    })
}

/// The CMU clip as [`crate::motion::jumps::frames`] gives it (body joints, reference pose dropped, root relative to
/// the first frame of motion).
pub fn jumps(path: &Path) -> Result<Motion> {
    Ok(Motion { name: "jumps".into(), frames: crate::motion::jumps::frames(path, SOURCE)? })
}

/// Hops: count, apex height (m), ground contact between hops and at both ends (s), gravity (m/s²).
pub const HOPS: usize = 4;
pub const HOP_HEIGHT: f64 = 0.15;
pub const HOP_CONTACT_S: f64 = 0.1;
pub const GRAVITY: f64 = 9.81;

/// Time in the air of one hop: up and down from `HOP_HEIGHT`.
pub fn hop_air_s() -> f64 {
    2.0 * (2.0 * HOP_HEIGHT / GRAVITY).sqrt()
}

/// Height of the root above its rest place at `t` (s): contact, hop, contact, hop, ..., contact.
pub fn hop_height(t: f64) -> f64 {
    let air = hop_air_s();
    let period = HOP_CONTACT_S + air;
    let i = (t / period).floor();
    if t < 0.0 || i >= HOPS as f64 {
        return 0.0;
    }
    let ta = t - i * period - HOP_CONTACT_S;
    if !(0.0..=air).contains(&ta) {
        return 0.0;
    }
    let v0 = (2.0 * GRAVITY * HOP_HEIGHT).sqrt();
    (v0 * ta - 0.5 * GRAVITY * ta * ta).max(0.0)
}

pub fn hop() -> Motion {
    let duration = HOPS as f64 * (HOP_CONTACT_S + hop_air_s()) + HOP_CONTACT_S;
    procedural("hop", duration, |t| {
        (vec![bone("hips", UnitQuaternion::identity())], Some([0.0, hop_height(t) as f32, 0.0]))
    })
}

pub fn twist() -> Motion {
    procedural("twist", 3.0, |t| {
        let half = yaw(15.0 * (TAU * 1.0 * t).sin());
        (vec![bone("spine", half), bone("chest", half)], None)
    })
}

pub fn head_shake() -> Motion {
    procedural("head", 2.0, |t| (vec![bone("head", yaw(35.0 * (TAU * 2.5 * t).sin()))], None))
}

/// `turn`: the head turns 50° left in [`TURN_S`] (smoothstep), holds, turns back at 1.5 s and holds to 3 s.
pub fn head_turn() -> Motion {
    let ease = |x: f64| {
        let x = x.clamp(0.0, 1.0);
        x * x * (3.0 - 2.0 * x)
    };
    procedural("turn", 3.0, move |t| {
        let a = 50.0 * (ease(t / TURN_S) - ease((t - 1.5) / TURN_S));
        (vec![bone("head", yaw(a))], None)
    })
}

/// How long the head takes to turn in [`head_turn`] (s).
pub const TURN_S: f64 = 0.25;

pub fn arm_swing() -> Motion {
    procedural("arms", 3.0, |t| {
        let a = 40.0 * (TAU * 1.2 * t).sin();
        let x = |deg: f64| UnitQuaternion::from_axis_angle(&Vector3::x_axis(), deg.to_radians());
        (vec![bone("leftUpperArm", x(a)), bone("rightUpperArm", x(-a))], None)
    })
}

/// A rotation about the vertical (+Y) by `deg` degrees.
fn yaw(deg: f64) -> UnitQuaternion<f64> {
    UnitQuaternion::from_axis_angle(&Vector3::y_axis(), deg.to_radians())
}

fn bone(name: &str, q: UnitQuaternion<f64>) -> BoneTransform {
    BoneTransform { name: name.into(), rotation: quat(&q), translation: None }
}

fn quat(q: &UnitQuaternion<f64>) -> [f32; 4] {
    [q.i as f32, q.j as f32, q.k as f32, q.w as f32]
}

/// Frames at [`PROCEDURAL_HZ`] from 0 to `duration` (both included) of `pose(t)` = (bones, root position).
fn procedural(
    name: &str,
    duration: f64,
    pose: impl Fn(f64) -> (Vec<BoneTransform>, Option<[f32; 3]>),
) -> Motion {
    let n = (duration * PROCEDURAL_HZ).round() as usize;
    let frames = (0..=n)
        .map(|i| {
            let t = i as f64 / PROCEDURAL_HZ;
            let (bones, root_position) = pose(t);
            RigFrame {
                header: header(i as u64 + 1, (t * 1e9).round() as i64),
                bones,
                blendshapes: Vec::new(),
                root_position,
            }
        })
        .collect();
    Motion { name: name.into(), frames }
}

fn header(seq: u64, t_ns: i64) -> FrameHeader {
    FrameHeader { source_id: SOURCE.into(), stream_id: 1, seq, capture_time_ns: t_ns, send_time_ns: t_ns }
}

/// One motion as it is played: lead-in, motion, settle. Capture times are ns from the timeline's start;
/// `seq` counts from 1.
#[derive(Clone, Debug)]
pub struct Timeline {
    pub frames: Vec<RigFrame>,
    /// Capture times of the motion's first and last frames.
    pub motion_start_ns: i64,
    pub motion_end_ns: i64,
    /// The run ends here: the last frame + the settle time.
    pub end_ns: i64,
}

impl Timeline {
    /// `motion` after a lead-in ([`LEAD_IN_BLEND_S`] + [`LEAD_IN_HOLD_S`]), then its last frame repeated at the
    /// motion's frame interval for `settle_s`. `rest_root` (the avatar's rest root position) is added to every
    /// root position.
    pub fn new(motion: &Motion, settle_s: f64, rest_root: [f64; 3]) -> Timeline {
        let dt = motion.frame_interval_s();
        let (first, last) = (&motion.frames[0], &motion.frames[motion.frames.len() - 1]);
        let lead_s = LEAD_IN_BLEND_S + LEAD_IN_HOLD_S;
        let mut frames: Vec<RigFrame> = Vec::new();
        let lead_frames = (lead_s / dt).round() as usize;
        for i in 0..lead_frames {
            let t = i as f64 * dt;
            let s = (t / LEAD_IN_BLEND_S).min(1.0);
            let mut f = blend_from_rest(first, s * s * (3.0 - 2.0 * s));
            f.header.capture_time_ns = (t * 1e9).round() as i64;
            frames.push(f);
        }
        let start_ns = (lead_s * 1e9).round() as i64;
        let t0 = first.header.capture_time_ns;
        for f in &motion.frames {
            let mut f = f.clone();
            f.header.capture_time_ns = start_ns + (f.header.capture_time_ns - t0);
            frames.push(f);
        }
        let end_ns = start_ns + (last.header.capture_time_ns - t0);
        let settle_frames = (settle_s / dt).ceil() as usize;
        for k in 1..=settle_frames {
            let mut f = last.clone();
            f.header.capture_time_ns = end_ns + (k as f64 * dt * 1e9).round() as i64;
            frames.push(f);
        }
        for (i, f) in frames.iter_mut().enumerate() {
            f.header = header(i as u64 + 1, f.header.capture_time_ns);
            if let Some(r) = &mut f.root_position {
                for (c, o) in r.iter_mut().zip(rest_root) {
                    *c += o as f32;
                }
            }
        }
        Timeline {
            frames,
            motion_start_ns: start_ns,
            motion_end_ns: end_ns,
            end_ns: end_ns + (settle_s * 1e9).round() as i64,
        }
    }
}

/// `frame` at fraction `s` of the way from the rest pose: rotations slerped from identity, translations,
/// root position and blendshape weights scaled.
fn blend_from_rest(frame: &RigFrame, s: f64) -> RigFrame {
    let mut f = frame.clone();
    for b in &mut f.bones {
        let [x, y, z, w] = b.rotation.map(|v| v as f64);
        let q = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
        b.rotation = quat(&UnitQuaternion::identity().slerp(&q, s));
        if let Some(t) = &mut b.translation {
            *t = t.map(|v| v * s as f32);
        }
    }
    if let Some(r) = &mut f.root_position {
        *r = r.map(|v| v * s as f32);
    }
    for w in &mut f.blendshapes {
        w.value *= s as f32;
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::rig::{avatar_roles, resolve_bone, RigPart};
    use std::collections::BTreeMap;
    use tracker_bridge::mocap::Bvh;

    fn jumps_clip() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures/cmu_01_01_jumps960.bvh")
    }

    #[test]
    fn jiggle_motions_are_finite_last_as_stated_and_resolve_on_the_default_avatar() {
        let (_, rig) = avatar_sim::asset::default_avatar::inputs().unwrap();
        let lbs =
            rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None }).unwrap();
        let roles = avatar_roles(lbs.bones().iter().map(|b| b.name.as_str()), &BTreeMap::new());
        let air = hop_air_s();
        assert!((air - 0.3497).abs() < 1e-3, "{air}");
        let stated = [
            ("hop", 4.0 * (0.1 + air) + 0.1),
            ("twist", 3.0),
            ("head", 2.0),
            ("arms", 3.0),
            ("jumps", 958.0 / 120.0),
        ];
        for (name, duration) in stated {
            let m = motion(name, &jumps_clip()).unwrap();
            assert!((m.duration_s() - duration).abs() < 1.0 / PROCEDURAL_HZ, "{name}: {} s", m.duration_s());
            let times: Vec<i64> = m.frames.iter().map(|f| f.header.capture_time_ns).collect();
            assert!(times.windows(2).all(|w| w[1] > w[0]), "{name}: capture times increase");
            for f in &m.frames {
                for b in &f.bones {
                    assert!(b.rotation.iter().all(|v| v.is_finite()), "{name}: {}", b.name);
                    let norm = b.rotation.iter().map(|v| v * v).sum::<f32>().sqrt();
                    assert!((norm - 1.0).abs() < 1e-4, "{name}: {} |q| = {norm}", b.name);
                    assert!(b.translation.is_none_or(|t| t.iter().all(|v| v.is_finite())));
                }
                assert!(f.root_position.is_none_or(|r| r.iter().all(|v| v.is_finite())));
            }
            // every bone resolves (the jumps keep only the CMU joints of the body's midline and legs)
            let names: Vec<&str> = m.frames[0].bones.iter().map(|b| b.name.as_str()).collect();
            let resolved = names
                .iter()
                .filter(|n| resolve_bone(n, |x| lbs.bone_index(x).is_some(), &roles).is_some())
                .count();
            assert_eq!(resolved, names.len(), "{name}: {names:?}");
        }
    }

    #[test]
    fn jiggle_jumps_reads_the_960_frame_clip() {
        let bvh = Bvh::read(&jumps_clip()).unwrap();
        assert_eq!(bvh.frames.len(), 960);
        assert!(
            crate::motion::jumps::starts_with_reference_pose(&bvh),
            "frame 0 of the cgspeed conversion is a reference pose"
        );
        let m = jumps(&jumps_clip()).unwrap();
        assert_eq!(m.frames.len(), 959);
        assert_eq!(m.frames[0].header.capture_time_ns, 0);
        assert!((m.frame_interval_s() - 1.0 / 120.0).abs() < 1e-6);
        assert_eq!(m.frames[0].root_position, Some([0.0; 3]), "root relative to the first frame");
        // no rotation channel jumps by more than the reference threshold between frames of the motion
        let rest = Bvh { frames: bvh.frames[1..].to_vec(), ..bvh.clone() };
        assert!(!crate::motion::jumps::starts_with_reference_pose(&rest));
    }

    #[test]
    fn jiggle_hops_reach_their_height_and_land() {
        let m = hop();
        let h: Vec<f32> = m.frames.iter().map(|f| f.root_position.unwrap()[1]).collect();
        let peak = h.iter().cloned().fold(0.0, f32::max);
        assert!((peak - 0.15).abs() < 0.005, "apex {peak}");
        assert_eq!(h[0], 0.0);
        assert_eq!(*h.last().unwrap(), 0.0);
        // four flights: count take-offs
        let takeoffs = h.windows(2).filter(|w| w[0] == 0.0 && w[1] > 0.0).count();
        assert_eq!(takeoffs, HOPS);
    }

    #[test]
    fn jiggle_timeline_leads_in_plays_and_settles() {
        let m = twist();
        let tl = Timeline::new(&m, 2.0, [0.0, -0.8, 0.0]);
        let dt = 1e9 / PROCEDURAL_HZ;
        assert_eq!(tl.motion_start_ns, 2_000_000_000);
        assert_eq!(tl.motion_end_ns - tl.motion_start_ns, 3_000_000_000);
        assert_eq!(tl.end_ns, tl.motion_end_ns + 2_000_000_000);
        let last = tl.frames.last().unwrap();
        assert!(
            last.header.capture_time_ns >= tl.end_ns
                && (last.header.capture_time_ns as f64) < tl.end_ns as f64 + dt
        );
        assert_eq!(last.bones, m.frames.last().unwrap().bones, "the settle phase holds the last pose");
        assert!(tl.frames.iter().enumerate().all(|(i, f)| f.header.seq == i as u64 + 1));
        // the lead-in starts at rest (identity rotations)
        assert!(tl.frames[0].bones.iter().all(|b| (b.rotation[3] - 1.0).abs() < 1e-6));
        // root positions get the rest root added
        let hop = Timeline::new(&hop(), 1.0, [0.0, -0.8, 0.0]);
        assert!(hop.frames.iter().all(|f| f.root_position.unwrap()[1] >= -0.8 - 1e-6));
        assert_eq!(hop.frames[0].root_position, Some([0.0, -0.8, 0.0]));
    }
}
