// The viewer: loads /api/avatars and each avatar's glb, starts the wire worker (src/wire-worker.ts: /ws and the
// decoding, off this thread), takes its batches of the newest state per avatar (acknowledging each), and draws
// every avatar with the skinning material on the renderer's grid. URL parameters (see viewer/README.md):
//   transparent=1  transparent background, no ground, no overlay (OBS browser source)
//   overlay=0      no stats overlay
//   ground=0       no ground
//   secondary=0    start in the rig-only view (z = 0)
//   avatar=<id>    only these avatars (repeat, or comma-separated)
//   width, height  fixed canvas size in pixels (tests); then no orbit controls, the renderer's camera framing
//   viewproj=<16 floats, column-major>  a fixed view-projection (with width/height), e.g. the renderer's
//   yaw=<deg>      yaw of the initial camera framing (the renderer's default 20)
//   camera=follow  (the default) the camera and the ground follow the avatars across the floor (the mean
//                  horizontal displacement of their hips, smoothed: src/follow.ts), so that a walking avatar stays on
//                  stage; the orbit keeps its offset from the followed point. camera=fixed: the camera and the
//                  ground stay where the rest pose was framed. A given viewproj is always fixed.
//   antialias=0|1  MSAA (default on, off with a fixed width/height)
//   ack=frame      acknowledge the wire worker's batches after the next frame (default: as they are taken)
//   heat=1         start with the heat map of the flesh: |u| in mm (the `h` key and the overlay's button toggle it)
//   heatmax=<mm>   top of the heat map's scale (default 30; `[` / `]` halve / double it)
//   heatbar=0      no colour scale bar with the heat map
// The test API is `window.avatarViewer` (see ViewerApi below).

import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { fetchAvatars, skinDataFor, type AvatarEntry } from './api.js';
import type { SkinData } from './glb.js';
import { heldDisplacement } from './held.js';
import { HEAT_MAX_MM, heatColor, secondaryMm } from './heat.js';
import { HeatScale } from './heat-scale.js';
import { Follow, meanDisplacement, rootDisplacement, rootPosition, type Vec3 } from './follow.js';
import { framing, framingMatrix, gridLayout, parseCamera, parseViewProj, type UrlCamera } from './layout.js';
import { Metrics, flagNames, nowEpochMs } from './metrics.js';
import { Overlay } from './overlay.js';
import { LIGHT_DIR, ParamBlock, SkinAsset, SkinTarget, groundMesh, heatColorsOnGpu } from './skin.js';
import { skinnedMToon } from './mtoon.js';
import { Connection, decodeMessage, type StateSample } from './wire.js';
import type { FromWorker, ToWorker, WireBatch } from './wire-worker.js';

export interface ViewerApi {
  /** Resolves when every glb is loaded and the socket is open (rejects when loading fails). */
  ready: Promise<void>;
  readonly framesRendered: number;
  readonly statesReceived: number;
  /** Recent publish → render latencies (ms; the last 60 s, or those since `since`, a performance.now() time),
   *  oldest first. */
  latency(since?: number): number[];
  /** Publish → arrival latencies (ms: the socket's message event in the wire worker, every state), like
   *  latency(). */
  arrivalLatency(since?: number): number[];
  /** Publish → take latencies (ms: the page took the worker's batch; the states taken), like latency(). */
  takeLatency(since?: number): number[];
  /** Draw `n` frames now, one after another, each skinning every avatar again and waiting for the GPU (a
   *  one-pixel read back): their times (ms), for the frame-time benchmark (test/frame-time.mjs). */
  timeFrames(n: number): number[];
  /** Decode one Message holding an AvatarState, show it and stop applying live states. */
  freeze(bytes: Uint8Array): void;
  setSecondary(on: boolean): void;
  /** The heat map of |u| (mm) on or off, and the top of its scale (mm). */
  setHeat(on: boolean): void;
  setHeatMax(mm: number): void;
  /** The heat map checked on the GPU: |u| per vertex of an avatar's last skinning (read back from the skinning
   *  target) against the CPU reference (src/heat.ts, the Rust side's formula), and the shader's colour map against
   *  heatColor() over values from −25 % to 125 % of the scale. Errors in mm and in colour (0–1 per channel). */
  heatCheck(id?: string): HeatCheck;
  /** Where the stage is: the camera mode, the followed displacement now (m, added to the camera and the ground),
   *  the ground (centre xyz, half size; null without one) and each drawn avatar's followed joint (its hips; m, on
   *  the grid). */
  stage(): StageInfo;
  /** The next frame as drawn: the canvas as a PNG data URL, read right after the draw (so no
   *  preserveDrawingBuffer is needed; transparent where the page is), and the stage it was drawn on. */
  captureFrame(): Promise<{ png: string; stage: StageInfo }>;
  /** The bytes of the last AvatarState message of an avatar (to save and replay with freeze). */
  lastMessage(id?: string): Uint8Array | null;
  /** The view-projection of the last frame: 16 floats, column-major (what `viewproj=` takes). */
  viewProj(): number[];
  /** Render fps, per-avatar counters and the daemon's web counters. */
  summary(): Record<string, unknown>;
  readonly errors: string[];
}

