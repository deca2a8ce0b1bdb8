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

use crate::reduced::row_major::RowMajor;
use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;

/// The rig's three operators of the step, column-sparse, with the transform handles' columns of `BᵀMJ` and
/// `BᵀLJ` taken out into [`HandleBlocks`] when the subspace has the skinning block form.
#[derive(Clone, Debug)]
pub struct RigTerms {
    /// `BᵀMJ` (s × p), without the columns in `handles`.
    pub btmj: SparseColMat<usize, f64>,
    /// `BᵀLJ` (s × p), without the columns in `handles`.
    pub btlj: SparseColMat<usize, f64>,
    /// `G₉KJ` (9r × p).
    pub g9kj: SparseColMat<usize, f64>,
    /// The handles' columns of `BᵀMJ` and `BᵀLJ` as dense Kronecker blocks (`None`: none found).
    pub handles: Option<HandleBlocks>,
}

/// `BᵀMJ` and `BᵀLJ` on the 12 parameters `(c, k)` of a transform handle (a bone, or the affine part;
/// `p[o + 4c + k]`, row c of its 3×4 matrix) of a skinning subspace. A handle's coordinate c moves only the
/// vertices' coordinate c, and the subspace's coordinate c of mode i is `z[12i + 4c + k]`, so on these columns
/// both operators are `I₃ ⊗ K` in the step's block order: one dense `K` (w × 4h, `w = s/3`, h handles) per
/// operator, applied to the three coordinates in one pass of [`RowMajor::block_mul`] (AVX2) instead of a
/// scatter per non-zero. Found by checking that structure entry by entry ([`HandleBlocks::find`]), so the
/// product is exactly the sparse one in another summation order.
#[derive(Clone, Debug)]
pub struct HandleBlocks {
    /// First parameter of each handle.
    pub offsets: Vec<usize>,
    /// `K` of `BᵀMJ` and of `BᵀLJ` (w × 4h), rows in block order.
    pub btmj: RowMajor,
    pub btlj: RowMajor,
}

impl HandleBlocks {
    /// The 12-column groups of `btmj` and `btlj` (natural order, s × p) that are `I₃ ⊗ K` under the block
    /// permutation `perm` (`perm[c·w + e]`: the natural row of entry e of coordinate block c), scanned left to
    /// right; `None` if there is none.
    pub fn find(btmj: &Mat<f64>, btlj: &Mat<f64>, perm: &[usize]) -> Option<HandleBlocks> {
        let (s, p) = (btmj.nrows(), btmj.ncols());
        if perm.len() != s || s % 3 != 0 || s == 0 {
            return None;
        }
        let w = s / 3;
        // natural row → (block c, entry e)
        let mut block_of = vec![(0, 0); s];
        for (i, &row) in perm.iter().enumerate() {
            block_of[row] = (i / w, i % w);
        }
        let kron = |m: &Mat<f64>, o: usize| {
            (0..3).all(|cc| {
                (0..4).all(|k| {
                    (0..s).all(|row| {
                        let (c, e) = block_of[row];
                        let v = m[(row, o + 4 * cc + k)];
                        if c != cc {
                            v == 0.0
                        } else {
                            let v0 = m[(perm[e], o + k)];
                            (v - v0).abs() <= 1e-12 * v0.abs().max(f64::MIN_POSITIVE).max(1e-300) || v == v0
                        }
                    })
                })
            })
        };
        let mut offsets = Vec::new();
        let mut o = 0;
        while o + 12 <= p {
            if kron(btmj, o) && kron(btlj, o) {
                offsets.push(o);
                o += 12;
            } else {
                o += 1;
            }
        }
        if offsets.is_empty() {
            return None;
        }
        let dense = |m: &Mat<f64>| RowMajor {
            rows: w,
            cols: 4 * offsets.len(),
            data: (0..w)
                .flat_map(|e| offsets.iter().flat_map(move |&o| (0..4).map(move |k| m[(perm[e], o + k)])))
                .collect(),
        };
        Some(HandleBlocks { btmj: dense(btmj), btlj: dense(btlj), offsets })
    }

    /// `y += α_m K_m X(dp) + α_l K_l X(p)` for `y` in block order (3w), with `X(v)` the handles' parameters
    /// of `v` by coordinate block (`X[c·4h + 4j + k] = v[o_j + 4c + k]`); `x`, `t` are scratch.
    pub fn add_to(
        &self,
        dp: &[f64],
        alpha_m: f64,
        p: &[f64],
        alpha_l: f64,
        y: &mut [f64],
        x: &mut Vec<f64>,
        t: &mut Vec<f64>,
    ) {
        let h4 = 4 * self.offsets.len();
        for (k, (v, alpha)) in [(&self.btmj, (dp, alpha_m)), (&self.btlj, (p, alpha_l))] {
            x.clear();
            x.extend(
                (0..3).flat_map(|c| {
                    self.offsets.iter().flat_map(move |&o| (0..4).map(move |q| v[o + 4 * c + q]))
                }),
            );
            debug_assert_eq!(x.len(), 3 * h4);
            t.clear();
            t.resize(y.len(), 0.0);
            k.block_mul::<3>(x, t);
            for (y, t) in y.iter_mut().zip(t.iter()) {
                *y += alpha * t;
            }
        }
    }
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
    /// The operators, with the handle columns of `BᵀMJ` and `BᵀLJ` in [`HandleBlocks`] when `blocks` is 3
    /// (the skinning subspace's block form, `perm` its order).
    pub fn new(btmj: &Mat<f64>, btlj: &Mat<f64>, g9kj: &Mat<f64>, blocks: usize, perm: &[usize]) -> Self {
        let handles = if blocks == 3 { HandleBlocks::find(btmj, btlj, perm) } else { None };
        let without = |m: &Mat<f64>| {
            let mut m = m.clone();
            for &o in handles.iter().flat_map(|h| &h.offsets) {
                for q in o..o + 12 {
                    m.col_mut(q).fill(0.0);
                }
            }
            sparse_of(&m)
        };
        RigTerms { btmj: without(btmj), btlj: without(btlj), g9kj: sparse_of(g9kj), handles }
    }

    /// Stored entries over all entries, of the three together.
    pub fn density(&self) -> f64 {
        let m = [&self.btmj, &self.btlj, &self.g9kj];
        // (the handle blocks, dense, are not counted)
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
