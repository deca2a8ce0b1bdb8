//! Grounding on real recordings (issue 34): the committed webcam clips through the default avatar's runtime
//! at their own timing, measured on the published `p` with the avatar's own geometry (posed render-mesh
//! vertices and joints), not with the stage's internals.
//!
//! - `grounding_squats` (a woman doing squats, feet planted): the hips go down and up with her, the feet stay
//!   where they are, on the floor, and the limbs still follow the landmarks;
//! - `hands_fingerpose` (a man at chest height, legs out of view): desk mode sits the avatar down with its
//!   feet on the floor, nothing floats or flails;
//! - `real_walk_sports2d` (issue 47: real outdoor footage, a woman crossing the view side-on and leaving it):
//!   the feet the image shows planted stay planted, on the floor, and the avatar crosses as she does;
//! - the five real clips (walks, a jump off a platform, people leaving the view and others found instead):
//!   desk mode never sits the avatar down.

use avatar_lab::follow::{follow, pose_frames, replay_frames};
use avatar_lab::planted::planted_from_image;
use avatar_sim::asset::Cache;
use avatar_sim::rig::read_affine;
use avatard::mapping::grounding::subtree;
use avatard::{AvatarSpec, LoadedAvatar, SimParams};
use nalgebra::Vector3;
use std::path::PathBuf;
use std::sync::Arc;

fn frames(name: &str) -> Vec<(i64, avatar_schema::PoseFrame)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/recordings").join(name);
    let rec = tracker_bridge::recording::Recording::load(&path).unwrap();
    pose_frames(rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)))
}

/// Per frame (its last tick): hip centre, ankles, and each foot's lowest render vertex above the rest floor.
struct Posed {
    hips: Vec<Vector3<f64>>,
    ankles: Vec<[Vector3<f64>; 2]>,
    soles: Vec<[f64; 2]>,
    /// The stage's desk mode, and its scale (avatar leg length over the performer's).
    desk: Vec<bool>,
    scale: Vec<f64>,
}

fn replay(
    avatar: &Arc<LoadedAvatar>,
    frames: &[(i64, avatar_schema::PoseFrame)],
    params: &SimParams,
) -> Posed {
    let r = &avatar.asset.render;
    let (lbs, offset) = r.rig.skeleton().unwrap();
    let roles = &avatar.roles.mapped;
    let bone = |role: &str| lbs.bone_index(&roles[role]).unwrap();
    let head = |b: usize| Vector3::from_fn(|i, _| lbs.bones()[b].bind[i][3]);
    let feet = [bone("leftFoot"), bone("rightFoot")];
    let hips = [bone("leftUpperLeg"), bone("rightUpperLeg")];
    let parents: Vec<Option<usize>> = lbs.bones().iter().map(|b| b.parent).collect();
    // render vertices with most of their weight on a foot's subtree
    let foot_vertices: Vec<Vec<usize>> = feet
        .iter()
        .map(|&f| {
            let tree = subtree(&parents, f);
            (0..r.vertices.len())
                .filter(|&v| {
                    lbs.weights().iter_row(v).filter(|(b, _)| tree.contains(b)).map(|(_, w)| w).sum::<f64>()
                        > 0.5
                })
                .collect()
        })
        .collect();
    let floor = r.vertices.iter().map(|v| v[1]).fold(f64::INFINITY, f64::min);
    let mut out = Posed { hips: vec![], ankles: vec![], soles: vec![], desk: vec![], scale: vec![] };
    replay_frames(avatar, frames, params, |sim, p, _| {
        let t = |b: usize| read_affine(&p[offset + 12 * b..]);
        let at = |b: usize, x: &Vector3<f64>| {
            let m = t(b);
            Vector3::from_fn(|i, _| m[i][0] * x.x + m[i][1] * x.y + m[i][2] * x.z + m[i][3])
        };
        out.hips.push(0.5 * (at(hips[0], &head(hips[0])) + at(hips[1], &head(hips[1]))));
        out.ankles.push([at(feet[0], &head(feet[0])), at(feet[1], &head(feet[1]))]);
        let x = r.rig.deform(&r.vertices, p).unwrap();
        let n = r.vertices.len();
        out.soles.push(std::array::from_fn(|k| {
            foot_vertices[k].iter().map(|&v| x[n + v]).fold(f64::INFINITY, f64::min) - floor
        }));
        out.desk.push(sim.grounding().is_some_and(|g| g.desk));
        out.scale.push(sim.grounding().map_or(1.0, |g| g.scale));
    });
    out
}

