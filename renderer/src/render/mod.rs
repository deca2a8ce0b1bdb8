//! [`AvatarRenderer`]: the avatar's buffers on the GPU, the skinning pipelines (draw and read-back), and
//! offscreen frames as RGBA images.
//!
//! Per frame only `p` and `z` go to the GPU (one `write_buffer` of `instances × (num_p + 12m)` floats);
//! everything else is uploaded when the renderer is made. Several instances of the avatar (a crowd, for
//! benchmarks) are drawn with one instanced draw, each with its own `p` and `z`.
//!
//! Looks: each material is one indexed draw over its range of the (material-sorted) indices, with its own bind
//! group (group 1): a uniform with the linear base-colour factor and the alpha mode, the base-colour texture
//! (`Rgba8UnormSrgb`, mipmapped on the CPU in linear light; a 1×1 white texture for untextured materials) and
//! a linear, repeating sampler. The UV is a vertex buffer (location 0) read at the vertex index, next to the
//! storage buffers the skinning reads. Opaque and masked materials are drawn first (masked ones discard below
//! their cutoff), blended ones last without depth writes; single-sided materials cull back faces. An avatar
//! without materials is one draw of the flat colour with culling off, as before looks existed.
//!
//! MToon (VRM's toon shading, issue 55): a material with [`avatar_sim::asset::looks::MToon`] parameters is
//! shaded by `fs_mtoon`, a port of three-vrm's MToon fragment shader (lit and shade colours across the
//! shading-shift/toony ramp, ambient light, parametric rim and matcap with their lighting mix and texture,
//! emission, tangent-space normal maps, UV animation at the light's `time`, alpha modes), with every MToon
//! texture bound (1×1 stand-ins for empty slots); an outline is a second draw of the same range (`vs_outline`:
//! pushed out along the normal by the world or screen width, front faces culled). Blended MToon materials
//! write depth when `transparentWithZWrite`, and materials are ordered by three-vrm's render order. Not
//! ported: shadows (none are cast here), vertex colours, light probes. The light ([`Light`]: one directional
//! and one ambient, three.js units) and a fixed camera ([`crate::camera::FixedCamera`]) can be the browser
//! viewer's, so that the same scene can be drawn by three-vrm, the viewer and this renderer.
//!
//! Views: [`AvatarRenderer::draw`] draws from the renderer's own camera (framing the instance grid or the
//! options' box); [`AvatarRenderer::draw_view`] from any camera, with or without the ground, lit or as the heat
//! map of `|u|` (the secondary displacement, [`crate::heat`]), or as a silhouette on a transparent background.
//! [`AvatarRenderer::draw_skinned_view`] draws the same from the positions and normals the compute pass wrote
//! ([`AvatarRenderer::skin`]), so that several views of one state skin it once (on a software rasterizer the
//! vertex shader runs on one thread, the compute pass on all of them).
//!
//! # Layout
//! - `bindings`: the bind group layouts, the buffers and the bind groups.
//! - `frame`: the frame uniform (camera framing the instance grid, a given box or a fixed camera, its position
//!   and axes read back from the view-projection, light, counts) and the ground.
//! - `pipelines`: the draw pipelines by blending, culling and depth writes, the ground's, the read-back's
//!   compute pipeline.
//! - `materials`: each material's uniform, textures, bind group, draw and (MToon) outline draw.
//! - `texture`: sRGB (colour) and plain (data) textures with their mip chain.

mod bindings;
mod frame;
mod materials;
mod pipelines;
mod texture;

use crate::camera::{FixedCamera, Mat4};
use crate::gpu::{Gpu, GpuError};
use crate::gpu_mesh::GpuMesh;
use crate::heat::HeatScale;
use avatar_sim::asset::Asset;
use bindings::{BindGroups, Buffers, Layouts, SKINNED_STRIDE};
use frame::{FrameUniform, Framing};
use materials::{MaterialDraw, MaterialDraws};
use pipelines::{Pipelines, DEPTH_FORMAT};

