//! The grounding stage on synthetic performers: a body placed in camera space, its legs solved to put the
//! ankles where the scene wants them, seen through a known camera (image landmarks by projection, world
//! landmarks hip-centred), mapped by [`crate::PoseMapper`] onto the default avatar and grounded.
//! The avatar is measured by posing its bind-pose joints with the output transforms directly.

use super::*;
use crate::{PoseMap, PoseMapSettings, PoseMapper};
use avatar_schema::pose_landmarks as mp;
use avatar_schema::types::{FrameHeader, Landmark, PoseFrame};
use avatar_sim::asset::default_avatar;
use avatar_sim::rig::{read_affine, Rig};
use nalgebra::Vector3;
use std::collections::BTreeMap;

const CAM: Camera = Camera { width: 640.0, height: 480.0, fov: 1.0471975511965976 }; // 60°
const THIGH: f64 = 0.42;
const SHIN: f64 = 0.42;
/// Camera-space floor height (y down): the camera is 1 m above the floor, level.
const FLOOR_Y: f64 = 1.0;
/// Ankle above the sole.
const ANKLE_UP: f64 = 0.07;
const DT: f64 = 1.0 / 30.0;

/// A performer in camera space (metres, MediaPipe axes): hip centre and ankles.
#[derive(Clone, Copy, Debug)]
struct Scene {
    hips: Vector3<f64>,
    ankles: [Vector3<f64>; 2],
    /// Visibility of the legs' landmarks (knees, ankles, heels, toes) and of the hips.
    legs_vis: f32,
    hips_vis: f32,
}

fn standing_at(x: f64, z: f64) -> Scene {
    let ankle_y = FLOOR_Y - ANKLE_UP;
    Scene {
        hips: Vector3::new(x, ankle_y - THIGH - SHIN + 0.002, z),
        ankles: [Vector3::new(x + 0.1, ankle_y, z), Vector3::new(x - 0.1, ankle_y, z)],
        legs_vis: 0.99,
        hips_vis: 0.99,
    }
}

/// The knee of a two-bone leg from hip to ankle (world), bending towards the camera (−z).
fn knee(hip: Vector3<f64>, ankle: Vector3<f64>) -> Vector3<f64> {
    let to = ankle - hip;
    let d = to.norm().min(THIGH + SHIN - 1e-6);
    let u = to.normalize();
    let fwd = Vector3::new(0.0, 0.0, -1.0);
    let v = (fwd - u * u.dot(&fwd)).normalize();
    let cos = (THIGH * THIGH + d * d - SHIN * SHIN) / (2.0 * THIGH * d);
    hip + THIGH * (cos * u + (1.0 - cos * cos).max(0.0).sqrt() * v)
}

/// World landmarks (hip-centred) of the scene.
fn world(s: &Scene) -> Vec<(Vector3<f64>, f32)> {
    let mut w = vec![(Vector3::zeros(), 0.99f32); 33];
    let up = |x: f64, y: f64, z: f64| (Vector3::new(x, y, z), 0.99f32);
    for i in 0..11 {
        w[i] = up(0.01 * (i as f64 - 5.0), -0.64, -0.08);
    }
    w[mp::LEFT_EAR] = up(0.07, -0.66, 0.0);
    w[mp::RIGHT_EAR] = up(-0.07, -0.66, 0.0);
    w[mp::LEFT_SHOULDER] = up(0.18, -0.5, 0.0);
    w[mp::RIGHT_SHOULDER] = up(-0.18, -0.5, 0.0);
    w[mp::LEFT_ELBOW] = up(0.22, -0.22, 0.0);
    w[mp::RIGHT_ELBOW] = up(-0.22, -0.22, 0.0);
    w[mp::LEFT_WRIST] = up(0.24, 0.03, 0.0);
    w[mp::RIGHT_WRIST] = up(-0.24, 0.03, 0.0);
    for (i, x) in [(17, 0.25), (18, -0.25), (19, 0.26), (20, -0.26), (21, 0.25), (22, -0.25)] {
        w[i] = up(x, 0.1, -0.02);
    }
    for (k, sign) in [(0usize, 1.0), (1, -1.0)] {
        let hip = Vector3::new(0.1 * sign, 0.0, 0.0);
        let ankle = s.ankles[k] - s.hips;
        let idx = |l: usize, r: usize| if k == 0 { l } else { r };
        w[idx(mp::LEFT_HIP, mp::RIGHT_HIP)] = (hip, s.hips_vis);
        w[idx(mp::LEFT_KNEE, mp::RIGHT_KNEE)] = (knee(hip, ankle), s.legs_vis);
        w[idx(mp::LEFT_ANKLE, mp::RIGHT_ANKLE)] = (ankle, s.legs_vis);
        w[idx(mp::LEFT_HEEL, mp::RIGHT_HEEL)] = (ankle + Vector3::new(0.0, 0.05, 0.05), s.legs_vis);
        w[idx(mp::LEFT_FOOT_INDEX, mp::RIGHT_FOOT_INDEX)] =
            (ankle + Vector3::new(0.0, 0.06, -0.13), s.legs_vis);
    }
    w
}

