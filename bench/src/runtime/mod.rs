//! `avatard bench runtime`: the daemon's end-to-end latency and the solver's throughput with many avatars.
//!
//! Files: `latency` (the daemon in-process, tracker → state), `scale` (N avatars through `Solver::tick`),
//! `output` (the table and the SVG plot); this file has the flags, the shared figures and the driver.
//!
//! **Latency.** The real daemon runs in-process ([`avatard::run`], loopback tcp on free ports, the
//! default avatar, 120 Hz tick). A tracker thread publishes MediaPipe pose frames (the recorded stream
//! `assets/recordings/pose_demo_singleperson_cam01.avtrrec` in a loop, or `tracker_bridge::synth` when it is
//! missing) through a [`TrackerPublisher`] at each `--rates` rate, stamping `capture_time_ns = now` at send.
//! The tracker starts at a random phase of the solver's tick, its clock runs `--drift-ppm` slow (a camera's
//! own clock: 29.97 instead of 30 Hz) and each frame leaves `U[0, --jitter-ms)` late (USB/driver jitter). Each rate is run twice, with the solver's phase lock
//! ([`avatard::PhaseLock`], the default) and with a free-running tick clock (the baseline: a frame
//! waits `U[0, 1 period)` for the next tick). A SUB
//! subscriber measures, per fresh input (the first state carrying a new `input_seq`): capture → receive (its
//! clock), capture → publish (`publish_time_ns`, stamped by the publisher task) and publish → receive. The
//! daemon's own `latency.capture_to_publish` and `tick.time` histograms and counters come from
//! [`Metrics::stats`], taken at the start and the end of the measured window and differenced.
//!
//! What cannot be measured from outside the solver: when a tick started. States carry `sim_time_ns = seq /
//! tick_hz` (a tick counter, not a clock), so "publish after tick start" is estimated against the tick
//! schedule: the solver's deadlines are `T0 + k·period` (re-anchored only on a deadline miss), so
//! `publish_time_ns − seq·period` is constant plus (sleep overshoot + tick compute + queue + publisher
//! wake-up); its excess over the minimum of the next 120 states is reported as `publish_after_slot_jitter`.
//! The input's arrival time in the daemon (`Slots::received_ns`) is not exposed either; capture → arrival
//! here is the loopback hop (≈ the publish → receive figure, the same kind of hop in the other direction).
//!
//! **Scale.** N avatars stepped by the solver's own [`Solver::tick`] (rayon `par_iter_mut` over the avatars
//! on a `--threads` pool, then one `AvatarState` each into the publisher queue, drained here) back to back,
//! without sleeping: ticks/s is the rate the solver could sustain. Avatars are the default avatar and
//! procedural two-bone bars (box grids, 6 tets per cell, 16 modes, 100 clusters) precomputed through the
//! cache; a few distinct assets are shared by several avatars (each avatar has its own dynamics state). The
//! default avatar follows a synthetic pose stream, the bars `RigFrame`s bending their `child` bone, both fed
//! into per-source input slots at 30 Hz of simulated time.

mod latency;
mod output;
mod scale;

use avatar_lab::args::CacheDirArg;
use latency::{latency_bench, LatencyReport};
use output::{plot, print_table};
use scale::{scale_bench, ScaleReport};
pub(crate) use scale::{scale_run_with, Kind};

use anyhow::{bail, Result};
use avatar_sim::stats::percentile;
use serde::Serialize;
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
pub struct RuntimeArgs {
    /// Measured seconds per tracker rate (after 1 s of warm-up).
    #[arg(long, default_value_t = 60.0)]
    pub seconds: f64,
    /// Tracker frame rates (Hz), one latency run each (per solver clock).
    #[arg(long, value_delimiter = ',', default_values_t = [30.0f64, 60.0])]
    pub rates: Vec<f64>,
    /// Random lateness of each tracker frame, uniform in [0, jitter) ms.
    #[arg(long, default_value_t = 1.0)]
    pub jitter_ms: f64,
    /// The tracker's clock runs this many ppm slow (1000: NTSC's 29.97 for 30 Hz), so its frames drift
    /// through every phase of the solver's tick, as a camera's do.
    #[arg(long, default_value_t = 1000.0, allow_negative_numbers = true)]
    pub drift_ppm: f64,
    /// Only the phase-locked solver clock (skip the free-running baseline).
    #[arg(long)]
    pub locked_only: bool,
    /// Solver tick rate of the latency runs (Hz); also the simulated rate of the scale runs.
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Avatar counts of the scale runs.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4, 8, 16, 26])]
    pub avatars: Vec<usize>,
    /// Measured seconds per avatar count.
    #[arg(long, default_value_t = 5.0)]
    pub scale_seconds: f64,
    /// Threads stepping avatars in parallel in the scale runs.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    #[arg(long)]
    pub skip_latency: bool,
    #[arg(long)]
    pub skip_scale: bool,
    /// The default avatar's modes in the scale runs (its default settings otherwise): the step's cost at
    /// another m, to choose the default by (the bars keep 16).
    #[arg(long)]
    pub modes: Option<usize>,
    /// Pose recording replayed by the tracker (the synthetic stream when the file is missing).
    #[arg(long, default_value = "assets/recordings/pose_demo_singleperson_cam01.avtrrec")]
    pub recording: PathBuf,
    #[command(flatten)]
    pub cache: CacheDirArg,
    /// The JSON report.
    #[arg(long, default_value = "out/bench-runtime.json")]
    pub out: PathBuf,
    /// The plot (SVG).
    #[arg(long, default_value = "out/bench-runtime.svg")]
    pub plot: PathBuf,
}

