//! The precompute pipeline (paper 000, Alg. 1, §6 and §8.2): tet mesh + linear rig + material → skinning
//! eigenmodes, clusters and the reduced matrices of the run-time step, phase by phase.

use crate::fem::{lumped_mass, weight_space_hessian, Material};
use crate::leak::leak_diagonal;
use crate::mesh::tet_mesh::TetMesh;
use crate::modes::dense::{complementarity_matrix, dense_modes, weight_space_constraint, WeightConstraint};
use crate::modes::focused::eigen_and_force_dual_modes;
use crate::modes::force_dual::{dense_force_dual_modes, force_dual_modes, rig_inertia_factor, ForcePrior};
use crate::modes::joint_strain::joint_strain_prior;
use crate::modes::lanczos::{sparse_modes, EigenSettings};
use crate::precompute::error::PrecomputeError;
use crate::precompute::report::{
    constrained_complementarity_residual, orthonormality_error, Phase, PhaseSeconds, PrecomputeReport,
    Progress, ProgressFn,
};
use crate::precompute::settings::{
    ClusterCount, Complementarity, Eigensolver, ForceDualSetting, MaterialSetting, PrecomputeSettings,
    SubspaceSetting,
};
use crate::problem::FemProblem;
use crate::reduced::clusters::{cluster_tets_by_part, Clustering};
use crate::reduced::constraint::reduced_constraint;
use crate::reduced::model::{ReducedModel, ReducedParts};
use crate::rig::linear::{Rig, RigPart};
use faer::sparse::SparseColMat;
use faer::Mat;
use std::sync::Arc;
use std::time::Instant;

/// The precompute's result: what an asset stores.
#[derive(Clone, Debug)]
pub struct Precomputed {
    pub mesh: TetMesh,
    pub material: Material,
    pub rig: Rig,
    pub settings: PrecomputeSettings,
    /// Skinning weights `W` (n × m), `M_w`-orthonormal, and their eigenvalues (ascending; for Force-Dual modes
    /// the Rayleigh quotients `w_iᵀ H_w w_i`, in order of descending variance).
    pub weights: Mat<f64>,
    pub eigenvalues: Vec<f64>,
    /// Independent rows of the weight-space constraint `J_w`.
    pub constraint_rank: usize,
    /// The diagonal of `D` (one value per vertex).
    pub leak: Vec<f64>,
    pub clustering: Clustering,
    pub reduced: ReducedParts,
    /// The held (quasi-static) part of the flesh, trained after the precompute by [`crate::held::train`]
    /// (`None`: the avatar has none; the flesh is the dynamic subspace alone).
    pub held: Option<crate::reduced::held::HeldParts>,
}

impl Precomputed {
    /// Each mode's damping multiplier (1 unless the anatomy's overrides set `damping`): the mean of the
    /// vertices' multipliers weighted by the mode's mass-weighted `W²` (where the mode moves). Derived from
    /// the stored mesh, rig, material and settings, so assets need no extra tensor.
    pub fn mode_damping(&self) -> Vec<f64> {
        let m = self.weights.ncols();
        let MaterialSetting::Anatomical(a) = &self.settings.material else { return vec![1.0; m] };
        let per_vertex = match crate::anatomy::vertex_damping(&self.mesh, &self.rig, a) {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("no per-region damping (the anatomy settings do not fit the rig: {e})");
                return vec![1.0; m];
            }
        };
        if per_vertex.iter().all(|&d| d == 1.0) {
            return vec![1.0; m];
        }
        let mass = lumped_mass(&self.mesh, &self.material.density);
        (0..m)
            .map(|k| {
                let (mut num, mut den) = (0.0, 0.0);
                for v in 0..self.mesh.n() {
                    let w2 = mass[v] * self.weights[(v, k)].powi(2);
                    num += w2 * per_vertex[v];
                    den += w2;
                }
                if den > 0.0 {
                    num / den
                } else {
                    1.0
                }
            })
            .collect()
    }
}

