//! The materials' draws: each material is one indexed draw over its range of the (material-sorted) indices,
//! with its own bind group (its uniform, its textures or 1×1 stand-ins, a linear repeating sampler) and a
//! pipeline for its shading, blending, culling and depth writes. A VRM MToon material is drawn by `fs_mtoon`
//! (three-vrm's shading model) and, when it has an outline, by a second draw of the same range (`vs_outline`,
//! front faces culled).

use super::bindings::MTOON_TEXTURE_BINDINGS;
use super::pipelines::{draw_pipeline, PipelineKey};
use super::texture::upload_texture;
use crate::gpu::{Gpu, GpuError};
use crate::gpu_mesh::GpuMesh;
use avatar_sim::asset::looks::{
    AlphaMode, MToon, MToonTexture, OutlineWidthMode, SurfaceMaterial, TextureTransform,
};
use avatar_sim::asset::Asset;
use wgpu::util::DeviceExt;

/// A material's uniform (group 1, binding 2 in `skin.wgsl`'s `Material`).
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct MaterialUniform {
    /// Linear RGBA factor.
    color: [f32; 4],
    /// x: alpha mode (0 opaque, 1 mask, 2 blend), y: cutoff, z: 1 with a normal map, w: its scale.
    alpha: [f32; 4],
    shade: [f32; 4],
    toon: [f32; 4],
    emissive: [f32; 4],
    rim: [f32; 4],
    matcap: [f32; 4],
    outline: [f32; 4],
    uv_animation: [f32; 4],
    modes: [f32; 4],
    /// (offset, scale) per texture slot: base colour, then MToon's in `MTOON_TEXTURE_BINDINGS` order.
    transforms: [[f32; 4]; 9],
}

const IDENTITY: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

fn transform(t: Option<&TextureTransform>) -> [f32; 4] {
    t.map_or(IDENTITY, |t| [t.offset[0], t.offset[1], t.scale[0], t.scale[1]])
}

impl MaterialUniform {
    fn new(m: &SurfaceMaterial, mtoon: Option<&MToon>) -> MaterialUniform {
        let mode = match m.alpha_mode {
            AlphaMode::Opaque => 0.0,
            AlphaMode::Mask => 1.0,
            AlphaMode::Blend => 2.0,
        };
        let mut u = MaterialUniform {
            color: m.base_color,
            alpha: [mode, m.alpha_cutoff, 0.0, 1.0],
            shade: [0.0; 4],
            toon: [0.0; 4],
            emissive: [0.0; 4],
            rim: [0.0; 4],
            matcap: [0.0; 4],
            outline: [0.0; 4],
            uv_animation: [0.0; 4],
            modes: [if m.double_sided { 1.0 } else { 0.0 }, 0.0, 0.0, 0.0],
            transforms: [IDENTITY; 9],
        };
        u.transforms[0] = transform(m.base_color_transform.as_ref());
        let Some(t) = mtoon else { return u };
        let [sr, sg, sb] = t.shade_color;
        u.shade = [sr, sg, sb, t.shading_shift];
        u.toon = [
            t.shading_toony,
            t.shading_shift_texture_scale,
            t.rim_lighting_mix,
            t.parametric_rim_fresnel_power,
        ];
        let [er, eg, eb] = t.emissive;
        u.emissive = [er, eg, eb, t.parametric_rim_lift];
        let [rr, rg, rb] = t.parametric_rim_color;
        u.rim = [rr, rg, rb, 0.0];
        let [mr, mg, mb] = t.matcap_factor;
        u.matcap = [mr, mg, mb, t.outline_lighting_mix];
        let [or, og, ob] = t.outline_color;
        u.outline = [or, og, ob, t.outline_width];
        u.uv_animation = [
            t.uv_animation_scroll_x_speed,
            t.uv_animation_scroll_y_speed,
            t.uv_animation_rotation_speed,
            0.0,
        ];
        let width_mode = match t.outline_width_mode {
            OutlineWidthMode::None => 0.0,
            OutlineWidthMode::WorldCoordinates => 1.0,
            OutlineWidthMode::ScreenCoordinates => 2.0,
        };
        u.modes[1] = width_mode;
        u.modes[2] = if t.matcap_texture.is_some() { 1.0 } else { 0.0 };
        if t.normal_texture.is_some() {
            u.alpha[2] = 1.0;
            u.alpha[3] = t.normal_scale;
        }
        for (slot, tex) in mtoon_slots(t).iter().enumerate() {
            u.transforms[slot + 1] = transform(tex.as_ref().and_then(|x| x.0.transform.as_ref()));
        }
        u
    }
}

