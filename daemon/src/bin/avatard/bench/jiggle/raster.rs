//! PNG plots without a font library: a plotters drawing backend over an RGB image ([`Canvas`]) whose text is
//! a built-in 5×7 pixel font scaled to the requested size ([`draw_text`] also labels the frame strip).
//!
//! The workspace's plotters has only its SVG backend and no font rasterizer (its `ab_glyph` and `ttf`
//! features would change text layout for every plot in the binary and need a font file); lines, rectangles
//! and polygons come from plotters' own rasterizer through [`DrawingBackend::draw_pixel`].

use image::{Rgb, RgbImage};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendTextStyle, DrawingBackend, DrawingErrorKind, FontTransform,
};

/// Glyphs of ASCII 32..=126, 7 rows of 5 pixels (`#` on), rows separated by spaces.
const GLYPHS: [&str; 95] = [
    "..... ..... ..... ..... ..... ..... .....", // ' '
    "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..", // !
    ".#.#. .#.#. ..... ..... ..... ..... .....", // "
    ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.", // #
    "..#.. .#### #.#.. .###. ..#.# ####. ..#..", // $
    "##... ##..# ...#. ..#.. .#... #..## ...##", // %
    ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#", // &
    "..#.. ..#.. ..... ..... ..... ..... .....", // '
    "...#. ..#.. .#... .#... .#... ..#.. ...#.", // (
    ".#... ..#.. ...#. ...#. ...#. ..#.. .#...", // )
    "..... ..#.. #.#.# .###. #.#.# ..#.. .....", // *
    "..... ..#.. ..#.. ##### ..#.. ..#.. .....", // +
    "..... ..... ..... ..... .##.. ..#.. .#...", // ,
    "..... ..... ..... ##### ..... ..... .....", // -
    "..... ..... ..... ..... ..... .##.. .##..", // .
    "..... ....# ...#. ..#.. .#... #.... .....", // /
    ".###. #...# #..## #.#.# ##..# #...# .###.", // 0
    "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.", // 1
    ".###. #...# ....# ...#. ..#.. .#... #####", // 2
    "##### ...#. ..#.. ...#. ....# #...# .###.", // 3
    "...#. ..##. .#.#. #..#. ##### ...#. ...#.", // 4
    "##### #.... ####. ....# ....# #...# .###.", // 5
    "..##. .#... #.... ####. #...# #...# .###.", // 6
    "##### ....# ...#. ..#.. .#... .#... .#...", // 7
    ".###. #...# #...# .###. #...# #...# .###.", // 8
    ".###. #...# #...# .#### ....# ...#. .##..", // 9
    "..... .##.. .##.. ..... .##.. .##.. .....", // :
    "..... .##.. .##.. ..... .##.. ..#.. .#...", // ;
    "...#. ..#.. .#... #.... .#... ..#.. ...#.", // <
    "..... ..... ##### ..... ##### ..... .....", // =
    ".#... ..#.. ...#. ....# ...#. ..#.. .#...", // >
    ".###. #...# ....# ...#. ..#.. ..... ..#..", // ?
    ".###. #...# ....# .##.# #.#.# #.#.# .###.", // @
    ".###. #...# #...# ##### #...# #...# #...#", // A
    "####. #...# #...# ####. #...# #...# ####.", // B
    ".###. #...# #.... #.... #.... #...# .###.", // C
    "###.. #..#. #...# #...# #...# #..#. ###..", // D
    "##### #.... #.... ####. #.... #.... #####", // E
    "##### #.... #.... ####. #.... #.... #....", // F
    ".###. #...# #.... #.### #...# #...# .####", // G
    "#...# #...# #...# ##### #...# #...# #...#", // H
    ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.", // I
    "..### ...#. ...#. ...#. ...#. #..#. .##..", // J
    "#...# #..#. #.#.. ##... #.#.. #..#. #...#", // K
    "#.... #.... #.... #.... #.... #.... #####", // L
    "#...# ##.## #.#.# #.#.# #...# #...# #...#", // M
    "#...# #...# ##..# #.#.# #..## #...# #...#", // N
    ".###. #...# #...# #...# #...# #...# .###.", // O
    "####. #...# #...# ####. #.... #.... #....", // P
    ".###. #...# #...# #...# #.#.# #..#. .##.#", // Q
    "####. #...# #...# ####. #.#.. #..#. #...#", // R
    ".#### #.... #.... .###. ....# ....# ####.", // S
    "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..", // T
    "#...# #...# #...# #...# #...# #...# .###.", // U
    "#...# #...# #...# #...# #...# .#.#. ..#..", // V
    "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.", // W
    "#...# #...# .#.#. ..#.. .#.#. #...# #...#", // X
    "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..", // Y
    "##### ....# ...#. ..#.. .#... #.... #####", // Z
    ".###. .#... .#... .#... .#... .#... .###.", // [
    "..... #.... .#... ..#.. ...#. ....# .....", // backslash
    ".###. ...#. ...#. ...#. ...#. ...#. .###.", // ]
    "..#.. .#.#. #...# ..... ..... ..... .....", // ^
    "..... ..... ..... ..... ..... ..... #####", // _
    ".#... ..#.. ..... ..... ..... ..... .....", // `
    "..... ..... .###. ....# .#### #...# .####", // a
    "#.... #.... #.##. ##..# #...# #...# ####.", // b
    "..... ..... .###. #.... #.... #...# .###.", // c
    "....# ....# .##.# #..## #...# #...# .####", // d
    "..... ..... .###. #...# ##### #.... .###.", // e
    "..##. .#..# .#... ###.. .#... .#... .#...", // f
    "..... .#### #...# #...# .#### ....# .###.", // g
    "#.... #.... #.##. ##..# #...# #...# #...#", // h
    "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.", // i
    "...#. ..... ..##. ...#. ...#. #..#. .##..", // j
    ".#... .#... .#..# .#.#. .##.. .#.#. .#..#", // k
    ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.", // l
    "..... ..... ##.#. #.#.# #.#.# #...# #...#", // m
    "..... ..... #.##. ##..# #...# #...# #...#", // n
    "..... ..... .###. #...# #...# #...# .###.", // o
    "..... ..... ####. #...# ####. #.... #....", // p
    "..... ..... .##.# #..## .#### ....# ....#", // q
    "..... ..... #.##. ##..# #.... #.... #....", // r
    "..... ..... .###. #.... .###. ....# ####.", // s
    ".#... .#... ###.. .#... .#... .#..# ..##.", // t
    "..... ..... #...# #...# #...# #..## .##.#", // u
    "..... ..... #...# #...# #...# .#.#. ..#..", // v
    "..... ..... #...# #...# #.#.# #.#.# .#.#.", // w
    "..... ..... #...# .#.#. ..#.. .#.#. #...#", // x
    "..... ..... #...# #...# .#### ....# .###.", // y
    "..... ..... ##### ...#. ..#.. .#... #####", // z
    "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#.", // {
    "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..", // |
    ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#...", // }
    "..... ..... .#... #.#.# ...#. ..... .....", // ~
];

