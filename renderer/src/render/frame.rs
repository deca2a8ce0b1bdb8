//! The frame uniform (camera, light, flat colour, counts, instance spacing) and the ground, for the instances
//! of the avatar laid out on a grid.

use super::{Light, RenderSettings};
use crate::camera::{framing, framing_box, Mat4};
use crate::gpu_mesh::GpuMesh;

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub(super) struct FrameUniform {
    pub view_proj: [[f32; 4]; 4],
    light_dir: [f32; 4],
    base_color: [f32; 4],
    counts: [u32; 4],
    spacing: [f32; 4],
    /// MToon's light: the directional light's colour × intensity (w: 1 when the shaders encode sRGB, see
    /// [`FrameUniform::into_target`]), the ambient light's (w: the UV animation's time, s).
    light_color: [f32; 4],
    ambient: [f32; 4],
    /// The camera: position and cot(fov_y / 2); its right, up and back axes (world).
    eye: [f32; 4],
    cam_right: [f32; 4],
    cam_up: [f32; 4],
    cam_back: [f32; 4],
}

impl FrameUniform {
    /// The same without the modes (`counts.x = 0`): for a skinning of `z = 0`, to which they add nothing.
    pub fn without_modes(mut self) -> FrameUniform {
        self.counts[0] = 0;
        self
    }

    /// The same drawing into a target of `format`: the shaders encode sRGB themselves into a plain one.
    pub fn into_target(mut self, format: wgpu::TextureFormat) -> FrameUniform {
        self.light_color[3] = if format.is_srgb() { 0.0 } else { 1.0 };
        self
    }

    /// The same under `light` (MToon's light, and the direction the plain materials light themselves from).
    pub fn lit_by(mut self, light: &Light) -> FrameUniform {
        let [x, y, z] = light.direction;
        self.light_dir = [x, y, z, 0.0];
        let encode = self.light_color[3];
        self.light_color = [light.intensity, light.intensity, light.intensity, encode];
        self.ambient = [light.ambient, light.ambient, light.ambient, light.time as f32];
        self
    }

    /// The same seen through `view_proj`: the camera's position and axes (what MToon's rim, matcap and
    /// screen-space outlines read), recovered from the matrix itself.
    pub fn seen_through(mut self, view_proj: Mat4) -> FrameUniform {
        self.view_proj = view_proj;
        if let Some(c) = camera_of(&view_proj) {
            self.eye = [c.eye[0], c.eye[1], c.eye[2], c.cot_half_fov];
            self.cam_right = [c.right[0], c.right[1], c.right[2], 0.0];
            self.cam_up = [c.up[0], c.up[1], c.up[2], 0.0];
            self.cam_back = [c.back[0], c.back[1], c.back[2], 0.0];
        }
        self
    }
}

/// A perspective camera's place and axes, read back from its view-projection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CameraPose {
    pub eye: [f32; 3],
    pub right: [f32; 3],
    pub up: [f32; 3],
    /// The camera looks along −back.
    pub back: [f32; 3],
    /// The projection's cot(fov_y / 2) (its `[1][1]`).
    pub cot_half_fov: f32,
}

/// The camera of `P · V` with `P` a perspective projection as [`crate::camera::perspective`] makes (x and y
/// scaled, w = −z_view) and `V` a rigid view: clip x, y and w are rows `s_x · right`, `s_y · up` and `−back`
/// (each with its translation), so the axes are those rows normalised and the eye is where all three vanish.
/// `None` for a matrix of another shape (an orthographic one: no eye).
pub fn camera_of(m: &Mat4) -> Option<CameraPose> {
    // column-major: row r is (m[0][r], m[1][r], m[2][r], m[3][r])
    let row = |r: usize| [m[0][r] as f64, m[1][r] as f64, m[2][r] as f64, m[3][r] as f64];
    let (rx, ry, rw) = (row(0), row(1), row(3));
    let len = |r: &[f64; 4]| (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).sqrt();
    let (lx, ly, lw) = (len(&rx), len(&ry), len(&rw));
    if !(lx > 0.0 && ly > 0.0 && lw > 0.0) || !(lx.is_finite() && ly.is_finite() && lw.is_finite()) {
        return None;
    }
    // solve [rx; ry; rw]_{3×3} e = −[rx_3, ry_3, rw_3] (Cramer's rule)
    let a = [[rx[0], rx[1], rx[2]], [ry[0], ry[1], ry[2]], [rw[0], rw[1], rw[2]]];
    let b = [-rx[3], -ry[3], -rw[3]];
    let det3 = |a: &[[f64; 3]; 3]| {
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    };
    let d = det3(&a);
    if d.abs() < 1e-12 * lx * ly * lw {
        return None;
    }
    let mut eye = [0f32; 3];
    for (c, e) in eye.iter_mut().enumerate() {
        let mut ac = a;
        for r in 0..3 {
            ac[r][c] = b[r];
        }
        *e = (det3(&ac) / d) as f32;
    }
    let unit = |r: &[f64; 4], l: f64, sign: f64| {
        [(sign * r[0] / l) as f32, (sign * r[1] / l) as f32, (sign * r[2] / l) as f32]
    };
    Some(CameraPose {
        eye,
        right: unit(&rx, lx, 1.0),
        up: unit(&ry, ly, 1.0),
        back: unit(&rw, lw, -1.0),
        cot_half_fov: (ly / lw) as f32,
    })
}

