// The camera following the avatars (camera=follow, the default): with grounding on, the daemon moves an avatar's
// hips across the floor as the performer walks (their skinning transforms in `p` translate), and a
// camera framed once on the rest pose would lose it. Like the demo's body view (renderer/src/views.rs: its camera
// follows the root), the viewer moves the camera and the ground with the avatars' horizontal displacement:
//
//   d = mean over the drawn avatars of (root now − root at rest), in x and z only (y = 0)
//
// where an avatar's root is the joint that carries its body across the floor, found in the glb's skeleton
// (src/glb.ts rootBone(): from the root joint down to the deepest joint whose subtree still carries 99 % of the
// skin weight: the hips of a humanoid, the joint the grounding moves, below a root bone that it does not move),
// carried by its skinning transform T = p[offset … offset + 12] (3×4, row-major) from its rest place r:
// root = T [r; 1]. A rig with only a global affine handle carries the centre of its rest bounds. Several avatars
// in a grid: the stage follows the mean of their displacements (each cell keeps its place relative to the
// others; one avatar walking off alone still leaves the others' cells).
// Vertical motion is not followed (a hop is seen going up against the floor; the floor stays at its height).
//
// The displacement is smoothed by a critically damped spring (no overshoot, no jitter from the tracker's noise):
// a step settles to 95 % in 4.74 / FOLLOW_RATE s (0.47 s), and a walk at v m/s is followed at a lag of
// 2 v / FOLLOW_RATE m (0.2 m at 1 m/s). The first displacement is taken as is (no swoop in from the rest place),
// and so is one that jumps by more than FOLLOW_CUT m from one frame to the next (a clip that starts again, a
// tracker that lost and found the performer): the camera cuts rather than flies, which would leave the avatar
// out of the frame for the flight.

/** The spring's natural frequency (1/s). */
export const FOLLOW_RATE = 10;
/** A goal that moves farther than this between two steps (m) is cut to. */
export const FOLLOW_CUT = 0.5;

export type Vec3 = [number, number, number];

/** Where an avatar's root is: the offset of its skinning transform in `p` and its rest place (m). */
export interface RootBone {
  offset: number;
  rest: Vec3;
}

/** The root's place under the skinning transform of `p`: T [r; 1] (T = p[offset … offset + 12], row-major). */
export function rootPosition(p: ArrayLike<number>, root: RootBone): Vec3 {
  const t = root.offset;
  const [x, y, z] = root.rest;
  const row = (r: number): number =>
    p[t + 4 * r] * x + p[t + 4 * r + 1] * y + p[t + 4 * r + 2] * z + p[t + 4 * r + 3];
  return [row(0), row(1), row(2)];
}

/** The horizontal displacement of the root from its rest place (y = 0), or null when it is not finite. */
export function rootDisplacement(p: ArrayLike<number>, root: RootBone): Vec3 | null {
  const now = rootPosition(p, root);
  const d: Vec3 = [now[0] - root.rest[0], 0, now[2] - root.rest[2]];
  return Number.isFinite(d[0]) && Number.isFinite(d[2]) ? d : null;
}

/** The mean of the displacements (null entries skipped), or null when there is none. */
export function meanDisplacement(ds: (Vec3 | null)[]): Vec3 | null {
  const some = ds.filter((d): d is Vec3 => d !== null);
  if (some.length === 0) return null;
  const m: Vec3 = [0, 0, 0];
  for (const d of some) for (let c = 0; c < 3; c++) m[c] += d[c] / some.length;
  return m;
}

/** A critically damped follow of a goal point: exact steps (stable for any frame time), no overshoot of a goal
 *  that steps or stops. */
export class Follow {
  readonly value: Vec3 = [0, 0, 0];
  private readonly velocity: Vec3 = [0, 0, 0];
  private readonly goal: Vec3 = [0, 0, 0];
  private started = false;

  constructor(
    readonly rate: number = FOLLOW_RATE,
    readonly cut: number = FOLLOW_CUT,
  ) {}

  /** Whether a goal was ever given. */
  get following(): boolean {
    return this.started;
  }

  /** Jump to `goal`, at rest. */
  reset(goal: Vec3): void {
    for (let c = 0; c < 3; c++) {
      this.value[c] = goal[c];
      this.velocity[c] = 0;
      this.goal[c] = goal[c];
    }
    this.started = true;
  }

  /** Move towards `goal` for `dt` seconds (the first goal, and one farther than `cut` from the last, are taken as
   *  they are). Returns the new value. */
  step(goal: Vec3, dt: number): Vec3 {
    const jump = Math.hypot(goal[0] - this.goal[0], goal[1] - this.goal[1], goal[2] - this.goal[2]);
    if (!this.started || !(jump <= this.cut)) {
      this.reset(goal);
      return this.value;
    }
    for (let c = 0; c < 3; c++) this.goal[c] = goal[c];
    const w = this.rate;
    const h = Math.max(0, dt);
    const decay = Math.exp(-w * h);
    for (let c = 0; c < 3; c++) {
      // e'' = −w² e − 2 w e' for e = value − goal, solved over the step: e(t) = (e0 + (v0 + w e0) t) e^(−w t)
      const e = this.value[c] - goal[c];
      const v = this.velocity[c];
      const k = v + w * e;
      this.value[c] = goal[c] + (e + k * h) * decay;
      this.velocity[c] = (v - w * k * h) * decay;
    }
    return this.value;
  }
}
