//! MediaPipe Face Landmarker output → rig parameters: blendshape scores by name, head rotation from the facial
//! transformation matrix.
//!
//! **Blendshapes.** Scores are written to the rig's blendshape parameter of the same name
//! ([`Rig::blendshape_param_index`]); the default avatar names its 52 ARKit targets as MediaPipe does. Names the
//! rig lacks are counted in [`FaceMapCounts::unknown`] (MediaPipe's `_neutral` category among them), non-finite
//! scores in `rejected`; finite scores are clamped to [0, 1] (MediaPipe's range).
//!
//! **Head rotation.** The facial transformation matrix (column-major 4×4, `m[4*col + row]`) maps MediaPipe's
//! canonical face model into its metric camera space: right-handed, x right, y up, z toward the viewer
//! (OpenGL-style; MediaPipe face-geometry docs), the model facing +z, so the identity is a face looking into
//! the camera. Those are the avatar's axes as chosen in [`super::pose`] (x image-right, +Y up, +Z toward the
//! camera), so the rotation part is used as is (mirrored: conjugated by the x reflection). The 3×3 block may
//! carry scale and noise: it is orthonormalised to the nearest rotation (polar factor by SVD, det forced +1).

use avatar_schema::types::NamedWeight;
use avatar_sim::rig::{read_affine, Rig};
use nalgebra::{Matrix3, Rotation3, Unit, Vector3};

/// What one [`map_blendshapes`] call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FaceMapCounts {
    pub applied: usize,
    pub unknown: usize,
    pub rejected: usize,
}

/// Write blendshape scores into `p` by name (see the module doc).
pub fn map_blendshapes(rig: &Rig, weights: &[NamedWeight], p: &mut [f64]) -> FaceMapCounts {
    let mut c = FaceMapCounts::default();
    for w in weights {
        match rig.blendshape_param_index(&w.name) {
            None => c.unknown += 1,
            Some(_) if !w.value.is_finite() => c.rejected += 1,
            Some(i) => {
                p[i] = (w.value as f64).clamp(0.0, 1.0);
                c.applied += 1;
            }
        }
    }
    c
}

/// The nearest rotation to the 3×3 block of a column-major 4×4 facial transform, or `None` when it is not
/// finite or (near) singular.
pub fn head_rotation(m: &[f32; 16], mirror: bool) -> Option<Rotation3<f64>> {
    let a = Matrix3::from_fn(|r, c| m[4 * c + r] as f64);
    if !a.iter().all(|v| v.is_finite()) {
        return None;
    }
    let svd = a.svd(true, true);
    let (u, vt) = (svd.u?, svd.v_t?);
    let smax = svd.singular_values.max();
    if smax.is_nan() || smax <= 0.0 || svd.singular_values.min() < 1e-6 * smax {
        return None;
    }
    let mut r = u * vt;
    if r.determinant() < 0.0 {
        // a reflection: flip the axis of the smallest singular value
        let k = svd.singular_values.imin();
        let mut u2 = u;
        u2.column_mut(k).neg_mut();
        r = u2 * vt;
    }
    if mirror {
        let s = Matrix3::from_diagonal(&Vector3::new(-1.0, 1.0, 1.0));
        r = s * r * s;
    }
    Some(Rotation3::from_matrix_unchecked(r))
}

