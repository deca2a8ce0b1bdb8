//! The solver thread: a fixed-rate loop that never awaits the network.
//!
//! Each tick it reads the latest tracker frames (lock-free slots filled by [`crate::ingest`]), steps every
//! avatar ([`crate::avatar::AvatarSim::tick`]: mapping, then the reduced dynamics; in parallel on a rayon pool
//! when there are several) and hands one `AvatarState` per avatar to the publisher through a bounded queue
//! with `try_send`: when the queue is full the state is dropped, counted, and reported to subscribers in the
//! next state's `dropped_before`. The thread runs at a raised priority and, on Linux, pinned to a performance core (`placement`); it sleeps
//! most of each period and spins the last stretch (`wait`, which holds 120 Hz on Windows' coarse timer); its tick phase
//! follows the input's arrivals ([`PhaseLock`]) so a frame is not left waiting for most of a period; a frame
//! the lock does not follow (another tracker's phase, a late one) takes the next tick early, within a bound on
//! running ahead of the schedule ([`PhaseLock::early_tick`]): the tick count and time step stay exact.

use crate::avatar::params::SimParams;
use crate::avatar::{AvatarSim, TickOutput};
use crate::ingest::Inputs;
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use crate::time_step::TimeStep;
use avatar_schema::{state_flags, AvatarState};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use wait::TickWait;

mod placement;
mod shed;
mod wait;

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
#[derive(Clone, Debug)]
pub struct SolverSettings {
    /// Core to pin the solver thread to, Linux only (`None`: the last core that is not an efficiency core, when
    /// there are at least two; see `placement`).
    pub core: Option<usize>,
    /// Threads stepping avatars in parallel (`0`: one per core).
    pub threads: usize,
    /// Phase-lock the ticks to the input: shift the tick schedule (never its rate) so that tracker frames
    /// arrive `phase_lead` before a tick instead of waiting up to a whole period (see [`PhaseLock`]).
    /// `None`: a free-running clock.
    pub phase_lead: Option<Duration>,
    /// Test-only fault injection ([`Fault`]); `None` in every real run.
    #[doc(hidden)]
    pub fault: Option<Fault>,
}

impl Default for SolverSettings {
    fn default() -> Self {
        SolverSettings { core: None, threads: 0, phase_lead: Some(Duration::from_micros(500)), fault: None }
    }
}

/// A fault injected into the solver thread, for the tests of its supervision (the `avatard` binary takes one
/// from the `AVATARD_TEST_FAULT` environment variable: `avatar:<id>:<tick>` or `thread:<tick>`).
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Stepping this avatar panics from the given tick (1-based) on.
    PanicAvatar { avatar: String, from_tick: u64 },
    /// The solver thread itself panics at the given tick, outside any avatar's step.
    PanicThread { at_tick: u64 },
}

impl std::str::FromStr for Fault {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let tick = |t: &str| t.parse::<u64>().map_err(|e| format!("fault tick {t:?}: {e}"));
        match s.split(':').collect::<Vec<_>>()[..] {
            ["avatar", id, t] => Ok(Fault::PanicAvatar { avatar: id.to_owned(), from_tick: tick(t)? }),
            ["thread", t] => Ok(Fault::PanicThread { at_tick: tick(t)? }),
            _ => Err(format!("fault {s:?}: expected avatar:<id>:<tick> or thread:<tick>")),
        }
    }
}

/// Phase lock of the tick schedule to input arrivals.
///
/// A tracker frame that arrives just after a tick waits a whole period (8.3 ms at 120 Hz) before it is
/// simulated. When a frame arrives `w` before the next tick, the schedule moves by the error `w − lead`:
/// earlier when the frame waits longer than `lead`, later when it came too close to the tick or just missed
/// one (arrived less than a quarter period after a tick started). Late frames are corrected strongly
/// (`late_gain`), early ones gently (`early_gain`), so the schedule settles on the *latest* arrivals of a
/// jittery tracker and only the rare outlier misses its tick. At most a quarter period per frame. Trackers
/// run at a fraction of the tick rate (30 or 60 Hz against 120): the period, the tick count per second and
/// the simulated time step are unchanged; only the phase moves.
#[derive(Clone, Copy, Debug)]
pub struct PhaseLock {
    pub lead: Duration,
    pub late_gain: f64,
    pub early_gain: f64,
}

