//! How an avatar looks: texture coordinates on the render vertices, materials per render triangle, and the
//! base-colour images they sample. Read from glTF / VRM on import, drawn by the renderer, written back on export.
//!
//! Per material: the glTF 2.0 base colour (§3.9 metallic-roughness, base colour part: `baseColorFactor` in
//! linear RGBA, `baseColorTexture` in sRGB at `TEXCOORD_0`), `alphaMode` / `alphaCutoff`, `doubleSided`, and
//! VRM's toon shading when the material has it ([`MToon`]: the parameters of `VRMC_materials_mtoon` 1.0 and the
//! emission and normal map it reads; VRM 0.x's `VRM/MToon` and `VRM/Unlit*` properties are converted to it on
//! import as three-vrm converts them, and replace the glTF material's own colour, texture, alpha and sidedness).
//! Images are kept as their original PNG or JPEG bytes (checked to decode at import), so an export writes them
//! back bit for bit.
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
    /// The base colour texture's `KHR_texture_transform` (a VRM 0.x `_MainTex` tiling), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_color_transform: Option<TextureTransform>,
    /// VRM's toon shading (VRM 1.0 `VRMC_materials_mtoon`; VRM 0.x `VRM/MToon` and `VRM/Unlit*` are converted
    /// to it on import, as three-vrm's `VRMMaterialsV0CompatPlugin` does); `None`: a plain glTF material.
    /// Assets before format 7 have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtoon: Option<Box<MToon>>,
}

fn default_cutoff() -> f32 {
    0.5
}

/// A texture of an MToon material: one of [`Looks::images`], read at `TEXCOORD_0`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MToonTexture {
    /// Index into [`Looks::images`].
    pub image: usize,
    /// `KHR_texture_transform` `offset` and `scale` (u, v), when the source had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transform: Option<TextureTransform>,
}

/// `KHR_texture_transform` (without rotation): `uv' = offset + scale · uv`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextureTransform {
    pub offset: [f32; 2],
    pub scale: [f32; 2],
}

/// `outlineWidthMode` (VRMC_materials_mtoon 1.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OutlineWidthMode {
    #[default]
    None,
    /// `outlineWidthFactor` in metres.
    WorldCoordinates,
    /// `outlineWidthFactor` as a share of the screen's height.
    ScreenCoordinates,
}

/// The parameters of `VRMC_materials_mtoon` 1.0, with the glTF core properties MToon reads beside the base
/// colour (emission, normal map); field names are the specification's (`shadeColorFactor` → `shade_color`).
/// Colours are linear RGB. The lit colour, alpha mode and sidedness are the [`SurfaceMaterial`]'s own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MToon {
    /// Rendering: `transparentWithZWrite`, `renderQueueOffsetNumber`.
    pub transparent_with_z_write: bool,
    pub render_queue_offset: i32,
    /// Lighting: `shadeColorFactor`, `shadeMultiplyTexture`, `shadingShiftFactor`, `shadingShiftTexture` (with
    /// its `scale`), `shadingToonyFactor`.
    pub shade_color: [f32; 3],
    pub shade_multiply_texture: Option<MToonTexture>,
    pub shading_shift: f32,
    pub shading_shift_texture: Option<MToonTexture>,
    pub shading_shift_texture_scale: f32,
    pub shading_toony: f32,
    /// Global illumination: `giEqualizationFactor`.
    pub gi_equalization: f32,
    /// Emission (glTF core): `emissiveFactor`, `emissiveTexture`; `KHR_materials_emissive_strength` folded in.
    pub emissive: [f32; 3],
    pub emissive_texture: Option<MToonTexture>,
    /// Normal map (glTF core `normalTexture`, its `scale`).
    pub normal_texture: Option<MToonTexture>,
    pub normal_scale: f32,
    /// Rim lighting: `matcapFactor`, `matcapTexture`, `parametricRimColorFactor`, `rimMultiplyTexture`,
    /// `rimLightingMixFactor`, `parametricRimFresnelPowerFactor`, `parametricRimLiftFactor`.
    pub matcap_factor: [f32; 3],
    pub matcap_texture: Option<MToonTexture>,
    pub parametric_rim_color: [f32; 3],
    pub rim_multiply_texture: Option<MToonTexture>,
    pub rim_lighting_mix: f32,
    pub parametric_rim_fresnel_power: f32,
    pub parametric_rim_lift: f32,
    /// Outline: `outlineWidthMode`, `outlineWidthFactor`, `outlineWidthMultiplyTexture`, `outlineColorFactor`,
    /// `outlineLightingMixFactor`.
    pub outline_width_mode: OutlineWidthMode,
    pub outline_width: f32,
    pub outline_width_multiply_texture: Option<MToonTexture>,
    pub outline_color: [f32; 3],
    pub outline_lighting_mix: f32,
    /// UV animation: `uvAnimationMaskTexture`, `uvAnimationScrollXSpeedFactor`, `uvAnimationScrollYSpeedFactor`,
    /// `uvAnimationRotationSpeedFactor`.
    pub uv_animation_mask_texture: Option<MToonTexture>,
    pub uv_animation_scroll_x_speed: f32,
    pub uv_animation_scroll_y_speed: f32,
    pub uv_animation_rotation_speed: f32,
}

