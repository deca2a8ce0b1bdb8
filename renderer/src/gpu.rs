//! The wgpu device: headless (no window, no surface), on whatever adapter the machine has — a real GPU, or
//! Mesa's software drivers (lavapipe on Vulkan, llvmpipe on GL/EGL), which is what CI and our machines use.

use std::fmt;

/// Which wgpu backends to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backend {
    /// Vulkan, then GL (or `WGPU_BACKEND` when set).
    #[default]
    Auto,
    Vulkan,
    Gl,
}

#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    #[error(
        "no graphics adapter found for {0}: install Mesa's software drivers (Debian: `apt-get install \
         mesa-vulkan-drivers libvulkan1` for lavapipe, or `libegl-mesa0 libgl1-mesa-dri` for GL/llvmpipe), or \
         pick another --backend"
    )]
    NoAdapter(String),
    #[error("the graphics device could not be opened: {0}")]
    Device(String),
    #[error("reading back from the GPU failed: {0}")]
    Readback(String),
    #[error("{0}")]
    Input(String),
}

/// An opened device and queue.
pub struct Gpu {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub info: wgpu::AdapterInfo,
}

impl fmt::Debug for Gpu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gpu({} on {:?})", self.info.name, self.info.backend)
    }
}

impl Gpu {
    /// Open the first adapter of the chosen backends (blocking).
    pub fn open(backend: Backend) -> Result<Gpu, GpuError> {
        let backends = match backend {
            Backend::Auto => {
                wgpu::Backends::from_env().unwrap_or(wgpu::Backends::VULKAN | wgpu::Backends::GL)
            }
            Backend::Vulkan => wgpu::Backends::VULKAN,
            Backend::Gl => wgpu::Backends::GL,
        };
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = backends;
        let instance = wgpu::Instance::new(desc);
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions::default()))
            .map_err(|e| GpuError::NoAdapter(format!("{backends:?} ({e})")))?;
        Self::from_adapter(&adapter)
    }

    /// Open a device on a chosen adapter (e.g. one compatible with a window's surface).
    pub fn from_adapter(adapter: &wgpu::Adapter) -> Result<Gpu, GpuError> {
        let info = adapter.get_info();
        let limits = adapter.limits();
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("avatar renderer"),
            required_limits: wgpu::Limits {
                max_storage_buffers_per_shader_stage: 7,
                max_storage_buffer_binding_size: limits.max_storage_buffer_binding_size,
                max_buffer_size: limits.max_buffer_size,
                // base-colour textures up to 8192 a side where the adapter allows (bigger ones are halved)
                max_texture_dimension_2d: limits.max_texture_dimension_2d.clamp(2048, 8192),
                ..wgpu::Limits::downlevel_defaults()
            },
            ..Default::default()
        }))
        .map_err(|e| GpuError::Device(e.to_string()))?;
        Ok(Gpu { device, queue, info })
    }

    /// "name (backend, driver)".
    pub fn describe(&self) -> String {
        format!(
            "{} ({:?}, {} {})",
            self.info.name, self.info.backend, self.info.driver, self.info.driver_info
        )
    }

    /// Copy `buffer[..size]` to the CPU (the buffer needs COPY_SRC).
    pub fn read_buffer(&self, buffer: &wgpu::Buffer, size: u64) -> Result<Vec<u8>, GpuError> {
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self.device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
        self.queue.submit([encoder.finish()]);
        self.map_and_read(&staging)
    }

    /// Map a MAP_READ buffer, wait, and copy it out.
    pub fn map_and_read(&self, staging: &wgpu::Buffer) -> Result<Vec<u8>, GpuError> {
        let (tx, rx) = std::sync::mpsc::channel();
        staging.map_async(wgpu::MapMode::Read, .., move |r| {
            let _ = tx.send(r);
        });
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| GpuError::Readback(e.to_string()))?;
        rx.recv()
            .map_err(|e| GpuError::Readback(e.to_string()))?
            .map_err(|e| GpuError::Readback(e.to_string()))?;
        let bytes = staging.get_mapped_range(..).map_err(|e| GpuError::Readback(e.to_string()))?.to_vec();
        staging.unmap();
        Ok(bytes)
    }
}
