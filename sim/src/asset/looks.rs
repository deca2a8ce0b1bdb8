//! How an avatar looks: texture coordinates on the render vertices, materials per render triangle, and the
//! base-colour images they sample. Read from glTF / VRM on import, drawn by the renderer, written back on export.
//!
//! Only what a base-colour renderer needs is kept (glTF 2.0 §3.9 metallic-roughness, base colour part):
//! `baseColorFactor` (linear RGBA), `baseColorTexture` (sRGB, sampled at `TEXCOORD_0`), `alphaMode` /
//! `alphaCutoff`, `doubleSided`. For VRM's MToon the lit colour is the base colour: VRM 1.0 `VRMC_materials_mtoon`
//! keeps it in the glTF material's `baseColorFactor` / `baseColorTexture` (the spec defines it so), VRM 0.x in
//! `materialProperties[i]`: `vectorProperties._Color` and `textureProperties._MainTex`, which the importer
//! takes when the glTF material has no base colour of its own. Images are kept as their original PNG or JPEG
//! bytes (checked to decode at import), so an export writes them back bit for bit.
//!
//! An avatar without looks (the default avatar, a tet-mesh asset) has no UVs, no materials and no images; the
//! renderer then draws its one flat colour.

use serde::{Deserialize, Serialize};

/// `alphaMode` (glTF 2.0 §5.19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AlphaMode {
    /// Alpha ignored.
    #[default]
    Opaque,
    /// Fragments with alpha below `alpha_cutoff` are discarded.
    Mask,
    /// Alpha blended over what is behind.
    Blend,
}

/// One material: the base-colour part of a glTF material.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurfaceMaterial {
    pub name: String,
    /// Linear RGBA, multiplied with the texture's (sRGB-decoded) colour.
    pub base_color: [f32; 4],
    /// Index into [`Looks::images`].
    #[serde(default)]
    pub base_color_texture: Option<usize>,
    #[serde(default)]
    pub alpha_mode: AlphaMode,
    #[serde(default = "default_cutoff")]
    pub alpha_cutoff: f32,
    #[serde(default)]
    pub double_sided: bool,
}

fn default_cutoff() -> f32 {
    0.5
}

impl Default for SurfaceMaterial {
    fn default() -> Self {
        SurfaceMaterial {
            name: String::new(),
            base_color: [1.0; 4],
            base_color_texture: None,
            alpha_mode: AlphaMode::Opaque,
            alpha_cutoff: default_cutoff(),
            double_sided: false,
        }
    }
}

/// An encoded image (PNG or JPEG) and its size.
#[derive(Clone, Debug, PartialEq)]
pub struct TextureImage {
    /// `image/png` or `image/jpeg`.
    pub mime: String,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// Largest texture side accepted (pixels): bigger images are refused rather than decoded into gigabytes.
pub const MAX_TEXTURE_SIDE: u32 = 8192;

impl TextureImage {
    /// Check encoded bytes: a PNG or JPEG that decodes, at most [`MAX_TEXTURE_SIDE`] a side.
    #[cfg(feature = "images")]
    pub fn from_encoded(bytes: Vec<u8>) -> Result<TextureImage, String> {
        let format = image::guess_format(&bytes).map_err(|e| format!("not a PNG or JPEG image ({e})"))?;
        let mime = match format {
            image::ImageFormat::Png => "image/png",
            image::ImageFormat::Jpeg => "image/jpeg",
            other => return Err(format!("image format {other:?} is not supported (PNG or JPEG)")),
        };
        let reader = image::ImageReader::with_format(std::io::Cursor::new(&bytes), format);
        let (width, height) = reader.into_dimensions().map_err(|e| format!("unreadable image: {e}"))?;
        if width == 0 || height == 0 || width > MAX_TEXTURE_SIDE || height > MAX_TEXTURE_SIDE {
            return Err(format!("image of {width}×{height} pixels (1 to {MAX_TEXTURE_SIDE} a side)"));
        }
        let image = TextureImage { mime: mime.into(), width, height, bytes };
        image.decode()?;
        Ok(image)
    }

    /// Without the `images` feature no image is read: every texture is refused (the import keeps the mesh
    /// and says why the texture was left out).
    #[cfg(not(feature = "images"))]
    pub fn from_encoded(_bytes: Vec<u8>) -> Result<TextureImage, String> {
        Err("this build of avatar-sim reads no images (cargo feature `images`)".into())
    }

    /// Decode to 8-bit sRGB RGBA.
    #[cfg(feature = "images")]
    pub fn decode(&self) -> Result<image::RgbaImage, String> {
        let img = image::load_from_memory(&self.bytes).map_err(|e| format!("unreadable image: {e}"))?;
        Ok(img.to_rgba8())
    }
}

/// Texture coordinates, materials and images of a render mesh.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Looks {
    /// `TEXCOORD_0` per render vertex (glTF convention: origin top-left of the image); empty when none.
    pub uv: Vec<[f32; 2]>,
    /// Per render triangle: index into `materials`; empty when there are no materials.
    pub triangle_material: Vec<u32>,
    pub materials: Vec<SurfaceMaterial>,
    pub images: Vec<TextureImage>,
}

