//! Counters and histograms shared by the daemon's tasks, and their snapshot as a wire `Stats` message.
//!
//! Everything is a relaxed atomic: the solver thread and the I/O tasks record without locks. Every part's
//! counters live here (the web output's [`WebCounters`] too): this module depends on no other of the crate.

use avatar_schema::{Counter, Histogram, Reject, RejectCounts, Stats};
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// The web side's counters (in `Stats` as `web.*`).
#[derive(Debug, Default)]
pub struct WebCounters {
    /// WebSocket connections accepted since start.
    pub connections: AtomicU64,
    /// WebSocket clients connected now.
    pub clients: AtomicI64,
    /// Messages a slow client lost because it fell a whole ring behind.
    pub dropped: AtomicU64,
    /// Clients disconnected because their socket took nothing for the web output's `STALL`.
    pub stalled: AtomicU64,
    /// Messages clients sent (ignored).
    pub client_frames: AtomicU64,
    /// Connections ended by a client's protocol error (bad or oversized frames).
    pub client_errors: AtomicU64,
    /// Upgrades refused for their `Origin`.
    pub rejected_origin: AtomicU64,
    /// States and Stats handed to clients' sockets.
    pub sent: AtomicU64,
    /// `/ws/input` connections accepted since start.
    pub input_connections: AtomicU64,
    /// Messages from `/ws/input` handed to the input stage (which counts them again in `input.*`).
    pub input_frames: AtomicU64,
    /// `/ws/input` messages dropped because the input stage was behind.
    pub input_dropped: AtomicU64,
    /// `/ws/input` connections closed for misbehaving (text, over the rate, oversized or broken frames).
    pub input_closed: AtomicU64,
    /// `/ws/input` upgrades refused for their `Origin`.
    pub input_rejected_origin: AtomicU64,
}

/// Nanoseconds spent per phase of the avatar ticks (see [`Metrics::phase_ns`]).
#[derive(Debug, Default)]
pub struct PhaseCounters {
    pub retarget: AtomicU64,
    /// The spring bones' step (with the collider points' flesh displacement).
    pub springs: AtomicU64,
    pub rig_terms: AtomicU64,
    pub local: AtomicU64,
    pub global: AtomicU64,
    pub publish: AtomicU64,
}

