//! The rendering half of `avatard demo`: the collected states as a trajectory file, drawn by the
//! `avatar-view` binary (the renderer crate depends on this one, so it runs as a subprocess).
//!
//! `avatar-view` is looked up next to the running `avatard`. Under `cargo run` (the `CARGO` variable is set)
//! a missing one is built first, with the same profile and target directory; otherwise the demo says how to
//! build it and skips the rendering.

use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One step of the trajectory `avatar-view render --traj` reads (`t` is informative; the viewer uses `dt`).
#[derive(Clone, Debug, Serialize)]
pub struct TrajectoryStep {
    /// Seconds since the first step (the daemon's simulation time).
    pub t: f64,
    pub p: Vec<f32>,
    pub z: Vec<f32>,
}

/// Write `{asset_hash, dt, steps: [{t, p, z}]}`.
pub fn write_trajectory(path: &Path, asset_hash_hex: &str, dt: f64, steps: &[TrajectoryStep]) -> Result<()> {
    #[derive(Serialize)]
    struct Trajectory<'a> {
        asset_hash: &'a str,
        dt: f64,
        source: &'static str,
        steps: &'a [TrajectoryStep],
    }
    let t = Trajectory { asset_hash: asset_hash_hex, dt, source: "avatard demo", steps };
    let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut w = std::io::BufWriter::new(file);
    serde_json::to_writer(&mut w, &t).with_context(|| format!("writing {}", path.display()))?;
    std::io::Write::flush(&mut w).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
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

const VIEWER: &str = "avatar-view";

/// `avatar-view` next to the running executable.
fn viewer_next_to_me() -> Result<PathBuf> {
    let me = std::env::current_exe().context("locating the running executable")?;
    let dir = me.parent().context("the running executable has no folder")?;
    Ok(dir.join(format!("{VIEWER}{}", std::env::consts::EXE_SUFFIX)))
}

/// The viewer binary: found, or built under `cargo run`.
async fn viewer() -> Result<PathBuf> {
    let path = viewer_next_to_me()?;
    if path.is_file() {
        return Ok(path);
    }
    let Some(cargo) = std::env::var_os("CARGO") else {
        bail!(
            "{} not found; build it with `cargo build --release -p renderer --bin {VIEWER}` (same target \
             directory as avatard) and run the demo again, or pass --no-render",
            path.display()
        );
    };
    // <target>/<profile>/avatard: build the viewer with the same profile into the same target directory
    let bin_dir = path.parent().context("no folder")?;
    let profile = bin_dir.file_name().and_then(|n| n.to_str()).unwrap_or("release").to_owned();
    let target_dir = bin_dir.parent().context("the executable is not in a cargo target directory")?;
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let mut cmd = tokio::process::Command::new(&cargo);
    cmd.arg("build").arg("--manifest-path").arg(&manifest).arg("--target-dir").arg(target_dir);
    match profile.as_str() {
        "debug" => {}
        "release" => {
            cmd.arg("--release");
        }
        other => {
            cmd.args(["--profile", other]);
        }
    }
    cmd.args(["-p", "renderer", "--bin", VIEWER]);
    eprintln!(
        "demo: {VIEWER} is not built yet; building it ({} build --{profile} -p renderer --bin {VIEWER}, \
         a few minutes the first time)",
        Path::new(&cargo).display()
    );
    let status = cmd.status().await.with_context(|| format!("running {}", Path::new(&cargo).display()))?;
    if !status.success() {
        bail!("building {VIEWER} failed ({status})");
    }
    if !path.is_file() {
        bail!("{VIEWER} was built but is not at {}", path.display());
    }
    Ok(path)
}

/// Render `traj` on `asset` side by side into `out` with `avatar-view render`.
pub async fn render(asset: &Path, traj: &Path, out: &Path) -> Result<Rendered> {
    let viewer = viewer().await?;
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    // frames of an earlier, longer run would be mixed with this one's
    for entry in std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if (name.starts_with("frame_") && name.ends_with(".png")) || name.starts_with("anim.") {
            std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        }
    }
    eprintln!("demo: rendering with {} into {}", viewer.display(), out.display());
    let started = Instant::now();
    let status = tokio::process::Command::new(&viewer)
        .arg("render")
        .arg("--asset")
        .arg(asset)
        .arg("--traj")
        .arg(traj)
        .args(["--side-by-side", "--every", "1"])
        .arg("--out")
        .arg(out)
        .status()
        .await
        .with_context(|| format!("running {}", viewer.display()))?;
    if !status.success() {
        bail!("{} render failed ({status})", viewer.display());
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut frames = 0;
    for entry in std::fs::read_dir(out)? {
        let name = entry?.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("frame_") && name.ends_with(".png") {
            frames += 1;
        }
    }
    let files = ["anim.gif", "anim.mp4"]
        .iter()
        .map(|f| out.join(f))
        .filter(|p| p.is_file())
        .map(|p| p.display().to_string())
        .collect();
    Ok(Rendered { dir: out.display().to_string(), frames, files, seconds })
}
