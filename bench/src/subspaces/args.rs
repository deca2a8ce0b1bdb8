//! `avatard bench subspaces`' flags ([`SubspacesArgs`]) and their checks.

use anyhow::{bail, Result};
use avatar_lab::args::CacheDirArg;
use avatar_sim::asset::ImportSettings;
use avatar_sim::precompute::{ClusterCount, Complementarity};
use std::path::PathBuf;

/// `--methods`: every subspace the bench knows.
pub const METHODS: [&str; 6] =
    ["skinning_eigenmodes", "focused", "force_dual", "force_dual_without_jumps", "rotation_strain", "lma"];

#[derive(clap::Args, Debug, Clone)]
pub struct SubspacesArgs {
    /// The small avatar: a glTF/VRM file imported at `--resolution` (CC0 Anny by default).
    #[arg(long, default_value = "assets/fixtures/avatars/anny_vrm1.vrm")]
    pub import: PathBuf,
    /// Voxel cells along the avatar's longest side (the simulation mesh's resolution).
    #[arg(long, default_value_t = ImportSettings::default().resolution)]
    pub resolution: usize,
    /// Use the embedded default avatar (through the precompute cache) instead of `--import`. Its full-space
    /// reference is slow and its statics too large: pair with `--motions`, `--max-ticks`, `--no-recordings`.
    #[arg(long)]
    pub default_avatar: bool,
    #[command(flatten)]
    pub cache: CacheDirArg,
    /// Subspaces to run: skinning_eigenmodes, focused (Eq. 22's modes, then force-dual modes of the joints'
    /// strain and of painted inertia: `SubspaceSetting::FocusedEigenmodes`), force_dual,
    /// force_dual_without_jumps, rotation_strain, lma.
    #[arg(long, value_delimiter = ',', default_values = METHODS)]
    pub methods: Vec<String>,
    /// Skinning modes m of the skinning-eigenmode and force-dual subspaces (12m coordinates each).
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4, 8, 16])]
    pub modes: Vec<usize>,
    /// The share of `--modes` that `focused` gives to force-dual modes, half to the joints' strain and half
    /// to the painted regions (a comma list: one run each; at least one mode of each kind).
    #[arg(long, value_delimiter = ',', default_value = "0.5")]
    pub focus_share: Vec<f64>,
    /// The humanoid roles whose joints make `focused`'s strain prior (empty: every bone).
    #[arg(long, value_delimiter = ',', default_value = "neck,head")]
    pub focus_roles: Vec<String>,
    /// Body regions painted with a unit acceleration for `focused`'s second prior (empty: none; all the
    /// share then goes to the joints).
    #[arg(long, value_delimiter = ',', default_value = "head")]
    pub focus_regions: Vec<String>,
    /// Give every rigid anatomy override this soft skin (m; e.g. 0.015: a soft face over the rigid skull), in
    /// the full-space reference and every reduced model alike.
    #[arg(long)]
    pub rigid_skin: Option<f64>,
    /// How the skinning subspaces are made complementary to the rig: `weights` (every rig column in the
    /// per-weight constraint) and/or `split` (blendshape columns as `V z = 0` in the reduced step).
    #[arg(long, value_delimiter = ',', default_value = "split")]
    pub complementarity: Vec<ComplementarityArg>,
    /// m of the rotation-strain runs (12m rotation-strain coordinates); its step costs k Poisson solves per
    /// iteration, so it runs on `--rs-motions` only.
    #[arg(long, value_delimiter = ',', default_values_t = [1usize, 2, 4])]
    pub rs_modes: Vec<usize>,
    /// Motions of `avatard bench jiggle` to compare on (the tracker recordings are added unless
    /// `--no-recordings`).
    #[arg(long, value_delimiter = ',', default_value = "jumps,hop,twist,head,arms")]
    pub motions: Vec<String>,
    /// Compare on `--motions` only (the tracker recordings still train the force-dual prior).
    #[arg(long)]
    pub no_recordings: bool,
    /// Motions the rotation-strain runs use.
    #[arg(long, value_delimiter = ',', default_value = "jumps,head")]
    pub rs_motions: Vec<String>,
    /// Clusters of the reduced step, a comma list (`all`: one per tet, the exact hyper-reduction; otherwise
    /// k-means as in the runtime).
    #[arg(long, value_delimiter = ',', default_value = "100")]
    pub clusters: Vec<String>,
    /// Local-global iterations per step (every model).
    #[arg(long, default_value_t = 10)]
    pub iterations: usize,
    /// Seconds of each motion's last pose held after it.
    #[arg(long, default_value_t = 1.0)]
    pub settle_s: f64,
    /// Compare on at most this many ticks of each series (the prior is still measured on whole series).
    #[arg(long)]
    pub max_ticks: Option<usize>,
    #[arg(long, default_value = "assets/fixtures/cmu_01_01_jumps960.bvh")]
    pub bvh: PathBuf,
    /// Output folder (`subspaces.json` in it), or a `.json` file.
    #[arg(long, default_value = "out/subspaces")]
    pub out: PathBuf,
    /// Also write `snapshot-MOTION.json` beside the report: at the tick where full space's head and neck move
    /// most in this motion, the posed surface and every model's displacement there (for
    /// `tools/plot-subspaces-snapshot`: rig only | each reduced model | full space).
    #[arg(long)]
    pub snapshot: Option<String>,
}

