#!/usr/bin/env node
// Drives the viewer in headless Chromium (playwright-core, the system's browser: nothing is downloaded).
//
//   node test/browser.mjs --url URL [--seconds S] [--out result.json] [--save-state state.bin] [--screenshot page.png]
//       load the page, wait for window.avatarViewer.ready, then measure for S seconds (default 5): render fps,
//       publish→render, publish→arrival (wire worker) and publish→take (page) latency p50/p95/p99/max, states received, per-avatar counters,
//       console errors; the JSON goes to --out (and stdout). --save-state writes the last AvatarState message
//       received (for --state); --screenshot writes the whole page (overlay included) at the end.
//   node test/browser.mjs --url URL --state state.bin [--viewproj 16,floats] --width W --height H --screenshot out.png
//       freeze the given state (one Message with an AvatarState) and write a screenshot of the canvas; the
//       page is loaded with width/height (and viewproj) URL parameters, so the camera is fixed.
//   node test/browser.mjs --url URL --samples N --seconds S --sample-dir DIR [--camera fixed] [--transparent 1]
//       the stage over a clip (a walk): once the page is ready and draws states it prints the line `ready`, then
//       takes N frames of the canvas as drawn (window.avatarViewer.captureFrame(): a screenshot of the page takes
//       a second on software WebGL), one every S/N seconds, DIR/sample-NN.png, each with the stage it was drawn
//       on (camera mode, followed displacement, ground, roots: window.avatarViewer.stage()); the
//       JSON (samples: [{t, file, stage}]) goes to --out (and stdout). No overlay. The driver starts the clip on
//       `ready`.
//   --camera MODE   camera=MODE (follow, fixed); --state without --viewproj sets camera=fixed unless given, so
//                   that its fixed framing is the renderer's.
//   --transparent 1 the OBS browser-source mode (transparent background, no ground, no overlay).
//   --secondary 0   rig-only view (z = 0) for either mode.
//   --heat 1        the heat map of |u| (heat=1); --heatmax MM the top of its scale (heatmax=MM).
//   --check-heat    after the run (or the frozen state): window.avatarViewer.heatCheck(), the GPU's |u| per vertex
//                   against the CPU reference and the shader's colour map against heatColor(), in the JSON as
//                   `heatCheck`; exit 1 when |u| differs by more than 1e-3 mm (+ 1e-5 of the largest) or a colour
//                   by more than 1e-4.
//   --shot page     with --state: a screenshot of the whole page (the heat map's scale bar included), not the canvas.
//   --viewport WxH  the browser window (default 960x540; the page's canvas fills it unless --width/--height).
//   --compositing gpu  SwiftShader composites too (default: software compositing, as --disable-gpu gives).
//
// Chromium: $CHROMIUM or /usr/bin/chromium, with SwiftShader WebGL (software) unless --gpu is given.
// Exit status: 0 on success, 1 when the page failed (errors, not ready in time, nothing rendered), 2 on usage.

import { chromium } from 'playwright-core';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HEADLESS_FLAGS } from './chromium-flags.mjs';

function parseArgs(argv) {
  const opts = { seconds: 5, timeout: 60 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) usage(`unexpected argument ${a}`);
    const key = a.slice(2);
    if (key === 'gpu' || key === 'help' || key === 'check-heat') {
      opts[key] = true;
      continue;
    }
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts[key] = argv[++i];
  }
  if (opts.help) usage();
  if (!opts.url) usage('--url is required');
  for (const k of ['seconds', 'timeout', 'width', 'height', 'samples']) {
    if (opts[k] !== undefined) opts[k] = Number(opts[k]);
  }
  if (opts.state && !(opts.width > 0 && opts.height > 0 && opts.screenshot)) {
    usage('--state needs --width, --height and --screenshot');
  }
  return opts;
}

function usage(msg) {
  if (msg) console.error(`browser.mjs: ${msg}`);
  console.error(
    'usage: browser.mjs --url URL [--seconds S] [--out result.json] [--save-state state.bin] [--screenshot page.png]\n' +
      '       browser.mjs --url URL --state state.bin [--viewproj 16,floats] --width W --height H --screenshot out.png\n' +
      '       browser.mjs --url URL --samples N --seconds S --sample-dir DIR [--out result.json]\n' +
      '       [--camera follow|fixed] [--transparent 1] [--secondary 0] [--heat 1] [--heatmax MM] [--check-heat]\n' +
      '       [--shot page] [--viewport WxH]\n' +
      '       [--compositing gpu] [--timeout S] [--gpu]',
  );
  process.exit(msg ? 2 : 0);
}

