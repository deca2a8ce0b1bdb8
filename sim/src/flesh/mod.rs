//! Quasistatic flesh by Steklov-Poincaré skinning (paper 002, Gao, Mitchell & Sifakis): ex-rotated elasticity
//! on the avatar's tet mesh, solved on the surface with the interior kept at equilibrium, preconditioned by the
//! rest-pose boundary operator rotated by the skeleton, with penalty collisions.
//!
//! # Layout
//! One pose `q`, from rig parameters to flesh positions:
//! - `arm`: a procedural two-bone arm (mesh, rig, bends) for tests and benchmarks.
//! - `partition`: which vertices the skeleton drives (`x_c(q)`) and the interior / boundary / constrained
//!   renumbering that makes every block of the paper a contiguous range.
//! - `energy`: the ex-rotated energy (Eq. 5–6), its stiffness `H(q) = −K(q)` rebuilt per pose from the skinned
//!   rotations ([`crate::rig::PoseRotations`]), and the constant term `g(q)`.
//! - `precond`: the skinned preconditioner: a sparse approximation of the rest boundary operator `K_b(0)`
//!   (Eq. 16, graph-distance pattern, diagonal compensation) and its IC factor.
//! - `collide`: penalty springs against level sets and self-collision (§3, Eq. 2).
//! - `solve`: the flesh model (construction, settings, state, frame reports) and the per-pose stages every
//!   solve shares (skinned rotations, `H(q)` and the load, warm start, contacts, free force).
//! - `boundary`: the run-time solve: interior PCG (Eq. 7) and the modified-Newton boundary solve (Eq. 13,
//!   §6.1) with an exact line search and conjugate directions, and its stagnation guard (volumetric fallback).
//! - `reference`: the volumetric PCG baseline (§7) and the direct reference.
//!
//! The 3×3-block matrices, block IC(0) and PCG they use are in [`crate::linalg`].

pub(crate) mod arm;
pub(crate) mod boundary;
pub(crate) mod collide;
pub(crate) mod energy;
pub(crate) mod partition;
pub(crate) mod precond;
pub(crate) mod reference;
pub(crate) mod solve;

pub use arm::{ArmShape, NO_ROTATION};
pub use collide::{
    add_spring_diagonal, add_spring_forces, add_spring_hessian_apply, detect_external, spring_energy,
    CollideError, LevelSet, SelfCollision, Spring, Target,
};
pub use energy::ExRotated;
pub use partition::{choose_constrained, components, depth, surface_flags, ConstraintSettings, Partition};
pub use precond::{PreconditionerSettings, SkinnedPreconditioner};
pub use solve::{
    rotate_blocks, BoundaryPreconditioner, FleshModel, FleshParts, FleshSettings, FleshState, FrameReport,
    InteriorInverse,
};
