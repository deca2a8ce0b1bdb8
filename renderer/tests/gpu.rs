//! The renderer on the machine's real graphics stack (Mesa llvmpipe / lavapipe here and in CI):
//! GPU skinning equals the CPU reconstruction, the default avatar's bind pose matches a committed golden image
//! within a tolerance, secondary motion changes the picture, and bad inputs are clear errors. Looks: a bar with
//! UVs and four materials (checker texture, plain colour, alpha mask, blend) shows each as it should, culls only
//! back faces, and matches its golden image.

use avatar_sim::asset::bar_avatar;
use avatar_sim::asset::{AlphaMode, Asset, SurfaceMaterial, TextureImage};
use avatar_sim::precompute::PrecomputeSettings;
use renderer::{AvatarRenderer, Backend, Gpu, RenderSettings};
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

fn golden_path() -> PathBuf {
    golden("default_bind_pose.png")
}

fn golden(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name)
}

/// `image` against the committed golden image `name` (see [`differing`] for the tolerance); `AVATAR_BLESS=1`
/// rewrites it.
fn assert_matches_golden(image: &image::RgbaImage, name: &str) {
    let path = golden(name);
    if std::env::var_os("AVATAR_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        image.save(&path).unwrap();
    }
    let golden = image::open(&path).expect("the golden image (AVATAR_BLESS=1 makes it)").to_rgba8();
    let share = differing(image, &golden, 24);
    assert!(share <= 0.02, "{name}: {:.2}% of pixels differ from the golden image", 100.0 * share);
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
        AvatarRenderer::new(gpu, asset, RenderSettings { width: 64, height: 64, ..Default::default() })
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
    let options = RenderSettings { width: 192, height: 192, ..Default::default() };
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
        AvatarRenderer::new(gpu, &asset, RenderSettings { width: 32, height: 32, ..Default::default() })
            .unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let z = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    assert!(r.render(&p[1..], &z).unwrap_err().to_string().contains("p has"));
    assert!(r.render(&p, &z[1..]).unwrap_err().to_string().contains("z has"));
    let mut bad = p.clone();
    bad[0] = f32::NAN;
    assert!(r.render(&bad, &z).unwrap_err().to_string().contains("non-finite"));
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let e =
        AvatarRenderer::new(gpu, &asset, RenderSettings { width: 0, ..Default::default() }).err().unwrap();
    assert!(e.to_string().contains("image size"));
}

pub(crate) fn bounds(asset: &Asset) -> ([f64; 3], [f64; 3]) {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for x in &asset.render.vertices {
        for c in 0..3 {
            lo[c] = lo[c].min(x[c]);
            hi[c] = hi[c].max(x[c]);
        }
    }
    (lo, hi)
}

fn png(image: &image::RgbaImage) -> TextureImage {
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    TextureImage::from_encoded(bytes).unwrap()
}

const RED: [u8; 4] = [210, 30, 30, 255];
const GREEN: [u8; 4] = [30, 180, 50, 255];
const MAGENTA: [u8; 4] = [200, 40, 200, 255];

