//! Training the held part of the flesh ([`crate::reduced::held`]): pose-space correctives learned per avatar
//! from its own full-space physics.
//!
//! Held still in a pose, full-space complementary dynamics (paper 000 Eq. 3–4, [`crate::full`]) settles to the
//! static solve
//!
//! ```text
//! u*(p) = argmin_u  E(Jp + x₀ + u)   subject to 𝒥ᵀu = 0        (Eq. 10–13 with ü = 0)
//! ```
//!
//! which straightens what linear blend skinning collapses at a bent or twisted joint (the knee, the hip
//! crease, a turned neck). For each joint `j` (a skeleton bone with a parent) this module samples rotations of
//! the bone's subtree about its head, the rest of the skeleton at rest, along rays in rotation space (swing
//! about two axes normal to the bone and their diagonals, twist about it), and solves each pose's `u*` in full
//! space: the co-rotational energy, one rotation per tet, the complementarity constraint with the avatar's own
//! momentum leak. The rig is held still and the step's inertia is a proximal term (`h` = 1 s: every mode above
//! 0.16 Hz is static to within `(2π f h)⁻²`); each solve starts from the previous one on its ray.
//!
//! The samples of one joint are compressed to their mass-weighted principal components `D_j` (3n × K_j) and the
//! component coefficients are interpolated over the rotation vector `ω` with a polyharmonic RBF (exact at the
//! samples). The run time evaluates them ([`crate::reduced::held::HeldModel`]). Joints whose probe pose (a
//! swing of `probe_deg`) moves the flesh less than `probe_mm` are left out (bone-stiff hands, the skull, hair).

use crate::fem::lumped_mass;
use crate::full::{FullModel, FullState};
use crate::modes::complementarity_matrix;
use crate::precompute::Precomputed;
use crate::problem::FemProblem;
use crate::reduced::held::{fit_rbf, HeldJoint, HeldParts};
use crate::reduced::StepSettings;
use crate::rig::rotate_subtree;
use faer::Mat;
use nalgebra::Vector3;
use rayon::prelude::*;

pub mod proxy;

pub use crate::reduced::held::HeldSettings;

#[derive(Debug, thiserror::Error)]
pub enum HeldError {
    #[error("held flesh needs a skeleton (an LBS rig)")]
    NoSkeleton,
    #[error("the full-space model: {0}")]
    Full(String),
    #[error("the rig: {0}")]
    Rig(String),
    #[error("joint {0}: {1}")]
    Joint(String, String),
}

/// What training did, per joint.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct HeldReport {
    pub joints: Vec<JointReport>,
    /// Joints left out: (bone, probe peak or body RMS in mm).
    pub skipped: Vec<(String, f64)>,
    pub solves: usize,
    pub seconds: f64,
    /// Tets of the proxy the training ran on ([`proxy`]; 0: on the mesh itself).
    pub proxy_tets: usize,
}

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct JointReport {
    pub bone: String,
    pub samples: usize,
    pub components: usize,
    /// Largest correction over the samples (mm) and the relative mass-norm error of the kept components.
    pub peak_mm: f64,
    pub compression_error: f64,
}

/// The full-space static solver of one avatar: [`FullModel`] at a proximal time step.
pub struct StaticSolver {
    full: FullModel,
    rest: Vec<f64>,
    opts: StepSettings,
    steps: usize,
    tolerance: f64,
    pub mass: Vec<f64>,
}

impl StaticSolver {
    pub fn new(sim: &Precomputed, s: &HeldSettings) -> Result<StaticSolver, HeldError> {
        let (mesh, rig) = (&sim.mesh, &sim.rig);
        let mass = lumped_mass(mesh, &sim.material.density);
        let jac = rig.jacobian(&mesh.vertices).map_err(|e| HeldError::Rig(e.to_string()))?;
        let x0 = rig.offset(&mesh.vertices).map_err(|e| HeldError::Rig(e.to_string()))?;
        let jcal = complementarity_matrix(&jac, &mass, &sim.leak);
        let problem = FemProblem { mesh, material: &sim.material, mass: &mass, jac: &jac, x0: &x0, h: 1.0 };
        let full = FullModel::new(&problem, &jcal).map_err(|e| HeldError::Full(e.to_string()))?;
        let opts = StepSettings {
            volume_preservation: true,
            iterations: s.iterations,
            tolerance: 1e-7,
            ..StepSettings::default()
        };
        Ok(StaticSolver {
            full,
            rest: rig.rest_params(),
            opts,
            steps: s.proximal_steps.max(1),
            tolerance: s.tolerance_m,
            mass,
        })
    }

