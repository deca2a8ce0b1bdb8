//! The latency half of `avatard bench runtime`: the real daemon in-process, a tracker thread, a subscriber.

use super::*;
use anyhow::{bail, Context, Result};
use avatar_schema::{decode, Histogram, Message, PoseFrame, Stats};
use avatar_sim::asset::Cache;
use avatard::AvatarHandle;
use avatard::LoadedAvatar;
use avatard::SimParams;
use avatard::{Endpoints, RunConfig};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracker_bridge::{synth, TrackerPublisher};
use zeromq::{Socket, SocketRecv, SubSocket};

#[derive(Serialize, Debug)]
pub struct LatencyReport {
    pub tick_hz: f32,
    pub avatar: String,
    pub input: String,
    pub goal_capture_to_publish_p99_ms: f64,
    pub runs: Vec<RateRun>,
    pub notes: Vec<String>,
}

#[derive(Serialize, Debug)]
pub struct RateRun {
    pub rate_hz: f64,
    /// The solver's clock: phase-locked to the input (the default) or free-running (the baseline).
    pub phase_locked: bool,
    pub seconds: f64,
    pub frames_sent: u64,
    pub frames_dropped_by_publisher: u64,
    pub fresh_inputs_measured: usize,
    pub states_received: u64,
    pub state_seq_gaps: u64,
    /// Sum of `dropped_before` over the received states (states the daemon dropped before publishing).
    pub states_dropped_reported: u64,
    pub capture_to_receive_ms: Dist,
    pub capture_to_publish_ms: Dist,
    pub publish_to_receive_ms: Dist,
    /// Publish time minus the tick's scheduled slot, above the minimum of its 2 s window (see the module
    /// doc).
    pub publish_after_slot_jitter_ms: Dist,
    pub goal_met: bool,
    pub daemon: DaemonFigures,
    /// Resident memory of this process (the daemon runs in it) every second of the measured window:
    /// (seconds since its start, MiB). A long run (`--seconds 600`) is the soak: it must stay flat.
    pub rss_mib: Vec<(f64, f64)>,
    /// Capture → receive samples (ms), for the plot only.
    #[serde(skip)]
    pub samples_ms: Vec<f64>,
}

/// The daemon's own figures over the measured window (counters and histogram buckets differenced).
#[derive(Serialize, Debug)]
pub struct DaemonFigures {
    pub ticks: u64,
    pub deadline_misses: u64,
    pub states_published: u64,
    pub states_dropped: u64,
    pub input_accepted: u64,
    pub input_dropped: u64,
    pub capture_to_publish: HistFigures,
    pub tick_time: HistFigures,
    pub input_age: HistFigures,
}

/// A differenced fixed-bucket histogram; quantiles are bucket upper bounds ("≤"), in ms.
#[derive(Serialize, Debug)]
pub struct HistFigures {
    pub count: u64,
    pub mean_ms: f64,
    pub p50_le_ms: f64,
    pub p90_le_ms: f64,
    pub p99_le_ms: f64,
    /// Over the whole run, warm-up included (a maximum cannot be differenced).
    pub max_whole_run_ms: f64,
    pub upper_bounds_ms: Vec<f64>,
    pub counts: Vec<u64>,
}

pub(super) fn hist(stats: &Stats, name: &str) -> Histogram {
    stats.histograms.iter().find(|h| h.name == name).cloned().unwrap_or_default()
}

pub(super) fn hist_diff(before: &Stats, after: &Stats, name: &str) -> HistFigures {
    let (b, a) = (hist(before, name), hist(after, name));
    let counts: Vec<u64> =
        a.counts.iter().enumerate().map(|(i, c)| c - b.counts.get(i).copied().unwrap_or(0)).collect();
    let count: u64 = counts.iter().sum();
    let quantile = |q: f64| {
        if count == 0 {
            return f64::NAN;
        }
        let target = (q * count as f64).ceil().max(1.0) as u64;
        let mut acc = 0;
        for (i, c) in counts.iter().enumerate() {
            acc += c;
            if acc >= target {
                return a.upper_bounds.get(i).copied().unwrap_or(a.max).min(a.max) / 1e3;
            }
        }
        a.max / 1e3
    };
    HistFigures {
        count,
        mean_ms: if count > 0 { (a.sum - b.sum) / count as f64 / 1e3 } else { f64::NAN },
        p50_le_ms: quantile(0.5),
        p90_le_ms: quantile(0.9),
        p99_le_ms: quantile(0.99),
        max_whole_run_ms: a.max / 1e3,
        upper_bounds_ms: a.upper_bounds.iter().map(|u| u / 1e3).collect(),
        counts,
    }
}

