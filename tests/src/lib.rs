//! End-to-end test harness: real processes, real sockets, loopback only.
//!
//! # Layout
//! - [`Python`]/[`Peer`]: the project venv's interpreter running `tests/py/peer.py` (pyzmq peers that
//!   subscribe, publish, send trackers frames or control requests and print JSON lines).
//! - [`Daemon`]: the `avatard` daemon as a child process (the `avatard` binary of `cli/`, built from the current code).
//! - [`Eps`]: a daemon's endpoints: what a test asks for (tcp on port 0, or fresh ipc paths), and what the
//!   daemon bound ([`Daemon::eps`], from its ready line).
//! - [`control`]: one control request over a Rust REQ socket.
//!
//! The tests themselves are in `tests/tests/`, compiled as the `avatard-cli` package's integration tests
//! (`e2e_*` in `cli/Cargo.toml`) so that they run the real `avatard` binary. They fail, with a message saying what to do, when the venv is
//! missing: `cargo xtask test` creates it.
//!
//! # Ports
//! No test picks a port in advance: whoever binds asks for port 0 and says what it got. A daemon started
//! with [`Eps::tcp`] binds free ports and reports them on its ready line ([`Daemon::eps`], [`Daemon::web`]);
//! a socket a test binds itself (`bind(ANY_TCP)`) returns its endpoint; a pyzmq peer that binds prints
//! `READY <endpoint>`. A port, once bound, is nobody else's; a port that was free a moment ago may not be.

pub mod mtoon_variants;

use anyhow::{anyhow, bail, Context, Result};
use avatar_schema::{decode, encode, ControlRequest, ControlResponse, Message, Request};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use zeromq::{ReqSocket, Socket, SocketRecv, SocketSend, ZmqMessage};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// A unique scratch directory under the system temp dir (removed by the caller if it cares).
pub fn scratch_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "avatar-e2e-{tag}-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The capture page's MediaPipe files in a scratch folder, laid out as `avatard setup capture` writes them, copied
/// from what `cargo xtask test` set up without the network of a test: the module build of the web tasks' wasm
/// from the viewer's npm package (`@mediapipe/tasks-vision`, the version the fetcher pins) and the model bundles
/// of the Python tracker's setup (`out/models`, the same pins). `avatard setup capture --check` (run by the
/// caller) then holds them to the pinned sha256s. `$AVATARD_CAPTURE_ASSETS`, when set, is used as it is.
pub fn capture_assets(tag: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("AVATARD_CAPTURE_ASSETS").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let root = repo_root();
    let dir = scratch_dir(tag);
    let wasm = root.join("viewer/node_modules/@mediapipe/tasks-vision/wasm");
    for (from, to) in [
        (wasm.join("vision_wasm_module_internal.js"), "wasm/vision_wasm_module_internal.js"),
        (wasm.join("vision_wasm_module_internal.wasm"), "wasm/vision_wasm_module_internal.wasm"),
        (root.join("out/models/pose_landmarker_lite.task"), "models/pose_landmarker_lite.task"),
        (root.join("out/models/pose_landmarker_full.task"), "models/pose_landmarker_full.task"),
        (root.join("out/models/face_landmarker.task"), "models/face_landmarker.task"),
        (root.join("out/models/hand_landmarker.task"), "models/hand_landmarker.task"),
    ] {
        let to = dir.join(to);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap_or_else(|e| {
            panic!("{}: {e} (`cargo xtask setup` installs it; or set AVATARD_CAPTURE_ASSETS)", from.display())
        });
    }
    dir
}

/// Loopback tcp, port 0: bound here, a socket gets a port from the OS, and its `bind` returns the endpoint.
pub const ANY_TCP: &str = "tcp://127.0.0.1:0";

/// The three daemon endpoints of one test.
#[derive(Clone, Debug, PartialEq)]
pub struct Eps {
    pub input: String,
    pub state: String,
    pub control: String,
}

impl Eps {
    /// Loopback tcp on port 0, for a daemon to bind: it takes free ports and reports them ([`Daemon::eps`]).
    pub fn tcp() -> Eps {
        Eps { input: ANY_TCP.into(), state: ANY_TCP.into(), control: ANY_TCP.into() }
    }

