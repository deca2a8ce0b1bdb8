//! `avatard bench grounding`: recorded webcam streams through one avatar's runtime ([`avatard::AvatarSim`] at
//! the recording's own timing, as the solver thread steps it) with grounding off (the runtime before it: the
//! hips fixed) and on, and the goals' figures from the published `p` and `z`:
//!
//! - **foot sliding** while the performer's foot is planted: the avatar's ankle's horizontal speed (median)
//!   and its drift over each contact (median, p90). "Planted" is read from the image alone, independently of
//!   the runtime's own detector ([`avatar_lab::planted`]): the foot's lowest image point (ankle, heel, toe)
//!   moves slower than 0.15 body heights per second and is within 4 % of a body height of the lowest foot
//!   point in the surrounding second; and, looser, the ankle alone still in the image (`slideA`);
//! - **floor**: the height above the avatar's floor (its lowest rest vertex) of each foot's lowest posed
//!   vertex (the render mesh's vertices mostly on the foot's bones, posed by linear blend skinning with
//!   `p`; the render mesh, as drawn): the share of planted frames within ±1 cm and the lowest value of any frame;
//! - **depth and across**: the hips' travel towards the camera (÷ scale) beside the performer's image size
//!   over the clip (p95 / p5 of shoulder-to-ankle pixels), and their travel across (÷ scale) over the image
//!   hip centre's in metres at the body;
//! - **root path**: the avatar's hip centre re-projected through the stage's camera (its displacement divided
//!   by the scale, from the stage's origin) against the image hip centre, as a fraction of the image width;
//!   the image hip centre's travel and the avatar's;
//! - **hop**: the hips' largest rise above their median (avatar, divided by the scale) against the
//!   landmarks' (the image hip centre's rise, in metres at the body's image scale: the world landmarks' leg
//!   length over the image's);
//! - **flesh**: the peak secondary displacement `|u|` of the chest and belly render vertices;
//! - **limbs**: the median limb direction error ([`avatard::follow`]);
//! - **cost**: the mapping + grounding time per frame (the stage alone, on the same frames, median).

use anyhow::{anyhow, Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::follow::{follow, pose_frames, store_pose};
use avatar_lab::measure::{regions, Displacement};
use avatar_lab::planted::{planted_from_image, still_ankles};
use avatar_schema::{pose_landmarks as mp, PoseFrame};
use avatar_sim::rig::{read_affine, vertex_regions, Affine, BodyRegion};
use avatar_sim::stats::{median, quantile};
use avatard::mapping::grounding::{subtree, Camera};
use avatard::{AvatarSim, Inputs, SimParams, TimeStep};
use nalgebra::Vector3;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug, Clone)]
pub struct GroundingArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// Pose recordings (`tracker-bridge record`); repeat for several. Default: the committed grounding clips.
    #[arg(long = "recording")]
    pub recordings: Vec<PathBuf>,
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// The camera's horizontal field of view (degrees) the stage assumes.
    #[arg(long, default_value_t = 60.0)]
    pub fov: f64,
    #[arg(long, default_value = "out/grounding.json")]
    pub out: PathBuf,
    /// Also render a strip (`<out stem>-<recording>.png`): the moments of the deepest crouch, the highest hop,
    /// the longest step and the largest foot lock, each as today | grounded (GPU; Mesa's software drivers
    /// do).
    #[arg(long)]
    pub strip: bool,
    /// Also write per-frame CSVs (`<out stem>-<recording>-<setting>.csv`): image-planted and locked feet,
    /// soles, ankles, hips, the stage's camera position.
    #[arg(long)]
    pub trace: bool,
}

/// The committed recordings the benchmark runs by default.
pub const DEFAULT_RECORDINGS: &[&str] = &[
    "assets/recordings/grounding_squats.avtrrec",
    "assets/recordings/grounding_dance.avtrrec",
    "assets/recordings/grounding_jumps_side.avtrrec",
    "assets/recordings/grounding_walk_side.avtrrec",
    "assets/recordings/pose_demo_singleperson_cam01.avtrrec",
    "assets/recordings/hands_fingerpose.avtrrec",
    // real camera footage the stage was not built with (issue 47; assets/README.md)
    "assets/recordings/real_walk_sports2d.avtrrec",
    "assets/recordings/real_platform_sports2d.avtrrec",
    "assets/recordings/real_jump_sports2d.avtrrec",
    "assets/recordings/real_lawn_vtest.avtrrec",
    "assets/recordings/real_plaza_vtest.avtrrec",
];

