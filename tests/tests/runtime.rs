//! The daemon simulating the default avatar, as a process: a real recorded MediaPipe pose stream in, a pyzmq
//! subscriber out; input floods and no subscribers with the deadline, the memory and the counters checked.

use avatar_e2e::{avatard_exe, eventually, rss_kb, Daemon, Eps, Peer, Python, ANY_TCP};
use avatar_schema::{pose_landmarks as mp, state_flags, Message};
use nalgebra::{Matrix3, Vector3};
use serde_json::Value;
use std::time::{Duration, Instant};
use tracker_bridge::recording::Recording;
use tracker_bridge::replay::{replay, ReplaySettings};
use tracker_bridge::TrackerPublisher;

const EXE: &str = avatard_exe!();
const T: Duration = Duration::from_secs(30);

fn recording() -> Recording {
    let path = avatar_e2e::repo_root().join("assets/recordings/pose_demo_singleperson_cam01.avtrrec");
    Recording::load(&path).unwrap()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap_or(f64::NAN)).collect()
}

/// Elevation of a direction from straight down, in radians.
fn elevation(d: Vector3<f64>) -> f64 {
    d.normalize().dot(&Vector3::new(0.0, -1.0, 0.0)).acos()
}

/// The acceptance run: replayed real pose stream -> daemon -> pyzmq subscriber. Sequence numbers increase by
/// one, `z` is finite, the upper arm in `p` follows the recorded arm, and `z` is non-zero while it moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recorded_pose_stream_moves_the_avatar_for_a_python_subscriber() {
    let _one_at_a_time = avatar_e2e::exclusive().await;
    let d = Daemon::start(EXE, &Eps::tcp(), &[]).unwrap();
    let eps = d.eps.clone();
    let sub = Python::peer(&[
        "sub",
        "--connect",
        &eps.state,
        "--topic",
        "state/default/",
        "--count",
        "100000",
        "--timeout",
        "3",
    ]);
    sub.expect_line("READY", T).unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let rec = recording();
    let landmark_elevation: Vec<f64> = rec
        .records
        .iter()
        .filter_map(|r| match &r.message {
            Message::Pose(f) => {
                let w = &f.world_landmarks;
                let (s, e) = (w[mp::LEFT_SHOULDER], w[mp::LEFT_ELBOW]);
                // MediaPipe -> avatar axes (x, -y, -z), as the daemon's mapping documents
                Some(elevation(Vector3::new((e.x - s.x) as f64, -(e.y - s.y) as f64, -(e.z - s.z) as f64)))
            }
            _ => None,
        })
        .collect();
    let mut publisher = TrackerPublisher::new(&eps.input, "e2e/pose");
    // give the daemon's SUB time to reach the new PUB, or the first frames are lost (they would only be
    // missing from the correlation below, not break it)
    tokio::time::sleep(Duration::from_millis(500)).await;
    let report = replay(&rec, &mut publisher, &ReplaySettings::default()).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(d);
    let lines = sub.json_lines_until(T, |_| false);
    let states: Vec<&Value> =
        lines.iter().filter(|l| l["message"]["kind"] == "State").map(|l| &l["message"]).collect();
    assert!(states.len() > 300, "{} states", states.len());

    let rig = avatar_sim::asset::default_avatar::inputs().unwrap().1;
    let ua = rig.bone_param_offset("upperarm_l").unwrap();
    let head = |b: &str| Vector3::from(avatar_sim::rig::bone_head(&rig, b).unwrap());
    let rest_dir = head("lowerarm_l") - head("upperarm_l");
    let (mut prev, mut pairs, mut z_moving, mut before_input) = (0u64, Vec::new(), 0f64, 0);
    for s in &states {
        let seq = s["seq"].as_u64().unwrap();
        assert!(prev == 0 || seq == prev + 1, "seq {seq} after {prev}");
        prev = seq;
        let (p, z) = (floats(&s["p"]), floats(&s["z"]));
        assert_eq!(p.len(), rig.num_params());
        assert!(!z.is_empty() && z.len() % 12 == 0);
        assert!(p.iter().chain(&z).all(|v| v.is_finite()), "non-finite state {seq}");
        let flags = s["flags"].as_u64().unwrap() as u32;
        assert_eq!(flags & state_flags::DEGRADED, 0, "state {seq} degraded");
        let input = s["input_seq"].as_u64().unwrap() as usize;
        if input == 0 {
            before_input += 1;
            assert_ne!(flags & state_flags::REST_POSE, 0);
            continue;
        }
        let a = Matrix3::from_fn(|r, c| p[ua + 4 * r + c]);
        pairs.push((elevation(a * rest_dir), landmark_elevation[input - 1]));
        z_moving = z_moving.max(z.iter().fold(0.0, |m, v| m.max(v.abs())));
    }
    let n = pairs.len() as f64;
    let (ma, mb) = (pairs.iter().map(|p| p.0).sum::<f64>() / n, pairs.iter().map(|p| p.1).sum::<f64>() / n);
    let cov: f64 = pairs.iter().map(|(a, b)| (a - ma) * (b - mb)).sum();
    let va: f64 = pairs.iter().map(|(a, _)| (a - ma).powi(2)).sum();
    let vb: f64 = pairs.iter().map(|(_, b)| (b - mb).powi(2)).sum();
    let corr = cov / (va * vb).sqrt();
    let span = pairs.iter().map(|p| p.0).fold(f64::MIN, f64::max)
        - pairs.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    eprintln!(
        "{} states ({before_input} before input), {} frames replayed; arm elevation span {:.1}°, \
         correlation with the recording {corr:.3}; peak |z| {z_moving:.3e}",
        states.len(),
        report.sent,
        span.to_degrees()
    );
    assert!(span.to_degrees() > 20.0, "the arm bone rotates as the recorded arm lifts");
    assert!(corr > 0.8, "p follows the recorded arm: correlation {corr}");
    assert!(z_moving > 1e-4, "secondary motion while the rig accelerates");
}

