// The wire worker (dist/wire-worker.js, a module worker that main.ts starts): the WebSocket to `GET /ws` and the
// FlatBuffers decoding run here, off the page's main thread, which software WebGL blocks for a whole frame (a
// synchronous readback). Every message is read as it arrives; the newest AvatarState per avatar and the newest
// Stats wait in a Coalescer, and the page gets one batch at a time: the next batch is posted only once the page
// has acknowledged the previous one (as it takes it), so at most one batch waits on the main thread and it holds
// the newest states. The message buffers are transferred, not copied. A batch that new states would start is
// posted 1 ms later, so that it holds the whole tick (the daemon sends every avatar's state of a tick at once)
// rather than its first avatar.
//
// page → worker: { type: 'start', url } | { type: 'ack' }
// worker → page: { type: 'open' } | { type: 'close' } | { type: 'error', text } | WireBatch

import { Coalescer, type Batch } from './coalesce.js';
import { Connection, type StateSample, type StatsSample } from './wire.js';

export type ToWorker = { type: 'start'; url: string } | { type: 'ack' };

export interface WireBatch extends Batch<StateSample, StatsSample> {
  type: 'batch';
  /** performance.timeOrigin + performance.now() in the worker when the batch was posted. */
  postedMs: number;
  reconnects: number;
  decodeErrors: number;
  recordsDropped: number;
}

export type FromWorker = { type: 'open' } | { type: 'close' } | { type: 'error'; text: string } | WireBatch;

const scope = self as unknown as {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent<ToWorker>) => void) | null;
};

const coalescer = new Coalescer<StateSample, StatsSample>();
let connection: Connection | null = null;
let timer: number | null = null;

function now(): number {
  return performance.timeOrigin + performance.now();
}

function flush(): void {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  const batch = coalescer.take();
  if (!batch || !connection) return;
  // each state is its own message's buffer (p, z and bytes are views into it): transferred, not copied
  const transfer = batch.states.map((s) => s.bytes.buffer as ArrayBuffer);
  scope.postMessage(
    {
      type: 'batch',
      ...batch,
      postedMs: now(),
      reconnects: connection.reconnects,
      decodeErrors: connection.decodeErrors,
      recordsDropped: coalescer.recordsDropped,
    },
    transfer,
  );
}

scope.onmessage = (ev) => {
  const m = ev.data;
  if (m.type === 'start' && !connection) {
    connection = new Connection(m.url, {
      onOpen: () => scope.postMessage({ type: 'open' }),
      onClose: () => scope.postMessage({ type: 'close' }),
      onError: (text) => scope.postMessage({ type: 'error', text }),
      onMessage: (d) => {
        if (d.kind === 'state') {
          const s = d.state;
          coalescer.offerState(s.avatarId, s, {
            avatarId: s.avatarId,
            seq: s.seq,
            runId: s.runId,
            droppedBefore: s.droppedBefore,
            publishMs: s.publishMs,
            flags: s.flags,
            arrivedMs: now(),
          });
        } else if (d.kind === 'stats') {
          coalescer.offerStats(d.stats);
        } else {
          return;
        }
        if (!coalescer.outstanding && timer === null) timer = self.setTimeout(flush, 1);
      },
    });
    connection.start();
  } else if (m.type === 'ack') {
    coalescer.ack();
    flush();
  }
};
