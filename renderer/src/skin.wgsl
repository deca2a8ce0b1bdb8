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
    // MToon's light (three.js units): rgb the directional light's colour × intensity (towards it: light_dir);
    // w: 1 when the colour target is not sRGB-encoded, so that the fragment shaders encode (`to_target`)
    light_color: vec4<f32>,
    // rgb: the ambient light's colour × intensity; w: the UV animation's time (s)
    ambient: vec4<f32>,
    // the camera: xyz its position (world), w the projection's cot(fov_y / 2) (projectionMatrix[1][1])
    eye: vec4<f32>,
    // the camera's axes in world space (view space x, y, z): right, up, back (it looks along −back)
    cam_right: vec4<f32>,
    cam_up: vec4<f32>,
    cam_back: vec4<f32>,
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
    // world position (MToon's view direction)
    @location(3) world: vec3<f32>,
};

// The material of the current draw (one draw per material): base colour = color × texture(uv), glTF's
// baseColorFactor × baseColorTexture. Without looks: the flat colour and a 1×1 white texture. A VRM MToon
// material adds the rest (`fs_mtoon`, `vs_outline`): VRMC_materials_mtoon 1.0's parameters, named after the
// specification's properties, with a texture in every slot (absent ones: a 1×1 texture that leaves the factor
// as it is: white for multiplying slots, black for added ones).
struct Material {
    // linear RGBA factor
    color: vec4<f32>,
    // x: alpha mode (0 opaque, 1 mask, 2 blend), y: alpha cutoff, z: 1 with a normal map (its scale in w)
    alpha: vec4<f32>,
    // rgb: shadeColorFactor, w: shadingShiftFactor
    shade: vec4<f32>,
    // x: shadingToonyFactor, y: shadingShiftTexture's scale, z: rimLightingMixFactor,
    // w: parametricRimFresnelPowerFactor
    toon: vec4<f32>,
    // rgb: emissiveFactor (emissive strength folded in), w: parametricRimLiftFactor
    emissive: vec4<f32>,
    // rgb: parametricRimColorFactor, w: unused
    rim: vec4<f32>,
    // rgb: matcapFactor, w: outlineLightingMixFactor
    matcap: vec4<f32>,
    // rgb: outlineColorFactor, w: outlineWidthFactor (m, or a share of the screen's height)
    outline: vec4<f32>,
    // x: uvAnimationScrollXSpeedFactor, y: uvAnimationScrollYSpeedFactor, z: uvAnimationRotationSpeedFactor
    uv_animation: vec4<f32>,
    // x: 1 when double-sided, y: outlineWidthMode (0 none, 1 world, 2 screen), z: 1 with a matcap texture
    modes: vec4<f32>,
    // KHR_texture_transform per slot, (offset u, offset v, scale u, scale v): base colour, shade multiply,
    // shading shift, emissive, normal, matcap, rim multiply, outline width multiply, UV animation mask
    transforms: array<vec4<f32>, 9>,
};

@group(1) @binding(2) var<uniform> material: Material;
// sRGB texture (sampling returns linear values), mipmapped, linear filtering, repeat
@group(1) @binding(3) var base_texture: texture_2d<f32>;
@group(1) @binding(4) var base_sampler: sampler;
// MToon's textures, in `transforms`' order after the base colour; colour ones (shade multiply, shading shift,
// emissive, matcap, rim multiply) are sRGB as three-vrm reads them, the others linear
@group(1) @binding(5) var shade_multiply_texture: texture_2d<f32>;
@group(1) @binding(6) var shading_shift_texture: texture_2d<f32>;
@group(1) @binding(7) var emissive_texture: texture_2d<f32>;
@group(1) @binding(8) var normal_texture: texture_2d<f32>;
@group(1) @binding(9) var matcap_texture: texture_2d<f32>;
@group(1) @binding(10) var rim_multiply_texture: texture_2d<f32>;
@group(1) @binding(11) var outline_width_multiply_texture: texture_2d<f32>;
@group(1) @binding(12) var uv_animation_mask_texture: texture_2d<f32>;

