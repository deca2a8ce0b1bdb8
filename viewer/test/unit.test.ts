// Unit tests (npm run test:unit): wire decoding, the wire worker's coalescing and hand-over, the grid layout,
// the renderer's camera framing, the camera following the avatars and the heat map's colour map, labels and
// displacement; the capture page's encoders, handedness, audio chunks, ids and send bounds (at the end).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as flatbuffers from 'flatbuffers';
import * as THREE from 'three';
import { Message } from '../src/generated/avatar/wire/message.js';
import { Payload } from '../src/generated/avatar/wire/payload.js';
import { AvatarState } from '../src/generated/avatar/wire/avatar-state.js';
import { Stats } from '../src/generated/avatar/wire/stats.js';
import { Counter } from '../src/generated/avatar/wire/counter.js';
import { decodeMessage, SCHEMA_VERSION } from '../src/wire.js';
import { Coalescer, type ArrivalRecord } from '../src/coalesce.js';
import { framingMatrix, gridLayout, parseCamera, parseViewProj } from '../src/layout.js';
import { FOLLOW_CUT, FOLLOW_RATE, Follow, meanDisplacement, rootDisplacement, rootPosition } from '../src/follow.js';
import {
  HEAT_MAX_MM,
  HEAT_STOPS,
  formatMm,
  heatColor,
  heatCss,
  heatGlsl,
  heatGradientCss,
  heatTicks,
  secondaryDisplacement,
  secondaryMm,
} from '../src/heat.js';
import { FRAGMENT, HEAT_PROBE_FRAGMENT } from '../src/skin.js';
import { existsSync, readFileSync } from 'node:fs';
import { PoseFrame } from '../src/generated/avatar/wire/pose-frame.js';
import { FaceFrame } from '../src/generated/avatar/wire/face-frame.js';
import { HandFrame } from '../src/generated/avatar/wire/hand-frame.js';
import { AudioFrame } from '../src/generated/avatar/wire/audio-frame.js';
import { FrameHeader } from '../src/generated/avatar/wire/frame-header.js';
import { Handedness } from '../src/generated/avatar/wire/handedness.js';
import { encodeAudio, encodeFace, encodeHand, encodePose, type Header } from '../src/capture/encode.js';
import { assignHandedness, type HandGuess, type PoseWrists } from '../src/capture/handedness.js';
import { AudioChunker, chunkLength, chunkTimeNs, toInt16, type Chunk } from '../src/capture/audio-chunk.js';
import { DRIFT_MS, DriftWatch } from '../src/capture/drift.js';
import { MAX_ID_BYTES, randomU64, sourceId, unixNs } from '../src/capture/ids.js';
import { columnMajor, faceFields, handFields, poseFields } from '../src/capture/results.js';
import { SEND_BURST, SEND_RATE, TokenBucket } from '../src/capture/sender.js';
import { splitGlb } from '../src/glb.js';
import { heldDisplacement, readHeld, type HeldExtras } from '../src/held.js';
import { dirname, join } from 'node:path';

function state(flags: number | null, schemaVersion = 1): Uint8Array {
  const b = new flatbuffers.Builder(256);
  const id = b.createString('default');
  const hash = AvatarState.createAssetHashVector(b, [0xab, 0x01]);
  const p = AvatarState.createPVector(b, [1, 2, 3]);
  const z = AvatarState.createZVector(b, new Float32Array(12).fill(0.5));
  AvatarState.startAvatarState(b);
  AvatarState.addAvatarId(b, id);
  AvatarState.addSeq(b, 42n);
  AvatarState.addPublishTimeNs(b, 1_764_000_000_123_456_789n);
  AvatarState.addAssetHash(b, hash);
  AvatarState.addP(b, p);
  AvatarState.addZ(b, z);
  if (flags !== null) AvatarState.addFlags(b, flags);
  AvatarState.addRunId(b, 7n);
  const s = AvatarState.endAvatarState(b);
  Message.finishMessageBuffer(b, Message.createMessage(b, schemaVersion, Payload.AvatarState, s));
  return b.asUint8Array().slice();
}

test('an AvatarState decodes: ids, seq, times, hash, p, z', () => {
  const d = decodeMessage(state(null));
  assert.equal(d.kind, 'state');
  if (d.kind !== 'state') return;
  assert.equal(d.state.avatarId, 'default');
  assert.equal(d.state.seq, 42n);
  assert.equal(d.state.runId, 7n);
  assert.equal(d.state.publishMs, 1_764_000_000_123.456);
  assert.equal(d.state.assetHash, 'ab01');
  assert.deepEqual([...d.state.p], [1, 2, 3]);
  assert.equal(d.state.z.length, 12);
});

test('absent flags read as 0 (flatc TS would say HeldPose), present flags as written', () => {
  const absent = decodeMessage(state(null));
  const zero = decodeMessage(state(0));
  const set = decodeMessage(state(9));
  assert.equal(absent.kind === 'state' && absent.state.flags, 0);
  assert.equal(zero.kind === 'state' && zero.state.flags, 0);
  assert.equal(set.kind === 'state' && set.state.flags, 9);
});

test('a misaligned copy decodes (float vectors are views)', () => {
  const bytes = state(null);
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  const d = decodeMessage(shifted.subarray(3));
  assert.equal(d.kind === 'state' && d.state.p[2], 3);
});

test('newer schema versions and foreign buffers are refused', () => {
  assert.throws(() => decodeMessage(state(null, SCHEMA_VERSION + 1)), new RegExp(`schema_version ${SCHEMA_VERSION + 1}`));
  assert.doesNotThrow(() => decodeMessage(state(null, SCHEMA_VERSION)));
  assert.throws(() => decodeMessage(new Uint8Array(16)), /not an AVTR message/);
});

test('Stats counters decode', () => {
  const b = new flatbuffers.Builder(256);
  const c = Counter.createCounter(b, b.createString('web.dropped'), 5n);
  const v = Stats.createCountersVector(b, [c]);
  Stats.startStats(b);
  Stats.addCounters(b, v);
  const s = Stats.endStats(b);
  Message.finishMessageBuffer(b, Message.createMessage(b, 1, Payload.Stats, s));
  const d = decodeMessage(b.asUint8Array());
  assert.equal(d.kind, 'stats');
  if (d.kind === 'stats') assert.equal(d.stats.counters.get('web.dropped'), 5n);
});

