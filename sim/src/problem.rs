//! [`FemProblem`]: the discretised problem every dynamics model is built from (paper 000, §3 and App. C).

use crate::fem::Material;
use crate::mesh::tet_mesh::TetMesh;
use faer::sparse::SparseColMat;

/// The FEM problem of complementary dynamics, borrowed: the mesh and its material, the lumped mass `M`, the
/// linear rig `x = J p + x₀` and the time step `h`. [`ReducedModel::new`](crate::reduced::ReducedModel::new),
/// [`ReducedModel::from_basis`](crate::reduced::ReducedModel::from_basis),
/// [`FullModel::new`](crate::full::FullModel::new) and
/// [`RsModel::new`](crate::rotation_strain::RsModel::new) take it, each with what its subspace adds.
///
/// The complementarity constraint `𝒥 = D M J` (Eq. 3, 3n × p) is not part of it: it adds the momentum-leak
/// diagonal `D` ([`crate::leak`]), a choice of the constraint rather than of the energy. The full-space and
/// rotation-strain models take `𝒥` next to the problem; the reduced model has it built into its basis (the
/// skinning eigenmodes `W` are complementary to it, [`crate::modes`]).
#[derive(Clone, Copy)]
pub struct FemProblem<'a> {
    /// The tet mesh: n rest vertices `X̄`, t tets.
    pub mesh: &'a TetMesh,
    /// Per-tet Lamé parameters `μ`, `λ` and density `ρ`.
    pub material: &'a Material,
    /// Lumped mass `M` per vertex (n): `M = I₃ ⊗ diag(mass)`.
    pub mass: &'a [f64],
    /// Rig Jacobian `J` (3n × p, coordinate-major rows, see [`crate`]).
    pub jac: &'a SparseColMat<usize, f64>,
    /// The rig's affine offset `x₀` (3n): positions `x = J p + x₀ + u`.
    pub x0: &'a [f64],
    /// Time step `h` (s).
    pub h: f64,
}
