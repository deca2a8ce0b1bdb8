//! `avatard bench jiggle`: how much secondary motion an avatar shows, per body region, under standard
//! motions, through the daemon's own per-avatar step.
//!
//! Each motion ([`avatar_lab::motion::motions`]: a CMU jumping clip and procedural hops, torso twist, head shake, arm swing) is
//! played as `RigFrame`s into a fresh [`AvatarSim`] on a simulated clock at `--tick-hz` ([`avatar_lab::motion::drive`]): a 2 s
//! lead-in from the rest pose, the motion, then `--settle-s` of its last frame held. Every tick from the
//! motion's first frame on, the secondary displacement `u` of every render vertex is computed from `z`
//! ([`avatar_lab::measure::displacement`]) and summarised per body region ([`stats`], regions from
//! [`avatar_sim::rig::vertex_regions`]); the simulation mesh at `rig(p) + B z` is checked for inverted and
//! collapsed tets.
//!
//! Output in `--out`: `jiggle.json` (per motion: per region `peak_mm` and `rms_mm`, `settle_s`,
//! `inverted_tets`, `step_us`, and more; the asset, the tick rate, the parameters), `jiggle-<motion>.svg`
//! (the largest `|u|` per region over time, [`plot`]) and, unless `--no-render`, `jiggle-strip.png` (six
//! moments of `jumps`, each the demo's views: the body, the torso close-up with the rig-only outline, the heat
//! map of `|u|` on the default scale, [`strip`]). A table is printed.
//!
//! Files: `stats` (peak, RMS, settling), `plot` (SVG plots), `strip` (the rendered frames); this file has
//! the flags, the run and the report.

mod plot;
mod stats;
mod strip;

use anyhow::{bail, Context, Result};
use avatar_lab::args::AssetArgs;
use avatar_lab::measure::{
    first_lbs, regions, Displacement, Regions, TetCheck, TetCounts, COLLAPSED_FRACTION,
};
use avatar_lab::motion::drive::{drive, RunSummary};
use avatar_lab::motion::motions::{self, Motion, Timeline};
use avatar_sim::asset::{hex, Asset};
use avatar_sim::rig::{avatar_roles, resolve_bone};
use avatar_sim::stats::{median, percentile};
use avatard::{AvatarSim, SimParams};
use serde_json::{json, Map, Value};
use stats::Series;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use strip::StripFrame;

#[derive(clap::Args, Debug, Clone)]
pub struct JiggleArgs {
    #[command(flatten)]
    pub avatar: AssetArgs,
    /// Solver tick rate (Hz).
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    /// Motions to run, in this order: jumps, hop, twist, head, arms.
    #[arg(long, value_delimiter = ',', default_values = motions::ALL)]
    pub motions: Vec<String>,
    /// Seconds of holding each motion's last pose after it ends.
    #[arg(long, default_value_t = 2.0)]
    pub settle_s: f64,
    /// Stiffness multiplier [default: SimParams' default].
    #[arg(long)]
    pub stiffness: Option<f64>,
    /// Damping rate (1/s) [default: SimParams' default].
    #[arg(long)]
    pub damping: Option<f64>,
    /// The BVH clip of `jumps`.
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    /// Output folder.
    #[arg(long, default_value = "out")]
    pub out: PathBuf,
    /// Skip the rendered frame strip.
    #[arg(long)]
    pub no_render: bool,
}

impl JiggleArgs {
    pub fn validate(&self) -> Result<()> {
        avatard::check_tick_hz(self.tick_hz).map_err(anyhow::Error::msg)?;
        if !(self.settle_s >= 0.0 && self.settle_s <= 600.0) {
            bail!("--settle-s must be in [0, 600], got {}", self.settle_s);
        }
        if self.motions.is_empty() {
            bail!("--motions: name at least one of {}", motions::ALL.join(", "));
        }
        for (i, m) in self.motions.iter().enumerate() {
            if !motions::ALL.contains(&m.as_str()) {
                bail!("--motions: unknown motion {m:?} (known: {})", motions::ALL.join(", "));
            }
            if self.motions[..i].contains(m) {
                bail!("--motions: {m} named twice");
            }
        }
        self.params()?;
        Ok(())
    }

