//! [`PrecomputeError`]: why the precompute refused or failed.

use crate::fem::MaterialError;
use crate::leak::LeakError;
use crate::modes::dense::ModesError;
use crate::reduced::model::ReducedError;
use crate::rig::RigError;

#[derive(Debug, thiserror::Error)]
pub enum PrecomputeError {
    #[error("settings: {0}")]
    Settings(String),
    #[error(transparent)]
    Material(#[from] MaterialError),
    #[error(transparent)]
    Anatomy(#[from] crate::anatomy::AnatomyError),
    #[error(transparent)]
    Rig(#[from] RigError),
    #[error("momentum leak: {0}")]
    Leak(#[from] LeakError),
    #[error("skinning eigenmodes: {0}")]
    Modes(#[from] ModesError),
    #[error("reduced precompute: {0}")]
    Reduced(#[from] ReducedError),
}
