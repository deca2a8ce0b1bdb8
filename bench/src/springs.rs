//! `avatard bench springs`: what VRM spring bones cost on the solver thread.
//!
//! - **Per joint**: [`SpringSolver::tick`] alone on the avatar's rig, the whole avatar turning and swaying
//!   rigidly (±60° at 0.7 Hz, ±10 cm at 1 Hz) at the tick rate; median µs per tick and per joint per tick
//!   (goal ≤ 1 µs per joint on one core). At a 120 Hz tick every second tick runs one 60 Hz integration step
//!   and every tick the pose pass, so the per-tick median is an average of the two kinds.
//! - **Runtime**: `N` avatars of this asset stepped by the daemon's own `Solver::tick` (the scale bench's
//!   loop: synthetic MediaPipe pose frames, reduced dynamics, publishing), springs on and springs off
//!   alternated in the same process, each run twice; ticks/s and CPU ms per tick.
//!
//! - **Film** (`--film DIR`): the avatar through the standard `hop`, `twist` and `head` motions (the jiggle
//!   bench's, through the daemon's per-avatar step) twice, springs off and on; three views side by side per
//!   frame — rig only (springs off, `z = 0`) | springs (`z = 0`) | springs and flesh — as PNG frames and
//!   `anim.gif` (and `anim.mp4` with ffmpeg) at half speed.
//!
//! The asset is an imported avatar with springs (`avatard import assets/fixtures/avatars/
//! anny_springs_vrm1.vrm --out x.avatar`).

use crate::runtime::{scale_run_with, Kind, RuntimeArgs};
use anyhow::{bail, Result};
use avatar_lab::args::AssetArgs;
use avatar_sim::spring::{SpringSettings, SpringSolver};
use avatar_sim::stats::quantile;
use avatard::SimParams;
use clap::Args;
use nalgebra::{Rotation3, Vector3};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug)]
pub struct SpringsArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// Tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f64,
    /// Ticks of the per-joint measurement (after 120 of warm-up).
    #[arg(long, default_value_t = 6000)]
    pub ticks: usize,
    /// Avatar counts of the runtime runs.
    #[arg(long, value_delimiter = ',', default_values_t = [26usize])]
    pub avatars: Vec<usize>,
    /// Measured seconds per runtime run.
    #[arg(long, default_value_t = 8.0)]
    pub scale_seconds: f64,
    /// Threads stepping avatars in parallel in the runtime runs.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Skip the runtime runs (per-joint figures only).
    #[arg(long)]
    pub skip_runtime: bool,
    #[arg(long, default_value = "out/bench-springs.json")]
    pub out: PathBuf,
    /// Render the three-view film into this folder.
    #[arg(long)]
    pub film: Option<PathBuf>,
    /// Frames per second of the film (of motion time; the animation plays at half speed).
    #[arg(long, default_value_t = 30.0)]
    pub film_fps: f64,
}

