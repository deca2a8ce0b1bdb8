//! Focused subspaces: Eq. 22's lowest skinning eigenmodes (paper 000), then Force-Dual modes (paper 004) of
//! chosen priors, each set M-orthogonal to the modes before it. The eigenmodes keep the large soft regions'
//! free vibration (a belly's jiggle); the force-dual sets put coordinates where the eigenvalue order never
//! reaches: the skinning's strain at chosen joints ([`crate::modes::joint_strain`]), inertia painted on a
//! region (a face's soft layer). Each stage solves the force-dual problem under `J_w` plus the rows
//! `(M_w w_i)ᵀ` of every mode found so far, so `J_w W = 0` (Eq. 20–21) and `Wᵀ M_w W = I` hold for the whole
//! set.

use crate::modes::dense::{dense_modes, weight_space_constraint, Modes, ModesError, WeightConstraint};
use crate::modes::force_dual::{dense_force_dual_modes, force_dual_modes, ForcePrior};
use crate::modes::lanczos::{sparse_modes, EigenSettings};
use faer::sparse::SparseColMat;
use faer::Mat;

/// The lowest `m − Σ counts` solutions of Eq. 22, then for each `(prior, count)` of `stages` in turn `count`
/// Force-Dual modes of that prior, each set M-orthogonal to all before it; all constrained by `J_w` (Eq. 20–21,
/// the columns `jcal_w`): `Wᵀ M_w W = I`, `J_w W = 0`. Columns are ordered by their Rayleigh quotient
/// `wᵀ H_w w` (ascending, as the asset stores eigenvalues). `dense`: the O(n³) oracles (small meshes, tests).
#[allow(clippy::too_many_arguments)]
pub fn eigen_and_force_dual_modes(
    hw: &SparseColMat<usize, f64>,
    mw: &[f64],
    rest: &[[f64; 3]],
    jcal_w: &SparseColMat<usize, f64>,
    m: usize,
    stages: &[(&ForcePrior, usize)],
    dense: bool,
    opts: &EigenSettings,
) -> Result<Modes, ModesError> {
    let extra: usize = stages.iter().map(|(_, k)| k).sum();
    if extra >= m || stages.is_empty() || stages.iter().any(|(_, k)| *k == 0) {
        return Err(ModesError::Prior(format!(
            "{extra} force-dual modes of {m} ({:?} per stage): need 0 < each and a sum < m",
            stages.iter().map(|(_, k)| *k).collect::<Vec<_>>()
        )));
    }
    let n = mw.len();
    let jw_dense = dense.then(|| weight_space_constraint(rest, jcal_w));
    let jw_sparse = (!dense).then(|| WeightConstraint::new(rest, jcal_w));
    let eigen = match (&jw_dense, &jw_sparse) {
        (Some(jw), _) => dense_modes(hw, mw, jw, m - extra)?,
        (_, Some(jw)) => sparse_modes(hw, mw, jw, m - extra, opts)?.0,
        _ => unreachable!("one of the two constraints is built"),
    };
    let constraint_rank = eigen.constraint_rank;
    let mut sets = vec![(eigen.weights, eigen.eigenvalues)];
    for (prior, count) in stages {
        // J_w and the rows (M_w w)ᵀ of every mode found so far
        let found = Mat::<f64>::from_fn(n, sets.iter().map(|(w, _)| w.ncols()).sum(), |v, c| {
            let mut c = c;
            for (w, _) in &sets {
                if c < w.ncols() {
                    return w[(v, c)];
                }
                c -= w.ncols();
            }
            unreachable!("column within the sets")
        });
        let modes = match (&jw_dense, &jw_sparse) {
            (Some(jw), _) => {
                let extra = orthogonality_rows(mw, &found, row_scale_dense(jw, mw));
                let stacked = stack(jw, &extra);
                dense_force_dual_modes(hw, mw, &stacked, prior, *count)?.0
            }
            (_, Some(jw)) => {
                let extra = orthogonality_rows(mw, &found, row_scale(jw, mw));
                let mut count_rows = jw.count.clone();
                count_rows.extend(std::iter::repeat_n(1, extra.nrows()));
                let stacked = WeightConstraint { rows: stack(&jw.rows, &extra), count: count_rows };
                force_dual_modes(hw, mw, &stacked, prior, *count, opts)?.0
            }
            _ => unreachable!("one of the two constraints is built"),
        };
        sets.push((modes.weights, modes.eigenvalues));
    }
    // every set, ordered by stiffness per mass
    let all: Vec<(f64, usize, usize)> = sets
        .iter()
        .enumerate()
        .flat_map(|(k, (_, l))| l.iter().enumerate().map(move |(i, l)| (*l, k, i)))
        .collect();
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[a].0.total_cmp(&all[b].0));
    let weights = Mat::<f64>::from_fn(n, m, |v, c| {
        let (_, k, i) = all[order[c]];
        sets[k].0[(v, i)]
    });
    let eigenvalues = order.iter().map(|&c| all[c].0).collect();
    Ok(Modes { weights, eigenvalues, constraint_rank })
}

