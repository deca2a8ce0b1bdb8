//! The browser viewer in a real browser (issue 20): the daemon as a process with `--web`, fed by the committed
//! MediaPipe recordings; headless Chromium (Debian's, driven by playwright-core from `viewer/test/browser.mjs`)
//! loads the page the daemon serves, receives states and renders them. Then one fixed state is drawn by the
//! page and by the wgpu renderer with the same camera, and the two images are compared pixel by pixel.
//!
//! The page is the viewer embedded in the `avatard` binary (`AVATARD_WEB_ROOT` removed, no `--web-root`):
//! nothing is read from viewer/dist at run time. Needs playwright-core (viewer's
//! npm packages, which `cargo xtask test` installs) and Chromium (`.ci/run` installs Debian's `chromium`); without
//! Chromium the test prints why and passes without checking anything.
//!
//! The stage (issue 47): a walk whose root travels far across the floor (grounding on), drawn by the page with
//! the camera following (the default), with `camera=fixed` (today's fixed camera: the avatar leaves the frame)
//! and as the OBS source (`transparent=1`); the whole avatar is in every sampled frame and, with the ground
//! drawn, the floor is under its feet.
//!
//! The capture page (issue 48): Chromium's fake camera plays stills cut from the committed clips and its fake
//! microphone a committed speech WAV; the page (`/capture.html`, MediaPipe's web tasks) sends to the daemon's
//! `/ws/input`, and what it sent is compared with the Python tracker on the same file: limbs, face blendshapes,
//! hands (see `the_capture_page_tracks_like_the_python_tracker`). Besides Chromium it needs the project venv's
//! OpenCV and MediaPipe (`cargo xtask setup tracker`) and the page's MediaPipe files (`avatard setup capture`;
//! without them it fails and says so).

use avatar_e2e::{avatard_exe, exclusive, repo_root, scratch_dir, Daemon, Eps};
use avatar_schema::{decode, Message};
use renderer::{AvatarRenderer, Backend, Gpu, RenderSettings};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tracker_bridge::recording::Recording;
use tracker_bridge::replay::{replay, ReplaySettings};
use tracker_bridge::TrackerPublisher;

const EXE: &str = avatard_exe!();
const SIZE: u32 = 480;

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("CHROMIUM").map(PathBuf::from).unwrap_or_else(|| "/usr/bin/chromium".into());
    path.is_file().then_some(path)
}

/// `node viewer/test/browser.mjs ARGS`; panics with its output when it fails.
fn browser(args: &[&str]) -> String {
    let viewer = repo_root().join("viewer");
    let out = Command::new("node")
        .arg(viewer.join("test/browser.mjs"))
        .args(args)
        // the Chromium that the page is driven with (browser.mjs reads it), passed on rather than set in this
        // process's environment, which other tests of the binary read at the same time
        .envs(chromium().map(|c| ("CHROMIUM", c)))
        .current_dir(&viewer)
        .output()
        .expect("running node");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "browser.mjs {args:?} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Per-pixel comparison of two RGBA images of the same size: mean absolute difference (0-255, over RGB) and
/// the share of pixels whose largest channel difference is over 32.
fn compare(a: &image::RgbaImage, b: &image::RgbaImage) -> (f64, f64) {
    assert_eq!(a.dimensions(), b.dimensions());
    let (mut sum, mut far) = (0u64, 0u64);
    for (pa, pb) in a.pixels().zip(b.pixels()) {
        let d: Vec<u64> = (0..3).map(|c| (pa[c] as i64 - pb[c] as i64).unsigned_abs()).collect();
        sum += d.iter().sum::<u64>();
        far += (*d.iter().max().unwrap() > 32) as u64;
    }
    let n = a.pixels().len() as f64;
    (sum as f64 / (3.0 * n), far as f64 / n)
}

/// Pixels that are not the background (the corner's colour), for "the avatar is in the picture".
fn covered(a: &image::RgbaImage) -> f64 {
    let bg = *a.get_pixel(0, 0);
    a.pixels().filter(|p| (0..3).any(|c| (p[c] as i32 - bg[c] as i32).abs() > 8)).count() as f64
        / a.pixels().len() as f64
}

fn load_png(path: &Path) -> image::RgbaImage {
    image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())).to_rgba8()
}

