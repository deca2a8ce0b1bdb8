//! The rendering half of `avatard demo`: the collected states written as a trajectory file (for
//! `avatar-view render --traj` and other tools) and filmed in this process through the renderer library, each
//! frame the views that show the flesh ([`renderer::views`]: the body followed by the camera, the torso
//! close-up with the rig-only outline, the heat map of `|u|` with its scale bar), the jumps at half speed.

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use renderer::film::film_with;
use renderer::heat::HeatScale;
use renderer::views::{FleshViewSettings, FleshViews};
use renderer::{Backend, Gpu};
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
    avatar_lab::util::write_json_compact(path, &t)
}

/// What the rendering produced.
#[derive(Clone, Debug, Serialize)]
pub struct Rendered {
    pub dir: String,
    pub frames: usize,
    /// The animations: `anim.gif`, and `anim.mp4` when ffmpeg is installed (frames: `frame_NNNN.png`).
    pub files: Vec<String>,
    pub seconds: f64,
    /// The top of the heat map's scale (larger `|u|` take its top colour).
    pub heat_max_mm: f64,
    /// The window filmed at half speed (s), when there is one.
    pub half_speed_s: Option<(f64, f64)>,
}

/// One view's size: three views and the scale bar make a frame 1160 × 480.
pub const VIEW: (u32, u32) = (360, 480);

/// Film `steps` of `asset` into `out` at `fps` (frames of an earlier run there are replaced): the steps inside
/// `half_speed` (s) come twice as densely (see `collect`), so they play at half speed; their captions say so.
pub fn render(
    asset: &Asset,
    steps: &[TrajectoryStep],
    fps: f64,
    half_speed: Option<(f64, f64)>,
    out: &Path,
) -> Result<Rendered> {
    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!("demo: rendering on {} into {}", gpu.describe(), out.display());
    let heat = HeatScale::default();
    let options = FleshViewSettings { width: VIEW.0, height: VIEW.1, heat };
    let mut views = FleshViews::new(gpu, asset, options).context("the renderer")?;
    let shown = film_with(steps, fps, out, |s| {
        let slow = half_speed.is_some_and(|(from, to)| (from..to).contains(&s.t));
        let caption = format!("t {:.2} s{}", s.t, if slow { "  1/2 speed" } else { "" });
        Ok(views.frame(&s.p, &s.z, &caption)?)
    })?;
    Ok(Rendered {
        dir: out.display().to_string(),
        frames: shown.frames,
        files: shown.files.iter().map(|p| p.display().to_string()).collect(),
        seconds: shown.seconds,
        heat_max_mm: heat.max_mm(),
        half_speed_s: half_speed,
    })
}
