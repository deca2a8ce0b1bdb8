//! The avatar runtime's renderer: the daemon's states (`p`, `z`) drawn by skinning the full-resolution render
//! mesh in a wgpu vertex shader — the paper's point that `z` is tiny and the mesh is rebuilt on the GPU.
//!
//! # Layout
//! - [`subscribe`]: [`StateSubscriber`], a SUB socket on the daemon's state endpoint that decodes
//!   `AvatarState`s and tracks sequence gaps and daemon restarts per avatar.
//! - [`gpu`]: the headless wgpu device (real GPU, or Mesa's lavapipe / llvmpipe) and read-back.
//! - [`gpu_mesh`]: the asset's render mesh packed for the GPU: rest positions and normals, every rig weight
//!   and blendshape delta as compressed rows, the mode weights `W_r`; what one frame uploads (`p`, `z`).
//! - `skin.wgsl`: the skinning (`x = X + Σ w (T−I)[X;1] + Σ β d + Σ W Z [X;1]`), shared by the vertex shader
//!   and a compute entry point that reads positions back.
//! - [`camera`]: framing the avatar.
//! - [`render`]: [`AvatarRenderer`]: buffers, pipelines, offscreen frames as images; `render/` holds its
//!   bind groups and buffers, the frame uniform, the pipelines, the materials' draws and the textures.
//! - [`output`]: PNG frames, side-by-side composition, animated GIF / MP4.
//! - [`trajectory`]: the `{asset_hash, dt, steps: [{p, z}]}` files of `avatard simulate` and `avatard demo`.
//! - [`film`]: a sequence of states drawn to PNG frames and an animation (what `avatar-view render` and
//!   `avatard demo` write).
//! - `window` (cargo feature `window`): the same drawing in a desktop window (winit).
//!
//! The `avatar-view` command line (`render`, `follow`, `bench`, `window`) is `src/bin/avatar-view/`.

pub mod camera;
pub mod film;
pub mod gpu;
pub mod gpu_mesh;
pub mod output;
pub mod render;
pub mod subscribe;
pub mod trajectory;
#[cfg(feature = "window")]
pub mod window;

pub use gpu::{backends, Backend, Gpu, GpuError};
pub use render::{AvatarRenderer, RenderOptions};
pub use subscribe::{GapTracker, Latest, StateSubscriber};