impl PhaseCounters {
    /// (name, ns so far) per phase, in the order a frame passes them.
    pub fn snapshot(&self) -> [(&'static str, u64); 6] {
        [
            ("retarget", self.retarget.load(Relaxed)),
            ("springs", self.springs.load(Relaxed)),
            ("rig_terms", self.rig_terms.load(Relaxed)),
            ("local", self.local.load(Relaxed)),
            ("global", self.global.load(Relaxed)),
            ("publish", self.publish.load(Relaxed)),
        ]
    }
}

/// A fixed-bucket histogram of durations in microseconds.
#[derive(Debug)]
pub struct LatencyHistogram {
    name: &'static str,
    bounds_us: &'static [f64],
    counts: Vec<AtomicU64>,
    sum_ns: AtomicU64,
    max_ns: AtomicU64,
}

/// Buckets per doubling of the latency histograms: each bucket spans 2^(1/8) (9 %), so a quantile
/// interpolated within its bucket is within 4.5 % of the samples' own.
pub const BUCKETS_PER_OCTAVE: u32 = 8;
/// Bucket upper bounds (µs) used for tick times and latencies: 1 µs · 2^(k/8), k = 0..=208 (1 µs to 67 s), and an
/// overflow bucket above.
pub static LATENCY_BOUNDS_US: std::sync::LazyLock<Vec<f64>> = std::sync::LazyLock::new(|| {
    (0..=26 * BUCKETS_PER_OCTAVE).map(|k| 2f64.powf(k as f64 / BUCKETS_PER_OCTAVE as f64)).collect()
});

/// The `q` quantile of a histogram's `counts` over buckets with `bounds` (µs; the last count above them, up
/// to `max`), interpolated log-linearly within the bucket that holds it; `None` without samples.
pub fn quantile(bounds: &[f64], counts: &[u64], max: f64, q: f64) -> Option<f64> {
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let target = (q * n as f64).ceil().clamp(1.0, n as f64);
    let mut acc = 0.0;
    for (i, &c) in counts.iter().enumerate() {
        if c > 0 && acc + c as f64 >= target {
            let upper = bounds.get(i).copied().unwrap_or(max).min(max.max(f64::MIN_POSITIVE));
            let lower = if i == 0 { 0.0 } else { bounds[i - 1].min(upper) };
            let u = (target - acc) / c as f64;
            // geometric within a bucket of a geometric series (linear in the first, from 0)
            return Some(if lower > 0.0 { lower * (upper / lower).powf(u) } else { upper * u });
        }
        acc += c as f64;
    }
    Some(max)
}

impl LatencyHistogram {
    pub fn new(name: &'static str) -> Self {
        LatencyHistogram {
            name,
            bounds_us: &LATENCY_BOUNDS_US,
            counts: (0..=LATENCY_BOUNDS_US.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_ns: AtomicU64::new(0),
            max_ns: AtomicU64::new(0),
        }
    }

    pub fn record_ns(&self, ns: u64) {
        let us = ns as f64 / 1e3;
        let i = self.bounds_us.iter().position(|b| us <= *b).unwrap_or(self.bounds_us.len());
        self.counts[i].fetch_add(1, Relaxed);
        self.sum_ns.fetch_add(ns, Relaxed);
        self.max_ns.fetch_max(ns, Relaxed);
    }

    /// Snapshot; p50/p99 are interpolated within the bucket holding that quantile ([`quantile`]).
    pub fn snapshot(&self) -> Histogram {
        let counts: Vec<u64> = self.counts.iter().map(|c| c.load(Relaxed)).collect();
        let count: u64 = counts.iter().sum();
        let max = self.max_ns.load(Relaxed) as f64 / 1e3;
        let quantile = |q: f64| quantile(self.bounds_us, &counts, max, q).unwrap_or(0.0);
        Histogram {
            name: self.name.to_owned(),
            unit: "us".to_owned(),
            upper_bounds: self.bounds_us.to_vec(),
            p50: quantile(0.5),
            p99: quantile(0.99),
            max,
            sum: self.sum_ns.load(Relaxed) as f64 / 1e3,
            counts,
            count,
        }
    }
}

/// All of the daemon's counters. Names in [`Metrics::stats`] are the public, documented ones.
#[derive(Debug)]
pub struct Metrics {
    started: Instant,
    pub daemon_id: String,
    /// Multipart messages taken off the input socket.
    pub input_received: AtomicU64,
    /// Frames that passed every check and were handed to the solver.
    pub input_accepted: AtomicU64,
    /// Input rejected, by reason.
    pub input_rejected: RejectCounts,
    /// Frames that replaced an older frame of their source and kind before a tick took it (input faster than
    /// the tick, coalesced to the newest).
    pub input_coalesced: AtomicU64,
    /// Hand frames accepted and stored; hand frames whose handedness score was under the gate
    /// (`StreamRules::min_handedness_score`), accepted but not stored.
    pub input_hand_frames: AtomicU64,
    pub input_hands_gated: AtomicU64,
    /// Audio frames accepted and analysed by a microphone's lip sync.
    pub input_audio_frames: AtomicU64,
    /// Microphone samples analysed, gaps in the microphones' streams (a chunk starting later than the last
    /// one ended) and the audio they lost (ms).
    pub input_audio_samples: AtomicU64,
    pub input_audio_gaps: AtomicU64,
    pub input_audio_lost_ms: AtomicU64,
    /// Body (pose) frames accepted: one per camera frame with a person in view, so their rate is the camera's
    /// (`avatard live`'s status).
    pub input_pose_frames: AtomicU64,
    /// Sources whose stream was replaced by a new `stream_id` after going quiet (restarted trackers).
    pub streams_replaced: AtomicU64,
    pub ticks: AtomicU64,
    /// Ticks that started more than half a period after their slot in the schedule.
    pub deadline_misses: AtomicU64,
    /// Slots of the schedule skipped because a tick was a whole period or more late: the ticks the nominal
    /// rate asked for and the solver did not run.
    pub missed_ticks: AtomicU64,
    /// Ticks run with work shed (fewer flesh iterations: the solver overran), and the level now (a gauge).
    pub shed_ticks: AtomicU64,
    pub shed_level: AtomicU64,
    /// How late each tick started against its slot in the schedule (0 for a tick taken early).
    pub lateness: LatencyHistogram,
    /// Avatar ticks that panicked: the avatar was rebuilt at rest and flagged `DEGRADED`; the others kept
    /// ticking.
    pub panics: AtomicU64,
    /// Avatar ticks whose `p` or `z` held a value that f32 cannot carry (beyond ±f32::MAX): replaced by the
    /// rest pose, flagged `DEGRADED`.
    pub unrepresentable: AtomicU64,
    pub states_published: AtomicU64,
    /// Gaps over `publish::PAUSE_MS` between consecutive states of one avatar, and the longest (ms).
    pub publish_pauses: AtomicU64,
    pub publish_longest_pause_ms: AtomicU64,
    /// States dropped because the publisher queue was full (the solver never waits for the network).
    pub states_dropped: AtomicU64,
    pub stats_published: AtomicU64,
    pub publish_errors: AtomicU64,
    pub control_requests: AtomicU64,
    /// Control requests answered with an error status, and control socket receive errors.
    pub control_errors: AtomicU64,
    /// Peers currently connected to the state socket (from the socket monitor).
    pub subscribers: AtomicI64,
    pub tick_time: LatencyHistogram,
    /// Tracker capture time -> state publish time.
    pub capture_to_publish: LatencyHistogram,
    /// A microphone chunk's capture time (its first sample) -> the daemon's receipt of it: the page's
    /// capture -> send and the wire together (issue 54's goal: ≤ 100 ms at p99).
    pub audio_capture_to_arrival: LatencyHistogram,
    /// Age of the input an avatar follows (tick time - its capture time), per avatar tick.
    pub input_age: LatencyHistogram,
    /// Avatar steps and their local-global iterations.
    pub steps: AtomicU64,
    pub step_iterations: AtomicU64,
    /// Where the avatar ticks' time went, summed over avatars (ns of wall time on the thread doing it):
    /// mapping the input to rig parameters, the step's rig terms, its local and its global steps
    /// ([`avatar_sim::reduced::StepPhases`]), and publishing (the state's hand-off in the solver thread and its
    /// encoding in the publisher task).
    pub phase_ns: PhaseCounters,
    /// The solver guard reset an avatar (non-finite or exploding state).
    pub guard_resets: AtomicU64,
    /// Rig discontinuities handled as teleports.
    pub teleports: AtomicU64,
    /// Reduced models rebuilt for a new tick rate or stiffness.
    pub model_rebuilds: AtomicU64,
    /// Names (blendshapes, bones) an avatar's rig does not have, and values refused by the mapping.
    pub mapping_unknown: AtomicU64,
    pub mapping_rejected: AtomicU64,
    /// Body positions the grounding held (a jump faster than a person moves) or could not fit.
    pub grounding_held: AtomicU64,
    /// Pose frames whose left/right labels were swapped back (MediaPipe relabelled the body).
    pub labels_swapped: AtomicU64,
    /// Pose frames dropped: the body turned further than a body turns between frames either way it is read.
    pub pose_outliers: AtomicU64,
    /// VMC output datagrams sent, and sends that failed (the VMC output, `vmc/`).
    pub vmc_sent: AtomicU64,
    pub vmc_errors: AtomicU64,
    /// The web output's clients and drops (the web output, `web.rs`).
    pub web: WebCounters,
}

impl Metrics {
    pub fn new(daemon_id: impl Into<String>) -> Self {
        Metrics {
            started: Instant::now(),
            daemon_id: daemon_id.into(),
            input_received: AtomicU64::new(0),
            input_accepted: AtomicU64::new(0),
            input_rejected: RejectCounts::default(),
            input_coalesced: AtomicU64::new(0),
            streams_replaced: AtomicU64::new(0),
            input_hand_frames: AtomicU64::new(0),
            input_hands_gated: AtomicU64::new(0),
            input_audio_frames: AtomicU64::new(0),
            input_audio_samples: AtomicU64::new(0),
            input_audio_gaps: AtomicU64::new(0),
            input_audio_lost_ms: AtomicU64::new(0),
            input_pose_frames: AtomicU64::new(0),
            ticks: AtomicU64::new(0),
            deadline_misses: AtomicU64::new(0),
            missed_ticks: AtomicU64::new(0),
            shed_ticks: AtomicU64::new(0),
            shed_level: AtomicU64::new(0),
            lateness: LatencyHistogram::new("solver.lateness"),
            panics: AtomicU64::new(0),
            unrepresentable: AtomicU64::new(0),
            states_published: AtomicU64::new(0),
            publish_pauses: AtomicU64::new(0),
            publish_longest_pause_ms: AtomicU64::new(0),
            states_dropped: AtomicU64::new(0),
            stats_published: AtomicU64::new(0),
            publish_errors: AtomicU64::new(0),
            control_requests: AtomicU64::new(0),
            control_errors: AtomicU64::new(0),
            subscribers: AtomicI64::new(0),
            tick_time: LatencyHistogram::new("tick.time"),
            capture_to_publish: LatencyHistogram::new("latency.capture_to_publish"),
            audio_capture_to_arrival: LatencyHistogram::new("latency.audio_capture_to_arrival"),
            input_age: LatencyHistogram::new("input.age"),
            steps: AtomicU64::new(0),
            step_iterations: AtomicU64::new(0),
            phase_ns: PhaseCounters::default(),
            guard_resets: AtomicU64::new(0),
            teleports: AtomicU64::new(0),
            model_rebuilds: AtomicU64::new(0),
            mapping_unknown: AtomicU64::new(0),
            mapping_rejected: AtomicU64::new(0),
            grounding_held: AtomicU64::new(0),
            labels_swapped: AtomicU64::new(0),
            pose_outliers: AtomicU64::new(0),
            vmc_sent: AtomicU64::new(0),
            vmc_errors: AtomicU64::new(0),
            web: Default::default(),
        }
    }

