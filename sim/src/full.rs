//! Full-space complementary dynamics (paper 000, Eq. 3–4): the reference the reduced step approximates, sparse
//! so that it runs on production meshes (10k vertices / 42k tets), not only through the dense null-space basis
//! of [`ReducedModel::from_basis`](crate::reduced::model::ReducedModel::from_basis).
//!
//! Same energy, inertia and local-global scheme as the reduced step ([`crate::reduced::ReducedModel::step`]) with `B = I` and one cluster per tet: over the
//! displacement `u ∈ R^{3n}` with `x = J p + x₀ + u`,
//!
//! ```text
//! E(u) = 1/(2h²) ‖J(p − p̂) + u − û‖²_M + xᵀ L x
//!      + Σ_t V_t (−2 μ_t tr(F_tᵀ R_t) + λ_t/2 tr²(R_tᵀ F_t − I)) − uᵀ M g,   F = K x, R_t = polar(F_t)
//! ```
//!
//! subject to the complementarity constraint `𝒥ᵀ u = 0` (`𝒥 = D M J`, Eq. 3). The global step minimises the
//! quadratic model `½ uᵀ A u + bᵀ u` with `A = 2L + M/h² = I₃ ⊗ (2 L_s + diag(m)/h²)` under the constraint: the
//! KKT system of Eq. 4, solved with one sparse Cholesky factor of the scalar n × n block and the small dense
//! Schur complement `S = Qᵀ A⁻¹ Q` (Q an orthonormal basis of range 𝒥, redundant rig columns removed).

use crate::fem::{hat_gradients, scalar_laplacian, spmv};
use crate::linalg::{dot, norm, polar, range_basis};
use crate::problem::FemProblem;
use crate::reduced::model::{check_problem, ReducedError};
use crate::reduced::{StepReport, StepSettings};
use faer::linalg::solvers::Solve;
use faer::sparse::linalg::solvers::Llt as SparseLlt;
use faer::sparse::{SparseColMat, Triplet};
use faer::{Mat, Side};
use nalgebra::Matrix3;
use rayon::prelude::*;

/// Tets (or vertices) per rayon task in the local step.
const PAR_CHUNK: usize = 512;

/// The full-space energy of the module doc on a mesh: per-tet geometry and material, mass, `L_s`, the rig and
/// the time step. Shared by [`FullModel`] and the rotation-strain baseline ([`crate::rotation_strain`]), which
/// evaluates the same energy on its reconstructed `u(x̃)`.
pub(crate) struct FullEnergy {
    pub(crate) n: usize,
    pub(crate) h: f64,
    tets: Vec<[usize; 4]>,
    /// Hat-function gradients per tet and corner: `F_t[c][j] = Σ_k x_c(v_k) g_k[j]`.
    grads: Vec<[[f64; 3]; 4]>,
    volume: Vec<f64>,
    mu: Vec<f64>,
    lambda: Vec<f64>,
    pub(crate) mass: Vec<f64>,
    /// `L_s(μ)` (n × n): `L = I₃ ⊗ L_s`.
    pub(crate) ls: SparseColMat<usize, f64>,
    pub(crate) jac: SparseColMat<usize, f64>,
    x0: Vec<f64>,
}

/// The precomputed full-space model: the energy, the factored global matrix, the constraint.
pub struct FullModel {
    energy: FullEnergy,
    /// Sparse Cholesky factor of `A_s = 2 L_s + diag(m)/h²`.
    a_llt: SparseLlt<usize, f64>,
    /// Orthonormal basis `Q` (3n × k) of range 𝒥, `Y = A⁻¹ Q` and the Cholesky factor of `S = Qᵀ Y`.
    q: Mat<f64>,
    y: Mat<f64>,
    s_llt: faer::linalg::solvers::Llt<f64>,
    /// `(tet, corner)` pairs incident to each vertex, CSR: vertex `v` owns `incident[offsets[v]..offsets[v+1]]`.
    offsets: Vec<usize>,
    incident: Vec<(usize, usize)>,
}

/// State between steps: current and previous displacement and rig parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FullState {
    pub u: Vec<f64>,
    pub u_prev: Vec<f64>,
    pub p: Vec<f64>,
    pub p_prev: Vec<f64>,
}

