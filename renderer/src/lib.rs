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
//!   and a compute entry point that reads positions back; the length of the last term, `|u|`, is what the heat
//!   map's fragment shader colours (and what the read-back returns with each position).
//! - [`camera`]: framing a box (the avatar, a motion's path); bounds of points and their unions.
//! - [`render`]: [`AvatarRenderer`]: buffers, pipelines, offscreen frames as images; `render/` holds its
//!   bind groups and buffers, the frame uniform, the pipelines, the materials' draws and the textures.
//! - [`heat`]: the heat map's colour scale (`|u|`, the secondary displacement, in mm, to colours and back) and
//!   its scale bar.
//! - [`font`]: a tiny bitmap font for the labels drawn into frames.
//! - [`views`]: [`views::FleshViews`], the frame that shows the flesh: the body (the camera following the root
//!   and fitting the skinned bounds), a close-up of the torso with the rig alone outlined, the heat map of `|u|`
//!   with its scale bar (`avatard demo`'s frames, `avatard bench jiggle`'s strip).
//! - [`output`]: PNG frames, side-by-side composition, animated GIF / MP4.
//! - [`trajectory`]: the `{asset_hash, dt, steps: [{p, z}]}` files of `avatard simulate` and `avatard demo`.
//! - [`film`]: a sequence of states drawn to PNG frames and an animation (what `avatar-view render` and
//!   `avatard demo` write), each frame drawn by the caller's choice (one view, rig only | with `z`, the flesh
//!   views).
//! - `window` (cargo feature `window`): the same drawing in a desktop window (winit).
//!
//! The `avatar-view` command line (`render`, `follow`, `bench`, `window`) is `src/bin/avatar-view/`.

pub mod camera;
pub mod film;
pub mod font;
pub mod gpu;
pub mod gpu_mesh;
pub mod heat;
pub mod output;
pub mod render;
pub mod subscribe;
pub mod trajectory;
pub mod views;
#[cfg(feature = "window")]
pub mod window;

pub use gpu::{backends, Backend, Gpu, GpuError};
pub use render::{AvatarRenderer, Colouring, Light, RenderSettings, View};
pub use subscribe::{GapTracker, Latest, StateSubscriber};
