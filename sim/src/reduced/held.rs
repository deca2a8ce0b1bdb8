//! The held (quasi-static) part of the flesh at run time: per-joint pose-space correctives learned from the
//! avatar's own full-space physics ([`crate::held`] trains them), evaluated from the rig parameters each tick and
//! laid under the dynamic subspace, so that the flesh the runtime publishes is
//!
//! ```text
//! u = u_h(p) + B z,      u_h(p) = Σ_j R_j D_j c_j(ω_j)
//! ```
//!
//! - `ω_j = log(R_{parent(j)}ᵀ R_j)` is joint j's rotation relative to its parent (a rotation vector, rest
//!   frame), `R` the polar factor of a bone's skinning transform (times the global affine part's rotation);
//! - `c_j(ω)` interpolates the coefficients of the joint's sampled full-space static solves: a polyharmonic
//!   radial basis function `φ(r) = r³` with a linear polynomial (Pose Space Deformation, Lewis et al. 2000),
//!   exact at the samples; `ω` is clamped to the sampled ball, so it never extrapolates;
//! - `D_j` (3n × K_j) is the mass-weighted principal basis of those solves, in the parent's rest frame; the
//!   parent's rotation `R_j` carries it into the world. Each solve is complementary (`𝒥ᵀu = 0`, paper 000
//!   Eq. 3), and complementarity is rotation-equivariant (`𝒥ᵀ(R u) = 0` for an LBS rig), so `u_h` is
//!   complementary for every pose.
//!
//! The dynamic part sees `u_h`'s acceleration in its inertia term, as it sees the rig's (paper 000 Eq. 10 with
//! `x = Jp + x₀ + u_h + Bz`, [`HeldTerms`]); its elastic forces are taken about the rig's shape; and the swing
//! is measured from the held state: the step minimises `E(z) − g_elᵀz`, `g_el` the elastic gradient
//! at `z = 0`, which full space's static solve makes zero and the clustered energy makes small (its
//! discretisation error). Held still in a pose with no acceleration, `z` then rests at 0: the swing does not
//! count the held part twice. Everything here is reduced in size except the
//! basis `D`, which only [`HeldModel::displacement`] reads.

use crate::linalg::polar;
use crate::mesh::tet_mesh::TetMesh;
use crate::rig::{Rig, RigPart};
use faer::Mat;
use nalgebra::{Matrix3, Rotation3, UnitQuaternion, Vector3};

/// How the held part is trained ([`crate::held::train`]); part of the precompute settings, and so of the
/// asset cache key.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HeldSettings {
    /// Swing angles (degrees) sampled about each of the two axes normal to the bone, both signs.
    pub swing_deg: Vec<f64>,
    /// Swing angles about the two diagonal axes, both signs.
    pub diagonal_deg: Vec<f64>,
    /// Twist angles about the bone, both signs.
    pub twist_deg: Vec<f64>,
    /// The probe: a swing of this many degrees that must move the flesh by `probe_mm` for the joint to count.
    pub probe_deg: f64,
    pub probe_mm: f64,
    /// Of the joints that pass the probe, those whose probe moves the body's mass (mass-weighted RMS over the
    /// whole mesh) by at least `probe_share` of the largest joint's, at most `max_joints` of them, largest
    /// first: each joint costs the step a few microseconds.
    pub probe_share: f64,
    pub max_joints: usize,
    /// Bones whose blend region (`Σ_v m_v w_b(1 − w_b)`) holds less than this share of the body's mass are
    /// not probed.
    pub blend_share: f64,
    /// Principal components kept per joint: at most `components`, and those above `energy` of the samples'
    /// mass-weighted energy.
    pub components: usize,
    pub energy: f64,
    /// The static solve: local-global iterations per proximal step, proximal steps, and the change (m) under
    /// which a solve has converged.
    pub iterations: usize,
    pub proximal_steps: usize,
    pub tolerance_m: f64,
}

impl Default for HeldSettings {
    fn default() -> Self {
        HeldSettings {
            swing_deg: vec![50.0, 100.0, 150.0],
            diagonal_deg: vec![70.0, 140.0],
            twist_deg: vec![45.0, 90.0],
            probe_deg: 90.0,
            probe_mm: 0.5,
            probe_share: 0.1,
            max_joints: 32,
            blend_share: 5e-4,
            components: 6,
            energy: 0.9995,
            iterations: 25,
            proximal_steps: 4,
            tolerance_m: 2e-5,
        }
    }
}

