//! `jiggle-<motion>.svg`: per region, the largest `|u|` (mm) of the region over time, one line per region,
//! and a dashed vertical line where the motion's last frame is (the settle phase after it).

use super::stats::Series;
use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

const SIZE: (u32, u32) = (1200, 700);

/// A colour per region (12 regions), distinguishable on white.
const PALETTE: [(u8, u8, u8); 12] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (90, 90, 90),
    (188, 189, 34),
    (23, 190, 207),
    (0, 0, 128),
    (128, 0, 0),
];

/// Draw `series` of the motion `name` into `path` (SVG).
pub fn plot_motion(path: &Path, name: &str, series: &Series) -> Result<()> {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    draw(&root, name, series).map_err(|e| anyhow!("plotting {name} into {}: {e}", path.display()))
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    name: &str,
    s: &Series,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let t_end = s.t.last().copied().unwrap_or(1.0).max(1e-3);
    let ymax = (s.body_peak() * 1e3 * 1.1).max(0.01);
    let mut chart = ChartBuilder::on(root)
        .caption(format!("bench jiggle: {name}, largest |u| per region (mm)"), ("sans-serif", 30))
        .margin(15)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..t_end, 0f64..ymax)?;
    chart
        .configure_mesh()
        .x_desc("time since the motion's first frame (s)")
        .y_desc("max |u| (mm)")
        .label_style(("sans-serif", 26))
        .axis_desc_style(("sans-serif", 26))
        .draw()?;
    for (i, r) in s.regions.iter().enumerate() {
        let (cr, cg, cb) = PALETTE[i % PALETTE.len()];
        let color = RGBColor(cr, cg, cb);
        let pts = s.t.iter().zip(&r.max).map(|(&t, &u)| (t, u * 1e3));
        chart
            .draw_series(LineSeries::new(pts, color.stroke_width(2)))?
            .label(r.name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], color.stroke_width(3)));
    }
    chart.draw_series(DashedLineSeries::new(
        [(s.motion_end, 0.0), (s.motion_end, ymax)],
        8,
        6,
        BLACK.stroke_width(1),
    ))?;
    chart.draw_series(std::iter::once(Text::new(
        "motion ends",
        (s.motion_end, ymax * 0.97),
        ("sans-serif", 26),
    )))?;
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(("sans-serif", 26))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jiggle_plot_draws_lines_and_text() {
        let mut s = Series::new(&["head", "belly"], &[3, 1], 1.0);
        for k in 0..200 {
            let t = k as f64 / 100.0;
            s.push(
                t,
                &[0.001 * (5.0 * t).sin().abs(), 0.0, 0.0, 0.002 * t],
                &[Some(0), Some(0), Some(0), Some(1)],
            );
        }
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
            draw(&root, "test", &s).unwrap();
        }
        // one line per region in its colour, the legend names them
        assert!(svg.contains("#1F77B4") && svg.contains("#FF7F0E"), "{}", &svg[..svg.len().min(400)]);
        assert!(svg.matches("<polyline").count() >= 2);
        assert!(svg.contains("belly") && svg.contains("motion ends"));
    }
}
