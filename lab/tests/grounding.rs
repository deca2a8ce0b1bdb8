//! Grounding on real recordings (issue 34): the committed webcam clips through the default avatar's runtime
//! at their own timing, measured on the published `p` with the avatar's own geometry (posed render-mesh
//! vertices and joints), not with the stage's internals.
//!
//! - `grounding_squats` (a woman doing squats, feet planted): the hips go down and up with her, the feet stay
//!   where they are, on the floor, and the limbs still follow the landmarks;
//! - `hands_fingerpose` (a man at chest height, legs out of view): desk mode sits the avatar down with its
//!   feet on the floor, nothing floats or flails.

use avatar_lab::follow::{follow, pose_frames, store_pose};
use avatar_sim::asset::Cache;
use avatar_sim::rig::read_affine;
use avatard::mapping::grounding::subtree;
use avatard::{AvatarSim, AvatarSpec, Inputs, LoadedAvatar, SimParams, TimeStep};
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
    let step = TimeStep::new(120.0);
    let mut sim = AvatarSim::new(avatar.clone(), params, step).unwrap();
    let inputs = Inputs::default();
    let t0 = 1_000_000_000i64;
    let end = t0 + frames.last().unwrap().0 + step.dt_ns;
    let (mut next, mut now) = (0usize, t0);
    let mut out = Posed { hips: vec![], ankles: vec![], soles: vec![] };
    while now < end {
        while next < frames.len() && t0 + frames[next].0 <= now {
            store_pose(&inputs, &frames[next].1, "test", next as u64 + 1, t0 + frames[next].0, now);
            next += 1;
        }
        let o = sim.tick(&inputs, now, step, params, false);
        if next > 0
            && (next == frames.len() || t0 + frames[next].0 > now + step.dt_ns)
            && out.hips.len() < next
        {
            let p: Vec<f64> = o.p.iter().map(|&v| v as f64).collect();
            let t = |b: usize| read_affine(&p[offset + 12 * b..]);
            let at = |b: usize, x: &Vector3<f64>| {
                let m = t(b);
                Vector3::from_fn(|i, _| m[i][0] * x.x + m[i][1] * x.y + m[i][2] * x.z + m[i][3])
            };
            out.hips.push(0.5 * (at(hips[0], &head(hips[0])) + at(hips[1], &head(hips[1]))));
            out.ankles.push([at(feet[0], &head(feet[0])), at(feet[1], &head(feet[1]))]);
            let x = r.rig.deform(&r.vertices, &p).unwrap();
            let n = r.vertices.len();
            out.soles.push(std::array::from_fn(|k| {
                foot_vertices[k].iter().map(|&v| x[n + v]).fold(f64::INFINITY, f64::min) - floor
            }));
        }
        now += step.dt_ns;
    }
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
