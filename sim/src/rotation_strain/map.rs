//! The rotation-strain (RS) map of one tet (paper 001, Eq. 1–2): nine RS coordinates, a rotation vector `w`
//! (the skew field `ω = [w]×`, 3 numbers) and a symmetric strain `ε` (6 numbers), to the *offset* deformation
//! gradient
//!
//! ```text
//! ∇̃(ω, ε) = exp(ω)(ε + I) − I                                   (Eq. 1)
//! ```
//!
//! and back (Eq. 2): from `F = I + ∇u`, the polar decomposition `F = R S` gives `ω = log R`, `ε = S − I`.
//!
//! Layout of one tet's coordinates `c ∈ R⁹`: `c[0..3] = w`, `c[3..9] = (ε₀₀, ε₁₁, ε₂₂, ε₁₂, ε₀₂, ε₀₁)`. A 3×3
//! matrix `D` is flattened row-major, `vec(D)[3r + j] = D[r][j]` (the per-tet part of the crate's `vec(F)`).
//! `exp` is Rodrigues' formula; its derivative is in closed form with series near `θ = 0` (digest A2(a), a derivation).

use crate::linalg::polar;
use nalgebra::{Matrix3, Vector3};

/// The skew matrix `[w]×` (`[w]× v = w × v`).
pub fn skew(w: &Vector3<f64>) -> Matrix3<f64> {
    Matrix3::new(0.0, -w[2], w[1], w[2], 0.0, -w[0], -w[1], w[0], 0.0)
}

/// The vector of the skew part of `m`: `vee(½(m − mᵀ))`, so `vee_skew([w]×) = w`.
pub fn vee_skew(m: &Matrix3<f64>) -> Vector3<f64> {
    Vector3::new(0.5 * (m[(2, 1)] - m[(1, 2)]), 0.5 * (m[(0, 2)] - m[(2, 0)]), 0.5 * (m[(1, 0)] - m[(0, 1)]))
}

/// Index pairs `(r, j)` of the six strain coordinates `c[3..9]`.
pub const STRAIN_ENTRIES: [(usize, usize); 6] = [(0, 0), (1, 1), (2, 2), (1, 2), (0, 2), (0, 1)];

/// The symmetric matrix of six strain coordinates.
pub fn strain_matrix(e: &[f64]) -> Matrix3<f64> {
    let mut m = Matrix3::zeros();
    for (b, &(r, j)) in STRAIN_ENTRIES.iter().enumerate() {
        m[(r, j)] = e[b];
        m[(j, r)] = e[b];
    }
    m
}

/// The six strain coordinates of the symmetric part of `m`.
pub fn strain_coords(m: &Matrix3<f64>) -> [f64; 6] {
    STRAIN_ENTRIES.map(|(r, j)| 0.5 * (m[(r, j)] + m[(j, r)]))
}

/// Nine RS coordinates of a linearised gradient `G` (digest A1 step 3): `ω = ½(G − Gᵀ)`, `ε = ½(G + Gᵀ)`,
/// the first-order split of Eq. 1 (`∇̃ ≈ ω + ε`).
pub fn split_linear(g: &Matrix3<f64>) -> [f64; 9] {
    let w = vee_skew(g);
    let e = strain_coords(g);
    [w[0], w[1], w[2], e[0], e[1], e[2], e[3], e[4], e[5]]
}

/// Below this angle the Rodrigues coefficients use their Taylor series (8 terms: exact to rounding).
const SERIES_ANGLE: f64 = 0.25;

