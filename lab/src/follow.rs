//! How closely an avatar follows its tracker: a recorded pose stream replayed through one avatar's runtime
//! ([`AvatarSim::tick`], as the solver thread calls it) at the recording's own timing, the avatar's limbs
//! compared with the landmarks that drove them.
//!
//! Per limb (upper and lower arms and legs, by humanoid role), over the frames where both of its landmarks are
//! visible:
//! - **error**: the angle between the posed bone (the linear part of its skinning transform applied to its
//!   bind direction, head to the child's head) and the frame's landmark direction, on the last tick before
//!   the next frame arrives (the runtime eases to each frame over one frame interval);
//! - **delay**: the shift `d` that best aligns the avatar with the past: the mean angle between the bone at
//!   tick `t` and the landmark direction at `t − d` (interpolated between frames), minimised over `d` in
//!   4 ms steps. The mapping's own interpolation accounts for about one frame interval of it;
//! - **jitter**: on still segments (the landmark direction stays within [`STILL_DEG`] of its mean over
//!   ±[`STILL_HALF_WINDOW`] frames), the RMS frame-to-frame turn of the bone, and of the landmarks themselves
//!   for reference;
//! - **roughness**: over every run of three visible frames, the RMS of the second difference of the bone's
//!   unit direction (`d₋ − 2d + d₊`, in degrees): the high-frequency part a low-pass filter removes; the
//!   landmarks' own for reference.
//!
//! Used by `avatard bench tracking` (defaults against tuned filters) and by the tests that hold the goals.

use anyhow::{anyhow, bail, Result};
use avatar_schema::{FrameHeader, Landmark, Message};
use avatar_sim::stats::{median, quantile};
use avatard::{AvatarSim, Inputs, LoadedAvatar, SimParams, TimeStep};
use nalgebra::{Matrix3, Vector3};
use serde::Serialize;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// A landmark direction within this many degrees of its window's mean: a still segment.
pub const STILL_DEG: f64 = 5.0;
/// Frames either side of a frame that must be still too.
pub const STILL_HALF_WINDOW: usize = 3;

/// The limbs: (bone role, child role, landmark from, landmark to).
pub const LIMBS: [(&str, &str, usize, usize); 8] = {
    use avatar_schema::pose_landmarks::*;
    [
        ("leftUpperArm", "leftLowerArm", LEFT_SHOULDER, LEFT_ELBOW),
        ("leftLowerArm", "leftHand", LEFT_ELBOW, LEFT_WRIST),
        ("rightUpperArm", "rightLowerArm", RIGHT_SHOULDER, RIGHT_ELBOW),
        ("rightLowerArm", "rightHand", RIGHT_ELBOW, RIGHT_WRIST),
        ("leftUpperLeg", "leftLowerLeg", LEFT_HIP, LEFT_KNEE),
        ("leftLowerLeg", "leftFoot", LEFT_KNEE, LEFT_ANKLE),
        ("rightUpperLeg", "rightLowerLeg", RIGHT_HIP, RIGHT_KNEE),
        ("rightLowerLeg", "rightFoot", RIGHT_KNEE, RIGHT_ANKLE),
    ]
};

/// One limb's figures (angles in degrees).
#[derive(Clone, Debug, Serialize)]
pub struct LimbFollow {
    pub role: &'static str,
    /// Frames with both landmarks visible.
    pub frames: usize,
    pub median_error_deg: f64,
    pub p90_error_deg: f64,
    pub delay_ms: f64,
    /// Still frames among `frames`.
    pub still_frames: usize,
    pub jitter_deg: f64,
    pub landmark_jitter_deg: f64,
    pub roughness_deg: f64,
    pub landmark_roughness_deg: f64,
}

/// The whole replay.
#[derive(Clone, Debug, Serialize)]
pub struct Follow {
    pub limbs: Vec<LimbFollow>,
    /// Medians over the limbs.
    pub median_error_deg: f64,
    /// The largest of the limbs' median errors.
    pub worst_limb_error_deg: f64,
    pub delay_ms: f64,
    pub jitter_deg: f64,
    pub landmark_jitter_deg: f64,
    pub roughness_deg: f64,
    pub landmark_roughness_deg: f64,
}

