//! One avatar's reduced complementary dynamics at run time (paper 000, Alg. 2, through
//! [`ReducedModel::step_with_rotations`]): the model rebuilt when the tick rate or stiffness changes, damping,
//! teleport handling and the solver guard.

use super::breathing::{breathing_gradient, Breathing};
use super::params::SimParams;
use avatar_sim::precompute::Precomputed;
use avatar_sim::reduced::FleshMode;
use avatar_sim::reduced::{ReducedModel, ReducedParts};
use avatar_sim::reduced::{StepOptions, StepState};
use avatar_sim::rig::RigPart;
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
        let handles = handle_offsets(&sim.rig);
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

    /// Back to rest at `p`: `z = 0`, no rig velocity, no breath.
    pub fn reset(&mut self, p: &[f64]) {
        self.state = StepState::at_rest(&self.model, p);
        self.breathing = Breathing::default();
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
        let opts = StepOptions {
            volume_preservation: params.volume_preservation,
            iterations: params.iterations,
            anderson: params.anderson,
            gravity: params.gravity,
            actuation,
            ..StepOptions::default()
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

/// First parameter of every 12-entry handle (the affine part's, every bone's) of `rig`.
pub fn handle_offsets(rig: &avatar_sim::rig::Rig) -> Vec<usize> {
    let mut handles = Vec::new();
    for (part, &o) in rig.parts().iter().zip(rig.part_offsets()) {
        match part {
            RigPart::Affine => handles.push(o),
            RigPart::Lbs(l) => handles.extend((0..l.num_bones()).map(|b| o + 12 * b)),
            RigPart::Blendshapes(_) => {}
        }
    }
    handles
}

/// Whether going from `p_now` to `p_next` moves a bone's translation by more than `teleport_distance` or
/// changes its 3×3 part by more than `teleport_angle` (the Frobenius norm `‖R₁ − R₀‖ = 2√2 sin(θ/2)` for
/// rotations), for the 12-entry handles starting at `handles`. Blendshape weights never count.
pub fn is_teleport(p_now: &[f64], p_next: &[f64], handles: &[usize], params: &SimParams) -> bool {
    let max_linear = 2.0 * std::f64::consts::SQRT_2 * (params.teleport_angle / 2.0).sin();
    handles.iter().any(|&o| {
        let (a, b) = (&p_now[o..o + 12], &p_next[o..o + 12]);
        let dt = (0..3).map(|r| (a[4 * r + 3] - b[4 * r + 3]).powi(2)).sum::<f64>().sqrt();
        let dl = (0..3)
            .flat_map(|r| (0..3).map(move |c| 4 * r + c))
            .map(|i| (a[i] - b[i]).powi(2))
            .sum::<f64>()
            .sqrt();
        dt > params.teleport_distance || dl > max_linear
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teleport_is_a_jump_in_translation_or_rotation() {
        let params = SimParams::default();
        let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let mut moved = id;
        moved[3] = 0.01; // 1 cm
        assert!(!is_teleport(&id, &moved, &[0], &params));
        moved[3] = 10.0;
        assert!(is_teleport(&id, &moved, &[0], &params));
        let flip = [-1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]; // 180° about z
        assert!(is_teleport(&id, &flip, &[0], &params));
        let (s, c) = (0.05f64.sin(), 0.05f64.cos()); // 0.05 rad
        let small = [c, -s, 0.0, 0.0, s, c, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        assert!(!is_teleport(&id, &small, &[0], &params));
    }
}
