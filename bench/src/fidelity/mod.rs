//! `avatard bench fidelity`: the flesh the runtime publishes against the physics it reduces, region by region.
//!
//! The runtime's side is the daemon's own per-avatar step: each motion is played through [`AvatarSim::tick`]
//! (retargeting, springs, [`avatard::Dynamics`] with the avatar's default parameters: its subspace, clusters,
//! iterations, Anderson acceleration and damping) and its `z` is read after every tick
//! ([`avatar_lab::motion::series`]). The reference is full-space complementary dynamics on the same simulation
//! mesh, material, mass, leak, rig parameters `p(t)`, time step, damping and teleports, iterated to
//! convergence ([`reference`]). Idle breathing is off in both (it is an actuation, not a response).
//!
//! Per body region of the render surface (the runtime's `u` through the render mode weights, as the renderer
//! draws it; full space's through the render vertices' embedding in the tets): peak and RMS `|u|`, the dominant
//! frequency and decay time of the region's mean displacement in the windows after each impulse of the rig
//! (each landing of a jump), and spurious motion where full space stays under 1 mm ([`measure`]). Beside them,
//! on the simulation mesh in the mass norm: the trajectory error, the projection error (the best the span
//! `{B z : V z = 0}` allows) and the one-step error (each tick restarted from the projection of full space's
//! two previous states, paper 000 §9.10); and the inverted tets of each. `--variant` adds runtime settings
//! (modes, clusters, iterations, Anderson, damping) compared with the same reference in the same run.
//!
//! Files: `measure` (the region figures and goals), `reference` (full space and the projection), `picture`
//! (rig only | runtime | full space at the peak); this file has the runs and the report.

pub mod measure;
mod picture;
pub mod reference;

use anyhow::{bail, Context, Result};
use avatar_lab::args::CacheDirArg;
use avatar_lab::measure::displacement::Displacement;
use avatar_lab::measure::regions::{first_lbs, regions};
use avatar_lab::motion::series::{motion_series_with, recording_series_with, PSeries};
use avatar_sim::asset::{Asset, ImportSettings};
use avatar_sim::full::FullState;
use avatar_sim::mesh::signed_volume;
use avatar_sim::modes::skinning_subspace;
use avatar_sim::precompute::{precompute, ClusterCount, PrecomputeSettings, SubspaceSetting};
use avatar_sim::reduced::StepSettings;
use avatar_sim::rig::vertex_regions;
use avatar_sim::stats::median;
use avatard::{AvatarSpec, Dynamics, LoadedAsset, LoadedAvatar, SimParams};
use measure::{compare, spurious_vertex_peak, RegionComparison, Track};
use reference::{add_sums, at_render, m_sums, relative, Projection, Reference};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// The committed tracker recording run as the motion `recording`.
pub const RECORDING: &str = "assets/recordings/pose_demo_singleperson_cam01.avtrrec";

#[derive(clap::Args, Debug)]
pub struct FidelityArgs {
    /// Avatars: `default` (the embedded default avatar), a .vrm/.glb (imported through the cache with the
    /// import's defaults, as `avatard live` does) or an asset file.
    #[arg(long, value_delimiter = ',', default_values = [
        "default",
        "assets/fixtures/avatars/anny_vrm1.vrm",
        "assets/fixtures/avatars/anny_rich_vrm1.vrm",
    ])]
    pub avatars: Vec<String>,
    /// Motions: `jumps` (the CMU clip), `recording` (the committed MediaPipe pose recording through the real
    /// input path), `turn` (a head turn that stops dead), `hop`, and the jiggle benchmark's `head`, `twist`,
    /// `arms`.
    #[arg(long, value_delimiter = ',', default_values = ["jumps", "recording", "turn", "hop"])]
    pub motions: Vec<String>,
    /// Seconds of each motion compared, from its first frame (full space costs about a second per tick on the
    /// default avatar).
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Seconds of `jumps` skipped before the compared part (its first landing is at about 1.6 s).
    #[arg(long, default_value_t = 0.0)]
    pub jumps_from: f64,
    /// Runtime settings compared with the one reference, `NAME` or `NAME:key=value,...` (keys: `modes`,
    /// `clusters` (a count or `all`), `iterations`, `anderson`, `damping`, `stiffness`); `default` is the
    /// runtime's own. Full space keeps the runtime's default damping and stiffness: a variant that changes them
    /// is compared with the physics the product means.
    #[arg(long = "variant", default_values = ["default"])]
    pub variants: Vec<String>,
    /// Full space: most local-global iterations per step and the convergence tolerance.
    #[arg(long, default_value_t = 30)]
    pub full_iterations: usize,
    #[arg(long, default_value_t = 1e-6)]
    pub full_tolerance: f64,
    /// Draw rig only | runtime | full space at each run's peak (`fidelity-<avatar>-<motion>.png`).
    #[arg(long)]
    pub pictures: bool,
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    #[arg(long, default_value_t = 120.0)]
    pub tick_hz: f32,
    #[command(flatten)]
    pub cache: CacheDirArg,
    #[arg(long, default_value = "out/bench-fidelity.json")]
    pub out: PathBuf,
}