/// Whether a browser test can run: the viewer's npm packages must be installed (a failure: `cargo xtask test`
/// installs them); without Chromium the test says why and passes without checking anything (`false`).
fn browser_ready() -> bool {
    let viewer = repo_root().join("viewer");
    assert!(
        viewer.join("node_modules/playwright-core").is_dir(),
        "the viewer's npm packages are not installed: run cargo xtask build-viewer (cargo xtask test does)"
    );
    if chromium().is_none() {
        println!(
            "SKIPPED: no Chromium at /usr/bin/chromium or $CHROMIUM (apt-get install chromium; .ci/run does)"
        );
        return false;
    }
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_viewer_renders_live_states_and_matches_the_wgpu_renderer() {
    if !browser_ready() {
        return;
    }
    let _one_at_a_time = exclusive().await;
    let dir = scratch_dir("browser");
    // the web output on port 0: the daemon's ready line says which port it got
    let d = Daemon::start(EXE, &Eps::tcp(), &["--tick-hz", "120", "--web", "127.0.0.1:0"])
        .expect("daemon with --web");
    let (eps, web) = (d.eps.clone(), d.web.clone().expect("the web output's address"));
    let url = format!("http://{web}/");

    // The committed recordings, looped, as live trackers.
    let mut trackers = Vec::new();
    for (name, source) in
        [("pose_demo_singleperson_cam01.avtrrec", "e2e/pose"), ("face_carphone.avtrrec", "e2e/face")]
    {
        let rec = Recording::load(&repo_root().join("assets/recordings").join(name)).unwrap();
        let input = eps.input.clone();
        trackers.push(tokio::spawn(async move {
            let mut publisher = TrackerPublisher::new(&input, source);
            tokio::time::sleep(Duration::from_millis(500)).await;
            replay(&rec, &mut publisher, &ReplaySettings { repeat: None, ..Default::default() }).await;
        }));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;

    // Live: states received and rendered; figures printed for the closing note.
    let live = dir.join("live.json");
    let state = dir.join("state.bin");
    let page = dir.join("page.png");
    let args = [
        "--url",
        &url,
        "--seconds",
        "5",
        "--out",
        live.to_str().unwrap(),
        "--save-state",
        state.to_str().unwrap(),
        "--screenshot",
        page.to_str().unwrap(),
    ];
    let (args, dir2) = (args.map(str::to_owned), dir.clone());
    tokio::task::spawn_blocking(move || browser(&args.iter().map(String::as_str).collect::<Vec<_>>()))
        .await
        .unwrap();
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&live).unwrap()).unwrap();
    println!(
        "browser (headless Chromium, SwiftShader): {:.1} fps, {} states in {:.1} s ({:.1}/s); publish -> render \
         p50 {} / p95 {} / p99 {} ms; publish -> page p50 {} / p99 {} ms; page: {}",
        r["fps"].as_f64().unwrap(),
        r["statesReceived"],
        r["seconds"].as_f64().unwrap(),
        r["statesPerSecond"].as_f64().unwrap(),
        r["latencyMs"]["p50"],
        r["latencyMs"]["p95"],
        r["latencyMs"]["p99"],
        r["arrivalLatencyMs"]["p50"],
        r["arrivalLatencyMs"]["p99"],
        dir2.join("page.png").display()
    );
    assert!(r["statesPerSecond"].as_f64().unwrap() > 60.0, "the page receives the 120 Hz stream");
    assert!(r["fps"].as_f64().unwrap() > 5.0, "the page renders");
    assert!(r["latencyMs"]["n"].as_u64().unwrap() > 10, "latencies measured");
    assert_eq!(r["consoleErrors"].as_array().unwrap().len(), 0);

    // One fixed state, drawn by the page and by the renderer with the renderer's camera.
    let bytes = std::fs::read(&state).unwrap();
    let Message::State(mut s) = decode(&bytes).expect("the saved state verifies") else {
        panic!("not a state")
    };
    assert!(s.input_seq > 0, "the saved state follows the trackers");
    // The secondary motion of one moment is a few millimetres; scaled up 20× it shows in every comparison
    // below whatever moment was saved (a page that drops or misapplies z then fails).
    for v in &mut s.z {
        *v *= 20.0;
    }
    std::fs::write(&state, avatar_schema::encode(&Message::State(s.clone()))).unwrap();
    let loaded = avatard::load_avatar(
        &avatard::AvatarSpec::new("ref"),
        avatar_sim::asset::Cache::default_dir().map(avatar_sim::asset::Cache::new).as_ref(),
    )
    .unwrap();
    assert_eq!(s.asset_hash, loaded.hash.to_vec(), "the daemon runs the default avatar");
    let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa)");
    let options = RenderSettings { width: SIZE, height: SIZE, ..Default::default() };
    let mut r = AvatarRenderer::new(gpu, &loaded.asset, options).unwrap();
    let zero = vec![0f32; s.z.len()];
    let rest: Vec<f32> = loaded.asset.sim.rig.rest_params().iter().map(|&v| v as f32).collect();
    let reference = r.render(&s.p, &s.z).unwrap();
    let reference_rig = r.render(&s.p, &zero).unwrap();
    let reference_rest = r.render(&rest, &zero).unwrap();
    reference.save(dir.join("renderer.png")).unwrap();
    let vp: Vec<String> = r.view_proj().iter().flatten().map(|v| format!("{v:e}")).collect();
    let vp = vp.join(",");
    let mut shots = Vec::new();
    for secondary in ["1", "0"] {
        let shot = dir.join(format!("browser-{secondary}.png"));
        let args: Vec<String> = [
            "--url",
            &url,
            "--state",
            state.to_str().unwrap(),
            "--viewproj",
            &vp,
            "--width",
            &SIZE.to_string(),
            "--height",
            &SIZE.to_string(),
            "--secondary",
            secondary,
            "--screenshot",
            shot.to_str().unwrap(),
        ]
        .map(str::to_owned)
        .to_vec();
        tokio::task::spawn_blocking(move || browser(&args.iter().map(String::as_str).collect::<Vec<_>>()))
            .await
            .unwrap();
        shots.push(load_png(&shot));
    }
    for t in trackers {
        t.abort();
    }
    let (mean, far) = compare(&shots[0], &reference);
    let (mean_rig, far_rig) = compare(&shots[1], &reference_rig);
    let (mean_rest, far_rest) = compare(&shots[0], &reference_rest);
    // z's share: the renderer's two images differ, and the page's secondary-motion image is nearer the
    // renderer's with z than without (a page that dropped or misapplied z fails here).
    let (z_effect, _) = compare(&reference, &reference_rig);
    let (mean_cross, _) = compare(&shots[0], &reference_rig);
    println!(
        "z's effect on the renderer's image: mean |d| {z_effect:.3}; page (with z) vs renderer without z: {mean_cross:.3}"
    );
    assert!(z_effect > 0.3, "the state shows secondary motion");
    assert!(mean_cross > 3.0 * mean, "the page's z term is not the renderer's: {mean_cross:.3} vs {mean:.3}");
    println!(
        "screenshot vs renderer ({SIZE}x{SIZE}, {}): with secondary mean |d| {mean:.3}, {:.3}% of pixels off by > 32; \
         rig only {mean_rig:.3}, {:.3}%; against the rest pose (must differ) {mean_rest:.3}, {:.3}%; avatar covers \
         {:.1}% of the image",
        dir.display(),
        100.0 * far,
        100.0 * far_rig,
        100.0 * far_rest,
        100.0 * covered(&reference)
    );
    // Tolerance: rasterisation differences along silhouette edges (SwiftShader vs Mesa, MSAA and sRGB
    // rounding) only.
    assert!(covered(&reference) > 0.05, "the avatar is in the picture");
    for (what, m, f) in [("with secondary", mean, far), ("rig only", mean_rig, far_rig)] {
        assert!(
            m < 1.5 && f < 0.01,
            "{what}: the page differs from the renderer: mean {m:.3}, {:.3}% far",
            100.0 * f
        );
    }
    assert!(far_rest > 4.0 * far.max(1e-4), "the comparison tells a different pose apart");
}

/// `node viewer/test/browser.mjs ARGS` in its sampling mode (`--samples`): `on_ready` runs when the page prints
/// `ready` (it draws states and starts sampling); returns its stdout after it exits, panics when it fails.
fn browser_sampling(args: &[String], on_ready: impl FnOnce()) -> String {
    let viewer = repo_root().join("viewer");
    let mut child = Command::new("node")
        .arg(viewer.join("test/browser.mjs"))
        .args(args)
        .envs(chromium().map(|c| ("CHROMIUM", c)))
        .current_dir(&viewer)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running node");
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let (mut on_ready, mut stdout) = (Some(on_ready), String::new());
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.expect("reading browser.mjs's output");
        if line == "ready" {
            if let Some(f) = on_ready.take() {
                f();
            }
        } else {
            stdout.push_str(&line);
            stdout.push('\n');
        }
    }
    let status = child.wait().unwrap();
    assert!(
        status.success(),
        "browser.mjs {args:?} failed ({status}):\n{stdout}\n{}",
        errors.join().unwrap()
    );
    stdout
}

/// One sampled frame of the page, read from its pixels.
#[derive(Debug)]
struct Staged {
    /// Share of the image that is avatar.
    coverage: f64,
    /// Pixels between the avatar's bounding box and the image's left, right, top and bottom edges (-1: no avatar).
    margins: [i64; 4],
    /// Share of the pixels just under the feet (2 to 6 rows below the lowest avatar pixel, across the columns of
    /// the avatar's lowest 5 rows) that are ground; `None` without a ground to look for.
    floor_under_feet: Option<f64>,
    /// Horizontal centre of the avatar's box, from the image's centre, as a share of the width.
    off_centre: f64,
}

/// The page's background (`renderer.setClearColor`: linear (0.93, 0.95, 0.98), sRGB encoded).
const BACKGROUND: [u8; 3] = [247, 249, 253];

