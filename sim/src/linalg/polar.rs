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

/// `[r₁ × r₂; r₂ × r₀; r₀ × r₁]` (rows `r_i` of `r`): the cofactor matrix, `R⁻ᵀ = cof(R) / det R`, with
/// `det R = r₀ · (r₁ × r₂)`.
#[inline]
fn cofactor(r: &[[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let cross = |a: &[f64; 3], b: &[f64; 3]| {
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    };
    [cross(&r[1], &r[2]), cross(&r[2], &r[0]), cross(&r[0], &r[1])]
}

#[inline]
fn norm2(a: &[[f64; 3]; 3]) -> f64 {
    a.iter().flatten().map(|v| v * v).sum()
}

/// Higham's scaled Newton iteration `R ← ½(ζR + ζ⁻¹R⁻ᵀ)`, `ζ = (‖R⁻ᵀ‖/‖R‖)^½`, on plain arrays with the
/// inverse from the cofactors; `None` when an iterate is singular.
fn polar_newton(f: &Matrix3<f64>) -> Option<Matrix3<f64>> {
    let mut r: [[f64; 3]; 3] = std::array::from_fn(|i| std::array::from_fn(|j| f[(i, j)]));
    let mut scaled = true;
    for _ in 0..30 {
        let c = cofactor(&r);
        let det = r[0][0] * c[0][0] + r[0][1] * c[0][1] + r[0][2] * c[0][2];
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let inv_det = 1.0 / det;
        // R⁻ᵀ = cof(R) / det; ζR and R⁻ᵀ/ζ with ζ² = ‖cof R‖ / (|det R| ‖R‖)
        let (a, b) = if scaled {
            let zeta = (norm2(&c).sqrt() * inv_det.abs() / norm2(&r).sqrt()).sqrt();
            (0.5 * zeta, 0.5 * inv_det / zeta)
        } else {
            (0.5, 0.5 * inv_det)
        };
        let mut change = 0.0;
        for i in 0..3 {
            for j in 0..3 {
                let next = a * r[i][j] + b * c[i][j];
                change += (next - r[i][j]) * (next - r[i][j]);
                r[i][j] = next;
            }
        }
        scaled = change > 1e-4;
        // quadratic convergence: after an update of size δ the error is of order δ², so an update below 1e-7
        // leaves an error of order 1e-14 (the iteration would only confirm it)
        if change <= 1e-14 {
            return Some(Matrix3::from_fn(|i, j| r[i][j]));
        }
    }
    Some(Matrix3::from_fn(|i, j| r[i][j]))
}

/// Four lanes of `f64`, one per polar decomposition of [`polar_from4`].
type Lanes = [f64; 4];

/// Four [`polar_from`]s in lockstep (the local step's clusters four at a time): the same scaled Newton
/// iteration lane by lane, so that four independent chains of divisions and square roots overlap instead of
/// waiting on each other, and vectorise where the CPU allows (AVX2). A lane whose `r0ᵀF` is not safely
/// positive-determinant, or whose iteration breaks down, is done by [`polar_from`] (its SVD path). Equal to
/// four calls of [`polar_from`] up to rounding.
pub fn polar_from4(f: &[Matrix3<f64>; 4], r0: &[Matrix3<f64>; 4]) -> [(Matrix3<f64>, f64); 4] {
    let lockstep = lockstep4(f, r0);
    std::array::from_fn(|l| lockstep[l].unwrap_or_else(|| polar_from(&f[l], &r0[l])))
}

/// The lanes of [`polar_from4`] that the lockstep Newton iteration solved (`None`: left to [`polar_from`]).
fn lockstep4(f: &[Matrix3<f64>; 4], r0: &[Matrix3<f64>; 4]) -> [Option<(Matrix3<f64>, f64)>; 4] {
    let s: [Matrix3<f64>; 4] = std::array::from_fn(|l| r0[l].transpose() * f[l]);
    let ok: [bool; 4] = std::array::from_fn(|l| {
        let n2 = s[l].norm_squared();
        s[l].determinant() > 1e-12 * n2 * n2.sqrt()
    });
    let lanes: [[Lanes; 3]; 3] =
        std::array::from_fn(|i| std::array::from_fn(|j| std::array::from_fn(|l| s[l][(i, j)])));
    #[cfg(target_arch = "x86_64")]
    let (q, converged) =
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA (checked just above).
            unsafe { newton4_avx2(lanes, ok) }
        } else {
            newton4(lanes, ok)
        };
    #[cfg(not(target_arch = "x86_64"))]
    let (q, converged) = newton4(lanes, ok);
    std::array::from_fn(|l| {
        converged[l].then(|| {
            let q = Matrix3::from_fn(|i, j| q[i][j][l]);
            (r0[l] * q, (q.transpose() * s[l]).trace())
        })
    })
}

/// [`newton4`] compiled for AVX2 + FMA.
///
/// # Safety
/// The CPU must have AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn newton4_avx2(s: [[Lanes; 3]; 3], ok: [bool; 4]) -> ([[Lanes; 3]; 3], [bool; 4]) {
    newton4(s, ok)
}

