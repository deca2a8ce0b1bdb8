//! The frame uniform (camera, light, flat colour, counts, instance spacing) and the ground, for the instances
//! of the avatar laid out on a grid.

use super::RenderSettings;
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
}

impl FrameUniform {
    /// The same without the modes (`counts.x = 0`): for a skinning of `z = 0`, to which they add nothing.
    pub fn without_modes(mut self) -> FrameUniform {
        self.counts[0] = 0;
        self
    }
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
        };
        let half = 0.75 * (grid_hi[0] - grid_lo[0]).max(grid_hi[2] - grid_lo[2]).max(size[1]);
        // The floor stays at the avatar's rest feet, also under a given box.
        let ground = [0.5 * (grid_lo[0] + grid_hi[0]), lo[1], 0.5 * (grid_lo[2] + grid_hi[2]), half];
        Framing { frame, framed: (grid_lo, grid_hi), ground }
    }
}

/// Share of the image's half-width and half-height a given box fills ([`framing_box`]).
pub(super) const BOX_FILL: f32 = 0.92;

/// The camera for `framed`: [`framing_box`] when the options give a box, [`framing`] (the instance grid) else.
pub(super) fn view_proj(framed: ([f32; 3], [f32; 3]), options: &RenderSettings) -> Mat4 {
    let aspect = options.width as f32 / options.height as f32;
    match options.frame_box {
        Some(_) => framing_box(framed.0, framed.1, aspect, options.yaw, BOX_FILL),
        None => framing(framed.0, framed.1, aspect, options.yaw),
    }
}