export interface StageInfo {
  camera: 'follow' | 'fixed';
  offset: Vec3;
  ground: [number, number, number, number] | null;
  roots: Record<string, Vec3 | null>;
}

export interface HeatCheck {
  avatar: string;
  vertices: number;
  modes: number;
  secondary: boolean;
  /** Largest |u| (mm) by the CPU reference and by the GPU; the largest difference per vertex. */
  maxMm: number;
  gpuMaxMm: number;
  maxAbsErrMm: number;
  /** Vertices with |u| over 1 mm (CPU). */
  overOneMm: number;
  colourSamples: number;
  colourMaxErr: number;
  heatMaxMm: number;
}

declare global {
  interface Window {
    avatarViewer: ViewerApi;
  }
}

interface AvatarView {
  entry: AvatarEntry;
  asset: SkinAsset;
  params: ParamBlock;
  group: THREE.Group;
  /** Each draw's mesh with its two materials (the normal one and the heat map). */
  /** Per draw: its mesh, its two materials, and MToon's outline pass (hidden in the heat map). */
  meshes: { mesh: THREE.Mesh; normal: THREE.Material; heat: THREE.Material; outline: THREE.Mesh | null }[];
  uniforms: { uInstanceOffset: THREE.IUniform; uViewProj: THREE.IUniform };
  /** The newest state from the socket, and the one the parameter texture holds. */
  latest: StateSample | null;
  applied: StateSample | null;
}

const url = new URL(window.location.href);
const q = url.searchParams;
const transparent = q.get('transparent') === '1';
const showOverlay = !transparent && q.get('overlay') !== '0';
const showGround = !transparent && q.get('ground') !== '0';
const only = q.getAll('avatar').flatMap((a) => a.split(',')).filter((a) => a.length > 0);
const fixedWidth = Number(q.get('width') ?? 0) | 0;
const fixedHeight = Number(q.get('height') ?? 0) | 0;
const fixedSize = fixedWidth > 0 && fixedHeight > 0;
const yaw = q.has('yaw') ? Number(q.get('yaw')) : 20;
/** `mtoon=0`: draw MToon materials as plain ones (their lit colour), as before issue 55. */
const drawMToon = q.get('mtoon') !== '0';
/** `mtoon_time=T`: MToon's UV animation stands still at T seconds (default: it runs with the clock). */
const mtoonTime: number | null = q.has('mtoon_time') && Number.isFinite(Number(q.get('mtoon_time'))) ? Number(q.get('mtoon_time')) : null;
/** `cam=px,py,pz,tx,ty,tz,fov` with `width`/`height`: a fixed camera (position, target, vertical field of view). */
const urlCamera: UrlCamera | null = q.has('cam') ? parseCamera(q.get('cam') as string) : null;
let fixedViewProj: THREE.Matrix4 | null = q.has('viewproj') ? parseViewProj(q.get('viewproj') as string) : null;
const cameraParam = q.get('camera') ?? 'follow';
if (cameraParam !== 'follow' && cameraParam !== 'fixed') console.warn(`avatar viewer: camera=${cameraParam} ignored`);
// a given view-projection is fixed whatever camera= says
const following = cameraParam !== 'fixed' && !q.has('viewproj');
/** A scale top from the URL (mm): a positive finite number, else the default. */
function heatMaxFrom(text: string | null): number {
  const mm = Number(text);
  if (text !== null && !(Number.isFinite(mm) && mm > 0)) console.warn(`avatar viewer: heatmax=${text} ignored`);
  return text !== null && Number.isFinite(mm) && mm > 0 ? mm : HEAT_MAX_MM;
}
let heat = q.get('heat') === '1';
// the top of the heat map's scale (mm), shared by every heat material
const heatMax: THREE.IUniform<number> = { value: heatMaxFrom(q.get('heatmax')) };
const heatScale = q.get('heatbar') !== '0' ? new HeatScale() : null;

