//! `avatard bench tracking`: how closely the avatar follows a recorded pose stream ([`avatard::follow`]) with
//! the landmark filter's defaults, with the pre-issue-18 defaults (the One-Euro paper's `min_cutoff` 1 Hz and
//! the mouse-pointer `beta` 0.007, applied to positions in metres), unfiltered, and over a grid of
//! `(min_cutoff, beta)`: the error, delay and jitter behind the chosen defaults.

use anyhow::{Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::follow::{face_frames, follow, follow_face, pose_frames, Follow};
use avatard::mapping::OneEuroParams;
use avatard::SimParams;
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args, Debug, Clone)]
pub struct TrackingArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// A recording with pose frames (`tracker-bridge record`).
    #[arg(long, default_value = "assets/recordings/pose_demo_singleperson_cam01.avtrrec")]
    pub recording: PathBuf,
    /// A recording with face frames (blendshape scores, head rotation).
    #[arg(long, default_value = "assets/recordings/face_carphone.avtrrec")]
    pub face_recording: PathBuf,
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Also sweep the landmark filter's `min_cutoff` (Hz) × `beta` (s/m) grid.
    #[arg(long)]
    pub sweep: bool,
    #[arg(long, default_value = "out/tracking.json")]
    pub out: PathBuf,
}

#[derive(Serialize)]
struct Row {
    setting: String,
    landmarks: OneEuroParams,
    follow: Follow,
}

pub fn tracking(a: TrackingArgs) -> Result<()> {
    let avatar = Arc::new(a.avatar.load("tracking", SimParams::default())?);
    let rec = tracker_bridge::recording::Recording::load(&a.recording)
        .with_context(|| format!("reading {}", a.recording.display()))?;
    let frames = pose_frames(rec.records.into_iter().map(|r| (r.t_ns as i64, r.message)));
    eprintln!("bench tracking: {} ({} pose frames), {} Hz", a.recording.display(), frames.len(), a.tick_hz);
    let with = |landmarks: OneEuroParams| {
        let mut p = SimParams::default();
        p.filter.landmarks = landmarks;
        p
    };
    let defaults = SimParams::default().filter.landmarks;
    let mut settings = vec![
        ("default".to_owned(), defaults),
        ("before (1 Hz, 0.007)".to_owned(), OneEuroParams::default()),
        ("unfiltered".to_owned(), OneEuroParams { min_cutoff: 1e3, ..defaults }),
    ];
    if a.sweep {
        for d_cutoff in [1.0, 4.0] {
            for min_cutoff in [1.0, 2.0, 4.0] {
                for beta in [1.0, 4.0, 10.0, 20.0, 50.0] {
                    settings.push(("sweep".to_owned(), OneEuroParams { min_cutoff, beta, d_cutoff }));
                }
            }
        }
    }
    let mut rows = Vec::new();
    println!(
        "{:<22} {:>6} {:>6} {:>6} {:>8} {:>7} {:>6} {:>8} {:>8} {:>8} {:>8}",
        "setting", "min_c", "beta", "d_c", "median°", "worst°", "delay", "jitter°", "(lm)", "rough°", "(lm)"
    );
    for (setting, landmarks) in settings {
        let f = follow(&avatar, &frames, &with(landmarks), a.tick_hz)?;
        println!(
            "{:<22} {:>6.2} {:>6.3} {:>6.2} {:>8.2} {:>7.2} {:>6.0} {:>8.3} {:>8.3} {:>8.3} {:>8.3}",
            setting,
            landmarks.min_cutoff,
            landmarks.beta,
            landmarks.d_cutoff,
            f.median_error_deg,
            f.worst_limb_error_deg,
            f.delay_ms,
            f.jitter_deg,
            f.landmark_jitter_deg,
            f.roughness_deg,
            f.landmark_roughness_deg
        );
        rows.push(Row { setting, landmarks, follow: f });
    }
    let face = tracker_bridge::recording::Recording::load(&a.face_recording)
        .with_context(|| format!("reading {}", a.face_recording.display()))?;
    let face = face_frames(face.records.into_iter().map(|r| (r.t_ns as i64, r.message)));
    let names = ["jawOpen", "eyeBlinkLeft", "eyeBlinkRight"];
    let f = SimParams::default().filter;
    let mut face_settings = vec![
        ("default".to_owned(), f.scores, f.rotations),
        ("before".to_owned(), OneEuroParams::default(), OneEuroParams::default()),
    ];
    if a.sweep {
        for min_cutoff in [1.0, 2.0, 4.0] {
            for beta in [0.3, 1.0, 3.0, 10.0] {
                let p = OneEuroParams { min_cutoff, beta, d_cutoff: 4.0 };
                face_settings.push(("sweep".to_owned(), p, p));
            }
        }
    }
    eprintln!("bench tracking: {} ({} face frames)", a.face_recording.display(), face.len());
    println!(
        "{:<10} {:>6} {:>6} {:>5} {:<14} {:>9} {:>6} {:>8} {:>8}",
        "setting", "min_c", "beta", "d_c", "signal", "mean err", "delay", "rough", "(rec)"
    );
    let mut face_rows = Vec::new();
    for (setting, scores, rotations) in face_settings {
        for s in follow_face(&face, &names, scores, rotations) {
            let p = if s.signal == "head rotation" { rotations } else { scores };
            println!(
                "{:<10} {:>6.2} {:>6.2} {:>5.1} {:<14} {:>9.4} {:>6.0} {:>8.4} {:>8.4}",
                setting,
                p.min_cutoff,
                p.beta,
                p.d_cutoff,
                s.signal,
                s.mean_error,
                s.delay_ms,
                s.roughness,
                s.recorded_roughness
            );
            face_rows.push((setting.clone(), p, s));
        }
    }
    if let Some(dir) = a.out.parent() {
        std::fs::create_dir_all(dir)?;
    }
    super::write_report(&a.out, &serde_json::json!({ "body": rows, "face": face_rows }))
}