test('the grid is the renderer\'s for one asset: ceil(sqrt n) columns, 1.3 x the widest extent', () => {
  const b = { lo: [-0.5, 0, -0.2] as [number, number, number], hi: [0.5, 1.8, 0.2] as [number, number, number] };
  const l = gridLayout([b, b, b, b, b]);
  // 5 instances: 3 columns, 2 rows
  assert.deepEqual(l.offsets[0], [0, 0, 0]);
  assert.deepEqual(l.offsets[2], [2 * 1.3, 0, 0]);
  assert.deepEqual(l.offsets[3], [0, 0, -1.3]);
  assert.deepEqual(l.offsets[4], [1.3, 0, -1.3]);
  assert.deepEqual(l.hi, [0.5 + 2 * 1.3, 1.8, 0.2]);
  assert.deepEqual(l.lo, [-0.5, 0, -0.2 - 1.3]);
});

test('avatars of different assets stand on a common ground', () => {
  const a = { lo: [-0.5, -0.8, -0.2] as [number, number, number], hi: [0.5, 0.9, 0.2] as [number, number, number] };
  const b = { lo: [-0.5, 0, -0.2] as [number, number, number], hi: [0.5, 1.8, 0.2] as [number, number, number] };
  const l = gridLayout([a, b]);
  assert.equal(l.offsets[0][1], 0);
  assert.ok(Math.abs(l.offsets[1][1] + 0.8) < 1e-12);
  assert.equal(l.ground[1], -0.8);
});

test('the framing matrix puts the box inside the clip volume with depth in [0, 1] (renderer camera.rs)', () => {
  const lo: [number, number, number] = [-0.3, 0, -0.2];
  const hi: [number, number, number] = [0.3, 1.8, 0.2];
  const m = framingMatrix(lo, hi, 1, 20);
  for (let i = 0; i < 8; i++) {
    const p = new THREE.Vector4(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2], 1).applyMatrix4(m);
    const [x, y, z] = [p.x / p.w, p.y / p.w, p.z / p.w];
    assert.ok(Math.abs(x) <= 1 && Math.abs(y) <= 1, `${x} ${y}`);
    assert.ok(z >= 0 && z <= 1, `${z}`);
  }
  const c = new THREE.Vector4(0, 0.9, 0, 1).applyMatrix4(m);
  assert.ok(Math.abs(c.x / c.w) < 1e-5 && Math.abs(c.y / c.w) < 1e-5);
  assert.deepEqual(parseViewProj(m.toArray().join(',')).toArray(), m.toArray());
  assert.throws(() => parseViewProj('1,2,3'), /16 finite/);
});

test('cam= gives a camera (position, target, field of view) and refuses anything else', () => {
  assert.deepEqual(parseCamera('0,1.4,3, 0,1,0, 30'), { position: [0, 1.4, 3], target: [0, 1, 0], fovDegrees: 30 });
  assert.throws(() => parseCamera('0,1,3,0,1,0'), /7 finite/);
  assert.throws(() => parseCamera('0,1,3,0,1,0,NaN'), /7 finite/);
  assert.throws(() => parseCamera('0,1,3,0,1,0,180'), /field of view/);
  assert.throws(() => parseCamera('0,1,3,0,1,3,30'), /target is the position/);
});

function record(avatarId: string, seq: number): ArrivalRecord {
  return { avatarId, seq: BigInt(seq), runId: 1n, droppedBefore: 0n, publishMs: seq, flags: 0, arrivedMs: seq + 1 };
}

test('the wire worker keeps the newest state per avatar, counts the coalesced ones and hands over one batch at a time', () => {
  const c = new Coalescer<string, string>();
  assert.equal(c.take(), null, 'nothing waiting: no batch');
  c.offerState('a', 'a1', record('a', 1));
  c.offerState('b', 'b1', record('b', 1));
  c.offerState('a', 'a2', record('a', 2));
  c.offerState('a', 'a3', record('a', 3));
  c.offerStats('s1');
  c.offerStats('s2');
  const b1 = c.take();
  assert.ok(b1);
  assert.deepEqual(b1.states, ['a3', 'b1']);
  assert.equal(b1.stats, 's2');
  assert.deepEqual(b1.records.map((r) => `${r.avatarId}${r.seq}`), ['a1', 'b1', 'a2', 'a3']);
  assert.deepEqual(b1.coalesced, { a: 2 });
  assert.equal(b1.coalescedTotal, 2);
  // not acknowledged: nothing more is handed over, new states keep replacing each other
  c.offerState('b', 'b2', record('b', 2));
  assert.equal(c.take(), null);
  c.offerState('b', 'b3', record('b', 3));
  assert.equal(c.take(), null);
  c.ack();
  const b2 = c.take();
  assert.ok(b2);
  assert.deepEqual(b2.states, ['b3']);
  assert.equal(b2.stats, null);
  assert.deepEqual(b2.records.map((r) => `${r.avatarId}${r.seq}`), ['b2', 'b3']);
  assert.deepEqual(b2.coalesced, { a: 2, b: 1 });
  assert.equal(b2.coalescedTotal, 3);
  // acknowledged with nothing waiting: the next state goes out at once (and was not coalesced)
  c.ack();
  assert.equal(c.take(), null);
  c.offerState('a', 'a4', record('a', 4));
  assert.deepEqual(c.take()?.states, ['a4']);
  assert.equal(c.coalescedTotal, 3);
});

test('the wire worker keeps at most maxRecords arrival records while the page takes nothing', () => {
  const c = new Coalescer<number, never>(3);
  for (let i = 0; i < 5; i++) c.offerState('a', i, record('a', i));
  const b = c.take();
  assert.deepEqual(b?.records.map((r) => Number(r.seq)), [2, 3, 4]);
  assert.equal(c.recordsDropped, 2);
  assert.deepEqual(b?.states, [4]);
});

// The heat map (src/heat.ts): the colour map, its GLSL, the scale bar's labels and the CPU reference of u.

