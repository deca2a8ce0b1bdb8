// The stats overlay (top left): connection, render fps, publish → render latency p50/p99 over the last seconds,
// per avatar states/s, seq gaps and flags, the daemon's web counters; the rig-only / with-secondary toggle and the
// heat-map toggle (|u| in mm, src/heat.ts).

import { Metrics, flagNames, percentile } from './metrics.js';

export interface OverlayModel {
  connected(): boolean;
  avatarIds(): string[];
  secondary(): boolean;
  setSecondary(on: boolean): void;
  heat(): boolean;
  heatMaxMm(): number;
  setHeat(on: boolean): void;
  frozen(): boolean;
  status(): string;
}

/** A publish → render time further below zero than this says the clocks disagree (ms). */
const CLOCK_SLACK_MS = 20;

export class Overlay {
  private root: HTMLDivElement;
  private text: HTMLPreElement;
  private toggle: HTMLButtonElement;
  private heatToggle: HTMLButtonElement;

  constructor(private metrics: Metrics, private model: OverlayModel) {
    this.root = document.createElement('div');
    this.root.id = 'overlay';
    this.toggle = document.createElement('button');
    this.toggle.id = 'secondary-toggle';
    this.toggle.addEventListener('click', () => {
      this.model.setSecondary(!this.model.secondary());
      this.update();
    });
    this.heatToggle = document.createElement('button');
    this.heatToggle.id = 'heat-toggle';
    this.heatToggle.addEventListener('click', () => {
      this.model.setHeat(!this.model.heat());
      this.update();
    });
    this.text = document.createElement('pre');
    this.root.append(this.toggle, ' ', this.heatToggle, this.text);
    document.body.append(this.root);
    window.setInterval(() => this.update(), 250);
    this.update();
  }

  update(): void {
    const m = this.metrics;
    this.toggle.textContent = this.model.secondary() ? 'with secondary motion (click: rig only)' : 'rig only (click: with secondary motion)';
    this.heatToggle.textContent = this.model.heat()
      ? `heat map |u| 0–${Number(this.model.heatMaxMm().toPrecision(3))} mm (h; [ ] scale)`
      : 'material (h: heat map of |u|)';
    const since = performance.now() - m.windowMs;
    const lat = m.recentLatencies(since);
    const arr = m.recentArrivals(since);
    const took = m.recentTakes(since);
    const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
    // The daemon stamps publish times with its clock, the page its render times with the browser's: on another
    // machine (or a clock that jumped) a "latency" below zero is the two clocks' offset, not a latency.
    const p50 = percentile(lat, 0.5);
    const latency =
      p50 < -CLOCK_SLACK_MS
        ? `publish→render: not measurable, this browser's clock is ${f(-p50)} ms behind the daemon's`
        : `publish→render ${f(p50)} ms p50  ${f(percentile(lat, 0.99))} ms p99  (last ${m.windowMs / 1000} s, n=${lat.length})`;
    const lines = [
      `${this.model.connected() ? 'connected' : 'disconnected'}${this.model.frozen() ? ' (frozen)' : ''}  ${this.model.status()}`,
      `render ${f(m.fps())} fps   frames ${m.framesRendered}`,
      latency,
      `publish→arrival ${f(percentile(arr, 0.5))} ms p50  ${f(percentile(arr, 0.99))} ms p99  (wire worker)`,
      `publish→take ${f(percentile(took, 0.5))} ms p50  ${f(percentile(took, 0.99))} ms p99  (page)  coalesced ${m.coalescedTotal}`,
    ];
    for (const id of this.model.avatarIds()) {
      const a = m.avatars.get(id);
      lines.push(
        `${id}: ${f(m.statesPerSecond(id))} states/s  seq ${a?.lastSeq ?? '–'}  gaps ${a?.seqGaps ?? 0}` +
          (a && a.coalesced > 0 ? `  coalesced ${a.coalesced}` : '') +
          (a && a.daemonDropped > 0 ? `  daemon-dropped ${a.daemonDropped}` : '') +
          (a && a.mismatched > 0 ? `  mismatched ${a.mismatched}` : '') +
          (a && a.flags ? `  [${flagNames(a.flags).join(' ')}]` : ''),
      );
    }
    const c = m.counters;
    lines.push(`web.dropped ${c.get('web.dropped') ?? '–'}  web.clients ${c.get('web.clients') ?? '–'}`);
    this.text.textContent = lines.join('\n');
  }
}
