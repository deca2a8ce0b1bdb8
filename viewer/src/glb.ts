// glb → GPU data: the avatar's exported render mesh (sim/src/asset/gltf_export.rs) packed exactly as the Rust
// renderer packs it (renderer/src/gpu_mesh.rs) for the skinning shader:
//   * offsets: per vertex, then one past the last, (first handle entry, first blendshape entry);
//   * handles: (offset of the handle's 12 numbers in p, weight bits), every nonzero skin weight of the vertex
//     (all JOINTS_n/WEIGHTS_n sets), in joint order like the renderer's compressed rows;
//   * shapes: (parameter index, delta xyz) for every morph target with a nonzero delta at the vertex;
//   * modeWeights: W_r, vertex-major, m per vertex (from the _MODE_WEIGHTS_i attributes).
// The vertex data is read from the glb's own accessors (not from three's loaded geometry: three normalizes the
// first skin weight set in place, which would change a vertex with more than four influences). three's
// GLTFLoader is used for the base-colour textures (decoded images with the glTF sampler settings).

import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MToonMaterialLoaderPlugin, type MToonMaterial } from '@pixiv/three-vrm-materials-mtoon';
import type { RootBone } from './follow.js';
import { readHeld, type HeldData, type HeldExtras } from './held.js';
import type { MToonDraw } from './mtoon.js';

/** The renderer's flat colour (linear RGBA) for an avatar without materials (renderer/src/gpu_mesh.rs). */
export const FLAT_COLOR: [number, number, number, number] = [0.85, 0.62, 0.5, 1.0];

export type AlphaMode = 'OPAQUE' | 'MASK' | 'BLEND';

/** One glTF primitive: a material over a list of triangles. */
export interface Draw {
  indices: Uint32Array;
  /** Linear RGBA base colour factor. */
  color: [number, number, number, number];
  /** Base colour texture (sRGB) or null (white). */
  map: THREE.Texture | null;
  alphaMode: AlphaMode;
  alphaCutoff: number;
  /** Single-sided materials cull back faces (only when the avatar has its own materials). */
  cullBack: boolean;
  /** VRM's MToon, as three-vrm builds it (src/mtoon.ts); absent for a plain material. */
  mtoon?: MToonDraw;
}

export interface SkinData {
  assetHash: string;
  vertices: number;
  /** Rest positions and normals (xyz per vertex), UVs (zeros when the asset has none). */
  position: Float32Array;
  normal: Float32Array;
  uv: Float32Array;
  /** (first handle entry, first blendshape entry) per vertex and one past the last: 2 × (N + 1). */
  offsets: Uint32Array;
  /** (parameter offset, weight bits) per entry. */
  handles: Uint32Array;
  /** (parameter index, delta x bits, y bits, z bits) per entry. */
  shapes: Uint32Array;
  /** N × m, vertex-major. */
  modeWeights: Float32Array;
  /** The held part of the flesh (src/held.ts), when the avatar has one. */
  held: HeldData | null;
  modes: number;
  numP: number;
  paramNames: string[];
  draws: Draw[];
  /** Bounding box of the rest mesh. */
  bounds: { lo: [number, number, number]; hi: [number, number, number] };
  /** The joint whose motion the camera follows (src/follow.ts; rootBone() below: the hips of a humanoid), the
   *  offset of its T_h in p and its rest place (the translation of its bind transform, the inverse of its
   *  inverse bind matrix); for a rig with only the global affine handle, that handle and the centre of the rest
   *  bounds. */
  root: RootBone | null;
}

interface GltfJson {
  asset: { extras?: { avatard?: AvatardExtras } };
  accessors: Accessor[];
  bufferViews: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  meshes: { primitives: Primitive[]; extras?: { targetNames?: string[] } }[];
  nodes: { name?: string; mesh?: number; skin?: number; children?: number[] }[];
  skins?: { joints: number[]; inverseBindMatrices?: number }[];
  materials?: MaterialJson[];
}

interface AvatardExtras {
  asset_hash: string;
  modes: number;
  params: string[];
  mode_weight_attributes: string[];
  held?: HeldExtras;
}

interface Accessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: string;
  normalized?: boolean;
}

