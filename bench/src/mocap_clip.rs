//! `avatard bench mocap-clip`: a rendered video of real human motion (a CMU mocap BVH) on an avatar, seen by a
//! static camera, with the motion's ground truth, for the tracker's grounding benchmark (the clip goes through
//! the real MediaPipe bridge like camera footage: `tools/make-recordings grounding`).
//!
//! The BVH is cut to `--start`..`--start + --seconds` (seconds after the file's first frame of motion; a
//! reference first frame is dropped, [`avatar_lab::motion::jumps::frames`]) and played as rig frames through the
//! daemon's own per-avatar step, as `bench jiggle` plays its `jumps` ([`drive`]: 2 s lead-in from the rest
//! pose, then the cut); the root path starts where the avatar stands at rest. Only the rig is drawn (`z = 0`,
//! no secondary motion). The BVH's arms are not played (see [`avatar_lab::motion::jumps`]): they keep the avatar's
//! rest A-pose and move with the torso.
//!
//! The camera is static: it frames the box that the whole motion occupies (every kept frame's posed render
//! bounds, padded by `--pad`), tightly ([`renderer::camera::framing_box`]), from `--yaw` (degrees, 0 = the
//! avatar's front, +Z); without `--yaw`, from the side of the root path's main horizontal direction, so that
//! forward motion goes across the image. The ground square lies under the box at the avatar's rest feet.
//!
//! Output: `--out` (an MP4 through ffmpeg, [`renderer::output::save_mp4`]); PNG frames `frame_NNNN.png` in
//! `--frames` when given, and also when ffmpeg is missing (then in `<out>.frames/`, for another encoder), and
//! `--truth` (default `<out>` with `.truth.json`): per frame, the time, the avatar-world positions (metres,
//! +Y up, floor at the rest feet) of the root bone, the hip centre (midpoint of the upper legs' heads, where
//! MediaPipe puts its hip centre), both hips, ankles (foot bones' heads) and toes, the lowest render vertex,
//! and the image pixels of the hip centre and ankles; the camera (view-projection), box and cut.

