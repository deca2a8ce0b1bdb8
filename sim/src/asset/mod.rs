//! Avatar assets: what an avatar is made of on disk, where it comes from, and how other engines get it.
//!
//! # Layout
//! - `file/`: the asset file format (magic, version, content hash, safetensors payload) and [`Asset`]
//!   (simulation precompute + render mesh + provenance): the header, the metadata, writing, and reading, which
//!   checks everything.
//! - [`looks`](mod@looks): UVs, base-colour materials and textures of the render mesh.
//! - [`expressions`](mod@expressions): VRM expressions (named face shapes over the blendshapes).
//! - `render_mesh`: the render mesh, its rig, its embedding in the tet mesh and the prolongated mode weights
//!   `W_r` (what the vertex shader needs).
//! - [`held_surface`](mod@held_surface): the held part of the flesh on the render vertices (sparse, per joint),
//!   what subscribers need to draw it from the state's `held`.
//! - `cache`: the precompute cache, keyed by the SHA-256 of the inputs and parameters.
//! - `build`: inputs (tet mesh + rig, the embedded default avatar) → asset, through the cache.
//! - [`default_avatar`](mod@default_avatar): the default avatar's inputs, compiled into the library.
//! - `gltf_import/`: glTF 2.0 / VRM `.glb` → render mesh, skeleton, skin, morph targets → voxel tet mesh, rig
//!   transfer, embedding → asset; one file per stage (skins, primitives, morph targets, looks, VRM, the
//!   simulation mesh).
//! - `gltf_export`: asset → `.glb` with the skin and the mode weights as vertex attributes, for engines that
//!   subscribe to `z`.
//! - [`vrm_export`](mod@vrm_export): asset → VRM 1.0 `.vrm` (the glTF export plus `VRMC_vrm`: meta,
//!   humanoid, expressions).
//!
//! `avatard precompute` writes assets, `avatard simulate`, the daemon and the renderer read them.

pub(crate) mod build;
pub(crate) mod cache;
pub mod default_avatar;
pub mod expressions;
pub(crate) mod file;
pub(crate) mod gltf_export;
pub(crate) mod gltf_import;
pub mod held_surface;
pub mod looks;
pub(crate) mod render_mesh;
pub mod vrm_export;

pub use build::{
    bar_avatar, bar_avatar_with, cached, default_avatar, flesh_parts, held_bar_avatar, precompute_tet_mesh,
    tet_mesh_key, Built, ShapeFn,
};
pub use cache::{Cache, CacheEntry, CacheKey};
pub use expressions::{Expression, MorphBind};
pub use file::{
    from_bytes, hex, load, save, to_bytes, write_atomically, Asset, AssetError, AssetHash, Source,
    FORMAT_VERSION, MAGIC,
};
pub use gltf_export::{to_glb, ExportError};
pub use gltf_import::{build_asset, import, read_glb, GltfAvatar, ImportError, ImportInfo, ImportSettings};
pub use held_surface::HeldSurface;
pub use looks::{
    AlphaMode, Looks, MToon, MToonTexture, OutlineWidthMode, SurfaceMaterial, TextureImage, TextureTransform,
};
pub use render_mesh::{vertex_normals, RenderMesh};
pub use vrm_export::{to_vrm, VRM_LICENSE_URL};