pub(super) fn counter_diff(before: &Stats, after: &Stats, name: &str) -> u64 {
    after.counter(name).unwrap_or(0).saturating_sub(before.counter(name).unwrap_or(0))
}

pub(super) fn latency_bench(
    a: &RuntimeArgs,
    cache: Option<&Cache>,
    rt: &tokio::runtime::Runtime,
) -> Result<LatencyReport> {
    let config = RunConfig { tick_hz: a.tick_hz, ..RunConfig::default() };
    let started = Instant::now();
    let loaded = avatard::load_avatars(&config, cache)?;
    let handle = loaded.into_iter().next().context("no avatar")?;
    let avatar = handle.avatar.clone().context("the default avatar has no asset")?;
    let params = SimParams::clone(&handle.params.load());
    eprintln!(
        "latency: default avatar loaded in {:.2} s ({} tets, {} modes)",
        started.elapsed().as_secs_f64(),
        avatar.tets(),
        avatar.num_z() / 12
    );
    let (frames, input) = match tracker_bridge::recording::Recording::load(&a.recording) {
        Ok(rec) => {
            let frames: Vec<PoseFrame> = rec
                .records
                .iter()
                .filter_map(|r| match &r.message {
                    Message::Pose(f) => Some(f.clone()),
                    _ => None,
                })
                .collect();
            let native = frames.len() as f64 / (rec.duration_ns().max(1) as f64 / 1e9);
            let desc = format!(
                "recorded MediaPipe pose frames ({}, {} frames, {native:.1} fps native) replayed in a loop at each \
                 rate with fresh headers",
                a.recording.display(),
                frames.len()
            );
            (Some(Arc::new(frames)).filter(|f| !f.is_empty()), desc)
        }
        Err(e) => (None, format!("synthetic pose frames (tracker_bridge::synth; recording not used: {e})")),
    };
    let input = if frames.is_some() { input } else { input.replace("recorded", "synthetic") };
    let mut runs = Vec::new();
    let clocks: &[bool] = if a.locked_only { &[true] } else { &[true, false] };
    for &rate in &a.rates {
        for &locked in clocks {
            let clock = if locked { "phase-locked" } else { "free-running" };
            eprintln!(
                "latency: {rate} Hz tracker, {clock} solver, {} s (+{} s warm-up)",
                a.seconds,
                WARMUP.as_secs()
            );
            let run =
                rt.block_on(latency_run(a, rate, locked, avatar.clone(), params.clone(), frames.clone()))?;
            eprintln!(
                "latency: {rate} Hz, {clock}: capture->publish p50 {:.2} p99 {:.2} max {:.2} ms over {} inputs; \
                 {} deadline misses",
                run.capture_to_publish_ms.p50,
                run.capture_to_publish_ms.p99,
                run.capture_to_publish_ms.max,
                run.fresh_inputs_measured,
                run.daemon.deadline_misses
            );
            runs.push(run);
        }
    }
    let period_ms = 1e3 / a.tick_hz as f64;
    Ok(LatencyReport {
        tick_hz: a.tick_hz,
        avatar: format!("default ({} tets, {} modes)", avatar.tets(), avatar.num_z() / 12),
        input,
        goal_capture_to_publish_p99_ms: GOAL_CAPTURE_TO_PUBLISH_P99_MS,
        runs,
        notes: vec![
            format!(
                "The solver reads its input slots once per tick, at the tick's start. With a free-running clock a \
                 frame waits for the next tick, U[0, {period_ms:.2}] ms at {} Hz, so capture->publish p99 cannot be \
                 below ~{:.1} ms whatever the compute costs. The phase-locked clock (the default) moves the tick \
                 schedule, not its rate, so the latest frames arrive ~0.5 ms before a tick; what remains is that lead, the \
                 tracker's jitter, the tick's compute and the publisher hop.",
                a.tick_hz,
                0.99 * period_ms
            ),
            "capture_time_ns is stamped by the tracker just before encoding and sending, so capture->publish \
             includes the input hop over loopback tcp; publish->receive is the same kind of hop on the state side."
                .into(),
            "Arrival time in the daemon and tick start times are not observable without changing the solver; \
             publish_after_slot_jitter_ms estimates the post-tick part from the tick schedule (module doc of \
             bench/runtime/mod.rs); its absolute offset (>= the fastest tick's compute time) is unknown."
                .into(),
            format!(
                "The tracker starts at a random phase of the tick, its clock runs {} ppm slow and each frame leaves \
                 U[0, {} ms) late.",
                a.drift_ppm, a.jitter_ms
            ),
            "Daemon histograms have fixed buckets (..., 1, 2, 5, 10, 20 ms): their quantiles are bucket bounds."
                .into(),
        ],
    })
}

