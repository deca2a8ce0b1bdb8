//! The commands: `run` ([`run`]: the runtime), `live` ([`live`]: the runtime with the tracker, the viewer and a
//! status line, in one command), and the offline ones: `precompute` and `simulate` ([`sim`]), `import` and `export` ([`assets`]), `flesh`
//! ([`flesh`]), `prior` ([`prior`]: the force prior of force-dual modes, measured on real motion). Each parses its flags here and calls the libraries.

pub mod assets;
pub mod flesh;
pub mod live;
pub mod prior;
pub mod run;
pub mod sim;

use avatar_sim::flesh::InteriorInverse;
use avatar_sim::precompute::{Complementarity, Eigensolver};

/// `--eigensolver`: which solver computes Eq. 22 ([`Eigensolver`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum EigensolverArg {
    /// Shift-invert Lanczos over a sparse Cholesky factorization (any size).
    Sparse,
    /// Dense null-space method: O(n³), small meshes only (the test oracle).
    Dense,
}

impl From<EigensolverArg> for Eigensolver {
    fn from(a: EigensolverArg) -> Self {
        match a {
            EigensolverArg::Sparse => Eigensolver::Sparse,
            EigensolverArg::Dense => Eigensolver::Dense,
        }
    }
}

/// `--complementarity`: how the subspace is made complementary to the rig ([`Complementarity`]).
#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum ComplementarityArg {
    /// Bones in the per-weight constraint (Eq. 20–21), blendshapes as `V z = 0` in the reduced step.
    Split,
    /// Every rig column in the per-weight constraint (paper 000 as written; pins the weights under
    /// blendshapes).
    Weights,
}

impl From<ComplementarityArg> for Complementarity {
    fn from(a: ComplementarityArg) -> Self {
        match a {
            ComplementarityArg::Split => Complementarity::Split,
            ComplementarityArg::Weights => Complementarity::Weights,
        }
    }
}

/// `--interior`: which matrix the flesh's boundary operator uses for `H_ii⁻¹` ([`InteriorInverse`]).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum InteriorInverseArg {
    /// `R* (L_i L_iᵀ)⁻¹ R*ᵀ` with the IC(0) factor of `H_ii(0)` (§6.1, the run-time choice).
    Incomplete,
    /// `R* H_ii(0)⁻¹ R*ᵀ` with the exact sparse Cholesky factor of the rest pose, rotated by the skeleton (the
    /// default).
    RestFactor,
    /// The exact `H_ii(q)⁻¹` by a sparse Cholesky of the current pose (tests and studies: `S̃ = S`).
    Exact,
}

impl From<InteriorInverseArg> for InteriorInverse {
    fn from(a: InteriorInverseArg) -> Self {
        match a {
            InteriorInverseArg::Incomplete => InteriorInverse::Incomplete,
            InteriorInverseArg::RestFactor => InteriorInverse::RestFactor,
            InteriorInverseArg::Exact => InteriorInverse::Exact,
        }
    }
}
