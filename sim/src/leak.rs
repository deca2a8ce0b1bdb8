//! The momentum-leak diagonal `D` of the complementarity constraint `𝒥 = D M J` (paper 000, §4.3; Zhang et al.
//! 2020).
//!
//! Under `Jᵀ M D u = 0` a vertex with `d_v = 1` takes part fully in the constraint (the secondary motion there
//! carries none of the rig's momentum) and a vertex with `d_v = 0` not at all (it absorbs rig momentum freely:
//! momentum "leaks" into the flesh). The default follows the paper: vertices closer to the surface leak more.
//! A surface indicator is diffused into the interior by one implicit heat step `(M + τ L) û = M b`, normalised to
//! `[0, 1]`, and `d = 1 − s û` with a user strength `s ∈ [0, 1]` (0: `D = I`, no leak).

use crate::fem::{lumped_mass, scalar_laplacian};
use crate::mesh::tet_mesh::TetMesh;
use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, Triplet};
use faer::{Mat, Side};

/// How `D` is chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum MomentumLeak {
    /// `D = I`: no momentum leaks; rigid rig motion never excites secondary motion.
    None,
    /// Diffused from the surface: `strength` in `[0, 1]`, `length` the diffusion length (metres), by default
    /// a few mean edge lengths.
    Diffuse { strength: f64, length: Option<f64> },
    /// A user field, one value in `[0, 1]` per vertex.
    Custom(Vec<f64>),
}

