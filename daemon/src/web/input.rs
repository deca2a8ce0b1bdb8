//! `GET /ws/input`: tracker frames from a browser (the capture page) into the input stage.
//!
//! Each binary WebSocket message is one FlatBuffers `Message`, byte for byte what a tracker sends on the
//! ZeroMQ input after its topic frame. The socket task does not decode it: it stamps the local receive time and
//! hands the bytes to the input task ([`WebInput`], a bounded queue), where [`crate::ingest::Ingest`] verifies,
//! orders, counts and stores it exactly like a ZeroMQ frame (`input.*` counters).
//!
//! # Who may send
//! Only the daemon's own pages (`Origin` equal to `http://<Host>`) and clients that are not browsers (no
//! `Origin`). The origins listed with `--web-origin` may read the state stream but may **not** send: a page
//! elsewhere must not drive the user's avatar through their browser. Refused upgrades answer 403 and count in
//! `web.input_rejected_origin`.
//!
//! # Bounds
//! A message is at most [`INPUT_MESSAGE_MAX`] bytes (larger ones end the connection, as a protocol error); a
//! connection sends at most [`INPUT_RATE`] messages per second on average, bursts of [`INPUT_BURST`]; a text
//! message or a faster page is misbehaving: its connection is closed (`web.input_closed`). When the input task
//! is [`INPUT_QUEUE`] messages behind, a new message is dropped and counted (`web.input_dropped`); the
//! browser is never waited for and never waits on the solver.

use super::App;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Largest message a capture page may send: a face frame with 478 landmarks and 52 scores is ~8 KB, 100 ms of
/// 48 kHz audio 9.6 KB.
pub const INPUT_MESSAGE_MAX: usize = 64 << 10;
/// Messages per second a connection may send on average: pose, face and two hands at 60 frames per second
/// (240) and audio in 10 ms chunks (100), with room to spare.
pub const INPUT_RATE: f64 = 600.0;
/// Messages a connection may send at once above [`INPUT_RATE`].
pub const INPUT_BURST: f64 = 240.0;
/// Messages waiting for the input task before new ones are dropped.
pub const INPUT_QUEUE: usize = 1024;

/// One message from a browser, with the local time (unix ns) it was read from its socket.
#[derive(Debug)]
pub struct InputMessage {
    pub body: Bytes,
    pub received_ns: i64,
}

/// The web input's queue: the web server's end sends, the input task's end ([`WebInput::channel`]) receives.
#[derive(Clone, Debug)]
pub struct WebInput {
    tx: mpsc::Sender<InputMessage>,
}

impl WebInput {
    /// A queue of [`INPUT_QUEUE`] messages: the web server's end and the input task's.
    pub fn channel() -> (WebInput, mpsc::Receiver<InputMessage>) {
        let (tx, rx) = mpsc::channel(INPUT_QUEUE);
        (WebInput { tx }, rx)
    }
}

/// Whether an input upgrade comes from the daemon's own page or a non-browser client (see the module doc).
pub(super) fn input_origin_allowed(headers: &HeaderMap) -> bool {
    super::origin_allowed(headers, &[])
}

/// A token bucket: [`INPUT_RATE`] per second, [`INPUT_BURST`] deep.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new(now: Instant) -> Self {
        Bucket { tokens: INPUT_BURST, at: now }
    }

    /// Take one token at `now`; false when the connection is over its rate.
    fn take(&mut self, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + dt * INPUT_RATE).min(INPUT_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub(super) async fn upgrade(State(app): State<App>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    let web = &app.metrics.web;
    if !input_origin_allowed(&headers) {
        let n = web.input_rejected_origin.fetch_add(1, Relaxed) + 1;
        if n.is_power_of_two() {
            tracing::warn!(count = n, origin = ?headers.get(header::ORIGIN), "WebSocket input: origin refused");
        }
        return (StatusCode::FORBIDDEN, "only the daemon's own pages may send tracker frames\n")
            .into_response();
    }
    let Some(input) = app.input.clone() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "this daemon takes no web input\n").into_response();
    };
    ws.max_message_size(INPUT_MESSAGE_MAX)
        .max_frame_size(INPUT_MESSAGE_MAX)
        .on_upgrade(move |socket| feed(socket, app, input))
}