/** Relative luminance of an sRGB colour in [0, 1]. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const hex = (c: [number, number, number]) => '#' + c.map((v) => Math.round(255 * v).toString(16).padStart(2, '0')).join('');

test('the heat map colours |u| with inferno: the documented stops at 0, 1/16, …, 1 of the scale', () => {
  assert.equal(HEAT_MAX_MM, 30);
  assert.equal(hex(heatColor(0)), '#000004');
  assert.equal(hex(heatColor(15)), '#bc3754');
  assert.equal(hex(heatColor(30)), '#fcffa4');
  // every stop as documented (viewer/README.md), at its value on another scale
  const documented = ('#000004 #0b0724 #210c4a #3d0965 #57106e #71196e #8a226a #a32c61 #bc3754 #d24644 #e45a31 ' +
    '#f1731d #f98e09 #fcac11 #f9cb35 #f2ea69 #fcffa4').split(' ');
  const n = HEAT_STOPS.length;
  assert.equal(n, documented.length);
  assert.deepEqual(documented.map((_, i) => hex(heatColor((12 * i) / (n - 1), 12))), documented);
  HEAT_STOPS.forEach((s, i) => {
    const c = heatColor(i / (n - 1), 1);
    for (let k = 0; k < 3; k++) assert.ok(Math.abs(c[k] - s[k]) < 1e-12, `stop ${i}`);
  });
  // halfway between two stops: their mean; the scale is relative (x of max)
  const mid = heatColor(30 / 32);
  for (let c = 0; c < 3; c++) assert.ok(Math.abs(mid[c] - (HEAT_STOPS[0][c] + HEAT_STOPS[1][c]) / 2) < 1e-12);
  assert.deepEqual(heatColor(2.5, 10), heatColor(7.5, 30));
  assert.equal(heatCss(30), 'rgb(252, 255, 164)');
});

test('the heat map clamps outside [0, max] (and NaN to 0)', () => {
  const lo = heatColor(0);
  const hi = heatColor(30);
  for (const v of [-1e-6, -5, -Infinity, NaN]) assert.deepEqual(heatColor(v), lo, `${v}`);
  for (const v of [30.000001, 31, 1e9, Infinity]) assert.deepEqual(heatColor(v), hi, `${v}`);
  assert.deepEqual(heatColor(45, 30), heatColor(6, 4));
});

test('the heat map is monotonic: luminance increases with |u| and the colour moves continuously', () => {
  let prev = heatColor(0);
  for (let i = 1; i <= 3000; i++) {
    const c = heatColor((30 * i) / 3000);
    assert.ok(luminance(c) > luminance(prev), `luminance at ${(30 * i) / 3000} mm`);
    // continuous: no jump between neighbouring values (a stop step is 1/8 of the range)
    assert.ok(Math.max(...c.map((v, k) => Math.abs(v - prev[k]))) < 0.01, `jump at ${(30 * i) / 3000} mm`);
    prev = c;
  }
});

test('the GLSL colour map is generated from the same stops (and is what the heat material compiles)', () => {
  const glsl = heatGlsl();
  const n = Number(/#define HEAT_STOPS (\d+)/.exec(glsl)?.[1]);
  assert.equal(n, HEAT_STOPS.length);
  const table = /const vec3 HEAT_STOP\[HEAT_STOPS\] = vec3\[HEAT_STOPS\]\(([\s\S]*?)\);/.exec(glsl)?.[1] ?? '';
  const literals = [...table.matchAll(/vec3\(([^)]*)\)/g)].map((m) => m[1].split(', '));
  // GLSL float literals (a point or an exponent), reading back as the table's numbers
  for (const l of literals.flat()) assert.match(l, /^\d+(\.\d+)?(e-?\d+)?$/), assert.match(l, /[.e]/);
  assert.deepEqual(literals.map((l) => l.map(Number)), HEAT_STOPS.map((s) => [...s]));
  assert.match(glsl, /return mix\(HEAT_STOP\[i\], HEAT_STOP\[i \+ 1\], f\);/);
  // the draw's fragment shader (HEAT defined) and the GPU probe use exactly this text
  assert.ok(FRAGMENT.includes(glsl));
  assert.ok(HEAT_PROBE_FRAGMENT.includes(glsl));
  // unlit and opaque, as the renderer's fs_heat
  assert.match(FRAGMENT, /#ifdef HEAT[\s\S]*fragColor = vec4\(heatColor\(vHeat, uHeatMax\), 1\.0\);[\s\S]*#else/);
});

/** renderer/src/heat.rs, looked for from the working directory up (npm runs the tests in viewer/). */
function rendererHeat(): string | null {
  for (let d = process.cwd(), i = 0; i < 4; i++, d = dirname(d)) {
    const p = join(d, 'renderer/src/heat.rs');
    if (existsSync(p)) return readFileSync(p, 'utf8');
  }
  return null;
}

test('the colour map is the wgpu renderer\'s (the KNOTS of renderer/src/heat.rs)', (t) => {
  const rs = rendererHeat();
  if (rs === null) {
    t.skip('renderer/src/heat.rs not found');
    return;
  }
  const block = /const KNOTS: \[\[f32; 3\]; (\d+)\] = \[([\s\S]*?)\];/.exec(rs);
  assert.ok(block, 'KNOTS in renderer/src/heat.rs');
  const knots = [...block[2].matchAll(/\[([-\d.e]+), ([-\d.e]+), ([-\d.e]+)\]/g)].map((m) => [m[1], m[2], m[3]].map(Number));
  assert.equal(knots.length, Number(block[1]));
  assert.deepEqual(knots, HEAT_STOPS.map((s) => [...s]));
});

