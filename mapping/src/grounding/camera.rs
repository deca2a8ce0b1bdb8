//! Where the body is relative to the camera: the translation `t` that carries MediaPipe's metric, hip-centred
//! world landmarks onto its image landmarks through a pinhole camera of a given field of view.
//!
//! **Model.** Camera axes are MediaPipe's (x right in the image, y down, z away from the camera). A world
//! landmark `W_i` (metres, origin at the hip centre) sits at `P_i = W_i + t` in the camera frame and projects to
//! the normalised image point `(a_i, b_i) = (P_x / P_z, P_y / P_z)`, where `a_i = (u_i·w − w/2) / f`,
//! `b_i = (v_i·h − h/2) / f` from the landmark's image coordinates `(u_i, v_i) ∈ [0, 1]²`, the image size
//! `w × h` pixels and the focal length `f = (w/2) / tan(fov/2)` pixels (`fov`: the horizontal field of view;
//! the principal point at the image centre, square pixels). Multiplying out the division gives two equations
//! per landmark that are linear in `t`:
//!
//! ```text
//! t_x − a_i t_z = a_i W_z − W_x
//! t_y − b_i t_z = b_i W_z − W_y
//! ```
//!
//! solved in the least-squares sense over the landmarks that are finite and visible, weighted by their
//! visibility (the normal equations are 3 × 3). This is the translation-only case of the perspective-n-point
//! problem; MediaPipe's world landmarks are already in the camera's orientation, so there is no rotation to
//! find. The result is `t`, the hip centre in camera space (metres).
//!
//! **A wrong field of view** scales the depth `t_z` (and with it `t_x`, `t_y`) by about
//! `tan(fov_true/2) / tan(fov_assumed/2)`, but keeps the direction `t / t_z`, so the body's position in the
//! image, and so the avatar's path across the view, is still right; only distances towards the camera and
//! the size of sideways steps in metres are off by that ratio.

use avatar_schema::types::Landmark;
use nalgebra::{Matrix3, Vector3};

/// The pinhole camera the image landmarks were seen through.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Pixels.
    pub width: f64,
    pub height: f64,
    /// Horizontal field of view, radians.
    pub fov: f64,
}

impl Camera {
    /// Focal length in pixels.
    pub fn focal(&self) -> f64 {
        0.5 * self.width / (0.5 * self.fov).tan()
    }

    /// Normalised image point of landmark coordinates `(u, v)` ∈ [0, 1]².
    pub fn normalised(&self, u: f64, v: f64) -> (f64, f64) {
        let f = self.focal();
        ((u - 0.5) * self.width / f, (v - 0.5) * self.height / f)
    }

    /// Image coordinates `(u, v)` (fractions of the width and height) of camera-space point `p`.
    pub fn project(&self, p: &Vector3<f64>) -> (f64, f64) {
        let f = self.focal();
        (0.5 + f * p.x / p.z / self.width, 0.5 + f * p.y / p.z / self.height)
    }

    fn is_valid(&self) -> bool {
        self.width >= 1.0
            && self.height >= 1.0
            && self.fov.is_finite()
            && self.fov > 1f64.to_radians()
            && self.fov < 179f64.to_radians()
    }
}

/// The fitted translation and how well it explains the image.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The hip centre in camera space, metres (MediaPipe axes: x right, y down, z away from the camera).
    pub t: Vector3<f64>,
    /// Landmarks used.
    pub used: usize,
    /// Root-mean-square reprojection error of the used landmarks, as a fraction of the image width.
    pub rms: f64,
}

