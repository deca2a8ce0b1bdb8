// Messages between the capture page (main.ts) and its vision worker (vision-worker.ts).

export type Delegate = 'GPU' | 'CPU';
export type Task = 'pose' | 'face' | 'hands';
/** What one task made of one frame. */
export type Outcome = 'sent' | 'not_found' | 'failed' | 'not_run';
export type VisionKind = 'pose' | 'face' | 'hand_left' | 'hand_right';
/** MediaPipe's pose model variants the page can run (`pose_model=` on its URL; `avatard live --pose-model`). */
export type PoseModel = 'lite' | 'full';
/** The page's pose model when its URL names none: lite, as the Python tracker (docs/live/issue54.md measures
 *  both on the committed clips). */
export const DEFAULT_POSE_MODEL: PoseModel = 'lite';

export interface InitMessage {
  type: 'init';
  /** Prefix of the source ids (`<prefix>/pose`, …). */
  prefix: string;
  /** Run the hand model on every K-th frame (the Python tracker's --hands-every). */
  handsEvery: number;
  /** Where the MediaPipe files are served (`/capture/assets`). */
  assets: string;
  /** 'auto': GPU (unless WebGL is software), else CPU; or one of them only. */
  delegate: 'auto' | Delegate;
  tasks: Record<Task, boolean>;
  /** Which pose model runs (its file: [`poseModelFile`]). */
  poseModel: PoseModel;
  /** The sender worker's port: each frame's encoded messages go there, `{ index, messages }` (transferred). */
  sender: MessagePort;
  /** Copy the messages into the result too (the page's log, `log=1`). */
  log: boolean;
}

export interface FrameMessage {
  type: 'frame';
  bitmap: ImageBitmap;
  /** The page's frame counter (every camera frame, skipped ones included): seq = index + 1. */
  index: number;
  /** UNIX ns when the camera captured the frame. */
  captureNs: bigint;
  /** The source image's size (the bitmap may be downscaled; landmarks are normalized). */
  width: number;
  height: number;
}

export type ToVision = InitMessage | FrameMessage;

export interface ReadyMessage {
  type: 'ready';
  delegates: Partial<Record<Task, Delegate>>;
  /** Why the GPU delegate was not used, per task. */
  gpuErrors: Partial<Record<Task, string>>;
  loadMs: number;
  wasm: string;
  /** The worker's WebGL renderer ('' when unknown). */
  renderer: string;
}

export interface ResultMessage {
  type: 'result';
  index: number;
  /** Copies of the messages sent (only with `log`: the originals went to the sender worker). */
  messages: Array<{ kind: VisionKind; bytes: ArrayBuffer }>;
  /** Inference time per task that ran, ms. */
  ms: Partial<Record<Task, number>>;
  outcome: Record<Task, Outcome>;
  /** Hands whose handedness the pose or the pairing changed. */
  handsCorrected: number;
  /** Landmarks to draw: x, y pairs (normalized), or null. */
  draw: { pose: Float32Array | null; face: Float32Array | null; hands: Array<{ side: 'left' | 'right'; xy: Float32Array }> };
  errors: string[];
  /** Requests the worker refused because they left the daemon's origin (MediaPipe's usage statistics). */
  blockedRequests: number;
  /** A task that fell back from GPU to CPU on this frame. */
  delegates?: Partial<Record<Task, Delegate>>;
}

export type FromVision =
  | { type: 'status'; text: string }
  | ReadyMessage
  | { type: 'fatal'; text: string; missing: string[] }
  | ResultMessage;

/** The MediaPipe files the page needs under the assets folder (what `avatard setup capture` fetches). The
 *  worker is a module worker, so the ES-module build of the web tasks' wasm loader is used. */
export const ASSET_FILES = {
  wasmDir: 'wasm',
  wasmLoader: 'wasm/vision_wasm_module_internal.js',
  wasmBinary: 'wasm/vision_wasm_module_internal.wasm',
  pose: 'models/pose_landmarker_lite.task',
  poseFull: 'models/pose_landmarker_full.task',
  face: 'models/face_landmarker.task',
  hands: 'models/hand_landmarker.task',
} as const;

/** The `.task` file under the assets folder of each task, with the chosen pose model. */
export function modelFile(task: Task, poseModel: PoseModel): string {
  if (task === 'pose') return poseModel === 'full' ? ASSET_FILES.poseFull : ASSET_FILES.pose;
  return ASSET_FILES[task];
}

/** `pose_model=` from the page's URL: `lite` or `full`; anything else is the default. */
export function parsePoseModel(value: string | null): PoseModel {
  const v = value?.toLowerCase();
  return v === 'lite' || v === 'full' ? v : DEFAULT_POSE_MODEL;
}