impl PhaseLock {
    pub fn new(lead: Duration) -> Self {
        PhaseLock { lead, late_gain: 0.8, early_gain: 0.1 }
    }

    /// Whether a frame that arrived since the last tick may take the next tick, due at `next` (s), at `now`
    /// instead: only when that tick is more than `lead` away (otherwise it is awaited) and the ticks would run
    /// at most [`PhaseLock::MAX_AHEAD`] periods ahead of the schedule. Each tick still takes one slot of the
    /// schedule (`next` moves on by one period), so the tick count and the simulated time step stay exact;
    /// only the moment of a tick moves. This serves what the lock cannot follow: a second tracker at another
    /// phase, a frame later or earlier than its tracker's usual.
    pub fn early_tick(&self, now: f64, next: f64, period: f64) -> bool {
        next - now > self.lead.as_secs_f64() && now >= self.early_from(next, period)
    }

    /// From when (s) a frame may take the tick due at `next` early.
    pub fn early_from(&self, next: f64, period: f64) -> f64 {
        next - Self::MAX_AHEAD * period
    }

    /// How many periods the ticks may run ahead of the schedule for early frames.
    pub const MAX_AHEAD: f64 = 2.0;

    /// `next` moved by whole periods to within half a period of its nominal `slot` (the phase is circular).
    pub fn wrap(mut next: Instant, slot: Instant, period: Duration) -> Instant {
        let half = period / 2;
        while next > slot + half {
            next -= period;
        }
        while next + half < slot {
            next += period;
        }
        next
    }

    /// How far (s) to move the next tick earlier (negative: later) for a frame that arrived `since_tick`
    /// after the last tick started and `wait` before the next one.
    pub fn correction(&self, since_tick: f64, wait: f64, period: f64) -> f64 {
        let lead = self.lead.as_secs_f64();
        let error = if since_tick < 0.25 * period { -(since_tick + lead) } else { wait - lead };
        let gain = if error < 0.0 { self.late_gain } else { self.early_gain };
        (gain * error).clamp(-0.25 * period, 0.25 * period)
    }
}

pub struct Solver {
    avatars: Vec<AvatarRun>,
    inputs: Arc<Inputs>,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    out: mpsc::Sender<AvatarState>,
    options: SolverSettings,
    /// Work shed while ticks overrun ([`shed`]).
    shed: shed::Shed,
}

impl Solver {
    pub fn new(
        shared: Arc<Shared>,
        inputs: Arc<Inputs>,
        metrics: Arc<Metrics>,
        out: mpsc::Sender<AvatarState>,
        options: SolverSettings,
    ) -> Result<Self, String> {
        let time_step = shared.time_step();
        let avatars = shared
            .avatars
            .iter()
            .map(|h| {
                let sim = match &h.avatar {
                    Some(a) => Some(
                        AvatarSim::new(a.clone(), &h.params.load(), time_step)
                            .map_err(|e| format!("avatar {:?}: {e}", h.id))?,
                    ),
                    None => None,
                };
                if let Some(sim) = &sim {
                    say_what_lip_sync_lacks(&h.id, &sim.missing_visemes());
                }
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
        Ok(Solver { avatars, inputs, shared, metrics, out, options, shed: shed::Shed::default() })
    }

    /// Run on a dedicated OS thread until `shared.stop` is set. The thread's result is `Err` with the panic's
    /// message if it died of one (a panic inside an avatar's step does not end it: see [`Solver::tick`]).
    pub fn spawn(self) -> std::io::Result<std::thread::JoinHandle<Result<(), String>>> {
        std::thread::Builder::new().name("solver".into()).spawn(move || {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.run()))
                .map_err(|p| panic_message(p.as_ref()))
        })
    }