const metrics = new Metrics();
const errors: string[] = [];
let secondary = q.get('secondary') !== '0';
let frozen = false;
let status = 'loading';
const views = new Map<string, AvatarView>();
const skinTarget = new SkinTarget();
const assets = new Map<string, SkinAsset>();
let avatarOrder: string[] = [];

function report(text: string): void {
  errors.push(text);
  if (errors.length > 100) errors.shift();
  status = text;
  console.error(`avatar viewer: ${text}`);
}

/** Whether WebGL is a software rasterizer (SwiftShader, llvmpipe, softpipe), asked of a throwaway context. */
function softwareWebGL(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

// Renderer, scene, camera.
const renderer = new THREE.WebGLRenderer({
  // MSAA like a window would have it, but not for fixed-size test images (the renderer draws without), not on
  // software WebGL (SwiftShader spends half of its frame on it) and not when asked (antialias=0)
  antialias: q.has('antialias') ? q.get('antialias') !== '0' : !fixedSize && !softwareWebGL(),
  alpha: transparent,
  premultipliedAlpha: true,
  preserveDrawingBuffer: fixedSize,
});
if (transparent) renderer.setClearColor(0x000000, 0);
else renderer.setClearColor(new THREE.Color().setRGB(0.93, 0.95, 0.98, THREE.LinearSRGBColorSpace), 1);
document.body.append(renderer.domElement);
if (transparent) document.documentElement.classList.add('transparent');
const maxTextureSize = renderer.capabilities.maxTextureSize;
// the skinning pass renders into float targets
if (!renderer.extensions.has('EXT_color_buffer_float')) report('WebGL2 without EXT_color_buffer_float: cannot skin');
const maxUniformBlockSize = renderer.getContext().getParameter(WebGL2RenderingContext.MAX_UNIFORM_BLOCK_SIZE) as number;
const scene = new THREE.Scene();
// The light MToon materials shade with (three-vrm's examples: one white directional light of intensity π; the
// plain materials light themselves from the renderer's LIGHT_DIR): `light=x,y,z`, `light_intensity=`,
// `ambient=` (an ambient light's intensity, default none) on the URL set it.
{
  const num = (name: string, fallback: number): number => {
    const v = Number(q.get(name));
    return q.has(name) && Number.isFinite(v) ? v : fallback;
  };
  const dir = (q.get('light') ?? '').split(',').map(Number);
  const light = new THREE.DirectionalLight(0xffffff, num('light_intensity', Math.PI));
  if (dir.length === 3 && dir.every(Number.isFinite)) light.position.set(dir[0], dir[1], dir[2]);
  else light.position.copy(LIGHT_DIR);
  scene.add(light);
  const ambient = num('ambient', 0);
  if (ambient > 0) scene.add(new THREE.AmbientLight(0xffffff, ambient));
}
const camera = new THREE.PerspectiveCamera(35, 1, 0.01, 100);
const viewProj: THREE.IUniform<THREE.Matrix4> = { value: new THREE.Matrix4() };
let controls: OrbitControls | null = null;
let ground: THREE.Mesh | null = null;
/** The ground of the layout (centre xyz, half size) before the followed displacement, and the uniform drawn. */
let groundRest: [number, number, number, number] = [0, 0, 0, 1];
const groundUniform = new THREE.Vector4();
/** The ground's half size: the layout's, twice that while following (the avatar runs ahead of the smoothed
 *  follow by up to a few tenths of a metre, and walks in depth as well: its feet stay well inside the floor). */
function groundHalf(): number {
  return following ? 2 * groundRest[3] : groundRest[3];
}
const follow = new Follow();
/** The followed displacement applied to the camera and the ground (m). */
const offset: Vec3 = [0, 0, 0];
let lastFrameMs: number | null = null;
let cameraPlaced = false;
let framed: { lo: [number, number, number]; hi: [number, number, number] } = { lo: [-0.5, 0, -0.5], hi: [0.5, 1.8, 0.5] };

function size(): { w: number; h: number } {
  return fixedSize ? { w: fixedWidth, h: fixedHeight } : { w: window.innerWidth, h: window.innerHeight };
}

function resize(): void {
  const { w, h } = size();
  // at most 2 device pixels per CSS pixel: phones with 3x screens would triple the fragment work
  renderer.setPixelRatio(fixedSize ? 1 : Math.min(2, window.devicePixelRatio));
  renderer.setSize(w, h);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}
window.addEventListener('resize', resize);
resize();

/** Place the camera as the renderer frames the grid (orbit mode) or fix the matrix (test mode). */
function frameCamera(): void {
  const { w, h } = size();
  const aspect = w / h;
  // framed where the stage is now: the followed displacement moves the box (zero with camera=fixed)
  const lo = framed.lo.map((x, c) => x + offset[c]) as Vec3;
  const hi = framed.hi.map((x, c) => x + offset[c]) as Vec3;
  if (fixedSize && urlCamera) {
    // the URL's camera, for three's materials (MToon) and the renderer's view-projection alike
    camera.fov = urlCamera.fovDegrees;
    camera.aspect = aspect;
    const distance = Math.hypot(...urlCamera.position.map((x, c) => x - urlCamera!.target[c]));
    camera.near = distance * 0.01;
    camera.far = distance * 100;
    camera.position.set(...urlCamera.position);
    camera.lookAt(...urlCamera.target);
    camera.updateProjectionMatrix();
    camera.updateMatrixWorld();
    fixedViewProj = new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    return;
  }
  if (fixedSize) {
    if (!q.has('viewproj')) {
      fixedViewProj = framingMatrix(lo, hi, aspect, yaw);
      // three's camera at the same place, for the materials that draw with it (MToon: src/mtoon.ts)
      const f = framing(lo, hi, aspect, yaw);
      camera.fov = (f.fovy * 180) / Math.PI;
      camera.aspect = aspect;
      camera.near = f.near;
      camera.far = f.far;
      camera.position.set(...f.eye);
      camera.lookAt(...f.target);
      camera.updateProjectionMatrix();
    }
    return;
  }
  const f = framing(lo, hi, aspect, yaw);
  camera.fov = (f.fovy * 180) / Math.PI;
  camera.near = Math.max(1e-3, f.distance * 0.01);
  camera.far = f.distance * 20 + 4 * f.radius;
  camera.position.set(...f.eye);
  camera.updateProjectionMatrix();
  if (!controls) {
    controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
  }
  controls.target.set(...f.target);
  controls.update();
}

/** Build (or rebuild) the avatars from the list: assets shared by hash, grid layout, ground. */
async function load(): Promise<void> {
  const list = await fetchAvatars(window.location.href);
  const entries = list.avatars.filter((a) => only.length === 0 || only.includes(a.id));
  avatarOrder = entries.map((a) => a.id);
  // one avatar whose glb fails is reported (and makes `ready` reject) but does not hide the others
  const settled = await Promise.allSettled(entries.filter((a) => a.glb).map((a) => skinDataFor(window.location.href, a)));
  const failures: string[] = [];
  const drawable: AvatarEntry[] = [];
  const datas: SkinData[] = [];
  entries.filter((a) => a.glb).forEach((a, i) => {
    const r = settled[i];
    if (r.status === 'fulfilled') {
      drawable.push(a);
      datas.push(r.value);
    } else {
      failures.push(`${a.id}: ${String(r.reason)}`);
    }
  });
  // drop what changed
  for (const [id, v] of views) {
    const e = drawable.find((a) => a.id === id);
    if (!e || e.asset_hash !== v.entry.asset_hash) {
      scene.remove(v.group);
      for (const m of v.meshes) {
        m.normal.dispose();
        m.heat.dispose();
        (m.outline?.material as THREE.Material | undefined)?.dispose();
      }
      v.params.dispose();
      views.delete(id);
    }
  }
  drawable.forEach((entry, i) => {
    const data = datas[i];
    let asset = assets.get(data.assetHash);
    if (!asset) {
      asset = new SkinAsset(data, maxTextureSize, maxUniformBlockSize);
      assets.set(data.assetHash, asset);
    }
    if (views.has(entry.id)) {
      views.get(entry.id)!.entry = entry;
      return;
    }
    const params = new ParamBlock(asset, skinTarget);
    const uniforms = {
      uInstanceOffset: { value: new THREE.Vector3() },
      uViewProj: viewProj,
    };
    const group = new THREE.Group();
    group.name = entry.id;
    const skinned = {
      uSkinnedPosition: skinTarget.position,
      uSkinnedNormal: skinTarget.normal,
      uRow0: params.row0,
      uInstanceOffset: uniforms.uInstanceOffset,
    };
    const meshes = data.draws.map((d, k) => {
      // MToon: three-vrm's material on our vertex path (src/mtoon.ts), with its render order and outline
      const mtoon = drawMToon ? d.mtoon : undefined;
      const normal = mtoon ? skinnedMToon(mtoon.material, skinned) : asset.material(d, params, uniforms);
      const heatMaterial = asset.material(d, params, uniforms, heatMax);
      const mesh = new THREE.Mesh(asset.geometries[k], heat ? heatMaterial : normal);
      mesh.frustumCulled = false;
      group.add(mesh);
      let outline: THREE.Mesh | null = null;
      if (mtoon) {
        mesh.renderOrder = mtoon.renderOrder;
        if (mtoon.outline) {
          outline = new THREE.Mesh(asset.geometries[k], skinnedMToon(mtoon.outline, skinned));
          outline.frustumCulled = false;
          outline.renderOrder = mtoon.renderOrder;
          outline.visible = !heat;
          group.add(outline);
        }
      }
      return { mesh, normal, heat: heatMaterial, outline };
    });
    group.visible = false;
    scene.add(group);
    views.set(entry.id, { entry, asset, params, group, meshes, uniforms, latest: null, applied: null });
  });
  // the avatars' bands in the skinning targets (reallocated when the rows change: every avatar skinned again)
  let rows = 0;
  for (const v of views.values()) rows += v.asset.targetRows;
  const resized = rows !== skinTarget.rows;
  skinTarget.resize(rows);
  let row0 = 0;
  for (const v of views.values()) {
    v.params.place(row0, skinTarget.rows);
    row0 += v.asset.targetRows;
    if (resized && v.applied) v.params.dirty = true;
  }
  const layout = gridLayout(drawable.map((_, i) => datas[i].bounds));
  drawable.forEach((entry, i) => {
    (views.get(entry.id)!.uniforms.uInstanceOffset.value as THREE.Vector3).set(...layout.offsets[i]);
  });
  // a reload that keeps the grid keeps the user's camera
  const moved = framed.lo.some((x, c) => x !== layout.lo[c]) || framed.hi.some((x, c) => x !== layout.hi[c]);
  framed = { lo: layout.lo, hi: layout.hi };
  if (ground) scene.remove(ground);
  ground = null;
  groundRest = layout.ground;
  groundUniform.set(groundRest[0] + offset[0], groundRest[1], groundRest[2] + offset[2], groundHalf());
  if (showGround && drawable.length > 0) {
    ground = groundMesh(viewProj, groundUniform);
    scene.add(ground);
  }
  if (moved || !cameraPlaced) frameCamera();
  cameraPlaced = true;
  status = `${entries.length} avatar${entries.length === 1 ? '' : 's'} (${drawable.length} drawn), ${list.tick_hz} Hz`;
  if (failures.length > 0) throw new Error(`loading avatars failed: ${failures.join('; ')}`);
}

let reloading: Promise<void> | null = null;
let lastReload = 0;
/** Reload the list when the stream shows an avatar or asset we do not know (at most every 2 s). */
function reloadSoon(): void {
  if (reloading || performance.now() - lastReload < 2000) return;
  lastReload = performance.now();
  reloading = load()
    .catch((e) => report(`reload: ${String(e)}`))
    .finally(() => {
      reloading = null;
    });
}

function accept(state: StateSample): void {
  if (only.length > 0 && !only.includes(state.avatarId)) return;
  const v = views.get(state.avatarId);
  if (!v) {
    if (!avatarOrder.includes(state.avatarId)) reloadSoon();
    return;
  }
  if (
    (state.assetHash && v.entry.asset_hash && state.assetHash !== v.entry.asset_hash) ||
    state.p.length !== v.asset.data.numP ||
    state.z.length !== 12 * v.asset.data.modes
  ) {
    metrics.avatar(state.avatarId).mismatched++;
    reloadSoon();
    return;
  }
  v.latest = state;
}

let socketOpen: () => void = () => {};
const opened = new Promise<void>((resolve) => {
  socketOpen = resolve;
});
// the socket and the decoding run in the wire worker; the page takes one batch at a time and acknowledges it as
// it takes it, so the worker's next batch (the states that arrived meanwhile) waits on this thread while a frame
// blocks it and is taken before the next frame when it can be (ack=frame: acknowledged after the next frame)
const ackOnTake = q.get('ack') !== 'frame';
const wire = { open: false, reconnects: 0, decodeErrors: 0, recordsDropped: 0, toAck: false };
const worker = new Worker(new URL('./wire-worker.js', import.meta.url), { type: 'module', name: 'wire' });
function toWorker(m: ToWorker): void {
  worker.postMessage(m);
}

function takeBatch(b: WireBatch): void {
  const t = nowEpochMs();
  for (const r of b.records) {
    metrics.stateArrived(r.avatarId, r.seq, r.runId, r.droppedBefore, r.publishMs, r.flags, r.arrivedMs);
  }
  metrics.batchTaken(
    b.states.map((s) => s.publishMs),
    t,
  );
  metrics.setCoalesced(b.coalesced, b.coalescedTotal);
  wire.reconnects = b.reconnects;
  wire.decodeErrors = b.decodeErrors;
  wire.recordsDropped = b.recordsDropped;
  for (const s of b.states) accept(s);
  if (b.stats) metrics.statsArrived(b.stats.counters);
  if (ackOnTake) toWorker({ type: 'ack' });
  else wire.toAck = true;
}

worker.onmessage = (ev: MessageEvent<FromWorker>) => {
  const m = ev.data;
  switch (m.type) {
    case 'open':
      wire.open = true;
      socketOpen();
      break;
    case 'close':
      wire.open = false;
      break;
    case 'error':
      report(m.text);
      break;
    case 'batch':
      takeBatch(m);
      break;
  }
};
worker.onerror = (e) => report(`wire worker: ${e.message}`);

const loaded = load();
// states that arrive while the first load runs must not start a second one
reloading = loaded.catch(() => {}).finally(() => {
  reloading = null;
});
lastReload = performance.now();
const ready = Promise.all([loaded, opened]).then(() => undefined);
ready.catch((e) => report(`load: ${String(e)}`));
toWorker({ type: 'start', url: Connection.urlFor(window.location, only) });

function setSecondary(on: boolean): void {
  secondary = on;
  for (const v of views.values()) if (v.applied) v.params.set(v.applied.p, v.applied.z, secondary, v.applied.held);
}

function setHeat(on: boolean): void {
  heat = on;
  for (const v of views.values()) {
    for (const m of v.meshes) {
      m.mesh.material = heat ? m.heat : m.normal;
      if (m.outline) m.outline.visible = !heat;
    }
  }
  heatScale?.update(heat, heatMax.value);
  overlay?.update();
}

function setHeatMax(mm: number): void {
  if (!(Number.isFinite(mm) && mm > 0)) throw new Error(`setHeatMax: ${mm} is not a positive number of mm`);
  heatMax.value = mm;
  heatScale?.update(heat, heatMax.value);
  overlay?.update();
}
heatScale?.update(heat, heatMax.value);

window.addEventListener('keydown', (e) => {
  if (e.key === 's') setSecondary(!secondary);
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'h') setHeat(!heat);
  if (e.key === '[') setHeatMax(heatMax.value / 2);
  if (e.key === ']') setHeatMax(heatMax.value * 2);
});

