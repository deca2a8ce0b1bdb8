//! MToon from a glTF material's JSON: VRM 1.0's `VRMC_materials_mtoon` as written, VRM 0.x's
//! `VRM.materialProperties[i]` (`VRM/MToon`, `VRM/Unlit*`) converted to it.
//!
//! The 0.x conversion is the one three-vrm applies before it builds its materials
//! (`@pixiv/three-vrm-materials-v0compat`, `VRMMaterialsV0CompatPlugin`), so that the viewer, which draws with
//! three-vrm's MToon material, shows a 0.x avatar as three-vrm does:
//! - colours (`_Color` rgb, `_ShadeColor`, `_EmissionColor`, `_RimColor`, `_OutlineColor`) are gamma-encoded
//!   in 0.x: linear = c^2.2 (alpha stays linear);
//! - `_ShadeToony` t and `_ShadeShift` s: toony = lerp(t, 1, 0.5 + 0.5 s), shift = −s − (1 − toony);
//! - `_IndirectLightIntensity` i: giEqualization = 1 − i; `_OutlineWidth` is in centimetres (× 0.01);
//!   `_UvAnimScrollY` flips its sign; `_SphereAdd` is the matcap (factor 1);
//! - `_MainTex`'s tiling (offset, scale) applies to every texture but the matcap, its v offset turned into
//!   glTF's image-top origin: offset.v = 1 − scale.v − offset.v;
//! - alpha: `_ALPHABLEND_ON` → blend (with `_ZWrite` 1: transparent with z-write), `_ALPHATEST_ON` → mask at
//!   `_Cutoff`; `_CullMode` 0 → double-sided;
//! - `VRM/Unlit*`: the shade colour and texture are the base colour's (no toon terminator);
//! - the transparent materials' render queues become offsets in the order of their distinct 0.x queues.

use crate::asset::looks::{AlphaMode, MToon, MToonTexture, OutlineWidthMode, TextureTransform};
use serde_json::Value;

/// A glTF texture index → our image (`None`: unusable, reported by the caller).
pub(super) type TextureImages<'a> = dyn FnMut(usize) -> Option<usize> + 'a;

/// What a VRM 0.x material's properties say of the glTF material's own fields (three-vrm replaces them).
pub(super) struct V0Surface {
    pub base_color: [f32; 4],
    pub base_color_texture: Option<usize>,
    /// `_MainTex`'s tiling.
    pub base_color_transform: Option<TextureTransform>,
    pub alpha_mode: AlphaMode,
    pub alpha_cutoff: f32,
    pub double_sided: Option<bool>,
}

fn f32_of(v: &Value) -> Option<f32> {
    v.as_f64().map(|x| x as f32).filter(|x| x.is_finite())
}

fn rgb_of(v: &Value) -> Option<[f32; 3]> {
    let a = v.as_array()?;
    (a.len() >= 3).then_some(())?;
    Some([f32_of(&a[0])?, f32_of(&a[1])?, f32_of(&a[2])?])
}

/// 0.x colours are gamma-encoded: linear = c^2.2 (three-vrm's `gammaEOTF`).
fn gamma(c: f32) -> f32 {
    c.max(0.0).powf(2.2)
}

/// A VRM 1.0 textureInfo: `{ index, texCoord?, extensions: { KHR_texture_transform? } }`.
fn texture_info(v: &Value, images: &mut TextureImages<'_>) -> Option<MToonTexture> {
    let index = v.get("index")?.as_u64()? as usize;
    if v.get("texCoord").and_then(Value::as_u64).unwrap_or(0) != 0 {
        return None;
    }
    let image = images(index)?;
    let transform = v.pointer("/extensions/KHR_texture_transform").and_then(|t| {
        let pair = |k: &str, d: [f32; 2]| match t.get(k).and_then(Value::as_array) {
            Some(a) if a.len() == 2 => Some([f32_of(&a[0])?, f32_of(&a[1])?]),
            Some(_) => None,
            None => Some(d),
        };
        Some(TextureTransform { offset: pair("offset", [0.0; 2])?, scale: pair("scale", [1.0; 2])? })
    });
    Some(MToonTexture { image, transform })
}

/// The base colour texture's `KHR_texture_transform`, if any (VRM 1.0).
pub(super) fn base_color_transform(material: &Value) -> Option<TextureTransform> {
    let mut any = |_| Some(0);
    texture_info(material.pointer("/pbrMetallicRoughness/baseColorTexture")?, &mut any)?.transform
}