fn frame(s: &Scene, t: f64) -> PoseFrame {
    let lm = |v: &Vector3<f64>, vis: f32| Landmark {
        x: v.x as f32,
        y: v.y as f32,
        z: v.z as f32,
        visibility: vis,
        presence: vis,
    };
    let w = world(s);
    let (image, world): (Vec<Landmark>, Vec<Landmark>) = w
        .iter()
        .map(|(p, vis)| {
            let (u, v) = CAM.project(&(p + s.hips));
            // out of the image: not visible
            let vis = if (0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v) { *vis } else { 0.05 };
            (lm(&Vector3::new(u, v, 0.0), vis), lm(p, vis))
        })
        .unzip();
    PoseFrame {
        header: FrameHeader {
            source_id: "test".into(),
            stream_id: 1,
            seq: (t * 30.0).round() as u64,
            capture_time_ns: (t * 1e9) as i64,
            send_time_ns: (t * 1e9) as i64,
        },
        image_width: CAM.width as u32,
        image_height: CAM.height as u32,
        person_index: 0,
        landmarks: image,
        world_landmarks: world,
    }
}

struct Rigged {
    rig: Rig,
    mapper: PoseMapper,
    g: Grounding,
    opts: GroundingSettings,
    offset: usize,
}

impl Rigged {
    fn new() -> Self {
        let (mesh, rig) = default_avatar::inputs().unwrap();
        let (lbs, offset) = rig.skeleton().unwrap();
        let roles = avatar_sim::rig::avatar_roles(rig.bone_names(), &BTreeMap::new());
        let sk = Skeleton::new(lbs, &roles, Some(&mesh.vertices)).unwrap();
        let mapper = PoseMapper::new(&rig, &PoseMap::default_avatar(), PoseMapSettings::default()).unwrap();
        Rigged { g: Grounding::new(sk, offset), rig, mapper, opts: GroundingSettings::default(), offset }
    }

    fn step(&mut self, s: &Scene, t: f64) -> Vec<f64> {
        let f = frame(s, t);
        let mut p = self.mapper.map_at(&f.world_landmarks, t);
        self.g.pose(&mut p, &f, t, &self.opts);
        assert!(p.iter().all(|v| v.is_finite()));
        p
    }

    /// Posed bind-pose head of bone `name`, carried by bone `by`.
    fn head(&self, p: &[f64], by: &str, name: &str) -> Vector3<f64> {
        let (lbs, _) = self.rig.skeleton().unwrap();
        let b = lbs.bone_index(by).unwrap();
        let t = read_affine(&p[self.offset + 12 * b..]);
        let x = avatar_sim::rig::bone_head(&self.rig, name).unwrap();
        Vector3::from_fn(|r, _| t[r][0] * x[0] + t[r][1] * x[1] + t[r][2] * x[2] + t[r][3])
    }

    fn ankle(&self, p: &[f64], k: usize) -> Vector3<f64> {
        let foot = ["foot_l", "foot_r"][k];
        self.head(p, foot, foot)
    }

    fn hips(&self, p: &[f64]) -> Vector3<f64> {
        0.5 * (self.head(p, "thigh_l", "thigh_l") + self.head(p, "thigh_r", "thigh_r"))
    }

