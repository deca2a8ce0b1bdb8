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

use crate::camera::framing;
use crate::gpu::{Gpu, GpuError};
use crate::gpu_mesh::GpuMesh;
use avatar_sim::asset::looks::AlphaMode;
use avatar_sim::asset::Asset;
use wgpu::util::DeviceExt;

const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// Image size and scene options.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    pub width: u32,
    pub height: u32,
    /// Copies of the avatar, laid out on a grid (each with its own `p` and `z`).
    pub instances: u32,
    pub ground: bool,
    /// Camera yaw around the avatar (degrees; 0 = from the front, +Z).
    pub yaw: f32,
    /// Colour target format: RGBA8 sRGB offscreen (what [`AvatarRenderer::draw`] reads back); a window's
    /// surface format otherwise.
    pub format: wgpu::TextureFormat,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            width: 512,
            height: 512,
            instances: 1,
            ground: true,
            yaw: 20.0,
            format: wgpu::TextureFormat::Rgba8UnormSrgb,
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct FrameUniform {
    view_proj: [[f32; 4]; 4],
    light_dir: [f32; 4],
    base_color: [f32; 4],
    counts: [u32; 4],
    spacing: [f32; 4],
}

/// A material's uniform (group 1, binding 2 in `skin.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct MaterialUniform {
    /// Linear RGBA factor.
    color: [f32; 4],
    /// x: alpha mode (0 opaque, 1 mask, 2 blend), y: cutoff.
    alpha: [f32; 4],
}

/// What a draw pipeline varies with the material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PipelineKey {
    blend: bool,
    cull_back: bool,
}

/// One material's draw: pipeline, bind group and index range.
struct MaterialDraw {
    pipeline: usize,
    bind_group: wgpu::BindGroup,
    indices: std::ops::Range<u32>,
}

pub struct AvatarRenderer {
    gpu: Gpu,
    mesh: GpuMesh,
    options: RenderOptions,
    frame: FrameUniform,
    frame_buffer: wgpu::Buffer,
    /// The box the camera frames (the instance grid).
    framed: ([f32; 3], [f32; 3]),
    params_buffer: wgpu::Buffer,
    index_buffer: wgpu::Buffer,
    uv_buffer: wgpu::Buffer,
    /// Draw pipelines by [`PipelineKey`], and the draws (in order) that use them.
    pipelines: Vec<wgpu::RenderPipeline>,
    draws: Vec<MaterialDraw>,
    skinned_buffer: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    ground_bind_group: wgpu::BindGroup,
    compute_bind_group: wgpu::BindGroup,
    ground_pipeline: wgpu::RenderPipeline,
    compute_pipeline: wgpu::ComputePipeline,
    color: wgpu::Texture,
    depth_view: wgpu::TextureView,
    /// Bytes written to the GPU by the last [`AvatarRenderer::upload`].
    pub last_upload_bytes: usize,
}

fn storage_entry(
    binding: u32,
    visibility: wgpu::ShaderStages,
    read_only: bool,
) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

fn uniform_entry(binding: u32, visibility: wgpu::ShaderStages) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// A storage buffer from a slice (never empty: wgpu refuses zero-sized bindings).
fn storage<T: bytemuck::Pod + Default>(device: &wgpu::Device, label: &str, data: &[T]) -> wgpu::Buffer {
    let one = [T::default()];
    let data = if data.is_empty() { &one[..] } else { data };
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: bytemuck::cast_slice(data),
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
    })
}

