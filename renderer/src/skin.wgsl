// Vertex-shader skinning of the rig parameters p and the reduced coordinates z (paper 000, §7):
//
//   x = X + Σ_handles w (T_h − I) [X;1] + Σ_targets β_i d_i + u_h + Σ_modes W_k Z_k [X;1]
//
// u_h is the held part of the flesh (issue 53), evaluated on the CPU from the state's `held`
// (avatar_sim::asset::HeldSurface) and stored after p and z in each instance's `params`, 4 floats a vertex.
//
// T_h and Z_k are 3×4 affine handles stored row-major, 12 floats each, at their offsets in `params`
// (p first, then z). Every per-vertex list is a compressed row: `offsets[v]` = (first handle entry, first
// blendshape entry), `offsets[v + 1]` ends them. The same `skin()` serves the vertex shader (drawing) and a
// compute entry point (reading the skinned positions back). The secondary term alone is u, the flesh: its
// length |u| colours the heat map (`fs_heat`).

struct Frame {
    view_proj: mat4x4<f32>,
    light_dir: vec4<f32>,
    base_color: vec4<f32>,
    // x: modes m, y: offset of z in `params`, z: params per instance, w: instance columns
    counts: vec4<u32>,
    // xyz: spacing between instances, w: 1 when each instance's params end with u_h (4 floats a vertex)
    spacing: vec4<f32>,
};

@group(0) @binding(0) var<uniform> frame: Frame;
// rest position (xyz, w = 1) and rest normal (xyz, w = 0), interleaved: 2 per vertex
@group(0) @binding(1) var<storage, read> rest: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> offsets: array<vec2<u32>>;
// (parameter offset of the handle's T, weight bits)
@group(0) @binding(3) var<storage, read> handles: array<vec2<u32>>;
// (parameter index bits, delta xyz)
@group(0) @binding(4) var<storage, read> shapes: array<vec4<f32>>;
// W_r, vertex-major: m per vertex
@group(0) @binding(5) var<storage, read> mode_weights: array<f32>;
// per instance: p, z, then (for an avatar with a held part) u_h per vertex (xyz, 0)
@group(0) @binding(6) var<storage, read> params: array<f32>;

// The heat map's colour scale (renderer/src/heat.rs): knots in sRGB, evenly spaced from 0 to the top; scale.x:
// 1 / top (per metre), scale.y: the number of segments between knots.
struct Heat {
    knots: array<vec4<f32>, 17>,
    scale: vec4<f32>,
};

@group(0) @binding(7) var<uniform> heat: Heat;

struct Skinned {
    position: vec3<f32>,
    normal: vec3<f32>,
    // u = u_h + Σ W_k Z_k [X;1], the flesh: held part and swing (included in `position`)
    secondary: vec3<f32>,
};

// The 3×4 handle stored at `o`, applied to (x, 1).
fn handle_apply(o: u32, x: vec3<f32>) -> vec3<f32> {
    let r0 = vec4<f32>(params[o], params[o + 1u], params[o + 2u], params[o + 3u]);
    let r1 = vec4<f32>(params[o + 4u], params[o + 5u], params[o + 6u], params[o + 7u]);
    let r2 = vec4<f32>(params[o + 8u], params[o + 9u], params[o + 10u], params[o + 11u]);
    let xh = vec4<f32>(x, 1.0);
    return vec3<f32>(dot(r0, xh), dot(r1, xh), dot(r2, xh));
}

fn handle_linear(o: u32, n: vec3<f32>) -> vec3<f32> {
    return vec3<f32>(
        params[o] * n.x + params[o + 1u] * n.y + params[o + 2u] * n.z,
        params[o + 4u] * n.x + params[o + 5u] * n.y + params[o + 6u] * n.z,
        params[o + 8u] * n.x + params[o + 9u] * n.y + params[o + 10u] * n.z,
    );
}

fn skin(v: u32, instance: u32) -> Skinned {
    let base = instance * frame.counts.z;
    let x = rest[2u * v].xyz;
    let n = rest[2u * v + 1u].xyz;
    var dx = vec3<f32>(0.0);
    var dn = vec3<f32>(0.0);
    var du = vec3<f32>(0.0);
    let begin = offsets[v];
    let end = offsets[v + 1u];
    // rig handles (bones, or the global affine handle): w (T_h − I)[X;1]
    for (var e = begin.x; e < end.x; e = e + 1u) {
        let o = base + handles[e].x;
        let w = bitcast<f32>(handles[e].y);
        dx = dx + w * (handle_apply(o, x) - x);
        dn = dn + w * (handle_linear(o, n) - n);
    }
    // blendshapes: β_i d_i
    for (var e = begin.y; e < end.y; e = e + 1u) {
        let s = shapes[e];
        dx = dx + params[base + bitcast<u32>(s.x)] * s.yzw;
    }
    // the held part of the flesh
    if (frame.spacing.w > 0.5) {
        // the last 4N floats of the instance's params (`rest` holds 2 vec4 per vertex)
        let o = base + frame.counts.z - 4u * (arrayLength(&rest) / 2u) + 4u * v;
        du = vec3<f32>(params[o], params[o + 1u], params[o + 2u]);
    }
    // secondary motion: W_k Z_k [X;1]
    let m = frame.counts.x;
    for (var k = 0u; k < m; k = k + 1u) {
        let w = mode_weights[v * m + k];
        let o = base + frame.counts.y + 12u * k;
        du = du + w * handle_apply(o, x);
        dn = dn + w * handle_linear(o, n);
    }
    var out: Skinned;
    out.position = x + dx + du;
    out.normal = normalize(n + dn);
    out.secondary = du;
    return out;
}