/// VRM 1.0: the material's `VRMC_materials_mtoon`, with its emission (`emissiveFactor` × the
/// `KHR_materials_emissive_strength` and `VRMC_materials_hdr_emissiveMultiplier` factors) and normal map;
/// `None` when the material has no MToon extension.
pub(super) fn vrm1(material: &Value, images: &mut TextureImages<'_>) -> Option<MToon> {
    let ext = material.pointer("/extensions/VRMC_materials_mtoon")?;
    let d = MToon::default();
    let num = |k: &str, default: f32| ext.get(k).and_then(f32_of).unwrap_or(default);
    let rgb = |k: &str, default: [f32; 3]| ext.get(k).and_then(rgb_of).unwrap_or(default);
    let mut tex = |k: &str| ext.get(k).and_then(|t| texture_info(t, images));
    let shading_shift_texture = tex("shadingShiftTexture");
    let strength = material
        .pointer("/extensions/KHR_materials_emissive_strength/emissiveStrength")
        .and_then(f32_of)
        .unwrap_or(1.0)
        * material
            .pointer("/extensions/VRMC_materials_hdr_emissiveMultiplier/emissiveMultiplier")
            .and_then(f32_of)
            .unwrap_or(1.0);
    let emissive = material.get("emissiveFactor").and_then(rgb_of).unwrap_or([0.0; 3]).map(|c| c * strength);
    Some(MToon {
        transparent_with_z_write: ext.get("transparentWithZWrite").and_then(Value::as_bool).unwrap_or(false),
        render_queue_offset: ext
            .get("renderQueueOffsetNumber")
            .and_then(Value::as_i64)
            .unwrap_or(0)
            .clamp(-9, 9) as i32,
        shade_color: rgb("shadeColorFactor", d.shade_color),
        shade_multiply_texture: tex("shadeMultiplyTexture"),
        shading_shift: num("shadingShiftFactor", d.shading_shift),
        shading_shift_texture_scale: ext
            .pointer("/shadingShiftTexture/scale")
            .and_then(f32_of)
            .unwrap_or(d.shading_shift_texture_scale),
        shading_shift_texture,
        shading_toony: num("shadingToonyFactor", d.shading_toony),
        gi_equalization: num("giEqualizationFactor", d.gi_equalization),
        emissive,
        emissive_texture: material.get("emissiveTexture").and_then(|t| texture_info(t, images)),
        normal_texture: material.get("normalTexture").and_then(|t| texture_info(t, images)),
        normal_scale: material.pointer("/normalTexture/scale").and_then(f32_of).unwrap_or(d.normal_scale),
        matcap_factor: rgb("matcapFactor", d.matcap_factor),
        matcap_texture: ext.get("matcapTexture").and_then(|t| texture_info(t, images)),
        parametric_rim_color: rgb("parametricRimColorFactor", d.parametric_rim_color),
        rim_multiply_texture: ext.get("rimMultiplyTexture").and_then(|t| texture_info(t, images)),
        rim_lighting_mix: num("rimLightingMixFactor", d.rim_lighting_mix),
        parametric_rim_fresnel_power: num("parametricRimFresnelPowerFactor", d.parametric_rim_fresnel_power),
        parametric_rim_lift: num("parametricRimLiftFactor", d.parametric_rim_lift),
        outline_width_mode: match ext.get("outlineWidthMode").and_then(Value::as_str) {
            Some("worldCoordinates") => OutlineWidthMode::WorldCoordinates,
            Some("screenCoordinates") => OutlineWidthMode::ScreenCoordinates,
            _ => OutlineWidthMode::None,
        },
        outline_width: num("outlineWidthFactor", d.outline_width),
        outline_width_multiply_texture: ext
            .get("outlineWidthMultiplyTexture")
            .and_then(|t| texture_info(t, images)),
        outline_color: rgb("outlineColorFactor", d.outline_color),
        outline_lighting_mix: num("outlineLightingMixFactor", d.outline_lighting_mix),
        uv_animation_mask_texture: ext.get("uvAnimationMaskTexture").and_then(|t| texture_info(t, images)),
        uv_animation_scroll_x_speed: num("uvAnimationScrollXSpeedFactor", d.uv_animation_scroll_x_speed),
        uv_animation_scroll_y_speed: num("uvAnimationScrollYSpeedFactor", d.uv_animation_scroll_y_speed),
        uv_animation_rotation_speed: num("uvAnimationRotationSpeedFactor", d.uv_animation_rotation_speed),
    })
}

/// Whether a 0.x material is transparent and writes depth (for the render-queue map).
fn v0_blend(p: &Value) -> (bool, bool) {
    let shader = p["shader"].as_str().unwrap_or("");
    let zwrite_unlit = shader == "VRM/UnlitTransparentZWrite";
    // three-vrm tests the keyword's presence here (`!= undefined`), its value elsewhere
    let transparent = !p.pointer("/keywordMap/_ALPHABLEND_ON").is_none_or(Value::is_null)
        || shader == "VRM/UnlitTransparent"
        || zwrite_unlit;
    let zwrite = p.pointer("/floatProperties/_ZWrite").and_then(Value::as_f64) == Some(1.0) || zwrite_unlit;
    (transparent, zwrite)
}

