// Unit tests (npm run test:unit): wire decoding, the wire worker's coalescing and hand-over, the grid layout,
// the renderer's camera framing, the camera following the avatars and the heat map's colour map, labels and
// displacement.
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
import { framingMatrix, gridLayout, parseViewProj } from '../src/layout.js';
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
