// The skinning: a GLSL ES 3.0 port of renderer/src/skin.wgsl (vs_main / fs_main), in two passes.
//
//   x = X + Σ_handles w (T_h − I) [X;1] + Σ_targets β_i d_i + Σ_modes W_k Z_k [X;1]
//
// Pass 1 (once per avatar and new state): a fragment shader over a float render target of one texel per vertex
// (WIDTH texels per row) computes the skinned position x and the normal normalize(n + dn) of its vertex into two
// RGBA32F targets; the position target's w holds |u|, the length of the secondary displacement
// u = u_h + Σ_modes W_k Z_k [X;1] (the flesh: the held part of src/held.ts, evaluated on the CPU per state and
// read from one texel per vertex, then the mode terms; what the flesh adds to the rig-only position;
// src/heat.ts), in metres.
// Pass 2: each draw's vertex shader reads its vertex's two texels (texelFetch at gl_VertexID) and
// projects: gl_Position = view_proj (x + instance_offset). Same numbers as one pass (the same highp arithmetic,
// stored as 32-bit floats), but every vertex is skinned once per frame: a software rasterizer (SwiftShader)
// shades 4 index entries per vertex-cache miss, 4.4× the vertex count for the default avatar.
//
// T_h and Z_k are 3×4 affine handles stored row-major, 12 floats each (at their offsets in p, and in z). The
// parameter rows (vec4) of an avatar are its rig handle slots' rows (the handles the mesh uses), the modes' rows
// (z as is), then p as scalars for the blendshape weights: a std140 uniform block when they fit, so that the
// reads of T_h and Z_k are uniform loads (the mode terms are written out with constant row indices), else an
// RGBA32F texture. The per-vertex data are data textures read with texelFetch at a linear index: rest position
// and normal (RGBA32F), entry ranges (RGBA32UI: first handle entry, end, first blendshape entry, end), handle
// entries (RG32UI: the row of the handle's slot, weight bits), blendshape entries (RGBA32UI: parameter index,
// delta bits) and mode weights W_r (RGBA32F, 4 modes per texel). The arithmetic is the WGSL shader's, term by
// term and in the same order.
//
// Fragment: base colour = factor × sRGB texture (sampled as linear), two-sided Lambert 0.25 + 0.75 |n·l| with
// the renderer's light, alpha modes (mask discards below the cutoff, blend keeps alpha), and the linear result
// encoded to sRGB in the shader (the renderer draws into an sRGB target; the canvas here is 8-bit sRGB).
// The heat-map material (defined HEAT) is the renderer's fs_heat: |u| in mm on the colour map (heatGlsl(),
// src/heat.ts), unlit and opaque, every material double-sided, masked texels discarded as above and blended ones
// where less than half opaque.

import * as THREE from 'three';
import type { Draw, SkinData } from './glb.js';
import { heatGlsl } from './heat.js';
import { heldDisplacement } from './held.js';

const NO_HELD = new Float32Array(0);

/** The renderer's light direction (renderer/src/render.rs); normalized in the shader like `normalize(light_dir)`. */
export const LIGHT_DIR = new THREE.Vector3(0.4, 0.8, 0.6);

/** Texels per row of every data texture. */
export const WIDTH = 2048;

const SRGB_GLSL = /* glsl */ `
vec3 linearToSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  vec3 lo = 12.92 * c;
  vec3 hi = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
  return mix(hi, lo, vec3(lessThanEqual(c, vec3(0.0031308))));
}
`;


const QUAD_VERTEX = /* glsl */ `
in vec3 position;
void main() { gl_Position = vec4(position.xy, 0.0, 1.0); }
`;