/// One recording under one setting.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Figures {
    pub setting: String,
    pub frames: usize,
    pub planted_frames: usize,
    pub contacts: usize,
    pub slide_median_cm_s: f64,
    pub drift_median_cm: f64,
    pub drift_p90_cm: f64,
    pub floor_within_1cm: f64,
    pub floor_within_2cm: f64,
    /// Slide (cm/s, median) on the frames where the image shows a still ankle (its image speed under 0.1 body
    /// heights per second), a looser "planted" than the one above.
    pub slide_ankle_cm_s: f64,
    pub floor_median_abs_cm: f64,
    pub floor_lowest_cm: f64,
    pub image_hip_travel: f64,
    pub root_travel_m: f64,
    /// The avatar hips' travel towards and away from the camera (m, ÷ scale), and the performer's image size
    /// over the clip (shoulder-to-ankle pixels: p95 over p5; 1 = constant).
    pub depth_travel_m: f64,
    pub image_size_ratio: f64,
    /// The avatar hips' travel across the view (÷ scale) over the image hip centre's, in metres at the body's
    /// depth (the stage's camera, the image scale of the world landmarks).
    pub across_ratio: f64,
    pub root_reprojection_median: f64,
    pub root_reprojection_p95: f64,
    pub hop_landmarks_cm: f64,
    pub hop_avatar_cm: f64,
    pub chest_peak_mm: f64,
    pub belly_peak_mm: f64,
    pub limb_median_deg: f64,
    pub stage_us_median: f64,
}

fn apply(t: &Affine, x: &[f64; 3]) -> Vector3<f64> {
    Vector3::from_fn(|r, _| t[r][0] * x[0] + t[r][1] * x[1] + t[r][2] * x[2] + t[r][3])
}

struct Avatar {
    avatar: Arc<avatard::LoadedAvatar>,
    offset: usize,
    bones: usize,
    /// Per leg: the ankle's bone and bind head; the foot vertices (rest position, (bone, weight) list).
    ankles: [(usize, [f64; 3]); 2],
    feet: [Vec<([f64; 3], Vec<(usize, f64)>)>; 2],
    hips: [(usize, [f64; 3]); 2],
    floor: f64,
}

impl Avatar {
    fn new(avatar: Arc<avatard::LoadedAvatar>) -> Result<Self> {
        let render = &avatar.asset.render;
        let (lbs, offset) = render.rig.skeleton().ok_or_else(|| anyhow!("the avatar has no skeleton"))?;
        let roles = &avatar.roles.mapped;
        let bone = |r: &str| -> Result<usize> {
            roles.get(r).and_then(|n| lbs.bone_index(n)).ok_or_else(|| anyhow!("the avatar has no {r} bone"))
        };
        let head = |b: usize| {
            let m = &lbs.bones()[b].bind;
            [m[0][3], m[1][3], m[2][3]]
        };
        let parents: Vec<Option<usize>> = lbs.bones().iter().map(|b| b.parent).collect();
        let mut feet: [Vec<_>; 2] = [vec![], vec![]];
        let mut ankles = [(0, [0.0; 3]); 2];
        let mut hips = [(0, [0.0; 3]); 2];
        for (k, side) in ["left", "right"].iter().enumerate() {
            let foot = bone(&format!("{side}Foot"))?;
            let tree = subtree(&parents, foot);
            ankles[k] = (foot, head(foot));
            let upper = bone(&format!("{side}UpperLeg"))?;
            hips[k] = (upper, head(upper));
            for (v, x) in render.vertices.iter().enumerate() {
                let row: Vec<(usize, f64)> = lbs.weights().iter_row(v).collect();
                let on_foot: f64 = row.iter().filter(|(b, _)| tree.contains(b)).map(|(_, w)| w).sum();
                if on_foot > 0.5 {
                    feet[k].push((*x, row));
                }
            }
            if feet[k].is_empty() {
                return Err(anyhow!("no render vertex is mostly on the {side} foot"));
            }
        }
        let floor = render.vertices.iter().map(|v| v[1]).fold(f64::INFINITY, f64::min);
        Ok(Avatar { offset, bones: lbs.num_bones(), ankles, feet, hips, floor, avatar })
    }

