//! The Python MediaPipe bridge on a committed real clip (20 frames of the Pose2Sim demo video), as separate
//! processes: into a Rust SUB (decoded by the Rust verifying decoder, plausible landmarks; pose and hands), and
//! into the real daemon (every frame accepted by its validation).

use avatar_e2e::{avatard_exe, eventually, free_port, repo_root, Daemon, Eps, Python};
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
        .expect("starting python -m avatar_tracker (tools/setup-tracker installs it)")
}

fn finish(child: std::process::Child) -> Output {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "bridge failed: {}", String::from_utf8_lossy(&out.stderr));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_mediapipe_frames_reach_a_rust_subscriber_with_plausible_landmarks() {
    let endpoint = format!("tcp://127.0.0.1:{}", free_port());
    let mut sub = zeromq::SubSocket::new();
    sub.bind(&endpoint).await.unwrap();
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
    let eps = Eps::tcp();
    let d = Daemon::start(avatard_exe!(), &eps, &[]).expect("daemon start");
    finish(bridge(&eps.input));
    assert!(
        eventually(Duration::from_secs(20), || async { d.counter("input.accepted").await.unwrap() >= 20 })
            .await
    );
    assert_eq!(d.counter("input.dropped").await.unwrap(), 0);
}
