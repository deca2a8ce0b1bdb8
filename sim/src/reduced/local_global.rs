//! The local-global iterations of the reduced step (paper 000, Alg. 2, Eq. 30–31): the step's constant terms,
//! the iterate and its energy, the local step (cluster rotations), the closed-form global step with a
//! backtracking line search.

use crate::linalg::{dot, polar_from, polar_from4};
use crate::reduced::actuation::{cluster_targets, is_active};
use crate::reduced::model::ReducedModel;
use crate::reduced::rig_terms::mul_add;
use crate::reduced::row_major::RowMajor;
use crate::reduced::settings::{StepReport, StepSettings, StepState};
use crate::reduced::workspace::{Iterate, Scratch, TermBuffers};

use nalgebra::Matrix3;
use std::time::Instant;

/// Per-step constants, in the block order of [`BlockForm`](crate::reduced::model::BlockForm) for reduced vectors.
pub(crate) struct StepTerms<'a> {
    pub(super) model: &'a ReducedModel,
    /// Linear term of the quadratic part: `(1/h²)(BᵀMJ(p − p̂) − BᵀMB ẑ) + 2(BᵀLJ p + BᵀL x₀) − BᵀMg`.
    pub(super) linear: Vec<f64>,
    /// `c = −A⁻¹ linear`: the global step is `z ← c − A⁻¹(G₉KB)ᵀ ∂Φ̃/∂f̃`.
    pub(super) c: Vec<f64>,
    /// `G₉K(Jp + x₀)` (9r): the rig's part of the cluster deformation gradients.
    pub(super) f_rig: Vec<f64>,
    /// 1 for the co-rotational energy, 0 for ARAP (λ ignored).
    pub(super) lambda_scale: f64,
    /// Modal actuation (paper 003, AaM Eq. 9–13): the clusters' target shapes `Y_c(a)` and `‖Y_c‖²`; `None`
    /// when off (no `Ĝ`, or `a` empty or zero): then every formula below is the passive one, `Y = I`.
    pub(super) target: Option<Targets>,
    /// The buffers the constant terms were computed in (kept for [`StepTerms::into_buffers`]).
    spare: [Vec<f64>; 5],
}

/// The clusters' actuated rest shapes of one step.
pub(crate) struct Targets {
    pub(super) y: Vec<Matrix3<f64>>,
    /// `‖Y_c‖²_F` (3 for `Y = I`): the λ term's rest value.
    pub(super) norm2: Vec<f64>,
}

/// `y = (I_B ⊗ M) x` for `B = blocks` (3 or 1).
fn self_block_mul(blocks: usize, m: &RowMajor, x: &[f64], y: &mut [f64]) {
    match blocks {
        3 => m.block_mul::<3>(x, y),
        _ => m.block_mul::<1>(x, y),
    }
}

/// `v` cleared and resized to `n` zeros, keeping its allocation.
fn reset(v: &mut Vec<f64>, n: usize) {
    v.clear();
    v.resize(n, 0.0);
}

impl<'a> StepTerms<'a> {
    pub(super) fn new(model: &'a ReducedModel, state: &StepState, p: &[f64], opts: &StepSettings) -> Self {
        Self::with_buffers(model, state, p, opts, TermBuffers::default())
    }

