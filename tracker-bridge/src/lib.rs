//! Tracker side of the avatar runtime: gets tracker frames to the daemon.
//!
//! # Layout
//! - [`publisher`]: [`TrackerPublisher`], a PUB socket that connects to the daemon's tracker input, stamps
//!   frame headers (stream id, seq, send time) and reconnects on its own when the daemon restarts.
//! - [`synth`]: procedural MediaPipe-like pose streams (a person raising an arm) for demos and tests.
//!
//! The MediaPipe bridge itself is Python (`tracker-bridge/python/`, planned); recording, replay, BVH and VMC
//! input are planned here.

pub mod publisher;
pub mod synth;

pub use publisher::{PublisherCounts, TrackerPublisher};
