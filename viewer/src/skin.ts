// The skinning material: a GLSL ES 3.0 port of renderer/src/skin.wgsl (vs_main / fs_main).
//
//   x = X + Σ_handles w (T_h − I) [X;1] + Σ_targets β_i d_i + Σ_modes W_k Z_k [X;1]
//
// T_h and Z_k are 3×4 affine handles stored row-major, 12 floats each (at their offsets in p, and in z). The
// storage buffers of the WGSL shader are data textures here, read with texelFetch at a linear index
// (row-major, WIDTH texels per row): offsets (RG32UI), handles (RG32UI), shapes (RGBA32UI: parameter index,
// delta bits) and mode weights (RGBA32F, 4 modes per texel). The vertex is gl_VertexID: the index value of the
// indexed draw, as the renderer's vertex_index. The arithmetic is the WGSL shader's, term by term and in the
// same order; only the parameters are laid out for fewer fetches: the per-avatar texture (RGBA32F) holds each
// handle's three rows as three texels (the rig handles the mesh uses, then the m modes: z as is), then p as
// scalars for the blendshape weights, so a handle entry is (texel of its first row, weight bits).
//
// Fragment: base colour = factor × sRGB texture (sampled as linear), two-sided Lambert 0.25 + 0.75 |n·l| with
// the renderer's light, alpha modes (mask discards below the cutoff, blend keeps alpha), and the linear result
// encoded to sRGB in the shader (the renderer draws into an sRGB target; the canvas here is 8-bit sRGB).

import * as THREE from 'three';
import type { Draw, SkinData } from './glb.js';

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

const VERTEX = /* glsl */ `
precision highp float;
precision highp int;
precision highp sampler2D;
precision highp usampler2D;

#define WIDTH ${WIDTH}

// The parameter rows (ParamBlock): handle rows, mode rows, then p as scalars. In a uniform block when they fit
// (PARAM_ROWS vec4, std140), so that the per-vertex reads of T_h and Z_k are uniform loads; else a texture.
#ifdef PARAM_ROWS
layout(std140) uniform Params {
  vec4 uRows[PARAM_ROWS];
};
#define ROW(t) uRows[t]
#else
uniform sampler2D uParams;       // RGBA32F
#define ROW(t) texelFetch(uParams, at(t), 0)
#endif
uniform usampler2D uHandles;     // (texel of the handle's first row, weight bits)
uniform usampler2D uShapes;      // (parameter index, delta xyz bits)
#ifdef MODE_ATTRIBUTES
in vec4 aModeWeights0;           // W_r: modes 4i .. 4i + 3 (zero past m)
in vec4 aModeWeights1;
in vec4 aModeWeights2;
in vec4 aModeWeights3;
#else
uniform sampler2D uModeWeights;  // RGBA32F: W_r, vertex-major, ceil(m / 4) texels per vertex
#endif
in uvec4 aRange;                 // (first handle entry, end, first blendshape entry, end)
uniform int uScalars;            // row of p[0..3]
uniform mat4 uViewProj;          // column-major view-projection (the renderer's frame.view_proj)
uniform vec3 uInstanceOffset;    // the avatar's place on the grid (the renderer's instance_offset)

out vec3 vNormal;
out vec2 vUv;

ivec2 at(int i) { return ivec2(i % WIDTH, i / WIDTH); }

// p[i] (the blendshape weights)
float param(int i) { return ROW(uScalars + (i >> 2))[i & 3]; }

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
  int v = gl_VertexID;
  vec3 x = position;
  vec3 n = normal;
  vec3 dx = vec3(0.0);
  vec3 dn = vec3(0.0);
  vec3 ax;
  vec3 ln;
  // rig handles (bones, or the global affine handle): w (T_h - I)[X;1]
  for (int e = int(aRange.x); e < int(aRange.y); e++) {
    uvec2 h = texelFetch(uHandles, at(e), 0).rg;
    float w = uintBitsToFloat(h.y);
    handle(int(h.x), x, n, ax, ln);
    dx = dx + w * (ax - x);
    dn = dn + w * (ln - n);
  }
  // blendshapes: beta_i d_i
  for (int e = int(aRange.z); e < int(aRange.w); e++) {
    uvec4 s = texelFetch(uShapes, at(e), 0);
    dx = dx + param(int(s.x)) * uintBitsToFloat(s.yzw);
  }
  // secondary motion: W_k Z_k [X;1]. MODES and MODE_ROWS are compile-time constants: the loop unrolls and every
  // row index is a constant, so that the rows are plain (not per-vertex gathered) loads.
#ifdef MODE_ATTRIBUTES
  MODE_TERMS
#elif MODES > 0
  for (int k4 = 0; k4 < (MODES + 3) / 4; k4++) {
    vec4 w4 = texelFetch(uModeWeights, at(v * ((MODES + 3) / 4) + k4), 0);
    for (int c = 0; c < 4; c++) {
      int k = 4 * k4 + c;
      if (k >= MODES) break;
      handle(MODE_ROWS + 3 * k, x, n, ax, ln);
      dx = dx + w4[c] * ax;
      dn = dn + w4[c] * ln;
    }
  }
#endif
  vec3 skinned = x + dx;
  vNormal = normalize(n + dn);
  vUv = uv;
  gl_Position = uViewProj * vec4(skinned + uInstanceOffset, 1.0);
}
`;

