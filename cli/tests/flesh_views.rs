//! The views that show the flesh (`renderer::views`: what `avatard demo` films and `avatard bench jiggle` tiles),
//! checked on the CMU jumps driven through the default avatar's own step, as `avatard bench jiggle` drives them:
//!
//! - framing: at every state the demo would film (30 a second, the jumps and a settle), the skinned avatar lies
//!   inside the body view and fills a good part of it, centred, and the torso lies inside the close-up. The
//!   positions come from the CPU rig and modes (`RenderMesh::deform`) and are projected here with the cameras'
//!   matrices, not with the code that fits them.
//! - the heat map at the first landing: per body region, the `|u|` the shader colours (read back per vertex)
//!   agrees with `avatard bench jiggle`'s measure (`avatar_lab::measure`) within 10 %, and so do the rendered
//!   colours, decoded back to millimetres, over each region's visible pixels (visibility from a depth buffer
//!   rasterized here, on the CPU, from the same positions).
//!
//! The default avatar comes through the precompute cache (a first run on a machine precomputes it, ~30 s).
//! Images of the landing frame are left in `CARGO_TARGET_TMPDIR/flesh-views/`.

use avatar_lab::args::{AssetArgs, CacheDirArg};
use avatar_lab::measure::{regions, Displacement, Regions};
use avatar_lab::motion::drive::drive;
use avatar_lab::motion::motions::{jumps, Timeline};
use avatar_sim::asset::Asset;
use avatard::{AvatarSim, SimParams};
use renderer::camera::framing_box;
use renderer::camera::Mat4;
use renderer::heat::HeatScale;
use renderer::views::{FleshViewSettings, FleshViews};
use renderer::{AvatarRenderer, Backend, Colouring, Gpu, RenderSettings, View};
use std::sync::{Arc, LazyLock};

/// The demo's view size and frame rate.
const VIEW: (u32, u32) = avatard_cli::demo::VIEW;
const FPS: f64 = 30.0;
const TICK_HZ: f32 = 120.0;

/// One tick of the run (from the motion's first frame on).
struct Tick {
    t: f64,
    p: Vec<f64>,
    z: Vec<f64>,
}

struct Run {
    asset: Arc<Asset>,
    ticks: Vec<Tick>,
    /// Root height above its start (m) per motion frame, at the frames' times (s).
    root_y: Vec<(f64, f64)>,
    regions: Regions,
    /// `|u|` on the render mesh, as `avatard bench jiggle` measures it.
    measure: Displacement,
}

static RUN: LazyLock<Run> = LazyLock::new(|| {
    let args = AssetArgs { asset: "default".into(), cache: CacheDirArg::default() };
    let params = SimParams::default();
    let avatar = Arc::new(args.load("flesh-views", params.clone()).expect("the default avatar"));
    let asset = avatar.asset.clone();
    let bvh = avatar_lab::motion::jumps::path(None).unwrap();
    let motion = jumps(&bvh).unwrap();
    let root_y = motion
        .frames
        .iter()
        .map(|f| (f.header.capture_time_ns as f64 * 1e-9, f.root_position.map_or(0.0, |r| r[1] as f64)))
        .collect();
    let tl = Timeline::new(&motion, 1.0, avatar_lab::motion::jumps::rest_root(&asset.sim.rig));
    let mut sim = AvatarSim::new(avatar.clone(), &params, TICK_HZ).unwrap();
    let mut ticks = Vec::new();
    drive(&mut sim, &tl, TICK_HZ, &params, |s| {
        ticks.push(Tick { t: s.t, p: s.p.to_vec(), z: s.z.to_vec() });
        Ok(())
    })
    .unwrap();
    let regions = regions(&asset);
    let measure = Displacement::new(&asset.render.vertices, asset.render.mode_weights.as_ref());
    Run { asset, ticks, root_y, regions, measure }
});

fn f32s(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}

