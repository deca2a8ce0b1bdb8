//! The grounding stage's state and its per-frame step (the module doc of [`super`] lists the steps).

use super::camera::{fit_translation, Camera};
use super::desk::{pose_legs, Desk, LegsOutOfView};
use super::floor::{Contact, Floor};
use super::leg_ik::{flat, reach, MAX_REACH};
use super::performer::{Performer, STRAIGHT_KNEE_DEG};
use super::skeleton::{apply, premultiply, rigid, rotation, translate, Skeleton};
use crate::{OneEuro, OneEuroParams};
use avatar_schema::pose_landmarks as mp;
use avatar_schema::types::PoseFrame;
use avatar_sim::rig::{read_affine, write_affine, Affine};
use nalgebra::{UnitQuaternion, Vector3};

/// Seconds over which a released foot lock blends back to the tracked foot...
pub const RELEASE: f64 = 0.2;
/// ...and a new lock blends in.
const ENGAGE: f64 = 0.08;
/// A person moves at most this fast (m/s); a faster change of the fitted position is a jump...
const MAX_SPEED: f64 = 4.0;
/// ...beyond this slack (m; the fit's own noise).
const JUMP_SLACK: f64 = 0.25;
/// The body's depth changes at most this fast (m/s: a brisk walk towards or away from the camera).
const MAX_DEPTH_SPEED: f64 = 1.5;
/// A jump that persists this long (s) is real (someone else, or the same person re-found): the stage
/// re-anchors there, the avatar stays where it is.
const JUMP_CONFIRM: f64 = 0.5;
/// The most the feet's anchoring moves the root across the floor from where the camera puts it (m)...
const ANCHOR_REACH: f64 = 0.3;
/// ...towards or away from the camera...
const ANCHOR_DEPTH: f64 = 0.5;
/// ...and up or down.
const ANCHOR_DROP: f64 = 0.3;
/// Seconds over which the anchoring offset eases out while no foot is locked, across the floor and vertically.
const ANCHOR_RELEASE: f64 = 1.0;
const ANCHOR_RELEASE_UP: f64 = 0.1;
/// The farthest a locked foot holds against its tracked leg (m, across the floor); beyond it, it slides.
const GIVE: f64 = 0.03;
/// A sole this close to the floor (m) turns flat onto it.
const NEAR_FLOOR: f64 = 0.03;
/// Changes of the body's depth within this share of it are the image scale's noise, not the body's (the scale's
/// median over half a second varies by 2-4 % on real footage of a performer at a constant distance).
const DEPTH_DEADBAND: f64 = 0.05;
/// At a desk the shoulders are at least this share of the image's width from its sides...
const DESK_EDGE: f32 = 0.08;
/// ...the hips below this share of its height (or unseen)...
const DESK_HIPS_BELOW: f32 = 0.6;
/// ...and the upper body moves slower than this (shoulder widths per second, about 0.4 m/s; smoothed over
/// about half a second).
const DESK_STEADY: f64 = 1.0;
/// A body whose visible landmarks span less than this share of the image's height and width is not a
/// performer (a false pose on a table's foot, a person far in the background): it moves nothing.
const MIN_BODY: f64 = 0.08;
/// Hips this close to the image's edge (share of its size), or unseen, are a body entering, leaving or cut
/// off: it moves no hip.
const EDGE: f32 = 0.03;
/// A body must be seen whole this long (s) before it moves the hips again (the stage waits for evidence);
/// then it is taken where it is (re-anchored: the avatar does not jump to it).
const EVIDENCE: f64 = 0.3;
/// The fastest the locks bring the hips down (m/s; a quick crouch).
const DROP_SPEED: f64 = 1.5;
/// Seconds over which the hips ease from where they were to the height over a new floor (after a re-anchor).
const Y_EASE: f64 = 1.0;
/// Landmarks needed for a fit.
const MIN_FIT_POINTS: usize = 6;
/// Typical adult leg length (hip to ankle, m), the scale's stand-in until the performer's is measured.
const TYPICAL_LEG: f64 = 0.85;

/// The grounding stage's settings (from the avatar's live parameters).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroundingSettings {
    pub enabled: bool,
    /// The camera's horizontal field of view, radians.
    pub fov: f64,
    pub legs_out_of_view: LegsOutOfView,
    pub min_visibility: f32,
    pub mirror: bool,
}

impl Default for GroundingSettings {
    fn default() -> Self {
        GroundingSettings {
            enabled: true,
            fov: 60f64.to_radians(),
            legs_out_of_view: LegsOutOfView::Auto,
            min_visibility: 0.5,
            mirror: false,
        }
    }
}

