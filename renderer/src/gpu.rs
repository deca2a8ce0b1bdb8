//! The wgpu device: headless (no window, no surface), on whatever adapter the machine has — a real GPU through
//! Vulkan, Metal (macOS) or DX12 (Windows), or a software rasterizer: Mesa's (lavapipe on Vulkan, llvmpipe on
//! GL/EGL) on Linux, which is what CI and our machines use, and Microsoft's WARP through DX12 on a GPU-less
//! Windows.

use std::fmt;

/// Which wgpu backends to try.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backend {
    /// The OS's primary APIs (Vulkan, Metal, DX12), then GL (or `WGPU_BACKEND` when set).
    #[default]
    Auto,
    Vulkan,
    Gl,
    Dx12,
    Metal,
}

#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    #[error("no graphics adapter found for {0}: {hint}", hint = NO_ADAPTER_HINT)]
    NoAdapter(String),
    #[error("the graphics device could not be opened: {0}")]
    Device(String),
    #[error("reading back from the GPU failed: {0}")]
    Readback(String),
    #[error("{0}")]
    Input(String),
}

/// What to do when no adapter is found, for this OS.
const NO_ADAPTER_HINT: &str = if cfg!(target_os = "linux") {
    "install Mesa's software drivers (Debian: `apt-get install mesa-vulkan-drivers libvulkan1` for lavapipe, or \
     `libegl-mesa0 libgl1-mesa-dri` for GL/llvmpipe), or pick another --backend"
} else if cfg!(windows) {
    "update the graphics driver (DX12 or Vulkan; without a GPU, Windows' WARP software adapter comes with DX12), \
     or pick another --backend"
} else if cfg!(target_vendor = "apple") {
    "Metal needs macOS 10.13 or newer on a Mac with a Metal GPU (every Apple-silicon Mac), or pick another --backend"
} else {
    "install a Vulkan or GL driver, or pick another --backend"
};

/// The wgpu backends a [`Backend`] choice tries (`WGPU_BACKEND` overrides `Auto`).
pub fn backends(backend: Backend) -> wgpu::Backends {
    match backend {
        Backend::Auto => wgpu::Backends::from_env().unwrap_or(wgpu::Backends::PRIMARY | wgpu::Backends::GL),
        Backend::Vulkan => wgpu::Backends::VULKAN,
        Backend::Gl => wgpu::Backends::GL,
        Backend::Dx12 => wgpu::Backends::DX12,
        Backend::Metal => wgpu::Backends::METAL,
    }
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
        let backends = backends(backend);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_tries_every_os_primary_api_then_gl() {
        if std::env::var_os("WGPU_BACKEND").is_some() {
            return; // the variable chooses instead, by design
        }
        let auto = backends(Backend::Auto);
        for b in [wgpu::Backends::VULKAN, wgpu::Backends::METAL, wgpu::Backends::DX12, wgpu::Backends::GL] {
            assert!(auto.contains(b), "{b:?} missing from {auto:?}");
        }
        assert_eq!(backends(Backend::Dx12), wgpu::Backends::DX12);
        assert_eq!(backends(Backend::Metal), wgpu::Backends::METAL);
    }

    #[test]
    fn the_no_adapter_hint_fits_the_os() {
        let msg = GpuError::NoAdapter("x".into()).to_string();
        assert_eq!(msg.contains("Mesa"), cfg!(target_os = "linux"), "{msg}");
    }
}
