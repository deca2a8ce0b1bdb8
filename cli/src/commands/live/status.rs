//! `avatard live`'s one-line status, from two of the runtime's [`Stats`] snapshots (the newest and one up to
//! five seconds older, so that a slow camera never reads 0 fps between its frames): the camera's rate (body
//! frames accepted per second: one per camera frame with a person in view), the microphone's (chunks per
//! second) with its gaps and the audio they lost, whether lip sync is on, the capture → publish latency over
//! that window (p50 and p95, interpolated within the histogram's 9 % buckets, not a bucket's edge), the
//! solver's tick rate with its missed ticks and publishing pauses since the start, every drop since the start
//! (input refused, states not published, web clients' lost states), the viewers, and the Python tracker's
//! restarts (not in browser mode, where there is no tracker process).

use avatar_schema::{Histogram, Stats};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// The figures of one status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub camera_fps: f64,
    /// Microphone chunks per second; gaps in the microphones' streams and the audio lost (since the start).
    pub mic_per_s: f64,
    pub mic_gaps: u64,
    pub mic_lost_ms: u64,
    /// How late the microphone's chunks of the window reached the daemon (capture of their first sample →
    /// receipt, ms), p99; `None` when none came.
    pub mic_p99_ms: Option<f64>,
    /// Any microphone chunk ever arrived.
    pub mic_seen: bool,
    pub lip_sync: bool,
    /// Capture → publish latency (ms) of the states published in the window, p50 and p95; `None` when none
    /// was.
    pub latency_ms: Option<(f64, f64)>,
    pub ticks_per_s: f64,
    /// Since the start: ticks of the schedule that got none, and pauses in publishing (> 50 ms).
    pub missed_ticks: u64,
    pub pauses: u64,
    pub longest_pause_ms: u64,
    /// Ticks run with work shed (the solver overran; fewer flesh iterations), since the start.
    pub shed_ticks: u64,
    pub drops: u64,
    pub viewers: u64,
    /// The Python tracker's restarts; `None` in browser mode.
    pub restarts: Option<u64>,
}

fn counter(s: &Stats, name: &str) -> u64 {
    s.counters.iter().find(|c| c.name == name).map_or(0, |c| c.value)
}

fn histogram<'a>(s: &'a Stats, name: &str) -> Option<&'a Histogram> {
    s.histograms.iter().find(|h| h.name == name)
}

/// The `q` quantile of what a cumulative histogram recorded between two snapshots (µs), interpolated within
/// the bucket that holds it as the daemon's own snapshot does ([`avatard::histogram_quantile`]; the last
/// bucket, unbounded, reaches the newer snapshot's max): an estimate within half a bucket (4.5 %), not a
/// bucket's bound.
pub fn interval_quantile(before: &Histogram, after: &Histogram, q: f64) -> Option<f64> {
    let counts: Vec<u64> = after
        .counts
        .iter()
        .enumerate()
        .map(|(i, c)| c.saturating_sub(before.counts.get(i).copied().unwrap_or(0)))
        .collect();
    avatard::histogram_quantile(&after.upper_bounds, &counts, after.max, q)
}

impl Status {
    /// The status over the window from `before` to `after`; `restarts`: the tracker supervisor's count (`None`
    /// in browser mode); `lip_sync`: the live parameter.
    pub fn between(before: &Stats, after: &Stats, restarts: Option<u64>, lip_sync: bool) -> Status {
        let seconds = ((after.uptime_ns - before.uptime_ns) as f64 / 1e9).max(1e-3);
        let rate = |name: &str| counter(after, name).saturating_sub(counter(before, name)) as f64 / seconds;
        let latency_ms = match (
            histogram(before, "latency.capture_to_publish"),
            histogram(after, "latency.capture_to_publish"),
        ) {
            (Some(b), Some(a)) => interval_quantile(b, a, 0.5)
                .zip(interval_quantile(b, a, 0.95))
                .map(|(p50, p95)| (p50 / 1e3, p95 / 1e3)),
            _ => None,
        };
        let mic_p99_ms = match (
            histogram(before, "latency.audio_capture_to_arrival"),
            histogram(after, "latency.audio_capture_to_arrival"),
        ) {
            (Some(b), Some(a)) => interval_quantile(b, a, 0.99).map(|us| us / 1e3),
            _ => None,
        };
        Status {
            camera_fps: rate("input.pose_frames"),
            mic_p99_ms,
            mic_per_s: rate("input.audio_frames"),
            mic_gaps: counter(after, "input.audio_gaps"),
            mic_lost_ms: counter(after, "input.audio_lost_ms"),
            mic_seen: counter(after, "input.audio_frames") > 0,
            lip_sync,
            latency_ms,
            ticks_per_s: rate("solver.ticks"),
            missed_ticks: counter(after, "solver.missed_ticks"),
            pauses: counter(after, "publish.pauses"),
            longest_pause_ms: counter(after, "publish.longest_pause_ms"),
            shed_ticks: counter(after, "solver.shed_ticks"),
            drops: counter(after, "input.dropped")
                + counter(after, "publish.dropped")
                + counter(after, "web.dropped"),
            viewers: counter(after, "web.clients"),
            restarts,
        }
    }

