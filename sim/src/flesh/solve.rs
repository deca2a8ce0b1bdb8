//! The per-pose flesh solves (paper 002, §5–6), as a pipeline of stages per frame:
//!
//! 1. **skinning update**: skinned rotations per tet and per vertex, the rig's positions (`x_c(q)` for the
//!    constrained vertices, the reference shape when the rig has blendshapes);
//! 2. **stiffness build**: `H(q)` and the free right-hand side `r_f = g_f(q) − H_fc x_c` (Eq. 4);
//! 3. **solve**, one of:
//!    - [`FleshModel::solve_boundary`]: modified Newton on the boundary (Eq. 13, §6.1). Each step relaxes the
//!      interior to equilibrium (Eq. 7: PCG preconditioned by `R* L_i⁻ᵀ L_i⁻¹ R*ᵀ`, IC(0) of `H_ii(0)`), forms
//!      the boundary force `f*_b` (Eq. 8) and solves `S̃ z = f*_b` by PCG (the step is `z` conjugated against the
//!      previous step, of exactly minimising length: see `boundary`), where `S̃ w = H_bb w −
//!      H_bi R* L_i⁻ᵀ L_i⁻¹ R*ᵀ H_ib w` (never formed) and the preconditioner is the skinned `R* K̃_b(0)⁻¹
//!      R*ᵀ` (Eq. 14–16);
//!    - [`FleshModel::solve_volumetric`]: the paper's baseline, PCG on all free vertices preconditioned by
//!      `R* L⁻ᵀ L⁻¹ R*ᵀ` with `L` the IC(0) of `H_ff(0)` (§7);
//!    - [`FleshModel::solve_direct`]: sparse Cholesky of `H_ff(q)`, the reference for tests.
//!
//! Collision springs (`collide`) enter only the boundary rows (§5.2): they join the boundary force and the
//! operator of each Newton step, and the preconditioner is kept as is.
//!
//! Positions are vertex-major in the partition's numbering inside; the public API speaks the mesh's own
//! numbering.
//!
//! This file holds the model (construction, settings, state, reports) and stages 1–2 with what every solve
//! shares (warm start, contacts, free force); the solves of stage 3 are in `boundary` (Eq. 7 and 13) and
//! `reference` (the volumetric baseline and the direct reference).

use crate::fem::Material;
use crate::flesh::collide::{self, LevelSet, SelfCollision, Spring};
use crate::flesh::energy::ExRotated;
use crate::flesh::partition::{choose_constrained, ConstraintSettings, Partition};
use crate::flesh::precond::{PreconditionerSettings, SkinnedPreconditioner};
use crate::linalg::block::{axpy_v3 as axpy, norm_v3 as norm, BlockMatrix, V3};
use crate::linalg::cholesky::Cholesky;
use crate::linalg::ichol::BlockIc;
use crate::mesh::tet_mesh::TetMesh;
use crate::rig::linear::{Rig, RigPart};
use crate::rig::skinned_rotation::{PoseRotations, RotationWeights};
use nalgebra::Matrix3;
use std::time::Instant;

/// Newton steps during which contact springs follow the current exit points (then their targets freeze).
pub(super) const RETARGET_STEPS: usize = 6;

/// Everything that shapes the solves.
#[derive(Clone, Debug)]
pub struct FleshSettings {
    pub constraints: ConstraintSettings,
    pub preconditioner: PreconditionerSettings,
    /// Interior PCG: relative residual (Eq. 7).
    pub interior_tolerance: f64,
    /// Boundary PCG of each Newton step: relative residual (Eq. 13).
    pub boundary_tolerance: f64,
    /// Newton stops when `‖f*_b‖ ≤ newton_tolerance · ‖r_f‖` (the load's scale) …
    pub newton_tolerance: f64,
    /// … or after this many steps.
    pub max_newton: usize,
    pub max_cg: usize,
    /// Kinematic obstacles (§3).
    pub obstacles: Vec<LevelSet>,
    pub self_collision: bool,
    /// Penalty spring stiffness as a multiple of the mean diagonal stiffness of the boundary vertices.
    pub collision_stiffness: f64,
    /// `H_ii⁻¹` inside the boundary operator of [`FleshModel::solve_boundary`].
    pub interior_inverse: InteriorInverse,
    /// When the boundary solve stagnates, diverges or runs out of Newton steps, solve the frame again by the
    /// volumetric PCG (reported as [`FrameReport::fallback`]).
    pub fallback_to_volumetric: bool,
}

