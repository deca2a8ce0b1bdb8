//! `avatard bench subspaces`: how well each subspace reproduces full-space complementary dynamics on a small
//! human avatar under the motions the product sees, at equal degrees of freedom, and what a step costs.
//!
//! Subspaces (each with `12m` reduced coordinates):
//! - **skinning eigenmodes** (paper 000, Eq. 22: the runtime's default);
//! - **force-dual skinning eigenmodes** (paper 004 §4.5) with the rig-inertia prior `Σ_F = M J Σ_p̈ Jᵀ M`,
//!   `Σ_p̈` measured on the committed mocap clip and tracker recordings ([`avatard_cli::commands::prior`], [`avatard_cli::motion::series`]);
//! - **rotation-strain coordinates** (paper 001, the exact reconstruction with the complementarity
//!   constraint; [`avatar_sim::rotation_strain`]), a baseline.
//!
//! The reference is [`FullModel`]: the same energy, inertia and local-global scheme over all `3n` coordinates,
//! on the same mesh, rig, material, momentum leak and time step as the asset. Every model is stepped through
//! the same rig-parameter series `p(t)`, produced by the daemon's own step from each motion ([`avatard_cli::motion::series`]), with
//! the same step options. The error of a run is `√(Σ_t ‖u_t − u*_t‖²_M / Σ_t ‖u*_t‖²_M)` over its ticks (`u*`
//! the full-space displacement); locality is the mass-weighted RMS displacement far from the moving part (legs
//! and feet) over that near it (head and neck) under the head shake.
//!
//! Files: `statics` (paper 004's static error); this file has the flags, the runs and the report. `tools/plot-subspaces` draws the error-vs-modes figure from `subspaces.json`.

pub mod statics;

use super::write_report;
use anyhow::{bail, Context, Result};
use avatar_sim::asset::ImportSettings;
use avatar_sim::fem::lumped_mass;
use avatar_sim::full::{FullModel, FullState};
use avatar_sim::modes::{complementarity_matrix, skinning_subspace};
use avatar_sim::precompute::{
    precompute, ClusterCount, ForceDualSetting, PrecomputeSettings, SubspaceSetting,
};
use avatar_sim::problem::FemProblem;
use avatar_sim::reduced::{ReducedModel, StepOptions, StepState};
use avatar_sim::rig::{vertex_regions, BodyRegion, RigPart};
use avatar_sim::rotation_strain::basis::constrained_lma;
use avatar_sim::rotation_strain::{RsModel, RsState};
use avatar_sim::stats::median;
use avatard::{AvatarSpec, LoadedAsset, LoadedAvatar};
use avatard_cli::args::CacheDirArg;
use avatard_cli::commands::prior::RigAccelPrior;
use avatard_cli::motion::series::{self, PSeries};
use faer::sparse::SparseColMat;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

#[derive(clap::Args, Debug, Clone)]
pub struct SubspacesArgs {
    /// The small avatar: a glTF/VRM file imported at `--resolution` (CC0 Anny by default).
    #[arg(long, default_value = "assets/fixtures/avatars/anny_vrm1.vrm")]
    pub import: PathBuf,
    /// Voxel cells along the avatar's longest side (the simulation mesh's resolution).
    #[arg(long, default_value_t = ImportSettings::default().resolution)]
    pub resolution: usize,
    #[command(flatten)]
    pub cache: CacheDirArg,
    /// Skinning modes m of the skinning-eigenmode and force-dual subspaces (12m coordinates each).
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4, 8, 16])]
    pub modes: Vec<usize>,
    /// m of the rotation-strain runs (12m rotation-strain coordinates); its step costs k Poisson solves per
    /// iteration, so it runs on `--rs-motions` only.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4])]
    pub rs_modes: Vec<usize>,
    /// Motions of `avatard bench jiggle` to compare on (the tracker recordings are always added).
    #[arg(long, value_delimiter = ',', default_value = "jumps,hop,twist,head,arms")]
    pub motions: Vec<String>,
    /// Motions the rotation-strain runs use.
    #[arg(long, value_delimiter = ',', default_value = "jumps,head")]
    pub rs_motions: Vec<String>,
    /// Clusters of the reduced step (`all`: one per tet, the exact hyper-reduction; otherwise k-means as in
    /// the runtime).
    #[arg(long, default_value = "100")]
    pub clusters: String,
    /// Local-global iterations per step (every model).
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Seconds of each motion's last pose held after it.
    #[arg(long, default_value_t = 1.0)]
    pub settle_s: f64,
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    /// Output folder (`subspaces.json`).
    #[arg(long, default_value = "out/subspaces")]
    pub out: PathBuf,
}

