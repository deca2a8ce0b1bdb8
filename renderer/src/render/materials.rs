//! The materials' draws: each material is one indexed draw over its range of the (material-sorted) indices,
//! with its own bind group (its uniform, its base-colour texture or a 1×1 white one, a linear repeating
//! sampler) and a pipeline for its blending and culling.

use super::pipelines::{draw_pipeline, PipelineKey};
use super::texture::upload_texture;
use crate::gpu::{Gpu, GpuError};
use crate::gpu_mesh::GpuMesh;
use avatar_sim::asset::looks::AlphaMode;
use avatar_sim::asset::Asset;
use wgpu::util::DeviceExt;

/// A material's uniform (group 1, binding 2 in `skin.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct MaterialUniform {
    /// Linear RGBA factor.
    color: [f32; 4],
    /// x: alpha mode (0 opaque, 1 mask, 2 blend), y: cutoff.
    alpha: [f32; 4],
}

/// One material's draw: pipeline, bind group and index range.
pub(super) struct MaterialDraw {
    pub pipeline: usize,
    pub bind_group: wgpu::BindGroup,
    pub indices: std::ops::Range<u32>,
}

/// The draw pipelines (one per [`PipelineKey`] in use, skinning in the vertex shader; and the same drawing from
/// the compute pass's output) and the material draws, in order.
pub(super) struct MaterialDraws {
    pub pipelines: Vec<wgpu::RenderPipeline>,
    pub pipelines_skinned: Vec<wgpu::RenderPipeline>,
    pub draws: Vec<MaterialDraw>,
}

impl MaterialDraws {
    /// Textures (each image used once, uploaded once), uniforms, pipelines; `layout`: the material bind group
    /// layout, `draw_layout` the draw pipelines' layout.
    pub fn new(
        gpu: &Gpu,
        asset: &Asset,
        mesh: &GpuMesh,
        shader: &wgpu::ShaderModule,
        layout: &wgpu::BindGroupLayout,
        draw_layout: &wgpu::PipelineLayout,
        format: wgpu::TextureFormat,
    ) -> Result<MaterialDraws, GpuError> {
        let device = &gpu.device;
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
        let white = upload_texture(gpu, &image::RgbaImage::from_pixel(1, 1, image::Rgba([255; 4])), max_side);
        let mut images: Vec<Option<wgpu::TextureView>> = asset.looks.images.iter().map(|_| None).collect();
        let mut keys: Vec<PipelineKey> = Vec::new();
        let (mut pipelines, mut pipelines_skinned) = (Vec::new(), Vec::new());
        let mut draws = Vec::with_capacity(mesh.draws.len());
        for d in &mesh.draws {
            let m = &mesh.materials[d.material];
            let view = match m.base_color_texture {
                Some(i) if i < images.len() => {
                    if images[i].is_none() {
                        let rgba = asset.looks.images[i]
                            .decode()
                            .map_err(|e| GpuError::Input(format!("material {:?}: image {i}: {e}", m.name)))?;
                        images[i] = Some(upload_texture(gpu, &rgba, max_side));
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
                layout,
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
                    pipelines.push(draw_pipeline(device, shader, draw_layout, format, entries, key));
                    let entries = ("vs_skinned", "fs_main");
                    pipelines_skinned.push(draw_pipeline(device, shader, draw_layout, format, entries, key));
                    keys.push(key);
                    pipelines.len() - 1
                }
            };
            draws.push(MaterialDraw { pipeline, bind_group, indices: d.indices.clone() });
        }
        Ok(MaterialDraws { pipelines, pipelines_skinned, draws })
    }
}
