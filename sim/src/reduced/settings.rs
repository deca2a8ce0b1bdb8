//! What a step is asked to do and what it reports: the elastic model, the flesh's rotations, tolerances, the
//! state carried from step to step.

use crate::reduced::model::ReducedModel;

/// Elastic model of the step: the two values of [`StepSettings::volume_preservation`], by name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elasticity {
    /// As-rigid-as-possible (λ ignored): exact global steps, energy never increases.
    Arap,
    /// Linear co-rotational: quasi-Newton global steps with a backtracking line search.
    Corotational,
}

impl Elasticity {
    /// The model of `volume_preservation` ([`StepSettings::volume_preservation`]).
    pub const fn of(volume_preservation: bool) -> Self {
        if volume_preservation {
            Elasticity::Corotational
        } else {
            Elasticity::Arap
        }
    }

    /// The [`StepSettings::volume_preservation`] of this model.
    pub const fn volume_preservation(self) -> bool {
        matches!(self, Elasticity::Corotational)
    }
}

/// What a step is asked to do. The knobs the daemon sets live have the daemon's names (`iterations`,
/// `volume_preservation`: `SetParams` and the config file use the same).
#[derive(Clone, Debug)]
pub struct StepSettings {
    /// The elastic model: `true` linear co-rotational (λ used: the volume is preserved), `false` ARAP (λ
    /// ignored); [`Elasticity`] names the two.
    pub volume_preservation: bool,
    /// Most local-global iterations per step.
    pub iterations: usize,
    /// Converged when `‖dz‖ ≤ tol (1 + ‖z‖)`.
    pub tolerance: f64,
    /// Gravity (m/s²), in the avatar frame (+Y up): e.g. `[0, -9.81, 0]`.
    pub gravity: [f64; 3],
    /// Record `E(z)` after every iteration in the report (costs one extra local step per iteration for ARAP).
    pub record_energy: bool,
    /// Ex-rotated solves ([`FleshMode`]) with λ > 0: PCG stops when `‖r‖_{P⁻¹} ≤ tol ‖b‖_{P⁻¹}`.
    pub pcg_tolerance: f64,
    /// Most PCG iterations per ex-rotated solve.
    pub pcg_max_iterations: usize,
    /// Anderson acceleration of the local-global fixed point (Peng et al. 2018, "Anderson Acceleration for
    /// Geometry Optimization and Physics Simulation"): the last `anderson` steps extrapolate the next iterate,
    /// kept only when it lowers the energy (else the plain local-global step is taken). 0: off.
    pub anderson: usize,
    /// Modal actuation coordinates `a` (paper 003, AaM): one per column of the model's `Ĝ`
    /// ([`ReducedModel::set_actuation`]); the co-rotational term's rest shape becomes `Y_c(a)` (see
    /// [`crate::reduced::step`]). Empty or all zero: off, the step is bitwise the passive one. Used by
    /// [`FleshMode::Corotational`] and by the co-rotational iterations of the warm start; the pure
    /// [`FleshMode::ExRotated`] solve ignores it (its rotations are the rig's, not a local step's).
    pub actuation: Vec<f64>,
}

impl Default for StepSettings {
    fn default() -> Self {
        StepSettings {
            volume_preservation: true,
            iterations: 10,
            tolerance: 1e-6,
            gravity: [0.0; 3],
            record_energy: false,
            pcg_tolerance: 1e-10,
            anderson: 0,
            pcg_max_iterations: 100,
            actuation: Vec::new(),
        }
    }
}

impl StepSettings {
    /// The elastic model, by name ([`StepSettings::volume_preservation`]).
    pub fn elasticity(&self) -> Elasticity {
        Elasticity::of(self.volume_preservation)
    }
}

/// The simulation state between steps: current and previous `z` and `p`.
#[derive(Clone, Debug)]
pub struct StepState {
    pub z: Vec<f64>,
    pub z_prev: Vec<f64>,
    pub p: Vec<f64>,
    pub p_prev: Vec<f64>,
    /// The last co-rotational step's cluster rotations: where the next step's polar decompositions start
    /// (fewer Newton iterations; the result does not depend on it). Empty: the identity.
    pub rotations: Vec<nalgebra::Matrix3<f64>>,
    /// The held part's terms for the next step ([`crate::reduced::held`]; empty: none). An input the caller
    /// writes before each step, not state: ignored by `==`.
    pub held: crate::reduced::held::HeldTerms,
    /// The step's buffers, reused from tick to tick (not state: ignored by `==`).
    pub(crate) workspace: crate::reduced::workspace::Workspace,
}

