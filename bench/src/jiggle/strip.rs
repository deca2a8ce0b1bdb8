//! `jiggle-strip.png`: frames of a motion at its moments of largest body-wide displacement, each the views
//! the demo films ([`renderer::views::FleshViews`]: the body with the camera following its root, the torso
//! close-up with the rig-only outline, the heat map of `|u|` with its scale bar), tiled, each labelled with its
//! time and largest `|u|`.

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use image::{DynamicImage, Rgb, RgbImage};
use renderer::heat::HeatScale;
use renderer::views::{FleshViewSettings, FleshViews};
use renderer::{Backend, Gpu};
use std::path::Path;

/// Frames in the strip, columns of the tiling, least time between two frames (s), one view's size.
pub const FRAMES: usize = 6;
pub const COLUMNS: u32 = 2;
pub const MIN_GAP_S: f64 = 0.3;
const VIEW: (u32, u32) = (300, 400);
/// White between tiles.
const GAP: u32 = 6;

/// One tick kept for the strip.
#[derive(Clone, Debug)]
pub struct StripFrame {
    /// Seconds since the motion's first frame.
    pub t: f64,
    /// Body-wide largest `|u|` (m).
    pub body_max: f64,
    pub p: Vec<f64>,
    pub z: Vec<f64>,
}

/// Up to `count` ticks in decreasing order of `values`, each at least `min_gap` from those taken before
/// (times `t`), returned in time order.
pub fn pick(t: &[f64], values: &[f64], count: usize, min_gap: f64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    let mut taken: Vec<usize> = Vec::new();
    for i in order {
        if taken.len() == count {
            break;
        }
        if taken.iter().all(|&j| (t[i] - t[j]).abs() >= min_gap) {
            taken.push(i);
        }
    }
    taken.sort_unstable();
    taken
}

/// Render `frames` of `asset` with the heat map on `heat` and write the tiled strip to `path`.
pub fn render_strip(asset: &Asset, frames: &[StripFrame], heat: HeatScale, path: &Path) -> Result<()> {
    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!("bench jiggle: rendering {} frames on {}", frames.len(), gpu.describe());
    let mut views = FleshViews::new(gpu, asset, FleshViewSettings { width: VIEW.0, height: VIEW.1, heat })
        .context("the renderer")?;
    let cols = COLUMNS.min(frames.len().max(1) as u32);
    let rows = (frames.len() as u32).div_ceil(cols);
    let (tw, th) = (3 * VIEW.0 + renderer::views::BAR_WIDTH + GAP, VIEW.1 + GAP);
    let mut out =
        RgbImage::from_pixel(cols * tw - GAP, (rows * th).saturating_sub(GAP).max(1), Rgb([255; 3]));
    for (i, f) in frames.iter().enumerate() {
        let p: Vec<f32> = f.p.iter().map(|&v| v as f32).collect();
        let z: Vec<f32> = f.z.iter().map(|&v| v as f32).collect();
        let caption = format!("t {:.2} s  max {:.1} mm", f.t, f.body_max * 1e3);
        let image = views.frame(&p, &z, &caption).with_context(|| format!("frame {i}"))?;
        let image = DynamicImage::ImageRgba8(image).to_rgb8();
        let (x, y) = ((i as u32 % cols) * tw, (i as u32 / cols) * th);
        image::imageops::replace(&mut out, &image, x as i64, y as i64);
    }
    out.save(path).with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jiggle_strip_picks_the_largest_moments_apart() {
        let t: Vec<f64> = (0..100).map(|k| k as f64 * 0.1).collect();
        let mut v = vec![0.0; 100];
        (v[10], v[11], v[12], v[50], v[80], v[81]) = (5.0, 9.0, 4.0, 3.0, 7.0, 8.0);
        // 11 (9), then 81 (8); 80 and 12 and 10 are too close to them; then 50 (3), then anything 0.3 s apart
        let got = pick(&t, &v, 3, 0.3);
        assert_eq!(got, vec![11, 50, 81]);
        let all = pick(&t, &v, 6, 0.3);
        assert_eq!(all.len(), 6);
        assert!(all.windows(2).all(|w| t[w[1]] - t[w[0]] >= 0.3 - 1e-12));
    }
}
