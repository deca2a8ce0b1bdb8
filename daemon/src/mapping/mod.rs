//! Tracker streams → rig parameters `p` (see [`avatar_sim`] for the layout of `p`).
//!
//! # Layout
//! - [`face`]: blendshape scores by name, head rotation from the facial transform (orthonormalised).
//! - [`one_euro`]: the One-Euro filter (Casiez et al. 2012) for scalars and unit quaternions, timestamped.
//! - [`pose`]: MediaPipe Pose world landmarks → swing rotations down a humanoid skeleton → a full `p`
//!   (axes conversion, bone name map, visibility hold).

pub mod face;
pub mod one_euro;
pub mod pose;
