//! `avatard bench subspaces`: how well each subspace reproduces full-space complementary dynamics on a small
//! human avatar under the motions the product sees, at equal degrees of freedom, and what a step costs.
//!
//! Subspaces (each with `12m` reduced coordinates; `--methods` picks):
//! - **skinning eigenmodes** (paper 000, Eq. 22: the runtime's default);
//! - **force-dual skinning eigenmodes** (paper 004 §4.5) with the rig-inertia prior `Σ_F = M J Σ_p̈ Jᵀ M`,
//!   `Σ_p̈` measured on the committed mocap clip and tracker recordings ([`avatar_lab::prior`], [`avatar_lab::motion::series`]);
//!   also with the prior measured without the clip (`force_dual_without_jumps`, run on `jumps` only);
//! - **rotation-strain coordinates** (paper 001, the exact reconstruction with the complementarity
//!   constraint; [`avatar_sim::rotation_strain`]), a baseline; and its first-order part, **linear modal
//!   analysis** (`lma`: statics and projection only).
//!
//! The two skinning subspaces run under each `--complementarity` ([`Complementarity`]): `weights` (every rig
//! column in the per-weight constraint, Eq. 20–21) or `split` (blendshape columns out of it, imposed as
//! `V z = 0` in the reduced step), and each `--clusters` count, so one run gives the m × clusters ×
//! complementarity table with its precompute time and median step time.
//!
//! The reference is [`FullModel`]: the same energy, inertia and local-global scheme over all `3n` coordinates,
//! on the same mesh, rig, material, momentum leak and time step as the asset. Every model is stepped through
//! the same rig-parameter series `p(t)`, produced by the daemon's own step from each motion ([`avatar_lab::motion::series`]), with
//! the same step options. Three errors per model and motion, each `√(Σ_t ‖·‖²_M / Σ_t ‖u*_t‖²_M)` over the
//! ticks (`u*` the full-space displacement):
//! - the **trajectory error** `u_t − u*_t` of the model's own run;
//! - the **projection error** `P u*_t − u*_t`, `P` the `M`-orthogonal projector onto the model's span
//!   `{B z : V z = 0}` ([`projection`]): the best any model in that span can do, a floor under the trajectory
//!   error (null for rotation-strain coordinates, whose reconstruction is nonlinear: no span to project on);
//! - the **static error** of paper 004 ([`statics`], the Galerkin response on the same span `B N`; dense,
//!   so skipped above [`avatar_sim::rotation_strain::basis::MAX_VERTICES`] vertices, e.g. on
//!   `--default-avatar`).
//!
//! Each is also split by body region (head: head and neck; torso: chest, belly, back, buttocks; limbs: arms,
//! hands, legs, feet), numerator and denominator both over the region's vertices. Locality is the
//! mass-weighted RMS displacement far from the moving part (legs and feet) over that near it (head and neck)
//! under the head shake.
//!
//! For a fast run: `--methods`, `--motions`, `--no-recordings`, `--max-ticks` (each series truncated), and
//! `--default-avatar` (the embedded default avatar instead of the imported VRM; its full-space reference is
//! slow, so pair it with the others).
//!
//! Files: `args` (the flags), `statics` (paper 004's static error), `projection` (the projection error and the
//! per-region sums), `snapshot` (`--snapshot`), `report` (its rows and summaries); this file has the runs. `tools/plot-subspaces` draws the error-vs-modes figure
//! (trajectory, projection and static error, and error against step time) from `subspaces.json`.

mod args;
pub mod projection;
mod report;
mod snapshot;
pub mod statics;

use args::parse_clusters;
pub use args::{ComplementarityArg, SubspacesArgs, METHODS};
use report::{motion_row, region_json, region_summary, summary};
use snapshot::{norm3, render_snapshot};

