//! The humanoid conventions the avatar runtime shares: how bones are named by role, how common skeletons
//! name them, where they point in the T-pose, how Unity (VMC) names them and orients its axes, and MediaPipe's landmark and blendshape tables. Used by
//! the simulation core (role maps, VRM export), the daemon (normalized rig frames, the VMC output) and the
//! tracker side (clip conversion, the VMC input). No dependencies: plain names, arrays and functions.
//!
//! # Layout
//! - [`roles`]: the VRM 1.0 humanoid bone roles ([`REQUIRED`], [`OPTIONAL`], the fingers; [`is_role`]).
//! - [`families`]: the bone names common skeletons (CMU, game engine, Mixamo, VRoid, Rigify) give the roles
//!   ([`humanoid_role`], [`skeleton_family`]).
//! - [`t_pose`]: each role's direction in the T-pose, the normalized convention's rest ([`DIRECTIONS`],
//!   [`t_pose_direction`]).
//! - [`unity`]: Unity's `HumanBodyBones` names and the role each stands for ([`HUMAN_BODY_BONES`],
//!   [`unity_bone_name`]).
//! - [`mediapipe`]: MediaPipe's own tables: the Pose landmark indices and pairing, the face blendshape names
//!   in MediaPipe's order.
//! - [`axes`]: Unity's left-handed axes <-> ours (glTF's): the X mirror ([`gltf_to_unity_position`], …).

pub mod axes;
pub mod families;
pub mod mediapipe;
pub mod roles;
pub mod t_pose;
pub mod unity;

pub use axes::{
    gltf_to_unity_position, gltf_to_unity_rotation, unity_to_gltf_position, unity_to_gltf_rotation,
};
pub use families::{humanoid_role, skeleton_family, FAMILIES};
pub use roles::{is_role, OPTIONAL, REQUIRED};
pub use t_pose::{t_pose_direction, DIRECTIONS};
pub use unity::{unity_bone_name, HUMAN_BODY_BONES};
