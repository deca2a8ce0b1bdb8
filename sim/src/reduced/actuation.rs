//! Modal actuation (paper 003, "Actuators à la Mode", AaM): a target-shape energy that drives the body
//! without injecting net force or torque. Here: the tensor `Ĝ` that turns actuation coordinates `a` into the
//! clusters' target shapes `Y_c(a)`, and the per-step targets.
//!
//! AaM Eq. 9–11 pull each tet towards an actuated rest shape, `Σ_e γ_e V_e min_Ω ‖F_e(x) − Ω Y_e(d)‖²`, with
//! `Y_e(d) = ∇_X d` the deformation gradient of the target positions `d = x₀ + D a`. We use the passive
//! clusters as actuation clusters and `γ = μ`, `Ω = R`: the actuation is a plasticity-style change of the
//! co-rotational/ARAP term's rest shape (see [`crate::reduced::step`] for the energy), and one rotation per
//! cluster serves both. `Y` is taken per cluster, the `μ_t V_t`-weighted average over the cluster's tets of
//! `I + ∇(D a)` (the same average as `F̃_c`, see [`cluster_gradient`]):
//!
//! ```text
//! Y_c(a) = I + Σ_k a_k Ĝ_{c,k},     Ĝ = (I₃ ⊗ Γ) D   (9r × K, rows c·3r + 3·cl + j like F̃)
//! ```
//!
//! This is AaM App. F's bilinear tensor reduced to clusters: `F̃_c Y_cᵀ` (AaM Eq. 13's `H_c` with per-cluster
//! `Y`) is bilinear in `(z, a)`; the per-step cost is one 3×3 product per cluster and iteration.

use crate::fem::{spmv, Material};
use crate::mesh::TetMesh;
use crate::reduced::clusters::Clustering;
use crate::reduced::projection::cluster_gradient;
use faer::Mat;
use nalgebra::Matrix3;

/// `Ĝ = (I₃ ⊗ Γ) D` (9r × K): the cluster-averaged gradients of the K actuation displacement fields `D`
/// (3n × K, coordinate-major columns), with `Γ` the clusters' `μ_t V_t`-weighted gradient (the model's own,
/// so `material` must be the one the model was built with; a uniform scaling of μ does not change it).
pub fn actuation_gradient(
    mesh: &TetMesh,
    material: &Material,
    clustering: &Clustering,
    d: &Mat<f64>,
) -> Mat<f64> {
    let (n, r) = (mesh.n(), clustering.r);
    assert_eq!(d.nrows(), 3 * n, "actuation fields are 3n long");
    let (gamma, _) = cluster_gradient(mesh, clustering, &material.mu);
    let mut g = Mat::<f64>::zeros(9 * r, d.ncols());
    for k in 0..d.ncols() {
        for c in 0..3 {
            let field: Vec<f64> = (0..n).map(|v| d[(c * n + v, k)]).collect();
            for (i, val) in spmv(&gamma, &field).into_iter().enumerate() {
                g[(c * 3 * r + i, k)] = val;
            }
        }
    }
    g
}

/// The clusters' target shapes `Y_c(a) = I + Σ_k a_k Ĝ_{c,k}` into `out` (one per cluster).
pub fn cluster_targets(g: &Mat<f64>, a: &[f64], out: &mut Vec<Matrix3<f64>>) {
    assert_eq!(g.ncols(), a.len(), "one actuation coordinate per column of Ĝ");
    let r = g.nrows() / 9;
    out.clear();
    out.extend((0..r).map(|cl| {
        Matrix3::from_fn(|c, j| {
            let row = c * 3 * r + 3 * cl + j;
            let mut y = if c == j { 1.0 } else { 0.0 };
            for (k, ak) in a.iter().enumerate() {
                y += ak * g[(row, k)];
            }
            y
        })
    }));
}

