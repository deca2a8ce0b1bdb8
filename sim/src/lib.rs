//! `avatar-sim`: the avatar runtime's simulation core (paper 000, Fast Complementary Dynamics via Skinning
//! Eigenmodes, and paper 002, Steklov-Poincaré Skinning; with paper 004's force-dual modes, paper 003's modal
//! actuation and paper 001's rotation-strain coordinates as a baseline). Everything here is f64 and runs at precompute time
//! unless stated otherwise; nothing here does I/O beyond reading and writing files, and nothing needs an async
//! runtime.
//!
//! # Layout
//! From a tet mesh and a rig to the reduced coordinates `z` of one step:
//! - [`mesh`]: the tetrahedral mesh and its checks; TetGen, MEDIT and Gmsh files; a clustering of its tets.
//! - [`rig`]: linear rigs (affine handle, LBS bones, blendshapes) and their Jacobian `J`; sparse weight rows;
//!   rig and animation files; skinned rotations (paper 002 §4); bending a bone's subtree.
//! - [`anatomy`]: an anatomical material per tet (bone around the skeleton, muscle, fat under the surface,
//!   graded), for material-aware skinning eigenmodes (paper 000 §4, Fig. 10).
//! - [`breathing`]: the chest and belly breathing fields of a humanoid avatar, a designed actuation basis for
//!   the modal actuation of paper 003 (AaM) in [`reduced`].
//! - [`fem`]: per-tet volumes, lumped mass `M`, deformation-gradient operator `K`, heterogeneous Laplacian
//!   `L = Kᵀ U V K`.
//! - [`leak`]: the momentum-leak diagonal `D` (surface diffusion by default, `D = I`, or a user field).
//! - [`problem`]: [`FemProblem`](problem::FemProblem), the FEM problem the dynamics models are built from
//!   (mesh, material, mass `M`, rig `J` and `x₀`, time step `h`).
//! - [`modes`]: the complementarity constraint `𝒥 = D M J` and the skinning eigenmodes `W` (Eq. 19–22): dense
//!   oracle and sparse shift-invert Lanczos; force-dual skinning eigenmodes (paper 004 §4.5) from a force prior
//!   (rig inertia `M J Σ_p̈ Jᵀ M`, painted variance), complementary like them.
//! - [`reduced`]: clusters (Eq. 27), the reduced matrices (§8.2, App. C: the problem projected onto the
//!   subspace, and the model derived from them) and the run-time step (Alg. 2) with its flesh modes
//!   (ex-rotated elasticity, paper 002 §4) and modal actuation (paper 003, AaM: a target-shape energy, no net
//!   force or torque).
//! - [`precompute`](mod@precompute): the pipeline from mesh + rig + material to modes, clusters and reduced
//!   matrices, its settings, and its report (what `avatard precompute` runs).
//! - [`full`]: full-space complementary dynamics (Eq. 3–4) at production sizes, the reference for the
//!   reduced step.
//! - [`held`]: training the held (quasi-static) part of the flesh: per-joint pose-space correctives from the
//!   avatar's own full-space static solves (paper 000 Eq. 10–13 with `ü = 0`), compressed and interpolated over
//!   each joint's rotation (a mesh above 12,000 tets on a voxel proxy of itself, `held::proxy`);
//!   [`reduced::held`] evaluates them each tick and lays them under the dynamic `z`; `asset::HeldSurface`
//!   carries them to the render vertices for the subscribers that draw them.
//! - [`rotation_strain`]: rotation-strain coordinates (paper 001) on the same energy and constraint as [`full`]:
//!   a non-linear subspace baseline to compare the reduced step against.
//! - [`flesh`]: quasistatic Steklov-Poincaré flesh on the whole tet mesh (paper 002): boundary solve, skinned
//!   preconditioner, collisions.
//! - [`spring`]: spring bones (VRM `VRMC_springBone` / `secondaryAnimation`): the chains, colliders and their
//!   step on the rig parameters at a fixed reference rate (hair, skirts, accessories).
//! - [`asset`]: the avatar asset (file format: header, metadata, writing, reading; render mesh, cache, the
//!   embedded default avatar, glTF/VRM import by stage and export), which the daemon and the renderer read.
//! - [`stats`]: order statistics (median, nearest-rank percentile, quantile) of measured samples, shared by
//!   every crate that reports figures.
//!
//! Shared ground: [`linalg`] (sparse Cholesky and its ordering, 3×3-block matrices, block IC(0), PCG, range
//! and null-space bases with one rank tolerance) and [`geometry`] (triangle soups, an AABB tree, winding
//! numbers, voxel tet meshes, embeddings, transfer).
//!
//! Modules import downwards only, in these layers (outside tests, no two modules, nor two files of one
//! module, import each other): `mesh`, `linalg`; `fem`, `geometry`, `rig`; `leak`, `problem`, `modes`,
//! `anatomy`, `flesh`, `spring`; `breathing`, `reduced`; `full`, `precompute`; `rotation_strain`, `held`; `asset`.
//!
//! # Example
//! A tet mesh, skinning eigenmodes for one affine handle, and one step of the reduced model:
//! ```
//! use avatar_sim::mesh::shapes::box_mesh;
//! use avatar_sim::precompute::{precompute, ClusterCount, PrecomputeSettings};
//! use avatar_sim::reduced::{ReducedModel, StepSettings, StepState};
//! use avatar_sim::rig::{write_affine, Rig};
//! use std::sync::Arc;
//!
//! // a 4 × 1 × 1 m bar of 4 × 1 × 1 cells, 6 tets each (or read a file with `mesh::read_mesh`)
//! let mesh = box_mesh(4, 1, 1, [4.0, 1.0, 1.0]);
//! let rig = Rig::affine();
//! let settings = PrecomputeSettings { modes: 4, clusters: ClusterCount::KMeans(4), ..Default::default() };
//! let (out, report) = precompute(mesh, rig.clone(), &settings, Arc::new(|_| {})).unwrap();
//! assert!(report.complementarity_residual < 1e-10);
//!
//! // the handle moves 1 cm to the right: the rig moves the bar, `z` adds what the rig cannot
//! let model = ReducedModel::from_parts(out.reduced).unwrap();
//! let mut state = StepState::at_rest(&model, &rig.rest_params());
//! let mut p = rig.rest_params();
//! write_affine(&mut p, &[[1.0, 0.0, 0.0, 0.01], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]]);
//! let report = model.step(&mut state, &p, &StepSettings::default());
//! assert_eq!(state.z.len(), 12 * 4);
//! assert!(report.iterations >= 1 && state.z.iter().all(|v| v.is_finite()));
//! ```
//!
//! # Conventions (shared by every module, the asset file, the wire and the renderer)
//! - **Positions** `x ∈ R^{3n}` are stored **coordinate-major**: `x = [x_0..x_{n-1}, y_0..y_{n-1},
//!   z_0..z_{n-1}]`, i.e. `x[c*n + v]` is coordinate `c` of vertex `v`. Operators on 3-vectors are then
//!   `I₃ ⊗ (scalar operator)`.
//! - **Deformation gradients** `F_t` (3×3 per tet) are stacked as `vec(F) ∈ R^{9t}` with
//!   `vec(F)[c*3t + 3*t + j] = F_t[c][j]` (row `c` of every tet first), so that `K = I₃ ⊗ G` where `G`
//!   (`3t × n`) is the scalar gradient operator: `(G u)[3t + j] = ∂u/∂X_j` on tet `t`.
//! - **Affine handles** (rig bones and skinning modes alike) are 3×4 matrices `T = [A | b]` acting on rest
//!   positions: `x = T [X; 1]`. A parameter vector holds them **handle-major, row-major**:
//!   `p[12*h + 4*c + k] = T_h[c][k]`. The same layout is used for the reduced coordinates `z` (one handle per
//!   skinning mode) on the wire and in the shaders: 12 floats per bone or mode.
//! - Linear blend skinning with weights `w_h(v)`: `x_v = Σ_h w_h(v) T_h [X_v; 1]`, so the Jacobian column of
//!   entry `(h, c, k)` has `w_h(v) * [X_v; 1]_k` in row `c*n + v` (zeros elsewhere).

// Index loops mirror the equations (F[c][j], g[k][j]) and read better than iterator chains here.
#![allow(clippy::needless_range_loop)]

pub mod anatomy;
pub mod asset;
pub mod breathing;
pub mod fem;
pub mod flesh;
pub mod full;
pub mod geometry;
pub mod held;
pub mod leak;
pub mod linalg;
pub mod mesh;
pub mod modes;
pub mod precompute;
pub mod problem;
pub mod reduced;
pub mod rig;
pub mod rotation_strain;
pub mod spring;
pub mod stats;

pub use asset::Asset;
pub use mesh::TetMesh;
pub use precompute::{precompute, PrecomputeSettings};
pub use reduced::{ReducedModel, StepSettings, StepState};
pub use rig::Rig;