use anyhow::{bail, Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::motion::drive::drive;
use avatar_lab::motion::motions::{Motion, Timeline, SOURCE};
use avatar_sim::asset::Asset;
use avatar_sim::rig::{avatar_roles, resolve_bone, LbsRig};
use avatard::{AvatarSim, SimParams};
use renderer::{AvatarRenderer, Backend, Gpu, RenderSettings};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct MocapClipArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// The BVH file (CMU joint names, as `assets/fixtures/cmu_01_01_jumps960.bvh`).
    #[arg(long)]
    pub bvh: PathBuf,
    /// Start of the cut (s after the first frame of motion).
    #[arg(long, default_value_t = 0.0)]
    pub start: f64,
    /// Length of the cut (s).
    #[arg(long, default_value_t = 6.0)]
    pub seconds: f64,
    /// Video frame rate.
    #[arg(long, default_value_t = 30.0)]
    pub fps: f64,
    /// Solver tick rate (Hz): a multiple of `--fps`.
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Camera yaw (degrees; 0 = from the avatar's front, +Z; 90 = from +X) [default: from the side of the
    /// root path's main direction].
    #[arg(long)]
    pub yaw: Option<f32>,
    /// Image size.
    #[arg(long, default_value_t = 640)]
    pub width: u32,
    #[arg(long, default_value_t = 480)]
    pub height: u32,
    /// Padding of the framed box around the motion's posed bounds (m).
    #[arg(long, default_value_t = 0.15)]
    pub pad: f32,
    /// The video (MP4, needs ffmpeg).
    #[arg(long)]
    pub out: PathBuf,
    /// Also write the frames as PNG here.
    #[arg(long)]
    pub frames: Option<PathBuf>,
    /// The ground truth (JSON) [default: `--out` with `.truth.json`].
    #[arg(long)]
    pub truth: Option<PathBuf>,
}

impl MocapClipArgs {
    pub fn validate(&self) -> Result<()> {
        avatard::check_tick_hz(self.tick_hz).map_err(anyhow::Error::msg)?;
        if !(self.fps > 0.0 && self.fps <= 240.0) {
            bail!("--fps must be in (0, 240], got {}", self.fps);
        }
        let k = self.tick_hz as f64 / self.fps;
        if (k - k.round()).abs() > 1e-6 || k.round() < 1.0 {
            bail!("--tick-hz ({}) must be a multiple of --fps ({})", self.tick_hz, self.fps);
        }
        if !(self.start >= 0.0 && self.seconds > 0.0 && self.seconds <= 600.0) {
            bail!("--start must be ≥ 0 and --seconds in (0, 600]");
        }
        if !(0.0..=5.0).contains(&self.pad) {
            bail!("--pad must be in [0, 5] m");
        }
        Ok(())
    }

    fn truth_path(&self) -> PathBuf {
        self.truth.clone().unwrap_or_else(|| self.out.with_extension("truth.json"))
    }
}

/// The BVH's frames from `start` for `seconds`, times from 0, the root relative to the cut's first frame.
fn cut(path: &Path, start: f64, seconds: f64) -> Result<Motion> {
    let frames = avatar_lab::motion::jumps::frames(path, SOURCE)?;
    let (s_ns, e_ns) = ((start * 1e9).round() as i64, ((start + seconds) * 1e9).round() as i64);
    let mut frames: Vec<_> =
        frames.into_iter().filter(|f| (s_ns..=e_ns).contains(&f.header.capture_time_ns)).collect();
    if frames.len() < 3 {
        bail!("{}: {} frames in {start}..{} s", path.display(), frames.len(), start + seconds);
    }
    let t0 = frames[0].header.capture_time_ns;
    frames.iter_mut().for_each(|f| f.header.capture_time_ns -= t0);
    tracker_bridge::mocap::root_relative_to_start(&mut frames);
    Ok(Motion { name: "mocap".into(), frames })
}

/// The joints the truth reports: (key, bone name or humanoid role).
const JOINTS: &[(&str, &str)] = &[
    ("left_hip", "leftUpperLeg"),
    ("right_hip", "rightUpperLeg"),
    ("left_ankle", "leftFoot"),
    ("right_ankle", "rightFoot"),
    ("left_toe", "leftToes"),
    ("right_toe", "rightToes"),
];

/// Heads of the root bone and of [`JOINTS`] under `p`: the skinning transform of each bone applied to its
/// bind position.
struct Joints<'a> {
    lbs: &'a LbsRig,
    offset: usize,
    root: usize,
    bones: Vec<usize>,
}

