//! The views of one state that show the flesh, side by side in one frame: what `avatard demo` films and
//! `avatard bench jiggle` tiles into its strip.
//!
//! - body: the whole avatar, the camera following its root and fitting its skinned bounds. The framed box is
//!   the union of the skinned bounds and the rest pose's box standing at the root, so that the framing keeps
//!   its scale while the avatar walks, jumps or turns and every vertex stays inside the image;
//! - torso: a close-up of the torso (chest, belly, back and buttocks, [`avatar_sim::rig::vertex_regions`]) from
//!   the side, with the rig alone (`z = 0`) outlined over it: the flesh is the gap between the outline and the
//!   skin;
//! - `|u|`: the body view coloured by `|u|`, the length of the secondary displacement (what `z` adds on top of
//!   the rig), on one heat scale for the whole film ([`crate::heat`]), its scale bar to the right.

use crate::camera::{bounds, centre, framing_box, padded, shifted, union, Aabb, Mat4};
use crate::font;
use crate::gpu::{Gpu, GpuError};
use crate::heat::HeatScale;
use crate::render::{AvatarRenderer, Colouring, RenderSettings, View};
use avatar_sim::asset::Asset;
use avatar_sim::rig::{vertex_regions, BodyRegion};
use image::{Rgba, RgbaImage};

/// Camera yaw of the body and heat views, and of the torso close-up (degrees, 0 = from the front).
pub const BODY_YAW: f32 = 20.0;
pub const TORSO_YAW: f32 = 80.0;
/// Share of the image's half-width and half-height the framed boxes fill.
pub const FILL: f32 = 0.92;
/// Width of the scale bar right of the heat view.
pub const BAR_WIDTH: u32 = 80;
/// The rig-only outline's colour on the torso close-up.
pub const OUTLINE: Rgba<u8> = Rgba([0, 90, 255, 255]);
/// Room around the torso in the close-up, as a share of the avatar's rest height (the rig-only outline may
/// stand out of the skin by as much as the flesh moves).
const TORSO_PAD: f32 = 0.03;

/// One view's size (a frame is three views and the scale bar wide) and the heat scale.
#[derive(Clone, Copy, Debug)]
pub struct FleshViewSettings {
    pub width: u32,
    pub height: u32,
    /// Fixed for a whole film, so that the colours compare across frames.
    pub heat: HeatScale,
}

/// The cameras of one state's views.
#[derive(Clone, Copy, Debug)]
pub struct Cameras {
    /// The body and heat views.
    pub body: Mat4,
    /// The torso close-up.
    pub torso: Mat4,
    /// Where the root is (m).
    pub root: [f32; 3],
    /// The ground square under the root: centre (at the rest pose's feet) and half side.
    pub ground: [f32; 4],
}

/// One state's views, before they are put side by side ([`FleshViews::compose`]).
pub struct Views {
    pub body: RgbaImage,
    /// The close-up with the rig-only outline drawn over it.
    pub torso: RgbaImage,
    pub heat: RgbaImage,
    pub cameras: Cameras,
}

/// Where the avatar's root is: the joint that carries its body across the floor (its rest place and the offset
/// of its skinning transform in `p`: [`carrying_bone`]), or the centre of the skinned bounds for an avatar
/// without a skeleton.
#[derive(Clone, Copy, Debug)]
enum Root {
    Bone { rest: [f32; 3], offset: usize },
    Centre,
}

/// The joint that carries the body across the floor: from the skeleton's first root down to the deepest joint
/// whose subtree still carries 99 % of the skin weight. For a humanoid that is the hips, the joint grounding
/// moves (a root bone at the feet, as game-engine skeletons have, does not move with it); the browser viewer
/// follows the same joint (`viewer/src/glb.ts`).
pub fn carrying_bone(lbs: &avatar_sim::rig::LbsRig) -> Option<usize> {
    let n = lbs.num_bones();
    let mut weight = vec![0.0f64; n];
    for v in 0..lbs.num_vertices() {
        for (b, w) in lbs.weights().iter_row(v) {
            weight[b] += w;
        }
    }
    // subtree sums, children before parents
    for &b in lbs.topological_order().iter().rev() {
        if let Some(parent) = lbs.bones()[b].parent {
            weight[parent] += weight[b];
        }
    }
    let mut at = *lbs.topological_order().first()?;
    let total = weight[at];
    loop {
        let next = (0..n).find(|&c| lbs.bones()[c].parent == Some(at) && weight[c] >= 0.99 * total);
        match next {
            Some(c) => at = c,
            None => return Some(at),
        }
    }
}

