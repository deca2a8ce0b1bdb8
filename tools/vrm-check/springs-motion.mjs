// node tools/vrm-check/springs-motion.mjs OUT.json
//
// The motion the spring-bone comparison plays (tools/springs-reference, daemon/tests/springs_reference.rs):
// VRM normalized humanoid poses at 60 Hz for 9 s, as three-vrm's normalized bones take them (rotations relative
// to the rest pose in world axes, the avatar facing +Z, +Y up, its left at +X):
//   0   – 1   s  stillness (the rest pose)
//   1   – 3   s  sideways sway of the hips, x = 10 cm · sin(2π · 1 Hz · t)
//   3   – 3.5 s  stillness
//   3.5 – 5   s  a fast hips turn (0 → +60° in 0.35 s, hold 0.15 s, +60° → −60° in 0.5 s, back to 0 in 0.5 s,
//                each leg a cosine ease) with a head glance (the head bone: +35° at 3.55–3.85 s, −35° at 4.2–4.5 s,
//                back at 4.85 s)
//   5   – 5.5 s  stillness
//   5.5 – 6.5 s  a hop, twice: the hips up 12 cm and down in 0.5 s each (a parabola: a jump's height profile)
//   6.5 – 9   s  stillness
// JSON: {rate, frames, duration, hips_offset: [[x, y, z]] (m, added to the hips' rest position, world axes),
// rotations: {hips: [[x, y, z, w]], head: [[x, y, z, w]]} (normalized local rotations)}; numbers to 1e-7.
//
// Other tick rates sample it with `sampleMotion` (here, and the same in the Rust test): the hips offset linear,
// the rotations slerped (shortest way), between the two 60 Hz frames around the tick time; held past the end.
import { writeFileSync } from 'node:fs';
import * as THREE from 'three';

export const RATE = 60;
export const DURATION = 9;

const ease = (s) => 0.5 - 0.5 * Math.cos(Math.PI * Math.min(Math.max(s, 0), 1));

/// Piecewise cosine-eased keys [[t, value], ...]: the value at t.
function keyed(keys, t) {
  if (t <= keys[0][0]) return keys[0][1];
  for (let i = 1; i < keys.length; i++) {
    const [t1, v1] = keys[i];
    const [t0, v0] = keys[i - 1];
    if (t <= t1) return v0 + (v1 - v0) * ease((t - t0) / (t1 - t0));
  }
  return keys[keys.length - 1][1];
}

const HIPS_YAW = [[3.5, 0], [3.85, 60], [4.0, 60], [4.5, -60], [5.0, 0]];
const HEAD_YAW = [[3.55, 0], [3.7, 35], [3.85, 35], [4.2, -35], [4.5, -35], [4.85, 0]];

function pose(t) {
  let x = 0;
  let y = 0;
  if (t >= 1 && t <= 3) x = 0.1 * Math.sin(2 * Math.PI * (t - 1));
  for (const start of [5.5, 6.0]) {
    if (t >= start && t <= start + 0.5) {
      const s = (t - start) / 0.5;
      y = 0.12 * 4 * s * (1 - s);
    }
  }
  const yaw = (deg) => new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), (deg * Math.PI) / 180);
  return { offset: [x, y, 0], hips: yaw(keyed(HIPS_YAW, t)), head: yaw(keyed(HEAD_YAW, t)) };
}

const r7 = (v) => Math.round(v * 1e7) / 1e7;

export function makeMotion() {
  const frames = Math.round(DURATION * RATE) + 1;
  const m = { rate: RATE, frames, duration: DURATION, hips_offset: [], rotations: { hips: [], head: [] } };
  for (let k = 0; k < frames; k++) {
    const p = pose(k / RATE);
    m.hips_offset.push(p.offset.map(r7));
    m.rotations.hips.push(p.hips.toArray().map(r7));
    m.rotations.head.push(p.head.toArray().map(r7));
  }
  return m;
}

/// The motion at time `t` (s): {offset: Vector3, rotations: {bone: Quaternion}}.
export function sampleMotion(m, t) {
  const x = Math.min(Math.max(t * m.rate, 0), m.frames - 1);
  const i = Math.min(Math.floor(x), m.frames - 2);
  const w = x - i;
  const v = (a) => new THREE.Vector3().fromArray(a);
  const offset = v(m.hips_offset[i]).lerp(v(m.hips_offset[i + 1]), w);
  const rotations = {};
  for (const [bone, qs] of Object.entries(m.rotations)) {
    const a = new THREE.Quaternion().fromArray(qs[i]).normalize();
    const b = new THREE.Quaternion().fromArray(qs[i + 1]).normalize();
    rotations[bone] = a.slerp(b, w);
  }
  return { offset, rotations };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node springs-motion.mjs OUT.json');
    process.exit(2);
  }
  const m = makeMotion();
  const rows = (a) => '[\n' + a.map((r) => '  ' + JSON.stringify(r)).join(',\n') + '\n ]';
  const text =
    `{\n "rate": ${m.rate},\n "frames": ${m.frames},\n "duration": ${m.duration},\n` +
    ` "hips_offset": ${rows(m.hips_offset)},\n "rotations": {\n  "hips": ${rows(m.rotations.hips)},\n` +
    `  "head": ${rows(m.rotations.head)}\n }\n}\n`;
  writeFileSync(out, text);
  console.log(`wrote ${out}: ${m.frames} frames at ${m.rate} Hz`);
}
