//! The reduced model and its run-time step: what the solver thread runs every tick.
//!
//! # Layout
//! - `clusters`: k-means++ clusters of tets split into connected components, grouping matrix `G` (Eq. 27).
//! - `projection`: the reduced precompute (§8.2, App. C): a [`FemProblem`](crate::problem::FemProblem)
//!   projected onto the skinning subspace (`BᵀMB`, `BᵀLB`, `BᵀMJ`, `BᵀLJ`, `G₉KB`, `G₉KJ`, the cluster gradient
//!   `Γ` and cluster materials); nothing of size n survives it. The same for any dense basis: with a basis of
//!   the constraint's null space and one cluster per tet, the step is full-space complementary dynamics
//!   (Eq. 3), the reference for small meshes.
//! - `constraint`: complementarity to the rig columns left out of the weight constraint (blendshapes) as
//!   `V z = 0`, and the global step's `A`-orthogonal projector onto it.
//! - `model`: the stored reduced matrices ([`ReducedParts`]) and their checks, the model derived from them at
//!   load ([`ReducedModel`]: the Cholesky factor of the global matrix, the step's [`BlockForm`]), the
//!   constraint's null-space basis ([`complementary_basis`]).
//! - `rescale`: the stored parts at another time step and stiffness ([`ReducedParts::rescaled`]), for the
//!   runtime's live `tick_hz` and `stiffness`.
//! - `row_major`: the dense row-major storage of the step's block operators and its fused AVX2 products
//!   ([`RowMajor`]).
//! - `rig_terms`: the rig's operators of the step (`BᵀMJ`, `BᵀLJ`, `G₉KJ`): column-sparse, with the transform
//!   handles' columns as dense `I₃ ⊗ K` blocks ([`RigTerms`]).
//! - `settings`: what a step is asked ([`StepSettings`], [`Elasticity`], [`FleshMode`]), the state it carries
//!   ([`StepState`]) and what it reports ([`StepReport`]).
//! - `workspace`: the step's buffers, kept in the state from tick to tick (no allocation on a warm solver
//!   thread).
//! - `local_global`: the local-global iterations (Alg. 2, Eq. 30–31): backward-Euler inertia, per-cluster polar
//!   rotations (local), prefactored global solve; ARAP exact, co-rotational with a line search.
//! - `flesh_modes`: ex-rotated elasticity (paper 002, §4: the rig's skinned rotations in place of the polar
//!   ones, so the step is one quadratic solve), the starting point of the warm-started co-rotational step.
//! - `actuation`: modal actuation (paper 003, AaM Eq. 9–13): the tensor `Ĝ = (I₃ ⊗ Γ) D` of K actuation fields
//!   and the clusters' target shapes `Y_c(a)`, which the local-global iterations use as the co-rotational
//!   term's rest shape ([`StepSettings::actuation`]; zero effect when off).
//! - [`held`]: the held (quasi-static) part of the flesh at run time: per-joint correctives `u_h(p)` from the
//!   rig parameters, and their terms in the step ([`HeldTerms`](held::HeldTerms), written into
//!   [`StepState::held`]); with them the step measures the swing from the held state.
//! - `step`: [`ReducedModel::step`] and [`ReducedModel::step_with_rotations`], the stepping API over the three
//!   above (the model's data is in `model`, its construction in `projection`).

pub(crate) mod actuation;
pub(crate) mod clusters;
pub(crate) mod constraint;
pub(crate) mod flesh_modes;
pub mod held;
pub(crate) mod local_global;
pub(crate) mod model;
pub(crate) mod projection;
pub(crate) mod rescale;
pub(crate) mod rig_terms;
pub(crate) mod row_major;
pub(crate) mod settings;
pub(crate) mod step;
pub(crate) mod workspace;

pub use actuation::{actuation_gradient, cluster_targets};
pub use clusters::{
    cluster_tets, cluster_tets_by_part, grouping_matrix, kmeans, merge_fragments, split_components,
    tet_features, Clustering,
};
pub use constraint::{constraint_null_basis, reduced_constraint, ConstraintProjector, CONSTRAINT_TOL};
pub use model::{complementary_basis, BasisGradient, BlockForm, ReducedError, ReducedModel, ReducedParts};
pub use projection::cluster_gradient;
pub use rig_terms::RigTerms;
pub use row_major::RowMajor;
pub use settings::{
    Elasticity, FleshMode, StepPhases, StepReport, StepSettings, StepState, UnknownFleshMode,
};
