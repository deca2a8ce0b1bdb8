//! At a desk: when the legs are out of view for a while (the usual VTuber framing), they stop following
//! low-visibility landmarks and go to a rest pose, standing or seated; back to tracking when they reappear.
//!
//! The legs count as seen when at least three of the four knee and ankle landmarks are visible. Unseen for
//! [`ENGAGE_AFTER`] engages desk mode; seen again for [`RELEASE_AFTER`] releases it; either way the legs blend
//! over [`BLEND`] (smoothstep), so nothing pops. [`LegsOutOfView::Auto`] picks the seated pose when the hips
//! are out of view too (or at the bottom edge of the image) when desk mode engages, standing otherwise.

use super::leg_ik::flat;
use super::skeleton::{apply, premultiply, rigid, rotation, Skeleton};
use avatar_sim::rig::Affine;
use nalgebra::{Rotation3, UnitQuaternion, Vector3};
use serde::{Deserialize, Serialize};

/// Seconds the legs must be unseen before desk mode engages...
pub const ENGAGE_AFTER: f64 = 1.0;
/// ...and seen before it releases.
pub const RELEASE_AFTER: f64 = 0.5;
/// Seconds of the blend between tracked and rest legs.
pub const BLEND: f64 = 0.5;

/// What the legs do while out of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegsOutOfView {
    /// Seated when the hips are out of view as well, standing otherwise.
    #[default]
    Auto,
    Standing,
    Seated,
}

impl LegsOutOfView {
    pub const ALL: [LegsOutOfView; 3] = [LegsOutOfView::Auto, LegsOutOfView::Standing, LegsOutOfView::Seated];

    pub const fn name(self) -> &'static str {
        match self {
            LegsOutOfView::Auto => "auto",
            LegsOutOfView::Standing => "standing",
            LegsOutOfView::Seated => "seated",
        }
    }
}

/// Desk-mode state.
#[derive(Clone, Debug, Default)]
pub struct Desk {
    engaged: bool,
    /// Since when the legs' visibility has disagreed with `engaged` (s).
    flip_since: Option<f64>,
    /// Blend weight of the rest legs, 0..1.
    weight: f64,
    seated: bool,
    last_t: Option<f64>,
}

impl Desk {
    pub fn engaged(&self) -> bool {
        self.engaged
    }

    pub fn seated(&self) -> bool {
        self.seated
    }

    /// The rest legs' blend weight (smoothstep of the linear ramp).
    pub fn weight(&self) -> f64 {
        let u = self.weight;
        u * u * (3.0 - 2.0 * u)
    }

    /// One frame at time `t`: whether the legs are seen, the hips are in view, and the performer looks like
    /// they are at a desk (`at_desk`: legs unseen while walking out of the view do not engage desk mode; the
    /// legs hold their stance instead).
    pub fn update(
        &mut self,
        t: f64,
        legs_seen: bool,
        hips_in_view: bool,
        at_desk: bool,
        mode: LegsOutOfView,
    ) -> f64 {
        let dt = self.last_t.map_or(0.0, |t0| (t - t0).clamp(0.0, 0.5));
        self.last_t = Some(t);
        // the state holds while it agrees with what is seen: engaged while the legs are unseen, not engaged
        // while they are seen or the performer is not at a desk
        if (legs_seen || (!self.engaged && !at_desk)) == !self.engaged {
            self.flip_since = None;
        } else {
            let since = *self.flip_since.get_or_insert(t);
            let wait = if self.engaged { RELEASE_AFTER } else { ENGAGE_AFTER };
            if t - since >= wait {
                self.engaged = !self.engaged;
                self.flip_since = None;
                if self.engaged {
                    self.seated = match mode {
                        LegsOutOfView::Auto => !hips_in_view,
                        LegsOutOfView::Standing => false,
                        LegsOutOfView::Seated => true,
                    };
                }
            }
        }
        if self.engaged && mode != LegsOutOfView::Auto {
            self.seated = mode == LegsOutOfView::Seated;
        }
        let goal = if self.engaged { 1.0 } else { 0.0 };
        let step = if BLEND > 0.0 { dt / BLEND } else { 1.0 };
        self.weight =
            if goal >= self.weight { (self.weight + step).min(goal) } else { (self.weight - step).max(goal) };
        self.weight()
    }
}

