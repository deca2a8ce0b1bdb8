// The capture page (capture.html, dist/capture.js): webcam and microphone → MediaPipe's web vision tasks (in
// the vision worker) → the tracker messages the Python tracker sends (PoseFrame, FaceFrame, HandFrame, plus
// AudioFrame from the microphone) → the daemon's `/ws/input`. For users without the Python tracker.
//
// - Camera: getUserMedia 1280 × 720 (a device list when there are several), frames to the worker as
//   ImageBitmaps (transferred; downscaled to a long side of `max_side`, default 640 as the Python tracker's
//   --max-side) on requestVideoFrameCallback (else requestAnimationFrame), at most one frame in flight: frames
//   that come while the worker is busy are skipped and counted (the Python tracker's "busy").
// - Capture time: the video frame callback's `captureTime` when the browser gives one (camera frames in
//   Chromium), else performance.now() when the frame is taken; as UNIX ns (performance.timeOrigin + time).
// - Microphone: getUserMedia without echo cancellation, noise suppression or gain control, an AudioContext at
//   16 kHz (the browser's own rate when it refuses), an AudioWorklet that cuts 20 ms chunks of 16-bit PCM
//   (audio-worklet.ts, audio-chunk.ts); see `micAnchor` for their capture times.
// - The WebSocket (sender.ts) lives in the sender worker (sender-worker.ts): the vision worker and the audio
//   worklet post to it directly through MessagePorts, so no message waits for this page's main thread; it
//   sends one binary message per frame, never queued, and reports its counters here every 250 ms.
// - `window.__capture`: live counters for tests (see the README).

import { DEFAULT_PREFIX, randomU64, sourceId, unixNs, type StreamKind } from './ids.js';
import { ASSET_FILES, parsePoseModel, type Delegate, type FromVision, type ResultMessage, type Task, type ToVision } from './protocol.js';
import { Sender, type DropReason } from './sender.js';
import type { MicConfig, SenderStats } from './sender-worker.js';
import { logEntry, newLog, push, type CaptureLog } from './log.js';
import { decodeMessage } from '../wire.js';

// ---------------------------------------------------------------------------------------------------------
// Parameters

const params = new URLSearchParams(location.search);
function intParam(name: string, fallback: number, min: number): number {
  const v = Number(params.get(name));
  return params.has(name) && Number.isFinite(v) && v >= min ? Math.floor(v) : fallback;
}
const PREFIX = params.get('prefix') ?? DEFAULT_PREFIX;
const HANDS_EVERY = intParam('hands_every', 2, 1);
const MAX_SIDE = intParam('max_side', 640, 0);
const DELEGATE = ((p) => (p === 'CPU' || p === 'GPU' ? p : 'auto'))(params.get('delegate')?.toUpperCase());
const ASSETS = '/capture/assets';
const TASKS: Record<Task, boolean> = {
  pose: params.get('pose') !== '0',
  face: params.get('face') !== '0',
  hands: params.get('hands') !== '0',
};
const DRAW = params.get('draw') !== '0';
/** `pose_model=lite|full` (`avatard live --pose-model` puts it in the printed address). */
const POSE_MODEL = parsePoseModel(params.get('pose_model'));
const WANT_MIC = params.get('mic') !== '0';
/** `send=0`: start paused (tests read the daemon's counters first; `__capture.pause(false)` starts sending). */
const START_PAUSED = params.get('send') === '0';
/** `log=1`: keep a bounded log of what was sent per frame (`__capture.log`, log.ts; end-to-end tests). */
const LOG = params.get('log') === '1';

// ---------------------------------------------------------------------------------------------------------
// The page's elements

function el<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`capture.html has no #${id}`);
  return e as T;
}
const video = el<HTMLVideoElement>('video');
const overlay = el<HTMLCanvasElement>('landmarks');
const statusBox = el<HTMLPreElement>('status');
const banner = el<HTMLDivElement>('banner');
const cameraSelect = el<HTMLSelectElement>('camera');
const micButton = el<HTMLButtonElement>('mic');
const micStart = el<HTMLButtonElement>('mic-start');
const viewerFrame = el<HTMLIFrameElement>('viewer');

if (params.get('viewer') === '0') {
  viewerFrame.remove();
  document.body.classList.add('no-viewer');
} else {
  viewerFrame.src = '/';
}
if (params.get('mirror') === '0') document.body.classList.add('unmirrored');

