//! The demo's subscriber: every `AvatarState` of the demo's avatar, with sequence, latency, flags and `z`
//! statistics, and `p`/`z` thinned: to the trajectory's rate (`--render-fps`), and to the film's
//! (`--film-fps`), which takes twice as many states in its slow window (the jumps) so that, played at its frame
//! rate, it shows them at half speed, and half as many in its sparse windows (the slow ease to rest and the
//! breathing), each shown for two frames ([`Thinning`]).

use super::render::TrajectoryStep;
use avatar_schema::{decode, state_flags, AvatarState, Message, Reject};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use zeromq::{SocketRecv, SubSocket};

/// What the subscriber saw.
#[derive(Default)]
pub struct Collected {
    /// Every state received (warm-up included).
    pub states: u64,
    /// States received while the trackers played (the figures below are over these).
    pub states_played: u64,
    pub sequence_gaps: u64,
    pub dropped_before: u64,
    pub restarts: u64,
    /// Per fresh input: capture -> receive, capture -> publish, publish -> receive (ms).
    pub latencies_ms: Vec<f64>,
    pub capture_to_publish_ms: Vec<f64>,
    pub publish_to_receive_ms: Vec<f64>,
    pub held: u64,
    pub rest: u64,
    pub degraded: u64,
    pub reset: u64,
    pub num_p: usize,
    pub num_z: usize,
    pub peak_abs_z: f64,
    pub sum_sq_z: f64,
    pub count_z: u64,
    /// Messages on the state socket the decoder refused (every reason), and those refused for a NaN or an
    /// infinity: the decoder checks every float, so a non-finite `p` or `z` shows up here, not as a state.
    pub undecodable: u64,
    pub non_finite: u64,
    /// `p`, `z` at the trajectory's rate.
    pub steps: Vec<TrajectoryStep>,
    /// `p`, `z` to film, each with the number of the film's frames it fills (see [`Thinning`]).
    pub film: Vec<(TrajectoryStep, u32)>,
}

/// Which states are kept (times in seconds from the first state collected): the trajectory's, one per `dt`,
/// and the film's, one per frame of `film_dt`: one per `film_dt / 2` inside `slow` (each a frame: half speed),
/// one per `2 film_dt` inside the `sparse` windows (each two frames: real time, half the drawing). A state that
/// comes late fills the frames it missed.
#[derive(Clone, Copy, Debug)]
pub struct Thinning {
    dt: f64,
    film_dt: f64,
    slow: Option<(f64, f64)>,
    sparse: [(f64, f64); 2],
    steps: usize,
    next_film: f64,
}

impl Thinning {
    pub fn new(dt: f64, film_dt: f64, slow: Option<(f64, f64)>, sparse: [(f64, f64); 2]) -> Thinning {
        Thinning { dt, film_dt, slow, sparse, steps: 0, next_film: 0.0 }
    }

    /// Whether the state at `t` (not decreasing from call to call) goes into the trajectory, and how many of the
    /// film's frames it fills (0: it is not filmed).
    pub fn take(&mut self, t: f64) -> (bool, u32) {
        let step = t + 1e-6 >= self.steps as f64 * self.dt;
        self.steps += step as usize;
        let mut frames = 0;
        while self.next_film <= t + 1e-6 {
            let at = self.next_film + 1e-6;
            let within = |(from, to): (f64, f64)| (from..to).contains(&at);
            let (advance, n) = if self.slow.is_some_and(within) {
                (0.5 * self.film_dt, 1)
            } else if self.sparse.into_iter().any(within) {
                (2.0 * self.film_dt, 2)
            } else {
                (self.film_dt, 1)
            };
            self.next_film += advance;
            frames += n;
        }
        (step, frames)
    }
}

impl Collected {
    /// Keep only the film's states up to `until` seconds (the time the trackers played): the subscriber runs a
    /// little past the end to catch late states, which the film, shown in real time, must not add.
    pub fn trim_film(&mut self, until: f64) {
        self.film.retain(|(s, _)| s.t <= until + 1e-6);
    }
}

