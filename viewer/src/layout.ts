// Scene layout: the avatars on a grid like the renderer's instances (renderer/src/render.rs: columns
// ⌈√n⌉, spacing 1.3 × the larger horizontal extent, instance i at (col · sx, 0, −row · sz)), the box the camera
// frames, the ground under it, and the renderer's camera framing (renderer/src/camera.rs).

import * as THREE from 'three';

export type Vec3 = [number, number, number];

export interface Layout {
  /** Offset of each avatar (in order). */
  offsets: Vec3[];
  /** The framed box (the instance grid). */
  lo: Vec3;
  hi: Vec3;
  /** Ground: centre xyz and half size (the renderer's ground uniform). */
  ground: [number, number, number, number];
}

/** The grid of the avatars whose rest meshes lie in `bounds`. With one asset this is exactly the renderer's
 *  grid; avatars of different assets are spaced by the widest and raised or lowered so that their lowest
 *  points rest on a common ground (assets place their origin differently: feet, hips, centre). */
export function gridLayout(bounds: { lo: Vec3; hi: Vec3 }[]): Layout {
  const count = Math.max(1, bounds.length);
  const floor = Math.min(...bounds.map((b) => b.lo[1]));
  const lift = bounds.map((b) => floor - b.lo[1]);
  const lo: Vec3 = [Infinity, Infinity, Infinity];
  const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  bounds.forEach((b, i) => {
    for (let c = 0; c < 3; c++) {
      const y = c === 1 ? lift[i] : 0;
      lo[c] = Math.min(lo[c], b.lo[c] + y);
      hi[c] = Math.max(hi[c], b.hi[c] + y);
    }
  });
  if (bounds.length === 0) {
    lo.splice(0, 3, -0.5, 0, -0.5);
    hi.splice(0, 3, 0.5, 1.8, 0.5);
  }
  const size = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const cols = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.ceil(count / cols);
  const sx = 1.3 * Math.max(size[0], size[2]);
  const sz = sx;
  const offsets: Vec3[] = [];
  for (let i = 0; i < bounds.length; i++) {
    // "+ 0": row 0 at z = 0, not -0
    offsets.push([(i % cols) * sx, lift[i], -Math.floor(i / cols) * sz + 0]);
  }
  const gridHi: Vec3 = [hi[0] + (cols - 1) * sx, hi[1], hi[2]];
  const gridLo: Vec3 = [lo[0], lo[1], lo[2] - (rows - 1) * sz];
  const half = 0.75 * Math.max(gridHi[0] - gridLo[0], gridHi[2] - gridLo[2], size[1]);
  return {
    offsets,
    lo: gridLo,
    hi: gridHi,
    ground: [0.5 * (gridLo[0] + gridHi[0]), lo[1], 0.5 * (gridLo[2] + gridHi[2]), half],
  };
}

/** The renderer's camera framing of a box: eye, target, vertical field of view (radians), near and far. */
export function framing(lo: Vec3, hi: Vec3, aspect: number, yawDegrees: number): {
  eye: Vec3; target: Vec3; fovy: number; near: number; far: number; distance: number; radius: number;
} {
  const target: Vec3 = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
  const radius = Math.max(1e-3, 0.5 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]));
  const fovy = (35 * Math.PI) / 180;
  const fit = aspect < 1 ? radius / aspect : radius;
  const distance = (1.05 * fit) / Math.sin(0.5 * fovy);
  const yaw = (yawDegrees * Math.PI) / 180;
  const d = new THREE.Vector3(Math.sin(yaw), 0.15, Math.cos(yaw)).normalize();
  const eye: Vec3 = [target[0] + distance * d.x, target[1] + distance * d.y, target[2] + distance * d.z];
  const near = Math.max(distance - 2 * radius, distance * 0.01);
  return { eye, target, fovy, near, far: distance + 2 * radius, distance, radius };
}

/** Column-major view-projection with wgpu's clip depth in [0, 1], exactly the renderer's `framing()`. */
export function framingMatrix(lo: Vec3, hi: Vec3, aspect: number, yawDegrees: number): THREE.Matrix4 {
  const f = framing(lo, hi, aspect, yawDegrees);
  const t = 1 / Math.tan(0.5 * f.fovy);
  const { near, far } = f;
  const proj = new THREE.Matrix4().set(
    t / aspect, 0, 0, 0,
    0, t, 0, 0,
    0, 0, far / (near - far), (near * far) / (near - far),
    0, 0, -1, 0,
  );
  const view = new THREE.Matrix4().lookAt(
    new THREE.Vector3(...f.eye), new THREE.Vector3(...f.target), new THREE.Vector3(0, 1, 0),
  );
  // lookAt gives the rotation of a camera at the eye; the view matrix is its inverse
  view.setPosition(...f.eye).invert();
  return proj.multiply(view);
}

/** Parse `viewproj=` (16 comma-separated floats, column-major). */
export function parseViewProj(text: string): THREE.Matrix4 {
  const v = text.split(',').map((s) => Number(s.trim()));
  if (v.length !== 16 || v.some((x) => !Number.isFinite(x))) {
    throw new Error(`viewproj needs 16 finite comma-separated numbers, got ${v.length}`);
  }
  return new THREE.Matrix4().fromArray(v);
}

/** A camera given on the URL (`cam=px,py,pz,tx,ty,tz,fov`): its position, the point it looks at, and its
 *  vertical field of view in degrees (so that a scene drawn elsewhere, three-vrm's, can be rebuilt here). */
export interface UrlCamera {
  position: Vec3;
  target: Vec3;
  fovDegrees: number;
}

/** Parse `cam=`: 7 finite numbers, a field of view in (0, 180) and a target apart from the position. */
export function parseCamera(text: string): UrlCamera {
  const v = text.split(',').map((s) => Number(s.trim()));
  if (v.length !== 7 || v.some((x) => !Number.isFinite(x))) {
    throw new Error(`cam needs 7 finite comma-separated numbers (position, target, fov), got ${v.length}`);
  }
  const [px, py, pz, tx, ty, tz, fov] = v;
  if (!(fov > 0 && fov < 180)) throw new Error(`cam: field of view ${fov}° (0 to 180)`);
  if (Math.hypot(tx - px, ty - py, tz - pz) < 1e-9) throw new Error('cam: the target is the position');
  return { position: [px, py, pz], target: [tx, ty, tz], fovDegrees: fov };
}
