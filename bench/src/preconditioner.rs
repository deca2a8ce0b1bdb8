//! `avatard bench preconditioner`: does the ex-rotated solve (paper 002: the rig's skinned rotations in place
//! of the polar ones, a quadratic problem solved by PCG with the rotated prefactored matrix) pay as the
//! starting point of the co-rotational local-global iterations (paper 000, Alg. 2)? Measured at equal
//! accuracy against the converged step.
//!
//! The default avatar follows the committed pose recording (the runtime's own mapping gives `p` per tick).
//! Every tick starts from the same state (the converged trajectory) and is solved:
//! - to convergence (300 iterations, tolerance 1e-13): `z*`;
//! - by local-global from the previous `z` (cold, today's step) with k = 1..K iterations;
//! - by local-global from the ex-rotated solution (warm) with k = 1..K iterations.
//!
//! The error of a solve is `‖z_k − z*‖ / ‖z* − z_t‖` (relative to the step's own change). The target is the
//! cold step's error at the runtime's iteration count (`--iterations`, default 10: today's accuracy); per tick
//! the iterations each start needs to reach it, and the time of each at that count (median of `--repeat`).

use anyhow::Result;
use avatar_lab::args::CacheDirArg;
use avatar_lab::follow::pose_frames;
use avatar_sim::reduced::{FleshMode, ReducedModel, StepSettings, StepState};
use avatar_sim::rig::{PoseRotations, RotationWeights};
use avatar_sim::stats::median;
use avatard::{AvatarSim, AvatarSpec, Inputs, SimParams};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct PreconditionerArgs {
    #[arg(long, default_value = "assets/recordings/pose_demo_singleperson_cam01.avtrrec")]
    pub recording: PathBuf,
    /// The runtime's local-global iteration count: the cold step's error there is the target.
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Most iterations tried per start.
    #[arg(long, default_value_t = 40)]
    pub max_iterations: usize,
    /// History depth of the Anderson-accelerated local-global variant.
    #[arg(long, default_value_t = 5)]
    pub anderson: usize,
    /// Timing repeats per tick and start.
    #[arg(long, default_value_t = 5)]
    pub repeat: usize,
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    #[command(flatten)]
    pub cache: CacheDirArg,
    #[arg(long, default_value = "out/bench-preconditioner.json")]
    pub out: PathBuf,
}

#[derive(Serialize, Default)]
struct Report {
    ticks: usize,
    /// Ticks where the step moved z at all (the others are skipped).
    measured: usize,
    target_iterations: usize,
    median_target_error: f64,
    /// Median over ticks of the iterations to reach the target.
    cold_iterations: f64,
    warm_iterations: f64,
    /// Ticks where the warm start's energy beat the cold start's (else the warm step starts cold).
    warm_start_used: usize,
    /// Median PCG iterations of the ex-rotated solve.
    pcg_iterations: f64,
    /// Median µs per step at the iterations each start needs.
    cold_us: f64,
    warm_us: f64,
    /// Local-global from the previous z with Anderson acceleration (`--anderson` steps of history).
    anderson_iterations: f64,
    anderson_us: f64,
    anderson_error_by_k: Vec<f64>,
    /// Median over ticks of the error after k iterations (k = 1..), cold and warm.
    cold_error_by_k: Vec<f64>,
    warm_error_by_k: Vec<f64>,
}

fn rel(z: &[f64], z_star: &[f64], z_t: &[f64]) -> f64 {
    let d: f64 = z.iter().zip(z_star).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
    let step: f64 = z_star.iter().zip(z_t).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
    d / step
}