/// Receive states until `stop`; figures and thinned steps only while `playing`.
pub async fn collect(
    mut sub: SubSocket,
    playing: Arc<AtomicBool>,
    mut thinning: Thinning,
    first: tokio::sync::oneshot::Sender<()>,
    mut stop: tokio::sync::oneshot::Receiver<()>,
) -> Collected {
    let mut c = Collected::default();
    let mut first = Some(first);
    let (mut last, mut fresh) = (None::<(u64, u64)>, HashSet::new());
    let mut t0 = None::<i64>;
    loop {
        let msg = tokio::select! {
            _ = &mut stop => break,
            m = sub.recv() => m,
        };
        let Ok(msg) = msg else { break };
        let received_ns = avatar_schema::clock::unix_ns();
        let Some(s) = state(&mut c, msg.get(1).map(|b| &b[..])) else { continue };
        c.states += 1;
        if let Some(tx) = first.take() {
            let _ = tx.send(());
        }
        match last {
            Some((run, seq)) if run == s.run_id => c.sequence_gaps += s.seq.saturating_sub(seq + 1),
            Some(_) => c.restarts += 1,
            None => {}
        }
        last = Some((s.run_id, s.seq));
        c.dropped_before += s.dropped_before;
        if !playing.load(Relaxed) {
            continue;
        }
        c.states_played += 1;
        let flag = |f: u32| u64::from(s.flags & f != 0);
        c.held += flag(state_flags::HELD_POSE);
        c.rest += flag(state_flags::REST_POSE);
        c.degraded += flag(state_flags::DEGRADED);
        c.reset += flag(state_flags::RESET);
        (c.num_p, c.num_z) = (s.p.len(), s.z.len());
        for &v in &s.z {
            let v = v as f64;
            c.peak_abs_z = c.peak_abs_z.max(v.abs());
            c.sum_sq_z += v * v;
        }
        c.count_z += s.z.len() as u64;
        if s.input_seq > 0 && fresh.insert((s.input_seq, s.input_capture_time_ns)) {
            c.latencies_ms.push((received_ns - s.input_capture_time_ns) as f64 / 1e6);
            c.capture_to_publish_ms.push((s.publish_time_ns - s.input_capture_time_ns) as f64 / 1e6);
            c.publish_to_receive_ms.push((received_ns - s.publish_time_ns) as f64 / 1e6);
        }
        let t = (s.sim_time_ns - *t0.get_or_insert(s.sim_time_ns)) as f64 * 1e-9;
        let (step, frames) = thinning.take(t);
        if frames > 0 {
            c.film.push((TrajectoryStep { t, p: s.p.clone(), z: s.z.clone(), held: s.held.clone() }, frames));
        }
        if step {
            c.steps.push(TrajectoryStep { t, p: s.p, z: s.z, held: s.held });
        }
    }
    c
}

