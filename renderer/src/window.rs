//! `avatar-view window` (cargo feature `window`): the same renderer in a desktop window (winit), drawing the
//! daemon's live states, a trajectory on a loop, or the rest pose. The window's surface format replaces the
//! offscreen RGBA8 target; everything else ([`AvatarRenderer::encode`]) is shared with headless rendering.

use crate::gpu::{Gpu, GpuError};
use crate::render::{AvatarRenderer, RenderSettings};
use anyhow::Result;
use avatar_sim::asset::Asset;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::{Window, WindowId};

/// Where the drawn `p` and `z` come from.
pub enum Source {
    /// The rest pose.
    Rest,
    /// A trajectory played on a loop: (time step, states).
    Trajectory(f64, Vec<(Vec<f32>, Vec<f32>)>),
    /// The newest state from a subscription.
    Live(crate::Latest),
}

struct Open {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
    renderer: AvatarRenderer,
}

struct App {
    asset: Asset,
    source: Source,
    yaw: f32,
    open: Option<Open>,
    started: Instant,
    /// Frames to draw before closing (for scripted runs); `None`: until the window is closed.
    frames: Option<usize>,
    drawn: usize,
    last: (Vec<f32>, Vec<f32>),
    /// The last live state's `held` (empty: none).
    last_held: Vec<f32>,
    /// A `held` that did not fit the avatar was met (warned once).
    held_refused: bool,
    error: Option<anyhow::Error>,
}

impl App {
    fn open(&self, event_loop: &ActiveEventLoop) -> Result<Open> {
        let attributes = Window::default_attributes()
            .with_title("avatar-view")
            .with_inner_size(winit::dpi::LogicalSize::new(720.0, 720.0));
        let window = Arc::new(event_loop.create_window(attributes)?);
        let display = Box::new(event_loop.owned_display_handle());
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(display));
        let surface = instance.create_surface(window.clone())?;
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            compatible_surface: Some(&surface),
            ..Default::default()
        }))
        .map_err(|e| GpuError::NoAdapter(format!("a window surface ({e})")))?;
        let gpu = Gpu::from_adapter(&adapter)?;
        tracing::info!(adapter = %gpu.describe(), "graphics adapter");
        let size = window.inner_size();
        let caps = surface.get_capabilities(&adapter);
        let format = caps.formats.iter().copied().find(|f| f.is_srgb()).or(caps.formats.first().copied());
        let format = format.ok_or_else(|| anyhow::anyhow!("the window surface offers no format"))?;
        let mut config = surface
            .get_default_config(&adapter, size.width.max(1), size.height.max(1))
            .ok_or_else(|| anyhow::anyhow!("the window surface is not supported by the adapter"))?;
        config.format = format;
        surface.configure(&gpu.device, &config);
        let options = RenderSettings {
            width: config.width,
            height: config.height,
            yaw: self.yaw,
            format,
            ..Default::default()
        };
        let renderer = AvatarRenderer::new(gpu, &self.asset, options)?;
        Ok(Open { window, surface, config, renderer })
    }

    /// The `p`, `z` to draw now (the previous ones when a live state is missing or for another asset).
    fn current(&mut self) -> (Vec<f32>, Vec<f32>) {
        match &self.source {
            Source::Rest => {}
            Source::Trajectory(dt, steps) if !steps.is_empty() => {
                let i = (self.started.elapsed().as_secs_f64() / dt) as usize % steps.len();
                self.last = steps[i].clone();
            }
            Source::Trajectory(..) => {}
            Source::Live(latest) => {
                if let Some(s) = latest.lock().expect("not poisoned").take() {
                    self.last = (s.p, s.z);
                    self.last_held = s.held;
                }
            }
        }
        self.last.clone()
    }

    fn redraw(&mut self) -> Result<()> {
        let (p, z) = self.current();
        let Some(open) = &mut self.open else { return Ok(()) };
        if let Err(e) = open.renderer.set_held(&[&self.last_held]) {
            // a daemon with another build of the avatar: draw without the held part, and say so once
            if !self.held_refused {
                tracing::warn!("the state's held part does not fit the avatar, drawn without it: {e}");
                self.held_refused = true;
            }
            open.renderer.set_held(&[&[]])?;
        }
        open.renderer.upload(&[(&p, &z)])?;
        let frame = match open.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(t) | wgpu::CurrentSurfaceTexture::Suboptimal(t) => t,
            _ => {
                // lost, outdated or occluded: reconfigure and try on the next redraw
                open.surface.configure(&open.renderer.gpu().device, &open.config);
                return Ok(());
            }
        };
        let view = frame.texture.create_view(&Default::default());
        let gpu = open.renderer.gpu();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        open.renderer.encode(&mut encoder, &view);
        gpu.queue.submit([encoder.finish()]);
        open.window.pre_present_notify();
        gpu.queue.present(frame);
        self.drawn += 1;
        Ok(())
    }
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.open.is_some() {
            return;
        }
        match self.open(event_loop) {
            Ok(open) => {
                open.window.request_redraw();
                self.open = Some(open);
            }
            Err(e) => {
                self.error = Some(e);
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(open) = &mut self.open {
                    open.config.width = size.width.max(1);
                    open.config.height = size.height.max(1);
                    open.surface.configure(&open.renderer.gpu().device, &open.config);
                    open.renderer.resize(open.config.width, open.config.height);
                }
            }
            WindowEvent::RedrawRequested => {
                if let Err(e) = self.redraw() {
                    self.error = Some(e);
                    event_loop.exit();
                    return;
                }
                if self.frames.is_some_and(|n| self.drawn >= n) {
                    event_loop.exit();
                } else if let Some(open) = &self.open {
                    open.window.request_redraw();
                }
            }
            _ => {}
        }
    }
}

/// Open the window and draw until it is closed (or `frames` frames are drawn); returns the frames drawn.
pub fn run(asset: Asset, source: Source, yaw: f32, frames: Option<usize>) -> Result<usize> {
    let rest: Vec<f32> = asset.render.rig.rest_params().iter().map(|&x| x as f32).collect();
    let zero = vec![0.0f32; 12 * asset.sim.weights.ncols()];
    let event_loop =
        EventLoop::new().map_err(|e| anyhow::anyhow!("no window system (is DISPLAY set?): {e}"))?;
    let mut app = App {
        asset,
        source,
        yaw,
        open: None,
        started: Instant::now(),
        frames,
        drawn: 0,
        last: (rest, zero),
        last_held: Vec::new(),
        held_refused: false,
        error: None,
    };
    event_loop.run_app(&mut app)?;
    match app.error {
        Some(e) => Err(e),
        None => Ok(app.drawn),
    }
}