function percentile(values, q) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

const opts = parseArgs(process.argv.slice(2));
const flags = [...HEADLESS_FLAGS];
// --compositing gpu: SwiftShader also composites the page (no --disable-gpu), so the canvas is not read back
// synchronously on the page's main thread every frame (Chromium's software compositing does that)
if (!opts.gpu) {
  if (opts.compositing !== 'gpu') flags.push('--disable-gpu');
  flags.push('--use-angle=swiftshader', '--enable-unsafe-swiftshader');
}

const url = new URL(opts.url);
if (opts.width) url.searchParams.set('width', String(opts.width));
if (opts.height) url.searchParams.set('height', String(opts.height));
if (opts.viewproj) url.searchParams.set('viewproj', opts.viewproj);
if (opts.secondary !== undefined) url.searchParams.set('secondary', String(opts.secondary));
if (opts.heat !== undefined) url.searchParams.set('heat', String(opts.heat));
if (opts.heatmax !== undefined) url.searchParams.set('heatmax', String(opts.heatmax));
if (opts.camera !== undefined) url.searchParams.set('camera', String(opts.camera));
else if (opts.state) url.searchParams.set('camera', 'fixed');
if (opts.transparent !== undefined) url.searchParams.set('transparent', String(opts.transparent));
if (opts.state || opts.samples) url.searchParams.set('overlay', '0');