/// Turn the legs towards the rest pose relative to the hips (standing: straight down; seated: thighs forward,
/// shins down), by weight `w` (0: as tracked, 1: the rest pose), feet flat.
pub fn pose_legs(ts: &mut [Affine], sk: &Skeleton, seated: bool, w: f64) {
    if w <= 0.0 {
        return;
    }
    let root = rotation(&ts[sk.root]);
    let thigh = if seated {
        root * Rotation3::from_axis_angle(&Vector3::x_axis(), -std::f64::consts::FRAC_PI_2)
    } else {
        root
    };
    let toward = |now: &Rotation3<f64>, want: &Rotation3<f64>| {
        let (a, b) = (UnitQuaternion::from_rotation_matrix(now), UnitQuaternion::from_rotation_matrix(want));
        a.slerp(&b, w).to_rotation_matrix() * now.inverse()
    };
    for leg in &sk.legs {
        let now = rotation(&ts[leg.upper]);
        let hip = apply(&ts[leg.upper], &leg.hip);
        premultiply(ts, &leg.upper_tree, &rigid(&toward(&now, &thigh), &hip));
        let now = rotation(&ts[leg.lower]);
        let knee = apply(&ts[leg.lower], &leg.knee);
        premultiply(ts, &leg.lower_tree, &rigid(&toward(&now, &root), &knee));
        let now = rotation(&ts[leg.foot]);
        let ankle = apply(&ts[leg.foot], &leg.ankle);
        premultiply(ts, &leg.foot_tree, &rigid(&toward(&now, &flat(&root)), &ankle));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engages_after_a_second_unseen_and_releases_after_half_a_second_seen() {
        let mut d = Desk::default();
        let dt = 1.0 / 30.0;
        let mut t = 0.0;
        let run = |d: &mut Desk, secs: f64, seen: bool, hips: bool, t: &mut f64| {
            let end = *t + secs;
            while *t < end - 1e-9 {
                d.update(*t, seen, hips, true, LegsOutOfView::Auto);
                *t += dt;
            }
        };
        run(&mut d, 2.0, true, true, &mut t);
        assert!(!d.engaged() && d.weight() == 0.0);
        run(&mut d, 0.8, false, false, &mut t);
        assert!(!d.engaged(), "a short occlusion does not engage");
        run(&mut d, 0.5, true, true, &mut t);
        run(&mut d, 1.2, false, false, &mut t);
        assert!(d.engaged() && d.seated(), "hips out of view too: seated");
        let w = d.weight();
        assert!(w > 0.0 && w < 1.0, "it blends in: {w}");
        run(&mut d, 1.0, false, false, &mut t);
        assert!(d.weight() == 1.0, "{} {:?}", d.weight(), d);
        run(&mut d, 0.1, false, false, &mut t);
        assert!(d.weight() == 1.0, "it stays there");
        run(&mut d, 0.3, true, true, &mut t);
        assert!(d.engaged(), "not released yet");
        run(&mut d, 0.4, true, true, &mut t);
        assert!(!d.engaged());
        run(&mut d, 1.0, true, true, &mut t);
        assert_eq!(d.weight(), 0.0);
        // hips in view while the legs are not: standing
        run(&mut d, 1.5, false, true, &mut t);
        assert!(d.engaged() && !d.seated());
        // legs unseen while not at a desk (walking out of the view): never engages
        run(&mut d, 1.0, true, true, &mut t);
        assert!(!d.engaged());
        for _ in 0..90 {
            d.update(t, false, false, false, LegsOutOfView::Auto);
            t += dt;
        }
        assert!(!d.engaged() && d.weight() == 0.0);
    }
}
