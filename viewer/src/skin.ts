// The skinning: a GLSL ES 3.0 port of renderer/src/skin.wgsl (vs_main / fs_main), in two passes.
//
//   x = X + Σ_handles w (T_h − I) [X;1] + Σ_targets β_i d_i + Σ_modes W_k Z_k [X;1]
//
// Pass 1 (SkinPass, raw WebGL2, once per avatar and new state): the skinning vertex shader runs once per vertex
// (drawArrays of points with the rasterizer off) and transform feedback captures the skinned position x and the
// normal normalize(n + dn) into two buffers. Pass 2 (three.js): each draw reads those buffers as its position and
// normal attributes: gl_Position = view_proj (x + instance_offset). Same numbers as one pass, since the same
// shader code computes them and the capture stores the floats as they are; but a software rasterizer
// (SwiftShader) that shades 4 index entries per vertex-cache miss runs the skinning 4.4× fewer times.
//
// T_h and Z_k are 3×4 affine handles stored row-major, 12 floats each (at their offsets in p, and in z). The
// parameter rows (vec4) of an avatar are its rig handle slots' rows (the handles the mesh uses), the modes' rows
// (z as is), then p as scalars for the blendshape weights: a std140 uniform block when they fit, so that the
// reads of T_h and Z_k are uniform loads, else an RGBA32F texture. Per vertex: the entry ranges (first handle
// entry, end, first blendshape entry, end) and the mode weights W_r (up to 16 modes, four vec4) are vertex
// attributes; the entries themselves are data textures read with texelFetch at a linear index (WIDTH texels per
// row): handles (RG32UI: the row of the handle's slot, weight bits), shapes (RGBA32UI: parameter index, delta
// bits), and mode weights beyond 16 modes (RGBA32F). The mode terms are written out with constant row indices.
// The arithmetic is the WGSL shader's, term by term and in the same order.
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

/** Pass 1: the skinning, captured by transform feedback. */
const SKIN_VERTEX = /* glsl */ `#version 300 es
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
uniform usampler2D uHandles;     // (row of the handle's slot, weight bits)
uniform usampler2D uShapes;      // (parameter index, delta xyz bits)
#ifdef MODE_ATTRIBUTES
in vec4 aModeWeights0;           // W_r of modes 4i .. 4i + 3 (zero past m)
in vec4 aModeWeights1;
in vec4 aModeWeights2;
in vec4 aModeWeights3;
#else
uniform sampler2D uModeWeights;  // RGBA32F: W_r, vertex-major, ceil(m / 4) texels per vertex
#endif
in vec3 position;
in vec3 normal;
in uvec4 aRange;                 // (first handle entry, end, first blendshape entry, end)

out vec3 oPosition;              // x (before the instance offset)
out vec3 oNormal;                // normalize(n + dn)

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
  // secondary motion: W_k Z_k [X;1]
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
  oPosition = x + dx;
  oNormal = normalize(n + dn);
  gl_Position = vec4(0.0);
  gl_PointSize = 1.0;
}
`;

const SKIN_FRAGMENT = /* glsl */ `#version 300 es
precision highp float;
out vec4 fragColor;
void main() { fragColor = vec4(0.0); }
`;

