//! Symmetric sparse matrices of 3×3 blocks (one block row per vertex), the storage of every stiffness in the
//! flesh solver: `K(q)` conjugates whole vertex blocks by rotations (paper 002, §4), so 3×3 blocks keep the
//! rotations cheap and the products cache-friendly.
//!
//! Both triangles are stored (compressed rows, sorted columns). Vertices are numbered by class — interior,
//! then boundary, then constrained — so every sub-block of the paper (`K_ii`, `K_ib`, `K_bb`, `K_fc` …) is a
//! contiguous range of rows and, within each row, of columns.

use rayon::prelude::*;
use std::ops::Range;

/// A 3-vector.
pub type V3 = [f64; 3];
/// A 3×3 block, row-major.
pub type B3 = [f64; 9];

pub const ZERO_BLOCK: B3 = [0.0; 9];

/// Rows below this count are multiplied on one thread.
const PAR_ROWS: usize = 2048;

/// `y = B x`.
#[inline]
pub fn bmul(b: &B3, x: &V3) -> V3 {
    [
        b[0] * x[0] + b[1] * x[1] + b[2] * x[2],
        b[3] * x[0] + b[4] * x[1] + b[5] * x[2],
        b[6] * x[0] + b[7] * x[1] + b[8] * x[2],
    ]
}

/// `y = Bᵀ x`.
#[inline]
pub fn bmul_t(b: &B3, x: &V3) -> V3 {
    [
        b[0] * x[0] + b[3] * x[1] + b[6] * x[2],
        b[1] * x[0] + b[4] * x[1] + b[7] * x[2],
        b[2] * x[0] + b[5] * x[1] + b[8] * x[2],
    ]
}

/// `A B`.
#[inline]
pub fn bmm(a: &B3, b: &B3) -> B3 {
    let mut c = ZERO_BLOCK;
    for i in 0..3 {
        for j in 0..3 {
            c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
        }
    }
    c
}

/// `A Bᵀ`.
#[inline]
pub fn bmm_t(a: &B3, b: &B3) -> B3 {
    let mut c = ZERO_BLOCK;
    for i in 0..3 {
        for j in 0..3 {
            c[3 * i + j] = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
        }
    }
    c
}

pub fn transpose(b: &B3) -> B3 {
    [b[0], b[3], b[6], b[1], b[4], b[7], b[2], b[5], b[8]]
}

pub fn dot_v3(a: &[V3], b: &[V3]) -> f64 {
    if a.len() >= 4 * PAR_ROWS {
        a.par_iter().zip(b).map(|(x, y)| x[0] * y[0] + x[1] * y[1] + x[2] * y[2]).sum()
    } else {
        a.iter().zip(b).map(|(x, y)| x[0] * y[0] + x[1] * y[1] + x[2] * y[2]).sum()
    }
}

pub fn norm_v3(a: &[V3]) -> f64 {
    dot_v3(a, a).sqrt()
}

/// `y += α x`.
pub fn axpy_v3(alpha: f64, x: &[V3], y: &mut [V3]) {
    for (y, x) in y.iter_mut().zip(x) {
        for c in 0..3 {
            y[c] += alpha * x[c];
        }
    }
}

/// Compressed rows of 3×3 blocks with sorted columns.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockMatrix {
    pub row_ptr: Vec<usize>,
    pub cols: Vec<u32>,
    pub vals: Vec<B3>,
}

impl BlockMatrix {
    /// The pattern of a symmetric matrix with the given (deduplicated or not) off-diagonal pairs and every
    /// diagonal block, values zero.
    pub fn from_pairs(n: usize, pairs: impl IntoIterator<Item = (usize, usize)>) -> Self {
        let mut rows: Vec<Vec<u32>> = (0..n).map(|i| vec![i as u32]).collect();
        for (i, j) in pairs {
            rows[i].push(j as u32);
            rows[j].push(i as u32);
        }
        let mut m = BlockMatrix { row_ptr: vec![0], cols: Vec::new(), vals: Vec::new() };
        for mut r in rows {
            r.sort_unstable();
            r.dedup();
            m.cols.extend_from_slice(&r);
            m.row_ptr.push(m.cols.len());
        }
        m.vals = vec![ZERO_BLOCK; m.cols.len()];
        m
    }

    pub fn n(&self) -> usize {
        self.row_ptr.len() - 1
    }

    /// Index of block `(i, j)` in `vals`, if it is in the pattern.
    pub fn find(&self, i: usize, j: usize) -> Option<usize> {
        let r = self.row_ptr[i]..self.row_ptr[i + 1];
        self.cols[r.clone()].binary_search(&(j as u32)).ok().map(|k| r.start + k)
    }

    /// Positions in row `i` of the first column `≥ c` for each class start in `starts` (used to cut rows into
    /// the column ranges of the vertex classes).
    pub fn splits(&self, starts: &[usize]) -> Vec<Vec<usize>> {
        (0..self.n())
            .map(|i| {
                let r = self.row_ptr[i]..self.row_ptr[i + 1];
                starts
                    .iter()
                    .map(|&s| r.start + self.cols[r.clone()].partition_point(|&c| (c as usize) < s))
                    .collect()
            })
            .collect()
    }

