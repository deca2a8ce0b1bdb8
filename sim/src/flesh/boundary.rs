//! The boundary solve (paper 002, §6): the interior relaxed to equilibrium by PCG (Eq. 7), and modified
//! Newton on the boundary (Eq. 13, §6.1), whose boundary operator `S̃` is applied, never formed, with the
//! interior inverse of [`InteriorInverse`], and preconditioned by the skinned `R* K̃_b(0)⁻¹ R*ᵀ`
//! (Eq. 14–16). Each Newton step moves to the exact minimum of the (quadratic) reduced energy along its
//! direction, conjugated against the previous one, because the full step diverges where `S̃` is much softer
//! than `S` (large bends); a solve that still stagnates falls back to the volumetric PCG.

use crate::flesh::collide;
use crate::flesh::solve::{
    v3, v3t, BoundaryPreconditioner, FleshModel, FleshState, FrameReport, InteriorInverse, PoseTerms,
    RETARGET_STEPS,
};
use crate::linalg::block::{axpy_v3 as axpy, dot_v3 as dot, norm_v3 as norm, V3};
use crate::linalg::cholesky::Cholesky;
use crate::linalg::pcg::{self, pcg_v3 as pcg, PcgReport};
use faer::Mat;
use std::time::Instant;

impl FleshModel {
    /// Eq. 7: relax the interior for the boundary in `x` (PCG from the interior already in `x`).
    fn relax_interior(&self, terms: &PoseTerms, x: &mut [V3], report: &mut FrameReport) -> PcgReport {
        let clock = Instant::now();
        let (i, b) = (self.part.interior_range(), self.part.boundary_range());
        let h = &self.ex.matrix;
        let mut rhs = terms.rhs[i.clone()].to_vec();
        h.mul_sub(i.clone(), b.clone(), &x[b.clone()], &mut rhs, -1.0, true);
        let mut xi = x[i.clone()].to_vec();
        let r = pcg(
            |v, out| h.mul_sub(i.clone(), i.clone(), v, out, 1.0, false),
            |r, z| Self::rotated_solve(&self.ic_interior, &terms.rot_vertex, 0, r, z),
            &rhs,
            &mut xi,
            self.settings.interior_tolerance,
            self.settings.max_cg,
        );
        x[i].copy_from_slice(&xi);
        report.interior_seconds += clock.elapsed().as_secs_f64();
        report.interior_iterations += r.iterations;
        report.interior_solves += 1;
        r
    }

