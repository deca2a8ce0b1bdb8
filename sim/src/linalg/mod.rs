//! Linear algebra shared by the precompute and the solvers, each piece once.
//!
//! # Layout
//! - `cholesky` ([`Cholesky`]): sparse Cholesky, nested-dissection or AMD ordering (the eigensolver's and
//!   the flesh's factorizations).
//! - `block`: symmetric 3×3-block sparse matrices, their sub-block products and vertex-major 3-vector helpers.
//! - `ichol`: block incomplete Cholesky (IC(0), shifted when needed).
//! - `pcg`: preconditioned conjugate gradients (two stopping rules; vertex-major 3-vectors or flat).
//! - `polar`: the polar rotation of a 3×3 matrix (inversion-safe).
//! - `subspace`: orthonormal bases of the range and the null space of a dense matrix from its rank-revealing
//!   SVD, with the one rank tolerance [`RANK_TOL`] (the constraint bases of [`crate::modes`], [`crate::full`],
//!   [`crate::rotation_strain`] and [`crate::reduced`]).
//! - `vector`: slice reductions (`dot`, `norm`), sequential or over threads (explicit [`faer::Par`]).

pub(crate) mod block;
pub(crate) mod cholesky;
pub(crate) mod ichol;
pub(crate) mod pcg;
pub(crate) mod polar;
pub(crate) mod subspace;
pub(crate) mod vector;

pub use block::{
    axpy_v3, bmm, bmm_t, bmul, bmul_t, dot_v3, from_v3, norm_v3, to_v3, transpose, BlockMatrix, B3, V3,
    ZERO_BLOCK,
};
pub use cholesky::{factor_flops, nested_dissection, Cholesky, CholeskyError, Ordering};
pub use ichol::BlockIc;
pub use pcg::{identity, pcg, pcg_v3, PcgReport, PcgSettings, Stop};
pub use polar::{polar, polar_from, polar_from4, polar_svd};
pub use subspace::{null_space, numerical_rank, range_basis, Subspace, RANK_TOL};
pub use vector::{dot, dot_par, norm, norm_par};
