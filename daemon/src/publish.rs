//! Publisher task: states from the solver -> FlatBuffers -> PUB socket, one topic per avatar.
//!
//! Messages are two frames, `[topic, body]`. States go out on `state/<avatar_id>/`, periodic Stats on
//! `stats/`. The latest state of each avatar is kept for late joiners (`GetState` on the control socket).
//! With the web output on, the same bodies go to its fan-out ([`crate::web::Fanout`]), which never blocks.

use crate::metrics::Metrics;
use crate::shared::{Shared, STATS_TOPIC};
use crate::web::Fanout;
use avatar_schema::{AvatarState, Encoder, Message};
use bytes::Bytes;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use zeromq::{PubSocket, SocketSend, ZmqMessage};

/// A gap between two consecutive states of one avatar longer than this (ms) is a pause (counted in
/// `publish.pauses`): six ticks at 120 Hz, a frame and a half at 30 fps.
pub const PAUSE_MS: u64 = 50;

pub async fn run(
    mut socket: PubSocket,
    mut states: mpsc::Receiver<AvatarState>,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    stats_interval: Duration,
    web: Option<Fanout>,
) {
    let mut encoder = Encoder::new();
    let mut stats_tick = tokio::time::interval(stats_interval);
    stats_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut last_input: HashMap<String, u64> = HashMap::new();
    // per avatar, when its last state was published (unix ns): the gaps between them are the pauses a
    // subscriber sees
    let mut last_publish: HashMap<String, i64> = HashMap::new();
    // Avatar ids as shared strings for the web fan-out (no allocation per state).
    let web_ids: HashMap<String, Arc<str>> =
        shared.avatars.iter().map(|a| (a.id.clone(), Arc::from(a.id.as_str()))).collect();
    loop {
        tokio::select! {
            state = states.recv() => {
                let Some(mut state) = state else { break };
                state.publish_time_ns = avatar_schema::clock::unix_ns();
                if let Some(before) = last_publish.insert(state.avatar_id.clone(), state.publish_time_ns) {
                    let gap_ms = ((state.publish_time_ns - before).max(0) / 1_000_000) as u64;
                    if gap_ms > PAUSE_MS {
                        metrics.publish_pauses.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        metrics.publish_longest_pause_ms.fetch_max(gap_ms, std::sync::atomic::Ordering::Relaxed);
                    }
                }
                // Latency of fresh input only: a held input would count its age once per tick.
                if state.input_capture_time_ns > 0
                    && last_input.insert(state.avatar_id.clone(), state.input_seq) != Some(state.input_seq)
                {
                    let age = state.publish_time_ns - state.input_capture_time_ns;
                    metrics.capture_to_publish.record_ns(age.max(0) as u64);
                }
                let Some(handle) = shared.avatar(&state.avatar_id) else { continue };
                let topic = Bytes::from(handle.topic.clone());
                let msg = Message::State(state);
                let encoding = std::time::Instant::now();
                let body = Bytes::copy_from_slice(encoder.encode(&msg));
                metrics.phase_ns.publish.fetch_add(encoding.elapsed().as_nanos() as u64, std::sync::atomic::Ordering::Relaxed);
                if let Message::State(state) = msg {
                    if let Some(web) = &web {
                        web.send(web_ids.get(&state.avatar_id), &body);
                    }
                    handle.latest.store(Some(Arc::new(state)));
                }
                send(&mut socket, topic, body, &metrics, &metrics.states_published).await;
            }
            _ = stats_tick.tick() => {
                let body = Bytes::copy_from_slice(encoder.encode(&Message::Stats(metrics.stats())));
                if let Some(web) = &web {
                    web.send(None, &body);
                }
                send(&mut socket, Bytes::from_static(STATS_TOPIC.as_bytes()), body, &metrics, &metrics.stats_published).await;
            }
        }
    }
}

async fn send(
    socket: &mut PubSocket,
    topic: Bytes,
    body: Bytes,
    metrics: &Metrics,
    counter: &std::sync::atomic::AtomicU64,
) {
    let mut msg = ZmqMessage::from(topic);
    msg.push_back(body);
    match socket.send(msg).await {
        Ok(()) => {
            counter.fetch_add(1, Relaxed);
        }
        Err(e) => {
            let n = metrics.publish_errors.fetch_add(1, Relaxed) + 1;
            if n.is_power_of_two() {
                tracing::warn!(count = n, "publish failed: {e}");
            }
        }
    }
}
