//! The solver thread: a fixed-rate loop that never awaits the network.
//!
//! Each tick it reads the latest tracker frames (lock-free slots filled by [`crate::ingest`]), steps every
//! avatar ([`crate::avatar::AvatarSim::tick`]: mapping, then the reduced dynamics; in parallel on a rayon pool
//! when there are several) and hands one `AvatarState` per avatar to the publisher through a bounded queue
//! with `try_send`: when the queue is full the state is dropped, counted, and reported to subscribers in the
//! next state's `dropped_before`. The thread is pinned to one core where the OS allows it.

use crate::avatar::{AvatarSim, TickOutput};
use crate::ingest::Inputs;
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::{state_flags, AvatarState};
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

struct AvatarRun {
    handle: Arc<AvatarHandle>,
    /// `None` for a placeholder avatar (no asset): it publishes empty `p` and `z`.
    sim: Option<AvatarSim>,
    seq: u64,
    sim_time_ns: i64,
    /// States dropped since the last one that entered the publisher queue.
    dropped: u64,
    out: TickOutput,
}

/// Solver thread options.
#[derive(Clone, Debug, Default)]
pub struct SolverOptions {
    /// Core to pin the solver thread to (`None`: the last core when there are at least two).
    pub core: Option<usize>,
    /// Threads stepping avatars in parallel (`0`: one per core).
    pub threads: usize,
}

pub struct Solver {
    avatars: Vec<AvatarRun>,
    inputs: Arc<Inputs>,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    out: mpsc::Sender<AvatarState>,
    options: SolverOptions,
}

impl Solver {
    pub fn new(
        shared: Arc<Shared>,
        inputs: Arc<Inputs>,
        metrics: Arc<Metrics>,
        out: mpsc::Sender<AvatarState>,
        options: SolverOptions,
    ) -> Result<Self, String> {
        let tick_hz = shared.tick_hz();
        let avatars = shared
            .avatars
            .iter()
            .map(|h| {
                let sim = match &h.avatar {
                    Some(a) => Some(
                        AvatarSim::new(a.clone(), &h.params.load(), tick_hz)
                            .map_err(|e| format!("avatar {:?}: {e}", h.id))?,
                    ),
                    None => None,
                };
                Ok(AvatarRun {
                    handle: h.clone(),
                    sim,
                    seq: 0,
                    sim_time_ns: 0,
                    dropped: 0,
                    out: TickOutput::default(),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Solver { avatars, inputs, shared, metrics, out, options })
    }

    /// Run on a dedicated OS thread until `shared.stop` is set.
    pub fn spawn(self) -> std::io::Result<std::thread::JoinHandle<()>> {
        std::thread::Builder::new().name("solver".into()).spawn(move || self.run())
    }

    fn run(mut self) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = if self.options.threads == 0 { cores } else { self.options.threads };
        let pool = match rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("solver-{i}"))
            .build()
        {
            Ok(p) => Some(p),
            Err(e) => {
                tracing::warn!("no solver thread pool, stepping avatars one by one: {e}");
                None
            }
        };
        // after the pool: its threads would inherit the pinning
        let core = self.options.core.or((cores >= 2).then_some(cores - 1));
        if let Some(c) = core {
            match pin_to_core(c) {
                Ok(()) => tracing::info!(core = c, "solver thread pinned"),
                Err(e) => tracing::info!(core = c, "solver thread not pinned: {e}"),
            }
        }
        let mut next = Instant::now();
        while !self.shared.stop.load(Relaxed) {
            let period = Duration::from_secs_f64(1.0 / self.shared.tick_hz() as f64);
            let now = Instant::now();
            if now < next {
                std::thread::sleep(next - now);
            } else if now > next + period {
                // More than a whole period late: count it and re-anchor instead of bursting to catch up.
                self.metrics.deadline_misses.fetch_add(1, Relaxed);
                next = now;
            }
            let started = Instant::now();
            self.tick(pool.as_ref());
            self.metrics.tick_time.record_ns(started.elapsed().as_nanos() as u64);
            self.metrics.ticks.fetch_add(1, Relaxed);
            next += period;
        }
    }

    /// Step every avatar once and queue its state.
    pub fn tick(&mut self, pool: Option<&rayon::ThreadPool>) {
        let tick_hz = self.shared.tick_hz();
        let now_ns = crate::clock::unix_ns();
        let inputs = &*self.inputs;
        let step = |run: &mut AvatarRun| {
            let reset = run.handle.reset_requested.swap(false, Relaxed);
            run.out = match &mut run.sim {
                Some(sim) => sim.tick(inputs, now_ns, tick_hz, &run.handle.params.load(), reset),
                None => placeholder(inputs, reset),
            };
        };
        match pool {
            Some(pool) if self.avatars.len() > 1 => {
                pool.install(|| self.avatars.par_iter_mut().for_each(step))
            }
            _ => self.avatars.iter_mut().for_each(step),
        }
        let dt_ns = (1e9 / tick_hz as f64).round() as i64;
        for run in &mut self.avatars {
            let o = std::mem::take(&mut run.out);
            let m = &self.metrics;
            m.record_step(&o);
            if o.input_capture_time_ns > 0 {
                m.input_age.record_ns((now_ns - o.input_capture_time_ns).max(0) as u64);
            }
            run.seq += 1;
            run.sim_time_ns += dt_ns;
            let state = AvatarState {
                avatar_id: run.handle.id.clone(),
                seq: run.seq,
                sim_time_ns: run.sim_time_ns,
                publish_time_ns: 0, // stamped by the publisher
                input_seq: o.input_seq,
                input_capture_time_ns: o.input_capture_time_ns,
                asset_hash: run.handle.asset_hash.clone(),
                p: o.p,
                z: o.z,
                flags: o.flags,
                dropped_before: run.dropped,
                run_id: self.shared.run_id,
            };
            match self.out.try_send(state) {
                Ok(()) => run.dropped = 0,
                Err(_) => {
                    run.dropped += 1;
                    self.metrics.states_dropped.fetch_add(1, Relaxed);
                }
            }
        }
    }
}

/// A placeholder avatar's tick: no rig, only the input's header and the rest/reset flags.
fn placeholder(inputs: &Inputs, reset: bool) -> TickOutput {
    let newest = inputs.newest.load_full();
    let mut flags = if reset { state_flags::RESET } else { 0 };
    if newest.is_none() {
        flags |= state_flags::REST_POSE;
    }
    TickOutput {
        flags,
        input_seq: newest.as_ref().map_or(0, |h| h.seq),
        input_capture_time_ns: newest.as_ref().map_or(0, |h| h.capture_time_ns),
        ..TickOutput::default()
    }
}

/// Pin the calling thread to `core` (Linux); elsewhere a no-op error.
pub fn pin_to_core(core: usize) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: cpu_set_t is plain data; CPU_ZERO/CPU_SET only write inside it, and sched_setaffinity reads
        // it for the calling thread (pid 0).
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_ZERO(&mut set);
            if core >= libc::CPU_SETSIZE as usize {
                return Err(format!("core {core} is beyond CPU_SETSIZE"));
            }
            libc::CPU_SET(core, &mut set);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
                return Err(std::io::Error::last_os_error().to_string());
            }
        }
        Ok(())
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = core;
        Err("thread pinning is only implemented on Linux".into())
    }
}
