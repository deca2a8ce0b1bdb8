//! `avatard bench runtime`: the daemon's end-to-end latency and the solver's throughput with many avatars.
//!
//! **Latency.** The real daemon runs in-process ([`avatard::run`], loopback tcp on free ports, the
//! default avatar, 120 Hz tick). A tracker thread publishes MediaPipe pose frames (the recorded stream
//! `assets/recordings/pose_demo_singleperson_cam01.avtrrec` in a loop, or `tracker_bridge::synth` when it is
//! missing) through a [`TrackerPublisher`] at each `--rates` rate, stamping `capture_time_ns = now` at send.
//! The tracker starts at a random phase of the solver's tick, its clock runs `--drift-ppm` slow (a camera's
//! own clock: 29.97 instead of 30 Hz) and each frame leaves `U[0, --jitter-ms)` late (USB/driver jitter). Each rate is run twice, with the solver's phase lock
//! ([`avatard::PhaseLock`], the default) and with a free-running tick clock (the baseline: a frame
//! waits `U[0, 1 period)` for the next tick). A SUB
//! subscriber measures, per fresh input (the first state carrying a new `input_seq`): capture → receive (its
//! clock), capture → publish (`publish_time_ns`, stamped by the publisher task) and publish → receive. The
//! daemon's own `latency.capture_to_publish` and `tick.time` histograms and counters come from
//! [`Metrics::stats`], taken at the start and the end of the measured window and differenced.
//!
//! What cannot be measured from outside the solver: when a tick started. States carry `sim_time_ns = seq /
//! tick_hz` (a tick counter, not a clock), so "publish after tick start" is estimated against the tick
//! schedule: the solver's deadlines are `T0 + k·period` (re-anchored only on a deadline miss), so
//! `publish_time_ns − seq·period` is constant plus (sleep overshoot + tick compute + queue + publisher
//! wake-up); its excess over the minimum of the next 120 states is reported as `publish_after_slot_jitter`.
//! The input's arrival time in the daemon (`Slots::received_ns`) is not exposed either; capture → arrival
//! here is the loopback hop (≈ the publish → receive figure, the same kind of hop in the other direction).
//!
//! **Scale.** N avatars stepped by the solver's own [`Solver::tick`] (rayon `par_iter_mut` over the avatars
//! on a `--threads` pool, then one `AvatarState` each into the publisher queue, drained here) back to back,
//! without sleeping: ticks/s is the rate the solver could sustain. Avatars are the default avatar and
//! procedural two-bone bars (box grids, 6 tets per cell, 16 modes, 100 clusters) precomputed through the
//! cache; a few distinct assets are shared by several avatars (each avatar has its own dynamics state). The
//! default avatar follows a synthetic pose stream, the bars `RigFrame`s bending their `child` bone, both fed
//! into per-source input slots at 30 Hz of simulated time.

use crate::util::{free_tcp, percentile};
use anyhow::{bail, Context, Result};
use avatar_schema::{decode, BoneTransform, FrameHeader, Histogram, Message, PoseFrame, RigFrame, Stats};
use avatar_sim::asset::Cache;
use avatar_sim::asset::{cached, default_avatar, precompute_tet_mesh, tet_mesh_key, Built};
use avatar_sim::precompute::{ClusterCount, PrecomputeSettings};
use avatard::mapping::PoseMap;
use avatard::LoadedAvatar;
use avatard::Metrics;
use avatard::SimParams;
use avatard::{state_topic, AvatarHandle, Shared};
use avatard::{Endpoints, RunConfig};
use avatard::{Inputs, Slots, SourceSlots};
use avatard::{Solver, SolverOptions};
use serde::Serialize;
use serde_json::json;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracker_bridge::{synth, TrackerPublisher};
use zeromq::{Socket, SocketRecv, SubSocket};

