//! `avatard demo`: the daemon on loopback with a live tracker stream and a subscriber, end to end over real
//! sockets, with a summary of what happened (printed and written to `out/demo-summary.json`).
//!
//! Today the tracker is the procedural pose stream of `tracker_bridge::synth` and the avatar has no rig yet;
//! the recorded MediaPipe streams, the default avatar and the headless renderer plug in here as they land.

use crate::bench::{free_tcp, percentile};
use crate::config::{Endpoints, RunConfig};
use crate::shared::AvatarHandle;
use anyhow::{Context, Result};
use avatar_schema::{decode, Message};
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};
use tracker_bridge::{synth, TrackerPublisher};
use zeromq::{Socket, SocketRecv, SubSocket};

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// How long to run (seconds).
    #[arg(long, default_value_t = 5.0)]
    pub seconds: f32,
    /// Tracker frame rate (Hz).
    #[arg(long, default_value_t = 30.0)]
    pub tracker_hz: f32,
    /// Solver tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Output folder.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
}

pub async fn demo(a: DemoArgs) -> Result<()> {
    let (seconds_ok, rate_ok) =
        (a.seconds > 0.0 && a.seconds <= 3600.0, a.tracker_hz > 0.0 && a.tracker_hz <= 1000.0);
    if !(seconds_ok && rate_ok) {
        anyhow::bail!("--seconds must be in (0, 3600] and --tracker-hz in (0, 1000]");
    }
    let endpoints = Endpoints { input: vec![free_tcp()?], state: free_tcp()?, control: free_tcp()? };
    let config = RunConfig { endpoints: endpoints.clone(), tick_hz: a.tick_hz, ..RunConfig::default() };
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let daemon = tokio::spawn(crate::service::run(
        config,
        vec![AvatarHandle::new("default")],
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send(r.metrics.clone());
        },
    ));
    let metrics = ready_rx.await.context("the daemon did not start")?;
    eprintln!("demo: daemon up (input {}, state {})", endpoints.input[0], endpoints.state);

    let mut sub = SubSocket::new();
    sub.connect(&endpoints.state).await?;
    sub.subscribe("state/").await?;

    let input = endpoints.input[0].clone();
    let tracker_hz = a.tracker_hz;
    let tracker = tokio::spawn(async move {
        let mut publisher = TrackerPublisher::new(&input, "demo/synth");
        let start = Instant::now();
        let mut tick = tokio::time::interval(Duration::from_secs_f32(1.0 / tracker_hz));
        loop {
            tick.tick().await;
            let header = publisher.next_header(crate::clock::unix_ns());
            let frame = synth::pose_frame(header, start.elapsed().as_secs_f32(), 2.0);
            publisher.send(&Message::Pose(frame));
        }
    });

    // Receive for the demo's duration: sequence accounting and capture -> receive latency of fresh input.
    let end = Instant::now() + Duration::from_secs_f32(a.seconds);
    let (mut states, mut gaps, mut last_seq, mut fresh_inputs) = (0u64, 0u64, None::<u64>, HashSet::new());
    let mut latencies_ms = Vec::new();
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        let Ok(Ok(msg)) = tokio::time::timeout(left, sub.recv()).await else { break };
        let Some(Ok(Message::State(s))) = msg.get(1).map(|b| decode(b)) else { continue };
        states += 1;
        if let Some(prev) = last_seq {
            gaps += s.seq.saturating_sub(prev + 1);
        }
        last_seq = Some(s.seq);
        if s.input_seq > 0 && fresh_inputs.insert(s.input_seq) {
            latencies_ms.push((crate::clock::unix_ns() - s.input_capture_time_ns) as f64 / 1e6);
        }
    }
    tracker.abort();
    let _ = stop_tx.send(());
    daemon.await??;

    latencies_ms.sort_by(|x, y| x.total_cmp(y));
    let stats = metrics.stats();
    let c = |n: &str| stats.counter(n).unwrap_or(0);
    let tick = stats.histograms.iter().find(|h| h.name == "tick.time").cloned().unwrap_or_default();
    let summary = serde_json::json!({
        "seconds": a.seconds,
        "tick_hz": a.tick_hz,
        "tracker_hz": a.tracker_hz,
        "solver_ticks": metrics.ticks.load(Relaxed),
        "deadline_misses": c("solver.deadline_misses"),
        "tracker_frames_accepted": c("input.accepted"),
        "tracker_frames_dropped": c("input.dropped"),
        "states_published": c("publish.states"),
        "states_dropped_in_daemon": c("publish.dropped"),
        "states_received": states,
        "sequence_gaps_seen": gaps,
        "capture_to_receive_ms_p50": percentile(&latencies_ms, 0.5),
        "capture_to_receive_ms_p99": percentile(&latencies_ms, 0.99),
        "tick_time_us_p50_bucket": tick.p50,
        "tick_time_us_p99_bucket": tick.p99,
        "avatar": "default (no rig yet: p and z are empty until the default avatar lands)",
    });
    std::fs::create_dir_all(&a.out)?;
    let path = a.out.join("demo-summary.json");
    std::fs::write(&path, serde_json::to_string_pretty(&summary)? + "\n")?;
    println!("{}", serde_json::to_string_pretty(&summary)?);
    eprintln!("demo: wrote {}", path.display());
    Ok(())
}