    /// The ankle's height above its rest height (0 = standing on the avatar's floor).
    fn lift(&self, p: &[f64], k: usize) -> f64 {
        let foot = ["foot_l", "foot_r"][k];
        self.ankle(p, k).y - avatar_sim::rig::bone_head(&self.rig, foot).unwrap()[1]
    }

    /// Stand still for `secs` (the calibration).
    fn stand(&mut self, s: &Scene, t: &mut f64, secs: f64) -> Vec<f64> {
        let mut p = vec![];
        let end = *t + secs;
        while *t < end {
            p = self.step(s, *t);
            *t += DT;
        }
        p
    }
}

#[test]
fn standing_still_keeps_the_avatar_at_rest_height_on_its_floor() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let p = r.stand(&standing_at(0.2, 3.0), &mut t, 3.0);
    let rest_hips = 0.5
        * (Vector3::from(avatar_sim::rig::bone_head(&r.rig, "thigh_l").unwrap())
            + Vector3::from(avatar_sim::rig::bone_head(&r.rig, "thigh_r").unwrap()));
    let hips = r.hips(&p);
    assert!((hips - rest_hips).norm() < 0.01, "{hips} vs {rest_hips}");
    for k in 0..2 {
        assert!(r.lift(&p, k).abs() < 0.01, "foot {k}: {}", r.lift(&p, k));
    }
    let rep = r.g.report();
    assert!(rep.locked == [true, true], "{rep:?}");
    // the scale: the avatar's legs over the synthetic performer's 0.84 m
    assert!((rep.scale - r.g.skeleton().leg_length / (THIGH + SHIN)).abs() < 0.01, "{}", rep.scale);
}

#[test]
fn a_planted_foot_holds_while_the_hips_move_sideways() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.5);
    let planted = r.ankle(&p0, 0);
    // the left foot stays, the right one lifts and swings over 0.3 m while the hips shift 0.3 m to the left
    // (performer's left = image +x), as in a side step
    let n = 30;
    let mut worst: f64 = 0.0;
    let mut p = p0.clone();
    for i in 1..=n {
        let u = i as f64 / n as f64;
        let mut s = s0;
        s.hips.x += 0.3 * u;
        s.ankles[1].x += 0.6 * u;
        s.ankles[1].y -= 0.12 * (std::f64::consts::PI * u).sin();
        p = r.step(&s, t);
        t += DT;
        worst = worst.max((r.ankle(&p, 0) - planted).norm());
        if std::env::var("DEBUG_G").is_ok() {
            let g = r.g.report();
            eprintln!(
                "{i} ankle0 {:.4} cam {:?} locked {:?} gave {} speed {:?}",
                (r.ankle(&p, 0) - planted).norm(),
                g.camera.map(|c| (c.x, c.z)),
                g.locked,
                g.gave,
                g.foot_speed
            );
        }
    }
    let moved = r.hips(&p).x - r.hips(&p0).x;
    let scale = r.g.report().scale;
    assert!((moved - 0.3 * scale).abs() < 0.05, "the hips moved {moved} m (want {})", 0.3 * scale);
    assert!(worst < 0.01, "the planted foot moved {worst} m");
}

#[test]
fn a_crouch_lowers_the_hips_and_keeps_the_feet_on_the_floor() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.5);
    let mut s = s0;
    let mut p = p0.clone();
    for i in 1..=30 {
        s.hips.y = s0.hips.y + 0.3 * i as f64 / 30.0; // y down: 30 cm lower
        p = r.step(&s, t);
        t += DT;
    }
    let p = {
        let mut q = p;
        for _ in 0..15 {
            q = r.step(&s, t);
            t += DT;
        }
        q
    };
    let drop = r.hips(&p0).y - r.hips(&p).y;
    let want = 0.3 * r.g.report().scale;
    assert!((drop - want).abs() < 0.03, "the hips dropped {drop} m, want {want}");
    for k in 0..2 {
        assert!(r.lift(&p, k).abs() < 0.01, "foot {k} off the floor by {}", r.lift(&p, k));
        assert!((r.ankle(&p, k) - r.ankle(&p0, k)).norm() < 0.02, "foot {k} moved");
    }
    // knees bend forward (+z on the avatar)
    assert!(r.head(&p, "calf_l", "calf_l").z > r.head(&p0, "calf_l", "calf_l").z + 0.05);
}