/// The body-wide largest `|u|` (m) of `z`.
fn body_max(run: &Run, z: &[f64]) -> f64 {
    run.measure.norms(z).into_iter().fold(0.0, f64::max)
}

/// The views at the demo's size, on the demo's heat scale.
fn views(run: &Run) -> FleshViews {
    let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
    let heat = HeatScale::default();
    FleshViews::new(gpu, &run.asset, FleshViewSettings { width: VIEW.0, height: VIEW.1, heat }).unwrap()
}

/// Clip coordinates of `x` under `m` (column-major).
fn clip(m: &Mat4, x: [f64; 3]) -> [f64; 4] {
    let v = [x[0], x[1], x[2], 1.0];
    [0, 1, 2, 3].map(|r| (0..4).map(|k| m[k][r] as f64 * v[k]).sum())
}

/// The normalised device bounds (x, y) of `points` under `m`, and the depth range; panics on a point behind the
/// camera.
fn projected(m: &Mat4, points: impl Iterator<Item = [f64; 3]>) -> ([f64; 2], [f64; 2], [f64; 2]) {
    let (mut lo, mut hi, mut depth) =
        ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2], [f64::INFINITY, f64::NEG_INFINITY]);
    for x in points {
        let c = clip(m, x);
        assert!(c[3] > 0.0, "a vertex behind the camera: {x:?}");
        for k in 0..2 {
            lo[k] = lo[k].min(c[k] / c[3]);
            hi[k] = hi[k].max(c[k] / c[3]);
        }
        depth = [depth[0].min(c[2] / c[3]), depth[1].max(c[2] / c[3])];
    }
    (lo, hi, depth)
}

/// Every state the demo would film of the jumps (30 a second) has the whole avatar inside the body view, filling
/// at least half its height or width with its middle near the image's middle (the camera follows), and the torso
/// inside the close-up, filling at least half of it.
#[test]
fn the_cameras_keep_the_whole_avatar_and_its_torso_in_view() {
    let run = &*RUN;
    let mut v = views(run);
    let torso: Vec<usize> = (0..run.regions.of.len())
        .filter(|&i| {
            run.regions.of[i]
                .is_some_and(|r| ["chest", "belly", "back", "buttocks"].contains(&run.regions.names[r]))
        })
        .collect();
    assert!(torso.len() > 100);
    let every = (TICK_HZ as f64 / FPS).round() as usize;
    let (mut worst, mut least_fill, mut off_centre, mut states) = (0f64, f64::INFINITY, 0f64, 0);
    let (mut start, mut travelled) = (None, 0f64);
    for tick in run.ticks.iter().step_by(every) {
        let cams = v.cameras(&f32s(&tick.p), &f32s(&tick.z)).unwrap();
        let x = run.asset.render.deform(&tick.p, &tick.z).unwrap();
        let s = *start.get_or_insert(x[0]);
        travelled = travelled.max(((x[0][0] - s[0]).powi(2) + (x[0][2] - s[2]).powi(2)).sqrt());
        let (lo, hi, depth) = projected(&cams.body, x.iter().copied());
        let extent = lo.iter().chain(&hi).fold(0f64, |a, v| a.max(v.abs()));
        worst = worst.max(extent);
        assert!(
            extent <= 1.0,
            "t {:.2} s: the avatar reaches {extent:.3} of the body view's half-size",
            tick.t
        );
        assert!(depth[0] >= 0.0 && depth[1] <= 1.0, "t {:.2} s: depth {depth:?}", tick.t);
        let fill = ((hi[0] - lo[0]) / 2.0).max((hi[1] - lo[1]) / 2.0);
        least_fill = least_fill.min(fill);
        off_centre = off_centre.max((0.5 * (lo[0] + hi[0])).abs());
        let (lo, hi, depth) = projected(&cams.torso, torso.iter().map(|&i| x[i]));
        let extent = lo.iter().chain(&hi).fold(0f64, |a, v| a.max(v.abs()));
        assert!(
            extent <= 1.0,
            "t {:.2} s: the torso reaches {extent:.3} of the close-up's half-size",
            tick.t
        );
        assert!(depth[0] >= 0.0 && depth[1] <= 1.0);
        let fill = ((hi[0] - lo[0]) / 2.0).max((hi[1] - lo[1]) / 2.0);
        assert!(fill >= 0.5, "t {:.2} s: the torso fills {fill:.2} of the close-up", tick.t);
        states += 1;
    }
    eprintln!(
        "{states} states: the avatar reaches at most {worst:.3} of the body view's half-size, fills at least \
         {least_fill:.2}, its middle at most {off_centre:.2} off centre; it travelled {travelled:.2} m"
    );
    assert!(states > 250, "the jumps (8 s) and the settle, at 30 a second");
    assert!(travelled > 2.0, "the jumps go forward by metres: {travelled:.2} m");
    assert!(least_fill >= 0.5, "the avatar fills at least half the view: {least_fill:.2}");
    assert!(off_centre <= 0.35, "the camera follows the avatar: its middle is {off_centre:.2} off centre");
}