// ---------------------------------------------------------------------------------------------------------
// Counters (window.__capture)

const KINDS: StreamKind[] = ['pose', 'face', 'hand_left', 'hand_right', 'mic'];
const zeroKinds = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<StreamKind, number>;
const zeroTasks = () => ({ pose: 0, face: 0, hands: 0 }) as Record<Task, number>;

const state = {
  sent: zeroKinds(),
  dropped: { closed: 0, buffered: 0, rate: 0, size: 0, paused: 0 } as Record<DropReason, number>,
  /** Camera frames seen (video frame callbacks). */
  frames: 0,
  /** Frames handed to the worker. */
  processed: 0,
  /** Frames skipped because the worker was busy with an earlier one. */
  skipped: 0,
  /** Frames that came before the models were loaded. */
  waiting: 0,
  runs: zeroTasks(),
  found: zeroTasks(),
  notFound: zeroTasks(),
  failed: zeroTasks(),
  handsCorrected: 0,
  /** Requests the vision worker refused because they left the daemon's origin (MediaPipe's usage statistics). */
  blockedRequests: 0,
  errors: 0,
  lastErrors: [] as string[],
  delegate: {} as Partial<Record<Task, Delegate>>,
  /** The pose model the page runs (`pose_model=`). */
  poseModel: POSE_MODEL,
  gpuErrors: {} as Partial<Record<Task, string>>,
  modelsLoaded: false,
  loadMs: 0,
  glRenderer: '',
  lastInferenceMs: {} as Partial<Record<Task, number>>,
  meanInferenceMs: {} as Partial<Record<Task, number>>,
  wsOpen: false,
  wsState: 'connecting',
  wsConnects: 0,
  wsLastClose: '',
  cameraFps: 0,
  processedFps: 0,
  captureTimeSource: '' as '' | 'captureTime' | 'performance.now',
  frameCallback: '' as '' | 'requestVideoFrameCallback' | 'requestAnimationFrame',
  video: { width: 0, height: 0, sent: '', device: '' },
  mic: {
    state: 'off',
    sampleRate: 0,
    levelDb: -Infinity,
    chunks: 0,
    gaps: 0,
    lostMs: 0,
    held: 0,
    /** The chunks' least delivery delay over the last second (ms): capture on the audio clock → sender. */
    lateMs: 0,
    anchor: '',
    error: '',
  },
  fatal: null as string | null,
  missing: [] as string[],
  unsupported: [] as string[],
  daemon: null as Record<string, string> | null,
  /** `log=1` only: what was sent per answered frame (log.ts), else null. */
  log: (LOG ? newLog() : null) as CaptureLog | null,
  daemonCounters,
  /** Stop (true) or resume (false) sending; what comes meanwhile is dropped and counted as `paused`. */
  pause(on: boolean): void {
    senderWorker.postMessage({ type: 'pause', on });
  },
};
(window as unknown as { __capture: typeof state }).__capture = state;

function error(text: string): void {
  state.errors++;
  state.lastErrors.push(text);
  if (state.lastErrors.length > 20) state.lastErrors.shift();
  console.warn(`capture: ${text}`);
}

function fatal(text: string, missing: string[] = []): void {
  state.fatal = text;
  state.missing = missing;
  banner.hidden = false;
  banner.textContent = '';
  const p = document.createElement('p');
  p.textContent = text;
  banner.append(p);
  if (missing.length) {
    const ul = document.createElement('ul');
    for (const m of missing) {
      const li = document.createElement('li');
      li.textContent = m;
      ul.append(li);
    }
    banner.append(ul);
  }
  console.error(`capture: ${text}${missing.length ? `: ${missing.join(', ')}` : ''}`);
}

// ---------------------------------------------------------------------------------------------------------
// What this browser lacks

