//! `avatar-lab`: what the avatar runtime's commands, benchmarks and tests share, as a library over the runtime
//! (`avatard`) and the simulation core (`avatar-sim`). The command line (`avatard-cli`) and the benchmarks
//! (`avatard-bench`) depend on it; the runtime library depends on nothing here, so an engine that embeds
//! `avatard` carries no measurement harness.
//!
//! # Layout
//! - [`motion`]: the standard motions (the CMU jumps clip in [`motion::jumps`], hops, twist, head shake, arm
//!   swing) as rig frames, driven through an avatar's own step on a simulated clock ([`motion::drive`]), and
//!   rig-parameter series `p(t)` from motions and tracker recordings ([`motion::series`]).
//! - [`measure`]: the secondary displacement `u` per body region (the demo's summary, the jiggle benchmark).
//! - [`prior`]: the force prior of force-dual modes (`Σ_p̈`), measured on those series.
//! - [`follow`]: how closely an avatar follows a recorded tracker stream (error, delay, jitter per limb): the
//!   tracking benchmark and the tests that hold its goals (`lab/tests/`).
//! - [`planted`]: planted feet and still ankles read from a recording's image landmarks (what the grounding
//!   benchmark and tests measure sliding on).
//! - [`args`]: flags several commands and benchmarks share (the avatar and its cache, the web output, the
//!   precompute's choices).
//! - [`util`]: JSON files. Order statistics are [`avatar_sim::stats`].

pub mod args;
pub mod follow;
pub mod measure;
pub mod motion;
pub mod planted;
pub mod prior;
pub mod util;
