//! Hand frames through the real input path (encoded, decoded and ordered by `Ingest`) into the per-avatar
//! runtime on the default avatar, ticked at 120 Hz with a simulated clock: a synthetic hand whose index curls
//! and uncurls, and a hand that stops sending while the body tracker goes on.

use crate::common;
use avatar_schema::{encode, state_flags, FrameHeader, HandFrame, Handedness, Message};
use avatard::{AvatarSim, Ingest, Inputs, Metrics, SimParams};
use bytes::Bytes;
use common::{avatar, clone_loaded, first_pose, linear, recording};
use nalgebra::{Rotation3, Unit, Vector3};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

const HZ: f32 = 120.0;
const TICK_NS: i64 = 1_000_000_000 / 120;
const MS: i64 = 1_000_000;

fn header(source: &str, seq: u64, t_ns: i64) -> FrameHeader {
    FrameHeader { source_id: source.into(), stream_id: 1, seq, capture_time_ns: t_ns, send_time_ns: t_ns }
}

/// A right hand held up, palm to the camera, every finger straight but the index, whose PIP is flexed by
/// `pip_deg`: the 21 world landmarks (MediaPipe axes: x right, y down, z away from the camera).
fn right_hand(pip_deg: f64) -> Vec<[f32; 3]> {
    // avatar axes: distal +y, palmar +z (towards the camera), and on a right hand the thumb's side is +x
    let (a, n, radial) = (Vector3::y(), Vector3::z(), Vector3::x());
    let chains =
        [[0, 1, 2, 3, 4], [0, 5, 6, 7, 8], [0, 9, 10, 11, 12], [0, 13, 14, 15, 16], [0, 17, 18, 19, 20]];
    let bases = [(0.035, 55.0), (0.09, 12.0), (0.088, 0.0), (0.083, -11.0), (0.078, -23.0)];
    let lengths = [0.04, 0.028, 0.024];
    let mut pts = vec![Vector3::zeros(); 21];
    for (f, ch) in chains.iter().enumerate() {
        let (len, ang) = bases[f];
        let ang = f64::to_radians(ang);
        let e = a * ang.cos() + radial * ang.sin();
        pts[ch[1]] = e * len;
        let hinge = Unit::new_normalize(e.cross(&n));
        let pip = if f == 1 { pip_deg.to_radians() } else { 0.0 };
        let d2 = Rotation3::from_axis_angle(&hinge, pip) * e;
        pts[ch[2]] = pts[ch[1]] + e * lengths[0];
        pts[ch[3]] = pts[ch[2]] + d2 * lengths[1];
        pts[ch[4]] = pts[ch[3]] + d2 * lengths[2];
    }
    let centre = pts.iter().sum::<Vector3<f64>>() / 21.0;
    pts.iter().map(|p| p - centre).map(|p| [p.x as f32, -p.y as f32, -p.z as f32]).collect()
}

fn hand_frame(source: &str, seq: u64, t_ns: i64, pip_deg: f64) -> [Bytes; 1] {
    let world = right_hand(pip_deg);
    let f = HandFrame {
        header: header(source, seq, t_ns),
        image_width: 640,
        image_height: 480,
        hand_index: 0,
        handedness: Handedness::Right,
        handedness_score: 0.95,
        landmarks: world.iter().map(|p| [0.5 + p[0], 0.5 + p[1], p[2]]).collect(),
        world_landmarks: world,
    };
    [Bytes::from(encode(&Message::Hand(f)))]
}

/// The angle (degrees) of the index intermediate bone's rotation relative to the index proximal, from `p`.
fn index_pip_angle(p: &[f32], prox: usize, inter: usize) -> f64 {
    let r = linear(p, prox).transpose() * linear(p, inter);
    Rotation3::from_matrix(&r).angle().to_degrees()
}

