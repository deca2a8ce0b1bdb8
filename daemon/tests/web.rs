//! The web output (issue 20) through the real daemon (`avatard::run` with `web` set) and real sockets: the
//! WebSocket carries the PUB socket's bytes, the glb and the API answer, bad origins and bad client frames are
//! refused and counted, clients come and go, and a stalled client neither slows the solver nor the others.

#[allow(dead_code)]
mod common;
use avatar_schema::{decode, Message};
use avatard::{AvatarHandle, Endpoints, Metrics, RunConfig, WebConfig};
use futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use zeromq::{Socket, SocketRecv, SubSocket};

struct Daemon {
    web: SocketAddr,
    state: String,
    metrics: Arc<Metrics>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    _root: tempdir::Dir,
}

mod tempdir {
    /// A temporary directory removed on drop.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(tag: &str) -> Dir {
            let d = std::env::temp_dir().join(format!("avatard-web-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&d);
            std::fs::create_dir_all(&d).unwrap();
            Dir(d)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

const INDEX: &str = "<!doctype html><title>viewer under test</title>";

/// One test at a time in this binary: every daemon pins its solver thread to the same core, and the fan-out
/// test compares tick rates across its windows.
async fn exclusive() -> tokio::sync::MutexGuard<'static, ()> {
    static LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    LOCK.lock().await
}

/// The daemon on the default avatar (and `extra` placeholder avatars), every socket and the web output on
/// loopback port 0 (it reports the ports it got), serving a directory with one `index.html`.
async fn start(tag: &str, extra: &[&str], stats_ms: u64, queue: usize) -> Daemon {
    let root = tempdir::Dir::new(tag);
    std::fs::write(root.0.join("index.html"), INDEX).unwrap();
    let mut web = WebConfig::new("127.0.0.1:0".parse().unwrap());
    web.root = Some(root.0.clone());
    web.queue = queue;
    let config = RunConfig {
        endpoints: Endpoints::loopback_any_port(),
        tick_hz: 120.0,
        stats_interval: Duration::from_millis(stats_ms),
        web: Some(web),
        ..RunConfig::default()
    };
    let mut avatars = vec![AvatarHandle::loaded(common::avatar(), Default::default())];
    avatars.extend(extra.iter().map(|id| AvatarHandle::new(id)));
    let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let task = tokio::spawn(avatard::run(
        config,
        avatars,
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send((r.metrics.clone(), r.web.unwrap(), r.endpoints.state.clone()));
        },
    ));
    let (metrics, web, state) =
        tokio::time::timeout(Duration::from_secs(60), ready_rx).await.expect("ready").unwrap();
    Daemon { web, state, metrics, stop, task, _root: root }
}

impl Daemon {
    async fn stop(self) {
        self.stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), self.task).await.expect("stops").unwrap().unwrap();
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.web)
    }

    async fn get(&self, path: &str) -> (u16, Vec<u8>) {
        let url = self.url(path);
        tokio::task::spawn_blocking(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
            let mut r = agent.get(&url).call().unwrap();
            let status = r.status().as_u16();
            (status, r.body_mut().with_config().limit(64 << 20).read_to_vec().unwrap())
        })
        .await
        .unwrap()
    }

    async fn ws(&self, query: &str) -> Ws {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws{query}", self.web)).await.unwrap();
        ws
    }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next binary message, decoded (panics on anything else or after 5 s).
