// Unit tests (npm run test:unit): wire decoding, the wire worker's coalescing and hand-over, the grid layout and
// the renderer's camera framing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as flatbuffers from 'flatbuffers';
import * as THREE from 'three';
import { Message } from '../src/generated/avatar/wire/message.js';
import { Payload } from '../src/generated/avatar/wire/payload.js';
import { AvatarState } from '../src/generated/avatar/wire/avatar-state.js';
import { Stats } from '../src/generated/avatar/wire/stats.js';
import { Counter } from '../src/generated/avatar/wire/counter.js';
import { decodeMessage } from '../src/wire.js';
import { Coalescer, type ArrivalRecord } from '../src/coalesce.js';
import { framingMatrix, gridLayout, parseViewProj } from '../src/layout.js';

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
  assert.throws(() => decodeMessage(state(null, 3)), /schema_version 3/);
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
