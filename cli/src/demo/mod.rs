//! `avatard demo`: the whole runtime end to end on one machine, over real sockets.
//!
//! 1. The daemon ([`avatard::run`]) on loopback with free ports, on the embedded default avatar
//!    (loaded through the precompute cache; a first run precomputes it, about 30 s).
//! 2. Two tracker sources replay the committed real MediaPipe recordings at their recorded timing: a body
//!    (`assets/recordings/pose_demo_singleperson_cam01.avtrrec`, 100 pose frames) and a face
//!    (`assets/recordings/face_carphone.avtrrec`, 120 face frames). Every frame gets a fresh header with
//!    `capture_time_ns = now`, so the latencies measured are those of live input. Each source loops until the
//!    demo's time is up. Then, to show the flesh, a third source plays the CMU jumps
//!    (`assets/fixtures/cmu_01_01_jumps960.bvh`, 8 s, as rig frames: [`avatar_lab::motion::jumps`]) once the avatar has
//!    eased back to rest. Last, 7 s without any input: the avatar holds, eases to rest and breathes (the idle
//!    breathing of [`avatard::SimParams::breathing`]).
//!    A second avatar with spring bones (hair, skirt: [`springs::SPRINGS_AVATAR`], imported through the
//!    cache) follows the same trackers, so that the springs swing in `out/demo-springs/` and the summary
//!    reports them (`--no-springs-avatar` leaves it out).
//! 3. A subscriber on `state/default/` collects every `AvatarState`: sequence, latency, flags, `z`
//!    statistics, and `p`/`z` thinned to the render frame rate (twice that during the jumps, for the film).
//! 4. The states become `out/demo-trajectory.json` and are filmed in this process into `out/demo/`
//!    ([`crate::demo::render`]): each frame the body with the camera following it, a close-up of the torso with
//!    the rig alone outlined, and the heat map of the flesh `|u|` with its scale bar; the jumps at half speed.
//! 5. A summary is printed and written to `out/demo-summary.json`.

mod collect;
mod render;
mod springs;
mod summary;
mod trackers;

pub use render::VIEW;

use anyhow::{bail, Context, Result};
use avatard::AvatarHandle;
use avatard::LoadedAvatar;
use avatard::Metrics;
use avatard::{check_tick_hz, Endpoints, RunConfig};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tracker_bridge::recording::Recording;
use tracker_bridge::{PublisherCounts, TrackerPublisher};
use zeromq::{Socket, SubSocket};

/// The committed body recording (100 MediaPipe pose frames at 60 fps, 1.65 s).
pub const POSE_RECORDING: &str = "assets/recordings/pose_demo_singleperson_cam01.avtrrec";
/// The committed face recording (120 MediaPipe face frames at 30 fps, 4 s).
pub const FACE_RECORDING: &str = "assets/recordings/face_carphone.avtrrec";
/// The committed hands recording (43 frames at 10 fps, 4.3 s, a left hand between a thumbs-up and a V sign;
/// the demo plays its hand frames only).
pub const HANDS_RECORDING: &str = "assets/recordings/hands_fingerpose.avtrrec";
/// The avatar the demo drives (the one of `RunConfig::default()`).
const AVATAR: &str = "default";
/// Longest allowed `--seconds`.
const MAX_SECONDS: f64 = 600.0;
/// The film's default frame rate.
const FILM_FPS: f64 = 8.0;
/// States are still collected this long after the trackers stop, so the last frames' states arrive.
const TAIL: Duration = Duration::from_millis(250);

