//! Tracker truth before retargeting: MediaPipe Pose's left/right label swaps undone.
//!
//! On real footage MediaPipe Pose relabels the whole body left ↔ right from one frame to the next (on a
//! committed clip of a man facing the camera, `real_platform_sports2d`, 10 times in its first 2.3 s; on held-out
//! footage 32–44 % of frames). A swap is not a mirror image of the same body: the world landmarks come out
//! as the body **turned 180°** about the vertical (the nose goes behind the ears, the image's left-right order
//! of hips and shoulders reverses with the labels), so no cue inside one frame tells a swapped frame from a
//! performer who turned their back. Retargeted as it is, each swap turns the avatar round.
//!
//! What does tell them apart is time. The body's **heading** `θ` (the direction of its left-minus-right
//! vector of hips and shoulders, horizontal, in the camera's axes) changes by at most a few tens of degrees
//! between frames, even in a fast turn (360°/s is 12° a frame at 30 fps), while a swap changes it by 180°.
//! So within a **segment** (frames less than [`LabelSettings::max_gap`] apart) each frame is linked to the
//! one before it: of its two readings, `θ` as labelled and `θ + π` with the labels swapped, the one nearer
//! the last frame's heading is the same body (relative label `r_k` = 0 or 1). That fixes every frame's
//! labels up to one bit `g` for the whole segment (truth = as linked, or all of it swapped). The bit is a
//! vote: MediaPipe labels correctly more often than not (56–68 % of frames on the worst footage), so each
//! frame votes for the `g` under which it keeps its own labels, the votes fading with
//! [`LabelSettings::memory`]; beside them stands a prior that the performer faces the camera (a VTuber does),
//! worth [`LabelSettings::facing_prior`] frames times the cosine of the heading (nothing when side-on). `g`
//! changes only when the score has turned by [`LabelSettings::margin`] (no flicker).
//!
//! What this gives: a swap, alone or in a run, leaves the avatar facing the way it faced; a real turn is
//! followed, since it passes through every heading between; a performer who walks in with their back to
//! the camera is turned after a few frames of consistent evidence (the prior is outvoted). What it cannot do:
//! tell a run of swapped frames longer than the vote's memory from a turn made while the tracker saw no
//! body (a gap starts a new segment, and a new segment trusts the majority and the prior).

use avatar_schema::pose_landmarks as mp;
use avatar_schema::types::{Landmark, PoseFrame};
use std::f64::consts::PI;

/// The stage's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelSettings {
    /// Undo label swaps at all.
    pub enabled: bool,
    /// Frames further apart than this (s) are not linked (a new segment starts).
    pub max_gap: f64,
    /// The votes for a segment's labelling fade with this time constant (s).
    pub memory: f64,
    /// The prior that the performer faces the camera, in frames' votes, times the cosine of the heading a
    /// labelling gives (so nothing when side-on).
    pub facing_prior: f64,
    /// A pose frame that comes with a face the face landmarker found (the performer's face towards the camera,
    /// seen by a second model that has no labels to swap) votes this much more for the labelling that faces
    /// the camera, times the cosine of its heading.
    pub face_vote: f64,
    /// A frame whose nearer reading is further than this (radians) from the last frame's heading is dropped
    /// (a bad frame: it neither turns the avatar nor moves the segment's heading, nor votes). A turn of
    /// 360°/s is 12° a frame at 30 fps.
    pub max_turn: f64,
    /// ...or this rate times the time since the last frame (rad/s; low frame rates).
    pub max_turn_rate: f64,
    /// The vote must turn by this much (frames) to relabel the segment.
    pub margin: f64,
    /// Hips and shoulders below this visibility do not give the heading.
    pub min_visibility: f32,
}

impl Default for LabelSettings {
    fn default() -> Self {
        LabelSettings {
            enabled: true,
            max_gap: 0.5,
            memory: 4.0,
            facing_prior: 2.0,
            face_vote: 1.0,
            max_turn: 60f64.to_radians(),
            max_turn_rate: 720f64.to_radians(),
            margin: 1.0,
            min_visibility: 0.5,
        }
    }
}

