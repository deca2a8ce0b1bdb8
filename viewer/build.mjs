// npm run build: bundle src/main.ts (three, the page) into dist/viewer.js and src/wire-worker.ts (the WebSocket
// and the FlatBuffers decoding: flatbuffers, the generated schema code) into dist/wire-worker.js, a module worker
// that viewer.js starts as new URL('./wire-worker.js', import.meta.url); the capture page: src/capture/main.ts
// into dist/capture.js, its vision worker src/capture/vision-worker.ts (MediaPipe's web tasks,
// @mediapipe/tasks-vision, and the FlatBuffers encoders) into dist/capture-vision-worker.js and its audio worklet
// src/capture/audio-worklet.ts into dist/capture-audio-worklet.js, its sender worker (the WebSocket)
// src/capture/sender-worker.ts into dist/capture-sender-worker.js (all loaded by URL relative to capture.js);
// copy index.html and capture.html; dist/ stays flat (the daemon serves GET /<file> from it). MediaPipe's wasm
// and models are not bundled: the daemon serves them under /capture/assets/ (`avatard setup capture`).
// dist/ is committed: `avatard` embeds it, so that the viewer needs no Node at run time. $VIEWER_DIST writes the
// bundle elsewhere (`cargo xtask build-viewer --check` builds into a scratch folder and compares).
import * as esbuild from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = process.env.VIEWER_DIST ? resolve(process.env.VIEWER_DIST) : join(here, 'dist');
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await esbuild.build({
  entryPoints: [
    { in: join(here, 'src/main.ts'), out: 'viewer' },
    { in: join(here, 'src/wire-worker.ts'), out: 'wire-worker' },
    { in: join(here, 'src/capture/main.ts'), out: 'capture' },
    { in: join(here, 'src/capture/vision-worker.ts'), out: 'capture-vision-worker' },
    { in: join(here, 'src/capture/audio-worklet.ts'), out: 'capture-audio-worklet' },
    { in: join(here, 'src/capture/sender-worker.ts'), out: 'capture-sender-worker' },
  ],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  outdir: dist,
  logLevel: 'warning',
});
for (const page of ['index.html', 'capture.html']) await copyFile(join(here, page), join(dist, page));
console.log(
  `built ${dist}: index.html, viewer.js, wire-worker.js, capture.html, capture.js, capture-vision-worker.js, capture-audio-worklet.js, capture-sender-worker.js`,
);
