//! The user's own avatar: test avatars made by other tools (Blender + the VRM add-on: VRM 1.0 in A-pose, VRM 0.x
//! in T-pose, the assimp human as VRM 0.x, Mixamo- and CMU-named glTF; `assets/fixtures/avatars/`) imported
//! and driven through the per-avatar runtime by the committed webcam recordings, with no hand-written mapping.
//!
//! Body: per limb, the posed bone direction (the linear part of the bone's skinning transform applied to its
//! rest direction, bind head to child's bind head) against the recorded landmark direction, over every tick
//! with both landmarks visible: a vector correlation (components centred, pooled) ≥ 0.95. Face: the blendshape
//! bound by `aa` (or named `jawOpen`) follows the `jawOpen` score, the blink ones the eye scores.

use avatar_humanoid::mediapipe::BLENDSHAPES as MEDIAPIPE_BLENDSHAPES;
use avatar_schema::{FrameHeader, Message};
use avatar_sim::asset::{self, Cache, ImportSettings};

use avatard::{AvatarSim, AvatarSpec, Inputs, LoadedAsset, LoadedAvatar, SimParams};
use nalgebra::{Matrix3, Vector3};
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

const HZ: f32 = 120.0;
const TICK_NS: i64 = 1_000_000_000 / 120;
/// Frames reach the runtime at `SLOW` times their recorded spacing (capture times stay as recorded): the
/// runtime moves to each frame's pose over one recorded interval, then holds it until the next frame, whose
/// last tick is where it is sampled. The comparison then measures the mapping, not the interpolation.
const SLOW: i64 = 2;

fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets").join(rel)
}

/// Import a test avatar the way `avatard import` does (anatomical material), through the cache.
fn import(name: &str) -> Arc<LoadedAvatar> {
    let path = fixture(&format!("fixtures/avatars/{name}"));
    let cache = Cache::default_dir().map(Cache::new);
    let settings = ImportSettings::precompute();
    let built = asset::import(&path, &ImportSettings::default(), &settings, cache.as_ref(), Arc::new(|_| {}))
        .unwrap_or_else(|e| panic!("importing {name}: {e:#}"));
    let file = std::env::temp_dir().join(format!("own-avatar-{}.avatar", asset::hex(&built.hash)));
    asset::write_atomically(&file, &built.bytes).unwrap();
    let loaded = LoadedAsset { asset: Arc::new(built.asset), hash: built.hash, path: file };
    Arc::new(LoadedAvatar::new(&AvatarSpec::new(name.split('.').next().unwrap()), &loaded))
}

/// A frame header as a tracker stamps it: capture and send at `t_ns`.
fn header(stream_id: u64, seq: u64, t_ns: i64) -> FrameHeader {
    FrameHeader { source_id: "test".into(), stream_id, seq, capture_time_ns: t_ns, send_time_ns: t_ns }
}

fn recording(name: &str) -> Vec<(i64, Message)> {
    let rec = tracker_bridge::recording::Recording::load(&fixture(&format!("recordings/{name}"))).unwrap();
    rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)).collect()
}

/// Vector correlation of two direction series: each component centred, then pooled.
fn correlation(a: &[Vector3<f64>], b: &[Vector3<f64>]) -> f64 {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<Vector3<f64>>() / n, b.iter().sum::<Vector3<f64>>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma).dot(&(y - mb))).sum();
    let va: f64 = a.iter().map(|x| (x - ma).norm_squared()).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).norm_squared()).sum();
    cov / (va * vb).sqrt()
}

fn scalar_correlation(a: &[f64], b: &[f64]) -> f64 {
    let v = |x: &[f64]| x.iter().map(|&s| Vector3::new(s, 0.0, 0.0)).collect::<Vec<_>>();
    correlation(&v(a), &v(b))
}

/// The limbs: (bone role, child role, landmark from, landmark to), as `avatard::follow` measures them.
use avatar_lab::follow::LIMBS;