fn correlation(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The index curls 0 → 90° → 0 over a second (30 Hz hand frames): the published `p`'s index intermediate
/// bone turns with it.
#[test]
fn the_published_index_bone_follows_a_curling_index() {
    let a = avatar();
    let params = SimParams::default();
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Arc::new(Inputs::default());
    let metrics = Arc::new(Metrics::new("t"));
    let mut ingest = Ingest::new(inputs.clone(), metrics.clone());
    let rig = &a.asset.sim.rig;
    let (prox, inter) =
        (rig.bone_param_offset("index_01_r").unwrap(), rig.bone_param_offset("index_02_r").unwrap());
    let curl = |s: f64| if (0.0..=1.0).contains(&s) { 90.0 * (std::f64::consts::PI * s).sin() } else { 0.0 };
    let t0 = 1_700_000_000_000 * MS;
    let end = t0 + 1300 * MS;
    let (mut now, mut seq, mut next_frame) = (t0 - 200 * MS, 0u64, t0 - 200 * MS);
    let (mut bone, mut wanted) = (vec![], vec![]);
    while now < end {
        if now >= next_frame {
            seq += 1;
            let s = (now - t0) as f64 * 1e-9;
            assert_eq!(ingest.handle_at(&hand_frame("cam/hand_right", seq, now, curl(s)), now), Ok("hand"));
            next_frame += 33 * MS;
        }
        let o = sim.tick(&inputs, now, HZ, &params, false);
        assert!(o.p.iter().all(|v| v.is_finite()));
        assert_eq!(o.counts.rejected_values, 0);
        if now >= t0 {
            bone.push(index_pip_angle(&o.p, prox, inter));
            wanted.push(curl((now - t0) as f64 * 1e-9));
        }
        now += TICK_NS;
    }
    let c = correlation(&bone, &wanted);
    let peak = bone.iter().cloned().fold(0.0, f64::max);
    eprintln!("{} ticks: correlation {c:.4}, peak bone angle {peak:.1}°", bone.len());
    assert!(c >= 0.9, "the index bone does not follow the curl: correlation {c}");
    assert!(peak > 60.0, "the index bone turned only {peak}° for a 90° curl");
    assert_eq!(metrics.input_hand_frames.load(Relaxed), seq);
}

/// A hand tracker stops (index curled) while the body tracker goes on: the hand's pose is held (`HELD_POSE`)
/// from `hold_after`, then eases back to the body's hand and the bind curl from `ease_after`, without a jump;
/// the avatar is bound to the two named sources.
#[test]
fn a_silent_hand_is_held_then_eases_back_while_the_body_drives_on() {
    let a = avatar();
    let params = SimParams::default();
    let mut spec = clone_loaded(&a);
    spec.sources = vec!["cam/body".into(), "cam/hand_right".into()];
    let mut sim = AvatarSim::new(Arc::new(spec), &params, HZ).unwrap();
    let inputs = Arc::new(Inputs::default());
    let mut ingest = Ingest::new(inputs.clone(), Arc::new(Metrics::new("t")));
    let pose = first_pose("pose_demo_singleperson_cam01.avtrrec");
    let rig = &a.asset.sim.rig;
    let (prox, inter) =
        (rig.bone_param_offset("index_01_r").unwrap(), rig.bone_param_offset("index_02_r").unwrap());
    let t0 = 1_700_000_000_000 * MS;
    let hand_stops = t0 + 500 * MS;
    let end = hand_stops + ((params.ease_after + params.ease_duration) * 1e9) as i64 + 500 * MS;
    let (mut now, mut seq, mut next_frame) = (t0, 0u64, t0);
    let (mut prev, mut worst_step, mut at_stop, mut first_held) = (None::<f64>, 0.0f64, None, None);
    // a frame from a source the avatar is not bound to changes nothing
    ingest.handle_at(&hand_frame("other/hand_right", 1, t0, 10.0), t0).unwrap();
    while now < end {
        if now >= next_frame {
            seq += 1;
            let mut p = pose.clone();
            p.header = header("cam/body", seq, now);
            ingest.handle_at(&[Bytes::from(encode(&Message::Pose(p)))], now).unwrap();
            if now < hand_stops {
                ingest.handle_at(&hand_frame("cam/hand_right", seq, now, 80.0), now).unwrap();
            }
            next_frame += 33 * MS;
        }
        let o = sim.tick(&inputs, now, HZ, &params, false);
        let angle = index_pip_angle(&o.p, prox, inter);
        if let Some(p) = prev {
            worst_step = worst_step.max((angle - p).abs());
        }
        prev = Some(angle);
        let silence = (now - hand_stops) as f64 * 1e-9;
        let held = o.flags & state_flags::HELD_POSE != 0;
        if silence < params.hold_after - 0.05 {
            assert!(!held, "held at hand silence {silence:.3} s");
            at_stop = Some(angle);
        }
        if held && first_held.is_none() {
            first_held = Some(silence);
        }
        if (params.hold_after + 0.05..params.ease_after).contains(&silence) {
            assert!(held, "the silent hand is held without HELD_POSE at {silence:.3} s");
            assert!((angle - at_stop.unwrap()).abs() < 1.0, "the held index moved: {angle}° vs {at_stop:?}");
        }
        if silence > params.ease_after + params.ease_duration + 0.1 {
            assert!(!held, "still HELD_POSE after the hand eased out ({silence:.3} s)");
            assert!(angle < 0.1, "the index did not return to its bind curl: {angle}°");
        }
        now += TICK_NS;
    }
    let first = first_held.expect("never HELD_POSE");
    assert!((first - params.hold_after).abs() < 0.05, "held from {first} s");
    assert!(at_stop.unwrap() > 60.0, "the curled index was not posed: {at_stop:?}");
    // smooth: a 1 s ease of a ~75° bend moves ≤ ~1.2° per tick
    assert!(worst_step < 3.0, "the index jumped by {worst_step}° in one tick");
}

/// Mirrored, the subject's right hand drives the avatar's left hand (and the right one stays at rest); a
/// frame under the handedness gate drives nothing.
#[test]
fn mirrored_the_right_hand_drives_the_avatars_left_hand() {
    let a = avatar();
    let params = SimParams { mirror: true, ..SimParams::default() };
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Arc::new(Inputs::default());
    let metrics = Arc::new(Metrics::new("t"));
    let mut ingest = Ingest::new(inputs.clone(), metrics.clone());
    let rig = &a.asset.sim.rig;
    let bones = |s: &str| {
        (
            rig.bone_param_offset(&format!("index_01_{s}")).unwrap(),
            rig.bone_param_offset(&format!("index_02_{s}")).unwrap(),
        )
    };
    let ((l1, l2), (r1, r2)) = (bones("l"), bones("r"));
    let t0 = 1_700_000_000_000 * MS;
    // a confident-looking curl under the gate first: nothing moves
    let mut low = avatar_schema::decode(&hand_frame("cam/hand_right", 1, t0, 80.0)[0]).unwrap();
    if let Message::Hand(f) = &mut low {
        f.handedness_score = 0.55;
    }
    ingest.handle_at(&[Bytes::from(encode(&low))], t0).unwrap();
    let o = sim.tick(&inputs, t0, HZ, &params, false);
    assert!(index_pip_angle(&o.p, l1, l2) < 0.1 && index_pip_angle(&o.p, r1, r2) < 0.1);
    assert_eq!(metrics.input_hands_gated.load(Relaxed), 1);
    let mut now = t0;
    for seq in 2..20 {
        now += 33 * MS;
        ingest.handle_at(&hand_frame("cam/hand_right", seq, now, 80.0), now).unwrap();
        for _ in 0..4 {
            sim.tick(&inputs, now, HZ, &params, false);
        }
    }
    let o = sim.tick(&inputs, now, HZ, &params, false);
    let (left, right) = (index_pip_angle(&o.p, l1, l2), index_pip_angle(&o.p, r1, r2));
    eprintln!("mirrored: left index {left:.1}°, right index {right:.1}°");
    assert!(left > 60.0, "the avatar's left index did not curl: {left}°");
    assert!(right < 0.1, "the avatar's right index moved: {right}°");
}

/// The committed real recording (`assets/recordings/hands_fingerpose.avtrrec`: MediaPipe 1.2.2 on a man
/// switching his left hand between a thumbs-up and a V sign, 43 frames at 10 fps, with his pose) through
/// `Ingest` into the default avatar, frames at twice their recorded spacing (sampled on each frame's last
/// tick, so the filter has settled: the mapping is measured, not the filter's lag). Per finger, the flexion
/// at the middle joint measured on the landmarks (the angle between the proximal and middle phalanx
/// directions, world landmarks) against the angle of the avatar's intermediate bone relative to its
/// proximal bone in the published `p`: correlation ≥ 0.9 for the index and middle fingers, which open and
/// close four times (the ring and little fingers stay curled in both signs). The wrist: the avatar's hand bone
/// points where the hand tracker's wrist-to-middle-knuckle direction does (the pose tracker's own hand
/// direction, from its coarse index and pinky points, differs from the hand tracker's by some 35° here).
#[test]
fn the_default_avatars_fingers_follow_the_real_hand_recording() {
    const SLOW: i64 = 2;
    let a = avatar();
    let params = SimParams::default();
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Arc::new(Inputs::default());
    let metrics = Arc::new(Metrics::new("t"));
    let mut ingest = Ingest::new(inputs.clone(), metrics.clone());
    let rig = &a.asset.sim.rig;
    let rec = recording("hands_fingerpose.avtrrec");
    let frames: Vec<(i64, Message)> = rec
        .records
        .iter()
        .filter(|r| matches!(r.message, Message::Hand(_) | Message::Pose(_)))
        .map(|r| (r.t_ns as i64, r.message.clone()))
        .collect();
    let hands = frames.iter().filter(|(_, m)| matches!(m, Message::Hand(_))).count();
    assert_eq!(hands, 43, "one left hand per frame");
    // (finger, proximal bone, intermediate bone, landmarks of its MCP, PIP, DIP)
    let fingers = [
        ("index", "index_01_l", "index_02_l", [5, 6, 7]),
        ("middle", "middle_01_l", "middle_02_l", [9, 10, 11]),
    ];
    let offsets: Vec<(usize, usize)> = fingers
        .iter()
        .map(|(_, p, i, _)| (rig.bone_param_offset(p).unwrap(), rig.bone_param_offset(i).unwrap()))
        .collect();
    let flexion = |w: &[[f32; 3]], [a, b, c]: [usize; 3]| {
        let v = |i: usize| Vector3::new(w[i][0] as f64, w[i][1] as f64, w[i][2] as f64);
        (v(b) - v(a)).angle(&(v(c) - v(b))).to_degrees()
    };
    // the wrist: the avatar's hand bone (its head to the middle finger's, posed by `p`) against the direction
    // the pose frame gives the same hand (left wrist to the middle of the left index and pinky landmarks)
    let head = |n: &str| Vector3::from(avatar_sim::rig::bone_head(rig, n).unwrap());
    let (hand_offset, hand_rest) =
        (rig.bone_param_offset("hand_l").unwrap(), (head("middle_01_l") - head("hand_l")).normalize());
    let mut current_pose: Option<Vec<avatar_schema::Landmark>> = None;
    let mut wrist_angles = Vec::new();
    let t0 = 1_700_000_000_000 * MS;
    let mut series: Vec<(Vec<f64>, Vec<f64>)> = vec![Default::default(); fingers.len()];
    let (mut now, mut next, mut seqs) = (t0, 0, std::collections::HashMap::<String, u64>::new());
    let mut current: Option<Vec<[f32; 3]>> = None;
    let end = t0 + SLOW * frames.last().unwrap().0 + 100 * MS;
    while now < end {
        while next < frames.len() && t0 + SLOW * frames[next].0 <= now {
            let (t, m) = &frames[next];
            let mut m = m.clone();
            let source = match &m {
                Message::Hand(_) => "rec/hand_left",
                _ => "rec/pose",
            };
            let seq = seqs.entry(source.into()).and_modify(|s| *s += 1).or_insert(1);
            let h = header(source, *seq, t0 + t);
            match &mut m {
                Message::Hand(f) => {
                    f.header = h;
                    current = Some(f.world_landmarks.clone());
                }
                Message::Pose(f) => {
                    f.header = h;
                    current_pose = Some(f.world_landmarks.clone());
                }
                _ => unreachable!(),
            }
            ingest.handle_at(&[Bytes::from(encode(&m))], now).unwrap();
            next += 1;
        }
        let o = sim.tick(&inputs, now, HZ, &params, false);
        assert!(o.p.iter().all(|v| v.is_finite()));
        let last_tick = next < frames.len() && t0 + SLOW * frames[next].0 <= now + TICK_NS;
        if let (Some(w), true) = (&current, last_tick) {
            for (k, (_, _, _, lm)) in fingers.iter().enumerate() {
                series[k].0.push(index_pip_angle(&o.p, offsets[k].0, offsets[k].1));
                series[k].1.push(flexion(w, *lm));
            }
            if let Some(lm) = &current_pose {
                use avatar_schema::pose_landmarks::{LEFT_INDEX, LEFT_PINKY, LEFT_WRIST};
                let v = |i: usize| Vector3::new(lm[i].x as f64, -lm[i].y as f64, -lm[i].z as f64);
                let want = (0.5 * (v(LEFT_INDEX) + v(LEFT_PINKY)) - v(LEFT_WRIST)).normalize();
                let got = (linear(&o.p, hand_offset) * hand_rest).normalize();
                let hv = |i: usize| Vector3::new(w[i][0] as f64, -w[i][1] as f64, -w[i][2] as f64);
                let hand_dir = (hv(9) - hv(0)).normalize();
                wrist_angles.push((
                    got.angle(&want).to_degrees(),
                    got.angle(&hand_dir).to_degrees(),
                    hand_dir.angle(&want).to_degrees(),
                ));
            }
        }
        now += TICK_NS;
    }
    assert_eq!(metrics.input_hand_frames.load(Relaxed), 43);
    let stats = |k: usize| {
        let mut v: Vec<f64> = wrist_angles.iter().map(|a| [a.0, a.1, a.2][k]).collect();
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2], v[v.len() - 1])
    };
    let [(bone_pose, bone_pose_worst), (bone_hand, bone_hand_worst), (hand_pose, hand_pose_worst)] =
        [0, 1, 2].map(stats);
    eprintln!(
        "hand direction (wrist to middle knuckle), median / worst: avatar's hand bone vs the hand tracker's \
         {bone_hand:.1}° / {bone_hand_worst:.1}°; vs the pose tracker's {bone_pose:.1}° / {bone_pose_worst:.1}°; \
         the two trackers between themselves {hand_pose:.1}° / {hand_pose_worst:.1}°"
    );
    // the hand bone takes the hand tracker's direction (the finer model), on the forearm the pose gives
    assert!(bone_hand < 5.0 && bone_hand_worst < 10.0, "{bone_hand}° / {bone_hand_worst}°");
    // and stays within the two trackers' own disagreement of the pose's direction
    assert!(bone_pose < hand_pose + 5.0, "{bone_pose}° vs {hand_pose}°");
    // AVATAR_HANDS_SERIES=path.json writes the series for a plot (docs/hands/)
    if let Some(path) = std::env::var_os("AVATAR_HANDS_SERIES") {
        let json: serde_json::Value = fingers
            .iter()
            .zip(&series)
            .map(|((name, ..), (bone, lm))| {
                (name.to_string(), serde_json::json!({"bone": bone, "landmarks": lm}))
            })
            .collect::<serde_json::Map<_, _>>()
            .into();
        std::fs::write(path, json.to_string()).unwrap();
    }
    for ((name, ..), (bone, landmarks)) in fingers.iter().zip(&series) {
        let c = correlation(bone, landmarks);
        let range = |v: &[f64]| {
            v.iter().cloned().fold(f64::INFINITY, f64::min)
                ..v.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
        };
        eprintln!(
            "{name}: {} samples, landmark flexion {:.0?}°, bone angle {:.0?}°, correlation {c:.3}",
            bone.len(),
            range(landmarks),
            range(bone)
        );
        assert!(bone.len() >= 40, "{name}: {} samples", bone.len());
        assert!(
            c >= 0.9,
            "{name}: the avatar's finger does not follow the recorded hand: correlation {c:.3}"
        );
    }
}