/** window.avatarViewer.heatCheck() and whether it is within the tolerances (see --check-heat). */
async function checkHeat(page) {
  const h = await page.evaluate(() => window.avatarViewer.heatCheck());
  const ok = h.maxAbsErrMm <= 1e-3 + 1e-5 * h.maxMm && h.colourMaxErr <= 1e-4;
  if (!ok) console.error(`browser.mjs: heat map check failed: ${JSON.stringify(h)}`);
  return { ...h, ok };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: flags,
});
const consoleErrors = [];
let status = 0;
try {
  // the page fills the viewport unless width/height fix the canvas; software WebGL pays for every pixel
  const [vw, vh] = (opts.viewport ?? '960x540').split('x').map(Number);
  if (!(vw > 0 && vh > 0)) usage('--viewport is WIDTHxHEIGHT');
  const context = await browser.newContext({
    viewport: { width: opts.width || vw, height: opts.height || vh },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.goto(url.toString(), { waitUntil: 'load', timeout: opts.timeout * 1000 });
  await page.waitForFunction(() => window.avatarViewer !== undefined, null, { timeout: opts.timeout * 1000 });
  const readyAt = Date.now();
  await page.evaluate(
    (ms) =>
      Promise.race([
        window.avatarViewer.ready,
        new Promise((_, reject) => setTimeout(() => reject(new Error(`not ready after ${ms} ms`)), ms)),
      ]),
    opts.timeout * 1000,
  );
  const readyMs = Date.now() - readyAt;

  if (opts.samples) {
    if (!opts['sample-dir']) usage('--samples needs --sample-dir');
    await mkdir(opts['sample-dir'], { recursive: true });
    // drawing states: a root to follow
    await page.waitForFunction(() => Object.values(window.avatarViewer.stage().roots).some((r) => r !== null), null, {
      timeout: opts.timeout * 1000,
    });
    console.log('ready');
    const t0 = Date.now();
    const samples = [];
    for (let i = 0; i < opts.samples; i++) {
      const wait = t0 + ((i + 1) * opts.seconds * 1000) / opts.samples - Date.now();
      if (wait > 0) await page.waitForTimeout(wait);
      const file = join(opts['sample-dir'], `sample-${String(i).padStart(2, '0')}.png`);
      const c = await page.evaluate(() => window.avatarViewer.captureFrame());
      await writeFile(file, Buffer.from(c.png.slice(c.png.indexOf(',') + 1), 'base64'));
      samples.push({ t: (Date.now() - t0) / 1000, file, stage: c.stage });
    }
    const errors = await page.evaluate(() => window.avatarViewer.errors);
    const result = { url: url.toString(), readyMs, samples, viewerErrors: errors, consoleErrors };
    const text = JSON.stringify(result, null, 2);
    if (opts.out) await writeFile(opts.out, text + '\n');
    console.log(text);
  } else if (opts.state) {
    const bytes = [...(await readFile(opts.state))];
    const before = await page.evaluate((b) => {
      window.avatarViewer.freeze(new Uint8Array(b));
      return window.avatarViewer.framesRendered;
    }, bytes);
    // two more frames: the frozen state is drawn and presented
    await page.waitForFunction((n) => window.avatarViewer.framesRendered >= n + 2, before, { timeout: 30000 });
    if (opts.shot === 'page') await page.screenshot({ path: opts.screenshot, omitBackground: true });
    else await page.locator('canvas').screenshot({ path: opts.screenshot, omitBackground: true });
    const out = { screenshot: opts.screenshot, url: url.toString(), readyMs, consoleErrors };
    if (opts['check-heat']) {
      out.heatCheck = await checkHeat(page);
      if (!out.heatCheck.ok) status = 1;
    }
    console.log(JSON.stringify(out));
  } else {
    const start = await page.evaluate(() => ({
      frames: window.avatarViewer.framesRendered,
      states: window.avatarViewer.statesReceived,
      t: performance.now(),
    }));
    await page.waitForTimeout(opts.seconds * 1000);
    const end = await page.evaluate((since) => ({
      frames: window.avatarViewer.framesRendered,
      states: window.avatarViewer.statesReceived,
      t: performance.now(),
      latency: window.avatarViewer.latency(since),
      arrival: window.avatarViewer.arrivalLatency(since),
      take: window.avatarViewer.takeLatency ? window.avatarViewer.takeLatency(since) : [],
      summary: window.avatarViewer.summary(),
      errors: window.avatarViewer.errors,
    }), start.t);
    const seconds = (end.t - start.t) / 1000;
    // latencies of the measured interval only: the page keeps a window of the last seconds
    const lat = end.latency;
    const arr = end.arrival;
    const result = {
      url: url.toString(),
      seconds,
      readyMs,
      fps: (end.frames - start.frames) / seconds,
      framesRendered: end.frames - start.frames,
      statesReceived: end.states - start.states,
      statesPerSecond: (end.states - start.states) / seconds,
      latencyMs: {
        n: lat.length,
        p50: percentile(lat, 0.5),
        p95: percentile(lat, 0.95),
        p99: percentile(lat, 0.99),
        max: lat.length ? Math.max(...lat) : null,
      },
      // publish → the socket's message event in the wire worker: the transport's share of the latency
      arrivalLatencyMs: {
        n: arr.length,
        p50: percentile(arr, 0.5),
        p95: percentile(arr, 0.95),
        p99: percentile(arr, 0.99),
        max: arr.length ? Math.max(...arr) : null,
      },
      // publish → the page taking the wire worker's batch (the states it took, the newest per avatar)
      takeLatencyMs: {
        n: end.take.length,
        p50: percentile(end.take, 0.5),
        p95: percentile(end.take, 0.95),
        p99: percentile(end.take, 0.99),
        max: end.take.length ? Math.max(...end.take) : null,
      },
      viewer: end.summary,
      viewerErrors: end.errors,
      consoleErrors,
    };
    if (opts.screenshot) {
      await page.screenshot({ path: opts.screenshot, omitBackground: true });
      result.screenshot = opts.screenshot;
    }
    if (opts['check-heat']) {
      result.heatCheck = await checkHeat(page);
      if (!result.heatCheck.ok) status = 1;
    }
    if (opts['save-state']) {
      const bytes = await page.evaluate(() => {
        const b = window.avatarViewer.lastMessage();
        return b ? [...b] : null;
      });
      if (!bytes) throw new Error('no state received to save');
      await writeFile(opts['save-state'], Uint8Array.from(bytes));
      result.savedState = opts['save-state'];
    }
    const text = JSON.stringify(result, null, 2);
    if (opts.out) await writeFile(opts.out, text + '\n');
    console.log(text);
    if (result.framesRendered === 0 || result.statesReceived === 0) status = 1;
  }
  if (consoleErrors.length > 0) {
    console.error(`browser.mjs: ${consoleErrors.length} console error(s):\n${consoleErrors.join('\n')}`);
    status = 1;
  }
} catch (e) {
  console.error(`browser.mjs: ${e.message ?? e}`);
  if (consoleErrors.length) console.error(consoleErrors.join('\n'));
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