fn default_avatar() -> Arc<LoadedAvatar> {
    let cache = Cache::default_dir().map(Cache::new);
    Arc::new(avatard::load_avatar(&AvatarSpec::new("grounding"), cache.as_ref()).unwrap())
}

#[test]
fn squats_lower_the_hips_with_the_feet_planted_on_the_floor() {
    let avatar = default_avatar();
    let frames = frames("grounding_squats.avtrrec");
    let on = SimParams::default();
    let off = SimParams { grounding: false, ..SimParams::default() };
    let g = replay(&avatar, &frames, &on);
    let before = replay(&avatar, &frames, &off);
    let range = |v: &[f64]| {
        v.iter().cloned().fold(f64::NEG_INFINITY, f64::max) - v.iter().cloned().fold(f64::INFINITY, f64::min)
    };
    let hip_y: Vec<f64> = g.hips.iter().map(|h| h.y).collect();
    let hip_y_before: Vec<f64> = before.hips.iter().map(|h| h.y).collect();
    eprintln!("hips' vertical range: {:.3} m grounded, {:.3} m before", range(&hip_y), range(&hip_y_before));
    // she squats three times, her hips ~0.3 m down: the avatar's go down with her (before: they never moved)
    assert!(range(&hip_y) > 0.2, "the hips moved {:.3} m", range(&hip_y));
    assert!(range(&hip_y_before) < 0.01);
    // before, the bent legs pulled the feet up off the floor; now they stay on it
    let lowest_before = before.soles.iter().flatten().cloned().fold(f64::INFINITY, f64::min);
    let highest_before = before.soles.iter().flatten().cloned().fold(f64::NEG_INFINITY, f64::max);
    assert!(highest_before > 0.1, "before: the feet rose {highest_before} m off the floor");
    let worst = g.soles.iter().flatten().map(|s| s.abs()).fold(0.0, f64::max);
    eprintln!(
        "soles: grounded within {worst:.4} m of the floor; before {lowest_before:.3}..{highest_before:.3} m"
    );
    // after the first second (the stage learns the floor and the image's scale), every frame within 1.5 cm
    let settled = (frames.len() / 13).max(1); // 5 fps: the first second
    for (i, s) in g.soles.iter().enumerate().skip(settled) {
        assert!(s.iter().all(|h| h.abs() < 0.015), "frame {i}: soles {s:?}");
    }
    // and the feet stay where they planted: across the floor within 3 cm over the whole clip
    for k in 0..2 {
        let a0 = g.ankles[settled][k];
        let drift = g.ankles[settled..]
            .iter()
            .map(|a| ((a[k].x - a0.x).powi(2) + (a[k].z - a0.z).powi(2)).sqrt())
            .fold(0.0, f64::max);
        eprintln!("foot {k}: drift {drift:.4} m");
        assert!(drift < 0.03, "foot {k} drifted {drift} m");
    }
    // the limbs still follow the landmarks
    let f = follow(&avatar, &frames, &on, 120.0).unwrap();
    let b = follow(&avatar, &frames, &off, 120.0).unwrap();
    for (l, lb) in f.limbs.iter().zip(&b.limbs) {
        eprintln!(
            "{:>14}: median {:.2}° (grounding off {:.2}°)",
            l.role, l.median_error_deg, lb.median_error_deg
        );
    }
    eprintln!("limbs: median {:.2}°, worst limb {:.2}°", f.median_error_deg, f.worst_limb_error_deg);
    // the limbs' median within the goal's 3°; the worst (a thigh: locked feet hold the stance the landmarks'
    // ankles wander from in the deep squats) bounded, a known gap
    assert!(f.median_error_deg <= 3.0, "median limb error {:.2}°", f.median_error_deg);
    assert!(f.worst_limb_error_deg <= 6.0, "worst limb median error {:.2}°", f.worst_limb_error_deg);
}

