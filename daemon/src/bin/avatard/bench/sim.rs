//! Simulation benchmarks: `avatard bench precompute` (skinning eigenmodes, paper 000 Table 1) and
//! `avatard bench step` (the reduced step, m modes × r clusters). Figures are printed and written as JSON.
//!
//! Meshes are procedural boxes (Kuhn subdivision) sized to the paper's vertex counts unless `--mesh` is given.

use super::write_report;
use crate::util::median;
use anyhow::{Context, Result};
use avatar_sim::fem::{lumped_mass, weight_space_hessian, Material};
use avatar_sim::leak::{leak_diagonal, MomentumLeak};
use avatar_sim::mesh::read_mesh;
use avatar_sim::mesh::{shapes::box_mesh, TetMesh};
use avatar_sim::modes::{complementarity_matrix, WeightConstraint};
use avatar_sim::modes::{sparse_modes, EigenOptions};
use avatar_sim::precompute::{precompute as run_precompute, ClusterCount, PrecomputeSettings};
use avatar_sim::reduced::ReducedModel;
use avatar_sim::reduced::{Elasticity, StepOptions, StepState};
use avatar_sim::rig::Rig;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct PrecomputeArgs {
    /// Box meshes with about these many vertices (default: the paper's Table 1 sizes).
    #[arg(long, value_delimiter = ',', default_values_t = [7_842usize, 31_368, 99_813])]
    pub vertices: Vec<usize>,
    /// A tet mesh file instead of boxes.
    #[arg(long)]
    pub mesh: Option<PathBuf>,
    #[arg(long, default_value_t = 10)]
    pub modes: usize,
    /// Repetitions per mesh (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub repeat: usize,
    #[arg(long, default_value = "out/bench-precompute.json")]
    pub out: PathBuf,
}

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

/// A bar-shaped box (4:1:1) with about `target` vertices.
fn box_with_vertices(target: usize) -> TetMesh {
    // the k whose (4k+1)(k+1)² vertices come closest to the target
    let count = |k: usize| (4 * k + 1) * (k + 1) * (k + 1);
    let k = (1..200).min_by_key(|k| count(*k).abs_diff(target)).unwrap_or(1);
    box_mesh(4 * k, k, k, [4.0, 1.0, 1.0])
}

/// A bar-shaped box with about `target` tets (6 per cell).
fn box_with_tets(target: usize) -> TetMesh {
    let k = (1..200usize).min_by_key(|k| (24 * k * k * k).abs_diff(target)).unwrap_or(1);
    box_mesh(4 * k, k, k, [4.0, 1.0, 1.0])
}

/// Table 1 anchors: (vertices, seconds) for 10 modes, affine rig, MATLAB on an i9.
const TABLE1: [(usize, f64); 3] = [(7_842, 0.135), (31_368, 0.83), (99_813, 5.14)];

pub fn precompute(a: PrecomputeArgs) -> Result<()> {
    let meshes: Vec<TetMesh> = match &a.mesh {
        Some(path) => vec![read_mesh(path).with_context(|| format!("reading {}", path.display()))?.0],
        None => a.vertices.iter().map(|v| box_with_vertices(*v)).collect(),
    };
    let mut rows = Vec::new();
    println!(
        "{:>9} {:>9} {:>6} {:>12} {:>12} {:>10}",
        "vertices", "tets", "modes", "median s", "paper s", "ratio"
    );
    for mesh in &meshes {
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0)?;
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..a.repeat.max(1) {
            let t0 = Instant::now();
            let mass = lumped_mass(mesh, &mat.density);
            let rig = Rig::affine();
            let jac = rig.jacobian(&mesh.vertices)?;
            let jw = WeightConstraint::new(
                &mesh.vertices,
                &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]),
            );
            let hw = weight_space_hessian(mesh, &mat);
            let (modes, stats) = sparse_modes(&hw, &mass, &jw, a.modes, &EigenOptions::default())?;
            times.push(t0.elapsed().as_secs_f64());
            last = Some((modes, stats));
        }
        let (modes, stats) = last.expect("at least one repetition");
        let med = median(times.clone());
        let anchor = TABLE1
            .iter()
            .min_by_key(|(v, _)| v.abs_diff(mesh.n()))
            .filter(|(v, _)| v.abs_diff(mesh.n()) * 10 < *v);
        println!(
            "{:>9} {:>9} {:>6} {:>12.3} {:>12} {:>10}",
            mesh.n(),
            mesh.t(),
            a.modes,
            med,
            anchor.map_or("-".into(), |(_, s)| format!("{s:.3}")),
            anchor.map_or("-".into(), |(_, s)| format!("{:.2}", med / s))
        );
        rows.push(serde_json::json!({
            "vertices": mesh.n(), "tets": mesh.t(), "modes": a.modes, "seconds": times, "median_s": med,
            "paper_s": anchor.map(|(_, s)| *s), "constraint_rank": modes.constraint_rank,
            "eigenvalues": modes.eigenvalues, "krylov": stats.krylov,
            "phase_s": {"constraints": stats.seconds_constraints, "factor": stats.seconds_factor,
                         "schur": stats.seconds_schur, "lanczos": stats.seconds_lanczos},
        }));
    }
    write_report(&a.out, &serde_json::json!({"benchmark": "precompute", "rig": "affine", "results": rows}))
}