impl<'a> Joints<'a> {
    fn new(asset: &'a Asset) -> Result<Joints<'a>> {
        let Some((lbs, offset)) = asset.render.rig.skeleton() else { bail!("the avatar has no skeleton") };
        let roles = avatar_roles(lbs.bones().iter().map(|b| b.name.as_str()), &asset.source.humanoid);
        let mut bones = Vec::new();
        for (_, role) in JOINTS {
            let name = resolve_bone(role, |n| lbs.bone_index(n).is_some(), &roles)
                .with_context(|| format!("the avatar has no bone for {role}"))?;
            bones.push(lbs.bone_index(name).expect("resolved"));
        }
        let root = resolve_bone("hips", |n| lbs.bone_index(n).is_some(), &roles)
            .and_then(|n| lbs.bone_index(n))
            .context("the avatar has no hips bone")?;
        Ok(Joints { lbs, offset, root, bones })
    }

    fn head(&self, p: &[f64], bone: usize) -> [f64; 3] {
        let b = &self.lbs.bones()[bone].bind;
        let x = [b[0][3], b[1][3], b[2][3]];
        let t = &p[self.offset + 12 * bone..self.offset + 12 * bone + 12];
        [0, 1, 2].map(|r| t[4 * r] * x[0] + t[4 * r + 1] * x[1] + t[4 * r + 2] * x[2] + t[4 * r + 3])
    }
}

/// Pixel position (x right, y down) of world point `x` under the column-major view-projection `m`.
fn pixel(m: &[[f32; 4]; 4], x: [f64; 3], w: u32, h: u32) -> [f64; 2] {
    let v = [x[0], x[1], x[2], 1.0];
    let c: Vec<f64> = (0..4).map(|r| (0..4).map(|k| m[k][r] as f64 * v[k]).sum()).collect();
    let (nx, ny) = (c[0] / c[3], c[1] / c[3]);
    [round3((nx + 1.0) * 0.5 * w as f64), round3((1.0 - ny) * 0.5 * h as f64)]
}

fn round3(v: f64) -> f64 {
    (v * 1e4).round() / 1e4
}

fn v3(x: [f64; 3]) -> Value {
    json!(x.map(round3))
}

/// The camera yaw (degrees) that looks across the root path's main horizontal direction (its principal axis).
fn side_yaw(roots: &[[f64; 3]]) -> f32 {
    let n = roots.len() as f64;
    let (mx, mz) = (roots.iter().map(|r| r[0]).sum::<f64>() / n, roots.iter().map(|r| r[2]).sum::<f64>() / n);
    let (mut sxx, mut sxz, mut szz) = (0.0, 0.0, 0.0);
    for r in roots {
        let (dx, dz) = (r[0] - mx, r[2] - mz);
        sxx += dx * dx;
        sxz += dx * dz;
        szz += dz * dz;
    }
    // principal axis in the xz plane, `dir` = (x, z), its angle from +X towards +Z
    let axis = 0.5 * (2.0 * sxz).atan2(sxx - szz);
    let dir = [axis.cos(), axis.sin()];
    // the camera direction (sin yaw, cos yaw) perpendicular to it: (−dz, dx) or (dz, −dx); take the one with
    // positive z (the avatar's front side) when there is a choice.
    let (mut cx, mut cz) = (-dir[1], dir[0]);
    if cz < 0.0 {
        (cx, cz) = (-cx, -cz);
    }
    cx.atan2(cz).to_degrees() as f32
}

/// `avatard bench mocap-clip`.
pub fn mocap_clip(a: MocapClipArgs) -> Result<()> {
    let started = Instant::now();
    a.validate()?;
    let params = SimParams::default();
    let avatar = Arc::new(a.avatar.load("mocap-clip", params.clone())?);
    let asset = avatar.asset.clone();
    let motion = cut(&a.bvh, a.start, a.seconds)?;
    let rest_root = avatar_lab::motion::jumps::rest_root(&asset.sim.rig);
    let tl = Timeline::new(&motion, 0.0, rest_root);
    let mut sim = AvatarSim::new(avatar.clone(), &params, a.tick_hz).map_err(anyhow::Error::msg)?;
    let n_frames = (a.seconds * a.fps).floor() as usize + 1;
    let half_tick = 0.5 / a.tick_hz as f64;
    let mut kept: Vec<(f64, Vec<f64>)> = Vec::new();
    let summary = drive(&mut sim, &tl, a.tick_hz, &params, |s| {
        let i = (s.t * a.fps).round() as usize;
        if i == kept.len() && i < n_frames && (s.t - i as f64 / a.fps).abs() < half_tick {
            kept.push((s.t, s.p.to_vec()));
        }
        Ok(())
    })?;
    if summary.unknown_names > 0 {
        eprintln!(
            "bench mocap-clip: {} frame bone names did not resolve on the avatar",
            summary.unknown_names
        );
    }
    if kept.len() < 2 {
        bail!("only {} frames in the cut", kept.len());
    }

    // Posed bounds, joints, lowest point.
    let joints = Joints::new(&asset)?;
    let r = &asset.render;
    let n = r.vertices.len();
    let rest_floor = r.vertices.iter().map(|v| v[1]).fold(f64::INFINITY, f64::min);
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    let mut lowest = Vec::new();
    for (_, p) in &kept {
        let x = r.rig.deform(&r.vertices, p).context("the render rig")?;
        for c in 0..3 {
            for &v in &x[c * n..(c + 1) * n] {
                lo[c] = lo[c].min(v);
                hi[c] = hi[c].max(v);
            }
        }
        lowest.push(x[n..2 * n].iter().copied().fold(f64::INFINITY, f64::min));
    }
    let pad = a.pad as f64;
    let frame_box = ([0, 1, 2].map(|c| (lo[c] - pad) as f32), [0, 1, 2].map(|c| (hi[c] + pad) as f32));
    let roots: Vec<[f64; 3]> = kept.iter().map(|(_, p)| joints.head(p, joints.root)).collect();
    let yaw = a.yaw.unwrap_or_else(|| side_yaw(&roots));

    let gpu = Gpu::open(Backend::Auto)?;
    eprintln!(
        "bench mocap-clip: {} frames at {} fps, {}x{}, yaw {yaw:.1}°, box {:?}..{:?} m, on {}",
        kept.len(),
        a.fps,
        a.width,
        a.height,
        frame_box.0,
        frame_box.1,
        gpu.describe()
    );
    let options = RenderSettings {
        width: a.width,
        height: a.height,
        yaw,
        frame_box: Some(frame_box),
        ..RenderSettings::default()
    };
    let mut renderer = AvatarRenderer::new(gpu, &asset, options).context("the renderer")?;
    let view_proj = renderer.view_proj();
    let z = vec![0f32; 12 * asset.render.mode_weights.ncols()];
    let mut images = Vec::new();
    for (i, (_, p)) in kept.iter().enumerate() {
        let p32: Vec<f32> = p.iter().map(|&v| v as f32).collect();
        images.push(renderer.render(&p32, &z).with_context(|| format!("frame {i}"))?);
    }
    let draw_s = started.elapsed().as_secs_f64();

    let mut frames_dir = a.frames.clone();
    if let Some(parent) = a.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let mp4 = renderer::output::save_mp4(&images, a.fps, &a.out)?;
    if mp4 {
        eprintln!("wrote {} ({} bytes)", a.out.display(), std::fs::metadata(&a.out)?.len());
    } else {
        let dir = frames_dir.get_or_insert_with(|| {
            let mut d = a.out.clone().into_os_string();
            d.push(".frames");
            PathBuf::from(d)
        });
        eprintln!("bench mocap-clip: ffmpeg not found: no MP4; PNG frames in {}", dir.display());
    }
    if let Some(dir) = &frames_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with("frame_") && name.ends_with(".png") {
                std::fs::remove_file(&path)?;
            }
        }
        for (i, image) in images.iter().enumerate() {
            renderer::output::save_png(image, &dir.join(format!("frame_{i:04}.png")))?;
        }
    }

    let (w, h) = (a.width, a.height);
    let frames: Vec<Value> = kept
        .iter()
        .enumerate()
        .map(|(i, (t, p))| {
            let heads: Vec<[f64; 3]> = joints.bones.iter().map(|&b| joints.head(p, b)).collect();
            let hip_centre = [0, 1, 2].map(|c| 0.5 * (heads[0][c] + heads[1][c]));
            let mut f = json!({
                "i": i,
                "t": round3(*t),
                "root": v3(roots[i]),
                "hip_centre": v3(hip_centre),
                "lowest_y": round3(lowest[i]),
                "pixels": {
                    "hip_centre": pixel(&view_proj, hip_centre, w, h),
                    "left_ankle": pixel(&view_proj, heads[2], w, h),
                    "right_ankle": pixel(&view_proj, heads[3], w, h),
                },
            });
            for ((key, _), x) in JOINTS.iter().zip(&heads) {
                f[*key] = v3(*x);
            }
            f
        })
        .collect();
    let truth = json!({
        "what": "ground truth of a rendered clip (not camera footage): CMU mocap on the avatar, avatar-world metres, +Y up",
        "bvh": a.bvh.display().to_string(),
        "bvh_start_s": a.start,
        "seconds": a.seconds,
        "fps": a.fps,
        "tick_hz": a.tick_hz,
        "asset": a.avatar.asset,
        "video": a.out.display().to_string(),
        "width": w,
        "height": h,
        "camera": {
            "yaw_deg": yaw,
            "frame_box": [frame_box.0, frame_box.1],
            "view_proj_column_major": view_proj,
            "fovy_deg": 35.0,
        },
        "floor_y": round3(rest_floor),
        "rest_root": v3(rest_root),
        "joints": {
            "root": "the avatar's hips bone head (the rig root the mocap's root position moves)",
            "hip_centre": "midpoint of left_hip and right_hip",
            "left_hip/right_hip": "upper-leg bone heads",
            "left_ankle/right_ankle": "foot bone heads",
            "left_toe/right_toe": "toe bone heads (ball of the foot)",
            "lowest_y": "lowest render vertex",
            "pixels": "image position (x right, y down, pixels) under the camera; not occlusion-aware",
        },
        "frames": frames,
    });
    let truth_path = a.truth_path();
    avatar_lab::util::write_json(&truth_path, &truth)?;
    eprintln!(
        "wrote {} ({} frames; drawn in {draw_s:.1} s, {:.1} s in all)",
        truth_path.display(),
        kept.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