#[derive(clap::Args, Debug)]
pub struct DemoArgs {
    /// How long the trackers play (seconds) [default: --loops times the pose recording's length, at least the
    /// hands recording's].
    #[arg(long, conflicts_with = "loops")]
    pub seconds: Option<f64>,
    /// How many times the pose recording is played (the face recording loops alongside) [default: 2].
    #[arg(long)]
    pub loops: Option<u32>,
    /// Solver tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Frame rate of the trajectory written for rendering (states are thinned to it; the summary's flesh
    /// figures are taken over the same states).
    #[arg(long, default_value_t = 30.0)]
    pub render_fps: f64,
    /// Frame rate of the film (`demo/anim.gif`): states are thinned to it, to twice it during the jumps, which it
    /// shows at half speed, and to half of it while the avatar eases to rest and breathes.
    #[arg(long, default_value_t = FILM_FPS)]
    pub film_fps: f64,
    /// Also write every frame of the film as `demo/frame_NNNN.png`.
    #[arg(long)]
    pub png_frames: bool,
    /// Do not render (the trajectory and the summary are still written).
    #[arg(long)]
    pub no_render: bool,
    /// Body recording (.avtrrec) [default: assets/recordings/pose_demo_singleperson_cam01.avtrrec].
    #[arg(long)]
    pub pose: Option<PathBuf>,
    /// Face recording (.avtrrec) [default: assets/recordings/face_carphone.avtrrec].
    #[arg(long)]
    pub face: Option<PathBuf>,
    /// Hands recording (.avtrrec; its hand frames are played) [default:
    /// assets/recordings/hands_fingerpose.avtrrec].
    #[arg(long)]
    pub hands: Option<PathBuf>,
    /// The avatar's stiffness multiplier (live parameter `stiffness`).
    #[arg(long, default_value_t = 1.0)]
    pub stiffness: f32,
    /// The avatar's damping, 1/s (live parameter `damping`).
    #[arg(long, default_value_t = 2.0)]
    pub damping: f32,
    /// Motion capture played after the recordings (BVH with CMU joint names)
    /// [default: assets/fixtures/cmu_01_01_jumps960.bvh].
    #[arg(long)]
    pub jumps: Option<PathBuf>,
    /// Leave out the jumps.
    #[arg(long, conflicts_with = "jumps")]
    pub no_jumps: bool,
    /// The second avatar, a VRM with spring bones [default: assets/fixtures/avatars/anny_springs_vrm1.vrm].
    #[arg(long, value_name = "VRM")]
    pub springs_avatar: Option<PathBuf>,
    /// Leave out the spring-bone avatar.
    #[arg(long, conflicts_with = "springs_avatar")]
    pub no_springs_avatar: bool,
    /// Output folder (demo-summary.json, demo-trajectory.json, demo/).
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Watch the demo live in a browser (`--web`: http://127.0.0.1:8080/).
    #[command(flatten)]
    pub web: avatar_lab::args::WebArgs,
}

/// The checked arguments.
struct Plan {
    pose: (PathBuf, Arc<Recording>),
    face: (PathBuf, Arc<Recording>),
    hands: (PathBuf, Arc<Recording>),
    /// How long the trackers play.
    play: Duration,
    /// The jumps, played once after the recordings (root positions still relative to the start).
    jumps: Option<(PathBuf, Vec<avatar_schema::RigFrame>)>,
}

/// Silence between the recordings and the jumps: the pose is held, then eases to rest (`SimParams`'
/// `ease_after` 2 s + `ease_duration` 1 s), so the jumps start from rest rather than from a jolt.
const JUMPS_GAP: Duration = Duration::from_millis(3500);
/// Collected after the jumps' last frame, to see the flesh settle.
const JUMPS_SETTLE: Duration = Duration::from_millis(1500);
/// Then no input at all for this long: the avatar holds its pose, eases to rest and breathes (issue 22: the
/// idle breathing ramps in once the input has been silent for `hold_after`; one breath takes 4 s).
const IDLE: Duration = Duration::from_millis(7000);
/// Where in [`IDLE`] the summary's `idle` phase starts: after the ease to rest, before the second breath's peak.
const IDLE_AFTER_EASE: Duration = Duration::from_millis(3500);

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
        if !(self.film_fps.is_finite() && self.film_fps > 0.0 && self.film_fps <= 60.0) {
            bail!("--film-fps must be in (0, 60], got {}", self.film_fps);
        }
        let pose = trackers::load_recording(self.pose.as_deref(), POSE_RECORDING, "--pose")?;
        let face = trackers::load_recording(self.face.as_deref(), FACE_RECORDING, "--face")?;
        let hands = trackers::load_recording(self.hands.as_deref(), HANDS_RECORDING, "--hands")?;
        let hand_frames = trackers::only(&hands.1, |m| matches!(m, avatar_schema::Message::Hand(_)));
        if hand_frames.records.is_empty() {
            bail!("--hands {}: the recording has no hand frames", hands.0.display());
        }
        let hands = (hands.0, Arc::new(hand_frames));
        let play = match self.seconds {
            Some(s) => Duration::from_secs_f64(s),
            // `--loops` passes of the body, and at least one whole pass of the hands (the longer recording)
            None => (trackers::period(&pose.1) * loops).max(trackers::period(&hands.1)),
        };
        if play.as_secs_f64() > MAX_SECONDS {
            bail!("--loops {loops} would play for {:.0} s, more than {MAX_SECONDS} s", play.as_secs_f64());
        }
        let jumps = if self.no_jumps {
            None
        } else {
            let path = avatar_lab::motion::jumps::path(self.jumps.as_deref())?;
            let frames = avatar_lab::motion::jumps::frames(&path, "demo/jumps")
                .with_context(|| "--jumps".to_string())?;
            Some((path, frames))
        };
        Ok(Plan { pose, face, hands, play, jumps })
    }

    /// The daemon's configuration: loopback port 0 (the daemon reports the ports it got), the demo's tick
    /// rate and the avatar's live parameters.
    fn daemon_config(&self) -> Result<RunConfig> {
        let endpoints = Endpoints::loopback_any_port();
        let mut config = RunConfig { endpoints, tick_hz: self.tick_hz, ..RunConfig::default() };
        self.web.apply(&mut config.web)?;
        for avatar in &mut config.avatars {
            avatar.params = avatar
                .params
                .with("stiffness", self.stiffness)
                .and_then(|p| p.with("damping", self.damping))
                .map_err(anyhow::Error::msg)?;
        }
        config.validate()?;
        Ok(config)
    }
}