/// The instance grid: its frame uniform, the box the camera frames, and the ground square under it.
pub(super) struct Framing {
    pub frame: FrameUniform,
    /// The box the camera frames (the instance grid).
    pub framed: ([f32; 3], [f32; 3]),
    /// The ground square: xyz its centre (at the avatar's feet), w its half side.
    pub ground: [f32; 4],
}

impl Framing {
    /// Frame uniform: camera framing the whole instance grid, or `options.frame_box` when given.
    pub fn new(mesh: &GpuMesh, options: &RenderSettings) -> Framing {
        let (lo, hi) = mesh.bounds;
        let size = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
        let cols = (options.instances as f32).sqrt().ceil().max(1.0) as u32;
        let rows = options.instances.div_ceil(cols);
        // w: whether the shader adds the held displacement (1 when the avatar has a held part)
        let held = if mesh.held.is_some() { 1.0 } else { 0.0 };
        let spacing = [1.3 * size[0].max(size[2]), 0.0, 1.3 * size[0].max(size[2]), held];
        let grid_hi = [hi[0] + (cols - 1) as f32 * spacing[0], hi[1], hi[2]];
        let grid_lo = [lo[0], lo[1], lo[2] - (rows - 1) as f32 * spacing[2]];
        let (grid_lo, grid_hi) = options.frame_box.unwrap_or((grid_lo, grid_hi));
        let frame = FrameUniform {
            view_proj: view_proj((grid_lo, grid_hi), options),
            light_dir: [0.4, 0.8, 0.6, 0.0],
            base_color: crate::gpu_mesh::FLAT_COLOR,
            counts: [mesh.modes as u32, mesh.num_p as u32, mesh.params_len() as u32, cols],
            spacing,
            light_color: [0.0; 4],
            ambient: [0.0; 4],
            eye: [0.0; 4],
            cam_right: [0.0; 4],
            cam_up: [0.0; 4],
            cam_back: [0.0; 4],
        }
        .lit_by(&options.light)
        .into_target(target_format(options.format))
        .seen_through(view_proj((grid_lo, grid_hi), options));
        let half = 0.75 * (grid_hi[0] - grid_lo[0]).max(grid_hi[2] - grid_lo[2]).max(size[1]);
        // The floor stays at the avatar's rest feet, also under a given box.
        let ground = [0.5 * (grid_lo[0] + grid_hi[0]), lo[1], 0.5 * (grid_lo[2] + grid_hi[2]), half];
        Framing { frame, framed: (grid_lo, grid_hi), ground }
    }
}

/// The format the renderer draws into for a requested `format`: offscreen sRGB RGBA8 (what is read back) is
/// drawn as plain RGBA8 with the shaders encoding sRGB (the same bytes, blending in sRGB space as three.js
/// does); any other (a window's surface) as it is.
pub(super) fn target_format(format: wgpu::TextureFormat) -> wgpu::TextureFormat {
    if format == wgpu::TextureFormat::Rgba8UnormSrgb {
        wgpu::TextureFormat::Rgba8Unorm
    } else {
        format
    }
}

/// Share of the image's half-width and half-height a given box fills ([`framing_box`]).
pub(super) const BOX_FILL: f32 = 0.92;

/// The camera for `framed`: the options' fixed camera when they give one, [`framing_box`] when they give a box,
/// [`framing`] (the instance grid) else.
pub(super) fn view_proj(framed: ([f32; 3], [f32; 3]), options: &RenderSettings) -> Mat4 {
    let aspect = options.width as f32 / options.height as f32;
    if let Some(c) = &options.camera {
        return c.view_proj(aspect);
    }
    match options.frame_box {
        Some(_) => framing_box(framed.0, framed.1, aspect, options.yaw, BOX_FILL),
        None => framing(framed.0, framed.1, aspect, options.yaw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::FixedCamera;

    /// The camera read back from a view-projection is the one that made it: position, axes (the right one
    /// level, the back one from the target to the eye), cot(fov / 2).
    #[test]
    fn the_camera_comes_back_from_its_view_projection() {
        for (eye, target, fov) in
            [([0.0, 0.85, 3.8], [0.0, 0.85, 0.0], 30.0), ([1.5, 2.0, -0.7], [0.2, 0.9, 0.4], 55.0)]
        {
            let cam = FixedCamera { eye, target, fov_degrees: fov };
            let c = camera_of(&cam.view_proj(360.0 / 640.0)).unwrap();
            let d: Vec<f32> = (0..3).map(|i| eye[i] - target[i]).collect();
            let len = d.iter().map(|x| x * x).sum::<f32>().sqrt();
            for i in 0..3 {
                assert!((c.eye[i] - eye[i]).abs() < 1e-4, "eye {:?} vs {eye:?}", c.eye);
                assert!((c.back[i] - d[i] / len).abs() < 1e-5, "back {:?}", c.back);
            }
            assert!(c.right[1].abs() < 1e-6, "the right axis is level: {:?}", c.right);
            let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            assert!(dot(c.right, c.up).abs() < 1e-5 && dot(c.up, c.back).abs() < 1e-5);
            assert!(c.up[1] > 0.0, "up points up: {:?}", c.up);
            let want = 1.0 / (0.5 * fov as f32).to_radians().tan();
            assert!((c.cot_half_fov - want).abs() < 1e-4 * want, "cot {} vs {want}", c.cot_half_fov);
        }
        assert_eq!(camera_of(&[[0.0; 4]; 4]), None);
    }
}
