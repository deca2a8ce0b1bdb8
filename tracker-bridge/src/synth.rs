//! Procedural MediaPipe-like pose streams for demos and tests (`synth`): a standing person, facing the
//! camera, whose left arm rises and falls periodically while the body sways.
//!
//! Landmarks follow MediaPipe Pose: 33 points; world coordinates in metres, origin at the hip centre, +x image
//! right, +y image down (so the shoulders have negative y), +z away from the camera. The subject's left side
//! appears on the image's right (+x).

use avatar_schema::{FrameHeader, Landmark, PoseFrame, POSE_LANDMARKS};
use std::f32::consts::PI;

/// MediaPipe Pose landmark indices.
pub use avatar_schema::pose_landmarks as idx;

/// Angle (radians) between the left upper arm and the torso's downward axis at time `t` (seconds):
/// 0 = arm hanging, π/2 = arm horizontal. Period `period` seconds.
pub fn left_arm_abduction(t: f32, period: f32) -> f32 {
    0.5 * (PI / 2.0) * (1.0 - (2.0 * PI * t / period).cos())
}

/// World landmarks (metres) at time `t` seconds.
pub fn world_landmarks(t: f32, period: f32) -> Vec<[f32; 3]> {
    let sway = 0.03 * (2.0 * PI * t / (1.7 * period)).sin();
    let mut p = vec![[0.0f32; 3]; POSE_LANDMARKS];
    let (shoulder_y, half_shoulder, half_hip) = (-0.5, 0.19, 0.11);
    let (upper_arm, forearm) = (0.29, 0.26);
    // head: nose, eyes, ears, mouth (1..=10) around a point above the shoulders
    let head = [sway, -0.72, -0.06];
    for (i, off) in [
        [0.0, 0.0, -0.08],
        [0.02, -0.03, -0.07],
        [0.035, -0.03, -0.065],
        [0.05, -0.03, -0.06],
        [-0.02, -0.03, -0.07],
        [-0.035, -0.03, -0.065],
        [-0.05, -0.03, -0.06],
        [0.08, -0.01, 0.0],
        [-0.08, -0.01, 0.0],
        [0.02, 0.03, -0.07],
        [-0.02, 0.03, -0.07],
    ]
    .iter()
    .enumerate()
    {
        p[i] = [head[0] + off[0], head[1] + off[1], head[2] + off[2]];
    }
    p[idx::LEFT_SHOULDER] = [half_shoulder + sway, shoulder_y, 0.0];
    p[idx::RIGHT_SHOULDER] = [-half_shoulder + sway, shoulder_y, 0.0];
    // left arm: rotates in the frontal plane away from the body
    let a = left_arm_abduction(t, period);
    let dir = [a.sin(), a.cos(), 0.0];
    let ls = p[idx::LEFT_SHOULDER];
    p[idx::LEFT_ELBOW] = [ls[0] + upper_arm * dir[0], ls[1] + upper_arm * dir[1], 0.0];
    let le = p[idx::LEFT_ELBOW];
    p[idx::LEFT_WRIST] = [le[0] + forearm * dir[0], le[1] + forearm * dir[1], 0.0];
    // right arm hangs
    let rs = p[idx::RIGHT_SHOULDER];
    p[idx::RIGHT_ELBOW] = [rs[0] - 0.02, rs[1] + upper_arm, 0.02];
    p[idx::RIGHT_WRIST] = [rs[0] - 0.03, rs[1] + upper_arm + forearm, 0.04];
    // hands (pinky, index, thumb): a few cm beyond the wrists
    for (side, wrist, first) in [(1.0, idx::LEFT_WRIST, 17), (-1.0, idx::RIGHT_WRIST, 18)] {
        let w = p[wrist];
        let along = if side > 0.0 { dir } else { [0.0, 1.0, 0.0] };
        for (k, spread) in [0.02f32, 0.0, -0.02].iter().enumerate() {
            p[first + 2 * k] = [w[0] + 0.07 * along[0] + spread, w[1] + 0.07 * along[1], w[2]];
        }
    }
    p[idx::LEFT_HIP] = [half_hip, 0.0, 0.0];
    p[idx::RIGHT_HIP] = [-half_hip, 0.0, 0.0];
    for (hip, knee, ankle, heel, toe) in [(23, 25, 27, 29, 31), (24, 26, 28, 30, 32)] {
        let h = p[hip];
        p[knee] = [h[0], 0.45, -0.02];
        p[ankle] = [h[0], 0.88, 0.0];
        p[heel] = [h[0], 0.93, 0.04];
        p[toe] = [h[0], 0.95, -0.12];
    }
    p
}

/// A complete `PoseFrame` at time `t` (seconds) with the given header.
pub fn pose_frame(header: FrameHeader, t: f32, period: f32) -> PoseFrame {
    let world = world_landmarks(t, period);
    let lm = |q: &[f32; 3], scale: f32, offset: f32| Landmark {
        x: offset + scale * q[0],
        y: offset + scale * q[1],
        z: scale * q[2],
        visibility: 0.99,
        presence: 0.99,
    };
    PoseFrame {
        header,
        image_width: 640,
        image_height: 480,
        person_index: 0,
        landmarks: world.iter().map(|q| lm(q, 0.35, 0.5)).collect(),
        world_landmarks: world.iter().map(|q| lm(q, 1.0, 0.0)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    #[test]
    fn body_is_plausible_and_bones_keep_their_length() {
        for k in 0..50 {
            let t = k as f32 * 0.05;
            let w = world_landmarks(t, 2.0);
            assert!(w[idx::LEFT_SHOULDER][1] < w[idx::LEFT_HIP][1], "shoulders above hips (+y down)");
            assert!(w[idx::NOSE][1] < w[idx::LEFT_SHOULDER][1]);
            assert!(w[idx::LEFT_ANKLE][1] > w[idx::LEFT_HIP][1]);
            assert!(w[idx::LEFT_SHOULDER][0] > w[idx::RIGHT_SHOULDER][0], "subject's left on image right");
            assert!((dist(w[idx::LEFT_SHOULDER], w[idx::LEFT_ELBOW]) - 0.29).abs() < 1e-5);
            assert!((dist(w[idx::LEFT_ELBOW], w[idx::LEFT_WRIST]) - 0.26).abs() < 1e-5);
            assert!(w.iter().flatten().all(|c| c.is_finite()));
        }
    }

    #[test]
    fn left_arm_rises_to_horizontal_and_back() {
        let w0 = world_landmarks(0.0, 2.0);
        let w1 = world_landmarks(1.0, 2.0);
        // hanging: wrist straight below the shoulder; half a period later: level with it
        assert!((w0[idx::LEFT_WRIST][0] - w0[idx::LEFT_SHOULDER][0]).abs() < 1e-5);
        assert!((w1[idx::LEFT_WRIST][1] - w1[idx::LEFT_SHOULDER][1]).abs() < 1e-5);
        assert!((left_arm_abduction(2.0, 2.0)).abs() < 1e-5);
    }

    #[test]
    fn frames_pass_the_wire_validation() {
        let h = FrameHeader {
            source_id: "synth".into(),
            stream_id: 1,
            seq: 1,
            capture_time_ns: 1,
            send_time_ns: 1,
        };
        let msg = avatar_schema::Message::Pose(pose_frame(h, 0.3, 2.0));
        assert_eq!(avatar_schema::decode(&avatar_schema::encode(&msg)).unwrap(), msg);
    }
}