fn pose_frame(publisher: &mut TrackerPublisher, t: f32) -> Message {
    let header = publisher.next_header(avatar_schema::clock::unix_ns());
    Message::Pose(tracker_bridge::synth::pose_frame(header, t, 2.0))
}

async fn stats(d: &Daemon) -> avatar_schema::Stats {
    match d.control(avatar_schema::Request::GetStats).await.unwrap().response {
        Some(avatar_schema::Response::Stats(s)) => s,
        other => panic!("{other:?}"),
    }
}

/// 10x the usual 60 Hz input (600 frames/s) for 5 s, with one pyzmq subscriber reading and one stopped
/// (SIGSTOP, so its socket buffers fill): every frame is counted, the solver keeps its deadline, the
/// daemon's memory stays bounded, and the reading subscriber's sequence has no holes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_flood_and_a_stalled_subscriber_keep_the_deadline_and_bounded_memory() {
    let _one_at_a_time = avatar_e2e::exclusive().await;
    let d = Daemon::start(EXE, &Eps::tcp(), &[]).unwrap();
    let eps = d.eps.clone();
    let pid = d.proc.child.id();
    let reader = Python::peer(&[
        "sub",
        "--connect",
        &eps.state,
        "--topic",
        "state/default/",
        "--count",
        "100000",
        "--timeout",
        "3",
    ]);
    reader.expect_line("READY", T).unwrap();
    // reads nothing until told: its TCP connection backs up
    let mut stalled =
        Python::peer(&["sub", "--connect", &eps.state, "--topic", "", "--timeout", "60", "--stall"]);
    stalled.expect_line("READY", T).unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut publisher = TrackerPublisher::new(&eps.input, "e2e/flood");
    // warm up at 60 Hz until frames arrive, then measure
    let start = Instant::now();
    while d.counter("input.accepted").await.unwrap() == 0 {
        let m = pose_frame(&mut publisher, start.elapsed().as_secs_f32());
        publisher.send(&m);
        tokio::time::sleep(Duration::from_millis(16)).await;
        assert!(start.elapsed() < T, "no input reached the daemon");
    }
    let s0 = stats(&d).await;
    let rss0 = rss_kb(pid);
    let (mut sent, flood) = (0u64, Instant::now());
    let mut tick = tokio::time::interval(Duration::from_micros(1667));
    while flood.elapsed() < Duration::from_secs(5) {
        tick.tick().await;
        let m = pose_frame(&mut publisher, start.elapsed().as_secs_f32());
        publisher.send(&m);
        sent += 1;
    }
    let received0 = s0.counter("input.received").unwrap();
    assert!(eventually(T, || async { d.counter("input.received").await.unwrap() >= received0 + sent }).await);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let s1 = stats(&d).await;
    let rss1 = rss_kb(pid);
    let delta = |n: &str| s1.counter(n).unwrap() - s0.counter(n).unwrap();
    let ticks = delta("solver.ticks");
    eprintln!(
        "flood: {sent} frames in 5 s; received {}, accepted {}, dropped {}; ticks {ticks}, deadline misses {}; \
         RSS {rss0} -> {rss1} kB",
        delta("input.received"),
        delta("input.accepted"),
        delta("input.dropped"),
        delta("solver.deadline_misses")
    );
    assert_eq!(delta("input.received"), sent, "every frame counted");
    assert_eq!(delta("input.accepted"), sent, "valid, ordered frames are all accepted");
    assert_eq!(delta("input.dropped"), 0);
    assert!(ticks as f64 >= 0.9 * 5.3 * 120.0, "kept ticking at 120 Hz: {ticks}");
    assert!(delta("solver.deadline_misses") <= ticks / 100, "deadline kept");
    assert!(rss1 < rss0 + 64 * 1024, "memory bounded: {rss0} -> {rss1} kB");

    stalled.write_line("RESUME");
    let lines = reader.json_lines_until(T, |_| false);
    let seqs: Vec<u64> = lines.iter().filter_map(|l| l["message"]["seq"].as_u64()).collect();
    assert!(seqs.len() > 500);
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 1), "the reading subscriber lost states");
}