/// Runtime settings of one variant (`None`: the avatar's own).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Variant {
    pub name: String,
    pub modes: Option<usize>,
    pub clusters: Option<ClusterCount>,
    pub iterations: Option<usize>,
    pub anderson: Option<usize>,
    pub damping: Option<f64>,
    pub stiffness: Option<f64>,
    /// Focused subspace (`SubspaceSetting::FocusedEigenmodes`): this many of the modes are force-dual modes of
    /// the joints' strain (the skinning's quasi-static correction), of `roles` (empty: every bone).
    pub joint: Option<usize>,
    pub roles: Vec<String>,
    /// The held part of the flesh (`avatar_sim::held`): `held=1` trains it where the asset lacks it, `held=0`
    /// leaves it out (the dynamic subspace alone); unset, the asset's own.
    pub held: Option<bool>,
}

impl std::str::FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Variant, String> {
        let (name, rest) = s.split_once(':').unwrap_or((s, ""));
        if name.is_empty() {
            return Err(format!("variant {s:?}: give it a name"));
        }
        let mut v = Variant { name: name.to_owned(), ..Variant::default() };
        for kv in rest.split(',').filter(|x| !x.is_empty()) {
            let (k, val) =
                kv.split_once('=').ok_or_else(|| format!("variant {s:?}: {kv:?} is not key=value"))?;
            let bad = |e: &dyn std::fmt::Display| format!("variant {s:?}: {k}: {e}");
            match k {
                "modes" => v.modes = Some(val.parse().map_err(|e| bad(&e))?),
                "clusters" => v.clusters = Some(val.parse().map_err(|e: String| bad(&e))?),
                "iterations" => v.iterations = Some(val.parse().map_err(|e| bad(&e))?),
                "anderson" => v.anderson = Some(val.parse().map_err(|e| bad(&e))?),
                "damping" => v.damping = Some(val.parse().map_err(|e| bad(&e))?),
                "stiffness" => v.stiffness = Some(val.parse().map_err(|e| bad(&e))?),
                "joint" => v.joint = Some(val.parse().map_err(|e| bad(&e))?),
                "roles" => v.roles = val.split('+').filter(|r| !r.is_empty()).map(str::to_owned).collect(),
                "held" => v.held = Some(matches!(val, "1" | "true" | "on")),
                _ => return Err(format!("variant {s:?}: unknown key {k:?} (modes, clusters, iterations, anderson, damping, stiffness, joint, roles, held)")),
            }
        }
        let positive = |x: Option<f64>| x.is_none_or(|x| x > 0.0 && x.is_finite());
        if v.modes == Some(0)
            || v.iterations == Some(0)
            || v.damping.is_some_and(|d| !(d >= 0.0 && d.is_finite()))
            || !positive(v.stiffness)
        {
            return Err(format!("variant {s:?}: modes and iterations ≥ 1, damping ≥ 0, stiffness > 0"));
        }
        Ok(v)
    }
}

impl Variant {
    /// The runtime's parameters of this variant (breathing off: it is an actuation, not a response).
    fn params(&self) -> SimParams {
        let d = SimParams::default();
        SimParams {
            iterations: self.iterations.unwrap_or(d.iterations),
            anderson: self.anderson.unwrap_or(d.anderson),
            damping: self.damping.unwrap_or(d.damping),
            stiffness: self.stiffness.unwrap_or(d.stiffness),
            breathing: false,
            ..d
        }
    }
}

/// Load `name` as the daemon would: the default avatar, a .vrm/.glb through the import, or an asset file.
pub(crate) fn load(name: &str, cache: Option<&avatar_sim::asset::Cache>) -> Result<LoadedAsset> {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".vrm") || lower.ends_with(".glb") {
        let path = PathBuf::from(name);
        let built = avatar_sim::asset::import(
            &path,
            &ImportSettings::default(),
            &ImportSettings::precompute(),
            cache,
            Arc::new(|_| {}),
        )
        .with_context(|| format!("importing {name}"))?;
        Ok(LoadedAsset { asset: Arc::new(built.asset), hash: built.hash, path })
    } else {
        avatard::load_asset(name, cache)
    }
}

/// `loaded` with the variant's subspace (modes, clusters) precomputed from its own mesh, rig and settings.
fn with_subspace(loaded: &LoadedAsset, v: &Variant) -> Result<LoadedAsset> {
    let out = with_modes(loaded, v)?;
    if v.held == Some(false) && out.asset.sim.held.is_some() {
        let mut asset: Asset = (*out.asset).clone();
        asset.sim.held = None;
        let mut hash = out.hash;
        hash[1] ^= 0x77;
        return Ok(LoadedAsset { asset: Arc::new(asset), hash, path: out.path.clone() });
    }
    if v.held != Some(true) || out.asset.sim.held.is_some() {
        return Ok(out);
    }
    let clock = Instant::now();
    let (parts, report) = avatar_sim::held::train(
        &out.asset.sim,
        &avatar_sim::held::HeldSettings::default(),
        &|done, total, bone| eprintln!("  held: joint {done}/{total} ({bone})"),
    )?;
    eprintln!(
        "  variant {}: held part trained in {:.1} s: {} joints, {} components, {} solves; skipped {:?}",
        v.name,
        clock.elapsed().as_secs_f64(),
        parts.joints.len(),
        parts.components(),
        report.solves,
        report.skipped.iter().map(|(b, mm)| format!("{b} {mm:.2} mm")).collect::<Vec<_>>()
    );
    for j in &report.joints {
        eprintln!(
            "    {}: {} samples, {} components (compression error {:.3}), peak {:.1} mm",
            j.bone, j.samples, j.components, j.compression_error, j.peak_mm
        );
    }
    let mut asset: Asset = (*out.asset).clone();
    asset.sim.held = Some(parts);
    let mut hash = out.hash;
    hash[1] ^= 0x3c;
    Ok(LoadedAsset { asset: Arc::new(asset), hash, path: out.path.clone() })
}

