//! The Python MediaPipe bridge on a committed real clip (20 frames of the Pose2Sim demo video), as separate
//! processes: into a Rust SUB (decoded by the Rust verifying decoder, plausible landmarks; pose and hands), and
//! into the real daemon (every frame accepted by its validation).

use avatar_e2e::{avatard_exe, eventually, repo_root, Daemon, Eps, Python, ANY_TCP};
use avatar_schema::{decode, Message};
use std::process::{Command, Output};
use std::time::Duration;
use zeromq::{Socket, SocketRecv};

const CLIP: &str = "assets/clips/pose2sim_cam01_20f.mp4";

fn bridge(connect: &str) -> std::process::Child {
    Command::new(Python::path())
        .args(["-m", "avatar_tracker", "--video", CLIP, "--no-face", "--connect", connect])
        .current_dir(repo_root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting python -m avatar_tracker (cargo xtask setup tracker installs it)")
}

fn finish(child: std::process::Child) -> Output {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "bridge failed: {}", String::from_utf8_lossy(&out.stderr));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_mediapipe_frames_reach_a_rust_subscriber_with_plausible_landmarks() {
    let mut sub = zeromq::SubSocket::new();
    let endpoint = sub.bind(ANY_TCP).await.unwrap().to_string();
    sub.subscribe("").await.unwrap();
    let child = bridge(&endpoint);
    let (mut frames, mut hands) = (Vec::new(), Vec::new());
    loop {
        let Ok(msg) = tokio::time::timeout(Duration::from_secs(90), sub.recv()).await else { break };
        let body = msg.unwrap().into_vec().pop().unwrap();
        match decode(&body).expect("the Rust verifier accepts the bridge's bytes") {
            Message::Pose(f) => frames.push(f),
            Message::Hand(h) => hands.push(h),
            other => panic!("unexpected {}", other.kind()),
        }
        if frames.len() == 20 {
            // the hands of the last frame follow its pose
            if let Ok(Ok(msg)) = tokio::time::timeout(Duration::from_secs(5), sub.recv()).await {
                if let Ok(Message::Hand(h)) = decode(&msg.into_vec().pop().unwrap()) {
                    hands.push(h);
                }
            }
            break;
        }
    }
    finish(child);
    assert_eq!(frames.len(), 20);
    // hands (every other frame by default): each its own stream, landmarks in the image near that side's pose
    // wrist (the clip's subject is small, so not every hand run finds a hand)
    for h in &hands {
        assert_eq!((h.landmarks.len(), h.world_landmarks.len()), (21, 21));
        let side = match h.handedness {
            avatar_schema::Handedness::Left => "hand_left",
            avatar_schema::Handedness::Right => "hand_right",
        };
        assert!(h.header.source_id.ends_with(side), "{} holds a {side}", h.header.source_id);
        let pose =
            frames.iter().find(|f| f.header.capture_time_ns == h.header.capture_time_ns).expect("its pose");
        let wrist = &pose.landmarks[if side == "hand_left" { 15 } else { 16 }];
        let (dx, dy) = (h.landmarks[0][0] - wrist.x, h.landmarks[0][1] - wrist.y);
        assert!((dx * dx + dy * dy).sqrt() < 0.1, "the hand's wrist is near the pose's {side} wrist");
    }
    eprintln!("{} hand frames with the 20 poses", hands.len());
    for f in &frames {
        assert_eq!(f.landmarks.len(), 33);
        let shoulders = 0.5 * (f.landmarks[11].y + f.landmarks[12].y);
        let hips = 0.5 * (f.landmarks[23].y + f.landmarks[24].y);
        assert!(shoulders < hips, "shoulders above hips (image y grows downwards)");
        // world landmarks: metres, hip-centred, +y down in MediaPipe: shoulders about 0.4–0.6 m above the hips
        let ws = 0.5 * (f.world_landmarks[11].y + f.world_landmarks[12].y);
        let wh = 0.5 * (f.world_landmarks[23].y + f.world_landmarks[24].y);
        assert!((0.25..0.8).contains(&(wh - ws)), "torso length {} m", wh - ws);
    }
    let seqs: Vec<u64> = frames.iter().map(|f| f.header.seq).collect();
    assert_eq!(seqs, (1..=20).collect::<Vec<_>>());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_mediapipe_frames_are_accepted_by_the_daemon() {
    let d = Daemon::start(avatard_exe!(), &Eps::tcp(), &[]).expect("daemon start");
    finish(bridge(&d.eps.input));
    assert!(
        eventually(Duration::from_secs(20), || async { d.counter("input.accepted").await.unwrap() >= 20 })
            .await
    );
    assert_eq!(d.counter("input.dropped").await.unwrap(), 0);
}

/// The bridge on the committed hands clip (fingerpose's demo: a man at chest height switching his left hand
/// between a thumbs-up and a V sign, 43 frames) with every model on every frame: pose, face and hand frames
/// all pass the Rust verifying decoder; the hand is his left in every frame, on its own stream, its wrist where
/// the pose puts his left wrist; the index finger opens and closes (PIP flexion over a wide range).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_mediapipe_pose_face_and_hands_of_one_clip_pass_the_rust_decoder() {
    let mut sub = zeromq::SubSocket::new();
    let endpoint = sub.bind(ANY_TCP).await.unwrap().to_string();
    sub.subscribe("").await.unwrap();
    let child = Command::new(Python::path())
        .args(["-m", "avatar_tracker", "--video", "assets/clips/fingerpose_hands.mp4", "--hands-every", "1"])
        .args(["--source-id", "e2e/fingerpose", "--connect", &endpoint])
        .current_dir(repo_root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starting python -m avatar_tracker");
    let (mut poses, mut faces, mut hands) = (Vec::new(), Vec::new(), Vec::new());
    while let Ok(msg) = tokio::time::timeout(Duration::from_secs(20), sub.recv()).await {
        let body = msg.unwrap().into_vec().pop().unwrap();
        match decode(&body).expect("the Rust verifier accepts the bridge's bytes") {
            Message::Pose(f) => poses.push(f),
            Message::Face(f) => faces.push(f),
            Message::Hand(h) => hands.push(h),
            other => panic!("unexpected {}", other.kind()),
        }
        if poses.len() == 43 && faces.len() == 43 && hands.len() == 43 {
            break;
        }
    }
    finish(child);
    assert_eq!((poses.len(), faces.len(), hands.len()), (43, 43, 43), "a pose, a face and a hand per frame");
    assert!(faces.iter().all(|f| f.landmarks.len() == 478 && f.blendshapes.len() == 52));
    let mut flexion = Vec::new();
    for h in &hands {
        assert_eq!(h.handedness, avatar_schema::Handedness::Left);
        assert_eq!(h.header.source_id, "e2e/fingerpose/hand_left");
        assert!(h.handedness_score > 0.7, "{}", h.handedness_score);
        let pose = poses.iter().find(|p| p.header.capture_time_ns == h.header.capture_time_ns).unwrap();
        let wrist = &pose.landmarks[15];
        let d = ((h.landmarks[0][0] - wrist.x).powi(2) + (h.landmarks[0][1] - wrist.y).powi(2)).sqrt();
        assert!(d < 0.08, "the hand's wrist is {d} (of the image) from the pose's left wrist");
        let v = |i: usize| nalgebra::Vector3::from(h.world_landmarks[i].map(f64::from));
        flexion.push((v(6) - v(5)).angle(&(v(7) - v(6))).to_degrees());
    }
    let (lo, hi) = flexion.iter().fold((f64::MAX, f64::MIN), |(l, h), &x| (l.min(x), h.max(x)));
    eprintln!("index PIP flexion over the clip: {lo:.0}..{hi:.0} degrees");
    assert!(lo < 20.0 && hi > 70.0, "index PIP flexion only {lo:.0}..{hi:.0} degrees");
    // one stream per source, seq from 1 without gaps
    for (name, seqs) in [
        ("pose", poses.iter().map(|p| p.header.seq).collect::<Vec<_>>()),
        ("hand", hands.iter().map(|h| h.header.seq).collect()),
    ] {
        assert_eq!(seqs, (1..=43).collect::<Vec<u64>>(), "{name}");
    }
}