    fn run(mut self) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = if self.options.threads == 0 { cores } else { self.options.threads };
        let pool = match rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("solver-{i}"))
            // the pool steps the avatars when there are several: at the solver's priority (not its core)
            .start_handler(|_| {
                let _ = placement::raise_priority();
            })
            .build()
        {
            Ok(p) => Some(p),
            Err(e) => {
                tracing::warn!("no solver thread pool, stepping avatars one by one: {e}");
                None
            }
        };
        // after the pool: its threads would inherit the pinning (all on one core)
        if let Some(c) = placement::choose_core(self.options.core) {
            match placement::pin_to_core(c) {
                Ok(()) => tracing::info!(core = c, "solver thread pinned"),
                Err(e) => tracing::info!(core = c, "solver thread not pinned: {e}"),
            }
        }
        match placement::raise_priority() {
            Ok(what) => tracing::debug!("solver thread: {what}"),
            Err(e) => tracing::info!("solver thread priority not raised: {e}"),
        }
        // sleeps most of each period, spins the last stretch (the timer resolution raised on Windows)
        let mut wait = TickWait::new();
        tracing::debug!(
            max_spin_us = wait.max_slack().as_micros() as u64,
            "tick wait: sleeps, spinning at most this"
        );
        let mut warned_coarse = false;
        let _ = self.inputs.waker.set(std::thread::current());
        let lock = self.options.phase_lead.map(PhaseLock::new);
        let mut seen_arrival = self.inputs.arrived_ns.load(Relaxed);
        // a frame arrived since the last tick started: it may take the next tick early
        let mut fresh = false;
        // the phase lock has moved the schedule since the last tick (at most once per tick)
        let mut corrected = false;
        // `slot`: the next tick's slot in the nominal schedule (one period apart, whatever the input does);
        // `next`: when it is due, the slot moved by the phase lock within half a period either way.
        let mut next = Instant::now();
        let mut slot = next;
        let mut last_tick = next;
        while !self.shared.stop.load(Relaxed) {
            let period = self.shared.time_step().period();
            loop {
                // Input that arrived since the last look moves the schedule (phase lock): the first frame after
                // a tick only, so that input faster than the tick cannot push the schedule around.
                let arrived = self.inputs.arrived_ns.load(Relaxed);
                if arrived != seen_arrival {
                    seen_arrival = arrived;
                    fresh = true;
                    if let (Some(lock), false) = (lock, corrected) {
                        corrected = true;
                        let age =
                            Duration::from_nanos((avatar_schema::clock::unix_ns() - arrived).max(0) as u64);
                        let at = Instant::now().checked_sub(age).unwrap_or_else(Instant::now);
                        let p = period.as_secs_f64();
                        let c = if at <= last_tick {
                            // it made the last tick: how early was it?
                            lock.correction(p, last_tick.duration_since(at).as_secs_f64(), p)
                        } else {
                            let since = at.duration_since(last_tick).as_secs_f64();
                            lock.correction(since, next.saturating_duration_since(at).as_secs_f64(), p)
                        };
                        next = if c >= 0.0 {
                            // never before the arrival itself
                            next.checked_sub(Duration::from_secs_f64(c)).unwrap_or(next).max(at)
                        } else {
                            next + Duration::from_secs_f64(-c)
                        };
                        // The phase is circular: a shift beyond half a period is the same phase a period the
                        // other way. Keeping it within ±½ period keeps the tick count on the nominal schedule
                        // however long the lock keeps pushing one way.
                        next = PhaseLock::wrap(next, slot, period);
                    }
                }
                let now = Instant::now();
                if now >= next {
                    break;
                }
                let mut wake = next;
                if let (Some(lock), true) = (lock, fresh) {
                    let (ahead, p) = (next.duration_since(now).as_secs_f64(), period.as_secs_f64());
                    if lock.early_tick(0.0, ahead, p) {
                        break;
                    }
                    // blocked by the bound on running ahead: wake when it allows the tick
                    let from = Duration::from_secs_f64(lock.early_from(ahead, p).max(0.0));
                    if ahead > lock.lead.as_secs_f64() {
                        wake = wake.min(now + from);
                    }
                }
                // woken early by the ingest task when a frame arrives
                wait.step(wake);
            }
            let now = Instant::now();
            let late = now.saturating_duration_since(next);
            self.metrics.lateness.record_ns(late.as_nanos() as u64);
            if late > period / 2 {
                self.metrics.deadline_misses.fetch_add(1, Relaxed);
            }
            if late >= period {
                // Whole periods late: those slots are lost (counted), not made up by a burst of ticks.
                let skipped = (late.as_secs_f64() / period.as_secs_f64()).floor() as u32;
                self.metrics.missed_ticks.fetch_add(skipped as u64, Relaxed);
                next += period * skipped;
                slot += period * skipped;
            }
            let started = Instant::now();
            last_tick = started;
            (fresh, corrected) = (false, false);
            let tick = self.metrics.ticks.load(Relaxed) + 1;
            if let Some(Fault::PanicThread { at_tick }) = &self.options.fault {
                if *at_tick == tick {
                    panic!("injected fault: the solver thread panics at tick {tick}");
                }
            }
            self.tick(pool.as_ref());
            let took = started.elapsed();
            self.metrics.tick_time.record_ns(took.as_nanos() as u64);
            self.shed.update(took, period, Instant::now());
            self.metrics.shed_level.store(self.shed.level() as u64, Relaxed);
            self.metrics.ticks.fetch_add(1, Relaxed);
            next += period;
            slot += period;
            if !warned_coarse && wait.slack() > period / 4 {
                warned_coarse = true;
                tracing::warn!(
                    slack_ms = wait.slack().as_secs_f64() * 1e3,
                    "the OS timer wakes this thread late: the solver thread spins before each tick to keep its deadline"
                );
            }
        }
        tracing::debug!(
            slack_us = wait.slack().as_micros() as u64,
            spun_ms = wait.spun().as_millis() as u64,
            "solver thread stopped"
        );
    }

    /// Step every avatar once, all at the time step of the current tick rate (made here, once per tick),
    /// and queue its state. A panic while stepping one avatar is caught: that avatar is rebuilt at rest, its
    /// state flagged `DEGRADED | RESET` and the panic counted (`solver.panics`); the other avatars are not
    /// affected.
    pub fn tick(&mut self, pool: Option<&rayon::ThreadPool>) {
        let time_step = self.shared.time_step();
        let now_ns = avatar_schema::clock::unix_ns();
        let inputs = &*self.inputs;
        self.metrics.input_coalesced.fetch_add(inputs.take_coalesced(), Relaxed);
        let (metrics, fault) = (&*self.metrics, self.options.fault.as_ref());
        let tick = metrics.ticks.load(Relaxed) + 1;
        let shed = &self.shed;
        if shed.level() > 0 {
            metrics.shed_ticks.fetch_add(1, Relaxed);
        }
        let step = |run: &mut AvatarRun| {
            let reset = run.handle.reset_requested.swap(false, Relaxed);
            let loaded = run.handle.params.load();
            let shed_params = shed.apply(&loaded);
            let params = shed_params.as_ref().unwrap_or(&loaded);
            let stepped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if let Some(Fault::PanicAvatar { avatar, from_tick }) = fault {
                    if *avatar == run.handle.id && tick >= *from_tick {
                        panic!("injected fault: avatar {avatar:?} panics from tick {from_tick}");
                    }
                }
                match &mut run.sim {
                    Some(sim) => sim.tick(inputs, now_ns, time_step, params, reset),
                    None => placeholder(inputs, reset),
                }
            }));
            run.out = match stepped {
                Ok(out) => out,
                Err(payload) => {
                    let n = metrics.panics.fetch_add(1, Relaxed) + 1;
                    if n.is_power_of_two() {
                        tracing::error!(
                            avatar = %run.handle.id, count = n,
                            "stepping the avatar panicked ({}); it restarts at rest, flagged DEGRADED",
                            panic_message(payload.as_ref())
                        );
                    }
                    recover(run, params, time_step)
                }
            };
        };
        match pool {
            Some(pool) if self.avatars.len() > 1 => {
                pool.install(|| self.avatars.par_iter_mut().for_each(step))
            }
            _ => self.avatars.iter_mut().for_each(step),
        }
        let handoff = Instant::now();
        for run in &mut self.avatars {
            let o = std::mem::take(&mut run.out);
            let m = &self.metrics;
            record_step(m, &o);
            if o.input_capture_time_ns > 0 {
                m.input_age.record_ns((now_ns - o.input_capture_time_ns).max(0) as u64);
            }
            run.seq += 1;
            run.sim_time_ns += time_step.dt_ns;
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
                held: o.held,
            };
            match self.out.try_send(state) {
                Ok(()) => run.dropped = 0,
                Err(_) => {
                    run.dropped += 1;
                    self.metrics.states_dropped.fetch_add(1, Relaxed);
                }
            }
        }
        self.metrics.phase_ns.publish.fetch_add(handoff.elapsed().as_nanos() as u64, Relaxed);
    }
}