/// What an absent texture slot holds: a value that leaves its factor as it is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stand {
    White,
    Black,
}

/// MToon's textures in `MTOON_TEXTURE_BINDINGS` order, each with whether it is a colour (sRGB) image as
/// three-vrm reads it, and the stand-in of an empty slot.
fn mtoon_slots(t: &MToon) -> [Option<(&MToonTexture, bool)>; 8] {
    fn c(x: &Option<MToonTexture>, srgb: bool) -> Option<(&MToonTexture, bool)> {
        x.as_ref().map(|x| (x, srgb))
    }
    [
        c(&t.shade_multiply_texture, true),
        c(&t.shading_shift_texture, true),
        c(&t.emissive_texture, true),
        c(&t.normal_texture, false),
        c(&t.matcap_texture, true),
        c(&t.rim_multiply_texture, true),
        c(&t.outline_width_multiply_texture, false),
        c(&t.uv_animation_mask_texture, false),
    ]
}

/// The stand-ins of `MTOON_TEXTURE_BINDINGS`' slots: white multiplies by one; the shading shift adds zero; the
/// normal map and matcap are switched off in the uniform.
const MTOON_STANDS: [Stand; 8] = [
    Stand::White,
    Stand::Black,
    Stand::White,
    Stand::White,
    Stand::Black,
    Stand::White,
    Stand::White,
    Stand::White,
];

/// One material's draw: pipelines (surface; a back-face pass before it for a blended double-sided material;
/// for an MToon outline, the outline pass after it), bind group, range.
pub(super) struct MaterialDraw {
    pub pipeline: usize,
    pub back_pass: Option<usize>,
    pub outline: Option<usize>,
    pub bind_group: wgpu::BindGroup,
    pub indices: std::ops::Range<u32>,
}

/// The draw pipelines (one per key and shading in use, skinning in the vertex shader; and the same drawing
/// from the compute pass's output) and the material draws, in order.
pub(super) struct MaterialDraws {
    pub pipelines: Vec<wgpu::RenderPipeline>,
    pub pipelines_skinned: Vec<wgpu::RenderPipeline>,
    pub draws: Vec<MaterialDraw>,
}

/// Which entry points a draw pipeline runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shading {
    Plain,
    MToon,
    Outline,
}

impl Shading {
    /// (vertex shader skinning, vertex shader reading the compute pass's output, fragment shader).
    fn entries(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Shading::Plain => ("vs_main", "vs_skinned", "fs_main"),
            Shading::MToon => ("vs_main", "vs_skinned", "fs_mtoon"),
            Shading::Outline => ("vs_outline", "vs_skinned_outline", "fs_outline"),
        }
    }
}

