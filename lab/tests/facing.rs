//! Which way the avatar faces on real recordings (issue 54): MediaPipe Pose swaps the body's left and right
//! labels from frame to frame, and each swap, passed through, turns the avatar round. Measured on the published
//! `p` (the avatar's own hip joints, posed), not on the label stage's internals.
//!
//! - `real_platform_sports2d` (real footage, a man on a platform **facing the camera** for its first 2.7 s, as
//!   the footage shows; MediaPipe swaps his labels in 10 of those 82 frames, one run of six): the avatar faces
//!   the camera in every frame and never turns by more than 90° between frames;
//! - `grounding_walk_side` (rendered from CMU mocap, so its truth is known: a walk that curves about 100° to the
//!   right, turning away from the camera): the avatar turns as the walker did, frame by frame.

use avatar_lab::follow::{pose_frames, replay_frames};
use avatar_sim::asset::Cache;
use avatar_sim::rig::read_affine;
use avatard::{AvatarSpec, LoadedAvatar, SimParams};
use nalgebra::Vector3;
use std::f64::consts::PI;
use std::path::PathBuf;
use std::sync::Arc;

fn recording(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/recordings").join(name)
}

pub fn frames(name: &str) -> Vec<(i64, avatar_schema::PoseFrame)> {
    let rec = tracker_bridge::recording::Recording::load(&recording(name)).unwrap();
    pose_frames(rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)))
}

