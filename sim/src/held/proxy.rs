//! The held part of a large mesh, trained on a coarse proxy of the same body and carried over.
//!
//! A full-space static solve costs a sparse factorisation of the whole mesh, and training takes some 24 of
//! them a joint: minutes on an import's 3,000 tets, hours on the default avatar's 70,000. Above
//! [`PROXY_ABOVE_TETS`] tets the training runs on a proxy instead: the mesh's own boundary voxelized as an
//! import is (`PROXY_RESOLUTION` cells along its longest side), the rig carried to the proxy's vertices from
//! the closest boundary point (as an import carries a glTF skin), the same material settings. Its corrective
//! bases `D_j` are then carried to every vertex of the full mesh by its barycentric embedding in the proxy's
//! tets, and projected onto the complement of the rig (`𝒥ᵀ u = 0`, paper 000 Eq. 3) with the full mesh's own
//! constraint, so the carried part stays complementary. The joints, their sampled rotations and the RBF
//! coefficients are the proxy's: the same skeleton bends both.

use super::{train, HeldError, HeldReport};
use crate::fem::lumped_mass;
use crate::geometry::embed::embed_points;
use crate::geometry::transfer::{closest_points, compact};
use crate::geometry::voxelize::{voxel_tet_mesh, VoxelSettings};
use crate::modes::complementarity_matrix;
use crate::precompute::{precompute, ClusterCount, LeakSetting, PrecomputeSettings, Precomputed};
use crate::reduced::held::{HeldParts, HeldSettings};
use crate::rig::resample::{resample, Stencil};
use faer::Mat;

/// Meshes with more tets than this are trained on a proxy.
pub const PROXY_ABOVE_TETS: usize = 12_000;

/// Voxel cells along the proxy's longest side (an import's default).
pub const PROXY_RESOLUTION: usize = 24;

/// Train `sim`'s held part on a proxy of its boundary (`resolution` voxel cells along its longest side;
/// [`PROXY_RESOLUTION`] for an avatar) and carry it to `sim`'s vertices.
pub fn train_on_proxy(
    sim: &Precomputed,
    s: &HeldSettings,
    resolution: usize,
    progress: &dyn Fn(usize, usize, &str),
) -> Result<(HeldParts, HeldReport), HeldError> {
    let proxy = proxy(sim, resolution)?;
    let (parts, mut report) = train(&proxy, s, progress)?;
    let started = std::time::Instant::now();
    let parts = carry_over(&proxy, sim, parts)?;
    report.seconds += started.elapsed().as_secs_f64();
    report.proxy_tets = proxy.mesh.t();
    Ok((parts, report))
}

/// The proxy: `sim`'s boundary voxelized, the rig carried over, precomputed with `sim`'s settings (few modes:
/// training does not use them).
fn proxy(sim: &Precomputed, resolution: usize) -> Result<Precomputed, HeldError> {
    let fail = |what: &str, e: String| HeldError::Full(format!("the proxy's {what}: {e}"));
    let (surface, triangles, kept) = compact(&sim.mesh.vertices, &sim.mesh.boundary_faces());
    let voxels = voxel_tet_mesh(&surface, &triangles, &VoxelSettings { resolution, threshold: 0.5 })
        .map_err(|e| fail("mesh", e.to_string()))?;
    let closest = closest_points(&surface, &triangles, &voxels.mesh.vertices)
        .map_err(|e| fail("rig transfer", e.to_string()))?;
    let stencils: Vec<Stencil> = closest
        .iter()
        .map(|(t, b)| (0..3).map(|k| (kept[triangles[*t][k]], b[k].clamp(0.0, 1.0))).collect())
        .collect();
    let rig = resample(&sim.rig, &stencils).map_err(|e| fail("rig", e.to_string()))?;
    // the momentum leak diffuses over the same length in metres as on the full mesh (its default is in edges)
    let leak = match sim.settings.leak {
        LeakSetting::Diffuse { strength, length: None } => LeakSetting::Diffuse {
            strength,
            length: Some(crate::leak::DEFAULT_LENGTH_EDGES * crate::leak::mean_edge_length(&sim.mesh)),
        },
        other => other,
    };
    let settings = PrecomputeSettings {
        modes: 4,
        clusters: ClusterCount::KMeans(16),
        held: None,
        leak,
        ..sim.settings.clone()
    };
    let (proxy, _) = precompute(voxels.mesh, rig, &settings, std::sync::Arc::new(|_| {}))
        .map_err(|e| fail("precompute", e.to_string()))?;
    Ok(proxy)
}

/// Carry the proxy's bases to `sim`'s vertices (barycentric, by each vertex's place in the proxy's tets) and
/// project each column onto the complement of `sim`'s rig: `d ← d − Q Qᵀ d`, `Q` an orthonormal basis of
/// range 𝒥 (the full-space model's constraint basis).
fn carry_over(proxy: &Precomputed, sim: &Precomputed, mut parts: HeldParts) -> Result<HeldParts, HeldError> {
    let embedding =
        embed_points(&proxy.mesh, &sim.mesh.vertices).map_err(|e| HeldError::Full(e.to_string()))?;
    let (n, np) = (sim.mesh.n(), proxy.mesh.n());
    let mass = lumped_mass(&sim.mesh, &sim.material.density);
    let jac = sim.rig.jacobian(&sim.mesh.vertices).map_err(|e| HeldError::Rig(e.to_string()))?;
    let q = crate::full::constraint_basis(&complementarity_matrix(&jac, &mass, &sim.leak));
    for j in &mut parts.joints {
        let k = j.basis.ncols();
        let d = &j.basis;
        let mut fine = Mat::<f64>::from_fn(3 * n, k, |r, col| {
            let (c, v) = (r / n, r % n);
            let (corners, beta) = (embedding.corners[v], embedding.bary[v]);
            (0..4).map(|i| beta[i] * d[(c * np + corners[i] as usize, col)]).sum()
        });
        let coef = q.transpose() * &fine;
        fine -= &q * &coef;
        j.basis = fine;
    }
    Ok(parts)
}
