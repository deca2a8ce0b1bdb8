//! Tracker side of the avatar runtime: gets tracker frames to the daemon.
//!
//! # Layout
//! - [`bvh`]: BVH motion capture files: a strict reader and the conversion of its frames to `RigFrame`s.
//! - [`publisher`]: [`TrackerPublisher`], a PUB socket that connects to the daemon's tracker input, stamps
//!   frame headers (stream id, seq, send time) and reconnects on its own when the daemon restarts.
//! - [`synth`]: procedural MediaPipe-like pose streams (a person raising an arm) for demos and tests.
//!
//! The MediaPipe bridge itself is Python (`tracker-bridge/python/`, planned); recording, replay and VMC input are
//! planned here.

pub mod bvh;
pub mod publisher;
pub mod synth;

pub use publisher::{PublisherCounts, TrackerPublisher};
