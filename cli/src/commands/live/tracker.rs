//! The MediaPipe tracker bridge (`python -m avatar_tracker`) as a supervised child of `avatard live`: found
//! and checked before anything else starts, restarted when it dies, its output shown, killed on stop.
//!
//! The child gets `--exit-with-parent` and a pipe on its standard input: however `avatard live` ends (Ctrl-C, a
//! crash, a kill), the pipe closes and the tracker stops itself, so no tracker outlives its daemon.

use anyhow::{bail, Result};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::watch;

/// What the tracker reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A webcam by index.
    Camera(u32),
    /// A video file played as a live camera (paced at its frame rate, looped).
    Video(PathBuf),
}

/// Where the tracker's Python was looked for, in order (the first that exists is used): `--python`,
/// `$AVATARD_TRACKER_PYTHON`, the checkout's `.venv` (the one `cargo xtask setup tracker` makes).
pub fn python_candidates(
    flag: Option<PathBuf>,
    env: Option<OsString>,
    checkout: &Path,
    windows: bool,
) -> Vec<PathBuf> {
    if let Some(p) = flag {
        return vec![p];
    }
    if let Some(p) = env.filter(|v| !v.is_empty()) {
        return vec![PathBuf::from(p)];
    }
    vec![venv_python(&checkout.join(".venv"), windows)]
}

/// A venv's Python: `Scripts\python.exe` on Windows, `bin/python` elsewhere.
pub fn venv_python(venv: &Path, windows: bool) -> PathBuf {
    if windows {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    }
}

/// The checkout this binary was built from (`cargo run`, `cargo install --path cli`): its `.venv` holds the
/// tracker's Python.
pub fn checkout() -> PathBuf {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    cli.parent().unwrap_or(cli).to_path_buf()
}

/// The one line `avatard live` prints (exit code 2) when the tracker's Python cannot run the tracker.
pub fn missing_python_line(tried: &Path, why: &str) -> String {
    format!(
        "avatard live: the tracker's Python environment is missing or incomplete ({}: {why}); make it with \
         `cargo xtask setup tracker` in the avatar runtime's checkout, or pass --python PATH",
        tried.display()
    )
}

/// Check that `python` exists and imports the tracker and MediaPipe; `Err` is the reason, for
/// [`missing_python_line`].
pub async fn check_python(python: &Path) -> Result<(), String> {
    if !python.is_file() {
        return Err("not found".into());
    }
    let out = Command::new(python)
        .args(["-c", "import avatar_tracker, mediapipe"])
        .stdin(Stdio::null())
        .kill_on_drop(true)
        .output();
    match tokio::time::timeout(Duration::from_secs(60), out).await {
        Err(_) => Err("importing avatar_tracker and mediapipe took over 60 s".into()),
        Ok(Err(e)) => Err(format!("cannot start it: {e}")),
        Ok(Ok(o)) if o.status.success() => Ok(()),
        Ok(Ok(o)) => {
            let err = String::from_utf8_lossy(&o.stderr);
            let last = err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("it failed");
            Err(last.trim().to_owned())
        }
    }
}

/// MediaPipe's pose model, for either tracker (`--pose-model`): lite is the default of both (measured against
/// full on the committed clips in docs/live/issue54.md: as accurate on limbs, faster in the browser).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum PoseModel {
    #[default]
    Lite,
    Full,
}

impl PoseModel {
    /// The name both trackers take (`--pose-model NAME`, the capture page's `pose_model=NAME`).
    pub fn as_str(self) -> &'static str {
        match self {
            PoseModel::Lite => "lite",
            PoseModel::Full => "full",
        }
    }
}

/// The child's command line: `PYTHON -m avatar_tracker SOURCE --pose-model M --connect INPUT --exit-with-parent`.
pub fn tracker_args(source: &Source, input: &str, pose_model: PoseModel) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec!["-m".into(), "avatar_tracker".into()];
    match source {
        Source::Camera(n) => args.extend(["--camera".into(), n.to_string().into()]),
        Source::Video(path) => {
            args.extend(["--video".into(), path.clone().into_os_string(), "--realtime".into()]);
        }
    }
    args.extend(["--pose-model".into(), pose_model.as_str().into()]);
    args.extend(["--connect".into(), input.into(), "--exit-with-parent".into()]);
    args
}