/// The demo's avatar, loaded (a first run precomputes it).
pub struct Avatar {
    loaded: Arc<LoadedAvatar>,
    asset_path: PathBuf,
    load_s: f64,
    /// The spring-bone avatar, when it is part of the demo.
    springs: Option<Arc<LoadedAvatar>>,
}

async fn load_avatar(config: &mut RunConfig, a: &DemoArgs) -> Result<(Vec<AvatarHandle>, Avatar)> {
    let cache = avatar_lab::args::CacheDirArg::default().cache();
    let vrm = match &a.springs_avatar {
        Some(p) => Some(p.clone()),
        None if a.no_springs_avatar => None,
        // the committed file is found from the checkout's root; elsewhere the demo goes on without it
        None => Some(PathBuf::from(springs::SPRINGS_AVATAR)).filter(|p| {
            let found = p.is_file();
            if !found {
                eprintln!(
                    "demo: {} not found (run from the checkout's root): no spring-bone avatar",
                    p.display()
                );
            }
            found
        }),
    };
    if let Some(vrm) = vrm {
        eprintln!("demo: importing the spring-bone avatar {} (cached after the first run)", vrm.display());
        let c = cache.clone();
        let path = tokio::task::spawn_blocking(move || springs::import(&vrm, c.as_ref())).await??;
        let mut spec = avatard::AvatarSpec::new(springs::ID);
        spec.asset = path.display().to_string();
        config.avatars.push(spec);
        config.validate()?;
    }
    match &cache {
        Some(c) => eprintln!(
            "demo: loading the default avatar (a first run precomputes it, about 30 s; cached in {})",
            c.dir().display()
        ),
        None => eprintln!("demo: building the default avatar (no cache directory: about 30 s on every run)"),
    }
    let started = Instant::now();
    let load_config = config.clone();
    let handles = tokio::task::spawn_blocking(move || avatard::load_avatars(&load_config, cache.as_ref()))
        .await
        .context("loading the avatars")??;
    let load_s = started.elapsed().as_secs_f64();
    let handle =
        handles.iter().find(|h| h.id == AVATAR).context("the default configuration has no default avatar")?;
    let loaded = handle.avatar.clone().context("the default avatar has no asset")?;
    let asset_path = handle.asset_path.clone().context("the default avatar has no asset file")?;
    let springs = handles.iter().find(|h| h.id == springs::ID).and_then(|h| h.avatar.clone());
    eprintln!(
        "demo: default avatar ready in {load_s:.1} s ({} tets, {} rig parameters, {} z), asset {}",
        loaded.tets(),
        loaded.num_p(),
        loaded.num_z(),
        asset_path.display()
    );
    Ok((handles, Avatar { loaded, asset_path, load_s, springs }))
}

/// The daemon, running in this process until `stop` is sent.
struct Daemon {
    /// Its endpoints as bound.
    endpoints: Endpoints,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<()>>,
    metrics: Arc<Metrics>,
}