    /// [`StepTerms::new`] in the given buffers (no allocation once they have grown to the model's sizes,
    /// without actuation); [`StepTerms::into_buffers`] gives them back.
    pub(super) fn with_buffers(
        model: &'a ReducedModel,
        state: &StepState,
        p: &[f64],
        opts: &StepSettings,
        mut buf: TermBuffers,
    ) -> Self {
        let parts = &model.parts;
        let h2 = parts.h * parts.h;
        let block = &model.block;
        // ẑ = 2z − z_prev, in block order
        buf.z_hat.clear();
        buf.z_hat.extend(block.perm.iter().map(|&i| 2.0 * state.z[i] - state.z_prev[i]));
        // the rig's acceleration p − p̂: zero for every parameter moving at constant velocity
        buf.dp.clear();
        buf.dp.extend(p.iter().zip(state.p.iter().zip(&state.p_prev)).map(|(n, (a, b))| n - (2.0 * a - b)));
        // linear = (1/h²)(BᵀMJ(p − p̂) − BᵀMB ẑ) + 2(BᵀLJ p + BᵀL x₀) − BᵀMg (Eq. 31's right-hand side); the
        // sparse terms in natural order, then in block order the inertia (`BᵀMB = I_B ⊗ M_b`) and the handles
        let natural = &mut buf.natural;
        natural.clear();
        let held = state.held.is_active();
        if held {
            // measured from the held state (`about_the_held_state`): the elastic linear term is replaced there,
            // and the held part's acceleration joins the rig's in the inertia term
            natural.extend(state.held.btm_accel.iter().map(|a| a / h2));
        } else {
            natural.extend(parts.btl_x0.iter().map(|b| 2.0 * b));
            mul_add(&model.rig.btlj, p, 2.0, natural);
        }
        mul_add(&model.rig.btmj, &buf.dp, 1.0 / h2, natural);
        for c in 0..3 {
            if opts.gravity[c] != 0.0 {
                for (l, u) in natural.iter_mut().zip(&parts.btm_unit[c]) {
                    *l -= opts.gravity[c] * u;
                }
            }
        }
        buf.linear.clear();
        buf.linear.extend(block.perm.iter().map(|&i| natural[i]));
        reset(&mut buf.hy, model.dofs);
        self_block_mul(block.blocks, &block.mass_block, &buf.z_hat, &mut buf.hy);
        for (l, m) in buf.linear.iter_mut().zip(&buf.hy) {
            *l -= m / h2;
        }
        // the handles' columns (`reduced::rig_terms::HandleBlocks`)
        if let Some(handles) = &model.rig.handles {
            let alpha_l = if held { 0.0 } else { 2.0 };
            handles.add_to(&buf.dp, 1.0 / h2, p, alpha_l, &mut buf.linear, &mut buf.hx, &mut buf.hy);
        }
        solve_c(block, &buf.linear, &mut buf.c);
        // the rig's part of the cluster deformation gradients, G₉K(Jp + x₀)
        buf.f_rig.clear();
        buf.f_rig.extend_from_slice(&parts.g9k_x0);
        mul_add(&model.rig.g9kj, p, 1.0, &mut buf.f_rig);
        let lambda_scale = if opts.volume_preservation { 1.0 } else { 0.0 };
        let target = match &model.actuation {
            Some(g) if is_active(&opts.actuation) => {
                let mut y = Vec::with_capacity(model.clusters);
                cluster_targets(g, &opts.actuation, &mut y);
                let norm2 = y.iter().map(|y| y.norm_squared()).collect();
                Some(Targets { y, norm2 })
            }
            _ => None,
        };
        let TermBuffers { z_hat, dp, natural, linear, c, f_rig, hx, hy } = buf;
        let mut terms =
            StepTerms { model, linear, c, f_rig, lambda_scale, target, spare: [z_hat, dp, natural, hx, hy] };
        if held {
            terms.about_the_held_state(state);
        }
        terms
    }

    /// With a held part ([`crate::reduced::held`]) the swing is measured from the held state: the energy
    /// becomes `E'(z) = E(z) − g_elᵀ z`, `g_el` the elastic gradient at `z = 0`, so that a pose held still with
    /// no rig or held acceleration leaves `z = 0` at rest: the published flesh is then `u_h`, full space's
    /// static solve, and the swing does not count the correction twice. The elastic forces are taken about the
    /// rig's shape `Jp + x₀` (the clusters do not see `u_h`): the swing's restoring forces, linearised there.
    /// Rig and held accelerations still drive `z` through the inertia term.
    fn about_the_held_state(&mut self, state: &StepState) {
        let model = self.model;
        let block = &model.block;
        let (s, r) = (model.dofs, model.clusters);
        // the quadratic part's gradient at z = 0, 2BᵀL(Jp + x₀), was left out of `linear` (it cancels);
        // what remains of g_el is the non-linear part's: (G₉KB)ᵀ ∂Φ̃/∂f̃ at f̃ = G₉K(Jp + x₀), the local
        // step at z = 0 (F̃ is the rig's part alone) from the last step's rotations
        let rot =
            if state.rotations.len() == r { state.rotations.clone() } else { vec![Matrix3::identity(); r] };
        let mut it = Iterate {
            z: Vec::new(),
            az: Vec::new(),
            quadratic: 0.0,
            f: self.f_rig.clone(),
            rot,
            trace: vec![0.0; r],
        };
        self.rotations(&mut it);
        let mut dphi = vec![0.0; 9 * r];
        self.dphi(&it, &mut dphi);
        // y = A⁻¹ g_el with the global step's own fused product, then g_el = A y: c += y, linear −= g_el
        let mut y = vec![0.0; s];
        self.block_mul(&block.a_inv_gradient_t, &dphi, &mut y);
        let mut g_el = vec![0.0; s];
        self.block_mul(&block.a_block, &y, &mut g_el);
        for ((l, c), (g, y)) in self.linear.iter_mut().zip(self.c.iter_mut()).zip(g_el.iter().zip(&y)) {
            *l -= g;
            *c += y;
        }
    }

