//! `fidelity-<avatar>-<motion>.png`: at the tick where full space's flesh peaks, the rig alone | each variant's
//! flesh | full space's flesh, each as the torso close-up (lit) over the body's heat map of `|u|` (one scale for
//! all), drawn on the GPU (Mesa's software drivers where there is no GPU).

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use faer::Mat;
use image::{Rgba, RgbaImage};
use renderer::font;
use renderer::heat::HeatScale;
use renderer::views::{FleshViewSettings, FleshViews};
use renderer::{Backend, Gpu};
use std::path::Path;

const VIEW: (u32, u32) = (300, 400);

/// Draw the columns for rig parameters `p`: the rig alone, each named runtime render displacement in
/// `runtime` (N × 3 each), and full space's `full`, captioned, to `path`.
pub fn draw(
    asset: &Asset,
    p: &[f64],
    runtime: &[(String, Mat<f64>)],
    full: &[[f64; 3]],
    caption: &str,
    path: &Path,
) -> Result<()> {
    let rts: Vec<Vec<[f32; 3]>> = runtime
        .iter()
        .map(|(_, u)| (0..u.nrows()).map(|v| [0, 1, 2].map(|c| u[(v, c)] as f32)).collect())
        .collect();
    let fs: Vec<[f32; 3]> = full.iter().map(|d| d.map(|c| c as f32)).collect();
    let zero = vec![[0.0f32; 3]; fs.len()];
    let norm = |d: &[f32; 3]| ((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) as f64).sqrt();
    let peak = rts.iter().flatten().chain(&fs).map(norm).fold(0.0, f64::max);
    let heat = HeatScale::for_peak(peak);
    let gpu = Gpu::open(Backend::Auto)?;
    let mut views = FleshViews::new(gpu, asset, FleshViewSettings { width: VIEW.0, height: VIEW.1, heat })
        .context("the renderer")?;
    let p32: Vec<f32> = p.iter().map(|&v| v as f32).collect();
    let modes = asset.render.mode_weights.ncols();
    let mut columns: Vec<&[[f32; 3]]> = vec![&zero];
    columns.extend(rts.iter().map(|r| r.as_slice()));
    columns.push(&fs);
    let panels = views.compare(&p32, modes, &columns)?;
    let bar = views.scale_bar().clone();
    let (w, h) = VIEW;
    let k_cols = columns.len() as u32;
    let mut out = RgbaImage::from_pixel(k_cols * w + bar.width(), 2 * h, Rgba([255, 255, 255, 255]));
    for (k, (torso, body)) in panels.iter().enumerate() {
        image::imageops::replace(&mut out, torso, (k as u32 * w) as i64, 0);
        image::imageops::replace(&mut out, body, (k as u32 * w) as i64, h as i64);
    }
    image::imageops::replace(&mut out, &bar, (k_cols * w) as i64, h as i64);
    let mut names = vec!["rig only".to_owned()];
    names.extend(runtime.iter().map(|(n, _)| format!("runtime: {n}")));
    names.push("full space".into());
    for (k, name) in names.iter().enumerate() {
        font::caption(&mut out, (k as u32 * w) as i64 + 8, 8, name, 2);
        font::fill(&mut out, (k as u32 * w) as i64, 0, 1, 2 * h as i64, Rgba([150, 150, 150, 255]));
    }
    font::caption(&mut out, 8, h as i64 + 8, caption, 1);
    out.save(path).with_context(|| format!("writing {}", path.display()))
}