    /// [`SimParams::default`] with `--stiffness` and `--damping`, validated.
    pub fn params(&self) -> Result<SimParams> {
        let mut p = SimParams::default();
        p.stiffness = self.stiffness.unwrap_or(p.stiffness);
        p.damping = self.damping.unwrap_or(p.damping);
        p.validate().map_err(anyhow::Error::msg)?;
        Ok(p)
    }
}

/// Bone names of `motion` that the avatar's rig does not resolve (by name or role).
fn unresolved(asset: &Asset, motion: &Motion) -> Vec<String> {
    let Some(lbs) = first_lbs(&asset.sim.rig) else {
        return motion.frames[0].bones.iter().map(|b| b.name.clone()).collect();
    };
    let roles = avatar_roles(lbs.bones().iter().map(|b| b.name.as_str()), &asset.source.humanoid);
    motion.frames[0]
        .bones
        .iter()
        .filter(|b| resolve_bone(&b.name, |n| lbs.bone_index(n).is_some(), &roles).is_none())
        .map(|b| b.name.clone())
        .collect()
}

/// One motion's results.
struct MotionRun {
    name: String,
    motion: Motion,
    series: Series,
    /// Per tick, the body-wide largest `|u(t) − u(t_last)|` (m).
    about_final: Vec<f64>,
    tets: TetCounts,
    summary: RunSummary,
    unresolved: Vec<String>,
    strip: Vec<StripFrame>,
}

