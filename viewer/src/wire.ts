// The wire: decoding the daemon's FlatBuffers messages (schema/avatar.fbs, generated code in ./generated) and the
// WebSocket connection to `GET /ws` with reconnects (exponential back-off, reset once a connection opens). Both
// run in the wire worker (src/wire-worker.ts), off the page's main thread.

import * as flatbuffers from 'flatbuffers';
import { Message } from './generated/avatar/wire/message.js';
import { Payload } from './generated/avatar/wire/payload.js';
import { AvatarState } from './generated/avatar/wire/avatar-state.js';
import { Stats } from './generated/avatar/wire/stats.js';

/** The schema_version this viewer understands (schema/README.md: readers reject newer ones). */
export const SCHEMA_VERSION = 3;

export interface StateSample {
  avatarId: string;
  seq: bigint;
  runId: bigint;
  /** publish_time_ns in milliseconds since the UNIX epoch (microsecond resolution). */
  publishMs: number;
  inputCaptureMs: number;
  droppedBefore: bigint;
  flags: number;
  assetHash: string;
  p: Float32Array;
  z: Float32Array;
  /** The held part's joints (per joint R row-major, then its coefficients; empty when none). */
  held: Float32Array;
  /** The message's bytes (not copied: a socket's message buffer is not reused), for replaying with freeze(). */
  bytes: Uint8Array;
}

export interface StatsSample {
  timeMs: number;
  counters: Map<string, bigint>;
}

export type Decoded =
  | { kind: 'state'; state: StateSample }
  | { kind: 'stats'; stats: StatsSample }
  | { kind: 'other'; payload: number };

function nsToMs(ns: bigint): number {
  // whole microseconds as a bigint first: Number(ns) alone would round to ~256 ns, fine too, but this is exact
  return Number(ns / 1000n) / 1000;
}

/** The state's flags. Not `s.flags()`: flatc 25.12.19's TypeScript gives an absent bit_flags field the first
 *  flag (HeldPose = 1) as its default instead of 0, and writers omit the field when no flag is set (the Rust
 *  and Python readers return 0 then). */
function stateFlags(s: AvatarState): number {
  const bb = s.bb as flatbuffers.ByteBuffer;
  const offset = bb.__offset(s.bb_pos, 22);
  return offset ? bb.readUint32(s.bb_pos + offset) : 0;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
let lastHashBytes: Uint8Array | null = null;
let lastHash = '';

function hex(bytes: Uint8Array | null): string {
  if (!bytes) return '';
  // the same asset hash arrives with every state: keep the last one's string
  const last = lastHashBytes;
  if (last && last.length === bytes.length && last.every((b, i) => b === bytes[i])) return lastHash;
  let s = '';
  for (const b of bytes) s += HEX[b];
  lastHashBytes = bytes.slice();
  lastHash = s;
  return s;
}

/** Decode one message. Throws on a malformed buffer or a newer schema version. */
export function decodeMessage(bytes: Uint8Array): Decoded {
  // float vectors are read as Float32Array views: the buffer must start 8-aligned as flatbuffers assumes
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const bb = new flatbuffers.ByteBuffer(bytes);
  if (bytes.length < 8 || !Message.bufferHasIdentifier(bb)) throw new Error('not an AVTR message');
  const msg = Message.getRootAsMessage(bb);
  const version = msg.schemaVersion();
  if (version > SCHEMA_VERSION) throw new Error(`schema_version ${version} is newer than ${SCHEMA_VERSION}`);
  switch (msg.payloadType()) {
    case Payload.AvatarState: {
      const s = msg.payload(new AvatarState()) as AvatarState;
      const p = s.pArray();
      const z = s.zArray();
      const held = s.heldArray();
      return {
        kind: 'state',
        state: {
          avatarId: s.avatarId() ?? '',
          seq: s.seq(),
          runId: s.runId(),
          publishMs: nsToMs(s.publishTimeNs()),
          inputCaptureMs: nsToMs(s.inputCaptureTimeNs()),
          droppedBefore: s.droppedBefore(),
          flags: stateFlags(s),
          assetHash: hex(s.assetHashArray()),
          // views into the message (its buffer is not reused and was aligned above): no copy per message
          p: p ?? new Float32Array(0),
          z: z ?? new Float32Array(0),
          held: held ?? new Float32Array(0),
          bytes,
        },
      };
    }
    case Payload.Stats: {
      const s = msg.payload(new Stats()) as Stats;
      const counters = new Map<string, bigint>();
      for (let i = 0; i < s.countersLength(); i++) {
        const c = s.counters(i);
        const name = c?.name();
        if (c && name) counters.set(name, c.value());
      }
      return { kind: 'stats', stats: { timeMs: nsToMs(s.timeNs()), counters } };
    }
    default:
      return { kind: 'other', payload: msg.payloadType() };
  }
}

export interface ConnectionEvents {
  onOpen(): void;
  onClose(): void;
  onMessage(d: Decoded): void;
  onError(text: string): void;
}

/** `GET /ws` (filtered to `avatars` when given), reconnecting with back-off 0.25 s … 5 s. */
export class Connection {
  private socket: WebSocket | null = null;
  private delay = 250;
  private timer: number | null = null;
  private closed = false;
  open = false;
  reconnects = 0;
  decodeErrors = 0;

  constructor(private url: string, private events: ConnectionEvents) {}

  static urlFor(base: Location, avatars: string[]): string {
    const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = avatars.map((a) => `avatar=${encodeURIComponent(a)}`).join('&');
    return `${scheme}//${base.host}/ws${q ? `?${q}` : ''}`;
  }

  start(): void {
    this.closed = false;
    this.connect();
  }

  stop(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close();
  }

  private connect(): void {
    this.timer = null;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.events.onError(`websocket: ${String(e)}`);
      this.retry();
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.socket = ws;
    ws.onopen = () => {
      this.open = true;
      this.delay = 250;
      this.events.onOpen();
    };
    ws.onmessage = (ev: MessageEvent) => {
      if (!(ev.data instanceof ArrayBuffer)) return;
      let d: Decoded;
      try {
        d = decodeMessage(new Uint8Array(ev.data));
      } catch (e) {
        this.decodeErrors++;
        if (this.decodeErrors <= 3) this.events.onError(`decode: ${String(e)}`);
        return;
      }
      this.events.onMessage(d);
    };
    ws.onclose = () => {
      const wasOpen = this.open;
      this.open = false;
      this.socket = null;
      if (wasOpen) this.events.onClose();
      if (!this.closed) this.retry();
    };
  }

  private retry(): void {
    if (this.closed || this.timer !== null) return;
    this.reconnects++;
    const wait = this.delay;
    this.delay = Math.min(5000, this.delay * 2);
    this.timer = self.setTimeout(() => this.connect(), wait);
  }
}