/// What the stage did (cumulative counts, and the last frame).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LabelReport {
    /// Pose frames seen.
    pub frames: u64,
    /// Frames whose labels were swapped back.
    pub swapped: u64,
    /// Times a segment's labelling as a whole was turned by the vote (the avatar turns round then).
    pub relabelled: u64,
    /// Segments started (the first frame, and after every gap).
    pub segments: u64,
    /// The last frame's heading as passed on (radians, 0: facing the camera), when it had one.
    pub heading: Option<f64>,
    /// Frames dropped: the body turned further than a body turns between frames either way it is read.
    pub dropped: u64,
    /// What was done with the last frame.
    pub last: Verdict,
}

#[derive(Clone, Debug)]
struct Segment {
    /// Time of its last frame (s).
    t: f64,
    /// The last frame's heading in the segment's own labelling (as the first frame was labelled).
    psi: f64,
    /// The last frame's relative labelling (swapped against the segment's first frame).
    r: bool,
    /// The faded vote of its frames: > 0 for "the segment's first frame was labelled right".
    vote: f64,
    /// The segment's labelling as decided: swap the linked labels back (`g`).
    g: bool,
    /// Frames dropped in a row (not linked).
    outliers: u32,
}

/// The label-swap stage of one body stream (see the module doc).
#[derive(Clone, Debug, Default)]
pub struct SideLabels {
    segment: Option<Segment>,
    report: LabelReport,
}

/// The signed difference `a − b` wrapped to (−π, π].
fn wrap(d: f64) -> f64 {
    let w = (d + PI).rem_euclid(2.0 * PI) - PI;
    if w <= -PI {
        w + 2.0 * PI
    } else {
        w
    }
}