/// Said once at start: an avatar whose mouth the voice cannot move (all five visemes missing: no VRM viseme
/// expressions, no ARKit mouth blendshapes), or only in part.
fn say_what_lip_sync_lacks(id: &str, missing: &[&str]) {
    if missing.len() == crate::mapping::speech::VISEMES.len() {
        tracing::warn!(
            avatar = %id,
            "this avatar has no mouth shapes (no VRM expressions aa ih ou ee oh, no ARKit jawOpen, mouthPucker, \
             mouthFunnel, mouthStretch or mouthUpperUp blendshapes): lip sync cannot move its mouth"
        );
    } else if !missing.is_empty() {
        tracing::warn!(
            avatar = %id,
            "lip sync: this avatar has no shape for the visemes {} (the others move its mouth)",
            missing.join(", ")
        );
    }
}

/// After a panic in `run`'s step: a fresh simulation at rest (the old one may be half-updated), and this tick's
/// output the rest pose with `z = 0`, flagged `DEGRADED | RESET`.
fn recover(run: &mut AvatarRun, params: &SimParams, time_step: TimeStep) -> TickOutput {
    let flags = state_flags::DEGRADED | state_flags::RESET;
    let Some(sim) = &run.sim else { return TickOutput { flags, ..TickOutput::default() } };
    let avatar = sim.avatar.clone();
    match AvatarSim::new(avatar.clone(), params, time_step) {
        Ok(fresh) => run.sim = Some(fresh),
        Err(e) => tracing::error!(avatar = %run.handle.id, "rebuilding the avatar after a panic failed: {e}"),
    }
    let rest = avatar.asset.sim.rig.rest_params();
    TickOutput {
        p: rest.iter().map(|&v| v as f32).collect(),
        z: vec![0.0; avatar.num_z()],
        flags,
        ..TickOutput::default()
    }
}