/// Image size and scene options.
#[derive(Clone, Debug)]
pub struct RenderSettings {
    pub width: u32,
    pub height: u32,
    /// Copies of the avatar, laid out on a grid (each with its own `p` and `z`).
    pub instances: u32,
    pub ground: bool,
    /// Camera yaw around the avatar (degrees; 0 = from the front, +Z).
    pub yaw: f32,
    /// A static camera framing this world box `(lo, hi)` (metres; e.g. the whole path of a motion) instead of
    /// the avatar's rest bounds (the instance grid), tightly ([`crate::camera::framing_box`]); the ground
    /// square lies under it. `None`: the rest bounds.
    pub frame_box: Option<([f32; 3], [f32; 3])>,
    /// A camera placed by hand (position, target, field of view) instead of either framing.
    pub camera: Option<FixedCamera>,
    /// The light.
    pub light: Light,
    /// Draw VRM MToon materials with MToon (`false`: their lit colour as a plain material, as before issue 55).
    pub mtoon: bool,
    /// Colour target format: RGBA8 sRGB offscreen (what [`AvatarRenderer::draw`] reads back); a window's
    /// surface format otherwise.
    pub format: wgpu::TextureFormat,
}

impl Default for RenderSettings {
    fn default() -> Self {
        RenderSettings {
            width: 512,
            height: 512,
            instances: 1,
            ground: true,
            yaw: 20.0,
            frame_box: None,
            camera: None,
            light: Light::default(),
            mtoon: true,
            format: wgpu::TextureFormat::Rgba8UnormSrgb,
        }
    }
}

/// The scene's light: one directional light and an ambient one, white, in three.js's units (the browser
/// viewer's `light=`, `light_intensity=` and `ambient=`). MToon materials shade with it as three-vrm does; plain
/// materials keep their own fixed lighting from its direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Light {
    /// Towards the directional light (need not be unit length).
    pub direction: [f32; 3],
    /// The directional light's intensity (π: a white surface facing it is drawn white).
    pub intensity: f32,
    /// The ambient light's intensity (0: none).
    pub ambient: f32,
    /// The time (s) MToon's UV animation has run for.
    pub time: f64,
}

impl Default for Light {
    /// The viewer's: from (0.4, 0.8, 0.6), intensity π, no ambient light.
    fn default() -> Self {
        Light { direction: [0.4, 0.8, 0.6], intensity: std::f32::consts::PI, ambient: 0.0, time: 0.0 }
    }
}

/// How one image is drawn ([`AvatarRenderer::draw_view`]): the camera, the ground, the colouring.
#[derive(Clone, Debug)]
pub struct View {
    /// View-projection (column-major, clip depth in [0, 1]).
    pub view_proj: Mat4,
    /// The ground square: centre (x, y, z) and half side (m); `None`: no ground.
    pub ground: Option<[f32; 4]>,
    pub colouring: Colouring,
    /// Cleared to transparent black instead of the background colour, so that the avatar's pixels are the
    /// opaque ones (a silhouette).
    pub transparent: bool,
}

/// What colours the avatar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Colouring {
    /// Its materials, lit.
    Lit,
    /// `|u|` on this scale, unlit.
    Heat(HeatScale),
}

/// The background colour (linear), where no transparent background is asked for.
const BACKGROUND: wgpu::Color = wgpu::Color { r: 0.93, g: 0.95, b: 0.98, a: 1.0 };

