// The daemon's HTTP API: `GET /api/avatars` (the avatar list) and each avatar's exported glb, packed for the
// shader once per asset hash (avatars sharing an asset share its GPU data).

import { loadSkinData, type SkinData } from './glb.js';

export interface AvatarEntry {
  id: string;
  asset_hash: string;
  num_p: number;
  num_z: number;
  /** URL of the glb, or null for a placeholder avatar without an asset. */
  glb: string | null;
}

export interface AvatarList {
  tick_hz: number;
  avatars: AvatarEntry[];
}

export async function fetchAvatars(base: string): Promise<AvatarList> {
  const r = await fetch(new URL('/api/avatars', base));
  if (!r.ok) throw new Error(`GET /api/avatars: ${r.status} ${r.statusText}`);
  const list = (await r.json()) as AvatarList;
  if (!list || !Array.isArray(list.avatars)) throw new Error('GET /api/avatars: no avatars array');
  return list;
}

const cache = new Map<string, Promise<SkinData>>();

/** The packed glb of an avatar, fetched once per asset hash. */
export function skinDataFor(base: string, a: AvatarEntry): Promise<SkinData> {
  if (!a.glb) return Promise.reject(new Error(`avatar ${a.id} has no glb`));
  const key = a.asset_hash || a.glb;
  let p = cache.get(key);
  if (!p) {
    p = (async () => {
      const r = await fetch(new URL(a.glb as string, base));
      if (!r.ok) throw new Error(`GET ${a.glb}: ${r.status} ${r.statusText}`);
      const data = await loadSkinData(await r.arrayBuffer());
      if (a.asset_hash && data.assetHash && data.assetHash !== a.asset_hash) {
        throw new Error(`${a.glb}: asset hash ${data.assetHash} differs from the list's ${a.asset_hash}`);
      }
      if (a.num_p && data.numP !== a.num_p) {
        throw new Error(`${a.glb}: ${data.numP} parameters, the daemon says ${a.num_p}`);
      }
      if (a.num_z && 12 * data.modes !== a.num_z) {
        throw new Error(`${a.glb}: ${data.modes} modes (${12 * data.modes} z), the daemon says ${a.num_z}`);
      }
      return data;
    })();
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}
