//! Whether a performer's feet are planted, read from a recording's image landmarks alone (independently of the
//! grounding stage's own detector): what `bench grounding` and the grounding tests measure sliding on.

use avatar_schema::{pose_landmarks as mp, PoseFrame};
use avatar_sim::stats::median;

/// Per frame, per performer side: planted, read from the image alone: the foot's lowest image point (ankle,
/// heel, toe) moves slower than 0.15 body heights per second and is within 4 % of a body height of the lowest
/// foot point in the surrounding second.
pub fn planted_from_image(frames: &[(i64, PoseFrame)]) -> Vec<[bool; 2]> {
    let sides = [
        [mp::LEFT_ANKLE, mp::LEFT_HEEL, mp::LEFT_FOOT_INDEX],
        [mp::RIGHT_ANKLE, mp::RIGHT_HEEL, mp::RIGHT_FOOT_INDEX],
    ];
    // lowest foot point per side, pixels
    let foot: Vec<[Option<(f64, f64)>; 2]> = frames
        .iter()
        .map(|(_, f)| {
            let (w, h) = (f.image_width as f64, f.image_height as f64);
            sides.map(|ids| {
                ids.iter()
                    .filter_map(|&i| f.landmarks.get(i).filter(|l| l.visibility >= 0.5 && l.x.is_finite()))
                    .map(|l| (l.x as f64 * w, l.y as f64 * h))
                    .max_by(|a, b| a.1.total_cmp(&b.1))
            })
        })
        .collect();
    let body: Vec<f64> = frames
        .iter()
        .zip(&foot)
        .filter_map(|((_, f), ft)| {
            let nose = f.landmarks.get(mp::NOSE).filter(|l| l.visibility >= 0.5)?;
            let low = ft.iter().flatten().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            (low.is_finite()).then(|| low - nose.y as f64 * f.image_height as f64)
        })
        .collect();
    let body_px = median(body).max(1.0);
    let n = frames.len();
    let second = frames
        .windows(2)
        .map(|w| (w[1].0 - w[0].0) as f64 * 1e-9)
        .filter(|d| *d > 0.0)
        .fold(f64::INFINITY, f64::min)
        .recip()
        .clamp(1.0, 240.0) as usize;
    (0..n)
        .map(|i| {
            std::array::from_fn(|k| {
                let (Some(a), Some(b)) = (foot[i.saturating_sub(1)][k], foot[(i + 1).min(n - 1)][k]) else {
                    return false;
                };
                let (ia, ib) = (i.saturating_sub(1), (i + 1).min(n - 1));
                let dt = (frames[ib].0 - frames[ia].0) as f64 * 1e-9;
                if dt <= 0.0 {
                    return false;
                }
                let speed = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt() / body_px / dt;
                let lo = i.saturating_sub(second / 2);
                let hi = (i + second / 2).min(n - 1);
                let lowest = (lo..=hi)
                    .flat_map(|j| foot[j].iter().flatten().map(|p| p.1).collect::<Vec<_>>())
                    .fold(f64::NEG_INFINITY, f64::max);
                let Some(now) = foot[i][k] else { return false };
                speed < 0.15 && lowest - now.1 < 0.04 * body_px
            })
        })
        .collect()
}

/// Per frame, per performer side: the ankle is still in the image (under 0.1 body heights per second, the
/// body's height as in [`planted_from_image`]).
pub fn still_ankles(frames: &[(i64, PoseFrame)]) -> Vec<[bool; 2]> {
    let ankles = [mp::LEFT_ANKLE, mp::RIGHT_ANKLE];
    let at = |f: &PoseFrame, i: usize| {
        f.landmarks
            .get(i)
            .filter(|l| l.visibility >= 0.5 && l.x.is_finite() && l.y.is_finite())
            .map(|l| (l.x as f64 * f.image_width as f64, l.y as f64 * f.image_height as f64))
    };
    let body: Vec<f64> = frames
        .iter()
        .filter_map(|(_, f)| {
            let nose = at(f, mp::NOSE)?;
            let low = ankles.iter().filter_map(|&i| at(f, i)).map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            low.is_finite().then(|| low - nose.1)
        })
        .collect();
    let body_px = median(body).max(1.0);
    (0..frames.len())
        .map(|i| {
            std::array::from_fn(|k| {
                if i == 0 {
                    return false;
                }
                let (a, b) = (&frames[i - 1], &frames[i]);
                let dt = (b.0 - a.0) as f64 * 1e-9;
                match (at(&a.1, ankles[k]), at(&b.1, ankles[k])) {
                    (Some(p), Some(q)) if dt > 0.0 => {
                        ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt() / body_px / dt < 0.1
                    }
                    _ => false,
                }
            })
        })
        .collect()
}
