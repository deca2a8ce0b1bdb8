//! Frames to files: PNG, side-by-side composition (rig only | rig + secondary), animated GIF ([`GifWriter`]),
//! and MP4 through `ffmpeg` when it is installed ([`Mp4Writer`]). The animations are written frame by frame, as
//! the frames come, so that a film need not be held in memory.

use anyhow::{Context, Result};
use color_quant::NeuQuant;
use image::RgbaImage;
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

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

/// An animated GIF (frames shown `delay_ms` each, looping): [`GifWriter`], exact to its palette.
pub fn save_gif(frames: &[RgbaImage], delay_ms: u32, path: &Path) -> Result<()> {
    let mut gif = GifWriter::create(path, delay_ms as f64, 0)?;
    for f in frames {
        gif.add(f)?;
    }
    gif.finish()
}

/// Colours of a GIF's palette; the last of its 256 entries is the transparent index.
const GIF_COLOURS: usize = 255;
const TRANSPARENT: u8 = GIF_COLOURS as u8;
/// NeuQuant's sampling factor for the palette (1: every pixel of the frame it learns from, 30: the fastest).
const PALETTE_SAMPLING: i32 = 3;

/// An animated GIF written frame by frame (looping), with the `gif` crate's encoder:
///
/// - one palette for the whole film, 255 colours learnt by NeuQuant (`color_quant`) from the first frame, so that
///   a colour keeps its index from frame to frame (no flicker) and the colour search is done once per distinct
///   colour (a table of every RGB colour seen);
/// - each later frame only where it differs from the picture shown so far: the bounding box of the changed
///   pixels, the unchanged ones inside it transparent (long runs that the LZW compresses to almost nothing).
///   With a `tolerance`, a pixel whose palette colour is within it (in every channel, of 255) of the colour
///   shown there counts as unchanged: the picture shown is never further than that from the frame's, and the
///   slow drifts of shading are not written again every frame;
/// - a frame equal to the one before lengthens that one's delay instead of being written;
/// - the delays, in the GIF's hundredths of a second, add up to the frames' times (a 12.5 cs frame is shown 12
///   and 13 cs in turn).
///
/// Colours that the first frame lacks take the nearest colour of its palette: a film whose first frame shows
/// its whole range of colours (a heat map's scale bar) keeps them all.
pub struct GifWriter {
    path: PathBuf,
    delay_ms: f64,
    tolerance: u8,
    file: Option<BufWriter<File>>,
    film: Option<GifFilm>,
    /// Frames added so far (their end is at `frames × delay_ms`).
    frames: u64,
}

struct GifFilm {
    encoder: gif::Encoder<BufWriter<File>>,
    size: (u32, u32),
    palette: NeuQuant,
    /// The palette's colours, `r, g, b` per index.
    colours: Vec<u8>,
    /// Per RGB colour (`r << 16 | g << 8 | b`): its palette index + 1, 0 until first seen.
    index: Vec<u16>,
    /// The picture shown so far, as palette indices.
    shown: Vec<u8>,
    /// The last frame, not yet written (its delay grows while the frames after it are equal to it).
    pending: Option<gif::Frame<'static>>,
}

impl GifWriter {
    /// Create `path`; every frame will be shown `delay_ms` (on average: the GIF counts hundredths of a
    /// second), a pixel left as shown while within `tolerance` of the frame's (0: exact to the palette).
    pub fn create(path: &Path, delay_ms: f64, tolerance: u8) -> Result<GifWriter> {
        anyhow::ensure!(delay_ms.is_finite() && delay_ms >= 0.0, "a GIF frame delay of {delay_ms} ms");
        let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
        Ok(GifWriter {
            path: path.to_owned(),
            delay_ms,
            tolerance,
            file: Some(BufWriter::new(file)),
            film: None,
            frames: 0,
        })
    }

    /// The delay of the next frame (cs): from the end of the frames before to its own end, each rounded.
    fn next_delay(&mut self) -> u16 {
        let end = |frames: u64| (frames as f64 * self.delay_ms / 10.0).round() as u64;
        let delay = end(self.frames + 1) - end(self.frames);
        self.frames += 1;
        delay.min(u16::MAX as u64) as u16
    }