test('the scale bar\'s CSS gradient has the same stops at the same places', () => {
  const css = heatGradientCss();
  const stops = [...css.matchAll(/rgb\((\d+), (\d+), (\d+)\) ([\d.]+)%/g)];
  assert.equal(stops.length, HEAT_STOPS.length);
  stops.forEach((m, i) => {
    const at = Number(m[4]) / 100;
    assert.ok(Math.abs(at - i / (HEAT_STOPS.length - 1)) < 1e-6);
    assert.deepEqual([Number(m[1]), Number(m[2]), Number(m[3])], HEAT_STOPS[i].map((v) => Math.round(255 * v)));
    assert.equal(`rgb(${m[1]}, ${m[2]}, ${m[3]})`, heatCss(30 * at));
  });
  assert.match(css, /^linear-gradient\(to right, rgb/);
});

test('the scale bar is labelled 0, steps of 1/2/5 × 10^k, and the top of the range', () => {
  assert.deepEqual(heatTicks(30), [0, 10, 20, 30]);
  assert.deepEqual(heatTicks(25), [0, 5, 10, 15, 20, 25]);
  assert.deepEqual(heatTicks(5), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(heatTicks(7), [0, 2, 4, 7]);
  assert.deepEqual(heatTicks(0.5), [0, 0.1, 0.2, 0.3, 0.4, 0.5]);
  assert.deepEqual(heatTicks(60), [0, 20, 40, 60]);
  assert.deepEqual(heatTicks(3.75), [0, 1, 2, 3, 3.75]);
  assert.deepEqual(heatTicks(NaN), [0]);
  for (const max of [0.3, 1, 2.5, 3.75, 7.5, 15, 30, 60, 120, 1000]) {
    const t = heatTicks(max);
    assert.ok(t.length >= 2 && t.length <= 6, `${max}: ${t}`);
    assert.equal(t[0], 0);
    assert.equal(t[t.length - 1], max);
    for (let i = 1; i < t.length; i++) assert.ok(t[i] > t[i - 1]);
  }
  assert.equal(formatMm(7.5), '7.5');
  assert.equal(formatMm(3.75), '3.75');
  assert.equal(formatMm(0.1 + 0.2), '0.3');
});

test('u is what z adds to the rig-only skinned position (the Rust Displacement formula), |u| in mm', () => {
  // two vertices, two modes: Z_0 a translation by 1 mm in x, Z_1 a shear u_y = 0.01 X_x
  const X = [1, 2, 3, 0, 0, 0];
  const W = [1, 0.5, 0, 1];
  const z = new Array(24).fill(0);
  z[3] = 0.001;
  z[12 + 4] = 0.01;
  const u = secondaryDisplacement(X, W, 2, z);
  assert.deepEqual([...u].map((v) => Number(v.toPrecision(12))), [0.001, 0.005, 0, 0, 0, 0]);
  const mm = secondaryMm(X, W, 2, z);
  assert.ok(Math.abs(mm[0] - Math.sqrt(26)) < 1e-9);
  assert.equal(mm[1], 0);
  assert.throws(() => secondaryMm(X, W, 2, z.slice(1)), /12/);

  // The skinning pass's arithmetic (skin.ts / skin.wgsl) on the CPU: rig handle + mode terms on the rest X.
  // x(p, z) − x(p, 0) is u whatever the rig does.
  const apply = (h: number[], x: number[]) =>
    [0, 1, 2].map((r) => h[4 * r] * x[0] + h[4 * r + 1] * x[1] + h[4 * r + 2] * x[2] + h[4 * r + 3]);
  const T = [0.8, -0.6, 0, 0.1, 0.6, 0.8, 0, 0.2, 0, 0, 1.2, -0.3]; // a bone: rotation, scale, translation
  const skin = (v: number, zz: number[]) => {
    const x = X.slice(3 * v, 3 * v + 3);
    const t = apply(T, x);
    const dx = [0, 1, 2].map((c) => 0.7 * (t[c] - x[c]));
    for (let k = 0; k < 2; k++) {
      const a = apply(zz.slice(12 * k, 12 * k + 12), x);
      for (let c = 0; c < 3; c++) dx[c] += W[2 * v + k] * a[c];
    }
    return x.map((xc, c) => xc + dx[c]);
  };
  const rng = (s: number) => () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 0.02 - 0.01;
  const r = rng(3);
  const zr = Array.from({ length: 24 }, r);
  const ur = secondaryDisplacement(X, W, 2, zr);
  for (let v = 0; v < 2; v++) {
    const a = skin(v, zr);
    const b = skin(v, new Array(24).fill(0));
    for (let c = 0; c < 3; c++) assert.ok(Math.abs(a[c] - b[c] - ur[3 * v + c]) < 1e-15, `vertex ${v} ${c}`);
  }
});

test('the root is the rest place under its skinning transform; its displacement is horizontal', () => {
  // p: 4 unrelated numbers, then T = rotation about y by 90° and a translation (1, 0.5, -2), row-major 3x4
  const p = [9, 9, 9, 9, 0, 0, 1, 1, 0, 1, 0, 0.5, -1, 0, 0, -2];
  const root = { offset: 4, rest: [0.2, 1.0, 0.1] as [number, number, number] };
  assert.deepEqual(rootPosition(p, root), [1.1, 1.5, -2.2]);
  const d = rootDisplacement(p, root)!;
  assert.ok(Math.abs(d[0] - 0.9) < 1e-12 && d[1] === 0 && Math.abs(d[2] + 2.3) < 1e-12);
  assert.equal(rootDisplacement([NaN, ...p.slice(1)], { offset: 0, rest: [0, 0, 0] }), null);
  assert.deepEqual(meanDisplacement([[1, 0, 2], null, [3, 0, -2]]), [2, 0, 0]);
  assert.equal(meanDisplacement([null]), null);
});

test('the follow takes the first goal, settles a step without overshoot in about 0.5 s, cuts to a jump', () => {
  const f = new Follow();
  assert.deepEqual(f.step([1, 0, -1], 0.016), [1, 0, -1]);
  // a step of 0.4 m (under the cut), followed at 60 fps
  const goal: [number, number, number] = [1.4, 0, -1];
  let settled = Infinity;
  for (let i = 1; i <= 120; i++) {
    const x = f.step(goal, 1 / 60)[0];
    assert.ok(x <= 1.4 + 1e-12 && x >= 1, `no overshoot: ${x} at frame ${i}`);
    if (settled === Infinity && 1.4 - x < 0.05 * 0.4) settled = i / 60;
  }
  assert.ok(settled > 0.3 && settled < 0.6, `95 % after ${settled} s (rate ${FOLLOW_RATE}/s)`);
  // the same at 10 fps (exact steps: the frame rate does not change the path)
  const g = new Follow();
  g.step([0, 0, 0], 0.1);
  const h = new Follow();
  h.step([0, 0, 0], 0.1);
  for (let i = 0; i < 10; i++) g.step([0.4, 0, 0], 0.1);
  for (let i = 0; i < 60; i++) h.step([0.4, 0, 0], 1 / 60);
  assert.ok(Math.abs(g.value[0] - h.value[0]) < 1e-9);
  // a walk at 1 m/s is followed at a lag of 2 v / rate, and stopping does not overshoot
  const w = new Follow();
  let x = 0;
  for (let i = 0; i < 180; i++) w.step([(x += 1 / 60), 0, 0], 1 / 60);
  assert.ok(Math.abs(x - w.value[0] - 2 / FOLLOW_RATE) < 0.01, `lag ${x - w.value[0]}`);
  for (let i = 0; i < 120; i++) assert.ok(w.step([x, 0, 0], 1 / 60)[0] <= x + 1e-12);
  // a jump farther than the cut is taken at once
  assert.deepEqual(w.step([x + FOLLOW_CUT + 0.1, 0, 0], 1 / 60), [x + FOLLOW_CUT + 0.1, 0, 0]);
});

// ---------------------------------------------------------------------------------------------------------
// The capture page (src/capture/)

/** A header with values that need every bit: a stream id above 2^53, nanosecond times. */
function captureHeader(sourceId: string, seq: bigint): Header {
  return {
    sourceId,
    streamId: 0xfedc_ba98_7654_3210n,
    seq,
    captureTimeNs: 1_764_000_000_123_456_789n,
    sendTimeNs: 1_764_000_000_223_456_789n,
  };
}

/** The message's root and its payload table, read back with the generated readers. */
function readRoot(bytes: Uint8Array): Message {
  const bb = new flatbuffers.ByteBuffer(bytes);
  assert.ok(Message.bufferHasIdentifier(bb), 'file identifier AVTR');
  const m = Message.getRootAsMessage(bb);
  assert.equal(m.schemaVersion(), 3);
  return m;
}

function assertHeader(h: FrameHeader | null, sourceId: string, seq: bigint): void {
  assert.ok(h);
  assert.equal(h.sourceId(), sourceId);
  assert.equal(h.streamId(), 0xfedc_ba98_7654_3210n);
  assert.equal(h.seq(), seq);
  assert.equal(h.captureTimeNs(), 1_764_000_000_123_456_789n);
  assert.equal(h.sendTimeNs(), 1_764_000_000_223_456_789n);
}

const f32 = (v: number) => Math.fround(v);

test('capture: a PoseFrame reads back field by field (33 + 33 landmarks with visibility and presence)', () => {
  const lm = Array.from({ length: 33 }, (_, i) => ({ x: i / 33, y: 1 - i / 33, z: -i * 0.01, visibility: i / 32, presence: 1 - i / 32 }));
  const world = lm.map((p, i) => ({ ...p, x: i * 0.1 - 1.6, y: -i * 0.05 }));
  const bytes = encodePose(captureHeader('browser/pose', 7n), { width: 1280, height: 720, landmarks: lm, world });
  const m = readRoot(bytes);
  assert.equal(m.payloadType(), Payload.PoseFrame);
  const p = m.payload(new PoseFrame()) as PoseFrame;
  assertHeader(p.header(), 'browser/pose', 7n);
  assert.equal(p.imageWidth(), 1280);
  assert.equal(p.imageHeight(), 720);
  assert.equal(p.personIndex(), 0);
  assert.equal(p.landmarksLength(), 33);
  assert.equal(p.worldLandmarksLength(), 33);
  for (let i = 0; i < 33; i++) {
    const a = p.landmarks(i)!;
    assert.deepEqual([a.x(), a.y(), a.z(), a.visibility(), a.presence()], [lm[i].x, lm[i].y, lm[i].z, lm[i].visibility, lm[i].presence].map(f32));
    const w = p.worldLandmarks(i)!;
    assert.deepEqual([w.x(), w.y(), w.z(), w.visibility(), w.presence()], [world[i].x, world[i].y, world[i].z, world[i].visibility, world[i].presence].map(f32));
  }
});

test('capture: a FaceFrame reads back field by field (478 landmarks, 52 blendshapes by name, the transform)', () => {
  const lm = Array.from({ length: 478 }, (_, i) => ({ x: (i % 30) / 30, y: Math.floor(i / 30) / 16, z: -i * 1e-4 }));
  const names = ['_neutral', 'browDownLeft', 'browDownRight', 'browInnerUp', 'jawOpen', 'eyeBlinkLeft'];
  const blend = Array.from({ length: 52 }, (_, i) => ({ name: names[i % names.length] + (i >= names.length ? i : ''), value: i / 51 }));
  const transform = Array.from({ length: 16 }, (_, i) => (i === 15 ? 1 : i * 0.5 - 3));
  const bytes = encodeFace(captureHeader('browser/face', 8n), { width: 640, height: 480, landmarks: lm, blendshapes: blend, transform });
  const m = readRoot(bytes);
  assert.equal(m.payloadType(), Payload.FaceFrame);
  const f = m.payload(new FaceFrame()) as FaceFrame;
  assertHeader(f.header(), 'browser/face', 8n);
  assert.equal(f.imageWidth(), 640);
  assert.equal(f.imageHeight(), 480);
  assert.equal(f.faceIndex(), 0);
  assert.equal(f.landmarksLength(), 478);
  for (let i = 0; i < 478; i++) {
    const v = f.landmarks(i)!;
    assert.deepEqual([v.x(), v.y(), v.z()], [lm[i].x, lm[i].y, lm[i].z].map(f32));
  }
  assert.equal(f.blendshapesLength(), 52);
  for (let i = 0; i < 52; i++) {
    assert.equal(f.blendshapes(i)!.name(), blend[i].name);
    assert.equal(f.blendshapes(i)!.value(), f32(blend[i].value));
  }
  const t = f.facialTransform()!;
  assert.deepEqual(Array.from({ length: 16 }, (_, i) => t.m(i)), transform.map(f32));
  // no transform: absent, not zeros
  const none = encodeFace(captureHeader('browser/face', 9n), { width: 1, height: 1, landmarks: lm.slice(0, 468), blendshapes: [], transform: null });
  const g = readRoot(none).payload(new FaceFrame()) as FaceFrame;
  assert.equal(g.facialTransform(), null);
  assert.equal(g.landmarksLength(), 468);
  assert.equal(g.blendshapesLength(), 0);
  assert.throws(() => encodeFace(captureHeader('x', 1n), { width: 1, height: 1, landmarks: lm, blendshapes: [], transform: [1, 2, 3] }));
});

test('capture: a HandFrame reads back field by field (handedness, score, index, 21 + 21 points)', () => {
  const lm = Array.from({ length: 21 }, (_, i) => ({ x: i / 21, y: 0.5, z: -i * 0.002 }));
  const world = lm.map((p, i) => ({ x: i * 0.01, y: -0.02, z: 0.003 * i }));
  for (const [hand, sid] of [[Handedness.Left, 'browser/hand_left'], [Handedness.Right, 'browser/hand_right']] as const) {
    const bytes = encodeHand(captureHeader(sid, 11n), { width: 1280, height: 720, handIndex: 1, handedness: hand, handednessScore: 0.875, landmarks: lm, world });
    const m = readRoot(bytes);
    assert.equal(m.payloadType(), Payload.HandFrame);
    const h = m.payload(new HandFrame()) as HandFrame;
    assertHeader(h.header(), sid, 11n);
    assert.equal(h.imageWidth(), 1280);
    assert.equal(h.imageHeight(), 720);
    assert.equal(h.handIndex(), 1);
    assert.equal(h.handedness(), hand);
    assert.equal(h.handednessScore(), 0.875);
    assert.equal(h.landmarksLength(), 21);
    assert.equal(h.worldLandmarksLength(), 21);
    for (let i = 0; i < 21; i++) {
      assert.deepEqual([h.landmarks(i)!.x(), h.landmarks(i)!.y(), h.landmarks(i)!.z()], [lm[i].x, lm[i].y, lm[i].z].map(f32));
      assert.deepEqual([h.worldLandmarks(i)!.x(), h.worldLandmarks(i)!.y(), h.worldLandmarks(i)!.z()], [world[i].x, world[i].y, world[i].z].map(f32));
    }
  }
});

test('capture: an AudioFrame reads back field by field (rate, Int16 samples)', () => {
  const samples = Int16Array.from({ length: 320 }, (_, i) => ((i * 2731) % 65535) - 32767);
  const bytes = encodeAudio(captureHeader('browser/mic', 12n), 16000, samples);
  const m = readRoot(bytes);
  assert.equal(m.payloadType(), Payload.AudioFrame);
  const a = m.payload(new AudioFrame()) as AudioFrame;
  assertHeader(a.header(), 'browser/mic', 12n);
  assert.equal(a.sampleRate(), 16000);
  assert.deepEqual([...a.samplesArray()!], [...samples]);
  assert.ok(bytes.length < 64 * 1024);
  // the largest chunk the schema takes (100 ms at 48 kHz) stays under the daemon's 64 KiB per message
  assert.ok(encodeAudio(captureHeader('browser/mic', 13n), 48000, new Int16Array(4800)).length < 64 * 1024);
});

test('capture: a face frame with 478 points and 52 scores is far under 64 KiB', () => {
  const lm = Array.from({ length: 478 }, () => ({ x: 0.5, y: 0.5, z: 0 }));
  const blend = Array.from({ length: 52 }, (_, i) => ({ name: `mouthSmileLeft${i}`, value: 0.5 }));
  const n = encodeFace(captureHeader('browser/face', 1n), { width: 1, height: 1, landmarks: lm, blendshapes: blend, transform: new Array(16).fill(0) }).length;
  assert.ok(n > 5736 && n < 12 * 1024, `${n} bytes`);
});

// assign_handedness's cases (tracker-bridge/python/tests/test_hands_live.py, test_assign_handedness_rules)
const L = Handedness.Left;
const R = Handedness.Right;
const SIZE: [number, number] = [1000, 1000];
const wristsOf = (lv: number, rv: number): PoseWrists => ({
  left: { xy: [700, 500], visibility: lv }, // a subject facing the camera
  right: { xy: [300, 500], visibility: rv },
});
const guess = (label: string, score: number, wrist: [number, number]): HandGuess => ({ label, score, wrist });

test('capture: handedness, as assign_handedness: MediaPipe label, mirrored, the pose corrects, hidden or far wrists do not', () => {
  const pose = wristsOf(0.9, 0.9);
  // no pose: MediaPipe's label and score
  assert.deepEqual(assignHandedness([guess('Left', 0.9, [0, 0])], null, SIZE), [{ hand: L, score: 0.9, corrected: false }]);
  // mirrored source: swapped
  assert.deepEqual(assignHandedness([guess('Left', 0.9, [0, 0])], null, SIZE, true), [{ hand: R, score: 0.9, corrected: false }]);
  // a "Left" hand at the pose's right wrist is the right hand; the score is MediaPipe's for "Right"
  const [c] = assignHandedness([guess('Left', 0.8, [310, 495])], pose, SIZE);
  assert.equal(c.hand, R);
  assert.equal(c.corrected, true);
  assert.ok(Math.abs(c.score - 0.2) < 1e-12);
  // ... unless that wrist is not visible, or the hand is far from both wrists
  const hidden = wristsOf(0.9, 0.1);
  assert.deepEqual(assignHandedness([guess('Left', 0.8, [310, 495])], hidden, SIZE), [{ hand: L, score: 0.8, corrected: false }]);
  assert.deepEqual(assignHandedness([guess('Left', 0.8, [500, 100])], pose, SIZE), [{ hand: L, score: 0.8, corrected: false }]);
});

test('capture: handedness, as assign_handedness: two hands paired by the pose, or the less sure one flipped', () => {
  const pose = wristsOf(0.9, 0.9);
  // two hands, labels swapped by MediaPipe: the pose pairs them
  let out = assignHandedness([guess('Right', 0.7, [690, 510]), guess('Left', 0.6, [305, 490])], pose, SIZE);
  assert.deepEqual(out.map((o) => [o.hand, o.corrected]), [[L, true], [R, true]]);
  // two hands with the same label and no pose: the less sure one is the other hand
  out = assignHandedness([guess('Right', 0.6, [100, 0]), guess('Right', 0.9, [900, 0])], null, SIZE);
  assert.deepEqual(out.map((o) => [o.hand, o.corrected]), [[L, true], [R, false]]);
  assert.ok(Math.abs(out[0].score - 0.4) < 1e-12);
  // never the same hand twice, whatever the input
  for (const labels of [['Left', 'Left'], ['Right', 'Right'], ['', '']]) {
    for (const p of [null, pose, wristsOf(0.9, 0.1)]) {
      out = assignHandedness([guess(labels[0], 0.5, [690, 500]), guess(labels[1], 0.5, [700, 505])], p, SIZE);
      assert.deepEqual(new Set(out.map((o) => o.hand)), new Set([L, R]), `${labels} ${JSON.stringify(p)}`);
      assert.ok(out.every((o) => o.score >= 0 && o.score <= 1));
    }
  }
  // no label at all: the score is 0; one hand alone is the right hand
  assert.deepEqual(assignHandedness([guess('', 0.7, [0, 0])], null, SIZE), [{ hand: R, score: 0, corrected: true }]);
});

test('capture: MediaPipe results → fields: first pose only, scores clamped, counts and finiteness checked', () => {
  const lm = (n: number) => Array.from({ length: n }, (_, i) => ({ x: i / n, y: 0.5, z: 0, visibility: 1.2, presence: undefined }));
  assert.equal(poseFields({ landmarks: [], worldLandmarks: [] }, 640, 480), null);
  const p = poseFields({ landmarks: [lm(33), lm(33)], worldLandmarks: [lm(33)] }, 640, 480)!;
  assert.equal(p.landmarks[0].visibility, 1);
  assert.equal(p.landmarks[0].presence, 0);
  assert.throws(() => poseFields({ landmarks: [lm(32)], worldLandmarks: [lm(33)] }, 1, 1), /expected 33/);
  const bad = lm(33);
  bad[3].x = NaN;
  assert.throws(() => poseFields({ landmarks: [bad], worldLandmarks: [lm(33)] }, 1, 1), /non-finite/);
  // face: blendshapes by category name, clamped; no face: null
  assert.equal(faceFields({ faceLandmarks: [] }, 1, 1), null);
  const f = faceFields(
    { faceLandmarks: [lm(478)], faceBlendshapes: [{ categories: [{ categoryName: 'jawOpen', score: 1.0000001 }] }] },
    1,
    1,
  )!;
  assert.deepEqual(f.blendshapes, [{ name: 'jawOpen', value: 1 }]);
  assert.equal(f.transform, null);
  // hands: an invalid hand is dropped and counted, the others keep their index
  const h = handFields(
    {
      landmarks: [lm(20), lm(21)],
      worldLandmarks: [lm(21), lm(21)],
      handedness: [[{ categoryName: 'Left', score: 0.9 }], [{ categoryName: 'Right', score: 0.8 }]],
    },
    640,
    480,
    null,
  );
  assert.equal(h.bad, 1);
  assert.equal(h.hands.length, 1);
  assert.equal(h.hands[0].handIndex, 1);
  assert.equal(h.hands[0].handedness, R);
  assert.ok(Math.abs(h.hands[0].handednessScore - 0.8) < 1e-12);
});

test('capture: the facial transform goes on the wire column-major (translation in 12..14)', () => {
  // MediaPipe's packed data, column-major: a turn about y and a translation of (1, 2, -50) cm
  const c = Math.cos(0.3);
  const s = Math.sin(0.3);
  const colMajor = [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 1, 2, -50, 1];
  assert.deepEqual(columnMajor(colMajor), colMajor);
  // the same matrix given row-major is transposed
  const rowMajor = [c, 0, s, 1, 0, 1, 0, 2, -s, 0, c, -50, 0, 0, 0, 1];
  assert.deepEqual(columnMajor(rowMajor), colMajor);
  assert.throws(() => columnMajor(colMajor.slice(0, 12), 3, 4));
});

test('capture: 20 ms audio chunks at 16 and 48 kHz, contiguous frames and times', () => {
  for (const [rate, n] of [[16000, 320], [48000, 960], [44100, 882], [8000, 160]] as const) {
    assert.equal(chunkLength(rate), n);
    const chunker = new AudioChunker(rate);
    const chunks: Chunk[] = [];
    const start = 768; // a context's first block need not be frame 0
    for (let b = 0; b < 100; b++) {
      const block = Float32Array.from({ length: 128 }, (_, i) => Math.sin((b * 128 + i) / 10) * 0.5);
      chunks.push(...chunker.push(block, start + b * 128));
    }
    assert.equal(chunks.length, Math.floor((100 * 128) / n));
    const anchor = 1_764_000_000_000_000_000n;
    let prev: bigint | null = null;
    chunks.forEach((ch, k) => {
      assert.equal(ch.samples.length, n);
      assert.equal(ch.frame, start + k * n, 'contiguous frames');
      assert.equal(ch.gap, false);
      // the samples are the blocks' samples in order
      const i = k * n + 17;
      assert.equal(ch.samples[17], Math.round(Math.sin(i / 10) * 0.5 * 32767));
      const t = chunkTimeNs(anchor, chunks[0].frame, ch.frame, rate);
      if (prev !== null) assert.equal(t - prev, BigInt((n * 1e9) / rate), 'next = prev + n / rate');
      prev = t;
    });
    assert.equal(chunkTimeNs(anchor, chunks[0].frame, chunks[0].frame, rate), anchor);
  }
});

test('capture: audio gaps are marked once a chunk was made, the partial chunk dropped; mono is the mean', () => {
  const c = new AudioChunker(16000);
  const block = new Float32Array(128).fill(0.25);
  assert.equal(c.push(block, 0).length, 0);
  // a jump before any chunk (a context starting): not a gap
  let out = [...c.push(block, 768), ...c.push(block, 896), ...c.push(block, 1024)];
  assert.equal(out.length, 1);
  assert.equal(out[0].frame, 768);
  assert.equal(out[0].gap, false);
  // 64 of the next chunk's samples are buffered; then frames are skipped
  out = [...c.push(block, 5000), ...c.push(block, 5128), ...c.push(block, 5256)];
  assert.equal(out.length, 1);
  assert.equal(out[0].frame, 5000);
  assert.equal(out[0].gap, true);
  assert.equal(out[0].gapFrames, 5000 - 1152);
  const mono = c.mix([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])], 2);
  assert.deepEqual([...mono], [0.5, 0]);
  assert.deepEqual([...c.mix([], 3)], [0, 0, 0]);
  assert.throws(() => new AudioChunker(96000));
});

