//! What `avatard bench runtime` prints (a table against the goals) and plots (SVG).

use super::*;
use anyhow::Result;
use std::path::Path;

pub(super) fn print_table(latency: Option<&LatencyReport>, scale: Option<&ScaleReport>) {
    if let Some(l) = latency {
        println!(
            "\nLatency, default avatar, {} Hz tick (ms; goal: capture->publish p99 <= {} ms)",
            l.tick_hz, l.goal_capture_to_publish_p99_ms
        );
        println!(
            "{:>13} {:>7} | {:^27} | {:^27} | {:>9} | {:>9} | {:>7} {:>6} {:>7} {:>10}",
            "rate clock",
            "inputs",
            "capture->receive p50/p90/p99/max",
            "capture->publish p50/p90/p99/max",
            "pub->recv",
            "slot jit.",
            "ticks",
            "misses",
            "dropped",
            "tick p99<="
        );
        for r in &l.runs {
            let q = |d: &Dist| format!("{:.2}/{:.2}/{:.2}/{:.2}", d.p50, d.p90, d.p99, d.max);
            println!(
                "{:>4}Hz {} {:>7} | {:^27} | {:^27} | {:>9.3} | {:>9.3} | {:>7} {:>6} {:>7} {:>10}",
                r.rate_hz,
                if r.phase_locked { "locked" } else { "free  " },
                r.fresh_inputs_measured,
                q(&r.capture_to_receive_ms),
                q(&r.capture_to_publish_ms),
                r.publish_to_receive_ms.p99,
                r.publish_after_slot_jitter_ms.p99,
                r.daemon.ticks,
                r.daemon.deadline_misses,
                r.daemon.states_dropped,
                format!("{:.2} ms", r.daemon.tick_time.p99_le_ms)
            );
        }
        println!("(pub->recv and slot jitter: p99; dropped: states dropped in the daemon)");
    }
    if let Some(s) = scale {
        println!("\nScale: Solver::tick back to back on {} threads (goal: {})", s.threads, s.goal);
        for a in &s.assets {
            println!(
                "  asset {:<26} {:>6} tets {:>2} modes {:>3} clusters  load {:.2} s{}",
                a.name,
                a.tets,
                a.modes,
                a.clusters,
                a.load_s,
                if a.cached { " (cached)" } else { " (precomputed)" }
            );
        }
        println!(
            "{:>7} {:>10} {:>9} {:>9} {:>9} {:>9} {:>8} {:>12} {:>13}",
            "avatars",
            "tets",
            "ticks/s",
            "tick p50",
            "tick p99",
            "tick max",
            "iters",
            "cpu ms/step",
            "ticks/s est.*"
        );
        for r in &s.runs {
            println!(
                "{:>7} {:>10} {:>9.1} {:>9.3} {:>9.3} {:>9.3} {:>8.2} {:>12.3} {:>13.1}",
                r.avatars,
                r.total_tets,
                r.ticks_per_s,
                r.tick_ms.p50,
                r.tick_ms.p99,
                r.tick_ms.max,
                r.mean_iterations_per_step,
                r.cpu_ms_per_avatar_step,
                r.ticks_per_s_cpu_bound_est
            );
        }
        println!("(tick times in ms; *: threads / CPU time per tick, the rate with the cores to ourselves)");
        println!("per avatar step, ms of thread time by phase:");
        for r in &s.runs {
            let phases: Vec<String> =
                r.phase_ms_per_step.iter().map(|(n, ms)| format!("{n} {ms:.4}")).collect();
            let sum: f64 = r.phase_ms_per_step.iter().map(|p| p.1).sum();
            println!("{:>7}  {}  (sum {sum:.4})", r.avatars, phases.join(", "));
        }
        println!("({}; goal met: {:?})", s.mix, s.goal_met);
    }
}

