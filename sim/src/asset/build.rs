//! From inputs to an asset, through the cache: a tet mesh and a rig on its vertices (files, or the embedded
//! default avatar) are precomputed ([`crate::precompute`]) and given the tet mesh's surface as render
//! mesh ([`crate::asset::render_mesh::RenderMesh::tet_surface`]). glTF import has its own front end but ends in
//! [`cached`] too.

use crate::asset::cache::{Cache, CacheKey};
use crate::asset::file::{to_bytes, Asset, AssetHash, Source};
use crate::asset::render_mesh::RenderMesh;
use crate::mesh::tet_mesh::TetMesh;
use crate::precompute::{precompute, PrecomputeSettings, ProgressFn};
use crate::rig::linear::Rig;
use anyhow::{Context, Result};

/// A built (or cached) asset.
pub struct Built {
    pub asset: Asset,
    pub hash: AssetHash,
    /// The asset file's bytes.
    pub bytes: Vec<u8>,
    /// The report of the run that computed it (for a cache hit: the stored report of the original run).
    pub report: serde_json::Value,
    pub cached: bool,
    pub key: CacheKey,
}

/// Look `key` up in `cache`; on a miss run `make` and store its result. Without a cache, always `make`.
pub fn cached(
    key: CacheKey,
    cache: Option<&Cache>,
    make: impl FnOnce(&CacheKey) -> Result<(Asset, serde_json::Value)>,
) -> Result<Built> {
    if let Some(hit) = cache.and_then(|c| c.get(&key)) {
        return Ok(Built {
            asset: hit.asset,
            hash: hit.hash,
            bytes: hit.bytes,
            report: hit.report,
            cached: true,
            key,
        });
    }
    let (asset, report) = make(&key)?;
    let (bytes, hash) = to_bytes(&asset)?;
    if let Some(cache) = cache {
        if let Err(e) = cache.put(&key, &bytes, &report) {
            // A read-only or full cache directory must not fail the precompute itself.
            tracing::warn!(dir = %cache.dir().display(), error = %e, "could not store the asset in the cache");
        }
    }
    Ok(Built { asset, hash, bytes, report, cached: false, key })
}

/// The cache key of a tet mesh + rig precompute: the mesh and rig in canonical form (so the file format they
/// came in does not matter) and the settings.
pub fn tet_mesh_key(mesh: &TetMesh, rig: &Rig, settings: &PrecomputeSettings) -> CacheKey {
    let vertices: Vec<u8> = mesh.vertices.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
    let tets: Vec<u8> = mesh.tets.iter().flatten().flat_map(|&i| (i as u64).to_le_bytes()).collect();
    let rig = rig.to_json_string();
    let settings = serde_json::to_string(settings).expect("serialisable");
    CacheKey::new([
        ("tet-mesh.vertices", &vertices[..]),
        ("tet-mesh.tets", &tets[..]),
        ("rig", rig.as_bytes()),
        ("settings", settings.as_bytes()),
    ])
}

/// Precompute a tet mesh and a rig on its vertices; the render mesh is the tet mesh's surface.
pub fn precompute_tet_mesh(
    mesh: TetMesh,
    rig: Rig,
    settings: &PrecomputeSettings,
    source: (&str, &str),
    key: &CacheKey,
    progress: ProgressFn,
) -> Result<(Asset, serde_json::Value)> {
    let (mut sim, report) = precompute(mesh, rig, settings, progress.clone())?;
    let render = RenderMesh::tet_surface(&sim).map_err(anyhow::Error::msg).context("the render mesh")?;
    let mut report = serde_json::to_value(&report)?;
    train_held(&mut sim, &mut report, &progress)?;
    let (flesh, seconds) = flesh_parts(&sim);
    report["seconds"]["flesh"] = seconds.into();
    report["render_vertices"] = render.vertices.len().into();
    report["render_triangles"] = render.triangles.len().into();
    let source = Source {
        kind: source.0.into(),
        name: source.1.into(),
        inputs_hash: key.0.clone(),
        humanoid: Default::default(),
        vrm_meta: None,
    };
    Ok((
        Asset {
            sim,
            render,
            source,
            flesh: Some(flesh),
            looks: Default::default(),
            expressions: Vec::new(),
            springs: Default::default(),
        },
        report,
    ))
}