impl Default for MToon {
    /// The specification's defaults.
    fn default() -> Self {
        MToon {
            transparent_with_z_write: false,
            render_queue_offset: 0,
            shade_color: [0.0; 3],
            shade_multiply_texture: None,
            shading_shift: 0.0,
            shading_shift_texture: None,
            shading_shift_texture_scale: 1.0,
            shading_toony: 0.9,
            gi_equalization: 0.9,
            emissive: [0.0; 3],
            emissive_texture: None,
            normal_texture: None,
            normal_scale: 1.0,
            matcap_factor: [1.0; 3],
            matcap_texture: None,
            parametric_rim_color: [0.0; 3],
            rim_multiply_texture: None,
            rim_lighting_mix: 1.0,
            parametric_rim_fresnel_power: 5.0,
            parametric_rim_lift: 0.0,
            outline_width_mode: OutlineWidthMode::None,
            outline_width: 0.0,
            outline_width_multiply_texture: None,
            outline_color: [0.0; 3],
            outline_lighting_mix: 1.0,
            uv_animation_mask_texture: None,
            uv_animation_scroll_x_speed: 0.0,
            uv_animation_scroll_y_speed: 0.0,
            uv_animation_rotation_speed: 0.0,
        }
    }
}

impl MToon {
    /// Its textures, each with the specification's name.
    pub fn textures(&self) -> impl Iterator<Item = (&'static str, &MToonTexture)> {
        [
            ("shadeMultiplyTexture", &self.shade_multiply_texture),
            ("shadingShiftTexture", &self.shading_shift_texture),
            ("emissiveTexture", &self.emissive_texture),
            ("normalTexture", &self.normal_texture),
            ("matcapTexture", &self.matcap_texture),
            ("rimMultiplyTexture", &self.rim_multiply_texture),
            ("outlineWidthMultiplyTexture", &self.outline_width_multiply_texture),
            ("uvAnimationMaskTexture", &self.uv_animation_mask_texture),
        ]
        .into_iter()
        .filter_map(|(n, t)| t.as_ref().map(|t| (n, t)))
    }