interface Primitive {
  attributes: Record<string, number>;
  indices?: number;
  material?: number;
  mode?: number;
  targets?: Record<string, number>[];
}

interface MaterialJson {
  pbrMetallicRoughness?: { baseColorFactor?: number[]; baseColorTexture?: { index: number; texCoord?: number } };
  alphaMode?: AlphaMode;
  alphaCutoff?: number;
  doubleSided?: boolean;
  /** VRM 1.0's MToon (read by three-vrm's plugin, src/mtoon.ts). */
  extensions?: { VRMC_materials_mtoon?: unknown };
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

/** The JSON and binary chunks of a .glb container. */
export function splitGlb(buffer: ArrayBuffer): { json: GltfJson; bin: DataView } {
  const view = new DataView(buffer);
  if (buffer.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67) {
    throw new Error('not a glb file (bad magic)');
  }
  if (view.getUint32(4, true) !== 2) throw new Error(`glb version ${view.getUint32(4, true)}, need 2`);
  let json: GltfJson | null = null;
  let bin: DataView | null = null;
  let at = 12;
  const end = Math.min(view.getUint32(8, true), buffer.byteLength);
  while (at + 8 <= end) {
    const len = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + len > end) throw new Error('glb chunk runs past the end of the file');
    if (type === 0x4e4f534a) {
      json = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, start, len))) as GltfJson;
    } else if (type === 0x004e4942 && bin === null) {
      bin = new DataView(buffer, start, len);
    }
    at = start + ((len + 3) & ~3);
  }
  if (!json) throw new Error('glb without a JSON chunk');
  return { json, bin: bin ?? new DataView(new ArrayBuffer(0)) };
}

