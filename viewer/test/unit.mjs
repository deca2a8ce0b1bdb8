// npm run test:unit: bundles test/unit.test.ts (esbuild, for Node) into a temporary file and runs it with
// node:test. Tests of the parts that need no browser: decoding, layout, the camera framing.
import * as esbuild from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'viewer-unit-'));
const out = join(dir, 'unit.test.mjs');
try {
  await esbuild.build({
    entryPoints: [join(here, 'unit.test.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  await import(pathToFileURL(out).href);
} finally {
  // node:test runs the registered tests after this module finishes; remove the bundle when the process exits
  process.on('exit', () => rm(dir, { recursive: true, force: true }));
}
