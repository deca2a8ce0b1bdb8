//! The solver thread: a fixed-rate loop that never awaits the network.
//!
//! Each tick it reads the latest tracker frames (lock-free), steps every avatar and hands one `AvatarState`
//! per avatar to the publisher through a bounded queue with `try_send`: when the queue is full the state is
//! dropped, counted, and reported to subscribers in the next state's `dropped_before`.
//!
//! The per-avatar model is still the identity: `p` and `z` are empty until the rig mapping and the reduced
//! dynamics land (they plug in at [`Solver::step_avatar`]).

use crate::ingest::Inputs;
use crate::metrics::Metrics;
use crate::shared::{AvatarHandle, Shared};
use avatar_schema::{state_flags, AvatarState};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

struct AvatarRun {
    handle: Arc<AvatarHandle>,
    seq: u64,
    sim_time_ns: i64,
    /// States dropped since the last one that entered the publisher queue.
    dropped: u64,
}

pub struct Solver {
    avatars: Vec<AvatarRun>,
    inputs: Arc<Inputs>,
    shared: Arc<Shared>,
    metrics: Arc<Metrics>,
    out: mpsc::Sender<AvatarState>,
    hold_after: Duration,
}

impl Solver {
    pub fn new(
        shared: Arc<Shared>,
        inputs: Arc<Inputs>,
        metrics: Arc<Metrics>,
        out: mpsc::Sender<AvatarState>,
        hold_after: Duration,
    ) -> Self {
        let avatars = shared
            .avatars
            .iter()
            .map(|h| AvatarRun { handle: h.clone(), seq: 0, sim_time_ns: 0, dropped: 0 })
            .collect();
        Solver { avatars, inputs, shared, metrics, out, hold_after }
    }

    /// Run on a dedicated OS thread until `shared.stop` is set.
    pub fn spawn(self) -> std::io::Result<std::thread::JoinHandle<()>> {
        std::thread::Builder::new().name("solver".into()).spawn(move || self.run())
    }

    fn run(mut self) {
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
            self.tick(period);
            self.metrics.tick_time.record_ns(started.elapsed().as_nanos() as u64);
            self.metrics.ticks.fetch_add(1, Relaxed);
            next += period;
        }
    }

    fn tick(&mut self, dt: Duration) {
        let newest = self.inputs.newest.load_full();
        let now_ns = crate::clock::unix_ns();
        for i in 0..self.avatars.len() {
            let state = self.step_avatar(i, dt, newest.as_deref(), now_ns);
            let run = &mut self.avatars[i];
            match self.out.try_send(state) {
                Ok(()) => run.dropped = 0,
                Err(_) => {
                    run.dropped += 1;
                    self.metrics.states_dropped.fetch_add(1, Relaxed);
                }
            }
        }
    }

    fn step_avatar(
        &mut self,
        i: usize,
        dt: Duration,
        newest: Option<&avatar_schema::FrameHeader>,
        now_ns: i64,
    ) -> AvatarState {
        let run = &mut self.avatars[i];
        let mut flags = 0;
        if run.handle.reset_requested.swap(false, Relaxed) {
            flags |= state_flags::RESET;
        }
        match newest {
            None => flags |= state_flags::REST_POSE,
            Some(h) if now_ns - h.capture_time_ns > self.hold_after.as_nanos() as i64 => {
                flags |= state_flags::HELD_POSE
            }
            Some(_) => {}
        }
        run.seq += 1;
        run.sim_time_ns += dt.as_nanos() as i64;
        AvatarState {
            avatar_id: run.handle.id.clone(),
            seq: run.seq,
            sim_time_ns: run.sim_time_ns,
            publish_time_ns: 0, // stamped by the publisher
            input_seq: newest.map_or(0, |h| h.seq),
            input_capture_time_ns: newest.map_or(0, |h| h.capture_time_ns),
            asset_hash: run.handle.asset_hash.clone(),
            p: Vec::new(),
            z: Vec::new(),
            flags,
            dropped_before: run.dropped,
            run_id: self.shared.run_id,
        }
    }
}