const TICK_HZ: f32 = 120.0;

/// The ticks' mass-weighted squared norms for one model and one motion.
#[derive(Default, Clone)]
struct Accum {
    err2: f64,
    ref2: f64,
    step_us: Vec<f64>,
    /// Σ_t ‖u_t‖²_M over the near (head, neck) and far (legs, feet) vertices, and their masses.
    near2: f64,
    far2: f64,
}

impl Accum {
    fn error(&self) -> f64 {
        (self.err2 / self.ref2.max(f64::MIN_POSITIVE)).sqrt()
    }
}

struct Setup {
    mass: Vec<f64>,
    n: usize,
    near: Vec<bool>,
    far: Vec<bool>,
}

impl Setup {
    /// Add tick `u` (against the reference `u_ref`) to `acc`.
    fn add(&self, acc: &mut Accum, u: &[f64], u_ref: &[f64]) {
        let n = self.n;
        for v in 0..n {
            let (mut e, mut r, mut s) = (0.0, 0.0, 0.0);
            for c in 0..3 {
                let (a, b) = (u[c * n + v], u_ref[c * n + v]);
                e += (a - b) * (a - b);
                r += b * b;
                s += a * a;
            }
            acc.err2 += self.mass[v] * e;
            acc.ref2 += self.mass[v] * r;
            if self.near[v] {
                acc.near2 += self.mass[v] * s;
            }
            if self.far[v] {
                acc.far2 += self.mass[v] * s;
            }
        }
    }
}

fn options(iterations: usize) -> StepOptions {
    StepOptions { volume_preservation: true, iterations, tolerance: 1e-8, ..Default::default() }
}

fn spmv(b: &SparseColMat<usize, f64>, z: &[f64]) -> Vec<f64> {
    avatar_sim::fem::spmv(b, z)
}

