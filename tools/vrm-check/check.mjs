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
//   springBones: what three-vrm's VRMSpringBoneLoaderPlugin built (null without a spring bone manager):
//              joints (head → tail pairs: each spring's joints but its last), colliderGroups and colliders (those
//              the springs use, as three-vrm counts them), shapes (the colliders per shape: sphere, capsule,
//              plane, insideSphere, insideCapsule); then the motion: the humanoid's head bone turned by
//              `turn` radians about +Y (its normalized bone), `vrm.update(1/60)` `steps` times, and
//              maxDisplacement (m: the largest move of a joint's tail from its rest world position),
//              maxRotation (rad: the largest turn of a joint's bone from its rest local rotation, what the springs
//              did; the head's own turn is not in it unless the head is a joint) and finite (every joint's bone
//              and tail position and rotation finite).
//   mtoon:     per MToon material three-vrm built (MToonMaterial, VRM 0.x through its compatibility plugin),
//              by name (its outline pass as a second entry, `isOutline`): the lit colour and opacity, every
//              MToon factor (the emission as emissive × intensity), alpha (transparent, alphaTest, depthWrite, side), the render order of its meshes,
//              and each texture it samples as {sha256 of the image's bytes, offset, repeat} (the texture
//              transform as three.js applies it), so that two files can be compared by what three-vrm draws.
// Exit status 0 when both ran (whatever they found), 1 when loading threw (the JSON then has vrm.error).
//
// Node shims (there is no DOM): textures are not decoded. A GLTFLoader plugin answers `loadTexture` with a
// THREE.Texture whose `image` is a stub {width, height, mimeType, byteLength} (the image's bytes are checked by
// the validator instead, which reads PNG/JPEG headers), so three's TextureLoader / ImageBitmapLoader
// (document, createImageBitmap) are never reached. Nothing renders, so no WebGL is needed.
import { createHash } from 'node:crypto';
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
  springBones: null,
};

// Textures without image decoding (see the header).
class StubTextures {
  constructor(parser) {
    this.parser = parser;
    this.name = 'STUB_TEXTURES';
  }
  async loadTexture(index) {
    const json = this.parser.json;
    const def = json.textures[index];
    const image = json.images?.[def.source];
    const view = image && image.bufferView !== undefined ? json.bufferViews[image.bufferView] : null;
    const texture = new THREE.Texture();
    texture.image = { width: 1, height: 1, mimeType: image?.mimeType, byteLength: view?.byteLength ?? 0 };
    texture.name = def.name || image?.name || '';
    texture.flipY = false;
    texture.userData.textureIndex = index;
    if (view) {
      const bytes = await this.parser.getDependency('bufferView', image.bufferView);
      texture.userData.sha256 = createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
    }
    return texture;
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
  out.mtoon = mtoonMaterials(gltf.scene);
  out.springBones = springBones(vrm);
} catch (e) {
  out.vrm = { error: String(e?.stack ?? e), warnings };
  status = 1;
}
console.warn = warn;
console.log(JSON.stringify(out, null, 1));
process.exit(status);

/// The springBones section (see the header): counts, then 60 updates with the head turned.
function springBones(vrm) {
  const manager = vrm?.springBoneManager;
  if (!manager) return null;
  const TURN = 0.6;
  const STEPS = 60;
  const joints = Array.from(manager.joints);
  const colliders = manager.colliders;
  const shapes = { sphere: 0, capsule: 0, plane: 0, insideSphere: 0, insideCapsule: 0 };
  for (const c of colliders) {
    const t = c.shape.type;
    const key = c.shape.inside ? `inside${t[0].toUpperCase()}${t.slice(1)}` : t;
    shapes[key] = (shapes[key] ?? 0) + 1;
  }
  const tailOf = (j) => j.child ?? j.bone;
  const worldPosition = (o) => new THREE.Vector3().setFromMatrixPosition(o.matrixWorld);
  vrm.scene.updateMatrixWorld(true);
  const rest = joints.map((j) => ({ tail: worldPosition(tailOf(j)), rotation: j.bone.quaternion.clone() }));
  const head = vrm.humanoid?.getNormalizedBoneNode('head');
  if (head) head.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), TURN);
  for (let k = 0; k < STEPS; k++) vrm.update(1 / 60);
  vrm.scene.updateMatrixWorld(true);
  let maxDisplacement = 0;
  let maxRotation = 0;
  let finite = true;
  const allFinite = (a) => a.every(Number.isFinite);
  joints.forEach((j, i) => {
    const tail = worldPosition(tailOf(j));
    const q = j.bone.quaternion;
    finite &&= allFinite(tail.toArray()) && allFinite(worldPosition(j.bone).toArray()) && allFinite(q.toArray());
    maxDisplacement = Math.max(maxDisplacement, tail.distanceTo(rest[i].tail));
    maxRotation = Math.max(maxRotation, q.angleTo(rest[i].rotation));
  });
  return {
    joints: joints.length,
    colliderGroups: manager.colliderGroups.length,
    colliders: colliders.length,
    shapes,
    turnedBone: head ? 'head' : null,
    turn: TURN,
    steps: STEPS,
    maxDisplacement,
    maxRotation,
    finite,
  };
}