    fn transforms(&self, p: &[f32]) -> Vec<Affine> {
        let p64: Vec<f64> = p[self.offset..self.offset + 12 * self.bones].iter().map(|&v| v as f64).collect();
        (0..self.bones).map(|b| read_affine(&p64[12 * b..])).collect()
    }

    fn ankle(&self, ts: &[Affine], k: usize) -> Vector3<f64> {
        apply(&ts[self.ankles[k].0], &self.ankles[k].1)
    }

    fn hip_centre(&self, ts: &[Affine]) -> Vector3<f64> {
        0.5 * (apply(&ts[self.hips[0].0], &self.hips[0].1) + apply(&ts[self.hips[1].0], &self.hips[1].1))
    }

    /// The lowest posed foot vertex's height above the floor.
    fn sole(&self, ts: &[Affine], k: usize) -> f64 {
        if std::env::var("DEBUG_SOLE").is_ok() {
            let (x, row) = self.feet[k]
                .iter()
                .min_by(|a, b| {
                    let ya: f64 = a.1.iter().map(|&(bn, w)| w * apply(&ts[bn], &a.0).y).sum();
                    let yb: f64 = b.1.iter().map(|&(bn, w)| w * apply(&ts[bn], &b.0).y).sum();
                    ya.total_cmp(&yb)
                })
                .unwrap();
            let y: f64 = row.iter().map(|&(bn, w)| w * apply(&ts[bn], x).y).sum();
            eprintln!("SOLE k={k} rest={x:?} row={row:?} y={:.4}", y - self.floor);
        }
        self.feet[k]
            .iter()
            .map(|(x, row)| row.iter().map(|&(b, w)| w * apply(&ts[b], x).y).sum::<f64>())
            .fold(f64::INFINITY, f64::min)
            - self.floor
    }
}

/// Per frame (on its last tick): `p`, `z`, the stage's camera origin and scale.
struct Run {
    p: Vec<Vec<f32>>,
    z: Vec<Vec<f32>>,
    /// The stage's report per frame (for `--trace`).
    reports: Vec<Option<avatard::mapping::grounding::GroundingReport>>,
    z_peaks: Vec<f64>,
    origin: Vec<Option<Vector3<f64>>>,
    scale: Vec<f64>,
}

fn replay(
    av: &Avatar,
    frames: &[(i64, PoseFrame)],
    params: &SimParams,
    tick_hz: f32,
    regions_of: &[Option<usize>],
    wanted: &[usize],
) -> Result<Run> {
    let step = TimeStep::new(tick_hz);
    let mut sim = AvatarSim::new(av.avatar.clone(), params, step).map_err(anyhow::Error::msg)?;
    let render = &av.avatar.asset.render;
    let u = Displacement::new(&render.vertices, render.mode_weights.as_ref());
    let inputs = Inputs::default();
    let t0 = 1_000_000_000i64;
    let end = t0 + frames.last().map_or(0, |f| f.0) + step.dt_ns;
    let (mut next, mut now) = (0usize, t0);
    let mut run = Run {
        p: vec![],
        z: vec![],
        reports: vec![],
        z_peaks: vec![0.0; wanted.len()],
        origin: vec![],
        scale: vec![],
    };
    while now < end {
        while next < frames.len() && t0 + frames[next].0 <= now {
            store_pose(&inputs, &frames[next].1, "bench", next as u64 + 1, t0 + frames[next].0, now);
            next += 1;
        }
        let o = sim.tick(&inputs, now, step, params, false);
        let z: Vec<f64> = o.z.iter().map(|&v| v as f64).collect();
        let norms = u.norms(&z);
        for (v, n) in norms.iter().enumerate() {
            if let Some(r) = regions_of[v] {
                if let Some(k) = wanted.iter().position(|&w| w == r) {
                    run.z_peaks[k] = run.z_peaks[k].max(*n);
                }
            }
        }
        if next > 0 && (next == frames.len() || t0 + frames[next].0 > now + step.dt_ns) && run.p.len() < next
        {
            run.p.push(o.p.clone());
            run.z.push(o.z.clone());
            let g = sim.grounding();
            run.reports.push(g.cloned());
            run.origin.push(g.and_then(|g| g.origin));
            run.scale.push(g.map_or(1.0, |g| g.scale));
        }
        now += step.dt_ns;
    }
    Ok(run)
}