/// The pose frames of a recording: (time since the first record in ns, frame).
pub fn pose_frames(
    messages: impl IntoIterator<Item = (i64, Message)>,
) -> Vec<(i64, avatar_schema::PoseFrame)> {
    messages
        .into_iter()
        .filter_map(|(t, m)| if let Message::Pose(f) = m { Some((t, f)) } else { None })
        .collect()
}

/// The landmark direction of a limb, in the avatar frame (MediaPipe's world landmarks are y down, z away from
/// the camera); `None` when either landmark is not visible enough.
fn landmark_direction(lm: &[Landmark], from: usize, to: usize, min_visibility: f32) -> Option<Vector3<f64>> {
    let (a, b) = (lm.get(from)?, lm.get(to)?);
    if a.visibility < min_visibility || b.visibility < min_visibility {
        return None;
    }
    let d = Vector3::new((b.x - a.x) as f64, -(b.y - a.y) as f64, -(b.z - a.z) as f64);
    (d.norm() > 1e-9).then(|| d.normalize())
}

/// Put recorded pose frame `f` in `inputs`' slot as tracker `source` would send it: sequence number `seq`,
/// captured at `t_ns`, received at `now_ns` (the replays of [`follow`] and the benchmarks).
pub fn store_pose(
    inputs: &Inputs,
    f: &avatar_schema::PoseFrame,
    source: &str,
    seq: u64,
    t_ns: i64,
    now_ns: i64,
) {
    let mut f = f.clone();
    f.header = FrameHeader {
        source_id: source.into(),
        stream_id: 1,
        seq,
        capture_time_ns: t_ns,
        send_time_ns: t_ns,
    };
    inputs.any.pose.store(Some(Arc::new(f)));
    inputs.any.received_ns.store(now_ns, Relaxed);
}

/// Replay recorded pose `frames` (time since the first, ns; frame) through a fresh runtime of `avatar` at 120 Hz
/// at their own timing, and call `taken(sim, p, k)` once per frame `k` on its last tick (the `p` the avatar
/// shows until the next frame arrives). The tests on real recordings measure what they need there.
pub fn replay_frames(
    avatar: &Arc<LoadedAvatar>,
    frames: &[(i64, avatar_schema::PoseFrame)],
    params: &SimParams,
    mut taken: impl FnMut(&AvatarSim, &[f64], usize),
) {
    let step = TimeStep::new(120.0);
    let mut sim = AvatarSim::new(avatar.clone(), params, step).expect("the avatar's runtime");
    let inputs = Inputs::default();
    let t0 = 1_000_000_000i64;
    let Some(last) = frames.last() else { return };
    let end = t0 + last.0 + step.dt_ns;
    let (mut next, mut now, mut done) = (0usize, t0, 0usize);
    while now < end {
        while next < frames.len() && t0 + frames[next].0 <= now {
            store_pose(&inputs, &frames[next].1, "test", next as u64 + 1, t0 + frames[next].0, now);
            next += 1;
        }
        let o = sim.tick(&inputs, now, step, params, false);
        if next > 0 && (next == frames.len() || t0 + frames[next].0 > now + step.dt_ns) && done < next {
            let p: Vec<f64> = o.p.iter().map(|&v| v as f64).collect();
            taken(&sim, &p, next - 1);
            done = next;
        }
        now += step.dt_ns;
    }
}

