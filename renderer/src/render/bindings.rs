//! The avatar's buffers and bind groups: group 0 holds the frame uniform and the skinning data (rest
//! positions, weight rows, blendshape deltas, mode weights, the per-frame `p` and `z`, the heat map's colour
//! scale); group 1 a material (`materials`), the ground, or the read-back of skinned positions.

use super::frame::Framing;
use crate::gpu_mesh::GpuMesh;
use wgpu::util::DeviceExt;

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

/// Bytes per vertex of the skinned buffer: position and `|u|`, normal and 0.
pub(super) const SKINNED_STRIDE: usize = 32;

/// The bind group layouts.
/// MToon's texture slots in group 1 (`skin.wgsl`): shade multiply, shading shift, emissive, normal, matcap, rim
/// multiply, outline width multiply, UV animation mask.
pub(super) const MTOON_TEXTURE_BINDINGS: [u32; 8] = [5, 6, 7, 8, 9, 10, 11, 12];

pub(super) struct Layouts {
    /// Group 0: frame uniform (0), skinning data (1–5), params (6), heat scale (7).
    pub avatar: wgpu::BindGroupLayout,
    pub ground: wgpu::BindGroupLayout,
    /// Group 1 of a material: its uniform (2), base-colour texture (3), sampler (4) and MToon's textures
    /// ([`MTOON_TEXTURE_BINDINGS`]).
    pub material: wgpu::BindGroupLayout,
    /// Group 1 of the read-back: the skinned positions and normals (1).
    pub compute: wgpu::BindGroupLayout,
}

impl Layouts {
    pub fn new(device: &wgpu::Device) -> Layouts {
        let vs = wgpu::ShaderStages::VERTEX | wgpu::ShaderStages::COMPUTE;
        let avatar = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("avatar"),
            entries: &[
                uniform_entry(0, vs | wgpu::ShaderStages::FRAGMENT),
                storage_entry(1, vs, true),
                storage_entry(2, vs, true),
                storage_entry(3, vs, true),
                storage_entry(4, vs, true),
                storage_entry(5, vs, true),
                storage_entry(6, vs, true),
                uniform_entry(7, wgpu::ShaderStages::FRAGMENT),
            ],
        });
        let ground = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("ground"),
            entries: &[uniform_entry(0, wgpu::ShaderStages::VERTEX)],
        });
        // the outline pass's vertex stage reads the material too (its width and width texture)
        let both = wgpu::ShaderStages::VERTEX | wgpu::ShaderStages::FRAGMENT;
        let texture = |binding| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: both,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            count: None,
        };
        let mut entries = vec![
            uniform_entry(2, both),
            texture(3),
            wgpu::BindGroupLayoutEntry {
                binding: 4,
                visibility: both,
                ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                count: None,
            },
        ];
        entries.extend(MTOON_TEXTURE_BINDINGS.map(texture));
        let material = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("material"),
            entries: &entries,
        });
        let compute = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("skinned out"),
            entries: &[storage_entry(1, wgpu::ShaderStages::COMPUTE, false)],
        });
        Layouts { avatar, ground, material, compute }
    }
}

/// The avatar's buffers.
pub(super) struct Buffers {
    rest: wgpu::Buffer,
    offsets: wgpu::Buffer,
    handles: wgpu::Buffer,
    shapes: wgpu::Buffer,
    mode_weights: wgpu::Buffer,
    /// `p` and `z` of every instance, written each frame.
    pub params: wgpu::Buffer,
    pub index: wgpu::Buffer,
    pub uv: wgpu::Buffer,
    /// The read-back's skinned positions (with `|u|`), each followed by its normal: what `vs_skinned` draws
    /// from, as a vertex buffer.
    pub skinned: wgpu::Buffer,
    pub frame: wgpu::Buffer,
    /// The ground square (centre, half side), rewritten by views that move it.
    pub ground: wgpu::Buffer,
    /// The heat map's colour scale.
    pub heat: wgpu::Buffer,
}

impl Buffers {
    /// Everything but `p` and `z` uploaded once; `p`, `z` zero for `instances` copies.
    pub fn new(device: &wgpu::Device, mesh: &GpuMesh, instances: u32, framing: &Framing) -> Buffers {
        // Static data.
        let rest = storage(device, "rest", &mesh.rest);
        let offsets = storage(device, "offsets", &mesh.offsets);
        let handles = storage(device, "handles", &mesh.handles);
        let shapes = storage(device, "shapes", &mesh.shapes);
        let mode_weights = storage(device, "mode weights", &mesh.mode_weights);
        let params_len = mesh.params_len() * instances as usize;
        let params = storage(device, "params", &vec![0f32; params_len.max(1)]);
        let index = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("indices"),
            contents: bytemuck::cast_slice(&mesh.indices),
            usage: wgpu::BufferUsages::INDEX,
        });
        let uv = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("uv"),
            contents: bytemuck::cast_slice(if mesh.uv.is_empty() { &[[0f32; 2]][..] } else { &mesh.uv }),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let skinned = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("skinned"),
            size: (SKINNED_STRIDE * mesh.vertices) as u64,
            usage: wgpu::BufferUsages::STORAGE
                | wgpu::BufferUsages::COPY_SRC
                | wgpu::BufferUsages::COPY_DST
                | wgpu::BufferUsages::VERTEX,
            mapped_at_creation: false,
        });
        let frame = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("frame"),
            contents: bytemuck::bytes_of(&framing.frame),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        let ground = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("ground"),
            contents: bytemuck::cast_slice(&framing.ground),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        let heat = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("heat scale"),
            contents: bytemuck::bytes_of(&crate::heat::HeatScale::default().uniform()),
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        });
        Buffers {
            rest,
            offsets,
            handles,
            shapes,
            mode_weights,
            params,
            index,
            uv,
            skinned,
            frame,
            ground,
            heat,
        }
    }
}

/// The bind groups of the avatar (group 0), the ground and the read-back (group 1).
pub(super) struct BindGroups {
    pub avatar: wgpu::BindGroup,
    pub ground: wgpu::BindGroup,
    pub compute: wgpu::BindGroup,
}

impl BindGroups {
    pub fn new(device: &wgpu::Device, layouts: &Layouts, buffers: &Buffers) -> BindGroups {
        let b = buffers;
        let avatar = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("avatar"),
            layout: &layouts.avatar,
            entries: &[
                wgpu::BindGroupEntry { binding: 0, resource: b.frame.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 1, resource: b.rest.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 2, resource: b.offsets.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 3, resource: b.handles.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 4, resource: b.shapes.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 5, resource: b.mode_weights.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 6, resource: b.params.as_entire_binding() },
                wgpu::BindGroupEntry { binding: 7, resource: b.heat.as_entire_binding() },
            ],
        });
        let ground = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("ground"),
            layout: &layouts.ground,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: b.ground.as_entire_binding() }],
        });
        let compute = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("skinned out"),
            layout: &layouts.compute,
            entries: &[wgpu::BindGroupEntry { binding: 1, resource: b.skinned.as_entire_binding() }],
        });
        BindGroups { avatar, ground, compute }
    }
}
