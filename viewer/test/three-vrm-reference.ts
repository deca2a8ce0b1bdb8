// The reference for the viewer's MToon (issue 55): a VRM drawn by unmodified three-vrm (`VRMLoaderPlugin` on
// three's GLTFLoader, VRM 0.x turned to face +Z by `VRMUtils.rotateVRM0`, as the importer turns it), at rest,
// with a given camera, light and clear colour. Bundled by test/mtoon-compare.mjs (esbuild) into a blank page,
// which calls `window.renderReference(options)` and gets the canvas as a PNG data URL.

import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { VRMLoaderPlugin, VRMUtils, type VRM } from '@pixiv/three-vrm';

export interface ReferenceOptions {
  /** The VRM file, base64. */
  vrm: string;
  width: number;
  height: number;
  /** Camera position, target, vertical field of view (degrees): the viewer's `cam=`. */
  cam: [number, number, number, number, number, number, number];
  /** Towards the directional light, its intensity, an ambient light's intensity (0: none). */
  light: [number, number, number];
  lightIntensity: number;
  ambient: number;
  /** MToon's UV animation time (s; default 0). */
  time?: number;
  /** Linear RGB clear colour (the viewer's). */
  clear: [number, number, number];
}

declare global {
  interface Window {
    renderReference(o: ReferenceOptions): Promise<string>;
  }
}

window.renderReference = async (o: ReferenceOptions): Promise<string> => {
  const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setSize(o.width, o.height);
  renderer.setClearColor(new THREE.Color().setRGB(...o.clear, THREE.LinearSRGBColorSpace), 1);
  document.body.append(renderer.domElement);
  const scene = new THREE.Scene();
  const light = new THREE.DirectionalLight(0xffffff, o.lightIntensity);
  light.position.set(...o.light);
  scene.add(light);
  if (o.ambient > 0) scene.add(new THREE.AmbientLight(0xffffff, o.ambient));
  const bytes = Uint8Array.from(atob(o.vrm), (c) => c.charCodeAt(0));
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  const gltf = await loader.parseAsync(bytes.buffer, '');
  const vrm = gltf.userData.vrm as VRM;
  VRMUtils.rotateVRM0(vrm);
  scene.add(vrm.scene);
  vrm.update(0);
  // MToon's UV animation at `time` seconds (the materials alone: the springs stay at rest)
  for (const m of vrm.materials ?? []) (m as { update?(delta: number): void }).update?.(o.time ?? 0);
  const [px, py, pz, tx, ty, tz, fov] = o.cam;
  const distance = Math.hypot(tx - px, ty - py, tz - pz);
  const camera = new THREE.PerspectiveCamera(fov, o.width / o.height, distance * 0.01, distance * 100);
  camera.position.set(px, py, pz);
  camera.lookAt(tx, ty, tz);
  renderer.render(scene, camera);
  return renderer.domElement.toDataURL('image/png');
};
