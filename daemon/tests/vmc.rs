//! The VMC output end to end: the daemon in-process on the default avatar with its VMC output at a VMC
//! receiver in Python (`tests/py/vmc_receiver.py`), which decodes every datagram with python-osc (an OSC
//! implementation independent of the daemon's `rosc`); rig frames by VRM role drive the avatar over the real
//! input socket. Needs the project venv with python-osc (`cargo xtask setup venv`; `$AVATAR_PYTHON` overrides).

#[allow(dead_code)] // the helpers other test files use
mod common;
use avatar_schema::{encode, BoneTransform, FrameHeader, Message, NamedWeight, RigFrame};
use avatard::{AvatarHandle, AvatarSpec, RunConfig, SimParams, SolverSettings, VmcConfig};
use common::avatar;
use nalgebra::{UnitQuaternion, Vector3};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};
use zeromq::{Socket, SocketSend};

const RATE_HZ: f32 = 60.0;

/// Unity's `HumanBodyBones` (UnityEngine.HumanBodyBones, without `LastBone`), written out here on their own.
const UNITY_BONES: &str = "Hips LeftUpperLeg RightUpperLeg LeftLowerLeg RightLowerLeg LeftFoot RightFoot Spine \
    Chest UpperChest Neck Head LeftShoulder RightShoulder LeftUpperArm RightUpperArm LeftLowerArm RightLowerArm \
    LeftHand RightHand LeftToes RightToes LeftEye RightEye Jaw \
    LeftThumbProximal LeftThumbIntermediate LeftThumbDistal LeftIndexProximal LeftIndexIntermediate \
    LeftIndexDistal LeftMiddleProximal LeftMiddleIntermediate LeftMiddleDistal LeftRingProximal \
    LeftRingIntermediate LeftRingDistal LeftLittleProximal LeftLittleIntermediate LeftLittleDistal \
    RightThumbProximal RightThumbIntermediate RightThumbDistal RightIndexProximal RightIndexIntermediate \
    RightIndexDistal RightMiddleProximal RightMiddleIntermediate RightMiddleDistal RightRingProximal \
    RightRingIntermediate RightRingDistal RightLittleProximal RightLittleIntermediate RightLittleDistal";

/// The addresses of the VMC protocol's basic data, and their type tags.
const ADDRESSES: [(&str, &str); 6] = [
    ("/VMC/Ext/OK", "iiii"),
    ("/VMC/Ext/T", "f"),
    ("/VMC/Ext/Root/Pos", "sfffffff"),
    ("/VMC/Ext/Bone/Pos", "sfffffff"),
    ("/VMC/Ext/Blend/Val", "sf"),
    ("/VMC/Ext/Blend/Apply", ""),
];

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The project's Python (python-osc is in tools/requirements.txt), found as the cross-language tests find it.
fn python() -> PathBuf {
    avatar_e2e::Python::path()
}

/// One datagram as the receiver decoded it.
struct Datagram {
    t: f64,
    len: usize,
    messages: Vec<(String, String, Vec<Value>)>,
}

/// One VMC frame: the datagrams from one `/VMC/Ext/OK` to the next.
struct Frame {
    t: f64,
    messages: Vec<(String, String, Vec<Value>)>,
}

impl Frame {
    fn all<'a>(&'a self, address: &'a str) -> impl Iterator<Item = &'a [Value]> + 'a {
        self.messages.iter().filter(move |m| m.0 == address).map(|m| m.2.as_slice())
    }

    /// Bone name → (position, rotation x y z w).
    fn bones(&self) -> BTreeMap<String, ([f64; 3], [f64; 4])> {
        self.all("/VMC/Ext/Bone/Pos")
            .map(|a| {
                let f = |i: usize| a[i].as_f64().unwrap();
                (a[0].as_str().unwrap().to_owned(), ([f(1), f(2), f(3)], [f(4), f(5), f(6), f(7)]))
            })
            .collect()
    }

    fn blend(&self) -> BTreeMap<String, f64> {
        self.all("/VMC/Ext/Blend/Val")
            .map(|a| (a[0].as_str().unwrap().to_owned(), a[1].as_f64().unwrap()))
            .collect()
    }
}

