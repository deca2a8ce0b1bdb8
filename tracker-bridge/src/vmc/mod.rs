//! VMC protocol input (`vmc`): OSC over UDP from VSeeFace, XR Animator, Warudo, Virtual Motion Capture… turned
//! into [`RigFrame`](avatar_schema::RigFrame)s.
//!
//! [`VmcDecoder`] is the pure part (bytes in, frames out; no socket, no clock); [`VmcReceiver`] binds a tokio UDP
//! socket (default port [`DEFAULT_PORT`]) and feeds every datagram to a decoder in a background task.
//!
//! # Layout
//! - `decoder`: OSC messages to frames ([`VmcDecoder`], [`VmcCounts`], [`VmcStatus`], the addresses and limits);
//! - `receiver`: the UDP socket and its task ([`VmcReceiver`], [`VmcError`]).
//!
//! # Messages
//! | address | arguments | effect |
//! |---|---|---|
//! | `/VMC/Ext/Root/Pos` | name, px, py, pz, qx, qy, qz, qw [, scale xyz, offset xyz] | root transform (extras ignored) |
//! | `/VMC/Ext/Bone/Pos` | name, px, py, pz, qx, qy, qz, qw | one bone's local transform |
//! | `/VMC/Ext/Blend/Val` | name, value | a pending blendshape value |
//! | `/VMC/Ext/Blend/Apply` | — | commits the pending values and ends a frame |
//! | `/VMC/Ext/OK` | loaded [, calibration state, calibration mode [, tracking status]] | [`VmcDecoder::status`] |
//! | `/VMC/Ext/T` | time (s, sender clock) | [`VmcDecoder::sender_time`] |
//!
//! Other `/VMC/...` addresses (trackers, camera, lights, keys, settings…) are counted as ignored; anything else
//! as unknown. Floats may be sent as `f` or `d`. Bone and blendshape names are kept as sent (Unity
//! `HumanBodyBones` names such as `Hips`, `LeftUpperArm`; VRM or ARKit blendshape names): the daemon maps them.
//!
//! # Axes
//! VMC speaks Unity space: metres, +Y up, +Z forward, LEFT-handed, a humanoid facing +Z with its right at +X.
//! Ours (glTF, VRM 1.0) is right-handed with +Y up and the avatar facing +Z, its left at +X. The conversion
//! mirrors X (M = diag(-1, 1, 1), UniVRM's glTF <-> Unity convention for VRM 1.0, and the daemon's VMC output's):
//! a position p becomes M p = (-x, y, z) and a rotation R becomes M R M, which for a quaternion (x, y, z, w) is
//! (x, -y, -z, w) (the rotation axis is a pseudo-vector: it mirrors and flips). Forward stays forward, so a
//! performer's bow is the avatar's bow and a step forward is a step forward. The conversion is the workspace's
//! one: [`avatar_humanoid::axes`] ([`unity_to_gltf_position`](avatar_humanoid::unity_to_gltf_position),
//! [`unity_to_gltf_rotation`](avatar_humanoid::unity_to_gltf_rotation)).
//!
//! Bone rotations are Unity `localRotation`s: relative to the bind pose only for a normalised model (VRM,
//! where every bone's rest rotation is the identity), which is what VMC performers send.
//!
//! # Frames
//! The decoder keeps the latest transform of every bone it has seen and the last committed blendshape values,
//! and emits a [`RigFrame`](avatar_schema::RigFrame) with all of them (sticky state, as a VMC marionette applies it) when:
//! 1. `/VMC/Ext/Blend/Apply` arrives (it commits the pending blendshape values first);
//! 2. a datagram that is an OSC bundle (nested or not) ends after carrying bone or root data not yet emitted;
//! 3. a bone (or the root) that was already updated since the last frame is updated again: the sender has
//!    started its next frame, so the previous one is emitted first. This splits streams of unbundled messages
//!    (one message per datagram), at the cost of one frame interval of latency when the sender sends no Apply.
//!
//! Blendshape values without a following Apply never reach a frame. The root transform becomes
//! `root_position` and also the first bone, named [`ROOT_BONE`], carrying the root's rotation and translation
//! (a `RigFrame` has no root rotation field). Rotations are normalised (a zero quaternion is refused).
//!
//! Header: `capture_time_ns` and `send_time_ns` are the receive time given to [`VmcDecoder::feed`] (VMC's `/T`
//! is the sender's own clock, with an unknown offset; it is only recorded); `seq` counts emitted frames from 1;
//! `stream_id` is random per decoder.
//!
//! # Robustness
//! Malformed OSC, bundles nested deeper than [`MAX_BUNDLE_DEPTH`] (checked before decoding: the OSC decoder
//! recurses), wrong argument counts or types, non-finite numbers, zero quaternions, over-long names and more
//! than [`MAX_BONES`] / [`MAX_BLENDSHAPES`] distinct names are counted in [`VmcCounts`], logged at debug level
//! and skipped; nothing is fatal. A bad message only drops itself, not the rest of its bundle; a datagram of
//! which only a prefix decodes (e.g. a bundle cut short) is used up to there and counted as partial.

mod decoder;
mod receiver;
#[cfg(test)]
mod testing;

pub use decoder::{
    VmcCounts, VmcDecoder, VmcStatus, ADDR_BLEND_APPLY, ADDR_BLEND_VAL, ADDR_BONE, ADDR_OK, ADDR_ROOT,
    ADDR_TIME, MAX_BLENDSHAPES, MAX_BONES, MAX_BUNDLE_DEPTH, ROOT_BONE,
};
pub use receiver::{VmcError, VmcReceiver, DEFAULT_PORT, QUEUE};