@vertex
fn vs_main(
    @builtin(vertex_index) v: u32,
    @builtin(instance_index) instance: u32,
    @location(0) uv: vec2<f32>,
) -> VertexOut {
    return skinned_out(skin(v, instance), instance, uv);
}

fn skinned_out(s: Skinned, instance: u32, uv: vec2<f32>) -> VertexOut {
    var out: VertexOut;
    out.clip = frame.view_proj * vec4<f32>(s.position + instance_offset(instance), 1.0);
    out.normal = s.normal;
    out.uv = uv;
    out.heat = length(s.secondary);
    out.world = s.position + instance_offset(instance);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    let base = material.color * textureSample(base_texture, base_sampler, slot_uv(0u, in.uv));
    if (material.alpha.x == 1.0 && base.a < material.alpha.y) {
        discard;
    }
    let n = normalize(in.normal);
    let l = normalize(frame.light_dir.xyz);
    // two-sided Lambert with a little ambient and a rim from the camera side
    let diffuse = abs(dot(n, l));
    let shade = 0.25 + 0.75 * diffuse;
    let alpha = select(1.0, base.a, material.alpha.x == 2.0);
    return to_target(vec4<f32>(base.rgb * shade, alpha));
}

// ---------------------------------------------------------------------------------------------------------
// MToon: VRMC_materials_mtoon 1.0 as three-vrm draws it (`@pixiv/three-vrm-materials-mtoon` 3.x, its
// mtoon.vert and mtoon.frag on three.js r150+), for one directional light and one ambient light, in three.js's
// units (a white light of intensity π lights a white surface white). The full model but shadows, vertex colours
// and light probes; the spec's `giEqualizationFactor` is read but, as in three-vrm, not used.

// uv' = offset + scale · uv (KHR_texture_transform without rotation) for texture slot `slot`.
fn slot_uv(slot: u32, uv: vec2<f32>) -> vec2<f32> {
    let t = material.transforms[slot];
    return t.xy + t.zw * uv;
}

// UV animation: a rotation about (0.5, 0.5) by the phase, then a scroll, each scaled by the mask's blue channel
// (sampled at the unanimated uv); the offsets grow with the time (frame.ambient.w).
fn animated_uv(uv: vec2<f32>) -> vec2<f32> {
    let mask = textureSample(uv_animation_mask_texture, base_sampler, slot_uv(8u, uv)).b;
    let time = frame.ambient.w;
    let phase = material.uv_animation.z * time * mask;
    let c = cos(phase);
    let s = sin(phase);
    let d = uv - vec2<f32>(0.5);
    // GLSL's mat2(c, −s, s, c) · d (column-major)
    let turned = vec2<f32>(c * d.x + s * d.y, -s * d.x + c * d.y) + vec2<f32>(0.5);
    return turned + material.uv_animation.xy * time * mask;
}

// World to view space (three.js's view matrix, rotation part).
fn to_view(v: vec3<f32>) -> vec3<f32> {
    return vec3<f32>(dot(v, frame.cam_right.xyz), dot(v, frame.cam_up.xyz), dot(v, frame.cam_back.xyz));
}