test('capture: Int16 conversion clips at full scale 32767 and maps NaN to 0', () => {
  const out = toInt16(new Float32Array([0, 0.5, -0.5, 1, -1, 1.5, -7, NaN, Infinity, -Infinity, 1e-6]));
  assert.deepEqual([...out], [0, 16384, -16383, 32767, -32767, 32767, -32767, 0, 32767, -32767, 0]);
});

test('capture: source ids as the Python tracker makes them, cut to 256 bytes on a character boundary', () => {
  assert.equal(sourceId('browser', 'pose'), 'browser/pose');
  assert.equal(sourceId('studio', 'hand_left'), 'studio/hand_left');
  const long = sourceId('é'.repeat(200), 'hand_right');
  assert.ok(new TextEncoder().encode(long).length <= MAX_ID_BYTES);
  assert.ok(long.endsWith('/hand_right'));
  assert.ok(!long.includes('\ufffd'), 'no broken character');
  assert.equal(new TextEncoder().encode(sourceId('a'.repeat(300), 'pose')).length, MAX_ID_BYTES);
  assert.notEqual(randomU64(), randomU64());
});

test('capture: performance times as UNIX ns keep sub-microsecond precision', () => {
  assert.equal(unixNs(0.25, 1_764_000_000_123.5), 1_764_000_000_123_750_000n);
  assert.equal(unixNs(1000.000001, 1_764_000_000_000), 1_764_000_001_000_000_001n);
});