function unsupported(): string[] {
  const missing: string[] = [];
  if (!window.isSecureContext) {
    missing.push(
      'a secure context: browsers give the camera and microphone only to https pages and to http://localhost or http://127.0.0.1',
    );
  }
  if (!navigator.mediaDevices?.getUserMedia) missing.push('navigator.mediaDevices.getUserMedia (camera, microphone)');
  if (typeof Worker === 'undefined') missing.push('Web Workers');
  if (typeof createImageBitmap === 'undefined') missing.push('createImageBitmap');
  if (typeof OffscreenCanvas === 'undefined') missing.push('OffscreenCanvas (MediaPipe in a worker)');
  if (typeof WebAssembly === 'undefined') missing.push('WebAssembly');
  if (typeof BigInt64Array === 'undefined') missing.push('BigInt64Array');
  if (typeof WebSocket === 'undefined') missing.push('WebSocket');
  return missing;
}

// ---------------------------------------------------------------------------------------------------------
// The WebSocket

const senderWorker = new Worker(new URL('./capture-sender-worker.js', import.meta.url), { type: 'module', name: 'sender' });
/** The vision worker's line to the sender worker. */
const visionToSender = new MessageChannel();
/** Log entries waiting for the sender's word on which of their messages went (by frame index). */
const unsentPending = new Map<number, { unsent: number }>();
/** Unsent counts that came before their frame's result. */
const earlyUnsent = new Map<number, number>();
senderWorker.onerror = (ev) => fatal(`the sender worker failed: ${ev.message || 'could not load capture-sender-worker.js'}`);
senderWorker.onmessage = (ev: MessageEvent<SenderStats | { type: 'sent'; index: number; sent: boolean[] }>) => {
  const m = ev.data;
  if (m.type === 'stats') {
    Object.assign(state.sent, m.sent);
    Object.assign(state.dropped, m.dropped);
    state.wsOpen = m.ws.open;
    state.wsState = m.ws.state;
    state.wsConnects = m.ws.connects;
    state.wsLastClose = m.ws.lastClose;
    Object.assign(state.mic, m.mic);
  } else if (m.type === 'sent') {
    // one word per message (each is sent the moment the worker makes it): the unsent ones add up
    const n = m.sent.filter((x) => !x).length;
    const e = unsentPending.get(m.index);
    if (e) e.unsent += n;
    else if (state.log && n > 0) {
      // before the frame's result (the sender answers fast): kept for it
      earlyUnsent.set(m.index, (earlyUnsent.get(m.index) ?? 0) + n);
      if (earlyUnsent.size > 100) earlyUnsent.delete(earlyUnsent.keys().next().value as number);
    }
  }
};

// ---------------------------------------------------------------------------------------------------------
// The vision worker

const worker = new Worker(new URL('./capture-vision-worker.js', import.meta.url), { type: 'module', name: 'vision' });
function toWorker(m: ToVision, transfer: Transferable[] = []): void {
  worker.postMessage(m, transfer);
}
let inFlight = false;
/** The frame in flight's capture time and mediaTime (for the log). */
let inFlightMeta: { index: number; captureNs: bigint; mediaTime: number | null } | null = null;
let lastCaptureNs = 0n;
const recent: number[] = []; // performance.now() of recent camera frames (fps)
const recentDone: number[] = []; // ... of recent results

worker.onmessageerror = () => error('a message from the vision worker could not be read');
worker.onerror = (ev) => {
  fatal(`the vision worker failed: ${ev.message || 'could not load capture-vision-worker.js'}`);
};
worker.onmessage = (ev: MessageEvent<FromVision>) => {
  const m = ev.data;
  switch (m.type) {
    case 'status':
      statusLine = m.text;
      break;
    case 'fatal':
      fatal(m.text, m.missing);
      break;
    case 'ready':
      state.modelsLoaded = true;
      state.delegate = m.delegates;
      state.gpuErrors = m.gpuErrors;
      state.loadMs = Math.round(m.loadMs);
      state.glRenderer = m.renderer;
      statusLine = '';
      for (const [t, e] of Object.entries(m.gpuErrors)) console.info(`capture: ${t}: GPU delegate unavailable (${e}); CPU`);
      break;
    case 'result':
      onResult(m);
      break;
  }
};
let statusLine = 'starting';