/** An accessor's values as numbers (any component type, stride honoured; absent view = zeros). */
function readAccessor(json: GltfJson, bin: DataView, index: number): { data: Float64Array; width: number } {
  const acc = json.accessors[index];
  if (!acc) throw new Error(`accessor ${index} missing`);
  const width = COMPONENTS[acc.type];
  if (!width) throw new Error(`accessor ${index}: type ${acc.type}`);
  const data = new Float64Array(acc.count * width);
  if (acc.bufferView === undefined) return { data, width };
  const bv = json.bufferViews[acc.bufferView];
  const size: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
  const cs = size[acc.componentType];
  if (!cs) throw new Error(`accessor ${index}: component type ${acc.componentType}`);
  const stride = bv.byteStride ?? cs * width;
  const base = (bv.byteOffset ?? 0) + (acc.byteOffset ?? 0);
  if (base + stride * (acc.count - 1) + cs * width > bin.byteLength) {
    throw new Error(`accessor ${index} runs past the binary chunk`);
  }
  const norm = acc.normalized === true;
  for (let i = 0; i < acc.count; i++) {
    for (let c = 0; c < width; c++) {
      const o = base + i * stride + c * cs;
      let v: number;
      switch (acc.componentType) {
        case 5126: v = bin.getFloat32(o, true); break;
        case 5125: v = bin.getUint32(o, true); break;
        case 5123: v = bin.getUint16(o, true); if (norm) v /= 65535; break;
        case 5122: v = bin.getInt16(o, true); if (norm) v = Math.max(v / 32767, -1); break;
        case 5121: v = bin.getUint8(o); if (norm) v /= 255; break;
        default: v = bin.getInt8(o); if (norm) v = Math.max(v / 127, -1); break;
      }
      data[i * width + c] = v;
    }
  }
  return { data, width };
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function floatBits(x: number): number {
  f32[0] = x;
  return u32[0];
}

/** Pack an exported avatar glb for the skinning shader. `buffer` is not modified. */
export async function loadSkinData(buffer: ArrayBuffer): Promise<SkinData> {
  const { json, bin } = splitGlb(buffer);
  const extras = json.asset.extras?.avatard;
  if (!extras || !Array.isArray(extras.params)) {
    throw new Error('the glb has no asset.extras.avatard (not exported by avatard)');
  }
  const meshNode = json.nodes.find((n) => n.mesh !== undefined);
  if (!meshNode || meshNode.mesh === undefined) throw new Error('the glb has no mesh node');
  const mesh = json.meshes[meshNode.mesh];
  const prims = mesh.primitives.filter((p) => (p.mode ?? 4) === 4);
  if (prims.length === 0) throw new Error('the mesh has no triangle primitives');
  const attrs = prims[0].attributes;
  if (attrs.POSITION === undefined) throw new Error('the mesh has no POSITION');
  const pos = readAccessor(json, bin, attrs.POSITION).data;
  const n = pos.length / 3;
  const position = Float32Array.from(pos);
  const normal = attrs.NORMAL !== undefined
    ? Float32Array.from(readAccessor(json, bin, attrs.NORMAL).data)
    : new Float32Array(3 * n);
  const uv = attrs.TEXCOORD_0 !== undefined
    ? Float32Array.from(readAccessor(json, bin, attrs.TEXCOORD_0).data)
    : new Float32Array(2 * n);

  // Parameter layout: p's entries by name (see rig param_names: "bone:NAME[c][k]", "affine[c][k]",
  // "blendshape:NAME").
  const paramIndex = new Map<string, number>();
  extras.params.forEach((name, i) => { if (!paramIndex.has(name)) paramIndex.set(name, i); });
  const numP = extras.params.length;

  // Rig handles: joint j → offset of its T_h in p.
  const joints = json.skins?.[meshNode.skin ?? 0]?.joints ?? [];
  const jointOffset = joints.map((node, j) => {
    const name = json.nodes[node]?.name ?? '';
    const o = name === 'affine' && paramIndex.has('affine[0][0]')
      ? paramIndex.get('affine[0][0]')
      : paramIndex.get(`bone:${name}[0][0]`);
    if (o === undefined) throw new Error(`joint ${j} (${name}) has no parameters in asset.extras.avatard.params`);
    return o;
  });
  const rows: [number, number][][] = Array.from({ length: n }, () => []);
  for (let s = 0; attrs[`JOINTS_${s}`] !== undefined && attrs[`WEIGHTS_${s}`] !== undefined; s++) {
    const j = readAccessor(json, bin, attrs[`JOINTS_${s}`]).data;
    const w = readAccessor(json, bin, attrs[`WEIGHTS_${s}`]).data;
    for (let v = 0; v < n; v++) {
      for (let c = 0; c < 4; c++) {
        const weight = Math.fround(w[4 * v + c]);
        if (weight !== 0) rows[v].push([j[4 * v + c], weight]);
      }
    }
  }
  // Morph targets → blendshape parameters.
  const targets = prims[0].targets ?? [];
  const targetNames = mesh.extras?.targetNames ?? [];
  const firstShape = extras.params.findIndex((p) => p.startsWith('blendshape:'));
  const deltas = targets.map((t, i) => {
    const name = targetNames[i];
    let index = name !== undefined ? paramIndex.get(`blendshape:${name}`) : undefined;
    if (index === undefined && firstShape >= 0) index = firstShape + i;
    if (index === undefined || index >= numP) throw new Error(`morph target ${i} (${name}) has no parameter`);
    return { index, d: t.POSITION !== undefined ? readAccessor(json, bin, t.POSITION).data : new Float64Array(3 * n) };
  });
  const offsets = new Uint32Array(2 * (n + 1));
  const handleList: number[] = [];
  const shapeList: number[] = [];
  for (let v = 0; v < n; v++) {
    offsets[2 * v] = handleList.length / 2;
    offsets[2 * v + 1] = shapeList.length / 4;
    // joint order, as the renderer's compressed rows (bone columns ascending)
    rows[v].sort((a, b) => a[0] - b[0]);
    for (const [joint, weight] of rows[v]) {
      const o = jointOffset[joint];
      if (o === undefined) throw new Error(`vertex ${v}: joint ${joint} out of range`);
      handleList.push(o, floatBits(weight));
    }
    for (const { index, d } of deltas) {
      const x = d[3 * v], y = d[3 * v + 1], z = d[3 * v + 2];
      if (x !== 0 || y !== 0 || z !== 0) shapeList.push(index, floatBits(x), floatBits(y), floatBits(z));
    }
  }
  offsets[2 * n] = handleList.length / 2;
  offsets[2 * n + 1] = shapeList.length / 4;

  // Mode weights W_r (mode 4i + c in component c of _MODE_WEIGHTS_i).
  const m = extras.modes | 0;
  const modeWeights = new Float32Array(n * m);
  const names = extras.mode_weight_attributes ?? [];
  for (let i = 0; i < Math.ceil(m / 4); i++) {
    const a = attrs[names[i] ?? `_MODE_WEIGHTS_${i}`];
    if (a === undefined) throw new Error(`mode weight attribute ${i} missing`);
    const d = readAccessor(json, bin, a).data;
    for (let v = 0; v < n; v++) {
      for (let c = 0; c < 4 && 4 * i + c < m; c++) modeWeights[v * m + 4 * i + c] = d[4 * v + c];
    }
  }

  const lo: [number, number, number] = [Infinity, Infinity, Infinity];
  const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < n; v++) {
    for (let c = 0; c < 3; c++) {
      lo[c] = Math.min(lo[c], position[3 * v + c]);
      hi[c] = Math.max(hi[c], position[3 * v + c]);
    }
  }

  const draws = await loadDraws(buffer, json, bin, prims, n);
  const skin = json.skins?.[meshNode.skin ?? 0];
  return {
    assetHash: extras.asset_hash,
    vertices: n,
    position,
    normal,
    uv,
    offsets,
    handles: Uint32Array.from(handleList),
    shapes: Uint32Array.from(shapeList),
    modeWeights,
    held: readHeld(extras.held, json.bufferViews, bin, n),
    modes: m,
    numP,
    paramNames: extras.params,
    draws,
    bounds: { lo, hi },
    root: rootBone(json, bin, skin, jointOffset, rows, { lo, hi }),
  };
}

