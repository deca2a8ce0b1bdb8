//! What the flesh does, measured on an avatar: the secondary displacement `u` of a set of vertices for the
//! reduced coordinates `z` and the tet check of `rig(p) + B z` ([`displacement`]), grouped by body region
//! ([`regions`]).

pub mod displacement;
pub mod regions;

pub use displacement::{Displacement, TetCheck, TetCounts, COLLAPSED_FRACTION};
pub use regions::{first_lbs, regions, Regions};
