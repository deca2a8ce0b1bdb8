//! `avatard bench flesh`: the paper's §7 table on the default avatar's tet mesh and a ≥200K-tet arm, with the
//! volumetric PCG baseline in the same run.

use super::write_report;
use anyhow::{bail, Context, Result};
use avatar_lab::args::InteriorInverseArg;
use avatar_sim::asset;
use avatar_sim::fem::Material;
use avatar_sim::flesh::PreconditionerSettings;
use avatar_sim::flesh::{ArmShape, NO_ROTATION};
use avatar_sim::flesh::{FleshModel, FleshSettings, FrameReport};
use avatar_sim::mesh::TetMesh;
use avatar_sim::rig::elbow_flexion;
use avatar_sim::rig::Rig;
use avatar_sim::stats::median;
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct BenchFleshArgs {
    /// Arm resolution: cells along the arm and across each cross-section (6·along·across² tets; the default
    /// gives 202,176).
    #[arg(long, value_delimiter = ',', default_values_t = [104usize, 18])]
    pub arm: Vec<usize>,
    /// Frames of the bend (0 → 90°), warm-started from each other as at run time.
    #[arg(long, default_value_t = 10)]
    pub frames: usize,
    /// Skip the arm (the default avatar only).
    #[arg(long)]
    pub no_arm: bool,
    #[arg(long, default_value_t = 2)]
    pub pattern_depth: usize,
    /// Relative residual of each Newton step's boundary PCG (inexact Newton; the frame is converged when the
    /// boundary force is below `--tolerance` of the load).
    #[arg(long, default_value_t = 0.3)]
    pub cg_tolerance: f64,
    /// Newton tolerance (boundary force relative to the load).
    #[arg(long, default_value_t = 1e-6)]
    pub tolerance: f64,
    /// `H_ii⁻¹` in the boundary operator: the rotated exact rest factor, or IC(0) as in the paper.
    #[arg(long, value_enum, default_value = "rest-factor")]
    pub interior: InteriorInverseArg,
    #[arg(long, default_value = "out/bench-flesh.json")]
    pub out: PathBuf,
}

#[derive(Serialize, Default)]
struct Column {
    skinning_update: f64,
    stiffness_build: f64,
    interior_cg_iteration: f64,
    interior_solve: f64,
    boundary_cg_iteration: f64,
    boundary_newton_step: f64,
    per_frame: f64,
    newton_steps: f64,
    boundary_iterations: f64,
    interior_iterations: f64,
}

#[derive(Serialize)]
struct MeshResult {
    name: String,
    tets: usize,
    vertices: usize,
    interior: usize,
    boundary: usize,
    constrained: usize,
    colours: usize,
    preconditioner_blocks: usize,
    build_seconds: [f64; 3],
    /// Medians over frames, seconds (counts for the last three).
    boundary_solve: Column,
    volumetric_pcg: Column,
}

fn column(reports: &[FrameReport]) -> Column {
    let m = |f: &dyn Fn(&FrameReport) -> f64| median(reports.iter().map(f).collect());
    let per = |s: f64, n: usize| if n > 0 { s / n as f64 } else { f64::NAN };
    Column {
        skinning_update: m(&|r| r.skinning_seconds),
        stiffness_build: m(&|r| r.stiffness_seconds),
        interior_cg_iteration: m(&|r| per(r.interior_seconds, r.interior_iterations)),
        interior_solve: m(&|r| per(r.interior_seconds, r.interior_solves)),
        boundary_cg_iteration: m(&|r| per(r.boundary_seconds, r.boundary_iterations)),
        boundary_newton_step: m(&|r| per(r.boundary_seconds + r.interior_seconds, r.newton_steps)),
        per_frame: m(&|r| r.total_seconds),
        newton_steps: m(&|r| r.newton_steps as f64),
        boundary_iterations: m(&|r| r.boundary_iterations as f64),
        interior_iterations: m(&|r| r.interior_iterations as f64),
    }
}