let overlay: Overlay | null = null;
if (showOverlay) {
  overlay = new Overlay(metrics, {
    connected: () => wire.open,
    avatarIds: () => avatarOrder,
    secondary: () => secondary,
    setSecondary,
    heat: () => heat,
    heatMaxMm: () => heatMax.value,
    setHeat,
    frozen: () => frozen,
    status: () => status,
  });
}

/** One skinning pass for every drawn avatar with new parameters. */
function skinDirty(): void {
  let skinning = false;
  for (const v of views.values()) {
    v.params.quad.visible = v.params.dirty && v.group.visible;
    skinning ||= v.params.quad.visible;
  }
  if (skinning) {
    skinTarget.render(renderer);
    for (const v of views.values()) if (v.params.quad.visible) v.params.dirty = false;
  }
}

/** The held part's u_h (xyz0 per vertex) of a state on the CPU, or null (none, the rig-only view, a misfit). */
function heldOnCpu(data: SkinData, held: Float32Array): Float32Array | null {
  if (!data.held || !secondary || held.length === 0) return null;
  const out = new Float32Array(4 * data.vertices);
  return heldDisplacement(data.held, held, out) ? out : null;
}

function heatCheck(id?: string): HeatCheck {
  const v = id ? views.get(id) : views.values().next().value;
  if (!v || !v.applied) throw new Error(`heatCheck: no state drawn for ${id ?? 'any avatar'}`);
  skinDirty();
  const data = v.asset.data;
  const texels = skinTarget.readPositions(renderer, v.params.row0.value, v.asset.targetRows);
  // what the skinning pass was given: z, or zeros in the rig-only view
  const z = secondary ? v.applied.z : new Float32Array(v.applied.z.length);
  const cpu = secondaryMm(data.position, data.modeWeights, data.modes, z, heldOnCpu(data, v.applied.held));
  let maxMm = 0;
  let gpuMaxMm = 0;
  let maxAbsErrMm = 0;
  let overOneMm = 0;
  for (let i = 0; i < data.vertices; i++) {
    const g = 1000 * texels[4 * i + 3];
    maxMm = Math.max(maxMm, cpu[i]);
    gpuMaxMm = Math.max(gpuMaxMm, g);
    maxAbsErrMm = Math.max(maxAbsErrMm, Math.abs(g - cpu[i]));
    if (!Number.isFinite(g)) maxAbsErrMm = Infinity;
    overOneMm += cpu[i] > 1 ? 1 : 0;
  }
  // the colour map: the shader's against heatColor(), from below 0 to above the top (the clamps included)
  const n = 301;
  const values = Array.from({ length: n }, (_, i) => heatMax.value * (-0.25 + (1.5 * i) / (n - 1)));
  const colours = heatColorsOnGpu(renderer, values, heatMax.value);
  let colourMaxErr = 0;
  values.forEach((mm, i) => {
    const want = heatColor(mm, heatMax.value);
    for (let c = 0; c < 3; c++) colourMaxErr = Math.max(colourMaxErr, Math.abs(colours[4 * i + c] - want[c]));
  });
  return {
    avatar: v.entry.id,
    vertices: data.vertices,
    modes: data.modes,
    secondary,
    maxMm,
    gpuMaxMm,
    maxAbsErrMm,
    overOneMm,
    colourSamples: n,
    colourMaxErr,
    heatMaxMm: heatMax.value,
  };
}

