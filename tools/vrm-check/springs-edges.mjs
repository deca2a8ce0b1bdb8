// node tools/vrm-check/springs-edges.mjs EDGES.json [OUT_DIR]
//
// The spring parameters' edge values (issue 48) as copies of the committed spring avatars: one file per VRM
// version, each chain (VRM 1.0: spring; VRM 0.x: bone group) with a different edge value, so that one
// three-vrm run covers them all. Writes EDGES.json: per edge file `{from, path, value}`, the fixture it is a
// copy of (assets/fixtures/avatars/), the JSON path of its spring extension, and the extension that replaces
// it; daemon/tests/springs_reference.rs builds the same files from the same fixtures and this JSON (the .vrm
// files are 1.1–1.3 MB, too large to commit twice). With OUT_DIR, also writes the edge files there
// (STEM.vrm), for tools/vrm-check/springs-reference.mjs. Run by tools/springs-edges.
//
// The cases (both versions unless said):
//   gravityDir (0, 0, 0) with gravityPower > 0    the hair (back, gravityPower 0.1) and two skirt chains
//                                                 (gravityPower 1): as a common VRM 0.x exporter writes every
//                                                 bone group
//   gravityDir not of unit length                 (0, -2, 0.6) (VRM 1.0: (0.3, -2, 0.6); three-vrm mirrors a
//                                                 sideways VRM 0.x gravity in its turned world, UniVRM and we
//                                                 do not: docs/springs/issue33.md)
//   stiffness 0                                   a skirt chain with nothing pulling it back
//   dragForce 0                                   a skirt chain that keeps its velocity
//   stiffness 10000 and dragForce 1               a skirt chain held to the animated pose
//   dragForce 1.5 and hitRadius 0                 drag beyond 1 (the velocity reverses each step)
//   gravityPower 0, gravityDir (0, 0, 0), and a collider group without colliders
//   a center node (the hips) and no collider groups (`colliderGroups: []`)
//   VRM 0.x: a bone group whose root is a leaf bone (one joint, no children: the 7 cm tail)
//   VRM 1.0: a spring of one joint (only a tail: nothing swings, in three-vrm, UniVRM and ours)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [edgesOut, outDir] = process.argv.slice(2);
if (!edgesOut) {
  console.error('usage: node springs-edges.mjs EDGES.json [OUT_DIR]');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(root, 'assets', 'fixtures', 'avatars');

/// A GLB's JSON and binary chunks.
function readGlb(file) {
  const b = readFileSync(file);
  if (b.readUInt32LE(0) !== 0x46546c67) throw new Error(`${file}: not a GLB`);
  const jsonLen = b.readUInt32LE(12);
  const json = JSON.parse(b.subarray(20, 20 + jsonLen).toString('utf8'));
  const binAt = 20 + jsonLen;
  const bin = binAt < b.length ? b.subarray(binAt + 8, binAt + 8 + b.readUInt32LE(binAt)) : null;
  return { json, bin };
}

/// A GLB of `json` and `bin` (the JSON chunk padded with spaces, the binary one with zeros).
function writeGlb(file, json, bin) {
  let text = Buffer.from(JSON.stringify(json), 'utf8');
  text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const chunks = [text, bin].filter(Boolean);
  const parts = [];
  chunks.forEach((c, i) => {
    const padded = Buffer.concat([c, Buffer.alloc((4 - (c.length % 4)) % 4, i === 0 ? 0x20 : 0)]);
    const head = Buffer.alloc(8);
    head.writeUInt32LE(padded.length, 0);
    head.writeUInt32LE(i === 0 ? 0x4e4f534a : 0x004e4942, 4);
    parts.push(head, padded);
  });
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + parts.reduce((n, p) => n + p.length, 0), 8);
  writeFileSync(file, Buffer.concat([header, ...parts]));
}

const nodeIndex = (json, name) => {
  const i = json.nodes.findIndex((n) => n.name === name);
  if (i < 0) throw new Error(`no node ${name}`);
  return i;
};
const clone = (v) => JSON.parse(JSON.stringify(v));

