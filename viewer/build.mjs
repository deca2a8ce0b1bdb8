// npm run build: bundle src/main.ts (three, the page) into dist/viewer.js and src/wire-worker.ts (the WebSocket
// and the FlatBuffers decoding: flatbuffers, the generated schema code) into dist/wire-worker.js, a module worker
// that viewer.js starts as new URL('./wire-worker.js', import.meta.url); copy index.html; dist/ stays flat (the daemon serves GET /<file> from it).
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
await copyFile(join(here, 'index.html'), join(dist, 'index.html'));
console.log(`built ${dist}: index.html, viewer.js, wire-worker.js`);