/// Rodrigues coefficients as functions of `θ²`: `a = sin θ/θ`, `b = (1 − cos θ)/θ²` and their scaled
/// derivatives `c = a'(θ)/θ = (θ cos θ − sin θ)/θ³`, `d = b'(θ)/θ = (θ sin θ − 2(1 − cos θ))/θ⁴`.
fn rodrigues_coefficients(theta2: f64) -> [f64; 4] {
    if theta2 < SERIES_ANGLE * SERIES_ANGLE {
        // a = Σ (−1)^k θ^{2k}/(2k+1)!, b = Σ (−1)^k θ^{2k}/(2k+2)!,
        // c = Σ_{k≥1} (−1)^k 2k/(2k+1)! θ^{2k−2}, d = Σ_{k≥2} (−1)^{k+1} (2k−2)/(2k)! θ^{2k−4}
        let fact = |m: u32| (1..=m).map(f64::from).product::<f64>();
        let (mut a, mut b, mut c, mut d) = (0.0, 0.0, 0.0, 0.0);
        for k in 0..8u32 {
            let sign = if k % 2 == 0 { 1.0 } else { -1.0 };
            let p = theta2.powi(k as i32);
            a += sign * p / fact(2 * k + 1);
            b += sign * p / fact(2 * k + 2);
            // c's term k+1 and d's term k+2 carry θ^{2k}
            c += -sign * f64::from(2 * k + 2) / fact(2 * k + 3) * p;
            d += -sign * f64::from(2 * k + 2) / fact(2 * k + 4) * p;
        }
        return [a, b, c, d];
    }
    let theta = theta2.sqrt();
    let (s, co) = theta.sin_cos();
    [
        s / theta,
        (1.0 - co) / theta2,
        (theta * co - s) / (theta2 * theta),
        (theta * s - 2.0 * (1.0 - co)) / (theta2 * theta2),
    ]
}

/// `exp([w]×)` by Rodrigues' formula: `I + a W + b W²`.
pub fn exp_so3(w: &Vector3<f64>) -> Matrix3<f64> {
    let [a, b, _, _] = rodrigues_coefficients(w.norm_squared());
    let ww = skew(w);
    Matrix3::identity() + ww * a + ww * ww * b
}

/// `exp([w]×)` and its three partial derivatives `∂ exp / ∂w_a`:
/// `c w_a W + a [e_a]× + d w_a W² + b ([e_a]× W + W [e_a]×)` (with `∂θ/∂w_a = w_a/θ`).
pub fn exp_so3_derivative(w: &Vector3<f64>) -> (Matrix3<f64>, [Matrix3<f64>; 3]) {
    let [a, b, c, d] = rodrigues_coefficients(w.norm_squared());
    let ww = skew(w);
    let ww2 = ww * ww;
    let r = Matrix3::identity() + ww * a + ww2 * b;
    let dr = [0, 1, 2].map(|i| {
        let ea = skew(&Vector3::ith(i, 1.0));
        ww * (c * w[i]) + ea * a + ww2 * (d * w[i]) + (ea * ww + ww * ea) * b
    });
    (r, dr)
}

/// `log R` as a rotation vector `w` with `|w| ≤ π` (`exp_so3(log_so3(R)) = R` for a rotation `R`).
pub fn log_so3(r: &Matrix3<f64>) -> Vector3<f64> {
    let v = vee_skew(r); // sin θ · axis
    let s = v.norm();
    let cos = (0.5 * (r.trace() - 1.0)).clamp(-1.0, 1.0);
    let theta = s.atan2(cos);
    if cos > -0.99 {
        // θ / sin θ, smooth through θ = 0
        let scale = if s < 1e-8 { 1.0 + s * s / 6.0 } else { theta / s };
        return v * scale;
    }
    // near a half turn sin θ loses the axis: read it from R + Rᵀ = 2 cos θ I + 2(1 − cos θ) a aᵀ
    let sym = (r + r.transpose()) * 0.5 - Matrix3::identity() * cos;
    let col = (0..3).max_by(|&i, &j| sym[(i, i)].total_cmp(&sym[(j, j)])).unwrap_or(0);
    let mut axis: Vector3<f64> = sym.column(col).into();
    axis /= axis.norm();
    if axis.dot(&v) < 0.0 {
        axis = -axis;
    }
    axis * theta
}

/// Eq. 1: the offset deformation gradient `∇̃ = exp(ω)(ε + I) − I` of one tet's RS coordinates.
pub fn rs_gradient(coords: &[f64]) -> Matrix3<f64> {
    let w = Vector3::new(coords[0], coords[1], coords[2]);
    exp_so3(&w) * (strain_matrix(&coords[3..9]) + Matrix3::identity()) - Matrix3::identity()
}

