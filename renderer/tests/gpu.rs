//! The renderer on the machine's real graphics stack (Mesa llvmpipe / lavapipe here and in CI):
//! GPU skinning equals the CPU reconstruction, the default avatar's bind pose matches a committed golden image
//! within a tolerance, secondary motion changes the picture, and bad inputs are clear errors.

use avatar_sim::asset::bar_avatar;
use avatar_sim::asset::Asset;
use avatar_sim::precompute::PrecomputeSettings;
use renderer::{AvatarRenderer, Backend, Gpu, RenderOptions};
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/default_bind_pose.png")
}

/// The built-in default avatar (same settings as the daemon's), built once for this test binary.
static DEFAULT: LazyLock<Asset> = LazyLock::new(|| {
    let settings = PrecomputeSettings::default();
    avatar_sim::asset::default_avatar(&settings, None, Arc::new(|_| {})).unwrap().asset
});

/// A bar with two bones and a blendshape.
fn bar() -> Asset {
    let bulge = |v: &[[f64; 3]]| v.iter().map(|x| [0.0, 0.1 * x[0] * (1.0 - x[0]), 0.02 * x[2]]).collect();
    bar_avatar([8, 2, 2], [1.0, 0.25, 0.25], 0.3, &[("bulge", &bulge)], 5, 8).unwrap()
}

fn rng(seed: u64) -> impl FnMut() -> f64 {
    let mut state = seed;
    move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 11) as f64 / (1u64 << 53) as f64) - 0.5
    }
}

/// Random rig parameters near rest and a random z.
fn random_state(asset: &Asset, seed: u64, scale: f64) -> (Vec<f64>, Vec<f64>) {
    let mut r = rng(seed);
    let mut p = asset.render.rig.rest_params();
    p.iter_mut().for_each(|x| *x += scale * r());
    let z = (0..12 * asset.sim.weights.ncols()).map(|_| 0.5 * scale * r()).collect();
    (p, z)
}

fn f32s(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}

/// The avatar's size: the diagonal of its bounding box.
fn size(asset: &Asset) -> f64 {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for x in &asset.render.vertices {
        for c in 0..3 {
            lo[c] = lo[c].min(x[c]);
            hi[c] = hi[c].max(x[c]);
        }
    }
    (0..3).map(|c| (hi[c] - lo[c]).powi(2)).sum::<f64>().sqrt()
}

fn gpu_matches_cpu(asset: &Asset, seed: u64) {
    let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
    let mut r =
        AvatarRenderer::new(gpu, asset, RenderOptions { width: 64, height: 64, ..Default::default() })
            .unwrap();
    for (k, scale) in [(0, 0.0), (1, 0.05), (2, 0.3)] {
        let (p, z) = random_state(asset, seed + k, scale);
        let cpu = asset.render.deform(&p, &z).unwrap();
        let gpu = r.skinned_positions(&f32s(&p), &f32s(&z)).unwrap();
        assert_eq!(gpu.len(), cpu.len());
        let worst = cpu
            .iter()
            .zip(&gpu)
            .flat_map(|(a, b)| (0..3).map(move |c| (a[c] - b[c] as f64).abs()))
            .fold(0.0, f64::max);
        let tol = 1e-4 * size(asset);
        assert!(worst <= tol, "scale {scale}: GPU differs from CPU by {worst:e} (tolerance {tol:e})");
    }
}

#[test]
fn gpu_skinning_equals_the_cpu_reconstruction_on_a_bar_with_blendshapes() {
    gpu_matches_cpu(&bar(), 10);
}

#[test]
fn gpu_skinning_equals_the_cpu_reconstruction_on_the_default_avatar() {
    gpu_matches_cpu(&DEFAULT, 20);
}

fn render_default(z_scale: f64) -> image::RgbaImage {
    let asset = &*DEFAULT;
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let options = RenderOptions { width: 192, height: 192, ..Default::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let mut g = rng(5);
    let z: Vec<f32> = (0..12 * asset.sim.weights.ncols()).map(|_| (z_scale * g()) as f32).collect();
    r.render(&p, &z).unwrap()
}

/// Share of pixels whose largest channel difference exceeds `threshold`.
fn differing(a: &image::RgbaImage, b: &image::RgbaImage, threshold: u8) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let n =
        a.pixels().zip(b.pixels()).filter(|(x, y)| (0..3).any(|c| x[c].abs_diff(y[c]) > threshold)).count();
    n as f64 / (a.width() * a.height()) as f64
}

/// The default avatar at bind pose against the committed golden image. Rasterizers differ in edge pixels and
/// rounding, so the test allows 2% of pixels to differ by more than 24 levels. `AVATAR_BLESS=1` rewrites the
/// golden image.
#[test]
fn default_avatar_bind_pose_matches_the_golden_image() {
    let image = render_default(0.0);
    let path = golden_path();
    if std::env::var_os("AVATAR_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        image.save(&path).unwrap();
    }
    let golden = image::open(&path).expect("the golden image (AVATAR_BLESS=1 makes it)").to_rgba8();
    let share = differing(&image, &golden, 24);
    assert!(share <= 0.02, "{:.2}% of pixels differ from the golden image", 100.0 * share);
    // the picture is not empty: the avatar covers a good part of it (skin-coloured pixels)
    let skin = image.pixels().filter(|p| p[0] as i32 > p[2] as i32 + 40).count() as f64 / (192.0 * 192.0);
    assert!(skin > 0.05, "avatar covers {:.1}%", 100.0 * skin);
}

#[test]
fn secondary_motion_changes_the_image() {
    let rest = render_default(0.0);
    let moved = render_default(0.02);
    assert!(differing(&rest, &moved, 8) > 0.001, "z != 0 must move the surface on screen");
}

#[test]
fn wrong_parameter_counts_are_refused() {
    let asset = bar();
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let mut r =
        AvatarRenderer::new(gpu, &asset, RenderOptions { width: 32, height: 32, ..Default::default() })
            .unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let z = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    assert!(r.render(&p[1..], &z).unwrap_err().to_string().contains("p has"));
    assert!(r.render(&p, &z[1..]).unwrap_err().to_string().contains("z has"));
    let mut bad = p.clone();
    bad[0] = f32::NAN;
    assert!(r.render(&bad, &z).unwrap_err().to_string().contains("non-finite"));
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let e = AvatarRenderer::new(gpu, &asset, RenderOptions { width: 0, ..Default::default() }).err().unwrap();
    assert!(e.to_string().contains("image size"));
}