/// The first landing of the jumps: the clip's root comes back down through its standing height after first
/// rising 10 cm above it (s from the motion's first frame).
fn first_landing(root_y: &[(f64, f64)]) -> f64 {
    let up = root_y.iter().position(|&(_, y)| y > 0.1).expect("the clip jumps");
    let down = root_y[up..].iter().find(|&&(_, y)| y <= 0.0).expect("and lands");
    down.0
}

/// The depth buffer of `positions` under `m` (`w × h`): per pixel the nearest triangle and the perspective-
/// correct weights of its vertices at the pixel's centre.
fn rasterize(
    positions: &[[f64; 3]],
    triangles: &[[u32; 3]],
    m: &Mat4,
    (w, h): (u32, u32),
) -> Vec<Option<(usize, [f64; 3])>> {
    let (w, h) = (w as usize, h as usize);
    // pixel x, y, depth, clip w
    let screen: Vec<[f64; 4]> = positions
        .iter()
        .map(|&x| {
            let c = clip(m, x);
            [(c[0] / c[3] + 1.0) * 0.5 * w as f64, (1.0 - c[1] / c[3]) * 0.5 * h as f64, c[2] / c[3], c[3]]
        })
        .collect();
    let mut depth = vec![f64::INFINITY; w * h];
    let mut out = vec![None; w * h];
    for (t, tri) in triangles.iter().enumerate() {
        let [a, b, c] = tri.map(|v| screen[v as usize]);
        if [a, b, c].iter().any(|v| v[3] <= 0.0) {
            continue;
        }
        let area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if area.abs() < 1e-12 {
            continue;
        }
        let x0 = a[0].min(b[0]).min(c[0]).floor().max(0.0) as usize;
        let x1 = (a[0].max(b[0]).max(c[0]).ceil() as usize).min(w);
        let y0 = a[1].min(b[1]).min(c[1]).floor().max(0.0) as usize;
        let y1 = (a[1].max(b[1]).max(c[1]).ceil() as usize).min(h);
        for py in y0..y1 {
            for px in x0..x1 {
                let (x, y) = (px as f64 + 0.5, py as f64 + 0.5);
                let la = ((b[0] - x) * (c[1] - y) - (b[1] - y) * (c[0] - x)) / area;
                let lb = ((c[0] - x) * (a[1] - y) - (c[1] - y) * (a[0] - x)) / area;
                let lc = 1.0 - la - lb;
                if la < 0.0 || lb < 0.0 || lc < 0.0 {
                    continue;
                }
                let d = la * a[2] + lb * b[2] + lc * c[2];
                let i = py * w + px;
                if d < depth[i] {
                    depth[i] = d;
                    let q = [la / a[3], lb / b[3], lc / c[3]];
                    let s = q[0] + q[1] + q[2];
                    out[i] = Some((t, q.map(|v| v / s)));
                }
            }
        }
    }
    out
}

