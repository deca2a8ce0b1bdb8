// The microphone's samples in 20 ms chunks of 16-bit PCM (AudioFrame, schema/README.md §4.3b), and their capture
// times. Shared by the audio worklet (which cuts the chunks) and the page (which times and sends them); no Web
// Audio types here, so that the unit tests run it.
//
// Timing: every chunk carries the audio context's frame index of its first sample. The page maps one frame
// index to UNIX time once (the anchor, see main.ts), and every chunk's time follows from its frame index:
// `t = anchor_ns + (frame − anchor_frame) · 10⁹ / rate`, so consecutive chunks are contiguous to the nanosecond
// (exactly n / rate apart: 20 ms is a whole number of samples at 8, 16, 22.05, 44.1 and 48 kHz).

/** Chunk length in seconds. */
export const CHUNK_SECONDS = 0.02;
/** The AudioFrame limits (schema/README.md §4.3b). */
export const MIN_RATE = 8000;
export const MAX_RATE = 48000;
export const MAX_SAMPLES = 4800;

/** Samples in one chunk at `rate` Hz (20 ms, rounded). */
export function chunkLength(rate: number): number {
  return Math.max(1, Math.round(rate * CHUNK_SECONDS));
}

/** Float samples (full scale ±1) as 16-bit PCM: clipped to ±1, scaled by 32767, rounded; NaN is 0. */
export function toInt16(src: Float32Array, dst: Int16Array = new Int16Array(src.length), at = 0): Int16Array {
  for (let i = 0; i < src.length; i++) {
    const v = src[i];
    const c = v > 1 ? 1 : v < -1 ? -1 : v === v ? v : 0;
    dst[at + i] = Math.round(c * 32767);
  }
  return dst;
}

export interface Chunk {
  /** The context's frame index of the chunk's first sample. */
  frame: number;
  samples: Int16Array;
  /** The input skipped frames before this chunk (a block came late or was lost): not contiguous with the last. */
  gap: boolean;
  /** With `gap`: the frames between the last contiguous block's end and this chunk's first block (negative:
   *  a block repeated a frame index). */
  gapFrames: number;
}

/** Collects mono blocks (a render quantum, usually 128 frames, with the frame index of its first sample) into
 *  chunks of `chunkLength(rate)` samples. */
export class AudioChunker {
  readonly length: number;
  private buf: Int16Array;
  private fill = 0;
  private start = 0; // frame of buf[0]
  private next = -1; // the frame the next block should start at
  private gap = false;
  private gapFrames = 0;
  private emitted = 0;
  private mono = new Float32Array(0);

  constructor(readonly rate: number) {
    if (!(rate >= MIN_RATE && rate <= MAX_RATE)) throw new Error(`sample rate ${rate} Hz is outside ${MIN_RATE}..${MAX_RATE}`);
    this.length = chunkLength(rate);
    this.buf = new Int16Array(this.length);
  }

  /** Mono of the block's channels (their mean); an empty list (no input) is silence of `frames` samples. */
  mix(channels: readonly Float32Array[], frames: number): Float32Array {
    if (this.mono.length !== frames) this.mono = new Float32Array(frames);
    const m = this.mono;
    if (channels.length === 0) {
      m.fill(0);
    } else if (channels.length === 1) {
      m.set(channels[0].subarray(0, frames));
    } else {
      m.fill(0);
      for (const ch of channels) for (let i = 0; i < frames; i++) m[i] += ch[i];
      for (let i = 0; i < frames; i++) m[i] /= channels.length;
    }
    return m;
  }

  /** Add one block whose first sample is context frame `frame`; returns the chunks it completed. */
  push(block: Float32Array, frame: number): Chunk[] {
    const out: Chunk[] = [];
    if (this.next >= 0 && frame !== this.next) {
      // not contiguous: the partial chunk is dropped and the next chunk starts here, marked unless no chunk was
      // made yet (browsers may skip render quanta while the context starts: Chromium here, 0 → 768)
      this.fill = 0;
      if (this.emitted > 0) {
        this.gap = true;
        this.gapFrames = frame - this.next;
      }
    }
    if (this.fill === 0) this.start = frame;
    this.next = frame + block.length;
    let i = 0;
    while (i < block.length) {
      const n = Math.min(block.length - i, this.length - this.fill);
      toInt16(block.subarray(i, i + n), this.buf, this.fill);
      this.fill += n;
      i += n;
      if (this.fill === this.length) {
        out.push({ frame: this.start, samples: this.buf, gap: this.gap, gapFrames: this.gap ? this.gapFrames : 0 });
        this.gap = false;
        this.emitted++;
        this.start += this.length;
        this.buf = new Int16Array(this.length);
        this.fill = 0;
      }
    }
    return out;
  }
}

/** UNIX ns of a chunk's first sample: the anchor (frame `anchorFrame` at `anchorNs`) plus the frames since,
 *  in whole nanoseconds (floor). */
export function chunkTimeNs(anchorNs: bigint, anchorFrame: number, frame: number, rate: number): bigint {
  const d = BigInt(frame - anchorFrame) * 1_000_000_000n;
  const r = BigInt(rate);
  // floor division for negative offsets too (a chunk before the anchor)
  const q = d / r;
  return anchorNs + (d % r !== 0n && d < 0n ? q - 1n : q);
}

/** RMS level of 16-bit samples in dBFS (−∞ for silence). */
export function levelDb(samples: Int16Array): number {
  let s = 0;
  for (let i = 0; i < samples.length; i++) s += samples[i] * samples[i];
  const rms = Math.sqrt(s / Math.max(1, samples.length)) / 32767;
  return 20 * Math.log10(rms);
}
