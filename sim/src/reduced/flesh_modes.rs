//! Ex-rotated elasticity in the reduced step (paper 002, §4, on paper 000's Alg. 2), and the co-rotational step
//! warm-started from it.
//!
//! With the rig's skinned rotations `R̂_c` (one per cluster, from [`crate::rig::skinned_rotation`]) in place of
//! `polar(F̃_c)`, the step energy of [`crate::reduced::step`] becomes (paper 002, Eq. 5, per cluster)
//!
//! ```text
//! E(z) = Q(z) + Σ_c V_c (−2 μ_c t_c + λ_c/2 (t_c − 3)²),   t_c = tr(R̂_cᵀ F̃_c) = g_cᵀ z + t⁰_c
//! ```
//!
//! with `Q(z) = ½ zᵀA z + linearᵀz` the step's quadratic part, `g_c = (G₉KB)_cᵀ vec(R̂_c)` (cluster c's rows of
//! `G₉KB` contracted with `R̂_c`) and `t⁰_c = vec(R̂_c)·(G₉K(Jp + x₀))_c`; λ is scaled by the step's
//! `lambda_scale` (0 for ARAP). `E` is quadratic in z (forces affine in positions, paper 002, Eq. 4 and 6); its
//! minimiser solves
//!
//! ```text
//! H z = b,   H = A + Σ_c λ_c V_c g_c g_cᵀ,   b = −linear + Σ_c V_c (2μ_c − λ_c (t⁰_c − 3)) g_c.
//! ```
//!
//! - λ = 0: `H = A`, one global solve with the prefactored `A`, in the step's closed form
//!   `z = c − A⁻¹(G₉KB)ᵀ ∂Φ̃/∂f̃` with `∂Φ̃/∂f̃ = −2Vμ vec(R̂)` (paper 000, Eq. 31).
//! - λ > 0: PCG, preconditioned by the rest-pose Hessian `H₀ = H(R̂ = I)` (factored once per model, on first
//!   use) rotated by the rig (paper 002, Eq. 14–15). For a skinning subspace a global rotation `Q` acts on z's
//!   coordinate blocks as `Q ⊗ I` (`Q (w A X̄) = w (QA) X̄`): `A = I₃ ⊗ A_s` commutes with it and
//!   `g_c(Q) = (Q ⊗ I) g_c(I)`, so `H = (Q⊗I) H₀ (Q⊗I)ᵀ` exactly when every `R̂_c = Q`. The preconditioner is
//!   `P⁻¹ = (Q⊗I) H₀⁻¹ (Q⊗I)ᵀ` with `Q = polar(Σ_c V_c R̂_c)`; any other basis gets `H₀⁻¹` unrotated.
//!
//! The warm start ([`FleshMode::CorotationalExRotatedWarmStart`]) solves the ex-rotated problem and runs the
//! co-rotational local-global iterations from its solution, unless that has more co-rotational energy than the
//! cold start (the previous `z`): the step's energy then never rises above the cold start's.

use crate::linalg::{pcg, polar, PcgSettings, Stop};
use crate::reduced::local_global::StepTerms;
use crate::reduced::model::{ReducedModel, RestHessian};
use crate::reduced::row_major::RowMajor;
use crate::reduced::settings::StepSettings;
use faer::Par;
use nalgebra::Matrix3;

/// The ex-rotated Hessian `H` (block order) for one step's rotations, its preconditioner and PCG buffers.
struct ExRotatedSystem<'a> {
    model: &'a ReducedModel,
    terms: &'a StepTerms<'a>,
    /// Row c: `g_cᵀ` (r × s).
    g: RowMajor,
    /// `λ_c V_c` (times the step's λ scale).
    stiffness: Vec<f64>,
    /// The preconditioner's rotation `Q` (skinning subspace only).
    q: Option<Matrix3<f64>>,
    rest: &'a RestHessian,
}