    pub fn ipc(dir: &Path) -> Eps {
        let ep = |n: &str| format!("ipc://{}", dir.join(n).display());
        Eps { input: ep("input.sock"), state: ep("state.sock"), control: ep("control.sock") }
    }

    /// Endpoints over ZeroMQ's ipc transport, or why this machine cannot test it (print the reason and skip):
    /// the `zeromq` crate has ipc only on Unix, and pyzmq's Windows wheels are built without it.
    pub fn ipc_or_skip(tag: &str) -> Option<Eps> {
        match ipc_unavailable() {
            Some(why) => {
                println!("skipped: no ipc transport here ({why})");
                None
            }
            None => Some(Eps::ipc(&scratch_dir(tag))),
        }
    }
}

/// Why ipc endpoints cannot be used on this OS, if they cannot.
pub fn ipc_unavailable() -> Option<&'static str> {
    (!cfg!(unix)).then_some("the zeromq crate's ipc transport and pyzmq's ipc are Unix-only")
}

/// The project's Python interpreter (`$AVATAR_PYTHON`, else the project venv's).
pub struct Python;

impl Python {
    pub fn path() -> PathBuf {
        if let Some(p) = std::env::var_os("AVATAR_PYTHON") {
            return PathBuf::from(p);
        }
        let p = venv_python(&repo_root().join(".venv"), cfg!(windows));
        assert!(
            p.exists(),
            "{} is missing: the cross-language tests need the project venv (run `cargo xtask test`, or `cargo xtask setup`)",
            p.display()
        );
        p
    }

    /// Start `tests/py/peer.py ARGS...` with stdout captured line by line.
    pub fn peer(args: &[&str]) -> Peer {
        let mut child = own_process_group(&mut Command::new(Self::path()))
            .arg(repo_root().join("tests/py/peer.py"))
            .args(args)
            .env("PYTHONUNBUFFERED", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting the Python peer");
        let lines = spawn_line_reader(child.stdout.take().unwrap());
        Peer { child, lines }
    }
}

/// The Python of a venv: `bin/python` on Unix, `Scripts\\python.exe` on Windows.
pub fn venv_python(venv: &Path, windows: bool) -> PathBuf {
    if windows {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    }
}

/// Start the child in its own process group on Windows, so that [`Peer::terminate`]'s Ctrl-Break reaches it
/// and not this test process (a no-op elsewhere).
pub fn own_process_group(cmd: &mut Command) -> &mut Command {
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        cmd.creation_flags(windows_sys::Win32::System::Threading::CREATE_NEW_PROCESS_GROUP);
    }
    cmd
}

/// Ask a child to stop as a user would: SIGTERM on Unix, Ctrl-Break on Windows (the child must have been
/// started with [`own_process_group`]).
pub fn request_stop(child: &Child) -> Result<()> {
    #[cfg(unix)]
    {
        let pid = i32::try_from(child.id())?;
        // SAFETY: kill(2) on our own child's pid has no memory-safety preconditions.
        if unsafe { libc::kill(pid, libc::SIGTERM) } != 0 {
            bail!("kill(SIGTERM): {}", std::io::Error::last_os_error());
        }
    }
    #[cfg(windows)]
    {
        use windows_sys::Win32::System::Console::{GenerateConsoleCtrlEvent, CTRL_BREAK_EVENT};
        // SAFETY: plain system call with integer arguments; the process group id is the child's pid.
        if unsafe { GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, child.id()) } == 0 {
            bail!("GenerateConsoleCtrlEvent(CTRL_BREAK): {}", std::io::Error::last_os_error());
        }
    }
    #[cfg(not(any(unix, windows)))]
    bail!("no way to ask process {} to stop on this OS", child.id());
    Ok(())
}

