//! `avatard demo`: the whole runtime end to end on one machine, over real sockets.
//!
//! 1. The daemon ([`crate::service::run`]) on loopback with free ports, on the embedded default avatar
//!    (loaded through the precompute cache; a first run precomputes it, about 30 s).
//! 2. Two tracker sources replay the committed real MediaPipe recordings at their recorded timing: a body
//!    (`assets/recordings/pose_demo_singleperson_cam01.avtrrec`, 100 pose frames) and a face
//!    (`assets/recordings/face_carphone.avtrrec`, 120 face frames). Every frame gets a fresh header with
//!    `capture_time_ns = now`, so the latencies measured are those of live input. Each source loops until the
//!    demo's time is up.
//! 3. A subscriber on `state/default/` collects every `AvatarState`: sequence, latency, flags, `z`
//!    statistics, and `p`/`z` thinned to the render frame rate.
//! 4. The states become `out/demo-trajectory.json`, rendered side by side (rig only | with secondary motion)
//!    by the `avatar-view` binary into `out/demo/` ([`crate::demo_render`]).
//! 5. A summary is printed and written to `out/demo-summary.json`.

use crate::asset::cache::Cache;
use crate::bench::{free_tcp, percentile};
use crate::config::{check_tick_hz, Endpoints, RunConfig};
use crate::demo_render::{self, TrajectoryStep};
use anyhow::{bail, Context, Result};
use avatar_schema::{decode, state_flags, Message};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracker_bridge::recording::Recording;
use tracker_bridge::{PublisherCounts, TrackerPublisher};
use zeromq::{Socket, SocketRecv, SubSocket};

/// The committed body recording (100 MediaPipe pose frames at 60 fps, 1.65 s).
pub const POSE_RECORDING: &str = "assets/recordings/pose_demo_singleperson_cam01.avtrrec";
/// The committed face recording (120 MediaPipe face frames at 30 fps, 4 s).
pub const FACE_RECORDING: &str = "assets/recordings/face_carphone.avtrrec";
/// The avatar the demo drives (the one of `RunConfig::default()`).
const AVATAR: &str = "default";
/// Longest allowed `--seconds`.
const MAX_SECONDS: f64 = 600.0;
/// States are still collected this long after the trackers stop, so the last frames' states arrive.
const TAIL: Duration = Duration::from_millis(250);

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// How long the trackers play (seconds) [default: --loops times the pose recording's length].
    #[arg(long, conflicts_with = "loops")]
    pub seconds: Option<f64>,
    /// How many times the pose recording is played (the face recording loops alongside) [default: 2].
    #[arg(long)]
    pub loops: Option<u32>,
    /// Solver tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Frame rate of the trajectory written for rendering (states are thinned to it).
    #[arg(long, default_value_t = 30.0)]
    pub render_fps: f64,
    /// Do not render (the trajectory and the summary are still written).
    #[arg(long)]
    pub no_render: bool,
    /// Body recording (.avtrrec) [default: assets/recordings/pose_demo_singleperson_cam01.avtrrec].
    #[arg(long)]
    pub pose: Option<PathBuf>,
    /// Face recording (.avtrrec) [default: assets/recordings/face_carphone.avtrrec].
    #[arg(long)]
    pub face: Option<PathBuf>,
    /// The avatar's stiffness multiplier (live parameter `stiffness`).
    #[arg(long, default_value_t = 1.0)]
    pub stiffness: f32,
    /// The avatar's damping, 1/s (live parameter `damping`).
    #[arg(long, default_value_t = 2.0)]
    pub damping: f32,
    /// Output folder (demo-summary.json, demo-trajectory.json, demo/).
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
}

/// The checked arguments.
struct Plan {
    pose: (PathBuf, Arc<Recording>),
    face: (PathBuf, Arc<Recording>),
    /// How long the trackers play.
    play: Duration,
}