/// Replay `frames` through `avatar` with `params` at `tick_hz` and measure how its limbs follow.
pub fn follow(
    avatar: &Arc<LoadedAvatar>,
    frames: &[(i64, avatar_schema::PoseFrame)],
    params: &SimParams,
    tick_hz: f32,
) -> Result<Follow> {
    if frames.len() < 2 * STILL_HALF_WINDOW + 2 {
        bail!("{} pose frames: too few to measure", frames.len());
    }
    if params.mirror {
        bail!("measure without `mirror` (the landmarks are compared unmirrored)");
    }
    let rig = &avatar.asset.sim.rig;
    let roles = &avatar.roles.mapped;
    let bone = |role: &str| roles.get(role).ok_or_else(|| anyhow!("the avatar has no {role} bone"));
    // per limb: (parameter offset of the bone's transform, unit bind direction)
    let mut limbs = Vec::new();
    for &(role, child, from, to) in &LIMBS {
        let (b, c) = (bone(role)?, bone(child)?);
        let offset = rig.bone_param_offset(b).ok_or_else(|| anyhow!("{b} has no rig parameters"))?;
        let head = |n: &str| avatar_sim::rig::bone_head(rig, n).map(Vector3::from);
        let (hb, hc) =
            (head(b).ok_or_else(|| anyhow!("{b}: no head"))?, head(c).ok_or_else(|| anyhow!("{c}"))?);
        limbs.push((offset, (hc - hb).normalize(), from, to));
    }
    let posed = |p: &[f32], offset: usize, rest: &Vector3<f64>| {
        (Matrix3::from_fn(|r, c| p[offset + 4 * r + c] as f64) * rest).normalize()
    };
    let vis = params.min_visibility;
    // landmark directions per frame and limb
    let want: Vec<Vec<Option<Vector3<f64>>>> = frames
        .iter()
        .map(|(_, f)| {
            limbs.iter().map(|&(_, _, a, b)| landmark_direction(&f.world_landmarks, a, b, vis)).collect()
        })
        .collect();

    let step = TimeStep::new(tick_hz);
    let mut sim = AvatarSim::new(avatar.clone(), params, step).map_err(anyhow::Error::msg)?;
    let inputs = Inputs::default();
    let tick_ns = step.dt_ns;
    let t0 = 1_000_000_000i64;
    let end = t0 + frames.last().map_or(0, |f| f.0) + tick_ns;
    let (mut next, mut now) = (0usize, t0);
    // per tick: (time since t0 in ns, bone direction per limb); per frame: bone direction on its last tick
    let mut ticks: Vec<(i64, Vec<Vector3<f64>>)> = Vec::new();
    let mut at_frame: Vec<Option<Vec<Vector3<f64>>>> = vec![None; frames.len()];
    while now < end {
        while next < frames.len() && t0 + frames[next].0 <= now {
            store_pose(&inputs, &frames[next].1, "follow", next as u64 + 1, t0 + frames[next].0, now);
            next += 1;
        }
        let o = sim.tick(&inputs, now, step, params, false);
        if o.p.iter().any(|v| !v.is_finite()) {
            bail!("non-finite rig parameters at t = {} ns", now - t0);
        }
        let dirs: Vec<_> = limbs.iter().map(|(off, rest, ..)| posed(&o.p, *off, rest)).collect();
        if next > 0 && (next == frames.len() || t0 + frames[next].0 > now + tick_ns) {
            at_frame[next - 1] = Some(dirs.clone());
        }
        ticks.push((now - t0, dirs));
        now += tick_ns;
    }

    let mut out = Vec::new();
    for (k, &(role, ..)) in LIMBS.iter().enumerate() {
        // error at each frame's last tick
        let errors: Vec<f64> = (0..frames.len())
            .filter_map(|i| Some(at_frame[i].as_ref()?[k].angle(&want[i][k]?).to_degrees()))
            .collect();
        // jitter on still frames: frame-to-frame turn of the bone and of the landmarks
        let (mut jitter, mut raw_jitter) = (Vec::new(), Vec::new());
        for i in STILL_HALF_WINDOW..frames.len() - STILL_HALF_WINDOW {
            let window: Option<Vec<Vector3<f64>>> =
                (i - STILL_HALF_WINDOW..=i + STILL_HALF_WINDOW).map(|j| want[j][k]).collect();
            let Some(window) = window else { continue };
            let mean = window.iter().sum::<Vector3<f64>>().normalize();
            if window.iter().any(|d| d.angle(&mean).to_degrees() > STILL_DEG) {
                continue;
            }
            let (Some(a), Some(b)) = (&at_frame[i - 1], &at_frame[i]) else { continue };
            jitter.push(a[k].angle(&b[k]).to_degrees().powi(2));
            raw_jitter
                .push(window[STILL_HALF_WINDOW - 1].angle(&window[STILL_HALF_WINDOW]).to_degrees().powi(2));
        }
        let (mut rough, mut raw_rough) = (Vec::new(), Vec::new());
        let second =
            |a: &Vector3<f64>, b: &Vector3<f64>, c: &Vector3<f64>| (a - 2.0 * b + c).norm().to_degrees();
        for i in 1..frames.len() - 1 {
            let (Some(a), Some(b), Some(c)) = (&at_frame[i - 1], &at_frame[i], &at_frame[i + 1]) else {
                continue;
            };
            let (Some(wa), Some(wb), Some(wc)) = (want[i - 1][k], want[i][k], want[i + 1][k]) else {
                continue;
            };
            rough.push(second(&a[k], &b[k], &c[k]).powi(2));
            raw_rough.push(second(&wa, &wb, &wc).powi(2));
        }
        let rms =
            |v: &[f64]| if v.is_empty() { f64::NAN } else { (v.iter().sum::<f64>() / v.len() as f64).sqrt() };
        // delay: the shift that best aligns the bone with the past landmarks
        let landmark_at = |t: i64| -> Option<Vector3<f64>> {
            let i = frames.partition_point(|f| f.0 <= t);
            if i == 0 || i == frames.len() {
                return None;
            }
            let (a, b) = (want[i - 1][k]?, want[i][k]?);
            let s = (t - frames[i - 1].0) as f64 / (frames[i].0 - frames[i - 1].0).max(1) as f64;
            Some(a.slerp(&b, s))
        };
        let mut best = (f64::INFINITY, 0.0);
        for d_ms in (0..=300).step_by(4) {
            let d = d_ms as i64 * 1_000_000;
            let (mut sum, mut n) = (0.0, 0usize);
            for (t, dirs) in &ticks {
                if let Some(w) = landmark_at(t - d) {
                    sum += dirs[k].angle(&w);
                    n += 1;
                }
            }
            if n > 0 && sum / (n as f64) < best.0 {
                best = (sum / n as f64, d_ms as f64);
            }
        }
        let mut sorted = errors.clone();
        out.push(LimbFollow {
            role,
            frames: errors.len(),
            median_error_deg: median(errors),
            p90_error_deg: quantile(&mut sorted, 0.9),
            delay_ms: best.1,
            still_frames: jitter.len(),
            jitter_deg: rms(&jitter),
            landmark_jitter_deg: rms(&raw_jitter),
            roughness_deg: rms(&rough),
            landmark_roughness_deg: rms(&raw_rough),
        });
    }
    let over = |f: fn(&LimbFollow) -> f64| median(out.iter().map(f).filter(|v| v.is_finite()).collect());
    Ok(Follow {
        median_error_deg: over(|l| l.median_error_deg),
        worst_limb_error_deg: out.iter().map(|l| l.median_error_deg).fold(f64::NAN, f64::max),
        delay_ms: over(|l| l.delay_ms),
        jitter_deg: over(|l| l.jitter_deg),
        landmark_jitter_deg: over(|l| l.landmark_jitter_deg),
        roughness_deg: over(|l| l.roughness_deg),
        landmark_roughness_deg: over(|l| l.landmark_roughness_deg),
        limbs: out,
    })
}