    /// Add a frame (the same size as the first; alpha is ignored).
    pub fn add(&mut self, image: &RgbaImage) -> Result<()> {
        let (w, h) = image.dimensions();
        let delay = self.next_delay();
        let context = || format!("writing {}", self.path.display());
        if self.film.is_none() {
            anyhow::ensure!(
                w > 0 && h > 0 && w <= u16::MAX as u32 && h <= u16::MAX as u32,
                "a GIF frame of {w}x{h}"
            );
            let opaque: Vec<u8> =
                image.as_raw().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2], 255]).collect();
            let palette = NeuQuant::new(PALETTE_SAMPLING, GIF_COLOURS, &opaque);
            let mut colours = palette.color_map_rgb();
            colours.resize(3 * 256, 0);
            let file = self.file.take().context("the GIF was finished")?;
            let mut encoder = gif::Encoder::new(file, w as u16, h as u16, &colours).with_context(context)?;
            encoder.set_repeat(gif::Repeat::Infinite).with_context(context)?;
            self.film = Some(GifFilm {
                encoder,
                size: (w, h),
                palette,
                colours,
                index: vec![0; 1 << 24],
                shown: Vec::new(),
                pending: None,
            });
        }
        let tolerance = self.tolerance;
        let film = self.film.as_mut().expect("made above");
        anyhow::ensure!(
            film.size == (w, h),
            "a GIF frame of {w}x{h} after frames of {}x{}",
            film.size.0,
            film.size.1
        );
        let indices: Vec<u8> = image.as_raw().chunks_exact(4).map(|p| film.index_of(p)).collect();
        if film.shown.is_empty() {
            let frame = gif::Frame {
                width: w as u16,
                height: h as u16,
                buffer: Cow::Owned(indices.clone()),
                delay,
                ..gif::Frame::default()
            };
            film.shown = indices;
            film.pending = Some(frame);
            return Ok(());
        }
        // what is written: the frame's index where it changes what is shown, else transparent
        let colours = &film.colours;
        let near = |a: u8, b: u8| {
            let (a, b) = (3 * a as usize, 3 * b as usize);
            (0..3).all(|c| colours[a + c].abs_diff(colours[b + c]) <= tolerance)
        };
        let update: Vec<u8> = indices
            .iter()
            .zip(&film.shown)
            .map(
                |(&new, &old)| {
                    if new == old || (tolerance > 0 && near(new, old)) {
                        TRANSPARENT
                    } else {
                        new
                    }
                },
            )
            .collect();
        let Some((x0, y0, x1, y1)) = written_box(&update, w as usize) else {
            // the same picture: the frame before stays up longer
            let pending = film.pending.as_mut().expect("a frame before");
            pending.delay = pending.delay.saturating_add(delay);
            return Ok(());
        };
        let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for y in y0..y1 {
            let row = y * w as usize;
            buffer.extend_from_slice(&update[row + x0..row + x1]);
            for x in x0..x1 {
                if update[row + x] != TRANSPARENT {
                    film.shown[row + x] = update[row + x];
                }
            }
        }
        let frame = gif::Frame {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            transparent: Some(TRANSPARENT),
            buffer: Cow::Owned(buffer),
            delay,
            ..gif::Frame::default()
        };
        if let Some(previous) = film.pending.replace(frame) {
            film.encoder.write_frame(&previous).with_context(context)?;
        }
        Ok(())
    }

    /// Write the last frame and close the file (a GIF without frames when none was added).
    pub fn finish(mut self) -> Result<()> {
        let context = || format!("writing {}", self.path.display());
        let mut file = match self.film.take() {
            Some(mut film) => {
                if let Some(last) = film.pending.take() {
                    film.encoder.write_frame(&last).with_context(context)?;
                }
                film.encoder.into_inner().with_context(context)?
            }
            None => {
                let file = self.file.take().context("the GIF was finished")?;
                let mut encoder = gif::Encoder::new(file, 1, 1, &[0, 0, 0]).with_context(context)?;
                encoder.set_repeat(gif::Repeat::Infinite).with_context(context)?;
                encoder.into_inner().with_context(context)?
            }
        };
        file.flush().with_context(context)
    }
}

impl GifFilm {
    fn index_of(&mut self, rgba: &[u8]) -> u8 {
        let key = (rgba[0] as usize) << 16 | (rgba[1] as usize) << 8 | rgba[2] as usize;
        if self.index[key] == 0 {
            self.index[key] = self.palette.index_of(&[rgba[0], rgba[1], rgba[2], 255]) as u16 + 1;
        }
        (self.index[key] - 1) as u8
    }
}

