//! The simulation core (paper 000, Fast Complementary Dynamics via Skinning Eigenmodes): everything here is
//! f64 and runs at precompute time unless stated otherwise.
//!
//! # Layout
//! - [`mesh`]: the tetrahedral mesh type and its checks (orientation, degeneracy, unreferenced vertices).
//! - [`mesh_io`]: readers for TetGen `.node/.ele`, MEDIT `.mesh` and Gmsh `.msh` (v2 and v4 ASCII).
//! - [`cholesky`]: sparse Cholesky with a nested-dissection ordering (the eigensolver's factorization).
//! - [`eigen`]: Eq. 22 for large meshes: shift-invert Lanczos on the constrained pencil over faer's sparse
//!   Cholesky, constraints through a small Schur complement (tested against the dense oracle in [`modes`]).
//! - [`fem`]: per-tet volumes, lumped mass `M`, deformation-gradient operator `K`, heterogeneous Laplacian
//!   `L = Kᵀ U V K`.
//! - [`clusters`]: k-means++ clusters of tets split into connected components, grouping matrix `G` (Eq. 27).
//! - [`leak`]: the momentum-leak diagonal `D` (surface diffusion by default, `D = I`, or a user field).
//! - [`modes`]: the complementarity constraint `𝒥 = D M J`, its weight-space form `J_w` (Eq. 19–21), skinning
//!   eigenmodes by the dense null-space method (Eq. 22, the small-mesh oracle), the subspace `B(W)`.
//! - [`reduced`]: the reduced precompute (§8.2, App. C): `BᵀMB`, `BᵀLB`, `BᵀMJ`, `BᵀLJ`, `G₉KB`, `G₉KJ`,
//!   cluster materials and the Cholesky factor of the global matrix; nothing of size n survives it. The same
//!   for any dense basis: with a basis of the complementarity constraint's null space and one cluster per tet,
//!   the step is full-space complementary dynamics (Eq. 3), the reference for small meshes.
//! - [`precompute`]: the pipeline from mesh + rig + material to modes, clusters and reduced matrices, with its
//!   report (what `avatard precompute` runs).
//! - [`step`]: the run-time step (Alg. 2): backward-Euler inertia, per-cluster polar rotations (local),
//!   prefactored global solve; ARAP exact, co-rotational with a line search.
//! - [`exrotated_step`]: the step's flesh modes ([`exrotated_step::FleshMode`]): ex-rotated elasticity (paper
//!   002, §4: the rig's skinned rotations `R̂` in place of the polar ones, so the step is one quadratic solve:
//!   direct for ARAP, PCG with the rig-rotated rest-pose Hessian (paper 002, Eq. 14–15) for λ > 0), and the
//!   co-rotational step warm-started from it.
//! - [`full`]: full-space complementary dynamics (Eq. 3–4) at production sizes: the same energy and local-global
//!   scheme with one rotation per tet, the constraint through a KKT Schur complement over one sparse Cholesky.
//! - [`rig`]: linear rigs (global affine handle, LBS bones, blendshapes, their concatenation) and the rig
//!   Jacobian `J`.
//! - [`rig_resample`]: a rig carried over to other vertices by linear stencils (restriction to the surface,
//!   transfer from a game mesh).
//! - [`skinned_rotation`]: the rotation procedural skinning gives per tet, vertex or cluster (paper 002, §4):
//!   hemisphere-aligned quaternion blends of the bones' polar rotations.
//! - [`geometry`]: shared ground for triangle soups (any game mesh): their error type and checks, 3-vector
//!   helpers, the exact closest point on a triangle, procedural test surfaces.
//! - [`bvh`]: a bounding-volume hierarchy over boxes (median splits) with nearest-first, distance-pruned search.
//! - [`winding`]: fast generalized winding numbers of a triangle soup (Jacobson et al. 2013; Barill et al. 2018
//!   hierarchical dipole expansion, to third order): inside/outside for open, non-manifold meshes.
//! - [`voxelize`]: a conforming sim tet mesh from any triangle soup: grid cells kept by winding number, by the
//!   render vertices they hold and by the triangles crossing them, each split into 6 Kuhn tets.
//! - [`embed`]: barycentric embedding of render vertices in the tet mesh (containing tet, or the nearest one
//!   with extrapolated weights) and prolongation of per-vertex fields.
//! - [`transfer`]: closest points on a triangle surface and interpolation of its per-vertex attributes there.
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

pub mod asset;
pub mod bvh;
pub mod cholesky;
pub mod clusters;
pub mod eigen;
pub mod embed;
pub mod exrotated_step;
pub mod fem;
pub mod flesh;
pub mod full;
pub mod geometry;
pub mod leak;
pub mod mesh;
pub mod mesh_io;
pub mod modes;
pub mod precompute;
pub mod reduced;
pub mod rig;
pub mod rig_resample;
pub mod skinned_rotation;
pub mod step;
pub mod transfer;
pub mod voxelize;
pub mod winding;