/// What the stage did on the last frame (for benchmarks, tests and the daemon's counters).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GroundingReport {
    /// The filtered hip centre in camera space (m, MediaPipe axes), when known.
    pub camera: Option<Vector3<f64>>,
    /// The camera-space position the avatar's origin stands for (the first fitted one).
    pub origin: Option<Vector3<f64>>,
    /// The root's displacement applied this frame, avatar axes (m).
    pub root_offset: Vector3<f64>,
    /// Per avatar foot (left, right): locked on the floor.
    pub locked: [bool; 2],
    /// Per avatar foot: how far the leg IK moved the ankle from where the tracked leg put it (m; 0 unlocked).
    pub ik_correction: [f64; 2],
    /// Per performer foot (read mirrored when the avatar mirrors): speed (m/s) and height above the floor (m)
    /// of its lowest point, as the contact detector saw them.
    pub foot_speed: [f64; 2],
    pub foot_height: [Option<f64>; 2],
    /// Desk mode (legs out of view) and its pose.
    pub desk: bool,
    pub seated: bool,
    /// Avatar leg length over the performer's.
    pub scale: f64,
    /// The performer's hip height above their floor, and the standing one (m).
    pub hip_height: Option<f64>,
    pub standing_hip_height: Option<f64>,
    /// Two seconds of standing still, facing the camera, were seen (the calibration of the scale and floor).
    pub calibrated: bool,
    /// Positions held because they jumped faster than a person moves (counted, cumulative).
    pub jumps_held: u64,
    /// Jumps that persisted (another person, or the performer re-found elsewhere): the stage re-anchored
    /// there, the avatar stayed (cumulative).
    pub reanchored: u64,
    /// The legs are out of view but the performer is not at a desk (at the image's side edge, or moving):
    /// the avatar holds its stance instead of sitting down.
    pub out_of_view: bool,
    /// Frames whose position could not be fitted (too few visible landmarks; cumulative).
    pub unfitted: u64,
    /// Frames whose body moved no hip: not seen whole (hips unseen or at the image's edge, a body a few
    /// pixels tall), or seen whole for less than [`EVIDENCE`] s (cumulative).
    pub partial: u64,
    /// Frames where a locked foot gave way (slid) because its tracked leg was too far from it (cumulative).
    pub gave: u64,
}

#[derive(Clone, Debug)]
struct Lock {
    /// The ankle's place on the floor (avatar space).
    target: Vector3<f64>,
    /// 0..1: how much of the lock applies (ramps in on planting, out on release).
    weight: f64,
    releasing: bool,
}

/// The grounding stage of one avatar (see the module doc of [`super`]).
pub struct Grounding {
    sk: Skeleton,
    /// Offset of the skeleton's parameters in `p`.
    offset: usize,
    filters: [OneEuro; 3],
    /// Last accepted (filtered) hip centre in camera space and its time.
    t_cam: Option<(f64, Vector3<f64>)>,
    /// The camera-space position the avatar's origin stands for.
    t_ref: Option<Vector3<f64>>,
    jump_since: Option<f64>,
    /// Since when the body has been seen whole ([`Grounding::plausible`]); `None` while it is not.
    whole_since: Option<f64>,
    /// The root's vertical displacement on the last frame (held while the hip height is unknown).
    last_dy: f64,
    /// How far the locks brought the hips down on the last frame (m).
    last_drop: f64,
    /// A new floor's first height is still to come (after a re-anchor), and the vertical difference being
    /// eased out since then (m, over [`Y_EASE`] s).
    y_pending: bool,
    y_ease: f64,
    /// The body was not seen whole since the last accepted position: the next one re-anchors.
    resume: bool,
    /// The depth the avatar follows (camera space, m): the image scale's, through a dead band.
    depth: Option<f64>,
    /// The upper body's image motion: where the shoulder centre was (time, image position in shoulder
    /// widths) and its smoothed speed (shoulder widths per second).
    upper: Option<(f64, Vector3<f64>)>,
    upper_speed: f64,
    floor: Floor,
    contacts: [Contact; 2],
    performer: Performer,
    desk: Desk,
    locks: [Option<Lock>; 2],
    /// The root's offset from where the camera puts it, so that locked feet need no IK (avatar space).
    anchor: Vector3<f64>,
    last_t: Option<f64>,
    report: GroundingReport,
}

fn smoothstep(u: f64) -> f64 {
    let u = u.clamp(0.0, 1.0);
    u * u * (3.0 - 2.0 * u)
}

/// The performer's legs, per avatar side (the landmarks are read mirrored when the avatar mirrors): hip,
/// knee, ankle, heel, toes.
const LEGS: [[usize; 5]; 2] = [
    [mp::LEFT_HIP, mp::LEFT_KNEE, mp::LEFT_ANKLE, mp::LEFT_HEEL, mp::LEFT_FOOT_INDEX],
    [mp::RIGHT_HIP, mp::RIGHT_KNEE, mp::RIGHT_ANKLE, mp::RIGHT_HEEL, mp::RIGHT_FOOT_INDEX],
];

/// One frame's landmarks as the stage reads them: by the avatar's side (mirrored when it mirrors), only the
/// finite ones visible enough.
struct Landmarks<'a> {
    f: &'a PoseFrame,
    o: &'a GroundingSettings,
}

impl Landmarks<'_> {
    fn side(&self, i: usize) -> usize {
        if self.o.mirror {
            mp::mirror(i)
        } else {
            i
        }
    }

    /// World landmark `i` (m, hip-centred).
    fn world(&self, i: usize) -> Option<Vector3<f64>> {
        let l = self.f.world_landmarks.get(self.side(i))?;
        let v = Vector3::new(l.x as f64, l.y as f64, l.z as f64);
        (v.iter().all(|c| c.is_finite()) && l.visibility >= self.o.min_visibility).then_some(v)
    }

    /// The image's width and height (pixels).
    fn size(&self) -> (f64, f64) {
        (self.f.image_width as f64, self.f.image_height as f64)
    }

    /// Image landmark `i` (pixels).
    fn image(&self, i: usize) -> Option<(f64, f64)> {
        let (wpx, hpx) = self.size();
        let l = self.f.landmarks.get(self.side(i))?;
        let (u, v) = (l.x as f64 * wpx, l.y as f64 * hpx);
        (u.is_finite() && v.is_finite() && l.visibility >= self.o.min_visibility).then_some((u, v))
    }

    /// Both hips are in the image (not at its bottom edge), as drawn (not mirrored).
    fn hips_in_view(&self) -> bool {
        [mp::LEFT_HIP, mp::RIGHT_HIP].iter().all(|&i| {
            self.f.landmarks.get(i).is_some_and(|l| l.visibility >= self.o.min_visibility && l.y < 0.95)
        })
    }
}