/// Eq. 1 and its Jacobian `∂ vec(∇̃) / ∂c` (9 × 9, row `3r + j` of `vec`, column = coordinate):
/// `∂/∂w_a = (∂ exp/∂w_a)(ε + I)`, `∂/∂ε_b = exp(ω) S_b` with `S_b` the symmetric unit matrix of entry `b`.
pub fn rs_gradient_jacobian(coords: &[f64]) -> (Matrix3<f64>, [[f64; 9]; 9]) {
    let w = Vector3::new(coords[0], coords[1], coords[2]);
    let (r, dr) = exp_so3_derivative(&w);
    let s = strain_matrix(&coords[3..9]) + Matrix3::identity();
    let mut jac = [[0.0; 9]; 9];
    for a in 0..3 {
        let m = dr[a] * s;
        for row in 0..9 {
            jac[row][a] = m[(row / 3, row % 3)];
        }
    }
    for (b, &(i, j)) in STRAIN_ENTRIES.iter().enumerate() {
        // R S_b: column j of R goes to column i of the product and, off the diagonal, column i to column j
        for row in 0..3 {
            jac[3 * row + j][3 + b] += r[(row, i)];
            if i != j {
                jac[3 * row + i][3 + b] += r[(row, j)];
            }
        }
    }
    (r * s - Matrix3::identity(), jac)
}