/// `loaded` with the variant's modes and clusters.
fn with_modes(loaded: &LoadedAsset, v: &Variant) -> Result<LoadedAsset> {
    let sim = &loaded.asset.sim;
    if v.modes.is_none_or(|m| m == sim.weights.ncols()) && v.clusters.is_none() && v.joint.is_none() {
        return Ok(loaded.clone());
    }
    let subspace = match v.joint {
        Some(joint) => SubspaceSetting::FocusedEigenmodes {
            joint,
            roles: v.roles.clone(),
            inertia: 0,
            regions: Vec::new(),
        },
        None => sim.settings.subspace.clone(),
    };
    let settings = PrecomputeSettings {
        modes: v.modes.unwrap_or(sim.settings.modes),
        clusters: v.clusters.unwrap_or(sim.settings.clusters),
        subspace,
        ..sim.settings.clone()
    };
    let clock = Instant::now();
    let out = with_settings(loaded, &settings)?;
    eprintln!("  variant {}: precompute {:.1} s", v.name, clock.elapsed().as_secs_f64());
    Ok(out)
}

/// `loaded` precomputed again with `settings` (same mesh and rig), the render mode weights prolongated to it.
pub fn with_settings(loaded: &LoadedAsset, settings: &PrecomputeSettings) -> Result<LoadedAsset> {
    let sim = &loaded.asset.sim;
    let (pre, _) = precompute(sim.mesh.clone(), sim.rig.clone(), settings, Arc::new(|_| {}))?;
    let mut asset: Asset = (*loaded.asset).clone();
    let r = &asset.render;
    // W_r[v,k] = Σ_i β_i W[t_i, k] (the render mesh's embedding)
    asset.render.mode_weights = faer::Mat::from_fn(r.vertices.len(), pre.weights.ncols(), |i, k| {
        let tet = pre.mesh.tets[r.embed_tet[i] as usize];
        (0..4).map(|c| r.embed_bary[i][c] * pre.weights[(tet[c], k)]).sum()
    });
    asset.sim = pre;
    let mut hash = loaded.hash;
    hash[0] ^= 0x5a;
    Ok(LoadedAsset { asset: Arc::new(asset), hash, path: loaded.path.clone() })
}

/// One motion's rig parameters and the runtime's `z` under `params`, the first `ticks` ticks from `from` on.
fn series(avatar: &Arc<LoadedAvatar>, motion: &str, a: &FidelityArgs, params: &SimParams) -> Result<PSeries> {
    let mut s = if motion == "recording" {
        recording_series_with(avatar, std::path::Path::new(RECORDING), a.tick_hz, params)?
    } else {
        motion_series_with(avatar, motion, &a.bvh, a.tick_hz, 1.0, params)?
    };
    let from = if motion == "jumps" { (a.jumps_from * a.tick_hz as f64).round() as usize } else { 0 };
    let ticks = (a.seconds * a.tick_hz as f64).round() as usize;
    let from = from.min(s.p.len().saturating_sub(1));
    s.p.drain(..from);
    s.z.drain(..from);
    s.teleports.drain(..from);
    s.truncate(ticks);
    Ok(s)
}

/// Inverted tets of the simulation mesh at `x_rig + u` and at `x_rig` (3n, coordinate-major).
fn inverted(mesh: &avatar_sim::mesh::TetMesh, x_rig: &[f64], u: &[f64]) -> (usize, usize) {
    let n = mesh.n();
    let at = |v: usize, s: f64| [0, 1, 2].map(|c| x_rig[c * n + v] + s * u[c * n + v]);
    let count = |s: f64| {
        mesh.tets
            .iter()
            .filter(|t| signed_volume(at(t[0], s), at(t[1], s), at(t[2], s), at(t[3], s)) <= 0.0)
            .count()
    };
    (count(1.0), count(0.0))
}

/// Where each mode reaches: per mode, the share of its mass-weighted `Σ_v m_v W(v,k)²` in each region
/// (`group` per simulation vertex, `groups` regions; vertices without a region are left out of the shares).
pub fn mode_reach(
    weights: &faer::Mat<f64>,
    mass: &[f64],
    group: &[Option<usize>],
    groups: usize,
) -> Vec<Vec<f64>> {
    (0..weights.ncols())
        .map(|k| {
            let mut share = vec![0.0; groups];
            for (v, g) in group.iter().enumerate() {
                if let Some(g) = g {
                    share[*g] += mass[v] * weights[(v, k)].powi(2);
                }
            }
            let total: f64 = share.iter().sum();
            share.iter().map(|x| if total > 0.0 { x / total } else { 0.0 }).collect()
        })
        .collect()
}

/// Per variant and motion: what its run accumulates.
pub struct Run {
    track: Track,
    traj: Vec<(f64, f64)>,
    proj: Vec<(f64, f64)>,
    one_step: Vec<(f64, f64)>,
    /// The projections of the two previous ticks' full-space states.
    z_proj: [Vec<f64>; 2],
    step_us: Vec<f64>,
    inverted: usize,
}

/// One variant on one avatar: its asset, parameters, the runtime's render displacement, the projection.
pub struct Prepared {
    variant: Variant,
    loaded: LoadedAsset,
    avatar: Arc<LoadedAvatar>,
    params: SimParams,
    render_u: Displacement,
    projection: Projection,
    /// The held part, evaluated from `p` (the runtime's own function of the pose).
    held: Option<avatar_sim::reduced::held::HeldModel>,
}