/// Fit `t` (module doc) from the 33 image and 33 world landmarks of one frame. Landmarks that are not finite,
/// below `min_visibility`, or out of range are left out; `None` with fewer than `min_points` left, a
/// degenerate system, or a body behind the camera.
pub fn fit_translation(
    image: &[Landmark],
    world: &[Landmark],
    camera: &Camera,
    min_visibility: f32,
    min_points: usize,
) -> Option<Fit> {
    if !camera.is_valid() {
        return None;
    }
    let mut ata = Matrix3::<f64>::zeros();
    let mut atb = Vector3::<f64>::zeros();
    let mut used = Vec::new();
    for (i, (im, w)) in image.iter().zip(world).enumerate() {
        let vis = im.visibility.min(w.visibility);
        let values = [im.x, im.y, w.x, w.y, w.z, vis];
        if !values.iter().all(|v| v.is_finite()) || vis < min_visibility || vis <= 0.0 {
            continue;
        }
        let (a, b) = camera.normalised(im.x as f64, im.y as f64);
        let wv = Vector3::new(w.x as f64, w.y as f64, w.z as f64);
        let weight = vis as f64;
        for (row, rhs) in
            [(Vector3::new(1.0, 0.0, -a), a * wv.z - wv.x), (Vector3::new(0.0, 1.0, -b), b * wv.z - wv.y)]
        {
            ata += weight * row * row.transpose();
            atb += weight * rhs * row;
        }
        used.push((i, wv));
    }
    if used.len() < min_points.max(2) {
        return None;
    }
    let t = ata.cholesky()?.solve(&atb);
    if !t.iter().all(|c| c.is_finite()) {
        return None;
    }
    // every used landmark in front of the camera
    if used.iter().any(|(_, w)| w.z + t.z < 0.05) {
        return None;
    }
    let sq: f64 = used
        .iter()
        .map(|(i, w)| {
            let (u, v) = camera.project(&(w + t));
            let (du, dv) = (u - image[*i].x as f64, (v - image[*i].y as f64) * camera.height / camera.width);
            du * du + dv * dv
        })
        .sum();
    Some(Fit { t, used: used.len(), rms: (sq / used.len() as f64).sqrt() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A standing body's 33 world landmarks (metres, MediaPipe axes, hip-centred), roughly human: the points
    /// that matter here are spread over 1.7 m of height and 0.4 m of width, with some depth.
    pub(crate) fn body() -> Vec<Vector3<f64>> {
        let mut w = vec![Vector3::zeros(); 33];
        let set = |w: &mut Vec<Vector3<f64>>, i: usize, x: f64, y: f64, z: f64| w[i] = Vector3::new(x, y, z);
        for i in 0..11 {
            set(&mut w, i, 0.01 * (i as f64 - 5.0), -0.62 - 0.005 * i as f64, -0.08);
            // face
        }
        set(&mut w, 11, 0.18, -0.45, 0.0);
        set(&mut w, 12, -0.18, -0.45, 0.02);
        set(&mut w, 13, 0.22, -0.2, 0.03);
        set(&mut w, 14, -0.22, -0.2, 0.0);
        set(&mut w, 15, 0.24, 0.05, -0.05);
        set(&mut w, 16, -0.24, 0.05, -0.02);
        for (i, s) in [(17, 1.0), (18, -1.0), (19, 1.0), (20, -1.0), (21, 1.0), (22, -1.0)] {
            set(&mut w, i, s * 0.25, 0.12, -0.06);
        }
        set(&mut w, 23, 0.1, 0.0, 0.0);
        set(&mut w, 24, -0.1, 0.0, 0.0);
        set(&mut w, 25, 0.11, 0.42, -0.02);
        set(&mut w, 26, -0.11, 0.42, 0.01);
        set(&mut w, 27, 0.12, 0.82, 0.03);
        set(&mut w, 28, -0.12, 0.82, 0.02);
        set(&mut w, 29, 0.12, 0.88, 0.08);
        set(&mut w, 30, -0.12, 0.88, 0.07);
        set(&mut w, 31, 0.13, 0.9, -0.1);
        set(&mut w, 32, -0.13, 0.9, -0.1);
        w
    }

    fn lm(x: f64, y: f64, z: f64) -> Landmark {
        Landmark { x: x as f32, y: y as f32, z: z as f32, visibility: 0.99, presence: 0.99 }
    }

    /// Image and world landmarks of `body()` at camera-space position `t`, seen through `camera`.
    pub(crate) fn seen(t: Vector3<f64>, camera: &Camera) -> (Vec<Landmark>, Vec<Landmark>) {
        body()
            .iter()
            .map(|w| {
                let (u, v) = camera.project(&(w + t));
                (lm(u, v, 0.0), lm(w.x, w.y, w.z))
            })
            .unzip()
    }

    const CAM: Camera = Camera { width: 640.0, height: 480.0, fov: 1.0471975511965976 }; // 60°

    #[test]
    fn the_fit_recovers_a_known_position() {
        for t in [Vector3::new(0.3, 0.2, 3.0), Vector3::new(-1.2, -0.1, 4.5), Vector3::new(0.0, 0.4, 2.0)] {
            let (im, w) = seen(t, &CAM);
            let fit = fit_translation(&im, &w, &CAM, 0.5, 4).unwrap();
            // f32 storage of the landmarks: ~1e-7 relative; 1 mm is far above it
            assert!((fit.t - t).norm() < 1e-3, "{t} → {}", fit.t);
            assert_eq!(fit.used, 33);
            assert!(fit.rms < 1e-5, "{}", fit.rms);
        }
    }

    #[test]
    fn a_wrong_field_of_view_scales_depth_but_keeps_the_image_position() {
        let t = Vector3::new(0.5, 0.1, 3.0);
        let (im, w) = seen(t, &CAM);
        let wrong = Camera { fov: 50f64.to_radians(), ..CAM };
        let fit = fit_translation(&im, &w, &wrong, 0.5, 4).unwrap();
        let ratio = (0.5 * CAM.fov).tan() / (0.5 * wrong.fov).tan();
        // depth off by about the focal ratio (not exactly: the body's own depth does not scale)...
        assert!((fit.t.z / t.z - ratio).abs() < 0.05 * ratio, "{} vs {}", fit.t.z / t.z, ratio);
        // ...but the hip centre re-projects where it was seen, within 0.5 % of the width
        let (u0, v0) = CAM.project(&t);
        let (u1, v1) = wrong.project(&fit.t);
        assert!((u1 - u0).abs() < 0.005 && (v1 - v0).abs() < 0.005, "({u0}, {v0}) vs ({u1}, {v1})");
        // and it says the fit is worse than with the right field of view
        assert!(fit.rms > 1e-4, "{}", fit.rms);
    }

    #[test]
    fn bad_landmarks_are_left_out_and_too_few_give_none() {
        let t = Vector3::new(0.2, 0.0, 2.5);
        let (mut im, mut w) = seen(t, &CAM);
        im[0].x = f32::NAN;
        w[5].z = f32::INFINITY;
        im[27].visibility = 0.1;
        let fit = fit_translation(&im, &w, &CAM, 0.5, 4).unwrap();
        assert_eq!(fit.used, 30);
        assert!((fit.t - t).norm() < 1e-3);
        for l in im.iter_mut().skip(2) {
            l.visibility = 0.0;
        }
        assert!(fit_translation(&im, &w, &CAM, 0.5, 4).is_none());
        assert!(fit_translation(&[], &[], &CAM, 0.5, 4).is_none());
        let (im, w) = seen(t, &CAM);
        assert!(fit_translation(&im, &w, &Camera { fov: f64::NAN, ..CAM }, 0.5, 4).is_none());
        assert!(fit_translation(&im, &w, &Camera { width: 0.0, ..CAM }, 0.5, 4).is_none());
    }
}