/** Pass 1: the skinning, one fragment per vertex. */
const SKIN_FRAGMENT = /* glsl */ `
precision highp float;
precision highp int;
precision highp sampler2D;
precision highp usampler2D;

#define WIDTH ${WIDTH}
// DEFINES

#ifdef PARAM_ROWS
layout(std140) uniform Params {
  vec4 uRows[PARAM_ROWS];
};
#define ROW(t) uRows[t]
#else
uniform sampler2D uParams;       // RGBA32F parameter rows
#define ROW(t) texelFetch(uParams, at(t), 0)
#endif
uniform sampler2D uPosition;     // rest position (xyz) per vertex
uniform sampler2D uNormal;       // rest normal (xyz) per vertex
uniform usampler2D uRanges;      // (first handle entry, end, first blendshape entry, end) per vertex
uniform usampler2D uHandles;     // (row of the handle's slot, weight bits)
uniform usampler2D uShapes;      // (parameter index, delta xyz bits)
uniform sampler2D uModeWeights;  // W_r, vertex-major, ceil(m / 4) texels per vertex
#ifdef HELD
uniform sampler2D uHeld;         // the held part of the flesh u_h (xyz) per vertex, this avatar's (src/held.ts)
#endif

uniform int uRow0;               // the avatar's first row in the shared skinning targets

layout(location = 0) out vec4 oPosition;  // x (before the instance offset), w: |u| (metres)
layout(location = 1) out vec4 oNormal;    // normalize(n + dn)

ivec2 at(int i) { return ivec2(i % WIDTH, i / WIDTH); }

// p[i] (the blendshape weights)
float param(int i) { return ROW(SCALARS + (i >> 2))[i & 3]; }

// The 3x4 handle whose rows are t, t + 1, t + 2 (the 12 numbers at its offset in p or z, row-major),
// applied to (x, 1) and, linear part only, to n.
void handle(int t, vec3 x, vec3 n, out vec3 ax, out vec3 ln) {
  vec4 r0 = ROW(t);
  vec4 r1 = ROW(t + 1);
  vec4 r2 = ROW(t + 2);
  vec4 xh = vec4(x, 1.0);
  ax = vec3(dot(r0, xh), dot(r1, xh), dot(r2, xh));
  ln = vec3(
    r0.x * n.x + r0.y * n.y + r0.z * n.z,
    r1.x * n.x + r1.y * n.y + r1.z * n.z,
    r2.x * n.x + r2.y * n.y + r2.z * n.z);
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy) - ivec2(0, uRow0);
  int v = texel.y * WIDTH + texel.x;
  if (v >= VERTICES) discard;
  vec3 x = texelFetch(uPosition, texel, 0).xyz;
  vec3 n = texelFetch(uNormal, texel, 0).xyz;
  uvec4 range = texelFetch(uRanges, texel, 0);
  vec3 dx = vec3(0.0);
  vec3 dn = vec3(0.0);
  vec3 du = vec3(0.0);  // the flesh u: the held part, then the mode terms (the heat map's value)
#ifdef HELD
  du = texelFetch(uHeld, texel, 0).xyz;
#endif
  vec3 ax;
  vec3 ln;
  // rig handles (bones, or the global affine handle): w (T_h - I)[X;1]
  for (int e = int(range.x); e < int(range.y); e++) {
    uvec2 h = texelFetch(uHandles, at(e), 0).rg;
    float w = uintBitsToFloat(h.y);
    handle(int(h.x), x, n, ax, ln);
    dx = dx + w * (ax - x);
    dn = dn + w * (ln - n);
  }
  // blendshapes: beta_i d_i
  for (int e = int(range.z); e < int(range.w); e++) {
    uvec4 s = texelFetch(uShapes, at(e), 0);
    dx = dx + param(int(s.x)) * uintBitsToFloat(s.yzw);
  }
  // secondary motion: W_k Z_k [X;1], the terms written out when there are few modes
#ifdef MODE_TERMS_WRITTEN
  /* MODE_TERMS */
#elif MODES > 0
  for (int k4 = 0; k4 < (MODES + 3) / 4; k4++) {
    vec4 w4 = texelFetch(uModeWeights, at(v * ((MODES + 3) / 4) + k4), 0);
    for (int c = 0; c < 4; c++) {
      int k = 4 * k4 + c;
      if (k >= MODES) break;
      handle(MODE_ROWS + 3 * k, x, n, ax, ln);
      du = du + w4[c] * ax;
      dn = dn + w4[c] * ln;
    }
  }
#endif
  oPosition = vec4(x + dx + du, length(du));  // as skin.wgsl: rig terms, then the secondary displacement
  oNormal = vec4(normalize(n + dn), 0.0);
}
`;

