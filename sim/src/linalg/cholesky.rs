//! Sparse Cholesky `L Lᵀ` of SPD matrices with a fill-reducing ordering: our nested dissection or faer's AMD,
//! whichever needs fewer flops (faer 0.24 offers only AMD, whose fill grows much faster on 3D tet meshes: 62M
//! vs 44M factor entries at 95k vertices; but the BFS level-set separators of the dissection can fail on
//! irregular meshes, where AMD wins by up to 10×). Both symbolic factorizations together cost a small fraction
//! of the numeric one.

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::sparse::linalg::cholesky::{
    factorize_symbolic_cholesky, SymbolicCholesky, SymbolicCholeskyRaw, SymmetricOrdering,
};
use faer::sparse::SparseColMat;
use faer::{Conj, Mat, MatRef, Side};

/// A factorization that failed (faer's reason): the matrix is not SPD, or too large.
#[derive(Debug, Clone, thiserror::Error)]
#[error("sparse Cholesky failed: {0}")]
pub struct CholeskyError(pub String);

fn fail(e: &dyn std::fmt::Debug) -> CholeskyError {
    CholeskyError(format!("{e:?}"))
}

/// The fill-reducing ordering a [`Cholesky`] used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    /// [`nested_dissection`].
    NestedDissection,
    /// faer's approximate minimum degree.
    Amd,
}

/// Sparse `L Lᵀ` of an SPD matrix, at faer's global parallelism.
pub struct Cholesky {
    pub symbolic: SymbolicCholesky<usize>,
    /// The ordering chosen (the one with fewer [`factor_flops`]).
    pub ordering: Ordering,
    values: Vec<f64>,
}

/// Flops of the numeric factorization with this symbolic structure: `Σ_j c_j²` over the columns of `L`, `c_j`
/// the entries of column `j` below the diagonal (the outer-product updates dominate).
pub fn factor_flops(symbolic: &SymbolicCholesky<usize>) -> f64 {
    match symbolic.raw() {
        SymbolicCholeskyRaw::Simplicial(s) => {
            // the simplicial columns hold the diagonal too
            s.col_ptr().windows(2).map(|w| (w[1] - w[0]).saturating_sub(1) as f64).map(|c| c * c).sum()
        }
        SymbolicCholeskyRaw::Supernodal(s) => (0..s.n_supernodes())
            .map(|k| {
                let width = s.supernode_end()[k] - s.supernode_begin()[k];
                let below = s.col_ptr_for_row_idx()[k + 1] - s.col_ptr_for_row_idx()[k];
                (0..width).map(|j| (width - 1 - j + below) as f64).map(|c| c * c).sum::<f64>()
            })
            .sum(),
    }
}

impl Cholesky {
    /// Factors `a` (its lower triangle is read) with the cheaper of [`nested_dissection`] and AMD.
    pub fn new(a: &SparseColMat<usize, f64>) -> Result<Self, CholeskyError> {
        Self::with_orderings(a, &[Ordering::NestedDissection, Ordering::Amd])
    }

    /// Factors `a` with the ordering among `orderings` whose symbolic factorization needs the fewest flops.
    pub fn with_orderings(
        a: &SparseColMat<usize, f64>,
        orderings: &[Ordering],
    ) -> Result<Self, CholeskyError> {
        let n = a.nrows();
        let mut best: Option<(f64, Ordering, SymbolicCholesky<usize>)> = None;
        for &ordering in orderings {
            let symbolic = match ordering {
                Ordering::NestedDissection => {
                    let order = nested_dissection(a);
                    let mut inverse = vec![0; n];
                    for (new, &old) in order.iter().enumerate() {
                        inverse[old] = new;
                    }
                    let perm = faer::perm::PermRef::new_checked(&order, &inverse, n);
                    let custom = SymmetricOrdering::Custom(perm);
                    factorize_symbolic_cholesky(a.symbolic(), Side::Lower, custom, Default::default())
                }
                Ordering::Amd => factorize_symbolic_cholesky(
                    a.symbolic(),
                    Side::Lower,
                    SymmetricOrdering::Amd,
                    Default::default(),
                ),
            }
            .map_err(|e| fail(&e))?;
            let flops = factor_flops(&symbolic);
            if best.as_ref().is_none_or(|(f, _, _)| flops < *f) {
                best = Some((flops, ordering, symbolic));
            }
        }
        let (_, ordering, symbolic) = best.ok_or_else(|| CholeskyError("no ordering to try".into()))?;
        tracing::debug!(?ordering, "sparse Cholesky ordering");
        let par = faer::get_global_parallelism();
        let mut values = vec![0.0; symbolic.len_val()];
        let mut buf =
            MemBuffer::try_new(symbolic.factorize_numeric_llt_scratch::<f64>(par, Default::default()))
                .map_err(|e| fail(&e))?;
        symbolic
            .factorize_numeric_llt(
                &mut values,
                a.as_ref(),
                Side::Lower,
                Default::default(),
                par,
                MemStack::new(&mut buf),
                Default::default(),
            )
            .map_err(|e| fail(&e))?;
        Ok(Cholesky { symbolic, ordering, values })
    }