/// Glyph cell: 5 pixels wide plus 1 of spacing, 7 tall.
pub const GLYPH_ADVANCE: u32 = 6;
pub const GLYPH_HEIGHT: u32 = 7;

/// The pixels of `c`'s glyph as (column, row) pairs; a hollow box for characters outside ASCII 32..=126
/// (`µ` is drawn as `u`).
fn glyph(c: char) -> impl Iterator<Item = (u32, u32)> {
    let c = if c == 'µ' { 'u' } else { c };
    let rows: Vec<&str> = match c as u32 {
        32..=126 => GLYPHS[c as usize - 32].split(' ').collect(),
        _ => vec!["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#####"],
    };
    let on: Vec<(u32, u32)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.bytes().enumerate().filter(|(_, b)| *b == b'#').map(move |(x, _)| (x as u32, y as u32))
        })
        .collect();
    on.into_iter()
}

/// Pixel scale of the built-in font for a plotters font size: the glyph advance nearest plotters' own width
/// estimate without a font library (`0.7 · size / 1.24²` per character), which sizes legends and captions.
pub fn font_scale(size: f64) -> u32 {
    (0.7 * size / (1.24 * 1.24) / GLYPH_ADVANCE as f64).round().max(1.0) as u32
}

/// Width and height (pixels) of `text` at `scale`.
pub fn text_size(text: &str, scale: u32) -> (u32, u32) {
    let n = text.chars().count() as u32;
    ((n * GLYPH_ADVANCE).saturating_sub(1) * scale, GLYPH_HEIGHT * scale)
}

