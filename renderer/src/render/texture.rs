//! Base-colour textures: sRGB RGBA8 with their whole mip chain, made on the CPU in linear light.

use crate::gpu::Gpu;

/// sRGB 8-bit to linear light.
fn srgb_to_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f32) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.0031308 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
    (255.0 * s + 0.5) as u8
}

/// The next mip level: 2×2 box filter in linear light (alpha linear as stored), odd edges clamped. `lut`: sRGB
/// to linear for colour images; a data image (`srgb: false` at upload) averages its values as stored.
fn half_size(src: &image::RgbaImage, lut: &[f32; 256], srgb: bool) -> image::RgbaImage {
    let encode = |c: f32| if srgb { linear_to_srgb(c) } else { (255.0 * c.clamp(0.0, 1.0) + 0.5) as u8 };
    let (w, h) = src.dimensions();
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    image::RgbaImage::from_fn(nw, nh, |x, y| {
        let mut sum = [0f32; 4];
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let p = src.get_pixel((2 * x + dx).min(w - 1), (2 * y + dy).min(h - 1));
            for c in 0..3 {
                sum[c] += lut[p[c] as usize];
            }
            sum[3] += p[3] as f32 / 255.0;
        }
        let a = (255.0 * sum[3] / 4.0 + 0.5) as u8;
        image::Rgba([encode(sum[0] / 4.0), encode(sum[1] / 4.0), encode(sum[2] / 4.0), a])
    })
}

/// An RGBA8 texture with its whole mip chain (levels made on the CPU), halved first while bigger than the
/// device allows: sRGB-encoded (`srgb`: colour images, sampled as linear light) or plain (data: normal maps,
/// masks, widths).
pub(super) fn upload_texture(
    gpu: &Gpu,
    rgba: &image::RgbaImage,
    max_side: u32,
    srgb: bool,
) -> wgpu::TextureView {
    let lut: [f32; 256] = if srgb {
        std::array::from_fn(|i| srgb_to_linear(i as u8))
    } else {
        std::array::from_fn(|i| i as f32 / 255.0)
    };
    let mut level = std::borrow::Cow::Borrowed(rgba);
    while level.width() > max_side || level.height() > max_side {
        level = std::borrow::Cow::Owned(half_size(&level, &lut, srgb));
    }
    let (w, h) = level.dimensions();
    let mip_level_count = 32 - w.max(h).leading_zeros();
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("base colour"),
        size: wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
        mip_level_count,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: if srgb { wgpu::TextureFormat::Rgba8UnormSrgb } else { wgpu::TextureFormat::Rgba8Unorm },
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for mip in 0..mip_level_count {
        if mip > 0 {
            level = std::borrow::Cow::Owned(half_size(&level, &lut, srgb));
        }
        let (lw, lh) = level.dimensions();
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            level.as_raw(),
            wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(4 * lw), rows_per_image: Some(lh) },
            wgpu::Extent3d { width: lw, height: lh, depth_or_array_layers: 1 },
        );
    }
    texture.create_view(&Default::default())
}