/** Pass 2: the skinned vertices drawn. */
const VERTEX = /* glsl */ `
precision highp float;
precision highp int;
precision highp sampler2D;
#define WIDTH ${WIDTH}
uniform sampler2D uSkinnedPosition;  // pass 1's targets
uniform sampler2D uSkinnedNormal;
uniform mat4 uViewProj;          // column-major view-projection (the renderer's frame.view_proj)
uniform vec3 uInstanceOffset;    // the avatar's place on the grid (the renderer's instance_offset)
uniform int uRow0;               // the avatar's first row in the targets
out vec3 vNormal;
out vec2 vUv;
#ifdef HEAT
out float vHeat;                 // |u| in millimetres
#endif
void main() {
  ivec2 t = ivec2(gl_VertexID % WIDTH, uRow0 + gl_VertexID / WIDTH);
  vec4 texel = texelFetch(uSkinnedPosition, t, 0);
  vec3 skinned = texel.xyz;
  vNormal = texelFetch(uSkinnedNormal, t, 0).xyz;
  vUv = uv;
#ifdef HEAT
  vHeat = 1000.0 * texel.w;
#endif
  gl_Position = uViewProj * vec4(skinned + uInstanceOffset, 1.0);
}
`;

/** The draw's fragment shader (the heat map with HEAT defined). */
export const FRAGMENT = /* glsl */ `
precision highp float;

uniform vec4 uColor;        // linear RGBA factor
uniform sampler2D uMap;     // sRGB texture: sampling returns linear values
uniform vec2 uAlpha;        // x: alpha mode (0 opaque, 1 mask, 2 blend), y: cutoff
uniform vec3 uLightDir;

in vec3 vNormal;
in vec2 vUv;
out vec4 fragColor;

${SRGB_GLSL}

#ifdef HEAT
uniform float uHeatMax;     // the top of the scale, mm
in float vHeat;             // |u|, mm (interpolated, then mapped per fragment)
${heatGlsl()}

// the renderer's fs_heat: unlit (each colour stands for one value), opaque; the colour map is sRGB already
void main() {
  vec4 base = uColor * texture(uMap, vUv);
  if ((uAlpha.x == 1.0 && base.a < uAlpha.y) || (uAlpha.x == 2.0 && base.a < 0.5)) {
    discard;
  }
  fragColor = vec4(heatColor(vHeat, uHeatMax), 1.0);
}
#else
void main() {
  vec4 base = uColor * texture(uMap, vUv);
  if (uAlpha.x == 1.0 && base.a < uAlpha.y) {
    discard;
  }
  vec3 n = normalize(vNormal);
  vec3 l = normalize(uLightDir);
  // two-sided Lambert with a little ambient
  float diffuse = abs(dot(n, l));
  float shade = 0.25 + 0.75 * diffuse;
  float alpha = uAlpha.x == 2.0 ? base.a : 1.0;
  fragColor = vec4(linearToSrgb(base.rgb * shade), alpha);
}
#endif
`;

/** A data texture of `components` 32-bit values per texel at linear indices, WIDTH texels per row. */
function dataTexture(
  values: Uint32Array | Float32Array,
  components: 2 | 4,
  maxSize: number,
): THREE.DataTexture {
  const texels = Math.max(1, Math.ceil(values.length / components));
  const width = WIDTH;
  const height = Math.ceil(texels / width);
  if (height > maxSize) throw new Error(`data texture of ${texels} texels exceeds ${width}×${maxSize}`);
  const isFloat = values instanceof Float32Array;
  const data = isFloat ? new Float32Array(width * height * components) : new Uint32Array(width * height * components);
  data.set(values);
  const formats = isFloat
    ? { 2: [THREE.RGFormat, 'RG32F'], 4: [THREE.RGBAFormat, 'RGBA32F'] }
    : { 2: [THREE.RGIntegerFormat, 'RG32UI'], 4: [THREE.RGBAIntegerFormat, 'RGBA32UI'] };
  const [format, internal] = formats[components] as [THREE.PixelFormat, THREE.PixelFormatGPU];
  const tex = new THREE.DataTexture(data, width, height, format, isFloat ? THREE.FloatType : THREE.UnsignedIntType);
  return texelData(tex, internal);
}

