//! The force prior of Force-Dual skinning eigenmodes (paper 004), measured on real motion: the rig parameters'
//! accelerations `p̈` of an avatar driven by motions and tracker recordings (through its own rig, the daemon's
//! input path and retargeting: [`crate::motion::series`]) give `Σ_p̈`, kept as a low-rank factor
//! ([`RigAccelPrior`]) that `avatard precompute --subspace force-dual --force-prior FILE` reads. `avatard prior`
//! writes it; `avatard bench subspaces` measures with it.

mod factor;

pub use factor::{rig_accel_factor, RigAccelPrior};

use crate::motion::series::accelerations;
pub use crate::motion::series::PSeries;
use anyhow::Result;
use avatar_sim::rig::RigPart;

/// The committed real streams a prior is measured on by default.
pub const RECORDINGS: [&str; 3] = [
    "assets/recordings/pose_demo_singleperson_cam01.avtrrec",
    "assets/recordings/face_carphone.avtrrec",
    "assets/recordings/hands_fingerpose.avtrrec",
];

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