#[test]
fn a_hop_lifts_the_root_by_the_scaled_height() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.5);
    // 12 cm up and down over 0.4 s, feet with the body
    let mut top: f64 = f64::NEG_INFINITY;
    for i in 1..=12 {
        let h = 0.12 * (std::f64::consts::PI * i as f64 / 12.0).sin();
        let mut s = s0;
        s.hips.y -= h;
        s.ankles.iter_mut().for_each(|a| a.y -= h);
        let p = r.step(&s, t);
        t += DT;
        top = top.max(r.hips(&p).y - r.hips(&p0).y);
    }
    let want = 0.12 * r.g.report().scale;
    assert!((top - want).abs() < 0.3 * want, "the hips rose {top} m, want {want}");
}

#[test]
fn legs_out_of_view_sit_at_a_desk_and_come_back() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    r.stand(&s0, &mut t, 2.0);
    let mut s = s0;
    s.legs_vis = 0.1;
    s.hips_vis = 0.1;
    let p = r.stand(&s, &mut t, 2.5);
    assert!(r.g.report().desk && r.g.report().seated, "{:?}", r.g.report());
    for k in 0..2 {
        assert!(r.lift(&p, k).abs() < 0.01, "seated foot {k} on the floor: {}", r.lift(&p, k));
    }
    // seated: the thighs point forward, the hips are lower than standing by about a thigh
    let thigh = r.head(&p, "calf_l", "calf_l") - r.head(&p, "thigh_l", "thigh_l");
    assert!(thigh.z > 0.8 * thigh.norm(), "thigh {thigh}");
    let p = r.stand(&s0, &mut t, 2.0);
    assert!(!r.g.report().desk);
    for k in 0..2 {
        assert!(r.lift(&p, k).abs() < 0.01);
    }
}

#[test]
fn bad_input_holds_or_eases_and_never_jumps_across_the_room() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.0);
    let mut last = r.hips(&p0);
    let mut max_step: f64 = 0.0;
    let mut step = |r: &mut Rigged, s: &Scene, t: &mut f64, mangle: &dyn Fn(&mut PoseFrame)| {
        let mut f = frame(s, *t);
        mangle(&mut f);
        let mut p = r.mapper.map_at(&f.world_landmarks, *t);
        r.g.pose(&mut p, &f, *t, &r.opts);
        assert!(p.iter().all(|v| v.is_finite()), "finite at {t}");
        *t += DT;
        let h = r.hips(&p);
        if std::env::var("DEBUG_G").is_ok() {
            let g = r.g.report();
            eprintln!(
                "t {:.2} reanch {} held {} cam {:?} hips {:?}",
                *t,
                g.reanchored,
                g.jumps_held,
                g.camera.map(|c| (c.x, c.y, c.z)),
                (h.x, h.y, h.z)
            );
        }
        max_step = max_step.max((h - last).norm());
        last = h;
        p
    };
    // one foot missing
    for _ in 0..15 {
        step(&mut r, &s0, &mut t, &|f| {
            for i in [mp::LEFT_ANKLE, mp::LEFT_HEEL, mp::LEFT_FOOT_INDEX] {
                f.landmarks[i].visibility = 0.0;
                f.world_landmarks[i].visibility = 0.0;
            }
        });
    }
    // NaN everywhere, and NaN in a few landmarks
    for _ in 0..5 {
        step(&mut r, &s0, &mut t, &|f| f.landmarks.iter_mut().for_each(|l| l.x = f32::NAN));
        step(&mut r, &s0, &mut t, &|f| f.world_landmarks[mp::LEFT_HIP].y = f32::NAN);
    }
    // the person leaves the frame (nothing visible)
    for _ in 0..20 {
        step(&mut r, &s0, &mut t, &|f| {
            f.landmarks.iter_mut().chain(f.world_landmarks.iter_mut()).for_each(|l| l.visibility = 0.0)
        });
    }
    // back in view for a second (after the gap, the body is taken where it is found)
    for _ in 0..30 {
        step(&mut r, &s0, &mut t, &|_| {});
    }
    let held_before = r.g.report().jumps_held;
    // two people swap: the detection jumps 1.5 m to the side for a few frames, then back
    let other = standing_at(1.5, 3.5);
    for _ in 0..5 {
        step(&mut r, &other, &mut t, &|_| {});
    }
    for _ in 0..10 {
        step(&mut r, &s0, &mut t, &|_| {});
    }
    assert!(r.g.report().jumps_held > held_before, "the swap was held");
    // the other person stays: the stage re-anchors on them, the avatar stays where it was (no glide across
    // the room), and from there follows their motion
    let p = step(&mut r, &s0, &mut t, &|_| {});
    let before = r.hips(&p);
    let reanchored = r.g.report().reanchored;
    let mut p = p;
    for _ in 0..60 {
        p = step(&mut r, &other, &mut t, &|_| {});
    }
    assert_eq!(r.g.report().reanchored, reanchored + 1);
    let stayed = r.hips(&p);
    assert!((stayed - before).norm() < 0.05, "the avatar stayed: {before} -> {stayed}");
    let mut walked = other;
    for i in 1..=75 {
        // (a 1 m/s glide: the feet move too fast to hold; towards the image's centre: at its edge a body
        // is taken as leaving the view and moves no hip)
        let dx = -0.5 * (i as f64 / 15.0).min(1.0);
        walked.hips.x = other.hips.x + dx;
        walked.ankles = other.ankles.map(|a| a + Vector3::new(dx, 0.0, 0.0));
        p = step(&mut r, &walked, &mut t, &|_| {});
    }
    let scale = r.g.report().scale;
    let went = r.hips(&p).x - stayed.x;
    assert!((went + 0.5 * scale).abs() < 0.1 * scale, "it followed the new person's walk: {went} m");
    // a person walks at most ~2 m/s: 7 cm per frame
    assert!(max_step < 0.15, "the largest step of the hips in one frame: {max_step} m");
}