/// The trained held part of one avatar (stored in the asset with its simulation precompute).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct HeldParts {
    pub joints: Vec<HeldJoint>,
}

/// One joint's pose-space corrective: bone `bone` rotating relative to bone `parent` (indices into the rig's
/// skeleton, [`Rig::skeleton`]).
#[derive(Clone, Debug, PartialEq)]
pub struct HeldJoint {
    pub bone: usize,
    pub parent: usize,
    /// The sampled relative rotations as rotation vectors `ω_s` (S × 3, radians, rest frame); the first is the
    /// rest pose, `ω = 0`.
    pub centres: Mat<f64>,
    /// RBF coefficients ((S + 4) × K): the kernel weights of the S centres, then the polynomial `[1, ω]`.
    pub rbf: Mat<f64>,
    /// `D` (3n × K): the corrective basis on the simulation mesh, coordinate-major rows `c·n + v`, in the
    /// parent's rest frame.
    pub basis: Mat<f64>,
}

impl HeldParts {
    /// Every size agrees (n simulation vertices, `bones` skeleton bones) and every entry is finite.
    pub fn check(&self, n: usize, bones: usize) -> Result<(), String> {
        for (i, j) in self.joints.iter().enumerate() {
            let (s, k) = (j.centres.nrows(), j.basis.ncols());
            if j.bone >= bones || j.parent >= bones || j.bone == j.parent {
                return Err(format!("held joint {i}: bones {} / {} of {bones}", j.bone, j.parent));
            }
            if j.centres.ncols() != 3 || s == 0 || j.rbf.nrows() != s + 4 || j.rbf.ncols() != k {
                return Err(format!(
                    "held joint {i}: centres {}×{}, rbf {}×{}, basis columns {k}",
                    s,
                    j.centres.ncols(),
                    j.rbf.nrows(),
                    j.rbf.ncols()
                ));
            }
            if j.basis.nrows() != 3 * n {
                return Err(format!("held joint {i}: basis has {} rows for {n} vertices", j.basis.nrows()));
            }
            let finite = |m: &Mat<f64>| m.col_iter().all(|c| c.iter().all(|v| v.is_finite()));
            if !(finite(&j.centres) && finite(&j.rbf) && finite(&j.basis)) {
                return Err(format!("held joint {i} has a non-finite entry"));
            }
        }
        Ok(())
    }

    /// Total corrective components `Σ_j K_j`.
    pub fn components(&self) -> usize {
        self.joints.iter().map(|j| j.basis.ncols()).sum()
    }
}

/// The kernel `φ(r) = r³`.
fn kernel(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    let r = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
    r * r * r
}

/// Fit the RBF with linear polynomial through `values` (S × K) at `centres` (S × 3): the coefficients
/// ((S + 4) × K) of `[Φ P; Pᵀ 0] [a; b] = [values; 0]`, `Φ_st = φ(‖ω_s − ω_t‖)`, `P_s = [1, ω_s]`.
pub fn fit_rbf(centres: &Mat<f64>, values: &Mat<f64>) -> Result<Mat<f64>, String> {
    let (s, k) = (centres.nrows(), values.ncols());
    if values.nrows() != s || centres.ncols() != 3 {
        return Err(format!("centres {}×{}, values {}×{k}", s, centres.ncols(), values.nrows()));
    }
    let w = |i: usize| [centres[(i, 0)], centres[(i, 1)], centres[(i, 2)]];
    let poly = |i: usize, d: usize| if d == 0 { 1.0 } else { centres[(i, d - 1)] };
    let a = Mat::<f64>::from_fn(s + 4, s + 4, |i, j| match (i < s, j < s) {
        (true, true) => kernel(&w(i), &w(j)),
        (true, false) => poly(i, j - s),
        (false, true) => poly(j, i - s),
        (false, false) => 0.0,
    });
    let rhs = Mat::<f64>::from_fn(s + 4, k, |i, j| if i < s { values[(i, j)] } else { 0.0 });
    use faer::linalg::solvers::Solve;
    let x = a.full_piv_lu().solve(&rhs);
    // a duplicate centre or a flat sample set makes the system singular: check the fit reproduces the data
    let back = &a * &x;
    let scale = values.norm_max().max(1e-300);
    let err = (&back - &rhs).norm_max();
    if err.is_nan() || err > 1e-6 * scale || !x.col_iter().all(|c| c.iter().all(|v| v.is_finite())) {
        return Err(format!("the RBF system is singular (residual {err:e} of {scale:e})"));
    }
    Ok(x)
}