/** A data texture read texel by texel (texelFetch): nearest, no mipmaps, no flip, `internal` format. */
function texelData(tex: THREE.DataTexture, internal: THREE.PixelFormatGPU): THREE.DataTexture {
  tex.internalFormat = internal;
  tex.minFilter = THREE.NearestFilter;
  tex.magFilter = THREE.NearestFilter;
  tex.generateMipmaps = false;
  tex.flipY = false;
  tex.unpackAlignment = 4;
  tex.needsUpdate = true;
  return tex;
}

/** xyz per vertex → xyz0 per texel. */
function vec4s(xyz: Float32Array, n: number): Float32Array {
  const out = new Float32Array(4 * n);
  for (let v = 0; v < n; v++) out.set(xyz.subarray(3 * v, 3 * v + 3), 4 * v);
  return out;
}

/** The most modes whose terms are written out in the skinning shader (constant row indices). */
export const MODE_TERMS_LIMIT = 32;

/** The full-target quad of the skinning pass. */
const QUAD = (() => {
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.BufferAttribute(new Float32Array([-1, -1, 0, 3, -1, 0, -1, 3, 0]), 3));
  return g;
})();
const QUAD_CAMERA = new THREE.Camera();

/** The static data of one asset on the GPU, shared by every avatar that uses the asset. */
export class SkinAsset {
  readonly geometries: THREE.BufferGeometry[];
  readonly textures: Record<string, THREE.DataTexture>;
  private white: THREE.DataTexture;
  /** The skinning shader with the asset's sizes as constants. */
  readonly skinShader: string;
  /** Rows of the skinning targets (WIDTH texels per row, one per vertex). */
  readonly targetRows: number;

  /** Offset in p of the rig handle in each slot (3 parameter rows per slot). */
  readonly slots: Int32Array;
  /** Parameter rows: the slots' rows, the modes' rows, then p as scalars (4 per row). */
  readonly rows: number;
  /** Whether the rows fit a uniform block (else a texture). */
  readonly uniformBlock: boolean;

