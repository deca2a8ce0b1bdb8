//! Motions an avatar is driven with outside live tracking: the standard motions as `RigFrame` streams and
//! their timeline ([`motions`]), the tick loop through an avatar's own step on a simulated clock ([`drive`]),
//! and rig-parameter series `p(t)` from those motions and from tracker recordings ([`series`]); the CMU jumps
//! clip as rig frames ([`jumps`]: the demo's and the jiggle benchmark's motion).

pub mod drive;
pub mod jumps;
pub mod motions;
pub mod series;