/// The render-queue offsets of a 0.x file's transparent materials: their distinct queues in order, per kind
/// (with and without z-write), numbered from 0 (three-vrm's `_populateRenderQueueMap`).
pub(super) struct V0Queues {
    transparent: Vec<i64>,
    transparent_zwrite: Vec<i64>,
}

impl V0Queues {
    pub fn new(props: &[Value]) -> V0Queues {
        let (mut transparent, mut transparent_zwrite) = (vec![], vec![]);
        for p in props {
            let (t, z) = v0_blend(p);
            if let (true, Some(q)) = (t, p["renderQueue"].as_i64()) {
                let list = if z { &mut transparent_zwrite } else { &mut transparent };
                if !list.contains(&q) {
                    list.push(q);
                }
            }
        }
        transparent.sort_unstable();
        transparent_zwrite.sort_unstable();
        V0Queues { transparent, transparent_zwrite }
    }

    /// The offset of a material's queue: transparent ones count up to 0 from below (the last, highest, queue
    /// is 0: −(n − 1 − rank), at least −9), those with z-write from 0 up (rank, at most 9), as three-vrm maps
    /// them (it sorts the queues as strings; 0.x queues are four-digit numbers, where that is the same order).
    fn offset(&self, p: &Value) -> i32 {
        let (t, z) = v0_blend(p);
        let Some(q) = p["renderQueue"].as_i64().filter(|_| t) else { return 0 };
        let list = if z { &self.transparent_zwrite } else { &self.transparent };
        let Some(rank) = list.iter().position(|&x| x == q) else { return 0 };
        if z {
            (rank as i32).min(9)
        } else {
            (rank as i32 - list.len() as i32 + 1).max(-9)
        }
    }
}