    pub fn reject(&self, reason: Reject) {
        self.input_rejected.record(reason);
    }

    pub fn stats(&self) -> Stats {
        let c = |name: &str, v: &AtomicU64| Counter { name: name.to_owned(), value: v.load(Relaxed) };
        let mut counters = vec![
            c("input.received", &self.input_received),
            c("input.accepted", &self.input_accepted),
            Counter { name: "input.dropped".into(), value: self.input_rejected.total() },
        ];
        counters.extend(
            self.input_rejected
                .snapshot()
                .into_iter()
                .map(|(r, v)| Counter { name: format!("input.dropped.{}", r.as_str()), value: v }),
        );
        counters.extend([
            c("input.coalesced", &self.input_coalesced),
            c("input.streams_replaced", &self.streams_replaced),
            c("input.hand_frames", &self.input_hand_frames),
            c("input.hands_gated", &self.input_hands_gated),
            c("input.audio_frames", &self.input_audio_frames),
            c("input.audio_samples", &self.input_audio_samples),
            c("input.audio_gaps", &self.input_audio_gaps),
            c("input.audio_lost_ms", &self.input_audio_lost_ms),
            c("input.pose_frames", &self.input_pose_frames),
            c("solver.ticks", &self.ticks),
            c("solver.deadline_misses", &self.deadline_misses),
            c("solver.missed_ticks", &self.missed_ticks),
            c("solver.shed_ticks", &self.shed_ticks),
            c("solver.shed_level", &self.shed_level),
            c("solver.panics", &self.panics),
            c("solver.unrepresentable", &self.unrepresentable),
            c("solver.steps", &self.steps),
            c("solver.iterations", &self.step_iterations),
            c("solver.guard_resets", &self.guard_resets),
            c("solver.teleports", &self.teleports),
            c("solver.model_rebuilds", &self.model_rebuilds),
            c("mapping.unknown_names", &self.mapping_unknown),
            c("mapping.rejected_values", &self.mapping_rejected),
            c("mapping.grounding_held", &self.grounding_held),
            c("mapping.labels_swapped", &self.labels_swapped),
            c("mapping.pose_outliers", &self.pose_outliers),
            c("publish.states", &self.states_published),
            c("publish.pauses", &self.publish_pauses),
            c("publish.longest_pause_ms", &self.publish_longest_pause_ms),
            c("publish.dropped", &self.states_dropped),
            c("publish.stats", &self.stats_published),
            c("publish.errors", &self.publish_errors),
            c("control.requests", &self.control_requests),
            c("control.errors", &self.control_errors),
            c("vmc.sent", &self.vmc_sent),
            c("vmc.errors", &self.vmc_errors),
            Counter {
                name: "publish.subscribers".into(),
                value: self.subscribers.load(Relaxed).max(0) as u64,
            },
            c("web.connections", &self.web.connections),
            Counter { name: "web.clients".into(), value: self.web.clients.load(Relaxed).max(0) as u64 },
            c("web.sent", &self.web.sent),
            c("web.dropped", &self.web.dropped),
            c("web.stalled", &self.web.stalled),
            c("web.client_frames", &self.web.client_frames),
            c("web.client_errors", &self.web.client_errors),
            c("web.rejected_origin", &self.web.rejected_origin),
            c("web.input_connections", &self.web.input_connections),
            c("web.input_frames", &self.web.input_frames),
            c("web.input_dropped", &self.web.input_dropped),
            c("web.input_closed", &self.web.input_closed),
            c("web.input_rejected_origin", &self.web.input_rejected_origin),
        ]);
        Stats {
            daemon_id: self.daemon_id.clone(),
            time_ns: avatar_schema::clock::unix_ns(),
            uptime_ns: self.started.elapsed().as_nanos() as i64,
            counters,
            histograms: vec![
                self.tick_time.snapshot(),
                self.capture_to_publish.snapshot(),
                self.audio_capture_to_arrival.snapshot(),
                self.input_age.snapshot(),
                self.lateness.snapshot(),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_quantiles_follow_the_data() {
        let h = LatencyHistogram::new("t");
        for _ in 0..98 {
            h.record_ns(15_000); // 15 µs -> bucket <=20
        }
        h.record_ns(700_000); // 700 µs -> bucket <=1000
        h.record_ns(100_000_000_000); // 100 s -> overflow
        let s = h.snapshot();
        assert_eq!(s.count, 100);
        assert_eq!(s.counts.len(), s.upper_bounds.len() + 1);
        // interpolated within their buckets: within 4.5 % of the samples' own (15 µs, 700 µs)
        assert!((s.p50 / 15.0 - 1.0).abs() < 0.045, "{}", s.p50);
        assert!((s.p99 / 700.0 - 1.0).abs() < 0.09, "{}", s.p99);
        assert_eq!(s.max, 100_000_000.0);
        assert_eq!(*s.counts.last().unwrap(), 1);
    }

    /// The snapshot's quantiles against the samples' own on a spread of latencies (log-uniform, 20 ms to
    /// 2 s, as a live session's capture → publish): within 5 %.
    #[test]
    fn histogram_quantiles_are_within_five_percent_of_the_samples() {
        let h = LatencyHistogram::new("t");
        let mut v: Vec<f64> =
            (0..1000).map(|i| 20_000.0 * 100f64.powf((i as f64 * 0.618_034) % 1.0)).collect();
        v.iter().for_each(|&us| h.record_ns((us * 1e3) as u64));
        v.sort_by(f64::total_cmp);
        let s = h.snapshot();
        for (q, got) in [(0.5, s.p50), (0.99, s.p99)] {
            let want = v[(q * v.len() as f64).ceil() as usize - 1];
            assert!((got / want - 1.0).abs() < 0.05, "q {q}: {got} µs, the samples' {want} µs");
        }
    }

    #[test]
    fn stats_name_every_reject_reason() {
        let m = Metrics::new("t");
        m.reject(Reject::NonFinite);
        m.reject(Reject::NonFinite);
        m.reject(Reject::Order);
        let s = m.stats();
        assert_eq!(s.counter("input.dropped"), Some(3));
        assert_eq!(s.counter("input.dropped.non_finite"), Some(2));
        assert_eq!(s.counter("input.dropped.order"), Some(1));
        for r in Reject::ALL {
            assert!(s.counter(&format!("input.dropped.{}", r.as_str())).is_some(), "{r}");
        }
    }
}
