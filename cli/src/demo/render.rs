//! The rendering half of `avatard demo`: the collected states written as a trajectory file (for
//! `avatar-view render --traj` and other tools) and drawn side by side (rig only | with secondary motion) in
//! this process through the renderer library.

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use renderer::film::film;
use renderer::{AvatarRenderer, Backend, Gpu, RenderOptions};
use serde::Serialize;
use std::path::Path;

/// One step of the trajectory (`t` is informative; readers use `dt`).
#[derive(Clone, Debug, Serialize)]
pub struct TrajectoryStep {
    /// Seconds since the first step (the daemon's simulation time).
    pub t: f64,
    pub p: Vec<f32>,
    pub z: Vec<f32>,
}

/// Write `{asset_hash, dt, source, steps: [{t, p, z}]}`.
pub fn write_trajectory(path: &Path, asset_hash_hex: &str, dt: f64, steps: &[TrajectoryStep]) -> Result<()> {
    #[derive(Serialize)]
    struct Trajectory<'a> {
        asset_hash: &'a str,
        dt: f64,
        source: &'static str,
        steps: &'a [TrajectoryStep],
    }
    let t = Trajectory { asset_hash: asset_hash_hex, dt, source: "avatard demo", steps };
    crate::util::write_json_compact(path, &t)
}

/// What the rendering produced.
#[derive(Clone, Debug, Serialize)]
pub struct Rendered {
    pub dir: String,
    pub frames: usize,
    /// The animations: `anim.gif`, and `anim.mp4` when ffmpeg is installed (frames: `frame_NNNN.png`).
    pub files: Vec<String>,
    pub seconds: f64,
}

/// Draw `steps` on `asset` side by side into `out` at `fps` (frames of an earlier run there are replaced).
pub fn render(asset: &Asset, steps: &[TrajectoryStep], fps: f64, out: &Path) -> Result<Rendered> {
    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!("demo: rendering on {} into {}", gpu.describe(), out.display());
    // the size `avatar-view render` draws at by default
    let options = RenderOptions { width: 480, height: 480, ..RenderOptions::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).context("the renderer")?;
    let shown = film(&mut r, steps.iter().map(|s| (&s.p[..], &s.z[..])), true, fps, out)?;
    Ok(Rendered {
        dir: out.display().to_string(),
        frames: shown.frames,
        files: shown.files.iter().map(|p| p.display().to_string()).collect(),
        seconds: shown.seconds,
    })
}