/// VRM 0.x: a `VRM/MToon` or `VRM/Unlit*` material's properties converted to MToon (module doc), and what
/// they say of the surface; `None` for any other shader (`VRM_USE_GLTFSHADER`: the glTF material as it is).
/// `material` is the glTF material's own JSON: three-vrm keeps its emission and normal map for `VRM/Unlit*`.
pub(super) fn vrm0(
    p: &Value,
    material: Option<&Value>,
    queues: &V0Queues,
    images: &mut TextureImages<'_>,
) -> Option<(MToon, V0Surface)> {
    let shader = p["shader"].as_str()?;
    let mtoon = shader == "VRM/MToon";
    if !mtoon && !shader.starts_with("VRM/Unlit") {
        return None;
    }
    let float = |k: &str| p.pointer(&format!("/floatProperties/{k}")).and_then(f32_of);
    let vector = |k: &str| {
        p.pointer(&format!("/vectorProperties/{k}")).and_then(Value::as_array).and_then(|a| {
            let v: Option<Vec<f32>> = a.iter().map(f32_of).collect();
            v
        })
    };
    let colour = |k: &str, default: [f32; 3]| match vector(k) {
        Some(v) if v.len() >= 3 => [gamma(v[0]), gamma(v[1]), gamma(v[2])],
        _ => default.map(gamma),
    };
    let texture = |k: &str| p.pointer(&format!("/textureProperties/{k}")).and_then(Value::as_u64);
    // `_MainTex`'s tiling, for every texture but the matcap
    let transform = vector("_MainTex")
        .filter(|v| v.len() >= 4)
        .map(|v| TextureTransform { offset: [v[0], 1.0 - v[3] - v[1]], scale: [v[2], v[3]] });
    let mut tex = |k: &str, tiled: bool| {
        let image = images(texture(k)? as usize)?;
        Some(MToonTexture { image, transform: if tiled { transform } else { None } })
    };
    let keyword = |k: &str| p.pointer(&format!("/keywordMap/{k}")).and_then(Value::as_bool).unwrap_or(false);
    let (transparent, zwrite) = if mtoon {
        (keyword("_ALPHABLEND_ON"), float("_ZWrite") == Some(1.0))
    } else {
        let zw = shader == "VRM/UnlitTransparentZWrite";
        (shader == "VRM/UnlitTransparent" || zw, zw)
    };
    let cutoff = if mtoon { keyword("_ALPHATEST_ON") } else { shader == "VRM/UnlitCutout" };
    let color = vector("_Color").filter(|v| v.len() >= 4).unwrap_or(vec![1.0; 4]);
    // MToon keeps the alpha linear; three-vrm's unlit path gamma-decodes it too
    let alpha = if mtoon { color[3] } else { gamma(color[3]) };
    let base_color = [gamma(color[0]), gamma(color[1]), gamma(color[2]), alpha];
    let main = tex("_MainTex", true);
    let surface = V0Surface {
        base_color,
        base_color_texture: main.as_ref().map(|t| t.image),
        base_color_transform: main.as_ref().and_then(|t| t.transform),
        alpha_mode: if transparent {
            AlphaMode::Blend
        } else if cutoff {
            AlphaMode::Mask
        } else {
            AlphaMode::Opaque
        },
        alpha_cutoff: if cutoff { float("_Cutoff").unwrap_or(0.5) } else { 0.5 },
        // the unlit shaders leave the glTF material's sidedness
        double_sided: mtoon.then(|| float("_CullMode").unwrap_or(2.0) == 0.0),
    };
    let d = MToon::default();
    let render_queue_offset = queues.offset(p);
    if !mtoon {
        // the glTF material's own emission and normal map stay (its extensions do not)
        let m = material.unwrap_or(&Value::Null);
        let rgb = [base_color[0], base_color[1], base_color[2]];
        let unlit = MToon {
            transparent_with_z_write: zwrite && transparent,
            render_queue_offset,
            shade_color: rgb,
            shade_multiply_texture: main,
            emissive: m.get("emissiveFactor").and_then(rgb_of).unwrap_or([0.0; 3]),
            emissive_texture: m.get("emissiveTexture").and_then(|t| texture_info(t, images)),
            normal_texture: m.get("normalTexture").and_then(|t| texture_info(t, images)),
            normal_scale: m.pointer("/normalTexture/scale").and_then(f32_of).unwrap_or(d.normal_scale),
            ..d
        };
        return Some((unlit, surface));
    }
    let shift0 = float("_ShadeShift").unwrap_or(0.0);
    let toony0 = float("_ShadeToony").unwrap_or(0.9);
    let shading_toony = toony0 + (1.0 - toony0) * (0.5 + 0.5 * shift0);
    let gi = float("_IndirectLightIntensity").unwrap_or(0.1);
    let matcap_texture = tex("_SphereAdd", false);
    let outline_color_mode = float("_OutlineColorMode").unwrap_or(0.0);
    let m = MToon {
        transparent_with_z_write: zwrite && transparent,
        render_queue_offset,
        shade_color: colour("_ShadeColor", [0.97, 0.81, 0.86]),
        shade_multiply_texture: tex("_ShadeTexture", true),
        shading_shift: -shift0 - (1.0 - shading_toony),
        shading_shift_texture: None,
        shading_shift_texture_scale: d.shading_shift_texture_scale,
        shading_toony,
        // three-vrm leaves it out (the default, 0.9) when the intensity is 0
        gi_equalization: if gi != 0.0 { 1.0 - gi } else { d.gi_equalization },
        emissive: colour("_EmissionColor", [0.0; 3]),
        emissive_texture: tex("_EmissionMap", true),
        normal_scale: float("_BumpScale").unwrap_or(1.0),
        normal_texture: tex("_BumpMap", true),
        matcap_factor: if matcap_texture.is_some() { [1.0; 3] } else { d.matcap_factor },
        matcap_texture,
        parametric_rim_color: colour("_RimColor", [0.0; 3]),
        rim_multiply_texture: tex("_RimTexture", true),
        rim_lighting_mix: float("_RimLightingMix").unwrap_or(0.0),
        parametric_rim_fresnel_power: float("_RimFresnelPower").unwrap_or(1.0),
        parametric_rim_lift: float("_RimLift").unwrap_or(0.0),
        outline_width_mode: match float("_OutlineWidthMode").unwrap_or(0.0) as i32 {
            1 => OutlineWidthMode::WorldCoordinates,
            2 => OutlineWidthMode::ScreenCoordinates,
            _ => OutlineWidthMode::None,
        },
        outline_width: 0.01 * float("_OutlineWidth").unwrap_or(0.0),
        outline_width_multiply_texture: tex("_OutlineWidthTexture", true),
        outline_color: colour("_OutlineColor", [0.0; 3]),
        outline_lighting_mix: if outline_color_mode == 1.0 {
            float("_OutlineLightingMix").unwrap_or(1.0)
        } else {
            0.0
        },
        uv_animation_mask_texture: tex("_UvAnimMaskTexture", true),
        uv_animation_scroll_x_speed: float("_UvAnimScrollX").unwrap_or(0.0),
        uv_animation_scroll_y_speed: -float("_UvAnimScrollY").unwrap_or(0.0),
        uv_animation_rotation_speed: float("_UvAnimRotation").unwrap_or(0.0),
    };
    Some((m, surface))
}