    /// The buffers back, for the next step.
    pub(super) fn into_buffers(self) -> TermBuffers {
        let [z_hat, dp, natural, hx, hy] = self.spare;
        TermBuffers { z_hat, dp, natural, linear: self.linear, c: self.c, f_rig: self.f_rig, hx, hy }
    }

    /// `y = M x` for a block-form operator `M` of the step.
    pub(super) fn block_mul(&self, m: &RowMajor, x: &[f64], y: &mut [f64]) {
        self_block_mul(self.model.block.blocks, m, x, y)
    }

    /// `F̃(z) = G₉KB z + G₉K(Jp + x₀)` and the local step (Eq. 30): `R_c = polar(F̃_c)`; actuated, the
    /// Procrustes rotation `R_c = polar(F̃_c Y_cᵀ)` (AaM Eq. 12: `Ω_c = polar(H_c)`, `H_c = F̃_c Y_cᵀ`), which
    /// maximises `tr(R_cᵀ F̃_c Y_cᵀ) = tr(F̃_cᵀ R_c Y_c)`. `trace` keeps that maximum (`tr(R_cᵀF̃_c)` passive).
    pub(super) fn local_step(&self, it: &mut Iterate) {
        self.block_mul(&self.model.block.gradient, &it.z, &mut it.f);
        for (f, f_rig) in it.f.iter_mut().zip(&self.f_rig) {
            *f += f_rig;
        }
        self.rotations(it);
    }

    /// The local step's rotations (Eq. 30) at the iterate's `F̃` (`it.f`, already formed).
    fn rotations(&self, it: &mut Iterate) {
        let r = self.model.clusters;
        // the matrix whose polar factor is the cluster's rotation
        let h = |cl: usize| {
            let fc = Matrix3::from_fn(|c, j| it.f[c * 3 * r + 3 * cl + j]);
            match &self.target {
                None => fc,
                Some(t) => fc * t.y[cl].transpose(),
            }
        };
        // from the iterate's previous rotation (identity for a new iterate): fewer Newton steps; four clusters
        // at a time, the rest one by one
        let full = r - r % 4;
        for cl in (0..full).step_by(4) {
            let hs: [Matrix3<f64>; 4] = std::array::from_fn(|l| h(cl + l));
            let r0: [Matrix3<f64>; 4] = std::array::from_fn(|l| it.rot[cl + l]);
            for (l, (rot, tr)) in polar_from4(&hs, &r0).into_iter().enumerate() {
                (it.rot[cl + l], it.trace[cl + l]) = (rot, tr);
            }
        }
        for cl in full..r {
            (it.rot[cl], it.trace[cl]) = polar_from(&h(cl), &it.rot[cl]);
        }
    }

