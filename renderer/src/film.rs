//! A sequence of states drawn to files: one PNG per state (`frame_NNNN.png`), then `anim.gif` and, when
//! ffmpeg is installed, `anim.mp4`. What `avatar-view render|follow` ([`film`]: one view, or rig only | with
//! `z`) and `avatard demo` ([`film_parallel`] and the flesh views, [`crate::views`], without the PNGs) produce.
//! The files are written on a second thread while the next frames are drawn; [`film_parallel`] draws on
//! several threads at once, each with its own renderer (on a software rasterizer most of a frame's drawing
//! runs on the thread that asks for it).

use crate::output::{save_png, side_by_side, GifWriter, Mp4Writer};
use crate::render::AvatarRenderer;
use anyhow::{Context, Result};
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    let mut animation = Animation::new(fps, 0, out);
    for f in frames {
        animation.add(f.clone())?;
    }
    animation.finish()
}

/// The animation files written frame by frame: `anim.gif` and, when ffmpeg is installed, `anim.mp4`, started at
/// the second frame (a single frame makes no animation).
struct Animation<'a> {
    fps: f64,
    /// The GIF's tolerance ([`GifWriter`]).
    tolerance: u8,
    out: &'a Path,
    first: Option<RgbaImage>,
    gif: Option<GifWriter>,
    mp4: Option<Mp4Writer>,
}