/// Resident memory of process `pid` in kB (the working set on Windows), on every OS. Panics when it cannot be
/// read (a gone process): a 0 here would make every memory assertion pass trivially.
pub fn rss_kb(pid: u32) -> u64 {
    use sysinfo::{Pid, ProcessRefreshKind, ProcessesToUpdate, System};
    let pid = Pid::from_u32(pid);
    let mut sys = System::new();
    sys.refresh_processes_specifics(
        ProcessesToUpdate::Some(&[pid]),
        true,
        ProcessRefreshKind::nothing().with_memory(),
    );
    let bytes = sys.process(pid).unwrap_or_else(|| panic!("no process {pid}")).memory();
    assert!(bytes > 0, "resident memory of {pid} is 0");
    bytes / 1024
}

fn spawn_line_reader(out: ChildStdout) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// A child process whose stdout arrives as lines.
pub struct Peer {
    pub child: Child,
    pub lines: mpsc::Receiver<String>,
}

impl Peer {
    /// Next stdout line, or `None` after `timeout` (or when the process closed stdout).
    pub fn line(&self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Wait for a line equal to `want`; error with what was seen otherwise.
    pub fn expect_line(&self, want: &str, timeout: Duration) -> Result<()> {
        self.expect_line_where(want, timeout, |l| l == want).map(|_| ())
    }

    /// Wait for a line that starts with the word(s) `prefix`; returns the rest of it, trimmed.
    pub fn expect_line_starting(&self, prefix: &str, timeout: Duration) -> Result<String> {
        fn rest<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
            line.strip_prefix(prefix).filter(|r| r.is_empty() || r.starts_with(' '))
        }
        let line = self.expect_line_where(prefix, timeout, |l| rest(l, prefix).is_some())?;
        Ok(rest(&line, prefix).unwrap_or_default().trim().to_owned())
    }