impl AvatarRenderer {
    pub fn new(gpu: Gpu, asset: &Asset, options: RenderOptions) -> Result<AvatarRenderer, GpuError> {
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
            source: wgpu::ShaderSource::Wgsl(include_str!("skin.wgsl").into()),
        });
        let vs = wgpu::ShaderStages::VERTEX | wgpu::ShaderStages::COMPUTE;
        let layout0 = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("avatar"),
            entries: &[
                uniform_entry(0, vs | wgpu::ShaderStages::FRAGMENT),
                storage_entry(1, vs, true),
                storage_entry(2, vs, true),
                storage_entry(3, vs, true),
                storage_entry(4, vs, true),
                storage_entry(5, vs, true),
                storage_entry(6, vs, true),
            ],
        });
        let ground_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("ground"),
            entries: &[uniform_entry(0, wgpu::ShaderStages::VERTEX)],
        });
        let fs = wgpu::ShaderStages::FRAGMENT;
        let material_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("material"),
            entries: &[
                uniform_entry(2, fs),
                wgpu::BindGroupLayoutEntry {
                    binding: 3,
                    visibility: fs,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 4,
                    visibility: fs,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let compute_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("skinned out"),
            entries: &[storage_entry(1, wgpu::ShaderStages::COMPUTE, false)],
        });
        // Static data.
        let rest = storage(device, "rest", &mesh.rest);
        let offsets = storage(device, "offsets", &mesh.offsets);
        let handles = storage(device, "handles", &mesh.handles);
        let shapes = storage(device, "shapes", &mesh.shapes);
        let mode_weights = storage(device, "mode weights", &mesh.mode_weights);
        let params_len = mesh.params_len() * options.instances as usize;
        let params_buffer = storage(device, "params", &vec![0f32; params_len.max(1)]);
        let index_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("indices"),
            contents: bytemuck::cast_slice(&mesh.indices),
            usage: wgpu::BufferUsages::INDEX,
        });
        let uv_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("uv"),
            contents: bytemuck::cast_slice(if mesh.uv.is_empty() { &[[0f32; 2]][..] } else { &mesh.uv }),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let skinned_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("skinned"),
            size: (16 * mesh.vertices) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        // Frame uniform: camera framing the whole instance grid.
        let (lo, hi) = mesh.bounds;
        let size = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
        let cols = (options.instances as f32).sqrt().ceil().max(1.0) as u32;
        let rows = options.instances.div_ceil(cols);
        let spacing = [1.3 * size[0].max(size[2]), 0.0, 1.3 * size[0].max(size[2]), 0.0];
        let grid_hi = [hi[0] + (cols - 1) as f32 * spacing[0], hi[1], hi[2]];
        let grid_lo = [lo[0], lo[1], lo[2] - (rows - 1) as f32 * spacing[2]];
        let aspect = options.width as f32 / options.height as f32;
        let frame = FrameUniform {
            view_proj: framing(grid_lo, grid_hi, aspect, options.yaw),
            light_dir: [0.4, 0.8, 0.6, 0.0],
            base_color: crate::gpu_mesh::FLAT_COLOR,
            counts: [mesh.modes as u32, mesh.num_p as u32, mesh.params_len() as u32, cols],
            spacing,
        };
        let frame_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("frame"),
            contents: bytemuck::bytes_of(&frame),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        let half = 0.75 * (grid_hi[0] - grid_lo[0]).max(grid_hi[2] - grid_lo[2]).max(size[1]);
        let ground_data = [0.5 * (grid_lo[0] + grid_hi[0]), lo[1], 0.5 * (grid_lo[2] + grid_hi[2]), half];
        let ground_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("ground"),
            contents: bytemuck::cast_slice(&ground_data),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("avatar"),
            layout: &layout0,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: frame_buffer.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: rest.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 2, resource: offsets.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 3, resource: handles.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 4, resource: shapes.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 5, resource: mode_weights.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 6, resource: params_buffer.as_entire_binding() },
            ],
        });
        let ground_bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("ground"),
            layout: &ground_layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: ground_buffer.as_entire_binding() }],
        });
        let compute_bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("skinned out"),
            layout: &compute_layout,
            entries: &[wgpu::BindGroupEntry { binding: 1, resource: skinned_buffer.as_entire_binding() }],
        });
        let draw_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("avatar"),
            bind_group_layouts: &[Some(&layout0), Some(&material_layout)],
            immediate_size: 0,
        });
        let ground_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("ground"),
            bind_group_layouts: &[Some(&layout0), Some(&ground_layout)],
            immediate_size: 0,
        });
        let compute_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("skin"),
            bind_group_layouts: &[Some(&layout0), Some(&compute_layout)],
            immediate_size: 0,
        });
        let format = options.format;
        let ground_pipeline = draw_pipeline(
            device,
            &shader,
            &ground_pipeline_layout,
            format,
            ("vs_ground", "fs_ground"),
            PipelineKey { blend: false, cull_back: false },
        );
        // Materials: textures (each image used once, uploaded once), uniforms, pipelines.
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("base colour"),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            address_mode_w: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        let max_side = device.limits().max_texture_dimension_2d;
        let white =
            upload_texture(&gpu, &image::RgbaImage::from_pixel(1, 1, image::Rgba([255; 4])), max_side);
        let mut images: Vec<Option<wgpu::TextureView>> = asset.looks.images.iter().map(|_| None).collect();
        let mut keys: Vec<PipelineKey> = Vec::new();
        let mut pipelines = Vec::new();
        let mut draws = Vec::with_capacity(mesh.draws.len());
        for d in &mesh.draws {
            let m = &mesh.materials[d.material];
            let view = match m.base_color_texture {
                Some(i) if i < images.len() => {
                    if images[i].is_none() {
                        let rgba = asset.looks.images[i]
                            .decode()
                            .map_err(|e| GpuError::Input(format!("material {:?}: image {i}: {e}", m.name)))?;
                        images[i] = Some(upload_texture(&gpu, &rgba, max_side));
                    }
                    images[i].as_ref().unwrap()
                }
                _ => &white,
            };
            let mode = match m.alpha_mode {
                AlphaMode::Opaque => 0.0,
                AlphaMode::Mask => 1.0,
                AlphaMode::Blend => 2.0,
            };
            let uniform = MaterialUniform { color: m.base_color, alpha: [mode, m.alpha_cutoff, 0.0, 0.0] };
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("material"),
                contents: bytemuck::bytes_of(&uniform),
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("material"),
                layout: &material_layout,
                entries: &[
                    wgpu::BindGroupEntry { binding: 2, resource: buffer.as_entire_binding() },
                    wgpu::BindGroupEntry { binding: 3, resource: wgpu::BindingResource::TextureView(view) },
                    wgpu::BindGroupEntry { binding: 4, resource: wgpu::BindingResource::Sampler(&sampler) },
                ],
            });
            let key = PipelineKey {
                blend: m.alpha_mode == AlphaMode::Blend,
                cull_back: mesh.has_materials && !m.double_sided,
            };
            let pipeline = match keys.iter().position(|k| *k == key) {
                Some(p) => p,
                None => {
                    let entries = ("vs_main", "fs_main");
                    pipelines.push(draw_pipeline(device, &shader, &draw_layout, format, entries, key));
                    keys.push(key);
                    pipelines.len() - 1
                }
            };
            draws.push(MaterialDraw { pipeline, bind_group, indices: d.indices.clone() });
        }
        let compute_pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("skin"),
            layout: Some(&compute_pipeline_layout),
            module: &shader,
            entry_point: Some("cs_skin"),
            compilation_options: Default::default(),
            cache: None,
        });
        let (color, depth_view) = targets(device, &options);
        Ok(AvatarRenderer {
            gpu,
            mesh,
            options,
            frame,
            frame_buffer,
            framed: (grid_lo, grid_hi),
            params_buffer,
            index_buffer,
            uv_buffer,
            pipelines,
            draws,
            skinned_buffer,
            bind_group,
            ground_bind_group,
            compute_bind_group,
            ground_pipeline,
            compute_pipeline,
            color,
            depth_view,
            last_upload_bytes: 0,
        })
    }

    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    pub fn mesh(&self) -> &GpuMesh {
        &self.mesh
    }

    pub fn options(&self) -> &RenderOptions {
        &self.options
    }

    /// Upload `p` and `z` for every instance (`instances` pairs, or one pair used for all).
    pub fn upload(&mut self, states: &[(&[f32], &[f32])]) -> Result<(), GpuError> {
        let k = self.options.instances as usize;
        if states.len() != k && states.len() != 1 {
            return Err(GpuError::Input(format!("{} states for {k} instances", states.len())));
        }
        let mut data = Vec::with_capacity(k * self.mesh.params_len());
        for i in 0..k {
            let (p, z) = states[if states.len() == 1 { 0 } else { i }];
            data.extend(self.mesh.params(p, z).map_err(GpuError::Input)?);
        }
        let bytes: &[u8] = bytemuck::cast_slice(&data);
        self.gpu.queue.write_buffer(&self.params_buffer, 0, bytes);
        self.last_upload_bytes = bytes.len();
        Ok(())
    }

    /// The skinned positions of instance 0 for `p`, `z`, computed by the shader's `skin()` (compute pass) and
    /// read back.
    pub fn skinned_positions(&mut self, p: &[f32], z: &[f32]) -> Result<Vec<[f32; 3]>, GpuError> {
        self.upload(&[(p, z)])?;
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.compute_pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.set_bind_group(1, &self.compute_bind_group, &[]);
            pass.dispatch_workgroups((self.mesh.vertices as u32).div_ceil(64), 1, 1);
        }
        self.gpu.queue.submit([encoder.finish()]);
        let bytes = self.gpu.read_buffer(&self.skinned_buffer, (16 * self.mesh.vertices) as u64)?;
        let v: &[[f32; 4]] = bytemuck::cast_slice(&bytes);
        Ok(v.iter().map(|x| [x[0], x[1], x[2]]).collect())
    }

    /// Record the scene's render pass into `encoder`, drawing into `view` (a texture of the options' format
    /// and size).
    pub fn encode(&self, encoder: &mut wgpu::CommandEncoder, view: &wgpu::TextureView) {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("avatar"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color { r: 0.93, g: 0.95, b: 0.98, a: 1.0 }),
                    store: wgpu::StoreOp::Store,
                },
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
        pass.set_bind_group(0, &self.bind_group, &[]);
        if self.options.ground {
            pass.set_pipeline(&self.ground_pipeline);
            pass.set_bind_group(1, &self.ground_bind_group, &[]);
            pass.draw(0..6, 0..1);
        }
        pass.set_index_buffer(self.index_buffer.slice(..), wgpu::IndexFormat::Uint32);
        pass.set_vertex_buffer(0, self.uv_buffer.slice(..));
        for d in &self.draws {
            pass.set_pipeline(&self.pipelines[d.pipeline]);
            pass.set_bind_group(1, &d.bind_group, &[]);
            pass.draw_indexed(d.indices.clone(), 0, 0..self.options.instances);
        }
    }

    /// A new image size (a resized window): new depth and offscreen targets, camera aspect updated.
    pub fn resize(&mut self, width: u32, height: u32) {
        self.options.width = width.clamp(1, 8192);
        self.options.height = height.clamp(1, 8192);
        (self.color, self.depth_view) = targets(&self.gpu.device, &self.options);
        let (lo, hi) = self.framed;
        let aspect = self.options.width as f32 / self.options.height as f32;
        self.frame.view_proj = framing(lo, hi, aspect, self.options.yaw);
        self.gpu.queue.write_buffer(&self.frame_buffer, 0, bytemuck::bytes_of(&self.frame));
    }

    /// Draw the current parameters (see [`AvatarRenderer::upload`]) and read the image back (RGBA8 formats).
    pub fn draw(&mut self) -> Result<image::RgbaImage, GpuError> {
        let (w, h) = (self.options.width, self.options.height);
        let view = self.color.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.encode(&mut encoder, &view);
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

    /// The view-projection matrix in use (column-major).
    pub fn view_proj(&self) -> [[f32; 4]; 4] {
        self.frame.view_proj
    }
}