/// The message of a panic's payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
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

/// Count what one avatar tick did.
fn record_step(m: &Metrics, o: &TickOutput) {
    if o.p.is_empty() && o.z.is_empty() {
        return; // a placeholder avatar
    }
    m.steps.fetch_add(1, Relaxed);
    m.step_iterations.fetch_add(o.step.iterations as u64, Relaxed);
    let ph = &m.phase_ns;
    ph.retarget.fetch_add(o.retarget_ns, Relaxed);
    ph.springs.fetch_add(o.springs_ns, Relaxed);
    ph.rig_terms.fetch_add(o.step.phases.rig_terms_ns, Relaxed);
    ph.local.fetch_add(o.step.phases.local_ns, Relaxed);
    ph.global.fetch_add(o.step.phases.global_ns, Relaxed);
    let add = |c: &AtomicU64, yes: bool| {
        if yes {
            c.fetch_add(1, Relaxed);
        }
    };
    add(&m.guard_resets, o.step.guard_reset);
    add(&m.unrepresentable, o.unrepresentable);
    add(&m.teleports, o.step.teleport);
    add(&m.model_rebuilds, o.step.rebuilt);
    m.mapping_unknown.fetch_add(o.counts.unknown_names, Relaxed);
    m.mapping_rejected.fetch_add(o.counts.rejected_values, Relaxed);
    m.grounding_held.fetch_add(o.counts.grounding_held, Relaxed);
    m.labels_swapped.fetch_add(o.counts.labels_swapped, Relaxed);
    m.pose_outliers.fetch_add(o.counts.pose_outliers, Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schedule of `run` in seconds: ticks every `period`, moved by each arrival's correction. Frame `k`
    /// of an `input_hz` tracker (clock off by `drift`) arrives `U[0, jitter)` late. Returns each frame's wait
    /// until the tick that takes it.
    fn waits(lock: Option<PhaseLock>, input_hz: f64, drift: f64, jitter: f64, n: usize) -> Vec<f64> {
        let period = 1.0 / 120.0;
        let (mut next, mut last, mut out) = (0.0f64, -period, Vec::new());
        let mut seed = 12345u64;
        let mut rand = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for k in 0..n {
            let at = 0.0031 + k as f64 / (input_hz * (1.0 + drift)) + jitter * rand();
            while next < at {
                last = next; // ticks before the arrival
                next += period;
            }
            if let Some(l) = lock {
                next = (next - l.correction(at - last, next - at, period)).max(at);
            }
            out.push(next - at);
        }
        out
    }

    fn p99(mut v: Vec<f64>) -> f64 {
        v.sort_by(f64::total_cmp);
        v[(0.99 * v.len() as f64) as usize]
    }

    #[test]
    fn phase_lock_brings_the_wait_down_to_the_lead_plus_the_jitter() {
        let lock = PhaseLock::new(Duration::from_micros(500));
        for hz in [30.0, 60.0] {
            for (drift, jitter) in [(0.0, 0.0004), (1e-3, 0.001), (-1e-4, 0.001)] {
                let free = waits(None, hz, drift, jitter, 2000);
                let locked = waits(Some(lock), hz, drift, jitter, 2000);
                let (locked99, mean_free) =
                    (p99(locked[200..].to_vec()), free.iter().sum::<f64>() / free.len() as f64);
                eprintln!("{hz} Hz, drift {drift}, jitter {jitter}: p99 wait {locked99:.5} s locked, mean {mean_free:.5} s free");
                assert!(locked99 < 0.0005 + jitter + 0.0003, "{hz} Hz: p99 wait {locked99} s once locked");
            }
        }
        // the free-running clock makes frames wait half a period on average (drifting tracker)
        let free = waits(None, 30.0, 1e-3, 0.001, 4000);
        let mean = free.iter().sum::<f64>() / free.len() as f64;
        assert!((mean - 0.5 / 120.0).abs() < 0.001, "{mean}");
    }

    /// The solver loop's schedule, event by event: ticks every `period`, moved by each arrival's correction;
    /// with `early`, a frame takes the next tick early when [`PhaseLock::early_tick`] allows (at once, or as
    /// soon as the bound on running ahead does). Returns the tick count up to `seconds` and each tracker's
    /// waits from arrival to the tick that takes it.
    fn schedule(
        lock: &PhaseLock,
        arrivals: &[(f64, usize)],
        early: bool,
        seconds: f64,
    ) -> (usize, [Vec<f64>; 2]) {
        let period = 1.0 / 120.0;
        let (mut next, mut last, mut ticks) = (0.0f64, -period, 0usize);
        let mut waits = [Vec::new(), Vec::new()];
        let mut pending: Vec<(f64, usize)> = Vec::new();
        let mut i = 0;
        loop {
            // when the next tick happens, given the frames waiting
            let mut t = next;
            if early {
                if let Some(&(first, _)) = pending.first() {
                    let allowed = lock.early_from(next, period).max(first);
                    if next - allowed > lock.lead.as_secs_f64() {
                        t = allowed;
                    }
                }
            }
            let arrival = arrivals.get(i).map_or(f64::INFINITY, |a| a.0);
            if t.min(arrival) > seconds {
                break;
            }
            if t <= arrival {
                for (at, tracker) in pending.drain(..) {
                    waits[tracker].push(t - at);
                }
                last = t;
                next += period;
                ticks += 1;
            } else {
                let (at, tracker) = arrivals[i];
                i += 1;
                next = (next - lock.correction(at - last, next - at, period)).max(at);
                pending.push((at, tracker));
            }
        }
        (ticks, waits)
    }

    /// Two trackers at unrelated phases (30 Hz body, 60 Hz face, 1 ms jitter, drifting clocks): with early
    /// ticks every frame waits at most about the lead and the tick count stays the schedule's; with the lock
    /// alone, one tracker's frames wait for the next slot.
    #[test]
    fn early_ticks_serve_trackers_at_unrelated_phases_without_changing_the_rate() {
        let period = 1.0 / 120.0;
        let lock = PhaseLock::new(Duration::from_micros(500));
        let mut seed = 777u64;
        let mut rand = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let seconds = 20.0;
        let mut arrivals: Vec<(f64, usize)> = Vec::new();
        for (tracker, (hz, phase, drift)) in
            [(30.0, 0.0031, 1e-3), (60.0, 0.0057, -2e-4)].into_iter().enumerate()
        {
            for k in 0.. {
                let at = phase + k as f64 / (hz * (1.0 + drift)) + 0.001 * rand();
                if at > seconds {
                    break;
                }
                arrivals.push((at, tracker));
            }
        }
        arrivals.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (ticks, waits) = schedule(&lock, &arrivals, true, seconds);
        let (ticks_lock, waits_lock) = schedule(&lock, &arrivals, false, seconds);
        let [body, face] = waits.map(|w| p99(w[100..].to_vec()));
        let [body_lock, face_lock] = waits_lock.map(|w| p99(w[100..].to_vec()));
        eprintln!("p99 wait: body {body:.5} s, face {face:.5} s with early ticks; {body_lock:.5}, {face_lock:.5} lock only; ticks {ticks}, {ticks_lock}");
        assert!(body <= 0.0006 && face <= 0.0006, "p99 wait body {body}, face {face}");
        assert!(body_lock.max(face_lock) > 0.002, "the lock alone serves both: {body_lock}, {face_lock}");
        // the rate: the tick count within the bound on running ahead of the schedule's
        let want = (seconds / period).round() as usize;
        assert!(
            ticks.abs_diff(want) <= 3 && ticks_lock.abs_diff(want) <= 3,
            "{ticks}, {ticks_lock} vs {want}"
        );
    }

    #[test]
    fn correction_is_bounded_and_signed() {
        let lock = PhaseLock::new(Duration::from_millis(1));
        let p = 1.0 / 120.0;
        assert!(lock.correction(0.004, 0.004, p) > 0.0, "early: move the tick earlier");
        assert!(lock.correction(0.008, 0.0002, p) < 0.0, "too close to the tick: later");
        assert!(lock.correction(0.0001, 0.0082, p) < 0.0, "just missed a tick: later, not earlier");
        assert_eq!(lock.correction(0.003, 1.0, p), 0.25 * p);
        assert_eq!(lock.correction(0.005, 0.001, p), 0.0);
        // late errors are corrected harder than early ones
        assert!(-lock.correction(0.005, 0.0005, p) > lock.correction(0.005, 0.0015, p));
    }
}
