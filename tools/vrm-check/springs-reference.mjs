// node tools/vrm-check/springs-reference.mjs FILE.vrm MOTION.json RATE_HZ OUT.json [--every N]
//
// Spring bones as @pixiv/three-vrm (3.5.5) runs them, for the comparison in daemon/tests/springs_reference.rs
// (regenerate the committed data with tools/springs-reference): loads the VRM (0.x turned to face +Z with
// VRMUtils.rotateVRM0, as three-vrm apps do, its springs then re-initialised at that rest pose), plays the
// motion (tools/vrm-check/springs-motion.mjs; sampled at the tick times k / RATE with its `sampleMotion`) on
// `vrm.humanoid`'s normalized bones (the hips' position and the bones' rotations), and calls
// `vrm.update(1 / RATE)` each tick, as an app's render loop does.
//
// Recorded per tick (every N-th tick with --every N): for every spring chain, the position of each joint after
// the first, and of the chain's tail, in the frame of the chain's parent bone (the parent node of its first
// joint): `x = G0 · G⁻¹ · x_world − head0`, G the parent's world matrix now and G0 at rest, head0 its rest
// position: world axes of the rest pose, metres, origin at the parent's head, so a point that moves rigidly
// with the parent keeps its rest value. The first joint's head is fixed in that frame and is not recorded.
//
// Chains are named and cut as avatard's importer does (sim/src/asset/gltf_import/springs.rs), and joints named
// by their glTF node names: VRM 1.0, one chain per spring (`name`, or `spring{i}`), its listed joints (the last
// one the tail); VRM 0.x, per bone group (`comment`, or `group{i}`), one chain per first-child path from each
// root (`{comment}/{first bone}`), a leaf's tail 7 cm along its offset from its parent.
//
// Output JSON: {vrm, spec, rate, every, frames, chains: [{name, parent, joints (node names; the last is the
// tail, or `name+tail` for a 0.x tail point), length (m: the rest lengths from the first joint's head to the
// tail, summed), rest: [[x, y, z]] (the recorded points at rest), penetration (m: the deepest any joint
// sphere of the chain sat inside one of its colliders after an update, three-vrm's own collider test),
// positions: [[x1, y1, z1, x2, ...] per recorded tick] in units of 1e-5 m (integers)}]}.
import { readFileSync, writeFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin, VRMUtils } from '@pixiv/three-vrm';
import { sampleMotion } from './springs-motion.mjs';

const args = process.argv.slice(2);
const everyAt = args.indexOf('--every');
const every = everyAt >= 0 ? Number(args.splice(everyAt, 2)[1]) : 1;
const [file, motionFile, rateArg, out] = args;
if (!file || !motionFile || !rateArg || !out || !(every >= 1)) {
  console.error('usage: node springs-reference.mjs FILE.vrm MOTION.json RATE_HZ OUT.json [--every N]');
  process.exit(2);
}
const rate = Number(rateArg);
const motion = JSON.parse(readFileSync(motionFile, 'utf8'));

// Textures without image decoding (as check.mjs: there is no DOM in Node, and nothing renders).
class StubTextures {
  constructor(parser) {
    this.parser = parser;
    this.name = 'STUB_TEXTURES';
  }
  loadTexture(index) {
    const texture = new THREE.Texture();
    texture.image = { width: 1, height: 1 };
    texture.flipY = false;
    return Promise.resolve(texture);
  }
}

const bytes = new Uint8Array(readFileSync(file));
const loader = new GLTFLoader();
loader.register((parser) => new StubTextures(parser));
loader.register((parser) => new VRMLoaderPlugin(parser));
const warn = console.warn;
console.warn = () => {};
const gltf = await loader.parseAsync(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), '');
await new Promise((r) => setTimeout(r, 10));
console.warn = warn;
const vrm = gltf.userData.vrm;
const json = gltf.parser.json;
const threeNodes = await gltf.parser.getDependencies('node');
const vrm0 = vrm.meta?.metaVersion === '0';
VRMUtils.rotateVRM0(vrm);
vrm.scene.updateMatrixWorld(true);
// the tails were placed before the turn: start them at this rest pose
vrm.springBoneManager.setInitState();
vrm.scene.updateMatrixWorld(true);

// --- chains, cut as avatard's importer cuts them -------------------------------------------------------------
const nodeName = (i) => json.nodes[i].name ?? `node${i}`;
const skinJoints = new Set((json.skins ?? []).flatMap((s) => s.joints));
const chains = [];
if (!vrm0) {
  (json.extensions.VRMC_springBone.springs ?? []).forEach((s, i) => {
    const nodes = s.joints.map((j) => j.node);
    if (nodes.length < 2) return;
    chains.push({ name: s.name ?? `spring${i}`, nodes, tail: { node: nodes[nodes.length - 1] } });
  });
} else {
  const sec = json.extensions.VRM.secondaryAnimation;
  const used = new Set();
  (sec.boneGroups ?? []).forEach((g, gi) => {
    const comment = g.comment ? g.comment : `group${gi}`;
    const starts = [...(g.bones ?? [])];
    while (starts.length) {
      const start = starts.pop();
      if (!skinJoints.has(start)) continue;
      const nodes = [];
      let n = start;
      let tail = null;
      for (;;) {
        if (used.has(n)) break;
        used.add(n);
        nodes.push(n);
        const kids = json.nodes[n].children ?? [];
        starts.push(...kids.slice(1));
        if (kids.length && skinJoints.has(kids[0])) n = kids[0];
        else if (kids.length) {
          tail = { node: kids[0] };
          break;
        } else {
          tail = { leafOf: n };
          break;
        }
      }
      if (!tail || !nodes.length) continue;
      if (tail.node !== undefined) nodes.push(tail.node);
      chains.push({ name: `${comment}/${nodeName(start)}`, nodes, tail });
    }
  });
}

