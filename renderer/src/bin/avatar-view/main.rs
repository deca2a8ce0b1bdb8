//! `avatar-view`: the renderer's command line, a thin layer over the `renderer` library.
//!
//! - `render`: draw an asset at rest, or every step of a trajectory written by `avatard simulate`, to PNG
//!   frames, a GIF and (with ffmpeg) an MP4; `--side-by-side` puts the rig alone (`z = 0`) on the left and the
//!   rig with secondary motion on the right.
//! - `follow`: subscribe to the daemon's state stream and draw the newest state of one avatar at a fixed frame
//!   rate, independently of the daemon's tick (states that arrive between two frames are skipped and
//!   counted). States for another asset (hash mismatch) are refused.
//! - `bench`: frame time of the default avatar (or any asset) and of a crowd of its copies, upload bytes per
//!   frame, GPU bytes per vertex.

use anyhow::{bail, Context, Result};
use avatar_sim::asset::{self, Asset, AssetHash};
use avatar_sim::stats::median;
use clap::{Args, Parser, Subcommand};
use renderer::camera::FixedCamera;
use renderer::film::{film, frame, write_animation};
use renderer::output::save_png;
use renderer::trajectory::{Step, Trajectory};
use renderer::{AvatarRenderer, Backend, Gpu, Latest, Light, RenderSettings, StateSubscriber};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(
    name = "avatar-view",
    version,
    about = "Draw avatars: assets, trajectories, or the daemon's live states"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Draw an asset at rest or along a trajectory of `avatard simulate`.
    Render(RenderArgs),
    /// Draw the daemon's live states of one avatar.
    Follow(FollowArgs),
    /// Frame time, upload bytes per frame, GPU memory per vertex.
    Bench(BenchArgs),
    /// A desktop window (build with `--features window`).
    #[cfg(feature = "window")]
    Window(WindowArgs),
}

#[cfg(feature = "window")]
#[derive(Args, Debug)]
pub struct WindowArgs {
    /// An asset file, or `default`.
    #[arg(long, default_value = "default")]
    pub asset: String,
    /// Follow the daemon's live states on this endpoint...
    #[arg(long, conflicts_with = "traj")]
    pub state: Option<String>,
    #[arg(long, default_value = "default")]
    pub avatar: String,
    /// ...or play a trajectory of `avatard simulate` on a loop (default: the rest pose).
    #[arg(long)]
    pub traj: Option<PathBuf>,
    #[arg(long, default_value_t = 20.0, allow_negative_numbers = true)]
    pub yaw: f32,
    /// Close after this many frames (scripted runs).
    #[arg(long)]
    pub frames: Option<usize>,
}

#[derive(Args, Clone, Debug)]
pub struct SceneArgs {
    /// An asset file, or `default` for the built-in avatar (precomputed once, then cached).
    #[arg(long, default_value = "default")]
    pub asset: String,
    /// Image size, WIDTHxHEIGHT.
    #[arg(long, default_value = "480x480", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Camera yaw in degrees (0: from the front).
    #[arg(long, default_value_t = 20.0, allow_negative_numbers = true)]
    pub yaw: f32,
    /// No ground grid.
    #[arg(long)]
    pub no_ground: bool,
    #[arg(long, value_enum, default_value = "auto")]
    pub backend: BackendArg,
    /// A fixed camera, `px,py,pz,tx,ty,tz,fov` (position, target, vertical field of view in degrees; the
    /// browser viewer's `cam=`) instead of framing the avatar from `--yaw`.
    #[arg(long, value_parser = FixedCamera::parse, allow_hyphen_values = true)]
    pub cam: Option<FixedCamera>,
    /// Towards the directional light, `x,y,z` (the viewer's `light=`).
    #[arg(long, value_parser = parse_vec3, allow_hyphen_values = true, default_value = "0.4,0.8,0.6")]
    pub light: [f32; 3],
    /// The directional light's intensity (three.js units, the viewer's `light_intensity=`; π: white on white).
    #[arg(long, default_value_t = std::f32::consts::PI)]
    pub light_intensity: f32,
    /// An ambient light's intensity (the viewer's `ambient=`; 0: none).
    #[arg(long, default_value_t = 0.0)]
    pub ambient: f32,
    /// Draw MToon materials as plain ones (their lit colour), as before MToon was drawn.
    #[arg(long)]
    pub no_mtoon: bool,
    /// The time (s) MToon's UV animation has run for (the viewer's `mtoon_time=`).
    #[arg(long, default_value_t = 0.0)]
    pub mtoon_time: f64,
}

