//! MToon in the renderer (issue 55), against the values the VRMC_materials_mtoon 1.0 model gives by hand (as
//! three-vrm evaluates it, three.js units): on a bar's front face, whose normal is +z, seen from +z.
//!
//! - lit (light towards +z, intensity π): `L/π · mix(shade, lit, shading)` with shading 1 → the lit colour;
//! - lit from behind: shading 0 → the shade colour;
//! - rim with lift 1 and Fresnel power 1 adds its colour wherever it shows (rimLightingMixFactor 0: unlit);
//! - emission adds its colour;
//! - the outline (world width) grows the silhouette by its width, in its colour (outlineLightingMixFactor 0).
//!
//! The pixel comparison with three-vrm itself on real avatars is tests/tests/browser.rs
//! (`the_viewer_and_the_renderer_draw_mtoon_as_three_vrm_does`).

use avatar_sim::asset::bar_avatar;
use avatar_sim::asset::looks::{MToon, OutlineWidthMode};
use avatar_sim::asset::{Asset, SurfaceMaterial};
use renderer::camera::FixedCamera;
use renderer::{AvatarRenderer, Backend, Gpu, Light, RenderSettings};

use crate::gpu::bounds;

const SIZE: u32 = 128;

/// A bar (1 m along x, 0.25 m square) in one material; four cells high, so that the triangles around its front
/// face's centre have only vertices of that face (normals exactly +z).
fn bar(material: SurfaceMaterial) -> Asset {
    let mut asset = bar_avatar([8, 4, 2], [1.0, 0.25, 0.25], 0.3, &[], 5, 8).unwrap();
    let n = asset.render.vertices.len();
    asset.looks.uv = vec![[0.5, 0.5]; n];
    asset.looks.triangle_material = vec![0; asset.render.triangles.len()];
    asset.looks.materials = vec![material];
    asset.looks.check(n, asset.render.triangles.len()).unwrap();
    asset
}

fn toon(base: [f32; 3], f: impl FnOnce(&mut MToon)) -> SurfaceMaterial {
    let mut m = MToon { shading_toony: 0.95, ..Default::default() };
    f(&mut m);
    SurfaceMaterial {
        name: "toon".into(),
        base_color: [base[0], base[1], base[2], 1.0],
        mtoon: Some(Box::new(m)),
        ..Default::default()
    }
}

/// The picture of the bar from 3 m in front of its front face's centre, and a pixel's colour (sRGB 8-bit) at a
/// world point of that face.
struct Shot {
    image: image::RgbaImage,
    m: [[f32; 4]; 4],
}

impl Shot {
    fn take(asset: &Asset, light: Light, mtoon: bool) -> Shot {
        let (lo, hi) = bounds(asset);
        let c = [0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2])];
        let eye = [c[0] as f32, c[1] as f32, (hi[2] + 3.0) as f32];
        let camera = FixedCamera { eye, target: c.map(|x| x as f32), fov_degrees: 30.0 };
        let options = RenderSettings {
            width: SIZE,
            height: SIZE,
            ground: false,
            camera: Some(camera),
            light,
            mtoon,
            ..Default::default()
        };
        let gpu = Gpu::open(Backend::Auto).expect("a graphics adapter (Mesa)");
        let mut r = AvatarRenderer::new(gpu, asset, options).unwrap();
        let p: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
        let z = vec![0.0f32; 12 * asset.sim.weights.ncols()];
        let image = r.render(&p, &z).unwrap();
        Shot { image, m: r.view_proj() }
    }

    fn pixel(&self, x: [f64; 3]) -> [i32; 3] {
        let m = &self.m;
        let clip: Vec<f64> = (0..4)
            .map(|row| (0..3).map(|c| m[c][row] as f64 * x[c]).sum::<f64>() + m[3][row] as f64)
            .collect();
        let (nx, ny) = (clip[0] / clip[3], clip[1] / clip[3]);
        let s = SIZE as f64;
        let (px, py) = (((nx + 1.0) / 2.0 * s) as u32, ((1.0 - ny) / 2.0 * s) as u32);
        let p = self.image.get_pixel(px.min(SIZE - 1), py.min(SIZE - 1)).0;
        [p[0] as i32, p[1] as i32, p[2] as i32]
    }
}

fn close(got: [i32; 3], want: [i32; 3], what: &str) {
    assert!(
        (0..3).all(|c| (got[c] - want[c]).abs() <= 3),
        "{what}: got sRGB {got:?}, the MToon model gives {want:?}"
    );
}

/// The front face's centre, and a point just above the bar's top edge there.
fn front(asset: &Asset) -> ([f64; 3], f64) {
    let (lo, hi) = bounds(asset);
    ([0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), hi[2]], hi[1])
}

const FROM_FRONT: Light =
    Light { direction: [0.0, 0.0, 1.0], intensity: std::f32::consts::PI, ambient: 0.0, time: 0.0 };