/// Per avatar foot, where its ankle goes and the lock's weight (`None`: unlocked).
type LockTargets = [Option<(Vector3<f64>, f64)>; 2];

/// What [`Grounding::measure_legs`] saw of the performer's legs.
struct LegsSeen {
    /// At least three of the knees and ankles are visible.
    seen: bool,
    /// Per avatar side: the knee is straight.
    straight: [bool; 2],
}

impl Grounding {
    pub fn new(sk: Skeleton, offset: usize) -> Self {
        // depth is the noisiest coordinate of the fit: the same filter, it is only smoother at rest
        let f = OneEuroParams { min_cutoff: 1.0, beta: 2.0, d_cutoff: 4.0 };
        Grounding {
            sk,
            offset,
            filters: [OneEuro::new(f), OneEuro::new(f), OneEuro::new(OneEuroParams { min_cutoff: 0.5, ..f })],
            t_cam: None,
            t_ref: None,
            jump_since: None,
            whole_since: None,
            last_dy: 0.0,
            last_drop: 0.0,
            y_pending: false,
            y_ease: 0.0,
            resume: false,
            depth: None,
            upper: None,
            upper_speed: 0.0,
            floor: Floor::default(),
            contacts: Default::default(),
            performer: Performer::default(),
            desk: Desk::default(),
            locks: [None, None],
            anchor: Vector3::zeros(),
            last_t: None,
            report: GroundingReport::default(),
        }
    }

    pub fn skeleton(&self) -> &Skeleton {
        &self.sk
    }

    pub fn report(&self) -> &GroundingReport {
        &self.report
    }

    /// Forget everything (a reset, or a tracker that restarted: a new camera, perhaps a new person).
    pub fn reset(&mut self) {
        let r = &self.report;
        let (jumps, unfitted, gave, reanchored, partial) =
            (r.jumps_held, r.unfitted, r.gave, r.reanchored, r.partial);
        *self = Grounding::new(self.sk.clone(), self.offset);
        self.report.jumps_held = jumps;
        self.report.unfitted = unfitted;
        self.report.gave = gave;
        self.report.reanchored = reanchored;
        self.report.partial = partial;
    }

    fn read(&self, p: &[f64]) -> Vec<Affine> {
        (0..self.sk.bones).map(|b| read_affine(&p[self.offset + 12 * b..])).collect()
    }

    fn write(&self, p: &mut [f64], ts: &[Affine]) {
        for (b, t) in ts.iter().enumerate() {
            write_affine(&mut p[self.offset + 12 * b..], t);
        }
    }

    /// Accept a located position at `t` (s): gate jumps, filter, hold the depth through its dead band. The
    /// position to use.
    fn accept(&mut self, x: Vector3<f64>, t: f64) -> Option<Vector3<f64>> {
        let mut before = self.t_cam.map(|(_, p)| p);
        if let Some((t0, prev)) = self.t_cam {
            let dt = t - t0;
            if !(dt > 0.0) {
                return Some(prev);
            }
            let resume = std::mem::take(&mut self.resume);
            if resume || (x - prev).norm() > MAX_SPEED * dt.min(0.1) + JUMP_SLACK {
                let since = *self.jump_since.get_or_insert(t);
                if !resume && t - since < JUMP_CONFIRM && dt < JUMP_CONFIRM {
                    self.report.jumps_held += 1;
                    return Some(prev);
                }
                // real (another person, or the performer re-found elsewhere): start from the new place and
                // re-anchor there, so that the avatar stays where it is (no glide across the room with its
                // feet locked)
                // (a new body: its image scale starts afresh, from this frame's)
                self.filters.iter_mut().for_each(OneEuro::reset);
                self.depth = Some(x.z);
                if let Some(r) = &mut self.t_ref {
                    *r += x - prev;
                }
                self.performer.restart_px_per_m();
                // the floor was learnt where the last body stood (under a camera looking down, a plane fitted
                // there is off elsewhere by tens of centimetres): it starts over from this body's feet, and
                // the hips hold their height until it is known
                self.floor.reset();
                self.contacts = Default::default();
                self.y_pending = true;
                self.report.reanchored += 1;
                before = Some(x);
            }
        }
        self.jump_since = None;
        let f = Vector3::from_fn(|c, _| self.filters[c].filter(t, x[c]).unwrap_or(x[c]));
        // depth: only a change beyond its share DEPTH_DEADBAND moves the avatar, by the excess, and no faster
        // than a person walks
        let z = *self.depth.get_or_insert(f.z);
        let excess = (f.z - z).abs() - DEPTH_DEADBAND * z;
        if excess > 0.0 {
            let most = MAX_DEPTH_SPEED
                * before.map_or(0.0, |_| self.t_cam.map_or(0.0, |(t0, _)| (t - t0).clamp(0.0, 0.1)));
            self.depth = Some(z + excess.min(most) * (f.z - z).signum());
        }
        let f = Vector3::new(f.x, f.y, self.depth.unwrap_or(f.z));
        self.t_cam = Some((t, f));
        // while a new body's image scale settles (half a second), its depth is not yet known: the avatar stays
        if let (false, Some(r), Some(before)) = (self.performer.px_per_m_settled(), &mut self.t_ref, before) {
            *r += f - before;
        }
        Some(f)
    }