/// The bar with looks, in four quarters along x: a red/green checker texture (2 × 2 cells a quarter, opaque,
/// double-sided), plain blue, an alpha mask whose texture is transparent on the left half of each repeat
/// (magenta on the right), and half-transparent yellow (blend). `u = 4 x / length` (so the mask's quarter
/// samples the texture through repeat wrapping), `v` = height.
fn textured_bar(blue_double_sided: bool) -> Asset {
    let mut asset = bar();
    let (lo, hi) = bounds(&asset);
    let len = hi[0] - lo[0];
    let quarter = |x: f64| ((4.0 * (x - lo[0]) / len).floor() as u32).min(3);
    let looks = &mut asset.looks;
    looks.uv = asset
        .render
        .vertices
        .iter()
        .map(|x| [(4.0 * (x[0] - lo[0]) / len) as f32, ((x[1] - lo[1]) / (hi[1] - lo[1])) as f32])
        .collect();
    looks.triangle_material = asset
        .render
        .triangles
        .iter()
        .map(|t| quarter(t.iter().map(|&v| asset.render.vertices[v as usize][0]).sum::<f64>() / 3.0))
        .collect();
    let checker =
        image::RgbaImage::from_fn(16, 16, |x, y| image::Rgba(if (x < 8) == (y < 8) { RED } else { GREEN }));
    let cutout =
        image::RgbaImage::from_fn(16, 16, |x, _| image::Rgba(if x < 8 { [0, 0, 0, 0] } else { MAGENTA }));
    looks.images = vec![png(&checker), png(&cutout)];
    looks.materials = vec![
        SurfaceMaterial {
            name: "checker".into(),
            base_color_texture: Some(0),
            double_sided: true,
            ..Default::default()
        },
        SurfaceMaterial {
            name: "blue".into(),
            base_color: [0.1, 0.2, 0.8, 1.0],
            double_sided: blue_double_sided,
            ..Default::default()
        },
        SurfaceMaterial {
            name: "cutout".into(),
            base_color_texture: Some(1),
            alpha_mode: AlphaMode::Mask,
            alpha_cutoff: 0.5,
            ..Default::default()
        },
        SurfaceMaterial {
            name: "glass".into(),
            base_color: [1.0, 0.85, 0.1, 0.5],
            alpha_mode: AlphaMode::Blend,
            ..Default::default()
        },
    ];
    asset.looks.check(asset.render.vertices.len(), asset.render.triangles.len()).unwrap();
    asset
}

const LOOKS_SIZE: u32 = 160;

