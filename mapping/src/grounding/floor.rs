//! The performer's floor and feet, in camera space: a plane learnt from where the feet rest, and per foot
//! whether it is planted.
//!
//! **Floor.** The camera does not move, so the floor is a fixed plane in its frame. We write it as
//! `y = a + b x + c z` (camera axes, y down; a level camera has `b = c = 0`) and fit `(a, b, c)` by weighted
//! least squares to the lowest point of each supporting foot (the lowest of its ankle, heel and toe landmarks
//! while the foot is slow), with a ridge prior pulling the tilt `(b, c)` towards level (so a person standing
//! on one spot, which says nothing about tilt, gives a level floor) and a forgetting factor (so a camera that
//! was moved is followed within seconds). A sample far above the current floor (the top of a hop, where the
//! foot is momentarily still) is refused, unless such samples persist (the camera was lowered): then the fit
//! starts over.
//!
//! **Contact.** A foot is planted while it is slow (the median speed of its ankle, heel and toe, in metres per
//! second at the body's depth, or the ankle's own when that is lower: a still ankle is a still foot, whatever
//! the heel and toe's jitter reads; a point seen for the first time has no speed, and a foot with none has not
//! planted) and its lowest point is near the floor, with hysteresis (it plants below
//! `PLANT_SPEED` and `PLANT_HEIGHT`, lifts above `LIFT_SPEED` or `LIFT_HEIGHT`).

use nalgebra::{Matrix3, Vector3};

/// Foot speed (m/s) and height above the floor (m) under which a foot plants...
pub const PLANT_SPEED: f64 = 0.4;
pub const PLANT_HEIGHT: f64 = 0.05;
/// ...and over which it lifts.
pub const LIFT_SPEED: f64 = 0.6;
pub const LIFT_HEIGHT: f64 = 0.08;

/// Strength of the level prior on the tilt, in units of one sample at 1 m from the optical axis.
const LEVEL_PRIOR: f64 = 20.0;
/// Per-sample forgetting of the old samples.
const FORGET: f64 = 0.995;
/// Samples more than this above the floor are refused (m)...
const REFUSE_ABOVE: f64 = 0.06;
/// ...unless they keep coming this long (s): then the floor starts over.
const REFIT_AFTER: f64 = 1.5;

/// The floor plane `y = a + b x + c z` in camera space.
#[derive(Clone, Debug, Default)]
pub struct Floor {
    /// Normal equations of the weighted fit, φ = (1, x, z).
    ata: Matrix3<f64>,
    aty: Vector3<f64>,
    coef: Option<Vector3<f64>>,
    /// Since when samples have been refused as too high (s).
    refused_since: Option<f64>,
    /// Times the fit started over because samples kept coming far above it (cumulative).
    refits: u64,
}

impl Floor {
    /// Times the fit started over because samples kept coming far above it (the camera moved, or the floor
    /// under the body is not the plane learnt elsewhere).
    pub fn refits(&self) -> u64 {
        self.refits
    }

    pub fn is_known(&self) -> bool {
        self.coef.is_some()
    }

    pub fn reset(&mut self) {
        *self = Floor::default();
    }

    /// The floor's `y` below (x, z).
    pub fn y_at(&self, x: f64, z: f64) -> Option<f64> {
        self.coef.map(|c| c[0] + c[1] * x + c[2] * z)
    }

    /// Height of `p` above the floor (m, along [`Floor::up`]); `None` before any sample.
    pub fn height(&self, p: &Vector3<f64>) -> Option<f64> {
        let c = self.coef?;
        Some((c[0] + c[1] * p.x + c[2] * p.z - p.y) / (1.0 + c[1] * c[1] + c[2] * c[2]).sqrt())
    }

    /// Feed the lowest point `p` of a supporting foot at time `t` (s); returns whether it was taken.
    pub fn add(&mut self, p: &Vector3<f64>, t: f64) -> bool {
        if !p.iter().all(|c| c.is_finite()) {
            return false;
        }
        if let Some(h) = self.height(p) {
            if h > REFUSE_ABOVE {
                let since = *self.refused_since.get_or_insert(t);
                if !(t - since > REFIT_AFTER) {
                    return false;
                }
                let refits = self.refits + 1;
                self.reset();
                self.refits = refits;
            } else {
                self.refused_since = None;
            }
        }
        let phi = Vector3::new(1.0, p.x, p.z);
        self.ata *= FORGET;
        self.aty *= FORGET;
        self.ata += phi * phi.transpose();
        self.aty += phi * p.y;
        let mut a = self.ata;
        a[(1, 1)] += LEVEL_PRIOR;
        a[(2, 2)] += LEVEL_PRIOR;
        if let Some(c) = a.cholesky().map(|c| c.solve(&self.aty)).filter(|c| c.iter().all(|v| v.is_finite()))
        {
            self.coef = Some(c);
        }
        true
    }
}