/// `avatard bench jiggle`.
pub fn jiggle(a: JiggleArgs) -> Result<()> {
    let started = Instant::now();
    a.validate()?;
    let params = a.params()?;
    let load_started = Instant::now();
    let avatar = Arc::new(a.avatar.load("jiggle", params.clone())?);
    let load_s = load_started.elapsed().as_secs_f64();
    let asset = avatar.asset.clone();
    let regions = regions(&asset);
    let render_u = Displacement::new(&asset.render.vertices, asset.render.mode_weights.as_ref());
    let tet_check = TetCheck::new(&asset.sim.mesh, &asset.sim.rig, asset.sim.weights.as_ref());
    let rest_root = avatar_lab::motion::jumps::rest_root(&asset.sim.rig);
    eprintln!(
        "bench jiggle: {} ({} render vertices, {} tets, {} modes; loaded in {load_s:.1} s), {} Hz, motions {}",
        a.avatar.asset,
        render_u.vertices(),
        asset.sim.mesh.t(),
        asset.render.mode_weights.ncols(),
        a.tick_hz,
        a.motions.join(",")
    );
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;

    let mut runs = Vec::new();
    for name in &a.motions {
        let motion_started = Instant::now();
        let motion = motions::motion(name, &a.bvh)?;
        let tl = Timeline::new(&motion, a.settle_s, rest_root);
        let mut sim = AvatarSim::new(avatar.clone(), &params, a.tick_hz).map_err(anyhow::Error::msg)?;
        let motion_end = (tl.motion_end_ns - tl.motion_start_ns) as f64 * 1e-9;
        let mut series = Series::new(&regions.names, &regions.vertices, motion_end);
        let mut tets = TetCounts::default();
        let keep = name == "jumps" && !a.no_render;
        let mut kept = Vec::new();
        let mut zs = Vec::new();
        let summary = drive(&mut sim, &tl, a.tick_hz, &params, |s| {
            let norms = render_u.norms(s.z);
            series.push(s.t, &norms, &regions.of);
            tets = tets.max(tet_check.count(s.p, s.z)?);
            zs.push(s.z.to_vec());
            if keep {
                let body_max = series.body_max.last().copied().unwrap_or(0.0);
                kept.push(StripFrame { t: s.t, body_max, p: s.p.to_vec(), z: s.z.to_vec() });
            }
            Ok(())
        })?;
        // u is linear in z: |u(t) − u(t_last)| is the displacement of z(t) − z(t_last)
        let about_final: Vec<f64> = match zs.last() {
            Some(last) => zs
                .iter()
                .map(|z| {
                    let d: Vec<f64> = z.iter().zip(last).map(|(a, b)| a - b).collect();
                    render_u.norms(&d).into_iter().fold(0.0, f64::max)
                })
                .collect(),
            None => Vec::new(),
        };
        eprintln!(
            "bench jiggle: {name}: {} ticks, body peak {:.2} mm ({:.1} s)",
            series.t.len(),
            series.body_peak() * 1e3,
            motion_started.elapsed().as_secs_f64()
        );
        let unresolved = unresolved(&asset, &motion);
        runs.push(MotionRun {
            name: motion.name.clone(),
            motion,
            series,
            about_final,
            tets,
            summary,
            unresolved,
            strip: kept,
        });
    }

    let mut files = Vec::new();
    for run in &runs {
        let path = a.out.join(format!("jiggle-{}.svg", run.name));
        match plot::plot_motion(&path, &run.name, &run.series) {
            Ok(()) => files.push(path),
            Err(e) => eprintln!("bench jiggle: warning: no plot for {}: {e:#}", run.name),
        }
    }
    // the strip's tiles, left to right and top to bottom: each body | torso | heat map
    let mut strip_tiles = Vec::new();
    if !a.no_render {
        match runs.iter().find(|r| r.name == "jumps") {
            Some(run) => {
                let picked =
                    strip::pick(&run.series.t, &run.series.body_max, strip::FRAMES, strip::MIN_GAP_S);
                let frames: Vec<StripFrame> = picked.iter().map(|&i| run.strip[i].clone()).collect();
                strip_tiles = frames
                    .iter()
                    .map(|f| serde_json::json!({"t_s": f.t, "body_max_mm": mm(f.body_max)}))
                    .collect();
                let path = a.out.join("jiggle-strip.png");
                let render_started = Instant::now();
                match strip::render_strip(&asset, &frames, renderer::heat::HeatScale::default(), &path) {
                    Ok(()) => {
                        eprintln!(
                            "bench jiggle: frame strip in {:.1} s",
                            render_started.elapsed().as_secs_f64()
                        );
                        files.push(path)
                    }
                    Err(e) => eprintln!("bench jiggle: warning: no frame strip (rendering failed): {e:#}"),
                }
            }
            None => eprintln!("bench jiggle: no frame strip: the `jumps` motion was not run"),
        }
    }
    let json_path = a.out.join("jiggle.json");
    files.push(json_path.clone());
    print_table(&a, &avatar.hash, &asset, &regions, &runs);
    let wall_s = started.elapsed().as_secs_f64();
    let mut report = report(&a, &params, &avatar.hash, &asset, &regions, &runs, &files, wall_s);
    report["strip_tiles"] = strip_tiles.into();
    super::write_report(&json_path, &report)?;
    for f in &files[..files.len() - 1] {
        eprintln!("wrote {}", f.display());
    }
    eprintln!("bench jiggle: {wall_s:.1} s in all");
    Ok(())
}

fn mm(v: f64) -> f64 {
    (v * 1e6).round() / 1e3
}

/// Medians and tails of the tick times and iterations.
struct Timing {
    step_us: f64,
    step_us_p99: f64,
    iterations: f64,
    iterations_max: usize,
}