/// The supervisor's counters, shown in the status line.
#[derive(Debug, Default)]
pub struct TrackerCounters {
    /// Times the tracker was started again after it died (not counting a video's replays).
    pub restarts: AtomicU64,
    /// Times a video source ended and was played again.
    pub replays: AtomicU64,
}

/// What to do after the child ended.
#[derive(Debug, PartialEq)]
pub enum AfterExit {
    /// Play the video again at once (it ended normally).
    Replay,
    /// Start it again after this wait.
    Restart(Duration),
    /// Stop: the tracker refused its configuration (exit code 2: no model, no such camera or file), or it keeps
    /// dying right after it starts.
    GiveUp(String),
}

/// The restart policy: a video that ended normally is replayed; exit code 2 (the tracker's "cannot run as
/// configured") gives up; any other end restarts after a wait that doubles with each quick death (0.5 s up to
/// 8 s), and five deaths in a row each within 10 s of their start give up.
pub fn after_exit(source: &Source, code: Option<i32>, ran: Duration, quick_deaths: &mut u32) -> AfterExit {
    if code == Some(0) && matches!(source, Source::Video(_)) && ran > Duration::from_secs(1) {
        *quick_deaths = 0;
        return AfterExit::Replay;
    }
    if code == Some(2) {
        return AfterExit::GiveUp("the tracker cannot run as configured (its message is above)".into());
    }
    if ran >= Duration::from_secs(10) {
        *quick_deaths = 0;
    }
    *quick_deaths += 1;
    if *quick_deaths >= 5 {
        return AfterExit::GiveUp(format!(
            "the tracker died {quick_deaths} times in a row within 10 s of starting"
        ));
    }
    AfterExit::Restart(Duration::from_millis(500 << (*quick_deaths - 1).min(4)))
}

/// Run the tracker until `stop` turns true, restarting it by [`after_exit`]. Every line it prints is shown
/// (prefixed `tracker:`) through `say`; `started` hears each child's process id. Returns `Err` when the policy
/// gives up.
pub async fn supervise(
    python: PathBuf,
    source: Source,
    pose_model: PoseModel,
    input: String,
    counters: Arc<TrackerCounters>,
    say: Arc<dyn Fn(&str) + Send + Sync>,
    mut stop: watch::Receiver<bool>,
) -> Result<()> {
    let args = tracker_args(&source, &input, pose_model);
    let mut quick_deaths = 0;
    loop {
        let started = Instant::now();
        let mut child = spawn(&python, &args, &say)?;
        // held until the stop (`Child::wait` would close it: the tracker would take that for its parent's end)
        let lifeline = child.stdin.take();
        let pid = child.id().unwrap_or(0);
        println!("avatard live: tracker started (pid {pid})");
        let status = tokio::select! {
            s = child.wait() => s?,
            _ = stopped(&mut stop) => {
                end(&mut child, lifeline).await;
                return Ok(());
            }
        };
        let ran = started.elapsed();
        let code = status.code();
        match after_exit(&source, code, ran, &mut quick_deaths) {
            AfterExit::Replay => {
                counters.replays.fetch_add(1, Relaxed);
                say("tracker: the video ended; playing it again");
            }
            AfterExit::Restart(wait) => {
                let n = counters.restarts.fetch_add(1, Relaxed) + 1;
                say(&format!(
                    "tracker: exited ({status}) after {:.1} s; restarting in {:.1} s (restart {n})",
                    ran.as_secs_f64(),
                    wait.as_secs_f64()
                ));
                tokio::select! {
                    _ = tokio::time::sleep(wait) => {}
                    _ = stopped(&mut stop) => return Ok(()),
                }
            }
            AfterExit::GiveUp(why) => bail!("{why} (it exited: {status})"),
        }
    }
}