impl FullState {
    /// At rest: `u = 0`, rig held at `p`.
    pub fn at_rest(model: &FullModel, p: &[f64]) -> Self {
        let u = vec![0.0; 3 * model.energy.n];
        FullState { u: u.clone(), u_prev: u, p: p.to_vec(), p_prev: p.to_vec() }
    }
}

impl FullEnergy {
    /// The problem's geometry, material, lumped mass, rig (`J`, `x₀`) and time step.
    pub(crate) fn new(problem: &FemProblem<'_>) -> Result<Self, ReducedError> {
        let FemProblem { mesh, material, mass, jac, x0, h } = *problem;
        let (n, t) = (mesh.n(), mesh.t());
        check_problem(problem)?;
        if material.mu.len() != t || material.lambda.len() != t {
            return Err(ReducedError::Size(format!("material for {} tets, mesh has {t}", material.mu.len())));
        }
        Ok(FullEnergy {
            n,
            h,
            tets: mesh.tets.clone(),
            grads: (0..t).map(|tet| hat_gradients(mesh, tet)).collect(),
            volume: (0..t).map(|tet| mesh.volume(tet)).collect(),
            mu: material.mu.clone(),
            lambda: material.lambda.clone(),
            mass: mass.to_vec(),
            ls: scalar_laplacian(mesh, &material.mu),
            jac: jac.clone(),
            x0: x0.to_vec(),
        })
    }

    /// `A v = 2 L v + M v / h²` for a 3n vector.
    pub(crate) fn apply_a(&self, v: &[f64]) -> Vec<f64> {
        let (n, h2) = (self.n, self.h * self.h);
        let mut out = vec![0.0; 3 * n];
        for c in 0..3 {
            let lv = spmv(&self.ls, &v[c * n..(c + 1) * n]);
            for i in 0..n {
                out[c * n + i] = 2.0 * lv[i] + self.mass[i] * v[c * n + i] / h2;
            }
        }
        out
    }

    /// Per-tet local step (Eq. 30) at positions `x`: the non-linear energy and `∂Φ/∂F_t` per tet.
    pub(crate) fn local(&self, x: &[f64], lambda_scale: f64) -> (f64, Vec<Matrix3<f64>>) {
        let n = self.n;
        let per_tet: Vec<(f64, Matrix3<f64>)> = (0..self.tets.len())
            .into_par_iter()
            .with_min_len(PAR_CHUNK)
            .map(|t| {
                let (g, tet) = (&self.grads[t], &self.tets[t]);
                let f = Matrix3::from_fn(|c, j| (0..4).map(|k| x[c * n + tet[k]] * g[k][j]).sum::<f64>());
                let (r, tr) = polar(&f);
                let (vol, mu, la) = (self.volume[t], self.mu[t], lambda_scale * self.lambda[t]);
                let energy = vol * (-2.0 * mu * tr + 0.5 * la * (tr - 3.0).powi(2));
                (energy, r * (vol * (-2.0 * mu + la * (tr - 3.0))))
            })
            .collect();
        let energy = per_tet.iter().map(|(e, _)| e).sum();
        (energy, per_tet.into_iter().map(|(_, d)| d).collect())
    }

    /// The step's constants at the state `(u, u_prev, p, p_prev)` for the next rig parameters `p_next`.
    pub(crate) fn terms(
        &self,
        u: &[f64],
        u_prev: &[f64],
        p: &[f64],
        p_prev: &[f64],
        p_next: &[f64],
        opts: &StepSettings,
    ) -> FullTerms {
        FullTerms::new(
            FullTermInputs {
                jac: &self.jac,
                x0: &self.x0,
                ls: &self.ls,
                mass: &self.mass,
                h: self.h,
                u,
                u_prev,
                p,
                p_prev,
            },
            p_next,
            opts,
        )
    }
}