impl Prepared {
    /// The held displacement `u_h(p)` on the simulation mesh (3n; zeros without a held part).
    fn held_u(&self, p: &[f64]) -> Vec<f64> {
        let n = self.loaded.asset.sim.mesh.n();
        match &self.held {
            Some(h) => h.displacement(&h.pose(p)),
            None => vec![0.0; 3 * n],
        }
    }

    /// The runtime's render displacement at `p` and `z`: `B_r z` plus the held part through the embedding.
    fn render(&self, z: &[f64], u_h: &[f64]) -> Vec<[f64; 3]> {
        let u = self.render_u.of(z);
        let s = &self.loaded.asset.sim;
        let r = &self.loaded.asset.render;
        let held = at_render(u_h, s.mesh.n(), &s.mesh.tets, &r.embed_tet, &r.embed_bary);
        (0..u.nrows()).map(|v| [0, 1, 2].map(|c| u[(v, c)] + held[v][c])).collect()
    }
}

impl Prepared {
    /// Variant `v` of `base`: its asset (re-precomputed for another subspace), avatar, parameters, the runtime's
    /// render displacement and the projection onto its span (`mass`: the simulation mesh's lumped mass).
    pub fn new(base: &LoadedAsset, v: &Variant, mass: &[f64]) -> Result<Prepared> {
        let loaded = with_subspace(base, v)?;
        let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("fidelity"), &loaded));
        let s = &loaded.asset.sim;
        let b = skinning_subspace(&s.mesh.vertices, &s.weights);
        let projection = Projection::new(&b, s.reduced.constraint.as_ref(), mass)?;
        let r = &loaded.asset.render;
        let held = avatar_sim::held::model(s).map_err(anyhow::Error::msg)?;
        Ok(Prepared {
            held,
            variant: v.clone(),
            render_u: Displacement::new(&r.vertices, r.mode_weights.as_ref()),
            params: v.params(),
            avatar,
            loaded,
            projection,
        })
    }
}

