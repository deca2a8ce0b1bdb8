//! Unity's axes <-> ours. Ours are glTF's (VRM 1.0's): right-handed, metres, +Y up, the avatar faces +Z
//! with its left at +X. Unity's (VMC's) are left-handed: +Y up, the avatar faces +Z with its left at −X. The
//! conversion mirrors X (`M = diag(−1, 1, 1)`, UniVRM's glTF <-> Unity convention for VRM 1.0): a position
//! `p` becomes `M p = (−x, y, z)` and a rotation `R` becomes `M R M`, which for a quaternion `(x, y, z, w)`
//! is `(x, −y, −z, w)` (the rotation axis is a pseudo-vector: it mirrors and flips). Forward stays forward,
//! so a bow is a bow and a step forward a step forward in both. `M` is its own inverse: each direction is the
//! same map, named for the reader.

use std::ops::Neg;

/// Our position (glTF) in Unity's axes: `M p = (−x, y, z)`.
pub fn gltf_to_unity_position<T: Neg<Output = T>>([x, y, z]: [T; 3]) -> [T; 3] {
    [-x, y, z]
}

/// Our rotation quaternion `(x, y, z, w)` in Unity's axes: `M R M`, i.e. `(x, −y, −z, w)`.
pub fn gltf_to_unity_rotation<T: Neg<Output = T>>([x, y, z, w]: [T; 4]) -> [T; 4] {
    [x, -y, -z, w]
}

/// A Unity position in ours (glTF): the same mirror, [`gltf_to_unity_position`].
pub fn unity_to_gltf_position<T: Neg<Output = T>>(p: [T; 3]) -> [T; 3] {
    gltf_to_unity_position(p)
}

/// A Unity rotation quaternion `(x, y, z, w)` in ours: the same conjugation, [`gltf_to_unity_rotation`].
pub fn unity_to_gltf_rotation<T: Neg<Output = T>>(q: [T; 4]) -> [T; 4] {
    gltf_to_unity_rotation(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5)
    }

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
                let ours = rotate(unity_to_gltf_rotation(q), unity_to_gltf_position(v));
                assert!(
                    close(&unity_to_gltf_position(unity), &ours),
                    "θ={deg} v={v:?}: {unity:?} vs {ours:?}"
                );
            }
        }
        // Unity: +90° about +Y turns forward (+Z) to the avatar's right (+X); here forward is still +Z and the
        // avatar's right is -X
        let h = std::f32::consts::FRAC_1_SQRT_2;
        let ours = rotate(unity_to_gltf_rotation([0.0, h, 0.0, h]), unity_to_gltf_position([0.0, 0.0, 1.0]));
        assert!(close(&ours, &[-1.0, 0.0, 0.0]), "{ours:?}");
        // a forward bow (Unity: about +X, forward tips down) stays a forward bow: the head's +Y tips to +Z
        let bow = [(0.25f32).sin(), 0.0, 0.0, (0.25f32).cos()];
        let unity_up = rotate(bow, [0.0, 1.0, 0.0]);
        assert!(unity_up[2] > 0.0, "Unity: a positive rotation about +X tips +Y towards +Z");
        let ours = rotate(unity_to_gltf_rotation(bow), unity_to_gltf_position([0.0, 1.0, 0.0]));
        assert!(ours[2] > 0.0 && close(&ours, &unity_to_gltf_position(unity_up)), "{ours:?}");
        // and any rotation: conversion is a conjugation by the mirror
        let mut rng_state = 7u32;
        let mut next = || {
            rng_state = rng_state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (rng_state >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
        };
        for _ in 0..200 {
            let q = [next(), next(), next(), next()];
            let norm = q.iter().map(|c| c * c).sum::<f32>().sqrt();
            let q = q.map(|c| c / norm);
            let v = [next(), next(), next()];
            let unity = rotate(q, v);
            let ours = rotate(unity_to_gltf_rotation(q), unity_to_gltf_position(v));
            assert!(close(&unity_to_gltf_position(unity), &ours), "q={q:?} v={v:?}");
        }
    }
}