impl<'a> ExRotatedSystem<'a> {
    fn new(
        terms: &'a StepTerms<'a>,
        rot: &[Matrix3<f64>],
        stiffness: Vec<f64>,
        rotate_preconditioner: bool,
    ) -> Self {
        let model = terms.model;
        let (s, r, blocks) = (model.dofs, model.clusters, model.block.blocks);
        let (grad, w) = (&model.block.gradient, s / blocks);
        // g_c = (G₉KB)_cᵀ vec(R̂_c): for a skinning subspace block a is Σ_j R̂_c[a][j] (ΓΦ)_{3c+j}
        let mut g = RowMajor { rows: r, cols: s, data: vec![0.0; r * s] };
        for (cl, row) in g.data.chunks_exact_mut(s).enumerate() {
            for a in 0..3 {
                for j in 0..3 {
                    let (block, src) =
                        if blocks == 3 { (a, 3 * cl + j) } else { (0, a * 3 * r + 3 * cl + j) };
                    let coef = rot[cl][(a, j)];
                    for (o, x) in
                        row[block * w..(block + 1) * w].iter_mut().zip(&grad.data[src * w..(src + 1) * w])
                    {
                        *o += coef * x;
                    }
                }
            }
        }
        let q = (blocks == 3 && rotate_preconditioner).then(|| {
            // volume-weighted mean rig rotation (paper 002, Eq. 14 with one global rotation)
            let mean =
                rot.iter().zip(&model.parts.cluster_volume).fold(Matrix3::zeros(), |m, (r, v)| m + r * *v);
            polar(&mean).0
        });
        let rest = model.exrotated_rest.get_or_init(|| RestHessian::new(model));
        ExRotatedSystem { model, terms, g, stiffness, q, rest }
    }

    /// `out = H v = A v + Σ_c λ_c V_c g_c (g_cᵀ v)`; `gv`: r scratch.
    fn hessian_mul(&self, v: &[f64], out: &mut [f64], gv: &mut [f64]) {
        self.terms.block_mul(&self.model.block.a_block, v, out);
        self.g.block_mul::<1>(v, gv);
        let s = self.model.dofs;
        for ((row, gv), k) in self.g.data.chunks_exact(s).zip(gv.iter()).zip(&self.stiffness) {
            let coef = gv * k;
            if coef != 0.0 {
                out.iter_mut().zip(row).for_each(|(o, g)| *o += coef * g);
            }
        }
    }

    /// `out = P⁻¹ v = (Q⊗I) H₀⁻¹ (Q⊗I)ᵀ v` (paper 002, Eq. 15); `u`, `w`: s scratch.
    fn precondition(&self, v: &[f64], out: &mut [f64], u: &mut [f64], w: &mut [f64]) {
        let Some(q) = self.q else {
            self.rest.inv.block_mul::<1>(v, out);
            return;
        };
        let third = self.model.dofs / 3;
        let rotate = |q: &Matrix3<f64>, transpose: bool, x: &[f64], y: &mut [f64]| {
            for a in 0..3 {
                let y = &mut y[a * third..(a + 1) * third];
                y.fill(0.0);
                for b in 0..3 {
                    let c = if transpose { q[(b, a)] } else { q[(a, b)] };
                    y.iter_mut().zip(&x[b * third..(b + 1) * third]).for_each(|(y, x)| *y += c * x);
                }
            }
        };
        rotate(&q, true, v, u);
        self.rest.inv.block_mul::<1>(u, w);
        rotate(&q, false, w, out);
    }