    /// One pose frame captured at `t` (s): ground the mapped parameters `p` (the skeleton's transforms). The
    /// steps are those of the module doc of [`super`], in order.
    pub fn pose(&mut self, p: &mut [f64], f: &PoseFrame, t: f64, o: &GroundingSettings) {
        if !o.enabled || !t.is_finite() {
            return;
        }
        let lm = Landmarks { f, o };
        // a body seen whole for EVIDENCE s moves the hips; any other holds them where they were
        let whole = self.plausible(&lm);
        let since = if whole { *self.whole_since.get_or_insert(t) } else { t };
        if !whole {
            self.whole_since = None;
        }
        let mut moves = whole && t - since >= EVIDENCE;
        let tc = if moves {
            self.measure_image_scale(&lm);
            let held = self.report.jumps_held;
            let tc = self.locate(&lm, t);
            // a position held as a jump (another body, for now) moves nothing else either
            moves = self.report.jumps_held == held;
            tc
        } else {
            self.report.partial += 1;
            if self.t_cam.is_some() {
                self.resume = true;
            }
            self.t_cam.map(|(_, x)| x)
        };
        let legs = self.measure_legs(&lm);
        let at_desk = self.looks_like_a_desk(&lm, t);
        let w_desk = self.desk.update(t, legs.seen, lm.hips_in_view(), at_desk, o.legs_out_of_view);
        self.report.out_of_view = !legs.seen && !at_desk && !self.desk.engaged();
        let refits = self.floor.refits();
        let hip_height = if moves { self.feet_and_floor(&lm, tc, t, &legs) } else { self.report.hip_height };
        if self.floor.refits() != refits {
            // the floor started over under this body: its first height eases in from where the hips are
            self.y_pending = true;
        }
        let scale = self.sk.leg_length / self.performer.leg_length().unwrap_or(TYPICAL_LEG);
        // the avatar
        let mut ts = self.read(p);
        let dt = self.last_t.map_or(0.0, |t0| (t - t0).clamp(0.0, 0.5));
        self.last_t = Some(t);
        self.y_ease *= (-dt / Y_EASE).exp();
        let mut offset = self.place_root(&mut ts, tc, hip_height, scale, w_desk, o.mirror);
        // (no new lock while the hips ease to a new floor: a lock puts its foot on the floor at once)
        self.update_locks(&ts, dt, tc.is_some() && moves, self.y_ease.abs() < NEAR_FLOOR);
        offset += self.anchor_locked_feet(&mut ts, dt);
        if let Some(lowest) = self.lift_above_floor(&mut ts) {
            offset.y -= lowest;
        }
        let (drop, targets) = self.bring_locks_in_reach(&mut ts, dt);
        if drop > 0.0 {
            offset.y -= drop;
        }
        self.solve_feet(&mut ts, &targets);
        self.write(p, &ts);
        self.report.camera = tc;
        self.report.origin = self.t_ref;
        self.report.root_offset = offset;
        self.report.locked = std::array::from_fn(|k| self.locks[k].as_ref().is_some_and(|l| !l.releasing));
        self.report.desk = self.desk.engaged();
        self.report.seated = self.desk.seated();
        self.report.scale = scale;
        self.report.hip_height = hip_height;
        self.report.standing_hip_height = self.performer.standing_hip_height();
        self.report.calibrated = self.performer.calibrated();
    }

    /// Step 1, where the body is: the camera-space hip centre, accepted ([`Grounding::accept`]); the last
    /// accepted one when it cannot be located (counted in the report). Its depth is the image scale's,
    /// `Z = f / s` (focal length `f` in pixels, `s` the image's pixels per metre at the body, a median over
    /// half a second), and it lies on the ray through the image's hip centre (with the hips unseen, the ray
    /// of the position fitted to the visible landmarks, [`fit_translation`]). The fit's own depth is the least certain thing it finds
    /// (on real footage it wandered 2.7 m while the performer's image size stayed within 5 %); it serves only
    /// while the image scale is unknown. The avatar's origin is taken once the scale has half a second of
    /// samples ([`Performer::px_per_m_settled`]).
    fn locate(&mut self, lm: &Landmarks, t: f64) -> Option<Vector3<f64>> {
        let (f, o) = (lm.f, lm.o);
        let cam = Camera { width: f.image_width as f64, height: f.image_height as f64, fov: o.fov };
        let fit = fit_translation(&f.landmarks, &f.world_landmarks, &cam, o.min_visibility, MIN_FIT_POINTS);
        let depth = self.performer.px_per_m().map(|s| cam.focal() / s).filter(|z| z.is_finite() && *z > 0.0);
        let (wpx, hpx) = lm.size();
        // the ray through the image's hip centre; the fit's without the hips
        let ray = lm
            .image(mp::LEFT_HIP)
            .zip(lm.image(mp::RIGHT_HIP))
            .map(|(l, r)| {
                let (a, b) = cam.normalised(0.5 * (l.0 + r.0) / wpx, 0.5 * (l.1 + r.1) / hpx);
                Vector3::new(a, b, 1.0)
            })
            .or_else(|| fit.map(|fit| fit.t / fit.t.z));
        let x = match (ray, depth) {
            (Some(ray), Some(z)) => Some(ray * z),
            _ => fit.map(|fit| fit.t),
        };
        match x {
            Some(x) => self.accept(x, t),
            None => {
                self.report.unfitted += 1;
                self.t_cam.map(|(_, x)| x)
            }
        }
    }