/// Evaluate the RBF of [`fit_rbf`] at `w` into `out` (K).
pub fn eval_rbf(centres: &Mat<f64>, coef: &Mat<f64>, w: &[f64; 3], out: &mut [f64]) {
    let s = centres.nrows();
    out.iter_mut().for_each(|o| *o = 0.0);
    for i in 0..s {
        let phi = kernel(w, &[centres[(i, 0)], centres[(i, 1)], centres[(i, 2)]]);
        for (k, o) in out.iter_mut().enumerate() {
            *o += phi * coef[(i, k)];
        }
    }
    for (k, o) in out.iter_mut().enumerate() {
        *o += coef[(s, k)] + w[0] * coef[(s + 1, k)] + w[1] * coef[(s + 2, k)] + w[2] * coef[(s + 3, k)];
    }
}

/// The held displacement's terms in one step (paper 000 Eq. 31 with `u_h` added to the rig's positions):
/// empty vectors when the avatar has no held part.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HeldTerms {
    /// `BᵀM (u_h(t+1) − 2u_h(t) + u_h(t−1))` (s, natural order): its acceleration, in the inertia term.
    pub btm_accel: Vec<f64>,
}

impl HeldTerms {
    pub fn is_active(&self) -> bool {
        !self.btm_accel.is_empty()
    }
}

/// One joint's state at a pose: the parent's world rotation and the corrective coefficients.
#[derive(Clone, Debug, PartialEq)]
pub struct JointPose {
    pub rotation: Matrix3<f64>,
    pub omega: [f64; 3],
    pub coefficients: Vec<f64>,
}

/// A joint's projected operator, row-major: per component k and source coordinate b (column `3k + b`),
/// `Φᵀ M_s D_k^b` (4m rows `4i + k'` of the skinning subspace).
struct JointOps {
    cols: usize,
    phi_m: Vec<f64>,
    /// Largest sampled `|ω|`: poses beyond are clamped to it.
    radius: f64,
}

/// The held part ready for the step: [`HeldParts`] with the operators that carry it into the reduced space.
pub struct HeldModel {
    pub parts: HeldParts,
    ops: Vec<JointOps>,
    /// First parameter of the skeleton and of the global affine part (if any).
    lbs_offset: usize,
    affine_offset: Option<usize>,
    /// `s = 12m` reduced coordinates.
    s: usize,
    /// `BᵀM u_h` at the last two ticks (natural order), for the inertia term, and scratch for the next.
    btm_now: Vec<f64>,
    btm_prev: Vec<f64>,
    btm_next: Vec<f64>,
    primed: bool,
}

impl HeldModel {
    /// The operators of `parts` for a skinning subspace of mode weights `weights` (n × m) on `mesh` with lumped
    /// `mass`, on `rig` (which must have a skeleton).
    pub fn new(
        parts: HeldParts,
        mesh: &TetMesh,
        mass: &[f64],
        weights: &Mat<f64>,
        rig: &Rig,
    ) -> Result<HeldModel, String> {
        let n = mesh.n();
        let (lbs, lbs_offset) = rig.skeleton().ok_or("held flesh needs a skeleton")?;
        parts.check(n, lbs.num_bones())?;
        if weights.nrows() != n || mass.len() != n {
            return Err(format!("weights {}, mass {} for n = {n}", weights.nrows(), mass.len()));
        }
        let affine_offset = rig
            .parts()
            .iter()
            .zip(rig.part_offsets())
            .find_map(|(p, &o)| matches!(p, RigPart::Affine).then_some(o));
        let m = weights.ncols();
        let ops = parts
            .joints
            .iter()
            .map(|j| {
                let cols = 3 * j.basis.ncols();
                let mut phi_m = vec![0.0; 4 * m * cols];
                for col in 0..cols {
                    let (kk, b) = (col / 3, col % 3);
                    let d: Vec<f64> = (0..n).map(|v| j.basis[(b * n + v, kk)]).collect();
                    for (v, x) in mesh.vertices.iter().enumerate() {
                        let md = mass[v] * d[v];
                        if md == 0.0 {
                            continue;
                        }
                        for i in 0..m {
                            let w = weights[(v, i)] * md;
                            for kp in 0..4 {
                                let xb = if kp < 3 { x[kp] } else { 1.0 };
                                phi_m[(4 * i + kp) * cols + col] += w * xb;
                            }
                        }
                    }
                }
                let radius = (0..j.centres.nrows())
                    .map(|s| (0..3).map(|d| j.centres[(s, d)].powi(2)).sum::<f64>().sqrt())
                    .fold(0.0, f64::max);
                JointOps { cols, phi_m, radius }
            })
            .collect();
        Ok(HeldModel {
            parts,
            ops,
            lbs_offset,
            affine_offset,
            s: 12 * m,
            btm_now: vec![0.0; 12 * m],
            btm_prev: vec![0.0; 12 * m],
            btm_next: vec![0.0; 12 * m],
            primed: false,
        })
    }

