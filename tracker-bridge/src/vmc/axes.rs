//! Unity's left-handed axes to ours (see "Axes" in the [`crate::vmc`] documentation), and quaternion
//! normalisation.

/// Unity (left-handed, +Z forward, +X right) position -> ours (right-handed, +Z forward, +X left): mirror X.
pub fn unity_to_rh_position(p: [f32; 3]) -> [f32; 3] {
    [-p[0], p[1], p[2]]
}

/// Unity rotation quaternion (x, y, z, w) -> ours: M R M with M = diag(-1, 1, 1), i.e. (x, -y, -z, w).
pub fn unity_to_rh_rotation(q: [f32; 4]) -> [f32; 4] {
    [q[0], -q[1], -q[2], q[3]]
}

/// `q` scaled to unit length; `None` if its length is (nearly) zero or not finite.
pub(super) fn normalised(q: [f32; 4]) -> Option<[f32; 4]> {
    // in f64: the squares of finite f32s may overflow f32
    let norm = q.iter().map(|&c| c as f64 * c as f64).sum::<f64>().sqrt();
    if !norm.is_finite() || norm <= 1e-6 {
        return None;
    }
    Some(q.map(|c| (c as f64 / norm) as f32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vmc::testing::close;

    /// Rotate `v` by the unit quaternion `q` (x, y, z, w): v' = q v q*.
    fn rotate(q: [f32; 4], v: [f32; 3]) -> [f32; 3] {
        let (u, w) = ([q[0], q[1], q[2]], q[3]);
        let cross = |a: [f32; 3], b: [f32; 3]| {
            [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
        };
        let t = cross(u, v).map(|c| 2.0 * c);
        let ut = cross(u, t);
        [0, 1, 2].map(|i| v[i] + w * t[i] + ut[i])
    }

    #[test]
    fn rotation_about_y_commutes_with_the_axis_conversion() {
        let vectors = [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.3, -0.7, 0.2], [-1.5, 2.0, 0.25]];
        for deg in [-170.0f32, -90.0, -30.0, 0.0, 15.0, 90.0, 135.0, 180.0] {
            let half = deg.to_radians() / 2.0;
            let q = [0.0, half.sin(), 0.0, half.cos()];
            for v in vectors {
                let unity = rotate(q, v);
                let ours = rotate(unity_to_rh_rotation(q), unity_to_rh_position(v));
                assert!(close(&unity_to_rh_position(unity), &ours), "θ={deg} v={v:?}: {unity:?} vs {ours:?}");
            }
        }
        // Unity: +90° about +Y turns forward (+Z) to the avatar's right (+X); here forward is still +Z and the
        // avatar's right is -X
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let ours = rotate(unity_to_rh_rotation([0.0, h, 0.0, h]), unity_to_rh_position([0.0, 0.0, 1.0]));
        assert!(close(&ours, &[-1.0, 0.0, 0.0]), "{ours:?}");
        // a forward bow (Unity: about +X, forward tips down) stays a forward bow: the head's +Y tips to +Z
        let bow = [(0.25f32).sin(), 0.0, 0.0, (0.25f32).cos()];
        let unity_up = rotate(bow, [0.0, 1.0, 0.0]);
        assert!(unity_up[2] > 0.0, "Unity: a positive rotation about +X tips +Y towards +Z");
        let ours = rotate(unity_to_rh_rotation(bow), unity_to_rh_position([0.0, 1.0, 0.0]));
        assert!(ours[2] > 0.0 && close(&ours, &unity_to_rh_position(unity_up)), "{ours:?}");
        // and any rotation: conversion is a conjugation by the mirror
        let mut rng_state = 7u32;
        let mut next = || {
            rng_state = rng_state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (rng_state >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
        };
        for _ in 0..200 {
            let q = normalised([next(), next(), next(), next()]).unwrap();
            let v = [next(), next(), next()];
            let unity = rotate(q, v);
            let ours = rotate(unity_to_rh_rotation(q), unity_to_rh_position(v));
            assert!(close(&unity_to_rh_position(unity), &ours), "q={q:?} v={v:?}");
        }
    }
}
