//! Polar decomposition of 3×3 matrices: the rotation closest to a deformation gradient (the local step of
//! every co-rotational solve).

use nalgebra::Matrix3;

/// Polar rotation of `f` (inversion-safe: a proper rotation even when det F < 0) and `tr(Rᵀ F)`.
///
/// For det F > 0 (the usual case) Higham's scaled Newton iteration `R ← ½(ζR + ζ⁻¹R⁻ᵀ)` converges to the
/// polar factor to machine precision in a handful of 3×3 inversions; otherwise (inverted or degenerate
/// clusters) the SVD path flips the direction of the smallest singular value.
pub fn polar(f: &Matrix3<f64>) -> (Matrix3<f64>, f64) {
    let n2 = f.norm_squared();
    if f.determinant() > 1e-12 * n2 * n2.sqrt() {
        if let Some(r) = polar_newton(f) {
            return (r, (r.transpose() * f).trace());
        }
    }
    polar_svd(f)
}

/// [`polar`] started from a nearby rotation `r0` (the previous local step's): the polar factor is equivariant,
/// `polar(r0ᵀF) = r0ᵀ polar(F)`, and `r0ᵀF` is close to symmetric positive definite when `r0` is close to the
/// answer, so Newton's iteration needs fewer steps from it. Same result as [`polar`] (up to rounding) for any
/// rotation `r0`.
pub fn polar_from(f: &Matrix3<f64>, r0: &Matrix3<f64>) -> (Matrix3<f64>, f64) {
    let s = r0.transpose() * f;
    let n2 = s.norm_squared();
    if s.determinant() > 1e-12 * n2 * n2.sqrt() {
        if let Some(q) = polar_newton(&s) {
            return (r0 * q, (q.transpose() * s).trace());
        }
    }
    polar_svd(f)
}

fn polar_newton(f: &Matrix3<f64>) -> Option<Matrix3<f64>> {
    let mut r = *f;
    let mut scaled = true;
    for _ in 0..30 {
        let inv_t = r.try_inverse()?.transpose();
        let next = if scaled {
            // Higham's scaling speeds up the first iterations; near convergence ζ → 1
            let zeta = (inv_t.norm() / r.norm()).sqrt();
            (r * zeta + inv_t / zeta) * 0.5
        } else {
            (r + inv_t) * 0.5
        };
        let change = (next - r).norm_squared();
        r = next;
        scaled = change > 1e-4;
        // quadratic convergence: an update below 1e-10 leaves an error of order 1e-20
        if change <= 1e-20 {
            return Some(r);
        }
    }
    Some(r)
}

/// Polar rotation through the SVD (handles det F ≤ 0).
pub fn polar_svd(f: &Matrix3<f64>) -> (Matrix3<f64>, f64) {
    let svd = f.svd(true, true);
    let (mut u, v_t) = (svd.u.expect("u requested"), svd.v_t.expect("v_t requested"));
    let mut s = svd.singular_values;
    if (u * v_t).determinant() < 0.0 {
        // flip the direction of the smallest singular value
        let k = s.imin();
        u.set_column(k, &(-u.column(k)));
        s[k] = -s[k];
    }
    (u * v_t, s.sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polar_is_a_proper_rotation_even_for_inverted_elements() {
        let f = Matrix3::new(0.9, 0.2, 0.0, -0.1, 1.1, 0.3, 0.0, 0.1, -0.8); // det < 0
        assert!(f.determinant() < 0.0);
        let (r, tr) = polar(&f);
        assert!((r.transpose() * r - Matrix3::identity()).norm() < 1e-12);
        assert!((r.determinant() - 1.0).abs() < 1e-12);
        assert!((tr - (r.transpose() * f).trace()).abs() < 1e-12);
        // R maximises tr(RᵀF) over rotations: small perturbations do not increase it
        for axis in [nalgebra::Vector3::x(), nalgebra::Vector3::y(), nalgebra::Vector3::z()] {
            let q = nalgebra::Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), 1e-3);
            assert!(((r * q.matrix()).transpose() * f).trace() <= tr + 1e-12);
        }
    }

    #[test]
    fn newton_polar_equals_the_svd_polar() {
        let mut state = 12345u64;
        let mut rnd = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        for _ in 0..2000 {
            let f = Matrix3::identity() * 1.0 + Matrix3::from_fn(|_, _| rnd()) * 1.5;
            let (r, tr) = polar(&f);
            let (r_svd, tr_svd) = polar_svd(&f);
            assert!((r - r_svd).norm() < 1e-10, "{f}");
            assert!((tr - tr_svd).abs() < 1e-10 * (1.0 + tr.abs()));
            assert!((r.determinant() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn polar_from_a_nearby_or_far_rotation_is_the_polar() {
        let mut state = 987u64;
        let mut rnd = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        for k in 0..2000 {
            let f = Matrix3::identity() + Matrix3::from_fn(|_, _| rnd()) * 1.5;
            let (want, tr_want) = polar(&f);
            // near the answer, far from it (up to a half turn), and an inverted F through the SVD path
            let axis = nalgebra::Vector3::new(rnd(), rnd(), rnd() + 0.01);
            let angle = if k % 2 == 0 { 0.05 } else { 3.0 } * rnd();
            let r0 = want
                * nalgebra::Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), angle).matrix();
            let (r, tr) = polar_from(&f, &r0);
            assert!((r - want).norm() < 1e-10, "{f} from {r0}");
            assert!((tr - tr_want).abs() < 1e-10 * (1.0 + tr.abs()));
            assert!((r.determinant() - 1.0).abs() < 1e-12);
        }
    }
}
