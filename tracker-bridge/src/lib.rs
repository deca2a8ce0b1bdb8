//! Tracker side of the avatar runtime: gets tracker frames to the daemon.
//!
//! # Layout
//! In the order data flows, from a source of motion to the daemon's tracker input:
//! - [`mocap`]: motion capture files (BVH): a strict reader and the conversion of its frames to `RigFrame`s.
//! - [`vmc`]: VMC protocol input (OSC over UDP from VSeeFace, XR Animator, Warudo…) decoded into `RigFrame`s,
//!   converted from Unity's left-handed axes; [`VmcReceiver`] (UDP socket) and [`VmcDecoder`] (pure).
//! - [`synth`]: procedural MediaPipe-like pose streams (a person raising an arm) for demos and tests.
//! - [`recording`]: the `.avtrrec` recording format (wire messages with their timing), read and verified.
//! - [`replay`]: replaying a recording with its timing through a publisher, and recording a live stream.
//! - `publisher`: [`TrackerPublisher`], a PUB socket that connects to the daemon's tracker input, stamps
//!   frame headers (stream id, seq, send time) and reconnects on its own when the daemon restarts.
//!
//! The `tracker-bridge` command line (`replay`, `record`, `bvh`, `vmc`, `synth`) is the binary's
//! (`src/bin/tracker-bridge/`), on top of this library. The MediaPipe bridge itself is Python
//! (`tracker-bridge/python/`). Trackers send raw data: smoothing (One-Euro) is done once, in the daemon's
//! tracker-to-rig mapping, where all sources of an avatar meet.

pub mod mocap;
mod publisher;
pub mod recording;
pub mod replay;
pub mod synth;
pub mod vmc;

pub use publisher::{PublisherCounts, TrackerPublisher, QUEUE as PUBLISHER_QUEUE};
pub use vmc::{VmcCounts, VmcDecoder, VmcError, VmcReceiver};
