//! Skinning eigenmodes (paper 000, §4, Eq. 22): the constrained generalized eigenproblem whose solutions are
//! the secondary-motion weights `W`.
//!
//! # Layout
//! - `dense`: the complementarity constraint `𝒥 = D M J`, its weight-space form `J_w` (Eq. 19–21), the dense
//!   null-space method (the small-mesh oracle) and the subspace `B(W)`.
//! - `lanczos`: Eq. 22 for large meshes: shift-invert Lanczos on the constrained pencil over a sparse Cholesky,
//!   constraints through a small Schur complement (tested against `dense`).
//! - `force_dual`: Force-Dual skinning eigenmodes (paper 004, Eq. 8 with Eq. 15, scalarized per §4.5): the
//!   principal components of the constrained displacements under a Gaussian force prior, over the same
//!   constrained inverse (SVD of a low-rank factor, or Lanczos), with a dense oracle.
//! - `focused`: Eq. 22's lowest modes, then force-dual modes of chosen priors, each set M-orthogonal to the
//!   ones before it.
//! - `joint_strain`: the force prior of the skinning's strain at every joint (a bone and its subtree turned
//!   about the joint), for modes where the rig deforms the flesh.

pub(crate) mod dense;
pub(crate) mod focused;
pub(crate) mod force_dual;
pub(crate) mod joint_strain;
pub(crate) mod lanczos;

pub use dense::{
    complementarity_matrix, dense_modes, skinning_subspace, weight_space_constraint, Modes, ModesError,
    WeightConstraint,
};
pub use focused::eigen_and_force_dual_modes;
pub use force_dual::{
    dense_force_dual_modes, force_dual_modes, rig_inertia_factor, ForceDualStats, ForcePrior, PRIOR_RANK_TOL,
};
pub use joint_strain::joint_strain_prior;
pub use lanczos::{sparse_modes, EigenProgress, EigenSettings, EigenStats, ProgressFn};