/// Classify each pixel: the avatar (the default avatar's skin is chromatic, max − min channel > 14; the
/// background and the ground's two greys are within 6), the background (within 8 of its colour), else the
/// ground. The OBS source's avatar is every pixel with alpha (no background, no ground).
fn staged(img: &image::RgbaImage, transparent: bool) -> Staged {
    let (w, h) = img.dimensions();
    let avatar = |x: u32, y: u32| {
        let p = img.get_pixel(x, y);
        if transparent {
            return p[3] > 0;
        }
        let (lo, hi) = (p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]));
        hi - lo > 14
    };
    let ground = |x: u32, y: u32| {
        let p = img.get_pixel(x, y);
        !avatar(x, y) && (0..3).any(|c| (p[c] as i32 - BACKGROUND[c] as i32).abs() > 8)
    };
    let (mut n, mut lo, mut hi) = (0usize, [u32::MAX; 2], [0u32; 2]);
    for y in 0..h {
        for x in 0..w {
            if avatar(x, y) {
                n += 1;
                lo = [lo[0].min(x), lo[1].min(y)];
                hi = [hi[0].max(x), hi[1].max(y)];
            }
        }
    }
    if n == 0 {
        return Staged { coverage: 0.0, margins: [-1; 4], floor_under_feet: Some(0.0), off_centre: f64::NAN };
    }
    let margins = [lo[0] as i64, (w - 1 - hi[0]) as i64, lo[1] as i64, (h - 1 - hi[1]) as i64];
    let floor_under_feet = (!transparent).then(|| {
        let feet: Vec<u32> =
            (hi[1].saturating_sub(4)..=hi[1]).flat_map(|y| (0..w).filter(move |&x| avatar(x, y))).collect();
        let (x0, x1) = (*feet.iter().min().unwrap(), *feet.iter().max().unwrap());
        let rows = (hi[1] + 2..=hi[1] + 6).filter(|&y| y < h);
        let cells: Vec<bool> = rows.flat_map(|y| (x0..=x1).map(move |x| ground(x, y))).collect();
        cells.iter().filter(|&&g| g).count() as f64 / cells.len().max(1) as f64
    });
    Staged {
        coverage: n as f64 / (w * h) as f64,
        margins,
        floor_under_feet,
        off_centre: (0.5 * (lo[0] + hi[0]) as f64 - 0.5 * w as f64) / w as f64,
    }
}

impl Staged {
    /// Whether the whole avatar is in the frame (visible, 2 pixels or more from every edge) and, with a ground,
    /// stands on it (80 % of the pixels under the feet are ground).
    fn on_stage(&self) -> bool {
        self.coverage > 0.015
            && self.margins.iter().all(|&m| m >= 2)
            && self.floor_under_feet.is_none_or(|f| f >= 0.8)
    }
}

