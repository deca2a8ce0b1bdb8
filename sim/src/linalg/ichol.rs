//! Block incomplete Cholesky `A ≈ L Lᵀ` with no fill (IC(0) on the 3×3 block pattern), the preconditioner
//! factor of the rest-pose stiffnesses (paper 002, §6.2–6.3). Elasticity matrices are not M-matrices, so IC(0)
//! can meet a non-positive pivot: the factorization then restarts on `A + α diag(A)` with a growing `α`
//! (Manteuffel's shift), and reports the shift it needed.

use crate::linalg::block::{bmm_t, bmul, BlockMatrix, B3, V3, ZERO_BLOCK};

/// `L` in compressed rows: strictly lower blocks plus the inverse of each lower-triangular diagonal block.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockIc {
    pub row_ptr: Vec<usize>,
    pub cols: Vec<u32>,
    pub vals: Vec<B3>,
    /// `L_ii⁻¹` (lower triangular).
    pub diag_inv: Vec<B3>,
    /// The diagonal shift `α` that made the factorization succeed (0 when none was needed).
    pub shift: f64,
}

/// Cholesky of a 3×3 block (lower triangular), `None` when not positive definite.
fn chol3(a: &B3) -> Option<B3> {
    let l00 = a[0];
    if l00 <= 0.0 || !l00.is_finite() {
        return None;
    }
    let l00 = l00.sqrt();
    let l10 = a[3] / l00;
    let l20 = a[6] / l00;
    let d1 = a[4] - l10 * l10;
    if d1 <= 0.0 {
        return None;
    }
    let l11 = d1.sqrt();
    let l21 = (a[7] - l20 * l10) / l11;
    let d2 = a[8] - l20 * l20 - l21 * l21;
    if d2 <= 0.0 {
        return None;
    }
    Some([l00, 0.0, 0.0, l10, l11, 0.0, l20, l21, d2.sqrt()])
}

/// Inverse of a lower-triangular 3×3 block.
fn inv_lower(l: &B3) -> B3 {
    let (a, b, c, d, e, f) = (l[0], l[3], l[4], l[6], l[7], l[8]);
    let ia = 1.0 / a;
    let ic = 1.0 / c;
    let i_f = 1.0 / f;
    let m10 = -b * ia * ic;
    let m21 = -e * ic * i_f;
    let m20 = (b * e * ic - d) * ia * i_f;
    [ia, 0.0, 0.0, m10, ic, 0.0, m20, m21, i_f]
}

impl BlockIc {
    /// IC(0) of the symmetric block matrix `a` (both triangles stored), shifting the diagonal when needed.
    pub fn new(a: &BlockMatrix) -> BlockIc {
        let mut alpha = 0.0;
        loop {
            if let Some(mut f) = Self::try_factor(a, alpha) {
                f.shift = alpha;
                return f;
            }
            alpha = if alpha == 0.0 { 1e-3 } else { 4.0 * alpha };
            assert!(alpha < 1e6, "IC(0) failed even with a large diagonal shift: the matrix is not SPD");
        }
    }

    fn try_factor(a: &BlockMatrix, alpha: f64) -> Option<BlockIc> {
        let n = a.n();
        let mut l = BlockIc {
            row_ptr: vec![0],
            cols: Vec::new(),
            vals: Vec::new(),
            diag_inv: Vec::new(),
            shift: 0.0,
        };
        let mut diag = Vec::with_capacity(n);
        for i in 0..n {
            let start = l.cols.len();
            let mut aii = ZERO_BLOCK;
            for k in a.row_ptr[i]..a.row_ptr[i + 1] {
                let j = a.cols[k] as usize;
                if j < i {
                    l.cols.push(j as u32);
                    l.vals.push(a.vals[k]);
                } else if j == i {
                    aii = a.vals[k];
                }
            }
            for e in [0, 4, 8] {
                aii[e] *= 1.0 + alpha;
            }
            // L_ij = (A_ij − Σ_m L_im L_jmᵀ) L_jj⁻ᵀ for the lower pattern of row i, left to right.
            for p in start..l.cols.len() {
                let j = l.cols[p] as usize;
                let mut s = l.vals[p];
                let (mut q, qe) = (l.row_ptr[j], l.row_ptr[j + 1]);
                for m in start..p {
                    let cm = l.cols[m];
                    while q < qe && l.cols[q] < cm {
                        q += 1;
                    }
                    if q < qe && l.cols[q] == cm {
                        let t = bmm_t(&l.vals[m], &l.vals[q]);
                        (0..9).for_each(|e| s[e] -= t[e]);
                    }
                }
                // X = s L_jj⁻ᵀ
                l.vals[p] = bmm_t(&s, &l.diag_inv[j]);
            }
            for p in start..l.cols.len() {
                let t = bmm_t(&l.vals[p], &l.vals[p]);
                (0..9).for_each(|e| aii[e] -= t[e]);
            }
            let lii = chol3(&aii)?;
            diag.push(lii);
            l.diag_inv.push(inv_lower(&lii));
            l.row_ptr.push(l.cols.len());
        }
        Some(l)
    }

