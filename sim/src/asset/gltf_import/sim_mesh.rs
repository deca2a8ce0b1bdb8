//! The simulation mesh of an imported avatar: voxel tet mesh (doubling the resolution while too coarse for the
//! rig), the rig carried to the tet vertices, the precompute, the render mesh embedded, and the report.

use super::detached::detach;
use super::{GltfAvatar, ImportSettings};
use crate::asset::cache::CacheKey;
use crate::asset::file::{Asset, Source};
use crate::asset::render_mesh::RenderMesh;
use crate::geometry::embed::embed_points;
use crate::geometry::transfer::{closest_points, compact};
use crate::geometry::voxelize::{voxel_tet_mesh, VoxelSettings, MAX_RESOLUTION};
use crate::modes::dense::ModesError;
use crate::precompute::{precompute, MaterialSetting, PrecomputeError, PrecomputeSettings, ProgressFn};
use crate::rig::resample::{resample, Stencil};
use anyhow::Context;

/// The simulation mesh, the transferred rig, the precompute and the embedded render mesh.
pub fn build_asset(
    avatar: GltfAvatar,
    import: &ImportSettings,
    settings: &PrecomputeSettings,
    name: &str,
    key: &CacheKey,
    progress: ProgressFn,
) -> anyhow::Result<(Asset, serde_json::Value)> {
    let GltfAvatar { vertices, triangles, rig, mut info, looks, expressions, vrm_meta, springs } = avatar;
    // the anatomical material's regions know a VRM's bones by its humanoid map
    let mut settings = settings.clone();
    if let MaterialSetting::Anatomical(a) = &mut settings.material {
        if a.humanoid.is_empty() {
            a.humanoid = info.humanoid.clone();
        }
    }
    let tri_usize: Vec<[usize; 3]> = triangles.iter().map(|t| t.map(|i| i as usize)).collect();
    // Hair cards, skirts and ribbons on spring bones are not flesh: only the body's surface (its own vertices:
    // the voxel grid keeps a cell for every vertex it is given) is voxelized and carries the rig to the tets.
    let detached = detach(&rig, &tri_usize, &springs, &info.humanoid, vertices.len());
    let (body_vertices, body_triangles, body_index) = compact(&vertices, &detached.body_triangles);
    // A thin model at a coarse resolution can leave fewer tet vertices than the rig's constraints and the
    // modes need: then the resolution doubles (up to 4x) and the build runs again.
    let mut resolution = import.resolution;
    let (voxels, mut sim, report) = loop {
        let voxel_settings = VoxelSettings { resolution, threshold: import.threshold };
        let voxels = voxel_tet_mesh(&body_vertices, &body_triangles, &voxel_settings)
            .context("building the simulation mesh")?;
        // Rig transfer: each tet vertex takes the rig of its closest point on the body's render surface.
        let closest =
            closest_points(&body_vertices, &body_triangles, &voxels.mesh.vertices).context("rig transfer")?;
        let stencils: Vec<Stencil> = closest
            .iter()
            .map(|(t, b)| (0..3).map(|k| (body_index[body_triangles[*t][k]], b[k].clamp(0.0, 1.0))).collect())
            .collect();
        let sim_rig = resample(&rig, &stencils).context("transferring the rig to the simulation mesh")?;
        match precompute(voxels.mesh.clone(), sim_rig, &settings, progress.clone()) {
            Ok((sim, report)) => break (voxels, sim, report),
            Err(PrecomputeError::Modes(e @ ModesError::TooManyModes { .. }))
                if 2 * resolution <= (4 * import.resolution).min(MAX_RESOLUTION) =>
            {
                tracing::warn!(resolution, error = %e, "simulation mesh too coarse; doubling the voxel resolution");
                resolution *= 2;
            }
            Err(e) => return Err(e.into()),
        }
    };
    let triangles_len = triangles.len();
    let embedding = embed_points(&sim.mesh, &vertices).context("embedding the render mesh")?;
    // how far outside its tet a body vertex is (the detached ones hang outside the body by design)
    let max_outside = (0..vertices.len())
        .filter(|&v| !detached.vertex[v])
        .map(|v| -embedding.bary[v].iter().copied().fold(f64::INFINITY, f64::min))
        .fold(0.0, f64::max);
    let mut render = RenderMesh::embedded(&sim, vertices, triangles, rig, embedding.tet, embedding.bary)
        .map_err(anyhow::Error::msg)
        .context("the render mesh")?;
    render.detach(&detached.vertex);
    let humanoid = std::mem::take(&mut info.humanoid);
    let mut report = serde_json::to_value(&report)?;
    crate::asset::build::train_held(&mut sim, &mut report, &progress)?;
    report["import"] = serde_json::to_value(&info)?;
    report["import"]["humanoid"] = serde_json::to_value(&humanoid)?;
    let bones = render.rig.bone_names();
    report["import"]["roles"] = serde_json::to_value(crate::rig::RoleReport::new(&bones, &humanoid))?;
    report["voxels"] = serde_json::json!({
        "resolution": resolution,
        "requested_resolution": import.resolution,
        "cell_size": voxels.cell_size,
        "cells": voxels.cells,
        "components": voxels.components,
        "render_vertex_max_outside": max_outside,
    });
    report["detached"] = serde_json::json!({
        "spring_bones": detached.spring_bones,
        "render_vertices": detached.count(),
        "render_triangles": triangles_len - detached.body_triangles.len(),
        "body_triangles": detached.body_triangles.len(),
    });
    report["render_vertices"] = render.vertices.len().into();
    report["render_triangles"] = render.triangles.len().into();
    let (flesh, seconds) = crate::asset::build::flesh_parts(&sim);
    report["seconds"]["flesh"] = seconds.into();
    let source =
        Source { kind: "gltf".into(), name: name.into(), inputs_hash: key.0.clone(), humanoid, vrm_meta };
    Ok((Asset { sim, render, source, flesh: Some(flesh), looks, expressions, springs }, report))
}
