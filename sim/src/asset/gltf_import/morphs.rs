//! Morph targets → blendshapes: position displacements named by the mesh's `extras.targetNames`
//! (`<mesh>.target<i>` otherwise), one blendshape per name over every primitive, a name equal to a MediaPipe
//! blendshape name up to case renamed to MediaPipe's spelling.

use super::{ImportError, ImportInfo};
use crate::rig::{BlendTarget, BlendshapeRig};
use std::collections::{BTreeMap, HashMap};

/// The morph targets read so far, by name.
#[derive(Default)]
pub(super) struct MorphTargets {
    /// Name → (vertex, position delta) over every primitive, zero deltas left out.
    pub targets: BTreeMap<String, Vec<(usize, [f64; 3])>>,
    /// The names in the order first met.
    order: Vec<String>,
    /// (mesh index, morph target index) → the target's name in the file, for the VRM expression binds
    source: HashMap<(usize, usize), String>,
}

/// The blendshapes and the name each file name became.
pub(super) struct Blendshapes {
    /// `None` when the file has no morph targets.
    pub rig: Option<BlendshapeRig>,
    /// Name in the file → blendshape name.
    renamed: HashMap<String, String>,
}

/// A mesh's name and the names of its morph targets.
pub(super) struct MeshNames {
    pub mesh: usize,
    /// The mesh's name (`mesh<i>` when it has none).
    pub name: String,
    /// `extras.targetNames` (empty when absent).
    targets: Vec<String>,
}

impl MeshNames {
    pub fn of(mesh: &gltf::Mesh<'_>) -> MeshNames {
        let name = mesh.name().map(str::to_owned).unwrap_or_else(|| format!("mesh{}", mesh.index()));
        let targets: Vec<String> = mesh
            .extras()
            .as_ref()
            .and_then(|raw| serde_json::from_str::<serde_json::Value>(raw.get()).ok())
            .and_then(|v| v.get("targetNames").cloned())
            .and_then(|v| serde_json::from_value::<Vec<String>>(v).ok())
            .unwrap_or_default();
        MeshNames { mesh: mesh.index(), name, targets }
    }

    /// The name of morph target `t`.
    fn target(&self, t: usize) -> String {
        self.targets.get(t).cloned().unwrap_or_else(|| format!("{}.target{t}", self.name))
    }
}

impl MorphTargets {
    /// The morph targets of a primitive of mesh `mesh` whose `count` vertices start at render vertex `base`.
    pub fn read<'a, 's, F>(
        &mut self,
        reader: &gltf::mesh::Reader<'a, 's, F>,
        mesh: &MeshNames,
        count: usize,
        base: usize,
        what: &str,
    ) -> Result<(), ImportError>
    where
        F: Clone + Fn(gltf::Buffer<'a>) -> Option<&'s [u8]>,
    {
        for (t, (deltas, _, _)) in reader.read_morph_targets().enumerate() {
            let name = mesh.target(t);
            self.source.insert((mesh.mesh, t), name.clone());
            let Some(deltas) = deltas else { continue };
            let deltas: Vec<[f32; 3]> = deltas.collect();
            if deltas.len() != count {
                return Err(ImportError::Invalid(format!("{what}: morph target {t} length")));
            }
            if deltas.iter().flatten().any(|d| !d.is_finite()) {
                return Err(ImportError::Invalid(format!("{what}: morph target {t} is not finite")));
            }
            if !self.targets.contains_key(&name) {
                self.order.push(name.clone());
            }
            let entry = self.targets.entry(name).or_default();
            for (v, d) in deltas.iter().enumerate() {
                if *d != [0.0; 3] {
                    entry.push((base + v, d.map(f64::from)));
                }
            }
        }
        Ok(())
    }

    /// The blendshape rig over `vertices` render vertices, MediaPipe's names taken up to case (two file names
    /// folding onto one MediaPipe name: the first gets it, the other keeps its own).
    pub fn blendshapes(&self, vertices: usize, info: &mut ImportInfo) -> Result<Blendshapes, ImportError> {
        let mut renamed: HashMap<String, String> = HashMap::new();
        if self.order.is_empty() {
            return Ok(Blendshapes { rig: None, renamed });
        }
        let mediapipe: HashMap<String, &str> =
            avatar_humanoid::mediapipe::BLENDSHAPES.iter().map(|n| (n.to_lowercase(), *n)).collect();
        let mut list = Vec::new();
        let mut taken: HashMap<String, usize> = HashMap::new();
        for name in &self.order {
            let entries = &self.targets[name];
            let new = mediapipe.get(&name.to_lowercase()).map(|s| s.to_string()).unwrap_or(name.clone());
            // Two source names folding onto one MediaPipe name: keep the first, the other keeps its own.
            let new = if taken.contains_key(&new) { name.clone() } else { new };
            taken.insert(new.clone(), list.len());
            renamed.insert(name.clone(), new.clone());
            if mediapipe.values().any(|m| *m == new) {
                info.mediapipe_blendshapes.push(new.clone());
            }
            info.blendshapes.push(new.clone());
            let (indices, deltas) = entries.iter().copied().unzip();
            list.push(BlendTarget { name: new, indices, deltas });
        }
        let shapes = BlendshapeRig::new(Some(vertices), list)
            .map_err(|e| ImportError::Invalid(format!("morph targets: {e}")))?;
        Ok(Blendshapes { rig: Some(shapes), renamed })
    }
}

impl Blendshapes {
    /// The blendshape of morph target `index` of mesh `mesh` (`None`: not a morph target of a skinned mesh).
    pub fn of_morph(&self, morphs: &MorphTargets, mesh: usize, index: usize) -> Option<String> {
        morphs.source.get(&(mesh, index)).and_then(|n| self.renamed.get(n)).cloned()
    }
}
