//! Tracker side of the avatar runtime: gets tracker frames to the daemon.
//!
//! # Layout
//! - [`publisher`]: [`TrackerPublisher`], a PUB socket that connects to the daemon's tracker input, stamps
//!   frame headers (stream id, seq, send time) and reconnects on its own when the daemon restarts.
//! - [`vmc`]: VMC protocol input (OSC over UDP from VSeeFace, XR Animator, Warudo…) decoded into `RigFrame`s,
//!   converted from Unity's left-handed axes; [`VmcReceiver`] (UDP socket) and [`VmcDecoder`] (pure).
//! - [`synth`]: procedural MediaPipe-like pose streams (a person raising an arm) for demos and tests.
//!
//! The MediaPipe bridge itself is Python (`tracker-bridge/python/`, planned); recording, replay and BVH input
//! are planned here.

pub mod publisher;
pub mod synth;
pub mod vmc;

pub use publisher::{PublisherCounts, TrackerPublisher};
pub use vmc::{VmcCounts, VmcDecoder, VmcError, VmcReceiver};