function onResult(m: ResultMessage): void {
  inFlight = false;
  const now = performance.now();
  recentDone.push(now);
  if (state.log && inFlightMeta && inFlightMeta.index === m.index) {
    // the messages went to the sender worker; which of them it sent comes back on its own (`unsent`)
    const built = m.messages.map((msg) => ({ kind: msg.kind, bytes: new Uint8Array(msg.bytes), sent: true }));
    const entry = logEntry(m.index, inFlightMeta.captureNs, inFlightMeta.mediaTime, m.outcome, built);
    entry.unsent += earlyUnsent.get(m.index) ?? 0;
    earlyUnsent.delete(m.index);
    push(state.log, entry);
    unsentPending.set(m.index, entry);
    if (unsentPending.size > 100) unsentPending.delete(unsentPending.keys().next().value as number);
  }
  for (const t of ['pose', 'face', 'hands'] as const) {
    const o = m.outcome[t];
    if (o === 'not_run') continue;
    state.runs[t]++;
    if (o === 'sent') state.found[t]++;
    else if (o === 'not_found') state.notFound[t]++;
    else state.failed[t]++;
    const ms = m.ms[t];
    if (ms !== undefined) {
      state.lastInferenceMs[t] = Math.round(ms * 10) / 10;
      const mean = state.meanInferenceMs[t];
      state.meanInferenceMs[t] = Math.round((mean === undefined ? ms : mean + (ms - mean) * 0.1) * 10) / 10;
    }
  }
  state.handsCorrected += m.handsCorrected;
  state.blockedRequests = m.blockedRequests;
  if (m.delegates) Object.assign(state.delegate, m.delegates);
  for (const e of m.errors) error(e);
  if (DRAW) draw(m);
}

// ---------------------------------------------------------------------------------------------------------
// Camera

type FrameMeta = { captureTime?: number; presentationTime?: number; mediaTime?: number };
type RvfcVideo = HTMLVideoElement & {
  requestVideoFrameCallback?(cb: (now: number, meta: FrameMeta) => void): number;
  cancelVideoFrameCallback?(handle: number): void;
};
const rvfc = typeof (video as RvfcVideo).requestVideoFrameCallback === 'function';
state.frameCallback = rvfc ? 'requestVideoFrameCallback' : 'requestAnimationFrame';
let camera: MediaStream | null = null;
let loopToken = 0;
let resizeOk = true;

function schedule(token: number): void {
  if (token !== loopToken) return;
  if (rvfc) (video as RvfcVideo).requestVideoFrameCallback!((now, meta) => void onFrame(token, meta));
  else requestAnimationFrame(() => void onFrame(token, null));
}

async function onFrame(token: number, meta: FrameMeta | null): Promise<void> {
  if (token !== loopToken) return;
  schedule(token);
  const grabbed = performance.now();
  state.frames++;
  recent.push(grabbed);
  const index = state.frames - 1;
  if (state.log && !state.log.first) {
    const ct = meta?.captureTime;
    const ms = typeof ct === 'number' && Number.isFinite(ct) && ct > 0 && ct <= grabbed ? ct : grabbed;
    state.log.first = { captureMs: Number(unixNs(ms) / 1000n) / 1000, mediaTime: meta?.mediaTime ?? null };
  }
  if (!state.modelsLoaded) {
    state.waiting++;
    return;
  }
  if (inFlight) {
    state.skipped++;
    return;
  }
  const w = video.videoWidth;
  const h = video.videoHeight;
  if (!w || !h) return;
  // the camera's capture time when the browser tells it (on this page's clock), else now
  let captureMs = grabbed;
  const ct = meta?.captureTime;
  if (typeof ct === 'number' && Number.isFinite(ct) && ct > 0 && ct <= grabbed && grabbed - ct < 1000) {
    captureMs = ct;
    state.captureTimeSource = 'captureTime';
  } else {
    state.captureTimeSource = 'performance.now';
  }
  let captureNs = unixNs(captureMs);
  if (captureNs < lastCaptureNs) captureNs = lastCaptureNs; // non-decreasing within each stream
  lastCaptureNs = captureNs;
  inFlight = true;
  let bitmap: ImageBitmap;
  try {
    const long = Math.max(w, h);
    if (MAX_SIDE > 0 && long > MAX_SIDE && resizeOk) {
      const s = MAX_SIDE / long;
      const opts: ImageBitmapOptions = {
        resizeWidth: Math.max(1, Math.round(w * s)),
        resizeHeight: Math.max(1, Math.round(h * s)),
        resizeQuality: 'medium',
      };
      try {
        bitmap = await createImageBitmap(video, opts);
      } catch {
        resizeOk = false; // a browser without the resize options: full size
        bitmap = await createImageBitmap(video);
      }
    } else {
      bitmap = await createImageBitmap(video);
    }
  } catch (e) {
    inFlight = false;
    error(`createImageBitmap: ${String(e)}`);
    return;
  }
  state.processed++;
  inFlightMeta = { index, captureNs, mediaTime: meta?.mediaTime ?? null };
  state.video.sent = `${bitmap.width}×${bitmap.height}`;
  toWorker({ type: 'frame', bitmap, index, captureNs, width: w, height: h }, [bitmap]);
}