const FROM_BEHIND: Light =
    Light { direction: [0.0, 0.0, -1.0], intensity: std::f32::consts::PI, ambient: 0.0, time: 0.0 };

#[test]
fn lit_and_shaded_sides_take_the_lit_and_the_shade_colour() {
    let asset = bar(toon([0.0, 0.0, 1.0], |m| m.shade_color = [1.0, 0.0, 0.0]));
    let (centre, _) = front(&asset);
    close(Shot::take(&asset, FROM_FRONT, true).pixel(centre), [0, 0, 255], "lit from the front");
    close(Shot::take(&asset, FROM_BEHIND, true).pixel(centre), [255, 0, 0], "lit from behind");
    // an ambient light adds its irradiance × the lit colour / π (no shade colour involved)
    let ambient = Light { ambient: 0.5 * std::f32::consts::PI, ..FROM_BEHIND };
    // linear (0.5, 0, 0) + (0, 0, 0.5) → sRGB 188
    close(Shot::take(&asset, ambient, true).pixel(centre), [255, 0, 188], "lit from behind, half ambient");
    // the plain path ignores the shade colour: a dimmed lit colour from behind
    let plain = Shot::take(&asset, FROM_BEHIND, false).pixel(centre);
    assert!(plain[2] > 100 && plain[0] < 10, "the plain path: {plain:?}");
}

#[test]
fn shading_shift_and_toony_place_the_terminator() {
    // light at 60° from the normal: dot(N, L) = 0.5; with toony 0.95 the ramp spans dotNL + shift ∈ [−0.05, 0.05]
    let light = Light { direction: [0.0, 3f32.sqrt() / 2.0, 0.5], ..FROM_FRONT };
    for (shift, want) in [(0.0, [0, 0, 255]), (-0.6, [255, 0, 0]), (-0.5, [188, 0, 188])] {
        let asset = bar(toon([0.0, 0.0, 1.0], |m| {
            m.shade_color = [1.0, 0.0, 0.0];
            m.shading_shift = shift;
        }));
        let (centre, _) = front(&asset);
        // shift −0.5: dotNL + shift = 0, halfway up the ramp: linear (0.5, 0, 0.5)
        close(Shot::take(&asset, light, true).pixel(centre), want, &format!("shading shift {shift}"));
    }
}

#[test]
fn rim_and_emission_add_their_colours() {
    let rim = bar(toon([0.0, 0.0, 1.0], |m| {
        m.parametric_rim_color = [0.0, 1.0, 0.0];
        m.parametric_rim_lift = 1.0;
        m.parametric_rim_fresnel_power = 1.0;
        m.rim_lighting_mix = 0.0;
    }));
    let (centre, _) = front(&rim);
    close(Shot::take(&rim, FROM_FRONT, true).pixel(centre), [0, 255, 255], "rim");
    // lift 0, power 1: 1 − dot(V, N) is 0 where the face looks at the camera
    let no_rim = bar(toon([0.0, 0.0, 1.0], |m| {
        m.parametric_rim_color = [0.0, 1.0, 0.0];
        m.parametric_rim_fresnel_power = 1.0;
    }));
    let g = Shot::take(&no_rim, FROM_FRONT, true).pixel(centre)[1];
    assert!(g < 12, "no rim where the face looks at the camera: green {g}");
    let glow = bar(toon([0.0, 0.0, 1.0], |m| {
        m.shade_color = [0.0, 0.0, 0.0];
        m.emissive = [0.5, 0.0, 0.0];
    }));
    close(Shot::take(&glow, FROM_BEHIND, true).pixel(centre), [188, 0, 0], "emission in the shade");
}

#[test]
fn the_outline_grows_the_silhouette_by_its_width_in_its_colour() {
    let width = 0.1;
    let outlined = bar(toon([0.0, 0.0, 1.0], |m| {
        m.outline_width_mode = OutlineWidthMode::WorldCoordinates;
        m.outline_width = width as f32;
        m.outline_color = [1.0, 1.0, 0.0];
        m.outline_lighting_mix = 0.0;
    }));
    let (centre, top) = front(&outlined);
    let shot = Shot::take(&outlined, FROM_FRONT, true);
    close(shot.pixel(centre), [0, 0, 255], "the surface inside the outline");
    // halfway out through the outline above the top edge: its colour; beyond it: the background
    let inside = [centre[0], top + 0.5 * width, centre[2]];
    close(shot.pixel(inside), [255, 255, 0], "the outline");
    let beyond = [centre[0], top + 2.0 * width, centre[2]];
    let bg = shot.pixel(beyond);
    assert!(bg[2] > 200 && bg[0] > 200, "the background beyond the outline: {bg:?}");
    // without MToon there is no outline
    let plain = Shot::take(&outlined, FROM_FRONT, false).pixel(inside);
    assert!(plain[2] > 200, "no outline on the plain path: {plain:?}");
}
