#!/usr/bin/env node
// The capture page end to end in headless Chromium (playwright-core, the system's browser: nothing is
// downloaded), against a running daemon that serves it with its MediaPipe files:
//
//   avatard run --web 127.0.0.1:PORT --capture-assets DIR [--web-root viewer/dist]
//   node test/capture.mjs --url http://127.0.0.1:PORT --video clip.y4m [--audio speech.wav] [--pose-frames N]
//       [--seconds S] [--timeout S] [--screenshot page.png] [--out result.json] [--viewer 1] [--params k=v&k=v]
//       [--viewport WxH]
//
// Chromium's fake devices stand in for the camera (--video: a .y4m or .mjpeg file, played in a loop; make one
// from a clip with `python test/clip-to-y4m.py clip.mp4 clip.y4m`) and the microphone (--audio: a WAV file,
// looped). The page is `/capture.html` (`viewer=0` unless --viewer 1: the avatar viewer beside it costs
// software WebGL a core; `--params` adds URL parameters).
//
// Steps: the page is loaded with `send=0` (nothing sent); wait for the models (or the page's fatal error), read
// the daemon's counters, start sending, wait until the daemon's `input.pose_frames` has grown by N (default 20)
// and, with --seconds, until the page has sent for S seconds (tests that read the page's result log, `--params
// log=1`: `capture.log` in the JSON covers that long); pause the page's sending, wait for the daemon to take what is in flight, and compare: every
// message the page sent must have been accepted (`input.accepted` and `web.input_frames` equal the page's sent
// total, `input.dropped` 0, all counted as growth during the run) — so the microphone's AudioFrames too, when
// --audio is given (at least one must have been sent); no request may leave the daemon's origin. The JSON of
// the page's counters (window.__capture), the growth of the daemon's and the checks goes to stdout (and
// --out). The daemon must have no other input during the run.
//
// Exit status: 0 when every check passed, 1 when one failed (the JSON says which), 2 on usage.

import { chromium } from 'playwright-core';
import { writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { HEADLESS_FLAGS } from './chromium-flags.mjs';

function parseArgs(argv) {
  const opts = { 'pose-frames': 20, seconds: 0, timeout: 240, viewer: '0', viewport: '1280x720' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) usage(`unexpected argument ${a}`);
    const key = a.slice(2);
    if (key === 'help') usage();
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    opts[key] = argv[++i];
  }
  if (!opts.url) usage('--url is required');
  if (!opts.video) usage('--video is required');
  for (const f of [opts.video, opts.audio]) if (f && !existsSync(f)) usage(`no file ${f}`);
  opts['pose-frames'] = Number(opts['pose-frames']);
  opts.timeout = Number(opts.timeout);
  opts.seconds = Number(opts.seconds);
  return opts;
}

function usage(msg) {
  if (msg) console.error(`capture.mjs: ${msg}`);
  console.error(
    'usage: capture.mjs --url http://HOST:PORT --video clip.y4m|clip.mjpeg [--audio speech.wav] [--pose-frames N]\n' +
      '       [--seconds S] [--timeout S] [--screenshot page.png] [--out result.json] [--viewer 1] [--params k=v&k=v] [--viewport WxH]',
  );
  process.exit(msg ? 2 : 0);
}