    /// Whether the frame shows a performer whole enough to place: both hips seen and inside the image (not
    /// within [`EDGE`] of its sides or bottom: a body entering, leaving or cut off), and the visible
    /// landmarks spanning at least [`MIN_BODY`] of the image's height or width (not a false pose a few
    /// pixels tall).
    fn plausible(&self, lm: &Landmarks) -> bool {
        let inside = |l: &avatar_schema::types::Landmark| {
            l.visibility >= lm.o.min_visibility
                && (EDGE..=1.0 - EDGE).contains(&l.x)
                && (0.0..=1.0 - EDGE).contains(&l.y)
        };
        let hips = [mp::LEFT_HIP, mp::RIGHT_HIP].iter().all(|&i| lm.f.landmarks.get(i).is_some_and(inside));
        let (mut lo, mut hi) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
        for l in lm.f.landmarks.iter().filter(|l| l.visibility >= lm.o.min_visibility) {
            if l.x.is_finite() && l.y.is_finite() {
                lo = [lo[0].min(l.x), lo[1].min(l.y)];
                hi = [hi[0].max(l.x), hi[1].max(l.y)];
            }
        }
        let span = (hi[0] - lo[0]).max(hi[1] - lo[1]) as f64;
        hips && span >= MIN_BODY
    }

    /// The performer's legs (per avatar side) this frame: their length joins the performer's; which are
    /// straight; whether they are in view.
    fn measure_legs(&mut self, lm: &Landmarks) -> LegsSeen {
        let mut lengths = vec![];
        let mut straight = [false; 2];
        for (k, leg) in LEGS.iter().enumerate() {
            if let (Some(h), Some(kn), Some(a)) = (lm.world(leg[0]), lm.world(leg[1]), lm.world(leg[2])) {
                lengths.push((kn - h).norm() + (a - kn).norm());
                let cos = (h - kn).normalize().dot(&(a - kn).normalize());
                straight[k] = cos.clamp(-1.0, 1.0).acos().to_degrees() > STRAIGHT_KNEE_DEG;
            }
        }
        if lengths.len() == 2 {
            self.performer.add_leg_length(0.5 * (lengths[0] + lengths[1]));
        }
        let seen = [mp::LEFT_KNEE, mp::RIGHT_KNEE, mp::LEFT_ANKLE, mp::RIGHT_ANKLE]
            .iter()
            .filter(|&&i| lm.world(i).is_some())
            .count()
            >= 3;
        LegsSeen { seen, straight }
    }

    /// The image scale at the body (pixels per metre): the image lengths of the torso, shoulders, hips, upper
    /// arms and legs over their world lengths across the view. MediaPipe's world landmarks keep the camera's
    /// orientation, so a segment's length across the view is that of its world `(x, y)`; a segment turned
    /// towards the camera is short in both, and the ratio of the sums stays the body's scale (a crouch's
    /// thighs, a turned torso).
    fn measure_image_scale(&mut self, lm: &Landmarks) {
        let (mut image, mut world, mut n) = (0.0, 0.0, 0);
        for (a, b) in [
            (mp::LEFT_SHOULDER, mp::RIGHT_SHOULDER),
            (mp::LEFT_HIP, mp::RIGHT_HIP),
            (mp::LEFT_SHOULDER, mp::LEFT_HIP),
            (mp::RIGHT_SHOULDER, mp::RIGHT_HIP),
            (mp::LEFT_SHOULDER, mp::LEFT_ELBOW),
            (mp::RIGHT_SHOULDER, mp::RIGHT_ELBOW),
            (mp::LEFT_HIP, mp::LEFT_KNEE),
            (mp::RIGHT_HIP, mp::RIGHT_KNEE),
            (mp::LEFT_KNEE, mp::LEFT_ANKLE),
            (mp::RIGHT_KNEE, mp::RIGHT_ANKLE),
        ] {
            if let (Some(ia), Some(ib), Some(wa), Some(wb)) =
                (lm.image(a), lm.image(b), lm.world(a), lm.world(b))
            {
                image += ((ib.0 - ia.0).powi(2) + (ib.1 - ia.1).powi(2)).sqrt();
                world += ((wb.x - wa.x).powi(2) + (wb.y - wa.y).powi(2)).sqrt();
                n += 1;
            }
        }
        if n >= 3 && world > 0.4 {
            self.performer.add_px_per_m(image / world);
        }
    }

