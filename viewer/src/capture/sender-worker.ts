// The capture page's sender worker (dist/capture-sender-worker.js): it owns the WebSocket to the daemon's
// `/ws/input` (sender.ts), so that no tracker message waits for the page's main thread (on two busy cores the
// main thread held finished frames 165–396 ms before they were sent). Two MessagePorts feed it directly:
//
// - the vision worker's: the encoded messages of each frame, posted the moment inference ends (their
//   `send_time_ns` is stamped there, less than a millisecond before this worker sends them);
// - the audio worklet's: every 20 ms chunk of the microphone (audio-chunk.ts), which this worker times on the
//   audio clock (the anchor the page took when the microphone started), encodes (AudioFrame) and sends.
//
// Every audio sample is accounted for: a chunk the worklet marks (the audio thread skipped frames) is a gap; so
// is audio the audio clock lost while the render thread was starved, which shows as the chunks arriving later
// and later against the wall clock for good (not a transient backlog): when the least lateness over the last
// second exceeds the least ever seen by more than `DRIFT_MS`, that much audio was lost: counted as a gap, and
// the anchor moves by it, so capture times stay on the wall clock (they never drift).
//
// page → worker: InitSender, { type: 'pause', on }, { type: 'mic', ... } / { type: 'mic-stop' }, and the ports.
// worker → page: { type: 'stats', ... } every 250 ms, { type: 'sent', index, sent } per vision frame.

import { chunkTimeNs, levelDb, type Chunk } from './audio-chunk.js';
import { DriftWatch } from './drift.js';
import { encodeAudio } from './encode.js';
import { nowNs } from './ids.js';
import type { VisionKind } from './protocol.js';
import { Sender, type DropReason } from './sender.js';

export type SenderKind = VisionKind | 'mic';

export interface InitSender {
  type: 'init';
  url: string;
  paused: boolean;
  vision: MessagePort;
}

export interface MicConfig {
  type: 'mic';
  audio: MessagePort;
  sourceId: string;
  streamId: bigint;
  rate: number;
  /** The context frame `frame` was captured at UNIX `ns` (main.ts `micAnchor`). */
  anchor: { frame: number; ns: bigint };
  /** Chunks are sent from this UNIX ms on (a new stream waits until the old one went quiet). */
  sendFromMs: number;
}

export interface SenderStats {
  type: 'stats';
  sent: Record<SenderKind, number>;
  dropped: Record<DropReason, number>;
  ws: { open: boolean; state: string; connects: number; lastClose: string };
  mic: { chunks: number; gaps: number; lostMs: number; held: number; levelDb: number; lateMs: number };
}

interface Worker {
  postMessage(m: unknown): void;
  onmessage: ((ev: MessageEvent) => void) | null;
}
const scope = self as unknown as Worker;

const KINDS: SenderKind[] = ['pose', 'face', 'hand_left', 'hand_right', 'mic'];
const sent = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<SenderKind, number>;
const dropped: Record<DropReason, number> = { closed: 0, buffered: 0, rate: 0, size: 0, paused: 0 };
const mic = { chunks: 0, gaps: 0, lostMs: 0, held: 0, levelDb: -Infinity, lateMs: 0 };
let ws = { open: false, state: 'connecting', connects: 0, lastClose: '' };
let sender: Sender | null = null;

function send(kind: SenderKind, bytes: Uint8Array): boolean {
  const why = sender ? sender.send(bytes) : 'closed';
  if (why === null) sent[kind]++;
  else dropped[why]++;
  return why === null;
}

/** One microphone stream: its ids, its anchor on the audio clock and the drift watch. */
class MicStream {
  private drift = new DriftWatch();
  private anchorNs: bigint;
  constructor(private c: MicConfig) {
    this.anchorNs = c.anchor.ns;
    c.audio.onmessage = (ev: MessageEvent<Chunk>) => this.chunk(ev.data);
  }

  stop(): void {
    this.c.audio.onmessage = null;
    this.c.audio.close();
  }

  private chunk(c: Chunk): void {
    mic.chunks++;
    if (c.gap) {
      mic.gaps++;
      mic.lostMs += Math.max(0, (c.gapFrames * 1000) / this.c.rate);
    }
    mic.levelDb = Math.round(levelDb(c.samples) * 10) / 10;
    const { rate, anchor } = this.c;
    const arrivedMs = Number(nowNs() / 1000n) / 1000;
    const startNs = chunkTimeNs(this.anchorNs, anchor.frame, c.frame, rate);
    const endMs = Number(startNs / 1000n) / 1000 + (c.samples.length * 1000) / rate;
    const lost = this.drift.push(endMs, arrivedMs);
    mic.lateMs = Math.round(this.drift.lateMs * 10) / 10;
    if (lost > 0) {
      // the audio clock lost `lost` ms (the render thread starved): a gap, and capture times back on time
      mic.gaps++;
      mic.lostMs += lost;
      this.anchorNs += BigInt(Math.round(lost * 1e6));
    }
    if (arrivedMs < this.c.sendFromMs) {
      mic.held++;
      return;
    }
    const bytes = encodeAudio(
      {
        sourceId: this.c.sourceId,
        streamId: this.c.streamId,
        seq: BigInt(Math.floor((c.frame - anchor.frame) / c.samples.length) + 1),
        captureTimeNs: chunkTimeNs(this.anchorNs, anchor.frame, c.frame, rate),
        sendTimeNs: nowNs(),
      },
      rate,
      c.samples,
    );
    send('mic', bytes);
  }
}
let micStream: MicStream | null = null;

function stats(): SenderStats {
  return { type: 'stats', sent: { ...sent }, dropped: { ...dropped }, ws: { ...ws }, mic: { ...mic } };
}

scope.onmessage = (ev: MessageEvent) => {
  const m = ev.data as InitSender | { type: 'pause'; on: boolean } | MicConfig | { type: 'mic-stop' };
  switch (m.type) {
    case 'init':
      sender = new Sender(m.url, {
        onState: (s, detail) => {
          ws = { open: s === 'open', state: detail ? `${s} (${detail})` : s, connects: sender?.connects ?? 0, lastClose: sender?.lastClose ?? '' };
        },
      });
      sender.paused = m.paused;
      sender.start();
      m.vision.onmessage = (e: MessageEvent<{ index: number; messages: Array<{ kind: VisionKind; bytes: ArrayBuffer }> }>) => {
        const flags = e.data.messages.map((msg) => send(msg.kind, new Uint8Array(msg.bytes)));
        scope.postMessage({ type: 'sent', index: e.data.index, sent: flags });
      };
      setInterval(() => scope.postMessage(stats()), 250);
      break;
    case 'pause':
      if (sender) sender.paused = m.on;
      break;
    case 'mic':
      micStream?.stop();
      micStream = new MicStream(m);
      break;
    case 'mic-stop':
      micStream?.stop();
      micStream = null;
      mic.levelDb = -Infinity;
      break;
  }
};
