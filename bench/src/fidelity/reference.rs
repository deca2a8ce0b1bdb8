//! The reference of `avatard bench fidelity`: full-space complementary dynamics ([`FullModel`]: paper 000
//! Eq. 3–4, one rotation per tet, no subspace) on the avatar's own simulation mesh, material, mass, momentum
//! leak, rig and time step, stepped with the runtime's damping and teleport rule; and the `M`-orthogonal
//! projection onto the runtime's span `{B z : V z = 0}` that the projection and one-step errors use.

use anyhow::{anyhow, Result};
use avatar_sim::fem::lumped_mass;
use avatar_sim::full::{FullModel, FullState};
use avatar_sim::modes::complementarity_matrix;
use avatar_sim::precompute::{MaterialSetting, Precomputed};
use avatar_sim::problem::FemProblem;
use avatar_sim::reduced::{StepReport, StepSettings};
use faer::sparse::SparseColMat;
use faer::Mat;

/// Full space on one avatar's simulation mesh.
pub struct Reference {
    pub model: FullModel,
    /// Lumped mass per vertex.
    pub mass: Vec<f64>,
    /// Each vertex's damping multiplier (the anatomy's per-region `damping`; the runtime averages these per
    /// mode, [`Precomputed::mode_damping`]).
    pub damping: Vec<f64>,
    pub h: f64,
}

impl Reference {
    /// The full-space model of `sim` at time step `h` (the asset's own mesh, material, leak and rig).
    pub fn new(sim: &Precomputed, h: f64) -> Result<Reference> {
        let (mesh, rig) = (&sim.mesh, &sim.rig);
        let mass = lumped_mass(mesh, &sim.material.density);
        let jac = rig.jacobian(&mesh.vertices)?;
        let x0 = rig.offset(&mesh.vertices)?;
        let jcal = complementarity_matrix(&jac, &mass, &sim.leak);
        let problem = FemProblem { mesh, material: &sim.material, mass: &mass, jac: &jac, x0: &x0, h };
        let model = FullModel::new(&problem, &jcal).map_err(|e| anyhow!("the full-space model: {e}"))?;
        let damping = match &sim.settings.material {
            MaterialSetting::Anatomical(a) => avatar_sim::anatomy::vertex_damping(mesh, rig, a)
                .map_err(|e| anyhow!("per-region damping: {e}"))?,
            MaterialSetting::Homogeneous => vec![1.0; mesh.n()],
        };
        Ok(Reference { model, mass, damping, h })
    }

    /// One tick to rig parameters `p`, as [`avatard::Dynamics::step`] does it in the reduced space: a teleport
    /// (`teleport`) makes the jump a standstill at the new pose; damping `c` (s⁻¹) shrinks the velocity,
    /// `û = u + e^{−c f_v h}(u − u_prev)` per vertex; then the step, iterated by `opts`.
    pub fn step(
        &self,
        st: &mut FullState,
        p: &[f64],
        teleport: bool,
        c: f64,
        opts: &StepSettings,
    ) -> StepReport {
        if teleport {
            st.p.copy_from_slice(p);
            st.p_prev.copy_from_slice(p);
        }
        let n = self.mass.len();
        for (v, f) in self.damping.iter().enumerate() {
            let keep = (-c * f * self.h).exp();
            for k in 0..3 {
                let i = k * n + v;
                st.u_prev[i] = st.u[i] - keep * (st.u[i] - st.u_prev[i]);
            }
        }
        self.model.step(st, p, opts)
    }
}

/// The `M`-orthogonal projection onto `{B z : V z = 0}` in coordinates: `z = Π u` minimises `‖B z − u‖_M`
/// subject to `V z = 0` (the KKT system `[BᵀMB Vᵀ; V 0]`, LU-factored once).
pub struct Projection {
    /// `B` dense (3n × 12m, coordinate-major rows `c·n + v`).
    b: Mat<f64>,
    kkt: faer::linalg::solvers::FullPivLu<f64>,
    dofs: usize,
    mass: Vec<f64>,
}