fn figures(
    setting: &str,
    av: &Avatar,
    frames: &[(i64, PoseFrame)],
    planted: &[[bool; 2]],
    run: &Run,
    fov: f64,
) -> Figures {
    let n = run.p.len().min(frames.len());
    let ts: Vec<Vec<Affine>> = run.p[..n].iter().map(|p| av.transforms(p)).collect();
    let time = |i: usize| frames[i].0 as f64 * 1e-9;
    let mut f = Figures { setting: setting.to_owned(), frames: n, ..Default::default() };
    // sliding and drift
    let (mut speeds, mut drifts, mut heights) = (vec![], vec![], vec![]);
    for k in 0..2 {
        let mut start: Option<(usize, Vector3<f64>)> = None;
        let mut drift: f64 = 0.0;
        for i in 0..n {
            let a = av.ankle(&ts[i], k);
            if planted[i][k] {
                f.planted_frames += 1;
                heights.push(av.sole(&ts[i], k));
                if i > 0 && planted[i - 1][k] {
                    let b = av.ankle(&ts[i - 1], k);
                    let d = ((a.x - b.x).powi(2) + (a.z - b.z).powi(2)).sqrt();
                    speeds.push(d / (time(i) - time(i - 1)).max(1e-6));
                }
                let (_, s) = *start.get_or_insert((i, a));
                drift = drift.max(((a.x - s.x).powi(2) + (a.z - s.z).powi(2)).sqrt());
            } else if let Some((i0, _)) = start.take() {
                if i - i0 >= 3 {
                    drifts.push(drift);
                }
                drift = 0.0;
            }
        }
        if let Some((i0, _)) = start {
            if n - i0 >= 3 {
                drifts.push(drift);
            }
        }
    }
    f.contacts = drifts.len();
    f.slide_median_cm_s = 100.0 * median(speeds);
    f.drift_median_cm = 100.0 * median(drifts.clone());
    f.drift_p90_cm = 100.0 * quantile(&mut drifts, 0.9);
    f.floor_within_1cm =
        heights.iter().filter(|h| h.abs() <= 0.01).count() as f64 / heights.len().max(1) as f64;
    f.floor_within_2cm =
        heights.iter().filter(|h| h.abs() <= 0.02).count() as f64 / heights.len().max(1) as f64;
    // the looser "planted": the ankle alone still in the image
    let still = still_ankles(frames);
    let mut ankle_speeds = vec![];
    for k in 0..2 {
        for i in 1..n {
            if still[i][k] && still[i - 1][k] {
                let (a, b) = (av.ankle(&ts[i], k), av.ankle(&ts[i - 1], k));
                let d = ((a.x - b.x).powi(2) + (a.z - b.z).powi(2)).sqrt();
                ankle_speeds.push(d / (time(i) - time(i - 1)).max(1e-6));
            }
        }
    }
    f.slide_ankle_cm_s = 100.0 * median(ankle_speeds);
    f.floor_median_abs_cm = 100.0 * median(heights.iter().map(|h| h.abs()).collect());
    f.floor_lowest_cm =
        100.0 * (0..n).flat_map(|i| [av.sole(&ts[i], 0), av.sole(&ts[i], 1)]).fold(f64::INFINITY, f64::min);
    // root path: image hip centre vs the avatar's hip centre re-projected
    let rest_hips = av.hip_centre(
        &av.transforms(&av.avatar.asset.sim.rig.rest_params().iter().map(|&v| v as f32).collect::<Vec<_>>()),
    );
    let hip_uv = |fr: &PoseFrame| -> Option<(f64, f64)> {
        let (l, r) = (fr.landmarks.get(mp::LEFT_HIP)?, fr.landmarks.get(mp::RIGHT_HIP)?);
        (l.x.is_finite() && r.x.is_finite()).then(|| (0.5 * (l.x + r.x) as f64, 0.5 * (l.y + r.y) as f64))
    };
    let (mut errs, mut us) = (vec![], vec![]);
    let mut root_x = vec![];
    for i in 0..n {
        let Some((u_img, _)) = hip_uv(&frames[i].1) else { continue };
        us.push(u_img);
        let d = av.hip_centre(&ts[i]) - rest_hips;
        root_x.push(Vector3::new(d.x, 0.0, d.z));
        if let Some(origin) = run.origin[i] {
            let cam = Camera {
                width: frames[i].1.image_width as f64,
                height: frames[i].1.image_height as f64,
                fov,
            };
            let c = origin + Vector3::new(d.x, 0.0, -d.z) / run.scale[i];
            errs.push((cam.project(&c).0 - u_img).abs());
        }
    }
    let range = |v: &[f64]| {
        v.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)) - v.iter().fold(f64::INFINITY, |a, &b| a.min(b))
    };
    f.image_hip_travel = if us.is_empty() { f64::NAN } else { range(&us) };
    f.root_travel_m =
        root_x.iter().flat_map(|a| root_x.iter().map(move |b| (a - b).norm())).fold(0.0, f64::max);
    // depth and across: the hips' path ÷ scale, against the image's
    let unscaled: Vec<Vector3<f64>> = (0..n)
        .map(|i| (av.hip_centre(&ts[i]) - rest_hips) / if run.scale[i] > 0.0 { run.scale[i] } else { 1.0 })
        .collect();
    let zs: Vec<f64> = unscaled.iter().map(|d| d.z).collect();
    let xs: Vec<f64> = unscaled.iter().map(|d| d.x).collect();
    f.depth_travel_m = if zs.is_empty() { f64::NAN } else { range(&zs) };
    let mut sizes: Vec<f64> = frames[..n]
        .iter()
        .filter_map(|(_, fr)| {
            let px = |i: usize| {
                fr.landmarks.get(i).filter(|l| l.visibility >= 0.5 && l.x.is_finite()).map(|l| {
                    Vector3::new(l.x as f64 * fr.image_width as f64, l.y as f64 * fr.image_height as f64, 0.0)
                })
            };
            let s = 0.5 * (px(mp::LEFT_SHOULDER)? + px(mp::RIGHT_SHOULDER)?);
            let a = 0.5 * (px(mp::LEFT_ANKLE)? + px(mp::RIGHT_ANKLE)?);
            Some((s - a).norm())
        })
        .collect();
    f.image_size_ratio = if sizes.len() < 5 {
        f64::NAN
    } else {
        quantile(&mut sizes.clone(), 0.95) / quantile(&mut sizes, 0.05).max(1.0)
    };
    // the image hip centre's travel across, in metres at the body: pixels × the world landmarks' metres per
    // pixel (the leg's, as for the hop below)
    let leg_m_per_px = leg_metres_per_pixel(&frames[..n]);
    let us_px: Vec<f64> =
        frames[..n].iter().filter_map(|(_, fr)| hip_uv(fr).map(|(u, _)| u * fr.image_width as f64)).collect();
    let image_across_m = if us_px.is_empty() { f64::NAN } else { range(&us_px) * leg_m_per_px };
    f.across_ratio = if xs.is_empty() { f64::NAN } else { range(&xs) / image_across_m };
    f.root_reprojection_median = median(errs.clone());
    f.root_reprojection_p95 = quantile(&mut errs, 0.95);
    // hop: the hips' largest rise above their median, avatar (÷ scale) and landmarks (image, in metres)
    let m_per_px = leg_m_per_px;
    let vs: Vec<f64> = frames[..n]
        .iter()
        .filter_map(|(_, fr)| hip_uv(fr).map(|(_, v)| v * fr.image_height as f64))
        .collect();
    let vmed = median(vs.clone());
    f.hop_landmarks_cm = 100.0 * m_per_px * vs.iter().map(|v| vmed - v).fold(0.0, f64::max);
    let ys: Vec<f64> = (0..n).map(|i| (av.hip_centre(&ts[i]).y - rest_hips.y) / run.scale[i]).collect();
    let ymed = median(ys.clone());
    f.hop_avatar_cm = 100.0 * ys.iter().map(|y| y - ymed).fold(0.0, f64::max);
    f.chest_peak_mm = 1e3 * run.z_peaks[0];
    f.belly_peak_mm = 1e3 * run.z_peaks[1];
    f
}

