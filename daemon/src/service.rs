//! Wiring: bind the three sockets, start the input, publisher and control tasks and the solver thread,
//! run until shutdown.

use crate::avatar::load;
use crate::config::{is_local, RunConfig};
use crate::ingest::{Ingest, Inputs};
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use crate::tick::Solver;
use crate::{control, publish};
use anyhow::{Context, Result};
use avatar_sim::asset::Cache;
use std::future::Future;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use zeromq::{PubSocket, RouterSocket, Socket, SocketEvent, SocketRecv, SubSocket};

/// Capacity of the solver -> publisher queue, in states. When full, states are dropped and counted.
pub const STATE_QUEUE: usize = 1024;

/// Longest wait for every avatar's first published state before readiness.
const FIRST_STATE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// A running daemon's shared pieces, for callers that embed it (tests, `avatard demo`).
pub struct Running {
    pub shared: Arc<Shared>,
    pub metrics: Arc<Metrics>,
    /// Where the web output listens (the bound port when 0 was asked for); `None` when it is off.
    pub web: Option<std::net::SocketAddr>,
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
/// avatar. `avatars` are the loaded avatars ([`load_avatars`]; placeholders without an asset are allowed and
/// publish empty states).
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
    let inputs = Arc::new(Inputs::default());

    let mut input = SubSocket::new();
    for ep in &eps.input {
        input.bind(ep).await.with_context(|| format!("binding the tracker input socket to {ep}"))?;
    }
    input.subscribe("").await.context("subscribing the input socket")?;
    let mut state = PubSocket::new();
    state.bind(&eps.state).await.with_context(|| format!("binding the state socket to {}", eps.state))?;
    let mut monitor = state.monitor();
    let mut control_socket = RouterSocket::new();
    control_socket
        .bind(&eps.control)
        .await
        .with_context(|| format!("binding the control socket to {}", eps.control))?;

    // The web output binds before readiness, like the sockets: a taken port is an error at start.
    let web_stop = Arc::new(tokio::sync::Notify::new());
    let (web_task, web_addr, fanout) = match &config.web {
        None => (None, None, None),
        Some(w) => {
            let fanout = crate::web::Fanout::new(w.queue);
            let server = crate::web::Server::bind(w, shared.clone(), metrics.clone(), fanout.clone())
                .await
                .with_context(|| format!("binding the web output to {}", w.addr))?;
            let addr = server.local_addr()?;
            let stop = web_stop.clone();
            let task = tokio::spawn(async move {
                if let Err(e) = server.serve(async move { stop.notified().await }).await {
                    tracing::error!("the web output failed: {e}");
                }
            });
            (Some(task), Some(addr), Some(fanout))
        }
    };