    /// `A⁻¹ b` for all columns of `b` at once.
    pub fn solve(&self, b: MatRef<'_, f64>) -> Mat<f64> {
        self.solve_with(b, faer::get_global_parallelism())
    }

    /// `A⁻¹ b` at the given parallelism (`Par::Seq` is faster for one column of a small factor).
    pub fn solve_with(&self, b: MatRef<'_, f64>, par: faer::Par) -> Mat<f64> {
        let mut x = b.to_owned();
        let mut buf = MemBuffer::new(self.symbolic.solve_in_place_scratch::<f64>(x.ncols(), par));
        faer::sparse::linalg::cholesky::LltRef::new(&self.symbolic, &self.values).solve_in_place_with_conj(
            Conj::No,
            x.as_mut(),
            par,
            MemStack::new(&mut buf),
        );
        x
    }
}

/// Leaves of the dissection smaller than this keep their BFS order.
const DISSECTION_LEAF: usize = 64;
const UNSEEN: usize = usize::MAX;
const SEPARATED: u32 = u32::MAX;

/// Fill-reducing order (`order[new] = old`) by nested dissection of `a`'s graph: each part is split by a BFS
/// level set (from pseudo-peripheral roots; the smallest level with at least 30 % on each side), and the
/// separator is numbered after both halves.
pub fn nested_dissection(a: &SparseColMat<usize, f64>) -> Vec<usize> {
    enum Job {
        Split(Vec<usize>, u32),
        Emit(Vec<usize>),
    }
    let n = a.nrows();
    let mut graph = Dissection { a, part: vec![0; n], level: vec![UNSEEN; n], queue: Vec::new(), parts: 1 };
    let mut order = Vec::with_capacity(n);
    let mut jobs = vec![Job::Split((0..n).collect(), 0)];
    while let Some(job) = jobs.pop() {
        match job {
            Job::Emit(set) => order.extend(set),
            Job::Split(set, _) if set.len() <= DISSECTION_LEAF => order.extend(set),
            Job::Split(set, part) => match graph.split(&set, part) {
                None => order.extend(set),
                Some((left, right, separator)) => {
                    let (l, r) = graph.relabel(&left, &right, &separator);
                    jobs.push(Job::Emit(separator));
                    jobs.push(Job::Split(right, r));
                    jobs.push(Job::Split(left, l));
                }
            },
        }
    }
    order
}

struct Dissection<'a> {
    a: &'a SparseColMat<usize, f64>,
    /// Which part each vertex is in ([`SEPARATED`] once in a separator).
    part: Vec<u32>,
    level: Vec<usize>,
    queue: Vec<usize>,
    parts: u32,
}

impl Dissection<'_> {
    /// BFS inside `part` from `root`: fills `queue` (in visiting order) and `level`; returns the level counts.
    fn bfs(&mut self, root: usize, part: u32) -> Vec<usize> {
        self.queue.clear();
        self.queue.push(root);
        self.level[root] = 0;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &u in self.a.row_idx_of_col_raw(v) {
                if self.part[u] == part && self.level[u] == UNSEEN {
                    self.level[u] = self.level[v] + 1;
                    self.queue.push(u);
                }
            }
        }
        let mut count = vec![0; self.level[*self.queue.last().expect("root")] + 1];
        for &v in &self.queue {
            count[self.level[v]] += 1;
        }
        count
    }

    fn forget_levels(&mut self) {
        for &v in &self.queue {
            self.level[v] = UNSEEN;
        }
    }

    /// `(left, right, separator)` of `set`, or `None` where no level set splits it in a balanced way.
    fn split(&mut self, set: &[usize], part: u32) -> Option<(Vec<usize>, Vec<usize>, Vec<usize>)> {
        let mut best: Option<(usize, usize, usize)> = None; // (separator size, root, level)
        let mut root = set[0];
        for _ in 0..3 {
            let count = self.bfs(root, part);
            if self.queue.len() < set.len() {
                // disconnected: this component against the rest, no separator needed
                let left = self.queue.clone();
                let right = set.iter().copied().filter(|&v| self.level[v] == UNSEEN).collect();
                self.forget_levels();
                return Some((left, right, Vec::new()));
            }
            if let Some(k) = balanced_level(&count) {
                if best.is_none_or(|(size, _, _)| count[k] < size) {
                    best = Some((count[k], root, k));
                }
            }
            root = *self.queue.last().expect("nonempty");
            self.forget_levels();
        }
        let (_, root, k) = best?;
        self.bfs(root, part);
        let (mut left, mut right, mut separator) = (Vec::new(), Vec::new(), Vec::new());
        for &v in &self.queue {
            let l = self.level[v];
            let touches_next = || {
                self.a.row_idx_of_col_raw(v).iter().any(|&u| self.part[u] == part && self.level[u] == k + 1)
            };
            if l < k || (l == k && !touches_next()) {
                left.push(v);
            } else if l > k {
                right.push(v);
            } else {
                separator.push(v);
            }
        }
        self.forget_levels();
        Some((left, right, separator))
    }

    fn relabel(&mut self, left: &[usize], right: &[usize], separator: &[usize]) -> (u32, u32) {
        let (l, r) = (self.parts, self.parts + 1);
        self.parts += 2;
        for (set, label) in [(left, l), (right, r), (separator, SEPARATED)] {
            for &v in set {
                self.part[v] = label;
            }
        }
        (l, r)
    }
}

