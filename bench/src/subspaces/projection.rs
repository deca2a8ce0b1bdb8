//! The projection error (issue 35): the best any model in a subspace can do on the full-space trajectory,
//! `√(Σ_t ‖P u*_t − u*_t‖²_M / Σ_t ‖u*_t‖²_M)` with `P` the `M`-orthogonal projector onto the span, and the
//! per-region split of every error ([`Sums`], [`Groups`]).
//!
//! The span of a skinning subspace with a reduced constraint is `{B z : V z = 0}` = span `B N`, `N` an
//! orthonormal basis of null `V` ([`skinning_span`]). [`Projector`] solves the `M`-weighted least squares
//! `min_y ‖C y − u‖²_M` of every tick with one Cholesky factor of `CᵀMC` (columns first scaled to unit
//! `M`-norm); where that fails or has a pivot below [`PINV_TOL`] (a rank-deficient span), with an eigen
//! pseudo-inverse at the same relative tolerance.
//!
//! The projection is the best approximant over the whole body at once: per region it need not be below the
//! trajectory error (a model can do better on one region at the cost of another).

use anyhow::{anyhow, Result};
use avatar_sim::linalg::null_space;
use avatar_sim::rig::BodyRegion;
use faer::linalg::solvers::Solve;
use faer::{Mat, MatRef, Side};

/// Eigenvalues of `CᵀMC` below this fraction of the largest are dropped by the pseudo-inverse.
pub const PINV_TOL: f64 = 1e-12;

/// Ticks projected per dense product.
const CHUNK: usize = 128;

/// The reported body regions: head (head, neck), torso (chest, belly, back, buttocks) and limbs (arms,
/// hands, legs, feet).
pub const REGIONS: [&str; 3] = ["head", "torso", "limbs"];

/// Each vertex's reported region (an index into [`REGIONS`]; `None`: a vertex without a body region, which
/// counts in the whole-body error only).
pub struct Groups(pub Vec<Option<usize>>);

impl Groups {
    pub fn new(regions: &[Option<BodyRegion>]) -> Self {
        use BodyRegion::*;
        Groups(
            regions
                .iter()
                .map(|r| {
                    r.map(|r| match r {
                        Head | Neck => 0,
                        Chest | Belly | Back | Buttocks => 1,
                        Thighs | Calves | Feet | UpperArms | Forearms | Hands => 2,
                    })
                })
                .collect(),
        )
    }

    /// Vertices per region.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for g in self.0.iter().flatten() {
            c[*g] += 1;
        }
        c
    }
}

/// Mass-weighted squared norms of an error and of its reference, over the whole body and per region.
#[derive(Default, Clone, Copy, Debug)]
pub struct Sums {
    pub err2: f64,
    pub ref2: f64,
    pub region: [(f64, f64); 3],
}

impl Sums {
    /// Add one vertex's `m‖e‖²`, `m‖r‖²`.
    pub fn add(&mut self, group: Option<usize>, e: f64, r: f64) {
        self.err2 += e;
        self.ref2 += r;
        if let Some(g) = group {
            self.region[g].0 += e;
            self.region[g].1 += r;
        }
    }

    /// The whole body's relative error (`None` where the reference never moves: `0/0`).
    pub fn error(&self) -> Option<f64> {
        (self.ref2 > 0.0).then(|| (self.err2 / self.ref2).sqrt())
    }

    /// Region `g`'s relative error (`None` where the reference never moves it, or it has no vertices).
    pub fn region_error(&self, g: usize) -> Option<f64> {
        let (e, r) = self.region[g];
        (r > 0.0).then(|| (e / r).sqrt())
    }

    /// `Σ_t ‖u_t − u*_t‖²_M` and `Σ_t ‖u*_t‖²_M` per region for the columns of `u` and `reference` (3n × T,
    /// rows `c·n + v`).
    pub fn of(u: MatRef<'_, f64>, reference: MatRef<'_, f64>, mass: &[f64], groups: &Groups) -> Sums {
        let n = mass.len();
        let mut s = Sums::default();
        for t in 0..u.ncols() {
            let (a, b) = (u.col(t), reference.col(t));
            for v in 0..n {
                let (e, r) = vertex_sq(|i| a[i], |i| b[i], n, v);
                s.add(groups.0[v], mass[v] * e, mass[v] * r);
            }
        }
        s
    }
}