/// Per limb: (role, correlation, angular range of the landmark direction in degrees, samples).
fn limb_correlations(a: &Arc<LoadedAvatar>, params: &SimParams) -> Vec<(&'static str, f64, f64, usize)> {
    let params = params.clone();
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Inputs::default();
    let rig = &a.asset.sim.rig;
    let roles = &a.roles.mapped;
    let head = |role: &str| Vector3::from(avatar_sim::rig::bone_head(rig, &roles[role]).unwrap());
    let frames: Vec<_> = recording("pose_demo_singleperson_cam01.avtrrec")
        .into_iter()
        .filter_map(|(t, m)| if let Message::Pose(f) = m { Some((t, f)) } else { None })
        .collect();
    let t0 = 1_000_000_000i64;
    let end = t0 + SLOW * frames.last().unwrap().0;
    let (mut next, mut now, mut seq) = (0, t0, 0u64);
    type Directions = Vec<Vector3<f64>>;
    // per limb: (posed bone directions, landmark directions)
    let mut samples: Vec<(Directions, Directions)> = vec![Default::default(); LIMBS.len()];
    let mut current = None;
    while now < end {
        while next < frames.len() && t0 + SLOW * frames[next].0 <= now {
            let mut f = frames[next].1.clone();
            seq += 1;
            f.header = header(1, seq, t0 + frames[next].0);
            current = Some(f.world_landmarks.clone());
            inputs.any.pose.store(Some(Arc::new(f)));
            inputs.any.received_ns.store(now, Relaxed);
            next += 1;
        }
        let o = sim.tick(&inputs, now, HZ, &params, false);
        assert!(o.p.iter().chain(&o.z).all(|v| v.is_finite()));
        // one sample per input frame, on its last tick (see SLOW)
        let last_tick = next < frames.len() && t0 + SLOW * frames[next].0 <= now + TICK_NS;
        if let (Some(lm), true) = (&current, last_tick) {
            for (k, &(bone, child, from, to)) in LIMBS.iter().enumerate() {
                let (lf, lt) = (lm[from], lm[to]);
                if lf.visibility < 0.5 || lt.visibility < 0.5 {
                    continue;
                }
                let want = Vector3::new((lt.x - lf.x) as f64, -(lt.y - lf.y) as f64, -(lt.z - lf.z) as f64);
                let o_b = rig.bone_param_offset(&roles[bone]).unwrap();
                let w = Matrix3::from_fn(|r, c| o.p[o_b + 4 * r + c] as f64);
                let got = w * (head(child) - head(bone)).normalize();
                samples[k].0.push(got.normalize());
                samples[k].1.push(want.normalize());
            }
        }
        now += TICK_NS;
    }
    LIMBS
        .iter()
        .zip(&samples)
        .map(|(&(bone, ..), (got, want))| {
            let mean = want.iter().sum::<Vector3<f64>>().normalize();
            let range = want.iter().map(|d| d.angle(&mean)).fold(0.0, f64::max).to_degrees();
            (bone, correlation(got, want), range, got.len())
        })
        .collect()
}

/// The face recording through the avatar: per score name, (score series, value of the blendshape its
/// expression binds, or the blendshape of its own name).
fn face_follows(
    a: &Arc<LoadedAvatar>,
    pairs: &[(&str, &str)],
    params: &SimParams,
) -> Vec<(String, f64, f64)> {
    let params = params.clone();
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Inputs::default();
    let rig = &a.asset.sim.rig;
    // the rig parameter each (score, expression) pair reads: the expression's first bind, else the score's name
    let param = |score: &str, expression: &str| {
        let bound = a.asset.expressions.iter().find(|e| e.name == expression).and_then(|e| e.binds.first());
        bound.map(|b| b.blendshape.as_str()).or(Some(score)).and_then(|n| rig.blendshape_param_index(n))
    };
    let frames: Vec<_> = recording("face_carphone.avtrrec")
        .into_iter()
        .filter_map(|(t, m)| if let Message::Face(f) = m { Some((t, f)) } else { None })
        .collect();
    let t0 = 1_000_000_000i64;
    let end = t0 + SLOW * frames.last().unwrap().0 + 100_000_000;
    let (mut next, mut now, mut seq) = (0, t0, 0u64);
    let mut series: Vec<(Vec<f64>, Vec<f64>)> = vec![Default::default(); pairs.len()];
    let mut current: Option<Vec<f64>> = None;
    while now < end {
        while next < frames.len() && t0 + SLOW * frames[next].0 <= now {
            let mut f = frames[next].1.clone();
            seq += 1;
            f.header = header(2, seq, t0 + frames[next].0);
            current = Some(
                MEDIAPIPE_BLENDSHAPES
                    .iter()
                    .map(|n| f.blendshapes.iter().find(|w| w.name == *n).map_or(0.0, |w| w.value as f64))
                    .collect(),
            );
            inputs.any.face.store(Some(Arc::new(f)));
            inputs.any.received_ns.store(now, Relaxed);
            next += 1;
        }
        let o = sim.tick(&inputs, now, HZ, &params, false);
        let last_tick = next < frames.len() && t0 + SLOW * frames[next].0 <= now + TICK_NS;
        if let (Some(scores), true) = (&current, last_tick) {
            for (k, (score, expression)) in pairs.iter().enumerate() {
                let Some(i) = param(score, expression) else { continue };
                let s = MEDIAPIPE_BLENDSHAPES.iter().position(|n| n == score).unwrap();
                series[k].0.push(scores[s]);
                series[k].1.push(o.p[i] as f64);
            }
        }
        now += TICK_NS;
    }
    pairs
        .iter()
        .zip(series)
        .filter(|(_, (s, _))| !s.is_empty())
        .map(|((score, expression), (s, v))| {
            let range =
                s.iter().cloned().fold(f64::MIN, f64::max) - s.iter().cloned().fold(f64::MAX, f64::min);
            (format!("{score}→{expression}"), scalar_correlation(&s, &v), range)
        })
        .collect()
}

