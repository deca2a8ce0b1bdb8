//! The commands: `run` ([`run`]: the runtime), `live` ([`live`]: the runtime with the tracker, the viewer and a
//! status line, in one command), and the offline ones: [`precompute`], [`simulate`], `import` and `export`
//! ([`assets`]), [`flesh`], [`prior`] (the force prior of force-dual modes, measured on real motion), and
//! [`setup`] (`setup capture`: the capture page's MediaPipe files, downloaded once). Each parses its flags and
//! calls the libraries.

pub mod assets;
pub mod flesh;
pub mod live;
pub mod precompute;
pub mod prior;
pub mod run;
pub mod setup;
pub mod simulate;

pub use avatar_lab::args::{ComplementarityArg, EigensolverArg, InteriorInverseArg};