/// The largest horizontal (x, z) distance between two of `points`.
fn travel(points: &[[f64; 3]]) -> f64 {
    let mut most = 0.0f64;
    for a in points {
        for b in points {
            most = most.max((a[0] - b[0]).hypot(a[2] - b[2]));
        }
    }
    most
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_viewer_keeps_a_walking_avatar_on_stage() {
    if !browser_ready() {
        return;
    }
    let _one_at_a_time = exclusive().await;
    let started = Instant::now();
    let dir = scratch_dir("browser-stage");
    let d = Daemon::start(EXE, &Eps::tcp(), &["--tick-hz", "120", "--web", "127.0.0.1:0"])
        .expect("daemon with --web");
    let (eps, web) = (d.eps.clone(), d.web.clone().expect("the web output's address"));
    let url = format!("http://{web}/");
    // The rendered CMU walk (assets/README.md: 3.5 s, the root 1.8 m net across the floor, curving right),
    // played once per page; grounding is on by default.
    let rec = Recording::load(&repo_root().join("assets/recordings/grounding_walk_side.avtrrec")).unwrap();
    let loaded = avatard::load_avatar(
        &avatard::AvatarSpec::new("ref"),
        avatar_sim::asset::Cache::default_dir().map(avatar_sim::asset::Cache::new).as_ref(),
    )
    .unwrap();
    let mesh = &loaded.asset.render;

    let mut report = Vec::new();
    for (run, extra) in
        [("follow", &[][..]), ("fixed", &["--camera", "fixed"][..]), ("obs", &["--transparent", "1"][..])]
    {
        let samples_dir = dir.join(run);
        let out = dir.join(format!("{run}.json"));
        let mut args: Vec<String> = [
            "--url",
            &url,
            "--samples",
            "15",
            "--seconds",
            "4.5",
            "--sample-dir",
            samples_dir.to_str().unwrap(),
            "--viewport",
            "480x270",
            "--out",
            out.to_str().unwrap(),
        ]
        .map(str::to_owned)
        .to_vec();
        args.extend(extra.iter().map(|a| a.to_string()));
        // a new tracker stream per page (a new source: the grounding starts again where the avatar stands)
        let mut publisher = TrackerPublisher::new(&eps.input, &format!("e2e/walk-{run}"));
        // the daemon's states meanwhile, for the root's travel measured apart from the page
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let state_ep = eps.state.clone();
        let states = tokio::spawn(async move {
            let mut sub =
                renderer::StateSubscriber::connect(&state_ep, "", Duration::from_secs(5)).await.unwrap();
            let (mut ps, mut last) = (Vec::new(), 0i64);
            tokio::pin!(stopped);
            loop {
                tokio::select! {
                    _ = &mut stopped => break,
                    s = sub.next_state(Duration::from_secs(1)) => {
                        // one state every 50 ms
                        if let Some(Ok(s)) = s {
                            if s.publish_time_ns >= last + 50_000_000 {
                                last = s.publish_time_ns;
                                ps.push(s.p);
                            }
                        }
                    }
                }
            }
            ps
        });
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (ready, on_ready) = tokio::sync::oneshot::channel::<()>();
        let page = tokio::task::spawn_blocking(move || {
            browser_sampling(&args, move || {
                let _ = ready.send(());
            })
        });
        if on_ready.await.is_err() {
            page.await.unwrap();
            panic!("browser.mjs ended without drawing states");
        }
        replay(&rec, &mut publisher, &ReplaySettings::default()).await;
        page.await.unwrap();
        let _ = stop.send(());
        let ps = states.await.unwrap();

        let r: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(r["consoleErrors"].as_array().unwrap().len(), 0, "{run}: {:?}", r["consoleErrors"]);
        let samples = r["samples"].as_array().unwrap();
        let transparent = run == "obs";
        let mut roots = Vec::new();
        let mut frames = Vec::new();
        for s in samples {
            let stage = &s["stage"];
            assert_eq!(stage["camera"], if run == "fixed" { "fixed" } else { "follow" });
            let root = stage["roots"]["default"].as_array().expect("the avatar's root");
            roots.push([0, 1, 2].map(|c| root[c].as_f64().unwrap()));
            assert_eq!(stage["ground"].is_null(), transparent, "{run}: a ground unless transparent");
            frames.push(staged(&load_png(Path::new(s["file"].as_str().unwrap())), transparent));
        }
        // the mesh's centroid, skinned on the CPU from the daemon's p (independent of the page)
        let centroids: Vec<[f64; 3]> = ps
            .iter()
            .map(|p| {
                let p: Vec<f64> = p.iter().map(|&v| v as f64).collect();
                let x = mesh.rig.deform(&mesh.vertices, &p).unwrap();
                // coordinate-major: x[c n + v]
                let n = x.len() / 3;
                [0, 1, 2].map(|c| x[c * n..(c + 1) * n].iter().sum::<f64>() / n as f64)
            })
            .collect();
        let on_stage = frames.iter().filter(|f| f.on_stage()).count();
        println!(
            "{run}: {} samples, root travel {:.2} m (page, the hips), mesh centroid travel {:.2} m (daemon's p, \
             {} states); on stage {on_stage}/{}",
            samples.len(),
            travel(&roots),
            travel(&centroids),
            centroids.len(),
            frames.len()
        );
        let cm = |v: f64| (v * 100.0).round() / 100.0;
        for ((s, f), root) in samples.iter().zip(&frames).zip(&roots) {
            println!(
                "  t {:.2} s: root {:?}, followed {:?}; avatar {:.1}% of the image, margins l/r/t/b {:?} px, floor \
                 under the feet {}, off centre {:+.2}",
                s["t"].as_f64().unwrap(),
                root.map(cm),
                s["stage"]["offset"].as_array().unwrap().iter().map(|v| cm(v.as_f64().unwrap())).collect::<Vec<_>>(),
                100.0 * f.coverage,
                f.margins,
                f.floor_under_feet.map_or("-".into(), |v| format!("{:.0}%", 100.0 * v)),
                f.off_centre
            );
        }
        let files: Vec<PathBuf> =
            samples.iter().map(|s| PathBuf::from(s["file"].as_str().unwrap())).collect();
        report.push((run, travel(&roots), travel(&centroids), on_stage, frames, files));
    }
    // A picture for the docs (docs/web/viewer-follow-walk.png): five samples across the walk, half size, the
    // camera following (top) and camera=fixed (bottom).
    let picks = [1, 5, 8, 10, 12];
    let (w, h, gap) = (240, 135, 4);
    let mut strip = image::RgbaImage::from_pixel(
        (w + gap) * picks.len() as u32 - gap,
        2 * h + gap,
        image::Rgba([128, 128, 128, 255]),
    );
    for (row, run) in ["follow", "fixed"].iter().enumerate() {
        let files = &report.iter().find(|r| r.0 == *run).unwrap().5;
        for (col, &i) in picks.iter().enumerate() {
            let img =
                image::imageops::resize(&load_png(&files[i]), w, h, image::imageops::FilterType::Triangle);
            let (x, y) = (col as u32 * (w + gap), row as u32 * (h + gap));
            image::imageops::replace(&mut strip, &img, x as i64, y as i64);
        }
    }
    strip.save(dir.join("strip.png")).unwrap();
    println!("samples and strip: {}", dir.display());
    for (run, root_travel, centroid_travel, on_stage, frames, _) in &report {
        // the walk did travel, by the page's reading of the root and by the daemon's mesh
        assert!(*root_travel > 1.0, "{run}: the root travelled only {root_travel:.2} m");
        assert!(*centroid_travel > 1.0, "{run}: the avatar travelled only {centroid_travel:.2} m");
        match *run {
            "fixed" => {
                let far = frames.iter().map(|f| f.off_centre.abs()).fold(0.0, f64::max);
                assert!(
                    *on_stage < frames.len() && far > 0.3,
                    "camera=fixed: the walk should leave the stage ({on_stage}/{} on stage, {far:.2} off centre)",
                    frames.len()
                );
            }
            _ => {
                for (i, f) in frames.iter().enumerate() {
                    assert!(f.on_stage(), "{run}: sample {i} is not on stage: {f:?}");
                }
            }
        }
    }
    println!("stage test: {:.1} s", started.elapsed().as_secs_f64());
}

// ---------------------------------------------------------------------------------------------------------
// The capture page (issue 48): the browser's MediaPipe against the Python tracker on the same images

/// The capture page's MediaPipe files: [`avatar_e2e::capture_assets`] (what `cargo xtask test` set up, laid out
/// as the fetcher writes them, or `$AVATARD_CAPTURE_ASSETS`), held to their pinned sha256s by `avatard setup
/// capture --check`; Err with what to do when they are not all there and right.
fn capture_assets(_scratch: &Path) -> Result<(PathBuf, String), String> {
    let dir = avatar_e2e::capture_assets("browser-capture");
    let check = Command::new(EXE).args(["setup", "capture", "--check", "--dir"]).arg(&dir).output().unwrap();
    if !check.status.success() {
        return Err(format!(
            "the capture page's MediaPipe files in {} are not the pinned ones: {}{}",
            dir.display(),
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        ));
    }
    Ok((dir, "checked against the pins by `avatard setup capture --check`".into()))
}

/// `python SCRIPT ARGS` (the project venv's Python: OpenCV and MediaPipe); its stdout, or a panic with its
/// output.
fn python(script: &str, args: &[&str]) -> String {
    let out = Command::new(avatar_e2e::Python::path())
        .arg(repo_root().join(script))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("running the venv's Python");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{script} {args:?} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The eight limbs compared: name and the pose landmarks from the joint nearer the body to the farther one.
const LIMBS: [(&str, usize, usize); 8] = [
    ("left upper arm", 11, 13),
    ("left forearm", 13, 15),
    ("right upper arm", 12, 14),
    ("right forearm", 14, 16),
    ("left thigh", 23, 25),
    ("left shin", 25, 27),
    ("right thigh", 24, 26),
    ("right shin", 26, 28),
];

/// The goals (issue 48): limbs within 2° (median over the stills, per limb), face blendshapes within 0.1 RMS,
/// hands found in as many stills.
const LIMB_GOAL_DEG: f64 = 2.0;
const BLENDSHAPE_GOAL_RMS: f64 = 0.1;

/// The part of each still compared: from 40 % to 90 % of its hold. Before, the trackers are still settling on
/// the new image (VIDEO mode: the page's first frames of a still, ~1 s apart on a slow machine, are tracked
/// from the previous frame's landmarks; 4–10° off in the measurements); the last 10 % keep a frame's margin
/// from the black gap after it (see `locate`).
const WINDOW: (f64, f64) = (0.4, 0.9);

/// One result of a tracker on one frame: the pose's world landmarks (33 × xyz) and visibility, the face's
/// blendshapes, the hands' sides (None: the hand model did not run).
struct Sample {
    world: Option<Vec<f64>>,
    visibility: Option<Vec<f64>>,
    blendshapes: Option<Vec<(String, f64)>>,
    hands: Option<Vec<String>>,
}

impl Sample {
    fn from_json(e: &Value, world: &str, visibility: &str) -> Sample {
        let floats =
            |v: &Value| v.as_array().map(|a| a.iter().map(|x| x.as_f64().unwrap()).collect::<Vec<_>>());
        let blendshapes = e["blendshapes"].as_object().map(|m| {
            let mut v: Vec<(String, f64)> = m.iter().map(|(k, x)| (k.clone(), x.as_f64().unwrap())).collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        });
        let hands = e["hands"].as_array().map(|hs| {
            let mut v: Vec<String> = hs.iter().map(|h| h["side"].as_str().unwrap().to_owned()).collect();
            v.sort();
            v
        });
        Sample { world: floats(&e[world]), visibility: floats(&e[visibility]), blendshapes, hands }
    }
}

/// One still of the stills file (`clip-to-y4m.py --stills`): what it shows and which frames of the file.
struct Still {
    name: String,
    first: usize,
    count: usize,
}

/// Where a frame of the stills file is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    /// In still `k`, at this share of its hold.
    Still(usize, f64),
    /// In the middle of a black gap (2 frames or more from either end).
    Gap,
    /// At the ends of a gap.
    Edge,
}

/// Where a frame shown `t` seconds after the camera's first frame falls in the stills file (played at `fps`,
/// `frames` frames, in a loop). Chromium's fake camera reads the file one frame per 1/fps on its own clock and
/// its frame timestamps count from its first frame; at the loop's end it was measured to show one frame more
/// (Chromium 148), so each loop shifts the file by a frame against this count: `WINDOW` and `Place::Edge`
/// leave that margin.
fn locate(t: f64, fps: f64, frames: usize, stills: &[Still]) -> Place {
    let n = ((t * fps).round().max(0.0) as usize) % frames;
    if let Some(k) = stills.iter().position(|s| (s.first..s.first + s.count).contains(&n)) {
        return Place::Still(k, (n - stills[k].first) as f64 / stills[k].count as f64);
    }
    let end = stills.iter().map(|s| s.first + s.count).filter(|&e| e <= n).max().unwrap_or(0);
    let next = stills.iter().map(|s| s.first).filter(|&f| f > n).min().unwrap_or(frames);
    if n >= end + 2 && n + 2 < next {
        Place::Gap
    } else {
        Place::Edge
    }
}

/// The unit direction of each limb in a pose's world landmarks.
fn limb_directions(world: &[f64]) -> Vec<[f64; 3]> {
    LIMBS
        .iter()
        .map(|&(_, a, b)| {
            let d = [0, 1, 2].map(|c| world[3 * b + c] - world[3 * a + c]);
            let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            d.map(|v| v / n)
        })
        .collect()
}

/// Per limb, the mean of the unit directions over the samples, normalized.
fn mean_directions(samples: &[&Sample]) -> Vec<[f64; 3]> {
    let mut sum = vec![[0.0; 3]; LIMBS.len()];
    for s in samples {
        for (acc, d) in sum.iter_mut().zip(limb_directions(s.world.as_ref().unwrap())) {
            for c in 0..3 {
                acc[c] += d[c];
            }
        }
    }
    sum.into_iter()
        .map(|d| {
            let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            d.map(|v| v / n)
        })
        .collect()
}

fn angle_deg(a: [f64; 3], b: [f64; 3]) -> f64 {
    (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]).clamp(-1.0, 1.0).acos().to_degrees()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// The most frequent of `items` (the first of equals), or None for none.
fn majority<T: PartialEq + Clone>(items: &[T]) -> Option<T> {
    let mut best: Option<(usize, &T)> = None;
    for x in items {
        let n = items.iter().filter(|y| *y == x).count();
        if best.is_none_or(|(m, _)| n > m) {
            best = Some((n, x));
        }
    }
    best.map(|(_, x)| x.clone())
}

/// What one tracker made of one still: the samples in its window.
struct Seen<'a> {
    samples: Vec<&'a Sample>,
}