/// [`polar_newton`] on four lanes; lanes not `ok` on entry, or singular on the way, are frozen and reported
/// not converged. A converged lane is frozen too (`R ← 1·R + 0·R⁻ᵀ`), so it ends exactly where it converged.
#[inline(always)]
fn newton4(mut r: [[Lanes; 3]; 3], ok: [bool; 4]) -> ([[Lanes; 3]; 3], [bool; 4]) {
    let mut scaled = [true; 4];
    let mut done = ok.map(|ok| !ok);
    let mut converged = [false; 4];
    for _ in 0..30 {
        // cofactor rows r₁ × r₂, r₂ × r₀, r₀ × r₁, lane by lane
        let mut c = [[[0.0; 4]; 3]; 3];
        for (i, (a, b)) in [(1, 2), (2, 0), (0, 1)].into_iter().enumerate() {
            for l in 0..4 {
                c[i][0][l] = r[a][1][l] * r[b][2][l] - r[a][2][l] * r[b][1][l];
                c[i][1][l] = r[a][2][l] * r[b][0][l] - r[a][0][l] * r[b][2][l];
                c[i][2][l] = r[a][0][l] * r[b][1][l] - r[a][1][l] * r[b][0][l];
            }
        }
        let (mut det, mut nc, mut nr) = ([0.0; 4], [0.0; 4], [0.0; 4]);
        for i in 0..3 {
            for j in 0..3 {
                for l in 0..4 {
                    nc[l] += c[i][j][l] * c[i][j][l];
                    nr[l] += r[i][j][l] * r[i][j][l];
                }
            }
        }
        for l in 0..4 {
            det[l] = r[0][0][l] * c[0][0][l] + r[0][1][l] * c[0][1][l] + r[0][2][l] * c[0][2][l];
        }
        let (mut a, mut b) = ([1.0; 4], [0.0; 4]);
        for l in 0..4 {
            if done[l] {
                continue;
            }
            if det[l] == 0.0 || !det[l].is_finite() {
                done[l] = true;
                continue;
            }
            let inv_det = 1.0 / det[l];
            (a[l], b[l]) = if scaled[l] {
                let zeta = (nc[l].sqrt() * inv_det.abs() / nr[l].sqrt()).sqrt();
                (0.5 * zeta, 0.5 * inv_det / zeta)
            } else {
                (0.5, 0.5 * inv_det)
            };
        }
        let mut change = [0.0; 4];
        for i in 0..3 {
            for j in 0..3 {
                for l in 0..4 {
                    let next = a[l] * r[i][j][l] + b[l] * c[i][j][l];
                    change[l] += (next - r[i][j][l]) * (next - r[i][j][l]);
                    r[i][j][l] = next;
                }
            }
        }
        for l in 0..4 {
            if !done[l] {
                scaled[l] = change[l] > 1e-4;
                // as in `polar_newton`: an update below 1e-7 leaves an error of order 1e-14
                if change[l] <= 1e-14 {
                    (done[l], converged[l]) = (true, true);
                }
            }
        }
        if done.iter().all(|d| *d) {
            break;
        }
    }
    (r, converged)
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

    /// Four in lockstep equal four one at a time, with an inverted lane (the SVD path) among them.
    #[test]
    fn four_in_lockstep_equal_four_alone() {
        let mut state = 4242u64;
        let mut rnd = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        for k in 0..500 {
            let f: [Matrix3<f64>; 4] = std::array::from_fn(|l| {
                let m = Matrix3::identity() + Matrix3::from_fn(|_, _| rnd()) * if l == 1 { 0.1 } else { 1.5 };
                if l == 2 && k % 3 == 0 {
                    -m // inverted
                } else {
                    m
                }
            });
            let r0: [Matrix3<f64>; 4] = std::array::from_fn(|l| {
                let axis = nalgebra::Vector3::new(rnd(), rnd(), rnd() + 0.01);
                *nalgebra::Rotation3::from_axis_angle(
                    &nalgebra::Unit::new_normalize(axis),
                    3.0 * rnd() * (l as f64),
                )
                .matrix()
            });
            let four = polar_from4(&f, &r0);
            // the lockstep iteration solves every lane but the inverted one (no SVD fallback hiding it)
            let solved = lockstep4(&f, &r0);
            for (l, lane) in solved.iter().enumerate() {
                assert_eq!(lane.is_some(), f[l].determinant() > 0.0, "lane {l}");
            }
            for l in 0..4 {
                let (want, tr_want) = polar_from(&f[l], &r0[l]);
                assert!((four[l].0 - want).norm() < 1e-12, "lane {l}: {} vs {want}", four[l].0);
                assert!((four[l].1 - tr_want).abs() < 1e-12 * (1.0 + tr_want.abs()));
                let r = four[l].0;
                assert!((r.transpose() * r - Matrix3::identity()).norm() < 1e-13);
            }
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
            assert!((r.transpose() * r - Matrix3::identity()).norm() < 1e-13, "orthogonal to rounding: {r}");
            assert!((tr - tr_want).abs() < 1e-10 * (1.0 + tr.abs()));
            assert!((r.determinant() - 1.0).abs() < 1e-12);
        }
    }
}