/// The reduced model `bench step` and `bench full` time, built by the product's precompute pipeline: affine
/// rig, E = 2e4 Pa, ν = 0.35, ρ = 1000 kg/m³, h = 1/120 s, diffused momentum leak.
fn bench_model(mesh: &TetMesh, modes: usize, clusters: usize) -> Result<(ReducedModel, usize)> {
    let settings =
        PrecomputeSettings { modes, clusters: ClusterCount::KMeans(clusters), ..Default::default() };
    let (out, _) = run_precompute(mesh.clone(), Rig::affine(), &settings, Arc::new(|_| {}))?;
    let r = out.clustering.r;
    Ok((ReducedModel::from_parts(out.reduced)?, r))
}

/// Fixed-iteration step options (tolerance 0), for timing.
fn timing_options(elasticity: Elasticity, iterations: usize) -> StepOptions {
    StepOptions {
        elasticity,
        max_iterations: iterations,
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

#[derive(clap::Args, Debug)]
pub struct FullArgs {
    /// Box meshes with about these many tets (42k tets, 8.3k vertices: near the paper's full-space anchor of
    /// 3 s/frame at 10k vertices / 42k tets).
    #[arg(long, value_delimiter = ',', default_values_t = [10_000usize, 42_000])]
    pub tets: Vec<usize>,
    /// Skinning modes and clusters of the reduced step timed beside it.
    #[arg(long, default_value_t = 16)]
    pub modes: usize,
    #[arg(long, default_value_t = 100)]
    pub clusters: usize,
    /// Local-global iterations per step (fixed, for timing), both steps.
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Timed full-space steps per mesh and model.
    #[arg(long, default_value_t = 10)]
    pub steps: usize,
    /// Timed reduced steps per mesh and model.
    #[arg(long, default_value_t = 200)]
    pub reduced_steps: usize,
    /// Threads of the full-space step (per-tet local step, solves); the reduced step always runs on one.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    #[arg(long, default_value = "out/bench-full.json")]
    pub out: PathBuf,
}

/// The swaying, turning affine rig of `bench step` at frame `k` (120 Hz).
fn sway(rig: &Rig, k: usize) -> Vec<f64> {
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
fn time_steps(warmup: usize, steps: usize, mut step: impl FnMut(usize)) -> f64 {
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

/// Full-space complementary dynamics (sparse KKT, one rotation per tet) against the reduced step on the same
/// mesh, rig motion and iteration count.
pub fn full(a: FullArgs) -> Result<()> {
    use avatar_sim::full::{FullModel, FullState};
    let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads.max(1)).build()?;
    let h = PrecomputeSettings::default().dt;
    let mut rows = Vec::new();
    println!(
        "{:>7} {:>8} {:>14} {:>10} {:>14} {:>15} {:>9}",
        "tets", "vertices", "model", "setup s", "full ms/step", "reduced us/step", "ratio"
    );
    for target in &a.tets {
        let mesh = box_with_tets(*target);
        let mat = Material::homogeneous(mesh.t(), 2e4, 0.35, 1000.0)?;
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::affine();
        let jac = rig.jacobian(&mesh.vertices)?;
        let d = leak_diagonal(&mesh, &MomentumLeak::default())?;
        let jcal = complementarity_matrix(&jac, &mass, &d);
        let x0 = rig.offset(&mesh.vertices)?;
        let t0 = Instant::now();
        let full = pool.install(|| FullModel::new(&mesh, &mat, &mass, &jac, &x0, &jcal, h))?;
        let setup = t0.elapsed().as_secs_f64();
        let (reduced, clusters) = bench_model(&mesh, a.modes, a.clusters)?;
        for elasticity in [Elasticity::Arap, Elasticity::Corotational] {
            let opts = timing_options(elasticity, a.iterations);
            faer::set_global_parallelism(if a.threads > 1 {
                faer::Par::rayon(a.threads)
            } else {
                faer::Par::Seq
            });
            let mut fs = FullState::at_rest(&full, &rig.rest_params());
            let full_us = pool.install(|| {
                time_steps(2, a.steps, |k| {
                    full.step(&mut fs, &sway(&rig, k), &opts);
                })
            });
            faer::set_global_parallelism(faer::Par::Seq);
            let mut rs = StepState::at_rest(&reduced, &rig.rest_params());
            let reduced_us = time_steps(20, a.reduced_steps, |k| {
                reduced.step(&mut rs, &sway(&rig, k), &opts);
            });
            println!(
                "{:>7} {:>8} {:>14} {:>10.3} {:>14.2} {:>15.1} {:>9.0}",
                mesh.t(),
                mesh.n(),
                format!("{elasticity:?}"),
                setup,
                full_us / 1e3,
                reduced_us,
                full_us / reduced_us
            );
            rows.push(serde_json::json!({
                "tets": mesh.t(), "vertices": mesh.n(), "elasticity": format!("{elasticity:?}"),
                "iterations_per_step": a.iterations, "full_threads": a.threads, "full_setup_s": setup,
                "full_median_step_ms": full_us / 1e3, "full_steps": a.steps,
                "reduced_median_step_us": reduced_us, "reduced_steps": a.reduced_steps,
                "modes": a.modes, "clusters": clusters, "constraint_rank": full.constraint_rank(),
                "ratio": full_us / reduced_us,
            }));
        }
    }
    write_report(
        &a.out,
        &serde_json::json!({"benchmark": "full", "paper_full_s_per_frame": 3.0, "results": rows}),
    )
}
