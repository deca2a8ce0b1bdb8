//! `avatard flesh`: quasistatic Steklov-Poincaré flesh of an asset under a rig animation, surface positions
//! per frame for offline baking and comparison.

use anyhow::{bail, Context, Result};
use avatar_lab::util::write_json_compact;
use avatar_sim::asset;
use avatar_sim::flesh::LevelSet;
use avatar_sim::flesh::PreconditionerSettings;
use avatar_sim::flesh::{FleshModel, FleshSettings};
use avatar_sim::rig::RigAnimation;
use serde::Serialize;
use std::path::PathBuf;

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
    /// Rig animation (JSON, see docs/avatars.md); every frame is solved.
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
    /// The boundary solve did not converge and the frame was solved again by the volumetric PCG.
    fallback: bool,
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
            fallback: r.fallback,
            seconds: r.total_seconds,
            positions: surface.iter().map(|&v| x[v].map(|c| c as f32)).collect(),
        });
    }
    let n = frames.len();
    let unconverged = frames.iter().filter(|f| !f.converged).count();
    let fallbacks = frames.iter().filter(|f| f.fallback).count();
    let (newton, cg) =
        frames.iter().fold((0, 0), |(n, c), f| (n + f.newton_steps, c + f.boundary_iterations));
    let mean_ms = frames.iter().map(|f| f.seconds).sum::<f64>() * 1e3 / n as f64;
    write_json_compact(
        &a.out,
        &SurfaceTrack {
            asset_hash: asset::hex(&hash),
            method: format!("{:?}", a.method).to_lowercase(),
            surface_vertices: surface,
            triangles,
            frames,
        },
    )?;
    println!(
        "{n} frames, {mean_ms:.1} ms/frame, {newton} Newton steps, {cg} CG iterations, {unconverged} not converged, \
         {fallbacks} fell back to the volumetric solve -> {}",
        a.out.display()
    );
    Ok(())
}
