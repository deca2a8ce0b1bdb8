//! Motion capture files (`mocap`): BVH (Biovision Hierarchy) files read strictly ([`Bvh::parse`], [`Bvh::read`])
//! and their frames converted to [`RigFrame`](avatar_schema::RigFrame)s ([`to_rig_frames`], [`rig_frame`]) for
//! replaying recorded motion into the daemon. (BVH here is always the mocap format, never a bounding-volume
//! hierarchy.)
//!
//! # Layout
//! - `bvh`: the reader of `HIERARCHY` and `MOTION` ([`Bvh`], [`Joint`], [`Channel`]) and its error type
//!   [`BvhError`];
//! - `rig_frames`: forward kinematics ([`Bvh::local_rotation`], [`Bvh::world_poses`], [`Bvh::rest_hip_height`])
//!   and the conversion to rig frames, with its scale ([`CMU_SCALE`], [`parse_scale`]).
//! - `normalized`: the conversion to *normalized* rig frames (bones by VRM humanoid role, rotations relative
//!   to the T-pose; [`to_normalized_rig_frames`]), which the daemon retargets onto any bind pose.
//!
//! # Format
//! `HIERARCHY`, then one or more `ROOT name { … }` blocks. A joint block holds `OFFSET x y z` (its position in its
//! parent's frame in the rest pose), `CHANNELS n c1 … cn` (any order of `Xposition`, `Yposition`, `Zposition`,
//! `Xrotation`, `Yrotation`, `Zrotation`, each at most once), child `JOINT name { … }` blocks and `End Site { OFFSET
//! x y z }` blocks (a chain's tip: kept as [`Joint::end_sites`], not a joint). Then `MOTION`, `Frames: n`,
//! `Frame Time: seconds` and `n` rows, one per line, each with one value per channel, joints in the order they
//! appear in the file and each joint's channels in the listed order. Blank lines are ignored; tokens are
//! separated by any whitespace (`{` may share a line with `JOINT name`); a joint name is the rest of its line.
//!
//! # Conventions
//! The rest pose has every rotation zero. Rotation channels are degrees and intrinsic, applied in the listed
//! order: `CHANNELS 3 Zrotation Yrotation Xrotation` means `R = Rz · Ry · Rx` (a column vector is rotated by `Rx`
//! first). A joint's local transform is `T(offset + position channels) · R`; its world transform is its parent's
//! world transform times that. Lengths are in the file's units: CMU data (the cgspeed.com BVH conversion of the
//! CMU mocap database) uses the ASF unit of 1/0.45 inch, so [`CMU_SCALE`] (0.0254 / 0.45 ≈ 0.0564) turns it into
//! metres — confirmed by the data: subject 01's rest hip height ([`Bvh::rest_hip_height`]) is 16.3 units = 0.92 m.
//! CMU files are +Y up and right-handed like the runtime; other BVH sources may be Z-up and need a re-orientation
//! that this module does not do. Quaternions in this module's arrays are `(x, y, z, w)`, as on the wire.
//!
//! The reader never panics: anything malformed is a [`BvhError`] with the 1-based line it was found on. Beyond
//! the format it refuses what the wire could not carry: more than 4096 joints, names over 256 bytes, duplicate
//! joint names, and numbers above [`MAX_ABS_VALUE`] in magnitude.

mod bvh;
#[cfg(test)]
mod fixtures;
mod normalized;
mod rig_frames;

pub use bvh::{Bvh, BvhError, Channel, Joint, MAX_ABS_VALUE};
pub use normalized::to_normalized_rig_frames;
pub use rig_frames::{parse_scale, rig_frame, root_relative_to_start, to_rig_frames, CMU_SCALE, SCALE_RANGE};
