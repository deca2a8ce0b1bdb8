//! Wiring: bind the three sockets (and the web output), start the input, publisher and control tasks and the
//! solver thread, supervise them until shutdown, shut them down ([`run`], in those four steps).

use crate::avatar::load;
use crate::config::{is_local, Endpoints, RunConfig};
use crate::ingest::{Ingest, Inputs};
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use crate::tick::Solver;
use crate::web::{Fanout, WebConfig};
use crate::{control, publish};
use anyhow::{Context, Result};
use avatar_sim::asset::Cache;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use tokio::task::JoinHandle;
use zeromq::{PubSocket, RouterSocket, Socket, SocketEvent, SocketRecv, SubSocket};

/// Capacity of the solver -> publisher queue, in states. When full, states are dropped and counted.
pub const STATE_QUEUE: usize = 1024;

/// Longest wait for every avatar's first published state before readiness.
const FIRST_STATE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// A running daemon's shared pieces, for callers that embed it (tests, `avatard demo`).
pub struct Running {
    pub shared: Arc<Shared>,
    pub metrics: Arc<Metrics>,
    /// The endpoints as bound: a tcp port 0 replaced by the port the OS gave that socket.
    pub endpoints: Endpoints,
    /// Where the web output listens (the bound port when 0 was asked for); `None` when it is off.
    pub web: Option<std::net::SocketAddr>,
}

impl Running {
    /// Where it listens, as one line of JSON (what `avatard run` prints after `avatard ready`):
    /// `{"input":["tcp://127.0.0.1:5560"],"state":"tcp://127.0.0.1:5561","control":"tcp://127.0.0.1:5562",
    /// "web":"127.0.0.1:8080"}`, `web` null when the web output is off.
    pub fn listening_json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Listening<'a> {
            input: &'a [String],
            state: &'a str,
            control: &'a str,
            web: Option<String>,
        }
        let Endpoints { input, state, control } = &self.endpoints;
        let web = self.web.map(|a| a.to_string());
        serde_json::to_string(&Listening { input, state, control, web }).expect("strings serialize")
    }
}