impl FullModel {
    /// Precompute for the problem (mesh, material, lumped mass, rig `J`, `x₀`, time step `h`) and the
    /// constraint `jcal = 𝒥 = D M J` (3n × p).
    pub fn new(problem: &FemProblem<'_>, jcal: &SparseColMat<usize, f64>) -> Result<Self, ReducedError> {
        let (mesh, n) = (problem.mesh, problem.mesh.n());
        if jcal.nrows() != 3 * n {
            return Err(ReducedError::Size(format!("n = {n}: 𝒥 {}×{}", jcal.nrows(), jcal.ncols())));
        }
        let energy = FullEnergy::new(problem)?;
        let a_llt = factor_scalar_global(&energy.ls, problem.mass, problem.h)?;
        let q = constraint_basis(jcal);
        let y = solve_blocks(&a_llt, &q);
        let s = q.transpose() * &y;
        let s = Mat::<f64>::from_fn(s.nrows(), s.ncols(), |i, j| 0.5 * (s[(i, j)] + s[(j, i)]));
        let s_llt =
            s.llt(Side::Lower).map_err(|e| ReducedError::NotSpd(format!("Schur complement: {e:?}")))?;
        let (offsets, incident) = mesh.vertex_tets();
        Ok(FullModel { energy, a_llt, q, y, s_llt, offsets, incident })
    }

    /// Vertices.
    pub fn n(&self) -> usize {
        self.energy.n
    }

    /// Independent constraint directions (the rank of 𝒥).
    pub fn constraint_rank(&self) -> usize {
        self.q.ncols()
    }

    /// The KKT solve of Eq. 4: `argmin ½ uᵀ A u − bᵀ u` subject to `Qᵀ u = 0`, i.e.
    /// `u = w − Y S⁻¹ Qᵀ w` with `w = A⁻¹ b`.
    fn constrained_solve(&self, b: &[f64]) -> Vec<f64> {
        let w = solve_blocks(&self.a_llt, &Mat::from_fn(b.len(), 1, |i, _| b[i]));
        let mu = self.s_llt.solve(self.q.transpose() * &w);
        let u = w - &self.y * mu;
        u.col(0).iter().copied().collect()
    }

    /// `Kᵀ d` (3n) for per-tet 3×3 blocks `d`: gathered per vertex, so it parallelises without atomics.
    fn k_transpose(&self, d: &[Matrix3<f64>]) -> Vec<f64> {
        let n = self.energy.n;
        let per_vertex: Vec<[f64; 3]> = (0..n)
            .into_par_iter()
            .with_min_len(PAR_CHUNK)
            .map(|v| {
                let mut acc = [0.0; 3];
                for &(t, k) in &self.incident[self.offsets[v]..self.offsets[v + 1]] {
                    let (dt, g) = (&d[t], &self.energy.grads[t][k]);
                    for c in 0..3 {
                        acc[c] += dt[(c, 0)] * g[0] + dt[(c, 1)] * g[1] + dt[(c, 2)] * g[2];
                    }
                }
                acc
            })
            .collect();
        let mut out = vec![0.0; 3 * n];
        for (v, acc) in per_vertex.iter().enumerate() {
            for c in 0..3 {
                out[c * n + v] = acc[c];
            }
        }
        out
    }

