//! The draw pipelines (one per [`PipelineKey`]: blending, culling), the heat map's, the ground's, and the
//! compute pipeline that reads skinned positions back.

use super::bindings::{Layouts, SKINNED_STRIDE};

pub(super) const DEPTH_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Depth32Float;

/// What a draw pipeline varies with the material.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PipelineKey {
    pub blend: bool,
    /// Faces culled: none, the back (single-sided), the front (MToon's outline pass).
    pub cull: Option<wgpu::Face>,
    /// Depth written (opaque and masked materials; blended MToon with `transparentWithZWrite`).
    pub depth_write: bool,
}

impl PipelineKey {
    /// Opaque, both sides drawn.
    pub const PLAIN: PipelineKey = PipelineKey { blend: false, cull: None, depth_write: true };
}

/// The pipelines every avatar has, and the layout of its material draws.
pub(super) struct Pipelines {
    /// Groups 0 (avatar) and 1 (material): the layout of [`draw_pipeline`]s for materials.
    pub draw_layout: wgpu::PipelineLayout,
    /// Every material's triangles coloured by `|u|` (`fs_heat`: opaque, no culling), skinned in the vertex
    /// shader (`vs_main`) and drawn from the compute pass's output (`vs_skinned`).
    pub heat: wgpu::RenderPipeline,
    pub heat_skinned: wgpu::RenderPipeline,
    pub ground: wgpu::RenderPipeline,
    pub compute: wgpu::ComputePipeline,
}

impl Pipelines {
    pub fn new(
        device: &wgpu::Device,
        shader: &wgpu::ShaderModule,
        layouts: &Layouts,
        format: wgpu::TextureFormat,
    ) -> Pipelines {
        let draw_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("avatar"),
            bind_group_layouts: &[Some(&layouts.avatar), Some(&layouts.material)],
            immediate_size: 0,
        });
        let ground_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("ground"),
            bind_group_layouts: &[Some(&layouts.avatar), Some(&layouts.ground)],
            immediate_size: 0,
        });
        let compute_pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("skin"),
            bind_group_layouts: &[Some(&layouts.avatar), Some(&layouts.compute)],
            immediate_size: 0,
        });
        let ground = draw_pipeline(
            device,
            shader,
            &ground_pipeline_layout,
            format,
            ("vs_ground", "fs_ground"),
            PipelineKey::PLAIN,
        );
        let heat_key = PipelineKey::PLAIN;
        let heat = draw_pipeline(device, shader, &draw_layout, format, ("vs_main", "fs_heat"), heat_key);
        let heat_skinned =
            draw_pipeline(device, shader, &draw_layout, format, ("vs_skinned", "fs_heat"), heat_key);
        let compute = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("skin"),
            layout: Some(&compute_pipeline_layout),
            module: shader,
            entry_point: Some("cs_skin"),
            compilation_options: Default::default(),
            cache: None,
        });
        Pipelines { draw_layout, heat, heat_skinned, ground, compute }
    }
}

pub(super) fn draw_pipeline(
    device: &wgpu::Device,
    shader: &wgpu::ShaderModule,
    layout: &wgpu::PipelineLayout,
    format: wgpu::TextureFormat,
    (vs, fs): (&str, &str),
    key: PipelineKey,
) -> wgpu::RenderPipeline {
    // the avatar's vertex shader reads the UV as a vertex attribute; the ground has none; `vs_skinned` reads
    // the compute pass's positions (with |u|) and normals too
    let (uv, skinned) =
        (wgpu::vertex_attr_array![0 => Float32x2], wgpu::vertex_attr_array![1 => Float32x4, 2 => Float32x4]);
    let vertex = |array_stride, attributes| {
        Some(wgpu::VertexBufferLayout { array_stride, step_mode: wgpu::VertexStepMode::Vertex, attributes })
    };
    let layouts = [vertex(8, &uv[..]), vertex(SKINNED_STRIDE as u64, &skinned[..])];
    let buffers = match vs {
        "vs_main" | "vs_outline" => &layouts[..1],
        "vs_skinned" | "vs_skinned_outline" => &layouts[..],
        _ => &[],
    };
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
            cull_mode: key.cull,
            ..Default::default()
        },
        depth_stencil: Some(wgpu::DepthStencilState {
            format: DEPTH_FORMAT,
            depth_write_enabled: Some(key.depth_write),
            depth_compare: Some(wgpu::CompareFunction::LessEqual),
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