/// The operators of Eq. 18–19 that the modes are computed from (the precompute's first phase).
pub struct Operators {
    pub material: Material,
    /// Lumped per-vertex mass (the diagonal of `M_w`).
    pub mass: Vec<f64>,
    /// The rig Jacobian `J` (3n × p) and offset.
    pub jac: SparseColMat<usize, f64>,
    pub x0: Vec<f64>,
    /// The diagonal of `D`.
    pub leak: Vec<f64>,
    /// `𝒥 = D M J` (Eq. 19).
    pub jcal: SparseColMat<usize, f64>,
    /// `H_w` (Eq. 18).
    pub hw: SparseColMat<usize, f64>,
    /// The vertices of rigid anatomy overrides ([`crate::anatomy::rigid_vertices`]; all `false` otherwise).
    pub rigid: Vec<bool>,
}

/// The material, mass, rig Jacobian, momentum leak, `𝒥` and `H_w` of `mesh` and `rig` under `settings`.
pub fn operators(
    mesh: &TetMesh,
    rig: &Rig,
    settings: &PrecomputeSettings,
) -> Result<Operators, PrecomputeError> {
    let material = match &settings.material {
        MaterialSetting::Homogeneous => {
            Material::homogeneous(mesh.t(), settings.youngs, settings.poisson, settings.density)?
        }
        MaterialSetting::Anatomical(a) => crate::anatomy::material_for_rig(mesh, rig, a)?,
    };
    let mass = lumped_mass(mesh, &material.density);
    let jac = rig.jacobian(&mesh.vertices)?;
    let x0 = rig.offset(&mesh.vertices)?;
    let mut leak = leak_diagonal(mesh, &settings.leak.to_leak())?;
    let mut rigid_mask = vec![false; mesh.n()];
    if let MaterialSetting::Anatomical(a) = &settings.material {
        rigid_mask = crate::anatomy::rigid_vertices(mesh, rig, a)?;
        // no momentum leak where the user wants no secondary motion
        for (d, &rigid) in leak.iter_mut().zip(&rigid_mask) {
            if rigid {
                *d = 1.0;
            }
        }
    }
    let jcal = complementarity_matrix(&jac, &mass, &leak); // Eq. 19: 𝒥 = D M J
    let hw = weight_space_hessian(mesh, &material); // Eq. 18
    Ok(Operators { material, mass, jac, x0, leak, jcal, hw, rigid: rigid_mask })
}