  constructor(readonly data: SkinData, maxTextureSize: number, maxUniformBlockSize: number) {
    // the rig handles the mesh uses, each given a slot; the handle entries point at the slot's first row
    const slotOf = new Map<number, number>();
    const handles = data.handles.slice();
    for (let e = 0; e < handles.length; e += 2) {
      const o = handles[e];
      if (o + 12 > data.numP) throw new Error(`handle entry ${e / 2}: parameters ${o}..${o + 12} beyond p (${data.numP})`);
      let slot = slotOf.get(o);
      if (slot === undefined) {
        slot = slotOf.size;
        slotOf.set(o, slot);
      }
      handles[e] = 3 * slot;
    }
    for (let e = 0; e < data.shapes.length; e += 4) {
      if (data.shapes[e] >= data.numP) throw new Error(`blendshape entry ${e / 4}: parameter ${data.shapes[e]} beyond p`);
    }
    this.slots = Int32Array.from(slotOf.keys());
    const m = data.modes;
    const n = data.vertices;
    const m4 = Math.ceil(m / 4);
    this.rows = 3 * (this.slots.length + m) + Math.ceil(data.numP / 4);
    this.uniformBlock = 16 * this.rows <= maxUniformBlockSize;
    this.targetRows = Math.max(1, Math.ceil(n / WIDTH));
    if (this.targetRows > maxTextureSize) throw new Error(`${n} vertices exceed ${WIDTH}×${maxTextureSize}`);

    const ranges = new Uint32Array(4 * n);
    for (let v = 0; v < n; v++) {
      ranges[4 * v] = data.offsets[2 * v];
      ranges[4 * v + 1] = data.offsets[2 * v + 2];
      ranges[4 * v + 2] = data.offsets[2 * v + 1];
      ranges[4 * v + 3] = data.offsets[2 * v + 3];
    }
    const weights = new Float32Array(n * m4 * 4);
    for (let v = 0; v < n; v++) {
      for (let k = 0; k < m; k++) weights[v * m4 * 4 + k] = data.modeWeights[v * m + k];
    }
    this.textures = {
      uPosition: dataTexture(vec4s(data.position, n), 4, maxTextureSize),
      uNormal: dataTexture(vec4s(data.normal, n), 4, maxTextureSize),
      uRanges: dataTexture(ranges, 4, maxTextureSize),
      uHandles: dataTexture(handles, 2, maxTextureSize),
      uShapes: dataTexture(data.shapes, 4, maxTextureSize),
      uModeWeights: dataTexture(weights, 4, maxTextureSize),
    };

    // the skinning shader: the asset's sizes are constants, the mode terms written out
    const modeRows = 3 * this.slots.length;
    const defines = [
      `#define VERTICES ${n}`,
      `#define MODES ${m}`,
      `#define MODE_ROWS ${modeRows}`,
      `#define SCALARS ${3 * (this.slots.length + m)}`,
    ];
    if (this.uniformBlock) defines.push(`#define PARAM_ROWS ${this.rows}`);
    if (data.held) defines.push('#define HELD 1');
    let terms = '';
    if (m <= MODE_TERMS_LIMIT) {
      defines.push('#define MODE_TERMS_WRITTEN 1');
      for (let k4 = 0; k4 < m4; k4++) terms += `vec4 w${k4} = texelFetch(uModeWeights, at(v * ${m4} + ${k4}), 0);\n  `;
      for (let k = 0; k < m; k++) {
        const w = `w${k >> 2}.${'xyzw'[k & 3]}`;
        terms += `handle(${modeRows + 3 * k}, x, n, ax, ln); du = du + ${w} * ax; dn = dn + ${w} * ln;\n  `;
      }
    }
    this.skinShader = SKIN_FRAGMENT.replace('// DEFINES', defines.join('\n')).replace('/* MODE_TERMS */', terms);

    const uv = new THREE.BufferAttribute(data.uv, 2);
    // three needs a position attribute for its bookkeeping (the shader reads the skinned targets instead)
    const position = new THREE.BufferAttribute(data.position, 3);
    this.geometries = data.draws.map((d) => {
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', position);
      g.setAttribute('uv', uv);
      g.setIndex(new THREE.BufferAttribute(d.indices, 1));
      return g;
    });
    this.white = new THREE.DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
    this.white.needsUpdate = true;
  }

  /** The material of one draw of an avatar: reads the avatar's skinned targets. With `heatMax` (the top of the
   *  scale in mm, shared): the heat map of |u| (the renderer's heat pipeline: opaque, depth-written, no culling). */
  material(
    draw: Draw,
    params: ParamBlock,
    perAvatar: { uInstanceOffset: THREE.IUniform; uViewProj: THREE.IUniform },
    heatMax: THREE.IUniform<number> | null = null,
  ): THREE.ShaderMaterial {
    const alphaMode = draw.alphaMode === 'MASK' ? 1 : draw.alphaMode === 'BLEND' ? 2 : 0;
    return new THREE.ShaderMaterial({
      glslVersion: THREE.GLSL3,
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      defines: heatMax ? { HEAT: '' } : {},
      uniforms: {
        ...(heatMax ? { uHeatMax: heatMax } : {}),
        uInstanceOffset: perAvatar.uInstanceOffset,
        uViewProj: perAvatar.uViewProj,
        uSkinnedPosition: params.skinTarget.position,
        uSkinnedNormal: params.skinTarget.normal,
        uRow0: params.row0,
        uColor: { value: new THREE.Vector4(...draw.color) },
        uMap: { value: draw.map ?? this.white },
        uAlpha: { value: new THREE.Vector2(alphaMode, draw.alphaCutoff) },
        uLightDir: { value: LIGHT_DIR },
      },
      side: draw.cullBack && !heatMax ? THREE.FrontSide : THREE.DoubleSide,
      transparent: alphaMode === 2 && !heatMax,
      depthWrite: alphaMode !== 2 || heatMax !== null,
      depthFunc: THREE.LessDepth,
      blending: alphaMode === 2 && !heatMax ? THREE.NormalBlending : THREE.NoBlending,
    });
  }

