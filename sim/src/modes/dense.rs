//! Skinning eigenmodes (paper 000, §4 and Alg. 1): the complementarity constraint `𝒥 = D M J`, its weight-space
//! form `J_w` (Eq. 19–21), and the constrained generalized eigenproblem (Eq. 22)
//!
//! ```text
//!     min λ :  H_w w = λ M_w w + J_wᵀ μ,   J_w w = 0,   wᵀ M_w w = 1
//! ```
//!
//! This file has the dense null-space path, exact and O(n³): the reference ("oracle") for small meshes that the
//! sparse shift-invert path is tested against.

use crate::linalg::{null_space, Subspace};
use faer::sparse::SparseColMat;
use faer::{Mat, Side};
use std::collections::HashMap;

/// The complementarity constraint matrix `𝒥 = D M J` (3n × p) for coordinate-major `J`, lumped per-vertex mass
/// `mass` and momentum-leak diagonal `leak` (`D = I₃ ⊗ diag(leak)`; all ones for `D = I`).
pub fn complementarity_matrix(
    jac: &SparseColMat<usize, f64>,
    mass: &[f64],
    leak: &[f64],
) -> SparseColMat<usize, f64> {
    let n = mass.len();
    assert_eq!(jac.nrows(), 3 * n);
    assert_eq!(leak.len(), n);
    let mut out = jac.clone();
    let (symbolic, values) = out.parts_mut();
    let col_ptr = symbolic.col_ptr().to_vec();
    let rows = symbolic.row_idx().to_vec();
    for col in 0..col_ptr.len() - 1 {
        for idx in col_ptr[col]..col_ptr[col + 1] {
            let v = rows[idx] % n;
            values[idx] *= mass[v] * leak[v];
        }
    }
    out
}

/// Weight-space constraint (Eq. 19–21), dense (12p × n): the LBS subspace `B(W)` satisfies `𝒥ᵀ B = 0` iff
/// `J_w w_i = 0` for every mode `i`, where row `(q, c, k)` is `J_w[(q,c,k), v] = 𝒥[c·n + v, q] · X̄_v[k]`
/// with `X̄ = [X; 1]`. Many rows are redundant; [`dense_modes`] removes them by rank.
pub fn weight_space_constraint(rest: &[[f64; 3]], jcal: &SparseColMat<usize, f64>) -> Mat<f64> {
    let n = rest.len();
    let p = jcal.ncols();
    let mut jw = Mat::<f64>::zeros(12 * p, n);
    for q in 0..p {
        for (r, val) in jcal.row_idx_of_col_raw(q).iter().zip(jcal.val_of_col(q)) {
            let (c, v) = (r / n, r % n);
            let xb = [rest[v][0], rest[v][1], rest[v][2], 1.0];
            for k in 0..4 {
                jw[(12 * q + 4 * c + k, v)] += val * xb[k];
            }
        }
    }
    jw
}

/// The weight-space constraint `J_w` (Eq. 20–21) by its distinct nonzero rows, each with its multiplicity:
/// `Σ_rows count · rowᵀ row = J_wᵀ J_w`, so the independent constraints (rank and null space, Alg. 1) are those
/// of `J_w`. Rows repeat massively (one global affine handle: 144 rows, 16 distinct; a bone's 144 rows hold the
/// same 16 products `m d w_b X̄_k' X̄_k`), so this is what the sparse eigensolver takes: [`WeightConstraint::new`]
/// never forms the 12p × n matrix (which for a 53-bone rig on 30k vertices would need ~1.8 GB).
#[derive(Clone, Debug)]
pub struct WeightConstraint {
    /// Distinct nonzero rows (d × n).
    pub rows: Mat<f64>,
    /// How often each row occurs in `J_w`.
    pub count: Vec<usize>,
}