/// The state in a message body (`[topic, body]`'s second frame); a body the decoder refuses is counted by
/// reason, other messages (the `stats/` topic's) are skipped.
fn state(c: &mut Collected, body: Option<&[u8]>) -> Option<AvatarState> {
    match body.map(decode) {
        Some(Ok(Message::State(s))) => Some(s),
        Some(Ok(_)) => None,
        Some(Err(e)) => {
            c.undecodable += 1;
            c.non_finite += u64::from(e.reason == Reject::NonFinite);
            None
        }
        None => {
            c.undecodable += 1;
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_schema::{encode, samples};

    /// States at 120 Hz for 10 s, thinned to 30 fps for the trajectory and to 10 fps for the film with the window
    /// 3–5 s slow and 6–8 s sparse: the trajectory every 1/30 s throughout; the film every 1/10 s, every 1/20 s
    /// inside the slow window (half speed when played at 10 fps), every 1/5 s for two frames each inside the
    /// sparse one (real time).
    #[test]
    fn the_film_takes_twice_the_states_in_its_slow_window_and_half_in_its_sparse_ones() {
        let mut thin = Thinning::new(1.0 / 30.0, 0.1, Some((3.0, 5.0)), [(6.0, 8.0), (20.0, 20.0)]);
        let (mut steps, mut film) = (Vec::new(), Vec::new());
        for k in 0..=1200 {
            let t = k as f64 / 120.0;
            let (s, frames) = thin.take(t);
            if s {
                steps.push(t);
            }
            if frames > 0 {
                film.push((t, frames));
            }
        }
        assert_eq!(steps.len(), 301);
        assert!(steps.windows(2).all(|w| (w[1] - w[0] - 1.0 / 30.0).abs() < 1e-9));
        let gaps = |from: f64, to: f64| -> Vec<f64> {
            film.windows(2).filter(|w| w[0].0 >= from && w[1].0 <= to).map(|w| w[1].0 - w[0].0).collect()
        };
        assert!(gaps(3.0, 5.0).iter().all(|g| (g - 0.05).abs() < 1e-9), "{:?}", gaps(3.0, 5.0));
        assert!(gaps(6.0, 8.0).iter().all(|g| (g - 0.2).abs() < 1e-9), "{:?}", gaps(6.0, 8.0));
        assert!(gaps(0.0, 3.0)
            .iter()
            .chain(&gaps(5.05, 6.0))
            .chain(&gaps(8.0, 10.0))
            .all(|g| (g - 0.1).abs() < 1e-9));
        let frames = |from: f64, to: f64| -> u32 {
            film.iter().filter(|(t, _)| *t >= from && *t < to).map(|(_, n)| n).sum()
        };
        let states = |from: f64, to: f64| film.iter().filter(|(t, _)| *t >= from && *t < to).count();
        // frames: real time outside the slow window, twice that inside it
        assert_eq!((frames(0.0, 3.0), frames(3.0, 5.0), frames(5.0, 6.0)), (30, 40, 10));
        assert_eq!((frames(6.0, 8.0), states(6.0, 8.0)), (20, 10));
        assert_eq!((frames(8.0, 10.01), states(8.0, 10.01)), (21, 21));
        // no windows and the same rate: the film is the trajectory
        let mut plain = Thinning::new(0.1, 0.1, None, [(0.0, 0.0); 2]);
        assert!((0..100).map(|k| k as f64 * 0.05).all(|t| {
            let (s, frames) = plain.take(t);
            s == (frames == 1) && frames <= 1
        }));
        // a state that comes late fills the frames it missed
        let mut late = Thinning::new(0.1, 0.1, None, [(0.0, 0.0); 2]);
        assert_eq!([0.0, 0.1, 0.45].map(|t| late.take(t).1), [1, 1, 3]);
    }

    /// The film keeps what was played and drops the tail's states.
    #[test]
    fn the_film_is_trimmed_to_the_played_time() {
        let mut c = Collected::default();
        let step = |t: f64| (TrajectoryStep { t, p: Vec::new(), z: Vec::new(), held: Vec::new() }, 1);
        c.film = (0..=20).map(|k| step(k as f64 * 0.125)).collect();
        c.trim_film(2.0);
        assert_eq!(c.film.len(), 17);
        assert_eq!(c.film.last().unwrap().0.t, 2.0);
    }

    #[test]
    fn a_non_finite_state_is_counted_not_skipped() {
        let mut c = Collected::default();
        let good = encode(&Message::State(samples::state()));
        assert!(state(&mut c, Some(&good)).is_some());
        let stats = encode(&Message::Stats(samples::stats()));
        assert!(state(&mut c, Some(&stats)).is_none());
        assert_eq!((c.undecodable, c.non_finite), (0, 0));
        let mut bad = samples::state();
        bad.z[0] = f32::NAN;
        assert!(state(&mut c, Some(&encode(&Message::State(bad)))).is_none());
        assert!(state(&mut c, Some(b"garbage".as_slice())).is_none());
        assert!(state(&mut c, None).is_none());
        assert_eq!((c.undecodable, c.non_finite), (3, 1));
    }
}
