//! The daemon as a process, with pyzmq and Rust peers: states flow, bad input is counted and stopped, and
//! every party can restart without anyone else doing anything.

use avatar_e2e::{avatard_exe, eventually, Daemon, Eps, Peer, Python};
use avatar_schema::{encode, samples, state_flags, Message, NamedWeight, Request, Response, Status};
use renderer::StateSubscriber;
use serde_json::Value;
use std::time::Duration;
use tracker_bridge::TrackerPublisher;

const EXE: &str = avatard_exe!();
const T: Duration = Duration::from_secs(20);

fn start(eps: &Eps) -> Daemon {
    Daemon::start(EXE, eps, &["--tick-hz", "120"]).expect("daemon start")
}

/// States as printed by `peer.py sub`: (seq, input_seq, flags).
fn states(lines: &[Value]) -> Vec<(u64, u64, u64)> {
    lines
        .iter()
        .filter(|l| l["message"]["kind"] == "State")
        .map(|l| {
            let m = &l["message"];
            (m["seq"].as_u64().unwrap(), m["input_seq"].as_u64().unwrap(), m["flags"].as_u64().unwrap())
        })
        .collect()
}

fn py_sub(eps: &Eps, count: usize) -> Peer {
    let count = count.to_string();
    let p = Python::peer(&[
        "sub",
        "--connect",
        &eps.state,
        "--topic",
        "state/default/",
        "--count",
        &count,
        "--timeout",
        "20",
    ]);
    p.expect_line("READY", T).unwrap();
    p
}

fn py_tracker(eps: &Eps, source: &str) -> Peer {
    Python::peer(&["tracker", "--connect", &eps.input, "--rate", "100", "--source", source])
}

