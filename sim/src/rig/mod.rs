//! Linear rigs: what moves the avatar, and how poses are made on it.
//!
//! # Layout
//! - `linear`: linear rigs (global affine handle, LBS bones, blendshapes, their concatenation), the rig
//!   Jacobian `J`, the rig and rig-animation JSON files.
//! - `resample`: a rig carried over to other vertices by linear stencils (restriction to the surface,
//!   transfer from a game mesh).
//! - `skinned_rotation`: the rotation procedural skinning gives per tet, vertex or cluster (paper 002, §4):
//!   hemisphere-aligned quaternion blends of the bones' polar rotations.
//! - `bend`: rotating a bone's subtree on rig parameters (bends for tests, benchmarks and the CLI), bone
//!   heads.

pub(crate) mod bend;
pub(crate) mod linear;
pub(crate) mod resample;
pub(crate) mod skinned_rotation;

pub use bend::{bone_head, elbow_flexion, rotate_subtree};
pub use linear::{
    affine_inverse, affine_mul, read_affine, write_affine, Affine, BlendTarget, BlendshapeRig, Bone, LbsRig,
    Rig, RigAnimation, RigError, RigPart, VertexWeights, IDENTITY, SINGULAR_REL_DET, WEIGHT_SUM_TOLERANCE,
};
pub use resample::{pick, resample, Stencil};
pub use skinned_rotation::{PoseRotations, RotationWeights};
