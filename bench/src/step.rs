//! `avatard bench step`: the reduced step (Alg. 2), time per local-global iteration and per step on one core,
//! m modes × r clusters, ARAP and co-rotational; also the scenes `bench full` shares.

use super::write_report;
use anyhow::Result;
use avatar_sim::mesh::{shapes::box_mesh, TetMesh};
use avatar_sim::precompute::{precompute as run_precompute, ClusterCount, PrecomputeSettings};
use avatar_sim::reduced::ReducedModel;
use avatar_sim::reduced::{Elasticity, StepSettings, StepState};
use avatar_sim::rig::Rig;
use avatar_sim::stats::median;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct StepArgs {
    /// Box meshes with about these many tets.
    #[arg(long, value_delimiter = ',', default_values_t = [10_000usize, 100_000])]
    pub tets: Vec<usize>,
    #[arg(long, default_value_t = 16)]
    pub modes: usize,
    #[arg(long, default_value_t = 100)]
    pub clusters: usize,
    /// Local-global iterations per step (fixed, for timing).
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Timed steps per mesh.
    #[arg(long, default_value_t = 200)]
    pub steps: usize,
    #[arg(long, default_value = "out/bench-step.json")]
    pub out: PathBuf,
}

/// A bar-shaped box with about `target` tets (6 per cell).
pub(super) fn box_with_tets(target: usize) -> TetMesh {
    let k = (1..200usize).min_by_key(|k| (24 * k * k * k).abs_diff(target)).unwrap_or(1);
    box_mesh(4 * k, k, k, [4.0, 1.0, 1.0])
}

/// The reduced model `bench step` and `bench full` time, built by the product's precompute pipeline: affine
/// rig, E = 2e4 Pa, ν = 0.35, ρ = 1000 kg/m³, h = 1/120 s, diffused momentum leak.
pub(super) fn bench_model(mesh: &TetMesh, modes: usize, clusters: usize) -> Result<(ReducedModel, usize)> {
    let settings =
        PrecomputeSettings { modes, clusters: ClusterCount::KMeans(clusters), ..Default::default() };
    let (out, _) = run_precompute(mesh.clone(), Rig::affine(), &settings, Arc::new(|_| {}))?;
    let r = out.clustering.r;
    Ok((ReducedModel::from_parts(out.reduced)?, r))
}

/// Fixed-iteration step options (tolerance 0), for timing.
pub(super) fn timing_options(elasticity: Elasticity, iterations: usize) -> StepSettings {
    StepSettings {
        volume_preservation: elasticity.volume_preservation(),
        iterations,
        tolerance: 0.0,
        gravity: [0.0; 3],
        record_energy: false,
        ..Default::default()
    }
}

pub fn step(a: StepArgs) -> Result<()> {
    // One core, as the issue asks: no parallelism inside faer for the step.
    faer::set_global_parallelism(faer::Par::Seq);
    let mut rows = Vec::new();
    println!(
        "{:>8} {:>8} {:>6} {:>8} {:>14} {:>14} {:>12}",
        "tets", "vertices", "modes", "clusters", "model", "us/iteration", "us/step"
    );
    let rig = Rig::affine();
    for target in &a.tets {
        let mesh = box_with_tets(*target);
        let (model, clusters) = bench_model(&mesh, a.modes, a.clusters)?;
        for elasticity in [Elasticity::Arap, Elasticity::Corotational] {
            let opts = timing_options(elasticity, a.iterations);
            let mut state = StepState::at_rest(&model, &rig.rest_params());
            let warmup = 20;
            let mut iterations = 0;
            let med = time_steps(warmup, a.steps, |k| {
                let report = model.step(&mut state, &sway(&rig, k), &opts);
                if k >= warmup {
                    iterations += report.iterations;
                }
            });
            let per_iteration = med * a.steps as f64 / iterations.max(1) as f64;
            println!(
                "{:>8} {:>8} {:>6} {:>8} {:>14} {:>14.1} {:>12.1}",
                mesh.t(),
                mesh.n(),
                a.modes,
                clusters,
                format!("{elasticity:?}"),
                per_iteration,
                med
            );
            rows.push(serde_json::json!({
                "tets": mesh.t(), "vertices": mesh.n(), "modes": a.modes, "clusters": clusters,
                "elasticity": format!("{elasticity:?}"), "iterations_per_step": a.iterations,
                "median_step_us": med, "median_iteration_us": per_iteration,
            }));
        }
    }
    write_report(&a.out, &serde_json::json!({"benchmark": "step", "results": rows}))
}

/// The swaying, turning affine rig of `bench step` at frame `k` (120 Hz).
pub(super) fn sway(rig: &Rig, k: usize) -> Vec<f64> {
    let t = k as f64 / 120.0;
    let (c, s) = ((0.8 * (2.0 * t).sin()).cos(), (0.8 * (2.0 * t).sin()).sin());
    let mut p = rig.rest_params();
    p[0] = c;
    p[2] = s;
    p[8] = -s;
    p[10] = c;
    p[3] = 0.3 * (5.0 * t).sin();
    p
}

/// Median time (µs) of `steps` calls of `step(k)` after `warmup` untimed ones.
pub(super) fn time_steps(warmup: usize, steps: usize, mut step: impl FnMut(usize)) -> f64 {
    let mut per_step = Vec::with_capacity(steps);
    for k in 0..warmup + steps {
        let t0 = Instant::now();
        step(k);
        if k >= warmup {
            per_step.push(t0.elapsed().as_secs_f64() * 1e6);
        }
    }
    median(per_step)
}
