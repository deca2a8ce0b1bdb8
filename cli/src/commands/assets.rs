//! `avatard import model.glb --out ASSET` and `avatard export ASSET --gltf out.glb` / `--vrm out.vrm`.

use crate::commands::precompute::{phase_spinner, spinner_progress, OutputArgs, SettingsArgs};
use anyhow::{bail, Context, Result};
use avatar_sim::asset::Cache;
use avatar_sim::asset::{self, ImportSettings};
use avatar_sim::precompute::PrecomputeSettings;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct ImportArgs {
    /// A glTF 2.0 / VRM binary file (.glb or .vrm) with a skinned mesh.
    pub glb: PathBuf,
    /// Voxel cells along the longest side of the model (the simulation mesh's resolution).
    #[arg(long, default_value_t = ImportSettings::default().resolution)]
    pub resolution: usize,
    /// Generalised winding number from which a voxel counts as inside.
    #[arg(long, default_value_t = ImportSettings::default().threshold)]
    pub threshold: f64,
    #[command(flatten)]
    pub settings: SettingsArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// An asset file.
    pub asset: PathBuf,
    /// The .glb file to write (glTF 2.0: mesh, skin, morph targets, mode weights, looks).
    #[arg(long, required_unless_present = "vrm", conflicts_with = "vrm")]
    pub gltf: Option<PathBuf>,
    /// The .vrm file to write (VRM 1.0: the glTF export plus meta, humanoid bones and expressions).
    #[arg(long)]
    pub vrm: Option<PathBuf>,
}

pub fn import(a: ImportArgs) -> Result<()> {
    // a skinned glTF always has bones: the anatomical material unless asked otherwise
    let settings = a.settings.settings(ImportSettings::precompute_held(), true)?;
    if !(1..=512).contains(&a.resolution) {
        bail!("--resolution {} must be between 1 and 512", a.resolution);
    }
    if !(a.threshold.is_finite() && a.threshold > 0.0 && a.threshold < 1.0) {
        bail!("--threshold {} must be in (0, 1)", a.threshold);
    }
    let import = ImportSettings { resolution: a.resolution, threshold: a.threshold };
    let started = std::time::Instant::now();
    let built = import_glb(&a.glb, &import, &settings, a.output.cache.cache().as_ref())?;
    asset::write_atomically(&a.output.out, &built.bytes)?;
    let mut report = built.report.clone();
    if !report.is_object() {
        report = serde_json::json!({});
    }
    report["glb"] = a.glb.display().to_string().into();
    report["asset"] = a.output.out.display().to_string().into();
    report["asset_hash"] = asset::hex(&built.hash).into();
    report["asset_bytes"] = built.bytes.len().into();
    report["cache_key"] = built.key.0.clone().into();
    report["cached"] = built.cached.into();
    report["seconds_this_run"] = started.elapsed().as_secs_f64().into();
    if let Some(path) = &a.output.report {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(path, serde_json::to_string_pretty(&report)? + "\n")
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let sim = &built.asset.sim;
    println!(
        "{}: {} render vertices, {} bones, {} blendshapes -> {} tets ({} vertices), {} modes{} -> {} ({} bytes, {})",
        a.glb.display(),
        built.asset.render.vertices.len(),
        report["import"]["bones"],
        report["import"]["blendshapes"].as_array().map_or(0, |b| b.len()),
        sim.mesh.t(),
        sim.mesh.n(),
        sim.weights.ncols(),
        if built.cached { " (from the cache)" } else { "" },
        a.output.out.display(),
        built.bytes.len(),
        &asset::hex(&built.hash)[..16],
    );
    print_mapping(&built.asset, &report["import"]);
    Ok(())
}

/// Import a .glb/.vrm through the cache (keyed by the file's bytes and the settings), with a spinner.
pub fn import_glb(
    glb: &Path,
    import: &ImportSettings,
    settings: &PrecomputeSettings,
    cache: Option<&Cache>,
) -> Result<asset::Built> {
    let spinner = phase_spinner();
    spinner.set_message(format!("importing {}", glb.display()));
    let built = asset::import(glb, import, settings, cache, spinner_progress(&spinner))
        .with_context(|| format!("importing {}", glb.display()))?;
    spinner.finish_and_clear();
    Ok(built)
}

/// The mapping report of an import: skeleton roles, face (ARKit names, VRM expressions), looks.
fn print_mapping(asset: &asset::Asset, import: &serde_json::Value) {
    let bones = asset.sim.rig.bone_names();
    let roles = avatar_sim::rig::RoleReport::new(&bones, &asset.source.humanoid);
    println!("  body: {}", roles.summary());
    if !roles.missing_optional.is_empty() {
        println!("        optional roles not found: {}", roles.missing_optional.join(", "));
    }
    let face = avatard::FaceMap::new(&asset.sim.rig, &asset.expressions);
    let driven = face.driven_expressions();
    println!(
        "  face: {} blendshapes with MediaPipe names; VRM expressions driven: {}{}",
        face.direct_count(),
        if driven.is_empty() { "none".to_owned() } else { driven.join(", ") },
        match import["vrm_version"].as_str() {
            Some(v) if !v.is_empty() => format!(" (VRM {v})"),
            _ => String::new(),
        }
    );
    for d in import["expressions_dropped"].as_array().into_iter().flatten() {
        println!("        expression note: {}", d.as_str().unwrap_or_default());
    }
    println!(
        "  looks: {} materials, {} textures, UVs {}",
        asset.looks.materials.len(),
        asset.looks.images.len(),
        if asset.looks.uv.is_empty() { "no" } else { "yes" }
    );
    for d in import["looks_dropped"].as_array().into_iter().flatten() {
        println!("        looks note: {}", d.as_str().unwrap_or_default());
    }
}

pub fn export(a: ExportArgs) -> Result<()> {
    let (asset, hash) = asset::load(&a.asset).with_context(|| format!("loading {}", a.asset.display()))?;
    let (bytes, out) = match (&a.gltf, &a.vrm) {
        (Some(path), None) => (asset::to_glb(&asset, &hash)?, path),
        (None, Some(path)) => (asset::to_vrm(&asset, &hash)?, path),
        _ => bail!("give exactly one of --gltf and --vrm"),
    };
    asset::write_atomically(out, &bytes)?;
    println!(
        "{} render vertices, {} triangles, {} modes, {} materials, {} expressions -> {} ({} bytes)",
        asset.render.vertices.len(),
        asset.render.triangles.len(),
        asset.render.mode_weights.ncols(),
        asset.looks.materials.len(),
        asset.expressions.len(),
        out.display(),
        bytes.len()
    );
    Ok(())
}