/// What a heat map shows per region over the region's inside pixels (the pixel and its 8 neighbours show the
/// region in the depth buffer), decoded back to mm, and what the measure says at the same pixels (interpolated
/// between the vertices, perspective-correct).
struct Seen {
    image: Vec<f64>,
    expected: Vec<f64>,
    pixels: Vec<usize>,
    /// Pixels within 10 % (and 1 % of the scale) of the measure, and pixels off the colour scale.
    close: usize,
    undecoded: usize,
}

impl Seen {
    fn new(regions: usize) -> Seen {
        Seen {
            image: vec![0.0; regions],
            expected: vec![0.0; regions],
            pixels: vec![0; regions],
            close: 0,
            undecoded: 0,
        }
    }

    /// The heat map `heat` drawn with the camera `m` of the positions `x`; `norms`: the measure's `|u|` (m).
    fn add(
        &mut self,
        run: &Run,
        heat: &image::RgbaImage,
        m: &Mat4,
        x: &[[f64; 3]],
        norms: &[f64],
        scale: HeatScale,
    ) {
        let triangles = &run.asset.render.triangles;
        let zbuffer = rasterize(x, triangles, m, VIEW);
        let region_of_pixel = |i: usize| {
            let (t, _) = zbuffer[i]?;
            let [a, b, c] = triangles[t].map(|v| run.regions.of[v as usize]);
            (a == b && b == c).then_some(a).flatten()
        };
        let (w, h) = (VIEW.0 as usize, VIEW.1 as usize);
        for py in 1..h - 1 {
            for px in 1..w - 1 {
                let i = py * w + px;
                let Some(g) = region_of_pixel(i) else { continue };
                if !(0..9).all(|d| region_of_pixel((py + d / 3 - 1) * w + px + d % 3 - 1) == Some(g)) {
                    continue;
                }
                let (t, weights) = zbuffer[i].unwrap();
                let want: f64 = (0..3).map(|c| weights[c] * norms[triangles[t][c] as usize] * 1e3).sum();
                let pixel = heat.get_pixel(px as u32, py as u32);
                let Some(got) = scale.decode_mm([pixel[0], pixel[1], pixel[2]]) else {
                    self.undecoded += 1;
                    continue;
                };
                self.close += ((got - want).abs() <= 0.1 * want + 0.01 * scale.max_mm()) as usize;
                self.image[g] = self.image[g].max(got);
                self.expected[g] = self.expected[g].max(want);
                self.pixels[g] += 1;
            }
        }
    }
}

