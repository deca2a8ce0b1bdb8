//! Order statistics of measured samples (timings, errors, displacements), one definition each for the whole
//! workspace: the benchmarks, the demo's summary, the tracking measure and the renderer's timings.
//!
//! - [`median`]: the upper median, `v[n / 2]` once sorted.
//! - [`percentile`]: nearest rank, the smallest sample with at least a fraction `q` of the samples at or below
//!   it (`v[⌈q n⌉ − 1]`): a p99 of 100 samples is the 99th, never an interpolation between two.
//! - [`quantile`]: the sample nearest to the linear-interpolation position `q (n − 1)` (`v[round(q (n − 1))]`).
//!
//! Every one is NaN for no samples; NaN samples sort last (`f64::total_cmp`).

/// Upper median (`v[len / 2]` once sorted); NaN for no samples.
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// Percentile `q` ∈ [0, 1] of a sorted slice by nearest rank; NaN for no samples.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Quantile `q` ∈ [0, 1]: the sample at the rounded interpolation position `q (n − 1)`; sorts `v` in place;
/// NaN for no samples.
pub fn quantile(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((q * (v.len() - 1) as f64).round() as usize).min(v.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_use_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 50.0);
        assert_eq!(percentile(&v, 0.99), 99.0);
        assert_eq!(percentile(&v, 1.0), 100.0);
        assert_eq!(percentile(&[7.0], 0.99), 7.0);
        assert!(percentile(&[], 0.5).is_nan());
    }

    #[test]
    fn median_is_the_upper_middle_sample() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 3.0);
        assert!(median(vec![]).is_nan());
    }

    #[test]
    fn quantiles_round_the_interpolation_position() {
        let mut v: Vec<f64> = (0..=10).rev().map(f64::from).collect();
        assert_eq!(quantile(&mut v, 0.9), 9.0);
        assert_eq!(quantile(&mut v, 0.5), 5.0);
        assert_eq!(quantile(&mut [1.0, 2.0, 3.0, 4.0], 0.5), 3.0);
        assert_eq!(quantile(&mut [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], 0.9), 9.0);
        assert!(quantile(&mut [], 0.5).is_nan());
    }
}
