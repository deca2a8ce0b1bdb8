//! What determines the precompute's result besides the mesh and the rig ([`PrecomputeSettings`]), and its
//! checks.

use crate::leak::MomentumLeak;
use crate::precompute::error::PrecomputeError;
use faer::Mat;
use serde::{Deserialize, Serialize};

/// How many clusters the hyper-reduced solver uses (§6).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClusterCount {
    /// k-means++ with this many clusters, then split into connected components.
    KMeans(usize),
    /// One cluster per tet: the exact, unclustered solver.
    PerTet,
}

impl std::str::FromStr for ClusterCount {
    type Err = String;

    /// A positive count (`100`) or `all` (one cluster per tet), as the command line and the benchmarks take
    /// it; 0 is refused (a clustered solver needs at least one cluster).
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "all" {
            return Ok(ClusterCount::PerTet);
        }
        match s.parse::<usize>() {
            Ok(0) | Err(_) => Err(format!("expected a positive number of clusters or 'all', got '{s}'")),
            Ok(r) => Ok(ClusterCount::KMeans(r)),
        }
    }
}

/// Which solver computes Eq. 22.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Eigensolver {
    /// Shift-invert Lanczos over a sparse Cholesky factorization (any size).
    Sparse,
    /// Dense null-space method: O(n³), small meshes only (the test oracle).
    Dense,
}

/// The momentum-leak setting (`D` of the constraint `𝒥 = D M J`), as stored.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum LeakSetting {
    /// `D = I`.
    None,
    /// Surface diffusion with this strength in `[0, 1]` and diffusion length (m; `None`: 3 mean edges).
    Diffuse { strength: f64, length: Option<f64> },
}

impl LeakSetting {
    pub(crate) fn to_leak(self) -> MomentumLeak {
        match self {
            LeakSetting::None => MomentumLeak::None,
            LeakSetting::Diffuse { strength, length } => MomentumLeak::Diffuse { strength, length },
        }
    }
}

/// Where each tet's material comes from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum MaterialSetting {
    /// `youngs`, `poisson` and `density` of the settings in every tet (and in assets made before materials
    /// were a setting).
    #[default]
    Homogeneous,
    /// Bone, muscle and fat from the rig's skeleton ([`crate::anatomy`]; paper 000 §4, Fig. 10: the modes
    /// then lie in the soft tissue). `youngs`, `poisson` and `density` are not used.
    Anatomical(crate::anatomy::AnatomySettings),
}

/// Which subspace the mode weights `W` span.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum SubspaceSetting {
    /// The lowest solutions of Eq. 22 (paper 000): the stiffness-ordered skinning eigenmodes.
    #[default]
    SkinningEigenmodes,
    /// Force-Dual skinning eigenmodes (paper 004, Eq. 8 with Eq. 15, scalarized per §4.5): the principal
    /// components of the displacements that random rig accelerations and painted body accelerations cause
    /// ([`crate::modes::force_dual`]).
    ForceDual(ForceDualSetting),
    /// Eq. 22's lowest modes, then Force-Dual modes focused where a webcam avatar is looked at
    /// ([`crate::modes::joint_strain`]): `joint` from the skinning's strain at the joints of `roles` (the neck
    /// under a rigid skull), then `inertia` from a unit acceleration painted on `regions` (the face's soft
    /// layer); each set M-orthogonal to those before it. `modes − joint − inertia` are Eq. 22's.
    FocusedEigenmodes {
        joint: usize,
        /// VRM humanoid roles whose bones' joints make the strain prior (empty: every bone).
        #[serde(default)]
        roles: Vec<String>,
        #[serde(default)]
        inertia: usize,
        /// Body regions ([`crate::rig::BodyRegion`] names) of the painted inertia.
        #[serde(default)]
        regions: Vec<String>,
    },
}

impl SubspaceSetting {
    /// The default (paper 000's modes).
    pub fn is_skinning_eigenmodes(&self) -> bool {
        matches!(self, SubspaceSetting::SkinningEigenmodes)
    }
}