    /// Advance `state` by one step to rig parameters `p_next` (Alg. 2 in full space, per-tet rotations).
    pub fn step(&self, state: &mut FullState, p_next: &[f64], opts: &StepSettings) -> StepReport {
        assert_eq!(p_next.len(), self.energy.jac.ncols(), "rig parameter count");
        let terms = self.energy.terms(&state.u, &state.u_prev, &state.p, &state.p_prev, p_next, opts);
        let corotational = opts.volume_preservation;
        let mut u = state.u.clone();
        // the global step's fixed part: c = argmin ½uᵀAu + linearᵀu on the constraint (once per step)
        let c: Vec<f64> = self.constrained_solve(&terms.linear).iter().map(|v| -v).collect();
        let (mut nonlinear, mut dphi) = self.energy.local(&terms.positions(&u), terms.lambda_scale);
        let mut energy = if corotational || opts.record_energy {
            terms.quadratic(&u, &self.energy.apply_a(&u)) + nonlinear
        } else {
            0.0
        };
        let mut report = StepReport::default();
        if opts.record_energy {
            report.energy.push(energy);
        }
        for _ in 0..opts.iterations.max(1) {
            // global step (Eq. 31 with B = I): u* = c − KKT⁻¹ Kᵀ ∂Φ/∂F
            let target: Vec<f64> =
                c.iter().zip(self.constrained_solve(&self.k_transpose(&dphi))).map(|(a, b)| a - b).collect();
            let du: Vec<f64> = target.iter().zip(&u).map(|(a, b)| a - b).collect();
            let mut alpha = 1.0;
            if corotational {
                // Armijo backtracking as in step.rs; ∇E·du = −duᵀ A du
                let slope = -dot(&du, &self.energy.apply_a(&du));
                let resolvable = -slope > 1e-13 * energy.abs().max(f64::MIN_POSITIVE);
                loop {
                    let trial: Vec<f64> = u.iter().zip(&du).map(|(a, d)| a + alpha * d).collect();
                    let (nl, d) = self.energy.local(&terms.positions(&trial), terms.lambda_scale);
                    let e = terms.quadratic(&trial, &self.energy.apply_a(&trial)) + nl;
                    if !resolvable || e <= energy + 1e-4 * alpha * slope || alpha <= 1e-6 {
                        (energy, dphi, u) = (e, d, trial);
                        break;
                    }
                    alpha *= 0.5;
                }
            } else {
                u = target;
                (nonlinear, dphi) = self.energy.local(&terms.positions(&u), terms.lambda_scale);
                if opts.record_energy {
                    energy = terms.quadratic(&u, &self.energy.apply_a(&u)) + nonlinear;
                }
            }
            report.iterations += 1;
            if opts.record_energy {
                report.energy.push(energy);
            }
            if alpha * norm(&du) <= opts.tolerance * (1.0 + norm(&u)) {
                report.converged = true;
                break;
            }
        }
        state.u_prev = std::mem::replace(&mut state.u, u);
        state.p_prev = std::mem::replace(&mut state.p, p_next.to_vec());
        report
    }
}

/// Per-step constants of the full-space energy of the module doc, for any model that evaluates it on a full
/// displacement `u`: [`FullModel`] and the rotation-strain baseline ([`crate::rotation_strain`]).
pub(crate) struct FullTerms {
    /// `J p + x₀`: the rig's positions.
    pub(crate) x_rig: Vec<f64>,
    /// Linear term of the quadratic part: `M(J(p − p̂) − û)/h² + 2L(J p + x₀) − M g`.
    pub(crate) linear: Vec<f64>,
    pub(crate) lambda_scale: f64,
}

/// What [`FullTerms::new`] reads: the model's rig, `L_s`, mass and time step, and the state before the step.
pub(crate) struct FullTermInputs<'a> {
    pub(crate) jac: &'a SparseColMat<usize, f64>,
    pub(crate) x0: &'a [f64],
    pub(crate) ls: &'a SparseColMat<usize, f64>,
    pub(crate) mass: &'a [f64],
    pub(crate) h: f64,
    /// `u_t`, `u_{t−1}`, `p_t`, `p_{t−1}`.
    pub(crate) u: &'a [f64],
    pub(crate) u_prev: &'a [f64],
    pub(crate) p: &'a [f64],
    pub(crate) p_prev: &'a [f64],
}

impl FullTerms {
    pub(crate) fn new(i: FullTermInputs<'_>, p_next: &[f64], opts: &StepSettings) -> Self {
        let (n, h2) = (i.mass.len(), i.h * i.h);
        let dp: Vec<f64> =
            p_next.iter().zip(i.p.iter().zip(i.p_prev)).map(|(n, (a, b))| n - (2.0 * a - b)).collect();
        let j_dp = spmv(i.jac, &dp);
        let x_rig: Vec<f64> = spmv(i.jac, p_next).iter().zip(i.x0).map(|(a, b)| a + b).collect();
        let mut linear = vec![0.0; 3 * n];
        for c in 0..3 {
            let l_rig = spmv(i.ls, &x_rig[c * n..(c + 1) * n]);
            for v in 0..n {
                let k = c * n + v;
                let u_hat = 2.0 * i.u[k] - i.u_prev[k];
                linear[k] = i.mass[v] * ((j_dp[k] - u_hat) / h2 - opts.gravity[c]) + 2.0 * l_rig[v];
            }
        }
        let lambda_scale = if opts.volume_preservation { 1.0 } else { 0.0 };
        FullTerms { x_rig, linear, lambda_scale }
    }

