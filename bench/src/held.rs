//! `avatard bench held`: what the held part of the flesh (`avatar_sim::held`) costs the daemon's per-avatar step.
//!
//! One motion's rig parameters are recorded once through the daemon's own tick ([`motion_series_with`]); then
//! [`Dynamics::step`] is timed on them with the asset's held part and without it (the same asset, its held part
//! removed), alternating A B A B over `--rounds`, one core, in the same run: per-tick medians, their ratio, and
//! the median of the per-round ratios.

use anyhow::{bail, Result};
use avatar_lab::args::CacheDirArg;
use avatar_lab::motion::series::motion_series_with;
use avatar_sim::stats::median;
use avatard::{AvatarSpec, Dynamics, LoadedAsset, LoadedAvatar, SimParams};
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct HeldArgs {
    /// Avatars: `default`, a .vrm/.glb (imported with the import's defaults, held part included) or an asset.
    #[arg(long, value_delimiter = ',', default_values = [
        "assets/fixtures/avatars/anny_vrm1.vrm",
        "assets/fixtures/avatars/anny_rich_vrm1.vrm",
    ])]
    pub avatars: Vec<String>,
    /// The motion (as `bench jiggle` names them).
    #[arg(long, default_value = "jumps")]
    pub motion: String,
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    /// Rounds of A (without) then B (with).
    #[arg(long, default_value_t = 5)]
    pub rounds: usize,
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    #[command(flatten)]
    pub cache: CacheDirArg,
    #[arg(long, default_value = "out/bench-held.json")]
    pub out: PathBuf,
}

/// Per-tick step times (µs) of one pass over `p`.
fn pass(
    dynamics: &mut Dynamics,
    loaded: &LoadedAsset,
    p: &[Vec<f64>],
    h: f64,
    params: &SimParams,
) -> (Vec<f64>, f64) {
    dynamics.reset(&p[0]);
    let mut iterations = 0;
    let times = p
        .iter()
        .map(|pt| {
            let c = Instant::now();
            let out = dynamics.step(&loaded.asset.sim, pt, h, params, false);
            iterations += out.iterations;
            c.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    (times, iterations as f64 / p.len() as f64)
}

pub fn held(a: HeldArgs) -> Result<()> {
    if a.rounds == 0 {
        bail!("--rounds must be at least 1");
    }
    let cache = a.cache.cache();
    let h = 1.0 / a.tick_hz as f64;
    let params = SimParams { breathing: false, ..SimParams::default() };
    let mut rows = Vec::new();
    println!(
        "{:>16} {:>7} {:>11} {:>13} {:>10} {:>12} {:>9}",
        "avatar", "joints", "components", "without µs", "with µs", "ratio", "rounds"
    );
    for name in &a.avatars {
        let mut with = crate::fidelity::load(name, cache.as_ref())?;
        if with.asset.sim.held.is_none() {
            // imports do not train it by default yet: train it here, with the default settings
            let clock = Instant::now();
            let (parts, _) = avatar_sim::held::train(
                &with.asset.sim,
                &avatar_sim::held::HeldSettings::default(),
                &|_, _, _| {},
            )?;
            eprintln!("  {name}: held part trained in {:.1} s", clock.elapsed().as_secs_f64());
            let mut asset = (*with.asset).clone();
            asset.sim.held = Some(parts);
            with = LoadedAsset { asset: Arc::new(asset), hash: with.hash, path: with.path.clone() };
        }
        let parts = with.asset.sim.held.as_ref().expect("trained");
        let (joints, components) = (parts.joints.len(), parts.components());
        let mut plain = (*with.asset).clone();
        plain.sim.held = None;
        let without = LoadedAsset { asset: Arc::new(plain), hash: with.hash, path: with.path.clone() };
        let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("held"), &with));
        let series = motion_series_with(&avatar, &a.motion, &a.bvh, a.tick_hz, 1.0, &params)?;
        let p = &series.p;
        let humanoid = &with.asset.source.humanoid;
        let mut dyn_with = Dynamics::new(&with.asset.sim, humanoid, &p[0], h, params.stiffness)
            .map_err(anyhow::Error::msg)?;
        let mut dyn_without = Dynamics::new(&without.asset.sim, humanoid, &p[0], h, params.stiffness)
            .map_err(anyhow::Error::msg)?;
        // warm-up
        pass(&mut dyn_without, &without, p, h, &params);
        pass(&mut dyn_with, &with, p, h, &params);
        let (mut all_a, mut all_b, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        let (mut it_a, mut it_b) = (0.0, 0.0);
        for _ in 0..a.rounds {
            let (ta, ia) = pass(&mut dyn_without, &without, p, h, &params);
            let (tb, ib) = pass(&mut dyn_with, &with, p, h, &params);
            (it_a, it_b) = (ia, ib);
            ratios.push(median(tb.clone()) / median(ta.clone()));
            all_a.extend(ta);
            all_b.extend(tb);
        }
        let (ma, mb) = (median(all_a), median(all_b));
        // the held part's own evaluation: the joints' poses (RBF) and the step's terms
        let sim = &with.asset.sim;
        let mut hm = avatar_sim::held::model(sim).map_err(anyhow::Error::msg)?.expect("trained above");
        let mut terms = avatar_sim::reduced::held::HeldTerms::default();
        let (mut t_pose, mut t_terms) = (Vec::new(), Vec::new());
        for pt in p {
            let c = Instant::now();
            let poses = hm.pose(pt);
            t_pose.push(c.elapsed().as_secs_f64() * 1e6);
            let c = Instant::now();
            hm.terms(&poses, &mut terms);
            t_terms.push(c.elapsed().as_secs_f64() * 1e6);
        }
        let (mp, mt) = (median(t_pose), median(t_terms));
        eprintln!("  {name}: held pose {mp:.1} µs, terms {mt:.1} µs per tick");
        let label =
            std::path::Path::new(name).file_stem().map_or(name.clone(), |s| s.to_string_lossy().into());
        println!(
            "{label:>16} {joints:>7} {components:>11} {ma:>13.0} {mb:>10.0} {:>12.3} {:>9}   iterations {it_a:.2} / {it_b:.2}",
            mb / ma,
            a.rounds
        );
        rows.push(json!({
            "avatar": name, "joints": joints, "components": components, "ticks": p.len(),
            "without_us_median": ma, "with_us_median": mb, "ratio_of_medians": mb / ma,
            "round_ratio_median": median(ratios.clone()), "round_ratios": ratios,
            "iterations_without": it_a, "iterations_with": it_b,
            "held_pose_us_median": mp, "held_terms_us_median": mt,
        }));
    }
    super::write_report(
        &a.out,
        &json!({"benchmark": "held", "motion": a.motion, "tick_hz": a.tick_hz, "rounds": a.rounds, "avatars": rows}),
    )
}