async function startCamera(deviceId?: string): Promise<void> {
  loopToken++;
  camera?.getTracks().forEach((t) => t.stop());
  camera = null;
  const constraints: MediaStreamConstraints = {
    video: { width: 1280, height: 720, ...(deviceId ? { deviceId: { exact: deviceId } } : {}) },
    audio: false,
  };
  try {
    camera = await navigator.mediaDevices.getUserMedia(constraints);
  } catch (e) {
    fatal(`no camera: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    return;
  }
  const track = camera.getVideoTracks()[0];
  const settings = track?.getSettings() ?? {};
  state.video.device = track?.label ?? '';
  video.srcObject = camera;
  video.muted = true;
  video.playsInline = true;
  try {
    await video.play();
  } catch (e) {
    error(`video.play(): ${String(e)}`);
  }
  state.video.width = video.videoWidth || settings.width || 0;
  state.video.height = video.videoHeight || settings.height || 0;
  await listCameras(settings.deviceId);
  schedule(loopToken);
}

async function listCameras(current?: string): Promise<void> {
  let devices: MediaDeviceInfo[] = [];
  try {
    devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  } catch {
    // no list: the default camera only
  }
  cameraSelect.textContent = '';
  devices.forEach((d, i) => {
    const o = document.createElement('option');
    o.value = d.deviceId;
    o.textContent = d.label || `camera ${i + 1}`;
    if (d.deviceId === current) o.selected = true;
    cameraSelect.append(o);
  });
  cameraSelect.parentElement!.hidden = devices.length < 2;
}
cameraSelect.onchange = () => void startCamera(cameraSelect.value);

// ---------------------------------------------------------------------------------------------------------
// Microphone

interface Mic {
  ctx: AudioContext;
  stream: MediaStream;
  source: MediaStreamAudioSourceNode;
  node: AudioWorkletNode;
}
let mic: Mic | null = null;
/** When the last microphone stream stopped (UNIX ms): a new one waits until the daemon took it as quiet. */
let micStoppedMs = -Infinity;
/** The daemon takes a new stream of a source once the old one has been quiet this long (stream_quiet_s 0.5). */
const STREAM_QUIET_MS = 600;

/** UNIX ns of the sample the context processes at frame `frame`, the chunks' anchor. With
 *  `getOutputTimestamp()` (contextTime ↔ performanceTime of the sample now leaving the speakers), a sample is
 *  processed `baseLatency + outputLatency` before it is played: that is taken as its capture time. Without it,
 *  `currentTime` (the block being processed now) ↔ performance.now(). Either way the microphone's own input
 *  latency (typically 5–20 ms, not reported by browsers) is not subtracted: capture times are that much late.
 *  Every later chunk's time follows from its frame index (chunkTimeNs) on the audio clock; the sender worker
 *  moves the anchor when the audio clock loses time against the wall clock (audio lost: drift.ts). */
function micAnchor(ctx: AudioContext, frame: number): bigint {
  const t = frame / ctx.sampleRate;
  const now = performance.now();
  const fallback = now + (t - ctx.currentTime) * 1000;
  let perf = fallback;
  const ts = typeof ctx.getOutputTimestamp === 'function' ? ctx.getOutputTimestamp() : null;
  if (ts && ts.performanceTime && ts.performanceTime > 0 && ts.contextTime !== undefined) {
    const latency = (ctx.baseLatency || 0) + ((ctx as { outputLatency?: number }).outputLatency || 0);
    const est = ts.performanceTime + (t - ts.contextTime) * 1000 - latency * 1000;
    if (Math.abs(est - fallback) < 500) {
      perf = est;
      state.mic.anchor = 'getOutputTimestamp';
    } else {
      state.mic.anchor = 'currentTime';
    }
  } else {
    state.mic.anchor = 'currentTime';
  }
  return unixNs(Math.min(perf, now));
}

async function audioContext(stream: MediaStream): Promise<{ ctx: AudioContext; source: MediaStreamAudioSourceNode }> {
  // 16 kHz is all lip sync needs; a browser that cannot resample the microphone into it (Firefox refuses to
  // connect a stream of another rate) gets a context at its own rate (AudioFrame takes 8–48 kHz)
  let ctx: AudioContext | null = null;
  try {
    ctx = new AudioContext({ sampleRate: 16000, latencyHint: 'interactive' });
    return { ctx, source: ctx.createMediaStreamSource(stream) };
  } catch {
    if (ctx) void ctx.close();
  }
  ctx = new AudioContext({ latencyHint: 'interactive' });
  return { ctx, source: ctx.createMediaStreamSource(stream) };
}

async function startMic(): Promise<void> {
  if (mic) return;
  if (typeof AudioWorkletNode === 'undefined' || typeof AudioContext === 'undefined') {
    state.mic.state = 'unsupported';
    state.mic.error = 'this browser has no AudioWorklet: no microphone';
    return;
  }
  state.mic.state = 'starting';
  state.mic.error = '';
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
      video: false,
    });
  } catch (e) {
    state.mic.state = 'error';
    state.mic.error = `no microphone: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
    updateMicButton();
    return;
  }
  try {
    const { ctx, source } = await audioContext(stream);
    await ctx.audioWorklet.addModule(new URL('./capture-audio-worklet.js', import.meta.url));
    const node = new AudioWorkletNode(ctx, 'avatar-capture-chunker', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    source.connect(node);
    node.connect(ctx.destination); // pulled by the graph; its output is silence
    const m: Mic = { ctx, stream, source, node };
    // the worklet's chunks go straight to the sender worker (never through this page's main thread)
    const line = new MessageChannel();
    node.port.postMessage({ type: 'port', port: line.port1 }, [line.port1]);
    const frame = Math.round(ctx.currentTime * ctx.sampleRate);
    const config: MicConfig = {
      type: 'mic',
      audio: line.port2,
      sourceId: sourceId(PREFIX, 'mic'),
      streamId: randomU64(),
      rate: ctx.sampleRate,
      anchor: { frame, ns: micAnchor(ctx, frame) },
      sendFromMs: Math.max(Date.now(), micStoppedMs + STREAM_QUIET_MS),
    };
    senderWorker.postMessage(config, [line.port2]);
    mic = m;
    state.mic.sampleRate = ctx.sampleRate;
    if (ctx.state !== 'running') {
      try {
        await Promise.race([ctx.resume(), new Promise((r) => setTimeout(r, 500))]);
      } catch {
        // resumed on a click (below)
      }
    }
    state.mic.state = ctx.state === 'running' ? 'on' : 'suspended';
    ctx.onstatechange = () => {
      if (mic === m) state.mic.state = ctx.state === 'running' ? 'on' : ctx.state === 'suspended' ? 'suspended' : 'off';
      updateMicButton();
    };
  } catch (e) {
    stream.getTracks().forEach((t) => t.stop());
    state.mic.state = 'error';
    state.mic.error = `audio: ${e instanceof Error ? e.message : String(e)}`;
  }
  updateMicButton();
}

function stopMic(): void {
  const m = mic;
  mic = null;
  if (!m) return;
  m.node.port.postMessage({ type: 'stop' });
  senderWorker.postMessage({ type: 'mic-stop' });
  micStoppedMs = Date.now();
  m.source.disconnect();
  m.node.disconnect();
  m.stream.getTracks().forEach((t) => t.stop());
  void m.ctx.close();
  state.mic.state = 'off';
  state.mic.levelDb = -Infinity;
  updateMicButton();
}

function updateMicButton(): void {
  micButton.textContent = mic ? 'Microphone: on (turn off)' : 'Microphone: off (turn on)';
  micStart.hidden = !(mic && mic.ctx.state === 'suspended');
}
micButton.onclick = () => (mic ? stopMic() : void startMic());
micStart.onclick = () => void mic?.ctx.resume();
// a page without a click yet may not start audio: the first click anywhere resumes it
document.addEventListener('click', () => void mic?.ctx.resume(), { capture: true });

// ---------------------------------------------------------------------------------------------------------
// Landmarks over the preview (display only: the preview and this canvas are mirrored by CSS, the frames sent
// are not)

const POSE_LINES = [
  [11, 12], [11, 13], [13, 15], [12, 14], [14, 16], [11, 23], [12, 24], [23, 24], [23, 25], [25, 27], [24, 26],
  [26, 28], [27, 29], [29, 31], [27, 31], [28, 30], [30, 32], [28, 32], [15, 17], [15, 19], [17, 19], [15, 21],
  [16, 18], [16, 20], [18, 20], [16, 22], [0, 2], [0, 5], [2, 7], [5, 8], [9, 10],
];
const HAND_LINES = [
  [0, 1], [1, 2], [2, 3], [3, 4], [0, 5], [5, 6], [6, 7], [7, 8], [5, 9], [9, 10], [10, 11], [11, 12], [9, 13],
  [13, 14], [14, 15], [15, 16], [13, 17], [0, 17], [17, 18], [18, 19], [19, 20],
];

function draw(m: ResultMessage): void {
  const w = overlay.clientWidth;
  const h = overlay.clientHeight;
  if (overlay.width !== w || overlay.height !== h) {
    overlay.width = w;
    overlay.height = h;
  }
  const g = overlay.getContext('2d');
  if (!g || !w || !h) return;
  g.clearRect(0, 0, w, h);
  // the video is drawn with object-fit: contain; the landmarks are normalized to the image
  const vw = video.videoWidth || 1;
  const vh = video.videoHeight || 1;
  const s = Math.min(w / vw, h / vh);
  const ox = (w - vw * s) / 2;
  const oy = (h - vh * s) / 2;
  const X = (x: number) => ox + x * vw * s;
  const Y = (y: number) => oy + y * vh * s;
  const lines = (p: Float32Array, pairs: number[][], colour: string) => {
    g.strokeStyle = colour;
    g.lineWidth = 2;
    g.beginPath();
    for (const [a, b] of pairs) {
      g.moveTo(X(p[2 * a]), Y(p[2 * a + 1]));
      g.lineTo(X(p[2 * b]), Y(p[2 * b + 1]));
    }
    g.stroke();
  };
  const dots = (p: Float32Array, colour: string, r: number) => {
    g.fillStyle = colour;
    for (let i = 0; i < p.length; i += 2) g.fillRect(X(p[i]) - r / 2, Y(p[i + 1]) - r / 2, r, r);
  };
  if (m.draw.face) dots(m.draw.face, 'rgba(255,255,255,0.55)', 1.5);
  if (m.draw.pose) {
    lines(m.draw.pose, POSE_LINES, 'rgba(80,200,255,0.9)');
    dots(m.draw.pose, '#0af', 4);
  }
  for (const hand of m.draw.hands) {
    // the subject's left hand in orange, the right in green
    lines(hand.xy, HAND_LINES, hand.side === 'left' ? 'rgba(255,150,40,0.95)' : 'rgba(60,220,90,0.95)');
  }
}

// ---------------------------------------------------------------------------------------------------------
// The daemon's counters (the `Stats` on `/ws`): for the status block and tests

async function daemonCounters(timeoutMs = 3000): Promise<Record<string, string>> {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    ws.binaryType = 'arraybuffer';
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('no Stats from the daemon in time'));
    }, timeoutMs);
    ws.onmessage = (ev) => {
      if (!(ev.data instanceof ArrayBuffer)) return;
      try {
        const d = decodeMessage(new Uint8Array(ev.data));
        if (d.kind !== 'stats') return;
        const out: Record<string, string> = {};
        for (const [k, v] of d.stats.counters) out[k] = v.toString();
        clearTimeout(timer);
        ws.close();
        state.daemon = out;
        resolve(out);
      } catch (e) {
        clearTimeout(timer);
        ws.close();
        reject(e);
      }
    };
    ws.onerror = () => {
      clearTimeout(timer);
      reject(new Error('cannot open /ws'));
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Status block

function fps(times: number[], now: number): number {
  while (times.length && now - times[0] > 2000) times.shift();
  return times.length > 1 ? Math.round(((times.length - 1) * 10000) / (times[times.length - 1] - times[0])) / 10 : 0;
}

function fmtMs(t: Task): string {
  const ms = state.meanInferenceMs[t];
  return ms === undefined ? '–' : `${ms.toFixed(1)} ms`;
}

function render(): void {
  const now = performance.now();
  state.cameraFps = fps(recent, now);
  state.processedFps = fps(recentDone, now);
  const lines: string[] = [];
  if (statusLine && !state.fatal) lines.push(`… ${statusLine}`);
  lines.push(
    `camera      ${state.video.width}×${state.video.height} at ${state.cameraFps} fps (${state.frameCallback}); inference on ${state.video.sent || '–'}`,
    `processed   ${state.processedFps} fps: ${state.processed} frames, ${state.skipped} skipped (busy)`,
  );
  for (const t of ['pose', 'face', 'hands'] as const) {
    if (!TASKS[t]) {
      lines.push(`${t.padEnd(11)} off`);
      continue;
    }
    const d = state.delegate[t] ?? '…';
    const name = t === 'pose' ? `pose (${POSE_MODEL})` : t;
    lines.push(
      `${name.padEnd(11)} ${d} ${fmtMs(t)}; found ${state.found[t]}, not found ${state.notFound[t]}, failed ${state.failed[t]}`,
    );
  }
  const gpu = Object.entries(state.gpuErrors);
  if (gpu.length) lines.push(`gpu         not used: ${gpu[0][1]}`);
  const s = state.sent;
  lines.push(
    `sent        pose ${s.pose}, face ${s.face}, hands L ${s.hand_left} R ${s.hand_right}, mic ${s.mic}`,
    `dropped     ${Object.entries(state.dropped).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `websocket   ${state.wsState} (/ws/input)`,
  );
  const micLevel = Number.isFinite(state.mic.levelDb) ? `${state.mic.levelDb.toFixed(0)} dBFS` : '–';
  lines.push(
    `microphone  ${state.mic.state}${state.mic.sampleRate ? ` ${state.mic.sampleRate} Hz` : ''}, level ${micLevel}, ${state.mic.chunks} chunks, ` +
      `${state.mic.gaps} gaps (${Math.round(state.mic.lostMs)} ms lost), capture → sender ${state.mic.lateMs} ms` +
      (state.mic.error ? ` (${state.mic.error})` : ''),
  );
  if (state.daemon) {
    const c = state.daemon;
    const rejected = Object.entries(c)
      .filter(([k, v]) => k.startsWith('input.dropped.') && v !== '0')
      .map(([k, v]) => `${k.slice('input.dropped.'.length)} ${v}`);
    lines.push(
      `daemon      accepted ${c['input.accepted'] ?? '?'}, web input ${c['web.input_frames'] ?? '?'}` +
        (rejected.length ? `; rejected: ${rejected.join(', ')}` : ''),
    );
  }
  if (state.errors) lines.push(`errors      ${state.errors}: ${state.lastErrors[state.lastErrors.length - 1]}`);
  statusBox.textContent = lines.join('\n');
  const level = document.getElementById('level');
  if (level) {
    const db = Number.isFinite(state.mic.levelDb) ? state.mic.levelDb : -90;
    level.style.width = `${Math.max(0, Math.min(100, ((db + 60) / 60) * 100))}%`;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Start

state.unsupported = unsupported();
if (state.unsupported.length) {
  fatal(`This browser cannot run the capture page: it lacks ${state.unsupported.join('; ')}.`);
} else {
  senderWorker.postMessage(
    { type: 'init', url: Sender.urlFor(location), paused: START_PAUSED, vision: visionToSender.port2 },
    [visionToSender.port2],
  );
  toWorker(
    {
      type: 'init',
      prefix: PREFIX,
      handsEvery: HANDS_EVERY,
      assets: ASSETS,
      delegate: DELEGATE,
      tasks: TASKS,
      poseModel: POSE_MODEL,
      sender: visionToSender.port1,
      log: LOG,
    },
    [visionToSender.port1],
  );
  void startCamera(params.get('camera') ?? undefined);
  if (WANT_MIC) void startMic();
  else updateMicButton();
}
setInterval(render, 500);
render();
setInterval(() => {
  if (document.visibilityState === 'visible' && !state.fatal) daemonCounters().catch(() => {});
}, 5000);

export { ASSET_FILES };