/// Angle (radians) between two (x, y, z, w) quaternions, sign-blind.
/// A rig frame from `source` turning the left upper arm (normalized, by VRM role) by `q`.
fn arm_frame(source: &str, seq: u64, q: &UnitQuaternion<f64>, blendshapes: Vec<NamedWeight>) -> RigFrame {
    let now = avatar_schema::clock::unix_ns();
    RigFrame {
        header: FrameHeader {
            source_id: source.into(),
            stream_id: 1,
            seq,
            capture_time_ns: now,
            send_time_ns: now,
        },
        bones: vec![BoneTransform {
            name: "leftUpperArm".into(),
            rotation: [q.i, q.j, q.k, q.w].map(|v| v as f32),
            translation: None,
        }],
        blendshapes,
        root_position: None,
    }
}

/// The daemon on the default avatar with its VMC output at `target`, started on `rt`: its input endpoint, the
/// stop switch, the task and its metrics once ready.
struct Started {
    input: String,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    metrics: std::sync::Arc<avatard::Metrics>,
}

fn start_with_vmc(rt: &tokio::runtime::Runtime, target: std::net::SocketAddr) -> Started {
    let a = avatar();
    let mut config = RunConfig { endpoints: avatard::Endpoints::loopback_any_port(), ..RunConfig::default() };
    config.avatars = vec![AvatarSpec::new(&a.id)];
    config.solver = SolverSettings { threads: 1, ..SolverSettings::default() };
    config.vmc = Some(VmcConfig { target, rate_hz: RATE_HZ, avatar: Some(a.id.clone()) });
    let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let task = rt.spawn(avatard::run(
        config,
        // grounding off: the Hips position checked below is the bone's rest head (a frame without a root
        // position gets its lowest foot put on the floor otherwise: `mapping::grounding`, tested there)
        vec![AvatarHandle::loaded(a, SimParams { grounding: false, ..SimParams::default() })],
        async {
            stop_rx.await.ok();
        },
        move |r| {
            ready_tx.send((r.metrics.clone(), r.endpoints.input[0].clone())).ok();
        },
    ));
    // the input as bound (port 0 asked for)
    let (metrics, input) = ready_rx.recv_timeout(Duration::from_secs(60)).expect("daemon ready");
    Started { input, stop, task, metrics }
}

fn angle(a: [f64; 4], b: [f64; 4]) -> f64 {
    let dot: f64 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
    let norms = a.iter().map(|v| v * v).sum::<f64>().sqrt() * b.iter().map(|v| v * v).sum::<f64>().sqrt();
    2.0 * (dot.abs() / norms).min(1.0).acos()
}