    /// The rest parameters of the rig.
    pub fn rest_params(&self) -> &[f64] {
        &self.rest
    }

    /// The static complementary displacement at rig parameters `p`, from `start` (3n).
    pub fn solve(&self, p: &[f64], start: &[f64]) -> Vec<f64> {
        let mut st =
            FullState { u: start.to_vec(), u_prev: start.to_vec(), p: p.to_vec(), p_prev: p.to_vec() };
        for _ in 0..self.steps {
            // the rig held still and no velocity: the inertia is a proximal term about the current u
            st.u_prev.copy_from_slice(&st.u);
            let before = st.u.clone();
            self.full.step(&mut st, p, &self.opts);
            let n = self.mass.len();
            let change = (0..n)
                .map(|v| (0..3).map(|c| (st.u[c * n + v] - before[c * n + v]).powi(2)).sum::<f64>())
                .fold(0.0, f64::max);
            if change.sqrt() <= self.tolerance {
                break;
            }
        }
        st.u
    }
}

/// The run-time model of `sim`'s held part (`None`: it has none), with the operators for its subspace.
pub fn model(sim: &Precomputed) -> Result<Option<crate::reduced::held::HeldModel>, String> {
    let Some(parts) = &sim.held else { return Ok(None) };
    let mass = lumped_mass(&sim.mesh, &sim.material.density);
    crate::reduced::held::HeldModel::new(parts.clone(), &sim.mesh, &mass, &sim.weights, &sim.rig).map(Some)
}

/// Largest vertex displacement of `u` (3n, coordinate-major).
pub fn peak(u: &[f64]) -> f64 {
    let n = u.len() / 3;
    (0..n).map(|v| (u[v].powi(2) + u[n + v].powi(2) + u[2 * n + v].powi(2)).sqrt()).fold(0.0, f64::max)
}

/// `√(Σ_v m_v |u_v|² / Σ m)`.
fn mass_rms(u: &[f64], mass: &[f64], total: f64) -> f64 {
    let n = mass.len();
    let sum: f64 = (0..n).map(|v| mass[v] * (u[v].powi(2) + u[n + v].powi(2) + u[2 * n + v].powi(2))).sum();
    (sum / total.max(1e-300)).sqrt()
}

/// The sampling axes of joint `b`: the bone's direction and two normals (rest frame).
fn joint_axes(bones: &[crate::rig::Bone], b: usize) -> [Vector3<f64>; 3] {
    let head = |i: usize| Vector3::from_fn(|r, _| bones[i].bind[r][3]);
    let children: Vec<usize> = (0..bones.len()).filter(|&c| bones[c].parent == Some(b)).collect();
    let mut d = if children.is_empty() {
        bones[b].parent.map_or(Vector3::y(), |p| head(b) - head(p))
    } else {
        children.iter().map(|&c| head(c)).sum::<Vector3<f64>>() / children.len() as f64 - head(b)
    };
    if d.norm() < 1e-9 {
        d = Vector3::y();
    }
    let d = d.normalize();
    // the first normal: the world axis least aligned with the bone, made orthogonal
    let pick = [Vector3::x(), Vector3::y(), Vector3::z()]
        .into_iter()
        .min_by(|a, c| a.dot(&d).abs().total_cmp(&c.dot(&d).abs()))
        .unwrap();
    let e1 = (pick - d * pick.dot(&d)).normalize();
    let e2 = d.cross(&e1);
    [d, e1, e2]
}

/// The rays sampled for one joint: (axis, angles in increasing order, radians).
fn rays(axes: &[Vector3<f64>; 3], s: &HeldSettings) -> Vec<(Vector3<f64>, Vec<f64>)> {
    let [d, e1, e2] = *axes;
    let rad = |v: &[f64]| v.iter().map(|a| a.to_radians()).collect::<Vec<_>>();
    let mut out = Vec::new();
    for sign in [1.0, -1.0] {
        out.push((e1 * sign, rad(&s.swing_deg)));
        out.push((e2 * sign, rad(&s.swing_deg)));
        out.push(((e1 + e2).normalize() * sign, rad(&s.diagonal_deg)));
        out.push(((e1 - e2).normalize() * sign, rad(&s.diagonal_deg)));
        out.push((d * sign, rad(&s.twist_deg)));
    }
    out.retain(|(_, a)| !a.is_empty());
    out
}

