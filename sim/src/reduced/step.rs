//! The run-time step (paper 000, Alg. 2): hyper-reduced local-global solve of one backward-Euler step. Every
//! operation is on reduced sizes (12m coordinates, p rig parameters, r clusters); nothing depends on n.
//!
//! Energy minimised over `z` for the next rig parameters `p` (the textbook linear co-rotational energy,
//! `method-pitfalls.md` §2; ARAP when λ = 0), with `ẑ = 2z_t − z_{t−1}`, `p̂ = 2p_t − p_{t−1}`:
//!
//! ```text
//! E(z) = 1/(2h²) ‖J(p − p̂) + B(z − ẑ)‖²_M                      inertia (backward Euler)
//!      + xᵀ L x,  x = J p + x₀ + B z                             quadratic part of μ‖F − R‖², per tet
//!      + Σ_c V_c (−2 μ_c tr(F̃_cᵀ R_c) + λ_c/2 tr²(R_cᵀ F̃_c − I))   non-linear part, per cluster
//!      − zᵀ Bᵀ M g                                                gravity
//! ```
//!
//! with `F̃ = G₉K(Bz + Jp + x₀)` and `R_c = polar(F̃_c)` (the local step, Eq. 30).
//!
//! Modal actuation (paper 003, AaM Eq. 9–13; [`StepSettings::actuation`], [`crate::reduced::actuation`]) gives
//! the co-rotational term the actuated rest shape `Y_c(a) = I + Σ_k a_k Ĝ_{c,k}`: per cluster
//! `μ_c V_c ‖F̃_c − R_c Y_c‖²` (γ = μ, Ω = R), so the non-linear part becomes
//!
//! ```text
//!      Σ_c V_c (−2 μ_c tr(F̃_cᵀ R_c Y_c) + λ_c/2 (tr(F̃_cᵀ R_c Y_c) − ‖Y_c‖²)²),   R_c = polar(F̃_c Y_cᵀ)
//! ```
//!
//! (the constant `μ_c V_c ‖Y_c‖²` dropped). At the Procrustes rotation `tr(F̃_cᵀR_cY_c) = ‖F̃_cY_cᵀ‖_*`, so the
//! gradient `V_c(−2μ_c + λ_c(tr − ‖Y_c‖²)) R_cY_c` is exact and the line search's descent test holds. The
//! volume term is `⟨F̃_c − R_cY_c, R_cY_c⟩` rather than `tr(R_cᵀF̃_c) − tr Y_c`: both vanish at the target
//! `F̃_c = R_cY_c`, agree to first order near it, and are today's `tr(R_cᵀF̃_c) − 3` at `Y = I`. The quadratic
//! part and `A` do not change (no refactorisation); with `a = 0` the step is bitwise the passive one. The global step (Eq. 31)
//! is `dz = −A⁻¹ ∇E` with the prefactored `A = 2BᵀLB + BᵀMB/h²`: exact for ARAP (the energy is quadratic in
//! z once R is fixed), a quasi-Newton direction with a backtracking line search for λ > 0 (Eq. 50).

use crate::reduced::flesh_modes::{exrotated_energy, exrotated_solve};
use crate::reduced::local_global::{commit, corotational_step, local_global, to_blocks, StepTerms};
use crate::reduced::model::ReducedModel;
use crate::reduced::settings::{FleshMode, StepReport, StepSettings, StepState};
use nalgebra::Matrix3;
use std::time::Instant;

impl ReducedModel {
    /// Advance `state` by one step to rig parameters `p_next` (Alg. 2).
    pub fn step(&self, state: &mut StepState, p_next: &[f64], opts: &StepSettings) -> StepReport {
        assert_eq!(p_next.len(), self.params, "rig parameter count");
        let mut report = StepReport::default();
        corotational_step(self, state, p_next, opts, &mut report);
        report
    }

    /// Advance `state` by one step to rig parameters `p_next` with the flesh's rotations found as `mode` says;
    /// `rig_rotations` are the skinned rotations `R̂_c(p_next)` of the clusters (one per cluster, e.g.
    /// [`RotationWeights::per_cluster`](crate::rig::skinned_rotation::RotationWeights::per_cluster) then
    /// `.rotations(&PoseRotations::new(rig, p_next))`), unused by [`FleshMode::Corotational`] (which is
    /// [`ReducedModel::step`]). `opts.volume_preservation` picks ARAP (λ = 0) or co-rotational (λ > 0) in
    /// every mode.
    pub fn step_with_rotations(
        &self,
        state: &mut StepState,
        p_next: &[f64],
        rig_rotations: &[Matrix3<f64>],
        mode: FleshMode,
        opts: &StepSettings,
    ) -> StepReport {
        self.step_with_rotations_impl(state, p_next, rig_rotations, mode, opts, true)
    }