/// The body's heading from its world landmarks (MediaPipe axes: x right, y down, z away from the camera):
/// the angle of the horizontal left-minus-right vector of hips and shoulders from +x (0 when the performer's
/// left is on the image's right, i.e. facing the camera; ±π: their back to it). `None` when no pair is
/// visible or the vector is nearly vertical.
pub fn heading(world: &[Landmark], min_visibility: f32) -> Option<f64> {
    let (mut x, mut z, mut len) = (0.0, 0.0, 0.0);
    for (l, r) in [(mp::LEFT_HIP, mp::RIGHT_HIP), (mp::LEFT_SHOULDER, mp::RIGHT_SHOULDER)] {
        let (Some(a), Some(b)) = (world.get(l), world.get(r)) else { continue };
        let ok =
            |p: &Landmark| p.visibility >= min_visibility && [p.x, p.y, p.z].iter().all(|c| c.is_finite());
        if !(ok(a) && ok(b)) {
            continue;
        }
        let d = [(a.x - b.x) as f64, (a.y - b.y) as f64, (a.z - b.z) as f64];
        x += d[0];
        z += d[2];
        len += (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
    }
    // horizontal part at least a third of the pairs' length (not lying down, not degenerate)
    let h = (x * x + z * z).sqrt();
    (len > 1e-6 && h > len / 3.0).then(|| z.atan2(x))
}

/// Swap every left/right pair of landmarks, image and world (what MediaPipe's swap did, undone).
pub fn swap_sides(f: &mut PoseFrame) {
    for list in [&mut f.landmarks, &mut f.world_landmarks] {
        if list.len() == mp::COUNT {
            let copy = list.clone();
            for (i, l) in list.iter_mut().enumerate() {
                *l = copy[mp::mirror(i)];
            }
        }
    }
}

impl SideLabels {
    pub fn report(&self) -> &LabelReport {
        &self.report
    }

    /// Forget the segment (a reset, or a restarted tracker); the counts stay.
    pub fn reset(&mut self) {
        self.segment = None;
    }

    /// What to do with the pose frame captured at `t` (s): pass it on, swap its labels back, or drop it (a
    /// body turned further than [`LabelSettings::max_turn`] since the last frame either way it is read);
    /// updates the segment. `face`: the performer's face was found at about the same time (a face frame of
    /// the same camera). Frames out of time order start a new segment.
    pub fn decide(&mut self, world: &[Landmark], t: f64, face: bool, s: &LabelSettings) -> Verdict {
        self.report.frames += 1;
        let theta = heading(world, s.min_visibility);
        let linked = self.segment.as_ref().is_some_and(|g| t >= g.t && t - g.t <= s.max_gap && t.is_finite());
        let verdict = if !s.enabled {
            self.segment = None;
            Verdict::Keep
        } else {
            match (theta, linked) {
                // no heading: the last frame's decision (swaps come in runs), the segment kept
                (None, true) => {
                    let g = self.segment.as_mut().expect("linked");
                    g.t = t;
                    Verdict::swap(g.r ^ g.g)
                }
                (None, false) => {
                    self.segment = None;
                    Verdict::Keep
                }
                (Some(theta), false) => self.start(theta, t, face, s),
                (Some(theta), true) => {
                    let g = self.segment.as_mut().expect("linked");
                    // Link: of the two readings, the one nearer the last heading (in the segment's labelling)
                    // is the same body; `rel`: this frame's labels are swapped against the segment's first
                    // frame. Its labels are right under "the first frame's are" iff `rel` is false: its vote.
                    let rel = wrap(theta - g.psi).abs() > PI / 2.0;
                    let turn = wrap(if rel { theta + PI } else { theta } - g.psi).abs();
                    let allowed = s.max_turn.max(s.max_turn_rate * (t - g.t));
                    if turn > allowed {
                        // Neither reading is near the last heading (a bad frame; the body side-on with its
                        // depth misread): dropped, so one bad frame neither turns the avatar nor breaks the
                        // chain; a new segment starts from the third in a row.
                        g.outliers += 1;
                        if g.outliers >= OUTLIERS_TO_RESTART {
                            self.start(theta, t, face, s)
                        } else {
                            Verdict::Drop
                        }
                    } else {
                        let fade = (-(t - g.t) / s.memory).exp();
                        g.t = t;
                        g.outliers = 0;
                        g.psi = if rel { wrap(theta + PI) } else { theta };
                        g.r = rel;
                        let face = if face { s.face_vote * g.psi.cos() } else { 0.0 };
                        g.vote = g.vote * fade + if rel { -1.0 } else { 1.0 } + face;
                        // the facing prior, on the heading as the segment's first frame labels it now
                        let score = g.vote + s.facing_prior * g.psi.cos();
                        let wanted = score < 0.0;
                        if wanted != g.g && score.abs() >= s.margin {
                            g.g = wanted;
                            self.report.relabelled += 1;
                        }
                        Verdict::swap(g.r ^ g.g)
                    }
                }
            }
        };
        match verdict {
            Verdict::Swap => self.report.swapped += 1,
            Verdict::Drop => self.report.dropped += 1,
            Verdict::Keep => {}
        }
        self.report.last = verdict;
        if verdict != Verdict::Drop {
            self.report.heading = theta.map(|h| if verdict == Verdict::Swap { wrap(h + PI) } else { h });
        }
        verdict
    }

    /// A new segment from a frame of heading `theta`: its own vote (+1, its labels are right), the face's and
    /// the facing prior decide its labelling.
    fn start(&mut self, theta: f64, t: f64, face: bool, s: &LabelSettings) -> Verdict {
        self.report.segments += 1;
        let vote = 1.0 + if face { s.face_vote * theta.cos() } else { 0.0 };
        let g = vote + s.facing_prior * theta.cos() < 0.0;
        self.segment = Some(Segment { t, psi: theta, r: false, vote, g, outliers: 0 });
        Verdict::swap(g)
    }

    /// [`SideLabels::decide`] for a whole frame, swapped back in place when it must be.
    pub fn correct(&mut self, f: &mut PoseFrame, t: f64, face: bool, s: &LabelSettings) -> Verdict {
        let v = self.decide(&f.world_landmarks, t, face, s);
        if v == Verdict::Swap {
            swap_sides(f);
        }
        v
    }
}

/// What the label stage does with a pose frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verdict {
    /// Pass it on as labelled.
    #[default]
    Keep,
    /// Swap its left/right labels back, then pass it on.
    Swap,
    /// Drop it: its body turned further than a body turns between frames, whichever way it is read.
    Drop,
}

impl Verdict {
    fn swap(yes: bool) -> Self {
        if yes {
            Verdict::Swap
        } else {
            Verdict::Keep
        }
    }
}