/// `avatard bench fidelity`.
pub fn fidelity(a: FidelityArgs) -> Result<()> {
    let started = Instant::now();
    let variants: Vec<Variant> =
        a.variants.iter().map(|s| s.parse::<Variant>().map_err(anyhow::Error::msg)).collect::<Result<_>>()?;
    if variants.is_empty() || a.motions.is_empty() || a.avatars.is_empty() {
        bail!("name at least one avatar, motion and variant");
    }
    if !(a.seconds > 0.0) {
        bail!("--seconds must be positive");
    }
    let cache = a.cache.cache();
    let h = 1.0 / a.tick_hz as f64;
    let mut avatars_json = Vec::new();
    let mut table = Vec::new();
    for name in &a.avatars {
        let base = load(name, cache.as_ref())?;
        let label =
            std::path::Path::new(name).file_stem().map_or(name.clone(), |s| s.to_string_lossy().into());
        let asset = base.asset.clone();
        let sim = &asset.sim;
        let rg = regions(&asset);
        // the simulation mesh's vertices by the same regions (for the mass-norm errors per region)
        let sim_group: Vec<Option<usize>> = match first_lbs(&sim.rig) {
            Some(lbs) => vertex_regions(lbs, &sim.mesh.vertices, &asset.source.humanoid)
                .into_iter()
                .map(|r| r.and_then(|r| rg.names.iter().position(|&n| n == r.name())))
                .collect(),
            None => vec![None; sim.mesh.n()],
        };
        eprintln!(
            "bench fidelity: {label}: {} vertices, {} tets, {} render vertices, m = {}",
            sim.mesh.n(),
            sim.mesh.t(),
            asset.render.vertices.len(),
            sim.weights.ncols()
        );
        let clock = Instant::now();
        let reference = Reference::new(sim, h)?;
        eprintln!("  full-space model: {:.1} s", clock.elapsed().as_secs_f64());
        let prepared: Vec<Prepared> =
            variants.iter().map(|v| Prepared::new(&base, v, &reference.mass)).collect::<Result<_>>()?;
        let full_opts = StepSettings {
            volume_preservation: true,
            iterations: a.full_iterations,
            tolerance: a.full_tolerance,
            ..StepSettings::default()
        };
        let mut motions_json = Vec::new();
        for motion in &a.motions {
            let runs: Vec<PSeries> =
                prepared.iter().map(|p| series(&p.avatar, motion, &a, &p.params)).collect::<Result<_>>()?;
            let s0 = &runs[0];
            let ticks = s0.p.len();
            let p_spread = runs
                .iter()
                .flat_map(|r| {
                    r.p.iter().zip(&s0.p).flat_map(|(x, y)| x.iter().zip(y).map(|(a, b)| (a - b).abs()))
                })
                .fold(0.0, f64::max);
            let groups = rg.names.len();
            let ctx = Ctx {
                sim,
                render: &asset.render,
                reference: &reference,
                region_of: &rg.of,
                sim_group: &sim_group,
                groups,
                full_opts: &full_opts,
                damping: SimParams::default().damping,
                pictures: a.pictures,
            };
            let progress = |t: usize, ms: f64| {
                eprintln!("  {label} {motion}: tick {t}/{ticks}, full space median {ms:.0} ms/step")
            };
            let o = measure_motion(&ctx, &prepared, &runs, &progress)?;
            let (rig_inverted, full_inverted) = (o.rig_inverted, o.full_inverted);
            let windows = measure::impulse_windows(&o.accel, h);
            let mut variants_json = Vec::new();
            for (pp, run) in prepared.iter().zip(&o.acc) {
                let regions: Vec<RegionComparison> = (0..groups)
                    .map(|r| compare(rg.names[r], &run.track, &o.full_track, r, &windows, h))
                    .collect();
                let err = |s: &[(f64, f64)]| {
                    let mut m = serde_json::Map::new();
                    m.insert("body".into(), json!(relative(s[groups])));
                    for r in 0..groups {
                        m.insert(rg.names[r].into(), json!(relative(s[r])));
                    }
                    Value::Object(m)
                };
                let spurious = spurious_vertex_peak(&run.track, &o.full_track);
                for c in &regions {
                    table.push(row(&label, motion, &pp.variant.name, c));
                }
                table.push(format!(
                    "{label:>14} {motion:>9} {:>10}  errors: trajectory {:.2}, projection {:.2}, one-step {:.2}; \
                     spurious (vertices still in full space) {:.1} mm; inverted tets rig {rig_inverted}, runtime {}, \
                     full {full_inverted}; runtime step {:.0} µs",
                    pp.variant.name,
                    relative(run.traj[groups]).unwrap_or(f64::NAN),
                    relative(run.proj[groups]).unwrap_or(f64::NAN),
                    relative(run.one_step[groups]).unwrap_or(f64::NAN),
                    1e3 * spurious,
                    run.inverted,
                    median(run.step_us.clone()),
                ));
                let s = &pp.loaded.asset.sim;
                variants_json.push(json!({
                    "variant": pp.variant.name, "modes": s.weights.ncols(),
                    "clusters": s.clustering.r, "iterations": pp.params.iterations,
                    "anderson": pp.params.anderson, "damping": pp.params.damping,
                    "stiffness": pp.params.stiffness, "subspace": s.settings.subspace.clone(),
                    "regions": regions,
                    "spurious_vertex_peak_mm": 1e3 * spurious,
                    "trajectory_error": err(&run.traj), "projection_error": err(&run.proj),
                    "one_step_error": err(&run.one_step),
                    "inverted_tets": run.inverted,
                    "step_us_median": median(run.step_us.clone()),
                    "mode_reach": mode_reach(&s.weights, &reference.mass, &sim_group, groups),
                }));
            }
            if a.pictures && o.best.1 > 0 {
                let path = a.out.with_file_name(format!("fidelity-{label}-{motion}.png"));
                let t = o.best.1;
                let result = picture::draw(
                    &prepared[0].loaded.asset,
                    &runs[0].p[t],
                    &prepared
                        .iter()
                        .zip(&runs)
                        .map(|(pp, run)| {
                            let u = pp.render(&run.z[t], &pp.held_u(&run.p[t]));
                            (pp.variant.name.clone(), faer::Mat::from_fn(u.len(), 3, |v, c| u[v][c]))
                        })
                        .collect::<Vec<_>>(),
                    &o.best.2,
                    &format!("{label}, {motion}, t = {:.2} s", t as f64 * h),
                    &path,
                );
                match result {
                    Ok(()) => eprintln!("wrote {}", path.display()),
                    Err(e) => eprintln!("no picture ({e:#})"),
                }
            }
            motions_json.push(json!({
                "motion": motion, "ticks": ticks, "seconds": ticks as f64 * h,
                "p_spread_between_variants": p_spread,
                "impulse_windows": windows.iter().map(|w| [w.start as f64 * h, w.end as f64 * h]).collect::<Vec<_>>(),
                "full": {
                    "median_step_ms": median(o.full_ms.clone()),
                    "mean_iterations": o.full_iters as f64 / (ticks.max(2) - 1) as f64,
                    "converged_fraction": o.full_converged as f64 / (ticks.max(2) - 1) as f64,
                    "inverted_tets": o.full_inverted, "rig_inverted_tets": o.rig_inverted,
                    "regions": (0..groups).map(|r| json!({"region": rg.names[r],
                        "peak_mm": 1e3 * o.full_track.region_peak(r), "rms_mm": 1e3 * o.full_track.region_rms(r)}))
                        .collect::<Vec<_>>(),
                },
                "variants": variants_json,
            }));
        }
        avatars_json.push(json!({
            "avatar": name, "vertices": sim.mesh.n(), "tets": sim.mesh.t(),
            "render_vertices": asset.render.vertices.len(), "regions": rg.names,
            "motions": motions_json,
        }));
    }
    println!("{}", header());
    for r in &table {
        println!("{r}");
    }
    super::write_report(
        &a.out,
        &json!({
            "benchmark": "fidelity", "tick_hz": a.tick_hz, "seconds": a.seconds, "jumps_from": a.jumps_from,
            "full_iterations": a.full_iterations, "full_tolerance": a.full_tolerance,
            "goals": {"moves_mm": 1e3 * measure::MOVES_M, "still_mm": 1e3 * measure::STILL_M,
                      "peak_rms_tolerance": measure::PEAK_TOL, "frequency_tolerance": measure::FREQ_TOL,
                      "decay_tolerance": measure::DECAY_TOL, "spurious_mm": 1e3 * measure::SPURIOUS_M},
            "avatars": avatars_json,
            "wall_s": started.elapsed().as_secs_f64(),
        }),
    )
}

/// What one motion's comparison needs besides the variants and their runs.
pub struct Ctx<'a> {
    pub sim: &'a avatar_sim::precompute::Precomputed,
    pub render: &'a avatar_sim::asset::RenderMesh,
    pub reference: &'a Reference,
    /// Each render vertex's region, and each simulation vertex's (indices into the same `groups` regions).
    pub region_of: &'a [Option<usize>],
    pub sim_group: &'a [Option<usize>],
    pub groups: usize,
    pub full_opts: &'a StepSettings,
    /// Full space's damping (s⁻¹): the runtime's default, whatever a variant sets.
    pub damping: f64,
    /// Keep full space's render displacement at its peak (for the picture).
    pub pictures: bool,
}