    /// Whether the performer looks seated at a desk (the framing desk mode is for): the hips low in the image
    /// or below it, the shoulders well inside its sides, and the upper body steady (its image motion under
    /// [`DESK_STEADY`] shoulder widths per second). A performer walking out of the view (at a side edge, or moving) is not at a desk.
    fn looks_like_a_desk(&mut self, lm: &Landmarks, t: f64) -> bool {
        let (wpx, hpx) = lm.size();
        let raw = |i: usize| lm.f.landmarks.get(i).filter(|l| l.x.is_finite() && l.y.is_finite());
        let shoulders = raw(mp::LEFT_SHOULDER).zip(raw(mp::RIGHT_SHOULDER));
        let Some((l, r)) = shoulders.filter(|(l, r)| l.visibility.min(r.visibility) >= lm.o.min_visibility)
        else {
            return false;
        };
        let inside = [l.x, r.x].iter().all(|&x| (DESK_EDGE..=1.0 - DESK_EDGE).contains(&x));
        // the upper body's motion, in shoulder widths per second (no scale needed)
        let width = (((l.x - r.x) as f64 * wpx).powi(2) + ((l.y - r.y) as f64 * hpx).powi(2)).sqrt().max(1.0);
        let at =
            Vector3::new(0.5 * (l.x + r.x) as f64 * wpx / width, 0.5 * (l.y + r.y) as f64 * hpx / width, 0.0);
        if let Some((t0, p0)) = self.upper {
            let dt = t - t0;
            if dt > 1e-4 && dt < 0.5 {
                self.upper_speed += 0.2 * ((at - p0).norm() / dt - self.upper_speed);
            }
        }
        self.upper = Some((t, at));
        let hips_low = [mp::LEFT_HIP, mp::RIGHT_HIP]
            .iter()
            .all(|&i| raw(i).is_none_or(|h| h.visibility < lm.o.min_visibility || h.y > DESK_HIPS_BELOW));
        inside && hips_low && self.upper_speed < DESK_STEADY
    }

    /// Steps 2 and 3, the floor, the feet and the performer's hip height: feet and floor in the image, in
    /// metres at the body's depth (under the camera's weak perspective at that depth these are camera-space
    /// x and y, the image's own positions, steadier than the fit's world landmarks, with the fitted depth as
    /// z). Returns the hip height above the floor (`None` before the image scale and the floor are known).
    fn feet_and_floor(
        &mut self,
        lm: &Landmarks,
        tc: Option<Vector3<f64>>,
        t: f64,
        legs: &LegsSeen,
    ) -> Option<f64> {
        let depth = tc.map(|x| x.z).filter(|z| *z > 0.0)?;
        let (wpx, hpx) = lm.size();
        let focal = Camera { width: wpx, height: hpx, fov: lm.o.fov }.focal();
        // camera space at the body's depth: the image's x and y (under the camera's weak perspective at that
        // depth), the body's depth as z
        let q = |(u, v): (f64, f64)| {
            Vector3::new((u - 0.5 * wpx) * depth / focal, (v - 0.5 * hpx) * depth / focal, depth)
        };
        // per foot its ankle, heel and toe, and the lowest of them
        let pixels: [[Option<Vector3<f64>>; 3]; 2] = std::array::from_fn(|k| {
            std::array::from_fn(|j| lm.image(LEGS[k][2 + j]).map(|(u, v)| Vector3::new(u, v, 0.0)))
        });
        let feet: [Option<Vector3<f64>>; 2] =
            pixels.map(|p| p.into_iter().flatten().map(|x| q((x.x, x.y))).max_by(|a, b| a.y.total_cmp(&b.y)));
        // the lower foot of two seen is nearly always on the floor (a stance foot), so it is a floor sample:
        // the floor follows a performer walking over a floor the camera sees at a slant (a camera looking down
        // sees a walk away from it climb the image). The floor refuses samples high above it (a hop's).
        if legs.seen && (feet.iter().all(Option::is_some) || !self.floor.is_known()) {
            if let Some(low) = feet.iter().flatten().max_by(|a, b| a.y.total_cmp(&b.y)) {
                self.floor.add(low, t);
            }
        }
        for k in 0..2 {
            let h = feet[k].and_then(|x| self.floor.height(&x));
            self.report.foot_height[k] = h;
            if self.contacts[k].update(t, pixels[k], depth / focal, h) && legs.seen {
                self.floor.add(&feet[k].unwrap_or_default(), t);
            }
            self.report.foot_speed[k] = self.contacts[k].speed();
        }
        let hips = lm.image(mp::LEFT_HIP).zip(lm.image(mp::RIGHT_HIP));
        let hip = hips.map(|(l, r)| q((0.5 * (l.0 + r.0), 0.5 * (l.1 + r.1))));
        let hip_height = hip.and_then(|x| self.floor.height(&x));
        if let (Some(h), true) = (hip_height, self.contacts.iter().all(Contact::planted)) {
            if legs.straight == [true, true] {
                self.performer.add_standing_hip_height(h);
            }
        }
        hip_height
    }