/// The offscreen colour texture and the depth buffer for the image size.
fn targets(device: &wgpu::Device, options: &RenderOptions) -> (wgpu::Texture, wgpu::TextureView) {
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
    let color = texture("color", options.format, usage);
    let depth = texture("depth", DEPTH_FORMAT, wgpu::TextureUsages::RENDER_ATTACHMENT);
    (color, depth.create_view(&Default::default()))
}

fn draw_pipeline(
    device: &wgpu::Device,
    shader: &wgpu::ShaderModule,
    layout: &wgpu::PipelineLayout,
    format: wgpu::TextureFormat,
    (vs, fs): (&str, &str),
    key: PipelineKey,
) -> wgpu::RenderPipeline {
    // the avatar's vertex shader reads the UV as a vertex attribute; the ground has none
    let uv = [Some(wgpu::VertexBufferLayout {
        array_stride: 8,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &wgpu::vertex_attr_array![0 => Float32x2],
    })];
    let buffers = if vs == "vs_main" { &uv[..] } else { &[] };
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(vs),
        layout: Some(layout),
        vertex: wgpu::VertexState {
            module: shader,
            entry_point: Some(vs),
            compilation_options: Default::default(),
            buffers,
        },
        // glTF: counter-clockwise front faces; single-sided materials cull the back
        primitive: wgpu::PrimitiveState {
            front_face: wgpu::FrontFace::Ccw,
            cull_mode: key.cull_back.then_some(wgpu::Face::Back),
            ..Default::default()
        },
        depth_stencil: Some(wgpu::DepthStencilState {
            format: DEPTH_FORMAT,
            depth_write_enabled: Some(!key.blend),
            depth_compare: Some(wgpu::CompareFunction::Less),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: shader,
            entry_point: Some(fs),
            compilation_options: Default::default(),
            targets: &[Some(wgpu::ColorTargetState {
                format,
                blend: key.blend.then_some(wgpu::BlendState::ALPHA_BLENDING),
                write_mask: wgpu::ColorWrites::ALL,
            })],
        }),
        multiview_mask: None,
        cache: None,
    })
}