impl Seen<'_> {
    fn posed(&self) -> Vec<&Sample> {
        self.samples.iter().copied().filter(|s| s.world.is_some()).collect()
    }
    /// Whether most samples have a face.
    fn face(&self) -> bool {
        2 * self.samples.iter().filter(|s| s.blendshapes.is_some()).count() > self.samples.len()
    }
    /// The mean blendshapes (by name) of the samples with a face.
    fn blendshapes(&self) -> Vec<(String, f64)> {
        let faces: Vec<&Vec<(String, f64)>> =
            self.samples.iter().filter_map(|s| s.blendshapes.as_ref()).collect();
        let mut mean: Vec<(String, f64)> = faces[0].iter().map(|(k, _)| (k.clone(), 0.0)).collect();
        for f in &faces {
            assert_eq!(f.len(), mean.len(), "the same blendshapes in every face frame");
            for ((_, acc), (_, v)) in mean.iter_mut().zip(f.iter()) {
                *acc += v / faces.len() as f64;
            }
        }
        mean
    }
    /// The hands most often found (the sides, sorted), over the samples where the hand model ran.
    fn hands(&self) -> Hands {
        majority(&self.samples.iter().filter_map(|s| s.hands.clone()).collect::<Vec<_>>())
    }
}

/// The sides of the hands found (sorted), or None when the hand model did not run.
type Hands = Option<Vec<String>>;

fn hands_text(h: &Hands) -> String {
    match h {
        None => "not run".into(),
        Some(v) if v.is_empty() => "none".into(),
        Some(v) => v.join("+"),
    }
}

