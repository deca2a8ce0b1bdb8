// The capture page's vision worker (dist/capture-vision-worker.js, a module worker): MediaPipe's Pose, Face and
// Hand Landmarkers (the web tasks, @mediapipe/tasks-vision) in VIDEO mode on the camera frames the page hands
// over as ImageBitmaps, one at a time, and the FlatBuffers messages of each frame (encode.ts), built exactly as
// the Python tracker builds them (results.ts, handedness.ts): the page only sends them.
//
// Models and options are the Python tracker's (tracker-bridge/python/avatar_tracker/trackers.py): one pose
// (pose_landmarker_lite, or _full with pose_model=full), one face with blendshapes and the facial transformation matrix, two hands, every
// confidence threshold at MediaPipe's default 0.5 (the Python tracker sets none); the hand model runs on every
// K-th frame (`handsEvery`, the Python default 2). Each task gets the GPU delegate when it can be created (and
// its first frame runs), else the CPU.
//
// page → worker: ToVision (protocol.ts); worker → page: FromVision.

import { FaceLandmarker, FilesetResolver, HandLandmarker, PoseLandmarker } from '@mediapipe/tasks-vision';
import { Handedness } from '../generated/avatar/wire/handedness.js';
import { encodeFace, encodeHand, encodePose, type Header } from './encode.js';
import { nowNs, randomU64, sourceId } from './ids.js';
import {
  ASSET_FILES,
  modelFile,
  type Delegate,
  type FromVision,
  type FrameMessage,
  type InitMessage,
  type ResultMessage,
  type Task,
  type ToVision,
  type VisionKind,
} from './protocol.js';
import { faceFields, handFields, poseFields, poseWrists } from './results.js';
import type { PoseWrists } from './handedness.js';

const scope = self as unknown as {
  postMessage(message: FromVision, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent<ToVision>) => void) | null;
};

type Landmarker = PoseLandmarker | FaceLandmarker | HandLandmarker;
type Fileset = Awaited<ReturnType<typeof FilesetResolver.forVisionTasks>>;

interface Running {
  task: Landmarker;
  delegate: Delegate;
  /** Frames it has run without an error (a GPU task that fails its first frame is rebuilt on the CPU). */
  ok: number;
}

// MediaPipe's web tasks post usage statistics to a Google server once a minute (`fetch` of
// https://odml.pa.googleapis.com/v1/log): this worker fetches nothing outside the daemon's origin. A refused
// request fails as a network error, after which MediaPipe stops its logger.
const ownOrigin = self.location.origin;
const realFetch = self.fetch.bind(self);
let blockedRequests = 0;
self.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const href = input instanceof Request ? input.url : String(input);
  const target = new URL(href, self.location.href);
  if (target.origin !== ownOrigin) {
    blockedRequests++;
    return Promise.reject(new TypeError(`no requests outside ${ownOrigin}: ${target.origin} refused`));
  }
  return realFetch(input, init);
};

/** A pose at most this old (ms) may settle a hand's handedness (bridge.py POSE_MAX_AGE_MS). */
const POSE_MAX_AGE_MS = 100;

let config: InitMessage | null = null;
let fileset: Fileset | null = null;
const running: Partial<Record<Task, Running>> = {};
const streams = new Map<VisionKind, { sourceId: string; streamId: bigint }>();
let lastTs = 0; // MediaPipe timestamps start above 0
let sinceHands = Infinity;
let lastPose: { t: number; wrists: PoseWrists | null } | null = null;
let queue: Promise<void> = Promise.resolve();

/** A message goes to the sender worker the moment it is made (it owns the socket: no wait for the page's
 *  main thread, nor for the frame's other tasks: the body is sent before the face and hands run); the page
 *  gets a copy in the result only for its log. */
function ship(out: ResultMessage, index: number, kind: VisionKind, bytes: ArrayBuffer): void {
  if (config?.log) out.messages.push({ kind, bytes: bytes.slice(0) });
  config?.sender.postMessage({ index, messages: [{ kind, bytes }] }, [bytes]);
}

