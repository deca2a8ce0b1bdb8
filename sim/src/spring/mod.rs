//! Spring bones: hair, skirts, ears, tails and ribbons as chains of joints that swing behind the tracked body,
//! as VRM files describe them (`VRMC_springBone` 1.0, `secondaryAnimation` 0.x) and every VRM app runs them.
//!
//! # Layout
//! - `model`: [`SpringModel`], the chains (joints with stiffness, gravity, drag, hit radius), colliders
//!   (sphere, capsule, plane, inside-out) and collider groups an asset stores; its checks and clamps.
//! - `solver`: [`SpringSolver`], the step on the rig parameters `p` at a fixed reference rate whatever the
//!   tick rate (see its doc for tick-rate independence, scale and the center frame).
//! - `contact`: joint spheres against the colliders (push-out, depth) and the cone limit.
//! - `flesh`: [`FleshAtPoints`], the flesh's displacement `u = Bz` at the collider points, so colliders on
//!   soft regions move with the jiggle.

mod contact;
mod flesh;
mod model;
mod solver;

pub use flesh::FleshAtPoints;
pub use model::{
    ChainTail, Collider, ColliderGroup, ColliderShape, JointParams, SpringChain, SpringError, SpringJoint,
    SpringModel, MAX_COLLIDERS, MAX_JOINTS,
};
pub use solver::{SpringSettings, SpringSolver, REFERENCE_HZ};

#[cfg(test)]
mod tests;