impl WeightConstraint {
    /// From the complementarity matrix `𝒥` (3n × p, sparse), row by row of `J_w` without storing it: row
    /// `(q, c, k)` has `𝒥[c·n + v, q] · X̄_v[k]` at `v` (bitwise the entries of [`weight_space_constraint`]).
    pub fn new(rest: &[[f64; 3]], jcal: &SparseColMat<usize, f64>) -> Self {
        let n = rest.len();
        let mut distinct: Vec<(Vec<(usize, f64)>, usize)> = Vec::new();
        let mut by_hash: HashMap<u64, Vec<usize>> = HashMap::new();
        for q in 0..jcal.ncols() {
            let entries: Vec<(usize, f64)> =
                jcal.row_idx_of_col_raw(q).iter().copied().zip(jcal.val_of_col(q).iter().copied()).collect();
            for c in 0..3 {
                for k in 0..4 {
                    let row: Vec<(usize, f64)> = entries
                        .iter()
                        .filter(|(r, _)| r / n == c)
                        .map(|&(r, val)| (r % n, val * if k < 3 { rest[r % n][k] } else { 1.0 }))
                        .filter(|(_, x)| *x != 0.0)
                        .collect();
                    if row.is_empty() {
                        continue;
                    }
                    let hash = row.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, (v, x)| {
                        ((h ^ *v as u64).wrapping_mul(0x100_0000_01b3) ^ x.to_bits())
                            .wrapping_mul(0x100_0000_01b3)
                    });
                    let group = by_hash.entry(hash).or_default();
                    match group.iter().find(|&&i| distinct[i].0 == row) {
                        Some(&i) => distinct[i].1 += 1,
                        None => {
                            group.push(distinct.len());
                            distinct.push((row, 1));
                        }
                    }
                }
            }
        }
        let mut rows = Mat::<f64>::zeros(distinct.len(), n);
        for (i, (row, _)) in distinct.iter().enumerate() {
            for &(v, x) in row {
                rows[(i, v)] = x;
            }
        }
        WeightConstraint { rows, count: distinct.iter().map(|d| d.1).collect() }
    }

    /// From a dense `J_w` ([`weight_space_constraint`]): its distinct nonzero rows.
    pub fn from_dense(jw: &Mat<f64>) -> Self {
        let n = jw.ncols();
        let mut distinct: Vec<(usize, usize)> = Vec::new();
        for i in 0..jw.nrows() {
            if (0..n).all(|j| jw[(i, j)] == 0.0) {
                continue;
            }
            let same = |r: usize| (0..n).all(|j| jw[(r, j)] == jw[(i, j)]);
            match distinct.iter_mut().find(|(r, _)| same(*r)) {
                Some(d) => d.1 += 1,
                None => distinct.push((i, 1)),
            }
        }
        let rows = Mat::<f64>::from_fn(distinct.len(), n, |i, j| jw[(distinct[i].0, j)]);
        WeightConstraint { rows, count: distinct.iter().map(|d| d.1).collect() }
    }
}