function post(m: FromVision, transfer: Transferable[] = []): void {
  scope.postMessage(m, transfer);
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (e instanceof Event) return `${e.type} event`;
  return String(e);
}

function url(path: string): string {
  return `${config!.assets}/${path}`;
}

async function missingAssets(): Promise<string[]> {
  const wanted: string[] = [ASSET_FILES.wasmLoader, ASSET_FILES.wasmBinary];
  for (const t of ['pose', 'face', 'hands'] as const) if (config!.tasks[t]) wanted.push(modelFile(t, config!.poseModel));
  const missing: string[] = [];
  await Promise.all(
    wanted.map(async (p) => {
      try {
        const r = await fetch(url(p), { method: 'HEAD', cache: 'no-store' });
        if (!r.ok) missing.push(url(p));
      } catch {
        missing.push(url(p));
      }
    }),
  );
  return missing.sort();
}

/** The wasm loader's factory. MediaPipe loads the loader itself for every task it creates and takes the
 *  factory from the global `ModuleFactory`, which it then clears; a module worker cannot run a classic script
 *  again (importScripts), and a second `import()` of the loader's ES module is the cached module, which does
 *  not set the global again: every task after the first would fail ("ModuleFactory not set"). So the worker
 *  imports the loader once and puts its factory back before each task is created (each call of the factory
 *  makes a new wasm instance). */
let moduleFactory: unknown = null;

async function make(task: Task, delegate: Delegate): Promise<Landmarker> {
  (self as unknown as { ModuleFactory: unknown }).ModuleFactory = moduleFactory;
  const baseOptions = { modelAssetPath: url(modelFile(task, config!.poseModel)), delegate };
  switch (task) {
    case 'pose':
      return PoseLandmarker.createFromOptions(fileset!, {
        baseOptions,
        runningMode: 'VIDEO',
        numPoses: 1,
        minPoseDetectionConfidence: 0.5,
        minPosePresenceConfidence: 0.5,
        minTrackingConfidence: 0.5,
        outputSegmentationMasks: false,
      });
    case 'face':
      return FaceLandmarker.createFromOptions(fileset!, {
        baseOptions,
        runningMode: 'VIDEO',
        numFaces: 1,
        minFaceDetectionConfidence: 0.5,
        minFacePresenceConfidence: 0.5,
        minTrackingConfidence: 0.5,
        outputFaceBlendshapes: true,
        outputFacialTransformationMatrixes: true,
      });
    case 'hands':
      return HandLandmarker.createFromOptions(fileset!, {
        baseOptions,
        runningMode: 'VIDEO',
        numHands: 2,
        minHandDetectionConfidence: 0.5,
        minHandPresenceConfidence: 0.5,
        minTrackingConfidence: 0.5,
      });
  }
}

/** The WebGL renderer of this worker's OffscreenCanvas ('' when unknown). */
function glRenderer(): string {
  try {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2') as WebGL2RenderingContext | null;
    if (!gl) return '';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const r = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return r;
  } catch {
    return '';
  }
}

/** A software WebGL renderer: MediaPipe's GPU delegate on it is many times slower than its CPU delegate
 *  (SwiftShader in headless Chromium: pose 5.9 s against ~0.3 s a frame). */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

