//! Subscriber side of the avatar runtime.
//!
//! # Layout
//! - [`subscribe`]: [`StateSubscriber`], a SUB socket on the daemon's state endpoint that decodes
//!   `AvatarState`s and tracks sequence gaps and daemon restarts per avatar.
//!
//! The wgpu renderer (vertex-shader skinning of `p` and `z`, headless and windowed) is planned here.

pub mod subscribe;

pub use subscribe::{GapTracker, StateSubscriber};