const FRAGMENT = /* glsl */ `
precision highp float;

uniform vec4 uColor;        // linear RGBA factor
uniform sampler2D uMap;     // sRGB texture: sampling returns linear values
uniform vec2 uAlpha;        // x: alpha mode (0 opaque, 1 mask, 2 blend), y: cutoff
uniform vec3 uLightDir;

in vec3 vNormal;
in vec2 vUv;
out vec4 fragColor;

${SRGB_GLSL}

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
`;

/** A data texture of `components` 32-bit values per texel at linear indices, WIDTH texels per row. */
function dataTexture(
  values: Uint32Array | Float32Array,
  components: 1 | 2 | 4,
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
    ? { 1: [THREE.RedFormat, 'R32F'], 2: [THREE.RGFormat, 'RG32F'], 4: [THREE.RGBAFormat, 'RGBA32F'] }
    : { 1: [THREE.RedIntegerFormat, 'R32UI'], 2: [THREE.RGIntegerFormat, 'RG32UI'], 4: [THREE.RGBAIntegerFormat, 'RGBA32UI'] };
  const [format, internal] = formats[components] as [THREE.PixelFormat, THREE.PixelFormatGPU];
  const tex = new THREE.DataTexture(data, width, height, format, isFloat ? THREE.FloatType : THREE.UnsignedIntType);
  tex.internalFormat = internal;
  tex.minFilter = THREE.NearestFilter;
  tex.magFilter = THREE.NearestFilter;
  tex.generateMipmaps = false;
  tex.flipY = false;
  tex.unpackAlignment = 4;
  tex.needsUpdate = true;
  return tex;
}

/** The most modes whose weights are vertex attributes (four vec4); more are read from a texture. */
export const MODE_ATTRIBUTE_LIMIT = 16;

/** The static data of one asset on the GPU, shared by every avatar that uses the asset. */
export class SkinAsset {
  readonly geometries: THREE.BufferGeometry[];
  readonly handles: THREE.DataTexture;
  readonly shapes: THREE.DataTexture;
  readonly modeWeights: THREE.DataTexture | null;
  private white: THREE.DataTexture;