/// Train the held part of `sim`; `progress(done, total, bone)` after each joint.
pub fn train(
    sim: &Precomputed,
    s: &HeldSettings,
    progress: &dyn Fn(usize, usize, &str),
) -> Result<(HeldParts, HeldReport), HeldError> {
    let started = std::time::Instant::now();
    let (lbs, _) = sim.rig.skeleton().ok_or(HeldError::NoSkeleton)?;
    let bones = lbs.bones();
    let solver = StaticSolver::new(sim, s)?;
    let n = sim.mesh.n();
    let zero = vec![0.0; 3 * n];
    let report = HeldReport::default();
    let mut joints = Vec::new();
    let total_mass: f64 = solver.mass.iter().sum();
    // the mass in each bone's blend region, Σ_v m_v w_b(v)(1 − w_b(v)): where bending it can collapse the
    // skinning; bones with almost none (face, tongue, finger tips of a coarse mesh) are not even probed
    let mut blend = vec![0.0; bones.len()];
    let weights = lbs.weights();
    for (v, m) in solver.mass.iter().enumerate() {
        let (bs, ws) = weights.row(v);
        for (&b, &w) in bs.iter().zip(ws) {
            blend[b as usize] += m * w * (1.0 - w);
        }
    }
    let mut report = report;
    let candidates: Vec<usize> = (0..bones.len())
        .filter(|&b| bones[b].parent.is_some())
        .filter(|&b| {
            let keep = blend[b] >= s.blend_share * total_mass;
            if !keep {
                report.skipped.push((bones[b].name.clone(), 0.0));
            }
            keep
        })
        .collect();
    let pose_of = |b: usize, axis: &Vector3<f64>, angle: f64| {
        let mut p = solver.rest_params().to_vec();
        let name = &bones[b].name;
        rotate_subtree(&sim.rig, &mut p, name, [axis[0], axis[1], axis[2]], angle)
            .map(|_| p)
            .ok_or_else(|| HeldError::Joint(name.clone(), "not in the rig".into()))
    };
    // the probes, in parallel: (bone, peak, mass-weighted RMS over the body)
    let probes: Vec<(usize, f64, f64)> = candidates
        .par_iter()
        .map(|&b| {
            let axes = joint_axes(bones, b);
            let probe = solver.solve(&pose_of(b, &axes[1], s.probe_deg.to_radians())?, &zero);
            Ok((b, peak(&probe), mass_rms(&probe, &solver.mass, total_mass)))
        })
        .collect::<Result<_, HeldError>>()?;
    report.solves += probes.len();
    let mut probed = Vec::new();
    for (b, top, rms) in probes {
        if top * 1e3 < s.probe_mm {
            report.skipped.push((bones[b].name.clone(), top * 1e3));
        } else {
            probed.push((b, rms));
        }
    }
    probed.sort_by(|a, b| b.1.total_cmp(&a.1));
    let largest = probed.first().map_or(0.0, |p| p.1);
    let mut chosen = Vec::new();
    for (b, rms) in probed {
        if rms >= s.probe_share * largest && chosen.len() < s.max_joints {
            chosen.push(b);
        } else {
            report.skipped.push((bones[b].name.clone(), rms * 1e3));
        }
    }
    chosen.sort();
    for (done, &b) in chosen.iter().enumerate() {
        let parent = bones[b].parent.expect("filtered");
        let name = bones[b].name.clone();
        let axes = joint_axes(bones, b);
        let pose = |axis: &Vector3<f64>, angle: f64| pose_of(b, axis, angle);
        // the samples, the rays in parallel, each solve from the last on its ray; the rest pose first (u = 0)
        let per_ray: Vec<Vec<([f64; 3], Vec<f64>)>> = rays(&axes, s)
            .into_par_iter()
            .map(|(axis, angles)| {
                let mut last = zero.clone();
                let mut out = Vec::with_capacity(angles.len());
                for angle in angles {
                    let u = solver.solve(&pose(&axis, angle)?, &last);
                    last = u.clone();
                    out.push(([axis[0] * angle, axis[1] * angle, axis[2] * angle], u));
                }
                Ok(out)
            })
            .collect::<Result<_, HeldError>>()?;
        let mut omegas: Vec<[f64; 3]> = vec![[0.0; 3]];
        let mut samples: Vec<Vec<f64>> = vec![zero.clone()];
        for (omega, u) in per_ray.into_iter().flatten() {
            report.solves += 1;
            omegas.push(omega);
            samples.push(u);
        }
        let (basis, coefficients, err, peak_mm) = principal(&samples, &solver.mass, s);
        let centres = Mat::<f64>::from_fn(omegas.len(), 3, |i, d| omegas[i][d]);
        let rbf = fit_rbf(&centres, &coefficients).map_err(|e| HeldError::Joint(name.clone(), e))?;
        report.joints.push(JointReport {
            bone: name.clone(),
            samples: omegas.len(),
            components: basis.ncols(),
            peak_mm,
            compression_error: err,
        });
        joints.push(HeldJoint { bone: b, parent, centres, rbf, basis });
        progress(done + 1, chosen.len(), &name);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok((HeldParts { joints }, report))
}

/// The mass-weighted principal components of the samples: the basis `D` (3n × K), each sample's coefficients
/// (S × K), the relative mass-norm error of the kept components and the largest sample's peak (mm).
fn principal(samples: &[Vec<f64>], mass: &[f64], s: &HeldSettings) -> (Mat<f64>, Mat<f64>, f64, f64) {
    let n = mass.len();
    let cols = samples.len();
    let sq: Vec<f64> = mass.iter().map(|m| m.sqrt()).collect();
    let x = Mat::<f64>::from_fn(3 * n, cols, |i, j| sq[i % n] * samples[j][i]);
    let svd = x.thin_svd().expect("thin SVD of the samples");
    let sigma: Vec<f64> = svd.S().column_vector().iter().copied().collect();
    let total: f64 = sigma.iter().map(|v| v * v).sum();
    let mut k = 0;
    let mut kept = 0.0;
    while k < sigma.len().min(s.components)
        && (kept < s.energy * total)
        && sigma[k] > 1e-12 * sigma[0].max(1e-300)
    {
        kept += sigma[k] * sigma[k];
        k += 1;
    }
    let k = k.max(1);
    let u = svd.U();
    let basis = Mat::<f64>::from_fn(3 * n, k, |i, c| u[(i, c)] / sq[i % n].max(1e-300));
    let v = svd.V();
    let coefficients = Mat::<f64>::from_fn(cols, k, |j, c| sigma[c] * v[(j, c)]);
    let err = if total > 0.0 { ((total - kept).max(0.0) / total).sqrt() } else { 0.0 };
    let peak_mm = samples.iter().map(|u| peak(u)).fold(0.0, f64::max) * 1e3;
    (basis, coefficients, err, peak_mm)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::skinning_subspace;
    use crate::precompute::{precompute, ClusterCount, PrecomputeSettings};
    use crate::reduced::held::HeldModel;
    use crate::reduced::{ReducedModel, StepState};
    use crate::rig::{LbsRig, Rig, RigPart};
    use std::sync::Arc;

    /// A 2 m bar (8×2×2 cells) on a two-bone rig bending at x = 1, 6 skinning modes, 24 clusters.
    fn bar() -> Precomputed {
        let mesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let settings =
            PrecomputeSettings { modes: 6, clusters: ClusterCount::KMeans(24), ..Default::default() };
        precompute(mesh, rig, &settings, Arc::new(|_| {})).unwrap().0
    }

    fn settings() -> HeldSettings {
        HeldSettings {
            swing_deg: vec![15.0, 30.0, 45.0, 60.0],
            diagonal_deg: vec![20.0, 40.0, 60.0],
            twist_deg: vec![15.0, 30.0, 45.0],
            probe_deg: 60.0,
            components: 16,
            iterations: 40,
            proximal_steps: 6,
            tolerance_m: 1e-7,
            ..HeldSettings::default()
        }
    }

    fn child(sim: &Precomputed) -> (String, [Vector3<f64>; 3]) {
        let (lbs, _) = sim.rig.skeleton().unwrap();
        (lbs.bones()[1].name.clone(), joint_axes(lbs.bones(), 1))
    }

    fn posed(sim: &Precomputed, axis: Vector3<f64>, degrees: f64) -> Vec<f64> {
        let (name, _) = child(sim);
        let mut p = sim.rig.rest_params();
        rotate_subtree(&sim.rig, &mut p, &name, [axis[0], axis[1], axis[2]], degrees.to_radians()).unwrap();
        p
    }

    /// `max_v |a_v − b_v|`.
    fn max_diff(a: &[f64], b: &[f64]) -> f64 {
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        peak(&d)
    }

    /// The runtime's flesh `u_h + B z` after ramping to `p` over 30 ticks and holding it 300 ticks (damped as
    /// the daemon damps, c = 10 s⁻¹), with or without the held part.
    fn settle(sim: &Precomputed, held: Option<&mut HeldModel>, p: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let model = ReducedModel::from_parts(sim.reduced.clone()).unwrap();
        let rest = sim.rig.rest_params();
        let mut state = StepState::at_rest(&model, &rest);
        let h = sim.reduced.h;
        let keep = (-10.0 * h).exp();
        let mut held = held;
        for t in 1..=330 {
            let s = (t as f64 / 30.0).min(1.0);
            let pt: Vec<f64> = rest.iter().zip(p).map(|(a, b)| a + s * (b - a)).collect();
            for (zp, z) in state.z_prev.iter_mut().zip(&state.z) {
                *zp = z - keep * (z - *zp);
            }
            if let Some(hm) = held.as_deref_mut() {
                let poses = hm.pose(&pt);
                hm.terms(&poses, &mut state.held);
            }
            model.step(
                &mut state,
                &pt,
                &crate::reduced::StepSettings { iterations: 10, ..Default::default() },
            );
        }
        let b = skinning_subspace(&sim.mesh.vertices, &sim.weights);
        let mut u = crate::fem::spmv(&b, &state.z);
        let u_h = match held {
            Some(hm) => hm.displacement(&hm.pose(p)),
            None => vec![0.0; u.len()],
        };
        u.iter_mut().zip(&u_h).for_each(|(a, b)| *a += b);
        (u, u_h)
    }

    fn held_model(sim: &Precomputed, parts: HeldParts) -> HeldModel {
        let mass = lumped_mass(&sim.mesh, &sim.material.density);
        HeldModel::new(parts, &sim.mesh, &mass, &sim.weights, &sim.rig).unwrap()
    }

    /// Held still in a bent pose, the flesh settles to full space's static solve of that pose (within 5 % of its
    /// peak), at a trained pose and at poses between the samples; without the held part it does not (the test
    /// fails when the held part is removed); and the swing does not double the held part: the dynamic part's
    /// share at rest is small next to it.
    #[test]
    fn held_still_the_flesh_settles_to_the_full_space_static_solve() {
        let sim = bar();
        let s = settings();
        let (parts, report) = train(&sim, &s, &|_, _, _| {}).unwrap();
        assert_eq!(parts.joints.len(), 1, "one joint on the bar: {report:?}");
        let solver =
            StaticSolver::new(&sim, &HeldSettings { iterations: 60, proximal_steps: 10, ..s.clone() })
                .unwrap();
        let (_, [d, e1, e2]) = child(&sim);
        let zero = vec![0.0; 3 * sim.mesh.n()];
        for (label, axis, degrees) in [
            ("trained: swing 45°", e1, 45.0),
            ("between: swing 38°", e1, 38.0),
            ("between: swing 25°", -e2, 25.0),
            ("between: off-axis swing 35°", (e1 + 0.4 * e2).normalize(), 35.0),
            ("between: twist 22°", d, 22.0),
        ] {
            let p = posed(&sim, axis, degrees);
            let reference = solver.solve(&p, &zero);
            let top = peak(&reference);
            let mut hm = held_model(&sim, parts.clone());
            let (u, u_h) = settle(&sim, Some(&mut hm), &p);
            let err = max_diff(&u, &reference) / top;
            let (u_plain, _) = settle(&sim, None, &p);
            let err_plain = max_diff(&u_plain, &reference) / top;
            let swing_share = max_diff(&u, &u_h) / top;
            eprintln!(
                "{label}: full-space peak {:.1} mm; held {err:.3}, without {err_plain:.3}; dynamic part {swing_share:.3}",
                top * 1e3
            );
            assert!(top > 5e-3, "{label}: the pose must bend the flesh ({:.2} mm)", top * 1e3);
            assert!(err <= 0.05, "{label}: settles {err:.3} of the peak away from full space");
            assert!(
                err_plain > 0.05,
                "{label}: the subspace alone already matches ({err_plain:.3}): a weak test"
            );
            assert!(swing_share <= 0.05, "{label}: the dynamic part holds {swing_share:.3} of the peak");
        }
    }

    /// Trained on a proxy of a bar (its boundary voxelized, [`proxy`]) and carried over, the held part is
    /// complementary on the bar's own mesh and within 35 % of the bar's full-space static solve at a trained
    /// pose and between samples (the subspace alone: 100 %). Not the 5 % of training on the mesh itself: full
    /// space's static solution depends on the mesh (the proxy's own solve of the 45° swing peaks at 90.8 mm,
    /// the bar's at 60.0), and the carried part inherits that (measured 0.27 of the peak at 45°).
    #[test]
    fn trained_on_a_proxy_the_held_part_carries_over() {
        // 16×4×4 cells (1,536 tets); the proxy at 16 cells along the bar (3,888 tets: the voxels cover it)
        let mesh = box_mesh(16, 4, 4, [2.0, 0.5, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let ps = PrecomputeSettings { modes: 6, clusters: ClusterCount::KMeans(24), ..Default::default() };
        let sim = precompute(mesh, rig, &ps, Arc::new(|_| {})).unwrap().0;
        let s = settings();
        let (parts, report) = proxy::train_on_proxy(&sim, &s, 16, &|_, _, _| {}).unwrap();
        assert!(report.proxy_tets > 0, "{report:?}");
        assert_eq!(parts.joints.len(), 1);
        assert_eq!(parts.joints[0].basis.nrows(), 3 * sim.mesh.n());
        let hm = held_model(&sim, parts);
        let mass = lumped_mass(&sim.mesh, &sim.material.density);
        let jac = sim.rig.jacobian(&sim.mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &sim.leak);
        let solver =
            StaticSolver::new(&sim, &HeldSettings { iterations: 60, proximal_steps: 10, ..s.clone() })
                .unwrap();
        let (_, [_, e1, e2]) = child(&sim);
        let zero = vec![0.0; 3 * sim.mesh.n()];
        for (label, axis, degrees) in [("trained: swing 45°", e1, 45.0), ("between: swing 38°", -e2, 38.0)]
        {
            let p = posed(&sim, axis, degrees);
            let reference = solver.solve(&p, &zero);
            let top = peak(&reference);
            let u = hm.displacement(&hm.pose(&p));
            let err = max_diff(&u, &reference) / top;
            let jt_u = crate::fem::spmv(&jcal.transpose().to_col_major().unwrap(), &u);
            let rel =
                crate::linalg::norm(&jt_u) / (crate::linalg::norm(jcal.val()) * crate::linalg::norm(&u));
            eprintln!(
                "proxy, {label}: fine full-space peak {:.1} mm, held part off by {err:.3}, 𝒥ᵀu {rel:e}",
                top * 1e3
            );
            assert!(top > 5e-3, "{label}: the pose must bend the flesh");
            assert!(
                err <= 0.35,
                "{label}: the carried held part is {err:.3} of the peak away from full space"
            );
            assert!(rel <= 1e-8, "{label}: 𝒥ᵀu_h = {rel:e} (relative)");
        }
    }

    /// The held part is complementary to the rig (`𝒥ᵀ u_h = 0`) at any pose, the parent and the whole body
    /// rotated too.
    #[test]
    fn the_held_part_is_complementary_at_every_pose() {
        let sim = bar();
        let (parts, _) = train(&sim, &settings(), &|_, _, _| {}).unwrap();
        let hm = held_model(&sim, parts);
        let mass = lumped_mass(&sim.mesh, &sim.material.density);
        let jac = sim.rig.jacobian(&sim.mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &sim.leak);
        let (name, [_, e1, e2]) = child(&sim);
        let (lbs, _) = sim.rig.skeleton().unwrap();
        let root = lbs.bones()[0].name.clone();
        for (k, (axis, deg)) in
            [(e1, 55.0f64), (e2, -70.0), ((e1 + e2).normalize(), 20.0)].into_iter().enumerate()
        {
            let mut p = sim.rig.rest_params();
            rotate_subtree(&sim.rig, &mut p, &name, [axis[0], axis[1], axis[2]], deg.to_radians()).unwrap();
            rotate_subtree(&sim.rig, &mut p, &root, [0.3, 1.0, -0.2], 0.7 * k as f64).unwrap();
            let u = hm.displacement(&hm.pose(&p));
            let jt_u = crate::fem::spmv(&jcal.transpose().to_col_major().unwrap(), &u);
            let rel =
                crate::linalg::norm(&jt_u) / (crate::linalg::norm(jcal.val()) * crate::linalg::norm(&u));
            assert!(crate::linalg::norm(&u) > 1e-4, "the pose must move the held part");
            assert!(rel <= 1e-8, "pose {k}: 𝒥ᵀu_h = {rel:e} (relative)");
        }
    }
}