impl DemoArgs {
    fn plan(&self) -> Result<Plan> {
        if let Some(s) = self.seconds {
            if !(s.is_finite() && s > 0.0 && s <= MAX_SECONDS) {
                bail!("--seconds must be in (0, {MAX_SECONDS}], got {s}");
            }
        }
        let loops = self.loops.unwrap_or(2);
        if !(1..=1000).contains(&loops) {
            bail!("--loops must be in 1..=1000, got {loops}");
        }
        check_tick_hz(self.tick_hz).map_err(|e| anyhow::anyhow!("--tick-hz: {e}"))?;
        if !(self.render_fps.is_finite() && self.render_fps > 0.0 && self.render_fps <= 120.0) {
            bail!("--render-fps must be in (0, 120], got {}", self.render_fps);
        }
        let pose = load_recording(self.pose.as_deref(), POSE_RECORDING, "--pose")?;
        let face = load_recording(self.face.as_deref(), FACE_RECORDING, "--face")?;
        let play = match self.seconds {
            Some(s) => Duration::from_secs_f64(s),
            None => period(&pose.1) * loops,
        };
        if play.as_secs_f64() > MAX_SECONDS {
            bail!("--loops {loops} would play for {:.0} s, more than {MAX_SECONDS} s", play.as_secs_f64());
        }
        Ok(Plan { pose, face, play })
    }
}

/// A recording: the one given, or the committed one (looked up from the current directory, then from the
/// source tree this binary was built from).
fn load_recording(given: Option<&Path>, default: &str, flag: &str) -> Result<(PathBuf, Arc<Recording>)> {
    let path = match given {
        Some(p) => p.to_owned(),
        None => {
            let here = PathBuf::from(default);
            let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(default);
            if here.is_file() {
                here
            } else if source_tree.is_file() {
                source_tree
            } else {
                bail!(
                    "the recording {default} was found neither here nor in {}: run the demo from the \
                     repository's root or give {flag} PATH",
                    source_tree.display()
                )
            }
        }
    };
    let rec = Recording::load(&path).with_context(|| format!("{flag} {}", path.display()))?;
    let frames = rec.records.iter().filter(|r| tracker_frame(&r.message)).count();
    if frames == 0 {
        bail!("{flag} {}: the recording has no tracker frames", path.display());
    }
    Ok((path, Arc::new(rec)))
}

fn tracker_frame(m: &Message) -> bool {
    matches!(m, Message::Pose(_) | Message::Face(_) | Message::Rig(_))
}

/// One pass of a recording when looped: its length plus one mean frame interval (the first frame of the next
/// pass follows the last one at the recorded spacing).
fn period(rec: &Recording) -> Duration {
    let n = rec.records.len() as u64;
    let d = rec.duration_ns();
    Duration::from_nanos(if n > 1 { d + d / (n - 1) } else { 33_333_333 })
}

/// The message with a fresh header from `publisher`, captured now; `None` if not a tracker frame.
fn restamped(message: &Message, publisher: &mut TrackerPublisher) -> Option<Message> {
    let mut m = message.clone();
    let header = match &mut m {
        Message::Pose(f) => &mut f.header,
        Message::Face(f) => &mut f.header,
        Message::Rig(f) => &mut f.header,
        _ => return None,
    };
    *header = publisher.next_header(crate::clock::unix_ns());
    Some(m)
}

/// What one tracker source did.
struct SourceReport {
    frames: u64,
    passes: u64,
    /// Kept alive until the counts are read (dropping it stops its socket task).
    publisher: TrackerPublisher,
}

/// Play `rec` through `publisher` at its recorded timing from `start`, looping, until `end`.
async fn play(
    rec: Arc<Recording>,
    mut publisher: TrackerPublisher,
    start: tokio::time::Instant,
    end: tokio::time::Instant,
) -> SourceReport {
    let period = period(&rec);
    let (mut frames, mut passes) = (0, 0);
    'passes: for pass in 0u32.. {
        let pass_start = start + period * pass;
        for r in &rec.records {
            let due = pass_start + Duration::from_nanos(r.t_ns);
            if due >= end {
                break 'passes;
            }
            tokio::time::sleep_until(due).await;
            if let Some(m) = restamped(&r.message, &mut publisher) {
                publisher.send(&m);
                frames += 1;
                passes = pass as u64 + 1;
            }
        }
    }
    SourceReport { frames, passes, publisher }
}

/// What the subscriber saw.
#[derive(Default)]
struct Collected {
    /// Every state received (warm-up included).
    states: u64,
    /// States received while the trackers played (the figures below are over these).
    states_played: u64,
    sequence_gaps: u64,
    dropped_before: u64,
    restarts: u64,
    /// Per fresh input: capture -> receive, capture -> publish, publish -> receive (ms).
    latencies_ms: Vec<f64>,
    capture_to_publish_ms: Vec<f64>,
    publish_to_receive_ms: Vec<f64>,
    held: u64,
    rest: u64,
    degraded: u64,
    reset: u64,
    num_p: usize,
    num_z: usize,
    peak_abs_z: f64,
    sum_sq_z: f64,
    count_z: u64,
    non_finite: u64,
    /// `p`, `z` at the render frame rate.
    steps: Vec<TrajectoryStep>,
}