/// Consecutive dropped frames after which the body is taken as it is (a new segment).
const OUTLIERS_TO_RESTART: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;

    /// A body of world landmarks facing heading `theta` (0: the camera): hips and shoulders only, the rest at
    /// the hip centre, every landmark visible.
    fn body(theta: f64) -> Vec<Landmark> {
        let mut lm = vec![Landmark { x: 0.0, y: 0.0, z: 0.0, visibility: 1.0, presence: 1.0 }; mp::COUNT];
        let (c, s) = (theta.cos() as f32, theta.sin() as f32);
        for (l, r, y, half) in
            [(mp::LEFT_HIP, mp::RIGHT_HIP, 0.0, 0.1), (mp::LEFT_SHOULDER, mp::RIGHT_SHOULDER, -0.5, 0.18)]
        {
            lm[l] = Landmark { x: half * c, y, z: half * s, visibility: 1.0, presence: 1.0 };
            lm[r] = Landmark { x: -half * c, y, z: -half * s, visibility: 1.0, presence: 1.0 };
        }
        lm
    }

    fn frame(theta: f64) -> PoseFrame {
        PoseFrame {
            header: avatar_schema::types::FrameHeader {
                source_id: String::new(),
                stream_id: 0,
                seq: 0,
                capture_time_ns: 0,
                send_time_ns: 0,
            },
            image_width: 640,
            image_height: 480,
            person_index: 0,
            landmarks: body(theta),
            world_landmarks: body(theta),
        }
    }

    /// A pseudo-random sequence (xorshift), so the tests need no crate and stay the same run to run.
    fn coin(state: &mut u64) -> f64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state % 10_000) as f64 / 10_000.0
    }

    /// Play `truth(t)` (the true heading) at 30 fps with a share of frames swapped; the passed-on heading per
    /// frame.
    fn play(
        truth: impl Fn(f64) -> f64,
        seconds: f64,
        swap_share: f64,
        face: bool,
        seed: u64,
    ) -> Vec<(f64, f64, f64)> {
        let s = LabelSettings::default();
        let mut st = SideLabels::default();
        let mut rng = seed;
        let mut out = vec![];
        let n = (seconds * 30.0) as usize;
        for k in 0..n {
            let t = k as f64 / 30.0;
            let th = truth(t);
            let mut f = frame(th);
            if coin(&mut rng) < swap_share {
                swap_sides(&mut f);
            }
            st.correct(&mut f, t, face, &s);
            out.push((t, th, heading(&f.world_landmarks, 0.5).unwrap()));
        }
        out
    }

    #[test]
    fn a_swap_reads_as_the_body_turned_round() {
        let mut f = frame(0.3);
        swap_sides(&mut f);
        let h = heading(&f.world_landmarks, 0.5).unwrap();
        assert!((wrap(h - 0.3 - PI)).abs() < 1e-6, "{h}");
        swap_sides(&mut f);
        assert_eq!(f, frame(0.3));
    }

    #[test]
    fn swapped_frames_keep_the_performer_facing_the_camera() {
        // the performer sways ±30°; a third of the frames swapped at random (the Python tracker on held-out
        // footage: 32 %) without a face, 45 % with one (the browser: 39–44 %)
        for (share, face, seed) in
            [(0.33, false, 1u64), (0.33, false, 7), (0.33, false, 99), (0.45, true, 12345), (0.45, true, 3)]
        {
            let out = play(|t| 0.5 * (1.3 * t).sin(), 20.0, share, face, seed);
            let wrong = out.iter().filter(|(_, th, h)| wrap(h - th).abs() > 0.1).count();
            let at: Vec<f64> =
                out.iter().filter(|(_, th, h)| wrap(h - th).abs() > 0.1).map(|x| x.0).collect();
            assert_eq!(wrong, 0, "seed {seed}: {wrong} of {} frames face the wrong way at {at:?}", out.len());
        }
    }

    #[test]
    fn the_first_frame_swapped_is_outvoted_in_a_few_frames() {
        // the performer's back to the camera from the start, and the first frame and the third swapped (so
        // they read "facing the camera", as the prior says): the frames that follow outvote both
        let s = LabelSettings::default();
        let mut st = SideLabels::default();
        let mut wrong = vec![];
        for k in 0..60 {
            let t = k as f64 / 30.0;
            let mut f = frame(PI);
            if k == 0 || k == 2 {
                swap_sides(&mut f);
            }
            st.correct(&mut f, t, false, &s);
            if wrap(heading(&f.world_landmarks, 0.5).unwrap() - PI).abs() > 0.1 {
                wrong.push(k);
            }
        }
        // the prior (2) and the margin (1) take three frames of net evidence: 0.27 s at 30 fps
        assert!(wrong.iter().all(|&k| k < 8), "frames facing the wrong way: {wrong:?}");
        assert_eq!(st.report().relabelled, 1);
    }

    #[test]
    fn a_real_turn_is_followed() {
        // a half turn in 0.5 s (360°/s), then a full turn back in 1 s, with 30 % swaps
        let truth = |t: f64| {
            if t < 1.0 {
                0.0
            } else if t < 1.5 {
                (t - 1.0) / 0.5 * PI
            } else if t < 3.0 {
                PI
            } else if t < 4.0 {
                PI - (t - 3.0) * 2.0 * PI
            } else {
                -PI
            }
        };
        let out = play(truth, 6.0, 0.3, false, 4242);
        let wrong: Vec<f64> =
            out.iter().filter(|(_, th, h)| wrap(h - th).abs() > 0.1).map(|(t, _, _)| *t).collect();
        assert!(wrong.is_empty(), "wrong at {wrong:?}");
    }

    #[test]
    fn without_the_stage_the_swaps_pass_through() {
        // the same stream with the stage off: the swapped frames face away (the test above can fail)
        let s = LabelSettings { enabled: false, ..LabelSettings::default() };
        let mut st = SideLabels::default();
        let mut rng = 1u64;
        let mut wrong = 0;
        for k in 0..300 {
            let mut f = frame(0.0);
            if coin(&mut rng) < 0.4 {
                swap_sides(&mut f);
            }
            st.correct(&mut f, k as f64 / 30.0, false, &s);
            wrong += usize::from(heading(&f.world_landmarks, 0.5).unwrap().cos() < 0.0);
        }
        assert!(wrong > 90, "{wrong}");
    }

    #[test]
    fn after_a_gap_a_new_segment_starts() {
        let s = LabelSettings::default();
        let mut st = SideLabels::default();
        for k in 0..30 {
            st.correct(&mut frame(0.0), k as f64 / 30.0, false, &s);
        }
        // the performer comes back two seconds later with their back turned, labelled right, for a second
        let mut last = 0.0;
        for k in 0..30 {
            let mut f = frame(PI);
            st.correct(&mut f, 3.0 + k as f64 / 30.0, false, &s);
            last = heading(&f.world_landmarks, 0.5).unwrap();
        }
        assert!(last.cos() < -0.99, "{last}");
        assert_eq!(st.report().segments, 2);
    }

    #[test]
    fn a_frame_turned_too_far_either_way_is_dropped_and_three_start_over() {
        let s = LabelSettings::default();
        let mut st = SideLabels::default();
        let mut k = 0;
        let mut at = |st: &mut SideLabels, th: f64| {
            k += 1;
            st.correct(&mut frame(th), k as f64 / 30.0, false, &s)
        };
        for _ in 0..10 {
            assert_eq!(at(&mut st, 0.0), Verdict::Keep);
        }
        // side-on in one frame (90°: neither reading within 60°), then back
        assert_eq!(at(&mut st, PI / 2.0), Verdict::Drop);
        assert_eq!(at(&mut st, 0.05), Verdict::Keep);
        // a body that really is side-on now (or another one): taken from the third frame on
        let v: Vec<Verdict> = (0..4).map(|_| at(&mut st, -PI / 2.0)).collect();
        assert_eq!(v[..2], [Verdict::Drop, Verdict::Drop]);
        assert!(v[2..].iter().all(|v| *v != Verdict::Drop), "{v:?}");
        assert_eq!(st.report().dropped, 3);
        assert_eq!(st.report().segments, 2);
    }

    #[test]
    fn odd_input_never_panics() {
        let s = LabelSettings::default();
        let mut st = SideLabels::default();
        let mut f = frame(0.0);
        f.world_landmarks[mp::LEFT_HIP].x = f32::NAN;
        f.world_landmarks[mp::LEFT_SHOULDER].visibility = 0.0;
        st.correct(&mut f, 0.0, false, &s);
        st.correct(&mut frame(0.0), f64::NAN, true, &s);
        st.correct(&mut frame(0.0), -5.0, false, &s);
        let mut short = frame(0.0);
        short.world_landmarks.truncate(3);
        short.landmarks.truncate(3);
        assert_eq!(st.correct(&mut short, 1.0, true, &s), Verdict::Keep);
        assert_eq!(st.report().frames, 4);
    }
}