    /// Non-linear part `Σ_c V_c (−2μ_c tr + λ_c/2 (tr − 3)²)` of the energy at the iterate's rotations;
    /// actuated, `tr = tr(R_cᵀF̃_cY_cᵀ)` and `3` becomes `‖Y_c‖²` (see [`crate::reduced::step`]).
    fn nonlinear(&self, trace: &[f64]) -> f64 {
        let parts = &self.model.parts;
        (0..self.model.clusters)
            .map(|cl| {
                let tr = trace[cl];
                let rest = self.target.as_ref().map_or(3.0, |t| t.norm2[cl]);
                parts.cluster_volume[cl]
                    * (-2.0 * parts.cluster_mu[cl] * tr
                        + self.lambda_scale * 0.5 * parts.cluster_lambda[cl] * (tr - rest).powi(2))
            })
            .sum()
    }

    /// `∂Φ̃/∂f̃` (9r): the non-linear part's gradient with respect to the cluster deformation gradients at the
    /// iterate's rotations (App. C, Eq. 49 and its co-rotational extension).
    ///
    /// Actuated: `tr(R_cᵀF̃_cY_cᵀ)` at the Procrustes `R_c` is the nuclear norm `‖F̃_cY_cᵀ‖_*`, whose gradient
    /// with respect to `F̃_c` is `R_c Y_c` (`d‖H‖_* = ⟨polar(H), dH⟩`, `dH = dF̃ Y_cᵀ`), so
    /// `∂Φ̃/∂F̃_c = V_c (−2μ_c + λ_c (tr − ‖Y_c‖²)) R_c Y_c`, exact with the rotations' own dependence on z.
    pub(super) fn dphi(&self, it: &Iterate, dphi: &mut [f64]) {
        let parts = &self.model.parts;
        let r = self.model.clusters;
        for cl in 0..r {
            let rest = self.target.as_ref().map_or(3.0, |t| t.norm2[cl]);
            let coef = parts.cluster_volume[cl]
                * (-2.0 * parts.cluster_mu[cl]
                    + self.lambda_scale * parts.cluster_lambda[cl] * (it.trace[cl] - rest));
            let ry = match &self.target {
                None => it.rot[cl],
                Some(t) => it.rot[cl] * t.y[cl],
            };
            for c in 0..3 {
                for j in 0..3 {
                    dphi[c * 3 * r + 3 * cl + j] = coef * ry[(c, j)];
                }
            }
        }
    }

    /// The iterate at `z` (block order).
    pub(super) fn iterate(&self, z: Vec<f64>) -> Iterate {
        self.iterate_from(z, &[])
    }

    /// The iterate at `z`, its polar decompositions started from `rotations` (one per cluster; otherwise the
    /// identity).
    pub(super) fn iterate_from(&self, z: Vec<f64>, rotations: &[Matrix3<f64>]) -> Iterate {
        let (s, r) = (self.model.dofs, self.model.clusters);
        let rot = if rotations.len() == r { rotations.to_vec() } else { vec![Matrix3::identity(); r] };
        let mut it =
            Iterate { z, az: vec![0.0; s], quadratic: 0.0, f: vec![0.0; 9 * r], rot, trace: vec![0.0; r] };
        self.block_mul(&self.model.block.a_block, &it.z, &mut it.az);
        it.quadratic = it.z.iter().zip(&it.az).zip(&self.linear).map(|((z, az), l)| z * (0.5 * az + l)).sum();
        self.local_step(&mut it);
        it
    }

    /// The iterate at `state`'s `z` (put in block order), its polar decompositions started from `state`'s
    /// rotations, in the buffers of `reuse` when given.
    pub(super) fn iterate_at(&self, state: &StepState, reuse: Option<Iterate>) -> Iterate {
        let (s, r) = (self.model.dofs, self.model.clusters);
        let mut it = reuse.unwrap_or_else(|| Iterate {
            z: Vec::new(),
            az: Vec::new(),
            quadratic: 0.0,
            f: Vec::new(),
            rot: Vec::new(),
            trace: Vec::new(),
        });
        it.z.clear();
        it.z.extend(self.model.block.perm.iter().map(|&i| state.z[i]));
        reset(&mut it.az, s);
        reset(&mut it.f, 9 * r);
        reset(&mut it.trace, r);
        it.rot.clear();
        if state.rotations.len() == r {
            it.rot.extend_from_slice(&state.rotations);
        } else {
            it.rot.resize(r, Matrix3::identity());
        }
        self.block_mul(&self.model.block.a_block, &it.z, &mut it.az);
        it.quadratic = it.z.iter().zip(&it.az).zip(&self.linear).map(|((z, az), l)| z * (0.5 * az + l)).sum();
        self.local_step(&mut it);
        it
    }

