//! Linear rigs: what moves the avatar, and how poses are made on it.
//!
//! # Layout
//! - `affine`: 3×4 affine transforms (composition, inverse, their row-major place in `p`).
//! - `sparse_rows`: [`SparseRows`], per-point sparse weights over handles in compressed rows: the storage of
//!   the LBS weights ([`VertexWeights`]) and of the skinned rotations' weights ([`RotationWeights`]).
//! - `lbs`: linear blend skinning: bones, sparse per-vertex weights, forward kinematics.
//! - `blendshapes`: morph targets, one weight each.
//! - `linear`: linear rigs (global affine handle, LBS bones, blendshapes, their concatenation), the rig
//!   Jacobian `J` and the affine offset; the validation rules.
//! - `error`: [`RigError`], the validation errors of rigs, rig files and animations.
//! - `file`: the rig JSON file.
//! - `animation`: rig animations (parameter vectors every `dt`) and their JSON file.
//! - `resample`: a rig carried over to other vertices by linear stencils (restriction to the surface,
//!   transfer from a game mesh).
//! - `skinned_rotation`: the rotation procedural skinning gives per tet, vertex or cluster (paper 002, §4):
//!   hemisphere-aligned quaternion blends of the bones' polar rotations (per cluster of a
//!   [`Clustering`](crate::mesh::Clustering)).
//! - `roles`: bone names of known skeletons (CMU BVH, the game-engine skeleton) → VRM humanoid roles, so a
//!   rig frame of one skeleton drives another.
//! - `regions`: body regions of the vertices (head, chest, belly, …) from their dominant bone's role.
//! - `bend`: rotating a bone's subtree on rig parameters (bends for tests, benchmarks and the CLI), bone
//!   heads.
//!
//! `test_support` (tests only) holds the helpers the unit tests share.

pub(crate) mod affine;
pub(crate) mod animation;
pub(crate) mod bend;
pub(crate) mod blendshapes;
pub(crate) mod error;
pub(crate) mod file;
pub(crate) mod lbs;
pub(crate) mod linear;
pub(crate) mod regions;
pub(crate) mod resample;
pub(crate) mod roles;
pub(crate) mod skinned_rotation;
pub(crate) mod sparse_rows;
#[cfg(test)]
pub(crate) mod test_support;

pub use affine::{affine_inverse, affine_mul, read_affine, write_affine, Affine, IDENTITY, SINGULAR_REL_DET};
pub use animation::RigAnimation;
pub use bend::{bone_head, elbow_flexion, rotate_subtree};
pub use blendshapes::{BlendTarget, BlendshapeRig};
pub use error::{RigError, WEIGHT_SUM_TOLERANCE};
pub use lbs::{Bone, LbsRig, VertexWeights};
pub use linear::{Rig, RigPart};
pub use regions::{bone_roles, vertex_regions, BodyRegion};
pub use resample::{pick, resample, Stencil};
pub use roles::{
    avatar_roles, humanoid_role, resolve_bone, skeleton_family, vrm1_thumb_roles, RoleReport, FAMILIES,
    OPTIONAL, REQUIRED,
};
pub use skinned_rotation::{PoseRotations, RotationWeights};
pub use sparse_rows::SparseRows;
