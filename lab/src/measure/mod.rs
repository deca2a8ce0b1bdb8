//! What the flesh does, measured on an avatar: the secondary displacement `u` of a set of vertices for the
//! reduced coordinates `z` and the tet check of `rig(p) + B z` ([`displacement`]), grouped by body region
//! ([`regions`]); the dominant frequency and decay time of a region's swing ([`oscillation`]).

pub mod displacement;
pub mod oscillation;
pub mod regions;

pub use displacement::{Displacement, TetCheck, TetCounts, COLLAPSED_FRACTION};
pub use regions::{first_lbs, regions, Regions};