/// The default avatar runs with `--vmc-out` at a python-osc receiver while rig frames (by VRM role: the
/// normalized convention, identity = T-pose) turn its left upper arm and open its jaw. Checked on what the
/// receiver decoded: every address of the protocol's basic data with its type tags, Unity bone names, unit
/// quaternions, datagrams under 8 KiB with Apply last, the rate within 10 % of the set one, and the driven
/// arm's local rotation = the frame's rotation in Unity's axes (X mirrored: (x, −y, −z, w), worked out here)
/// while the bones the frame leaves at the T-pose send the identity; the jaw's blendshape and the `A` preset
/// follow `jawOpen`; the hips' position is their bind head over the rest floor, mirrored; `vmc.sent` counts,
/// `vmc.errors` stays 0.
#[test]
fn the_vmc_output_sends_the_protocols_messages_at_the_set_rate_with_the_driven_rotation() {
    let a = avatar();
    // the receiver first: its port is the target
    let mut receiver = Command::new(python())
        .arg(repo_root().join("tests/py/vmc_receiver.py"))
        .env("PYTHONUNBUFFERED", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starting the VMC receiver");
    let mut lines = BufReader::new(receiver.stdout.take().unwrap()).lines();
    let first: Value = serde_json::from_str(&lines.next().expect("the receiver's port").unwrap()).unwrap();
    let port = first["port"].as_u64().expect("a port") as u16;
    let collected = std::thread::spawn(move || {
        lines.map(|l| serde_json::from_str::<Value>(&l.unwrap()).unwrap()).collect::<Vec<_>>()
    });

    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let Started { input, stop: stop_tx, task, metrics } =
        start_with_vmc(&rt, format!("127.0.0.1:{port}").parse().unwrap());
    // a few frames of the avatar at rest, before any input
    let waited = Instant::now();
    while metrics.vmc_sent.load(Relaxed) < 3 && waited.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(5));
    }

    // rig frames for 3 s at 50 Hz: the left upper arm turned by `angle_in` about `axis`, the jaw at 0.7
    let (axis, angle_in) = (Vector3::new(0.2, -0.4, 0.9).normalize(), 0.8f64);
    let q_in = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), angle_in);
    let started = Instant::now();
    rt.block_on(async {
        let mut tracker = zeromq::PubSocket::new();
        tracker.connect(&input).await.unwrap();
        let mut seq = 0u64;
        while started.elapsed() < Duration::from_secs(3) {
            seq += 1;
            let frame =
                arm_frame("vmc-test", seq, &q_in, vec![NamedWeight { name: "jawOpen".into(), value: 0.7 }]);
            tracker.send(encode(&Message::Rig(frame)).into()).await.unwrap();
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
    let (sent, errors) = (metrics.vmc_sent.load(Relaxed), metrics.vmc_errors.load(Relaxed));
    let stats = metrics.stats();
    assert_eq!(stats.counter("vmc.sent"), Some(sent));
    stop_tx.send(()).unwrap();
    let r = rt.block_on(task).unwrap();
    assert!(r.is_ok(), "a clean stop: {r:?}");
    drop(receiver.stdin.take()); // the receiver ends when its input closes
    let records = collected.join().unwrap();
    receiver.wait().unwrap();

    // the datagrams, as python-osc decoded them
    let mut grams = Vec::new();
    for r in &records {
        assert!(r.get("error").is_none(), "python-osc could not decode a datagram: {r}");
        assert_eq!(r["bundle"], true, "VMC data comes in bundles here");
        let messages = r["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let s = |k: &str| m[k].as_str().unwrap().to_owned();
                (s("address"), s("tags"), m["args"].as_array().unwrap().clone())
            })
            .collect();
        grams.push(Datagram {
            t: r["t"].as_f64().unwrap(),
            len: r["len"].as_u64().unwrap() as usize,
            messages,
        });
    }
    assert!(grams.len() as u64 >= sent.saturating_sub(5), "{} of {sent} datagrams arrived", grams.len());
    assert_eq!(errors, 0, "send errors");
    for g in &grams {
        assert!(g.len <= 8192, "a {}-byte datagram", g.len);
    }
    let mut frames: Vec<Frame> = Vec::new();
    for g in grams {
        let starts = g.messages.first().is_some_and(|m| m.0 == "/VMC/Ext/OK");
        match frames.last_mut() {
            Some(f) if !starts => f.messages.extend(g.messages),
            _ => {
                assert!(starts, "the first datagram does not start a frame");
                frames.push(Frame { t: g.t, messages: g.messages })
            }
        }
    }
    assert!(frames.len() > 100, "{} frames", frames.len());
    let unity: BTreeSet<&str> = UNITY_BONES.split_whitespace().collect();
    assert_eq!(unity.len(), 55);
    for f in &frames {
        // every address, each with its type tags; Apply once, last
        for (address, tags) in ADDRESSES {
            let of_address: Vec<_> = f.messages.iter().filter(|m| m.0 == address).collect();
            assert!(!of_address.is_empty(), "no {address} in a frame");
            for m in of_address {
                assert_eq!(m.1, tags, "{address}'s type tags");
            }
        }
        assert_eq!(f.messages.last().unwrap().0, "/VMC/Ext/Blend/Apply");
        assert_eq!(f.all("/VMC/Ext/Blend/Apply").count(), 1);
        assert_eq!(f.all("/VMC/Ext/Root/Pos").next().unwrap()[0], "root");
        let ok: Vec<i64> = f.all("/VMC/Ext/OK").next().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
        assert_eq!(ok[..3], [1, 3, 0], "loaded, calibrated, normal mode");
        // Unity bone names, each once; unit quaternions
        let names: Vec<&str> = f.all("/VMC/Ext/Bone/Pos").map(|a| a[0].as_str().unwrap()).collect();
        assert_eq!(names.iter().collect::<BTreeSet<_>>().len(), names.len(), "a bone sent twice");
        for n in &names {
            assert!(unity.contains(n), "{n} is not a Unity HumanBodyBones name");
        }
        for (n, (_, q)) in f.bones() {
            let norm = q.iter().map(|v| v * v).sum::<f64>().sqrt();
            assert!((norm - 1.0).abs() < 1e-4, "{n}: |q| = {norm}");
        }
    }
    let names: BTreeSet<String> = frames[0].bones().into_keys().collect();
    for n in
        ["Hips", "Spine", "Chest", "Neck", "Head", "LeftUpperArm", "LeftLowerArm", "LeftHand", "RightFoot"]
    {
        assert!(names.contains(n), "{n} not sent (sent: {names:?})");
    }

    // the rate, over the frames after the first half second
    let t0 = frames[0].t;
    let steady: Vec<f64> = frames.iter().map(|f| f.t).filter(|t| t - t0 > 0.5).collect();
    // the period is the median interval (a loaded machine delays some sends, and a late tick is skipped, not
    // caught up: those are the outliers); the mean rate may only fall short by that
    let mut gaps: Vec<f64> = steady.windows(2).map(|w| w[1] - w[0]).collect();
    gaps.sort_by(f64::total_cmp);
    let rate = 1.0 / gaps[gaps.len() / 2];
    assert!((rate / RATE_HZ as f64 - 1.0).abs() < 0.1, "{rate:.1} frames/s (median period) for {RATE_HZ}");
    let mean_rate = (steady.len() - 1) as f64 / (steady.last().unwrap() - steady[0]);
    assert!(mean_rate > 0.7 * RATE_HZ as f64 && mean_rate < 1.1 * RATE_HZ as f64, "{mean_rate:.1} frames/s");

    // the last frame: the driven pose, settled
    let last = frames.last().unwrap();
    let (ax, s, c) = (axis, (angle_in / 2.0).sin(), (angle_in / 2.0).cos());
    let want = [ax.x * s, -ax.y * s, -ax.z * s, c];
    let bones = last.bones();
    let arm = bones["LeftUpperArm"].1;
    assert!(angle(arm, want) < 0.2f64.to_radians(), "LeftUpperArm {arm:?}, want {want:?}");
    let worst_other = bones
        .iter()
        .filter(|(n, _)| *n != "LeftUpperArm")
        .map(|(_, (_, q))| angle(*q, [0.0, 0.0, 0.0, 1.0]).to_degrees())
        .fold(0.0, f64::max);
    eprintln!(
        "vmc: {} frames at {rate:.2}/s (mean {mean_rate:.2}/s), {} bones, {} blendshape values, {:.1} datagrams \
         per frame; LeftUpperArm off by {:.4}°, the other bones at most {worst_other:.4}° from the identity",
        frames.len(),
        bones.len(),
        last.blend().len(),
        records.len() as f64 / frames.len() as f64,
        angle(arm, want).to_degrees()
    );
    let mut moved = Vec::new();
    for (n, (_, q)) in &bones {
        let off = angle(*q, [0.0, 0.0, 0.0, 1.0]).to_degrees();
        if n != "LeftUpperArm" && off > 0.2 {
            moved.push(format!("{n} {off:.2}°"));
        }
    }
    assert!(moved.is_empty(), "bones the frame leaves at the T-pose are not at the identity: {moved:?}");
    // the arm is really turned: the frame's rotation is far from the identity
    assert!(angle(arm, [0.0, 0.0, 0.0, 1.0]) > 0.7);
    let hips_bone = &a.roles.mapped["hips"];
    let head = avatar_sim::rig::bone_head(&a.asset.sim.rig, hips_bone).unwrap();
    let hips = bones["Hips"].0;
    let floor = a.asset.sim.mesh.bounds().0[1];
    assert!(floor < head[1] - 0.5, "the default avatar's feet are below its hips");
    let mirrored = [-head[0], head[1] - floor, head[2]];
    assert!(hips.iter().zip(&mirrored).all(|(x, y)| (x - y).abs() < 1e-3), "Hips at {hips:?}, {mirrored:?}");
    let first_ok = frames[0].all("/VMC/Ext/OK").next().unwrap()[3].as_i64();
    assert_eq!(first_ok, Some(0), "not tracked before any input (the avatar at rest)");
    let ok: Vec<i64> = last.all("/VMC/Ext/OK").next().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert_eq!(ok, [1, 3, 0, 1], "tracked while the frames come");
    let blend = last.blend();
    let own: Vec<String> = a
        .asset
        .sim
        .rig
        .param_names()
        .iter()
        .filter_map(|n| n.strip_prefix("blendshape:"))
        .map(String::from)
        .collect();
    assert!(own.len() >= 50 && own.iter().any(|n| n == "eyeBlinkLeft"), "the default avatar's ARKit names");
    for n in &own {
        assert!(blend.contains_key(n), "the avatar's blendshape {n} not sent");
    }
    assert!((blend["jawOpen"] - 0.7).abs() < 0.01, "jawOpen {}", blend["jawOpen"]);
    assert!((blend["A"] - 0.7).abs() < 0.01, "A {}", blend["A"]);
    assert!(blend["Blink_L"].abs() < 0.01);
    // the time runs at the wall clock's pace
    let times: Vec<f64> =
        frames.iter().map(|f| f.all("/VMC/Ext/T").next().unwrap()[0].as_f64().unwrap()).collect();
    let span = (times.last().unwrap() - times[0]) / (last.t - frames[0].t);
    assert!((span - 1.0).abs() < 0.05, "/VMC/Ext/T runs at {span:.3}× the clock");
}

/// VMC out → VMC in: the daemon's VMC output read back by the tracker bridge's own VMC input
/// (`tracker_bridge::vmc::VmcReceiver`, the path a VMC performer's data takes into the daemon). A rig frame turns
/// the left upper arm (normalized, by VRM role); the frame decoded from the output carries the same rotation
/// for `LeftUpperArm`, and a forward-facing bow stays forward (the two ends mirror the same axis).
#[test]
fn the_vmc_output_read_by_the_vmc_input_round_trips_a_rotation() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let mut receiver =
        rt.block_on(tracker_bridge::vmc::VmcReceiver::bind("127.0.0.1:0", "round-trip")).unwrap();
    let Started { input, stop: stop_tx, task, .. } = start_with_vmc(&rt, receiver.local_addr());
    // a bow of the arm forward and across: about an axis with every component non-zero
    let q_in =
        UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(Vector3::new(0.6, -0.3, 0.5)), 0.7);
    let last = rt.block_on(async {
        let mut tracker = zeromq::PubSocket::new();
        tracker.connect(&input).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let started = Instant::now();
        let mut last = None;
        let mut seq = 0;
        while started.elapsed() < Duration::from_secs(2) {
            seq += 1;
            let frame = arm_frame("rt", seq, &q_in, vec![]);
            tracker.send(encode(&Message::Rig(frame)).into()).await.unwrap();
            // drain what the output sent meanwhile
            let until = tokio::time::Instant::now() + Duration::from_millis(20);
            while let Ok(Some(f)) = tokio::time::timeout_at(until, receiver.recv()).await {
                last = Some(f);
            }
        }
        last.expect("frames from the VMC output")
    });
    stop_tx.send(()).unwrap();
    rt.block_on(task).unwrap().unwrap();
    let arm = last.bones.iter().find(|b| b.name == "LeftUpperArm").expect("LeftUpperArm in the frame");
    let r = arm.rotation.map(|v| v as f64);
    let q_out = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(r[3], r[0], r[1], r[2]));
    let err = q_out.angle_to(&q_in).to_degrees();
    println!("VMC out -> VMC in: LeftUpperArm off by {err:.4}°");
    assert!(err < 0.5, "the round trip turned the arm by {err:.3}°: in {q_in:?}, out {q_out:?}");
}