/// Whether `a` actuates anything: non-empty with a non-zero entry (`a = 0` is exactly the passive step).
pub fn is_active(a: &[f64]) -> bool {
    a.iter().any(|&v| v != 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{hat_gradients, laplacian, lumped_mass, weight_space_hessian};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::modes::dense::{
        complementarity_matrix, dense_modes, skinning_subspace, weight_space_constraint,
    };
    use crate::problem::FemProblem;
    use crate::reduced::local_global::StepTerms;
    use crate::reduced::model::ReducedModel;
    use crate::reduced::settings::{Elasticity, StepSettings, StepState};
    use crate::reduced::step::tests::bend;
    use crate::rig::{LbsRig, Rig, RigPart};

    /// Deterministic numbers in [−1, 1].
    struct Noise(u64);
    impl Noise {
        fn next(&mut self) -> f64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        }
        fn rotation(&mut self, angle: f64) -> Matrix3<f64> {
            let axis = nalgebra::Vector3::new(self.next(), self.next(), self.next());
            *nalgebra::Rotation3::from_scaled_axis(axis.normalize() * angle * self.next()).matrix()
        }
    }

    struct Setup {
        mesh: TetMesh,
        mat: Material,
        clustering: Clustering,
        rig: Rig,
        /// Dense skinning basis (one block: reduced vectors in natural order).
        model: ReducedModel,
        /// Two smooth, non-affine actuation fields (3n × 2).
        d: Mat<f64>,
    }

    /// A 2 m bar on a two-bone rig with μ (and λ, same ratio) varying by a factor 9 across tets, 6 skinning
    /// modes as a dense basis, 12 clusters, two actuation fields.
    fn setup() -> Setup {
        let mesh = box_mesh(8, 2, 2, [2.0, 0.5, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 2e4, 0.35, 1000.0).unwrap();
        for t in 0..mesh.t() {
            let s = 1.0 + 0.8 * ((t * 7) as f64 * 0.37).sin();
            mat.mu[t] *= s;
            mat.lambda[t] *= s;
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.5))]).unwrap();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jw = weight_space_constraint(
            &mesh.vertices,
            &complementarity_matrix(&jac, &mass, &vec![0.6; mesh.n()]),
        );
        let modes = dense_modes(&weight_space_hessian(&mesh, &mat), &mass, &jw, 6).unwrap();
        let clustering = Clustering { labels: (0..mesh.t()).map(|t| (t / 4) % 12).collect(), r: 12 };
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let b = skinning_subspace(&mesh.vertices, &modes.weights).to_dense();
        let problem =
            FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 1.0 / 60.0 };
        let model = ReducedModel::from_basis(&problem, &b, &clustering).unwrap();
        let n = mesh.n();
        let d = Mat::<f64>::from_fn(3 * n, 2, |i, k| {
            let x = mesh.vertices[i % n];
            let c = i / n;
            0.1 * ((1.3 + k as f64) * x[0] + 2.0 * x[(c + 1) % 3] + c as f64).sin() * (x[1] + 0.5 * x[2])
        });
        Setup { mesh, mat, clustering, rig, model, d }
    }

    fn actuated(s: &Setup) -> ReducedModel {
        let mut m = ReducedModel::from_parts(s.model.parts.clone()).unwrap();
        m.set_actuation(actuation_gradient(&s.mesh, &s.mat, &s.clustering, &s.d)).unwrap();
        m
    }

    /// A state and rig parameters away from rest: a random z, the second bone bent.
    fn random_state(model: &ReducedModel, rig: &Rig, noise: &mut Noise) -> (StepState, Vec<f64>) {
        let mut state = StepState::at_rest(model, &rig.rest_params());
        state.z = (0..model.dofs).map(|_| 0.05 * noise.next()).collect();
        state.z_prev = state.z.iter().map(|z| z + 0.01 * noise.next()).collect();
        (state, bend(rig, 0.6 * noise.next()))
    }

    /// Tensor exactness: `Y_c(a)` from `Ĝ` is the direct `μ_t V_t`-weighted average of `I + ∇(D a)` over the
    /// cluster's tets, and `F̃_c(z, p)` the same average of the tets' `F_t(x)`, `x = Jp + x₀ + Bz`.
    #[test]
    fn actuation_tensor_equals_the_per_tet_average() {
        let s = setup();
        let model = actuated(&s);
        let g = model.actuation.as_ref().unwrap();
        let mut noise = Noise(7);
        let (n, r) = (s.mesh.n(), s.clustering.r);
        for _ in 0..3 {
            let a = [noise.next(), noise.next()];
            let mut y = Vec::new();
            cluster_targets(g, &a, &mut y);
            let (state, p) = random_state(&model, &s.rig, &mut noise);
            // x = J p + x₀ + B z directly
            let jac = s.rig.jacobian(&s.mesh.vertices).unwrap();
            let x0 = s.rig.offset(&s.mesh.vertices).unwrap();
            let b = skinning_subspace(&s.mesh.vertices, &dense_modes_weights(&s)).to_dense();
            let mut x = crate::fem::spmv(&jac, &p);
            for i in 0..3 * n {
                x[i] += x0[i] + (0..model.dofs).map(|q| b[(i, q)] * state.z[q]).sum::<f64>();
            }
            let da: Vec<f64> = (0..3 * n).map(|i| s.d[(i, 0)] * a[0] + s.d[(i, 1)] * a[1]).collect();
            let mut want_y = vec![Matrix3::<f64>::zeros(); r];
            let mut want_f = vec![Matrix3::<f64>::zeros(); r];
            let mut weight = vec![0.0; r];
            for t in 0..s.mesh.t() {
                let cl = s.clustering.labels[t];
                let w = s.mat.mu[t] * s.mesh.volume(t);
                let gr = hat_gradients(&s.mesh, t);
                let grad = |u: &[f64]| {
                    Matrix3::from_fn(|c, j| {
                        (0..4).map(|k| u[c * n + s.mesh.tets[t][k]] * gr[k][j]).sum::<f64>()
                    })
                };
                want_y[cl] += (Matrix3::identity() + grad(&da)) * w;
                want_f[cl] += grad(&x) * w;
                weight[cl] += w;
            }
            let terms = StepTerms::new(&model, &state, &p, &StepSettings::default());
            let it = terms.iterate(state.z.clone());
            for cl in 0..r {
                let err_y = (y[cl] - want_y[cl] / weight[cl]).norm();
                assert!(err_y < 1e-12, "cluster {cl}: Y off by {err_y:e}");
                let fc = Matrix3::from_fn(|c, j| it.f[c * 3 * r + 3 * cl + j]);
                let err_f = (fc - want_f[cl] / weight[cl]).norm();
                assert!(err_f < 1e-11, "cluster {cl}: F̃ off by {err_f:e}");
            }
            assert!(y.iter().any(|y| (y - Matrix3::identity()).norm() > 1e-3), "the fields must actuate");
        }
    }

    fn dense_modes_weights(s: &Setup) -> Mat<f64> {
        let mass = lumped_mass(&s.mesh, &s.mat.density);
        let jac = s.rig.jacobian(&s.mesh.vertices).unwrap();
        let jw = weight_space_constraint(
            &s.mesh.vertices,
            &complementarity_matrix(&jac, &mass, &vec![0.6; s.mesh.n()]),
        );
        dense_modes(&weight_space_hessian(&s.mesh, &s.mat), &mass, &jw, 6).unwrap().weights
    }

    /// The step's gradient `A z + linear + (G₉KB)ᵀ ∂Φ̃/∂F̃` (with the actuated `dphi`) against central differences
    /// of the actuated energy, co-rotational (λ > 0) and ARAP.
    #[test]
    fn actuated_gradient_matches_finite_differences() {
        let s = setup();
        let model = actuated(&s);
        let mut noise = Noise(11);
        for elasticity in [Elasticity::Corotational, Elasticity::Arap] {
            let (state, p) = random_state(&model, &s.rig, &mut noise);
            let opts = StepSettings {
                volume_preservation: elasticity.volume_preservation(),
                actuation: vec![0.8, -0.6],
                ..Default::default()
            };
            let terms = StepTerms::new(&model, &state, &p, &opts);
            assert!(terms.target.is_some());
            let z = state.z.clone();
            let it = terms.iterate(z.clone());
            let mut dphi = vec![0.0; 9 * model.clusters];
            terms.dphi(&it, &mut dphi);
            let az = &model.a * crate::reduced::local_global::col(&z);
            let gt = model.g9kb.transpose() * crate::reduced::local_global::col(&dphi);
            let energy = |z: &[f64]| terms.energy(&terms.iterate(z.to_vec()));
            let mut worst: f64 = 0.0;
            let mut scale: f64 = 0.0;
            for q in 0..model.dofs {
                let grad = az[(q, 0)] + terms.linear[q] + gt[(q, 0)];
                let eps = 1e-6;
                let (mut zp, mut zm) = (z.clone(), z.clone());
                zp[q] += eps;
                zm[q] -= eps;
                let fd = (energy(&zp) - energy(&zm)) / (2.0 * eps);
                worst = worst.max((fd - grad).abs());
                scale = scale.max(grad.abs());
            }
            assert!(worst <= 1e-5 * scale, "{elasticity:?}: gradient off by {worst:e} (scale {scale:e})");
        }
    }

    /// Procrustes optimality (AaM Eq. 12, App. G): `R_c ∈ SO(3)` and no rotation, random or near `R_c`, gives a
    /// larger `tr(Rᵀ F̃_c Y_cᵀ)`.
    #[test]
    fn local_step_is_the_procrustes_rotation() {
        let s = setup();
        let model = actuated(&s);
        let mut noise = Noise(3);
        let r = model.clusters;
        for _ in 0..3 {
            let (state, p) = random_state(&model, &s.rig, &mut noise);
            let opts = StepSettings {
                actuation: vec![2.0 * noise.next(), 2.0 * noise.next()],
                ..Default::default()
            };
            let terms = StepTerms::new(&model, &state, &p, &opts);
            let it = terms.iterate(state.z.clone());
            let y = &terms.target.as_ref().unwrap().y;
            for cl in 0..r {
                let rot = it.rot[cl];
                assert!((rot.transpose() * rot - Matrix3::identity()).norm() < 1e-12, "not orthogonal");
                assert!((rot.determinant() - 1.0).abs() < 1e-12, "det {}", rot.determinant());
                let h = Matrix3::from_fn(|c, j| it.f[c * 3 * r + 3 * cl + j]) * y[cl].transpose();
                let best = (rot.transpose() * h).trace();
                for k in 0..200 {
                    let q = if k % 2 == 0 {
                        noise.rotation(std::f64::consts::PI)
                    } else {
                        rot * noise.rotation(0.05)
                    };
                    let t = (q.transpose() * h).trace();
                    assert!(
                        t <= best + 1e-12 * best.abs(),
                        "cluster {cl}: a rotation beats R_c: {t} > {best}"
                    );
                }
            }
        }
    }

    /// ARAP local-global with actuation never increases the energy within a step (the actuation varying from
    /// step to step, the rig bending).
    #[test]
    fn actuated_arap_local_global_never_increases_the_energy() {
        let s = setup();
        let model = actuated(&s);
        let mut state = StepState::at_rest(&model, &s.rig.rest_params());
        for k in 1..=12 {
            let t = k as f64 / 6.0;
            let opts = StepSettings {
                volume_preservation: false,
                iterations: 30,
                tolerance: 0.0,
                record_energy: true,
                actuation: vec![0.5 * (2.0 * t).sin(), 0.5 * (3.0 * t).cos()],
                ..Default::default()
            };
            let r = model.step(&mut state, &bend(&s.rig, 0.1 * k as f64), &opts);
            for w in r.energy.windows(2) {
                assert!(w[1] <= w[0] + 1e-9 * w[0].abs().max(1.0), "energy rose: {:?}", r.energy);
            }
        }
        assert!(state.z.iter().any(|v| v.abs() > 1e-6));
    }

    /// Zero effect when off: a model with `Ĝ` and `a = 0` (or no `a`) steps bitwise like one without; a non-zero
    /// `a` does change the motion.
    #[test]
    fn zero_actuation_is_bitwise_the_passive_step() {
        let s = setup();
        let passive = ReducedModel::from_parts(s.model.parts.clone()).unwrap();
        let model = actuated(&s);
        let run = |m: &ReducedModel, a: Vec<f64>| {
            let mut state = StepState::at_rest(m, &s.rig.rest_params());
            let mut zs = Vec::new();
            for k in 1..=10 {
                let opts = StepSettings { actuation: a.clone(), anderson: 3, ..Default::default() };
                m.step(&mut state, &bend(&s.rig, 0.12 * k as f64), &opts);
                zs.extend(state.z.iter().map(|v| v.to_bits()));
            }
            zs
        };
        let reference = run(&passive, vec![]);
        let differ = |zs: Vec<u64>| zs.iter().zip(&reference).filter(|(a, b)| a != b).count();
        assert_eq!(differ(run(&model, vec![0.0, 0.0])), 0, "a = 0 changed the step");
        assert_eq!(differ(run(&model, vec![])), 0, "no a changed the step");
        assert!(differ(run(&model, vec![0.1, 0.0])) > 0, "a ≠ 0 must act");
    }

    /// Momentum (AaM Fig. 3, digest §2.7 test 6): the actuated elastic energy as a function of all vertex
    /// positions (basis B = I, per-cluster Y fixed) exerts no net force and no net torque at random deformed
    /// configurations, `Σ f = 0`, `Σ x × f = 0`; a force-based actuation (a body force `M D a` along the same
    /// field) does.
    #[test]
    fn actuation_injects_no_net_force_or_torque() {
        let mesh = box_mesh(3, 1, 1, [1.0, 0.4, 0.3]);
        let n = mesh.n();
        let mut mat = Material::homogeneous(mesh.t(), 1e4, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + 0.5 * (t as f64).sin();
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::affine();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let clustering = Clustering { labels: (0..mesh.t()).map(|t| t % 5).collect(), r: 5 };
        let identity = Mat::<f64>::identity(3 * n, 3 * n);
        let problem =
            FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h: 1.0 / 60.0 };
        let mut model = ReducedModel::from_basis(&problem, &identity, &clustering).unwrap();
        let mut noise = Noise(5);
        let d = Mat::<f64>::from_fn(3 * n, 1, |_, _| 0.2 * noise.next());
        model.set_actuation(actuation_gradient(&mesh, &mat, &clustering, &d)).unwrap();
        let l = laplacian(&mesh, &mat.mu);
        let p = rig.rest_params();
        let state = StepState::at_rest(&model, &p);
        let a = vec![0.7];
        for elasticity in [Elasticity::Corotational, Elasticity::Arap] {
            let opts = StepSettings {
                volume_preservation: elasticity.volume_preservation(),
                actuation: a.clone(),
                ..Default::default()
            };
            let terms = StepTerms::new(&model, &state, &p, &opts);
            for _ in 0..4 {
                // a random rotation and translation of a randomly deformed body: x = Q(X + u) + t, z = x − X
                let q = noise.rotation(std::f64::consts::PI);
                let shift = [noise.next(), noise.next(), noise.next()];
                let mut x = vec![0.0; 3 * n];
                for v in 0..n {
                    let y = nalgebra::Vector3::from_fn(|c, _| mesh.vertices[v][c] + 0.05 * noise.next());
                    let qy = q * y;
                    for c in 0..3 {
                        x[c * n + v] = qy[c] + shift[c];
                    }
                }
                let z: Vec<f64> = (0..3 * n).map(|i| x[i] - mesh.vertices[i % n][i / n]).collect();
                let it = terms.iterate(z);
                let mut dphi = vec![0.0; 9 * model.clusters];
                terms.dphi(&it, &mut dphi);
                // f = −∂E/∂x, E = xᵀ L x + Φ̃(G₉K x)
                let lx = crate::fem::spmv(&l, &x);
                let gt = model.g9kb.transpose() * crate::reduced::local_global::col(&dphi);
                let f: Vec<f64> = (0..3 * n).map(|i| -(2.0 * lx[i] + gt[(i, 0)])).collect();
                let body: Vec<f64> = (0..3 * n).map(|i| f[i] + mass[i % n] * d[(i, 0)] * a[0]).collect();
                let moments = |f: &[f64]| {
                    let (mut net, mut tq, mut size) = ([0.0f64; 3], [0.0f64; 3], 0.0f64);
                    for v in 0..n {
                        let (xv, fv) = ([x[v], x[n + v], x[2 * n + v]], [f[v], f[n + v], f[2 * n + v]]);
                        for c in 0..3 {
                            net[c] += fv[c];
                            tq[c] += xv[(c + 1) % 3] * fv[(c + 2) % 3] - xv[(c + 2) % 3] * fv[(c + 1) % 3];
                            size = size.max(fv[c].abs() * (1.0 + xv[c].abs()));
                        }
                    }
                    let norm = |w: [f64; 3]| (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
                    (norm(net) / size, norm(tq) / size)
                };
                let (net, torque) = moments(&f);
                assert!(
                    net < 1e-12 && torque < 1e-12,
                    "{elasticity:?}: net force {net:e}, torque {torque:e}"
                );
                let (net, torque) = moments(&body);
                assert!(net > 1e-3 && torque > 1e-3, "body force: net {net:e}, torque {torque:e}");
            }
        }
    }

    /// Momentum, dynamically (digest §2.7 test 6): a free body (basis B = I, the affine rig held still, no
    /// gravity) driven by a time-varying actuation. Backward Euler's step is `M a_{n+1} = f(x_{n+1})` with
    /// `a_{n+1} = (x_{n+1} − 2x_n + x_{n−1})/h²`, so the forces the step applied are read off the motion: their
    /// sum `Σ m a` and their torque `Σ m x_{n+1} × a_{n+1}` vanish (to the solver's tolerance) every step, and
    /// the linear momentum `Σ m v` stays 0. The angular momentum `Σ m x × v` itself is only kept to backward
    /// Euler's `O(h²)` per step (`ΔL = h Σ x_n × f_{n+1}`), which is not what is tested.
    #[test]
    fn a_free_body_keeps_its_momentum_under_time_varying_actuation() {
        let mesh = box_mesh(3, 1, 1, [1.0, 0.4, 0.3]);
        let n = mesh.n();
        let mut mat = Material::homogeneous(mesh.t(), 1e4, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + 0.5 * (t as f64).sin();
            mat.lambda[t] *= 1.0 + 0.5 * (t as f64).sin();
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let rig = Rig::affine();
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let x0 = rig.offset(&mesh.vertices).unwrap();
        let clustering = Clustering { labels: (0..mesh.t()).map(|t| t % 5).collect(), r: 5 };
        let h = 1.0 / 60.0;
        let problem = FemProblem { mesh: &mesh, material: &mat, mass: &mass, jac: &jac, x0: &x0, h };
        let mut model =
            ReducedModel::from_basis(&problem, &Mat::<f64>::identity(3 * n, 3 * n), &clustering).unwrap();
        let mut noise = Noise(17);
        let d = Mat::<f64>::from_fn(3 * n, 2, |_, _| 0.1 * noise.next());
        model.set_actuation(actuation_gradient(&mesh, &mat, &clustering, &d)).unwrap();
        let p = rig.rest_params();
        let mut state = StepState::at_rest(&model, &p);
        let (mut worst_lin, mut worst_force, mut worst_torque, mut scale) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for k in 1..=90 {
            let t = k as f64 * h;
            let opts = StepSettings {
                iterations: 500,
                tolerance: 1e-14,
                actuation: vec![(2.0 * std::f64::consts::PI * 1.5 * t).sin(), (4.0 * t).cos() - 1.0],
                ..Default::default()
            };
            let before = state.z_prev.clone(); // x_{n−1} − X
            model.step(&mut state, &p, &opts);
            let (mut lin, mut force, mut torque, mut size) = ([0.0f64; 3], [0.0f64; 3], [0.0f64; 3], 0.0f64);
            for v in 0..n {
                let x: [f64; 3] = std::array::from_fn(|c| mesh.vertices[v][c] + state.z[c * n + v]);
                let vel: [f64; 3] =
                    std::array::from_fn(|c| (state.z[c * n + v] - state.z_prev[c * n + v]) / h);
                let f: [f64; 3] = std::array::from_fn(|c| {
                    let i = c * n + v;
                    mass[v] * (state.z[i] - 2.0 * state.z_prev[i] + before[i]) / (h * h)
                });
                for c in 0..3 {
                    lin[c] += mass[v] * vel[c];
                    force[c] += f[c];
                    torque[c] += x[(c + 1) % 3] * f[(c + 2) % 3] - x[(c + 2) % 3] * f[(c + 1) % 3];
                    size = size.max(f[c].abs() * (1.0 + x[c].abs()));
                }
            }
            let norm = |w: [f64; 3]| (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt();
            worst_lin = worst_lin.max(norm(lin));
            worst_force = worst_force.max(norm(force) / size);
            worst_torque = worst_torque.max(norm(torque) / size);
            scale =
                scale.max((0..n).map(|v| mass[v] * (state.z[v] - state.z_prev[v]).abs() / h).sum::<f64>());
        }
        eprintln!(
            "free body: |Σ m v| ≤ {worst_lin:e} (Σ m |v_x| up to {scale:e}); |Σ f| ≤ {worst_force:e}, \
             |Σ x × f| ≤ {worst_torque:e} of the largest |f|(1 + |x|)"
        );
        assert!(scale > 1e-2, "the actuation must move the body");
        assert!(worst_lin <= 1e-9 * scale, "linear momentum drifted: {worst_lin:e} (scale {scale:e})");
        assert!(worst_force <= 1e-8, "net force {worst_force:e}");
        assert!(worst_torque <= 1e-8, "net torque {worst_torque:e}");
    }
}