    /// Its numbers, each with the specification's name (for the finiteness check).
    fn numbers(&self) -> Vec<(&'static str, f32)> {
        let mut v = vec![
            ("shadingShiftFactor", self.shading_shift),
            ("shadingShiftTexture.scale", self.shading_shift_texture_scale),
            ("shadingToonyFactor", self.shading_toony),
            ("giEqualizationFactor", self.gi_equalization),
            ("normalTexture.scale", self.normal_scale),
            ("rimLightingMixFactor", self.rim_lighting_mix),
            ("parametricRimFresnelPowerFactor", self.parametric_rim_fresnel_power),
            ("parametricRimLiftFactor", self.parametric_rim_lift),
            ("outlineWidthFactor", self.outline_width),
            ("outlineLightingMixFactor", self.outline_lighting_mix),
            ("uvAnimationScrollXSpeedFactor", self.uv_animation_scroll_x_speed),
            ("uvAnimationScrollYSpeedFactor", self.uv_animation_scroll_y_speed),
            ("uvAnimationRotationSpeedFactor", self.uv_animation_rotation_speed),
        ];
        for (n, c) in [
            ("shadeColorFactor", self.shade_color),
            ("emissiveFactor", self.emissive),
            ("matcapFactor", self.matcap_factor),
            ("parametricRimColorFactor", self.parametric_rim_color),
            ("outlineColorFactor", self.outline_color),
        ] {
            v.extend(c.map(|x| (n, x)));
        }
        for (n, t) in self.textures() {
            if let Some(tr) = t.transform {
                v.extend(tr.offset.into_iter().chain(tr.scale).map(|x| (n, x)));
            }
        }
        v
    }

    /// Without its textures (a mesh without UVs).
    pub fn drop_textures(&mut self) {
        for t in [
            &mut self.shade_multiply_texture,
            &mut self.shading_shift_texture,
            &mut self.emissive_texture,
            &mut self.normal_texture,
            &mut self.matcap_texture,
            &mut self.rim_multiply_texture,
            &mut self.outline_width_multiply_texture,
            &mut self.uv_animation_mask_texture,
        ] {
            *t = None;
        }
    }

    /// Finite numbers and image indices below `images`.
    pub fn check(&self, images: usize) -> Result<(), String> {
        if let Some((n, _)) = self.numbers().into_iter().find(|(_, x)| !x.is_finite()) {
            return Err(format!("MToon {n} is not finite"));
        }
        if let Some((n, t)) = self.textures().find(|(_, t)| t.image >= images) {
            return Err(format!("MToon {n} uses image {} of {images}", t.image));
        }
        Ok(())
    }
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
            base_color_transform: None,
            mtoon: None,
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
            if let Some(t) = m.base_color_transform {
                if t.offset.iter().chain(&t.scale).any(|x| !x.is_finite()) {
                    return Err(format!("material {i} ({:?}) has a non-finite texture transform", m.name));
                }
            }
            if let Some(mt) = &m.mtoon {
                mt.check(self.images.len()).map_err(|e| format!("material {i} ({:?}): {e}", m.name))?;
                if mt.textures().next().is_some() && self.uv.is_empty() {
                    return Err(format!("material {i} ({:?}) has a texture but the mesh has no UVs", m.name));
                }
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
        // MToon: checked with its material
        let with_mtoon = |f: &dyn Fn(&mut MToon)| {
            let mut l = good.clone();
            let mut m = MToon::default();
            f(&mut m);
            l.materials[0].mtoon = Some(Box::new(m));
            l.check(3, 1)
        };
        with_mtoon(&|m| m.matcap_texture = Some(MToonTexture { image: 0, transform: None })).unwrap();
        let err = |f: &dyn Fn(&mut MToon)| with_mtoon(f).unwrap_err();
        assert!(err(&|m| m.shade_color[1] = f32::NAN).contains("shadeColorFactor is not finite"));
        assert!(err(&|m| m.outline_width = f32::INFINITY).contains("outlineWidthFactor"));
        let tex = |image| Some(MToonTexture { image, transform: None });
        assert!(err(&|m| m.matcap_texture = tex(1)).contains("matcapTexture uses image 1 of 1"));
        let nan_transform = Some(MToonTexture {
            image: 0,
            transform: Some(TextureTransform { offset: [0.0, f32::NAN], scale: [1.0; 2] }),
        });
        assert!(err(&|m| m.rim_multiply_texture = nan_transform.clone()).contains("rimMultiplyTexture"));
    }
}
