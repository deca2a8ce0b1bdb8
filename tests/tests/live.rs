//! `avatard live` as a user runs it, with a committed video file played as the camera and the real MediaPipe
//! tracker (the project venv's, which `cargo xtask test` sets up): the tracker drives the avatar; killed, it is
//! restarted and counted; Ctrl-C (SIGINT; Ctrl-Break on Windows) ends every process within 2 s. And without the
//! tracker's Python: one line and exit code 2. With the browser capture (issue 48): the capture page and its
//! MediaPipe files are served, and files that cannot be fetched are a clear error.

use avatar_e2e::{
    avatard_exe, capture_assets, control, eventually, own_process_group, parse_listening, repo_root,
    scratch_dir, warm_default_avatar,
};
use avatar_e2e::{Eps, Python};
use avatar_schema::{Request, Response};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sysinfo::{Pid, ProcessesToUpdate, System};

const EXE: &str = avatard_exe!();
const CLIP: &str = "assets/clips/grounding_jumps_side.mp4";

fn alive(pid: u32) -> bool {
    let mut sys = System::new();
    let pid = Pid::from_u32(pid);
    sys.refresh_processes(ProcessesToUpdate::Some(&[pid]), true);
    sys.process(pid).is_some_and(|p| !matches!(p.status(), sysinfo::ProcessStatus::Zombie))
}

fn kill(pid: u32) {
    let mut sys = System::new();
    let pid = Pid::from_u32(pid);
    sys.refresh_processes(ProcessesToUpdate::Some(&[pid]), true);
    assert!(sys.process(pid).expect("the tracker's process").kill(), "killing the tracker {pid}");
}

/// Lines of a child's stream, read on a thread of their own.
fn lines(stream: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            eprintln!("  live| {line}");
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The next line containing `want`, within `timeout`.
fn wait_for(rx: &mpsc::Receiver<String>, want: &str, timeout: Duration) -> String {
    let deadline = Instant::now() + timeout;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(l) if l.contains(want) => return l,
            Ok(_) => {}
            Err(_) => break,
        }
    }
    panic!("no line with {want:?} within {timeout:?}")
}

fn tracker_pid(line: &str) -> u32 {
    let n = line.rsplit("(pid ").next().unwrap().trim_end_matches(')');
    n.parse().unwrap_or_else(|_| panic!("no pid in {line:?}"))
}

async fn counter(control_ep: &str, name: &str) -> u64 {
    let r = control(control_ep, Request::GetStats).await.expect("GetStats");
    match r.response {
        Some(Response::Stats(s)) => s.counter(name).unwrap_or(0),
        other => panic!("unexpected reply {other:?}"),
    }
}