/// `x,y,z`, finite, not all zero.
fn parse_vec3(s: &str) -> Result<[f32; 3], String> {
    let v: Vec<f32> = s
        .split(',')
        .map(|x| x.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("'{s}': {e}"))?;
    match v[..] {
        [x, y, z] if v.iter().all(|c| c.is_finite()) && v.iter().any(|&c| c != 0.0) => Ok([x, y, z]),
        _ => Err(format!("'{s}': expected x,y,z (finite, not all zero)")),
    }
}

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// A trajectory (`avatard simulate --out`); without it, one frame at rest.
    #[arg(long)]
    pub traj: Option<PathBuf>,
    /// Draw every N-th step.
    #[arg(long, default_value_t = 4)]
    pub every: usize,
    /// Rig only | rig + secondary motion, side by side.
    #[arg(long)]
    pub side_by_side: bool,
    /// Output folder (frame_0000.png …, anim.gif, anim.mp4).
    #[arg(long, default_value = "out/render")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct FollowArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// The daemon's state endpoint.
    #[arg(long, default_value = "tcp://127.0.0.1:5561")]
    pub state: String,
    /// The avatar to draw.
    #[arg(long, default_value = "default")]
    pub avatar: String,
    /// Frames per second drawn.
    #[arg(long, default_value_t = 30.0)]
    pub fps: f64,
    /// Stop after this many frames (default: run until interrupted).
    #[arg(long)]
    pub frames: Option<usize>,
    /// Give up when no state arrives for this long (s).
    #[arg(long, default_value_t = 10.0)]
    pub timeout: f64,
    #[arg(long)]
    pub side_by_side: bool,
    #[arg(long, default_value = "out/follow")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Crowd sizes to time (copies of the avatar, each with its own p and z).
    #[arg(long, value_delimiter = ',', default_values_t = [1u32, 23])]
    pub instances: Vec<u32>,
    /// Timed frames per size (after 3 warm-up frames).
    #[arg(long, default_value_t = 30)]
    pub frames: usize,
    #[arg(long, default_value = "out/bench-render.json")]
    pub out: PathBuf,
}

/// `--backend`: which wgpu backends to try ([`Backend`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum BackendArg {
    /// The OS's primary APIs (Vulkan, Metal, DX12), then GL (or `WGPU_BACKEND` when set).
    Auto,
    Vulkan,
    Gl,
    Dx12,
    Metal,
}

impl From<BackendArg> for Backend {
    fn from(b: BackendArg) -> Self {
        match b {
            BackendArg::Auto => Backend::Auto,
            BackendArg::Vulkan => Backend::Vulkan,
            BackendArg::Gl => Backend::Gl,
            BackendArg::Dx12 => Backend::Dx12,
            BackendArg::Metal => Backend::Metal,
        }
    }
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once('x').ok_or_else(|| format!("expected WIDTHxHEIGHT, got '{s}'"))?;
    let p = |x: &str| x.parse::<u32>().ok().filter(|v| (1..=8192).contains(v));
    match (p(w), p(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("expected WIDTHxHEIGHT with sides in 1..=8192, got '{s}'")),
    }
}

/// The asset named on the command line (`default` = the built-in avatar through the precompute cache).
pub fn load_asset(name: &str) -> Result<(Asset, AssetHash)> {
    if name == avatar_sim::asset::default_avatar::NAME {
        let cache = avatar_sim::asset::Cache::default_dir().map(avatar_sim::asset::Cache::new);
        let settings = avatar_sim::precompute::PrecomputeSettings::default();
        let built = avatar_sim::asset::default_avatar(&settings, cache.as_ref(), Arc::new(|_| {}))?;
        return Ok((built.asset, built.hash));
    }
    asset::load(Path::new(name)).with_context(|| format!("loading the asset {name}"))
}