    pub(crate) fn positions(&self, u: &[f64]) -> Vec<f64> {
        self.x_rig.iter().zip(u).map(|(a, b)| a + b).collect()
    }

    /// `½ uᵀ A u + linearᵀ u` (constants dropped, the same as the reduced step's), given `au = A u`.
    pub(crate) fn quadratic(&self, u: &[f64], au: &[f64]) -> f64 {
        u.iter().zip(au.iter().zip(&self.linear)).map(|(x, (a, l))| x * (0.5 * a + l)).sum()
    }
}

/// Sparse Cholesky factor of the scalar block `A_s = 2 L_s + diag(m)/h²` of `A = I₃ ⊗ A_s`.
fn factor_scalar_global(
    ls: &SparseColMat<usize, f64>,
    mass: &[f64],
    h: f64,
) -> Result<SparseLlt<usize, f64>, ReducedError> {
    let n = mass.len();
    let mut trip = Vec::with_capacity(ls.compute_nnz() + n);
    for col in 0..n {
        for (r, v) in ls.row_idx_of_col_raw(col).iter().zip(ls.val_of_col(col)) {
            trip.push(Triplet::new(*r, col, 2.0 * v));
        }
        trip.push(Triplet::new(col, col, mass[col] / (h * h)));
    }
    let a = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &trip)
        .map_err(|e| ReducedError::NotSpd(format!("{e:?}")))?;
    a.sp_cholesky(Side::Lower).map_err(|e| ReducedError::NotSpd(format!("{e:?}")))
}

/// `(I₃ ⊗ A_s)⁻¹ b` for the columns of a 3n-row `b`: one solve with `3 × cols` right-hand sides.
fn solve_blocks(llt: &SparseLlt<usize, f64>, b: &Mat<f64>) -> Mat<f64> {
    let n = b.nrows() / 3;
    let k = b.ncols();
    let rhs = Mat::<f64>::from_fn(n, 3 * k, |v, col| b[((col % 3) * n + v, col / 3)]);
    let x = llt.solve(&rhs);
    Mat::from_fn(3 * n, k, |i, col| x[(i % n, 3 * col + i / n)])
}