    pub fn n(&self) -> usize {
        self.diag_inv.len()
    }

    /// `z = (L Lᵀ)⁻¹ r` (two sweeps; `z` may alias nothing).
    pub fn solve(&self, r: &[V3], z: &mut [V3]) {
        let n = self.n();
        // L y = r
        for i in 0..n {
            let mut s = r[i];
            for k in self.row_ptr[i]..self.row_ptr[i + 1] {
                let v = bmul(&self.vals[k], &z[self.cols[k] as usize]);
                (0..3).for_each(|c| s[c] -= v[c]);
            }
            z[i] = bmul(&self.diag_inv[i], &s);
        }
        // Lᵀ x = y, column sweep: x_i = L_ii⁻ᵀ y_i, then y_j −= L_ijᵀ x_i for the row's lower blocks.
        for i in (0..n).rev() {
            let d = &self.diag_inv[i];
            let y = z[i];
            let x = [d[0] * y[0] + d[3] * y[1] + d[6] * y[2], d[4] * y[1] + d[7] * y[2], d[8] * y[2]];
            z[i] = x;
            for k in self.row_ptr[i]..self.row_ptr[i + 1] {
                let b = &self.vals[k];
                let j = self.cols[k] as usize;
                for c in 0..3 {
                    z[j][c] -= b[c] * x[0] + b[3 + c] * x[1] + b[6 + c] * x[2];
                }
            }
        }
    }

    /// Stored blocks of `L` (strictly lower plus diagonal).
    pub fn nnz_blocks(&self) -> usize {
        self.cols.len() + self.n()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linalg::block::{bmul as mv, BlockMatrix};

    /// A block tridiagonal SPD matrix (1D chain): IC(0) has no fill to drop, so it is the exact Cholesky.
    fn chain(n: usize) -> BlockMatrix {
        let mut m = BlockMatrix::from_pairs(n, (1..n).map(|i| (i - 1, i)));
        for i in 0..n {
            let d = m.find(i, i).unwrap();
            m.vals[d] = [4.0, 0.5, 0.1, 0.5, 5.0, 0.2, 0.1, 0.2, 6.0];
            if i > 0 {
                let k = m.find(i, i - 1).unwrap();
                m.vals[k] = [-1.0, 0.3, 0.0, -0.2, -1.0, 0.1, 0.0, 0.4, -1.5];
                let kt = m.find(i - 1, i).unwrap();
                m.vals[kt] = crate::linalg::block::transpose(&m.vals[k]);
            }
        }
        m
    }

    #[test]
    fn without_fill_ic0_is_the_exact_inverse() {
        let a = chain(30);
        let ic = BlockIc::new(&a);
        assert_eq!(ic.shift, 0.0);
        let x: Vec<V3> = (0..30).map(|i| [(i as f64).sin(), (2.0 * i as f64).cos(), 1.0]).collect();
        let mut b = vec![[0.0; 3]; 30];
        a.mul_sub(0..30, 0..30, &x, &mut b, 1.0, false);
        let mut z = vec![[0.0; 3]; 30];
        ic.solve(&b, &mut z);
        for (z, x) in z.iter().zip(&x) {
            for c in 0..3 {
                assert!((z[c] - x[c]).abs() < 1e-12, "{z:?} vs {x:?}");
            }
        }
        let _ = mv(&a.vals[0], &x[0]);
    }

    #[test]
    fn inverse_of_lower_triangle() {
        let l = [2.0, 0.0, 0.0, 0.3, 1.5, 0.0, -0.7, 0.2, 3.0];
        let p = crate::linalg::block::bmm(&l, &inv_lower(&l));
        for (e, v) in p.iter().enumerate() {
            let id = if e % 4 == 0 { 1.0 } else { 0.0 };
            assert!((v - id).abs() < 1e-14);
        }
    }
}
