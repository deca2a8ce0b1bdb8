//! `avatard bench full`: full-space complementary dynamics (sparse KKT, one rotation per tet) against the
//! reduced step on the same mesh, rig motion and iteration count.

use super::step::{bench_model, box_with_tets, sway, time_steps, timing_options};
use super::write_report;
use anyhow::Result;
use avatar_sim::fem::{lumped_mass, Material};
use avatar_sim::leak::{leak_diagonal, MomentumLeak};
use avatar_sim::modes::complementarity_matrix;
use avatar_sim::precompute::PrecomputeSettings;
use avatar_sim::problem::FemProblem;
use avatar_sim::reduced::{Elasticity, StepState};
use avatar_sim::rig::Rig;
use std::path::PathBuf;
use std::time::Instant;

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
        let problem = FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h };
        let full = pool.install(|| FullModel::new(&problem, &jcal))?;
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