pub fn preconditioner(a: PreconditionerArgs) -> Result<()> {
    let cache = a.cache.cache();
    let avatar = Arc::new(avatard::load_avatar(&AvatarSpec::new("preconditioner"), cache.as_ref())?);
    let sim_data = &avatar.asset.sim;
    let h = 1.0 / a.tick_hz as f64;
    let mut parts = sim_data.reduced.clone();
    parts.h = h;
    let model = ReducedModel::from_parts(parts)?;
    let weights = RotationWeights::per_cluster(&sim_data.rig, &sim_data.mesh, &sim_data.clustering);
    let rec = tracker_bridge::recording::Recording::load(&a.recording)?;
    let frames = pose_frames(rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)));
    let params = SimParams::default();
    let mut runtime = AvatarSim::new(avatar.clone(), &params, a.tick_hz).map_err(anyhow::Error::msg)?;
    let inputs = Inputs::default();

    let tick_ns = (1e9 / a.tick_hz as f64).round() as i64;
    let t0 = 1_000_000_000i64;
    let end = t0 + frames.last().map_or(0, |f| f.0) + tick_ns;
    let (mut next, mut now) = (0usize, t0);
    let mut state = StepState::at_rest(&model, &sim_data.rig.rest_params());
    let converged = StepSettings { iterations: 300, tolerance: 1e-13, ..StepSettings::default() };
    let fixed = |k: usize, anderson: usize| StepSettings {
        iterations: k,
        tolerance: 0.0,
        anderson,
        ..StepSettings::default()
    };
    let kmax = a.max_iterations.max(a.iterations);
    let mut report = Report { target_iterations: a.iterations, ..Report::default() };
    let (mut cold_k, mut warm_k, mut aa_k, mut targets, mut pcg) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut cold_us, mut warm_us, mut aa_us) = (vec![], vec![], vec![]);
    let (mut cold_by_k, mut warm_by_k, mut aa_by_k) =
        (vec![Vec::new(); kmax], vec![Vec::new(); kmax], vec![Vec::new(); kmax]);
    while now < end {
        while next < frames.len() && t0 + frames[next].0 <= now {
            let mut f = frames[next].1.clone();
            f.header.capture_time_ns = t0 + frames[next].0;
            f.header.send_time_ns = f.header.capture_time_ns;
            f.header.stream_id = 1;
            f.header.seq = next as u64 + 1;
            inputs.any.pose.store(Some(Arc::new(f)));
            inputs.any.received_ns.store(now, Relaxed);
            next += 1;
        }
        let o = runtime.tick(&inputs, now, a.tick_hz, &params, false);
        now += tick_ns;
        report.ticks += 1;
        let p: Vec<f64> = o.p.iter().map(|&v| v as f64).collect();
        let rotations = weights.rotations(&PoseRotations::new(&sim_data.rig, &p));
        let mut reference = state.clone();
        model.step(&mut reference, &p, &converged);
        let z_star = reference.z.clone();
        let moved: f64 = z_star.iter().zip(&state.z).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        if moved < 1e-9 {
            state = reference;
            continue;
        }
        report.measured += 1;
        // variant 0: cold, 1: ex-rotated warm start, 2: Anderson
        let solve = |k: usize, variant: u8| {
            let mut s = state.clone();
            let r = match variant {
                1 => {
                    let mode = FleshMode::CorotationalExRotatedWarmStart;
                    model.step_with_rotations(&mut s, &p, &rotations, mode, &fixed(k, 0))
                }
                2 => model.step(&mut s, &p, &fixed(k, a.anderson)),
                _ => model.step(&mut s, &p, &fixed(k, 0)),
            };
            (rel(&s.z, &z_star, &state.z), r)
        };
        let cold: Vec<f64> = (1..=kmax).map(|k| solve(k, 0).0).collect();
        let aa: Vec<f64> = (1..=kmax).map(|k| solve(k, 2).0).collect();
        let warm_runs: Vec<_> = (1..=kmax).map(|k| solve(k, 1)).collect();
        let warm: Vec<f64> = warm_runs.iter().map(|r| r.0).collect();
        report.warm_start_used += usize::from(warm_runs[0].1.warm_start_used);
        pcg.push(warm_runs[0].1.pcg_iterations as f64);
        let target = cold[a.iterations - 1];
        targets.push(target);
        let need = |errs: &[f64]| errs.iter().position(|e| *e <= target).map_or(kmax + 1, |i| i + 1);
        let (kc, kw, ka) = (need(&cold), need(&warm), need(&aa));
        cold_k.push(kc as f64);
        warm_k.push(kw as f64);
        aa_k.push(ka as f64);
        for k in 0..kmax {
            cold_by_k[k].push(cold[k]);
            warm_by_k[k].push(warm[k]);
            aa_by_k[k].push(aa[k]);
        }
        let time = |k: usize, variant: u8| {
            median(
                (0..a.repeat)
                    .map(|_| {
                        let t = Instant::now();
                        std::hint::black_box(solve(k, variant));
                        t.elapsed().as_secs_f64() * 1e6
                    })
                    .collect(),
            )
        };
        cold_us.push(time(kc.min(kmax), 0));
        warm_us.push(time(kw.min(kmax), 1));
        aa_us.push(time(ka.min(kmax), 2));
        state = reference;
    }
    report.median_target_error = median(targets);
    report.cold_iterations = median(cold_k);
    report.warm_iterations = median(warm_k);
    report.pcg_iterations = median(pcg);
    report.cold_us = median(cold_us);
    report.warm_us = median(warm_us);
    report.anderson_iterations = median(aa_k);
    report.anderson_us = median(aa_us);
    report.anderson_error_by_k = aa_by_k.into_iter().map(median).collect();
    report.cold_error_by_k = cold_by_k.into_iter().map(median).collect();
    report.warm_error_by_k = warm_by_k.into_iter().map(median).collect();
    println!(
        "{} ticks ({} measured): target = cold error at {} iterations, median {:.3e}",
        report.ticks, report.measured, a.iterations, report.median_target_error
    );
    println!(
        "iterations to the target (median): cold {:.0}, ex-rotated warm start {:.0} (+ {:.0} PCG iterations; warm \
         start taken on {} of {} ticks)",
        report.cold_iterations, report.warm_iterations, report.pcg_iterations, report.warm_start_used, report.measured
    );
    println!(
        "Anderson acceleration ({} steps of history): {:.0} iterations",
        a.anderson, report.anderson_iterations
    );
    println!(
        "time at those counts (median µs per step): cold {:.0}, warm {:.0}, Anderson {:.0}",
        report.cold_us, report.warm_us, report.anderson_us
    );
    println!("median error by iterations k (cold | ex-rotated warm | Anderson):");
    for k in [1, 2, 3, 4, 5, 6, 8, 10, 20, kmax] {
        if k <= kmax {
            println!(
                "  k = {k:>2}: {:.3e} | {:.3e} | {:.3e}",
                report.cold_error_by_k[k - 1],
                report.warm_error_by_k[k - 1],
                report.anderson_error_by_k[k - 1]
            );
        }
    }
    if let Some(dir) = a.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    super::write_report(&a.out, &report)
}