  dispose(): void {
    for (const g of this.geometries) g.dispose();
    for (const t of Object.values(this.textures)) t.dispose();
    this.white.dispose();
    for (const d of this.data.draws) d.map?.dispose();
  }
}

/** The skinning targets of all avatars (two RGBA32F render targets, each avatar a band of rows): every avatar
 *  with new parameters is skinned in one pass (a quad over its band), since each pass costs a software
 *  rasterizer a synchronization. */
export class SkinTarget {
  target: THREE.WebGLRenderTarget | null = null;
  rows = 0;
  readonly position: THREE.IUniform<THREE.Texture | null> = { value: null };
  readonly normal: THREE.IUniform<THREE.Texture | null> = { value: null };
  readonly scene = new THREE.Scene();

  /** Reallocate for `rows` rows (the contents are lost: the caller marks every avatar to be skinned again). */
  resize(rows: number): void {
    rows = Math.max(1, rows);
    if (rows === this.rows && this.target) return;
    this.target?.dispose();
    this.target = floatTarget(WIDTH, rows, 2);
    this.rows = rows;
    this.position.value = this.target.textures[0];
    this.normal.value = this.target.textures[1];
  }

  /** The skinning pass of the avatars whose quads are visible (the others' bands are kept). */
  render(renderer: THREE.WebGLRenderer): void {
    const autoClear = renderer.autoClear;
    renderer.autoClear = false;
    renderer.setRenderTarget(this.target);
    renderer.render(this.scene, QUAD_CAMERA);
    renderer.setRenderTarget(null);
    renderer.autoClear = autoClear;
  }

  /** Read back rows [row0, row0 + rows) of the position target: 4 floats per vertex, the skinned x and, in w, |u|
   *  in metres (for the test API: the heat map's values as the GPU computed them). */
  readPositions(renderer: THREE.WebGLRenderer, row0: number, rows: number): Float32Array {
    if (!this.target) throw new Error('no skinning target yet');
    const out = new Float32Array(4 * WIDTH * rows);
    renderer.readRenderTargetPixels(this.target, 0, row0, WIDTH, rows, out, undefined, 0);
    return out;
  }
}

/** A float RGBA render target of `count` textures, read texel by texel (no filtering, no mipmaps, no depth). */
function floatTarget(width: number, height: number, count: number): THREE.WebGLRenderTarget {
  return new THREE.WebGLRenderTarget(width, height, {
    count,
    type: THREE.FloatType,
    format: THREE.RGBAFormat,
    minFilter: THREE.NearestFilter,
    magFilter: THREE.NearestFilter,
    generateMipmaps: false,
    depthBuffer: false,
  });
}

/** heatColorsOnGpu()'s shader: the heat map's colour map alone. */
export const HEAT_PROBE_FRAGMENT = /* glsl */ `
precision highp float;
precision highp sampler2D;
uniform sampler2D uValues;  // one value (mm) per texel in r
uniform float uHeatMax;
out vec4 oColor;
${heatGlsl()}
void main() {
  float mm = texelFetch(uValues, ivec2(int(gl_FragCoord.x), 0), 0).r;
  oColor = vec4(heatColor(mm, uHeatMax), 1.0);
}
`;

/** The heat map's GLSL colour map run on the GPU for `values` (mm; at most WIDTH) with the scale `maxMm`: sRGB
 *  RGBA in [0, 1] per value, read back from a float target (for the test API: the shader against heatColor()). */
