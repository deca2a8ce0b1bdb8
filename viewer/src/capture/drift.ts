// The microphone's audio clock against the wall clock (sender-worker.ts): audio the render thread lost while
// starved shows as chunks arriving later and later for good. No DOM or worker names here, so that the unit
// tests run it.

/** Audio lost on the audio clock beyond this (ms) is counted as a gap and the anchor moves. */
export const DRIFT_MS = 40;
/** The window (chunks, 1 s) over which the least lateness is taken. */
export const DRIFT_WINDOW = 50;

/** The audio clock against the wall clock: the least lateness of chunks over a window, against the least ever.
 *  `push` returns the audio lost (ms) when that least lateness has grown by more than `DRIFT_MS`. */
export class DriftWatch {
  private window: number[] = [];
  private floor = Infinity;

  constructor(
    readonly driftMs = DRIFT_MS,
    readonly size = DRIFT_WINDOW,
  ) {}

  /** A chunk ending at `endMs` on the audio clock arrived at `arrivedMs` (both UNIX ms). */
  push(endMs: number, arrivedMs: number): number {
    const late = arrivedMs - endMs;
    this.window.push(late);
    if (this.window.length > this.size) this.window.shift();
    const least = Math.min(...this.window);
    this.floor = Math.min(this.floor, late);
    if (this.window.length < this.size) return 0;
    const lost = least - this.floor;
    if (lost > this.driftMs) {
      // the clock moves by what was lost: lateness is measured afresh from here
      this.window = this.window.map((l) => l - lost);
      return lost;
    }
    return 0;
  }

  /** The least lateness of the window (ms; the chunks' delivery delay). */
  get lateMs(): number {
    return this.window.length ? Math.min(...this.window) : 0;
  }
}
