//! One simulated avatar, as the solver thread steps it each tick: tracker frames → `p` ([`retarget`]) → the
//! spring bones' rotations on top of `p` ([`avatar_sim::spring`], when the avatar has them) → reduced
//! dynamics → `z` ([`dynamics`]) → the values of one `AvatarState`.
//!
//! # Layout
//! - [`params`]: the per-avatar parameters (config file, `SetParams`), each declared once
//!   ([`params::PARAMS`]).
//! - [`retarget`]: input slots → filtered, mapped, interpolated `p`; hold and ease to rest on silence (a
//!   struct per stage, each with its own state and reset: sources, the pose / face / hand / rig frame mappers
//!   with their filters, grounding, the latest pieces, per-piece silence, composition, interpolation,
//!   whole-pose silence).
//! - [`dynamics`]: the reduced model at the current tick rate and stiffness, damping, teleports, the guard,
//!   the idle breathing's actuation `a` passed to the step, and the held part of the flesh (its joints'
//!   poses and its terms in the step, when the asset has one).
//! - [`teleport`]: the rig's transform handles and teleport detection (a jump in `p`): [`retarget`] does not
//!   interpolate a jump, [`dynamics`] makes it a standstill at the new pose.
//! - [`breathing`]: idle breathing (paper 003 modal actuation of the chest and belly fields): the signal, its
//!   ramp while idle, and the fields' `Ĝ` built from the asset.
//! - [`load`]: an avatar's asset (the embedded default avatar or a file) and its run-time pieces.

pub mod breathing;
pub mod dynamics;
pub mod load;
pub mod params;
pub mod retarget;
pub mod teleport;

use crate::ingest::Inputs;
use crate::time_step::TimeStep;
use avatar_schema::state_flags;
use avatar_sim::spring::{FleshAtPoints, SpringSettings, SpringSolver};
use dynamics::{Dynamics, StepOutcome};
use load::LoadedAvatar;
use params::SimParams;
use retarget::{MapCounts, Retarget};
use std::sync::Arc;
use teleport::is_teleport;

/// What one tick produced for one avatar (the solver wraps it into an `AvatarState`).
#[derive(Clone, Debug, Default)]
pub struct TickOutput {
    pub p: Vec<f32>,
    pub z: Vec<f32>,
    /// The held flesh's joints (`AvatarState.held`; empty without a held part).
    pub held: Vec<f32>,
    pub flags: u32,
    pub input_seq: u64,
    pub input_capture_time_ns: i64,
    pub fresh_input: bool,
    pub step: StepOutcome,
    pub counts: MapCounts,
    /// Time spent mapping the input to `p` (ns).
    pub retarget_ns: u64,
    /// Time spent in the spring bones' step (ns; 0 without springs).
    pub springs_ns: u64,
    /// `p` or `z` held a value beyond what f32 carries; the rest pose was published instead (`DEGRADED`).
    pub unrepresentable: bool,
}

/// Whether every value survives the cast to f32 that puts it on the wire (finite, within ±f32::MAX).
fn fits_f32(v: &[f64]) -> bool {
    v.iter().all(|x| x.abs() <= f32::MAX as f64)
}

pub struct AvatarSim {
    pub avatar: Arc<LoadedAvatar>,
    retarget: Retarget,
    dynamics: Dynamics,
    /// The spring bones' state (`None`: the avatar has none).
    springs: Option<SpringSolver>,
    /// The flesh's displacement at the spring colliders' points: they move with the last tick's `z`.
    collider_flesh: Option<FleshAtPoints>,
    /// The tracked pose of the last tick (before the springs), for their teleport reset.
    last_target: Vec<f64>,
    handles: Vec<usize>,
}

impl AvatarSim {
    /// At rest, ticking at `time_step` (or a tick rate, Hz).
    pub fn new(
        avatar: Arc<LoadedAvatar>,
        params: &SimParams,
        time_step: impl Into<TimeStep>,
    ) -> Result<Self, String> {
        let sim = &avatar.asset.sim;
        let retarget = Retarget::new(
            &sim.rig,
            Some((&avatar.asset.render.rig, &avatar.asset.render.vertices)),
            avatar.pose_map.as_ref(),
            params,
            avatar.sources.clone(),
            avatar.asset.source.humanoid.clone(),
            &avatar.asset.expressions,
        )?;
        let dynamics = Dynamics::new(
            sim,
            &avatar.asset.source.humanoid,
            retarget.rest_p(),
            time_step.into().h,
            params.stiffness,
        )?;
        let springs = match avatar.asset.springs.validate_for(&sim.rig) {
            _ if avatar.asset.springs.is_empty() => None,
            Ok(()) => Some(SpringSolver::new(&sim.rig, &avatar.asset.springs)),
            Err(e) => return Err(format!("the spring bones do not fit the rig: {e}")),
        };
        let collider_flesh = match &springs {
            Some(s) if !avatar.asset.springs.colliders.is_empty() => Some(
                FleshAtPoints::new(&sim.mesh, &sim.weights, s.collider_rest_points())
                    .map_err(|e| format!("placing the spring colliders in the flesh: {e}"))?,
            ),
            _ => None,
        };
        let last_target = retarget.rest_p().to_vec();
        let handles = sim.rig.handle_offsets();
        Ok(AvatarSim { avatar, retarget, dynamics, springs, collider_flesh, last_target, handles })
    }