/// The bounding box `(x0, y0, x1, y1)` (ends excluded) of the pixels of `update` (rows of `width`) that are not
/// transparent.
fn written_box(update: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, row) in update.chunks_exact(width).enumerate() {
        let Some(first) = row.iter().position(|&i| i != TRANSPARENT) else { continue };
        let last = width - row.iter().rev().position(|&i| i != TRANSPARENT).expect("one is written");
        (x0, x1) = (x0.min(first), x1.max(last));
        (y0, y1) = (y0.min(y), y + 1);
    }
    (x0 < x1).then_some((x0, y0, x1, y1))
}

/// An H.264 MP4 through `ffmpeg` (raw RGBA on its stdin). `Ok(false)` when ffmpeg is not installed.
pub fn save_mp4(frames: &[RgbaImage], fps: f64, path: &Path) -> Result<bool> {
    let Some(first) = frames.first() else { return Ok(false) };
    let Some(mut mp4) = Mp4Writer::start(path, first.dimensions(), fps)? else { return Ok(false) };
    for f in frames {
        mp4.add(f)?;
    }
    mp4.finish()?;
    Ok(true)
}

/// An H.264 MP4 written frame by frame through `ffmpeg` (raw RGBA on its stdin).
pub struct Mp4Writer {
    child: Child,
    size: (u32, u32),
}

impl Mp4Writer {
    /// Start ffmpeg writing `path` from frames of `size` at `fps`; `Ok(None)` when ffmpeg is not installed.
    pub fn start(path: &Path, size: (u32, u32), fps: f64) -> Result<Option<Mp4Writer>> {
        let spawn = Command::new("ffmpeg")
            .args(["-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba"])
            .args(["-s", &format!("{}x{}", size.0, size.1), "-r", &format!("{fps}"), "-i", "-"])
            .args(["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"])
            .arg(path)
            .stdin(Stdio::piped())
            .spawn();
        match spawn {
            Ok(child) => Ok(Some(Mp4Writer { child, size })),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e).context("starting ffmpeg"),
        }
    }

    /// Add a frame of the size given to [`Mp4Writer::start`].
    pub fn add(&mut self, image: &RgbaImage) -> Result<()> {
        anyhow::ensure!(image.dimensions() == self.size, "an MP4 frame of another size");
        let stdin = self.child.stdin.as_mut().context("ffmpeg's stdin")?;
        stdin.write_all(image.as_raw()).context("writing frames to ffmpeg")
    }

    /// Close ffmpeg's input and wait for it.
    pub fn finish(mut self) -> Result<()> {
        drop(self.child.stdin.take());
        let status = self.child.wait()?;
        anyhow::ensure!(status.success(), "ffmpeg failed ({status})");
        Ok(())
    }
}