#[test]
fn legs_out_of_view_sit_the_avatar_down_on_the_floor() {
    let avatar = default_avatar();
    let frames = frames("hands_fingerpose.avtrrec");
    let g = replay(&avatar, &frames, &SimParams::default());
    let rest_hips = g.hips[0];
    // after the desk mode's second and its blend, seated: hips lower by about a thigh, both feet on the floor
    let late = frames.len() * 2 / 3;
    for i in late..frames.len() {
        assert!(
            g.hips[i].y < rest_hips.y - 0.25,
            "frame {i}: hips at {} (standing {})",
            g.hips[i].y,
            rest_hips.y
        );
        assert!(g.soles[i].iter().all(|h| h.abs() < 0.01), "frame {i}: soles {:?}", g.soles[i]);
    }
    // and the hips hold still there (no flailing from the legs' low-visibility landmarks)
    let ys: Vec<f64> = g.hips[late..].iter().map(|h| h.y).collect();
    let spread = ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max)
        - ys.iter().cloned().fold(f64::INFINITY, f64::min);
    assert!(spread < 0.01, "seated hips moved {spread} m");
}

/// Slide (m/s, median over consecutive planted frames), drift per contact (m, p90) and the share of planted
/// frames with the sole within 2 cm of the floor, "planted" read from the image alone.
fn planted_figures(g: &Posed, frames: &[(i64, avatar_schema::PoseFrame)]) -> (f64, f64, f64, usize) {
    let planted = planted_from_image(frames);
    let n = g.ankles.len().min(frames.len());
    let across = |a: &Vector3<f64>, b: &Vector3<f64>| ((a.x - b.x).powi(2) + (a.z - b.z).powi(2)).sqrt();
    let (mut speeds, mut drifts, mut soles) = (vec![], vec![], vec![]);
    for k in 0..2 {
        let mut start: Option<(usize, Vector3<f64>, f64)> = None;
        for i in 0..n {
            if planted[i][k] {
                soles.push(g.soles[i][k]);
                if i > 0 && planted[i - 1][k] {
                    let dt = (frames[i].0 - frames[i - 1].0) as f64 * 1e-9;
                    speeds.push(across(&g.ankles[i][k], &g.ankles[i - 1][k]) / dt.max(1e-6));
                }
                let s = start.get_or_insert((i, g.ankles[i][k], 0.0));
                s.2 = s.2.max(across(&g.ankles[i][k], &s.1));
            }
            if !planted[i][k] || i + 1 == n {
                if let Some((i0, _, d)) = start.take() {
                    if i - i0 >= 2 {
                        drifts.push(d);
                    }
                }
            }
        }
    }
    let within = soles.iter().filter(|s| s.abs() <= 0.02).count() as f64 / soles.len().max(1) as f64;
    let contacts = drifts.len();
    (avatar_sim::stats::median(speeds), avatar_sim::stats::quantile(&mut drifts, 0.9), within, contacts)
}