pub(super) fn plot(path: &Path, latency: Option<&LatencyReport>, scale: Option<&ScaleReport>) -> Result<()> {
    use plotters::prelude::*;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let root = SVGBackend::new(path, (1200, 800)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow::anyhow!("{e}"))?;
    let areas = match (latency.is_some(), scale.is_some()) {
        (true, true) => root.split_evenly((2, 1)),
        _ => vec![root.clone()],
    };
    let err = |e: DrawingAreaErrorKind<_>| anyhow::anyhow!("plot: {e:?}");
    let mut next = areas.iter();
    if let Some(l) = latency {
        let area = next.next().expect("an area");
        let cols = area.split_evenly((1, l.runs.len().max(1)));
        let period_ms = 1e3 / l.tick_hz as f64;
        for (run, cell) in l.runs.iter().zip(&cols) {
            let xmax = run.samples_ms.iter().cloned().fold(period_ms + 2.0, f64::max).min(50.0).ceil();
            let bin = 0.25;
            let nbins = (xmax / bin).ceil() as usize;
            let mut counts = vec![0u32; nbins];
            for &x in &run.samples_ms {
                counts[((x / bin).floor().max(0.0) as usize).min(nbins - 1)] += 1;
            }
            let ymax = counts.iter().copied().max().unwrap_or(1).max(1) as f64 * 1.15;
            let mut chart = ChartBuilder::on(cell)
                .caption(
                    format!(
                        "{} Hz, {}: capture->receive (p99 {:.2} ms, n={})",
                        run.rate_hz,
                        if run.phase_locked { "phase-locked" } else { "free-running" },
                        run.capture_to_receive_ms.p99,
                        run.fresh_inputs_measured
                    ),
                    ("sans-serif", 16),
                )
                .margin(10)
                .x_label_area_size(35)
                .y_label_area_size(45)
                .build_cartesian_2d(0f64..xmax, 0f64..ymax)
                .map_err(err)?;
            chart.configure_mesh().x_desc("ms").y_desc("inputs").disable_mesh().draw().map_err(err)?;
            chart
                .draw_series(counts.iter().enumerate().map(|(i, &c)| {
                    let x0 = i as f64 * bin;
                    Rectangle::new([(x0, 0.0), (x0 + bin, c as f64)], BLUE.mix(0.6).filled())
                }))
                .map_err(err)?;
            chart
                .draw_series(LineSeries::new(
                    [(GOAL_CAPTURE_TO_PUBLISH_P99_MS, 0.0), (GOAL_CAPTURE_TO_PUBLISH_P99_MS, ymax)],
                    RED.stroke_width(2),
                ))
                .map_err(err)?
                .label("2 ms goal (p99)")
                .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], RED.stroke_width(2)));
            chart
                .draw_series(LineSeries::new([(period_ms, 0.0), (period_ms, ymax)], BLACK.mix(0.5)))
                .map_err(err)?
                .label(format!("1 tick ({period_ms:.2} ms)"))
                .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], BLACK.mix(0.5)));
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(err)?;
        }
    }
    if let Some(s) = scale {
        let area = next.next().expect("an area");
        let xmax = s.runs.iter().map(|r| r.avatars).max().unwrap_or(1) as f64 + 1.0;
        let ymax = s.runs.iter().map(|r| r.ticks_per_s).fold(GOAL_TICKS_PER_S, f64::max) * 1.15;
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!("Solver::tick back to back on {} threads: ticks/s vs avatars", s.threads),
                ("sans-serif", 18),
            )
            .margin(10)
            .x_label_area_size(35)
            .y_label_area_size(55)
            .build_cartesian_2d(0f64..xmax, 0f64..ymax)
            .map_err(err)?;
        chart.configure_mesh().x_desc("avatars").y_desc("ticks/s").draw().map_err(err)?;
        let pts: Vec<(f64, f64)> = s.runs.iter().map(|r| (r.avatars as f64, r.ticks_per_s)).collect();
        chart
            .draw_series(LineSeries::new(pts.clone(), BLUE.stroke_width(2)))
            .map_err(err)?
            .label("measured")
            .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], BLUE.stroke_width(2)));
        chart.draw_series(pts.iter().map(|p| Circle::new(*p, 4, BLUE.filled()))).map_err(err)?;
        chart
            .draw_series(s.runs.iter().map(|r| {
                Text::new(
                    format!("{:.0} ({}K tets)", r.ticks_per_s, r.total_tets / 1000),
                    (r.avatars as f64, r.ticks_per_s + ymax * 0.03),
                    ("sans-serif", 12),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, GOAL_TICKS_PER_S), (xmax, GOAL_TICKS_PER_S)],
                RED.stroke_width(2),
            ))
            .map_err(err)?
            .label(format!("goal {GOAL_TICKS_PER_S} ticks/s"))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 15, y)], RED.stroke_width(2)));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(|e| anyhow::anyhow!("plot: {e:?}"))?;
    Ok(())
}
