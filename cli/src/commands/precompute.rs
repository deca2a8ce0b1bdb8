//! `avatard precompute` (mesh + rig → asset + report), and the precompute flags `import` shares.

use super::EigensolverArg;
use anyhow::{bail, Context, Result};
use avatar_lab::args::CacheArgs;
use avatar_lab::util::write_json;
use avatar_sim::anatomy::AnatomySettings;
use avatar_sim::asset;
use avatar_sim::mesh::read_mesh;
use avatar_sim::modes::EigenProgress;
use avatar_sim::precompute::{ClusterCount, LeakSetting, MaterialSetting, SubspaceSetting};
use avatar_sim::precompute::{PrecomputeSettings, Progress};
use avatar_sim::rig::{Rig, RigPart};
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum LeakKind {
    /// Surface diffusion: the surface leaks most (paper 000, §4.3).
    Diffuse,
    /// `D = I`: rigid rig motion never excites secondary motion.
    None,
}

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct PrecomputeArgs {
    /// Tet mesh: TetGen `.node` (with its `.ele`) or `.ele`, MEDIT `.mesh`, Gmsh `.msh` (v2/v4 ASCII), or
    /// `default` for the embedded default avatar (its own rig; `--rig` must be left out).
    #[arg(long)]
    pub mesh: PathBuf,
    /// `affine` (one global affine handle) or a rig file (JSON, see docs/avatars.md).
    #[arg(long, default_value = "affine")]
    pub rig: String,
    #[command(flatten)]
    pub settings: SettingsArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// Where an asset-making command writes (shared by `precompute` and `import`).
#[derive(clap::Args, Debug, Clone)]
pub struct OutputArgs {
    /// The asset file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Where to write the report (JSON).
    #[arg(long)]
    pub report: Option<PathBuf>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// Each tet's material (`--material`).
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum MaterialKind {
    /// Bone, muscle and fat from the rig's skeleton (the default for rigs with bones).
    Anatomical,
    /// `--youngs`, `--poisson`, `--density` in every tet (the default for rigs without bones).
    Homogeneous,
}

/// The precompute's parameters (shared by `precompute` and `import`). Left out, each takes the value of the
/// settings the input starts from: the default avatar's own ([`asset::default_avatar::settings`]), or the
/// generic ones with the anatomical material for a rig with bones.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SettingsArgs {
    /// Skinning modes m (12m reduced coordinates) [default: 16; `import`: 32].
    #[arg(long)]
    pub modes: Option<usize>,
    /// Clusters for the hyper-reduced solver, or `all` for one per tet (exact) [default: 100].
    #[arg(long)]
    pub clusters: Option<ClusterCount>,
    /// Each tet's material [default: anatomical for a rig with bones, else homogeneous].
    #[arg(long, value_enum)]
    pub material: Option<MaterialKind>,
    /// Anatomy settings for `--material anatomical` (JSON, every field optional: tissues `bone`, `muscle`,
    /// `fat` with `youngs` and `density`, `poisson`, `grade`, `fat_depth`, `bone_radius_fraction`,
    /// `bone_radius_range`, and `overrides` by `bones` or `regions` with `softness` or `rigid`; see the
    /// docs/flesh.md) [default: the default avatar's: head and hands rigid, calves and feet 50× firmer].
    #[arg(long)]
    pub anatomy: Option<PathBuf>,
    /// Young's modulus (Pa) of the homogeneous material [default: 2e4].
    #[arg(long)]
    pub youngs: Option<f64>,
    /// Poisson's ratio of the homogeneous material, in [0, 0.5) [default: 0.35].
    #[arg(long)]
    pub poisson: Option<f64>,
    /// Density (kg/m³) of the homogeneous material [default: 1000].
    #[arg(long)]
    pub density: Option<f64>,
    /// Time step (s) of the run-time solver [default: 1/120].
    #[arg(long)]
    pub dt: Option<f64>,
    /// Momentum leak `D` of the complementarity constraint [default: diffuse].
    #[arg(long, value_enum)]
    pub momentum_leak: Option<LeakKind>,
    /// Strength of the diffused leak, in [0, 1] [default: 1].
    #[arg(long)]
    pub leak_strength: Option<f64>,
    /// Diffusion length of the leak (m) [default: 3 mean edge lengths].
    #[arg(long)]
    pub leak_length: Option<f64>,
    /// k-means++ seed [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// [default: sparse]
    #[arg(long, value_enum)]
    pub eigensolver: Option<EigensolverArg>,
    /// The subspace: skinning eigenmodes (paper 000), or force-dual skinning eigenmodes (paper 004) designed
    /// from the loads the avatar sees (`--force-prior`, `--paint`) [default: skinning-eigenmodes].
    #[arg(long, value_enum)]
    pub subspace: Option<SubspaceKind>,
    /// How complementarity to the rig is kept: bones per weight and blendshapes on the reduced coordinates
    /// (`split`), or every column per weight (`weights`, the paper as written) [default: split].
    #[arg(long, value_enum)]
    pub complementarity: Option<super::ComplementarityArg>,
    /// Force-dual: the rig-inertia prior written by `avatard prior` (the rig's accelerations on real motion).
    #[arg(long)]
    pub force_prior: Option<PathBuf>,
    /// Force-dual: painted acceleration variance (m²/s⁴) by body region, e.g. `belly=400,chest=200`: loads
    /// that regions should answer locally (regions of `avatard bench jiggle`).
    #[arg(long, value_delimiter = ',', value_parser = parse_paint)]
    pub paint: Vec<(String, f64)>,
    /// The held part of the flesh (full space's quasi-static correction at bent joints, trained per joint
    /// from full-space static solves: about a minute for a 3,000-tet import, much longer for the default
    /// avatar's 70,000 tets) [default: on for `import`, off for `precompute`].
    #[arg(long, value_enum)]
    pub held: Option<HeldArg>,
}

/// `--held`.
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum HeldArg {
    On,
    Off,
}

/// `--subspace`.
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum SubspaceKind {
    /// Skinning eigenmodes (paper 000, Eq. 22).
    SkinningEigenmodes,
    /// Force-dual skinning eigenmodes (paper 004, §4.5).
    ForceDual,
    /// Eq. 22's modes, then a quarter of `--modes` from the neck's and head's joint strain and a quarter from
    /// inertia painted on the head (`SubspaceSetting::FocusedEigenmodes`): coordinates where a webcam avatar
    /// is looked at. The head's quarter moves only a soft head or face (an anatomy `skin`).
    Focused,
}

fn parse_paint(s: &str) -> Result<(String, f64), String> {
    let (region, var) = s.split_once('=').ok_or_else(|| format!("{s:?}: write REGION=VARIANCE"))?;
    let v: f64 = var.parse().map_err(|_| format!("{s:?}: the variance is not a number"))?;
    Ok((region.trim().to_owned(), v))
}

/// The force-dual setting of `--force-prior FILE` and `--paint`.
fn force_dual_setting(
    prior: Option<&PathBuf>,
    paint: &[(String, f64)],
) -> Result<avatar_sim::precompute::ForceDualSetting> {
    let (rows, cols, factor, source) = match prior {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading the force prior {}", path.display()))?;
            let p: avatar_lab::prior::RigAccelPrior = serde_json::from_str(&text).with_context(|| {
                format!("the force prior {} (written by `avatard prior`)", path.display())
            })?;
            if p.factor.len() != p.rows * p.cols {
                bail!(
                    "the force prior {}: {} values for a {}×{} factor",
                    path.display(),
                    p.factor.len(),
                    p.rows,
                    p.cols
                );
            }
            (p.rows, p.cols, p.factor, format!("{} ({})", path.display(), p.source))
        }
        None => (0, 0, Vec::new(), "painted only".to_owned()),
    };
    if cols == 0 && paint.is_empty() {
        bail!("--subspace force-dual needs a load: --force-prior FILE (from `avatard prior`) and/or --paint");
    }
    Ok(avatar_sim::precompute::ForceDualSetting {
        pdd_rows: rows,
        pdd_cols: cols,
        pdd_factor: factor,
        paint: paint.to_vec(),
        source,
    })
}