    /// The joints' rotations and coefficients at rig parameters `p`.
    pub fn pose(&self, p: &[f64]) -> Vec<JointPose> {
        let rot = |o: usize| polar(&Matrix3::from_fn(|r, c| p[o + 4 * r + c])).0;
        let global = self.affine_offset.map_or(Matrix3::identity(), rot);
        self.parts
            .joints
            .iter()
            .zip(&self.ops)
            .map(|(j, ops)| {
                let rp = rot(self.lbs_offset + 12 * j.parent);
                let rb = rot(self.lbs_offset + 12 * j.bone);
                let omega = rotation_vector(&(rp.transpose() * rb), ops.radius);
                let mut coefficients = vec![0.0; j.basis.ncols()];
                eval_rbf(&j.centres, &j.rbf, &omega, &mut coefficients);
                JointPose { rotation: global * rp, omega, coefficients }
            })
            .collect()
    }

    /// `u_h` (3n, coordinate-major) at the joints' poses.
    pub fn displacement(&self, poses: &[JointPose]) -> Vec<f64> {
        let n = self.parts.joints.first().map_or(0, |j| j.basis.nrows() / 3);
        let mut u = vec![0.0; 3 * n];
        for (j, jp) in self.parts.joints.iter().zip(poses) {
            let d = &j.basis;
            for v in 0..n {
                let mut local = [0.0; 3];
                for (k, c) in jp.coefficients.iter().enumerate() {
                    for (b, l) in local.iter_mut().enumerate() {
                        *l += c * d[(b * n + v, k)];
                    }
                }
                for a in 0..3 {
                    u[a * n + v] += (0..3).map(|b| jp.rotation[(a, b)] * local[b]).sum::<f64>();
                }
            }
        }
        u
    }

    /// Forget the inertia history: the next [`HeldModel::terms`] sees the held part at rest (a teleport or a
    /// reset of the dynamics).
    pub fn reset(&mut self) {
        self.primed = false;
    }

    /// Write the step's terms of the held displacement at `poses` into `out` and advance the inertia history.
    pub fn terms(&mut self, poses: &[JointPose], out: &mut HeldTerms) {
        let s = self.s;
        let m4 = s / 3;
        let mut btm = std::mem::take(&mut self.btm_next);
        btm.clear();
        btm.resize(s, 0.0);
        for (ops, jp) in self.ops.iter().zip(poses) {
            let cols = ops.cols;
            let c = &jp.coefficients;
            let rot = &jp.rotation;
            // (Φᵀ M_s D c)^b per row, then rotated: (BᵀM u)_{12i+4a+k'} = Σ_b R_ab (·)_{4i+k', b}
            for (row, block) in ops.phi_m.chunks_exact(cols).enumerate() {
                let mut acc = [0.0; 3];
                for (kk, ck) in c.iter().enumerate() {
                    acc[0] += ck * block[3 * kk];
                    acc[1] += ck * block[3 * kk + 1];
                    acc[2] += ck * block[3 * kk + 2];
                }
                let (i, kp) = (row / 4, row % 4);
                for a in 0..3 {
                    btm[12 * i + 4 * a + kp] +=
                        rot[(a, 0)] * acc[0] + rot[(a, 1)] * acc[1] + rot[(a, 2)] * acc[2];
                }
            }
            debug_assert_eq!(ops.phi_m.len(), m4 * cols);
        }
        if !self.primed {
            self.btm_now.copy_from_slice(&btm);
            self.btm_prev.copy_from_slice(&btm);
            self.primed = true;
        }
        // BᵀM(u(t+1) − 2u(t) + u(t−1)), then shift the history
        out.btm_accel.clear();
        out.btm_accel.extend((0..s).map(|i| btm[i] - 2.0 * self.btm_now[i] + self.btm_prev[i]));
        std::mem::swap(&mut self.btm_prev, &mut self.btm_now);
        std::mem::swap(&mut self.btm_now, &mut btm);
        self.btm_next = btm;
    }
}

