#!/usr/bin/env node
// The viewer's MToon against unmodified three-vrm, pixel by pixel (issue 55), in one headless Chromium.
//
//   node test/mtoon-compare.mjs --vrm FILE.vrm --viewer http://HOST:PORT/ --out DIR
//       [--width 360] [--height 640] [--cam px,py,pz,tx,ty,tz,fov] [--light x,y,z] [--light-intensity I]
//       [--ambient A] [--time T] [--renderer PNG] [--timeout S]
//
// The viewer must be serving that VRM as its only avatar (`avatard import FILE --out me.avatar`, `avatard run
// --avatar me=me.avatar --web …`), at rest (no tracker input). Draws:
//   three-vrm.png  the VRM by three-vrm itself (test/three-vrm-reference.ts, bundled here with esbuild);
//   viewer.png     the viewer with the same camera (`cam=`), light (`light=`, `light_intensity=`, `ambient=`),
//                  size, clear colour, no ground, no overlay, no MSAA;
//   diff.png       |difference| × 4 over the avatar's pixels;
//   renderer.png, diff-renderer.png   with --renderer: the Rust renderer's picture of the same scene
//                  (`avatar-view render --cam … --light … --no-ground`) and its difference, measured the same
//                  way (under "renderer" in the output).
// Prints (and writes DIR/compare.json): the avatar's pixels (those that differ from the clear colour in
// either picture), the mean absolute colour difference over them (share of full scale, 8-bit sRGB, the mean
// of R, G, B), and the share of them off by more than 10 % in any channel. Exit 1 when a page failed.

import { chromium } from 'playwright-core';
import { build } from 'esbuild';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADLESS_FLAGS } from './chromium-flags.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const opts = { width: 360, height: 640, cam: '0,1.0,2.6,0,0.9,0,30', light: '0.4,0.8,0.6', 'light-intensity': String(Math.PI), ambient: '0', time: '0', timeout: 120 };
for (let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i];
  if (!k.startsWith('--') || i + 1 >= process.argv.length) {
    console.error(`mtoon-compare.mjs: bad argument ${k} (see the header for usage)`);
    process.exit(2);
  }
  opts[k.slice(2)] = process.argv[i + 1];
}
if (!opts.vrm || !opts.viewer || !opts.out) {
  console.error('usage: mtoon-compare.mjs --vrm FILE.vrm --viewer URL --out DIR [options]');
  process.exit(2);
}
const width = Number(opts.width);
const height = Number(opts.height);
const cam = opts.cam.split(',').map(Number);
const light = opts.light.split(',').map(Number);
// the viewer's clear colour (src/main.ts), linear
const clear = [0.93, 0.95, 0.98];

