//! [`TrackerPublisher`]: tracker frames -> the daemon's input socket, with automatic reconnection.
//!
//! zeromq-rs reconnects SUB sockets by itself but not PUB sockets, so a background task owns the socket:
//! it connects (waiting for the daemon if it is not up yet), sends queued frames, and starts over with a new
//! socket when the monitor reports that the daemon went away. Frames sent while no daemon is connected are
//! dropped and counted: for a live tracker, a stale frame is worth nothing.

use avatar_schema::clock::unix_ns;
use avatar_schema::{encode, FrameHeader, Message};
use bytes::Bytes;
use futures::StreamExt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use zeromq::{PubSocket, Socket, SocketEvent, SocketOptions, SocketSend, ZmqMessage};

/// Frames queued between the caller and the socket task; beyond this the newest frame is dropped.
pub const QUEUE: usize = 256;

/// What happened to the frames given to [`TrackerPublisher::send`].
#[derive(Debug, Default)]
pub struct PublisherCounts {
    pub sent: AtomicU64,
    /// Dropped because no daemon was connected.
    pub dropped_disconnected: AtomicU64,
    /// Dropped because the socket task fell behind by more than [`QUEUE`] frames.
    pub dropped_queue_full: AtomicU64,
    /// Times the connection to the daemon was (re-)established.
    pub connects: AtomicU64,
    connected: AtomicBool,
}

impl PublisherCounts {
    pub fn is_connected(&self) -> bool {
        self.connected.load(Relaxed)
    }
}

/// Publishes one tracker stream (one `source_id`) to a daemon.
pub struct TrackerPublisher {
    source_id: String,
    stream_id: u64,
    seq: u64,
    /// Further streams on the same socket, `<source_id>/<name>` (see [`Self::next_header_on`]): name →
    /// (stream id, last seq).
    substreams: std::collections::HashMap<String, (u64, u64)>,
    queue: mpsc::Sender<(Bytes, Bytes)>,
    pub counts: Arc<PublisherCounts>,
    task: tokio::task::JoinHandle<()>,
}

impl TrackerPublisher {
    /// Start publishing to `endpoint` (e.g. `tcp://127.0.0.1:5560`). Returns at once; the connection is made
    /// in the background (see [`PublisherCounts::is_connected`]). Must be called inside a tokio runtime.
    pub fn new(endpoint: &str, source_id: &str) -> Self {
        let (queue, rx) = mpsc::channel(QUEUE);
        let counts = Arc::new(PublisherCounts::default());
        let task = tokio::spawn(socket_task(endpoint.to_owned(), rx, counts.clone()));
        TrackerPublisher {
            source_id: source_id.to_owned(),
            stream_id: rand::random(),
            seq: 0,
            substreams: Default::default(),
            queue,
            counts,
            task,
        }
    }

    /// The random id of this stream (a new one per publisher, so the daemon can tell a restarted tracker).
    pub fn stream_id(&self) -> u64 {
        self.stream_id
    }

    /// A header for the next frame: this stream's ids, the next seq, the given capture time, send time now.
    pub fn next_header(&mut self, capture_time_ns: i64) -> FrameHeader {
        self.seq += 1;
        FrameHeader {
            source_id: self.source_id.clone(),
            stream_id: self.stream_id,
            seq: self.seq,
            capture_time_ns,
            send_time_ns: unix_ns(),
        }
    }

    /// A header for the next frame of the stream `<source_id>/<name>` (`None`: this publisher's own stream),
    /// which has its own random stream id and seq. One tracker process sends several streams this way (a
    /// camera's pose, face and each hand: `cam/pose`, `cam/hand_left`, …) over one socket.
    pub fn next_header_on(&mut self, name: Option<&str>, capture_time_ns: i64) -> FrameHeader {
        let Some(name) = name else { return self.next_header(capture_time_ns) };
        let (stream_id, seq) = self.substreams.entry(name.to_owned()).or_insert_with(|| (rand::random(), 0));
        *seq += 1;
        FrameHeader {
            source_id: format!("{}/{name}", self.source_id),
            stream_id: *stream_id,
            seq: *seq,
            capture_time_ns,
            send_time_ns: unix_ns(),
        }
    }

    /// Queue one message (normally a tracker frame whose header came from [`Self::next_header`]).
    pub fn send(&self, msg: &Message) {
        let topic = Bytes::from_static(msg.kind().as_bytes());
        if self.queue.try_send((topic, Bytes::from(encode(msg)))).is_err() {
            self.counts.dropped_queue_full.fetch_add(1, Relaxed);
        }
    }

    /// Queue raw bytes under a topic (for fault injection and replay of recorded bytes).
    pub fn send_raw(&self, topic: &'static str, body: Vec<u8>) {
        if self.queue.try_send((Bytes::from_static(topic.as_bytes()), Bytes::from(body))).is_err() {
            self.counts.dropped_queue_full.fetch_add(1, Relaxed);
        }
    }
}

impl Drop for TrackerPublisher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn socket_task(endpoint: String, mut rx: mpsc::Receiver<(Bytes, Bytes)>, counts: Arc<PublisherCounts>) {
    loop {
        let mut options = SocketOptions::default();
        options.no_connect_timeout();
        let mut socket = PubSocket::with_options(options);
        let mut monitor = socket.monitor();
        // Connect in the background of this loop: frames arriving meanwhile are dropped (nobody listens).
        let connected = {
            let connect = socket.connect(&endpoint);
            tokio::pin!(connect);
            loop {
                tokio::select! {
                    r = &mut connect => break r,
                    item = rx.recv() => match item {
                        Some(_) => { counts.dropped_disconnected.fetch_add(1, Relaxed); }
                        None => return,
                    },
                }
            }
        };
        if let Err(e) = connected {
            tracing::warn!("connecting to {endpoint}: {e}; retrying");
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        counts.connects.fetch_add(1, Relaxed);
        counts.connected.store(true, Relaxed);
        tracing::info!("connected to {endpoint}");
        loop {
            tokio::select! {
                item = rx.recv() => {
                    let Some((topic, body)) = item else { return };
                    let mut msg = ZmqMessage::from(topic);
                    msg.push_back(body);
                    match socket.send(msg).await {
                        Ok(()) => { counts.sent.fetch_add(1, Relaxed); }
                        Err(_) => { counts.dropped_disconnected.fetch_add(1, Relaxed); }
                    }
                }
                ev = monitor.next() => match ev {
                    Some(SocketEvent::Disconnected(_)) | None => break,
                    Some(_) => {}
                },
            }
        }
        counts.connected.store(false, Relaxed);
        tracing::info!("daemon at {endpoint} went away; reconnecting");
    }
}