/// The textured bar at rest, and where a point of the rest mesh lands in the image (pixel column, row).
fn render_textured_bar(asset: &Asset) -> (image::RgbaImage, impl Fn([f64; 3]) -> (u32, u32)) {
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let options = RenderSettings { width: LOOKS_SIZE, height: LOOKS_SIZE, ..Default::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let z = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    let image = r.render(&p, &z).unwrap();
    let m = r.view_proj();
    let project = move |x: [f64; 3]| {
        let clip: Vec<f64> = (0..4)
            .map(|row| (0..3).map(|c| m[c][row] as f64 * x[c]).sum::<f64>() + m[3][row] as f64)
            .collect();
        let (nx, ny) = (clip[0] / clip[3], clip[1] / clip[3]);
        let s = LOOKS_SIZE as f64;
        (((nx + 1.0) / 2.0 * s) as u32, ((1.0 - ny) / 2.0 * s) as u32)
    };
    (image, project)
}

#[test]
fn textured_materials_show_their_colours_mask_and_blend() {
    let asset = textured_bar(false);
    let (image, project) = render_textured_bar(&asset);
    if let Some(dir) = std::env::var_os("AVATAR_LOOKS_OUT") {
        image.save(PathBuf::from(dir).join("textured_bar.png")).unwrap();
    }
    let (lo, hi) = bounds(&asset);
    let len = hi[0] - lo[0];
    let h = hi[1] - lo[1];
    // a point on the front face (+z, towards the camera): `q` quarters along x, `v` of the height up
    let at = |q: f64, v: f64| {
        let (x, y) = project([lo[0] + q * len / 4.0, lo[1] + v * h, hi[2]]);
        let p = image.get_pixel(x, y).0;
        (p[0] as i32, p[1] as i32, p[2] as i32)
    };
    // checker: the four cells of the first quarter, red and green on the diagonals (lit, so hues only)
    for (q, v, red) in [(0.25, 0.25, true), (0.75, 0.75, true), (0.75, 0.25, false), (0.25, 0.75, false)] {
        let (r, g, b) = at(q, v);
        if red {
            assert!(r > g + 60 && r > b + 60, "checker cell ({q}, {v}) should be red: {:?}", (r, g, b));
        } else {
            assert!(g > r + 60 && g > b + 40, "checker cell ({q}, {v}) should be green: {:?}", (r, g, b));
        }
    }
    // plain blue
    let (r, g, b) = at(1.5, 0.5);
    assert!(b > r + 60 && b > g + 30, "the plain material should be blue: {:?}", (r, g, b));
    // mask: the texture's transparent half is cut away (the grey background or ground shows), its opaque half
    // is magenta
    let (r, g, b) = at(2.25, 0.5);
    assert!(
        r.max(g).max(b) - r.min(g).min(b) < 16 && r > 150,
        "the mask's transparent half should show the grey background: {:?}",
        (r, g, b)
    );
    let (r, g, b) = at(2.75, 0.5);
    assert!(r > g + 60 && b > g + 60, "the mask's opaque half should be magenta: {:?}", (r, g, b));
    // blend: yellow at half alpha over the light background — yellow hue, but far lighter in blue than the
    // opaque yellow would be (its linear blue is ≤ 0.1, sRGB ≤ 90)
    let (r, g, b) = at(3.5, 0.5);
    assert!(
        r > b + 25 && g > b + 15 && b > 130,
        "blend should be light, see-through yellow: {:?}",
        (r, g, b)
    );
    assert_matches_golden(&image, "textured_bar.png");
}

/// A single-sided material culls back faces only: on the closed bar (every material opaque, so that no hole
/// shows the inside) it looks the same as double-sided.
#[test]
fn single_sided_materials_cull_only_back_faces() {
    let closed = |blue_double_sided| {
        let mut asset = textured_bar(blue_double_sided);
        asset.looks.materials.iter_mut().for_each(|m| m.alpha_mode = AlphaMode::Opaque);
        render_textured_bar(&asset).0
    };
    let (single, double) = (closed(false), closed(true));
    let share = differing(&single, &double, 8);
    assert!(share < 0.002, "{:.2}% of pixels differ", 100.0 * share);
}

/// Without looks the renderer draws the flat colour over every triangle, in one draw.
#[test]
fn an_asset_without_looks_is_one_flat_draw() {
    let asset = bar();
    assert!(asset.looks.is_empty());
    let mesh = renderer::gpu_mesh::GpuMesh::new(&asset);
    assert_eq!(mesh.draws.len(), 1);
    assert_eq!(mesh.draws[0].indices, 0..3 * asset.render.triangles.len() as u32);
    assert_eq!(mesh.materials[0].base_color, renderer::gpu_mesh::FLAT_COLOR);
    let flat: Vec<u32> = asset.render.triangles.iter().flatten().copied().collect();
    assert_eq!(mesh.indices, flat);
}

/// Triangles are grouped by material once, blended materials last, each triangle kept.
#[test]
fn triangles_are_sorted_by_material_with_blend_last() {
    // the blended material first in the list: it must still be drawn last
    let mut asset = textured_bar(false);
    asset.looks.materials.swap(0, 3);
    asset.looks.triangle_material.iter_mut().for_each(|m| *m = [3, 1, 2, 0][*m as usize]);
    let mesh = renderer::gpu_mesh::GpuMesh::new(&asset);
    let order: Vec<usize> = mesh.draws.iter().map(|d| d.material).collect();
    assert_eq!(order, [1, 2, 3, 0]);
    for d in &mesh.draws {
        for t in mesh.indices[d.indices.start as usize..d.indices.end as usize].chunks(3) {
            let k = asset.render.triangles.iter().position(|x| x[..] == t[..]).unwrap();
            assert_eq!(asset.looks.triangle_material[k] as usize, d.material);
        }
    }
    assert_eq!(mesh.draws.last().unwrap().indices.end as usize, mesh.indices.len());
    let mut sorted = mesh.indices.chunks(3).map(|t| t.to_vec()).collect::<Vec<_>>();
    let mut original = asset.render.triangles.iter().map(|t| t.to_vec()).collect::<Vec<_>>();
    sorted.sort();
    original.sort();
    assert_eq!(sorted, original);
}

/// The textured VRM 1.0 fixture: `assets/fixtures/avatars/anny_vrm1.vrm` in the workspace, or the file named by
/// `AVATAR_TEXTURED_VRM`.
fn textured_vrm() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/fixtures/avatars/anny_vrm1.vrm")
}