await mkdir(opts.out, { recursive: true });
const bundle = await build({
  entryPoints: [join(here, 'three-vrm-reference.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  logLevel: 'error',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [...HEADLESS_FLAGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const errors = [];
let status = 0;
try {
  // three-vrm
  const ref = await browser.newPage({ viewport: { width, height } });
  ref.on('pageerror', (e) => errors.push(`three-vrm page: ${e}`));
  await ref.setContent('<!doctype html><html><body style="margin:0"></body></html>');
  await ref.addScriptTag({ content: bundle.outputFiles[0].text });
  const vrm = (await readFile(opts.vrm)).toString('base64');
  const refPng = await ref.evaluate(
    (o) => window.renderReference(o),
    { vrm, width, height, cam, light, lightIntensity: Number(opts['light-intensity']), ambient: Number(opts.ambient), time: Number(opts.time), clear },
  );

  // the viewer
  const page = await browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => errors.push(`viewer: ${e}`));
  const url = new URL(opts.viewer);
  for (const [k, v] of Object.entries({
    width,
    height,
    cam: cam.join(','),
    light: light.join(','),
    light_intensity: opts['light-intensity'],
    ambient: opts.ambient,
    mtoon_time: opts.time,
    ground: 0,
    overlay: 0,
    antialias: 0,
    camera: 'fixed',
  })) {
    url.searchParams.set(k, String(v));
  }
  await page.goto(url.href);
  await page.waitForFunction(() => window.avatarViewer !== undefined, null, { timeout: opts.timeout * 1000 });
  await page.evaluate(() => window.avatarViewer.ready);
  await page.waitForFunction(() => window.avatarViewer.framesRendered >= 10, null, { timeout: opts.timeout * 1000 });
  const ours = (await page.evaluate(() => window.avatarViewer.captureFrame())).png;

  // the comparisons, in the reference page (its canvas decodes the pictures)
  const pictures = [ours];
  if (opts.renderer) pictures.push(`data:image/png;base64,${(await readFile(opts.renderer)).toString('base64')}`);
  const results = await ref.evaluate(
    async ({ a, others, clear }) => {
      const load = (src) =>
        new Promise((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = reject;
          img.src = src;
        });
      const srgb = (x) => Math.round(255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055));
      const bg = clear.map(srgb);
      const isBg = (p, i) => Math.abs(p[i] - bg[0]) <= 2 && Math.abs(p[i + 1] - bg[1]) <= 2 && Math.abs(p[i + 2] - bg[2]) <= 2;
      const ia = await load(a);
      const w = ia.width;
      const h = ia.height;
      const pixels = (img) => {
        const c = document.createElement('canvas');
        c.width = w;
        c.height = h;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, w, h);
      };
      const pa = pixels(ia).data;
      const out = [];
      for (const b of others) {
        const ib = await load(b);
        if (ib.width !== w || ib.height !== h) throw new Error(`sizes ${w}x${h} and ${ib.width}x${ib.height}`);
        const pb = pixels(ib).data;
        const diff = document.createElement('canvas');
        diff.width = w;
        diff.height = h;
        const dg = diff.getContext('2d');
        const dd = dg.createImageData(w, h);
        let n = 0;
        let sum = 0;
        let off = 0;
        let onlyRef = 0;
        let onlyOurs = 0;
        for (let i = 0; i < pa.length; i += 4) {
          const ba = isBg(pa, i);
          const bb = isBg(pb, i);
          dd.data[i + 3] = 255;
          if (ba && bb) continue;
          if (ba) onlyOurs++;
          if (bb) onlyRef++;
          n++;
          let worst = 0;
          for (let c = 0; c < 3; c++) {
            const d = Math.abs(pa[i + c] - pb[i + c]);
            sum += d / 255 / 3;
            worst = Math.max(worst, d);
            dd.data[i + c] = Math.min(255, 4 * d);
          }
          if (worst > 25.5) off++;
        }
        dg.putImageData(dd, 0, 0);
        out.push({
          avatarPixels: n,
          onlyThreeVrm: onlyRef,
          onlyOther: onlyOurs,
          meanDifference: n ? sum / n : null,
          offBy10Percent: n ? off / n : null,
          diffPng: diff.toDataURL('image/png'),
        });
      }
      return out;
    },
    { a: refPng, others: pictures, clear },
  );
  const png = (dataUrl) => Buffer.from(dataUrl.split(',')[1], 'base64');
  await writeFile(join(opts.out, 'three-vrm.png'), png(refPng));
  await writeFile(join(opts.out, 'viewer.png'), png(ours));
  const [result, rendered] = results;
  await writeFile(join(opts.out, 'diff.png'), png(result.diffPng));
  delete result.diffPng;
  result.onlyViewer = result.onlyOther;
  delete result.onlyOther;
  if (rendered) {
    await writeFile(join(opts.out, 'renderer.png'), await readFile(opts.renderer));
    await writeFile(join(opts.out, 'diff-renderer.png'), png(rendered.diffPng));
    delete rendered.diffPng;
    rendered.onlyRenderer = rendered.onlyOther;
    delete rendered.onlyOther;
    result.renderer = rendered;
  }
  const out = { vrm: opts.vrm, width, height, cam, light, ...result, errors };
  await writeFile(join(opts.out, 'compare.json'), JSON.stringify(out, null, 1));
  console.log(JSON.stringify(out));
  if (errors.length) status = 1;
} catch (e) {
  console.error(`mtoon-compare.mjs: ${e?.stack ?? e}`);
  status = 1;
} finally {
  await browser.close();
}
process.exit(status);
