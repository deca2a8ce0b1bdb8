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
//! Not implemented (the baseline needs none of it): the extended basis `B` (A1 step 4), Padé/polynomial and
//! cubature evaluation (A2(b), (c), A5), the floating frame (A4), hyperelastic RS materials (A6).

pub mod basis;
pub mod map;
pub mod model;
pub mod poisson;

pub use model::{RsModel, RsState};