fn timing(s: &RunSummary) -> Timing {
    let mut sorted = s.tick_us.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    Timing {
        step_us: median(s.tick_us.clone()),
        step_us_p99: percentile(&sorted, 0.99),
        iterations: median(s.iterations.iter().map(|&i| i as f64).collect()),
        iterations_max: s.iterations.iter().copied().max().unwrap_or(0),
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    a: &JiggleArgs,
    params: &SimParams,
    hash: &avatar_sim::asset::AssetHash,
    asset: &Asset,
    regions: &Regions,
    runs: &[MotionRun],
    files: &[PathBuf],
    wall_s: f64,
) -> Value {
    let mut motions = Map::new();
    for run in runs {
        let s = &run.series;
        let mut per_region = Map::new();
        for (i, name) in regions.names.iter().enumerate() {
            per_region.insert((*name).into(), json!({"peak_mm": mm(s.peak(i)), "rms_mm": mm(s.rms(i))}));
        }
        let t = timing(&run.summary);
        let (peak_t, peak) = s.body_peak_at();
        motions.insert(
            run.name.clone(),
            json!({
                "regions": per_region,
                "settle_s": s.settle().map(|v| (v * 1e3).round() / 1e3),
                "settle_about_final_s": s.settle_about_final(&run.about_final).map(|v| (v * 1e3).round() / 1e3),
                "final_offset_mm": mm(s.body_max.last().copied().unwrap_or(0.0)),
                "inverted_tets": run.tets.inverted,
                "collapsed_tets": run.tets.collapsed,
                "inverted_tets_rig_only": run.tets.inverted_rig,
                "collapsed_tets_rig_only": run.tets.collapsed_rig,
                "step_us": (t.step_us * 10.0).round() / 10.0,
                "step_us_p99": (t.step_us_p99 * 10.0).round() / 10.0,
                "iterations": t.iterations,
                "iterations_max": t.iterations_max,
                "body_peak_mm": mm(peak),
                "body_peak_t_s": (peak_t * 1e3).round() / 1e3,
                "lead_in_residual_mm": mm(s.body_max.first().copied().unwrap_or(0.0)),
                "duration_s": (run.motion.duration_s() * 1e3).round() / 1e3,
                "frames": run.motion.frames.len(),
                "ticks": s.t.len(),
                "teleports": run.summary.teleports,
                "guard_resets": run.summary.guard_resets,
                "held_ticks": run.summary.held_ticks,
                "unresolved_bones": run.unresolved,
            }),
        );
    }
    let region_vertices: Map<String, Value> =
        regions.names.iter().zip(&regions.vertices).map(|(n, &v)| ((*n).to_owned(), json!(v))).collect();
    json!({
        "benchmark": "jiggle",
        "asset": {
            "name": a.avatar.asset,
            "hash": hex(hash),
            "source": format!("{}:{}", asset.source.kind, asset.source.name),
            "render_vertices": asset.render.vertices.len(),
            "tet_vertices": asset.sim.mesh.n(),
            "tets": asset.sim.mesh.t(),
        },
        "modes": asset.render.mode_weights.ncols(),
        "tick_hz": a.tick_hz,
        "settle_s": a.settle_s,
        "lead_in_s": motions::LEAD_IN_BLEND_S + motions::LEAD_IN_HOLD_S,
        "settle_fraction": stats::SETTLE_FRACTION,
        "collapsed_fraction": COLLAPSED_FRACTION,
        "params": params,
        "regions": region_vertices,
        "empty_regions": regions.empty,
        "vertices_without_region": regions.of.iter().filter(|r| r.is_none()).count(),
        "motions": motions,
        "files": files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
        "wall_s": (wall_s * 10.0).round() / 10.0,
        "cores": std::thread::available_parallelism().map_or(1, |n| n.get()),
    })
}

fn print_table(
    a: &JiggleArgs,
    hash: &avatar_sim::asset::AssetHash,
    asset: &Asset,
    regions: &Regions,
    runs: &[MotionRun],
) {
    let p = a.params().unwrap_or_default();
    println!(
        "\nbench jiggle: asset {} ({}), {} render vertices, {} modes, {} Hz, stiffness {}, damping {}",
        a.avatar.asset,
        &hex(hash)[..12],
        asset.render.vertices.len(),
        asset.render.mode_weights.ncols(),
        a.tick_hz,
        p.stiffness,
        p.damping
    );
    println!(
        "secondary displacement |u| per region, peak / rms in mm (peak: motion + {} s settle; rms: motion only)",
        a.settle_s
    );
    let w = 13;
    let row = |label: &str, cells: Vec<String>| {
        let cells: String = cells.iter().map(|c| format!(" {c:>w$}")).collect();
        println!("{label:<16}{cells}");
    };
    row("region (verts)", runs.iter().map(|r| r.name.clone()).collect());
    for (i, name) in regions.names.iter().enumerate() {
        let cells =
            runs.iter().map(|r| format!("{:.2}/{:.2}", r.series.peak(i) * 1e3, r.series.rms(i) * 1e3));
        row(&format!("{name} ({})", regions.vertices[i]), cells.collect());
    }
    row("body peak", runs.iter().map(|r| format!("{:.2}", r.series.body_peak() * 1e3)).collect());
    row(
        "settle_s",
        runs.iter().map(|r| r.series.settle().map_or("never".into(), |s| format!("{s:.2}"))).collect(),
    );
    row(
        "settle_s (final)",
        runs.iter()
            .map(|r| {
                r.series.settle_about_final(&r.about_final).map_or("never".into(), |s| format!("{s:.2}"))
            })
            .collect(),
    );
    row(
        "final |u| mm",
        runs.iter()
            .map(|r| format!("{:.2}", r.series.body_max.last().copied().unwrap_or(0.0) * 1e3))
            .collect(),
    );
    row(
        "inverted (rig)",
        runs.iter().map(|r| format!("{} ({})", r.tets.inverted, r.tets.inverted_rig)).collect(),
    );
    row(
        "collapsed (rig)",
        runs.iter().map(|r| format!("{} ({})", r.tets.collapsed, r.tets.collapsed_rig)).collect(),
    );
    let timings: Vec<Timing> = runs.iter().map(|r| timing(&r.summary)).collect();
    row(
        "step us p50/p99",
        timings.iter().map(|t| format!("{:.0}/{:.0}", t.step_us, t.step_us_p99)).collect(),
    );
    row("iterations p50", timings.iter().map(|t| format!("{}", t.iterations)).collect());
    if !regions.empty.is_empty() {
        println!("regions without vertices: {}", regions.empty.join(", "));
    }
    let unresolved: Vec<String> = runs
        .iter()
        .filter(|r| !r.unresolved.is_empty())
        .map(|r| format!("{}: {}", r.name, r.unresolved.join(" ")))
        .collect();
    if !unresolved.is_empty() {
        println!("bones without a match on the avatar (ignored): {}", unresolved.join("; "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct P {
        #[command(flatten)]
        a: JiggleArgs,
    }

    fn parse(args: &[&str]) -> Result<JiggleArgs, clap::Error> {
        P::try_parse_from([&["x"], args].concat()).map(|p| p.a)
    }

    #[test]
    fn jiggle_args_default_to_every_motion_and_are_validated() {
        let a = parse(&[]).unwrap();
        assert_eq!(a.motions, motions::ALL);
        assert_eq!((a.tick_hz, a.settle_s, a.avatar.asset.as_str()), (120.0, 2.0, "default"));
        a.validate().unwrap();
        assert_eq!(a.params().unwrap(), SimParams::default());
        let b = parse(&["--motions", "head,arms", "--stiffness", "2", "--damping", "0.5"]).unwrap();
        assert_eq!(b.motions, ["head", "arms"]);
        let p = b.params().unwrap();
        assert_eq!((p.stiffness, p.damping), (2.0, 0.5));
        for bad in [
            &["--motions", "walk"][..],
            &["--motions", "head,head"],
            &["--tick-hz", "0"],
            &["--settle-s", "-1"],
            &["--stiffness", "0"],
            &["--damping", "-1"],
        ] {
            assert!(parse(bad).map(|a| a.validate().is_err()).unwrap_or(true), "{bad:?}");
        }
    }
}
