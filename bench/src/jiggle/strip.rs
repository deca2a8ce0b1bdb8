//! `jiggle-strip.png`: frames of a motion at its moments of largest body-wide displacement, each side by side
//! (rig only | with secondary motion) as the demo renders them ([`renderer::film::frame`]), tiled with a label
//! (time, largest `|u|`).
//!
//! The frames are re-centred horizontally (every bone's translation less the rig's horizontal drift from its
//! rest place), so that an avatar jumping forward stays in the camera's fixed framing; the secondary
//! displacement does not depend on it (`Z_k` acts on rest positions).

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use image::{DynamicImage, Rgb, RgbImage};
use renderer::{AvatarRenderer, Backend, Gpu, RenderOptions};
use std::path::Path;

/// Frames in the strip, columns of the tiling, least time between two frames (s), one view's size.
pub const FRAMES: usize = 6;
pub const COLUMNS: u32 = 3;
pub const MIN_GAP_S: f64 = 0.3;
const VIEW: (u32, u32) = (300, 360);
const LABEL_H: u32 = 0;

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

/// `p` moved horizontally so that the render mesh's centroid is over its rest place.
fn recentred(asset: &Asset, p: &[f64]) -> Result<Vec<f64>> {
    let r = &asset.render;
    let n = r.vertices.len();
    let x = r.rig.deform(&r.vertices, p).context("the render rig")?;
    let dx = (0..n).map(|v| x[v] - r.vertices[v][0]).sum::<f64>() / n as f64;
    let dz = (0..n).map(|v| x[2 * n + v] - r.vertices[v][2]).sum::<f64>() / n as f64;
    let mut q = p.to_vec();
    for o in r.rig.handle_offsets() {
        q[o + 3] -= dx;
        q[o + 11] -= dz;
    }
    Ok(q)
}

/// Render `frames` of `asset` and write the tiled strip to `path`.
pub fn render_strip(asset: &Asset, frames: &[StripFrame], path: &Path) -> Result<()> {
    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!("bench jiggle: rendering {} frames on {}", frames.len(), gpu.describe());
    let options = RenderOptions { width: VIEW.0, height: VIEW.1, ..RenderOptions::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).context("the renderer")?;
    let cols = COLUMNS.min(frames.len().max(1) as u32);
    let rows = (frames.len() as u32).div_ceil(cols);
    let (tw, th) = (2 * VIEW.0, VIEW.1 + LABEL_H);
    let mut out = RgbImage::from_pixel(cols * tw, rows * th, Rgb([255, 255, 255]));
    for (i, f) in frames.iter().enumerate() {
        let p: Vec<f32> = recentred(asset, &f.p)?.iter().map(|&v| v as f32).collect();
        let z: Vec<f32> = f.z.iter().map(|&v| v as f32).collect();
        let image = renderer::film::frame(&mut r, &p, &z, true).with_context(|| format!("frame {i}"))?;
        let image = DynamicImage::ImageRgba8(image).to_rgb8();
        let (x, y) = ((i as u32 % cols) * tw, (i as u32 / cols) * th);
        image::imageops::replace(&mut out, &image, x as i64, (y + LABEL_H) as i64);
        // a separating line between the two views and around the tile
        for yy in y..y + th {
            out.put_pixel(x + VIEW.0, yy, Rgb([160, 160, 160]));
            out.put_pixel(x, yy, Rgb([160, 160, 160]));
        }
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