impl SettingsArgs {
    /// `base` with the flags given applied; `bones`: whether the rig has a skeleton (the material's default).
    pub fn settings(&self, base: PrecomputeSettings, bones: bool) -> Result<PrecomputeSettings> {
        let mut s = base;
        macro_rules! set {
            ($($f:ident),*) => { $(if let Some(v) = self.$f { s.$f = v; })* };
        }
        set!(modes, clusters, youngs, poisson, density, dt, seed);
        if let Some(e) = self.eigensolver {
            s.eigensolver = e.into();
        }
        if let Some(c) = self.complementarity {
            s.complementarity = c.into();
        }
        let (old_strength, old_length) = match s.leak {
            LeakSetting::Diffuse { strength, length } => (strength, length),
            LeakSetting::None => (1.0, None),
        };
        s.leak = match (self.momentum_leak, s.leak) {
            (Some(LeakKind::None), _) | (None, LeakSetting::None) => {
                if self.leak_strength.is_some() || self.leak_length.is_some() {
                    bail!("--leak-strength and --leak-length need --momentum-leak diffuse");
                }
                LeakSetting::None
            }
            (Some(LeakKind::Diffuse), _) | (None, LeakSetting::Diffuse { .. }) => LeakSetting::Diffuse {
                strength: self.leak_strength.unwrap_or(old_strength),
                length: self.leak_length.or(old_length),
            },
        };
        let anatomy = match &self.anatomy {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading the anatomy settings {}", path.display()))?;
                Some(
                    serde_json::from_str::<AnatomySettings>(&text)
                        .with_context(|| format!("the anatomy settings {}", path.display()))?,
                )
            }
            None => None,
        };
        let kind =
            self.material.unwrap_or(if bones { MaterialKind::Anatomical } else { MaterialKind::Homogeneous });
        s.material = match kind {
            MaterialKind::Homogeneous => {
                if anatomy.is_some() {
                    bail!("--anatomy needs --material anatomical");
                }
                MaterialSetting::Homogeneous
            }
            MaterialKind::Anatomical => {
                if self.youngs.is_some() || self.poisson.is_some() || self.density.is_some() {
                    bail!(
                        "--youngs, --poisson and --density set the homogeneous material: add --material \
                         homogeneous (the anatomical material's tissues are set with --anatomy FILE)"
                    );
                }
                if !bones {
                    bail!("--material anatomical needs a rig with bones (the skeleton places the bones)");
                }
                MaterialSetting::Anatomical(anatomy.unwrap_or_else(|| match &s.material {
                    MaterialSetting::Anatomical(a) => a.clone(),
                    MaterialSetting::Homogeneous => avatar_sim::asset::default_avatar::anatomy(),
                }))
            }
        };
        match self.subspace {
            Some(SubspaceKind::ForceDual) => {
                s.subspace =
                    SubspaceSetting::ForceDual(force_dual_setting(self.force_prior.as_ref(), &self.paint)?)
            }
            Some(SubspaceKind::Focused) => {
                if self.force_prior.is_some() || !self.paint.is_empty() {
                    bail!("--force-prior and --paint design force-dual modes: use --subspace force-dual");
                }
                if !bones {
                    bail!("--subspace focused needs a rig with bones (the neck and head it focuses on)");
                }
                let quarter = (s.modes / 4).max(1);
                s.subspace = SubspaceSetting::FocusedEigenmodes {
                    joint: quarter,
                    roles: vec!["neck".into(), "head".into()],
                    inertia: quarter,
                    regions: vec!["head".into()],
                };
            }
            Some(SubspaceKind::SkinningEigenmodes) | None => {
                if self.force_prior.is_some() || !self.paint.is_empty() {
                    bail!("--force-prior and --paint design force-dual modes: add --subspace force-dual");
                }
                if self.subspace.is_some() {
                    s.subspace = SubspaceSetting::SkinningEigenmodes;
                }
            }
        }
        match self.held {
            Some(HeldArg::On) => {
                if !bones {
                    bail!("--held on needs a rig with bones (the joints it learns)");
                }
                s.held.get_or_insert_with(avatar_sim::held::HeldSettings::default);
            }
            Some(HeldArg::Off) => s.held = None,
            None => {}
        }
        s.validate()?;
        Ok(s)
    }
}

