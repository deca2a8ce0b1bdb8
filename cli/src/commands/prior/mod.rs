//! `avatard prior`: the force prior of Force-Dual skinning eigenmodes (paper 004) for one avatar, measured on
//! real motion. The avatar is driven by the committed mocap clip and tracker recordings through its own rig
//! (the daemon's input path and retargeting, [`crate::motion::series`]); the rig parameters'
//! accelerations give `Σ_p̈`, written as a low-rank factor
//! ([`RigAccelPrior`](factor::RigAccelPrior)) for `avatard precompute --subspace
//! force-dual --force-prior FILE`.

mod factor;

pub use factor::{rig_accel_factor, RigAccelPrior};

use crate::args::AssetArgs;
use crate::motion::series::{accelerations, motion_series, recording_series, PSeries};
use anyhow::{bail, Context, Result};
use avatar_sim::rig::RigPart;
use avatard::SimParams;
use std::path::PathBuf;
use std::sync::Arc;

/// The committed real streams a prior is measured on by default.
pub const RECORDINGS: [&str; 3] = [
    "assets/recordings/pose_demo_singleperson_cam01.avtrrec",
    "assets/recordings/face_carphone.avtrrec",
    "assets/recordings/hands_fingerpose.avtrrec",
];

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

/// `Σ_p̈` of `series` as a prior for `avatar`'s rig.
pub fn estimate(
    avatar: &avatard::LoadedAvatar,
    series: &[PSeries],
    tick_hz: f32,
    rank: usize,
) -> Result<RigAccelPrior> {
    let pdd = accelerations(series, 1.0 / tick_hz as f64);
    let (factor, eigenvalues, trace_fraction) = rig_accel_factor(&pdd, rank)?;
    let rig = &avatar.asset.sim.rig;
    let bones = rig
        .parts()
        .iter()
        .flat_map(|p| match p {
            RigPart::Lbs(l) => l.bones().iter().map(|b| b.name.clone()).collect(),
            _ => Vec::new(),
        })
        .collect();
    let names: Vec<String> = series.iter().map(|s| format!("{} ({} ticks)", s.name, s.p.len())).collect();
    Ok(RigAccelPrior {
        source: format!("rig accelerations at {tick_hz} Hz of {}", names.join(", ")),
        rig_params: rig.num_params(),
        bones,
        samples: pdd.len(),
        rows: factor.nrows(),
        cols: factor.ncols(),
        factor: column_major(&factor),
        eigenvalues,
        trace_fraction,
    })
}

/// `m` column by column, the layout [`avatar_sim::precompute::ForceDualSetting::pdd_factor`] reads.
fn column_major(m: &faer::Mat<f64>) -> Vec<f64> {
    (0..m.ncols()).flat_map(|c| (0..m.nrows()).map(move |r| m[(r, c)])).collect()
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
    crate::util::write_json(&a.out, &prior).with_context(|| format!("writing {}", a.out.display()))?;
    eprintln!("wrote {}", a.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::precompute::ForceDualSetting;

    /// What `avatard prior` writes is what the precompute reads: the same p × k factor, entry by entry.
    #[test]
    fn the_written_factor_reads_back_as_the_same_matrix() {
        let f = faer::Mat::<f64>::from_fn(5, 3, |r, c| (10 * r + c) as f64);
        let setting = ForceDualSetting {
            pdd_rows: 5,
            pdd_cols: 3,
            pdd_factor: column_major(&f),
            paint: Vec::new(),
            source: "test".into(),
        };
        let back = setting.pdd_matrix();
        assert_eq!((back.nrows(), back.ncols()), (5, 3));
        for r in 0..5 {
            for c in 0..3 {
                assert_eq!(back[(r, c)], f[(r, c)], "({r}, {c})");
            }
        }
    }
}
