//! Rotation-strain (RS) coordinates (paper 001: Pan, Bao, Huang 2015, "Subspace Dynamic Simulation Using
//! Rotation-Strain Coordinates") as a **comparison baseline** for the reduced complementary dynamics of
//! [`crate::reduced`]: a non-linear subspace (per-tet rotation `ω` and strain `ε` fields, reduced by a linear
//! RS basis) whose displacement comes from a Poisson reconstruction, with the kinetic energy taken through
//! that map (Eq. 7), on the same energy and constraint as [`crate::full::FullModel`].
//!
//! # Layout
//! - [`map`]: the per-tet RS map `∇̃(ω, ε) = exp(ω)(ε + I) − I` (Eq. 1), its Jacobian, its inverse (Eq. 2).
//! - [`basis`]: constrained linear modal analysis (the Euclidean modes `U`, App. A1 step 2) and the RS basis
//!   `Ũ` from their gradients (A1 step 3).
//! - [`poisson`]: the constrained Poisson reconstruction `u = Φ b` (Eq. 3–5 with `B = Id`, restricted to
//!   `𝒥ᵀu = 0`).
//! - [`model`]: [`RsModel`] and [`RsState`], the time step (A3 with the exact evaluation A2(a)).
//!
//! # What it measures (two-bone bar, `box_mesh(6, 2, 2)`, 165 complementary dofs; `model` tests)
//! - With all 165 modes the RS trajectory equals [`FullModel`](crate::full::FullModel)'s to ~1e-7 (relative
//!   M-norm) over 12 fast bending steps: same energy, same constraint, the map covers the constraint space.
//! - With fewer modes RS is *no better* than the linear subspace of the same LMA modes on complementary
//!   dynamics, and worse once the secondary motion is large (worst relative error, k = 24: 0.26 vs 0.26 at
//!   0.01 rad/step, 0.47 vs 0.26 at 0.03, 1.08 vs 0.80 at 0.12; `rs_versus_linear_lma` prints the table). The
//!   rig already carries the large rotations and `u` is added in the world frame, so the RS map's built-in
//!   rotation of `u` about the rest pose is not the non-linearity this problem has.
//! - Cost per step (default options, ~7–9 iterations, 2 shared cores under load, test profile): bar 63
//!   vertices 1.6 / 2.7 / 4.5 ms for k = 12 / 48 / 96; bar 960 vertices 54 / 93 / 192 ms (`timing`).
//!
//! Not implemented (the baseline needs none of it): the extended basis `B` (A1 step 4), Padé/polynomial and
//! cubature evaluation (A2(b), (c), A5), the floating frame (A4), hyperelastic RS materials (A6).

pub mod basis;
pub mod map;
pub mod model;
pub mod poisson;

pub use model::{RsModel, RsState};
