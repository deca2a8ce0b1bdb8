//! Record → replay over real ZeroMQ sockets on loopback: the replayed payloads equal the recorded ones, and
//! the replayed timing reproduces the recording's (median error ≤ 1 ms).

use avatar_schema::{encode, FrameHeader, Message};
use std::time::Duration;
use tracker_bridge::recording::{Record, Recording};
use tracker_bridge::replay::{record_from, replay, ReplaySettings};
use tracker_bridge::synth::pose_frame;
use tracker_bridge::TrackerPublisher;

/// A SUB socket bound on loopback, port 0 (the OS picks a free one), and the endpoint it got.
async fn bound_sub() -> (zeromq::SubSocket, String) {
    use zeromq::Socket;
    let mut sub = zeromq::SubSocket::new();
    let endpoint = sub.bind("tcp://127.0.0.1:0").await.unwrap().to_string();
    (sub, endpoint)
}

/// 90 synthetic pose frames with irregular spacing (a tracker's real jitter), 3 s.
fn source() -> Recording {
    let mut t_ns = 0u64;
    let records = (0..90u64)
        .map(|i| {
            t_ns += 28_000_000 + (i * 7919 % 11) * 1_000_000; // 28–38 ms
            let header = FrameHeader {
                source_id: "cam".into(),
                stream_id: 1,
                seq: i + 1,
                capture_time_ns: t_ns as i64,
                send_time_ns: t_ns as i64,
            };
            let message = Message::Pose(pose_frame(header, t_ns as f32 * 1e-9, 1.5));
            Record { t_ns, body: encode(&message), message }
        })
        .collect();
    Recording { meta: serde_json::json!({"format": 1, "source": "test"}), records }
}

/// The payload without its header (what replay must preserve).
fn payload(m: &Message) -> Message {
    let mut m = m.clone();
    if let Message::Pose(f) = &mut m {
        f.header = FrameHeader {
            source_id: String::new(),
            stream_id: 0,
            seq: 0,
            capture_time_ns: 0,
            send_time_ns: 0,
        };
    }
    m
}

#[test]
fn record_then_replay_is_lossless_and_keeps_the_timing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let original = source();
    let recorded = rt.block_on(async {
        let (sub, endpoint) = bound_sub().await;
        let ep = endpoint.clone();
        let recorder =
            tokio::spawn(async move { record_from(sub, &ep, Some(90), None, Duration::from_secs(3)).await });
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut publisher = TrackerPublisher::new(&endpoint, "replay");
        while !publisher.counts.is_connected() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await; // subscription reaches the publisher
        let report = replay(&original, &mut publisher, &ReplaySettings::default()).await;
        assert_eq!(report.sent, 90);
        let (rec, counts) = recorder.await.unwrap().unwrap();
        assert_eq!(counts.undecodable, 0);
        rec
    });
    assert_eq!(recorded.records.len(), 90, "nothing lost on loopback");
    for (a, b) in original.records.iter().zip(&recorded.records) {
        assert_eq!(payload(&a.message), payload(&b.message));
    }
    // headers are this replay's: one stream, seq 1..=90, capture times spaced like the recording
    let seqs: Vec<u64> = recorded
        .records
        .iter()
        .map(|r| match &r.message {
            Message::Pose(f) => f.header.seq,
            _ => 0,
        })
        .collect();
    assert_eq!(seqs, (1..=90).collect::<Vec<_>>());
    // timing: arrival offsets against the recording's offsets (both from the first frame)
    let mut err: Vec<f64> = original
        .records
        .iter()
        .zip(&recorded.records)
        .map(|(a, b)| ((b.t_ns as f64) - (a.t_ns - original.records[0].t_ns) as f64).abs() / 1e6)
        .collect();
    err.sort_by(|a, b| a.total_cmp(b));
    let median = err[err.len() / 2];
    assert!(median <= 1.0, "median timing error {median:.3} ms");
    // and the file round trip of what was recorded is lossless
    let again = Recording::from_bytes(&recorded.to_bytes()).unwrap();
    assert_eq!(again.records, recorded.records);
}

/// A recording of one camera's several sources (pose and both hands) replays as one stream per source, each
/// with its own stream id and gap-free seq from 1, named by the recorded source's last part.
#[test]
fn a_recording_of_several_sources_replays_as_one_stream_each() {
    use avatar_schema::{samples, Handedness};
    let rt = tokio::runtime::Runtime::new().unwrap();
    let mut records = Vec::new();
    for i in 0..30u64 {
        let t_ns = i * 33_000_000;
        let header = |source: &str| FrameHeader {
            source_id: source.into(),
            stream_id: 7,
            seq: i + 1,
            capture_time_ns: t_ns as i64,
            send_time_ns: t_ns as i64,
        };
        let mut left = samples::hand();
        left.header = header("clip/hand_left");
        left.handedness = Handedness::Left;
        let mut right = samples::hand();
        right.header = header("clip/hand_right");
        let pose = pose_frame(header("clip/pose"), i as f32 * 0.033, 1.5);
        // the right hand only in every other frame (a hand out of view)
        let mut frame = vec![Message::Pose(pose), Message::Hand(left)];
        if i % 2 == 0 {
            frame.push(Message::Hand(right));
        }
        records.extend(frame.into_iter().map(|message| Record { t_ns, body: encode(&message), message }));
    }
    let n = records.len();
    let original = Recording { meta: serde_json::json!({"format": 1, "source": "test"}), records };
    let recorded = rt.block_on(async {
        let (sub, endpoint) = bound_sub().await;
        let ep = endpoint.clone();
        let recorder =
            tokio::spawn(async move { record_from(sub, &ep, Some(n), None, Duration::from_secs(3)).await });
        tokio::time::sleep(Duration::from_millis(100)).await;
        let mut publisher = TrackerPublisher::new(&endpoint, "replay");
        while !publisher.counts.is_connected() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let report = replay(&original, &mut publisher, &ReplaySettings::default()).await;
        assert_eq!(report.sent, n);
        recorder.await.unwrap().unwrap().0
    });
    assert_eq!(recorded.records.len(), n, "nothing lost on loopback");
    let mut streams: std::collections::BTreeMap<String, (std::collections::BTreeSet<u64>, Vec<u64>)> =
        Default::default();
    for r in &recorded.records {
        let h = r.message.frame_header().unwrap();
        let e = streams.entry(h.source_id.clone()).or_default();
        e.0.insert(h.stream_id);
        e.1.push(h.seq);
    }
    let names: Vec<&str> = streams.keys().map(String::as_str).collect();
    assert_eq!(names, ["replay/hand_left", "replay/hand_right", "replay/pose"]);
    let ids: std::collections::BTreeSet<u64> = streams.values().flat_map(|s| s.0.iter().copied()).collect();
    assert_eq!(ids.len(), 3, "one stream id per stream: {ids:?}");
    for (name, (_, seqs)) in &streams {
        let want: Vec<u64> = (1..=seqs.len() as u64).collect();
        assert_eq!(seqs, &want, "{name}: seq 1..n without gaps");
    }
    assert_eq!(streams["replay/hand_right"].1.len(), 15);
    // the hands keep their handedness
    for r in &recorded.records {
        if let Message::Hand(h) = &r.message {
            let want =
                if h.header.source_id.ends_with("left") { Handedness::Left } else { Handedness::Right };
            assert_eq!(h.handedness, want);
        }
    }
}