/// `(|a_v − b_v|², |b_v|²)` of vertex `v` in two coordinate-major displacements (rows `c·n + v`).
pub fn vertex_sq(a: impl Fn(usize) -> f64, b: impl Fn(usize) -> f64, n: usize, v: usize) -> (f64, f64) {
    (0..3).fold((0.0, 0.0), |(e, r), c| {
        let (x, y) = (a(c * n + v), b(c * n + v));
        (e + (x - y) * (x - y), r + y * y)
    })
}

/// The `M`-orthogonal projector onto the span of `C` (3n × s).
pub struct Projector {
    /// `C` with its columns scaled to unit `M`-norm (zero columns dropped), and `M C`.
    c: Mat<f64>,
    mc: Mat<f64>,
    gram: Gram,
}

enum Gram {
    Llt(faer::linalg::solvers::Llt<f64>),
    /// `(CᵀMC)⁺` and its rank.
    Pinv(Mat<f64>, usize),
}

impl Projector {
    /// The projector onto span `c` in the `M`-inner product (`mass` per vertex, rows `c·n + v`).
    pub fn new(c: &Mat<f64>, mass: &[f64]) -> Result<Self> {
        let n = mass.len();
        if c.nrows() != 3 * n {
            return Err(anyhow!("span of {} rows for {n} vertices", c.nrows()));
        }
        let m = |i: usize| mass[i % n];
        let norms: Vec<f64> = (0..c.ncols())
            .map(|j| (0..c.nrows()).map(|i| m(i) * c[(i, j)] * c[(i, j)]).sum::<f64>().sqrt())
            .collect();
        let top = norms.iter().copied().fold(0.0, f64::max);
        let keep: Vec<usize> =
            (0..c.ncols()).filter(|&j| norms[j] > PINV_TOL * top && norms[j] > 0.0).collect();
        let c = Mat::<f64>::from_fn(c.nrows(), keep.len(), |i, j| c[(i, keep[j])] / norms[keep[j]]);
        let mc = Mat::<f64>::from_fn(c.nrows(), c.ncols(), |i, j| m(i) * c[(i, j)]);
        let g = c.transpose() * &mc;
        let g = Mat::<f64>::from_fn(g.nrows(), g.ncols(), |i, j| 0.5 * (g[(i, j)] + g[(j, i)]));
        // a factor with a pivot below PINV_TOL (the columns have unit norm, so the pivots are ≤ 1) is as
        // good as failed: the span is numerically rank-deficient
        let llt = g.llt(Side::Lower).ok().filter(|llt| {
            let l = llt.L();
            (0..l.nrows()).all(|i| l[(i, i)] * l[(i, i)] > PINV_TOL)
        });
        let gram = match llt {
            Some(llt) => Gram::Llt(llt),
            None => {
                let eig = g.self_adjoint_eigen(Side::Lower).map_err(|e| anyhow!("eigen of CᵀMC: {e:?}"))?;
                let vals = eig.S().column_vector();
                let u = eig.U();
                let top = vals.iter().copied().fold(0.0, f64::max);
                let kept: Vec<usize> = (0..vals.nrows()).filter(|&i| vals[i] > PINV_TOL * top).collect();
                let k = g.nrows();
                let pinv = Mat::<f64>::from_fn(k, k, |i, j| {
                    kept.iter().map(|&q| u[(i, q)] * u[(j, q)] / vals[q]).sum::<f64>()
                });
                Gram::Pinv(pinv, kept.len())
            }
        };
        Ok(Projector { c, mc, gram })
    }

    /// The span's dimension (the Gram matrix's rank).
    pub fn rank(&self) -> usize {
        match &self.gram {
            Gram::Llt(_) => self.c.ncols(),
            Gram::Pinv(_, r) => *r,
        }
    }

    /// Whether the Cholesky factor failed and the pseudo-inverse is in use.
    pub fn pseudo_inverse(&self) -> bool {
        matches!(self.gram, Gram::Pinv(..))
    }