    /// The first line (trimmed) `matches` accepts, within `timeout`; error with what was seen otherwise.
    fn expect_line_where(
        &self,
        want: &str,
        timeout: Duration,
        matches: impl Fn(&str) -> bool,
    ) -> Result<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.line(left) {
                Some(l) if matches(l.trim()) => return Ok(l.trim().to_owned()),
                Some(l) => seen.push(l),
                None => break,
            }
        }
        bail!("no {want:?} line within {timeout:?}; saw {seen:?}")
    }

    pub fn write_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Parsed JSON lines until `done` says stop or `timeout` passes.
    pub fn json_lines_until(
        &self,
        timeout: Duration,
        mut done: impl FnMut(&serde_json::Value) -> bool,
    ) -> Vec<serde_json::Value> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let Some(l) = self.line(left) else { break };
            let Ok(v) = serde_json::from_str::<serde_json::Value>(&l) else { continue };
            let stop = done(&v);
            out.push(v);
            if stop {
                break;
            }
        }
        out
    }

    /// SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM (Ctrl-Break on Windows) and wait; returns the exit status.
    pub fn terminate(&mut self, timeout: Duration) -> Result<std::process::ExitStatus> {
        request_stop(&self.child)?;
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(st) = self.child.try_wait()? {
                return Ok(st);
            }
            if Instant::now() > deadline {
                self.kill();
                bail!("did not exit within {timeout:?} of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Path of the daemon binary built from the current code (usable in the `avatard-cli` package's integration tests, which the files in `tests/tests/` are).
#[macro_export]
macro_rules! avatard_exe {
    () => {
        env!("CARGO_BIN_EXE_avatard")
    };
}

/// The daemon under test.
pub struct Daemon {
    pub proc: Peer,
    /// Its endpoints as bound (from its ready line): connect here.
    pub eps: Eps,
    /// Its web output's address as bound (`HOST:PORT`), when `--web` is on.
    pub web: Option<String>,
}

/// Where a daemon listens, from the JSON of its ready line (`avatard ready {...}`, `avatard live: listening
/// {...}`): its endpoints (the first input) and its web address, if on.
pub fn parse_listening(json: &str) -> Result<(Eps, Option<String>)> {
    let v: serde_json::Value =
        serde_json::from_str(json).with_context(|| format!("the daemon's endpoints {json:?}"))?;
    let text = |v: &serde_json::Value| {
        v.as_str().map(str::to_owned).ok_or_else(|| anyhow!("no endpoint in {json:?}"))
    };
    let eps = Eps { input: text(&v["input"][0])?, state: text(&v["state"])?, control: text(&v["control"])? };
    Ok((eps, v["web"].as_str().map(str::to_owned)))
}

/// One timing-sensitive test at a time within a test binary: tests that count a daemon's states per second or
/// watch its deadline hold this for their whole run, so that a neighbour's daemon on the same two cores does
/// not starve them (cargo runs a binary's tests on parallel threads).
pub async fn exclusive() -> tokio::sync::MutexGuard<'static, ()> {
    static LOCK: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    LOCK.lock().await
}

/// Precompute the default avatar into the user's cache once per test process (on a fresh machine that takes
/// ~30 s, longer than a daemon's readiness timeout; every daemon after that loads it in ~0.1 s).
pub fn warm_default_avatar(exe: &str) -> Result<()> {
    static WARM: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    let mut done = WARM.lock().unwrap_or_else(|e| e.into_inner());
    if !*done {
        // Only the cache is wanted: the written asset (27 MB) goes with its scratch folder.
        let dir = scratch_dir("warm");
        let status = Command::new(exe)
            .args(["precompute", "--mesh", "default", "--out"])
            .arg(dir.join("default.avatar"))
            .stdout(Stdio::null())
            .status()
            .context("running avatard precompute");
        let _ = std::fs::remove_dir_all(&dir);
        let status = status?;
        anyhow::ensure!(status.success(), "avatard precompute --mesh default failed: {status}");
        *done = true;
    }
    Ok(())
}

impl Daemon {
    /// Start `avatard run` on `eps` (plus `extra` flags) and wait for its readiness line, which says where it
    /// bound ([`Daemon::eps`]: the ports it got for port 0; [`Daemon::web`]). `exe` is the daemon binary:
    /// integration tests pass [`avatard_exe!`].
    pub fn start(exe: &str, eps: &Eps, extra: &[&str]) -> Result<Daemon> {
        warm_default_avatar(exe)?;
        let mut cmd = Command::new(exe);
        own_process_group(&mut cmd);
        cmd.args(["run", "--input", &eps.input, "--state", &eps.state, "--control", &eps.control])
            .args(extra)
            .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()))
            // the web output serves the viewer embedded in the binary, never a folder of the user's
            .env_remove("AVATARD_WEB_ROOT")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        let mut child = cmd.spawn().context("starting avatard")?;
        let lines = spawn_line_reader(child.stdout.take().unwrap());
        let proc = Peer { child, lines };
        let listening = proc.expect_line_starting("avatard ready", Duration::from_secs(20))?;
        let (eps, web) = parse_listening(&listening)?;
        Ok(Daemon { proc, eps, web })
    }

    /// One control request to this daemon.
    pub async fn control(&self, request: Request) -> Result<ControlResponse> {
        control(&self.eps.control, request).await
    }

    /// A counter from the daemon's Stats.
    pub async fn counter(&self, name: &str) -> Result<u64> {
        match self.control(Request::GetStats).await?.response {
            Some(avatar_schema::Response::Stats(s)) => {
                s.counter(name).ok_or_else(|| anyhow!("no counter {name}"))
            }
            other => bail!("unexpected reply {other:?}"),
        }
    }
}

/// Send one request over a fresh Rust REQ socket and wait (5 s) for the reply.
pub async fn control(endpoint: &str, request: Request) -> Result<ControlResponse> {
    let request_id = rand::random::<u32>() as u64;
    let mut req = ReqSocket::new();
    tokio::time::timeout(Duration::from_secs(5), req.connect(endpoint)).await??;
    let body = encode(&Message::Request(ControlRequest { request_id, request }));
    req.send(ZmqMessage::from(body)).await?;
    let reply = tokio::time::timeout(Duration::from_secs(5), req.recv()).await??;
    let body = reply.into_vec().pop().ok_or_else(|| anyhow!("empty reply"))?;
    match decode(&body)? {
        Message::Response(r) if r.request_id == request_id => Ok(r),
        other => bail!("unexpected reply {other:?}"),
    }
}

/// Poll `f` every 50 ms until it returns true or `timeout` passes.
pub async fn eventually<F, Fut>(timeout: Duration, mut f: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if f().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}
