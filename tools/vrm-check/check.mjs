// node tools/vrm-check/check.mjs FILE.vrm
//
// Checks a .vrm / .glb two ways and prints one JSON object:
//   validator: the Khronos glTF validator's report (numErrors, numWarnings, numInfos, numHints, and the first
//              20 messages {code, severity, pointer, message}; severity 0 error, 1 warning, 2 info, 3 hint)
//   vrm:       what @pixiv/three-vrm's VRMLoaderPlugin (through three's GLTFLoader) made of it: specVersion
//              (the file's VRMC_vrm.specVersion; null when three-vrm found no VRM), metaVersion, humanBones
//              (every human bone three-vrm resolved to a node, with the node's name and rest world position),
//              expressions (name, number of morph binds, isBinary), meta, materials (distinct materials on
//              the meshes), textures (distinct base-colour maps), meshes, warnings (three-vrm's console.warn).
// Exit status 0 when both ran (whatever they found), 1 when loading threw (the JSON then has vrm.error).
//
// Node shims (there is no DOM): textures are not decoded. A GLTFLoader plugin answers `loadTexture` with a
// THREE.Texture whose `image` is a stub {width, height, mimeType, byteLength} (the image's bytes are checked by
// the validator instead, which reads PNG/JPEG headers), so three's TextureLoader / ImageBitmapLoader
// (document, createImageBitmap) are never reached. Nothing renders, so no WebGL is needed.
import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin } from '@pixiv/three-vrm';

const file = process.argv[2];
if (!file) {
  console.error('usage: node check.mjs FILE.vrm');
  process.exit(2);
}
const bytes = new Uint8Array(readFileSync(file));

const report = await validator.validateBytes(bytes, { maxIssues: 1000, writeTimestamp: false });
const issues = report.issues;
const out = {
  validator: {
    numErrors: issues.numErrors,
    numWarnings: issues.numWarnings,
    numInfos: issues.numInfos,
    numHints: issues.numHints,
    messages: issues.messages.slice(0, 20).map((m) => ({
      code: m.code,
      severity: m.severity,
      pointer: m.pointer,
      message: m.message,
    })),
  },
  vrm: null,
};

// Textures without image decoding (see the header).
class StubTextures {
  constructor(parser) {
    this.parser = parser;
    this.name = 'STUB_TEXTURES';
  }
  loadTexture(index) {
    const json = this.parser.json;
    const def = json.textures[index];
    const image = json.images?.[def.source];
    const view = image && image.bufferView !== undefined ? json.bufferViews[image.bufferView] : null;
    const texture = new THREE.Texture();
    texture.image = { width: 1, height: 1, mimeType: image?.mimeType, byteLength: view?.byteLength ?? 0 };
    texture.name = def.name || image?.name || '';
    texture.flipY = false;
    texture.userData.textureIndex = index;
    return Promise.resolve(texture);
  }
}

const warnings = [];
const warn = console.warn;
console.warn = (...args) => warnings.push(args.map(String).join(' '));
let status = 0;
try {
  const loader = new GLTFLoader();
  loader.register((parser) => new StubTextures(parser));
  loader.register((parser) => new VRMLoaderPlugin(parser));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await loader.parseAsync(buffer, '');
  // three-vrm adds morph binds without awaiting them: let those settle
  await new Promise((r) => setTimeout(r, 10));
  const vrm = gltf.userData.vrm;
  const materials = new Set();
  const textures = new Set();
  const meshes = [];
  gltf.scene.traverse((o) => {
    if (!o.isMesh) return;
    meshes.push({ name: o.name, skinned: !!o.isSkinnedMesh, morphTargets: o.morphTargetInfluences?.length ?? 0 });
    for (const m of Array.isArray(o.material) ? o.material : [o.material]) {
      materials.add(m);
      if (m.map) textures.add(m.map.userData.textureIndex);
    }
  });
  gltf.scene.updateMatrixWorld(true);
  const humanBones = [];
  if (vrm?.humanoid) {
    for (const [name, bone] of Object.entries(vrm.humanoid.humanBones)) {
      if (!bone?.node) continue;
      const p = new THREE.Vector3().setFromMatrixPosition(bone.node.matrixWorld);
      humanBones.push({ name, node: bone.node.name, position: [p.x, p.y, p.z] });
    }
  }
  out.vrm = {
    specVersion: vrm ? gltf.parser.json.extensions?.VRMC_vrm?.specVersion ?? null : null,
    metaVersion: vrm?.meta?.metaVersion ?? null,
    humanBones,
    expressions: (vrm?.expressionManager?.expressions ?? []).map((e) => ({
      name: e.expressionName,
      binds: e.binds.length,
      isBinary: e.isBinary,
    })),
    meta: vrm?.meta ?? null,
    materials: materials.size,
    textures: textures.size,
    meshes,
    warnings,
  };
} catch (e) {
  out.vrm = { error: String(e?.stack ?? e), warnings };
  status = 1;
}
console.warn = warn;
console.log(JSON.stringify(out, null, 1));
process.exit(status);