/// Floats per joint in the published state's `held` (schema `AvatarState.held`): the parent's world rotation
/// `R_j` (9, row-major), then the K_j coefficients `c_j`.
pub fn wire_floats(components: usize) -> usize {
    9 + components
}

impl HeldParts {
    /// Length of the published `held` vector: `Σ_j (9 + K_j)`.
    pub fn wire_len(&self) -> usize {
        self.joints.iter().map(|j| wire_floats(j.basis.ncols())).sum()
    }
}

/// Write the joints' poses as the published state's `held` (f32, [`wire_floats`] per joint, in joint order);
/// empty when there are none.
pub fn write_wire(poses: &[JointPose], out: &mut Vec<f32>) {
    out.clear();
    for jp in poses {
        for r in 0..3 {
            for c in 0..3 {
                out.push(jp.rotation[(r, c)] as f32);
            }
        }
        out.extend(jp.coefficients.iter().map(|&c| c as f32));
    }
}

impl HeldJoint {
    /// Per component, the largest `|c_k|` over the trained samples (the RBF at its centres reproduces them):
    /// what bounds the component's contribution to the drawn shape.
    pub fn coefficient_bounds(&self) -> Vec<f64> {
        let k = self.basis.ncols();
        let mut bound = vec![0.0f64; k];
        let mut c = vec![0.0; k];
        for s in 0..self.centres.nrows() {
            let w = [self.centres[(s, 0)], self.centres[(s, 1)], self.centres[(s, 2)]];
            eval_rbf(&self.centres, &self.rbf, &w, &mut c);
            for (b, v) in bound.iter_mut().zip(&c) {
                *b = b.max(v.abs());
            }
        }
        bound
    }
}

/// `log(q)` of a rotation matrix as a rotation vector, its angle clamped to `radius` (radians).
pub fn rotation_vector(r: &Matrix3<f64>, radius: f64) -> [f64; 3] {
    let q = UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(*r));
    let v: Vector3<f64> = q.scaled_axis();
    let angle = v.norm();
    let scale = if angle > radius && angle > 0.0 { radius / angle } else { 1.0 };
    [v[0] * scale, v[1] * scale, v[2] * scale]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rbf_reproduces_its_samples_and_a_linear_field() {
        let pts = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0],
            [-1.0, 0.5, 0.2],
            [0.3, -0.7, 0.9],
        ];
        let centres = Mat::<f64>::from_fn(pts.len(), 3, |i, d| pts[i][d]);
        // one nonlinear and one linear field
        let f = |w: &[f64; 3]| [w[0] * w[0] + w[1].sin(), 2.0 - w[0] + 3.0 * w[2]];
        let values = Mat::<f64>::from_fn(pts.len(), 2, |i, k| f(&pts[i])[k]);
        let coef = fit_rbf(&centres, &values).unwrap();
        let mut out = [0.0; 2];
        for p in &pts {
            eval_rbf(&centres, &coef, p, &mut out);
            assert!(
                (out[0] - f(p)[0]).abs() < 1e-9 && (out[1] - f(p)[1]).abs() < 1e-9,
                "{out:?} vs {:?}",
                f(p)
            );
        }
        // a linear field is reproduced everywhere (the polynomial part)
        eval_rbf(&centres, &coef, &[0.4, 0.1, -0.3], &mut out);
        assert!((out[1] - f(&[0.4, 0.1, -0.3])[1]).abs() < 1e-9, "linear field off: {}", out[1]);
        // a duplicated centre is refused
        let dup = Mat::<f64>::from_fn(3, 3, |i, d| if i == 2 { pts[1][d] } else { pts[i][d] });
        assert!(fit_rbf(&dup, &Mat::<f64>::from_fn(3, 1, |i, _| i as f64)).is_err());
    }

    #[test]
    fn rotation_vector_inverts_the_exponential_and_clamps() {
        let axis = Vector3::new(0.3, -0.5, 0.8).normalize();
        for angle in [0.0, 0.4, 1.7, 2.9] {
            let r = Rotation3::from_axis_angle(&nalgebra::Unit::new_normalize(axis), angle).into_inner();
            let w = rotation_vector(&r, 10.0);
            for d in 0..3 {
                assert!((w[d] - axis[d] * angle).abs() < 1e-12, "{angle}: {w:?}");
            }
            let c = rotation_vector(&r, 1.0);
            let norm = (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt();
            assert!((norm - angle.min(1.0)).abs() < 1e-12);
        }
    }
}
