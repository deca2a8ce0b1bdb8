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
  /** StateFlags of the newest state (schema: HeldPose 1, Reset 2, Degraded 4, RestPose 8). */
  flags: number;
}

/** The names of a state's flags. */
export function flagNames(flags: number): string[] {
  return ['held', 'reset', 'degraded', 'rest'].filter((_, i) => (flags >> i) & 1);
}

export class Metrics {
  /** (performance.now() of the render, latency ms), newest last. */
  private latencies: { at: number; ms: number }[] = [];
  /** Publish → arrival in the page (the socket's message event), same window. */
  private arrivals: { at: number; ms: number }[] = [];
  private frames: number[] = [];
  readonly avatars = new Map<string, AvatarCounters>();
  framesRendered = 0;
  statesReceived = 0;
  counters = new Map<string, bigint>();
  statsReceived = 0;
  /** How far back the overlay's latency percentiles reach (ms). */
  windowMs = 5000;
  /** How long latency samples are kept (ms; at most 50000 of each). */
  keepMs = 60000;

  avatar(id: string): AvatarCounters {
    let a = this.avatars.get(id);
    if (!a) {
      a = { received: 0, seqGaps: 0, daemonDropped: 0, lastSeq: null, runId: null, arrivals: [], mismatched: 0, flags: 0 };
      this.avatars.set(id, a);
    }
    return a;
  }

  /** A state arrived from the socket. */
  stateArrived(id: string, seq: bigint, runId: bigint, droppedBefore: bigint, publishMs: number, flags: number): void {
    const a = this.avatar(id);
    a.flags = flags;
    const now = performance.now();
    this.arrivals.push({ at: now, ms: nowEpochMs() - publishMs });
    trimWindow(this.arrivals, now - this.keepMs);
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
    trimWindow(this.latencies, now - this.keepMs);
  }

  /** Publish → arrival latencies (ms) of states that arrived at or after `since`, oldest first. */
  recentArrivals(since = -Infinity): number[] {
    return this.arrivals.filter((l) => l.at >= since).map((l) => l.ms);
  }

  /** Publish → render latencies (ms) of frames drawn at or after `since` (performance.now()), oldest first. */
  recentLatencies(since = -Infinity): number[] {
    return this.latencies.filter((l) => l.at >= since).map((l) => l.ms);
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

/** Drop entries older than `before`, and the oldest beyond 50000. */
function trimWindow(list: { at: number }[], before: number): void {
  let i = 0;
  while (i < list.length && (list[i].at < before || list.length - i > 50000)) i++;
  if (i > 0) list.splice(0, i);
}

function trim(times: number[], before: number): void {
  let i = 0;
  while (i < times.length && times[i] < before) i++;
  if (i > 0) times.splice(0, i);
}