/// The force prior of [`SubspaceSetting::ForceDual`]: `Σ_F = M J Σ_p̈ Jᵀ M + painted diagonal`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ForceDualSetting {
    /// Σ_p̈ = F Fᵀ of the rig parameters' accelerations: F stored column-major (p rows × k cols).
    pub pdd_rows: usize,
    pub pdd_cols: usize,
    pub pdd_factor: Vec<f64>,
    /// Painted acceleration variance by body region name (BodyRegion::name, e.g. "belly", "chest"), in m²/s⁴.
    pub paint: Vec<(String, f64)>,
    /// Where the prior came from (free text, for the report).
    pub source: String,
}

impl ForceDualSetting {
    /// `F` (p × k) of `Σ_p̈ = F Fᵀ`.
    pub fn pdd_matrix(&self) -> Mat<f64> {
        Mat::<f64>::from_fn(self.pdd_rows, self.pdd_cols, |i, j| self.pdd_factor[j * self.pdd_rows + i])
    }

    /// Sizes, finiteness and region names (the rig's parameter count is checked by [`precompute`]).
    pub fn validate(&self) -> Result<(), PrecomputeError> {
        let bad = |m: String| Err(PrecomputeError::Settings(m));
        if self.pdd_factor.len() != self.pdd_rows * self.pdd_cols {
            return bad(format!(
                "force_dual.pdd_factor has {} values, expected pdd_rows × pdd_cols = {} × {}",
                self.pdd_factor.len(),
                self.pdd_rows,
                self.pdd_cols
            ));
        }
        if let Some(i) = self.pdd_factor.iter().position(|x| !x.is_finite()) {
            return bad(format!("force_dual.pdd_factor[{i}] = {} is not finite", self.pdd_factor[i]));
        }
        for (name, s) in &self.paint {
            if crate::rig::regions::BodyRegion::from_name(name).is_none() {
                return bad(format!("force_dual.paint: unknown body region '{name}'"));
            }
            if !(s.is_finite() && *s >= 0.0) {
                return bad(format!("force_dual.paint: variance {s} of '{name}' must be finite and ≥ 0"));
            }
        }
        if self.pdd_cols == 0 && self.paint.iter().all(|(_, s)| *s == 0.0) {
            return bad(
                "force_dual: the force prior is empty (no pdd_factor columns, no painted variance)".into()
            );
        }
        Ok(())
    }
}

/// Everything that, with the mesh and the rig, determines the precompute's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrecomputeSettings {
    /// Skinning modes m (the reduced state has 12m coordinates).
    pub modes: usize,
    pub clusters: ClusterCount,
    /// Each tet's material.
    #[serde(default)]
    pub material: MaterialSetting,
    /// Young's modulus (Pa) and Poisson's ratio of the textbook co-rotational energy with (μ/2, λ/2)
    /// (`method-pitfalls.md` §2), and density (kg/m³), of the homogeneous material.
    pub youngs: f64,
    pub poisson: f64,
    pub density: f64,
    /// Time step h (s) baked into the global matrix `A = 2BᵀLB + BᵀMB/h²`.
    pub dt: f64,
    pub leak: LeakSetting,
    /// Seed of k-means++ (clusters are reproducible).
    pub seed: u64,
    pub eigensolver: Eigensolver,
    /// Skinning eigenmodes (default, and in settings written before this field) or Force-Dual modes. Not
    /// written when default, so the settings JSON (and the asset cache keys hashed from it) of skinning
    /// eigenmode runs stay byte-identical to those from before this field.
    #[serde(default, skip_serializing_if = "SubspaceSetting::is_skinning_eigenmodes")]
    pub subspace: SubspaceSetting,
    /// How complementarity to the rig is imposed ([`Complementarity`]). Always written (so the asset cache keys
    /// of the default, `split`, differ from those built before it); settings written before this field read
    /// as `weights`, which is how they were built.
    #[serde(default = "Complementarity::before_split")]
    pub complementarity: Complementarity,
    /// Train the held (quasi-static) part of the flesh after the precompute ([`crate::held`]; `None`: none).
    /// Not written when `None`, so the settings JSON and cache keys of runs without it stay as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<crate::reduced::held::HeldSettings>,
}

