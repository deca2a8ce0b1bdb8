//! The looks of the render mesh: texture coordinates (set 0), materials (base colour factor and texture,
//! alpha mode, sidedness; VRM 0.x MToon's `_MainTex` when there is no base colour texture) and their images
//! (embedded PNG / JPEG, checked and deduplicated).

use super::mtoon;
use super::{ImportError, ImportInfo};
use crate::asset::looks::{AlphaMode, Looks, SurfaceMaterial, TextureImage};
use serde_json::Value;
use std::collections::HashMap;

/// The looks read so far: a UV per render vertex (`None`: its primitive has none), a material per triangle.
pub(super) struct LooksReader<'a> {
    doc: &'a gltf::Document,
    blob: Option<&'a [u8]>,
    /// VRM 0.x material name → `_MainTex` texture.
    vrm0_props: HashMap<String, usize>,
    /// The file's JSON (the materials' MToon: VRM 1.0's extension, VRM 0.x's `materialProperties`).
    json: Option<&'a Value>,
    vrm0_queues: mtoon::V0Queues,
    materials: MaterialTable,
    uvs: Vec<Option<[f32; 2]>>,
    triangle_material: Vec<u32>,
}

impl<'a> LooksReader<'a> {
    pub fn new(doc: &'a gltf::Document, blob: Option<&'a [u8]>, json: Option<&'a serde_json::Value>) -> Self {
        LooksReader {
            doc,
            blob,
            vrm0_props: vrm0_material_props(json),
            json,
            vrm0_queues: mtoon::V0Queues::new(vrm0_properties(json)),
            materials: MaterialTable::default(),
            uvs: Vec::new(),
            triangle_material: Vec::new(),
        }
    }

    /// `triangles` more triangles of material `m`.
    pub fn material(&mut self, m: gltf::Material<'_>, triangles: usize, info: &mut ImportInfo) {
        let m =
            self.materials.of(self.doc, m, self.blob, (&self.vrm0_props, self.json, &self.vrm0_queues), info);
        self.triangle_material.extend(std::iter::repeat_n(m, triangles));
    }