const jointOf = new Map([...vrm.springBoneManager.joints].map((j) => [j.bone, j]));
const world = (o) => o.matrixWorld;
/// World position of chain point k (a node's head, or a 0.x leaf's tail 7 cm out).
function pointWorld(c, k) {
  if (k < c.nodes.length) return new THREE.Vector3().setFromMatrixPosition(world(threeNodes[c.nodes[k]]));
  const leaf = threeNodes[c.tail.leafOf];
  const local = leaf.position.clone().normalize().multiplyScalar(0.07);
  return local.applyMatrix4(world(leaf));
}
for (const c of chains) {
  c.parentNode = threeNodes[c.nodes[0]].parent;
  c.parentName = json.nodes.findIndex((n, i) => threeNodes[i] === c.parentNode);
  c.count = c.nodes.length + (c.tail.leafOf !== undefined ? 1 : 0);
  c.rest0 = c.parentNode.matrixWorld.clone();
  c.head0 = new THREE.Vector3().setFromMatrixPosition(c.rest0);
  c.joints = c.nodes.map(nodeName).concat(c.tail.leafOf !== undefined ? [`${nodeName(c.tail.leafOf)}+tail`] : []);
  let length = 0;
  for (let k = 1; k < c.count; k++) length += pointWorld(c, k).distanceTo(pointWorld(c, k - 1));
  c.length = length;
  c.sim = c.nodes.slice(0, c.count - 1).map((n) => jointOf.get(threeNodes[n]));
  if (c.sim.some((j) => !j)) throw new Error(`chain ${c.name}: a joint three-vrm does not simulate`);
  c.positions = [];
  c.penetration = 0;
}
/// Chain point k in the parent's frame (see the header).
function relative(c, k) {
  const inv = c.parentNode.matrixWorld.clone().invert();
  return pointWorld(c, k).applyMatrix4(inv).applyMatrix4(c.rest0).sub(c.head0);
}
for (const c of chains) c.rest = Array.from({ length: c.count - 1 }, (_, k) => relative(c, k + 1).toArray());

// --- play --------------------------------------------------------------------------------------------------
const humanoid = vrm.humanoid;
const hips = humanoid.getNormalizedBoneNode('hips');
const hipsRest = hips.position.clone();
// the normalized bones live under vrm.scene: in a turned 0.x model, world axes are its local axes turned
const turn = (v) => (vrm0 ? v.set(-v.x, v.y, -v.z) : v);
const turnQ = (q) => (vrm0 ? q.set(-q.x, q.y, -q.z, q.w) : q);
const ticks = Math.floor(motion.duration * rate + 1e-9) + 1;
const dir = new THREE.Vector3();
let recorded = 0;
for (let k = 0; k < ticks; k++) {
  const m = sampleMotion(motion, k / rate);
  hips.position.copy(hipsRest).add(turn(m.offset));
  for (const [bone, q] of Object.entries(m.rotations)) {
    const node = humanoid.getNormalizedBoneNode(bone);
    if (node) node.quaternion.copy(turnQ(q));
  }
  vrm.update(1 / rate);
  vrm.scene.updateMatrixWorld(true);
  for (const c of chains) {
    c.sim.forEach((j, i) => {
      const tail = pointWorld(c, i + 1);
      for (const g of j.colliderGroups)
        for (const col of g.colliders) {
          const d = col.shape.calculateCollision(col.colliderMatrix, tail, j.settings.hitRadius, dir);
          c.penetration = Math.max(c.penetration, -d);
        }
    });
    if (k % every !== 0) continue;
    const row = [];
    for (let i = 1; i < c.count; i++) row.push(...relative(c, i).toArray().map((v) => Math.round(v * 1e5)));
    c.positions.push(row);
  }
  if (k % every === 0) recorded++;
}

const r = (v, s = 1e6) => Math.round(v * s) / s;
const result = {
  about: 'three-vrm spring bones on tools/vrm-check/springs-motion.mjs; see tools/vrm-check/springs-reference.mjs',
  three_vrm: '3.5.5',
  vrm: file.split('/').pop(),
  spec: vrm0 ? 'VRM 0.x' : 'VRM 1.0',
  rate,
  every,
  frames: recorded,
  chains: chains.map((c) => ({
    name: c.name,
    parent: nodeName(c.parentName),
    joints: c.joints,
    length: r(c.length),
    rest: c.rest.map((p) => p.map((v) => r(v))),
    penetration: r(c.penetration),
    positions: c.positions,
  })),
};
const text = JSON.stringify(result, null, 1).replace(/\[\s+(-?\d[\d.,\se+-]*?)\s+\]/g, (_, inner) => `[${inner.replace(/\s+/g, '')}]`);
writeFileSync(out, text + '\n');
console.log(`wrote ${out}: ${chains.length} chains, ${recorded} frames at ${rate / every} Hz (${rate} Hz ticks)`);