/// Receive states until `stop`; figures and thinned steps only while `playing`.
async fn collect(
    mut sub: SubSocket,
    playing: Arc<AtomicBool>,
    render_dt: f64,
    first: tokio::sync::oneshot::Sender<()>,
    mut stop: tokio::sync::oneshot::Receiver<()>,
) -> Collected {
    let mut c = Collected::default();
    let mut first = Some(first);
    let (mut last, mut fresh) = (None::<(u64, u64)>, HashSet::new());
    let mut t0 = None::<i64>;
    loop {
        let msg = tokio::select! {
            _ = &mut stop => break,
            m = sub.recv() => m,
        };
        let Ok(msg) = msg else { break };
        let received_ns = crate::clock::unix_ns();
        let Some(Ok(Message::State(s))) = msg.get(1).map(|b| decode(b)) else { continue };
        c.states += 1;
        if let Some(tx) = first.take() {
            let _ = tx.send(());
        }
        match last {
            Some((run, seq)) if run == s.run_id => c.sequence_gaps += s.seq.saturating_sub(seq + 1),
            Some(_) => c.restarts += 1,
            None => {}
        }
        last = Some((s.run_id, s.seq));
        c.dropped_before += s.dropped_before;
        if !playing.load(Relaxed) {
            continue;
        }
        c.states_played += 1;
        let flag = |f: u32| u64::from(s.flags & f != 0);
        c.held += flag(state_flags::HELD_POSE);
        c.rest += flag(state_flags::REST_POSE);
        c.degraded += flag(state_flags::DEGRADED);
        c.reset += flag(state_flags::RESET);
        (c.num_p, c.num_z) = (s.p.len(), s.z.len());
        if s.p.iter().chain(&s.z).any(|v| !v.is_finite()) {
            c.non_finite += 1;
        }
        for &v in &s.z {
            let v = v as f64;
            c.peak_abs_z = c.peak_abs_z.max(v.abs());
            c.sum_sq_z += v * v;
        }
        c.count_z += s.z.len() as u64;
        if s.input_seq > 0 && fresh.insert((s.input_seq, s.input_capture_time_ns)) {
            c.latencies_ms.push((received_ns - s.input_capture_time_ns) as f64 / 1e6);
            c.capture_to_publish_ms.push((s.publish_time_ns - s.input_capture_time_ns) as f64 / 1e6);
            c.publish_to_receive_ms.push((received_ns - s.publish_time_ns) as f64 / 1e6);
        }
        let t = (s.sim_time_ns - *t0.get_or_insert(s.sim_time_ns)) as f64 * 1e-9;
        if t + 1e-6 >= c.steps.len() as f64 * render_dt {
            c.steps.push(TrajectoryStep { t, p: s.p, z: s.z });
        }
    }
    c
}

