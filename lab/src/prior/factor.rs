//! The force prior of Force-Dual skinning eigenmodes (paper 004) from rig-induced inertia: the rig parameters'
//! accelerations `p̈` measured on real motion give `Σ_p̈`, and the inertial load the rig puts on the flesh is
//! `F = −M J p̈`, so `Σ_F = M J Σ_p̈ Jᵀ M` (digest §3.7). Stored as a low-rank factor `Σ_p̈ ≈ F Fᵀ` (p × k, the
//! leading eigenpairs), which `avatard precompute --subspace force-dual --force-prior FILE` reads.

use anyhow::{bail, Result};
use faer::{Mat, Side};
use serde::{Deserialize, Serialize};

/// A rig-acceleration prior, as written by `avatard prior` (JSON).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RigAccelPrior {
    /// What it was measured on (motions and recordings, tick rate).
    pub source: String,
    /// The rig's parameter count and bone names (the prior fits only the rig it was measured on).
    pub rig_params: usize,
    pub bones: Vec<String>,
    /// Accelerations averaged (ticks).
    pub samples: usize,
    /// `F` (p × k), column-major: `Σ_p̈ ≈ F Fᵀ`.
    pub rows: usize,
    pub cols: usize,
    pub factor: Vec<f64>,
    /// All eigenvalues of `Σ_p̈` kept and the fraction of its trace they hold.
    pub eigenvalues: Vec<f64>,
    pub trace_fraction: f64,
}

/// `Σ_p̈ = (1/N) Σ_k p̈_k p̈_kᵀ` (zero-mean: the rig does not accelerate on average) and its leading eigenpairs:
/// at most `rank` of them, those above `1e-9` of the largest, enough for `1 − 1e-6` of the trace.
pub fn rig_accel_factor(pdd: &[Vec<f64>], rank: usize) -> Result<(Mat<f64>, Vec<f64>, f64)> {
    let Some(first) = pdd.first() else { bail!("no accelerations to estimate Σ_p̈ from") };
    let p = first.len();
    if let Some(bad) = pdd.iter().position(|a| a.len() != p || a.iter().any(|v| !v.is_finite())) {
        bail!("acceleration sample {bad} has the wrong size or a non-finite value");
    }
    let x = Mat::<f64>::from_fn(p, pdd.len(), |i, k| pdd[k][i]);
    let sigma = &x * x.transpose() * faer::Scale(1.0 / pdd.len() as f64);
    let sigma = Mat::<f64>::from_fn(p, p, |i, j| 0.5 * (sigma[(i, j)] + sigma[(j, i)]));
    let eig = sigma.self_adjoint_eigen(Side::Lower).map_err(|e| anyhow::anyhow!("eigen of Σ_p̈: {e:?}"))?;
    let s = eig.S().column_vector();
    let mut order: Vec<usize> = (0..p).collect();
    order.sort_by(|&a, &b| s[b].total_cmp(&s[a]));
    let trace: f64 = (0..p).map(|i| s[i].max(0.0)).sum();
    if trace <= 0.0 {
        bail!("the rig never accelerates in these motions (Σ_p̈ = 0)");
    }
    let (top, mut kept, mut sum) = (s[order[0]], Vec::new(), 0.0);
    for &i in &order {
        if kept.len() == rank || s[i] <= 1e-9 * top || sum >= (1.0 - 1e-6) * trace {
            break;
        }
        sum += s[i];
        kept.push(i);
    }
    let u = eig.U();
    let factor = Mat::<f64>::from_fn(p, kept.len(), |r, c| u[(r, kept[c])] * s[kept[c]].sqrt());
    Ok((factor, kept.iter().map(|&i| s[i]).collect(), sum / trace))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Accelerations along two fixed directions with variances 4 and 1: the factor reproduces `Σ_p̈` exactly
    /// (rank 2), orthogonal directions get nothing.
    #[test]
    fn the_factor_reproduces_the_sample_covariance() {
        let (d1, d2) = ([1.0, 0.0, 0.0], [0.0, 0.6, 0.8]);
        let pdd: Vec<Vec<f64>> = (0..400)
            .map(|k| {
                let (a, b) =
                    (2.0 * ((k as f64) * 0.7).sin() * 2f64.sqrt(), ((k as f64) * 1.3).cos() * 2f64.sqrt());
                (0..3).map(|i| a * d1[i] + b * d2[i]).collect()
            })
            .collect();
        let (f, ev, frac) = rig_accel_factor(&pdd, 10).unwrap();
        assert_eq!(f.ncols(), 2);
        assert!(frac > 0.999999);
        let n = pdd.len() as f64;
        for i in 0..3 {
            for j in 0..3 {
                let want: f64 = pdd.iter().map(|a| a[i] * a[j]).sum::<f64>() / n;
                let got: f64 = (0..2).map(|c| f[(i, c)] * f[(j, c)]).sum();
                assert!((want - got).abs() < 1e-10, "Σ[{i},{j}] {got} vs {want}");
            }
        }
        assert!(ev[0] > 3.0 && ev[0] < 5.0 && ev[1] > 0.5 && ev[1] < 1.5, "{ev:?}");
        assert!(rig_accel_factor(&[], 4).is_err());
        assert!(rig_accel_factor(&vec![vec![0.0; 3]; 5], 4).is_err(), "a rig at rest has no prior");
        assert!(rig_accel_factor(&[vec![f64::NAN, 0.0]], 4).is_err());
    }
}