async function init(m: InitMessage): Promise<void> {
  config = m;
  const t0 = performance.now();
  for (const kind of ['pose', 'face', 'hand_left', 'hand_right'] as const) {
    streams.set(kind, { sourceId: sourceId(m.prefix, kind), streamId: randomU64() });
  }
  post({ type: 'status', text: 'checking the MediaPipe files' });
  const missing = await missingAssets();
  if (missing.length) {
    post({
      type: 'fatal',
      text: `MediaPipe files missing under ${m.assets}/ (run \`avatard setup capture\` and restart the daemon)`,
      missing,
    });
    return;
  }
  post({ type: 'status', text: 'loading the MediaPipe runtime' });
  // a module worker cannot importScripts a classic script: the ES-module build of the wasm loader
  fileset = await FilesetResolver.forVisionTasks(`${m.assets}/${ASSET_FILES.wasmDir}`, true);
  const loader = (await import(new URL(fileset.wasmLoaderPath, self.location.href).href)) as { default?: unknown };
  moduleFactory = loader.default ?? (self as unknown as { ModuleFactory?: unknown }).ModuleFactory ?? null;
  if (typeof moduleFactory !== 'function') throw new Error(`${fileset.wasmLoaderPath} gave no ModuleFactory`);
  const gpuErrors: Partial<Record<Task, string>> = {};
  const renderer = glRenderer();
  const software = m.delegate === 'auto' && SOFTWARE_GL.test(renderer);
  for (const task of ['pose', 'face', 'hands'] as const) {
    if (!m.tasks[task]) continue;
    post({ type: 'status', text: `loading the ${task} model` });
    if (software) {
      gpuErrors[task] = `software WebGL (${renderer}): the CPU delegate is faster`;
    } else if (m.delegate !== 'CPU') {
      try {
        running[task] = { task: await make(task, 'GPU'), delegate: 'GPU', ok: 0 };
        continue;
      } catch (e) {
        gpuErrors[task] = errorText(e);
        if (m.delegate === 'GPU') throw new Error(`${task}: the GPU delegate failed: ${gpuErrors[task]}`);
      }
    }
    running[task] = { task: await make(task, 'CPU'), delegate: 'CPU', ok: 0 };
  }
  const delegates: Partial<Record<Task, Delegate>> = {};
  for (const [t, r] of Object.entries(running)) delegates[t as Task] = r!.delegate;
  post({
    type: 'ready',
    delegates,
    gpuErrors,
    loadMs: performance.now() - t0,
    wasm: ASSET_FILES.wasmLoader,
    renderer,
  });
}

function header(kind: VisionKind, f: FrameMessage): Header {
  const s = streams.get(kind)!;
  return {
    sourceId: s.sourceId,
    streamId: s.streamId,
    seq: BigInt(f.index + 1),
    captureTimeNs: f.captureNs,
    sendTimeNs: nowNs(),
  };
}

/** Run one task on the frame; a GPU task whose first frame fails is rebuilt on the CPU and run again. */
async function detect<R>(task: Task, bitmap: ImageBitmap, t: number, out: ResultMessage): Promise<R> {
  const r = running[task]!;
  const t0 = performance.now();
  try {
    const res = (r.task as PoseLandmarker).detectForVideo(bitmap, t) as unknown as R;
    out.ms[task] = performance.now() - t0;
    r.ok++;
    return res;
  } catch (e) {
    if (r.delegate !== 'GPU' || r.ok > 0 || config!.delegate === 'GPU') throw e;
    out.errors.push(`${task}: the GPU delegate failed on its first frame (${errorText(e)}): using the CPU`);
    try {
      r.task.close();
    } catch {
      // already broken
    }
    running[task] = { task: await make(task, 'CPU'), delegate: 'CPU', ok: 0 };
    (out.delegates ??= {})[task] = 'CPU';
    return detect<R>(task, bitmap, t, out);
  }
}

function xy(points: ReadonlyArray<{ x: number; y: number }>): Float32Array {
  const a = new Float32Array(points.length * 2);
  points.forEach((p, i) => {
    a[2 * i] = p.x;
    a[2 * i + 1] = p.y;
  });
  return a;
}

