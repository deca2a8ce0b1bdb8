//! Waiting for the next tick: sleep most of the way, then spin the last stretch.
//!
//! An OS sleep wakes late by its timer's granularity: tens of µs on Linux, ~1 ms on Windows with the timer
//! resolution raised ([`TimerResolution`]) and 15.6 ms without, a fraction of a ms on macOS. A tick at 120 Hz
//! (8.3 ms) is a deadline miss when it starts more than half a period late, and the phase lock wants it within
//! tens of µs. So [`TickWait`] learns how late this thread's own sleeps wake (the last [`WINDOW`] of them):
//! when the typical (median) wake is within [`COARSE`] of its aim, the timer is precise and each wait sleeps
//! straight to the deadline, never spinning (Linux, macOS: what the solver thread always did there; a rare late
//! wake there is the scheduler's, which spinning would not cure but would take a core from the ingest and
//! publisher threads, as measured in issue 32: capture → publish p99 1.5 → 2.3–3.3 ms on 2 cores). When the
//! typical wake is coarser (Windows), it sleeps until `deadline − slack` and spins the rest, the slack being
//! the latest wake seen in the window plus a margin: the tick stays on time on Windows' 1 ms timer, and on its
//! default 15.6 ms one (the OS refused the finer timer) every wait spins rather than missing deadlines.
//!
//! A late wake on a busy machine is the scheduler's, not the timer's, and spinning makes it worse: issue 54
//! found the solver (at raised priority) spinning 88 % of a core on two cores shared with Chromium, starving
//! the browser, whose load made every sleep wake later, which widened the spin (a feedback loop: after five
//! minutes the camera fell from 3 to 1.4 fps and publishing paused for up to 2.8 s). So the spin is bounded by
//! what the timer itself can owe ([`TickWait::max_slack`]): nothing where the OS timer is fine-grained (Linux,
//! macOS: the wait only ever sleeps there), 2 ms on Windows' raised 1 ms timer, [`MAX_SLACK`] only when
//! Windows refused to raise it.
//!
//! A wait returns after one sleep or one short spin step, so that the caller looks at new input between
//! steps; the sleep is a `park_timeout`, which the ingest task cuts short (`unpark`) when a frame arrives.

use std::time::{Duration, Instant};

/// How the wait sleeps and reads the clock: the OS ([`OsClock`]) or, in tests, a simulated timer.
pub trait Sleeper {
    fn now(&self) -> Instant;
    /// Sleep about `d` (at least `d` unless woken early).
    fn sleep(&mut self, d: Duration);
    /// Busy-wait a moment (a few µs) without giving up the core.
    fn spin(&mut self);
}

/// The OS clock and sleep: `park_timeout` (woken early by `unpark`), a CPU spin hint.
pub struct OsClock;

impl Sleeper for OsClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
    fn sleep(&mut self, d: Duration) {
        std::thread::park_timeout(d);
    }
    fn spin(&mut self) {
        for _ in 0..64 {
            std::hint::spin_loop();
        }
    }
}

/// How many recent wakes the estimate looks at (about a quarter of a second at 120 Hz).
pub const WINDOW: usize = 32;
/// A timer whose median wake is later than this is coarse: the wait spins before the deadline.
pub const COARSE: Duration = Duration::from_micros(200);
/// The slack never goes above this (beyond it every wait is a spin anyway: Windows' default 15.6 ms timer).
pub const MAX_SLACK: Duration = Duration::from_millis(20);
/// The most a raised 1 ms timer (Windows' `timeBeginPeriod(1)`) owes a sleep: its granularity and overshoot.
pub const RAISED_TIMER_SLACK: Duration = Duration::from_millis(2);
/// The slack is the latest wake in the window times this.
const SLACK_MARGIN: f64 = 1.25;
/// A spin step returns to the caller after at most this long (to look at new input).
const SPIN_STEP: Duration = Duration::from_micros(20);

/// The tick thread's wait (see the module doc).
pub struct TickWait<S: Sleeper = OsClock> {
    clock: S,
    slack: Duration,
    /// The most the slack may grow to: what the timer can owe a sleep (module doc).
    max_slack: Duration,
    /// How late the last [`WINDOW`] sleeps woke (a ring).
    late: [Duration; WINDOW],
    seen: usize,
    /// Time spent spinning, for the log and the tests.
    spun: Duration,
    _resolution: Option<TimerResolution>,
}