/// The frames of a GIF file as a viewer shows them (each composited over the ones before), with how long each
/// is shown (ms): what the films' tests read back.
pub fn read_gif(path: &Path) -> Result<Vec<(RgbaImage, u32)>> {
    use image::AnimationDecoder;
    let file =
        std::io::BufReader::new(File::open(path).with_context(|| format!("opening {}", path.display()))?);
    let decoder =
        image::codecs::gif::GifDecoder::new(file).with_context(|| format!("reading {}", path.display()))?;
    let frames =
        decoder.into_frames().collect_frames().with_context(|| format!("decoding {}", path.display()))?;
    Ok(frames
        .into_iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            (f.into_buffer(), n / d)
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn decode(path: &Path) -> Vec<(RgbaImage, u32)> {
        read_gif(path).unwrap()
    }

    /// The colours the pictures use, shown in every one (so the palette, learnt from the first, has them).
    const SWATCHES: [[u8; 3]; 8] = [
        [200, 30, 30],
        [200, 34, 30],
        [200, 70, 30],
        [200, 90, 30],
        [30, 30, 200],
        [0, 0, 0],
        [120, 120, 120],
        [255, 255, 255],
    ];

    /// A 64 × 48 picture: a background, a square of `colour` at `x`, and a band of the swatches.
    fn picture(x: u32, colour: [u8; 3]) -> RgbaImage {
        RgbaImage::from_fn(64, 48, |px, py| {
            let [r, g, b] = if py >= 40 {
                SWATCHES[px as usize / 8]
            } else if (x..x + 10).contains(&px) && (10..20).contains(&py) {
                colour
            } else {
                [230, 235, 245]
            };
            Rgba([r, g, b, 255])
        })
    }

    /// The largest difference in a channel.
    fn worst(a: &RgbaImage, b: &RgbaImage) -> u8 {
        a.pixels()
            .zip(b.pixels())
            .map(|(p, q)| (0..3).map(|c| p[c].abs_diff(q[c])).max().unwrap())
            .max()
            .unwrap()
    }

    /// Frames come back as they went in (to the palette's precision); each later frame is written only where it
    /// changes the picture; an equal frame lengthens the one before; the delays add up to the frames' times.
    #[test]
    fn a_gif_shows_the_frames_at_their_times_writing_only_what_changes() {
        let dir = std::env::temp_dir().join(format!("gif-writer-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.gif");
        let red = [200, 30, 30];
        let frames =
            [picture(5, red), picture(9, red), picture(9, red), picture(9, [30, 30, 200]), picture(20, red)];
        let mut gif = GifWriter::create(&path, 125.0, 0).unwrap();
        for f in &frames {
            gif.add(f).unwrap();
        }
        gif.finish().unwrap();
        let shown = decode(&path);
        // the third frame, equal to the second, lengthened it
        assert_eq!(shown.len(), 4);
        let expected = [&frames[0], &frames[1], &frames[3], &frames[4]];
        for (k, ((image, _), want)) in shown.iter().zip(expected).enumerate() {
            assert!(worst(image, want) <= 6, "frame {k}: off by {}", worst(image, want));
        }
        // 12.5 cs a frame: 13, 12 + 13, 12, 13 (cs)
        let delays: Vec<u32> = shown.iter().map(|(_, d)| *d).collect();
        assert_eq!(delays, [130, 250, 120, 130]);
        // the later frames are rectangles around what changed (the squares), not whole pictures
        let bytes = std::fs::metadata(&path).unwrap().len();
        let mut whole = GifWriter::create(&dir.join("whole.gif"), 125.0, 0).unwrap();
        whole.add(&frames[0]).unwrap();
        whole.finish().unwrap();
        let one = std::fs::metadata(dir.join("whole.gif")).unwrap().len();
        assert!(bytes < one + 3 * one / 4, "{bytes} bytes for 4 frames, {one} for the first alone");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// With a tolerance, a change within it leaves the picture as shown (nothing written: the frame before is
    /// lengthened); a larger one is written.
    #[test]
    fn a_gif_with_a_tolerance_skips_the_changes_within_it() {
        let dir = std::env::temp_dir().join(format!("gif-tolerance-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.gif");
        let base = picture(5, [200, 30, 30]);
        // the square's red, shaded (to colours of the swatches)
        let shade = |d: u8| {
            let mut p = base.clone();
            p.enumerate_pixels_mut()
                .filter(|(_, y, px)| *y < 40 && px[0] == 200)
                .for_each(|(_, _, px)| px[1] += d);
            p
        };
        let mut gif = GifWriter::create(&path, 100.0, 12).unwrap();
        for f in [&base, &shade(4), &shade(60)] {
            gif.add(f).unwrap();
        }
        gif.finish().unwrap();
        let shown = decode(&path);
        assert_eq!(shown.iter().map(|(_, d)| *d).collect::<Vec<_>>(), [200, 100]);
        assert!(worst(&shown[0].0, &base) <= 6 && worst(&shown[1].0, &shade(60)) <= 6);
        // but a change within the tolerance that lasts is never written: the picture stays within it
        let mut gif = GifWriter::create(&path, 100.0, 12).unwrap();
        for f in [&base, &shade(4), &shade(4)] {
            gif.add(f).unwrap();
        }
        gif.finish().unwrap();
        assert_eq!(decode(&path).len(), 1);
        // exact: the small change is written too
        let mut gif = GifWriter::create(&path, 100.0, 0).unwrap();
        for f in [&base, &shade(40), &shade(60)] {
            gif.add(f).unwrap();
        }
        gif.finish().unwrap();
        assert_eq!(decode(&path).len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_gif_refuses_a_frame_of_another_size() {
        let path = std::env::temp_dir().join(format!("gif-size-{}.gif", std::process::id()));
        let mut gif = GifWriter::create(&path, 100.0, 0).unwrap();
        gif.add(&picture(5, [1, 2, 3])).unwrap();
        let e = gif.add(&RgbaImage::new(10, 10)).unwrap_err();
        assert!(e.to_string().contains("10x10"), "{e}");
        let _ = std::fs::remove_file(&path);
    }
}