/// Run the pipeline; `progress` is told when each phase starts and how the eigensolver advances.
pub fn precompute(
    mesh: TetMesh,
    rig: Rig,
    settings: &PrecomputeSettings,
    progress: ProgressFn,
) -> Result<(Precomputed, PrecomputeReport), PrecomputeError> {
    let phase = |p: Phase| progress(Progress::Phase(p));
    settings.validate()?;
    rig.check_vertices(mesh.n())?;
    let mut seconds = PhaseSeconds::default();
    let total = Instant::now();

    phase(Phase::Operators);
    let clock = Instant::now();
    let Operators { material, mass, jac, x0, leak, jcal, hw, rigid } = operators(&mesh, &rig, settings)?;
    seconds.operators = clock.elapsed().as_secs_f64();

    phase(Phase::Modes);
    let clock = Instant::now();
    // the columns of the weight-space constraint (Eq. 20–21); the others are imposed on z below
    let in_weights = weight_constraint_columns(&rig, settings.complementarity, &jac, &rigid);
    let jcal_w = column_subset(&jcal, &in_weights);
    let mut force_dual_variances = None;
    let (modes, krylov, eigen_seconds) = match (&settings.subspace, settings.eigensolver) {
        (SubspaceSetting::ForceDual(fd), eigensolver) => {
            let prior = force_prior(&mesh, &rig, settings, fd, &mass, &jac)?;
            let (modes, variances) = match eigensolver {
                Eigensolver::Sparse => {
                    let report = progress.clone();
                    let opts = EigenSettings {
                        progress: Some(Arc::new(move |e| report(Progress::Eigen(e)))),
                        ..EigenSettings::default()
                    };
                    let jw = WeightConstraint::new(&mesh.vertices, &jcal_w);
                    let (modes, stats) = force_dual_modes(&hw, &mass, &jw, &prior, settings.modes, &opts)?;
                    (modes, stats.variances)
                }
                Eigensolver::Dense => {
                    let jw = weight_space_constraint(&mesh.vertices, &jcal_w);
                    dense_force_dual_modes(&hw, &mass, &jw, &prior, settings.modes)?
                }
            };
            force_dual_variances = Some(variances);
            (modes, 0, [0.0; 4])
        }
        (SubspaceSetting::FocusedEigenmodes { joint, roles, inertia, regions }, eigensolver) => {
            let Some((lbs, _)) = rig.skeleton() else {
                return Err(PrecomputeError::Settings(
                    "focused modes need a rig with bones (the joints they bend, the regions they paint)"
                        .into(),
                ));
            };
            // each prior only where it has modes (the strain prior assembles the rest Hessian)
            let strain = if *joint > 0 {
                Some(joint_strain_prior(&mesh, lbs, &material, joint_bones(lbs, settings, roles)?.as_deref()))
            } else {
                None
            };
            let painted =
                if *inertia > 0 { Some(painted_prior(&mesh, lbs, settings, regions)?) } else { None };
            let stages: Vec<(&ForcePrior, usize)> = [(strain.as_ref(), *joint), (painted.as_ref(), *inertia)]
                .into_iter()
                .filter_map(|(p, k)| p.map(|p| (p, k)))
                .collect();
            let report = progress.clone();
            let opts = EigenSettings {
                progress: Some(Arc::new(move |e| report(Progress::Eigen(e)))),
                ..EigenSettings::default()
            };
            let dense = eigensolver == Eigensolver::Dense;
            let modes = eigen_and_force_dual_modes(
                &hw,
                &mass,
                &mesh.vertices,
                &jcal_w,
                settings.modes,
                &stages,
                dense,
                &opts,
            )?;
            (modes, 0, [0.0; 4])
        }
        (SubspaceSetting::SkinningEigenmodes, Eigensolver::Sparse) => {
            let report = progress.clone();
            let opts = EigenSettings {
                progress: Some(Arc::new(move |e| report(Progress::Eigen(e)))),
                ..EigenSettings::default()
            };
            let jw = WeightConstraint::new(&mesh.vertices, &jcal_w); // Eq. 20–21, distinct rows
            let (modes, stats) = sparse_modes(&hw, &mass, &jw, settings.modes, &opts)?;
            let phases =
                [stats.seconds_constraints, stats.seconds_factor, stats.seconds_schur, stats.seconds_lanczos];
            (modes, stats.krylov, phases)
        }
        (SubspaceSetting::SkinningEigenmodes, Eigensolver::Dense) => {
            let jw = weight_space_constraint(&mesh.vertices, &jcal_w); // Eq. 20–21
            (dense_modes(&hw, &mass, &jw, settings.modes)?, 0, [0.0; 4])
        }
    };
    seconds.modes = clock.elapsed().as_secs_f64();

    phase(Phase::Clusters);
    let clock = Instant::now();
    let clustering = match settings.clusters {
        ClusterCount::PerTet => Clustering::one_per_tet(mesh.t()),
        ClusterCount::KMeans(r) => {
            let m = settings.modes;
            let rows: Vec<f64> = (0..mesh.n())
                .flat_map(|v| (0..m).map(move |i| (v, i)))
                .map(|(v, i)| modes.weights[(v, i)])
                .collect();
            // with an anatomical material the modes vanish over the skeleton: keep clusters within body parts
            let parts = match &settings.material {
                MaterialSetting::Anatomical(a) => tet_body_parts(&mesh, &rig, &a.humanoid),
                MaterialSetting::Homogeneous => None,
            };
            cluster_tets_by_part(
                &mesh,
                &rows,
                m,
                &modes.eigenvalues,
                r.min(mesh.t()),
                settings.seed,
                parts.as_deref(),
            )
        }
    };
    seconds.clusters = clock.elapsed().as_secs_f64();

    phase(Phase::Reduced);
    let clock = Instant::now();
    let problem =
        FemProblem { mesh: &mesh, material: &material, mass: &mass, jac: &jac, x0: &x0, h: settings.dt };
    let mut model = ReducedModel::new(&problem, &modes.weights, &clustering)?;
    // the columns left out of the weight constraint: `V z = 0`, V a row basis of 𝒥_bᵀ B (reduced::constraint)
    let dropped: Vec<bool> = in_weights.iter().map(|k| !k).collect();
    if dropped.iter().any(|&d| d) {
        if let Some(v) = reduced_constraint(&mesh.vertices, &jcal, &dropped, &modes.weights) {
            if v.nrows() >= model.dofs {
                return Err(PrecomputeError::Settings(format!(
                    "the blendshapes' {} independent complementarity conditions leave none of the {} reduced \
                     coordinates of {} modes: raise --modes or use --complementarity weights",
                    v.nrows(),
                    model.dofs,
                    settings.modes
                )));
            }
            model = ReducedModel::from_parts(ReducedParts { constraint: Some(v), ..model.parts })?;
        }
    }
    seconds.reduced = clock.elapsed().as_secs_f64();

    phase(Phase::Check);
    let clock = Instant::now();
    let complementarity_residual = constrained_complementarity_residual(
        &mesh.vertices,
        &jac,
        &mass,
        &leak,
        &modes.weights,
        model.parts.constraint.as_ref(),
    );
    let orthonormality_error = orthonormality_error(&mass, &modes.weights);
    seconds.check = clock.elapsed().as_secs_f64();
    seconds.total = total.elapsed().as_secs_f64();

    let sizes = clustering.sizes();
    let report = PrecomputeReport {
        vertices: mesh.n(),
        tets: mesh.t(),
        rig_params: rig.num_params(),
        modes: settings.modes,
        reduced_coordinates: model.dofs,
        eigenvalues: modes.eigenvalues.clone(),
        constraint_rank: modes.constraint_rank,
        complementarity_residual,
        orthonormality_error,
        clusters: clustering.r,
        cluster_size_min: sizes.iter().copied().min().unwrap_or(0),
        cluster_size_max: sizes.iter().copied().max().unwrap_or(0),
        krylov,
        eigen_seconds,
        force_dual_variances,
        seconds,
        settings: settings.clone(),
    };
    let out = Precomputed {
        mesh,
        material,
        rig,
        settings: settings.clone(),
        weights: modes.weights,
        eigenvalues: modes.eigenvalues,
        constraint_rank: modes.constraint_rank,
        leak,
        clustering,
        reduced: model.parts,
        held: None,
    };
    Ok((out, report))
}

