//! Replaying a [`Recording`] with its original timing, and recording a live stream.
//!
//! **Replay** sends every tracker frame at `start + t_ns / speed` (sleeping until each deadline on the tokio
//! timer, so lateness does not accumulate) through a [`TrackerPublisher`]. Frames get a fresh header (this
//! replay's stream id and seq, one stream per recorded source when there are several: [`StreamNames`];
//! capture time = the moment the frame is due, so the daemon sees live input with the recorded spacing),
//! payloads are unchanged. Messages that are not tracker frames are skipped and counted.
//!
//! **Record** binds (like the daemon's input) or connects a SUB socket, and stores every verified message body
//! as received with its arrival time; undecodable bodies are counted and left out.

use crate::publisher::TrackerPublisher;
use crate::recording::{Record, Recording};
use avatar_schema::clock::unix_ns;
use avatar_schema::{decode, Message};
use std::time::Duration;
use tokio::time::Instant;
use zeromq::{Socket, SocketRecv, SubSocket};

#[derive(Clone, Debug)]
pub struct ReplaySettings {
    /// Playback speed (2 = twice as fast).
    pub speed: f64,
    /// Times to play the recording (`None`: forever).
    pub repeat: Option<usize>,
}

impl Default for ReplaySettings {
    fn default() -> Self {
        ReplaySettings { speed: 1.0, repeat: Some(1) }
    }
}

/// What a replay did.
#[derive(Clone, Debug, Default)]
pub struct ReplayReport {
    pub sent: usize,
    /// Records that are not tracker frames (skipped).
    pub skipped: usize,
    /// Per frame sent: how late it left compared with its deadline (ns).
    pub lateness_ns: Vec<i64>,
}

/// The message with a new header from `publisher` (capture time `capture_ns`); `None` if not a tracker frame.
/// All frames go out as the publisher's one stream; see [`restamped_as`] for recordings of several sources.
pub fn restamped(message: &Message, publisher: &mut TrackerPublisher, capture_ns: i64) -> Option<Message> {
    restamped_as(message, publisher, capture_ns, None)
}

/// How a recording's frames are sent: a recording of one source as the publisher's own stream; a recording
/// of several (one camera's pose, face and hands) as one stream per recorded source, named by the last
/// `/`-separated part of its recorded `source_id` (`cam01/hand_left` → `<publisher's source>/hand_left`), so
/// that each keeps its own ordering at the daemon.
#[derive(Clone, Debug, Default)]
pub struct StreamNames {
    by_source: Option<std::collections::HashMap<String, String>>,
}

impl StreamNames {
    pub fn of(rec: &Recording) -> StreamNames {
        let mut sources: Vec<&str> = rec
            .records
            .iter()
            .filter_map(|r| r.message.frame_header())
            .map(|h| h.source_id.as_str())
            .collect();
        sources.sort_unstable();
        sources.dedup();
        if sources.len() < 2 {
            return StreamNames::default();
        }
        let map = sources
            .iter()
            .map(|s| {
                let last = s.rsplit('/').next().filter(|l| !l.is_empty()).unwrap_or(s);
                (s.to_string(), last.to_string())
            })
            .collect();
        StreamNames { by_source: Some(map) }
    }

    /// The stream a recorded frame goes out on (`None`: the publisher's own).
    pub fn stream(&self, message: &Message) -> Option<&str> {
        let map = self.by_source.as_ref()?;
        map.get(&message.frame_header()?.source_id).map(String::as_str)
    }
}

/// Like [`restamped`], on the stream `stream` of `publisher` ([`TrackerPublisher::next_header_on`]).
pub fn restamped_as(
    message: &Message,
    publisher: &mut TrackerPublisher,
    capture_ns: i64,
    stream: Option<&str>,
) -> Option<Message> {
    let mut m = message.clone();
    let header = match &mut m {
        Message::Pose(f) => &mut f.header,
        Message::Face(f) => &mut f.header,
        Message::Hand(f) => &mut f.header,
        Message::Rig(f) => &mut f.header,
        _ => return None,
    };
    *header = publisher.next_header_on(stream, capture_ns);
    Some(m)
}

