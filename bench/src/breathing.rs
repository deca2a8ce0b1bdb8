//! `avatard bench breathing`: idle breathing (paper 003 modal actuation of the chest and belly fields,
//! `avatard::avatar::breathing`) on an avatar held at rest with no tracker input.
//!
//! Two [`AvatarSim`]s of the same avatar tick in lockstep on a simulated clock for `--seconds` at `--tick-hz`,
//! one with breathing on (the default parameters, or `--rate`/`--depth`), one with it off. Every tick the
//! secondary displacement `u` of every render vertex is computed from `z` (jiggle's [`Displacement`]) and its
//! largest `|u|` per body region recorded. Reported per region, after the first 2 s (the ramp in): the peak,
//! the peak-to-peak and the amplitude (half of it) of that largest `|u|`; the breathing frequency from the
//! upward zero crossings of the chest's (and belly's) signal about its mean; the fraction of the target
//! displacement `|D a|` the flesh reaches (on the simulation mesh, `B z` against `D a`); and the median tick
//! time with breathing on and off (the same run, interleaved) and their ratio. Off at rest the step converges
//! in one iteration, so that ratio mostly counts iterations; the actuation's own cost is measured apart, the
//! same state stepped at a fixed number of iterations with its own `a` and with `a = 0`, ARAP (the same
//! operations but for the actuation's 3×3 products) and co-rotational (plus the line search's extra steps).
//!
//! With `--out DIR`: `breathing.json` and `breathing.svg` (the chest's and belly's largest `|u|` over time,
//! breathing on, and the largest over the body with it off).

