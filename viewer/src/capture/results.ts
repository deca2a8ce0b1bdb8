// MediaPipe's web results → the fields of the tracker messages, as `to_message`/`to_messages` in
// tracker-bridge/python/avatar_tracker/trackers.py convert the Python results: the first pose/face only;
// visibility and presence clamped into [0, 1] (absent: 0); counts and finiteness checked (an invalid result
// throws, and the caller counts it as failed); blendshapes by MediaPipe's category names; the facial transform
// column-major; hands with the subject's own handedness (handedness.ts).
//
// The types here are the parts of MediaPipe's result objects that are read, so that tests can build them.

import { Handedness } from '../generated/avatar/wire/handedness.js';
import type { FaceFields, HandFields, Point3, PoseFields, PoseLandmark, Weight } from './encode.js';
import { assignHandedness, poseWrists, unit, type HandGuess, type PoseWrists } from './handedness.js';

export interface MpLandmark {
  x: number;
  y: number;
  z: number;
  visibility?: number;
  presence?: number;
}

export interface MpCategory {
  score: number;
  categoryName: string;
}

export interface MpPoseResult {
  landmarks: MpLandmark[][];
  worldLandmarks: MpLandmark[][];
}

export interface MpFaceResult {
  faceLandmarks: MpLandmark[][];
  faceBlendshapes?: Array<{ categories: MpCategory[] }>;
  facialTransformationMatrixes?: Array<{ rows: number; columns: number; data: number[] }>;
}

export interface MpHandResult {
  landmarks: MpLandmark[][];
  worldLandmarks: MpLandmark[][];
  handedness?: MpCategory[][];
}

function finite(values: Iterable<number>): boolean {
  for (const v of values) if (!Number.isFinite(v)) return false;
  return true;
}

function* coords(points: readonly Point3[]): Iterable<number> {
  for (const p of points) {
    yield p.x;
    yield p.y;
    yield p.z;
  }
}

function poseLandmark(p: MpLandmark): PoseLandmark {
  return { x: p.x, y: p.y, z: p.z, visibility: unit(p.visibility), presence: unit(p.presence) };
}

/** The first pose, or null when none was found. Throws on a wrong count or a non-finite value. */
export function poseFields(res: MpPoseResult, width: number, height: number): PoseFields | null {
  if (!res.landmarks?.length || !res.worldLandmarks?.length) return null;
  const landmarks = res.landmarks[0].map(poseLandmark);
  const world = res.worldLandmarks[0].map(poseLandmark);
  if (landmarks.length !== 33 || world.length !== 33) {
    throw new Error(`MediaPipe Pose returned ${landmarks.length}/${world.length} landmarks, expected 33`);
  }
  for (const p of [...landmarks, ...world]) {
    if (!finite([p.x, p.y, p.z, p.visibility, p.presence])) throw new Error('MediaPipe Pose returned non-finite landmarks');
  }
  return { width, height, landmarks, world };
}

/** MediaPipe's facial transformation matrix as the wire's column-major 16 floats (schema/README.md §3).
 *
 *  The web tasks give `data` as MediaPipe's `MatrixData.packed_data` without its layout, and the face geometry
 *  packs it column-major (the layout the Python API reads and transposes into its row-major NumPy matrix, which
 *  the Python tracker then flattens column-major again): so `data` is already the wire's order. A rigid
 *  transform's bottom row is (0, 0, 0, 1): in column-major order that is elements 3, 7, 11 and 15. Should a
 *  matrix come row-major instead (its translation where the bottom row belongs, 12–14 zero), it is transposed. */
export function columnMajor(data: readonly number[], rows = 4, columns = 4): number[] {
  if (rows !== 4 || columns !== 4 || data.length !== 16) {
    throw new Error(`facial transform is ${rows}×${columns} with ${data.length} values, expected 4×4`);
  }
  const tiny = (v: number) => Math.abs(v) < 1e-6;
  const bottomRowColumnMajor = tiny(data[3]) && tiny(data[7]) && tiny(data[11]);
  const bottomRowRowMajor = tiny(data[12]) && tiny(data[13]) && tiny(data[14]);
  if (!bottomRowColumnMajor && bottomRowRowMajor) {
    const t = new Array<number>(16);
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) t[c * 4 + r] = data[r * 4 + c];
    return t;
  }
  return [...data];
}

/** The first face, or null when none was found. Throws on a non-finite value. */
export function faceFields(res: MpFaceResult, width: number, height: number): FaceFields | null {
  if (!res.faceLandmarks?.length) return null;
  const landmarks: Point3[] = res.faceLandmarks[0].map((p) => ({ x: p.x, y: p.y, z: p.z }));
  let blendshapes: Weight[] = [];
  if (res.faceBlendshapes?.length) {
    blendshapes = res.faceBlendshapes[0].categories.map((c) => ({ name: c.categoryName, value: unit(c.score) }));
  }
  let transform: number[] | null = null;
  const m = res.facialTransformationMatrixes?.[0];
  if (m) transform = columnMajor(m.data, m.rows, m.columns);
  if (!finite(coords(landmarks)) || !finite(blendshapes.map((b) => b.value)) || (transform && !finite(transform))) {
    throw new Error('MediaPipe Face Landmarker returned non-finite values');
  }
  return { width, height, landmarks, blendshapes, transform };
}

export interface HandsOut {
  hands: HandFields[];
  /** Hands dropped as invalid (wrong counts, non-finite values). */
  bad: number;
  /** Hands whose handedness the pose or the pairing changed. */
  corrected: number;
}

/** Every valid hand with its subject's handedness (`HandTracker.to_messages`). `wrists`: the pose of the same
 *  frame (`poseWrists`), or null. */
export function handFields(
  res: MpHandResult,
  width: number,
  height: number,
  wrists: PoseWrists | null,
  mirrored = false,
): HandsOut {
  const guesses: HandGuess[] = [];
  const kept: Array<{ index: number; landmarks: Point3[]; world: Point3[] }> = [];
  let bad = 0;
  (res.landmarks ?? []).forEach((lms, i) => {
    const worldIn = res.worldLandmarks?.[i] ?? [];
    const cats = res.handedness?.[i] ?? [];
    const landmarks = lms.map((p) => ({ x: p.x, y: p.y, z: p.z }));
    const world = worldIn.map((p) => ({ x: p.x, y: p.y, z: p.z }));
    if (landmarks.length !== 21 || world.length !== 21 || !finite(coords(landmarks)) || !finite(coords(world))) {
      bad++;
      return;
    }
    let label = cats.length ? cats[0].categoryName : '';
    let score = cats.length ? cats[0].score : 0;
    if (score === undefined || score === null || !Number.isFinite(score)) {
      label = '';
      score = 0;
    }
    guesses.push({ label: label || '', score, wrist: [landmarks[0].x * width, landmarks[0].y * height] });
    kept.push({ index: i, landmarks, world });
  });
  const assigned = assignHandedness(guesses, wrists, [width, height], mirrored);
  let corrected = 0;
  const hands = kept.map((k, j) => {
    const a = assigned[j];
    if (a.corrected) corrected++;
    return {
      width,
      height,
      handIndex: k.index,
      handedness: a.hand,
      handednessScore: a.score,
      landmarks: k.landmarks,
      world: k.world,
    };
  });
  return { hands, bad, corrected };
}

export { poseWrists, Handedness };
