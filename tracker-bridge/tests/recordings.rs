//! The committed real recordings (written by the Python MediaPipe bridge, `tools/make-recordings`) read with
//! the Rust reader: same format on both sides, every message verified, and plausible content.

use avatar_schema::Message;
use std::path::PathBuf;
use tracker_bridge::recording::Recording;

fn recording(name: &str) -> Recording {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/recordings").join(name);
    Recording::load(&path).unwrap()
}

#[test]
fn the_real_pose_recording_has_a_standing_person() {
    let rec = recording("pose_demo_singleperson_cam01.avtrrec");
    assert_eq!(rec.meta["frames"].as_u64(), Some(rec.records.len() as u64));
    assert!(rec.records.len() >= 50);
    let mut upright = 0;
    for r in &rec.records {
        let Message::Pose(f) = &r.message else { panic!("pose recording holds {}", r.message.kind()) };
        assert_eq!(f.landmarks.len(), 33);
        assert_eq!(f.world_landmarks.len(), 33);
        // MediaPipe: 11/12 shoulders, 23/24 hips; image y grows downwards
        let shoulders = 0.5 * (f.landmarks[11].y + f.landmarks[12].y);
        let hips = 0.5 * (f.landmarks[23].y + f.landmarks[24].y);
        upright += usize::from(shoulders < hips);
        assert!(f.world_landmarks.iter().all(|l| l.x.abs() < 2.0 && l.y.abs() < 2.0 && l.z.abs() < 2.0));
    }
    assert_eq!(upright, rec.records.len(), "shoulders above hips in every frame");
    // time stamps: non-decreasing, about the video's frame spacing
    let span = rec.duration_ns() as f64 / 1e9;
    assert!(span > 0.5 && span < 10.0, "{span} s");
}

#[test]
fn the_real_face_recording_has_blendshapes_and_a_moving_jaw() {
    let rec = recording("face_carphone.avtrrec");
    let mut jaw: Vec<f32> = Vec::new();
    for r in &rec.records {
        let Message::Face(f) = &r.message else { panic!("face recording holds {}", r.message.kind()) };
        assert_eq!(f.landmarks.len(), 478);
        assert_eq!(f.blendshapes.len(), 52);
        assert!(f.facial_transform.is_some());
        jaw.push(f.blendshapes.iter().find(|b| b.name == "jawOpen").map(|b| b.value).unwrap());
    }
    let (lo, hi) = jaw.iter().fold((1.0f32, 0.0f32), |(a, b), &x| (a.min(x), b.max(x)));
    assert!(hi > 0.4 && lo < 0.1, "the man talks: jawOpen from {lo} to {hi}");
}
