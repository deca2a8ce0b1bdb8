//! Skinning eigenmodes (paper 000, §4, Eq. 22): the constrained generalized eigenproblem whose solutions are
//! the secondary-motion weights `W`.
//!
//! # Layout
//! - `dense`: the complementarity constraint `𝒥 = D M J`, its weight-space form `J_w` (Eq. 19–21), the dense
//!   null-space method (the small-mesh oracle) and the subspace `B(W)`.
//! - `lanczos`: Eq. 22 for large meshes: shift-invert Lanczos on the constrained pencil over a sparse Cholesky,
//!   constraints through a small Schur complement (tested against `dense`).

pub(crate) mod dense;
pub(crate) mod lanczos;

pub use dense::{
    complementarity_matrix, dense_modes, skinning_subspace, weight_space_constraint, Modes, ModesError,
    WeightConstraint, RANK_TOL,
};
pub use lanczos::{sparse_modes, EigenOptions, EigenProgress, EigenStats, ProgressFn};