impl PartialEq for StepState {
    fn eq(&self, o: &Self) -> bool {
        (&self.z, &self.z_prev, &self.p, &self.p_prev, &self.rotations)
            == (&o.z, &o.z_prev, &o.p, &o.p_prev, &o.rotations)
    }
}

impl StepState {
    /// At rest: `z = 0`, rig parameters `p` held still.
    pub fn at_rest(model: &ReducedModel, p: &[f64]) -> Self {
        let z = vec![0.0; model.dofs];
        StepState {
            z: z.clone(),
            z_prev: z,
            p: p.to_vec(),
            p_prev: p.to_vec(),
            rotations: Vec::new(),
            held: Default::default(),
            workspace: Default::default(),
        }
    }
}

/// What one step did.
#[derive(Clone, Debug, Default)]
pub struct StepReport {
    /// Local-global iterations (0 for a pure ex-rotated step).
    pub iterations: usize,
    /// Whether the local-global iterations (or, for a pure ex-rotated step, its PCG solve) converged.
    pub converged: bool,
    /// PCG iterations of the ex-rotated solve ([`FleshMode::ExRotated`], or the warm start of
    /// [`FleshMode::CorotationalExRotatedWarmStart`]); 0 for the co-rotational step and for λ = 0 (one direct
    /// solve with the prefactored `A`).
    pub pcg_iterations: usize,
    /// Warm start only: whether the ex-rotated solution was taken as the starting point (it is not when its
    /// energy exceeds that of the previous `z`, the cold start).
    pub warm_start_used: bool,
    /// Energy `E(z)` at the start and after each iteration, when `record_energy` is set (for the warm start:
    /// at the previous `z`, at the warm start, then after each iteration).
    pub energy: Vec<f64>,
    /// Where the step's time went.
    pub phases: StepPhases,
}

/// Wall time of a step's phases on its thread (ns): the rig terms and the step's constants (`StepTerms`),
/// the local steps (cluster deformation gradients and polar rotations), the global steps (the rest of the
/// iterations: the closed-form update, the line search's energy, the ex-rotated solve).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepPhases {
    pub rig_terms_ns: u64,
    pub local_ns: u64,
    pub global_ns: u64,
}

/// Which rotations the flesh's elastic energy uses in a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FleshMode {
    /// Ex-rotated elasticity (paper 002, Eq. 5): the rig's skinned rotations; one quadratic solve.
    ExRotated,
    /// Co-rotational (ARAP for [`Elasticity::Arap`](crate::reduced::Elasticity)): polar rotations found by the
    /// local-global iterations of [`ReducedModel::step`].
    #[default]
    Corotational,
    /// The co-rotational step, started from the ex-rotated solution.
    CorotationalExRotatedWarmStart,
}

impl FleshMode {
    pub const ALL: [FleshMode; 3] =
        [FleshMode::ExRotated, FleshMode::Corotational, FleshMode::CorotationalExRotatedWarmStart];

    /// The mode's name (what [`FromStr`](std::str::FromStr) reads).
    pub const fn name(self) -> &'static str {
        match self {
            FleshMode::ExRotated => "exrotated",
            FleshMode::Corotational => "corotational",
            FleshMode::CorotationalExRotatedWarmStart => "corotational+exrotated-warmstart",
        }
    }
}

impl std::fmt::Display for FleshMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A flesh-mode name that is none of [`FleshMode::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFleshMode(pub String);

impl std::fmt::Display for UnknownFleshMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = FleshMode::ALL.iter().map(|m| m.name()).collect();
        write!(f, "unknown flesh mode `{}`: expected one of {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownFleshMode {}

impl std::str::FromStr for FleshMode {
    type Err = UnknownFleshMode;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FleshMode::ALL
            .into_iter()
            .find(|m| m.name() == s.trim())
            .ok_or_else(|| UnknownFleshMode(s.to_string()))
    }
}