/// The world landmarks' metres per image pixel over a clip: the left leg's world length over its image length,
/// median over the frames that see it.
fn leg_metres_per_pixel(frames: &[(i64, PoseFrame)]) -> f64 {
    let m_per_px: Vec<f64> = frames
        .iter()
        .filter_map(|(_, fr)| {
            let g = |v: &[avatar_schema::Landmark], i: usize, sx: f64, sy: f64| {
                v.get(i)
                    .filter(|l| l.visibility >= 0.5)
                    .map(|l| Vector3::new(l.x as f64 * sx, l.y as f64 * sy, l.z as f64 * sx))
            };
            let (w, h) = (fr.image_width as f64, fr.image_height as f64);
            let img = |i| g(&fr.landmarks, i, w, h).map(|v| Vector3::new(v.x, v.y, 0.0));
            let wld = |i| g(&fr.world_landmarks, i, 1.0, 1.0);
            let (hi, ki, ai) = (img(mp::LEFT_HIP)?, img(mp::LEFT_KNEE)?, img(mp::LEFT_ANKLE)?);
            let (hw, kw, aw) = (wld(mp::LEFT_HIP)?, wld(mp::LEFT_KNEE)?, wld(mp::LEFT_ANKLE)?);
            let px = (ki - hi).norm() + (ai - ki).norm();
            (px > 5.0).then(|| ((kw - hw).norm() + (aw - kw).norm()) / px)
        })
        .collect();
    median(m_per_px)
}