    /// `E(z) = Q(z) + Φ̃(F̃(z))`.
    pub(super) fn energy(&self, it: &Iterate) -> f64 {
        it.quadratic + self.nonlinear(&it.trace)
    }
}

/// `c = −A⁻¹ linear` (block order). `A = I_B ⊗ A_b`: the blocks of c are the columns of a w × B matrix; solved
/// on this thread (faer's default would hand a solve this small to the thread pool).
fn solve_c(block: &crate::reduced::model::BlockForm, linear: &[f64], c: &mut Vec<f64>) {
    let w = linear.len() / block.blocks;
    c.clear();
    c.extend(linear.iter().map(|l| -l));
    faer::linalg::cholesky::llt::solve::solve_in_place(
        block.a_block_llt.L(),
        faer::MatMut::from_column_major_slice_mut(c, w, block.blocks),
        faer::Par::Seq,
        faer::dyn_stack::MemStack::new(&mut []),
    );
}

#[cfg(test)]
pub(crate) fn col(v: &[f64]) -> faer::Mat<f64> {
    faer::Mat::from_fn(v.len(), 1, |i, _| v[i])
}

/// A reduced vector in block order.
pub(super) fn to_blocks(model: &ReducedModel, z: &[f64]) -> Vec<f64> {
    model.block.perm.iter().map(|&i| z[i]).collect()
}

/// End the step at `z` (block order): the state moves on to `z` and `p_next`.
pub(super) fn commit(model: &ReducedModel, state: &mut StepState, z: &[f64], p_next: &[f64]) {
    state.rotations.clear();
    std::mem::swap(&mut state.z_prev, &mut state.z);
    for (&i, z) in model.block.perm.iter().zip(z) {
        state.z[i] = *z;
    }
    std::mem::swap(&mut state.p_prev, &mut state.p);
    state.p.copy_from_slice(p_next);
}

/// The last few local-global steps for Anderson acceleration: differences of consecutive iterates `Δz_j` and
/// of their fixed-point residuals `Δf_j` (`f = G(z) − z`, the full local-global step).
struct AndersonHistory {
    depth: usize,
    dz: std::collections::VecDeque<Vec<f64>>,
    df: std::collections::VecDeque<Vec<f64>>,
    last: Option<(Vec<f64>, Vec<f64>)>,
}

impl AndersonHistory {
    fn new(depth: usize) -> Self {
        AndersonHistory { depth, dz: Default::default(), df: Default::default(), last: None }
    }

    /// Record the iterate `z` and its residual `f`.
    fn push(&mut self, z: &[f64], f: &[f64]) {
        if let Some((z0, f0)) = &mut self.last {
            // the oldest difference's buffers are reused once the history is full (no allocation per iteration)
            let (mut dz, mut df) = if self.dz.len() == self.depth {
                (self.dz.pop_front().unwrap_or_default(), self.df.pop_front().unwrap_or_default())
            } else {
                (Vec::with_capacity(z.len()), Vec::with_capacity(f.len()))
            };
            dz.clear();
            dz.extend(z.iter().zip(z0.iter()).map(|(a, b)| a - b));
            df.clear();
            df.extend(f.iter().zip(f0.iter()).map(|(a, b)| a - b));
            self.dz.push_back(dz);
            self.df.push_back(df);
            z0.copy_from_slice(z);
            f0.copy_from_slice(f);
        } else {
            self.last = Some((z.to_vec(), f.to_vec()));
        }
    }