impl TickWait<OsClock> {
    /// The OS's wait, with the timer resolution raised for as long as it lives (Windows).
    pub fn new() -> Self {
        let resolution = TimerResolution::raise();
        // fine-grained timers (Linux's hrtimers, macOS): never spin; Windows: its raised 1 ms timer's due,
        // or the default 15.6 ms timer's when raising it failed
        let max_slack = if !cfg!(windows) {
            Duration::ZERO
        } else if resolution.is_some() {
            RAISED_TIMER_SLACK
        } else {
            MAX_SLACK
        };
        let mut w = TickWait::with_clock(OsClock, max_slack);
        w._resolution = resolution;
        w
    }
}

impl Default for TickWait<OsClock> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: Sleeper> TickWait<S> {
    /// A wait on `clock` whose slack stays within `max_slack` (what the timer can owe a sleep).
    pub fn with_clock(clock: S, max_slack: Duration) -> Self {
        // No spinning until the wakes say the timer is coarse (a few ticks late by under a millisecond at
        // start-up on Windows).
        TickWait {
            clock,
            slack: Duration::ZERO,
            max_slack: max_slack.min(MAX_SLACK),
            late: [Duration::ZERO; WINDOW],
            seen: 0,
            spun: Duration::ZERO,
            _resolution: None,
        }
    }

    /// The current slack: how long before a deadline the sleep ends and the spin begins.
    pub fn slack(&self) -> Duration {
        self.slack
    }

    /// The most the slack may grow to.
    pub fn max_slack(&self) -> Duration {
        self.max_slack
    }

    /// Total time spent spinning so far.
    pub fn spun(&self) -> Duration {
        self.spun
    }

    /// Wait towards `deadline`: one sleep (when it is further off than the slack) or one spin step. Returns
    /// at or before the deadline unless the OS woke the sleep late; the caller loops until its deadline is due.
    pub fn step(&mut self, deadline: Instant) {
        let now = self.clock.now();
        let Some(left) = deadline.checked_duration_since(now).filter(|d| !d.is_zero()) else { return };
        if left > self.slack {
            let aim = left - self.slack;
            self.clock.sleep(aim);
            let woke = self.clock.now();
            // Woken before the aim: an unpark (new input), which says nothing about the timer.
            if let Some(late) = woke.checked_duration_since(now + aim) {
                self.learn(late);
            }
        } else {
            let until = deadline.min(now + SPIN_STEP);
            while self.clock.now() < until {
                self.clock.spin();
            }
            self.spun += self.clock.now().saturating_duration_since(now);
        }
    }

    /// One sleep woke `late` after its aim: with the window's median under [`COARSE`] no slack (sleep to the
    /// deadline); above it, the window's latest wake plus the margin. Decided from the eighth wake on.
    fn learn(&mut self, late: Duration) {
        self.late[self.seen % WINDOW] = late;
        self.seen += 1;
        let mut w = self.late;
        let w = &mut w[..self.seen.min(WINDOW)];
        w.sort_unstable();
        let median = w[w.len() / 2];
        // a few wakes decide nothing (one preempted first sleep is not a coarse timer)
        self.slack = if median <= COARSE || self.seen < WINDOW / 4 {
            Duration::ZERO
        } else {
            w[w.len() - 1].mul_f64(SLACK_MARGIN).min(self.max_slack)
        };
    }
}

/// The system timer's resolution raised to 1 ms while this lives (Windows: `timeBeginPeriod(1)`, undone by
/// `timeEndPeriod` on drop). Without it Windows wakes sleepers on its 15.6 ms tick, longer than our 8.3 ms
/// period; Linux and macOS timers are fine-grained already, so there this is nothing.
pub struct TimerResolution {
    _private: (),
}

impl TimerResolution {
    /// `None` where nothing needs raising or the OS refused (the wait then spins more; see the module doc).
    pub fn raise() -> Option<TimerResolution> {
        #[cfg(windows)]
        {
            // SAFETY: plain system call with an integer argument; paired with timeEndPeriod in Drop.
            let r = unsafe { windows_sys::Win32::Media::timeBeginPeriod(1) };
            if r == windows_sys::Win32::Media::TIMERR_NOERROR {
                return Some(TimerResolution { _private: () });
            }
            tracing::warn!("timeBeginPeriod(1) failed ({r}): the tick thread will spin to keep its deadline");
        }
        None
    }
}