/// Eq. 2: the RS coordinates of an offset gradient `D = ∇u` (`F = I + D`): `F = R S` (polar), `ω = log R`,
/// `ε = S − I`. Exact inverse of [`rs_gradient`] where `ε + I` is positive definite and `|w| < π`.
pub fn rs_coordinates(d: &Matrix3<f64>) -> [f64; 9] {
    let f = Matrix3::identity() + d;
    let (r, _) = polar(&f);
    let w = log_so3(&r);
    let e = strain_coords(&(r.transpose() * f - Matrix3::identity()));
    [w[0], w[1], w[2], e[0], e[1], e[2], e[3], e[4], e[5]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn random_coords(rng: &mut rand::rngs::StdRng, scale: f64) -> [f64; 9] {
        std::array::from_fn(|_| scale * (2.0 * rng.random::<f64>() - 1.0))
    }

    /// A rotation from nalgebra's own axis-angle constructor (not the code under test).
    fn rotation(axis: [f64; 3], angle: f64) -> Matrix3<f64> {
        let axis = nalgebra::Unit::new_normalize(Vector3::from(axis));
        *nalgebra::Rotation3::from_axis_angle(&axis, angle).matrix()
    }

    #[test]
    fn exp_matches_the_matrix_exponential_and_log_inverts_it() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for k in 0..200 {
            // small angles (series branch), moderate and up to nearly a half turn
            let scale = [1e-6, 0.1, 1.0, 3.0][k % 4] / 3f64.sqrt();
            let c = random_coords(&mut rng, scale);
            let w = Vector3::new(c[0], c[1], c[2]);
            let want =
                if w.norm() > 0.0 { rotation([w[0], w[1], w[2]], w.norm()) } else { Matrix3::identity() };
            assert!((exp_so3(&w) - want).norm() < 1e-13, "exp({w})");
            assert!((log_so3(&want) - w).norm() < 1e-10 * (1.0 + w.norm()), "log(exp({w}))");
        }
        // a half turn and just below it
        for angle in [std::f64::consts::PI - 1e-9, std::f64::consts::PI - 0.05] {
            let r = rotation([1.0, 2.0, -0.5], angle);
            assert!((exp_so3(&log_so3(&r)) - r).norm() < 1e-8);
        }
    }

    /// Digest §1.7 test 1: ∇̃(0, 0) = 0 and Eq. 2 recovers (ω, ε) from ∇̃(ω, ε).
    #[test]
    fn round_trip_recovers_the_coordinates() {
        assert_eq!(rs_gradient(&[0.0; 9]), Matrix3::zeros());
        let mut rng = rand::rngs::StdRng::seed_from_u64(2);
        for k in 0..500 {
            let c = random_coords(&mut rng, [1e-4, 0.05, 0.3, 0.6][k % 4]);
            let back = rs_coordinates(&rs_gradient(&c));
            let err = c.iter().zip(&back).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
            assert!(err < 1e-12, "{c:?} -> {back:?}");
        }
    }

    /// Digest §1.7 test 2: a global rotation `Q` of a deformed shape (`F → Q F`) leaves `ε` unchanged, exactly,
    /// and changes only `ω` (`exp(ω') = Q exp(ω)`); the "pre-warped" Green strain `½(FᵀF − I)` with
    /// `F = ω + ε + I` is not invariant (the locking of Fig. 7), while `ε` is.
    #[test]
    fn strain_is_rotation_invariant_and_the_prewarped_green_strain_is_not() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut worst_prewarped: f64 = 0.0;
        for _ in 0..200 {
            let c = random_coords(&mut rng, 0.3);
            let f = Matrix3::identity() + rs_gradient(&c);
            let axis = [rng.random::<f64>() - 0.5, rng.random::<f64>() - 0.5, rng.random::<f64>() - 0.5];
            let q = rotation(axis, 2.0 * rng.random::<f64>() - 1.0);
            let rotated = rs_coordinates(&(q * f - Matrix3::identity()));
            for b in 3..9 {
                assert!((rotated[b] - c[b]).abs() < 1e-12, "strain changed: {c:?} -> {rotated:?}");
            }
            let w = |x: &[f64; 9]| Vector3::new(x[0], x[1], x[2]);
            assert!((exp_so3(&w(&rotated)) - q * exp_so3(&w(&c))).norm() < 1e-12, "ω is not Q exp(ω)");
            // the pre-warped gradient of the naive linear RS use: Green strain of ω + ε + I
            let prewarped = |x: &[f64; 9]| {
                let g = skew(&w(x)) + strain_matrix(&x[3..9]) + Matrix3::identity();
                (g.transpose() * g - Matrix3::identity()) * 0.5
            };
            worst_prewarped = worst_prewarped.max((prewarped(&rotated) - prewarped(&c)).norm());
        }
        assert!(worst_prewarped > 1e-2, "the pre-warped Green strain should change: {worst_prewarped}");
    }

    #[test]
    fn jacobian_matches_finite_differences() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(4);
        for k in 0..60 {
            // the series branch (|w| < 0.25), the closed form, and w = 0 exactly
            let mut c = random_coords(&mut rng, [0.05, 0.8, 1.5][k % 3]);
            if k == 0 {
                c[..3].fill(0.0);
            }
            let (d, jac) = rs_gradient_jacobian(&c);
            assert!((d - rs_gradient(&c)).norm() < 1e-15);
            let step = 1e-6;
            for col in 0..9 {
                let (mut p, mut m) = (c, c);
                p[col] += step;
                m[col] -= step;
                let fd = (rs_gradient(&p) - rs_gradient(&m)) / (2.0 * step);
                for row in 0..9 {
                    let err = (fd[(row / 3, row % 3)] - jac[row][col]).abs();
                    assert!(
                        err < 1e-8,
                        "c = {c:?}: ∂D[{row}]/∂c[{col}] = {} vs {}",
                        jac[row][col],
                        fd[(row / 3, row % 3)]
                    );
                }
            }
        }
    }

    #[test]
    fn the_linear_split_is_the_first_order_of_the_map() {
        let g = Matrix3::new(0.3, -0.2, 0.5, 0.1, -0.4, 0.2, -0.3, 0.7, 0.05);
        let c = split_linear(&g);
        assert!((skew(&Vector3::new(c[0], c[1], c[2])) + strain_matrix(&c[3..9]) - g).norm() < 1e-15);
        let t = 1e-7;
        let scaled: Vec<f64> = c.iter().map(|x| t * x).collect();
        assert!((rs_gradient(&scaled) / t - g).norm() < 1e-6);
    }
}
