//! The held part of the flesh on the render mesh: what a subscriber needs to draw `u_h` (issue 53).
//!
//! The daemon publishes, per held joint, the parent's world rotation `R_j` and the coefficients `c_j`
//! (`AvatarState.held`, [`crate::reduced::held::write_wire`]). A subscriber draws
//!
//! ```text
//! u_h(v) = Σ_j R_j D̃_j(v) c_j,      D̃_j(v) = Σ_i β_i(v) D_j(t_i(v))
//! ```
//!
//! with `D̃_j` the joint's corrective basis carried to render vertex `v` by its barycentric embedding in the
//! simulation mesh (the same `embed_tet` / `embed_bary` that carry the mode weights; barycentric interpolation
//! commutes with the rotation). Each basis is local to its joint, so only the (vertex, joint) pairs whose
//! largest contribution reaches [`KEEP_M`] are kept, as sparse rows: `offsets[v]..offsets[v + 1]` are vertex
//! v's entries, each a joint and `components` vectors (zero-padded to the avatar's largest K).
//!
//! The Rust renderer, the glTF export (and through it the browser viewer) and the tests all use this one
//! table; `displacement` is the reference the viewer's TypeScript follows.

use crate::asset::file::Asset;
use crate::reduced::held::{wire_floats, HeldParts};

/// An entry is kept when `Σ_k |D̃_k(v)| · max|c_k|` (its largest possible contribution over the trained
/// poses) reaches this (m): a tenth of a millimetre's tenth, well under what a frame shows.
pub const KEEP_M: f64 = 1e-5;

/// One held joint as the wire carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldSlot {
    pub bone: usize,
    pub parent: usize,
    /// First float of the joint in `AvatarState.held`.
    pub offset: usize,
    /// K_j.
    pub components: usize,
}

/// The held basis on the render vertices, sparse by vertex.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeldSurface {
    pub joints: Vec<HeldSlot>,
    /// Length of `AvatarState.held`.
    pub wire_len: usize,
    /// The largest K_j: vectors per entry.
    pub components: usize,
    /// Per render vertex, then one past the last: its first entry.
    pub offsets: Vec<u32>,
    /// Per entry: the joint (index into `joints`).
    pub entry_joint: Vec<u32>,
    /// Per entry: `components` vectors `D̃_{j,k}(v)` (parent rest frame), zero past K_j.
    pub basis: Vec<[f32; 3]>,
}

impl HeldSurface {
    /// The held surface of `asset`, or `None` when it has no held part.
    pub fn of(asset: &Asset) -> Option<HeldSurface> {
        let parts = asset.sim.held.as_ref().filter(|h| !h.joints.is_empty())?;
        let mesh = &asset.sim.mesh;
        Some(HeldSurface::new(parts, mesh.n(), &mesh.tets, &asset.render.embed_tet, &asset.render.embed_bary))
    }

    /// From the trained parts on a simulation mesh of `n` vertices with `tets`, and the render vertices'
    /// embedding (`embed_tet`, `embed_bary`).
    pub fn new(
        parts: &HeldParts,
        n: usize,
        tets: &[[usize; 4]],
        embed_tet: &[u32],
        embed_bary: &[[f64; 4]],
    ) -> HeldSurface {
        let components = parts.joints.iter().map(|j| j.basis.ncols()).max().unwrap_or(0);
        let mut joints = Vec::with_capacity(parts.joints.len());
        let mut offset = 0;
        let bounds: Vec<Vec<f64>> = parts.joints.iter().map(|j| j.coefficient_bounds()).collect();
        for j in &parts.joints {
            let k = j.basis.ncols();
            joints.push(HeldSlot { bone: j.bone, parent: j.parent, offset, components: k });
            offset += wire_floats(k);
        }
        let mut offsets = Vec::with_capacity(embed_tet.len() + 1);
        let mut entry_joint = Vec::new();
        let mut basis = Vec::new();
        let mut d = vec![[0.0f64; 3]; components];
        for (&t, beta) in embed_tet.iter().zip(embed_bary) {
            offsets.push(entry_joint.len() as u32);
            let tet = tets[t as usize];
            for (ji, (j, bound)) in parts.joints.iter().zip(&bounds).enumerate() {
                let k = j.basis.ncols();
                let mut reach = 0.0;
                for (kk, dk) in d.iter_mut().enumerate().take(k) {
                    for (b, x) in dk.iter_mut().enumerate() {
                        *x = (0..4).map(|i| beta[i] * j.basis[(b * n + tet[i], kk)]).sum();
                    }
                    reach += (dk[0] * dk[0] + dk[1] * dk[1] + dk[2] * dk[2]).sqrt() * bound[kk];
                }
                if reach < KEEP_M {
                    continue;
                }
                entry_joint.push(ji as u32);
                basis.extend(
                    (0..components).map(|kk| if kk < k { d[kk].map(|x| x as f32) } else { [0.0; 3] }),
                );
            }
        }
        offsets.push(entry_joint.len() as u32);
        HeldSurface { joints, wire_len: offset, components, offsets, entry_joint, basis }
    }