use super::write_report;
use anyhow::{bail, Result};
use avatar_lab::motion::series::{self, PSeries};
use avatar_lab::prior::RigAccelPrior;
use avatar_sim::asset::ImportSettings;
use avatar_sim::fem::lumped_mass;
use avatar_sim::full::{FullModel, FullState};
use avatar_sim::modes::{complementarity_matrix, skinning_subspace};
use avatar_sim::precompute::{
    precompute, ClusterCount, ForceDualSetting, MaterialSetting, PrecomputeSettings, SubspaceSetting,
};
use avatar_sim::problem::FemProblem;
use avatar_sim::reduced::{ReducedModel, ReducedParts, StepSettings, StepState};
use avatar_sim::rig::{vertex_regions, BodyRegion, RigPart};
use avatar_sim::rotation_strain::basis::{constrained_lma, MAX_VERTICES};
use avatar_sim::rotation_strain::{RsModel, RsState};
use avatar_sim::stats::median;
use avatard::{AvatarSpec, LoadedAsset, LoadedAvatar};
use faer::sparse::SparseColMat;
use projection::{Groups, Projector, Sums, REGIONS};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;

/// The reduced step's linear constraint `V` (k × 12m, orthonormal rows, natural coordinate order) of a
/// precompute's parts; `None`: none.
fn constraint_rows(parts: &ReducedParts) -> Option<&faer::Mat<f64>> {
    parts.constraint.as_ref()
}

const TICK_HZ: f32 = 120.0;

/// The ticks' mass-weighted squared norms for one model and one motion.
#[derive(Default, Clone)]
struct Accum {
    /// Trajectory error `u_t − u*_t`, whole body and per region.
    traj: Sums,
    step_us: Vec<f64>,
    /// Σ_t ‖u_t‖²_M over the near (head, neck) and far (legs, feet) vertices.
    near2: f64,
    far2: f64,
}

struct Setup {
    mass: Vec<f64>,
    n: usize,
    near: Vec<bool>,
    far: Vec<bool>,
    groups: Groups,
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
            acc.traj.add(self.groups.0[v], self.mass[v] * e, self.mass[v] * r);
            if self.near[v] {
                acc.near2 += self.mass[v] * s;
            }
            if self.far[v] {
                acc.far2 += self.mass[v] * s;
            }
        }
    }
}

fn options(iterations: usize) -> StepSettings {
    StepSettings { volume_preservation: true, iterations, tolerance: 1e-8, ..Default::default() }
}

fn spmv(b: &SparseColMat<usize, f64>, z: &[f64]) -> Vec<f64> {
    avatar_sim::fem::spmv(b, z)
}