pub async fn demo(a: DemoArgs) -> Result<()> {
    let wall = Instant::now();
    let plan = a.plan()?;
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;

    // The daemon's avatars, before the sockets: a first run precomputes the default avatar.
    let endpoints = Endpoints { input: vec![free_tcp()?], state: free_tcp()?, control: free_tcp()? };
    let mut config = RunConfig { endpoints: endpoints.clone(), tick_hz: a.tick_hz, ..RunConfig::default() };
    for avatar in &mut config.avatars {
        avatar.params = avatar
            .params
            .with("stiffness", a.stiffness)
            .and_then(|p| p.with("damping", a.damping))
            .map_err(anyhow::Error::msg)?;
    }
    config.validate()?;
    let cache = Cache::default_dir().map(Cache::new);
    match &cache {
        Some(c) => eprintln!(
            "demo: loading the default avatar (a first run precomputes it, about 30 s; cached in {})",
            c.dir().display()
        ),
        None => eprintln!("demo: building the default avatar (no cache directory: about 30 s on every run)"),
    }
    let load_started = Instant::now();
    let load_config = config.clone();
    let avatars =
        tokio::task::spawn_blocking(move || crate::service::load_avatars(&load_config, cache.as_ref()))
            .await
            .context("loading the avatars")??;
    let load_s = load_started.elapsed().as_secs_f64();
    let handle =
        avatars.iter().find(|h| h.id == AVATAR).context("the default configuration has no default avatar")?;
    let loaded = handle.avatar.clone().context("the default avatar has no asset")?;
    let asset_path = handle.asset_path.clone().context("the default avatar has no asset file")?;
    let asset_hash = crate::asset::hex(&loaded.hash);
    eprintln!(
        "demo: default avatar ready in {load_s:.1} s ({} tets, {} rig parameters, {} z), asset {}",
        loaded.tets(),
        loaded.num_p(),
        loaded.num_z(),
        asset_path.display()
    );

    // The daemon.
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let daemon = tokio::spawn(crate::service::run(
        config,
        avatars,
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send(r.metrics.clone());
        },
    ));
    let metrics = match ready_rx.await {
        Ok(m) => m,
        // `on_ready` was dropped uncalled: the daemon failed to start
        Err(_) => {
            return Err(daemon.await?.err().unwrap_or_else(|| anyhow::anyhow!("the daemon did not start")))
        }
    };
    eprintln!(
        "demo: daemon up (input {}, state {}, control {}, {} Hz)",
        endpoints.input[0], endpoints.state, endpoints.control, a.tick_hz
    );

    // The subscriber, live before the trackers start (the daemon publishes rest states until input comes).
    let mut sub = SubSocket::new();
    sub.connect(&endpoints.state).await.context("connecting the subscriber")?;
    sub.subscribe(&crate::shared::state_topic(AVATAR)).await?;
    let playing = Arc::new(AtomicBool::new(false));
    let (first_tx, first_rx) = tokio::sync::oneshot::channel();
    let (stop_collect, stop_collect_rx) = tokio::sync::oneshot::channel();
    let collector =
        tokio::spawn(collect(sub, playing.clone(), 1.0 / a.render_fps, first_tx, stop_collect_rx));
    tokio::time::timeout(Duration::from_secs(10), first_rx)
        .await
        .context("no state from the daemon within 10 s")?
        .context("the subscriber stopped")?;

    // The trackers: connected (and their subscription propagated) before the clock starts.
    let pose_pub = TrackerPublisher::new(&endpoints.input[0], "demo/pose");
    let face_pub = TrackerPublisher::new(&endpoints.input[0], "demo/face");
    let counts: [Arc<PublisherCounts>; 2] = [pose_pub.counts.clone(), face_pub.counts.clone()];
    let connect_deadline = Instant::now() + Duration::from_secs(10);
    while !counts.iter().all(|c| c.is_connected()) {
        if Instant::now() > connect_deadline {
            bail!("the tracker publishers did not connect to {} within 10 s", endpoints.input[0]);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;

    eprintln!(
        "demo: replaying {} ({} frames, {:.2} s) and {} ({} frames, {:.2} s) for {:.2} s",
        plan.pose.0.display(),
        plan.pose.1.records.len(),
        plan.pose.1.duration_ns() as f64 * 1e-9,
        plan.face.0.display(),
        plan.face.1.records.len(),
        plan.face.1.duration_ns() as f64 * 1e-9,
        plan.play.as_secs_f64()
    );
    let before = metrics.stats();
    // The trackers' clock against the solver's is random, as a camera's would be: recorded frame times are
    // multiples of the tick period, so a fixed start would put every frame at the same point of the tick
    // (anywhere from just before the solver reads its input to just after) and bias the latency either way.
    let phase = Duration::from_secs_f64(rand::random::<f64>() / a.tick_hz as f64);
    let start = tokio::time::Instant::now() + Duration::from_millis(20) + phase;
    let end = start + plan.play;
    playing.store(true, Relaxed);
    let pose_task = tokio::spawn(play(plan.pose.1.clone(), pose_pub, start, end));
    let face_task = tokio::spawn(play(plan.face.1.clone(), face_pub, start, end));
    let pose = pose_task.await?;
    let face = face_task.await?;
    tokio::time::sleep_until(end + TAIL).await;
    let _ = stop_collect.send(());
    let collected = collector.await?;
    let stats = metrics.stats();
    let sources = [("pose", &pose, &plan.pose.0), ("face", &face, &plan.face.0)];
    let source_json: Vec<_> = sources
        .iter()
        .map(|(kind, r, path)| {
            let c = &r.publisher.counts;
            serde_json::json!({
                "kind": kind,
                "recording": path.display().to_string(),
                "passes": r.passes,
                "frames_given": r.frames,
                "frames_sent": c.sent.load(Relaxed),
                "dropped_not_connected": c.dropped_disconnected.load(Relaxed),
                "dropped_queue_full": c.dropped_queue_full.load(Relaxed),
            })
        })
        .collect();
    drop((pose, face));
    let _ = stop_tx.send(());
    daemon.await??;

    // Figures over the replay (daemon counters as differences from its start).
    let c = |n: &str| stats.counter(n).unwrap_or(0);
    let since = |n: &str| c(n).saturating_sub(before.counter(n).unwrap_or(0));
    let dropped_by_reason: BTreeMap<String, u64> = stats
        .counters
        .iter()
        .filter_map(|k| Some((k.name.strip_prefix("input.dropped.")?.to_owned(), k.value)))
        .filter(|(_, v)| *v > 0)
        .collect();
    let hist = |name: &str| stats.histograms.iter().find(|h| h.name == name).cloned().unwrap_or_default();
    let tick = hist("tick.time");
    let sorted = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(|x, y| x.total_cmp(y));
        v
    };
    let lat = sorted(&collected.latencies_ms);
    let to_publish = sorted(&collected.capture_to_publish_ms);
    let to_receive = sorted(&collected.publish_to_receive_ms);
    let frac =
        |n: u64| if collected.states_played > 0 { n as f64 / collected.states_played as f64 } else { 0.0 };
    let rms_z =
        if collected.count_z > 0 { (collected.sum_sq_z / collected.count_z as f64).sqrt() } else { 0.0 };
    let expected_states = (plan.play + TAIL).as_secs_f64() * a.tick_hz as f64;

    // The trajectory and its rendering.
    let traj_path = a.out.join("demo-trajectory.json");
    demo_render::write_trajectory(&traj_path, &asset_hash, 1.0 / a.render_fps, &collected.steps)?;
    eprintln!(
        "demo: wrote {} ({} steps at {} fps)",
        traj_path.display(),
        collected.steps.len(),
        a.render_fps
    );
    let render_dir = a.out.join("demo");
    let render = if a.no_render {
        serde_json::json!({"skipped": "--no-render"})
    } else {
        match demo_render::render(&asset_path, &traj_path, &render_dir).await {
            Ok(r) => serde_json::to_value(&r)?,
            Err(e) => {
                eprintln!("demo: not rendered: {e:#}");
                serde_json::json!({"skipped": format!("{e:#}")})
            }
        }
    };

    let summary = serde_json::json!({
        "avatar": {
            "id": AVATAR,
            "asset": asset_path.display().to_string(),
            "asset_hash": asset_hash,
            "tets": loaded.tets(),
            "num_p": collected.num_p,
            "num_z": collected.num_z,
            "load_s": load_s,
        },
        "played_s": plan.play.as_secs_f64(),
        "tick_hz": a.tick_hz,
        "solver_ticks": c("solver.ticks"),
        "deadline_misses": c("solver.deadline_misses"),
        "tick_time_us": {
            "p50_bucket": tick.p50,
            "p99_bucket": tick.p99,
            "mean": if tick.count > 0 { tick.sum / tick.count as f64 } else { 0.0 },
            "max": tick.max,
        },
        "tracker": {
            "sources": source_json,
            "accepted": since("input.accepted"),
            "dropped": since("input.dropped"),
            "dropped_by_reason": dropped_by_reason,
        },
        "states": {
            "received": collected.states,
            "received_while_playing": collected.states_played,
            "expected_while_playing": expected_states.round(),
            "published": c("publish.states"),
            "dropped_in_daemon": c("publish.dropped"),
            "sequence_gaps": collected.sequence_gaps,
            "dropped_before_reported": collected.dropped_before,
            "daemon_restarts_seen": collected.restarts,
            "non_finite": collected.non_finite,
        },
        "capture_to_receive_ms": {
            "fresh_inputs": lat.len(),
            "p50": percentile(&lat, 0.5),
            "p99": percentile(&lat, 0.99),
            "max": lat.last().copied(),
            "capture_to_publish_p50": percentile(&to_publish, 0.5),
            "capture_to_publish_p99": percentile(&to_publish, 0.99),
            "publish_to_receive_p50": percentile(&to_receive, 0.5),
            "publish_to_receive_p99": percentile(&to_receive, 0.99),
            "tick_period": 1e3 / a.tick_hz as f64,
            "tracker_phase": phase.as_secs_f64() * 1e3,
        },
        "z": {
            "peak_abs": collected.peak_abs_z,
            "rms": rms_z,
        },
        "flags_fraction": {
            "held": frac(collected.held),
            "rest": frac(collected.rest),
            "degraded": frac(collected.degraded),
            "reset": frac(collected.reset),
        },
        "guard_resets": since("solver.guard_resets"),
        "teleports": since("solver.teleports"),
        "mapping": {
            "unknown_names": since("mapping.unknown_names"),
            "rejected_values": since("mapping.rejected_values"),
        },
        "trajectory": {
            "path": traj_path.display().to_string(),
            "steps": collected.steps.len(),
            "fps": a.render_fps,
        },
        "render": render,
        "wall_s": wall.elapsed().as_secs_f64(),
    });
    let path = a.out.join("demo-summary.json");
    std::fs::write(&path, serde_json::to_string_pretty(&summary)? + "\n")
        .with_context(|| format!("writing {}", path.display()))?;
    print_summary(&summary);
    println!("summary: {}", path.display());
    Ok(())
}