/// Train the held part of the flesh when the settings ask for it ([`crate::held`]): into `sim.held`, its report
/// and seconds into `report["held"]` and `report["seconds"]["held"]`.
pub fn train_held(
    sim: &mut crate::precompute::Precomputed,
    report: &mut serde_json::Value,
    progress: &ProgressFn,
) -> Result<()> {
    let Some(settings) = sim.settings.held.clone() else { return Ok(()) };
    progress(crate::precompute::Progress::Phase(crate::precompute::Phase::Held));
    let step = |done, total, _: &str| progress(crate::precompute::Progress::Held { done, total });
    // a large mesh (the default avatar's 70,000 tets) is trained on a coarse proxy of itself
    let (parts, held) = if sim.mesh.t() > crate::held::proxy::PROXY_ABOVE_TETS {
        crate::held::proxy::train_on_proxy(sim, &settings, crate::held::proxy::PROXY_RESOLUTION, &step)
    } else {
        crate::held::train(sim, &settings, &step)
    }
    .context("training the held part of the flesh")?;
    report["seconds"]["held"] = held.seconds.into();
    report["held"] = serde_json::to_value(&held)?;
    sim.held = Some(parts);
    Ok(())
}

/// The flesh model's stored data (paper 002: constrained vertices, skinned preconditioner) and the seconds
/// it took.
pub fn flesh_parts(sim: &crate::precompute::Precomputed) -> (crate::flesh::solve::FleshParts, f64) {
    let started = std::time::Instant::now();
    let settings = crate::flesh::solve::FleshSettings::default();
    let model = crate::flesh::solve::FleshModel::new(&sim.mesh, &sim.rig, &sim.material, settings);
    (model.parts(), started.elapsed().as_secs_f64())
}

/// The embedded default avatar, from the cache when it has it (the key hashes the embedded files, so a hit
/// costs no parsing).
pub fn default_avatar(
    settings: &PrecomputeSettings,
    cache: Option<&Cache>,
    progress: ProgressFn,
) -> Result<Built> {
    let settings_json = serde_json::to_string(settings).expect("serialisable");
    let parts = crate::asset::default_avatar::key_parts();
    let key = CacheKey::new(parts.into_iter().chain([("settings", settings_json.as_bytes())]));
    cached(key, cache, |key| {
        let (mesh, rig) = crate::asset::default_avatar::inputs()?;
        precompute_tet_mesh(
            mesh,
            rig,
            settings,
            ("default", crate::asset::default_avatar::NAME),
            key,
            progress,
        )
    })
}

/// A blendshape of a procedural avatar: its name and one delta per tet-mesh vertex, from the rest positions.
pub type ShapeFn<'a> = &'a dyn Fn(&[[f64; 3]]) -> Vec<[f64; 3]>;