    /// `y[i − rows.start] (+)= Σ_{j ∈ cols} A_ij x[j − cols.start]` over the rows in `rows`, keeping only
    /// the columns in `cols` (`add` accumulates, otherwise `y` is overwritten; `alpha` scales the product).
    pub fn mul_sub(
        &self,
        rows: Range<usize>,
        cols: Range<usize>,
        x: &[V3],
        y: &mut [V3],
        alpha: f64,
        add: bool,
    ) {
        debug_assert_eq!(y.len(), rows.len());
        debug_assert_eq!(x.len(), cols.len());
        let row = |i: usize, y: &mut V3| {
            let r = self.row_ptr[i]..self.row_ptr[i + 1];
            let cs = &self.cols[r.clone()];
            let lo = r.start + cs.partition_point(|&c| (c as usize) < cols.start);
            let hi = r.start + cs.partition_point(|&c| (c as usize) < cols.end);
            let mut s = [0.0; 3];
            for k in lo..hi {
                let v = bmul(&self.vals[k], &x[self.cols[k] as usize - cols.start]);
                s[0] += v[0];
                s[1] += v[1];
                s[2] += v[2];
            }
            for c in 0..3 {
                y[c] = if add { y[c] + alpha * s[c] } else { alpha * s[c] };
            }
        };
        let start = rows.start;
        if rows.len() >= PAR_ROWS {
            y.par_chunks_mut(256).enumerate().for_each(|(chunk, ys)| {
                for (k, y) in ys.iter_mut().enumerate() {
                    row(start + 256 * chunk + k, y);
                }
            });
        } else {
            for (k, y) in y.iter_mut().enumerate() {
                row(start + k, y);
            }
        }
    }

    /// The principal sub-matrix on `range` (columns outside it dropped), renumbered from 0.
    pub fn principal(&self, range: Range<usize>) -> BlockMatrix {
        let mut m = BlockMatrix { row_ptr: vec![0], cols: Vec::new(), vals: Vec::new() };
        for i in range.clone() {
            for k in self.row_ptr[i]..self.row_ptr[i + 1] {
                let c = self.cols[k] as usize;
                if range.contains(&c) {
                    m.cols.push((c - range.start) as u32);
                    m.vals.push(self.vals[k]);
                }
            }
            m.row_ptr.push(m.cols.len());
        }
        m
    }

    /// The largest `|A_ij − A_jiᵀ|` entry (0 for a symmetric matrix); `None` when the pattern is not
    /// symmetric.
    pub fn asymmetry(&self) -> Option<f64> {
        let mut worst = 0.0f64;
        for i in 0..self.n() {
            for k in self.row_ptr[i]..self.row_ptr[i + 1] {
                let j = self.cols[k] as usize;
                let t = transpose(&self.vals[self.find(j, i)?]);
                for e in 0..9 {
                    worst = worst.max((self.vals[k][e] - t[e]).abs());
                }
            }
        }
        Some(worst)
    }

    /// The principal sub-matrix on `range` as a scalar faer matrix (dof `3v + c`, lower triangle only when
    /// `lower`), for the direct solver.
    pub fn to_faer(&self, range: Range<usize>, lower: bool) -> faer::sparse::SparseColMat<usize, f64> {
        let mut triplets = Vec::new();
        for i in range.clone() {
            for k in self.row_ptr[i]..self.row_ptr[i + 1] {
                let j = self.cols[k] as usize;
                if !range.contains(&j) || (lower && j > i) {
                    continue;
                }
                let (a, b) = (i - range.start, j - range.start);
                for r in 0..3 {
                    for c in 0..3 {
                        let (row, col) = (3 * a + r, 3 * b + c);
                        if !lower || row >= col {
                            triplets.push(faer::sparse::Triplet::new(row, col, self.vals[k][3 * r + c]));
                        }
                    }
                }
            }
        }
        let n = 3 * range.len();
        faer::sparse::SparseColMat::try_new_from_triplets(n, n, &triplets).expect("valid triplets")
    }
}

/// Vertex-major 3-vectors from a flat slice (`3v + c`) and back.
pub fn to_v3(flat: &[f64]) -> Vec<V3> {
    flat.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
}

pub fn from_v3(v: &[V3]) -> Vec<f64> {
    v.iter().flatten().copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_products_match_a_dense_product() {
        let mut m = BlockMatrix::from_pairs(5, [(0, 1), (1, 3), (2, 4), (0, 4)]);
        for (k, v) in m.vals.iter_mut().enumerate() {
            for (e, x) in v.iter_mut().enumerate() {
                *x = ((k * 9 + e) as f64 * 0.37).sin();
            }
        }
        let x: Vec<V3> = (0..5).map(|i| [i as f64, 1.0 - i as f64, 0.5 * i as f64]).collect();
        let dense = |i: usize, j: usize| m.find(i, j).map_or(ZERO_BLOCK, |k| m.vals[k]);
        let mut y = vec![[0.0; 3]; 2];
        m.mul_sub(1..3, 2..5, &x[2..5], &mut y, 2.0, false);
        for (a, i) in (1..3).enumerate() {
            let mut e = [0.0; 3];
            for j in 2..5 {
                let v = bmul(&dense(i, j), &x[j]);
                (0..3).for_each(|c| e[c] += 2.0 * v[c]);
            }
            assert_eq!(y[a], e);
        }
        let f = m.to_faer(1..4, false);
        assert_eq!(f.nrows(), 9);
        assert_eq!(m.principal(1..4).n(), 3);
    }
}