    /// The line, e.g. `camera 29.8 fps | mic 50/s, 0 gaps | lip sync on | capture -> publish p50 47 ms, p95
    /// 61 ms | 120.0 ticks/s, 0 missed, 0 pauses | drops 0 | viewers 1`.
    pub fn line(&self) -> String {
        let ms = |ms: f64| match ms {
            ms if ms < 1.0 => format!("{ms:.2} ms"),
            ms if ms < 10.0 => format!("{ms:.1} ms"),
            ms => format!("{ms:.0} ms"),
        };
        let latency = match self.latency_ms {
            Some((p50, p95)) => format!("p50 {}, p95 {}", ms(p50), ms(p95)),
            None => "-".to_owned(),
        };
        let mic = if self.mic_seen {
            let lost =
                if self.mic_gaps > 0 { format!(" ({} ms lost)", self.mic_lost_ms) } else { String::new() };
            let late = self.mic_p99_ms.map_or(String::new(), |p99| format!(" (p99 {} late)", ms(p99)));
            format!("mic {:.0}/s{late}, {} gaps{lost}", self.mic_per_s, self.mic_gaps)
        } else {
            "mic -".to_owned()
        };
        let pauses = if self.pauses > 0 {
            format!("{} pauses (longest {} ms)", self.pauses, self.longest_pause_ms)
        } else {
            "0 pauses".to_owned()
        };
        let shed = if self.shed_ticks > 0 { format!(", {} shed", self.shed_ticks) } else { String::new() };
        let mut line = format!(
            "camera {:.1} fps | {mic} | lip sync {} | capture -> publish {latency} | {:.1} ticks/s, {} missed, \
             {pauses}{shed} | drops {} | viewers {}",
            self.camera_fps,
            if self.lip_sync { "on" } else { "off" },
            self.ticks_per_s,
            self.missed_ticks,
            self.drops,
            self.viewers,
        );
        if let Some(r) = self.restarts {
            line += &format!(" | tracker restarts {r}");
        }
        line
    }
}

/// The status window: the snapshots of the last [`WINDOW`] seconds, oldest first.
pub const WINDOW: usize = 5;

/// Where the status and the tracker's lines are written: stderr. On a terminal the status is one line
/// rewritten in place, and other lines are printed above it; elsewhere (a log file, a test) each status is a
/// line of its own, every `every`-th update.
pub struct Console {
    terminal: bool,
    state: Mutex<(String, u64)>,
    every: u64,
}

impl Console {
    pub fn new(every: u64) -> Self {
        Console { terminal: std::io::stderr().is_terminal(), state: Mutex::new((String::new(), 0)), every }
    }

    /// Print a line above the status.
    pub fn say(&self, line: &str) {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut err = std::io::stderr().lock();
        if self.terminal && !state.0.is_empty() {
            let _ = write!(err, "\r{:width$}\r", "", width = state.0.len());
            let _ = writeln!(err, "{line}");
            let _ = write!(err, "{}", state.0);
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
    }

    /// Show a new status.
    pub fn status(&self, line: &str) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut err = std::io::stderr().lock();
        if self.terminal {
            let pad = state.0.len().saturating_sub(line.len());
            let _ = write!(err, "\r{line}{:pad$}", "");
        } else if state.1 % self.every == 0 {
            let _ = writeln!(err, "status: {line}");
        }
        let _ = err.flush();
        state.0 = line.to_owned();
        state.1 += 1;
    }

