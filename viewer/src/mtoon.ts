// MToon, VRM's toon shading, drawn by three-vrm's own material (`@pixiv/three-vrm-materials-mtoon`) on the
// viewer's vertex path.
//
// The glb the daemon serves writes each MToon material as VRM 1.0's `VRMC_materials_mtoon` (VRM 0.x files
// were converted on import as three-vrm converts them). Its materials are built by three-vrm's loader plugin
// on three's GLTFLoader, exactly as three-vrm builds them for a VRM: parameters, textures and their colour
// spaces and transforms, the outline pass (a back-face clone with `isOutline`) and the render order
// ((transparentWithZWrite ? 0 : 19) + renderQueueOffsetNumber). Only the vertex stage changes: instead of the
// glb's rest positions and normals (and three's skinning), each vertex reads its skinned position and normal
// from the skinning pass's targets (src/skin.ts, texelFetch at gl_VertexID), so the rig and the flesh `B z`
// move the MToon surface as they move the plain one. Everything after (lights, shading, rim, matcap,
// emission, outline width, UV animation, alpha) is three-vrm's shader as it is.

import type * as THREE from 'three';
import type { MToonMaterial } from '@pixiv/three-vrm-materials-mtoon';
import { WIDTH } from './skin.js';

/** One MToon material of the glb as three-vrm built it. */
export interface MToonDraw {
  material: MToonMaterial;
  /** The outline pass (three-vrm's clone with `isOutline`), when the material draws one. */
  outline: MToonMaterial | null;
  /** three-vrm's render order for the material's meshes. */
  renderOrder: number;
}

/** What each avatar's MToon material reads from the skinning pass. */
export interface SkinnedUniforms {
  uSkinnedPosition: THREE.IUniform<THREE.Texture | null>;
  uSkinnedNormal: THREE.IUniform<THREE.Texture | null>;
  uRow0: THREE.IUniform<number>;
  uInstanceOffset: THREE.IUniform;
}

const SKINNED_PARS = /* glsl */ `
uniform highp sampler2D uSkinnedPosition;  // the skinning pass's targets (src/skin.ts)
uniform highp sampler2D uSkinnedNormal;
uniform int uRow0;                         // the avatar's first row in them
uniform vec3 uInstanceOffset;              // the avatar's place on the grid
ivec2 skinnedTexel() { return ivec2(gl_VertexID % ${WIDTH}, uRow0 + gl_VertexID / ${WIDTH}); }
`;

/** three-vrm's vertex shader with its rest position and normal replaced by the skinned ones. */
export function skinnedVertexShader(source: string): string {
  const replaced = (s: string, chunk: string, by: string): string => {
    if (!s.includes(chunk)) throw new Error(`three-vrm's MToon vertex shader has no ${chunk}`);
    return s.replace(chunk, by);
  };
  let s = replaced(source, '#include <common>', `#include <common>\n${SKINNED_PARS}`);
  s = replaced(s, '#include <beginnormal_vertex>', 'vec3 objectNormal = texelFetch( uSkinnedNormal, skinnedTexel(), 0 ).xyz;');
  s = replaced(
    s,
    '#include <begin_vertex>',
    'vec3 transformed = texelFetch( uSkinnedPosition, skinnedTexel(), 0 ).xyz + uInstanceOffset;',
  );
  return s;
}

/** A copy of `base` for one avatar: three-vrm's shader reading that avatar's skinned vertices. */
export function skinnedMToon(base: MToonMaterial, uniforms: SkinnedUniforms): MToonMaterial {
  const m = base.clone() as MToonMaterial;
  m.name = base.name;
  m.isOutline = base.isOutline;
  m.side = base.side;
  const own = m.onBeforeCompile.bind(m);
  m.onBeforeCompile = (shader, renderer) => {
    own(shader, renderer);
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = skinnedVertexShader(shader.vertexShader);
  };
  const key = m.customProgramCacheKey.bind(m);
  m.customProgramCacheKey = () => `${key()},avatard-skinned`;
  m.update(0);
  return m;
}