impl Projection {
    pub fn new(b: &SparseColMat<usize, f64>, v: Option<&Mat<f64>>, mass: &[f64]) -> Result<Projection> {
        let b = b.to_dense();
        let (rows, dofs) = (b.nrows(), b.ncols());
        let n = mass.len();
        if rows != 3 * n {
            return Err(anyhow!("B has {rows} rows for {n} vertices"));
        }
        let mb = Mat::<f64>::from_fn(rows, dofs, |i, j| mass[i % n] * b[(i, j)]);
        let g = b.transpose() * &mb;
        let k = v.map_or(0, |v| v.nrows());
        if let Some(v) = v {
            if v.ncols() != dofs {
                return Err(anyhow!("V is {}×{}, B has {dofs} columns", v.nrows(), v.ncols()));
            }
        }
        let kkt = Mat::<f64>::from_fn(dofs + k, dofs + k, |i, j| match (i < dofs, j < dofs, v) {
            (true, true, _) => 0.5 * (g[(i, j)] + g[(j, i)]),
            (false, true, Some(v)) => v[(i - dofs, j)],
            (true, false, Some(v)) => v[(j - dofs, i)],
            _ => 0.0,
        });
        Ok(Projection { b, kkt: kkt.full_piv_lu(), dofs, mass: mass.to_vec() })
    }

    /// `Π u` (12m).
    pub fn coordinates(&self, u: &[f64]) -> Vec<f64> {
        let n = self.mass.len();
        let total = self.kkt_size();
        let mu = Mat::<f64>::from_fn(3 * n, 1, |i, _| self.mass[i % n] * u[i]);
        let top = self.b.transpose() * &mu;
        let rhs = Mat::<f64>::from_fn(total, 1, |i, _| if i < self.dofs { top[(i, 0)] } else { 0.0 });
        use faer::linalg::solvers::Solve;
        let x = self.kkt.solve(rhs);
        (0..self.dofs).map(|i| x[(i, 0)]).collect()
    }

    fn kkt_size(&self) -> usize {
        self.kkt.P().len()
    }

    /// `B z` (3n).
    pub fn displacement(&self, z: &[f64]) -> Vec<f64> {
        let zc = Mat::<f64>::from_fn(self.dofs, 1, |i, _| z[i]);
        let u = &self.b * &zc;
        (0..u.nrows()).map(|i| u[(i, 0)]).collect()
    }
}

/// `‖a − b‖²_M` and `‖b‖²_M` over the vertices of each region group (index into the sums, or none), and in
/// total (the last entry).
pub fn m_sums(a: &[f64], b: &[f64], mass: &[f64], group: &[Option<usize>], groups: usize) -> Vec<(f64, f64)> {
    let n = mass.len();
    let mut out = vec![(0.0, 0.0); groups + 1];
    for v in 0..n {
        let (e, r) = crate::subspaces::projection::vertex_sq(|i| a[i], |i| b[i], n, v);
        let (e, r) = (mass[v] * e, mass[v] * r);
        if let Some(g) = group[v] {
            out[g].0 += e;
            out[g].1 += r;
        }
        out[groups].0 += e;
        out[groups].1 += r;
    }
    out
}

/// Add `s` into `acc`.
pub fn add_sums(acc: &mut [(f64, f64)], s: &[(f64, f64)]) {
    for (a, b) in acc.iter_mut().zip(s) {
        a.0 += b.0;
        a.1 += b.1;
    }
}

/// `√(Σ‖·‖² / Σ‖ref‖²)` of accumulated sums (`None` without reference motion).
pub fn relative(s: (f64, f64)) -> Option<f64> {
    (s.1 > 0.0).then(|| (s.0 / s.1).sqrt())
}

/// The full-space displacement at each render vertex, by its embedding (`u` 3n coordinate-major).
pub fn at_render(
    u: &[f64],
    n: usize,
    tets: &[[usize; 4]],
    embed_tet: &[u32],
    embed_bary: &[[f64; 4]],
) -> Vec<[f64; 3]> {
    embed_tet
        .iter()
        .zip(embed_bary)
        .map(|(&t, beta)| {
            let tet = tets[t as usize];
            [0, 1, 2].map(|c| (0..4).map(|i| beta[i] * u[c * n + tet[i]]).sum())
        })
        .collect()
}