fn spawn(python: &Path, args: &[OsString], say: &Arc<dyn Fn(&str) + Send + Sync>) -> Result<Child> {
    let mut child = Command::new(python)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| anyhow::anyhow!("starting the tracker ({}): {e}", python.display()))?;
    for stream in [child.stdout.take().map(boxed), child.stderr.take().map(boxed)].into_iter().flatten() {
        let say = say.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stream).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let line = line.strip_prefix("avatar_tracker: ").unwrap_or(&line);
                say(&format!("tracker: {line}"));
            }
        });
    }
    Ok(child)
}

fn boxed(
    r: impl tokio::io::AsyncRead + Send + Unpin + 'static,
) -> Box<dyn tokio::io::AsyncRead + Send + Unpin> {
    Box::new(r)
}

/// Resolves once `stop` is true (or its sender is gone).
pub async fn stopped(stop: &mut watch::Receiver<bool>) {
    while !*stop.borrow_and_update() {
        if stop.changed().await.is_err() {
            return;
        }
    }
}

/// Stop the child: close its standard input (it stops itself and prints its summary), kill it if it has not
/// ended within a second.
async fn end(child: &mut Child, lifeline: Option<tokio::process::ChildStdin>) {
    drop(lifeline);
    if tokio::time::timeout(Duration::from_secs(1), child.wait()).await.is_err() {
        let _ = child.start_kill();
        let _ = tokio::time::timeout(Duration::from_millis(500), child.wait()).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_python_is_the_flag_then_the_environment_then_the_checkouts_venv() {
        let co = Path::new("repo");
        assert_eq!(python_candidates(Some("p".into()), Some("e".into()), co, false), [PathBuf::from("p")]);
        assert_eq!(python_candidates(None, Some("e".into()), co, false), [PathBuf::from("e")]);
        assert_eq!(
            python_candidates(None, Some("".into()), co, false),
            [co.join(".venv").join("bin").join("python")]
        );
        assert_eq!(
            python_candidates(None, None, co, true),
            [co.join(".venv").join("Scripts").join("python.exe")]
        );
    }

    #[test]
    fn a_video_is_paced_and_every_child_exits_with_its_parent() {
        let a = tracker_args(&Source::Video("clip.mp4".into()), "tcp://127.0.0.1:5560", PoseModel::Full);
        let a: Vec<&str> = a.iter().map(|s| s.to_str().unwrap()).collect();
        assert_eq!(
            a,
            [
                "-m",
                "avatar_tracker",
                "--video",
                "clip.mp4",
                "--realtime",
                "--pose-model",
                "full",
                "--connect",
                "tcp://127.0.0.1:5560",
                "--exit-with-parent"
            ]
        );
        let c = tracker_args(&Source::Camera(1), "tcp://x:1", PoseModel::default());
        assert_eq!(c[2..6], ["--camera".into(), OsString::from("1"), "--pose-model".into(), "lite".into()]);
    }

    #[test]
    fn restarts_back_off_replay_videos_and_give_up_on_configuration_errors_and_crash_loops() {
        let video = Source::Video("v.mp4".into());
        let cam = Source::Camera(0);
        let s = Duration::from_secs;
        let mut q = 0;
        assert_eq!(after_exit(&video, Some(0), s(20), &mut q), AfterExit::Replay);
        assert!(matches!(after_exit(&cam, Some(2), s(20), &mut q), AfterExit::GiveUp(_)));
        assert!(matches!(after_exit(&video, Some(2), s(20), &mut q), AfterExit::GiveUp(_)));
        // quick deaths: 0.5, 1, 2, 4 s, then give up
        let mut q = 0;
        let waits: Vec<AfterExit> = (0..4).map(|_| after_exit(&cam, None, s(1), &mut q)).collect();
        assert_eq!(waits, [500, 1000, 2000, 4000].map(|ms| AfterExit::Restart(Duration::from_millis(ms))));
        assert!(matches!(after_exit(&cam, Some(1), s(1), &mut q), AfterExit::GiveUp(_)));
        // a long run resets the count
        let mut q = 4;
        assert_eq!(after_exit(&cam, Some(1), s(60), &mut q), AfterExit::Restart(Duration::from_millis(500)));
        assert_eq!(q, 1);
        // a camera that ends normally is restarted, not replayed
        let mut q = 0;
        assert_eq!(after_exit(&cam, Some(0), s(60), &mut q), AfterExit::Restart(Duration::from_millis(500)));
    }
}