    /// Eq. 13 by modified Newton (§6.1) with the chosen interior inverse and boundary preconditioner.
    pub fn solve_boundary_with(
        &mut self,
        state: &mut FleshState,
        p: &[f64],
        inverse: InteriorInverse,
        preconditioner: BoundaryPreconditioner,
    ) -> FrameReport {
        let clock = Instant::now();
        let mut report = FrameReport::default();
        let terms = self.pose(p, &mut report);
        let mut x = self.warm_start(state, &terms);
        let (i, b) = (self.part.interior_range(), self.part.boundary_range());
        let exact = (inverse == InteriorInverse::Exact && !i.is_empty())
            .then(|| Cholesky::new(&self.ex.matrix.to_faer(i.clone(), false)).expect("H_ii(q) is SPD"));
        let mut springs = Vec::new();
        let f = self.part.free_range();
        // The reduced energy is quadratic in `x_b` for a fixed set of springs, `S̃` only approximates its
        // Hessian `S`: the full modified-Newton step `x_b += S̃⁻¹ f*_b` is a stationary iteration that diverges
        // wherever `S̃⁻¹ S` has an eigenvalue above 2 (measured on a 120° elbow: the residual grew 1.8× per
        // step). So each step takes the preconditioned direction `S̃⁻¹ f*_b`, conjugates it against the
        // previous step (flexible Polak-Ribière: the inner PCG makes the preconditioner inexact) and moves
        // to the exact minimum along it. The curvature `dᵀ S d` comes for free: the interior is relaxed at the
        // trial point `x_b + d` anyway, and by linearity `S d` is the drop of the boundary force there.
        self.relax_interior(&terms, &mut x, &mut report);
        let mut previous: Option<Previous> = None;
        let mut best = f64::INFINITY;
        let mut since_best = 0;
        let mut failed = false;
        for step in 0..self.settings.max_newton.max(1) {
            let retarget = step < RETARGET_STEPS;
            let added = self.update_contacts(&x, &mut springs, retarget, &mut report);
            if added > 0 || (retarget && !springs.is_empty()) {
                // the energy changed: directions of the old one are not conjugate in the new one
                previous = None;
            }
            let force = self.free_force(&terms, &x, &springs);
            let fb = force[b.clone()].to_vec();
            report.residual = norm(&fb) / terms.rhs_norm;
            if !report.residual.is_finite() {
                failed = true;
                break;
            }
            if added == 0 && report.residual <= self.settings.newton_tolerance {
                report.converged = true;
                break;
            }
            // stagnation guard: no new lowest residual for `STAGNATION_STEPS` steps
            if report.residual < best {
                (best, since_best) = (report.residual, 0);
            } else {
                since_best += 1;
                if since_best >= STAGNATION_STEPS {
                    failed = true;
                    break;
                }
            }
            let t = Instant::now();
            let h = &self.ex.matrix;
            let n = self.n();
            let spring_k = self.spring_k;
            let apply_s = |w: &[V3], out: &mut [V3]| {
                // S̃ w = H_bb w − H_bi H̃_ii⁻¹ H_ib w (+ springs)
                let mut t_i = vec![[0.0; 3]; i.len()];
                h.mul_sub(i.clone(), b.clone(), w, &mut t_i, 1.0, false);
                let mut s_i = vec![[0.0; 3]; i.len()];
                if i.is_empty() {
                } else if let Some(llt) = &exact {
                    cholesky_solve(llt, &t_i, &mut s_i);
                } else if inverse == InteriorInverse::RestFactor {
                    let rest = self.rest_interior.as_ref().expect("rest factor exists with an interior");
                    let rotated: Vec<V3> =
                        t_i.iter().enumerate().map(|(k, v)| v3t(&terms.rot_vertex[k], v)).collect();
                    cholesky_solve(rest, &rotated, &mut s_i);
                    s_i.iter_mut().enumerate().for_each(|(k, v)| *v = v3(&terms.rot_vertex[k], v));
                } else {
                    Self::rotated_solve(&self.ic_interior, &terms.rot_vertex, 0, &t_i, &mut s_i);
                }
                h.mul_sub(b.clone(), b.clone(), w, out, 1.0, false);
                h.mul_sub(b.clone(), i.clone(), &s_i, out, -1.0, true);
                if !springs.is_empty() {
                    let mut full = vec![[0.0; 3]; n];
                    full[b.clone()].copy_from_slice(w);
                    let mut y = vec![[0.0; 3]; n];
                    collide::add_spring_hessian_apply(&springs, spring_k, &full, &mut y);
                    axpy(1.0, &y[b.clone()], out);
                }
            };
            let mut z = vec![[0.0; 3]; b.len()];
            let r = match preconditioner {
                BoundaryPreconditioner::Skinned => pcg(
                    apply_s,
                    |r, z| Self::rotated_solve(&self.preconditioner.factor, &terms.rot_vertex, b.start, r, z),
                    &fb,
                    &mut z,
                    self.settings.boundary_tolerance,
                    self.settings.max_cg,
                ),
                BoundaryPreconditioner::None => pcg(
                    apply_s,
                    pcg::identity,
                    &fb,
                    &mut z,
                    self.settings.boundary_tolerance,
                    self.settings.max_cg,
                ),
            };
            report.boundary_iterations += r.iterations;
            report.boundary_seconds += t.elapsed().as_secs_f64();
            report.newton_steps += 1;
            // direction: z conjugated against the previous direction (β ≥ 0, restart when not descending)
            let zf = dot(&z, &fb);
            let mut d = z.clone();
            if let Some(prev) = &previous {
                let beta = ((zf - dot(&z, &prev.force)) / prev.zf).max(0.0);
                if beta.is_finite() && beta > 0.0 {
                    axpy(beta, &prev.direction, &mut d);
                    if dot(&d, &fb) <= 0.0 {
                        d.copy_from_slice(&z);
                    }
                }
            }
            let df = dot(&d, &fb);
            if df.is_nan() || df <= 0.0 {
                // not even a descent direction: S̃ is far from S
                failed = true;
                break;
            }
            // exact line search: the interior relaxed at x_b + d, S d = f*_b(x) − f*_b(x + d)
            let mut trial = x.clone();
            axpy(1.0, &d, &mut trial[b.clone()]);
            self.relax_interior(&terms, &mut trial, &mut report);
            let moved = self.free_force(&terms, &trial, &springs);
            let curvature = df - dot(&d, &moved[b.clone()]);
            if curvature.is_nan() || curvature <= 0.0 {
                failed = true;
                break;
            }
            let alpha = df / curvature;
            report.step_lengths.push(alpha);
            for v in f.clone() {
                for c in 0..3 {
                    x[v][c] += alpha * (trial[v][c] - x[v][c]);
                }
            }
            previous = Some(Previous { direction: d, force: fb, zf });
        }
        if !report.converged && !failed {
            let force = self.free_force(&terms, &x, &springs);
            report.residual = norm(&force[b.clone()]) / terms.rhs_norm;
            report.converged = report.residual <= self.settings.newton_tolerance;
        }
        if !report.converged && self.settings.fallback_to_volumetric {
            // safety net: the volumetric PCG from the frame's own warm start (the state is still the last
            // frame's), its counts added to this frame's
            let boundary = report;
            let mut report = self.solve_volumetric(state, p);
            report.fallback = true;
            report.skinning_seconds += boundary.skinning_seconds;
            report.stiffness_seconds += boundary.stiffness_seconds;
            report.interior_seconds += boundary.interior_seconds;
            report.interior_iterations += boundary.interior_iterations;
            report.interior_solves += boundary.interior_solves;
            report.boundary_seconds += boundary.boundary_seconds;
            report.boundary_iterations += boundary.boundary_iterations;
            report.newton_steps += boundary.newton_steps;
            report.collision_seconds += boundary.collision_seconds;
            report.step_lengths = boundary.step_lengths;
            report.total_seconds = clock.elapsed().as_secs_f64();
            return report;
        }
        *state = FleshState { x, x_rig: terms.x_rig, springs };
        report.total_seconds = clock.elapsed().as_secs_f64();
        report
    }

    /// The run-time boundary solve: the settings' interior inverse, skinned preconditioner.
    pub fn solve_boundary(&mut self, state: &mut FleshState, p: &[f64]) -> FrameReport {
        self.solve_boundary_with(state, p, self.settings.interior_inverse, BoundaryPreconditioner::Skinned)
    }
}

/// Newton steps without a new lowest residual after which the boundary solve is declared stagnant.
const STAGNATION_STEPS: usize = 8;

/// The previous Newton step's direction, boundary force and `zᵀ f*_b` (for the Polak-Ribière `β`).
struct Previous {
    direction: Vec<V3>,
    force: Vec<V3>,
    zf: f64,
}

/// `z = A⁻¹ r` for vertex-major 3-vectors with a sparse Cholesky factor.
fn cholesky_solve(llt: &Cholesky, r: &[V3], z: &mut [V3]) {
    let m = Mat::<f64>::from_fn(3 * r.len(), 1, |k, _| r[k / 3][k % 3]);
    let sol = llt.solve_with(m.as_ref(), faer::Par::Seq);
    z.iter_mut()
        .enumerate()
        .for_each(|(k, v)| *v = [sol[(3 * k, 0)], sol[(3 * k + 1, 0)], sol[(3 * k + 2, 0)]]);
}