async fn flowing_states(eps: &Eps) {
    let d = start(eps);
    let eps = &d.eps;
    let _tracker = py_tracker(eps, "py/pose");
    let sub = py_sub(eps, 400);
    let mut rust = StateSubscriber::connect(&eps.state, "state/", T).await.unwrap();

    // Python: consecutive sequence numbers, and the tracker's frames show up as input_seq.
    let mut n = 0;
    let lines = sub.json_lines_until(T, |l| {
        n += 1;
        n >= 60 && l["message"]["input_seq"].as_u64().unwrap_or(0) > 20
    });
    let st = states(&lines);
    assert!(st.len() > 10, "too few states: {lines:?}");
    for w in st.windows(2) {
        assert!(w[1].0 > w[0].0, "seq must increase: {w:?}");
    }
    let last = st.last().unwrap();
    assert!(last.1 > 20, "tracker frames never reached the solver: {last:?}");
    assert_eq!(last.2 & state_flags::REST_POSE as u64, 0, "still at rest with live input");

    // Rust: the same stream, decoded and gap-checked.
    let mut prev = 0;
    for _ in 0..60 {
        let s = rust.next_state(T).await.expect("a state").unwrap();
        assert_eq!(s.avatar_id, "default");
        assert!(s.seq > prev);
        prev = s.seq;
    }
    assert_eq!(rust.gaps.restarts, 0);

    // Control: the avatar is listed with its topic, and a late joiner can fetch the latest state.
    match d.control(Request::ListAvatars).await.unwrap().response {
        Some(Response::AvatarList { avatars }) => {
            assert_eq!(avatars.len(), 1);
            assert_eq!(avatars[0].topic, "state/default/");
            assert_eq!(avatars[0].tick_hz, 120.0);
        }
        other => panic!("{other:?}"),
    }
    match d.control(Request::GetState { avatar_id: "default".into() }).await.unwrap().response {
        Some(Response::AvatarState(s)) => assert!(s.seq >= prev, "latest state is older than one received"),
        other => panic!("{other:?}"),
    }
    assert!(d.counter("input.accepted").await.unwrap() > 20);
    assert_eq!(d.counter("input.dropped").await.unwrap(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn states_flow_to_python_and_rust_subscribers_tcp() {
    flowing_states(&Eps::tcp()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn states_flow_to_python_and_rust_subscribers_ipc() {
    let Some(eps) = Eps::ipc_or_skip("daemon-ipc") else { return };
    flowing_states(&eps).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_counted_by_reason_and_never_reaches_the_solver() {
    let d = start(&Eps::tcp());
    let eps = d.eps.clone();
    let tracker = TrackerPublisher::new(&eps.input, "rust/faults");
    // Probe with garbage until the daemon's subscription has reached our PUB and bytes arrive.
    assert!(
        eventually(T, || {
            tracker.send_raw("pose", b"probe-not-a-flatbuffer".to_vec());
            async { d.counter("input.received").await.unwrap_or(0) > 0 }
        })
        .await,
        "nothing reached the daemon"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let base = |name: &'static str| {
        let d = &d;
        async move { d.counter(name).await.unwrap() }
    };
    let received0 = base("input.received").await;
    let identifier0 = base("input.dropped.identifier").await;
    let too_short0 = base("input.dropped.too_short").await;

    let pose = |seq: u64, t: i64| {
        let mut p = samples::pose();
        p.header.source_id = "rust/faults".into();
        p.header.stream_id = 99;
        p.header.seq = seq;
        p.header.capture_time_ns = t;
        p
    };
    let mut nan = pose(1, 1_000);
    nan.world_landmarks[11].y = f32::NAN;
    let mut short = pose(2, 1_000);
    short.landmarks.truncate(32);
    let mut wrong_id = encode(&Message::Pose(pose(3, 1_000)));
    wrong_id[4..8].copy_from_slice(b"NOPE");
    let valid = encode(&Message::Pose(pose(10, 5_000)));
    // hand frames: their own sources (the bridge's hand_left / hand_right streams)
    let hand = |seq: u64, t: i64, f: &dyn Fn(&mut avatar_schema::HandFrame)| {
        let mut h = samples::hand();
        h.header.source_id = "rust/faults/hand_right".into();
        h.header.stream_id = 7;
        h.header.seq = seq;
        h.header.capture_time_ns = t;
        f(&mut h);
        encode(&Message::Hand(h))
    };
    // handedness Unknown (0): our encoder cannot write it, the generated builder can
    let unknown_handedness = {
        use avatar_schema::generated as fb;
        let mut fbb = flatbuffers::FlatBufferBuilder::new();
        let source_id = fbb.create_string("rust/faults/hand_left");
        let header = fb::FrameHeader::create(
            &mut fbb,
            &fb::FrameHeaderArgs {
                source_id: Some(source_id),
                seq: 1,
                capture_time_ns: 1_000,
                ..Default::default()
            },
        );
        let pts = vec![fb::Vec3::new(0.5, 0.5, 0.0); 21];
        let (landmarks, world_landmarks) = (fbb.create_vector(&pts), fbb.create_vector(&pts));
        let args = fb::HandFrameArgs {
            header: Some(header),
            handedness: fb::Handedness::Unknown,
            handedness_score: 0.9,
            landmarks: Some(landmarks),
            world_landmarks: Some(world_landmarks),
            ..Default::default()
        };
        let body = fb::HandFrame::create(&mut fbb, &args).as_union_value();
        let root = fb::Message::create(
            &mut fbb,
            &fb::MessageArgs {
                schema_version: avatar_schema::SCHEMA_VERSION,
                payload_type: fb::Payload::HandFrame,
                payload: Some(body),
            },
        );
        fbb.finish(root, Some("AVTR"));
        fbb.finished_data().to_vec()
    };
    let sends: Vec<Vec<u8>> = vec![
        encode(&Message::Pose(nan)),                             // non_finite
        encode(&Message::Pose(short)),                           // count
        wrong_id,                                                // identifier
        encode(&Message::State(samples::state())),               // unexpected
        valid[..valid.len() / 2].to_vec(),                       // malformed (truncated)
        vec![1, 2, 3],                                           // too_short
        hand(1, 1_000, &|h| h.world_landmarks[8][1] = f32::NAN), // non_finite
        hand(2, 1_000, &|h| h.landmarks.truncate(20)),           // count
        hand(3, 1_000, &|h| h.handedness_score = 1.5),           // range
        unknown_handedness,                                      // range
        hand(4, 1_000, &|h| h.handedness_score = 0.55),          // accepted, not stored: hands_gated
        hand(5, 2_000, &|_| {}),                                 // accepted: a hand frame
        valid.clone(),                                           // accepted
        encode(&Message::Pose(pose(11, 4_000))),                 // order: capture time went back
        valid,                                                   // order: duplicate seq
        // skew: an hour ahead of the daemon's clock (accepted, it would block the stream's later frames)
        encode(&Message::Pose(pose(12, avatar_schema::clock::unix_ns() + 3_600_000_000_000))),
        // stream_busy: another process on this source while stream 99 still sends
        encode(&Message::Pose(avatar_schema::PoseFrame {
            header: avatar_schema::FrameHeader { stream_id: 100, ..pose(1, 6_000).header },
            ..pose(1, 6_000)
        })),
    ];
    let n = sends.len() as u64;
    for s in sends {
        tracker.send_raw("pose", s);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(eventually(T, || async { base("input.received").await >= received0 + n }).await);
    assert_eq!(base("input.dropped.non_finite").await, 2);
    assert_eq!(base("input.dropped.count").await, 2);
    assert_eq!(base("input.dropped.range").await, 2);
    assert_eq!(base("input.hands_gated").await, 1);
    assert_eq!(base("input.hand_frames").await, 1); // stored: the gated one is not
    assert_eq!(base("input.dropped.identifier").await, identifier0 + 1);
    assert_eq!(base("input.dropped.unexpected").await, 1);
    assert_eq!(base("input.dropped.malformed").await, 1);
    assert_eq!(base("input.dropped.too_short").await, too_short0 + 1);
    assert_eq!(base("input.dropped.order").await, 2);
    assert_eq!(base("input.dropped.skew").await, 1);
    assert_eq!(base("input.dropped.stream_busy").await, 1);
    // the valid pose and the two valid hand frames (sent before it, so the pose is the newest input)
    assert_eq!(base("input.accepted").await, 3);
    // The solver saw exactly the one valid pose frame.
    assert!(
        eventually(T, || async {
            match d.control(Request::GetState { avatar_id: "default".into() }).await.unwrap().response {
                Some(Response::AvatarState(s)) => s.input_seq == 10 && s.input_capture_time_ns == 5_000,
                _ => false,
            }
        })
        .await
    );
    // The daemon kept ticking through it all.
    let ticks = base("solver.ticks").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(base("solver.ticks").await > ticks);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscriber_restart_resumes_the_stream() {
    let d = start(&Eps::tcp());
    let eps = d.eps.clone();
    let mut a = py_sub(&eps, 30);
    let first = states(&a.json_lines_until(T, |_| false));
    a.kill();
    assert!(first.len() >= 20, "{first:?}");
    let b = py_sub(&eps, 30);
    let second = states(&b.json_lines_until(T, |_| false));
    assert!(second.len() >= 20, "{second:?}");
    assert!(second[0].0 > first.last().unwrap().0, "the new subscriber must get the live stream");
}

/// Readiness means serving: the moment `avatard ready` is printed, every avatar has a state to give
/// (`GetState` used to answer "no state published yet" until the first tick was published, which made the
/// tests that poll `GetState` right after start fail under load).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_avatar_has_a_state_as_soon_as_the_daemon_is_ready() {
    // a slow tick (2 Hz) leaves a wide window between binding the sockets and the first state
    let d = Daemon::start(EXE, &Eps::tcp(), &["--tick-hz", "2", "--avatar", "alice", "--avatar", "bob"])
        .expect("daemon start");
    for id in ["alice", "bob"] {
        match d.control(Request::GetState { avatar_id: id.into() }).await.unwrap() {
            r if r.status == Status::Ok => {
                assert!(
                    matches!(r.response, Some(Response::AvatarState(ref s)) if s.avatar_id == id),
                    "{r:?}"
                )
            }
            r => panic!("{id}: no state right after readiness: {r:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tracker_restart_is_accepted_as_a_new_stream() {
    let d = start(&Eps::tcp());
    let eps = d.eps.clone();
    let input_seq = || async {
        match d.control(Request::GetState { avatar_id: "default".into() }).await.unwrap().response {
            Some(Response::AvatarState(s)) => s.input_seq,
            other => panic!("{other:?}"),
        }
    };
    let mut a = py_tracker(&eps, "py/pose");
    assert!(eventually(T, || async { input_seq().await >= 60 }).await);
    a.kill();
    let before = d.counter("input.accepted").await.unwrap();
    // Same source id, new process: seq and capture clock start over with a new stream id.
    let _b = py_tracker(&eps, "py/pose");
    assert!(
        eventually(T, || async { (1..40).contains(&input_seq().await) }).await,
        "the new stream's frames never reached the solver"
    );
    assert!(eventually(T, || async { d.counter("input.accepted").await.unwrap() >= before + 30 }).await);
    assert_eq!(d.counter("input.dropped.order").await.unwrap(), 0, "a restarted tracker was refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daemon_restart_resumes_trackers_and_subscribers() {
    let mut d1 = start(&Eps::tcp());
    let eps = d1.eps.clone();
    let _py_tracker = py_tracker(&eps, "py/pose");
    let py = py_sub(&eps, 1_000_000);
    let mut rust_sub = StateSubscriber::connect(&eps.state, "state/default/", T).await.unwrap();
    let mut rust_tracker = TrackerPublisher::new(&eps.input, "rust/pose");
    let rust_frames = tokio::spawn(async move {
        loop {
            let mut p = samples::pose();
            p.header = rust_tracker.next_header(avatar_schema::clock::unix_ns());
            rust_tracker.send(&Message::Pose(p));
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    });
    let mut n = 0;
    let before = states(&py.json_lines_until(T, |_| {
        n += 1;
        n > 60
    }));
    assert!(before.len() > 30, "{before:?}");
    assert!(rust_sub.next_state(T).await.is_some());

    // SIGTERM: a clean exit, then a new daemon on the same endpoints: the ports the first one was given.
    // (Between the two, those ports are free; the OS hands out new ports in a wide range before it reuses
    // one, so in that moment another connection taking one of them is unlikely, not impossible.)
    let status = d1.proc.terminate(Duration::from_secs(10)).unwrap();
    assert!(status.success(), "daemon exit status {status:?}");
    let d2 = start(&eps);
    assert_eq!(d2.eps, eps, "the new daemon is on the old one's endpoints");

    // The pyzmq subscriber sees the sequence restart and then a live stream again, without any action.
    let (mut prev, mut restarted_at, mut n) = (before.last().unwrap().0, None, 0);
    py.json_lines_until(T, |l| {
        let Some(seq) = l["message"]["seq"].as_u64() else { return false };
        n += 1;
        if seq < prev && restarted_at.is_none() {
            restarted_at = Some(n);
        }
        prev = seq;
        restarted_at.is_some_and(|at| n > at + 30)
    });
    let at = restarted_at.expect("the pyzmq subscriber never saw the sequence restart");
    assert!(n > at + 30, "stream did not resume after the restart ({n} states, restart at {at})");
    // The Rust subscriber reconnected by itself and saw the restart (by run_id, however far it lagged).
    let deadline = std::time::Instant::now() + T;
    let mut after_restart = 0;
    while after_restart < 30 && std::time::Instant::now() < deadline {
        if let Some(Ok(_)) = rust_sub.next_state(Duration::from_millis(500)).await {
            if rust_sub.gaps.restarts > 0 {
                after_restart += 1;
            }
        }
    }
    assert_eq!(rust_sub.gaps.restarts, 1, "{:?}", rust_sub.gaps);
    assert!(after_restart >= 30, "Rust subscriber did not resume: {:?}", rust_sub.gaps);
    // Both trackers (pyzmq and Rust) found the new daemon by themselves.
    assert!(eventually(T, || async { d2.counter("input.accepted").await.unwrap() > 100 }).await);
    rust_frames.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn control_over_pyzmq_and_parameter_validation() {
    let d = start(&Eps::tcp());
    let eps = d.eps.clone();
    let list = r#"{"kind": "Request", "request_id": 5, "request": {"kind": "ListAvatars"}}"#;
    let p = Python::peer(&["control", "--connect", &eps.control, "--request", list]);
    let reply = p.json_lines_until(T, |_| true);
    assert_eq!(reply.len(), 1, "{reply:?}");
    assert_eq!(reply[0]["request_id"], 5);
    assert_eq!(reply[0]["status"], "Ok");
    assert_eq!(reply[0]["response"]["avatars"][0]["avatar_id"], "default");

    let set = |v: f32| Request::SetParams {
        avatar_id: "default".into(),
        params: vec![NamedWeight { name: "tick_hz".into(), value: v }],
    };
    assert_eq!(d.control(set(-5.0)).await.unwrap().status, Status::InvalidParam);
    assert_eq!(d.control(set(60.0)).await.unwrap().status, Status::Ok);
    let r = d.control(Request::ResetAvatar { avatar_id: "nobody".into() }).await.unwrap();
    assert_eq!(r.status, Status::NotFound);
    // per-avatar parameters: applied, or refused with the reason
    let set_avatar = |name: &str, v: f32| Request::SetParams {
        avatar_id: "*".into(),
        params: vec![NamedWeight { name: name.into(), value: v }],
    };
    assert_eq!(d.control(set_avatar("damping", 5.0)).await.unwrap().status, Status::Ok);
    assert_eq!(d.control(set_avatar("flesh_mode", 0.0)).await.unwrap().status, Status::Ok);
    let r = d.control(set_avatar("stiffness", -1.0)).await.unwrap();
    assert_eq!(r.status, Status::InvalidParam);
    assert!(r.error.unwrap().contains("stiffness"));
    // the asset is served, and its hash is the one the states carry
    let r =
        d.control(Request::GetAsset { avatar_id: "default".into(), offset: 0, max_len: 10 }).await.unwrap();
    let Some(Response::AssetChunk(c)) = r.response else { panic!("{r:?}") };
    assert_eq!(c.data.len(), 10);
    assert!(c.total_len > 1_000_000);
    assert_eq!(&c.data[..8], avatar_sim::asset::MAGIC);
    let state = d.control(Request::GetState { avatar_id: "default".into() }).await.unwrap();
    let Some(Response::AvatarState(s)) = state.response else { panic!("{state:?}") };
    assert_eq!(s.asset_hash, c.asset_hash);
    assert!(d.counter("control.errors").await.unwrap() >= 3);
}

#[test]
fn invalid_configuration_fails_at_startup_with_a_clear_error() {
    let eps = Eps::tcp();
    for (args, needle) in [
        (vec!["--tick-hz", "0"], "tick_hz"),
        (vec!["--state", "udp://127.0.0.1:1"], "udp://127.0.0.1:1"),
        (vec!["--input", "tcp://127.0.0.1:9", "--state", "tcp://127.0.0.1:9"], "used twice"),
    ] {
        let out = std::process::Command::new(EXE)
            .args(["run", "--input", &eps.input, "--control", &eps.control])
            .args(&args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: stderr {err:?} does not mention {needle:?}");
    }
    // A port already bound by someone else is reported, not ignored (held here: nobody else can take it).
    let _holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let busy = format!("tcp://{}", _holder.local_addr().unwrap());
    let out = std::process::Command::new(EXE)
        .args(["run", "--input", &eps.input, "--control", &eps.control, "--state", &busy])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("state socket"));
}

/// The Python package's clients (`avatar.client`) and the `python -m avatar.subscribe` example against the
/// real daemon.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_client_package_against_the_daemon() {
    let d = start(&Eps::tcp());
    let eps = d.eps.clone();
    let script = avatar_e2e::repo_root().join("tests/py/client_check.py");
    let out = tokio::process::Command::new(Python::path())
        .arg(script)
        .args([&eps.input, &eps.state, &eps.control])
        .output()
        .await
        .unwrap();
    assert!(out.status.success(), "client_check.py failed: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(out.stdout.trim_ascii()).unwrap();
    assert_eq!(v["tracker_subscribed"], true, "{v}");
    assert!(v["states_received"].as_u64().unwrap() >= 100, "{v}");
    assert_eq!(v["restarts"], 0, "{v}");
    assert!(v["last_input_seq"].as_u64().unwrap() >= 20, "tracker frames did not reach the solver: {v}");
    assert_eq!(v["avatars"], serde_json::json!(["default"]));
    assert!(v["get_state_seq"].as_u64().unwrap() > 0);
    assert!(v["input_accepted"].as_u64().unwrap() >= 20);
    assert_eq!(v["reset_flag_seen"], true, "{v}");
    assert_eq!(v["invalid_param"], "InvalidParam");
    assert_eq!(v["unknown_avatar"], "NotFound");

    // The example subscriber prints one line per state, then a summary.
    let out = tokio::process::Command::new(Python::path())
        .args(["-m", "avatar.subscribe", "--endpoint", &eps.state, "--count", "5", "--timeout", "10"])
        .current_dir(avatar_e2e::repo_root().join("schema/python"))
        .output()
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text} {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.lines().count(), 6, "{text}");
    assert!(text.lines().last().unwrap().starts_with("received 5 states"), "{text}");
}
