//! Waiting for the next tick: sleep most of the way, then spin the last stretch.
//!
//! An OS sleep wakes late by its timer's granularity: tens of µs on Linux, ~1 ms on Windows with the timer
//! resolution raised ([`TimerResolution`]) and 15.6 ms without, a fraction of a ms on macOS. A tick at 120 Hz
//! (8.3 ms) is a deadline miss when it starts more than half a period late, and the phase lock wants it within
//! tens of µs. So [`TickWait`] sleeps until `deadline - slack` and spins after that, where the slack is
//! learned from how late this thread's own sleeps woke: it jumps up to a late wake at once and decays slowly
//! back towards what the OS delivers. On a precise timer the spin is ~0.1 ms a tick; on a coarse one the
//! thread spins more and stays on time rather than missing deadlines.
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

/// The slack never goes below this (a sleep is never aimed at the deadline itself) ...
const MIN_SLACK: Duration = Duration::from_micros(50);
/// ... nor above this (beyond it every wait is a spin anyway: the coarsest timer, Windows' default 15.6 ms).
const MAX_SLACK: Duration = Duration::from_millis(20);
/// A late wake raises the slack to this multiple of its lateness.
const SLACK_MARGIN: f64 = 1.25;
/// Each on-time wake moves the slack this fraction of the way down towards its lateness (times the margin).
const SLACK_DECAY: f64 = 1.0 / 256.0;
/// A spin step returns to the caller after at most this long (to look at new input).
const SPIN_STEP: Duration = Duration::from_micros(20);

/// The tick thread's wait (see the module doc).
pub struct TickWait<S: Sleeper = OsClock> {
    clock: S,
    slack: Duration,
    /// Time spent spinning, for the log and the tests.
    spun: Duration,
    _resolution: Option<TimerResolution>,
}

impl TickWait<OsClock> {
    /// The OS's wait, with the timer resolution raised for as long as it lives (Windows).
    pub fn new() -> Self {
        let resolution = TimerResolution::raise();
        let mut w = TickWait::with_clock(OsClock);
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
    pub fn with_clock(clock: S) -> Self {
        // A first guess for a precise timer: a coarser one raises it at its first late wake (one tick late by
        // under a millisecond at start-up), where starting high would spin for seconds while it decays.
        TickWait { clock, slack: Duration::from_micros(250), spun: Duration::ZERO, _resolution: None }
    }

    /// The current slack: how long before a deadline the sleep ends and the spin begins.
    pub fn slack(&self) -> Duration {
        self.slack
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

    /// One sleep woke `late` after its aim: raise the slack to cover it at once, lower it slowly.
    fn learn(&mut self, late: Duration) {
        let want = late.mul_f64(SLACK_MARGIN);
        self.slack =
            if want > self.slack { want } else { self.slack - (self.slack - want).mul_f64(SLACK_DECAY) }
                .clamp(MIN_SLACK, MAX_SLACK);
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
        let mut w = TickWait::with_clock(timer);
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
        assert!(w.slack() >= Duration::from_micros(1000) && w.slack() < Duration::from_micros(1500));
    }

    #[test]
    fn a_precise_timer_spins_only_a_sliver() {
        // Linux: wakes ~60 µs late.
        let (late, w) = run(SimTimer::new(1, 60), PERIOD, 600);
        assert!(late[20..].iter().all(|l| *l <= Duration::from_micros(5)), "{:?}", &late[20..30]);
        let per_tick = w.spun() / 600;
        assert!(per_tick < Duration::from_micros(120), "spins {per_tick:?} a tick");
    }

    #[test]
    fn windows_default_timer_is_spun_through_not_missed() {
        // 15.6 ms granularity, longer than the period: sleeping would miss every deadline; the wait learns
        // that and spins instead.
        let (late, w) = run(SimTimer::new(15_625, 0), PERIOD, 200);
        let misses = late[5..].iter().filter(|l| **l > PERIOD / 2).count();
        assert_eq!(misses, 0, "{:?}", &late[..10]);
        assert!(w.slack() > PERIOD);
    }

    #[test]
    fn an_early_wake_by_new_input_is_not_taken_for_timer_precision() {
        let mut timer = SimTimer::new(1000, 50);
        let mut w = TickWait::with_clock(SimTimer::new(1, 0));
        std::mem::swap(&mut w.clock, &mut timer);
        w.slack = Duration::from_micros(1100);
        let before = w.slack();
        // woken 3 ms into a 7 ms sleep: no lesson about the timer
        let deadline = w.clock.now() + Duration::from_millis(8);
        w.clock.unpark_at = Some(Duration::from_millis(3));
        w.step(deadline);
        assert_eq!(w.clock.now() - w.clock.base, Duration::from_millis(3));
        assert_eq!(w.slack(), before);
        // an on-time wake (exactly at its aim) lowers the slack a little, never below the floor
        for _ in 0..10_000 {
            w.learn(Duration::ZERO);
        }
        assert_eq!(w.slack(), MIN_SLACK);
        // one late wake raises it at once
        w.learn(Duration::from_millis(2));
        assert_eq!(w.slack(), Duration::from_millis(2).mul_f64(SLACK_MARGIN));
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
