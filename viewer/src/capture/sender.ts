// The capture page's WebSocket to the daemon's `/ws/input`: one binary message per tracker frame, reconnecting
// with back-off (0.25 s doubling to 5 s, reset once a connection opens). Nothing is queued: a message is dropped
// (and counted) while the socket is not open, while the socket's own buffer holds more than BUFFERED_MAX bytes
// (the network or the daemon is behind), or when the page would go over its own rate (a token bucket well
// inside the daemon's bounds: the daemon closes a connection over 600 messages/s on average or bursts over
// 240, and refuses messages over 64 KiB).

/** Largest message the daemon takes on `/ws/input`. */
export const MESSAGE_MAX = 64 * 1024;
/** Bytes waiting in the socket beyond which new messages are dropped. */
export const BUFFERED_MAX = 256 * 1024;
/** The page's own rate bound: messages per second on average, and burst (the daemon's: 600 and 240). */
export const SEND_RATE = 300;
export const SEND_BURST = 60;

export type DropReason = 'closed' | 'buffered' | 'rate' | 'size' | 'paused';

/** A token bucket: `rate` tokens per second, `burst` deep, full at the start. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly rate: number,
    readonly burst: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.at = nowMs;
  }

  take(nowMs: number): boolean {
    const dt = Math.max(0, nowMs - this.at) / 1000;
    this.at = Math.max(this.at, nowMs);
    this.tokens = Math.min(this.burst, this.tokens + dt * this.rate);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    return false;
  }
}

export interface SenderEvents {
  onState(state: 'connecting' | 'open' | 'closed', detail?: string): void;
}

export class Sender {
  private socket: WebSocket | null = null;
  private delay = 250;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private bucket: TokenBucket;
  open = false;
  /** Drop every message (tests: a quiet moment to compare the page's counters with the daemon's). */
  paused = false;
  connects = 0;
  reconnects = 0;
  lastClose = '';

  constructor(
    readonly url: string,
    private events: SenderEvents,
  ) {
    this.bucket = new TokenBucket(SEND_RATE, SEND_BURST, performance.now());
  }

  static urlFor(base: Location): string {
    const scheme = base.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${base.host}/ws/input`;
  }

  start(): void {
    this.connect();
  }

  /** Send one message now, or say why it was dropped. */
  send(bytes: Uint8Array): DropReason | null {
    const ws = this.socket;
    if (this.paused) return 'paused';
    if (!ws || !this.open || ws.readyState !== WebSocket.OPEN) return 'closed';
    if (bytes.byteLength > MESSAGE_MAX) return 'size';
    if (ws.bufferedAmount > BUFFERED_MAX) return 'buffered';
    if (!this.bucket.take(performance.now())) return 'rate';
    ws.send(bytes);
    return null;
  }

  private connect(): void {
    this.timer = null;
    this.events.onState('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.lastClose = String(e);
      this.retry();
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.socket = ws;
    ws.onopen = () => {
      this.open = true;
      this.connects++;
      this.delay = 250;
      this.events.onState('open');
    };
    ws.onmessage = () => {}; // the daemon sends nothing on this socket
    ws.onclose = (ev: CloseEvent) => {
      this.open = false;
      this.socket = null;
      this.lastClose = ev.reason ? `${ev.code} ${ev.reason}` : `${ev.code}`;
      this.events.onState('closed', this.lastClose);
      this.retry();
    };
  }

  private retry(): void {
    if (this.timer !== null) return;
    this.reconnects++;
    const wait = this.delay;
    this.delay = Math.min(5000, this.delay * 2);
    this.timer = setTimeout(() => this.connect(), wait);
  }
}