    pub(crate) fn step_with_rotations_impl(
        &self,
        state: &mut StepState,
        p_next: &[f64],
        rig_rotations: &[Matrix3<f64>],
        mode: FleshMode,
        opts: &StepSettings,
        rotate_preconditioner: bool,
    ) -> StepReport {
        if mode == FleshMode::Corotational {
            return self.step(state, p_next, opts);
        }
        assert_eq!(p_next.len(), self.params, "rig parameter count");
        assert_eq!(rig_rotations.len(), self.clusters, "one rig rotation per cluster");
        let started = Instant::now();
        let terms = StepTerms::new(self, state, p_next, opts);
        let z_cold = to_blocks(self, &state.z);
        let mut report = StepReport::default();
        report.phases.rig_terms_ns = started.elapsed().as_nanos() as u64;
        let finish = |report: &mut StepReport| {
            report.phases.global_ns = (started.elapsed().as_nanos() as u64)
                .saturating_sub(report.phases.rig_terms_ns + report.phases.local_ns);
        };
        let (z_ex, pcg_iterations, pcg_converged) =
            exrotated_solve(&terms, rig_rotations, &z_cold, opts, rotate_preconditioner);
        report.pcg_iterations = pcg_iterations;
        if mode == FleshMode::ExRotated {
            if opts.record_energy {
                for z in [z_cold, z_ex.clone()] {
                    report.energy.push(exrotated_energy(&terms, rig_rotations, z));
                }
            }
            report.converged = pcg_converged;
            commit(self, state, &z_ex, p_next);
            finish(&mut report);
            return report;
        }
        // warm start: the co-rotational iterations from the ex-rotated solution, if it beats the cold start
        let (cold, warm) = (terms.iterate(z_cold), terms.iterate(z_ex));
        let e_cold = terms.energy(&cold);
        report.warm_start_used = terms.energy(&warm) <= e_cold;
        if opts.record_energy {
            report.energy.push(e_cold);
        }
        let start = if report.warm_start_used { warm } else { cold };
        let it = local_global(&terms, start, opts, &mut report);
        commit(self, state, &it.z, p_next);
        finish(&mut report);
        report
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian, Material};
    use crate::mesh::tet_mesh::{shapes::box_mesh, TetMesh};
    use crate::modes::dense::{complementarity_matrix, dense_modes, weight_space_constraint};
    use crate::problem::FemProblem;
    use crate::reduced::clusters::cluster_tets;
    use crate::reduced::local_global::col;
    use crate::rig::{LbsRig, Rig, RigPart};
    use faer::linalg::solvers::Solve;
    use faer::Mat;

    pub(crate) struct Scene {
        pub(crate) model: ReducedModel,
        pub(crate) rig: Rig,
        pub(crate) mesh: TetMesh,
        pub(crate) clustering: crate::reduced::clusters::Clustering,
    }