#[derive(clap::Args, Debug, Clone)]
pub struct RuntimeArgs {
    /// Measured seconds per tracker rate (after 1 s of warm-up).
    #[arg(long, default_value_t = 60.0)]
    pub seconds: f64,
    /// Tracker frame rates (Hz), one latency run each (per solver clock).
    #[arg(long, value_delimiter = ',', default_values_t = [30.0f64, 60.0])]
    pub rates: Vec<f64>,
    /// Random lateness of each tracker frame, uniform in [0, jitter) ms.
    #[arg(long, default_value_t = 1.0)]
    pub jitter_ms: f64,
    /// The tracker's clock runs this many ppm slow (1000: NTSC's 29.97 for 30 Hz), so its frames drift
    /// through every phase of the solver's tick, as a camera's do.
    #[arg(long, default_value_t = 1000.0, allow_negative_numbers = true)]
    pub drift_ppm: f64,
    /// Only the phase-locked solver clock (skip the free-running baseline).
    #[arg(long)]
    pub locked_only: bool,
    /// Solver tick rate of the latency runs (Hz); also the simulated rate of the scale runs.
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Avatar counts of the scale runs.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4, 8, 16, 26])]
    pub avatars: Vec<usize>,
    /// Measured seconds per avatar count.
    #[arg(long, default_value_t = 5.0)]
    pub scale_seconds: f64,
    /// Threads stepping avatars in parallel in the scale runs.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    #[arg(long)]
    pub skip_latency: bool,
    #[arg(long)]
    pub skip_scale: bool,
    /// Pose recording replayed by the tracker (the synthetic stream when the file is missing).
    #[arg(long, default_value = "assets/recordings/pose_demo_singleperson_cam01.avtrrec")]
    pub recording: PathBuf,
    /// Precompute cache directory [default: $AVATARD_CACHE_DIR, $XDG_CACHE_HOME/avatard or ~/.cache/avatard].
    #[arg(long)]
    pub cache_dir: Option<PathBuf>,
    /// The JSON report.
    #[arg(long, default_value = "out/bench-runtime.json")]
    pub out: PathBuf,
    /// The plot (SVG).
    #[arg(long, default_value = "out/bench-runtime.svg")]
    pub plot: PathBuf,
}

/// The goals.
const GOAL_CAPTURE_TO_PUBLISH_P99_MS: f64 = 2.0;
const GOAL_TICKS_PER_S: f64 = 240.0;
const GOAL_AVATARS: usize = 26;
const GOAL_TETS: usize = 1_290_000;
/// Warm-up before each latency window (slow joiners, filters settling).
const WARMUP: Duration = Duration::from_secs(1);
/// Forward window of the tick-schedule estimate (states).
const SLOT_WINDOW: usize = 120;

impl RuntimeArgs {
    pub fn validate(&self) -> Result<()> {
        if self.skip_latency && self.skip_scale {
            bail!("--skip-latency and --skip-scale together leave nothing to run");
        }
        if !(self.seconds > 0.0 && self.seconds <= 3600.0) {
            bail!("--seconds must be in (0, 3600], got {}", self.seconds);
        }
        if !(self.scale_seconds > 0.0 && self.scale_seconds <= 600.0) {
            bail!("--scale-seconds must be in (0, 600], got {}", self.scale_seconds);
        }
        avatard::check_tick_hz(self.tick_hz).map_err(anyhow::Error::msg)?;
        if !(self.drift_ppm.abs() <= 1e5) {
            bail!("--drift-ppm must be in [-100000, 100000], got {}", self.drift_ppm);
        }
        if !(self.jitter_ms >= 0.0 && self.jitter_ms <= 1000.0) {
            bail!("--jitter-ms must be in [0, 1000], got {}", self.jitter_ms);
        }
        if self.rates.is_empty() || self.rates.iter().any(|r| !(*r > 0.0 && *r <= 1000.0)) {
            bail!("--rates must be one or more rates in (0, 1000] Hz, got {:?}", self.rates);
        }
        if self.avatars.is_empty() || self.avatars.iter().any(|n| !(1..=256).contains(n)) {
            bail!("--avatars must be one or more counts in 1..=256, got {:?}", self.avatars);
        }
        if !(1..=256).contains(&self.threads) {
            bail!("--threads must be in 1..=256, got {}", self.threads);
        }
        Ok(())
    }
}

