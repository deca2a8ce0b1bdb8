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