/// Whether one foot is planted (hysteresis on its speed and height above the floor).
///
/// The foot is seen as up to three points (ankle, heel, toe), each tracked on its own: the foot's speed is the
/// median of its seen points' speeds, so that which point is lowest (heel or toe of a flat foot) or one point's
/// jitter never reads as motion, and a heel rising while the toe stays (push-off) does.
#[derive(Clone, Debug, Default)]
pub struct Contact {
    planted: bool,
    /// Per point: its last position and time, and its smoothed speed (m/s; `None` until it has been seen
    /// twice).
    points: [Option<(f64, Vector3<f64>, Option<f64>)>; 3],
    /// The foot's speed, m/s.
    speed: f64,
}

impl Contact {
    pub fn planted(&self) -> bool {
        self.planted
    }

    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// The foot's points (ankle, heel, toe, image pixels; `None` where not seen) at time `t`, the metres per
    /// pixel at the body (so that speeds are in metres per second, and a change of the body's estimated depth
    /// never reads as the feet moving) and the height of its lowest point above the floor (`None`: unknown
    /// floor: nothing plants then). A foot with no point seen keeps its state.
    pub fn update(
        &mut self,
        t: f64,
        points: [Option<Vector3<f64>>; 3],
        m_per_px: f64,
        height: Option<f64>,
    ) -> bool {
        // the speeds of the seen points that have one (a point seen for the first time has no history: its
        // speed is unknown, not zero); at most three, no allocation per frame
        let (mut speeds, mut n) = ([0.0f64; 3], 0);
        let mut ankle = None;
        for (j, (slot, p)) in self.points.iter_mut().zip(points).enumerate() {
            let Some(p) = p.filter(|p| p.iter().all(|c| c.is_finite())) else {
                *slot = None; // unseen: its next sighting starts afresh
                continue;
            };
            let speed = match *slot {
                Some((t0, p0, s)) if t - t0 > 1e-4 && t - t0 < 0.5 => {
                    // a light smoothing: the landmarks' jitter is not a step, a take-off is seen within a frame
                    let v = (p - p0).norm() * m_per_px / (t - t0);
                    Some(s.map_or(v, |s| s + 0.7 * (v - s)))
                }
                Some((t0, _, s)) if !(t - t0 >= 0.5) => s,
                _ => None,
            };
            *slot = Some((t, p, speed));
            if let Some(v) = speed {
                speeds[n] = v;
                n += 1;
                if j == 0 {
                    ankle = Some(v);
                }
            }
        }
        if n == 0 {
            // no speed known yet (first sightings): no plant without speed history
            return self.planted;
        }
        let speeds = &mut speeds[..n];
        speeds.sort_by(f64::total_cmp);
        let median = if n == 2 { 0.5 * (speeds[0] + speeds[1]) } else { speeds[n / 2] };
        // a still ankle is a still foot, whatever the heel and toe read (their jitter is 0.5-3.9 m/s on real
        // footage while the ankle is still); a heel rising with the ankle (push-off) still reads as motion
        self.speed = ankle.map_or(median, |a| a.min(median));
        // an unknown floor (before its first sample) plants nothing, and lifts nothing already planted
        self.planted = match (self.planted, height) {
            (true, h) => !(self.speed > LIFT_SPEED || h.is_some_and(|h| h > LIFT_HEIGHT)),
            (false, Some(h)) => self.speed < PLANT_SPEED && h < PLANT_HEIGHT,
            (false, None) => false,
        };
        self.planted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_floor_is_found_and_a_hop_apex_does_not_move_it() {
        let mut f = Floor::default();
        assert!(f.height(&Vector3::zeros()).is_none());
        for i in 0..30 {
            assert!(f.add(&Vector3::new(0.1 * (i % 3) as f64, 1.5, 3.0), i as f64 / 30.0));
        }
        assert!((f.y_at(0.0, 3.0).unwrap() - 1.5).abs() < 1e-3);
        assert!((f.height(&Vector3::new(0.0, 1.2, 3.0)).unwrap() - 0.3).abs() < 1e-3);
        // a still foot at the top of a hop, 20 cm up, is refused
        assert!(!f.add(&Vector3::new(0.0, 1.3, 3.0), 1.1));
        assert!((f.y_at(0.0, 3.0).unwrap() - 1.5).abs() < 1e-3);
        // a floor that stays higher for longer than REFIT_AFTER is taken (the camera moved)
        let mut t = 1.2;
        while t < 1.2 + REFIT_AFTER + 1.0 {
            f.add(&Vector3::new(0.0, 1.3, 3.0), t);
            t += 1.0 / 30.0;
        }
        assert!((f.y_at(0.0, 3.0).unwrap() - 1.3).abs() < 1e-2, "{:?}", f.y_at(0.0, 3.0));
    }

    #[test]
    fn a_tilted_floor_is_learnt_from_feet_spread_across_it() {
        // camera pitched down: the floor's y grows towards the camera (smaller z)
        let (a, b, c) = (2.0, 0.05, -0.1);
        let mut f = Floor::default();
        let mut t = 0.0;
        for i in 0..400 {
            let x = -1.5 + 3.0 * (i % 40) as f64 / 40.0;
            let z = 2.0 + 3.0 * (i / 40) as f64 / 10.0;
            f.add(&Vector3::new(x, a + b * x + c * z, z), t);
            t += 1.0 / 30.0;
        }
        let y = f.y_at(1.0, 4.0).unwrap();
        assert!((y - (a + b + 4.0 * c)).abs() < 0.02, "{y}");
        assert!(!f.add(&Vector3::new(f64::NAN, 0.0, 0.0), t));
    }

    #[test]
    fn contact_plants_when_slow_and_low_and_lifts_with_hysteresis() {
        // ankle, heel and toe of a foot whose heel is at x
        let still = |x: f64| {
            [Vector3::new(x, 1.43, 3.0), Vector3::new(x, 1.5, 3.05), Vector3::new(x + 0.06, 1.5, 2.9)]
                .map(Some)
        };
        let mut c = Contact::default();
        let mut t = 0.0;
        let dt = 1.0 / 30.0;
        for _ in 0..10 {
            c.update(t, still(0.0), 1.0, Some(0.0));
            t += dt;
        }
        assert!(c.planted());
        // lifting to 6 cm (between plant and lift heights) keeps it planted; 10 cm lifts it
        c.update(t, still(0.0), 1.0, Some(0.06));
        assert!(c.planted());
        // a fast swing lifts it even at the floor
        let mut x = 0.0;
        for _ in 0..5 {
            t += dt;
            x += 1.5 * dt;
            c.update(t, still(x), 1.0, Some(0.0));
        }
        assert!(!c.planted(), "speed {}", c.speed());
        // unseen: the state holds
        assert!(!c.update(t + dt, [None; 3], 1.0, None));
        // planted again; then which point is seen changes every frame (heel, toe, heel...) while the foot
        // stays: still planted (a lowest-point tracker reads 15 cm per frame there, 4.5 m/s)
        for _ in 0..10 {
            t += dt;
            c.update(t, still(x), 1.0, Some(0.0));
        }
        assert!(c.planted());
        for i in 0..10 {
            t += dt;
            let mut p = still(x);
            p[1 + i % 2] = None;
            c.update(t, p, 1.0, Some(0.0));
            assert!(c.planted(), "frame {i}: speed {}", c.speed());
        }
        // the heel and ankle rise and move while the toe stays (push-off): lifted
        for i in 1..6 {
            t += dt;
            let mut p = still(x);
            let d = Vector3::new(0.04 * i as f64, -0.03 * i as f64, 0.0);
            p[0] = p[0].map(|a| a + d);
            p[1] = p[1].map(|h| h + d);
            c.update(t, p, 1.0, Some(0.0));
        }
        assert!(!c.planted(), "push-off: speed {}", c.speed());
    }

    #[test]
    fn no_plant_without_speed_history_and_a_still_ankle_outweighs_jittering_heel_and_toe() {
        let foot = |x: f64, jitter: f64| {
            [
                Vector3::new(x, 1.43, 3.0),
                Vector3::new(x + jitter, 1.5, 3.05),
                Vector3::new(x + 0.06 - jitter, 1.5, 2.9),
            ]
            .map(Some)
        };
        let dt = 1.0 / 30.0;
        // first sighting: no speed yet, so no plant (it planted at once before: speed 0)
        let mut c = Contact::default();
        assert!(!c.update(0.0, foot(0.0, 0.0), 1.0, Some(0.0)));
        assert!(c.update(dt, foot(0.0, 0.0), 1.0, Some(0.0)));
        // the ankle still, heel and toe jittering ±4 cm a frame (2.4 m/s): planted, and stays planted
        let mut c = Contact::default();
        for i in 0..30 {
            let j = if i % 2 == 0 { 0.04 } else { -0.04 };
            c.update(i as f64 * dt, foot(0.0, j), 1.0, Some(0.0));
            if i >= 1 {
                assert!(c.planted(), "frame {i}: speed {}", c.speed());
            }
        }
    }
}
