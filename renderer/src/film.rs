//! A sequence of states drawn to files: one PNG per state (`frame_NNNN.png`), then `anim.gif` and, when
//! ffmpeg is installed, `anim.mp4`. What `avatar-view render|follow` ([`film`]: one view, or rig only | with
//! `z`) and `avatard demo` ([`film_with`] and the flesh views, [`crate::views`]) produce.

use crate::output::{save_gif, save_mp4, save_png, side_by_side};
use crate::render::AvatarRenderer;
use anyhow::{Context, Result};
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One frame: the rig with `z`, or rig only (`z = 0`) | with `z` side by side.
pub fn frame(r: &mut AvatarRenderer, p: &[f32], z: &[f32], side_by_side_: bool) -> Result<RgbaImage> {
    if side_by_side_ {
        let zero = vec![0.0; z.len()];
        let left = r.render(p, &zero)?;
        let right = r.render(p, z)?;
        Ok(side_by_side(&left, &right))
    } else {
        Ok(r.render(p, z)?)
    }
}

/// The animation files of `frames` shown at `fps` (nothing for a single frame).
pub fn write_animation(frames: &[RgbaImage], fps: f64, out: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    if frames.len() > 1 {
        let gif = out.join("anim.gif");
        save_gif(frames, (1000.0 / fps).round() as u32, &gif)?;
        files.push(gif);
        let mp4 = out.join("anim.mp4");
        if save_mp4(frames, fps, &mp4)? {
            files.push(mp4);
        } else {
            tracing::info!("ffmpeg not found: no MP4 (the GIF is there)");
        }
    }
    Ok(files)
}

/// What [`film`] wrote.
#[derive(Clone, Debug)]
pub struct Film {
    pub frames: usize,
    /// The animations (`anim.gif`, `anim.mp4`).
    pub files: Vec<PathBuf>,
    /// Drawing time (the animations' encoding excluded).
    pub seconds: f64,
}

/// Draw `states` (`(p, z)`) into `out` as PNG frames ([`frame`]) and an animation at `fps` ([`film_with`]).
pub fn film<'a>(
    r: &mut AvatarRenderer,
    states: impl IntoIterator<Item = (&'a [f32], &'a [f32])>,
    side_by_side_: bool,
    fps: f64,
    out: &Path,
) -> Result<Film> {
    film_with(states, fps, out, |(p, z)| frame(r, p, z, side_by_side_))
}

/// Draw each of `states` with `draw` into `out` as PNG frames and an animation at `fps`. Frames and animations
/// of an earlier run in `out` are removed first, so that a shorter run is not mixed with a longer one.
pub fn film_with<S>(
    states: impl IntoIterator<Item = S>,
    fps: f64,
    out: &Path,
    mut draw: impl FnMut(S) -> Result<RgbaImage>,
) -> Result<Film> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for entry in std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if (name.starts_with("frame_") && name.ends_with(".png")) || name.starts_with("anim.") {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    let started = Instant::now();
    let mut frames = Vec::new();
    for (i, state) in states.into_iter().enumerate() {
        let image = draw(state).with_context(|| format!("state {i}"))?;
        save_png(&image, &out.join(format!("frame_{i:04}.png")))?;
        frames.push(image);
    }
    let seconds = started.elapsed().as_secs_f64();
    let files = write_animation(&frames, fps, out)?;
    Ok(Film { frames: frames.len(), files, seconds })
}