/// Give bone `bone` (and its subtree, rigidly) the world rotation `r` (rest = identity), about its posed head.
/// Returns `None` when the rig has no such bone.
pub fn set_bone_world_rotation(rig: &Rig, p: &mut [f64], bone: &str, r: &Rotation3<f64>) -> Option<()> {
    let o = rig.bone_param_offset(bone)?;
    let t = read_affine(&p[o..]);
    let w = Rotation3::from_matrix_unchecked(Matrix3::from_fn(|i, j| t[i][j]));
    let delta = r * w.inverse();
    match delta.axis_angle() {
        None => Some(()),
        Some((axis, angle)) => {
            avatar_sim::rig::rotate_subtree(rig, p, bone, Unit::into_inner(axis).into(), angle)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::asset::default_avatar;

    #[test]
    fn blendshapes_by_name_with_unknown_counted() {
        let rig = default_avatar::inputs().unwrap().1;
        let mut p = rig.rest_params();
        let w = |n: &str, v: f32| NamedWeight { name: n.into(), value: v };
        let c = map_blendshapes(
            &rig,
            &[w("_neutral", 0.9), w("jawOpen", 0.4), w("eyeBlinkLeft", 1.5), w("mouthClose", f32::NAN)],
            &mut p,
        );
        assert_eq!(c, FaceMapCounts { applied: 2, unknown: 1, rejected: 1 });
        assert!((p[rig.blendshape_param_index("jawOpen").unwrap()] - 0.4).abs() < 1e-7);
        assert_eq!(p[rig.blendshape_param_index("eyeBlinkLeft").unwrap()], 1.0);
        assert_eq!(p[rig.blendshape_param_index("mouthClose").unwrap()], 0.0);
    }

    /// A known rotation with scale 1.3, translation and 1e-4 noise in the 3×3 block comes back within 2e-4 rad;
    /// the head bone then carries exactly that world rotation.
    #[test]
    fn head_rotation_orthonormalised_and_applied() {
        let r0 = Rotation3::from_euler_angles(0.2, -0.5, 0.1);
        let mut m = [0f32; 16];
        for c in 0..3 {
            for r in 0..3 {
                let noise = 1e-4 * (((r * 3 + c) as f64 * 1.7).sin());
                m[4 * c + r] = (1.3 * r0[(r, c)] + noise) as f32;
            }
        }
        m[12] = 0.01;
        m[13] = -0.02;
        m[14] = -0.4;
        m[15] = 1.0;
        let r = head_rotation(&m, false).unwrap();
        assert!((r.matrix().determinant() - 1.0).abs() < 1e-12);
        let err = r.angle_to(&r0);
        eprintln!("head rotation error {err:.3e} rad");
        assert!(err < 2e-4, "{err}");
        let mirrored = head_rotation(&m, true).unwrap();
        assert!((mirrored.angle() - r.angle()).abs() < 1e-9);
        assert!(head_rotation(&[f32::NAN; 16], false).is_none());
        assert!(head_rotation(&[0.0; 16], false).is_none());

        let rig = default_avatar::inputs().unwrap().1;
        let mut p = rig.rest_params();
        set_bone_world_rotation(&rig, &mut p, "head", &r).unwrap();
        let o = rig.bone_param_offset("head").unwrap();
        let t = read_affine(&p[o..]);
        let w = Matrix3::from_fn(|i, j| t[i][j]);
        assert!((w - r.matrix()).norm() < 1e-12);
        // the head joint stays put
        let h = avatar_sim::rig::bone_head(&rig, "head").unwrap();
        let moved: f64 =
            (0..3).map(|c| (t[c][0] * h[0] + t[c][1] * h[1] + t[c][2] * h[2] + t[c][3] - h[c]).powi(2)).sum();
        assert!(moved.sqrt() < 1e-12);
    }

    /// The recorded face session: every frame maps to finite p; every score but `_neutral` finds its target.
    #[test]
    fn recording_face_maps() {
        use avatar_schema::types::Message;
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/recordings/face_carphone.avtrrec");
        let rec = tracker_bridge::recording::Recording::load(&path).unwrap();
        let rig = default_avatar::inputs().unwrap().1;
        let (mut frames, mut with_rot, mut applied, mut unknown) = (0, 0, 0, 0);
        for rec in &rec.records {
            let Message::Face(f) = &rec.message else { continue };
            frames += 1;
            let mut p = rig.rest_params();
            let c = map_blendshapes(&rig, &f.blendshapes, &mut p);
            applied += c.applied;
            unknown += c.unknown;
            if let Some(r) = f.facial_transform.as_ref().and_then(|m| head_rotation(m, false)) {
                set_bone_world_rotation(&rig, &mut p, "head", &r).unwrap();
                with_rot += 1;
            }
            assert!(p.iter().all(|v| v.is_finite()));
        }
        eprintln!("{frames} face frames, {with_rot} with a head rotation, {applied} scores applied, {unknown} unknown");
        assert!(frames > 10);
        // MediaPipe's 52 categories are `_neutral` plus 51 ARKit names (no `tongueOut`)
        assert_eq!((applied, unknown), (51 * frames, frames));
    }
}
