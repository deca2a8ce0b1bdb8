//! Tracker side of the avatar runtime: gets tracker frames to the daemon.
//!
//! # Layout
//! - [`bvh`]: BVH motion capture files: a strict reader and the conversion of its frames to `RigFrame`s.
//! - [`publisher`]: [`TrackerPublisher`], a PUB socket that connects to the daemon's tracker input, stamps
//!   frame headers (stream id, seq, send time) and reconnects on its own when the daemon restarts.
//! - [`vmc`]: VMC protocol input (OSC over UDP from VSeeFace, XR Animator, Warudo…) decoded into `RigFrame`s,
//!   converted from Unity's left-handed axes; [`VmcReceiver`] (UDP socket) and [`VmcDecoder`] (pure).
//! - [`synth`]: procedural MediaPipe-like pose streams (a person raising an arm) for demos and tests.
//! - [`recording`]: the `.avtrrec` recording format (wire messages with their timing), read and verified.
//! - [`replay`]: replaying a recording with its timing through a publisher, and recording a live stream.
//! - [`cli`]: the `tracker-bridge` command line (`replay`, `record`, `bvh`, `vmc`, `synth`).
//!
//! The MediaPipe bridge itself is Python (`tracker-bridge/python/`). Trackers send raw data: smoothing
//! (One-Euro) is done once, in the daemon's tracker-to-rig mapping, where all sources of an avatar meet.

pub mod bvh;
pub mod cli;
pub mod publisher;
pub mod recording;
pub mod replay;
pub mod synth;
pub mod vmc;

pub use publisher::{PublisherCounts, TrackerPublisher};
pub use vmc::{VmcCounts, VmcDecoder, VmcError, VmcReceiver};