    /// The texture coordinates (set 0) of a primitive's `count` new vertices.
    pub fn uvs<'r, 's, F>(
        &mut self,
        reader: &gltf::mesh::Reader<'r, 's, F>,
        count: usize,
        what: &str,
    ) -> Result<(), ImportError>
    where
        F: Clone + Fn(gltf::Buffer<'r>) -> Option<&'s [u8]>,
    {
        match reader.read_tex_coords(0) {
            Some(tc) => {
                let tc: Vec<[f32; 2]> = tc.into_f32().collect();
                if tc.len() != count {
                    return Err(ImportError::Invalid(format!("{what}: TEXCOORD_0 length {}", tc.len())));
                }
                if let Some(i) = tc.iter().position(|t| !(t[0].is_finite() && t[1].is_finite())) {
                    return Err(ImportError::Invalid(format!(
                        "{what}: texture coordinate {i} is not finite"
                    )));
                }
                self.uvs.extend(tc.into_iter().map(Some));
            }
            None => self.uvs.extend(std::iter::repeat_n(None, count)),
        }
        Ok(())
    }

    /// The looks of the whole render mesh.
    pub fn finish(self, info: &mut ImportInfo) -> Looks {
        self.materials.finish(self.uvs, self.triangle_material, info)
    }
}

/// VRM 0.x `VRM.materialProperties` (empty when there are none).
fn vrm0_properties(json: Option<&Value>) -> &[Value] {
    json.and_then(|j| j.pointer("/extensions/VRM/materialProperties"))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The VRM 0.x properties of glTF material `index` named `name`: the entry at its index (three-vrm's match),
/// else the one of its name.
fn vrm0_entry<'j>(json: Option<&'j Value>, index: usize, name: &str) -> Option<&'j Value> {
    let props = vrm0_properties(json);
    props
        .get(index)
        .filter(|p| p["name"].as_str().is_none_or(|n| n == name))
        .or_else(|| props.iter().find(|p| p["name"].as_str() == Some(name)))
}

/// VRM 0.x `VRM.materialProperties`, by material name: the `_MainTex` texture index, if any.
fn vrm0_material_props(json: Option<&serde_json::Value>) -> HashMap<String, usize> {
    let Some(root) = json else { return HashMap::new() };
    let Some(props) = root["extensions"]["VRM"]["materialProperties"].as_array() else {
        return HashMap::new();
    };
    props
        .iter()
        .filter_map(|p| {
            let name = p["name"].as_str()?;
            let tex = p["textureProperties"]["_MainTex"].as_u64()?;
            Some((name.to_owned(), tex as usize))
        })
        .collect()
}

/// glTF materials → [`SurfaceMaterial`]s, images checked and deduplicated.
#[derive(Default)]
struct MaterialTable {
    /// glTF material index (`None`: the default material) → ours.
    index: HashMap<Option<usize>, u32>,
    list: Vec<SurfaceMaterial>,
    /// glTF image index → ours (`None`: unusable, dropped).
    image_index: HashMap<usize, Option<usize>>,
    images: Vec<TextureImage>,
}

impl MaterialTable {
    fn of(
        &mut self,
        doc: &gltf::Document,
        m: gltf::Material<'_>,
        blob: Option<&[u8]>,
        (vrm0, json, queues): (&HashMap<String, usize>, Option<&Value>, &mtoon::V0Queues),
        info: &mut ImportInfo,
    ) -> u32 {
        if let Some(&i) = self.index.get(&m.index()) {
            return i;
        }
        let name = m.name().map(str::to_owned).unwrap_or_else(|| match m.index() {
            Some(i) => format!("material{i}"),
            None => "default".into(),
        });
        let pbr = m.pbr_metallic_roughness();
        let mut base_color = pbr.base_color_factor();
        if base_color.iter().any(|c| !c.is_finite()) {
            info.looks_dropped.push(format!("material {name:?}: non-finite base colour; white used"));
            base_color = [1.0; 4];
        }
        // the texture: the base colour's, else (VRM 0.x MToon) `_MainTex`
        let texture = match pbr.base_color_texture() {
            Some(t) if t.tex_coord() != 0 => {
                info.looks_dropped.push(format!(
                    "material {name:?}: base colour texture on TEXCOORD_{} (only 0 is read)",
                    t.tex_coord()
                ));
                None
            }
            Some(t) => Some(t.texture()),
            None => vrm0.get(&name).and_then(|&i| doc.textures().nth(i)),
        };
        let base_color_texture = texture.and_then(|t| self.image(t.source(), blob, &name, info));
        let (alpha_mode, alpha_cutoff) = match m.alpha_mode() {
            gltf::material::AlphaMode::Opaque => (AlphaMode::Opaque, 0.5),
            gltf::material::AlphaMode::Mask => (AlphaMode::Mask, m.alpha_cutoff().unwrap_or(0.5)),
            gltf::material::AlphaMode::Blend => (AlphaMode::Blend, 0.5),
        };
        let alpha_cutoff = if alpha_cutoff.is_finite() { alpha_cutoff } else { 0.5 };
        let mut material = SurfaceMaterial {
            name,
            base_color,
            base_color_texture,
            alpha_mode,
            alpha_cutoff,
            double_sided: m.double_sided(),
            base_color_transform: None,
            mtoon: None,
        };
        // MToon: VRM 1.0's extension as written, VRM 0.x's properties converted (they replace the glTF
        // material's own colour, texture, alpha and sidedness, as in three-vrm and UniVRM)
        if let Some(index) = m.index() {
            let mut images = |t: usize| {
                let texture = doc.textures().nth(t)?;
                self.image(texture.source(), blob, &material.name, info)
            };
            let def = json.and_then(|j| j.pointer(&format!("/materials/{index}")));
            if let Some(mt) = def.and_then(|d| mtoon::vrm1(d, &mut images)) {
                material.mtoon = Some(Box::new(mt));
                material.base_color_transform = def.and_then(mtoon::base_color_transform);
            } else if let Some((mt, surface)) =
                vrm0_entry(json, index, &material.name).and_then(|p| mtoon::vrm0(p, def, queues, &mut images))
            {
                material.mtoon = Some(Box::new(mt));
                material.base_color = surface.base_color;
                material.base_color_texture = surface.base_color_texture;
                material.base_color_transform = surface.base_color_transform;
                material.alpha_mode = surface.alpha_mode;
                material.alpha_cutoff = surface.alpha_cutoff;
                if let Some(d) = surface.double_sided {
                    material.double_sided = d;
                }
            }
        }
        let i = self.list.len() as u32;
        self.list.push(material);
        self.index.insert(m.index(), i);
        i
    }