/// Skinning eigenmodes: weights `W` (n × m, columns `M_w`-orthonormal), their eigenvalues (ascending), and
/// the rank of the constraint after removing redundant rows.
#[derive(Clone, Debug)]
pub struct Modes {
    pub weights: Mat<f64>,
    pub eigenvalues: Vec<f64>,
    pub constraint_rank: usize,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ModesError {
    #[error("asked for {want} modes, but only {have} remain after the {rank} independent constraints")]
    TooManyModes { want: usize, have: usize, rank: usize },
    #[error("the lumped mass has a non-positive entry at vertex {0}")]
    Mass(usize),
    #[error("dense factorization failed: {0}")]
    Factorization(String),
    /// A force prior of the wrong size or with bad values (Force-Dual modes, [`crate::modes::force_dual`]).
    #[error("force prior: {0}")]
    Prior(String),
    /// More Force-Dual modes than independent directions of the force prior.
    #[error("asked for {want} modes, but the force prior has rank {rank} < {want}")]
    PriorRank { want: usize, rank: usize },
}

impl From<crate::linalg::CholeskyError> for ModesError {
    fn from(e: crate::linalg::CholeskyError) -> Self {
        ModesError::Factorization(e.0)
    }
}

/// Eq. 22's null-space reduction in dense form, shared by [`dense_modes`] and the force-dual oracle
/// ([`crate::modes::force_dual::dense_force_dual_modes`]): with `y = M^{1/2} w`, `A = M^{-1/2} H_w M^{-1/2}` and
/// `C = J_w M^{-1/2}`, an orthonormal basis `N` of `null(C)` (from the SVD of `C`, whose numerical rank gives
/// the independent constraints) and the eigen-decomposition of the reduced symmetric matrix `Nᵀ A N`.
pub(crate) struct WhitenedNullSpace {
    /// The diagonal of `M^{-1/2}`.
    pub inv_sqrt: Vec<f64>,
    /// `N`: n × (n − rank), orthonormal columns.
    pub null: Mat<f64>,
    /// The number of independent constraints in `J_w`.
    pub rank: usize,
    /// `A = M^{-1/2} H_w M^{-1/2}`, dense.
    pub a: Mat<f64>,
    /// The eigenvalues of `Nᵀ A N` (symmetrised against round-off), in the eigensolver's order.
    pub values: Vec<f64>,
    /// The matching eigenvectors, as columns.
    pub vectors: Mat<f64>,
}

/// A lumped mass with a NaN or non-positive entry is refused (its index).
pub(crate) fn check_mass(mw: &[f64]) -> Result<(), ModesError> {
    match mw.iter().position(|x| x.is_nan() || *x <= 0.0) {
        Some(v) => Err(ModesError::Mass(v)),
        None => Ok(()),
    }
}

/// [`WhitenedNullSpace`] of `H_w`, `M_w`, `J_w`, refusing `m` modes when the null space has fewer dimensions.
pub(crate) fn whitened_null_space(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &Mat<f64>,
    m: usize,
) -> Result<WhitenedNullSpace, ModesError> {
    let n = mw.len();
    check_mass(mw)?;
    let inv_sqrt: Vec<f64> = mw.iter().map(|x| 1.0 / x.sqrt()).collect();
    let c = Mat::<f64>::from_fn(jw.nrows(), n, |i, j| jw[(i, j)] * inv_sqrt[j]);
    // n × (n − rank), orthonormal
    let Subspace { basis: null, rank } =
        null_space(c.as_ref()).map_err(|e| ModesError::Factorization(format!("{e:?}")))?;
    let free = n - rank;
    if m > free {
        return Err(ModesError::TooManyModes { want: m, have: free, rank });
    }
    let h = hw.to_dense();
    let a = Mat::<f64>::from_fn(n, n, |i, j| inv_sqrt[i] * h[(i, j)] * inv_sqrt[j]);
    let reduced = null.transpose() * &a * &null;
    // symmetrize against round-off before the symmetric eigensolver
    let reduced = Mat::<f64>::from_fn(free, free, |i, j| 0.5 * (reduced[(i, j)] + reduced[(j, i)]));
    let eig =
        reduced.self_adjoint_eigen(Side::Lower).map_err(|e| ModesError::Factorization(format!("{e:?}")))?;
    let s = eig.S().column_vector();
    let values = (0..free).map(|i| s[i]).collect();
    Ok(WhitenedNullSpace { inv_sqrt, null, rank, a, values, vectors: eig.U().to_owned() })
}

/// Eq. 22 by the null-space method, dense ([`whitened_null_space`]): solve the standard symmetric problem
/// `Nᵀ A N z = λ z`. Then `w = M^{-1/2} N z`, so `J_w w = 0` and `Wᵀ M_w W = I` hold by construction.
pub fn dense_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    jw: &Mat<f64>,
    m: usize,
) -> Result<Modes, ModesError> {
    let n = mw.len();
    let WhitenedNullSpace { inv_sqrt, null, rank, values: vals, vectors: u, .. } =
        whitened_null_space(hw, mw, jw, m)?;
    let mut order: Vec<usize> = (0..vals.len()).collect();
    order.sort_by(|&i, &j| vals[i].total_cmp(&vals[j]));
    let mut weights = Mat::<f64>::zeros(n, m);
    let mut eigenvalues = Vec::with_capacity(m);
    for (col, &k) in order.iter().take(m).enumerate() {
        let y = &null * u.col(k);
        for i in 0..n {
            weights[(i, col)] = inv_sqrt[i] * y[i];
        }
        eigenvalues.push(vals[k]);
    }
    Ok(Modes { weights, eigenvalues, constraint_rank: rank })
}