test('capture: the page keeps well inside the daemon input bounds (600/s, bursts of 240)', () => {
  assert.ok(SEND_RATE <= 600 / 2 && SEND_BURST <= 240 / 4);
  const b = new TokenBucket(SEND_RATE, SEND_BURST, 0);
  let sent = 0;
  // a flood for 10 s: the burst, then the rate
  for (let t = 0; t < 10_000; t += 0.5) if (b.take(t)) sent++;
  assert.ok(Math.abs(sent - (SEND_BURST + SEND_RATE * 10)) <= 2, `${sent}`);
  // at a normal rate (30 fps × 4 + 50 audio chunks = 170/s) nothing is refused
  const c = new TokenBucket(SEND_RATE, SEND_BURST, 0);
  let refused = 0;
  for (let i = 0; i < 1700; i++) if (!c.take((i * 1000) / 170)) refused++;
  assert.equal(refused, 0);
});

test('the held part drawn from the glb and a state equals the simulation u_h (fixture from sim/tests/gltf.rs)', () => {
  // npm runs the tests in viewer/ (the bundle itself lies in a temporary folder)
  let base = join(process.cwd(), 'test', 'fixtures');
  for (let d = process.cwd(), i = 0; i < 4 && !existsSync(join(base, 'held-bar.glb')); i++, d = dirname(d)) {
    base = join(d, 'viewer', 'test', 'fixtures');
  }
  const glb = readFileSync(join(base, 'held-bar.glb'));
  const fixture = JSON.parse(readFileSync(join(base, 'held-bar.json'), 'utf8')) as {
    held: number[];
    expected: number[];
    peak: number;
  };
  const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength);
  const { json, bin } = splitGlb(buffer);
  const extras = (json.asset.extras as { avatard: { held: HeldExtras } }).avatard.held;
  const n = fixture.expected.length / 3;
  const h = readHeld(extras, json.bufferViews, bin, n);
  assert.ok(h, 'the glb carries a held part');
  const out = new Float32Array(4 * n);
  assert.ok(heldDisplacement(h, Float32Array.from(fixture.held), out));
  let worst = 0;
  for (let v = 0; v < n; v++) {
    for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(out[4 * v + c] - fixture.expected[3 * v + c]));
  }
  assert.ok(fixture.peak > 1e-3, `a visible correction: ${fixture.peak}`);
  assert.ok(worst < 1e-4, `src/held.ts differs from the simulation by ${worst} m (peak ${fixture.peak})`);
  // a held of another length, or with a NaN, draws none
  assert.equal(heldDisplacement(h, fixture.held.slice(1), out), false);
  assert.ok(out.every((x) => x === 0));
  const bad = Float32Array.from(fixture.held);
  bad[3] = NaN;
  assert.equal(heldDisplacement(h, bad, out), false);
  // a malformed table is refused with the reason
  assert.throws(() => readHeld({ ...extras, components: 1 }, json.bufferViews, bin, n), /held/);
  assert.throws(() => readHeld(extras, json.bufferViews, bin, n + 1), /offsets/);
});

