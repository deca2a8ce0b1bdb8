//! Tetrahedral meshes: the type and its checks, and the files they come from.
//!
//! # Layout
//! - `tet_mesh`: [`TetMesh`] (orientation, degeneracy, unreferenced vertices), procedural [`shapes`].
//! - `io`: readers (and writers) for TetGen `.node/.ele`, MEDIT `.mesh` and Gmsh `.msh` (v2 and v4 ASCII):
//!   `io/mod.rs` holds what they share (report, errors, [`read_mesh`] by extension, lines and fields, the
//!   builder), `io/tetgen.rs`, `io/medit.rs` and `io/gmsh.rs` one format each.
//! - `clustering`: [`Clustering`], a labelling of the tets into groups (the reduced solver's clusters).

pub(crate) mod clustering;
pub(crate) mod io;
pub(crate) mod tet_mesh;

pub use clustering::Clustering;
pub use io::{
    parse_gmsh, parse_medit, parse_tetgen, read_mesh, to_medit, to_tetgen, write_medit, write_tetgen,
    LoadReport, MeshFormat, MeshIoError,
};
pub use tet_mesh::{shapes, signed_volume, MeshError, MeshReport, TetMesh, DEGENERATE_REL_VOLUME};