impl<'a> Animation<'a> {
    fn new(fps: f64, tolerance: u8, out: &'a Path) -> Animation<'a> {
        Animation { fps, tolerance, out, first: None, gif: None, mp4: None }
    }

    fn add(&mut self, image: RgbaImage) -> Result<()> {
        if self.gif.is_none() {
            let Some(first) = self.first.take() else {
                self.first = Some(image);
                return Ok(());
            };
            let mut gif = GifWriter::create(&self.out.join("anim.gif"), 1000.0 / self.fps, self.tolerance)?;
            self.mp4 = Mp4Writer::start(&self.out.join("anim.mp4"), first.dimensions(), self.fps)?;
            if self.mp4.is_none() {
                tracing::info!("ffmpeg not found: no MP4 (the GIF is there)");
            }
            gif.add(&first)?;
            if let Some(mp4) = &mut self.mp4 {
                mp4.add(&first)?;
            }
            self.gif = Some(gif);
        }
        self.gif.as_mut().expect("started").add(&image)?;
        if let Some(mp4) = &mut self.mp4 {
            mp4.add(&image)?;
        }
        Ok(())
    }

    /// The files written.
    fn finish(self) -> Result<Vec<PathBuf>> {
        let mut files = Vec::new();
        if let Some(gif) = self.gif {
            gif.finish()?;
            files.push(self.out.join("anim.gif"));
        }
        if let Some(mp4) = self.mp4 {
            mp4.finish()?;
            files.push(self.out.join("anim.mp4"));
        }
        Ok(files)
    }
}

/// What [`film`] wrote.
#[derive(Clone, Debug)]
pub struct Film {
    pub frames: usize,
    /// The animations (`anim.gif`, `anim.mp4`).
    pub files: Vec<PathBuf>,
    /// Drawing time, summed over the threads that drew (the files' writing, on another thread, excluded).
    pub seconds: f64,
    /// Time from the start to the last file written.
    pub written_s: f64,
}

/// What a film writes besides its animations, and how.
#[derive(Clone, Copy, Debug)]
pub struct FilmSettings {
    /// Every frame as `frame_NNNN.png`.
    pub png_frames: bool,
    /// The GIF's tolerance ([`GifWriter`]; 0: exact to its palette).
    pub gif_tolerance: u8,
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

/// Draw each of `states` with `draw` into `out` as PNG frames and an animation at `fps` ([`film_into`]).
pub fn film_with<S>(
    states: impl IntoIterator<Item = S>,
    fps: f64,
    out: &Path,
    draw: impl FnMut(S) -> Result<RgbaImage>,
) -> Result<Film> {
    film_into(states, fps, out, FilmSettings { png_frames: true, gif_tolerance: 0 }, draw)
}

/// Remove the frames and animations of an earlier film from `out` (creating it if needed), so that a shorter
/// film is not mixed with a longer one.
pub fn clear(out: &Path) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    for entry in std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if (name.starts_with("frame_") && name.ends_with(".png")) || name.starts_with("anim.") {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    Ok(())
}

/// Draw each of `states` with `draw` into `out`: the animations at `fps` and, as `options` asks, the PNG frames.
/// The frames of an earlier film there are removed first ([`clear`]). The files are written on a second thread
/// while the next frames are drawn (a few frames ahead at most).
pub fn film_into<S>(
    states: impl IntoIterator<Item = S>,
    fps: f64,
    out: &Path,
    options: FilmSettings,
    mut draw: impl FnMut(S) -> Result<RgbaImage>,
) -> Result<Film> {
    clear(out)?;
    let started = Instant::now();
    let (tx, rx) = std::sync::mpsc::sync_channel::<RgbaImage>(4);
    let (drawn, drawing, written) = std::thread::scope(|scope| {
        let writer = scope.spawn(move || -> Result<Vec<PathBuf>> {
            let mut animation = Animation::new(fps, options.gif_tolerance, out);
            for (i, image) in rx.into_iter().enumerate() {
                if options.png_frames {
                    save_png(&image, &out.join(format!("frame_{i:04}.png")))?;
                }
                animation.add(image)?;
            }
            animation.finish()
        });
        let (mut drawn, mut drawing, mut failed) = (0, Duration::ZERO, None);
        for (i, state) in states.into_iter().enumerate() {
            let t = Instant::now();
            let image = draw(state).with_context(|| format!("state {i}"));
            drawing += t.elapsed();
            match image {
                // a closed channel: the writer failed, and says why below
                Ok(image) => match tx.send(image) {
                    Ok(()) => drawn += 1,
                    Err(_) => break,
                },
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        drop(tx);
        let written = writer.join().expect("the film's writer panicked");
        match failed {
            Some(e) => Err(e),
            None => Ok((drawn, drawing, written?)),
        }
    })?;
    Ok(Film {
        frames: drawn,
        files: written,
        seconds: drawing.as_secs_f64(),
        written_s: started.elapsed().as_secs_f64(),
    })
}

/// Draw `states` into `out` as [`film_into`] does, on `workers` threads at once: each makes its own drawer
/// (`make`: a renderer, say) and draws every `workers`-th state with `draw`; the frames are put back in order
/// for the files. State `k` fills `states[k].1` consecutive frames (drawn once: a state held for two frames).
pub fn film_parallel<S: Sync, D>(
    states: &[(S, u32)],
    fps: f64,
    out: &Path,
    options: FilmSettings,
    workers: usize,
    make: impl Fn() -> Result<D> + Sync,
    draw: impl Fn(&mut D, &S) -> Result<RgbaImage> + Sync,
) -> Result<Film> {
    clear(out)?;
    let started = Instant::now();
    let workers = workers.clamp(1, states.len().max(1));
    // (state, its frame) from the drawers; a failed drawer sends its error
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Result<RgbaImage>)>(2 * workers + 2);
    let (make, draw) = (&make, &draw);
    let (frames, drawing, written) = std::thread::scope(|scope| {
        let drawers: Vec<_> = (0..workers)
            .map(|w| {
                let tx = tx.clone();
                scope.spawn(move || {
                    let mut drawing = Duration::ZERO;
                    let mut drawer = match make() {
                        Ok(d) => d,
                        Err(e) => {
                            let _ = tx.send((w, Err(e)));
                            return drawing;
                        }
                    };
                    for k in (w..states.len()).step_by(workers) {
                        let t = Instant::now();
                        let image = draw(&mut drawer, &states[k].0).with_context(|| format!("state {k}"));
                        drawing += t.elapsed();
                        let failed = image.is_err();
                        // a closed channel: the writer failed, and says why
                        if tx.send((k, image)).is_err() || failed {
                            break;
                        }
                    }
                    drawing
                })
            })
            .collect();
        drop(tx);
        let written = (|| -> Result<(usize, Vec<PathBuf>)> {
            let mut animation = Animation::new(fps, options.gif_tolerance, out);
            let (mut waiting, mut next, mut frames) = (std::collections::BTreeMap::new(), 0, 0);
            for (k, image) in rx {
                waiting.insert(k, image?);
                while let Some(image) = waiting.remove(&next) {
                    for _ in 0..states[next].1 {
                        if options.png_frames {
                            save_png(&image, &out.join(format!("frame_{frames:04}.png")))?;
                        }
                        animation.add(image.clone())?;
                        frames += 1;
                    }
                    next += 1;
                }
            }
            anyhow::ensure!(next == states.len(), "{} of {} states drawn", next, states.len());
            Ok((frames, animation.finish()?))
        })();
        // (the drawers stop once the writer has stopped taking their frames)
        let drawing: Duration =
            drawers.into_iter().map(|d| d.join().expect("a film's drawer panicked")).sum();
        written.map(|(frames, files)| (frames, drawing, files))
    })?;
    Ok(Film {
        frames,
        files: written,
        seconds: drawing.as_secs_f64(),
        written_s: started.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture of `v` (its top left), with every colour of the tests below (so the GIF's palette, learnt from
    /// the first frame, has them all).
    fn solid(v: u8) -> RgbaImage {
        let colour = |v: u8| image::Rgba([v, 255 - v, v.wrapping_mul(7), 255]);
        RgbaImage::from_fn(80, 40, |x, y| colour(if y < 20 { v } else { 10 * (x / 4) as u8 }))
    }

    /// Drawn by three threads at once, the frames are written in the states' order, each state for as many
    /// frames as it fills, the state drawn once; every drawer made its own drawer.
    #[test]
    fn drawn_in_parallel_the_frames_keep_their_order() {
        let out = std::env::temp_dir().join(format!("film-parallel-{}", std::process::id()));
        let states: Vec<(u8, u32)> = (0..20u8).map(|k| (10 * k, 1 + (k % 3 == 1) as u32)).collect();
        let made = std::sync::atomic::AtomicUsize::new(0);
        let drawn = std::sync::Mutex::new(Vec::new());
        let options = FilmSettings { png_frames: true, gif_tolerance: 0 };
        let make = || {
            made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(std::thread::current().id())
        };
        let film = film_parallel(&states, 10.0, &out, options, 3, make, |thread, v| {
            drawn.lock().unwrap().push((*v, *thread));
            // uneven drawing times, so that the threads finish out of order
            std::thread::sleep(Duration::from_millis((*v as u64 * 7) % 5));
            Ok(solid(*v))
        })
        .unwrap();
        assert_eq!(made.into_inner(), 3);
        let drawn = drawn.into_inner().unwrap();
        assert_eq!(drawn.len(), 20, "each state drawn once");
        let threads: std::collections::HashSet<_> = drawn.iter().map(|(_, t)| *t).collect();
        assert_eq!(threads.len(), 3);
        let frames: Vec<u8> = states.iter().flat_map(|(v, n)| std::iter::repeat_n(*v, *n as usize)).collect();
        assert_eq!(film.frames, frames.len());
        for (i, v) in frames.iter().enumerate() {
            let png = image::open(out.join(format!("frame_{i:04}.png"))).unwrap().to_rgba8();
            assert_eq!(png.get_pixel(0, 0)[0], *v, "frame {i}");
        }
        assert!(!out.join(format!("frame_{:04}.png", frames.len())).exists());
        // the GIF: a state filling two frames is one frame shown twice as long
        let gif = crate::output::read_gif(&out.join("anim.gif")).unwrap();
        assert_eq!(gif.len(), states.len());
        for ((image, delay), (v, n)) in gif.iter().zip(&states) {
            let got = image.get_pixel(0, 0)[0];
            assert!(got.abs_diff(*v) <= 8 && *delay == 100 * n, "{v}: shown as {got}, {delay} ms");
        }
        assert_eq!(film.files, [out.join("anim.gif")]);
        let _ = std::fs::remove_dir_all(&out);
    }

    /// A drawer that fails stops the film with its state named; one that cannot be made, with its reason.
    #[test]
    fn a_failed_drawing_stops_the_film_and_says_where() {
        let out = std::env::temp_dir().join(format!("film-failed-{}", std::process::id()));
        let states: Vec<(u8, u32)> = (0..30u8).map(|k| (k, 1)).collect();
        let options = FilmSettings { png_frames: false, gif_tolerance: 0 };
        let e = film_parallel(
            &states,
            10.0,
            &out,
            options,
            2,
            || Ok(()),
            |_, v| {
                anyhow::ensure!(*v != 13, "no thirteen");
                Ok(solid(*v))
            },
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("state 13: no thirteen"), "{e:#}");
        let e = film_parallel(
            &states,
            10.0,
            &out,
            options,
            2,
            || anyhow::bail!("no adapter"),
            |_: &mut (), v| Ok(solid(*v)),
        )
        .unwrap_err();
        assert!(format!("{e:#}").contains("no adapter"), "{e:#}");
        let _ = std::fs::remove_dir_all(&out);
    }
}