// The shading of one fragment. `outline`: the outline pass (normal turned, colour replaced).
fn mtoon(in: VertexOut, front: bool, outline: bool) -> vec4<f32> {
    let uv = animated_uv(in.uv);
    // every texture sampled up front, in uniform control flow
    let base_sample = textureSample(base_texture, base_sampler, slot_uv(0u, uv));
    let shade_sample = textureSample(shade_multiply_texture, base_sampler, slot_uv(1u, uv)).rgb;
    let shift_sample = textureSample(shading_shift_texture, base_sampler, slot_uv(2u, uv)).r;
    let emissive_sample = textureSample(emissive_texture, base_sampler, slot_uv(3u, uv)).rgb;
    let normal_uv = slot_uv(4u, uv);
    let normal_sample = textureSample(normal_texture, base_sampler, normal_uv).xyz;
    let rim_sample = textureSample(rim_multiply_texture, base_sampler, slot_uv(6u, uv)).rgb;
    // the tangent frame from screen-space derivatives (three.js's getTangentFrame), in view space; WGSL's y
    // derivative runs down the framebuffer, GLSL's up
    let eye_pos = to_view(in.world - frame.eye.xyz);
    let q0 = dpdx(eye_pos);
    let q1 = -dpdy(eye_pos);
    let st0 = dpdx(normal_uv);
    let st1 = -dpdy(normal_uv);

    let diffuse_color = material.color * base_sample;
    let mode = material.alpha.x;
    if (mode == 1.0 && diffuse_color.a < material.alpha.y) {
        discard;
    }
    let face = select(-1.0, 1.0, front);
    // view-space normal; double-sided materials face the viewer (three.js's DOUBLE_SIDED)
    var normal = normalize(to_view(in.normal));
    // (the outline pass is three-vrm's back-side clone: never double-sided)
    let double_sided = material.modes.x > 0.5 && !outline;
    if (double_sided) {
        normal = normal * face;
    }
    if (outline) {
        normal = -normal;
    }
    if (material.alpha.z > 0.5) {
        // tangent-space normal map: mapN.xy × normalScale through the derivative frame; three.js's GLTFLoader
        // flips the scale's y for a mesh without tangents (ours have none)
        var map_n = normal_sample * 2.0 - vec3<f32>(1.0);
        map_n = vec3<f32>(map_n.xy * vec2<f32>(material.alpha.w, -material.alpha.w), map_n.z);
        let n = normal;
        let q1perp = cross(q1, n);
        let q0perp = cross(n, q0);
        var t = q1perp * st0.x + q0perp * st1.x;
        var b = q1perp * st0.y + q0perp * st1.y;
        let det = max(dot(t, t), dot(b, b));
        let scale = select(inverseSqrt(det), 0.0, det == 0.0);
        t = t * scale;
        b = b * scale;
        if (double_sided) {
            t = t * face;
            b = b * face;
        }
        normal = normalize(t * map_n.x + b * map_n.y + n * map_n.z);
    }
    // lighting: the directional light's toon diffuse, the ambient light's plain diffuse
    let shade_color = material.shade.rgb * shade_sample;
    let shading_shift = material.shade.w + shift_sample * material.toon.y;
    let l = to_view(normalize(frame.light_dir.xyz));
    let dot_nl = clamp(dot(normal, l), -1.0, 1.0);
    let toony = material.toon.x;
    // linearstep(−1 + toony, 1 − toony, dotNL + shift)
    let shading = clamp((dot_nl + shading_shift - (-1.0 + toony)) / ((1.0 - toony) - (-1.0 + toony)), 0.0, 1.0);
    let inv_pi = 0.3183098861837907;
    let light = frame.light_color.rgb;
    let ambient = frame.ambient.rgb;
    var col = light * inv_pi * mix(shade_color, diffuse_color.rgb, shading) + ambient * inv_pi * diffuse_color.rgb;
    // rim: parametric (Fresnel-like) plus matcap, times the rim texture, lit by the lights' sum as mixed
    let view_dir = normalize(to_view(frame.eye.xyz - in.world));
    let rim_mix = mix(vec3<f32>(1.0), (light + ambient) * inv_pi, material.toon.z);
    var rim = material.rim.rgb
        * pow(clamp(1.0 - dot(view_dir, normal) + material.emissive.w, 0.0, 1.0), material.toon.w);
    let mx = normalize(vec3<f32>(view_dir.z, 0.0, -view_dir.x));
    let my = cross(view_dir, mx);
    let sphere_uv = vec2<f32>(0.5) + 0.5 * vec2<f32>(dot(mx, normal), -dot(my, normal));
    let matcap_sample = textureSampleLevel(matcap_texture, base_sampler, slot_uv(5u, sphere_uv), 0.0).rgb;
    if (material.modes.z > 0.5) {
        rim = rim + material.matcap.rgb * matcap_sample;
    }
    rim = rim * rim_sample;
    col = col + rim_mix * rim;
    // emission
    col = col + material.emissive.rgb * emissive_sample;
    if (outline) {
        col = material.outline.rgb * mix(vec3<f32>(1.0), col, material.matcap.w);
    }
    let alpha = select(1.0, diffuse_color.a, mode == 2.0);
    return to_target(vec4<f32>(col, alpha));
}