/** The joint the avatar moves by (see SkinData.root): from the skeleton's root joint (the first joint that is no
 *  other joint's child, or the heaviest of several), down to the deepest joint whose subtree still carries
 *  (almost) all of the mesh's skin weight: the hips (pelvis) of a humanoid, below a root bone that the grounding
 *  does not move and beside bones that carry no vertices (IK targets); null without joints. */
function rootBone(
  json: GltfJson,
  bin: DataView,
  skin: { joints: number[]; inverseBindMatrices?: number } | undefined,
  jointOffset: number[],
  rows: [number, number][][],
  bounds: { lo: [number, number, number]; hi: [number, number, number] },
): RootBone | null {
  const joints = skin?.joints ?? [];
  if (joints.length === 0) return null;
  const jointOf = new Map(joints.map((node, j) => [node, j]));
  const children = joints.map((node) =>
    (json.nodes[node]?.children ?? []).map((c) => jointOf.get(c)).filter((c): c is number => c !== undefined),
  );
  const isChild = new Set(children.flat());
  // the skin weight each joint's subtree carries
  const own = new Float64Array(joints.length);
  for (const row of rows) for (const [j, w] of row) if (j < joints.length) own[j] += w;
  const carried = new Float64Array(joints.length).fill(NaN);
  const subtree = (j: number, depth: number): number => {
    if (Number.isNaN(carried[j])) {
      carried[j] = own[j];
      // glTF node trees are acyclic; the depth bound keeps a malformed file from recursing forever
      if (depth < joints.length) for (const c of children[j]) carried[j] += subtree(c, depth + 1);
    }
    return carried[j];
  };
  const roots = joints.map((_, j) => j).filter((j) => !isChild.has(j));
  if (roots.length === 0) return null;
  let j = roots.reduce((best, r) => (subtree(r, 0) > subtree(best, 0) ? r : best), roots[0]);
  const total = subtree(j, 0);
  for (let steps = 0; steps < joints.length; steps++) {
    const next = children[j].find((c) => subtree(c, 0) >= 0.99 * total);
    if (next === undefined) break;
    j = next;
  }
  const centre: [number, number, number] = [0, 1, 2].map((c) => 0.5 * (bounds.lo[c] + bounds.hi[c])) as [
    number,
    number,
    number,
  ];
  if (json.nodes[joints[j]]?.name === 'affine' || skin?.inverseBindMatrices === undefined) {
    return { offset: jointOffset[j], rest: centre };
  }
  const ibm = readAccessor(json, bin, skin.inverseBindMatrices).data;
  const bind = new THREE.Matrix4().fromArray(Array.from(ibm.subarray(16 * j, 16 * j + 16))).invert();
  const e = bind.elements;
  return { offset: jointOffset[j], rest: [e[12], e[13], e[14]] };
}