/// `[a; b]`.
fn stack(a: &Mat<f64>, b: &Mat<f64>) -> Mat<f64> {
    Mat::<f64>::from_fn(a.nrows() + b.nrows(), a.ncols(), |i, j| {
        if i < a.nrows() {
            a[(i, j)]
        } else {
            b[(i - a.nrows(), j)]
        }
    })
}

/// Rows `(M_w w_i)ᵀ` (one per column of `w`), scaled so that in `y = M^{1/2} w` coordinates each has norm
/// `scale`: `w_iᵀ M_w x = 0` for the new modes `x`, at the constraint's own scale (its rank tolerance is
/// relative).
fn orthogonality_rows(mw: &[f64], w: &Mat<f64>, scale: f64) -> Mat<f64> {
    let n = mw.len();
    let norms: Vec<f64> =
        (0..w.ncols()).map(|i| (0..n).map(|v| mw[v] * w[(v, i)].powi(2)).sum::<f64>().sqrt()).collect();
    // in y coordinates the row is M^{1/2} w_i, of norm ‖w_i‖_M
    Mat::<f64>::from_fn(w.ncols(), n, |i, v| scale * mw[v] * w[(v, i)] / norms[i].max(f64::MIN_POSITIVE))
}

/// The largest row norm of `J_w M^{-1/2}` (with the rows' multiplicity).
fn row_scale(jw: &WeightConstraint, mw: &[f64]) -> f64 {
    (0..jw.rows.nrows())
        .map(|i| {
            let s: f64 = mw.iter().enumerate().map(|(v, m)| jw.rows[(i, v)].powi(2) / m).sum();
            (jw.count[i] as f64 * s).sqrt()
        })
        .fold(0.0, f64::max)
        .max(1.0)
}

/// [`row_scale`] of a dense `J_w`.
fn row_scale_dense(jw: &Mat<f64>, mw: &[f64]) -> f64 {
    (0..jw.nrows())
        .map(|i| mw.iter().enumerate().map(|(v, m)| jw[(i, v)].powi(2) / m).sum::<f64>().sqrt())
        .fold(0.0, f64::max)
        .max(1.0)
}

#[cfg(test)]
mod tests {
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use crate::precompute::{precompute, ClusterCount, Eigensolver, PrecomputeSettings, SubspaceSetting};
    use crate::rig::{LbsRig, Rig, RigPart};
    use std::sync::Arc;

    fn settings(subspace: SubspaceSetting, eigensolver: Eigensolver) -> PrecomputeSettings {
        PrecomputeSettings {
            modes: 6,
            clusters: ClusterCount::KMeans(8),
            subspace,
            eigensolver,
            ..Default::default()
        }
    }

    /// Through the precompute: complementary and orthonormal (its own checks), on both eigensolvers, with the
    /// strain of every joint (no roles on a bar) and the child half painted; bad counts and names refused.
    #[test]
    fn the_precompute_builds_focused_modes_and_refuses_bad_ones() {
        let mesh = box_mesh(10, 2, 2, [2.0, 0.4, 0.4]);
        let rig = Rig::new(vec![RigPart::Lbs(LbsRig::two_bone_bar(&mesh, 0, 1.0, 0.3))]).unwrap();
        let focused = |joint, inertia| SubspaceSetting::FocusedEigenmodes {
            joint,
            roles: Vec::new(),
            inertia,
            regions: Vec::new(),
        };
        for solver in [Eigensolver::Dense, Eigensolver::Sparse] {
            let (out, report) =
                precompute(mesh.clone(), rig.clone(), &settings(focused(3, 0), solver), Arc::new(|_| {}))
                    .unwrap();
            assert_eq!(out.weights.ncols(), 6);
            assert!(
                report.complementarity_residual <= 1e-10,
                "{solver:?}: {:e}",
                report.complementarity_residual
            );
            assert!(report.orthonormality_error <= 1e-8, "{solver:?}: {:e}", report.orthonormality_error);
        }
        for (bad, says) in [
            (focused(6, 0), "need 0 < joint + inertia < modes"),
            (focused(0, 0), "need 0 < joint + inertia < modes"),
            (focused(2, 1), "regions exactly when inertia > 0"),
            (
                SubspaceSetting::FocusedEigenmodes {
                    joint: 1,
                    roles: vec!["neck".into()],
                    inertia: 0,
                    regions: vec![],
                },
                "no bone has the humanoid role 'neck'",
            ),
            (
                SubspaceSetting::FocusedEigenmodes {
                    joint: 1,
                    roles: vec![],
                    inertia: 1,
                    regions: vec!["tail".into()],
                },
                "unknown body region 'tail'",
            ),
        ] {
            let e = match precompute(
                mesh.clone(),
                rig.clone(),
                &settings(bad, Eigensolver::Dense),
                Arc::new(|_| {}),
            ) {
                Ok(_) => panic!("not refused: {says}"),
                Err(e) => e.to_string(),
            };
            assert!(e.contains(says), "{e}");
        }
    }
}
