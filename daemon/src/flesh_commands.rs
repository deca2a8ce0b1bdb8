//! `avatard flesh` (quasistatic Steklov-Poincaré flesh of an asset under a rig animation, surface positions
//! per frame for offline baking and comparison) and `avatard bench flesh` (the paper's §7 table on the
//! default avatar's tet mesh and a ≥200K-tet arm, with the volumetric PCG baseline in the same run).

use crate::asset;
use crate::flesh::arm::{ArmShape, NO_ROTATION};
use crate::flesh::collide::LevelSet;
use crate::flesh::pose::elbow_flexion;
use crate::flesh::precond::PreconditionerSettings;
use crate::flesh::solver::{FleshModel, FleshSettings, FrameReport};
use crate::sim::fem::Material;
use crate::sim::mesh::TetMesh;
use crate::sim::rig::{Rig, RigAnimation};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Method {
    /// Boundary (Steklov-Poincaré) solve with the skinned preconditioner.
    Boundary,
    /// Volumetric PCG with the rotated IC(0) of the rest stiffness (the paper's baseline).
    Volumetric,
}

#[derive(clap::Args, Debug)]
pub struct FleshArgs {
    /// An asset written by `avatard precompute` or `avatard import` (its tet mesh, rig and material are used).
    #[arg(long)]
    pub asset: PathBuf,
    /// Rig animation (JSON, see the README); every frame is solved.
    #[arg(long)]
    pub rig_anim: PathBuf,
    /// Kinematic obstacles, comma-separated specs: `plane:px,py,pz,nx,ny,nz`, `sphere:cx,cy,cz,r`,
    /// `capsule:ax,ay,az,bx,by,bz,r` (several separated by `;`).
    #[arg(long)]
    pub collide: Option<String>,
    /// Penalty self-collision of the surface.
    #[arg(long)]
    pub self_collision: bool,
    #[arg(long, value_enum, default_value = "boundary")]
    pub method: Method,
    /// Graph distance (mesh edges) of the preconditioner's pattern.
    #[arg(long, default_value_t = 2)]
    pub pattern_depth: usize,
    /// Newton tolerance (boundary force relative to the load).
    #[arg(long, default_value_t = 1e-6)]
    pub tolerance: f64,
    /// Where to write the surface positions per frame (JSON).
    #[arg(long)]
    pub out: PathBuf,
}

/// Parse `--collide` (specs separated by `;`).
pub fn parse_obstacles(spec: Option<&str>) -> Result<Vec<LevelSet>> {
    let Some(spec) = spec else { return Ok(Vec::new()) };
    spec.split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|s| LevelSet::parse(s.trim()).with_context(|| format!("--collide {s:?}")))
        .collect()
}

#[derive(Serialize)]
struct SurfaceFrame {
    t: f64,
    newton_steps: usize,
    boundary_iterations: usize,
    interior_iterations: usize,
    contacts: usize,
    residual: f64,
    converged: bool,
    seconds: f64,
    /// Surface vertex positions, `[x, y, z]` per entry of `surface_vertices`.
    positions: Vec<[f32; 3]>,
}

#[derive(Serialize)]
struct SurfaceTrack {
    asset_hash: String,
    method: String,
    /// Tet-mesh indices of the surface vertices, in the order of each frame's `positions`.
    surface_vertices: Vec<usize>,
    /// Surface triangles, as indices into `surface_vertices`.
    triangles: Vec<[usize; 3]>,
    frames: Vec<SurfaceFrame>,
}

fn write_json(path: &Path, value: &impl Serialize) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, serde_json::to_string(value)? + "\n")
        .with_context(|| format!("writing {}", path.display()))
}

pub fn flesh(a: FleshArgs) -> Result<()> {
    if !(a.tolerance.is_finite() && a.tolerance > 0.0) {
        bail!("--tolerance {} must be a positive number", a.tolerance);
    }
    let obstacles = parse_obstacles(a.collide.as_deref())?;
    let (asset, hash) = asset::load(&a.asset).with_context(|| format!("loading {}", a.asset.display()))?;
    let sim = asset.sim;
    let anim = RigAnimation::load(&a.rig_anim, &sim.rig)
        .with_context(|| format!("reading the rig animation {}", a.rig_anim.display()))?;
    let settings = FleshSettings {
        obstacles,
        self_collision: a.self_collision,
        newton_tolerance: a.tolerance,
        preconditioner: PreconditionerSettings { depth: a.pattern_depth, ..Default::default() },
        ..Default::default()
    };
    let started = std::time::Instant::now();
    let mut model =
        FleshModel::with_parts(&sim.mesh, &sim.rig, &sim.material, settings, asset.flesh.as_ref());
    eprintln!(
        "flesh model: {} tets, {} interior / {} boundary / {} constrained vertices, {} probe colours ({:.2} s)",
        sim.mesh.t(),
        model.part.interior,
        model.part.boundary,
        model.part.constrained,
        model.preconditioner.colours,
        started.elapsed().as_secs_f64()
    );
    let faces = sim.mesh.boundary_faces();
    let mut surface: Vec<usize> = faces.iter().flatten().copied().collect();
    surface.sort_unstable();
    surface.dedup();
    let mut index = vec![usize::MAX; sim.mesh.n()];
    surface.iter().enumerate().for_each(|(i, &v)| index[v] = i);
    let triangles = faces.iter().map(|f| f.map(|v| index[v])).collect();
    let mut state = model.state_at(anim.params(0));
    let mut frames = Vec::with_capacity(anim.num_frames());
    for k in 0..anim.num_frames() {
        let p = anim.params(k);
        let r = match a.method {
            Method::Boundary => model.solve_boundary(&mut state, p),
            Method::Volumetric => model.solve_volumetric(&mut state, p),
        };
        let x = model.positions(&state);
        if x.iter().flatten().any(|v| !v.is_finite()) {
            bail!("the flesh solve diverged at frame {k}");
        }
        frames.push(SurfaceFrame {
            t: k as f64 * anim.dt(),
            newton_steps: r.newton_steps,
            boundary_iterations: r.boundary_iterations,
            interior_iterations: r.interior_iterations,
            contacts: r.contacts,
            residual: r.residual,
            converged: r.converged,
            seconds: r.total_seconds,
            positions: surface.iter().map(|&v| x[v].map(|c| c as f32)).collect(),
        });
    }
    let n = frames.len();
    let unconverged = frames.iter().filter(|f| !f.converged).count();
    let mean_ms = frames.iter().map(|f| f.seconds).sum::<f64>() * 1e3 / n as f64;
    write_json(
        &a.out,
        &SurfaceTrack {
            asset_hash: asset::hex(&hash),
            method: format!("{:?}", a.method).to_lowercase(),
            surface_vertices: surface,
            triangles,
            frames,
        },
    )?;
    println!("{n} frames, {mean_ms:.1} ms/frame, {unconverged} not converged -> {}", a.out.display());
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------
// Benchmark.

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
    pub interior: crate::flesh::solver::InteriorInverse,
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

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
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
        interior_inverse: a.interior,
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
    let defaults = crate::sim::precompute::PrecomputeSettings::default();
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
    write_json(&a.out, &report)?;
    println!("-> {}", a.out.display());
    Ok(())
}