/// A spinner on stderr naming the current phase (hidden when stderr is not a terminal).
pub(crate) fn phase_spinner() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// The precompute's progress callback, showing phases and Krylov progress on `spinner`.
pub(crate) fn spinner_progress(spinner: &indicatif::ProgressBar) -> avatar_sim::precompute::ProgressFn {
    let started = std::time::Instant::now();
    let bar = spinner.clone();
    std::sync::Arc::new(move |p: Progress| {
        let what = match p {
            Progress::Phase(phase) => phase.to_string(),
            Progress::Eigen(EigenProgress::Lanczos { krylov, converged, wanted }) => {
                format!("skinning eigenmodes: {converged}/{wanted} converged, {krylov} Krylov vectors")
            }
            Progress::Eigen(e) => format!("skinning eigenmodes: {e:?}"),
            Progress::Held { done, total } => format!("held flesh: {done}/{total} joints trained"),
        };
        bar.set_message(format!("{what} ({:.1} s)", started.elapsed().as_secs_f64()));
    })
}

pub fn precompute(a: PrecomputeArgs) -> Result<()> {
    let cache = a.output.cache.cache();
    let spinner = phase_spinner();
    let progress = spinner_progress(&spinner);
    let (built, mesh_note) = if a.mesh.as_os_str() == asset::default_avatar::NAME {
        if a.rig != "affine" {
            bail!("--mesh default brings its own rig: leave out --rig");
        }
        let settings = a.settings.settings(asset::default_avatar::settings(), true)?;
        spinner.set_message("default avatar");
        (asset::default_avatar(&settings, cache.as_ref(), progress)?, serde_json::json!({}))
    } else {
        let (mesh, load) =
            read_mesh(&a.mesh).with_context(|| format!("reading the mesh {}", a.mesh.display()))?;
        if load.mesh.flipped > 0 {
            tracing::warn!(
                flipped = load.mesh.flipped,
                "tets were inverted in the file; their orientation was fixed"
            );
        }
        let rig = if a.rig == "affine" {
            Rig::affine()
        } else {
            Rig::load(&a.rig).with_context(|| format!("reading the rig {}", a.rig))?
        };
        let bones = rig.parts().iter().any(|p| matches!(p, RigPart::Lbs(l) if l.num_bones() > 0));
        let settings = a.settings.settings(PrecomputeSettings::default(), bones)?;
        let key = asset::tet_mesh_key(&mesh, &rig, &settings);
        let name = a.mesh.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let built = asset::cached(key, cache.as_ref(), |key| {
            asset::precompute_tet_mesh(mesh, rig, &settings, ("tet-mesh", &name), key, progress)
        })
        .with_context(|| format!("precomputing {}", a.mesh.display()))?;
        let note = serde_json::json!({
            "flipped_tets": load.mesh.flipped,
            "dropped_vertices": load.dropped_vertices,
        });
        (built, note)
    };
    spinner.finish_and_clear();
    asset::write_atomically(&a.output.out, &built.bytes)?;
    let mut full = built.report.clone();
    if !full.is_object() {
        full = serde_json::json!({});
    }
    full["mesh"] = a.mesh.display().to_string().into();
    for (k, v) in mesh_note.as_object().into_iter().flatten() {
        full[k] = v.clone();
    }
    full["asset"] = a.output.out.display().to_string().into();
    full["asset_hash"] = asset::hex(&built.hash).into();
    full["asset_bytes"] = built.bytes.len().into();
    full["cache_key"] = built.key.0.clone().into();
    full["cached"] = built.cached.into();
    if let Some(path) = &a.output.report {
        write_json(path, &full)?;
    }
    let report = &built.asset.sim;
    let num = |k: &str| full[k].as_f64().unwrap_or(f64::NAN);
    println!(
        "{} vertices, {} tets, {} modes (constraint rank {}), {} clusters; complementarity residual {:.1e}; \
         {} -> {} ({} bytes, {})",
        report.mesh.n(),
        report.mesh.t(),
        report.weights.ncols(),
        report.constraint_rank,
        report.clustering.r,
        num("complementarity_residual"),
        if built.cached {
            "from the cache".to_string()
        } else {
            format!(
                "{:.2} s (modes {:.2} s)",
                full["seconds"]["total"].as_f64().unwrap_or(0.0),
                full["seconds"]["modes"].as_f64().unwrap_or(0.0)
            )
        },
        a.output.out.display(),
        built.bytes.len(),
        &asset::hex(&built.hash)[..16]
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--held on` asks the precompute for the held part (default settings), `--held off` removes it, neither
    /// keeps the base's; a rig without bones refuses `on`.
    #[test]
    fn held_flag_sets_the_held_part() {
        let base = PrecomputeSettings::default();
        let on = SettingsArgs { held: Some(HeldArg::On), ..Default::default() };
        let s = on.settings(base.clone(), true).unwrap();
        assert_eq!(s.held, Some(avatar_sim::held::HeldSettings::default()));
        let off = SettingsArgs { held: Some(HeldArg::Off), ..Default::default() };
        assert_eq!(off.settings(s.clone(), true).unwrap().held, None);
        assert_eq!(SettingsArgs::default().settings(s, true).unwrap().held, Some(Default::default()));
        assert_eq!(SettingsArgs::default().settings(base.clone(), true).unwrap().held, None);
        let err = on.settings(base, false).unwrap_err().to_string();
        assert!(err.contains("bones"), "{err}");
    }
}