/** camera=follow: move the followed displacement towards the avatars' mean root displacement (src/follow.ts) and
 *  carry the camera (with the user's orbit offset: eye and target move together, or the fixed-size framing) and
 *  the ground along; the ground keeps its height. */
function followAvatars(): void {
  const now = performance.now();
  const dt = lastFrameMs === null ? 0 : Math.min(1, (now - lastFrameMs) / 1000);
  lastFrameMs = now;
  if (!following) return;
  const goal = meanDisplacement(
    [...views.values()].map((v) => {
      const root = v.asset.data.root;
      return v.applied && root ? rootDisplacement(v.applied.p, root) : null;
    }),
  );
  if (!goal) return;
  const next = follow.step(goal, dt);
  const shift = new THREE.Vector3(next[0] - offset[0], 0, next[2] - offset[2]);
  if (shift.lengthSq() === 0) return;
  offset[0] = next[0];
  offset[2] = next[2];
  groundUniform.set(groundRest[0] + offset[0], groundRest[1], groundRest[2] + offset[2], groundHalf());
  if (fixedSize) {
    frameCamera();
  } else if (controls) {
    camera.position.add(shift);
    controls.target.add(shift);
  }
}

/** captureFrame()'s callers, answered after the next draw. */
let captures: ((c: { png: string; stage: StageInfo }) => void)[] = [];