    /// The Anderson iterate `z + f − Σ γ_j (Δz_j + Δf_j)`, `γ = argmin ‖f − Σ γ_j Δf_j‖` (normal equations,
    /// lightly regularised); `None` without history or when the least-squares problem is singular.
    fn extrapolate(&self, z: &[f64], f: &[f64], out: &mut [f64]) -> Option<()> {
        let k = self.df.len();
        if k == 0 {
            return None;
        }
        let gram = nalgebra::DMatrix::from_fn(k, k, |i, j| dot(&self.df[i], &self.df[j]));
        let rhs = nalgebra::DVector::from_fn(k, |i, _| dot(&self.df[i], f));
        let scale = (0..k).map(|i| gram[(i, i)]).fold(0.0, f64::max);
        if !(scale > 0.0 && scale.is_finite()) {
            return None;
        }
        let gram = gram + nalgebra::DMatrix::identity(k, k) * (1e-10 * scale);
        let gamma = gram.cholesky()?.solve(&rhs);
        for (e, o) in out.iter_mut().enumerate() {
            *o = z[e] + f[e] - (0..k).map(|j| gamma[j] * (self.dz[j][e] + self.df[j][e])).sum::<f64>();
        }
        out.iter().all(|v| v.is_finite()).then_some(())
    }
}

/// The local-global iterations (Eq. 30–31) from the iterate `it`, counted (and their energies recorded) in
/// `report`; returns the last iterate.
pub(super) fn local_global(
    terms: &StepTerms,
    it: Iterate,
    opts: &StepSettings,
    report: &mut StepReport,
) -> Iterate {
    local_global_in(terms, it, opts, report, &mut Scratch::default())
}

/// The co-rotational step (Alg. 2) in `state`'s workspace: no allocation on a warm solver thread (without
/// actuation or Anderson acceleration).
pub(super) fn corotational_step(
    model: &ReducedModel,
    state: &mut StepState,
    p_next: &[f64],
    opts: &StepSettings,
    report: &mut StepReport,
) {
    let started = Instant::now();
    let mut ws = std::mem::take(&mut state.workspace);
    let terms = StepTerms::with_buffers(model, state, p_next, opts, std::mem::take(&mut ws.terms));
    report.phases.rig_terms_ns = started.elapsed().as_nanos() as u64;
    let it = terms.iterate_at(state, ws.iterate.take());
    let mut it = local_global_in(&terms, it, opts, report, &mut ws.scratch);
    commit(model, state, &it.z, p_next);
    std::mem::swap(&mut state.rotations, &mut it.rot);
    ws.terms = terms.into_buffers();
    ws.iterate = Some(it);
    state.workspace = ws;
    report.phases.global_ns = (started.elapsed().as_nanos() as u64)
        .saturating_sub(report.phases.rig_terms_ns + report.phases.local_ns);
}