/// `--complementarity`: [`Complementarity`] on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplementarityArg {
    Weights,
    Split,
}

impl ComplementarityArg {
    pub(super) fn setting(self) -> Complementarity {
        match self {
            ComplementarityArg::Weights => Complementarity::Weights,
            ComplementarityArg::Split => Complementarity::Split,
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            ComplementarityArg::Weights => "weights",
            ComplementarityArg::Split => "split",
        }
    }
}

/// `--clusters` entries: [`ClusterCount`]'s one parser (a positive count or `all`).
pub(super) fn parse_clusters(s: &str) -> Result<ClusterCount> {
    s.parse::<ClusterCount>().map_err(|e| anyhow::anyhow!("--clusters: {e}"))
}

impl SubspacesArgs {
    pub(super) fn validate(&self) -> Result<()> {
        if self.modes.is_empty() || self.modes.contains(&0) || self.rs_modes.contains(&0) {
            bail!("--modes and --rs-modes take positive mode counts");
        }
        if self.methods.is_empty() {
            bail!("--methods: name at least one of {}", METHODS.join(", "));
        }
        if let Some(m) = self.methods.iter().find(|m| !METHODS.contains(&m.as_str())) {
            bail!("--methods: unknown method {m:?} (known: {})", METHODS.join(", "));
        }
        if self.rigid_skin.is_some_and(|s| !(s.is_finite() && s >= 0.0)) {
            bail!("--rigid-skin takes a depth ≥ 0 in metres");
        }
        if self.focus_share.iter().any(|s| !(s.is_finite() && *s > 0.0 && *s < 1.0)) {
            bail!("--focus-share takes shares in (0, 1)");
        }
        if self.complementarity.is_empty() {
            bail!("--complementarity: weights and/or split");
        }
        if self.clusters.is_empty() {
            bail!("--clusters: a comma list of counts or `all`");
        }
        for c in &self.clusters {
            parse_clusters(c)?;
        }
        if self.max_ticks == Some(0) {
            bail!("--max-ticks must be at least 1");
        }
        if self.motions.is_empty() && self.no_recordings {
            bail!("--motions is empty and --no-recordings: nothing to compare on");
        }
        Ok(())
    }

    pub(super) fn runs(&self, method: &str) -> bool {
        self.methods.iter().any(|m| m == method)
    }

    /// The report's path: `--out` itself when it names a `.json` file, else `subspaces.json` in it.
    pub(super) fn report_path(&self) -> PathBuf {
        if self.out.extension().is_some_and(|e| e == "json") {
            self.out.clone()
        } else {
            self.out.join("subspaces.json")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: SubspacesArgs,
    }

    fn parse(flags: &[&str]) -> Result<SubspacesArgs> {
        let a = Cli::try_parse_from(std::iter::once("subspaces").chain(flags.iter().copied()))?.args;
        a.validate()?;
        Ok(a)
    }

    /// The defaults run every method under `split` on 100 clusters; the lists parse; bad values are refused.
    #[test]
    fn flags_parse_and_are_validated() {
        let a = parse(&[]).unwrap();
        assert_eq!(a.methods, METHODS);
        assert_eq!(a.complementarity, [ComplementarityArg::Split]);
        assert_eq!(a.clusters, ["100"]);
        assert!(!a.default_avatar && a.max_ticks.is_none());
        assert_eq!(a.report_path(), PathBuf::from("out/subspaces/subspaces.json"));
        let a = parse(&[
            "--methods",
            "skinning_eigenmodes,force_dual",
            "--complementarity",
            "weights,split",
            "--clusters",
            "100,200,all",
            "--default-avatar",
            "--max-ticks",
            "40",
            "--out",
            "/tmp/x.json",
        ])
        .unwrap();
        assert_eq!(a.methods, ["skinning_eigenmodes", "force_dual"]);
        assert_eq!(a.complementarity, [ComplementarityArg::Weights, ComplementarityArg::Split]);
        assert_eq!(a.clusters, ["100", "200", "all"]);
        assert_eq!((a.default_avatar, a.max_ticks), (true, Some(40)));
        assert_eq!(a.report_path(), PathBuf::from("/tmp/x.json"));
        let a = parse(&[
            "--methods",
            "focused",
            "--focus-share",
            "0.25,0.5",
            "--focus-regions",
            "",
            "--rigid-skin",
            "0.015",
        ])
        .unwrap();
        assert_eq!(a.focus_share, [0.25, 0.5]);
        assert_eq!(a.focus_roles, ["neck", "head"]);
        assert_eq!(a.focus_regions, [""]);
        assert_eq!(a.rigid_skin, Some(0.015));
        for bad in [
            &["--methods", "eigen"][..],
            &["--complementarity", "both"],
            &["--clusters", "100,many"],
            &["--max-ticks", "0"],
            &["--modes", "0"],
            &["--focus-share", "1.0"],
            &["--focus-share", "0"],
            &["--rigid-skin", "-0.01"],
            &["--rigid-skin", "NaN"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} accepted");
        }
    }
}