impl MaterialDraws {
    /// Textures (each image uploaded once per colour space), uniforms, pipelines; `layout`: the material bind
    /// group layout, `draw_layout` the draw pipelines' layout; `mtoon`: MToon materials drawn as MToon (else as
    /// plain ones of their lit colour).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        gpu: &Gpu,
        asset: &Asset,
        mesh: &GpuMesh,
        shader: &wgpu::ShaderModule,
        layout: &wgpu::BindGroupLayout,
        draw_layout: &wgpu::PipelineLayout,
        format: wgpu::TextureFormat,
        mtoon: bool,
    ) -> Result<MaterialDraws, GpuError> {
        let device = &gpu.device;
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("material"),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            address_mode_w: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        let max_side = device.limits().max_texture_dimension_2d;
        let pixel = |v: u8| image::RgbaImage::from_pixel(1, 1, image::Rgba([v, v, v, 255]));
        let white = upload_texture(gpu, &pixel(255), max_side, true);
        let black = upload_texture(gpu, &pixel(0), max_side, true);
        // (image, sRGB) → its texture
        let mut images: Vec<[Option<wgpu::TextureView>; 2]> =
            asset.looks.images.iter().map(|_| [None, None]).collect();
        let mut view_of = |i: usize, srgb: bool, name: &str| -> Result<Option<wgpu::TextureView>, GpuError> {
            if i >= images.len() {
                return Ok(None);
            }
            let slot = &mut images[i][srgb as usize];
            if slot.is_none() {
                let rgba = asset.looks.images[i]
                    .decode()
                    .map_err(|e| GpuError::Input(format!("material {name:?}: image {i}: {e}")))?;
                *slot = Some(upload_texture(gpu, &rgba, max_side, srgb));
            }
            Ok(slot.clone())
        };
        let mut keys: Vec<(PipelineKey, Shading)> = Vec::new();
        let (mut pipelines, mut pipelines_skinned) = (Vec::new(), Vec::new());
        let mut pipeline_for = |key: PipelineKey, shading: Shading| -> usize {
            match keys.iter().position(|k| *k == (key, shading)) {
                Some(p) => p,
                None => {
                    let (vs, vs_skinned, fs) = shading.entries();
                    pipelines.push(draw_pipeline(device, shader, draw_layout, format, (vs, fs), key));
                    pipelines_skinned.push(draw_pipeline(
                        device,
                        shader,
                        draw_layout,
                        format,
                        (vs_skinned, fs),
                        key,
                    ));
                    keys.push((key, shading));
                    pipelines.len() - 1
                }
            }
        };
        let mut draws = Vec::with_capacity(mesh.draws.len());
        for d in &mesh.draws {
            let m = &mesh.materials[d.material];
            let toon = if mtoon { m.mtoon.as_deref() } else { None };
            let base = match m.base_color_texture {
                Some(i) => view_of(i, true, &m.name)?.unwrap_or_else(|| white.clone()),
                None => white.clone(),
            };
            let mut slots: Vec<wgpu::TextureView> = Vec::with_capacity(8);
            let textures = toon.map(mtoon_slots).unwrap_or([None; 8]);
            for (tex, stand) in textures.iter().zip(MTOON_STANDS) {
                let view = match tex {
                    Some((t, srgb)) => view_of(t.image, *srgb, &m.name)?,
                    None => None,
                };
                slots.push(view.unwrap_or_else(|| {
                    if stand == Stand::White {
                        white.clone()
                    } else {
                        black.clone()
                    }
                }));
            }
            let uniform = MaterialUniform::new(m, toon);
            let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("material"),
                contents: bytemuck::bytes_of(&uniform),
                usage: wgpu::BufferUsages::UNIFORM,
            });
            let mut entries = vec![
                wgpu::BindGroupEntry { binding: 2, resource: buffer.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 3, resource: wgpu::BindingResource::TextureView(&base) },
                wgpu::BindGroupEntry { binding: 4, resource: wgpu::BindingResource::Sampler(&sampler) },
            ];
            for (binding, view) in MTOON_TEXTURE_BINDINGS.iter().zip(&slots) {
                entries.push(wgpu::BindGroupEntry {
                    binding: *binding,
                    resource: wgpu::BindingResource::TextureView(view),
                });
            }
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("material"),
                layout,
                entries: &entries,
            });
            let blend = m.alpha_mode == AlphaMode::Blend;
            // three-vrm: a blended MToon material writes depth when `transparentWithZWrite`
            let depth_write = !blend || toon.is_some_and(|t| t.transparent_with_z_write);
            let double_sided = !(mesh.has_materials && !m.double_sided);
            let key = PipelineKey { blend, cull: (!double_sided).then_some(wgpu::Face::Back), depth_write };
            let shading = if toon.is_some() { Shading::MToon } else { Shading::Plain };
            // three.js draws a blended double-sided material in two passes, its back faces first, then its front
            // ones (`forceSinglePass` false), so that it shows its far side through its near one
            let (pipeline, back_pass) = if blend && double_sided && mesh.has_materials {
                let back = pipeline_for(PipelineKey { cull: Some(wgpu::Face::Front), ..key }, shading);
                (pipeline_for(PipelineKey { cull: Some(wgpu::Face::Back), ..key }, shading), Some(back))
            } else {
                (pipeline_for(key, shading), None)
            };
            // the outline: three-vrm's back-side clone, pushed out along the normal
            let outline =
                toon.filter(|t| t.outline_width_mode != OutlineWidthMode::None && t.outline_width > 0.0).map(
                    |_| pipeline_for(PipelineKey { cull: Some(wgpu::Face::Front), ..key }, Shading::Outline),
                );
            draws.push(MaterialDraw { pipeline, back_pass, outline, bind_group, indices: d.indices.clone() });
        }
        Ok(MaterialDraws { pipelines, pipelines_skinned, draws })
    }
}