/// A procedural avatar for tests, benchmarks and examples: an `x`-long bar of `cells` box cells (6 tets each)
/// with two bones (joint at the middle, `blend` wide) and the given blendshapes, precomputed with `modes`
/// modes and `clusters` clusters; the render mesh is its surface.
pub fn bar_avatar(
    cells: [usize; 3],
    size: [f64; 3],
    blend: f64,
    shapes: &[(&str, ShapeFn<'_>)],
    modes: usize,
    clusters: usize,
) -> Result<Asset> {
    let settings = PrecomputeSettings {
        modes,
        clusters: crate::precompute::ClusterCount::KMeans(clusters),
        ..Default::default()
    };
    bar_avatar_with(cells, size, blend, shapes, &settings)
}

/// [`bar_avatar`] with any precompute settings (the held part's, for one).
pub fn bar_avatar_with(
    cells: [usize; 3],
    size: [f64; 3],
    blend: f64,
    shapes: &[(&str, ShapeFn<'_>)],
    settings: &PrecomputeSettings,
) -> Result<Asset> {
    let mesh = crate::mesh::tet_mesh::shapes::box_mesh(cells[0], cells[1], cells[2], size);
    let lbs = crate::rig::LbsRig::two_bone_bar(&mesh, 0, 0.5 * size[0], blend);
    let mut parts = vec![crate::rig::RigPart::Lbs(lbs)];
    if !shapes.is_empty() {
        let targets = shapes.iter().map(|(name, f)| (name.to_string(), f(&mesh.vertices))).collect();
        parts.push(crate::rig::RigPart::Blendshapes(crate::rig::BlendshapeRig::from_dense(targets)?));
    }
    let rig = Rig::new(parts)?;
    let key = CacheKey(String::new());
    Ok(precompute_tet_mesh(mesh, rig, settings, ("procedural", "bar"), &key, std::sync::Arc::new(|_| {}))?.0)
}

/// A small avatar with a trained held part, for the tests of everything that draws it (the 2 m bar bending at
/// its middle, 8×2×2 cells, 6 modes, 24 clusters; swings of 20–60°, diagonals, twists; a few seconds).
pub fn held_bar_avatar() -> Result<Asset> {
    let held = crate::reduced::held::HeldSettings {
        swing_deg: vec![20.0, 40.0, 60.0],
        diagonal_deg: vec![30.0, 60.0],
        twist_deg: vec![20.0, 45.0],
        probe_deg: 60.0,
        components: 4,
        ..crate::reduced::held::HeldSettings::default()
    };
    let settings = PrecomputeSettings {
        modes: 6,
        clusters: crate::precompute::ClusterCount::KMeans(24),
        held: Some(held),
        ..Default::default()
    };
    bar_avatar_with([8, 2, 2], [2.0, 0.5, 0.5], 0.5, &[], &settings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precompute::{ClusterCount, Phase, Progress};
    use crate::reduced::held::HeldSettings;
    use std::sync::{Arc, Mutex};

    /// Settings that ask for the held part get it in the asset, with its report and progress; its absence from
    /// the settings JSON keeps the cache key of runs without it.
    #[test]
    fn a_precompute_that_asks_for_the_held_part_trains_it() {
        let mesh = crate::mesh::tet_mesh::shapes::box_mesh(6, 2, 2, [1.2, 0.3, 0.3]);
        let rig =
            Rig::new(vec![crate::rig::RigPart::Lbs(crate::rig::LbsRig::two_bone_bar(&mesh, 0, 0.6, 0.3))])
                .unwrap();
        let plain = PrecomputeSettings { modes: 4, clusters: ClusterCount::KMeans(8), ..Default::default() };
        let held = PrecomputeSettings {
            held: Some(HeldSettings {
                swing_deg: vec![30.0, 60.0],
                diagonal_deg: vec![],
                twist_deg: vec![30.0],
                ..HeldSettings::default()
            }),
            ..plain.clone()
        };
        assert!(!serde_json::to_string(&plain).unwrap().contains("held"), "no held field when off");
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        let progress: ProgressFn = Arc::new(move |p| log.lock().unwrap().push(p));
        let key = CacheKey(String::new());
        let (asset, report) =
            precompute_tet_mesh(mesh.clone(), rig.clone(), &held, ("procedural", "bar"), &key, progress)
                .unwrap();
        let parts = asset.sim.held.as_ref().expect("the held part");
        assert_eq!(parts.joints.len(), 1);
        assert!(report["seconds"]["held"].as_f64().is_some_and(|s| s > 0.0), "{report}");
        let seen = seen.lock().unwrap();
        assert!(seen.contains(&Progress::Phase(Phase::Held)));
        assert!(seen.contains(&Progress::Held { done: 1, total: 1 }));
        let (without, _) =
            precompute_tet_mesh(mesh, rig, &plain, ("procedural", "bar"), &key, Arc::new(|_| {})).unwrap();
        assert!(without.sim.held.is_none());
    }
}