/// Load every avatar of `config` (the default avatar through the precompute cache). Each distinct asset is
/// loaded once (in parallel) and shared by the avatars that use it.
pub fn load_avatars(config: &RunConfig, cache: Option<&Cache>) -> Result<Vec<AvatarHandle>> {
    use rayon::prelude::*;
    let mut names: Vec<&str> = config.avatars.iter().map(|a| a.asset.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let assets: std::collections::HashMap<&str, load::LoadedAsset> = names
        .par_iter()
        .map(|&name| {
            let started = std::time::Instant::now();
            let a = load::load_asset(name, cache).with_context(|| format!("asset {name:?}"))?;
            let sim = &a.asset.sim;
            tracing::info!(
                asset = %name, tets = sim.mesh.t(), p = sim.rig.num_params(), z = sim.reduced.btmb.nrows(),
                ms = started.elapsed().as_millis() as u64, "asset loaded"
            );
            Ok((name, a))
        })
        .collect::<Result<_>>()?;
    Ok(config
        .avatars
        .iter()
        .map(|spec| {
            let a = load::LoadedAvatar::new(spec, &assets[spec.asset.as_str()]);
            AvatarHandle::loaded(Arc::new(a), spec.params.clone())
        })
        .collect())
}

/// Run the daemon until `shutdown` completes. `on_ready` is called once every socket is bound and every avatar
/// has published its first state, so that from then on `GetState` answers with a state for every listed
/// avatar; it gets the endpoints as bound (`Running::endpoints`: a tcp endpoint on port 0 takes a free port
/// from the OS). `avatars` are the loaded avatars ([`load_avatars`]; placeholders without an asset are allowed
/// and publish empty states).
///
/// In four steps: bind the sockets and the web output (`Sockets::bind`, `WebOutput::start`), spawn the
/// solver thread and the I/O tasks (`Daemon::spawn`), supervise them until shutdown or until one of them
/// dies (`Daemon::supervise`), shut everything down (`Daemon::shut_down`).
pub async fn run(
    config: RunConfig,
    avatars: Vec<AvatarHandle>,
    shutdown: impl Future<Output = ()>,
    on_ready: impl FnOnce(&Running),
) -> Result<()> {
    config.validate()?;
    let eps = &config.endpoints;
    for ep in eps.input.iter().chain([&eps.state, &eps.control]) {
        if !is_local(ep) {
            tracing::warn!("{ep} is reachable from other machines: ZeroMQ here has no authentication");
        }
    }
    let metrics = Arc::new(Metrics::new(config.daemon_id.clone()));
    let shared = Arc::new(Shared::new(avatars, config.tick_hz));
    shared.set_daemon_params(crate::live_params::DaemonParams {
        tick_hz: config.tick_hz,
        lip_sync_gain: config.lip_sync_gain,
    });
    let inputs = Arc::new(Inputs::default());
    let sockets = Sockets::bind(eps).await?;
    // The web output binds before readiness, like the sockets: a taken port is an error at start.
    let (web_input, web_frames) = crate::web::WebInput::channel();
    let web = WebOutput::start(config.web.as_ref(), &shared, &metrics, web_input).await?;
    let sockets = Sockets { web_frames, ..sockets };
    let mut daemon = Daemon::spawn(&config, sockets, web, shared, metrics, inputs)?;
    tokio::pin!(shutdown);
    let result = daemon.supervise(&config, shutdown, on_ready).await;
    daemon.shut_down(result).await
}

/// The three ZeroMQ sockets, bound.
struct Sockets {
    /// Where they are bound (a tcp port 0 resolved).
    bound: Endpoints,
    input: SubSocket,
    state: PubSocket,
    /// The state socket's connection events (subscribers), from its bind on.
    monitor: futures::channel::mpsc::Receiver<SocketEvent>,
    control: RouterSocket,
    /// Tracker frames from the web output's `/ws/input` (nothing arrives when the web output is off).
    web_frames: tokio::sync::mpsc::Receiver<crate::web::InputMessage>,
}

impl Sockets {
    /// Step 1: bind the tracker input (SUB, subscribed to everything), the state (PUB) and the control
    /// (ROUTER) sockets; a tcp endpoint on port 0 gets a free port from the OS, kept in `bound`.
    async fn bind(eps: &Endpoints) -> Result<Sockets> {
        let mut input = SubSocket::new();
        let mut bound_input = Vec::with_capacity(eps.input.len());
        for ep in &eps.input {
            let b =
                input.bind(ep).await.with_context(|| format!("binding the tracker input socket to {ep}"))?;
            bound_input.push(b.to_string());
        }
        input.subscribe("").await.context("subscribing the input socket")?;
        let mut state = PubSocket::new();
        let bound_state = state
            .bind(&eps.state)
            .await
            .with_context(|| format!("binding the state socket to {}", eps.state))?;
        let monitor = state.monitor();
        let mut control = RouterSocket::new();
        let bound_control = control
            .bind(&eps.control)
            .await
            .with_context(|| format!("binding the control socket to {}", eps.control))?;
        let bound = Endpoints {
            input: bound_input,
            state: bound_state.to_string(),
            control: bound_control.to_string(),
        };
        // replaced by the web output's queue once it is bound
        let web_frames = tokio::sync::mpsc::channel(1).1;
        Ok(Sockets { bound, input, state, monitor, control, web_frames })
    }
}

/// The web output, serving from its bind on (all `None` when it is off).
struct WebOutput {
    task: Option<JoinHandle<()>>,
    addr: Option<SocketAddr>,
    fanout: Option<Fanout>,
    /// Tells the server to close gracefully.
    stop: Arc<tokio::sync::Notify>,
}

impl WebOutput {
    /// Step 1 (continued): bind the web output's listener, if it is on, and start serving.
    async fn start(
        config: Option<&WebConfig>,
        shared: &Arc<Shared>,
        metrics: &Arc<Metrics>,
        input: crate::web::WebInput,
    ) -> Result<Self> {
        let stop = Arc::new(tokio::sync::Notify::new());
        let Some(w) = config else { return Ok(WebOutput { task: None, addr: None, fanout: None, stop }) };
        let fanout = Fanout::new(w.queue);
        let server =
            crate::web::Server::bind(w, shared.clone(), metrics.clone(), fanout.clone(), Some(input))
                .await
                .with_context(|| format!("binding the web output to {}", w.addr))?;
        let addr = server.local_addr()?;
        let notified = stop.clone();
        let task = tokio::spawn(async move {
            if let Err(e) = server.serve(async move { notified.notified().await }).await {
                tracing::error!("the web output failed: {e}");
            }
        });
        Ok(WebOutput { task: Some(task), addr: Some(addr), fanout: Some(fanout), stop })
    }
}

/// The running daemon: the solver thread and the I/O tasks, until [`Daemon::shut_down`].
struct Daemon {
    /// The sockets' endpoints as bound.
    endpoints: Endpoints,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    /// Resolves when the solver thread ends: at shutdown, or early if it died (then the daemon stops,
    /// non-zero).
    solver_exit: JoinHandle<Result<(), String>>,
    /// The solver's end has been taken from `solver_exit` already (it died).
    solver_exited: bool,
    subscribers: JoinHandle<()>,
    input: JoinHandle<()>,
    publisher: JoinHandle<()>,
    control: JoinHandle<()>,
    vmc: Option<JoinHandle<()>>,
    web: WebOutput,
}

impl Daemon {
    /// Step 2: start the solver thread (the queue of its states to the publisher) and the I/O tasks: the
    /// state socket's subscriber count, the input, the publisher, control and the VMC output.
    fn spawn(
        config: &RunConfig,
        sockets: Sockets,
        web: WebOutput,
        shared: Arc<Shared>,
        metrics: Arc<Metrics>,
        inputs: Arc<Inputs>,
    ) -> Result<Daemon> {
        let Sockets { bound: endpoints, mut input, state, mut monitor, control, mut web_frames } = sockets;
        let (tx, rx) = tokio::sync::mpsc::channel(STATE_QUEUE);
        if let Some(fault) = &config.solver.fault {
            tracing::warn!(?fault, "fault injection is on (tests only)");
        }
        let solver = Solver::new(shared.clone(), inputs.clone(), metrics.clone(), tx, config.solver.clone())
            .map_err(anyhow::Error::msg)?
            .spawn()
            .context("starting the solver thread")?;
        let solver_exit = tokio::task::spawn_blocking(move || {
            solver.join().unwrap_or_else(|p| Err(crate::tick::panic_message(p.as_ref())))
        });

        let m = metrics.clone();
        let subscribers = tokio::spawn(async move {
            use futures::StreamExt;
            while let Some(ev) = monitor.next().await {
                match ev {
                    SocketEvent::Accepted(..) => m.subscribers.fetch_add(1, Relaxed),
                    SocketEvent::Disconnected(..) => m.subscribers.fetch_sub(1, Relaxed),
                    _ => 0,
                };
            }
        });
        let mut ingest = Ingest::with_rules(inputs, metrics.clone(), config.streams)
            .with_lip_sync_params(shared.lip_sync.clone());
        // One input stage for both ways in: the ZeroMQ socket and the web output's `/ws/input`.
        let input_task = tokio::spawn(async move {
            let mut web_open = true;
            loop {
                tokio::select! {
                    msg = input.recv() => match msg {
                        Ok(msg) => {
                            let _ = ingest.handle(&msg.into_vec());
                        }
                        Err(e) => {
                            tracing::warn!("input socket error: {e}");
                            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                        }
                    },
                    msg = web_frames.recv(), if web_open => match msg {
                        Some(m) => {
                            let _ = ingest.handle_at(std::slice::from_ref(&m.body), m.received_ns);
                        }
                        None => web_open = false,
                    },
                }
            }
        });
        let fanout = web.fanout.clone();
        let publisher = tokio::spawn(publish::run(
            state,
            rx,
            shared.clone(),
            metrics.clone(),
            config.stats_interval,
            fanout,
        ));
        let control = tokio::spawn(control::run(control, shared.clone(), metrics.clone()));
        // The VMC output only reads the avatars' latest states; it never ends on its own (aborted at
        // shutdown).
        let vmc =
            config.vmc.clone().map(|v| tokio::spawn(crate::vmc::run(v, shared.clone(), metrics.clone())));
        Ok(Daemon {
            endpoints,
            shared,
            metrics,
            solver_exit,
            solver_exited: false,
            subscribers,
            input: input_task,
            publisher,
            control,
            vmc,
            web,
        })
    }

    /// Step 3: wait for readiness (every avatar's first state), call `on_ready`, then serve until `shutdown`
    /// completes or a part dies. The daemon's result so far: `Ok` when asked to stop (before readiness too).
    async fn supervise(
        &mut self,
        config: &RunConfig,
        mut shutdown: Pin<&mut impl Future<Output = ()>>,
        on_ready: impl FnOnce(&Running),
    ) -> Result<()> {
        // Ready means serving: the tick thread has stepped every avatar once and the publisher has stored and
        // sent its state (a client that asks for a state right after readiness gets one).
        let shared = &self.shared;
        let first_states = async {
            while !shared.avatars.iter().all(|a| a.latest.load().is_some()) {
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
            }
        };
        // Ok(true): ready; Ok(false): asked to stop before it was ready; Err: no first state in time.
        let ready = tokio::select! {
            r = tokio::time::timeout(FIRST_STATE_TIMEOUT, first_states) => r.map(|()| true).map_err(|_| {
                anyhow::anyhow!("no first state from the solver within {} s", FIRST_STATE_TIMEOUT.as_secs())
            }),
            _ = &mut shutdown => Ok(false),
            r = &mut self.solver_exit => { self.solver_exited = true; Err(solver_died(r)) }
        };
        if !matches!(ready, Ok(true)) {
            return ready.map(|_| ());
        }
        let eps = &self.endpoints;
        let web_addr = self.web.addr;
        let running = Running {
            shared: self.shared.clone(),
            metrics: self.metrics.clone(),
            endpoints: eps.clone(),
            web: web_addr,
        };
        tracing::info!(
            input = ?eps.input, state = %eps.state, control = %eps.control, tick_hz = config.tick_hz,
            avatars = self.shared.avatars.len(), web = ?web_addr, "avatard ready"
        );
        if let Some(addr) = web_addr {
            tracing::info!(
                "browser viewer: http://{addr}/ (OBS browser source: http://{addr}/?transparent=1)"
            );
        }
        on_ready(&running);
        self.serve(shutdown).await
    }

    /// Serve until `shutdown` completes (`Ok`), or until the solver thread or an I/O task ends before it
    /// (`Err`): the I/O tasks run until shutdown; one that ends before (a panic) stops the daemon too: no
    /// zombie that answers on some sockets and has stopped serving on another.
    async fn serve(&mut self, shutdown: Pin<&mut impl Future<Output = ()>>) -> Result<()> {
        let tasks = [("input", &self.input), ("control", &self.control), ("publisher", &self.publisher)];
        let web_task = &self.web.task;
        let task_ended = async {
            loop {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                for (name, done) in tasks
                    .iter()
                    .map(|(name, t)| (*name, t.is_finished()))
                    .chain([("web", web_task.as_ref().is_some_and(|t| t.is_finished()))])
                {
                    if done {
                        return name;
                    }
                }
            }
        };
        tokio::select! {
            _ = shutdown => Ok(()),
            r = &mut self.solver_exit => { self.solver_exited = true; Err(solver_died(r)) }
            name = task_ended => {
                tracing::error!("the {name} task ended while serving; avatard stops");
                Err(anyhow::anyhow!("the {name} task ended while serving"))
            }
        }
    }

    /// Step 4: stop the solver and every task, the web output gracefully (2 s at most), let the publisher
    /// drain; `result` with the errors of the solver's and the publisher's ends added.
    async fn shut_down(self, mut result: Result<()>) -> Result<()> {
        tracing::info!("shutting down");
        self.shared.stop.store(true, Relaxed);
        self.input.abort();
        self.control.abort();
        self.subscribers.abort();
        if let Some(t) = &self.vmc {
            t.abort();
        }
        // The web server closes its sockets gracefully; give it a moment, then stop it.
        self.web.stop.notify_one();
        if let Some(task) = self.web.task {
            if tokio::time::timeout(std::time::Duration::from_secs(2), task).await.is_err() {
                tracing::warn!("the web output did not stop within 2 s");
            }
        }
        // The solver's exit drops the queue's sender, which ends the publisher after it drains.
        if !self.solver_exited {
            match self.solver_exit.await {
                Ok(Ok(())) => {}
                Ok(Err(panic)) => {
                    tracing::error!("the solver thread panicked while stopping: {panic}");
                    result = result.and(Err(anyhow::anyhow!("the solver thread panicked: {panic}")));
                }
                Err(e) => result = result.and(Err(anyhow::anyhow!("joining the solver thread: {e}"))),
            }
        }
        if let Err(e) = self.publisher.await {
            tracing::error!("the publisher task failed: {e}");
            result = result.and(Err(anyhow::anyhow!("the publisher task failed: {e}")));
        }
        result
    }
}

/// The solver thread's end before shutdown was asked for: it died (logged; the daemon's error).
fn solver_died(r: Result<Result<(), String>, tokio::task::JoinError>) -> anyhow::Error {
    let why = match r {
        Ok(Err(panic)) => format!("it panicked: {panic}"),
        Ok(Ok(())) => "it stopped".to_owned(),
        Err(e) => format!("joining it failed: {e}"),
    };
    tracing::error!("the solver thread died ({why}); avatard stops");
    anyhow::anyhow!("the solver thread died ({why})")
}

/// Completes when the user or the system asks the daemon to stop: Ctrl-C on every OS; SIGTERM on Unix; on
/// Windows also Ctrl-Break, closing the console window, logging off and shutting down. (For the last three
/// Windows ends the process once the console handler returns; tokio's handler does not return, so the daemon
/// has the few seconds Windows allows to stop cleanly.) A handler that cannot be installed is logged and
/// the others still work.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await
        }
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = async {
            match signal(SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(e) => {
                    tracing::warn!("cannot listen for SIGTERM: {e}");
                    std::future::pending::<()>().await
                }
            }
        };
        tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    }
    #[cfg(windows)]
    {
        use tokio::signal::windows;
        /// One console event: completes when it arrives; never when its handler cannot be installed.
        async fn event<S>(name: &str, listen: std::io::Result<S>, recv: impl AsyncFnOnce(S)) {
            match listen {
                Ok(s) => recv(s).await,
                Err(e) => {
                    tracing::warn!("cannot listen for {name}: {e}");
                    std::future::pending::<()>().await
                }
            }
        }
        tokio::select! {
            _ = ctrl_c => {},
            _ = event("Ctrl-Break", windows::ctrl_break(), async |mut s| { s.recv().await; }) => {},
            _ = event("console close", windows::ctrl_close(), async |mut s| { s.recv().await; }) => {},
            _ = event("logoff", windows::ctrl_logoff(), async |mut s| { s.recv().await; }) => {},
            _ = event("shutdown", windows::ctrl_shutdown(), async |mut s| { s.recv().await; }) => {},
        }
    }
    #[cfg(not(any(unix, windows)))]
    ctrl_c.await;
}