function stage(): StageInfo {
  const roots: Record<string, Vec3 | null> = {};
  for (const [id, v] of views) {
    const root = v.asset.data.root;
    const at = v.applied && root ? rootPosition(v.applied.p, root) : null;
    const o = v.uniforms.uInstanceOffset.value as THREE.Vector3;
    roots[id] = at ? [at[0] + o.x, at[1] + o.y, at[2] + o.z] : null;
  }
  return {
    camera: following ? 'follow' : 'fixed',
    offset: [...offset],
    ground: ground ? [groundUniform.x, groundUniform.y, groundUniform.z, groundUniform.w] : null,
    roots,
  };
}

/** When the last frame was drawn (performance.now() ms), and MToon's UV animation clock (s). */
let lastRenderMs: number | null = null;
let mtoonClock = 0;

function frame(): void {
  requestAnimationFrame(frame);
  const fresh: StateSample[] = [];
  for (const v of views.values()) {
    if (!frozen && v.latest && v.latest !== v.applied) {
      v.params.set(v.latest.p, v.latest.z, secondary, v.latest.held);
      v.applied = v.latest;
      fresh.push(v.latest);
    }
    v.group.visible = v.applied !== null;
  }
  // the stage where the states drawn in this frame stand, then the camera
  followAvatars();
  controls?.update();
  if (fixedViewProj) {
    viewProj.value.copy(fixedViewProj);
  } else {
    camera.updateMatrixWorld();
    viewProj.value.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  }
  skinDirty();
  // MToon's UV animation (three-vrm's `update`, as VRM.update calls it)
  // (`mtoon_time=T`: stopped at T seconds, for comparisons with a still three-vrm scene); each material is
  // brought to the clock from where it stands, so that one made late (its avatar loaded late) catches up
  const now = performance.now();
  mtoonClock = mtoonTime ?? mtoonClock + (lastRenderMs === null ? 0 : (now - lastRenderMs) / 1000);
  lastRenderMs = now;
  for (const v of views.values()) {
    for (const m of v.meshes) {
      for (const mat of [m.normal, m.outline?.material]) {
        const mt = mat as (THREE.Material & { isMToonMaterial?: boolean; update?(delta: number): void }) | undefined;
        if (!mt?.isMToonMaterial) continue;
        const at = (mt.userData.mtoonTime as number | undefined) ?? 0;
        mt.update?.(mtoonClock - at);
        mt.userData.mtoonTime = mtoonClock;
      }
    }
  }
  renderer.render(scene, camera);
  if (captures.length > 0) {
    // the drawing buffer still holds this frame in this task
    const c = { png: renderer.domElement.toDataURL('image/png'), stage: stage() };
    for (const resolve of captures) resolve(c);
    captures = [];
  }
  const t = nowEpochMs();
  metrics.frameRendered(fresh.map((s) => t - s.publishMs));
  // ack=frame: the worker sends the next batch (the newest states by then) once this one's states are drawn
  if (wire.toAck) {
    wire.toAck = false;
    toWorker({ type: 'ack' });
  }
}
requestAnimationFrame(frame);