/// The mtoon section (see the header).
function mtoonMaterials(scene) {
  const found = new Map();
  const color = (c) => (c ? [c.r, c.g, c.b] : null);
  const texture = (t) =>
    t ? { sha256: t.userData.sha256 ?? null, offset: t.offset.toArray(), repeat: t.repeat.toArray() } : null;
  scene.traverse((o) => {
    if (!o.isMesh) return;
    for (const m of Array.isArray(o.material) ? o.material : [o.material]) {
      if (!m.isMToonMaterial) continue;
      const key = `${m.name}|${m.isOutline}`;
      const entry = found.get(key);
      if (entry) {
        if (!entry.renderOrder.includes(o.renderOrder)) entry.renderOrder.push(o.renderOrder);
        continue;
      }
      found.set(key, {
        name: m.name,
        isOutline: m.isOutline,
        color: color(m.color),
        opacity: m.uniforms?.colorAlpha?.value ?? m.opacity,
        transparent: m.transparent,
        alphaTest: m.alphaTest,
        depthWrite: m.depthWrite,
        side: m.side,
        transparentWithZWrite: m.transparentWithZWrite,
        renderOrder: [o.renderOrder],
        shadeColorFactor: color(m.shadeColorFactor),
        shadingShiftFactor: m.shadingShiftFactor,
        shadingShiftTextureScale: m.shadingShiftTextureScale,
        shadingToonyFactor: m.shadingToonyFactor,
        giEqualizationFactor: m.giEqualizationFactor,
        // what the shader adds: emissive × emissiveIntensity (a file may split it either way)
        emission: color(m.emissive)?.map((c) => c * m.emissiveIntensity) ?? null,
        normalScale: m.normalScale ? m.normalScale.toArray() : null,
        matcapFactor: color(m.matcapFactor),
        parametricRimColorFactor: color(m.parametricRimColorFactor),
        rimLightingMixFactor: m.rimLightingMixFactor,
        parametricRimFresnelPowerFactor: m.parametricRimFresnelPowerFactor,
        parametricRimLiftFactor: m.parametricRimLiftFactor,
        outlineWidthMode: m.outlineWidthMode,
        outlineWidthFactor: m.outlineWidthFactor,
        outlineColorFactor: color(m.outlineColorFactor),
        outlineLightingMixFactor: m.outlineLightingMixFactor,
        uvAnimationScrollXSpeedFactor: m.uvAnimationScrollXSpeedFactor,
        uvAnimationScrollYSpeedFactor: m.uvAnimationScrollYSpeedFactor,
        uvAnimationRotationSpeedFactor: m.uvAnimationRotationSpeedFactor,
        textures: {
          map: texture(m.map),
          shadeMultiplyTexture: texture(m.shadeMultiplyTexture),
          shadingShiftTexture: texture(m.shadingShiftTexture),
          emissiveMap: texture(m.emissiveMap),
          normalMap: texture(m.normalMap),
          matcapTexture: texture(m.matcapTexture),
          rimMultiplyTexture: texture(m.rimMultiplyTexture),
          outlineWidthMultiplyTexture: texture(m.outlineWidthMultiplyTexture),
          uvAnimationMaskTexture: texture(m.uvAnimationMaskTexture),
        },
      });
    }
  });
  return Array.from(found.values());
}