@fragment
fn fs_mtoon(in: VertexOut, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {
    return mtoon(in, front, false);
}

@fragment
fn fs_outline(in: VertexOut, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {
    return mtoon(in, front, true);
}

// The outline pass's vertex (three-vrm's mtoon.vert with OUTLINE): the surface pushed out along its normal by
// outlineWidthFactor (m) × the width texture's green channel; in screen mode scaled by the view depth over
// cot(fov_y / 2), so that the width is a share of the screen's height. Drawn with front faces culled.
fn outline_vertex(out_in: VertexOut, position: vec3<f32>, normal: vec3<f32>) -> VertexOut {
    var out = out_in;
    let width_sample = textureSampleLevel(outline_width_multiply_texture, base_sampler, slot_uv(7u, out.uv), 0.0).g;
    var offset = material.outline.w * normalize(normal) * width_sample;
    if (material.modes.y == 2.0) {
        let depth = dot(frame.eye.xyz - position, frame.cam_back.xyz);
        offset = offset * depth / frame.eye.w;
    }
    out.clip = frame.view_proj * vec4<f32>(position + offset, 1.0);
    out.clip.z = out.clip.z + 1e-6 * out.clip.w;
    return out;
}

@vertex
fn vs_outline(
    @builtin(vertex_index) v: u32,
    @builtin(instance_index) instance: u32,
    @location(0) uv: vec2<f32>,
) -> VertexOut {
    let s = skin(v, instance);
    return outline_vertex(skinned_out(s, instance, uv), s.position + instance_offset(instance), s.normal);
}

@vertex
fn vs_skinned_outline(
    @location(0) uv: vec2<f32>,
    @location(1) position_heat: vec4<f32>,
    @location(2) normal: vec4<f32>,
) -> VertexOut {
    let out = read_out(uv, position_heat, normal);
    return outline_vertex(out, position_heat.xyz + instance_offset(0u), normal.xyz);
}

// A linear colour as the target stores it: sRGB-encoded here when the target is a plain 8-bit one. The renderer
// draws into such a target (`Rgba8Unorm`) so that blended materials mix in sRGB space, as three.js (the viewer,
// three-vrm) mixes them in its 8-bit sRGB drawing buffer; on an sRGB target the hardware encodes instead.
fn to_target(c: vec4<f32>) -> vec4<f32> {
    if (frame.light_color.w < 0.5) {
        return c;
    }
    let x = clamp(c.rgb, vec3<f32>(0.0), vec3<f32>(1.0));
    let high = 1.055 * pow(x, vec3<f32>(1.0 / 2.4)) - vec3<f32>(0.055);
    return vec4<f32>(select(high, 12.92 * x, x <= vec3<f32>(0.0031308)), c.a);
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
    let base = material.color * textureSample(base_texture, base_sampler, slot_uv(0u, in.uv));
    if ((material.alpha.x == 1.0 && base.a < material.alpha.y) || (material.alpha.x == 2.0 && base.a < 0.5)) {
        discard;
    }
    let segments = heat.scale.y;
    let s = clamp(in.heat * heat.scale.x, 0.0, 1.0) * segments;
    let i = min(u32(floor(s)), u32(segments) - 1u);
    let c = mix(heat.knots[i].rgb, heat.knots[i + 1u].rgb, s - f32(i));
    return to_target(vec4<f32>(srgb_to_linear(c), 1.0));
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
    return to_target(vec4<f32>(c, 1.0));
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
    return read_out(uv, position_heat, normal);
}

fn read_out(uv: vec2<f32>, position_heat: vec4<f32>, normal: vec4<f32>) -> VertexOut {
    var out: VertexOut;
    out.clip = frame.view_proj * vec4<f32>(position_heat.xyz + instance_offset(0u), 1.0);
    out.normal = normal.xyz;
    out.uv = uv;
    out.heat = position_heat.w;
    out.world = position_heat.xyz + instance_offset(0u);
    return out;
}
