// What the viewer measures: publish → render latency (the render time is `performance.timeOrigin +
// performance.now()` right after the draw, for the first render of each new state), render frame rate, states
// per second and seq gaps per avatar, and the daemon's web counters from its Stats messages.

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i];
}

/** Wall-clock milliseconds since the UNIX epoch, from the high-resolution clock. */
export function nowEpochMs(): number {
  return performance.timeOrigin + performance.now();
}

export interface AvatarCounters {
  received: number;
  /** States missing between consecutive seqs (same run), plus the daemon's own dropped_before. */
  seqGaps: number;
  daemonDropped: number;
  lastSeq: bigint | null;
  runId: bigint | null;
  arrivals: number[];
  mismatched: number;
}

export class Metrics {
  /** (performance.now() of the render, latency ms), newest last. */
  private latencies: { at: number; ms: number }[] = [];
  private frames: number[] = [];
  readonly avatars = new Map<string, AvatarCounters>();
  framesRendered = 0;
  statesReceived = 0;
  counters = new Map<string, bigint>();
  statsReceived = 0;
  /** How long latency and rate windows reach back (ms). */
  windowMs = 5000;

  avatar(id: string): AvatarCounters {
    let a = this.avatars.get(id);
    if (!a) {
      a = { received: 0, seqGaps: 0, daemonDropped: 0, lastSeq: null, runId: null, arrivals: [], mismatched: 0 };
      this.avatars.set(id, a);
    }
    return a;
  }

  /** A state arrived from the socket. */
  stateArrived(id: string, seq: bigint, runId: bigint, droppedBefore: bigint): void {
    const a = this.avatar(id);
    const now = performance.now();
    a.received++;
    this.statesReceived++;
    if (a.runId === runId && a.lastSeq !== null && seq > a.lastSeq + 1n) {
      a.seqGaps += Number(seq - a.lastSeq - 1n);
    }
    a.daemonDropped += Number(droppedBefore);
    a.runId = runId;
    a.lastSeq = seq;
    a.arrivals.push(now);
    trim(a.arrivals, now - 2000);
  }

  frameRendered(latenciesMs: number[]): void {
    const now = performance.now();
    this.framesRendered++;
    this.frames.push(now);
    trim(this.frames, now - 2000);
    for (const ms of latenciesMs) this.latencies.push({ at: now, ms });
    const cut = now - this.windowMs;
    let i = 0;
    while (i < this.latencies.length && (this.latencies[i].at < cut || this.latencies.length - i > 50000)) i++;
    if (i > 0) this.latencies.splice(0, i);
  }

  /** Latencies of the window, oldest first. */
  recentLatencies(): number[] {
    return this.latencies.map((l) => l.ms);
  }

  fps(): number {
    const now = performance.now();
    trim(this.frames, now - 2000);
    if (this.frames.length < 2) return 0;
    return (this.frames.length - 1) / ((this.frames[this.frames.length - 1] - this.frames[0]) / 1000);
  }

  statesPerSecond(id: string): number {
    const a = this.avatars.get(id);
    if (!a) return 0;
    const now = performance.now();
    trim(a.arrivals, now - 2000);
    if (a.arrivals.length < 2) return 0;
    return (a.arrivals.length - 1) / ((a.arrivals[a.arrivals.length - 1] - a.arrivals[0]) / 1000);
  }

  statsArrived(counters: Map<string, bigint>): void {
    this.statsReceived++;
    this.counters = counters;
  }
}

function trim(times: number[], before: number): void {
  let i = 0;
  while (i < times.length && times[i] < before) i++;
  if (i > 0) times.splice(0, i);
}