fn wrap(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

/// The yaw of a body whose left-minus-right hip vector is `lateral` (+Y up): 0 when its left is +X (the
/// avatar's rest, facing +Z, the camera), right-handed about +Y.
fn yaw(lateral: Vector3<f64>) -> f64 {
    (-lateral.z).atan2(lateral.x)
}

/// One pose frame as the avatar took it (its last tick).
#[derive(Clone, Copy, Debug)]
pub struct Taken {
    /// The frame's time (s).
    pub t: f64,
    /// The avatar's yaw from its posed upper-leg heads.
    pub yaw: f64,
    /// Its hip centre (m, avatar space).
    pub hips: Vector3<f64>,
    /// The grounding's root displacement (m, avatar space).
    pub root: Vector3<f64>,
}

/// Per pose frame (its last tick), what the avatar did with it.
pub fn replay(
    avatar: &Arc<LoadedAvatar>,
    frames: &[(i64, avatar_schema::PoseFrame)],
    params: &SimParams,
) -> Vec<Taken> {
    let r = &avatar.asset.render;
    let (lbs, offset) = r.rig.skeleton().unwrap();
    let roles = &avatar.roles.mapped;
    let bone = |role: &str| lbs.bone_index(&roles[role]).unwrap();
    let head = |b: usize| Vector3::from_fn(|i, _| lbs.bones()[b].bind[i][3]);
    let legs = [bone("leftUpperLeg"), bone("rightUpperLeg")];
    let mut out = vec![];
    replay_frames(avatar, frames, params, |sim, p, k| {
        let at = |b: usize| {
            let m = read_affine(&p[offset + 12 * b..]);
            let x = head(b);
            Vector3::from_fn(|i, _| m[i][0] * x.x + m[i][1] * x.y + m[i][2] * x.z + m[i][3])
        };
        let (l, r) = (at(legs[0]), at(legs[1]));
        let root = sim.grounding().map_or(Vector3::zeros(), |g| g.root_offset);
        out.push(Taken { t: frames[k].0 as f64 * 1e-9, yaw: yaw(l - r), hips: 0.5 * (l + r), root });
    });
    out
}

pub fn default_avatar() -> Arc<LoadedAvatar> {
    let cache = Cache::default_dir().map(Cache::new);
    Arc::new(avatard::load_avatar(&AvatarSpec::new("facing"), cache.as_ref()).unwrap())
}

/// Frames where the avatar faces the camera, and turns of more than 90° between consecutive frames.
fn facing(run: &[Taken], until: f64) -> (usize, usize, usize) {
    let part: Vec<f64> = run.iter().filter(|x| x.t < until).map(|x| x.yaw).collect();
    let toward = part.iter().filter(|y| y.cos() > 0.0).count();
    let flips = part.windows(2).filter(|w| wrap(w[1] - w[0]).abs() > PI / 2.0).count();
    (toward, part.len(), flips)
}

#[test]
fn label_swaps_on_real_footage_leave_the_avatar_facing_the_camera() {
    let avatar = default_avatar();
    let frames = frames("real_platform_sports2d.avtrrec");
    // the man faces the camera until 2.7 s (then turns side-on to walk along the platform)
    let until = 2.7;
    let on = replay(&avatar, &frames, &SimParams::default());
    let off = replay(&avatar, &frames, &SimParams { label_swaps: false, ..SimParams::default() });
    let (toward, n, flips) = facing(&on, until);
    let (toward_off, _, flips_off) = facing(&off, until);
    eprintln!(
        "real_platform_sports2d, 0–{until} s: facing the camera in {toward}/{n} frames, {flips} flips \
         (label stage off: {toward_off}/{n}, {flips_off} flips)"
    );
    // without the stage the swaps turn it round (this test can fail)
    assert!(flips_off >= 5 && toward_off < n - 5, "off: {toward_off}/{n}, {flips_off} flips");
    assert_eq!(toward, n, "the avatar faced away in {} of {n} frames", n - toward);
    assert_eq!(flips, 0);
}

#[test]
fn a_real_turn_still_turns_the_avatar() {
    let avatar = default_avatar();
    let frames = frames("grounding_walk_side.avtrrec");
    let truth: serde_json::Value =
        serde_json::from_slice(&std::fs::read(recording("grounding_walk_side.truth.json")).unwrap()).unwrap();
    let v = |f: &serde_json::Value, k: &str| Vector3::from_fn(|i, _| f[k][i].as_f64().unwrap());
    let truth: Vec<f64> = truth["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| yaw(v(f, "left_hip") - v(f, "right_hip")))
        .collect();
    let on = replay(&avatar, &frames, &SimParams::default());
    let raw = replay(&avatar, &frames, &SimParams { label_swaps: false, ..SimParams::default() });
    assert_eq!(on.len(), truth.len());
    // the turn, from each one's first frame (the camera's own yaw cancels)
    let turned = |y: &[f64]| -> Vec<f64> { y.iter().map(|a| wrap(a - y[0])).collect() };
    let t = turned(&truth);
    let total = t.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let compare = |run: &[Taken]| {
        let a = turned(&run.iter().map(|x| x.yaw).collect::<Vec<_>>());
        let off: Vec<f64> = a.iter().zip(&t).map(|(a, t)| wrap(a - t).abs().to_degrees()).collect();
        let within = off.iter().filter(|d| **d <= 30.0).count();
        (within, off.iter().cloned().fold(0.0, f64::max), off)
    };
    let (within, worst, off) = compare(&on);
    let (within_raw, worst_raw, _) = compare(&raw);
    eprintln!(
        "grounding_walk_side: the walker turned {:.0}°, the avatar within 30° of the turn in {within}/{} frames \
         (worst {worst:.0}°; label stage off: {within_raw}, worst {worst_raw:.0}°)",
        total.to_degrees(),
        off.len()
    );
    assert!(total > 60f64.to_radians(), "the truth turns {:.0}°", total.to_degrees());
    // the label stage takes nothing from the turn (the misses are MediaPipe's own, side-on depth), and the
    // avatar follows it
    assert!(within >= within_raw, "{within} < {within_raw} with the stage off");
    assert!(within as f64 >= 0.85 * off.len() as f64, "{within}/{}", off.len());
    assert!(worst < 90.0, "{worst}");
}

/// Hip jumps on real footage (issue 54): frame-to-frame moves of the avatar's hips further than a person moves
/// (0.1 m + 1.5 m/s × the frame interval). Before issue 54: platform 6 (one of 0.36 m at start-up, a foot
/// locked before its speed had any history), jump 3, lawn 10 (the detection moving between people under a
/// camera high on a wall: floors learnt under one body, fitted anew under the next), plaza 18. Now none but on
/// the plaza (8, printed: small figures walking across at 10 fps, 0.3 m a frame).
#[test]
fn no_hip_jumps_on_real_footage() {
    let avatar = default_avatar();
    for (clip, until) in [
        ("real_walk_sports2d.avtrrec", f64::INFINITY),
        ("real_platform_sports2d.avtrrec", 5.0),
        ("grounding_squats.avtrrec", f64::INFINITY),
        ("grounding_dance.avtrrec", f64::INFINITY),
        ("pose_demo_singleperson_cam01.avtrrec", f64::INFINITY),
        ("real_jump_sports2d.avtrrec", f64::INFINITY),
        ("real_lawn_vtest.avtrrec", f64::INFINITY),
        ("real_plaza_vtest.avtrrec", -1.0),
    ] {
        let frames = frames(clip);
        let run = replay(&avatar, &frames, &SimParams::default());
        let jumps: Vec<(f64, f64, f64, f64)> = run
            .windows(2)
            .filter_map(|w| {
                let d = w[1].hips - w[0].hips;
                (d.norm() > 0.1 + 1.5 * (w[1].t - w[0].t)).then_some((w[1].t, d.norm(), d.y, d.z))
            })
            .collect();
        let depth = run.iter().map(|x| x.hips.z).fold(f64::NEG_INFINITY, f64::max)
            - run.iter().map(|x| x.hips.z).fold(f64::INFINITY, f64::min);
        let root_depth = run.iter().map(|x| x.root.z).fold(f64::NEG_INFINITY, f64::max)
            - run.iter().map(|x| x.root.z).fold(f64::INFINITY, f64::min);
        eprintln!("  root depth travel {root_depth:.2} m");
        let shown: Vec<String> =
            jumps.iter().map(|(t, d, y, z)| format!("{t:.2} s {d:.2} m (up {y:.2}, depth {z:.2})")).collect();
        eprintln!(
            "{clip}: {} frames, {} hip jumps {shown:?}, depth travel {depth:.2} m",
            run.len(),
            jumps.len()
        );
        let early: Vec<_> = jumps.iter().filter(|(t, ..)| *t < until).collect();
        assert!(early.is_empty(), "{clip}: hip jumps before {until} s: {early:?}");
    }
}
