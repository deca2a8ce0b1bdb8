//! Frames to files: PNG, side-by-side composition (rig only | rig + secondary), animated GIF, and MP4 through
//! `ffmpeg` when it is installed.

use anyhow::{Context, Result};
use image::{Frame, RgbaImage};
use std::path::Path;
use std::process::{Command, Stdio};

/// `left | right`, same height.
pub fn side_by_side(left: &RgbaImage, right: &RgbaImage) -> RgbaImage {
    let (w, h) = (left.width() + right.width(), left.height().max(right.height()));
    let mut out = RgbaImage::new(w, h);
    image::imageops::replace(&mut out, left, 0, 0);
    image::imageops::replace(&mut out, right, left.width() as i64, 0);
    out
}

pub fn save_png(image: &RgbaImage, path: &Path) -> Result<()> {
    image.save(path).with_context(|| format!("writing {}", path.display()))
}

/// An animated GIF (frames shown `delay_ms` each, looping).
pub fn save_gif(frames: &[RgbaImage], delay_ms: u32, path: &Path) -> Result<()> {
    let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut encoder = image::codecs::gif::GifEncoder::new_with_speed(std::io::BufWriter::new(file), 10);
    encoder.set_repeat(image::codecs::gif::Repeat::Infinite)?;
    let delay = image::Delay::from_numer_denom_ms(delay_ms, 1);
    for f in frames {
        encoder.encode_frame(Frame::from_parts(f.clone(), 0, 0, delay))?;
    }
    Ok(())
}

/// An H.264 MP4 through `ffmpeg` (raw RGBA on its stdin). `Ok(false)` when ffmpeg is not installed.
pub fn save_mp4(frames: &[RgbaImage], fps: f64, path: &Path) -> Result<bool> {
    let Some(first) = frames.first() else { return Ok(false) };
    let spawn = Command::new("ffmpeg")
        .args(["-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba"])
        .args(["-s", &format!("{}x{}", first.width(), first.height()), "-r", &format!("{fps}"), "-i", "-"])
        .args(["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"])
        .arg(path)
        .stdin(Stdio::piped())
        .spawn();
    let mut child = match spawn {
        Ok(c) => c,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e).context("starting ffmpeg"),
    };
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped");
        for f in frames {
            stdin.write_all(f.as_raw()).context("writing frames to ffmpeg")?;
        }
    }
    let status = child.wait()?;
    anyhow::ensure!(status.success(), "ffmpeg failed ({status})");
    Ok(true)
}