    /// Preconditioned conjugate gradients for `H x = b` from `x`, until `‖r‖_{P⁻¹} ≤ tol ‖b‖_{P⁻¹}` (or
    /// `tol ‖r₀‖_{P⁻¹}` when that is larger): (iterations, converged).
    fn pcg(&self, b: &[f64], x: &mut [f64], tol: f64, max_iterations: usize) -> (usize, bool) {
        let (s, r) = (self.model.dofs, self.model.clusters);
        let (mut gv, mut u, mut w) = (vec![0.0; r], vec![0.0; s], vec![0.0; s]);
        let opts = PcgSettings { tolerance: tol, max_iterations, stop: Stop::Preconditioned, par: Par::Seq };
        // On `V z = 0` (blendshape complementarity): CG on `P H P` with the preconditioner `P M⁻¹ P` from a
        // feasible start, `P = I − VᵀV` (`reduced::constraint`).
        let constraint = self.model.constraint.as_ref();
        let project = |v: &mut [f64]| {
            if let Some(c) = constraint {
                c.project_orthogonal(v);
            }
        };
        // the right-hand side projected (a copy only with a constraint: no allocation otherwise)
        let b: std::borrow::Cow<[f64]> = match constraint {
            None => std::borrow::Cow::Borrowed(b),
            Some(c) => {
                let mut b = b.to_vec();
                c.project_orthogonal(&mut b);
                std::borrow::Cow::Owned(b)
            }
        };
        project(x);
        let mut pr = vec![0.0; if constraint.is_some() { s } else { 0 }];
        let report = pcg(
            |v, out| {
                self.hessian_mul(v, out, &mut gv);
                project(out);
            },
            |v, out| match constraint {
                None => self.precondition(v, out, &mut u, &mut w),
                Some(c) => {
                    pr.copy_from_slice(v);
                    c.project_orthogonal(&mut pr);
                    self.precondition(&pr, out, &mut u, &mut w);
                    c.project_orthogonal(out);
                }
            },
            &b[..],
            x,
            &opts,
        );
        (report.iterations, report.converged)
    }
}

/// `vec(R) · f_c` for cluster `cl` of a 9r vector (rows `c·3r + 3·cl + j`).
fn contract(rot: &Matrix3<f64>, f: &[f64], cl: usize, r: usize) -> f64 {
    (0..9).map(|e| rot[(e / 3, e % 3)] * f[(e / 3) * 3 * r + 3 * cl + e % 3]).sum()
}

/// The minimiser of the ex-rotated step energy for the cluster rotations `rot` (block order; PCG from
/// `z0` when λ > 0): (z, PCG iterations, converged).
pub(super) fn exrotated_solve(
    terms: &StepTerms,
    rot: &[Matrix3<f64>],
    z0: &[f64],
    opts: &StepSettings,
    rotate_preconditioner: bool,
) -> (Vec<f64>, usize, bool) {
    let model = terms.model;
    let (s, r, parts) = (model.dofs, model.clusters, &model.parts);
    let stiffness: Vec<f64> =
        (0..r).map(|cl| terms.lambda_scale * parts.cluster_lambda[cl] * parts.cluster_volume[cl]).collect();
    if stiffness.iter().all(|k| *k == 0.0) {
        // λ = 0: H = A, the global step in closed form with R = R̂ (paper 000, Eq. 31; paper 002, Eq. 6)
        let mut dphi = vec![0.0; 9 * r];
        for cl in 0..r {
            let coef = -2.0 * parts.cluster_volume[cl] * parts.cluster_mu[cl];
            for e in 0..9 {
                dphi[(e / 3) * 3 * r + 3 * cl + e % 3] = coef * rot[cl][(e / 3, e % 3)];
            }
        }
        let mut z = vec![0.0; s];
        terms.block_mul(&model.block.a_inv_gradient_t, &dphi, &mut z);
        z.iter_mut().zip(&terms.c).for_each(|(z, c)| *z = c - *z);
        if let Some(constraint) = &model.constraint {
            constraint.project(&mut z); // the minimiser on `V z = 0` (H = A here)
        }
        return (z, 0, true);
    }
    let sys = ExRotatedSystem::new(terms, rot, stiffness, rotate_preconditioner);
    // b = −linear + Σ_c V_c (2μ_c − λ_c (t⁰_c − 3)) g_c (paper 002, Eq. 6 at z = 0)
    let mut b: Vec<f64> = terms.linear.iter().map(|l| -l).collect();
    for (cl, row) in sys.g.data.chunks_exact(s).enumerate() {
        let t0 = contract(&rot[cl], &terms.f_rig, cl, r);
        let coef = 2.0 * parts.cluster_volume[cl] * parts.cluster_mu[cl] - sys.stiffness[cl] * (t0 - 3.0);
        b.iter_mut().zip(row).for_each(|(b, g)| *b += coef * g);
    }
    let mut z = z0.to_vec();
    let (iterations, converged) = sys.pcg(&b, &mut z, opts.pcg_tolerance, opts.pcg_max_iterations);
    (z, iterations, converged)
}