#[test]
fn a_rig_frame_without_a_root_position_stands_on_its_lowest_foot() {
    let mut r = Rigged::new();
    let rest = r.rig.rest_params();
    // both knees bent 60° (a crouch in a VMC stream): the feet rise off the floor until grounded
    let mut p = rest.clone();
    for (thigh, calf) in [("thigh_l", "calf_l"), ("thigh_r", "calf_r")] {
        avatar_sim::rig::rotate_subtree(&r.rig, &mut p, thigh, [1.0, 0.0, 0.0], -0.5).unwrap();
        avatar_sim::rig::rotate_subtree(&r.rig, &mut p, calf, [1.0, 0.0, 0.0], 1.0).unwrap();
    }
    // the lowest vertex of the mesh mostly on each foot (posed by the rig), above the mesh's rest floor
    let (mesh, _) = default_avatar::inputs().unwrap();
    let (lbs, _) = r.rig.skeleton().unwrap();
    let floor = mesh.vertices.iter().map(|v| v[1]).fold(f64::INFINITY, f64::min);
    let sole = |p: &[f64], foot: &str, toes: &str| {
        let (f, t) = (lbs.bone_index(foot).unwrap(), lbs.bone_index(toes).unwrap());
        let x = r.rig.deform(&mesh.vertices, p).unwrap();
        let n = mesh.vertices.len();
        (0..n)
            .filter(|&v| {
                lbs.weights().iter_row(v).filter(|(b, _)| *b == f || *b == t).map(|(_, w)| w).sum::<f64>()
                    > 0.5
            })
            .map(|v| x[n + v])
            .fold(f64::INFINITY, f64::min)
            - floor
    };
    let lifted = sole(&p, "foot_l", "ball_l");
    assert!(lifted > 0.03, "the bent legs lift the feet by {lifted} m before grounding");
    r.g.rig_frame(&mut p, &r.opts);
    let soles = [sole(&p, "foot_l", "ball_l"), sole(&p, "foot_r", "ball_r")];
    assert!(soles.iter().all(|s| s.abs() < 0.005), "soles {soles:?}");
    assert!(r.hips(&p).y < r.hips(&rest).y - 0.03, "the hips went down");
    // off: untouched
    let mut q = rest.clone();
    avatar_sim::rig::rotate_subtree(&r.rig, &mut q, "calf_l", [1.0, 0.0, 0.0], 1.0).unwrap();
    let before = q.clone();
    r.g.rig_frame(&mut q, &GroundingSettings { enabled: false, ..r.opts });
    assert_eq!(q, before);
}