window.avatarViewer = {
  ready,
  get framesRendered() {
    return metrics.framesRendered;
  },
  get statesReceived() {
    return metrics.statesReceived;
  },
  latency: (since?: number) => metrics.recentLatencies(since),
  arrivalLatency: (since?: number) => metrics.recentArrivals(since),
  takeLatency: (since?: number) => metrics.recentTakes(since),
  freeze(bytes: Uint8Array) {
    const d = decodeMessage(bytes);
    if (d.kind !== 'state') throw new Error('freeze: the message is not an AvatarState');
    const v = views.get(d.state.avatarId);
    if (!v) throw new Error(`freeze: unknown avatar ${d.state.avatarId}`);
    if (d.state.p.length !== v.asset.data.numP || d.state.z.length !== 12 * v.asset.data.modes) {
      throw new Error(`freeze: p/z lengths ${d.state.p.length}/${d.state.z.length} do not fit avatar ${v.entry.id}`);
    }
    frozen = true;
    v.latest = d.state;
    v.applied = d.state;
    v.params.set(d.state.p, d.state.z, secondary, d.state.held);
    v.group.visible = true;
  },
  setSecondary,
  setHeat,
  setHeatMax,
  heatCheck,
  viewProj: () => viewProj.value.toArray(),
  stage,
  captureFrame() {
    return new Promise((resolve) => captures.push(resolve));
  },
  timeFrames(n: number) {
    // each frame as a live one costs: every avatar skinned again, the scene drawn, the GPU waited for
    const gl = renderer.getContext();
    const px = new Uint8Array(4);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      for (const v of views.values()) v.params.dirty = true;
      skinDirty();
      renderer.render(scene, camera);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      out.push(performance.now() - t0);
    }
    return out;
  },
  lastMessage(id?: string) {
    const v = id ? views.get(id) : views.values().next().value;
    return v?.latest?.bytes ?? null;
  },
  summary() {
    const avatars: Record<string, unknown> = {};
    for (const id of avatarOrder) {
      const a = metrics.avatars.get(id);
      avatars[id] = {
        statesPerSecond: metrics.statesPerSecond(id),
        received: a?.received ?? 0,
        seqGaps: a?.seqGaps ?? 0,
        daemonDropped: a?.daemonDropped ?? 0,
        mismatched: a?.mismatched ?? 0,
        coalesced: a?.coalesced ?? 0,
        flags: flagNames(a?.flags ?? 0),
      };
    }
    const counters: Record<string, string> = {};
    for (const [k, v] of metrics.counters) counters[k] = v.toString();
    return {
      fps: metrics.fps(),
      framesRendered: metrics.framesRendered,
      statesReceived: metrics.statesReceived,
      statsReceived: metrics.statsReceived,
      statesTaken: metrics.statesTaken,
      batchesTaken: metrics.batchesTaken,
      coalesced: metrics.coalescedTotal,
      arrivalRecordsDropped: wire.recordsDropped,
      reconnects: wire.reconnects,
      decodeErrors: wire.decodeErrors,
      frozen,
      secondary,
      heat,
      heatMaxMm: heatMax.value,
      avatars,
      counters,
    };
  },
  errors,
};