impl Drop for TimerResolution {
    fn drop(&mut self) {
        #[cfg(windows)]
        // SAFETY: undoes the timeBeginPeriod(1) of `raise`.
        unsafe {
            windows_sys::Win32::Media::timeEndPeriod(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A simulated OS timer: a sleep wakes at the first multiple of `granularity` at or after its end, plus
    /// `overshoot` (so a 1 ms timer with 50 µs overshoot is raised Windows; 15.6 ms is its default), or
    /// early at `unpark_at` when set; a spin step costs `spin_cost`.
    struct SimTimer {
        base: Instant,
        t: Duration,
        granularity: Duration,
        overshoot: Duration,
        spin_cost: Duration,
        unpark_at: Option<Duration>,
        sleeps: usize,
    }

    impl SimTimer {
        fn new(granularity_us: u64, overshoot_us: u64) -> SimTimer {
            SimTimer {
                base: Instant::now(),
                t: Duration::ZERO,
                granularity: Duration::from_micros(granularity_us),
                overshoot: Duration::from_micros(overshoot_us),
                spin_cost: Duration::from_micros(1),
                unpark_at: None,
                sleeps: 0,
            }
        }
    }

    impl Sleeper for SimTimer {
        fn now(&self) -> Instant {
            self.base + self.t
        }
        fn sleep(&mut self, d: Duration) {
            self.sleeps += 1;
            let end = self.t + d;
            let g = self.granularity.as_nanos().max(1);
            let woke = Duration::from_nanos((end.as_nanos().div_ceil(g) * g) as u64) + self.overshoot;
            self.t = match self.unpark_at.take() {
                Some(u) if u < woke && u >= self.t => u,
                _ => woke,
            };
        }
        fn spin(&mut self) {
            self.t += self.spin_cost;
        }
    }

    /// Run `ticks` ticks of `period` as the solver loop does; returns each tick's lateness and the wait.
    fn run(timer: SimTimer, period: Duration, ticks: usize) -> (Vec<Duration>, TickWait<SimTimer>) {
        run_with(timer, period, ticks, MAX_SLACK)
    }

    /// [`run`] with the wait's slack bounded by `max_slack`.
    fn run_with(
        timer: SimTimer,
        period: Duration,
        ticks: usize,
        max_slack: Duration,
    ) -> (Vec<Duration>, TickWait<SimTimer>) {
        let mut w = TickWait::with_clock(timer, max_slack);
        let mut next = w.clock.now() + period;
        let mut late = Vec::new();
        for _ in 0..ticks {
            while w.clock.now() < next {
                w.step(next);
            }
            late.push(w.clock.now() - next);
            next += period;
        }
        (late, w)
    }

    const PERIOD: Duration = Duration::from_nanos(8_333_333); // 120 Hz

    #[test]
    fn a_coarse_timer_is_covered_by_a_short_spin_and_every_tick_is_on_time() {
        // Windows with timeBeginPeriod(1): 1 ms granularity, wakes up to ~1.05 ms late.
        let (late, w) = run(SimTimer::new(1000, 50), PERIOD, 600);
        // A wake later than any seen so far (a new phase against the 1 ms grid) can make one tick late by up
        // to the difference; far from a deadline miss (half a period) and from the phase lock's 0.5 ms lead.
        let worst = late[20..].iter().max().unwrap();
        assert!(*worst <= Duration::from_micros(100), "late by {worst:?} with slack {:?}", w.slack());
        let on_time = late[20..].iter().filter(|l| **l <= Duration::from_micros(5)).count();
        assert!(on_time as f64 >= 0.99 * 580.0, "{on_time} of 580 ticks on time");
        // the spin covers the granularity, not the period: under a quarter of the time
        let busy = w.spun().as_secs_f64() / (600.0 * PERIOD.as_secs_f64());
        assert!(busy < 0.25, "spinning {:.0} % of the time", busy * 100.0);
        assert!(
            w.slack() >= Duration::from_micros(1000) && w.slack() < Duration::from_micros(1400),
            "{:?}",
            w.slack()
        );
    }

    #[test]
    fn a_precise_timer_never_spins() {
        // Linux: wakes ~60 µs late; the wait sleeps to the deadline as the solver thread always did there.
        let (late, w) = run(SimTimer::new(1, 60), PERIOD, 600);
        assert!(late.iter().all(|l| *l <= Duration::from_micros(61)), "{:?}", &late[..10]);
        assert_eq!(w.spun(), Duration::ZERO);
        assert_eq!(w.slack(), Duration::ZERO);
    }

    #[test]
    fn windows_default_timer_is_spun_through_not_missed() {
        // 15.6 ms granularity, longer than the period: sleeping would miss every deadline; the wait learns
        // that and spins instead.
        let (late, w) = run(SimTimer::new(15_625, 0), PERIOD, 200);
        // after the first eight wakes, which teach the wait that the timer is coarse, and the catch-up after
        // them (this schedule, unlike the solver's, does not skip missed periods)
        let misses = late[WINDOW / 2..].iter().filter(|l| **l > PERIOD / 2).count();
        assert_eq!(misses, 0, "{:?}", &late[..10]);
        assert!(w.slack() > PERIOD);
    }

    #[test]
    fn an_early_wake_by_new_input_is_not_taken_for_timer_precision() {
        let mut w = TickWait::with_clock(SimTimer::new(1000, 50), MAX_SLACK);
        // woken 3 ms into an 8 ms sleep: no lesson about the timer
        let deadline = w.clock.now() + Duration::from_millis(8);
        w.clock.unpark_at = Some(Duration::from_millis(3));
        w.step(deadline);
        assert_eq!(w.clock.now() - w.clock.base, Duration::from_millis(3));
        assert_eq!(w.seen, 0);
    }

    #[test]
    fn a_rare_late_wake_on_a_precise_timer_does_not_start_spinning() {
        // a preempted thread wakes 2 ms late now and then: the median stays precise, no slack
        let mut w = TickWait::with_clock(SimTimer::new(1, 0), MAX_SLACK);
        for k in 0..200 {
            w.learn(if k % 10 == 0 { Duration::from_millis(2) } else { Duration::from_micros(60) });
            assert_eq!(w.slack(), Duration::ZERO);
        }
        // a coarse timer: the latest wake of the window plus the margin
        for _ in 0..WINDOW {
            w.learn(Duration::from_micros(900));
        }
        assert_eq!(w.slack(), Duration::from_micros(900).mul_f64(SLACK_MARGIN));
    }

    /// Issue 54: on a busy machine every sleep wakes late by the scheduler (here 0.3 to 6 ms, a fine timer):
    /// the wait on a fine-grained OS timer never spins (spinning would take the core the late wakes lack),
    /// and on Windows' raised timer it spins at most what that timer owes, not the scheduler's lateness.
    #[test]
    fn a_busy_machines_late_wakes_do_not_make_the_wait_spin() {
        // a scheduler that wakes the thread late by a varying 0.3 to 6 ms (a deterministic spread)
        struct Busy(SimTimer, u64);
        impl Sleeper for Busy {
            fn now(&self) -> Instant {
                self.0.now()
            }
            fn sleep(&mut self, d: Duration) {
                self.1 = self.1.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                self.0.overshoot = Duration::from_micros(300 + (self.1 >> 33) % 5700);
                self.0.sleep(d);
            }
            fn spin(&mut self) {
                self.0.spin();
            }
        }
        // 600 ticks on the busy scheduler with the slack bounded by `max_slack`: the wait and its spinning share
        let run_busy = |max_slack: Duration| {
            let ticks = 600;
            let mut w = TickWait::with_clock(Busy(SimTimer::new(1, 0), 7), max_slack);
            let mut next = w.clock.now() + PERIOD;
            for _ in 0..ticks {
                while w.clock.now() < next {
                    w.step(next);
                }
                next = next.max(w.clock.now()) + PERIOD;
            }
            let busy = w.spun().as_secs_f64() / (ticks as f64 * PERIOD.as_secs_f64());
            (w, busy)
        };
        for (max_slack, most_busy) in [(Duration::ZERO, 0.0), (RAISED_TIMER_SLACK, 0.25)] {
            let (w, busy) = run_busy(max_slack);
            assert!(w.slack() <= max_slack, "slack {:?} above {max_slack:?}", w.slack());
            assert!(busy <= most_busy, "spinning {:.0} % of the time (at most {most_busy})", busy * 100.0);
        }
        // unbounded (what the wait did before), the same wakes had it spin far more
        let (_, busy) = run_busy(MAX_SLACK);
        assert!(busy > 0.3, "the unbounded wait spun {:.0} %", busy * 100.0);
    }

    #[test]
    fn the_os_wait_never_spins_on_a_fine_timer_and_reaches_its_deadline() {
        if !cfg!(windows) {
            assert_eq!(TickWait::new().max_slack(), Duration::ZERO);
        }
    }

    #[test]
    fn the_os_wait_reaches_its_deadline() {
        let mut w = TickWait::new();
        let deadline = Instant::now() + Duration::from_millis(3);
        while Instant::now() < deadline {
            w.step(deadline);
        }
        // no upper bound on a shared 2-core machine; the deadline itself is the contract
        assert!(Instant::now() >= deadline);
    }
}