    /// Steps 4 and 6, the avatar's root: across the floor by the performer's displacement since the first
    /// frame (times `scale`), the legs to their rest at a desk (`w_desk`), and up or down to the tracked hip
    /// height (or, at a desk, the lowest foot on the floor). Returns the root's displacement.
    fn place_root(
        &mut self,
        ts: &mut [Affine],
        tc: Option<Vector3<f64>>,
        hip_height: Option<f64>,
        scale: f64,
        w_desk: f64,
        mirror: bool,
    ) -> Vector3<f64> {
        if let (None, Some(x), true) = (self.t_ref, tc, self.performer.px_per_m_settled()) {
            self.t_ref = Some(x);
        }
        let dc = tc.zip(self.t_ref).map_or(Vector3::zeros(), |(x, r)| x - r);
        let mut offset = Vector3::new(if mirror { -dc.x } else { dc.x }, 0.0, -dc.z) * scale;
        translate(ts, &self.sk.root_tree, &offset);
        pose_legs(ts, &self.sk, self.desk.seated(), w_desk);
        let hip_now = self.sk.hip_centre(ts).y;
        let y_tracked = match (hip_height, self.performer.standing_hip_height()) {
            (Some(h), Some(h0)) => {
                let y = self.sk.floor + self.sk.hip_height + scale * (h - h0);
                if std::mem::take(&mut self.y_pending) {
                    // the first height over a new floor: taken from where the hips are, the difference eased out
                    self.y_ease = hip_now + self.last_dy - y;
                }
                y + self.y_ease
            }
            // unknown (no floor yet, or a body not seen whole): the hips hold the height they had
            _ => hip_now + self.last_dy,
        };
        let lowest = (0..2).map(|k| self.sk.sole_height(ts, k)).fold(f64::INFINITY, f64::min);
        let dy = (1.0 - w_desk) * (y_tracked - hip_now) + w_desk * (-lowest);
        translate(ts, &self.sk.root_tree, &Vector3::new(0.0, dy, 0.0));
        offset.y = dy;
        if w_desk < 1.0 {
            self.last_dy = dy;
        }
        offset
    }

    /// Step 5, the foot locks: a planted foot (not at a desk, the body located) locks where it is, on the
    /// floor; a lock ramps in over [`ENGAGE`] s and out over [`RELEASE`] s once the foot lifts (`dt`: the
    /// time since the last frame).
    fn update_locks(&mut self, ts: &[Affine], dt: f64, located: bool, may_lock: bool) {
        for k in 0..2 {
            let planted = self.contacts[k].planted() && !self.desk.engaged() && located;
            let leg = &self.sk.legs[k];
            let free = apply(&ts[leg.foot], &leg.ankle);
            match (&mut self.locks[k], planted) {
                (None, true) if may_lock => {
                    let target = Vector3::new(free.x, self.sk.floor + leg.ankle_height, free.z);
                    self.locks[k] = Some(Lock { target, weight: 0.0, releasing: false });
                }
                (Some(l), true) => l.releasing = false,
                (Some(l), false) => l.releasing = true,
                (None, _) => {}
            }
            if let Some(l) = &mut self.locks[k] {
                let rate = if l.releasing { -dt / RELEASE } else { dt / ENGAGE };
                l.weight = (l.weight + rate).clamp(0.0, 1.0);
                if l.releasing && l.weight <= 0.0 {
                    self.locks[k] = None;
                }
            }
        }
    }

    /// Anchoring: the root moves so that the legs, as tracked, put the locked feet on their locks (limbs as
    /// the landmarks have them, no sliding), within [`ANCHOR_REACH`] of where the camera puts it; with no foot
    /// locked that offset eases back to the camera's. Returns the offset (applied to `ts`).
    fn anchor_locked_feet(&mut self, ts: &mut [Affine], dt: f64) -> Vector3<f64> {
        translate(ts, &self.sk.root_tree, &self.anchor);
        let (mut shift, mut wsum, mut wmax) = (Vector3::zeros(), 0.0, 0.0f64);
        for k in 0..2 {
            let Some(l) = self.locks[k].as_ref().filter(|l| !l.releasing) else { continue };
            let leg = &self.sk.legs[k];
            let w = smoothstep(l.weight);
            shift += w * (l.target - apply(&ts[leg.foot], &leg.ankle));
            wsum += w;
            wmax = wmax.max(w);
        }
        let mut anchor = if wsum > 0.0 {
            self.anchor + shift / wsum * wmax
        } else {
            // nothing planted: across the floor the offset eases out slowly (a step's drift), up and down at
            // once (it only ever held planted feet on the floor: a hop's take-off is the performer's)
            let (across, up) = ((-dt / ANCHOR_RELEASE).exp(), (-dt / ANCHOR_RELEASE_UP).exp());
            Vector3::new(self.anchor.x * across, self.anchor.y * up, self.anchor.z * across)
        };
        // (an ellipse: the fit's depth is its least certain coordinate)
        let across = ((anchor.x / ANCHOR_REACH).powi(2) + (anchor.z / ANCHOR_DEPTH).powi(2)).sqrt();
        if across > 1.0 {
            anchor.x /= across;
            anchor.z /= across;
        }
        anchor.y = anchor.y.clamp(-ANCHOR_DROP, ANCHOR_DROP);
        translate(ts, &self.sk.root_tree, &(anchor - self.anchor));
        self.anchor = anchor;
        anchor
    }

    /// Feet near the floor lie on it (flat); then the legs as tracked never go through it: the root rises
    /// instead (the image's hip height can disagree with the tracked legs; their directions win). Returns the
    /// lowest sole's height when it was below the floor (the root rose by its opposite).
    fn lift_above_floor(&self, ts: &mut [Affine]) -> Option<f64> {
        for k in 0..2 {
            self.flatten_near_floor(ts, k);
        }
        let lowest = (0..2).map(|k| self.sk.sole_height(ts, k)).fold(f64::INFINITY, f64::min);
        if lowest < 0.0 {
            translate(ts, &self.sk.root_tree, &Vector3::new(0.0, -lowest, 0.0));
            return Some(lowest);
        }
        None
    }

