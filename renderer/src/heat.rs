//! The heat map's colour scale: `|u|`, the length of the secondary displacement (the flesh: what the reduced
//! coordinates `z` add to a vertex on top of the rig, `Σ_k W_k Z_k [X; 1]`), in millimetres, to colours and
//! back, and the scale bar drawn beside the map.
//!
//! The colours run from black through purple, red and orange to pale yellow: matplotlib's *inferno* at 17 knots
//! evenly spaced from 0 to the top of the scale, interpolated linearly in sRGB (the browser viewer's heat map,
//! `viewer/src/heat.ts`, has the same knots and arithmetic). Lightness grows with `|u|` and every colour of the
//! scale stands for one value, so a rendered heat map can be read back ([`HeatScale::decode_mm`]). The shader
//! draws with the same knots ([`HeatScale::uniform`]); values above the top of the scale take its top colour.
//! The default top, 30 mm, is the viewer's too, so that the colours mean the same millimetres in both.

use crate::font;
use image::{Rgba, RgbaImage};
use std::collections::HashMap;
use std::sync::LazyLock;

/// *inferno* (matplotlib's `_inferno_data`, entries 0, 16, …, 240 and 255), sRGB.
const KNOTS: [[f32; 3]; 17] = [
    [0.001462, 0.000466, 0.013866],
    [0.042253, 0.028139, 0.141141],
    [0.129285, 0.047293, 0.290788],
    [0.238273, 0.036621, 0.396353],
    [0.341500, 0.062325, 0.429425],
    [0.441207, 0.099338, 0.431594],
    [0.540920, 0.134729, 0.415123],
    [0.640135, 0.171438, 0.381065],
    [0.735683, 0.215906, 0.330245],
    [0.822386, 0.275197, 0.266085],
    [0.894305, 0.353399, 0.193584],
    [0.946965, 0.449191, 0.115272],
    [0.978422, 0.557937, 0.034931],
    [0.987874, 0.675267, 0.065257],
    [0.974638, 0.797692, 0.206332],
    [0.947594, 0.917399, 0.410665],
    [0.988362, 0.998364, 0.644924],
];

/// A colour decodes when every channel is within this many levels of a colour of the scale.
pub const DECODE_LEVELS: u8 = 4;

/// The scale's colour at `t` ∈ [0, 1] (clamped; NaN is 0), sRGB.
pub fn colour_at(t: f32) -> [u8; 3] {
    let s = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) } * (KNOTS.len() - 1) as f32;
    let i = (s.floor() as usize).min(KNOTS.len() - 2);
    let f = s - i as f32;
    let (a, b) = (KNOTS[i], KNOTS[i + 1]);
    [0, 1, 2].map(|c| ((a[c] + (b[c] - a[c]) * f) * 255.0).round().clamp(0.0, 255.0) as u8)
}

/// `t` of the scale's colour nearest `rgb` among those within [`DECODE_LEVELS`] of it in every channel.
pub fn decode(rgb: [u8; 3]) -> Option<f32> {
    /// The scale sampled finely enough that neighbouring samples differ by a level or two, in buckets of 8
    /// levels per channel.
    type Table = (Vec<(f32, [u8; 3])>, HashMap<[u8; 3], Vec<usize>>);
    static TABLE: LazyLock<Table> = LazyLock::new(|| {
        let n = 4096;
        let samples: Vec<(f32, [u8; 3])> =
            (0..=n).map(|k| k as f32 / n as f32).map(|t| (t, colour_at(t))).collect();
        let mut buckets: HashMap<[u8; 3], Vec<usize>> = HashMap::new();
        for (i, (_, c)) in samples.iter().enumerate() {
            buckets.entry(c.map(|v| v >> 3)).or_default().push(i);
        }
        (samples, buckets)
    });
    let (samples, buckets) = &*TABLE;
    let near = |c: &[u8; 3]| (0..3).all(|i| c[i].abs_diff(rgb[i]) <= DECODE_LEVELS);
    let squared = |c: &[u8; 3]| (0..3).map(|i| (c[i] as i32 - rgb[i] as i32).pow(2)).sum::<i32>();
    let bucket = rgb.map(|v| (v >> 3) as i32);
    let mut best: Option<(i32, f32)> = None;
    for d in 0..27 {
        let key = [d % 3, d / 3 % 3, d / 9].map(|o| o - 1);
        let key = [0, 1, 2].map(|c| bucket[c] + key[c]);
        if key.iter().any(|&k| !(0..32).contains(&k)) {
            continue;
        }
        for &i in buckets.get(&key.map(|k| k as u8)).into_iter().flatten() {
            let (t, c) = samples[i];
            if near(&c) && best.is_none_or(|(s, _)| squared(&c) < s) {
                best = Some((squared(&c), t));
            }
        }
    }
    best.map(|(_, t)| t)
}