/// The renderer and what the views of an avatar need: its root, its torso's vertices, its rest boxes.
pub struct FleshViews {
    r: AvatarRenderer,
    heat: HeatScale,
    root: Root,
    torso: Vec<usize>,
    /// The rest pose's bounds, of the whole avatar and of the torso.
    rest: Aabb,
    rest_torso: Aabb,
    bar: RgbaImage,
}

impl FleshViews {
    pub fn new(gpu: Gpu, asset: &Asset, options: FleshViewSettings) -> Result<FleshViews, GpuError> {
        let render = RenderSettings {
            width: options.width,
            height: options.height,
            yaw: BODY_YAW,
            ..RenderSettings::default()
        };
        let r = AvatarRenderer::new(gpu, asset, render)?;
        let vertices: Vec<[f32; 3]> = asset.render.vertices.iter().map(|x| x.map(|c| c as f32)).collect();
        let rest = bounds(vertices.iter().copied())
            .ok_or_else(|| GpuError::Input("the avatar has no vertices, or one is not finite".into()))?;
        let root = match asset.render.rig.skeleton() {
            Some((lbs, offset)) => match carrying_bone(lbs) {
                Some(b) => {
                    let bind = lbs.bones()[b].bind;
                    Root::Bone { rest: [0, 1, 2].map(|i| bind[i][3] as f32), offset: offset + 12 * b }
                }
                None => Root::Centre,
            },
            None => Root::Centre,
        };
        let torso = torso_vertices(asset);
        let rest_torso = bounds(torso.iter().map(|&v| vertices[v])).unwrap_or(rest);
        let bar = options.heat.scale_bar(BAR_WIDTH, options.height);
        Ok(FleshViews { r, heat: options.heat, root, torso, rest, rest_torso, bar })
    }

    pub fn renderer(&self) -> &AvatarRenderer {
        &self.r
    }

    pub fn heat(&self) -> HeatScale {
        self.heat
    }

    /// The held part of the flesh for the next views (a state's `held`; empty: none), see
    /// [`AvatarRenderer::set_held`]. The rig-only outline never shows it.
    pub fn set_held(&mut self, held: &[f32]) -> Result<(), GpuError> {
        self.r.set_held(&[held])
    }

    /// The cameras for `p`, `z`: the avatar is skinned on the GPU and read back, its bounds framed. Leaves
    /// `p`, `z` uploaded and skinned ([`AvatarRenderer::skin`]).
    pub fn cameras(&mut self, p: &[f32], z: &[f32]) -> Result<Cameras, GpuError> {
        let (positions, _) = self.r.skinned(p, z)?;
        let not_finite = || GpuError::Input("the skinned avatar has a position that is not finite".into());
        let now = bounds(positions.iter().copied()).ok_or_else(not_finite)?;
        let (root, rest_root) = match self.root {
            Root::Bone { rest, offset } => {
                let t = &p[offset..offset + 12];
                let at =
                    |row: usize| t[4 * row] * rest[0] + t[4 * row + 1] * rest[1] + t[4 * row + 2] * rest[2];
                ([0, 1, 2].map(|row| at(row) + t[4 * row + 3]), rest)
            }
            Root::Centre => (centre(now), centre(self.rest)),
        };
        if !root.iter().all(|c| c.is_finite()) {
            return Err(not_finite());
        }
        let aspect = self.r.options().width as f32 / self.r.options().height as f32;
        // the rest pose's box standing where the root is (on the rest floor), joined with the bounds
        let standing = shifted(self.rest, [root[0] - rest_root[0], 0.0, root[2] - rest_root[2]]);
        let (lo, hi) = union(now, standing);
        let body = framing_box(lo, hi, aspect, BODY_YAW, FILL);
        let height = self.rest.1[1] - self.rest.0[1];
        let torso_now = bounds(self.torso.iter().map(|&v| positions[v])).ok_or_else(not_finite)?;
        let moved = [0, 1, 2].map(|c| centre(torso_now)[c] - centre(self.rest_torso)[c]);
        let torso_box = padded(union(torso_now, shifted(self.rest_torso, moved)), TORSO_PAD * height);
        let torso = framing_box(torso_box.0, torso_box.1, aspect, TORSO_YAW, FILL);
        let ground = [root[0], self.rest.0[1], root[2], 1.2 * height];
        Ok(Cameras { body, torso, root, ground })
    }