fn check(name: &str, face: &[(&str, &str)]) {
    let a = import(name);
    eprintln!("{name}: {}", a.roles.summary());
    assert!(a.roles.missing_required.is_empty(), "{name}: {:?}", a.roles.missing_required);
    assert!(a.pose_map.is_some(), "{name}: body tracking is on");
    // the mapping itself: landmark smoothing off (the One-Euro cutoff at its maximum, 1 kHz) and grounding off
    // (its leg IK holds planted feet against the landmarks on purpose: `daemon/tests/grounding.rs`); the
    // defaults, grounding on, are held to the looser bound below
    let mut unfiltered = SimParams::default();
    unfiltered.filter.landmarks.min_cutoff = 1e3;
    unfiltered.filter.scores.min_cutoff = 1e3;
    unfiltered.grounding = false;
    let smoothed = limb_correlations(&a, &SimParams::default());
    for ((bone, corr, range, n), (_, corr_default, _, _)) in
        limb_correlations(&a, &unfiltered).into_iter().zip(smoothed)
    {
        eprintln!(
            "{name}: {bone:>14} correlation {corr:.3} ({corr_default:.3} with the default smoothing) over {n} \
             frames (landmark direction range {range:.0}°)"
        );
        assert!(n > 30, "{name} {bone}: {n} samples");
        assert!(corr >= 0.95, "{name} {bone}: correlation {corr:.3} < 0.95");
        assert!(
            corr_default >= 0.7,
            "{name} {bone}: correlation with the default smoothing {corr_default:.3}"
        );
    }
    let follows = face_follows(&a, face, &unfiltered);
    let smoothed = face_follows(&a, face, &SimParams::default());
    assert_eq!(follows.len(), face.len(), "{name}: every face pair has a blendshape");
    for ((what, corr, range), (_, corr_default, _)) in follows.into_iter().zip(smoothed) {
        eprintln!(
            "{name}: {what:>26} correlation {corr:.3} ({corr_default:.3} with the default smoothing; score range \
             {range:.2})"
        );
        assert!(range > 0.2, "{name} {what}: the recording moves it");
        assert!(corr >= 0.9, "{name} {what}: correlation {corr:.3}");
    }
}

const VRM_FACE: [(&str, &str); 3] =
    [("jawOpen", "aa"), ("eyeBlinkLeft", "blinkLeft"), ("eyeBlinkRight", "blinkRight")];

#[test]
fn vrm_1_0_in_a_pose_follows_the_webcam_body_and_face() {
    check("anny_vrm1.vrm", &VRM_FACE);
}

#[test]
fn vrm_0_x_in_t_pose_follows_the_webcam_body_and_face() {
    check("anny_vrm0.vrm", &VRM_FACE);
}

#[test]
fn the_assimp_human_as_vrm_0_x_follows_the_webcam_body() {
    check("bcn_vrm0.vrm", &[]);
}

#[test]
fn a_mixamo_named_glb_follows_the_webcam_body_and_its_arkit_morphs() {
    check("anny_mixamo.glb", &[("jawOpen", "-"), ("eyeBlinkLeft", "-")]);
}

#[test]
fn a_cmu_named_glb_follows_the_webcam_body() {
    check("anny_cmu.glb", &[]);
}

