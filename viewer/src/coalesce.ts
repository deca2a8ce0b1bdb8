// The wire worker's hand-over to the page (src/wire-worker.ts), kept free of the DOM so that it is unit-tested:
// the newest state per avatar and the newest Stats wait here; a state that replaces one the page has not taken
// yet is counted as coalesced; every state's arrival is recorded (for the page's counters and publish → arrival
// latency); and at most one batch is out at a time: take() gives nothing until the page has acknowledged the
// previous batch (ack()).

/** One state as it arrived in the worker (every state, coalesced or not). */
export interface ArrivalRecord {
  avatarId: string;
  seq: bigint;
  runId: bigint;
  droppedBefore: bigint;
  publishMs: number;
  flags: number;
  /** Arrival in the worker: milliseconds since the UNIX epoch (performance.timeOrigin + performance.now()). */
  arrivedMs: number;
}

export interface Batch<S, T> {
  /** The newest state of each avatar that has one since the last batch, in arrival order of the avatars. */
  states: S[];
  /** The newest Stats since the last batch, if any. */
  stats: T | null;
  /** Every state that arrived since the last batch, oldest first (at most `maxRecords`; older ones dropped). */
  records: ArrivalRecord[];
  /** Cumulative per avatar: states replaced in the worker before the page took them. */
  coalesced: Record<string, number>;
  coalescedTotal: number;
}

export class Coalescer<S, T> {
  private pending = new Map<string, S>();
  private stats: T | null = null;
  private records: ArrivalRecord[] = [];
  private coalesced: Record<string, number> = {};
  coalescedTotal = 0;
  /** Records dropped because the page took none for a long time (more than maxRecords waiting). */
  recordsDropped = 0;
  /** A batch is out and not yet acknowledged. */
  outstanding = false;

  constructor(private maxRecords = 50000) {}

  /** A state arrived: it replaces the avatar's waiting state (counted as coalesced). */
  offerState(id: string, state: S, record: ArrivalRecord): void {
    if (this.pending.has(id)) {
      this.coalesced[id] = (this.coalesced[id] ?? 0) + 1;
      this.coalescedTotal++;
    }
    this.pending.set(id, state);
    this.records.push(record);
    if (this.records.length > this.maxRecords) {
      const n = this.records.length - this.maxRecords;
      this.records.splice(0, n);
      this.recordsDropped += n;
    }
  }

  offerStats(stats: T): void {
    this.stats = stats;
  }

  /** The page took the previous batch. */
  ack(): void {
    this.outstanding = false;
  }

  /** The next batch, or null when one is still out or nothing is waiting. */
  take(): Batch<S, T> | null {
    if (this.outstanding || (this.pending.size === 0 && this.stats === null)) return null;
    const batch: Batch<S, T> = {
      states: [...this.pending.values()],
      stats: this.stats,
      records: this.records,
      coalesced: { ...this.coalesced },
      coalescedTotal: this.coalescedTotal,
    };
    this.pending.clear();
    this.stats = null;
    this.records = [];
    this.outstanding = true;
    return batch;
  }
}