#[test]
fn walking_out_of_the_view_is_not_sitting_at_a_desk() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.0);
    let rest = r.hips(&p0).y;
    // walk to the right at 1 m/s until the whole body is past the image's edge (1.73 m at 3 m, 60°), then
    // stay out of view for three seconds (MediaPipe keeps reporting the body, unseen, at the edge)
    let mut s = s0;
    let mut lowest: f64 = f64::INFINITY;
    while t < 8.0 {
        s.hips.x = (s.hips.x + DT).min(2.4);
        s.ankles = [
            Vector3::new(s.hips.x + 0.1, s0.ankles[0].y, 3.0),
            Vector3::new(s.hips.x - 0.1, s0.ankles[1].y, 3.0),
        ];
        let p = r.step(&s, t);
        t += DT;
        let g = r.g.report();
        assert!(!g.desk && !g.seated, "t {t:.2}: desk mode engaged while walking out of the view: {g:?}");
        lowest = lowest.min(r.hips(&p).y);
    }
    assert!(r.g.report().out_of_view, "{:?}", r.g.report());
    assert!(lowest > rest - 0.1, "the hips went down to {lowest} (standing {rest})");
    // a desk framing (legs and hips unseen, the upper body still and centred) does engage it
    let mut d = s0;
    d.legs_vis = 0.1;
    d.hips_vis = 0.1;
    r.stand(&s0, &mut t, 1.0);
    r.stand(&d, &mut t, 2.5);
    assert!(r.g.report().desk, "{:?}", r.g.report());
}

/// Issue 54: a false pose a few pixels tall, and a person entering from the image's side, move no hip; once
/// the entering body is seen whole the avatar follows it from where it stands (no jump to it).
#[test]
fn a_ghost_and_an_edge_entry_move_no_hip() {
    let mut r = Rigged::new();
    let mut t = 0.0;
    let s0 = standing_at(0.0, 3.0);
    let p0 = r.stand(&s0, &mut t, 2.0);
    let rest = r.hips(&p0);
    // a ghost: a body 40 m away (about 20 pixels tall) at the image's left, for a second
    let ghost = standing_at(-8.0, 40.0);
    let partial = r.g.report().partial;
    let mut worst: f64 = 0.0;
    for _ in 0..30 {
        let p = r.step(&ghost, t);
        t += DT;
        worst = worst.max((r.hips(&p) - rest).norm());
    }
    assert!(worst < 0.01, "the ghost moved the hips by {worst} m");
    assert_eq!(r.g.report().partial, partial + 30);
    // the performer walks in from the right edge (hips at its edge, then inwards at 1 m/s) and stops
    let (mut last, mut step): (Option<Vector3<f64>>, f64) = (None, 0.0);
    let mut s = standing_at(1.74, 3.0);
    let mut p = vec![];
    for i in 0..75 {
        let x = (1.74 - i as f64 / 30.0).max(0.9);
        s.hips.x = x;
        s.ankles = [Vector3::new(x + 0.1, s.ankles[0].y, 3.0), Vector3::new(x - 0.1, s.ankles[1].y, 3.0)];
        p = r.step(&s, t);
        t += DT;
        let h = r.hips(&p);
        if let Some(l) = last {
            step = step.max((h - l).norm());
        }
        last = Some(h);
    }
    // a person walks at most ~2 m/s: 7 cm a frame; the entry itself moved nothing (it took the body where
    // it was found), so the avatar is within the walk since then of where it stood
    assert!(step < 0.1, "the largest step of the hips in one frame: {step} m");
    let went = (r.hips(&p) - rest).norm();
    assert!(went < 0.9 * r.g.report().scale, "the avatar went {went} m");
}