  /** Offset in p of the rig handle in each slot of the parameter rows (3 rows per slot). */
  readonly slots: Int32Array;
  /** Rows of the parameter block: the slots' rows, the modes' rows, then p as scalars (4 per row). */
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
    this.rows = 3 * (this.slots.length + data.modes) + Math.ceil(data.numP / 4);
    this.uniformBlock = 16 * this.rows <= maxUniformBlockSize;
    const m = data.modes;
    const n = data.vertices;
    this.handles = dataTexture(handles, 2, maxTextureSize);
    this.shapes = dataTexture(data.shapes, 4, maxTextureSize);
    const position = new THREE.BufferAttribute(data.position, 3);
    const normal = new THREE.BufferAttribute(data.normal, 3);
    const uv = new THREE.BufferAttribute(data.uv, 2);
    // per vertex (first handle entry, end, first blendshape entry, end): an integer attribute
    const range = new Uint32Array(4 * n);
    for (let v = 0; v < n; v++) {
      range[4 * v] = data.offsets[2 * v];
      range[4 * v + 1] = data.offsets[2 * v + 2];
      range[4 * v + 2] = data.offsets[2 * v + 1];
      range[4 * v + 3] = data.offsets[2 * v + 3];
    }
    const rangeAttribute = new THREE.BufferAttribute(range, 4);
    const modeAttributes: THREE.BufferAttribute[] = [];
    if (m <= MODE_ATTRIBUTE_LIMIT) {
      this.modeWeights = null;
      for (let i = 0; i < 4; i++) {
        const w = new Float32Array(4 * n);
        for (let v = 0; v < n; v++) {
          for (let c = 0; c < 4 && 4 * i + c < m; c++) w[4 * v + c] = data.modeWeights[v * m + 4 * i + c];
        }
        modeAttributes.push(new THREE.BufferAttribute(w, 4));
      }
    } else {
      const m4 = Math.ceil(m / 4);
      const weights = new Float32Array(n * m4 * 4);
      for (let v = 0; v < n; v++) {
        for (let k = 0; k < m; k++) weights[v * m4 * 4 + k] = data.modeWeights[v * m + k];
      }
      this.modeWeights = dataTexture(weights, 4, maxTextureSize);
    }
    this.geometries = data.draws.map((d) => {
      const g = new THREE.BufferGeometry();
      g.setAttribute('position', position);
      g.setAttribute('normal', normal);
      g.setAttribute('uv', uv);
      g.setAttribute('aRange', rangeAttribute);
      modeAttributes.forEach((a, i) => g.setAttribute(`aModeWeights${i}`, a));
      g.setIndex(new THREE.BufferAttribute(d.indices, 1));
      return g;
    });
    this.white = new THREE.DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
    this.white.needsUpdate = true;
  }

  /** The material of one draw of an avatar, reading its parameter block and the given per-avatar uniforms. */
  material(
    draw: Draw,
    params: ParamBlock,
    perAvatar: { uInstanceOffset: THREE.IUniform; uViewProj: THREE.IUniform },
  ): THREE.ShaderMaterial {
    const alphaMode = draw.alphaMode === 'MASK' ? 1 : draw.alphaMode === 'BLEND' ? 2 : 0;
    // m and the row of mode 0's first row
    const defines: Record<string, number> = { MODES: this.data.modes, MODE_ROWS: 3 * this.slots.length };
    if (this.uniformBlock) defines.PARAM_ROWS = this.rows;
    if (!this.modeWeights) defines.MODE_ATTRIBUTES = 1;
    // the mode terms written out (at most MODE_ATTRIBUTE_LIMIT): constant row indices and attribute components
    let terms = '';
    const rows = 3 * this.slots.length;
    for (let k = 0; k < this.data.modes && !this.modeWeights; k++) {
      const w = `aModeWeights${k >> 2}.${'xyzw'[k & 3]}`;
      terms += `handle(${rows + 3 * k}, x, n, ax, ln); dx = dx + ${w} * ax; dn = dn + ${w} * ln;\n  `;
    }
    const m = new THREE.ShaderMaterial({
      glslVersion: THREE.GLSL3,
      vertexShader: VERTEX.replace('MODE_TERMS', terms),
      fragmentShader: FRAGMENT,
      defines,
      uniforms: {
        uInstanceOffset: perAvatar.uInstanceOffset,
        uViewProj: perAvatar.uViewProj,
        uHandles: { value: this.handles },
        uShapes: { value: this.shapes },
        uScalars: { value: 3 * (this.slots.length + this.data.modes) },
        uColor: { value: new THREE.Vector4(...draw.color) },
        uMap: { value: draw.map ?? this.white },
        uAlpha: { value: new THREE.Vector2(alphaMode, draw.alphaCutoff) },
        uLightDir: { value: LIGHT_DIR },
      },
      side: draw.cullBack ? THREE.FrontSide : THREE.DoubleSide,
      transparent: alphaMode === 2,
      depthWrite: alphaMode !== 2,
      depthFunc: THREE.LessDepth,
      blending: alphaMode === 2 ? THREE.NormalBlending : THREE.NoBlending,
    });
    if (this.modeWeights) m.uniforms.uModeWeights = { value: this.modeWeights };
    if (params.group) m.uniformsGroups = [params.group];
    else m.uniforms.uParams = { value: params.texture };
    return m;
  }

  dispose(): void {
    for (const g of this.geometries) g.dispose();
    this.handles.dispose();
    this.shapes.dispose();
    this.modeWeights?.dispose();
    this.white.dispose();
    for (const d of this.data.draws) d.map?.dispose();
  }
}