/// The stage's own cost: map + ground each frame, median µs (mapping alone is the baseline).
fn stage_cost(
    avatar: &Arc<avatard::LoadedAvatar>,
    frames: &[(i64, PoseFrame)],
    grounding: bool,
) -> Result<f64> {
    let mut params = SimParams::default();
    params.grounding = grounding;
    let step = TimeStep::new(120.0);
    let mut sim = AvatarSim::new(avatar.clone(), &params, step).map_err(anyhow::Error::msg)?;
    let inputs = Inputs::default();
    let mut ns = vec![];
    for (i, (t, f)) in frames.iter().enumerate() {
        let t = 1_000_000_000 + t;
        store_pose(&inputs, f, "cost", i as u64 + 1, t, t);
        let o = sim.tick(&inputs, t, step, &params, false);
        ns.push(o.retarget_ns as f64);
    }
    Ok(median(ns) * 1e-3)
}

pub fn grounding(a: GroundingArgs) -> Result<()> {
    let avatar = Arc::new(a.avatar.load("grounding", SimParams::default())?);
    let av = Avatar::new(avatar.clone())?;
    let regions = regions(&avatar.asset);
    let wanted: Vec<usize> = [BodyRegion::Chest, BodyRegion::Belly]
        .iter()
        .map(|b| regions.names.iter().position(|n| *n == b.name()).unwrap_or(usize::MAX))
        .collect();
    let _ = vertex_regions; // the regions come from avatar_lab::measure::regions (same rule)
    let recordings: Vec<PathBuf> = if a.recordings.is_empty() {
        DEFAULT_RECORDINGS.iter().map(PathBuf::from).collect()
    } else {
        a.recordings.clone()
    };
    // the traces and strips are written next to the report, as the runs go
    if let Some(dir) = a.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut report = vec![];
    println!(
        "{:<34} {:<9} {:>5} {:>6} {:>8} {:>7} {:>7} {:>7} {:>6} {:>6} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "recording", "setting", "frms", "plantd", "slide", "drift", "p90", "slideA", "±1cm", "±2cm", "lowest", "imgHip", "root",
        "depth", "imgSz", "across", "reproj", "p95", "hopLm", "hopAv", "chest", "belly", "limb°", "µs"
    );
    for path in &recordings {
        let rec = tracker_bridge::recording::Recording::load(path)
            .with_context(|| format!("reading {}", path.display()))?;
        let frames = pose_frames(rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)));
        if frames.len() < 10 {
            return Err(anyhow!("{}: {} pose frames, too few", path.display(), frames.len()));
        }
        let planted = planted_from_image(&frames);
        let name = path.file_stem().map_or("?".into(), |s| s.to_string_lossy().into_owned());
        let mut runs = vec![];
        for (setting, on) in [("today", false), ("grounded", true)] {
            let mut params = SimParams::default();
            params.grounding = on;
            params.camera_fov = a.fov;
            let run = replay(&av, &frames, &params, a.tick_hz, &regions.of, &wanted)?;
            let mut f = figures(setting, &av, &frames, &planted, &run, a.fov.to_radians());
            if a.trace {
                trace(&a.out, &name, setting, &av, &frames, &planted, &run)?;
            }
            f.limb_median_deg = follow(&avatar, &frames, &params, a.tick_hz)?.median_error_deg;
            f.stage_us_median = stage_cost(&avatar, &frames, on)?;
            println!(
                "{:<34} {:<9} {:>5} {:>6} {:>8.1} {:>7.1} {:>7.1} {:>7.1} {:>6.2} {:>6.2} {:>7.1} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>6.2} {:>7.3} {:>7.3} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>6.2} {:>6.0}",
                name, setting, f.frames, f.planted_frames, f.slide_median_cm_s, f.drift_median_cm, f.drift_p90_cm,
                f.slide_ankle_cm_s, f.floor_within_1cm, f.floor_within_2cm, f.floor_lowest_cm, f.image_hip_travel,
                f.root_travel_m, f.depth_travel_m, f.image_size_ratio, f.across_ratio, f.root_reprojection_median,
                f.root_reprojection_p95, f.hop_landmarks_cm, f.hop_avatar_cm, f.chest_peak_mm, f.belly_peak_mm,
                f.limb_median_deg, f.stage_us_median
            );
            report.push(serde_json::json!({ "recording": path, "figures": f }));
            runs.push(run);
        }
        if a.strip {
            let png = a.out.with_file_name(format!(
                "{}-{name}.png",
                a.out.file_stem().map_or("grounding".into(), |s| s.to_string_lossy().into_owned())
            ));
            strip(&av, &frames, &runs[0], &runs[1], &png)?;
            eprintln!("wrote {}", png.display());
        }
    }
    println!(
        "slide: cm/s median while the image says planted; drift: cm per contact (median, p90); slideA: cm/s \
         median while the image's ankle is still; ±1cm, ±2cm: share of planted frames with the sole within 1 (2) \
         cm of the floor; lowest: cm, any frame; imgHip: image hip-centre travel (fraction of the width); root: \
         avatar hip travel (m); depth: its travel towards the camera (m, ÷ scale); imgSz: the performer's image \
         size, p95/p5; across: the hips' travel across ÷ the image's (m at the body); reproj: |re-projected root − image hip| \
         (fraction of the width); hop: cm (landmarks, avatar ÷ scale); chest/belly: peak |u| mm; µs: map (+ \
         ground) per frame"
    );
    if let Some(dir) = a.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    super::write_report(
        &a.out,
        &serde_json::json!({ "fov_deg": a.fov, "tick_hz": a.tick_hz, "runs": report }),
    )
}

