//! A dense row-major matrix and its fused products (`y_b = M x_b` for B blocks in one pass, AVX2 + FMA where
//! the CPU has them): the storage of the step's block operators ([`crate::reduced::BlockForm`], the rig terms'
//! handle blocks).

use crate::linalg::dot;
use faer::Mat;

/// A dense row-major matrix for the step's fused products.
#[derive(Clone, Debug)]
pub struct RowMajor {
    pub rows: usize,
    pub cols: usize,
    pub data: Vec<f64>,
}

impl RowMajor {
    pub fn from_mat(m: &Mat<f64>) -> Self {
        let (rows, cols) = (m.nrows(), m.ncols());
        RowMajor { rows, cols, data: (0..rows * cols).map(|i| m[(i / cols, i % cols)]).collect() }
    }

    /// `y_b = M x_b` for each of the `B` consecutive blocks of `x` (length `B·cols`) and `y` (`B·rows`): one pass
    /// over `M`, two rows at a time, so that each load of `x` serves both.
    pub fn block_mul<const B: usize>(&self, x: &[f64], y: &mut [f64]) {
        let (n, cols) = (self.rows, self.cols);
        assert!(x.len() == B * cols && y.len() == B * n && self.data.len() == n * cols);
        let xb: [&[f64]; B] = std::array::from_fn(|b| &x[b * cols..(b + 1) * cols]);
        let pairs = self.data.chunks_exact(2 * cols);
        let last = pairs.remainder();
        for (i, rows) in pairs.enumerate() {
            let d = dots(rows.split_at(cols), xb);
            for b in 0..B {
                y[b * n + 2 * i] = d[0][b];
                y[b * n + 2 * i + 1] = d[1][b];
            }
        }
        if !last.is_empty() {
            let d = dots((last, last), xb);
            for b in 0..B {
                y[b * n + n - 1] = d[0][b];
            }
        }
    }
}

/// `[row_k · x_b]` for two rows of equal length and `B` vectors at least as long: AVX2 + FMA where the CPU has
/// them, else scalar.
fn dots<const B: usize>(rows: (&[f64], &[f64]), x: [&[f64]; B]) -> [[f64; B]; 2] {
    assert!(rows.0.len() == rows.1.len() && x.iter().all(|xb| xb.len() >= rows.0.len()));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA (checked just above); the lengths are checked above.
        return unsafe { dots_fma(rows, x) };
    }
    [std::array::from_fn(|b| dot(rows.0, x[b])), std::array::from_fn(|b| dot(rows.1, x[b]))]
}

/// [`dots`] with four-lane fused multiply-adds.
///
/// # Safety
/// The CPU must have AVX2 and FMA; `x[b].len() ≥ rows.0.len() = rows.1.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn dots_fma<const B: usize>((r0, r1): (&[f64], &[f64]), x: [&[f64]; B]) -> [[f64; B]; 2] {
    use std::arch::x86_64::*;
    let split = r0.len() / 4 * 4;
    let mut acc = [[_mm256_setzero_pd(); B]; 2];
    for q in (0..split).step_by(4) {
        // SAFETY: q + 4 ≤ split ≤ the length of every slice read
        let (g0, g1) = unsafe { (_mm256_loadu_pd(r0.as_ptr().add(q)), _mm256_loadu_pd(r1.as_ptr().add(q))) };
        for b in 0..B {
            // SAFETY: as above
            let xq = unsafe { _mm256_loadu_pd(x[b].as_ptr().add(q)) };
            acc[0][b] = _mm256_fmadd_pd(g0, xq, acc[0][b]);
            acc[1][b] = _mm256_fmadd_pd(g1, xq, acc[1][b]);
        }
    }
    let sum = |row: &[f64], v: __m256d, xb: &[f64]| {
        let mut lanes = [0.0; 4];
        // SAFETY: lanes holds four f64
        unsafe { _mm256_storeu_pd(lanes.as_mut_ptr(), v) };
        (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]) + dot(&row[split..], &xb[split..])
    };
    [std::array::from_fn(|b| sum(r0, acc[0][b], x[b])), std::array::from_fn(|b| sum(r1, acc[1][b], x[b]))]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fused (SIMD where available) two-row products equal plain dot products, tails included.
    #[test]
    fn fused_dots_equal_plain_dot_products() {
        for len in [1, 7, 64, 67] {
            let v = |k: usize| (0..len).map(|i| ((i * k) as f64 * 0.37).sin()).collect::<Vec<f64>>();
            let (r0, r1, x0, x1, x2) = (v(1), v(2), v(3), v(4), v(5));
            let got = dots((&r0, &r1), [&x0, &x1, &x2]);
            for (k, row) in [&r0, &r1].iter().enumerate() {
                for (b, x) in [&x0, &x1, &x2].iter().enumerate() {
                    assert!(
                        (got[k][b] - dot(row, x)).abs() <= 1e-13 * len as f64,
                        "len {len}, row {k}, block {b}"
                    );
                }
            }
        }
    }
}