fn bench_mesh(
    name: &str,
    mesh: &TetMesh,
    rig: &Rig,
    material: &Material,
    poses: &[Vec<f64>],
    a: &BenchFleshArgs,
) -> MeshResult {
    let settings = FleshSettings {
        preconditioner: PreconditionerSettings { depth: a.pattern_depth, ..Default::default() },
        boundary_tolerance: a.cg_tolerance,
        newton_tolerance: a.tolerance,
        interior_inverse: a.interior.into(),
        max_newton: 30,
        ..Default::default()
    };
    eprintln!("{name}: {} tets; building the flesh model …", mesh.t());
    let mut model = FleshModel::new(mesh, rig, material, settings);
    let rest = rig.rest_params();
    let mut run = |volumetric: bool| {
        let mut state = model.state_at(&rest);
        let reports: Vec<FrameReport> = poses
            .iter()
            .map(|p| {
                if volumetric {
                    model.solve_volumetric(&mut state, p)
                } else {
                    model.solve_boundary(&mut state, p)
                }
            })
            .collect();
        if let Some(r) = reports.iter().find(|r| !r.converged) {
            eprintln!("  warning: a frame did not converge ({r:?})");
        }
        let fallbacks = reports.iter().filter(|r| r.fallback).count();
        if fallbacks > 0 {
            eprintln!("  warning: {fallbacks} frames fell back to the volumetric solve (their times are both solves')");
        }
        column(&reports)
    };
    let boundary_solve = run(false);
    let volumetric_pcg = run(true);
    eprintln!(
        "  per frame: boundary {:.1} ms ({:.0} CG), volumetric {:.1} ms ({:.0} CG)",
        boundary_solve.per_frame * 1e3,
        boundary_solve.boundary_iterations,
        volumetric_pcg.per_frame * 1e3,
        volumetric_pcg.boundary_iterations
    );
    MeshResult {
        name: name.into(),
        tets: mesh.t(),
        vertices: mesh.n(),
        interior: model.part.interior,
        boundary: model.part.boundary,
        constrained: model.part.constrained,
        colours: model.preconditioner.colours,
        preconditioner_blocks: model.preconditioner.factor.nnz_blocks(),
        build_seconds: model.build_seconds,
        boundary_solve,
        volumetric_pcg,
    }
}

pub fn bench(a: BenchFleshArgs) -> Result<()> {
    if a.frames == 0 {
        bail!("--frames must be at least 1");
    }
    let defaults = avatar_sim::precompute::PrecomputeSettings::default();
    let bend = |k: usize| 90.0 * (k + 1) as f64 / a.frames as f64;
    let mut results = Vec::new();
    {
        let (mesh, rig) = asset::default_avatar::inputs()?;
        let material = Material::homogeneous(mesh.t(), defaults.youngs, defaults.poisson, defaults.density)?;
        let poses: Vec<Vec<f64>> = (0..a.frames)
            .map(|k| elbow_flexion(&rig, bend(k)).context("the default avatar has a left arm"))
            .collect::<Result<_>>()?;
        results.push(bench_mesh("default avatar (left elbow 0→90°)", &mesh, &rig, &material, &poses, &a));
    }
    if !a.no_arm {
        let [along, across] = a.arm[..] else { bail!("--arm takes two numbers: along,across") };
        let shape = ArmShape::default();
        let mesh = shape.mesh(along, across);
        let rig = shape.rig(&mesh);
        let material = Material::homogeneous(mesh.t(), defaults.youngs, defaults.poisson, defaults.density)?;
        let poses: Vec<Vec<f64>> = (0..a.frames).map(|k| shape.bend(&rig, bend(k), NO_ROTATION)).collect();
        results.push(bench_mesh(
            &format!("arm {along}×{across}² (elbow 0→90°)"),
            &mesh,
            &rig,
            &material,
            &poses,
            &a,
        ));
    }
    println!(
        "{:<40} {:>9} {:>9} {:>10} {:>10} {:>10} {:>10} {:>9} | {:>10} {:>9}",
        "mesh",
        "skinning",
        "stiffness",
        "int. CG it",
        "int. solve",
        "bnd CG it",
        "Newton st",
        "frame",
        "vol CG it",
        "vol frame"
    );
    for r in &results {
        let (b, v) = (&r.boundary_solve, &r.volumetric_pcg);
        let ms = |s: f64| format!("{:.2}", s * 1e3);
        println!(
            "{:<40} {:>9} {:>9} {:>10} {:>10} {:>10} {:>10} {:>9} | {:>10} {:>9}   (ms; {} tets)",
            r.name,
            ms(b.skinning_update),
            ms(b.stiffness_build),
            ms(b.interior_cg_iteration),
            ms(b.interior_solve),
            ms(b.boundary_cg_iteration),
            ms(b.boundary_newton_step),
            ms(b.per_frame),
            ms(v.boundary_cg_iteration),
            ms(v.per_frame),
            r.tets
        );
    }
    let report = serde_json::json!({
        "anchor": "paper 002 §7: 220K-tet arm 0.28 s/frame on a 4-core Xeon",
        "goal": "≤0.28 s/frame at ≥200K tets, ≤30 ms on the default avatar, on our 2 cores",
        "threads": rayon::current_num_threads(),
        "meshes": results,
    });
    write_report(&a.out, &report)?;
    println!("-> {}", a.out.display());
    Ok(())
}
