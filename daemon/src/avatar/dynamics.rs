//! One avatar's reduced complementary dynamics at run time (paper 000, Alg. 2, through
//! [`ReducedModel::step_with_rotations`]): the model rebuilt when the tick rate or stiffness changes, damping,
//! teleport handling and the solver guard.

use super::breathing::{breathing_gradient, Breathing};
use super::params::SimParams;
use super::teleport::is_teleport;
use avatar_sim::precompute::Precomputed;
use avatar_sim::reduced::held::{HeldModel, JointPose};
use avatar_sim::reduced::FleshMode;
use avatar_sim::reduced::{ReducedModel, ReducedParts};
use avatar_sim::reduced::{StepSettings, StepState};
use avatar_sim::rig::{PoseRotations, RotationWeights};

/// What one [`Dynamics::step`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepOutcome {
    pub iterations: usize,
    pub pcg_iterations: usize,
    /// The rig jumped (see [`SimParams::teleport_distance`]); its velocity was not fed to the flesh.
    pub teleport: bool,
    /// The guard fired: the state was non-finite or beyond `max_z` and was reset to the rig pose.
    pub guard_reset: bool,
    /// The model was rebuilt before this step (new time step or stiffness).
    pub rebuilt: bool,
    /// The breathing actuation `a = [chest, belly]` of this step (empty: none).
    pub breathing: [f64; 2],
    /// Where the step's time went.
    pub phases: avatar_sim::reduced::StepPhases,
}

pub struct Dynamics {
    /// The asset's reduced matrices at stiffness 1.
    base: ReducedParts,
    model: ReducedModel,
    /// (time step, stiffness) the model was built for.
    built_for: (f64, f64),
    /// Skinned-rotation weights of the clusters, made the first time a flesh mode needs them.
    cluster_weights: Option<RotationWeights>,
    /// First parameter of every 12-entry handle (affine part and bones) of the rig.
    handles: Vec<usize>,
    /// Each mode's damping multiplier (the anatomy's per-region `damping`).
    mode_damping: Vec<f64>,
    /// The breathing fields' `Ĝ` (paper 003 modal actuation; `None`: the avatar cannot breathe) and signal.
    breathing_g: Option<faer::Mat<f64>>,
    pub breathing: Breathing,
    /// The held (quasi-static) part of the flesh, when the asset has one ([`avatar_sim::reduced::held`]), and
    /// its joints' poses at the last step.
    held: Option<HeldModel>,
    held_poses: Vec<JointPose>,
    pub state: StepState,
}

impl Dynamics {
    /// At rest at rig parameters `p`, with time step `h`; `humanoid` is the asset's role → bone map (for the
    /// breathing fields, built here once from the simulation mesh, rig and material).
    pub fn new(
        sim: &Precomputed,
        humanoid: &std::collections::BTreeMap<String, String>,
        p: &[f64],
        h: f64,
        stiffness: f64,
    ) -> Result<Self, String> {
        let base = sim.reduced.clone();
        let mut model = ReducedModel::from_parts(base.rescaled(h, stiffness)).map_err(|e| e.to_string())?;
        let breathing_g = match breathing_gradient(sim, humanoid) {
            Ok(g) => Some(g),
            Err(e) => {
                tracing::info!("this avatar does not breathe: {e}");
                None
            }
        };
        if let Some(g) = &breathing_g {
            model.set_actuation(g.clone()).map_err(|e| e.to_string())?;
        }
        let state = StepState::at_rest(&model, p);
        let handles = sim.rig.handle_offsets();
        let held = avatar_sim::held::model(sim)?;
        let mode_damping = sim.mode_damping();
        Ok(Dynamics {
            base,
            model,
            built_for: (h, stiffness),
            cluster_weights: None,
            handles,
            mode_damping,
            breathing_g,
            breathing: Breathing::default(),
            held,
            held_poses: Vec::new(),
            state,
        })
    }

    /// Whether the avatar has breathing fields.
    pub fn can_breathe(&self) -> bool {
        self.breathing_g.is_some()
    }

    pub fn model(&self) -> &ReducedModel {
        &self.model
    }

    /// The held part of the flesh, if the avatar has one.
    pub fn held(&self) -> Option<&HeldModel> {
        self.held.as_ref()
    }