fn trace(
    out: &std::path::Path,
    name: &str,
    setting: &str,
    av: &Avatar,
    frames: &[(i64, PoseFrame)],
    planted: &[[bool; 2]],
    run: &Run,
) -> Result<()> {
    use std::fmt::Write;
    let mut s = String::from(
        "t,img_planted_l,img_planted_r,locked_l,locked_r,desk,sole_l,sole_r,ankle_lx,ankle_lz,ankle_rx,ankle_rz,\
         hip_x,hip_y,hip_z,cam_x,cam_y,cam_z,hip_height,standing,scale,speed_l,speed_r,height_l,height_r,ik_l,ik_r\n",
    );
    for (i, p) in run.p.iter().enumerate().take(frames.len()) {
        let ts = av.transforms(p);
        let (al, ar, h) = (av.ankle(&ts, 0), av.ankle(&ts, 1), av.hip_centre(&ts));
        let r = run.reports[i].clone().unwrap_or_default();
        let c = r.camera.unwrap_or_default();
        writeln!(
            s,
            "{:.4},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.3},{:.3},{:.3},{:.3},{:.4},{:.4}",
            frames[i].0 as f64 * 1e-9,
            planted[i][0] as u8,
            planted[i][1] as u8,
            r.locked[0] as u8,
            r.locked[1] as u8,
            r.desk as u8,
            av.sole(&ts, 0),
            av.sole(&ts, 1),
            al.x,
            al.z,
            ar.x,
            ar.z,
            h.x,
            h.y,
            h.z,
            c.x,
            c.y,
            c.z,
            r.hip_height.unwrap_or(f64::NAN),
            r.standing_hip_height.unwrap_or(f64::NAN),
            r.scale,
            r.foot_speed[0],
            r.foot_speed[1],
            r.foot_height[0].unwrap_or(f64::NAN),
            r.foot_height[1].unwrap_or(f64::NAN),
            r.ik_correction[0],
            r.ik_correction[1]
        )?;
    }
    let stem = out.file_stem().map_or("grounding".into(), |s| s.to_string_lossy().into_owned());
    let path = out.with_file_name(format!("{stem}-{name}-{setting}.csv"));
    std::fs::write(&path, s).with_context(|| format!("writing {}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// The moments to show: the deepest crouch and the highest hop (the grounded hips' lowest and highest), the
/// longest step (the grounded hips farthest across from where they started) and the firmest lock (a frame
/// with both feet locked, the most frames into such a run); one each, distinct.
fn moments(av: &Avatar, grounded: &Run) -> Vec<(usize, &'static str)> {
    let hips: Vec<Vector3<f64>> = grounded.p.iter().map(|p| av.hip_centre(&av.transforms(p))).collect();
    if hips.is_empty() {
        return vec![];
    }
    let arg = |f: &dyn Fn(usize) -> f64| (0..hips.len()).max_by(|&a, &b| f(a).total_cmp(&f(b))).unwrap_or(0);
    let start = hips[0];
    let mut run = 0usize;
    let both: Vec<usize> = grounded
        .reports
        .iter()
        .map(|r| {
            run = if r.as_ref().is_some_and(|r| r.locked == [true, true]) { run + 1 } else { 0 };
            run
        })
        .collect();
    let mut out: Vec<(usize, &'static str)> = vec![];
    for (i, label) in [
        (arg(&|i| -hips[i].y), "crouch"),
        (arg(&|i| hips[i].y), "hop"),
        (arg(&|i| ((hips[i].x - start.x).powi(2) + (hips[i].z - start.z).powi(2)).sqrt()), "step"),
        (arg(&|i| both[i] as f64), "both feet locked"),
    ] {
        if out.iter().all(|(j, _)| j.abs_diff(i) > 5) {
            out.push((i, label));
        }
    }
    out.sort_unstable();
    out
}

/// Render the strip: per moment, today (left) and grounded (right), each from the same static camera that
/// frames the whole path of the grounded hips (and the rest pose), on the ground at the avatar's feet.
fn strip(
    av: &Avatar,
    frames: &[(i64, PoseFrame)],
    today: &Run,
    grounded: &Run,
    path: &std::path::Path,
) -> Result<()> {
    use image::{DynamicImage, Rgb, RgbImage};
    use renderer::{AvatarRenderer, Backend, Gpu, RenderSettings};
    let picked = moments(av, grounded);
    let rest: Vec<f32> = av.avatar.asset.sim.rig.rest_params().iter().map(|&v| v as f32).collect();
    let (mut lo, mut hi) = ([f32::INFINITY; 3], [f32::NEG_INFINITY; 3]);
    for p in grounded.p.iter().chain(std::iter::once(&rest)) {
        let h = av.hip_centre(&av.transforms(p));
        let (below, above, side) = (h.y - av.floor + 0.05, 1.0, 0.55);
        let (l, u) = ([h.x - side, h.y - below, h.z - side], [h.x + side, h.y + above, h.z + side]);
        for c in 0..3 {
            lo[c] = lo[c].min(l[c] as f32);
            hi[c] = hi[c].max(u[c] as f32);
        }
    }
    let gpu = Gpu::open(Backend::Auto)?;
    let (w, h) = (360u32, 420u32);
    let options = RenderSettings {
        width: w,
        height: h,
        yaw: 25.0,
        frame_box: Some((lo, hi)),
        ..RenderSettings::default()
    };
    let mut r = AvatarRenderer::new(gpu, &av.avatar.asset, options).context("the renderer")?;
    let cols = 2u32.min(picked.len().max(1) as u32);
    let rows = (picked.len() as u32).div_ceil(cols).max(1);
    let tile = 2 * w;
    let mut out = RgbImage::from_pixel(cols * tile, rows * h, Rgb([255, 255, 255]));
    for (k, &(i, label)) in picked.iter().enumerate() {
        let (x, y) = ((k as u32 % cols) * tile, (k as u32 / cols) * h);
        for (j, run) in [today, grounded].iter().enumerate() {
            let image = DynamicImage::ImageRgba8(r.render(&run.p[i], &run.z[i])?).to_rgb8();
            image::imageops::replace(&mut out, &image, (x + j as u32 * w) as i64, y as i64);
        }
        for yy in y..y + h {
            out.put_pixel(x, yy, Rgb([120, 120, 120]));
            out.put_pixel(x + w, yy, Rgb([200, 200, 200]));
        }
        eprintln!(
            "strip tile {k}: {label} at {:.2} s (today left, grounded right)",
            frames[i].0 as f64 * 1e-9
        );
    }
    out.save(path).with_context(|| format!("writing {}", path.display()))
}