impl RuntimeArgs {
    /// Every flag at its default.
    pub fn defaults() -> RuntimeArgs {
        #[derive(clap::Parser)]
        struct Wrap {
            #[command(flatten)]
            a: RuntimeArgs,
        }
        <Wrap as clap::Parser>::parse_from(["runtime"]).a
    }
}

/// The goals.
const GOAL_CAPTURE_TO_PUBLISH_P99_MS: f64 = 2.0;
const GOAL_TICKS_PER_S: f64 = 240.0;
const GOAL_AVATARS: usize = 26;
const GOAL_TETS: usize = 1_290_000;
/// Warm-up before each latency window (slow joiners, filters settling).
const WARMUP: Duration = Duration::from_secs(1);
/// Forward window of the tick-schedule estimate (states).
const SLOT_WINDOW: usize = 120;

impl RuntimeArgs {
    pub fn validate(&self) -> Result<()> {
        if self.skip_latency && self.skip_scale {
            bail!("--skip-latency and --skip-scale together leave nothing to run");
        }
        if !(self.seconds > 0.0 && self.seconds <= 3600.0) {
            bail!("--seconds must be in (0, 3600], got {}", self.seconds);
        }
        if !(self.scale_seconds > 0.0 && self.scale_seconds <= 600.0) {
            bail!("--scale-seconds must be in (0, 600], got {}", self.scale_seconds);
        }
        avatard::check_tick_hz(self.tick_hz).map_err(anyhow::Error::msg)?;
        if self.drift_ppm.is_nan() || self.drift_ppm.abs() > 1e5 {
            bail!("--drift-ppm must be in [-100000, 100000], got {}", self.drift_ppm);
        }
        if !(self.jitter_ms >= 0.0 && self.jitter_ms <= 1000.0) {
            bail!("--jitter-ms must be in [0, 1000], got {}", self.jitter_ms);
        }
        if self.rates.is_empty() || self.rates.iter().any(|r| !(*r > 0.0 && *r <= 1000.0)) {
            bail!("--rates must be one or more rates in (0, 1000] Hz, got {:?}", self.rates);
        }
        if self.avatars.is_empty() || self.avatars.iter().any(|n| !(1..=256).contains(n)) {
            bail!("--avatars must be one or more counts in 1..=256, got {:?}", self.avatars);
        }
        if !(1..=256).contains(&self.threads) {
            bail!("--threads must be in 1..=256, got {}", self.threads);
        }
        Ok(())
    }
}

/// Distribution of a sample (ms unless said otherwise).
#[derive(Serialize, Clone, Copy, Debug, Default)]
pub struct Dist {
    pub n: usize,
    pub min: f64,
    pub mean: f64,
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

fn dist(v: &[f64]) -> Dist {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    if s.is_empty() {
        return Dist { n: 0, min: f64::NAN, mean: f64::NAN, ..Dist::default() };
    }
    Dist {
        n: s.len(),
        min: s[0],
        mean: s.iter().sum::<f64>() / s.len() as f64,
        p50: percentile(&s, 0.5),
        p90: percentile(&s, 0.9),
        p99: percentile(&s, 0.99),
        max: s[s.len() - 1],
    }
}

fn loadavg() -> Option<String> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

/// `avatard bench runtime`.
pub fn runtime(a: RuntimeArgs, rt: &tokio::runtime::Runtime) -> Result<()> {
    a.validate()?;
    let cache = a.cache.cache();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load_start = loadavg();
    let mut report = json!({
        "machine": { "cores": cores, "loadavg_at_start": load_start },
        "args": {
            "seconds": a.seconds, "rates": a.rates, "tick_hz": a.tick_hz, "avatars": a.avatars,
            "scale_seconds": a.scale_seconds, "threads": a.threads,
        },
    });
    let mut latency = None;
    if !a.skip_latency {
        let l = latency_bench(&a, cache.as_ref(), rt)?;
        report["latency"] = serde_json::to_value(&l)?;
        latency = Some(l);
    }
    let mut scale = None;
    if !a.skip_scale {
        let s = scale_bench(&a, cache.as_ref())?;
        report["scale"] = serde_json::to_value(&s)?;
        scale = Some(s);
    }
    report["machine"]["loadavg_at_end"] = loadavg().into();
    print_table(latency.as_ref(), scale.as_ref());
    super::write_report(&a.out, &report)?;
    plot(&a.plot, latency.as_ref(), scale.as_ref())?;
    eprintln!("wrote {}", a.plot.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dist_of_known_values() {
        let d = dist(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!((d.n, d.min, d.p50, d.max, d.mean), (4, 1.0, 2.0, 4.0, 2.5));
        assert_eq!(dist(&[]).n, 0);
    }

    #[test]
    fn args_are_validated() {
        use clap::Parser;
        #[derive(Parser)]
        struct P {
            #[command(flatten)]
            a: RuntimeArgs,
        }
        let parse = |s: &[&str]| P::try_parse_from([&["x"], s].concat()).map(|p| p.a);
        let ok = parse(&[]).unwrap();
        assert!(ok.validate().is_ok());
        assert_eq!(ok.rates, vec![30.0, 60.0]);
        assert_eq!(ok.avatars, vec![1, 2, 4, 8, 16, 26]);
        for bad in [
            &["--seconds", "0"][..],
            &["--rates", "0"],
            &["--rates", "30,-1"],
            &["--avatars", "0"],
            &["--scale-seconds", "-1"],
            &["--skip-latency", "--skip-scale"],
            &["--threads", "0"],
        ] {
            assert!(parse(bad).map(|a| a.validate().is_err()).unwrap_or(true), "{bad:?}");
        }
    }
}
