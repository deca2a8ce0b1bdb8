//! `avatard live`'s one-line status, from two of the runtime's [`Stats`] snapshots a second apart: the
//! camera's rate (body frames accepted per second: one per camera frame with a person in view), the tracker →
//! publish latency over that second (capture time to the state's publication, median), the solver's tick rate,
//! and every drop since the start (input refused, states not published, web clients' lost states).

use avatar_schema::{Histogram, Stats};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;

/// The figures of one status line.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub camera_fps: f64,
    /// Median capture → publish latency (ms) of the states published in the interval; `None` when none was.
    pub latency_ms: Option<f64>,
    pub ticks_per_s: f64,
    pub drops: u64,
    pub viewers: u64,
    pub restarts: u64,
}

fn counter(s: &Stats, name: &str) -> u64 {
    s.counters.iter().find(|c| c.name == name).map_or(0, |c| c.value)
}

fn histogram<'a>(s: &'a Stats, name: &str) -> Option<&'a Histogram> {
    s.histograms.iter().find(|h| h.name == name)
}

/// The `q` quantile of what a cumulative histogram recorded between two snapshots (µs), interpolated linearly
/// within the bucket that holds it, between its lower and upper bounds (the last bucket, unbounded, reaches the
/// newer snapshot's max): an estimate, not a bucket's bound.
pub fn interval_quantile(before: &Histogram, after: &Histogram, q: f64) -> Option<f64> {
    let counts: Vec<u64> = after
        .counts
        .iter()
        .enumerate()
        .map(|(i, c)| c.saturating_sub(before.counts.get(i).copied().unwrap_or(0)))
        .collect();
    let n: u64 = counts.iter().sum();
    if n == 0 {
        return None;
    }
    let target = ((q * n as f64).ceil() as u64).clamp(1, n);
    let mut acc = 0;
    for (i, &c) in counts.iter().enumerate() {
        if acc + c >= target {
            let lower =
                if i == 0 { 0.0 } else { after.upper_bounds.get(i - 1).copied().unwrap_or(after.max) };
            let upper = after.upper_bounds.get(i).copied().unwrap_or(after.max).max(lower);
            return Some(lower + (upper - lower) * (target - acc) as f64 / c as f64);
        }
        acc += c;
    }
    Some(after.max)
}

impl Status {
    /// The status between `before` and `after`, `restarts` being the tracker supervisor's count.
    pub fn between(before: &Stats, after: &Stats, restarts: u64) -> Status {
        let seconds = ((after.uptime_ns - before.uptime_ns) as f64 / 1e9).max(1e-3);
        let rate = |name: &str| counter(after, name).saturating_sub(counter(before, name)) as f64 / seconds;
        let latency_ms = match (
            histogram(before, "latency.capture_to_publish"),
            histogram(after, "latency.capture_to_publish"),
        ) {
            (Some(b), Some(a)) => interval_quantile(b, a, 0.5).map(|us| us / 1e3),
            _ => None,
        };
        Status {
            camera_fps: rate("input.pose_frames"),
            latency_ms,
            ticks_per_s: rate("solver.ticks"),
            drops: counter(after, "input.dropped")
                + counter(after, "publish.dropped")
                + counter(after, "web.dropped"),
            viewers: counter(after, "web.clients"),
            restarts,
        }
    }

    /// The line, e.g. `camera 29.8 fps | tracker -> publish p50 47 ms | 120.0 ticks/s | drops 0 | ...`.
    pub fn line(&self) -> String {
        let latency = match self.latency_ms {
            Some(ms) if ms < 1.0 => format!("{ms:.2} ms"),
            Some(ms) if ms < 10.0 => format!("{ms:.1} ms"),
            Some(ms) => format!("{ms:.0} ms"),
            None => "-".to_owned(),
        };
        format!(
            "camera {:.1} fps | tracker -> publish p50 {latency} | {:.1} ticks/s | drops {} | viewers {} | tracker \
             restarts {}",
            self.camera_fps, self.ticks_per_s, self.drops, self.viewers, self.restarts
        )
    }
}

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
    /// ones in (100, 1000] µs and 1 above every bound; within a bucket it is interpolated (the median, the 2nd
    /// of 4, is two thirds into the bucket of three: 100 + 900 · 2/3 µs), not the bucket's bound.
    #[test]
    fn the_latency_is_the_intervals_own() {
        let before = hist(vec![100, 0, 0, 0]);
        let after = hist(vec![100, 0, 3, 1]);
        assert_eq!(interval_quantile(&before, &after, 0.5), Some(700.0));
        assert_eq!(interval_quantile(&before, &after, 0.25), Some(400.0));
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
                ("solver.ticks", 1440),
                ("input.dropped", 2),
                ("publish.dropped", 1),
                ("web.dropped", 4),
                ("web.clients", 1),
            ],
            hist(vec![0, 10, 0, 0]),
        );
        let s = Status::between(&before, &after, 3);
        assert_eq!(
            s,
            Status {
                camera_fps: 30.0,
                latency_ms: Some(0.055),
                ticks_per_s: 120.0,
                drops: 7,
                viewers: 1,
                restarts: 3
            }
        );
        assert!(s.line().starts_with(&format!(
            "camera 30.0 fps | tracker -> publish p50 {:.2} ms | 120.0 ticks/s | drops 7",
            0.055
        )));
    }
}
