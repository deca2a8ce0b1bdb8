//! `avatard prior`: the force prior of Force-Dual skinning eigenmodes (paper 004) for one avatar, measured on
//! real motion ([`avatar_lab::prior`]: the committed mocap clip and tracker recordings through the avatar's own
//! rig), written as JSON for `avatard precompute --subspace force-dual --force-prior FILE`.

use anyhow::{bail, Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::motion::series::{motion_series, recording_series, PSeries};
use avatar_lab::prior::{estimate, RECORDINGS};
use avatard::SimParams;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug, Clone)]
pub struct PriorArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// Motions of `avatard bench jiggle` to measure on (`jumps` is the CMU mocap clip; the others are
    /// procedural). Empty: none.
    #[arg(long, value_delimiter = ',', default_value = "jumps")]
    pub motions: Vec<String>,
    /// The BVH clip of `jumps`.
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    /// Tracker recordings (.avtrrec) to measure on [default: the committed pose, face and hand recordings].
    #[arg(long, value_delimiter = ',')]
    pub recordings: Option<Vec<PathBuf>>,
    /// Tick rate (Hz) at which `p` is sampled (the solver's).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Most eigenpairs of `Σ_p̈` kept.
    #[arg(long, default_value_t = 96)]
    pub rank: usize,
    /// Where to write the prior (JSON).
    #[arg(long)]
    pub out: PathBuf,
}

/// Every series the prior is measured on.
pub fn measure(a: &PriorArgs, avatar: &Arc<avatard::LoadedAvatar>) -> Result<Vec<PSeries>> {
    let mut series = Vec::new();
    for m in a.motions.iter().filter(|m| !m.is_empty()) {
        series.push(motion_series(avatar, m, &a.bvh, a.tick_hz, 1.0)?);
    }
    let recordings = a.recordings.clone().unwrap_or_else(|| RECORDINGS.iter().map(PathBuf::from).collect());
    for r in &recordings {
        series.push(recording_series(avatar, r, a.tick_hz)?);
    }
    if series.is_empty() {
        bail!("name at least one motion or recording");
    }
    Ok(series)
}

/// `avatard prior`.
pub fn prior(a: PriorArgs) -> Result<()> {
    avatard::check_tick_hz(a.tick_hz).map_err(anyhow::Error::msg)?;
    if a.rank == 0 {
        bail!("--rank must be at least 1");
    }
    let avatar = Arc::new(a.avatar.load("prior", SimParams::default())?);
    let series = measure(&a, &avatar)?;
    let prior = estimate(&avatar, &series, a.tick_hz, a.rank)?;
    eprintln!(
        "prior: {} accelerations of {} rig parameters; rank {} keeps {:.6} of the trace; {}",
        prior.samples, prior.rig_params, prior.cols, prior.trace_fraction, prior.source
    );
    avatar_lab::util::write_json(&a.out, &prior).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!("wrote {}", a.out.display());
    Ok(())
}