/// How the subspace is made complementary to the rig, `𝒥ᵀ B z = 0` (paper 000, Eq. 19–21), exact either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Complementarity {
    /// Eq. 20–21 on every rig column: `J_w w_i = 0` for each mode's weights. Twelve conditions per column on
    /// every weight: a blendshape's few vertices (a face expression) get zero weight in every mode.
    Weights,
    /// Eq. 20–21 on the transform columns (affine handle, bones) only; the blendshape columns `b` as `k ≤ |b|`
    /// linear conditions `V z = 0` on the reduced coordinates (`V`: an orthonormal row basis of `𝒥_bᵀ B`),
    /// imposed in the step's global solve ([`crate::reduced::ReducedParts::constraint`]). The weights are free
    /// where only blendshapes act; `B z` stays complementary to every column.
    #[default]
    Split,
}

impl Complementarity {
    fn before_split() -> Self {
        Complementarity::Weights
    }
}

impl Default for PrecomputeSettings {
    fn default() -> Self {
        PrecomputeSettings {
            modes: 16,
            clusters: ClusterCount::KMeans(100),
            material: MaterialSetting::Homogeneous,
            youngs: 2e4,
            poisson: 0.35,
            density: 1000.0,
            dt: 1.0 / 120.0,
            leak: LeakSetting::Diffuse { strength: 1.0, length: None },
            seed: 1,
            eigensolver: Eigensolver::Sparse,
            subspace: SubspaceSetting::SkinningEigenmodes,
            complementarity: Complementarity::Split,
            held: None,
        }
    }
}

impl PrecomputeSettings {
    /// Refuse settings no run could use, naming the setting.
    pub fn validate(&self) -> Result<(), PrecomputeError> {
        let bad = |m: String| Err(PrecomputeError::Settings(m));
        if self.modes == 0 {
            return bad("--modes must be at least 1".into());
        }
        if self.clusters == ClusterCount::KMeans(0) {
            return bad("--clusters must be at least 1 (or 'all' for one cluster per tet)".into());
        }
        if !(self.dt.is_finite() && self.dt > 0.0) {
            return bad(format!("--dt {} must be finite and > 0", self.dt));
        }
        if let LeakSetting::Diffuse { strength, length } = self.leak {
            if !(0.0..=1.0).contains(&strength) {
                return bad(format!("--leak-strength {strength} must be in [0, 1]"));
            }
            if length.is_some_and(|l| !(l.is_finite() && l > 0.0)) {
                return bad(format!("--leak-length {length:?} must be finite and > 0"));
            }
        }
        // Young's modulus, Poisson's ratio and density are checked by Material::homogeneous.
        if let MaterialSetting::Anatomical(a) = &self.material {
            a.validate()?;
        }
        if let SubspaceSetting::ForceDual(f) = &self.subspace {
            f.validate()?;
        }
        if let SubspaceSetting::FocusedEigenmodes { joint, inertia, regions, .. } = &self.subspace {
            if joint + inertia >= self.modes || joint + inertia == 0 || (*inertia > 0) == regions.is_empty() {
                return bad(format!(
                    "{joint} joint-strain and {inertia} painted modes of {} modes: need 0 < joint + inertia < \
                     modes (the rest are Eq. 22's), and regions exactly when inertia > 0",
                    self.modes
                ));
            }
            if let Some(r) = regions.iter().find(|r| crate::rig::BodyRegion::from_name(r).is_none()) {
                return bad(format!("focused modes: unknown body region '{r}'"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::ClusterCount;

    #[test]
    fn cluster_counts_parse_as_a_positive_count_or_all() {
        assert_eq!("100".parse::<ClusterCount>(), Ok(ClusterCount::KMeans(100)));
        assert_eq!("all".parse::<ClusterCount>(), Ok(ClusterCount::PerTet));
        for bad in ["0", "-3", "many", "", "1.5"] {
            assert!(bad.parse::<ClusterCount>().is_err(), "{bad:?} was accepted");
        }
    }
}