/// Send the recording through `publisher` with its timing (see the module doc).
pub async fn replay(
    rec: &Recording,
    publisher: &mut TrackerPublisher,
    opts: &ReplaySettings,
) -> ReplayReport {
    let mut report = ReplayReport::default();
    let speed = if opts.speed.is_finite() && opts.speed > 0.0 { opts.speed } else { 1.0 };
    let mut pass = 0;
    let streams = StreamNames::of(rec);
    while opts.repeat.is_none_or(|n| pass < n) {
        let start = Instant::now();
        let start_wall = unix_ns();
        for r in &rec.records {
            let offset = Duration::from_nanos((r.t_ns as f64 / speed) as u64);
            let due = start + offset;
            tokio::time::sleep_until(due).await;
            let capture = start_wall + offset.as_nanos() as i64;
            match restamped_as(&r.message, publisher, capture, streams.stream(&r.message)) {
                Some(m) => {
                    let late = Instant::now().saturating_duration_since(due).as_nanos() as i64;
                    publisher.send(&m);
                    report.sent += 1;
                    report.lateness_ns.push(late);
                }
                None => report.skipped += 1,
            }
        }
        pass += 1;
        if rec.records.is_empty() {
            break;
        }
    }
    report
}

/// What [`record`] kept and dropped.
#[derive(Clone, Debug, Default)]
pub struct RecordCounts {
    pub kept: usize,
    pub undecodable: usize,
}

/// Record messages from `endpoint` (bound when `bind`, else connected) until `max` messages, `duration`, or
/// `idle` without a message after the first one.
pub async fn record(
    endpoint: &str,
    bind: bool,
    max: Option<usize>,
    duration: Option<Duration>,
    idle: Duration,
) -> zeromq::ZmqResult<(Recording, RecordCounts)> {
    let mut socket = SubSocket::new();
    if bind {
        socket.bind(endpoint).await?;
    } else {
        socket.connect(endpoint).await?;
    }
    record_from(socket, endpoint, max, duration, idle).await
}

/// [`record`] on a SUB socket the caller has bound or connected already (to `endpoint`, which goes into the
/// recording's meta): a caller that binds port 0 learns the port from its `bind` before recording starts.
pub async fn record_from(
    mut socket: SubSocket,
    endpoint: &str,
    max: Option<usize>,
    duration: Option<Duration>,
    idle: Duration,
) -> zeromq::ZmqResult<(Recording, RecordCounts)> {
    socket.subscribe("").await?;
    let mut counts = RecordCounts::default();
    let mut records = Vec::new();
    let mut first: Option<Instant> = None;
    let end = duration.map(|d| Instant::now() + d);
    while max.is_none_or(|m| records.len() < m) {
        let remaining = end.map(|e| e.saturating_duration_since(Instant::now()));
        let wait = match (first.is_some(), remaining) {
            (true, Some(r)) => r.min(idle),
            (true, None) => idle,
            (false, Some(r)) => r,
            (false, None) => Duration::from_secs(24 * 3600),
        };
        let Ok(msg) = tokio::time::timeout(wait, socket.recv()).await else {
            break;
        };
        let msg = msg?;
        let now = Instant::now();
        let Some(body) = msg.into_vec().pop() else { continue };
        match decode(&body) {
            Ok(message) => {
                let t0 = *first.get_or_insert(now);
                let t_ns = now.duration_since(t0).as_nanos() as u64;
                records.push(Record { t_ns, message, body: body.to_vec() });
                counts.kept += 1;
            }
            Err(e) => {
                tracing::debug!(error = %e, "undecodable message not recorded");
                counts.undecodable += 1;
            }
        }
    }
    let meta = serde_json::json!({"format": 1, "source": endpoint, "created_by": "tracker-bridge record"});
    Ok((Recording { meta, records }, counts))
}