async fn next_message(ws: &mut Ws) -> (Vec<u8>, Message) {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message")
            .unwrap()
            .unwrap();
        if let WsMessage::Binary(b) = m {
            let msg = decode(&b).expect("a verified message");
            return (b.to_vec(), msg);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_websocket_carries_the_pub_sockets_bytes_and_the_api_serves_the_glb() {
    let _one_at_a_time = exclusive().await;
    let d = start("bytes", &["placeholder"], 100, 256).await;
    // The same states on the PUB socket and the WebSocket, byte for byte.
    let mut sub = SubSocket::new();
    sub.connect(&d.state).await.unwrap();
    sub.subscribe("state/test/").await.unwrap();
    let mut ws = d.ws("?avatar=test").await;
    let mut from_pub: HashMap<u64, Vec<u8>> = HashMap::new();
    let mut from_ws: HashMap<u64, Vec<u8>> = HashMap::new();
    let mut stats_seen = 0;
    let started = Instant::now();
    while (from_pub.keys().filter(|s| from_ws.contains_key(s)).count() < 50 || stats_seen == 0)
        && started.elapsed() < Duration::from_secs(20)
    {
        tokio::select! {
            m = sub.recv() => {
                let body = m.unwrap().into_vec()[1].to_vec();
                if let Message::State(s) = decode(&body).unwrap() {
                    from_pub.insert(s.seq, body);
                }
            }
            (bytes, msg) = next_message(&mut ws) => match msg {
                Message::State(s) => {
                    assert_eq!(s.avatar_id, "test", "the filter lets only the asked avatar through");
                    from_ws.insert(s.seq, bytes);
                }
                Message::Stats(s) => {
                    stats_seen += 1;
                    assert!(s.counter("web.clients").unwrap() >= 1);
                    assert!(s.counter("web.dropped").is_some());
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }
    let common: Vec<u64> = from_pub.keys().filter(|s| from_ws.contains_key(s)).copied().collect();
    assert!(common.len() >= 50, "{} states seen on both", common.len());
    for seq in &common {
        assert_eq!(from_pub[seq], from_ws[seq], "state {seq} differs between PUB and WebSocket");
    }
    assert!(stats_seen > 0, "Stats reach WebSocket clients");

    // The API: every avatar, the glb of the one with an asset, equal to the exporter's output.
    let (status, body) = d.get("/api/avatars").await;
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let avatars = list["avatars"].as_array().unwrap();
    assert_eq!(avatars.len(), 2);
    let a = common::avatar();
    assert_eq!(avatars[0]["id"], "test");
    assert_eq!(avatars[0]["num_p"], a.num_p() as u64);
    assert_eq!(avatars[0]["glb"], "/api/avatars/test/avatar.glb");
    assert_eq!(avatars[1]["glb"], serde_json::Value::Null);
    let (status, glb) = d.get("/api/avatars/test/avatar.glb").await;
    assert_eq!(status, 200);
    assert_eq!(glb, avatar_sim::asset::to_glb(&a.asset, &a.hash).unwrap(), "the served glb is the export");
    assert_eq!(d.get("/api/avatars/placeholder/avatar.glb").await.0, 404);
    assert_eq!(d.get("/api/avatars/nobody/avatar.glb").await.0, 404);
    // The viewer's files, and nothing outside their directory.
    let (status, body) = d.get("/").await;
    assert_eq!((status, String::from_utf8(body).unwrap().as_str()), (200, INDEX));
    assert_eq!(d.get("/missing.js").await.0, 404);
    for escape in ["/../Cargo.toml", "/%2e%2e/Cargo.toml", "/..%2fCargo.toml"] {
        let (status, body) = d.get(escape).await;
        assert!(status >= 400 && !String::from_utf8_lossy(&body).contains("[package]"), "{escape}: {status}");
    }
    // Unknown avatar or parameter on the WebSocket: refused before the upgrade.
    for q in ["?avatar=nobody", "?topic=x"] {
        let r = tokio_tungstenite::connect_async(format!("ws://{}/ws{q}", d.web)).await;
        assert!(r.is_err(), "{q}");
    }
    d.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_and_bad_client_frames_are_refused_and_counted() {
    let _one_at_a_time = exclusive().await;
    let d = start("origin", &[], 1000, 256).await;
    let web = &d.metrics.web;
    // Another site's page may not read the stream; the daemon's own page may.
    let mut req = format!("ws://{}/ws", d.web).into_client_request().unwrap();
    req.headers_mut().insert("origin", "https://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("expected 403, got {:?}", other.map(|_| ())),
    }
    assert_eq!(web.rejected_origin.load(Relaxed), 1);
    let mut req = format!("ws://{}/ws", d.web).into_client_request().unwrap();
    req.headers_mut().insert("origin", format!("http://{}", d.web).parse().unwrap());
    let (mut own, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    next_message(&mut own).await;

    // A client sending garbage: text, random binary, a fake FlatBuffers message. Ignored, counted; it keeps
    // receiving states.
    let mut noisy = d.ws("").await;
    noisy.send(WsMessage::Text("hello".into())).await.unwrap();
    for i in 0..100u32 {
        let junk: Vec<u8> = (0..(i * 37 % 500)).map(|k| (k * 31 + i) as u8).collect();
        noisy.send(WsMessage::Binary(junk.into())).await.unwrap();
    }
    noisy
        .send(WsMessage::Binary(avatar_schema::encode(&Message::Stats(Default::default())).into()))
        .await
        .unwrap();
    let mut last = None;
    for _ in 0..20 {
        if let (_, Message::State(s)) = next_message(&mut noisy).await {
            if let Some(prev) = last {
                assert!(s.seq > prev);
            }
            last = Some(s.seq);
        }
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while web.client_frames.load(Relaxed) < 102 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(web.client_frames.load(Relaxed), 102, "every client frame counted");

    // An oversized frame ends only that client's connection, counted as a client error.
    let mut big = d.ws("").await;
    let _ = big.send(WsMessage::Binary(vec![7u8; 200_000].into())).await;
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = big.next().await {} })
            .await;
    assert!(ended.is_ok(), "the oversized client is disconnected");
    assert_eq!(web.client_errors.load(Relaxed), 1);
    // The others never noticed.
    next_message(&mut own).await;
    next_message(&mut noisy).await;
    d.stop().await;
}

/// A connection to `/ws/input` with the given `Origin` (None: a non-browser client).
async fn input_socket(d: &Daemon, origin: Option<&str>) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
    let mut req = format!("ws://{}/ws/input", d.web).into_client_request().unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("origin", o.parse().unwrap());
    }
    tokio_tungstenite::connect_async(req).await.map(|(ws, _)| ws)
}

/// A pose frame of stream 1 from the capture page, captured now.
fn page_pose(seq: u64) -> Vec<u8> {
    let mut p = avatar_schema::samples::pose();
    p.header.source_id = "browser/pose".into();
    p.header.stream_id = 1;
    p.header.seq = seq;
    p.header.capture_time_ns = avatar_schema::clock::unix_ns();
    avatar_schema::encode(&Message::Pose(p))
}

async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Issue 48: a browser page's tracker frames reach the avatar through the same input stage as ZeroMQ frames;
/// only the daemon's own pages (and non-browser clients) may send; bad frames are counted, a misbehaving page
/// is disconnected, and none of it stops the daemon.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_capture_pages_frames_go_through_the_input_stage() {
    let _one_at_a_time = exclusive().await;
    let d = start("input", &[], 1000, 256).await;
    let (m, web) = (&d.metrics, &d.metrics.web);
    let own = format!("http://{}", d.web);

    // Another site's page, or a file:// page, may not send: 403 before the upgrade, counted.
    for origin in ["https://evil.example", "null", "http://127.0.0.1:1"] {
        match input_socket(&d, Some(origin)).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403, "{origin}"),
            other => panic!("{origin}: expected 403, got {:?}", other.map(|_| ())),
        }
    }
    assert_eq!(web.input_rejected_origin.load(Relaxed), 3);
    assert_eq!(m.input_received.load(Relaxed), 0, "nothing from a refused page reached the input stage");

    // The daemon's own page: its pose frames are accepted and move the avatar out of its rest pose.
    let mut viewer = d.ws("").await;
    let mut page = input_socket(&d, Some(&own)).await.unwrap();
    for seq in 1..=30 {
        page.send(WsMessage::Binary(page_pose(seq).into())).await.unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    until("30 accepted frames", || m.input_accepted.load(Relaxed) == 30).await;
    assert_eq!(web.input_frames.load(Relaxed), 30);
    assert_eq!(m.stats().counter("input.pose_frames"), Some(30));
    let tracked = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let (_, Message::State(s)) = next_message(&mut viewer).await {
                if s.flags & avatar_schema::state_flags::REST_POSE == 0 {
                    return s;
                }
            }
        }
    })
    .await
    .expect("a state that follows the page's pose");
    assert!(tracked.input_capture_time_ns > 0);

    // Bad frames from the page go through the verifier and the stream rules: counted, the page stays.
    page.send(WsMessage::Binary(vec![0u8; 40].into())).await.unwrap();
    page.send(WsMessage::Binary(page_pose(10).into())).await.unwrap(); // an old seq
    page.send(WsMessage::Binary(avatar_schema::encode(&Message::Stats(Default::default())).into()))
        .await
        .unwrap();
    page.send(WsMessage::Binary(page_pose(31).into())).await.unwrap();
    use avatar_schema::Reject;
    // `input.received` counts a frame before its verdict: wait for the verdicts themselves.
    let verdicts = || {
        m.input_accepted.load(Relaxed)
            + [Reject::Identifier, Reject::Order, Reject::Unexpected]
                .map(|r| m.input_rejected.get(r))
                .iter()
                .sum::<u64>()
    };
    until("the bad frames judged", || m.input_received.load(Relaxed) == 34 && verdicts() == 34).await;
    assert_eq!(m.input_accepted.load(Relaxed), 31);
    assert_eq!(m.input_rejected.get(Reject::Identifier), 1);
    assert_eq!(m.input_rejected.get(Reject::Order), 1);
    assert_eq!(m.input_rejected.get(Reject::Unexpected), 1);
    assert_eq!(web.input_closed.load(Relaxed), 0);

    // Text is not a tracker frame: the page is disconnected, counted.
    page.send(WsMessage::Text("{\"pose\": []}".into())).await.unwrap();
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = page.next().await {} });
    assert!(ended.await.is_ok(), "a page sending text is disconnected");
    assert_eq!(web.input_closed.load(Relaxed), 1);

    // A flood (far above the rate, from a non-browser client) is cut off; an oversized message too.
    let mut flood = input_socket(&d, None).await.unwrap();
    for seq in 0..3000u64 {
        if flood.send(WsMessage::Binary(page_pose(1000 + seq).into())).await.is_err() {
            break;
        }
    }
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = flood.next().await {} });
    assert!(ended.await.is_ok(), "a flooding client is disconnected");
    until("the flood's end counted", || web.input_closed.load(Relaxed) == 2).await;
    let passed = web.input_frames.load(Relaxed) - 34;
    assert!(passed < 1000, "{passed} of the flood's 3000 frames passed the rate limit");
    let mut big = input_socket(&d, None).await.unwrap();
    let _ = big.send(WsMessage::Binary(vec![7u8; avatard::WEB_INPUT_MESSAGE_MAX + 1].into())).await;
    let ended =
        tokio::time::timeout(Duration::from_secs(5), async { while let Some(Ok(_)) = big.next().await {} });
    assert!(ended.await.is_ok(), "an oversized message ends its connection");
    until("the oversized message counted", || web.input_closed.load(Relaxed) == 3).await;
    assert_eq!(web.input_connections.load(Relaxed), 3);

    // The daemon never noticed: it still publishes.
    next_message(&mut viewer).await;
    d.stop().await;
}

