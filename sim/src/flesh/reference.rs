//! The solves the boundary solve is measured against: the paper's volumetric baseline (§7), PCG on all free
//! vertices preconditioned by the rotated IC(0) of `H_ff(0)`, and the direct reference, a sparse Cholesky of
//! `H_ff(q)` (tests).

use crate::flesh::collide::{self, Spring};
use crate::flesh::solve::{FleshModel, FleshState, FrameReport, RETARGET_STEPS};
use crate::linalg::block::{axpy_v3 as axpy, norm_v3 as norm};
use crate::linalg::cholesky::Cholesky;
use crate::linalg::ichol::BlockIc;
use crate::linalg::pcg::pcg_v3 as pcg;
use faer::Mat;
use std::time::Instant;

impl FleshModel {
    /// The volumetric baseline (§7): Newton over contacts, PCG on all free vertices with the rotated IC(0) of
    /// `H_ff(0)`.
    pub fn solve_volumetric(&mut self, state: &mut FleshState, p: &[f64]) -> FrameReport {
        let clock = Instant::now();
        let mut report = FrameReport::default();
        if self.ic_free.is_none() {
            self.ic_free = Some(BlockIc::new(&self.h0.principal(self.part.free_range())));
        }
        let terms = self.pose(p, &mut report);
        let mut x = self.warm_start(state, &terms);
        let f = self.part.free_range();
        let n = self.n();
        let mut springs = Vec::new();
        for step in 0..self.settings.max_newton.max(1) {
            let added = self.update_contacts(&x, &mut springs, step < RETARGET_STEPS, &mut report);
            let force = self.free_force(&terms, &x, &springs);
            report.residual = norm(&force) / terms.rhs_norm;
            if added == 0 && report.residual <= self.settings.newton_tolerance {
                report.converged = true;
                break;
            }
            let t = Instant::now();
            let h = &self.ex.matrix;
            let spring_k = self.spring_k;
            let factor = self.ic_free.as_ref().unwrap();
            let mut delta = vec![[0.0; 3]; f.len()];
            let r = pcg(
                |w, out| {
                    h.mul_sub(f.clone(), f.clone(), w, out, 1.0, false);
                    if !springs.is_empty() {
                        let mut full = vec![[0.0; 3]; n];
                        full[f.clone()].copy_from_slice(w);
                        let mut y = vec![[0.0; 3]; n];
                        collide::add_spring_hessian_apply(&springs, spring_k, &full, &mut y);
                        axpy(1.0, &y[f.clone()], out);
                    }
                },
                |r, z| Self::rotated_solve(factor, &terms.rot_vertex, 0, r, z),
                &force,
                &mut delta,
                // to the frame's final accuracy: the force relative to the load
                self.settings.newton_tolerance * terms.rhs_norm / norm(&force).max(f64::MIN_POSITIVE),
                self.settings.max_cg,
            );
            report.boundary_iterations += r.iterations;
            report.boundary_seconds += t.elapsed().as_secs_f64();
            report.newton_steps += 1;
            axpy(1.0, &delta, &mut x[f.clone()]);
            if springs.is_empty() && self.settings.obstacles.is_empty() && self.self_collision.is_none() {
                // linear problem: one (inexact) Newton step is the solve; measure and stop
                let force = self.free_force(&terms, &x, &[]);
                report.residual = norm(&force) / terms.rhs_norm;
                report.converged = r.converged;
                break;
            }
        }
        *state = FleshState { x, x_rig: terms.x_rig, springs };
        report.total_seconds = clock.elapsed().as_secs_f64();
        report
    }

    /// The direct reference: `H_ff(q) x_f = r_f` by sparse Cholesky, with the given springs held fixed (their
    /// linearisation is exact: zero-rest-length springs are linear once detected). Returns all positions
    /// (mesh numbering).
    pub fn solve_direct(&mut self, p: &[f64], springs: &[Spring]) -> Vec<[f64; 3]> {
        let mut report = FrameReport::default();
        let terms = self.pose(p, &mut report);
        let f = self.part.free_range();
        let mut x = terms.x_rig.clone();
        let mut extra = Vec::new();
        if !springs.is_empty() {
            // springs' Hessian as triplets on free dofs: k u uᵀ ⊗ I, u = e_p − Σ β_j e_tj
            for s in springs {
                let mut u: Vec<(usize, f64)> = vec![(s.proxy, 1.0)];
                if let collide::Target::Surface { tri, bary } = &s.target {
                    u.extend(tri.iter().zip(bary).map(|(&t, &w)| (t, -w)));
                }
                for &(r, wr) in &u {
                    for &(c, wc) in &u {
                        if f.contains(&r) && f.contains(&c) {
                            for d in 0..3 {
                                extra.push(faer::sparse::Triplet::new(
                                    3 * r + d,
                                    3 * c + d,
                                    self.spring_k * wr * wc,
                                ));
                            }
                        }
                    }
                }
            }
        }
        let force = self.free_force(&terms, &x, springs);
        let mut mat = self.ex.matrix.to_faer(f.clone(), false);
        if !extra.is_empty() {
            let k =
                faer::sparse::SparseColMat::try_new_from_triplets(3 * f.len(), 3 * f.len(), &extra).unwrap();
            mat = &mat + &k;
        }
        let llt = Cholesky::new(&mat).expect("free stiffness is SPD");
        let rhs = Mat::<f64>::from_fn(3 * f.len(), 1, |r, _| force[r / 3][r % 3]);
        let dx = llt.solve(rhs.as_ref());
        for v in f {
            for c in 0..3 {
                x[v][c] += dx[(3 * v + c, 0)];
            }
        }
        (0..self.n()).map(|v| x[self.part.inverse[v]]).collect()
    }
}