/// The capture page end to end on a committed clip, against the Python tracker: headless Chromium with its
/// fake camera playing stills cut from the committed clips (`clip-to-y4m.py --stills`: a squat standing and
/// down, a one-legged dance pose, and a man's face and raised hand twice) and its fake microphone playing a
/// committed speech WAV loads `/capture.html` from `avatard run --web` and sends what MediaPipe's web tasks
/// find to `/ws/input`; the Python tracker (`pose-reference.py`: `avatar_tracker`'s bridge, the same models)
/// runs on the same file. Per still, over the middle of its hold (`WINDOW`), the page's pose (read back from the
/// messages it sent: `?log=1`) is compared with the tracker's limb by limb, the face's blendshapes and the
/// hands found too; the daemon must have accepted everything, the microphone's AudioFrames included.
///
/// Why stills: the page's inference on this 2-core machine takes ~0.3–0.8 s per model per frame (CPU, software
/// WebGL), so it sees only some camera frames, at times that vary from run to run; on a moving clip its frames
/// and the tracker's would be different images. Each still is held 5 s (the page runs on 3–8 of its frames)
/// with 1.5 s of black after it, which makes both trackers find the next still afresh (VIDEO mode would
/// otherwise track it from where the previous still's person was, for seconds on end when the pose model's
/// presence stays above its threshold).
///
/// Measured: the limbs' medians 0.27–0.66°, per still mostly under 1°; the exception is the dance pose's right
/// thigh (1.2–6.9° from run to run): on that still the page's estimate wanders 2–15° from one of its frames to
/// the next while the Python tracker's settles within 1–2.5°, on the same pixels (the page's video frame read
/// back differs from the reference image by 0.18/255 on average) — the goal is the median over the stills, met.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_capture_page_tracks_like_the_python_tracker() {
    if !browser_ready() {
        return;
    }
    let _one_at_a_time = exclusive().await;
    let started = Instant::now();
    let dir = scratch_dir("capture");
    let (assets, from) = capture_assets(&dir).unwrap_or_else(|e| panic!("{e}"));
    println!("capture assets: {} ({from})", assets.display());

    // The stills (clip 0: tfjs_squats, 1: tfjs_dance, 2: fingerpose_hands; frames whose pose the Python
    // tracker finds stably, within ~1° from one repeat to the next): 6 s each, 1.5 s of black after each, 4
    // frames a second, 640 × 480 (the page's and the tracker's default max side: neither downscales).
    let picks = [
        ("squat, up", "0:0"),
        ("squat, down", "0:40"),
        ("dance, 1 leg", "1:90"),
        ("face+hand, V", "2:3"),
        ("face+hand, thumb", "2:41"),
    ];
    let spec = picks.map(|p| p.1).join(",");
    let (hold, gap, fps) = (6.0, 1.5, 4.0);
    let y4m = dir.join("stills.y4m");
    let summary = python(
        "viewer/test/clip-to-y4m.py",
        &[
            "assets/clips/tfjs_squats.mp4",
            "assets/clips/tfjs_dance.mp4",
            "assets/clips/fingerpose_hands.mp4",
            y4m.to_str().unwrap(),
            "--stills",
            &spec,
            "--hold",
            &hold.to_string(),
            "--gap",
            &gap.to_string(),
            "--fps",
            &fps.to_string(),
            "--size",
            "640x480",
            "--stills-out",
            dir.join("stills").to_str().unwrap(),
        ],
    );
    let summary: Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    let frames = summary["frames"].as_u64().unwrap() as usize;
    let stills: Vec<Still> = summary["stills"]
        .as_array()
        .unwrap()
        .iter()
        .zip(picks)
        .map(|(s, (name, _))| Still {
            name: name.into(),
            first: s["first"].as_u64().unwrap() as usize,
            count: s["count"].as_u64().unwrap() as usize,
        })
        .collect();
    let cycle = frames as f64 / fps;

    // The Python tracker on the same file (every frame, hands on every frame as the page below).
    let reference = dir.join("reference.json");
    let t = Instant::now();
    python(
        "viewer/test/pose-reference.py",
        &[
            y4m.to_str().unwrap(),
            reference.to_str().unwrap(),
            "--models",
            assets.join("models").to_str().unwrap(),
            "--hands-every",
            "1",
        ],
    );
    let reference_s = t.elapsed().as_secs_f64();
    let reference: Value = serde_json::from_str(&std::fs::read_to_string(&reference).unwrap()).unwrap();
    let tracker: Vec<Sample> = reference["frames"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| Sample::from_json(e, "pose_world", "pose_visibility"))
        .collect();
    assert_eq!(tracker.len(), frames, "the tracker read every frame of the stills file");

    // The page: sending for a whole loop of the file and one still more, so that the middle of every still
    // is in its log at least once whenever its models finished loading.
    let d = Daemon::start(
        EXE,
        &Eps::tcp(),
        &["--web", "127.0.0.1:0", "--capture-assets", assets.to_str().unwrap()],
    )
    .expect("daemon with --web and --capture-assets");
    let url = format!("http://{}", d.web.clone().expect("the web output's address"));
    let out = dir.join("page.json");
    let wav = repo_root().join("assets/fixtures/speech/sentence_m.wav");
    let seconds = (cycle + hold).ceil().to_string();
    let args: Vec<String> = [
        "--url",
        &url,
        "--video",
        y4m.to_str().unwrap(),
        "--audio",
        wav.to_str().unwrap(),
        "--pose-frames",
        "1",
        "--seconds",
        &seconds,
        "--params",
        // hands on every frame (the page's default is every 2nd): a hand result on each of a still's few frames
        "log=1&hands_every=1",
        "--timeout",
        "180",
        "--out",
        out.to_str().unwrap(),
    ]
    .map(str::to_owned)
    .to_vec();
    let t = Instant::now();
    let status = tokio::task::spawn_blocking(move || {
        let viewer = repo_root().join("viewer");
        Command::new("node")
            .arg(viewer.join("test/capture.mjs"))
            .args(&args)
            .envs(chromium().map(|c| ("CHROMIUM", c)))
            .current_dir(&viewer)
            .stdout(Stdio::null())
            .status()
            .expect("running node")
    })
    .await
    .unwrap();
    let page_s = t.elapsed().as_secs_f64();
    let r: Value = serde_json::from_str(
        &std::fs::read_to_string(&out)
            .unwrap_or_else(|e| panic!("capture.mjs ({status}) wrote no {}: {e}", out.display())),
    )
    .unwrap();
    drop(d);
    assert!(
        status.success() && r["ok"] == true,
        "the capture page's run failed ({status}): {}\nchecks: {}\nconsole: {}",
        r["error"],
        r["checks"],
        r["consoleLog"]
    );
    let capture = &r["capture"];
    let log = &capture["log"];
    assert!(
        log.is_object(),
        "the page kept no log (`?log=1`): the daemon serves a viewer bundle older than this test (rebuild avatard)"
    );

    // The daemon took every message, the microphone's too.
    let audio = r["daemon"]["input.audio_frames"].as_i64().unwrap();
    let sent = &capture["sent"];
    println!(
        "page: models loaded in {:.1} s; {} camera frames, {} processed, {} skipped busy; mean inference pose {} / \
         face {} / hands {} ms; sent {} pose, {} face, {} + {} hand and {} audio frames, the daemon accepted all \
         {} ({audio} audio frames)",
        r["seconds"]["modelsLoaded"].as_f64().unwrap(),
        capture["frames"],
        capture["processed"],
        capture["skipped"],
        capture["meanInferenceMs"]["pose"],
        capture["meanInferenceMs"]["face"],
        capture["meanInferenceMs"]["hands"],
        sent["pose"],
        sent["face"],
        sent["hand_left"],
        sent["hand_right"],
        sent["mic"],
        r["daemon"]["input.accepted"],
    );
    assert!(audio > 0, "the daemon accepted no AudioFrame from the fake microphone");
    assert_eq!(
        audio,
        capture["sent"]["mic"].as_i64().unwrap(),
        "every AudioFrame the page sent was accepted"
    );
    // Issue 54: every sample is accounted for: the daemon analysed 20 ms of samples per chunk, and each gap
    // the daemon found in the stream's capture times the page counted too (the page also counts those of its
    // paused start)
    let rate = capture["mic"]["sampleRate"].as_f64().unwrap();
    assert_eq!(
        r["daemon"]["input.audio_samples"].as_f64().unwrap(),
        audio as f64 * (rate * 0.02).round(),
        "samples analysed"
    );
    let (daemon_gaps, page_gaps) =
        (r["daemon"]["input.audio_gaps"].as_i64().unwrap(), capture["mic"]["gaps"].as_i64().unwrap());
    println!(
        "microphone: {page_gaps} gaps on the page ({} ms lost), {daemon_gaps} in the daemon; capture -> sender {} ms",
        capture["mic"]["lostMs"],
        capture["mic"]["lateMs"]
    );
    assert!(daemon_gaps <= page_gaps, "the daemon found {daemon_gaps} gaps, the page counted {page_gaps}");

    // The page's log, placed in the file by the camera's own timeline: the video frame callback's mediaTime
    // (Chromium: the camera frame's timestamp, from the fake camera's first frame), else the capture time since
    // the first frame the page saw.
    let first = &log["first"];
    let (first_ms, first_media) = (first["captureMs"].as_f64().unwrap(), first["mediaTime"].as_f64());
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(log["dropped"], 0, "the page's log kept every frame");
    let page: Vec<(Place, Sample)> = entries
        .iter()
        .map(|e| {
            let t = e["mediaTime"].as_f64().unwrap_or(
                (e["captureMs"].as_f64().unwrap() - first_ms) / 1000.0 + first_media.unwrap_or(0.0),
            );
            (locate(t, fps, frames, &stills), Sample::from_json(e, "poseWorld", "poseVisibility"))
        })
        .collect();
    let in_window = |p: f64| (WINDOW.0..WINDOW.1).contains(&p);
    let page_seen: Vec<Seen> = (0..stills.len())
        .map(|k| Seen {
            samples: page
                .iter()
                .filter(|(at, _)| matches!(*at, Place::Still(j, p) if j == k && in_window(p)))
                .map(|(_, s)| s)
                .collect(),
        })
        .collect();
    let tracker_seen: Vec<Seen> = stills
        .iter()
        .map(|s| Seen {
            samples: (0..s.count)
                .filter(|&i| in_window(i as f64 / s.count as f64))
                .map(|i| &tracker[s.first + i])
                .collect(),
        })
        .collect();
    // in the black gaps, neither finds anyone (else the page's frames are placed wrongly in the file)
    let posed_in_gaps = page.iter().filter(|(at, s)| *at == Place::Gap && s.world.is_some()).count();
    let gaps = page.iter().filter(|(at, _)| *at == Place::Gap).count();
    assert!(
        tracker.iter().enumerate().all(|(n, s)| s.world.is_none()
            || matches!(locate(n as f64 / fps, fps, frames, &stills), Place::Still(..) | Place::Edge)),
        "the Python tracker found a pose in a black gap"
    );

    // Per still and limb: the angle between the page's and the tracker's mean directions over the window. A limb
    // counts in a still when the tracker sees both its joints (visibility ≥ 0.5).
    let mut angles: Vec<Vec<Option<f64>>> = Vec::new();
    for (k, s) in stills.iter().enumerate() {
        let (pp, tp) = (page_seen[k].posed(), tracker_seen[k].posed());
        assert!(!tp.is_empty(), "the Python tracker found no pose in still {k} ({})", s.name);
        assert!(
            !pp.is_empty(),
            "the page has no pose in the middle of still {k} ({}): {} of its frames fell there (too slow a machine? \
             {} frames processed)",
            s.name,
            page_seen[k].samples.len(),
            capture["processed"]
        );
        let (pd, td) = (mean_directions(&pp), mean_directions(&tp));
        let vis: Vec<f64> = (0..33)
            .map(|i| tp.iter().map(|x| x.visibility.as_ref().unwrap()[i]).sum::<f64>() / tp.len() as f64)
            .collect();
        angles.push(
            LIMBS
                .iter()
                .enumerate()
                .map(|(j, &(_, a, b))| (vis[a].min(vis[b]) >= 0.5).then(|| angle_deg(pd[j], td[j])))
                .collect(),
        );
    }

    // The table (quoted in the issue).
    let cell = |v: Option<f64>, prec: usize| v.map_or("-".to_owned(), |v| format!("{v:.prec$}"));
    let mut table = format!(
        "capture page (headless Chromium, MediaPipe web tasks) vs the Python tracker (mediapipe {}), {} stills of \
         {hold} s, compared from {:.0} % to {:.0} % of each:\n",
        reference["mediapipe"].as_str().unwrap_or("?"),
        stills.len(),
        100.0 * WINDOW.0,
        100.0 * WINDOW.1
    );
    table += &format!("| {:<24} |", "");
    for (k, s) in stills.iter().enumerate() {
        table += &format!(" {k}: {:<12} |", s.name);
    }
    table += " median | goal |\n";
    table += &format!("|{}|", "-".repeat(26));
    for _ in &stills {
        table += &format!("{}|", "-".repeat(17));
    }
    table += "--------|------|\n";
    let frames_row = |what: &str, f: &dyn Fn(usize) -> String| {
        let mut row = format!("| {what:<24} |");
        for k in 0..stills.len() {
            row += &format!(" {:<15} |", f(k));
        }
        row + "        |      |\n"
    };
    table += &frames_row("frames page / tracker", &|k| {
        format!("{} / {}", page_seen[k].samples.len(), tracker_seen[k].samples.len())
    });
    let mut medians = Vec::new();
    for (j, &(name, a, b)) in LIMBS.iter().enumerate() {
        let mut row = format!("| {:<24} |", format!("{name} ({a}→{b}), °"));
        for a in &angles {
            row += &format!(" {:<15} |", cell(a[j], 2));
        }
        let m = median(angles.iter().filter_map(|a| a[j]).collect());
        medians.push((name, m));
        table += &format!("{row} {m:>6.2} | ≤ {LIMB_GOAL_DEG} |\n");
    }
    let mut rms_all = Vec::new();
    let mut face_row = format!("| {:<24} |", "face blendshapes RMS");
    let mut face_failures = Vec::new();
    for k in 0..stills.len() {
        let (pf, tf) = (page_seen[k].face(), tracker_seen[k].face());
        let text = match (pf, tf) {
            (true, true) => {
                let (p, t) = (page_seen[k].blendshapes(), tracker_seen[k].blendshapes());
                let names_p: Vec<&String> = p.iter().map(|x| &x.0).collect();
                let names_t: Vec<&String> = t.iter().map(|x| &x.0).collect();
                assert_eq!(names_p, names_t, "the page sends the tracker's blendshape names");
                let rms =
                    (p.iter().zip(&t).map(|(a, b)| (a.1 - b.1).powi(2)).sum::<f64>() / p.len() as f64).sqrt();
                let (worst, d) = p
                    .iter()
                    .zip(&t)
                    .map(|(a, b)| (&a.0, (a.1 - b.1).abs()))
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .unwrap();
                rms_all.push(rms);
                println!("still {k}: face blendshapes RMS {rms:.4}, largest difference {worst} {d:.3}");
                format!("{rms:.4}")
            }
            (false, false) => "no face".into(),
            (p, t) => {
                face_failures.push(format!("still {k}: face found by the page {p}, by the tracker {t}"));
                format!("page {p} / tracker {t}")
            }
        };
        face_row += &format!(" {text:<15} |");
    }
    let worst_rms = rms_all.iter().copied().fold(0.0, f64::max);
    table += &format!("{face_row} max {worst_rms:.3} | ≤ {BLENDSHAPE_GOAL_RMS} |\n");
    let hands: Vec<(Hands, Hands)> =
        (0..stills.len()).map(|k| (page_seen[k].hands(), tracker_seen[k].hands())).collect();
    table += &frames_row("hands page / tracker", &|k| {
        format!("{} / {}", hands_text(&hands[k].0), hands_text(&hands[k].1))
    });
    let found = |h: &Hands| h.as_ref().is_some_and(|v| !v.is_empty());
    let page_hands = hands.iter().filter(|h| found(&h.0)).count();
    let tracker_hands = hands.iter().filter(|h| found(&h.1)).count();
    table += &format!(
        "stills with hands found: page {page_hands}, tracker {tracker_hands} (goal: as many, the same sides); page frames \
         in the black gaps: {gaps}, with a pose {posed_in_gaps}\n"
    );
    println!("{table}");
    println!(
        "times: stills file + Python tracker {reference_s:.1} s (with its start), page run {page_s:.1} s (models \
         loaded, then {seconds} s sending), whole test {:.1} s; files in {}",
        started.elapsed().as_secs_f64(),
        dir.display()
    );

    // The checks, all of them reported together.
    let mut failures = face_failures;
    if posed_in_gaps > 0 {
        failures.push(format!(
            "the page found a pose on {posed_in_gaps} frames in a black gap: its frames are placed wrongly in the file"
        ));
    }
    for (name, m) in &medians {
        if *m > LIMB_GOAL_DEG {
            failures.push(format!(
                "{name}: the page's direction is {m:.2}° (median over the stills) from the Python tracker's, goal \
                 {LIMB_GOAL_DEG}°"
            ));
        }
    }
    if rms_all.is_empty() {
        failures.push("no still with a face to compare".into());
    }
    if worst_rms > BLENDSHAPE_GOAL_RMS {
        failures.push(format!("face blendshapes differ by RMS {worst_rms:.3}, goal {BLENDSHAPE_GOAL_RMS}"));
    }
    for (k, (p, t)) in hands.iter().enumerate() {
        if p != t {
            failures.push(format!(
                "still {k} ({}): hands found by the page {}, by the Python tracker {}",
                stills[k].name,
                hands_text(p),
                hands_text(t)
            ));
        }
    }
    if tracker_hands == 0 {
        failures.push("no still with hands to compare".into());
    }
    assert!(failures.is_empty(), "the capture page is not the Python tracker:\n{}", failures.join("\n"));
    // the stills file is large (~70 MB); the rest stays for a look
    let _ = std::fs::remove_file(&y4m);
}