fn local_global_in(
    terms: &StepTerms,
    mut it: Iterate,
    opts: &StepSettings,
    report: &mut StepReport,
    scratch: &mut Scratch,
) -> Iterate {
    let corotational = opts.volume_preservation;
    let track_energy = corotational || opts.record_energy || opts.anderson > 0;
    let s = terms.model.dofs;
    reset(&mut scratch.dphi, 9 * terms.model.clusters);
    for v in [&mut scratch.dz, &mut scratch.a_dz, &mut scratch.z0] {
        reset(v, s);
    }
    // the trial iterate's buffers (its rotations: a starting point for its polar decompositions)
    let mut anderson = (opts.anderson > 0).then(|| (AndersonHistory::new(opts.anderson), it.clone()));
    let mut energy = terms.energy(&it);
    if opts.record_energy {
        report.energy.push(energy);
    }
    for _ in 0..opts.iterations.max(1) {
        // Global step in closed form: dz = −A⁻¹∇E = c − A⁻¹(G₉KB)ᵀ ∂Φ̃/∂f̃ − z (Eq. 31), one pass over the
        // precomputed A⁻¹(G₉KB)ᵀ, no solve.
        terms.dphi(&it, &mut scratch.dphi);
        terms.block_mul(&terms.model.block.a_inv_gradient_t, &scratch.dphi, &mut scratch.dz);
        for ((dz, c), z) in scratch.dz.iter_mut().zip(&terms.c).zip(&it.z) {
            *dz = c - *dz - z;
        }
        // On `V z = 0` (blendshape complementarity) the minimiser is `P_A` of the unconstrained one:
        // dz ← P_A(z + dz) − z (`reduced::constraint`); `a_dz` is free until the line search.
        if let Some(constraint) = &terms.model.constraint {
            let target = &mut scratch.a_dz;
            target.iter_mut().zip(&it.z).zip(&scratch.dz).for_each(|((t, z), dz)| *t = z + dz);
            constraint.project(target);
            scratch.dz.iter_mut().zip(target.iter()).zip(&it.z).for_each(|((dz, t), z)| *dz = t - z);
        }
        // Anderson: the extrapolated iterate, kept if it lowers the energy.
        let mut accepted = None;
        if let Some((history, trial)) = &mut anderson {
            history.push(&it.z, &scratch.dz);
            if history.extrapolate(&it.z, &scratch.dz, &mut trial.z).is_some() {
                terms.block_mul(&terms.model.block.a_block, &trial.z, &mut trial.az);
                trial.quadratic = trial
                    .z
                    .iter()
                    .zip(&trial.az)
                    .zip(&terms.linear)
                    .map(|((z, az), l)| z * (0.5 * az + l))
                    .sum();
                let local = Instant::now();
                terms.local_step(trial);
                report.phases.local_ns += local.elapsed().as_nanos() as u64;
                let e = terms.energy(trial);
                if e.is_finite() && e < energy {
                    let step: f64 =
                        trial.z.iter().zip(&it.z).map(|(a, b)| (a - b).powi(2)).sum::<f64>().sqrt();
                    std::mem::swap(&mut it, trial);
                    energy = e;
                    accepted = Some(step);
                }
            }
        }
        let step = match accepted {
            Some(step) => step,
            None => global_step(terms, &mut it, scratch, &mut energy, corotational, track_energy, report),
        };
        report.iterations += 1;
        if opts.record_energy {
            report.energy.push(energy);
        }
        if step <= opts.tolerance * (1.0 + dot(&it.z, &it.z).sqrt()) {
            report.converged = true;
            break;
        }
    }
    it
}

/// The local-global step along `scratch.dz` from `it`, with the backtracking line search for the
/// co-rotational energy; returns the step's length.
fn global_step(
    terms: &StepTerms,
    it: &mut Iterate,
    scratch: &mut Scratch,
    energy: &mut f64,
    corotational: bool,
    track_energy: bool,
    report: &mut StepReport,
) -> f64 {
    // Along z + α dz: Q changes by α ∇Q·dz + ½α² dzᵀA dz, with ∇Q = Az + linear.
    let (mut grad_q, mut curvature) = (0.0, 0.0);
    if track_energy {
        terms.block_mul(&terms.model.block.a_block, &scratch.dz, &mut scratch.a_dz);
        curvature = dot(&scratch.dz, &scratch.a_dz);
        grad_q = it.az.iter().zip(&terms.linear).zip(&scratch.dz).map(|((az, l), dz)| (az + l) * dz).sum();
    }
    // backtracking (Armijo) on the true hyper-reduced energy; ∇E·dz = −dzᵀ A dz. At convergence the
    // predicted decrease is below what the energy's rounding can resolve: the full step is taken.
    let slope = -curvature;
    let resolvable = corotational && -slope > 1e-13 * energy.abs().max(f64::MIN_POSITIVE);
    let mut alpha: f64 = 1.0;
    let quadratic = it.quadratic;
    scratch.z0.copy_from_slice(&it.z);
    loop {
        for ((zt, z), dz) in it.z.iter_mut().zip(&scratch.z0).zip(&scratch.dz) {
            *zt = z + alpha * dz;
        }
        let local = Instant::now();
        terms.local_step(it);
        report.phases.local_ns += local.elapsed().as_nanos() as u64;
        it.quadratic = quadratic + alpha * grad_q + 0.5 * alpha * alpha * curvature;
        let e = if track_energy { terms.energy(it) } else { *energy };
        if !resolvable || e <= *energy + 1e-4 * alpha * slope || alpha <= 1e-6 {
            *energy = e;
            break;
        }
        alpha *= 0.5;
    }
    if track_energy {
        for (az, a_dz) in it.az.iter_mut().zip(&scratch.a_dz) {
            *az += alpha * a_dz;
        }
    }
    alpha * dot(&scratch.dz, &scratch.dz).sqrt()
}
