//! The step's buffers ([`Workspace`]): the local-global iterate, the per-iteration scratch and the buffers of
//! the step's constant terms, kept in [`StepState`](crate::reduced::StepState) from tick to tick. Data only;
//! `local_global` fills and uses them.

use nalgebra::Matrix3;

/// The iterate: `z`, `Az`, the quadratic part `Q(z) = ½zᵀAz + linearᵀz`, and the local step at `z`: the cluster
/// deformation gradients `F̃(z)` (9r, rows `c·3r + 3·cl + j`), their rotations and `tr(RᵀF̃)`.
#[derive(Clone)]
pub(crate) struct Iterate {
    pub(super) z: Vec<f64>,
    pub(super) az: Vec<f64>,
    pub(super) quadratic: f64,
    pub(super) f: Vec<f64>,
    pub(super) rot: Vec<Matrix3<f64>>,
    pub(super) trace: Vec<f64>,
}

/// Per-iteration buffers.
#[derive(Clone, Default)]
pub(crate) struct Scratch {
    pub(super) dphi: Vec<f64>,
    pub(super) dz: Vec<f64>,
    pub(super) a_dz: Vec<f64>,
    /// z at the start of the line search.
    pub(super) z0: Vec<f64>,
}

/// The buffers of [`StepTerms`](crate::reduced::local_global::StepTerms).
#[derive(Clone, Default)]
pub(crate) struct TermBuffers {
    pub(super) z_hat: Vec<f64>,
    pub(super) dp: Vec<f64>,
    pub(super) natural: Vec<f64>,
    pub(super) linear: Vec<f64>,
    pub(super) c: Vec<f64>,
    pub(super) f_rig: Vec<f64>,
    /// The handle blocks' inputs and outputs.
    pub(super) hx: Vec<f64>,
    pub(super) hy: Vec<f64>,
}

/// Every buffer of a co-rotational step, kept in [`StepState`](crate::reduced::StepState) from tick to tick so that a warm solver thread
/// steps without allocating (faer's explicit-scratch style). It carries no state: every use overwrites it, so
/// states that differ only here are equal.
#[derive(Clone, Default)]
pub(crate) struct Workspace {
    pub(super) terms: TermBuffers,
    pub(super) iterate: Option<Iterate>,
    pub(super) scratch: Scratch,
}

impl std::fmt::Debug for Workspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Workspace { .. }")
    }
}
