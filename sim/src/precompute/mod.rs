//! The precompute pipeline (paper 000, Alg. 1, §6 and §8.2): tet mesh + linear rig + material → skinning
//! eigenmodes, clusters and the reduced matrices of the run-time step, with a report of what it found and
//! how long each phase took. `avatard precompute` runs it and stores the result as an asset
//! ([`crate::asset`]).
//!
//! # Layout
//! - `settings`: what determines the result besides the mesh and the rig ([`PrecomputeSettings`]: modes,
//!   clusters, material, time step, momentum leak, eigensolver, subspace) and their validation.
//! - `pipeline`: the phases ([`operators`]: material, mass, rig Jacobian, leak, `𝒥`, `H_w`; then modes,
//!   clusters, reduced matrices, checks) in [`precompute`], and its result [`Precomputed`].
//! - `report`: progress ([`Phase`], [`Progress`]), the [`PrecomputeReport`] and the checks it reports
//!   ([`complementarity_residual`], [`orthonormality_error`]).
//! - `error`: [`PrecomputeError`].

pub(crate) mod error;
pub(crate) mod pipeline;
pub(crate) mod report;
pub(crate) mod settings;

pub use error::PrecomputeError;
pub use pipeline::{operators, precompute, weight_constraint_columns, Operators, Precomputed};
pub use report::{
    complementarity_residual, constrained_complementarity_residual, orthonormality_error, Phase,
    PhaseSeconds, PrecomputeReport, Progress, ProgressFn,
};
pub use settings::{
    ClusterCount, Complementarity, Eigensolver, ForceDualSetting, LeakSetting, MaterialSetting,
    PrecomputeSettings, SubspaceSetting,
};