/// Issue 55's scene: the viewer's camera for a standing avatar (`cam=`), 360 × 640, the viewer's default light.
const MTOON_CAM: &str = "0,0.85,3.8,0,0.85,0,30";

/// One VRM against unmodified three-vrm (issue 55): imported, drawn at rest by the Rust renderer
/// (`AvatarRenderer` with the same camera and light; MToon on, and off when `plain`), served at rest (springs
/// off: three-vrm's stand at their rest) to the viewer, and drawn by three-vrm and by the viewer in one
/// headless Chromium (`viewer/test/mtoon-compare.mjs`, which also measures the renderer's picture). MToon's UV
/// animation stands at `time` seconds in all three. Returns the MToon comparison and, when `plain`, the plain
/// paths' (viewer `mtoon=0`, renderer `mtoon: false`); each with the renderer's figures under "renderer".
async fn against_three_vrm(tag: &str, vrm: PathBuf, time: f64, plain: bool) -> (Value, Option<Value>) {
    let dir = scratch_dir(tag);
    let asset = dir.join("me.avatar");
    // the looks are the VRM's whatever the simulation: a coarse one, no held part (seconds, not minutes)
    let coarse = ["--resolution", "12", "--modes", "4", "--clusters", "20", "--held", "off"];
    let out =
        Command::new(EXE).arg("import").arg(&vrm).args(coarse).arg("--out").arg(&asset).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // the renderer's pictures
    let (loaded, _) = avatar_sim::asset::load(&asset).unwrap();
    let rest: Vec<f32> = loaded.render.rig.rest_params().iter().map(|&v| v as f32).collect();
    let zero = vec![0f32; 12 * loaded.sim.weights.ncols()];
    let camera = Some(renderer::camera::FixedCamera::parse(MTOON_CAM).unwrap());
    let light = renderer::Light { time, ..Default::default() };
    for mtoon in [true, false] {
        let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa)");
        let options = RenderSettings {
            width: 360,
            height: 640,
            ground: false,
            camera,
            light,
            mtoon,
            ..Default::default()
        };
        let mut r = AvatarRenderer::new(gpu, &loaded, options).unwrap();
        let name = if mtoon { "renderer-mtoon.png" } else { "renderer-plain.png" };
        r.render(&rest, &zero).unwrap().save(dir.join(name)).unwrap();
    }
    let config = dir.join("avatard.toml");
    // a TOML literal string: the path as it is, backslashes too
    std::fs::write(
        &config,
        format!("[[avatar]]\nid = \"me\"\nasset = '{}'\n[avatar.params]\nsprings = false\n", asset.display()),
    )
    .unwrap();
    let d = Daemon::start(EXE, &Eps::tcp(), &["--config", config.to_str().unwrap(), "--web", "127.0.0.1:0"])
        .expect("daemon with the imported VRM");
    let url = format!("http://{}/", d.web.clone().expect("the web output's address"));
    let shots = dir.clone();
    let compare = move |params: &str, rendered: &str, name: &str| -> Value {
        let viewer = repo_root().join("viewer");
        let out = Command::new("node")
            .arg(viewer.join("test/mtoon-compare.mjs"))
            .arg("--vrm")
            .arg(&vrm)
            .args(["--viewer", &format!("{url}{params}"), "--cam", MTOON_CAM, "--time", &time.to_string()])
            .arg("--renderer")
            .arg(shots.join(rendered))
            .arg("--out")
            .arg(shots.join(name))
            .envs(chromium().map(|c| ("CHROMIUM", c)))
            .current_dir(&viewer)
            .output()
            .expect("running node");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "mtoon-compare.mjs: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
    };
    let results = tokio::task::spawn_blocking(move || {
        let on = compare("", "renderer-mtoon.png", "mtoon");
        let off = plain.then(|| compare("?mtoon=0", "renderer-plain.png", "plain"));
        (on, off)
    })
    .await
    .unwrap();
    drop(d);
    println!("{tag}: pictures in {}", dir.display());
    results
}