/** One avatar's parameter rows (vec4): the rows of every rig handle slot, the rows of every mode (z as is), then
 *  p as scalars. A uniform block (std140 vec4 array, uploaded with one bufferSubData per frame when changed)
 *  when the asset's rows fit one, else an RGBA32F texture. */
export class ParamBlock {
  readonly values: Float32Array;
  readonly group: THREE.UniformsGroup | null;
  readonly texture: THREE.DataTexture | null;
  private readonly uniform: THREE.Uniform<Float32Array> | null;
  private readonly numP: number;
  private readonly modes: number;
  private readonly slots: Int32Array;

  constructor(asset: SkinAsset) {
    this.numP = asset.data.numP;
    this.modes = asset.data.modes;
    this.slots = asset.slots;
    if (asset.uniformBlock) {
      this.values = new Float32Array(4 * asset.rows);
      this.uniform = new THREE.Uniform(this.values);
      this.group = new THREE.UniformsGroup();
      this.group.setName('Params');
      this.group.add(this.uniform);
      this.texture = null;
    } else {
      const height = Math.max(1, Math.ceil(asset.rows / WIDTH));
      this.values = new Float32Array(4 * WIDTH * height);
      this.uniform = null;
      this.group = null;
      const t = new THREE.DataTexture(this.values, WIDTH, height, THREE.RGBAFormat, THREE.FloatType);
      t.internalFormat = 'RGBA32F';
      t.minFilter = THREE.NearestFilter;
      t.magFilter = THREE.NearestFilter;
      t.generateMipmaps = false;
      t.flipY = false;
      t.unpackAlignment = 4;
      t.needsUpdate = true;
      this.texture = t;
    }
  }

  /** Write p and z (z zeroed when `secondary` is off: the rig-only view). Lengths are checked by the caller. */
  set(p: Float32Array, z: Float32Array, secondary: boolean): void {
    const v = this.values;
    const slots = this.slots;
    for (let s = 0; s < slots.length; s++) v.set(p.subarray(slots[s], slots[s] + 12), 12 * s);
    const zAt = 12 * slots.length;
    if (secondary) v.set(z.subarray(0, 12 * this.modes), zAt);
    else v.fill(0, zAt, zAt + 12 * this.modes);
    v.set(p.subarray(0, this.numP), zAt + 12 * this.modes);
    if (this.texture) this.texture.needsUpdate = true;
  }

  dispose(): void {
    this.texture?.dispose();
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