/// The skinning subspace `B(W)` (3n × 12m, Eq. 7 with the mode weights as handles): column `(i, c, k)` holds
/// `w_i(v) X̄_v[k]` in row `c·n + v`, the layout of [`crate`]; `u = B z` with `z` handle-major like `p`.
pub fn skinning_subspace(rest: &[[f64; 3]], weights: &Mat<f64>) -> SparseColMat<usize, f64> {
    use faer::sparse::Triplet;
    let (n, m) = (rest.len(), weights.ncols());
    assert_eq!(weights.nrows(), n);
    let mut trip = Vec::with_capacity(12 * n * m);
    for i in 0..m {
        for c in 0..3 {
            for k in 0..4 {
                let col = 12 * i + 4 * c + k;
                for (v, x) in rest.iter().enumerate() {
                    let xb = if k < 3 { x[k] } else { 1.0 };
                    trip.push(Triplet::new(c * n + v, col, weights[(v, i)] * xb));
                }
            }
        }
    }
    SparseColMat::try_new_from_triplets(3 * n, 12 * m, &trip).expect("valid subspace triplets")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::{lumped_mass, weight_space_hessian, Material};
    use crate::mesh::tet_mesh::{shapes::box_mesh, TetMesh};
    use crate::rig::{LbsRig, Rig, RigPart};

    struct Setup {
        mesh: TetMesh,
        mass: Vec<f64>,
        jac: SparseColMat<usize, f64>,
        jcal: SparseColMat<usize, f64>,
        modes: Modes,
    }

    fn setup(rig: Rig, m: usize) -> Setup {
        let mesh = box_mesh(5, 2, 2, [2.0, 0.6, 0.5]);
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 5) as f64 * 0.3; // heterogeneous material
        }
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let jcal = complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]);
        let jw = weight_space_constraint(&mesh.vertices, &jcal);
        let hw = weight_space_hessian(&mesh, &mat);
        let modes = dense_modes(&hw, &mass, &jw, m).unwrap();
        Setup { mesh, mass, jac, jcal, modes }
    }

    fn frob(a: &Mat<f64>) -> f64 {
        a.norm_l2()
    }

    #[test]
    fn affine_rig_has_ten_independent_constraints_and_orthonormal_complementary_modes() {
        let s = setup(Rig::affine(), 8);
        // one global affine handle: mass-weighted moments up to degree 2, i.e. 10 independent rows
        assert_eq!(s.modes.constraint_rank, 10);
        let w = &s.modes.weights;
        // Wᵀ M_w W = I
        let gram = Mat::<f64>::from_fn(8, 8, |i, j| {
            (0..s.mesh.n()).map(|v| w[(v, i)] * s.mass[v] * w[(v, j)]).sum()
        });
        assert!((gram - Mat::<f64>::identity(8, 8)).norm_max() < 1e-10);
        // eigenvalues ascending and positive (the constraint removes the rigid null space)
        assert!(s.modes.eigenvalues.windows(2).all(|p| p[0] <= p[1]));
        assert!(s.modes.eigenvalues[0] > 0.0);
        // full-space complementarity: ‖Jᵀ M D B‖ / (‖J‖ ‖M D B‖) ≤ 1e-10
        let b = skinning_subspace(&s.mesh.vertices, w).to_dense();
        let jcal = s.jcal.to_dense();
        let j = s.jac.to_dense();
        let mdb = Mat::<f64>::from_fn(b.nrows(), b.ncols(), |r, c| b[(r, c)] * s.mass[r % s.mesh.n()]);
        let residual = frob(&(jcal.transpose() * &b)) / (frob(&j) * frob(&mdb));
        assert!(residual <= 1e-10, "complementarity residual {residual:e}");
    }

    #[test]
    fn modes_solve_the_constrained_eigenproblem() {
        let s = setup(Rig::affine(), 6);
        let mesh = &s.mesh;
        // Residual r = H_w w − λ M_w w must lie in range(J_wᵀ): its component in null(J_w) (M-weighted) vanishes.
        let mut mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        for t in 0..mesh.t() {
            mat.mu[t] *= 1.0 + (t % 5) as f64 * 0.3;
        }
        let hw = weight_space_hessian(mesh, &mat).to_dense();
        let jw = weight_space_constraint(&mesh.vertices, &s.jcal);
        // J_w W = 0
        let jww = &jw * &s.modes.weights;
        assert!(jww.norm_max() < 1e-9 * jw.norm_max() * s.modes.weights.norm_max());
        // project r onto null(J_w) with a least-squares solve against J_wᵀ: r − J_wᵀ μ* ≈ 0
        let svd = jw.transpose().thin_svd().unwrap();
        let u = svd.U();
        let sv = svd.S().column_vector();
        let smax = (0..sv.nrows()).map(|i| sv[i]).fold(0.0, f64::max);
        let keep: Vec<usize> = (0..sv.nrows()).filter(|&i| sv[i] > 1e-10 * smax).collect();
        for (i, lam) in s.modes.eigenvalues.iter().enumerate() {
            let w = s.modes.weights.col(i);
            let r = Mat::<f64>::from_fn(mesh.n(), 1, |v, _| {
                (0..mesh.n()).map(|q| hw[(v, q)] * w[q]).sum::<f64>() - lam * s.mass[v] * w[v]
            });
            let mut proj = r.clone();
            for &k in &keep {
                let coef: f64 = (0..mesh.n()).map(|v| u[(v, k)] * r[(v, 0)]).sum();
                for v in 0..mesh.n() {
                    proj[(v, 0)] -= coef * u[(v, k)];
                }
            }
            assert!(
                proj.norm_l2() < 1e-8 * r.norm_l2().max(lam.abs()),
                "mode {i}: residual {}",
                proj.norm_l2()
            );
        }
    }

    #[test]
    fn lbs_rig_modes_are_complementary_to_every_bone() {
        let mesh = box_mesh(5, 2, 2, [2.0, 0.6, 0.5]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.4))]).unwrap();
        let s = setup(rig, 5);
        assert!(s.modes.constraint_rank > 10, "two bones constrain more than one affine handle");
        let b = skinning_subspace(&s.mesh.vertices, &s.modes.weights).to_dense();
        let jcal = s.jcal.to_dense();
        let ratio = frob(&(jcal.transpose() * &b)) / (frob(&jcal) * frob(&b));
        assert!(ratio <= 1e-10, "{ratio:e}");
    }

    /// The streamed distinct rows carry the same constraint as the dense `J_w`: equal `J_wᵀ J_w`, and far
    /// fewer rows, for a rig with an affine handle, bones and blendshapes.
    #[test]
    fn distinct_constraint_rows_keep_jw_t_jw() {
        use crate::rig::BlendshapeRig;
        let mesh = box_mesh(5, 2, 2, [2.0, 0.6, 0.5]);
        let n = mesh.n();
        let targets = vec![
            ("bulge".to_string(), (0..n).map(|v| [0.0, 0.01 * (v % 3) as f64, 0.0]).collect()),
            ("twist".to_string(), (0..n).map(|v| [0.002 * v as f64, 0.0, -0.001]).collect()),
        ];
        let rig = Rig::new(vec![
            RigPart::Affine,
            RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.4)),
            RigPart::Blendshapes(BlendshapeRig::from_dense(targets).unwrap()),
        ])
        .unwrap();
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = rig.jacobian(&mesh.vertices).unwrap();
        let leak: Vec<f64> = (0..n).map(|v| 0.4 + 0.6 * (v % 5) as f64 / 4.0).collect();
        let jcal = complementarity_matrix(&jac, &mass, &leak);
        let jw = weight_space_constraint(&mesh.vertices, &jcal);
        let gram = |c: &WeightConstraint| {
            let scaled =
                Mat::<f64>::from_fn(c.rows.nrows(), n, |i, j| (c.count[i] as f64).sqrt() * c.rows[(i, j)]);
            scaled.transpose() * &scaled
        };
        let dense_gram = jw.transpose() * &jw;
        for c in [WeightConstraint::new(&mesh.vertices, &jcal), WeightConstraint::from_dense(&jw)] {
            let diff = (gram(&c) - &dense_gram).norm_max();
            assert!(diff <= 1e-12 * dense_gram.norm_max(), "{diff:e}");
            assert_eq!(
                c.count.iter().sum::<usize>(),
                (0..jw.nrows()).filter(|&i| jw.row(i).norm_max() > 0.0).count()
            );
            assert!(c.rows.nrows() * 4 < jw.nrows(), "{} distinct of {}", c.rows.nrows(), jw.nrows());
        }
    }

    #[test]
    fn asking_for_too_many_modes_is_an_error() {
        let mesh = box_mesh(1, 1, 1, [1.0; 3]);
        let mat = Material::homogeneous(mesh.t(), 1e5, 0.3, 1000.0).unwrap();
        let mass = lumped_mass(&mesh, &mat.density);
        let jac = Rig::affine().jacobian(&mesh.vertices).unwrap();
        let jw = weight_space_constraint(
            &mesh.vertices,
            &complementarity_matrix(&jac, &mass, &vec![1.0; mesh.n()]),
        );
        let err = dense_modes(&weight_space_hessian(&mesh, &mat), &mass, &jw, 8).unwrap_err();
        assert!(matches!(err, ModesError::TooManyModes { want: 8, .. }), "{err}");
    }
}