/// The ex-rotated step energy at `z` (block order): `Q(z) + Σ_c V_c (−2μ_c t_c + λ_c/2 (t_c − 3)²)`.
pub(super) fn exrotated_energy(terms: &StepTerms, rot: &[Matrix3<f64>], z: Vec<f64>) -> f64 {
    let it = terms.iterate(z);
    let (parts, r) = (&terms.model.parts, terms.model.clusters);
    it.quadratic
        + (0..r)
            .map(|cl| {
                let t = contract(&rot[cl], &it.f, cl, r);
                parts.cluster_volume[cl]
                    * (-2.0 * parts.cluster_mu[cl] * t
                        + terms.lambda_scale * 0.5 * parts.cluster_lambda[cl] * (t - 3.0).powi(2))
            })
            .sum::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduced::model::BasisGradient;
    use crate::reduced::step::tests::{bend, scene, Scene};
    use crate::reduced::Elasticity;
    use crate::reduced::{FleshMode, StepReport, StepState};
    use crate::rig::skinned_rotation::{PoseRotations, RotationWeights};
    use crate::rig::{write_affine, Rig, IDENTITY};
    use faer::linalg::solvers::Solve;
    use faer::{Mat, Side};

    fn rig_rotations(s: &Scene, p: &[f64]) -> Vec<Matrix3<f64>> {
        RotationWeights::per_cluster(&s.rig, &s.mesh, &s.clustering).rotations(&PoseRotations::new(&s.rig, p))
    }

    fn rotation(axis: [f64; 3], angle: f64) -> Matrix3<f64> {
        let axis = nalgebra::Unit::new_normalize(nalgebra::Vector3::from(axis));
        *nalgebra::Rotation3::from_axis_angle(&axis, angle).matrix()
    }

    /// Every bone of the rig moved by the same rigid transform `x ↦ Q x + t`.
    fn rigid(rig: &Rig, q: &Matrix3<f64>, t: [f64; 3]) -> Vec<f64> {
        let mut p = rig.rest_params();
        let mut a = IDENTITY;
        for i in 0..3 {
            for j in 0..3 {
                a[i][j] = q[(i, j)];
            }
            a[i][3] = t[i];
        }
        for h in p.chunks_mut(12) {
            write_affine(h, &a);
        }
        p
    }

    /// A state with momentum: a few co-rotational steps of the bend.
    fn moving_state(s: &Scene) -> StepState {
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        for k in 1..=4 {
            s.model.step(&mut state, &bend(&s.rig, 0.12 * k as f64), &StepSettings::default());
        }
        state
    }

    fn rel(a: &[f64], b: &[f64]) -> f64 {
        let d = a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f64>().sqrt();
        d / b.iter().map(|y| y * y).sum::<f64>().sqrt().max(1e-300)
    }

    /// The ex-rotated system assembled densely in natural coordinate order from the stored parts (no block
    /// form, no PCG, no closed form): `H`, `b` of the module doc, solved by a fresh Cholesky factorization.
    fn dense_solution(
        model: &ReducedModel,
        state: &StepState,
        p: &[f64],
        rot: &[Matrix3<f64>],
        lambda_scale: f64,
    ) -> Vec<f64> {
        let (parts, s, r) = (&model.parts, model.dofs, model.clusters);
        let col = |v: &[f64]| Mat::<f64>::from_fn(v.len(), 1, |i, _| v[i]);
        let h2 = parts.h * parts.h;
        let z_hat: Vec<f64> = state.z.iter().zip(&state.z_prev).map(|(a, b)| 2.0 * a - b).collect();
        let dp: Vec<f64> = (0..p.len()).map(|i| p[i] - 2.0 * state.p[i] + state.p_prev[i]).collect();
        let linear = (&parts.btmj * col(&dp) - &parts.btmb * col(&z_hat)) * faer::Scale(1.0 / h2)
            + (&parts.btlj * col(p) + col(&parts.btl_x0)) * faer::Scale(2.0);
        let f_rig = &parts.g9kj * col(p) + col(&parts.g9k_x0);
        let mut h = model.a.clone();
        let mut b = Mat::<f64>::from_fn(s, 1, |i, _| -linear[(i, 0)]);
        for cl in 0..r {
            let idx = |e: usize| (e / 3) * 3 * r + 3 * cl + e % 3;
            let g: Vec<f64> = (0..s)
                .map(|q| (0..9).map(|e| rot[cl][(e / 3, e % 3)] * model.g9kb[(idx(e), q)]).sum())
                .collect();
            let t0: f64 = (0..9).map(|e| rot[cl][(e / 3, e % 3)] * f_rig[(idx(e), 0)]).sum();
            let k = lambda_scale * parts.cluster_lambda[cl] * parts.cluster_volume[cl];
            let coef = 2.0 * parts.cluster_volume[cl] * parts.cluster_mu[cl] - k * (t0 - 3.0);
            for i in 0..s {
                b[(i, 0)] += coef * g[i];
                for j in 0..s {
                    h[(i, j)] += k * g[i] * g[j];
                }
            }
        }
        let z = h.llt(Side::Lower).unwrap().solve(&b);
        (0..s).map(|i| z[(i, 0)]).collect()
    }

    fn exrotated(
        model: &ReducedModel,
        state: &StepState,
        p: &[f64],
        rot: &[Matrix3<f64>],
        opts: &StepSettings,
    ) -> (Vec<f64>, StepReport) {
        let mut state = state.clone();
        let report = model.step_with_rotations(&mut state, p, rot, FleshMode::ExRotated, opts);
        (state.z, report)
    }

    #[test]
    fn flesh_mode_names_round_trip_and_bad_names_list_the_valid_ones() {
        for m in FleshMode::ALL {
            assert_eq!(m.to_string().parse::<FleshMode>(), Ok(m));
        }
        assert_eq!(FleshMode::default(), FleshMode::Corotational);
        assert_eq!("corotational+exrotated-warmstart".parse(), Ok(FleshMode::CorotationalExRotatedWarmStart));
        let err = "ex-rotated".parse::<FleshMode>().unwrap_err().to_string();
        assert!(
            err.contains("`ex-rotated`")
                && err.contains("exrotated, corotational, corotational+exrotated-warmstart"),
            "{err}"
        );
    }

    /// λ = 0 (ARAP): one closed-form global solve equals the dense minimiser of the fixed-rotation quadratic.
    #[test]
    fn exrotated_arap_is_the_minimiser_of_the_fixed_rotation_quadratic() {
        let s = scene(0.35, 0.6, 15);
        let state = moving_state(&s);
        let p = bend(&s.rig, 0.7);
        let rot = rig_rotations(&s, &p);
        let opts = StepSettings { volume_preservation: false, record_energy: true, ..Default::default() };
        let (z, report) = exrotated(&s.model, &state, &p, &rot, &opts);
        let want = dense_solution(&s.model, &state, &p, &rot, 0.0);
        let err = rel(&z, &want);
        assert!(err <= 1e-8, "ex-rotated ARAP off the dense minimiser by {err:e}");
        assert!(want.iter().any(|v| v.abs() > 1e-6), "the scene must move");
        assert_eq!(report.pcg_iterations, 0);
        assert!(report.converged && report.iterations == 0);
        assert!(report.energy[1] <= report.energy[0], "the minimiser has more energy than the start");
    }

    /// λ > 0: PCG on the block form (rotated rest-pose preconditioner) and on the same model stored with a
    /// dense basis gradient (unrotated preconditioner) both equal the dense direct solve.
    #[test]
    fn exrotated_pcg_equals_a_dense_direct_solve() {
        let s = scene(0.45, 0.6, 15);
        let mut parts = s.model.parts.clone();
        parts.basis_gradient = BasisGradient::Dense(s.model.g9kb.clone());
        let dense = ReducedModel::from_parts(parts).unwrap();
        let state = moving_state(&s);
        let opts = StepSettings { pcg_tolerance: 1e-13, record_energy: true, ..Default::default() };
        for angle in [0.3, 0.9] {
            let p = bend(&s.rig, angle);
            let rot = rig_rotations(&s, &p);
            let want = dense_solution(&s.model, &state, &p, &rot, 1.0);
            assert!(want.iter().any(|v| v.abs() > 1e-6), "the scene must move");
            for (model, what) in [(&s.model, "skinning"), (&dense, "dense")] {
                let (z, report) = exrotated(model, &state, &p, &rot, &opts);
                let err = rel(&z, &want);
                eprintln!(
                    "bend {angle}: {what} basis: {} PCG iterations, rel. error {err:e}",
                    report.pcg_iterations
                );
                assert!(report.converged, "{what}: PCG did not converge");
                assert!(err <= 1e-8, "{what}: PCG off the dense solve by {err:e}");
                assert!(report.energy[1] <= report.energy[0]);
            }
        }
    }

    /// Paper 002, Eq. 14–15: when every bone is moved by the same rigid transform, the rig-rotated rest-pose
    /// Hessian is the Hessian, and PCG converges at once; unrotated it takes longer.
    #[test]
    fn rotated_rest_preconditioner_is_exact_under_a_global_rotation() {
        let s = scene(0.45, 0.6, 15);
        let q = rotation([0.3, -0.5, 0.8], 1.1);
        let p = rigid(&s.rig, &q, [0.2, -0.1, 0.3]);
        let rot = rig_rotations(&s, &p);
        assert!(rot.iter().all(|r| (r - q).norm() < 1e-12));
        let opts = StepSettings { pcg_tolerance: 1e-10, ..Default::default() };
        // flesh in motion (a uniform leak is no leak: rigid rig motion alone would leave z = 0)
        let state = moving_state(&s);
        let run = |rotate: bool| {
            let mut st = state.clone();
            let r = s.model.step_with_rotations_impl(&mut st, &p, &rot, FleshMode::ExRotated, &opts, rotate);
            assert!(r.converged);
            assert!(rel(&st.z, &state.z) > 1e-3, "z must change");
            (r.pcg_iterations, st.z)
        };
        let ((rotated, z), (unrotated, z_unrotated)) = (run(true), run(false));
        // a bent pose for comparison
        let bent = bend(&s.rig, 0.9);
        let (_, bent_report) = exrotated(&s.model, &state, &bent, &rig_rotations(&s, &bent), &opts);
        eprintln!(
            "PCG iterations: global rotation {rotated} (rotated preconditioner), {unrotated} (unrotated); \
             bend 0.9 rad {}",
            bent_report.pcg_iterations
        );
        assert!(rotated <= 2, "rotated rest preconditioner under a global rotation: {rotated} iterations");
        assert!(unrotated > rotated + 2, "the rotation made no difference ({unrotated} vs {rotated})");
        assert!(rel(&z, &z_unrotated) <= 1e-8);
    }

    /// Rigid motion with `D = I` leaves the flesh at rest in both models (the skinned rotations are the polar
    /// ones); and wherever the rig rotations are the polar rotations of the co-rotational solution, that
    /// solution is the ex-rotated one (ARAP and λ > 0).
    #[test]
    fn exrotated_and_corotational_agree_when_the_rotations_agree() {
        let s = scene(0.35, 1.0, 15);
        let mut cold = StepState::at_rest(&s.model, &s.rig.rest_params());
        let mut ex = cold.clone();
        let opts = StepSettings { tolerance: 1e-12, iterations: 100, ..Default::default() };
        let zmax = |z: &[f64]| z.iter().fold(0.0f64, |a, b| a.max(b.abs()));
        for k in 1..=8 {
            let t = k as f64 / 60.0;
            let p = rigid(&s.rig, &rotation([0.2, 1.0, -0.4], 3.0 * t * t), [4.0 * t * t, 0.0, -t]);
            s.model.step_with_rotations(&mut ex, &p, &rig_rotations(&s, &p), FleshMode::ExRotated, &opts);
            s.model.step(&mut cold, &p, &opts);
            assert!(zmax(&cold.z) < 1e-10 && zmax(&ex.z) < 1e-10, "{:e} {:e}", zmax(&cold.z), zmax(&ex.z));
        }
        // leak: the flesh moves; feed the co-rotational solution's polar rotations as rig rotations
        let s = scene(0.35, 0.6, 15);
        let state = moving_state(&s);
        let p = bend(&s.rig, 0.8);
        for elasticity in [Elasticity::Arap, Elasticity::Corotational] {
            let opts = StepSettings {
                volume_preservation: elasticity.volume_preservation(),
                tolerance: 1e-13,
                iterations: 2000,
                pcg_tolerance: 1e-13,
                ..Default::default()
            };
            let mut st = state.clone();
            assert!(s.model.step(&mut st, &p, &opts).converged);
            let (m, r) = (&s.model, s.model.clusters);
            let zc = Mat::<f64>::from_fn(m.dofs, 1, |i, _| st.z[i]);
            let pc = Mat::<f64>::from_fn(p.len(), 1, |i, _| p[i]);
            let f = &m.g9kb * &zc + &m.parts.g9kj * &pc;
            let rot: Vec<Matrix3<f64>> = (0..r)
                .map(|cl| {
                    let row = |c: usize, j: usize| c * 3 * r + 3 * cl + j;
                    polar(&Matrix3::from_fn(|c, j| f[(row(c, j), 0)] + m.parts.g9k_x0[row(c, j)])).0
                })
                .collect();
            let (z, _) = exrotated(&s.model, &state, &p, &rot, &opts);
            let err = rel(&z, &st.z);
            assert!(err <= 1e-8, "{elasticity:?}: ex-rotated with the polar rotations off by {err:e}");
        }
    }

    /// The warm-started co-rotational step reaches the cold step's solution and never raises the energy.
    #[test]
    fn warm_start_converges_to_the_cold_solution_and_never_raises_the_energy() {
        let s = scene(0.35, 0.6, 25);
        let tol = 1e-9;
        let opts =
            StepSettings { tolerance: tol, iterations: 500, record_energy: true, ..Default::default() };
        let mut state = StepState::at_rest(&s.model, &s.rig.rest_params());
        let (mut cold_total, mut warm_total, mut pcg_total) = (0, 0, 0);
        for k in 1..=12 {
            let p = bend(&s.rig, 0.12 * k as f64);
            let (mut cold, mut warm) = (state.clone(), state.clone());
            let rc = s.model.step(&mut cold, &p, &opts);
            let rw = s.model.step_with_rotations(
                &mut warm,
                &p,
                &rig_rotations(&s, &p),
                FleshMode::CorotationalExRotatedWarmStart,
                &opts,
            );
            assert!(rc.converged && rw.converged, "step {k}");
            for w in rw.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", rw.energy);
            }
            let znorm = cold.z.iter().map(|v| v * v).sum::<f64>().sqrt();
            let diff = cold.z.iter().zip(&warm.z).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
            assert!(diff <= 1e3 * tol * (1.0 + znorm), "step {k}: warm z off the cold z by {diff:e}");
            (cold_total, warm_total, pcg_total) =
                (cold_total + rc.iterations, warm_total + rw.iterations, pcg_total + rw.pcg_iterations);
            state = cold;
        }
        eprintln!(
            "12 bend steps: cold {cold_total} local-global iterations, warm {warm_total} (+ {pcg_total} PCG)"
        );
    }
}
