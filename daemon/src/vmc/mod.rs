//! The VMC sender (`avatard run --vmc-out HOST[:PORT]`): one avatar's latest published state as VMC protocol
//! messages (OSC over UDP, <https://protocol.vmc.info/english>) to a VMC receiver (a "Marionette": VSeeFace,
//! Warudo, VNyan, EVMC4U, … listen on UDP 39539), at a fixed rate (`vmc_rate_hz`, default 60).
//!
//! # Layout
//! - `config.rs`: the settings ([`VmcConfig`], [`parse_target`], [`VmcConfigError`]; the default port and
//!   rate).
//! - `encoder.rs`: a state → messages → datagrams, pure ([`VmcEncoder`], [`BonePose`], [`PRESET_NAMES`],
//!   [`MAX_DATAGRAM`], the axis conversion on our nalgebra types).
//! - `task.rs`: the UDP sender task ([`run`], [`LOG_EVERY`]).
//!
//! # What is sent
//! Every period, the avatar's latest state (the `AvatarState` the publisher last sent: the task only reads
//! [`crate::AvatarHandle::latest`], it never waits on or slows the solver) as OSC bundles (time tag
//! "immediately"), each at most [`MAX_DATAGRAM`] bytes, the messages in this order, split across bundles
//! where needed:
//!
//! | address | arguments | value |
//! |---|---|---|
//! | `/VMC/Ext/OK` | `iiii` | loaded 1, calibration state 3 (calibrated), calibration mode 0 (normal), tracking 1 when the avatar follows live input (its state has neither `REST_POSE` nor `HELD_POSE`), else 0 |
//! | `/VMC/Ext/T` | `f` | seconds since the sender started |
//! | `/VMC/Ext/Root/Pos` | `sfffffff` | `"root"`, position 0, rotation identity (the avatar's root motion is in the hips' position) |
//! | `/VMC/Ext/Bone/Pos` | `sfffffff` | per humanoid bone the avatar has: Unity `HumanBodyBones` name, local position, local rotation (x, y, z, w) |
//! | `/VMC/Ext/Blend/Val` | `sf` | per blendshape of the avatar: its name and weight; then the VRM presets of the table below |
//! | `/VMC/Ext/Blend/Apply` | none | last, in the last bundle |
//!
//! # Bones
//! Names: the VRM 1.0 humanoid role with its first letter upper-cased (`hips` → `Hips`, `leftUpperArm` →
//! `LeftUpperArm`, `upperChest` → `UpperChest`), except the thumbs, whose VRM 1.0 roles are one segment off
//! Unity's: `thumbMetacarpal` → `ThumbProximal`, `thumbProximal` → `ThumbIntermediate`, `thumbDistal` →
//! `ThumbDistal` (a VRM 0.x map's `thumbProximal/Intermediate/Distal` are Unity's already). Only names in
//! Unity's `HumanBodyBones` ([`HUMAN_BODY_BONES`]) are sent; the roles come from the avatar's role report
//! ([`crate::LoadedAvatar::roles`]). The names and their table are the workspace's humanoid conventions
//! ([`avatar_humanoid::unity`]).
//!
//! Rotations: a VMC receiver sets each bone's `localRotation` on a normalized (UniVRM) model: rest pose = the
//! T-pose with identity local rotations and world-aligned bone axes. This is the exact inverse of the
//! normalized rig frames the daemon takes in ([`crate::mapping::NormalizedSkeleton`]): with `T_b` the bone's
//! skinning transform in `p` (`G_b · bind_b⁻¹`, its rotation part by polar decomposition when it has scale)
//! and `B_b` the avatar's rest-pose correction (the rotation from the bone's T-pose direction to its bind
//! direction; identity on a T-pose avatar), the bone's normalized world rotation is `N_b = rot(T_b) · B_b`
//! and the sent local rotation is
//!
//! ```text
//! n_b = N_parent(b)ᵀ · N_b,     parent(b) = the nearest ancestor bone that has a role (the hips: none, N = I)
//! ```
//!
//! so a T-pose avatar sends `rot(T_parent)ᵀ · rot(T_b)`, and an A-pose avatar at rest sends the rotations that
//! bring the receiver's T-pose arms down to its A-pose. Positions: the bone's rest offset from that parent
//! (bind heads, world-aligned), for the hips their current world position (`T_hips` applied to the hips' bind
//! head) over the avatar's rest floor (the height of its lowest rest vertex is subtracted, so that a receiver's
//! model stands on its floor whatever the origin of our asset), in metres.
//!
//! Axes: ours are glTF's (right-handed, +Y up, the avatar faces +Z, its left at +X); Unity's are left-handed
//! (+Y up, the avatar faces +Z, its left at −X). The conversion mirrors X (UniVRM's glTF ↔ Unity convention
//! for VRM 1.0): a position `(x, y, z)` is sent as `(−x, y, z)`, a rotation quaternion `(x, y, z, w)` as
//! `(x, −y, −z, w)` (`M R M` with `M = diag(−1, 1, 1)`): [`to_unity_position`], [`to_unity_rotation`] (on
//! [`avatar_humanoid::axes`], which the VMC input of `tracker-bridge` uses the other way).
//!
//! # Blendshapes
//! Every blendshape of the avatar's rig goes out under its own name with its weight from `p`: ARKit-named ones
//! (the default avatar's 52, a "Perfect Sync" VRM's) pass as they are, for receivers that drive Perfect Sync.
//! Then, when the avatar has ARKit-named blendshapes, the VRM expressions that follow from them, under the
//! VMC (VRM 0.x `BlendShapePreset`) names, each `Σ weight × blendshape` clamped to [0, 1] over the terms the
//! avatar has (the same table the daemon maps the face tracker's scores with,
//! [`crate::mapping::EXPRESSION_TABLE`]); a preset is left out when the avatar has a blendshape of that name:
//!
//! | VMC name | VRM 1.0 preset | from the avatar's blendshapes |
//! |---|---|---|
//! | `A` | `aa` | `jawOpen` |
//! | `I` | `ih` | ½ `mouthUpperUpLeft` + ½ `mouthUpperUpRight` |
//! | `U` | `ou` | `mouthPucker` |
//! | `E` | `ee` | ½ `mouthStretchLeft` + ½ `mouthStretchRight` |
//! | `O` | `oh` | `mouthFunnel` |
//! | `Blink_L`, `Blink_R` | `blinkLeft`, `blinkRight` | `eyeBlinkLeft`, `eyeBlinkRight` |
//! | `Joy` | `happy` | ½ `mouthSmileLeft` + ½ `mouthSmileRight` |
//! | `Angry` | `angry` | ½ `browDownLeft` + ½ `browDownRight` |
//! | `Sorrow` | `sad` | ½ `mouthFrownLeft` + ½ `mouthFrownRight` |
//! | `Surprised` | `surprised` | ½ `browInnerUp` + ¼ `eyeWideLeft` + ¼ `eyeWideRight` |
//! | `LookUp`, `LookDown` | `lookUp`, `lookDown` | ½ `eyeLookUp/DownLeft` + ½ `eyeLookUp/DownRight` |
//! | `LookLeft` | `lookLeft` | ½ `eyeLookOutLeft` + ½ `eyeLookInRight` |
//! | `LookRight` | `lookRight` | ½ `eyeLookInLeft` + ½ `eyeLookOutRight` |
//!
//! `Blink` (both eyes) is not sent: with `Blink_L` and `Blink_R` it would close the eyes twice. `Fun`
//! (`relaxed`) and `Neutral` have no blendshape that stands for them.
//!
//! VMC carries bones and blendshapes only: the simulated flesh (`z`, the secondary motion) does not travel
//! over it.
//!
//! # Failures
//! A send error is counted (`vmc.errors`; sent datagrams: `vmc.sent`, both in `Stats`) and logged at most
//! every [`LOG_EVERY`]; the task goes on. It ends only when the daemon stops (aborted at shutdown).

mod config;
mod encoder;
mod task;

pub use avatar_humanoid::unity::{unity_bone_name, HUMAN_BODY_BONES};
pub use config::{parse_target, VmcConfig, VmcConfigError, DEFAULT_PORT, DEFAULT_RATE_HZ, RATE_HZ_RANGE};
pub use encoder::{to_unity_position, to_unity_rotation, BonePose, VmcEncoder, MAX_DATAGRAM, PRESET_NAMES};
pub use task::{run, LOG_EVERY};