/// `(p, z)` of every film frame of `motions` played one after the other through `AvatarSim::tick`.
fn film_states(
    avatar: &std::sync::Arc<avatard::LoadedAvatar>,
    params: &SimParams,
    tick_hz: f32,
    fps: f64,
) -> Result<Vec<(Vec<f32>, Vec<f32>)>> {
    use avatar_lab::motion::drive::drive;
    use avatar_lab::motion::motions::{motion, Timeline};
    let rest_root = avatar_lab::motion::jumps::rest_root(&avatar.asset.sim.rig);
    let mut sim = avatard::AvatarSim::new(avatar.clone(), params, tick_hz).map_err(anyhow::Error::msg)?;
    let mut out = Vec::new();
    for name in ["hop", "twist", "head"] {
        let m = motion(name, std::path::Path::new("unused.bvh"))?;
        let tl = Timeline::new(&m, 1.0, rest_root);
        let mut next_t = 0.0;
        drive(&mut sim, &tl, tick_hz, params, |s| {
            if s.t + 1e-9 >= next_t {
                next_t += 1.0 / fps;
                out.push((s.p.iter().map(|&v| v as f32).collect(), s.z.iter().map(|&v| v as f32).collect()));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

/// The film: rig only | springs | springs and flesh.
fn film(
    a: &SpringsArgs,
    avatar: &std::sync::Arc<avatard::LoadedAvatar>,
    dir: &std::path::Path,
) -> Result<()> {
    use renderer::output::side_by_side;
    use renderer::{AvatarRenderer, Backend, Gpu, RenderSettings};
    let on = film_states(avatar, &SimParams::default(), a.tick_hz as f32, a.film_fps)?;
    let off = film_states(
        avatar,
        &SimParams { springs: false, ..SimParams::default() },
        a.tick_hz as f32,
        a.film_fps,
    )?;
    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!("bench springs: rendering {} frames × 3 views on {}", on.len(), gpu.describe());
    let options = RenderSettings { width: 320, height: 400, ..RenderSettings::default() };
    let mut r = AvatarRenderer::new(gpu, &avatar.asset, options)?;
    let mut frames = Vec::new();
    std::fs::create_dir_all(dir)?;
    for (k, ((p_on, z_on), (p_off, _))) in on.iter().zip(&off).enumerate() {
        let zero = vec![0.0; z_on.len()];
        let rig = r.render(p_off, &zero)?;
        let springs = r.render(p_on, &zero)?;
        let flesh = r.render(p_on, z_on)?;
        let image = side_by_side(&side_by_side(&rig, &springs), &flesh);
        image.save(dir.join(format!("frame_{k:04}.png")))?;
        frames.push(image);
    }
    let files = renderer::film::write_animation(&frames, a.film_fps / 2.0, dir)?;
    for f in files {
        eprintln!("wrote {}", f.display());
    }
    Ok(())
}

/// `p` of the whole avatar turned by `yaw` about +y and moved by `shift`: every bone's skinning transform the
/// same rigid motion (blendshape weights at rest).
fn rigid_pose(rig: &avatar_sim::Rig, yaw: f64, shift: [f64; 3]) -> Vec<f64> {
    let r = Rotation3::from_axis_angle(&Vector3::y_axis(), yaw).into_inner();
    let mut p = rig.rest_params();
    for name in rig.bone_names() {
        let o = rig.bone_param_offset(name).expect("a bone of the rig");
        for i in 0..3 {
            for j in 0..3 {
                p[o + 4 * i + j] = r[(i, j)];
            }
            p[o + 4 * i + 3] = shift[i];
        }
    }
    p
}

pub fn springs(a: SpringsArgs) -> Result<()> {
    let loaded = a.avatar.load("springs", SimParams::default())?;
    let asset = loaded.asset.clone();
    if let Some(dir) = &a.film {
        let avatar = std::sync::Arc::new(a.avatar.load("springs", SimParams::default())?);
        film(&a, &avatar, dir)?;
    }
    if asset.springs.is_empty() {
        bail!(
            "{} has no spring bones: import a VRM with springs (see `avatard bench springs --help`)",
            a.avatar.asset
        );
    }
    let rig = &asset.sim.rig;
    let mut solver = SpringSolver::new(rig, &asset.springs);
    let joints = solver.num_joints();
    let settings = SpringSettings::default();
    let dt = 1.0 / a.tick_hz;
    let pose = |k: usize| {
        let t = k as f64 * dt;
        let yaw = 60f64.to_radians() * (2.0 * std::f64::consts::PI * 0.7 * t).sin();
        rigid_pose(rig, yaw, [0.1 * (2.0 * std::f64::consts::PI * t).sin(), 0.0, 0.0])
    };
    let mut p = Vec::new();
    let mut us = Vec::with_capacity(a.ticks);
    let mut deepest: f64 = 0.0;
    for k in 0..a.ticks + 120 {
        let animated = pose(k);
        p.clone_from(&animated);
        let t0 = Instant::now();
        solver.tick(&mut p, dt, &settings);
        let e = t0.elapsed().as_secs_f64() * 1e6;
        if k >= 120 {
            us.push(e);
            deepest = deepest.max(solver.max_penetration(&p));
        }
    }
    let mean = us.iter().sum::<f64>() / us.len() as f64;
    let median = quantile(&mut us, 0.5);
    let p99 = quantile(&mut us, 0.99);
    let per_joint = median / joints as f64;
    println!(
        "bench springs: {} — {} chains, {joints} joints, {} colliders, {} Hz ticks",
        a.avatar.asset,
        asset.springs.chains.len(),
        asset.springs.colliders.len(),
        a.tick_hz
    );
    println!(
        "  SpringSolver::tick: median {median:.1} µs per tick, mean {mean:.1}, p99 {:.1} µs → {per_joint:.3} µs per \
         joint per tick (median; mean {:.3}; goal ≤ 1); deepest joint sphere in a collider {:.2} mm",
        p99,
        mean / joints as f64,
        deepest * 1e3
    );
    let mut runs = Vec::new();
    if !a.skip_runtime {
        let kind = Kind::from_loaded("springs avatar", loaded)?;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(a.threads).build()?;
        let ra = RuntimeArgs {
            scale_seconds: a.scale_seconds,
            threads: a.threads,
            tick_hz: a.tick_hz as f32,
            ..RuntimeArgs::defaults()
        };
        for round in 0..2 {
            for on in [true, false] {
                for &n in &a.avatars {
                    let params = SimParams { springs: on, ..SimParams::default() };
                    let run = scale_run_with(&ra, std::slice::from_ref(&kind), n, &pool, &params)?;
                    println!(
                        "  {n} avatars, springs {}: {:.1} ticks/s, {:.3} CPU ms per tick, tick p50 {:.2} ms",
                        if on { "on " } else { "off" },
                        run.ticks_per_s,
                        run.cpu_ms_per_tick,
                        run.tick_ms.p50
                    );
                    runs.push(json!({"round": round, "springs": on, "avatars": n, "run": run}));
                }
            }
        }
    }
    let report = json!({
        "asset": a.avatar.asset,
        "chains": asset.springs.chains.len(),
        "joints": joints,
        "colliders": asset.springs.colliders.len(),
        "tick_hz": a.tick_hz,
        "solver_us_per_tick": {"p50": median, "p99": p99, "mean": mean},
        "us_per_joint_per_tick": per_joint,
        "us_per_joint_per_tick_mean": mean / joints as f64,
        "max_penetration_m": deepest,
        "runtime_runs": runs,
        "notes": [
            "SpringSolver::tick alone, one core, the whole avatar turning ±60° at 0.7 Hz and swaying ±10 cm at 1 Hz.",
            "Runtime runs: the scale bench's loop (Solver::tick with synthetic pose frames) on N copies of this asset, springs on and off alternated, twice."
        ],
    });
    crate::write_report(&a.out, &report)
}
