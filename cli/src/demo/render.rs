//! The rendering half of `avatard demo`: the collected states written as a trajectory file (for
//! `avatar-view render --traj` and other tools) and filmed in this process through the renderer library, each
//! frame the views that show the flesh ([`renderer::views`]: the body followed by the camera, the torso
//! close-up with the rig-only outline, the heat map of `|u|` with its scale bar), the jumps at half speed: an
//! animated GIF (and an MP4 with ffmpeg), the frames as PNGs only when asked for.

use anyhow::{Context, Result};
use avatar_sim::asset::Asset;
use renderer::film::{film_parallel, FilmSettings};
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
    /// The held part's joints (`AvatarState.held`; empty without one).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<f32>,
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
    /// The film's frames, and the states drawn for them (a state fills two frames where the film is sparse).
    pub frames: usize,
    pub drawn: usize,
    /// The film's frame rate.
    pub fps: f64,
    /// The animations: `anim.gif`, and `anim.mp4` when ffmpeg is installed (with `--png-frames`, the frames
    /// `frame_NNNN.png` too).
    pub files: Vec<String>,
    /// Their sizes (bytes).
    pub bytes: Vec<u64>,
    /// Drawing time, and the time until the files were written (they are written while the frames are drawn).
    pub seconds: f64,
    pub written_s: f64,
    /// The top of the heat map's scale (larger `|u|` take its top colour).
    pub heat_max_mm: f64,
    /// The window filmed at half speed (s), when there is one.
    pub half_speed_s: Option<(f64, f64)>,
}

/// How far (of 255, in each channel) a pixel of the GIF may stay from the frame's colour before it is written
/// again ([`renderer::output::GifWriter`]): below what shows, it keeps the slow drifts of the shading out of the
/// file.
pub const GIF_TOLERANCE: u8 = 6;

/// One view's size: three views and the scale bar make a frame 980 × 400 (narrow enough for a README's column,
/// the smallest with the captions' large font).
pub const VIEW: (u32, u32) = (300, 400);

/// What each frame of a film shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    /// The flesh views: the body, the torso close-up with the rig-only outline, the heat map of `|u|` with its
    /// scale bar ([`FleshViews::frame`]), drawn by `workers` threads at once.
    Flesh { workers: usize },
    /// The body view alone ([`FleshViews::body`]): the spring-bone avatar's film.
    Body,
}

/// Film `steps` of `asset` into `out` at `fps` (frames of an earlier run there are removed), each frame the
/// `shot`, with every frame as a PNG too when `png_frames`: each step fills the number of frames given with it
/// (two where the film is sparse, see `collect`; drawn once); the steps inside `half_speed` (s) come twice as
/// densely, so they play at half speed; their captions say so.
pub fn render(
    asset: &Asset,
    steps: &[(TrajectoryStep, u32)],
    fps: f64,
    half_speed: Option<(f64, f64)>,
    png_frames: bool,
    shot: Shot,
    out: &Path,
) -> Result<Rendered> {
    let heat = HeatScale::default();
    let adapter = std::sync::OnceLock::new();
    let make = || -> Result<FleshViews> {
        let gpu = Gpu::open(Backend::Auto)?;
        if adapter.set(gpu.describe()).is_ok() {
            eprintln!("demo: rendering on {} into {}", gpu.describe(), out.display());
        }
        let options = FleshViewSettings { width: VIEW.0, height: VIEW.1, heat };
        Ok(FleshViews::new(gpu, asset, options).context("the renderer")?)
    };
    let draw = |views: &mut FleshViews, s: &TrajectoryStep| -> Result<image::RgbaImage> {
        let slow = half_speed.is_some_and(|(from, to)| (from..to).contains(&s.t));
        let caption = format!("t {:.2} s{}", s.t, if slow { "  1/2 speed" } else { "" });
        views.set_held(&s.held)?;
        Ok(match shot {
            Shot::Flesh { .. } => views.frame(&s.p, &s.z, &caption)?,
            Shot::Body => views.body(&s.p, &s.z, &caption)?,
        })
    };
    let workers = match shot {
        Shot::Flesh { workers } => workers,
        Shot::Body => 1,
    };
    let options = FilmSettings { png_frames, gif_tolerance: GIF_TOLERANCE };
    let shown = film_parallel(steps, fps, out, options, workers, make, draw)?;
    Ok(Rendered {
        dir: out.display().to_string(),
        frames: shown.frames,
        drawn: steps.len(),
        fps,
        files: shown.files.iter().map(|p| p.display().to_string()).collect(),
        bytes: shown.files.iter().map(|p| std::fs::metadata(p).map_or(0, |m| m.len())).collect(),
        seconds: shown.seconds,
        written_s: shown.written_s,
        heat_max_mm: heat.max_mm(),
        half_speed_s: half_speed,
    })
}
