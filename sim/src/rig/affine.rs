//! Small affine algebra: 3×4 transforms `[A | b]` acting on rest positions (the crate convention, [`crate`]),
//! their composition and inverse, and their row-major place in a parameter vector.

/// A 3×4 affine transform `[A | b]`, rows of 4.
pub type Affine = [[f64; 4]; 3];

/// The identity transform `[I | 0]`.
pub const IDENTITY: Affine = [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]];

/// A bind transform's linear part counts as singular when `|det A| <= SINGULAR_REL_DET * (‖A‖_F / √3)³`.
pub const SINGULAR_REL_DET: f64 = 1e-12;

/// `[X; 1]_k`: the homogeneous rest coordinate.
#[inline]
pub(super) fn homogeneous(x: &[f64; 3], k: usize) -> f64 {
    if k < 3 {
        x[k]
    } else {
        1.0
    }
}

pub(super) fn det3(t: &Affine) -> f64 {
    t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1]) - t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0])
        + t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])
}

/// Composition `a · b` of affine maps (apply `b` first).
pub fn affine_mul(a: &Affine, b: &Affine) -> Affine {
    let mut out = [[0.0; 4]; 3];
    for c in 0..3 {
        for k in 0..4 {
            let mut s = if k == 3 { a[c][3] } else { 0.0 };
            for j in 0..3 {
                s += a[c][j] * b[j][k];
            }
            out[c][k] = s;
        }
    }
    out
}

/// Inverse `[A⁻¹ | -A⁻¹ b]`, or `None` when `A` is singular (see [`SINGULAR_REL_DET`]) or not finite.
pub fn affine_inverse(t: &Affine) -> Option<Affine> {
    if !is_invertible(t) {
        return None;
    }
    let det = det3(t);
    // A⁻¹ = adj(A) / det: entry (r, c) is the cofactor of (c, r), written with cyclic indices.
    let a_inv: [[f64; 3]; 3] = std::array::from_fn(|r| {
        std::array::from_fn(|c| {
            let (r1, r2, c1, c2) = ((c + 1) % 3, (c + 2) % 3, (r + 1) % 3, (r + 2) % 3);
            (t[r1][c1] * t[r2][c2] - t[r1][c2] * t[r2][c1]) / det
        })
    });
    let inv = std::array::from_fn(|r| {
        let row = a_inv[r];
        [row[0], row[1], row[2], -(row[0] * t[0][3] + row[1] * t[1][3] + row[2] * t[2][3])]
    });
    Some(inv)
}

pub(super) fn is_finite_affine(t: &Affine) -> bool {
    t.iter().flatten().all(|v| v.is_finite())
}

pub(super) fn is_invertible(t: &Affine) -> bool {
    if !is_finite_affine(t) {
        return false;
    }
    let frob2: f64 = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).map(|(r, c)| t[r][c] * t[r][c]).sum();
    let scale = (frob2 / 3.0).sqrt();
    scale > 0.0 && det3(t).abs() > SINGULAR_REL_DET * scale.powi(3)
}

/// Write `t` row-major into `p[0..12]`.
pub fn write_affine(p: &mut [f64], t: &Affine) {
    for c in 0..3 {
        for k in 0..4 {
            p[4 * c + k] = t[c][k];
        }
    }
}

/// Read a row-major transform from `p[0..12]`.
pub fn read_affine(p: &[f64]) -> Affine {
    let mut t = [[0.0; 4]; 3];
    for c in 0..3 {
        for k in 0..4 {
            t[c][k] = p[4 * c + k];
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rig::test_support::Rng;

    #[test]
    fn affine_helpers_invert_and_compose() {
        let mut rng = Rng(99);
        for _ in 0..20 {
            let mut t = IDENTITY;
            t.iter_mut().flatten().for_each(|v| *v += rng.range(-0.5, 0.5));
            let inv = affine_inverse(&t).unwrap();
            for m in [affine_mul(&t, &inv), affine_mul(&inv, &t)] {
                assert!(m
                    .iter()
                    .flatten()
                    .zip(IDENTITY.iter().flatten())
                    .all(|(a, b)| (a - b).abs() < 1e-12));
            }
            let mut p = [0.0; 12];
            write_affine(&mut p, &t);
            assert_eq!(p[4 + 3], t[1][3]);
            assert_eq!(read_affine(&p), t);
        }
        let mut singular = IDENTITY;
        singular[2] = [0.0, 0.0, 1e-20, 0.0];
        assert_eq!(affine_inverse(&singular), None);
    }
}