const opts = parseArgs(process.argv.slice(2));
const flags = [
  ...HEADLESS_FLAGS,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${opts.video}`,
  '--autoplay-policy=no-user-gesture-required',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
if (opts.audio) flags.push(`--use-file-for-fake-audio-capture=${opts.audio}`);

const base = new URL(opts.url);
const url = new URL('/capture.html', base);
url.searchParams.set('viewer', opts.viewer);
url.searchParams.set('send', '0'); // started once the daemon's counters before the run are read
if (!opts.audio) url.searchParams.set('mic', '0');
for (const [k, v] of new URLSearchParams(opts.params ?? '')) url.searchParams.set(k, v);

const started = Date.now();
const deadline = started + opts.timeout * 1000;
const left = () => Math.max(1000, deadline - Date.now());

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: flags,
});
const consoleErrors = [];
const consoleLog = [];
const elsewhere = [];
const checks = {};
let status = 0;
let result = { url: url.toString() };
try {
  const [vw, vh] = opts.viewport.split('x').map(Number);
  const context = await browser.newContext({ viewport: { width: vw, height: vh }, deviceScaleFactor: 1 });
  await context.grantPermissions(['camera', 'microphone'], { origin: base.origin });
  // the page must not reach anything but the daemon: other requests are recorded and refused
  await context.route('**/*', (route) => {
    const u = route.request().url();
    if (new URL(u).origin === base.origin) return route.continue();
    elsewhere.push(u);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    const line = `${m.type()}: ${m.text()}`;
    // MediaPipe's wasm writes its native log (stderr) as console errors: its INFO and WARNING lines are not
    if (m.type() === 'error' && !/^(INFO: |[IW]\d{4} )/.test(m.text())) consoleErrors.push(line);
    if (consoleLog.length < 200) consoleLog.push(line);
  });
  page.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
  await page.goto(url.toString());

  // the models, or the page's own error (missing assets, unsupported browser)
  await page.waitForFunction(() => window.__capture && (window.__capture.modelsLoaded || window.__capture.fatal), null, {
    timeout: left(),
    polling: 250,
  });
  const loaded = await page.evaluate(() => ({ fatal: window.__capture.fatal, missing: window.__capture.missing }));
  if (loaded.fatal) throw new Error(`the page failed: ${loaded.fatal} ${loaded.missing.join(' ')}`);
  const loadedAt = Date.now();

  // the daemon's counters before the page sends anything: the checks compare what changed
  const before = await page.evaluate(() => window.__capture.daemonCounters());
  const delta = (now, k) => Number(now[k] ?? NaN) - Number(before[k] ?? NaN);
  const sentBefore = await page.evaluate(() => ({ ...window.__capture.sent }));
  if (Object.values(sentBefore).some((v) => v !== 0)) throw new Error('the page sent before it was started');
  await page.evaluate(() => window.__capture.pause(false));
  const sendingFrom = Date.now();

  // N pose frames accepted by the daemon (and S seconds of sending)
  let daemon = {};
  for (;;) {
    daemon = await page.evaluate(() => window.__capture.daemonCounters().catch((e) => ({ error: String(e) })));
    const long = Date.now() - sendingFrom >= opts.seconds * 1000;
    if (delta(daemon, 'input.pose_frames') >= opts['pose-frames'] && long) break;
    const fatal = await page.evaluate(() => window.__capture.fatal);
    if (fatal) throw new Error(`the page failed: ${fatal}`);
    if (Date.now() > deadline) {
      throw new Error(`timed out with ${delta(daemon, 'input.pose_frames')} pose frames accepted`);
    }
    await page.waitForTimeout(1000);
  }
  const posedAt = Date.now();
  if (opts.screenshot) await page.screenshot({ path: opts.screenshot });

  // a quiet moment: nothing sent, what was in flight taken by the daemon
  await page.evaluate(() => window.__capture.pause(true));
  await page.waitForTimeout(1500);
  const capture = await page.evaluate(() => JSON.parse(JSON.stringify(window.__capture)));
  daemon = await page.evaluate(() => window.__capture.daemonCounters());
  await page.evaluate(() => window.__capture.pause(false));

  const sentTotal = Object.values(capture.sent).reduce((a, b) => a + b, 0);
  const n = (k) => delta(daemon, k);
  checks.poseFramesAccepted = n('input.pose_frames') >= opts['pose-frames'];
  checks.poseSentEqualsAccepted = n('input.pose_frames') === capture.sent.pose;
  checks.allSentAccepted = n('input.accepted') === sentTotal;
  checks.allSentReceivedOverWeb = n('web.input_frames') === sentTotal;
  checks.noneRejected = n('input.dropped') === 0;
  checks.noWebInputDropsOrCloses = n('web.input_dropped') === 0 && n('web.input_closed') === 0;
  checks.handFramesAccepted = n('input.hand_frames') + n('input.hands_gated') === capture.sent.hand_left + capture.sent.hand_right;
  checks.noPageDrops = capture.dropped.closed + capture.dropped.buffered + capture.dropped.rate + capture.dropped.size === 0;
  checks.modelsLoaded = capture.modelsLoaded === true;
  checks.noInferenceFailures = capture.failed.pose + capture.failed.face + capture.failed.hands === 0;
  checks.noRequestsElsewhere = elsewhere.length === 0;
  if (opts.audio) checks.micFramesSent = capture.sent.mic > 0 && capture.mic.state === 'on';
  checks.noConsoleErrors = consoleErrors.length === 0;
  for (const ok of Object.values(checks)) if (!ok) status = 1;

  result = {
    url: url.toString(),
    ok: status === 0,
    checks,
    seconds: { modelsLoaded: (loadedAt - started) / 1000, poseFrames: (posedAt - loadedAt) / 1000 },
    // when the page started sending (UNIX ms, this process's clock: the browser's on the same machine)
    sendingFromMs: sendingFrom,
    capture,
    // what changed in the daemon's counters during the run
    daemon: Object.fromEntries(
      Object.keys(daemon)
        .filter((k) => k.startsWith('input.') || k.startsWith('web.input') || k.startsWith('mapping.'))
        .map((k) => [k, delta(daemon, k)]),
    ),
    requestsElsewhere: elsewhere,
    consoleErrors,
    consoleLog: consoleLog.slice(0, 60),
  };
  if (opts.screenshot) result.screenshot = opts.screenshot;
} catch (e) {
  status = 1;
  result = { ...result, ok: false, error: String(e.message ?? e), checks, consoleErrors, consoleLog: consoleLog.slice(0, 60) };
} finally {
  await browser.close();
}
const text = JSON.stringify(result, null, 2);
if (opts.out) await writeFile(opts.out, text + '\n');
console.log(text);
process.exit(status);