/// sRGB 8-bit to linear light.
fn srgb_to_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f32) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.0031308 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
    (255.0 * s + 0.5) as u8
}

/// The next mip level: 2×2 box filter in linear light (alpha linear as stored), odd edges clamped.
fn half_size(src: &image::RgbaImage, lut: &[f32; 256]) -> image::RgbaImage {
    let (w, h) = src.dimensions();
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    image::RgbaImage::from_fn(nw, nh, |x, y| {
        let mut sum = [0f32; 4];
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let p = src.get_pixel((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
            for c in 0..3 {
                sum[c] += lut[p[c] as usize];
            }
            sum[3] += p[3] as f32 / 255.0;
        }
        let a = (255.0 * sum[3] / 4.0 + 0.5) as u8;
        image::Rgba([
            linear_to_srgb(sum[0] / 4.0),
            linear_to_srgb(sum[1] / 4.0),
            linear_to_srgb(sum[2] / 4.0),
            a,
        ])
    })
}

/// An sRGB RGBA8 texture with its whole mip chain (levels made on the CPU), halved first while bigger than the
/// device allows.
fn upload_texture(gpu: &Gpu, rgba: &image::RgbaImage, max_side: u32) -> wgpu::TextureView {
    let lut: [f32; 256] = std::array::from_fn(|i| srgb_to_linear(i as u8));
    let mut level = std::borrow::Cow::Borrowed(rgba);
    while level.width() > max_side || level.height() > max_side {
        level = std::borrow::Cow::Owned(half_size(&level, &lut));
    }
    let (w, h) = level.dimensions();
    let mip_level_count = 32 - w.max(h).leading_zeros();
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("base colour"),
        size: wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        mip_level_count,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8UnormSrgb,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for mip in 0..mip_level_count {
        if mip > 0 {
            level = std::borrow::Cow::Owned(half_size(&level, &lut));
        }
        let (lw, lh) = level.dimensions();
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            level.as_raw(),
            wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(4 * lw), rows_per_image: Some(lh) },
            wgpu::Extent3d { width: lw, height: lh, depth_or_array_layers: 1 },
        );
    }
    texture.create_view(&Default::default())
}