/// Import a .glb/.vrm (default settings, a test cache).
fn import_for_render(path: &std::path::Path) -> avatar_sim::asset::Asset {
    let cache = avatar_sim::asset::Cache::new(std::env::temp_dir().join("avatar-renderer-test-cache"));
    avatar_sim::asset::import(
        path,
        &avatar_sim::asset::ImportSettings::default(),
        &PrecomputeSettings::default(),
        Some(&cache),
        Arc::new(|_| {}),
    )
    .unwrap()
    .asset
}

/// The bind pose, drawn headless, checked to show its textures (more than a few colour bins).
fn textured_bind_pose(asset: &avatar_sim::asset::Asset, name: &str) -> image::RgbaImage {
    assert!(!asset.looks.images.is_empty(), "the fixture has base-colour textures");
    assert!(asset.looks.materials.iter().any(|m| m.base_color_texture.is_some()));
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let options = RenderSettings { width: 192, height: 192, ..Default::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let z = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    let image = r.render(&p, &z).unwrap();
    if let Some(dir) = std::env::var_os("AVATAR_LOOKS_OUT") {
        image.save(PathBuf::from(dir).join(name)).unwrap();
    }
    let mut colours = std::collections::HashSet::new();
    for px in image.pixels() {
        colours.insert([px[0] / 32, px[1] / 32, px[2] / 32]);
    }
    assert!(colours.len() > 12, "only {} colour bins in the picture", colours.len());
    image
}

/// A real textured import (VRM 1.0 made by Blender's VRM add-on, base-colour texture through
/// `VRMC_materials_mtoon`) at its bind pose against a committed golden image.
#[test]
fn imported_textured_vrm_bind_pose_matches_the_golden_image() {
    let asset = import_for_render(&textured_vrm());
    let image = textured_bind_pose(&asset, "anny_vrm1.png");
    assert_matches_golden(&image, "anny_vrm1_bind_pose.png");
}

/// `avatard export --vrm` of that import, imported again, draws the same picture: the looks (UVs, materials,
/// the texture's bytes), the mesh and the rig survive the round trip through VRM 1.0.
#[test]
fn the_vrm_export_re_imported_matches_the_same_golden_image() {
    let asset = import_for_render(&textured_vrm());
    let (bytes, hash) = avatar_sim::asset::to_bytes(&asset).unwrap();
    assert!(!bytes.is_empty());
    let vrm = avatar_sim::asset::to_vrm(&asset, &hash).unwrap();
    let path = std::env::temp_dir().join(format!("renderer-reexport-{}.vrm", std::process::id()));
    std::fs::write(&path, &vrm).unwrap();
    let again = import_for_render(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(again.looks, asset.looks);
    let image = textured_bind_pose(&again, "anny_vrm1_reexported.png");
    assert_matches_golden(&image, "anny_vrm1_bind_pose.png");
}

/// `set_skinned` draws given positions and heat: the default avatar's own skinned state set this way draws the
/// image the skinning pass draws (the normals are recomputed from the faces, so a few edge pixels differ);
/// moved positions change it; wrong sizes and non-finite values are refused.
#[test]
fn set_skinned_draws_given_positions_like_the_skinning_pass() {
    use renderer::{Colouring, View};
    let asset = &*DEFAULT;
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let options = RenderSettings { width: 160, height: 160, ..Default::default() };
    let mut r = AvatarRenderer::new(gpu, asset, options).unwrap();
    let p = f32s(&asset.render.rig.rest_params());
    let mut g = rng(9);
    let z: Vec<f32> = (0..12 * asset.sim.weights.ncols()).map(|_| (0.01 * g()) as f32).collect();
    let view = View { colouring: Colouring::Lit, ..r.own_view() };
    let (positions, heat) = r.skinned(&p, &z).unwrap();
    let skinned = r.draw_skinned_view(&view).unwrap();
    r.set_skinned(&positions, &heat).unwrap();
    let given = r.draw_skinned_view(&view).unwrap();
    let share = differing(&skinned, &given, 24);
    assert!(share <= 0.02, "{:.2}% of pixels differ", 100.0 * share);
    let shifted: Vec<[f32; 3]> = positions.iter().map(|x| [x[0] + 0.1, x[1], x[2]]).collect();
    r.set_skinned(&shifted, &heat).unwrap();
    assert!(differing(&given, &r.draw_skinned_view(&view).unwrap(), 24) > 0.01, "moved positions show");
    assert!(r.set_skinned(&positions[1..], &heat[1..]).is_err());
    let mut bad = positions.clone();
    bad[3][1] = f32::NAN;
    assert!(r.set_skinned(&bad, &heat).unwrap_err().to_string().contains("not finite"));
}

/// The held part of the flesh (issue 53) as the renderer draws it from a state's `held`: the GPU's positions
/// equal the CPU's rig + modes plus the simulation's own `u_h` carried by the embedding (computed here from the
/// trained model, not from the renderer's table); an empty `held` draws the rig and modes alone; a `held` of
/// the wrong length is a clear error.
#[test]
fn the_held_part_is_drawn_from_the_states_held() {
    use avatar_sim::reduced::held::{write_wire, HeldModel};
    let asset = avatar_sim::asset::held_bar_avatar().unwrap();
    let sim = &asset.sim;
    let mass = avatar_sim::fem::lumped_mass(&sim.mesh, &sim.material.density);
    let model = HeldModel::new(sim.held.clone().unwrap(), &sim.mesh, &mass, &sim.weights, &sim.rig).unwrap();
    let (lbs, _) = sim.rig.skeleton().unwrap();
    let mut p = sim.rig.rest_params();
    avatar_sim::rig::rotate_subtree(&sim.rig, &mut p, &lbs.bones()[1].name, [0.0, 1.0, 0.0], 0.9).unwrap();
    avatar_sim::rig::rotate_subtree(&sim.rig, &mut p, &lbs.bones()[0].name, [0.0, 0.3, 1.0], 0.5).unwrap();
    let z: Vec<f64> = random_state(&asset, 3, 0.02).1;
    let poses = model.pose(&p);
    let u = model.displacement(&poses);
    let mut held = Vec::new();
    write_wire(&poses, &mut held);
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let mut r =
        AvatarRenderer::new(gpu, &asset, RenderSettings { width: 64, height: 64, ..Default::default() })
            .unwrap();
    let rig_and_modes = asset.render.deform(&p, &z).unwrap();
    let n = sim.mesh.n();
    let worst = |drawn: &[[f32; 3]], with_held: bool| {
        let mut worst = 0.0f64;
        for (v, x) in drawn.iter().enumerate() {
            let (t, beta) = (asset.render.embed_tet[v] as usize, asset.render.embed_bary[v]);
            for a in 0..3 {
                let u_h: f64 = (0..4).map(|i| beta[i] * u[a * n + sim.mesh.tets[t][i]]).sum();
                let want = rig_and_modes[v][a] + if with_held { u_h } else { 0.0 };
                worst = worst.max((want - x[a] as f64).abs());
            }
        }
        worst
    };
    let peak = u.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    assert!(peak > 1e-3, "a visible correction: {peak}");
    r.set_held(&[&held]).unwrap();
    let drawn = r.skinned_positions(&f32s(&p), &f32s(&z)).unwrap();
    assert!(worst(&drawn, true) < 1e-4, "with held: {:e} (peak {peak:e})", worst(&drawn, true));
    assert!(worst(&drawn, false) > 0.5 * peak, "the held part is visible in the drawn positions");
    r.set_held(&[&[]]).unwrap();
    let drawn = r.skinned_positions(&f32s(&p), &f32s(&z)).unwrap();
    assert!(worst(&drawn, false) < 1e-4, "an empty held draws the rig and modes alone");
    assert!(r.set_held(&[&held[1..]]).is_err());
    // an avatar without a held part refuses held values and takes empty ones
    let mut plain = AvatarRenderer::new(
        Gpu::open(Backend::Auto).unwrap(),
        &bar(),
        RenderSettings { width: 64, height: 64, ..Default::default() },
    )
    .unwrap();
    assert!(plain.set_held(&[&[]]).is_ok());
    assert!(plain.set_held(&[&held]).is_err());
}
