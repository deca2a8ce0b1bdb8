//! The avatar runtime's wire protocol.
//!
//! # Layout
//! - `avatar.fbs` (crate root folder): the FlatBuffers schema, the single source of truth. Every message is a
//!   `Message` root with the file identifier "AVTR"; `schema/README.md` documents every field.
//! - [`generated`]: flatc 25.12.19 output, committed; `cargo xtask gen-schema --check` proves it is current.
//! - [`pose_landmarks`]: MediaPipe Pose landmark indices and their left/right pairing (the table lives in
//!   `avatar-humanoid`'s `mediapipe` module, beside the face blendshape names).
//! - [`types`]: owned message types ([`Message`] and its payloads) that the rest of the runtime uses.
//! - [`encode`](mod@encode): owned message -> bytes ([`Encoder`] reuses its buffer).
//! - [`clock`]: the protocol's clock (UNIX nanoseconds).
//! - [`decode`](mod@decode): untrusted bytes -> verified, validated [`Message`] or a [`DecodeError`] with a counted
//!   [`Reject`] reason. Nothing reaches the solver except through [`decode()`]. `decode/` holds the reject
//!   reasons, the shared field checks, and the trackers' and the daemon's messages.

pub mod clock;
pub mod decode;
pub mod encode;
pub mod generated;
pub mod samples;
pub mod types;

pub use avatar_humanoid::mediapipe::pose as pose_landmarks;
pub use decode::{decode, DecodeError, Reject, RejectCounts};
pub use encode::{encode, Encoder};
pub use types::*;