/// Why a connection was closed by the daemon.
fn close(code: u16, reason: &'static str) -> WsMessage {
    WsMessage::Close(Some(CloseFrame { code, reason: reason.into() }))
}

/// One capture page: its binary messages into the input queue until it closes, misbehaves or the server stops.
async fn feed(mut socket: WebSocket, app: App, input: WebInput) {
    let web = &app.metrics.web;
    web.input_connections.fetch_add(1, Relaxed);
    let stop = app.stop.notified();
    tokio::pin!(stop);
    let mut bucket = Bucket::new(Instant::now());
    loop {
        let msg = tokio::select! {
            msg = socket.recv() => msg,
            () = &mut stop => break,
        };
        match msg {
            None | Some(Ok(WsMessage::Close(_))) => break,
            Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_))) => {}
            Some(Ok(WsMessage::Binary(body))) => {
                if !bucket.take(Instant::now()) {
                    web.input_closed.fetch_add(1, Relaxed);
                    tracing::warn!("WebSocket input: a page sent over {INPUT_RATE} messages/s: disconnected");
                    let _ = socket.send(close(1008, "over the message rate")).await;
                    break;
                }
                let msg = InputMessage { body, received_ns: avatar_schema::clock::unix_ns() };
                match input.tx.try_send(msg) {
                    Ok(()) => {
                        web.input_frames.fetch_add(1, Relaxed);
                    }
                    Err(mpsc::error::TrySendError::Full(_)) => {
                        let n = web.input_dropped.fetch_add(1, Relaxed) + 1;
                        if n.is_power_of_two() {
                            tracing::warn!(
                                count = n,
                                "WebSocket input: the input stage is behind, frame dropped"
                            );
                        }
                    }
                    Err(mpsc::error::TrySendError::Closed(_)) => break,
                }
            }
            Some(Ok(WsMessage::Text(_))) => {
                web.input_closed.fetch_add(1, Relaxed);
                tracing::warn!("WebSocket input: a page sent text, not a FlatBuffers message: disconnected");
                let _ = socket.send(close(1003, "binary FlatBuffers messages only")).await;
                break;
            }
            Some(Err(e)) => {
                // oversized or broken frames: the protocol layer refused them
                web.input_closed.fetch_add(1, Relaxed);
                tracing::info!("WebSocket input: connection error: {e}");
                break;
            }
        }
    }
    let _ = tokio::time::timeout(Duration::from_millis(100), socket.send(WsMessage::Close(None))).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_allows_the_rate_and_refuses_a_flood() {
        let t0 = Instant::now();
        let mut b = Bucket::new(t0);
        // a burst is allowed, then no more at the same instant
        assert!((0..INPUT_BURST as usize).all(|_| b.take(t0)));
        assert!(!b.take(t0));
        // at the rate, forever
        let step = Duration::from_secs_f64(1.0 / INPUT_RATE);
        assert!((1..10_000).all(|i| b.take(t0 + step * i)));
        // at twice the rate, refused within a burst's worth of messages
        let mut b = Bucket::new(t0);
        let first_refusal = (1..10_000).find(|&i| !b.take(t0 + step * i / 2)).unwrap();
        assert!(first_refusal <= 2 * INPUT_BURST as u32 + 2, "{first_refusal}");
    }

    #[test]
    fn only_the_daemons_own_pages_and_non_browsers_may_send() {
        let h = |pairs: &[(&'static str, &str)]| {
            let mut h = HeaderMap::new();
            for (k, v) in pairs {
                h.insert(*k, v.parse().unwrap());
            }
            h
        };
        assert!(input_origin_allowed(&h(&[("host", "127.0.0.1:8080")])));
        assert!(input_origin_allowed(&h(&[("host", "127.0.0.1:8080"), ("origin", "http://127.0.0.1:8080")])));
        assert!(!input_origin_allowed(&h(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://localhost:5173")
        ])));
        assert!(!input_origin_allowed(&h(&[("host", "127.0.0.1:8080"), ("origin", "null")])));
    }
}