/// The smallest level with at least 30 % of the vertices on either side, if any.
fn balanced_level(count: &[usize]) -> Option<usize> {
    let total: usize = count.iter().sum();
    let mut before = 0;
    let mut best: Option<usize> = None;
    for (k, &c) in count.iter().enumerate() {
        let after = total - before - c;
        if 10 * before >= 3 * total && 10 * after >= 3 * total && best.is_none_or(|b| c < count[b]) {
            best = Some(k);
        }
        before += c;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{weight_space_hessian, Material};
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use faer::sparse::Triplet;

    fn shifted(a: &SparseColMat<usize, f64>) -> SparseColMat<usize, f64> {
        let mut trip: Vec<_> = (0..a.ncols())
            .flat_map(|c| {
                a.row_idx_of_col_raw(c).iter().zip(a.val_of_col(c)).map(move |(r, v)| Triplet::new(*r, c, *v))
            })
            .collect();
        trip.extend((0..a.nrows()).map(|i| Triplet::new(i, i, 1e2)));
        SparseColMat::try_new_from_triplets(a.nrows(), a.ncols(), &trip).unwrap()
    }

    #[test]
    fn nested_dissection_is_a_permutation_with_less_fill_than_amd() {
        let mesh = box_mesh(48, 12, 12, [4.0, 1.0, 1.0]);
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let hw = weight_space_hessian(&mesh, &mat);
        let order = nested_dissection(&hw);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..mesh.n()).collect::<Vec<_>>());
        // fewer stored factor entries than AMD on a 3D mesh
        let amd = factorize_symbolic_cholesky(
            hw.symbolic(),
            Side::Lower,
            SymmetricOrdering::Amd,
            Default::default(),
        )
        .unwrap()
        .len_val();
        // shifted to be SPD, as the eigensolver factors it
        let a = shifted(&hw);
        let nd = Cholesky::with_orderings(&a, &[Ordering::NestedDissection]).unwrap();
        assert_eq!(nd.ordering, Ordering::NestedDissection);
        let nd = nd.symbolic.len_val();
        assert!(nd < amd, "nested dissection {nd} vs AMD {amd}");
        // and so the default picks it
        assert_eq!(Cholesky::new(&a).unwrap().ordering, Ordering::NestedDissection);
    }

    #[test]
    fn the_default_ordering_is_the_one_with_fewer_flops() {
        // a cube-like box and a long thin bar: whichever wins, the default must take the cheaper one
        for dims in [(24, 6, 6), (60, 2, 2)] {
            let mesh = box_mesh(dims.0, dims.1, dims.2, [4.0, 1.0, 1.0]);
            let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
            let a = shifted(&weight_space_hessian(&mesh, &mat));
            let flops = |o: Ordering| factor_flops(&Cholesky::with_orderings(&a, &[o]).unwrap().symbolic);
            let (nd, amd) = (flops(Ordering::NestedDissection), flops(Ordering::Amd));
            assert_ne!(nd, amd);
            let chosen = Cholesky::new(&a).unwrap();
            assert_eq!(factor_flops(&chosen.symbolic), nd.min(amd), "nd {nd} amd {amd}");
            assert_eq!(chosen.ordering, if nd < amd { Ordering::NestedDissection } else { Ordering::Amd });
        }
    }

    #[test]
    fn factor_flops_count_the_outer_products_of_a_dense_factor() {
        // a dense 5 × 5 SPD matrix: column j of L has 4 − j entries below the diagonal
        let n = 5;
        let trip: Vec<_> = (0..n)
            .flat_map(|i| (0..n).map(move |j| Triplet::new(i, j, if i == j { 10.0 } else { 1.0 })))
            .collect();
        let a = SparseColMat::try_new_from_triplets(n, n, &trip).unwrap();
        let llt = Cholesky::with_orderings(&a, &[Ordering::Amd]).unwrap();
        assert_eq!(factor_flops(&llt.symbolic), (16 + 9 + 4 + 1) as f64);
    }

    #[test]
    fn solves_equal_the_matrix_inverse() {
        let mesh = box_mesh(6, 3, 3, [2.0, 1.0, 1.0]);
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let a = shifted(&weight_space_hessian(&mesh, &mat));
        let b = Mat::<f64>::from_fn(mesh.n(), 3, |i, j| ((i * (j + 3)) as f64 * 0.17).sin());
        for ordering in [Ordering::NestedDissection, Ordering::Amd] {
            let x = Cholesky::with_orderings(&a, &[ordering]).unwrap().solve(b.as_ref());
            let ax = a.to_dense() * &x;
            // backward error at rounding level
            let scale = a.to_dense().norm_max() * x.norm_max();
            let err = (&ax - &b).norm_max() / scale;
            assert!(err <= 1e-12, "{ordering:?}: {err:e}");
        }
    }
}