export function heatColorsOnGpu(renderer: THREE.WebGLRenderer, values: ArrayLike<number>, maxMm: number): Float32Array {
  const n = values.length;
  if (n < 1 || n > WIDTH) throw new Error(`heatColorsOnGpu: 1..${WIDTH} values`);
  const input = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) input[4 * i] = values[i];
  const tex = texelData(new THREE.DataTexture(input, n, 1, THREE.RGBAFormat, THREE.FloatType), 'RGBA32F');
  const target = floatTarget(n, 1, 1);
  const material = new THREE.RawShaderMaterial({
    glslVersion: THREE.GLSL3,
    vertexShader: QUAD_VERTEX,
    fragmentShader: HEAT_PROBE_FRAGMENT,
    uniforms: { uValues: { value: tex }, uHeatMax: { value: maxMm } },
    depthTest: false,
    depthWrite: false,
    blending: THREE.NoBlending,
  });
  const quad = new THREE.Mesh(QUAD, material);
  quad.frustumCulled = false;
  const scene = new THREE.Scene();
  scene.add(quad);
  const out = new Float32Array(4 * n);
  try {
    renderer.setRenderTarget(target);
    renderer.render(scene, QUAD_CAMERA);
    renderer.readRenderTargetPixels(target, 0, 0, n, 1, out);
  } finally {
    renderer.setRenderTarget(null);
    material.dispose();
    target.dispose();
    tex.dispose();
  }
  return out;
}

/** One avatar's skinning: its parameter rows (a uniform block, or a texture) and its quad in the skinning pass
 *  over its band of the shared targets, which its draws read. */
export class ParamBlock {
  readonly values: Float32Array;
  readonly row0: THREE.IUniform<number> = { value: 0 };
  readonly quad: THREE.Mesh;
  private readonly group: THREE.UniformsGroup | null;
  private readonly texture: THREE.DataTexture | null;
  private readonly material: THREE.RawShaderMaterial;
  private readonly numP: number;
  private readonly modes: number;
  private readonly slots: Int32Array;
  /** u_h per vertex (RGBA32F), when the avatar has a held part. */
  private readonly held: THREE.DataTexture | null;
  /** Whether the last state's `held` fitted the avatar (false: drawn without it). */
  heldFits = true;
  /** Values changed since the last skinning. */
  dirty = false;

