// The heat map's colour scale bar (bottom left, shown while the heat map is on): a CSS gradient of the colour map's
// stops (heatGradientCss(), src/heat.ts: the shader's colours, interpolated the same way), labelled in
// millimetres, the top of the range marked "≥" (larger |u| is drawn in the top colour). Plain DOM, no canvas (the
// page's only canvas is the WebGL one). Styles: #heat-scale in index.html.

import { formatMm, heatGradientCss, heatTicks } from './heat.js';

export class HeatScale {
  readonly root: HTMLDivElement;
  private readonly labels: HTMLDivElement;
  private drawnMax = NaN;

  constructor() {
    this.root = document.createElement('div');
    this.root.id = 'heat-scale';
    this.root.hidden = true;
    const title = document.createElement('div');
    title.className = 'title';
    title.textContent = '|u| flesh (secondary displacement), mm';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.style.background = heatGradientCss();
    this.labels = document.createElement('div');
    this.labels.className = 'labels';
    this.root.append(title, bar, this.labels);
    document.body.append(this.root);
  }

  /** Show (or hide) the bar for the scale 0 … `maxMm`. */
  update(on: boolean, maxMm: number): void {
    this.root.hidden = !on;
    if (!on || maxMm === this.drawnMax) return;
    this.drawnMax = maxMm;
    this.labels.replaceChildren(
      ...heatTicks(maxMm).map((t, i, all) => {
        const l = document.createElement('span');
        l.textContent = (i === all.length - 1 ? '≥' : '') + formatMm(t);
        l.style.left = `${(100 * t) / maxMm}%`;
        return l;
      }),
    );
    this.root.dataset.maxMm = String(maxMm);
  }
}
