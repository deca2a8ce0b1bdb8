//! Orthonormal bases of the range and the null space of a dense matrix from its rank-revealing SVD, with one
//! rank tolerance ([`RANK_TOL`]): the constraint bases of the precompute and the solvers (range 𝒥 for the KKT
//! solves, null `J_w M^{-1/2}` for the eigenmodes, null 𝒥ᵀ for the dense reference bases).

use faer::linalg::solvers::SvdError;
use faer::{Mat, MatRef};

/// Relative singular-value tolerance of the numerical rank: singular values at most `RANK_TOL · σ_max` count
/// as zero (redundant directions).
///
/// The matrices ranked here are rig constraints (`𝒥 = D M J`, or `J_w` scaled by `M^{-1/2}`). Their redundant
/// directions (an affine handle next to LBS bones whose weights sum to one, repeated weight-space rows) sit
/// at round-off: at most `2e-15 · σ_max` in every test (up to 1444 singular values, the default avatar), the
/// dense SVD's `~ε √(rows)` below `1e-13` even at 3n = 10⁵ rows. Their weakest independent directions reach
/// down to `1.2e-10 · σ_max` (the default avatar's weight-space constraint). `1e-12` sits in that gap with
/// two decades to spare on either side; it was the tolerance of the constraint bases of [`crate::full`],
/// [`crate::rotation_strain`] and [`crate::reduced::complementary_basis`], while the eigenmodes used `1e-10`,
/// barely below that weakest direction. No matrix of the tests has a singular value between the two, so
/// every rank is the same under either.
pub const RANK_TOL: f64 = 1e-12;

/// An orthonormal basis (in its columns) of a subspace, and the numerical rank of the matrix it came from.
#[derive(Clone, Debug)]
pub struct Subspace {
    pub basis: Mat<f64>,
    /// The numerical rank of the matrix ([`numerical_rank`] of its singular values).
    pub rank: usize,
}

/// The number of singular values `s` above [`RANK_TOL`] times the largest (0 for none or all zero).
pub fn numerical_rank(s: &[f64]) -> usize {
    let smax = s.iter().copied().fold(0.0, f64::max);
    s.iter().filter(|&&x| x > RANK_TOL * smax).count()
}

/// Orthonormal basis of `range A` (m × rank: the leading left singular vectors of the thin SVD of `A`, m × n).
/// For the row space of `C`, pass `C.transpose()` (the same SVD: faer factors a wide matrix as its transpose).
pub fn range_basis(a: MatRef<'_, f64>) -> Result<Subspace, SvdError> {
    if a.nrows() == 0 || a.ncols() == 0 {
        return Ok(Subspace { basis: Mat::zeros(a.nrows(), 0), rank: 0 });
    }
    let svd = a.thin_svd()?;
    let s: Vec<f64> = svd.S().column_vector().iter().copied().collect();
    let rank = numerical_rank(&s);
    Ok(Subspace { basis: svd.U().subcols(0, rank).to_owned(), rank })
}

