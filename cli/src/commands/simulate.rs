//! `avatard simulate`: an asset and a rig animation → the trajectory of `z`.

use anyhow::{bail, Context, Result};
use avatar_lab::util::write_json;
use avatar_sim::asset;
use avatar_sim::reduced::ReducedModel;
use avatar_sim::reduced::{Elasticity, StepSettings, StepState};
use avatar_sim::rig::RigAnimation;
use serde::Serialize;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct SimulateArgs {
    /// An asset written by `avatard precompute`.
    #[arg(long)]
    pub asset: PathBuf,
    /// Rig animation (JSON, see docs/avatars.md); sampled at the asset's time step by linear interpolation.
    #[arg(long)]
    pub rig_anim: PathBuf,
    /// Steps to simulate (default: the animation's duration); past its end the last pose is held.
    #[arg(long)]
    pub steps: Option<usize>,
    #[arg(long, value_enum, default_value = "corotational")]
    pub elasticity: ElasticityArg,
    /// Flesh mode of the step: `corotational` (polar rotations per cluster), `exrotated` (the rig's
    /// rotations, paper 002: one solve per step) or `corotational+exrotated-warmstart`.
    #[arg(long, default_value = "corotational")]
    pub flesh_mode: avatar_sim::reduced::FleshMode,
    /// Most local-global iterations per step.
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Convergence tolerance of the local-global iterations (relative step size).
    #[arg(long, default_value_t = 1e-6)]
    pub tolerance: f64,
    /// Gravity (m/s²) in the avatar frame, `x,y,z`.
    #[arg(long, value_delimiter = ',', default_values_t = [0.0, 0.0, 0.0], allow_negative_numbers = true)]
    pub gravity: Vec<f64>,
    /// The trajectory file to write (JSON).
    #[arg(long)]
    pub out: PathBuf,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ElasticityArg {
    Arap,
    Corotational,
}

/// Rig parameters at time `t` from an animation, linearly interpolated between frames and held past the end.
fn sample(anim: &RigAnimation, t: f64) -> Vec<f64> {
    let x = (t / anim.dt()).max(0.0);
    let i = (x.floor() as usize).min(anim.num_frames() - 1);
    let j = (i + 1).min(anim.num_frames() - 1);
    let s = (x - i as f64).clamp(0.0, 1.0);
    anim.params(i).iter().zip(anim.params(j)).map(|(a, b)| a + s * (b - a)).collect()
}

#[derive(Serialize)]
struct Trajectory {
    asset_hash: String,
    dt: f64,
    modes: usize,
    /// `z[12*i + 4*c + k] = T_i[c][k]`: one 3×4 affine handle per mode, row-major (as on the wire).
    layout: &'static str,
    elasticity: String,
    flesh_mode: String,
    steps: Vec<TrajectoryStep>,
}

#[derive(Serialize)]
struct TrajectoryStep {
    t: f64,
    iterations: usize,
    converged: bool,
    p: Vec<f64>,
    z: Vec<f64>,
}

pub fn simulate(a: SimulateArgs) -> Result<()> {
    if !(a.tolerance.is_finite() && a.tolerance >= 0.0) {
        bail!("--tolerance {} must be finite and >= 0", a.tolerance);
    }
    if a.iterations == 0 {
        bail!("--iterations must be at least 1");
    }
    if a.gravity.len() != 3 || a.gravity.iter().any(|g| !g.is_finite()) {
        bail!("--gravity takes three finite numbers x,y,z");
    }
    let (asset, hash) = asset::load(&a.asset).with_context(|| format!("loading {}", a.asset.display()))?;
    let asset = asset.sim;
    let anim = RigAnimation::load(&a.rig_anim, &asset.rig)
        .with_context(|| format!("reading the rig animation {}", a.rig_anim.display()))?;
    let h = asset.reduced.h;
    let steps = a.steps.unwrap_or_else(|| ((anim.num_frames() - 1) as f64 * anim.dt() / h).round() as usize);
    if steps == 0 {
        bail!("nothing to simulate: --steps is 0 (or the animation has a single frame; pass --steps)");
    }
    let model = ReducedModel::from_parts(asset.reduced.clone()).context("building the reduced model")?;
    let opts = StepSettings {
        volume_preservation: match a.elasticity {
            ElasticityArg::Arap => Elasticity::Arap,
            ElasticityArg::Corotational => Elasticity::Corotational,
        }
        .volume_preservation(),
        iterations: a.iterations,
        tolerance: a.tolerance,
        gravity: [a.gravity[0], a.gravity[1], a.gravity[2]],
        record_energy: false,
        ..Default::default()
    };
    let mode = a.flesh_mode;
    let cluster_weights = (mode != avatar_sim::reduced::FleshMode::Corotational)
        .then(|| avatar_sim::rig::RotationWeights::per_cluster(&asset.rig, &asset.mesh, &asset.clustering));
    let mut state = StepState::at_rest(&model, &sample(&anim, 0.0));
    let mut out = Vec::with_capacity(steps);
    let started = std::time::Instant::now();
    for k in 1..=steps {
        let t = k as f64 * h;
        let p = sample(&anim, t);
        let report = match &cluster_weights {
            None => model.step(&mut state, &p, &opts),
            Some(w) => {
                let rotations = w.rotations(&avatar_sim::rig::PoseRotations::new(&asset.rig, &p));
                model.step_with_rotations(&mut state, &p, &rotations, mode, &opts)
            }
        };
        if let Some(i) = state.z.iter().position(|v| !v.is_finite()) {
            bail!(
                "the simulation diverged at step {k} (z[{i}] = {}); try a smaller --dt or stiffer material",
                state.z[i]
            );
        }
        out.push(TrajectoryStep {
            t,
            iterations: report.iterations,
            converged: report.converged,
            p,
            z: state.z.clone(),
        });
    }
    let seconds = started.elapsed().as_secs_f64();
    let trajectory = Trajectory {
        asset_hash: asset::hex(&hash),
        dt: h,
        modes: asset.weights.ncols(),
        layout: "z[12*i + 4*c + k] = T_i[c][k] (mode i, row c, column k), the same layout as p",
        elasticity: format!("{:?}", opts.elasticity()),
        flesh_mode: mode.to_string(),
        steps: out,
    };
    write_json(&a.out, &trajectory)?;
    let iterations: usize = trajectory.steps.iter().map(|s| s.iterations).sum();
    println!(
        "{steps} steps of {:.4} s, {:.1} iterations/step, {:.1} µs/step -> {}",
        h,
        iterations as f64 / steps as f64,
        seconds * 1e6 / steps as f64,
        a.out.display()
    );
    Ok(())
}
