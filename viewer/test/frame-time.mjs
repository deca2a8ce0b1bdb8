#!/usr/bin/env node
// The viewer's frame time with and without MToon (issue 55's "≤ +20 %"), paired in one headless Chromium.
//
//   node test/frame-time.mjs --viewer http://HOST:PORT/ [--width 640] [--height 640] [--frames 60]
//       [--rounds 5] [--params A=B&C=D] [--software 1] [--out FILE.json]
//
// The viewer must be serving the avatar(s) to measure (e.g. `avatard run --config me.toml --web …`, at rest).
// Two pages, `mtoon=1` (MToon as three-vrm draws it) and `mtoon=0` (the plain path, the viewer as it was
// before issue 55), drawn in turn for `rounds` rounds of `frames` frames each: every frame skins every avatar
// again, draws the scene and waits for the GPU (window.avatarViewer.timeFrames). Prints (and writes --out)
// the medians of all frames per page and their ratio. `--software 1` (default): SwiftShader, as CI has it;
// `0`: the machine's GPU.

import { chromium } from 'playwright-core';
import { writeFile } from 'node:fs/promises';
import { HEADLESS_FLAGS } from './chromium-flags.mjs';

const opts = { width: 640, height: 640, frames: 60, rounds: 5, params: '', software: '1', timeout: 120 };
for (let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i];
  if (!k.startsWith('--') || i + 1 >= process.argv.length) {
    console.error(`frame-time.mjs: bad argument ${k} (see the header for usage)`);
    process.exit(2);
  }
  opts[k.slice(2)] = process.argv[i + 1];
}
if (!opts.viewer) {
  console.error('usage: frame-time.mjs --viewer URL [options]');
  process.exit(2);
}
const width = Number(opts.width);
const height = Number(opts.height);
const frames = Number(opts.frames);
const rounds = Number(opts.rounds);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
};

const args = [...HEADLESS_FLAGS];
if (opts.software !== '0') args.push('--use-angle=swiftshader', '--enable-unsafe-swiftshader');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args });
let status = 0;
try {
  const pages = {};
  for (const mtoon of ['1', '0']) {
    const page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (e) => console.error(`mtoon=${mtoon}: ${e}`));
    const url = new URL(opts.viewer);
    for (const [k, v] of new URLSearchParams(opts.params)) url.searchParams.set(k, v);
    for (const [k, v] of Object.entries({ width, height, mtoon, overlay: 0 })) url.searchParams.set(k, String(v));
    await page.goto(url.href);
    await page.waitForFunction(() => window.avatarViewer !== undefined, null, { timeout: opts.timeout * 1000 });
    await page.evaluate(() => window.avatarViewer.ready);
    await page.waitForFunction(() => window.avatarViewer.framesRendered >= 10, null, { timeout: opts.timeout * 1000 });
    // warm-up: shaders compiled, textures uploaded
    await page.evaluate((n) => window.avatarViewer.timeFrames(n), 10);
    pages[mtoon] = { page, times: [] };
  }
  for (let r = 0; r < rounds; r++) {
    for (const mtoon of r % 2 ? ['0', '1'] : ['1', '0']) {
      const p = pages[mtoon];
      p.times.push(...(await p.page.evaluate((n) => window.avatarViewer.timeFrames(n), frames)));
    }
  }
  const mtoonMs = median(pages['1'].times);
  const plainMs = median(pages['0'].times);
  const out = {
    viewer: opts.viewer,
    params: opts.params,
    width,
    height,
    software: opts.software !== '0',
    framesEach: pages['1'].times.length,
    mtoonMedianMs: mtoonMs,
    plainMedianMs: plainMs,
    ratio: mtoonMs / plainMs,
  };
  if (opts.out) await writeFile(opts.out, JSON.stringify(out, null, 1));
  console.log(JSON.stringify(out));
} catch (e) {
  console.error(`frame-time.mjs: ${e?.stack ?? e}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