impl Default for MomentumLeak {
    fn default() -> Self {
        MomentumLeak::Diffuse { strength: 1.0, length: None }
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LeakError {
    #[error("momentum-leak strength {0} must be in [0, 1]")]
    Strength(f64),
    #[error("diffusion length {0} must be finite and > 0")]
    Length(f64),
    #[error("custom momentum-leak field has {got} values for {n} vertices")]
    Count { got: usize, n: usize },
    #[error("custom momentum-leak value {value} at vertex {vertex} is not in [0, 1]")]
    Value { vertex: usize, value: f64 },
    #[error("the diffusion system could not be factored: {0}")]
    Factor(String),
}

/// Mean edge length of the tets.
pub fn mean_edge_length(mesh: &TetMesh) -> f64 {
    let mut total = 0.0;
    for t in &mesh.tets {
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
            let (p, q) = (mesh.vertices[t[a]], mesh.vertices[t[b]]);
            total += ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
        }
    }
    total / (6 * mesh.t()) as f64
}

/// Default diffusion length, in mean edge lengths.
pub const DEFAULT_LENGTH_EDGES: f64 = 3.0;

/// The diagonal of `D`, one value in `[0, 1]` per vertex.
pub fn leak_diagonal(mesh: &TetMesh, leak: &MomentumLeak) -> Result<Vec<f64>, LeakError> {
    let n = mesh.n();
    match leak {
        MomentumLeak::None => Ok(vec![1.0; n]),
        MomentumLeak::Custom(d) => {
            if d.len() != n {
                return Err(LeakError::Count { got: d.len(), n });
            }
            match d.iter().position(|v| !(0.0..=1.0).contains(v)) {
                Some(vertex) => Err(LeakError::Value { vertex, value: d[vertex] }),
                None => Ok(d.clone()),
            }
        }
        MomentumLeak::Diffuse { strength, length } => {
            if !(0.0..=1.0).contains(strength) {
                return Err(LeakError::Strength(*strength));
            }
            let length = length.unwrap_or_else(|| DEFAULT_LENGTH_EDGES * mean_edge_length(mesh));
            if !(length.is_finite() && length > 0.0) {
                return Err(LeakError::Length(length));
            }
            let u = surface_diffusion(mesh, length)?;
            Ok(u.iter().map(|x| 1.0 - strength * x).collect())
        }
    }
}

/// One implicit heat step from the surface, `(M + τ L) û = M b` with `τ = length²`, normalised to `[0, 1]`.
pub fn surface_diffusion(mesh: &TetMesh, length: f64) -> Result<Vec<f64>, LeakError> {
    let n = mesh.n();
    let mass = lumped_mass(mesh, &vec![1.0; mesh.t()]);
    let mut on_surface = vec![0.0; n];
    for f in mesh.boundary_faces() {
        for v in f {
            on_surface[v] = 1.0;
        }
    }
    let ls = scalar_laplacian(mesh, &vec![1.0; mesh.t()]);
    let tau = length * length;
    let mut trip = Vec::with_capacity(ls.compute_nnz() + n);
    for col in 0..n {
        for (r, v) in ls.row_idx_of_col_raw(col).iter().zip(ls.val_of_col(col)) {
            trip.push(Triplet::new(*r, col, tau * v));
        }
        trip.push(Triplet::new(col, col, mass[col]));
    }
    let a = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &trip)
        .map_err(|e| LeakError::Factor(format!("{e:?}")))?;
    let llt = a.sp_cholesky(Side::Lower).map_err(|e| LeakError::Factor(format!("{e:?}")))?;
    let rhs = Mat::<f64>::from_fn(n, 1, |v, _| mass[v] * on_surface[v]);
    let u = llt.solve(&rhs);
    let (lo, hi) =
        (0..n).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(u[(v, 0)]), hi.max(u[(v, 0)])));
    let span = hi - lo;
    Ok((0..n).map(|v| if span > 0.0 { (u[(v, 0)] - lo) / span } else { 1.0 }).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;

    #[test]
    fn surface_leaks_most_and_the_core_least() {
        let mesh = box_mesh(8, 8, 8, [1.0, 1.0, 1.0]);
        let d = leak_diagonal(&mesh, &MomentumLeak::default()).unwrap();
        assert!(d.iter().all(|v| (0.0..=1.0).contains(v)));
        let surface: std::collections::HashSet<usize> = mesh.boundary_faces().into_iter().flatten().collect();
        let centre = 4 * 81 + 4 * 9 + 4; // vertex (4, 4, 4)
        let max_surface = surface.iter().map(|v| d[*v]).fold(0.0, f64::max);
        assert!(d[centre] > max_surface, "the centre ({}) must leak less than any surface vertex", d[centre]);
        assert!((d[centre] - 1.0).abs() < 1e-12, "the deepest vertex is fully constrained");
        // deeper along the diagonal → larger d (less leak)
        let diag: Vec<f64> = (0..=4).map(|k| d[k * 81 + k * 9 + k]).collect();
        assert!(diag.windows(2).all(|w| w[1] > w[0]), "{diag:?}");
        // strength scales the leak; None is the identity
        let half = leak_diagonal(&mesh, &MomentumLeak::Diffuse { strength: 0.5, length: None }).unwrap();
        assert!(half.iter().all(|v| *v >= 0.5 - 1e-12));
        assert_eq!(leak_diagonal(&mesh, &MomentumLeak::None).unwrap(), vec![1.0; mesh.n()]);
    }

    #[test]
    fn bad_settings_are_refused() {
        let mesh = box_mesh(1, 1, 1, [1.0; 3]);
        let e = |l: MomentumLeak| leak_diagonal(&mesh, &l).unwrap_err();
        assert_eq!(e(MomentumLeak::Diffuse { strength: 1.5, length: None }), LeakError::Strength(1.5));
        assert_eq!(e(MomentumLeak::Diffuse { strength: 1.0, length: Some(-1.0) }), LeakError::Length(-1.0));
        assert_eq!(e(MomentumLeak::Custom(vec![0.5; 3])), LeakError::Count { got: 3, n: 8 });
        let mut bad = vec![0.5; 8];
        bad[6] = f64::NAN;
        assert!(matches!(e(MomentumLeak::Custom(bad)), LeakError::Value { vertex: 6, .. }));
    }
}
