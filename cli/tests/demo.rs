//! `avatard demo` as a process: the daemon on the default avatar driven by the two committed MediaPipe
//! recordings, over real sockets, without rendering, and a short one filmed; the summary it writes and the
//! film are checked.

use serde_json::Value;
use std::process::Command;

fn run_demo(args: &[&str], out: &std::path::Path) -> std::process::Output {
    demo_command(args, out).output().expect("running avatard demo")
}

fn demo_command(args: &[&str], out: &std::path::Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_avatard"));
    c.arg("demo").args(args).arg("--out").arg(out).env("RUST_LOG", "warn");
    c
}

#[test]
fn demo_drives_the_default_avatar_from_the_recordings() {
    let out = std::env::temp_dir().join(format!("avatard-demo-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let o = run_demo(&["--seconds", "3", "--no-render"], &out);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "avatard demo failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    let text = std::fs::read_to_string(out.join("demo-summary.json")).expect("demo-summary.json");
    let s: Value = serde_json::from_str(&text).unwrap();
    let num = |v: &Value| v.as_f64().unwrap_or_else(|| panic!("not a number: {v}\n{text}"));

    // the stream arrived, in order, finite
    let states = &s["states"];
    assert!(num(&states["received_while_playing"]) > 100.0, "{text}");
    assert!(num(&states["sequence_gaps"]) <= 3.0, "{text}");
    assert_eq!(num(&states["non_finite"]), 0.0, "{text}");
    assert_eq!(num(&states["undecodable"]), 0.0, "{text}");
    assert!(num(&s["solver_ticks"]) > 0.0, "{text}");
    let sources = s["tracker"]["sources"].as_array().unwrap();
    let kinds: Vec<&str> = sources.iter().map(|src| src["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["pose", "face", "hands", "jumps"], "{text}");
    for src in sources {
        // the hands recording is 10 frames/s, the others 30-120
        let least = if src["kind"] == "hands" { 20.0 } else { 50.0 };
        assert!(num(&src["frames_sent"]) > least, "{text}");
    }
    assert!(num(&s["tracker"]["accepted"]) > 100.0, "{text}");

    // the avatar moved and its flesh followed
    assert!(num(&s["avatar"]["num_p"]) > 0.0 && num(&s["avatar"]["num_z"]) > 0.0, "{text}");
    let (peak, rms) = (num(&s["z"]["peak_abs"]), num(&s["z"]["rms"]));
    assert!(peak.is_finite() && peak > 0.0 && rms > 0.0 && rms <= peak, "{text}");
    assert!(num(&s["flags_fraction"]["rest"]) < 0.5, "{text}");

    // latency of fresh inputs was measured
    let lat = &s["capture_to_receive_ms"];
    assert!(num(&lat["fresh_inputs"]) > 50.0, "{text}");
    let (p50, p99) = (num(&lat["p50"]), num(&lat["p99"]));
    assert!(p50.is_finite() && p50 >= 0.0 && p50 <= p99, "{text}");

    // the trajectory is there for rendering, rendering was skipped
    let traj: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("demo-trajectory.json")).unwrap()).unwrap();
    assert_eq!(traj["asset_hash"], s["avatar"]["asset_hash"]);
    let steps = traj["steps"].as_array().unwrap();
    assert!(steps.len() > 60, "{} steps", steps.len());
    assert!(steps.iter().any(|st| st["z"].as_array().unwrap().iter().any(|v| v.as_f64() != Some(0.0))));
    assert!(s["render"]["skipped"].is_string(), "{text}");

    // the jumps after the recordings move the flesh where flesh is, and not the skull or the hands
    let jumps = &s["flesh"]["jumps"]["regions"];
    for soft in ["chest", "belly", "buttocks", "thighs"] {
        let peak = num(&jumps[soft]["peak_mm"]);
        assert!(peak > 5.0 && peak < 80.0, "{soft}: {peak} mm\n{text}");
    }
    for bony in ["head", "hands", "feet"] {
        assert!(num(&jumps[bony]["peak_mm"]) < 5.0, "{bony}\n{text}");
    }
    // then nobody tracks: the avatar breathes, in the chest and belly, not in the feet
    let idle = &s["flesh"]["idle"]["regions"];
    for torso in ["chest", "belly"] {
        let peak = num(&idle[torso]["peak_mm"]);
        assert!(peak > 2.0 && peak < 10.0, "idle {torso}: {peak} mm\n{text}");
    }
    assert!(num(&idle["feet"]["peak_mm"]) < 1.0, "{text}");
    assert_eq!(num(&s["guard_resets"]), 0.0, "{text}");
    let _ = std::fs::remove_dir_all(&out);
}

/// A short demo filmed (1 s of the recordings, no jumps, then the 7 s without input): the default avatar's flesh
/// views as an animated GIF in `demo/`, at the film's rate and in real time, with no PNG frames unless asked for;
/// the spring-bone avatar's body view in `demo-springs/`; small files. The frames of an earlier, longer run are
/// removed.
#[test]
fn demo_films_the_flesh_views_into_a_small_gif() {
    let out = std::env::temp_dir().join(format!("avatard-demo-film-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(out.join("demo")).unwrap();
    std::fs::write(out.join("demo/frame_0999.png"), b"an earlier run's frame").unwrap();
    // from the checkout's root, where the spring-bone avatar's file is found
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let o = demo_command(&["--seconds", "1", "--no-jumps"], &out).current_dir(root).output().unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "avatard demo failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    let text = std::fs::read_to_string(out.join("demo-summary.json")).expect("demo-summary.json");
    let s: Value = serde_json::from_str(&text).unwrap();
    let r = &s["render"];
    assert_eq!(r["fps"], 8.0, "{text}");
    let gif = out.join("demo").join("anim.gif");
    assert_eq!(r["files"][0].as_str(), Some(gif.to_str().unwrap()), "{text}");
    let names: Vec<String> = std::fs::read_dir(out.join("demo"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".png")), "PNG frames without --png-frames: {names:?}");

    let (w, h) = avatard_cli::demo::VIEW;
    let frames = decode(&gif);
    // three views and the scale bar (80 pixels)
    assert!(frames.iter().all(|(f, _)| f.dimensions() == (3 * w + 80, h)));
    assert!(frames.iter().any(|(f, _)| f != &frames[0].0), "the film moves");
    // real time: the film lasts as long as what was played (1 s, then 7 s), within a few of its frames
    let shown: f64 = frames.iter().map(|(_, ms)| *ms as f64 / 1e3).sum();
    let played = s["played_s"].as_f64().unwrap();
    assert!((shown - played).abs() < 0.5, "the film lasts {shown} s, the demo played {played} s");
    let film_frames = r["frames"].as_f64().unwrap();
    assert!((film_frames - 8.0 * played).abs() <= 4.0, "{film_frames} frames for {played} s at 8 fps");
    // the breathing at the end is filmed at half the rate: fewer states drawn than frames
    assert!(r["drawn"].as_f64().unwrap() < film_frames - 10.0, "{text}");
    let bytes = std::fs::metadata(&gif).unwrap().len();
    assert!(bytes < 3_000_000 && r["bytes"][0] == bytes, "{bytes} bytes\n{text}");

    // the spring-bone avatar: its body alone
    let springs = decode(&out.join("demo-springs").join("anim.gif"));
    assert!(!springs.is_empty() && springs.iter().all(|(f, _)| f.dimensions() == (w, h)));
    let _ = std::fs::remove_dir_all(&out);
}

fn decode(path: &std::path::Path) -> Vec<(image::RgbaImage, u32)> {
    renderer::output::read_gif(path).unwrap()
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    let out = std::env::temp_dir().join(format!("avatard-demo-bad-{}", std::process::id()));
    let face = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/recordings/face_carphone.avtrrec");
    for (args, says) in [
        (&["--seconds", "0"][..], "--seconds"),
        (&["--seconds", "nan"][..], "--seconds"),
        (&["--loops", "0"][..], "--loops"),
        (&["--tick-hz", "0"][..], "tick"),
        (&["--render-fps=0"][..], "--render-fps"),
        (&["--film-fps", "0"][..], "--film-fps"),
        (&["--film-fps", "61"][..], "--film-fps"),
        (&["--pose", "/nonexistent.avtrrec"][..], "nonexistent"),
        (&["--hands", "/nonexistent.avtrrec"][..], "nonexistent"),
        (&["--hands", face][..], "no hand frames"),
        (&["--seconds", "2", "--loops", "3"][..], "cannot be used with"),
    ] {
        let o = run_demo(args, &out);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert!(!out.join("demo-summary.json").exists());
    let _ = std::fs::remove_dir_all(&out);
}