    /// A 2 m bar (8×2×2 cells) on a two-bone rig, 6 skinning modes from a constraint with leak `leak`, k-means
    /// clusters, h = 1/60.
    pub(crate) fn scene(poisson: f64, leak: f64, clusters: usize) -> Scene {
        let mesh: TetMesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.5]);
        let mat = Material::homogeneous(mesh.t(), 2e4, poisson, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let leak = vec![leak; mesh.n()];
        let jw = weight_space_constraint(&mesh.vertices, &complementarity_matrix(&jac, &mass, &leak));
        let modes = dense_modes(&weight_space_hessian(&mesh, &mat), &mass, &jw, 6).unwrap();
        let mut w_rows = Vec::with_capacity(mesh.n() * 6);
        for v in 0..mesh.n() {
            for i in 0..6 {
                w_rows.push(modes.weights[(v, i)]);
            }
        }
        let clustering = cluster_tets(&mesh, &w_rows, 6, &modes.eigenvalues, clusters, 3);
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let problem =
            FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 1.0 / 60.0 };
        let model = ReducedModel::new(&problem, &modes.weights, &clustering).unwrap();
        Scene { model, rig, mesh, clustering }
    }

    /// Rig parameters bending the second bone by `angle` about z at the joint (x = 1).
    pub(crate) fn bend(rig: &Rig, angle: f64) -> Vec<f64> {
        let mut p = rig.rest_params();
        let off = rig.bone_param_offset(&rig_second_bone(rig)).unwrap();
        let (c, s) = (angle.cos(), angle.sin());
        let rot = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
        let joint = [1.0, 0.25, 0.25];
        for r in 0..3 {
            for k in 0..3 {
                p[off + 4 * r + k] = rot[r][k];
            }
            // translation keeps the joint fixed: b = joint − R joint
            p[off + 4 * r + 3] = joint[r] - (0..3).map(|k| rot[r][k] * joint[k]).sum::<f64>();
        }
        p
    }

    fn rig_second_bone(rig: &Rig) -> String {
        match &rig.parts()[0] {
            RigPart::Lbs(l) => l.bones()[1].name.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn rest_is_an_equilibrium() {
        let s = scene(0.3, 1.0, 20);
        let p = s.rig.rest_params();
        let mut state = StepState::at_rest(&s.model, &p);
        for _ in 0..5 {
            s.model.step(&mut state, &p, &StepSettings::default());
        }
        let zmax = state.z.iter().fold(0.0f64, |a, b| a.max(b.abs()));
        assert!(zmax < 1e-9, "z drifted to {zmax:e} at rest");
    }

    #[test]
    fn arap_local_global_never_increases_the_energy() {
        let s = scene(0.0, 0.6, 25);
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        let opts =
            StepSettings { volume_preservation: false, iterations: 30, tolerance: 0.0, ..Default::default() };
        for k in 1..=12 {
            let p = bend(&s.rig, 0.12 * k as f64);
            let r = s.model.step(&mut state, &p, &opts);
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
        }
        assert!(state.z.iter().any(|v| v.abs() > 1e-6), "a bending rig with momentum leak must excite z");
    }

    /// The buffers reused from tick to tick change nothing: a state that keeps its workspace steps bitwise like
    /// one whose workspace is thrown away before every step, and once warm the buffers are not reallocated.
    #[test]
    fn reused_workspace_gives_the_same_steps_without_reallocating() {
        let s = scene(0.35, 0.6, 25);
        let mut warm = StepState::at_rest(&s.model, &s.rig.rest_params());
        let mut cold = warm.clone();
        let opts = StepSettings::default();
        let mut addresses = None;
        for k in 1..=8 {
            let p = bend(&s.rig, 0.15 * k as f64);
            s.model.step(&mut warm, &p, &opts);
            cold.workspace = Default::default();
            s.model.step(&mut cold, &p, &opts);
            assert_eq!(warm.z, cold.z, "step {k}");
            assert_eq!(warm.rotations, cold.rotations, "step {k}");
            let ws = &warm.workspace;
            let it = ws.iterate.as_ref().expect("the iterate's buffers are kept");
            let now = [
                ws.terms.linear.as_ptr(),
                ws.terms.c.as_ptr(),
                ws.scratch.dz.as_ptr(),
                it.z.as_ptr(),
                it.f.as_ptr(),
            ];
            if k > 1 {
                assert_eq!(addresses, Some(now), "step {k} reallocated a buffer");
            }
            addresses = Some(now);
        }
        assert!(warm.z.iter().any(|v| v.abs() > 1e-6));
    }

    #[test]
    fn corotational_line_search_decreases_the_energy_and_converges() {
        let s = scene(0.35, 0.6, 25);
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        let opts =
            StepSettings { iterations: 50, tolerance: 1e-8, record_energy: true, ..Default::default() };
        let mut converged = 0;
        for k in 1..=12 {
            let r = s.model.step(&mut state, &bend(&s.rig, 0.12 * k as f64), &opts);
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
            converged += usize::from(r.converged);
        }
        assert!(converged >= 10, "only {converged} of 12 steps converged");
    }

    /// Anderson acceleration (options.anderson): energy never rises, the same converged step as plain
    /// local-global, and a smaller error at equal iterations.
    #[test]
    fn anderson_acceleration_converges_to_the_same_step_faster_and_downhill() {
        let s = scene(0.35, 0.6, 25);
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        let converged = StepSettings { iterations: 400, tolerance: 1e-14, ..Default::default() };
        let (mut plain_wins, mut checked) = (0, 0);
        for k in 1..=12 {
            let p = bend(&s.rig, 0.12 * k as f64);
            let mut reference = state.clone();
            s.model.step(&mut reference, &p, &converged);
            let err = |z: &[f64]| {
                let d: f64 = z.iter().zip(&reference.z).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
                let n: f64 =
                    reference.z.iter().zip(&state.z).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
                d / n.max(1e-300)
            };
            // converged with acceleration: the same minimiser
            let mut aa = state.clone();
            let opts = StepSettings { anderson: 5, record_energy: true, ..converged.clone() };
            let r = s.model.step(&mut aa, &p, &opts);
            assert!(r.converged, "step {k}: Anderson did not converge");
            assert!(err(&aa.z) < 1e-7, "step {k}: Anderson converged elsewhere ({:e})", err(&aa.z));
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
            // at 5 iterations
            let few = |anderson: usize| {
                let mut st = state.clone();
                let o = StepSettings { iterations: 5, tolerance: 0.0, anderson, ..Default::default() };
                s.model.step(&mut st, &p, &o);
                err(&st.z)
            };
            let (plain, accelerated) = (few(0), few(5));
            eprintln!("step {k}: error after 5 iterations {plain:.3e} plain, {accelerated:.3e} Anderson");
            if plain > 1e-10 {
                checked += 1;
                plain_wins += usize::from(accelerated >= plain);
            }
            state = reference;
        }
        assert!(checked >= 10, "the bend must move z");
        assert_eq!(plain_wins, 0, "plain local-global was as accurate as Anderson on {plain_wins} steps");
    }

    /// The column-sparse rig terms of the step equal the dense products of the reduced parts.
    #[test]
    fn sparse_rig_terms_equal_the_dense_products() {
        use crate::reduced::local_global::StepTerms;
        let s = scene(0.3, 0.6, 15);
        let parts = &s.model.parts;
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        state.p = bend(&s.rig, 0.2);
        state.z = (0..s.model.dofs).map(|i| 1e-3 * ((i * 5) as f64).sin()).collect();
        let p = bend(&s.rig, 0.3);
        let opts = StepSettings { gravity: [0.0, -9.81, 0.0], ..Default::default() };
        let terms = StepTerms::new(&s.model, &state, &p, &opts);
        // every bone's columns went to the dense Kronecker blocks (the rest stays sparse)
        let handles = s.model.rig.handles.as_ref().expect("a skinning subspace's bones are handle blocks");
        assert_eq!(handles.offsets, s.rig.handle_offsets());
        let h2 = parts.h * parts.h;
        let dp = col(&p
            .iter()
            .zip(state.p.iter().zip(&state.p_prev))
            .map(|(n, (a, b))| n - (2.0 * a - b))
            .collect::<Vec<_>>());
        let z_hat = col(&state.z.iter().zip(&state.z_prev).map(|(a, b)| 2.0 * a - b).collect::<Vec<_>>());
        let want = (&parts.btmj * &dp - &parts.btmb * &z_hat) * faer::Scale(1.0 / h2)
            + (&parts.btlj * col(&p) + col(&parts.btl_x0)) * faer::Scale(2.0)
            - col(&parts.btm_unit[1]) * faer::Scale(-9.81);
        let scale = want.norm_max();
        for (q, &i) in s.model.block.perm.iter().enumerate() {
            assert!((terms.linear[q] - want[(i, 0)]).abs() <= 1e-12 * scale, "linear[{i}]");
        }
        let f_rig = &parts.g9kj * col(&p);
        let scale = f_rig.norm_max();
        for i in 0..f_rig.nrows() {
            let want = f_rig[(i, 0)] + parts.g9k_x0[i];
            assert!((terms.f_rig[i] - want).abs() <= 1e-12 * scale, "f_rig[{i}]");
        }
    }

    /// The scene of the rotation tests (Eq. 24): a bar without a symmetric cross-section (no degenerate modes)
    /// with a two-bone rig, momentum leak and 7 clusters; rest mesh, rig and everything built from them rotated
    /// by `q` when given.
    struct RotationScene {
        mesh: TetMesh,
        mat: Material,
        mass: Vec<f64>,
        rig: Rig,
        jac: faer::sparse::SparseColMat<usize, f64>,
        jcal: faer::sparse::SparseColMat<usize, f64>,
        x0: Vec<f64>,
        clustering: crate::reduced::clusters::Clustering,
    }

    fn rotation_scene(q: Option<&Matrix3<f64>>) -> RotationScene {
        use crate::rig::Bone;
        let base = box_mesh(8, 2, 2, [2.0, 0.5, 0.3]);
        let weights = LbsRig::two_bone_bar(&base, 0, 1.0, 0.5).weights().clone();
        let verts = base.vertices.iter().map(|v| q.map_or(*v, |q| rotate(q, *v))).collect();
        let mesh = TetMesh::new(verts, base.tets.clone()).unwrap().0;
        let mat = Material::homogeneous(mesh.t(), 2e4, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let bones = ["root", "child"]
            .iter()
            .enumerate()
            .map(|(i, name)| Bone {
                name: (*name).into(),
                parent: i.checked_sub(1),
                bind: crate::rig::IDENTITY,
            })
            .collect();
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::new(bones, weights).unwrap())]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![0.6; mesh.n()]);
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let clustering =
            crate::reduced::clusters::Clustering { labels: (0..mesh.t()).map(|t| t % 7).collect(), r: 7 };
        RotationScene { mesh, mat, mass, rig, jac, jcal, x0, clustering }
    }

    fn rotate(q: &Matrix3<f64>, v: [f64; 3]) -> [f64; 3] {
        let r = q * nalgebra::Vector3::new(v[0], v[1], v[2]);
        [r[0], r[1], r[2]]
    }

    fn random_rotation() -> Matrix3<f64> {
        let axis = nalgebra::Unit::new_normalize(nalgebra::Vector3::new(0.3, -0.5, 0.8));
        *nalgebra::Rotation3::from_axis_angle(&axis, 1.1).matrix()
    }

    impl RotationScene {
        fn problem(&self) -> FemProblem<'_> {
            let h = 1.0 / 60.0;
            FemProblem {
                mesh: &self.mesh,
                material: &self.mat,
                mass: &self.mass,
                jac: &self.jac,
                x0: &self.x0,
                h,
            }
        }

        fn skinning_model(&self, w: &Mat<f64>) -> ReducedModel {
            ReducedModel::new(&self.problem(), w, &self.clustering).unwrap()
        }

        fn basis_model(&self, b: &Mat<f64>) -> ReducedModel {
            ReducedModel::from_basis(&self.problem(), b, &self.clustering).unwrap()
        }

        fn skinning_weights(&self, modes: usize) -> Mat<f64> {
            let jw = weight_space_constraint(&self.mesh.vertices, &self.jcal);
            dense_modes(&weight_space_hessian(&self.mesh, &self.mat), &self.mass, &jw, modes).unwrap().weights
        }

        /// Displacement (vibration) modes: the `count` lowest eigenvectors of the rest Hessian `H u = ω² M u`
        /// restricted to the complementary space `𝒥ᵀ u = 0` (Eq. 11 made rig-complementary), M-orthonormal.
        fn displacement_modes(&self, count: usize) -> Mat<f64> {
            let n = self.mesh.n();
            // in mass-scaled coordinates y = M^½ u: the constraint is (M^-½ 𝒥)ᵀ y = 0, the pencil standard
            let inv_sqrt: Vec<f64> = self.mass.iter().map(|m| 1.0 / m.sqrt()).collect();
            let scaled = complementarity_matrix(&self.jcal, &inv_sqrt, &vec![1.0; n]); // rows scaled by M^-½
            let null = crate::reduced::model::complementary_basis(&scaled);
            let h = crate::fem::rest_hessian(&self.mesh, &self.mat).to_dense();
            let h = Mat::<f64>::from_fn(3 * n, 3 * n, |i, j| inv_sqrt[i % n] * h[(i, j)] * inv_sqrt[j % n]);
            let c = null.transpose() * &h * &null;
            let c = Mat::<f64>::from_fn(c.nrows(), c.ncols(), |i, j| 0.5 * (c[(i, j)] + c[(j, i)]));
            let eig = c.self_adjoint_eigen(faer::Side::Lower).unwrap(); // ascending
            let y = &null * eig.U().subcols(0, count);
            Mat::from_fn(3 * n, count, |i, j| inv_sqrt[i % n] * y[(i, j)])
        }

        /// Eight steps of the bending rig (conjugated by `q` when given: `T' = [Q A Qᵀ | Q b]` per handle);
        /// returns the final reduced coordinates.
        fn bend_steps(&self, model: &ReducedModel, q: Option<&Matrix3<f64>>) -> Vec<f64> {
            let mut state = StepState::at_rest(model, &self.rig.rest_params());
            let opts = StepSettings { iterations: 200, tolerance: 1e-13, ..Default::default() };
            for k in 1..=8 {
                let mut p = bend(&self.rig, 0.15 * k as f64);
                if let Some(q) = q {
                    for h in p.chunks_mut(12) {
                        let a = q * Matrix3::from_fn(|r, c| h[4 * r + c]) * q.transpose();
                        let b = rotate(q, [h[3], h[7], h[11]]);
                        for r in 0..3 {
                            h[4 * r..4 * r + 3].copy_from_slice(&[a[(r, 0)], a[(r, 1)], a[(r, 2)]]);
                            h[4 * r + 3] = b[r];
                        }
                    }
                }
                model.step(&mut state, &p, &opts);
            }
            state.z
        }
    }

    /// `‖u_rot − (I ⊗ Q) u‖ / ‖u‖` for coordinate-major displacements.
    fn equivariance_error(q: &Matrix3<f64>, u: &[f64], u_rot: &[f64]) -> f64 {
        let n = u.len() / 3;
        let (mut err, mut norm) = (0.0, 0.0);
        for v in 0..n {
            let want = rotate(q, [u[v], u[n + v], u[2 * n + v]]);
            for c in 0..3 {
                err += (u_rot[c * n + v] - want[c]).powi(2);
                norm += want[c] * want[c];
            }
        }
        assert!(norm > 1e-10, "the scene must move");
        (err / norm).sqrt()
    }

    fn dense_times(b: &Mat<f64>, z: &[f64]) -> Vec<f64> {
        (b * Mat::from_fn(z.len(), 1, |i, _| z[i])).col(0).iter().copied().collect()
    }

    /// Eq. 24 / App. A: rotating the rest mesh, the rig and its inputs by Q rotates the simulated displacement.
    #[test]
    fn steps_are_rotation_equivariant() {
        use crate::modes::dense::skinning_subspace;
        let q = random_rotation();
        let run = |q: Option<&Matrix3<f64>>| {
            // each run builds its modes from its own mesh
            let s = rotation_scene(q);
            let w = s.skinning_weights(6);
            crate::fem::spmv(
                &skinning_subspace(&s.mesh.vertices, &w),
                &s.bend_steps(&s.skinning_model(&w), q),
            )
        };
        let rel = equivariance_error(&q, &run(None), &run(Some(&q)));
        assert!(rel <= 1e-8, "rotated displacement differs by {rel:e} (relative)");
    }

    /// §5.2 / App. A, the counter-example: Eq. 24 holds for a subspace `B` (computed once, at rest) iff `B` is
    /// closed under rotations (Eq. 25). A skinning subspace is (`Q (w A X̄) = w (Q A) X̄`), so rotating the rest
    /// mesh, rig and inputs rotates the displacement; a displacement-mode subspace of the same size is not (a
    /// fixed field `φ` rotated, `(I ⊗ Q) φ`, is not a combination of the fixed fields), so the same rotated
    /// problem gets a different, non-rotated answer. Were the displacement modes recomputed from the rotated
    /// mesh, they would be `(I ⊗ Q) B` (H and 𝒥 co-rotate) and the test would pass trivially: the property
    /// is about one basis serving every orientation, as in the paper's Fig. 11.
    #[test]
    fn displacement_modes_are_not_rotation_equivariant() {
        use crate::modes::dense::skinning_subspace;
        let q = random_rotation();
        let (rest, rotated) = (rotation_scene(None), rotation_scene(Some(&q)));
        // skinning subspace: weights from the rest mesh, used for both orientations
        let w = rest.skinning_weights(6);
        let u = crate::fem::spmv(
            &skinning_subspace(&rest.mesh.vertices, &w),
            &rest.bend_steps(&rest.skinning_model(&w), None),
        );
        let u_rot = crate::fem::spmv(
            &skinning_subspace(&rotated.mesh.vertices, &w),
            &rotated.bend_steps(&rotated.skinning_model(&w), Some(&q)),
        );
        let skinning = equivariance_error(&q, &u, &u_rot);
        // displacement modes, as many degrees of freedom (72), from the rest mesh, used for both orientations
        let b = rest.displacement_modes(72);
        let u = dense_times(&b, &rest.bend_steps(&rest.basis_model(&b), None));
        let u_rot = dense_times(&b, &rotated.bend_steps(&rotated.basis_model(&b), Some(&q)));
        let displacement = equivariance_error(&q, &u, &u_rot);
        // the same displacement modes recomputed from the rotated mesh: the rotated basis, so equivariant
        let b_rot = rotated.displacement_modes(72);
        let u_rot = dense_times(&b_rot, &rotated.bend_steps(&rotated.basis_model(&b_rot), Some(&q)));
        let recomputed = equivariance_error(&q, &u, &u_rot);
        eprintln!(
            "equivariance: skinning {skinning:e}, displacement {displacement:e}, rebuilt {recomputed:e}"
        );
        assert!(skinning <= 1e-8, "skinning subspace: {skinning:e}");
        assert!(displacement > 1e-3, "displacement modes look rotation equivariant: {displacement:e}");
        assert!(recomputed <= 1e-8, "a basis rebuilt from the rotated mesh co-rotates: {recomputed:e}");
    }

    /// §9.10: against full-space complementary dynamics (same energy and integrator, B = a basis of the
    /// constraint's null space, one cluster per tet), the reduced error falls as modes are added.
    #[test]
    fn reduced_error_against_full_space_falls_with_more_modes() {
        use crate::modes::dense::skinning_subspace;
        use crate::reduced::clusters::Clustering;
        use crate::reduced::model::complementary_basis;
        let mesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.3]);
        let mat = Material::homogeneous(mesh.t(), 2e4, 0.0, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]);
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let per_tet = Clustering::one_per_tet(mesh.t());
        let opts = StepSettings {
            volume_preservation: false,
            iterations: 100,
            tolerance: 1e-9,
            ..Default::default()
        };
        let run = |model: &ReducedModel| {
            let mut state = StepState::at_rest(model, &rig.rest_params());
            for k in 1..=12 {
                model.step(&mut state, &bend(&rig, 0.1 * k as f64), &opts);
            }
            state.z
        };
        let full_basis = complementary_basis(&jcal);
        let problem =
            FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 1.0 / 60.0 };
        let full = ReducedModel::from_basis(&problem, &full_basis, &per_tet).unwrap();
        let y = run(&full);
        let u_full: Vec<f64> =
            (0..3 * mesh.n()).map(|i| (0..y.len()).map(|j| full_basis[(i, j)] * y[j]).sum()).collect();
        // the full-space solution is complementary to the rig
        let jt_u: Vec<f64> = (0..jcal.ncols())
            .map(|q| {
                jcal.row_idx_of_col_raw(q).iter().zip(jcal.val_of_col(q)).map(|(r, v)| v * u_full[*r]).sum()
            })
            .collect();
        let norm_full = u_full.iter().map(|v| v * v).sum::<f64>().sqrt();
        assert!(norm_full > 1e-6, "a bending rig must excite complementary motion");
        assert!(jt_u.iter().all(|v| v.abs() < 1e-8 * norm_full), "full-space motion leaks into the rig");

        let jw = weight_space_constraint(&mesh.vertices, &jcal);
        let hw = weight_space_hessian(&mesh, &mat);
        let mut errors = Vec::new();
        for m in [2, 4, 8, 12] {
            let modes = dense_modes(&hw, &mass, &jw, m).unwrap();
            let model = ReducedModel::new(&problem, &modes.weights, &per_tet).unwrap();
            let z = run(&model);
            let u = crate::fem::spmv(&skinning_subspace(&mesh.vertices, &modes.weights), &z);
            let err = u.iter().zip(&u_full).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt() / norm_full;
            errors.push(err);
        }
        eprintln!("relative error after 12 steps, 2/4/8/12 modes: {errors:?}");
        for w in errors.windows(2) {
            assert!(w[1] <= w[0] * 1.02, "error grew with more modes: {errors:?}");
        }
        assert!(errors[3] < 0.5 * errors[0], "too little improvement: {errors:?}");
    }

    /// `method-pitfalls.md` §7: with `D = I`, rigid rig motion never reaches the secondary motion (z stays 0
    /// exactly); the surface-diffused `D` lets the accelerating rig's momentum leak into the flesh.
    #[test]
    fn momentum_leaks_only_through_d() {
        use crate::leak::{leak_diagonal, MomentumLeak};
        let mesh = box_mesh(6, 3, 3, [1.5, 0.6, 0.5]);
        let mat = Material::homogeneous(mesh.t(), 2e4, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::affine();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let run = |leak: MomentumLeak| {
            let d = leak_diagonal(&mesh, &leak).unwrap();
            let jw = weight_space_constraint(&mesh.vertices, &complementarity_matrix(&jac, &mass, &d));
            let modes = dense_modes(&weight_space_hessian(&mesh, &mat), &mass, &jw, 6).unwrap();
            let clustering = crate::reduced::clusters::Clustering::one_per_tet(mesh.t());
            let problem =
                FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 1.0 / 60.0 };
            let model = ReducedModel::new(&problem, &modes.weights, &clustering).unwrap();
            let mut state = StepState::at_rest(&model, &rig.rest_params());
            let opts = StepSettings { tolerance: 1e-12, iterations: 50, ..Default::default() };
            // the whole rig accelerates sideways and rotates: rigid motion only
            for k in 1..=10 {
                let t = k as f64 / 60.0;
                let mut p = rig.rest_params();
                let (c, s) = ((3.0 * t * t).cos(), (3.0 * t * t).sin());
                let rot = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
                for r in 0..3 {
                    for q in 0..3 {
                        p[4 * r + q] = rot[r][q];
                    }
                }
                p[3] = 4.0 * t * t;
                model.step(&mut state, &p, &opts);
            }
            state.z.iter().fold(0.0f64, |a, b| a.max(b.abs()))
        };
        let none = run(MomentumLeak::None);
        let diffuse = run(MomentumLeak::default());
        assert!(none < 1e-10, "D = I: rigid rig motion excited z = {none:e}");
        assert!(diffuse > 1e-4, "diffused D: no follow-through (max |z| = {diffuse:e})");
    }

    /// The block-form products (three coordinate blocks of a skinning subspace, and one block of the same
    /// `G₉KB` stored dense) equal the dense products `G₉KB z` and `A⁻¹(G₉KB)ᵀ d`.
    #[test]
    fn block_form_equals_the_dense_products() {
        use crate::reduced::model::BasisGradient;
        let s = scene(0.3, 0.6, 15);
        let skinning = &s.model;
        let mut parts = skinning.parts.clone();
        parts.basis_gradient = BasisGradient::Dense(skinning.g9kb.clone());
        let dense = ReducedModel::from_parts(parts).unwrap();
        let z = Mat::<f64>::from_fn(skinning.dofs, 1, |i, _| ((i * 7) as f64 * 0.13).sin());
        let d: Vec<f64> = (0..9 * skinning.clusters).map(|i| ((i * 3) as f64 * 0.71).cos()).collect();
        let want_f = &skinning.g9kb * &z;
        let want_g = skinning.a_llt.solve(&skinning.g9kb.transpose()) * col(&d);
        for (model, blocks) in [(skinning, 3), (&dense, 1)] {
            assert_eq!(model.block.blocks, blocks);
            let terms = StepTerms::new(
                model,
                &StepState::at_rest(model, &s.rig.rest_params()),
                &s.rig.rest_params(),
                &StepSettings::default(),
            );
            let perm = &model.block.perm;
            let z_blocks: Vec<f64> = perm.iter().map(|&i| z[(i, 0)]).collect();
            let mut f = vec![0.0; d.len()];
            terms.block_mul(&model.block.gradient, &z_blocks, &mut f);
            let err_f = (0..f.len()).map(|i| (f[i] - want_f[(i, 0)]).abs()).fold(0.0, f64::max);
            assert!(err_f <= 1e-12 * want_f.norm_max(), "B = {blocks}: G₉KB z off by {err_f:e}");
            let mut g = vec![0.0; model.dofs];
            terms.block_mul(&model.block.a_inv_gradient_t, &d, &mut g);
            let err_g = perm.iter().zip(&g).map(|(&i, v)| (v - want_g[(i, 0)]).abs()).fold(0.0, f64::max);
            assert!(err_g <= 1e-10 * want_g.norm_max(), "B = {blocks}: A⁻¹(G₉KB)ᵀ d off by {err_g:e}");
            let mut az = vec![0.0; model.dofs];
            terms.block_mul(&model.block.a_block, &z_blocks, &mut az);
            let want_az = &model.a * &z;
            let err_a = perm.iter().zip(&az).map(|(&i, v)| (v - want_az[(i, 0)]).abs()).fold(0.0, f64::max);
            assert!(err_a <= 1e-12 * want_az.norm_max(), "B = {blocks}: A z off by {err_a:e}");
        }
    }
}