pub struct AvatarRenderer {
    gpu: Gpu,
    mesh: GpuMesh,
    options: RenderSettings,
    frame: FrameUniform,
    /// The box the camera frames (the instance grid).
    framed: ([f32; 3], [f32; 3]),
    /// The ground square under it (centre, half side).
    ground: [f32; 4],
    buffers: Buffers,
    /// Draw pipelines by blending and culling (skinning in the vertex shader, and drawing from the compute
    /// pass's output), and the draws (in order) that use them.
    pipelines: Vec<wgpu::RenderPipeline>,
    pipelines_skinned: Vec<wgpu::RenderPipeline>,
    draws: Vec<MaterialDraw>,
    bind_groups: BindGroups,
    ground_pipeline: wgpu::RenderPipeline,
    heat_pipeline: wgpu::RenderPipeline,
    heat_skinned_pipeline: wgpu::RenderPipeline,
    compute_pipeline: wgpu::ComputePipeline,
    color: wgpu::Texture,
    depth_view: wgpu::TextureView,
    /// Bytes written to the GPU by the last [`AvatarRenderer::upload`].
    pub last_upload_bytes: usize,
    /// `u_h` of every instance (4 floats a vertex, instance-major; empty until [`AvatarRenderer::set_held`]).
    held_u: Vec<f32>,
}