/// The CMU clip (`tracker-bridge bvh`'s frames) drives avatars by joint role: per limb, the mean angle between
/// the avatar bone's posed direction and the clip's (world joint positions), and their correlation.
fn bvh_follows(a: &Arc<LoadedAvatar>, normalized: bool) -> (u64, Vec<(&'static str, f64, f64)>) {
    use tracker_bridge::mocap::{to_normalized_rig_frames, to_rig_frames, Bvh, CMU_SCALE};
    let bvh = Bvh::read(&fixture("fixtures/cmu_01_01_first240.bvh")).unwrap();
    let frames = if normalized {
        to_normalized_rig_frames(&bvh, "bvh", CMU_SCALE)
    } else {
        to_rig_frames(&bvh, "bvh", CMU_SCALE)
    };
    let params = SimParams::default();
    let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
    let inputs = Inputs::default();
    let rig = &a.asset.sim.rig;
    let roles = &a.roles.mapped;
    let head = |role: &str| Vector3::from(avatar_sim::rig::bone_head(rig, &roles[role]).unwrap());
    let limbs = [
        ("leftUpperArm", "leftLowerArm", "LeftArm", "LeftForeArm"),
        ("rightUpperArm", "rightLowerArm", "RightArm", "RightForeArm"),
        ("leftLowerArm", "leftHand", "LeftForeArm", "LeftHand"),
        ("leftUpperLeg", "leftLowerLeg", "LeftUpLeg", "LeftLeg"),
        ("rightLowerLeg", "rightFoot", "RightLeg", "RightFoot"),
        ("spine", "head", "LowerBack", "Head"),
        ("rightLowerArm", "rightHand", "RightForeArm", "RightHand"),
    ];
    let mut got: Vec<Vec<Vector3<f64>>> = vec![Vec::new(); limbs.len()];
    let mut want: Vec<Vec<Vector3<f64>>> = vec![Vec::new(); limbs.len()];
    let mut unknown = 0;
    let t0 = 1_000_000_000i64;
    let dt = (1e9 / 120.0) as i64;
    for (k, f) in frames.iter().enumerate().step_by(4) {
        let mut f = f.clone();
        f.header.seq = k as u64 + 1;
        f.header.capture_time_ns = t0 + k as i64 * dt;
        f.header.send_time_ns = f.header.capture_time_ns;
        inputs.any.rig.store(Some(Arc::new(f)));
        let now = t0 + k as i64 * dt;
        inputs.any.received_ns.store(now, Relaxed);
        // two input intervals: the runtime has reached this frame's pose
        let mut o = sim.tick(&inputs, now, HZ, &params, false);
        for i in 1..8 {
            o = sim.tick(&inputs, now + i * TICK_NS, HZ, &params, false);
        }
        unknown = o.counts.unknown_names.max(unknown);
        let world = bvh.world_poses(Some(k));
        for (l, &(bone, child, jb, jc)) in limbs.iter().enumerate() {
            let (pb, pc) = (world[bvh.joint(jb).unwrap()].1, world[bvh.joint(jc).unwrap()].1);
            want[l].push((Vector3::from(pc) - Vector3::from(pb)).normalize());
            let ob = rig.bone_param_offset(&roles[bone]).unwrap();
            let w = Matrix3::from_fn(|r, c| o.p[ob + 4 * r + c] as f64);
            got[l].push((w * (head(child) - head(bone))).normalize());
        }
    }
    let per_limb = limbs
        .iter()
        .zip(got.iter().zip(&want))
        .map(|(&(bone, ..), (g, w))| {
            let mean_angle = g.iter().zip(w).map(|(a, b)| a.angle(b)).sum::<f64>() / g.len() as f64;
            (bone, correlation(g, w), mean_angle.to_degrees())
        })
        .collect();
    (unknown, per_limb)
}

#[test]
fn the_cmu_clip_drives_vrm_avatars_by_joint_role() {
    for (name, t_pose) in [("anny_vrm0.vrm", true), ("anny_vrm1.vrm", false)] {
        let a = import(name);
        let (unknown, limbs) = bvh_follows(&a, false);
        // the clip's joints without a role (LHipJoint, RHipJoint, Neck1, End Sites are not joints) and the
        // hand's extra joints the avatar lacks are the only unknown names
        eprintln!("{name}: {unknown} clip joints without a bone on the avatar");
        assert!(unknown <= 8, "{name}: {unknown} unknown joints");
        for (bone, corr, angle) in limbs {
            eprintln!("{name}: {bone:>14} correlation {corr:.3}, mean angle to the clip's bone {angle:.1}°");
            if t_pose {
                // bound in a T-pose like the clip: every limb follows it, the arms exactly; the legs keep the
                // difference between the clip's wide rest stance (20° from vertical) and the avatar's
                assert!(corr > 0.95, "{name} {bone}: correlation {corr:.3}");
                if bone.contains("Arm") {
                    assert!(angle < 1.0, "{name} {bone}: {angle:.1}°");
                }
            } else {
                // A-pose bind: rotations relative to the clip's T-pose rest keep the 48° bind difference
                // (no rest-pose correction for rig frames yet: README, "Your own avatar")
                assert!(corr > 0.5, "{name} {bone}: correlation {corr:.3}");
            }
        }
    }
}

/// Gaze: the assimp human's eye bones (humanoid `leftEye`/`rightEye`) turn with the `eyeLook*` scores: both
/// toward the subject's left (+X on an avatar facing +Z) when the left eye looks out and the right eye in,
/// and up with `eyeLookUp*`.
#[test]
fn eye_bones_follow_the_gaze_scores() {
    let a = import("bcn_vrm0.vrm");
    let rig = &a.asset.sim.rig;
    let eyes = ["leftEye", "rightEye"].map(|r| a.roles.mapped[r].clone());
    let mut params = SimParams::default();
    params.filter.scores.min_cutoff = 1e3;
    params.filter.rotations.min_cutoff = 1e3;
    let look = |scores: &[(&str, f32)]| {
        let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
        let inputs = Inputs::default();
        let mut blendshapes: Vec<avatar_schema::NamedWeight> = MEDIAPIPE_BLENDSHAPES
            .iter()
            .map(|n| avatar_schema::NamedWeight { name: n.to_string(), value: 0.0 })
            .collect();
        for (n, v) in scores {
            blendshapes.iter_mut().find(|w| w.name == *n).unwrap().value = *v;
        }
        let t = 1_000_000_000;
        let f = avatar_schema::FaceFrame {
            header: FrameHeader {
                source_id: "t".into(),
                stream_id: 1,
                seq: 1,
                capture_time_ns: t,
                send_time_ns: t,
            },
            image_width: 640,
            image_height: 480,
            face_index: 0,
            landmarks: Vec::new(),
            blendshapes,
            facial_transform: None,
        };
        inputs.any.face.store(Some(Arc::new(f)));
        inputs.any.received_ns.store(t, Relaxed);
        let mut o = sim.tick(&inputs, t, HZ, &params, false);
        for i in 1..30 {
            o = sim.tick(&inputs, t + i * TICK_NS, HZ, &params, false);
        }
        // each eye's forward (+Z) direction
        eyes.clone().map(|e| {
            let ob = rig.bone_param_offset(&e).unwrap();
            Matrix3::from_fn(|r, c| o.p[ob + 4 * r + c] as f64) * Vector3::z()
        })
    };
    let ahead = look(&[]);
    assert!(ahead.iter().all(|d| (d - Vector3::z()).norm() < 1e-5), "no gaze: eyes at rest {ahead:?}");
    for d in look(&[("eyeLookOutLeft", 1.0), ("eyeLookInRight", 1.0)]) {
        let yaw = d.x.atan2(d.z).to_degrees();
        eprintln!("looking to the subject's left: eye yaw {yaw:.1}°");
        assert!((yaw - 25.0).abs() < 0.5, "{yaw}");
    }
    for d in look(&[("eyeLookUpLeft", 0.5), ("eyeLookUpRight", 0.5)]) {
        let pitch = d.y.atan2(d.z).to_degrees();
        assert!((pitch - 10.0).abs() < 0.5, "half up: {pitch}");
    }
}

/// A rig frame by VRM role names (VMC's Unity spelling) is a normalized pose: relative to the T-pose, so the
/// A-pose VRM and the T-pose VRM take the same world arm directions from the same frame.
#[test]
fn normalized_role_frames_pose_a_and_t_bound_avatars_alike() {
    use avatar_schema::{BoneTransform, RigFrame};
    let q = |axis: Vector3<f64>, deg: f64| {
        let r =
            nalgebra::UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), deg.to_radians());
        [r.i as f32, r.j as f32, r.k as f32, r.w as f32]
    };
    let frame = |bones: Vec<(&str, [f32; 4])>| RigFrame {
        header: FrameHeader {
            source_id: "vmc".into(),
            stream_id: 1,
            seq: 1,
            capture_time_ns: 1,
            send_time_ns: 1,
        },
        bones: bones
            .into_iter()
            .map(|(n, r)| BoneTransform { name: n.into(), rotation: r, translation: None })
            .collect(),
        blendshapes: Vec::new(),
        root_position: None,
    };
    let poses = [
        // every bone at identity, as a VMC sender in T-pose sends it (`Hips` alone would be CMU's name too)
        frame(vec![
            ("Hips", q(Vector3::y(), 0.0)),
            ("LeftUpperArm", q(Vector3::y(), 0.0)),
            ("RightUpperArm", q(Vector3::y(), 0.0)),
        ]),
        frame(vec![
            ("Hips", q(Vector3::y(), 0.0)),
            ("LeftUpperArm", q(Vector3::z(), -60.0)),
            ("LeftLowerArm", q(Vector3::y(), 45.0)),
            ("RightUpperArm", q(Vector3::x(), 30.0)),
        ]),
    ];
    let mut directions = Vec::new();
    for name in ["anny_vrm1.vrm", "anny_vrm0.vrm"] {
        let a = import(name);
        let rig = &a.asset.sim.rig;
        let roles = &a.roles.mapped;
        let head = |role: &str| Vector3::from(avatar_sim::rig::bone_head(rig, &roles[role]).unwrap());
        let params = SimParams::default();
        let mut per_pose = Vec::new();
        for f in &poses {
            let mut sim = AvatarSim::new(a.clone(), &params, HZ).unwrap();
            let inputs = Inputs::default();
            inputs.any.rig.store(Some(Arc::new(f.clone())));
            inputs.any.received_ns.store(0, Relaxed);
            let mut o = sim.tick(&inputs, 0, HZ, &params, false);
            for i in 1..10 {
                o = sim.tick(&inputs, i * TICK_NS, HZ, &params, false);
            }
            assert_eq!(o.counts.unknown_names, 0, "{name}");
            let dir = |bone: &str, child: &str| {
                let ob = rig.bone_param_offset(&roles[bone]).unwrap();
                (Matrix3::from_fn(|r, c| o.p[ob + 4 * r + c] as f64) * (head(child) - head(bone))).normalize()
            };
            per_pose.push([
                dir("leftUpperArm", "leftLowerArm"),
                dir("leftLowerArm", "leftHand"),
                dir("rightUpperArm", "rightLowerArm"),
            ]);
        }
        directions.push(per_pose);
    }
    // the identity frame is the T-pose on both
    for (k, avatar) in directions.iter().enumerate() {
        let t = &avatar[0];
        eprintln!("avatar {k}: identity frame, left upper arm {:.4?}", t[0]);
        assert!((t[0] - Vector3::x()).norm() < 1e-3 && (t[2] + Vector3::x()).norm() < 1e-3, "{t:?}");
    }
    // the same frame gives the same world directions (f32 on the wire)
    for (a, b) in directions[0][1].iter().zip(&directions[1][1]) {
        eprintln!("A-pose {a:.4?} vs T-pose {b:.4?}");
        assert!(a.angle(b).to_degrees() < 0.1, "{a} vs {b}");
    }
    let lowered =
        nalgebra::Rotation3::from_axis_angle(&Vector3::z_axis(), -60f64.to_radians()) * Vector3::x();
    assert!(directions[0][1][0].angle(&lowered).to_degrees() < 0.1);
}

/// `tracker-bridge bvh --normalized`: the same clip as normalized frames (bones by role, relative to the
/// T-pose) drives the A-pose and the T-pose VRM alike, limbs along the clip's own bone directions.
#[test]
fn the_normalized_cmu_clip_poses_a_and_t_bound_vrms_like_the_clip() {
    for name in ["anny_vrm1.vrm", "anny_vrm0.vrm"] {
        let a = import(name);
        let (unknown, limbs) = bvh_follows(&a, true);
        assert_eq!(unknown, 0, "{name}: every role of the clip is on the avatar");
        for (bone, corr, angle) in limbs {
            eprintln!("{name} (normalized clip): {bone:>14} correlation {corr:.3}, mean angle to the clip's bone {angle:.1}°");
            assert!(corr > 0.95, "{name} {bone}: correlation {corr:.3}");
            if bone != "spine" {
                // limbs: the avatar's bone along the clip's (f32 on the wire, the avatar's joints where its own)
                assert!(angle < 2.0, "{name} {bone}: {angle:.1}°");
            }
        }
    }
}