/// `avatard bench subspaces`.
pub fn subspaces(a: SubspacesArgs) -> Result<()> {
    let started = Instant::now();
    if a.modes.is_empty() || a.modes.contains(&0) || a.rs_modes.contains(&0) {
        bail!("--modes and --rs-modes take positive mode counts");
    }
    let clusters = match a.clusters.as_str() {
        "all" => ClusterCount::PerTet,
        s => ClusterCount::KMeans(s.parse().context("--clusters: a count or `all`")?),
    };
    let cache = a.cache.cache();
    // the small avatar, through the importer and its cache
    let base = PrecomputeSettings::default();
    let settings = PrecomputeSettings {
        material: avatar_sim::precompute::MaterialSetting::Anatomical(Default::default()),
        ..base
    };
    let import = ImportSettings { resolution: a.resolution, ..Default::default() };
    let built = avatar_sim::asset::import(&a.import, &import, &settings, cache.as_ref(), Arc::new(|_| {}))?;
    let loaded = LoadedAsset { asset: Arc::new(built.asset), hash: built.hash, path: a.import.clone() };
    let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("subspaces"), &loaded));
    let sim = &loaded.asset.sim;
    let (mesh, rig) = (&sim.mesh, &sim.rig);
    eprintln!(
        "bench subspaces: {} at resolution {}: {} vertices, {} tets, {} rig parameters",
        a.import.display(),
        a.resolution,
        mesh.n(),
        mesh.t(),
        rig.num_params()
    );

    // p(t): the motions, and the tracker recordings (which with `jumps` make the prior)
    let mut runs: Vec<(PSeries, bool)> = Vec::new();
    for m in &a.motions {
        runs.push((series::motion_series(&avatar, m, &a.bvh, TICK_HZ, a.settle_s)?, m == "jumps"));
    }
    for r in avatard_cli::commands::prior::RECORDINGS {
        runs.push((series::recording_series(&avatar, std::path::Path::new(r), TICK_HZ)?, true));
    }
    let mut train: Vec<PSeries> = Vec::new();
    for (s, in_prior) in &runs {
        if *in_prior {
            train.push(PSeries { name: s.name.clone(), p: s.p.clone(), teleports: s.teleports.clone() });
        }
    }
    if !a.motions.iter().any(|m| m == "jumps") {
        train.push(series::motion_series(&avatar, "jumps", &a.bvh, TICK_HZ, a.settle_s)?);
    }
    let prior_all = avatard_cli::commands::prior::estimate(&avatar, &train, TICK_HZ, 96)?;
    // the same prior without the mocap clip: the force-dual modes then never saw `jumps`
    let train_loo: Vec<PSeries> = train
        .iter()
        .filter(|s| s.name != "jumps")
        .map(|s| PSeries { name: s.name.clone(), p: s.p.clone(), teleports: s.teleports.clone() })
        .collect();
    let prior_loo = avatard_cli::commands::prior::estimate(&avatar, &train_loo, TICK_HZ, 96)?;
    eprintln!(
        "prior: {} (rank {}); without jumps: rank {}",
        prior_all.source, prior_all.cols, prior_loo.cols
    );

    // the reference's operators, from the asset's own mesh, rig, material and leak
    let mass = lumped_mass(mesh, &sim.material.density);
    let jac = rig.jacobian(&mesh.vertices)?;
    let x0 = rig.offset(&mesh.vertices)?;
    let jcal = complementarity_matrix(&jac, &mass, &sim.leak);
    let h = 1.0 / TICK_HZ as f64;
    let regions = match rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
    {
        Some(lbs) => vertex_regions(lbs, &mesh.vertices, &loaded.asset.source.humanoid),
        None => vec![None; mesh.n()],
    };
    let is =
        |set: &[BodyRegion]| regions.iter().map(|r| r.is_some_and(|r| set.contains(&r))).collect::<Vec<_>>();
    let setup = Setup {
        mass: mass.clone(),
        n: mesh.n(),
        near: is(&[BodyRegion::Head, BodyRegion::Neck]),
        far: is(&[BodyRegion::Thighs, BodyRegion::Calves, BodyRegion::Feet]),
    };
    let opts = options(a.iterations);

    // paper 004's protocol (Eq. 38): static responses to each tick's rig-inertia load
    let clock = Instant::now();
    let statics = statics::Statics::new(mesh, &sim.material, &mass, &jcal)?;
    let loads: Vec<faer::Mat<f64>> = runs
        .iter()
        .map(|(s, _)| statics::loads(&mass, &jac, &series::accelerations(std::slice::from_ref(s), h)))
        .collect();
    let static_ref: Vec<faer::Mat<f64>> = loads.iter().map(|f| statics.full(f)).collect();
    eprintln!("static references: {:.1} s", clock.elapsed().as_secs_f64());
    let static_error = |b: &faer::Mat<f64>, k: usize| -> Result<f64> {
        let (e, r) = statics.error(&statics.reduced(b, &loads[k])?, &static_ref[k]);
        Ok((e / r.max(f64::MIN_POSITIVE)).sqrt())
    };

    // the full-space reference, once per run
    let clock = Instant::now();
    let problem = FemProblem { mesh, material: &sim.material, mass: &mass, jac: &jac, x0: &x0, h };
    let full = FullModel::new(&problem, &jcal)?;
    eprintln!(
        "full-space model: {:.1} s (constraint rank {})",
        clock.elapsed().as_secs_f64(),
        full.constraint_rank()
    );
    let mut reference: Vec<Vec<Vec<f64>>> = Vec::new();
    let mut full_acc: Vec<Accum> = Vec::new();
    for (s, _) in &runs {
        let mut st = FullState::at_rest(&full, &s.p[0]);
        let (mut us, mut acc) = (Vec::with_capacity(s.p.len()), Accum::default());
        for p in &s.p {
            let t = Instant::now();
            full.step(&mut st, p, &opts);
            acc.step_us.push(t.elapsed().as_secs_f64() * 1e6);
            setup.add(&mut acc, &st.u, &st.u);
            us.push(st.u.clone());
        }
        eprintln!(
            "  full {:>28}: {} ticks, median {:.1} ms/step",
            s.name,
            s.p.len(),
            median(acc.step_us.clone()) / 1e3
        );
        reference.push(us);
        full_acc.push(acc);
    }

    // the reduced subspaces
    let fd = |p: &RigAccelPrior| {
        SubspaceSetting::ForceDual(ForceDualSetting {
            pdd_rows: p.rows,
            pdd_cols: p.cols,
            pdd_factor: p.factor.clone(),
            paint: Vec::new(),
            source: p.source.clone(),
        })
    };
    let methods: Vec<(&str, SubspaceSetting)> = vec![
        ("skinning_eigenmodes", SubspaceSetting::SkinningEigenmodes),
        ("force_dual", fd(&prior_all)),
        ("force_dual_without_jumps", fd(&prior_loo)),
    ];
    let mut rows = Vec::new();
    for &m in &a.modes {
        for (name, subspace) in &methods {
            let s =
                PrecomputeSettings { modes: m, clusters, subspace: subspace.clone(), ..sim.settings.clone() };
            let clock = Instant::now();
            let (out, report) = match precompute(mesh.clone(), rig.clone(), &s, Arc::new(|_| {})) {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("  {name} m = {m}: {e}");
                    rows.push(json!({"method": name, "m": m, "error": e.to_string()}));
                    continue;
                }
            };
            let precompute_s = clock.elapsed().as_secs_f64();
            let model = ReducedModel::from_parts(out.reduced.clone())?;
            let b = skinning_subspace(&mesh.vertices, &out.weights);
            let b_dense = b.to_dense();
            let mut per = Vec::new();
            for (k, (series, in_prior)) in runs.iter().enumerate() {
                if *name == "force_dual_without_jumps" && series.name != "jumps" {
                    continue;
                }
                let mut st = StepState::at_rest(&model, &series.p[0]);
                let mut acc = Accum::default();
                for (t, p) in series.p.iter().enumerate() {
                    let c = Instant::now();
                    model.step(&mut st, p, &opts);
                    acc.step_us.push(c.elapsed().as_secs_f64() * 1e6);
                    setup.add(&mut acc, &spmv(&b, &st.z), &reference[k][t]);
                }
                let mut row = motion_row(
                    &series.name,
                    *in_prior && *name != "force_dual_without_jumps",
                    &acc,
                    &full_acc[k],
                );
                row["static_error"] = json!(static_error(&b_dense, k)?);
                per.push(row);
            }
            eprintln!(
                "  {name:>26} m = {m:>2}: {}; static {}  (precompute {precompute_s:.1} s, residual {:.1e})",
                summary(&per),
                static_summary(&per),
                report.complementarity_residual
            );
            rows.push(json!({
                "method": name, "m": m, "dofs": 12 * m, "precompute_s": precompute_s,
                "complementarity_residual": report.complementarity_residual,
                "eigenvalues": report.eigenvalues, "motions": per,
            }));
        }
    }
    // linear modal analysis (12m vector modes of the rest Hessian on 𝒥ᵀu = 0): the first-order part of the
    // rotation-strain subspace, and paper 004's Σ_F = M special case; statics only
    let most = 12 * a.modes.iter().copied().max().unwrap_or(1);
    match constrained_lma(mesh, &sim.material, &mass, &jcal, most) {
        Ok(lma) => {
            for &m in &a.modes {
                let b = lma.modes.subcols(0, (12 * m).min(lma.modes.ncols())).to_owned();
                let mut per = Vec::new();
                for (k, (series, in_prior)) in runs.iter().enumerate() {
                    per.push(json!({"motion": series.name, "in_prior": in_prior, "static_error": static_error(&b, k)?}));
                }
                eprintln!("  {:>26} m = {m:>2}: static {}", "lma", static_summary(&per));
                rows.push(json!({"method": "lma", "m": m, "dofs": b.ncols(), "motions": per}));
            }
        }
        Err(e) => eprintln!("  lma: {e}"),
    }
    for &m in &a.rs_modes {
        let k = 12 * m;
        let clock = Instant::now();
        let rs = match RsModel::new(&problem, &jcal, k) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("  rotation-strain k = {k}: {e}");
                rows.push(json!({"method": "rotation_strain", "m": m, "error": e.to_string()}));
                continue;
            }
        };
        let precompute_s = clock.elapsed().as_secs_f64();
        let mut per = Vec::new();
        for (i, (series, in_prior)) in runs.iter().enumerate() {
            if !a.rs_motions.contains(&series.name) {
                continue;
            }
            let mut st = RsState::at_rest(&rs, &series.p[0]);
            let mut acc = Accum::default();
            for (t, p) in series.p.iter().enumerate() {
                let c = Instant::now();
                rs.step(&mut st, p, &opts);
                acc.step_us.push(c.elapsed().as_secs_f64() * 1e6);
                setup.add(&mut acc, &st.u, &reference[i][t]);
            }
            per.push(motion_row(&series.name, *in_prior, &acc, &full_acc[i]));
        }
        eprintln!(
            "  {:>26} m = {m:>2}: {}  (precompute {precompute_s:.1} s)",
            "rotation_strain",
            summary(&per)
        );
        rows.push(json!({"method": "rotation_strain", "m": m, "dofs": k, "precompute_s": precompute_s, "motions": per}));
    }
    let full_rows: Vec<_> =
        runs.iter().zip(&full_acc).map(|((s, _), acc)| motion_row(&s.name, false, acc, acc)).collect();
    let report = json!({
        "benchmark": "subspaces",
        "avatar": a.import.display().to_string(), "resolution": a.resolution,
        "vertices": mesh.n(), "tets": mesh.t(), "rig_params": rig.num_params(),
        "constraint_rank": full.constraint_rank(),
        "tick_hz": TICK_HZ, "iterations": a.iterations, "clusters": a.clusters,
        "prior": {"source": prior_all.source, "rank": prior_all.cols, "trace_fraction": prior_all.trace_fraction,
                  "without_jumps": prior_loo.source},
        "full": full_rows,
        "results": rows,
        "seconds": started.elapsed().as_secs_f64(),
    });
    std::fs::create_dir_all(&a.out)?;
    write_report(&a.out.join("subspaces.json"), &report)
}

/// One motion's figures for one model.
fn motion_row(name: &str, in_prior: bool, acc: &Accum, full: &Accum) -> serde_json::Value {
    let ratio = |x: &Accum| (x.far2 / x.near2.max(f64::MIN_POSITIVE)).sqrt();
    json!({
        "motion": name, "in_prior": in_prior, "ticks": acc.step_us.len(),
        "error": acc.error(), "median_step_us": median(acc.step_us.clone()),
        "far_over_near": ratio(acc), "reference_far_over_near": ratio(full),
    })
}

fn static_summary(per: &[serde_json::Value]) -> String {
    per.iter()
        .map(|r| {
            format!(
                "{} {:.3}",
                r["motion"].as_str().unwrap_or("?"),
                r["static_error"].as_f64().unwrap_or(f64::NAN)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn summary(per: &[serde_json::Value]) -> String {
    per.iter()
        .map(|r| {
            format!("{} {:.3}", r["motion"].as_str().unwrap_or("?"), r["error"].as_f64().unwrap_or(f64::NAN))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