  constructor(
    readonly asset: SkinAsset,
    readonly skinTarget: SkinTarget,
  ) {
    this.numP = asset.data.numP;
    this.modes = asset.data.modes;
    this.slots = asset.slots;
    const uniforms: Record<string, THREE.IUniform> = { uRow0: this.row0 };
    for (const [name, t] of Object.entries(asset.textures)) uniforms[name] = { value: t };
    this.held = asset.data.held ? dataTexture(new Float32Array(4 * asset.data.vertices), 4, asset.targetRows) : null;
    if (this.held) uniforms.uHeld = { value: this.held };
    if (asset.uniformBlock) {
      this.values = new Float32Array(4 * asset.rows);
      this.group = new THREE.UniformsGroup();
      this.group.setName('Params');
      this.group.add(new THREE.Uniform(this.values));
      this.texture = null;
    } else {
      const height = Math.max(1, Math.ceil(asset.rows / WIDTH));
      this.values = new Float32Array(4 * WIDTH * height);
      this.group = null;
      const t = texelData(
        new THREE.DataTexture(this.values, WIDTH, height, THREE.RGBAFormat, THREE.FloatType),
        'RGBA32F',
      );
      this.texture = t;
      uniforms.uParams = { value: t };
    }
    this.material = new THREE.RawShaderMaterial({
      glslVersion: THREE.GLSL3,
      vertexShader: QUAD_VERTEX,
      fragmentShader: asset.skinShader,
      uniforms,
      depthTest: false,
      depthWrite: false,
      blending: THREE.NoBlending,
    });
    if (this.group) this.material.uniformsGroups = [this.group];
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(new Float32Array(18), 3));
    this.quad = new THREE.Mesh(g, this.material);
    this.quad.frustumCulled = false;
    this.quad.visible = false;
    skinTarget.scene.add(this.quad);
  }

  /** Put the avatar's band at row `row0` of the targets (`rows` in all): the quad covers exactly its rows. */
  place(row0: number, rows: number): void {
    this.row0.value = row0;
    const y0 = (2 * row0) / rows - 1;
    const y1 = (2 * (row0 + this.asset.targetRows)) / rows - 1;
    const corners = [-1, y0, 1, y0, 1, y1, -1, y0, 1, y1, -1, y1];
    const pos = this.quad.geometry.getAttribute('position') as THREE.BufferAttribute;
    for (let i = 0; i < 6; i++) pos.setXYZ(i, corners[2 * i], corners[2 * i + 1], 0);
    pos.needsUpdate = true;
  }

  /** Write p, z and the held part (z and u_h zeroed when `secondary` is off: the rig-only view). Lengths of p
   *  and z are checked by the caller; a `held` that does not fit draws none (`heldFits` false). */
  set(p: Float32Array, z: Float32Array, secondary: boolean, held: ArrayLike<number> = NO_HELD): void {
    const v = this.values;
    const slots = this.slots;
    for (let s = 0; s < slots.length; s++) v.set(p.subarray(slots[s], slots[s] + 12), 12 * s);
    const zAt = 12 * slots.length;
    if (secondary) v.set(z.subarray(0, 12 * this.modes), zAt);
    else v.fill(0, zAt, zAt + 12 * this.modes);
    v.set(p.subarray(0, this.numP), zAt + 12 * this.modes);
    if (this.texture) this.texture.needsUpdate = true;
    const h = this.asset.data.held;
    if (this.held && h) {
      const out = (this.held.image.data as Float32Array).subarray(0, 4 * this.asset.data.vertices);
      // an empty held (a daemon that does not publish it) draws none and is no misfit
      this.heldFits = held.length === 0 || heldDisplacement(h, held, out);
      if (held.length === 0 || !secondary) out.fill(0);
      this.held.needsUpdate = true;
    }
    this.dirty = true;
  }

  dispose(): void {
    this.skinTarget.scene.remove(this.quad);
    this.quad.geometry.dispose();
    this.material.dispose();
    this.texture?.dispose();
    this.held?.dispose();
    this.group?.dispose();
  }
}

const GROUND_VERTEX = /* glsl */ `
uniform mat4 uViewProj;
uniform vec4 uGround;  // xyz: centre, w: half size
out vec3 vWorld;
void main() {
  vec3 world = vec3(uGround.x + position.x * uGround.w, uGround.y, uGround.z + position.z * uGround.w);
  vWorld = world;
  gl_Position = uViewProj * vec4(world, 1.0);
}
`;

const GROUND_FRAGMENT = /* glsl */ `
precision highp float;
in vec3 vWorld;
out vec4 fragColor;
${SRGB_GLSL}
void main() {
  float cell = 0.25;
  vec2 g = abs(fract(vWorld.xz / cell + 0.5) - 0.5) * cell;
  float line = float(min(g.x, g.y) < 0.006);
  vec3 c = mix(vec3(0.80, 0.80, 0.78), vec3(0.55, 0.55, 0.55), line);
  fragColor = vec4(linearToSrgb(c), 1.0);
}
`;

/** The renderer's ground (vs_ground / fs_ground): a quad with grid lines every 0.25 m. */
export function groundMesh(viewProj: THREE.IUniform, ground: THREE.Vector4): THREE.Mesh {
  const g = new THREE.BufferGeometry();
  const corners = [-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1];
  const pos = new Float32Array(18);
  for (let i = 0; i < 6; i++) {
    pos[3 * i] = corners[2 * i];
    pos[3 * i + 2] = corners[2 * i + 1];
  }
  g.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  const m = new THREE.ShaderMaterial({
    glslVersion: THREE.GLSL3,
    vertexShader: GROUND_VERTEX,
    fragmentShader: GROUND_FRAGMENT,
    uniforms: { uViewProj: viewProj, uGround: { value: ground } },
    side: THREE.DoubleSide,
    depthFunc: THREE.LessDepth,
    blending: THREE.NoBlending,
  });
  const mesh = new THREE.Mesh(g, m);
  mesh.frustumCulled = false;
  mesh.renderOrder = -1;
  return mesh;
}