impl Default for FleshSettings {
    fn default() -> Self {
        FleshSettings {
            constraints: ConstraintSettings::default(),
            preconditioner: PreconditionerSettings::default(),
            interior_tolerance: 1e-8,
            // inexact Newton: each step's boundary PCG only needs to cut the residual a few times (fastest
            // measured on the default avatar: 0.3, against 1e-2 and 1e-6, `avatard bench flesh --cg-tolerance`)
            boundary_tolerance: 0.3,
            newton_tolerance: 1e-6,
            max_newton: 30,
            max_cg: 1000,
            obstacles: Vec::new(),
            self_collision: false,
            collision_stiffness: 10.0,
            interior_inverse: InteriorInverse::RestFactor,
            fallback_to_volumetric: true,
        }
    }
}

/// Which matrix the boundary operator uses for `H_ii⁻¹`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InteriorInverse {
    /// `R* (L_i L_iᵀ)⁻¹ R*ᵀ` with the IC(0) factor of `H_ii(0)` (§6.1, the run-time choice).
    Incomplete,
    /// `R* H_ii(0)⁻¹ R*ᵀ` with the exact sparse Cholesky factor of the rest pose, rotated by the skeleton (the
    /// same skinned approximation with an exact rest factor): the default, because the IC(0) variant's
    /// modified Newton contracts slowly (or not at all for nearly incompressible flesh) on our meshes.
    RestFactor,
    /// The exact `H_ii(q)⁻¹` by a sparse Cholesky of the current pose (tests and studies: `S̃ = S`).
    Exact,
}

/// Which preconditioner the boundary PCG uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundaryPreconditioner {
    None,
    Skinned,
}

/// Timings (seconds) and counts of one frame, the columns of the paper's §7 table.
#[derive(Clone, Debug, Default)]
pub struct FrameReport {
    pub skinning_seconds: f64,
    pub stiffness_seconds: f64,
    pub interior_seconds: f64,
    pub interior_iterations: usize,
    pub interior_solves: usize,
    pub boundary_seconds: f64,
    pub boundary_iterations: usize,
    pub newton_steps: usize,
    pub collision_seconds: f64,
    pub contacts: usize,
    pub total_seconds: f64,
    /// Final `‖f*_b‖ / ‖r_f‖` (boundary) or `‖r‖ / ‖r_f‖` (volumetric).
    pub residual: f64,
    pub converged: bool,
    /// The boundary solve did not converge (stagnated, diverged or ran out of Newton steps) and the frame was
    /// solved again by the volumetric PCG ([`FleshSettings::fallback_to_volumetric`]); the counts and times
    /// above are then those of both attempts, `residual` and `converged` the volumetric solve's.
    pub fallback: bool,
    /// The boundary solve's line-search step length per Newton step (1 where `S̃ = S`; diagnostics).
    pub step_lengths: Vec<f64>,
}

/// A solved shape and what the next frame warm-starts from (partition numbering).
#[derive(Clone, Debug)]
pub struct FleshState {
    pub(super) x: Vec<V3>,
    pub(super) x_rig: Vec<V3>,
    /// The contact springs of the last solve (partition numbering).
    pub(super) springs: Vec<Spring>,
}

/// The per-pose terms of stage 1–2.
pub(super) struct PoseTerms {
    pub(super) rot_vertex: Vec<Matrix3<f64>>,
    /// Rig positions of every vertex (partition numbering).
    pub(super) x_rig: Vec<V3>,
    /// `r_f = g_f − H_fc x_c`.
    pub(super) rhs: Vec<V3>,
    pub(super) rhs_norm: f64,
}

/// A flesh model of one avatar: the partition, the ex-rotated stiffness and the rest-pose factors.
pub struct FleshModel {
    pub part: Partition,
    /// The mesh in partition numbering.
    pub mesh: TetMesh,
    rest_old: Vec<[f64; 3]>,
    rig: Rig,
    has_blendshapes: bool,
    pub(super) ex: ExRotated,
    tet_weights: RotationWeights,
    vertex_weights: RotationWeights,
    /// `H(0)` (partition numbering).
    pub h0: BlockMatrix,
    pub ic_interior: BlockIc,
    /// Exact sparse Cholesky of `H_ii(0)` (built for the preconditioner, kept for [`InteriorInverse::RestFactor`]).
    pub(super) rest_interior: Option<Cholesky>,
    pub(super) ic_free: Option<BlockIc>,
    pub preconditioner: SkinnedPreconditioner,
    pub(super) self_collision: Option<SelfCollision>,
    /// Penalty stiffness (N/m).
    pub spring_k: f64,
    pub settings: FleshSettings,
    /// Seconds spent building the model: (partition, IC of H_ii, exact interior factor + preconditioner).
    pub build_seconds: [f64; 3],
}