async fn start_daemon(config: RunConfig, handles: Vec<AvatarHandle>) -> Result<Daemon> {
    let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let tick_hz = config.tick_hz;
    let task = tokio::spawn(avatard::run(
        config,
        handles,
        async {
            stop_rx.await.ok();
        },
        move |r| {
            let _ = ready_tx.send((r.metrics.clone(), r.web, r.endpoints.clone()));
        },
    ));
    let (metrics, web, endpoints) = match ready_rx.await {
        Ok(m) => m,
        // `on_ready` was dropped uncalled: the daemon failed to start
        Err(_) => {
            return Err(task.await?.err().unwrap_or_else(|| anyhow::anyhow!("the daemon did not start")))
        }
    };
    eprintln!(
        "demo: daemon up (input {}, state {}, control {}, {tick_hz} Hz)",
        endpoints.input[0], endpoints.state, endpoints.control
    );
    if let Some(addr) = web {
        eprintln!("demo: watch it live at http://{addr}/");
    }
    Ok(Daemon { endpoints, stop, task, metrics })
}

/// The subscriber, live (it has seen a state) before the trackers start: the daemon publishes rest states
/// until input comes.
struct Subscriber {
    playing: Arc<AtomicBool>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<collect::Collected>,
}

async fn subscribe(state: &str, thinning: collect::Thinning, id: &str) -> Result<Subscriber> {
    let mut sub = SubSocket::new();
    sub.connect(state).await.context("connecting the subscriber")?;
    sub.subscribe(&avatard::state_topic(id)).await?;
    let playing = Arc::new(AtomicBool::new(false));
    let (first_tx, first_rx) = tokio::sync::oneshot::channel();
    let (stop, stop_rx) = tokio::sync::oneshot::channel();
    let task = tokio::spawn(collect::collect(sub, playing.clone(), thinning, first_tx, stop_rx));
    tokio::time::timeout(Duration::from_secs(10), first_rx)
        .await
        .context("no state from the daemon within 10 s")?
        .context("the subscriber stopped")?;
    Ok(Subscriber { playing, stop, task })
}