fn renderer(scene: &SceneArgs, asset: &Asset, instances: u32) -> Result<AvatarRenderer> {
    let gpu = Gpu::open(scene.backend.into())?;
    tracing::info!(adapter = %gpu.describe(), "graphics adapter");
    let options = RenderSettings {
        width: scene.size.0,
        height: scene.size.1,
        instances,
        ground: !scene.no_ground,
        yaw: scene.yaw,
        camera: scene.cam,
        light: Light {
            direction: scene.light,
            intensity: scene.light_intensity,
            ambient: scene.ambient,
            time: scene.mtoon_time,
        },
        mtoon: !scene.no_mtoon,
        ..Default::default()
    };
    if !(scene.light_intensity.is_finite()
        && scene.light_intensity >= 0.0
        && scene.ambient.is_finite()
        && scene.ambient >= 0.0
        && scene.mtoon_time.is_finite())
    {
        bail!("--light-intensity and --ambient must be finite and not negative, --mtoon-time finite");
    }
    Ok(AvatarRenderer::new(gpu, asset, options)?)
}

pub fn render(a: RenderArgs) -> Result<()> {
    if a.every == 0 {
        bail!("--every must be at least 1");
    }
    let (asset, hash) = load_asset(&a.scene.asset)?;
    let mut r = renderer(&a.scene, &asset, 1)?;
    let rest: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
    let zero = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    let (steps, fps) = match &a.traj {
        None => (vec![Step { p: rest, z: zero }], 1.0),
        Some(path) => {
            let t = Trajectory::read(path, &hash)?;
            (t.steps.into_iter().step_by(a.every).collect(), 1.0 / (t.dt * a.every as f64))
        }
    };
    let shown = film(&mut r, steps.iter().map(|s| (&s.p[..], &s.z[..])), a.side_by_side, fps, &a.out)?;
    println!(
        "{} frames on {} in {:.2} s ({:.1} ms/frame) -> {}",
        shown.frames,
        r.gpu().describe(),
        shown.seconds,
        1e3 * shown.seconds / shown.frames as f64,
        a.out.display()
    );
    Ok(())
}

pub fn follow(a: FollowArgs) -> Result<()> {
    if !(a.fps.is_finite() && a.fps > 0.0 && a.fps <= 1000.0) {
        bail!("--fps {} must be in (0, 1000]", a.fps);
    }
    let (asset, hash) = load_asset(&a.scene.asset)?;
    let mut r = renderer(&a.scene, &asset, 1)?;
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    let (_rt, latest, received) = spawn_state_listener(&a.state, &a.avatar, a.timeout)?;
    let period = Duration::from_secs_f64(1.0 / a.fps);
    let (mut drawn, mut last_seq, mut skipped) = (0usize, None::<u64>, 0u64);
    let mut frames = Vec::new();
    let mut waited = Instant::now();
    let mut next = Instant::now();
    while a.frames.is_none_or(|n| drawn < n) {
        let state = latest.lock().expect("not poisoned").take();
        let Some(s) = state else {
            if waited.elapsed().as_secs_f64() > a.timeout {
                bail!("no state of avatar '{}' on {} for {} s", a.avatar, a.state, a.timeout);
            }
            std::thread::sleep(Duration::from_millis(2));
            continue;
        };
        waited = Instant::now();
        if s.asset_hash.is_empty() {
            bail!(
                "the daemon publishes avatar '{}' without an asset (empty asset_hash): nothing to draw",
                a.avatar
            );
        }
        if s.asset_hash[..] != hash[..] {
            bail!(
                "asset mismatch: the daemon's avatar '{}' uses asset {}, the asset given is {}",
                a.avatar,
                s.asset_hash.iter().take(8).map(|b| format!("{b:02x}")).collect::<String>(),
                &asset::hex(&hash)[..16]
            );
        }
        if let Some(prev) = last_seq {
            skipped += s.seq.saturating_sub(prev + 1);
        }
        last_seq = Some(s.seq);
        let image = frame(&mut r, &s.p, &s.z, a.side_by_side)?;
        save_png(&image, &a.out.join(format!("frame_{drawn:04}.png")))?;
        frames.push(image);
        drawn += 1;
        next += period;
        if let Some(wait) = next.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        } else {
            next = Instant::now();
        }
    }
    write_animation(&frames, a.fps, &a.out)?;
    println!(
        "{drawn} frames drawn, {} states received, {skipped} states skipped between frames -> {}",
        received.load(std::sync::atomic::Ordering::Relaxed),
        a.out.display()
    );
    Ok(())
}