/// Nobody subscribed for 5 s while input flows: the daemon keeps ticking and publishing into the void with
/// flat memory; a subscriber that joins afterwards gets the live stream at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_subscriber_at_all_keeps_memory_flat() {
    let _one_at_a_time = avatar_e2e::exclusive().await;
    let d = Daemon::start(EXE, &Eps::tcp(), &[]).unwrap();
    let eps = d.eps.clone();
    let pid = d.proc.child.id();
    let mut publisher = TrackerPublisher::new(&eps.input, "e2e/nosub");
    let start = Instant::now();
    let feed = |publisher: &mut TrackerPublisher| {
        let m = pose_frame(publisher, start.elapsed().as_secs_f32());
        publisher.send(&m);
    };
    while d.counter("input.accepted").await.unwrap() == 0 {
        feed(&mut publisher);
        tokio::time::sleep(Duration::from_millis(16)).await;
        assert!(start.elapsed() < T);
    }
    let s0 = stats(&d).await;
    let rss0 = rss_kb(pid);
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs(5) {
        feed(&mut publisher);
        tokio::time::sleep(Duration::from_millis(16)).await;
    }
    let s1 = stats(&d).await;
    let rss1 = rss_kb(pid);
    let delta = |n: &str| s1.counter(n).unwrap() - s0.counter(n).unwrap();
    eprintln!(
        "no subscriber: states {} published, {} dropped; subscribers {}; RSS {rss0} -> {rss1} kB",
        delta("publish.states"),
        delta("publish.dropped"),
        s1.counter("publish.subscribers").unwrap()
    );
    assert_eq!(s1.counter("publish.subscribers"), Some(0));
    assert!(delta("publish.states") >= 500);
    assert_eq!(delta("publish.dropped"), 0, "the solver's queue never filled");
    assert!(rss1 < rss0 + 16 * 1024, "memory flat: {rss0} -> {rss1} kB");
    let sub: Peer =
        Python::peer(&["sub", "--connect", &eps.state, "--topic", "state/default/", "--count", "20"]);
    sub.expect_line("READY", T).unwrap();
    let got = sub.json_lines_until(T, |_| false);
    assert_eq!(got.len(), 20);
}

/// Scale-out without a cluster layer: two daemons owning one avatar each, a standard XSUB/XPUB proxy
/// (`tools/zmq-proxy`) fanning one tracker out to both and another fanning their states in to one endpoint.
/// A pyzmq subscriber on that endpoint gets both avatars, each driven by the one tracker.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xsub_xpub_proxies_join_daemons_for_trackers_and_subscribers() {
    let _one_at_a_time = avatar_e2e::exclusive().await;
    let a = Daemon::start(EXE, &Eps::tcp(), &["--avatar", "alice"]).unwrap();
    let b = Daemon::start(EXE, &Eps::tcp(), &["--avatar", "bob"]).unwrap();
    let (ea, eb) = (&a.eps, &b.eps);
    // Each proxy binds its side on port 0 and prints the endpoint it got after `PROXY READY`.
    let proxy = |args: &[&str]| {
        let mut c = std::process::Command::new(Python::path());
        c.arg(avatar_e2e::repo_root().join("tools/zmq-proxy")).args(args);
        c.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::inherit());
        let mut child = c.spawn().unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        std::io::BufRead::read_line(&mut out, &mut line).unwrap();
        let bound = line.trim().strip_prefix("PROXY READY").unwrap_or_else(|| panic!("{line:?}"));
        let bound: serde_json::Value = serde_json::from_str(bound).unwrap();
        let ep = bound["xsub"].get(0).or(bound["xpub"].get(0)).unwrap().as_str().unwrap().to_owned();
        (Peer { child, lines: std::sync::mpsc::channel().1 }, ep)
    };
    let (_fan_out, tracker_ep) =
        proxy(&["--xsub-bind", ANY_TCP, "--xpub-connect", &ea.input, "--xpub-connect", &eb.input]);
    let (_fan_in, state_ep) =
        proxy(&["--xsub-connect", &ea.state, "--xsub-connect", &eb.state, "--xpub-bind", ANY_TCP]);
    let sub = Python::peer(&["sub", "--connect", &state_ep, "--topic", "state/", "--timeout", "5"]);
    sub.expect_line("READY", T).unwrap();
    let mut publisher = TrackerPublisher::new(&tracker_ep, "e2e/proxied");
    let start = Instant::now();
    let feeder = tokio::spawn(async move {
        while start.elapsed() < Duration::from_secs(4) {
            let m = pose_frame(&mut publisher, start.elapsed().as_secs_f32());
            publisher.send(&m);
            tokio::time::sleep(Duration::from_millis(33)).await;
        }
    });
    let mut driven = std::collections::BTreeMap::<String, u64>::new();
    sub.json_lines_until(T, |l| {
        let m = &l["message"];
        if m["input_seq"].as_u64().unwrap_or(0) > 0 {
            *driven.entry(m["avatar_id"].as_str().unwrap_or("?").to_owned()).or_default() += 1;
        }
        driven.len() == 2 && driven.values().all(|n| *n > 50)
    });
    feeder.abort();
    eprintln!("states with tracker input through the proxies: {driven:?}");
    assert!(
        driven.get("alice").is_some_and(|n| *n > 50) && driven.get("bob").is_some_and(|n| *n > 50),
        "{driven:?}"
    );
}