impl AvatarRenderer {
    pub fn new(gpu: Gpu, asset: &Asset, options: RenderSettings) -> Result<AvatarRenderer, GpuError> {
        if options.width == 0 || options.height == 0 || options.width > 8192 || options.height > 8192 {
            return Err(GpuError::Input(format!(
                "image size {}x{} is out of range",
                options.width, options.height
            )));
        }
        if options.instances == 0 {
            return Err(GpuError::Input("at least one instance".into()));
        }
        let mesh = GpuMesh::new(asset);
        let device = &gpu.device;
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("skin.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../skin.wgsl").into()),
        });
        let layouts = Layouts::new(device);
        let framing = Framing::new(&mesh, &options);
        let buffers = Buffers::new(device, &mesh, options.instances, &framing);
        let bind_groups = BindGroups::new(device, &layouts, &buffers);
        let Pipelines { draw_layout, heat, heat_skinned, ground, compute } =
            Pipelines::new(device, &shader, &layouts, frame::target_format(options.format));
        let MaterialDraws { pipelines, pipelines_skinned, draws } = MaterialDraws::new(
            &gpu,
            asset,
            &mesh,
            &shader,
            &layouts.material,
            &draw_layout,
            frame::target_format(options.format),
            options.mtoon,
        )?;
        let (color, depth_view) = targets(device, &options);
        Ok(AvatarRenderer {
            gpu,
            mesh,
            options,
            frame: framing.frame,
            framed: framing.framed,
            ground: framing.ground,
            buffers,
            pipelines,
            pipelines_skinned,
            draws,
            bind_groups,
            ground_pipeline: ground,
            heat_pipeline: heat,
            heat_skinned_pipeline: heat_skinned,
            compute_pipeline: compute,
            color,
            depth_view,
            last_upload_bytes: 0,
            held_u: Vec::new(),
        })
    }

    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    pub fn mesh(&self) -> &GpuMesh {
        &self.mesh
    }

    pub fn options(&self) -> &RenderSettings {
        &self.options
    }

    /// Upload `p` and `z` for every instance (`instances` pairs, or one pair used for all).
    pub fn upload(&mut self, states: &[(&[f32], &[f32])]) -> Result<(), GpuError> {
        let k = self.options.instances as usize;
        if states.len() != k && states.len() != 1 {
            return Err(GpuError::Input(format!("{} states for {k} instances", states.len())));
        }
        let mut data = Vec::with_capacity(k * self.mesh.params_len());
        let held = self.mesh.held_len();
        for i in 0..k {
            let (p, z) = states[if states.len() == 1 { 0 } else { i }];
            data.extend(self.mesh.params(p, z).map_err(GpuError::Input)?);
            match self.held_u.get(held * i..held * (i + 1)) {
                Some(u) => data.extend_from_slice(u),
                None => data.resize(data.len() + held, 0.0),
            }
        }
        let bytes: &[u8] = bytemuck::cast_slice(&data);
        self.gpu.queue.write_buffer(&self.buffers.params, 0, bytes);
        self.last_upload_bytes = bytes.len();
        Ok(())
    }

    /// Set the held part of the flesh from the states' `held` (`instances` of them, or one for all): `u_h` per
    /// vertex ([`avatar_sim::asset::HeldSurface`]), uploaded with every [`AvatarRenderer::upload`] until the
    /// next call. An empty `held` draws none (a state of a daemon that does not publish it); an avatar without
    /// a held part takes only empty ones.
    pub fn set_held(&mut self, helds: &[&[f32]]) -> Result<(), GpuError> {
        let k = self.options.instances as usize;
        if helds.len() != k && helds.len() != 1 {
            return Err(GpuError::Input(format!("{} held vectors for {k} instances", helds.len())));
        }
        let Some(surface) = &self.mesh.held else {
            return match helds.iter().all(|h| h.is_empty()) {
                true => Ok(()),
                false => Err(GpuError::Input("held values for an avatar without a held part".into())),
            };
        };
        let n = self.mesh.vertices;
        let mut u = vec![[0f32; 3]; n];
        let mut next = vec![0f32; 4 * n * k];
        for i in 0..k {
            let h = helds[if helds.len() == 1 { 0 } else { i }];
            if h.is_empty() {
                continue;
            }
            if i == 0 || helds.len() > 1 {
                surface.displacement(h, &mut u).map_err(GpuError::Input)?;
            }
            for (d, x) in next[4 * n * i..4 * n * (i + 1)].chunks_exact_mut(4).zip(&u) {
                d[..3].copy_from_slice(x);
            }
        }
        self.held_u = next;
        Ok(())
    }

    /// Take the held part out (the next uploads draw none) and give it back: for the rig-only pictures.
    pub fn take_held(&mut self) -> Vec<f32> {
        std::mem::take(&mut self.held_u)
    }

    /// Put back what [`AvatarRenderer::take_held`] took.
    pub fn put_held(&mut self, held_u: Vec<f32>) {
        self.held_u = held_u;
    }

    /// The skinned positions of instance 0 for `p`, `z`, computed by the shader's `skin()` (compute pass) and
    /// read back.
    pub fn skinned_positions(&mut self, p: &[f32], z: &[f32]) -> Result<Vec<[f32; 3]>, GpuError> {
        Ok(self.skinned(p, z)?.0)
    }

    /// The skinned positions of instance 0 for `p`, `z` and each vertex's `|u|` (m: the length of its secondary
    /// displacement, what the heat map colours), computed by the shader's `skin()` and read back.
    pub fn skinned(&mut self, p: &[f32], z: &[f32]) -> Result<(Vec<[f32; 3]>, Vec<f32>), GpuError> {
        self.skin(p, z)?;
        let bytes =
            self.gpu.read_buffer(&self.buffers.skinned, (SKINNED_STRIDE * self.mesh.vertices) as u64)?;
        // position and |u|, then the normal
        let v: &[[[f32; 4]; 2]] = bytemuck::cast_slice(&bytes);
        Ok((v.iter().map(|[x, _]| [x[0], x[1], x[2]]).collect(), v.iter().map(|[x, _]| x[3]).collect()))
    }

    /// Upload `p`, `z` (for every instance) and skin instance 0 in the compute pass, for
    /// [`AvatarRenderer::draw_skinned_view`] (what [`AvatarRenderer::skinned`] reads back).
    pub fn skin(&mut self, p: &[f32], z: &[f32]) -> Result<(), GpuError> {
        self.upload(&[(p, z)])?;
        // the modes add exactly nothing to a state with z = 0 (the rig alone): the pass skips them
        let frame = if z.iter().all(|&v| v == 0.0) { self.frame.without_modes() } else { self.frame };
        self.gpu.queue.write_buffer(&self.buffers.frame, 0, bytemuck::bytes_of(&frame));
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.compute_pipeline);
            pass.set_bind_group(0, &self.bind_groups.avatar, &[]);
            pass.set_bind_group(1, &self.bind_groups.compute, &[]);
            pass.dispatch_workgroups((self.mesh.vertices as u32).div_ceil(64), 1, 1);
        }
        self.gpu.queue.submit([encoder.finish()]);
        Ok(())
    }

    /// Set instance 0's drawn positions and heat (`|u|`, m) to given ones instead of skinning `p`, `z`: a
    /// displacement field that is not in the modes' span (full-space flesh, `avatard bench fidelity`), drawn by
    /// [`AvatarRenderer::draw_skinned_view`]. Normals are the area-weighted face normals of `positions`.
    pub fn set_skinned(&mut self, positions: &[[f32; 3]], heat: &[f32]) -> Result<(), GpuError> {
        let n = self.mesh.vertices;
        if positions.len() != n || heat.len() != n {
            return Err(GpuError::Input(format!(
                "{} positions and {} heat values for {n} vertices",
                positions.len(),
                heat.len()
            )));
        }
        if positions.iter().flatten().chain(heat).any(|v| !v.is_finite()) {
            return Err(GpuError::Input("a position or heat value is not finite".into()));
        }
        let x: Vec<[f64; 3]> = positions.iter().map(|p| p.map(f64::from)).collect();
        let triangles: Vec<[u32; 3]> =
            self.mesh.indices.chunks_exact(3).map(|t| [t[0], t[1], t[2]]).collect();
        let normals = avatar_sim::asset::vertex_normals(&x, &triangles);
        let data: Vec<[[f32; 4]; 2]> = (0..n)
            .map(|v| {
                let [a, b, c] = positions[v];
                let m = normals[v].map(|c| c as f32);
                [[a, b, c, heat[v]], [m[0], m[1], m[2], 0.0]]
            })
            .collect();
        self.gpu.queue.write_buffer(&self.buffers.skinned, 0, bytemuck::cast_slice(&data));
        Ok(())
    }

    /// The view [`AvatarRenderer::draw`] draws: the renderer's own camera and ground, lit.
    pub fn own_view(&self) -> View {
        View {
            view_proj: self.frame.view_proj,
            ground: self.options.ground.then_some(self.ground),
            colouring: Colouring::Lit,
            transparent: false,
        }
    }

    /// Record the scene's render pass into `encoder`, drawing into `view` (a texture of the options' format
    /// and size) from the renderer's own camera ([`AvatarRenderer::own_view`]).
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder, view: &wgpu::TextureView) {
        self.encode_view(encoder, view, &self.own_view());
    }

    /// Record the render pass of `v` into `encoder`, drawing into `target`. The camera, ground and heat scale are
    /// written to their uniforms now and take effect at the next submission: one view per submission.
    pub fn encode_view(&self, encoder: &mut wgpu::CommandEncoder, target: &wgpu::TextureView, v: &View) {
        self.encode_pass(encoder, target, v, false)
    }

    /// [`AvatarRenderer::encode_view`], skinning in the vertex shader or drawing instance 0 from the compute
    /// pass's output (`from_skinned`).
    fn encode_pass(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        v: &View,
        from_skinned: bool,
    ) {
        let queue = &self.gpu.queue;
        let frame = self.frame.seen_through(v.view_proj);
        queue.write_buffer(&self.buffers.frame, 0, bytemuck::bytes_of(&frame));
        if let Some(ground) = v.ground {
            queue.write_buffer(&self.buffers.ground, 0, bytemuck::cast_slice(&ground));
        }
        if let Colouring::Heat(scale) = v.colouring {
            queue.write_buffer(&self.buffers.heat, 0, bytemuck::bytes_of(&scale.uniform()));
        }
        let clear = match (v.transparent, frame::target_format(self.options.format).is_srgb()) {
            (true, _) => wgpu::Color::TRANSPARENT,
            (false, true) => BACKGROUND,
            // a plain target stores the background sRGB-encoded, as the shaders write colours
            (false, false) => {
                let e = |c: f64| if c <= 0.0031308 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
                wgpu::Color { r: e(BACKGROUND.r), g: e(BACKGROUND.g), b: e(BACKGROUND.b), a: BACKGROUND.a }
            }
        };
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("avatar"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: target,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations { load: wgpu::LoadOp::Clear(clear), store: wgpu::StoreOp::Store },
            })],
            depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                view: &self.depth_view,
                depth_ops: Some(wgpu::Operations {
                    load: wgpu::LoadOp::Clear(1.0),
                    store: wgpu::StoreOp::Store,
                }),
                stencil_ops: None,
            }),
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_bind_group(0, &self.bind_groups.avatar, &[]);
        if v.ground.is_some() {
            pass.set_pipeline(&self.ground_pipeline);
            pass.set_bind_group(1, &self.bind_groups.ground, &[]);
            pass.draw(0..6, 0..1);
        }
        pass.set_index_buffer(self.buffers.index.slice(..), wgpu::IndexFormat::Uint32);
        pass.set_vertex_buffer(0, self.buffers.uv.slice(..));
        if from_skinned {
            pass.set_vertex_buffer(1, self.buffers.skinned.slice(..));
        }
        let instances = if from_skinned { 1 } else { self.options.instances };
        for d in &self.draws {
            pass.set_pipeline(match (v.colouring, from_skinned) {
                (Colouring::Lit, false) => &self.pipelines[d.pipeline],
                (Colouring::Lit, true) => &self.pipelines_skinned[d.pipeline],
                (Colouring::Heat(_), false) => &self.heat_pipeline,
                (Colouring::Heat(_), true) => &self.heat_skinned_pipeline,
            });
            pass.set_bind_group(1, &d.bind_group, &[]);
            if let (Some(b), Colouring::Lit) = (d.back_pass, v.colouring) {
                let front = if from_skinned {
                    &self.pipelines_skinned[d.pipeline]
                } else {
                    &self.pipelines[d.pipeline]
                };
                pass.set_pipeline(if from_skinned { &self.pipelines_skinned[b] } else { &self.pipelines[b] });
                pass.draw_indexed(d.indices.clone(), 0, 0..instances);
                pass.set_pipeline(front);
            }
            pass.draw_indexed(d.indices.clone(), 0, 0..instances);
            // MToon's outline pass, lit pictures only
            if let (Some(o), Colouring::Lit) = (d.outline, v.colouring) {
                pass.set_pipeline(if from_skinned { &self.pipelines_skinned[o] } else { &self.pipelines[o] });
                pass.draw_indexed(d.indices.clone(), 0, 0..instances);
            }
        }
    }

    /// A new image size (a resized window): new depth and offscreen targets, camera aspect updated.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.options.width = width.clamp(1, 8192);
        self.options.height = height.clamp(1, 8192);
        (self.color, self.depth_view) = targets(&self.gpu.device, &self.options);
        self.frame.view_proj = frame::view_proj(self.framed, &self.options);
        self.gpu.queue.write_buffer(&self.buffers.frame, 0, bytemuck::bytes_of(&self.frame));
    }

    /// Draw the current parameters (see [`AvatarRenderer::upload`]) from the renderer's own camera and read the
    /// image back (RGBA8 formats).
    pub fn draw(&mut self) -> Result<image::RgbaImage, GpuError> {
        self.draw_view(&self.own_view())
    }

    /// Draw the current parameters as `v` says and read the image back (RGBA8 formats).
    pub fn draw_view(&mut self, v: &View) -> Result<image::RgbaImage, GpuError> {
        self.read_view(v, false)
    }

    /// Draw instance 0 as `v` says from the positions and normals of the last [`AvatarRenderer::skin`] (or
    /// [`AvatarRenderer::skinned`]) instead of skinning it again in the vertex shader: the same image as
    /// [`AvatarRenderer::draw_view`] after uploading that state. Read the image back (RGBA8 formats).
    pub fn draw_skinned_view(&mut self, v: &View) -> Result<image::RgbaImage, GpuError> {
        self.read_view(v, true)
    }

    fn read_view(&mut self, v: &View, from_skinned: bool) -> Result<image::RgbaImage, GpuError> {
        let (w, h) = (self.options.width, self.options.height);
        let view = self.color.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.encode_pass(&mut encoder, &view, v, from_skinned);
        // Copy to a buffer with 256-byte aligned rows, then strip the padding.
        let row = 4 * w;
        let padded = row.div_ceil(256) * 256;
        let staging = self.gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("image"),
            size: (padded * h) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.color,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &staging,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded),
                    rows_per_image: Some(h),
                },
            },
            wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        );
        self.gpu.queue.submit([encoder.finish()]);
        let bytes = self.gpu.map_and_read(&staging)?;
        let mut pixels = Vec::with_capacity((row * h) as usize);
        for y in 0..h as usize {
            pixels.extend_from_slice(&bytes[y * padded as usize..y * padded as usize + row as usize]);
        }
        image::RgbaImage::from_raw(w, h, pixels).ok_or_else(|| GpuError::Readback("image size".into()))
    }

    /// Upload one `p`, `z` (for every instance) and draw.
    pub fn render(&mut self, p: &[f32], z: &[f32]) -> Result<image::RgbaImage, GpuError> {
        self.upload(&[(p, z)])?;
        self.draw()
    }

    /// The view-projection matrix of the renderer's own camera (column-major).
    pub fn view_proj(&self) -> [[f32; 4]; 4] {
        self.frame.view_proj
    }

    /// The ground square of the renderer's own view: centre (at the avatar's rest feet) and half side.
    pub fn ground(&self) -> [f32; 4] {
        self.ground
    }
}