    /// Render vertices.
    pub fn vertices(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether a published `held` fits this surface: the right length and finite.
    pub fn check(&self, held: &[f32]) -> Result<(), String> {
        if held.len() != self.wire_len {
            return Err(format!(
                "held has {} values, the avatar's held part takes {}",
                held.len(),
                self.wire_len
            ));
        }
        if held.iter().any(|x| !x.is_finite()) {
            return Err("held has a non-finite value".into());
        }
        Ok(())
    }

    /// `u_h` at every render vertex from a published `held` ([`HeldSurface::check`]ed).
    pub fn displacement(&self, held: &[f32], out: &mut [[f32; 3]]) -> Result<(), String> {
        self.check(held)?;
        if out.len() != self.vertices() {
            return Err(format!("{} outputs for {} vertices", out.len(), self.vertices()));
        }
        let kmax = self.components;
        for (v, o) in out.iter_mut().enumerate() {
            let mut u = [0.0f32; 3];
            for e in self.offsets[v] as usize..self.offsets[v + 1] as usize {
                let slot = &self.joints[self.entry_joint[e] as usize];
                let w = &held[slot.offset..slot.offset + wire_floats(slot.components)];
                let (r, c) = w.split_at(9);
                let mut local = [0.0f32; 3];
                for (ck, dk) in c.iter().zip(&self.basis[e * kmax..e * kmax + slot.components]) {
                    for b in 0..3 {
                        local[b] += ck * dk[b];
                    }
                }
                for a in 0..3 {
                    u[a] += r[3 * a] * local[0] + r[3 * a + 1] * local[1] + r[3 * a + 2] * local[2];
                }
            }
            *o = u;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asset::held_bar_avatar;
    use crate::reduced::held::{write_wire, HeldModel};
    use crate::rig::rotate_subtree;

    /// The render-space table draws the same `u_h` as the simulation's own evaluation carried by the
    /// embedding, computed independently here (f64, dense, every joint), at bent and turned poses and at points inside
    /// tets (not only at vertices): within the dropped entries' bound and f32.
    #[test]
    fn the_surface_draws_the_simulations_held_part_through_the_embedding() {
        let asset = held_bar_avatar().unwrap();
        let sim = &asset.sim;
        let parts = sim.held.clone().expect("trained");
        assert!(!parts.joints.is_empty());
        let mass = crate::fem::lumped_mass(&sim.mesh, &sim.material.density);
        let model = HeldModel::new(parts.clone(), &sim.mesh, &mass, &sim.weights, &sim.rig).unwrap();
        // points inside tets: fixed pseudo-random barycentric coordinates
        let n = sim.mesh.n();
        let tets = sim.mesh.tets.len();
        let embed_tet: Vec<u32> = (0..200).map(|i| ((i * 7919) % tets) as u32).collect();
        let embed_bary: Vec<[f64; 4]> = (0..200)
            .map(|i| {
                let a =
                    [1.0 + (i % 5) as f64, 1.0 + (i % 3) as f64, 2.0 + (i % 7) as f64, 0.5 + (i % 2) as f64];
                let s: f64 = a.iter().sum();
                a.map(|x| x / s)
            })
            .collect();
        let surface = HeldSurface::new(&parts, n, &sim.mesh.tets, &embed_tet, &embed_bary);
        assert_eq!(surface.wire_len, parts.wire_len());
        let (lbs, _) = sim.rig.skeleton().unwrap();
        let child = lbs.bones()[1].name.clone();
        let root = lbs.bones()[0].name.clone();
        let mut largest = 0.0f64;
        for (axis, degrees) in [([0.0, 0.0, 1.0], 45.0), ([0.0, 1.0, 0.0], -35.0), ([1.0, 0.0, 0.0], 30.0)] {
            let mut p = sim.rig.rest_params();
            rotate_subtree(&sim.rig, &mut p, &child, axis, f64::to_radians(degrees)).unwrap();
            // and the whole bar turned, so that the parent's rotation R_j is not the identity
            rotate_subtree(&sim.rig, &mut p, &root, [0.3, 0.8, -0.5], f64::to_radians(degrees)).unwrap();
            let poses = model.pose(&p);
            let u = model.displacement(&poses);
            let mut wire = Vec::new();
            write_wire(&poses, &mut wire);
            let mut drawn = vec![[0.0f32; 3]; 200];
            surface.displacement(&wire, &mut drawn).unwrap();
            let mut peak = 0.0f64;
            let mut err = 0.0f64;
            for (i, (&t, beta)) in embed_tet.iter().zip(&embed_bary).enumerate() {
                let tet = sim.mesh.tets[t as usize];
                for a in 0..3 {
                    let want: f64 = (0..4).map(|c| beta[c] * u[a * n + tet[c]]).sum();
                    peak = peak.max(want.abs());
                    err = err.max((want - drawn[i][a] as f64).abs());
                }
            }
            largest = largest.max(peak);
            let dropped = parts.joints.len() as f64 * KEEP_M;
            assert!(
                err <= dropped + 1e-6 * peak.max(1e-3),
                "{axis:?} {degrees}°: error {err:e} of peak {peak:e}"
            );
        }
        assert!(largest > 1e-3, "the bent bar holds a visible correction: {largest}");
        // the wrong length or a non-finite value is refused
        let mut out = vec![[0.0f32; 3]; 200];
        assert!(surface.displacement(&[0.0; 3], &mut out).is_err());
        let mut bad = vec![0.0f32; surface.wire_len];
        bad[0] = f32::NAN;
        assert!(surface.displacement(&bad, &mut out).is_err());
    }
}