/// One motion's comparison: full space's track, each variant's, the rig's acceleration and full space's costs.
pub struct MotionOutcome {
    pub full_track: Track,
    pub acc: Vec<Run>,
    pub accel: Vec<f64>,
    pub full_ms: Vec<f64>,
    pub full_iters: usize,
    pub full_converged: usize,
    pub full_inverted: usize,
    pub rig_inverted: usize,
    /// (largest render `|u|`, tick, full space's render displacement there) when `pictures`.
    pub best: (f64, usize, Vec<[f64; 3]>),
}

/// Step full space through `runs[0]`'s rig parameters and compare each variant's run (its `z` per tick) with
/// it, tick by tick: render tracks, mass-norm errors, one-step restarts, inverted tets. `progress(tick, median
/// full-space ms)` every 60 ticks.
pub fn measure_motion(
    ctx: &Ctx<'_>,
    prepared: &[Prepared],
    runs: &[PSeries],
    progress: &dyn Fn(usize, f64),
) -> Result<MotionOutcome> {
    let Ctx { sim, reference, groups, .. } = *ctx;
    let h = reference.h;
    let s0 = &runs[0];
    let ticks = s0.p.len();
    let jac = sim.rig.jacobian(&sim.mesh.vertices)?;
    let x0 = sim.rig.offset(&sim.mesh.vertices)?;
    let (region_of, sim_group, full_opts) = (ctx.region_of, ctx.sim_group, ctx.full_opts);
    let mut state = FullState::at_rest(&reference.model, &s0.p[0]);
    let mut full_track = Track::new(region_of, groups);
    let mut acc: Vec<Run> = prepared
        .iter()
        .map(|_| Run {
            track: Track::new(region_of, groups),
            traj: vec![(0.0, 0.0); groups + 1],
            proj: vec![(0.0, 0.0); groups + 1],
            one_step: vec![(0.0, 0.0); groups + 1],
            z_proj: [Vec::new(), Vec::new()],
            step_us: Vec::new(),
            inverted: 0,
        })
        .collect();
    let mut dynamics: Vec<Dynamics> = prepared
        .iter()
        .map(|p| {
            let s = &p.loaded.asset.sim;
            Dynamics::new(s, &p.loaded.asset.source.humanoid, &s0.p[0], h, p.params.stiffness)
                .map_err(anyhow::Error::msg)
        })
        .collect::<Result<_>>()?;
    let (mut full_ms, mut full_iters, mut full_converged) = (Vec::new(), 0usize, 0usize);
    let (mut full_inverted, mut rig_inverted) = (0usize, 0usize);
    let mut rig_x: Vec<Vec<f64>> = Vec::new();
    let mut accel = vec![0.0; ticks];
    // the picture's tick: where full space's largest render |u| peaks
    let mut best: (f64, usize, Vec<[f64; 3]>) = (-1.0, 0, Vec::new());
    let n = sim.mesh.n();
    for t in 0..ticks {
        let p = &s0.p[t];
        if t > 0 {
            let c = Instant::now();
            let report = reference.step(&mut state, p, s0.teleports[t], ctx.damping, full_opts);
            full_ms.push(c.elapsed().as_secs_f64() * 1e3);
            full_iters += report.iterations;
            full_converged += report.converged as usize;
        }
        let u_full = &state.u;
        let mut x = avatar_sim::fem::spmv(&jac, p);
        x.iter_mut().zip(&x0).for_each(|(x, o)| *x += o);
        // the rig's acceleration (mass-weighted RMS of J p̈): where the impulses are
        if t >= 2 && !s0.teleports[t] && !s0.teleports[t - 1] {
            let (x1, x2) = (&rig_x[rig_x.len() - 1], &rig_x[rig_x.len() - 2]);
            let (mut num, mut den) = (0.0, 0.0);
            for v in 0..n {
                let a2: f64 =
                    (0..3).map(|c| (x[c * n + v] - 2.0 * x1[c * n + v] + x2[c * n + v]).powi(2)).sum();
                num += reference.mass[v] * a2;
                den += reference.mass[v];
            }
            accel[t - 1] = (num / den).sqrt() / (h * h);
        }
        let (fi, ri) = inverted(&sim.mesh, &x, u_full);
        full_inverted = full_inverted.max(fi);
        rig_inverted = rig_inverted.max(ri);
        let ur = at_render(u_full, n, &sim.mesh.tets, &ctx.render.embed_tet, &ctx.render.embed_bary);
        full_track.push(region_of, |v| ur[v]);
        let top = full_track.vertex_peak.iter().copied().fold(0.0, f64::max);
        let now = ur.iter().map(|d| (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()).fold(0.0, f64::max);
        if ctx.pictures && now >= best.0 && now >= 0.999 * top {
            best = (now, t, ur.clone());
        }
        for ((pp, run), (r, dynm)) in prepared.iter().zip(&mut acc).zip(runs.iter().zip(&mut dynamics)) {
            let z = &r.z[t];
            let u_h = pp.held_u(p);
            let plus_held = |mut u: Vec<f64>| {
                u.iter_mut().zip(&u_h).for_each(|(a, b)| *a += b);
                u
            };
            let u_render = pp.render(z, &u_h);
            run.track.push(region_of, |v| u_render[v]);
            let u_rt = plus_held(pp.projection.displacement(z));
            add_sums(&mut run.traj, &m_sums(&u_rt, u_full, &reference.mass, sim_group, groups));
            run.inverted = run.inverted.max(inverted(&sim.mesh, &x, &u_rt).0);
            // the best the span allows on top of the held part: B Π(u_full − u_h) + u_h
            let rest: Vec<f64> = u_full.iter().zip(&u_h).map(|(a, b)| a - b).collect();
            let zp = pp.projection.coordinates(&rest);
            add_sums(
                &mut run.proj,
                &m_sums(
                    &plus_held(pp.projection.displacement(&zp)),
                    u_full,
                    &reference.mass,
                    sim_group,
                    groups,
                ),
            );
            // one step of the runtime's own dynamics from the projection of full space's last two states
            if t >= 2 {
                dynm.state.z.clone_from(&run.z_proj[1]);
                dynm.state.z_prev.clone_from(&run.z_proj[0]);
                dynm.state.p.clone_from(&s0.p[t - 1]);
                dynm.state.p_prev.clone_from(&s0.p[t - 2]);
                let c = Instant::now();
                dynm.step(&pp.loaded.asset.sim, p, h, &pp.params, false);
                run.step_us.push(c.elapsed().as_secs_f64() * 1e6);
                let u1 = plus_held(pp.projection.displacement(&dynm.state.z));
                add_sums(&mut run.one_step, &m_sums(&u1, u_full, &reference.mass, sim_group, groups));
            }
            run.z_proj.swap(0, 1);
            run.z_proj[1] = zp;
        }
        rig_x.push(x);
        if rig_x.len() > 2 {
            rig_x.remove(0);
        }
        if t % 60 == 59 {
            progress(t + 1, median(full_ms.clone()));
        }
    }
    Ok(MotionOutcome {
        full_track,
        acc,
        accel,
        full_ms,
        full_iters,
        full_converged,
        full_inverted,
        rig_inverted,
        best,
    })
}

fn header() -> String {
    format!(
        "{:>14} {:>9} {:>10} {:>10}  {:>17} {:>17} {:>15} {:>15}  {}",
        "avatar",
        "motion",
        "variant",
        "region",
        "peak mm rt/full",
        "rms mm rt/full",
        "Hz rt/full",
        "decay s rt/full",
        "goals"
    )
}

fn row(avatar: &str, motion: &str, variant: &str, c: &RegionComparison) -> String {
    let opt = |x: Option<f64>| x.map_or("-".to_owned(), |v| format!("{v:.2}"));
    let mark = |x: Option<bool>| match x {
        Some(true) => "ok",
        Some(false) => "NO",
        None => "·",
    };
    let verdict = if c.still {
        format!("still: spurious {}", mark(c.spurious_ok))
    } else if c.moves {
        format!(
            "peak {} rms {} Hz {} decay {}",
            mark(c.peak_ok),
            mark(c.rms_ok),
            mark(c.frequency_ok),
            mark(c.decay_ok)
        )
    } else {
        "1–3 mm: not judged".to_owned()
    };
    format!(
        "{avatar:>14} {motion:>9} {variant:>10} {:>10}  {:>8.1}/{:<8.1} {:>8.2}/{:<8.2} {:>7}/{:<7} {:>7}/{:<7}  {verdict}",
        c.region,
        c.model.peak_mm,
        c.reference.peak_mm,
        c.model.rms_mm,
        c.reference.rms_mm,
        opt(c.model.frequency_hz),
        opt(c.reference.frequency_hz),
        opt(c.model.decay_s),
        opt(c.reference.decay_s),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fidelity_variants_parse_and_refuse_bad_settings() {
        assert_eq!(
            "default".parse::<Variant>().unwrap(),
            Variant { name: "default".into(), ..Variant::default() }
        );
        let v: Variant = "m32:modes=32,clusters=all,iterations=10,anderson=0,damping=3.5".parse().unwrap();
        assert_eq!(
            v,
            Variant {
                name: "m32".into(),
                modes: Some(32),
                clusters: Some(ClusterCount::PerTet),
                iterations: Some(10),
                anderson: Some(0),
                damping: Some(3.5),
                ..Variant::default()
            }
        );
        assert_eq!(v.params().iterations, 10);
        assert_eq!("s:stiffness=3".parse::<Variant>().unwrap().params().stiffness, 3.0);
        let f: Variant = "f:modes=32,joint=16,roles=neck+leftUpperLeg".parse().unwrap();
        assert_eq!((f.joint, f.roles), (Some(16), vec!["neck".to_owned(), "leftUpperLeg".to_owned()]));
        assert!(!v.params().breathing);
        for bad in [
            ":modes=3",
            "x:modes",
            "x:speed=2",
            "x:modes=0",
            "x:damping=-1",
            "x:iterations=two",
            "x:stiffness=0",
        ] {
            assert!(bad.parse::<Variant>().is_err(), "{bad}");
        }
    }

    /// The bar's rig parameters: bone 1 bent about the z axis through the joint (x = 0.5) by `deg`.
    fn bent(rest: &[f64], deg: f64) -> Vec<f64> {
        let (c, s) = (deg.to_radians().cos(), deg.to_radians().sin());
        let mut p = rest.to_vec();
        // row-major 3×4 [R | (I − R) j], j = (0.5, 0, 0)
        let t = [c, -s, 0.0, 0.5 - 0.5 * c, s, c, 0.0, -0.5 * s, 0.0, 0.0, 1.0, 0.0];
        p[12..24].copy_from_slice(&t);
        p
    }

    /// A bend and hold of the bar, stepped by the runtime's own dynamics (`Dynamics`, as `AvatarSim` steps it).
    fn bend_series(pp: &Prepared, h: f64) -> PSeries {
        let sim = &pp.loaded.asset.sim;
        let rest = sim.rig.rest_params();
        let p: Vec<Vec<f64>> = (0..240)
            .map(|k| {
                let x = (k as f64 * h / 0.25).min(1.0);
                bent(&rest, 40.0 * x * x * (3.0 - 2.0 * x))
            })
            .collect();
        let mut d =
            Dynamics::new(sim, &pp.loaded.asset.source.humanoid, &p[0], h, pp.params.stiffness).unwrap();
        let z = p
            .iter()
            .map(|q| {
                d.step(sim, q, h, &pp.params, false);
                d.state.z.clone()
            })
            .collect();
        PSeries { name: "bend".into(), teleports: vec![false; p.len()], p, z }
    }

    /// Run `variants` of the bar against full space through [`measure_motion`]: (outcome, regions compared).
    fn bar_run(variants: &[Variant], modes: usize) -> (MotionOutcome, Vec<Vec<RegionComparison>>, usize) {
        let bar = avatar_sim::asset::bar_avatar([4, 2, 2], [1.0, 0.4, 0.4], 0.3, &[], 4, 4).unwrap();
        let base = LoadedAsset { asset: Arc::new(bar), hash: [0; 32], path: "bar".into() };
        let settings = PrecomputeSettings {
            modes,
            clusters: ClusterCount::PerTet,
            eigensolver: avatar_sim::precompute::Eigensolver::Dense,
            ..base.asset.sim.settings.clone()
        };
        let base = with_settings(&base, &settings).unwrap();
        let h = 1.0 / 120.0;
        let sim = &base.asset.sim;
        let reference = Reference::new(sim, h).unwrap();
        let prepared: Vec<Prepared> =
            variants.iter().map(|v| Prepared::new(&base, v, &reference.mass).unwrap()).collect();
        let runs: Vec<PSeries> = prepared.iter().map(|pp| bend_series(pp, h)).collect();
        // two regions: the fixed half and the bent half
        let half = |x: &[f64; 3]| Some(usize::from(x[0] >= 0.5));
        let region_of: Vec<Option<usize>> = base.asset.render.vertices.iter().map(half).collect();
        let sim_group: Vec<Option<usize>> = sim.mesh.vertices.iter().map(half).collect();
        let full_opts = StepSettings {
            volume_preservation: true,
            iterations: 200,
            tolerance: 1e-10,
            ..StepSettings::default()
        };
        let ctx = Ctx {
            sim,
            render: &base.asset.render,
            reference: &reference,
            region_of: &region_of,
            sim_group: &sim_group,
            groups: 2,
            full_opts: &full_opts,
            damping: SimParams::default().damping,
            pictures: false,
        };
        let out = measure_motion(&ctx, &prepared, &runs, &|_, _| {}).unwrap();
        let windows = measure::impulse_windows(&out.accel, h);
        let regions = out
            .acc
            .iter()
            .map(|run| {
                (0..2)
                    .map(|r| compare(["fixed", "bent"][r], &run.track, &out.full_track, r, &windows, h))
                    .collect()
            })
            .collect();
        (out, regions, sim.mesh.n())
    }

    /// With every admissible weight (the per-weight constraint, Eq. 20–21, leaves n − 20 of the bar's n scalar
    /// fields for its two bones) and one cluster per tet, the reduced step is full space in other coordinates:
    /// the errors read ~0 and every region's figures agree. A detuned runtime (5× the damping, 3× the stiffness)
    /// fails the comparison in the bent half.
    #[test]
    fn fidelity_reduced_with_every_weight_and_cluster_equals_full_space_and_a_detuned_one_fails() {
        let exact =
            Variant { name: "exact".into(), iterations: Some(300), anderson: Some(0), ..Variant::default() };
        let damped = Variant { name: "damped".into(), damping: Some(10.0), ..exact.clone() };
        let stiff = Variant { name: "stiff".into(), stiffness: Some(3.0), ..exact.clone() };
        let n = 5 * 3 * 3;
        let (out, regions, vertices) = bar_run(&[exact, damped, stiff], n - 20);
        assert_eq!(vertices, n);
        let exact = &out.acc[0];
        let body = 2;
        for (what, s) in
            [("trajectory", &exact.traj), ("projection", &exact.proj), ("one-step", &exact.one_step)]
        {
            let e = relative(s[body]).unwrap();
            assert!(e < 1e-4, "{what} error {e}");
        }
        let bent = &regions[0][1];
        assert!(bent.moves, "the bent half moves in full space: {bent:?}");
        for c in &regions[0] {
            for x in [c.peak_ratio, c.rms_ratio] {
                assert!((x.unwrap() - 1.0).abs() < 1e-3, "{c:?}");
            }
        }
        assert_eq!(
            (bent.peak_ok, bent.rms_ok, bent.frequency_ok),
            (Some(true), Some(true), Some(true)),
            "{bent:?}"
        );
        let (damped, stiff) = (&regions[1][1], &regions[2][1]);
        assert_eq!(damped.peak_ok, Some(false), "5× damping: {damped:?}");
        assert!(stiff.frequency_ok == Some(false) || stiff.peak_ok == Some(false), "3× stiffness: {stiff:?}");
        assert!(relative(out.acc[1].traj[body]).unwrap() > 0.1);
    }
}