/// A unit acceleration variance painted on the vertices of `regions` (no factor columns).
fn painted_prior(
    mesh: &TetMesh,
    lbs: &crate::rig::LbsRig,
    settings: &PrecomputeSettings,
    regions: &[String],
) -> Result<ForcePrior, PrecomputeError> {
    let empty = std::collections::BTreeMap::new();
    let humanoid = match &settings.material {
        MaterialSetting::Anatomical(a) => &a.humanoid,
        MaterialSetting::Homogeneous => &empty,
    };
    let wanted: Vec<_> = regions.iter().filter_map(|r| crate::rig::BodyRegion::from_name(r)).collect();
    let painted: Vec<f64> = crate::rig::vertex_regions(lbs, &mesh.vertices, humanoid)
        .iter()
        .map(|r| if r.is_some_and(|r| wanted.contains(&r)) { 1.0 } else { 0.0 })
        .collect();
    if !regions.is_empty() && painted.iter().all(|&s| s == 0.0) {
        return Err(PrecomputeError::Settings(format!(
            "focused modes: no vertex lies in the regions {regions:?} (are the bones' humanoid roles known?)"
        )));
    }
    Ok(ForcePrior { factor: Mat::zeros(3 * mesh.n(), 0), painted })
}

/// The bones that own `roles` (VRM humanoid roles, through the anatomy's humanoid map or the skeleton's name
/// rules); `None` for no roles (every bone). A role no bone has is refused by name.
fn joint_bones(
    lbs: &crate::rig::LbsRig,
    settings: &PrecomputeSettings,
    roles: &[String],
) -> Result<Option<Vec<usize>>, PrecomputeError> {
    if roles.is_empty() {
        return Ok(None);
    }
    let empty = std::collections::BTreeMap::new();
    let humanoid = match &settings.material {
        MaterialSetting::Anatomical(a) => &a.humanoid,
        MaterialSetting::Homogeneous => &empty,
    };
    let found = crate::rig::avatar_roles(lbs.bones().iter().map(|b| b.name.as_str()), humanoid);
    roles
        .iter()
        .map(|role| {
            found.get(role).and_then(|bone| lbs.bone_index(bone)).ok_or_else(|| {
                PrecomputeError::Settings(format!(
                    "joint-strain modes: no bone has the humanoid role '{role}'"
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Which rig columns enter the weight-space constraint (Eq. 20–21): every one with
/// [`Complementarity::Weights`]. With [`Complementarity::Split`], the transform columns (affine handle, bones)
/// and the blendshapes that act on `rigid` vertices only (an anatomy's rigid skull: pinning the weights there
/// costs nothing, the flesh does not move there anyway); not the other blendshapes, whose few vertices the
/// per-weight constraint would pin in every mode. `jac`: the rig's Jacobian (3n × p), whose column supports
/// these are.
pub fn weight_constraint_columns(
    rig: &Rig,
    complementarity: Complementarity,
    jac: &SparseColMat<usize, f64>,
    rigid: &[bool],
) -> Vec<bool> {
    let mut keep = vec![true; rig.num_params()];
    if complementarity == Complementarity::Split {
        let n = rigid.len();
        for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
            if let RigPart::Blendshapes(_) = part {
                for q in o..o + part.num_params() {
                    let on_rigid = jac
                        .row_idx_of_col_raw(q)
                        .iter()
                        .zip(jac.val_of_col(q))
                        .all(|(r, v)| *v == 0.0 || rigid[r % n]);
                    keep[q] = on_rigid;
                }
            }
        }
    }
    keep
}

/// The columns of `a` with `keep[q]`, in order.
fn column_subset(a: &SparseColMat<usize, f64>, keep: &[bool]) -> SparseColMat<usize, f64> {
    let mut trip = Vec::new();
    let mut col = 0;
    for q in (0..a.ncols()).filter(|&q| keep[q]) {
        for (r, v) in a.row_idx_of_col_raw(q).iter().zip(a.val_of_col(q)) {
            trip.push(faer::sparse::Triplet::new(*r, col, *v));
        }
        col += 1;
    }
    SparseColMat::try_new_from_triplets(a.nrows(), col, &trip).expect("valid triplets")
}

/// The force prior of a [`ForceDualSetting`]: rig inertia `L = M J F` (`Σ_p̈ = F Fᵀ`) plus the painted
/// acceleration variances, resolved per vertex by body region ([`crate::rig::regions::vertex_regions`]; needs
/// an LBS part; the humanoid map is the anatomical material's, or empty, i.e. roles from bone names).
fn force_prior(
    mesh: &TetMesh,
    rig: &Rig,
    settings: &PrecomputeSettings,
    fd: &ForceDualSetting,
    mass: &[f64],
    jac: &SparseColMat<usize, f64>,
) -> Result<ForcePrior, PrecomputeError> {
    let bad = |m: String| Err(PrecomputeError::Settings(m));
    if fd.pdd_rows != rig.num_params() {
        return bad(format!(
            "force_dual.pdd_rows = {} but the rig has {} parameters",
            fd.pdd_rows,
            rig.num_params()
        ));
    }
    let factor = rig_inertia_factor(mass, jac, &fd.pdd_matrix());
    let painted = if fd.paint.iter().any(|(_, s)| *s > 0.0) {
        let Some((lbs, _)) = rig.skeleton() else {
            return bad("force_dual.paint needs a rig with bones (an LBS part) to find body regions".into());
        };
        let empty = std::collections::BTreeMap::new();
        let humanoid = match &settings.material {
            MaterialSetting::Anatomical(a) => &a.humanoid,
            MaterialSetting::Homogeneous => &empty,
        };
        let regions = crate::rig::regions::vertex_regions(lbs, &mesh.vertices, humanoid);
        let mut painted = vec![0.0; mesh.n()];
        for (name, s) in &fd.paint {
            let region = crate::rig::regions::BodyRegion::from_name(name);
            let mut hit = 0;
            for (v, r) in regions.iter().enumerate() {
                if r.is_some() && *r == region {
                    painted[v] += s;
                    hit += 1;
                }
            }
            if hit == 0 && *s > 0.0 {
                return bad(format!(
                    "force_dual.paint: no vertex lies in body region '{name}' (are the bones' humanoid roles \
                     known? set material.humanoid)"
                ));
            }
        }
        painted
    } else {
        Vec::new()
    };
    Ok(ForcePrior { factor, painted })
}

/// Each tet's body part for clustering: the VRM humanoid role of its dominant bone (the largest sum of its
/// corners' skinning weights; a bone without a role takes its nearest ancestor's, so a hand and its fingers
/// are one part), or the bone itself when no ancestor has a role. `None` for a rig without bones.
fn tet_body_parts(
    mesh: &TetMesh,
    rig: &Rig,
    humanoid: &std::collections::BTreeMap<String, String>,
) -> Option<Vec<usize>> {
    let lbs = rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })?;
    let roles = crate::rig::bone_roles(lbs, humanoid);
    let mut ids: std::collections::BTreeMap<String, usize> = std::collections::BTreeMap::new();
    let part_of_bone: Vec<usize> = (0..lbs.num_bones())
        .map(|b| {
            // a finger is part of its hand (fingers are too small to be parts of their own)
            let key = match roles[b].as_deref() {
                Some(r) if crate::rig::regions::is_finger_role(r) => {
                    if r.starts_with("left") {
                        "leftHand".to_owned()
                    } else {
                        "rightHand".to_owned()
                    }
                }
                Some(r) => r.to_owned(),
                None => format!("bone {b}"),
            };
            let next = ids.len();
            *ids.entry(key).or_insert(next)
        })
        .collect();
    let weights = lbs.weights();
    let mut sum = vec![0.0; lbs.num_bones()];
    Some(
        mesh.tets
            .iter()
            .map(|tet| {
                sum.iter_mut().for_each(|v| *v = 0.0);
                for &v in tet {
                    for (b, w) in weights.iter_row(v) {
                        sum[b] += w;
                    }
                }
                let b = (0..sum.len()).max_by(|&a, &b| sum[a].total_cmp(&sum[b])).unwrap_or(0);
                part_of_bone[b]
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::skinning_subspace;
    use crate::modes::lanczos::EigenProgress;
    use crate::precompute::settings::LeakSetting;
    use crate::rig::{LbsRig, RigPart};

    fn small() -> (TetMesh, Rig) {
        let mesh = box_mesh(6, 2, 2, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        (mesh, rig)
    }

    #[test]
    fn pipeline_meets_the_subspace_invariants() {
        let (mesh, rig) = small();
        let settings =
            PrecomputeSettings { modes: 6, clusters: ClusterCount::KMeans(10), ..Default::default() };
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let log = seen.clone();
        let (out, report) =
            precompute(mesh, rig, &settings, Arc::new(move |p| log.lock().unwrap().push(p))).unwrap();
        let seen = seen.lock().unwrap();
        let phases: Vec<Phase> =
            seen.iter().filter_map(|p| if let Progress::Phase(p) = p { Some(*p) } else { None }).collect();
        assert_eq!(phases, [Phase::Operators, Phase::Modes, Phase::Clusters, Phase::Reduced, Phase::Check]);
        let lanczos =
            seen.iter().filter(|p| matches!(p, Progress::Eigen(EigenProgress::Lanczos { .. }))).count();
        assert!(lanczos > 0, "the eigensolver reports its Krylov steps");
        assert!(report.complementarity_residual <= 1e-10, "{:e}", report.complementarity_residual);
        assert!(report.orthonormality_error <= 1e-9, "{:e}", report.orthonormality_error);
        assert_eq!(report.reduced_coordinates, 72);
        assert_eq!(out.reduced.btmb.nrows(), 72);
        assert!(out.eigenvalues.windows(2).all(|w| w[0] <= w[1]));
        assert!(report.clusters >= 10 && out.clustering.labels.len() == out.mesh.t());
    }

    /// The matrix-free residual equals the one formed from explicit `J`, `M`, `D`, `B`, and detects a
    /// non-complementary basis.
    #[test]
    fn complementarity_residual_matches_the_explicit_product() {
        let (mesh, rig) = small();
        let n = mesh.n();
        let mass: Vec<f64> = (0..n).map(|v| 1.0 + 0.1 * (v % 3) as f64).collect();
        let leak: Vec<f64> = (0..n).map(|v| 0.5 + 0.5 * ((v * 7) % 5) as f64 / 4.0).collect();
        let w = Mat::<f64>::from_fn(n, 3, |v, i| ((v * (i + 1)) as f64 * 0.31).sin());
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let fast = crate::precompute::complementarity_residual(&mesh.vertices, &jac, &mass, &leak, &w);
        let b = skinning_subspace(&mesh.vertices, &w).to_dense();
        let mdb = Mat::<f64>::from_fn(3 * n, b.ncols(), |r, c| mass[r % n] * leak[r % n] * b[(r, c)]);
        let j = jac.to_dense();
        let explicit = (j.transpose() * &mdb).norm_l2() / (j.norm_l2() * mdb.norm_l2());
        assert!((fast - explicit).abs() <= 1e-12 * explicit, "{fast} vs {explicit}");
        assert!(explicit > 1e-3, "arbitrary weights are not complementary");
    }

    #[test]
    fn bad_settings_name_the_setting() {
        let cases: [(PrecomputeSettings, &str); 5] = [
            (PrecomputeSettings { modes: 0, ..Default::default() }, "--modes"),
            (PrecomputeSettings { clusters: ClusterCount::KMeans(0), ..Default::default() }, "--clusters"),
            (PrecomputeSettings { dt: -0.1, ..Default::default() }, "--dt"),
            (
                PrecomputeSettings {
                    leak: LeakSetting::Diffuse { strength: 2.0, length: None },
                    ..Default::default()
                },
                "--leak-strength",
            ),
            (PrecomputeSettings { poisson: 0.5, ..Default::default() }, "Poisson"),
        ];
        for (settings, needle) in cases {
            let (mesh, rig) = small();
            let err = precompute(mesh, rig, &settings, Arc::new(|_| {})).unwrap_err().to_string();
            assert!(err.contains(needle), "{err}");
        }
    }

    /// Rig inertia of both bones (Σ_p̈ = I, 24 parameters).
    fn force_dual(p: usize) -> SubspaceSetting {
        let mut f = vec![0.0; p * p];
        for i in 0..p {
            f[i * p + i] = 1.0;
        }
        SubspaceSetting::ForceDual(ForceDualSetting {
            pdd_rows: p,
            pdd_cols: p,
            pdd_factor: f,
            paint: vec![],
            source: "test: unit rig accelerations".into(),
        })
    }

    /// Force-Dual modes through the whole pipeline: complementary (the report's residual), orthonormal,
    /// variances reported in descending order, and the dense and sparse eigensolvers agree.
    #[test]
    fn force_dual_pipeline_meets_the_subspace_invariants() {
        let mut variances = Vec::new();
        for eigensolver in [Eigensolver::Sparse, Eigensolver::Dense] {
            let (mesh, rig) = small();
            let settings = PrecomputeSettings {
                modes: 6,
                clusters: ClusterCount::KMeans(10),
                subspace: force_dual(rig.num_params()),
                eigensolver,
                ..Default::default()
            };
            let (out, report) = precompute(mesh, rig, &settings, Arc::new(|_| {})).unwrap();
            assert!(report.complementarity_residual < 1e-10, "{:e}", report.complementarity_residual);
            assert!(report.orthonormality_error < 1e-10, "{:e}", report.orthonormality_error);
            let v = report.force_dual_variances.clone().expect("variances reported");
            assert_eq!(v.len(), 6);
            assert!(v.windows(2).all(|p| p[0] >= p[1]) && v[5] > 0.0, "{v:?}");
            assert!(out.eigenvalues.iter().all(|l| *l > 0.0));
            assert!(serde_json::to_string(&report).unwrap().contains("force_dual_variances"));
            variances.push(v);
        }
        for (a, b) in variances[0].iter().zip(&variances[1]) {
            assert!((a - b).abs() < 1e-8 * variances[0][0], "sparse {a} vs dense {b}");
        }
    }

    /// With no momentum leak (`D = I`) the rig's inertial forces `M J p̈` are rows of the constraint `J_w`
    /// itself, so the constrained Green's operator maps them to zero: a prior of rig inertia alone is empty.
    #[test]
    fn rig_inertia_without_a_leak_is_refused_as_rank_zero() {
        let (mesh, rig) = small();
        let settings = PrecomputeSettings {
            modes: 4,
            clusters: ClusterCount::KMeans(4),
            subspace: force_dual(rig.num_params()),
            leak: LeakSetting::None,
            ..Default::default()
        };
        let err = precompute(mesh, rig, &settings, Arc::new(|_| {})).unwrap_err().to_string();
        assert!(err.contains("the force prior has rank 0 < 4"), "{err}");
    }

    #[test]
    fn subspace_settings_round_trip_and_default_to_skinning_eigenmodes() {
        let settings = PrecomputeSettings {
            subspace: SubspaceSetting::ForceDual(ForceDualSetting {
                pdd_rows: 2,
                pdd_cols: 1,
                pdd_factor: vec![0.5, -1.0],
                paint: vec![("belly".into(), 4.0), ("chest".into(), 1.5)],
                source: "walk cycle".into(),
            }),
            ..Default::default()
        };
        let json = serde_json::to_string(&settings).unwrap();
        assert!(json.contains(r#""subspace":{"type":"force_dual""#), "{json}");
        let back: PrecomputeSettings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        // the default is not written (cache keys of SE runs unchanged) and old JSON reads as SE
        let old = serde_json::to_string(&PrecomputeSettings::default()).unwrap();
        assert!(!old.contains("subspace"), "{old}");
        let read: PrecomputeSettings = serde_json::from_str(&old).unwrap();
        assert_eq!(read.subspace, SubspaceSetting::SkinningEigenmodes);
        assert_eq!(read, PrecomputeSettings::default());
        let explicit: PrecomputeSettings =
            serde_json::from_str(&old.replacen('{', r#"{"subspace":{"type":"skinning_eigenmodes"},"#, 1))
                .unwrap();
        assert_eq!(explicit, PrecomputeSettings::default());
    }

    #[test]
    fn bad_force_dual_settings_name_the_problem() {
        let good = ForceDualSetting {
            pdd_rows: 24,
            pdd_cols: 1,
            pdd_factor: vec![1.0; 24],
            paint: vec![],
            source: String::new(),
        };
        let with = |f: ForceDualSetting| PrecomputeSettings {
            modes: 2,
            clusters: ClusterCount::KMeans(2),
            subspace: SubspaceSetting::ForceDual(f),
            ..Default::default()
        };
        let cases: Vec<(PrecomputeSettings, Rig, &str)> = vec![
            (
                with(ForceDualSetting { pdd_factor: vec![1.0; 23], ..good.clone() }),
                small().1,
                "pdd_factor has 23 values",
            ),
            (
                with(ForceDualSetting {
                    pdd_factor: [vec![f64::NAN], vec![1.0; 23]].concat(),
                    ..good.clone()
                }),
                small().1,
                "pdd_factor[0] = NaN is not finite",
            ),
            (
                with(ForceDualSetting { paint: vec![("tail".into(), 1.0)], ..good.clone() }),
                small().1,
                "unknown body region 'tail'",
            ),
            (
                with(ForceDualSetting { paint: vec![("belly".into(), -1.0)], ..good.clone() }),
                small().1,
                "variance -1 of 'belly'",
            ),
            (
                with(ForceDualSetting { pdd_rows: 0, pdd_cols: 0, pdd_factor: vec![], ..good.clone() }),
                small().1,
                "the force prior is empty",
            ),
            (
                with(ForceDualSetting { pdd_rows: 12, pdd_cols: 2, ..good.clone() }),
                small().1,
                "the rig has 24 parameters",
            ),
            (
                with(ForceDualSetting {
                    pdd_rows: 12,
                    pdd_cols: 1,
                    pdd_factor: vec![1.0; 12],
                    paint: vec![("belly".into(), 1.0)],
                    ..good.clone()
                }),
                Rig::affine(),
                "needs a rig with bones",
            ),
            // two_bone_bar's bones ("root", "child") have no humanoid role, so no vertex is in the belly
            (
                with(ForceDualSetting { paint: vec![("belly".into(), 1.0)], ..good.clone() }),
                small().1,
                "no vertex lies in body region 'belly'",
            ),
        ];
        for (settings, rig, needle) in cases {
            let err = precompute(small().0, rig, &settings, Arc::new(|_| {})).unwrap_err().to_string();
            assert!(err.contains(needle), "{needle}: {err}");
        }
    }

    #[test]
    fn too_many_modes_is_a_clear_error() {
        let mesh = box_mesh(1, 1, 1, [1.0; 3]);
        let settings =
            PrecomputeSettings { modes: 50, eigensolver: Eigensolver::Dense, ..Default::default() };
        let err = precompute(mesh, Rig::affine(), &settings, Arc::new(|_| {})).unwrap_err().to_string();
        assert!(err.contains("asked for 50 modes"), "{err}");
    }
}