/** One draw per primitive with its material; textures through three's GLTFLoader. Opaque and masked first,
 *  blended last (as the renderer orders its draws). */
async function loadDraws(buffer: ArrayBuffer, json: GltfJson, bin: DataView, prims: Primitive[], n: number): Promise<Draw[]> {
  const materials = json.materials ?? [];
  const hasMaterials = materials.length > 0;
  const anyMToon = materials.some((m) => m.extensions?.VRMC_materials_mtoon !== undefined);
  const needsTextures = anyMToon || materials.some((m) => m.pbrMetallicRoughness?.baseColorTexture !== undefined);
  let parser: { getDependency(type: string, index: number): Promise<unknown> } | null = null;
  // MToon: three-vrm's materials as the loader's meshes draw them, by glTF material index, with the render
  // order and outline its plugin gave those meshes. (The mesh's material is GLTFLoader's clone of the parsed
  // one for most meshes, e.g. with the normal map's y flipped for derivative tangents: that clone is what
  // three-vrm draws, so that is the one to draw.)
  const mtoonOf = new Map<number, MToonDraw>();
  if (needsTextures) {
    // a copy: the loader may touch vertex buffers of the file it parses
    const loader = new GLTFLoader();
    if (anyMToon) loader.register((p) => new MToonMaterialLoaderPlugin(p));
    const gltf = await loader.parseAsync(buffer.slice(0), '');
    parser = gltf.parser;
    const associations = gltf.parser.associations as Map<unknown, { materials?: number } | undefined>;
    gltf.scene.traverse((o) => {
      const mesh = o as THREE.Mesh;
      if (!mesh.isMesh) return;
      const ms = (Array.isArray(mesh.material) ? mesh.material : [mesh.material]) as MToonMaterial[];
      const main = ms.find((m) => m.isMToonMaterial && !m.isOutline);
      const index = main ? associations.get(main)?.materials : undefined;
      if (main && index !== undefined && !mtoonOf.has(index)) {
        mtoonOf.set(index, { material: main, renderOrder: mesh.renderOrder, outline: ms.find((m) => m.isOutline) ?? null });
      }
    });
  }
  const draws: Draw[] = [];
  for (const prim of prims) {
    let indices: Uint32Array;
    if (prim.indices !== undefined) {
      indices = Uint32Array.from(readAccessor(json, bin, prim.indices).data);
    } else {
      indices = new Uint32Array(n);
      for (let i = 0; i < n; i++) indices[i] = i;
    }
    for (const i of indices) if (i >= n) throw new Error(`index ${i} out of range (${n} vertices)`);
    const mat = prim.material !== undefined ? materials[prim.material] : undefined;
    if (!hasMaterials || !mat) {
      draws.push({ indices, color: [...FLAT_COLOR], map: null, alphaMode: 'OPAQUE', alphaCutoff: 0.5, cullBack: false });
      continue;
    }
    let mtoon: MToonDraw | undefined;
    if (mat.extensions?.VRMC_materials_mtoon !== undefined && prim.material !== undefined) {
      mtoon = mtoonOf.get(prim.material);
      if (!mtoon) throw new Error(`material ${prim.material}: three-vrm made no MToon material of it`);
    }
    const pbr = mat.pbrMetallicRoughness ?? {};
    const f = pbr.baseColorFactor ?? [1, 1, 1, 1];
    let map: THREE.Texture | null = null;
    if (pbr.baseColorTexture !== undefined && parser) {
      map = (await parser.getDependency('texture', pbr.baseColorTexture.index)) as THREE.Texture;
      map.colorSpace = THREE.SRGBColorSpace;
    }
    draws.push({
      indices,
      color: [f[0], f[1], f[2], f[3]],
      map,
      alphaMode: mat.alphaMode ?? 'OPAQUE',
      alphaCutoff: mat.alphaCutoff ?? 0.5,
      cullBack: mat.doubleSided !== true,
      ...(mtoon ? { mtoon } : {}),
    });
  }
  draws.sort((a, b) => Number(a.alphaMode === 'BLEND') - Number(b.alphaMode === 'BLEND'));
  return draws;
}