    let (tx, rx) = tokio::sync::mpsc::channel(STATE_QUEUE);
    if let Some(fault) = &config.solver.fault {
        tracing::warn!(?fault, "fault injection is on (tests only)");
    }
    let solver = Solver::new(shared.clone(), inputs.clone(), metrics.clone(), tx, config.solver.clone())
        .map_err(anyhow::Error::msg)?
        .spawn()
        .context("starting the solver thread")?;
    // Resolves when the solver thread ends: at shutdown, or early if it died (then the daemon stops, non-zero).
    let solver_exit = tokio::task::spawn_blocking(move || {
        solver.join().unwrap_or_else(|p| Err(crate::tick::panic_message(p.as_ref())))
    });
    tokio::pin!(solver_exit);

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
    let mut ingest = Ingest::with_rules(inputs, metrics.clone(), config.streams);
    let input_task = tokio::spawn(async move {
        loop {
            match input.recv().await {
                Ok(msg) => {
                    let _ = ingest.handle(&msg.into_vec());
                }
                Err(e) => {
                    tracing::warn!("input socket error: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                }
            }
        }
    });
    let publisher =
        tokio::spawn(publish::run(state, rx, shared.clone(), metrics.clone(), config.stats_interval, fanout));
    let control_task = tokio::spawn(control::run(control_socket, shared.clone(), metrics.clone()));
    // The VMC output only reads the avatars' latest states; it never ends on its own (aborted at shutdown).
    let vmc_task =
        config.vmc.clone().map(|v| tokio::spawn(crate::vmc::run(v, shared.clone(), metrics.clone())));

    // Ready means serving: the tick thread has stepped every avatar once and the publisher has stored and sent
    // its state (a client that asks for a state right after readiness gets one).
    let first_states = async {
        while !shared.avatars.iter().all(|a| a.latest.load().is_some()) {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
    };
    tokio::pin!(shutdown);
    // The solver thread's end before shutdown was asked for: it died.
    let died = |r: Result<Result<(), String>, tokio::task::JoinError>| {
        let why = match r {
            Ok(Err(panic)) => format!("it panicked: {panic}"),
            Ok(Ok(())) => "it stopped".to_owned(),
            Err(e) => format!("joining it failed: {e}"),
        };
        tracing::error!("the solver thread died ({why}); avatard stops");
        anyhow::anyhow!("the solver thread died ({why})")
    };
    let mut exited = None;
    // Ok(true): ready; Ok(false): asked to stop before it was ready; Err: no first state in time.
    let ready = tokio::select! {
        r = tokio::time::timeout(FIRST_STATE_TIMEOUT, first_states) => r.map(|()| true).map_err(|_| {
            anyhow::anyhow!("no first state from the solver within {} s", FIRST_STATE_TIMEOUT.as_secs())
        }),
        _ = &mut shutdown => Ok(false),
        r = &mut solver_exit => { exited = Some(()); Err(died(r)) }
    };
    let serving = matches!(ready, Ok(true));
    let mut result = ready.map(|_| ());
    if serving {
        let running = Running { shared: shared.clone(), metrics: metrics.clone(), web: web_addr };
        tracing::info!(
            input = ?eps.input, state = %eps.state, control = %eps.control, tick_hz = config.tick_hz,
            avatars = shared.avatars.len(), web = ?web_addr, "avatard ready"
        );
        if let Some(addr) = web_addr {
            tracing::info!(
                "browser viewer: http://{addr}/ (OBS browser source: http://{addr}/?transparent=1)"
            );
        }
        on_ready(&running);
        // The I/O tasks run until shutdown; one that ends before (a panic) stops the daemon too: no zombie
        // that answers on some sockets and has stopped serving on another.
        let task_ended = async {
            loop {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                for (name, done) in [
                    ("input", input_task.is_finished()),
                    ("control", control_task.is_finished()),
                    ("publisher", publisher.is_finished()),
                    ("web", web_task.as_ref().is_some_and(|t| t.is_finished())),
                ] {
                    if done {
                        return name;
                    }
                }
            }
        };
        tokio::select! {
            _ = &mut shutdown => {}
            r = &mut solver_exit => { exited = Some(()); result = Err(died(r)) }
            name = task_ended => {
                tracing::error!("the {name} task ended while serving; avatard stops");
                result = Err(anyhow::anyhow!("the {name} task ended while serving"));
            }
        }
    }

    tracing::info!("shutting down");
    shared.stop.store(true, Relaxed);
    input_task.abort();
    control_task.abort();
    subscribers.abort();
    if let Some(t) = &vmc_task {
        t.abort();
    }
    // The web server closes its sockets gracefully; give it a moment, then stop it.
    web_stop.notify_one();
    if let Some(task) = web_task {
        if tokio::time::timeout(std::time::Duration::from_secs(2), task).await.is_err() {
            tracing::warn!("the web output did not stop within 2 s");
        }
    }
    // The solver's exit drops the queue's sender, which ends the publisher after it drains.
    if exited.is_none() {
        match solver_exit.await {
            Ok(Ok(())) => {}
            Ok(Err(panic)) => {
                tracing::error!("the solver thread panicked while stopping: {panic}");
                result = result.and(Err(anyhow::anyhow!("the solver thread panicked: {panic}")));
            }
            Err(e) => result = result.and(Err(anyhow::anyhow!("joining the solver thread: {e}"))),
        }
    }
    if let Err(e) = publisher.await {
        tracing::error!("the publisher task failed: {e}");
        result = result.and(Err(anyhow::anyhow!("the publisher task failed: {e}")));
    }
    result
}

/// Completes on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("installing the SIGTERM handler");
        tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
    }
    #[cfg(not(unix))]
    ctrl_c.await.ok();
}