/** Pass 2: the skinned vertices drawn (position and normal are the captured buffers). */
const VERTEX = /* glsl */ `
uniform mat4 uViewProj;          // column-major view-projection (the renderer's frame.view_proj)
uniform vec3 uInstanceOffset;    // the avatar's place on the grid (the renderer's instance_offset)
out vec3 vNormal;
out vec2 vUv;
void main() {
  vNormal = normal;
  vUv = uv;
  gl_Position = uViewProj * vec4(position + uInstanceOffset, 1.0);
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

type GL = WebGL2RenderingContext;

function check<T>(v: T | null, what: string): T {
  if (v === null) throw new Error(`WebGL: could not create ${what}`);
  return v;
}

/** A raw data texture of `components` 32-bit values per texel at linear indices, WIDTH texels per row. */
function dataTexture(gl: GL, values: Uint32Array | Float32Array, components: 2 | 4, maxSize: number): WebGLTexture {
  const texels = Math.max(1, Math.ceil(values.length / components));
  const height = Math.ceil(texels / WIDTH);
  if (height > maxSize) throw new Error(`data texture of ${texels} texels exceeds ${WIDTH}×${maxSize}`);
  const isFloat = values instanceof Float32Array;
  const data = isFloat ? new Float32Array(WIDTH * height * components) : new Uint32Array(WIDTH * height * components);
  data.set(values);
  const t = check(gl.createTexture(), 'a texture');
  gl.bindTexture(gl.TEXTURE_2D, t);
  const [internal, format] = isFloat
    ? components === 2 ? [gl.RG32F, gl.RG] : [gl.RGBA32F, gl.RGBA]
    : components === 2 ? [gl.RG32UI, gl.RG_INTEGER] : [gl.RGBA32UI, gl.RGBA_INTEGER];
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.texStorage2D(gl.TEXTURE_2D, 1, internal, WIDTH, height);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, WIDTH, height, format, isFloat ? gl.FLOAT : gl.UNSIGNED_INT, data);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return t;
}

function buffer(gl: GL, target: number, data: ArrayBufferView | number, usage: number): WebGLBuffer {
  const b = check(gl.createBuffer(), 'a buffer');
  gl.bindBuffer(target, b);
  if (typeof data === 'number') gl.bufferData(target, data, usage);
  else gl.bufferData(target, data, usage);
  gl.bindBuffer(target, null);
  return b;
}

function compile(gl: GL, type: number, source: string): WebGLShader {
  const s = check(gl.createShader(type), 'a shader');
  gl.shaderSource(s, source);
  gl.compileShader(s);
  return s;
}

/** The most modes whose weights are vertex attributes (four vec4); more are read from a texture. */
export const MODE_ATTRIBUTE_LIMIT = 16;

const ATTRIBUTES = ['position', 'normal', 'aRange', 'aModeWeights0', 'aModeWeights1', 'aModeWeights2', 'aModeWeights3'];

/** The static data of one asset on the GPU, shared by every avatar that uses the asset: the skinning pass's
 *  program, vertex array and data textures, and the drawing pass's index buffers and UVs. */
export class SkinAsset {
  readonly geometries: THREE.BufferGeometry[];
  readonly uv: THREE.BufferAttribute;
  readonly sphere: THREE.Sphere;
  private white: THREE.DataTexture;
  readonly program: WebGLProgram;
  readonly vao: WebGLVertexArrayObject;
  private readonly buffers: WebGLBuffer[] = [];
  private readonly textures: { unit: number; name: string; texture: WebGLTexture }[] = [];
  private readonly paramsUnit: number;
  private linked = false;

  /** Offset in p of the rig handle in each slot (3 parameter rows per slot). */
  readonly slots: Int32Array;
  /** Parameter rows: the slots' rows, the modes' rows, then p as scalars (4 per row). */
  readonly rows: number;
  /** Whether the rows fit a uniform block (else a texture). */
  readonly uniformBlock: boolean;

  constructor(
    private readonly gl: GL,
    readonly data: SkinData,
    maxTextureSize: number,
  ) {
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
    this.rows = 3 * (this.slots.length + m) + Math.ceil(data.numP / 4);
    this.uniformBlock = 16 * this.rows <= (gl.getParameter(gl.MAX_UNIFORM_BLOCK_SIZE) as number);
    const modeAttributes = m <= MODE_ATTRIBUTE_LIMIT;

    // the skinning program: the asset's sizes are compile-time constants, the mode terms written out
    const modeRows = 3 * this.slots.length;
    const defines = [`#define MODES ${m}`, `#define MODE_ROWS ${modeRows}`, `#define SCALARS ${3 * (this.slots.length + m)}`];
    if (this.uniformBlock) defines.push(`#define PARAM_ROWS ${this.rows}`);
    if (modeAttributes) defines.push('#define MODE_ATTRIBUTES 1');
    let terms = '';
    for (let k = 0; k < m && modeAttributes; k++) {
      const w = `aModeWeights${k >> 2}.${'xyzw'[k & 3]}`;
      terms += `handle(${modeRows + 3 * k}, x, n, ax, ln); dx = dx + ${w} * ax; dn = dn + ${w} * ln;\n  `;
    }
    const vs = compile(gl, gl.VERTEX_SHADER, SKIN_VERTEX.replace('// DEFINES', defines.join('\n')).replace('MODE_TERMS', terms));
    const fs = compile(gl, gl.FRAGMENT_SHADER, SKIN_FRAGMENT);
    const program = check(gl.createProgram(), 'a program');
    gl.attachShader(program, vs);
    gl.attachShader(program, fs);
    ATTRIBUTES.forEach((a, i) => gl.bindAttribLocation(program, i, a));
    gl.transformFeedbackVaryings(program, ['oPosition', 'oNormal'], gl.SEPARATE_ATTRIBS);
    gl.linkProgram(program); // checked on first use (KHR_parallel_shader_compile style: no stall here)
    this.program = program;
    this.vs = vs;
    this.fs = fs;

    // vertex data of the skinning pass
    this.vao = check(gl.createVertexArray(), 'a vertex array');
    gl.bindVertexArray(this.vao);
    const attribute = (loc: number, values: Float32Array | Uint32Array, size: number) => {
      const b = buffer(gl, gl.ARRAY_BUFFER, values, gl.STATIC_DRAW);
      this.buffers.push(b);
      gl.bindBuffer(gl.ARRAY_BUFFER, b);
      gl.enableVertexAttribArray(loc);
      if (values instanceof Uint32Array) gl.vertexAttribIPointer(loc, size, gl.UNSIGNED_INT, 0, 0);
      else gl.vertexAttribPointer(loc, size, gl.FLOAT, false, 0, 0);
    };
    attribute(0, data.position, 3);
    attribute(1, data.normal, 3);
    const range = new Uint32Array(4 * n);
    for (let v = 0; v < n; v++) {
      range[4 * v] = data.offsets[2 * v];
      range[4 * v + 1] = data.offsets[2 * v + 2];
      range[4 * v + 2] = data.offsets[2 * v + 1];
      range[4 * v + 3] = data.offsets[2 * v + 3];
    }
    attribute(2, range, 4);
    if (modeAttributes) {
      for (let i = 0; i < 4; i++) {
        const w = new Float32Array(4 * n);
        for (let v = 0; v < n; v++) {
          for (let c = 0; c < 4 && 4 * i + c < m; c++) w[4 * v + c] = data.modeWeights[v * m + 4 * i + c];
        }
        attribute(3 + i, w, 4);
      }
    }
    gl.bindVertexArray(null);
    gl.bindBuffer(gl.ARRAY_BUFFER, null);
    this.textures.push({ unit: 0, name: 'uHandles', texture: dataTexture(gl, handles, 2, maxTextureSize) });
    this.textures.push({ unit: 1, name: 'uShapes', texture: dataTexture(gl, data.shapes, 4, maxTextureSize) });
    if (!modeAttributes) {
      const m4 = Math.ceil(m / 4);
      const weights = new Float32Array(n * m4 * 4);
      for (let v = 0; v < n; v++) {
        for (let k = 0; k < m; k++) weights[v * m4 * 4 + k] = data.modeWeights[v * m + k];
      }
      this.textures.push({ unit: 2, name: 'uModeWeights', texture: dataTexture(gl, weights, 4, maxTextureSize) });
    }
    this.paramsUnit = 3;

    // the drawing pass: indices and UVs (positions and normals are each avatar's captured buffers)
    this.uv = new THREE.BufferAttribute(data.uv, 2);
    // the rest mesh's bounding sphere (three sorts draws by it; it cannot compute one from captured buffers)
    const rest = new THREE.BufferGeometry();
    rest.setAttribute('position', new THREE.BufferAttribute(data.position, 3));
    rest.computeBoundingSphere();
    this.sphere = rest.boundingSphere ?? new THREE.Sphere();
    this.geometries = data.draws.map((d) => {
      const g = new THREE.BufferGeometry();
      g.setIndex(new THREE.BufferAttribute(d.indices, 1));
      return g;
    });
    this.white = new THREE.DataTexture(new Uint8Array([255, 255, 255, 255]), 1, 1);
    this.white.needsUpdate = true;
  }

  private readonly vs: WebGLShader;
  private readonly fs: WebGLShader;

  /** Run the skinning of one avatar: its parameters → its captured position and normal buffers. Leaves three's
   *  GL state to be reset by the caller (renderer.resetState()). */
  skin(params: ParamBlock): void {
    const gl = this.gl;
    if (!this.linked) {
      if (!gl.getProgramParameter(this.program, gl.LINK_STATUS)) {
        throw new Error(
          `skinning program: ${gl.getShaderInfoLog(this.vs) ?? ''} ${gl.getProgramInfoLog(this.program) ?? ''}`.trim(),
        );
      }
      gl.useProgram(this.program);
      for (const t of this.textures) gl.uniform1i(gl.getUniformLocation(this.program, t.name), t.unit);
      if (this.uniformBlock) gl.uniformBlockBinding(this.program, gl.getUniformBlockIndex(this.program, 'Params'), 0);
      else gl.uniform1i(gl.getUniformLocation(this.program, 'uParams'), this.paramsUnit);
      this.linked = true;
    }
    gl.useProgram(this.program);
    for (const t of this.textures) {
      gl.activeTexture(gl.TEXTURE0 + t.unit);
      gl.bindTexture(gl.TEXTURE_2D, t.texture);
    }
    params.upload(gl, this.paramsUnit);
    gl.bindVertexArray(this.vao);
    gl.enable(gl.RASTERIZER_DISCARD);
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, params.feedback);
    gl.beginTransformFeedback(gl.POINTS);
    gl.drawArrays(gl.POINTS, 0, this.data.vertices);
    gl.endTransformFeedback();
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, null);
    gl.disable(gl.RASTERIZER_DISCARD);
    gl.bindVertexArray(null);
  }

  /** The material of one draw of an avatar. */
  material(draw: Draw, perAvatar: { uInstanceOffset: THREE.IUniform; uViewProj: THREE.IUniform }): THREE.ShaderMaterial {
    const alphaMode = draw.alphaMode === 'MASK' ? 1 : draw.alphaMode === 'BLEND' ? 2 : 0;
    return new THREE.ShaderMaterial({
      glslVersion: THREE.GLSL3,
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: {
        uInstanceOffset: perAvatar.uInstanceOffset,
        uViewProj: perAvatar.uViewProj,
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
  }

  dispose(): void {
    const gl = this.gl;
    for (const g of this.geometries) g.dispose();
    this.white.dispose();
    for (const d of this.data.draws) d.map?.dispose();
    gl.deleteProgram(this.program);
    gl.deleteShader(this.vs);
    gl.deleteShader(this.fs);
    gl.deleteVertexArray(this.vao);
    for (const b of this.buffers) gl.deleteBuffer(b);
    for (const t of this.textures) gl.deleteTexture(t.texture);
  }
}

/** One avatar's skinning state: its parameter rows (uniform buffer, or texture) and the captured position and
 *  normal buffers, which its draws (the asset's index buffers) read as attributes. */
export class ParamBlock {
  readonly values: Float32Array;
  readonly feedback: WebGLTransformFeedback;
  /** The drawing pass's geometries (one per draw of the asset). */
  readonly geometries: THREE.BufferGeometry[];
  private readonly ubo: WebGLBuffer | null;
  private readonly texture: WebGLTexture | null;
  private readonly outputs: WebGLBuffer[];
  private readonly height: number;
  private readonly numP: number;
  private readonly modes: number;
  private readonly slots: Int32Array;
  /** Values changed since the last skinning. */
  dirty = false;

  constructor(
    private readonly gl: GL,
    readonly asset: SkinAsset,
  ) {
    this.numP = asset.data.numP;
    this.modes = asset.data.modes;
    this.slots = asset.slots;
    const n = asset.data.vertices;
    if (asset.uniformBlock) {
      this.values = new Float32Array(4 * asset.rows);
      this.height = 0;
      this.ubo = buffer(gl, gl.UNIFORM_BUFFER, this.values.byteLength, gl.DYNAMIC_DRAW);
      this.texture = null;
    } else {
      this.height = Math.max(1, Math.ceil(asset.rows / WIDTH));
      this.values = new Float32Array(4 * WIDTH * this.height);
      this.ubo = null;
      this.texture = dataTexture(gl, this.values, 4, Infinity);
    }
    this.outputs = [0, 1].map(() => buffer(gl, gl.ARRAY_BUFFER, 12 * n, gl.DYNAMIC_COPY));
    this.feedback = check(gl.createTransformFeedback(), 'a transform feedback');
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, this.feedback);
    this.outputs.forEach((b, i) => gl.bindBufferBase(gl.TRANSFORM_FEEDBACK_BUFFER, i, b));
    gl.bindTransformFeedback(gl.TRANSFORM_FEEDBACK, null);
    gl.bindBuffer(gl.TRANSFORM_FEEDBACK_BUFFER, null);
    const position = new THREE.GLBufferAttribute(this.outputs[0], gl.FLOAT, 3, 4, n);
    const normal = new THREE.GLBufferAttribute(this.outputs[1], gl.FLOAT, 3, 4, n);
    this.geometries = asset.geometries.map((shared) => {
      const g = new THREE.BufferGeometry();
      g.setIndex(shared.index);
      g.setAttribute('position', position as unknown as THREE.BufferAttribute);
      g.setAttribute('normal', normal as unknown as THREE.BufferAttribute);
      g.setAttribute('uv', asset.uv);
      g.boundingSphere = asset.sphere.clone();
      return g;
    });
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
    this.dirty = true;
  }

  /** Upload the values (one bufferSubData or texSubImage2D) and bind them for the skinning pass. */
  upload(gl: GL, unit: number): void {
    if (this.ubo) {
      gl.bindBuffer(gl.UNIFORM_BUFFER, this.ubo);
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, this.values);
      gl.bindBuffer(gl.UNIFORM_BUFFER, null);
      gl.bindBufferBase(gl.UNIFORM_BUFFER, 0, this.ubo);
    } else if (this.texture) {
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, this.texture);
      gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, WIDTH, this.height, gl.RGBA, gl.FLOAT, this.values);
    }
    this.dirty = false;
  }

  dispose(): void {
    const gl = this.gl;
    for (const g of this.geometries) g.dispose();
    gl.deleteTransformFeedback(this.feedback);
    for (const b of this.outputs) gl.deleteBuffer(b);
    if (this.ubo) gl.deleteBuffer(this.ubo);
    if (this.texture) gl.deleteTexture(this.texture);
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