/// Orthonormal basis of `null A = {x : A x = 0}` (n × (n − rank): the trailing right singular vectors of the
/// full SVD of `A`, m × n). A matrix without rows has the identity.
pub fn null_space(a: MatRef<'_, f64>) -> Result<Subspace, SvdError> {
    let n = a.ncols();
    if a.nrows() == 0 || n == 0 {
        return Ok(Subspace { basis: Mat::identity(n, n), rank: 0 });
    }
    let svd = a.svd()?;
    let s: Vec<f64> = svd.S().column_vector().iter().copied().collect();
    let rank = numerical_rank(&s);
    Ok(Subspace { basis: svd.V().subcols(rank, n - rank).to_owned(), rank })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `‖QᵀQ − I‖_max`.
    fn orthonormality(q: &Mat<f64>) -> f64 {
        let g = q.transpose() * q;
        let k = q.ncols();
        (0..k)
            .flat_map(|i| (0..k).map(move |j| (i, j)))
            .fold(0.0, |e, (i, j)| e.max((g[(i, j)] - if i == j { 1.0 } else { 0.0 }).abs()))
    }

    /// `‖(I − QQᵀ) x‖` for every column `x` of `a`: how far `a`'s columns lie from span Q.
    fn off_span(q: &Mat<f64>, a: &Mat<f64>) -> f64 {
        let r = a - q * (q.transpose() * a);
        r.norm_l2()
    }

    /// 5 × 4, rank 2: column 2 = column 0 + column 1, column 3 = 2 · column 0; the last row is zero.
    fn rank_two() -> Mat<f64> {
        let c0 = [1.0, 2.0, 0.0, -1.0, 0.0];
        let c1 = [0.0, 1.0, 3.0, 1.0, 0.0];
        Mat::from_fn(5, 4, |i, j| match j {
            0 => c0[i],
            1 => c1[i],
            2 => c0[i] + c1[i],
            _ => 2.0 * c0[i],
        })
    }

    #[test]
    fn range_of_a_rank_deficient_matrix() {
        let a = rank_two();
        let r = range_basis(a.as_ref()).unwrap();
        assert_eq!((r.rank, r.basis.nrows(), r.basis.ncols()), (2, 5, 2));
        assert!(orthonormality(&r.basis) < 1e-14);
        assert!(off_span(&r.basis, &a) < 1e-14 * a.norm_l2());
        // the zero last row: e_4 is orthogonal to the range
        assert!((0..2).all(|j| r.basis[(4, j)].abs() < 1e-15));
    }

    #[test]
    fn null_space_of_a_rank_deficient_matrix() {
        let a = rank_two();
        let z = null_space(a.as_ref()).unwrap();
        assert_eq!((z.rank, z.basis.nrows(), z.basis.ncols()), (2, 4, 2));
        assert!(orthonormality(&z.basis) < 1e-14);
        assert!((&a * &z.basis).norm_l2() < 1e-14 * a.norm_l2());
        // the known null vectors (1, 1, −1, 0) and (2, 0, 0, −1) lie in the basis' span
        let known = Mat::from_fn(4, 2, |i, j| [[1.0, 1.0, -1.0, 0.0], [2.0, 0.0, 0.0, -1.0]][j][i]);
        assert!(off_span(&z.basis, &known) < 1e-14);
    }

    #[test]
    fn wide_matrix_null_space_and_row_space() {
        // 2 × 4 of full row rank: null space of dimension 2, the row space through the transpose
        let c = Mat::from_fn(2, 4, |i, j| [[1.0, 0.0, 2.0, 0.0], [0.0, 1.0, 0.0, -3.0]][i][j]);
        let z = null_space(c.as_ref()).unwrap();
        assert_eq!((z.rank, z.basis.ncols()), (2, 2));
        assert!((&c * &z.basis).norm_l2() < 1e-14);
        let rows = range_basis(c.transpose()).unwrap();
        assert_eq!((rows.rank, rows.basis.nrows(), rows.basis.ncols()), (2, 4, 2));
        assert!(off_span(&rows.basis, &c.transpose().to_owned()) < 1e-14);
        // the two complete each other: [rows | null] is orthogonal
        let both = Mat::from_fn(4, 4, |i, j| if j < 2 { rows.basis[(i, j)] } else { z.basis[(i, j - 2)] });
        assert!(orthonormality(&both) < 1e-14);
    }

    #[test]
    fn directions_below_the_tolerance_are_redundant_and_above_it_are_kept() {
        // diag(1, ε): rank 1 when ε is below the relative tolerance, 2 above it
        let diag = |eps: f64| Mat::from_fn(3, 2, |i, j| if i == j { [1.0, eps][i] } else { 0.0 });
        for (eps, rank) in [(1e-3 * RANK_TOL, 1), (1e3 * RANK_TOL, 2), (0.0, 1)] {
            let a = diag(eps);
            assert_eq!(range_basis(a.as_ref()).unwrap().rank, rank, "ε = {eps:e}");
            let z = null_space(a.as_ref()).unwrap();
            assert_eq!((z.rank, z.basis.ncols()), (rank, 2 - rank), "ε = {eps:e}");
        }
        // the tolerance is relative: the same matrix scaled by 1e-20 has the same rank
        let tiny = Mat::from_fn(3, 2, |i, j| if i == j { [1e-20, 1e-27][i] } else { 0.0 });
        assert_eq!(range_basis(tiny.as_ref()).unwrap().rank, 2);
        assert_eq!(numerical_rank(&[4.0, 1e-11, 1e-13, 0.0]), 2);
    }

    #[test]
    fn empty_and_zero_matrices() {
        let none = Mat::<f64>::zeros(3, 0);
        let r = range_basis(none.as_ref()).unwrap();
        assert_eq!((r.rank, r.basis.nrows(), r.basis.ncols()), (0, 3, 0));
        let z = null_space(none.transpose()).unwrap();
        assert_eq!((z.rank, z.basis.nrows(), z.basis.ncols()), (0, 3, 3));
        assert_eq!(orthonormality(&z.basis), 0.0);
        let zero = Mat::<f64>::zeros(2, 3);
        assert_eq!(range_basis(zero.as_ref()).unwrap().rank, 0);
        assert_eq!(null_space(zero.as_ref()).unwrap().basis.ncols(), 3);
    }
}