    /// `P U` for displacements `U` (3n × T).
    pub fn project(&self, u: MatRef<'_, f64>) -> Mat<f64> {
        let rhs = self.mc.transpose() * u;
        let y = match &self.gram {
            Gram::Llt(llt) => llt.solve(rhs),
            Gram::Pinv(p, _) => p * rhs,
        };
        &self.c * y
    }

    /// Projection sums of a trajectory `u*_t` (each 3n): `Σ_t ‖P u*_t − u*_t‖²_M` and `Σ_t ‖u*_t‖²_M`, over
    /// the whole body and per region.
    pub fn sums(&self, series: &[Vec<f64>], mass: &[f64], groups: &Groups) -> Sums {
        let rows = self.c.nrows();
        let mut total = Sums::default();
        for chunk in series.chunks(CHUNK) {
            let u = Mat::<f64>::from_fn(rows, chunk.len(), |i, t| chunk[t][i]);
            let s = Sums::of(self.project(u.as_ref()).as_ref(), u.as_ref(), mass, groups);
            total.err2 += s.err2;
            total.ref2 += s.ref2;
            for g in 0..3 {
                total.region[g].0 += s.region[g].0;
                total.region[g].1 += s.region[g].1;
            }
        }
        total
    }
}

/// `B N` (3n × s'): the span `{B z : V z = 0}` of a skinning subspace `B` (3n × 12m, dense) under the
/// reduced constraint `V` (k × 12m, natural coordinate order; `None`: `B` itself), `N` an orthonormal basis
/// of null `V`.
pub fn skinning_span(b: &Mat<f64>, v: Option<&Mat<f64>>) -> Result<Mat<f64>> {
    match v {
        None => Ok(b.clone()),
        Some(v) => {
            if v.ncols() != b.ncols() {
                return Err(anyhow!("V is {}×{}, B has {} columns", v.nrows(), v.ncols(), b.ncols()));
            }
            let nb = null_space(v.as_ref()).map_err(|e| anyhow!("null space of V: {e:?}"))?.basis;
            Ok(b * nb)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The projection of a vector in the span is itself; of one `M`-orthogonal to it, zero; a duplicated
    /// column (rank-deficient Gram) gives the same projector through the pseudo-inverse.
    #[test]
    fn projector_is_the_m_orthogonal_projection() {
        let n = 5;
        let mass: Vec<f64> = (0..n).map(|v| 1.0 + v as f64).collect();
        let c = Mat::<f64>::from_fn(3 * n, 2, |i, j| ((i * 7 + j * 3) % 5) as f64 - 1.5 + j as f64 * 0.25);
        let p = Projector::new(&c, &mass).unwrap();
        assert!(!p.pseudo_inverse());
        let inside = Mat::<f64>::from_fn(3 * n, 1, |i, _| 2.0 * c[(i, 0)] - 0.5 * c[(i, 1)]);
        let pu = p.project(inside.as_ref());
        let err = (0..3 * n).map(|i| (pu[(i, 0)] - inside[(i, 0)]).abs()).fold(0.0, f64::max);
        assert!(err < 1e-12, "in-span vector moved by {err}");
        // the residual of any vector is M-orthogonal to the span
        let x = Mat::<f64>::from_fn(3 * n, 1, |i, _| (i as f64).sin());
        let r = &p.project(x.as_ref()) - &x;
        for j in 0..2 {
            let d: f64 = (0..3 * n).map(|i| mass[i % n] * r[(i, 0)] * c[(i, j)]).sum();
            assert!(d.abs() < 1e-12, "residual not M-orthogonal: {d}");
        }
        let dup = Mat::<f64>::from_fn(3 * n, 3, |i, j| c[(i, j.min(1))]);
        let q = Projector::new(&dup, &mass).unwrap();
        assert!(q.pseudo_inverse());
        assert_eq!(q.rank(), 2);
        let (a, b) = (p.project(x.as_ref()), q.project(x.as_ref()));
        let err = (0..3 * n).map(|i| (a[(i, 0)] - b[(i, 0)]).abs()).fold(0.0, f64::max);
        assert!(err < 1e-10, "pseudo-inverse projector differs by {err}");
    }
}
