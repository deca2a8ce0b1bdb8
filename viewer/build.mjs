// npm run build: bundle src/main.ts (three, flatbuffers, the generated schema code) into dist/viewer.js and copy
// index.html; dist/ stays flat (the daemon serves GET /<file> from it).
import * as esbuild from 'esbuild';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await esbuild.build({
  entryPoints: [join(here, 'src/main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'eof',
  outfile: join(dist, 'viewer.js'),
  logLevel: 'warning',
});
await copyFile(join(here, 'index.html'), join(dist, 'index.html'));
console.log('built dist/index.html, dist/viewer.js');