test('an AvatarState with a held part decodes it', () => {
  const b = new flatbuffers.Builder(256);
  const id = b.createString('a');
  const held = AvatarState.createHeldVector(b, [1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, -0.25]);
  AvatarState.startAvatarState(b);
  AvatarState.addAvatarId(b, id);
  AvatarState.addHeld(b, held);
  const s = AvatarState.endAvatarState(b);
  Message.finishMessageBuffer(b, Message.createMessage(b, SCHEMA_VERSION, Payload.AvatarState, s));
  const d = decodeMessage(b.asUint8Array().slice());
  assert.equal(d.kind, 'state');
  if (d.kind === 'state') assert.deepEqual([...d.state.held], [1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, -0.25]);
});

test('capture: audio the audio clock lost (a starved render thread) is found from the lateness that stays, a backlog is not', () => {
  // 20 ms chunks: delivered 30 ms after they end, with jitter up to 15 ms
  const w = new DriftWatch();
  let lost = 0;
  const jitter = (k: number) => ((k * 7919) % 16);
  let k = 0;
  // the wall clock runs on; the audio clock falls behind by `behind` (lost audio), and the caller moves its
  // anchor by what the watch reports (as the sender worker does)
  let wallMs = 0;
  let anchorShift = 0;
  const chunk = (behind: number) => {
    wallMs += 20;
    const endMs = wallMs - behind + anchorShift;
    const l = w.push(endMs, wallMs + 30 + jitter(k++));
    anchorShift += l;
    return l;
  };
  for (let i = 0; i < 200; i++) lost += chunk(0);
  assert.equal(lost, 0, 'steady delivery: nothing lost');
  // a backlog: 40 chunks delivered up to 400 ms late, then caught up: still nothing lost
  for (let i = 0; i < 40; i++) {
    wallMs += 0;
    const endMs = wallMs + 20 + anchorShift;
    wallMs += 20;
    lost += w.push(endMs, wallMs + 30 + jitter(k++) + (400 - 10 * i));
  }
  for (let i = 0; i < 200; i++) lost += chunk(0);
  assert.equal(lost, 0, 'a backlog that drains is not lost audio');
  // the render thread starved for 0.5 s: the audio clock fell 500 ms behind for good
  for (let i = 0; i < 200; i++) lost += chunk(500);
  assert.ok(Math.abs(lost - 500) <= 16, `lost ${lost} ms, 500 ms were`);
  // and from there on nothing more (the clock was re-anchored)
  let after = 0;
  for (let i = 0; i < 200; i++) after += chunk(500);
  assert.equal(after, 0);
  assert.ok(DRIFT_MS < 100);
});