    /// The hips come down so that every locked foot is in reach. Returns how far they came down and, per leg,
    /// where its ankle goes with the lock's weight (`None`: unlocked). A lock gives (slides along with the
    /// leg) where the tracked leg is too far from it (the data disagree with themselves), so the IK never
    /// bends a leg by more than [`GIVE`]; a lock out of reach sideways releases (the foot has to step).
    fn bring_locks_in_reach(&mut self, ts: &mut [Affine], dt: f64) -> (f64, LockTargets) {
        let mut drop: f64 = 0.0;
        let mut needs = [0.0f64; 2];
        let mut targets: LockTargets = [None, None];
        for k in 0..2 {
            let leg = &self.sk.legs[k];
            let [hip, _, free] = leg.posed(ts);
            let Some(l) = &mut self.locks[k] else { continue };
            let gap = l.target - free;
            let gap_xz = Vector3::new(gap.x, 0.0, gap.z);
            if gap_xz.norm() > GIVE {
                l.target -= gap_xz * (1.0 - GIVE / gap_xz.norm());
                self.report.gave += 1;
            }
            let l = &*l;
            let w = smoothstep(l.weight);
            let target = free + w * (l.target - free);
            let reach_max = 0.995 * MAX_REACH * (leg.l1 + leg.l2);
            let r = ((target.x - hip.x).powi(2) + (target.z - hip.z).powi(2)).sqrt();
            if r < reach_max {
                let top = target.y + (reach_max * reach_max - r * r).sqrt();
                needs[k] = hip.y - top;
                drop = drop.max(needs[k]);
            } else if let Some(l) = &mut self.locks[k] {
                l.releasing = true; // out of reach sideways: the foot has to step
            }
            targets[k] = Some((target, w));
        }
        // The hips come down no faster than a person crouches: a lock that needs more (its floor is off under
        // this body: a new one, a slope the plane does not fit) is not a foot on the floor, and releases.
        let most = self.last_drop + DROP_SPEED * dt;
        if drop > most {
            for k in 0..2 {
                if needs[k] > most {
                    if let Some(l) = &mut self.locks[k] {
                        l.releasing = true;
                    }
                    targets[k] = targets[k].map(|(x, _)| (x, 0.0));
                }
            }
            drop = most;
        }
        self.last_drop = drop.max(0.0);
        if drop > 0.0 {
            translate(ts, &self.sk.root_tree, &Vector3::new(0.0, -drop, 0.0));
            for (target, w) in targets.iter_mut().flatten() {
                // an unlocked share of the target moves down with the hips
                target.y -= drop * (1.0 - *w);
            }
        }
        (drop, targets)
    }

    /// The legs' IK: each locked foot to its target, turning flat with the lock's weight; then, after the
    /// locks' IK, no foot below the floor.
    fn solve_feet(&mut self, ts: &mut [Affine], targets: &LockTargets) {
        for k in 0..2 {
            let leg = &self.sk.legs[k];
            self.report.ik_correction[k] = 0.0;
            if let Some((target, w)) = targets[k] {
                self.report.ik_correction[k] = (target - apply(&ts[leg.foot], &leg.ankle)).norm();
                let now = UnitQuaternion::from_rotation_matrix(&rotation(&ts[leg.foot]));
                let want = UnitQuaternion::from_rotation_matrix(&flat(&now.to_rotation_matrix()));
                reach(ts, leg, &target, Some(&now.slerp(&want, w).to_rotation_matrix()));
            }
            self.flatten_near_floor(ts, k);
            let sole = self.sk.sole_height(ts, k);
            if sole < 0.0 {
                let keep = rotation(&ts[leg.foot]);
                let ankle = apply(&ts[leg.foot], &leg.ankle);
                reach(ts, leg, &(ankle - Vector3::new(0.0, sole, 0.0)), Some(&keep));
            }
        }
    }

    /// Turn leg `k`'s foot towards flat (its heading kept) as its sole nears the floor: fully flat at the floor,
    /// as tracked from [`NEAR_FLOOR`] up.
    fn flatten_near_floor(&self, ts: &mut [Affine], k: usize) {
        let leg = &self.sk.legs[k];
        let sole = self.sk.sole_height(ts, k);
        if sole < NEAR_FLOOR {
            let w = ((NEAR_FLOOR - sole) / NEAR_FLOOR).min(1.0);
            let now = UnitQuaternion::from_rotation_matrix(&rotation(&ts[leg.foot]));
            let want = UnitQuaternion::from_rotation_matrix(&flat(&now.to_rotation_matrix()));
            let ankle = apply(&ts[leg.foot], &leg.ankle);
            let turn = now.slerp(&want, w).to_rotation_matrix() * now.to_rotation_matrix().inverse();
            premultiply(ts, &leg.foot_tree, &rigid(&turn, &ankle));
        }
    }

    /// A rig frame without a root position: the lowest foot goes to the floor (a crouch lowers the hips).
    pub fn rig_frame(&mut self, p: &mut [f64], o: &GroundingSettings) {
        if !o.enabled {
            return;
        }
        let mut ts = self.read(p);
        let lowest = (0..2).map(|k| self.sk.sole_height(&ts, k)).fold(f64::INFINITY, f64::min);
        if lowest.is_finite() {
            translate(&mut ts, &self.sk.root_tree, &Vector3::new(0.0, -lowest, 0.0));
            self.write(p, &ts);
        }
    }
}