async function frame(f: FrameMessage): Promise<void> {
  const out: ResultMessage = {
    type: 'result',
    index: f.index,
    messages: [],
    ms: {},
    outcome: { pose: 'not_run', face: 'not_run', hands: 'not_run' },
    handsCorrected: 0,
    draw: { pose: null, face: null, hands: [] },
    errors: [],
    blockedRequests,
  };
  const { bitmap, width: w, height: h } = f;
  try {
    // MediaPipe's timestamps (ms) must increase strictly: the capture time on this worker's clock
    const captureMs = Number(f.captureNs / 1000n) / 1000 - performance.timeOrigin;
    const t = Math.max(Math.round(captureMs), lastTs + 1);
    lastTs = t;

    if (running.pose) {
      try {
        const res = await detect<Parameters<typeof poseFields>[0]>('pose', bitmap, t, out);
        const p = poseFields(res, w, h);
        lastPose = { t, wrists: p ? poseWrists(p.landmarks, w, h) : null };
        if (p) {
          ship(out, f.index, 'pose', encodePose(header('pose', f), p).buffer as ArrayBuffer);
          out.draw.pose = xy(p.landmarks);
          out.outcome.pose = 'sent';
        } else {
          out.outcome.pose = 'not_found';
        }
      } catch (e) {
        out.outcome.pose = 'failed';
        out.errors.push(`pose: ${errorText(e)}`);
      }
    }

    if (running.face) {
      try {
        const res = await detect<Parameters<typeof faceFields>[0]>('face', bitmap, t, out);
        const p = faceFields(res, w, h);
        if (p) {
          ship(out, f.index, 'face', encodeFace(header('face', f), p).buffer as ArrayBuffer);
          out.draw.face = xy(p.landmarks);
          out.outcome.face = 'sent';
        } else {
          out.outcome.face = 'not_found';
        }
      } catch (e) {
        out.outcome.face = 'failed';
        out.errors.push(`face: ${errorText(e)}`);
      }
    }

    if (running.hands) {
      sinceHands++;
      if (sinceHands >= config!.handsEvery) {
        sinceHands = 0;
        try {
          const res = await detect<Parameters<typeof handFields>[0]>('hands', bitmap, t, out);
          const wrists = lastPose && Math.abs(lastPose.t - t) <= POSE_MAX_AGE_MS ? lastPose.wrists : null;
          const { hands, bad, corrected } = handFields(res, w, h, wrists, false);
          out.handsCorrected = corrected;
          const seen = new Set<Handedness>();
          for (const hand of hands) {
            if (seen.has(hand.handedness)) continue; // never twice the same hand (assignHandedness pairs them)
            seen.add(hand.handedness);
            const kind: VisionKind = hand.handedness === Handedness.Left ? 'hand_left' : 'hand_right';
            ship(out, f.index, kind, encodeHand(header(kind, f), hand).buffer as ArrayBuffer);
            out.draw.hands.push({ side: kind === 'hand_left' ? 'left' : 'right', xy: xy(hand.landmarks) });
          }
          out.outcome.hands = hands.length ? 'sent' : bad ? 'failed' : 'not_found';
          if (bad) out.errors.push(`hands: ${bad} hand(s) with invalid landmarks dropped`);
        } catch (e) {
          out.outcome.hands = 'failed';
          out.errors.push(`hands: ${errorText(e)}`);
        }
      }
    }
  } finally {
    bitmap.close();
  }
  const transfer: Transferable[] = out.messages.map((m) => m.bytes);
  if (out.draw.pose) transfer.push(out.draw.pose.buffer);
  if (out.draw.face) transfer.push(out.draw.face.buffer);
  for (const hd of out.draw.hands) transfer.push(hd.xy.buffer);
  post(out, transfer);
}

/** A result without messages: every frame handed over is answered, so that the page's frame in flight is
 *  released whatever happened. */
function emptyResult(index: number, errors: string[] = []): ResultMessage {
  return {
    type: 'result',
    index,
    messages: [],
    ms: {},
    outcome: { pose: 'not_run', face: 'not_run', hands: 'not_run' },
    handsCorrected: 0,
    draw: { pose: null, face: null, hands: [] },
    errors,
    blockedRequests,
  };
}

scope.onmessage = (ev) => {
  const m = ev.data;
  // one at a time, in order (init first; frames while loading wait for it); nothing may reject the chain
  queue = queue.then(async () => {
    if (m.type === 'init') {
      try {
        await init(m);
      } catch (e) {
        post({ type: 'fatal', text: `MediaPipe could not start: ${errorText(e)}`, missing: [] });
      }
    } else if (m.type === 'frame') {
      if (!config || Object.keys(running).length === 0) {
        m.bitmap.close();
        post(emptyResult(m.index));
        return;
      }
      try {
        await frame(m);
      } catch (e) {
        post(emptyResult(m.index, [`frame ${m.index}: ${errorText(e)}`]));
      }
    }
  });
};
