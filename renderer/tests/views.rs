//! The views that show the flesh, on the machine's real graphics stack, on a bar avatar: the heat map colours each
//! pixel by `|u|` (read back from the shader per vertex, and from the picture's colours), a transparent view is a
//! silhouette, and the flesh views keep a bar moved far from its rest place inside the image.

use avatar_sim::asset::{bar_avatar, Asset};
use renderer::heat::HeatScale;
use renderer::views::{FleshViewSettings, FleshViews, BAR_WIDTH};
use renderer::{AvatarRenderer, Backend, Colouring, Gpu, RenderSettings, View};

/// A bar along x with two bones and 6 modes.
fn bar() -> Asset {
    bar_avatar([8, 2, 2], [1.0, 0.25, 0.25], 0.3, &[], 6, 8).unwrap()
}

/// A z with every entry in ±`scale` (a fixed pseudo-random sequence).
fn some_z(asset: &Asset, scale: f64) -> Vec<f64> {
    (0..12 * asset.render.mode_weights.ncols()).map(|i| scale * ((i as f64 * 2.399).sin())).collect()
}

fn f32s(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}

#[test]
fn the_heat_view_colours_the_bar_by_its_displacement() {
    let asset = bar();
    let p = asset.render.rig.rest_params();
    let z = some_z(&asset, 0.02);
    // |u| per vertex on the CPU: deform(p, z) − deform(p, 0)
    let (with, without) =
        (asset.render.deform(&p, &z).unwrap(), asset.render.deform(&p, &vec![0.0; z.len()]).unwrap());
    let cpu: Vec<f64> = with
        .iter()
        .zip(&without)
        .map(|(a, b)| (0..3).map(|c| (a[c] - b[c]).powi(2)).sum::<f64>().sqrt())
        .collect();
    let peak = cpu.iter().copied().fold(0.0, f64::max);
    assert!(peak > 1e-3, "z moves the bar: {peak} m");

    let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
    let mut r =
        AvatarRenderer::new(gpu, &asset, RenderSettings { width: 128, height: 96, ..Default::default() })
            .unwrap();
    let (p, z) = (f32s(&p), f32s(&z));
    let (_, heat) = r.skinned(&p, &z).unwrap();
    for (v, (g, c)) in heat.iter().zip(&cpu).enumerate() {
        assert!((*g as f64 - c).abs() <= 1e-4 * peak, "vertex {v}: shader {g} m, CPU {c} m");
    }

    let scale = HeatScale::for_peak(peak);
    let heat_view = View { ground: None, colouring: Colouring::Heat(scale), ..r.own_view() };
    r.upload(&[(&p, &z)]).unwrap();
    let image = r.draw_view(&heat_view).unwrap();
    let silhouette = r.draw_view(&View { ground: None, transparent: true, ..r.own_view() }).unwrap();
    let (mut on_bar, mut decoded, mut largest) = (0, 0, 0f64);
    for (px, sil) in image.pixels().zip(silhouette.pixels()) {
        let mm = scale.decode_mm([px[0], px[1], px[2]]);
        if sil[3] == 0 {
            assert_eq!(mm, None, "the background is off the colour scale");
            continue;
        }
        assert_eq!(sil[3], 255);
        on_bar += 1;
        if let Some(mm) = mm {
            decoded += 1;
            largest = largest.max(mm);
        }
    }
    assert!(on_bar > 500, "the bar covers {on_bar} pixels");
    assert_eq!(decoded, on_bar, "every pixel of the bar decodes");
    assert!(largest <= peak * 1e3 + 0.01 * scale.max_mm(), "{largest} mm shown, {} mm at most", peak * 1e3);
    // at the vertices inside the bar's front face (convex, facing the camera: in view), the colour is their |u|
    let (lo, hi) =
        asset.render.vertices.iter().fold(([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]), |(l, h), x| {
            ([0, 1, 2].map(|c| l[c].min(x[c])), [0, 1, 2].map(|c| h[c].max(x[c])))
        });
    let m = r.view_proj();
    let mut checked = 0;
    for (v, x) in asset.render.vertices.iter().enumerate() {
        let inside = |c: usize| x[c] > lo[c] + 1e-9 && x[c] < hi[c] - 1e-9;
        if (x[2] - hi[2]).abs() > 1e-9 || !inside(0) || !inside(1) {
            continue;
        }
        let y = with[v];
        let c: Vec<f64> =
            (0..4).map(|r| (0..3).map(|k| m[k][r] as f64 * y[k]).sum::<f64>() + m[3][r] as f64).collect();
        let px = ((c[0] / c[3] + 1.0) * 0.5 * image.width() as f64) as u32;
        let py = ((1.0 - c[1] / c[3]) * 0.5 * image.height() as f64) as u32;
        let pixel = image.get_pixel(px, py);
        let shown = scale.decode_mm([pixel[0], pixel[1], pixel[2]]).expect("on the bar");
        let want = cpu[v] * 1e3;
        assert!(
            (shown - want).abs() <= 0.05 * want + 0.005 * scale.max_mm(),
            "vertex {v}: {shown} mm shown, {want} mm"
        );
        checked += 1;
    }
    assert!(checked >= 5, "{checked} vertices checked");
}

/// The bar moved 5 m to the side and 3 m back, turned and lifted: every vertex inside the body view, and the
/// frame is three views and the scale bar wide.
#[test]
fn the_flesh_views_follow_a_bar_moved_away() {
    let asset = bar();
    let mut p = asset.render.rig.rest_params();
    let (lbs, offset) = asset.render.rig.skeleton().unwrap();
    for b in 0..lbs.num_bones() {
        let o = offset + 12 * b;
        // a quarter turn about y, then the move
        let t = [[0.0, 0.0, 1.0, 5.0], [0.0, 1.0, 0.0, 0.4], [-1.0, 0.0, 0.0, -3.0]];
        for (i, row) in t.iter().enumerate() {
            p[o + 4 * i..o + 4 * i + 4].copy_from_slice(row);
        }
    }
    let z = some_z(&asset, 0.01);
    let gpu = Gpu::open(Backend::Auto).unwrap();
    let heat = HeatScale::new(10.0).unwrap();
    let mut v = FleshViews::new(gpu, &asset, FleshViewSettings { width: 120, height: 160, heat }).unwrap();
    let cams = v.cameras(&f32s(&p), &f32s(&z)).unwrap();
    for x in asset.render.deform(&p, &z).unwrap() {
        let c: Vec<f64> = (0..4)
            .map(|r| (0..3).map(|k| cams.body[k][r] as f64 * x[k]).sum::<f64>() + cams.body[3][r] as f64)
            .collect();
        assert!(
            c[3] > 0.0 && (c[0] / c[3]).abs() <= 1.0 && (c[1] / c[3]).abs() <= 1.0,
            "{x:?} projects to {c:?}"
        );
    }
    let frame = v.frame(&f32s(&p), &f32s(&z), "t 0.00 s").unwrap();
    assert_eq!(frame.dimensions(), (3 * 120 + BAR_WIDTH, 160));
    // bad input is an error, not a panic
    assert!(v.frame(&f32s(&p)[1..], &f32s(&z), "").is_err());
    let mut nan = f32s(&p);
    nan[3] = f32::NAN;
    assert!(v.cameras(&nan, &f32s(&z)).is_err());
}