    /// Our image for a glTF image: embedded PNG/JPEG bytes that decode; anything else is dropped (the
    /// material keeps its colour factor) and reported.
    fn image(
        &mut self,
        image: gltf::Image<'_>,
        blob: Option<&[u8]>,
        material: &str,
        info: &mut ImportInfo,
    ) -> Option<usize> {
        if let Some(&i) = self.image_index.get(&image.index()) {
            return i;
        }
        let bytes: Result<Vec<u8>, String> = match image.source() {
            gltf::image::Source::View { view, .. } => {
                let (start, len) = (view.offset(), view.length());
                match (view.buffer().source(), blob) {
                    (gltf::buffer::Source::Bin, Some(b))
                        if start.checked_add(len).is_some_and(|e| e <= b.len()) =>
                    {
                        Ok(b[start..start + len].to_vec())
                    }
                    _ => Err("its buffer view lies outside the binary chunk".into()),
                }
            }
            gltf::image::Source::Uri { uri, .. } => {
                Err(format!("it is an external or data URI ({} characters), not embedded", uri.len()))
            }
        };
        let ours = match bytes.and_then(TextureImage::from_encoded) {
            Ok(img) => {
                self.images.push(img);
                Some(self.images.len() - 1)
            }
            Err(e) => {
                info.looks_dropped.push(format!(
                    "image {} (material {material:?}): {e}; the material keeps its colour factor",
                    image.index()
                ));
                None
            }
        };
        self.image_index.insert(image.index(), ours);
        ours
    }

    /// The looks of the whole render mesh. Vertices of primitives without UVs get (0, 0); materials of such
    /// primitives lose their texture (reported).
    fn finish(
        mut self,
        uvs: Vec<Option<[f32; 2]>>,
        triangle_material: Vec<u32>,
        info: &mut ImportInfo,
    ) -> Looks {
        let any_uv = uvs.iter().any(Option::is_some);
        if !any_uv {
            for m in &mut self.list {
                let mtoon_textures = m.mtoon.as_ref().is_some_and(|mt| mt.textures().next().is_some());
                if m.base_color_texture.take().is_some() || mtoon_textures {
                    info.looks_dropped.push(format!("material {:?}: a texture but no TEXCOORD_0", m.name));
                }
                if let Some(mt) = &mut m.mtoon {
                    mt.drop_textures();
                }
            }
        }
        let uv = if any_uv { uvs.iter().map(|t| t.unwrap_or([0.0, 0.0])).collect() } else { Vec::new() };
        info.materials = self.list.len();
        info.textures = self.images.len();
        // only a texture-less single default material: no looks at all
        let plain = self.list.len() == 1
            && self.list[0] == SurfaceMaterial { name: "default".into(), ..Default::default() };
        if plain && uv.is_empty() {
            return Looks::default();
        }
        Looks { uv, triangle_material, materials: self.list, images: self.images }
    }
}