fn instance_offset(instance: u32) -> vec3<f32> {
    let cols = max(frame.counts.w, 1u);
    let col = f32(instance % cols);
    let row = f32(instance / cols);
    return vec3<f32>(col * frame.spacing.x, 0.0, -row * frame.spacing.z);
}

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) normal: vec3<f32>,
    @location(1) uv: vec2<f32>,
    // |u| (m)
    @location(2) heat: f32,
};

// The material of the current draw (one draw per material): base colour = color × texture(uv), glTF's
// baseColorFactor × baseColorTexture. Without looks: the flat colour and a 1×1 white texture.
struct Material {
    // linear RGBA factor
    color: vec4<f32>,
    // x: alpha mode (0 opaque, 1 mask, 2 blend), y: alpha cutoff
    alpha: vec4<f32>,
};

@group(1) @binding(2) var<uniform> material: Material;
// sRGB texture (sampling returns linear values), mipmapped, linear filtering, repeat
@group(1) @binding(3) var base_texture: texture_2d<f32>;
@group(1) @binding(4) var base_sampler: sampler;

@vertex
fn vs_main(
    @builtin(vertex_index) v: u32,
    @builtin(instance_index) instance: u32,
    @location(0) uv: vec2<f32>,
) -> VertexOut {
    let s = skin(v, instance);
    var out: VertexOut;
    out.clip = frame.view_proj * vec4<f32>(s.position + instance_offset(instance), 1.0);
    out.normal = s.normal;
    out.uv = uv;
    out.heat = length(s.secondary);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let base = material.color * textureSample(base_texture, base_sampler, in.uv);
    if (material.alpha.x == 1.0 && base.a < material.alpha.y) {
        discard;
    }
    let n = normalize(in.normal);
    let l = normalize(frame.light_dir.xyz);
    // two-sided Lambert with a little ambient and a rim from the camera side
    let diffuse = abs(dot(n, l));
    let shade = 0.25 + 0.75 * diffuse;
    let alpha = select(1.0, base.a, material.alpha.x == 2.0);
    return vec4<f32>(base.rgb * shade, alpha);
}

// sRGB to linear (the colour target encodes back to sRGB).
fn srgb_to_linear(c: vec3<f32>) -> vec3<f32> {
    let low = c / 12.92;
    let high = pow((c + 0.055) / 1.055, vec3<f32>(2.4));
    return select(high, low, c <= vec3<f32>(0.04045));
}

// The heat map: |u| on the colour scale, unlit (so that each colour reads back as one value). Masked texels are
// discarded as in `fs_main`; blended materials count where they are at least half opaque.
@fragment
fn fs_heat(in: VertexOut) -> @location(0) vec4<f32> {
    let base = material.color * textureSample(base_texture, base_sampler, in.uv);
    if ((material.alpha.x == 1.0 && base.a < material.alpha.y) || (material.alpha.x == 2.0 && base.a < 0.5)) {
        discard;
    }
    let segments = heat.scale.y;
    let s = clamp(in.heat * heat.scale.x, 0.0, 1.0) * segments;
    let i = min(u32(floor(s)), u32(segments) - 1u);
    let c = mix(heat.knots[i].rgb, heat.knots[i + 1u].rgb, s - f32(i));
    return vec4<f32>(srgb_to_linear(c), 1.0);
}

// Ground: a quad under the avatar with grid lines every `spacing.w` metres (world xz in the varying).
struct GroundOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec3<f32>,
};

@group(1) @binding(0) var<uniform> ground: vec4<f32>; // xyz: centre, w: half size

@vertex
fn vs_ground(@builtin(vertex_index) i: u32) -> GroundOut {
    let corners = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0),
    );
    let c = corners[i];
    let world = vec3<f32>(ground.x + c.x * ground.w, ground.y, ground.z + c.y * ground.w);
    var out: GroundOut;
    out.clip = frame.view_proj * vec4<f32>(world, 1.0);
    out.world = world;
    return out;
}

@fragment
fn fs_ground(in: GroundOut) -> @location(0) vec4<f32> {
    let cell = 0.25;
    let g = abs(fract(in.world.xz / cell + 0.5) - 0.5) * cell;
    let line = f32(min(g.x, g.y) < 0.006);
    let c = mix(vec3<f32>(0.80, 0.80, 0.78), vec3<f32>(0.55, 0.55, 0.55), line);
    return vec4<f32>(c, 1.0);
}

// Compute: skinned positions of instance 0 and their |u| (w), for reading back, each followed by its normal: what
// `vs_skinned` draws from, so that several views of one state skin it once. 2 per vertex.
@group(1) @binding(1) var<storage, read_write> skinned: array<vec4<f32>>;

@compute @workgroup_size(64)
fn cs_skin(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = id.x;
    if (v >= arrayLength(&skinned) / 2u) {
        return;
    }
    let s = skin(v, 0u);
    skinned[2u * v] = vec4<f32>(s.position, length(s.secondary));
    skinned[2u * v + 1u] = vec4<f32>(s.normal, 0.0);
}

// Drawing instance 0 from what `cs_skin` wrote (as a vertex buffer): the same outputs as `vs_main`.
@vertex
fn vs_skinned(
    @location(0) uv: vec2<f32>,
    @location(1) position_heat: vec4<f32>,
    @location(2) normal: vec4<f32>,
) -> VertexOut {
    var out: VertexOut;
    out.clip = frame.view_proj * vec4<f32>(position_heat.xyz + instance_offset(0u), 1.0);
    out.normal = normal.xyz;
    out.uv = uv;
    out.heat = position_heat.w;
    return out;
}
