// Stream identities and clocks of the capture page, as the Python tracker makes them
// (tracker-bridge/python/avatar_tracker/bridge.py): one source id per stream, `<prefix>/<kind>`, cut to the
// protocol's 256 bytes on a character boundary; a random 64-bit stream id per page load and stream; UNIX
// nanoseconds as BigInt.

/** Longest id the protocol accepts (schema/README.md §3), in UTF-8 bytes. */
export const MAX_ID_BYTES = 256;

/** The default prefix of the page's source ids (`?prefix=` changes it). */
export const DEFAULT_PREFIX = 'browser';

/** The kinds of stream the page sends, and the suffix of each source id. */
export const STREAM_KINDS = ['pose', 'face', 'hand_left', 'hand_right', 'mic'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `<prefix>/<suffix>`; a prefix that would make it longer than 256 bytes is cut (whole characters only), as
 *  `_id` in bridge.py does. */
export function sourceId(prefix: string, suffix: string): string {
  const sid = `${prefix}/${suffix}`;
  if (encoder.encode(sid).length <= MAX_ID_BYTES) return sid;
  const bytes = encoder.encode(prefix);
  let keep = Math.max(0, MAX_ID_BYTES - encoder.encode(suffix).length - 1);
  // a cut inside a multi-byte character drops that character (Python's decode("utf-8", "ignore"))
  while (keep > 0 && keep < bytes.length && (bytes[keep] & 0xc0) === 0x80) keep--;
  return `${decoder.decode(bytes.subarray(0, keep))}/${suffix}`;
}

/** A random u64 (crypto.getRandomValues): a new stream id. */
export function randomU64(): bigint {
  const v = new BigUint64Array(1);
  crypto.getRandomValues(v);
  return v[0];
}

/** UNIX nanoseconds of a `performance.now()` time of this context (`timeOrigin` is the context's own). The
 *  whole milliseconds of the origin are added as integers, so the sum keeps sub-microsecond precision. */
export function unixNs(perfMs: number, timeOrigin: number = performance.timeOrigin): bigint {
  const whole = Math.floor(timeOrigin);
  return BigInt(whole) * 1_000_000n + BigInt(Math.round((timeOrigin - whole + perfMs) * 1e6));
}

/** UNIX nanoseconds now. */
export function nowNs(): bigint {
  return unixNs(performance.now());
}