pub(super) fn v3(m: &Matrix3<f64>, x: &V3) -> V3 {
    let y = m * nalgebra::Vector3::from(*x);
    [y.x, y.y, y.z]
}

pub(super) fn v3t(m: &Matrix3<f64>, x: &V3) -> V3 {
    let y = m.transpose() * nalgebra::Vector3::from(*x);
    [y.x, y.y, y.z]
}

/// What an asset stores of a flesh model (the paper builds the preconditioner "once per avatar"): the
/// constrained vertices and the skinned preconditioner's IC factor, with the settings they were made with.
#[derive(Clone, Debug, PartialEq)]
pub struct FleshParts {
    pub constraints: ConstraintSettings,
    pub preconditioner: PreconditionerSettings,
    /// Probing colours used to build it (informative).
    pub colours: usize,
    /// Constrained vertices (mesh numbering, ascending).
    pub constrained: Vec<usize>,
    /// IC(0) factor of `K̃_b(0)` in boundary numbering.
    pub factor: BlockIc,
}

impl FleshModel {
    /// Build for `mesh` (its own numbering), its rig and material.
    pub fn new(mesh: &TetMesh, rig: &Rig, material: &Material, settings: FleshSettings) -> FleshModel {
        Self::with_parts(mesh, rig, material, settings, None)
    }

    /// What an asset stores of this model.
    pub fn parts(&self) -> FleshParts {
        let mut constrained: Vec<usize> = self.part.order[self.part.constrained_range()].to_vec();
        constrained.sort_unstable();
        FleshParts {
            constraints: self.settings.constraints.clone(),
            preconditioner: self.settings.preconditioner.clone(),
            colours: self.preconditioner.colours,
            constrained,
            // stored as f32 (a preconditioner needs no more): round here so that stored and in-memory agree
            factor: {
                let mut f = self.preconditioner.factor.clone();
                let round = |b: &mut [f64; 9]| b.iter_mut().for_each(|v| *v = *v as f32 as f64);
                f.vals.iter_mut().for_each(round);
                f.diag_inv.iter_mut().for_each(round);
                f
            },
        }
    }

    /// Build, taking the constrained vertices and the preconditioner from `stored` when they were made with
    /// the same settings and fit the mesh (otherwise they are rebuilt, and a warning says why).
    pub fn with_parts(
        mesh: &TetMesh,
        rig: &Rig,
        material: &Material,
        settings: FleshSettings,
        stored: Option<&FleshParts>,
    ) -> FleshModel {
        let clock = Instant::now();
        let weights_old = RotationWeights::per_vertex(rig, mesh.n());
        let stored = stored.filter(|s| {
            let fits = s.constraints == settings.constraints
                && s.preconditioner == settings.preconditioner
                && s.constrained.iter().all(|&v| v < mesh.n());
            if !fits {
                tracing::warn!("stored flesh data were made with other settings or another mesh: rebuilding");
            }
            fits
        });
        let constrained = match stored {
            Some(s) => {
                let mut c = vec![false; mesh.n()];
                s.constrained.iter().for_each(|&v| c[v] = true);
                c
            }
            None => choose_constrained(mesh, &weights_old, &settings.constraints),
        };
        let part = Partition::new(mesh, &constrained);
        let stored = stored.filter(|s| {
            let fits = s.factor.n() == part.boundary;
            if !fits {
                tracing::warn!("the stored flesh preconditioner does not fit the mesh's surface: rebuilding");
            }
            fits
        });
        let renumbered = part.renumber(mesh);
        let vertex_weights = RotationWeights::from_rows(
            part.order.iter().map(|&v| weights_old.row(v).map(|(b, w)| (b as u32, w)).collect::<Vec<_>>()),
        );
        let tet_weights = RotationWeights::per_tet(rig, mesh);
        let ex = ExRotated::new(&renumbered, material);
        let h0 = ex.matrix.clone();
        let t_partition = clock.elapsed().as_secs_f64();
        let ic_interior = BlockIc::new(&h0.principal(part.interior_range()));
        let t_ic = clock.elapsed().as_secs_f64() - t_partition;
        let exact = (part.interior > 0)
            .then(|| Cholesky::new(&h0.to_faer(part.interior_range(), false)).expect("H_ii(0) is SPD"));
        let preconditioner = match stored {
            Some(s) => SkinnedPreconditioner { matrix: None, factor: s.factor.clone(), colours: s.colours },
            None => SkinnedPreconditioner::new(&h0, &part, exact.as_ref(), &settings.preconditioner),
        };
        let t_pre = clock.elapsed().as_secs_f64() - t_partition - t_ic;
        let b = part.boundary_range();
        let mean_diag = if b.is_empty() {
            0.0
        } else {
            b.clone().map(|v| h0.vals[h0.find(v, v).unwrap()][0]).sum::<f64>() / b.len() as f64
        };
        let has_blendshapes = rig.parts().iter().any(|p| matches!(p, RigPart::Blendshapes(_)));
        let self_collision = settings.self_collision.then(|| {
            let proxies: Vec<usize> = b.clone().collect();
            SelfCollision::new(&renumbered, &proxies)
        });
        FleshModel {
            spring_k: settings.collision_stiffness * mean_diag,
            part,
            mesh: renumbered,
            rest_old: mesh.vertices.clone(),
            rig: rig.clone(),
            has_blendshapes,
            ex,
            tet_weights,
            vertex_weights,
            h0,
            ic_interior,
            rest_interior: exact,
            ic_free: None,
            preconditioner,
            self_collision,
            settings,
            build_seconds: [t_partition, t_ic, t_pre],
        }
    }