/// (mean colour difference, share of pixels off by more than 10 %) of a comparison, of the viewer or (`at:
/// "/renderer"`) of the renderer.
fn mtoon_figures(r: &Value, at: &str) -> (f64, f64) {
    let r = r.pointer(at).unwrap_or_else(|| panic!("no {at} in {r}"));
    (r["meanDifference"].as_f64().unwrap(), r["offBy10Percent"].as_f64().unwrap())
}

/// Issue 55: the viewer and the Rust renderer draw a VRM's MToon as unmodified three-vrm draws the file: the
/// committed VRM 0.x avatar (Blender VRM add-on, MToon with a shade texture). The goals: the viewer's mean
/// colour difference ≤ 2 % over the avatar's pixels and ≤ 1 % of them off by more than 10 %; the renderer's
/// mean ≤ 5 %. The plain paths (the viewer's `mtoon=0` and the renderer's `mtoon: false`, as before issue 55)
/// must miss them (the checks can fail).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_viewer_and_the_renderer_draw_mtoon_as_three_vrm_does() {
    if !browser_ready() {
        return;
    }
    let _one_at_a_time = exclusive().await;
    let vrm = repo_root().join("assets/fixtures/avatars/anny_vrm0.vrm");
    let (on, off) = against_three_vrm("mtoon", vrm, 0.0, true).await;
    let off = off.unwrap();
    let ((mean, far), (plain_mean, plain_far)) = (mtoon_figures(&on, ""), mtoon_figures(&off, ""));
    let ((r_mean, r_far), (r_plain_mean, _)) =
        (mtoon_figures(&on, "/renderer"), mtoon_figures(&off, "/renderer"));
    println!(
        "anny_vrm0 vs three-vrm over {} avatar pixels: viewer mean {:.2} %, off by > 10 % {:.2} % (plain path: \
         {:.2} %, {:.2} %); renderer mean {:.2} %, off {:.2} % (plain: mean {:.2} %)",
        on["avatarPixels"],
        100.0 * mean,
        100.0 * far,
        100.0 * plain_mean,
        100.0 * plain_far,
        100.0 * r_mean,
        100.0 * r_far,
        100.0 * r_plain_mean,
    );
    assert!(on["avatarPixels"].as_u64().unwrap() > 10_000, "the avatar is in the picture: {on}");
    assert!(mean <= 0.02 && far <= 0.01, "viewer's MToon vs three-vrm: {on}");
    assert!(
        plain_mean > 0.02 || plain_far > 0.01,
        "the viewer's plain path would pass too: the check cannot fail"
    );
    assert!(r_mean <= 0.05, "renderer's MToon vs three-vrm: {on}");
    assert!(r_plain_mean > 0.05, "the renderer's plain path would pass too: the check cannot fail ({off})");
}

/// Issue 55: every MToon feature as three-vrm draws it: the committed VRM 0.x and 1.0 avatars with every
/// MToon feature switched on (`avatar_e2e::mtoon_variants`: transparent layers writing depth, world and screen
/// outlines with a width texture, rim with lighting mix and a rim texture, matcap, emission, a normal map,
/// shading shift and shade textures, UV animation, render queue offsets; VRM 0.x's `VRM/UnlitTransparent`
/// too), with the UV animation at 1.5 s. The same goals: viewer ≤ 2 % mean and ≤ 1 % of pixels off by
/// > 10 %, renderer ≤ 5 % mean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mtoon_feature_is_drawn_as_three_vrm_draws_it() {
    if !browser_ready() {
        return;
    }
    let _one_at_a_time = exclusive().await;
    let dir = scratch_dir("mtoon-features");
    let repo = repo_root();
    let mut failures = Vec::new();
    for (name, bytes) in [
        ("every_feature_vrm0", avatar_e2e::mtoon_variants::every_mtoon_feature_vrm0(&repo)),
        ("every_feature_vrm1", avatar_e2e::mtoon_variants::every_mtoon_feature_vrm1(&repo)),
    ] {
        let vrm = dir.join(format!("{name}.vrm"));
        std::fs::write(&vrm, bytes).unwrap();
        let (on, _) = against_three_vrm(name, vrm, 1.5, false).await;
        let ((mean, far), (r_mean, r_far)) = (mtoon_figures(&on, ""), mtoon_figures(&on, "/renderer"));
        println!(
            "{name} vs three-vrm over {} avatar pixels: viewer mean {:.2} %, off by > 10 % {:.2} %; renderer mean \
             {:.2} %, off {:.2} %",
            on["avatarPixels"],
            100.0 * mean,
            100.0 * far,
            100.0 * r_mean,
            100.0 * r_far,
        );
        if on["avatarPixels"].as_u64().unwrap() < 10_000 {
            failures.push(format!("{name}: the avatar is not in the picture: {on}"));
        }
        if !(mean <= 0.02 && far <= 0.01) {
            failures.push(format!("{name}: the viewer's MToon vs three-vrm: {on}"));
        }
        if !(r_mean <= 0.05) {
            failures.push(format!("{name}: the renderer's MToon vs three-vrm: {on}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
