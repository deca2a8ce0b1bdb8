//! The rig's part of each step (paper 000, Eq. 31's right-hand side and the rig's share of the cluster
//! deformation gradients, App. C): `BᵀMJ`, `BᵀLJ` and `G₉KJ` applied to the rig parameters every tick.
//!
//! Stored dense they were most of a step's cost on a 688-parameter rig (900×688 for `G₉KJ` alone). They are
//! sparse by construction: a bone's column of `G₉KJ` is non-zero only on the clusters its skinning weights
//! reach (3.5% of the entries on the default avatar), and `BᵀMJ`, `BᵀLJ` only on the modes whose weights
//! overlap the bone's (38%). So each is kept as a CSC matrix of its exact non-zeros and applied column by
//! column, skipping zero inputs (a bone at rest, a blendshape not in use; for `BᵀMJ` the rig's acceleration
//! `p − p̂`, zero for every parameter that moves at constant velocity). The products are the dense ones in
//! another summation order.

use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;

/// The rig's three operators of the step, column-sparse.
#[derive(Clone, Debug)]
pub struct RigTerms {
    /// `BᵀMJ` (s × p).
    pub btmj: SparseColMat<usize, f64>,
    /// `BᵀLJ` (s × p).
    pub btlj: SparseColMat<usize, f64>,
    /// `G₉KJ` (9r × p).
    pub g9kj: SparseColMat<usize, f64>,
}

/// The exact non-zeros of `m` as a CSC matrix.
pub fn sparse_of(m: &Mat<f64>) -> SparseColMat<usize, f64> {
    let mut t = Vec::new();
    for j in 0..m.ncols() {
        for i in 0..m.nrows() {
            let v = m[(i, j)];
            if v != 0.0 {
                t.push(Triplet::new(i, j, v));
            }
        }
    }
    SparseColMat::try_new_from_triplets(m.nrows(), m.ncols(), &t).expect("indices are in range")
}

/// `y += α A x`, skipping the columns whose `x` entry is zero.
pub fn mul_add(a: &SparseColMat<usize, f64>, x: &[f64], alpha: f64, y: &mut [f64]) {
    debug_assert_eq!((a.ncols(), a.nrows()), (x.len(), y.len()));
    for (col, &xc) in x.iter().enumerate() {
        if xc == 0.0 {
            continue;
        }
        let ax = alpha * xc;
        for (r, v) in a.row_idx_of_col_raw(col).iter().zip(a.val_of_col(col)) {
            y[*r] += v * ax;
        }
    }
}

impl RigTerms {
    pub fn new(btmj: &Mat<f64>, btlj: &Mat<f64>, g9kj: &Mat<f64>) -> Self {
        RigTerms { btmj: sparse_of(btmj), btlj: sparse_of(btlj), g9kj: sparse_of(g9kj) }
    }

    /// Stored entries over all entries, of the three together.
    pub fn density(&self) -> f64 {
        let m = [&self.btmj, &self.btlj, &self.g9kj];
        let nnz: usize = m.iter().map(|a| a.compute_nnz()).sum();
        let all: usize = m.iter().map(|a| a.nrows() * a.ncols()).sum();
        nnz as f64 / all.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_products_equal_the_dense_ones() {
        // a matrix with whole zero columns and scattered zeros, and an input with zero entries
        let a = Mat::<f64>::from_fn(7, 9, |i, j| {
            if (i * 3 + j) % 4 == 0 || j == 5 {
                0.0
            } else {
                (i as f64 - 2.5) * 0.3 + j as f64
            }
        });
        let x: Vec<f64> = (0..9).map(|j| if j % 3 == 1 { 0.0 } else { 0.7 - j as f64 * 0.2 }).collect();
        let s = sparse_of(&a);
        assert!(s.compute_nnz() < 7 * 9);
        let mut y = vec![1.0; 7];
        mul_add(&s, &x, -2.0, &mut y);
        for i in 0..7 {
            let want = 1.0 - 2.0 * (0..9).map(|j| a[(i, j)] * x[j]).sum::<f64>();
            assert!((y[i] - want).abs() <= 1e-13 * want.abs().max(1.0), "row {i}: {} vs {want}", y[i]);
        }
    }
}