/// Distribution of a sample (ms unless said otherwise).
#[derive(Serialize, Clone, Copy, Debug, Default)]
pub struct Dist {
    pub n: usize,
    pub min: f64,
    pub mean: f64,
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

fn dist(v: &[f64]) -> Dist {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    if s.is_empty() {
        return Dist { n: 0, min: f64::NAN, mean: f64::NAN, ..Dist::default() };
    }
    Dist {
        n: s.len(),
        min: s[0],
        mean: s.iter().sum::<f64>() / s.len() as f64,
        p50: percentile(&s, 0.5),
        p90: percentile(&s, 0.9),
        p99: percentile(&s, 0.99),
        max: s[s.len() - 1],
    }
}

fn loadavg() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

fn cache(a: &RuntimeArgs) -> Option<Cache> {
    match &a.cache_dir {
        Some(dir) => Some(Cache::new(dir)),
        None => Cache::default_dir().map(Cache::new),
    }
}

/// `avatard bench runtime`.
pub fn runtime(a: RuntimeArgs, rt: &tokio::runtime::Runtime) -> Result<()> {
    a.validate()?;
    let cache = cache(&a);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load_start = loadavg();
    let mut report = json!({
        "machine": { "cores": cores, "loadavg_at_start": load_start },
        "args": {
            "seconds": a.seconds, "rates": a.rates, "tick_hz": a.tick_hz, "avatars": a.avatars,
            "scale_seconds": a.scale_seconds, "threads": a.threads,
        },
    });
    let mut latency = None;
    if !a.skip_latency {
        let l = latency_bench(&a, cache.as_ref(), rt)?;
        report["latency"] = serde_json::to_value(&l)?;
        latency = Some(l);
    }
    let mut scale = None;
    if !a.skip_scale {
        let s = scale_bench(&a, cache.as_ref())?;
        report["scale"] = serde_json::to_value(&s)?;
        scale = Some(s);
    }
    report["machine"]["loadavg_at_end"] = loadavg().into();
    print_table(latency.as_ref(), scale.as_ref());
    super::write_report(&a.out, &report)?;
    plot(&a.plot, latency.as_ref(), scale.as_ref())?;
    eprintln!("wrote {}", a.plot.display());
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// Latency

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

fn hist(stats: &Stats, name: &str) -> Histogram {
    stats.histograms.iter().find(|h| h.name == name).cloned().unwrap_or_default()
}

fn hist_diff(before: &Stats, after: &Stats, name: &str) -> HistFigures {
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

fn counter_diff(before: &Stats, after: &Stats, name: &str) -> u64 {
    after.counter(name).unwrap_or(0).saturating_sub(before.counter(name).unwrap_or(0))
}

fn latency_bench(
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
             bench_runtime.rs); its absolute offset (>= the fastest tick's compute time) is unknown."
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

async fn latency_run(
    a: &RuntimeArgs,
    rate: f64,
    phase_locked: bool,
    avatar: Arc<LoadedAvatar>,
    params: SimParams,
    frames: Option<Arc<Vec<PoseFrame>>>,
) -> Result<RateRun> {
    let endpoints = Endpoints { input: vec![free_tcp()?], state: free_tcp()?, control: free_tcp()? };
    let mut config = RunConfig { endpoints: endpoints.clone(), tick_hz: a.tick_hz, ..RunConfig::default() };
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
            let _ = ready_tx.send(r.metrics.clone());
        },
    ));
    let metrics = ready_rx.await.context("the daemon did not start")?;

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
    while let Some(left) = end.checked_duration_since(Instant::now()) {
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
fn slot_jitter_ms(slots: &[(u64, i64)], period_ns: f64, window: usize) -> Vec<f64> {
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
fn tracker_loop(
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

// ---------------------------------------------------------------------------------------------------------
// Scale

#[derive(Serialize, Debug)]
pub struct ScaleReport {
    pub threads: usize,
    pub tick_hz: f32,
    pub goal: String,
    pub goal_met: Option<bool>,
    pub assets: Vec<AssetInfo>,
    pub mix: String,
    pub runs: Vec<ScaleRun>,
    pub notes: Vec<String>,
}

#[derive(Serialize, Debug, Clone)]
pub struct AssetInfo {
    pub name: String,
    pub tets: usize,
    pub vertices: usize,
    pub modes: usize,
    pub clusters: usize,
    pub driven_by: String,
    /// Seconds to get the asset now (a cache hit is a load).
    pub load_s: f64,
    pub cached: bool,
    /// The original precompute's total seconds, from its stored report.
    pub precompute_report_s: Option<f64>,
}

#[derive(Serialize, Debug)]
pub struct ScaleRun {
    pub avatars: usize,
    pub total_tets: usize,
    /// Copies of each asset in this run, in the order of `assets`.
    pub copies: Vec<usize>,
    pub ticks: usize,
    pub seconds: f64,
    /// Ticks over the wall time of the timed loop (input feeding and queue draining included).
    pub ticks_per_s: f64,
    /// Ticks over the summed `Solver::tick` time alone.
    pub ticks_per_s_solver_only: f64,
    /// CPU time of this process (user + system, all threads) per tick over the timed loop: what a tick costs
    /// whatever share of the cores the bench got.
    pub cpu_ms_per_tick: f64,
    pub cpu_ms_per_avatar_step: f64,
    /// `threads / cpu time per tick`: the rate with the cores to ourselves, if the avatars split evenly (an
    /// estimate; rayon's idle spinning counts as CPU time, so it errs low).
    pub ticks_per_s_cpu_bound_est: f64,
    pub tick_ms: Dist,
    pub mean_iterations_per_step: f64,
    pub guard_resets: u64,
    pub teleports: u64,
    /// Largest |z| seen per asset (non-zero: the rig moved and excited secondary motion).
    pub peak_abs_z: Vec<f32>,
}

/// One distinct asset, shared by its avatars through the `Arc`.
struct Kind {
    info: AssetInfo,
    avatar: Arc<LoadedAvatar>,
}

/// Bend of the bars' `child` bone (rad, at 0.5 Hz).
const BAR_AMPLITUDE: f64 = 0.5;
const POSE_SOURCE: &str = "bench/pose";
const RIG_SOURCE: &str = "bench/rig";

/// Box grids of the procedural bars (cells; 6 tets per cell), largest first.
const BARS: [[usize; 3]; 4] = [[60, 15, 15], [56, 14, 14], [48, 12, 12], [40, 10, 10]];

fn report_seconds(report: &serde_json::Value) -> Option<f64> {
    let s = report.get("seconds")?;
    match s {
        serde_json::Value::Object(m) => Some(m.values().filter_map(|v| v.as_f64()).sum()),
        v => v.as_f64(),
    }
}

fn bar_built(cells: [usize; 3], cache: Option<&Cache>) -> Result<Built> {
    use avatar_sim::rig::{LbsRig, Rig, RigPart};
    // limb-sized (1 m × 25 cm), of the default avatar's material
    let size = [1.0, 0.25, 0.25];
    let mesh = avatar_sim::mesh::shapes::box_mesh(cells[0], cells[1], cells[2], size);
    let lbs = LbsRig::two_bone_bar(&mesh, 0, 0.5 * size[0], 1.0);
    let rig = Rig::new(vec![RigPart::Lbs(lbs)])?;
    let settings =
        PrecomputeSettings { modes: 16, clusters: ClusterCount::KMeans(100), ..Default::default() };
    let key = tet_mesh_key(&mesh, &rig, &settings);
    let name = format!("bench-runtime bar {}x{}x{}", cells[0], cells[1], cells[2]);
    cached(key, cache, |key| {
        precompute_tet_mesh(mesh, rig, &settings, ("procedural", &name), key, Arc::new(|_| {}))
    })
}

fn kinds(cache: Option<&Cache>) -> Result<Vec<Kind>> {
    let mut kinds = Vec::new();
    let mut add = |name: String, built: Built, load_s: f64, source: &str, driven_by: &str| {
        let asset = built.asset;
        let info = AssetInfo {
            name,
            tets: asset.sim.mesh.t(),
            vertices: asset.sim.mesh.vertices.len(),
            modes: asset.sim.reduced.btmb.nrows() / 12,
            clusters: asset.sim.clustering.r,
            driven_by: driven_by.into(),
            load_s,
            cached: built.cached,
            precompute_report_s: report_seconds(&built.report),
        };
        eprintln!(
            "scale: {} ({} tets, {} modes, {} clusters): {:.2} s{}",
            info.name,
            info.tets,
            info.modes,
            info.clusters,
            load_s,
            if built.cached { " (cache hit)" } else { " (precomputed)" }
        );
        let avatar = LoadedAvatar {
            id: info.name.clone(),
            asset: Arc::new(asset),
            hash: built.hash,
            path: None,
            sources: vec![source.to_owned()],
            pose_map: PoseMap::default_avatar(),
        };
        kinds.push(Kind { info, avatar: Arc::new(avatar) });
    };
    let t = Instant::now();
    let built = default_avatar(&PrecomputeSettings::default(), cache, Arc::new(|_| {}))?;
    add(
        "default".into(),
        built,
        t.elapsed().as_secs_f64(),
        POSE_SOURCE,
        "synthetic MediaPipe pose frames (tracker_bridge::synth)",
    );
    for cells in BARS {
        let t = Instant::now();
        let built = bar_built(cells, cache)?;
        add(
            format!("bar {}x{}x{} cells", cells[0], cells[1], cells[2]),
            built,
            t.elapsed().as_secs_f64(),
            RIG_SOURCE,
            "RigFrames bending the `child` bone ±0.5 rad at 0.5 Hz (simulated time)",
        );
    }
    Ok(kinds)
}

/// User + system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return f64::NAN;
    }
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 * 1e-6;
    t(u.ru_utime) + t(u.ru_stime)
}

fn quat_z(angle: f64) -> [f32; 4] {
    let h = 0.5 * angle;
    [0.0, 0.0, h.sin() as f32, h.cos() as f32]
}

fn scale_bench(a: &RuntimeArgs, cache: Option<&Cache>) -> Result<ScaleReport> {
    let started = Instant::now();
    let kinds = kinds(cache)?;
    eprintln!("scale: assets ready in {:.1} s", started.elapsed().as_secs_f64());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .thread_name(|i| format!("bench-solver-{i}"))
        .build()?;
    let mut counts: Vec<usize> = a.avatars.clone();
    counts.sort_unstable();
    counts.dedup();
    let mut runs = Vec::new();
    for &n in &counts {
        let run = scale_run(a, &kinds, n, &pool)?;
        eprintln!(
            "scale: {n:>3} avatars, {:>9} tets: {:>7.1} ticks/s, tick p50 {:.2} ms p99 {:.2} ms, {:.2} iterations/step",
            run.total_tets, run.ticks_per_s, run.tick_ms.p50, run.tick_ms.p99, run.mean_iterations_per_step
        );
        runs.push(run);
    }
    let goal_run = runs.iter().find(|r| r.avatars == GOAL_AVATARS);
    let copies26: Vec<String> = (0..kinds.len())
        .map(|k| {
            let c = (0..GOAL_AVATARS).filter(|i| i % kinds.len() == k).count();
            format!("{} × {c}", kinds[k].info.name)
        })
        .collect();
    let tets26: usize = (0..GOAL_AVATARS).map(|i| kinds[i % kinds.len()].info.tets).sum();
    Ok(ScaleReport {
        threads: a.threads,
        tick_hz: a.tick_hz,
        goal: format!(
            "{GOAL_AVATARS} avatars, >= {GOAL_TETS} tets in all, >= {GOAL_TICKS_PER_S} ticks/s on {} threads",
            a.threads
        ),
        goal_met: goal_run.map(|r| r.ticks_per_s >= GOAL_TICKS_PER_S && r.total_tets >= GOAL_TETS),
        assets: kinds.iter().map(|k| k.info.clone()).collect(),
        mix: format!(
            "avatar i uses asset i mod {}; {} distinct assets: for {GOAL_AVATARS} avatars {} = {tets26} tets",
            kinds.len(),
            kinds.len(),
            copies26.join(", ")
        ),
        runs,
        notes: vec![
            "Stepped by Solver::tick itself (the daemon's code: mapping, reduced dynamics, one AvatarState per \
             avatar into the bounded publisher queue), back to back without sleeping; the queue is drained \
             between ticks (outside the per-tick time, inside ticks_per_s)."
                .into(),
            "Avatars of one asset share its read-only data (mesh, reduced matrices) through an Arc but each has its \
             own dynamics state; 26 distinct assets would use more memory and cache than this mix."
                .into(),
            "ticks_per_s is measured on this machine as it was (load average in `machine`: other processes \
             compete for the cores); ticks_per_s_cpu_bound_est = threads / CPU time per tick is what the same \
             work would reach with the cores to itself, an estimate that assumes an even split over the threads."
                .into(),
            "The reduced step's cost depends on modes × clusters (16 × 100 here for every asset), not on the \
             tet count: tets matter for the precompute and memory, hardly for ticks/s."
                .into(),
            "Inputs: one frame per 4 ticks (30 Hz of simulated 120 Hz time) whose motion is a function of the \
             simulated time, so every run excites the avatars alike per tick whatever rate it reaches; frames \
             are stamped with the wall clock, which the solver's interpolation and hold logic use."
                .into(),
        ],
    })
}

fn scale_run(a: &RuntimeArgs, kinds: &[Kind], n: usize, pool: &rayon::ThreadPool) -> Result<ScaleRun> {
    let params = SimParams::default();
    let mut copies = vec![0; kinds.len()];
    let mut kind_of = HashMap::new();
    let handles: Vec<AvatarHandle> = (0..n)
        .map(|i| {
            let k = i % kinds.len();
            copies[k] += 1;
            let id = format!("a{i:03}");
            kind_of.insert(id.clone(), k);
            AvatarHandle {
                topic: state_topic(&id),
                id,
                ..AvatarHandle::loaded(kinds[k].avatar.clone(), params.clone())
            }
        })
        .collect();
    let total_tets: usize = (0..n).map(|i| kinds[i % kinds.len()].info.tets).sum();
    let shared = Arc::new(Shared::new(handles, a.tick_hz));
    let inputs = Arc::new(Inputs::default());
    let pose_slot = Arc::new(SourceSlots { source_id: POSE_SOURCE.into(), slots: Slots::default() });
    let rig_slot = Arc::new(SourceSlots { source_id: RIG_SOURCE.into(), slots: Slots::default() });
    inputs.sources.store(Arc::new(vec![pose_slot.clone(), rig_slot.clone()]));
    let metrics = Arc::new(Metrics::new("bench-runtime"));
    let (tx, mut rx) = tokio::sync::mpsc::channel(avatard::STATE_QUEUE);
    // The bars have no human skeleton: their retargeting warns that body tracking is off (expected; they are
    // driven by RigFrames), once per avatar. Keep those warnings out of the bench's output.
    let mut solver = tracing::subscriber::with_default(tracing::subscriber::NoSubscriber::default(), || {
        Solver::new(
            shared.clone(),
            inputs.clone(),
            metrics.clone(),
            tx,
            SolverOptions { core: None, threads: a.threads, ..SolverOptions::default() },
        )
    })
    .map_err(anyhow::Error::msg)?;

    let feed_every = ((a.tick_hz as f64 / 30.0).round() as u64).max(1);
    let mut seq = 0u64;
    // `t`: simulated time (ticks / tick_hz), so the motion per tick is the same however fast the ticks run
    let mut feed = |now_ns: i64, t: f64| {
        seq += 1;
        let header = |source: &str| FrameHeader {
            source_id: source.into(),
            stream_id: 1,
            seq,
            capture_time_ns: now_ns,
            send_time_ns: now_ns,
        };
        let pose = synth::pose_frame(header(POSE_SOURCE), t as f32, 2.0);
        pose_slot.slots.pose.store(Some(Arc::new(pose)));
        pose_slot.slots.received_ns.store(now_ns, Relaxed);
        let angle = BAR_AMPLITUDE * (std::f64::consts::PI * t).sin();
        let rig = RigFrame {
            header: header(RIG_SOURCE),
            bones: vec![BoneTransform { name: "child".into(), rotation: quat_z(angle), translation: None }],
            blendshapes: Vec::new(),
            root_position: None,
        };
        rig_slot.slots.rig.store(Some(Arc::new(rig)));
        rig_slot.slots.received_ns.store(now_ns, Relaxed);
    };
    let mut peak = vec![0f32; kinds.len()];
    let warmup_ticks = 60u64;
    let (mut tick_ms, mut k) = (Vec::new(), 0u64);
    let mut timed_start = Instant::now();
    let mut before = (0u64, 0u64);
    let mut cpu_start = 0.0;
    loop {
        if k == warmup_ticks {
            timed_start = Instant::now();
            cpu_start = cpu_seconds();
            before = (metrics.steps.load(Relaxed), metrics.step_iterations.load(Relaxed));
        }
        if k % feed_every == 0 {
            feed(avatar_schema::clock::unix_ns(), k as f64 / a.tick_hz as f64);
        }
        let t = Instant::now();
        solver.tick(Some(pool));
        let dt = t.elapsed();
        while let Ok(s) = rx.try_recv() {
            let kind = kind_of[&s.avatar_id];
            peak[kind] = s.z.iter().fold(peak[kind], |m, v| m.max(v.abs()));
        }
        if k >= warmup_ticks {
            tick_ms.push(dt.as_secs_f64() * 1e3);
            if timed_start.elapsed().as_secs_f64() >= a.scale_seconds {
                break;
            }
        }
        k += 1;
    }
    let wall = timed_start.elapsed().as_secs_f64();
    let cpu_ms_per_tick = (cpu_seconds() - cpu_start) * 1e3 / tick_ms.len() as f64;
    let steps = metrics.steps.load(Relaxed) - before.0;
    let iterations = metrics.step_iterations.load(Relaxed) - before.1;
    let solver_s: f64 = tick_ms.iter().sum::<f64>() / 1e3;
    Ok(ScaleRun {
        avatars: n,
        total_tets,
        copies,
        ticks: tick_ms.len(),
        seconds: wall,
        ticks_per_s: tick_ms.len() as f64 / wall,
        ticks_per_s_solver_only: tick_ms.len() as f64 / solver_s,
        cpu_ms_per_tick,
        cpu_ms_per_avatar_step: cpu_ms_per_tick / n as f64,
        ticks_per_s_cpu_bound_est: a.threads.min(n) as f64 * 1e3 / cpu_ms_per_tick,
        tick_ms: dist(&tick_ms),
        mean_iterations_per_step: iterations as f64 / steps.max(1) as f64,
        guard_resets: metrics.guard_resets.load(Relaxed),
        teleports: metrics.teleports.load(Relaxed),
        peak_abs_z: peak,
    })
}

// ---------------------------------------------------------------------------------------------------------
// Output

fn print_table(latency: Option<&LatencyReport>, scale: Option<&ScaleReport>) {
    if let Some(l) = latency {
        println!(
            "\nLatency, default avatar, {} Hz tick (ms; goal: capture->publish p99 <= {} ms)",
            l.tick_hz, l.goal_capture_to_publish_p99_ms
        );
        println!(
            "{:>13} {:>7} | {:^27} | {:^27} | {:>9} | {:>9} | {:>7} {:>6} {:>7} {:>10}",
            "rate clock",
            "inputs",
            "capture->receive p50/p90/p99/max",
            "capture->publish p50/p90/p99/max",
            "pub->recv",
            "slot jit.",
            "ticks",
            "misses",
            "dropped",
            "tick p99<="
        );
        for r in &l.runs {
            let q = |d: &Dist| format!("{:.2}/{:.2}/{:.2}/{:.2}", d.p50, d.p90, d.p99, d.max);
            println!(
                "{:>4}Hz {} {:>7} | {:^27} | {:^27} | {:>9.3} | {:>9.3} | {:>7} {:>6} {:>7} {:>10}",
                r.rate_hz,
                if r.phase_locked { "locked" } else { "free  " },
                r.fresh_inputs_measured,
                q(&r.capture_to_receive_ms),
                q(&r.capture_to_publish_ms),
                r.publish_to_receive_ms.p99,
                r.publish_after_slot_jitter_ms.p99,
                r.daemon.ticks,
                r.daemon.deadline_misses,
                r.daemon.states_dropped,
                format!("{:.2} ms", r.daemon.tick_time.p99_le_ms)
            );
        }
        println!("(pub->recv and slot jitter: p99; dropped: states dropped in the daemon)");
    }
    if let Some(s) = scale {
        println!("\nScale: Solver::tick back to back on {} threads (goal: {})", s.threads, s.goal);
        for a in &s.assets {
            println!(
                "  asset {:<26} {:>6} tets {:>2} modes {:>3} clusters  load {:.2} s{}",
                a.name,
                a.tets,
                a.modes,
                a.clusters,
                a.load_s,
                if a.cached { " (cached)" } else { " (precomputed)" }
            );
        }
        println!(
            "{:>7} {:>10} {:>9} {:>9} {:>9} {:>9} {:>8} {:>12} {:>13}",
            "avatars",
            "tets",
            "ticks/s",
            "tick p50",
            "tick p99",
            "tick max",
            "iters",
            "cpu ms/step",
            "ticks/s est.*"
        );
        for r in &s.runs {
            println!(
                "{:>7} {:>10} {:>9.1} {:>9.3} {:>9.3} {:>9.3} {:>8.2} {:>12.3} {:>13.1}",
                r.avatars,
                r.total_tets,
                r.ticks_per_s,
                r.tick_ms.p50,
                r.tick_ms.p99,
                r.tick_ms.max,
                r.mean_iterations_per_step,
                r.cpu_ms_per_avatar_step,
                r.ticks_per_s_cpu_bound_est
            );
        }
        println!("(tick times in ms; *: threads / CPU time per tick, the rate with the cores to ourselves)");
        println!("({}; goal met: {:?})", s.mix, s.goal_met);
    }
}

fn plot(path: &Path, latency: Option<&LatencyReport>, scale: Option<&ScaleReport>) -> Result<()> {
    use plotters::prelude::*;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let root = SVGBackend::new(path, (1200, 800)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow::anyhow!("{e}"))?;
    let areas = match (latency.is_some(), scale.is_some()) {
        (true, true) => root.split_evenly((2, 1)),
        _ => vec![root.clone()],
    };
    let err = |e: DrawingAreaErrorKind<_>| anyhow::anyhow!("plot: {e:?}");
    let mut next = areas.iter();
    if let Some(l) = latency {
        let area = next.next().expect("an area");
        let cols = area.split_evenly((1, l.runs.len().max(1)));
        let period_ms = 1e3 / l.tick_hz as f64;
        for (run, cell) in l.runs.iter().zip(&cols) {
            let xmax = run.samples_ms.iter().cloned().fold(period_ms + 2.0, f64::max).min(50.0).ceil();
            let bin = 0.25;
            let nbins = (xmax / bin).ceil() as usize;
            let mut counts = vec![0u32; nbins];
            for &x in &run.samples_ms {
                counts[((x / bin).floor().max(0.0) as usize).min(nbins - 1)] += 1;
            }
            let ymax = counts.iter().copied().max().unwrap_or(1).max(1) as f64 * 1.15;
            let mut chart = ChartBuilder::on(cell)
                .caption(
                    format!(
                        "{} Hz, {}: capture->receive (p99 {:.2} ms, n={})",
                        run.rate_hz,
                        if run.phase_locked { "phase-locked" } else { "free-running" },
                        run.capture_to_receive_ms.p99,
                        run.fresh_inputs_measured
                    ),
                    ("sans-serif", 16),
                )
                .margin(10)
                .x_label_area_size(35)
                .y_label_area_size(45)
                .build_cartesian_2d(0f64..xmax, 0f64..ymax)
                .map_err(err)?;
            chart.configure_mesh().x_desc("ms").y_desc("inputs").disable_mesh().draw().map_err(err)?;
            chart
                .draw_series(counts.iter().enumerate().map(|(i, &c)| {
                    let x0 = i as f64 * bin;
                    Rectangle::new([(x0, 0.0), (x0 + bin, c as f64)], BLUE.mix(0.6).filled())
                }))
                .map_err(err)?;
            chart
                .draw_series(LineSeries::new(
                    [(GOAL_CAPTURE_TO_PUBLISH_P99_MS, 0.0), (GOAL_CAPTURE_TO_PUBLISH_P99_MS, ymax)],
                    RED.stroke_width(2),
                ))
                .map_err(err)?
                .label("2 ms goal (p99)")
                .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], RED.stroke_width(2)));
            chart
                .draw_series(LineSeries::new([(period_ms, 0.0), (period_ms, ymax)], BLACK.mix(0.5)))
                .map_err(err)?
                .label(format!("1 tick ({period_ms:.2} ms)"))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], BLACK.mix(0.5)));
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(err)?;
        }
    }
    if let Some(s) = scale {
        let area = next.next().expect("an area");
        let xmax = s.runs.iter().map(|r| r.avatars).max().unwrap_or(1) as f64 + 1.0;
        let ymax = s.runs.iter().map(|r| r.ticks_per_s).fold(GOAL_TICKS_PER_S, f64::max) * 1.15;
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!("Solver::tick back to back on {} threads: ticks/s vs avatars", s.threads),
                ("sans-serif", 18),
            )
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(55)
            .build_cartesian_2d(0f64..xmax, 0f64..ymax)
            .map_err(err)?;
        chart.configure_mesh().x_desc("avatars").y_desc("ticks/s").draw().map_err(err)?;
        let pts: Vec<(f64, f64)> = s.runs.iter().map(|r| (r.avatars as f64, r.ticks_per_s)).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), BLUE.stroke_width(2)))
            .map_err(err)?
            .label("measured")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], BLUE.stroke_width(2)));
        chart.draw_series(pts.iter().map(|p| Circle::new(*p, 4, BLUE.filled()))).map_err(err)?;
        chart
            .draw_series(s.runs.iter().map(|r| {
                Text::new(
                    format!("{:.0} ({}K tets)", r.ticks_per_s, r.total_tets / 1000),
                    (r.avatars as f64, r.ticks_per_s + ymax * 0.03),
                    ("sans-serif", 12),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, GOAL_TICKS_PER_S), (xmax, GOAL_TICKS_PER_S)],
                RED.stroke_width(2),
            ))
            .map_err(err)?
            .label(format!("goal {GOAL_TICKS_PER_S} ticks/s"))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], RED.stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(|e| anyhow::anyhow!("plot: {e:?}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dist_of_known_values() {
        let d = dist(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!((d.n, d.min, d.p50, d.max, d.mean), (4, 1.0, 2.0, 4.0, 2.5));
        assert_eq!(dist(&[]).n, 0);
    }

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

    #[test]
    fn args_are_validated() {
        use clap::Parser;
        #[derive(Parser)]
        struct P {
            #[command(flatten)]
            a: RuntimeArgs,
        }
        let parse = |s: &[&str]| P::try_parse_from([&["x"], s].concat()).map(|p| p.a);
        let ok = parse(&[]).unwrap();
        assert!(ok.validate().is_ok());
        assert_eq!(ok.rates, vec![30.0, 60.0]);
        assert_eq!(ok.avatars, vec![1, 2, 4, 8, 16, 26]);
        for bad in [
            &["--seconds", "0"][..],
            &["--rates", "0"],
            &["--rates", "30,-1"],
            &["--avatars", "0"],
            &["--scale-seconds", "-1"],
            &["--skip-latency", "--skip-scale"],
            &["--threads", "0"],
        ] {
            assert!(parse(bad).map(|a| a.validate().is_err()).unwrap_or(true), "{bad:?}");
        }
    }
}