impl Looks {
    /// No looks at all (the renderer's flat colour).
    pub fn is_empty(&self) -> bool {
        self.uv.is_empty() && self.materials.is_empty() && self.images.is_empty()
    }

    /// Sizes, indices and finiteness against a render mesh of `vertices` and `triangles`.
    pub fn check(&self, vertices: usize, triangles: usize) -> Result<(), String> {
        if !self.uv.is_empty() && self.uv.len() != vertices {
            return Err(format!("{} texture coordinates for {vertices} render vertices", self.uv.len()));
        }
        if let Some(v) = self.uv.iter().position(|t| !t[0].is_finite() || !t[1].is_finite()) {
            return Err(format!("texture coordinate {v} is not finite"));
        }
        if self.materials.is_empty() {
            if !self.triangle_material.is_empty() {
                return Err("triangle materials without materials".into());
            }
        } else if self.triangle_material.len() != triangles {
            return Err(format!(
                "{} triangle materials for {triangles} triangles",
                self.triangle_material.len()
            ));
        }
        if let Some(t) = self.triangle_material.iter().position(|&m| m as usize >= self.materials.len()) {
            return Err(format!(
                "triangle {t} uses material {} of {}",
                self.triangle_material[t],
                self.materials.len()
            ));
        }
        for (i, m) in self.materials.iter().enumerate() {
            if m.base_color.iter().any(|c| !c.is_finite()) || !m.alpha_cutoff.is_finite() {
                return Err(format!("material {i} ({:?}) has a non-finite factor", m.name));
            }
            if let Some(t) = m.base_color_texture {
                if t >= self.images.len() {
                    return Err(format!(
                        "material {i} ({:?}) uses image {t} of {}",
                        m.name,
                        self.images.len()
                    ));
                }
                if self.uv.is_empty() {
                    return Err(format!("material {i} ({:?}) has a texture but the mesh has no UVs", m.name));
                }
            }
        }
        for (i, img) in self.images.iter().enumerate() {
            if img.width == 0
                || img.height == 0
                || img.width > MAX_TEXTURE_SIDE
                || img.height > MAX_TEXTURE_SIDE
            {
                return Err(format!("image {i} is {}×{} pixels", img.width, img.height));
            }
            if !matches!(img.mime.as_str(), "image/png" | "image/jpeg") {
                return Err(format!("image {i} has type {:?} (image/png or image/jpeg)", img.mime));
            }
        }
        Ok(())
    }

    /// The material of each triangle (0 when there are none).
    pub fn material_of(&self, triangle: usize) -> usize {
        self.triangle_material.get(triangle).map_or(0, |&m| m as usize)
    }
}

#[cfg(all(test, feature = "images"))]
mod tests {
    use super::*;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let img = image::RgbaImage::from_fn(w, h, |x, y| image::Rgba([x as u8, y as u8, 7, 255]));
        let mut out = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn images_are_checked_on_the_way_in() {
        let ok = TextureImage::from_encoded(png(4, 3)).unwrap();
        assert_eq!((ok.width, ok.height, ok.mime.as_str()), (4, 3, "image/png"));
        assert_eq!(ok.decode().unwrap().get_pixel(2, 1).0, [2, 1, 7, 255]);
        let mut cut = png(4, 3);
        cut.truncate(cut.len() / 2);
        assert!(TextureImage::from_encoded(cut).is_err(), "a truncated PNG");
        assert!(TextureImage::from_encoded(b"GIF89a....".to_vec()).is_err(), "not PNG or JPEG");
        assert!(TextureImage::from_encoded(Vec::new()).is_err());
    }

    #[test]
    fn looks_check_catches_every_inconsistency() {
        let image = TextureImage::from_encoded(png(2, 2)).unwrap();
        let good = Looks {
            uv: vec![[0.0, 0.0]; 3],
            triangle_material: vec![0],
            materials: vec![SurfaceMaterial { base_color_texture: Some(0), ..Default::default() }],
            images: vec![image],
        };
        good.check(3, 1).unwrap();
        Looks::default().check(3, 1).unwrap();
        let bad = |f: &dyn Fn(&mut Looks)| {
            let mut l = good.clone();
            f(&mut l);
            l.check(3, 1).unwrap_err()
        };
        assert!(bad(&|l| l.uv.pop().map(drop).unwrap_or(())).contains("texture coordinates"));
        assert!(bad(&|l| l.uv[1][0] = f32::NAN).contains("not finite"));
        assert!(bad(&|l| l.triangle_material[0] = 1).contains("material 1"));
        assert!(bad(&|l| l.triangle_material.clear()).contains("triangle materials"));
        assert!(bad(&|l| l.materials[0].base_color_texture = Some(3)).contains("image 3"));
        assert!(bad(&|l| l.materials[0].base_color[2] = f32::INFINITY).contains("non-finite"));
        assert!(bad(&|l| l.uv.clear()).contains("no UVs"));
    }
}
