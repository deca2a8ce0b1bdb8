//! Quasistatic flesh by Steklov-Poincaré skinning (paper 002, Gao, Mitchell & Sifakis): ex-rotated elasticity
//! on the avatar's tet mesh, solved on the surface with the interior kept at equilibrium, preconditioned by the
//! rest-pose boundary operator rotated by the skeleton, with penalty collisions.
//!
//! # Layout
//! One pose `q`, from rig parameters to flesh positions:
//! - [`arm`]: a procedural two-bone arm (mesh, rig, bends) for tests and benchmarks.
//! - [`partition`]: which vertices the skeleton drives (`x_c(q)`) and the interior / boundary / constrained
//!   renumbering that makes every block of the paper a contiguous range.
//! - [`exrotated`]: the ex-rotated energy (Eq. 5–6), its stiffness `H(q) = −K(q)` rebuilt per pose from the
//!   skinned rotations (`sim::skinned_rotation`), and the constant term `g(q)`.
//! - [`block`]: symmetric 3×3-block sparse matrices and their sub-block products.
//! - [`ichol`]: block incomplete Cholesky (IC(0), shifted when needed).
//! - [`pcg`]: preconditioned conjugate gradients.
//! - [`precond`]: the skinned preconditioner: a sparse approximation of the rest boundary operator `K_b(0)`
//!   (Eq. 16, graph-distance pattern, diagonal compensation) and its IC factor.
//! - [`collide`]: penalty springs against level sets and self-collision (§3, Eq. 2).
//! - [`pose`]: rotate a bone's subtree on rig parameters (bends for tests, benchmarks, the CLI).
//! - [`solver`]: the per-pose solves: interior PCG (Eq. 7), modified-Newton boundary solve (Eq. 13, §6.1),
//!   the volumetric PCG baseline and the direct reference.

pub mod arm;
pub mod block;
pub mod collide;
pub mod exrotated;
pub mod ichol;
pub mod partition;
pub mod pcg;
pub mod pose;
pub mod precond;
pub mod solver;