/// The README's own-avatar goal as processes: `avatard import me.vrm`, `avatard run --avatar me=me.avatar`,
/// the recorded webcam body and face streams in, a pyzmq subscriber out. The VRM 0.x test avatar (T-pose bind,
/// VRoid-style morphs behind VRM expressions, no ARKit names) follows the arm and opens its mouth.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_vrm_follows_the_recorded_webcam_through_the_daemon() {
    let _one_at_a_time = avatar_e2e::exclusive().await;
    let dir = tempdir();
    let asset = dir.join("me.avatar");
    let vrm = avatar_e2e::repo_root().join("assets/fixtures/avatars/anny_vrm0.vrm");
    let out = std::process::Command::new(EXE)
        .args(["import", vrm.to_str().unwrap(), "--out", asset.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("every required role mapped"), "{printed}");
    assert!(printed.contains("VRM expressions driven: aa"), "{printed}");

    let me = format!("me={}", asset.display());
    let d = Daemon::start(EXE, &Eps::tcp(), &["--avatar", &me]).unwrap();
    let eps = d.eps.clone();
    let sub = Python::peer(&[
        "sub",
        "--connect",
        &eps.state,
        "--topic",
        "state/me/",
        "--count",
        "100000",
        "--timeout",
        "3",
    ]);
    sub.expect_line("READY", T).unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut publisher = TrackerPublisher::new(&eps.input, "e2e/webcam");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pose = recording();
    replay(&pose, &mut publisher, &ReplaySettings::default()).await;
    let face_path = avatar_e2e::repo_root().join("assets/recordings/face_carphone.avtrrec");
    let face = Recording::load(&face_path).unwrap();
    replay(&face, &mut publisher, &ReplaySettings::default()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(d);
    let lines = sub.json_lines_until(T, |_| false);
    let states: Vec<&Value> =
        lines.iter().filter(|l| l["message"]["kind"] == "State").map(|l| &l["message"]).collect();
    assert!(states.len() > 300, "{} states", states.len());

    let (loaded, _) = avatar_sim::asset::load(&asset).unwrap();
    let rig = &loaded.sim.rig;
    let ua = rig.bone_param_offset("upperarm_l").unwrap();
    let head = |b: &str| Vector3::from(avatar_sim::rig::bone_head(rig, b).unwrap());
    let rest_dir = head("lowerarm_l") - head("upperarm_l");
    let mouth = rig.blendshape_param_index("Fcl_MTH_A").unwrap();
    let (mut arm, mut mouth_open) = (Vec::new(), 0.0f64);
    for s in &states {
        let p = floats(&s["p"]);
        assert!(p.iter().all(|v| v.is_finite()));
        let a = Matrix3::from_fn(|r, c| p[ua + 4 * r + c]);
        arm.push(elevation(a * rest_dir).to_degrees());
        mouth_open = mouth_open.max(p[mouth]);
    }
    let span = arm.iter().cloned().fold(f64::MIN, f64::max) - arm.iter().cloned().fold(f64::MAX, f64::min);
    eprintln!(
        "{} states; left upper arm elevation span {span:.1}°; Fcl_MTH_A (aa) peak {mouth_open:.2}",
        states.len()
    );
    assert!(span > 20.0, "the VRM's arm moves with the recorded arm ({span:.1}°)");
    assert!(mouth_open > 0.3, "the face recording opens the VRM's mouth through `aa` ({mouth_open:.2})");
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "avatard-e2e-{}-{}",
        std::process::id(),
        avatar_schema::clock::unix_ns()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}
