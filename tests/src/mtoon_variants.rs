//! VRMs with every MToon feature switched on (issue 55), made from the committed Blender-made avatars by
//! editing their glTF JSON: for the export round trip (cli/tests/vrm_export.rs) and the pixel comparisons with
//! three-vrm (tests/tests/browser.rs).

use serde_json::{json, Value};
use std::path::Path;

/// A `w` × `h` PNG of a colour ramp.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(w, h, |x, y| image::Rgba([(40 * x) as u8, (40 * y) as u8, 200, 255]));
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
    out
}

/// A .glb's JSON and binary chunk.
pub fn glb_parts(bytes: &[u8]) -> (Value, Vec<u8>) {
    let len = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let json_len = len(12);
    let json: Value = serde_json::from_slice(&bytes[20..20 + json_len]).unwrap();
    let bin_at = 20 + json_len;
    let bin =
        if bin_at + 8 <= bytes.len() { bytes[bin_at + 8..bin_at + 8 + len(bin_at)].to_vec() } else { vec![] };
    (json, bin)
}

/// A .glb from its JSON and binary chunk (each padded to 4 bytes).
pub fn glb_join(json: &Value, bin: &[u8]) -> Vec<u8> {
    let mut j = serde_json::to_vec(json).unwrap();
    j.resize(j.len().next_multiple_of(4), b' ');
    let mut b = bin.to_vec();
    b.resize(b.len().next_multiple_of(4), 0);
    let mut out = Vec::new();
    out.extend(b"glTF");
    out.extend(2u32.to_le_bytes());
    out.extend(((12 + 8 + j.len() + 8 + b.len()) as u32).to_le_bytes());
    out.extend((j.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(&j);
    out.extend((b.len() as u32).to_le_bytes());
    out.extend(b"BIN\0");
    out.extend(&b);
    out
}

/// Append a PNG of `side` × `side` pixels as a new image and texture; its texture index.
pub fn add_texture(json: &mut Value, bin: &mut Vec<u8>, side: u32) -> usize {
    bin.resize(bin.len().next_multiple_of(4), 0);
    let bytes = png(side, side);
    let views = json["bufferViews"].as_array_mut().unwrap();
    views.push(json!({"buffer": 0, "byteOffset": bin.len(), "byteLength": bytes.len()}));
    let view = views.len() - 1;
    bin.extend(bytes);
    json["buffers"][0]["byteLength"] = json!(bin.len().next_multiple_of(4));
    let images = json["images"].as_array_mut().unwrap();
    images.push(json!({"bufferView": view, "mimeType": "image/png", "name": format!("extra{side}")}));
    let image = images.len() - 1;
    let textures = json["textures"].as_array_mut().unwrap();
    textures.push(json!({"source": image, "sampler": 0}));
    textures.len() - 1
}

/// `anny_springs_vrm0.vrm` (three VRM/MToon materials) with every MToon feature of VRM 0.x switched on: the
/// first material transparent with z-write, tiled, with a texture in every slot (distinct images), outline in
/// world units with lighting mix, rim, matcap, emission, normal map, UV animation; the second cut out at 0.3,
/// screen-space outline, culled; the third `VRM/UnlitTransparent`.
pub fn every_mtoon_feature_vrm0(repo: &Path) -> Vec<u8> {
    let (mut json, mut bin) =
        glb_parts(&std::fs::read(repo.join("assets/fixtures/avatars/anny_springs_vrm0.vrm")).unwrap());
    let t: Vec<usize> = (3..10).map(|side| add_texture(&mut json, &mut bin, side)).collect();
    let props = json["extensions"]["VRM"]["materialProperties"].as_array_mut().unwrap();
    let p0 = &mut props[0];
    for (k, v) in [
        ("_ShadeShift", -0.3),
        ("_ShadeToony", 0.6),
        ("_IndirectLightIntensity", 0.3),
        ("_RimLightingMix", 0.5),
        ("_RimFresnelPower", 3.0),
        ("_RimLift", 0.2),
        ("_OutlineWidthMode", 1.0),
        ("_OutlineWidth", 0.5),
        ("_OutlineColorMode", 1.0),
        ("_OutlineLightingMix", 0.7),
        ("_UvAnimScrollX", 0.1),
        ("_UvAnimScrollY", 0.2),
        ("_UvAnimRotation", 0.3),
        ("_BumpScale", 0.8),
        ("_ZWrite", 1.0),
        ("_CullMode", 0.0),
    ] {
        p0["floatProperties"][k] = json!(v);
    }
    p0["keywordMap"]["_ALPHABLEND_ON"] = json!(true);
    p0["renderQueue"] = json!(3001);
    for (k, v) in [
        ("_Color", [0.9, 0.8, 0.7, 0.6]),
        ("_ShadeColor", [0.5, 0.4, 0.45, 1.0]),
        ("_EmissionColor", [0.2, 0.1, 0.05, 1.0]),
        ("_RimColor", [0.3, 0.4, 0.5, 1.0]),
        ("_OutlineColor", [0.1, 0.2, 0.3, 1.0]),
        ("_MainTex", [0.1, 0.2, 2.0, 3.0]),
    ] {
        p0["vectorProperties"][k] = json!(v);
    }
    for (k, i) in [
        ("_ShadeTexture", 0),
        ("_EmissionMap", 1),
        ("_BumpMap", 2),
        ("_SphereAdd", 3),
        ("_RimTexture", 4),
        ("_OutlineWidthTexture", 5),
        ("_UvAnimMaskTexture", 6),
    ] {
        p0["textureProperties"][k] = json!(t[i]);
    }
    let p1 = &mut props[1];
    p1["keywordMap"]["_ALPHATEST_ON"] = json!(true);
    p1["floatProperties"]["_Cutoff"] = json!(0.3);
    p1["floatProperties"]["_CullMode"] = json!(2.0);
    p1["floatProperties"]["_OutlineWidthMode"] = json!(2.0);
    p1["floatProperties"]["_OutlineWidth"] = json!(0.2);
    let p2 = &mut props[2];
    p2["shader"] = json!("VRM/UnlitTransparent");
    p2["renderQueue"] = json!(3005);
    p2["vectorProperties"]["_Color"] = json!([0.6, 0.7, 0.8, 0.5]);
    glb_join(&json, &bin)
}

/// `anny_springs_vrm1.vrm` (three MToon materials) with every property of `VRMC_materials_mtoon` set: the
/// first transparent with z-write, every texture slot (distinct images, some with `KHR_texture_transform`),
/// emission with `KHR_materials_emissive_strength`, a normal map, world outline; the second masked with a
/// screen outline and a render queue offset; the third as exported.
pub fn every_mtoon_feature_vrm1(repo: &Path) -> Vec<u8> {
    let (mut json, mut bin) =
        glb_parts(&std::fs::read(repo.join("assets/fixtures/avatars/anny_springs_vrm1.vrm")).unwrap());
    let t: Vec<usize> = (3..12).map(|side| add_texture(&mut json, &mut bin, side)).collect();
    let transform = json!({"KHR_texture_transform": {"offset": [0.25, 0.5], "scale": [2.0, 0.5]}});
    let used = json["extensionsUsed"].as_array_mut().unwrap();
    used.extend([json!("KHR_texture_transform"), json!("KHR_materials_emissive_strength")]);
    let m0 = &mut json["materials"][0];
    m0["alphaMode"] = json!("BLEND");
    m0["emissiveFactor"] = json!([0.5, 0.25, 0.125]);
    m0["emissiveTexture"] = json!({"index": t[0], "extensions": transform.clone()});
    m0["normalTexture"] = json!({"index": t[1], "scale": 0.7});
    m0["extensions"]["KHR_materials_emissive_strength"] = json!({"emissiveStrength": 2.0});
    m0["extensions"]["VRMC_materials_mtoon"] = json!({
        "specVersion": "1.0",
        "transparentWithZWrite": true,
        "renderQueueOffsetNumber": 2,
        "shadeColorFactor": [0.4, 0.3, 0.35],
        "shadeMultiplyTexture": {"index": t[2], "extensions": transform.clone()},
        "shadingShiftFactor": -0.2,
        "shadingShiftTexture": {"index": t[3], "scale": 0.6},
        "shadingToonyFactor": 0.7,
        "giEqualizationFactor": 0.4,
        "matcapFactor": [0.9, 0.8, 0.7],
        "matcapTexture": {"index": t[4]},
        "parametricRimColorFactor": [0.2, 0.3, 0.4],
        "rimMultiplyTexture": {"index": t[5]},
        "rimLightingMixFactor": 0.6,
        "parametricRimFresnelPowerFactor": 2.5,
        "parametricRimLiftFactor": 0.15,
        "outlineWidthMode": "worldCoordinates",
        "outlineWidthFactor": 0.004,
        "outlineWidthMultiplyTexture": {"index": t[6]},
        "outlineColorFactor": [0.05, 0.1, 0.15],
        "outlineLightingMixFactor": 0.8,
        "uvAnimationMaskTexture": {"index": t[7]},
        "uvAnimationScrollXSpeedFactor": 0.1,
        "uvAnimationScrollYSpeedFactor": -0.2,
        "uvAnimationRotationSpeedFactor": 0.3,
    });
    let m1 = &mut json["materials"][1];
    m1["alphaMode"] = json!("MASK");
    m1["alphaCutoff"] = json!(0.35);
    m1["doubleSided"] = json!(false);
    let e1 = &mut m1["extensions"]["VRMC_materials_mtoon"];
    e1["outlineWidthMode"] = json!("screenCoordinates");
    e1["outlineWidthFactor"] = json!(0.01);
    e1["renderQueueOffsetNumber"] = json!(-3);
    e1["shadeMultiplyTexture"] = json!({"index": t[8]});
    glb_join(&json, &bin)
}