/// Ask `avatard live` to stop as a user's Ctrl-C does.
fn ctrl_c(child: &Child) {
    #[cfg(unix)]
    {
        // SAFETY: kill(2) on our own child's pid has no memory-safety preconditions.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    }
    #[cfg(not(unix))]
    avatar_e2e::request_stop(child).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_restarts_a_killed_tracker_and_ctrl_c_leaves_no_process() {
    let python = Python::path();
    warm_default_avatar(EXE).unwrap();
    // every socket on port 0: `avatard live` prints where it bound (`avatard live: listening {...}`)
    let eps = Eps::tcp();
    let mut cmd = Command::new(EXE);
    own_process_group(&mut cmd);
    let mut child = cmd
        .args(["live", "--video", CLIP, "--web", "127.0.0.1:0", "--input", &eps.input, "--state", &eps.state])
        .args(["--control", &eps.control])
        .arg("--python")
        .arg(&python)
        .current_dir(repo_root())
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting avatard live");
    let out = lines(child.stdout.take().unwrap());
    let err = lines(child.stderr.take().unwrap());

    let listening = wait_for(&out, "avatard live: listening", Duration::from_secs(120));
    let (eps, web) = parse_listening(listening.trim_start_matches("avatard live: listening")).unwrap();
    let web = web.expect("the web output's address");
    let viewer = wait_for(&out, "avatard live: viewer", Duration::from_secs(10));
    assert_eq!(viewer, format!("avatard live: viewer http://{web}/"));
    let first = tracker_pid(&wait_for(&out, "tracker started", Duration::from_secs(10)));
    // the tracker drives the avatar: MediaPipe's body frames arrive
    assert!(
        eventually(Duration::from_secs(60), || async {
            counter(&eps.control, "input.pose_frames").await > 5
        })
        .await,
        "no body frames from the tracker"
    );

    // killed as a crash would: restarted, counted, and frames come again
    kill(first);
    let restarted = wait_for(&err, "restart 1", Duration::from_secs(10));
    assert!(restarted.contains("restarting"), "{restarted}");
    let second = tracker_pid(&wait_for(&out, "tracker started", Duration::from_secs(10)));
    assert_ne!(first, second);
    assert!(!alive(first));
    let before = counter(&eps.control, "input.pose_frames").await;
    assert!(
        eventually(Duration::from_secs(60), || async {
            counter(&eps.control, "input.pose_frames").await > before + 5
        })
        .await,
        "no body frames after the restart"
    );
    let status = wait_for(&err, "status: camera", Duration::from_secs(10));
    assert!(status.contains("tracker restarts 1"), "{status}");

    // Ctrl-C: avatard and its tracker are gone within 2 s
    let asked = Instant::now();
    ctrl_c(&child);
    let code = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if asked.elapsed() > Duration::from_secs(2) {
            let _ = child.kill();
            panic!("avatard live still running 2 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    while alive(second) && asked.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    println!("Ctrl-C: avatard exited ({code}) and the tracker is gone after {:?}", asked.elapsed());
    assert!(!alive(second), "the tracker {second} outlived avatard live by 2 s");
    assert!(code.success(), "{code}");
}

/// `avatard live --python PYTHON` that cannot run the tracker: exit code 2 and one line on stderr, naming
/// the command that makes the environment and containing `why`; nothing on stdout (nothing started).
fn refused_with_one_line(python: &std::path::Path, why: &str) {
    let out = Command::new(EXE)
        .args(["live", "--web", "127.0.0.1:0", "--python"])
        .arg(python)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cargo xtask setup tracker") && stderr.contains(why), "{stderr}");
    assert!(out.stdout.is_empty());
}

/// Without the tracker's Python (a path that does not exist): one line, exit code 2.
#[test]
fn live_without_the_trackers_python_says_so_in_one_line_and_exits_2() {
    let empty = std::env::temp_dir().join(format!("avatard-live-no-python-{}", std::process::id()));
    let python = empty.join(if cfg!(windows) { "python.exe" } else { "python" });
    refused_with_one_line(&python, "not found");

    // the environment variable is used when --python is not given
    let out = Command::new(EXE)
        .args(["live", "--web", "127.0.0.1:0"])
        .env("AVATARD_TRACKER_PYTHON", &python)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&python.display().to_string()));
}

/// A Python that runs but has no tracker (the base interpreter the project venv was made from): the same one
/// line, with Python's own reason.
#[test]
fn live_with_a_python_without_the_tracker_says_so_in_one_line_and_exits_2() {
    let cfg = std::fs::read_to_string(repo_root().join(".venv").join("pyvenv.cfg")).unwrap_or_default();
    let Some(home) = cfg.lines().find_map(|l| l.strip_prefix("home = ")) else {
        println!("SKIPPED: no .venv/pyvenv.cfg to find the base Python");
        return;
    };
    let base = std::path::Path::new(home.trim()).join(if cfg!(windows) { "python.exe" } else { "python3" });
    let probe = Command::new(&base).args(["-c", "import avatar_tracker"]).output();
    if !probe.as_ref().is_ok_and(|o| !o.status.success()) {
        println!("SKIPPED: {} imports avatar_tracker (or does not run)", base.display());
        return;
    }
    refused_with_one_line(&base, "No module named");
}

/// Bad files on the command line, with a working tracker Python: a clear error naming the file, a failing exit
/// code, and nothing started (no address printed). A .vrm of garbage bytes fails in the importer.
#[test]
fn live_refuses_missing_unknown_and_broken_files_with_a_clear_error() {
    let python = Python::path();
    let dir = avatar_e2e::scratch_dir("live-bad-files");
    let garbage = dir.join("broken.vrm");
    std::fs::write(&garbage, b"glTF\x02\x00\x00\x00 not a model at all").unwrap();
    let unknown = dir.join("me.fbx");
    std::fs::write(&unknown, b"x").unwrap();
    let missing = dir.join("nope.vrm");
    let cases: [(Vec<std::ffi::OsString>, String); 4] = [
        (vec![missing.clone().into()], format!("{}: no such file", missing.display())),
        (vec![unknown.clone().into()], "not a .vrm, .glb or .avatar file".into()),
        (vec![garbage.clone().into()], format!("importing {}", garbage.display())),
        (vec!["--video".into(), dir.join("nope.mp4").into()], "no such file".into()),
    ];
    for (args, want) in cases {
        let out = Command::new(EXE)
            .args(["live", "--web", "127.0.0.1:0", "--cache-dir"])
            .arg(dir.join("cache"))
            .arg("--python")
            .arg(&python)
            .args(&args)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains(&want), "{args:?}: want {want:?} in {stderr}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("viewer"), "{args:?} started");
    }
}

/// `avatard live --capture browser`: no tracker process; it prints the capture page's address and serves the page
/// and its MediaPipe files (the ones `avatard setup capture --check` holds to their pins); Ctrl-C ends it.
#[test]
fn live_with_the_browser_capture_serves_the_page_and_its_files() {
    let assets = capture_assets("live-capture");
    let check =
        Command::new(EXE).args(["setup", "capture", "--check", "--dir"]).arg(&assets).output().unwrap();
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    warm_default_avatar(EXE).unwrap();
    let eps = Eps::tcp();
    let mut cmd = Command::new(EXE);
    own_process_group(&mut cmd);
    let mut child = cmd
        .args(["live", "--capture", "browser", "--web", "127.0.0.1:0", "--input", &eps.input])
        .args(["--state", &eps.state, "--control", &eps.control, "--capture-assets"])
        .arg(&assets)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = lines(child.stdout.take().unwrap());
    let _err = lines(child.stderr.take().unwrap());
    let line = wait_for(&out, "avatard live: capture http://", Duration::from_secs(120));
    let url = line.split_whitespace().nth(3).unwrap().to_owned();
    let base = url.trim_end_matches("capture.html").to_owned();
    let get = |u: &str| -> (u16, Vec<u8>) {
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let mut r = agent.get(u).call().unwrap();
        (r.status().as_u16(), r.body_mut().with_config().limit(64 << 20).read_to_vec().unwrap())
    };
    let (status, page) = get(&url);
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&page).contains("capture.js"), "the capture page");
    for file in [
        "wasm/vision_wasm_module_internal.wasm",
        "models/pose_landmarker_lite.task",
        "models/pose_landmarker_full.task",
    ] {
        let (status, body) = get(&format!("{base}capture/assets/{file}"));
        assert_eq!(status, 200, "{file}");
        assert_eq!(body, std::fs::read(assets.join(file)).unwrap(), "{file} served as it is");
    }
    assert_eq!(get(&format!("{base}capture/assets/../Cargo.toml")).0, 404);
    ctrl_c(&child);
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "avatard live did not stop on Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The first browser capture on a machine that cannot reach the registries: a clear error naming what it
/// fetched from where, a failing exit code, nothing started, nothing half-written left in the cache folder.
#[test]
fn live_with_the_browser_capture_and_no_registry_fails_clearly() {
    let empty = scratch_dir("live-no-registry");
    let out = Command::new(EXE)
        .args(["live", "--capture", "browser", "--web", "127.0.0.1:0", "--capture-assets"])
        .arg(&empty)
        // a mirror nothing listens on: refused at once, no network used
        .env("AVATARD_ASSET_MIRROR", "http://127.0.0.1:9")
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("http://127.0.0.1:9/") && stderr.contains("avatard setup capture"), "{stderr}");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("http://"), "nothing started");
    let left: Vec<_> = walk(&empty);
    assert!(left.is_empty(), "left in the cache folder: {left:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
