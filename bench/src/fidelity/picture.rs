//! `fidelity-<avatar>-<motion>.png`: at the tick where full space's flesh peaks, the rig alone | the runtime's
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

/// Draw the three columns for rig parameters `p`, the runtime's render displacement `runtime` (N × 3) and full
/// space's `full`, captioned, to `path`.
pub fn draw(
    asset: &Asset,
    p: &[f64],
    runtime: &Mat<f64>,
    full: &[[f64; 3]],
    caption: &str,
    path: &Path,
) -> Result<()> {
    let rt: Vec<[f32; 3]> = (0..runtime.nrows()).map(|v| [0, 1, 2].map(|c| runtime[(v, c)] as f32)).collect();
    let fs: Vec<[f32; 3]> = full.iter().map(|d| d.map(|c| c as f32)).collect();
    let zero = vec![[0.0f32; 3]; rt.len()];
    let norm = |d: &[f32; 3]| ((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) as f64).sqrt();
    let peak = rt.iter().chain(&fs).map(norm).fold(0.0, f64::max);
    let heat = HeatScale::for_peak(peak);
    let gpu = Gpu::open(Backend::Auto)?;
    let mut views = FleshViews::new(gpu, asset, FleshViewSettings { width: VIEW.0, height: VIEW.1, heat })
        .context("the renderer")?;
    let p32: Vec<f32> = p.iter().map(|&v| v as f32).collect();
    let modes = asset.render.mode_weights.ncols();
    let panels = views.compare(&p32, modes, &[&zero, &rt, &fs])?;
    let bar = views.scale_bar().clone();
    let (w, h) = VIEW;
    let mut out = RgbaImage::from_pixel(3 * w + bar.width(), 2 * h, Rgba([255, 255, 255, 255]));
    for (k, (torso, body)) in panels.iter().enumerate() {
        image::imageops::replace(&mut out, torso, (k as u32 * w) as i64, 0);
        image::imageops::replace(&mut out, body, (k as u32 * w) as i64, h as i64);
    }
    image::imageops::replace(&mut out, &bar, (3 * w) as i64, h as i64);
    for (k, name) in ["rig only", "runtime", "full space"].iter().enumerate() {
        font::caption(&mut out, (k as u32 * w) as i64 + 8, 8, name, 2);
        font::fill(&mut out, (k as u32 * w) as i64, 0, 1, 2 * h as i64, Rgba([150, 150, 150, 255]));
    }
    font::caption(&mut out, 8, h as i64 + 8, caption, 1);
    out.save(path).with_context(|| format!("writing {}", path.display()))
}