/// One face signal through its filter alone (the runtime's [`avatar_mapping::OneEuro`] or
/// [`avatar_mapping::OneEuroRotation`], fed the recorded values at their capture times).
#[derive(Clone, Debug, Serialize)]
pub struct SignalFollow {
    pub signal: String,
    pub frames: usize,
    /// Mean |filtered − recorded| (score units, or degrees for the head rotation).
    pub mean_error: f64,
    /// The shift of the recorded signal that best matches the filtered one (4 ms steps).
    pub delay_ms: f64,
    /// RMS second difference, filtered and recorded (score units or degrees).
    pub roughness: f64,
    pub recorded_roughness: f64,
}

/// The face frames of a recording: (time since the first record in ns, frame).
pub fn face_frames(
    messages: impl IntoIterator<Item = (i64, Message)>,
) -> Vec<(i64, avatar_schema::FaceFrame)> {
    messages
        .into_iter()
        .filter_map(|(t, m)| if let Message::Face(f) = m { Some((t, f)) } else { None })
        .collect()
}

/// The best shift (ms, 4 ms steps up to 300 ms) of a recorded series `x` (at times `t`, s) to match the
/// filtered `y` under the distance `dist`, and the mean distance at zero shift.
fn delay_and_error<T: Copy>(
    t: &[f64],
    x: &[T],
    y: &[T],
    lerp: impl Fn(T, T, f64) -> T,
    dist: impl Fn(T, T) -> f64,
) -> (f64, f64) {
    let at = |s: f64| -> Option<T> {
        let i = t.partition_point(|&u| u <= s);
        if i == 0 || i == t.len() {
            return None;
        }
        Some(lerp(x[i - 1], x[i], (s - t[i - 1]) / (t[i] - t[i - 1]).max(1e-9)))
    };
    let mean_at = |d: f64| {
        let v: Vec<f64> = t.iter().zip(y).filter_map(|(&s, &yv)| Some(dist(at(s - d)?, yv))).collect();
        if v.is_empty() {
            f64::INFINITY
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    let delay =
        (0..=75).map(|k| k as f64 * 0.004).min_by(|a, b| mean_at(*a).total_cmp(&mean_at(*b))).unwrap_or(0.0);
    let error = t.iter().zip(x).zip(y).map(|((_, &a), &b)| dist(a, b)).sum::<f64>() / t.len().max(1) as f64;
    (delay * 1e3, error)
}

fn roughness(v: &[f64]) -> f64 {
    let s: Vec<f64> = v.windows(3).map(|w| (w[0] - 2.0 * w[1] + w[2]).powi(2)).collect();
    (s.iter().sum::<f64>() / s.len().max(1) as f64).sqrt()
}

/// The blendshape scores `names` and the head rotation of `frames` through filters with `scores` and
/// `rotations` settings.
pub fn follow_face(
    frames: &[(i64, avatar_schema::FaceFrame)],
    names: &[&str],
    scores: avatar_mapping::OneEuroParams,
    rotations: avatar_mapping::OneEuroParams,
) -> Vec<SignalFollow> {
    use avatar_mapping::{OneEuro, OneEuroRotation};
    use nalgebra::UnitQuaternion;
    let t: Vec<f64> = frames.iter().map(|(_, f)| f.header.capture_time_ns as f64 * 1e-9).collect();
    let mut out = Vec::new();
    for name in names {
        let x: Vec<f64> = frames
            .iter()
            .map(|(_, f)| f.blendshapes.iter().find(|w| w.name == *name).map_or(0.0, |w| w.value as f64))
            .collect();
        let mut filter = OneEuro::new(scores);
        let y: Vec<f64> = t.iter().zip(&x).map(|(&s, &v)| filter.filter(s, v).unwrap_or(v)).collect();
        let (delay_ms, mean_error) =
            delay_and_error(&t, &x, &y, |a, b, s| a + s * (b - a), |a, b| (a - b).abs());
        out.push(SignalFollow {
            signal: (*name).to_owned(),
            frames: x.len(),
            mean_error,
            delay_ms,
            roughness: roughness(&y),
            recorded_roughness: roughness(&x),
        });
    }
    let rot: Vec<(f64, UnitQuaternion<f64>)> = t
        .iter()
        .zip(frames)
        .filter_map(|(&s, (_, f))| {
            let m = f.facial_transform?;
            let r = Matrix3::from_fn(|i, j| m[4 * j + i] as f64);
            Some((s, UnitQuaternion::from_matrix(&r)))
        })
        .collect();
    if rot.len() > 2 {
        let mut filter = OneEuroRotation::new(rotations);
        let ts: Vec<f64> = rot.iter().map(|r| r.0).collect();
        let x: Vec<UnitQuaternion<f64>> = rot.iter().map(|r| r.1).collect();
        let y: Vec<UnitQuaternion<f64>> =
            rot.iter().map(|&(s, q)| filter.filter(s, q.into_inner()).unwrap_or(q)).collect();
        let (delay_ms, mean_error) =
            delay_and_error(&ts, &x, &y, |a, b, s| a.slerp(&b, s), |a, b| a.angle_to(&b).to_degrees());
        // roughness of the rotation: the angle of the second difference's quaternion, in degrees
        let rough = |q: &[UnitQuaternion<f64>]| {
            let s: Vec<f64> = q
                .windows(3)
                .map(|w| {
                    ((w[0].rotation_to(&w[1])).rotation_to(&w[1].rotation_to(&w[2])))
                        .angle()
                        .to_degrees()
                        .powi(2)
                })
                .collect();
            (s.iter().sum::<f64>() / s.len().max(1) as f64).sqrt()
        };
        out.push(SignalFollow {
            signal: "head rotation".into(),
            frames: x.len(),
            mean_error,
            delay_ms,
            roughness: rough(&y),
            recorded_roughness: rough(&x),
        });
    }
    out
}