    /// The three views of `p`, `z`. The avatar is skinned once for them (and once more rig only, for the
    /// outline), in the compute pass ([`AvatarRenderer::draw_skinned_view`]).
    pub fn views(&mut self, p: &[f32], z: &[f32]) -> Result<Views, GpuError> {
        let cameras = self.cameras(p, z)?;
        let view = |view_proj: Mat4, colouring: Colouring| View {
            view_proj,
            ground: Some(cameras.ground),
            colouring,
            transparent: false,
        };
        let body = self.r.draw_skinned_view(&view(cameras.body, Colouring::Lit))?;
        let mut torso = self.r.draw_skinned_view(&view(cameras.torso, Colouring::Lit))?;
        let heat = self.r.draw_skinned_view(&view(cameras.body, Colouring::Heat(self.heat)))?;
        let zero = vec![0.0; z.len()];
        let held = self.r.take_held();
        self.r.skin(p, &zero)?;
        self.r.put_held(held);
        let rig_only = View { ground: None, transparent: true, ..view(cameras.torso, Colouring::Lit) };
        let silhouette = self.r.draw_skinned_view(&rig_only)?;
        outline(&mut torso, &silhouette, OUTLINE);
        Ok(Views { body, torso, heat, cameras })
    }

    /// For each of `fields` (one displacement per render vertex, m: flesh that need not lie in the modes' span,
    /// such as full-space dynamics) added to the rig's pose `p`: the torso close-up, lit, and the body's heat
    /// map of `|u|`, all under the cameras of the rig alone (`modes`: the length of `z` is `12 · modes`).
    /// `avatard bench fidelity` puts the rig alone, the runtime's flesh and full space side by side with it.
    pub fn compare(
        &mut self,
        p: &[f32],
        modes: usize,
        fields: &[&[[f32; 3]]],
    ) -> Result<Vec<(RgbaImage, RgbaImage)>, GpuError> {
        let zero = vec![0.0f32; 12 * modes];
        let held = self.r.take_held();
        let cameras = self.cameras(p, &zero);
        let rig = self.r.skinned(p, &zero);
        self.r.put_held(held);
        let (cameras, (rig, _)) = (cameras?, rig?);
        let view = |view_proj: Mat4, colouring: Colouring| View {
            view_proj,
            ground: Some(cameras.ground),
            colouring,
            transparent: false,
        };
        let mut out = Vec::with_capacity(fields.len());
        for u in fields {
            if u.len() != rig.len() {
                return Err(GpuError::Input(format!("{} displacements for {} vertices", u.len(), rig.len())));
            }
            let at: Vec<[f32; 3]> =
                rig.iter().zip(u.iter()).map(|(x, d)| [0, 1, 2].map(|c| x[c] + d[c])).collect();
            let heat: Vec<f32> = u.iter().map(|d| (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()).collect();
            self.r.set_skinned(&at, &heat)?;
            let torso = self.r.draw_skinned_view(&view(cameras.torso, Colouring::Lit))?;
            let body = self.r.draw_skinned_view(&view(cameras.body, Colouring::Heat(self.heat)))?;
            out.push((torso, body));
        }
        Ok(out)
    }

    /// The heat map's scale bar (as tall as a view).
    pub fn scale_bar(&self) -> &RgbaImage {
        &self.bar
    }

    /// `body | torso | heat | scale bar`, separated by thin lines, with `caption` (e.g. the time) over the body
    /// view and the views' names over the others.
    pub fn compose(&self, v: &Views, caption: &str) -> RgbaImage {
        let (w, h) = (v.body.width(), v.body.height());
        let mut out = RgbaImage::from_pixel(3 * w + self.bar.width(), h, Rgba([255, 255, 255, 255]));
        for (k, view) in [&v.body, &v.torso, &v.heat].into_iter().enumerate() {
            image::imageops::replace(&mut out, view, (k as u32 * w) as i64, 0);
        }
        image::imageops::replace(&mut out, &self.bar, (3 * w) as i64, 0);
        let scale = if w >= 300 { 2 } else { 1 };
        let (x, y) = (4 * scale as i64, 4 * scale as i64);
        if !caption.is_empty() {
            font::caption(&mut out, x, y, caption, scale);
        }
        // "torso" and, in the outline's colour, what the outline is
        font::caption(&mut out, w as i64 + x, y, "torso rig only", scale);
        let after = w as i64 + x + font::text_width("torso ", scale) as i64;
        font::draw_text(&mut out, after, y, "rig only", scale, OUTLINE);
        font::caption(&mut out, 2 * w as i64 + x, y, "flesh |u|", scale);
        for k in 1..=3 {
            font::fill(&mut out, (k * w) as i64, 0, 1, h as i64, Rgba([150, 150, 150, 255]));
        }
        out
    }

    /// The body view alone of `p`, `z` (the camera following the root, as in [`FleshViews::views`]), with
    /// `caption` over it: the avatar's whole-body motion (the springs of its hair and clothes) without the
    /// flesh's close-up and heat map, at a quarter of their drawing.
    pub fn body(&mut self, p: &[f32], z: &[f32], caption: &str) -> Result<RgbaImage, GpuError> {
        let cameras = self.cameras(p, z)?;
        let view = View {
            view_proj: cameras.body,
            ground: Some(cameras.ground),
            colouring: Colouring::Lit,
            transparent: false,
        };
        let mut out = self.r.draw_skinned_view(&view)?;
        let scale = if out.width() >= 300 { 2 } else { 1 };
        if !caption.is_empty() {
            font::caption(&mut out, 4 * scale as i64, 4 * scale as i64, caption, scale);
        }
        Ok(out)
    }

    /// The frame of `p`, `z`: [`FleshViews::views`] put side by side ([`FleshViews::compose`]).
    pub fn frame(&mut self, p: &[f32], z: &[f32], caption: &str) -> Result<RgbaImage, GpuError> {
        let views = self.views(p, z)?;
        Ok(self.compose(&views, caption))
    }
}

/// The render vertices of the chest, belly, back and buttocks; all of them for an avatar without a skeleton or
/// without those regions.
fn torso_vertices(asset: &Asset) -> Vec<usize> {
    let r = &asset.render;
    let all = || (0..r.vertices.len()).collect();
    let Some((lbs, _)) = r.rig.skeleton() else { return all() };
    let torso = [BodyRegion::Chest, BodyRegion::Belly, BodyRegion::Back, BodyRegion::Buttocks];
    let regions = vertex_regions(lbs, &r.vertices, &asset.source.humanoid);
    let picked: Vec<usize> = regions
        .iter()
        .enumerate()
        .filter(|(_, g)| g.is_some_and(|g| torso.contains(&g)))
        .map(|(v, _)| v)
        .collect();
    if picked.is_empty() {
        all()
    } else {
        picked
    }
}

/// Draw on `image` the outline of `silhouette`'s opaque pixels (the same size): every pixel with a neighbour
/// (8-connected) on the other side of the silhouette's edge, so the line is two pixels wide.
pub fn outline(image: &mut RgbaImage, silhouette: &RgbaImage, colour: Rgba<u8>) {
    let (w, h) = (silhouette.width() as usize, silhouette.height() as usize);
    // the silhouette with a one-pixel border outside it, row by row
    let (bw, bh) = (w + 2, h + 2);
    let mut inside = vec![false; bw * bh];
    for (y, row) in silhouette.as_raw().chunks_exact(4 * w).enumerate() {
        for (x, px) in row.chunks_exact(4).enumerate() {
            inside[(y + 1) * bw + x + 1] = px[3] > 0;
        }
    }
    let (iw, ih) = (w.min(image.width() as usize), h.min(image.height() as usize));
    for y in 0..ih {
        let rows = [y, y + 1, y + 2].map(|r| &inside[r * bw..(r + 1) * bw]);
        for x in 0..iw {
            let here = rows[1][x + 1];
            let edge = rows.iter().any(|r| r[x..x + 3].iter().any(|&v| v != here));
            if edge {
                image.put_pixel(x as u32, y as u32, colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default avatar's carrying joint is the hips: under it both legs, above it the root bone at the feet (which grounding does not move, so a camera following it loses a walking avatar).
    #[test]
    fn the_carrying_joint_of_the_default_avatar_is_its_hips() {
        let (_, rig) = avatar_sim::asset::default_avatar::inputs().unwrap();
        let (lbs, _) = rig.skeleton().unwrap();
        let b = carrying_bone(lbs).unwrap();
        let root = lbs.topological_order()[0];
        assert_ne!(b, root, "{}", lbs.bones()[b].name);
        let below = |name: &str| {
            let mut at = lbs.bone_index(name).unwrap_or_else(|| panic!("no bone {name}"));
            loop {
                if at == b {
                    return true;
                }
                match lbs.bones()[at].parent {
                    Some(p) => at = p,
                    None => return false,
                }
            }
        };
        assert!(below("thigh_l") && below("thigh_r"), "{}", lbs.bones()[b].name);
        // and the torso's vertices move with it (most of the weight is under it)
        assert!(
            lbs.bones()[b].bind[1][3] > lbs.bones()[root].bind[1][3] + 0.5,
            "the hips are above the root"
        );
    }

    #[test]
    fn the_outline_follows_the_silhouettes_edge() {
        let mut silhouette = RgbaImage::new(12, 10);
        for y in 3..7 {
            for x in 2..9 {
                silhouette.put_pixel(x, y, Rgba([200, 100, 50, 255]));
            }
        }
        let mut image = RgbaImage::from_pixel(12, 10, Rgba([255; 4]));
        outline(&mut image, &silhouette, OUTLINE);
        let drawn = |x: u32, y: u32| *image.get_pixel(x, y) == OUTLINE;
        // the edge on both sides, not the middle nor far outside
        assert!(drawn(2, 3) && drawn(1, 3) && drawn(8, 6) && drawn(9, 7) && drawn(5, 2) && drawn(5, 3));
        assert!(!drawn(5, 5) && !drawn(0, 0) && !drawn(11, 9) && !drawn(5, 0));
    }

    /// The outline is every pixel with an 8-neighbour on the other side of the edge (outside the image counts as
    /// outside the silhouette): against that rule pixel by pixel, on scattered blobs that touch the image's
    /// borders, with an image narrower and one taller than the silhouette.
    #[test]
    fn the_outline_is_every_pixel_next_to_the_other_side() {
        let (w, h) = (41, 29);
        let blob = |x: i64, y: i64| {
            let d = |cx: i64, cy: i64, r: i64| (x - cx).pow(2) + (y - cy).pow(2) <= r * r;
            d(3, 4, 5) || d(20, 14, 7) || d(40, 28, 4) || d(33, 6, 2) || (x + 2 * y) % 17 == 0
        };
        let silhouette = RgbaImage::from_fn(w, h, |x, y| {
            Rgba(if blob(x as i64, y as i64) { [9, 9, 9, 255] } else { [0; 4] })
        });
        let inside = |x: i64, y: i64| x >= 0 && y >= 0 && x < w as i64 && y < h as i64 && blob(x, y);
        for (iw, ih) in [(w, h), (30, h), (w, 40)] {
            let mut image = RgbaImage::from_pixel(iw, ih, Rgba([255; 4]));
            outline(&mut image, &silhouette, OUTLINE);
            let mut edges = 0;
            for (x, y, px) in image.enumerate_pixels() {
                let (x, y) = (x as i64, y as i64);
                let here = inside(x, y);
                let edge = x < w as i64
                    && y < h as i64
                    && (-1..=1).any(|dy| (-1..=1).any(|dx| inside(x + dx, y + dy) != here));
                assert_eq!(*px == OUTLINE, edge, "({x}, {y}) in a {iw}x{ih} image");
                edges += edge as usize;
            }
            assert!(edges > 200, "{edges} edge pixels");
        }
    }

    /// The body view alone is the flesh views' body view, the caption aside.
    #[test]
    fn the_body_view_alone_is_the_flesh_views_body_view() {
        let asset = avatar_sim::asset::bar_avatar([8, 2, 2], [1.0, 0.25, 0.25], 0.3, &[], 6, 8).unwrap();
        let gpu = Gpu::open(crate::Backend::Auto).expect("a graphics adapter (Mesa llvmpipe/lavapipe)");
        let options = FleshViewSettings { width: 120, height: 160, heat: HeatScale::default() };
        let mut v = FleshViews::new(gpu, &asset, options).unwrap();
        let mut p: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
        p[12 + 3] += 0.3;
        let z: Vec<f32> =
            (0..12 * asset.render.mode_weights.ncols()).map(|i| 0.02 * (i as f32).sin()).collect();
        let views = v.views(&p, &z).unwrap();
        let body = v.body(&p, &z, "").unwrap();
        assert_eq!(body.dimensions(), (120, 160));
        assert!(body == views.body, "the body view alone differs from the flesh views' one");
        assert!(body != views.heat && body.pixels().any(|px| px.0 != body.get_pixel(0, 0).0));
        // the caption is drawn over it
        assert!(v.body(&p, &z, "t 1.00 s").unwrap() != body);
    }
}