/// At the first landing (the tick of largest body-wide `|u|` within 0.3 s of touching down), per body region:
/// the `|u|` the heat map colours, read back from the shader per vertex, against `avatard bench jiggle`'s
/// measure over all the region's vertices; and the heat map's colours decoded back to mm over the region's
/// visible pixels ([`Seen`]), in the demo's heat view and from behind, against the measure interpolated at the
/// same pixels. Both within 10 % (the colours also within 1 % of the scale's top, their resolution).
#[test]
fn the_heat_map_at_the_first_landing_agrees_with_the_jiggle_measure() {
    let run = &*RUN;
    let landing = first_landing(&run.root_y);
    let tick = run
        .ticks
        .iter()
        .filter(|t| t.t >= landing && t.t <= landing + 0.3)
        .max_by(|a, b| body_max(run, &a.z).total_cmp(&body_max(run, &b.z)))
        .expect("ticks after the landing");
    let names = &run.regions.names;
    let k = names.len();
    let norms = run.measure.norms(&tick.z);
    let mut measure = vec![0f64; k];
    for (u, r) in norms.iter().zip(&run.regions.of) {
        if let Some(r) = *r {
            measure[r] = measure[r].max(*u * 1e3);
        }
    }
    let (p, z) = (f32s(&tick.p), f32s(&tick.z));

    // the shader's |u| per vertex
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let mut r =
        AvatarRenderer::new(gpu, &run.asset, RenderSettings { width: 8, height: 8, ..Default::default() })
            .unwrap();
    let (_, heat) = r.skinned(&p, &z).unwrap();
    let mut shader = vec![0f64; k];
    for (u, g) in heat.iter().zip(&run.regions.of) {
        if let Some(g) = *g {
            shader[g] = shader[g].max(*u as f64 * 1e3);
        }
    }

    // the heat map's colours over each region's visible pixels: the demo's heat view (from the front), and the
    // same heat map drawn from behind (the back and the buttocks)
    let mut v = views(run);
    let scale = v.heat();
    let views = v.views(&p, &z).unwrap();
    let x = run.asset.render.deform(&tick.p, &tick.z).unwrap();
    let (lo, hi) = renderer::camera::bounds(x.iter().map(|v| v.map(|c| c as f32))).unwrap();
    let behind = framing_box(lo, hi, VIEW.0 as f32 / VIEW.1 as f32, 200.0, 0.92);
    r.resize(VIEW.0, VIEW.1);
    r.upload(&[(&p, &z)]).unwrap();
    let back = r.draw_view(&View {
        view_proj: behind,
        ground: None,
        colouring: Colouring::Heat(scale),
        transparent: false,
    });
    let mut seen = Seen::new(k);
    seen.add(run, &views.heat, &views.cameras.body, &x, &norms, scale);
    seen.add(run, &back.unwrap(), &behind, &x, &norms, scale);
    let Seen { image, expected, pixels, close, undecoded } = seen;
    let out = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("flesh-views");
    std::fs::create_dir_all(&out).unwrap();
    views.heat.save(out.join("landing-heat.png")).unwrap();
    v.compose(&views, &format!("t {:.2} s", tick.t)).save(out.join("landing-frame.png")).unwrap();

    eprintln!(
        "first landing at {landing:.3} s, frame at {:.3} s (body max {:.2} mm), heat scale 0-{} mm",
        tick.t,
        body_max(run, &tick.z) * 1e3,
        scale.max_mm()
    );
    eprintln!(
        "{:<12} {:>10} {:>10} {:>8} {:>12} {:>12}",
        "region", "jiggle mm", "shader mm", "pixels", "image mm", "visible mm"
    );
    for g in 0..k {
        eprintln!(
            "{:<12} {:>10.3} {:>10.3} {:>8} {:>12.3} {:>12.3}",
            names[g], measure[g], shader[g], pixels[g], image[g], expected[g]
        );
    }
    let total: usize = pixels.iter().sum();
    eprintln!("{total} inside pixels, {close} within 10 % of the measure, {undecoded} off the colour scale");
    for g in 0..k {
        let tol = 0.1 * measure[g] + 1e-3;
        assert!(
            (shader[g] - measure[g]).abs() <= tol,
            "{}: shader {} mm, jiggle {} mm",
            names[g],
            shader[g],
            measure[g]
        );
        if pixels[g] >= 20 {
            let tol = 0.1 * expected[g] + 0.01 * scale.max_mm();
            assert!(
                (image[g] - expected[g]).abs() <= tol,
                "{}: the heat map shows {:.3} mm, the measure {:.3} mm over its {} visible pixels",
                names[g],
                image[g],
                expected[g],
                pixels[g]
            );
        }
    }
    for soft in ["chest", "belly", "back", "buttocks", "thighs"] {
        let g = names.iter().position(|n| *n == soft).unwrap();
        assert!(pixels[g] >= 200, "{soft} is in view: {} pixels", pixels[g]);
        assert!(measure[g] > 2.0, "{soft} moves at the landing: {} mm", measure[g]);
    }
    assert!(undecoded * 100 <= total, "{undecoded} of {total} avatar pixels are off the colour scale");
    assert!(close * 100 >= 95 * total, "{close} of {total} pixels within 10 % of the measure");
}