/// The offscreen colour texture and the depth buffer for the image size.
fn targets(device: &wgpu::Device, options: &RenderSettings) -> (wgpu::Texture, wgpu::TextureView) {
    let extent = wgpu::Extent3d { width: options.width, height: options.height, depth_or_array_layers: 1 };
    let texture = |label, format, usage| {
        device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: extent,
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage,
            view_formats: &[],
        })
    };
    let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC;
    let color = texture("color", frame::target_format(options.format), usage);
    let depth = texture("depth", DEPTH_FORMAT, wgpu::TextureUsages::RENDER_ATTACHMENT);
    (color, depth.create_view(&Default::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use avatar_sim::asset::bar_avatar;
    use avatar_sim::asset::looks::{AlphaMode, SurfaceMaterial};

    /// A bar with two bones and 6 modes, its triangles split between an opaque single-sided blue and a
    /// half-transparent yellow (blended) material.
    fn bar_with_looks() -> Asset {
        let mut asset = bar_avatar([8, 2, 2], [1.0, 0.25, 0.25], 0.3, &[], 6, 8).unwrap();
        let (n, t) = (asset.render.vertices.len(), asset.render.triangles.len());
        asset.looks.uv = vec![[0.0; 2]; n];
        asset.looks.triangle_material = (0..t as u32).map(|k| k % 2).collect();
        asset.looks.materials = vec![
            SurfaceMaterial { name: "blue".into(), base_color: [0.1, 0.2, 0.8, 1.0], ..Default::default() },
            SurfaceMaterial {
                name: "glass".into(),
                base_color: [1.0, 0.85, 0.1, 0.5],
                alpha_mode: AlphaMode::Blend,
                ..Default::default()
            },
        ];
        asset.looks.check(n, t).unwrap();
        asset
    }

    /// A state with the bar bent and its modes moved (entries in ±`scale`, a fixed sequence).
    fn state(asset: &Asset, scale: f32) -> (Vec<f32>, Vec<f32>) {
        let mut p: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
        p[12 + 3] += 0.1;
        let z =
            (0..12 * asset.render.mode_weights.ncols()).map(|i| scale * (i as f32 * 2.399).sin()).collect();
        (p, z)
    }

    /// Pixels differing by more than 2 (of 255) in a channel, between two images of one size.
    fn differing(a: &image::RgbaImage, b: &image::RgbaImage) -> usize {
        assert_eq!(a.dimensions(), b.dimensions());
        a.pixels().zip(b.pixels()).filter(|(p, q)| (0..4).any(|c| p[c].abs_diff(q[c]) > 2)).count()
    }

    /// Drawing from the compute pass's output ([`AvatarRenderer::draw_skinned_view`]) is the picture that
    /// skinning in the vertex shader draws: lit (single-sided and blended materials), as the heat map, as a
    /// silhouette, with the ground, with and without the modes.
    #[test]
    fn drawing_from_the_compute_pass_is_the_vertex_shaders_picture() {
        let asset = bar_with_looks();
        let gpu = Gpu::open(crate::Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
        let mut r =
            AvatarRenderer::new(gpu, &asset, RenderSettings { width: 96, height: 72, ..Default::default() })
                .unwrap();
        let (p, z) = state(&asset, 0.02);
        let zero = vec![0.0; z.len()];
        let lit = r.own_view();
        let heat = View { colouring: Colouring::Heat(HeatScale::for_peak(0.02)), ..lit.clone() };
        let silhouette = View { ground: None, transparent: true, ..lit.clone() };
        for z in [&z, &zero] {
            for v in [&lit, &heat, &silhouette] {
                r.upload(&[(&p, z)]).unwrap();
                let skinned_in_the_vertex_shader = r.draw_view(v).unwrap();
                r.skin(&p, z).unwrap();
                let from_the_compute_pass = r.draw_skinned_view(v).unwrap();
                let shown = from_the_compute_pass.pixels().filter(|px| px[3] > 0 && px.0 != [0; 4]).count();
                assert!(shown > 500, "{:?}: the bar is in the picture ({shown} pixels)", v.colouring);
                let off = differing(&skinned_in_the_vertex_shader, &from_the_compute_pass);
                assert!(off <= 3, "{:?}, z = 0: {}: {off} pixels differ", v.colouring, z == &zero);
            }
        }
        // the modes move the picture
        r.skin(&p, &z).unwrap();
        let moved = r.draw_skinned_view(&lit).unwrap();
        r.skin(&p, &zero).unwrap();
        assert!(differing(&moved, &r.draw_skinned_view(&lit).unwrap()) > 50);
    }

    /// A skinning of z = 0 skips the modes (they add nothing): the rig's positions, `|u| = 0`; the next one with
    /// a z has them again.
    #[test]
    fn a_rig_only_skinning_skips_the_modes_and_the_next_one_has_them() {
        let asset = bar_with_looks();
        let gpu = Gpu::open(crate::Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
        let mut r =
            AvatarRenderer::new(gpu, &asset, RenderSettings { width: 8, height: 8, ..Default::default() })
                .unwrap();
        let (p, z) = state(&asset, 0.02);
        let zero = vec![0.0; z.len()];
        let f64s = |v: &[f32]| v.iter().map(|&x| x as f64).collect::<Vec<_>>();
        for z in [&zero, &z, &zero, &z] {
            let (positions, heat) = r.skinned(&p, z).unwrap();
            let cpu = asset.render.deform(&f64s(&p), &f64s(z)).unwrap();
            let worst = positions
                .iter()
                .zip(&cpu)
                .map(|(g, c)| (0..3).map(|k| (g[k] as f64 - c[k]).abs()).fold(0.0, f64::max))
                .fold(0.0, f64::max);
            assert!(worst < 1e-5, "z = 0: {}: GPU off the CPU by {worst} m", z == &zero);
            let peak = heat.iter().copied().fold(0.0, f32::max);
            assert_eq!(peak > 1e-3, z != &zero, "|u| peak {peak} m");
        }
    }
}