/// The summary for people.
fn print_summary(s: &serde_json::Value) {
    let f = |v: &serde_json::Value| match v.as_f64() {
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{x}"),
        Some(x) => format!("{x:.3}"),
        None => v.to_string(),
    };
    let st = &s["states"];
    let lat = &s["capture_to_receive_ms"];
    let tk = &s["tick_time_us"];
    println!(
        "avatard demo: default avatar ({} rig parameters, {} z)",
        st_num(&s["avatar"]["num_p"]),
        st_num(&s["avatar"]["num_z"])
    );
    println!("  played                 {} s at {} Hz", f(&s["played_s"]), f(&s["tick_hz"]));
    println!(
        "  solver ticks           {} ({} deadline misses)",
        f(&s["solver_ticks"]),
        f(&s["deadline_misses"])
    );
    println!(
        "  tick time              p50 <= {} us, p99 <= {} us, mean {} us",
        f(&tk["p50_bucket"]),
        f(&tk["p99_bucket"]),
        f(&tk["mean"])
    );
    for src in s["tracker"]["sources"].as_array().into_iter().flatten() {
        println!(
            "  tracker {:<4}           {} frames sent (passes: {}), {} dropped unconnected, {} queue full",
            src["kind"].as_str().unwrap_or("?"),
            f(&src["frames_sent"]),
            f(&src["passes"]),
            f(&src["dropped_not_connected"]),
            f(&src["dropped_queue_full"])
        );
    }
    println!(
        "  tracker frames         {} accepted, {} dropped {}",
        f(&s["tracker"]["accepted"]),
        f(&s["tracker"]["dropped"]),
        s["tracker"]["dropped_by_reason"]
    );
    println!(
        "  states received        {} ({} while playing, ~{} expected), {} sequence gaps, {} dropped",
        f(&st["received"]),
        f(&st["received_while_playing"]),
        f(&st["expected_while_playing"]),
        f(&st["sequence_gaps"]),
        f(&st["dropped_in_daemon"])
    );
    println!(
        "  capture -> receive     p50 {} ms, p99 {} ms ({} fresh inputs)",
        f(&lat["p50"]),
        f(&lat["p99"]),
        f(&lat["fresh_inputs"])
    );
    println!(
        "    of which              capture -> publish p50 {} ms (waiting for the next {} ms tick, then the \
         tick), publish -> receive p50 {} ms",
        f(&lat["capture_to_publish_p50"]),
        f(&lat["tick_period"]),
        f(&lat["publish_to_receive_p50"])
    );
    println!("  z                      peak |z| {}, RMS {}", f(&s["z"]["peak_abs"]), f(&s["z"]["rms"]));
    let fl = &s["flags_fraction"];
    println!(
        "  flags                  held {}, rest {}, degraded {}, reset {} (fraction of states)",
        f(&fl["held"]),
        f(&fl["rest"]),
        f(&fl["degraded"]),
        f(&fl["reset"])
    );
    println!("  guard resets           {}, teleports {}", f(&s["guard_resets"]), f(&s["teleports"]));
    println!(
        "  trajectory             {} ({} steps)",
        s["trajectory"]["path"].as_str().unwrap_or("?"),
        f(&s["trajectory"]["steps"])
    );
    let r = &s["render"];
    match r["skipped"].as_str() {
        Some(why) => println!("  render                 skipped: {why}"),
        None => {
            println!(
                "  render                 {} frames in {} s -> {}",
                f(&r["frames"]),
                f(&r["seconds"]),
                r["dir"].as_str().unwrap_or("?")
            );
            for file in r["files"].as_array().into_iter().flatten() {
                println!("                         {}", file.as_str().unwrap_or("?"));
            }
        }
    }
    println!("  wall time              {} s", f(&s["wall_s"]));
}

fn st_num(v: &serde_json::Value) -> String {
    v.as_u64().map_or_else(|| v.to_string(), |n| n.to_string())
}
