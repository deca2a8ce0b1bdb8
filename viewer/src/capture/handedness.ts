// The subject's own hand for each hand MediaPipe's Hand Landmarker found: a port of `assign_handedness` in
// tracker-bridge/python/avatar_tracker/trackers.py, rule for rule (its docstring, in short):
//
// 1. MediaPipe's label ("Left"/"Right") names the subject's hand on an *unmirrored* image (the convention of the
//    pose's wrists 15/16); the page sends unmirrored frames, so `mirrored` is false there.
// 2. With a pose of the same frame: a hand's wrist (landmark 0) belongs to the nearest visible pose wrist
//    (visibility >= minVisibility) closer than maxDist × the image's long side. Two hands and two visible wrists:
//    the pairing with the smaller total distance. One hand: the nearest wrist if clearly nearer (< 2/3 of the
//    other).
// 3. No pose: two hands with the same label, the less sure one takes the other label.
// 4. `mirrored`: Left and Right swapped at the end.
// The score is MediaPipe's for the chosen label (1 − score where the label was changed), clamped to [0, 1].

import { Handedness } from '../generated/avatar/wire/handedness.js';

export type Side = 'Left' | 'Right';
export type Point = readonly [number, number];

/** One detected hand: MediaPipe's label, its score, the wrist (landmark 0) in image pixels. */
export interface HandGuess {
  label: string;
  score: number;
  wrist: Point;
}

/** The pose's wrists in image pixels with their visibility: landmark 15 (left), 16 (right). */
export interface PoseWrists {
  left: { xy: Point; visibility: number };
  right: { xy: Point; visibility: number };
}

export interface AssignedHand {
  hand: Handedness.Left | Handedness.Right;
  score: number;
  /** The label was changed by the pose or by the pairing. */
  corrected: boolean;
}

export const POSE_LEFT_WRIST = 15;
export const POSE_RIGHT_WRIST = 16;

const OTHER: Record<Side, Side> = { Left: 'Right', Right: 'Left' };

function isSide(s: string): s is Side {
  return s === 'Left' || s === 'Right';
}

/** A score clamped into [0, 1]; NaN stays NaN (`_unit` in trackers.py). */
export function unit(v: number | undefined | null): number {
  if (v === undefined || v === null) return 0;
  return Number.isNaN(v) ? v : Math.min(1, Math.max(0, v));
}

/** The wrists of a pose (normalized landmarks) in pixels of a width × height image (`pose_wrists`). */
export function poseWrists(
  landmarks: ReadonlyArray<{ x: number; y: number; visibility?: number }>,
  width: number,
  height: number,
): PoseWrists {
  const l = landmarks[POSE_LEFT_WRIST];
  const r = landmarks[POSE_RIGHT_WRIST];
  return {
    left: { xy: [l.x * width, l.y * height], visibility: unit(l.visibility) },
    right: { xy: [r.x * width, r.y * height], visibility: unit(r.visibility) },
  };
}

export function assignHandedness(
  hands: readonly HandGuess[],
  wrists: PoseWrists | null,
  imageSize: readonly [number, number],
  mirrored = false,
  minVisibility = 0.5,
  maxDist = 0.15,
): AssignedHand[] {
  const n = hands.length;
  const labels: Array<Side | ''> = hands.map((h) => (isSide(h.label) ? h.label : ''));
  const longSide = Math.max(imageSize[0], imageSize[1]) || 1;
  const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]) / longSide;

  const byPose: Array<Side | null> = new Array(n).fill(null);
  if (wrists !== null && n > 0) {
    const lxy = wrists.left.xy;
    const rxy = wrists.right.xy;
    const seen: Array<[Side, Point]> = [];
    if (wrists.left.visibility >= minVisibility) seen.push(['Left', lxy]);
    if (wrists.right.visibility >= minVisibility) seen.push(['Right', rxy]);
    if (n === 2 && seen.length === 2) {
      const a = dist(hands[0].wrist, lxy) + dist(hands[1].wrist, rxy);
      const b = dist(hands[0].wrist, rxy) + dist(hands[1].wrist, lxy);
      const pair: [Side, Side] = a <= b ? ['Left', 'Right'] : ['Right', 'Left'];
      for (let i = 0; i < 2; i++) {
        const target = pair[i] === 'Left' ? lxy : rxy;
        if (dist(hands[i].wrist, target) <= maxDist) byPose[i] = pair[i];
      }
    } else {
      hands.forEach((h, i) => {
        // sorted as Python sorts (distance, name) tuples
        const ds = seen
          .map(([name, xy]) => [dist(h.wrist, xy), name] as [number, Side])
          .sort((p, q) => p[0] - q[0] || (p[1] < q[1] ? -1 : p[1] > q[1] ? 1 : 0));
        if (ds.length > 0 && ds[0][0] <= maxDist && (ds.length === 1 || ds[0][0] < (ds[1][0] * 2) / 3)) {
          byPose[i] = ds[0][1];
        }
      });
    }
  }

  let chosen: Array<Side | ''> = hands.map((_, i) => byPose[i] ?? labels[i]);
  if (chosen.includes('')) {
    // no label at all (not expected from MediaPipe): the opposite of the other hand, else by x
    const empty = chosen.filter((c) => c === '').length;
    if (n === 2 && empty === 1) {
      const k = chosen.indexOf('');
      chosen[k] = OTHER[chosen[1 - k] as Side];
    } else if (n === 2) {
      // a subject facing an unmirrored camera has the right hand on the image's left
      chosen = hands[0].wrist[0] <= hands[1].wrist[0] ? ['Right', 'Left'] : ['Left', 'Right'];
    } else {
      chosen = chosen.map((c) => c || 'Right');
    }
  }
  if (n === 2 && chosen[0] === chosen[1]) {
    // still the same hand twice: the less sure (not pose-confirmed, else lower score) one is the other hand
    const unconfirmed = byPose.filter((b) => b === null).length;
    const weaker = unconfirmed === 1 ? byPose.indexOf(null) : hands[1].score < hands[0].score ? 1 : 0;
    chosen[weaker] = OTHER[chosen[weaker] as Side];
  }
  return hands.map((h, i) => {
    let name = chosen[i] as Side;
    const corrected = name !== labels[i];
    let s = corrected && labels[i] ? 1 - h.score : h.score;
    if (!labels[i]) s = 0;
    if (mirrored) name = OTHER[name];
    return { hand: name === 'Left' ? Handedness.Left : Handedness.Right, score: unit(s), corrected };
  });
}