/// Orthonormal basis of range 𝒥 (3n × rank), from its thin SVD; redundant rig directions are dropped.
pub(crate) fn constraint_basis(jcal: &SparseColMat<usize, f64>) -> Mat<f64> {
    range_basis(jcal.to_dense().as_ref()).expect("thin svd of the constraint").basis
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, Material};
    use crate::leak::{leak_diagonal, MomentumLeak};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::mesh::tet_mesh::TetMesh;
    use crate::modes::dense::complementarity_matrix;
    use crate::reduced::clusters::Clustering;
    use crate::reduced::model::{complementary_basis, ReducedModel};
    use crate::reduced::step::tests::bend;
    use crate::reduced::{Elasticity, StepState};
    use crate::rig::{LbsRig, Rig, RigPart};

    /// A two-bone bar with the surface-diffused momentum leak (so that the bending rig excites secondary motion).
    struct Scene {
        mesh: TetMesh,
        mat: Material,
        mass: Vec<f64>,
        rig: Rig,
        jac: SparseColMat<usize, f64>,
        jcal: SparseColMat<usize, f64>,
        x0: Vec<f64>,
    }

    fn scene(poisson: f64) -> Scene {
        let mesh = box_mesh(6, 2, 2, [2.0, 0.5, 0.5]);
        let mat = Material::homogeneous(mesh.t(), 2e4, poisson, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let leak = leak_diagonal(&mesh, &MomentumLeak::default()).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &leak);
        let x0 = rig.offset(&mesh.vertices).unwrap();
        Scene { mesh, mat, mass, rig, jac, jcal, x0 }
    }

    impl Scene {
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

        fn full(&self) -> FullModel {
            FullModel::new(&self.problem(), &self.jcal).unwrap()
        }
    }

    /// `‖𝒥ᵀ u‖ / (‖𝒥‖_F ‖u‖)`.
    fn constraint_residual(jcal: &SparseColMat<usize, f64>, u: &[f64]) -> f64 {
        let jt_u: Vec<f64> = (0..jcal.ncols())
            .map(|q| jcal.row_idx_of_col_raw(q).iter().zip(jcal.val_of_col(q)).map(|(r, v)| v * u[*r]).sum())
            .collect();
        norm(&jt_u) / (norm(jcal.val()) * norm(u))
    }

    /// (a) The sparse KKT step equals the dense path (orthonormal null-space basis, one cluster per tet) step by
    /// step; (b) the displacement stays complementary to the rig.
    #[test]
    fn sparse_kkt_step_equals_the_dense_null_space_path() {
        for (elasticity, poisson) in [(Elasticity::Arap, 0.0), (Elasticity::Corotational, 0.35)] {
            let s = scene(poisson);
            let full = s.full();
            let basis = complementary_basis(&s.jcal);
            let per_tet = Clustering::one_per_tet(s.mesh.t());
            let dense = ReducedModel::from_basis(&s.problem(), &basis, &per_tet).unwrap();
            assert_eq!(basis.ncols() + full.constraint_rank(), 3 * s.mesh.n());
            let opts = StepSettings {
                volume_preservation: elasticity.volume_preservation(),
                iterations: 15,
                tolerance: 0.0,
                ..Default::default()
            };
            let mut fs = FullState::at_rest(&full, &s.rig.rest_params());
            let mut ds = StepState::at_rest(&dense, &s.rig.rest_params());
            let (mut worst, mut worst_constraint) = (0.0f64, 0.0f64);
            for k in 1..=10 {
                let p = bend(&s.rig, 0.15 * k as f64);
                full.step(&mut fs, &p, &opts);
                dense.step(&mut ds, &p, &opts);
                let u_dense = &basis * Mat::from_fn(ds.z.len(), 1, |i, _| ds.z[i]);
                let diff: Vec<f64> = fs.u.iter().enumerate().map(|(i, v)| v - u_dense[(i, 0)]).collect();
                worst = worst.max(norm(&diff) / norm(&fs.u));
                worst_constraint = worst_constraint.max(constraint_residual(&s.jcal, &fs.u));
            }
            eprintln!("{elasticity:?}: full vs dense {worst:e}, constraint {worst_constraint:e}");
            assert!(norm(&fs.u) > 1e-4, "the bending rig must excite secondary motion");
            assert!(
                worst <= 1e-8,
                "{elasticity:?}: full-space step differs from the dense path by {worst:e}"
            );
            assert!(worst_constraint <= 1e-10, "{elasticity:?}: 𝒥ᵀu = {worst_constraint:e} (relative)");
        }
    }

    /// (c) ARAP's local and global steps each minimise the energy exactly: it never increases.
    #[test]
    fn arap_energy_never_increases() {
        let s = scene(0.0);
        let full = s.full();
        let opts = StepSettings {
            volume_preservation: false,
            iterations: 30,
            tolerance: 0.0,
            record_energy: true,
            ..Default::default()
        };
        let mut state = FullState::at_rest(&full, &s.rig.rest_params());
        for k in 1..=12 {
            let r = full.step(&mut state, &bend(&s.rig, 0.12 * k as f64), &opts);
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
        }
    }

    /// Co-rotational: the line search decreases the energy and the iteration converges.
    #[test]
    fn corotational_line_search_decreases_the_energy_and_converges() {
        let s = scene(0.35);
        let full = s.full();
        let opts =
            StepSettings { iterations: 100, tolerance: 1e-8, record_energy: true, ..Default::default() };
        let mut state = FullState::at_rest(&full, &s.rig.rest_params());
        for k in 1..=12 {
            let r = full.step(&mut state, &bend(&s.rig, 0.12 * k as f64), &opts);
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
            assert!(r.converged, "step {k} did not converge in {} iterations", r.iterations);
        }
    }
}