/// The heat map's scale: 0 to `max_mm` millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeatScale {
    max_mm: f64,
}

/// The default top of the scale (mm): the browser viewer's (`HEAT_MAX_MM` in `viewer/src/heat.ts`). A landing of
/// the jumps moves the default avatar's thighs by 20–30 mm, its belly by 10–25 mm.
pub const DEFAULT_MAX_MM: f64 = 30.0;

impl Default for HeatScale {
    fn default() -> HeatScale {
        HeatScale { max_mm: DEFAULT_MAX_MM }
    }
}

/// What the shader reads (group 0, binding 7 in `skin.wgsl`): the knots (sRGB, w unused) and x = 1 / top (per
/// metre of `|u|`), y = the number of segments between knots.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
pub struct HeatUniform {
    knots: [[f32; 4]; 17],
    scale: [f32; 4],
}

impl HeatScale {
    /// A scale from 0 to `max_mm` (a positive, finite number of millimetres).
    pub fn new(max_mm: f64) -> Result<HeatScale, String> {
        if !(max_mm.is_finite() && max_mm > 0.0) {
            return Err(format!("the heat map's scale must top at a positive number of mm, got {max_mm}"));
        }
        Ok(HeatScale { max_mm })
    }

    /// A scale whose top is `peak_m` (metres: the largest `|u|` to be shown) rounded up to 1, 1.5, 2, 2.5, 3,
    /// 3.5, 4, 5, 6, 7 or 8 × 10^k mm, at least 0.1 mm (also for no motion, or a peak that is not a number).
    pub fn for_peak(peak_m: f64) -> HeatScale {
        let peak_mm = if peak_m.is_finite() { peak_m * 1e3 } else { 0.0 };
        if peak_mm <= 0.1 {
            return HeatScale { max_mm: 0.1 };
        }
        let decade = 10f64.powf(peak_mm.log10().floor());
        let top = [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0]
            .iter()
            .map(|m| m * decade)
            .find(|&v| v >= peak_mm * (1.0 - 1e-9))
            .unwrap_or(10.0 * decade);
        HeatScale { max_mm: top }
    }

    pub fn max_mm(&self) -> f64 {
        self.max_mm
    }

    /// Where `mm` falls on the colours: `t = mm / top`, clamped to [0, 1].
    pub fn position(&self, mm: f64) -> f64 {
        (mm / self.max_mm).clamp(0.0, 1.0)
    }

    /// The value at position `t` ∈ [0, 1] of the colours (the inverse of [`HeatScale::position`]).
    pub fn value_mm(&self, t: f64) -> f64 {
        t.clamp(0.0, 1.0) * self.max_mm
    }

    /// The colour of `|u|` = `mm`.
    pub fn colour(&self, mm: f64) -> [u8; 3] {
        colour_at(if mm.is_nan() { 0.0 } else { self.position(mm) as f32 })
    }

    /// The `|u|` (mm) a colour of the scale stands for; `None` for a colour off the scale (the background, the
    /// ground, a label).
    pub fn decode_mm(&self, rgb: [u8; 3]) -> Option<f64> {
        decode(rgb).map(|t| self.value_mm(t as f64))
    }

    /// The labelled values of the scale bar: from 0 to the top in the smallest step of 1, 2, 2.5 or 5 × 10^k mm
    /// that divides the top into at most 7 (the top is labelled too when it is not a whole number of steps).
    pub fn ticks(&self) -> Vec<f64> {
        let decade = 10f64.powf((self.max_mm / 7.0).log10().floor());
        let step = [1.0, 2.0, 2.5, 5.0, 10.0]
            .iter()
            .map(|m| m * decade)
            .find(|&step| self.max_mm / step <= 7.0 + 1e-9)
            .unwrap_or(10.0 * decade);
        let n = (self.max_mm / step + 1e-9).floor() as usize;
        let mut ticks: Vec<f64> = (0..=n).map(|k| k as f64 * step).collect();
        if self.max_mm - n as f64 * step > 1e-9 * self.max_mm {
            ticks.push(self.max_mm);
        }
        ticks
    }