/// Draw `text` with its top-left corner at `(x, y)` through `put(x, y)` (one call per lit pixel), glyphs
/// `scale` times their size; `transform` rotates about `(x, y)` as plotters does.
fn rasterize_text(
    text: &str,
    (x, y): (i32, i32),
    scale: u32,
    transform: &FontTransform,
    mut put: impl FnMut(i32, i32),
) {
    for (i, c) in text.chars().enumerate() {
        let left = (i as u32 * GLYPH_ADVANCE * scale) as i32;
        for (gx, gy) in glyph(c) {
            for dy in 0..scale {
                for dx in 0..scale {
                    let (px, py) = (left + (gx * scale + dx) as i32, (gy * scale + dy) as i32);
                    let (tx, ty) = transform.transform(px, py);
                    put(x + tx, y + ty);
                }
            }
        }
    }
}

/// Draw `text` onto `img` with its top-left corner at `(x, y)` (the frame strip's labels).
pub fn draw_text(img: &mut RgbImage, text: &str, (x, y): (i32, i32), scale: u32, color: [u8; 3]) {
    let (w, h) = img.dimensions();
    rasterize_text(text, (x, y), scale, &FontTransform::None, |px, py| {
        if px >= 0 && py >= 0 && (px as u32) < w && (py as u32) < h {
            img.put_pixel(px as u32, py as u32, Rgb(color));
        }
    });
}

/// A plotters backend drawing into an RGB image.
pub struct Canvas<'a> {
    img: &'a mut RgbImage,
}

impl<'a> Canvas<'a> {
    pub fn new(img: &'a mut RgbImage) -> Self {
        Canvas { img }
    }
}

/// Never happens: drawing into memory cannot fail.
#[derive(Debug)]
pub struct CanvasError;

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("canvas error")
    }
}

impl std::error::Error for CanvasError {}

impl DrawingBackend for Canvas<'_> {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        self.img.dimensions()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        (x, y): BackendCoord,
        c: BackendColor,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let (w, h) = self.img.dimensions();
        if x < 0 || y < 0 || x as u32 >= w || y as u32 >= h || c.alpha <= 0.0 {
            return Ok(());
        }
        let a = c.alpha.min(1.0);
        let px = self.img.get_pixel_mut(x as u32, y as u32);
        let src = [c.rgb.0, c.rgb.1, c.rgb.2];
        for (d, s) in px.0.iter_mut().zip(src) {
            *d = (a * s as f64 + (1.0 - a) * *d as f64).round() as u8;
        }
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        Ok(text_size(text, font_scale(style.size())))
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let color = style.color();
        let scale = font_scale(style.size());
        let (w, h) = text_size(text, scale);
        let (w, h) = (w as i32, h as i32);
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0,
            HPos::Right => -w,
            HPos::Center => -w / 2,
        };
        let dy = match anchor.v_pos {
            VPos::Top => 0,
            VPos::Center => -h / 2,
            VPos::Bottom => -h,
        };
        let transform = style.transform();
        let mut pixels = Vec::new();
        rasterize_text(text, (0, 0), scale, &FontTransform::None, |x, y| pixels.push((x, y)));
        for (x, y) in pixels {
            let (tx, ty) = transform.transform(x + dx, y + dy);
            self.draw_pixel((pos.0 + tx, pos.1 + ty), color)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jiggle_font_has_every_printable_glyph_in_its_cell() {
        for (i, g) in GLYPHS.iter().enumerate() {
            let rows: Vec<&str> = g.split(' ').collect();
            assert_eq!(rows.len(), 7, "glyph {i}");
            assert!(
                rows.iter().all(|r| r.len() == 5 && r.bytes().all(|b| b == b'#' || b == b'.')),
                "glyph {i}"
            );
        }
        assert_eq!(glyph(' ').count(), 0);
        assert_eq!(glyph('|').count(), 7);
        assert_eq!(text_size("ab", 2), (22, 14));
    }

    #[test]
    fn jiggle_canvas_draws_text_and_blends() {
        let mut img = RgbImage::from_pixel(40, 20, Rgb([255, 255, 255]));
        draw_text(&mut img, "|", (0, 0), 1, [0, 0, 0]);
        assert_eq!(img.get_pixel(2, 0).0, [0, 0, 0]);
        assert_eq!(img.get_pixel(1, 0).0, [255, 255, 255]);
        let mut c = Canvas::new(&mut img);
        c.draw_pixel((30, 10), BackendColor { alpha: 0.5, rgb: (0, 0, 0) }).unwrap();
        c.draw_pixel((-1, 100), BackendColor { alpha: 1.0, rgb: (0, 0, 0) }).unwrap();
        assert_eq!(img.get_pixel(30, 10).0, [128, 128, 128]);
    }
}
