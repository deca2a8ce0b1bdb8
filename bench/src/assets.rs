//! `avatard bench assets`: the asset pipeline's figures for the default avatar — precompute end to end
//! (embedded files → asset, cache bypassed), the cached re-run (same call, warm cache), asset load time
//! (read + checksum + parse + validation, and building the run-time model), size on disk — and the import
//! time of a glTF file when one is given.

use anyhow::{Context, Result};
use avatar_sim::asset::{self, Cache};
use avatar_sim::reduced::ReducedModel;
use avatar_sim::stats::median;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct AssetsArgs {
    /// Loads to time (the median is reported).
    #[arg(long, default_value_t = 20)]
    pub loads: usize,
    /// Also time importing this .glb (cache bypassed).
    #[arg(long)]
    pub glb: Option<PathBuf>,
    /// Where to write the JSON report.
    #[arg(long, default_value = "out/bench-assets.json")]
    pub out: PathBuf,
}

pub fn assets(a: AssetsArgs) -> Result<()> {
    let settings = asset::default_avatar::settings();
    let dir = std::env::temp_dir().join(format!("avatard-bench-assets-{}", std::process::id()));
    let cache = Cache::new(&dir);
    let quiet: avatar_sim::precompute::ProgressFn = Arc::new(|_| {});

    let t = Instant::now();
    let built = asset::default_avatar(&settings, Some(&cache), quiet.clone())?;
    let precompute_s = t.elapsed().as_secs_f64();
    anyhow::ensure!(!built.cached, "the fresh cache directory {} was not empty", dir.display());
    let t = Instant::now();
    let again = asset::default_avatar(&settings, Some(&cache), quiet.clone())?;
    let cached_s = t.elapsed().as_secs_f64();
    anyhow::ensure!(again.cached && again.hash == built.hash, "the re-run did not come from the cache");

    let path = cache.asset_path(&built.key);
    let bytes = std::fs::metadata(&path)?.len();
    let mut load = Vec::new();
    let mut model = Vec::new();
    for _ in 0..a.loads.max(1) {
        let t = Instant::now();
        let (asset, _) = asset::load(&path)?;
        load.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let m = ReducedModel::from_parts(asset.sim.reduced)?;
        model.push(t.elapsed().as_secs_f64());
        std::hint::black_box(m);
    }
    let (load_ms, model_ms) = (1e3 * median(load), 1e3 * median(model));

    let import = match &a.glb {
        Some(glb) => {
            let t = Instant::now();
            let built = avatar_sim::asset::import(glb, &Default::default(), &settings, None, quiet)
                .with_context(|| format!("importing {}", glb.display()))?;
            Some(serde_json::json!({
                "file": glb.display().to_string(),
                "seconds": t.elapsed().as_secs_f64(),
                "report": built.report,
            }))
        }
        None => None,
    };
    let _ = std::fs::remove_dir_all(&dir);
    let report = serde_json::json!({
        "default_avatar": {
            "vertices": built.asset.sim.mesh.n(),
            "tets": built.asset.sim.mesh.t(),
            "render_vertices": built.asset.render.vertices.len(),
            "precompute_seconds": precompute_s,
            "cached_rerun_seconds": cached_s,
            "load_ms_median": load_ms,
            "reduced_model_ms_median": model_ms,
            "loads": a.loads.max(1),
            "asset_bytes": bytes,
            "precompute_report": built.report,
        },
        "import": import,
        "goal": "asset load <= 100 ms for the default avatar",
    });
    println!(
        "default avatar: precompute {precompute_s:.2} s, cached re-run {cached_s:.3} s, load {load_ms:.1} ms \
         (+ run-time model {model_ms:.1} ms), {:.1} MB",
        bytes as f64 / 1e6
    );
    if let Some(i) = &report["import"].as_object() {
        println!("import {}: {:.2} s", i["file"], i["seconds"].as_f64().unwrap_or(f64::NAN));
    }
    if let Some(dir) = a.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&a.out, serde_json::to_string_pretty(&report)? + "\n")
        .with_context(|| format!("writing {}", a.out.display()))?;
    Ok(())
}