/// The tracker publishers (body, face, jumps), connected (and their subscription propagated) before the clock
/// starts.
async fn connect_trackers(input: &str) -> Result<[TrackerPublisher; 4]> {
    let pose = TrackerPublisher::new(input, "demo/pose");
    let face = TrackerPublisher::new(input, "demo/face");
    // the hands recording's two sources go out as demo/hands/hand_left and demo/hands/hand_right
    let hands = TrackerPublisher::new(input, "demo/hands");
    let jumps = TrackerPublisher::new(input, "demo/jumps");
    let counts: [Arc<PublisherCounts>; 4] =
        [pose.counts.clone(), face.counts.clone(), hands.counts.clone(), jumps.counts.clone()];
    let deadline = Instant::now() + Duration::from_secs(10);
    while !counts.iter().all(|c| c.is_connected()) {
        if Instant::now() > deadline {
            bail!("the tracker publishers did not connect to {input} within 10 s");
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    Ok([pose, face, hands, jumps])
}

pub async fn demo(a: DemoArgs) -> Result<()> {
    let wall = Instant::now();
    let plan = a.plan()?;
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    let mut config = a.daemon_config()?;
    let (handles, avatar) = load_avatar(&mut config, &a).await?;
    // the jumps, their root positions moved to where the avatar's root rests
    let jumps_rec = plan.jumps.map(|(path, mut frames)| {
        avatar_lab::motion::jumps::offset_root(
            &mut frames,
            avatar_lab::motion::jumps::rest_root(&avatar.loaded.asset.sim.rig),
        );
        (path, Arc::new(avatar_lab::motion::jumps::recording(frames)))
    });
    // filmed at half speed: the jumps and their settling (times from the trackers' start)
    let half_speed = jumps_rec.as_ref().map(|(_, rec)| {
        let from = (plan.play + JUMPS_GAP).as_secs_f64();
        (from, from + (trackers::period(rec) + JUMPS_SETTLE).as_secs_f64())
    });
    // filmed at half the frame rate (each state for two frames): once the flesh has settled after the
    // recordings, the hold and the slow ease to rest before the jumps; and the last phase without input, the
    // ease and the breathing
    let silence = (plan.play + JUMPS_SETTLE).as_secs_f64();
    let sparse = match half_speed {
        Some((from, to)) => [(silence, from), (to, f64::INFINITY)],
        None => [(silence, f64::INFINITY), (0.0, 0.0)],
    };
    let thinning = collect::Thinning::new(1.0 / a.render_fps, 1.0 / a.film_fps, half_speed, sparse);
    let daemon = start_daemon(config, handles).await?;
    let endpoints = daemon.endpoints.clone();
    let subscriber = subscribe(&endpoints.state, thinning, AVATAR).await?;
    let springs_sub = match &avatar.springs {
        Some(_) => Some(subscribe(&endpoints.state, thinning, springs::ID).await?),
        None => None,
    };
    let [pose_pub, face_pub, hands_pub, jumps_pub] = connect_trackers(&endpoints.input[0]).await?;

    eprintln!(
        "demo: replaying {} ({} frames, {:.2} s), {} ({} frames, {:.2} s) and the hands of {} ({} frames, {:.2} s) \
         for {:.2} s",
        plan.pose.0.display(),
        plan.pose.1.records.len(),
        plan.pose.1.duration_ns() as f64 * 1e-9,
        plan.face.0.display(),
        plan.face.1.records.len(),
        plan.face.1.duration_ns() as f64 * 1e-9,
        plan.hands.0.display(),
        plan.hands.1.records.len(),
        plan.hands.1.duration_ns() as f64 * 1e-9,
        plan.play.as_secs_f64()
    );
    let before = daemon.metrics.stats();
    let setup_s = wall.elapsed().as_secs_f64();
    // The trackers' clock against the solver's is random, as a camera's would be: recorded frame times are
    // multiples of the tick period, so a fixed start would put every frame at the same point of the tick
    // (anywhere from just before the solver reads its input to just after) and bias the latency either way.
    let phase = Duration::from_secs_f64(rand::random::<f64>() / a.tick_hz as f64);
    let start = tokio::time::Instant::now() + Duration::from_millis(20) + phase;
    let end = start + plan.play;
    subscriber.playing.store(true, Relaxed);
    if let Some(s) = &springs_sub {
        s.playing.store(true, Relaxed);
    }
    let pose_task = tokio::spawn(trackers::play(plan.pose.1.clone(), pose_pub, start, end));
    let face_task = tokio::spawn(trackers::play(plan.face.1.clone(), face_pub, start, end));
    let hands_task = tokio::spawn(trackers::play(plan.hands.1.clone(), hands_pub, start, end));
    let pose = pose_task.await?;
    let face = face_task.await?;
    let hands = hands_task.await?;
    // The jumps, once, from rest.
    let webcam_s = plan.play.as_secs_f64();
    let mut phases = vec![("webcam", 0.0, webcam_s)];
    let (jumps, end) = match jumps_rec {
        Some((path, rec)) => {
            let jstart = end + JUMPS_GAP;
            let jend = jstart + trackers::period(&rec);
            eprintln!(
                "demo: then the jumps {} ({} frames, {:.2} s) after {:.1} s of silence",
                path.display(),
                rec.records.len(),
                rec.duration_ns() as f64 * 1e-9,
                JUMPS_GAP.as_secs_f64()
            );
            let from = jstart.duration_since(start).as_secs_f64();
            // the silence between: held, then eased to rest
            phases.push(("ease", webcam_s, from));
            phases.push(("jumps", from, from + (jend - jstart + JUMPS_SETTLE).as_secs_f64()));
            let report = trackers::play(rec, jumps_pub, jstart, jend).await;
            (Some((report, path)), jend + JUMPS_SETTLE)
        }
        None => (None, end),
    };
    // Nobody tracks: the avatar holds its last pose, eases to rest (`ease_after` + `ease_duration`, 3 s by
    // default) and breathes (chest and belly, paper 003's modal actuation, from `hold_after`). The summary's
    // `idle` phase starts once the ease is over, so that it shows the breathing, not the ease's own jiggle.
    let idle_from = end.duration_since(start).as_secs_f64();
    phases.push(("idle", idle_from + IDLE_AFTER_EASE.as_secs_f64(), idle_from + IDLE.as_secs_f64()));
    let end = end + IDLE;
    tokio::time::sleep_until(end + TAIL).await;
    let _ = subscriber.stop.send(());
    let mut collected = subscriber.task.await?;
    // the film shows what was played, in real time: not the tail's states
    collected.trim_film(end.duration_since(start).as_secs_f64());
    let mut springs_collected = match springs_sub {
        Some(s) => {
            let _ = s.stop.send(());
            let mut c = s.task.await?;
            c.trim_film(end.duration_since(start).as_secs_f64());
            Some(c)
        }
        None => None,
    };
    let after = daemon.metrics.stats();
    let mut played =
        vec![("pose", &pose, &plan.pose.0), ("face", &face, &plan.face.0), ("hands", &hands, &plan.hands.0)];
    if let Some((report, path)) = &jumps {
        played.push(("jumps", report, path));
    }
    let sources = summary::sources(&played);
    drop(played);
    drop((pose, face, hands, jumps));
    let _ = daemon.stop.send(());
    daemon.task.await??;
    let replayed = Instant::now();

    // The trajectory and its rendering.
    let asset_hash = avatar_sim::asset::hex(&avatar.loaded.hash);
    let traj_path = a.out.join("demo-trajectory.json");
    render::write_trajectory(&traj_path, &asset_hash, 1.0 / a.render_fps, &collected.steps)?;
    eprintln!(
        "demo: wrote {} ({} steps at {} fps)",
        traj_path.display(),
        collected.steps.len(),
        a.render_fps
    );
    // The films, while the summary's figures are computed: the default avatar's flesh views drawn by one thread
    // per core (on a software rasterizer most of a frame's drawing runs on the thread that draws it), and the
    // spring-bone avatar's body alongside.
    let film_task = |asset: Arc<avatar_sim::asset::Asset>,
                     film: Vec<(render::TrajectoryStep, u32)>,
                     shot,
                     out: PathBuf| {
        let (fps, png) = (a.film_fps, a.png_frames);
        (!a.no_render).then(|| {
            tokio::task::spawn_blocking(move || {
                render::render(&asset, &film, fps, half_speed, png, shot, &out)
            })
        })
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let film = std::mem::take(&mut collected.film);
    let flesh_shot = render::Shot::Flesh { workers };
    let default_film = film_task(avatar.loaded.asset.clone(), film, flesh_shot, a.out.join("demo"));
    let springs_film = match (&avatar.springs, &mut springs_collected) {
        (Some(loaded), Some(c)) => {
            let film = std::mem::take(&mut c.film);
            film_task(loaded.asset.clone(), film, render::Shot::Body, a.out.join("demo-springs"))
        }
        _ => None,
    };
    let flesh = summary::flesh(&avatar.loaded.asset, &collected.steps, &phases);
    let mut springs = match (&avatar.springs, &springs_collected) {
        (Some(loaded), Some(c)) => {
            let mut s = springs::summary(&loaded.asset, &c.steps);
            s["flesh"] = summary::flesh(&loaded.asset, &c.steps, &phases);
            s["states_received"] = c.states.into();
            s
        }
        _ => serde_json::json!({"skipped": "--no-springs-avatar"}),
    };
    let filmed = |r: Option<Result<render::Rendered>>| -> Result<serde_json::Value> {
        Ok(match r {
            None => serde_json::json!({"skipped": "--no-render"}),
            Some(Ok(r)) => serde_json::to_value(&r)?,
            Some(Err(e)) => {
                eprintln!("demo: not rendered: {e:#}");
                serde_json::json!({"skipped": format!("{e:#}")})
            }
        })
    };
    let rendered = match default_film {
        Some(t) => filmed(Some(t.await?))?,
        None => filmed(None)?,
    };
    if springs["skipped"].is_null() {
        springs["render"] = match springs_film {
            Some(t) => filmed(Some(t.await?))?,
            None => filmed(None)?,
        };
    }
    let (film_s, wall_s) = (replayed.elapsed().as_secs_f64(), wall.elapsed().as_secs_f64());
    let timings = [("setup", setup_s), ("replay", wall_s - setup_s - film_s), ("film", film_s)];
    let run = summary::Run {
        args: &a,
        played: Duration::from_secs_f64(end.duration_since(start).as_secs_f64()),
        phase,
        avatar: &avatar,
        asset_hash: &asset_hash,
        before: &before,
        after: &after,
        sources,
        collected: &collected,
        trajectory: &traj_path,
        rendered,
        wall_s,
        timings: &timings,
        flesh,
        springs,
    };
    let summary = summary::summary(&run);
    let path = a.out.join("demo-summary.json");
    avatar_lab::util::write_json(&path, &summary)?;
    summary::print(&summary);
    println!("summary: {}", path.display());
    Ok(())
}