// ---- VRM 1.0: per spring ---------------------------------------------------------------------------------------
function vrm1Edges(json) {
  const ext = clone(json.extensions.VRMC_springBone);
  const hips = json.extensions.VRMC_vrm.humanoid.humanBones.hips.node;
  const spring = (name) => {
    const s = ext.springs.find((x) => x.name === name);
    if (!s) throw new Error(`no spring ${name}`);
    return s;
  };
  const set = (name, params) => spring(name).joints.forEach((j) => Object.assign(j, params));
  const emptyGroup = ext.colliderGroups.length;
  ext.colliderGroups.push({ name: 'empty', colliders: [] });
  set('hair_back', { gravityDir: [0, 0, 0] });
  set('skirt_front', { gravityDir: [0, 0, 0], gravityPower: 1 });
  set('skirt_front_l', { gravityDir: [0, 0, 0], gravityPower: 1 });
  set('skirt_l', { gravityDir: [0.3, -2, 0.6] });
  set('skirt_back_l', { stiffness: 0 });
  set('skirt_back', { dragForce: 0 });
  set('skirt_back_r', { stiffness: 10000, dragForce: 1 });
  set('skirt_r', { dragForce: 1.5, hitRadius: 0 });
  set('hair_side_r', { gravityPower: 0, gravityDir: [0, 0, 0] });
  spring('hair_side_r').colliderGroups = [emptyGroup];
  spring('hair_side_l').center = hips;
  spring('hair_side_l').colliderGroups = [];
  // one joint: only a tail, nothing swings
  spring('skirt_front_r').joints = spring('skirt_front_r').joints.slice(0, 1);
  return { path: ['extensions', 'VRMC_springBone'], value: ext };
}

// ---- VRM 0.x: per bone group ----------------------------------------------------------------------------------
function vrm0Edges(json) {
  const sec = clone(json.extensions.VRM.secondaryAnimation);
  const hips = json.extensions.VRM.humanoid.humanBones.find((b) => b.bone === 'hips').node;
  const [hair, skirt] = ['hair', 'skirt'].map((c) => sec.boneGroups.find((g) => g.comment === c));
  const emptyGroup = sec.colliderGroups.length;
  sec.colliderGroups.push({ node: hips, colliders: [] });
  const group = (base, comment, roots, params) => ({
    ...clone(base),
    comment,
    bones: roots.map((n) => nodeIndex(json, n)),
    ...params,
  });
  const zero = { x: 0, y: 0, z: 0 };
  sec.boneGroups = [
    group(hair, 'zero_gravity_dir', ['hair_back_01'], { gravityDir: zero }),
    group(hair, 'center', ['hair_side_l_01'], { center: hips, colliderGroups: [] }),
    group(hair, 'no_gravity', ['hair_side_r_01'], { gravityPower: 0, gravityDir: zero, colliderGroups: [emptyGroup] }),
    group(skirt, 'zero_gravity_dir_skirt', ['skirt_front_01', 'skirt_front_l_01'], { gravityDir: zero, gravityPower: 1 }),
    group(skirt, 'long_gravity_dir', ['skirt_l_01'], { gravityDir: { x: 0, y: -2, z: 0.6 } }),
    group(skirt, 'no_stiffness', ['skirt_back_l_01'], { stiffiness: 0 }),
    group(skirt, 'no_drag', ['skirt_back_01'], { dragForce: 0 }),
    group(skirt, 'rigid', ['skirt_back_r_01'], { stiffiness: 10000, dragForce: 1 }),
    group(skirt, 'drag_over_1', ['skirt_r_01'], { dragForce: 1.5, hitRadius: 0 }),
    // a leaf as the root: one joint, its tail 7 cm along it
    group(skirt, 'leaf', ['skirt_front_r_03'], {}),
  ];
  return { path: ['extensions', 'VRM', 'secondaryAnimation'], value: sec };
}

const files = {};
for (const [stem, make] of [
  ['anny_springs_vrm1', vrm1Edges],
  ['anny_springs_vrm0', vrm0Edges],
]) {
  const from = `${stem}.vrm`;
  const { json, bin } = readGlb(join(fixtures, from));
  const { path, value } = make(json);
  const edge = `${stem}_edges`;
  files[edge] = { from, path, value };
  if (outDir) {
    mkdirSync(outDir, { recursive: true });
    let at = json;
    for (const k of path.slice(0, -1)) at = at[k];
    at[path[path.length - 1]] = value;
    writeGlb(join(outDir, `${edge}.vrm`), json, bin);
  }
}
const edges = {
  about:
    "the spring parameters' edge values as copies of the committed spring avatars: see tools/vrm-check/springs-edges.mjs",
  files,
};
writeFileSync(edgesOut, JSON.stringify(edges, null, 1) + '\n');
console.log(`wrote ${edgesOut}${outDir ? ` and ${Object.keys(files).length} files in ${outDir}` : ''}`);
