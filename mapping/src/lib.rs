//! Tracker streams → rig parameters `p` (see [`avatar_sim`] for the layout of `p`): what the runtime's
//! per-avatar retargeting (`avatard`'s `daemon/src/avatar/retarget/`) calls, and what an engine that maps
//! MediaPipe output itself uses directly. Pure code and state: no sockets, no async runtime, no threads
//! (`avatard` re-exports it as `avatard::mapping`).
//!
//! # Layout
//! - `one_euro`: the One-Euro filter (Casiez et al. 2012) for scalars and unit quaternions, timestamped.
//! - `pose`: MediaPipe Pose world landmarks → swing rotations down a humanoid skeleton → a full `p` (axes
//!   conversion, bone name map, visibility hold).
//! - `hand`: MediaPipe Hand world landmarks → palm frame and finger joint angles (flexion, spread) → the
//!   finger bones' local rotations and the hand bone's orientation, per humanoid role.
//! - `face`: blendshape scores by name, head rotation from the facial transform (orthonormalised).
//! - `labels`: before `pose`, MediaPipe's left/right label swaps undone by continuity and a vote (tracker
//!   truth before retargeting).
//! - `grounding`: after `pose`, the root from the camera (image + world landmarks), the floor, planted feet
//!   locked by leg IK, legs at rest out of view.
//! - `normalized`: rig frames by VRM humanoid role: rotations relative to the T-pose, corrected for the
//!   avatar's bind (rest-pose retargeting).
//! - `expressions`: the 52 scores → ARKit-named blendshapes and VRM expressions (the documented table).
//! - `speech`: microphone speech → VRM viseme weights (lip sync): resampling, LPC formants, a voicing gate,
//!   vowel classification against reference formants, loudness-driven opening.

mod expressions;
mod face;
pub mod grounding;
pub mod hand;
pub mod labels;
mod normalized;
mod one_euro;
mod pose;
pub mod speech;

pub use expressions::{score_index, FaceMap, TABLE as EXPRESSION_TABLE};
pub use face::{head_rotation, map_blendshapes, set_bone_world_rotation, FaceMapCounts};
pub use hand::{HandAngles, HandFilter, HandPose, HandRig, HandRigError};
pub use normalized::{role_name, NormalizedSkeleton};
pub use one_euro::{alpha, OneEuro, OneEuroParams, OneEuroRotation};
pub use pose::{swing, twist, PoseMap, PoseMapError, PoseMapSettings, PoseMapper, Side, TrackedBone};