    /// The held part's joints at the last step (empty without one): `u_h = held().displacement(held_poses())`.
    pub fn held_poses(&self) -> &[JointPose] {
        &self.held_poses
    }

    /// Back to rest at `p`: `z = 0`, no rig velocity, no breath.
    pub fn reset(&mut self, p: &[f64]) {
        self.state = StepState::at_rest(&self.model, p);
        self.breathing = Breathing::default();
        if let Some(held) = &mut self.held {
            held.reset();
        }
    }

    /// Advance one tick of length `h` to rig parameters `p`; `idle`: no live tracker input (breathing acts,
    /// see [`super::breathing`]).
    pub fn step(
        &mut self,
        sim: &Precomputed,
        p: &[f64],
        h: f64,
        params: &SimParams,
        idle: bool,
    ) -> StepOutcome {
        let mut out = StepOutcome::default();
        if self.built_for != (h, params.stiffness) {
            match ReducedModel::from_parts(self.base.rescaled(h, params.stiffness)) {
                Ok(mut m) => {
                    if let Some(g) = &self.breathing_g {
                        // Γ, and so Ĝ, does not change with a uniform stiffness scaling
                        if let Err(e) = m.set_actuation(g.clone()) {
                            tracing::error!("breathing fields do not fit the rebuilt model: {e}");
                        }
                    }
                    self.model = m;
                    self.built_for = (h, params.stiffness);
                    out.rebuilt = true;
                }
                // validated parameters cannot make a valid asset's model fail; keep the old one if it happens
                Err(e) => {
                    tracing::error!("rebuilding the reduced model failed, keeping the previous one: {e}")
                }
            }
        }
        if is_teleport(&self.state.p, p, &self.handles, params) {
            // Eq. 31's inertia term sees p̂ = 2p_t − p_{t−1}: make the jump a standstill at the new pose.
            self.state.p.copy_from_slice(p);
            self.state.p_prev.copy_from_slice(p);
            out.teleport = true;
            if let Some(held) = &mut self.held {
                held.reset();
            }
        }
        // the held part at the new pose: its terms in the step (paper 000 Eq. 31 with u_h in the rig)
        if let Some(held) = &mut self.held {
            self.held_poses = held.pose(p);
            held.terms(&self.held_poses, &mut self.state.held);
        }
        // Damping: ẑ = z + e^{−c h}(z − z_prev), through z_prev (the step forms ẑ = 2z − z_prev); mode k's 12
        // coordinates with c times its multiplier.
        for (k, f) in self.mode_damping.iter().enumerate() {
            let keep = (-params.damping * f * h).exp();
            for (zp, z) in
                self.state.z_prev[12 * k..12 * k + 12].iter_mut().zip(&self.state.z[12 * k..12 * k + 12])
            {
                *zp = z - keep * (z - *zp);
            }
        }
        let actuation =
            if self.breathing_g.is_some() { self.breathing.tick(h, idle, params) } else { Vec::new() };
        if let [chest, belly] = actuation[..] {
            out.breathing = [chest, belly];
        }
        let opts = StepSettings {
            volume_preservation: params.volume_preservation,
            iterations: params.iterations,
            anderson: params.anderson,
            gravity: params.gravity,
            actuation,
            ..StepSettings::default()
        };
        let report = if params.flesh_mode == FleshMode::Corotational {
            self.model.step(&mut self.state, p, &opts)
        } else {
            let weights = self
                .cluster_weights
                .get_or_insert_with(|| RotationWeights::per_cluster(&sim.rig, &sim.mesh, &sim.clustering));
            let rotations = weights.rotations(&PoseRotations::new(&sim.rig, p));
            self.model.step_with_rotations(&mut self.state, p, &rotations, params.flesh_mode, &opts)
        };
        out.iterations = report.iterations;
        out.pcg_iterations = report.pcg_iterations;
        out.phases = report.phases;
        let bad = |v: &f64| !v.is_finite() || v.abs() > params.max_z;
        if self.state.z.iter().any(bad) || self.state.z_prev.iter().any(|v| !v.is_finite()) {
            self.reset(p);
            out.guard_reset = true;
        }
        out
    }
}