    /// The scale bar, `width × height` on white: `mm` on top, the colours from 0 (bottom) to the top of the
    /// scale, and the ticks' values beside them.
    pub fn scale_bar(&self, width: u32, height: u32) -> RgbaImage {
        let mut image = RgbaImage::from_pixel(width, height, Rgba([255, 255, 255, 255]));
        let (top, bottom) = self.bar_rows(height);
        let (x0, bar_w) = (BAR_X, BAR_W);
        let title_scale = if font::text_width(TITLE, 2) + 2 * x0 <= width { 2 } else { 1 };
        font::draw_text(&mut image, x0 as i64, 8, TITLE, title_scale, Rgba([20, 20, 20, 255]));
        if bottom <= top {
            return image;
        }
        for y in top..=bottom {
            let [r, g, b] = self.colour(self.bar_value_mm(y, height));
            font::fill(&mut image, x0 as i64, y as i64, bar_w as i64, 1, Rgba([r, g, b, 255]));
        }
        let labels: Vec<(f64, String)> = self.ticks().into_iter().map(|v| (v, label(v))).collect();
        let room = width.saturating_sub(x0 + bar_w + 8);
        let longest = labels.iter().map(|(_, l)| font::text_width(l, 1)).max().unwrap_or(0);
        let scale = if 2 * longest <= room { 2 } else { 1 };
        let dark = Rgba([20, 20, 20, 255]);
        for (v, l) in &labels {
            let y = bottom as f64 - self.position(*v) * (bottom - top) as f64;
            let y = y.round() as i64;
            font::fill(&mut image, (x0 + bar_w) as i64, y, 4, 1, dark);
            let h = font::text_height(scale) as i64;
            font::draw_text(&mut image, (x0 + bar_w + 6) as i64, y - h / 2, l, scale, dark);
        }
        image
    }

    /// The first and last rows of the bar in a scale bar `height` pixels high.
    pub fn bar_rows(&self, height: u32) -> (u32, u32) {
        (BAR_TOP, height.saturating_sub(BAR_BOTTOM_MARGIN))
    }

    /// The value (mm) drawn on row `y` of the bar of a scale bar `height` pixels high.
    pub fn bar_value_mm(&self, y: u32, height: u32) -> f64 {
        let (top, bottom) = self.bar_rows(height);
        if bottom <= top {
            return 0.0;
        }
        self.value_mm((bottom as f64 - y.clamp(top, bottom) as f64) / (bottom - top) as f64)
    }

    /// The shader's uniform for this scale.
    pub fn uniform(&self) -> HeatUniform {
        let knots = KNOTS.map(|k| [k[0], k[1], k[2], 0.0]);
        HeatUniform { knots, scale: [(1e3 / self.max_mm) as f32, (KNOTS.len() - 1) as f32, 0.0, 0.0] }
    }
}

const TITLE: &str = "mm";
/// The bar's left edge and width, its first row, and the rows left under it.
pub const BAR_X: u32 = 8;
pub const BAR_W: u32 = 16;
const BAR_TOP: u32 = 36;
const BAR_BOTTOM_MARGIN: u32 = 16;