/// Real outdoor footage the stage was not tuned on... (issue 47): a woman walks across the view side-on and
/// out of it at the left edge (then the tracker finds the performer running on the right). The feet the image
/// shows planted stay planted and on the floor, the avatar crosses with her, and with grounding off the same
/// feet slide (the measure can fail).
#[test]
fn a_real_walk_keeps_the_planted_feet_planted_on_the_floor() {
    let avatar = default_avatar();
    let frames = frames("real_walk_sports2d.avtrrec");
    let g = replay(&avatar, &frames, &SimParams::default());
    let (slide, drift_p90, within, contacts) = planted_figures(&g, &frames);
    let before = replay(&avatar, &frames, &SimParams { grounding: false, ..SimParams::default() });
    let (slide_before, drift_before, within_before, _) = planted_figures(&before, &frames);
    eprintln!(
        "real walk: {contacts} contacts; slide {:.1} cm/s (grounding off {:.1}), drift p90 {:.1} cm ({:.1}), \
         soles within 2 cm {:.2} ({:.2})",
        100.0 * slide,
        100.0 * slide_before,
        100.0 * drift_p90,
        100.0 * drift_before,
        within,
        within_before
    );
    assert!(contacts >= 10, "{contacts} contacts");
    assert!(slide <= 0.03, "planted feet slide {slide} m/s");
    assert!(drift_p90 <= 0.05, "drift per contact p90 {drift_p90} m");
    assert!(within >= 0.95, "soles within 2 cm of the floor on {within} of the planted frames");
    assert!(slide_before > 0.1 && within_before < 0.95, "grounding off: {slide_before} m/s, {within_before}");
    // she walks across the view until she leaves it (frame ~155 of the recording's poses): the avatar crosses
    // too, by at least 80 % of her image travel in metres at the body, from the moment the stage has seen her
    // whole long enough to move the hips (0.3 s, issue 54: it waits for evidence)
    let end = (frames.len() * 3 / 4).min(g.hips.len());
    let start = frames.iter().position(|(t, _)| *t - frames[0].0 >= 300_000_000).unwrap();
    let hip_u: Vec<f64> = frames[start..end]
        .iter()
        .filter_map(|(_, f)| {
            let (l, r) = (f.landmarks[23], f.landmarks[24]);
            (l.visibility >= 0.5 && r.visibility >= 0.5)
                .then(|| 0.5 * (l.x + r.x) as f64 * f.image_width as f64)
        })
        .collect();
    let legs_px: Vec<f64> = frames[..end]
        .iter()
        .filter_map(|(_, f)| {
            let px = |i: usize| {
                let l = f.landmarks[i];
                Vector3::new(l.x as f64 * f.image_width as f64, l.y as f64 * f.image_height as f64, 0.0)
            };
            let w = |i: usize| {
                let l = f.world_landmarks[i];
                Vector3::new(l.x as f64, l.y as f64, l.z as f64)
            };
            let image = (px(25) - px(23)).norm() + (px(27) - px(25)).norm();
            let world = (w(25) - w(23)).norm() + (w(27) - w(25)).norm();
            (image > 5.0).then(|| world / image)
        })
        .collect();
    let m_per_px = avatar_sim::stats::median(legs_px);
    let range = |v: &mut dyn Iterator<Item = f64>| {
        let v: Vec<f64> = v.collect();
        v.iter().cloned().fold(f64::NEG_INFINITY, f64::max) - v.iter().cloned().fold(f64::INFINITY, f64::min)
    };
    let image_m = range(&mut hip_u.iter().cloned()) * m_per_px;
    let avatar_m = range(&mut (start..end).map(|i| g.hips[i].x / g.scale[i]));
    eprintln!("across: the avatar {avatar_m:.2} m (÷ scale), the image {image_m:.2} m");
    assert!(avatar_m >= 0.8 * image_m, "the avatar crossed {avatar_m} m of her {image_m} m");
}

/// Walking out of the view is not sitting at a desk (issue 47): on the real clips, where people leave the
/// view at its edges, are lost, and others are found instead, desk mode never engages.
#[test]
fn people_leaving_the_view_never_sit_the_avatar_down() {
    let avatar = default_avatar();
    for clip in [
        "real_walk_sports2d.avtrrec",
        "real_platform_sports2d.avtrrec",
        "real_jump_sports2d.avtrrec",
        "real_lawn_vtest.avtrrec",
        "real_plaza_vtest.avtrrec",
    ] {
        let frames = frames(clip);
        let g = replay(&avatar, &frames, &SimParams::default());
        let desk = g.desk.iter().filter(|d| **d).count();
        eprintln!("{clip}: desk mode on {desk} of {} frames", g.desk.len());
        assert_eq!(desk, 0, "{clip}: desk mode engaged on {desk} frames");
    }
}