use anyhow::{anyhow, Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::measure::{regions, Displacement};
use avatar_sim::breathing::breathing_fields;
use avatar_sim::precompute::MaterialSetting;
use avatar_sim::reduced::{Elasticity, StepSettings};
use avatar_sim::stats::median;
use avatard::{AvatarSim, Inputs, SimParams};
use plotters::prelude::*;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct BreathingArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// Solver tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Seconds simulated.
    #[arg(long, default_value_t = 20.0)]
    pub seconds: f64,
    /// Breaths per second [default: SimParams' default].
    #[arg(long)]
    pub rate: Option<f64>,
    /// Breathing depth [default: SimParams' default].
    #[arg(long)]
    pub depth: Option<f64>,
    /// Output folder for breathing.json and breathing.svg (nothing written without it).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Seconds skipped before the statistics (the ramp in and the first inhale's start).
const SKIP_S: f64 = 2.0;

/// Upward crossings of `s` about its mean: their count and the frequency `(count − 1) / (last − first)`.
pub fn crossing_frequency(t: &[f64], s: &[f64]) -> (usize, f64) {
    let mean = s.iter().sum::<f64>() / s.len().max(1) as f64;
    let ups: Vec<f64> = (1..s.len())
        .filter(|&i| s[i - 1] < mean && s[i] >= mean)
        .map(|i| t[i - 1] + (t[i] - t[i - 1]) * (mean - s[i - 1]) / (s[i] - s[i - 1]))
        .collect();
    let f = if ups.len() >= 2 { (ups.len() - 1) as f64 / (ups[ups.len() - 1] - ups[0]) } else { 0.0 };
    (ups.len(), f)
}

/// `avatard bench breathing`.
pub fn breathing(a: BreathingArgs) -> Result<()> {
    avatard::check_tick_hz(a.tick_hz).map_err(anyhow::Error::msg)?;
    if !(a.seconds > SKIP_S + 4.0 && a.seconds <= 600.0) {
        return Err(anyhow!("--seconds must be in ({}, 600], got {}", SKIP_S + 4.0, a.seconds));
    }
    let mut on = SimParams::default();
    on.breathing_rate_hz = a.rate.unwrap_or(on.breathing_rate_hz);
    on.breathing_depth = a.depth.unwrap_or(on.breathing_depth);
    on.validate().map_err(anyhow::Error::msg)?;
    let off = SimParams { breathing: false, ..on.clone() };
    let avatar = Arc::new(a.avatar.load("breathing", on.clone())?);
    let asset = avatar.asset.clone();
    let regions = regions(&asset);
    let render_u = Displacement::new(&asset.render.vertices, asset.render.mode_weights.as_ref());
    let sim_u = Displacement::new(&asset.sim.mesh.vertices, asset.sim.weights.as_ref());
    let anatomy = match &asset.sim.settings.material {
        MaterialSetting::Anatomical(s) => Some(s),
        _ => None,
    };
    let fields = breathing_fields(&asset.sim.mesh, &asset.sim.rig, &asset.source.humanoid, anatomy).ok();
    let mut sim_on = AvatarSim::new(avatar.clone(), &on, a.tick_hz).map_err(anyhow::Error::msg)?;
    let mut sim_off = AvatarSim::new(avatar.clone(), &off, a.tick_hz).map_err(anyhow::Error::msg)?;
    if !sim_on.dynamics().can_breathe() {
        eprintln!("bench breathing: {} has no chest/belly breathing fields", a.avatar.asset);
    }
    eprintln!(
        "bench breathing: {} ({} render vertices, {} tets), {} Hz, {} s, rate {} Hz, depth {}",
        a.avatar.asset,
        render_u.vertices(),
        asset.sim.mesh.t(),
        a.tick_hz,
        a.seconds,
        on.breathing_rate_hz,
        on.breathing_depth
    );
    let inputs = Inputs::default();
    let h = 1.0 / a.tick_hz as f64;
    let tick_ns = (1e9 * h) as i64;
    let ticks = (a.seconds / h).round() as usize;
    let nr = regions.names.len();
    let (mut t, mut per_region, mut off_max) = (Vec::new(), vec![Vec::new(); nr], Vec::new());
    let (mut us_on, mut us_off) = (Vec::new(), Vec::new());
    let (mut it_on, mut it_off) = (Vec::new(), Vec::new());
    let mut last_a = [0.0; 2];
    let (mut reached, mut target): (f64, f64) = (0.0, 0.0);
    let mut now = 1_000_000_000i64;
    for k in 0..ticks {
        let started = Instant::now();
        let o = sim_on.tick(&inputs, now, a.tick_hz, &on, false);
        us_on.push(started.elapsed().as_secs_f64() * 1e6);
        let started = Instant::now();
        let q = sim_off.tick(&inputs, now, a.tick_hz, &off, false);
        us_off.push(started.elapsed().as_secs_f64() * 1e6);
        now += tick_ns;
        it_on.push(o.step.iterations as f64);
        last_a = o.step.breathing;
        it_off.push(q.step.iterations as f64);
        let z: Vec<f64> = o.z.iter().map(|&v| v as f64).collect();
        let norms = render_u.norms(&z);
        let mut max = vec![0.0f64; nr];
        for (v, r) in regions.of.iter().enumerate() {
            if let Some(r) = *r {
                max[r] = max[r].max(norms[v]);
            }
        }
        t.push((k + 1) as f64 * h);
        for (s, m) in per_region.iter_mut().zip(max) {
            s.push(m);
        }
        let zq: Vec<f64> = q.z.iter().map(|&v| v as f64).collect();
        off_max.push(render_u.norms(&zq).into_iter().fold(0.0, f64::max));
        // how much of the target displacement D a the flesh reaches (simulation mesh)
        if let (Some(d), [chest, belly]) = (&fields, o.step.breathing) {
            let n = asset.sim.mesh.n();
            let da = (0..n)
                .map(|v| {
                    (0..3)
                        .map(|c| (d[(c * n + v, 0)] * chest + d[(c * n + v, 1)] * belly).powi(2))
                        .sum::<f64>()
                })
                .fold(0.0, f64::max)
                .sqrt();
            target = target.max(da);
            reached = reached.max(sim_u.norms(&z).into_iter().fold(0.0, f64::max));
        }
    }
    // The actuation's own cost: the last tick's state stepped again at a fixed number of iterations
    // (tolerance 0, no Anderson), with that tick's `a` and with `a = 0`. ARAP does exactly the same local and
    // global steps either way (no line search), so its ratio is the actuation's cost alone; the co-rotational
    // ratio also counts the line search's extra local steps.
    let costs: Vec<(&str, f64, f64)> = [Elasticity::Arap, Elasticity::Corotational]
        .into_iter()
        .map(|elasticity| {
            let model = sim_on.dynamics().model();
            let state = sim_on.dynamics().state.clone();
            let opts = |actuation: Vec<f64>| StepSettings {
                volume_preservation: elasticity.volume_preservation(),
                iterations: on.iterations,
                tolerance: 0.0,
                actuation,
                ..StepSettings::default()
            };
            let (with, without) = (opts(last_a.to_vec()), opts(Vec::new()));
            let (mut t_on, mut t_off) = (Vec::new(), Vec::new());
            for _ in 0..400 {
                for (o, times) in [(&with, &mut t_on), (&without, &mut t_off)] {
                    let mut st = state.clone();
                    let p = st.p.clone();
                    let started = Instant::now();
                    model.step(&mut st, &p, o);
                    times.push(started.elapsed().as_secs_f64() * 1e6);
                }
            }
            let name = if elasticity == Elasticity::Arap { "arap" } else { "corotational" };
            (name, median(t_on), median(t_off))
        })
        .collect();
    let skip = (SKIP_S / h) as usize;
    let stats: Vec<_> = (0..nr)
        .map(|r| {
            let s = &per_region[r][skip..];
            let (lo, hi) = s.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &v| (lo.min(v), hi.max(v)));
            (regions.names[r], hi, hi - lo)
        })
        .collect();
    let freq = |name: &str| {
        regions
            .names
            .iter()
            .position(|&n| n == name)
            .map(|r| crossing_frequency(&t[skip..], &per_region[r][skip..]))
    };
    let (chest_f, belly_f) = (freq("chest"), freq("belly"));
    let (med_on, med_off) = (median(us_on.clone()), median(us_off.clone()));
    let off_peak = off_max.iter().cloned().fold(0.0, f64::max);

    println!(
        "bench breathing: {} s idle at {} Hz, rate {} Hz, depth {}",
        a.seconds, a.tick_hz, on.breathing_rate_hz, on.breathing_depth
    );
    println!("{:<12} {:>10} {:>14} {:>14}", "region", "peak mm", "peak-peak mm", "amplitude mm");
    for (name, peak, p2p) in &stats {
        println!("{:<12} {:>10.3} {:>14.3} {:>14.3}", name, peak * 1e3, p2p * 1e3, p2p * 0.5e3);
    }
    for (name, f) in [("chest", chest_f), ("belly", belly_f)] {
        if let Some((n, f)) = f {
            println!("{name} frequency: {f:.4} Hz ({n} upward crossings of the mean)");
        }
    }
    println!("breathing off: largest |u| over the body {:.3e} mm", off_peak * 1e3);
    if target > 0.0 {
        println!(
            "target |D a| at most {:.2} mm; the flesh reaches {:.2} mm ({:.0} %)",
            target * 1e3,
            reached * 1e3,
            100.0 * reached / target
        );
    }
    println!(
        "tick median: breathing on {med_on:.1} us ({} iterations), off {med_off:.1} us ({} iterations), ratio {:.3}",
        median(it_on.clone()),
        median(it_off.clone()),
        med_on / med_off.max(1e-9)
    );
    for (name, c_on, c_off) in &costs {
        println!(
            "{name} step at {} fixed iterations: actuated {c_on:.1} us, a = 0 {c_off:.1} us, ratio {:.3}",
            on.iterations,
            c_on / c_off.max(1e-9)
        );
    }

    if let Some(out) = &a.out {
        std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
        let report = json!({
            "asset": a.avatar.asset, "tick_hz": a.tick_hz, "seconds": a.seconds, "skip_s": SKIP_S,
            "breathing_rate_hz": on.breathing_rate_hz, "breathing_depth": on.breathing_depth,
            "regions": stats.iter().map(|(n, peak, p2p)| json!({
                "region": n, "peak_mm": peak * 1e3, "peak_to_peak_mm": p2p * 1e3, "amplitude_mm": p2p * 0.5e3,
            })).collect::<Vec<_>>(),
            "chest_frequency_hz": chest_f.map(|f| f.1), "belly_frequency_hz": belly_f.map(|f| f.1),
            "off_peak_mm": off_peak * 1e3,
            "target_mm": target * 1e3, "reached_mm": reached * 1e3,
            "tick_median_us_on": med_on, "tick_median_us_off": med_off, "tick_ratio": med_on / med_off.max(1e-9),
            "iterations_median_on": median(it_on.clone()), "iterations_median_off": median(it_off.clone()),
            "fixed_iterations": on.iterations,
            "fixed_iteration_steps": costs.iter().map(|(n, c_on, c_off)| json!({
                "elasticity": n, "median_us_actuated": c_on, "median_us_passive": c_off, "ratio": c_on / c_off.max(1e-9),
            })).collect::<Vec<_>>(),
        });
        super::write_report(&out.join("breathing.json"), &report)?;
        let path = out.join("breathing.svg");
        let series: Vec<(&str, &Vec<f64>)> = ["chest", "belly"]
            .iter()
            .filter_map(|&n| regions.names.iter().position(|&q| q == n).map(|r| (n, &per_region[r])))
            .chain(std::iter::once(("breathing off (whole body)", &off_max)))
            .collect();
        plot(&path, &t, &series).map_err(|e| anyhow!("plotting {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

fn plot(path: &Path, t: &[f64], series: &[(&str, &Vec<f64>)]) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, (1200, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let ymax = series.iter().flat_map(|(_, s)| s.iter()).cloned().fold(0.0, f64::max) * 1e3 * 1.15 + 1e-3;
    let mut chart = ChartBuilder::on(&root)
        .caption("bench breathing: largest |u| per region (mm), idle", ("sans-serif", 28))
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..t.last().copied().unwrap_or(1.0), 0f64..ymax)?;
    chart.configure_mesh().x_desc("time (s)").y_desc("max |u| (mm)").draw()?;
    let colors = [RGBColor(214, 39, 40), RGBColor(31, 119, 180), RGBColor(90, 90, 90)];
    for (i, (name, s)) in series.iter().enumerate() {
        let c = colors[i % colors.len()];
        chart
            .draw_series(LineSeries::new(
                t.iter().zip(s.iter()).map(|(&t, &u)| (t, u * 1e3)),
                c.stroke_width(2),
            ))?
            .label(*name)
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], c.stroke_width(3)));
    }
    chart.configure_series_labels().background_style(WHITE.mix(0.8)).border_style(BLACK).draw()?;
    root.present()?;
    Ok(())
}