/// A committed speech clip (`assets/fixtures/speech/`, made by espeak-ng): its samples and rate.
fn speech_clip(name: &str) -> (Vec<i16>, u32) {
    let path = format!("{}/../assets/fixtures/speech/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut r = hound::WavReader::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rate = r.spec().sample_rate;
    (r.samples::<i16>().map(|s| s.unwrap()).collect(), rate)
}

/// An audio frame of the page's microphone stream: `samples` captured from `capture_ns` on.
fn page_audio(seq: u64, capture_ns: i64, rate: u32, samples: &[i16]) -> Vec<u8> {
    let h = avatar_schema::FrameHeader {
        source_id: "browser/mic".into(),
        stream_id: 9,
        seq,
        capture_time_ns: capture_ns,
        send_time_ns: avatar_schema::clock::unix_ns(),
    };
    avatar_schema::encode(&Message::Audio(avatar_schema::AudioFrame {
        header: h,
        sample_rate: rate,
        samples: samples.to_vec(),
    }))
}

/// Issue 48, lip sync end to end: a spoken vowel from the page's microphone (a committed espeak-ng clip, sent in
/// 20 ms chunks in real time through `/ws/input`) opens the default avatar's jaw in the published states while
/// the camera's smile stays; the mouth closes after the voice stops; `lip_sync = 0` turns it off. The speech
/// span is known from how the clip was made (0.3 s of silence before it, 0.5 s after).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_microphones_voice_moves_the_mouth_and_the_camera_keeps_the_smile() {
    let _one_at_a_time = exclusive().await;
    let d = start("lipsync", &[], 1000, 4096).await;
    let rig = &common::avatar().asset.sim.rig;
    let jaw = rig.blendshape_param_index("jawOpen").unwrap();
    let smile = rig.blendshape_param_index("mouthSmileLeft").unwrap();
    let own = format!("http://{}", d.web);
    let mut page = input_socket(&d, Some(&own)).await.unwrap();
    let mut viewer = d.ws("").await;
    // the camera: a smiling face with the mouth closed, sent throughout
    let face = |seq: u64| {
        let mut f = avatar_schema::samples::face();
        f.header.source_id = "browser/face".into();
        f.header.stream_id = 3;
        f.header.seq = seq;
        f.header.capture_time_ns = avatar_schema::clock::unix_ns();
        for w in &mut f.blendshapes {
            w.value = match w.name.as_str() {
                "mouthSmileLeft" | "mouthSmileRight" => 0.8,
                _ => 0.0,
            };
        }
        avatar_schema::encode(&Message::Face(f))
    };

    let (clip, rate) = speech_clip("vowel_aa_m.wav");
    let chunk = rate as usize / 50; // 20 ms
    let voice = (0.3, clip.len() as f64 / rate as f64 - 0.5); // s, by construction
                                                              // collect (publish time, jaw, smile) in the background
    let states = tokio::spawn(async move {
        let mut out = Vec::new();
        let end = Instant::now() + Duration::from_secs_f64(voice.1 + 1.2);
        while Instant::now() < end {
            if let (_, Message::State(s)) = next_message(&mut viewer).await {
                if !s.p.is_empty() {
                    out.push((s.publish_time_ns, s.p[jaw] as f64, s.p[smile] as f64));
                }
            }
        }
        out
    });
    let t0 = avatar_schema::clock::unix_ns();
    let start = Instant::now();
    let mut face_seq = 0;
    for (n, c) in clip.chunks(chunk).enumerate() {
        // a microphone hands a chunk over once it is captured
        let due = start + Duration::from_millis(20 * (n as u64 + 1));
        tokio::time::sleep_until(due.into()).await;
        let capture = t0 + (n * chunk) as i64 * 1_000_000_000 / rate as i64;
        page.send(WsMessage::Binary(page_audio(n as u64, capture, rate, c).into())).await.unwrap();
        if n % 2 == 0 {
            face_seq += 1;
            page.send(WsMessage::Binary(face(face_seq).into())).await.unwrap();
        }
    }
    for _ in 0..30 {
        tokio::time::sleep(Duration::from_millis(33)).await;
        face_seq += 1;
        page.send(WsMessage::Binary(face(face_seq).into())).await.unwrap();
    }
    let states = states.await.unwrap();
    assert_eq!(d.metrics.stats().counter("input.audio_frames"), Some(clip.chunks(chunk).len() as u64));
    let at = |t: i64| (t - t0) as f64 * 1e-9; // s since the clip's first sample was captured
    let opened = states.iter().find(|s| at(s.0) > voice.0 && s.1 > 0.3).map(|s| at(s.0) - voice.0);
    let during: Vec<_> = states.iter().filter(|s| at(s.0) > voice.0 + 0.1 && at(s.0) < voice.1).collect();
    let open_share = during.iter().filter(|s| s.1 > 0.3).count() as f64 / during.len().max(1) as f64;
    let closed = states.iter().filter(|s| at(s.0) > voice.1).find(|s| s.1 < 0.1).map(|s| at(s.0) - voice.1);
    let reopened = states.iter().filter(|s| at(s.0) > voice.1 + 0.3).map(|s| s.1).fold(0.0, f64::max);
    let smile_min = states.iter().filter(|s| at(s.0) > 0.2).map(|s| s.2).fold(1.0, f64::min);
    let report = format!(
        "sound -> published open jaw {opened:?} s, open on {:.0} % of the vowel's states, closed {closed:?} s \
         after the voice, jaw after +0.3 s {reopened:.3}, smile min {smile_min:.2} ({} states)",
        100.0 * open_share,
        states.len()
    );
    eprintln!("{report}");
    assert!(opened.is_some_and(|s| s <= 0.1), "{report}");
    assert!(open_share >= 0.8, "{report}");
    assert!(closed.is_some_and(|s| s <= 0.15), "{report}");
    assert!(reopened < 0.1, "{report}");
    assert!(smile_min > 0.6, "the camera keeps the smile: {report}");
    d.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_clients_come_and_go_and_leave_nothing_behind() {
    let _one_at_a_time = exclusive().await;
    let d = start("churn", &[], 1000, 256).await;
    let web = &d.metrics.web;
    let mut steady = d.ws("").await;
    next_message(&mut steady).await;
    for i in 0..100 {
        let mut c = d.ws("").await;
        if i % 3 != 0 {
            next_message(&mut c).await;
        }
        match i % 3 {
            // a polite close
            0 => c.close(None).await.unwrap(),
            // the TCP connection just dropped
            1 => drop(c),
            // close without waiting for the answer
            _ => {
                let _ = c.send(WsMessage::Close(None)).await;
                drop(c);
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while web.clients.load(Relaxed) != 1 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
        // keep the steady client's socket drained
        let _ = tokio::time::timeout(Duration::from_millis(1), steady.next()).await;
    }
    assert_eq!(web.connections.load(Relaxed), 101);
    assert_eq!(web.clients.load(Relaxed), 1, "every departed client's task ended");
    // The steady client still gets consecutive states.
    let mut seqs = Vec::new();
    while seqs.len() < 30 {
        if let (_, Message::State(s)) = next_message(&mut steady).await {
            seqs.push(s.seq);
        }
    }
    assert!(seqs.windows(2).all(|w| w[1] > w[0]));
    d.stop().await;
}

/// Raw bytes at the HTTP port: random bytes, truncated and corrupted upgrade requests, a valid upgrade followed
/// by garbage frames. The server answers or closes each, never stops serving, and leaves no client behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_at_the_http_port_never_stops_the_web_output() {
    let _one_at_a_time = exclusive().await;
    use rand::{Rng, SeedableRng};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let d = start("garbage", &[], 1000, 256).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(20);
    let upgrade = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        d.web
    )
    .into_bytes();
    for i in 0..300 {
        let mut bytes: Vec<u8> = match i % 4 {
            0 => (0..rng.random_range(1..4096)).map(|_| rng.random()).collect(),
            1 => upgrade[..rng.random_range(1..upgrade.len())].to_vec(),
            2 => {
                let mut u = upgrade.clone();
                for _ in 0..rng.random_range(1..8) {
                    let k = rng.random_range(0..u.len());
                    u[k] = rng.random();
                }
                u
            }
            _ => upgrade.clone(),
        };
        if i % 4 == 3 {
            // after the handshake: random bytes as WebSocket frames (unmasked, bad opcodes, huge lengths)
            bytes.extend((0..rng.random_range(1..2048)).map(|_| rng.random::<u8>()));
        }
        let mut tcp = tokio::net::TcpStream::connect(d.web).await.unwrap();
        let _ = tcp.write_all(&bytes).await;
        let mut buf = vec![0u8; 4096];
        // whatever the answer, it comes (or the connection closes) promptly for the ones that ended badly
        let _ = tokio::time::timeout(Duration::from_millis(20), tcp.read(&mut buf)).await;
    }
    // Every connection above is gone once closed; a real client is served as before.
    let web = &d.metrics.web;
    let deadline = Instant::now() + Duration::from_secs(10);
    while web.clients.load(Relaxed) != 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(web.clients.load(Relaxed), 0, "no client task left behind");
    let mut ws = d.ws("").await;
    next_message(&mut ws).await;
    assert_eq!(d.get("/api/avatars").await.0, 200);
    println!(
        "garbage: {} upgrades completed, {} client errors, {} client frames",
        web.connections.load(Relaxed),
        web.client_errors.load(Relaxed),
        web.client_frames.load(Relaxed)
    );
    d.stop().await;
}

/// Latency (publish → received, ms) and states of a set of reading clients over `window`.
async fn read_clients(clients: Vec<Ws>, window: Duration) -> (Vec<f64>, Vec<(u64, u64)>) {
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|mut ws| {
            tokio::spawn(async move {
                let (mut lat, mut n, mut gaps, mut last) = (Vec::new(), 0u64, 0u64, None::<u64>);
                let end = Instant::now() + window;
                while Instant::now() < end {
                    let Ok(Some(Ok(WsMessage::Binary(b)))) =
                        tokio::time::timeout(Duration::from_millis(200), ws.next()).await
                    else {
                        continue;
                    };
                    if let Ok(Message::State(s)) = decode(&b) {
                        let now = avatar_schema::clock::unix_ns();
                        lat.push((now - s.publish_time_ns) as f64 / 1e6);
                        n += 1;
                        if let Some(l) = last {
                            gaps += s.seq - l - 1;
                        }
                        last = Some(s.seq);
                    }
                }
                (lat, n, gaps, ws)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut per = Vec::new();
    for t in tasks {
        let (lat, n, gaps, _ws) = t.await.unwrap();
        all.extend(lat);
        per.push((n, gaps));
    }
    all.sort_by(f64::total_cmp);
    (all, per)
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted[((q * sorted.len() as f64) as usize).min(sorted.len() - 1)]
}

/// Quantile `q` of the tick times recorded between two snapshots of the `tick.time` histogram (the upper bound
/// of its bucket, µs).
fn window_quantile(before: &avatar_schema::Histogram, after: &avatar_schema::Histogram, q: f64) -> f64 {
    let counts: Vec<u64> = after.counts.iter().zip(&before.counts).map(|(a, b)| a - b).collect();
    let n: u64 = counts.iter().sum();
    let target = (q * n as f64).ceil().max(1.0) as u64;
    let mut acc = 0;
    for (i, c) in counts.iter().enumerate() {
        acc += c;
        if acc >= target {
            return after.upper_bounds.get(i).copied().unwrap_or(f64::INFINITY);
        }
    }
    f64::INFINITY
}

async fn clients(d: &Daemon, n: usize) -> Vec<Ws> {
    let mut v = Vec::new();
    for _ in 0..n {
        v.push(d.ws("").await);
    }
    v
}

/// One measured phase of the fan-out test.
struct Phase {
    rate: f64,
    tick_p50_us: f64,
    tick_p99_us: f64,
    latency: Vec<f64>,
    per_client: Vec<(u64, u64)>,
    rss_kb: u64,
}

async fn phase(d: &Daemon, clients: Vec<Ws>, window: Duration) -> Phase {
    let (t0, h0, s0) = (d.metrics.ticks.load(Relaxed), d.metrics.tick_time.snapshot(), Instant::now());
    let (latency, per_client) = read_clients(clients, window).await;
    let (t1, h1) = (d.metrics.ticks.load(Relaxed), d.metrics.tick_time.snapshot());
    Phase {
        rate: (t1 - t0) as f64 / s0.elapsed().as_secs_f64(),
        tick_p50_us: window_quantile(&h0, &h1, 0.5),
        tick_p99_us: window_quantile(&h0, &h1, 0.99),
        latency,
        per_client,
        rss_kb: rss_kb(),
    }
}

/// A client that stops reading: its TCP buffers fill (a small receive window makes that quick), its task
/// waits, the ring moves on; it is disconnected after `STALL`. Meanwhile the solver ticks at its rate and the
/// reading clients get every state with the latency they had without it. Three windows: 1 reading client, 16,
/// and 15 beside a stalled one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_client_slows_neither_the_solver_nor_the_other_clients() {
    let _one_at_a_time = exclusive().await;
    let d = start("stall", &[], 1000, 64).await;
    let web = &d.metrics.web;
    let window = Duration::from_secs(3);
    let one = phase(&d, clients(&d, 1).await, window).await;
    let sixteen = phase(&d, clients(&d, 16).await, window).await;
    // One client that never reads, with a 4 KiB receive buffer.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(d.web).await.unwrap();
    let (stalled, _) = tokio_tungstenite::client_async(format!("ws://{}/ws", d.web), tcp).await.unwrap();
    let with_stalled = phase(&d, clients(&d, 15).await, window).await;

    // Wait for the stall to be detected: the stalled client is dropped, the others were never affected.
    let deadline = Instant::now() + Duration::from_secs(30);
    while web.stalled.load(Relaxed) == 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let after = rss_kb();
    for (name, p) in [("1 client", &one), ("16 clients", &sixteen), ("15 + 1 stalled", &with_stalled)] {
        println!(
            "web fan-out, {name}: {:.1} ticks/s, tick time p50 {} us, p99 {} us; publish -> receive p50 \
             {:.2} ms, p99 {:.2} ms over {} states; RSS {} kB",
            p.rate,
            p.tick_p50_us,
            p.tick_p99_us,
            quantile(&p.latency, 0.5),
            quantile(&p.latency, 0.99),
            p.latency.len(),
            p.rss_kb
        );
    }
    println!(
        "stalled client: dropped after {} s without progress ({} dropped); states lost to it {}; RSS after {after} kB",
        avatard::WEB_STALL.as_secs(),
        web.stalled.load(Relaxed),
        web.dropped.load(Relaxed)
    );
    // Every reading client got every state of its window (no sequence gaps), at the solver's rate; the
    // solver's rate did not drop with more clients or the stalled one (the test binary's other daemons and
    // builds share the cores, so rates are compared with the first window, not with 120 Hz).
    for p in [&one, &sixteen, &with_stalled] {
        for (n, gaps) in &p.per_client {
            assert_eq!(*gaps, 0, "a reading client lost states");
            assert!(
                *n as f64 >= 0.9 * p.rate * window.as_secs_f64(),
                "a reading client got {n} states at {:.1}/s",
                p.rate
            );
        }
        assert!(p.rate >= 0.95 * one.rate, "the tick rate fell from {:.1} to {:.1} per s", one.rate, p.rate);
    }
    let (p99_16, p99_stalled) = (quantile(&sixteen.latency, 0.99), quantile(&with_stalled.latency, 0.99));
    assert!(
        p99_stalled < p99_16.max(2.0) * 3.0,
        "a stalled client slowed the others: p99 {p99_16:.2} -> {p99_stalled:.2} ms"
    );
    assert_eq!(web.stalled.load(Relaxed), 1, "the stalled client is detected and dropped");
    assert!(web.dropped.load(Relaxed) > 0, "the stalled client's lost states are counted");
    // Bounded: the ring and the stalled socket's buffers, not a queue that grows with the stall.
    assert!(after < sixteen.rss_kb + 64 * 1024, "RSS grew from {} to {after} kB", sixteen.rss_kb);
    drop(stalled);
    d.stop().await;
}

fn rss_kb() -> u64 {
    avatar_e2e::rss_kb(std::process::id())
}