    pub fn dynamics(&self) -> &Dynamics {
        &self.dynamics
    }

    /// What the grounding did on the last body frame (`None`: the avatar's skeleton has no hips or legs).
    pub fn grounding(&self) -> Option<&crate::mapping::grounding::GroundingReport> {
        self.retarget.grounding()
    }

    /// The visemes lip sync cannot show on this avatar (all five: it has no mouth shapes).
    pub fn missing_visemes(&self) -> Vec<&'static str> {
        self.retarget.missing_visemes()
    }

    /// What the label stage did: pose frames swapped back, segments relabelled (cumulative).
    pub fn labels(&self) -> &crate::mapping::labels::LabelReport {
        self.retarget.labels()
    }

    /// One tick of `time_step` (or a tick rate, Hz) at local time `now_ns`. `reset`: forget the input and
    /// the motion (a `ResetAvatar` request).
    pub fn tick(
        &mut self,
        inputs: &Inputs,
        now_ns: i64,
        time_step: impl Into<TimeStep>,
        params: &SimParams,
        reset: bool,
    ) -> TickOutput {
        let sim = &self.avatar.asset.sim;
        let h = time_step.into().h;
        let mut flags = 0;
        if reset {
            self.retarget.reset();
            self.dynamics.reset(self.retarget.rest_p());
            flags |= state_flags::RESET;
        }
        let started = std::time::Instant::now();
        let mut target = self.retarget.tick(&sim.rig, inputs, now_ns, h, params);
        let retarget_ns = started.elapsed().as_nanos() as u64;
        flags |= target.flags;
        // Every published float must fit f32: `p` is checked here, where it is formed (f64, from f32 input that
        // a sum such as translation + root position can still push past f32::MAX), and `z` after the step.
        let mut unrepresentable = false;
        if !fits_f32(&target.p) {
            // never let it reach the solver or the wire
            self.retarget.reset();
            target.p = self.retarget.rest_p().to_vec();
            flags |= state_flags::DEGRADED;
            unrepresentable = true;
        }
        // Spring bones: after the tracked pose, before the flesh, so the flesh's rig terms, the renderer and
        // every subscriber see the same hair. They restart at rest on a reset, a jump of the rig and a new
        // tracker stream.
        let mut springs_ns = 0;
        if let Some(springs) = &mut self.springs {
            let started = std::time::Instant::now();
            let settings = SpringSettings {
                enabled: params.springs,
                stiffness_scale: params.spring_stiffness,
                gravity_scale: params.spring_gravity,
                drag_scale: params.spring_drag,
            };
            // off: the step below only forgets the motion (and turning them on again starts at rest)
            if settings.enabled {
                let jumped = is_teleport(&self.last_target, &target.p, &self.handles, params);
                self.last_target.clone_from(&target.p);
                if reset || jumped || target.restarted {
                    springs.reset();
                }
                // colliders on soft regions ride the flesh: its displacement at their points, from the last
                // tick's `z` (the flesh steps after the springs)
                if let Some(f) = &mut self.collider_flesh {
                    springs.set_collider_shifts(f.displacements(&self.dynamics.state.z));
                }
            }
            springs.tick(&mut target.p, h, &settings);
            springs_ns = started.elapsed().as_nanos() as u64;
        }
        let mut step = self.dynamics.step(sim, &target.p, h, params, target.idle);
        if !step.guard_reset && !fits_f32(&self.dynamics.state.z) {
            self.dynamics.reset(&target.p);
            step.guard_reset = true;
            unrepresentable = true;
        }
        if step.guard_reset {
            flags |= state_flags::RESET | state_flags::DEGRADED;
        }
        let z = &self.dynamics.state.z;
        let mut held = Vec::new();
        avatar_sim::reduced::held::write_wire(self.dynamics.held_poses(), &mut held);
        if held.iter().any(|x| !x.is_finite()) {
            // cannot happen (the pose is clamped to the trained ball), but never publish what readers refuse
            held.clear();
        }
        TickOutput {
            unrepresentable,
            p: target.p.iter().map(|&v| v as f32).collect(),
            z: z.iter().map(|&v| v as f32).collect(),
            held,
            flags,
            input_seq: target.input_seq,
            input_capture_time_ns: target.input_capture_time_ns,
            fresh_input: target.fresh,
            step,
            counts: target.counts,
            retarget_ns,
            springs_ns,
        }
    }
}
