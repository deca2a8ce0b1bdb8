// What the viewer measures: publish → render latency (the render time is `performance.timeOrigin +
// performance.now()` right after the draw, for the first render of each new state), render frame rate, states
// per second and seq gaps per avatar, and the daemon's web counters from its Stats messages. States arrive in
// the wire worker (src/wire-worker.ts), which stamps their arrival; the page takes them in batches (publish →
// take), and states replaced in the worker before the page took them are counted as coalesced.

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
  /** States replaced in the wire worker by a newer one before the page took them. */
  coalesced: number;
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
  /** Publish → arrival in the wire worker (the socket's message event there), same window. */
  private arrivals: { at: number; ms: number }[] = [];
  /** Publish → the page taking the state from the worker's batch (only the states the page took). */
  private takes: { at: number; ms: number }[] = [];
  private frames: number[] = [];
  readonly avatars = new Map<string, AvatarCounters>();
  framesRendered = 0;
  statesReceived = 0;
  counters = new Map<string, bigint>();
  statsReceived = 0;
  /** States the page took from the worker's batches, and the batches. */
  statesTaken = 0;
  batchesTaken = 0;
  coalescedTotal = 0;
  /** How far back the overlay's latency percentiles reach (ms). */
  windowMs = 5000;
  /** How long latency samples are kept (ms; at most 50000 of each). */
  keepMs = 60000;

  avatar(id: string): AvatarCounters {
    let a = this.avatars.get(id);
    if (!a) {
      a = { received: 0, seqGaps: 0, daemonDropped: 0, lastSeq: null, runId: null, arrivals: [], mismatched: 0, coalesced: 0, flags: 0 };
      this.avatars.set(id, a);
    }
    return a;
  }

  /** A state arrived from the socket (at `arrivedMs`, UNIX epoch ms, stamped by the wire worker; default now). */
  stateArrived(
    id: string,
    seq: bigint,
    runId: bigint,
    droppedBefore: bigint,
    publishMs: number,
    flags: number,
    arrivedMs = nowEpochMs(),
  ): void {
    const a = this.avatar(id);
    a.flags = flags;
    // the page's performance.now() of the arrival (the worker's clock has another time origin)
    const now = arrivedMs - performance.timeOrigin;
    this.arrivals.push({ at: now, ms: arrivedMs - publishMs });
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

  /** The page took a batch from the worker holding states published at `publishMs` (now, UNIX epoch ms). */
  batchTaken(publishMs: number[], nowMs = nowEpochMs()): void {
    const at = nowMs - performance.timeOrigin;
    this.batchesTaken++;
    this.statesTaken += publishMs.length;
    for (const p of publishMs) this.takes.push({ at, ms: nowMs - p });
    trimWindow(this.takes, at - this.keepMs);
  }

  /** The worker's cumulative coalesced counts. */
  setCoalesced(perAvatar: Record<string, number>, total: number): void {
    for (const [id, n] of Object.entries(perAvatar)) this.avatar(id).coalesced = n;
    this.coalescedTotal = total;
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

  /** Publish → take latencies (ms) of states the page took at or after `since`, oldest first. */
  recentTakes(since = -Infinity): number[] {
    return this.takes.filter((l) => l.at >= since).map((l) => l.ms);
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