/// `v` with at most three decimals, trailing zeros left out.
pub fn label(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values → colours → values, across the scale and for several tops.
    #[test]
    fn heat_colours_decode_back_to_their_values() {
        for top in [0.5, 7.3, 20.0] {
            let scale = HeatScale::new(top).unwrap();
            for k in 0..=200 {
                let mm = top * k as f64 / 200.0;
                let back = scale.decode_mm(scale.colour(mm)).expect("a colour of the scale decodes");
                assert!((back - mm).abs() <= 0.005 * top, "{mm} mm decodes as {back} (top {top})");
            }
            // above the top: the top colour; linear in between
            assert_eq!(scale.colour(2.0 * top), scale.colour(top));
            assert_eq!(scale.colour(0.25 * top), colour_at(0.25));
            assert_eq!(scale.colour(f64::NAN), colour_at(0.0));
        }
        // lightness grows along the scale
        let luma = |c: [u8; 3]| 0.2126 * c[0] as f64 + 0.7152 * c[1] as f64 + 0.0722 * c[2] as f64;
        let l: Vec<f64> = (0..=64).map(|k| luma(colour_at(k as f32 / 64.0))).collect();
        assert!(l.windows(2).all(|w| w[1] > w[0]), "{l:?}");
        // off the scale: the renders' light background, grey ground, white
        for off in [[237, 242, 250], [200, 200, 196], [255, 255, 255], [0, 255, 0]] {
            assert_eq!(decode(off), None, "{off:?}");
        }
        assert_eq!(colour_at(f32::NAN), colour_at(0.0));
    }

    #[test]
    fn heat_scale_tops_are_round_and_bad_ones_refused() {
        let top = |m: f64| HeatScale::for_peak(m).max_mm();
        assert_eq!(top(0.0173), 20.0);
        assert_eq!(top(0.0186), 20.0);
        assert_eq!(top(0.0201), 25.0);
        assert_eq!(top(0.03175), 35.0);
        assert_eq!(top(0.0054), 6.0);
        assert_eq!(top(0.012), 15.0);
        assert_eq!(top(0.03), 30.0);
        assert_eq!(top(0.0), 0.1);
        assert_eq!(top(f64::NAN), 0.1);
        assert!((top(0.00123) - 1.5).abs() < 1e-12);
        assert_eq!(HeatScale::default().max_mm(), DEFAULT_MAX_MM);
        assert_eq!(HeatScale::default().ticks(), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(HeatScale::new(bad).is_err(), "{bad}");
        }
        let ticks = |top: f64| HeatScale::new(top).unwrap().ticks();
        assert_eq!(ticks(20.0), [0.0, 5.0, 10.0, 15.0, 20.0]);
        assert_eq!(ticks(35.0), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0]);
        assert_eq!(ticks(40.0), [0.0, 10.0, 20.0, 30.0, 40.0]);
        assert_eq!(ticks(15.0), [0.0, 2.5, 5.0, 7.5, 10.0, 12.5, 15.0]);
        assert_eq!(ticks(2.5), [0.0, 0.5, 1.0, 1.5, 2.0, 2.5]);
        assert_eq!(ticks(7.3), [0.0, 2.0, 4.0, 6.0, 7.3]);
        assert_eq!(
            (label(12.5), label(0.0), label(20.0), label(0.125)),
            ("12.5".into(), "0".into(), "20".into(), "0.125".into())
        );
    }

    /// The scale bar's colours, read back row by row, run from 0 at the bottom to the top of the scale, and the
    /// labels are drawn beside the bar.
    #[test]
    fn the_scale_bar_reads_back_as_its_values() {
        let scale = HeatScale::new(20.0).unwrap();
        let (w, h) = (80, 400);
        let bar = scale.scale_bar(w, h);
        let (top, bottom) = scale.bar_rows(h);
        let mut last = f64::INFINITY;
        for y in top..=bottom {
            let p = bar.get_pixel(BAR_X + BAR_W / 2, y);
            let mm = scale.decode_mm([p[0], p[1], p[2]]).expect("the bar is on the scale");
            let want = scale.bar_value_mm(y, h);
            assert!((mm - want).abs() <= 0.1, "row {y}: {mm} mm, drawn for {want}");
            assert!(mm <= last + 0.05, "the bar falls from top to bottom");
            last = mm;
        }
        assert!(scale.bar_value_mm(top, h) == 20.0 && scale.bar_value_mm(bottom, h) == 0.0);
        // dark label pixels right of the bar, none left of it
        let dark = |x: u32, y: u32| bar.get_pixel(x, y)[0] < 80;
        let labels = (BAR_X + BAR_W + 6..w).flat_map(|x| (top..=bottom).map(move |y| (x, y)));
        assert!(labels.filter(|&(x, y)| dark(x, y)).count() > 50);
        assert!((0..BAR_X).all(|x| (top..=bottom).all(|y| !dark(x, y))));
    }
}