pub(super) async fn latency_run(
    a: &RuntimeArgs,
    rate: f64,
    phase_locked: bool,
    avatar: Arc<LoadedAvatar>,
    params: SimParams,
    frames: Option<Arc<Vec<PoseFrame>>>,
) -> Result<RateRun> {
    // loopback, port 0: the daemon reports the ports it bound
    let endpoints = Endpoints::loopback_any_port();
    let mut config = RunConfig { endpoints, tick_hz: a.tick_hz, ..RunConfig::default() };
    if !phase_locked {
        config.solver.phase_lead = None;
    }
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let daemon = tokio::spawn(avatard::run(
        config,
        vec![AvatarHandle::loaded(avatar, params)],
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send((r.metrics.clone(), r.endpoints.clone()));
        },
    ));
    let (metrics, endpoints) = ready_rx.await.context("the daemon did not start")?;

    let mut sub = SubSocket::new();
    sub.connect(&endpoints.state).await?;
    sub.subscribe("state/").await?;
    // slow joiner: wait for the first state
    tokio::time::timeout(Duration::from_secs(20), sub.recv())
        .await
        .context("no state from the daemon within 20 s")??;

    let publisher = TrackerPublisher::new(&endpoints.input[0], "bench/pose");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !publisher.counts.is_connected() {
        if Instant::now() > deadline {
            bail!("the tracker publisher did not connect within 20 s");
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let period_ns = Duration::from_secs_f64(1.0 / a.tick_hz as f64).as_nanos() as f64;
    let jitter_s = a.jitter_ms / 1e3;
    let drift = a.drift_ppm * 1e-6;
    let stop = Arc::new(AtomicBool::new(false));
    let tracker = {
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("bench-tracker".into())
            .spawn(move || tracker_loop(publisher, frames, rate * (1.0 - drift), jitter_s, &stop))?
    };

    let measure_start = Instant::now() + WARMUP;
    let measure_start_unix = avatar_schema::clock::unix_ns() + WARMUP.as_nanos() as i64;
    let end = measure_start + Duration::from_secs_f64(a.seconds);
    let mut before: Option<Stats> = None;
    let (mut states, mut gaps, mut dropped_reported) = (0u64, 0u64, 0u64);
    let (mut last_seq, mut last_input) = (None::<u64>, 0u64);
    let (mut c2r, mut c2p, mut p2r) = (Vec::new(), Vec::new(), Vec::new());
    let mut slots: Vec<(u64, i64)> = Vec::new();
    let (mut rss_mib, mut next_rss) = (Vec::new(), measure_start);
    while let Some(left) = end.checked_duration_since(Instant::now()) {
        if Instant::now() >= next_rss {
            if let Some(m) = resident_mib() {
                rss_mib.push((next_rss.duration_since(measure_start).as_secs_f64(), m));
            }
            next_rss += Duration::from_secs(1);
        }
        let Ok(Ok(msg)) = tokio::time::timeout(left, sub.recv()).await else { break };
        let received = avatar_schema::clock::unix_ns();
        if before.is_none() && Instant::now() >= measure_start {
            before = Some(metrics.stats());
        }
        let Some(Ok(Message::State(s))) = msg.get(1).map(|b| decode(b)) else { continue };
        if before.is_none() {
            last_input = last_input.max(s.input_seq);
            last_seq = Some(s.seq);
            continue;
        }
        states += 1;
        if let Some(prev) = last_seq {
            gaps += s.seq.saturating_sub(prev + 1);
        }
        last_seq = Some(s.seq);
        dropped_reported += s.dropped_before;
        slots.push((s.seq, s.publish_time_ns));
        if s.input_seq > last_input {
            last_input = s.input_seq;
            if s.input_capture_time_ns >= measure_start_unix {
                c2r.push((received - s.input_capture_time_ns) as f64 / 1e6);
                c2p.push((s.publish_time_ns - s.input_capture_time_ns) as f64 / 1e6);
                p2r.push((received - s.publish_time_ns) as f64 / 1e6);
            }
        }
    }
    let after = metrics.stats();
    stop.store(true, Relaxed);
    let (publisher, sent) = tokio::task::spawn_blocking(move || tracker.join())
        .await?
        .map_err(|_| anyhow::anyhow!("the tracker thread panicked"))?;
    let frames_dropped = publisher.counts.dropped_disconnected.load(Relaxed)
        + publisher.counts.dropped_queue_full.load(Relaxed);
    drop(publisher);
    let _ = stop_tx.send(());
    daemon.await??;
    let before = before.context("the measured window never started (no state received)")?;

    if let (Some(first), Some(last)) = (rss_mib.first(), rss_mib.last()) {
        eprintln!("latency: resident memory {:.1} MiB at the start, {:.1} MiB at the end", first.1, last.1);
    }
    let jitter = slot_jitter_ms(&slots, period_ns, SLOT_WINDOW);
    let capture_to_publish_ms = dist(&c2p);
    Ok(RateRun {
        phase_locked,
        rate_hz: rate,
        seconds: a.seconds,
        frames_sent: sent,
        frames_dropped_by_publisher: frames_dropped,
        fresh_inputs_measured: c2r.len(),
        states_received: states,
        state_seq_gaps: gaps,
        states_dropped_reported: dropped_reported,
        capture_to_receive_ms: dist(&c2r),
        capture_to_publish_ms,
        publish_to_receive_ms: dist(&p2r),
        publish_after_slot_jitter_ms: dist(&jitter),
        goal_met: capture_to_publish_ms.p99 <= GOAL_CAPTURE_TO_PUBLISH_P99_MS,
        rss_mib,
        daemon: DaemonFigures {
            ticks: counter_diff(&before, &after, "solver.ticks"),
            deadline_misses: counter_diff(&before, &after, "solver.deadline_misses"),
            states_published: counter_diff(&before, &after, "publish.states"),
            states_dropped: counter_diff(&before, &after, "publish.dropped"),
            input_accepted: counter_diff(&before, &after, "input.accepted"),
            input_dropped: counter_diff(&before, &after, "input.dropped"),
            capture_to_publish: hist_diff(&before, &after, "latency.capture_to_publish"),
            tick_time: hist_diff(&before, &after, "tick.time"),
            input_age: hist_diff(&before, &after, "input.age"),
        },
        samples_ms: c2r,
    })
}

/// `publish_time_ns - seq * period` of each state above the minimum of the `window` states from it on (ms).
/// The solver's schedule only ever re-anchors later (on a deadline miss), so a forward window is never
/// pulled down by an earlier anchor.
pub(super) fn slot_jitter_ms(slots: &[(u64, i64)], period_ns: f64, window: usize) -> Vec<f64> {
    let xs: Vec<f64> = slots.iter().map(|(seq, t)| *t as f64 - *seq as f64 * period_ns).collect();
    (0..xs.len())
        .map(|k| {
            let min = xs[k..(k + window).min(xs.len())].iter().cloned().fold(f64::INFINITY, f64::min);
            (xs[k] - min) / 1e6
        })
        .collect()
}

/// The tracker: frame `k` is sent at `start + k / rate + U[0, jitter_s)`, `start` a random phase of a
/// 120 Hz tick from now, stamped with `capture_time_ns = now`. Returns the publisher (for its counts) and the
/// frames sent.
pub(super) fn tracker_loop(
    mut publisher: TrackerPublisher,
    frames: Option<Arc<Vec<PoseFrame>>>,
    rate: f64,
    jitter_s: f64,
    stop: &AtomicBool,
) -> (TrackerPublisher, u64) {
    let start = Instant::now() + Duration::from_secs_f64(rand::random::<f64>() / 120.0);
    let mut k = 0u64;
    while !stop.load(Relaxed) {
        let due = start + Duration::from_secs_f64(k as f64 / rate + rand::random::<f64>() * jitter_s);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let header = publisher.next_header(avatar_schema::clock::unix_ns());
        let frame = match &frames {
            Some(f) => PoseFrame { header, ..f[k as usize % f.len()].clone() },
            None => synth::pose_frame(header, start.elapsed().as_secs_f32(), 2.0),
        };
        publisher.send(&Message::Pose(frame));
        k += 1;
    }
    (publisher, k)
}

/// Resident memory of this process (MiB; the working set on Windows), on every OS.
fn resident_mib() -> Option<f64> {
    use sysinfo::{ProcessRefreshKind, ProcessesToUpdate, System};
    let pid = sysinfo::get_current_pid().ok()?;
    let mut sys = System::new();
    sys.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        true,
        ProcessRefreshKind::nothing().with_memory(),
    );
    Some(sys.process(pid)?.memory() as f64 / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_jitter_ignores_a_later_re_anchored_schedule() {
        let p = 1e6;
        // on schedule with 0.1 ms of work, one late publish (+0.5 ms), then the schedule moves 3 ms later
        let slots: Vec<(u64, i64)> = (1..=10u64)
            .map(|k| {
                let late = if k == 3 { 500_000 } else { 0 } + if k >= 6 { 3_000_000 } else { 0 };
                (k, (k as f64 * p) as i64 + 100_000 + late)
            })
            .collect();
        let j = slot_jitter_ms(&slots, p, 4);
        assert!((j[2] - 0.5).abs() < 1e-9, "{j:?}");
        assert!(j.iter().enumerate().all(|(k, v)| k == 2 || v.abs() < 1e-9), "{j:?}");
    }
}
