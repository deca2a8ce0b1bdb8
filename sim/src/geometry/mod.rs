//! Geometry of triangle soups (any game mesh) and of tet meshes in space.
//!
//! # Layout
//! - `soup`: shared ground for triangle soups: their error type and checks, 3-vector helpers, the exact closest
//!   point on a triangle, procedural test surfaces.
//! - `aabb_tree`: a bounding-volume hierarchy over axis-aligned boxes (median splits) with nearest-first,
//!   distance-pruned search.
//! - `winding`: fast generalized winding numbers (Jacobson et al. 2013; Barill et al. 2018 hierarchical dipole
//!   expansion, to third order): inside/outside for open, non-manifold meshes.
//! - `voxelize`: a conforming sim tet mesh from any triangle soup: grid cells kept by winding number, by the
//!   render vertices they hold and by the triangles crossing them, each split into 6 Kuhn tets.
//! - `embed`: barycentric embedding of render vertices in the tet mesh (containing tet, or the nearest one with
//!   extrapolated weights) and prolongation of per-vertex fields.
//! - `transfer`: closest points on a triangle surface and interpolation of its per-vertex attributes there.

pub(crate) mod aabb_tree;
pub(crate) mod embed;
pub(crate) mod soup;
pub(crate) mod transfer;
pub(crate) mod voxelize;
pub(crate) mod winding;

pub use aabb_tree::{Aabb, Bvh, BvhNode};
pub use embed::{embed_points, tet_barycentric, Embedding, Location, TetLocator};
pub use soup::{
    add, check_finite, check_queries, check_soup, closest_on_segment, closest_on_triangle, cross, dist2, dot,
    lerp3, norm, scale, sub, surfaces, GeometryError,
};
pub use transfer::{closest_points, SurfaceTransfer};
pub use voxelize::{face_components, voxel_tet_mesh, VoxelMesh, VoxelSettings, MAX_RESOLUTION};
pub use winding::{triangle_winding, WindingNumber};