    /// End the status line (before the last messages).
    pub fn finish(&self) {
        let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if self.terminal && !state.0.is_empty() {
            eprintln!();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_schema::Counter;

    fn hist(counts: Vec<u64>) -> Histogram {
        Histogram {
            name: "latency.capture_to_publish".into(),
            unit: "us".into(),
            upper_bounds: vec![10.0, 100.0, 1000.0],
            count: counts.iter().sum(),
            counts,
            sum: 0.0,
            p50: 0.0,
            p99: 0.0,
            max: 5000.0,
        }
    }

    fn stats(uptime_s: f64, counters: &[(&str, u64)], h: Histogram) -> Stats {
        Stats {
            daemon_id: "t".into(),
            time_ns: 0,
            uptime_ns: (uptime_s * 1e9) as i64,
            counters: counters.iter().map(|(n, v)| Counter { name: (*n).into(), value: *v }).collect(),
            histograms: vec![h],
        }
    }

    /// The interval's quantile ignores what was recorded before it: 100 old samples at <= 10 µs, then 3 new
    /// ones in (100, 1000] µs and 1 above every bound; within a bucket it is interpolated geometrically (the
    /// median, the 2nd of 4, is two thirds into the bucket of three: 100 · 10^(2/3) µs), not the bucket's
    /// bound.
    #[test]
    fn the_latency_is_the_intervals_own() {
        let before = hist(vec![100, 0, 0, 0]);
        let after = hist(vec![100, 0, 3, 1]);
        let near = |a: Option<f64>, b: f64| (a.unwrap() - b).abs() < 1e-9 * b;
        assert!(near(interval_quantile(&before, &after, 0.5), 100.0 * 10f64.powf(2.0 / 3.0)));
        assert!(near(interval_quantile(&before, &after, 0.25), 100.0 * 10f64.powf(1.0 / 3.0)));
        assert_eq!(interval_quantile(&before, &after, 1.0), Some(5000.0));
        assert_eq!(interval_quantile(&after, &after, 0.5), None);
        // the first bucket starts at 0
        assert_eq!(interval_quantile(&hist(vec![0; 4]), &hist(vec![4, 0, 0, 0]), 0.5), Some(5.0));
    }

    #[test]
    fn rates_are_per_second_of_uptime_and_drops_are_totals() {
        let before = stats(10.0, &[("input.pose_frames", 100), ("solver.ticks", 1200)], hist(vec![0; 4]));
        let after = stats(
            12.0,
            &[
                ("input.pose_frames", 160),
                ("input.audio_frames", 100),
                ("input.audio_gaps", 2),
                ("input.audio_lost_ms", 40),
                ("solver.ticks", 1440),
                ("solver.missed_ticks", 3),
                ("publish.pauses", 1),
                ("publish.longest_pause_ms", 130),
                ("input.dropped", 2),
                ("publish.dropped", 1),
                ("web.dropped", 4),
                ("web.clients", 1),
            ],
            hist(vec![0, 10, 0, 0]),
        );
        let s = Status::between(&before, &after, None, true);
        assert_eq!(s.camera_fps, 30.0);
        assert_eq!(s.mic_per_s, 50.0);
        assert_eq!((s.mic_gaps, s.mic_lost_ms, s.missed_ticks, s.pauses, s.drops), (2, 40, 3, 1, 7));
        assert_eq!(s.ticks_per_s, 120.0);
        let line = s.line();
        assert!(
            line.starts_with(
                "camera 30.0 fps | mic 50/s, 2 gaps (40 ms lost) | lip sync on | capture -> publish p50"
            ),
            "{line}"
        );
        assert!(
            line.contains("120.0 ticks/s, 3 missed, 1 pauses (longest 130 ms) | drops 7 | viewers 1"),
            "{line}"
        );
        // browser mode: no tracker process, no restarts shown; the Python tracker's are
        assert!(!line.contains("restarts"), "{line}");
        assert!(Status::between(&before, &after, Some(2), false).line().ends_with("| tracker restarts 2"));
    }

    /// Issue 54: the status prints real percentiles, not a histogram's bucket edges: latencies recorded by the
    /// daemon's own histogram (one second of 30 states, 400 to 1,100 ms), read back through two `Stats`
    /// snapshots, give p50 and p95 within 5 % of the samples' own.
    #[test]
    fn the_latency_is_the_samples_percentile() {
        let metrics = avatard::Metrics::new("t");
        let before = metrics.stats();
        let mut ms: Vec<f64> = (0..30).map(|i| 400.0 + 700.0 * ((i as f64 * 0.618_034) % 1.0)).collect();
        for &v in &ms {
            metrics.capture_to_publish.record_ns((v * 1e6) as u64);
        }
        // and 200 microphone chunks, 20 to 60 ms late (the p99 is the 198th)
        let mut mic: Vec<f64> = (0..200).map(|i| 20.0 + 40.0 * ((i as f64 * 0.618_034) % 1.0)).collect();
        for &v in &mic {
            metrics.audio_capture_to_arrival.record_ns((v * 1e6) as u64);
        }
        let after = metrics.stats();
        ms.sort_by(f64::total_cmp);
        mic.sort_by(f64::total_cmp);
        let s = Status::between(&before, &after, None, true);
        let (p50, p95) = s.latency_ms.unwrap();
        let want = |q: f64| ms[(q * ms.len() as f64).ceil() as usize - 1];
        assert!((p50 / want(0.5) - 1.0).abs() < 0.05, "p50 {p50} ms, the samples' {}", want(0.5));
        assert!((p95 / want(0.95) - 1.0).abs() < 0.05, "p95 {p95} ms, the samples' {}", want(0.95));
        let (p99, want99) = (s.mic_p99_ms.unwrap(), mic[197]);
        assert!((p99 / want99 - 1.0).abs() < 0.05, "mic p99 {p99} ms, the samples' {want99}");
    }
}