/// Subscribe to one avatar's states on a background runtime (returned: keep it alive); the newest state and
/// the count of states received.
fn spawn_state_listener(
    endpoint: &str,
    avatar: &str,
    timeout: f64,
) -> Result<(tokio::runtime::Runtime, Latest, Arc<std::sync::atomic::AtomicU64>)> {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build()?;
    let latest: Latest = Arc::default();
    let received = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let topic = format!("state/{avatar}/");
    let mut sub = rt
        .block_on(StateSubscriber::connect(endpoint, &topic, Duration::from_secs_f64(timeout)))
        .with_context(|| format!("connecting to {endpoint}"))?;
    let (l, r) = (latest.clone(), received.clone());
    rt.spawn(async move {
        loop {
            match sub.next_state(Duration::from_secs(3600)).await {
                Some(Ok(s)) => {
                    r.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    *l.lock().expect("not poisoned") = Some(s);
                }
                Some(Err(e)) => tracing::warn!(error = %e, "state dropped"),
                None => {}
            }
        }
    });
    Ok((rt, latest, received))
}

#[cfg(feature = "window")]
pub fn window(a: WindowArgs) -> Result<()> {
    use renderer::window::Source;
    let (asset, hash) = load_asset(&a.asset)?;
    let mut _rt = None;
    let source = match (&a.state, &a.traj) {
        (Some(ep), _) => {
            let (rt, latest, _) = spawn_state_listener(ep, &a.avatar, 10.0)?;
            _rt = Some(rt);
            Source::Live(latest)
        }
        (None, Some(path)) => {
            let t = Trajectory::read(path, &hash)?;
            Source::Trajectory(t.dt, t.steps.into_iter().map(|s| (s.p, s.z)).collect())
        }
        (None, None) => Source::Rest,
    };
    let drawn = renderer::window::run(asset, source, a.yaw, a.frames)?;
    println!("{drawn} frames drawn");
    Ok(())
}

pub fn bench(a: BenchArgs) -> Result<()> {
    let (asset, _) = load_asset(&a.scene.asset)?;
    let mut rows = Vec::new();
    for &k in &a.instances {
        let mut r = renderer(&a.scene, &asset, k)?;
        let rest: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
        let m = r.mesh().modes;
        let mut times = Vec::new();
        for f in 0..a.frames + 3 {
            // a different z every frame, so that the upload is real
            let z: Vec<f32> = (0..12 * m).map(|i| 0.01 * ((i + f) as f32 * 0.37).sin()).collect();
            let t = Instant::now();
            r.upload(&[(&rest, &z)])?;
            let image = r.draw()?;
            if f >= 3 {
                times.push(t.elapsed().as_secs_f64());
            }
            std::hint::black_box(image);
        }
        let mesh = r.mesh();
        let row = serde_json::json!({
            "instances": k,
            "vertices": mesh.vertices * k as usize,
            "triangles": mesh.indices.len() / 3 * k as usize,
            "frame_ms_median": 1e3 * median(times.clone()),
            "frame_ms_min": 1e3 * times.iter().copied().fold(f64::INFINITY, f64::min),
            "upload_bytes_per_frame": r.last_upload_bytes,
            "p_floats": mesh.num_p,
            "z_floats": 12 * m,
            "static_bytes": mesh.static_bytes(),
            "secondary_bytes_per_vertex": mesh.secondary_bytes_per_vertex(),
            "displacement_modes_bytes_per_vertex": 4 * 3 * 12 * m,
            "adapter": r.gpu().describe(),
            "size": [a.scene.size.0, a.scene.size.1],
        });
        println!(
            "{:>3} × avatar: {:>8} vertices, {:.2} ms/frame (median of {}), upload {} B/frame, secondary {} B/vertex",
            k,
            row["vertices"],
            row["frame_ms_median"].as_f64().unwrap_or(f64::NAN),
            a.frames,
            r.last_upload_bytes,
            mesh.secondary_bytes_per_vertex()
        );
        rows.push(row);
    }
    if let Some(dir) = a.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(&a.out, serde_json::to_string_pretty(&serde_json::json!({"runs": rows}))? + "\n")?;
    Ok(())
}

fn main() -> Result<()> {
    avatar_logging::init();
    match Cli::parse().command {
        Command::Render(a) => render(a),
        Command::Follow(a) => follow(a),
        Command::Bench(a) => bench(a),
        #[cfg(feature = "window")]
        Command::Window(a) => window(a),
    }
}