/// `avatard bench subspaces`.
pub fn subspaces(a: SubspacesArgs) -> Result<()> {
    let started = Instant::now();
    a.validate()?;
    let cluster_list: Vec<(String, ClusterCount)> =
        a.clusters.iter().map(|c| Ok((c.clone(), parse_clusters(c)?))).collect::<Result<_>>()?;
    let cache = a.cache.cache();
    // the avatar: the small imported one (through the importer and its cache) or the default one
    let (loaded, label, resolution) = if a.default_avatar {
        let loaded = avatard::load_asset(avatar_sim::asset::default_avatar::NAME, cache.as_ref())?;
        (loaded, avatar_sim::asset::default_avatar::NAME.to_owned(), None)
    } else {
        let base = PrecomputeSettings::default();
        let settings =
            PrecomputeSettings { material: MaterialSetting::Anatomical(Default::default()), ..base };
        let import = ImportSettings { resolution: a.resolution, ..Default::default() };
        let built =
            avatar_sim::asset::import(&a.import, &import, &settings, cache.as_ref(), Arc::new(|_| {}))?;
        let loaded = LoadedAsset { asset: Arc::new(built.asset), hash: built.hash, path: a.import.clone() };
        (loaded, a.import.display().to_string(), Some(a.resolution))
    };
    let avatar = Arc::new(LoadedAvatar::new(&AvatarSpec::new("subspaces"), &loaded));
    let sim = &loaded.asset.sim;
    let (mesh, rig) = (&sim.mesh, &sim.rig);
    eprintln!(
        "bench subspaces: {label}{}: {} vertices, {} tets, {} rig parameters",
        resolution.map(|r| format!(" at resolution {r}")).unwrap_or_default(),
        mesh.n(),
        mesh.t(),
        rig.num_params()
    );

    // p(t): the motions, and the tracker recordings (which with `jumps` make the prior)
    let need_prior = a.runs("force_dual") || a.runs("force_dual_without_jumps");
    let mut runs: Vec<(PSeries, bool)> = Vec::new();
    for m in &a.motions {
        runs.push((series::motion_series(&avatar, m, &a.bvh, TICK_HZ, a.settle_s)?, m == "jumps"));
    }
    let mut recordings = Vec::new();
    if need_prior || !a.no_recordings {
        for r in avatar_lab::prior::RECORDINGS {
            recordings.push(series::recording_series(&avatar, std::path::Path::new(r), TICK_HZ)?);
        }
    }
    let copy = |s: &PSeries| PSeries {
        name: s.name.clone(),
        p: s.p.clone(),
        teleports: s.teleports.clone(),
        z: s.z.clone(),
    };
    let priors = if need_prior {
        let mut train: Vec<PSeries> = runs.iter().filter(|(_, j)| *j).map(|(s, _)| copy(s)).collect();
        train.extend(recordings.iter().map(copy));
        if !a.motions.iter().any(|m| m == "jumps") {
            train.push(series::motion_series(&avatar, "jumps", &a.bvh, TICK_HZ, a.settle_s)?);
        }
        let prior_all = avatar_lab::prior::estimate(&avatar, &train, TICK_HZ, 96)?;
        // the same prior without the mocap clip: the force-dual modes then never saw `jumps`
        let train_loo: Vec<PSeries> = train.iter().filter(|s| s.name != "jumps").map(copy).collect();
        let prior_loo = avatar_lab::prior::estimate(&avatar, &train_loo, TICK_HZ, 96)?;
        eprintln!(
            "prior: {} (rank {}); without jumps: rank {}",
            prior_all.source, prior_all.cols, prior_loo.cols
        );
        Some((prior_all, prior_loo))
    } else {
        None
    };
    if !a.no_recordings {
        runs.extend(recordings.into_iter().map(|s| (s, true)));
    }
    if let Some(k) = a.max_ticks {
        for (s, _) in &mut runs {
            s.truncate(k);
        }
    }

    // the reference's operators, from the asset's own mesh, rig, material and leak; with `--rigid-skin`, the
    // material and leak of its settings with that skin on every rigid override (both models use them)
    let (settings, material, leak) = match (a.rigid_skin, &sim.settings.material) {
        (Some(skin), MaterialSetting::Anatomical(anatomy)) => {
            let mut anatomy = anatomy.clone();
            anatomy.overrides.iter_mut().filter(|o| o.rigid).for_each(|o| o.skin = skin);
            let settings =
                PrecomputeSettings { material: MaterialSetting::Anatomical(anatomy), ..sim.settings.clone() };
            let ops = avatar_sim::precompute::operators(mesh, rig, &settings)?;
            eprintln!("rigid overrides with a {skin} m soft skin");
            (settings, ops.material, ops.leak)
        }
        (Some(_), MaterialSetting::Homogeneous) => bail!("--rigid-skin needs an anatomical material"),
        (None, _) => (sim.settings.clone(), sim.material.clone(), sim.leak.clone()),
    };
    let mass = lumped_mass(mesh, &material.density);
    let jac = rig.jacobian(&mesh.vertices)?;
    let x0 = rig.offset(&mesh.vertices)?;
    let jcal = complementarity_matrix(&jac, &mass, &leak);
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
        groups: Groups::new(&regions),
    };
    let groups = &setup.groups;
    let opts = options(a.iterations);

    // paper 004's protocol (Eq. 38): static responses to each tick's rig-inertia load; dense
    let clock = Instant::now();
    let statics = if mesh.n() <= MAX_VERTICES {
        let statics = statics::Statics::new(mesh, &material, &mass, &jcal)?;
        let loads: Vec<faer::Mat<f64>> = runs
            .iter()
            .map(|(s, _)| statics::loads(&mass, &jac, &series::accelerations(std::slice::from_ref(s), h)))
            .collect();
        let refs: Vec<faer::Mat<f64>> = loads.iter().map(|f| statics.full(f)).collect();
        eprintln!("static references: {:.1} s", clock.elapsed().as_secs_f64());
        Some((statics, loads, refs))
    } else {
        eprintln!("static error: skipped ({} vertices > {MAX_VERTICES}: dense)", mesh.n());
        None
    };
    // paper 004's static error of a basis `b` (3n × s of the complementary space) on run `k`
    let static_sums = |b: &faer::Mat<f64>, k: usize| -> Result<Option<Sums>> {
        let Some((st, loads, refs)) = &statics else { return Ok(None) };
        Ok(Some(st.error(&st.reduced(b, &loads[k])?, &refs[k], groups)))
    };

    // the full-space reference, once per run
    let clock = Instant::now();
    let problem = FemProblem { mesh, material: &material, mass: &mass, jac: &jac, x0: &x0, h };
    let full = FullModel::new(&problem, &jcal)?;
    eprintln!(
        "full-space model: {:.1} s (constraint rank {})",
        clock.elapsed().as_secs_f64(),
        full.constraint_rank()
    );
    let mut reference: Vec<Vec<Vec<f64>>> = Vec::new();
    let mut full_acc: Vec<Accum> = Vec::new();
    // the snapshot: (run, tick) and the displacements of each model there
    let mut snapshot: Option<(usize, usize, Vec<Value>)> = None;
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
        if a.snapshot.as_deref() == Some(s.name.as_str()) {
            // the tick where the head and neck move most
            let peak = |u: &Vec<f64>| {
                (0..setup.n).filter(|&v| setup.near[v]).map(|v| norm3(u, v)).fold(0.0, f64::max)
            };
            let t = (0..us.len()).max_by(|&i, &j| peak(&us[i]).total_cmp(&peak(&us[j]))).unwrap_or(0);
            snapshot = Some((reference.len(), t, vec![json!({"model": "full space", "u": &us[t]})]));
        }
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
    // (name, subspace, joint-strain share: the subspace's `joint` is set per m)
    let mut methods: Vec<(String, SubspaceSetting, Option<f64>)> = Vec::new();
    if a.runs("skinning_eigenmodes") {
        methods.push(("skinning_eigenmodes".into(), SubspaceSetting::SkinningEigenmodes, None));
    }
    if a.runs("focused") {
        for &share in &a.focus_share {
            let js = SubspaceSetting::FocusedEigenmodes {
                joint: 0,
                roles: a.focus_roles.iter().filter(|r| !r.is_empty()).cloned().collect(),
                inertia: 0,
                regions: a.focus_regions.iter().filter(|r| !r.is_empty()).cloned().collect(),
            };
            methods.push((format!("focused_{share}"), js, Some(share)));
        }
    }
    if let Some((prior_all, prior_loo)) = &priors {
        if a.runs("force_dual") {
            methods.push(("force_dual".into(), fd(prior_all), None));
        }
        if a.runs("force_dual_without_jumps") {
            methods.push(("force_dual_without_jumps".into(), fd(prior_loo), None));
        }
    }
    let mut rows = Vec::new();
    for (clusters_name, clusters) in &cluster_list {
        for &m in &a.modes {
            for &comp in &a.complementarity {
                for (name, subspace, share) in &methods {
                    let name = name.as_str();
                    let subspace = match (share, subspace) {
                        (Some(share), SubspaceSetting::FocusedEigenmodes { roles, regions, .. }) => {
                            // the share of m, split between the joints and the painted regions
                            let focused =
                                ((m as f64 * share).round() as usize).clamp(1, m.saturating_sub(1).max(1));
                            let inertia = if regions.is_empty() { 0 } else { focused / 2 };
                            SubspaceSetting::FocusedEigenmodes {
                                joint: focused - inertia,
                                roles: roles.clone(),
                                inertia,
                                regions: regions.clone(),
                            }
                        }
                        _ => subspace.clone(),
                    };
                    let s = PrecomputeSettings {
                        modes: m,
                        clusters: *clusters,
                        subspace,
                        complementarity: comp.setting(),
                        ..settings.clone()
                    };
                    let what = format!("{name} m = {m:>2} [{clusters_name} clusters, {}]", comp.name());
                    let clock = Instant::now();
                    let (out, report) = match precompute(mesh.clone(), rig.clone(), &s, Arc::new(|_| {})) {
                        Ok(x) => x,
                        Err(e) => {
                            eprintln!("  {what}: {e}");
                            rows.push(json!({"method": name, "m": m, "clusters": clusters_name,
                                "complementarity": comp.name(), "error": e.to_string()}));
                            continue;
                        }
                    };
                    let precompute_s = clock.elapsed().as_secs_f64();
                    let model = ReducedModel::from_parts(out.reduced.clone())?;
                    let b = skinning_subspace(&mesh.vertices, &out.weights);
                    let v = constraint_rows(&out.reduced);
                    // the span {B z : V z = 0}, and its M-orthogonal projector
                    let span = projection::skinning_span(&b.to_dense(), v)?;
                    let projector = Projector::new(&span, &mass)?;
                    let mut per = Vec::new();
                    let mut all_us = Vec::new();
                    for (k, (series, in_prior)) in runs.iter().enumerate() {
                        if name == "force_dual_without_jumps" && series.name != "jumps" {
                            continue;
                        }
                        let mut st = StepState::at_rest(&model, &series.p[0]);
                        let mut acc = Accum::default();
                        for (t, p) in series.p.iter().enumerate() {
                            let c = Instant::now();
                            model.step(&mut st, p, &opts);
                            acc.step_us.push(c.elapsed().as_secs_f64() * 1e6);
                            let u = spmv(&b, &st.z);
                            setup.add(&mut acc, &u, &reference[k][t]);
                            if let Some((_, _, models)) =
                                snapshot.as_mut().filter(|(run, tick, _)| (*run, *tick) == (k, t))
                            {
                                models.push(
                                    json!({"model": format!("{name} m = {m}, {clusters_name} clusters, \
                                    {} complementarity", comp.name()), "u": u}),
                                );
                            }
                        }
                        all_us.extend_from_slice(&acc.step_us);
                        let proj = projector.sums(&reference[k], &mass, groups);
                        let stat = static_sums(&span, k)?;
                        per.push(motion_row(
                            &series.name,
                            *in_prior && name != "force_dual_without_jumps",
                            &acc,
                            &full_acc[k],
                            Some(&proj),
                            stat.as_ref(),
                        ));
                    }
                    let median_step_us = if all_us.is_empty() { None } else { Some(median(all_us)) };
                    eprintln!(
                        "  {what}: {}  (precompute {precompute_s:.1} s, median step {:.0} µs, residual {:.1e}, \
                         V {} rows, span {}{})",
                        summary(&per),
                        median_step_us.unwrap_or(f64::NAN),
                        report.complementarity_residual,
                        v.map_or(0, |v| v.nrows()),
                        projector.rank(),
                        if projector.pseudo_inverse() { ", pseudo-inverse" } else { "" }
                    );
                    eprintln!("      {}", region_summary(&per));
                    rows.push(json!({
                        "method": name, "m": m, "dofs": 12 * m, "clusters": clusters_name,
                        "complementarity": comp.name(),
                        "constraint_rows": v.map_or(0, |v| v.nrows()), "span_dofs": projector.rank(),
                        "projection_pseudo_inverse": projector.pseudo_inverse(),
                        "precompute_s": precompute_s, "median_step_us": median_step_us,
                        "complementarity_residual": report.complementarity_residual,
                        "eigenvalues": report.eigenvalues, "motions": per,
                    }));
                }
            }
        }
    }
    // linear modal analysis (12m vector modes of the rest Hessian on 𝒥ᵀu = 0): the first-order part of the
    // rotation-strain subspace, and paper 004's Σ_F = M special case; statics and projection only
    if a.runs("lma") && statics.is_some() {
        let most = 12 * a.modes.iter().copied().max().unwrap_or(1);
        match constrained_lma(mesh, &material, &mass, &jcal, most) {
            Ok(lma) => {
                for &m in &a.modes {
                    let b = lma.modes.subcols(0, (12 * m).min(lma.modes.ncols())).to_owned();
                    let projector = Projector::new(&b, &mass)?;
                    let mut per = Vec::new();
                    for (k, (series, in_prior)) in runs.iter().enumerate() {
                        let proj = projector.sums(&reference[k], &mass, groups);
                        let stat = static_sums(&b, k)?;
                        per.push(json!({
                            "motion": series.name, "in_prior": in_prior,
                            "projection_error": proj.error(),
                            "static_error": stat.and_then(|s| s.error()),
                            "regions": region_json(None, Some(&proj), stat.as_ref()),
                        }));
                    }
                    eprintln!("  {:>26} m = {m:>2}: {}", "lma", summary(&per));
                    eprintln!("      {}", region_summary(&per));
                    rows.push(
                        json!({"method": "lma", "m": m, "dofs": b.ncols(), "span_dofs": projector.rank(),
                                     "motions": per}),
                    );
                }
            }
            Err(e) => eprintln!("  lma: {e}"),
        }
    } else if a.runs("lma") {
        eprintln!("  lma: skipped ({} vertices > {MAX_VERTICES}: dense)", mesh.n());
    }
    let mut rs_runs = runs.iter().any(|(s, _)| a.rs_motions.contains(&s.name));
    if a.runs("rotation_strain") && !rs_runs {
        eprintln!("  rotation_strain: skipped (no --rs-motions among the compared motions)");
    } else if a.runs("rotation_strain") && mesh.n() > MAX_VERTICES {
        eprintln!("  rotation_strain: skipped ({} vertices > {MAX_VERTICES}: dense)", mesh.n());
        rs_runs = false;
    }
    for &m in a.rs_modes.iter().filter(|_| a.runs("rotation_strain") && rs_runs) {
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
        let mut all_us = Vec::new();
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
            all_us.extend_from_slice(&acc.step_us);
            // no linear span to project on: projection_error null
            per.push(motion_row(&series.name, *in_prior, &acc, &full_acc[i], None, None));
        }
        let median_step_us = if all_us.is_empty() { None } else { Some(median(all_us)) };
        eprintln!(
            "  {:>26} m = {m:>2}: {}  (precompute {precompute_s:.1} s)",
            "rotation_strain",
            summary(&per)
        );
        eprintln!("      {}", region_summary(&per));
        rows.push(json!({"method": "rotation_strain", "m": m, "dofs": k, "precompute_s": precompute_s,
                         "median_step_us": median_step_us, "motions": per}));
    }
    let full_rows: Vec<_> = runs
        .iter()
        .zip(&full_acc)
        .map(|((s, _), acc)| motion_row(&s.name, false, acc, acc, None, None))
        .collect();
    let counts = groups.counts();
    let report = json!({
        "benchmark": "subspaces",
        "avatar": label, "resolution": resolution,
        "vertices": mesh.n(), "tets": mesh.t(), "rig_params": rig.num_params(),
        "constraint_rank": full.constraint_rank(),
        "tick_hz": TICK_HZ, "iterations": a.iterations, "clusters": a.clusters.join(","),
        "methods": a.methods,
        "complementarity": a.complementarity.iter().map(|c| c.name()).collect::<Vec<_>>(),
        "max_ticks": a.max_ticks, "statics": statics.is_some(),
        "region_vertices": REGIONS.iter().zip(counts).map(|(r, c)| (r.to_string(), json!(c)))
            .collect::<serde_json::Map<_, _>>(),
        "notes": {
            "projection_error": "M-orthogonal projection of the full-space displacement onto the span \
                {B z : V z = 0}: the best any model in the span can do; null for rotation_strain (nonlinear \
                reconstruction, no linear span)",
            "regions": "head: head, neck; torso: chest, belly, back, buttocks; limbs: arms, hands, legs, \
                feet; each error restricted to the region's vertices (numerator and denominator)",
        },
        "prior": priors.as_ref().map(|(all, loo)| json!({"source": all.source, "rank": all.cols,
                  "trace_fraction": all.trace_fraction, "without_jumps": loo.source})),
        "full": full_rows,
        "results": rows,
        "seconds": started.elapsed().as_secs_f64(),
    });
    let path = a.report_path();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    if let (Some((k, t, models)), Some(motion)) = (snapshot, &a.snapshot) {
        // the posed rest shape x = J p + x₀ at that tick, and the surface
        let mut x = spmv(&jac, &runs[k].0.p[t]);
        x.iter_mut().zip(&x0).for_each(|(x, o)| *x += o);
        let render = render_snapshot(&loaded.asset.render, mesh, &setup.near, &runs[k].0.p[t], &models)?;
        let snap = json!({
            "avatar": label, "motion": motion, "tick": t, "tick_hz": TICK_HZ,
            "layout": "posed and u: 3n, coordinate-major (x of every vertex, then y, then z)",
            "triangles": mesh.boundary_faces(), "posed": x,
            "head": setup.near, "models": models, "render": render,
        });
        let file = path.with_file_name(format!("snapshot-{motion}.json"));
        write_report(&file, &snap)?;
    } else if let Some(motion) = &a.snapshot {
        eprintln!("snapshot: no motion `{motion}` was run");
    }
    write_report(&path, &report)
}