    pub fn n(&self) -> usize {
        self.part.n()
    }

    /// The rig's positions at `p` in partition numbering.
    fn rig_positions(&self, p: &[f64]) -> Vec<V3> {
        let x = self.rig.deform(&self.rest_old, p).expect("rig parameters match the rig");
        let n = self.n();
        self.part.order.iter().map(|&v| [x[v], x[n + v], x[2 * n + v]]).collect()
    }

    /// A state at the rig's shape for `p` (the first frame's warm start).
    pub fn state_at(&self, p: &[f64]) -> FleshState {
        let x_rig = self.rig_positions(p);
        FleshState { x: x_rig.clone(), x_rig, springs: Vec::new() }
    }

    /// Positions of a state in the mesh's own numbering.
    pub fn positions(&self, state: &FleshState) -> Vec<[f64; 3]> {
        (0..self.n()).map(|v| state.x[self.part.inverse[v]]).collect()
    }

    /// The positions of a state in partition numbering (tests).
    pub fn positions_partitioned<'a>(&self, state: &'a FleshState) -> &'a [V3] {
        &state.x
    }

    /// Stage 1–2: rotations, rig positions, `H(q)` and `r_f`.
    pub(super) fn pose(&mut self, p: &[f64], report: &mut FrameReport) -> PoseTerms {
        let clock = Instant::now();
        let pose = PoseRotations::new(&self.rig, p);
        let rot_tet = self.tet_weights.rotations(&pose);
        let rot_vertex = self.vertex_weights.rotations(&pose);
        let x_rig = self.rig_positions(p);
        let reference = if self.has_blendshapes {
            // the reference shape: rest + blendshapes only (bones and affine handles at rest)
            let mut q = self.rig.rest_params();
            for (part, &o) in self.rig.parts().iter().zip(self.rig.part_offsets()) {
                if let RigPart::Blendshapes(b) = part {
                    q[o..o + b.targets().len()].copy_from_slice(&p[o..o + b.targets().len()]);
                }
            }
            Some(self.rig_positions(&q))
        } else {
            None
        };
        report.skinning_seconds += clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        self.ex.assemble(&rot_tet);
        let g = self.ex.constant_term(&rot_tet, reference.as_deref());
        let f = self.part.free_range();
        let c = self.part.constrained_range();
        let mut rhs = g[f.clone()].to_vec();
        self.ex.matrix.mul_sub(f, c.clone(), &x_rig[c], &mut rhs, -1.0, true);
        report.stiffness_seconds += clock.elapsed().as_secs_f64();
        let rhs_norm = norm(&rhs).max(f64::MIN_POSITIVE);
        PoseTerms { rot_vertex, x_rig, rhs, rhs_norm }
    }

    /// The free positions' warm start: the previous solution moved with the rig.
    pub(super) fn warm_start(&self, state: &FleshState, terms: &PoseTerms) -> Vec<V3> {
        let mut x = terms.x_rig.clone();
        for v in self.part.free_range() {
            for c in 0..3 {
                x[v][c] += state.x[v][c] - state.x_rig[v][c];
            }
        }
        x
    }

    /// `z = R* (L Lᵀ)⁻¹ R*ᵀ r` over vertices starting at `first` (rotations of the partition numbering).
    pub(super) fn rotated_solve(
        factor: &BlockIc,
        rot: &[Matrix3<f64>],
        first: usize,
        r: &[V3],
        z: &mut [V3],
    ) {
        let rr: Vec<V3> = r.iter().enumerate().map(|(k, v)| v3t(&rot[first + k], v)).collect();
        factor.solve(&rr, z);
        for (k, v) in z.iter_mut().enumerate() {
            *v = v3(&rot[first + k], v);
        }
    }

    /// Update the springs with the contacts at `x`: a proxy found inside gets a spring to the current exit
    /// point (and, while `retarget`, an existing spring moves to it); a proxy with a spring that is no longer
    /// inside keeps it for the rest of the frame. The set of proxies only grows and targets freeze after the
    /// first Newton steps, so the iteration ends on an equilibrium of one fixed, linear set of springs instead
    /// of cycling between contact sets; returns how many proxies were added.
    pub(super) fn update_contacts(
        &self,
        x: &[V3],
        springs: &mut Vec<Spring>,
        retarget: bool,
        report: &mut FrameReport,
    ) -> usize {
        let before = springs.len();
        let mut at: std::collections::HashMap<usize, usize> =
            springs.iter().enumerate().map(|(k, s)| (s.proxy, k)).collect();
        for s in self.detect(x, report) {
            match at.get(&s.proxy) {
                Some(&k) if retarget => springs[k] = s,
                Some(_) => {}
                None => {
                    at.insert(s.proxy, springs.len());
                    springs.push(s);
                }
            }
        }
        report.contacts = springs.len();
        springs.len() - before
    }

    /// Contacts at `x` (partition numbering): obstacles and self-collision of the boundary proxies.
    fn detect(&self, x: &[V3], report: &mut FrameReport) -> Vec<Spring> {
        let clock = Instant::now();
        let mut springs = Vec::new();
        if !self.settings.obstacles.is_empty() {
            let proxies: Vec<usize> = self.part.boundary_range().collect();
            collide::detect_external(&self.settings.obstacles, &proxies, x, &mut springs);
        }
        if let Some(sc) = &self.self_collision {
            sc.detect(x, &mut springs);
        }
        report.collision_seconds += clock.elapsed().as_secs_f64();
        springs
    }

    /// The free force `r_f − H_ff x_f` plus spring forces, at `x`.
    pub(super) fn free_force(&self, terms: &PoseTerms, x: &[V3], springs: &[Spring]) -> Vec<V3> {
        let f = self.part.free_range();
        let mut force = terms.rhs.clone();
        self.ex.matrix.mul_sub(f.clone(), f.clone(), &x[f.clone()], &mut force, -1.0, true);
        if !springs.is_empty() {
            let mut sf = vec![[0.0; 3]; self.n()];
            collide::add_spring_forces(springs, self.spring_k, x, &mut sf);
            axpy(1.0, &sf[f.clone()], &mut force);
        }
        force
    }

    /// The contact springs a state was solved with (partition numbering, as `solve_direct` takes them).
    pub fn contacts<'a>(&self, state: &'a FleshState) -> &'a [Spring] {
        &state.springs
    }

    /// The largest self-penetration of a state and how many proxies are inside (0 when self-collision is off).
    pub fn max_penetration(&self, state: &FleshState) -> (f64, usize) {
        self.self_collision.as_ref().map_or((0.0, 0), |sc| sc.max_penetration(&state.x))
    }

    /// `H(q)` of the pose last solved (partition numbering).
    pub fn current_stiffness(&self) -> &BlockMatrix {
        &self.ex.matrix
    }

    /// Per-vertex skinned rotations at `p` (partition numbering).
    pub fn vertex_rotations(&self, p: &[f64]) -> Vec<Matrix3<f64>> {
        self.vertex_weights.rotations(&PoseRotations::new(&self.rig, p))
    }
}

/// `Rᵀ x` and `R x` per vertex, exposed for tests of the rotation conventions.
pub fn rotate_blocks(rot: &[Matrix3<f64>], x: &[V3], transpose: bool) -> Vec<V3> {
    x.iter().zip(rot).map(|(v, r)| if transpose { v3t(r, v) } else { v3(r, v) }).collect()
}
