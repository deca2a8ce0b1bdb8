// The held part of the flesh (issue 53) in the viewer: the sparse per-vertex basis that the glb export writes
// (sim/src/asset/gltf_export.rs, `asset.extras.avatard.held`, see sim/src/asset/held_surface.rs) and its
// displacement for a state's `held`:
//
//   u_h(v) = Σ_{entries e of v} R_j(e) Σ_k c_{j(e),k} D_{e,k}
//
// with R_j (row-major, 9 floats) and c_j (K_j floats) at the joint's offset in AvatarState.held. Evaluated on
// the CPU once per new state into one RGBA32F texel per vertex (xyz), which the skinning pass adds to the
// flesh (src/skin.ts, HELD).

/** One held joint as the state carries it. */
export interface HeldJoint {
  /** First float of the joint in AvatarState.held. */
  offset: number;
  /** K_j. */
  components: number;
}

export interface HeldData {
  joints: HeldJoint[];
  /** Length of AvatarState.held. */
  wireLen: number;
  /** Vectors per entry (the largest K_j). */
  components: number;
  /** Per vertex, then one past the last: the vertex's first entry. */
  offsets: Uint32Array;
  /** Per entry: its joint. */
  joint: Uint32Array;
  /** Per entry: `components` vectors (xyz), zero past K_j. */
  basis: Float32Array;
}

export interface HeldExtras {
  joints: { offset: number; components: number }[];
  wire_len: number;
  components: number;
  offsets: number;
  joint: number;
  basis: number;
}

type View = { byteOffset?: number; byteLength: number };

function bytes(views: View[], bin: DataView, index: number, what: string): DataView {
  const v = views[index];
  if (!v) throw new Error(`held ${what}: buffer view ${index} missing`);
  const start = v.byteOffset ?? 0;
  if (start + v.byteLength > bin.byteLength || v.byteLength % 4 !== 0) {
    throw new Error(`held ${what}: buffer view ${index} runs past the binary chunk`);
  }
  return new DataView(bin.buffer, bin.byteOffset + start, v.byteLength);
}

function u32s(d: DataView): Uint32Array {
  const out = new Uint32Array(d.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = d.getUint32(4 * i, true);
  return out;
}

function f32s(d: DataView): Float32Array {
  const out = new Float32Array(d.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = d.getFloat32(4 * i, true);
  return out;
}

/** The held part from a glb's `extras.avatard.held` and buffer views, every size and index checked (a malformed
 *  file throws with the reason); null when the avatar has none. */
export function readHeld(extras: HeldExtras | undefined, views: View[], bin: DataView, vertices: number): HeldData | null {
  if (!extras) return null;
  const k = extras.components | 0;
  const joints = (extras.joints ?? []).map((j, i) => {
    const offset = j.offset | 0;
    const components = j.components | 0;
    if (components < 0 || components > k || offset < 0 || offset + 9 + components > extras.wire_len) {
      throw new Error(`held joint ${i}: offset ${offset}, ${components} components of ${k}, wire ${extras.wire_len}`);
    }
    return { offset, components };
  });
  const offsets = u32s(bytes(views, bin, extras.offsets, 'offsets'));
  const joint = u32s(bytes(views, bin, extras.joint, 'joint'));
  const basis = f32s(bytes(views, bin, extras.basis, 'basis'));
  if (offsets.length !== vertices + 1) throw new Error(`held: ${offsets.length} offsets for ${vertices} vertices`);
  for (let v = 0; v < vertices; v++) {
    if (offsets[v] > offsets[v + 1]) throw new Error(`held: offsets decrease at vertex ${v}`);
  }
  if (offsets[vertices] !== joint.length) throw new Error(`held: ${joint.length} entries, offsets end at ${offsets[vertices]}`);
  if (basis.length !== 3 * k * joint.length) throw new Error(`held: ${basis.length} basis floats for ${joint.length} entries`);
  for (let e = 0; e < joint.length; e++) {
    if (joint[e] >= joints.length) throw new Error(`held entry ${e}: joint ${joint[e]} of ${joints.length}`);
  }
  if (!basis.every(Number.isFinite)) throw new Error('held: a basis value is not finite');
  return { joints, wireLen: extras.wire_len | 0, components: k, offsets, joint, basis };
}

/** u_h for a state's `held` into `out` (4 floats per vertex: xyz, 0). A `held` that does not fit (another
 *  length; a value that is not finite) draws none: `out` is zeroed and false returned. */
export function heldDisplacement(h: HeldData, held: ArrayLike<number>, out: Float32Array): boolean {
  out.fill(0);
  if (held.length !== h.wireLen) return false;
  for (let i = 0; i < held.length; i++) if (!Number.isFinite(held[i])) return false;
  const k = h.components;
  const n = h.offsets.length - 1;
  for (let v = 0; v < n; v++) {
    let x = 0;
    let y = 0;
    let z = 0;
    for (let e = h.offsets[v]; e < h.offsets[v + 1]; e++) {
      const j = h.joints[h.joint[e]];
      const o = j.offset;
      let lx = 0;
      let ly = 0;
      let lz = 0;
      for (let c = 0; c < j.components; c++) {
        const w = held[o + 9 + c];
        const b = 3 * (e * k + c);
        lx += w * h.basis[b];
        ly += w * h.basis[b + 1];
        lz += w * h.basis[b + 2];
      }
      x += held[o] * lx + held[o + 1] * ly + held[o + 2] * lz;
      y += held[o + 3] * lx + held[o + 4] * ly + held[o + 5] * lz;
      z += held[o + 6] * lx + held[o + 7] * ly + held[o + 8] * lz;
    }
    out[4 * v] = x;
    out[4 * v + 1] = y;
    out[4 * v + 2] = z;
  }
  return true;
}
